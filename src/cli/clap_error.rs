//! Turning clap's multi-line parse errors into the one line the command
//! line promises: what was wrong, what is allowed, what was given. Every
//! value echoed from the command line has its control and invisible
//! characters escaped and is cut at [`ECHO_MAX`] characters, so an error
//! can never steer the terminal it is printed on.

use std::ffi::OsString;

use clap::CommandFactory;
use clap::error::{ContextKind, ContextValue, ErrorKind};

use super::args::Cli;
use crate::text::{ECHO_MAX, echo};

/// The option's flag without its value placeholder: `--m <M>` becomes `--m`.
fn flag_name(arg: &str) -> &str {
    arg.split_whitespace().next().unwrap_or(arg)
}

fn context_string(err: &clap::Error, kind: ContextKind) -> Option<String> {
    match err.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(v) => Some(v.join(", ")),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        ContextValue::StyledStrs(v) => Some(
            v.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", "),
        ),
        _ => None,
    }
}

fn context_list(err: &clap::Error, kind: ContextKind) -> Vec<String> {
    match err.get(kind) {
        Some(ContextValue::Strings(v)) => v.clone(),
        Some(ContextValue::StyledStrs(v)) => v.iter().map(|s| s.to_string()).collect(),
        Some(ContextValue::String(s)) => vec![s.clone()],
        Some(ContextValue::StyledStr(s)) => vec![s.to_string()],
        _ => Vec::new(),
    }
}

/// The first line of clap's own message, without its `error: ` prefix.
fn first_line(err: &clap::Error) -> String {
    let text = err.to_string();
    let line = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("invalid arguments");
    crate::text::escaped(line.trim().trim_start_matches("error:").trim())
}

/// The subcommands of the deepest command named along `argv`, for the
/// error when a command needs a subcommand and got none.
fn missing_subcommand_line(argv: &[OsString]) -> String {
    let mut cmd = Cli::command();
    let mut path = vec![cmd.get_name().to_string()];
    for word in argv.iter().skip(1) {
        let Some(word) = word.to_str() else { continue };
        let next = cmd.find_subcommand(word).cloned();
        if let Some(sub) = next {
            path.push(sub.get_name().to_string());
            cmd = sub;
        }
    }
    let names: Vec<&str> = cmd
        .get_subcommands()
        .filter(|s| s.get_name() != "help")
        .map(|s| s.get_name())
        .collect();
    format!(
        "'{}' needs a subcommand: one of {}",
        path.join(" "),
        names.join(", ")
    )
}

/// A value given on the command line, as it may be echoed.
fn given(value: &str) -> String {
    echo(value, ECHO_MAX)
}

/// The argument that is not UTF-8, named by its flag when it is a flag's
/// value (clap only says that one of them is not).
fn not_utf8_line(argv: &[OsString]) -> String {
    let lossy = |bytes: &[u8]| given(&String::from_utf8_lossy(bytes));
    let Some(at) = argv.iter().skip(1).position(|a| a.to_str().is_none()) else {
        return "an argument is not valid UTF-8".into();
    };
    let bad = argv[at + 1].as_encoded_bytes();
    if bad.starts_with(b"-")
        && let Some(eq) = bad.iter().position(|&b| b == b'=')
    {
        return format!("{}: the value is not valid UTF-8", lossy(&bad[..eq]));
    }
    match argv[at].to_str() {
        Some(flag) if at > 0 && flag.starts_with('-') => {
            format!("{}: the value is not valid UTF-8", given(flag_name(flag)))
        }
        _ => format!("the argument '{}' is not valid UTF-8", lossy(bad)),
    }
}

/// One line (without the `error: ` prefix) describing a parse failure.
pub(crate) fn one_line(err: &clap::Error, argv: &[OsString]) -> String {
    let arg = context_string(err, ContextKind::InvalidArg).map(|a| given(&a));
    let value = context_string(err, ContextKind::InvalidValue).map(|v| given(&v));
    match err.kind() {
        ErrorKind::ValueValidation => {
            let flag = arg.as_deref().map(flag_name).unwrap_or("a value");
            let value = value.unwrap_or_default();
            match std::error::Error::source(err) {
                Some(allowed) => format!("{flag} must be {allowed}, got '{value}'"),
                None => format!("{flag} got an invalid value '{value}'"),
            }
        }
        ErrorKind::InvalidValue => {
            let flag = arg.as_deref().map(flag_name).unwrap_or("a value");
            let valid = context_list(err, ContextKind::ValidValue);
            let value = value.unwrap_or_default();
            if value.is_empty() {
                format!("{flag} needs a value")
            } else if valid.is_empty() {
                format!("{flag} got an invalid value '{value}'")
            } else {
                format!("{flag} must be one of {}, got '{value}'", valid.join(", "))
            }
        }
        ErrorKind::MissingRequiredArgument => {
            let missing = context_list(err, ContextKind::InvalidArg);
            format!("missing required argument {}", missing.join(", "))
        }
        ErrorKind::InvalidSubcommand => {
            let given =
                given(&context_string(err, ContextKind::InvalidSubcommand).unwrap_or_default());
            let names: Vec<String> = Cli::command()
                .get_subcommands()
                .filter(|s| s.get_name() != "help")
                .map(|s| s.get_name().to_string())
                .collect();
            format!(
                "unknown command '{given}'; the commands are {}",
                names.join(", ")
            )
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            missing_subcommand_line(argv)
        }
        ErrorKind::UnknownArgument => match arg {
            Some(arg) => format!("unexpected argument '{arg}'"),
            None => first_line(err),
        },
        ErrorKind::InvalidUtf8 => not_utf8_line(argv),
        _ => first_line(err),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn line_for(args: &[&str]) -> String {
        let argv: Vec<std::ffi::OsString> = args.iter().map(|a| a.into()).collect();
        let err = Cli::try_parse_from(&argv).unwrap_err();
        one_line(&err, &argv)
    }

    #[test]
    fn range_errors_name_flag_range_and_value() {
        assert_eq!(
            line_for(&["bloomlab", "rate", "--m", "0", "--n", "1", "--k", "1"]),
            "--m must be a whole number between 1 and 10^18, got '0'"
        );
        assert_eq!(
            line_for(&["bloomlab", "rate", "--m", "16", "--n", "1", "--k", "x"]),
            "--k must be a whole number between 1 and 1000, got 'x'"
        );
    }

    #[test]
    fn enum_errors_list_the_choices() {
        assert_eq!(
            line_for(&["bloomlab", "--screen", "garden"]),
            "--screen must be one of lecture, lab, sandbox, sizing, practice, compare, got 'garden'"
        );
    }

    #[test]
    fn structural_errors_fit_on_one_line() {
        for args in [
            &["bloomlab", "rate", "--m", "16"][..],
            &["bloomlab", "frobnicate"],
            &["bloomlab", "script"],
            &["bloomlab", "rate", "--bogus"],
            &["bloomlab", "positions", "--m", "16", "--k", "3"],
        ] {
            let line = line_for(args);
            assert!(
                !line.is_empty() && !line.contains('\n'),
                "{args:?}: {line:?}"
            );
        }
        assert_eq!(
            line_for(&["bloomlab", "script"]),
            "'bloomlab script' needs a subcommand: one of check, trace"
        );
    }
}
