//! The bit row: m cells with the probes of one insert or query, the one
//! widget the lecture and the sandbox both draw with. Every state has its
//! own glyph, so the row reads without colour: `█` set, `▓` shared, an
//! empty cell in a heavy frame for a bit a deletion just cleared (`×` in a
//! one-column cell), brackets round a probed cell (`▐ ▌` read, `( )` not
//! read yet; a cell three rows tall draws a read or pending probe as a
//! heavy ring instead), and the probe order (`h1`, `h2`, ...) above. A probe
//! the query never needed leaves its cell as it is: only its label says so
//! (`h3 not needed`), so a skipped bit never looks like a third state.
//!
//! It grows with its area: cells widen to span the width and stand as many
//! rows tall as they are given; a row too long for one line wraps in lines
//! of a multiple of eight cells.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::filter::ProbeState;
use crate::ui::paint::{Painter, width};
use crate::ui::theme::{Role, Theme};

/// Glyph of a set bit.
pub(crate) const SET: char = '█';
/// Glyph of a set bit that more than one item leans on.
pub(crate) const SHARED: char = '▓';
/// Glyph of a bit cleared by a deletion attempt, in a cell one column wide
/// (a wider cell is drawn empty in a heavy frame).
pub(crate) const CLEARED: char = '×';

/// Widest a cell grows, in columns inside its borders.
const MAX_INNER: u16 = 15;

/// One cell as the row shows it.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct RowCell<'a> {
    /// The bit.
    pub set: bool,
    /// Cleared by a deletion attempt (and not restored).
    pub cleared: bool,
    /// Set or leaned on during the step on show.
    pub fresh: bool,
    /// Who set it, first setter first (shown when the row shows owners).
    pub owners: &'a [String],
    /// The items whose deletion cleared it (marked `-x` among the owners).
    pub deleted: &'a [String],
}

impl RowCell<'_> {
    fn shared(&self) -> bool {
        self.set && self.owners.len() > 1
    }
}

/// One probe: its position and what it did there, in probe order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RowProbe {
    /// The position probed.
    pub position: usize,
    /// What it found or did.
    pub state: ProbeState,
}

/// The row and what to draw with it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BitRow<'a> {
    /// The cells.
    pub cells: &'a [RowCell<'a>],
    /// The probes of the operation on show, in probe order.
    pub probes: &'a [RowProbe],
    /// Draw a line naming who set each bit.
    pub owners: bool,
    /// Draw each probe's mark (`✓ ✗ · + =`) under its cell.
    pub marks: bool,
    /// Point at the cells that more than one item leans on: their owners
    /// in the emphasis ink and `shared` above them (the cells themselves
    /// keep the shared look they have on every other step).
    pub emphasise_shared: bool,
}

/// How the cells are laid out across the width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Cells in borders, `inner` columns inside each.
    Boxed { inner: u16, left: u16 },
    /// One column per cell on one line, no borders.
    Bare { left: u16 },
    /// Lines of `per_line` one-column cells, each line prefixed by its first index.
    Wrapped { per_line: usize },
}

/// Columns before a wrapped line's cells: its first index and a space.
const WRAP_PREFIX: u16 = 6;

