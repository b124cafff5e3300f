//! The settings in force: a flag wins over the file, the file over the
//! default, and each setting remembers which of the three it came from so
//! `config show` can say.

use std::path::PathBuf;

use super::file::{Found, Loaded};
use super::settings::{Key, Value};
use crate::ui::{AppConfig, KeyScheme};

/// What the command line said about the settings a file may hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Flags {
    /// `--theme`.
    pub theme: Option<String>,
    /// `--present` (a flag can only turn it on).
    pub present: bool,
    /// `--export-dir`.
    pub export_dir: Option<PathBuf>,
    /// `--session`.
    pub session: Option<String>,
    /// `--minutes`.
    pub minutes: Option<u32>,
    /// `--autoplay`.
    pub autoplay: Option<u64>,
    /// `--plain` (a flag can only turn it on).
    pub plain: bool,
}

/// Where a setting's value came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    /// Nobody set it.
    Default,
    /// The config file, at this line.
    File(usize),
    /// This flag on the command line.
    Flag(&'static str),
}

/// A value and where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Sourced<T> {
    /// The value in force.
    pub value: T,
    /// Who set it.
    pub from: Source,
}

/// Every setting a file may hold, in force, and the file they were read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Settings {
    /// The palette (`None`: the environment's default).
    pub theme: Sourced<Option<String>>,
    /// Present mode.
    pub present: Sourced<bool>,
    /// The key scheme (not acted on yet).
    pub keys: Sourced<KeyScheme>,
    /// The export folder (`None`: where the app starts).
    pub export_dir: Sourced<Option<PathBuf>>,
    /// The speaker session (`None`: the default one).
    pub session: Sourced<Option<String>>,
    /// The talk's length in minutes.
    pub minutes: Sourced<Option<u32>>,
    /// Autoplay's interval in seconds.
    pub autoplay: Sourced<Option<u64>>,
    /// Plain mode, for a screen reader.
    pub plain: Sourced<bool>,
    /// The file.
    pub file: Loaded,
}

/// The flag's value if given, else the file's (when `read` takes it), else
/// `default`.
fn pick<T>(
    key: Key,
    flag: Option<T>,
    file: &Loaded,
    read: impl Fn(&Value) -> Option<T>,
    default: T,
) -> Sourced<T> {
    if let Some(value) = flag {
        return Sourced {
            value,
            from: Source::Flag(key.flag().unwrap_or("")),
        };
    }
    match file
        .get(key)
        .and_then(|at| read(&at.value).map(|v| (v, at.line)))
    {
        Some((value, line)) => Sourced {
            value,
            from: Source::File(line),
        },
        None => Sourced {
            value: default,
            from: Source::Default,
        },
    }
}

impl Settings {
    /// The settings in force, from `flags` over `file` over the defaults.
    pub(crate) fn resolve(flags: Flags, file: Loaded) -> Settings {
        let text = |v: &Value| match v {
            Value::Text(s) => Some(Some(s.clone())),
            _ => None,
        };
        let switch = |v: &Value| match v {
            Value::Switch(b) => Some(*b),
            _ => None,
        };
        let whole = |v: &Value| match v {
            Value::Whole(n) => Some(Some(*n)),
            _ => None,
        };
        let minutes = |v: &Value| whole(v).map(|n| n.and_then(|n| u32::try_from(n).ok()));
        Settings {
            theme: pick(Key::Theme, flags.theme.map(Some), &file, text, None),
            present: pick(
                Key::Present,
                flags.present.then_some(true),
                &file,
                switch,
                false,
            ),
            keys: pick(
                Key::Keys,
                None,
                &file,
                |v| match v {
                    Value::Keys(k) => Some(*k),
                    _ => None,
                },
                KeyScheme::Default,
            ),
            export_dir: pick(
                Key::ExportDir,
                flags.export_dir.map(Some),
                &file,
                |v| match v {
                    Value::Folder(p) => Some(Some(p.clone())),
                    _ => None,
                },
                None,
            ),
            session: pick(Key::Session, flags.session.map(Some), &file, text, None),
            minutes: pick(Key::Minutes, flags.minutes.map(Some), &file, minutes, None),
            autoplay: pick(Key::Autoplay, flags.autoplay.map(Some), &file, whole, None),
            plain: pick(
                Key::Plain,
                flags.plain.then_some(true),
                &file,
                switch,
                false,
            ),
            file,
        }
    }

    /// Puts the settings into the app's configuration, the file's warnings
    /// included (the app shows the first as it opens).
    pub(crate) fn apply(&self, config: &mut AppConfig) {
        config.theme.clone_from(&self.theme.value);
        config.present = self.present.value;
        config.keys = self.keys.value;
        config.export_dir.clone_from(&self.export_dir.value);
        config.session.clone_from(&self.session.value);
        config.minutes = self.minutes.value;
        config.autoplay = self.autoplay.value;
        config.plain = self.plain.value;
        config.warnings = self.warnings();
    }

