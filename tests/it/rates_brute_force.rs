//! The exact rates against a literal enumeration of every way the hashes can
//! fall, for filters small enough to enumerate.

use bloomlab::rates::{Budget, Params, classic_exact, idealised, ratio_to_f64, true_exact};
use num_bigint::BigInt;
use num_rational::BigRational;

/// Walks every sequence of `kn` insert positions and, for each, every
/// sequence of `k` query positions; returns the fraction of (insert, query)
/// pairs where the query finds all its bits set.
fn enumerate(m: u64, n: u64, k: u32) -> BigRational {
    let throws = (u64::from(k) * n) as u32;
    let inserts = m.pow(throws);
    let queries = m.pow(k);
    let mut hits: u64 = 0;
    for outcome in 0..inserts {
        let mut set = vec![false; m as usize];
        let mut rest = outcome;
        for _ in 0..throws {
            set[(rest % m) as usize] = true;
            rest /= m;
        }
        for query in 0..queries {
            let mut rest = query;
            let mut all = true;
            for _ in 0..k {
                all &= set[(rest % m) as usize];
                rest /= m;
            }
            hits += u64::from(all);
        }
    }
    BigRational::new(
        BigInt::from(hits),
        BigInt::from(inserts) * BigInt::from(queries),
    )
}

/// Tiny shapes: every one has at most a few hundred thousand (insert, query) pairs.
const TINY: [(u64, u64, u32); 12] = [
    (1, 1, 1),
    (2, 1, 1),
    (2, 1, 2),
    (2, 2, 2),
    (2, 3, 3),
    (3, 1, 2),
    (3, 2, 2),
    (3, 2, 3),
    (4, 1, 3),
    (4, 2, 2),
    (5, 2, 2),
    (6, 1, 4),
];

fn ok(r: Result<BigRational, bloomlab::rates::RateError>) -> BigRational {
    match r {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn true_rate_equals_enumeration() {
    for (m, n, k) in TINY {
        let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            ok(true_exact(p, Budget::default())),
            enumerate(m, n, k),
            "{m}/{n}/{k}"
        );
    }
}

#[test]
fn classic_is_below_true_and_idealised_below_classic() {
    for (m, n, k) in TINY
        .into_iter()
        .chain([(16, 3, 3), (160, 16, 7), (80, 10, 5), (30, 2, 4)])
    {
        let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
        let classic = ok(classic_exact(p, Budget::default()));
        let truth = ok(true_exact(p, Budget::default()));
        if k >= 2 && n >= 1 && m >= 2 {
            assert!(classic < truth, "{m}/{n}/{k}");
        } else {
            assert!(classic <= truth, "{m}/{n}/{k}");
        }
        let c = ratio_to_f64(&classic).unwrap_or(f64::NAN);
        if n >= 1 && m >= 2 {
            assert!(idealised(p) < c, "{m}/{n}/{k}");
        }
    }
}

#[test]
fn classic_equals_product_of_independent_probes() {
    // The classic rate is what enumeration gives if each probe saw its own,
    // independently filled filter: (P(one given bit is set))^k.
    for (m, n, k) in TINY {
        let one_probe = enumerate(m, n * u64::from(k), 1);
        // enumerate(m, kn, 1) throws kn*1 balls and probes once.
        let classic = ok(classic_exact(
            Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")),
            Budget::default(),
        ));
        let mut product = BigRational::from_integer(BigInt::from(1));
        for _ in 0..k {
            product *= one_probe.clone();
        }
        assert_eq!(classic, product, "{m}/{n}/{k}");
    }
}
