//! The lines the presenting app and a speaker send each other: one JSON
//! object per line, tagged by `kind`.
//!
//! Versions: the app says which it speaks in every state (`version`; a
//! state without one is version 1). Version 2 added the class's answers
//! and the clock's restart from the speaker, the fields a speaker needs to
//! draw the next step and to pace the talk, and the refusal of a speaker
//! over the session's limit. Both sides ignore a field or a kind they do
//! not know, so an older speaker still follows a newer app; a newer
//! speaker only sends version 2's commands to an app that says it speaks
//! version 2.

use serde::{Deserialize, Serialize};

/// The version this build speaks.
pub const VERSION: u32 = 2;

/// The first version that takes [`Command::Choice`], [`Command::Number`]
/// and [`Command::RestartClock`].
pub const ANSWERS_FROM: u32 = 2;

/// Longest line either side reads, in bytes; a longer one ends the link.
pub const MAX_LINE: usize = 256 * 1024;

/// Where the presenting app stands, sent whenever that changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
// A field an older app does not send takes its default.
#[serde(default)]
pub struct State {
    /// Scene, from 1.
    pub scene: usize,
    /// Step within the scene, from 1.
    pub step: usize,
    /// Scenes in the lecture.
    pub scenes: usize,
    /// Steps in this scene.
    pub steps: usize,
    /// The last scene and its last step, as the progress line writes them.
    pub last: String,
    /// The scene's title.
    pub title: String,
    /// On the closing screen after the last step.
    pub at_end: bool,
    /// The step's whole narration, one string per paragraph.
    pub narration: Vec<String>,
    /// On a predict step: the paragraph from which the narration waits for
    /// the reveal.
    pub reveal_from: Option<usize>,
    /// On a predict step: its question.
    pub question: Option<String>,
    /// On a predict step: whether it has been revealed.
    pub revealed: bool,
    /// What comes next: the reveal's first line, or the next step's.
    pub next: Option<String>,
    /// Milliseconds the talk had run when this was sent.
    pub talk_ms: u64,
    /// Milliseconds the scene had run when this was sent.
    pub scene_ms: u64,
    /// The screen the app shows (the lecture goes on in the background).
    pub screen: String,
    /// Autoplay is on.
    pub autoplay: bool,
    /// The protocol version the app speaks (0 from an app of version 1,
    /// which did not say).
    pub version: u32,
    /// The step on show, counted over the whole lecture from 0.
    pub index: usize,
    /// Steps in each scene, in order.
    pub scene_lengths: Vec<usize>,
    /// The steps (counted as `index` is) that ask the class to predict.
    pub predicts: Vec<usize>,
    /// On a predict step: the lines of its card as the board shows them
    /// (the question, the choices with the class's pick marked, the hint
    /// or the outcome).
    pub predict_lines: Vec<String>,
    /// On a predict step: how many choices it offers (0 when it asks for
    /// a number).
    pub choices: usize,
    /// On a predict step: it asks for a number.
    pub number: bool,
    /// The class's answer as recorded, in words ("B", "6.9").
    pub guess: Option<String>,
    /// The next step's place ("3.5"), when the next thing is another step.
    pub next_place: Option<String>,
    /// The next step's headline (a verdict, a probe's reading), if it has one.
    pub next_headline: Option<String>,
    /// The talk's length in minutes, when the app was given one.
    pub minutes: Option<u32>,
    /// The teacher's script the app runs, as an absolute path (`None`:
    /// the built-in lecture), so the speaker can draw the same steps.
    pub script: Option<String>,
    /// The built-in lecture the app runs, by the name `--lecture` takes
    /// ("after-bloom"); `None` for the default one or a script. An app
    /// older than this field sends none, which reads as the default.
    pub lecture: Option<String>,
}

/// What a speaker asks of the presenting app.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Command {
    /// One step forward (or reveal a prediction).
    Forward,
    /// One step back (or hide a prediction again).
    Back,
    /// Version 2: the class's pick on a predict step, from 0 (key A).
    Choice {
        /// Which choice.
        index: usize,
    },
    /// Version 2: the class's number on a number prediction.
    Number {
        /// The number (always finite).
        value: f64,
    },
    /// Version 2: the talk starts now (its clock and the scene's go to 0).
    RestartClock,
}

