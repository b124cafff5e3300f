//! The sandbox screen: the bit row with the last operation's probes, the
//! lesson mistakes when they show up, the key field and the history.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::filter::Answer;
use crate::filter::ProbeState;
use crate::ui::bit_row::{BitRow, RowCell, RowProbe};
use crate::ui::layout::{Kind, Layout as LaidOut};
use crate::ui::sandbox::action::{KeyMode, SandboxSetting};
use crate::ui::sandbox::state::{Event, LESSON_INSERTS, LESSON_QUERIES, Outcome, SandboxState};
use crate::ui::screen::ViewCx;
use crate::ui::theme::{Role, Theme, verdict_role};

/// The probes of an event, in probe order, as the row draws them.
pub(crate) fn probes(event: &Event) -> Vec<RowProbe> {
    let (positions, states) = match &event.outcome {
        Outcome::Inserted(report) => (&report.positions, ProbeState::of_insert(&report.was_set)),
        Outcome::Queried { report, .. } => (
            &report.positions,
            ProbeState::of_query(&report.read, report.positions.len()),
        ),
    };
    positions
        .iter()
        .zip(states)
        .map(|(&p, state)| RowProbe {
            position: usize::try_from(p).unwrap_or(usize::MAX),
            state,
        })
        .collect()
}

/// The row's bits and the last operation's probes, as both views draw
/// them.
pub(crate) struct RowData {
    cells: Vec<RowCell<'static>>,
    probes: Vec<RowProbe>,
}

impl RowData {
    pub(crate) fn of(state: &SandboxState) -> Self {
        let cells = state
            .bits()
            .into_iter()
            .map(|set| RowCell {
                set,
                ..RowCell::default()
            })
            .collect();
        let probes = state.history.last().map(probes).unwrap_or_default();
        RowData { cells, probes }
    }

    /// The row, with the sandbox's marks and no owners.
    pub(crate) fn row(&self) -> BitRow<'_> {
        BitRow {
            cells: &self.cells,
            probes: &self.probes,
            owners: false,
            marks: true,
            emphasise_shared: false,
        }
    }
}

pub(crate) fn positions_text(probes: &[RowProbe]) -> String {
    probes
        .iter()
        .map(|p| format!("{}{}", p.position, p.state.glyph()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Longest key the history shows whole; a longer one keeps its ends.
const KEY_SHOWN: usize = 24;

/// A key as the history shows it: whole when short, else its first and
/// last characters around an ellipsis with its length, so the verdict
/// after it stays on screen.
pub(crate) fn shown_key(key: &str) -> String {
    let count = key.chars().count();
    if count <= KEY_SHOWN {
        return key.to_string();
    }
    let head: String = key.chars().take(10).collect();
    let tail: String = key.chars().skip(count - 10).collect();
    format!("{head}…{tail} ({count} characters)")
}

/// How a query's answer is judged against the keys really inserted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Judged {
    /// "maybe" about a key never inserted.
    FalsePositive,
    /// "maybe" about a key that was inserted.
    WasInserted,
    /// "no" about a key never inserted.
    Correct,
}

impl Judged {
    /// The judgement of `event`, when it is a query.
    pub(crate) fn of(event: &Event) -> Option<Judged> {
        let Outcome::Queried {
            report,
            was_inserted,
            ..
        } = &event.outcome
        else {
            return None;
        };
        Some(if event.false_positive() {
            Judged::FalsePositive
        } else if report.answer() == Answer::Maybe && *was_inserted {
            Judged::WasInserted
        } else {
            Judged::Correct
        })
    }

    /// True when the answer is right.
    pub(crate) fn right(self) -> bool {
        self != Judged::FalsePositive
    }

    /// What the history says of it, after its mark.
    pub(crate) fn words(self) -> &'static str {
        match self {
            Judged::FalsePositive => "FALSE POSITIVE (never inserted)",
            Judged::WasInserted => "was inserted",
            Judged::Correct => "correct",
        }
    }
}

/// The filter's answer to a query, as the history says it.
pub(crate) fn answer_word(answer: Answer) -> &'static str {
    match answer {
        Answer::Maybe => "maybe",
        Answer::No => "no",
    }
}

