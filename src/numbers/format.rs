//! Numbers as text: significant digits, thousands separators, trailing
//! zeros, short counts and byte sizes. Every screen, command and lecture
//! line formats through here, so one number reads the same everywhere.

use std::ops::Range;

/// Magnitudes (powers of ten, after rounding) that screens print as plain
/// decimals; outside them a figure goes to scientific notation, so small
/// rates stay readable in a narrow panel.
pub const SCREEN: Range<i32> = -5..7;

/// Magnitudes the lecture's narration prints as plain decimals: spoken
/// figures keep their zeros longer ("0.0000015") before going scientific.
pub const NARRATION: Range<i32> = -6..15;

/// `1729` as `1,729`.
///
/// ```
/// assert_eq!(bloomlab::numbers::grouped(2_450_001), "2,450,001");
/// ```
pub fn grouped(value: u64) -> String {
    let plain = value.to_string();
    let mut out = String::with_capacity(plain.len() + plain.len() / 3);
    for (i, c) in plain.chars().enumerate() {
        if i > 0 && (plain.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A real number rounded to a whole one, grouped like [`grouped`]
/// (`-1,250`); for the lecture's populations and byte counts.
pub fn grouped_real(x: f64) -> String {
    let whole = format!("{:.0}", x.round());
    match whole.strip_prefix('-') {
        Some(digits) => format!("-{}", group_digits(digits)),
        None => group_digits(&whole),
    }
}

fn group_digits(digits: &str) -> String {
    digits
        .parse::<u64>()
        .map_or_else(|_| digits.to_string(), grouped)
}

/// `x` with `digits` significant digits on a screen: plain within
/// [`SCREEN`], scientific (`8.19e-9`) outside.
///
/// ```
/// use bloomlab::numbers::sig;
/// assert_eq!(sig(0.0081937221, 4), "0.008194");
/// assert_eq!(sig(8.19e-9, 3), "8.19e-9");
/// ```
pub fn sig(x: f64, digits: usize) -> String {
    sig_within(x, digits, SCREEN)
}

/// `x` with `digits` significant digits, plain while its rounded magnitude
/// lies in `plain`, scientific otherwise. Not-a-number and infinities print
/// as `?`: no figure on screen should ever be one.
pub fn sig_within(x: f64, digits: usize, plain: Range<i32>) -> String {
    if !x.is_finite() {
        return "?".into();
    }
    if x == 0.0 {
        return "0".into();
    }
    let digits = digits.max(1);
    // The magnitude after rounding to `digits` digits: 9.996 to three
    // digits is 10.0, one decade above 9.996 itself.
    let scientific = scientific(x, digits);
    let magnitude = match scientific.rsplit_once('e').map(|(_, e)| e.parse::<i32>()) {
        Some(Ok(e)) => e,
        _ => x.abs().log10().floor() as i32,
    };
    if plain.contains(&magnitude) {
        let decimals = usize::try_from(digits as i64 - 1 - i64::from(magnitude)).unwrap_or(0);
        format!("{x:.decimals$}")
    } else {
        scientific
    }
}

/// `x` in scientific notation with `digits` significant digits (`5.1e-78`).
pub fn scientific(x: f64, digits: usize) -> String {
    format!("{x:.prec$e}", prec = digits.max(1) - 1)
}

/// A positive figure known by its natural logarithm, in scientific form
/// with `digits` significant digits, also far beyond the range of a double
/// (`ln` = -2385 gives `4.54...e-1036`, where the double itself is 0).
///
/// ```
/// use bloomlab::numbers::sci_from_ln;
/// assert_eq!(sci_from_ln(0.001_f64.ln(), 3), "1.00e-3");
/// assert_eq!(sci_from_ln(-1000.0 * std::f64::consts::LN_10, 3), "1.00e-1000");
/// ```
pub fn sci_from_ln(ln: f64, digits: usize) -> String {
    if !ln.is_finite() {
        return if ln < 0.0 { "0".into() } else { "?".into() };
    }
    let value = ln.exp();
    if value.is_normal() {
        return scientific(value, digits);
    }
    let log10 = ln / std::f64::consts::LN_10;
    let mut exponent = log10.floor();
    let mut mantissa = 10f64.powf(log10 - exponent);
    let prec = digits.max(1) - 1;
    // 9.9999... rounds up to 10.0: carry into the exponent.
    if format!("{mantissa:.prec$}").starts_with("10") {
        mantissa /= 10.0;
        exponent += 1.0;
    }
    format!("{mantissa:.prec$}e{exponent}")
}

/// A signed scientific figure (`+1.25e-4`), for differences.
pub fn signed_sci(x: f64, digits: usize) -> String {
    let sign = if x < 0.0 { '-' } else { '+' };
    format!("{sign}{}", scientific(x.abs(), digits))
}

/// Drops trailing zeros after a decimal point: `64.0` to `64`, `1.250` to
/// `1.25`; text without a point is left alone.
pub fn trim_zeros(text: &str) -> String {
    if text.contains('.') && !text.contains('e') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text.to_string()
    }
}

/// A large count in three significant digits with a k/M/G/T suffix
/// (`29.4M`), the suffixes a typed value accepts; below 10,000 in full.
///
/// ```
/// assert_eq!(bloomlab::numbers::short_count(29_400_001), "29.4M");
/// ```
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

/// Bytes in a megabyte (decimal).
pub const MB: f64 = 1_000_000.0;
/// Bytes in a mebibyte (binary).
pub const MIB: f64 = 1_048_576.0;

/// A byte count in decimal megabytes and binary mebibytes, one decimal
/// below 100 (`59.9 MB`, `57.1 MiB`); the lesson's "57 MB" is really MiB.
pub fn megabytes(bytes: u64) -> (String, String) {
    let b = bytes as f64;
    (
        format!("{} MB", one_decimal_below_100(b / MB)),
        format!("{} MiB", one_decimal_below_100(b / MIB)),
    )
}

/// A size in the largest decimal unit that keeps it at or above 1:
/// `4.7 GB`, `640 kB`, `512 B`.
pub fn human_bytes(bytes: f64) -> String {
    const UNITS: [&str; 6] = ["B", "kB", "MB", "GB", "TB", "PB"];
    let mut v = bytes;
    let mut unit = 0;
    while v >= 1000.0 && unit + 1 < UNITS.len() {
        v /= 1000.0;
        unit += 1;
    }
    format!("{} {}", one_decimal_below_100(v), UNITS[unit])
}

/// A megabyte figure for a report: one decimal from 1 up, three
/// significant digits below, so a tiny filter does not read "0.0 MB".
pub fn megabyte_figure(x: f64) -> String {
    if x >= 1.0 || x == 0.0 {
        format!("{x:.1}")
    } else {
        let decimals = (2.0 - x.log10().floor()).clamp(1.0, 12.0) as usize;
        format!("{x:.decimals$}")
    }
}

fn one_decimal_below_100(v: f64) -> String {
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
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(479_252_919), "479,252,919");
        assert_eq!(grouped_real(1e9), "1,000,000,000");
        assert_eq!(grouped_real(-1250.4), "-1,250");
        assert_eq!(grouped_real(0.4), "0");
    }

    #[test]
    fn significant_digits_on_screen() {
        assert_eq!(sig(0.0081937221, 10), "0.008193722100");
        assert_eq!(sig(6.93147, 3), "6.93");
        assert_eq!(sig(8.19e-9, 3), "8.19e-9");
        assert_eq!(sig(0.035714, 3), "0.0357");
        assert_eq!(sig(0.0, 3), "0");
        assert_eq!(sig(-6.93147, 3), "-6.93");
        assert_eq!(sig(f64::NAN, 3), "?");
        assert_eq!(signed_sci(1.2495e-4, 3), "+1.25e-4");
        assert_eq!(signed_sci(-0.5, 2), "-5.0e-1");
    }

    #[test]
    fn significant_digits_in_narration() {
        let say = |x, d| sig_within(x, d, NARRATION);
        assert_eq!(say(0.427_593, 2), "0.43");
        assert_eq!(say(0.008_193, 2), "0.0082");
        assert_eq!(say(0.000_067_1, 2), "0.000067");
        assert_eq!(say(51.2, 2), "51");
        assert_eq!(say(0.099_97, 2), "0.10");
        assert_eq!(say(0.5, 2), "0.50");
        assert_eq!(say(5.12e-78, 2), "5.1e-78");
        assert_eq!(say(2.5e20, 3), "2.50e20");
        assert_eq!(say(0.000_001_5, 2), "0.0000015");
        assert!(!say(1e-300, 12).contains("0.000000000"));
    }

    #[test]
    fn rounding_up_a_decade_keeps_the_digit_count() {
        assert_eq!(sig(9.9951, 3), "10.0");
        assert_eq!(sig(0.099999, 2), "0.10");
        assert_eq!(sig(-9.9999, 3), "-10.0");
        assert_eq!(sig(9_999_999.7, 3), "1.00e7");
        assert_eq!(sig(9.9996e-6, 3), "0.0000100");
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
    fn trailing_zeros() {
        assert_eq!(trim_zeros("64.000"), "64");
        assert_eq!(trim_zeros("1.250"), "1.25");
        assert_eq!(trim_zeros("100"), "100");
        assert_eq!(trim_zeros("1.0e10"), "1.0e10");
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
    fn bytes_both_ways() {
        let (mb, mib) = megabytes(59_906_615);
        assert_eq!(mb, "59.9 MB");
        assert_eq!(mib, "57.1 MiB");
        assert_eq!(human_bytes(3.2e9), "3.2 GB");
        assert_eq!(megabyte_figure(59.906615), "59.9");
        assert_eq!(megabyte_figure(0.000001), "0.00000100");
        assert_eq!(megabyte_figure(0.0123), "0.0123");
    }
}
