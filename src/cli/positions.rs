//! `bloomlab positions`: where the lesson's hash puts each key.

use std::fmt::Write;

use super::CliError;
use super::args::PositionsArgs;
use super::keys::{key_bytes, key_label};
use crate::filter::Scheme;

/// One line per key: the key, a colon, and its k positions in probe order.
pub(crate) fn run(args: &PositionsArgs) -> Result<String, CliError> {
    // Checked before any output, so nothing is half-written.
    if args.keys.iter().any(|k| k.is_empty()) {
        return Err(CliError::Usage(
            "KEY must be a non-empty key (as in lookup), got ''".into(),
        ));
    }
    let mut out = String::new();
    for key in &args.keys {
        let bytes = key_bytes(key);
        out.push_str(&key_label(&bytes));
        out.push(':');
        for pos in Scheme::Double.probes(&bytes, args.m, args.k) {
            // Writing into a String cannot fail.
            let _ = write!(out, " {pos}");
        }
        out.push('\n');
    }
    Ok(out)
}
