//! The lecture: its script format (data in `assets/`, or a teacher's file)
//! and the pure engine that turns a script into one [`Board`] per step.
//! Nothing here draws; the app's `src/ui/lecture` draws boards.
//!
//! What lives where:
//! - [`parse`] reads a script into a [`Script`] ([`script`]: settings,
//!   items, scenes, steps, directives), with errors at file:line:column
//!   ([`error`]);
//! - [`template`] is narration with placeholders, [`figures`] the numbers
//!   they are filled with, [`curve`] the three curves by name;
//! - [`engine`] folds a script's directives into [`board`]s, once, when
//!   the script loads; stepping is indexing, stepping back is reading an
//!   earlier board; [`predict`] works out a prediction's answer and the
//!   board a predict step first shows;
//! - [`texts`] words every text a board shows (verdicts, table cells,
//!   captions, crawler figures) for the screen and for [`trace`], the
//!   step-by-step record `bloomlab script trace` prints, and [`spoken`]
//!   says a board in sentences for plain mode.
//!
//! [`Lecture`] is the entry point: [`Lecture::builtin`],
//! [`Lecture::from_file`], then [`Lecture::step_index`] and
//! [`Lecture::step_board`].

pub mod board;
pub mod curve;
pub mod engine;
pub mod error;
pub mod figures;
pub mod parse;
pub mod predict;
pub mod script;
pub mod spoken;
pub mod template;
pub mod texts;
pub mod trace;

use std::path::Path;

pub use crate::filter::ProbeState;
pub use board::{Board, Cell, Flag, Probe, Query, QuerySource, TableLine, Verdict};
pub use board::{Guess, Prediction};
pub use error::{LectureError, ScriptError};
pub use script::{Curve, Element, Emphasis, Script};

use figures::Figures;

/// The lecture script compiled into the binary.
pub const BUILTIN_SCRIPT: &str = include_str!("../../assets/lecture.txt");

/// The name errors in the built-in script are reported under.
pub const BUILTIN_NAME: &str = "assets/lecture.txt";

/// The second built-in lecture: what a reader meets after the Bloom filter.
pub const AFTER_BLOOM_SCRIPT: &str = include_str!("../../assets/after-bloom.txt");

/// The built-in lectures by the name `--lecture` takes: name, the name
/// errors are reported under, the script. The first is the default.
pub const LECTURES: &[(&str, &str, &str)] = &[
    ("bloom", BUILTIN_NAME, BUILTIN_SCRIPT),
    ("after-bloom", "assets/after-bloom.txt", AFTER_BLOOM_SCRIPT),
];

/// The names `--lecture` takes, in order.
pub fn lecture_names() -> Vec<&'static str> {
    LECTURES.iter().map(|(name, ..)| *name).collect()
}

/// A compiled lecture: the script, its figures, where each scene starts and
/// the board after every step.
#[derive(Debug, Clone, PartialEq)]
pub struct Lecture {
    script: Script,
    figures: Figures,
    starts: Vec<usize>,
    total: usize,
    // Derived from `script` alone by one fold at load time; the app steps by
    // indexing here instead of replaying the script on every frame.
    boards: Vec<Board>,
    // The revealed board of each predict step, by global index.
    reveals: std::collections::BTreeMap<usize, Board>,
}

impl Lecture {
    /// The lecture embedded in the binary. If it ever failed to parse, the
    /// result is a one-step lecture whose narration carries the error, so the
    /// app still opens and says what went wrong.
    pub fn builtin() -> Lecture {
        Lecture::from_text(BUILTIN_NAME, BUILTIN_SCRIPT).unwrap_or_else(|e| Lecture::broken(&e))
    }

    /// A built-in lecture by name (see [`LECTURES`]), `None` for another
    /// name. One that failed to parse says why, as [`Lecture::builtin`] does.
    pub fn named(name: &str) -> Option<Lecture> {
        let (_, file, text) = LECTURES.iter().find(|(n, ..)| *n == name)?;
        Some(Lecture::from_text(file, text).unwrap_or_else(|e| Lecture::broken(&e)))
    }

