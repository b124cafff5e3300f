//! The plots: fill against n, epsilon against k, epsilon against bits per
//! item (log scale), and the memory argument with the RAM line. Each curve
//! is braille; probes and marks use block and dot glyphs, so they read
//! without colour.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, BorderType, Chart, Dataset, GraphType, Widget};

use super::part::{At, Column, Fitted, Fitting, Kind, Options, Part, Shows};
use crate::lecture::figures::sig;
use crate::lecture::texts::{CaptionMark, caption, crossing, plots};
use crate::lecture::{Board, Curve, Element, Emphasis};
use crate::numbers::trim_zeros;
use crate::ui::format::fitted;
use crate::ui::paint::Painter;
use crate::ui::theme::{Role, Theme};

/// Glyph of a dashed level line (the RAM, half full, the best k's floor).
const DASH: char = '┄';

/// Points per unit of x used to draw smooth curves.
const SAMPLES: usize = 240;

/// Fewest rows a chart's frame takes (axes and a few rows of curve).
const MIN_CHART: u16 = 8;

/// The plots part: every chart the step shows, side by side.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ChartsPart;

impl Part for ChartsPart {
    fn kind(&self) -> Kind {
        Kind::Chart
    }

    fn column(&self) -> Column {
        Column::Main
    }

    fn growth_rank(&self) -> u8 {
        1
    }

    fn shows(&self, board: &Board, _opts: Options) -> bool {
        !plots(board).is_empty()
    }

    fn fit(&self, scene: &Fitting<'_>) -> Box<dyn Fitted> {
        let rows = MIN_CHART + scene.most(|b| caption_rows(b, scene.width));
        Box::new(Charts { rows })
    }
}

/// The charts fitted to a scene; each notch is a row more of chart.
#[derive(Debug)]
struct Charts {
    /// Rows at the smallest, captions included.
    rows: u16,
}

impl Fitted for Charts {
    fn rows(&self, notch: u16) -> u16 {
        self.rows + notch
    }

    fn grows(&self, _notch: u16) -> bool {
        true
    }

    fn draw(&self, at: &At<'_>, buf: &mut Buffer, theme: &Theme) {
        let chart_rows = chart_rows(at.notch);
        draw_all(at.board, at.rect, chart_rows, at.present, buf, theme);
    }

    fn describe(&self, at: &At<'_>) -> Shows {
        let mut text = Vec::new();
        for (element, area) in chart_areas(at.board, at.rect) {
            let chart = chart_text(at.board, element);
            text.push(fitted_title(&chart.titles, area.width).trim().to_string());
            let caption = caption_spans(at.board, element, &Theme::MONO);
            let lines = caption_lines(caption, area.width);
            text.extend(lines.iter().map(ToString::to_string));
        }
        Shows::plain(text)
    }
}

/// Rows of each chart's frame at growth `notch` (the caption takes the
/// rest of the part).
pub(crate) fn chart_rows(notch: u16) -> u16 {
    MIN_CHART + notch
}

