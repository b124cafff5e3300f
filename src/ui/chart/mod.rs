//! The chart kit the lab and the lecture draw with: a chart in its frame
//! with a title fitted between the corners, its datasets, its axes and
//! ticks ([`ticks`]), marks put on exact cells after drawing ([`grid`]),
//! and legends ([`legend`]). Curves are braille on a screen and half
//! blocks in present mode, thick enough to see from the back of a room,
//! and on a wall the ticks and legends are set big too ([`wall`]).

pub(crate) mod grid;
pub(crate) mod legend;
pub(crate) mod ticks;
pub(crate) mod wall;

use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::Line;
use ratatui::widgets::{Axis, Block, BorderType, Chart, Dataset, GraphType, Padding};

use crate::ui::format::fitted;
use crate::ui::theme::Theme;

/// Blank columns kept between the plot's right edge and the frame, so the
/// last x label, right-aligned to the plot's edge, never touches the
/// frame's line (where a projected glyph reads as cut off).
pub(crate) const RIGHT_GAP: u16 = 1;

/// A chart of `datasets` in a frame titled `title`, on the theme's base
/// style, with its axes and no legend of its own (the kit's legends sit
/// outside the frame). The plot stops [`RIGHT_GAP`] columns short of the
/// frame's right side.
pub(crate) fn chart<'a>(
    datasets: Vec<Dataset<'a>>,
    title: Block<'a>,
    x: Axis<'a>,
    y: Axis<'a>,
    theme: &Theme,
) -> Chart<'a> {
    Chart::new(datasets)
        .style(theme.base())
        .block(title.padding(Padding::right(RIGHT_GAP)))
        .legend_position(None)
        .x_axis(x)
        .y_axis(y)
}

/// A chart's frame with `title` on its top border: plain, or doubled in
/// the emphasis style when the step frames the chart.
pub(crate) fn frame<'a>(title: String, boxed: bool, theme: &Theme) -> Block<'a> {
    crate::ui::paint::frame(title, boxed, BorderType::Plain, theme)
}

/// The first of `titles` (longest first) that fits between the corners of
/// a frame `width` columns wide with a space either side, else the last;
/// measured in display columns.
pub(crate) fn fitted_title(titles: &[String], width: u16) -> String {
    let options = titles.iter().map(|t| Line::raw(format!(" {t} "))).collect();
    fitted(options, width.saturating_sub(2)).to_string()
}

/// The marker of a curve: braille, or half blocks in present mode.
pub(crate) fn curve_marker(present: bool) -> Marker {
    if present {
        Marker::HalfBlock
    } else {
        Marker::Braille
    }
}

/// A sample of a curve as [`curve_marker`] draws it, for a legend: a
/// dotted braille run on a screen, a stepped run of half blocks in
/// present mode.
pub(crate) fn curve_mark(present: bool) -> &'static str {
    if present { "▀▄" } else { "⠤⠤" }
}

/// The glyph of a dashed level line (a limit, a floor, a guide): heavy
/// dashes on a screen; in present mode a dash a third of a row thick (the
/// left half of a sextant's middle row), which a projector shows as
/// plainly as the curves, where light dots fade into the background.
pub(crate) fn level_glyph(present: bool) -> char {
    if present { '\u{1fb03}' } else { '╍' }
}

/// A sample of a level line as [`level_glyph`] draws it, for a legend.
pub(crate) fn level_mark(present: bool) -> &'static str {
    if present {
        "\u{1fb03}\u{1fb03}"
    } else {
        "╍╍"
    }
}

/// A curve through `data`, drawn as the screen wants (see [`curve_marker`]).
pub(crate) fn curve<'a>(data: &'a [(f64, f64)], style: Style, present: bool) -> Dataset<'a> {
    line(data, curve_marker(present), style)
}

/// Straight lines through `data` in `marker`.
pub(crate) fn line<'a>(data: &'a [(f64, f64)], marker: Marker, style: Style) -> Dataset<'a> {
    Dataset::default()
        .data(data)
        .marker(marker)
        .graph_type(GraphType::Line)
        .style(style)
}

/// The points of `data`, each in `marker`.
pub(crate) fn points<'a>(data: &'a [(f64, f64)], marker: Marker, style: Style) -> Dataset<'a> {
    Dataset::default()
        .data(data)
        .marker(marker)
        .graph_type(GraphType::Scatter)
        .style(style)
}

/// `count + 1` evenly spaced points of `f` from `from` to `to`, both ends
/// included.
pub(crate) fn samples(from: f64, to: f64, count: usize, f: impl Fn(f64) -> f64) -> Vec<(f64, f64)> {
    (0..=count)
        .map(|i| {
            let x = from + (to - from) * i as f64 / count as f64;
            (x, f(x))
        })
        .collect()
}
