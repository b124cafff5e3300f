//! The blocked scheme (Putze, Sanders and Singler 2007): a key's k probes
//! all fall in one block of at most 512 bits, one 64-byte cache line, so a
//! query costs one cache miss instead of k.
//!
//! How the m bits are cut: into `c = ceil(m / 512)` blocks whose sizes
//! differ by at most one bit (the first `m mod c` blocks hold one bit more).
//! When m is a multiple of 512 every block is exactly 512 bits; when m is at
//! most 512 the whole filter is one block, and the scheme is the independent
//! one's model exactly (k uniform positions in m bits).
//!
//! How a key finds its bits: one seeded 64-bit hash `h` of the key chooses
//! the block (`h` mapped onto `0..c` by a multiply-high), and the SplitMix64
//! stream started at `h` gives two 32-bit words per output, each mapped onto
//! the block's bits by a multiply-high (bias below `512 / 2^32`). So the k
//! positions behave as k independent uniform draws inside a uniformly chosen
//! block, which is the model [`crate::rates::blocked`] computes exactly.

use super::independent::{reduce, seeded_hash64, splitmix64};

/// The most bits in one block: 512, a 64-byte cache line.
pub const BLOCK_BITS: u64 = 512;

/// How m bits are cut into blocks of at most `block_bits` bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BlockLayout {
    m: u64,
    blocks: u64,
    /// Bits of a short block (`m / blocks`, rounded down).
    short: u64,
    /// How many blocks hold one bit more than a short one.
    long_count: u64,
}

/// One block: where it starts and how many bits it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    /// The first bit of the block.
    pub start: u64,
    /// Its number of bits (1 to the layout's block size).
    pub len: u64,
}

impl BlockLayout {
    /// `m` bits (at least 1) cut into blocks of at most `block_bits` bits
    /// (at least 1); zeros are read as 1.
    pub fn new(m: u64, block_bits: u64) -> BlockLayout {
        let m = m.max(1);
        let blocks = m.div_ceil(block_bits.max(1));
        BlockLayout {
            m,
            blocks,
            short: m / blocks,
            long_count: m % blocks,
        }
    }

    /// `m` bits in blocks of at most [`BLOCK_BITS`].
    pub fn of(m: u64) -> BlockLayout {
        BlockLayout::new(m, BLOCK_BITS)
    }

    /// Bits in all.
    pub fn m(&self) -> u64 {
        self.m
    }

    /// Number of blocks.
    pub fn blocks(&self) -> u64 {
        self.blocks
    }

    /// Block `j` (`j < blocks()`).
    #[inline]
    pub fn block(&self, j: u64) -> Block {
        let longer = j.min(self.long_count);
        Block {
            start: j * self.short + longer,
            len: self.short + u64::from(j < self.long_count),
        }
    }

    /// The block sizes and how many blocks have each: one entry when every
    /// block is the same size, else the longer size first.
    pub fn sizes(&self) -> Vec<(u64, u64)> {
        let mut sizes = Vec::with_capacity(2);
        if self.long_count > 0 {
            sizes.push((self.short + 1, self.long_count));
        }
        if self.blocks > self.long_count {
            sizes.push((self.short, self.blocks - self.long_count));
        }
        sizes
    }

    /// The block `key` chooses and the state its positions are drawn from.
    #[inline]
    pub fn locate(&self, seed: u64, key: &[u8]) -> (Block, u64) {
        let h = seeded_hash64(seed, key);
        (self.block(reduce(h, self.blocks)), h)
    }
}

/// The SplitMix64 increment, so that word `w` of a key is output `w` of the
/// generator started at the key's hash.
const WEYL: u64 = 0x9E37_79B9_7F4A_7C15;

