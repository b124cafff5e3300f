//! Where each part of a scene goes. A scene is planned once, from all its
//! steps together, so every part keeps one place and one size from the
//! first step that shows it to the last: nothing moves while the teacher
//! talks. Parts that are never on screen at the same time may share rows.
//!
//! Planning runs in three passes:
//! 1. measure: each part's smallest height over the steps that show it;
//! 2. pack: parts go top to bottom in a fixed order, each under every
//!    earlier part that shares a step and a column with it;
//! 3. grow: the rows left over go, one at a time, to the part whose growth
//!    leaves the emptiest step least empty (taller cells, a taller chart,
//!    a bigger title, a larger crawler, a taller spotlight). Cards are
//!    never stretched: a frame taller than its lines is empty rows the
//!    narration could use. On a big screen a step of cards alone gets the
//!    spotlight instead: the cards' words again, in big letters.

use ratatui::layout::Rect;

use super::cards::{CARDS, Card, spotlight_texts};
use super::row::{self, RowLayout};
use super::{crawler, narration, plots};
use crate::lecture::{Board, Element, Lecture, QuerySource};
use crate::ui::big::Big;

/// Fewest rows a chart's frame takes (axes and a few rows of curve).
pub(crate) const MIN_CHART: u16 = 8;
/// Narrowest chart worth drawing beside the cards.
const MIN_CHART_WIDTH: u16 = 40;
/// Narrowest card column beside a chart.
const MIN_SIDE: u16 = 32;
/// Tallest a row's cells grow.
const MAX_CELL_ROWS: u16 = 40;
/// Width from which a screen counts as big: the row may share the main
/// column with the charts, and a step of cards alone gets its spotlight.
const BIG_WIDTH: u16 = 160;

/// A part of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Part {
    /// Present mode's probe figure in big letters, above the charts.
    Headline,
    /// Present mode's verdict in big letters, under the row it judges.
    Verdict,
    /// The lecture's title.
    Banner,
    /// The bit row with its query.
    Row,
    /// The counting variant.
    Counters,
    /// The crawler diagram.
    Crawler,
    /// The plots (side by side when several show at once).
    Plots,
    /// On a big screen, a step that shows only text cards: their words
    /// again in big letters, in the main column the step leaves empty.
    Spotlight,
    /// A text card.
    Card(Card),
}

/// Top to bottom, with the big letters under the row or over the charts
/// they speak of, so a step without them leaves no blank rows on top (see
/// [`Scene::order`] for the other way).
const ORDER: [Part; 12] = [
    Part::Banner,
    Part::Row,
    Part::Counters,
    Part::Verdict,
    Part::Crawler,
    Part::Headline,
    Part::Plots,
    Part::Spotlight,
    Part::Card(Card::Predict),
    Part::Card(Card::Derivation),
    Part::Card(Card::Table),
    Part::Card(Card::Notes),
];

/// How the lecture is being shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Options {
    /// Present mode: no chrome, a headline in big letters.
    pub present: bool,
    /// Narration under the board.
    pub narration: bool,
}

/// One placed part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Placed {
    /// Which part.
    pub part: Part,
    /// Where, for the whole scene.
    pub rect: Rect,
    /// Rows its content needs at the most, at this width.
    pub need: u16,
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
    /// The row's cell height and reserved lines.
    pub row: RowLayout,
    /// Rows of each chart's frame (the caption takes the rest of its part).
    pub chart_rows: u16,
    /// The title's big letters, when they fit.
    pub banner: Option<Big>,
    /// The headline's size (its lines are the scene's first headline's).
    pub headline: Option<Big>,
    /// The crawler's scale.
    pub crawler_scale: u16,
}

