//! The plots: fill against n, epsilon against k, epsilon against bits per
//! item (log scale), and the memory argument with the RAM line, drawn with
//! the chart kit (`crate::ui::chart`). Each curve is braille (half blocks
//! in present mode); probes and marks use block and dot glyphs, so they
//! read without colour.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::symbols::Marker;
use ratatui::text::Span;
use ratatui::widgets::{Dataset, Widget};

use super::headline::Called;
use super::part::{At, Column, Fitted, Fitting, Kind, Options, Part, Place, Shows};
use crate::lecture::figures::sig;
use crate::lecture::texts::{CaptionMark, caption, crossing, plots};
use crate::lecture::{Board, Curve, Element, Emphasis};
use crate::numbers::trim_zeros;
use crate::ui::big::Big;
use crate::ui::chart::grid::Grid;
use crate::ui::chart::ticks::{axis, decades, even_decades, fitted_last};
use crate::ui::chart::{
    chart, curve_mark, curve_marker, fitted_title, frame, legend, level_glyph, level_mark, line,
    points, samples, wall,
};
use crate::ui::theme::{Role, Theme};

/// The glyph of an exact value at a whole n on the zero curve: a dot a
/// cell wide, which stands out from the idealised line it sits on.
const EXACT_DOT: &str = "●";

/// The same mark on a wall: a block two columns wide and one row tall,
/// about square, which a dot a cell wide is not from the back of a room.
const EXACT_BLOCK: &str = "▐█▌";

/// Fewest columns between whole n for the wide mark: two blocks must not
/// touch.
const BLOCK_SPACING: f64 = 4.0;

/// The exact points' mark: the wide block in present mode, the dot on a
/// screen.
fn exact_mark(present: bool) -> &'static str {
    if present { EXACT_BLOCK } else { EXACT_DOT }
}

/// Points per unit of x used to draw smooth curves.
const SAMPLES: usize = 240;

/// Fewest rows a chart's frame takes (axes and a few rows of curve).
const MIN_CHART: u16 = 8;

/// The plots part: every chart the step shows, side by side.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ChartsPart;

impl Part for ChartsPart {
    fn place(&self) -> Place {
        Place::new(Kind::new("chart"), Column::Main)
            .growing(1)
            .kept_tall()
    }

    fn shows(&self, board: &Board, _opts: Options) -> bool {
        !plots(board).is_empty()
    }

    fn fit(&self, scene: &Fitting<'_>) -> Box<dyn Fitted> {
        let present = scene.opts.present;
        // In present mode a blank row under the legend keeps its small
        // words off whatever big part comes next.
        let gap = u16::from(present);
        let wall = Wall::of(scene);
        let least = |wall: Wall| {
            wall.frame_rows(0) + scene.most(|b| caption_rows(b, scene.width, present, wall)) + gap
        };
        let rows = least(wall);
        // What the chart plots, set big over it, counts as the chart's
        // own: the share of the board kept for a chart beside a focal
        // part is for the curve and its title, not for ticks and legends.
        let titled = Wall {
            heading: wall.heading,
            ..Wall::default()
        };
        Box::new(Charts {
            rows,
            gap,
            wall,
            big_words: rows - least(titled),
            called: Called::of(scene),
        })
    }
}

/// Which of a chart's words a scene sets big on a wall: the ticks where
/// every one has a glyph, the legend too where every step's fits in a
/// ninth of the board's rows (one line of big letters on a 40-row board,
/// two on 60), and with the ticks what each chart plots, where a wording
/// of it fits on one line across its chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Wall {
    ticks: bool,
    legend: bool,
    heading: bool,
}

/// The share of the board's rows a legend set big may take, as a divisor:
/// a longer legend stays small, since its rows would come out of the plot.
const BIG_LEGEND_SHARE: u16 = 9;

