//! Where each part of a scene goes. A scene is planned once, from all its
//! steps together, so every part keeps one place and one size from the
//! first step that shows it to the last: nothing moves while the teacher
//! talks. Parts that are never on screen at the same time may share rows.
//!
//! The planner names no part: it reads what each part of
//! [`super::PARTS`] says about itself (see [`super::part`]). Planning runs
//! in three passes:
//! 1. fit: each part measures its smallest height over the steps that
//!    show it, at the width of its column;
//! 2. pack: parts go top to bottom in the registry's order, except that
//!    of two parts on screen together the one that arrived first goes
//!    higher; each goes under every earlier part that shares a step and a
//!    column with it;
//! 3. grow: in present mode the focal parts take their first big size,
//!    and the take-aways theirs where the planner tries it; then the
//!    rows left over go, one notch at a time, to the part whose
//!    growth leaves the emptiest step least empty (taller cells, a taller
//!    chart, a bigger title, a larger crawler, a taller spotlight). Cards
//!    never grow: a frame taller than its lines is empty rows the
//!    narration could use.

use std::rc::Rc;

use ratatui::layout::Rect;

use super::PARTS;
use super::narration;
pub(crate) use super::part::Options;
use super::part::{BIG_WIDTH, Column, Fitted, Fitting, Letters, Part, RUNGS, Rung};
use crate::lecture::{Board, Lecture};

/// Rows of board from which present mode's big parts span the board.
const WIDE_FROM_ROWS: u16 = 30;

/// Notches a chart keeps when it gives a row to present mode's blank top
/// row: fewer, and its curve flattens.
const CHART_SPARE: u16 = 4;

/// The part of the board (numerator, denominator) a chart keeps for its
/// curve when a focal part beside it grows past its first big size.
const CHART_SHARE: (u16, u16) = (2, 5);

/// The part (numerator, denominator) of its rows a chart's curve keeps
/// when a take-away beside it is set big.
const CURVE_KEPT: (u16, u16) = (3, 4);

/// Narrowest chart worth drawing beside the cards.
const MIN_CHART_WIDTH: u16 = 40;
/// Narrowest card column beside a chart.
const MIN_SIDE: u16 = 32;

/// One placed part.
#[derive(Clone)]
pub(crate) struct Placed {
    /// Which part.
    pub part: &'static dyn Part,
    /// The part as fitted to the scene.
    pub fitted: Rc<dyn Fitted>,
    /// Where, for the whole scene.
    pub rect: Rect,
    /// Rows its content needs at the most, at this width.
    pub need: u16,
    /// How far it grew from its smallest.
    pub notch: u16,
    /// Its place in [`PARTS`].
    index: usize,
}

impl std::fmt::Debug for Placed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Placed")
            .field("part", &self.part.place().kind)
            .field("rect", &self.rect)
            .field("need", &self.need)
            .field("notch", &self.notch)
            .finish()
    }
}

impl PartialEq for Placed {
    fn eq(&self, other: &Self) -> bool {
        (self.part.place().kind, self.rect, self.need, self.notch)
            == (other.part.place().kind, other.rect, other.need, other.notch)
    }
}

impl Eq for Placed {}

impl Placed {
    /// Where the part is drawn on this board: its planned place cut to the
    /// board, and only the rows the step uses.
    fn drawn(&self, board: &Board, plan: &ScenePlan) -> Rect {
        self.fitted.used(board, self.rect.intersection(plan.board))
    }
}

/// The plan of one scene at one size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ScenePlan {
    /// The progress line.
    pub progress: Rect,
    /// The board: every part lies inside it.
    pub board: Rect,
    /// The narration, when shown.
    pub narration: Option<Rect>,
    /// The board's parts.
    pub parts: Vec<Placed>,
    /// How much of present mode's big type the scene keeps.
    pub rung: Rung,
}

impl ScenePlan {
    /// Where a part is drawn, if the scene has it.
    #[cfg(test)]
    pub(crate) fn rect(&self, kind: super::part::Kind) -> Option<Rect> {
        self.parts
            .iter()
            .find(|p| p.part.place().kind == kind)
            .map(|p| p.rect)
    }

