//! The blocked rate against brute force over every hash outcome of tiny
//! filters, against its own defining mixture, against the unblocked rates
//! where the filter is one block, and against the figures in the brief.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use super::*;
use crate::filter::blocked::BlockLayout;
use crate::rates::budget::Budget;
use crate::rates::decimal::SigDecimal;
use crate::rates::params::Params;
use crate::rates::{classic_exact, idealised, true_exact};

fn ratio(num: u64, den: u64) -> BigRational {
    BigRational::new(BigInt::from(num), BigInt::from(den))
}

/// The exact chance that a query is a false positive, by following the
/// distribution of the filter's bits key by key: each key chooses one of
/// the c blocks and one of the len^k tuples of positions in it, all
/// equally likely; a query in block j with s_j bits set is a false
/// positive with chance (s_j / len_j)^k.
fn brute_force(m: u64, n: u64, k: u32, block_bits: u64) -> BigRational {
    let layout = BlockLayout::new(m, block_bits);
    let c = layout.blocks();
    let mut states: HashMap<u64, BigRational> = HashMap::from([(0, BigRational::one())]);
    for _ in 0..n {
        let mut next: HashMap<u64, BigRational> = HashMap::new();
        for (state, p) in &states {
            for j in 0..c {
                let block = layout.block(j);
                let tuples = block.len.pow(k);
                let share = p * ratio(1, c * tuples);
                for t in 0..tuples {
                    let mut bits = *state;
                    let mut rest = t;
                    for _ in 0..k {
                        bits |= 1 << (block.start + rest % block.len);
                        rest /= block.len;
                    }
                    *next.entry(bits).or_insert_with(BigRational::zero) += &share;
                }
            }
        }
        states = next;
    }
    let mut rate = BigRational::zero();
    for (state, p) in &states {
        for j in 0..c {
            let block = layout.block(j);
            let set = (state >> block.start) & ((1 << block.len) - 1);
            let hit = ratio(u64::from(set.count_ones()), block.len);
            rate += p * num_traits::pow(hit, k as usize) * ratio(1, c);
        }
    }
    rate
}

/// The classic-inside mixture written out: `sum_i Binom(i; n, 1/c)
/// (1 - (1 - 1/len)^(k i))^k`, averaged over the block sizes.
fn classic_mixture(m: u64, n: u64, k: u32, block_bits: u64) -> BigRational {
    let layout = BlockLayout::new(m, block_bits);
    let c = layout.blocks();
    let q = ratio(1, c);
    let stay = BigRational::one() - &q;
    let mut total = BigRational::zero();
    for (len, count) in layout.sizes() {
        let mut block = BigRational::zero();
        for i in 0..=n {
            let choose = (0..i).fold(BigRational::one(), |acc, t| acc * ratio(n - t, t + 1));
            let weight = choose
                * num_traits::pow(q.clone(), i as usize)
                * num_traits::pow(stay.clone(), (n - i) as usize);
            let miss = num_traits::pow(ratio(len - 1, len), (u64::from(k) * i) as usize);
            block += weight * num_traits::pow(BigRational::one() - miss, k as usize);
        }
        total += block * ratio(count, c);
    }
    total
}

/// Tiny shapes: equal blocks, unequal blocks, one block, several.
const TINY: [(u64, u64, u32, u64); 7] = [
    (4, 2, 2, 2),
    (5, 2, 2, 3),
    (3, 3, 2, 3),
    (6, 2, 2, 2),
    (7, 3, 2, 3),
    (4, 1, 3, 2),
    (6, 3, 3, 3),
];

fn same(a: &BigRational, b: &BigRational) -> bool {
    (a - b).is_zero()
}

#[test]
fn the_exact_rate_is_brute_force_over_every_hash_outcome() {
    for (m, n, k, b) in TINY {
        let shape = BlockedShape::with_blocks(m, n, k, b).unwrap();
        let brute = brute_force(m, n, k, b);
        let exact = blocked_exact(shape, Within::True, Budget::default()).unwrap();
        assert!(same(&exact, &brute), "{m}/{n}/{k}/{b}: {exact} vs {brute}");
        for prec in [8, 64, 300] {
            let e = blocked_enclosure(shape, Within::True, prec);
            assert!(e.contains(&brute), "{m}/{n}/{k}/{b} at {prec}");
        }
        let digits = blocked_digits(
            shape,
            Within::True,
            25,
            Budget::default(),
            &AtomicBool::new(false),
        )
        .unwrap();
        assert_eq!(
            digits.decimal,
            SigDecimal::from_ratio(&brute, 25).unwrap(),
            "{m}/{n}/{k}/{b}"
        );
    }
}

#[test]
fn the_classic_inside_form_is_its_binomial_mixture_and_lies_below() {
    for (m, n, k, b) in TINY {
        let shape = BlockedShape::with_blocks(m, n, k, b).unwrap();
        let mixture = classic_mixture(m, n, k, b);
        let exact = blocked_exact(shape, Within::Classic, Budget::default()).unwrap();
        assert!(same(&exact, &mixture), "{m}/{n}/{k}/{b}");
        assert!(blocked_enclosure(shape, Within::Classic, 100).contains(&mixture));
        let true_rate = blocked_exact(shape, Within::True, Budget::default()).unwrap();
        assert!(exact <= true_rate, "{m}/{n}/{k}/{b}");
    }
}

#[test]
fn one_block_is_the_unblocked_filter() {
    for (m, n, k) in [(160, 16, 7), (16, 3, 3), (512, 40, 5)] {
        let shape = BlockedShape::new(m, n, k).unwrap();
        let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
        let t = blocked_exact(shape, Within::True, Budget::default()).unwrap();
        assert!(same(&t, &true_exact(p, Budget::default()).unwrap()));
        let c = blocked_exact(shape, Within::Classic, Budget::default()).unwrap();
        assert!(same(&c, &classic_exact(p, Budget::default()).unwrap()));
    }
}

