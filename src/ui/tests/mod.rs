//! Tests of the app's screens that need its insides: key handling, event
//! storms, layouts at many sizes, and snapshots of every screen. They drive
//! the state through `update` and draw with the real views, no terminal.

mod export_key;
mod export_svg;
mod help_fit;
mod lecture_fit;
mod lecture_fuzz;
mod lecture_glyphs;
mod lecture_layout;
mod lecture_view;
mod notes_panel;
mod practice_misses;
mod presenter;
mod sandbox_history;
mod slides;
mod speaker_link;
mod storm_app;
mod ui_fit;
mod ui_idle;
mod ui_keys;
mod ui_lab_fit;
mod ui_lab_predict;
mod ui_screens;
mod ui_sizing;
mod ui_sizing_fit;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::ui::app::App;
use crate::ui::config::FrameConfig;
use crate::ui::error::UiError;
use crate::ui::headless::Headless;
use crate::ui::theme::Theme;

/// The app `frame` describes, with every figure computed, in `theme`.
fn app_for(frame: &FrameConfig, theme: Theme) -> Result<App, UiError> {
    Headless::with_theme(frame, theme).map(Headless::into_app)
}

/// Draws `app` at `width` x `height`, as `bloomlab render` prints it.
fn draw_text(app: &App, width: u16, height: u16) -> Result<String, UiError> {
    crate::ui::render::check_size("width", width)?;
    crate::ui::render::check_size("height", height)?;
    let mut buf = ratatui::buffer::Buffer::empty(ratatui::layout::Rect::new(0, 0, width, height));
    ratatui::widgets::Widget::render(app, buf.area, &mut buf);
    Ok(crate::ui::render::buffer_text(&buf))
}

/// Draws step `step` of `lecture` (a global index) into `area`, as the
/// lecture tab draws it in normal mode (a prediction revealed: these
/// tests look at what the step finally shows).
fn render_lecture(
    lecture: &crate::lecture::Lecture,
    step: usize,
    area: ratatui::layout::Rect,
    buf: &mut ratatui::buffer::Buffer,
    theme: &Theme,
) {
    let mut tab = crate::ui::lecture::tab::LectureTab::with(lecture.clone());
    tab.step = step;
    tab.revealed = lecture.predicts(step);
    crate::ui::lecture::render(&tab, crate::ui::lecture::Shown::default(), area, buf, theme);
}

/// Where the big letters of `text` stand in `buf` within columns `cols`
/// and rows `rows`: the top-left cell of each place every cell of the
/// setting (its blanks too) is found.
pub(super) fn find_big(
    buf: &Buffer,
    text: &str,
    cols: (u16, u16),
    rows: (u16, u16),
) -> Vec<(u16, u16)> {
    find_big_at(buf, text, crate::ui::big::Size::Sextant, cols, rows)
}

/// As [`find_big`], for letters of `size`.
pub(super) fn find_big_at(
    buf: &Buffer,
    text: &str,
    size: crate::ui::big::Size,
    cols: (u16, u16),
    rows: (u16, u16),
) -> Vec<(u16, u16)> {
    use crate::ui::big::Big;
    let Some(big) = Big::line(text, size, u16::MAX) else {
        return Vec::new();
    };
    let (w, h) = (big.width(), big.height());
    let mut pattern = Buffer::empty(Rect::new(0, 0, w, h));
    big.draw(pattern.area, &mut pattern, ratatui::style::Style::default());
    let mut found = Vec::new();
    for y in rows.0..rows.1.saturating_sub(h - 1) {
        for x in cols.0..cols.1.saturating_sub(w - 1) {
            let whole = (0..h).all(|dy| {
                (0..w).all(|dx| buf[(x + dx, y + dy)].symbol() == pattern[(dx, dy)].symbol())
            });
            if whole {
                found.push((x, y));
            }
        }
    }
    found
}
