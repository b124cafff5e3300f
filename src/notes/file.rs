//! The notes file on disk: where it lives, reading it, and changing it.
//!
//! - The folder must be the user's own and closed to other users' writes
//!   (`crate::private_dir`, the check the speaker link's folder uses); it
//!   is made with mode 0700 when missing.
//! - The file is never followed through a symbolic link, never read when
//!   it is not a regular file of the user's, and never replaced when it
//!   is read-only: each is refused with a message that says why.
//! - Reading ([`read`]) changes nothing on disk. A file that is not a
//!   notes list is reported (by line number, never by quoting it) and left
//!   as it is.
//! - Changing ([`change`]) holds an advisory lock (`flock` on a lock file
//!   beside the list) from reading the list to renaming the new one into
//!   place, so changes made at once by several processes (many `notes add`,
//!   the app and the command line) all land. The change is applied to the
//!   list as it is on disk at that moment, never to an older copy. The new
//!   list is written to a fresh temporary file (random name, O_EXCL, mode
//!   0600), flushed and renamed over the old one. A file that is not a
//!   notes list is renamed to `notes.md.corrupt` (or `-2`, ...) first.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rustix::fs::{FlockOperation, Mode, OFlags};

use super::book::{NoteBook, NoteError};
use crate::private_dir::{self, Refusal, WRITABLE_BY_OTHERS, show};

/// Largest notes file read, in bytes.
const MAX_BYTES: u64 = 4 << 20;
/// How often a change looks again for a lock another process holds.
const LOCK_POLL: Duration = Duration::from_millis(2);

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

/// Why the notes could not be read or changed.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The folder is not the user's own, or others may write to it.
    #[error("the notes folder: {0}")]
    Folder(#[from] Refusal),
    /// The file is a symbolic link.
    #[error(
        "the notes file {path} is a symbolic link; bloomlab neither follows nor replaces one \
         (put the notes file itself there)"
    )]
    Link {
        /// The file.
        path: String,
    },
    /// Something that is not a regular file sits in the file's place.
    #[error("the notes file {path} is not a regular file; it is left as it is")]
    NotAFile {
        /// The file.
        path: String,
    },
    /// The file belongs to another user.
    #[error(
        "the notes file {path} belongs to user id {owner}, not to you (user id {uid}); \
         it is left as it is"
    )]
    NotYours {
        /// The file.
        path: String,
        /// Its owner.
        owner: u32,
        /// Ours.
        uid: u32,
    },
    /// The file is read-only: the user does not want it changed.
    #[error(
        "the notes file {path} is read-only (mode {mode:o}), so nothing was saved; \
         `chmod u+w` on it allows changes again"
    )]
    ReadOnly {
        /// The file.
        path: String,
        /// Its mode bits.
        mode: u32,
    },
    /// The file is not a notes list (said by line number, never quoted).
    #[error(
        "the notes file {path} cannot be read as a notes list ({why}); it is left as it is, \
         and the next change keeps it aside as {path}.corrupt and starts a new list"
    )]
    Unreadable {
        /// The file.
        path: String,
        /// What is wrong with it.
        why: String,
    },
    /// Another process held the lock for longer than this one would wait.
    #[error("the notes file {path} is being changed by another bloomlab; try again")]
    Busy {
        /// The file.
        path: String,
    },
    /// The change itself was refused (no such note, the list is full).
    #[error(transparent)]
    Refused(#[from] NoteError),
    /// The system said no.
    #[error("{what} {path}: {error}")]
    Io {
        /// What was being done.
        what: &'static str,
        /// Where.
        path: String,
        /// The system's reason.
        error: io::Error,
    },
}

fn io_error(what: &'static str, path: &Path) -> impl FnOnce(io::Error) -> FileError + use<> {
    let path = show(path);
    move |error| FileError::Io { what, path, error }
}

/// A change made, with the list as saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed<T> {
    /// What the change returned (a note's number, say).
    pub value: T,
    /// The list as it now stands on disk, other processes' notes included.
    pub book: NoteBook,
    /// A file that was not a notes list and where it was kept aside.
    pub warning: Option<String>,
}

fn folder(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| "notes.md".into(), |n| n.to_string_lossy().into_owned())
}

/// What was found at the file's place.
enum Found {
    /// No file yet.
    Missing,
    /// A notes list.
    List(NoteBook),
    /// A file of the user's that is not a notes list, and why.
    Bad(String),
}

