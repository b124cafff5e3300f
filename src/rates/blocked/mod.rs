//! The false-positive rate of a blocked Bloom filter, exactly.
//!
//! The filter ([`crate::filter::blocked`]): m bits cut into `c` blocks of at
//! most B bits (B = 512), each of the n keys choosing one block uniformly
//! and setting k uniform positions inside it; a query chooses a block the
//! same way and reads k uniform positions there.
//!
//! **What "exact" means here.** A query's block holds `L`, the number of
//! keys that chose it, and `L` is binomial, `Binom(n, 1/c)`: every key
//! chooses independently. Given `L = i`, the query is the classic filter's
//! query in a filter of B bits with i keys, whose exact chance is the true
//! rate `E[(X/B)^k]` (the k probes share one fill). So the exact rate is the
//! binomial mixture
//!
//! `blocked = sum_i Binom(i; n, 1/c) * E[(X_i/B)^k]`,
//!
//! a rational number. No tail needs cutting: writing the true rate as
//! `E[(X_i/B)^k] = sum_j (-1)^j (a_j / B^k) ((B-j)/B)^(k i)`
//! (the `a_j` of [`crate::rates::true_rate`]) and summing over i with the
//! binomial's generating function `sum_i Binom(i; n, q) x^i = (1 - q + q x)^n`
//! gives a finite sum of `min(k, B) + 1` powers,
//!
//! `blocked = sum_j (-1)^j (a_j / B^k) * ((c - 1 + ((B-j)/B)^k) / c)^n`.
//!
//! [`Within::Classic`] puts the classic formula `(1 - (1 - 1/B)^(k i))^k` in
//! place of the true rate inside the block (the usual way the mixture is
//! written), which folds the same way into
//! `sum_j (-1)^j C(k, j) ((c - 1 + (1 - 1/B)^(k j)) / c)^n`. It is the
//! lower of the two (Jensen, as for the unblocked rates).
//!
//! The idealised counterpart ([`blocked_poisson`]) is Putze, Sanders and
//! Singler's: a Poisson load of mean `n / c` for the binomial one, with the
//! classic formula inside the block.
//!
//! When m is not a multiple of B the blocks differ by one bit; a query's
//! block is still uniform over the `c` blocks, so the rate is the blocks'
//! rates averaged by how many blocks have each size. When `m <= B` there is
//! one block and the blocked rate is the classic or true rate itself.
//!
//! - [`BlockedShape`]: m, n, k and the block size, checked;
//! - [`blocked_enclosure`]: a certified enclosure at any size;
//! - [`blocked_digits`]: D correctly rounded digits from the enclosures;
//! - [`blocked_exact`]: the whole fraction, for small shapes (and ties);
//! - [`blocked_poisson`]: the idealised formula in doubles;
//! - [`blocked_best_k`]: the k with the lowest blocked rate;
//! - [`blocked_bits_for`]: the bits a blocked filter needs to meet a target;
//! - [`BlockedFigures`]: all of them at one shape (`rate --json`).

mod best_k;
mod digits;
mod enclosure;
mod exact;
mod figures;
mod poisson;
mod sizing;

pub use best_k::{BlockedBestK, blocked_best_k};
pub use digits::blocked_digits;
pub use enclosure::blocked_enclosure;
pub use exact::blocked_exact;
pub use figures::BlockedFigures;
pub use poisson::blocked_poisson;
pub use sizing::blocked_bits_for;

use super::error::RateError;
use super::params::{MAX_K, MAX_M, MAX_N};
use crate::filter::blocked::{BLOCK_BITS, BlockLayout};

/// Which rate stands for the query inside its block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Within {
    /// The exact chance `E[(X/B)^k]`: the blocked filter's exact rate.
    True,
    /// The classic formula `(1 - (1 - 1/B)^(k i))^k` for a block of i keys.
    Classic,
}

impl Within {
    /// `"true"` or `"classic"`.
    pub fn name(self) -> &'static str {
        match self {
            Within::True => "true",
            Within::Classic => "classic",
        }
    }
}

/// A blocked filter's shape: m bits in blocks of at most `block_bits`, n
/// keys, k positions per key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BlockedShape {
    /// Bits in the filter.
    pub m: u64,
    /// Keys inserted.
    pub n: u64,
    /// Positions per key, all in the key's block.
    pub k: u32,
    /// The most bits in a block.
    pub block_bits: u64,
}

impl BlockedShape {
    /// A shape with 512-bit blocks (the filter's), after checking m, n and
    /// k against the ranges the exact arithmetic accepts.
    pub fn new(m: u64, n: u64, k: u32) -> Result<BlockedShape, RateError> {
        BlockedShape::with_blocks(m, n, k, BLOCK_BITS)
    }

    /// A shape with blocks of at most `block_bits` bits (1 to 512), checked.
    pub fn with_blocks(m: u64, n: u64, k: u32, block_bits: u64) -> Result<BlockedShape, RateError> {
        let invalid = |name, value: u64, range| RateError::InvalidParams {
            name,
            value: value.to_string(),
            range,
        };
        if !(1..=MAX_M).contains(&m) {
            return Err(invalid("m", m, "1..=1000000000000000000"));
        }
        if n > MAX_N {
            return Err(invalid("n", n, "0..=1000000000000000"));
        }
        if !(1..=MAX_K).contains(&k) {
            return Err(invalid("k", u64::from(k), "1..=1000"));
        }
        if !(1..=BLOCK_BITS).contains(&block_bits) {
            return Err(invalid("block bits", block_bits, "1..=512"));
        }
        Ok(BlockedShape {
            m,
            n,
            k,
            block_bits,
        })
    }

    /// How the bits are cut into blocks.
    pub fn layout(&self) -> BlockLayout {
        BlockLayout::new(self.m, self.block_bits)
    }

    /// The same shape with another k.
    pub fn with_k(&self, k: u32) -> BlockedShape {
        BlockedShape { k, ..*self }
    }
}

#[cfg(test)]
mod tests;
