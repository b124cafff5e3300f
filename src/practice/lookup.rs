//! Exercise 5, `bloom_lookup(stored, queries, m, k)`: build the filter,
//! answer each query. The lesson's own (rec-11, rec-42, rec-97 stored;
//! rec-42, rec-6, rec-67 asked, at m = 16, k = 3) and variants whose keys,
//! m and k come from a seed, so every student can have their own and the
//! same seed always gives the same task.

use super::answer::{booleans, letters};
use super::{Exercise, Finding, Picture, Task};
use crate::filter::{BloomFilter, ProbeState, Scheme};

/// Exercise 5's filter and queries, with the answers the filter gives.
#[derive(Debug, Clone, PartialEq)]
pub struct Lookup {
    /// The keys inserted.
    pub stored: Vec<String>,
    /// The keys asked about.
    pub queries: Vec<String>,
    /// Bits.
    pub m: u64,
    /// Probes per key.
    pub k: u32,
    /// The seed of a variant (`None`: the lesson's own).
    pub seed: Option<u64>,
    /// The filter's answers, worked out.
    pub answers: Vec<bool>,
    row: Vec<bool>,
}

fn build(stored: &[String], m: u64, k: u32) -> BloomFilter {
    let mut f = BloomFilter::new(m, k, Scheme::Double)
        .unwrap_or_else(|_| unreachable!("the task's m and k are allowed"));
    for key in stored {
        f.add(key.as_bytes());
    }
    f
}

fn exercise(
    stored: Vec<String>,
    queries: Vec<String>,
    m: u64,
    k: u32,
    seed: Option<u64>,
) -> Exercise {
    let f = build(&stored, m, k);
    let answers = queries.iter().map(|q| f.contains(q.as_bytes())).collect();
    let row = (0..m).map(|i| f.is_set(i)).collect();
    let which = match seed {
        None => "the lesson's own; r draws a variant".to_string(),
        Some(s) => format!("variant {s}; r draws another"),
    };
    let prompt = format!(
        "Write bloom_lookup(stored, queries, m, k) in your head: put every key of stored = [{}] into a filter of m = {m} bits with k = {k} probes (the lesson's hash), then say for each of queries = [{}] whether the filter answers maybe. ({which})",
        stored.join(", "),
        queries.join(", ")
    );
    Exercise {
        number: 5,
        title: "Look up keys",
        prompt,
        form: "T or F for each query, in order: F F F",
        hint: "positions KEY --m M --k K in a terminal, or the sandbox, gives each key's bits."
            .into(),
        task: Task::Lookup(Lookup {
            stored,
            queries,
            m,
            k,
            seed,
            answers,
            row,
        }),
    }
}

/// The lesson's own exercise 5.
pub fn lesson() -> Exercise {
    let keys = |k: &[&str]| k.iter().map(ToString::to_string).collect();
    exercise(
        keys(&["rec-11", "rec-42", "rec-97"]),
        keys(&["rec-42", "rec-6", "rec-67"]),
        16,
        3,
        None,
    )
}

/// SplitMix64: a tiny generator whose output is fixed by its seed on
/// every machine and every version.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// The seed after `seed`, unrelated to it to the eye, below 100,000 so a
/// student can read it out.
pub fn next_seed(seed: u64) -> u64 {
    Mix(seed).next() % 100_000
}

/// A variant of exercise 5 drawn from `seed`: 16 to 32 bits, 2 to 4
/// probes, three or four stored keys and three queries, one of them stored.
pub fn variant(seed: u64) -> Exercise {
    let mut mix = Mix(seed);
    let m = 16 + mix.below(17);
    let k = 2 + u32::try_from(mix.below(3)).unwrap_or(0);
    let mut ids: Vec<u64> = Vec::new();
    while ids.len() < 7 {
        let id = 1 + mix.below(999);
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    let name = |id: &u64| format!("id-{id}");
    let count = 3 + usize::try_from(mix.below(2)).unwrap_or(0);
    let stored: Vec<String> = ids[..count].iter().map(name).collect();
    let mut queries: Vec<String> = ids[count..count + 2].iter().map(name).collect();
    let at = usize::try_from(mix.below(3)).unwrap_or(0);
    queries.insert(
        at,
        stored[usize::try_from(mix.below(count as u64)).unwrap_or(0)].clone(),
    );
    exercise(stored, queries, m, k, Some(seed))
}

impl Lookup {
    pub(super) fn check(&self, typed: &str) -> Finding {
        let n = self.queries.len();
        let Some(said) = booleans(typed, n) else {
            return Finding::Unreadable(format!(
                "answer T or F for each of the {n} queries: T F T"
            ));
        };
        let f = build(&self.stored, self.m, self.k);
        for ((q, &want), &got) in self.queries.iter().zip(&self.answers).zip(&said) {
            if want == got {
                continue;
            }
            let report = f.query(q.as_bytes());
            return Finding::miss(
                "not every answer is right: for each query, find its bits and look for a 0",
                match report.stopped_at {
                    Some(i) => format!(
                        "{q} reads bit {} = 0, so the filter says F",
                        report.positions[i]
                    ),
                    None => {
                        let bits: Vec<String> =
                            report.positions.iter().map(ToString::to_string).collect();
                        format!(
                            "{q}'s bits {} are all 1, so the filter says T",
                            bits.join(", ")
                        )
                    }
                },
            );
        }
        let fooled: Vec<&String> = self
            .queries
            .iter()
            .zip(&self.answers)
            .filter(|&(q, a)| *a && !self.stored.contains(q))
            .map(|(q, _)| q)
            .collect();
        let tail = match fooled.as_slice() {
            [] => "no false positive this time".to_string(),
            [one] => format!("{one} is a false positive: never stored, yet all its bits are 1"),
            many => format!(
                "{} are false positives",
                many.iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        Finding::Right(format!("{}; {tail}", letters(&self.answers)))
    }

    /// The filter with the probes of the query most worth seeing: the
    /// first false positive, else the first query.
    pub(super) fn picture(&self) -> Picture {
        let f = build(&self.stored, self.m, self.k);
        let shown = self
            .queries
            .iter()
            .zip(&self.answers)
            .find(|&(q, a)| *a && !self.stored.contains(q))
            .map_or(&self.queries[0], |(q, _)| q);
        let report = f.query(shown.as_bytes());
        let probes = ProbeState::of_query(&report.read, report.positions.len())
            .into_iter()
            .zip(&report.positions)
            .map(|(s, &p)| (usize::try_from(p).unwrap_or(usize::MAX), s))
            .collect();
        Picture {
            bits: self.row.clone(),
            probes,
            caption: format!(
                "the filter of [{}], {shown}'s probes",
                self.stored.join(", ")
            ),
        }
    }

    pub(super) fn solution(&self) -> String {
        letters(&self.answers)
    }
}
