//! The plots: fill against n, epsilon against k, epsilon against bits per
//! item (log scale), and the memory argument with the RAM line. Each curve
//! is braille; probes and marks use block and dot glyphs, so they read
//! without colour.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, BorderType, Chart, Dataset, GraphType, Widget};

use super::paint::Painter;
use crate::lecture::figures::{kopt, sig};
use crate::lecture::{Board, Curve, Element, Emphasis};
use crate::ui::theme::Theme;

/// Points per unit of x used to draw smooth curves.
const SAMPLES: usize = 240;

/// Which plots the board shows, in drawing order.
pub fn visible(board: &Board) -> Vec<Element> {
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

/// Draws one plot element into `area`.
pub fn draw(board: &Board, element: Element, area: Rect, buf: &mut Buffer, theme: &Theme) {
    match element {
        Element::Memory => draw_memory(board, area, buf, theme),
        Element::FillCurve => draw_curve(board, Curve::Fill, area, buf, theme),
        Element::KCurve => draw_curve(board, Curve::K, area, buf, theme),
        Element::BitsCurve => draw_curve(board, Curve::Bits, area, buf, theme),
        _ => {}
    }
}

fn frame<'a>(title: String, boxed: bool, theme: &Theme) -> Block<'a> {
    let block = Block::bordered()
        .title(Span::styled(format!(" {title} "), theme.title()))
        .border_style(theme.dim());
    if boxed {
        block
            .border_type(BorderType::Double)
            .border_style(theme.accent())
    } else {
        block
    }
}

/// Splits a plot area into the chart and the caption lines under it; the
/// caption's items wrap onto a second line when the plot is narrow.
fn with_caption(area: Rect, caption: Vec<Span<'static>>) -> (Rect, Rect, Vec<Line<'static>>) {
    let room = usize::from(area.width.saturating_sub(2)).max(1);
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
    let lines: Vec<Line<'static>> = lines.into_iter().map(Line::from).collect();
    let rows = u16::try_from(lines.len()).unwrap_or(1).min(area.height);
    let chart = Rect {
        height: area.height - rows,
        ..area
    };
    let caption_area = Rect {
        y: area.y + chart.height,
        height: rows,
        ..area
    };
    (chart, caption_area, lines)
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
    Line::from(Span::styled(text, theme.dim()))
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
    let whole: Vec<(f64, f64)> = match curve {
        Curve::Fill => f.fill_curve(),
        Curve::K => f.k_curve(),
        Curve::Bits => f.bits_curve(),
    }
    .into_iter()
    .map(|(x, y)| (x, y_of(y)))
    .collect();
    let (y0, y1, y_labels) = match curve {
        Curve::Fill => (0.0, 1.0, vec!["0".to_string(), "0.5".into(), "1".into()]),
        Curve::K => {
            let high = whole.iter().map(|p| p.1).fold(f64::MIN, f64::max) + 0.05;
            let low = whole.iter().map(|p| p.1).fold(f64::MAX, f64::min) - 0.1;
            let (low, high) = if low < high {
                (low, high)
            } else {
                (low - 1.0, high + 1.0)
            };
            let at = |y: f64| sig(10f64.powf(y), 2);
            (low, high, vec![at(low), at((low + high) / 2.0), at(high)])
        }
        Curve::Bits => {
            let low = whole
                .iter()
                .map(|p| p.1)
                .fold(0.0_f64, f64::min)
                .floor()
                .min(-2.0);
            // An even bottom decade puts the middle label on a whole decade.
            let low = if low % 2.0 == 0.0 { low } else { low - 1.0 };
            let mid = low / 2.0;
            (
                low,
                0.0,
                vec![format!("1e{low}"), format!("1e{mid}"), "1".into()],
            )
        }
    };
    let probe = board.probe(curve);
    let probe_stem: Vec<(f64, f64)> = probe
        .map(|(x, y)| vec![(x, y0), (x, y_of(y))])
        .unwrap_or_default();
    let probe_dot: Vec<(f64, f64)> = probe.map(|(x, y)| vec![(x, y_of(y))]).unwrap_or_default();
    let half: Vec<(f64, f64)> = if curve == Curve::Fill && board.emphasises(&Emphasis::Half) {
        dashes(x0, x1, 0.5)
    } else {
        Vec::new()
    };
    let best_k = f.best_k_on_curve() as f64;
    // The best k is marked as a dashed floor: the lowest rate this budget
    // reaches, which the probe's stem cannot hide.
    let optimum: Vec<(f64, f64)> = if curve == Curve::K && board.emphasises(&Emphasis::Optimum) {
        dashes(x0, x1, y_of(f.curve_value(Curve::K, best_k)))
    } else {
        Vec::new()
    };

    let title = match curve {
        Curve::Fill => format!("fill 1 - e^(-kn/m) against n   (m = {}, k = {})", s.m, s.k),
        Curve::K => format!(
            "epsilon against k, log scale   ({} bits per item)",
            trim(&sig(s.k_curve_bits, 3))
        ),
        Curve::Bits => "epsilon at the best k against bits per item (log scale)".to_string(),
    };
    let x_title = match curve {
        Curve::Fill => "n",
        Curve::K => "k",
        Curve::Bits => "m/n",
    };
    let mut datasets = vec![
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(theme.idealised())
            .data(&line),
        Dataset::default()
            .marker(Marker::Dot)
            .graph_type(GraphType::Scatter)
            .style(theme.text())
            .data(&whole),
    ];
    if !half.is_empty() {
        datasets.push(
            Dataset::default()
                .marker(Marker::Dot)
                .graph_type(GraphType::Scatter)
                .style(theme.accent())
                .data(&half),
        );
    }
    if !optimum.is_empty() {
        datasets.push(
            Dataset::default()
                .marker(Marker::Dot)
                .graph_type(GraphType::Scatter)
                .style(theme.good())
                .data(&optimum),
        );
    }
    datasets.push(
        Dataset::default()
            .marker(Marker::Block)
            .graph_type(GraphType::Line)
            .style(theme.probe_hit())
            .data(&probe_stem),
    );
    datasets.push(
        Dataset::default()
            .marker(Marker::Block)
            .graph_type(GraphType::Scatter)
            .style(theme.probe_hit())
            .data(&probe_dot),
    );
    let x_labels = vec![
        label(trim(&sig(x0, 3)), theme),
        label(trim(&sig((x0 + x1) / 2.0, 3)), theme),
        label(format!("{} {x_title}", x1), theme),
    ];
    let mut caption = vec![Span::styled("⣿ curve  ", theme.idealised())];
    if let Some((x, y)) = probe {
        let text = match curve {
            Curve::Fill => format!("█ probe n = {x}: fill {}", sig(y, 2)),
            Curve::K => format!("█ probe k = {x}: epsilon {}", sig(y, 2)),
            Curve::Bits => format!(
                "█ probe {x} bits/item: epsilon {} at k* = {}",
                sig(y, 2),
                sig(kopt(x), 3)
            ),
        };
        caption.push(Span::styled(text, theme.probe_hit()));
    }
    if !optimum.is_empty() {
        caption.push(Span::styled(
            format!(
                "   • floor: best k = {best_k} (rule {})",
                sig(kopt(s.k_curve_bits), 3)
            ),
            theme.good(),
        ));
    }
    if !half.is_empty() {
        caption.push(Span::styled("   • half full", theme.accent()));
    }
    let (chart_area, caption_area, caption_lines) = with_caption(area, caption);
    Chart::new(datasets)
        .block(frame(title, board.boxed.contains(&element), theme))
        .legend_position(None)
        .x_axis(Axis::default().bounds([x0, x1]).labels(x_labels))
        .y_axis(
            Axis::default().bounds([y0, y1]).labels(
                y_labels
                    .into_iter()
                    .map(|t| label(t, theme))
                    .collect::<Vec<_>>(),
            ),
        )
        .render(chart_area, buf);

    draw_caption(buf, caption_area, &caption_lines);
}

/// Drops trailing zeros after a decimal point ("64.0" -> "64").
fn trim(text: &str) -> String {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text.to_string()
    }
}

