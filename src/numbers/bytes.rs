//! Memory sizes: reading `64MiB` or `1.5GB` as bytes, and writing a byte
//! count in the unit that reads best. The one place for either: `size`,
//! `measure`'s refusals, the Sizing screen and the lab all write bytes
//! through [`format_bytes_as`].

use num_rational::BigRational;

use super::format::grouped;
use super::parse::{NumberError, exact_decimal};

/// Bytes in a megabyte (decimal).
pub const MB: f64 = 1_000_000.0;
/// Bytes in a mebibyte (binary).
pub const MIB: f64 = 1_048_576.0;

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

/// How [`format_bytes_as`] writes a byte count of a thousand or more
/// (below that every style writes just the bytes: `999 bytes`, `1 byte`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BytesStyle {
    /// The decimal unit that reads best with its binary counterpart beside
    /// it: `59.9 MB (57.1 MiB)`.
    Units,
    /// The binary figure alone, the lesson's unit: `57.1 MiB`.
    Binary,
    /// The exact count, then the units: `59906615 bytes = 59.9 MB (57.1 MiB)`.
    Exact,
    /// The same with the count's thousands grouped:
    /// `59,906,615 bytes = 59.9 MB (57.1 MiB)`.
    ExactGrouped,
}

/// A byte count in the decimal unit that reads best, with its binary
/// counterpart beside it: `59.9 MB (57.1 MiB)`, `1.50 KB (1.46 KiB)`;
/// under a thousand bytes, just the bytes.
pub fn format_bytes(bytes: u64) -> String {
    format_bytes_as(bytes, BytesStyle::Units)
}

/// A byte count written in `style`. The unit is the largest decimal one the
/// count reaches (KB to PB), the binary figure is in its counterpart (KiB to
/// PiB), and each figure has three significant digits.
pub fn format_bytes_as(bytes: u64, style: BytesStyle) -> String {
    const TIERS: [(&str, &str, f64, f64); 5] = [
        ("PB", "PiB", 1e15, 1_125_899_906_842_624.0),
        ("TB", "TiB", 1e12, 1_099_511_627_776.0),
        ("GB", "GiB", 1e9, 1_073_741_824.0),
        ("MB", "MiB", MB, MIB),
        ("KB", "KiB", 1e3, 1024.0),
    ];
    let b = bytes as f64;
    let Some(&(dec, bin, d, i)) = TIERS.iter().find(|t| b >= t.2) else {
        return if bytes == 1 {
            "1 byte".to_string()
        } else {
            format!("{bytes} bytes")
        };
    };
    let binary = format!("{} {bin}", three(b / i));
    let units = format!("{} {dec} ({binary})", three(b / d));
    match style {
        BytesStyle::Units => units,
        BytesStyle::Binary => binary,
        BytesStyle::Exact => format!("{bytes} bytes = {units}"),
        BytesStyle::ExactGrouped => format!("{} bytes = {units}", grouped(bytes)),
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

    #[test]
    fn every_style_of_one_count() {
        let styles = [
            (BytesStyle::Units, "59.9 MB (57.1 MiB)"),
            (BytesStyle::Binary, "57.1 MiB"),
            (BytesStyle::Exact, "59906615 bytes = 59.9 MB (57.1 MiB)"),
            (
                BytesStyle::ExactGrouped,
                "59,906,615 bytes = 59.9 MB (57.1 MiB)",
            ),
        ];
        for (style, text) in styles {
            assert_eq!(format_bytes_as(59_906_615, style), text);
            assert_eq!(format_bytes_as(20, style), "20 bytes");
            assert_eq!(format_bytes_as(1, style), "1 byte");
        }
        // A real filter's largest allocation, as `measure` refuses it.
        assert_eq!(
            format_bytes_as(1 << 29, BytesStyle::Exact),
            "536870912 bytes = 537 MB (512 MiB)"
        );
    }
}
