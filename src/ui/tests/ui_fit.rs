//! The sandbox's hint line and the sizing answers fit an 80-column
//! terminal: a line is reworded to fit rather than cut or wrapped onto the
//! left margin.

use super::draw_text;
use crate::ui::action::KeyMode;
use crate::ui::app::App;
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
    let mut state = app(Screen::Sandbox).sandbox;
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

/// Rows inside the sizing panel that do not begin with a field, a label or
/// a note: those are the tails of wrapped lines.
fn wrapped_rows(text: &str) -> Vec<String> {
    const STARTS: [&str; 11] = [
        "▶ ",
        "  ",
        "bits per key",
        "m ",
        "bytes ",
        "k ",
        "idealised rate",
        "exact rate",
        "exact set",
        "✗",
        "│",
    ];
    text.lines()
        .skip(2)
        .filter_map(|row| row.strip_prefix('│'))
        .map(|inner| inner.trim_end_matches('│').trim_end())
        .filter(|inner| !inner.is_empty() && !STARTS.iter().any(|s| inner.starts_with(s)))
        .map(str::to_string)
        .collect()
}

#[test]
fn sizing_answers_do_not_wrap() {
    for (n, p) in [
        ("50M", "1%"),
        ("1e12", "1e-9"),
        ("1", "0.5"),
        ("123456789012", "1/3"),
    ] {
        let mut app = app(Screen::Sizing);
        app.sizing.n_field.set_text(n);
        app.sizing.p_field.set_text(p);
        crate::ui::jobs::compute_now(&mut app);
        for (w, h) in SIZES {
            let text = draw_text(&app, w, h).expect("valid size");
            assert_eq!(
                wrapped_rows(&text),
                Vec::<String>::new(),
                "n={n} p={p} at {w}x{h}:\n{text}"
            );
        }
    }
    let narrow = draw_text(&app(Screen::Sizing), 80, 24).expect("valid size");
    assert!(narrow.contains("exact rate       "), "{narrow}");
}
