//! The settings a config file may hold: their names, what each is for,
//! what each accepts, and the check of one value as TOML gave it. Every
//! range comes from where the command line takes it ([`crate::limits`]
//! through [`super::super::ranges`], the palettes, the session rule), so a
//! file and a flag can never accept different things.

use std::path::PathBuf;

use crate::cli::ranges;
use crate::ui::KeyScheme;

/// One setting of the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Key {
    /// The palette.
    Theme,
    /// Open in present mode.
    Present,
    /// The app's keys, or a clicker's too.
    Keys,
    /// Where `e` saves frames.
    ExportDir,
    /// The speaker view's session.
    Session,
    /// The talk's length.
    Minutes,
    /// Autoplay's interval.
    Autoplay,
    /// The screen-reader mode.
    Plain,
}

impl Key {
    /// Every setting, in the order `config show` and `config init` list them.
    pub(crate) const ALL: [Key; 8] = [
        Key::Theme,
        Key::Present,
        Key::Keys,
        Key::ExportDir,
        Key::Session,
        Key::Minutes,
        Key::Autoplay,
        Key::Plain,
    ];

    /// The name in the file (the flag's name without its dashes).
    pub(crate) fn name(self) -> &'static str {
        match self {
            Key::Theme => "theme",
            Key::Present => "present",
            Key::Keys => "keys",
            Key::ExportDir => "export-dir",
            Key::Session => "session",
            Key::Minutes => "minutes",
            Key::Autoplay => "autoplay",
            Key::Plain => "plain",
        }
    }

    /// The setting called `name`.
    pub(crate) fn named(name: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The command-line flag that sets it too, when there is one.
    pub(crate) fn flag(self) -> Option<&'static str> {
        match self {
            Key::Theme => Some("--theme"),
            Key::Present => Some("--present"),
            Key::ExportDir => Some("--export-dir"),
            Key::Session => Some("--session"),
            Key::Minutes => Some("--minutes"),
            Key::Autoplay => Some("--autoplay"),
            Key::Plain => Some("--plain"),
            Key::Keys => None,
        }
    }

    /// What the setting does, for the commented file `config init` writes.
    pub(crate) fn about(self) -> &'static str {
        match self {
            Key::Theme => "The colours the app opens with; `t` still cycles them.",
            Key::Present => "Open in present mode, ready for the projector; `p` leaves it.",
            Key::Keys => {
                "Answer to a presenter's remote as well as to the app's own keys. \
                 Read and checked now; the clicker keys themselves are not built yet."
            }
            Key::ExportDir => {
                "The folder `e` saves frames into: an absolute path, or one starting \
                 with ~/ for your home. Without it, the folder the app was started in."
            }
            Key::Session => {
                "The speaker view's session: give two talks on one computer two names. \
                 `bloomlab speaker` reads it from here too."
            }
            Key::Minutes => {
                "How long the talk is. The speaker view counts down from it, shares it \
                 among the scenes and says whether you are ahead or behind."
            }
            Key::Autoplay => "Step the lecture on by itself every this many seconds.",
            Key::Plain => {
                "Plain lines for a screen reader or a pipe instead of the drawn \
                 screens (as bloomlab --plain does)."
            }
        }
    }

    /// What it accepts, in the words of the error a flag gives.
    pub(crate) fn allowed(self) -> String {
        match self {
            Key::Theme => format!("one of {}", crate::ui::theme_names().join(", ")),
            Key::Present | Key::Plain => "true or false".into(),
            Key::Keys => {
                let names: Vec<&str> = KeyScheme::ALL.iter().map(|k| k.name()).collect();
                format!("one of {}", names.join(", "))
            }
            Key::ExportDir => "a folder as an absolute path or one starting with ~/".into(),
            Key::Session => crate::talk::Session::RULE.into(),
            Key::Minutes => describe(ranges::talk_minutes("0")),
            Key::Autoplay => describe(ranges::autoplay_seconds("0")),
        }
    }

    /// An example value for the commented file, as TOML writes it.
    pub(crate) fn example(self) -> &'static str {
        match self {
            Key::Theme => "\"light\"",
            Key::Present | Key::Plain => "true",
            Key::Keys => "\"clicker\"",
            Key::ExportDir => "\"~/bloomlab-frames\"",
            Key::Session => "\"room-101\"",
            Key::Minutes => "45",
            Key::Autoplay => "20",
        }
    }
}

/// The description a range's own parser gives when it refuses.
fn describe(refused: Result<impl Sized, String>) -> String {
    refused.err().unwrap_or_default()
}

