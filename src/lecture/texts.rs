//! Every text a step puts on the board, worded here once: the verdict line
//! under a query, the cost table's cells, the crawler's figures and the
//! plots' captions. The screen draws these strings and `script trace`
//! lists them, so a test can check that each one appears whole on screen.

use super::board::{Board, Flag, Query, QuerySource, Verdict};
use super::board::{Guess, Prediction, Solution, choice_key};
use super::curve::Curve;
use super::figures::{kopt, sig};
use super::script::{Element, Emphasis};
use crate::numbers::{grouped_real, trim_zeros};

/// Which part of the board a text belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TextPart {
    /// The large title.
    Banner,
    /// The line under the bit row's query.
    Verdict,
    /// The line under the counters' query.
    CountersVerdict,
    /// The crawler diagram's figures.
    Crawler,
    /// A derivation line.
    Derivation,
    /// A cell of the cost table.
    Table,
    /// A note.
    Notes,
    /// A prediction's question, choices and outcome.
    Predict,
    /// A plot's caption.
    Caption(Element),
    /// The line-up chart's bar labels and its two marked lines.
    Lineup,
}

/// One text on the board and the part it belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardText {
    /// Where it is drawn.
    pub part: TextPart,
    /// What it says.
    pub text: String,
}

/// How the verdict line under a query judges the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judgement {
    /// No bit read yet.
    Pending,
    /// The answer is right.
    Right,
    /// The answer is wrong, not yet named (`emphasise flag` names the
    /// false positive or negative): said as plainly "filter wrong", so
    /// the call is read as the filter's, not the class's.
    Unnamed,
    /// The answer is wrong and flagged.
    Wrong,
}

/// The verdict in words, without the screen's mark: how it judges the
/// answer, the call ("false positive", "right") and the reason ("v was
/// never inserted"). The screen's line and plain mode's sentence are both
/// made from these.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerdictWords {
    /// How the answer is judged.
    pub judgement: Judgement,
    /// The call, lower case: `None` while pending.
    pub call: Option<String>,
    /// Why, or what is still to come.
    pub reason: String,
}

/// The verdict under a query, in words.
pub fn verdict_words(q: &Query) -> VerdictWords {
    let words = |judgement, call: Option<&str>, reason: String| VerdictWords {
        judgement,
        call: call.map(str::to_string),
        reason,
    };
    match (q.verdict, q.flag) {
        (None, _) => words(
            Judgement::Pending,
            None,
            "positions named; no bit read yet".into(),
        ),
        (Some(_), Some(flag @ Flag::FalsePositive)) => words(
            Judgement::Wrong,
            Some(flag.as_str()),
            format!("{} was never inserted", q.item),
        ),
        (Some(_), Some(flag @ Flag::FalseNegative)) => words(
            Judgement::Wrong,
            Some(flag.as_str()),
            format!("{} is in the set", q.item),
        ),
        // A wrong answer not yet named: wrong all the same, and said so,
        // so a wrong answer never looks like a right one.
        (Some(v), None) if q.member == (v == Verdict::DefinitelyAbsent) => words(
            Judgement::Unnamed,
            Some("filter wrong"),
            if q.member {
                format!("{} is in the set", q.item)
            } else {
                format!("{} was never inserted", q.item)
            },
        ),
        (Some(Verdict::ProbablyPresent), None) => words(
            Judgement::Right,
            Some("right"),
            format!("{} is in the set", q.item),
        ),
        (Some(Verdict::DefinitelyAbsent), None) => words(
            Judgement::Right,
            Some("right, and certain"),
            format!("{} was never inserted", q.item),
        ),
    }
}

/// The verdict line under a query and how it judges the answer.
pub fn verdict_line(q: &Query) -> (String, Judgement) {
    let w = verdict_words(q);
    let text = match (w.judgement, &w.call) {
        (Judgement::Right, Some(call)) => format!("✓ {call}: {}", w.reason),
        (Judgement::Wrong | Judgement::Unnamed, Some(call)) => {
            format!("✗ {}: {}", call.to_uppercase(), w.reason)
        }
        _ => w.reason,
    };
    (text, w.judgement)
}

