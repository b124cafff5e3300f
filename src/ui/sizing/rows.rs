//! The sizing screen's input rows: the four fields (the one worked out
//! shows its answer instead of text), the rate sized by, and the line that
//! names a field whose text does not read.

use ratatui::style::Modifier;
use ratatui::text::{Line, Span};

use crate::numbers::{counted_grouped, format_bytes, grouped};
use crate::rates::certified::RateKind;
use crate::rates::scan::ScanReach;
use crate::rates::size_inputs::{
    InputField, read_bits_or_memory, read_hashes, read_keys, read_target,
};
use crate::rates::size_report::{rate_text, rate_word, target_text};
use crate::rates::solve::KChoice;
use crate::text::echo;
use crate::ui::format::{first_fitting, fitted};
use crate::ui::sizing::action::SizingField;
use crate::ui::sizing::compute::SizingFigures;
use crate::ui::sizing::fit::wrapped;
use crate::ui::sizing::inputs::{FieldError, input_of};
use crate::ui::sizing::state::SizingState;
use crate::ui::theme::{Role, Theme};

/// Columns of a field's name: `m  bits or memory` and padding.
const NAME: usize = 19;
/// Columns a field's text is padded to (longer text pushes the note right).
const TEXT: usize = 14;

/// What the answer part of the screen shows.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Showing<'a> {
    /// The answer to the question asked.
    Ready(&'a SizingFigures),
    /// The answer is being worked out; the last answer, if any, meanwhile.
    Computing(Option<&'a SizingFigures>),
    /// There is no answer (why), and the last answer there was.
    Refused(&'a str, Option<&'a SizingFigures>),
    /// No question has read yet.
    Nothing,
}

/// What present mode has set in big letters above the sizing panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Above {
    /// Nothing: every figure is in the panel.
    Nothing,
    /// The figure solved for alone (a small screen's headline).
    Solved,
    /// The whole answer: n or m, the memory, k and the rate it reaches.
    All,
}

impl Above {
    /// Whether a figure is above: `solved` when it is the one solved for.
    pub(crate) fn has(self, solved: bool) -> bool {
        match self {
            Above::Nothing => false,
            Above::Solved => solved,
            Above::All => true,
        }
    }
}

pub(crate) fn name_of(field: SizingField) -> &'static str {
    match field {
        SizingField::N => "n  keys",
        SizingField::P => "p  target rate",
        SizingField::M => "m  bits or memory",
        SizingField::K => "k  hashes",
    }
}

/// "the best of 1..10 by the exact rate" (and why the range is wider).
pub(crate) fn k_choice(f: &SizingFigures) -> Vec<String> {
    let a = &f.report.answer;
    match &a.k_choice {
        KChoice::Given => vec!["given".into()],
        KChoice::Scanned(rule) => {
            let (lo, hi) = (*rule.range.start(), *rule.range.end());
            let word = rate_word(a.by);
            let best = format!("the best of {lo}..{hi} by the {word} rate");
            let mut out = Vec::new();
            match rule.reach {
                ScanReach::Extended { from } => out.push(format!(
                    "{best} (widened past {from} while the best sat on the edge)"
                )),
                ScanReach::AtLimit { from } => out.push(format!(
                    "{best} (widened past {from} to the largest k; more would do better)"
                )),
                ScanReach::Default | ScanReach::Requested => {}
            }
            out.push(best);
            out.push(format!("best of {lo}..{hi}"));
            out
        }
    }
}

/// True for a blank k: it asks for the best k (as the readers treat it).
pub(crate) fn is_best(field: SizingField, text: &str) -> bool {
    field == SizingField::K && text.trim().is_empty()
}

/// The answer's value for a field, as its row shows it, longest first.
fn answer_of(field: SizingField, f: &SizingFigures) -> Vec<String> {
    let a = &f.report.answer;
    match field {
        SizingField::N => vec![format!("→ {}", counted_grouped(a.n, "key", "keys"))],
        SizingField::P => {
            let (rate, _) = f.report.sized();
            vec![format!(
                "→ {} {}",
                rate_word(a.by),
                rate_text(&rate.decimal)
            )]
        }
        SizingField::M => vec![
            format!(
                "→ {} bits = {}",
                grouped(a.m),
                format_bytes(a.m.div_ceil(8))
            ),
            format!("→ {} bits", grouped(a.m)),
        ],
        SizingField::K => k_choice(f)
            .into_iter()
            .map(|why| format!("→ {}, {why}", a.k))
            .collect(),
    }
}

