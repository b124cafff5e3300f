//! `bloomlab render`: one frame in a format, or every step of the lecture,
//! to standard output or to the file (or folder) `--out` names.

use std::io::{IsTerminal, Write};
use std::path::Path;

use super::CliError;
use super::args::{FormatName, PaperName, RenderArgs};
use super::from_ui;
use crate::ui::Screen;
use crate::ui::export::{self, WriteError};

/// Seconds each frame of a recording stays when `--step-seconds` is not
/// given.
const STEP_SECONDS: u64 = 4;

/// Where the output goes.
#[derive(Debug, Clone, Copy)]
enum Out<'a> {
    /// Standard output (no `--out`, or `--out -`).
    Stdout,
    /// The file or folder `--out` names.
    Path(&'a Path),
}

/// Draws what `args` ask for; returns the text to print, which is empty
/// when it went to a file, a folder, or (for binary output) already out.
pub(crate) fn run(args: &RenderArgs) -> Result<String, CliError> {
    let out = destination(args)?;
    check_options(args)?;
    if args.layout {
        if let Out::Path(path) = out {
            export::check_file(path).map_err(write_failure)?;
        }
        let text = crate::ui::layout::frame_layout(&args.frame()).map_err(from_ui)?;
        return emit(out, text.into_bytes());
    }
    // The handout and the recording are always the whole lecture.
    let Some(format) = args.format.format().filter(|_| !args.all) else {
        return run_all(args, out);
    };
    if let Out::Path(path) = out {
        export::check_file(path).map_err(write_failure)?;
    }
    let text = export::frame(&args.frame(), format).map_err(from_ui)?;
    emit(out, text.into_bytes())
}

/// Options that belong to another format, as usage errors.
fn check_options(args: &RenderArgs) -> Result<(), CliError> {
    let usage = |m: &str| Err(CliError::Usage(m.to_string()));
    if args.paper.is_some() && args.format != FormatName::Pdf {
        return usage("--paper sets the page size of --format pdf");
    }
    if args.step_seconds.is_some() && args.format != FormatName::Cast {
        return usage("--step-seconds sets how long each frame of --format cast stays");
    }
    Ok(())
}

/// Where `--out` sends the output: `-` (or no `--out`) is standard output.
fn destination(args: &RenderArgs) -> Result<Out<'_>, CliError> {
    match args.out.as_deref() {
        None => Ok(Out::Stdout),
        Some(p) if p.as_os_str().is_empty() => Err(CliError::Usage(
            "--out needs a file name, - for standard output (or with --all --format svg a \
             folder)"
                .into(),
        )),
        Some(p) if p.as_os_str() == "-" => Ok(Out::Stdout),
        Some(p) => Ok(Out::Path(p)),
    }
}