/// A count of items as the table writes it: `10^9` when round, else grouped.
pub fn items_text(n: f64) -> String {
    let log = n.log10();
    if n >= 1e6 && (log - log.round()).abs() < 1e-9 {
        format!("10^{}", log.round())
    } else {
        grouped_real(n)
    }
}

/// One row of the cost table: its cells and its "(Nx smaller)" remark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRow {
    /// What stores the set, how many items, how much memory.
    pub cells: [String; 3],
    /// "(51x smaller)" against the first row, or empty.
    pub remark: String,
}

/// The cost table's header cells.
pub const TABLE_HEADER: [&str; 3] = ["structure", "items", "memory"];

/// The cost table's rows.
pub fn table_rows(board: &Board) -> Vec<TableRow> {
    let exact = board.table.first().map(|r| r.gigabytes);
    board
        .table
        .iter()
        .enumerate()
        .map(|(i, row)| TableRow {
            cells: [
                row.label.clone(),
                items_text(row.items),
                format!("{} GB", trim_zeros(&sig(row.gigabytes, 3))),
            ],
            remark: match exact {
                Some(e) if i > 0 && row.gigabytes > 0.0 => {
                    format!("({}x smaller)", sig(e / row.gigabytes, 2))
                }
                _ => String::new(),
            },
        })
        .collect()
}

/// The crawler's two lines of figures, once the cost table shows with it.
pub fn crawler_lines(board: &Board) -> Option<[String; 2]> {
    if !(board.shows(Element::Crawler) && board.shows(Element::Table)) {
        return None;
    }
    let f = &board.figures;
    let s = &f.settings;
    Some([
        format!(
            "{} URLs · {} GB of filter at {} bits each · k = {}",
            items_text(s.urls),
            trim_zeros(&sig(f.bloom_gb(s.urls, s.bloom_bits), 3)),
            trim_zeros(&sig(s.bloom_bits, 3)),
            f.best_k_for_bloom()
        ),
        format!(
            "idealised epsilon {} · about {} M new URLs wrongly dropped per {}",
            sig(f.bloom_eps(), 2),
            sig(f.bloom_missed_millions(), 2),
            items_text(s.urls)
        ),
    ])
}

/// What an item of a caption stands for, so the screen can draw its mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptionMark {
    /// The idealised curve.
    Curve,
    /// Exact values at whole n, drawn as dots.
    ExactPoints,
    /// The probe on it.
    Probe,
    /// The best k's floor.
    Floor,
    /// The half-full level.
    Half,
    /// The exact set's memory line.
    ExactLine,
    /// The machine's RAM.
    RamLine,
    /// The Bloom filter's memory line.
    BloomLine,
    /// Where the exact line meets the RAM line.
    Full,
}

/// One item of a plot's caption.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptionItem {
    /// What it explains.
    pub mark: CaptionMark,
    /// Its words.
    pub text: String,
    /// For a curve's probe, where it stands ("k = 1"): all the legend
    /// need say when the probe's figure is in big letters over the chart.
    pub place: Option<String>,
}

fn item(mark: CaptionMark, text: String) -> CaptionItem {
    CaptionItem {
        mark,
        text,
        place: None,
    }
}

/// The caption under the plot `element`.
pub fn caption(board: &Board, element: Element) -> Vec<CaptionItem> {
    match element {
        Element::Memory => memory_caption(board),
        Element::ZeroCurve => zero_caption(board),
        Element::FillCurve => curve_caption(board, Curve::Fill),
        Element::KCurve => curve_caption(board, Curve::K),
        Element::BitsCurve => curve_caption(board, Curve::Bits),
        _ => Vec::new(),
    }
}

