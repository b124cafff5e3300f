//! A talk's name, and the folder its socket lives in.

use std::path::{Path, PathBuf};

/// The session every user has when none is named.
pub const DEFAULT: &str = "default";

/// Longest session name, in characters.
pub const MAX_NAME: usize = 40;

/// A valid session name: 1 to [`MAX_NAME`] ASCII letters, digits, `-`
/// and `_`, so it is safe as a file name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session(String);

impl Session {
    /// What a session name may be, for error messages.
    pub const RULE: &'static str = "a name of 1 to 40 letters, digits, - or _";

    /// `name` as a session, or an error saying what a name may be.
    pub fn new(name: &str) -> Result<Session, String> {
        let ok = !name.is_empty()
            && name.chars().count() <= MAX_NAME
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if ok {
            Ok(Session(name.to_string()))
        } else {
            Err(format!(
                "session '{}' is not {}",
                crate::text::echo(name, crate::text::ECHO_MAX),
                Session::RULE
            ))
        }
    }

    /// The session a name given or not stands for.
    pub fn or_default(name: Option<&str>) -> Result<Session, String> {
        Session::new(name.unwrap_or(DEFAULT))
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.0
    }

    /// The socket's file name in its folder.
    pub fn file_name(&self) -> String {
        format!("{}.sock", self.0)
    }
}

/// The folder sockets live in: `$XDG_RUNTIME_DIR/bloomlab` when that is an
/// absolute path (a per-user folder the system keeps private), else
/// `bloomlab-UID` in the temporary folder.
pub fn socket_dir(runtime_dir: Option<&Path>, temp_dir: &Path, uid: u32) -> PathBuf {
    match runtime_dir.filter(|p| p.is_absolute()) {
        Some(dir) => dir.join("bloomlab"),
        None => temp_dir.join(format!("bloomlab-{uid}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_safe_file_names() {
        assert!(Session::new("lecture-2_b").is_ok());
        for bad in ["", "a/b", "..", "a b", "\u{1b}[2J", &"x".repeat(41)] {
            let e = Session::new(bad).unwrap_err();
            assert!(!e.chars().any(char::is_control), "{e}");
        }
        assert_eq!(
            Session::or_default(None).unwrap().file_name(),
            "default.sock"
        );
    }

    #[test]
    fn the_runtime_dir_wins_when_absolute() {
        let tmp = Path::new("/tmp");
        assert_eq!(
            socket_dir(Some(Path::new("/run/user/7")), tmp, 7),
            Path::new("/run/user/7/bloomlab")
        );
        assert_eq!(
            socket_dir(Some(Path::new("rel")), tmp, 7),
            Path::new("/tmp/bloomlab-7")
        );
        assert_eq!(socket_dir(None, tmp, 7), Path::new("/tmp/bloomlab-7"));
    }
}
