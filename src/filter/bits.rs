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
        Ok(BitArray {
            bytes: vec![0; byte_len],
            len,
        })
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
