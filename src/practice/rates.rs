//! Exercises 6 and 7 of the seed lesson: the rate by k at ten bits per
//! key, and sizing a filter, both from the rates module.

use super::answer::numbers;
use super::{Exercise, Finding, Task};
use crate::numbers::trim_zeros;

/// Exercise 6: the rate at k = 7 and 10 bits per key.
#[derive(Debug, Clone, PartialEq)]
pub struct RateByK {
    bits: f64,
    k: f64,
    rate: f64,
}

fn rate(k: f64, bits: f64) -> f64 {
    crate::rates::idealised_real_k(k, 1.0 / bits)
}

/// Exercise 6.
pub fn rate_by_k() -> Exercise {
    let bits = 10.0;
    let table: Vec<String> = [2.0, 4.0, 6.0, 8.0, 10.0]
        .iter()
        .map(|&k| {
            format!(
                "k = {k}: {}%",
                trim_zeros(&format!("{:.2}", rate(k, bits) * 100.0))
            )
        })
        .collect();
    let k = 7.0;
    Exercise {
        number: 6,
        title: "The rate by k",
        prompt: format!(
            "At {bits} bits per key the rate (1 - e^(-k/{bits}))^k is {}. What is it at k = {k}, to four decimal places?",
            table.join(", ")
        ),
        form: "a number: 0.0123 (or 1.23%)",
        hint: "Work out 1 - e^(-0.7) first, then raise it to the 7th power.".into(),
        task: Task::RateByK(RateByK {
            bits,
            k,
            rate: rate(k, bits),
        }),
    }
}

impl RateByK {
    pub(super) fn check(&self, typed: &str) -> Finding {
        let Some(v) = numbers(typed, 1) else {
            return Finding::Unreadable("answer one number: 0.0123".into());
        };
        let shown = format!("{:.4}", self.rate);
        // Right when it rounds to the same four decimals.
        if (v[0] - self.rate).abs() <= 0.00005 {
            Finding::Right(format!(
                "(1 - e^(-{}/{}))^{} = {:.6}, about {shown}: the lowest of these, since k = 7 is the best whole k here",
                self.k, self.bits, self.k, self.rate
            ))
        } else {
            Finding::miss(
                format!(
                    "{} is off: work out 1 - e^(-{}/{}) first, then raise it to the {}th power",
                    v[0], self.k, self.bits, self.k
                ),
                format!(
                    "{} is off: 1 - e^(-0.7) = {:.4}, and that to the 7th power is about {shown}",
                    v[0],
                    1.0 - (-self.k / self.bits).exp()
                ),
            )
        }
    }

    pub(super) fn solution(&self) -> String {
        format!("{:.4}", self.rate)
    }
}

/// Exercise 7: size a filter for 50 million ids at 1%.
#[derive(Debug, Clone, PartialEq)]
pub struct SizingTask {
    sizing: crate::rates::sizing::Sizing,
    /// The smallest filter whose exact rate meets the target (what the
    /// Sizing screen answers): bits per key, MiB and k, when it solved.
    exact: Option<(f64, f64, u32)>,
}

/// The exact-rate answer to 50 million keys at 1%, as exercise 7's three
/// figures: a student who used the Sizing screen typed these.
fn exact_answer(n: u64) -> Option<(f64, f64, u32)> {
    let q = crate::rates::solve::SizeQuery {
        n: Some(n),
        p: Some(num_rational::BigRational::new(1.into(), 100.into())),
        m: None,
        k: None,
        by: crate::rates::certified::RateKind::Classic,
    };
    let never = std::sync::atomic::AtomicBool::new(false);
    let a =
        crate::rates::solve::solve_size(&q, 10, crate::rates::Budget::default(), &never).ok()?;
    let bytes = a.m.div_ceil(8) as f64;
    Some((a.m as f64 / n as f64, bytes / crate::numbers::MIB, a.k))
}

/// Exercise 7.
pub fn sizing() -> Exercise {
    let sizing = crate::rates::sizing::Sizing::for_target(50_000_000, 0.01)
        .unwrap_or_else(|_| unreachable!("50 million keys at 1% can be sized"));
    Exercise {
        number: 7,
        title: "Sizing",
        prompt: "A filter must hold 50 million ids at a 1% false-positive rate. How many bits per key (three decimals), how many MiB (one decimal), and which k? Either answer counts: the textbook's formulas, or the exact smallest filter the Sizing screen finds.".into(),
        form: "three numbers: 12.345 67.8 9",
        hint: "Divide -ln p by the square of ln 2 for the bits each key needs; multiply that by ln 2 and round for k.".into(),
        task: Task::Sizing(SizingTask {
            sizing,
            exact: exact_answer(50_000_000),
        }),
    }
}

impl SizingTask {
    pub(super) fn check(&self, typed: &str) -> Finding {
        let Some(v) = numbers(typed, 3) else {
            return Finding::Unreadable("answer three numbers: bits per key, MiB, k".into());
        };
        let s = &self.sizing;
        let why = format!(
            "-ln 0.01 / (ln 2)^2 = {:.3} bits per key, {} bits = {:.1} MiB, k = {:.2} rounds to {}",
            s.bits_per_key,
            crate::numbers::grouped(s.m),
            s.mib,
            s.k_real,
            s.k
        );
        let close = |bits: f64, mib: f64, k: u32| {
            (v[0] - bits).abs() <= 0.0005 && (v[1] - mib).abs() <= 0.05 && v[2] == f64::from(k)
        };
        // The exact answer is the smallest filter that meets 1%, so a
        // textbook filter with fewer bits misses it.
        let misses = |bits: f64| {
            if bits > s.bits_per_key {
                ", so the textbook's filter misses 1% by a little"
            } else {
                ""
            }
        };
        if close(s.bits_per_key, s.mib, s.k) {
            let exact = match self.exact {
                Some((bits, mib, k)) => format!(
                    "; the exact smallest filter for 1%, as the Sizing screen finds it, is \
                     {bits:.3} bits per key, {mib:.1} MiB, k = {k}{}",
                    misses(bits)
                ),
                None => String::new(),
            };
            return Finding::Right(format!("the textbook's answer: {why}{exact}"));
        }
        if let Some((bits, mib, k)) = self.exact
            && close(bits, mib, k)
        {
            return Finding::Right(format!(
                "the exact answer, as the Sizing screen finds it: {bits:.3} bits per key, \
                 {mib:.1} MiB, k = {k}, the fewest bits whose exact rate meets 1%. The textbook's \
                 formulas give {:.3} bits per key, {:.1} MiB, k = {}{}",
                s.bits_per_key,
                s.mib,
                s.k,
                misses(bits)
            ));
        }
        Finding::miss(
            "not these figures: -ln p / (ln 2)^2 gives the bits per key, times 50 million the \
             bits in all (a MiB is 8,388,608 bits), and (m/n) ln 2 rounded gives k",
            why,
        )
    }

    pub(super) fn solution(&self) -> String {
        let s = &self.sizing;
        format!("{:.3} {:.1} {}", s.bits_per_key, s.mib, s.k)
    }
}
