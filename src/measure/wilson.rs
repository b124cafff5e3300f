//! The Wilson score interval for a binomial proportion.

/// The two-sided 95% normal quantile.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `successes` out of `trials` at normal
/// quantile `z` (use [`Z_95`] for 95%). Unlike the textbook `p ± z·se`, it
/// stays inside [0, 1] and gives a useful upper bound when nothing was seen.
/// With no trials it is the whole of [0, 1].
pub fn wilson_interval(successes: u64, trials: u64, z: f64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let p = successes.min(trials) as f64 / trials as f64;
    let (low, high) = wilson_score(p, trials as f64, z);
    pin_ends(successes, trials, (low, high))
}

/// The Wilson score interval for an observed proportion `p` over a
/// (possibly fractional) number of trials `n > 0`: the form that takes an
/// effective sample size, when trials are not independent.
pub fn wilson_score(p: f64, n: f64, z: f64) -> (f64, f64) {
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// At the ends the score interval is exactly 0 or 1 in real arithmetic;
/// pin them so rounding cannot exclude a rate of exactly 0 or 1.
pub(crate) fn pin_ends(successes: u64, trials: u64, (low, high): (f64, f64)) -> (f64, f64) {
    let low = if successes == 0 { 0.0 } else { low };
    let high = if successes >= trials { 1.0 } else { high };
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-4
    }

    #[test]
    fn matches_known_values() {
        // 10 of 100 at 95%: a standard worked example.
        let (lo, hi) = wilson_interval(10, 100, Z_95);
        assert!(close(lo, 0.0552), "{lo}");
        assert!(close(hi, 0.1744), "{hi}");
    }

    #[test]
    fn zero_successes_still_gives_an_upper_bound() {
        let (lo, hi) = wilson_interval(0, 200, Z_95);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.018 && hi < 0.02, "{hi}");
    }

    #[test]
    fn edge_cases_stay_in_the_unit_interval() {
        assert_eq!(wilson_interval(0, 0, Z_95), (0.0, 1.0));
        let (lo, hi) = wilson_interval(50, 50, Z_95);
        assert!(lo > 0.9 && hi == 1.0);
    }
}
