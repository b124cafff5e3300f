//! `bloomlab config init`: a commented file with every setting switched
//! off, written whole or not at all, and never over a file already there.

use std::io::Write;
use std::path::Path;

use super::settings::Key;

/// The commented file: what it is, then each setting with what it does,
/// what it accepts and an example, commented out so every default holds.
pub(crate) fn text() -> String {
    let mut out = String::from(
        "# bloomlab's settings.\n\
         #\n\
         # Every setting below starts commented out, so the app behaves as if\n\
         # this file were empty. Take the # off a setting's last line to use it.\n\
         # A flag on the command line wins over this file for that run.\n\
         # `bloomlab config show` prints what is in force and where each value\n\
         # came from; a mistake here is a warning naming its line, and the app\n\
         # starts with the default for that setting.\n",
    );
    for key in Key::ALL {
        out.push('\n');
        let mut about = key.about().to_string();
        if let Some(flag) = key.flag() {
            about.push_str(&format!(" The flag {flag} does the same for one run."));
        }
        about.push_str(&format!(" Allowed: {}.", key.allowed()));
        for line in crate::ui::format::wrap(&about, 70) {
            out.push_str(&format!("# {line}\n"));
        }
        out.push_str(&format!("# {} = {}\n", key.name(), key.example()));
    }
    out
}

/// What `config init` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The file was written.
    Written,
    /// A file was already there and is left as it was.
    Kept,
}

/// Writes [`text`] to `path`, making its folder if needed. The text goes
/// to a new temporary file beside it first and is then linked to its
/// name, which fails if anything already has that name: a file already
/// there (or a symlink) is never replaced, and a crash leaves no half file.
pub(crate) fn write_new(path: &Path) -> std::io::Result<Outcome> {
    if std::fs::symlink_metadata(path).is_ok() {
        return Ok(Outcome::Kept);
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let temp = dir.join(format!(".config.toml.{}.tmp", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .and_then(|mut f| {
            f.write_all(text().as_bytes())?;
            f.sync_all()
        });
    let linked = written.and_then(|()| std::fs::hard_link(&temp, path));
    let _ = std::fs::remove_file(&temp);
    match linked {
        Ok(()) => Ok(Outcome::Written),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(Outcome::Kept),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::config::file::parse;

    #[test]
    fn the_commented_file_reads_as_no_settings_and_each_example_is_valid() {
        let text = text();
        let (values, warnings) = parse("t", &text);
        assert!(values.is_empty() && warnings.is_empty(), "{warnings:?}");
        // Taking the # off every setting's last line gives a valid file.
        let on: String = text
            .lines()
            .map(|l| match l.strip_prefix("# ") {
                Some(rest)
                    if Key::ALL
                        .iter()
                        .any(|k| rest.starts_with(&format!("{} = ", k.name()))) =>
                {
                    rest.to_string()
                }
                _ => l.to_string(),
            })
            .map(|l| l + "\n")
            .collect();
        let (values, warnings) = parse("t", &on);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(values.len(), Key::ALL.len());
        assert!(text.lines().all(|l| l.is_empty() || l.starts_with('#')));
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    }

    #[test]
    fn a_second_init_keeps_the_first_file() {
        let dir = std::env::temp_dir().join(format!("bloomlab-init-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("bloomlab").join("config.toml");
        assert_eq!(write_new(&path).unwrap(), Outcome::Written);
        std::fs::write(&path, "theme = \"light\"\n").unwrap();
        assert_eq!(write_new(&path).unwrap(), Outcome::Kept);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "theme = \"light\"\n"
        );
        let left: Vec<_> = std::fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file is left behind");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
