//! The compiled form of a lecture script: settings, items, scenes and the
//! directives of every step. Produced by `parse`, consumed by `engine`.

pub use super::curve::Curve;
use super::template::{Call, Template};
use crate::measure::lineup::Structure;
use crate::numbers::trim_zeros;

/// Numbers a script may set in its header; each has a default that matches
/// the built-in lecture.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Cells in the demonstration row.
    pub m: usize,
    /// Positions per item.
    pub k: usize,
    /// Population of the memory argument (URLs).
    pub urls: f64,
    /// Bytes per URL in an exact hash set.
    pub exact_bytes: f64,
    /// Memory of the machine, in GB (10^9 bytes).
    pub ram_gb: f64,
    /// Bits per item of the Bloom filter in the memory argument.
    pub bloom_bits: f64,
    /// Largest n on the fill curve.
    pub fill_n_max: usize,
    /// Largest k on the epsilon-against-k curve.
    pub k_max: usize,
    /// Bits per item held fixed on the epsilon-against-k curve.
    pub k_curve_bits: f64,
    /// Smallest bits per item on the epsilon-against-bits curve.
    pub bits_min: usize,
    /// Largest bits per item on the epsilon-against-bits curve.
    pub bits_max: usize,
    /// Right end of the memory plot, in millions of items.
    pub memory_n_max: f64,
    /// Top of the memory plot, in GB.
    pub memory_gb_max: f64,
    /// Bits per counter in the counting variant.
    pub counter_bits: u32,
    /// Keys each structure of the line-up holds (the line-up figures).
    pub lineup_n: u64,
    /// The line-up's target rate.
    pub lineup_p: f64,
    /// Never-inserted keys the line-up queries against each structure.
    pub lineup_queries: u64,
    /// Seed of the line-up's keys and hashes.
    pub lineup_seed: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            m: 16,
            k: 3,
            urls: 1e9,
            exact_bytes: 64.0,
            ram_gb: 8.0,
            bloom_bits: 10.0,
            fill_n_max: 12,
            k_max: 16,
            k_curve_bits: 10.0,
            bits_min: 2,
            bits_max: 20,
            memory_n_max: 1000.0,
            memory_gb_max: 70.0,
            counter_bits: 4,
            lineup_n: 30_000,
            lineup_p: 0.01,
            lineup_queries: 100_000,
            lineup_seed: 1,
        }
    }
}

/// A named item with its fixed positions in the row (chosen by the script,
/// not by a hash, so the story is the same every time).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The item's name as written in the script.
    pub name: String,
    /// Its k positions, in hash order.
    pub positions: Vec<usize>,
}

/// A part of the board a step can show or hide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Element {
    /// The bit row.
    Row,
    /// The "who set it" marks under the row.
    Owners,
    /// The counting variant's counters.
    Counters,
    /// The memory plot's axes.
    Memory,
    /// The exact set's line on the memory plot.
    ExactLine,
    /// The machine's RAM as a dashed line on the memory plot.
    RamLine,
    /// The Bloom filter's line on the memory plot.
    BloomLine,
    /// The small comparison table.
    Table,
    /// The chance a bit is still 0 against n: the exact P0 at each whole
    /// n, and the idealised e^(-kn/m) once `emphasise idealised` adds it.
    ZeroCurve,
    /// The fill-against-n curve.
    FillCurve,
    /// The epsilon-against-k curve.
    KCurve,
    /// The epsilon-against-bits-per-item curve.
    BitsCurve,
    /// The crawler diagram.
    Crawler,
    /// The derivation lines.
    Derivation,
    /// The callout notes.
    Notes,
    /// The large title.
    Banner,
    /// The line-up chart: bits per key of named structures against the floor.
    Lineup,
}

impl Element {
    /// Every element with its script name.
    pub const ALL: [(Element, &'static str); 17] = [
        (Element::Row, "row"),
        (Element::Owners, "owners"),
        (Element::Counters, "counters"),
        (Element::Memory, "memory"),
        (Element::ExactLine, "exact-line"),
        (Element::RamLine, "ram-line"),
        (Element::BloomLine, "bloom-line"),
        (Element::Table, "table"),
        (Element::ZeroCurve, "zero-curve"),
        (Element::FillCurve, "fill-curve"),
        (Element::KCurve, "k-curve"),
        (Element::BitsCurve, "bits-curve"),
        (Element::Crawler, "crawler"),
        (Element::Derivation, "derivation"),
        (Element::Notes, "notes"),
        (Element::Banner, "banner"),
        (Element::Lineup, "lineup"),
    ];

    /// Looks an element up by its script name.
    pub fn from_name(name: &str) -> Option<Element> {
        Element::ALL
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(e, _)| *e)
    }

    /// The element's script name.
    pub fn name(self) -> &'static str {
        Element::ALL
            .iter()
            .find(|(e, _)| *e == self)
            .map_or("?", |(_, n)| n)
    }
}

/// A named mark a step can draw attention to.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Emphasis {
    /// The best k on the epsilon-against-k curve.
    Optimum,
    /// Where the exact set's line crosses the RAM line.
    Crossing,
    /// Bits that more than one item leans on.
    Shared,
    /// The false-positive or false-negative flag.
    Flag,
    /// The half-full level on the fill curve.
    Half,
    /// The idealised e^(-kn/m) beside the exact P0 on the zero curve.
    Idealised,
    /// A curve drawn only as far as its probe has gone (none before the
    /// first probe), so the class walks it a point at a time and meets a
    /// later question with the rest of it still unseen.
    SoFar,
    /// Every occurrence of this text in derivation lines and notes.
    Text(String),
}

