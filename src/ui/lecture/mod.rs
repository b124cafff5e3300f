//! The Lecture screen: the progress line, the board of the current step
//! (bit row, query, counters, derivation, plots, table, crawler, notes) and
//! the narration underneath. Drawing only: the board comes from the pure
//! engine in `crate::lecture`.

mod layout;
mod paint;
mod panels;
mod plots;
mod row;
pub(crate) mod tab;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::lecture::Lecture;
use crate::ui::theme::{Role, Theme};

/// Smallest area the lecture screen draws into; below it a one-line notice
/// says so instead.
pub(crate) const MIN_WIDTH: u16 = 60;
/// See [`MIN_WIDTH`].
pub(crate) const MIN_HEIGHT: u16 = 16;

/// Draws step `step` (a global index, see [`Lecture::step_index`]) of the
/// lecture into `area`.
pub(crate) fn render(lecture: &Lecture, step: usize, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let area = area.intersection(buf.area);
    if area.is_empty() {
        return;
    }
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let notice = format!(
            "The lecture needs at least {MIN_WIDTH}x{MIN_HEIGHT}; this area is {}x{}.",
            area.width, area.height
        );
        paint::Painter::new(buf, area).text(0, 0, &notice, theme.style(Role::Bad));
        return;
    }
    let steady = steady(lecture, step, area, theme);
    layout::draw(lecture.step_board(step), area, buf, theme, steady);
}

/// The measures every step of `step`'s scene shares at this size: the bit
/// row starts where the lowest step needs it, and every chart is as tall as
/// the shortest step allows, so nothing jumps as the steps go by.
fn steady(lecture: &Lecture, step: usize, area: Rect, theme: &Theme) -> layout::Steady {
    let (scene, _) = lecture.locate(step);
    let start = lecture.scene_start(scene);
    let steps = start..start + lecture.scene_len(scene);
    let plan = |g: usize, steady| layout::plan(lecture.step_board(g), area, theme, steady);
    let row_top = steps
        .clone()
        .filter_map(|g| plan(g, layout::Steady::default()).row_top)
        .max();
    let aligned = layout::Steady {
        row_top,
        chart_rows: None,
    };
    let chart_rows = steps.filter_map(|g| plan(g, aligned).chart_rows).min();
    layout::Steady {
        row_top,
        chart_rows,
    }
}
