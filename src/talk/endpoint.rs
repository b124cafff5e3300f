//! Where a session's socket lives, and the checks before anyone uses it.
//!
//! The folder is made with mode 0700 and must belong to the user and be
//! closed to everyone else; the socket is made inside it and set to 0600
//! (no other user can reach it in between, the folder being closed), and
//! before connecting to or replacing a socket its owner must be the user.
//! The user's id is a field, so a test can play a second user and see the
//! socket refused. A socket nobody answers on is left over from a crashed
//! run: it is removed and bound again.

use std::fs;
use std::io;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};

use super::session::{Session, socket_dir};
pub use crate::private_dir::current_uid;
use crate::private_dir::{self, OPEN_TO_OTHERS, Refusal};

/// Longest socket path the system accepts, in bytes (`sun_path` less its NUL).
const MAX_PATH: usize = 107;

/// Why a socket cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TalkError {
    /// The folder or the socket belongs to another user, or other users
    /// may open it (the check shared with the notes' folder).
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// Something that is not a socket sits where one should be.
    #[error("refusing {path}: it is not a {want}")]
    NotA {
        /// The path refused.
        path: String,
        /// What it should be.
        want: &'static str,
    },
    /// Another presenting app already answers on this session.
    #[error(
        "session '{session}' is taken by another presenting app; start this one with --session NAME"
    )]
    Busy {
        /// The session's name.
        session: String,
    },
    /// No presenting app answers on this session.
    #[error("no presenting app on session '{session}' yet")]
    NobodyThere {
        /// The session's name.
        session: String,
    },
    /// The socket's path is longer than the system allows.
    #[error(
        "the socket path {path} is longer than {MAX_PATH} bytes; set XDG_RUNTIME_DIR to a shorter folder"
    )]
    TooLong {
        /// The path.
        path: String,
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

fn show(path: &Path) -> String {
    crate::text::escaped(&path.display().to_string())
}

fn io_error(what: &'static str, path: &Path) -> impl FnOnce(io::Error) -> TalkError + use<> {
    let path = show(path);
    move |error| TalkError::Io { what, path, error }
}

/// One session's socket, for one user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoint {
    /// The session.
    pub session: Session,
    /// The folder the socket lives in.
    pub dir: PathBuf,
    /// The socket itself.
    pub path: PathBuf,
    /// The user id the folder and socket must belong to.
    pub uid: u32,
}

impl Endpoint {
    /// The session's socket for this user, where the environment says.
    pub fn for_session(session: &Session) -> Endpoint {
        let runtime = std::env::var_os("XDG_RUNTIME_DIR").map(PathBuf::from);
        let uid = current_uid();
        let dir = socket_dir(runtime.as_deref(), &std::env::temp_dir(), uid);
        Endpoint::in_dir(session, dir, uid)
    }

    /// The session's socket in `dir`, checked against user id `uid`.
    pub fn in_dir(session: &Session, dir: PathBuf, uid: u32) -> Endpoint {
        let path = dir.join(session.file_name());
        Endpoint {
            session: session.clone(),
            dir,
            path,
            uid,
        }
    }

    /// Makes the folder if it is missing (0700) and checks it (the check
    /// shared with the notes' folder, in `crate::private_dir`).
    fn prepare_dir(&self) -> Result<(), TalkError> {
        Ok(private_dir::prepare_dir(
            &self.dir,
            self.uid,
            OPEN_TO_OTHERS,
        )?)
    }

    /// Checks the socket file, if there is one: ours, private, a socket.
    /// Returns whether it exists.
    pub fn check_socket(&self) -> Result<bool, TalkError> {
        match fs::symlink_metadata(&self.path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(io_error("cannot look at", &self.path)(e)),
            Ok(meta) => {
                if !meta.file_type().is_socket() {
                    return Err(TalkError::NotA {
                        path: show(&self.path),
                        want: "socket",
                    });
                }
                private_dir::check_owner(&self.path, &meta, self.uid, OPEN_TO_OTHERS)?;
                Ok(true)
            }
        }
    }

    fn check_length(&self) -> Result<(), TalkError> {
        if self.path.as_os_str().len() > MAX_PATH {
            return Err(TalkError::TooLong {
                path: show(&self.path),
            });
        }
        Ok(())
    }

