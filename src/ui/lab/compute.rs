//! The computations behind the lab's rate figures: every figure of the
//! current shape, the best-k scan with both curves, and the exact points
//! of the epsilon-against-m/n chart. All digits come from certified
//! enclosures ([`crate::rates::certified`]), so they are there at every
//! setting the sliders reach, in well under a frame. Each function takes a
//! cancel flag and returns `None` when cancelled; the worker runs them off
//! the UI thread and `bloomlab render` runs them directly.

use std::sync::atomic::AtomicBool;

use crate::rates::blocked::{BlockedShape, Within, blocked_digits, blocked_poisson};
use crate::rates::certified::{
    CertifiedDigits, DigitsMethod, RateKind, certified_digits_cancellable,
};
use crate::rates::exact_pair::ExactRates;
use crate::rates::figures::RateFigures;
use crate::rates::scan::{KScan, Winners, best_k_rule};
use crate::rates::{Budget, Params, RateError, SigDecimal, idealised_ln};
use crate::ui::computed::Outcome;

/// Settings that the rate figures depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RateKey {
    /// Bits.
    pub m: u64,
    /// Keys.
    pub n: u64,
    /// Hash positions per key.
    pub k: u32,
}

/// Settings that the best-k scan depends on: m and n only (it scans every
/// k), so moving the k slider does not start it again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BestKey {
    /// Bits.
    pub m: u64,
    /// Keys.
    pub n: u64,
}

/// Settings that the exact points of the epsilon-against-m/n chart depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CurveKey {
    /// Keys.
    pub n: u64,
    /// Hash positions per key.
    pub k: u32,
    /// Right end of the chart's bits-per-key axis.
    pub max_bits: u64,
}

impl CurveKey {
    /// The chart's axis for the current setting: the first power of two at
    /// least twice the current bits per key (at least 16), so the axis stays
    /// put while m moves a little.
    pub(crate) fn for_setting(m: u64, n: u64, k: u32) -> Self {
        CurveKey {
            n,
            k,
            max_bits: axis_end(m as f64 / n.max(1) as f64),
        }
    }
}

/// The first power of two at or above `2x`, at least 16.
pub(crate) fn axis_end(x: f64) -> u64 {
    let want = (2.0 * x).max(16.0);
    let mut end = 16u64;
    while (end as f64) < want && end < (1 << 40) {
        end *= 2;
    }
    end
}

/// The best-k scan of the lab's m and n, with the figures quoted about
/// its winners.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BestK {
    /// The scan: the range (and why it is that wide), both winners, and
    /// the classic and true rate at every k (the true one for every k when
    /// [`TRUE_CURVE_MAX`] or fewer were scanned).
    pub scan: KScan,
    /// The winners' rates and the gain of the true winner.
    pub winners: Winners,
}

/// Significant digits of every exact decimal on screen.
pub(crate) const SHOWN_DIGITS: u32 = 10;
/// Budget of the full fraction built only to settle an exact rounding tie
/// (denominator digits); the digits shown never need it otherwise.
pub(crate) const TIE_BUDGET: Budget = Budget {
    max_digits: 5_000_000,
};
/// The whole fractions the lab divides out (see
/// [`crate::rates::budget::LONG_DIVISION_DIGITS`]).
pub(crate) const DIVIDE_BUDGET: Budget = Budget {
    max_digits: crate::rates::budget::LONG_DIVISION_DIGITS,
};
/// Exact points on the epsilon-against-m/n chart.
pub(crate) const MN_POINTS: u32 = 16;
/// The true curve of the epsilon-against-k chart is drawn at every k when
/// the scan has at most this many; beyond, only where the scan enclosed it.
/// The true rate at k in the hundreds takes a tenth of a second or more.
pub(crate) const TRUE_CURVE_MAX: u32 = 64;

/// The idealised rate `(1 - e^(-kn/m))^k`.
pub(crate) fn idealised_rate(m: u64, n: u64, k: u32) -> f64 {
    crate::rates::idealised_ratio(k, n as f64 / m as f64)
}

/// Turns a rate error into what the screen shows; `None` when cancelled.
fn settle<T>(result: Result<T, RateError>) -> Option<Outcome<T>> {
    match result {
        Ok(v) => Some(Outcome::Ready(v)),
        Err(RateError::Cancelled) => None,
        Err(RateError::BudgetExceeded { digits, limit, .. }) => {
            Some(Outcome::TooLarge { digits, limit })
        }
        Err(other) => Some(Outcome::Failed(other.to_string())),
    }
}

/// A decimal for the screen: plain while short, scientific for tiny rates.
pub(crate) fn shown_decimal(d: &SigDecimal) -> String {
    if d.exponent() >= -5 {
        d.plain()
    } else {
        d.scientific()
    }
}

