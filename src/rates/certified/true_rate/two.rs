//! [`Two`]: a lower and an upper bound in 128-bit directed rounding, the
//! pair the true rate's 128-bit sums carry every quantity as. Each
//! operation rounds the lower end down and the upper end up, and all of
//! them are monotone on non-negative numbers, so a chain of them brackets
//! the exact chain.

use crate::rates::dyadic::Dir;
use crate::rates::wide::Wide;

/// A lower and an upper bound.
#[derive(Clone, Copy)]
pub(super) struct Two {
    pub(super) lo: Wide,
    pub(super) hi: Wide,
}

impl Two {
    pub(super) fn exact(v: Wide) -> Two {
        Two { lo: v, hi: v }
    }

    pub(super) fn zero() -> Two {
        Two::exact(Wide::ZERO)
    }

    pub(super) fn mul(self, o: Two) -> Two {
        Two {
            lo: self.lo.mul(o.lo, Dir::Down),
            hi: self.hi.mul(o.hi, Dir::Up),
        }
    }

    pub(super) fn mul_u64(self, v: u64) -> Two {
        Two {
            lo: self.lo.mul_u64(v, Dir::Down),
            hi: self.hi.mul_u64(v, Dir::Up),
        }
    }

    pub(super) fn add(self, o: Two) -> Two {
        Two {
            lo: self.lo.add(o.lo, Dir::Down),
            hi: self.hi.add(o.hi, Dir::Up),
        }
    }

    /// `self / o` for a positive `o`.
    pub(super) fn div(self, o: Two) -> Two {
        Two {
            lo: self.lo.div(o.hi, Dir::Down),
            hi: self.hi.div(o.lo, Dir::Up),
        }
    }

    pub(super) fn pow(self, e: u64) -> Two {
        Two {
            lo: self.lo.pow(e, Dir::Down),
            hi: self.hi.pow(e, Dir::Up),
        }
    }
}
