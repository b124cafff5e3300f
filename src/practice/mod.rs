//! Practice: the seed lesson's seven exercises as tasks a student answers
//! and the code checks. Every answer is worked out here, from the real
//! filter (`crate::filter`) or the rate arithmetic (`crate::rates`), never
//! typed in; the check says right or wrong with a one-line reason and
//! hands back the filter to draw.
//!
//! - [`answer`]: reading what a student types (numbers, yes and no, lists);
//! - [`exercises`]: exercises 1 to 4;
//! - [`rates`]: exercises 6 and 7;
//! - [`lookup`]: exercise 5, `bloom_lookup`, and its seeded variants.

pub mod answer;
pub mod exercises;
pub mod lookup;
pub mod rates;

use crate::filter::ProbeState;

/// How many exercises there are.
pub const COUNT: usize = 7;

/// A row of bits to draw beside an exercise, with one key's probes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Picture {
    /// The bits.
    pub bits: Vec<bool>,
    /// One key's probes, in probe order.
    pub probes: Vec<(usize, ProbeState)>,
    /// What the row shows.
    pub caption: String,
}

/// What a check says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The answer is right, and why.
    Right(String),
    /// The answer is wrong, and why.
    Wrong(String),
    /// The answer could not be read; what an answer looks like.
    Unreadable(String),
}

impl Verdict {
    /// True for a right answer.
    pub fn is_right(&self) -> bool {
        matches!(self, Verdict::Right(_))
    }

    /// The one line to show.
    pub fn line(&self) -> String {
        let mark = match self {
            Verdict::Right(_) => '✓',
            Verdict::Wrong(_) => '✗',
            Verdict::Unreadable(_) => '?',
        };
        format!("{mark} {}", self.words())
    }

    /// The line without its mark, for a reader who cannot see it.
    pub fn words(&self) -> String {
        match self {
            Verdict::Right(why) => format!("right: {why}"),
            Verdict::Wrong(why) => format!("not right: {why}"),
            Verdict::Unreadable(how) => how.clone(),
        }
    }
}

/// What a task's check finds. A miss carries two things to say: a nudge
/// for a first miss, which points at the mistake without giving the
/// answer away, and the working (with the right answer) for a miss after
/// that.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Finding {
    /// The answer is right, and why.
    Right(String),
    /// The answer is wrong.
    Miss {
        /// What a first miss is told.
        nudge: String,
        /// What a later miss is told: the working and the answer.
        working: String,
    },
    /// The answer could not be read; what an answer looks like.
    Unreadable(String),
}

impl Finding {
    /// A miss with its nudge and its working.
    pub(crate) fn miss(nudge: impl Into<String>, working: impl Into<String>) -> Finding {
        Finding::Miss {
            nudge: nudge.into(),
            working: working.into(),
        }
    }

    /// What to say after `misses_before` wrong answers to this exercise.
    fn verdict(self, misses_before: usize) -> Verdict {
        match self {
            Finding::Right(why) => Verdict::Right(why),
            Finding::Miss { nudge, .. } if misses_before == 0 => {
                Verdict::Wrong(format!("{nudge} (a second miss shows the working)"))
            }
            Finding::Miss { working, .. } => Verdict::Wrong(working),
            Finding::Unreadable(how) => Verdict::Unreadable(how),
        }
    }
}

/// One exercise, with everything it needs to check an answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Exercise {
    /// Its number, from 1.
    pub number: usize,
    /// A short title.
    pub title: &'static str,
    /// The task, with its figures filled in.
    pub prompt: String,
    /// What an answer looks like ("a number, then yes or no: 5 no").
    pub form: &'static str,
    /// A nudge, for the hint key.
    pub hint: String,
    /// The task itself.
    pub task: Task,
}

/// The seven tasks.
#[derive(Debug, Clone, PartialEq)]
pub enum Task {
    /// Exercise 1.
    SetBits(exercises::SetBits),
    /// Exercise 2.
    WrongQuery(exercises::WrongQuery),
    /// Exercise 3.
    AllOf(exercises::AllOf),
    /// Exercise 4.
    Stride(exercises::Stride),
    /// Exercise 5.
    Lookup(lookup::Lookup),
    /// Exercise 6.
    RateByK(rates::RateByK),
    /// Exercise 7.
    Sizing(rates::SizingTask),
}

impl Exercise {
    /// Checks `typed`, with the full working (and the right answer) when
    /// it is wrong.
    pub fn check(&self, typed: &str) -> Verdict {
        self.check_attempt(typed, 1)
    }

    /// Checks `typed` after `misses_before` wrong answers to this
    /// exercise: a first miss is told what to look at again, never the
    /// answer; a later one is shown the working.
    pub fn check_attempt(&self, typed: &str, misses_before: usize) -> Verdict {
        self.find(typed).verdict(misses_before)
    }

    fn find(&self, typed: &str) -> Finding {
        match &self.task {
            Task::SetBits(t) => t.check(typed),
            Task::WrongQuery(t) => t.check(typed),
            Task::AllOf(t) => t.check(typed),
            Task::Stride(t) => t.check(typed),
            Task::Lookup(t) => t.check(typed),
            Task::RateByK(t) => t.check(typed),
            Task::Sizing(t) => t.check(typed),
        }
    }

    /// The filter to draw once an answer has been checked.
    pub fn picture(&self) -> Option<Picture> {
        match &self.task {
            Task::SetBits(t) => Some(t.picture()),
            Task::WrongQuery(t) => Some(t.picture()),
            Task::AllOf(t) => Some(t.picture()),
            Task::Stride(t) => Some(t.picture()),
            Task::Lookup(t) => Some(t.picture()),
            Task::RateByK(_) | Task::Sizing(_) => None,
        }
    }

    /// An answer the check accepts, worked out by the code (for tests and
    /// for showing after a wrong answer is not wanted: the screen never
    /// shows it).
    pub fn solution(&self) -> String {
        match &self.task {
            Task::SetBits(t) => t.solution(),
            Task::WrongQuery(t) => t.solution(),
            Task::AllOf(t) => t.solution(),
            Task::Stride(t) => t.solution(),
            Task::Lookup(t) => t.solution(),
            Task::RateByK(t) => t.solution(),
            Task::Sizing(t) => t.solution(),
        }
    }
}

/// The seven exercises; exercise 5 is the lesson's own when `variant` is
/// `None`, else the variant drawn from that seed.
pub fn all(variant: Option<u64>) -> Vec<Exercise> {
    vec![
        exercises::set_bits(),
        exercises::wrong_query(),
        exercises::all_of(),
        exercises::stride(),
        match variant {
            None => lookup::lesson(),
            Some(seed) => lookup::variant(seed),
        },
        rates::rate_by_k(),
        rates::sizing(),
    ]
}