impl<'a> BitRow<'a> {
    /// `cells` alone: no probes, owners, marks or emphasis.
    pub(crate) fn plain(cells: &'a [RowCell<'a>]) -> BitRow<'a> {
        BitRow {
            cells,
            probes: &[],
            owners: false,
            marks: false,
            emphasise_shared: false,
        }
    }

    fn m(&self) -> usize {
        self.cells.len()
    }

    fn shape(&self, width: u16) -> Shape {
        let m = u16::try_from(self.m().max(1)).unwrap_or(u16::MAX);
        let inner = (width.saturating_sub(1) / m)
            .saturating_sub(1)
            .min(MAX_INNER);
        if inner >= 3 {
            let total = m * (inner + 1) + 1;
            return Shape::Boxed {
                inner,
                left: (width - total) / 2,
            };
        }
        if m + 2 <= width {
            return Shape::Bare {
                left: (width - m) / 2,
            };
        }
        let usable = usize::from(width.saturating_sub(WRAP_PREFIX));
        Shape::Wrapped {
            per_line: (usable / 8 * 8).max(8),
        }
    }

    /// Where cell `i`'s inside starts and how wide it is, when the row is
    /// drawn in boxes at `width` columns (so other rows can line up with it).
    pub(crate) fn boxed_cell(&self, width: u16, i: usize) -> Option<(u16, u16)> {
        match self.shape(width) {
            Shape::Boxed { inner, left } => {
                let i = u16::try_from(i).ok()?;
                Some((left + 1 + i.saturating_mul(inner + 1), inner))
            }
            _ => None,
        }
    }

    /// One cell's inside, as `(columns, rows)`, when the row is drawn
    /// `width` columns wide with cells `cell_rows` tall (a one-column cell
    /// for a row too long for boxes; a wrapped row's cells are one row).
    pub(crate) fn cell_size(&self, width: u16, cell_rows: u16) -> (u16, u16) {
        match self.shape(width) {
            Shape::Boxed { inner, .. } => (inner, cell_rows.max(1)),
            Shape::Bare { .. } => (1, cell_rows.max(1)),
            Shape::Wrapped { .. } => (1, 1),
        }
    }

    /// Rows a cell stands to look about square at `width` columns: a
    /// terminal cell is about twice as tall as it is wide, so half the
    /// cell's inside columns, rounded up (height over width 0.5 to 0.67).
    pub(crate) fn square_rows(&self, width: u16) -> u16 {
        self.cell_size(width, 1).0.div_ceil(2).max(1)
    }

    /// Column of the row's left edge at `width` columns.
    pub(crate) fn left(&self, width: u16) -> u16 {
        match self.shape(width) {
            Shape::Boxed { left, .. } | Shape::Bare { left } => left,
            Shape::Wrapped { .. } => 0,
        }
    }

    /// Rows the row takes at `width` columns with cells `cell_rows` tall
    /// (a wrapped row ignores `cell_rows`).
    pub(crate) fn height(&self, width: u16, cell_rows: u16) -> u16 {
        let below = u16::from(self.owners_line(width)) + u16::from(self.marks) + 1;
        match self.shape(width) {
            Shape::Boxed { .. } => 1 + 2 + cell_rows.max(1) + below + self.key_rows(width),
            Shape::Bare { .. } => 1 + cell_rows.max(1) + below,
            Shape::Wrapped { per_line } => {
                let lines = self.m().div_ceil(per_line);
                let per = 1 + u16::from(self.marks) + 1;
                u16::try_from(lines).unwrap_or(u16::MAX).saturating_mul(per)
            }
        }
    }

    fn owners_line(&self, width: u16) -> bool {
        self.owners && matches!(self.shape(width), Shape::Boxed { .. })
    }

    fn probe_at(&self, position: usize) -> Option<(usize, ProbeState)> {
        self.probes
            .iter()
            .enumerate()
            .find(|(_, p)| p.position == position)
            .map(|(i, p)| (i, p.state))
    }

    fn all_probes_at(&self, position: usize) -> impl Iterator<Item = ProbeState> + '_ {
        self.probes
            .iter()
            .filter(move |p| p.position == position)
            .map(|p| p.state)
    }

    /// Draws the row into `area` with cells `cell_rows` tall.
    pub(crate) fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme, cell_rows: u16) {
        let area = area.intersection(buf.area);
        if area.is_empty() || self.cells.is_empty() {
            return;
        }
        let mut pen = Painter::new(buf, area);
        match self.shape(area.width) {
            Shape::Boxed { inner, left } => {
                self.boxed(&mut pen, inner, left, cell_rows.max(1), theme)
            }
            Shape::Bare { left } => self.bare(&mut pen, left, cell_rows.max(1), theme),
            Shape::Wrapped { per_line } => self.wrapped(&mut pen, per_line, theme),
        }
    }

    fn boxed(&self, pen: &mut Painter<'_>, inner: u16, left: u16, cell_rows: u16, theme: &Theme) {
        let pitch = inner + 1;
        let x_of = |i: usize| left + 1 + u16::try_from(i).unwrap_or(u16::MAX).saturating_mul(pitch);
        self.order_labels(pen, 0, x_of, inner, theme);
        let border = theme.style(Role::Border);
        cell_frame(pen, (left, 1), self.m(), inner, cell_rows, border);
        self.cleared_frames(pen, left, inner, cell_rows, theme);
        // A cell big enough draws a probe as a ring: a bracket a column
        // wide is all that would tell it from a set bit in mono (or to a
        // reader who cannot tell the colours apart), and from the back of a
        // hall a solid block reads the same either way.
        let ringed = inner >= 5 && cell_rows >= 3;
        for (i, cell) in self.cells.iter().enumerate() {
            let (face, style) = self.face(i, cell, usize::from(inner), theme);
            let ring = self
                .probe_at(i)
                .filter(|(_, s)| ringed && *s != ProbeState::NotNeeded);
            for r in 0..cell_rows {
                let Some((_, state)) = ring else {
                    pen.text(x_of(i), 2 + r, &face, style);
                    continue;
                };
                let read = state != ProbeState::Pending;
                let (frame, fill) = ring_face(r, cell_rows, usize::from(inner), &face, read);
                pen.text(x_of(i), 2 + r, &frame, style);
                // The bit inside the ring keeps its own ink, so a probed
                // set bit reads as set in colour as it does by shape.
                if let Some((at, mark)) = fill {
                    let own = cell_style(cell, usize::from(inner), theme);
                    pen.text(x_of(i) + at, 2 + r, &mark, own);
                }
            }
        }
        let mut y = 3 + cell_rows;
        self.indices(pen, y, x_of, inner, theme);
        y += 1;
        if self.owners {
            self.owner_names(pen, y, left, &x_of, inner, theme);
            y += 1;
        }
        if self.marks {
            self.probe_marks(pen, y, x_of, inner, theme);
        }
    }

    /// A heavy frame in the deletion's ink round each cleared cell, over
    /// the row's own light frame: the cell inside stays empty, as the bit
    /// now is, and the frame says a deletion emptied it.
    fn cleared_frames(
        &self,
        pen: &mut Painter<'_>,
        left: u16,
        inner: u16,
        cell_rows: u16,
        theme: &Theme,
    ) {
        let style = theme.style(Role::BitCleared);
        let pitch = inner + 1;
        let cleared = |i: usize| self.cells.get(i).is_some_and(|c| c.cleared);
        let bottom = 2 + cell_rows;
        let seg = "━".repeat(usize::from(inner));
        for (i, _) in self.cells.iter().enumerate().filter(|(_, c)| c.cleared) {
            let x = left + u16::try_from(i).unwrap_or(u16::MAX).saturating_mul(pitch);
            let first = i == 0;
            let last = i + 1 == self.m();
            // Each corner joins the light frame of a neighbour that is not
            // cleared, or the heavy one of a neighbour that is.
            let corner = |edge: bool, heavy: bool, [alone, both, light]: [&'static str; 3]| {
                if edge {
                    alone
                } else if heavy {
                    both
                } else {
                    light
                }
            };
            let before = i > 0 && cleared(i - 1);
            let after = cleared(i + 1);
            pen.text(x, 1, corner(first, before, ["┏", "┳", "┲"]), style);
            pen.text(x + pitch, 1, corner(last, after, ["┓", "┳", "┱"]), style);
            pen.text(x, bottom, corner(first, before, ["┗", "┻", "┺"]), style);
            pen.text(
                x + pitch,
                bottom,
                corner(last, after, ["┛", "┻", "┹"]),
                style,
            );
            pen.text(x + 1, 1, &seg, style);
            pen.text(x + 1, bottom, &seg, style);
            for r in 0..cell_rows {
                pen.text(x, 2 + r, "┃", style);
                pen.text(x + pitch, 2 + r, "┃", style);
            }
        }
    }

    fn bare(&self, pen: &mut Painter<'_>, left: u16, cell_rows: u16, theme: &Theme) {
        let x_of = |i: usize| left + u16::try_from(i).unwrap_or(u16::MAX);
        self.order_labels(pen, 0, x_of, 1, theme);
        for (i, cell) in self.cells.iter().enumerate() {
            let (face, style) = self.face(i, cell, 1, theme);
            for r in 0..cell_rows {
                pen.text(x_of(i), 1 + r, &face, style);
            }
        }
        self.indices(pen, 1 + cell_rows, x_of, 1, theme);
        if self.marks {
            self.probe_marks(pen, 2 + cell_rows, x_of, 1, theme);
        }
    }

    fn wrapped(&self, pen: &mut Painter<'_>, per_line: usize, theme: &Theme) {
        let per = 2 + u16::from(self.marks);
        for (line, chunk) in self.cells.chunks(per_line).enumerate() {
            let y = u16::try_from(line).unwrap_or(u16::MAX).saturating_mul(per);
            let start = line * per_line;
            pen.text(0, y, &format!("{start:>5}"), theme.style(Role::Index));
            for (j, cell) in chunk.iter().enumerate() {
                let x = WRAP_PREFIX + u16::try_from(j).unwrap_or(u16::MAX);
                let (face, style) = self.face(start + j, cell, 1, theme);
                pen.text(x, y, &face, style);
                if self.marks {
                    let mark = self.mark_text(start + j, 1, theme);
                    let tick = if j % 8 == 0 { "╵" } else { "" };
                    match mark {
                        Some((text, style)) => pen.text(x, y + 1, &text, style),
                        None => pen.text(x, y + 1, tick, theme.style(Role::Index)),
                    };
                }
            }
        }
    }

    /// The text inside cell `i`, `inner` columns wide, and its style.
    fn face(&self, i: usize, cell: &RowCell<'_>, inner: usize, theme: &Theme) -> (String, Style) {
        let glyph = if cell.cleared && inner == 1 {
            // No room for a frame: the one mark a one-column cell has.
            CLEARED
        } else if cell.shared() {
            SHARED
        } else if cell.set {
            SET
        } else if inner == 1 {
            '·'
        } else {
            ' '
        };
        // A probe the query never needed read nothing: the cell is drawn
        // as it stands, and only the probe's label says it was skipped.
        let probe = self
            .probe_at(i)
            .map(|(_, s)| s)
            .filter(|s| *s != ProbeState::NotNeeded);
        let text = match probe {
            // A pending probe gets its own brackets: dimming alone would
            // leave it looking read on a screen without colour.
            Some(state) if inner >= 3 => {
                let (l, r) = match state {
                    ProbeState::Pending => ('(', ')'),
                    _ => ('▐', '▌'),
                };
                format!("{l}{}{r}", glyph.to_string().repeat(inner - 2))
            }
            _ if inner >= 5 => format!(" {} ", glyph.to_string().repeat(inner - 2)),
            _ if inner >= 3 => format!(" {glyph} "),
            Some(ProbeState::Zero) => "✗".to_string(),
            _ => glyph.to_string().repeat(inner.max(1)),
        };
        let style = match probe {
            Some(state) => probe_style(state, theme),
            None => cell_style(cell, inner, theme),
        };
        (text, style)
    }

    /// `h1`, `h2`, ... above the probed cells (digits alone when narrow),
    /// `h3 not needed` above a probe the query never read (shortened when
    /// its neighbours' labels leave no room), `+x` above cells set during
    /// the step when nothing is probed, and `shared` above a shared cell
    /// the step points at.
    fn order_labels(
        &self,
        pen: &mut Painter<'_>,
        y: u16,
        x_of: impl Fn(usize) -> u16,
        inner: u16,
        theme: &Theme,
    ) {
        // Each label's wordings, longest first, each with the column it
        // starts at: centred on its cell, except that a skipped probe's
        // longer wordings keep its name where it would stand alone and run
        // on to the right.
        let mut labels: Vec<(Vec<(u16, String)>, Style)> = Vec::new();
        let at = |i: usize, text: String| (label_x(x_of(i), inner, width(&text)), text);
        for (i, cell) in self.cells.iter().enumerate() {
            if let Some((order, state)) = self.probe_at(i) {
                let name = if inner >= 2 {
                    format!("h{}", order + 1)
                } else {
                    ((order + 1) % 10).to_string()
                };
                let (x, _) = at(i, name.clone());
                let words = if state == ProbeState::NotNeeded && inner >= 2 {
                    vec![
                        (x, format!("{name} not needed")),
                        (x, format!("{name} skipped")),
                        (x, name),
                    ]
                } else {
                    vec![(x, name)]
                };
                labels.push((words, probe_style(state, theme)));
            } else if cell.fresh && self.probes.is_empty() {
                let name = cell.owners.last().map_or("", String::as_str);
                let label = format!("+{name}");
                let label = if width(&label) <= inner.max(1) {
                    label
                } else {
                    "+".into()
                };
                labels.push((vec![at(i, label)], theme.style(Role::BitFresh)));
            } else if self.emphasise_shared && cell.shared() && self.probes.is_empty() {
                let words = vec![at(i, "shared".into()), at(i, "▼".into())];
                // The shared bit's own ink: the emphasis ink is the probe
                // hit's in three palettes, and no probe is involved here.
                labels.push((words, theme.style(Role::BitShared)));
            }
        }
        let cols = pen.area().width;
        let mut free_from = 0;
        for (n, (words, style)) in labels.iter().enumerate() {
            // The room between the label before (as drawn) and the one
            // after (at its shortest), a column clear of each.
            let free_to = labels.get(n + 1).map_or(cols, |(next, _)| {
                next.last().map_or(cols, |(x, _)| x.saturating_sub(1))
            });
            let fits = |(x, t): &&(u16, String)| *x >= free_from && x + width(t) <= free_to;
            if let Some((x, text)) = words.iter().find(fits).or(words.last()) {
                pen.text(*x, y, text, *style);
                free_from = x + width(text) + 1;
            }
        }
    }

    fn indices(
        &self,
        pen: &mut Painter<'_>,
        y: u16,
        x_of: impl Fn(usize) -> u16,
        inner: u16,
        theme: &Theme,
    ) {
        let every = label_every(self.m(), inner.max(1) + u16::from(inner > 1));
        for i in (0..self.m()).step_by(every) {
            if inner <= 1 {
                pen.text(x_of(i), y, &i.to_string(), theme.style(Role::Index));
            } else {
                centred(
                    pen,
                    x_of(i),
                    inner,
                    y,
                    &i.to_string(),
                    theme.style(Role::Index),
                );
            }
        }
    }

    /// Who set each bit: full names when every cell's fit, else the
    /// shortest unique prefixes with a key after the row.
    fn owner_names(
        &self,
        pen: &mut Painter<'_>,
        y: u16,
        left: u16,
        x_of: &dyn Fn(usize) -> u16,
        inner: u16,
        theme: &Theme,
    ) {
        let short = Abbreviations::for_cells(self.cells, inner);
        for (i, cell) in self.cells.iter().enumerate() {
            if cell.owners.is_empty() || !(cell.set || cell.cleared) {
                continue;
            }
            let read = self
                .probe_at(i)
                .is_some_and(|(_, s)| s != ProbeState::NotNeeded);
            let kept = if read {
                theme.style(Role::Emphasis)
            } else if cell.shared() && self.emphasise_shared {
                theme.style(Role::BitShared)
            } else {
                theme.style(Role::Owner)
            };
            let parts = owner_parts(cell.owners, cell.deleted, &|o| short.name(o));
            let text: String = parts.iter().map(|(t, _)| t.as_str()).collect();
            let mut x = x_of(i) + inner.max(1).saturating_sub(width(&text)) / 2;
            for (part, deleted) in &parts {
                let style = if *deleted {
                    theme.style(Role::BitCleared)
                } else {
                    kept
                };
                pen.text(x, y, part, style);
                x += width(part);
            }
        }
        let label = "set by";
        if left > width(label) {
            pen.text(left - width(label) - 1, y, label, theme.style(Role::Label));
        }
        if let Some(key) = short.key() {
            let cols = pen.area().width;
            for (i, line) in wrap_key(&key, usize::from(cols)).iter().enumerate() {
                let row = y + 1 + u16::try_from(i).unwrap_or(u16::MAX);
                pen.text(
                    left.min(cols.saturating_sub(width(line))),
                    row,
                    line,
                    theme.style(Role::Label),
                );
            }
        }
    }

    /// Rows the owners' key takes under the row, when names were shortened.
    fn key_rows(&self, width: u16) -> u16 {
        match self.shape(width) {
            Shape::Boxed { inner, .. } if self.owners => {
                Abbreviations::for_cells(self.cells, inner)
                    .key()
                    .map_or(0, |k| {
                        u16::try_from(wrap_key(&k, usize::from(width)).len()).unwrap_or(1)
                    })
            }
            _ => 0,
        }
    }

    /// The mark under cell `i`: its probe's glyph, with a count when
    /// several probes of one key landed there (`✓×3`).
    fn mark_text(&self, i: usize, inner: u16, theme: &Theme) -> Option<(String, Style)> {
        let states: Vec<ProbeState> = self.all_probes_at(i).collect();
        let first = *states.first()?;
        let text = if states.len() > 1 && inner >= 3 {
            format!("{}×{}", first.glyph(), states.len())
        } else {
            first.glyph().to_string()
        };
        Some((text, probe_style(first, theme)))
    }

    fn probe_marks(
        &self,
        pen: &mut Painter<'_>,
        y: u16,
        x_of: impl Fn(usize) -> u16,
        inner: u16,
        theme: &Theme,
    ) {
        for i in 0..self.m() {
            if let Some((text, style)) = self.mark_text(i, inner, theme) {
                centred(pen, x_of(i), inner, y, &text, style);
            }
        }
    }
}

