//! Memory sizes: reading `64MiB` or `1.5GB` as bytes, and writing a byte
//! count in the unit that reads best. The one place for this formatting,
//! shared by `bloomlab size` and (later) the Sizing screen.

use num_rational::BigRational;

use super::parse::{NumberError, exact_decimal};

/// The multiplier of a memory unit: B, KB, MB, GB, TB (powers of 1000) and
/// KiB, MiB, GiB, TiB (powers of 1024), in any case; `None` for no unit.
fn byte_unit(text: &str) -> Option<(usize, u64)> {
    const UNITS: [(&str, u64); 9] = [
        ("kib", 1 << 10),
        ("mib", 1 << 20),
        ("gib", 1 << 30),
        ("tib", 1 << 40),
        ("kb", 1_000),
        ("mb", 1_000_000),
        ("gb", 1_000_000_000),
        ("tb", 1_000_000_000_000),
        ("b", 1),
    ];
    let lower = text.to_ascii_lowercase();
    UNITS
        .iter()
        .find(|(unit, _)| lower.ends_with(unit))
        .map(|&(unit, scale)| (text.len() - unit.len(), scale))
}

/// Reads a memory size as a whole number of bytes: `64MiB`, `1.5GB`,
/// `512 KB`, `1000B`, or a bare number of bytes.
pub fn parse_bytes(text: &str) -> Result<u64, NumberError> {
    let text = text.trim();
    let (body, scale) = match byte_unit(text) {
        Some((end, scale)) => (text[..end].trim_end(), scale),
        None => (text, 1),
    };
    let value = exact_decimal(body)? * BigRational::from_integer(scale.into());
    if !value.is_integer() {
        return Err(NumberError::NotWhole);
    }
    u64::try_from(value.to_integer()).map_err(|_| NumberError::TooLarge)
}

/// A byte count in the decimal unit that reads best, with its binary
/// counterpart beside it: `59.9 MB (57.1 MiB)`, `1.50 KB (1.46 KiB)`;
/// under a thousand bytes, just the bytes.
pub fn format_bytes(bytes: u64) -> String {
    const TIERS: [(&str, &str, f64, f64); 5] = [
        ("PB", "PiB", 1e15, 1_125_899_906_842_624.0),
        ("TB", "TiB", 1e12, 1_099_511_627_776.0),
        ("GB", "GiB", 1e9, 1_073_741_824.0),
        ("MB", "MiB", 1e6, 1_048_576.0),
        ("KB", "KiB", 1e3, 1024.0),
    ];
    let b = bytes as f64;
    match TIERS.iter().find(|t| b >= t.2) {
        Some(&(dec, bin, d, i)) => format!("{} {dec} ({} {bin})", three(b / d), three(b / i)),
        None if bytes == 1 => "1 byte".to_string(),
        None => format!("{bytes} bytes"),
    }
}

/// Three significant digits (no more than needed for whole hundreds).
fn three(x: f64) -> String {
    if x >= 99.95 {
        format!("{x:.0}")
    } else if x >= 9.995 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_sizes_in_every_unit() {
        for (text, bytes) in [
            ("64MiB", 64 << 20),
            ("64 MiB", 64 << 20),
            ("1.5GB", 1_500_000_000),
            ("1.5 gb", 1_500_000_000),
            ("512KB", 512_000),
            ("2KiB", 2048),
            ("1GiB", 1 << 30),
            ("1TB", 1_000_000_000_000),
            ("100B", 100),
            ("100", 100),
            ("57.1MB", 57_100_000),
        ] {
            assert_eq!(parse_bytes(text), Ok(bytes), "{text}");
        }
        assert_eq!(parse_bytes("1.5B"), Err(NumberError::NotWhole));
        assert_eq!(parse_bytes("MB"), Err(NumberError::Malformed));
        assert_eq!(parse_bytes("-1MB"), Err(NumberError::Malformed));
        assert_eq!(parse_bytes("1e30GB"), Err(NumberError::TooLarge));
    }

    #[test]
    fn bytes_in_the_unit_that_reads_best() {
        assert_eq!(format_bytes(59_906_615), "59.9 MB (57.1 MiB)");
        assert_eq!(format_bytes(59_955_968), "60.0 MB (57.2 MiB)");
        assert_eq!(format_bytes(1500), "1.50 KB (1.46 KiB)");
        assert_eq!(format_bytes(999), "999 bytes");
        assert_eq!(format_bytes(1), "1 byte");
        assert_eq!(format_bytes(125_000_000_000), "125 GB (116 GiB)");
        assert_eq!(format_bytes(9_000_000_000_000_000), "9.00 PB (7.99 PiB)");
    }
}