    /// How far the part kept tall (the charts) grew, 0 when the scene has
    /// none.
    pub(crate) fn tall_notch(&self) -> u16 {
        self.parts
            .iter()
            .find(|p| p.part.place().kept_tall)
            .map_or(0, |p| p.notch)
    }

    /// Whether a part on `board` gives the reason for the query's verdict
    /// itself (see [`Fitted::explains`]).
    pub(crate) fn explains(&self, board: &Board, opts: Options) -> bool {
        self.parts
            .iter()
            .any(|p| p.fitted.explains(p.notch) && shows_at(p.part, board, opts, self.rung))
    }

    /// The parts this board shows, each with where it is drawn.
    pub(crate) fn shown<'a>(
        &'a self,
        board: &'a Board,
        opts: Options,
    ) -> impl Iterator<Item = (&'a Placed, Rect)> + 'a {
        self.parts
            .iter()
            .filter(move |p| shows_at(p.part, board, opts, self.rung))
            .map(move |p| (p, p.drawn(board, self)))
    }
}

/// The steps of a scene, by global index.
fn scene_steps(lecture: &Lecture, scene: usize) -> std::ops::Range<usize> {
    let start = lecture.scene_start(scene);
    start..start + lecture.scene_len(scene)
}

/// Every board a scene can show: each step as first shown and, for a
/// predict step, revealed too, so the reveal moves nothing.
fn scene_boards(lecture: &Lecture, scene: usize) -> Vec<&Board> {
    scene_steps(lecture, scene)
        .flat_map(|g| std::iter::once(lecture.step_board(g)).chain(lecture.revealed_board(g)))
        .collect()
}

/// Whether `part` is on the board after a step: as the part says, and for
/// a part that keeps to steps of cards alone, only where nothing outside
/// the cards' column shows.
pub(crate) fn shows(part: &dyn Part, board: &Board, opts: Options) -> bool {
    if part.place().alone_with_cards.is_some() {
        let others = PARTS
            .iter()
            .filter(|p| p.place().column != Column::Cards && p.place().alone_with_cards.is_none());
        if others.into_iter().any(|p| p.shows(board, opts)) {
            return false;
        }
    }
    part.shows(board, opts)
}

/// Whether `part` is on the board in a scene planned at `rung`: as
/// [`shows`] says, but for big letters the rung leaves off this board.
pub(crate) fn shows_at(part: &dyn Part, board: &Board, opts: Options, rung: Rung) -> bool {
    letters_room(part, board, opts, rung)
        && !(rung.subtitle && part.is_subtitle(board, opts))
        && shows(part, board, opts)
}

/// Whether the rung leaves `part` room on the board: any part but big
/// letters, which go where the rung says.
fn letters_room(part: &dyn Part, board: &Board, opts: Options, rung: Rung) -> bool {
    !part.place().big_letters
        || match rung.letters {
            Letters::Everywhere => true,
            Letters::Nowhere => false,
            Letters::AwayFromFocal => !PARTS
                .iter()
                .any(|p| p.place().focal && shows(*p, board, opts)),
        }
}

/// Columns the parts use: the charts in the main column and the cards in
/// their own column beside them (or both across the board when there is
/// one column); everything else across the board, so the bit row keeps its
/// full width and a card that shares a step with it goes underneath.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Columns {
    full: (u16, u16),
    main: (u16, u16),
    cards: (u16, u16),
    /// On a wide screen the row and the diagrams join the charts in the
    /// main column, so a tall card beside them never pushes them up.
    all_beside: bool,
}

impl Columns {
    /// The columns `place` spans, in present mode or not.
    fn span_of(&self, place: super::part::Place, present: bool) -> (u16, u16) {
        if present && place.wide_when_present {
            self.full
        } else {
            self.span(place.column)
        }
    }

    fn span(&self, column: Column) -> (u16, u16) {
        match column {
            Column::Full => self.full,
            Column::Main => self.main,
            Column::Cards => self.cards,
            Column::Wide if self.all_beside => self.main,
            Column::Wide => self.full,
        }
    }
}

