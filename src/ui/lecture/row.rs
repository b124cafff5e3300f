//! The lecture's bit row part: the row itself (drawn by the shared bit-row
//! widget), its cells growing taller into spare rows, and the query line
//! with its verdict under it (which the counters' part draws the same way).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::big_row;
use super::headline::Called;
use super::part::{At, Column, Fitted, Fitting, Kind, Options, Part, Place, Shows};
use super::row_data::{
    Call, RowData, RowLayout, big_verdict_line, draw_verdict, query_of, query_rows, verdict_lines,
};
use crate::filter::ProbeState;
use crate::lecture::{Board, Element, Query, QuerySource};
use crate::ui::bit_row::{BitRow, probe_style};
use crate::ui::paint::Painter;
use crate::ui::theme::{Role, Theme, verdict_role};

/// Rows of board from which the row's cells are square from the start.
const SQUARE_FROM_ROWS: u16 = 30;

/// The bit row part.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RowPart;

impl Part for RowPart {
    fn place(&self) -> Place {
        // Across the whole board on every screen: the row is the lecture's
        // main figure, and the cards go under it rather than beside it.
        // In present mode it stands at the top of the wall in every scene.
        Place::new(Kind::new("bit-row"), Column::Full)
            .growing(0)
            .anchored()
    }

    fn shows(&self, board: &Board, _opts: Options) -> bool {
        board.shows(Element::Row) && board.row.is_some()
    }

    fn fit(&self, scene: &Fitting<'_>) -> Box<dyn Fitted> {
        let layout = RowLayout {
            cell_rows: 1,
            owners: scene.boards.iter().any(|b| b.shows(Element::Owners)),
            query: scene
                .boards
                .iter()
                .any(|b| query_of(b, QuerySource::Row).is_some()),
            big: false,
        };
        let taller = RowLayout {
            cell_rows: 2,
            ..layout
        };
        let width = scene.width;
        // A row that wraps keeps one-row cells.
        let grows = scene
            .shown()
            .any(|b| height(b, width, taller) > height(b, width, layout));
        // Cells grow no taller than square: a big screen is filled by
        // wider cells and bigger type, never by stretched ones. On a
        // board of 30 rows or more they start square, so the row has one
        // shape in every scene; a smaller board lets them grow as it can.
        let square = scene
            .shown()
            .map(|b| RowData::of(b).widget(b, false).square_rows(width))
            .min()
            .unwrap_or(1);
        // In present mode on a board the size of a projector's grid, the
        // row's words are set big with its cells, in every scene alike,
        // unless the planner had to give them up for the scene's parts to
        // fit (its rung).
        let big =
            scene.words_big() && grows && big_row::fits(scene.boards, QuerySource::Row, width);
        let layout = RowLayout {
            cell_rows: if grows && scene.board.height >= SQUARE_FROM_ROWS {
                square
            } else {
                1
            },
            big,
            ..layout
        };
        Box::new(Row {
            layout,
            rows: scene.most(|b| height(b, width, layout)),
            grows,
            square,
            called: Called::of(scene),
        })
    }
}

/// The row fitted to a scene.
#[derive(Debug)]
struct Row {
    /// Its layout at the smallest.
    layout: RowLayout,
    /// Rows at the smallest.
    rows: u16,
    /// Whether its cells can grow taller.
    grows: bool,
    /// Rows at which its cells look square (they grow no taller).
    square: u16,
    /// Where present mode's big verdict makes the call.
    called: Called,
}

impl Row {
    fn layout(&self, notch: u16) -> RowLayout {
        RowLayout {
            cell_rows: self.layout.cell_rows + notch,
            ..self.layout
        }
    }
}

impl Fitted for Row {
    fn rows(&self, notch: u16) -> u16 {
        if self.grows {
            self.rows + notch
        } else {
            self.rows
        }
    }

    fn grows(&self, notch: u16) -> bool {
        self.grows && self.layout.cell_rows + notch < self.square
    }

