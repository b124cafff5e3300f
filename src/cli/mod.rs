//! The command line, the program's public contract (README, product.md):
//! clap definitions in `args` with the ranges of `ranges`, one file per
//! command, and the only place errors become exit codes (0 done, 1 a
//! runtime failure, 2 bad input) and one-line messages (`error`,
//! `clap_error`). Everything else it calls lives below it: the app
//! through [`crate::ui`], scripts through [`crate::lecture`], the figures
//! through the core.

pub(crate) mod args;
pub(crate) mod clap_error;
pub(crate) mod compare;
pub(crate) mod config;
pub(crate) mod error;
pub(crate) mod keys;
pub(crate) mod lookup;
pub(crate) mod measure;
pub(crate) mod notes;
pub(crate) mod positions;
pub(crate) mod ranges;
pub(crate) mod rate;
pub(crate) mod render;
pub(crate) mod script;
pub(crate) mod size;

pub(crate) use error::CliError;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

use crate::lecture::LectureError;
use crate::ui::UiError;
use args::{AppArgs, Cli, Command, RenderArgs};

/// Parses the process arguments and runs the chosen command.
pub fn main() -> ExitCode {
    let argv: Vec<OsString> = std::env::args_os().collect();
    run(&argv)
}

/// Parses `argv` (program name first), runs the command, prints its output
/// on stdout or one error line on stderr, and returns the exit code:
/// 0 success, 1 runtime failure (output that cannot be written included),
/// 2 bad input. A reader that closes the pipe early (`| head`) is not a
/// failure: the output ends there, quietly, with exit 0.
pub fn run(argv: &[OsString]) -> ExitCode {
    let cli = match Cli::try_parse_from(argv) {
        Ok(cli) => cli,
        Err(err) => return parse_failure(&err, argv),
    };
    match execute(cli) {
        Ok(Some(text)) => print_stdout(&text),
        Ok(None) => ExitCode::SUCCESS,
        Err(err) => {
            let message = err.to_string();
            let message = message.trim_start_matches("error:").trim();
            let line = match err {
                // Bad input is promised as a single line.
                CliError::Usage(_) => message.replace('\n', "; "),
                CliError::Runtime(_) => message.to_string(),
            };
            // Messages quote what they were given; nothing in one may
            // steer the terminal.
            eprintln_quietly(&format!("error: {}", crate::text::escaped(&line)));
            ExitCode::from(err.exit_code())
        }
    }
}

/// Runs a parsed command; `Some(text)` is what to print.
fn execute(cli: Cli) -> Result<Option<String>, CliError> {
    check_placement(&cli)?;
    // The settings a config file may also hold, as the command line gave them.
    let flags = config::Flags {
        theme: cli.app.theme.clone(),
        present: cli.app.present,
        export_dir: cli.export_dir.clone(),
        session: cli.session.clone(),
        minutes: cli.minutes,
        autoplay: cli.autoplay,
        plain: cli.plain,
    };
    let app = cli.app;
    let Some(command) = cli.command else {
        let mut config = crate::ui::AppConfig {
            start_at: cli.start_at,
            notes_file: crate::notes::default_path(),
            ..app.config()
        };
        config::settings(flags).apply(&mut config);
        config.export_dir = Some(export_folder(config.export_dir.take())?);
        return crate::ui::run_app(&config).map(|()| None).map_err(from_ui);
    };
    match command {
        Command::Rate(args) => rate::run(&args),
        Command::Measure(args) => measure::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Size(args) => size::run(&args),
        Command::Positions(args) => positions::run(&args),
        Command::Lookup(args) => lookup::run(&args),
        Command::Render(args) => render::run(&render_with_app_options(args, app)),
        Command::Script(args) => script::run(&args),
        Command::Notes(args) => notes::run(&args),
        Command::Config(args) => config::run(&args, flags),
        Command::Speaker(args) => {
            let settings = config::settings(config::Flags {
                session: args.session.or(cli.session),
                minutes: args.minutes,
                ..config::Flags::default()
            });
            let flagged = matches!(settings.minutes.from, config::layers::Source::Flag(_));
            let speaker = crate::ui::SpeakerConfig {
                session: settings.session.value.clone(),
                own_minutes: settings.minutes.value.filter(|_| flagged),
                file_minutes: settings.minutes.value.filter(|_| !flagged),
                notes_file: crate::notes::default_path(),
                warnings: settings.warnings(),
            };
            return crate::ui::run_speaker(&speaker)
                .map(|()| None)
                .map_err(from_ui);
        }
    }
    .map(Some)
}

/// The app's export folder (`--export-dir`, else the current one) as an
/// absolute path, so every export is reported by a path that means the
/// same from any folder; a missing one is made (with its parents), and
/// one that cannot be made, or is not a folder, is bad input (exit 2).
fn export_folder(given: Option<std::path::PathBuf>) -> Result<std::path::PathBuf, CliError> {
    let dir = given.unwrap_or_else(|| ".".into());
    let shown = crate::text::escaped(&dir.display().to_string());
    let refused = |why: String| CliError::Usage(format!("--export-dir {shown}: {why}"));
    if !dir.exists() {
        std::fs::create_dir_all(&dir)
            .map_err(|e| refused(format!("cannot make the folder: {e}")))?;
    }
    if !dir.is_dir() {
        return Err(refused("it is not a folder".into()));
    }
    // Made absolute without resolving links: the path the user gave stays
    // recognisable. A current folder that cannot be read keeps `.`.
    Ok(std::path::absolute(&dir)
        .map(|p| p.components().collect())
        .unwrap_or(dir))
}

