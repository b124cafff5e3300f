//! The sizing answer's rows: the filter found (bits, memory, k), its exact
//! and true rates with how their digits were certified, whether each meets
//! the target, the textbook's sizing beside it, and the exact set it beats.
//! Each part comes in a full form and, for short terminals, a compact one
//! with the same figures on fewer rows.

use ratatui::text::{Line, Span};

use crate::numbers::{BytesStyle, counted_grouped, format_bytes, format_bytes_as, grouped, sig};
use crate::rates::certified::{CertifiedDigits, RateKind};
use crate::rates::figures::OneIn;
use crate::rates::size_inputs::Target;
use crate::rates::size_report::{Textbook, rate_text, rate_word, target_text};
use crate::rates::solve::{KChoice, Solved};
use crate::ui::format::first_fitting;
use crate::ui::sizing::compute::SizingFigures;
use crate::ui::sizing::fit::{labelled_row, wrapped};
use crate::ui::sizing::rows::{Above, k_choice};
use crate::ui::theme::{Role, Theme};

/// Bytes per item in the exact-set comparison.
pub(crate) const ITEM_BYTES: u64 = 64;

/// How much room the answer has: every figure in both forms, the full one
/// spread over more rows with longer notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// A row per figure.
    Full,
    /// Figures shared out over fewer rows, for 80x24.
    Compact,
}

/// Drawing context: width, form and theme.
pub(crate) struct Pen<'a> {
    /// Columns available.
    pub width: u16,
    /// Full or compact.
    pub form: Form,
    /// Styles.
    pub theme: &'a Theme,
    /// Which of the answer's figures present mode has set in big letters
    /// above the panel: their rows go, so each is said once.
    pub above: Above,
}

impl Pen<'_> {
    fn row(&self, label: &str, values: &[Span<'static>], notes: &[String]) -> Line<'static> {
        labelled_row(label, values, notes, self.width, self.theme)
    }

    fn span(&self, text: String, role: Role) -> Span<'static> {
        Span::styled(text, self.theme.style(role))
    }

    /// A sentence on its own row (a verdict), in the longest wording that
    /// fits; the shortest wraps if even it does not.
    fn sentence(&self, options: &[String], role: Role) -> Vec<Line<'static>> {
        let style = self.theme.style(role);
        match first_fitting(options, usize::from(self.width)) {
            Some(o) => vec![Line::styled(o.clone(), style)],
            None => wrapped(options.last().map_or("", String::as_str), self.width, style),
        }
    }
}

/// "exact, certified bracket" or "true, long division": which rate, and how
/// its digits were obtained.
fn method(kind: RateKind, d: &CertifiedDigits) -> String {
    format!("{}, {}", rate_word(kind), d.method.label())
}

/// "about 1 in 100", as the lab words it.
fn one_in(o: &OneIn) -> Option<String> {
    match o {
        OneIn::Never => None,
        OneIn::About(n) => Some(format!("about 1 in {}", grouped(*n))),
        OneIn::Rarer(d) => Some(format!("about 1 in {}", d.scientific())),
    }
}

/// Digits of the classic fraction's denominator, grouped (they run past
/// `u64` at extreme sizes).
fn digit_count(d: u128) -> String {
    match u64::try_from(d) {
        Ok(v) => grouped(v),
        Err(_) => sig(d as f64, 3),
    }
}

/// The bytes of `bits`, as `bloomlab size` prints them.
fn memory(bits: u64) -> Vec<String> {
    let bytes = bits.div_ceil(8);
    if bytes < 1000 {
        vec![format_bytes(bytes)]
    } else {
        vec![
            format_bytes_as(bytes, BytesStyle::ExactGrouped),
            format_bytes(bytes),
        ]
    }
}