impl Wall {
    fn of(scene: &Fitting<'_>) -> Wall {
        let on_wall = scene.words_big();
        let ticks = on_wall
            && scene.shown().all(|b| {
                plots(b).into_iter().all(|e| {
                    let t = chart_text(b, e);
                    wall::ticks_legible(&t.x_ticks, &t.x_last, &t.y_ticks)
                })
            });
        let most = usize::from(scene.board.height / BIG_LEGEND_SHARE / wall::LINE_ROWS);
        let legend = ticks
            && scene.shown().all(|b| {
                big_legends(b, scene.width).is_some_and(|all| all.iter().all(|l| l.len() <= most))
            });
        let heading = ticks
            && scene.headings
            && scene.shown().all(|b| {
                let list = plots(b);
                let count = u16::try_from(list.len()).unwrap_or(1).max(1);
                list.into_iter().all(|e| {
                    wall::heading(&chart_text(b, e).subject, scene.width / count).is_some()
                })
            });
        Wall {
            ticks,
            legend,
            heading,
        }
    }

    /// A legend's `items` set big in `width` columns, when the scene sets
    /// its legends big.
    fn legend_lines(self, items: &[wall::Item], width: u16) -> Option<wall::Lines> {
        if self.legend {
            wall::lines(items, width)
        } else {
            None
        }
    }

    /// Rows of each chart's frame at growth `notch`.
    fn frame_rows(self, notch: u16) -> u16 {
        let least = if self.ticks {
            wall::FRAME_ROWS
        } else {
            MIN_CHART
        };
        let heading = if self.heading { wall::HEADING_ROWS } else { 0 };
        least + heading + notch
    }
}

/// The charts fitted to a scene; each notch is a row more of chart.
#[derive(Debug)]
struct Charts {
    /// Rows at the smallest, captions included.
    rows: u16,
    /// Blank rows kept under the captions.
    gap: u16,
    /// Which words are set big.
    wall: Wall,
    /// The rows they take beyond what the same words take small.
    big_words: u16,
    /// Where the scene's big letters are drawn.
    called: Called,
}

impl Fitted for Charts {
    fn rows(&self, notch: u16) -> u16 {
        self.rows + notch
    }

    fn grows(&self, _notch: u16) -> bool {
        true
    }

    fn big_words_rows(&self) -> u16 {
        self.big_words
    }

    fn draw(&self, at: &At<'_>, buf: &mut Buffer, theme: &Theme) {
        let area = Rect {
            height: at.rect.height.saturating_sub(self.gap),
            ..at.rect
        };
        let look = Look {
            frame_rows: self.wall.frame_rows(at.notch),
            present: at.present,
            wall: self.wall,
            figure_said: self.called.figure_on(at.board),
        };
        // Side by side when several show, each a chart with its caption
        // under it.
        for (element, area) in chart_areas(at.board, area) {
            draw(at.board, element, area, look, buf, theme);
        }
    }

    fn describe(&self, at: &At<'_>) -> Shows {
        let mut text = Vec::new();
        for (element, area) in chart_areas(at.board, at.rect) {
            let chart = chart_text(at.board, element);
            match heading(&chart, self.wall, area.width) {
                Some((subject, _)) => text.extend([subject.to_string(), chart.given.clone()]),
                None => text.push(fitted_title(&chart.titles, area.width).trim().to_string()),
            }
            let said = self.called.figure_on(at.board);
            let items = caption_items(at.board, element, &Theme::MONO, at.present, said);
            match self.wall.legend_lines(&items, area.width) {
                Some(lines) => {
                    text.extend(lines.iter().map(|line| {
                        let words: Vec<String> = line
                            .iter()
                            .map(|(i, _)| format!("{} {}", i.mark, i.words))
                            .collect();
                        words.join("   ")
                    }));
                }
                None => {
                    let lines = legend::lines(spans(items), area.width);
                    text.extend(lines.iter().map(ToString::to_string));
                }
            }
        }
        text.retain(|t| !t.is_empty());
        // Big ticks come with every big legend.
        Shows {
            scale: if self.wall.ticks { wall::LINE_ROWS } else { 1 },
            ..Shows::plain(text)
        }
    }
}