/// What a given field's text reads as, longest first.
pub(crate) fn reading_of(field: SizingField, text: &str) -> Vec<String> {
    match field {
        SizingField::N => read_keys(text)
            .map(|n| vec![format!("= {}", counted_grouped(n, "key", "keys"))])
            .unwrap_or_default(),
        SizingField::P => read_target(text)
            .map(|t| vec![format!("= {}", target_text(&t))])
            .unwrap_or_default(),
        SizingField::M => read_bits_or_memory(text)
            .map(|m| {
                vec![
                    format!("= {} bits = {}", grouped(m), format_bytes(m.div_ceil(8))),
                    format!("= {} bits", grouped(m)),
                ]
            })
            .unwrap_or_default(),
        SizingField::K => read_hashes(text)
            .map(|k| vec![format!("= {k} hashes per key"), format!("= {k}")])
            .unwrap_or_default(),
    }
}

/// A field's notes (longest first) and their role.
fn notes_of(
    state: &SizingState,
    field: SizingField,
    error: Option<&FieldError>,
    showing: Showing<'_>,
    above: Above,
) -> (Vec<String>, Role) {
    let text = state.field(field);
    if let Some(note) = text.note() {
        return (vec![note], Role::Warn);
    }
    let worked_out = field == state.unknown || is_best(field, text.text());
    if !worked_out {
        return match error {
            Some(e) if e.field == field => (vec!["✗ does not read (see below)".into()], Role::Bad),
            _ => match state.p_is_worked_rate().filter(|_| field == SizingField::P) {
                // The rounded text stands for the rate it came from.
                Some(t) => (
                    vec![
                        format!("= the rate worked out, at most {}", target_text(t)),
                        format!("≤ {}", target_text(t)),
                    ],
                    Role::Hint,
                ),
                None => (reading_of(field, text.text()), Role::Hint),
            },
        };
    }
    let best = field == SizingField::K && field != state.unknown;
    match (error, showing) {
        // Present mode sets the answer big above the panel: said once.
        (None, Showing::Ready(_)) if above.has(field == state.unknown) => {
            (vec!["→ above".into()], Role::Figure)
        }
        (None, Showing::Ready(f)) => (answer_of(field, f), Role::Figure),
        (None, Showing::Computing(_)) => (vec!["→ computing…".into()], Role::Stale),
        (None, Showing::Refused(..)) => (vec!["→ no answer (see below)".into()], Role::Bad),
        _ if best => (vec!["the best k, once the entry reads".into()], Role::Hint),
        _ => (vec!["no answer until the entry reads".into()], Role::Hint),
    }
}

/// One field's row, fitted to `width`.
fn field_row(
    state: &SizingState,
    field: SizingField,
    error: Option<&FieldError>,
    showing: Showing<'_>,
    width: u16,
    theme: &Theme,
    above: Above,
) -> Line<'static> {
    let selected = state.selected == field;
    let marker = Span::styled(if selected { "▶ " } else { "  " }, theme.style(Role::Focus));
    let name = Span::styled(
        format!("{:<NAME$}", name_of(field)),
        theme.style(Role::Text),
    );
    let raw = state.field(field).text();
    // What was typed or pasted is shown, never obeyed.
    let text = crate::text::escaped(raw);
    let value = if selected && state.editing {
        let style = theme.style(Role::Selected);
        if state.field(field).is_selected() {
            // Reversed while selected: the next key replaces it.
            let pad = TEXT.saturating_sub(text.chars().count());
            let head = vec![
                marker,
                name,
                Span::styled(text, style.add_modifier(Modifier::REVERSED)),
                Span::styled(format!("{:pad$}▏", ""), style),
            ];
            let mut with_hint = head.clone();
            with_hint.push(Span::styled(
                "  typing replaces it; Backspace edits it",
                theme.style(Role::Hint),
            ));
            return fitted(vec![Line::from(with_hint), Line::from(head)], width);
        }
        Span::styled(format!("{text:<TEXT$}▏"), style)
    } else if field == state.unknown {
        Span::styled(
            format!("{:<TEXT$} ", "[ solved ]"),
            theme.style(Role::Figure),
        )
    } else if is_best(field, raw) {
        Span::styled(format!("{:<TEXT$} ", "(best)"), theme.style(Role::Hint))
    } else {
        Span::styled(format!("{text:<TEXT$} "), theme.style(Role::Text))
    };
    let (notes, role) = notes_of(state, field, error, showing, above);
    let options = notes
        .iter()
        .map(|note| format!("  {note}"))
        .chain([String::new()])
        .map(|note| {
            Line::from(vec![
                marker.clone(),
                name.clone(),
                value.clone(),
                Span::styled(note, theme.style(role)),
            ])
        })
        .collect();
    fitted(options, width)
}

