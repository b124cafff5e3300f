//! What the lecture screen shows after a step: a plain value built by the
//! engine and only read by the view.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::figures::Figures;
use super::script::{Curve, Element, Emphasis, Hidden, Tolerance};
use crate::filter::ProbeState;
use crate::measure::lineup::Structure;

/// One probe of a query: a position and what was read there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probe {
    /// The position, in hash order.
    pub position: usize,
    /// What the query found there.
    pub read: ProbeState,
}

/// The filter's answer to a query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Every probe found a 1.
    ProbablyPresent,
    /// Some probe found a 0.
    DefinitelyAbsent,
}

impl From<crate::filter::report::Answer> for Verdict {
    /// The filter's own answer, in the lecture's words.
    fn from(answer: crate::filter::report::Answer) -> Verdict {
        match answer {
            crate::filter::report::Answer::Maybe => Verdict::ProbablyPresent,
            crate::filter::report::Answer::No => Verdict::DefinitelyAbsent,
        }
    }
}

impl Verdict {
    /// The words the lecture and the trace use.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::ProbablyPresent => "probably present",
            Verdict::DefinitelyAbsent => "definitely absent",
        }
    }
}

/// A wrong answer, judged against what was really inserted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    /// "Probably present" about an item never inserted.
    FalsePositive,
    /// "Definitely absent" about an item that is in the set.
    FalseNegative,
}

impl Flag {
    /// The words the lecture and the trace use.
    pub fn as_str(self) -> &'static str {
        match self {
            Flag::FalsePositive => "false positive",
            Flag::FalseNegative => "false negative",
        }
    }
}

/// Which structure a query read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuerySource {
    /// The plain bit row.
    Row,
    /// The counting variant.
    Counters,
}

/// The query on the board, probe by probe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    /// The queried item's name.
    pub item: String,
    /// Whether the item is really in the set (the filter cannot know).
    pub member: bool,
    /// Which structure was read.
    pub source: QuerySource,
    /// The probes in hash order.
    pub probes: Vec<Probe>,
    /// The answer, once the walk has finished.
    pub verdict: Option<Verdict>,
    /// Set when the answer is wrong.
    pub flag: Option<Flag>,
}

/// One cell of the bit row.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Cell {
    /// The bit.
    pub set: bool,
    /// Items that set or leaned on this bit, first setter first; kept when a
    /// deletion attempt clears the bit, so the board can show who lost it.
    pub owners: Vec<String>,
    /// Cleared by a deletion attempt and not yet restored.
    pub cleared: bool,
    /// The items whose deletion cleared this bit, in the order deleted
    /// (kept, like `cleared`, until the bits are restored or an insert sets
    /// the bit again). The other owners are still in the set: a bit shared
    /// by x and y and cleared by deleting x has `deleted == ["x"]`.
    pub deleted: Vec<String>,
    /// Set or leaned on by an insert during this step.
    pub fresh: bool,
}

impl Cell {
    /// Whether `owner`'s claim on the bit was removed by deleting it.
    pub fn deleted_owner(&self, owner: &str) -> bool {
        self.deleted.iter().any(|d| d == owner)
    }

    /// The owners still in the set, first setter first.
    pub fn kept_owners(&self) -> impl Iterator<Item = &String> {
        self.owners.iter().filter(|o| !self.deleted_owner(o))
    }
}

/// A line of the memory comparison table.
#[derive(Debug, Clone, PartialEq)]
pub struct TableLine {
    /// What stores the set.
    pub label: String,
    /// Items stored.
    pub items: f64,
    /// Memory, in GB.
    pub gigabytes: f64,
}

/// The board after a step.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    /// Scene index, from 0.
    pub scene: usize,
    /// Step within the scene, from 0.
    pub step: usize,
    /// Steps in this scene.
    pub steps_in_scene: usize,
    /// Scenes in the script.
    pub scene_count: usize,
    /// This scene's title.
    pub scene_title: String,
    /// The row as it stands; `None` before the script first shows or uses it.
    pub row: Option<Vec<Cell>>,
    /// The counting variant's counters, one per cell.
    pub counters: Vec<u32>,
    /// Counters changed during this step.
    pub counters_fresh: Vec<bool>,
    /// The highest value each counter reached during this step (shows a
    /// delete as "2→1" when inserts and a delete share one step).
    pub counters_peak: Vec<u32>,
    /// The elements on screen.
    pub visible: BTreeSet<Element>,
    /// The query on the board, if any.
    pub query: Option<Query>,
    /// Derivation lines, filled.
    pub derivation: Vec<String>,
    /// A derivation line was added during this step (its newest line is
    /// what the step is about).
    pub derived: bool,
    /// Callout notes, filled.
    pub notes: Vec<String>,
    /// The large title, filled.
    pub banner: Option<String>,
    /// The line-up structures charted on this step, in the chart's order
    /// (their figures come from `figures`' one line-up run).
    pub lineup: Vec<Structure>,
    /// Rows of the comparison table.
    pub table: Vec<TableLine>,
    /// Where each curve's probe stands (x).
    pub probes: BTreeMap<Curve, f64>,
    /// Elements framed during this step.
    pub boxed: BTreeSet<Element>,
    /// Marks highlighted during this step.
    pub emphasis: Vec<Emphasis>,
    /// The charts' marks put on in this scene (the crossing, the best k's
    /// floor, the half-full level): each stays on its chart for the rest
    /// of the scene, until the chart or a line it marks is hidden, while
    /// its highlight lasts the step that put it on.
    pub marks: BTreeSet<Emphasis>,
    /// The narration, one string per paragraph.
    pub narration: Vec<String>,
    /// The step's prediction, if it asks for one.
    pub predict: Option<Prediction>,
    /// The arithmetic behind curves and figures (shared by every board of a
    /// lecture, which keeps one board per step).
    pub figures: Arc<Figures>,
}

