//! Number formatting shared by the screens.

/// `1729` as `1,729` (the rates module's grouping, so every screen and
/// command groups digits the same way).
pub fn grouped(v: u64) -> String {
    crate::rates::error::group_thousands(v)
}

/// An f64 with `sig` significant digits: plain between 1e-5 and 1e7,
/// scientific (`8.19e-9`) outside, so small rates stay readable.
pub fn sig(x: f64, sig: usize) -> String {
    if !x.is_finite() {
        return format!("{x}");
    }
    if x == 0.0 {
        return "0".into();
    }
    let sig = sig.max(1);
    // The magnitude after rounding to `sig` digits: 9.996 to three digits is
    // 10.0, whose magnitude is one more than 9.996's.
    let scientific = format!("{:.*e}", sig - 1, x);
    let magnitude = match scientific.rsplit_once('e').map(|(_, e)| e.parse::<i32>()) {
        Some(Ok(e)) => f64::from(e),
        _ => x.abs().log10().floor(),
    };
    if (-5.0..7.0).contains(&magnitude) {
        // Digits after the point so that `sig` digits are significant.
        let decimals = (sig as f64 - 1.0 - magnitude).max(0.0) as usize;
        format!("{x:.decimals$}")
    } else {
        scientific
    }
}

/// Ways to say that an exact figure is over the digit budget, longest
/// first, so a view can pick the longest that fits its width.
pub fn too_large_wordings(digits: u64, limit: u64) -> [String; 4] {
    [
        format!(
            "too large to compute exactly ({} digits; limit {})",
            grouped(digits),
            grouped(limit)
        ),
        format!(
            "too large ({} digits; limit {})",
            grouped(digits),
            grouped(limit)
        ),
        format!("too large ({} digits)", short_count(digits)),
        "too large".to_string(),
    ]
}

/// A large count in three significant digits with a k/M/G/T suffix
/// (`29.4M`), the suffixes a typed value accepts; small ones in full.
pub fn short_count(v: u64) -> String {
    const SUFFIXES: [(f64, &str); 4] = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")];
    if v < 10_000 {
        return grouped(v);
    }
    let x = v as f64;
    if x >= 1e15 {
        return sig(x, 3);
    }
    for (i, &(scale, suffix)) in SUFFIXES.iter().enumerate() {
        if x >= scale {
            let shown = sig(x / scale, 3);
            // 999,999 is 1.00e3 thousand: say 1.00M instead.
            if shown.starts_with("1000") && i > 0 {
                return format!("{}{}", sig(x / SUFFIXES[i - 1].0, 3), SUFFIXES[i - 1].1);
            }
            return format!("{shown}{suffix}");
        }
    }
    grouped(v)
}

/// A signed f64 with `sig` significant digits in scientific form (`+1.25e-4`).
pub fn signed_sci(x: f64, sig: usize) -> String {
    let sign = if x < 0.0 { '-' } else { '+' };
    format!("{sign}{:.*e}", sig.max(1) - 1, x.abs())
}

/// A byte count in decimal megabytes and binary mebibytes, like `59.9 MB (57.1 MiB)`.
pub fn megabytes(bytes: u64) -> (String, String) {
    let b = bytes as f64;
    (
        format!("{} MB", sig_short(b / 1e6)),
        format!("{} MiB", sig_short(b / 1_048_576.0)),
    )
}

/// A size in the largest sensible unit: `4.7 GB`, `640 kB`, `512 B`.
pub fn human_bytes(bytes: f64) -> String {
    const UNITS: [&str; 6] = ["B", "kB", "MB", "GB", "TB", "PB"];
    let mut v = bytes;
    let mut unit = 0;
    while v >= 1000.0 && unit + 1 < UNITS.len() {
        v /= 1000.0;
        unit += 1;
    }
    format!("{} {}", sig_short(v), UNITS[unit])
}

/// One decimal below 100, none above: `59.9`, `479`.
fn sig_short(v: f64) -> String {
    if v < 100.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.0}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1729), "1,729");
        assert_eq!(grouped(479_252_919), "479,252,919");
    }

    #[test]
    fn significant_digits() {
        assert_eq!(sig(0.0081937221, 10), "0.008193722100");
        assert_eq!(sig(6.93147, 3), "6.93");
        assert_eq!(sig(8.19e-9, 3), "8.19e-9");
        assert_eq!(sig(0.035714, 3), "0.0357");
        assert_eq!(sig(0.0, 3), "0");
        assert_eq!(sig(-6.93147, 3), "-6.93");
        assert_eq!(signed_sci(1.2495e-4, 3), "+1.25e-4");
        assert_eq!(signed_sci(-0.5, 2), "-5.0e-1");
    }

    #[test]
    fn rounding_up_a_decade_keeps_the_digit_count() {
        assert_eq!(sig(9.9951, 3), "10.0");
        assert_eq!(sig(0.099999, 2), "0.10");
        assert_eq!(sig(-9.9999, 3), "-10.0");
        assert_eq!(sig(9_999_999.7, 3), "1.00e7");
        assert_eq!(sig(9.9996e-6, 3), "0.0000100");
        // Every plain result has exactly `sig` significant digits.
        for x in [0.9996, 9.996, 99.96, 0.0009996, 0.12345, 123.45] {
            let shown = sig(x, 3);
            let digits: String = shown.chars().filter(char::is_ascii_digit).collect();
            assert_eq!(
                digits.trim_start_matches('0').len(),
                3,
                "{x} shown as {shown}"
            );
        }
    }

    #[test]
    fn short_counts_keep_three_digits() {
        assert_eq!(short_count(1729), "1,729");
        assert_eq!(short_count(29_400_001), "29.4M");
        assert_eq!(short_count(614_400_001), "614M");
        assert_eq!(short_count(21_267_383_679), "21.3G");
        assert_eq!(short_count(999_999), "1.00M");
        assert_eq!(short_count(999_999_999_999), "1.00T");
        assert_eq!(short_count(12_345), "12.3k");
        assert_eq!(short_count(u64::MAX), "1.84e19");
    }

    #[test]
    fn megabytes_both_ways() {
        let (mb, mib) = megabytes(59_906_615);
        assert_eq!(mb, "59.9 MB");
        assert_eq!(mib, "57.1 MiB");
        assert_eq!(human_bytes(3.2e9), "3.2 GB");
    }
}
