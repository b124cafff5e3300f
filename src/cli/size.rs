//! `bloomlab size`: any three of n, p, m (or a memory size) and k in, the
//! fourth out, judged by the exact rate with certified comparisons
//! ([`crate::rates::solve`]). With n and p in, the textbook's figures
//! (idealised rate, real k) are printed beside the answer, labelled as the
//! textbook's.

mod json;
#[cfg(test)]
mod tests;
mod text;

use std::sync::atomic::AtomicBool;

use super::CliError;
use super::args::{SizeArgs, SizeBy};
use crate::rates::certified::RateKind;
use crate::rates::size_inputs::{
    InputError, InputField, SizeInputs, read_bits, read_keys, read_memory, read_target,
};
use crate::rates::size_report::{SIZE_DIGITS, SizeReport, size_report};
use crate::rates::{Budget, RateError};

fn usage(flag: &str, allowed: &str, got: &str) -> CliError {
    CliError::Usage(format!("{flag} must be {allowed}, got '{got}'"))
}

/// A refused input as the command words it: the flag, what it may be,
/// and what it got.
fn input_error(e: InputError) -> CliError {
    let flag = match e.field {
        InputField::Keys => "--n",
        InputField::Target => "--p",
        InputField::Bits => "--m",
        InputField::Memory => "--memory",
        InputField::Hashes => "--k",
    };
    usage(flag, e.field.allowed(), &e.got)
}

/// `--m` as bits, or `--memory` as the bits it holds.
fn read_size(args: &SizeArgs) -> Result<Option<u64>, InputError> {
    match (&args.m, &args.memory) {
        (Some(text), _) => read_bits(text).map(Some),
        (None, Some(text)) => read_memory(text).map(Some),
        (None, None) => Ok(None),
    }
}

/// The flags read as sizing inputs.
fn read_inputs(args: &SizeArgs) -> Result<SizeInputs, InputError> {
    Ok(SizeInputs {
        n: args.n.as_deref().map(read_keys).transpose()?,
        target: args.p.as_deref().map(read_target).transpose()?,
        m: read_size(args)?,
        k: args.k,
        by: match args.by {
            SizeBy::Classic => RateKind::Classic,
            SizeBy::True => RateKind::True,
        },
    })
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
    let inputs = read_inputs(args).map_err(input_error)?;
    check_count(
        inputs.n.is_some(),
        inputs.target.is_some(),
        inputs.m.is_some(),
        inputs.k.is_some(),
    )?;
    let never = AtomicBool::new(false);
    let report: SizeReport = size_report(&inputs, SIZE_DIGITS, Budget::default(), &never)
        .map_err(|e| size_error(e, args))?;
    Ok(if args.json {
        json::render(&report)
    } else {
        text::render(&report)
    })
}