/// How a step's charts are drawn.
#[derive(Debug, Clone, Copy)]
struct Look {
    /// Rows of each chart's frame (its caption takes the rest).
    frame_rows: u16,
    /// Present mode: curves in blocks, thick enough to see from the back.
    present: bool,
    /// Which words are set big.
    wall: Wall,
    /// Whether the probe's figure is in big letters over the chart.
    figure_said: bool,
}

/// Each chart the board shows with its share of `area`, left to right
/// (the last takes what the division leaves).
fn chart_areas(board: &Board, area: Rect) -> Vec<(Element, Rect)> {
    let list = plots(board);
    let count = u16::try_from(list.len()).unwrap_or(1).max(1);
    let each = area.width / count;
    list.into_iter()
        .enumerate()
        .map(|(i, element)| {
            let i = u16::try_from(i).unwrap_or(0);
            let w = if i + 1 == count {
                area.width - each * i
            } else {
                each
            };
            let at = Rect {
                x: area.x + each * i,
                width: w,
                ..area
            };
            (element, at)
        })
        .collect()
}

fn draw(board: &Board, element: Element, area: Rect, look: Look, buf: &mut Buffer, theme: &Theme) {
    let items = caption_items(board, element, theme, look.present, look.figure_said);
    let chart = Rect {
        height: look.frame_rows.min(area.height),
        ..area
    };
    let caption_area = Rect {
        y: chart.bottom(),
        height: area.bottom() - chart.bottom(),
        ..area
    };
    match element {
        Element::Memory => draw_memory(board, chart, look, buf, theme),
        Element::ZeroCurve => draw_zero(board, chart, look, buf, theme),
        Element::FillCurve => draw_curve(board, Curve::Fill, chart, look, buf, theme),
        Element::KCurve => draw_curve(board, Curve::K, chart, look, buf, theme),
        Element::BitsCurve => draw_curve(board, Curve::Bits, chart, look, buf, theme),
        _ => {}
    }
    match look.wall.legend_lines(&items, area.width) {
        Some(lines) => wall::draw_legend(&lines, caption_area, buf),
        None => legend::draw(&legend::lines(spans(items), area.width), caption_area, buf),
    }
}

/// Rows the captions take under the board's plots in `width` columns.
fn caption_rows(board: &Board, width: u16, present: bool, wall: Wall) -> u16 {
    let count = u16::try_from(plots(board).len()).unwrap_or(1).max(1);
    if wall.legend
        && let Some(all) = big_legends(board, width)
    {
        let most = all.iter().map(Vec::len).max().unwrap_or(0);
        return wall::LINE_ROWS * u16::try_from(most).unwrap_or(u16::MAX);
    }
    plots(board)
        .into_iter()
        .map(|e| {
            let items = caption_items(board, e, &Theme::MONO, present, false);
            let lines = legend::lines(spans(items), width / count);
            u16::try_from(lines.len()).unwrap_or(1)
        })
        .max()
        .unwrap_or(0)
}

/// The board's legends set big, each in its chart's share of `width`:
/// `None` when one of them cannot be. (Marks and words take the same
/// columns in every theme, so they are measured in mono.)
fn big_legends(board: &Board, width: u16) -> Option<Vec<wall::Lines>> {
    let list = plots(board);
    let count = u16::try_from(list.len()).unwrap_or(1).max(1);
    list.into_iter()
        .map(|e| {
            let items = caption_items(board, e, &Theme::MONO, true, false);
            wall::lines(&items, width / count)
        })
        .collect()
}

