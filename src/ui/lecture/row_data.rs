//! What the bit row's two drawings share (small words, and big words in
//! present mode): the row's cells and probes as the widget wants them, the
//! board's query and its verdict lines, and the layout kept through a
//! scene.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

use crate::lecture::texts::{Judgement, verdict_line, verdict_words};
use crate::lecture::{Board, Element, Emphasis, Query, QuerySource};
use crate::ui::bit_row::{BitRow, RowCell, RowProbe};
use crate::ui::format::wrap;
use crate::ui::paint::Painter;
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
                deleted: &c.deleted,
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

    /// The query's probes, in probe order.
    pub(crate) fn probes(&self) -> &[RowProbe] {
        &self.probes
    }

    /// Cells in the row.
    pub(crate) fn len(&self) -> usize {
        self.cells.len()
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

/// How the row part is drawn through a scene.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RowLayout {
    /// Rows of each cell.
    pub cell_rows: u16,
    /// Whether the scene ever shows owners (their line is kept).
    pub owners: bool,
    /// Whether the scene ever queries the row (the query lines are kept).
    pub query: bool,
    /// Whether the indices, the probe order, the owners and the query line
    /// are set in big letters (present mode on a big board).
    pub big: bool,
}

/// Who says a query's verdict: the line under the query alone, or present
/// mode's big verdict as well.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Call {
    /// No big verdict: the line under the query makes the call and gives
    /// its reason.
    Open,
    /// The big verdict makes the call on the wall; the line under the
    /// query gives a wrong answer's reason only, so the call is not said
    /// twice.
    Called,
    /// The big verdict makes the call and the wall gives its reason
    /// elsewhere (under the call, or in the question beside it): the line
    /// under the query says nothing.
    Explained,
}

/// The line under a query, as `call` leaves it (empty when the big
/// verdict explains itself), and how it judges the answer.
pub(crate) fn verdict_text(q: &Query, call: Call) -> (String, Judgement) {
    let (line, judgement) = verdict_line(q);
    match (call, judgement) {
        (Call::Explained, _) => (String::new(), judgement),
        (Call::Called, Judgement::Wrong | Judgement::Unnamed) => {
            (verdict_words(q).reason, judgement)
        }
        _ => (line, judgement),
    }
}

/// Whether the big row says the query's verdict line under its big query
/// line: not while the bits are unread on a step that asks the class to
/// predict them, where the question says what is pending and the small
/// line ("no bit read yet") only crowded the card's frame.
pub(crate) fn big_verdict_line(q: &Query, board: &Board) -> bool {
    q.verdict.is_some() || board.predict.is_none()
}

/// The query's verdict line(s) from the top of `area`, set in from `x`
/// (further left when they would not fit from there); `call` as for
/// [`verdict_text`].
pub(crate) fn draw_verdict(
    q: &Query,
    board: &Board,
    area: Rect,
    x: u16,
    call: Call,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let mut p = Painter::new(buf, area);
    let (text, judgement) = verdict_text(q, call);
    let lines = wrap(&text, usize::from(area.width.saturating_sub(2)));
    let longest = lines
        .iter()
        .map(|l| crate::ui::paint::width(l))
        .max()
        .unwrap_or(0);
    // Under the query line when it fits from there, else further left.
    let vx = (x + 2).min(area.width.saturating_sub(longest));
    let style = theme.style(match judgement {
        Judgement::Pending => Role::Hint,
        Judgement::Right => Role::Good,
        Judgement::Wrong | Judgement::Unnamed => Role::Bad,
    });
    let style = if board.emphasises(&Emphasis::Flag) && q.flag.is_some() {
        style.add_modifier(Modifier::REVERSED)
    } else {
        style
    };
    for (i, line) in lines.iter().enumerate() {
        p.text(vx, u16::try_from(i).unwrap_or(0), line, style);
    }
}

/// The verdict's lines as wrapped under a row `width` columns wide.
pub(crate) fn verdict_lines(q: &Query, width: u16, call: Call) -> Vec<String> {
    let (text, _) = verdict_text(q, call);
    if text.is_empty() {
        return Vec::new();
    }
    wrap(&text, usize::from(width.saturating_sub(2)))
}