/// Draws the frame of a row of `m` cells, each `inner` columns wide and
/// `rows` tall, with its top-left corner at `(left, top)`: the top border,
/// a bar between every two cells on each of the rows, the bottom border.
/// The cells' insides are left for their faces.
pub(crate) fn cell_frame(
    pen: &mut Painter<'_>,
    (left, top): (u16, u16),
    m: usize,
    inner: u16,
    rows: u16,
    style: Style,
) {
    let seg = "─".repeat(usize::from(inner));
    let line = |l: &str, mid: &str, r: &str| {
        let mut s = String::from(l);
        for i in 0..m {
            s.push_str(&seg);
            s.push_str(if i + 1 == m { r } else { mid });
        }
        s
    };
    pen.text(left, top, &line("┌", "┬", "┐"), style);
    pen.text(left, top + 1 + rows, &line("└", "┴", "┘"), style);
    let pitch = inner + 1;
    for r in 0..rows {
        for i in 0..=m {
            let x = left + u16::try_from(i).unwrap_or(u16::MAX) * pitch;
            pen.text(x, top + 1 + r, "│", style);
        }
    }
}

/// The style of a cell's own mark, as it stands with no probe on it.
fn cell_style(cell: &RowCell<'_>, inner: usize, theme: &Theme) -> Style {
    theme.style(if cell.cleared && inner == 1 {
        Role::BitCleared
    } else if cell.cleared {
        Role::BitEmpty
    } else if cell.fresh {
        Role::BitFresh
    } else if cell.shared() {
        Role::BitShared
    } else if cell.set {
        Role::BitSet
    } else {
        Role::BitEmpty
    })
}

