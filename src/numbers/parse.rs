//! Reading counts, probabilities and rates the way people type them:
//! `50M`, `1e6`, `50_000_000`, `1%`, `0.01`, `1/100`, `1 in 1000`. The
//! command line and the app's fields both read numbers here, so they accept
//! the same forms (memory sizes are read in [`super::bytes`]).

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// Why a piece of text is not the number it should be.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    /// Not a number in any accepted form.
    #[error("not a number")]
    Malformed,
    /// A number, but not a whole one (e.g. `1.5` for a count of keys).
    #[error("not a whole number")]
    NotWhole,
    /// A whole number too large for 64 bits.
    #[error("too large")]
    TooLarge,
}

/// A decimal written as `mantissa × 10^exponent`, exactly.
struct Decimal {
    mantissa: u128,
    exponent: i64,
}

/// Parses an unsigned decimal with optional fraction and optional `e`
/// exponent, ignoring `_` and `,` between digits. Returns `None` for
/// anything else (signs, hex, empty text, a lone point).
fn parse_decimal(text: &str) -> Option<Decimal> {
    let (body, exp_text) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], Some(&text[at + 1..])),
        None => (text, None),
    };
    let mut mantissa: u128 = 0;
    let mut exponent: i64 = 0;
    let mut seen_digit = false;
    let mut seen_point = false;
    for c in body.chars() {
        match c {
            '0'..='9' => {
                seen_digit = true;
                let digit = u128::from(c as u8 - b'0');
                match mantissa.checked_mul(10).and_then(|v| v.checked_add(digit)) {
                    Some(v) => {
                        mantissa = v;
                        if seen_point {
                            exponent -= 1;
                        }
                    }
                    // Past 38 digits the rest only matter as magnitude.
                    None if !seen_point => exponent += 1,
                    None => {}
                }
            }
            '.' if !seen_point => seen_point = true,
            '_' | ',' if seen_digit && !seen_point => {}
            _ => return None,
        }
    }
    if !seen_digit || !grouped_well(body) {
        return None;
    }
    if let Some(exp_text) = exp_text {
        let e: i64 = exp_text.parse().ok()?;
        if e.abs() > 1000 {
            return None;
        }
        exponent += e;
    }
    Some(Decimal { mantissa, exponent })
}

/// Whether the thousands commas of a number's whole part, if it has any,
/// sit every three digits (`479,647,737`), so a field's old grouped text
/// with more digits run onto it (`479,647,73764`) is refused rather than
/// read as some other number.
fn grouped_well(body: &str) -> bool {
    let whole = body.split('.').next().unwrap_or_default();
    if !whole.contains(',') {
        return true;
    }
    let digits = |g: &str| g.chars().all(|c| c.is_ascii_digit());
    let mut groups = whole.split(',');
    let first = groups.next().unwrap_or_default();
    (1..=3).contains(&first.len()) && digits(first) && groups.all(|g| g.len() == 3 && digits(g))
}

/// The multiplier of a count suffix: K (thousand), M (million), G or B
/// (billion), T (trillion); case-insensitive.
fn suffix_power(c: char) -> Option<i64> {
    match c.to_ascii_uppercase() {
        'K' => Some(3),
        'M' => Some(6),
        'G' | 'B' => Some(9),
        'T' => Some(12),
        _ => None,
    }
}

/// Reads a whole count: `50000000`, `50_000_000`, `50,000,000`, `5e7`,
/// `50M`, `2.5k`. Suffixes are powers of ten (K, M, G or B, T).
pub fn parse_count(text: &str) -> Result<u64, NumberError> {
    let text = text.trim();
    let (body, extra) = match text.chars().last().and_then(suffix_power) {
        Some(p) => (&text[..text.len() - 1], p),
        None => (text, 0),
    };
    let d = parse_decimal(body.trim_end()).ok_or(NumberError::Malformed)?;
    let exponent = d.exponent + extra;
    if d.mantissa == 0 {
        return Ok(0);
    }
    if exponent >= 0 {
        let scale = 10u128
            .checked_pow(exponent as u32)
            .ok_or(NumberError::TooLarge)?;
        let value = d.mantissa.checked_mul(scale).ok_or(NumberError::TooLarge)?;
        u64::try_from(value).map_err(|_| NumberError::TooLarge)
    } else {
        let scale = 10u128.checked_pow(exponent.unsigned_abs() as u32);
        match scale {
            Some(s) if d.mantissa % s == 0 => {
                u64::try_from(d.mantissa / s).map_err(|_| NumberError::TooLarge)
            }
            _ => Err(NumberError::NotWhole),
        }
    }
}