/// Which comparison row a `table` directive adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableRow {
    /// The exact hash set at the script's population.
    Exact,
    /// The Bloom filter at the script's bits per item.
    Bloom,
}

/// One action of a step, applied in order.
#[derive(Debug, Clone, PartialEq)]
pub enum Directive {
    /// Show an element (creating the row if it did not exist).
    Show(Element),
    /// Hide an element (emptying the text ones).
    Hide(Element),
    /// Set an item's bits; `upto` limits how many of its positions are set now.
    Insert { item: usize, upto: Option<usize> },
    /// Query an item against the row; `upto` limits how many probes are read now.
    Query { item: usize, upto: Option<usize> },
    /// Try to delete an item by clearing its bits (the lesson's mistake).
    Clear { item: usize },
    /// Put back what the last `clear` took away.
    Restore,
    /// Increment an item's counters in the counting variant.
    CountInsert { item: usize },
    /// Decrement an item's counters in the counting variant.
    CountDelete { item: usize },
    /// Query an item against the counters.
    CountQuery { item: usize },
    /// Move a curve's probe to x.
    Probe { curve: Curve, x: f64 },
    /// Add a derivation line.
    Derive(Template),
    /// Add a callout note.
    Note(Template),
    /// Set the large title.
    Banner(Template),
    /// Add a row to the comparison table.
    Table(TableRow),
    /// Frame an element for this step.
    Box(Element),
    /// Highlight a mark for this step.
    Emphasise(Emphasis),
    /// Ask the class to predict before the board shows the outcome.
    Predict(Box<PredictSpec>),
    /// Chart these line-up structures' bits per key against the floor, for
    /// this step.
    Lineup(Vec<Structure>),
}

/// A step: its directives and its narration paragraphs.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// Line of the `step` keyword.
    pub line: usize,
    /// What the step does to the board, in order.
    pub directives: Vec<Directive>,
    /// The narration, one template per paragraph.
    pub narration: Vec<Template>,
    /// On a predict step, the paragraph from which the narration waits for
    /// the reveal (the lines after `reveal`).
    pub reveal_from: Option<usize>,
}

/// A scene: a title and its steps.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    /// The scene's title.
    pub title: String,
    /// Its steps, at least one.
    pub steps: Vec<Step>,
}

/// A whole compiled script.
#[derive(Debug, Clone, PartialEq)]
pub struct Script {
    /// The header numbers.
    pub settings: Settings,
    /// The items, in declaration order.
    pub items: Vec<Item>,
    /// The scenes, at least one.
    pub scenes: Vec<Scene>,
}

/// Fewest choices a prediction offers.
pub const MIN_CHOICES: usize = 2;
/// Most choices a prediction offers (keys A to D).
pub const MAX_CHOICES: usize = 4;

/// A `predict` block as the script wrote it.
#[derive(Debug, Clone, PartialEq)]
pub struct PredictSpec {
    /// The question.
    pub question: Template,
    /// How the answer is found.
    pub answer: AnswerSpec,
    /// What waits for the reveal.
    pub hides: Vec<Hidden>,
}

/// How a prediction's answer is worked out.
#[derive(Debug, Clone, PartialEq)]
pub enum AnswerSpec {
    /// The step's query: "probably present" or "definitely absent".
    Verdict,
    /// The one choice whose condition holds.
    Choices(Vec<ChoiceSpec>),
    /// A figure; a guess within the tolerance is right.
    Number {
        /// The figure.
        figure: Call,
        /// How far off a guess may be.
        tolerance: Tolerance,
    },
}

/// One choice of a `predict choice` block.
#[derive(Debug, Clone, PartialEq)]
pub struct ChoiceSpec {
    /// Its words.
    pub text: Template,
    /// When it is the answer.
    pub when: Condition,
}

/// `{A} < {B}` or `{A} > {B}`: two figures compared.
#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    /// The left figure.
    pub left: Call,
    /// True for `<`, false for `>`.
    pub less: bool,
    /// The right figure.
    pub right: Call,
}

/// How far a guessed number may be from the answer and still be right.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Tolerance {
    /// Plus or minus this much.
    Absolute(f64),
    /// Plus or minus this fraction of the answer (0.05 for 5%).
    Relative(f64),
}

impl Tolerance {
    /// Whether `guess` is close enough to `answer`.
    pub fn accepts(self, answer: f64, guess: f64) -> bool {
        let room = match self {
            Tolerance::Absolute(d) => d,
            Tolerance::Relative(f) => f * answer.abs(),
        };
        // A hair of slack so a tolerance that is exactly met counts.
        (guess - answer).abs() <= room * (1.0 + 1e-9)
    }

    /// "0.5" or "5%", as the script wrote it.
    pub fn text(self) -> String {
        match self {
            Tolerance::Absolute(d) => trim_zeros(&format!("{d:.6}")),
            Tolerance::Relative(f) => {
                format!("{}%", trim_zeros(&format!("{:.4}", f * 100.0)))
            }
        }
    }
}

/// Something a prediction keeps off the board until the reveal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hidden {
    /// The query's reads, verdict and flag: its positions stay named.
    Verdict,
    /// Where a curve's probe moved in this step (it stays where it was).
    Probe(Curve),
    /// An element of the board.
    Element(Element),
}

impl Hidden {
    /// The script's words for it: `verdict`, `probe k`, `k-curve`.
    pub fn name(self) -> String {
        match self {
            Hidden::Verdict => "verdict".into(),
            Hidden::Probe(c) => format!("probe {}", c.name()),
            Hidden::Element(e) => e.name().into(),
        }
    }
}