/// Probe `i` of a key whose block is `block` and whose hash is `h`.
#[inline]
pub fn position(block: Block, h: u64, i: u32) -> u64 {
    let word = splitmix64(h.wrapping_add(u64::from(i / 2).wrapping_mul(WEYL)));
    let half = if i.is_multiple_of(2) {
        word as u32
    } else {
        (word >> 32) as u32
    };
    block.start + ((u64::from(half) * block.len) >> 32)
}

/// Calls `visit` with the first `k` probes of a key (block `block`, hash
/// `h`) in order, stopping as soon as it returns false; returns whether
/// every call returned true. The same positions as [`position`], with each
/// generator output drawn once for its two probes.
#[inline(always)]
pub fn each_position(block: Block, h: u64, k: u32, mut visit: impl FnMut(u64) -> bool) -> bool {
    let at = |half: u64| block.start + ((half * block.len) >> 32);
    let mut state = h;
    for _ in 0..k / 2 {
        let word = splitmix64(state);
        state = state.wrapping_add(WEYL);
        if !visit(at(word & 0xFFFF_FFFF)) || !visit(at(word >> 32)) {
            return false;
        }
    }
    k.is_multiple_of(2) || visit(at(splitmix64(state) & 0xFFFF_FFFF))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_tile_the_bits_and_differ_by_at_most_one() {
        for m in [1u64, 7, 160, 511, 512, 513, 1000, 1024, 4097, 9_585_059] {
            let layout = BlockLayout::of(m);
            let mut next = 0;
            for j in 0..layout.blocks() {
                let b = layout.block(j);
                assert_eq!(b.start, next, "m = {m}, block {j}");
                assert!(b.len >= 1 && b.len <= BLOCK_BITS, "m = {m}: {b:?}");
                next += b.len;
            }
            assert_eq!(next, m);
            let counted: u64 = layout.sizes().iter().map(|&(len, c)| len * c).sum();
            assert_eq!(counted, m);
            let sizes = layout.sizes();
            assert!(sizes.len() <= 2 && sizes.iter().all(|&(len, _)| len + 1 >= sizes[0].0));
        }
        assert_eq!(BlockLayout::of(1024).sizes(), [(512, 2)]);
        assert_eq!(BlockLayout::of(1000).sizes(), [(500, 2)]);
        assert_eq!(BlockLayout::of(1001).sizes(), [(501, 1), (500, 1)]);
        assert_eq!(BlockLayout::of(160).sizes(), [(160, 1)]);
    }

    #[test]
    fn the_walk_gives_the_positions_one_by_one() {
        let layout = BlockLayout::of(1001);
        for n in 0u64..200 {
            let (block, h) = layout.locate(n, &n.to_le_bytes());
            for k in [1, 2, 7, 12] {
                let mut walked = Vec::new();
                assert!(each_position(block, h, k, |p| {
                    walked.push(p);
                    true
                }));
                let direct: Vec<u64> = (0..k).map(|i| position(block, h, i)).collect();
                assert_eq!(walked, direct);
            }
            let mut seen = 0;
            assert!(!each_position(block, h, 7, |_| {
                seen += 1;
                seen < 3
            }));
            assert_eq!(seen, 3);
        }
    }

    #[test]
    fn positions_stay_in_their_block_and_cover_it_evenly() {
        let layout = BlockLayout::of(2048);
        let mut cells = vec![0u32; 2048];
        for n in 0u64..20_000 {
            let (block, h) = layout.locate(3, &n.to_le_bytes());
            for i in 0..8 {
                let p = position(block, h, i);
                assert!(p >= block.start && p < block.start + block.len);
                cells[p as usize] += 1;
            }
        }
        // 160,000 probes into 2048 bits: about 78 each; a chi-square far
        // over its 2047 degrees of freedom would mean they are not uniform.
        let mean = 160_000.0 / 2048.0;
        let chi2: f64 = cells
            .iter()
            .map(|&c| (f64::from(c) - mean).powi(2) / mean)
            .sum();
        assert!(chi2 < 2300.0, "chi-square {chi2}");
    }
}