    /// Binds the session's socket for a presenting app: a live one is
    /// another app's (refused), a dead one is left from a crash (replaced).
    pub fn listen(&self) -> Result<UnixListener, TalkError> {
        self.check_length()?;
        self.prepare_dir()?;
        if self.check_socket()? {
            if UnixStream::connect(&self.path).is_ok() {
                return Err(TalkError::Busy {
                    session: self.session.name().to_string(),
                });
            }
            fs::remove_file(&self.path).map_err(io_error("cannot remove", &self.path))?;
        }
        let listener =
            UnixListener::bind(&self.path).map_err(io_error("cannot listen on", &self.path))?;
        fs::set_permissions(&self.path, fs::Permissions::from_mode(0o600))
            .map_err(io_error("cannot make private", &self.path))?;
        Ok(listener)
    }

    /// Connects a speaker to the session's presenting app, after the checks.
    pub fn connect(&self) -> Result<UnixStream, TalkError> {
        self.check_length()?;
        let nobody = || TalkError::NobodyThere {
            session: self.session.name().to_string(),
        };
        match fs::symlink_metadata(&self.dir) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(nobody()),
            _ => self.prepare_dir()?,
        }
        if !self.check_socket()? {
            return Err(nobody());
        }
        UnixStream::connect(&self.path).map_err(|e| match e.kind() {
            io::ErrorKind::ConnectionRefused | io::ErrorKind::NotFound => nobody(),
            _ => io_error("cannot connect to", &self.path)(e),
        })
    }

    /// Removes the socket when it is still the one this app bound (same
    /// device and inode), so a newer app's socket is never taken away.
    pub fn remove_if_ours(&self, bound: (u64, u64)) {
        if let Ok(meta) = fs::symlink_metadata(&self.path)
            && (meta.dev(), meta.ino()) == bound
        {
            let _ = fs::remove_file(&self.path);
        }
    }

    /// The device and inode of the socket file, to know it later.
    pub fn identity(&self) -> Option<(u64, u64)> {
        fs::symlink_metadata(&self.path)
            .ok()
            .map(|m| (m.dev(), m.ino()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("bloomlab-endpoint-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    fn endpoint(dir: &Path, uid: u32) -> Endpoint {
        Endpoint::in_dir(&Session::new("t").unwrap(), dir.join("s"), uid)
    }

    #[test]
    fn the_socket_and_its_folder_are_private() {
        let dir = scratch("private");
        let e = endpoint(&dir, current_uid());
        let _listener = e.listen().unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&e.dir), 0o700);
        assert_eq!(mode(&e.path), 0o600);
        assert!(e.connect().is_ok());
        // A second app on the same session is told it is taken.
        assert!(matches!(e.listen(), Err(TalkError::Busy { .. })));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn another_users_socket_is_refused() {
        let dir = scratch("other");
        let mine = endpoint(&dir, current_uid());
        let _listener = mine.listen().unwrap();
        // The same files, seen by a user they do not belong to.
        let theirs = endpoint(&dir, current_uid() + 1);
        let refused = theirs.connect().unwrap_err().to_string();
        assert!(
            refused.contains("refusing") && refused.contains("not to you"),
            "{refused}"
        );
        assert!(matches!(
            theirs.listen(),
            Err(TalkError::Refused(Refusal::NotYours { .. }))
        ));
        assert!(mine.path.exists(), "a refused socket is never removed");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_open_to_others_is_refused() {
        let dir = scratch("open");
        let e = endpoint(&dir, current_uid());
        fs::create_dir_all(&e.dir).unwrap();
        fs::set_permissions(&e.dir, fs::Permissions::from_mode(0o755)).unwrap();
        assert!(matches!(
            e.listen(),
            Err(TalkError::Refused(Refusal::Open { mode: 0o755, .. }))
        ));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_stale_socket_is_replaced_and_nobody_is_said_so() {
        let dir = scratch("stale");
        let e = endpoint(&dir, current_uid());
        drop(e.listen().unwrap());
        // The listener is gone but its file stays, as after a crash.
        assert!(e.path.exists());
        assert!(matches!(e.connect(), Err(TalkError::NobodyThere { .. })));
        let _again = e.listen().expect("a dead socket is replaced");
        assert!(e.connect().is_ok());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_in_the_sockets_place_is_refused() {
        let dir = scratch("file");
        let e = endpoint(&dir, current_uid());
        fs::create_dir_all(&e.dir).unwrap();
        fs::set_permissions(&e.dir, fs::Permissions::from_mode(0o700)).unwrap();
        fs::write(&e.path, "not a socket").unwrap();
        assert!(matches!(
            e.listen(),
            Err(TalkError::NotA { want: "socket", .. })
        ));
        assert!(e.path.exists(), "never removed");
        let _ = fs::remove_dir_all(&dir);
    }
}
