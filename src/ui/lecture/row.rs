//! The bit row drawn large: cells with indices, the marks above them (hash
//! order of a query, fresh inserts), "who set it" marks below, the query
//! line with its verdict and flag, and the counting variant's counters.
//! Every state has its own glyph so the row reads without colour.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use super::paint::{Painter, fit, width};
use crate::lecture::{Board, Cell, Emphasis, Flag, ProbeRead, Query, QuerySource, Verdict};
use crate::ui::theme::{Role, Theme};

/// Glyph of a set bit.
pub(super) const SET: char = '█';
/// Glyph of a set bit that more than one item leans on.
pub(super) const SHARED: char = '▓';
/// Glyph of a bit cleared by a deletion attempt.
pub(super) const CLEARED: char = '×';
/// Brackets around a cell a query probes.
pub(super) const PROBE_LEFT: char = '▐';
/// See [`PROBE_LEFT`].
pub(super) const PROBE_RIGHT: char = '▌';
/// Round brackets around a position the query has named but not read yet.
pub(super) const PENDING_LEFT: char = '(';
/// See [`PENDING_LEFT`].
pub(super) const PENDING_RIGHT: char = ')';
/// Dotted brackets around a position the query named but never read,
/// because an earlier probe already found a 0.
pub(super) const SKIPPED_LEFT: char = '┊';
/// See [`SKIPPED_LEFT`].
pub(super) const SKIPPED_RIGHT: char = '┊';

/// Where the cells go across the width.
#[derive(Debug, Clone, Copy)]
pub(super) struct Geometry {
    /// Columns inside each cell (0 means one column per cell, no borders).
    pub inner: u16,
    /// Column of the row's left edge.
    pub left: u16,
}

impl Geometry {
    /// Fits `m` cells into `width` columns, as large as is comfortable.
    pub(super) fn fit(m: usize, width: u16) -> Geometry {
        let m16 = u16::try_from(m.max(1)).unwrap_or(u16::MAX);
        let per = width.saturating_sub(3) / m16;
        let inner = per.saturating_sub(1).min(7);
        let total = if inner == 0 {
            m16
        } else {
            m16.saturating_mul(inner + 1) + 1
        };
        Geometry {
            inner,
            left: width.saturating_sub(total) / 2,
        }
    }

    /// Label every n-th cell so that index numbers never run together.
    pub(super) fn label_every(self, m: usize) -> usize {
        let digits = m.saturating_sub(1).max(1).to_string().len() + 1;
        let pitch = usize::from(self.pitch());
        [1, 2, 4, 5, 8, 10, 16, 20, 32]
            .into_iter()
            .find(|n| n * pitch >= digits)
            .unwrap_or(64)
    }

    /// Columns taken by one cell and its left border.
    fn pitch(self) -> u16 {
        if self.inner == 0 { 1 } else { self.inner + 1 }
    }

    /// Column of cell `i`'s first inner column.
    pub(super) fn cell_x(self, i: usize) -> u16 {
        let i = u16::try_from(i).unwrap_or(u16::MAX);
        let border = u16::from(self.inner > 0);
        self.left
            .saturating_add(i.saturating_mul(self.pitch()))
            .saturating_add(border)
    }

    /// Writes `text` centred over cell `i`, at most a pitch wide.
    fn centred(self, p: &mut Painter<'_>, i: usize, y: u16, text: &str, style: Style) {
        let room = usize::from(self.pitch().max(1));
        let text = fit(text, room);
        let w = width(&text);
        let span = self.inner.max(1);
        let x = self.cell_x(i) + span.saturating_sub(w) / 2;
        p.text(x, y, &text, style);
    }
}

/// Rows the row section needs.
/// On a tall screen (a projector) each cell is this many rows high.
const TALL_CELL_ROWS: u16 = 3;
/// Screen height from which cells are drawn tall.
const TALL_SCREEN: u16 = 40;

/// Rows the row section needs on a screen `screen_height` rows high.
pub(super) fn height(board: &Board, screen_height: u16) -> u16 {
    let cell_rows = if screen_height >= TALL_SCREEN {
        TALL_CELL_ROWS
    } else {
        1
    };
    fixed_rows(board) + cell_rows
}

/// Rows of the row section other than the cells' own.
fn fixed_rows(board: &Board) -> u16 {
    let owners = u16::from(board.shows(crate::lecture::Element::Owners));
    let query = if row_query(board).is_some() { 2 } else { 0 };
    1 + 2 + 1 + owners + query
}

