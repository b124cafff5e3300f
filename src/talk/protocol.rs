//! The lines the presenting app and a speaker send each other: one JSON
//! object per line, tagged by `kind`.

use serde::{Deserialize, Serialize};

/// Longest line either side reads, in bytes; a longer one ends the link.
pub const MAX_LINE: usize = 256 * 1024;

/// Where the presenting app stands, sent whenever that changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
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
}

/// What a speaker asks of the presenting app.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Command {
    /// One step forward (or reveal a prediction).
    Forward,
    /// One step back (or hide a prediction again).
    Back,
}

/// What the app sends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ToSpeaker {
    /// Where the app stands.
    State(Box<State>),
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
}