/// The style of a probe in its state.
pub(crate) fn probe_style(state: ProbeState, theme: &Theme) -> Style {
    theme.style(match state {
        ProbeState::One | ProbeState::NewlySet | ProbeState::AlreadySet => Role::ProbeHit,
        ProbeState::Zero => Role::ProbeMiss,
        ProbeState::Pending => Role::ProbePending,
        ProbeState::NotNeeded => Role::ProbeSkipped,
    })
}

/// Row `r` of a probed cell drawn as a ring `rows` tall and `inner` wide
/// round the cell's own glyph (taken from inside the brackets of `face`),
/// a clear gap between: a heavy frame of half blocks once the bit is
/// `read`, a thin dotted one while it waits to be read. Returned as the
/// frame's text and, on the middle rows, the mark inside with its column.
fn ring_face(
    r: u16,
    rows: u16,
    inner: usize,
    face: &str,
    read: bool,
) -> (String, Option<(u16, String)>) {
    let [tl, top, tr, side_l, side_r, bl, bottom, br] = if read {
        ['▛', '▀', '▜', '▌', '▐', '▙', '▄', '▟']
    } else {
        ['┌', '┄', '┐', '┆', '┆', '└', '┄', '┘']
    };
    let edge = |l: char, mid: char, rr: char| {
        format!("{l}{}{rr}", mid.to_string().repeat(inner.saturating_sub(2)))
    };
    if r == 0 {
        return (edge(tl, top, tr), None);
    }
    if r + 1 == rows {
        return (edge(bl, bottom, br), None);
    }
    // The set, shared or cleared mark, or a space for a clear bit.
    let glyph = face.chars().nth(1).unwrap_or(' ');
    let frame = format!("{side_l}{}{side_r}", " ".repeat(inner.saturating_sub(2)));
    if glyph == ' ' {
        return (frame, None);
    }
    let core = glyph.to_string().repeat(inner.saturating_sub(4));
    // In a small ring a whole column of gap each side leaves the set bit a
    // dot that reads as empty from the back; half a column of gap, drawn
    // with half blocks, keeps the ring apart and the bit half as wide again.
    let mark = if glyph == SET && inner <= 7 {
        format!("▐{core}▌")
    } else {
        format!(" {core} ")
    };
    (frame, Some((1, mark)))
}

