//! The bit row with its words in big type, for present mode on a board of
//! 120x40 or more: the probe order above the cells, the indices under
//! them, who set each bit and the query line, each in letters three rows
//! tall (the font's sextant size), centred on the cells they name. The
//! cells and their frame are the shared widget's; only the words around
//! them are set here.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::row_data::{
    Call, RowData, RowLayout, big_verdict_line, draw_verdict, query_of, query_rows,
};
use crate::filter::ProbeState;
use crate::lecture::{Board, Element, Emphasis, QuerySource};
use crate::ui::big::{Big, Size, legible};
use crate::ui::bit_row::{BitRow, owner_parts, probe_style};
use crate::ui::narrow_digits;
use crate::ui::theme::{Role, Theme};

/// Rows one big letter stands.
pub(crate) const LETTER_ROWS: u16 = 3;
/// Columns one big letter takes.
const LETTER_COLS: u16 = 4;
/// Columns from which a present board sets its row's words big.
pub(crate) const FROM_WIDTH: u16 = 120;
/// Rows from which a present board sets its row's words big.
pub(crate) const FROM_HEIGHT: u16 = 36;

/// Rows the row takes with its words big, `width` columns wide.
pub(crate) fn height(board: &Board, width: u16, layout: RowLayout) -> u16 {
    let cells = 2 + layout.cell_rows;
    let owners = if layout.owners { LETTER_ROWS } else { 0 };
    let query = if layout.query {
        LETTER_ROWS + query_rows(board, QuerySource::Row, width).saturating_sub(1)
    } else {
        0
    };
    LETTER_ROWS + cells + LETTER_ROWS + owners + query
}

/// The query line on `source` as it is set big: the item and where each
/// hash sends it (whether each bit read 1 is on the cells, drawn as rings,
/// and in the verdict under it).
pub(crate) fn query_words(board: &Board, source: QuerySource) -> Option<String> {
    let q = query_of(board, source)?;
    let probes: Vec<String> = q
        .probes
        .iter()
        .enumerate()
        .map(|(i, p)| format!("h{}={}", i + 1, p.position))
        .collect();
    Some(format!("query {}: {}", q.item, probes.join(" ")))
}

/// The big query line on `source` at `width`, if it fits in one line.
pub(crate) fn query_big(board: &Board, source: QuerySource, width: u16) -> Option<Big> {
    let words = query_words(board, source)?;
    Big::at(&words, Size::Sextant, width, false).filter(|b| b.lines.len() == 1)
}

/// Whether the query line on `source` can be set big at `width` on every
/// board of a scene that queries it (else the part keeps its words small).
pub(crate) fn fits(boards: &[&Board], source: QuerySource, width: u16) -> bool {
    boards
        .iter()
        .filter(|b| query_of(b, source).is_some())
        .all(|b| query_big(b, source, width).is_some())
}

