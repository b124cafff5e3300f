//! `bloomlab size`: any three of n, p, m (or a memory size) and k in, the
//! fourth out, judged by the exact rate with certified comparisons
//! ([`crate::rates::solve`]). With n and p in, the textbook's figures
//! (idealised rate, real k) are printed beside the answer, labelled as the
//! textbook's.

mod json;
mod text;

use std::sync::atomic::AtomicBool;

use num_rational::BigRational;

use super::CliError;
use super::args::{SizeArgs, SizeBy};
use crate::numbers::{parse_bytes, parse_count, parse_target_rate, parse_target_rate_exact};
use crate::rates::certified::compare::compare_to;
use crate::rates::certified::{CertifiedDigits, RateKind, certified_digits};
use crate::rates::params::{MAX_M, MAX_N};
use crate::rates::solve::{SizeAnswer, SizeQuery, solve_size};
use crate::rates::{Budget, Params, RateError, Sizing};

/// Significant digits of every rate `size` prints.
const DIGITS: u32 = 10;

/// Reads `--n`: a whole number of keys from 1 to 10^15, in any form
/// [`parse_count`] accepts.
pub(crate) fn parse_key_count(text: &str) -> Result<u64, String> {
    match parse_count(text) {
        Ok(n) if (1..=MAX_N).contains(&n) => Ok(n),
        _ => Err("a whole number between 1 and 10^15 (like 50M, 1e6 or 50000000)".to_string()),
    }
}

/// The target as the user wrote it, as a double and exactly.
struct Target {
    text: String,
    value: f64,
    exact: BigRational,
}

/// The textbook's sizing and the exact rate at its m and rounded k.
struct Textbook {
    sizing: Sizing,
    exact: CertifiedDigits,
    meets: bool,
}

/// Everything `size` reports.
struct Report {
    target: Option<Target>,
    answer: SizeAnswer,
    textbook: Option<Textbook>,
}

fn usage(flag: &str, allowed: &str, got: &str) -> CliError {
    CliError::Usage(format!("{flag} must be {allowed}, got '{got}'"))
}

fn read_target(text: &str) -> Result<Target, CliError> {
    let value = parse_target_rate(text).map_err(|a| usage("--p", &a, text))?;
    let exact = parse_target_rate_exact(text).map_err(|a| usage("--p", &a, text))?;
    Ok(Target {
        text: text.to_string(),
        value,
        exact,
    })
}

fn read_bits(args: &SizeArgs) -> Result<Option<u64>, CliError> {
    const BITS: &str = "a whole number of bits between 1 and 10^18 (like 479252919 or 480M)";
    const MEMORY: &str =
        "a memory size of 1 byte to 1.25e17 bytes, with a unit (like 64MiB, 1.5GB or 512KB)";
    if let Some(text) = &args.m {
        return match parse_count(text) {
            Ok(m) if (1..=MAX_M).contains(&m) => Ok(Some(m)),
            _ => Err(usage("--m", BITS, text)),
        };
    }
    match &args.memory {
        Some(text) => match parse_bytes(text).ok().and_then(|b| b.checked_mul(8)) {
            Some(m) if (1..=MAX_M).contains(&m) => Ok(Some(m)),
            _ => Err(usage("--memory", MEMORY, text)),
        },
        None => Ok(None),
    }
}

fn check_count(n: bool, p: bool, m: bool, k: bool) -> Result<(), CliError> {
    let given = [n, p, m].iter().filter(|&&g| g).count();
    if given < 2 {
        return Err(CliError::Usage(
            "size needs two of --n, --p and --m (or --memory), and --k if you want to fix it; \
             it works out the rest"
                .into(),
        ));
    }
    if given == 3 && k {
        return Err(CliError::Usage(
            "give at most three of --n, --p, --m (or --memory) and --k: size works out the fourth"
                .into(),
        ));
    }
    Ok(())
}

/// A solver failure as the command words it.
fn size_error(e: RateError, args: &SizeArgs) -> CliError {
    let shown = |o: &Option<String>| o.clone().unwrap_or_default();
    match e {
        RateError::InvalidParams {
            name: "p", range, ..
        } => usage("--p", range, &shown(&args.p)),
        RateError::InvalidParams {
            name: "n", range, ..
        } => usage("--n", range, &shown(&args.n)),
        RateError::InvalidParams {
            name: "m", range, ..
        } => match (&args.m, &args.memory) {
            (Some(text), _) => usage("--m", range, text),
            (None, Some(text)) => usage("--memory", range, text),
            (None, None) => CliError::Usage(format!("m must be {range}")),
        },
        RateError::Cancelled => CliError::Runtime(e.to_string()),
        other => CliError::Usage(other.to_string()),
    }
}

/// Runs the command.
pub(crate) fn run(args: &SizeArgs) -> Result<String, CliError> {
    let n = match &args.n {
        Some(text) => Some(parse_key_count(text).map_err(|a| usage("--n", &a, text))?),
        None => None,
    };
    let target = args.p.as_deref().map(read_target).transpose()?;
    let m = read_bits(args)?;
    check_count(n.is_some(), target.is_some(), m.is_some(), args.k.is_some())?;
    let textbook = match (n, &target, m) {
        (Some(n), Some(t), None) => Some(textbook(n, t, args)?),
        _ => None,
    };
    let by = match args.by {
        SizeBy::Classic => RateKind::Classic,
        SizeBy::True => RateKind::True,
    };
    let query = SizeQuery {
        n,
        p: target.as_ref().map(|t| t.exact.clone()),
        m,
        k: args.k,
        by,
    };
    let never = AtomicBool::new(false);
    let answer =
        solve_size(&query, DIGITS, Budget::default(), &never).map_err(|e| size_error(e, args))?;
    let report = Report {
        target,
        answer,
        textbook,
    };
    Ok(if args.json {
        json::render(&report)
    } else {
        text::render(&report)
    })
}

/// The textbook's figures for n keys at the target, and whether its exact
/// rate (at its m and rounded k) meets the target.
fn textbook(n: u64, t: &Target, args: &SizeArgs) -> Result<Textbook, CliError> {
    let sizing = Sizing::for_target(n, t.value).map_err(|e| match e {
        RateError::InvalidParams {
            name: "p", range, ..
        } => usage("--p", range, &t.text),
        other => size_error(other, args),
    })?;
    let p = Params::new(sizing.m, n, sizing.k).map_err(|e| size_error(e, args))?;
    let exact = certified_digits(p, RateKind::Classic, DIGITS, Budget::default())
        .map_err(|e| size_error(e, args))?;
    let order = compare_to(
        p,
        RateKind::Classic,
        &t.exact,
        Budget::default(),
        &AtomicBool::new(false),
    )
    .map_err(|e| size_error(e, args))?;
    Ok(Textbook {
        sizing,
        exact,
        meets: order.is_le(),
    })
}