fn curve_caption(board: &Board, curve: Curve) -> Vec<CaptionItem> {
    let f = &board.figures;
    // Every curve plots an idealised rate or fill; the legend says so,
    // so the probe's figure is read as one on its own step.
    // A curve walked a point at a time has nothing drawn before its
    // first probe, and its legend names nothing until then.
    let drawn = !board.marks(&Emphasis::SoFar) || board.probe(curve).is_some();
    let mut out: Vec<CaptionItem> = drawn
        .then(|| item(CaptionMark::Curve, "idealised".into()))
        .into_iter()
        .collect();
    if let Some((x, y)) = board.probe(curve) {
        let place = match curve {
            Curve::Fill => format!("n = {x}"),
            Curve::K => format!("k = {x}"),
            Curve::Bits => format!("{x} bits/item at k* = {}", sig(kopt(x), 3)),
        };
        let text = match curve {
            // The probe's own mark says what it is; the words are kept
            // short so "idealised" fits beside them at 80x24.
            Curve::Fill => format!("{place}: fill {}", sig(y, 2)),
            Curve::K => format!("{place}: epsilon {}", sig(y, 2)),
            Curve::Bits => format!(
                "{x} bits/item: epsilon {} at k* = {}",
                sig(y, 2),
                sig(kopt(x), 3)
            ),
        };
        out.push(CaptionItem {
            place: Some(place),
            ..item(CaptionMark::Probe, text)
        });
    }
    if curve == Curve::K && board.marks(&Emphasis::Optimum) {
        out.push(item(
            CaptionMark::Floor,
            format!(
                "minimum at k = {} (rule {})",
                f.best_k_on_curve(),
                sig(kopt(f.settings.k_curve_bits), 3)
            ),
        ));
    }
    if curve == Curve::Fill && board.marks(&Emphasis::Half) {
        out.push(item(CaptionMark::Half, "half full".into()));
    }
    out
}

/// The zero curve's caption: the probe's n first, then the exact dots and
/// (once it is marked) the idealised line, each with its value there. The
/// words are kept short so it stays one line beside the derivation at
/// 120x40.
fn zero_caption(board: &Board) -> Vec<CaptionItem> {
    let f = &board.figures;
    let probe = board.zero_probe();
    let at = |value: f64| probe.map_or(String::new(), |_| format!(" {}", sig(value, 3)));
    let n = probe.map_or(0.0, |(n, _)| n);
    let mut out = Vec::new();
    if probe.is_some() {
        out.push(item(CaptionMark::Probe, format!("n = {n}:")));
    }
    out.push(item(
        CaptionMark::ExactPoints,
        format!("exact{}", at(f.zero_exact(n))),
    ));
    if board.marks(&Emphasis::Idealised) {
        out.push(item(
            CaptionMark::Curve,
            format!("idealised{}", at(f.zero_idealised(n))),
        ));
    }
    out
}

/// Where the exact set's line meets the RAM line, in millions of items,
/// when it is inside the memory plot.
pub fn crossing(board: &Board) -> Option<f64> {
    let f = &board.figures;
    let x = f.crossing_millions();
    (x <= f.settings.memory_n_max).then_some(x)
}

fn memory_caption(board: &Board) -> Vec<CaptionItem> {
    let s = &board.figures.settings;
    let exact = board.shows(Element::ExactLine);
    let ram = board.shows(Element::RamLine);
    let mut out = Vec::new();
    if exact {
        out.push(item(
            CaptionMark::ExactLine,
            format!("exact set {} B each", trim_zeros(&sig(s.exact_bytes, 3))),
        ));
    }
    if ram {
        out.push(item(
            CaptionMark::RamLine,
            format!("RAM {} GB", trim_zeros(&sig(s.ram_gb, 3))),
        ));
    }
    if board.shows(Element::BloomLine) {
        out.push(item(
            CaptionMark::BloomLine,
            format!("Bloom {} bits each", trim_zeros(&sig(s.bloom_bits, 3))),
        ));
    }
    // Named only while its bar stands on the chart (from the step that
    // marks the crossing to the scene's end): the bar, not the dot on the
    // exact line, is what the legend's block stands for.
    let bar = board.marks(&Emphasis::Crossing);
    if let (true, true, true, Some(x)) = (exact, ram, bar, crossing(board)) {
        out.push(item(
            CaptionMark::Full,
            format!("full at {} M", trim_zeros(&sig(x, 3))),
        ));
    }
    out
}

