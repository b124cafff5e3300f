//! The sandbox in plain mode: the filter said in words (its settings, the
//! bits set, the last insert or query probe by probe, the lesson's
//! mistakes, the history), and the commands that insert, query and resize.

use super::action::{KeyMode, SandboxSetting};
use super::state::{Event, LESSON_INSERTS, LESSON_QUERIES, Outcome, SandboxState};
use super::view::{
    EMPTY, Judged, TITLE, answer_word, counts_words, mistake_texts, new_bits_words, probes,
    shown_key, stop_words,
};
use crate::lecture::spoken::{capitalised, sentence, spoken_list};
use crate::limits::{SANDBOX_K, SANDBOX_M};
use crate::ui::plain::words::{named_value, whole_setting};
use crate::ui::screen::seam::{PlainCommand, PlainReply};

/// Plain mode's commands on the sandbox.
pub(crate) const COMMANDS: &[PlainCommand] = &[
    PlainCommand {
        typed: "insert and a key, like insert rec-11",
        does: "insert it (insert alone takes the lesson's next key)",
    },
    PlainCommand {
        typed: "query and a key, like query rec-6",
        does: "query it (query alone takes the lesson's next key)",
    },
    PlainCommand {
        typed: "m and a number, like m 32",
        does: "bits in the filter, 1 to 512; the keys go in again",
    },
    PlainCommand {
        typed: "k and a number, like k 4",
        does: "probes per key, 1 to 16; the keys go in again",
    },
    PlainCommand {
        typed: "clear",
        does: "empty the filter and the history",
    },
];

/// Most events the description reads back, newest last.
const HISTORY_SAID: usize = 10;

/// One insert or query, probe by probe, with its answer and judgement.
fn event_words(event: &Event) -> String {
    let probes: Vec<String> = probes(event)
        .iter()
        .map(|p| format!("bit {} {}", p.position, p.state.words()))
        .collect();
    let key = shown_key(&event.key);
    match &event.outcome {
        Outcome::Inserted(_) => sentence(&format!(
            "Insert {key}: {} {}",
            spoken_list(&probes),
            new_bits_words(event)
        )),
        Outcome::Queried { report, .. } => {
            let judged = match Judged::of(event) {
                Some(Judged::Correct) => " Right.".to_string(),
                Some(j) => {
                    let call = if j.right() { "right" } else { "wrong" };
                    format!(" {}: {}.", capitalised(call), j.words().to_lowercase())
                }
                None => String::new(),
            };
            format!(
                "Query {key}: {}{}. Answer: {}.{judged}",
                spoken_list(&probes),
                stop_words(event),
                answer_word(report.answer())
            )
        }
    }
}

impl SandboxState {
    /// The sandbox in words.
    pub(crate) fn plain_words(&self) -> Vec<String> {
        let set: Vec<String> = self
            .bits()
            .iter()
            .enumerate()
            .filter(|(_, b)| **b)
            .map(|(i, _)| i.to_string())
            .collect();
        let mut out = vec![
            sentence(TITLE),
            format!(
                "m = {} bits, k = {} probes per key; {}.",
                self.m,
                self.k,
                counts_words(self)
            ),
        ];
        if !set.is_empty() {
            out.push(format!("Set: {}.", spoken_list(&set)));
        }
        match self.history.last() {
            None => out.push(sentence(EMPTY)),
            Some(_) => {
                let skip = self.history.len().saturating_sub(HISTORY_SAID);
                if skip > 0 {
                    out.push(format!(
                        "History, the last {HISTORY_SAID} of {}:",
                        self.history.len()
                    ));
                } else {
                    out.push("History, oldest first:".to_string());
                }
                out.extend(self.history.iter().skip(skip).map(event_words));
            }
        }
        if let Some(last) = self.history.last() {
            out.extend(mistake_texts(last, self).iter().map(|t| sentence(t)));
        }
        out.push(format!(
            "The lesson: insert {}, then query {}.",
            spoken_list(&LESSON_INSERTS),
            spoken_list(&LESSON_QUERIES)
        ));
        out
    }

    /// A line typed in plain mode, if it is a sandbox command.
    pub(crate) fn plain_command(&mut self, line: &str) -> Option<PlainReply> {
        for (name, mode) in [("insert", KeyMode::Insert), ("query", KeyMode::Query)] {
            let key = if line == name {
                Some("")
            } else {
                line.strip_prefix(name)
                    .filter(|rest| rest.starts_with(' '))
                    .map(str::trim)
            };
            if let Some(key) = key {
                return Some(self.plain_key(mode, key));
            }
        }
        for (name, setting, span) in [
            ("m", SandboxSetting::M, SANDBOX_M),
            ("k", SandboxSetting::K, SANDBOX_K),
        ] {
            if let Some(text) = named_value(line, name) {
                return Some(match whole_setting(name, text, span) {
                    Ok(value) => {
                        self.set(setting, value);
                        PlainReply::Changed(Vec::new())
                    }
                    Err(why) => PlainReply::Said(vec![why]),
                });
            }
        }
        if line == "clear" {
            self.clear();
            return Some(PlainReply::Changed(Vec::new()));
        }
        None
    }

    /// Inserts or queries `key` (the lesson's next one when blank) and
    /// says what the filter did.
    fn plain_key(&mut self, mode: KeyMode, key: &str) -> PlainReply {
        if key.is_empty() && self.suggestion(mode).is_none() {
            return PlainReply::Said(vec![
                "The lesson's keys are all used: give a key, like insert rec-5.".into(),
            ]);
        }
        let before = self.history.len();
        self.focus = Some(mode);
        self.field.set_text(key);
        let cut = self.field.note();
        self.submit();
        self.focus = None;
        let mut words: Vec<String> = cut.into_iter().map(|n| sentence(&n)).collect();
        if let Some(event) = self.history.get(before) {
            words.push(event_words(event));
            words.extend(mistake_texts(event, self).iter().map(|t| sentence(t)));
            words.push(sentence(&counts_words(self)));
        }
        PlainReply::Said(words)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(reply: Option<PlainReply>) -> String {
        match reply {
            Some(PlainReply::Said(words)) => words.join(" "),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_lesson_in_words() {
        let mut s = SandboxState::new();
        for _ in LESSON_INSERTS {
            let words = said(s.plain_command("insert"));
            assert!(words.starts_with("Insert rec-"), "{words}");
        }
        let words = said(s.plain_command("query rec-67"));
        assert!(
            words.contains("Answer: maybe. Wrong: false positive (never inserted)."),
            "{words}"
        );
        let words = said(s.plain_command("query rec-6"));
        assert!(
            words.contains("read 0") && words.contains("Answer: no."),
            "{words}"
        );
        assert!(
            words.contains("Mistake 1: any() instead of all()"),
            "{words}"
        );
        assert!(!words.contains('✓') && !words.contains('⚠'), "{words}");
    }

    #[test]
    fn settings_out_of_range_say_so_and_change_nothing() {
        let mut s = SandboxState::new();
        let words = said(s.plain_command("m 0"));
        assert!(words.contains("between 1 and 512"), "{words}");
        assert_eq!(s.m, 16);
        assert_eq!(
            s.plain_command("k 4"),
            Some(PlainReply::Changed(Vec::new()))
        );
        assert_eq!(s.k, 4);
    }
}