/// The row saying which rate must meet the target, and the key that
/// switches it.
pub(crate) fn by_row(by: RateKind, width: u16, theme: &Theme) -> Line<'static> {
    let (value, notes) = match by {
        RateKind::Classic => (
            "exact rate",
            [
                "the classic formula, computed exactly; b sizes by the true rate",
                "exact, by the classic formula; b: true rate",
                "b: the true rate",
            ],
        ),
        RateKind::True => (
            "true rate",
            [
                "E[(X/m)^k], no independence assumed; b: back to the exact rate",
                "a real filter's; b: back to the exact rate",
                "b: the exact rate",
            ],
        ),
    };
    let options = notes
        .iter()
        .map(|n| format!("  {n}"))
        .chain([String::new()])
        .map(|note| {
            Line::from(vec![
                Span::raw("  "),
                Span::styled(format!("{:<NAME$}", "   sized by"), theme.style(Role::Text)),
                Span::styled(format!("{value:<TEXT$} "), theme.style(Role::Figure)),
                Span::styled(note, theme.style(Role::Hint)),
            ])
        })
        .collect();
    fitted(options, width)
}

/// The rows of the four fields and the rate sized by; `above` says what
/// present mode has set in big letters above them.
pub(crate) fn input_rows(
    state: &SizingState,
    error: Option<&FieldError>,
    showing: Showing<'_>,
    width: u16,
    theme: &Theme,
    above: Above,
) -> Vec<Line<'static>> {
    SizingField::ALL
        .iter()
        .map(|&f| field_row(state, f, error, showing, width, theme, above))
        .chain([by_row(state.by, width, theme)])
        .collect()
}

fn short_name(field: SizingField) -> &'static str {
    match field {
        SizingField::N => "n",
        SizingField::P => "p",
        SizingField::M => "m",
        SizingField::K => "k",
    }
}

/// The line naming a field that does not read, the value and what it may
/// be: the longest wording that fits, wrapped only if none does.
pub(crate) fn error_lines(e: &FieldError, width: u16, theme: &Theme) -> Vec<Line<'static>> {
    let name = short_name(e.field);
    let kind = input_of(e.field, &e.error.got);
    let style = theme.style(Role::Bad);
    let options: Vec<String> = if e.error.got.trim().is_empty() {
        let what = match kind {
            InputField::Bits | InputField::Memory => {
                "bits (like 480M) or memory (like 64MiB)".to_string()
            }
            other => other.allowed_briefly().to_string(),
        };
        vec![format!("✗ {name} is blank: type {what}")]
    } else {
        vec![
            format!(
                "✗ {name} must be {}, got '{}'",
                kind.allowed(),
                echo(&e.error.got, crate::text::ECHO_MAX)
            ),
            format!(
                "✗ {name} must be {}, got '{}'",
                kind.allowed_briefly(),
                echo(&e.error.got, 20)
            ),
            format!("✗ {name} must be {}", kind.allowed_briefly()),
        ]
    };
    match first_fitting(&options, usize::from(width)) {
        Some(o) => vec![Line::styled(o.clone(), style)],
        None => wrapped(options.last().map_or("", String::as_str), width, style),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::size_inputs::InputError;

    #[test]
    fn a_refused_value_is_echoed_safely_and_fits() {
        let theme = Theme::MONO;
        let e = FieldError {
            field: SizingField::N,
            error: InputError {
                field: InputField::Keys,
                got: format!("\u{1b}[2J{}", "9".repeat(40)),
            },
        };
        for width in [78, 118, 198] {
            for line in error_lines(&e, width, &theme) {
                let text = line.to_string();
                assert!(line.width() <= usize::from(width), "{text}");
                assert!(!text.contains('\u{1b}'), "{text:?}");
            }
        }
        let wide = error_lines(&e, 198, &theme)[0].to_string();
        assert!(
            wide.contains("between 1 and 10^15") && wide.contains("\\u{1b}"),
            "{wide}"
        );
        let blank = FieldError {
            field: SizingField::M,
            error: InputError {
                field: InputField::Bits,
                got: String::new(),
            },
        };
        assert_eq!(
            error_lines(&blank, 78, &theme)[0].to_string(),
            "✗ m is blank: type bits (like 480M) or memory (like 64MiB)"
        );
    }
}
