//! The Lecture screen: the progress line, the board of the current step
//! (bit row, query, counters, crawler, plots, cards) planned once per scene
//! so nothing moves between steps, and the narration under it. Drawing
//! only: the board comes from the pure engine in `crate::lecture`.
//!
//! - [`part`]: what a board part says about itself (its kind, column,
//!   rows, growth, drawing and description), and [`PARTS`], the registry;
//! - [`plan`]: where each part goes for a whole scene, from the registry
//!   alone (it names no part);
//! - the parts, one file each: [`banner`], [`row`], [`counters`],
//!   [`headline`] (present mode's verdict and probe figure), [`crawler`],
//!   [`plots`], [`lineup`] (the line-up's bits per key against the
//!   floor) and [`cards`] (the four text cards; in present mode the
//!   question and the newest formula in big type);
//! - [`narration`]: the progress line and the narration;
//! - [`screens`]: the closing screen and the text view;
//! - [`plain`]: the lecture in plain mode (each step in sentences, the
//!   commands that step it);
//! - [`tab`]: the state (step, closing screen, jump field, toggles);
//! - [`action`], [`keys`], [`screen`]: the lecture as one of the app's
//!   screens (what its keys ask for, its key table, the screen traits).

pub(crate) mod action;
pub(crate) mod banner;
pub(crate) mod big_row;
pub(crate) mod cards;
pub(crate) mod counters;
pub(crate) mod crawler;
pub(crate) mod crawler_big;
pub(crate) mod headline;
pub(crate) mod keys;
pub(crate) mod lineup;
pub(crate) mod narration;
pub(crate) mod part;
pub(crate) mod plain;
pub(crate) mod plan;
pub(crate) mod plots;
pub(crate) mod row;
pub(crate) mod row_data;
pub(crate) mod screen;
pub(crate) mod screens;
pub(crate) mod tab;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::lecture::{Board, Lecture};
use crate::ui::layout::Recorder;
use crate::ui::paint::Painter;
use crate::ui::theme::{Role, Theme};
use cards::Card;
use part::{At, Kind, Layout, Options, Part};
use plan::ScenePlan;
use tab::LectureTab;

/// Every part of the board, top to bottom: a part goes under every part
/// before it here that shares a step and a column with it. Present mode's
/// big letters go under the parts they speak of, or above everything when
/// that covers more (see [`part::Place`]). A part missing here is
/// never placed, and its file's code is never used, which the compiler
/// reports.
pub(crate) static PARTS: &[&dyn Part] = &[
    &banner::BannerPart,
    &row::RowPart,
    &counters::CountersPart,
    &headline::VERDICT,
    &crawler::CrawlerPart,
    &headline::HEADLINE,
    &plots::ChartsPart,
    &Card::Predict,
    &Card::Derivation,
    &Card::Table,
    &Card::Notes,
    &Card::Recap,
    &lineup::LineupPart,
];

/// Smallest area the lecture screen draws into; below it a one-line notice
/// says so instead.
pub(crate) const MIN_WIDTH: u16 = 60;
/// See [`MIN_WIDTH`].
pub(crate) const MIN_HEIGHT: u16 = 16;

/// How the lecture is shown: present mode, and the extra text (the timer)
/// for present mode's progress line.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Shown<'a> {
    /// Present mode.
    pub present: bool,
    /// Put before the step count on present mode's progress line.
    pub extra: &'a str,
    /// Where the parts drawn are reported, while a layout is taken.
    pub layout: Option<&'a Recorder>,
}

/// Draws the lecture tab into `area`.
pub(crate) fn render(
    tab: &LectureTab,
    shown: Shown<'_>,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let area = area.intersection(buf.area);
    if area.is_empty() {
        return;
    }
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let notice = format!(
            "The lecture needs at least {MIN_WIDTH}x{MIN_HEIGHT}; this area is {}x{}.",
            area.width, area.height
        );
        Painter::new(buf, area).text(0, 0, &notice, theme.style(Role::Bad));
        record_drawn(shown.layout, "notice", area, buf);
        return;
    }
    let lecture = &tab.lecture;
    if tab.at_end {
        screens::closing(lecture, area, buf, theme);
        record_drawn(shown.layout, "closing", area, buf);
        return;
    }
    let shown_board = tab.board();
    let board: &Board = &shown_board;
    if tab.text_view {
        screens::text_view(board, area, buf, theme);
        record_drawn(shown.layout, "text-view", area, buf);
        return;
    }
    let opts = Options {
        present: shown.present,
        narration: tab.narration_shown(shown.present),
    };
    let scene = lecture.locate(tab.step).0;
    let plan = tab.plan_memo.get((scene, area, opts), || {
        plan::plan(lecture, scene, area, opts)
    });
    draw_step(board, &plan, shown, buf, theme);
    if let Some(field) = &tab.goto {
        screens::goto_line(field.text(), None, plan.progress, buf, theme);
    } else if let Some(field) = &tab.guess_field {
        let error = tab.guess_error.as_deref();
        screens::guess_line(field.text(), error, plan.progress, buf, theme);
    } else if let Some(error) = &tab.goto_error {
        screens::goto_line("", Some(error), plan.progress, buf, theme);
    }
    if let Some(rec) = shown.layout {
        for part in layout(board, &plan, shown.present) {
            // The progress line's words as drawn (with the clock, or the
            // field typed into over it).
            if part.kind == Kind::PROGRESS {
                rec.record_drawn(Kind::PROGRESS, part.rect, buf);
            } else {
                rec.record(part);
            }
        }
    }
}

