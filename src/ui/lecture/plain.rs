//! The lecture in plain mode: each step said in reading order (where it is,
//! the board in words, the narration, on a predict step the question and
//! how to answer it), and the commands that step it.

use super::plots::chart_text;
use super::tab::LectureTab;
use crate::lecture::figures::sig;
use crate::lecture::spoken::{self, capitalised, sentence};
use crate::lecture::texts::{CaptionMark, caption, choice_keys, plots};
use crate::lecture::{Board, Element, Emphasis, Prediction};
use crate::ui::lecture::action::LectureAction;
use crate::ui::plain::words::named_value;
use crate::ui::screen::seam::{PlainCommand, PlainReply};

/// Plain mode's commands on the lecture.
pub(crate) const COMMANDS: &[PlainCommand] = &[
    PlainCommand {
        typed: "Enter or n",
        does: "the next step (on a question: the reveal)",
    },
    PlainCommand {
        typed: "b",
        does: "back a step",
    },
    PlainCommand {
        typed: "a scene number, like 3, or scene.step, like 3.4",
        does: "go there",
    },
    PlainCommand {
        typed: "A to D",
        does: "on a question, the class's pick (capital letters)",
    },
    PlainCommand {
        typed: "= and a number, like = 7",
        does: "on a question asking for a number, the class's number",
    },
    PlainCommand {
        typed: "home",
        does: "back to the first step",
    },
];

/// What the zero curve's chart holds, said: its caption puts a value
/// beside each mark, which read aloud needs the probe's n first.
fn zero_marks(board: &Board) -> Vec<String> {
    let f = &board.figures;
    let idealised = board.marks(&Emphasis::Idealised);
    let mut out = vec!["a dot at each whole n, the exact value".to_string()];
    if idealised {
        out.push("a line, the idealised e^(-kn/m)".to_string());
    }
    if let Some((n, exact)) = board.zero_probe() {
        let mut at = format!(
            "the probe at n = {n}, where the exact value is {}",
            sig(exact, 3)
        );
        if idealised {
            at.push_str(&format!(
                " and the idealised {}",
                sig(f.zero_idealised(n), 3)
            ));
        }
        out.push(at);
    }
    out
}

/// What a step's chart shows, said: its title, its axes, then its
/// caption's marks with the kind of figure they are.
fn chart(board: &Board, element: Element) -> Vec<String> {
    let text = chart_text(board, element);
    let title = text.titles.first().cloned().unwrap_or_default();
    let last = text.x_last.first().cloned().unwrap_or_default();
    let start = &text.x_ticks[0];
    // "12 n" reads better as "n from 0 to 12".
    let across = match last.split_once(' ') {
        Some((end, name)) if name.chars().count() == 1 => {
            format!("{name} from {start} to {end} across")
        }
        _ => format!("from {start} to {last} across"),
    };
    let [low, _, high] = &text.y_ticks;
    let mut out = vec![format!(
        "Chart: {title}; {across}, from {low} to {high} up."
    )];
    let kind = match element {
        Element::FillCurve | Element::KCurve | Element::BitsCurve => " (idealised)",
        _ => "",
    };
    let marks: Vec<String> = if element == Element::ZeroCurve {
        zero_marks(board)
    } else {
        caption(board, element)
            .into_iter()
            .filter_map(|item| match item.mark {
                // The curve itself is the chart's title.
                CaptionMark::Curve => None,
                // The screen draws the probe's own mark beside its words.
                CaptionMark::Probe => Some(format!("the probe at {}{kind}", item.text)),
                CaptionMark::Floor => Some(format!("{}{kind}", item.text)),
                CaptionMark::Half => Some(format!("a level marks {}", item.text)),
                _ => Some(item.text),
            })
            .collect()
    };
    if !marks.is_empty() {
        out.push(sentence(&format!("On it: {}", marks.join("; "))));
    }
    out
}

/// How to answer the prediction on show, in plain mode's commands.
fn predict_hint(p: &Prediction) -> String {
    if p.is_number() {
        "Type = and the class's number, like = 7, then Enter to reveal.".to_string()
    } else {
        format!(
            "Type {} (capital letters) for the class's pick, then Enter to reveal.",
            choice_keys(p.choices.len())
        )
    }
}

/// The board of a step, said in reading order.
pub(crate) fn board_words(board: &Board) -> Vec<String> {
    let mut out = vec![spoken::place(board)];
    if board.shows(Element::Banner)
        && let Some(b) = &board.banner
    {
        out.push(sentence(&format!("Title: {b}")));
    }
    out.extend(spoken::row(board));
    out.extend(spoken::counters(board));
    out.extend(spoken::query(board));
    for element in plots(board) {
        out.extend(chart(board, element));
    }
    out.extend(spoken::table(board));
    if board.shows(Element::Crawler) {
        out.push(
            "Diagram: the crawler finds a URL and asks the Bloom filter; \
             a definitely new URL goes on to be fetched, a probably seen one is dropped."
                .to_string(),
        );
    }
    out.extend(spoken::crawler(board));
    out.extend(spoken::derivation(board));
    out.extend(spoken::notes(board));
    if let Some(p) = &board.predict {
        out.extend(spoken::prediction(p));
    }
    // The line-up chart stands under the cards on screen.
    out.extend(spoken::lineup(board));
    out.extend(spoken::narration(board));
    if let Some(p) = board.predict.as_ref().filter(|p| !p.revealed) {
        out.push(predict_hint(p));
    }
    out
}

