//! What can go wrong with a lecture: a script problem, located at
//! file:line:column so a teacher can fix it, or a scene or step that the
//! script does not have.

use crate::text::escaped;

/// Why a lecture could not be loaded or a step could not be found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LectureError {
    /// The script did not compile.
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// A scene number outside the script (scenes count from 1).
    #[error("scene {scene} is out of range: the lecture has scenes 1 to {scenes}")]
    NoSuchScene {
        /// The scene asked for.
        scene: u32,
        /// How many scenes the script has.
        scenes: usize,
    },
    /// A step number outside its scene (steps count from 1).
    #[error("step {step} is out of range: scene {scene} has steps 1 to {steps}")]
    NoSuchStep {
        /// The scene.
        scene: u32,
        /// The step asked for.
        step: u32,
        /// How many steps that scene has.
        steps: usize,
    },
}

/// Why a lecture script was rejected, and where. The file name and the
/// message quote the script's own text, so both are printed with control
/// and invisible characters escaped: a hostile file must not be able to
/// send escape sequences to the terminal through an error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{}: {}", escaped(file), location(*line, *column), escaped(message))]
pub struct ScriptError {
    /// The file name as given (or `<built-in>` for the embedded script).
    pub file: String,
    /// Line of the problem, counting from 1 (0 when the whole file is at fault
    /// before any line could be read, e.g. it cannot be opened).
    pub line: usize,
    /// Column of the problem in characters, counting from 1.
    pub column: usize,
    /// What is wrong, in one line.
    pub message: String,
}

impl ScriptError {
    /// A problem at a known line and column.
    pub fn at(file: &str, line: usize, column: usize, message: impl Into<String>) -> Self {
        ScriptError {
            file: file.to_string(),
            line,
            column,
            message: message.into(),
        }
    }
}

/// `:line:column`, or nothing when the whole file is at fault.
fn location(line: usize, column: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!(":{line}:{column}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_bidi_characters_are_escaped() {
        let e = ScriptError::at("a\x1b[2J.txt", 3, 4, "unknown item `\u{202E}x\x07`");
        let text = e.to_string();
        assert_eq!(text, "a\\u{1b}[2J.txt:3:4: unknown item `\\u{202e}x\\u{7}`");
        assert!(!text.chars().any(char::is_control));
    }
}