    /// Reads and compiles a teacher's script.
    pub fn from_file(path: &Path) -> Result<Lecture, ScriptError> {
        let name = path.display().to_string();
        let meta = std::fs::metadata(path)
            .map_err(|e| ScriptError::at(&name, 0, 0, format!("cannot read the script: {e}")))?;
        if !meta.is_file() {
            return Err(ScriptError::at(&name, 0, 0, "not a regular file"));
        }
        if meta.len() > parse::MAX_BYTES as u64 {
            return Err(ScriptError::at(
                &name,
                0,
                0,
                format!(
                    "the file is {} bytes; a script may be at most {} bytes",
                    meta.len(),
                    parse::MAX_BYTES
                ),
            ));
        }
        let bytes = std::fs::read(path)
            .map_err(|e| ScriptError::at(&name, 0, 0, format!("cannot read the script: {e}")))?;
        Lecture::from_bytes(&name, &bytes)
    }

    /// Compiles a script held in memory; `name` is used in error locations.
    pub fn from_text(name: &str, text: &str) -> Result<Lecture, ScriptError> {
        Lecture::from_bytes(name, text.as_bytes())
    }

    /// Compiles a script from raw bytes (checked for UTF-8 and size).
    pub fn from_bytes(name: &str, bytes: &[u8]) -> Result<Lecture, ScriptError> {
        let script = parse::parse_bytes(name, bytes)?;
        Ok(Lecture::from_script(script))
    }

    fn from_script(script: Script) -> Lecture {
        let mut starts = Vec::with_capacity(script.scenes.len());
        let mut total = 0;
        for scene in &script.scenes {
            starts.push(total);
            total += scene.steps.len();
        }
        let figures = Figures::with_items(script.settings.clone(), script.items.clone());
        let mut boards = Vec::new();
        let mut reveals = std::collections::BTreeMap::new();
        for (i, (shown, revealed)) in engine::all_steps(&script, &figures).into_iter().enumerate() {
            boards.push(shown);
            if let Some(board) = revealed {
                reveals.insert(i, board);
            }
        }
        if boards.is_empty() {
            boards.push(engine::board_at(&script, &figures, 0));
        }
        Lecture {
            script,
            figures,
            starts,
            total,
            boards,
            reveals,
        }
    }

    fn broken(error: &ScriptError) -> Lecture {
        use script::{Scene, Settings, Step};
        use template::{Part, Template};
        let text = format!("The built-in lecture script did not load: {error}");
        Lecture::from_script(Script {
            settings: Settings::default(),
            items: Vec::new(),
            scenes: vec![Scene {
                title: "Lecture unavailable".into(),
                steps: vec![Step {
                    line: 0,
                    directives: Vec::new(),
                    narration: vec![Template {
                        parts: vec![Part::Text(text)],
                    }],
                    reveal_from: None,
                }],
            }],
        })
    }

    /// Total steps over all scenes.
    pub fn len(&self) -> usize {
        self.total
    }

    /// Always false: a compiled script has at least one step.
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// Number of scenes.
    pub fn scene_count(&self) -> usize {
        self.script.scenes.len()
    }

    /// Global index of a scene's first step (scenes from 0; clamped).
    pub fn scene_start(&self, scene: usize) -> usize {
        self.starts
            .get(scene)
            .or(self.starts.last())
            .copied()
            .unwrap_or(0)
    }

    /// Steps in a scene (scenes from 0; 0 when out of range).
    pub fn scene_len(&self, scene: usize) -> usize {
        self.script.scenes.get(scene).map_or(0, |s| s.steps.len())
    }

    /// A scene's title (scenes from 0; empty when out of range).
    pub fn scene_title(&self, scene: usize) -> &str {
        self.script
            .scenes
            .get(scene)
            .map_or("", |s| s.title.as_str())
    }

    /// The scene and step (both from 0) of a global step index (clamped).
    pub fn locate(&self, global: usize) -> (usize, usize) {
        let global = global.min(self.total.saturating_sub(1));
        let scene = self
            .starts
            .partition_point(|&s| s <= global)
            .saturating_sub(1);
        (scene, global - self.scene_start(scene))
    }

