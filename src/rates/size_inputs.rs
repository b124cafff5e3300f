//! The sizing inputs as people type them: a number of keys, a target rate,
//! a number of bits or a memory size, and a number of hash positions, read
//! into a [`SizeQuery`] for [`super::solve::solve_size`]. `bloomlab size`
//! (one flag per input) and the Sizing screen (one field per input) both
//! read their text here, so they accept the same forms and quote the same
//! ranges when they refuse one.

use num_rational::BigRational;

use super::certified::RateKind;
use super::params::{MAX_K, MAX_M, MAX_N};
use super::solve::SizeQuery;
use crate::numbers::{
    TARGET_ALLOWED, parse_bytes, parse_count, parse_target_rate, parse_target_rate_exact,
};

/// The input a piece of text was meant for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InputField {
    /// Keys to hold.
    Keys,
    /// The target false-positive rate.
    Target,
    /// The filter's size in bits.
    Bits,
    /// The filter's size as memory (bytes with a unit).
    Memory,
    /// Hash positions per key.
    Hashes,
}

impl InputField {
    /// The letter the input is known by in messages: memory, like bits,
    /// is `m`.
    pub fn letter(self) -> &'static str {
        match self {
            InputField::Keys => "n",
            InputField::Target => "p",
            InputField::Bits | InputField::Memory => "m",
            InputField::Hashes => "k",
        }
    }

    /// What the input may be, in full (the command line's error lines).
    pub fn allowed(self) -> &'static str {
        match self {
            InputField::Keys => "a whole number between 1 and 10^15 (like 50M, 1e6 or 50000000)",
            InputField::Target => TARGET_ALLOWED,
            InputField::Bits => {
                "a whole number of bits between 1 and 10^18 (like 479252919 or 480M)"
            }
            InputField::Memory => {
                "a memory size of 1 byte to 1.25e17 bytes, with a unit (like 64MiB, 1.5GB or 512KB)"
            }
            InputField::Hashes => "a whole number between 1 and 1000",
        }
    }

    /// The same range in a few words, for a narrow screen.
    pub fn allowed_briefly(self) -> &'static str {
        match self {
            InputField::Keys => "1 to 10^15 keys, like 50M",
            InputField::Target => "a rate in (0, 1), like 1% or 1/1000",
            InputField::Bits => "1 to 10^18 bits, like 480M",
            InputField::Memory => "1 B to 1.25e17 B, like 64MiB",
            InputField::Hashes => "1 to 1000",
        }
    }
}

/// Text that does not read as the input it was typed for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} must be {}, got '{}'",
    field.letter(),
    field.allowed(),
    crate::text::escaped(got)
)]
pub struct InputError {
    /// The input.
    pub field: InputField,
    /// The text as given.
    pub got: String,
}

fn refuse(field: InputField, text: &str) -> InputError {
    InputError {
        field,
        got: text.to_string(),
    }
}

/// A target rate, as a double (for the textbook's formulas and for
/// printing) and exactly (for every comparison).
#[derive(Debug, Clone, PartialEq)]
pub struct Target {
    /// The nearest double.
    pub value: f64,
    /// The exact fraction the text names (`0.01` is exactly 1/100).
    pub exact: BigRational,
}

/// Reads a number of keys: 1 to 10^15, in any form [`parse_count`] reads.
pub fn read_keys(text: &str) -> Result<u64, InputError> {
    match parse_count(text) {
        Ok(n) if (1..=MAX_N).contains(&n) => Ok(n),
        _ => Err(refuse(InputField::Keys, text)),
    }
}

/// Reads a target rate strictly between 0 and 1 (`1%`, `0.01`, `1/100`,
/// `1 in 1000`).
pub fn read_target(text: &str) -> Result<Target, InputError> {
    let value = parse_target_rate(text).map_err(|_| refuse(InputField::Target, text))?;
    let exact = parse_target_rate_exact(text).map_err(|_| refuse(InputField::Target, text))?;
    Ok(Target { value, exact })
}

/// Reads a number of bits: 1 to 10^18 (`479252919`, `4.8e8`, `480M`).
pub fn read_bits(text: &str) -> Result<u64, InputError> {
    match parse_count(text) {
        Ok(m) if (1..=MAX_M).contains(&m) => Ok(m),
        _ => Err(refuse(InputField::Bits, text)),
    }
}

/// Reads a memory size (`64MiB`, `1.5GB`, `512KB`) as the bits it holds.
pub fn read_memory(text: &str) -> Result<u64, InputError> {
    match parse_bytes(text).ok().and_then(|b| b.checked_mul(8)) {
        Some(m) if (1..=MAX_M).contains(&m) => Ok(m),
        _ => Err(refuse(InputField::Memory, text)),
    }
}

