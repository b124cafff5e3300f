//! The idealised blocked rate of Putze, Sanders and Singler (2007): the
//! load of the query's block taken as Poisson with mean `lambda = n / c`
//! (the binomial's limit for many blocks), with the classic formula inside
//! the block,
//!
//! `sum_{i >= 0} Pois(i; lambda) (1 - (1 - 1/B)^(k i))^k`.
//!
//! Computed in doubles and in log space (so a rate below the smallest
//! double still has a logarithm): every term is positive, and the sum runs
//! over `lambda +- 40 sqrt(lambda) + 60` loads, beyond which the Poisson
//! weights are below `e^-700` of the largest. Past a mean of 10^5 keys per
//! block the loads are summed on a grid of 2001 points across 16 standard
//! deviations (the block's rate barely changes from one load to the next
//! there). Like the unblocked idealised rate it is a formula, not the
//! exact rate; [`super::blocked_enclosure`] has that.

use super::BlockedShape;

/// The Poisson mean past which loads are summed on a grid.
const GRID_FROM: f64 = 1e5;
/// Points of that grid.
const GRID_POINTS: u32 = 2001;

/// The idealised blocked rate (see the module notes); 0 for no keys.
pub fn blocked_poisson(shape: BlockedShape) -> f64 {
    ln_blocked_poisson(shape).exp()
}

/// The natural logarithm of [`blocked_poisson`] (negative infinity for no
/// keys).
pub(super) fn ln_blocked_poisson(shape: BlockedShape) -> f64 {
    if shape.n == 0 {
        return f64::NEG_INFINITY;
    }
    let layout = shape.layout();
    let c = layout.blocks() as f64;
    let lambda = shape.n as f64 / c;
    let parts: Vec<f64> = layout
        .sizes()
        .into_iter()
        .map(|(len, count)| (count as f64 / c).ln() + ln_block(lambda, len, shape.k))
        .collect();
    log_sum(&parts)
}

/// `ln` of the Poisson mixture for one block size.
fn ln_block(lambda: f64, len: u64, k: u32) -> f64 {
    let inside = |i: f64| ln_within(i, len, k);
    if lambda > GRID_FROM {
        let sd = lambda.sqrt();
        let step = 16.0 * sd / f64::from(GRID_POINTS - 1);
        let terms: Vec<f64> = (0..GRID_POINTS)
            .map(|p| {
                let i = lambda - 8.0 * sd + step * f64::from(p);
                let z = (i - lambda) / sd;
                // The normal density times the grid step stands for the
                // Poisson weights of the step's loads.
                -0.5 * z * z - (sd * (2.0 * std::f64::consts::PI).sqrt()).ln()
                    + step.ln()
                    + inside(i)
            })
            .collect();
        return log_sum(&terms);
    }
    let spread = 40.0 * lambda.sqrt() + 60.0;
    let low = (lambda - spread).max(0.0).floor() as u64;
    let high = (lambda + spread).ceil() as u64;
    let ln_lambda = lambda.ln();
    let mut ln_weight = -lambda + low as f64 * ln_lambda - ln_factorial(low);
    let mut terms = Vec::with_capacity((high - low + 1) as usize);
    for i in low..=high {
        if i > low {
            ln_weight += ln_lambda - (i as f64).ln();
        }
        terms.push(ln_weight + inside(i as f64));
    }
    log_sum(&terms)
}

/// `ln (1 - (1 - 1/len)^(k i))^k`, the classic formula for a block of
/// `len` bits holding i keys.
fn ln_within(i: f64, len: u64, k: u32) -> f64 {
    let miss = f64::from(k) * i * (-1.0 / len as f64).ln_1p();
    f64::from(k) * (-miss.exp_m1()).ln()
}

/// `ln(i!)`: summed below 30, Stirling's series above.
fn ln_factorial(i: u64) -> f64 {
    if i < 30 {
        return (2..=i).map(|j| (j as f64).ln()).sum();
    }
    let x = i as f64;
    x * x.ln() - x + 0.5 * (2.0 * std::f64::consts::PI * x).ln() + 1.0 / (12.0 * x)
        - 1.0 / (360.0 * x.powi(3))
        + 1.0 / (1260.0 * x.powi(5))
}

/// `ln sum e^t` over `terms`, without overflow or underflow.
fn log_sum(terms: &[f64]) -> f64 {
    let top = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !top.is_finite() {
        return top;
    }
    top + terms.iter().map(|t| (t - top).exp()).sum::<f64>().ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factorials_agree_across_the_switch() {
        let summed: f64 = (2..=40u64).map(|j| (j as f64).ln()).sum();
        assert!((ln_factorial(40) - summed).abs() < 1e-12);
        assert_eq!(ln_factorial(0), 0.0);
        assert_eq!(ln_factorial(1), 0.0);
    }

    #[test]
    fn a_single_block_with_a_fixed_load_is_the_classic_formula() {
        // With one block the load is n for certain, not Poisson, so this
        // only checks the formula inside a block against the idealised
        // classic rate at a large block.
        let inside = ln_within(100.0, 1_000_000, 7).exp();
        let idealised = (1.0 - (-7.0 * 100.0 / 1e6f64).exp()).powi(7);
        assert!(
            (inside / idealised - 1.0).abs() < 1e-3,
            "{inside} {idealised}"
        );
    }

    #[test]
    fn the_grid_meets_the_sum_where_they_hand_over() {
        let below = ln_block(GRID_FROM * 0.999, 512, 6);
        let above = ln_block(GRID_FROM * 1.001, 512, 6);
        assert!((below - above).abs() < 1e-6, "{below} {above}");
    }
}
