//! The config file and `bloomlab config path | show | init`.
//!
//! - [`file`]: where the file is and reading it (TOML through serde, each
//!   value's line kept for warnings);
//! - [`settings`]: the names a file may hold and the check of each value,
//!   by the same rules as the flags;
//! - [`layers`]: flags over the file over the defaults, with where each
//!   value came from, into [`crate::ui::AppConfig`];
//! - [`template`]: the commented file `config init` writes.
//!
//! The app and the speaker view read the file; the one-shot commands
//! (`rate`, `render`, ...) do not, so their output is the same on every
//! computer.

pub(crate) mod file;
pub(crate) mod layers;
pub(crate) mod settings;
pub(crate) mod template;

use super::CliError;
use super::args::{ConfigAction, ConfigArgs};
pub(crate) use layers::{Flags, Settings};

/// The settings in force for `flags`, the file's warnings written to
/// standard error, one line each.
pub(crate) fn settings(flags: Flags) -> Settings {
    let settings = Settings::resolve(flags, file::load());
    for warning in settings.warnings() {
        super::eprintln_quietly(&format!("warning: {warning}"));
    }
    settings
}

/// Runs `bloomlab config ...`; `flags` are the app's flags given before
/// `config`, which `show` takes into account.
pub(crate) fn run(args: &ConfigArgs, flags: Flags) -> Result<String, CliError> {
    let no_folder = || {
        CliError::Runtime(
            "the system names no config folder; set XDG_CONFIG_HOME to an absolute path".into(),
        )
    };
    match args.action {
        ConfigAction::Path => {
            let path = file::path().ok_or_else(no_folder)?;
            Ok(crate::text::escaped(&path.display().to_string()))
        }
        ConfigAction::Show => Ok(settings(flags).show()),
        ConfigAction::Init => {
            let path = file::path().ok_or_else(no_folder)?;
            let shown = crate::text::escaped(&path.display().to_string());
            match template::write_new(&path) {
                Ok(template::Outcome::Written) => Ok(format!(
                    "wrote {shown}: every setting in it is commented out; \
                     take the # off one to use it"
                )),
                Ok(template::Outcome::Kept) => Ok(format!(
                    "kept {shown}: a config file is already there, and config init \
                     never writes over one (nothing was changed)"
                )),
                Err(e) => Err(CliError::Runtime(format!("cannot write {shown}: {e}"))),
            }
        }
    }
}