/// Every rate figure at `key`: the classic and true rates' certified
/// digits, "about 1 in N", the denominator's digit count, the idealised
/// rate and the gap.
pub(crate) fn rate_figures(key: RateKey, cancel: &AtomicBool) -> Option<Outcome<RateFigures>> {
    settle((|| {
        let p = Params::new(key.m, key.n, key.k)?;
        let mut figures = RateFigures::compute(p, SHOWN_DIGITS, TIE_BUDGET, cancel)?;
        if let Ok(both) = ExactRates::compute_cancellable(p, DIVIDE_BUDGET, cancel) {
            figures.classic = divided(&both.classic)?;
            figures.true_rate = divided(&both.true_rate)?;
        } else if cancel.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(RateError::Cancelled);
        }
        Ok(figures)
    })())
}

/// The blocked filter's rates at the lab's m, n and k (512-bit blocks):
/// what the blocked scheme should measure, and its idealised counterpart.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BlockedRates {
    /// The exact blocked rate (the true rate inside a binomially loaded
    /// block), certified digits.
    pub exact: CertifiedDigits,
    /// Putze, Sanders and Singler's formula: a Poisson load of n/c keys
    /// per block, the classic formula inside it.
    pub poisson: f64,
    /// Blocks of the filter.
    pub blocks: u64,
}

/// The blocked rates at `key`.
pub(crate) fn blocked_rates(key: RateKey, cancel: &AtomicBool) -> Option<Outcome<BlockedRates>> {
    settle((|| {
        let shape = BlockedShape::new(key.m, key.n, key.k)?;
        Ok(BlockedRates {
            exact: blocked_digits(shape, Within::True, SHOWN_DIGITS, TIE_BUDGET, cancel)?,
            poisson: blocked_poisson(shape),
            blocks: shape.layout().blocks(),
        })
    })())
}

/// The digits of a whole fraction by long division, labelled so.
fn divided(exact: &num_rational::BigRational) -> Result<CertifiedDigits, RateError> {
    Ok(CertifiedDigits {
        decimal: SigDecimal::from_ratio_within(exact, SHOWN_DIGITS, Budget::new(u64::MAX))?,
        method: DigitsMethod::LongDivision,
        bits: 0,
    })
}

/// The best k at m and n by the one rule `bloomlab rate` uses too, with
/// both curves for the chart and the winners' figures.
pub(crate) fn best_k(key: BestKey, cancel: &AtomicBool) -> Option<Outcome<BestK>> {
    settle((|| {
        let mut scan = best_k_rule(key.m, key.n, cancel)?;
        if scan.points.len() <= TRUE_CURVE_MAX as usize {
            scan.fill_true_curve(cancel)?;
        }
        let winners = Winners::compute(&scan, SHOWN_DIGITS, TIE_BUDGET, None, cancel)?;
        Ok(BestK { scan, winners })
    })())
}

/// The best-k scan for `key`, worked out at once (for tests).
#[cfg(test)]
pub(crate) fn scanned(key: BestKey) -> BestK {
    match best_k(key, &AtomicBool::new(false)) {
        Some(Outcome::Ready(b)) => b,
        other => panic!("no scan: {other:?}"),
    }
}

/// Exact points of the epsilon-against-m/n chart at one bits-per-key, as
/// base-10 logarithms (finite far below the smallest double).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct MnPoint {
    /// Bits per key, m/n.
    pub bits: f64,
    /// log10 of the exact classic rate.
    pub classic: f64,
    /// log10 of the true rate.
    pub true_rate: f64,
    /// log10 of the idealised rate at the same m, n and k.
    pub idealised: f64,
}

/// log10 of a decimal, from its digits and exponent (no underflow);
/// negative infinity for zero.
pub(crate) fn log10_of(d: &SigDecimal) -> f64 {
    if d.is_zero() {
        return f64::NEG_INFINITY;
    }
    let digits = d.digits();
    let lead: f64 = format!("{}.{}", &digits[..1], &digits[1..])
        .parse()
        .unwrap_or(1.0);
    lead.log10() + d.exponent() as f64
}

/// Exact points of epsilon against m/n at the key's n and k.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct MnCurve {
    /// Points from the left of the axis to its right end.
    pub points: Vec<MnPoint>,
}

