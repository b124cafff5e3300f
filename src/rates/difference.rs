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
}
