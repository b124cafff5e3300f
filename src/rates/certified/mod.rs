//! Certified digits: the exact classic and true rates to any number of
//! significant digits without building their fractions.
//!
//! Each rate is enclosed between two binary floating-point numbers computed
//! with every rounding in the safe direction ([`crate::rates::dyadic`]), so
//! the exact rational always lies inside. Rounding both ends to D significant
//! digits (half to even) gives the same digits exactly when no rounding
//! boundary separates them, and then those are the correctly rounded digits
//! of the exact rational: rounding to nearest is monotone, so every value
//! between the ends rounds the same way. When the ends disagree, the working
//! precision is doubled and the enclosure recomputed
//! ([`digits::certified_digits`]). An exact tie (the rate sitting exactly
//! halfway between two D-digit decimals) can never be separated this way;
//! [`ties`] works out when one is possible at all and settles it with the
//! full rational.
//!
//! - [`classic_enclosure`] and [`true_enclosure`]: the enclosures, with the
//!   error analysis that sizes their working precision;
//! - [`certified_digits`]: D correctly rounded digits of either rate;
//! - [`compare`]: certified comparisons (against a target, between shapes),
//!   used by the best-k scans and the sizing solver.

pub mod classic;
pub mod compare;
pub mod digits;
mod memo;
pub mod ties;
pub mod true_rate;

pub use classic::classic_enclosure;
pub use digits::{CertifiedDigits, DigitsMethod, certified_digits, certified_digits_cancellable};
pub use true_rate::true_enclosure;

use num_rational::BigRational;

use super::dyadic::{Dir, Dyadic};
use super::params::Params;

/// Forgets the true-rate enclosures and rows kept for reuse (see the
/// private `memo` module), so a benchmark times each request from scratch.
pub fn forget_kept_enclosures() {
    memo::forget();
    true_rate::forget_kept_rows();
}

/// Which of the two exact rates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RateKind {
    /// The classic formula `(1 - (1 - 1/m)^(kn))^k`.
    Classic,
    /// The true rate `E[(X/m)^k]` (no independence assumption).
    True,
}

impl RateKind {
    /// `"classic"` or `"true"`, as the command line spells them.
    pub fn name(self) -> &'static str {
        match self {
            RateKind::Classic => "classic",
            RateKind::True => "true",
        }
    }
}

/// Encloses the rate of `kind` at relative width about `2^-prec`.
pub fn enclose(p: Params, kind: RateKind, prec: u64) -> Enclosure {
    match kind {
        RateKind::Classic => classic_enclosure(p, prec),
        RateKind::True => true_enclosure(p, prec),
    }
}

/// Two numbers that provably hold an exact rate between them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enclosure {
    lo: Dyadic,
    hi: Dyadic,
}

impl Enclosure {
    /// The enclosure `[lo, hi]`; the two are swapped if given the wrong way
    /// round (which the computations never do, but which costs nothing).
    pub fn new(lo: Dyadic, hi: Dyadic) -> Self {
        if lo.cmp_value(&hi).is_gt() {
            Enclosure { lo: hi, hi: lo }
        } else {
            Enclosure { lo, hi }
        }
    }

    /// A value known exactly.
    pub fn exact(v: Dyadic) -> Self {
        Enclosure {
            lo: v.clone(),
            hi: v,
        }
    }

    /// The lower end.
    pub fn low(&self) -> &Dyadic {
        &self.lo
    }

    /// The upper end.
    pub fn high(&self) -> &Dyadic {
        &self.hi
    }

    /// Whether both ends are the same number (the value is known exactly).
    pub fn is_exact(&self) -> bool {
        self.lo.cmp_value(&self.hi).is_eq()
    }

    /// Whether every value inside lies strictly below every value of `other`.
    pub fn below(&self, other: &Enclosure) -> bool {
        self.hi.cmp_value(&other.lo).is_lt()
    }

    /// Whether `value` lies inside (for checking against exact fractions).
    pub fn contains(&self, value: &BigRational) -> bool {
        match (self.lo.to_ratio(), self.hi.to_ratio()) {
            (Some(lo), Some(hi)) => lo <= *value && *value <= hi,
            _ => false,
        }
    }

    /// `log2((hi - lo) / lo)`: negative infinity when exact, positive
    /// infinity when the lower end is zero but the upper is not.
    pub fn relative_width_log2(&self) -> f64 {
        if self.is_exact() {
            return f64::NEG_INFINITY;
        }
        if self.lo.is_zero() {
            return f64::INFINITY;
        }
        self.hi.sub(&self.lo, 64, Dir::Up).log2() - self.lo.log2()
    }

    /// The middle of the enclosure as a double (0 below the smallest
    /// double): good to the last bit once the enclosure is narrow.
    pub fn midpoint(&self) -> f64 {
        let sum = self.lo.add(&self.hi, 64, Dir::Down);
        sum.to_f64() / 2.0
    }

    /// `log2` of the middle, valid far below the smallest double.
    pub fn log2_midpoint(&self) -> f64 {
        self.lo.add(&self.hi, 64, Dir::Down).log2() - 1.0
    }
}
