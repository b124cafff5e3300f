//! Writing exports to disk so that no reader ever sees half a file and
//! nothing but a regular file is ever replaced: each file is written to a
//! fresh temporary beside its destination (made with O_EXCL and without
//! following links, by the `tempfile` crate) and only then renamed to its
//! real name. A destination that is a symbolic link, a FIFO, a device or
//! a folder is refused before anything is written. The app's own exports
//! never replace a file at all; a name already taken gets a counter.

use std::fs::{self, Permissions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

/// Why an export could not be written.
#[derive(Debug, thiserror::Error)]
pub(crate) enum WriteError {
    /// The destination is not a place an export may go (a link, a device,
    /// a folder where a file goes, a folder that cannot be made): the
    /// user's choice of path, so bad input.
    #[error("{} {reason}", shown(path))]
    Refused {
        /// The destination.
        path: PathBuf,
        /// What it is and what to do instead.
        reason: String,
    },
    /// The system failed the write.
    #[error("cannot write {}: {}", shown(path), reason(error))]
    Io {
        /// What was being written.
        path: PathBuf,
        /// What the system said.
        error: io::Error,
    },
}

/// A path as one safe line: control and invisible characters escaped, so a
/// hostile name cannot send codes to the terminal through a message.
pub(crate) fn shown(path: &Path) -> String {
    crate::text::escaped(&path.display().to_string())
}

fn failed(path: &Path) -> impl FnOnce(io::Error) -> WriteError + '_ {
    move |error| WriteError::Io {
        path: path.to_path_buf(),
        error,
    }
}

fn refused(path: &Path, reason: impl Into<String>) -> WriteError {
    WriteError::Refused {
        path: path.to_path_buf(),
        reason: reason.into(),
    }
}

/// What stands at `path` now, as far as writing a file there goes.
enum Standing {
    /// Nothing: a new file.
    Nothing,
    /// A regular file, with its permissions (kept by the new file).
    File(Permissions),
}

/// Checks that `path` may be written as one file: nothing there yet or a
/// regular file. A link is not followed and a special file is never
/// replaced (as root, replacing /dev/null would break the system).
fn standing(path: &Path) -> Result<Standing, WriteError> {
    let meta = match fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Standing::Nothing),
        Err(e) => return Err(failed(path)(e)),
    };
    let kind = meta.file_type();
    if kind.is_file() {
        return Ok(Standing::File(meta.permissions()));
    }
    Err(refused(
        path,
        if kind.is_dir() {
            "is a folder: this export is one file, so name the file".to_string()
        } else if kind.is_symlink() {
            "is a symbolic link: name the file itself (bloomlab replaces only \
             regular files; --out - writes to standard output)"
                .to_string()
        } else {
            format!(
                "is not a regular file ({}): bloomlab replaces only regular files \
                 (--out - writes to standard output)",
                special_kind(&kind)
            )
        },
    ))
}