/// Draws the board's plots into `area`, side by side when several show:
/// each a chart `chart_rows` high with its caption under it. In present
/// mode curves are drawn in blocks, thick enough to see from the back.
fn draw_all(
    board: &Board,
    area: Rect,
    chart_rows: u16,
    present: bool,
    buf: &mut Buffer,
    theme: &Theme,
) {
    for (element, at) in chart_areas(board, area) {
        draw(board, element, at, chart_rows, present, buf, theme);
    }
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

fn draw(
    board: &Board,
    element: Element,
    area: Rect,
    chart_rows: u16,
    present: bool,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let caption = caption_spans(board, element, theme);
    let (chart, caption_area, lines) = with_caption(area, caption, chart_rows);
    let curve_marker = if present {
        Marker::HalfBlock
    } else {
        Marker::Braille
    };
    match element {
        Element::Memory => draw_memory(board, chart, curve_marker, buf, theme),
        Element::FillCurve => draw_curve(board, Curve::Fill, chart, curve_marker, buf, theme),
        Element::KCurve => draw_curve(board, Curve::K, chart, curve_marker, buf, theme),
        Element::BitsCurve => draw_curve(board, Curve::Bits, chart, curve_marker, buf, theme),
        _ => {}
    }
    draw_caption(buf, caption_area, &lines);
}

/// Rows the captions take under the board's plots in `width` columns.
fn caption_rows(board: &Board, width: u16) -> u16 {
    let list = plots(board);
    let count = u16::try_from(list.len()).unwrap_or(1).max(1);
    list.into_iter()
        .map(|e| {
            let lines = caption_lines(caption_spans(board, e, &Theme::MONO), width / count);
            u16::try_from(lines.len()).unwrap_or(1)
        })
        .max()
        .unwrap_or(0)
}

/// The probe's figure for present mode's headline ("FILL 0.43",
/// "K = 7: 0.0082"), when a curve shows its probe.
pub(crate) fn probe_headline(board: &Board) -> Option<String> {
    [Curve::Fill, Curve::K, Curve::Bits]
        .into_iter()
        .find_map(|curve| {
            board.probe(curve).map(|(x, y)| match curve {
                Curve::Fill => format!("FILL {}", sig(y, 2)),
                Curve::K => format!("K = {x}: {}", sig(y, 2)),
                Curve::Bits => format!("{x} BITS: {}", sig(y, 2)),
            })
        })
}

/// A caption as styled spans: each item's mark, then its words.
fn caption_spans(board: &Board, element: Element, theme: &Theme) -> Vec<Span<'static>> {
    caption(board, element)
        .into_iter()
        .enumerate()
        .map(|(i, item)| {
            let (glyph, role) = match item.mark {
                CaptionMark::Curve => ("⣿", Role::Idealised),
                CaptionMark::Probe => ("█", Role::ProbeHit),
                CaptionMark::Floor => ("┄", Role::Good),
                CaptionMark::Half => ("┄", Role::Guide),
                CaptionMark::ExactLine => ("⣿", Role::Bad),
                CaptionMark::RamLine => ("┄", Role::Guide),
                CaptionMark::BloomLine => ("▄", Role::Good),
                CaptionMark::Full => ("█", Role::ProbeMiss),
            };
            let style = if item.mark == CaptionMark::Full && board.emphasises(&Emphasis::Crossing) {
                theme.style(role).add_modifier(Modifier::REVERSED)
            } else {
                theme.style(role)
            };
            let gap = if i == 0 { "" } else { "   " };
            Span::styled(format!("{gap}{glyph} {}", item.text), style)
        })
        .collect()
}

fn frame<'a>(title: String, boxed: bool, theme: &Theme) -> Block<'a> {
    let block = Block::bordered()
        .title(Span::styled(title, theme.style(Role::Title)))
        .border_style(theme.style(Role::Border));
    if boxed {
        block
            .border_type(BorderType::Double)
            .border_style(theme.style(Role::Emphasis))
    } else {
        block
    }
}

/// Splits a plot area into the chart, `chart_rows` high, and the caption
/// lines under it.
fn with_caption(
    area: Rect,
    caption: Vec<Span<'static>>,
    chart_rows: u16,
) -> (Rect, Rect, Vec<Line<'static>>) {
    let lines = caption_lines(caption, area.width);
    let chart = Rect {
        height: chart_rows.min(area.height),
        ..area
    };
    let rows = u16::try_from(lines.len())
        .unwrap_or(1)
        .min(area.height - chart.height);
    let caption_area = Rect {
        y: area.y + chart.height,
        height: rows,
        ..area
    };
    (chart, caption_area, lines)
}