/// Whether text for the filter's size names memory: it ends in a byte
/// unit (B, KB, MB, GB, TB, KiB, MiB, GiB, TiB, in any case). Anything
/// else is a number of bits, so `480M` is 480 million bits.
pub fn names_memory(text: &str) -> bool {
    text.trim().ends_with(['b', 'B'])
}

/// Reads the filter's size from one field that takes either bits or
/// memory (see [`names_memory`]), as bits.
pub fn read_bits_or_memory(text: &str) -> Result<u64, InputError> {
    if names_memory(text) {
        read_memory(text)
    } else {
        read_bits(text)
    }
}

/// Reads a number of hash positions: 1 to 1000.
pub fn read_hashes(text: &str) -> Result<u32, InputError> {
    match parse_count(text).ok().and_then(|k| u32::try_from(k).ok()) {
        Some(k) if (1..=MAX_K).contains(&k) => Ok(k),
        _ => Err(refuse(InputField::Hashes, text)),
    }
}

/// The inputs read: any of n, p, m and k (the solver says which
/// combinations it takes), and which rate must meet the target.
#[derive(Debug, Clone, PartialEq)]
pub struct SizeInputs {
    /// Keys.
    pub n: Option<u64>,
    /// The target rate.
    pub target: Option<Target>,
    /// Bits.
    pub m: Option<u64>,
    /// Hash positions; `None` asks for the best.
    pub k: Option<u32>,
    /// The rate sized by.
    pub by: RateKind,
}

impl SizeInputs {
    /// The question for the solver.
    pub fn query(&self) -> SizeQuery {
        SizeQuery {
            n: self.n,
            p: self.target.as_ref().map(|t| t.exact.clone()),
            m: self.m,
            k: self.k,
            by: self.by,
        }
    }

    /// True when the textbook's sizing applies: keys and a target in, the
    /// bits to be found.
    pub fn has_textbook(&self) -> bool {
        self.n.is_some() && self.target.is_some() && self.m.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_input_in_its_forms() {
        assert_eq!(read_keys("50M"), Ok(50_000_000));
        assert_eq!(read_keys("1e15"), Ok(MAX_N));
        assert_eq!(read_target("1 in 1000").map(|t| t.value), Ok(0.001));
        assert_eq!(read_bits("480M"), Ok(480_000_000));
        assert_eq!(read_memory("64MiB"), Ok(64 << 23));
        assert_eq!(read_bits_or_memory("64MiB"), Ok(64 << 23));
        assert_eq!(read_bits_or_memory("1.5 GB"), Ok(12_000_000_000));
        assert_eq!(read_bits_or_memory("2B"), Ok(16));
        assert_eq!(read_bits_or_memory("2K"), Ok(2000));
        assert_eq!(read_hashes("7"), Ok(7));
    }

    #[test]
    fn refusals_name_the_input_and_its_range() {
        let cases = [
            (read_keys("0").err(), InputField::Keys),
            (read_keys("1e16").err(), InputField::Keys),
            (read_target("1").err(), InputField::Target),
            (read_target("lots").err(), InputField::Target),
            (read_bits("0").err(), InputField::Bits),
            (read_bits_or_memory("64 MiBB").err(), InputField::Memory),
            (read_bits_or_memory("1e30GB").err(), InputField::Memory),
            (read_bits_or_memory("1e19").err(), InputField::Bits),
            (read_hashes("1001").err(), InputField::Hashes),
            (read_hashes("").err(), InputField::Hashes),
        ];
        for (error, field) in cases {
            assert_eq!(error.as_ref().map(|e| e.field), Some(field), "{error:?}");
        }
        let e = read_keys("\u{1b}[2J").unwrap_err();
        assert_eq!(
            e.to_string(),
            "n must be a whole number between 1 and 10^15 (like 50M, 1e6 or 50000000), \
             got '\\u{1b}[2J'"
        );
    }

    #[test]
    fn the_query_carries_the_exact_target() {
        let inputs = SizeInputs {
            n: Some(50_000_000),
            target: read_target("1%").ok(),
            m: None,
            k: None,
            by: RateKind::Classic,
        };
        let q = inputs.query();
        assert_eq!(
            q.p,
            Some(BigRational::new(1.into(), 100.into())),
            "1% is exactly 1/100"
        );
        assert!(inputs.has_textbook());
        assert!(
            !SizeInputs {
                m: Some(8),
                ..inputs
            }
            .has_textbook()
        );
    }
}