/// Refuses the app's options before a command they do not apply to.
fn check_placement(cli: &Cli) -> Result<(), CliError> {
    let Some(command) = &cli.command else {
        return Ok(());
    };
    let app = &cli.app;
    if matches!(command, Command::Config(_)) {
        // `config show` weighs the flags a config file also holds.
        let other = app.screen.is_some()
            || app.m.is_some()
            || app.n.is_some()
            || app.k.is_some()
            || app.script.is_some()
            || app.lecture.is_some()
            || cli.start_at.is_some();
        if other {
            return Err(CliError::Usage(
                "before `config` only the settings a config file holds may be given \
                 (--theme, --present, --export-dir, --session, --minutes, --autoplay, --plain)"
                    .into(),
            ));
        }
        return Ok(());
    }
    if cli.export_dir.is_some() {
        return Err(CliError::Usage(
            "--export-dir only applies to the app (its e key); render takes --out".into(),
        ));
    }
    let app_only =
        cli.autoplay.is_some() || cli.start_at.is_some() || cli.minutes.is_some() || cli.plain;
    let speaker = matches!(command, Command::Speaker(_));
    if app_only || (cli.session.is_some() && !speaker) {
        return Err(CliError::Usage(
            "--autoplay, --start-at, --minutes, --plain and --session only apply to the app; \
             give `speaker` its own --session and --minutes after its name"
                .into(),
        ));
    }
    if app.any_given() && !matches!(command, Command::Render(_)) {
        return Err(CliError::Usage(
            "--screen, --m, --n, --k, --script, --theme and --present before a command only \
             apply to the app and render; give the command's own options after its name"
                .into(),
        ));
    }
    Ok(())
}

/// `bloomlab --script FILE render` reads naturally: the app's options fill
/// whatever render was not told itself.
fn render_with_app_options(mut args: RenderArgs, app: AppArgs) -> RenderArgs {
    args.app = args.app.or(app);
    args
}

/// What an app failure means at the command line: a setting, scene or step
/// out of range and a broken script are bad input (exit 2, named by their
/// option), a terminal failure is a runtime error (exit 1).
fn from_ui(err: UiError) -> CliError {
    match err {
        UiError::Terminal(message) => CliError::Runtime(message),
        UiError::Lecture(LectureError::Script(e)) => CliError::Usage(e.to_string()),
        // Settings, scenes and steps are named as the options that set them.
        other => CliError::Usage(format!("--{other}")),
    }
}

/// Help and version go to stdout with exit 0; every other parse failure is
/// one line on stderr with exit 2.
fn parse_failure(err: &clap::Error, argv: &[OsString]) -> ExitCode {
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            match err.print().and_then(|()| std::io::stdout().flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => output_failed(&e),
            }
        }
        _ => {
            eprintln_quietly(&format!("error: {}", clap_error::one_line(err, argv)));
            ExitCode::from(2)
        }
    }
}

/// Writes the command's output (see [`output_failed`] for what a failed
/// write means).
fn print_stdout(text: &str) -> ExitCode {
    // Commands that wrote their own output (and dealt with its failure)
    // hand back nothing; stdout is not touched again.
    if text.is_empty() {
        return ExitCode::SUCCESS;
    }
    let mut out = std::io::stdout().lock();
    let newline = if text.ends_with('\n') || text.is_empty() {
        ""
    } else {
        "\n"
    };
    match out
        .write_all(text.as_bytes())
        .and_then(|()| out.write_all(newline.as_bytes()))
        .and_then(|()| out.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => output_failed(&e),
    }
}

/// The exit code after a failed write to stdout, following the GNU rule: a
/// closed pipe means the reader has all it wants, so the command ends
/// quietly with 0; any other failure (a full disk, say) is one line on
/// stderr and exit 1. Every command's output and help and version end here.
pub(crate) fn output_failed(e: &std::io::Error) -> ExitCode {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return ExitCode::SUCCESS;
    }
    let reason = e.to_string();
    // "No space left on device (os error 28)": the number says nothing more.
    let reason = match reason.rfind(" (os error ") {
        Some(at) => &reason[..at],
        None => &reason,
    };
    eprintln_quietly(&format!("error: cannot write output: {reason}"));
    ExitCode::from(1)
}

/// Writes one line to stderr, ignoring a closed stderr rather than
/// panicking. A value quoted from the command line is shown with its
/// control and invisible characters escaped, whichever message quotes it.
pub(crate) fn eprintln_quietly(line: &str) {
    let mut err = std::io::stderr().lock();
    let lines: Vec<String> = line.split('\n').map(crate::text::escaped).collect();
    let _ = writeln!(err, "{}", lines.join("\n"));
}
