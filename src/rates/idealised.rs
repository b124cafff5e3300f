//! The idealised rate `(1 - e^(-kn/m))^k`: the textbook approximation, which
//! depends on k and the ratio m/n only.

use super::params::Params;

/// The idealised false-positive rate as a double.
///
/// `1 - e^(-x)` is taken as `-expm1(-x)` so it keeps its precision when `x`
/// is tiny, and the k-th power goes through a logarithm taken with `ln_1p`
/// when the rate per probe is close to 1.
pub fn idealised(p: Params) -> f64 {
    idealised_ratio(p.k(), p.n() as f64 / p.m() as f64)
}

/// The idealised rate from `k` and the load `n/m` (keys per bit).
pub fn idealised_ratio(k: u32, keys_per_bit: f64) -> f64 {
    idealised_real_k(f64::from(k), keys_per_bit)
}

/// The idealised rate for a real-valued `k`, as used when drawing the rate
/// against k as a smooth curve or at the rule-of-thumb optimum `(m/n) ln 2`.
pub fn idealised_real_k(k: f64, keys_per_bit: f64) -> f64 {
    idealised_ln_real_k(k, keys_per_bit).exp()
}

/// The natural logarithm of the idealised rate, finite even where the rate
/// itself underflows a double (negative infinity with no keys).
pub fn idealised_ln(p: Params) -> f64 {
    idealised_ln_real_k(f64::from(p.k()), p.n() as f64 / p.m() as f64)
}

/// The natural logarithm of the idealised rate at a real `k` and a load of
/// `keys_per_bit` (n/m), finite where the rate itself underflows.
pub fn idealised_ln_real_k(k: f64, keys_per_bit: f64) -> f64 {
    let x = k * keys_per_bit;
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    let empty = (-x).exp();
    let log_set = if empty < 0.5 {
        (-empty).ln_1p()
    } else {
        (-(-x).exp_m1()).ln()
    };
    k * log_set
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, rel: f64) -> bool {
        ((a - b) / b).abs() < rel
    }

    #[test]
    fn table_values() {
        let cases = [
            (16, 3, 3, 0.079627528),
            (160, 16, 7, 0.0081937221),
            (144, 12, 8, 0.0031423503),
            (144, 12, 10, 0.0033386570),
            (1000, 100, 7, 0.0081937221),
            (80, 10, 5, 0.021679217),
        ];
        for (m, n, k, want) in cases {
            let got = idealised(Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")));
            assert!(close(got, want, 1e-7), "{m}/{n}/{k}: {got} vs {want}");
        }
    }

    #[test]
    fn depends_on_ratio_only() {
        let a = idealised(Params::new(160, 16, 7).unwrap_or_else(|e| panic!("{e}")));
        let b = idealised(Params::new(1_600_000, 160_000, 7).unwrap_or_else(|e| panic!("{e}")));
        assert_eq!(a, b);
    }

    #[test]
    fn real_k_at_the_rule_of_thumb_is_a_power_of_a_half() {
        let b: f64 = 10.0;
        let k = b * std::f64::consts::LN_2;
        assert!(close(idealised_real_k(k, 1.0 / b), 0.5f64.powf(k), 1e-13));
    }

    #[test]
    fn tiny_loads_keep_precision() {
        // x = 1e-12: 1 - e^-x is x(1 - x/2) to double precision.
        let got = idealised_ratio(1, 1e-12);
        assert!(close(got, 1e-12 * (1.0 - 0.5e-12), 1e-15));
        assert_eq!(
            idealised(Params::new(10, 0, 3).unwrap_or_else(|e| panic!("{e}"))),
            0.0
        );
    }
}
