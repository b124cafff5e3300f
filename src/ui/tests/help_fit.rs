//! The `?` overlay fits at 80x24 on every screen, in every state that has
//! its own keys: every key it lists and every word of what the key does
//! is on screen, in order, none cut off.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::ui::app::App;
use crate::ui::help::{self, KeyHelp, KeyPage};
use crate::ui::screen::Screen;
use crate::ui::theme::Theme;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// `screen` with its text field open, as a user opens it: `g` on the
/// lecture, Enter on the other screens; `None` for a screen with no field.
fn typing(screen: Screen) -> Option<App> {
    [KeyCode::Char('g'), KeyCode::Enter]
        .into_iter()
        .find_map(|code| {
            let mut t = App::new(screen, Theme::MONO);
            let key = KeyEvent::new(code, KeyModifiers::NONE);
            if let Some(action) = crate::ui::keymap::key_to_action(&t, key) {
                crate::ui::update::update(&mut t, action);
            }
            t.typing().then_some(t)
        })
}

/// Every state with a key list of its own.
fn states() -> Vec<(String, App)> {
    let mut out = Vec::new();
    for screen in <Screen as strum::IntoEnumIterator>::iter() {
        let mut a = App::new(screen, Theme::MONO);
        a.show_help = true;
        out.push((format!("{screen:?}"), a));
        if let Some(mut t) = typing(screen) {
            t.show_help = true;
            out.push((format!("{screen:?} typing"), t));
        }
    }
    // Presenting, the clicker's keys come first on every screen.
    for screen in <Screen as strum::IntoEnumIterator>::iter() {
        let mut p = App::new(screen, Theme::MONO);
        p.show_help = true;
        p.present = true;
        out.push((format!("{screen:?} presenting"), p));
    }
    // The lab's guess for the best k has keys of its own.
    let mut g = App::new(Screen::Lab, Theme::MONO);
    g.show_help = true;
    g.screens.lab.predict.toggle();
    g.screens.lab.predict.start_guess(None);
    out.push(("Lab guessing".into(), g));
    out
}

fn words(buf: &Buffer) -> Vec<String> {
    let mut out = Vec::new();
    for y in 0..buf.area.height {
        let line: String = (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect();
        out.extend(line.split_whitespace().map(str::to_string));
    }
    out
}

fn run(hay: &[String], needle: &str) -> bool {
    let want: Vec<&str> = needle.split_whitespace().collect();
    // A description may wrap onto the next row of its column, where other
    // words of the next column sit between: look for its words in order.
    let mut at = 0;
    want.iter()
        .all(|w| match hay[at..].iter().position(|h| h == w) {
            Some(p) => {
                at += p + 1;
                true
            }
            None => false,
        })
}

fn missing(app: &App, keys: &[KeyHelp], hay: &[String]) -> Vec<String> {
    let _ = app;
    keys.iter()
        .filter(|k| !run(hay, k.keys) || !run(hay, k.does))
        .map(|k| format!("{} / {}", k.keys, k.does))
        .collect()
}

#[test]
fn the_help_overlay_fits_every_screen_at_80x24() {
    let mut problems = Vec::new();
    for (name, app) in states() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 80, 24));
        (&app).render(buf.area, &mut buf);
        let hay = words(&buf);
        let clicking = app.clicker().then(|| app.on_show().clicker_page());
        let keys: Vec<KeyHelp> = clicking
            .flatten()
            .into_iter()
            .flat_map(KeyPage::help)
            .chain(app.on_show().key_page().help())
            .collect();
        for k in missing(&app, &keys, &hay) {
            problems.push(format!("{name}: {k}"));
        }
        let clicker = app.clicker().then_some(&help::CLICKER);
        let everywhere: Vec<KeyHelp> = clicker
            .into_iter()
            .flat_map(KeyPage::help)
            .chain(help::GLOBAL.help())
            .collect();
        for k in missing(&app, &everywhere, &hay) {
            problems.push(format!("{name}: {k}"));
        }
        if !run(&hay, "theme mono") {
            problems.push(format!("{name}: no theme line"));
        }
    }
    assert!(
        problems.is_empty(),
        "cut or missing:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_lab_numbers_page_fits_at_80x24() {
    let mut app = App::new(Screen::Lab, Theme::MONO);
    app.show_help = true;
    let mut buf = Buffer::empty(Rect::new(0, 0, 80, 24));
    (&app).render(buf.area, &mut buf);
    let first = crate::ui::render::buffer_text(&buf);
    assert!(first.contains("? again: what the numbers mean"), "{first}");
    // `?` turns the page; the next key closes the overlay.
    let question = ratatui::crossterm::event::KeyEvent::new(
        ratatui::crossterm::event::KeyCode::Char('?'),
        ratatui::crossterm::event::KeyModifiers::NONE,
    );
    let turn = crate::ui::keymap::key_to_action(&app, question).expect("an action");
    crate::ui::update::update(&mut app, turn);
    assert!(app.show_help && app.help_second_page);
    let mut buf = Buffer::empty(Rect::new(0, 0, 80, 24));
    (&app).render(buf.area, &mut buf);
    let hay = words(&buf);
    for kind in crate::ui::lab::keys::NUMBERS.rows {
        assert!(
            run(&hay, kind.keys) && run(&hay, kind.does),
            "{} cut or missing:\n{}",
            kind.keys,
            crate::ui::render::buffer_text(&buf)
        );
    }
    let close = crate::ui::keymap::key_to_action(&app, question).expect("an action");
    crate::ui::update::update(&mut app, close);
    assert!(!app.show_help && !app.help_second_page);
}

