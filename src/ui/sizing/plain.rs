//! Sizing in plain mode: the four inputs said as what they read as (or
//! that they are worked out), the rate sized by, then the answer, the
//! textbook's sizing and the exact set read row by row from the rows the
//! screen draws; commands set three of n, p, m (or memory) and k, and say
//! which is worked out.

use super::action::SizingField;
use super::answer::Form;
use super::inputs::FieldError;
use super::rows::Above;
use super::rows::{by_row, error_lines, is_best, name_of, reading_of};
use super::state::SizingState;
use super::view::{parts, title};
use crate::lecture::spoken::sentence;
use crate::rates::certified::RateKind;
use crate::rates::size_inputs::{InputField, names_memory};
use crate::ui::plain::words::{READ_WIDTH, line_sentence, named_value, sentences};
use crate::ui::screen::seam::{PlainCommand, PlainReply};
use crate::ui::theme::Theme;

/// Plain mode's commands on Sizing.
pub(crate) const COMMANDS: &[PlainCommand] = &[
    PlainCommand {
        typed: "n and a number of keys, like n 50M",
        does: "the keys the filter holds",
    },
    PlainCommand {
        typed: "p and a rate, like p 1%, p 0.01 or p 1/100",
        does: "the target false-positive rate",
    },
    PlainCommand {
        typed: "m and bits, like m 480M, or memory and a size, like memory 64MiB",
        does: "the filter's size",
    },
    PlainCommand {
        typed: "k and a number, or k best",
        does: "hashes per key, or the best k",
    },
    PlainCommand {
        typed: "solve and n, p, m or k, like solve p",
        does: "work that one out from the other three",
    },
    PlainCommand {
        typed: "b",
        does: "size by the true rate, or back by the exact one",
    },
];

/// The field a command names.
const FIELDS: [(&str, SizingField); 5] = [
    ("n", SizingField::N),
    ("p", SizingField::P),
    ("m", SizingField::M),
    ("memory", SizingField::M),
    ("k", SizingField::K),
];

/// "n (keys)" from the row's "n  keys".
fn field_name(field: SizingField) -> String {
    match name_of(field).split_once("  ") {
        Some((letter, what)) => format!("{letter} ({})", what.trim()),
        None => name_of(field).to_string(),
    }
}

impl SizingState {
    /// The sizing screen in words.
    pub(crate) fn plain_words(&self) -> Vec<String> {
        let mut out = vec![sentence(
            title(self, READ_WIDTH).replacen('·', ":", 1).trim(),
        )];
        for field in SizingField::ALL {
            let text = self.field(field).text();
            let said = if field == self.unknown {
                format!("{}: worked out, below.", field_name(field))
            } else if is_best(field, text) {
                format!("{}: the best, worked out below.", field_name(field))
            } else {
                let reading = reading_of(field, text)
                    .into_iter()
                    .next()
                    .map(|r| r.trim_start_matches("= ").to_string())
                    .filter(|r| r != text.trim())
                    .map(|r| format!(", that is {r}"))
                    .unwrap_or_default();
                format!(
                    "{}: {}{reading}.",
                    field_name(field),
                    crate::text::escaped(text)
                )
            };
            out.push(said);
        }
        out.extend(line_sentence(&by_row(self.by, READ_WIDTH, &Theme::MONO)));
        for part in parts(self, READ_WIDTH, Form::Full, &Theme::MONO, Above::Nothing)
            .iter()
            .skip(1)
        {
            out.extend(sentences(part));
        }
        out
    }

