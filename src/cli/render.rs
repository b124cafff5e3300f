//! `bloomlab render`: one frame in a format, or every step of the lecture,
//! to standard output or to the file (or folder) `--out` names.

use std::path::Path;

use super::CliError;
use super::args::{FormatName, RenderArgs};
use super::from_ui;
use crate::ui::Screen;
use crate::ui::export::{self, WriteError};

/// Draws what `args` ask for; returns the text to print, which is empty
/// when it went to `--out` instead.
pub(crate) fn run(args: &RenderArgs) -> Result<String, CliError> {
    if args.out.as_ref().is_some_and(|p| p.as_os_str().is_empty()) {
        return Err(CliError::Usage(
            "--out needs a file name (or with --all --format svg a folder)".into(),
        ));
    }
    if args.all {
        return run_all(args);
    }
    let text = export::frame(&args.frame(), args.format.format()).map_err(from_ui)?;
    match &args.out {
        Some(path) => write_file(path, &text),
        None => Ok(text),
    }
}

/// `--all`: the whole lecture as one HTML page or a folder of SVGs.
fn run_all(args: &RenderArgs) -> Result<String, CliError> {
    check_all(args)?;
    let frame = args.frame();
    match (args.format, &args.out) {
        (FormatName::Html, out) => {
            let page = export::lecture_page(&frame).map_err(from_ui)?;
            match out {
                Some(path) => write_file(path, &page),
                None => Ok(page),
            }
        }
        (FormatName::Svg, Some(dir)) => {
            // Every picture is drawn before the first file is written, so
            // bad input leaves nothing behind.
            let pictures = export::lecture_pictures(&frame).map_err(from_ui)?;
            export::write_into(dir, &pictures).map_err(io_failure)?;
            Ok(String::new())
        }
        (FormatName::Svg, None) => Err(CliError::Usage(
            "--all --format svg writes one file per step: give --out DIR".into(),
        )),
        (FormatName::Text | FormatName::Ansi, _) => Err(CliError::Usage(format!(
            "--all cannot write --format {}: choose --format html (one page) or \
             --format svg (one file per step, with --out DIR)",
            if args.format == FormatName::Text {
                "text"
            } else {
                "ansi"
            }
        ))),
    }
}

/// Options `--all` does not go with, as usage errors.
fn check_all(args: &RenderArgs) -> Result<(), CliError> {
    let usage = |m: &str| Err(CliError::Usage(m.to_string()));
    if args.scene.is_some() || args.step.is_some() {
        return usage("--all draws every step of the lecture: leave out --scene and --step");
    }
    if args.app.screen.is_some_and(|s| s != Screen::Lecture) {
        return usage("--all draws the lecture: leave out --screen or give --screen lecture");
    }
    Ok(())
}

fn write_file(path: &Path, text: &str) -> Result<String, CliError> {
    export::write_replacing(path, text.as_bytes()).map_err(io_failure)?;
    Ok(String::new())
}

/// A file that could not be written is a runtime failure (exit 1).
fn io_failure(err: WriteError) -> CliError {
    CliError::Runtime(err.to_string())
}