/// Rows the counters section needs.
pub(super) fn counters_height(board: &Board) -> u16 {
    let query = if counters_query(board).is_some() {
        2
    } else {
        0
    };
    1 + 3 + query
}

fn row_query(board: &Board) -> Option<&Query> {
    board
        .query
        .as_ref()
        .filter(|q| q.source == QuerySource::Row)
}

fn counters_query(board: &Board) -> Option<&Query> {
    board
        .query
        .as_ref()
        .filter(|q| q.source == QuerySource::Counters)
}

/// The probe a query makes at a position, if any.
fn probe_at(query: Option<&Query>, position: usize) -> Option<(usize, ProbeRead)> {
    query.and_then(|q| {
        q.probes
            .iter()
            .enumerate()
            .find(|(_, p)| p.position == position)
            .map(|(i, p)| (i, p.read))
    })
}

/// Draws the bit row section.
pub(super) fn draw(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let Some(cells) = board.row.as_ref() else {
        return;
    };
    let geo = Geometry::fit(cells.len(), area.width);
    let query = row_query(board);
    let mut p = Painter::new(buf, area);
    let shared_emphasis = board.emphasises(&Emphasis::Shared);

    // Marks above: hash order of the query's probes, or the item just written.
    for (i, cell) in cells.iter().enumerate() {
        if let Some((order, read)) = probe_at(query, i) {
            let style = probe_style(read, theme);
            let mark = if geo.inner >= 2 {
                format!("h{}", order + 1)
            } else {
                char::from_digit(u32::try_from(order + 1).unwrap_or(0) % 10, 10)
                    .unwrap_or('?')
                    .to_string()
            };
            geo.centred(&mut p, i, 0, &mark, style);
        } else if cell.fresh {
            let name = cell.owners.last().map_or("", String::as_str);
            let mark = if geo.inner >= 2 {
                format!("+{name}")
            } else {
                "+".to_string()
            };
            geo.centred(&mut p, i, 0, &mark, theme.style(Role::BitFresh));
        }
    }
    let cell_rows = area.height.saturating_sub(fixed_rows(board)).max(1);
    draw_frame(&mut p, geo, cells.len(), 1, cell_rows, theme);
    for (i, cell) in cells.iter().enumerate() {
        let probe = probe_at(query, i).map(|(_, r)| r);
        let (text, style) = cell_face(cell, probe, geo.inner, theme);
        let style = if shared_emphasis && cell.set && cell.owners.len() > 1 {
            style.add_modifier(Modifier::REVERSED)
        } else {
            style
        };
        for r in 0..cell_rows {
            p.text(geo.cell_x(i), 2 + r, &text, style);
        }
    }
    let every = geo.label_every(cells.len());
    for i in (0..cells.len()).step_by(every) {
        if geo.inner == 0 {
            p.text(
                geo.cell_x(i),
                3 + cell_rows,
                &i.to_string(),
                theme.style(Role::Index),
            );
        } else {
            geo.centred(
                &mut p,
                i,
                3 + cell_rows,
                &i.to_string(),
                theme.style(Role::Index),
            );
        }
    }
    let mut y = 4 + cell_rows;
    if board.shows(crate::lecture::Element::Owners) && geo.inner > 0 {
        let label = "set by";
        if geo.left > width(label) {
            p.text(
                geo.left - width(label) - 1,
                y,
                label,
                theme.style(Role::Label),
            );
        }
        for (i, cell) in cells.iter().enumerate() {
            if (cell.set || cell.cleared) && !cell.owners.is_empty() {
                let shared = cell.owners.len() > 1;
                // A cleared bit keeps its owners, struck through: the items
                // that were leaning on it when it went.
                let style = if cell.cleared {
                    theme
                        .style(Role::BitCleared)
                        .add_modifier(Modifier::CROSSED_OUT)
                } else if (shared && shared_emphasis) || probe_at(query, i).is_some() {
                    // The owners the step is about: a shared bit, or a bit
                    // the query reads.
                    theme.style(Role::Emphasis)
                } else {
                    theme.style(Role::Owner)
                };
                // Keep a gap between neighbours' marks when cells are narrow.
                let names = fit(&cell.owners.join("+"), usize::from(geo.inner.max(1)));
                geo.centred(&mut p, i, y, &names, style);
            }
        }
        y += 1;
    }
    if let Some(q) = query {
        draw_query(&mut p, q, y, geo.left, area.width, board, theme);
    }
}