impl Board {
    /// Sorted positions of the set bits (empty before the row exists).
    pub fn bits(&self) -> Vec<usize> {
        self.row.as_ref().map_or_else(Vec::new, |row| {
            row.iter()
                .enumerate()
                .filter(|(_, c)| c.set)
                .map(|(i, _)| i)
                .collect()
        })
    }

    /// Whether an element is on screen.
    pub fn shows(&self, element: Element) -> bool {
        self.visible.contains(&element)
    }

    /// Whether a mark is highlighted during this step.
    pub fn emphasises(&self, emphasis: &Emphasis) -> bool {
        self.emphasis.contains(emphasis)
    }

    /// Whether a chart's mark is on the board: put on during this step or
    /// an earlier one of the scene and not taken off since.
    pub fn marks(&self, mark: &Emphasis) -> bool {
        self.marks.contains(mark) || self.emphasises(mark)
    }

    /// A curve's probe as (x, y), if it has been placed and its curve shows.
    pub fn probe(&self, curve: Curve) -> Option<(f64, f64)> {
        let element = match curve {
            Curve::Fill => Element::FillCurve,
            Curve::K => Element::KCurve,
            Curve::Bits => Element::BitsCurve,
        };
        if !self.shows(element) {
            return None;
        }
        self.probes
            .get(&curve)
            .map(|&x| (x, self.figures.curve_value(curve, x)))
    }

    /// The zero curve's probe as (n, exact P0), if the curve shows and the
    /// fill probe is placed: both charts are against n, so they share it.
    pub fn zero_probe(&self) -> Option<(f64, f64)> {
        if !self.shows(Element::ZeroCurve) {
            return None;
        }
        self.probes
            .get(&Curve::Fill)
            .map(|&n| (n, self.figures.zero_exact(n)))
    }

    /// Cells in the row.
    pub fn m(&self) -> usize {
        self.figures.settings.m
    }
}

/// The class's guess, as the presenter records it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Guess {
    /// A choice, from 0 (key A).
    Choice(usize),
    /// A number.
    Number(f64),
}

/// The answer, worked out.
#[derive(Debug, Clone, PartialEq)]
pub enum Solution {
    /// The right choice, from 0.
    Choice(usize),
    /// The right number.
    Number {
        /// Its value.
        value: f64,
        /// As the narration would print it.
        text: String,
        /// How close a guess must be.
        tolerance: Tolerance,
    },
}

/// A prediction on the board.
#[derive(Debug, Clone, PartialEq)]
pub struct Prediction {
    /// The question, filled.
    pub question: String,
    /// The choices, filled (none for a number).
    pub choices: Vec<String>,
    /// The answer.
    pub solution: Solution,
    /// What waits for the reveal.
    pub hides: Vec<Hidden>,
    /// True on the revealed board.
    pub revealed: bool,
    /// The class's guess, when one was recorded.
    pub guess: Option<Guess>,
    /// The paragraph of the narration from which it waits for the reveal.
    pub reveal_from: Option<usize>,
}

impl Prediction {
    /// Whether `guess` is right.
    pub fn right(&self, guess: Guess) -> bool {
        match (&self.solution, guess) {
            (Solution::Choice(want), Guess::Choice(got)) => *want == got,
            (
                Solution::Number {
                    value, tolerance, ..
                },
                Guess::Number(got),
            ) => tolerance.accepts(*value, got),
            _ => false,
        }
    }

    /// The answer in words: the right choice, or the number.
    pub fn answer_text(&self) -> String {
        match &self.solution {
            Solution::Choice(i) => self.choices.get(*i).cloned().unwrap_or_default(),
            Solution::Number { text, .. } => text.clone(),
        }
    }

    /// `verdict`, `choice` or `number`.
    pub fn kind(&self) -> &'static str {
        match (&self.solution, self.hides.contains(&Hidden::Verdict)) {
            (Solution::Number { .. }, _) => "number",
            (Solution::Choice(_), true) if self.choices == verdict_choices() => "verdict",
            _ => "choice",
        }
    }

    /// True for a number to guess rather than choices.
    pub fn is_number(&self) -> bool {
        matches!(self.solution, Solution::Number { .. })
    }
}

/// The key that picks choice `i` (A, B, C, D).
pub fn choice_key(i: usize) -> char {
    (b'A' + u8::try_from(i.min(25)).unwrap_or(0)) as char
}

/// The choices of a `predict verdict`.
pub(crate) fn verdict_choices() -> Vec<String> {
    [Verdict::ProbablyPresent, Verdict::DefinitelyAbsent]
        .iter()
        .map(|v| v.as_str().to_string())
        .collect()
}
