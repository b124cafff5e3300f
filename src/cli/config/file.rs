//! Finding and reading the config file. Whatever is wrong with it becomes
//! a warning naming file:line, and what could not be read is left out so
//! its default holds: a broken file never stops the app from starting.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use toml::Spanned;

use super::settings::{Key, Value, check};

/// The file's name inside the bloomlab folder of the config folder.
const FILE_NAME: &str = "config.toml";

/// Largest file read; a settings file is a few hundred bytes.
const MAX_BYTES: u64 = 64 * 1024;

/// Where the config file is: `$XDG_CONFIG_HOME/bloomlab/config.toml` when
/// that is an absolute path (on every platform, so tests and users can
/// point it elsewhere), else the platform's config folder (`~/.config` on
/// Linux, Application Support on macOS); `None` when there is none.
pub(crate) fn path() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute());
    xdg.or_else(dirs::config_dir)
        .map(|dir| dir.join("bloomlab").join(FILE_NAME))
}

/// A value from the file and the line it is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct At {
    /// The checked value.
    pub value: Value,
    /// Its line, from 1.
    pub line: usize,
}

/// What became of the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Found {
    /// The system names no config folder.
    NoFolder,
    /// No file there: every setting has its default.
    Missing,
    /// Read (perhaps with warnings).
    Read,
    /// There, but not readable as text: every setting has its default.
    Unreadable,
}

/// The config file as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Loaded {
    /// Where it is (or would be).
    pub path: Option<PathBuf>,
    /// What became of it.
    pub found: Found,
    /// The settings it holds that passed their checks.
    pub values: BTreeMap<&'static str, At>,
    /// One line per problem, each naming file:line.
    pub warnings: Vec<String>,
}

impl Loaded {
    /// The value of `key` from the file, with its line.
    pub(crate) fn get(&self, key: Key) -> Option<&At> {
        self.values.get(key.name())
    }

    /// The file's path as messages show it.
    pub(crate) fn shown_path(&self) -> String {
        self.path.as_deref().map_or_else(
            || "(no config folder)".to_string(),
            |p| crate::text::escaped(&p.display().to_string()),
        )
    }
}

/// Reads the config file where [`path`] says.
pub(crate) fn load() -> Loaded {
    match path() {
        Some(p) => load_from(&p),
        None => Loaded {
            path: None,
            found: Found::NoFolder,
            values: BTreeMap::new(),
            warnings: Vec::new(),
        },
    }
}

/// Reads the config file at `path`.
pub(crate) fn load_from(path: &Path) -> Loaded {
    let shown = crate::text::escaped(&path.display().to_string());
    let mut loaded = Loaded {
        path: Some(path.to_path_buf()),
        found: Found::Missing,
        values: BTreeMap::new(),
        warnings: Vec::new(),
    };
    match read_text(path) {
        Ok(None) => {}
        Err(why) => {
            loaded.found = Found::Unreadable;
            loaded
                .warnings
                .push(format!("{shown}: {why}; every setting takes its default"));
        }
        Ok(Some(text)) => {
            loaded.found = Found::Read;
            (loaded.values, loaded.warnings) = parse(&shown, &text);
        }
    }
    loaded
}

/// The file's text; `None` when there is no file, or why it cannot be read.
fn read_text(path: &Path) -> Result<Option<String>, String> {
    let cannot = |e: std::io::Error| format!("cannot read it: {}", plain(&e));
    let meta = match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        other => other.map_err(cannot)?,
    };
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    if meta.len() > MAX_BYTES {
        return Err(format!(
            "{} bytes, more than a config file's {MAX_BYTES}",
            meta.len()
        ));
    }
    let bytes = std::fs::read(path).map_err(cannot)?;
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| "not UTF-8 text".into())
}

