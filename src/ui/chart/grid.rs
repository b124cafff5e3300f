//! Marks put on exact cells of a chart already drawn, each with its own
//! glyph: a level line under the curves, a dot where two lines cross.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::Marker;

/// The cells of a drawn chart's plotting area, found from the corner where
/// its axes meet, so marks can be put on exact cells with their own glyphs.
pub(crate) struct Grid {
    area: Rect,
    x: [f64; 2],
    y: [f64; 2],
    /// Place marks as the canvas places a curve of this many dots per row
    /// (4 for braille, 2 for half blocks: on the curve's row), or with 1
    /// on the nearest row's centre.
    dots_per_row: u16,
}

impl Grid {
    /// The plotting area of the chart just drawn into `chart` with bounds
    /// `x` and `y`; empty when the chart had no room for axes.
    pub(crate) fn of(buf: &Buffer, chart: Rect, x: [f64; 2], y: [f64; 2]) -> Grid {
        let inner = chart.intersection(buf.area);
        let mut area = Rect::default();
        'search: for row in (inner.y + 1..inner.bottom().saturating_sub(1)).rev() {
            for col in inner.x + 1..inner.right().saturating_sub(1) {
                let corner = buf.cell((col, row)).is_some_and(|c| c.symbol() == "└");
                if corner {
                    // The plot runs as far as the x axis's line does, and
                    // up as far as the y axis's (a chart on a wall keeps
                    // a blank row under its frame).
                    let end = (col + 1..inner.right())
                        .find(|&x| buf.cell((x, row)).is_none_or(|c| c.symbol() != "─"))
                        .unwrap_or(inner.right());
                    let top = (inner.y + 1..row)
                        .rev()
                        .take_while(|&y| buf.cell((col, y)).is_some_and(|c| c.symbol() == "│"))
                        .last()
                        .unwrap_or(inner.y + 1);
                    area = Rect {
                        x: col + 1,
                        y: top,
                        width: end - (col + 1),
                        height: row.saturating_sub(top),
                    };
                    break 'search;
                }
            }
        }
        Grid {
            area,
            x,
            y,
            dots_per_row: 4,
        }
    }

    /// Marks go on the row whose centre is nearest, so a level just above
    /// the floor keeps a row of its own.
    pub(crate) fn nearest(self) -> Grid {
        Grid {
            dots_per_row: 1,
            ..self
        }
    }

    /// Marks go on the row where a curve drawn in `marker` passes, so a
    /// point that lies on the curve is drawn on it, not a row off.
    pub(crate) fn like(self, marker: Marker) -> Grid {
        let dots = match marker {
            Marker::Braille => 4,
            Marker::HalfBlock => 2,
            _ => 1,
        };
        Grid {
            dots_per_row: dots,
            ..self
        }
    }

    /// The plotting area: the cells right of the y axis and above the x
    /// axis.
    pub(crate) fn area(&self) -> Rect {
        self.area
    }

    /// Columns between two points a unit of x apart.
    pub(crate) fn columns_per_unit(&self) -> f64 {
        f64::from(self.area.width) / (self.x[1] - self.x[0])
    }

    /// The cell showing point (x, y), if it is inside the plotting area.
    pub(crate) fn cell(&self, x: f64, y: f64) -> Option<(u16, u16)> {
        let a = self.area;
        if a.is_empty() || !x.is_finite() || !y.is_finite() {
            return None;
        }
        let fx = (x - self.x[0]) / (self.x[1] - self.x[0]);
        let fy = (self.y[1] - y) / (self.y[1] - self.y[0]);
        if !(0.0..=1.0).contains(&fx) || !(0.0..=1.0).contains(&fy) {
            return None;
        }
        // The same rounding ratatui's canvas uses (columns on a braille
        // canvas are two dots wide), so a mark lands on the row where the
        // curve is drawn.
        let dots = self.dots_per_row;
        let (col, row) = if dots > 1 {
            let across = if dots == 4 { 2 } else { 1 };
            (
                (fx * (f64::from(a.width * across) - 1.0)).round() as u16 / across,
                (fy * (f64::from(a.height * dots) - 1.0)).round() as u16 / dots,
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
    pub(crate) fn put(&self, buf: &mut Buffer, x: f64, y: f64, glyph: char, style: Style) {
        self.put_across(buf, x, y, &glyph.to_string(), style);
    }

    /// Puts `glyphs` on the row showing point (x, y), the middle one on the
    /// point's cell and the rest either side, each only inside the area (a
    /// wide mark at an end of the axis keeps the axis line).
    pub(crate) fn put_across(&self, buf: &mut Buffer, x: f64, y: f64, glyphs: &str, style: Style) {
        let Some((col, row)) = self.cell(x, y) else {
            return;
        };
        let half = glyphs.chars().count() / 2;
        for (i, glyph) in glyphs.chars().enumerate() {
            let at = (col + i as u16).checked_sub(half as u16);
            if let Some(at) = at.filter(|&c| (self.area.x..self.area.right()).contains(&c))
                && let Some(c) = buf.cell_mut((at, row))
            {
                c.set_char(glyph).set_style(style);
            }
        }
    }

    /// Draws a horizontal line of `glyph` at height y across the area's
    /// empty cells, under whatever is already drawn there.
    pub(crate) fn hline(&self, buf: &mut Buffer, y: f64, glyph: char, style: Style) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A frame 12 wide and 10 tall whose y axis starts `gap` rows under
    /// its top border, with its corner at (3, 7).
    fn framed(gap: u16) -> Buffer {
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 10));
        for y in 1 + gap..7 {
            buf[(3, y)].set_symbol("│");
        }
        buf[(3, 7)].set_symbol("└");
        for x in 4..11 {
            buf[(x, 7)].set_symbol("─");
        }
        buf
    }

    /// The plot is found from the axes drawn: its top where the y axis's
    /// line starts, so a chart that keeps a blank row under its frame
    /// puts each value on its own row, not a row high.
    #[test]
    fn the_plot_starts_where_the_y_axis_does() {
        for gap in [0, 1] {
            let grid = Grid::of(
                &framed(gap),
                Rect::new(0, 0, 12, 10),
                [0.0, 1.0],
                [0.0, 1.0],
            );
            assert_eq!(grid.area(), Rect::new(4, 1 + gap, 7, 6 - gap), "gap {gap}");
            // The top of the range on the plot's first row.
            assert_eq!(grid.cell(0.0, 1.0).map(|c| c.1), Some(1 + gap), "gap {gap}");
        }
    }
}