#[test]
fn no_keys_no_false_positives() {
    let shape = BlockedShape::new(4096, 0, 5).unwrap();
    assert!(blocked_enclosure(shape, Within::True, 64).is_exact());
    assert_eq!(blocked_poisson(shape), 0.0);
    let d = blocked_digits(
        shape,
        Within::True,
        5,
        Budget::default(),
        &AtomicBool::new(false),
    )
    .unwrap();
    assert!(d.decimal.is_zero());
}

#[test]
fn shapes_out_of_range_are_refused() {
    assert!(BlockedShape::new(0, 1, 1).is_err());
    assert!(BlockedShape::new(10, 1, 0).is_err());
    assert!(BlockedShape::with_blocks(10, 1, 1, 513).is_err());
    assert!(BlockedShape::with_blocks(10, 1, 1, 0).is_err());
}

#[test]
fn at_ten_bits_per_key_and_six_hashes_blocking_costs_what_the_brief_says() {
    // 10,000 blocks of 512 bits with 51.2 keys each on average.
    let shape = BlockedShape::new(5_120_000, 512_000, 6).unwrap();
    let never = AtomicBool::new(false);
    let exact = blocked_digits(shape, Within::True, 10, Budget::default(), &never)
        .unwrap()
        .decimal
        .to_f64();
    let classic_inside = blocked_digits(shape, Within::Classic, 10, Budget::default(), &never)
        .unwrap()
        .decimal
        .to_f64();
    let poisson = blocked_poisson(shape);
    let unblocked = idealised(Params::new(5_120_000, 512_000, 6).unwrap_or_else(|e| panic!("{e}")));
    eprintln!(
        "10 bits/key, k = 6: exact {exact:.6e}, classic inside {classic_inside:.6e}, \
         Poisson {poisson:.6e}, unblocked {unblocked:.6e}"
    );
    // The brief: about 0.0096 blocked against 0.0084 unblocked.
    assert!((poisson - 0.0096).abs() < 0.00005, "{poisson}");
    assert!((unblocked - 0.0084).abs() < 0.00005, "{unblocked}");
    // The binomial load is a little narrower than the Poisson one, and the
    // true rate inside a block a little above the classic formula.
    assert!(
        classic_inside < poisson && classic_inside < exact,
        "{classic_inside}"
    );
    assert!((exact / poisson - 1.0).abs() < 0.01, "{exact} {poisson}");
}

#[test]
fn the_best_k_of_a_blocked_filter_is_lower_at_high_bits_per_key() {
    let never = AtomicBool::new(false);
    // 16 bits per key: 32 keys per 512-bit block.
    let shape = BlockedShape::new(8_192_000, 512_000, 1).unwrap();
    let best = blocked_best_k(shape, Within::True, &never).unwrap();
    let classic_best = (1..=20u32)
        .map(|k| {
            (
                k,
                idealised(Params::new(8_192_000, 512_000, k).unwrap_or_else(|e| panic!("{e}"))),
            )
        })
        .fold((0, f64::INFINITY), |a, b| if b.1 < a.1 { b } else { a });
    eprintln!("16 bits/key: blocked best {best:?}, classic best {classic_best:?}");
    assert_eq!(classic_best.0, 11);
    assert_eq!(best.k, 9);
    // At 10 bits per key the two agree more closely.
    let ten = BlockedShape::new(5_120_000, 512_000, 1).unwrap();
    let best_ten = blocked_best_k(ten, Within::True, &never).unwrap();
    eprintln!("10 bits/key: blocked best {best_ten:?}");
    assert!(best_ten.k <= 7);
}

#[test]
fn the_blocked_best_k_search_finds_the_k_a_ranking_of_every_k_finds() {
    let never = AtomicBool::new(false);
    for (m, n, top) in [
        (64, 1, 64),
        (300, 2, 120),
        (100_000, 10_000, 30),
        (5_120_000, 512_000, 30),
        (8_192_000, 512_000, 30),
    ] {
        let shape = BlockedShape::new(m, n, 1).unwrap();
        let found = blocked_best_k(shape, Within::True, &never).unwrap();
        let every: Vec<(u32, f64)> = (1..=top)
            .map(|k| {
                let e = blocked_enclosure(shape.with_k(k), Within::True, 128);
                assert!(e.relative_width_log2() <= -24.0, "{m}/{n}/{k}: loose");
                (k, e.log2_midpoint())
            })
            .collect();
        let lowest = every
            .iter()
            .fold((0, f64::INFINITY), |a, &b| if b.1 < a.1 { b } else { a });
        assert!(lowest.0 < top, "{m}/{n}: the ranking needs a wider top");
        assert_eq!(found.k, lowest.0, "{m}/{n}: {found:?} against {lowest:?}");
    }
}

#[test]
fn one_key_in_many_blocks_is_best_served_by_hundreds_of_probes() {
    // One key: the query's block holds it with chance 1/blocks, and then
    // its k probes must all land on the key's own bits. Ranked by loose
    // enclosures (a lower end of 0, a midpoint of half the upper end), the
    // scan stopped at k = 117 with 5.1e-85; the rate is lowest near 275.
    let never = AtomicBool::new(false);
    let shape = BlockedShape::new(10_000_000_000, 1, 1).unwrap();
    let best = blocked_best_k(shape, Within::True, &never).unwrap();
    assert!((260..=290).contains(&best.k), "{best:?}");
    assert!(best.rate < 1e-103 && best.rate > 1e-105, "{best:?}");
}