/// Draws the counting variant: a counter per cell, aligned under the row.
pub(super) fn draw_counters(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let m = board.counters.len();
    let geo = Geometry::fit(m, area.width);
    let mut p = Painter::new(buf, area);
    p.text(
        geo.left,
        0,
        "counting variant: a small counter per cell (inserts +1, deletes -1)",
        theme.style(Role::Title),
    );
    draw_frame(&mut p, geo, m, 1, 1, theme);
    let query = counters_query(board);
    for i in 0..m {
        let value = board.counters[i];
        let peak = board.counters_peak.get(i).copied().unwrap_or(value);
        let fresh = board.counters_fresh.get(i).copied().unwrap_or(false);
        let text = if peak != value && geo.inner >= 3 {
            format!("{peak}→{value}")
        } else {
            value.to_string()
        };
        let style = match probe_at(query, i) {
            Some((_, read)) => probe_style(read, theme),
            None if fresh => theme.style(Role::BitFresh).add_modifier(Modifier::BOLD),
            None if value == 0 => theme.style(Role::BitEmpty),
            None => theme.style(Role::BitSet),
        };
        geo.centred(&mut p, i, 2, &text, style);
    }
    if let Some(q) = query {
        draw_query(&mut p, q, 4, geo.left, area.width, board, theme);
    }
}

fn draw_frame(
    p: &mut Painter<'_>,
    geo: Geometry,
    m: usize,
    top: u16,
    cell_rows: u16,
    theme: &Theme,
) {
    if geo.inner == 0 {
        return;
    }
    let seg = "─".repeat(usize::from(geo.inner));
    let make = |l: &str, mid: &str, r: &str| {
        let mut s = String::from(l);
        for i in 0..m {
            s.push_str(&seg);
            s.push_str(if i + 1 == m { r } else { mid });
        }
        s
    };
    let style = theme.style(Role::Border);
    p.text(geo.left, top, &make("┌", "┬", "┐"), style);
    let mut middle = String::from("│");
    for _ in 0..m {
        middle.push_str(&" ".repeat(usize::from(geo.inner)));
        middle.push('│');
    }
    for r in 0..cell_rows {
        p.text(geo.left, top + 1 + r, &middle, style);
    }
    p.text(geo.left, top + 1 + cell_rows, &make("└", "┴", "┘"), style);
}

/// The text and style inside one cell.
fn cell_face(cell: &Cell, probe: Option<ProbeRead>, inner: u16, theme: &Theme) -> (String, Style) {
    let glyph = if cell.cleared {
        CLEARED
    } else if cell.set && cell.owners.len() > 1 {
        SHARED
    } else if cell.set {
        SET
    } else {
        ' '
    };
    let w = usize::from(inner.max(1));
    let text = match probe {
        Some(read) if w >= 3 => {
            // Skipped probes get their own brackets: dimming alone would
            // leave them looking read on a screen without colour.
            let (left, right) = match read {
                ProbeRead::NotNeeded => (SKIPPED_LEFT, SKIPPED_RIGHT),
                ProbeRead::Pending => (PENDING_LEFT, PENDING_RIGHT),
                ProbeRead::One | ProbeRead::Zero => (PROBE_LEFT, PROBE_RIGHT),
            };
            let mut s = String::from(left);
            s.push_str(&glyph.to_string().repeat(w - 2));
            s.push(right);
            s
        }
        _ if w >= 5 => format!(" {} ", glyph.to_string().repeat(w - 2)),
        _ if w >= 3 => format!(" {glyph} "),
        _ => glyph.to_string().repeat(w),
    };
    let style = match probe {
        Some(read) => probe_style(read, theme),
        None if cell.cleared => theme.style(Role::BitCleared),
        None if cell.fresh => theme.style(Role::BitFresh).add_modifier(Modifier::BOLD),
        None if cell.set => theme.style(Role::BitSet),
        None => theme.style(Role::BitEmpty),
    };
    (text, style)
}

fn probe_style(read: ProbeRead, theme: &Theme) -> Style {
    match read {
        ProbeRead::One => theme.style(Role::ProbeHit),
        ProbeRead::Zero => theme.style(Role::ProbeMiss),
        ProbeRead::Pending => theme.style(Role::ProbePending),
        ProbeRead::NotNeeded => theme.style(Role::ProbeSkipped),
    }
}