/// The caption's items wrapped onto as many lines as the plot's width
/// needs: an item starts a new line when it does not fit on this one, and
/// one longer than a whole line breaks between its words.
fn caption_lines(caption: Vec<Span<'static>>, width: u16) -> Vec<Line<'static>> {
    let room = usize::from(width.saturating_sub(2)).max(8);
    let mut lines: Vec<Vec<Span<'static>>> = vec![Vec::new()];
    let mut used = 0;
    for span in caption {
        let style = span.style;
        let whole = span.content.to_string();
        let pieces = if span.width() > room {
            crate::ui::format::wrap(whole.trim_start(), room)
        } else {
            vec![whole]
        };
        for piece in pieces {
            let w = Span::raw(piece.as_str()).width();
            if used > 0 && used + w > room {
                lines.push(Vec::new());
                used = 0;
            }
            let piece = if used == 0 {
                piece.trim_start().to_string()
            } else {
                piece
            };
            used += Span::raw(piece.as_str()).width();
            if let Some(last) = lines.last_mut() {
                last.push(Span::styled(piece, style));
            }
        }
    }
    lines.into_iter().map(Line::from).collect()
}

fn draw_caption(buf: &mut Buffer, area: Rect, lines: &[Line<'static>]) {
    let mut p = Painter::new(buf, area);
    for (i, line) in lines.iter().enumerate() {
        p.line(1, u16::try_from(i).unwrap_or(u16::MAX), line);
    }
}

fn samples(from: f64, to: f64, f: impl Fn(f64) -> f64) -> Vec<(f64, f64)> {
    (0..=SAMPLES)
        .map(|i| {
            let x = from + (to - from) * i as f64 / SAMPLES as f64;
            (x, f(x))
        })
        .collect()
}

fn label(text: String, theme: &Theme) -> Line<'static> {
    Line::from(Span::styled(text, theme.style(Role::Axis)))
}

fn draw_curve(
    board: &Board,
    curve: Curve,
    area: Rect,
    marker: Marker,
    buf: &mut Buffer,
    theme: &Theme,
) {
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
    let line = samples(x0, x1, |x| y_of(f.curve_value(curve, x)));
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
    let half = curve == Curve::Fill && board.emphasises(&Emphasis::Half);
    let best_k = f.best_k_on_curve() as f64;
    let optimum = curve == Curve::K && board.emphasises(&Emphasis::Optimum);

    let text = chart_text(board, element);
    let datasets = vec![
        Dataset::default()
            .marker(marker)
            .graph_type(GraphType::Line)
            .style(theme.style(Role::Idealised))
            .data(&line),
        Dataset::default()
            .marker(Marker::Block)
            .graph_type(GraphType::Line)
            .style(theme.style(Role::ProbeHit))
            .data(&probe_stem),
        Dataset::default()
            .marker(Marker::Block)
            .graph_type(GraphType::Scatter)
            .style(theme.style(Role::ProbeHit))
            .data(&probe_dot),
    ];
    Chart::new(datasets)
        .style(theme.base())
        .block(frame(
            fitted_title(&text.titles, area.width),
            board.boxed.contains(&element),
            theme,
        ))
        .legend_position(None)
        .x_axis(
            Axis::default()
                .bounds([axis_x0, x1])
                .labels(x_labels(&text, area, theme)),
        )
        .y_axis(
            Axis::default().bounds([y0, y1]).labels(
                text.y_ticks
                    .iter()
                    .map(|t| label(t.clone(), theme))
                    .collect::<Vec<_>>(),
            ),
        )
        .render(area, buf);
    let grid = Grid::of(buf, area, [axis_x0, x1], [y0, y1]);
    if half {
        grid.hline(buf, 0.5, DASH, theme.style(Role::Guide));
    }
    // The best k is marked as a dashed floor at the lowest rate this budget
    // reaches, which the probe's stem cannot hide.
    if optimum {
        grid.hline(
            buf,
            y_of(f.curve_value(Curve::K, best_k)),
            DASH,
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
        _ => {
            let (x1, y1) = (s.memory_n_max, s.memory_gb_max);
            let x_end = trim_zeros(&sig(x1, 4));
            return ChartText {
                titles: vec![
                    "memory to remember n items".to_string(),
                    "memory for n items".to_string(),
                    "memory".to_string(),
                ],
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
            format!("fill 1 - e^(-kn/m) against n   (m = {m}, k = {k})"),
            format!("fill 1 - e^(-kn/m) against n (m = {m}, k = {k})"),
            format!("fill 1 - e^(-kn/m), m = {m}, k = {k}"),
            "fill 1 - e^(-kn/m) against n".to_string(),
            "fill 1 - e^(-kn/m)".to_string(),
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
    let x_end = format!("{x1}");
    let x_name = match curve {
        Curve::Fill => "n",
        Curve::K => "k",
        Curve::Bits => "bits/item",
    };
    ChartText {
        titles,
        x_ticks: [
            trim_zeros(&sig(axis_x0, 3)),
            trim_zeros(&sig((axis_x0 + x1) / 2.0, 3)),
        ],
        x_last: vec![format!("{x_end} {x_name}"), x_end],
        y_ticks,
    }
}

/// The y axis's bounds and its ticks, bottom to top: fill runs 0 to 1,
/// the rates on whole decades (log10 of `values`).
fn y_scale(curve: Curve, values: &[f64]) -> (f64, f64, [String; 3]) {
    match curve {
        Curve::Fill => (0.0, 1.0, ["0".to_string(), "0.5".into(), "1".into()]),
        Curve::K | Curve::Bits => {
            let (low, high, labels) = decades(values);
            let [a, b, c] = <[String; 3]>::try_from(labels).unwrap_or_default();
            (low, high, [a, b, c])
        }
    }
}

/// Where the x axis starts: on the k axis one step early when that puts
/// the middle tick on a whole k.
fn axis_start(curve: Curve, x0: f64, x1: f64) -> f64 {
    if curve == Curve::K && (x1 - x0) % 2.0 != 0.0 {
        x0 - 1.0
    } else {
        x0
    }
}

/// The longest title that fits between a chart's corners `width` columns
/// apart, with a space either side of it.
fn fitted_title(titles: &[String], width: u16) -> String {
    let options = titles.iter().map(|t| Line::raw(format!(" {t} "))).collect();
    fitted(options, width.saturating_sub(2)).to_string()
}

/// Columns the chart's axis leaves between two x ticks; ratatui gives the
/// last tick that many and cuts a longer one from the left.
fn tick_room(text: &ChartText, area: Rect) -> u16 {
    // Inside the frame, less the y labels (at most a third) and the axis.
    let inner = area.width.saturating_sub(2);
    let y_labels = text
        .y_ticks
        .iter()
        .map(|t| Span::raw(t.as_str()).width())
        .max()
        .map_or(0, |w| u16::try_from(w).unwrap_or(u16::MAX))
        .min(inner / 3);
    let graph = inner.saturating_sub(y_labels + 1);
    graph / 3
}

/// The x ticks as drawn: the last in the longest wording its slot holds,
/// so the axis's name never covers the figure.
fn x_labels(text: &ChartText, area: Rect, theme: &Theme) -> Vec<Line<'static>> {
    let last = text.x_last.iter().map(|t| Line::raw(t.clone())).collect();
    let last = fitted(last, tick_room(text, area)).to_string();
    vec![
        label(text.x_ticks[0].clone(), theme),
        label(text.x_ticks[1].clone(), theme),
        label(last, theme),
    ]
}

/// Log-scale y bounds on whole decades around `values` (log10), an even
/// number of decades apart so the middle tick is a decade too, with labels.
fn decades(values: &[f64]) -> (f64, f64, Vec<String>) {
    let finite = values.iter().copied().filter(|v| v.is_finite());
    let low = finite.clone().fold(f64::MAX, f64::min).floor();
    let high = finite.fold(f64::MIN, f64::max).ceil().min(0.0);
    let (low, high) = if low < high {
        (low, high)
    } else {
        (high - 2.0, high)
    };
    let low = if (high - low) % 2.0 == 0.0 {
        low
    } else {
        low - 1.0
    };
    let mid = (low + high) / 2.0;
    (low, high, vec![decade(low), decade(mid), decade(high)])
}

/// 10 to a whole power, written plainly down to 0.001 and as 1e-N below.
fn decade(power: f64) -> String {
    let p = power.round() as i32;
    match p {
        0.. => format!("{}", 10u64.saturating_pow(p.unsigned_abs())),
        -3..=-1 => format!("{:.*}", p.unsigned_abs() as usize, 10f64.powi(p)),
        _ => format!("1e{p}"),
    }
}

fn draw_memory(board: &Board, area: Rect, marker: Marker, buf: &mut Buffer, theme: &Theme) {
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
        .filter(|_| board.emphasises(&Emphasis::Crossing))
        .map(|x| vec![(x, 0.0), (x, s.ram_gb)])
        .unwrap_or_default();
    let mut datasets = Vec::new();
    if board.shows(Element::BloomLine) {
        datasets.push(
            Dataset::default()
                .marker(Marker::HalfBlock)
                .graph_type(GraphType::Line)
                .style(theme.style(Role::Good))
                .data(&bloom),
        );
    }
    if !crossing_stem.is_empty() {
        datasets.push(
            Dataset::default()
                .marker(Marker::Block)
                .graph_type(GraphType::Line)
                .style(theme.style(Role::ProbeMiss))
                .data(&crossing_stem),
        );
    }
    // The exact line goes after the Bloom bar so the bar cannot hide its
    // first stretch; the RAM line and the crossing are painted over both.
    if shows_exact {
        datasets.push(
            Dataset::default()
                .marker(marker)
                .graph_type(GraphType::Line)
                .style(theme.style(Role::Bad))
                .data(&exact),
        );
    }
    let chart_area = area;
    let text = chart_text(board, Element::Memory);
    Chart::new(datasets)
        .style(theme.base())
        .block(frame(
            fitted_title(&text.titles, area.width),
            board.boxed.contains(&Element::Memory),
            theme,
        ))
        .legend_position(None)
        .x_axis(
            Axis::default()
                .bounds([0.0, x1])
                .labels(x_labels(&text, chart_area, theme)),
        )
        .y_axis(
            Axis::default().bounds([0.0, y1]).labels(
                text.y_ticks
                    .iter()
                    .map(|t| label(t.clone(), theme))
                    .collect::<Vec<_>>(),
            ),
        )
        .render(chart_area, buf);
    let grid = Grid::of(buf, chart_area, [0.0, x1], [0.0, y1]).nearest();
    if shows_ram {
        grid.hline(buf, s.ram_gb, DASH, theme.style(Role::Guide));
    }
    for &(x, y) in &crossing_dot {
        grid.put(buf, x, y, '█', theme.style(Role::ProbeMiss));
    }
}

/// The cells of a drawn chart's plotting area, found from the corner where
/// its axes meet, so marks can be put on exact cells with their own glyphs.
struct Grid {
    area: Rect,
    x: [f64; 2],
    y: [f64; 2],
    /// Place marks as the braille canvas places a curve (on the curve's
    /// row) rather than on the nearest row's centre.
    braille: bool,
}

impl Grid {
    /// The plotting area of the chart just drawn into `chart` with bounds
    /// `x` and `y`; empty when the chart had no room for axes.
    fn of(buf: &Buffer, chart: Rect, x: [f64; 2], y: [f64; 2]) -> Grid {
        let inner = chart.intersection(buf.area);
        let mut area = Rect::default();
        'search: for row in (inner.y + 1..inner.bottom().saturating_sub(1)).rev() {
            for col in inner.x + 1..inner.right().saturating_sub(1) {
                let corner = buf.cell((col, row)).is_some_and(|c| c.symbol() == "└");
                if corner {
                    area = Rect {
                        x: col + 1,
                        y: inner.y + 1,
                        width: inner.right().saturating_sub(col + 2),
                        height: row.saturating_sub(inner.y + 1),
                    };
                    break 'search;
                }
            }
        }
        Grid {
            area,
            x,
            y,
            braille: true,
        }
    }

    /// Marks go on the row whose centre is nearest, so a level just above
    /// the floor keeps a row of its own.
    fn nearest(self) -> Grid {
        Grid {
            braille: false,
            ..self
        }
    }

    /// The cell showing point (x, y), if it is inside the plotting area.
    fn cell(&self, x: f64, y: f64) -> Option<(u16, u16)> {
        let a = self.area;
        if a.is_empty() || !x.is_finite() || !y.is_finite() {
            return None;
        }
        let fx = (x - self.x[0]) / (self.x[1] - self.x[0]);
        let fy = (self.y[1] - y) / (self.y[1] - self.y[0]);
        if !(0.0..=1.0).contains(&fx) || !(0.0..=1.0).contains(&fy) {
            return None;
        }
        // The same rounding ratatui's braille canvas uses, so a mark lands
        // on the row where the curve is drawn.
        let (col, row) = if self.braille {
            (
                (fx * (f64::from(a.width) * 2.0 - 1.0)).round() as u16 / 2,
                (fy * (f64::from(a.height) * 4.0 - 1.0)).round() as u16 / 4,
            )
        } else {
            (
                (fx * f64::from(a.width - 1)).round() as u16,
                (fy * f64::from(a.height - 1)).round() as u16,
            )
        };
        Some((a.x + col, a.y + row))
    }

    /// Puts `glyph` on the cell showing point (x, y).
    fn put(&self, buf: &mut Buffer, x: f64, y: f64, glyph: char, style: Style) {
        if let Some(pos) = self.cell(x, y)
            && let Some(c) = buf.cell_mut(pos)
        {
            c.set_char(glyph).set_style(style);
        }
    }

    /// Draws a horizontal line of `glyph` at height y across the area's
    /// empty cells, under whatever is already drawn there.
    fn hline(&self, buf: &mut Buffer, y: f64, glyph: char, style: Style) {
        if let Some((_, row)) = self.cell(self.x[0], y) {
            for col in self.area.x..self.area.right() {
                if let Some(c) = buf.cell_mut((col, row))
                    && c.symbol() == " "
                {
                    c.set_char(glyph).set_style(style);
                }
            }
        }
    }
}
