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

use super::paint::Painter;
use crate::lecture::figures::{kopt, sig};
use crate::lecture::{Board, Curve, Element, Emphasis};
use crate::numbers::trim_zeros;
use crate::ui::theme::{Role, Theme};

/// Glyph of a dashed level line (the RAM, half full, the best k's floor).
const DASH: char = '┄';

/// Points per unit of x used to draw smooth curves.
const SAMPLES: usize = 240;

/// Which plots the board shows, in drawing order.
pub(super) fn visible(board: &Board) -> Vec<Element> {
    [
        Element::Memory,
        Element::FillCurve,
        Element::KCurve,
        Element::BitsCurve,
    ]
    .into_iter()
    .filter(|e| board.shows(*e))
    .collect()
}

/// Draws one plot element into `area`: a chart `chart_rows` high with its
/// caption under it.
pub(super) fn draw(
    board: &Board,
    element: Element,
    area: Rect,
    chart_rows: u16,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let caption = caption(board, element, theme);
    let (chart, caption_area, lines) = with_caption(area, caption, chart_rows);
    match element {
        Element::Memory => draw_memory(board, chart, buf, theme),
        Element::FillCurve => draw_curve(board, Curve::Fill, chart, buf, theme),
        Element::KCurve => draw_curve(board, Curve::K, chart, buf, theme),
        Element::BitsCurve => draw_curve(board, Curve::Bits, chart, buf, theme),
        _ => {}
    }
    draw_caption(buf, caption_area, &lines);
}

/// Rows the caption of `element` takes in a plot `width` columns wide.
pub(super) fn caption_rows(board: &Board, element: Element, width: u16, theme: &Theme) -> u16 {
    let lines = caption_lines(caption(board, element, theme), width);
    u16::try_from(lines.len()).unwrap_or(1)
}

fn caption(board: &Board, element: Element, theme: &Theme) -> Vec<Span<'static>> {
    match element {
        Element::Memory => memory_caption(board, theme),
        Element::FillCurve => curve_caption(board, Curve::Fill, theme),
        Element::KCurve => curve_caption(board, Curve::K, theme),
        Element::BitsCurve => curve_caption(board, Curve::Bits, theme),
        _ => Vec::new(),
    }
}

