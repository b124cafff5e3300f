//! The line-up's chart: bits per key against the false-positive rate, both
//! on log scales (the rate by decades, bits per key by doublings). The
//! floor `log2(1/p)` is the solid line no structure can cross; the classic
//! Bloom filter at its best k, 1.44 times the floor, is the dotted one
//! above it, and on log scales every "times the floor" is a fixed height
//! above the floor. Each structure is its table letter at its measured
//! rate and its bits per key, on a bar spanning its 95% interval; a
//! structure that measured no false positive has no rate to plot on a log
//! axis, so its letter stands at its interval's top with an arrow to the
//! left (`◀─j`: somewhere below here). Letters keep a free column between
//! them so that two never read as one word. The target p is the dashed
//! upright. Drawn with the kit in `ui::chart`.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::Span;
use ratatui::widgets::Widget;

use crate::measure::lineup::StructureResult;
use crate::ui::chart::grid::Grid;
use crate::ui::chart::ticks::{axis, even_decades};
use crate::ui::chart::{chart, curve, curve_mark, fitted_title, frame, legend, points, samples};
use crate::ui::compare::measuring::LineupFigures;
use crate::ui::compare::state::{CompareState, percent};
use crate::ui::compare::table::{style_of, tag};
use crate::ui::screen::ViewCx;
use crate::ui::theme::{Role, Theme};

/// Samples along the floor and the Bloom line.
const SAMPLES: usize = 160;
/// How many times the floor the classic Bloom filter needs at its best
/// real k: `1 / ln 2`.
const BLOOM_OVER_FLOOR: f64 = std::f64::consts::LOG2_E;

/// `log2(1/p)` bits per key at `log10(p)`.
fn floor_bits(log10_p: f64) -> f64 {
    -log10_p * std::f64::consts::LOG2_10
}

/// Where a structure sits: x the log10 of its measured rate (its
/// interval's top when it measured no false positive), y the log2 of its
/// bits per key; and its bar, the interval.
fn place(r: &StructureResult, x_low: f64) -> ((f64, f64), [(f64, f64); 2]) {
    let y = r.bits_per_key.log2();
    let high = r.interval.high.max(f64::MIN_POSITIVE).log10();
    let x = if r.rate > 0.0 { r.rate.log10() } else { high };
    let low = if r.interval.low > 0.0 {
        r.interval.low.log10()
    } else {
        x_low
    };
    ((x, y), [(low, y), (high, y)])
}

/// The chart's bounds: whole decades of rate around every interval and
/// the target (an even number, so every other decade can be labelled),
/// and whole doublings of bits per key from under the floor at the right
/// edge to over the largest structure.
fn bounds(target: f64, results: &[StructureResult]) -> ([f64; 2], [f64; 2]) {
    let mut xs = vec![target.log10(), (target / 10.0).log10()];
    for r in results {
        xs.push(r.interval.high.max(f64::MIN_POSITIVE).log10());
        if r.interval.low > 0.0 {
            xs.push(r.interval.low.log10());
        } else if r.rate > 0.0 {
            xs.push(r.rate.log10());
        }
    }
    let (x_low, x_high) = even_decades(&xs);
    let lowest = results
        .iter()
        .map(|r| r.bits_per_key)
        .fold(floor_bits(x_high), f64::min);
    let highest = results
        .iter()
        .map(|r| r.bits_per_key)
        .fold(BLOOM_OVER_FLOOR * floor_bits(target.log10()), f64::max);
    let y_low = lowest.log2().floor().max(0.0);
    let y_high = highest.log2().ceil().max(y_low + 1.0);
    ([x_low, x_high], [y_low, y_high])
}

/// The x axis's three labels, as the kit labels every axis (ratatui puts
/// the ends and the middle where they belong, and more labels off their
/// ticks): both ends and the middle decade, as percentages.
fn decade_labels(low: f64, high: f64) -> Vec<String> {
    [low, (low + high) / 2.0, high]
        .into_iter()
        .map(|d| percent(10f64.powf(d.round())))
        .collect()
}