/// "(stopped at probe 2)" for a query that met a 0 before its last probe.
pub(crate) fn stop_words(event: &Event) -> String {
    match &event.outcome {
        Outcome::Queried { report, .. } => report
            .stopped_at
            .map_or(String::new(), |i| format!(" (stopped at probe {})", i + 1)),
        Outcome::Inserted(_) => String::new(),
    }
}

/// "(2 new bits)" for an insert.
pub(crate) fn new_bits_words(event: &Event) -> String {
    match &event.outcome {
        Outcome::Inserted(report) => format!(
            "({} new bit{})",
            report.newly_set.len(),
            if report.newly_set.len() == 1 { "" } else { "s" }
        ),
        Outcome::Queried { .. } => String::new(),
    }
}

/// One line describing an event, for the history and the "last" line.
pub(crate) fn describe(event: &Event, theme: &Theme) -> Line<'static> {
    let probes = positions_text(&probes(event));
    match &event.outcome {
        Outcome::Inserted(_) => Line::from(vec![
            Span::styled("+ insert ", theme.style(Role::Good)),
            Span::styled(shown_key(&event.key), theme.style(Role::Text)),
            Span::styled(
                format!("  probes {probes}  {}", new_bits_words(event)),
                theme.style(Role::Hint),
            ),
        ]),
        Outcome::Queried { report, .. } => {
            let mut spans = vec![
                Span::styled("? query  ", theme.style(Role::Key)),
                Span::styled(shown_key(&event.key), theme.style(Role::Text)),
                Span::styled(" → ", theme.style(Role::Hint)),
                Span::styled(
                    answer_word(report.answer()),
                    theme.style(verdict_role(report.answer())),
                ),
            ];
            spans.push(Span::styled(
                format!("  probes {probes}{}", stop_words(event)),
                theme.style(Role::Hint),
            ));
            match Judged::of(event) {
                Some(j @ Judged::FalsePositive) => {
                    spans.push(Span::styled(
                        format!("  ✗ {}", j.words()),
                        theme.style(Role::Bad),
                    ));
                }
                Some(j) => {
                    spans.push(Span::styled(
                        format!("  ✓ {}", j.words()),
                        theme.style(Role::Good),
                    ));
                }
                None => {}
            }
            Line::from(spans)
        }
    }
}

/// The lesson mistakes an event shows, one text each.
pub(crate) fn mistake_texts(event: &Event, state: &SandboxState) -> Vec<String> {
    let mut texts = Vec::new();
    if let Outcome::Queried { readout, .. } = &event.outcome
        && event.any_would_differ()
    {
        let bits: Vec<&str> = readout
            .bits
            .iter()
            .map(|&b| if b { "1" } else { "0" })
            .collect();
        texts.push(format!(
            "mistake 1: any() instead of all() would say maybe (probes read [{}])",
            bits.join(", ")
        ));
    }
    if event.collapsed {
        let bit = probes(event).first().map_or(0, |p| p.position);
        texts.push(format!(
            "mistake 2: h2 mod m = 0 for {}: all {} probes hit bit {bit}",
            event.key, state.k
        ));
    }
    texts
}

/// The lesson mistakes an event shows, one line each.
pub(crate) fn mistakes(event: &Event, state: &SandboxState, theme: &Theme) -> Vec<Line<'static>> {
    mistake_texts(event, state)
        .into_iter()
        .map(|t| Line::styled(format!("⚠ {t}"), theme.style(Role::Warn)))
        .collect()
}

/// "5 of 16 bits set · 2 keys in" ("1 key in").
pub(crate) fn counts_words(state: &SandboxState) -> String {
    let keys = state.inserted.len();
    format!(
        "{} of {} bits set · {keys} {} in",
        state.filter.count_ones(),
        state.m,
        if keys == 1 { "key" } else { "keys" }
    )
}

/// What the sandbox says before anything is inserted or queried.
pub(crate) const EMPTY: &str = "an empty filter: every query says no until something is inserted";

/// What the history's marks mean.
pub(crate) const LEGEND: &str =
    "history · ✓ read 1 · ✗ read 0 · · not read · + newly set · = already set";