    /// The file's warnings, each as one line starting `config:`.
    pub(crate) fn warnings(&self) -> Vec<String> {
        self.file
            .warnings
            .iter()
            .map(|w| format!("config: {w}"))
            .collect()
    }

    /// One row per setting: its name, its value in words, where it came from.
    pub(crate) fn rows(&self) -> Vec<(Key, String, String)> {
        let value = |key: Key| -> String {
            match key {
                Key::Theme => self.theme.value.clone().unwrap_or_else(|| {
                    format!("{} (NO_COLOR decides)", crate::ui::default_theme_name())
                }),
                Key::Present => self.present.value.to_string(),
                Key::Keys => self.keys.value.name().to_string(),
                Key::ExportDir => self.export_dir.value.as_ref().map_or_else(
                    || "the folder the app starts in".to_string(),
                    |p| crate::text::escaped(&p.display().to_string()),
                ),
                Key::Session => self
                    .session
                    .value
                    .clone()
                    .unwrap_or_else(|| crate::talk::session::DEFAULT.to_string()),
                Key::Minutes => self
                    .minutes
                    .value
                    .map_or("none (no countdown)".to_string(), |m| {
                        format!("{m} minutes")
                    }),
                Key::Autoplay => self
                    .autoplay
                    .value
                    .map_or("off".to_string(), |s| format!("every {s} seconds")),
                Key::Plain => self.plain.value.to_string(),
            }
        };
        let from = |source: Source| match source {
            Source::Default => "default".to_string(),
            Source::File(line) => format!("{}:{line}", self.file.shown_path()),
            Source::Flag(flag) => format!("flag {flag}"),
        };
        let source = |key: Key| match key {
            Key::Theme => self.theme.from,
            Key::Present => self.present.from,
            Key::Keys => self.keys.from,
            Key::ExportDir => self.export_dir.from,
            Key::Session => self.session.from,
            Key::Minutes => self.minutes.from,
            Key::Autoplay => self.autoplay.from,
            Key::Plain => self.plain.from,
        };
        Key::ALL
            .into_iter()
            .map(|k| (k, value(k), from(source(k))))
            .collect()
    }

    /// What `config show` prints.
    pub(crate) fn show(&self) -> String {
        let state = match self.file.found {
            Found::NoFolder => "the system names no config folder",
            Found::Missing => "not there (bloomlab config init writes one)",
            Found::Read if self.file.warnings.is_empty() => "read",
            Found::Read => "read; its warnings are on standard error",
            Found::Unreadable => "not read; the warning on standard error says why",
        };
        let mut out = format!("config file: {} ({state})\n\n", self.file.shown_path());
        let rows = self.rows();
        let name_w = rows.iter().map(|r| r.0.name().len()).max().unwrap_or(0);
        let value_w = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
        out.push_str(&format!(
            "{:name_w$}  {:value_w$}  from\n",
            "setting", "value"
        ));
        for (key, value, from) in &rows {
            out.push_str(&format!(
                "{:name_w$}  {value:value_w$}  {from}\n",
                key.name()
            ));
        }
        if self.keys.value != KeyScheme::Default {
            out.push_str(
                "\nkeys is read and checked, but nothing acts on it yet: \
                 the clicker keys are still to come.\n",
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::config::file::parse;

    fn loaded(text: &str) -> Loaded {
        let (values, warnings) = parse("c.toml", text);
        Loaded {
            path: Some("c.toml".into()),
            found: Found::Read,
            values,
            warnings,
        }
    }

    #[test]
    fn a_flag_wins_over_the_file_and_the_file_over_the_default() {
        let file = loaded("theme = \"light\"\nminutes = 45\nkeys = \"clicker\"\n");
        let flags = Flags {
            theme: Some("mono".into()),
            ..Flags::default()
        };
        let s = Settings::resolve(flags, file);
        assert_eq!(s.theme.value.as_deref(), Some("mono"));
        assert_eq!(s.theme.from, Source::Flag("--theme"));
        assert_eq!(s.minutes.value, Some(45));
        assert_eq!(s.minutes.from, Source::File(2));
        assert_eq!(s.keys.value, KeyScheme::Clicker);
        assert_eq!(s.autoplay.from, Source::Default);
        let mut config = AppConfig::default();
        s.apply(&mut config);
        assert_eq!(config.theme.as_deref(), Some("mono"));
        assert_eq!(config.minutes, Some(45));
        assert_eq!(config.keys, KeyScheme::Clicker);
        let shown = s.show();
        assert!(shown.contains("c.toml:2"), "{shown}");
        assert!(shown.contains("flag --theme"), "{shown}");
        assert!(shown.contains("nothing acts on it yet"), "{shown}");
    }
}