/// Draws the chart and its legend into `area`.
pub(crate) fn render(
    state: &CompareState,
    figures: Option<&LineupFigures>,
    stale: bool,
    cx: &ViewCx<'_>,
    area: Rect,
    buf: &mut Buffer,
) {
    let theme = cx.theme;
    let results: &[StructureResult] = figures.map_or(&[], |f| &f.results);
    let zero = results.iter().any(|r| r.false_positives == 0);
    let legend_lines = legend::lines(legend_items(theme, zero, cx.present), area.width);
    let legend_rows = u16::try_from(legend_lines.len()).unwrap_or(u16::MAX);
    let [plot, below] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(legend_rows)]).areas(area);
    let target = state.p.value;
    let (x, y) = bounds(target, results);
    // The floor reaches 0 bits (off a log scale) at a rate of 1.
    let floor: Vec<(f64, f64)> = samples(x[0], x[1], SAMPLES, |lx| floor_bits(lx).log2())
        .into_iter()
        .filter(|(_, y)| y.is_finite())
        .collect();
    let bloom: Vec<(f64, f64)> = samples(x[0], x[1], SAMPLES / 4, |lx| {
        (BLOOM_OVER_FLOOR * floor_bits(lx)).log2()
    })
    .into_iter()
    .filter(|(_, y)| y.is_finite())
    .collect();
    let places: Vec<_> = results.iter().map(|r| (r, place(r, x[0]))).collect();
    let letter_style = |r: &StructureResult| {
        if stale {
            theme.style(Role::Stale)
        } else {
            style_of(r.structure, theme)
        }
    };
    let datasets = vec![
        points(&bloom, Marker::Dot, theme.style(Role::Exact)),
        curve(&floor, theme.style(Role::Good), cx.present),
    ];
    let titles = [
        "bits per key against the false-positive rate, both on log scales".to_string(),
        "bits per key against the rate, log scales".to_string(),
        "bits/key vs rate".to_string(),
    ];
    let title = frame(fitted_title(&titles, plot.width), false, theme);
    let x_axis = axis(Some("rate"), x, decade_labels(x[0], x[1]), theme);
    let y_labels = (y[0] as u32..=y[1] as u32)
        .map(|e| format!("{}", 1u64 << e))
        .collect();
    let y_axis = axis(Some("bits/key"), y, y_labels, theme);
    chart(datasets, title, x_axis, y_axis, theme).render(plot, buf);
    // Then the marks on exact cells: the target's upright under
    // everything, each structure's interval as a bar over the curves, and
    // its letter on top.
    let grid = Grid::of(buf, plot, x, y).nearest();
    upright(&grid, target.log10(), y, theme.style(Role::Guide), buf);
    for (r, (_, bar)) in &places {
        if r.false_positives > 0 {
            interval_bar(&grid, bar, x[0], letter_style(r), buf);
        }
    }
    let mut taken: Vec<(u16, u16)> = Vec::new();
    for (r, ((px, py), _)) in &places {
        let Some((col, row)) = grid.cell(*px, *py) else {
            continue;
        };
        // A letter whose cell or a neighbour another took goes to the
        // nearest cell with a free column either side.
        let apart = |c: u16| !taken.iter().any(|&(t, tr)| tr == row && t.abs_diff(c) <= 1);
        let free = [0i16, 2, -2, 4, -4, 6, -6, 8, -8]
            .into_iter()
            .filter_map(|d| col.checked_add_signed(d))
            .find(|&c| apart(c));
        if let Some(c) = free
            && let Some(cell) = buf.cell_mut((c, row))
        {
            cell.set_char(tag(r.structure)).set_style(letter_style(r));
            taken.push((c, row));
            if r.false_positives == 0 {
                zero_arrow(c, row, plot, letter_style(r), buf);
            }
        }
    }
    legend::draw(&legend_lines, below, buf);
}