/// Reads the list at `path` without changing anything on disk. No folder
/// or no file is an empty list.
pub fn read(path: &Path) -> Result<NoteBook, FileError> {
    if !private_dir::check_dir(folder(path), private_dir::current_uid(), WRITABLE_BY_OTHERS)? {
        return Ok(NoteBook::default());
    }
    match find(path)? {
        Found::Missing => Ok(NoteBook::default()),
        Found::List(book) => Ok(book),
        Found::Bad(why) => Err(FileError::Unreadable {
            path: show(path),
            why,
        }),
    }
}

/// Changes the list at `path` by `apply`, under the lock, and saves it.
/// Waits up to `patience` for another process's change to finish.
pub fn change<T>(
    path: &Path,
    patience: Duration,
    apply: impl FnOnce(&mut NoteBook) -> Result<T, NoteError>,
) -> Result<Changed<T>, FileError> {
    let dir = folder(path);
    private_dir::prepare_dir(dir, private_dir::current_uid(), WRITABLE_BY_OTHERS)?;
    let _lock = lock(path, patience)?;
    // A read-only file is the user's wish: it is neither replaced nor,
    // when it is not a list, moved aside.
    writable(path)?;
    let (mut book, warning) = match find(path)? {
        Found::Missing => (NoteBook::default(), None),
        Found::List(book) => (book, None),
        Found::Bad(why) => {
            let backup = keep_aside(path).map_err(io_error("cannot move aside", path))?;
            let warning = format!(
                "the notes file {} could not be read ({why}); it is kept as {} and a new list starts",
                show(path),
                show(&backup)
            );
            (NoteBook::default(), Some(warning))
        }
    };
    let value = apply(&mut book)?;
    write(path, &book)?;
    Ok(Changed {
        value,
        book,
        warning,
    })
}

/// Takes the exclusive lock on the lock file beside `path` (made 0600 if
/// missing, never through a link). The lock ends when the file closes.
fn lock(path: &Path, patience: Duration) -> Result<File, FileError> {
    let lock_path = folder(path).join(format!(".{}.lock", file_name(path)));
    let fd = rustix::fs::open(
        &lock_path,
        OFlags::RDWR | OFlags::CREATE | OFlags::NOFOLLOW | OFlags::CLOEXEC | OFlags::NONBLOCK,
        Mode::RUSR | Mode::WUSR,
    )
    .map_err(|e| io_error("cannot open the lock file", &lock_path)(e.into()))?;
    let file = File::from(fd);
    let started = Instant::now();
    loop {
        match rustix::fs::flock(&file, FlockOperation::NonBlockingLockExclusive) {
            Ok(()) => return Ok(file),
            Err(e) if e == rustix::io::Errno::WOULDBLOCK => {
                if started.elapsed() >= patience {
                    return Err(FileError::Busy { path: show(path) });
                }
                std::thread::sleep(LOCK_POLL);
            }
            Err(e) if e == rustix::io::Errno::INTR => {}
            Err(e) => return Err(io_error("cannot lock", &lock_path)(e.into())),
        }
    }
}

/// Looks at the file's place: refusals are errors, a file that is not a
/// notes list is [`Found::Bad`].
fn find(path: &Path) -> Result<Found, FileError> {
    let meta = match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Found::Missing),
        Err(e) => return Err(io_error("cannot look at", path)(e)),
        Ok(meta) => meta,
    };
    check_file(path, &meta)?;
    if meta.len() > MAX_BYTES {
        return Ok(Found::Bad(format!(
            "it is {} bytes, more than a notes list holds",
            meta.len()
        )));
    }
    // No link is followed even if one appears after the look above, and a
    // FIFO put there meanwhile cannot block the open.
    let fd = rustix::fs::open(
        path,
        OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC | OFlags::NONBLOCK,
        Mode::empty(),
    )
    .map_err(|e| match e {
        rustix::io::Errno::LOOP => FileError::Link { path: show(path) },
        e => io_error("cannot open", path)(e.into()),
    })?;
    let mut file = File::from(fd);
    let opened = file.metadata().map_err(io_error("cannot look at", path))?;
    check_file(path, &opened)?;
    let mut bytes = Vec::new();
    Read::by_ref(&mut file)
        .take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error("cannot read", path))?;
    let Ok(text) = String::from_utf8(bytes) else {
        return Ok(Found::Bad("it is not UTF-8 text".into()));
    };
    Ok(match NoteBook::from_file(&text) {
        Ok(book) => Found::List(book),
        Err(why) => Found::Bad(why),
    })
}

/// A regular file of the user's, or the refusal that says what it is.
fn check_file(path: &Path, meta: &fs::Metadata) -> Result<(), FileError> {
    if meta.file_type().is_symlink() {
        return Err(FileError::Link { path: show(path) });
    }
    if !meta.is_file() {
        return Err(FileError::NotAFile { path: show(path) });
    }
    let uid = private_dir::current_uid();
    if meta.uid() != uid {
        return Err(FileError::NotYours {
            path: show(path),
            owner: meta.uid(),
            uid,
        });
    }
    Ok(())
}