/// A caption's items: each item's mark, its words and their style. A
/// curve's mark is a sample of what the chart draws (half blocks in
/// present mode).
fn caption_items(
    board: &Board,
    element: Element,
    theme: &Theme,
    present: bool,
    figure_said: bool,
) -> Vec<wall::Item> {
    caption(board, element)
        .into_iter()
        .map(|item| {
            let (glyph, role) = match item.mark {
                CaptionMark::Curve => (curve_mark(present), Role::Idealised),
                CaptionMark::ExactPoints => (exact_mark(present), Role::Exact),
                CaptionMark::Probe => ("█", Role::ProbeHit),
                CaptionMark::Floor => (level_mark(present), Role::Good),
                CaptionMark::Half => (level_mark(present), Role::Guide),
                CaptionMark::ExactLine => (curve_mark(present), Role::Bad),
                CaptionMark::RamLine => (level_mark(present), Role::Guide),
                CaptionMark::BloomLine => ("▄", Role::Good),
                CaptionMark::Full => ("█", Role::ProbeMiss),
            };
            let style = if item.mark == CaptionMark::Full && board.emphasises(&Emphasis::Crossing) {
                theme.style(role).add_modifier(Modifier::REVERSED)
            } else {
                theme.style(role)
            };
            // The probe's figure in big letters over the chart is not
            // said again under it: the legend says where the probe stands.
            let words = match item.place {
                Some(place) if figure_said => place,
                _ => item.text,
            };
            wall::Item {
                mark: glyph.to_string(),
                words,
                style,
            }
        })
        .collect()
}

/// A caption's items as styled spans for small type: each mark, then its
/// words. An item set off in reverse video (the crossing) is so in its
/// words only: its mark keeps the chart's ink rather than turning into a
/// hole, and the gap before it stays blank.
fn spans(items: Vec<wall::Item>) -> Vec<Vec<Span<'static>>> {
    items
        .into_iter()
        .map(|item| {
            let mark = item.style.remove_modifier(Modifier::REVERSED);
            vec![
                Span::styled(item.mark, mark),
                Span::raw(" "),
                Span::styled(item.words, item.style),
            ]
        })
        .collect()
}

fn draw_curve(
    board: &Board,
    curve: Curve,
    area: Rect,
    look: Look,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let (present, wall) = (look.present, look.wall);
    let marker = curve_marker(present);
    let dash = level_glyph(present);
    let f = &board.figures;
    let s = &f.settings;
    let element = match curve {
        Curve::Fill => Element::FillCurve,
        Curve::K => Element::KCurve,
        Curve::Bits => Element::BitsCurve,
    };
    // Rates span orders of magnitude, so both rate plots use a log scale.
    let log = curve != Curve::Fill;
    let y_of = |v: f64| if log { v.max(1e-300).log10() } else { v };
    let (x0, x1) = match curve {
        Curve::Fill => (0.0, s.fill_n_max as f64),
        Curve::K => (1.0, s.k_max as f64),
        Curve::Bits => (s.bits_min as f64, s.bits_max as f64),
    };
    let mut curve_line = samples(x0, x1, SAMPLES, |x| y_of(f.curve_value(curve, x)));
    if board.marks(&Emphasis::SoFar) {
        let reached = board.probe(curve).map(|(x, _)| x);
        curve_line.retain(|&(x, _)| reached.is_some_and(|r| x < r));
        curve_line.extend(reached.map(|x| (x, y_of(f.curve_value(curve, x)))));
    }
    let whole: Vec<f64> = match curve {
        Curve::Fill => f.fill_curve(),
        Curve::K => f.k_curve(),
        Curve::Bits => f.bits_curve(),
    }
    .into_iter()
    .map(|(_, y)| y_of(y))
    .collect();
    let (y0, y1, _) = y_scale(curve, &whole);
    let axis_x0 = axis_start(curve, x0, x1);
    let probe = board.probe(curve);
    let probe_stem: Vec<(f64, f64)> = probe
        .map(|(x, y)| vec![(x, y0), (x, y_of(y))])
        .unwrap_or_default();
    let probe_dot: Vec<(f64, f64)> = probe.map(|(x, y)| vec![(x, y_of(y))]).unwrap_or_default();
    let half = curve == Curve::Fill && board.marks(&Emphasis::Half);
    let best_k = f.best_k_on_curve() as f64;
    let optimum = curve == Curve::K && board.marks(&Emphasis::Optimum);

    let text = chart_text(board, element);
    let datasets = vec![
        line(&curve_line, marker, theme.style(Role::Idealised)),
        line(&probe_stem, Marker::Block, theme.style(Role::ProbeHit)),
        points(&probe_dot, Marker::Block, theme.style(Role::ProbeHit)),
    ];
    let spec = Spec {
        text: &text,
        boxed: board.boxed.contains(&element),
        x: [axis_x0, x1],
        y: [y0, y1],
        wall,
    };
    render(datasets, &spec, area, buf, theme);
    let grid = Grid::of(buf, area, [axis_x0, x1], [y0, y1]);
    if half {
        grid.hline(buf, 0.5, dash, theme.style(Role::Guide));
    }
    // The best k is marked as a dashed floor at the lowest rate this budget
    // reaches, which the probe's stem cannot hide.
    if optimum {
        grid.hline(
            buf,
            y_of(f.curve_value(Curve::K, best_k)),
            dash,
            theme.style(Role::Good),
        );
    }
}