impl LectureTab {
    /// The step on show, or the closing words after the last step.
    pub(crate) fn plain_words(&self) -> Vec<String> {
        if self.at_end {
            let scenes = self.lecture.scene_count();
            return vec![
                "End of the lecture.".to_string(),
                format!(
                    "b goes back to the last step, home to the first, 1 to {scenes} to a scene."
                ),
            ];
        }
        board_words(&self.board())
    }

    /// Plain mode's prompt: the scene and step, and whether a question
    /// waits for its reveal.
    pub(crate) fn plain_place(&self) -> String {
        if self.at_end {
            return "end of the lecture".to_string();
        }
        let (scene, step) = self.lecture.locate(self.step);
        let question = if self.prediction().is_some() && !self.revealed {
            ", question"
        } else {
            ""
        };
        format!("scene {} step {}{question}", scene + 1, step + 1)
    }

    /// A line typed in plain mode, if it is a lecture command.
    pub(crate) fn plain_command(&mut self, line: &str) -> Option<PlainReply> {
        let moved = |tab: &mut LectureTab, action| {
            tab.apply(action, false);
            Some(PlainReply::Changed(Vec::new()))
        };
        match line {
            "" | "n" | "next" => return moved(self, LectureAction::Forward),
            "b" | "back" => return moved(self, LectureAction::Back),
            "home" => return moved(self, LectureAction::Home),
            _ => {}
        }
        if let Some(number) = named_value(line, "=").or_else(|| line.strip_prefix('=')) {
            return Some(self.plain_number(number.trim()));
        }
        if line.len() == 1 && line.chars().all(|c| c.is_ascii_uppercase()) {
            return Some(self.plain_pick(line));
        }
        if line.starts_with(|c: char| c.is_ascii_digit()) {
            return Some(self.plain_goto(line));
        }
        None
    }

    /// `3` or `3.4`: a scene's first step, or a step.
    fn plain_goto(&mut self, line: &str) -> PlainReply {
        let mut field = crate::ui::text_field::TextField::new("place", 32);
        field.set_text(line);
        self.goto = Some(field);
        self.submit_goto();
        match self.goto_error.take() {
            None => PlainReply::Changed(Vec::new()),
            Some(why) => PlainReply::Said(vec![sentence(&format!(
                "{} is not a place in this lecture: {why}",
                crate::ui::plain::session::quoted(line)
            ))]),
        }
    }

    /// `A` to `D`: the class's pick on a question.
    fn plain_pick(&mut self, letter: &str) -> PlainReply {
        let Some(p) = self.prediction().filter(|_| !self.at_end) else {
            return said("This step asks no question to pick an answer for.");
        };
        if p.is_number() {
            return said("This question asks for a number: type = and the number, like = 7.");
        }
        let index = letter
            .bytes()
            .next()
            .map_or(usize::MAX, |b| usize::from(b - b'A'));
        let Some(choice) = p.choices.get(index).map(|c| c.trim().to_string()) else {
            return said(&format!(
                "{letter} is not one of the choices: pick {}.",
                choice_keys(p.choices.len())
            ));
        };
        if self.revealed {
            return said("The answer is already revealed; b hides it again.");
        }
        self.apply(
            LectureAction::Guess(u8::try_from(index).unwrap_or(0)),
            false,
        );
        said(&format!(
            "The class's pick: {letter}, {choice}. Enter reveals the answer."
        ))
    }

    /// `= 7`: the class's number on a question that asks for one.
    fn plain_number(&mut self, text: &str) -> PlainReply {
        let Some(p) = self.prediction().filter(|_| !self.at_end) else {
            return said("This step asks no question to answer.");
        };
        if !p.is_number() {
            return said(&format!(
                "This question has choices: type {} for the class's pick.",
                choice_keys(p.choices.len())
            ));
        }
        if self.revealed {
            return said("The answer is already revealed; b hides it again.");
        }
        match crate::lecture::predict::read_number(text) {
            Ok(x) => {
                self.guess_number(x);
                PlainReply::Said(vec![sentence(&format!(
                    "{}; Enter reveals the answer",
                    crate::lecture::texts::class_says(x)
                ))])
            }
            Err(why) => PlainReply::Said(vec![sentence(&capitalised(&why))]),
        }
    }
}

/// A reply of one sentence that changes nothing.
fn said(text: &str) -> PlainReply {
    PlainReply::Said(vec![text.to_string()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lecture::Lecture;

    #[test]
    fn every_step_says_where_it_is_and_its_narration() {
        let lecture = Lecture::builtin();
        for (i, board) in lecture.boards().iter().enumerate() {
            let words = board_words(board);
            assert!(words[0].starts_with("Scene "), "{i}: {words:?}");
            for paragraph in &board.narration {
                assert!(
                    words.contains(&paragraph.trim().to_string()),
                    "{i}: {paragraph}"
                );
            }
        }
    }

    #[test]
    fn a_chart_says_its_axes_and_its_probe_with_its_kind() {
        let lecture = Lecture::builtin();
        let at = lecture.step_index(4, 2).unwrap_or_else(|e| panic!("{e}"));
        let words = board_words(lecture.step_board(at)).join(" ");
        assert!(words.contains("Chart: epsilon against k"), "{words}");
        assert!(
            words.contains("the probe at k = 1: epsilon 0.095 (idealised)"),
            "{words}"
        );
    }
}