/// Certified digits of the classic and true rates at [`MN_POINTS`] values
/// of m/n across the chart's axis.
pub(crate) fn mn_curve(key: CurveKey, cancel: &AtomicBool) -> Option<Outcome<MnCurve>> {
    settle((|| {
        let mut curve = MnCurve::default();
        for i in 1..=MN_POINTS {
            let bits = key.max_bits as f64 * f64::from(i) / f64::from(MN_POINTS);
            let m = ((bits * key.n as f64).round() as u64).max(1);
            let p = Params::new(m, key.n, key.k)?;
            let log10 = |kind| -> Result<f64, RateError> {
                Ok(log10_of(
                    &certified_digits_cancellable(p, kind, 6, TIE_BUDGET, cancel)?.decimal,
                ))
            };
            curve.points.push(MnPoint {
                bits: m as f64 / key.n as f64,
                classic: log10(RateKind::Classic)?,
                true_rate: log10(RateKind::True)?,
                idealised: idealised_ln(p) / std::f64::consts::LN_10,
            });
        }
        Ok(curve)
    })())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::figures::OneIn;
    use crate::rates::scan::ScanReach;

    fn never() -> AtomicBool {
        AtomicBool::new(false)
    }

    #[test]
    fn the_lab_default_figures() {
        let key = RateKey {
            m: 160,
            n: 16,
            k: 7,
        };
        let Some(Outcome::Ready(f)) = rate_figures(key, &never()) else {
            panic!("no figures");
        };
        assert_eq!(shown_decimal(&f.classic.decimal), "0.008318677101");
        assert_eq!(shown_decimal(&f.true_rate.decimal), "0.008653308424");
        assert_eq!(f.denominator_digits, 1729);
        assert_eq!(f.one_in, OneIn::About(120));
        let Some(Outcome::Ready(b)) = best_k(BestKey { m: 160, n: 16 }, &never()) else {
            panic!("no best k");
        };
        assert_eq!(b.scan.classic.k, 7);
        assert_eq!(b.scan.true_rate.k, 7);
        assert_eq!(b.scan.range, 1..=10);
        assert_eq!(b.scan.reach, ScanReach::Default);
        assert!(b.scan.points.iter().all(|p| p.true_rate.is_some()));
        assert_eq!(b.winners.gain, None);
    }

    #[test]
    fn real_filters_have_digits_too() {
        // The crawler's filter: 10^10 bits, 10^9 keys, a fraction with
        // billions of digits that is never built.
        let key = RateKey {
            m: 10_000_000_000,
            n: 1_000_000_000,
            k: 7,
        };
        let Some(Outcome::Ready(f)) = rate_figures(key, &never()) else {
            panic!("no figures");
        };
        assert!(f.classic.decimal.plain().starts_with("0.0081"), "{f:?}");
        assert!(f.denominator_digits > 10_000_000_000);
    }

    #[test]
    fn the_true_winner_differs_at_the_rehearsal_setting() {
        // 8 bits per key: the classic scan says 6, a real filter does best at 5.
        let Some(Outcome::Ready(b)) = best_k(BestKey { m: 128, n: 16 }, &never()) else {
            panic!("no best k");
        };
        assert_eq!((b.scan.classic.k, b.scan.true_rate.k), (6, 5));
        let gain = b.winners.gain.expect("the winners differ");
        assert!(gain.lower_by > 0.0 && gain.lower_by < 0.02, "{gain:?}");
    }

    #[test]
    fn a_best_k_past_the_slider_is_reported_with_its_range() {
        // 10^6 bits for 16 keys: the best k is far beyond 32.
        let Some(Outcome::Ready(b)) = best_k(
            BestKey {
                m: 1_000_000,
                n: 16,
            },
            &never(),
        ) else {
            panic!("no best k");
        };
        assert!(b.scan.classic.k > 32);
        assert!(matches!(
            b.scan.reach,
            ScanReach::Extended { .. } | ScanReach::AtLimit { .. }
        ));
    }

    #[test]
    fn the_mn_curve_has_every_point() {
        let key = CurveKey::for_setting(160, 16, 7);
        let Some(Outcome::Ready(c)) = mn_curve(key, &never()) else {
            panic!("no curve");
        };
        assert_eq!(c.points.len(), MN_POINTS as usize);
        for p in &c.points {
            assert!(
                p.idealised <= p.classic && p.classic <= p.true_rate,
                "{p:?}"
            );
        }
        // At 16 bits per key, k = 7: the exact rate is about 7.09e-4.
        let at16 = c.points.iter().find(|p| p.bits == 16.0).expect("16 bits");
        assert!(
            (at16.classic - 7.09e-4_f64.log10()).abs() < 0.01,
            "{at16:?}"
        );
    }

    #[test]
    fn a_cancelled_job_returns_nothing() {
        let cancel = AtomicBool::new(true);
        assert_eq!(
            best_k(
                BestKey {
                    m: 100_000,
                    n: 10_000
                },
                &cancel
            ),
            None
        );
    }
}