/// What a chart writes: its title in every wording, longest first (each
/// names the quantity and what it is plotted against, the shorter ones
/// dropping the settings first), its x ticks left to right, the last in
/// wordings from "20 bits/item" down to "20", and its y ticks bottom to
/// top.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ChartText {
    /// The title's wordings, longest first.
    pub titles: Vec<String>,
    /// What it plots, longest first, without the settings: what a wall
    /// sets big over the plot, in place of the title.
    pub subject: Vec<String>,
    /// The settings it is drawn at, which a wall keeps small on the
    /// frame under a big subject (empty for none).
    pub given: String,
    /// The first and middle x ticks.
    pub x_ticks: [String; 2],
    /// The last x tick's wordings, with the axis's name first.
    pub x_last: Vec<String>,
    /// The y ticks, bottom to top.
    pub y_ticks: [String; 3],
}

/// The texts of chart `element` on `board`.
pub(crate) fn chart_text(board: &Board, element: Element) -> ChartText {
    let f = &board.figures;
    let s = &f.settings;
    let curve = match element {
        Element::FillCurve => Curve::Fill,
        Element::KCurve => Curve::K,
        Element::BitsCurve => Curve::Bits,
        Element::ZeroCurve => return zero_text(board),
        _ => {
            let (x1, y1) = (s.memory_n_max, s.memory_gb_max);
            let x_end = trim_zeros(&sig(x1, 4));
            return ChartText {
                titles: vec![
                    "memory to remember n items".to_string(),
                    "memory for n items".to_string(),
                    "memory".to_string(),
                ],
                subject: vec![
                    "memory to remember n items".to_string(),
                    "memory for n items".to_string(),
                ],
                given: String::new(),
                x_ticks: ["0".to_string(), trim_zeros(&sig(x1 / 2.0, 3))],
                x_last: vec![format!("{x_end} M"), x_end],
                y_ticks: [
                    "0".to_string(),
                    trim_zeros(&sig(y1 / 2.0, 3)),
                    format!("{} GB", trim_zeros(&sig(y1, 3))),
                ],
            };
        }
    };
    let log = curve != Curve::Fill;
    let whole: Vec<f64> = match curve {
        Curve::Fill => f.fill_curve(),
        Curve::K => f.k_curve(),
        Curve::Bits => f.bits_curve(),
    }
    .into_iter()
    .map(|(_, y)| if log { y.max(1e-300).log10() } else { y })
    .collect();
    let (x0, x1) = match curve {
        Curve::Fill => (0.0, s.fill_n_max as f64),
        Curve::K => (1.0, s.k_max as f64),
        Curve::Bits => (s.bits_min as f64, s.bits_max as f64),
    };
    let axis_x0 = axis_start(curve, x0, x1);
    let (_, _, y_ticks) = y_scale(curve, &whole);
    let (m, k) = (s.m, s.k);
    let bits = trim_zeros(&sig(s.k_curve_bits, 3));
    let titles = match curve {
        Curve::Fill => vec![
            // P1 by name: the chart takes the P0 chart's place at 3.8,
            // and a rising curve in the same frame must not read as P0.
            format!("fill P1 = 1 - e^(-kn/m) against n   (m = {m}, k = {k})"),
            format!("fill P1 = 1 - e^(-kn/m) against n (m = {m}, k = {k})"),
            format!("fill P1 = 1 - e^(-kn/m), m = {m}, k = {k}"),
            "fill P1 = 1 - e^(-kn/m) against n".to_string(),
            "fill P1 = 1 - e^(-kn/m)".to_string(),
            "fill P1".to_string(),
        ],
        Curve::K => vec![
            format!("epsilon against k, log scale   ({bits} bits per item)"),
            format!("epsilon against k, log scale ({bits} bits/item)"),
            format!("epsilon against k, {bits} bits/item"),
            "epsilon against k".to_string(),
        ],
        Curve::Bits => vec![
            "epsilon at the best k against bits per item (log scale)".to_string(),
            "epsilon at the best k against bits per item".to_string(),
            "epsilon at the best k by bits/item".to_string(),
            "epsilon at the best k".to_string(),
        ],
    };
    let (subject, given) = match curve {
        // Its formula is the derivation's, under the chart on a wall:
        // the big words name the curve and leave the formula to it.
        Curve::Fill => (
            vec!["fill P1 against n".to_string(), "fill P1".to_string()],
            format!("m = {m}, k = {k}"),
        ),
        Curve::K => (
            vec!["epsilon against k".to_string()],
            format!("log scale, {bits} bits per item"),
        ),
        Curve::Bits => (
            vec![
                "lowest epsilon against bits per item".to_string(),
                "lowest epsilon against bits/item".to_string(),
                "lowest epsilon".to_string(),
            ],
            "log scale, each at its best k".to_string(),
        ),
    };
    let x_end = format!("{x1}");
    let x_name = match curve {
        Curve::Fill => "n",
        Curve::K => "k",
        Curve::Bits => "bits/item",
    };
    ChartText {
        titles,
        subject,
        given,
        x_ticks: [
            trim_zeros(&sig(axis_x0, 3)),
            trim_zeros(&sig((axis_x0 + x1) / 2.0, 3)),
        ],
        x_last: vec![last_tick(x_name, &x_end), x_end],
        y_ticks,
    }
}

