//! `bloomlab lookup`: insert some keys into a lesson filter, ask about others.

use std::ffi::OsStr;

use super::CliError;
use super::args::LookupArgs;
use super::keys::{key_label, split_key_list};
use crate::filter::{BloomFilter, Scheme};

fn keys_of(flag: &str, list: &OsStr) -> Result<Vec<Vec<u8>>, CliError> {
    split_key_list(list).ok_or_else(|| {
        CliError::Usage(format!(
            "{flag} must be one or more non-empty keys separated by commas, got '{}'",
            list.to_string_lossy()
        ))
    })
}

/// One line per queried key: `key: maybe` or `key: no`.
pub(crate) fn run(args: &LookupArgs) -> Result<String, CliError> {
    let inserts = keys_of("--insert", &args.insert)?;
    let queries = keys_of("--query", &args.query)?;
    let mut filter = BloomFilter::new(args.m, args.k, Scheme::Double)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    for key in &inserts {
        filter.insert(key);
    }
    let mut out = String::new();
    for key in &queries {
        out.push_str(&key_label(key));
        out.push_str(": ");
        out.push_str(filter.query(key).answer().word());
        out.push('\n');
    }
    Ok(out)
}
