//! `bloomlab lookup`: insert some keys into a lesson filter, ask about others.
//!
//! Exit codes: 0 with the answers; 2 for bad input; 1 when the filter's
//! bits could not be allocated (one line naming the size).

use std::ffi::OsStr;

use super::CliError;
use super::args::LookupArgs;
use super::keys::{key_label, split_key_list};
use super::positions::stream_stdout;
use crate::filter::{BloomFilter, FilterError};

fn keys_of(flag: &str, list: &OsStr) -> Result<Vec<Vec<u8>>, CliError> {
    split_key_list(list).ok_or_else(|| {
        CliError::Usage(format!(
            "{flag} must be one or more non-empty keys separated by commas, got '{}'",
            list.to_string_lossy()
        ))
    })
}

/// One line per queried key: `key: maybe` or `key: no`, written to stdout
/// as they are answered (the text returned is empty).
pub(crate) fn run(args: &LookupArgs) -> Result<String, CliError> {
    let inserts = keys_of("--insert", &args.insert)?;
    let queries = keys_of("--query", &args.query)?;
    let scheme = args.scheme.with_seed(args.seed);
    let mut filter = BloomFilter::new(args.m, args.k, scheme).map_err(|e| match e {
        FilterError::OutOfMemory { .. } => CliError::Runtime(e.to_string()),
        _ => CliError::Usage(e.to_string()),
    })?;
    for key in &inserts {
        filter.insert_counting_new_bits(key);
    }
    stream_stdout(|out| {
        for key in &queries {
            let answer = if filter.contains(key) { "maybe" } else { "no" };
            writeln!(out, "{}: {answer}", key_label(key))?;
        }
        Ok(())
    })
}
