//! The lecture's bit row part: the row itself (drawn by the shared bit-row
//! widget), the query line with its verdict under it, and the counting
//! variant's counters lined up with the row's cells.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};

use super::paint::Painter;
use crate::filter::ProbeState;
use crate::lecture::texts::{Judgement, verdict_line};
use crate::lecture::{Board, Element, Emphasis, Query, QuerySource, Verdict};
use crate::ui::bit_row::{BitRow, RowCell, RowProbe, probe_style};
use crate::ui::format::wrap;
use crate::ui::theme::{Role, Theme};

/// Rows the query line and its verdict take under a row or the counters
/// `width` columns wide (the verdict wraps rather than being cut).
pub(crate) fn query_rows(board: &Board, source: QuerySource, width: u16) -> u16 {
    let verdict = query_of(board, source).map_or(1, |q| {
        wrap(&verdict_line(q).0, usize::from(width.saturating_sub(2))).len()
    });
    1 + u16::try_from(verdict.max(1)).unwrap_or(u16::MAX)
}

/// The row's cells and the query's probes, as the widget wants them.
pub(crate) struct RowData<'a> {
    cells: Vec<RowCell<'a>>,
    probes: Vec<RowProbe>,
}

impl<'a> RowData<'a> {
    /// The board's row (empty when the board has none).
    pub(crate) fn of(board: &'a Board) -> RowData<'a> {
        let cells = board
            .row
            .iter()
            .flatten()
            .map(|c| RowCell {
                set: c.set,
                cleared: c.cleared,
                fresh: c.fresh,
                owners: &c.owners,
            })
            .collect();
        let probes = query_of(board, QuerySource::Row)
            .map(|q| {
                q.probes
                    .iter()
                    .map(|p| RowProbe {
                        position: p.position,
                        state: p.read,
                    })
                    .collect()
            })
            .unwrap_or_default();
        RowData { cells, probes }
    }

    /// The widget for this row; `owners` is whether the scene ever shows
    /// who set the bits (so the row keeps one height through the scene).
    pub(crate) fn widget(&self, board: &Board, owners: bool) -> BitRow<'_> {
        BitRow {
            cells: &self.cells,
            probes: &self.probes,
            owners,
            marks: false,
            emphasise_shared: board.emphasises(&Emphasis::Shared),
        }
    }
}

/// The board's query when it reads `source` and that source is on screen.
pub(crate) fn query_of(board: &Board, source: QuerySource) -> Option<&Query> {
    let shown = match source {
        QuerySource::Row => board.shows(Element::Row),
        QuerySource::Counters => board.shows(Element::Counters),
    };
    board.query.as_ref().filter(|q| shown && q.source == source)
}

/// Draws the row part into `area`: the row with cells `cell_rows` tall,
/// then the query lines when the board has a query on the row.
pub(crate) fn draw(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme, layout: RowLayout) {
    let data = RowData::of(board);
    let row = data.widget(board, layout.owners);
    // The owners line is reserved for the scene but drawn only once shown.
    let row = BitRow {
        owners: layout.owners && board.shows(Element::Owners),
        ..row
    };
    let rows = row.height(area.width, layout.cell_rows);
    let reserved = BitRow {
        owners: layout.owners,
        ..row
    }
    .height(area.width, layout.cell_rows);
    row.render(
        Rect {
            height: rows.min(area.height),
            ..area
        },
        buf,
        theme,
        layout.cell_rows,
    );
    if let Some(q) = query_of(board, QuerySource::Row) {
        let left = row.left(area.width);
        let at = Rect {
            y: area.y + reserved,
            height: area.height.saturating_sub(reserved),
            ..area
        };
        draw_query(q, board, at, left, buf, theme);
    }
}

/// How the row part is drawn through a scene.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RowLayout {
    /// Rows of each cell.
    pub cell_rows: u16,
    /// Whether the scene ever shows owners (their line is kept).
    pub owners: bool,
    /// Whether the scene ever queries the row (the query lines are kept).
    pub query: bool,
}

/// Rows the row part needs at `width` columns.
pub(crate) fn height(board: &Board, width: u16, layout: RowLayout) -> u16 {
    let data = RowData::of(board);
    let row = BitRow {
        owners: layout.owners,
        ..data.widget(board, layout.owners)
    };
    let query = if layout.query {
        query_rows(board, QuerySource::Row, width)
    } else {
        0
    };
    row.height(width, layout.cell_rows) + query
}

/// Rows the counters part needs at `width` columns: its title, the framed
/// counters (or their values on lines of their own when the row is too
/// narrow for boxes) and the query lines when the scene queries them.
pub(crate) fn counters_height(board: &Board, width: u16, query: bool) -> u16 {
    let title = u16::try_from(wrap(COUNTERS_TITLE, usize::from(width)).len()).unwrap_or(1);
    let body = match counter_cells(board, width) {
        Some(_) => 3,
        None => u16::try_from(counter_list(board, width).len()).unwrap_or(1),
    };
    let query = if query {
        query_rows(board, QuerySource::Counters, width)
    } else {
        0
    };
    title + body + query
}

const COUNTERS_TITLE: &str = "counting variant: a small counter per cell (inserts +1, deletes -1)";

/// Where the counters go when they fit in boxes under the row: the left
/// edge and each cell's inside width.
fn counter_cells(board: &Board, width: u16) -> Option<(u16, u16)> {
    let cells = vec![RowCell::default(); board.counters.len()];
    let row = BitRow {
        cells: &cells,
        probes: &[],
        owners: false,
        marks: false,
        emphasise_shared: false,
    };
    row.boxed_cell(width, 0)
        .map(|(_, inner)| (row.left(width), inner))
}