/// An I/O error without its "(os error N)".
fn plain(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// The line (from 1) holding byte `offset` of `text`.
fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The settings in `text` that pass their checks, and a warning for each
/// that does not, for an unknown name, or for text that is not TOML;
/// `name` is how the file is named in them.
pub(crate) fn parse(name: &str, text: &str) -> (BTreeMap<&'static str, At>, Vec<String>) {
    let mut values = BTreeMap::new();
    let mut warnings = Vec::new();
    let table = match toml::from_str::<BTreeMap<Spanned<String>, Spanned<toml::Value>>>(text) {
        Ok(table) => table,
        Err(e) => {
            let line = e.span().map_or(1, |s| line_of(text, s.start));
            let why = e.message().lines().next().unwrap_or("").trim().to_string();
            warnings.push(format!(
                "{name}:{line}: not valid TOML ({}); every setting takes its default",
                crate::text::escaped(&why)
            ));
            return (values, warnings);
        }
    };
    // In the file's order, so the warnings read top to bottom.
    let mut entries: Vec<_> = table.into_iter().collect();
    entries.sort_by_key(|(key, _)| key.span().start);
    for (key, value) in entries {
        let line = line_of(text, key.span().start);
        let Some(known) = Key::named(key.get_ref()) else {
            warnings.push(unknown(name, line, key.get_ref()));
            continue;
        };
        match check(known, value.get_ref()) {
            Ok(value) => {
                values.insert(known.name(), At { value, line });
            }
            Err(why) => warnings.push(format!(
                "{name}:{line}: {}; the default is used",
                crate::text::escaped(&why)
            )),
        }
    }
    (values, warnings)
}

/// The warning for a name the file should not hold: it is ignored, and
/// a near miss (`export_dir`, `Theme`) is pointed at the right name.
fn unknown(name: &str, line: usize, key: &str) -> String {
    let guess = key.to_ascii_lowercase().replace('_', "-");
    let hint = match Key::named(&guess) {
        Some(k) => format!("; did you mean {}?", k.name()),
        None => {
            let names: Vec<&str> = Key::ALL.iter().map(|k| k.name()).collect();
            format!(" (the settings are {})", names.join(", "))
        }
    };
    format!(
        "{name}:{line}: unknown setting '{}' is ignored{hint}",
        crate::text::echo(key, 40)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_values_keep_their_lines() {
        let text = "# a comment\ntheme = \"light\"\n\nminutes = 45\npresent = true\n";
        let (values, warnings) = parse("c.toml", text);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(values["theme"].line, 2);
        assert_eq!(values["minutes"].value, Value::Whole(45));
        assert_eq!(values["minutes"].line, 4);
        assert_eq!(values["present"].value, Value::Switch(true));
    }

    #[test]
    fn a_bad_value_is_one_warning_and_the_rest_still_count() {
        let text = "theme = \"light\"\nminutes = \"forty\"\nautoplay = 0\ncolour = 1\nexport_dir = \"/x\"\n";
        let (values, warnings) = parse("c.toml", text);
        assert_eq!(values.len(), 1, "{values:?}");
        assert_eq!(warnings.len(), 4, "{warnings:?}");
        assert!(
            warnings[0].starts_with("c.toml:2: minutes must be"),
            "{warnings:?}"
        );
        assert!(
            warnings[1].starts_with("c.toml:3: autoplay must be"),
            "{warnings:?}"
        );
        assert!(
            warnings[2].starts_with("c.toml:4: unknown setting 'colour'"),
            "{warnings:?}"
        );
        assert!(
            warnings[3].ends_with("did you mean export-dir?"),
            "{warnings:?}"
        );
    }

    #[test]
    fn text_that_is_not_toml_names_its_line_and_keeps_nothing() {
        let text = "theme = \"light\"\n\nminutes = = 4\n";
        let (values, warnings) = parse("c.toml", text);
        assert!(values.is_empty());
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(
            warnings[0].starts_with("c.toml:3: not valid TOML"),
            "{warnings:?}"
        );
        assert!(!warnings[0].contains('\n'));
    }

    #[test]
    fn a_missing_file_is_no_warning() {
        let dir = std::env::temp_dir().join(format!("bloomlab-config-{}", std::process::id()));
        let loaded = load_from(&dir.join("absent.toml"));
        assert_eq!(loaded.found, Found::Missing);
        assert!(loaded.warnings.is_empty());
    }
}