/// The rows of the filter found and its rates.
pub(crate) fn answer_rows(f: &SizingFigures, pen: &Pen<'_>) -> Vec<Line<'static>> {
    let a = &f.report.answer;
    let per_key = a.m as f64 / a.n as f64;
    let word = rate_word(a.by);
    let mut rows = Vec::new();
    if a.solved == Solved::Keys && !pen.above.has(true) {
        rows.push(pen.row(
            "n",
            &[pen.span(counted_grouped(a.n, "key", "keys"), Role::Figure)],
            &[format!("the most whose {word} rate meets the target")],
        ));
    }
    let mut m_notes = match a.solved {
        Solved::Bits => vec![
            format!("{per_key:.3} bits per key: the fewest whose {word} rate meets the target"),
            format!("{per_key:.3} bits per key: the fewest that meet the target"),
        ],
        _ => Vec::new(),
    };
    m_notes.push(format!("{per_key:.3} bits per key"));
    let m_above = pen.above.has(a.solved == Solved::Bits);
    if m_above {
        // The figures are above in big letters; what they mean stays here.
        let fewest = match a.solved {
            Solved::Bits => vec![
                format!("the fewest whose {word} rate meets the target"),
                "the fewest that meet the target".to_string(),
            ],
            _ => Vec::new(),
        };
        let per = pen.span(format!("{per_key:.3}"), Role::Figure);
        rows.push(pen.row("bits per key", &[per], &fewest));
    }
    match pen.form {
        _ if m_above => {}
        Form::Full => {
            rows.push(pen.row(
                "m",
                &[pen.span(format!("{} bits", grouped(a.m)), Role::Figure)],
                &m_notes,
            ));
            let values: Vec<Span<'static>> = memory(a.m)
                .into_iter()
                .map(|t| pen.span(t, Role::Figure))
                .collect();
            rows.push(pen.row("memory", &values, &[]));
        }
        Form::Compact => {
            let bytes = format_bytes(a.m.div_ceil(8));
            let values = [
                pen.span(format!("{} bits = {bytes}", grouped(a.m)), Role::Figure),
                pen.span(format!("{} bits", grouped(a.m)), Role::Figure),
            ];
            rows.push(pen.row("m", &values, &[format!("{per_key:.3} bits per key")]));
        }
    }
    // k above in big letters leaves no value for its row: the row goes
    // (the k field's own row says "→ above").
    if !pen.above.has(a.solved == Solved::Hashes) {
        rows.push(pen.row(
            "k",
            &[pen.span(a.k.to_string(), Role::Figure)],
            &k_choice(f),
        ));
    }
    rows.extend(rate_rows(f, pen));
    if let Some(target) = &f.report.target {
        rows.extend(verdict_rows(f, target, pen));
    }
    rows
}

/// The exact classic and true rates at the answer, with their methods.
fn rate_rows(f: &SizingFigures, pen: &Pen<'_>) -> Vec<Line<'static>> {
    let (a, r) = (&f.report.answer, &f.shape);
    let classic = rate_text(&a.classic.decimal);
    let how = method(RateKind::Classic, &a.classic);
    let mut notes = Vec::new();
    if let Some(one) = one_in(&r.one_in) {
        notes.push(format!(
            "{one} · {how}; its fraction's denominator has {} digits",
            digit_count(r.denominator_digits)
        ));
        notes.push(format!("{one} · {how}"));
    }
    notes.push(how);
    // The rate sized by may be in big letters above.
    let rate_above = pen.above.has(a.solved == Solved::Rate);
    let mut rows = Vec::new();
    if !(rate_above && a.by == RateKind::Classic) {
        rows.push(pen.row("exact rate", &[pen.span(classic, Role::Exact)], &notes));
    }
    let how = method(RateKind::True, &a.true_rate);
    if !(rate_above && a.by == RateKind::True) {
        rows.push(pen.row(
            "true rate",
            &[pen.span(rate_text(&a.true_rate.decimal), Role::True)],
            &[format!("{how}: E[(X/m)^k], no independence assumed"), how],
        ));
    }
    if pen.form == Form::Full {
        rows.push(pen.row(
            "idealised",
            &[pen.span(sig(r.idealised, 10), Role::Idealised)],
            &[
                "(1 - e^(-kn/m))^k, the textbook's formula, at this m, n, k".into(),
                "(1 - e^(-kn/m))^k".into(),
            ],
        ));
    }
    rows
}

/// Whether the answer meets the target by the rate sized by, the shape one
/// step past it, and the other rate's verdict.
fn verdict_rows(f: &SizingFigures, target: &Target, pen: &Pen<'_>) -> Vec<Line<'static>> {
    let a = &f.report.answer;
    let t = target_text(target);
    let word = rate_word(a.by);
    let (sized, meets) = f.report.sized();
    let shown = rate_text(&sized.decimal);
    let mut rows = if meets == Some(true) {
        pen.sentence(
            &[
                format!("✓ meets the target: {word} {shown} ≤ {t}"),
                format!("✓ meets it: {word} {shown} ≤ {t}"),
            ],
            Role::Good,
        )
    } else {
        pen.sentence(
            &[
                format!("✗ misses the target: {word} {shown} > {t}"),
                format!("✗ misses it: {word} {shown} > {t}"),
            ],
            Role::Bad,
        )
    };
    if let Some(past) = &a.neighbour {
        let step = match a.solved {
            Solved::Keys => format!("one key more ({})", grouped(past.n)),
            _ => format!("one bit fewer ({})", grouped(past.m)),
        };
        let rate = rate_text(&past.rate.decimal);
        rows.extend(pen.sentence(
            &[
                format!(
                    "  {step} would miss: {word} {rate} > {t} at {} k = {}",
                    match a.k_choice {
                        KChoice::Given => "the same",
                        KChoice::Scanned(_) => "its best",
                    },
                    past.k
                ),
                format!("  {step} would miss: {word} {rate} > {t}"),
                format!("  {step} would miss: {rate}"),
            ],
            Role::Hint,
        ));
    }
    let (other, other_kind, other_meets) = match a.by {
        RateKind::Classic => (&a.true_rate, RateKind::True, a.true_meets),
        RateKind::True => (&a.classic, RateKind::Classic, a.classic_meets),
    };
    let other_word = rate_word(other_kind);
    let switch = match a.solved {
        Solved::Hashes => "b picks k by it",
        _ => "b sizes by it",
    };
    let other_shown = rate_text(&other.decimal);
    rows.extend(match (other_meets, other_kind) {
        (Some(true), _) => pen.sentence(
            &[
                format!("✓ the {other_word} rate meets it too: {other_word} {other_shown} ≤ {t}"),
                format!("✓ the {other_word} rate meets it too: {other_shown}"),
            ],
            Role::Good,
        ),
        (_, RateKind::True) => pen.sentence(
            &[
                format!(
                    "✗ the true rate of a real filter misses it: true {other_shown} > {t} ({switch})"
                ),
                format!("✗ the true rate misses it: true {other_shown} > {t} ({switch})"),
                format!("✗ the true rate misses it: {other_shown} ({switch})"),
            ],
            Role::Warn,
        ),
        (_, RateKind::Classic) => pen.sentence(
            &[format!(
                "✗ the exact rate misses it: exact {other_shown} > {t}"
            )],
            Role::Warn,
        ),
    });
    rows
}

/// The textbook's sizing, labelled as the textbook's, and how far the
/// answer is from it.
pub(crate) fn textbook_rows(
    tb: &Textbook,
    beyond: Option<i128>,
    pen: &Pen<'_>,
) -> Vec<Line<'static>> {
    let s = &tb.sizing;
    let bytes = format_bytes(s.bytes);
    let binary = format_bytes_as(s.bytes, BytesStyle::Binary);
    let exact = rate_text(&tb.exact.decimal);
    let verdict = if tb.meets { "meets" } else { "misses" };
    let gap = beyond.map(|b| match b {
        0 => "the answer needs the same m".to_string(),
        b if b > 0 => format!(
            "the answer needs {} more",
            counted_grouped(b.unsigned_abs() as u64, "bit", "bits")
        ),
        b => format!(
            "the answer needs {} fewer",
            counted_grouped(b.unsigned_abs() as u64, "bit", "bits")
        ),
    });
    let figure = |t: String| pen.span(t, Role::Figure);
    match pen.form {
        Form::Full => {
            let m_notes: Vec<String> = gap.clone().into_iter().collect();
            vec![
                Line::from(vec![
                    Span::styled(format!("{:<16}", "textbook"), pen.theme.style(Role::Title)),
                    Span::styled(
                        "the lesson's formulas: the idealised rate, with a real k",
                        pen.theme.style(Role::Hint),
                    ),
                ]),
                pen.row(
                    "  bits per key",
                    &[figure(format!("{:.3}", s.bits_per_key))],
                    &["-ln p / (ln 2)^2".into()],
                ),
                pen.row("  m", &[figure(format!("{} bits", grouped(s.m)))], &m_notes),
                pen.row(
                    "  memory",
                    &memory(s.m).into_iter().map(figure).collect::<Vec<_>>(),
                    &[],
                ),
                pen.row(
                    "  k",
                    &[figure(format!("{:.2}", s.k_real))],
                    &[format!("= (m/n) ln 2, rounded to {}", s.k)],
                ),
                pen.row(
                    "  its rates",
                    &[figure(format!("idealised {}", sig(s.idealised, 10)))],
                    &[
                        format!("exact {exact} {verdict} the target"),
                        format!("exact {exact} {verdict}"),
                    ],
                ),
            ]
        }
        Form::Compact => {
            let head = [
                format!(
                    "{:.3} bits per key, {} bits, {bytes}, k {:.2} → {}",
                    s.bits_per_key,
                    grouped(s.m),
                    s.k_real,
                    s.k
                ),
                format!(
                    "{:.3} bits/key, {} bits, {}, k {:.2} → {}",
                    s.bits_per_key,
                    grouped(s.m),
                    binary,
                    s.k_real,
                    s.k
                ),
                format!(
                    "{:.3} bits/key, {} bits, {}, k {:.2}",
                    s.bits_per_key,
                    grouped(s.m),
                    binary,
                    s.k_real
                ),
            ];
            let head: Vec<Span<'static>> = head.into_iter().map(figure).collect();
            let mut second = Vec::new();
            if let Some(g) = &gap {
                second.push(format!(
                    "  its exact rate {exact} {verdict} the target; {g}"
                ));
                second.push(format!("  its exact rate {exact} {verdict}; {g}"));
                second.push(format!("  exact {exact} {verdict}; {g}"));
            }
            second.push(format!("  its exact rate {exact} {verdict} the target"));
            let mut rows = vec![pen.row("textbook", &head, &[])];
            rows.extend(pen.sentence(&second, Role::Hint));
            rows
        }
    }
}

/// The exact set holding every key, against the filter's bytes.
pub(crate) fn exact_set_rows(f: &SizingFigures, pen: &Pen<'_>) -> Vec<Line<'static>> {
    let a = &f.report.answer;
    let set_bytes = a.n.saturating_mul(ITEM_BYTES);
    let filter_bytes = a.m.div_ceil(8).max(1);
    let ratio = set_bytes as f64 / filter_bytes as f64;
    let times = sig(ratio, 3);
    // At very small rates the filter can outgrow the set; say so.
    let verdict = if ratio < 1.0 {
        "the set is smaller here"
    } else {
        "the filter"
    };
    let values = [
        pen.span(format_bytes(set_bytes), Role::Figure),
        pen.span(format_bytes_as(set_bytes, BytesStyle::Binary), Role::Figure),
    ];
    vec![
        pen.row(
            "exact set",
            &values,
            &[
                format!(
                    "{} items × {ITEM_BYTES} bytes: {times}× {verdict}",
                    grouped(a.n)
                ),
                format!("{ITEM_BYTES} bytes a key: {times}× {verdict}"),
                format!("{times}× {verdict}"),
            ],
        ),
        Line::styled(
            "  A set that answers exactly must hold every key; the filter holds bits.",
            pen.theme.style(Role::Hint),
        ),
    ]
}