/// Label every n-th cell so that index numbers never run together.
fn label_every(m: usize, pitch: u16) -> usize {
    let digits = m.saturating_sub(1).max(1).to_string().len() + 1;
    let pitch = usize::from(pitch.max(1));
    [1, 2, 4, 5, 8, 10, 16, 20, 32]
        .into_iter()
        .find(|n| n * pitch >= digits)
        .unwrap_or(64)
}

/// The owners' key in lines of at most `width` columns, broken between
/// its entries.
fn wrap_key(key: &str, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for (i, entry) in key.split(" · ").enumerate() {
        let piece = if i == 0 {
            entry.to_string()
        } else {
            format!(" · {entry}")
        };
        match lines.last_mut() {
            Some(line) if usize::from(width(line)) + usize::from(width(&piece)) <= max => {
                line.push_str(&piece)
            }
            _ => lines.push(piece.trim_start_matches(" · ").to_string()),
        }
    }
    lines
}

/// Where a label `w` columns wide starts over a cell whose inside starts
/// at `x` and is `inner` columns wide: centred on the cell, spilling over
/// both sides evenly when wider than it.
fn label_x(x: u16, inner: u16, w: u16) -> u16 {
    let inner = inner.max(1);
    if w <= inner {
        x + (inner - w) / 2
    } else {
        (x + inner / 2).saturating_sub(w / 2)
    }
}