    /// The global index of scene `scene`, step `step`, both counted from 1 as
    /// on the progress line; out of range is a usage error naming the range.
    pub fn step_index(&self, scene: u32, step: u32) -> Result<usize, LectureError> {
        let scenes = self.scene_count();
        let s = scene as usize;
        if s == 0 || s > scenes {
            return Err(LectureError::NoSuchScene { scene, scenes });
        }
        let steps = self.scene_len(s - 1);
        let t = step as usize;
        if t == 0 || t > steps {
            return Err(LectureError::NoSuchStep { scene, step, steps });
        }
        Ok(self.scene_start(s - 1) + t - 1)
    }

    /// The board of scene `scene`, step `step`, both counted from 1; out of
    /// range is a usage error naming the allowed range.
    pub fn board_for(&self, scene: u32, step: u32) -> Result<Board, LectureError> {
        self.step_index(scene, step)
            .map(|global| self.board(global))
    }

    /// The board after the step at `global` (clamped to the last step).
    pub fn board(&self, global: usize) -> Board {
        self.step_board(global).clone()
    }

    /// The board after the step at `global` (clamped to the last step),
    /// borrowed from the boards built when the script loaded.
    pub fn step_board(&self, global: usize) -> &Board {
        let last = self.boards.len().saturating_sub(1);
        // `from_script` never leaves `boards` empty, so the index is in range.
        &self.boards[global.min(last)]
    }

    /// The board of a predict step once revealed (`None` for other steps).
    pub fn revealed_board(&self, global: usize) -> Option<&Board> {
        let last = self.boards.len().saturating_sub(1);
        self.reveals.get(&global.min(last))
    }

    /// The board of the step at `global` as first shown, or revealed when
    /// `revealed` and the step has a prediction.
    pub fn shown_board(&self, global: usize, revealed: bool) -> &Board {
        match self.revealed_board(global) {
            Some(board) if revealed => board,
            _ => self.step_board(global),
        }
    }

    /// Whether the step at `global` asks the class to predict.
    pub fn predicts(&self, global: usize) -> bool {
        self.revealed_board(global).is_some()
    }

    /// The board after every step, in order (what `board(i)` returns for each i).
    pub fn boards(&self) -> &[Board] {
        &self.boards
    }

    /// The board after the step at `global` folded afresh from the script,
    /// without the boards kept at load time (what those boards are checked
    /// against).
    pub fn replay(&self, global: usize) -> Board {
        engine::board_at(&self.script, &self.figures, global)
    }

    /// The line of the script where a step (scene and step from 0) starts.
    pub fn step_line(&self, scene: usize, step: usize) -> Option<usize> {
        self.script
            .scenes
            .get(scene)?
            .steps
            .get(step)
            .map(|s| s.line)
    }

    /// The compiled script.
    pub fn script(&self) -> &Script {
        &self.script
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_parses() {
        let lecture = Lecture::from_text(BUILTIN_NAME, BUILTIN_SCRIPT);
        assert!(lecture.is_ok(), "{:?}", lecture.err());
    }

    #[test]
    fn locate_and_step_index_agree() {
        let l = Lecture::builtin();
        for g in 0..l.len() {
            let (s, t) = l.locate(g);
            assert_eq!(l.step_index(s as u32 + 1, t as u32 + 1), Ok(g));
        }
        assert!(l.step_index(0, 1).is_err());
        assert!(l.step_index(1, 99).is_err());
    }

    #[test]
    fn kept_boards_equal_a_fresh_fold() {
        for text in [
            BUILTIN_SCRIPT,
            include_str!("../../tests/scripts/teacher.txt"),
        ] {
            let l = Lecture::from_text("t", text).unwrap();
            assert_eq!(l.boards().len(), l.len());
            for i in 0..l.len() {
                assert_eq!(l.step_board(i), &l.replay(i), "step {i}");
            }
            assert_eq!(l.step_board(l.len() + 3), &l.replay(l.len() - 1));
            // Stepping lends the kept board instead of folding a new one.
            let last = l.len() - 1;
            assert!(std::ptr::eq(l.step_board(last), l.step_board(last)));
        }
    }
}