/// The counters as "i:value" lines, for a row too narrow for boxes.
fn counter_list(board: &Board, width: u16) -> Vec<String> {
    let items: Vec<String> = board
        .counters
        .iter()
        .enumerate()
        .map(|(i, v)| format!("{i}:{v}"))
        .collect();
    wrap(&items.join("  "), usize::from(width.saturating_sub(1)))
}

/// Draws the counting variant: a counter per cell, lined up with the row.
pub(crate) fn draw_counters(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let mut p = Painter::new(buf, area);
    let mut y = 0;
    for line in wrap(COUNTERS_TITLE, usize::from(area.width)) {
        p.text(0, y, &line, theme.style(Role::Title));
        y += 1;
    }
    let query = query_of(board, QuerySource::Counters);
    let left = match counter_cells(board, area.width) {
        Some((left, inner)) => {
            boxed_counters(board, query, &mut p, y, left, inner, theme);
            y += 3;
            left
        }
        None => {
            for line in counter_list(board, area.width) {
                p.text(0, y, &line, theme.style(Role::BitSet));
                y += 1;
            }
            0
        }
    };
    if let Some(q) = query {
        let at = Rect {
            y: area.y + y,
            height: area.height.saturating_sub(y),
            ..area
        };
        draw_query(q, board, at, left, buf, theme);
    }
}

fn boxed_counters(
    board: &Board,
    query: Option<&Query>,
    p: &mut Painter<'_>,
    y: u16,
    left: u16,
    inner: u16,
    theme: &Theme,
) {
    let m = board.counters.len();
    let seg = "─".repeat(usize::from(inner));
    let frame = |l: &str, mid: &str, r: &str| {
        let mut s = String::from(l);
        for i in 0..m {
            s.push_str(&seg);
            s.push_str(if i + 1 == m { r } else { mid });
        }
        s
    };
    let border = theme.style(Role::Border);
    p.text(left, y, &frame("┌", "┬", "┐"), border);
    p.text(left, y + 2, &frame("└", "┴", "┘"), border);
    let bars: String = std::iter::once("│".to_string())
        .chain((0..m).map(|_| format!("{}│", " ".repeat(usize::from(inner)))))
        .collect();
    p.text(left, y + 1, &bars, border);
    for (i, &value) in board.counters.iter().enumerate() {
        let x = left
            + 1
            + u16::try_from(i)
                .unwrap_or(u16::MAX)
                .saturating_mul(inner + 1);
        let peak = board.counters_peak.get(i).copied().unwrap_or(value);
        let fresh = board.counters_fresh.get(i).copied().unwrap_or(false);
        let text = if peak != value && inner >= 3 {
            format!("{peak}→{value}")
        } else {
            value.to_string()
        };
        let probe = query.and_then(|q| q.probes.iter().find(|p| p.position == i));
        let style = match probe {
            Some(p) => probe_style(p.read, theme),
            None if fresh => theme.style(Role::BitFresh),
            None if value == 0 => theme.style(Role::BitEmpty),
            None => theme.style(Role::BitSet),
        };
        let w = super::paint::width(&text);
        p.text(x + inner.saturating_sub(w) / 2, y + 1, &text, style);
    }
}

/// The query line ("query v  h1(v)=2 ✓ ...  → probably present") and the
/// verdict line under it, from the top of `area`.
fn draw_query(q: &Query, board: &Board, area: Rect, left: u16, buf: &mut Buffer, theme: &Theme) {
    let room = usize::from(area.width).saturating_sub(3);
    let spans = [Detail::Long, Detail::Medium, Detail::Short]
        .into_iter()
        .map(|d| query_spans(q, d, theme))
        .find(|s| Line::from(s.clone()).width() <= room)
        .unwrap_or_else(|| query_spans(q, Detail::Short, theme));
    let line = Line::from(spans);
    // Line up with the row when the line fits from there.
    let x = if usize::from(left) + line.width() <= usize::from(area.width) {
        left.max(2)
    } else {
        2
    };
    let mut p = Painter::new(buf, area);
    p.line(x, 0, &line);
    let (text, judgement) = verdict_line(q);
    let lines = wrap(&text, usize::from(area.width.saturating_sub(2)));
    let longest = lines
        .iter()
        .map(|l| super::paint::width(l))
        .max()
        .unwrap_or(0);
    // Under the query line when it fits from there, else further left.
    let vx = (x + 2).min(area.width.saturating_sub(longest));
    let style = theme.style(match judgement {
        Judgement::Pending => Role::Hint,
        Judgement::Right => Role::Good,
        Judgement::Unchecked => Role::Text,
        Judgement::Wrong => Role::Bad,
    });
    let style = if board.emphasises(&Emphasis::Flag) && q.flag.is_some() {
        style.add_modifier(Modifier::REVERSED)
    } else {
        style
    };
    for (i, line) in lines.iter().enumerate() {
        p.text(vx, 1 + u16::try_from(i).unwrap_or(0), line, style);
    }
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
        let mark = match (probe.read, detail) {
            (ProbeState::NotNeeded, Detail::Short) => " –".to_string(),
            (ProbeState::NotNeeded, _) => " not needed".to_string(),
            (state, _) => format!(" {}", state.glyph()),
        };
        let name_style = if probe.read == ProbeState::NotNeeded {
            theme.style(Role::ProbeSkipped)
        } else {
            theme.style(Role::Text)
        };
        spans.push(Span::styled(name, name_style));
        spans.push(Span::styled(mark, probe_style(probe.read, theme)));
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
