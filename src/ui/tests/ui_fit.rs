//! The sandbox's hint line and field line fit an 80-column terminal: a
//! line is reworded to fit rather than cut or wrapped onto the left
//! margin. (The sizing screen's fit is checked in `ui_sizing_fit`.)

use super::draw_text;
use crate::ui::app::App;
use crate::ui::sandbox::action::KeyMode;
use crate::ui::sandbox::view::field_line;
use crate::ui::screen::Screen;
use crate::ui::theme::Theme;

const SIZES: [(u16, u16); 3] = [(80, 24), (100, 30), (120, 40)];

fn app(screen: Screen) -> App {
    App::new(screen, Theme::MONO)
}

#[test]
fn the_sandbox_hint_names_every_lesson_key_whole() {
    let app = app(Screen::Sandbox);
    for (w, h) in SIZES {
        let text = draw_text(&app, w, h).expect("valid size");
        let hint = text
            .lines()
            .find(|l| l.contains("insert rec-11"))
            .unwrap_or_else(|| panic!("no lesson hint at {w}x{h}:\n{text}"));
        assert!(
            hint.contains("query rec-42, rec-6, rec-67"),
            "cut at {w}x{h}: {hint}"
        );
    }
}

#[test]
fn the_sandbox_field_line_fits_while_typing() {
    let mut state = app(Screen::Sandbox).screens.sandbox;
    let theme = Theme::MONO;
    for focus in [None, Some(KeyMode::Insert), Some(KeyMode::Query)] {
        state.focus = focus;
        for text in ["", "rec-11", &"x".repeat(40)] {
            state.field.set_text(text);
            for width in [78, 98, 118] {
                let line = field_line(&state, &theme, width);
                assert!(
                    line.width() <= usize::from(width),
                    "{focus:?} {text:?} at {width}: {line:?}"
                );
            }
        }
    }
}