impl ScenePlan {
    /// Where a part is drawn, if the scene has it.
    #[cfg(test)]
    pub(crate) fn rect(&self, part: Part) -> Option<Rect> {
        self.parts.iter().find(|p| p.part == part).map(|p| p.rect)
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

/// Whether `part` is on the board after a step.
pub(crate) fn shows(part: Part, board: &Board, opts: Options) -> bool {
    match part {
        Part::Verdict => opts.present && verdict_text(board).is_some(),
        Part::Headline => {
            opts.present && verdict_text(board).is_none() && plots::probe_headline(board).is_some()
        }
        Part::Banner => board.shows(Element::Banner) && board.banner.is_some(),
        Part::Row => board.shows(Element::Row) && board.row.is_some(),
        Part::Counters => board.shows(Element::Counters),
        Part::Crawler => board.shows(Element::Crawler),
        Part::Plots => !crate::lecture::texts::plots(board).is_empty(),
        Part::Spotlight => {
            // Only where nothing but cards shows, so it covers no diagram.
            let others = [
                Part::Headline,
                Part::Verdict,
                Part::Banner,
                Part::Row,
                Part::Counters,
                Part::Crawler,
                Part::Plots,
            ];
            !others.into_iter().any(|p| shows(p, board, opts)) && !spotlight_texts(board).is_empty()
        }
        Part::Card(card) => card.shown(board),
    }
}

/// The step's headline in present mode: the flagged mistake, else the
/// verdict, else the probe's figure.
pub(crate) fn headline_text(board: &Board) -> Option<String> {
    verdict_text(board).or_else(|| plots::probe_headline(board))
}

/// The flagged mistake, else the verdict, of a query the board shows.
fn verdict_text(board: &Board) -> Option<String> {
    if let Some(q) = &board.query {
        let shown = match q.source {
            QuerySource::Row => board.shows(Element::Row),
            QuerySource::Counters => board.shows(Element::Counters),
        };
        if shown {
            if let Some(flag) = q.flag {
                return Some(flag.as_str().to_uppercase());
            }
            if let Some(v) = q.verdict {
                return Some(v.as_str().to_uppercase());
            }
        }
    }
    None
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
    fn span(&self, part: Part) -> (u16, u16) {
        match part {
            Part::Headline | Part::Verdict => self.full,
            Part::Plots | Part::Banner | Part::Spotlight => self.main,
            Part::Card(_) => self.cards,
            Part::Row | Part::Counters | Part::Crawler if self.all_beside => self.main,
            _ => self.full,
        }
    }
}

fn overlaps(a: (u16, u16), b: (u16, u16)) -> bool {
    a.0 < b.0 + b.1 && b.0 < a.0 + a.1
}

/// Everything the planner needs about one scene.
struct Scene<'a> {
    boards: Vec<&'a Board>,
    opts: Options,
    board_area: Rect,
    columns: Columns,
    /// Each part's height at the smallest sizes, measured once (in
    /// [`ORDER`]'s order).
    base: [u16; 12],
    /// Whether the row's cells can grow (not when it wraps).
    row_grows: bool,
    /// Whether present mode's headline gets its rows (it is the first part
    /// to go when the board is too small).
    headline: bool,
    /// For each board, whether it gets the spotlight: worked out once,
    /// since the glyph check draws letters and the planner asks often.
    spotlit: Vec<bool>,
    /// Whether the big letters go under the parts they speak of
    /// ([`ORDER`]) rather than above everything.
    low: bool,
}

/// The sizes that can grow, and the heights they give each part.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Sizes {
    row: RowLayout,
    chart_rows: u16,
    banner: Option<Big>,
    headline: Option<Big>,
    crawler_scale: u16,
    spotlight_rows: u16,
}

impl<'a> Scene<'a> {
    /// For each step, whether `part` shows.
    fn life(&self, part: Part) -> Vec<bool> {
        self.boards.iter().map(|b| self.shows(part, b)).collect()
    }

    /// Whether `part` shows after the step that left `board`.
    fn shows(&self, part: Part, board: &Board) -> bool {
        match part {
            Part::Spotlight => self
                .boards
                .iter()
                .zip(&self.spotlit)
                .any(|(b, lit)| *lit && std::ptr::eq(*b, board)),
            Part::Headline | Part::Verdict => self.headline && shows(part, board, self.opts),
            _ => shows(part, board, self.opts),
        }
    }