/// Reports a part whose words are what was drawn in `rect`, when a
/// layout is being taken.
fn record_drawn(rec: Option<&Recorder>, kind: &'static str, rect: Rect, buf: &Buffer) {
    if let Some(rec) = rec {
        rec.record_drawn(Kind::new(kind), rect, buf);
    }
}

/// The plan of the scene holding global step `step`.
#[cfg(test)]
pub(crate) fn scene_plan(lecture: &Lecture, step: usize, area: Rect, opts: Options) -> ScenePlan {
    plan::plan(lecture, lecture.locate(step).0, area, opts)
}

/// Draws one step by the scene's plan.
fn draw_step(board: &Board, plan: &ScenePlan, shown: Shown<'_>, buf: &mut Buffer, theme: &Theme) {
    let opts = Options {
        present: shown.present,
        narration: plan.narration.is_some(),
    };
    if shown.present {
        narration::present_progress(board, shown.extra, plan.progress, buf, theme);
    } else {
        narration::progress(board, shown.extra, plan.progress, buf, theme);
    }
    if let Some(at) = plan.narration {
        narration::draw(board, narration_room(board, plan, opts, at), buf, theme);
    }
    let explained = plan.explains(board, opts);
    for (placed, rect) in plan.shown(board, opts) {
        // A part the board is too small for is drawn as far as it goes,
        // and its last row says how much is missing.
        let at = At {
            board,
            rect,
            notch: placed.notch,
            present: shown.present,
            explained,
        };
        placed.fitted.draw(&at, buf, theme);
        let visible = placed.rect.intersection(plan.board).height;
        let missing = placed.rect.height.saturating_sub(visible);
        if missing > 0 && rect.height > 0 {
            let notice = cards::more_lines(usize::from(missing));
            let last = Rect {
                y: rect.bottom() - 1,
                height: 1,
                ..rect
            };
            Painter::new(buf, last).text(1, 0, &format!(" {notice} "), theme.style(Role::Warn));
        }
    }
}

/// What a step puts where: the progress line, each part the board shows
/// (its kind, where it is drawn, how large its letters are and what it
/// says) and the narration, top to bottom.
pub(crate) fn layout(board: &Board, plan: &ScenePlan, present: bool) -> Vec<Layout> {
    let opts = Options {
        present,
        narration: plan.narration.is_some(),
    };
    let mut out = vec![Layout::plain(
        Kind::PROGRESS,
        plan.progress,
        vec![board.scene_title.clone()],
    )];
    let explained = plan.explains(board, opts);
    for (placed, rect) in plan.shown(board, opts) {
        if rect.is_empty() {
            continue;
        }
        let at = At {
            board,
            rect,
            notch: placed.notch,
            present,
            explained,
        };
        let shows = placed.fitted.describe(&at);
        out.push(Layout {
            kind: placed.part.place().kind,
            rect,
            scale: shows.scale,
            text: shows.text,
            cell: shows.cell,
        });
    }
    if let Some(at) = plan.narration {
        let rect = narration_room(board, plan, opts, at);
        out.push(Layout::plain(
            Kind::NARRATION,
            rect,
            narration::lines(board, rect.width),
        ));
    }
    out.sort_by_key(|l| (l.rect.y, l.rect.x));
    out
}