/// The arrow left of a letter at its interval's top, for a structure
/// that measured no false positive: its rate is below there, not there.
fn zero_arrow(col: u16, row: u16, plot: Rect, style: Style, buf: &mut Buffer) {
    for (d, glyph) in [(1, '─'), (2, '◀')] {
        if let Some(c) = col.checked_sub(d).filter(|&c| c > plot.x)
            && let Some(cell) = buf.cell_mut((c, row))
        {
            cell.set_char(glyph).set_style(style);
        }
    }
}

/// The target's upright at `log10(p) = at`: a dashed column on the cells
/// nothing else was drawn on.
fn upright(grid: &Grid, at: f64, y: [f64; 2], style: Style, buf: &mut Buffer) {
    let (Some((col, top)), Some((_, bottom))) = (grid.cell(at, y[1]), grid.cell(at, y[0])) else {
        return;
    };
    for row in top..=bottom {
        if let Some(cell) = buf.cell_mut((col, row))
            && cell.symbol() == " "
        {
            cell.set_char('┆').set_style(style);
        }
    }
}

/// An interval as an error bar on its row: `├──┤`, open at the left when
/// the interval runs down to a rate of 0 (off the chart's log scale).
fn interval_bar(grid: &Grid, bar: &[(f64, f64); 2], x_low: f64, style: Style, buf: &mut Buffer) {
    let [(low, y), (high, _)] = *bar;
    let (Some((left, row)), Some((right, _))) = (grid.cell(low, y), grid.cell(high, y)) else {
        return;
    };
    let open = low <= x_low;
    for col in left..=right {
        let glyph = match col {
            c if c == left && !open && c != right => '├',
            c if c == right && c != left => '┤',
            _ => '─',
        };
        if let Some(cell) = buf.cell_mut((col, row)) {
            cell.set_char(glyph).set_style(style);
        }
    }
}

/// What the chart's marks mean; the floor's sample is drawn as its curve
/// is on this screen (braille, or half blocks in present mode).
fn legend_items(theme: &Theme, zero: bool, present: bool) -> Vec<Vec<Span<'static>>> {
    let label = theme.style(Role::Label);
    let mut items = Vec::new();
    items.push(Vec::from(legend::entry(
        format!("{} ", curve_mark(present)),
        theme.style(Role::Good),
        "floor log2(1/p)",
        label,
    )));
    items.push(Vec::from(legend::entry(
        "• • ",
        theme.style(Role::Exact),
        "classic Bloom at its best k: 1.44 × floor",
        label,
    )));
    items.push(Vec::from(legend::entry(
        "┆ ",
        theme.style(Role::Guide),
        "target p",
        label,
    )));
    items.push(Vec::from(legend::entry(
        "a–j ├─┤ ",
        theme.style(Role::Title),
        "the table's structures at their measured rate, across their 95% interval",
        label,
    )));
    if zero {
        items.push(Vec::from(legend::entry(
            "◀─j ",
            theme.style(Role::Title),
            "no false positive: at its interval's top, the rate below",
            label,
        )));
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_floor_is_log2_of_one_over_p() {
        assert!((floor_bits(-2.0) - 6.643_856).abs() < 1e-6);
        assert!((floor_bits(-3.0) - 9.965_784).abs() < 1e-6);
        assert!((BLOOM_OVER_FLOOR * floor_bits(-2.0) - 9.585).abs() < 1e-3);
    }

    #[test]
    fn the_rate_axis_holds_the_target_on_an_even_number_of_decades() {
        for target in [0.5, 0.2, 0.01, 0.003, 1e-5] {
            let ([low, high], [y_low, y_high]) = bounds(target, &[]);
            let at = target.log10();
            assert!(high <= 0.0 && high >= at && low <= at - 1.0, "{target}");
            assert_eq!((high - low).rem_euclid(2.0), 0.0, "{target}: {low}..{high}");
            assert!(y_low < y_high, "{target}");
        }
    }

    #[test]
    fn decades_are_labelled_as_percentages() {
        assert_eq!(decade_labels(-6.0, -2.0), ["0.0001%", "0.01%", "1%"]);
        assert_eq!(decade_labels(-7.0, -1.0), ["0.00001%", "0.01%", "10%"]);
    }
}