/// A dashed horizontal line at height y, as scattered dots.
fn dashes(x0: f64, x1: f64, y: f64) -> Vec<(f64, f64)> {
    (0..=60)
        .filter(|i| i % 3 != 2)
        .map(|i| (x0 + (x1 - x0) * f64::from(i) / 60.0, y))
        .collect()
}

fn draw_memory(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let f = &board.figures;
    let s = &f.settings;
    let (x1, y1) = (s.memory_n_max, s.memory_gb_max);
    let slope = f.exact_gb(1e6);
    let exact_end = if slope * x1 > y1 { y1 / slope } else { x1 };
    let exact = vec![(0.0, 0.0), (exact_end, slope * exact_end)];
    let ram = dashes(0.0, x1, s.ram_gb);
    let bloom = vec![(0.0, 0.0), (x1, f.bloom_gb(x1 * 1e6, s.bloom_bits))];
    let crossing_x = f.crossing_millions();
    let crossing = if crossing_x <= x1 {
        vec![(crossing_x, s.ram_gb)]
    } else {
        Vec::new()
    };
    let crossing_stem = if board.emphasises(&Emphasis::Crossing) && !crossing.is_empty() {
        vec![(crossing_x, 0.0), (crossing_x, s.ram_gb)]
    } else {
        Vec::new()
    };
    let mut datasets = Vec::new();
    let mut caption: Vec<Span<'static>> = Vec::new();
    let shows_exact = board.shows(Element::ExactLine);
    let shows_ram = board.shows(Element::RamLine);
    if shows_exact {
        datasets.push(
            Dataset::default()
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(theme.bad())
                .data(&exact),
        );
        caption.push(Span::styled(
            format!("⣿ exact set {} B each  ", trim(&sig(s.exact_bytes, 3))),
            theme.bad(),
        ));
    }
    if shows_ram {
        datasets.push(
            Dataset::default()
                .marker(Marker::Dot)
                .graph_type(GraphType::Scatter)
                .style(theme.accent())
                .data(&ram),
        );
        caption.push(Span::styled(
            format!("• RAM {} GB  ", trim(&sig(s.ram_gb, 3))),
            theme.accent(),
        ));
    }
    if board.shows(Element::BloomLine) {
        datasets.push(
            Dataset::default()
                .marker(Marker::HalfBlock)
                .graph_type(GraphType::Line)
                .style(theme.good())
                .data(&bloom),
        );
        caption.push(Span::styled(
            format!("▄ Bloom {} bits each  ", trim(&sig(s.bloom_bits, 3))),
            theme.good(),
        ));
    }
    if shows_exact && shows_ram && !crossing.is_empty() {
        datasets.push(
            Dataset::default()
                .marker(Marker::Block)
                .graph_type(GraphType::Line)
                .style(theme.probe_miss())
                .data(&crossing_stem),
        );
        datasets.push(
            Dataset::default()
                .marker(Marker::Block)
                .graph_type(GraphType::Scatter)
                .style(theme.probe_miss())
                .data(&crossing),
        );
        let style = if board.emphasises(&Emphasis::Crossing) {
            theme.probe_miss().add_modifier(Modifier::REVERSED)
        } else {
            theme.probe_miss()
        };
        caption.push(Span::styled(
            format!("█ full at {} M", trim(&sig(crossing_x, 3))),
            style,
        ));
    }
    let x_labels = vec![
        label("0".into(), theme),
        label(trim(&sig(x1 / 2.0, 3)), theme),
        label(format!("{} M items", trim(&sig(x1, 4))), theme),
    ];
    let y_labels = vec![
        label("0".into(), theme),
        label(trim(&sig(y1 / 2.0, 3)), theme),
        label(format!("{} GB", trim(&sig(y1, 3))), theme),
    ];
    let (chart_area, caption_area, caption_lines) = with_caption(area, caption);
    Chart::new(datasets)
        .block(frame(
            "memory to remember n items".to_string(),
            board.boxed.contains(&Element::Memory),
            theme,
        ))
        .legend_position(None)
        .x_axis(Axis::default().bounds([0.0, x1]).labels(x_labels))
        .y_axis(Axis::default().bounds([0.0, y1]).labels(y_labels))
        .render(chart_area, buf);
    draw_caption(buf, caption_area, &caption_lines);
}
