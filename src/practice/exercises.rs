//! Exercises 1 to 4 of the seed lesson, each worked out by the code it is
//! about: bits set in a real bit array, probes of the lesson's filter,
//! strides of its double hashing.

use super::answer::{booleans, numbers, words};
use super::{Exercise, Finding, Picture, Task};
use crate::filter::{BitArray, BloomFilter, LessonHash, ProbeState, Scheme};

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn bit_row(bits: &BitArray) -> Vec<bool> {
    (0..bits.len()).map(|i| bits.get(i)).collect()
}

/// Exercise 1: set bits 3, 9, 3 in an empty row.
#[derive(Debug, Clone, PartialEq)]
pub struct SetBits {
    sets: Vec<u64>,
    asked: u64,
    row: Vec<bool>,
    count: u64,
}

/// Exercise 1.
pub fn set_bits() -> Exercise {
    let sets = vec![3, 9, 3];
    let asked = 9;
    // A 16-bit row stands in for the lesson's int; only the bits matter.
    let mut bits = BitArray::new(16).unwrap_or_else(|_| unreachable!("16 bits are allowed"));
    for &s in &sets {
        bits.set(s);
    }
    let task = SetBits {
        row: bit_row(&bits),
        count: bits.count_ones(),
        sets,
        asked,
    };
    Exercise {
        number: 1,
        title: "Set bits",
        prompt: "In an empty row, set bit 3, then bit 9, then bit 3 again. How many bits are set, and is bit 9 set?".into(),
        form: "a number, then yes or no: 5 no",
        hint: "Setting a bit that is already 1 leaves it 1.".into(),
        task: Task::SetBits(task),
    }
}

impl SetBits {
    pub(super) fn check(&self, typed: &str) -> Finding {
        let w = words(typed);
        let (Some(count), Some(set)) = (
            w.first().and_then(|x| x.parse::<u64>().ok()),
            w.get(1).and_then(|x| super::answer::boolean(x)),
        ) else {
            return Finding::Unreadable("answer with a number, then yes or no: 5 no".into());
        };
        let really = self.row[self.asked as usize];
        if count != self.count {
            return Finding::miss(
                format!("{count} is not the count: what does setting bit 3 a second time change?"),
                format!(
                    "{count} is not the count: bit 3 was set twice, and a bit set twice is one bit, so {} are set",
                    self.count
                ),
            );
        }
        if set != really {
            return Finding::miss(
                format!(
                    "the count is right; look again at which bits were set, bit {} among them or not",
                    self.asked
                ),
                format!(
                    "bit {} was set, so the answer is {}",
                    self.asked,
                    yes_no(really)
                ),
            );
        }
        Finding::Right(format!(
            "{} bits, and bit {} is set: the second set of bit 3 changed nothing",
            self.count, self.asked
        ))
    }

    pub(super) fn picture(&self) -> Picture {
        let mut seen = Vec::new();
        let probes = self
            .sets
            .iter()
            .map(|&s| {
                let state = if seen.contains(&s) {
                    ProbeState::AlreadySet
                } else {
                    ProbeState::NewlySet
                };
                seen.push(s);
                (s as usize, state)
            })
            .collect();
        Picture {
            bits: self.row.clone(),
            probes,
            caption: "bits 3, 9, 3 set in turn".into(),
        }
    }

    pub(super) fn solution(&self) -> String {
        format!("{} {}", self.count, yes_no(self.row[self.asked as usize]))
    }
}

/// The lesson's filter: rec-11, rec-42 and rec-97 in 16 bits, k = 3.
fn lesson_filter() -> BloomFilter {
    let mut f = BloomFilter::new(16, 3, Scheme::Double)
        .unwrap_or_else(|_| unreachable!("m = 16, k = 3 are allowed"));
    for key in ["rec-11", "rec-42", "rec-97"] {
        f.add(key.as_bytes());
    }
    f
}

fn row_of(f: &BloomFilter) -> Vec<bool> {
    bit_row(f.bits())
}

/// Exercise 2: `any()` against `all()` for rec-6.
#[derive(Debug, Clone, PartialEq)]
pub struct WrongQuery {
    positions: Vec<u64>,
    reads: Vec<bool>,
    row: Vec<bool>,
    absent: bool,
}