#[test]
fn every_new_key_is_in_the_overlay() {
    let all: Vec<&str> = help::GLOBAL
        .rows
        .iter()
        .chain(crate::ui::lecture::keys::STEPPING.rows)
        .chain(crate::ui::practice::keys::CHOOSING.rows)
        .map(|k| k.keys)
        .collect();
    let lab: Vec<&str> = crate::ui::lab::keys::SLIDERS
        .rows
        .iter()
        .map(|k| k.keys)
        .collect();
    for key in ["P", "R"] {
        assert!(lab.contains(&key), "{key} is not listed for the lab");
    }
    for key in ["N", "T", "a", "A … D, =", "h", "r"] {
        assert!(all.contains(&key), "{key} is not listed");
    }
}

#[test]
#[ignore = "prints the overlay for a person to read"]
fn print_the_overlay() {
    for (screen, numbers) in [
        (Screen::Lecture, false),
        (Screen::Lab, false),
        (Screen::Lab, true),
    ] {
        let mut a = App::new(screen, Theme::MONO);
        a.show_help = true;
        a.help_second_page = numbers;
        let mut buf = Buffer::empty(Rect::new(0, 0, 80, 24));
        (&a).render(buf.area, &mut buf);
        println!("{}", crate::ui::render::buffer_text(&buf));
    }
}

/// The README's key tables say what the overlay says: every key of every
/// list, with the same words, so a new key cannot reach one and not the
/// other.
#[test]
fn every_key_in_the_help_is_in_the_readme() {
    let readme = include_str!("../../../README.md");
    // The keys of every screen, every page of each screen's one table, as
    // the registry lists them, and the speaker view's.
    let pages: Vec<&KeyPage> = [&help::GLOBAL, &help::CLICKER]
        .into_iter()
        .chain(
            crate::ui::screen::Screens::key_tables()
                .into_iter()
                .flat_map(|(_, pages)| pages),
        )
        .collect();
    let rows: Vec<KeyHelp> = pages
        .iter()
        .flat_map(|page| page.help())
        .chain(crate::ui::speaker::keys::KEYS.iter().copied())
        .collect();
    let missing: Vec<String> = rows
        .iter()
        .map(|h| {
            format!(
                "| {} | {} |",
                h.keys.replace('|', "\\|"),
                h.does.replace('|', "\\|")
            )
        })
        .filter(|row| !readme.contains(row.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "README.md lacks these rows of the help (its 'Every key' section):\n{}",
        missing.join("\n")
    );
}