/// Reads a probability: `0.01`, `1e-2`, `1%`, `0.5 %`, `1/100`,
/// `1 in 1000`. The result is not range-checked; see [`parse_target_rate`].
pub fn parse_probability(text: &str) -> Result<f64, NumberError> {
    let text = text.trim();
    if let Some(percent) = text.strip_suffix('%') {
        return Ok(parse_real(percent.trim_end())? / 100.0);
    }
    if let Some((top, bottom)) = split_ratio(text) {
        let top = parse_real(top.trim())?;
        let bottom = parse_real(bottom.trim())?;
        if bottom == 0.0 {
            return Err(NumberError::Malformed);
        }
        return Ok(top / bottom);
    }
    parse_real(text)
}

/// `a/b` or `a in b` split into its two sides.
fn split_ratio(text: &str) -> Option<(&str, &str)> {
    text.split_once('/').or_else(|| text.split_once(" in "))
}

/// [`parse_probability`] as an exact fraction (`0.01` is exactly 1/100, not
/// the double nearest it), for comparing rates against the target exactly.
pub fn parse_probability_exact(text: &str) -> Result<BigRational, NumberError> {
    let text = text.trim();
    if let Some(percent) = text.strip_suffix('%') {
        return Ok(exact_decimal(percent.trim_end())? / BigRational::from_integer(100.into()));
    }
    if let Some((top, bottom)) = split_ratio(text) {
        let top = exact_decimal(top.trim())?;
        let bottom = exact_decimal(bottom.trim())?;
        if bottom.is_zero() {
            return Err(NumberError::Malformed);
        }
        return Ok(top / bottom);
    }
    exact_decimal(text)
}

/// An unsigned decimal as an exact fraction (digits past the 38th are
/// dropped, as [`parse_count`] does).
pub(crate) fn exact_decimal(text: &str) -> Result<BigRational, NumberError> {
    let d = parse_decimal(text).ok_or(NumberError::Malformed)?;
    let scale = BigInt::from(10u32).pow(d.exponent.unsigned_abs() as u32);
    let mantissa = BigInt::from(d.mantissa);
    Ok(if d.exponent >= 0 {
        BigRational::from_integer(mantissa * scale)
    } else {
        BigRational::new(mantissa, scale)
    })
}

/// [`parse_target_rate`] as an exact fraction, with the same error text.
pub fn parse_target_rate_exact(text: &str) -> Result<BigRational, String> {
    parse_target_rate(text)?;
    match parse_probability_exact(text) {
        Ok(p) if !p.is_zero() && p < BigRational::one() => Ok(p),
        _ => Err(TARGET_ALLOWED.to_string()),
    }
}

/// An unsigned decimal as the nearest f64.
fn parse_real(text: &str) -> Result<f64, NumberError> {
    // Validate the shape ourselves (no signs, no inf or nan), then let the
    // standard library do the correctly rounded conversion.
    parse_decimal(text).ok_or(NumberError::Malformed)?;
    let cleaned: String = text.chars().filter(|c| !matches!(c, '_' | ',')).collect();
    cleaned.parse::<f64>().map_err(|_| NumberError::Malformed)
}

/// Reads a target false-positive rate, which must lie strictly between 0
/// and 1. The error text describes the accepted forms and range.
pub fn parse_target_rate(text: &str) -> Result<f64, String> {
    match parse_probability(text) {
        Ok(p) if p > 0.0 && p < 1.0 => Ok(p),
        _ => Err(TARGET_ALLOWED.to_string()),
    }
}

