//! Every blocked figure of one shape at once, for `rate` and a screen.

use std::sync::atomic::AtomicBool;

use super::{BlockedShape, Within, blocked_best_k, blocked_digits, blocked_poisson};
use crate::rates::budget::Budget;
use crate::rates::decimal::SigDecimal;
use crate::rates::error::RateError;

/// The blocked filter's rates at one shape (512-bit blocks).
#[derive(Debug, Clone, PartialEq)]
pub struct BlockedFigures {
    /// The exact blocked rate (the true rate inside the block), certified.
    pub exact: SigDecimal,
    /// The binomial mixture with the classic formula inside the block.
    pub classic_inside: SigDecimal,
    /// Putze, Sanders and Singler's Poisson formula.
    pub poisson: f64,
    /// The k with the lowest exact blocked rate at this m and n.
    pub best_k: u32,
    /// Its rate (about 14 digits).
    pub best_k_rate: f64,
}

impl BlockedFigures {
    /// The figures at m, n, k to `digits` certified digits.
    pub fn compute(
        m: u64,
        n: u64,
        k: u32,
        digits: u32,
        budget: Budget,
        flag: &AtomicBool,
    ) -> Result<BlockedFigures, RateError> {
        let shape = BlockedShape::new(m, n, k)?;
        let best = blocked_best_k(shape, Within::True, flag)?;
        Ok(BlockedFigures {
            exact: blocked_digits(shape, Within::True, digits, budget, flag)?.decimal,
            classic_inside: blocked_digits(shape, Within::Classic, digits, budget, flag)?.decimal,
            poisson: blocked_poisson(shape),
            best_k: best.k,
            best_k_rate: best.rate,
        })
    }
}