/// Draws the row into `area` with its words big (`call` as for
/// [`super::row_data::verdict_text`]).
pub(crate) fn draw(
    board: &Board,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
    layout: RowLayout,
    call: Call,
) {
    let data = RowData::of(board);
    let row = BitRow {
        owners: layout.owners && board.shows(Element::Owners),
        ..data.widget(board, false)
    };
    let width = area.width;
    let cells = 2 + layout.cell_rows;
    // The widget draws its own small words round the cells: draw it aside
    // and take only the frame and the cells.
    let aside = Rect::new(0, 0, width, row.height(width, layout.cell_rows));
    let mut scratch = Buffer::empty(aside);
    row.render(aside, &mut scratch, theme, layout.cell_rows);
    let top = area.y + LETTER_ROWS;
    for y in 0..cells.min(aside.height.saturating_sub(1)) {
        for x in 0..width {
            if let Some(cell) = buf.cell_mut((area.x + x, top + y)) {
                *cell = scratch[(x, 1 + y)].clone();
            }
        }
    }
    let centre = |i: usize| {
        row.boxed_cell(width, i)
            .map(|(x, inner)| area.x + x + inner / 2)
    };
    let mut labels = Labels { buf, area };
    // The probe order above the probed cells, or the item's name above the
    // bits an insert just set, or `shared` above a shared bit the step
    // points at.
    let order: Vec<(usize, String, Style)> = data
        .probes()
        .iter()
        .enumerate()
        .map(|(n, p)| {
            (
                p.position,
                format!("h{}", n + 1),
                probe_style(p.state, theme),
            )
        })
        .collect();
    let fresh: Vec<(usize, String, Style)> = board
        .row
        .iter()
        .flatten()
        .enumerate()
        .filter(|(_, c)| c.fresh)
        .map(|(i, c)| {
            let name = c.owners.last().map_or(String::new(), Clone::clone);
            (i, format!("+{name}"), theme.style(Role::BitFresh))
        })
        .collect();
    let order = if !order.is_empty() {
        order
    } else if !fresh.is_empty() {
        fresh
    } else {
        shared_labels(board, theme)
    };
    labels.put(area.y, &order, &centre);
    // A probe the query never needed: its cell is drawn as it stands, and
    // its label runs on to say the bit was not read: big where the next
    // label leaves the room for each such probe, else in small words.
    let words = " not needed";
    let skipped: Vec<(u16, u16, Style)> = data
        .probes()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.state == ProbeState::NotNeeded)
        .filter_map(|(n, p)| {
            let (start, end) = span(&order[n].1, order[n].0, &centre)?;
            let next = order
                .iter()
                .filter_map(|(i, t, _)| span(t, *i, &centre))
                .map(|(s, _)| s)
                .filter(|s| *s > start)
                .min()
                .unwrap_or(area.right() + 1);
            // Up to a column short of the next label or the board's edge.
            Some((
                end,
                next.saturating_sub(end + 1),
                probe_style(p.state, theme),
            ))
        })
        .collect();
    let big = skipped.iter().all(|(_, room, _)| *room >= big_width(words));
    for (end, room, style) in skipped {
        if big {
            let rect = Rect::new(end, area.y, big_width(words), LETTER_ROWS).intersection(area);
            if let Some(letters) = Big::at(words, Size::Sextant, big_width(words), false) {
                letters.draw(rect, labels.buf, style);
            }
        } else if room >= 11 {
            set_small(labels.buf, area, (end + 1, area.y + 1), "not needed", style);
        } else if room >= 7 {
            set_small(labels.buf, area, (end + 1, area.y), "not", style);
            set_small(labels.buf, area, (end + 1, area.y + 1), "needed", style);
        }
    }
    let mut y = top + cells;
    draw_indices(
        &row,
        data.len(),
        (area, y),
        labels.buf,
        theme.style(Role::Index),
    );
    y += LETTER_ROWS;
    if layout.owners {
        if row.owners {
            let owners = owner_labels(board, theme);
            let whole: Vec<(usize, String, Style)> = owners
                .iter()
                .map(|(i, parts)| {
                    (
                        *i,
                        parts.iter().map(|(t, _)| t.as_str()).collect(),
                        Style::new(),
                    )
                })
                .collect();
            if clear_of_each_other(&whole, &centre) {
                for (i, parts) in &owners {
                    labels.put_parts(y, *i, parts, &centre);
                }
            } else {
                // Names too long to stand big side by side: the widget's
                // small line of names (and its key), in the same rows.
                let from = 1 + cells + 1;
                for dy in 0..LETTER_ROWS.min(aside.height.saturating_sub(from)) {
                    for x in 0..width {
                        if let Some(cell) = labels.buf.cell_mut((area.x + x, y + dy)) {
                            *cell = scratch[(x, from + dy)].clone();
                        }
                    }
                }
            }
        }
        y += LETTER_ROWS;
    }
    let at = Rect {
        y,
        height: area.bottom().saturating_sub(y),
        ..area
    };
    let x = row.left(width).max(2);
    draw_big_query(board, QuerySource::Row, (at, x), call, labels.buf, theme);
}

