//! Numbers as text: significant digits, thousands separators, trailing
//! zeros and short counts (byte sizes are in [`super::bytes`]). Every
//! screen, command and lecture line formats through here, so one number
//! reads the same everywhere.

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

/// A count with its noun in the right number: `1 key`, `16 keys`.
///
/// ```
/// assert_eq!(bloomlab::numbers::counted(1, "query", "queries"), "1 query");
/// assert_eq!(bloomlab::numbers::counted(200, "query", "queries"), "200 queries");
/// ```
pub fn counted(value: u64, one: &str, many: &str) -> String {
    format!("{value} {}", if value == 1 { one } else { many })
}

/// [`counted`] with the count's digits grouped like [`grouped`], for the
/// screens: `1 key`, `50,000,000 keys`.
///
/// ```
/// assert_eq!(bloomlab::numbers::counted_grouped(1, "key", "keys"), "1 key");
/// assert_eq!(bloomlab::numbers::counted_grouped(10_000, "key", "keys"), "10,000 keys");
/// ```
pub fn counted_grouped(value: u64, one: &str, many: &str) -> String {
    format!("{} {}", grouped(value), if value == 1 { one } else { many })
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
}