/// What a target rate may be, as the error lines word it.
pub const TARGET_ALLOWED: &str =
    "a probability strictly between 0 and 1 (like 1%, 0.01, 1/100 or 1 in 1000)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_in_every_accepted_form() {
        for (text, value) in [
            ("50000000", 50_000_000),
            ("50_000_000", 50_000_000),
            ("50,000,000", 50_000_000),
            ("1,000.5k", 1_000_500),
            ("5e7", 50_000_000),
            ("5E7", 50_000_000),
            ("50M", 50_000_000),
            ("50m", 50_000_000),
            ("2.5k", 2500),
            ("1e6", 1_000_000),
            ("1.5e3", 1500),
            (" 7 ", 7),
            ("0", 0),
            ("3T", 3_000_000_000_000),
            ("18446744073709551615", u64::MAX),
        ] {
            assert_eq!(parse_count(text), Ok(value), "{text}");
        }
    }

    #[test]
    fn counts_that_are_not() {
        for text in [
            "",
            "abc",
            "-5",
            "+5",
            "1.2.3",
            "M",
            "e6",
            "0x10",
            "5 M M",
            "1e",
            "nan",
            "479,647,73764",
            "1,0",
            "1234,567",
            ",5",
            "5,",
            "1,,000",
        ] {
            assert_eq!(parse_count(text), Err(NumberError::Malformed), "{text}");
        }
        assert_eq!(parse_count("1.5"), Err(NumberError::NotWhole));
        assert_eq!(parse_count("1e-3"), Err(NumberError::NotWhole));
        assert_eq!(
            parse_count("18446744073709551616"),
            Err(NumberError::TooLarge)
        );
        assert_eq!(parse_count("1e30"), Err(NumberError::TooLarge));
        assert_eq!(
            parse_count("99999999999999999999999999999999999999999"),
            Err(NumberError::TooLarge)
        );
    }

    #[test]
    fn probabilities_in_every_accepted_form() {
        for (text, value) in [
            ("1%", 0.01),
            ("1 %", 0.01),
            ("0.01", 0.01),
            ("1e-2", 0.01),
            ("1/100", 0.01),
            ("1 / 100", 0.01),
            (".5", 0.5),
        ] {
            let p = parse_probability(text).unwrap();
            assert!((p - value).abs() < 1e-15, "{text} gave {p}");
        }
        for text in ["", "%", "1/0", "a/b", "-0.1", "inf", "NaN", "1//2"] {
            assert!(parse_probability(text).is_err(), "{text}");
        }
    }

    #[test]
    fn one_in_n_and_exact_fractions() {
        assert_eq!(parse_probability("1 in 1000"), Ok(0.001));
        assert_eq!(parse_probability("1 in 1,000"), Ok(0.001));
        let exact = |t| parse_probability_exact(t).unwrap();
        let r = |a: i64, b: i64| BigRational::new(a.into(), b.into());
        assert_eq!(exact("0.01"), r(1, 100));
        assert_eq!(exact("1%"), r(1, 100));
        assert_eq!(exact("1/100"), r(1, 100));
        assert_eq!(exact("1e-2"), r(1, 100));
        assert_eq!(exact("1 in 1000"), r(1, 1000));
        assert_eq!(exact("0.0111"), r(111, 10_000));
        assert_eq!(exact("2.5 %"), r(1, 40));
        assert_eq!(
            parse_target_rate_exact("1e-300"),
            Ok(BigRational::new(1.into(), BigInt::from(10).pow(300u32)))
        );
        for bad in ["1 in 0", "2 in 1", "1 in", "in 5", "0"] {
            assert!(parse_target_rate_exact(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn target_rates_must_be_inside_zero_one() {
        assert_eq!(parse_target_rate("1%"), Ok(0.01));
        for text in ["0", "1", "100%", "150%", "0%", "2/1", "junk"] {
            let err = parse_target_rate(text).unwrap_err();
            assert!(err.contains("between 0 and 1"), "{text}: {err}");
        }
    }
}