/// The narration's rows for this step. Its planned rows first, grown
/// upwards into the rows under the lowest part this step draws (with a
/// blank row above its rule when there is one to spare); when its lines
/// still do not fit, the tallest run of rows this step leaves empty, if
/// that is taller.
fn narration_room(board: &Board, plan: &ScenePlan, opts: Options, at: Rect) -> Rect {
    let want = u16::try_from(narration::lines(board, at.width).len() + 1).unwrap_or(u16::MAX);
    if want <= at.height {
        return at;
    }
    let drawn: Vec<Rect> = plan
        .shown(board, opts)
        .map(|(_, rect)| rect)
        .filter(|r| !r.is_empty())
        .collect();
    let used = drawn
        .iter()
        .map(|r| r.bottom())
        .max()
        .unwrap_or(plan.board.y);
    let free_top = used.min(at.y);
    let room = at.bottom() - free_top;
    // The blank row between the board and the rule goes first.
    let top = if room > want {
        at.bottom() - want
    } else {
        free_top
    };
    let below = Rect {
        y: top,
        height: at.bottom() - top,
        ..at
    };
    if below.height >= want {
        return below;
    }
    let band = free_band(&drawn, plan.board.y, at.bottom());
    match band {
        Some((y, h)) if h > below.height => {
            // Keep a blank row either side when the run has them to spare.
            let spare = h.saturating_sub(want);
            let y = y + u16::from(spare >= 2 && y > plan.board.y);
            Rect {
                y,
                height: want.min(h),
                ..at
            }
        }
        _ => below,
    }
}

/// The tallest run of rows from `top` to `bottom` that no rect in
/// `drawn` touches, as its first row and height.
fn free_band(drawn: &[Rect], top: u16, bottom: u16) -> Option<(u16, u16)> {
    let mut best: Option<(u16, u16)> = None;
    let mut start = None;
    for y in top..=bottom {
        let busy = y == bottom || drawn.iter().any(|r| r.y <= y && y < r.bottom());
        match (busy, start) {
            (false, None) => start = Some(y),
            (true, Some(from)) => {
                let h = y - from;
                if best.is_none_or(|(_, b)| h > b) {
                    best = Some((from, h));
                }
                start = None;
            }
            _ => {}
        }
    }
    best
}

/// Each step of scene `scene` with its board alone, for a printed handout:
/// the parts placed by the scene's plan at `width` columns, with no
/// progress line, no narration and no prediction card (the handout prints
/// those as text). The height is the least at which no part of the scene
/// is cut (plus `extra` rows for the plan to grow its parts into), so the
/// figures are compact; rows nothing is drawn on are left blank.
pub(crate) fn boards_alone(
    lecture: &Lecture,
    scene: usize,
    width: u16,
    extra: u16,
    theme: &Theme,
) -> Vec<Buffer> {
    let opts = Options {
        present: false,
        narration: false,
    };
    let plan_at = |height: u16| plan::plan(lecture, scene, Rect::new(0, 0, width, height), opts);
    let whole = |plan: &ScenePlan| {
        plan.parts
            .iter()
            .all(|p| p.rect.bottom() <= plan.board.bottom())
    };
    // The least height at which nothing is cut, by halving: a taller area
    // never cuts a part a shorter one kept.
    let (mut low, mut high) = (MIN_HEIGHT, crate::limits::RENDER_SIZE.max as u16);
    while low < high {
        let mid = low + (high - low) / 2;
        if whole(&plan_at(mid)) {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    let plan = plan_at(low.saturating_add(extra));
    let start = lecture.scene_start(scene);
    (start..start + lecture.scene_len(scene))
        .map(|step| {
            let board = lecture.shown_board(step, false);
            let mut buf = Buffer::empty(Rect::new(0, 0, width, plan.board.bottom()));
            buf.set_style(buf.area, theme.base());
            // The handout prints the question and its answer as text, so
            // the predict card is left off the figure.
            for (placed, rect) in plan.shown(board, opts) {
                if placed.part.place().kind == Card::Predict.place().kind {
                    continue;
                }
                let at = At {
                    board,
                    rect,
                    notch: placed.notch,
                    present: false,
                    explained: plan.explains(board, opts),
                };
                placed.fitted.draw(&at, &mut buf, theme);
            }
            buf
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_has_a_kind_of_its_own() {
        // The one shared kind: the curves and the line-up's bars are both
        // charts to a reader of the layout, and no built-in scene shows both.
        let lineup = lineup::LineupPart.place().kind;
        assert_eq!(lineup, plots::ChartsPart.place().kind);
        let mut kinds: Vec<Kind> = PARTS
            .iter()
            .filter(|p| p.place() != lineup::LineupPart.place())
            .map(|p| p.place().kind)
            .collect();
        kinds.extend([Kind::PROGRESS, Kind::NARRATION]);
        let count = kinds.len();
        kinds.sort_unstable();
        kinds.dedup();
        assert_eq!(kinds.len(), count, "{kinds:?}");
    }
}
