//! The fill of a filter: the fraction of its bits set after n keys, exactly
//! by the classic model and by its idealised approximation. The lab's chart
//! and the lecture's curve both draw these.

/// Expected fraction of set bits by the classic model, `1 - (1 - 1/m)^(kn)`,
/// in f64 through `ln_1p` and `exp_m1` (accurate to rounding at any m); `n`
/// may be fractional so a curve can be drawn between whole key counts.
///
/// ```
/// let f = bloomlab::rates::exact_fill(16, 3.0, 3);
/// assert!((f - 0.4406).abs() < 1e-4);
/// ```
pub fn exact_fill(m: u64, n: f64, k: u32) -> f64 {
    if m <= 1 {
        return if n > 0.0 { 1.0 } else { 0.0 };
    }
    -((f64::from(k) * n) * (-1.0 / m as f64).ln_1p()).exp_m1()
}

/// The idealised fill `1 - e^(-kn/m)`, from k (real, for smooth curves) and
/// the load n/m in keys per bit. It is the idealised false-positive rate of a
/// one-probe filter that has taken k times as many keys.
///
/// ```
/// let f = bloomlab::rates::idealised_fill(3.0, 3.0 / 16.0);
/// assert!((f - 0.4302).abs() < 1e-4);
/// ```
pub fn idealised_fill(k: f64, keys_per_bit: f64) -> f64 {
    super::idealised::idealised_real_k(1.0, k * keys_per_bit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_fills_agree_for_large_m() {
        let exact = exact_fill(1_000_000, 100_000.0, 7);
        let ideal = idealised_fill(7.0, 0.1);
        assert!((exact - ideal).abs() < 1e-6);
        assert!(exact_fill(16, 3.0, 3) > idealised_fill(3.0, 3.0 / 16.0));
        assert_eq!(exact_fill(1, 1.0, 1), 1.0);
        assert_eq!(idealised_fill(3.0, 0.0), 0.0);
    }
}