fn frame<'a>(title: String, boxed: bool, theme: &Theme) -> Block<'a> {
    let block = Block::bordered()
        .title(Span::styled(format!(" {title} "), theme.style(Role::Title)))
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

/// The caption's items, wrapped onto a second line when the plot is narrow.
fn caption_lines(caption: Vec<Span<'static>>, width: u16) -> Vec<Line<'static>> {
    let room = usize::from(width.saturating_sub(2)).max(1);
    let mut lines: Vec<Vec<Span<'static>>> = vec![Vec::new()];
    let mut used = 0;
    for span in caption {
        let w = span.width();
        if used > 0 && used + w > room && lines.len() < 2 {
            lines.push(Vec::new());
            used = 0;
        }
        used += w;
        if let Some(last) = lines.last_mut() {
            last.push(span);
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

fn draw_curve(board: &Board, curve: Curve, area: Rect, buf: &mut Buffer, theme: &Theme) {
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
    let (y0, y1, y_labels) = match curve {
        Curve::Fill => (0.0, 1.0, vec!["0".to_string(), "0.5".into(), "1".into()]),
        Curve::K | Curve::Bits => decades(&whole),
    };
    // Whole-number ticks on the k axis: start the axis where its middle
    // falls on a whole k.
    let axis_x0 = if curve == Curve::K && (x1 - x0) % 2.0 != 0.0 {
        x0 - 1.0
    } else {
        x0
    };
    let probe = board.probe(curve);
    let probe_stem: Vec<(f64, f64)> = probe
        .map(|(x, y)| vec![(x, y0), (x, y_of(y))])
        .unwrap_or_default();
    let probe_dot: Vec<(f64, f64)> = probe.map(|(x, y)| vec![(x, y_of(y))]).unwrap_or_default();
    let half = curve == Curve::Fill && board.emphasises(&Emphasis::Half);
    let best_k = f.best_k_on_curve() as f64;
    let optimum = curve == Curve::K && board.emphasises(&Emphasis::Optimum);

    let title = match curve {
        Curve::Fill => format!("fill 1 - e^(-kn/m) against n   (m = {}, k = {})", s.m, s.k),
        Curve::K => format!(
            "epsilon against k, log scale   ({} bits per item)",
            trim_zeros(&sig(s.k_curve_bits, 3))
        ),
        Curve::Bits => "epsilon at the best k against bits per item (log scale)".to_string(),
    };
    let x_title = match curve {
        Curve::Fill => "n",
        Curve::K => "k",
        Curve::Bits => "bits per item",
    };
    let datasets = vec![
        Dataset::default()
            .marker(Marker::Braille)
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
    let x_labels = vec![
        label(trim_zeros(&sig(axis_x0, 3)), theme),
        label(trim_zeros(&sig((axis_x0 + x1) / 2.0, 3)), theme),
        label(format!("{} {x_title}", x1), theme),
    ];
    Chart::new(datasets)
        .style(theme.base())
        .block(frame(title, board.boxed.contains(&element), theme))
        .legend_position(None)
        .x_axis(Axis::default().bounds([axis_x0, x1]).labels(x_labels))
        .y_axis(
            Axis::default().bounds([y0, y1]).labels(
                y_labels
                    .into_iter()
                    .map(|t| label(t, theme))
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

/// The legend under a curve plot.
fn curve_caption(board: &Board, curve: Curve, theme: &Theme) -> Vec<Span<'static>> {
    let f = &board.figures;
    let s = &f.settings;
    let probe = board.probe(curve);
    let best_k = f.best_k_on_curve();
    let optimum = curve == Curve::K && board.emphasises(&Emphasis::Optimum);
    let half = curve == Curve::Fill && board.emphasises(&Emphasis::Half);
    let mut caption = vec![Span::styled("⣿ curve  ", theme.style(Role::Idealised))];
    if let Some((x, y)) = probe {
        let text = match curve {
            Curve::Fill => format!("█ probe n = {x}: fill {}", sig(y, 2)),
            Curve::K => format!("█ probe k = {x}: epsilon {}", sig(y, 2)),
            Curve::Bits => format!(
                "█ probe {x} bits per item: epsilon {} at k* = {}",
                sig(y, 2),
                sig(kopt(x), 3)
            ),
        };
        caption.push(Span::styled(text, theme.style(Role::ProbeHit)));
    }
    if optimum {
        caption.push(Span::styled(
            format!(
                "   {DASH} floor: best k = {best_k} (rule {})",
                sig(kopt(s.k_curve_bits), 3)
            ),
            theme.style(Role::Good),
        ));
    }
    if half {
        caption.push(Span::styled(
            format!("   {DASH} half full"),
            theme.style(Role::Guide),
        ));
    }
    caption
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

/// Where the exact set's line meets the RAM line, in millions of items,
/// when it is inside the plot.
fn crossing(board: &Board) -> Option<f64> {
    let f = &board.figures;
    let x = f.crossing_millions();
    (x <= f.settings.memory_n_max).then_some(x)
}

/// The legend under the memory plot.
fn memory_caption(board: &Board, theme: &Theme) -> Vec<Span<'static>> {
    let s = &board.figures.settings;
    let mut caption: Vec<Span<'static>> = Vec::new();
    let shows_exact = board.shows(Element::ExactLine);
    let shows_ram = board.shows(Element::RamLine);
    if shows_exact {
        caption.push(Span::styled(
            format!(
                "⣿ exact set {} B each  ",
                trim_zeros(&sig(s.exact_bytes, 3))
            ),
            theme.style(Role::Bad),
        ));
    }
    if shows_ram {
        caption.push(Span::styled(
            format!("{DASH} RAM {} GB  ", trim_zeros(&sig(s.ram_gb, 3))),
            theme.style(Role::Guide),
        ));
    }
    if board.shows(Element::BloomLine) {
        caption.push(Span::styled(
            format!("▄ Bloom {} bits each  ", trim_zeros(&sig(s.bloom_bits, 3))),
            theme.style(Role::Good),
        ));
    }
    if let (true, true, Some(x)) = (shows_exact, shows_ram, crossing(board)) {
        let style = if board.emphasises(&Emphasis::Crossing) {
            theme
                .style(Role::ProbeMiss)
                .add_modifier(Modifier::REVERSED)
        } else {
            theme.style(Role::ProbeMiss)
        };
        caption.push(Span::styled(
            format!("█ full at {} M", trim_zeros(&sig(x, 3))),
            style,
        ));
    }
    caption
}

fn draw_memory(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
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
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(theme.style(Role::Bad))
                .data(&exact),
        );
    }
    let chart_area = area;
    let x_labels = vec![
        label("0".into(), theme),
        label(trim_zeros(&sig(x1 / 2.0, 3)), theme),
        label(format!("{} M items", trim_zeros(&sig(x1, 4))), theme),
    ];
    let y_labels = vec![
        label("0".into(), theme),
        label(trim_zeros(&sig(y1 / 2.0, 3)), theme),
        label(format!("{} GB", trim_zeros(&sig(y1, 3))), theme),
    ];
    Chart::new(datasets)
        .style(theme.base())
        .block(frame(
            "memory to remember n items".to_string(),
            board.boxed.contains(&Element::Memory),
            theme,
        ))
        .legend_position(None)
        .x_axis(Axis::default().bounds([0.0, x1]).labels(x_labels))
        .y_axis(Axis::default().bounds([0.0, y1]).labels(y_labels))
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