/// A checked value of one setting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Value {
    /// A palette's name.
    Text(String),
    /// On or off.
    Switch(bool),
    /// The key scheme.
    Keys(KeyScheme),
    /// A folder.
    Folder(PathBuf),
    /// Minutes or seconds.
    Whole(u64),
}

/// `value` checked as `key` wants it, or why not, in the words a flag's
/// error uses ("minutes must be ..., got 0").
pub(crate) fn check(key: Key, value: &toml::Value) -> Result<Value, String> {
    let refuse = || {
        format!(
            "{} must be {}, got {}",
            key.name(),
            key.allowed(),
            shown(value)
        )
    };
    match (key, value) {
        (Key::Present | Key::Plain, toml::Value::Boolean(b)) => Ok(Value::Switch(*b)),
        (Key::Theme, toml::Value::String(s)) if crate::ui::theme_names().contains(&s.as_str()) => {
            Ok(Value::Text(s.clone()))
        }
        (Key::Keys, toml::Value::String(s)) => {
            KeyScheme::named(s).map(Value::Keys).ok_or_else(refuse)
        }
        (Key::Session, toml::Value::String(s)) => {
            ranges::session(s).map(Value::Text).map_err(|_| refuse())
        }
        (Key::ExportDir, toml::Value::String(s)) => folder(s).map(Value::Folder).ok_or_else(refuse),
        (Key::Minutes, toml::Value::Integer(i)) => ranges::talk_minutes(&i.to_string())
            .map(|m| Value::Whole(u64::from(m)))
            .map_err(|_| refuse()),
        (Key::Autoplay, toml::Value::Integer(i)) => ranges::autoplay_seconds(&i.to_string())
            .map(Value::Whole)
            .map_err(|_| refuse()),
        _ => Err(refuse()),
    }
}

/// A folder as the file may name it: absolute, or under the home folder
/// with `~/`. A relative path is refused, because it would depend on the
/// folder the app happens to be started in.
fn folder(text: &str) -> Option<PathBuf> {
    if text == "~" {
        return dirs::home_dir();
    }
    if let Some(rest) = text.strip_prefix("~/") {
        return dirs::home_dir().map(|home| home.join(rest));
    }
    let path = PathBuf::from(text);
    path.is_absolute().then_some(path)
}

/// A value as a warning quotes it: its kind, and itself when short.
fn shown(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => format!("\"{}\"", crate::text::echo(s, 40)),
        toml::Value::Integer(i) => i.to_string(),
        toml::Value::Float(f) => format!("{f} (a number with a fraction)"),
        toml::Value::Boolean(b) => b.to_string(),
        toml::Value::Datetime(_) => "a date".into(),
        toml::Value::Array(_) => "a list".into(),
        toml::Value::Table(_) => "a table".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_has_a_name_that_finds_it_again() {
        for key in Key::ALL {
            assert_eq!(Key::named(key.name()), Some(key));
            assert!(!key.allowed().is_empty(), "{key:?}");
        }
        assert_eq!(Key::named("colour"), None);
    }

    #[test]
    fn values_are_checked_by_the_flags_own_rules() {
        let s = |t: &str| toml::Value::String(t.into());
        assert_eq!(
            check(Key::Theme, &s("light")),
            Ok(Value::Text("light".into()))
        );
        let e = check(Key::Theme, &s("purple")).unwrap_err();
        assert!(e.starts_with("theme must be one of dark, light"), "{e}");
        assert!(e.ends_with("got \"purple\""), "{e}");
        assert_eq!(
            check(Key::Minutes, &toml::Value::Integer(45)),
            Ok(Value::Whole(45))
        );
        let e = check(Key::Minutes, &toml::Value::Integer(0)).unwrap_err();
        assert_eq!(
            e,
            "minutes must be a whole number of minutes from 1 to 600, got 0"
        );
        let e = check(Key::Autoplay, &s("20")).unwrap_err();
        assert!(e.contains("from 1 to 3600, got \"20\""), "{e}");
        assert_eq!(
            check(Key::Keys, &s("clicker")),
            Ok(Value::Keys(KeyScheme::Clicker))
        );
        assert!(check(Key::Present, &s("yes")).is_err());
        assert!(check(Key::Session, &s("a/b")).is_err());
        assert!(check(Key::ExportDir, &s("relative/folder")).is_err());
        assert_eq!(
            check(Key::ExportDir, &s("/srv/frames")),
            Ok(Value::Folder("/srv/frames".into()))
        );
        // A value quoted in a warning never carries a control character.
        let e = check(Key::Theme, &s("\u{1b}[2J")).unwrap_err();
        assert!(!e.chars().any(char::is_control), "{e}");
    }
}
