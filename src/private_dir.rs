//! Folders that hold one user's private files (the speaker link's socket,
//! the lesson notes): made with mode 0700 when missing, and refused when
//! they are not a real folder, when another user owns them, or when other
//! users may reach into them. One check, shared by `talk` and `notes`.
//!
//! The user's id is an argument, so a test can play a second user and see
//! a folder refused.

use std::fs;
use std::io;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::Path;

/// Mode bits that let other users open or list a path (the socket's folder
/// must be closed to them).
pub const OPEN_TO_OTHERS: u32 = 0o077;
/// Mode bits that let other users add, remove or rename files in a folder
/// (the notes' folder must be closed to that; reading is the user's call).
pub const WRITABLE_BY_OTHERS: u32 = 0o022;

/// Why a private path is refused.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// It belongs to another user.
    #[error("refusing what belongs to user id {owner}, not to you (user id {uid}): {path}")]
    NotYours {
        /// The path refused.
        path: String,
        /// Its owner.
        owner: u32,
        /// Ours.
        uid: u32,
    },
    /// Other users may reach into it.
    #[error(
        "refusing what other users may {may} (mode {mode:o}; at most {want:o}, `chmod {want:o}` \
         fixes it): {path}"
    )]
    Open {
        /// The path refused.
        path: String,
        /// What others may do with it: "open" or "change".
        may: &'static str,
        /// Its mode bits.
        mode: u32,
        /// The same bits with the forbidden ones cleared.
        want: u32,
    },
    /// Something else sits where the folder should be (a symbolic link
    /// included: it is never followed).
    #[error("refusing {path}: it is not a {want}")]
    NotA {
        /// The path refused.
        path: String,
        /// What it should be.
        want: &'static str,
    },
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

/// The user id of this process.
pub fn current_uid() -> u32 {
    rustix::process::getuid().as_raw()
}

/// A path as it may be printed (escaped by `crate::text`'s rule).
pub fn show(path: &Path) -> String {
    crate::text::escaped(&path.display().to_string())
}

fn io_error(what: &'static str, path: &Path) -> impl FnOnce(io::Error) -> Refusal + use<> {
    let path = show(path);
    move |error| Refusal::Io { what, path, error }
}

/// Checks that `meta` (of `path`) belongs to user `uid` and has none of
/// the `forbidden` mode bits.
pub fn check_owner(
    path: &Path,
    meta: &fs::Metadata,
    uid: u32,
    forbidden: u32,
) -> Result<(), Refusal> {
    if meta.uid() != uid {
        return Err(Refusal::NotYours {
            path: show(path),
            owner: meta.uid(),
            uid,
        });
    }
    let mode = meta.permissions().mode() & 0o777;
    if mode & forbidden != 0 {
        let may = if forbidden & 0o044 != 0 {
            "open"
        } else {
            "change"
        };
        return Err(Refusal::Open {
            path: show(path),
            may,
            mode,
            want: mode & !forbidden,
        });
    }
    Ok(())
}

/// Checks the folder `dir` if it exists: a real folder (not a link),
/// belonging to `uid`, without the `forbidden` bits. Returns whether it
/// exists.
pub fn check_dir(dir: &Path, uid: u32, forbidden: u32) -> Result<bool, Refusal> {
    let meta = match fs::symlink_metadata(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(io_error("cannot look at", dir)(e)),
        Ok(meta) => meta,
    };
    if !meta.is_dir() {
        return Err(Refusal::NotA {
            path: show(dir),
            want: "folder",
        });
    }
    check_owner(dir, &meta, uid, forbidden)?;
    Ok(true)
}

/// Makes the folder `dir` (mode 0700, and its parents) when it is missing,
/// then checks it as [`check_dir`] does.
pub fn prepare_dir(dir: &Path, uid: u32, forbidden: u32) -> Result<(), Refusal> {
    if !check_dir(dir, uid, forbidden)? {
        fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .map_err(io_error("cannot make the folder", dir))?;
        check_dir(dir, uid, forbidden)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("bloomlab-private-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_missing_folder_is_made_private() {
        let dir = scratch("made");
        let inner = dir.join("a").join("b");
        prepare_dir(&inner, current_uid(), OPEN_TO_OTHERS).unwrap();
        let mode = fs::metadata(&inner).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn another_users_or_an_open_folder_is_refused() {
        let dir = scratch("refused");
        fs::create_dir_all(&dir).unwrap();
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
        // Readable by others is fine for notes, not for the socket.
        assert!(check_dir(&dir, current_uid(), WRITABLE_BY_OTHERS).unwrap());
        let e = check_dir(&dir, current_uid(), OPEN_TO_OTHERS).unwrap_err();
        assert!(
            matches!(
                e,
                Refusal::Open {
                    mode: 0o755,
                    want: 0o700,
                    ..
                }
            ),
            "{e}"
        );
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o777)).unwrap();
        let e = check_dir(&dir, current_uid(), WRITABLE_BY_OTHERS)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("other users may change") && e.contains("chmod 755"),
            "{e}"
        );
        let e = check_dir(&dir, current_uid() + 1, WRITABLE_BY_OTHERS)
            .unwrap_err()
            .to_string();
        assert!(e.contains("not to you"), "{e}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_link_or_a_file_in_the_folders_place_is_refused() {
        let dir = scratch("link");
        fs::create_dir_all(dir.join("real")).unwrap();
        std::os::unix::fs::symlink(dir.join("real"), dir.join("link")).unwrap();
        fs::write(dir.join("file"), "").unwrap();
        for name in ["link", "file"] {
            let e = prepare_dir(&dir.join(name), current_uid(), WRITABLE_BY_OTHERS).unwrap_err();
            assert!(
                matches!(e, Refusal::NotA { want: "folder", .. }),
                "{name}: {e}"
            );
        }
        let _ = fs::remove_dir_all(&dir);
    }
}