/// One bar of the line-up chart: a structure as the line-up measured it.
#[derive(Debug, Clone, PartialEq)]
pub struct LineupBar {
    /// The structure's name, as `bloomlab compare` prints it.
    pub name: &'static str,
    /// Bits per key as allocated: the bar's length.
    pub bits_per_key: f64,
    /// Its bits per key over the floor.
    pub x_floor: f64,
    /// Its measured false-positive rate.
    pub rate: f64,
    /// The floor at the rate it measured, log2(1/rate) bits per key, when
    /// that stands clear of the line-up's floor: a structure that lands
    /// well under the target rate (a 16-bit fingerprint aimed at 1%) is
    /// judged against the floor of the rate it reached, else its distance
    /// from the target's floor overstates its waste.
    pub own_floor: Option<f64>,
    /// Its figures as the bar's label says them: the bits per key and the
    /// measured rate (the name is labelled apart).
    pub figures: String,
}

impl LineupBar {
    /// Its bits per key as the label says them, to three figures.
    pub fn bits_text(&self) -> String {
        sig(self.bits_per_key, 3)
    }

    /// Its measured rate as the label says it, to two figures.
    pub fn rate_text(&self) -> String {
        sig(self.rate, 2)
    }

    /// Its bits per key over the floor at its own rate, when that floor
    /// is marked.
    pub fn x_own_floor(&self) -> Option<f64> {
        self.own_floor.map(|floor| self.bits_per_key / floor)
    }
}

/// How far above the line-up's floor (as a factor) a structure's own
/// floor must stand to be marked: within 10% (the quotient filter's
/// 0.0069 against 1%) the mark stood a column or two from the floor's
/// line and read as a doubled line, and the target's floor says enough.
const OWN_FLOOR_APART: f64 = 1.1;

/// The line-up chart of a step: its bars and the two marked lines, every
/// figure from the lecture's one line-up run.
#[derive(Debug, Clone, PartialEq)]
pub struct LineupChart {
    /// The floor, log2(1/p) bits per key, at the line-up's target rate.
    pub floor: f64,
    /// The classic Bloom filter's factor over the floor at its best k, 1/ln 2.
    pub factor: f64,
    /// The floor's line, labelled.
    pub floor_label: String,
    /// The factor's line (factor x floor), labelled.
    pub factor_label: String,
    /// One bar per structure, in the script's order.
    pub bars: Vec<LineupBar>,
}

/// What the mark across a single bar stands for, said beside a sample of
/// a marked bar under the chart.
pub const OWN_FLOOR_MARK: &str = "the floor at its own rate";

impl LineupChart {
    /// Where the factor's line stands, in bits per key.
    pub fn factor_bits(&self) -> f64 {
        self.factor * self.floor
    }

    /// Whether any bar marks its own floor.
    pub fn marks_own_floors(&self) -> bool {
        self.bars.iter().any(|b| b.own_floor.is_some())
    }

    /// The floor alone, before any structure is charted: no bars and no
    /// factor's line (the Bloom filter's factor is derived later).
    pub fn floor_only(&self) -> bool {
        self.bars.is_empty()
    }

    /// The words on the chart besides the bars': the floor's label, then
    /// the factor's once there are bars, or the region under the floor's
    /// when it stands alone.
    pub fn line_labels(&self) -> Vec<String> {
        let second = if self.floor_only() {
            BELOW_FLOOR.to_string()
        } else {
            self.factor_label.clone()
        };
        vec![self.floor_label.clone(), second]
    }
}

/// The words in the region left of the floor when the floor stands alone.
pub const BELOW_FLOOR: &str = "out of reach";

