//! A presenter's remote against the real binary in a pseudo-terminal: in
//! present mode (and with `keys = "clicker"` in the config file) PageDown
//! and PageUp are one step, `b` and `.` blank the screen until the next
//! key, F5 and Esc never quit, `q` asks once; Esc in the `z` text view goes
//! back to the board in and out of present mode.

use crate::support::app::{SHOW, lower, quit_with};
use crate::support::pty::PtyApp;

const PAGE_DOWN: &[u8] = b"\x1b[6~";
const PAGE_UP: &[u8] = b"\x1b[5~";
const F5: &[u8] = b"\x1b[15~";
const ESC: &[u8] = b"\x1b";
const RIGHT: &[u8] = b"\x1b[C";

/// The scene and step on show, from the progress line: present mode's
/// `3.4/5.11` or `scene 3 · step 4 of 11`, or the app's `step 4 of 11`
/// beside its scene's number.
fn place(s: &vt100::Screen) -> Option<(u32, u32)> {
    let text = lower(s);
    for line in text.lines().rev() {
        if let Some(found) = scene_step(line).or_else(|| dotted(line)) {
            return Some(found);
        }
    }
    None
}

/// `scene 3 · step 4 of` anywhere in `line`.
fn scene_step(line: &str) -> Option<(u32, u32)> {
    let rest = &line[line.find("scene ")? + 6..];
    let scene: u32 = leading_number(rest)?;
    let rest = &rest[rest.rfind("step ")? + 5..];
    Some((scene, leading_number(rest)?))
}

/// `3.4/5.11` at the end of `line`.
fn dotted(line: &str) -> Option<(u32, u32)> {
    let word = line.split_whitespace().last()?;
    let (here, _) = word.split_once('/')?;
    let (scene, step) = here.split_once('.')?;
    Some((scene.parse().ok()?, step.parse().ok()?))
}