    fn draw(&self, at: &At<'_>, buf: &mut Buffer, theme: &Theme) {
        let call = self.called.call(at);
        draw(at.board, at.rect, buf, theme, self.layout(at.notch), call);
    }

    fn describe(&self, at: &At<'_>) -> Shows {
        let layout = self.layout(at.notch);
        let data = RowData::of(at.board);
        let row = data.widget(at.board, layout.owners);
        let cell = Some(row.cell_size(at.rect.width, layout.cell_rows));
        let call = self.called.call(at);
        if layout.big {
            let mut text: Vec<String> = big_row::query_words(at.board, QuerySource::Row)
                .into_iter()
                .collect();
            if let Some(q) = query_of(at.board, QuerySource::Row)
                && big_verdict_line(q, at.board)
            {
                text.extend(verdict_lines(q, at.rect.width, call));
            }
            return Shows {
                scale: big_row::LETTER_ROWS,
                text,
                cell,
            };
        }
        Shows {
            cell,
            ..Shows::plain(query_texts(at.board, QuerySource::Row, at.rect.width, call))
        }
    }
}

/// Draws the row part into `area`: the row with cells `cell_rows` tall,
/// then the query lines when the board has a query on the row (`call`
/// when present mode's big verdict makes the call: see
/// [`super::row_data::verdict_text`]).
pub(crate) fn draw(
    board: &Board,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
    layout: RowLayout,
    call: Call,
) {
    if layout.big {
        big_row::draw(board, area, buf, theme, layout, call);
        return;
    }
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
        draw_query(q, board, at, (left, call), buf, theme);
    }
}

/// Rows the row part needs at `width` columns.
pub(crate) fn height(board: &Board, width: u16, layout: RowLayout) -> u16 {
    if layout.big {
        return big_row::height(board, width, layout);
    }
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

/// The query line ("query v  h1(v)=2 ✓ ...  → probably present") and the
/// verdict line under it, from the top of `area`, lined up with a row
/// set in `left` columns; `call` as for
/// [`super::row_data::verdict_text`].
pub(crate) fn draw_query(
    q: &Query,
    board: &Board,
    area: Rect,
    (left, call): (u16, Call),
    buf: &mut Buffer,
    theme: &Theme,
) {
    let line = query_line(q, area.width, theme);
    // Line up with the row when the line fits from there.
    let x = if usize::from(left) + line.width() <= usize::from(area.width) {
        left.max(2)
    } else {
        2
    };
    Painter::new(buf, area).line(x, 0, &line);
    let rest = Rect {
        y: area.y + 1,
        height: area.height.saturating_sub(1),
        ..area
    };
    draw_verdict(q, board, rest, x, call, buf, theme);
}

/// The query line in the most detail that fits `width` columns.
fn query_line(q: &Query, width: u16, theme: &Theme) -> Line<'static> {
    let room = usize::from(width).saturating_sub(3);
    let spans = [Detail::Long, Detail::Medium, Detail::Short]
        .into_iter()
        .map(|d| query_spans(q, d, theme))
        .find(|s| Line::from(s.clone()).width() <= room)
        .unwrap_or_else(|| query_spans(q, Detail::Short, theme));
    Line::from(spans)
}

/// The query line and the verdict's lines, as drawn `width` columns wide,
/// when the board queries `source` (`call` as for
/// [`super::row_data::verdict_text`]).
pub(crate) fn query_texts(
    board: &Board,
    source: QuerySource,
    width: u16,
    call: Call,
) -> Vec<String> {
    let Some(q) = query_of(board, source) else {
        return Vec::new();
    };
    let mut out = vec![query_line(q, width, &Theme::MONO).to_string()];
    out.extend(verdict_lines(q, width, call));
    out
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
        spans.push(Span::raw("   → "));
        spans.push(Span::styled(v.as_str(), theme.style(verdict_role(v))));
    }
    spans
}