/// The step's line-up chart, when it shows one and the line-up measured
/// its structures (a structure the run lacks has no bar).
pub fn lineup_chart(board: &Board) -> Option<LineupChart> {
    if !board.shows(Element::Lineup) {
        return None;
    }
    let run = board.figures.lineup()?;
    let bars: Vec<LineupBar> = board
        .lineup
        .iter()
        .filter_map(|s| run.get(*s))
        .map(|r| {
            let mut bar = LineupBar {
                name: r.name(),
                bits_per_key: r.bits_per_key,
                x_floor: r.floor_ratio,
                rate: r.rate,
                own_floor: r
                    .rate_floor()
                    .filter(|f| *f > run.floor_bits_per_key * OWN_FLOOR_APART),
                figures: String::new(),
            };
            bar.figures = format!("{} bits/key, rate {}", bar.bits_text(), bar.rate_text());
            bar
        })
        .collect();
    // Structures named but none measured: no chart. None named: the floor
    // alone (`lineup floor`).
    if bars.is_empty() && !board.lineup.is_empty() {
        return None;
    }
    let floor = run.floor_bits_per_key;
    let factor = 1.0 / std::f64::consts::LN_2;
    Some(LineupChart {
        floor,
        factor,
        floor_label: format!("floor {}", sig(floor, 3)),
        factor_label: format!("{} x floor {}", sig(factor, 3), sig(factor * floor, 3)),
        bars,
    })
}

/// The plots the board shows, in drawing order.
pub fn plots(board: &Board) -> Vec<Element> {
    [
        Element::Memory,
        Element::ZeroCurve,
        Element::FillCurve,
        Element::KCurve,
        Element::BitsCurve,
    ]
    .into_iter()
    .filter(|e| board.shows(*e))
    .collect()
}

/// Whether the cost table is on the board. Beside the crawler the costs
/// are the crawler's own two lines of figures ([`crawler_lines`]), which
/// add the URLs it misses; the table would repeat scene 1's word for word.
pub fn table_on_board(board: &Board) -> bool {
    board.shows(Element::Table) && !board.table.is_empty() && !board.shows(Element::Crawler)
}

/// Every text the step puts on the board, with the part it belongs to.
pub fn board_texts(board: &Board) -> Vec<BoardText> {
    let mut out = Vec::new();
    let mut push = |part, text: String| out.push(BoardText { part, text });
    if board.shows(Element::Banner)
        && let Some(b) = &board.banner
    {
        push(TextPart::Banner, b.clone());
    }
    if let Some(q) = &board.query {
        let on_screen = match q.source {
            QuerySource::Row => board.shows(Element::Row).then_some(TextPart::Verdict),
            QuerySource::Counters => board
                .shows(Element::Counters)
                .then_some(TextPart::CountersVerdict),
        };
        if let Some(part) = on_screen {
            push(part, verdict_line(q).0);
        }
    }
    if let Some(lines) = crawler_lines(board) {
        for line in lines {
            push(TextPart::Crawler, line);
        }
    }
    if board.shows(Element::Derivation) {
        for line in &board.derivation {
            push(TextPart::Derivation, line.clone());
        }
    }
    if table_on_board(board) {
        for cell in TABLE_HEADER {
            push(TextPart::Table, cell.to_string());
        }
        for row in table_rows(board) {
            for cell in row.cells {
                push(TextPart::Table, cell);
            }
            if !row.remark.is_empty() {
                push(TextPart::Table, row.remark);
            }
        }
    }
    if board.shows(Element::Notes) {
        for note in &board.notes {
            push(TextPart::Notes, note.clone());
        }
    }
    if let Some(chart) = lineup_chart(board) {
        for label in chart.line_labels() {
            push(TextPart::Lineup, label);
        }
        for bar in chart.bars {
            push(TextPart::Lineup, bar.name.to_string());
            push(TextPart::Lineup, bar.figures);
        }
    }
    if let Some(p) = &board.predict {
        for line in predict_lines(p) {
            push(TextPart::Predict, line.text);
        }
    }
    for element in plots(board) {
        for c in caption(board, element) {
            push(TextPart::Caption(element), c.text);
        }
    }
    out
}

/// What a line of the prediction card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PredictLine {
    /// The question.
    Question,
    /// A choice the class may pick.
    Choice,
    /// The class's pick, before the reveal.
    Picked,
    /// The right choice, once revealed.
    Answer,
    /// How to record a guess and reveal.
    Hint,
    /// The class was right.
    Right,
    /// The class was wrong.
    Wrong,
    /// Revealed with no guess recorded.
    Told,
}

/// One line of the prediction card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PredictText {
    /// What the line is.
    pub kind: PredictLine,
    /// Its words.
    pub text: String,
}

