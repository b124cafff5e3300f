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
/// Fewest rows a chart's frame takes (eight inside the frame and axes would
/// not fit an 80x22 lecture area beside the narration); below that, text
/// panels move beside the chart or are left out.
pub(super) const MIN_CHART: u16 = 10;
/// Narrowest chart worth drawing when text panels sit beside it.
const MIN_CHART_WIDTH: u16 = 36;

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

/// Scene-wide measures that keep the board steady from step to step: the
/// chart height every step of the scene uses, and the row where the bit
/// row's section starts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Steady {
    /// Rows of every chart frame in the scene (the smallest any step allows).
    pub chart_rows: Option<u16>,
    /// Screen row of the bit row section's top (the lowest any step needs).
    pub row_top: Option<u16>,
}

/// Where everything goes for one step.
#[derive(Debug, Default)]
pub(super) struct Plan {
    narration: Rect,
    centred_banner: Option<Rect>,
    parts: Vec<(Part, Rect)>,
    plots: Vec<(Element, Rect)>,
    /// Rows of the chart frames, when the step shows plots.
    pub chart_rows: Option<u16>,
    /// Screen row of the bit row section's top, when it is shown.
    pub row_top: Option<u16>,
}

/// Stacks parts from the top of `area`; returns where each went and the
/// rows used. Parts that no longer fit are left out rather than drawn cut.
fn stack(board: &Board, parts: &[Part], area: Rect, full: u16) -> (Vec<(Part, Rect)>, u16) {
    let mut y = 0;
    let mut placed = Vec::new();
    for &part in parts {
        let h = height(board, part, full);
        if y + h > area.height {
            continue;
        }
        placed.push((
            part,
            Rect {
                y: area.y + y,
                height: h,
                ..area
            },
        ));
        y += h;
    }
    (placed, y)
}

fn needed(board: &Board, parts: &[Part], full: u16) -> u16 {
    parts.iter().map(|&p| height(board, p, full)).sum()
}

/// Columns a text panel wants.
fn part_width(board: &Board, part: Part) -> u16 {
    match part {
        Part::Derivation => panels::derivation_width(board),
        Part::Table => panels::table_width(board),
        Part::Notes => panels::notes_width(board),
        _ => 0,
    }
}

/// Rows the board needs above the narration: its fixed parts plus the
/// smallest chart, with the text panels beside the plots on wide screens.
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
        MIN_CHART.max(side_need)
    } else {
        // Panels that do not fit under the chart go beside it or are left
        // out, so only the chart and a two-line caption are owed rows.
        MIN_CHART + 2
    };
    needed(board, top, full) + below
}

