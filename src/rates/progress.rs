//! How far a long exact computation has come, for a progress bar: each big
//! product adds its estimated cost to a meter, and the total is estimated
//! beforehand from the same cost model, so done / total moves roughly in
//! proportion to time.

use std::sync::atomic::{AtomicU64, Ordering};

/// Work done and work expected, in units of the cost model
/// ([`Meter::product_cost`]). Shared between threads.
#[derive(Debug, Default)]
pub struct Meter {
    done: AtomicU64,
    total: AtomicU64,
}

impl Meter {
    /// A meter at zero, expecting nothing yet.
    pub fn new() -> Meter {
        Meter::default()
    }

    /// Adds `units` to the work expected.
    pub fn expect(&self, units: u64) {
        self.total.fetch_add(units, Ordering::Relaxed);
    }

    /// Adds `units` to the work done.
    pub fn tick(&self, units: u64) {
        self.done.fetch_add(units, Ordering::Relaxed);
    }

    /// Work done so far.
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// Work expected in all.
    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }

    /// Done over expected, at most 1 (0 while nothing is expected).
    pub fn fraction(&self) -> f64 {
        match self.total() {
            0 => 0.0,
            total => (self.done() as f64 / total as f64).min(1.0),
        }
    }

    /// The estimated cost of multiplying numbers of `short` and `long`
    /// bits. Below 2048 limbs in the shorter, num-bigint cuts the longer
    /// into pieces of the shorter's length and multiplies each by Toom-3,
    /// about `len^1.465` limb operations, so `long * short^0.465` (in 64-bit
    /// limbs). From there on the transforms of [`crate::rates::ntt`] cost
    /// about `(short + long) log2(length)`, scaled to meet the first
    /// formula where they take over.
    pub fn product_cost(short: u64, long: u64) -> u64 {
        let (s, l) = ((short / 64).max(1) as f64, (long / 64).max(1) as f64);
        if s >= 2048.0 {
            let length = (s + l).log2().ceil();
            return (1.5 * (s + l) * length).ceil() as u64;
        }
        (l * s.powf(0.465)).ceil() as u64
    }

    /// The cost of `x^exp` by square-and-multiply from an `x` of
    /// `base_bits` bits, by the same model (the result's size doubles with
    /// each squaring).
    pub fn power_cost(base_bits: u64, exp: u64) -> u64 {
        let (before, last) = Self::power_cost_parts(base_bits, exp);
        before.saturating_add(last)
    }

    /// [`Meter::power_cost`] as the cost of every product but the last,
    /// and the cost of the last.
    pub fn power_cost_parts(base_bits: u64, exp: u64) -> (u64, u64) {
        if exp <= 1 {
            return (0, 0);
        }
        let mut acc = base_bits;
        let mut costs = Vec::new();
        let top = 63 - exp.leading_zeros();
        for bit in (0..top).rev() {
            costs.push(Self::product_cost(acc, acc));
            acc = acc.saturating_mul(2);
            if (exp >> bit) & 1 == 1 {
                costs.push(Self::product_cost(base_bits.min(acc), acc.max(base_bits)));
                acc = acc.saturating_add(base_bits);
            }
        }
        let last = costs.pop().unwrap_or(0);
        (costs.into_iter().fold(0u64, u64::saturating_add), last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_and_costs() {
        let m = Meter::new();
        assert_eq!(m.fraction(), 0.0);
        m.expect(200);
        m.tick(50);
        assert_eq!(m.fraction(), 0.25);
        m.tick(500);
        assert_eq!(m.fraction(), 1.0);
        // Doubling a square's size costs 2^1.465 (about 2.76) times more
        // under Toom-3, a little over 2 under the transforms.
        let small = Meter::product_cost(64 * 500, 64 * 500) as f64;
        let large = Meter::product_cost(64 * 1000, 64 * 1000) as f64;
        assert!((large / small - 2.76).abs() < 0.01);
        let small = Meter::product_cost(64 * 4096, 64 * 4096) as f64;
        let large = Meter::product_cost(64 * 8192, 64 * 8192) as f64;
        assert!((large / small - 2.0 * 14.0 / 13.0).abs() < 0.01);
        assert_eq!(Meter::power_cost(17, 1), 0);
        assert!(Meter::power_cost(17, 1 << 20) > Meter::power_cost(17, 1 << 19));
    }
}
