//! The two-sided 95% quantile of Student's t distribution.
//!
//! An interval built from F filters' rates estimates their spread from the
//! same F numbers, so it needs t with F - 1 degrees of freedom rather than
//! the normal 1.96: at F = 2 the quantile is 12.7, at F = 10 it is 2.26.

use super::wilson::Z_95;

/// Up to this many degrees of freedom the quantile is solved from the
/// exact distribution function; above it a four-term expansion in 1/df is
/// accurate to far better than 10^-9.
const EXACT_UP_TO: u64 = 200;

/// The value t with `P(-t <= T <= t) = 0.95` for Student's t with `df`
/// degrees of freedom (12.706 at 1, 2.228 at 10, 1.960 in the limit). A `df`
/// of 0 is treated as 1.
pub fn t_95(df: u64) -> f64 {
    let df = df.max(1);
    if df > EXACT_UP_TO {
        cornish_fisher_95(df as f64)
    } else {
        solve_central(0.95, df)
    }
}

/// The t at which the central probability `P(|T| <= t)` reaches `target`,
/// found by bisection (the probability grows with t).
fn solve_central(target: f64, df: u64) -> f64 {
    let mut high = 1.0;
    while central_probability(high, df) < target {
        high *= 2.0;
    }
    let mut low = 0.0;
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if mid <= low || mid >= high {
            break;
        }
        if central_probability(mid, df) < target {
            low = mid;
        } else {
            high = mid;
        }
    }
    0.5 * (low + high)
}

/// `P(|T| <= t)` for Student's t with a whole number of degrees of freedom,
/// from the finite series in theta = atan(t / sqrt(df)) (Abramowitz and
/// Stegun 26.7.3 and 26.7.4): exact up to rounding, with df/2 terms.
fn central_probability(t: f64, df: u64) -> f64 {
    let theta = (t / (df as f64).sqrt()).atan();
    let (sin, cos) = theta.sin_cos();
    let cos2 = cos * cos;
    let mut term = 1.0;
    let mut sum = 1.0;
    if df.is_multiple_of(2) {
        // sin(theta) * (1 + 1/2 cos^2 + 1*3/(2*4) cos^4 + ... up to cos^(df-2)).
        for j in 1..df / 2 {
            term *= (2 * j - 1) as f64 / (2 * j) as f64 * cos2;
            sum += term;
        }
        sin * sum
    } else if df == 1 {
        theta * std::f64::consts::FRAC_2_PI
    } else {
        // 2/pi * (theta + sin cos (1 + 2/3 cos^2 + 2*4/(3*5) cos^4 + ... up to cos^(df-3))).
        for j in 1..=(df - 3) / 2 {
            term *= (2 * j) as f64 / (2 * j + 1) as f64 * cos2;
            sum += term;
        }
        std::f64::consts::FRAC_2_PI * (theta + sin * cos * sum)
    }
}

/// The Cornish-Fisher expansion of the t quantile about the normal one
/// (Abramowitz and Stegun 26.7.5), to the 1/df^4 term.
fn cornish_fisher_95(df: f64) -> f64 {
    let z = Z_95;
    let z2 = z * z;
    let g1 = (z2 + 1.0) * z / 4.0;
    let g2 = ((5.0 * z2 + 16.0) * z2 + 3.0) * z / 96.0;
    let g3 = (((3.0 * z2 + 19.0) * z2 + 17.0) * z2 - 15.0) * z / 384.0;
    let g4 = ((((79.0 * z2 + 776.0) * z2 + 1482.0) * z2 - 1920.0) * z2 - 945.0) * z / 92160.0;
    z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_printed_tables() {
        // Two-sided 95% points, as every statistics table prints them.
        let table = [
            (1, 12.706_205),
            (2, 4.302_653),
            (3, 3.182_446),
            (4, 2.776_445),
            (5, 2.570_582),
            (10, 2.228_139),
            (19, 2.093_024),
            (30, 2.042_272),
            (100, 1.983_972),
            (1000, 1.962_339),
        ];
        for (df, expected) in table {
            let t = t_95(df);
            assert!((t - expected).abs() < 2e-6, "df {df}: {t} vs {expected}");
        }
        assert!((t_95(1 << 40) - Z_95).abs() < 1e-9);
        assert_eq!(t_95(0), t_95(1));
    }

    #[test]
    fn the_exact_series_and_the_expansion_agree_where_they_meet() {
        for df in 150..=260 {
            let exact = solve_central(0.95, df);
            let expanded = cornish_fisher_95(df as f64);
            assert!(
                (exact - expanded).abs() < 1e-9,
                "df {df}: {exact} vs {expanded}"
            );
        }
    }

    #[test]
    fn the_quantile_falls_towards_the_normal_one() {
        let mut last = f64::INFINITY;
        for df in 1..400 {
            let t = t_95(df);
            assert!(t < last && t > Z_95, "df {df}: {t}");
            last = t;
        }
    }
}
