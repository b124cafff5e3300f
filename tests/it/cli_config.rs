//! The config file through the real binary: `config path`, `config show`
//! with where each setting came from (a flag over the file over the
//! default), a broken file warned about by file:line with the defaults
//! kept, an unknown setting warned about and not refused, `config init`
//! keeping the first file when run twice; and in a terminal, the app
//! opening in the file's theme (a flag winning) and starting despite a
//! broken file, with the warning on its bottom line.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::app::EXIT;
use crate::support::pty::PtyApp;
use crate::support::run::scratch_dir;

/// `bloomlab ARGS` with its config folder in `home`.
fn run(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bloomlab"))
        .args(args)
        .env("XDG_CONFIG_HOME", home)
        .env_remove("NO_COLOR")
        .output()
        .expect("the bloomlab binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

/// A config folder holding `contents` as its file; returns the folder and
/// the file.
fn with_file(name: &str, contents: &str) -> (PathBuf, PathBuf) {
    let home = scratch_dir(name);
    let file = home.join("bloomlab").join("config.toml");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, contents).unwrap();
    (home, file)
}

/// The row of `config show` for `setting`, its words split on runs of
/// spaces: [name, value, from].
fn row(shown: &str, setting: &str) -> Vec<String> {
    let line = shown
        .lines()
        .find(|l| l.split_whitespace().next() == Some(setting))
        .unwrap_or_else(|| panic!("no row for {setting} in\n{shown}"));
    line.split("  ")
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn path_names_the_file_in_the_config_folder() {
    let home = scratch_dir("config-path");
    let out = run(&home, &["config", "path"]);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout).trim(),
        home.join("bloomlab")
            .join("config.toml")
            .display()
            .to_string()
    );
}

#[test]
fn show_says_where_each_setting_came_from_and_a_flag_wins() {
    let (home, file) = with_file(
        "config-show",
        "# the projector room\ntheme = \"light\"\nminutes = 45\nautoplay = 30\n",
    );
    let out = run(
        &home,
        &["--theme", "mono", "--autoplay", "5", "config", "show"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    let at = |line: usize| format!("{}:{line}", file.display());
    assert_eq!(row(&shown, "theme"), ["theme", "mono", "flag --theme"]);
    assert_eq!(row(&shown, "minutes"), ["minutes", "45 minutes", &at(3)]);
    assert_eq!(
        row(&shown, "autoplay"),
        ["autoplay", "every 5 seconds", "flag --autoplay"]
    );
    assert_eq!(row(&shown, "present"), ["present", "false", "default"]);
    assert_eq!(row(&shown, "keys"), ["keys", "default", "default"]);
    // Without the flags, the file's values hold.
    let shown = text(&run(&home, &["config", "show"]).stdout);
    assert_eq!(row(&shown, "theme"), ["theme", "light", &at(2)]);
    assert_eq!(
        row(&shown, "autoplay"),
        ["autoplay", "every 30 seconds", &at(4)]
    );
}

#[test]
fn a_bad_value_is_one_warning_with_its_line_and_its_default_holds() {
    let (home, file) = with_file(
        "config-bad",
        "theme = \"light\"\n\nminutes = \"forty\"\nkeys = \"clicker\"\n",
    );
    let out = run(&home, &["config", "show"]);
    assert!(out.status.success());
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!(
            "warning: config: {}:3: minutes must be a whole number of minutes from 1 to 600, got \"forty\"",
            file.display()
        )),
        "{err}"
    );
    let shown = text(&out.stdout);
    assert_eq!(
        row(&shown, "minutes"),
        ["minutes", "none (no countdown)", "default"]
    );
    assert_eq!(
        row(&shown, "theme")[1],
        "light",
        "the rest of the file still counts"
    );
    assert_eq!(row(&shown, "keys")[1], "clicker");
    assert!(shown.contains("nothing acts on it yet"), "{shown}");
}

#[test]
fn text_that_is_not_toml_is_one_warning_and_every_default() {
    let (home, file) = with_file("config-syntax", "theme = \"light\"\npresent = yes please\n");
    let out = run(&home, &["config", "show"]);
    assert!(out.status.success());
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!(
            "warning: config: {}:2: not valid TOML",
            file.display()
        )),
        "{err}"
    );
    assert_eq!(row(&text(&out.stdout), "theme")[2], "default");
}