    /// A line typed in plain mode, if it is a sizing command.
    pub(crate) fn plain_command(&mut self, line: &str) -> Option<PlainReply> {
        if line == "b" {
            self.toggle_by();
            return Some(PlainReply::Changed(Vec::new()));
        }
        if let Some(by) = named_value(line, "by") {
            let wanted = match by {
                "true" => RateKind::True,
                "exact" => RateKind::Classic,
                _ => {
                    return Some(PlainReply::Said(vec![
                        "Size by true or by exact, like by true.".into(),
                    ]));
                }
            };
            if self.by != wanted {
                self.toggle_by();
            }
            return Some(PlainReply::Changed(Vec::new()));
        }
        if let Some(name) = named_value(line, "solve") {
            return Some(self.plain_solve(name));
        }
        let (name, field, text) = FIELDS
            .iter()
            .find_map(|&(name, field)| named_value(line, name).map(|t| (name, field, t)))?;
        if name == "memory" && !names_memory(text) {
            return Some(PlainReply::Said(vec![sentence(&format!(
                "memory must be {}, got {}",
                InputField::Memory.allowed(),
                crate::ui::plain::session::quoted(text)
            ))]));
        }
        let text = if field == SizingField::K && text == "best" {
            ""
        } else {
            text
        };
        Some(self.plain_set(field, text))
    }

    /// Puts `text` in `field` as typing and Enter would, or refuses it and
    /// keeps the entry as it was.
    fn plain_set(&mut self, field: SizingField, text: &str) -> PlainReply {
        self.selected = field;
        self.edit(None);
        self.field_mut().set_text(text);
        match self.key() {
            Ok(_) => {
                self.submit();
                PlainReply::Changed(Vec::new())
            }
            Err(e) => {
                self.cancel();
                refusal(&e)
            }
        }
    }

    /// `solve p`: p is worked out from the other three.
    fn plain_solve(&mut self, name: &str) -> PlainReply {
        let Some(&(_, field)) = FIELDS.iter().find(|(n, _)| *n == name) else {
            return PlainReply::Said(vec![format!(
                "{} is not a field: solve n, p, m or k.",
                crate::ui::plain::session::quoted(name)
            )]);
        };
        self.selected = field;
        self.solve();
        PlainReply::Changed(Vec::new())
    }
}

/// The one sentence that names a value that does not read and what the
/// field takes.
fn refusal(e: &FieldError) -> PlainReply {
    PlainReply::Said(sentences(&error_lines(e, READ_WIDTH, &Theme::MONO)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::sizing::compute::compute;
    use std::sync::atomic::AtomicBool;

    fn answered(state: &mut SizingState) {
        if let Some(key) = state.wanted() {
            let outcome = compute(&key, &AtomicBool::new(false)).expect("not cancelled");
            state.store(key, outcome);
        }
    }

    #[test]
    fn three_in_and_the_fourth_said() {
        let mut s = SizingState::new();
        answered(&mut s);
        let said = s.plain_words().join(" ");
        assert!(
            said.contains("n (keys): 50M, that is 50,000,000 keys."),
            "{said}"
        );
        assert!(
            said.contains("m (bits or memory): worked out, below."),
            "{said}"
        );
        assert!(said.contains("479,647,737 bits"), "{said}");
        assert_eq!(
            s.plain_command("memory 64MiB"),
            Some(PlainReply::Changed(Vec::new()))
        );
        answered(&mut s);
        assert_eq!(
            s.unknown,
            SizingField::P,
            "m became an input, p is worked out"
        );
        let said = s.plain_words().join(" ");
        assert!(
            said.contains("p (target rate): worked out, below."),
            "{said}"
        );
    }

    #[test]
    fn a_value_that_does_not_read_is_one_sentence_and_changes_nothing() {
        let mut s = SizingState::new();
        answered(&mut s);
        let before = s.entry();
        let Some(PlainReply::Said(why)) = s.plain_command("n lots") else {
            panic!("n lots is refused");
        };
        assert_eq!(why.len(), 1, "{why:?}");
        assert!(
            why[0].contains("between 1 and 10^15") && why[0].contains("lots"),
            "{why:?}"
        );
        assert_eq!(s.entry(), before);
        let Some(PlainReply::Said(why)) = s.plain_command("memory 1000") else {
            panic!("memory without a unit is refused");
        };
        assert!(why[0].contains("with a unit"), "{why:?}");
    }
}
