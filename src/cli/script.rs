//! `bloomlab script check FILE` and `bloomlab script trace [FILE] [--json]`.

use super::CliError;
use super::args::{ScriptAction, ScriptArgs};
use crate::lecture::{Lecture, trace};

/// Runs `bloomlab script check|trace` and returns the text to print.
/// A script that does not compile is a usage error (exit 2) located at
/// file:line:column.
pub(crate) fn run(args: &ScriptArgs) -> Result<String, CliError> {
    match &args.action {
        ScriptAction::Check { file } => {
            let lecture = load(file)?;
            Ok(format!(
                "ok: {} scenes, {} steps\n",
                lecture.scene_count(),
                lecture.len()
            ))
        }
        ScriptAction::Trace { file, json } => {
            let lecture = match file {
                Some(path) => load(path)?,
                None => Lecture::builtin(),
            };
            Ok(if *json {
                trace::json_lines(&lecture)
            } else {
                trace::text(&lecture)
            })
        }
    }
}

fn load(path: &std::path::Path) -> Result<Lecture, CliError> {
    Lecture::from_file(path).map_err(|e| CliError::Usage(e.to_string()))
}