/// Renames `path` to the first free `NAME.corrupt`, `NAME.corrupt-2`, ...
fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let name = file_name(path);
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

/// Refuses a file in the list's place that may not be replaced: a link,
/// not a regular file, another user's, or read-only.
fn writable(path: &Path) -> Result<(), FileError> {
    let meta = match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(io_error("cannot look at", path)(e)),
        Ok(meta) => meta,
    };
    check_file(path, &meta)?;
    let mode = meta.permissions().mode() & 0o777;
    if mode & 0o200 == 0 {
        return Err(FileError::ReadOnly {
            path: show(path),
            mode,
        });
    }
    Ok(())
}

/// Writes the list whole: a fresh private temporary beside the file,
/// flushed to disk, renamed over the old one.
fn write(path: &Path, book: &NoteBook) -> Result<(), FileError> {
    let mut temp = tempfile::Builder::new()
        .prefix(&format!(".{}.", file_name(path)))
        .suffix(".tmp")
        .permissions(fs::Permissions::from_mode(0o600))
        .tempfile_in(folder(path))
        .map_err(io_error("cannot make a temporary file in", folder(path)))?;
    temp.write_all(book.to_file().as_bytes())
        .and_then(|()| temp.as_file().sync_all())
        .map_err(io_error("cannot write", temp.path()))?;
    // On failure the temporary is removed when `temp` is dropped.
    temp.persist(path)
        .map_err(|e| io_error("cannot save", path)(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const WAIT: Duration = Duration::from_secs(5);

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("bloomlab-notes-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir.join("bloomlab").join("notes.md")
    }

    fn clean(path: &Path) {
        let _ = fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
    }

    fn add(path: &Path, text: &str) -> Changed<usize> {
        change(path, WAIT, |b| b.add("here", text)).unwrap()
    }

    #[test]
    fn saved_notes_come_back_private() {
        let path = scratch("save");
        assert_eq!(read(&path).unwrap(), NoteBook::default());
        assert!(!path.parent().unwrap().exists(), "reading makes nothing");
        let saved = change(&path, WAIT, |b| b.add("Lecture 2.3", "say why bit 7 stays")).unwrap();
        assert_eq!((saved.value, saved.warning), (1, None));
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(path.parent().unwrap()), 0o700);
        assert_eq!(read(&path).unwrap(), saved.book);
        let leftovers: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "no temporary file is left behind");
        clean(&path);
    }

    /// Issue 22: the temporary was `.notes.md.<pid>.tmp`, opened without
    /// O_EXCL, so a link planted at that name was written through.
    #[test]
    fn a_link_planted_at_the_old_temporary_name_is_not_followed() {
        let path = scratch("planted");
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        let victim = path.parent().unwrap().parent().unwrap().join("victim.txt");
        fs::write(&victim, "precious\n").unwrap();
        let planted = path.with_file_name(format!(".notes.md.{}.tmp", std::process::id()));
        std::os::unix::fs::symlink(&victim, &planted).unwrap();
        add(&path, "y");
        assert_eq!(fs::read_to_string(&victim).unwrap(), "precious\n");
        assert!(fs::symlink_metadata(&planted).unwrap().is_symlink());
        assert!(read(&path).unwrap().notes[0].text == "y");
        clean(&path);
    }

    /// Issue 22: a note added from the command line while the app was open
    /// disappeared at the app's next save (it wrote its own older copy).
    /// A change is applied to the list as it is on disk.
    #[test]
    fn a_change_keeps_what_another_process_added_meanwhile() {
        let path = scratch("merge");
        add(&path, "from the app, first");
        // The app shows the list as it read it...
        let shown = read(&path).unwrap();
        // ...the command line adds a note meanwhile...
        add(&path, "from the command line");
        // ...and the app ticks its note off and adds another.
        let ticked = change(&path, WAIT, |b| b.set_done(1, true)).unwrap();
        let added = change(&path, WAIT, |b| b.add("Lab", "from the app, second")).unwrap();
        assert_eq!(shown.notes.len(), 1);
        let texts: Vec<(&str, bool)> = added
            .book
            .notes
            .iter()
            .map(|n| (n.text.as_str(), n.done))
            .collect();
        assert_eq!(
            texts,
            [
                ("from the app, first", true),
                ("from the command line", false),
                ("from the app, second", false)
            ]
        );
        assert_eq!(ticked.book.notes.len(), 2);
        assert_eq!(read(&path).unwrap(), added.book);
        clean(&path);
    }

    #[test]
    fn changes_from_many_threads_all_land() {
        let path = scratch("threads");
        std::thread::scope(|s| {
            for i in 0..16 {
                let path = &path;
                s.spawn(move || add(path, &format!("note {i}")));
            }
        });
        assert_eq!(read(&path).unwrap().notes.len(), 16);
        clean(&path);
    }

    #[test]
    fn a_held_lock_makes_an_impatient_change_busy() {
        let path = scratch("busy");
        add(&path, "one");
        let held = lock(&path, WAIT).unwrap();
        let e = change(&path, Duration::from_millis(20), |b| b.add("x", "two")).unwrap_err();
        assert!(matches!(e, FileError::Busy { .. }), "{e}");
        drop(held);
        add(&path, "two");
        assert_eq!(read(&path).unwrap().notes.len(), 2);
        clean(&path);
    }

    #[test]
    fn a_file_that_is_not_a_list_is_reported_when_read_and_kept_aside_when_changed() {
        let path = scratch("corrupt");
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, "my own words, not a list\n").unwrap();
        let e = read(&path).unwrap_err().to_string();
        assert!(
            e.contains("line 1 is not a note") && e.contains("left as it is"),
            "{e}"
        );
        assert!(!e.contains("my own words"), "never quoted: {e}");
        assert!(path.exists(), "reading moves nothing");
        let changed = add(&path, "fresh");
        let warning = changed.warning.expect("the user is told");
        assert!(warning.contains("notes.md.corrupt"), "{warning}");
        let backup = path.with_file_name("notes.md.corrupt");
        assert_eq!(
            fs::read_to_string(&backup).unwrap(),
            "my own words, not a list\n"
        );
        assert_eq!(changed.book.notes.len(), 1);
        // A second bad file takes the next backup name.
        fs::write(&path, [0xff, 0xfe]).unwrap();
        let warning = add(&path, "again").warning.unwrap();
        assert!(
            warning.contains("not UTF-8") && warning.contains(".corrupt-2"),
            "{warning}"
        );
        clean(&path);
    }

    #[test]
    fn links_folders_and_others_files_in_the_files_place_are_refused() {
        let path = scratch("refused");
        fs::create_dir_all(&path).unwrap();
        assert!(matches!(read(&path), Err(FileError::NotAFile { .. })));
        assert!(matches!(
            change(&path, WAIT, |b| b.add("x", "y")),
            Err(FileError::NotAFile { .. })
        ));
        fs::remove_dir(&path).unwrap();
        let target = path.with_file_name("elsewhere.md");
        fs::write(&target, "- [ ] (x) secret\n").unwrap();
        std::os::unix::fs::symlink(&target, &path).unwrap();
        let e = read(&path).unwrap_err();
        assert!(matches!(e, FileError::Link { .. }), "{e}");
        assert!(!e.to_string().contains("secret"));
        assert!(matches!(
            change(&path, WAIT, |b| b.add("x", "y")),
            Err(FileError::Link { .. })
        ));
        assert!(fs::symlink_metadata(&path).unwrap().is_symlink());
        assert_eq!(fs::read_to_string(&target).unwrap(), "- [ ] (x) secret\n");
        clean(&path);
    }

    #[test]
    fn a_read_only_file_is_read_but_never_replaced() {
        let path = scratch("readonly");
        add(&path, "keep");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o400)).unwrap();
        assert_eq!(read(&path).unwrap().notes.len(), 1);
        let e = change(&path, WAIT, |b| b.add("x", "more")).unwrap_err();
        assert!(matches!(e, FileError::ReadOnly { mode: 0o400, .. }), "{e}");
        assert_eq!(read(&path).unwrap().notes.len(), 1);
        clean(&path);
    }

    #[test]
    fn a_folder_others_may_write_to_is_refused() {
        let path = scratch("open");
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        let open = fs::Permissions::from_mode(0o777);
        fs::set_permissions(path.parent().unwrap(), open).unwrap();
        let e = change(&path, WAIT, |b| b.add("x", "y"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("other users may change"), "{e}");
        assert!(read(&path).is_err());
        assert!(!path.exists());
        clean(&path);
    }

    #[test]
    fn a_refused_change_saves_nothing() {
        let path = scratch("refused-change");
        add(&path, "one");
        let e = change(&path, WAIT, |b| b.delete(5)).unwrap_err();
        assert!(matches!(
            e,
            FileError::Refused(NoteError::NoSuchNote { .. })
        ));
        assert_eq!(read(&path).unwrap().notes.len(), 1);
        clean(&path);
    }
}
