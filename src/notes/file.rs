//! The notes file on disk: where it lives, reading it (a file that is not a
//! notes list is moved aside, never written over), and writing it whole
//! (a temporary file, mode 0600, renamed over the old one).

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use super::book::NoteBook;

/// Largest notes file read, in bytes.
const MAX_BYTES: u64 = 4 << 20;

/// `$XDG_DATA_HOME/bloomlab/notes.md` when that is an absolute path, else
/// the platform's data folder (`~/.local/share` on Linux) and
/// `bloomlab/notes.md` in it; `None` when the system names no such folder.
pub fn default_path() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute());
    xdg.or_else(dirs::data_dir)
        .map(|d| d.join("bloomlab").join("notes.md"))
}

/// The list as found, and what the user must be told about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opened {
    /// The notes (empty when there was no file or it could not be read).
    pub book: NoteBook,
    /// What went wrong with the file, and where it was kept aside.
    pub warning: Option<String>,
    /// False when a file that could not be read could not be moved aside
    /// either: then nothing is saved, so it is never written over.
    pub writable: bool,
}

fn show(path: &Path) -> String {
    crate::text::escaped(&path.display().to_string())
}

/// Reads the list at `path`. No file is an empty list. A file that is not
/// a list (or cannot be read) is renamed to `notes.md.corrupt` (or
/// `.corrupt-2`, ...) and an empty list starts, with a warning that says so.
pub fn open(path: &Path) -> Opened {
    let problem = match read(path) {
        Ok(None) => {
            return Opened {
                book: NoteBook::default(),
                warning: None,
                writable: true,
            };
        }
        Ok(Some(text)) => match NoteBook::from_file(&text) {
            Ok(book) => {
                return Opened {
                    book,
                    warning: None,
                    writable: true,
                };
            }
            Err(why) => why,
        },
        Err(why) => why,
    };
    match keep_aside(path) {
        Ok(backup) => Opened {
            book: NoteBook::default(),
            warning: Some(format!(
                "the notes file {} could not be read ({problem}); it is kept as {} and a new list starts",
                show(path),
                show(&backup)
            )),
            writable: true,
        },
        Err(e) => Opened {
            book: NoteBook::default(),
            warning: Some(format!(
                "the notes file {} could not be read ({problem}) nor moved aside ({e}); \
                 it is left as it is and no notes are saved until it is fixed",
                show(path)
            )),
            writable: false,
        },
    }
}

/// The file's text, `None` when there is no file; an error in words.
fn read(path: &Path) -> Result<Option<String>, String> {
    let meta = match fs::metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.to_string()),
        Ok(meta) => meta,
    };
    if !meta.is_file() {
        return Err("it is not a regular file".into());
    }
    if meta.len() > MAX_BYTES {
        return Err(format!(
            "it is {} bytes, more than a notes list holds",
            meta.len()
        ));
    }
    let bytes = fs::read(path).map_err(|e| e.to_string())?;
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| "it is not UTF-8 text".into())
}

/// Renames `path` to the first free `NAME.corrupt`, `NAME.corrupt-2`, ...
fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .map_or_else(|| "notes.md".into(), |n| n.to_string_lossy().into_owned());
    for n in 1..1000 {
        let suffix = if n == 1 {
            ".corrupt".to_string()
        } else {
            format!(".corrupt-{n}")
        };
        let backup = path.with_file_name(format!("{name}{suffix}"));
        if fs::symlink_metadata(&backup).is_err() {
            fs::rename(path, &backup)?;
            return Ok(backup);
        }
    }
    Err(io::Error::other("every backup name is taken"))
}

/// Writes the list to `path` whole: a private temporary file beside it,
/// flushed to disk, renamed over the old one. The folder is made (0700)
/// when missing.
pub fn save(path: &Path, book: &NoteBook) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    if !dir.as_os_str().is_empty() && !dir.exists() {
        fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)?;
    }
    let name = path
        .file_name()
        .map_or_else(|| "notes.md".into(), |n| n.to_string_lossy().into_owned());
    let temp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(&temp)?;
        file.write_all(book.to_file().as_bytes())?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("bloomlab-notes-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir.join("bloomlab").join("notes.md")
    }

    #[test]
    fn saved_notes_come_back_private() {
        let path = scratch("save");
        assert_eq!(open(&path).book, NoteBook::default());
        let mut book = NoteBook::default();
        book.add("Lecture 2.3", "say why bit 7 stays").unwrap();
        save(&path, &book).unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        let again = open(&path);
        assert_eq!(
            (again.book, again.warning, again.writable),
            (book, None, true)
        );
        let leftovers: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "no temporary file is left behind");
        let _ = fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
    }

    #[test]
    fn a_corrupt_file_is_kept_aside_and_never_written_over() {
        let path = scratch("corrupt");
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, "my own words, not a list\n").unwrap();
        let opened = open(&path);
        let warning = opened.warning.expect("the user is told");
        assert!(warning.contains("line 1 is not a note"), "{warning}");
        assert!(warning.contains("notes.md.corrupt"), "{warning}");
        let backup = path.with_file_name("notes.md.corrupt");
        assert_eq!(
            fs::read_to_string(&backup).unwrap(),
            "my own words, not a list\n"
        );
        assert!(!path.exists() && opened.writable);
        // A second bad file takes the next backup name.
        fs::write(&path, [0xff, 0xfe]).unwrap();
        let warning = open(&path).warning.unwrap();
        assert!(
            warning.contains("not UTF-8") && warning.contains(".corrupt-2"),
            "{warning}"
        );
        assert_eq!(
            fs::read_to_string(&backup).unwrap(),
            "my own words, not a list\n"
        );
        let _ = fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
    }

    #[test]
    fn a_folder_in_the_files_place_is_reported() {
        let path = scratch("folder");
        fs::create_dir_all(&path).unwrap();
        let opened = open(&path);
        assert!(opened.warning.unwrap().contains("not a regular file"));
        let _ = fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
    }
}