/// The query line ("query v  h1(v)=2 ✓ ...  → probably present") and the
/// verdict line under it.
fn draw_query(
    p: &mut Painter<'_>,
    q: &Query,
    y: u16,
    left: u16,
    width_cols: u16,
    board: &Board,
    theme: &Theme,
) {
    let room = usize::from(width_cols).saturating_sub(3);
    let spans = [Detail::Long, Detail::Medium, Detail::Short]
        .into_iter()
        .map(|d| query_spans(q, d, theme))
        .find(|s| Line::from(s.clone()).width() <= room)
        .unwrap_or_else(|| query_spans(q, Detail::Short, theme));
    let line = Line::from(spans);
    // Line up with the row when the line fits from there.
    let x = if usize::from(left) + line.width() <= usize::from(width_cols) {
        left.max(2)
    } else {
        2
    };
    p.line(x, y, &line);
    let emphasised = board.emphasises(&Emphasis::Flag);
    let (text, style) = match (q.verdict, q.flag) {
        (None, _) => (
            "positions named; no bit read yet".to_string(),
            theme.style(Role::Hint),
        ),
        (Some(_), Some(Flag::FalsePositive)) => (
            format!("✗ FALSE POSITIVE: {} was never inserted", q.item),
            theme.style(Role::Bad),
        ),
        (Some(_), Some(Flag::FalseNegative)) => (
            format!("✗ FALSE NEGATIVE: {} is in the set", q.item),
            theme.style(Role::Bad),
        ),
        // A wrong answer not yet flagged: the verdict alone, no judgement.
        (Some(_), None) if q.member == (q.verdict == Some(Verdict::DefinitelyAbsent)) => (
            format!(
                "answer given for {}; not yet checked against the set",
                q.item
            ),
            theme.style(Role::Text),
        ),
        (Some(Verdict::ProbablyPresent), None) => (
            format!("✓ right: {} is in the set", q.item),
            theme.style(Role::Good),
        ),
        (Some(Verdict::DefinitelyAbsent), None) => (
            format!("✓ right, and certain: {} was never inserted", q.item),
            theme.style(Role::Good),
        ),
    };
    let style = if emphasised && q.flag.is_some() {
        style.add_modifier(Modifier::REVERSED)
    } else {
        style
    };
    p.text(x + 2, y + 1, &text, style);
}

/// How much the query line spells out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Detail {
    Long,
    Medium,
    Short,
}

fn query_spans(q: &Query, detail: Detail, theme: &Theme) -> Vec<Span<'static>> {
    let what = match q.source {
        QuerySource::Row => format!("query {}", q.item),
        QuerySource::Counters => format!("query {} (counters)", q.item),
    };
    let mut spans = vec![Span::styled(what, theme.style(Role::Title)), Span::raw(" ")];
    for (i, probe) in q.probes.iter().enumerate() {
        let name = match detail {
            Detail::Long => format!("  h{}({})={}", i + 1, q.item, probe.position),
            Detail::Medium => format!("  h{}={}", i + 1, probe.position),
            Detail::Short => format!(" h{}={}", i + 1, probe.position),
        };
        let (mark, style) = match probe.read {
            ProbeRead::One => (" ✓", theme.style(Role::ProbeHit)),
            ProbeRead::Zero => (" ✗", theme.style(Role::ProbeMiss)),
            ProbeRead::Pending => (" ?", theme.style(Role::ProbePending)),
            ProbeRead::NotNeeded if detail == Detail::Short => {
                (" –", theme.style(Role::ProbeSkipped))
            }
            ProbeRead::NotNeeded => (" not needed", theme.style(Role::ProbeSkipped)),
        };
        let name_style = if probe.read == ProbeRead::NotNeeded {
            theme.style(Role::ProbeSkipped)
        } else {
            theme.style(Role::Text)
        };
        spans.push(Span::styled(name, name_style));
        spans.push(Span::styled(mark, style));
    }
    if let Some(v) = q.verdict {
        let style = match v {
            Verdict::ProbablyPresent => theme.style(Role::ProbeHit),
            Verdict::DefinitelyAbsent => theme.style(Role::ProbeMiss),
        };
        spans.push(Span::raw("   → "));
        spans.push(Span::styled(v.as_str(), style));
    }
    spans
}