/// The query on `source`, when the board has one, from the top of `area`:
/// its line big on [`LETTER_ROWS`] rows, then its verdict small, set in
/// from `x` (`call` as for [`super::row_data::verdict_text`]).
pub(crate) fn draw_big_query(
    board: &Board,
    source: QuerySource,
    (area, x): (Rect, u16),
    call: Call,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let Some(q) = query_of(board, source) else {
        return;
    };
    let rect = Rect {
        height: LETTER_ROWS,
        ..area
    }
    .intersection(area);
    if let Some(big) = query_big(board, source, area.width) {
        big.draw(rect, buf, theme.style(Role::Title));
    }
    let rest = Rect {
        y: area.y + LETTER_ROWS,
        height: area.height.saturating_sub(LETTER_ROWS),
        ..area
    };
    if big_verdict_line(q, board) {
        draw_verdict(q, board, rest, x, call, buf, theme);
    }
}

/// Draws the indices of `row`'s `m` cells on the [`LETTER_ROWS`] rows
/// from `y` of `area`, each centred on its cell: every cell's in big
/// letters when they do not run together, else in narrow digits as tall,
/// else (on a row too long for those) every other cell's, and so on. The
/// counters under the row set theirs the same way.
pub(crate) fn draw_indices(
    row: &BitRow<'_>,
    m: usize,
    (area, y): (Rect, u16),
    buf: &mut Buffer,
    index: Style,
) {
    let width = area.width;
    let centre = |i: usize| {
        row.boxed_cell(width, i)
            .map(|(x, inner)| area.x + x + inner / 2)
    };
    let pitch = row
        .boxed_cell(width, 1)
        .zip(row.boxed_cell(width, 0))
        .map_or(width, |(b, a)| b.0 - a.0);
    let widest = big_width(&m.saturating_sub(1).to_string());
    let every = (1..=m.max(1))
        .find(|n| u16::try_from(*n).unwrap_or(u16::MAX).saturating_mul(pitch) > widest)
        .unwrap_or(m.max(1));
    // Where the font's digits would skip cells, narrow digits as tall as
    // they are give every cell its index, a column clear of the next.
    let narrow = narrow_digits::width(&m.saturating_sub(1).to_string()).is_some_and(|w| w < pitch);
    if every > 1 && narrow {
        for i in 0..m {
            let text = i.to_string();
            let (Some(c), Some(w)) = (centre(i), narrow_digits::width(&text)) else {
                continue;
            };
            let x = c.saturating_sub(w / 2).max(area.x);
            narrow_digits::draw(&text, (x, y), area, buf, index);
        }
    } else {
        let indices: Vec<(usize, String, Style)> = (0..m)
            .step_by(every)
            .map(|i| (i, i.to_string(), index))
            .collect();
        Labels { buf, area }.put(y, &indices, &centre);
    }
}

/// Who set each bit, as its big label in pieces ("x,y"; "-x,y" once
/// deleting x cleared the bit, the "-x" in the deletion's ink and y's part
/// as before), for the bits the row shows an owner on. A shared bit the
/// step points at has its names in the emphasis ink.
fn owner_labels(board: &Board, theme: &Theme) -> Vec<(usize, Vec<(String, Style)>)> {
    let shared = board.emphasises(&Emphasis::Shared);
    board
        .row
        .iter()
        .flatten()
        .enumerate()
        .filter(|(_, c)| !c.owners.is_empty() && (c.set || c.cleared))
        .map(|(i, c)| {
            let kept = if shared && c.set && c.owners.len() > 1 {
                theme.style(Role::BitShared)
            } else {
                theme.style(Role::Owner)
            };
            let parts = owner_parts(&c.owners, &c.deleted, &str::to_string)
                .into_iter()
                .map(|(text, deleted)| {
                    let style = if deleted {
                        theme.style(Role::BitCleared)
                    } else {
                        kept
                    };
                    (text, style)
                })
                .collect();
            (i, parts)
        })
        .collect()
}

