//! Certified digits at sizes no fraction reaches, against values computed
//! independently in Python's decimal arithmetic (tests/data/gen_large.py,
//! committed with its output tests/data/rates_large_40.txt): 40 digits of
//! both rates for the lesson's 50M-at-1% filter, the crawler, the lab's
//! large settings and the widest shapes accepted.

use bloomlab::rates::certified::{DigitsMethod, RateKind, certified_digits};
use bloomlab::rates::{Budget, Params};

const REFERENCE: &str = include_str!("../data/rates_large_40.txt");

fn rows() -> Vec<(Params, String, String)> {
    REFERENCE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(f.len(), 5, "malformed line: {line}");
            let num = |i: usize| {
                f[i].parse::<u64>()
                    .unwrap_or_else(|e| panic!("{line}: {e}"))
            };
            let p = Params::new(num(0), num(1), num(2) as u32).unwrap_or_else(|e| panic!("{e}"));
            (p, f[3].to_string(), f[4].to_string())
        })
        .collect()
}

#[test]
fn forty_certified_digits_match_decimal_arithmetic() {
    let rows = rows();
    assert!(rows.len() >= 12);
    for (p, classic, truth) in rows {
        let tag = format!("{}/{}/{}", p.m(), p.n(), p.k());
        // A budget of one digit: no fraction may be built, so these digits
        // come from the enclosures alone.
        for (kind, want) in [(RateKind::Classic, classic), (RateKind::True, truth)] {
            let got = certified_digits(p, kind, 40, Budget::new(1))
                .unwrap_or_else(|e| panic!("{tag} {kind:?}: {e}"));
            assert_eq!(got.decimal.scientific(), want, "{tag} {kind:?}");
            assert_eq!(got.method, DigitsMethod::CertifiedBracket, "{tag}");
        }
    }
}
