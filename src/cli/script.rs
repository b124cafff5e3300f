//! `bloomlab script check FILE` and `bloomlab script trace [FILE] [--json]`.
//! A script holding a control, bidirectional or zero-width character is
//! refused where it stands (`lecture::parse`); the trace is still printed
//! through `crate::text`, so nothing raw can reach the terminal.

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
        ScriptAction::Trace {
            file,
            lecture,
            json,
        } => {
            let lecture = match (file, lecture) {
                (Some(path), _) => load(path)?,
                // The parser only lets a listed name through.
                (None, Some(name)) => Lecture::named(name).unwrap_or_else(Lecture::builtin),
                (None, None) => Lecture::builtin(),
            };
            // A script that loads holds no unsafe character (the parser
            // refuses them), so this only guards the rule's one place.
            Ok(if *json {
                crate::text::json_safe(&trace::json_lines(&lecture))
            } else {
                crate::text::escaped_lines(&trace::text(&lecture))
            })
        }
    }
}

fn load(path: &std::path::Path) -> Result<Lecture, CliError> {
    Lecture::from_file(path).map_err(|e| CliError::Usage(e.to_string()))
}
