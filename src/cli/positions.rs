//! `bloomlab positions`: where a probe scheme (the lesson's hash unless
//! told otherwise) puts each key.
//!
//! The output is written as it is made, never held whole: 50,000 keys at
//! k = 1000 make hundreds of megabytes of numbers, and memory stays flat
//! however many there are.

use std::io::{self, BufWriter, Write};

use super::CliError;
use super::args::PositionsArgs;
use super::keys::{key_bytes, key_label};

/// One line per key: the key, a colon, and its k positions in probe order.
/// Everything is written to stdout here, so the text returned is empty.
pub(crate) fn run(args: &PositionsArgs) -> Result<String, CliError> {
    // Checked before any output, so nothing is half-written.
    if args.keys.iter().any(|k| k.is_empty()) {
        return Err(CliError::Usage(
            "KEY must be a non-empty key (as in lookup), got ''".into(),
        ));
    }
    let scheme = args.scheme.with_seed(args.seed);
    stream_stdout(|out| {
        let mut line = String::new();
        for key in &args.keys {
            let bytes = key_bytes(key);
            line.clear();
            line.push_str(&key_label(&bytes));
            line.push(':');
            for pos in scheme.probes(&bytes, args.m, args.k) {
                line.push(' ');
                line.push_str(itoa_u64(pos, &mut [0; 20]));
            }
            line.push('\n');
            out.write_all(line.as_bytes())?;
        }
        Ok(())
    })
}

/// Runs `write` on a buffered stdout and flushes it. A reader that went
/// away (`| head`) ends the output quietly with success, as the GNU tools
/// do; any other write error is one line, "cannot write output: ...",
/// with exit code 1. The text returned for the caller to print is empty.
pub(super) fn stream_stdout(
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<String, CliError> {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    match write(&mut out).and_then(|()| out.flush()) {
        Ok(()) => Ok(String::new()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(String::new()),
        Err(e) => {
            let text = e.to_string();
            let reason = text.split(" (os error").next().unwrap_or(&text);
            Err(CliError::Runtime(format!("cannot write output: {reason}")))
        }
    }
}

/// `n` in decimal, written into `buf` (20 digits hold any u64).
fn itoa_u64(mut n: u64, buf: &mut [u8; 20]) -> &str {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    std::str::from_utf8(&buf[at..]).unwrap_or("0")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0u64, 7, 10, 4_294_967_295, u64::MAX] {
            assert_eq!(itoa_u64(n, &mut [0; 20]), n.to_string());
        }
    }
}
