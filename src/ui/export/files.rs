//! Writing exports to disk so that no reader ever sees half a file: each
//! file is written beside its destination under a temporary name and only
//! then given its real one. The app's own exports never replace a file;
//! a name already taken gets a counter instead.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Why an export could not be written: the file (or folder) and the
/// system's reason.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {error}", shown(path))]
pub(crate) struct WriteError {
    /// What was being written.
    pub path: PathBuf,
    /// What the system said.
    pub error: io::Error,
}

/// A path as one safe line: control and invisible characters escaped, so a
/// hostile name cannot send codes to the terminal through a message.
pub(crate) fn shown(path: &Path) -> String {
    crate::text::escaped(&path.display().to_string())
}

fn failed(path: &Path) -> impl FnOnce(io::Error) -> WriteError + '_ {
    move |error| WriteError {
        path: path.to_path_buf(),
        error,
    }
}

/// A fresh temporary file in `dir`, named after `name` and this process.
fn temporary(dir: &Path, name: &str) -> io::Result<(PathBuf, File)> {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = dir.join(format!(".{name}.{}-{n}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => return Ok((path, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
}

/// Writes `contents` to a temporary file beside `path` and returns its name.
fn staged(path: &Path, contents: &[u8]) -> Result<PathBuf, WriteError> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "export".into(), |n| n.to_string_lossy());
    let (temp, mut file) = temporary(dir, &name).map_err(failed(path))?;
    // No fsync: the rename already keeps readers from half a file, and a
    // flush to disk per export would stall the app on a slow disk.
    let written = file.write_all(contents);
    if let Err(error) = written {
        let _ = fs::remove_file(&temp);
        return Err(failed(path)(error));
    }
    Ok(temp)
}

/// Writes `contents` to `path` whole, replacing what was there: the command
/// line's `--out FILE`, where the user named the file.
pub(crate) fn write_replacing(path: &Path, contents: &[u8]) -> Result<(), WriteError> {
    let temp = staged(path, contents)?;
    fs::rename(&temp, path).map_err(|e| {
        let _ = fs::remove_file(&temp);
        failed(path)(e)
    })
}

/// Gives `temp` the name `path` unless `path` exists; `Ok(false)` when it does.
fn claim(temp: &Path, path: &Path) -> io::Result<bool> {
    match fs::hard_link(temp, path) {
        Ok(()) => {
            fs::remove_file(temp)?;
            Ok(true)
        }
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(false),
        // A file system without hard links: check, then rename.
        Err(_) if !path.exists() => fs::rename(temp, path).map(|()| true),
        Err(_) => Ok(false),
    }
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
        if paths.iter().any(|p| p.exists()) {
            continue;
        }
        let mut written = Vec::new();
        for (path, (_, contents)) in paths.iter().zip(files) {
            let temp = staged(path, contents)?;
            match claim(&temp, path) {
                Ok(true) => written.push(path.clone()),
                outcome => {
                    // Taken meanwhile, or the rename failed: undo this stem.
                    let _ = fs::remove_file(&temp);
                    for p in &written {
                        let _ = fs::remove_file(p);
                    }
                    outcome.map_err(failed(path))?;
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
/// whole, replacing files of the same names.
pub(crate) fn write_into(dir: &Path, files: &[(String, String)]) -> Result<(), WriteError> {
    fs::create_dir_all(dir).map_err(failed(dir))?;
    for (name, contents) in files {
        write_replacing(&dir.join(name), contents.as_bytes())?;
    }
    Ok(())
}
