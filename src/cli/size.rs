//! `bloomlab size`: bits, bytes and k for n keys at a target rate.

use std::fmt::Write;

use serde_json::json;

use super::CliError;
use super::args::SizeArgs;
use crate::limits::CLI_N;
use crate::numbers::{megabyte_figure, parse_count, parse_target_rate};
use std::sync::atomic::AtomicBool;

use crate::rates::{Budget, RateError, SigDecimal, Sizing};

/// Reads `--n`: a whole number of keys from 1 to 10^12, in any form
/// [`parse_count`] accepts.
pub(crate) fn parse_key_count(text: &str) -> Result<u64, String> {
    match parse_count(text) {
        Ok(n) if n >= 1 && CLI_N.contains(n) => Ok(n),
        _ => Err("a whole number between 1 and 10^12 (like 50M, 1e6 or 50000000)".to_string()),
    }
}

/// Runs the command.
pub(crate) fn run(args: &SizeArgs) -> Result<String, CliError> {
    let n = parse_key_count(&args.n)
        .map_err(|allowed| CliError::Usage(format!("--n must be {allowed}, got '{}'", args.n)))?;
    let p = parse_target_rate(&args.p)
        .map_err(|allowed| CliError::Usage(format!("--p must be {allowed}, got '{}'", args.p)))?;
    let sizing = Sizing::for_target(n, p).map_err(|e| match e {
        RateError::InvalidParams {
            name: "p", range, ..
        } => CliError::Usage(format!("--p must be {range}, got '{}'", args.p)),
        RateError::InvalidParams {
            name: "n", range, ..
        } => CliError::Usage(format!("--n must be {range}, got '{}'", args.n)),
        RateError::Cancelled => CliError::Runtime(e.to_string()),
        other => CliError::Usage(other.to_string()),
    })?;
    let exact = sizing
        .exact_rate(Budget::default(), &AtomicBool::new(false))
        .ok()
        .and_then(|r| SigDecimal::from_ratio(&r, 10).ok());
    Ok(if args.json {
        to_json(&sizing, exact.as_ref())
    } else {
        to_text(&sizing, exact.as_ref())
    })
}

fn to_json(s: &Sizing, exact: Option<&SigDecimal>) -> String {
    json!({
        "n": s.n,
        "p": s.target,
        "bits_per_key": s.bits_per_key,
        "m": s.m,
        "bytes": s.bytes,
        "mb": s.mb,
        "mib": s.mib,
        "k": s.k,
        "k_real": s.k_real,
        "idealised": s.idealised,
        "exact": exact.map(SigDecimal::scientific),
    })
    .to_string()
}

fn to_text(s: &Sizing, exact: Option<&SigDecimal>) -> String {
    let mut out = String::new();
    // Writing into a String cannot fail.
    let target = if s.target >= 1e-4 {
        s.target.to_string()
    } else {
        format!("{:e}", s.target)
    };
    let _ = writeln!(out, "n = {} keys at a target rate of {target}", s.n);
    let _ = writeln!(
        out,
        "bits per key  {:.3}  (-ln p / (ln 2)^2)",
        s.bits_per_key
    );
    let _ = writeln!(out, "m             {} bits", s.m);
    let _ = writeln!(
        out,
        "memory        {} bytes = {} MB = {} MiB",
        s.bytes,
        megabyte_figure(s.mb),
        megabyte_figure(s.mib)
    );
    let _ = writeln!(
        out,
        "k             {}  ((m/n) ln 2 = {:.2}, rounded)",
        s.k, s.k_real
    );
    let _ = writeln!(out, "idealised     {:.4e} at this m, n and k", s.idealised);
    match exact {
        Some(e) => {
            let _ = writeln!(out, "exact         {} at this m, n and k", e.scientific());
        }
        None => {
            let _ = writeln!(
                out,
                "exact         not computed: its denominator is over the digit budget"
            );
        }
    }
    out
}