/// Exercise 2.
pub fn wrong_query() -> Exercise {
    let f = lesson_filter();
    let readout = f.read_all_probes(b"rec-6");
    let absent = readout.all_answer() == crate::filter::Answer::No;
    let list = |v: &[u64]| {
        v.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let reads: Vec<String> = readout
        .bits
        .iter()
        .map(|&b| u8::from(b).to_string())
        .collect();
    let prompt = format!(
        "The lesson's filter holds rec-11, rec-42 and rec-97 (m = 16, k = 3). rec-6 probes {} and reads [{}]. any() of the reads says {}, all() says {}. Which answer is right, maybe or no?",
        list(&readout.positions),
        reads.join(", "),
        readout.any_answer().word(),
        readout.all_answer().word(),
    );
    Exercise {
        number: 2,
        title: "The wrong query",
        prompt,
        form: "maybe or no",
        hint: "What would a stored key have done to every one of its bits?".into(),
        task: Task::WrongQuery(WrongQuery {
            positions: readout.positions,
            reads: readout.bits,
            row: row_of(&f),
            absent,
        }),
    }
}

impl WrongQuery {
    pub(super) fn check(&self, typed: &str) -> Finding {
        let w = words(typed);
        let said_absent = match w.as_slice() {
            [x] if x == "no" || x == "all" || x == "all()" => true,
            [x] if x == "maybe" || x == "any" || x == "any()" || x == "yes" => false,
            _ => return Finding::Unreadable("answer maybe or no".into()),
        };
        let zero = self
            .reads
            .iter()
            .position(|&b| !b)
            .map(|i| self.positions[i]);
        match (said_absent == self.absent, zero) {
            (true, Some(bit)) => Finding::Right(format!(
                "bit {bit} is 0, and a stored key sets all its bits: rec-6 was never inserted, as all() says"
            )),
            (false, Some(bit)) => Finding::miss(
                "one of any() and all() is the mistake: what would storing rec-6 have done to each of its bits?",
                format!(
                    "any() is the mistake: bit {bit} is 0, which a stored rec-6 would have set, so the answer is no"
                ),
            ),
            (true, None) => {
                Finding::Right("every bit is 1, so maybe is all the filter can say".into())
            }
            (false, None) => Finding::miss(
                "look again at the bits rec-6 reads",
                "every bit is 1: the filter cannot say no",
            ),
        }
    }

    pub(super) fn picture(&self) -> Picture {
        let probes = ProbeState::of_query(&self.reads, self.reads.len())
            .into_iter()
            .zip(&self.positions)
            .map(|(s, &p)| (p as usize, s))
            .collect();
        Picture {
            bits: self.row.clone(),
            probes,
            caption: "the lesson's filter, rec-6's probes".into(),
        }
    }

    pub(super) fn solution(&self) -> String {
        if self.absent { "no" } else { "maybe" }.into()
    }
}

/// Exercise 3: all of these bits?
#[derive(Debug, Clone, PartialEq)]
pub struct AllOf {
    row: Vec<bool>,
    asks: Vec<Vec<u64>>,
    answers: Vec<bool>,
}

/// Exercise 3.
pub fn all_of() -> Exercise {
    let mut bits = BitArray::new(16).unwrap_or_else(|_| unreachable!("16 bits are allowed"));
    for b in [2, 5, 9] {
        bits.set(b);
    }
    let asks = vec![vec![2, 5, 9], vec![2, 5, 6]];
    let answers = asks
        .iter()
        .map(|a| a.iter().all(|&b| bits.get(b)))
        .collect();
    Exercise {
        number: 3,
        title: "All of them",
        prompt: "Bits 2, 5 and 9 are set. Do all of bits (2, 5, 9) read 1? Do all of (2, 5, 6)?"
            .into(),
        form: "two answers, yes or no: no no",
        hint: "One 0 among the bits is enough for no.".into(),
        task: Task::AllOf(AllOf {
            row: bit_row(&bits),
            asks,
            answers,
        }),
    }
}

impl AllOf {
    pub(super) fn check(&self, typed: &str) -> Finding {
        let Some(said) = booleans(typed, self.answers.len()) else {
            return Finding::Unreadable("answer yes or no for each: no no".into());
        };
        for ((ask, &want), &got) in self.asks.iter().zip(&self.answers).zip(&said) {
            if want != got {
                let zero = ask.iter().find(|&&b| !self.row[b as usize]);
                return Finding::miss(
                    "not both answers are right: look for a 0 among each list's bits",
                    match zero {
                        Some(b) => format!("bit {b} is 0, so not all of {ask:?} read 1"),
                        None => format!("every one of {ask:?} is set, so all of them read 1"),
                    },
                );
            }
        }
        Finding::Right("(2, 5, 9) are all set; bit 6 is 0, so (2, 5, 6) is a no".into())
    }

    pub(super) fn picture(&self) -> Picture {
        let probes = self.asks.last().map_or_else(Vec::new, |ask| {
            let reads: Vec<bool> = ask.iter().map(|&b| self.row[b as usize]).collect();
            ProbeState::of_query(&reads, reads.len())
                .into_iter()
                .zip(ask)
                .map(|(s, &p)| (p as usize, s))
                .collect()
        });
        Picture {
            bits: self.row.clone(),
            probes,
            caption: "bits 2, 5, 9 set; (2, 5, 6) read".into(),
        }
    }

    pub(super) fn solution(&self) -> String {
        self.answers
            .iter()
            .map(|&b| yes_no(b))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Exercise 4: strides that collapse, and one that never does.
#[derive(Debug, Clone, PartialEq)]
pub struct Stride {
    m: u64,
    k: u32,
    collapsed: u64,
}

/// Exercise 4.
pub fn stride() -> Exercise {
    let (m, k) = (16, 4);
    let collapsed = LessonHash { h1: 5, h2: 16 }.distinct_positions(m, k);
    Exercise {
        number: 4,
        title: "Collapsing probes",
        prompt: format!(
            "Probe i lands on (h1 + i·h2) mod m. With m = {m}, k = {k} and h2 = 16, how many different bits does an insert set? Then give an h2 from 1 to 15 that sends all {m} probes of k = {m} to {m} different bits."
        ),
        form: "two numbers: how many bits, then an h2: 2 6",
        hint: "The probes repeat after m / gcd(h2, m) steps.".into(),
        task: Task::Stride(Stride { m, k, collapsed }),
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Stride {
    pub(super) fn check(&self, typed: &str) -> Finding {
        let Some(v) = numbers(typed, 2) else {
            return Finding::Unreadable("answer two whole numbers: 2 6".into());
        };
        if v[0] != self.collapsed as f64 {
            return Finding::miss(
                format!(
                    "{} is not how many bits: what is i·16 mod {} for every probe i?",
                    v[0], self.m
                ),
                format!(
                    "h2 = 16 is a multiple of m, so every probe lands on bit h1: {} bit",
                    self.collapsed
                ),
            );
        }
        let h2 = v[1];
        if h2.fract() != 0.0 || !(1.0..self.m as f64).contains(&h2) {
            return Finding::Unreadable(format!(
                "give h2 as a whole number from 1 to {}",
                self.m - 1
            ));
        }
        let h2 = h2 as u64;
        let hash = LessonHash {
            h1: 0,
            h2: h2 as u32,
        };
        let distinct = hash.distinct_positions(self.m, self.m as u32);
        let g = gcd(h2, self.m);
        if distinct == self.m {
            Finding::Right(format!(
                "gcd({h2}, {}) = 1, so {h2} walks through all {} bits before it repeats; any odd h2 does",
                self.m, self.m
            ))
        } else {
            Finding::miss(
                format!(
                    "the count is right, but h2 = {h2} shares a factor with {}, so its probes come round early",
                    self.m
                ),
                format!(
                    "gcd({h2}, {}) = {g}: the probes repeat after {} / {g} = {distinct} bits",
                    self.m, self.m
                ),
            )
        }
    }

    pub(super) fn picture(&self) -> Picture {
        let hash = LessonHash { h1: 5, h2: 16 };
        let mut bits = vec![false; self.m as usize];
        let mut probes = Vec::new();
        for i in 0..self.k {
            let p = hash.position(i, self.m) as usize;
            let state = if bits[p] {
                ProbeState::AlreadySet
            } else {
                ProbeState::NewlySet
            };
            bits[p] = true;
            probes.push((p, state));
        }
        Picture {
            bits,
            probes,
            caption: format!("h1 = 5, h2 = 16: all {} probes on one bit", self.k),
        }
    }

    pub(super) fn solution(&self) -> String {
        format!("{} 7", self.collapsed)
    }
}
