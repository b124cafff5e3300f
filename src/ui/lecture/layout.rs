//! Where each part of the lecture screen goes: progress line on top,
//! narration and key hints at the bottom, the board's parts stacked in
//! between (side by side on wide screens), plots taking what is left.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::{panels, plots, row};
use crate::lecture::{Board, Element};
use crate::ui::theme::Theme;

/// Width from which text panels go beside the plots instead of under them.
const SIDE_BY_SIDE: u16 = 120;
/// Fewest rows a plot is drawn in.
const MIN_PLOT: u16 = 7;

/// A fixed-height part of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Banner,
    Row,
    Counters,
    Crawler,
    Derivation,
    Table,
    Notes,
}

fn height(board: &Board, part: Part, area_height: u16) -> u16 {
    match part {
        Part::Banner => panels::banner_height(area_height),
        Part::Row => row::height(board, area_height),
        Part::Counters => row::counters_height(board),
        Part::Crawler => panels::CRAWLER_HEIGHT,
        Part::Derivation => panels::list_height(board.derivation.len()),
        Part::Table => panels::table_height(board),
        Part::Notes => panels::list_height(board.notes.len()),
    }
}

fn draw_part(board: &Board, part: Part, area: Rect, buf: &mut Buffer, theme: &Theme) {
    match part {
        Part::Banner => panels::banner(board, area, buf, theme),
        Part::Row => row::draw(board, area, buf, theme),
        Part::Counters => row::draw_counters(board, area, buf, theme),
        Part::Crawler => panels::crawler(board, area, buf, theme),
        Part::Derivation => panels::derivation(board, area, buf, theme),
        Part::Table => panels::table(board, area, buf, theme),
        Part::Notes => panels::notes(board, area, buf, theme),
    }
}

/// Parts above the plots, in order.
fn top_parts(board: &Board) -> Vec<Part> {
    let mut parts = Vec::new();
    if board.shows(Element::Banner) && board.banner.is_some() {
        parts.push(Part::Banner);
    }
    if board.shows(Element::Row) && board.row.is_some() {
        parts.push(Part::Row);
    }
    if board.shows(Element::Counters) {
        parts.push(Part::Counters);
    }
    if board.shows(Element::Crawler) {
        parts.push(Part::Crawler);
    }
    parts
}

/// Text panels that sit beside or under the plots.
fn side_parts(board: &Board) -> Vec<Part> {
    let mut parts = Vec::new();
    if board.shows(Element::Derivation) && !board.derivation.is_empty() {
        parts.push(Part::Derivation);
    }
    if board.shows(Element::Table) && !board.table.is_empty() {
        parts.push(Part::Table);
    }
    if board.shows(Element::Notes) && !board.notes.is_empty() {
        parts.push(Part::Notes);
    }
    parts
}

/// Stacks parts from the top of `area`; returns the rows used. Parts that
/// no longer fit are left out rather than drawn cut.
fn stack(
    board: &Board,
    parts: &[Part],
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
    full: u16,
) -> u16 {
    let mut y = 0;
    for &part in parts {
        let h = height(board, part, full);
        if y + h > area.height {
            continue;
        }
        let at = Rect {
            y: area.y + y,
            height: h,
            ..area
        };
        draw_part(board, part, at, buf, theme);
        y += h;
    }
    y
}

fn needed(board: &Board, parts: &[Part], full: u16) -> u16 {
    parts.iter().map(|&p| height(board, p, full)).sum()
}

/// Rows the board needs above the narration: its fixed parts plus the
/// smallest plot, with the text panels beside or under the plots.
fn board_rows(
    board: &Board,
    top: &[Part],
    side: &[Part],
    has_plots: bool,
    wide: bool,
    full: u16,
) -> u16 {
    let side_need = needed(board, side, full);
    let below = if !has_plots {
        side_need
    } else if wide {
        MIN_PLOT.max(side_need)
    } else {
        MIN_PLOT + side_need
    };
    needed(board, top, full) + below
}

/// Draws the whole lecture screen for `board` into `area`.
pub fn draw(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let progress = Rect { height: 1, ..area };
    panels::progress(board, progress, buf, theme);
    let top = top_parts(board);
    let side = side_parts(board);
    let plot_list = plots::visible(board);
    let wide = area.width >= SIDE_BY_SIDE && !plot_list.is_empty() && !side.is_empty();
    let board_need = board_rows(board, &top, &side, !plot_list.is_empty(), wide, area.height);
    let narration_lines =
        u16::try_from(panels::narration_lines(board, area.width).len()).unwrap_or(u16::MAX);
    let want = narration_lines.saturating_add(1);

    // The app's own footer lists the keys, so the whole height below the
    // progress line belongs to the board and the narration.
    let body = Rect {
        y: area.y + 1,
        height: area.height.saturating_sub(1),
        ..area
    };

    let spare = body.height.saturating_sub(board_need);
    let narration_rows = want.min(spare.max(3)).min(body.height);
    let narration_area = Rect {
        y: body.bottom() - narration_rows,
        height: narration_rows,
        ..body
    };
    panels::narration(board, narration_area, buf, theme);

    let board_area = Rect {
        height: body.height - narration_rows,
        ..body
    };
    // Leave one blank row above the narration when there is room for it.
    let board_area = if board_area.height > board_need {
        Rect {
            height: board_area.height - 1,
            ..board_area
        }
    } else {
        board_area
    };
    // A title alone on the board sits in the middle of it.
    if top == [Part::Banner] && side.is_empty() && plot_list.is_empty() {
        panels::banner(board, board_area, buf, theme);
        return;
    }
    // Without plots the board would hug the top of a tall screen; a margin
    // that depends only on the screen's height keeps the row from jumping
    // between steps.
    let board_area = if plot_list.is_empty() {
        let spare = board_area.height.saturating_sub(board_need);
        let margin = (board_area.height / 8).min(spare);
        Rect {
            y: board_area.y + margin,
            height: board_area.height - margin,
            ..board_area
        }
    } else {
        board_area
    };
    let used = stack(board, &top, board_area, buf, theme, area.height);
    let rest = Rect {
        y: board_area.y + used,
        height: board_area.height - used,
        ..board_area
    };
    if plot_list.is_empty() {
        stack(board, &side, rest, buf, theme, area.height);
        return;
    }
    let (plot_area, side_area) = if wide {
        let side_w = panels::side_width(board).max(40).min(rest.width / 2);
        (
            Rect {
                width: rest.width - side_w,
                ..rest
            },
            Rect {
                x: rest.x + rest.width - side_w,
                width: side_w,
                ..rest
            },
        )
    } else {
        let side_h = needed(board, &side, area.height).min(rest.height.saturating_sub(MIN_PLOT));
        (
            Rect {
                height: rest.height - side_h,
                ..rest
            },
            Rect {
                y: rest.y + rest.height - side_h,
                height: side_h,
                ..rest
            },
        )
    };
    stack(board, &side, side_area, buf, theme, area.height);
    if plot_area.height < MIN_PLOT {
        return;
    }
    // Several plots share the area side by side.
    let count = u16::try_from(plot_list.len()).unwrap_or(1).max(1);
    let each = plot_area.width / count;
    for (i, element) in plot_list.iter().enumerate() {
        let i = u16::try_from(i).unwrap_or(0);
        let w = if i + 1 == count {
            plot_area.width - each * i
        } else {
            each
        };
        let at = Rect {
            x: plot_area.x + each * i,
            width: w,
            ..plot_area
        };
        plots::draw(board, *element, at, buf, theme);
    }
}