/// What the zero curve's chart writes: against n from 0 to the fill
/// curve's end, a chance from 0 to 1 up.
fn zero_text(board: &Board) -> ChartText {
    let s = &board.figures.settings;
    let (m, k, n_max) = (s.m, s.k, s.fill_n_max);
    ChartText {
        titles: vec![
            format!("P0, the chance a bit is still 0, against n   (m = {m}, k = {k})"),
            format!("P0, a bit still 0, against n (m = {m}, k = {k})"),
            format!("P0 against n, m = {m}, k = {k}"),
            "P0 against n".to_string(),
            "P0".to_string(),
        ],
        subject: vec![
            "P0, the chance a bit is still 0, against n".to_string(),
            "P0, a bit still 0, against n".to_string(),
            "P0 against n".to_string(),
        ],
        given: format!("m = {m}, k = {k}"),
        x_ticks: ["0".to_string(), trim_zeros(&sig(n_max as f64 / 2.0, 3))],
        x_last: vec![last_tick("n", &n_max.to_string()), format!("{n_max}")],
        y_ticks: ["0".to_string(), "0.5".into(), "1".into()],
    }
}

/// The x axis's last tick with the axis's name: a unit after its figure
/// (`20 bits/item`), a letter as an equation (`n = 12`), since `12 n`
/// reads as a product.
fn last_tick(name: &str, end: &str) -> String {
    if name.chars().count() == 1 {
        format!("{name} = {end}")
    } else {
        format!("{end} {name}")
    }
}

