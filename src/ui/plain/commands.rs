//! The commands plain mode takes on every screen, and the `?` list: these,
//! then the screen's own (from its [`AppScreen::plain_commands`]).

use crate::ui::screen::seam::PlainCommand;
use crate::ui::screen::{AppScreen, Screen};

/// A command every screen takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Global {
    /// The list of commands.
    Help,
    /// Leave.
    Quit,
    /// Say the screen again.
    Repeat,
    /// Go to a screen.
    Go(Screen),
    /// Go to the next screen, as Tab does.
    NextScreen,
}

/// The commands of every screen, for the `?` list.
pub(crate) const GLOBAL: &[PlainCommand] = &[
    PlainCommand {
        typed: "? or help",
        does: "this list",
    },
    PlainCommand {
        typed: "r or repeat",
        does: "say the screen again",
    },
    PlainCommand {
        typed: "q or quit",
        does: "leave (Ctrl+D too; Ctrl+C stops a long computation)",
    },
];

/// The command of every screen `line` is, if it is one.
pub(crate) fn global(line: &str) -> Option<Global> {
    let lower = line.to_lowercase();
    let word = lower.trim();
    match word {
        "?" | "help" => return Some(Global::Help),
        "q" | "quit" | "exit" => return Some(Global::Quit),
        "r" | "repeat" => return Some(Global::Repeat),
        "tab" => return Some(Global::NextScreen),
        _ => {}
    }
    let name = word
        .strip_prefix("screen ")
        .or_else(|| word.strip_prefix("go "))
        .unwrap_or(word)
        .trim();
    Screen::ALL
        .iter()
        .find(|s| s.cli_name() == name)
        .map(|&s| Global::Go(s))
}

/// The `?` list on `screen`: a line per command, every screen's first.
pub(crate) fn help(screen: &dyn AppScreen, title: &str) -> Vec<String> {
    let line = |c: &PlainCommand| format!("{}: {}.", c.typed, c.does);
    let mut out = vec!["Type a command and press Enter. On every screen:".to_string()];
    out.extend(GLOBAL.iter().map(line));
    let names: Vec<&str> = Screen::ALL.iter().map(|s| s.cli_name()).collect();
    out.push(format!(
        "{}: go to that screen; tab goes to the next one.",
        crate::lecture::spoken::spoken_list(&names).replacen(" and ", " or ", 1)
    ));
    out.push(format!("On the {title} screen:"));
    out.extend(screen.plain_commands().iter().map(line));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_screen_is_reached_by_its_name() {
        for &s in Screen::ALL {
            assert_eq!(global(s.cli_name()), Some(Global::Go(s)));
            assert_eq!(
                global(&format!("screen {}", s.cli_name())),
                Some(Global::Go(s))
            );
        }
        assert_eq!(global(" Q "), Some(Global::Quit));
        assert_eq!(global("?"), Some(Global::Help));
        assert_eq!(global("m 160"), None);
        assert_eq!(global(""), None);
    }

    #[test]
    fn the_list_names_every_screen() {
        let app = crate::ui::app::App::new(Screen::Lab, crate::ui::theme::Theme::MONO);
        let list = help(app.on_show(), "Lab").join(" ");
        for &s in Screen::ALL {
            assert!(list.contains(s.cli_name()), "{list}");
        }
        for c in app.on_show().plain_commands() {
            assert!(list.contains(c.typed), "{list}");
        }
    }
}
