//! A fixed-length array of bits packed into bytes.
//!
//! Bit `p` lives in byte `p >> 3` at bit `p & 7` (least significant bit
//! first), the layout the lesson draws and the one a filter file would use.

use super::FilterError;

/// The largest bit array a filter may allocate: 2^32 bits (512 MiB).
pub const MAX_BITS: u64 = crate::limits::FILTER_M.max;

/// A zero-initialised array of `len` bits stored eight to a byte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitArray {
    bytes: Vec<u8>,
    len: u64,
}

impl BitArray {
    /// An array of `len` bits, all 0. Refuses an empty array and one longer
    /// than [`MAX_BITS`].
    pub fn new(len: u64) -> Result<BitArray, FilterError> {
        if len == 0 {
            return Err(FilterError::ZeroBits);
        }
        if len > MAX_BITS {
            return Err(FilterError::TooManyBits {
                m: len,
                max: MAX_BITS,
            });
        }
        // `len <= 2^32`, so the byte count fits in usize on 64-bit and on
        // 32-bit targets alike (2^29 bytes).
        let byte_len = len.div_ceil(8) as usize;
        let bytes = zeroed_bytes(byte_len).ok_or(FilterError::OutOfMemory {
            bits: len,
            bytes: byte_len as u64,
        })?;
        Ok(BitArray { bytes, len })
    }

    /// An all-0 array of the same length (for a copy filled on another
    /// thread and merged back with [`union_with`](BitArray::union_with)).
    pub fn empty_like(&self) -> Result<BitArray, FilterError> {
        BitArray::new(self.len)
    }

    /// Sets every bit that is 1 in `other` (a bitwise or). Arrays of
    /// different lengths are refused and left unchanged.
    pub fn union_with(&mut self, other: &BitArray) -> Result<(), FilterError> {
        if other.len != self.len {
            return Err(FilterError::Incompatible);
        }
        for (mine, theirs) in self.bytes.iter_mut().zip(&other.bytes) {
            *mine |= theirs;
        }
        Ok(())
    }

    /// Number of bits in the array.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Always false: an array holds at least one bit.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value of bit `pos`; positions at or past the end read as 0.
    #[inline]
    pub fn get(&self, pos: u64) -> bool {
        if pos >= self.len {
            return false;
        }
        self.bytes[(pos >> 3) as usize] & (1 << (pos & 7)) != 0
    }

    /// Sets bit `pos` to 1 and says whether it was 0 before (so the caller
    /// can tell a bit it turned on from one another key had already set).
    /// Positions past the end are ignored and report `false`.
    #[inline]
    pub fn set(&mut self, pos: u64) -> bool {
        if pos >= self.len {
            return false;
        }
        let byte = &mut self.bytes[(pos >> 3) as usize];
        let mask = 1u8 << (pos & 7);
        let was_clear = *byte & mask == 0;
        *byte |= mask;
        was_clear
    }

    /// Bytes the array holds allocated.
    pub fn memory_bytes(&self) -> u64 {
        self.bytes.capacity() as u64
    }

    /// Number of bits that are 1.
    pub fn count_ones(&self) -> u64 {
        self.bytes.iter().map(|b| u64::from(b.count_ones())).sum()
    }

    /// Turns every bit back to 0, keeping the allocation.
    pub fn clear(&mut self) {
        self.bytes.fill(0);
    }

    /// The packed bytes, bit `p` at bit `p & 7` of byte `p >> 3`. Bits past
    /// `len` in the last byte are always 0.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// `len` zero bytes, or `None` when the allocator cannot supply them.
///
/// `vec![0; len]` asks for zeroed memory, which the system hands out as
/// untouched pages (so a large, sparse filter only ever commits the pages
/// its keys land on), but it aborts the process when the allocation fails.
/// So the same size is first asked for fallibly and given back; only then
/// is the zeroed block taken. `black_box` keeps the optimiser from dropping
/// the trial allocation as unused.
pub(crate) fn zeroed_bytes(len: usize) -> Option<Vec<u8>> {
    let mut trial: Vec<u8> = Vec::new();
    trial.try_reserve_exact(len).ok()?;
    std::hint::black_box(trial.as_mut_ptr());
    drop(trial);
    Some(vec![0; len])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_p_is_bit_p_and_7_of_byte_p_shr_3() {
        let mut bits = BitArray::new(20).unwrap();
        assert!(bits.set(0));
        assert!(bits.set(9));
        assert!(bits.set(19));
        assert_eq!(bits.as_bytes(), &[0b0000_0001, 0b0000_0010, 0b0000_1000]);
    }

    #[test]
    fn set_reports_whether_the_bit_was_clear() {
        let mut bits = BitArray::new(16).unwrap();
        assert!(bits.set(5));
        assert!(!bits.set(5));
        assert!(bits.get(5));
        assert!(!bits.get(4));
        assert_eq!(bits.count_ones(), 1);
        bits.clear();
        assert_eq!(bits.count_ones(), 0);
        assert!(!bits.get(5));
    }

    #[test]
    fn out_of_range_positions_are_harmless() {
        let mut bits = BitArray::new(10).unwrap();
        assert!(!bits.set(10));
        assert!(!bits.get(10));
        assert!(!bits.get(u64::MAX));
        assert_eq!(bits.as_bytes(), &[0, 0]);
    }

    #[test]
    fn union_sets_the_bits_of_both() {
        let mut a = BitArray::new(20).unwrap();
        let mut b = a.empty_like().unwrap();
        a.set(1);
        b.set(1);
        b.set(17);
        a.union_with(&b).unwrap();
        assert!(a.get(1) && a.get(17));
        assert_eq!(a.count_ones(), 2);
        let other = BitArray::new(21).unwrap();
        assert_eq!(a.union_with(&other), Err(FilterError::Incompatible));
    }

    #[test]
    fn an_impossible_allocation_is_refused_not_aborted() {
        assert!(zeroed_bytes(usize::MAX / 2).is_none());
        assert_eq!(zeroed_bytes(3), Some(vec![0, 0, 0]));
    }

    #[test]
    fn sizes_outside_the_allowed_range_are_refused() {
        assert_eq!(BitArray::new(0), Err(FilterError::ZeroBits));
        assert_eq!(
            BitArray::new(MAX_BITS + 1),
            Err(FilterError::TooManyBits {
                m: MAX_BITS + 1,
                max: MAX_BITS
            })
        );
    }
}