/// The zero curve: the exact chance a bit is still 0 as a dot at each
/// whole n, under them the idealised e^(-kn/m) once it is marked, and the
/// shared fill probe as a stem up to the exact value.
fn draw_zero(board: &Board, area: Rect, look: Look, buf: &mut Buffer, theme: &Theme) {
    let (present, wall) = (look.present, look.wall);
    let f = &board.figures;
    let x1 = f.settings.fill_n_max as f64;
    let idealised = if board.marks(&Emphasis::Idealised) {
        samples(0.0, x1, SAMPLES, |n| f.zero_idealised(n))
    } else {
        Vec::new()
    };
    let probe = board.zero_probe();
    let stem: Vec<(f64, f64)> = probe
        .map(|(n, p0)| vec![(n, 0.0), (n, p0)])
        .unwrap_or_default();
    let datasets = vec![
        line(
            &idealised,
            curve_marker(present),
            theme.style(Role::Idealised),
        ),
        line(&stem, Marker::Block, theme.style(Role::ProbeHit)),
    ];
    let text = chart_text(board, Element::ZeroCurve);
    let spec = Spec {
        text: &text,
        boxed: board.boxed.contains(&Element::ZeroCurve),
        x: [0.0, x1],
        y: [0.0, 1.0],
        wall,
    };
    render(datasets, &spec, area, buf, theme);
    // The dots go on last: each is a value at a whole n, and neither the
    // line under it nor the stem may hide one.
    // Each on the row the idealised line takes there (half blocks in
    // present mode), so a value that lies on the line is drawn on it.
    let grid = Grid::of(buf, area, [0.0, x1], [0.0, 1.0]).like(curve_marker(present));
    let mark = match (present, grid.columns_per_unit() >= BLOCK_SPACING) {
        (true, true) => EXACT_BLOCK,
        // Too close for the wide block: its middle, a cell's block.
        (true, false) => "█",
        (false, _) => EXACT_DOT,
    };
    let style = theme.style(Role::Exact).add_modifier(Modifier::BOLD);
    for n in 0..=f.settings.fill_n_max {
        let n = n as f64;
        grid.put_across(buf, n, f.zero_exact(n), mark, style);
    }
}

/// The y axis's bounds and its ticks, bottom to top: fill runs 0 to 1,
/// the rates on whole decades (log10 of `values`).
fn y_scale(curve: Curve, values: &[f64]) -> (f64, f64, [String; 3]) {
    match curve {
        Curve::Fill => (0.0, 1.0, ["0".to_string(), "0.5".into(), "1".into()]),
        Curve::K | Curve::Bits => {
            let (low, high) = even_decades(values);
            let [a, b, c]: [String; 3] = decades(&[low, (low + high) / 2.0, high], -3..=0)
                .try_into()
                .unwrap_or_default();
            (low, high, [a, b, c])
        }
    }
}

/// How a chart is framed and labelled: its texts, whether the step frames
/// it, its bounds, and which of its words are set big.
struct Spec<'t> {
    text: &'t ChartText,
    boxed: bool,
    x: [f64; 2],
    y: [f64; 2],
    wall: Wall,
}

/// What a chart in `width` columns says over its plot when `wall` sets
/// it big (see [`wall::heading`]).
fn heading(text: &ChartText, wall: Wall, width: u16) -> Option<(&str, Big)> {
    wall.heading
        .then(|| wall::heading(&text.subject, width))
        .flatten()
}

/// The words on a chart's frame: its settings under a big heading, else
/// the longest title that fits.
fn frame_title(text: &ChartText, headed: bool, width: u16) -> String {
    if !headed {
        fitted_title(&text.titles, width)
    } else if text.given.is_empty() {
        String::new()
    } else {
        fitted_title(std::slice::from_ref(&text.given), width)
    }
}