/// The prediction card's lines: the question, the choices (keyed A to D)
/// or the guessed number, and a hint before the reveal or the outcome
/// after it, saying whether the class was right.
pub fn predict_lines(p: &Prediction) -> Vec<PredictText> {
    let mut out = vec![PredictText {
        kind: PredictLine::Question,
        text: p.question.clone(),
    }];
    let mut push = |kind, text: String| out.push(PredictText { kind, text });
    let answer = match p.solution {
        Solution::Choice(i) => Some(i),
        Solution::Number { .. } => None,
    };
    for (i, choice) in p.choices.iter().enumerate() {
        let picked = p.guess == Some(Guess::Choice(i));
        let right = p.revealed && answer == Some(i);
        let mut text = format!("{}  {choice}", choice_key(i));
        if picked {
            text.push_str(&format!("  ◀ {PICKED}"));
        }
        if right {
            text.push_str(&format!("  ◀ {ANSWER}"));
        }
        let kind = match (right, picked) {
            (true, _) => PredictLine::Answer,
            (false, true) => PredictLine::Picked,
            (false, false) => PredictLine::Choice,
        };
        push(kind, text);
    }
    if let (true, Some(Guess::Number(g))) = (p.is_number(), p.guess) {
        push(PredictLine::Picked, class_says(g));
    }
    if !p.revealed {
        let hint = if p.is_number() {
            "= types the class's number · Space reveals".to_string()
        } else {
            format!(
                "{} record the class's pick · Space reveals",
                choice_keys(p.choices.len())
            )
        };
        push(PredictLine::Hint, hint);
        return out;
    }
    match predict_outcome(p) {
        Some((kind @ PredictLine::Right, text)) => push(kind, format!("✓ {text}")),
        Some((kind @ PredictLine::Wrong, text)) => push(kind, format!("✗ {text}")),
        Some((kind, text)) => push(kind, text),
        None => {}
    }
    out
}

/// What marks the class's pick among the choices.
pub const PICKED: &str = "the class";
/// What marks the right choice once revealed.
pub const ANSWER: &str = "the answer";

/// The answer as the card words it: the right choice in quotes, or the
/// number and how close a guess must come.
pub fn answer_words(p: &Prediction) -> String {
    match &p.solution {
        Solution::Choice(_) => format!("\"{}\"", p.answer_text()),
        Solution::Number {
            text, tolerance, ..
        } => format!("{text} (right within {})", tolerance.text()),
    }
}

/// The outcome of a revealed prediction, without the screen's mark: was
/// the class right, wrong, or did it record nothing (`None` before the
/// reveal).
pub fn predict_outcome(p: &Prediction) -> Option<(PredictLine, String)> {
    if !p.revealed {
        return None;
    }
    // A right choice already carries its mark ("◀ the answer"), so the
    // outcome does not say it again; a number has no line of its own, so
    // the outcome gives it.
    let answer = match p.solution {
        Solution::Choice(_) => String::new(),
        Solution::Number { .. } => answer_words(p),
    };
    let (right, wrong, told) = if answer.is_empty() {
        (
            "the class predicted it".to_string(),
            "not what the class predicted".to_string(),
            "no prediction recorded".to_string(),
        )
    } else {
        (
            format!("the class predicted it: {answer}"),
            format!("not what the class predicted: the answer is {answer}"),
            format!("the answer: {answer} (no prediction recorded)"),
        )
    };
    Some(match p.guess {
        Some(g) if p.right(g) => (PredictLine::Right, right),
        Some(_) => (PredictLine::Wrong, wrong),
        None => (PredictLine::Told, told),
    })
}

/// The class's number, as the card records it.
pub fn class_says(guess: f64) -> String {
    format!("the class says {}", number_text(guess))
}

/// A guessed number as the card prints it.
pub fn number_text(x: f64) -> String {
    crate::numbers::trim_zeros(&format!("{x:.6}"))
}

/// The keys that pick one of `count` choices: "A or B", "A to D".
pub fn choice_keys(count: usize) -> String {
    let last = choice_key(count.saturating_sub(1));
    if count <= 2 {
        format!("A or {last}")
    } else {
        format!("A to {last}")
    }
}
