//! How many bits a blocked filter needs to meet a target rate: what
//! blocking costs, in bits per key.

use std::sync::atomic::AtomicBool;

use super::best_k::blocked_best_k;
use super::{BlockedShape, Within};
use crate::filter::blocked::BLOCK_BITS;
use crate::rates::error::RateError;
use crate::rates::params::MAX_M;

/// The fewest bits, in whole 512-bit blocks, whose blocked (true) rate at
/// its best k is at most `p` for `n` keys, and that k. The rates compared
/// are enclosure middles good to about 14 digits, not certified digits: the
/// answer is for a sentence about the cost of blocking, not for sizing a
/// filter to the last bit. `None` when no filter up to the exact
/// arithmetic's limit meets `p`.
pub fn blocked_bits_for(
    n: u64,
    p: f64,
    flag: &AtomicBool,
) -> Result<Option<(u64, u32)>, RateError> {
    let meets = |blocks: u64| -> Result<Option<u32>, RateError> {
        let shape = BlockedShape::new(blocks * BLOCK_BITS, n, 1)?;
        let best = blocked_best_k(shape, Within::True, flag)?;
        Ok((best.rate <= p).then_some(best.k))
    };
    let most = MAX_M / BLOCK_BITS;
    let mut high = 1u64;
    while meets(high)?.is_none() {
        if high >= most {
            return Ok(None);
        }
        high = (high * 2).min(most);
    }
    let mut low = high / 2;
    // low does not meet p (or is 0), high does.
    while high - low > 1 {
        let mid = low + (high - low) / 2;
        if meets(mid)?.is_some() {
            high = mid;
        } else {
            low = mid;
        }
    }
    Ok(meets(high)?.map(|k| (high * BLOCK_BITS, k)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocking_costs_bits_and_the_answer_is_the_fewest() {
        let never = AtomicBool::new(false);
        let (m, k) = blocked_bits_for(100_000, 0.01, &never).unwrap().unwrap();
        // The classic filter needs 9.59 bits per key at 1%; blocks need more.
        let bits = m as f64 / 1e5;
        assert!(bits > 9.7 && bits < 11.0, "{bits} bits per key, k = {k}");
        let fewer = BlockedShape::new(m - BLOCK_BITS, 100_000, 1).unwrap();
        assert!(blocked_best_k(fewer, Within::True, &never).unwrap().rate > 0.01);
    }
}