/// The whole lecture: one HTML page, a PDF, a recording, or a folder of
/// SVGs.
fn run_all(args: &RenderArgs, out: Out<'_>) -> Result<String, CliError> {
    check_all(args)?;
    let frame = args.frame();
    match (args.format, out) {
        (FormatName::Html | FormatName::Cast, out) => {
            if let Out::Path(path) = out {
                export::check_file(path).map_err(write_failure)?;
            }
            let text = if args.format == FormatName::Html {
                export::lecture_page(&frame)
            } else {
                export::lecture_cast(&frame, args.step_seconds.unwrap_or(STEP_SECONDS))
            }
            .map_err(from_ui)?;
            emit(out, text.into_bytes())
        }
        (FormatName::Svg, Out::Path(dir)) => {
            check_folder(dir)?;
            // Every picture is drawn before the first file is written, so
            // bad input leaves nothing behind.
            let pictures = export::lecture_pictures(&frame).map_err(from_ui)?;
            export::write_into(dir, &pictures).map_err(write_failure)?;
            Ok(String::new())
        }
        (FormatName::Pdf, out) => {
            match out {
                Out::Path(path) => export::check_file(path).map_err(write_failure)?,
                // A PDF's bytes would only garble a terminal.
                Out::Stdout if std::io::stdout().is_terminal() => {
                    return Err(CliError::Usage(
                        "--format pdf writes a binary file: give --out FILE (or --out - \
                         with standard output sent to a file or a pipe)"
                            .into(),
                    ));
                }
                Out::Stdout => {}
            }
            let paper = match args.paper {
                Some(PaperName::Letter) => export::Paper::Letter,
                Some(PaperName::A4) | None => export::Paper::A4,
            };
            let pdf = export::lecture_pdf(&frame, paper).map_err(from_ui)?;
            emit(out, pdf)
        }
        (FormatName::Svg, Out::Stdout) => Err(CliError::Usage(
            "--all --format svg writes one file per step: give --out DIR".into(),
        )),
        (FormatName::Text | FormatName::Ansi, _) => Err(CliError::Usage(format!(
            "--all cannot write --format {}: choose --format html (one page), \
             --format pdf (a handout to print), --format cast (a recording) or \
             --format svg (one file per step, with --out DIR)",
            if args.format == FormatName::Text {
                "text"
            } else {
                "ansi"
            }
        ))),
    }
}

/// Options the whole lecture does not go with, as usage errors.
fn check_all(args: &RenderArgs) -> Result<(), CliError> {
    let usage = |m: &str| Err(CliError::Usage(m.to_string()));
    let what = if args.all {
        "--all draws every step of the lecture"
    } else {
        "--format pdf and cast are the whole lecture"
    };
    if args.scene.is_some() || args.step.is_some() {
        return usage(&format!("{what}: leave out --scene and --step"));
    }
    if args.app.screen.is_some_and(|s| s != Screen::Lecture) {
        return usage(&format!(
            "{what}: leave out --screen or give --screen lecture"
        ));
    }
    Ok(())
}

/// Refuses, before anything is drawn, a folder for `--all --format svg`
/// that is not one and cannot become one: the nearest part of the path
/// that exists must be a folder.
fn check_folder(dir: &Path) -> Result<(), CliError> {
    let mut at = Some(dir);
    while let Some(path) = at {
        if path.as_os_str().is_empty() {
            break;
        }
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => return Ok(()),
            Ok(_) => {
                let why = if path == dir {
                    "is not a folder".to_string()
                } else {
                    format!(
                        "cannot be made into a folder: {} is a file",
                        export::shown_path(path)
                    )
                };
                return Err(CliError::Usage(format!(
                    "--out {} {why}",
                    export::shown_path(dir)
                )));
            }
            Err(_) => at = path.parent(),
        }
    }
    Ok(())
}

/// Puts `bytes` where they go: into the file, or on standard output (text
/// is handed back to be printed with the other commands' output).
fn emit(out: Out<'_>, bytes: Vec<u8>) -> Result<String, CliError> {
    match out {
        Out::Path(path) => {
            export::write_replacing(path, &bytes).map_err(write_failure)?;
            Ok(String::new())
        }
        Out::Stdout => match String::from_utf8(bytes) {
            Ok(text) => Ok(text),
            Err(binary) => to_stdout(binary.as_bytes()),
        },
    }
}

/// Binary output straight to standard output. As for text, a reader that
/// closes the pipe early is not a failure; any other failed write is.
fn to_stdout(bytes: &[u8]) -> Result<String, CliError> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(String::new()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(String::new()),
        Err(e) => Err(CliError::Runtime(format!("cannot write output: {e}"))),
    }
}

/// A destination that is no place for the output is bad input (exit 2,
/// named as `--out`); a write the system fails is a runtime failure (exit 1).
fn write_failure(err: WriteError) -> CliError {
    match err {
        WriteError::Refused { .. } => CliError::Usage(format!("--out {err}")),
        WriteError::Io { .. } => CliError::Runtime(err.to_string()),
    }
}