/// Lays out step `board` in `area`, keeping to the scene's `steady` measures.
pub(super) fn plan(board: &Board, area: Rect, theme: &Theme, steady: Steady) -> Plan {
    let mut out = Plan::default();
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
    out.narration = Rect {
        y: body.bottom() - narration_rows,
        height: narration_rows,
        ..body
    };

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
        out.centred_banner = Some(board_area);
        return out;
    }
    // Without plots the board would hug the top of a tall screen; a margin
    // that depends only on the screen's height keeps the row from jumping
    // between steps.
    let mut board_area = if plot_list.is_empty() {
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
    // Line the bit row up with the rest of its scene.
    if let (Some(target), Some(Part::Row)) = (steady.row_top, top.first()) {
        let shift = target
            .saturating_sub(board_area.y)
            .min(board_area.height.saturating_sub(1));
        board_area.y += shift;
        board_area.height -= shift;
    }
    let (placed, used) = stack(board, &top, board_area, area.height);
    out.row_top = placed
        .iter()
        .find(|(p, _)| *p == Part::Row)
        .map(|(_, r)| r.y);
    out.parts = placed;
    let rest = Rect {
        y: board_area.y + used,
        height: board_area.height - used,
        ..board_area
    };
    if plot_list.is_empty() {
        let (placed, _) = stack(board, &side, rest, area.height);
        out.parts.extend(placed);
        return out;
    }
    let caption_rows = |width: u16| {
        plot_list
            .iter()
            .map(|e| plots::caption_rows(board, *e, width / plot_count(&plot_list), theme))
            .max()
            .unwrap_or(0)
    };
    let side_need = needed(board, &side, area.height);
    // Text panels go under the plots when the chart keeps its height,
    // beside them when it would not, and are left out when neither fits.
    let beside = wide
        || rest
            .height
            .saturating_sub(side_need)
            .saturating_sub(caption_rows(rest.width))
            < MIN_CHART;
    // On a narrow screen the derivation stays under the chart, showing its
    // newest lines; the table and notes go beside the chart or are left out.
    let trimmed = beside && !wide && side.contains(&Part::Derivation);
    let (plot_area, side_area, side) = if beside {
        let room = rest.width.saturating_sub(MIN_CHART_WIDTH);
        let kept: Vec<Part> = side
            .iter()
            .copied()
            .filter(|&p| wide || (p != Part::Derivation && part_width(board, p) <= room))
            .collect();
        let want = kept
            .iter()
            .map(|&p| part_width(board, p))
            .max()
            .unwrap_or(0);
        let side_w = if wide {
            want.max(40).min(rest.width / 2)
        } else {
            want
        };
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
            kept,
        )
    } else {
        (
            Rect {
                height: rest.height - side_need,
                ..rest
            },
            Rect {
                y: rest.y + rest.height - side_need,
                height: side_need,
                ..rest
            },
            side,
        )
    };
    let caption_rows = caption_rows(plot_area.width);
    let chart = plot_area.height.saturating_sub(caption_rows);
    let chart = if trimmed {
        // Fewest rows a derivation panel shows: its frame and one line.
        let derivation_min = 3;
        let room = chart.saturating_sub(MIN_CHART);
        if room >= derivation_min {
            MIN_CHART.max(chart.saturating_sub(height(board, Part::Derivation, area.height)))
        } else {
            chart
        }
    } else {
        chart
    };
    let chart = steady.chart_rows.map_or(chart, |c| chart.min(c));
    let plot_h = chart + caption_rows;
    if trimmed && plot_area.height >= plot_h + 3 {
        out.parts.push((
            Part::Derivation,
            Rect {
                y: plot_area.y + plot_h,
                height: plot_area.height - plot_h,
                ..plot_area
            },
        ));
    }
    // Panels under the plots move up against them when the chart is held
    // shorter than its room.
    let side_area = if beside {
        side_area
    } else {
        Rect {
            y: plot_area.y + plot_h,
            height: rest.height - plot_h,
            ..side_area
        }
    };
    let (placed, _) = stack(board, &side, side_area, area.height);
    out.parts.extend(placed);
    if chart < 3 {
        return out;
    }
    out.chart_rows = Some(chart);
    // Several plots share the area side by side.
    let count = plot_count(&plot_list);
    let each = plot_area.width / count;
    for (i, element) in plot_list.iter().enumerate() {
        let i = u16::try_from(i).unwrap_or(0);
        let w = if i + 1 == count {
            plot_area.width - each * i
        } else {
            each
        };
        out.plots.push((
            *element,
            Rect {
                x: plot_area.x + each * i,
                width: w,
                height: plot_h,
                ..plot_area
            },
        ));
    }
    out
}

fn plot_count(list: &[Element]) -> u16 {
    u16::try_from(list.len()).unwrap_or(1).max(1)
}

/// Draws the whole lecture screen for `board` into `area`, keeping to the
/// scene's `steady` measures.
pub(super) fn draw(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme, steady: Steady) {
    let progress = Rect { height: 1, ..area };
    panels::progress(board, progress, buf, theme);
    let plan = plan(board, area, theme, steady);
    panels::narration(board, plan.narration, buf, theme);
    if let Some(at) = plan.centred_banner {
        panels::banner(board, at, buf, theme);
        return;
    }
    for (part, at) in &plan.parts {
        draw_part(board, *part, *at, buf, theme);
    }
    let chart = plan.chart_rows.unwrap_or(0);
    for (element, at) in &plan.plots {
        plots::draw(board, *element, *at, chart, buf, theme);
    }
}