/// The sandbox's title: what the filter is.
pub(crate) const TITLE: &str = "sandbox · the lesson's filter: FNV-1a, double hashing";

pub(crate) fn settings_line(state: &SandboxState, theme: &Theme) -> Line<'static> {
    let pick = |setting: SandboxSetting| {
        if state.selected == setting {
            (theme.style(Role::Selected), "▶ ")
        } else {
            (theme.style(Role::Text), "  ")
        }
    };
    let (m_style, m_mark) = pick(SandboxSetting::M);
    let (k_style, k_mark) = pick(SandboxSetting::K);
    Line::from(vec![
        Span::styled(m_mark, theme.style(Role::Focus)),
        Span::styled(format!("m = {}", state.m), m_style),
        Span::raw("   "),
        Span::styled(k_mark, theme.style(Role::Focus)),
        Span::styled(format!("k = {}", state.k), k_style),
        Span::styled(
            format!("    {}", counts_words(state)),
            theme.style(Role::Hint),
        ),
    ])
}

/// The key field's line, or the hint of what to type, in the longest
/// wording that fits `width` columns.
pub(crate) fn field_line(state: &SandboxState, theme: &Theme, width: u16) -> Line<'static> {
    let fits = |line: &Line<'_>| line.width() <= usize::from(width);
    match state.focus {
        Some(_) => {
            let full = typing_line(state, theme, true);
            if fits(&full) {
                full
            } else {
                typing_line(state, theme, false)
            }
        }
        None => {
            let inserts = LESSON_INSERTS.join(", ");
            let queries = LESSON_QUERIES.join(", ");
            let lesson = |lead: &str| {
                vec![
                    Span::styled(format!("{lead}insert "), theme.style(Role::Label)),
                    Span::styled(inserts.clone(), theme.style(Role::Text)),
                    Span::styled(" · query ", theme.style(Role::Label)),
                    Span::styled(queries.clone(), theme.style(Role::Text)),
                ]
            };
            let keys = key_spans(theme);
            // The footer names i and f too, so the lesson's keys come first
            // when only one of the two fits.
            let options = [
                Line::from(
                    [
                        keys.clone(),
                        vec![Span::styled(" · ", theme.style(Role::Hint))],
                        lesson("lesson: "),
                    ]
                    .concat(),
                ),
                Line::from(lesson("lesson: ")),
                Line::from(lesson("")),
                Line::from(keys),
            ];
            let last = options[options.len() - 1].clone();
            options.into_iter().find(fits).unwrap_or(last)
        }
    }
}

/// The key field's lines in present mode, where no footer names the
/// keys: the one line when it says them, else the keys on a line of
/// their own above the lesson's line, so neither is dropped.
pub(crate) fn field_lines(state: &SandboxState, theme: &Theme, width: u16) -> Vec<Line<'static>> {
    let line = field_line(state, theme, width);
    let says_keys = line
        .spans
        .iter()
        .any(|s| s.content.contains("insert a key"));
    if state.focus.is_some() || says_keys {
        return vec![line];
    }
    vec![fit(Line::from(key_spans(theme)), width), line]
}

/// The two keys that change the filter, and what they do.
fn key_spans(theme: &Theme) -> Vec<Span<'static>> {
    vec![
        Span::styled("i", theme.style(Role::Key)),
        Span::styled(" insert a key · ", theme.style(Role::Hint)),
        Span::styled("f", theme.style(Role::Key)),
        Span::styled(" query a key", theme.style(Role::Hint)),
    ]
}

/// The line while a key is typed; `hints` adds the keys that switch and leave.
fn typing_line(state: &SandboxState, theme: &Theme, hints: bool) -> Line<'static> {
    match state.focus {
        Some(mode) => {
            let verb = match mode {
                KeyMode::Insert => "insert key: ",
                KeyMode::Query => "query key:  ",
            };
            let mut spans = vec![Span::styled(verb, theme.style(Role::Focus))];
            if state.field.is_empty() {
                spans.push(Span::styled("▏", theme.style(Role::Selected)));
                if let Some(s) = state.suggestion(mode) {
                    spans.push(Span::styled(
                        format!("{s}  (Enter takes it)"),
                        theme.style(Role::Stale),
                    ));
                }
            } else {
                spans.push(Span::styled(
                    state.field.text().to_string(),
                    theme.style(Role::Selected),
                ));
                spans.push(Span::styled("▏", theme.style(Role::Selected)));
            }
            if hints {
                spans.push(Span::styled(
                    "   ↑↓ insert⇄query · Esc leave",
                    theme.style(Role::Hint),
                ));
            }
            Line::from(spans)
        }
        None => Line::default(),
    }
}