/// `shared` over each bit more than one item leans on, when the step
/// points at them.
fn shared_labels(board: &Board, theme: &Theme) -> Vec<(usize, String, Style)> {
    if !board.emphasises(&Emphasis::Shared) {
        return Vec::new();
    }
    board
        .row
        .iter()
        .flatten()
        .enumerate()
        .filter(|(_, c)| c.set && c.owners.len() > 1)
        // The shared bit's own ink, apart from the probe hit's.
        .map(|(i, _)| (i, "shared".to_string(), theme.style(Role::BitShared)))
        .collect()
}

/// The columns `[start, end)` a big label takes centred on cell `i`.
fn span(text: &str, i: usize, centre: &dyn Fn(usize) -> Option<u16>) -> Option<(u16, u16)> {
    let c = centre(i)?;
    let w = big_width(text);
    let start = c.saturating_sub(w / 2);
    Some((start, start + w))
}

/// Small words at `(x, y)`, inside `area`.
fn set_small(buf: &mut Buffer, area: Rect, (x, y): (u16, u16), text: &str, style: Style) {
    let room = area.right().saturating_sub(x);
    if y < area.bottom() && room >= u16::try_from(text.chars().count()).unwrap_or(u16::MAX) {
        buf.set_stringn(x, y, text, usize::from(room), style);
    }
}

/// Columns a label takes in big letters.
fn big_width(text: &str) -> u16 {
    u16::try_from(text.chars().count())
        .unwrap_or(u16::MAX)
        .saturating_mul(LETTER_COLS)
}

/// Whether every label has its glyphs and a column of space on each side
/// of its neighbours' when centred on its cell.
fn clear_of_each_other(
    labels: &[(usize, String, Style)],
    centre: &dyn Fn(usize) -> Option<u16>,
) -> bool {
    let spans: Option<Vec<(u16, u16)>> = labels
        .iter()
        .map(|(i, text, _)| {
            let c = centre(*i)?;
            let w = big_width(text);
            legible(text).then_some((c.saturating_sub(w / 2), c + w.div_ceil(2)))
        })
        .collect();
    spans.is_some_and(|s| s.windows(2).all(|w| w[0].1 < w[1].0))
}

/// Big labels centred on their cells.
struct Labels<'b> {
    buf: &'b mut Buffer,
    area: Rect,
}

impl Labels<'_> {
    /// Sets one label made of differently inked pieces big on row `y`,
    /// centred as a whole on cell `i`.
    fn put_parts(
        &mut self,
        y: u16,
        i: usize,
        parts: &[(String, Style)],
        centre: &dyn Fn(usize) -> Option<u16>,
    ) {
        let Some(c) = centre(i) else { return };
        let whole: String = parts.iter().map(|(t, _)| t.as_str()).collect();
        let mut x = c.saturating_sub(big_width(&whole) / 2).max(self.area.x);
        for (text, style) in parts {
            let w = big_width(text);
            let rect = Rect::new(x, y, w, LETTER_ROWS).intersection(self.area);
            if let Some(big) = Big::at(text, Size::Sextant, w, false) {
                big.draw(rect, self.buf, *style);
            }
            x += w;
        }
    }

    /// Sets each label big on row `y`, centred on its cell.
    fn put(
        &mut self,
        y: u16,
        labels: &[(usize, String, Style)],
        centre: &dyn Fn(usize) -> Option<u16>,
    ) {
        for (i, text, style) in labels {
            let Some(c) = centre(*i) else { continue };
            let w = big_width(text);
            let x = c.saturating_sub(w / 2).max(self.area.x);
            let rect = Rect::new(x, y, w, LETTER_ROWS).intersection(self.area);
            if let Some(big) = Big::at(text, Size::Sextant, w, false) {
                big.draw(rect, self.buf, *style);
            }
        }
    }
}