/// Writes `text` centred over a cell whose inside starts at `x` and is
/// `inner` columns wide; text wider than the cell's pitch is not drawn cut,
/// it is left to its caller to shorten first.
fn centred(pen: &mut Painter<'_>, x: u16, inner: u16, y: u16, text: &str, style: Style) {
    let w = width(text);
    let x = x + inner.max(1).saturating_sub(w) / 2;
    pen.text(x, y, text, style);
}

/// Who set a bit, in the pieces the row labels it with: the names joined
/// by commas (a `+` read as a sum under a cell, and is kept for an
/// insert's mark above it), and each name whose deletion cleared the bit
/// marked `-` instead (`-x,y`: x was deleted, y is still in the set),
/// `true` on those pieces.
/// An item deleted without having set the bit comes last. `name` gives
/// each owner's name as shown (shortened when the cells are narrow).
pub(crate) fn owner_parts(
    owners: &[String],
    deleted: &[String],
    name: &dyn Fn(&str) -> String,
) -> Vec<(String, bool)> {
    let gone = |o: &str| deleted.iter().any(|d| d == o);
    let strays = deleted.iter().filter(|d| !owners.contains(d));
    owners
        .iter()
        .chain(strays)
        .enumerate()
        .map(|(i, o)| {
            let comma = if i == 0 { "" } else { "," };
            let minus = if gone(o) { "-" } else { "" };
            (format!("{comma}{minus}{}", name(o)), gone(o))
        })
        .collect()
}

/// Owner names short enough for their cells: the full names when every
/// cell's label fits, otherwise the shortest prefixes that tell the row's
/// items apart, explained by a key.
struct Abbreviations {
    short: Vec<(String, String)>,
}

impl Abbreviations {
    fn for_cells(cells: &[RowCell<'_>], inner: u16) -> Abbreviations {
        let fits = |c: &RowCell<'_>| {
            let parts = owner_parts(c.owners, c.deleted, &str::to_string);
            width(&parts.into_iter().map(|(t, _)| t).collect::<String>()) <= inner
        };
        let full_fit = cells.iter().filter(|c| !c.owners.is_empty()).all(fits);
        if full_fit {
            return Abbreviations { short: Vec::new() };
        }
        let mut names: Vec<&str> = cells
            .iter()
            .flat_map(|c| c.owners.iter().map(String::as_str))
            .collect();
        names.sort_unstable();
        names.dedup();
        let short = names
            .iter()
            .map(|name| {
                let unique = (1..=name.chars().count())
                    .map(|n| name.chars().take(n).collect::<String>())
                    .find(|p| names.iter().filter(|o| o.starts_with(p.as_str())).count() == 1)
                    .unwrap_or_else(|| name.to_string());
                (name.to_string(), unique)
            })
            .collect();
        Abbreviations { short }
    }

    /// An owner's name as the row shows it.
    fn name(&self, owner: &str) -> String {
        self.short
            .iter()
            .find(|(name, _)| name == owner)
            .map_or(owner, |(_, s)| s.as_str())
            .to_string()
    }