fn leading_number(s: &str) -> Option<u32> {
    let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The app's tab bar is on show: present mode is off.
fn tabs_shown(s: &vt100::Screen) -> bool {
    lower(s)
        .lines()
        .next()
        .is_some_and(|l| l.contains("[lecture]"))
}

fn wait(app: &PtyApp, what: &str, ok: impl Fn(&vt100::Screen) -> bool) {
    app.wait_until(what, SHOW, ok)
        .unwrap_or_else(|e| panic!("{e}"));
}

/// The lecture in present mode at 100x30, at its first step.
fn presenting(env: &[(&str, &str)]) -> PtyApp {
    let app = PtyApp::spawn(&["--present"], 100, 30, env);
    wait(&app, "present mode at 1.1", |s| {
        place(s) == Some((1, 1)) && !tabs_shown(s)
    });
    app
}

#[test]
fn page_down_and_up_move_one_step_in_present_mode() {
    let mut app = presenting(&[]);
    app.send(PAGE_DOWN);
    wait(&app, "PageDown to 1.2", |s| place(s) == Some((1, 2)));
    app.send(PAGE_DOWN);
    wait(&app, "PageDown to 1.3", |s| place(s) == Some((1, 3)));
    app.send(PAGE_UP);
    wait(&app, "PageUp back to 1.2", |s| place(s) == Some((1, 2)));
    // The scenes stay on ] and [.
    app.send(b"]");
    wait(&app, "] to scene 2", |s| place(s) == Some((2, 1)));
    quit_with(&mut app, b"qq", "q twice");
}

#[test]
fn esc_and_f5_never_quit() {
    let mut app = presenting(&[]);
    app.send(ESC);
    wait(&app, "Esc to leave present mode", tabs_shown);
    app.send(F5);
    wait(&app, "F5 to start present mode", |s| !tabs_shown(s));
    // A remote alternating the two keys: the app is still there to step.
    app.send(F5);
    app.send(ESC);
    wait(&app, "Esc to leave present mode again", tabs_shown);
    app.send(F5);
    wait(&app, "F5 again", |s| !tabs_shown(s));
    app.send(RIGHT);
    wait(&app, "a step after F5 and Esc", |s| {
        place(s) == Some((1, 2))
    });
    quit_with(&mut app, b"qq", "q twice");
}

#[test]
fn b_blanks_the_screen_and_the_next_key_only_restores_it() {
    let mut app = presenting(&[]);
    for blank in [b"b", b"."] {
        app.send(blank);
        wait(&app, "a blank screen", |s| {
            s.contents().chars().all(char::is_whitespace)
        });
        // The key that brings the screen back does nothing else: PageDown
        // does not step.
        app.send(PAGE_DOWN);
        wait(&app, "the slide back at 1.1", |s| place(s) == Some((1, 1)));
    }
    app.send(PAGE_DOWN);
    wait(&app, "then PageDown steps", |s| place(s) == Some((1, 2)));
    quit_with(&mut app, b"qq", "q twice");
}

#[test]
fn q_asks_once_and_any_other_key_cancels() {
    let mut app = presenting(&[]);
    app.send(b"q");
    wait(&app, "the ask on screen", |s| {
        lower(s).contains("q again to quit")
    });
    app.send(RIGHT);
    wait(&app, "the ask gone and a step taken", |s| {
        !lower(s).contains("q again to quit") && place(s) == Some((1, 2))
    });
    // A q, another key, a q: still running.
    app.send(b"q");
    wait(&app, "the ask again", |s| {
        lower(s).contains("q again to quit")
    });
    app.send(b"x");
    wait(&app, "the ask cancelled", |s| {
        !lower(s).contains("q again to quit")
    });
    app.send(b"q");
    wait(&app, "a fresh ask", |s| {
        lower(s).contains("q again to quit")
    });
    quit_with(&mut app, b"q", "the second q");
}

#[test]
fn esc_in_the_text_view_goes_back_to_the_board() {
    for present in [false, true] {
        let args: &[&str] = if present { &["--present"] } else { &[] };
        let mut app = PtyApp::spawn(args, 100, 30, &[]);
        wait(&app, "the lecture", |s| place(s) == Some((1, 1)));
        app.send(b"z");
        wait(&app, "the text view", |s| {
            lower(s).contains("text of scene 1")
        });
        app.send(ESC);
        wait(&app, "the board again", |s| {
            !lower(s).contains("text of scene") && place(s) == Some((1, 1))
        });
        // The app is still there, in the mode it was in.
        assert_eq!(app.with_screen(tabs_shown), !present);
        app.send(RIGHT);
        wait(&app, "a step", |s| place(s) == Some((1, 2)));
        quit_with(&mut app, b"qq", "q, q");
    }
}

#[test]
fn the_config_files_clicker_keys_hold_outside_present_mode() {
    let dir = crate::support::run::scratch_dir("pty-clicker");
    let folder = dir.join("bloomlab");
    std::fs::create_dir_all(&folder).expect("config folder");
    std::fs::write(folder.join("config.toml"), "keys = \"clicker\"\n").expect("config file");
    let config = dir.to_string_lossy().into_owned();
    let mut app = PtyApp::spawn(&[], 100, 30, &[("XDG_CONFIG_HOME", &config)]);
    wait(&app, "the lecture with its tabs", |s| {
        tabs_shown(s) && place(s) == Some((1, 1))
    });
    app.send(PAGE_DOWN);
    wait(&app, "PageDown to 1.2", |s| place(s) == Some((1, 2)));
    // Esc has nothing to leave: it does nothing, and the app stays.
    app.send(ESC);
    app.send(RIGHT);
    wait(&app, "a step after Esc", |s| place(s) == Some((1, 3)));
    app.send(b"q");
    wait(&app, "the ask", |s| lower(s).contains("q again to quit"));
    quit_with(&mut app, b"q", "the second q");
}
