//! The lecture: the script format (data in `assets/`) and the pure step engine.
//!
//! API contract used by the app (`src/ui`): a compiled script `Lecture` with
//! `Lecture::builtin()`, `Lecture::from_file(path) -> Result<Lecture, ScriptError>`,
//! `len()` (total steps), `scene_count()`, `scene_start(scene0) -> usize` (global
//! index of a scene's first step, scenes counted from 0), `locate(global) ->
//! (scene0, step0)`, and `board(global) -> Board` (pure: recomputed from the
//! script for each step). The lecture screen is drawn by
//! `crate::ui::lecture_view::render(lecture, step, area, buf, theme)`.

use crate::cli::CliError;
use crate::cli::args::ScriptArgs;

/// Runs `bloomlab script check|trace` and returns the text to print.
pub fn script_command(args: &ScriptArgs) -> Result<String, CliError> {
    let _ = args;
    Err(CliError::Runtime(
        "script commands are not built yet".into(),
    ))
}