/// A special file's kind in words.
fn special_kind(kind: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

/// Checks, before anything is drawn, that `path` may take one file.
pub(crate) fn check_file(path: &Path) -> Result<(), WriteError> {
    standing(path).map(|_| ())
}

/// The folder a file at `path` goes in.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// `contents` in a fresh temporary file beside `path`, readable as a new
/// file there would be (the umask decides), or as `keep` says.
fn staged(
    path: &Path,
    contents: &[u8],
    keep: Option<Permissions>,
) -> Result<NamedTempFile, WriteError> {
    let name = path
        .file_name()
        .map_or_else(|| "export".into(), |n| n.to_string_lossy());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    {
        use std::os::unix::fs::PermissionsExt;
        // Asked of open(2), so the umask applies as to any new file.
        builder.permissions(Permissions::from_mode(0o666));
    }
    let mut file = builder.tempfile_in(folder_of(path)).map_err(failed(path))?;
    if let Some(permissions) = keep {
        fs::set_permissions(file.path(), permissions).map_err(failed(path))?;
    }
    // No fsync: the rename already keeps readers from half a file, and a
    // flush to disk per export would stall the app on a slow disk.
    file.write_all(contents).map_err(failed(path))?;
    Ok(file)
}

/// Writes `contents` to `path` whole, replacing a regular file that was
/// there (keeping its permissions): the command line's `--out FILE`, where
/// the user named the file. Anything but a regular file is refused.
pub(crate) fn write_replacing(path: &Path, contents: &[u8]) -> Result<(), WriteError> {
    let keep = match standing(path)? {
        Standing::File(permissions) => Some(permissions),
        Standing::Nothing => None,
    };
    let temp = staged(path, contents, keep)?;
    // Checked again just before the rename, which never follows a link: a
    // special file put there meanwhile is still not replaced.
    standing(path)?;
    temp.persist(path).map_err(|e| failed(path)(e.error))?;
    Ok(())
}

/// Makes the folder `dir` (and the folders above it) unless it is there.
pub(crate) fn make_folder(dir: &Path) -> Result<(), WriteError> {
    fs::create_dir_all(dir)
        .map_err(|e| refused(dir, format!("cannot be made into a folder: {}", reason(&e))))
}

/// The system's reason alone, "Not a directory": without its number, and
/// without the temporary's name the `tempfile` crate adds (the message
/// names the destination already).
fn reason(e: &io::Error) -> String {
    let text = e.to_string();
    let end = [" (os error ", " at path "]
        .iter()
        .filter_map(|cut| text.find(cut))
        .min()
        .unwrap_or(text.len());
    text[..end].to_string()
}

/// Writes one file per `(extension, contents)` into `dir`, all under one
/// stem that none of them has yet: `stem.svg` and `stem.txt`, else
/// `stem-2.svg` and `stem-2.txt`, and so on. Returns the paths written, in
/// the order given.
pub(crate) fn write_new(
    dir: &Path,
    stem: &str,
    files: &[(&str, &[u8])],
) -> Result<Vec<PathBuf>, WriteError> {
    for n in 1..=10_000u32 {
        let numbered = if n == 1 {
            stem.to_string()
        } else {
            format!("{stem}-{n}")
        };
        let paths: Vec<PathBuf> = files
            .iter()
            .map(|(ext, _)| dir.join(format!("{numbered}.{ext}")))
            .collect();
        if paths.iter().any(|p| fs::symlink_metadata(p).is_ok()) {
            continue;
        }
        let mut written = Vec::new();
        for (path, (_, contents)) in paths.iter().zip(files) {
            let temp = staged(path, contents, None)?;
            match temp.persist_noclobber(path) {
                Ok(_) => written.push(path.clone()),
                Err(e) => {
                    // Taken meanwhile, or the rename failed: undo this stem.
                    for p in &written {
                        let _ = fs::remove_file(p);
                    }
                    if e.error.kind() != io::ErrorKind::AlreadyExists {
                        return Err(failed(path)(e.error));
                    }
                    break;
                }
            }
        }
        if written.len() == files.len() {
            return Ok(paths);
        }
    }
    Err(failed(&dir.join(stem))(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "10000 exports of this frame are already there",
    )))
}

/// Writes each `(name, contents)` into `dir` (made if missing), each file
/// whole, replacing regular files of the same names.
pub(crate) fn write_into<C: AsRef<[u8]>>(
    dir: &Path,
    files: &[(String, C)],
) -> Result<(), WriteError> {
    make_folder(dir)?;
    for (name, contents) in files {
        write_replacing(&dir.join(name), contents.as_ref())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("bloomlab-files-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("scratch");
        dir
    }

    #[test]
    fn new_exports_never_replace_and_count_up() {
        let dir = scratch("new");
        let first = write_new(&dir, "frame", &[("svg", b"a"), ("txt", b"b")]).expect("first");
        let second = write_new(&dir, "frame", &[("svg", b"c"), ("txt", b"d")]).expect("second");
        assert_eq!(
            first[0].file_name().and_then(|n| n.to_str()),
            Some("frame.svg")
        );
        assert_eq!(
            second[1].file_name().and_then(|n| n.to_str()),
            Some("frame-2.txt")
        );
        assert_eq!(fs::read(&first[0]).expect("kept"), b"a");
        assert_eq!(
            fs::read_dir(&dir).expect("dir").count(),
            4,
            "no temporary left"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_link_at_a_new_exports_name_is_passed_over() {
        let dir = scratch("link");
        let target = dir.join("elsewhere");
        fs::write(&target, "keep").expect("file");
        std::os::unix::fs::symlink(&target, dir.join("frame.svg")).expect("link");
        let paths = write_new(&dir, "frame", &[("svg", b"new")]).expect("written");
        assert_eq!(
            paths[0].file_name().and_then(|n| n.to_str()),
            Some("frame-2.svg")
        );
        assert_eq!(fs::read(&target).expect("kept"), b"keep");
        let _ = fs::remove_dir_all(&dir);
    }
}