fn overlaps(a: (u16, u16), b: (u16, u16)) -> bool {
    a.0 < b.0 + b.1 && b.0 < a.0 + a.1
}

/// One part of [`PARTS`] as a scene has it.
struct Entry {
    part: &'static dyn Part,
    /// For each board, whether the part shows on it (worked out once: the
    /// spotlight's glyph check draws letters and the planner asks often).
    life: Vec<bool>,
    /// The part fitted to the scene, when any board shows it.
    fitted: Option<Rc<dyn Fitted>>,
}

/// Everything the planner needs about one scene.
struct Scene<'a> {
    boards: Vec<&'a Board>,
    board_area: Rect,
    columns: Columns,
    /// The registry's parts, in its order.
    entries: Vec<Entry>,
    /// How much of present mode's big type the scene keeps (the big
    /// letters and the row's big words go, in [`RUNGS`]' order, when the
    /// board is too small).
    rung: Rung,
    /// Whether the big letters go under the parts they speak of (the
    /// registry's order) rather than above everything.
    low: bool,
    /// Present mode on a board tall enough for its parts set big to span
    /// the board.
    present: bool,
    /// Whether the take-aways take their first big size before the other
    /// parts grow (see [`super::part::Place::takeaway`]).
    takeaways: bool,
}

/// What a scene is planned with beyond its boards and area: whether the
/// big letters go under the parts they speak of (the registry's order)
/// rather than above everything, whether charts set what they plot big
/// (see [`Fitting::headings`]), whether the title takes the notes
/// shown with it as its subtitle (see [`Rung::subtitle`]), and whether
/// notes beside a curve are set big (see [`Fitting::takeaways`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Tries {
    low: bool,
    headings: bool,
    subtitle: bool,
    takeaways: bool,
}

/// How far each part has grown, by its place in [`PARTS`].
type Sizes = Vec<u16>;

