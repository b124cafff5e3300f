//! Practice in plain mode: the exercise on show said whole (its task, the
//! form an answer takes, the last check, the hint when asked for, and once
//! checked the filter it is about in words), and the commands: a line that
//! is not one of them is the answer.

use super::state::PracticeState;
use super::view::progress;
use crate::lecture::spoken::{sentence, spoken_list};
use crate::practice::{COUNT, Picture, Verdict};
use crate::ui::plain::words::named_value;
use crate::ui::screen::seam::{PlainCommand, PlainReply};

/// Plain mode's commands on Practice.
pub(crate) const COMMANDS: &[PlainCommand] = &[
    PlainCommand {
        typed: "your answer",
        does: "checked at once (any line that is not a command here)",
    },
    PlainCommand {
        typed: "answer and your answer",
        does: "the same, for an answer that looks like a command",
    },
    PlainCommand {
        typed: "n or b",
        does: "the next or the previous exercise",
    },
    PlainCommand {
        typed: "exercise and a number, like exercise 3",
        does: "that exercise",
    },
    PlainCommand {
        typed: "hint",
        does: "show or hide the hint",
    },
    PlainCommand {
        typed: "new",
        does: "a new variant of exercise 5",
    },
];

/// The filter an exercise is about, in words.
fn picture_words(picture: &Picture) -> Vec<String> {
    let set: Vec<String> = picture
        .bits
        .iter()
        .enumerate()
        .filter(|(_, b)| **b)
        .map(|(i, _)| i.to_string())
        .collect();
    let bits = if set.is_empty() {
        format!("{} bits, all 0", picture.bits.len())
    } else {
        format!(
            "{} bits, {} set: {}",
            picture.bits.len(),
            set.len(),
            spoken_list(&set)
        )
    };
    let mut out = vec![sentence(&format!("{}: {bits}", picture.caption.trim()))];
    if !picture.probes.is_empty() {
        let probes: Vec<String> = picture
            .probes
            .iter()
            .map(|(at, state)| format!("bit {at} {}", state.words()))
            .collect();
        out.push(format!("Probes: {}.", spoken_list(&probes)));
    }
    out
}

/// An answer's form as said: its example introduced as one ("a number,
/// then yes or no: 5 no" is heard "..., like 5 no"), not run on as if it
/// were more of the form.
fn form_said(form: &str) -> String {
    match form.rsplit_once(": ") {
        Some((what, example)) => format!("{what}, like {example}"),
        None => form.to_string(),
    }
}

impl PracticeState {
    /// The exercise on show, said whole.
    pub(crate) fn plain_words(&self) -> Vec<String> {
        let e = self.current();
        let mut out = vec![
            sentence(&format!(
                "The lesson's exercises, checked: {}",
                progress(self)
            )),
            format!("Exercise {} of {COUNT}: {}.", e.number, e.title),
            e.prompt.trim().to_string(),
            sentence(&format!("Answer as {}", form_said(e.form))),
        ];
        let checked = &self.checked[self.selected];
        if let Some(c) = checked {
            out.push(sentence(&format!(
                "Your answer {}: {}",
                crate::ui::plain::session::quoted(&c.typed),
                c.verdict.words()
            )));
        }
        if self.hints[self.selected] {
            out.push(sentence(&format!("Hint: {}", e.hint)));
        }
        let read = checked
            .as_ref()
            .is_some_and(|c| !matches!(c.verdict, Verdict::Unreadable(_)));
        if let Some(picture) = e.picture().filter(|_| read) {
            out.extend(picture_words(&picture));
        }
        out
    }

    /// A line typed in plain mode: a command of this screen, else the answer.
    pub(crate) fn plain_command(&mut self, line: &str) -> Option<PlainReply> {
        let changed = Some(PlainReply::Changed(Vec::new()));
        match line {
            "" => return None,
            "n" | "next" => {
                self.select(true);
                return changed;
            }
            "b" | "back" => {
                self.select(false);
                return changed;
            }
            "hint" => {
                self.toggle_hint();
                return changed;
            }
            "new" => {
                self.new_variant();
                return changed;
            }
            _ => {}
        }
        if let Some(n) = named_value(line, "exercise") {
            return Some(match n.parse::<usize>() {
                Ok(n) if (1..=COUNT).contains(&n) => {
                    self.go_to(n);
                    PlainReply::Changed(Vec::new())
                }
                _ => PlainReply::Said(vec![format!(
                    "There is no exercise {}: they are numbered 1 to {COUNT}.",
                    crate::ui::plain::session::quoted(n)
                )]),
            });
        }
        let answer = named_value(line, "answer").unwrap_or(line);
        self.field.set_text(answer);
        self.submit();
        let verdict = self.checked[self.selected]
            .as_ref()
            .map(|c| sentence(&c.verdict.words()));
        Some(PlainReply::Said(verdict.into_iter().collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_s_example_is_said_as_one() {
        assert_eq!(
            form_said("a number, then yes or no: 5 no"),
            "a number, then yes or no, like 5 no"
        );
        assert_eq!(form_said("maybe or no"), "maybe or no");
        let words = PracticeState::new(1).plain_words().join(" ");
        assert!(words.contains(", like "), "{words}");
    }

    #[test]
    fn an_answer_is_checked_and_the_verdict_said_in_words() {
        let mut p = PracticeState::new(1);
        let solution = p.current().solution();
        let reply = p.plain_command(&solution);
        let Some(PlainReply::Said(words)) = reply else {
            panic!("{reply:?}");
        };
        assert!(words[0].starts_with("Right: "), "{words:?}");
        let said = p.plain_words().join(" ");
        assert!(said.contains("1 of 7 solved"), "{said}");
        assert!(said.contains("Your answer"), "{said}");
        assert!(!said.contains('✓'), "{said}");
        assert_eq!(
            p.plain_command("exercise 9"),
            Some(PlainReply::Said(vec![
                "There is no exercise \"9\": they are numbered 1 to 7.".into()
            ]))
        );
        assert_eq!(
            p.plain_command("exercise 3"),
            Some(PlainReply::Changed(Vec::new()))
        );
        assert_eq!(p.selected, 2);
    }
}
