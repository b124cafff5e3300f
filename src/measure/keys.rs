//! The keys a measurement inserts and queries.
//!
//! Each filter gets a random 64-bit salt. Inserted key `i` is the 8 bytes of
//! `scramble(salt ^ 2i)` and query key `j` those of `scramble(salt ^ (2j+1))`.
//! `scramble` is a bijection, and the two inputs differ in their lowest bit,
//! so the inserted keys are distinct from one another and no query key can
//! ever equal an inserted key: every "maybe" to a query is a false positive.
//! The scramble makes the keys look like random bytes to the hash, so the
//! lesson's FNV-1a sees uniform inputs rather than a counter.

use crate::filter::independent::splitmix64;

/// Key bytes for one filter's inserted and queried keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeySpace {
    salt: u64,
}

impl KeySpace {
    /// The key space of one filter, chosen by its salt.
    pub fn new(salt: u64) -> KeySpace {
        KeySpace { salt }
    }

    /// The `i`-th key inserted into the filter.
    #[inline]
    pub fn inserted(&self, i: u64) -> [u8; 8] {
        splitmix64(self.salt ^ (i << 1)).to_le_bytes()
    }

    /// The `j`-th key queried (never inserted).
    #[inline]
    pub fn queried(&self, j: u64) -> [u8; 8] {
        splitmix64(self.salt ^ ((j << 1) | 1)).to_le_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn inserted_and_queried_keys_never_meet() {
        for salt in [0, 1, u64::MAX, 0x1234_5678_9ABC_DEF0] {
            let space = KeySpace::new(salt);
            let inserted: HashSet<[u8; 8]> = (0..5000).map(|i| space.inserted(i)).collect();
            assert_eq!(inserted.len(), 5000);
            assert!((0..5000).all(|j| !inserted.contains(&space.queried(j))));
        }
    }
}