#[test]
fn an_unknown_setting_is_a_warning_not_an_error() {
    let (home, file) = with_file(
        "config-unknown",
        "colour = \"red\"\nexport_dir = \"/tmp\"\n",
    );
    let out = run(&home, &["config", "show"]);
    assert_eq!(out.status.code(), Some(0));
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].contains(&format!(
            "{}:1: unknown setting 'colour' is ignored",
            file.display()
        )),
        "{err}"
    );
    assert!(lines[1].ends_with("did you mean export-dir?"), "{err}");
}

#[test]
fn init_twice_keeps_the_first_file() {
    let home = scratch_dir("config-init");
    let file = home.join("bloomlab").join("config.toml");
    let first = run(&home, &["config", "init"]);
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(
        text(&first.stdout).starts_with("wrote "),
        "{}",
        text(&first.stdout)
    );
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.lines().all(|l| l.is_empty() || l.starts_with('#')));
    // The commented file is read as no settings at all, without a warning.
    let shown = run(&home, &["config", "show"]);
    assert!(shown.stderr.is_empty(), "{}", text(&shown.stderr));
    // A teacher edits it; a second init changes nothing and says so.
    std::fs::write(&file, "theme = \"light\"\n").unwrap();
    let second = run(&home, &["config", "init"]);
    assert!(second.status.success());
    assert!(
        text(&second.stdout).starts_with("kept "),
        "{}",
        text(&second.stdout)
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "theme = \"light\"\n"
    );
}

#[test]
fn options_that_a_file_cannot_hold_are_refused_before_config_and_minutes_is_checked() {
    let home = scratch_dir("config-refused");
    for (args, words) in [
        (
            &["--screen", "lab", "config", "show"][..],
            "only the settings a config file holds",
        ),
        (
            &["--minutes", "0"][..],
            "--minutes must be a whole number of minutes from 1 to 600",
        ),
        (
            &[
                "--minutes",
                "45",
                "rate",
                "--m",
                "16",
                "--n",
                "3",
                "--k",
                "3",
            ][..],
            "only apply to the app",
        ),
        (&["speaker", "--minutes", "601"][..], "--minutes must be"),
    ] {
        let out = run(&home, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(words), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// The background colour of the app's top-left cell.
fn corner_colour(app: &PtyApp) -> vt100::Color {
    app.with_screen(|s| s.cell(0, 0).map(vt100::Cell::bgcolor))
        .expect("a cell")
}

fn open_app(home: &Path, args: &[&str]) -> PtyApp {
    let dir = home.to_string_lossy().into_owned();
    let app = PtyApp::spawn(args, 100, 30, &[("XDG_CONFIG_HOME", &dir)]);
    app.wait_for("Scene 1 of 5", crate::support::app::SHOW)
        .unwrap_or_else(|e| panic!("{e}"));
    app
}

fn quit(mut app: PtyApp) {
    app.send(b"q");
    assert_eq!(app.wait_exit(EXIT), Ok(Some(0)));
}

#[test]
fn the_app_opens_in_the_files_theme_a_flag_wins_and_a_broken_file_still_starts() {
    let plain = scratch_dir("config-none");
    let by_flag = open_app(&plain, &["--theme", "light"]);
    let light = corner_colour(&by_flag);
    quit(by_flag);
    let dark_app = open_app(&plain, &[]);
    let dark = corner_colour(&dark_app);
    quit(dark_app);
    assert_ne!(light, dark, "the two themes must differ to tell them apart");

    let (home, file) = with_file("config-light", "theme = \"light\"\n");
    let app = open_app(&home, &[]);
    assert_eq!(corner_colour(&app), light, "the file's theme");
    quit(app);
    let app = open_app(&home, &["--theme", "dark"]);
    assert_eq!(corner_colour(&app), dark, "the flag wins");
    quit(app);

    // A broken line: the app still opens, in the theme the good line asks
    // for, and says what is wrong and where on its bottom line.
    std::fs::write(&file, "theme = \"light\"\nautoplay = \"often\"\n").unwrap();
    let app = open_app(&home, &[]);
    // The warning wraps wherever the scratch folder's path length puts it,
    // so the check ignores the line breaks and the padding around them.
    let squeezed = |s: &str| s.split_whitespace().collect::<String>();
    app.wait_until("the config warning", crate::support::app::SHOW, |screen| {
        squeezed(&screen.contents()).contains("config.toml:2:autoplaymust")
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(corner_colour(&app), light);
    quit(app);
}