impl<'a> Scene<'a> {
    fn new(
        boards: &[&'a Board],
        opts: Options,
        board_area: Rect,
        columns: Columns,
        tries: Tries,
    ) -> Self {
        // Out of present mode there is no big type to give up.
        let rungs: &[Rung] = if opts.present { &RUNGS } else { &[Rung::LEAST] };
        let mut scene = None;
        for &rung in rungs {
            let at = Scene::at_rung(boards, opts, board_area, columns, rung, tries);
            // A rung that keeps big letters but sets none (its steps'
            // headlines fit no size in its rows) is only the rung without
            // them: a later one that keeps them on fewer steps (away from
            // a question) may set them, and the rung without them comes
            // after that.
            if rung.letters != Letters::Nowhere && !at.sets_letters() {
                continue;
            }
            let fits = at.pack(&at.focal_first()).1 <= board_area.height;
            scene = Some(at);
            if fits {
                break;
            }
        }
        scene.unwrap_or_else(|| {
            Scene::at_rung(boards, opts, board_area, columns, Rung::LEAST, tries)
        })
    }

    fn at_rung(
        boards: &[&'a Board],
        opts: Options,
        board_area: Rect,
        columns: Columns,
        rung: Rung,
        tries: Tries,
    ) -> Self {
        let rung = rung.with_subtitle(tries.subtitle);
        // Parts set big in present mode span the board when it is a wall's
        // worth of rows; on a small screen they keep their column.
        let wide = opts.present && board_area.height >= WIDE_FROM_ROWS;
        let cards_beside = columns.cards.0 > 0;
        let entries = PARTS
            .iter()
            .map(|&part| {
                let place = part.place();
                // A part alone with the cards needs a wide enough board with
                // the cards beside; big letters need the scene to keep them.
                let room = place
                    .alone_with_cards
                    .is_none_or(|width| board_area.width >= width && cards_beside);
                let life: Vec<bool> = boards
                    .iter()
                    .map(|b| room && shows_at(part, b, opts, rung))
                    .collect();
                let fitted = life.contains(&true).then(|| {
                    let fitting = Fitting {
                        boards,
                        life: &life,
                        opts,
                        rung,
                        board: board_area,
                        width: columns.span_of(part.place(), wide).1,
                        headings: tries.headings,
                        takeaways: tries.takeaways,
                    };
                    Rc::from(part.fit(&fitting))
                });
                Entry { part, life, fitted }
            })
            .collect();
        Scene {
            boards: boards.to_vec(),
            board_area,
            columns,
            entries,
            rung,
            low: tries.low,
            present: wide,
            takeaways: tries.takeaways,
        }
    }

    /// Whether the scene sets any big letters.
    fn sets_letters(&self) -> bool {
        self.entries
            .iter()
            .any(|e| e.part.place().big_letters && e.fitted.as_ref().is_some_and(|f| f.rows(0) > 0))
    }

    /// Every part at its smallest.
    fn smallest(&self) -> Sizes {
        vec![0; self.entries.len()]
    }

    /// Every part at its smallest but the focal parts, at their first big
    /// size: what a rung must fit, so that giving up the row's big words
    /// or the big letters is never paid for with a question in small type.
    fn focal_first(&self) -> Sizes {
        self.entries
            .iter()
            .map(|e| {
                let first = e.part.place().focal && e.fitted.as_ref().is_some_and(|f| f.grows(0));
                u16::from(first)
            })
            .collect()
    }

    /// The parts top to bottom, by their place in [`PARTS`]: the
    /// registry's order, or with the big letters first when they go above
    /// everything.
    fn order(&self) -> Vec<usize> {
        let all = 0..self.entries.len();
        let big = |i: &usize| self.entries[*i].part.place().big_letters;
        let registry: Vec<usize> = if self.low {
            all.collect()
        } else {
            all.clone()
                .filter(big)
                .chain(all.filter(|i| !big(i)))
                .collect()
        };
        // Of two parts on screen together, the one that arrived first goes
        // higher: a formula derived before its chart is drawn keeps the top
        // of the board rather than waiting under rows kept for the chart.
        // A part counts from the start of its longest stay (the latest of
        // equal ones), so a note that comes and goes does not push ahead;
        // big letters keep their place.
        let arrival = |i: usize| {
            let life = &self.entries[i].life;
            let (mut best, mut start) = ((0, usize::MAX), 0);
            for (at, &shows) in life.iter().enumerate() {
                if !shows {
                    start = at + 1;
                } else if at + 1 - start >= best.0 {
                    best = (at + 1 - start, start);
                }
            }
            best.1
        };
        // Together on a step as the class first sees it (a revealed board
        // shows what its step held back).
        let together = |a: usize, b: usize| {
            let (a, b) = (&self.entries[a].life, &self.entries[b].life);
            self.boards
                .iter()
                .zip(a.iter().zip(b))
                .any(|(board, (x, y))| {
                    *x && *y && !board.predict.as_ref().is_some_and(|p| p.revealed)
                })
        };
        let trails = |i: usize| self.entries[i].part.place().trailing;
        let mut out: Vec<usize> = Vec::new();
        for i in registry {
            let before = out.iter().position(|&j| {
                !big(&i) && !big(&j) && !trails(i) && together(i, j) && arrival(i) < arrival(j)
            });
            match before {
                Some(at) => out.insert(at, i),
                None => out.push(i),
            }
        }
        out
    }

    /// Places every part the scene has; returns the parts and the rows used.
    fn pack(&self, sizes: &Sizes) -> (Vec<Placed>, u16) {
        let mut placed: Vec<(Placed, &[bool])> = Vec::new();
        let mut bottom = 0;
        for i in self.order() {
            let entry = &self.entries[i];
            let Some(fitted) = &entry.fitted else {
                continue;
            };
            let life = entry.life.as_slice();
            let span = self.columns.span_of(entry.part.place(), self.present);
            let top = placed
                .iter()
                .filter(|(q, qlife)| {
                    overlaps(self.columns.span_of(q.part.place(), self.present), span)
                        && qlife.iter().zip(life).any(|(a, b)| *a && *b)
                })
                .map(|(q, _)| q.rect.bottom() - self.board_area.y)
                .max()
                .unwrap_or(0);
            let h = fitted.rows(sizes[i]);
            let rect = Rect::new(
                self.board_area.x + span.0,
                self.board_area.y + top,
                span.1,
                h,
            );
            bottom = bottom.max(top + h);
            placed.push((
                Placed {
                    part: entry.part,
                    fitted: Rc::clone(fitted),
                    rect,
                    need: h,
                    notch: sizes[i],
                    index: i,
                },
                life,
            ));
        }
        (placed.into_iter().map(|(p, _)| p).collect(), bottom)
    }

    /// Whether placed part `p` shows on board `i`.
    fn lives(&self, p: &Placed, i: usize) -> bool {
        self.entries[p.index].life[i]
    }

    /// How well a packing fills the board: the fewest rows any step covers
    /// (the emptiest step fills first), then the rows covered over all
    /// steps with each step counted up to most of the board (so one step
    /// that cannot grow does not stop the rest), then all rows covered,
    /// then the charts' height.
    fn score(&self, parts: &[Placed]) -> (u32, u32, u32, u16) {
        let target = u32::from(self.board_area.height) * 17 / 20;
        let (mut capped, mut least, mut total) = (0, u32::MAX, 0);
        let top = self.board_area.y;
        let end = self.board_area.height;
        for i in 0..self.boards.len() {
            let mut spans: Vec<(u16, u16)> = parts
                .iter()
                .filter(|p| self.lives(p, i))
                .map(|p| (p.rect.y - top, (p.rect.bottom() - top).min(end)))
                .collect();
            spans.sort_unstable();
            let (mut covered, mut reach) = (0u32, 0u16);
            for (from, to) in spans {
                let from = from.max(reach);
                if to > from {
                    covered += u32::from(to - from);
                    reach = to;
                }
            }
            capped += covered.min(target);
            least = least.min(covered);
            total += covered;
        }
        // Last, the charts: they take whatever rows nothing else wants.
        let chart = parts
            .iter()
            .find(|p| p.part.place().kept_tall)
            .map_or(0, |p| p.rect.height);
        (least, capped, total, chart)
    }

    /// Every way the sizes can grow by one notch, the parts that grow
    /// first when growths help alike first.
    fn growths(&self, sizes: &Sizes) -> Vec<Sizes> {
        let mut growing: Vec<usize> = (0..self.entries.len())
            .filter(|&i| {
                self.entries[i]
                    .fitted
                    .as_ref()
                    .is_some_and(|f| f.grows(sizes[i]))
            })
            .collect();
        growing.sort_by_key(|&i| self.entries[i].part.place().growth_rank);
        growing
            .into_iter()
            .map(|i| {
                let mut s = sizes.clone();
                s[i] += 1;
                s
            })
            .collect()
    }
}

/// Plans scene `scene` of `lecture` in `area`.
pub(crate) fn plan(lecture: &Lecture, scene: usize, area: Rect, opts: Options) -> ScenePlan {
    let boards = scene_boards(lecture, scene);
    let (progress, rest) = split_progress(area, opts.present);
    let narration_want = if opts.narration {
        boards
            .iter()
            .map(|b| narration::lines(b, rest.width).len())
            .max()
            .map_or(0, |n| u16::try_from(n + 1).unwrap_or(u16::MAX))
    } else {
        0
    };
    // The narration gets what it wants unless the board's smallest layout
    // would not fit beside it; then it shrinks, to one row at the least
    // (which says how to read it).
    let smallest = column_variants(&boards, opts, rest)
        .into_iter()
        .map(|columns| {
            let scene = Scene::new(&boards, opts, rest, columns, Tries::default());
            scene.pack(&scene.smallest()).1
        })
        .min()
        .unwrap_or(0);
    let narration_rows = narration_want
        .min(rest.height.saturating_sub(smallest))
        .max(1.min(narration_want));
    let board_area = Rect {
        height: rest.height - narration_rows,
        ..rest
    };
    let mut tries = Tries::default();
    let (mut plan, _) = plan_board(&boards, opts, board_area, tries)
        .unwrap_or_else(|| fallback(&boards, opts, board_area));
    // Notes beside a curve are set big, a chart says what it plots big,
    // and the title takes its notes as a subtitle, only where that costs
    // no other part its big type or a notch of growth.
    if opts.present {
        // Each on top of what the last kept.
        let headings = |t: Tries| Tries {
            headings: true,
            ..t
        };
        let subtitle = |t: Tries| Tries {
            subtitle: true,
            ..t
        };
        let takeaways = |t: Tries| Tries {
            takeaways: true,
            ..t
        };
        for add in [headings, takeaways, subtitle] {
            let more = add(tries);
            if let Some((better, used)) = plan_board(&boards, opts, board_area, more)
                && used <= board_area.height
                && better != plan
                && keeps_sizes(&plan, &better, false)
                && (more.takeaways == tries.takeaways || keeps_curve(&plan, &better))
            {
                plan = better;
                tries = more;
            }
        }
    }
    // In present mode the board's top row stays blank (a projector's
    // overscan may cut it) when that costs no part anything but a chart's
    // spare rows.
    if opts.present && board_area.height > smallest + 1 {
        let lower = Rect {
            y: board_area.y + 1,
            height: board_area.height - 1,
            ..board_area
        };
        if let Some((low, used)) = plan_board(&boards, opts, lower, tries)
            && used <= lower.height
            && keeps_sizes(
                &plan,
                &low,
                plan.parts.iter().any(|p| p.part.place().anchored),
            )
        {
            plan = low;
        }
    }
    // A scene with the row keeps it where every other scene has it.
    if opts.present && !plan.parts.iter().any(|p| p.part.place().anchored) {
        centre(&mut plan);
    }
    let board_area = plan.board;
    let narration = (narration_rows > 0).then(|| Rect {
        y: rest.bottom() - narration_rows,
        height: narration_rows,
        ..rest
    });
    ScenePlan {
        progress,
        narration,
        board: board_area,
        ..plan
    }
}

/// Present mode centres a slide: when the scene's parts, grown, leave
/// rows free on the board, the whole block (every part of every step, so
/// nothing moves within the scene) goes down until the free rows are
/// split above and below it, the odd row below (an optical centre a touch
/// above the middle).
fn centre(plan: &mut ScenePlan) {
    let Some(top) = plan.parts.iter().map(|p| p.rect.y).min() else {
        return;
    };
    let bottom = plan
        .parts
        .iter()
        .map(|p| p.rect.bottom())
        .max()
        .unwrap_or(top);
    let above = top.saturating_sub(plan.board.y);
    let below = plan.board.bottom().saturating_sub(bottom);
    let shift = below.saturating_sub(above) / 2;
    for p in &mut plan.parts {
        p.rect.y += shift;
    }
}

/// Whether `low` has every part of `high` with as much big type, each
/// grown as far, but for the charts, which may give up a row when they
/// keep [`CHART_SPARE`] notches. With `anchored` (a scene with the row)
/// only the anchored part must keep its size: the row then stands on the
/// same line in every scene, and a card under it gives up a notch.
fn keeps_sizes(high: &ScenePlan, low: &ScenePlan, anchored: bool) -> bool {
    high.rung.rank() == low.rung.rank()
        && high.parts.len() == low.parts.len()
        && high.parts.iter().all(|h| {
            let place = h.part.place();
            low.parts.iter().any(|l| {
                l.index == h.index
                    && (l.fitted.words_notch(l.notch) >= h.fitted.words_notch(h.notch)
                        || (place.kept_tall && l.notch >= CHART_SPARE)
                        || (anchored && !place.anchored))
            })
        })
}

/// Whether the chart's curve in `low` keeps [`CURVE_KEPT`] of its rows in
/// `high` (true for a scene without a chart): a note set big beside it is
/// worth a few of the curve's rows, not its shape.
fn keeps_curve(high: &ScenePlan, low: &ScenePlan) -> bool {
    match (curve_rows(&high.parts), curve_rows(&low.parts)) {
        (Some(high), Some(low)) => low * CURVE_KEPT.1 >= high * CURVE_KEPT.0,
        _ => true,
    }
}

/// The rows left for the curve of the chart among `parts`, once its big
/// words (a heading, a legend) have theirs; `None` without a chart.
fn curve_rows(parts: &[Placed]) -> Option<u16> {
    parts
        .iter()
        .find(|p| p.part.place().kept_tall)
        .map(|p| p.rect.height.saturating_sub(p.fitted.big_words_rows()))
}

/// The progress line and the area under (normal) or above (present) it.
fn split_progress(area: Rect, present: bool) -> (Rect, Rect) {
    let rest = Rect {
        height: area.height.saturating_sub(1),
        ..area
    };
    if present {
        (
            Rect {
                y: area.bottom().saturating_sub(1),
                height: 1,
                ..area
            },
            rest,
        )
    } else {
        (
            Rect { height: 1, ..area },
            Rect {
                y: area.y + 1,
                ..rest
            },
        )
    }
}

/// The best layout of the board in `board_area`: cards beside the chart or
/// under it, whichever fits (beside first on a wide screen), grown to fill.
fn plan_board(
    boards: &[&Board],
    opts: Options,
    board_area: Rect,
    tries: Tries,
) -> Option<(ScenePlan, u16)> {
    let height = board_area.height;
    column_variants(boards, opts, board_area)
        .into_iter()
        .enumerate()
        .map(|(rank, columns)| {
            let planned = |low| {
                let scene = Scene::new(boards, opts, board_area, columns, Tries { low, ..tries });
                let planned = grow(&scene);
                let key = (
                    std::cmp::Reverse(scene.rung.rank()),
                    planned.1 <= height,
                    scene.score(&planned.0.parts),
                );
                (key, planned)
            };
            let (top_key, top) = planned(false);
            // The big letters go under the parts they speak of when that
            // keeps as much big type, fits and covers as many rows (or
            // keeps more big type: under the row, the verdict may share
            // rows with a question it never shows with); a step without
            // them then has no blank rows on top.
            let planned = match opts.present.then(|| planned(true)) {
                Some((low_key, low)) if low_key >= top_key => low,
                _ => top,
            };
            let fits = planned.1 <= height;
            // A layout that fits wins; then one whose charts are taller
            // (a chart squeezed flat hides its lines); then the order of
            // preference.
            let key = (fits, planned.0.tall_notch(), std::cmp::Reverse(rank));
            (key, planned)
        })
        .max_by_key(|(key, _)| *key)
        .map(|(_, planned)| planned)
}

/// The column layouts worth trying, in order of preference: the cards
/// beside the rest first on a wide screen, under it first on a narrow one.
fn column_variants(boards: &[&Board], opts: Options, area: Rect) -> Vec<Columns> {
    let width = area.width;
    let full = (0, width);
    // Cards set big across the board in present mode never sit beside the
    // chart, so they leave it the whole width.
    let wide = opts.present && area.height >= WIDE_FROM_ROWS;
    let one = Columns {
        full,
        main: full,
        cards: full,
        all_beside: false,
    };
    let cards: Vec<&dyn Part> = PARTS
        .iter()
        .copied()
        .filter(|p| p.place().column == Column::Cards && !(wide && p.place().wide_when_present))
        .collect();
    let has_cards = boards
        .iter()
        .any(|b| cards.iter().any(|c| shows(*c, b, opts)));
    let has_plots = boards.iter().any(|b| {
        PARTS
            .iter()
            .any(|p| p.place().kept_tall && shows(*p, b, opts))
    });
    if !has_cards || width < MIN_CHART_WIDTH + MIN_SIDE {
        return vec![one];
    }
    let wanted = boards
        .iter()
        .flat_map(|b| {
            cards
                .iter()
                .filter(|c| shows(**c, b, opts))
                .map(|c| c.wanted_width(b))
        })
        .max()
        .unwrap_or(MIN_SIDE);
    let side = wanted.clamp(MIN_SIDE, (width / 2).max(MIN_SIDE));
    let beside_plots = Columns {
        full,
        main: (0, width - side),
        cards: (width - side, side),
        all_beside: false,
    };
    // On a big screen the row and diagrams may join the charts beside the
    // cards, when each still has the columns it asks for there.
    let asked = boards
        .iter()
        .flat_map(|b| PARTS.iter().map(|p| p.beside_width(b)))
        .max()
        .unwrap_or(0);
    let main_needs = MIN_CHART_WIDTH.max(asked);
    let all = (width >= BIG_WIDTH && width.saturating_sub(MIN_SIDE) >= main_needs).then(|| {
        let side = side.min(width - main_needs);
        Columns {
            full,
            main: (0, width - side),
            cards: (width - side, side),
            all_beside: true,
        }
    });
    let mut out = Vec::new();
    out.extend(all);
    match (has_plots, width >= 110) {
        (true, true) => out.extend([beside_plots, one]),
        (true, false) => out.extend([one, beside_plots]),
        (false, _) => out.push(one),
    }
    out
}

/// The smallest sizes, then grown one notch at a time while rows are left.
fn grow(scene: &Scene<'_>) -> (ScenePlan, u16) {
    let mut sizes = scene.smallest();
    let room = scene.board_area.height;
    // A focal part (the question, the newest formula) is its steps'
    // subject: it takes its first big size before anything else grows,
    // when the board still fits, so a chart that supports a formula never
    // takes the rows the formula needs to be read from the back. It grows
    // on through larger sizes while a chart sharing its scene keeps
    // [`CHART_SHARE`] of the board for its curve.
    let reserve = |parts: &[Placed]| {
        curve_rows(parts).map_or(0, |curve| {
            (room * CHART_SHARE.0 / CHART_SHARE.1).saturating_sub(curve)
        })
    };
    for i in 0..scene.entries.len() {
        let entry = &scene.entries[i];
        let Some(fitted) = entry.fitted.as_ref().filter(|_| entry.part.place().focal) else {
            continue;
        };
        while fitted.grows(sizes[i]) {
            let mut bigger = sizes.clone();
            bigger[i] += 1;
            let (parts, used) = scene.pack(&bigger);
            let kept = if bigger[i] == 1 { 0 } else { reserve(&parts) };
            if used + kept > room {
                break;
            }
            sizes = bigger;
        }
    }
    // A take-away, where the planner tries it, then takes its first big
    // size: spare rows would otherwise go to the chart, which shows on
    // more steps, and leave the step's point in the smallest type on the
    // wall. What that costs the chart's curve, the planner weighs.
    for (i, entry) in scene.entries.iter().enumerate() {
        let first = scene.takeaways
            && entry.part.place().takeaway
            && sizes[i] == 0
            && entry.fitted.as_ref().is_some_and(|f| f.grows(0));
        if first {
            let mut bigger = sizes.clone();
            bigger[i] = 1;
            if scene.pack(&bigger).1 <= room {
                sizes = bigger;
            }
        }
    }
    let (mut parts, mut used) = scene.pack(&sizes);
    // Each notch goes where it leaves the emptiest step least empty, then
    // where it covers the most.
    loop {
        let now = scene.score(&parts);
        let best = scene
            .growths(&sizes)
            .into_iter()
            .filter_map(|s| {
                let (p, u) = scene.pack(&s);
                let score = scene.score(&p);
                (u <= room && score > now).then_some((score, s, p, u))
            })
            // The first of equals: the part of the lower growth rank.
            .rev()
            .max_by_key(|(key, ..)| *key);
        let Some((_, s, p, u)) = best else { break };
        sizes = s;
        parts = p;
        used = u;
    }
    let plan = ScenePlan {
        progress: Rect::default(),
        board: scene.board_area,
        narration: None,
        parts,
        rung: scene.rung,
    };
    (plan, used)
}

/// When nothing fits, the packing at the smallest sizes (its parts will
/// say what they had to leave out).
fn fallback(boards: &[&Board], opts: Options, board_area: Rect) -> (ScenePlan, u16) {
    let columns = column_variants(boards, opts, board_area)[0];
    grow(&Scene::new(
        boards,
        opts,
        board_area,
        columns,
        Tries::default(),
    ))
}