/// What the app sends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ToSpeaker {
    /// Where the app stands.
    State(Box<State>),
    /// Version 2: this connection is refused, and why; the app closes it
    /// after this line.
    Refused {
        /// The reason, for the refused side to print.
        why: String,
    },
}

/// One line for the wire, newline included.
pub fn line<T: Serialize>(message: &T) -> String {
    // Plain strings, numbers and lists cannot fail to serialise.
    let mut text = serde_json::to_string(message).unwrap_or_default();
    text.push('\n');
    text
}

/// A line from the wire, or `None` when it is not one this side knows.
pub fn parse<'a, T: Deserialize<'a>>(line: &'a str) -> Option<T> {
    serde_json::from_str(line.trim_end()).ok()
}

/// Reads lines from `stream` and hands each to `each` until the stream
/// ends, fails, sends a line longer than [`MAX_LINE`] or `each` says stop.
pub fn read_lines(stream: impl std::io::Read, mut each: impl FnMut(&str) -> bool) {
    use std::io::{BufRead, Read};
    let mut reader = std::io::BufReader::new(stream);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let limit = u64::try_from(MAX_LINE + 1).unwrap_or(u64::MAX);
        match Read::take(&mut reader, limit).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) if buf.len() > MAX_LINE => return,
            Ok(_) => {
                let text = String::from_utf8_lossy(&buf);
                if !each(&text) {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_name_their_kind() {
        assert_eq!(line(&Command::Forward), "{\"kind\":\"forward\"}\n");
        assert_eq!(
            parse::<Command>("{\"kind\":\"back\"}\n"),
            Some(Command::Back)
        );
        assert_eq!(parse::<Command>("{\"kind\":\"jump\"}"), None);
        assert_eq!(parse::<Command>("not json"), None);
        let state = ToSpeaker::State(Box::new(State {
            scene: 3,
            step: 4,
            narration: vec!["Hello".into()],
            ..State::default()
        }));
        let text = line(&state);
        assert!(text.starts_with("{\"kind\":\"state\""), "{text}");
        assert_eq!(parse::<ToSpeaker>(&text), Some(state));
    }

    #[test]
    fn version_2_commands_have_their_own_kinds() {
        assert_eq!(
            line(&Command::Choice { index: 1 }),
            "{\"kind\":\"choice\",\"index\":1}\n"
        );
        assert_eq!(
            parse::<Command>("{\"kind\":\"number\",\"value\":6.9}"),
            Some(Command::Number { value: 6.9 })
        );
        assert_eq!(
            parse::<Command>("{\"kind\":\"restart_clock\"}"),
            Some(Command::RestartClock)
        );
        let refused = line(&ToSpeaker::Refused { why: "full".into() });
        assert_eq!(refused, "{\"kind\":\"refused\",\"why\":\"full\"}\n");
    }

    #[test]
    fn a_version_1_state_still_reads_and_says_so() {
        // A state as an app of version 1 sent it: none of version 2's fields.
        let old = "{\"kind\":\"state\",\"scene\":2,\"step\":1,\"scenes\":5,\"steps\":10,\
                   \"last\":\"5.11\",\"title\":\"t\",\"at_end\":false,\"narration\":[],\
                   \"reveal_from\":null,\"question\":null,\"revealed\":false,\"next\":null,\
                   \"talk_ms\":0,\"scene_ms\":0,\"screen\":\"Lecture\",\"autoplay\":false}";
        let Some(ToSpeaker::State(state)) = parse::<ToSpeaker>(old) else {
            panic!("a version 1 state must parse");
        };
        assert_eq!((state.scene, state.version), (2, 0));
        assert!(state.version < ANSWERS_FROM);
        // A version 1 reader (the fields it knew) reads a version 2 line:
        // unknown fields are skipped.
        #[derive(Deserialize)]
        struct V1 {
            scene: usize,
            step: usize,
        }
        let new = line(&ToSpeaker::State(Box::new(State {
            scene: 3,
            step: 4,
            version: VERSION,
            scene_lengths: vec![8, 10],
            ..State::default()
        })));
        let value: serde_json::Value = serde_json::from_str(&new).unwrap();
        let v1: V1 = serde_json::from_value(value).unwrap();
        assert_eq!((v1.scene, v1.step), (3, 4));
    }
}