/// Draws the sandbox into `body`.
pub(crate) fn render(state: &SandboxState, cx: &ViewCx<'_>, body: Rect, buf: &mut Buffer) {
    let theme = cx.theme;
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.style(Role::Border))
        .title(Span::styled(format!(" {TITLE} "), theme.style(Role::Title)));
    let inner = block.inner(body);
    block.render(body, buf);
    if inner.height < 8 {
        return;
    }
    let mut y = inner.y;
    buf.set_line(inner.x, y, &settings_line(state, theme), inner.width);
    y += 1;

    let data = RowData::of(state);
    let row = data.row();
    let last = state.history.last();
    // Cells as near square as the screen allows, keeping room for the
    // history.
    let cell_rows = row.square_rows(inner.width).min((inner.height / 6).max(1));
    let below_row = Rect {
        y,
        height: inner.bottom().saturating_sub(y),
        ..inner
    };
    // The row takes what it needs, keeping four rows for the lines under it.
    let [row_area, rest] = Layout::vertical([
        Constraint::Length(row.height(inner.width, cell_rows)),
        Constraint::Min(4),
    ])
    .areas(below_row);
    row.render(row_area, buf, theme, cell_rows);
    cx.record_drawn("settings", Rect { height: 1, ..inner }, buf);
    cx.record(LaidOut {
        cell: Some(row.cell_size(row_area.width, cell_rows)),
        ..LaidOut::plain(
            Kind::new("bit-row"),
            row_area,
            crate::ui::layout::drawn_text(buf, row_area),
        )
    });

    let mut lines = Vec::new();
    match last {
        Some(event) => {
            lines.push(fit(describe(event, theme), rest.width));
            lines.extend(mistakes(event, state, theme));
        }
        None => lines.push(Line::styled(EMPTY, theme.style(Role::Hint))),
    }
    lines.push(field_line(state, theme, inner.width));
    lines.extend(
        state
            .field
            .note()
            .map(|n| Line::styled(n, theme.style(Role::Bad))),
    );
    lines.push(Line::styled(LEGEND, theme.style(Role::Hint)));
    let room = usize::from(rest.height).saturating_sub(lines.len());
    let skip = state.history.len().saturating_sub(room);
    lines.extend(
        state
            .history
            .iter()
            .skip(skip)
            .map(|e| fit(describe(e, theme), rest.width)),
    );
    Paragraph::new(lines).render(rest, buf);
    cx.record_drawn("history", rest, buf);
}

/// `line` cut to `width` columns, ending in `…` when something had to go,
/// so a line too long for the screen says it was cut.
pub(crate) fn fit(line: Line<'static>, width: u16) -> Line<'static> {
    let width = usize::from(width);
    if line.width() <= width {
        return line;
    }
    let room = width.saturating_sub(1);
    let mut used = 0;
    let mut spans = Vec::new();
    for span in line.spans {
        let mut kept = String::new();
        for c in span.content.chars() {
            let w = textwrap::core::display_width(c.encode_utf8(&mut [0; 4]));
            if used + w > room {
                break;
            }
            used += w;
            kept.push(c);
        }
        let full = kept.len() == span.content.len();
        spans.push(Span::styled(kept, span.style));
        if !full {
            break;
        }
    }
    let style = spans.last().map(|s| s.style).unwrap_or_default();
    spans.push(Span::styled("…", style));
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_key_keeps_its_ends_and_its_length() {
        assert_eq!(shown_key("rec-42"), "rec-42");
        let long = format!("{}{}", "a".repeat(250), "xyz123");
        assert_eq!(shown_key(&long), "aaaaaaaaaa…aaaaxyz123 (256 characters)");
    }
}