    /// "key: a apple · p pear", when names were shortened.
    fn key(&self) -> Option<String> {
        let shortened: Vec<String> = self
            .short
            .iter()
            .filter(|(name, s)| name != s)
            .map(|(name, s)| format!("{s} {name}"))
            .collect();
        (!shortened.is_empty()).then(|| format!("key: {}", shortened.join(" · ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draw(row: &BitRow<'_>, width: u16, cell_rows: u16) -> Vec<String> {
        let height = row.height(width, cell_rows);
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        row.render(area, &mut buf, &Theme::MONO, cell_rows);
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect()
    }

    fn cells(bits: &[bool]) -> Vec<RowCell<'static>> {
        bits.iter()
            .map(|&set| RowCell {
                set,
                ..RowCell::default()
            })
            .collect()
    }

    #[test]
    fn boxed_row_marks_probes_in_order() {
        let cells = cells(&[false, true, true, false]);
        let probes = [
            RowProbe {
                position: 2,
                state: ProbeState::One,
            },
            RowProbe {
                position: 3,
                state: ProbeState::Zero,
            },
            RowProbe {
                position: 0,
                state: ProbeState::NotNeeded,
            },
        ];
        let row = BitRow {
            cells: &cells,
            probes: &probes,
            owners: false,
            marks: true,
            emphasise_shared: false,
        };
        let lines = draw(&row, 17, 1);
        assert_eq!(lines[0], " h3      h1  h2");
        // The probe never needed leaves its cell as it is (empty here).
        assert_eq!(lines[2], "│   │ █ │▐█▌│▐ ▌│");
        assert_eq!(lines[4], "  0   1   2   3");
        assert_eq!(lines[5], "  ·       ✓   ✗");
        // With room after it, its label says so.
        let probes = [
            RowProbe {
                position: 0,
                state: ProbeState::Zero,
            },
            RowProbe {
                position: 1,
                state: ProbeState::NotNeeded,
            },
        ];
        let row = BitRow {
            probes: &probes,
            ..row
        };
        let lines = draw(&row, 41, 1);
        assert_eq!(lines[0].trim(), "h1        h2 not needed");
        assert_eq!(lines[2], "│▐       ▌│ ███████ │ ███████ │         │");
    }

    #[test]
    fn a_cleared_cell_is_empty_in_a_heavy_frame_with_its_deleted_owner() {
        let xy = vec!["x".to_string(), "y".to_string()];
        let x = vec!["x".to_string()];
        let mut cells = cells(&[false, false, true]);
        for c in &mut cells[..2] {
            c.cleared = true;
            c.deleted = &x;
        }
        cells[0].owners = &x;
        cells[1].owners = &xy;
        cells[2].owners = &xy[1..];
        let row = BitRow {
            owners: true,
            ..BitRow::plain(&cells)
        };
        let lines = draw(&row, 22, 2);
        assert_eq!(lines[1], "┏━━━━━━┳━━━━━━┱──────┐");
        assert_eq!(lines[2], "┃      ┃      ┃ ████ │");
        assert_eq!(lines[3], "┃      ┃      ┃ ████ │");
        assert_eq!(lines[4], "┗━━━━━━┻━━━━━━┹──────┘");
        assert_eq!(lines[6], "   -x    -x,y    y");
        // The frame and "-x" in the deletion's ink; y's name in its own.
        let area = Rect::new(0, 0, 22, row.height(22, 2));
        let mut buf = Buffer::empty(area);
        row.render(area, &mut buf, &Theme::DARK16, 2);
        let cleared = Theme::DARK16.style(Role::BitCleared).fg.expect("a colour");
        assert_eq!(buf[(0, 2)].fg, cleared);
        assert_eq!((buf[(9, 6)].fg, buf[(10, 6)].fg), (cleared, cleared));
        assert_ne!(buf[(11, 6)].fg, cleared);
        assert_ne!(buf[(12, 6)].fg, cleared);
        let border = Theme::DARK16.style(Role::Border).fg.expect("a colour");
        assert_eq!(buf[(21, 2)].fg, border);
    }

    #[test]
    fn a_shared_cell_the_step_points_at_keeps_its_look() {
        let xy = vec!["x".to_string(), "y".to_string()];
        let mut cells = cells(&[true, true]);
        cells[0].owners = &xy;
        let plain = BitRow {
            owners: true,
            ..BitRow::plain(&cells)
        };
        let pointed = BitRow {
            emphasise_shared: true,
            ..plain
        };
        let draw_in = |row: &BitRow<'_>| {
            let area = Rect::new(0, 0, 17, row.height(17, 2));
            let mut buf = Buffer::empty(area);
            row.render(area, &mut buf, &Theme::DARK16, 2);
            buf
        };
        let (a, b) = (draw_in(&plain), draw_in(&pointed));
        // The cell itself is drawn alike; the label above points at it.
        for x in 1..8 {
            assert_eq!(a[(x, 2)], b[(x, 2)], "column {x}");
        }
        let above: String = (0..17).map(|x| b[(x, 0)].symbol()).collect();
        assert_eq!(above.trim(), "shared");
        // In the shared bit's ink, not the probe hit's (the same as the
        // emphasis ink in this palette).
        let theme = &Theme::DARK16;
        let label = (0..17)
            .find(|&x| b[(x, 0)].symbol() == "s")
            .map(|x| b[(x, 0)].fg);
        assert_eq!(label, theme.style(Role::BitShared).fg);
        assert_ne!(label, theme.style(Role::ProbeHit).fg);
    }

    #[test]
    fn a_probed_cell_is_a_ring_and_a_set_cell_a_block() {
        // Cells 6 wide and 3 tall, as in present mode at 120x40.
        let cells = cells(&[true, true, false, false]);
        let probes = [
            RowProbe {
                position: 1,
                state: ProbeState::One,
            },
            RowProbe {
                position: 2,
                state: ProbeState::Zero,
            },
        ];
        let row = BitRow {
            probes: &probes,
            ..BitRow::plain(&cells)
        };
        let lines = draw(&row, 29, 3);
        let cell = |i: usize, r: usize| -> String {
            lines[2 + r].chars().skip(1 + 7 * i).take(6).collect()
        };
        // Set, not probed: a solid block in every row.
        assert_eq!(
            (0..3).map(|r| cell(0, r)).collect::<Vec<_>>(),
            [" ████ "; 3]
        );
        // Probed and set: a heavy frame round a smaller block, half a
        // column of gap between at this size.
        assert_eq!(cell(1, 0), "▛▀▀▀▀▜");
        assert_eq!(cell(1, 1), "▌▐██▌▐");
        assert_eq!(cell(1, 2), "▙▄▄▄▄▟");
        // Probed and clear: the frame round nothing.
        assert_eq!(cell(2, 1), "▌    ▐");
        // Waiting to be read: a thin dotted frame.
        let pending = [RowProbe {
            position: 1,
            state: ProbeState::Pending,
        }];
        let waiting = BitRow {
            probes: &pending,
            ..BitRow::plain(&cells)
        };
        let lines_waiting = draw(&waiting, 29, 3);
        let middle: String = lines_waiting[3].chars().skip(8).take(6).collect();
        assert_eq!(middle, "┆▐██▌┆");
        // Not probed and clear: empty.
        assert_eq!(cell(3, 1).trim(), "");
        // The same in a theme with colour: colour is never the only signal.
        let area = Rect::new(0, 0, 29, row.height(29, 3));
        let mut buf = Buffer::empty(area);
        row.render(area, &mut buf, &Theme::DARK16, 3);
        let middle: String = (8..14).map(|x| buf[(x, 3)].symbol().to_string()).collect();
        assert_eq!(middle, "▌▐██▌▐");
        // The ring in the probe's ink, the bit inside in a set bit's.
        let theme = &Theme::DARK16;
        assert_eq!(buf[(8, 3)].fg, theme.style(Role::ProbeHit).fg.unwrap());
        assert_eq!(buf[(10, 3)].fg, theme.style(Role::BitSet).fg.unwrap());
        assert_ne!(buf[(8, 3)].fg, buf[(10, 3)].fg);
    }

    #[test]
    fn cells_grow_with_the_area() {
        let cells = cells(&[true; 16]);
        let row = BitRow::plain(&cells);
        // At 200 columns the row spans the width, cells three rows tall.
        let lines = draw(&row, 200, 3);
        assert_eq!(lines.len(), usize::from(row.height(200, 3)));
        let frame = &lines[1];
        assert!(frame.chars().count() >= 190, "{frame}");
        assert_eq!(lines[2], lines[4], "every cell row alike");
    }

    #[test]
    fn long_rows_wrap_and_tiny_areas_are_safe() {
        let cells = cells(&[true; 100]);
        let probes = [RowProbe {
            position: 99,
            state: ProbeState::One,
        }; 2];
        let row = BitRow {
            cells: &cells,
            probes: &probes,
            owners: false,
            marks: true,
            emphasise_shared: false,
        };
        let lines = draw(&row, 30, 1);
        assert_eq!(lines.len(), usize::from(row.height(30, 1)));
        assert!(lines[0].starts_with("    0 ████"));
        let mut buf = Buffer::empty(Rect::new(0, 0, 3, 1));
        row.render(Rect::new(0, 0, 3, 1), &mut buf, &Theme::MONO, 1);
    }

    #[test]
    fn owner_names_fit_or_go_short_with_a_key() {
        let apple_pear = vec!["apple".to_string(), "pear".to_string()];
        let plum = vec!["plum".to_string()];
        let mut cells = cells(&[true, true, false]);
        cells[0].owners = &apple_pear;
        cells[1].owners = &plum;
        let row = BitRow {
            cells: &cells,
            probes: &[],
            owners: true,
            marks: false,
            emphasise_shared: false,
        };
        // Wide cells: full names.
        let wide = draw(&row, 40, 1);
        assert!(wide.iter().any(|l| l.contains("apple,pear")), "{wide:?}");
        // Narrow cells: a,pe and pl, and a key naming them.
        let narrow = draw(&row, 19, 1);
        let text = narrow.join("\n");
        assert!(text.contains("a,pe") && text.contains("pl"), "{text}");
        assert!(text.contains("key: a apple"), "{text}");
        assert!(
            text.contains("pe pear") && text.contains("pl plum"),
            "{text}"
        );
        assert_eq!(narrow.len(), usize::from(row.height(19, 1)));
        assert!(!text.contains("apple+p "), "{text}");
    }
}
