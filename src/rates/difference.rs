//! How far the idealised rate falls below the exact one.

/// Exact minus idealised, as an absolute gap and relative to the exact rate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Difference {
    /// `exact - idealised`.
    pub absolute: f64,
    /// `(exact - idealised) / exact`; zero when the exact rate is zero.
    pub relative: f64,
}

/// The gap between an exact rate (as a double) and the idealised rate.
pub fn difference(exact: f64, idealised: f64) -> Difference {
    let absolute = exact - idealised;
    let relative = if exact == 0.0 { 0.0 } else { absolute / exact };
    Difference { absolute, relative }
}

/// The gap when the rates are known by their natural logarithms (for rates
/// below the smallest double): the absolute gap as a double (0 when it
/// underflows) and the relative one from the logarithms, so an idealised
/// rate that underflows to 0 still shows its true relative distance. The
/// relative gap is then only as good as the difference of two logarithms
/// of size `|ln rate|`: about `|ln rate| * 2^-52` in absolute terms.
pub fn difference_from_logs(
    exact: f64,
    exact_ln: f64,
    idealised: f64,
    idealised_ln: f64,
) -> Difference {
    if exact > 0.0 && exact.is_finite() && idealised > 0.0 {
        return difference(exact, idealised);
    }
    // The idealised rate is always below the exact one, so a negative
    // relative gap can only be rounding in the logarithms: it reads as 0.
    let relative = if exact_ln == f64::NEG_INFINITY {
        0.0
    } else {
        (-(idealised_ln - exact_ln).exp_m1()).max(0.0)
    };
    Difference {
        absolute: exact - idealised,
        relative,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gap_at_160_16_7() {
        let d = difference(0.0083186771, 0.0081937221);
        assert!((d.absolute - 1.24955e-4).abs() < 1e-9);
        assert!((d.relative - 0.015021).abs() < 1e-5);
        assert_eq!(difference(0.0, 0.0).relative, 0.0);
    }

    #[test]
    fn gaps_below_the_smallest_double_come_from_logarithms() {
        // Exact 2.2e-28, idealised underflowed: the whole exact rate is the gap.
        assert_eq!(
            difference_from_logs(2.2e-28, 2.2e-28f64.ln(), 0.0, -70.0).relative,
            1.0 - (-70.0 - 2.2e-28f64.ln()).exp()
        );
        // Both far below: exact e^-2000, idealised e^-2000.01.
        let d = difference_from_logs(0.0, -2000.0, 0.0, -2000.01);
        assert!((d.relative - 0.00995).abs() < 1e-4, "{}", d.relative);
        assert_eq!(
            difference_from_logs(0.0, f64::NEG_INFINITY, 0.0, f64::NEG_INFINITY).relative,
            0.0
        );
        // Ordinary rates keep the plain computation.
        assert_eq!(
            difference_from_logs(0.5, 0.5f64.ln(), 0.25, 0.25f64.ln()),
            difference(0.5, 0.25)
        );
    }
}