    fn present(&self, part: Part) -> bool {
        self.life(part).contains(&true)
    }

    fn shown_boards(&self, part: Part) -> impl Iterator<Item = &&Board> + '_ {
        self.boards.iter().filter(move |b| self.shows(part, b))
    }

    fn new(
        boards: &[&'a Board],
        opts: Options,
        board_area: Rect,
        columns: Columns,
        low: bool,
    ) -> Self {
        let scene = Scene::with_headline(boards, opts, board_area, columns, true, low);
        if scene.headline && scene.pack(&scene.smallest()).1 > board_area.height {
            return Scene::with_headline(boards, opts, board_area, columns, false, low);
        }
        scene
    }

    /// The parts top to bottom: [`ORDER`], or with the big letters first
    /// when they go above everything.
    fn order(&self) -> Vec<Part> {
        let big = [Part::Headline, Part::Verdict];
        if self.low {
            return ORDER.to_vec();
        }
        big.into_iter()
            .chain(ORDER.into_iter().filter(|p| !big.contains(p)))
            .collect()
    }

    fn with_headline(
        boards: &[&'a Board],
        opts: Options,
        board_area: Rect,
        columns: Columns,
        headline: bool,
        low: bool,
    ) -> Self {
        let mut scene = Scene {
            boards: boards.to_vec(),
            opts,
            board_area,
            columns,
            base: [0; 12],
            row_grows: false,
            headline: headline && opts.present,
            spotlit: Vec::new(),
            low,
        };
        // The spotlight needs a big screen and the cards in a column of
        // their own, so the big letters never push a card down.
        let roomy = board_area.width >= BIG_WIDTH && columns.cards.0 > 0;
        scene.spotlit = boards
            .iter()
            .map(|b| roomy && shows(Part::Spotlight, b, opts))
            .collect();
        let smallest = scene.smallest();
        for (i, part) in ORDER.into_iter().enumerate() {
            scene.base[i] = scene.measure(part, &smallest);
        }
        let taller = RowLayout {
            cell_rows: 2,
            ..smallest.row
        };
        let width = scene.width(Part::Row);
        let grows = scene
            .shown_boards(Part::Row)
            .any(|b| row::height(b, width, taller) > row::height(b, width, smallest.row));
        scene.row_grows = grows;
        scene
    }

    /// The sizes everything starts from.
    fn smallest(&self) -> Sizes {
        Sizes {
            row: RowLayout {
                cell_rows: 1,
                owners: self.boards.iter().any(|b| b.shows(Element::Owners)),
                query: self
                    .boards
                    .iter()
                    .any(|b| row::query_of(b, QuerySource::Row).is_some()),
            },
            chart_rows: MIN_CHART,
            banner: None,
            headline: headline_size(self),
            crawler_scale: 1,
            spotlight_rows: 0,
        }
    }

    fn width(&self, part: Part) -> u16 {
        self.columns.span(part).1
    }

    /// Rows `part` needs at the smallest sizes: the most any step needs.
    fn measure(&self, part: Part, sizes: &Sizes) -> u16 {
        let width = self.width(part);
        let most =
            |f: &dyn Fn(&Board) -> u16| self.shown_boards(part).map(|b| f(b)).max().unwrap_or(0);
        match part {
            Part::Headline | Part::Verdict => sizes.headline.as_ref().map_or(0, |b| b.height() + 1),
            Part::Banner => 3,
            Part::Row => most(&|b| row::height(b, width, sizes.row)),
            Part::Counters => most(&|b| row::counters_height(b, width, self.counters_queried())),
            Part::Crawler => crawler::height(1) + most(&|b| crawler::figure_rows(b, width)),
            Part::Plots => MIN_CHART + most(&|b| plots::caption_rows(b, width)),
            Part::Card(card) => most(&|b| card.height(b, width)),
            // The fewest rows that set the words at all; without them a
            // row more would only cover rows the cards already cover, so
            // it would never be handed any.
            Part::Spotlight => most(&|b| {
                let texts = spotlight_texts(b);
                (1..=self.board_area.height)
                    .find(|&h| Big::fit_stack(&texts, width, h).is_some())
                    .unwrap_or(0)
            }),
        }
    }

    /// Rows `part` takes with these sizes.
    fn height(&self, part: Part, sizes: &Sizes) -> u16 {
        let i = ORDER.iter().position(|p| *p == part).unwrap_or(0);
        let base = self.base[i];
        match part {
            Part::Row if self.row_grows => base + sizes.row.cell_rows - 1,
            Part::Plots => base + sizes.chart_rows - MIN_CHART,
            Part::Banner => sizes.banner.as_ref().map_or(base, |b| b.height() + 2),
            Part::Crawler => base + crawler::height(sizes.crawler_scale) - crawler::height(1),
            Part::Spotlight => base + sizes.spotlight_rows,
            _ => base,
        }
    }

    fn counters_queried(&self) -> bool {
        self.boards
            .iter()
            .any(|b| row::query_of(b, QuerySource::Counters).is_some())
    }

    /// Places every part the scene has; returns the parts and the rows used.
    fn pack(&self, sizes: &Sizes) -> (Vec<Placed>, u16) {
        let mut placed: Vec<(Placed, Vec<bool>)> = Vec::new();
        let mut bottom = 0;
        for part in self.order() {
            let life = self.life(part);
            if !life.contains(&true) {
                continue;
            }
            let span = self.columns.span(part);
            let top = placed
                .iter()
                .filter(|(q, qlife)| {
                    overlaps(self.columns.span(q.part), span)
                        && qlife.iter().zip(&life).any(|(a, b)| *a && *b)
                })
                .map(|(q, _)| q.rect.bottom() - self.board_area.y)
                .max()
                .unwrap_or(0);
            let h = self.height(part, sizes);
            let rect = Rect::new(
                self.board_area.x + span.0,
                self.board_area.y + top,
                span.1,
                h,
            );
            bottom = bottom.max(top + h);
            placed.push((
                Placed {
                    part,
                    rect,
                    need: h,
                },
                life,
            ));
        }
        (placed.into_iter().map(|(p, _)| p).collect(), bottom)
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
        for board in &self.boards {
            let mut spans: Vec<(u16, u16)> = parts
                .iter()
                .filter(|p| self.shows(p.part, board))
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
            .find(|p| p.part == Part::Plots)
            .map_or(0, |p| p.rect.height);
        (least, capped, total, chart)
    }

    /// Every way the sizes can grow by one notch.
    fn growths(&self, sizes: &Sizes) -> Vec<Sizes> {
        let mut out = Vec::new();
        if self.present(Part::Row) && self.row_grows && sizes.row.cell_rows < MAX_CELL_ROWS {
            let mut s = sizes.clone();
            s.row.cell_rows += 1;
            out.push(s);
        }
        if self.present(Part::Plots) {
            let mut s = sizes.clone();
            s.chart_rows += 1;
            out.push(s);
        }
        if self.present(Part::Spotlight) {
            let mut s = sizes.clone();
            s.spotlight_rows += 1;
            out.push(s);
        }
        if self.present(Part::Crawler) && sizes.crawler_scale < crawler::MAX_SCALE {
            let mut s = sizes.clone();
            s.crawler_scale += 1;
            out.push(s);
        }
        if self.present(Part::Banner)
            && let Some(big) = self.bigger_banner(sizes)
        {
            let mut s = sizes.clone();
            s.banner = Some(big);
            out.push(s);
        }
        out
    }

    /// The banner one size up from `sizes`, if it fits the width.
    fn bigger_banner(&self, sizes: &Sizes) -> Option<Big> {
        let text = self
            .shown_boards(Part::Banner)
            .filter_map(|b| b.banner.clone())
            .max_by_key(|t| t.len())?;
        let width = self.width(Part::Banner);
        let current = sizes.banner.as_ref().map_or(0, Big::height);
        // The smallest setting taller than now.
        Big::settings(&text.to_uppercase(), width)
            .into_iter()
            .find(|b| b.height() > current)
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
    let smallest = column_variants(&boards, opts, rest.width)
        .into_iter()
        .map(|columns| {
            let scene = Scene::new(&boards, opts, rest, columns, false);
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
    let (plan, _) = plan_board(&boards, opts, board_area)
        .unwrap_or_else(|| fallback(&boards, opts, board_area));
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
fn plan_board(boards: &[&Board], opts: Options, board_area: Rect) -> Option<(ScenePlan, u16)> {
    let height = board_area.height;
    column_variants(boards, opts, board_area.width)
        .into_iter()
        .enumerate()
        .map(|(rank, columns)| {
            let planned = |low| {
                let scene = Scene::new(boards, opts, board_area, columns, low);
                let planned = grow(&scene);
                let key = (
                    scene.headline,
                    planned.1 <= height,
                    scene.score(&planned.0.parts),
                );
                (key, planned)
            };
            let (top_key, top) = planned(false);
            // The big letters go under the parts they speak of when that
            // keeps them, fits and covers as many rows; a step without them
            // then has no blank rows on top.
            let planned = match opts.present.then(|| planned(true)) {
                Some((low_key, low)) if low_key >= top_key && low_key.0 == top_key.0 => low,
                _ => top,
            };
            let fits = planned.1 <= height;
            // A layout that fits wins; then one whose charts are taller
            // (a chart squeezed flat hides its lines); then the order of
            // preference.
            let key = (fits, planned.0.chart_rows, std::cmp::Reverse(rank));
            (key, planned)
        })
        .max_by_key(|(key, _)| *key)
        .map(|(_, planned)| planned)
}

/// The column layouts worth trying, in order of preference: the cards
/// beside the rest first on a wide screen, under it first on a narrow one.
fn column_variants(boards: &[&Board], opts: Options, width: u16) -> Vec<Columns> {
    let full = (0, width);
    let one = Columns {
        full,
        main: full,
        cards: full,
        all_beside: false,
    };
    let cards = CARDS;
    let has_cards = boards.iter().any(|b| cards.into_iter().any(|c| c.shown(b)));
    let has_plots = boards.iter().any(|b| shows(Part::Plots, b, opts));
    if !has_cards || width < MIN_CHART_WIDTH + MIN_SIDE {
        return vec![one];
    }
    let wanted = boards
        .iter()
        .flat_map(|b| {
            cards
                .into_iter()
                .filter(|c| c.shown(b))
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
    // cards, when that still leaves the row cells six columns wide.
    let m = boards
        .iter()
        .filter_map(|b| b.row.as_ref().map(Vec::len))
        .max()
        .unwrap_or(0);
    let main_needs = MIN_CHART_WIDTH.max(u16::try_from(m * 7 + 1).unwrap_or(u16::MAX));
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
            // The first of equals: the earlier part in the list grows.
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
        row: sizes.row,
        chart_rows: sizes.chart_rows,
        banner: sizes.banner,
        headline: sizes.headline,
        crawler_scale: sizes.crawler_scale,
    };
    (plan, used)
}

/// The headline's size for the whole scene: the largest at which every
/// step's headline fits the width, at most a third of the board's rows.
fn headline_size(scene: &Scene<'_>) -> Option<Big> {
    // The verdict and the probe's figure take one size through the scene.
    let texts: Vec<String> = scene
        .boards
        .iter()
        .filter(|b| scene.shows(Part::Headline, b) || scene.shows(Part::Verdict, b))
        .filter_map(|b| headline_text(b))
        .collect();
    if texts.is_empty() {
        return None;
    }
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    Big::fit_all(
        &refs,
        scene.width(Part::Headline),
        scene.board_area.height / 3,
    )
}

/// When nothing fits, the packing at the smallest sizes (its parts will
/// say what they had to leave out).
fn fallback(boards: &[&Board], opts: Options, board_area: Rect) -> (ScenePlan, u16) {
    let columns = column_variants(boards, opts, board_area.width)[0];
    grow(&Scene::new(boards, opts, board_area, columns, false))
}