/// Draws `datasets` as a chart in `area` as `spec` says: its ticks (and
/// what it plots) big where they fit, else small with the last x tick in
/// the wording its slot holds.
fn render(
    datasets: Vec<Dataset<'_>>,
    spec: &Spec<'_>,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let text = spec.text;
    let ticks = wall::Ticks {
        x: spec.x,
        x_ticks: &text.x_ticks,
        x_last: &text.x_last,
        y: spec.y,
        y_ticks: &text.y_ticks,
    };
    let heading = heading(text, spec.wall, area.width).map(|(_, big)| big);
    let under = Rect {
        height: area
            .height
            .saturating_sub(heading.as_ref().map_or(0, |_| wall::HEADING_ROWS)),
        ..area
    };
    if spec.wall.ticks && ticks.fit(under) {
        let words = frame_title(text, heading.is_some(), area.width);
        let title = frame(words, spec.boxed, theme);
        wall::chart(datasets, title, heading.as_ref(), &ticks, area, buf, theme);
        return;
    }
    let title = frame(fitted_title(&text.titles, area.width), spec.boxed, theme);
    let last = fitted_last(&text.x_last, &text.y_ticks, area);
    let x_ticks = vec![text.x_ticks[0].clone(), text.x_ticks[1].clone(), last];
    let x = axis(None, spec.x, x_ticks, theme);
    let y = axis(None, spec.y, text.y_ticks.to_vec(), theme);
    chart(datasets, title, x, y, theme).render(area, buf);
}

/// Where the x axis starts: on the k axis one step early when that puts
/// the middle tick on a whole k, and on the bits axis at 0 when that puts
/// it on a round number.
fn axis_start(curve: Curve, x0: f64, x1: f64) -> f64 {
    match curve {
        Curve::K if (x1 - x0) % 2.0 != 0.0 => x0 - 1.0,
        // Bits per item from 2 to 20 would put 11 under the middle tick;
        // from 0 the ticks read 0, 10 and 20, at the cost of a short
        // stretch with no curve over it.
        Curve::Bits if x0 > 0.0 && x0 * 5.0 <= x1 && x1 % 2.0 == 0.0 => 0.0,
        _ => x0,
    }
}

fn draw_memory(board: &Board, area: Rect, look: Look, buf: &mut Buffer, theme: &Theme) {
    let (present, wall) = (look.present, look.wall);
    let marker = curve_marker(present);
    let f = &board.figures;
    let s = &f.settings;
    let (x1, y1) = (s.memory_n_max, s.memory_gb_max);
    let slope = f.exact_gb(1e6);
    let exact_end = if slope * x1 > y1 { y1 / slope } else { x1 };
    let exact = vec![(0.0, 0.0), (exact_end, slope * exact_end)];
    let bloom = vec![(0.0, 0.0), (x1, f.bloom_gb(x1 * 1e6, s.bloom_bits))];
    let shows_exact = board.shows(Element::ExactLine);
    let shows_ram = board.shows(Element::RamLine);
    let crossing_x = crossing(board).filter(|_| shows_exact && shows_ram);
    let crossing_dot: Vec<(f64, f64)> = crossing_x.map(|x| vec![(x, s.ram_gb)]).unwrap_or_default();
    let crossing_stem: Vec<(f64, f64)> = crossing_x
        .filter(|_| board.marks(&Emphasis::Crossing))
        .map(|x| vec![(x, 0.0), (x, s.ram_gb)])
        .unwrap_or_default();
    let mut datasets = Vec::new();
    if board.shows(Element::BloomLine) {
        datasets.push(line(&bloom, Marker::HalfBlock, theme.style(Role::Good)));
    }
    if !crossing_stem.is_empty() {
        datasets.push(line(
            &crossing_stem,
            Marker::Block,
            theme.style(Role::ProbeMiss),
        ));
    }
    // The exact line goes after the Bloom bar so the bar cannot hide its
    // first stretch; the RAM line and the crossing are painted over both.
    if shows_exact {
        datasets.push(line(&exact, marker, theme.style(Role::Bad)));
    }
    let text = chart_text(board, Element::Memory);
    let spec = Spec {
        text: &text,
        boxed: board.boxed.contains(&Element::Memory),
        x: [0.0, x1],
        y: [0.0, y1],
        wall,
    };
    render(datasets, &spec, area, buf, theme);
    let grid = Grid::of(buf, area, [0.0, x1], [0.0, y1]).nearest();
    if shows_ram {
        grid.hline(
            buf,
            s.ram_gb,
            level_glyph(present),
            theme.style(Role::Guide),
        );
    }
    for &(x, y) in &crossing_dot {
        grid.put(buf, x, y, '█', theme.style(Role::ProbeMiss));
    }
}
