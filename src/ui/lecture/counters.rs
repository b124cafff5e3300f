//! The counting variant's part: a small counter under each cell, lined
//! up with the bit row's cells when they are boxed, with the query on the
//! counters and its verdict under them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

use super::big_row::{LETTER_ROWS, draw_big_query, draw_indices, query_words};
use super::headline::Called;
use super::part::{At, Column, Fitted, Fitting, Kind, Options, Part, Place, Shows};
use super::row::{draw_query, query_texts};
use super::row_data::{Call, query_of, query_rows, verdict_lines};
use crate::lecture::{Board, Element, Query, QuerySource};
use crate::ui::big::{Big, Size};
use crate::ui::bit_row::{BitRow, RowCell, cell_frame, probe_style};
use crate::ui::format::wrap;
use crate::ui::paint::{Painter, width};
use crate::ui::theme::{Role, Theme};

/// The counters part.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CountersPart;

impl Part for CountersPart {
    fn place(&self) -> Place {
        Place::new(Kind::new("counters"), Column::Wide)
    }

    fn shows(&self, board: &Board, _opts: Options) -> bool {
        board.shows(Element::Counters)
    }

    fn fit(&self, scene: &Fitting<'_>) -> Box<dyn Fitted> {
        // The query lines are kept through the scene once any step has them.
        let queried = scene
            .boards
            .iter()
            .any(|b| query_of(b, QuerySource::Counters).is_some());
        // On a wall the counters are the step's subject: their values big,
        // when every step's fit their cells.
        let big = scene.opts.present
            && scene.board.height >= BIG_FROM_ROWS
            && scene.shown().all(|b| fits_big(b, scene.width));
        // A delete's marks big over the cells too, when every one fits
        // its cell; else each goes small inside its cell, over the value.
        let marks = big && scene.shown().all(|b| marks_fit(b, scene.width));
        // Big values have their cells' indices big under them, as the
        // row has, so "h3(y)=13" can be found from the back.
        let extra = match (big, marks) {
            (true, true) => MARK_ROWS + BIG_VALUE_ROWS - 1 + LETTER_ROWS,
            (true, false) => BIG_CELL_ROWS - 1 + LETTER_ROWS,
            _ => 0,
        };
        // The query line big too, as the row's is, where every step's fits.
        let shown: Vec<&Board> = scene.shown().collect();
        let query_big =
            big && queried && super::big_row::fits(&shown, QuerySource::Counters, scene.width);
        let extra = extra + if query_big { LETTER_ROWS - 1 } else { 0 };
        // The caption big too, where it takes two lines at the most.
        let title = big
            .then(|| title_big(scene.width))
            .flatten()
            .map(|b| b.height());
        let small_title = u16::try_from(wrap(COUNTERS_TITLE, usize::from(scene.width)).len());
        let extra = extra + title.map_or(0, |t| t - small_title.unwrap_or(1).min(t));
        let rows = scene.most(|b| counters_height(b, scene.width, queried)) + extra;
        Box::new(Counters {
            rows,
            set: Set {
                big,
                marks,
                query_big,
                title_big: title.is_some(),
                call: Call::Open,
            },
            called: Called::of(scene),
        })
    }
}

/// The counters fitted to a scene.
#[derive(Debug)]
struct Counters {
    rows: u16,
    /// How they are set (the call is each board's own).
    set: Set,
    /// Where present mode's big verdict makes the call.
    called: Called,
}

impl Fitted for Counters {
    fn rows(&self, _notch: u16) -> u16 {
        self.rows
    }

    fn draw(&self, at: &At<'_>, buf: &mut Buffer, theme: &Theme) {
        let set = Set {
            call: self.called.call(at),
            ..self.set
        };
        draw_counters(at.board, at.rect, set, buf, theme);
    }

    fn describe(&self, at: &At<'_>) -> Shows {
        let mut text = wrap(COUNTERS_TITLE, usize::from(at.rect.width));
        let call = self.called.call(at);
        match query_of(at.board, QuerySource::Counters) {
            Some(q) if self.set.query_big => {
                text.extend(query_words(at.board, QuerySource::Counters));
                text.extend(verdict_lines(q, at.rect.width, call));
            }
            _ => text.extend(query_texts(
                at.board,
                QuerySource::Counters,
                at.rect.width,
                call,
            )),
        }
        Shows {
            scale: if self.set.big { BIG.letter().1 } else { 1 },
            ..Shows::plain(text)
        }
    }
}

/// Rows the counters part needs at `width` columns: its title, the framed
/// counters (or their values on lines of their own when the row is too
/// narrow for boxes) and the query lines when the scene queries them.
fn counters_height(board: &Board, width: u16, query: bool) -> u16 {
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

/// Rows from which a present board sets the counters' values big.
const BIG_FROM_ROWS: u16 = 30;

/// The size of a big value.
const BIG: Size = Size::Sextant;

/// Rows inside a cell with a big value: the old value small over it,
/// then the value.
const BIG_CELL_ROWS: u16 = 4;

/// Rows inside a cell with a big value alone, its change marked above.
const BIG_VALUE_ROWS: u16 = 3;

/// Rows over the cells for the marks of a delete, in big letters: "-1"
/// over each counter it took one from.
const MARK_ROWS: u16 = 3;

/// How a counter fell in the step, as its mark says it ("-1"); `None`
/// when it did not.
fn fall(board: &Board, i: usize) -> Option<String> {
    let value = *board.counters.get(i)?;
    let peak = board.counters_peak.get(i).copied().unwrap_or(value);
    (peak > value).then(|| format!("-{}", peak - value))
}

/// Whether every mark of a fall fits its cell in big letters at `width`.
fn marks_fit(board: &Board, width: u16) -> bool {
    counter_cells(board, width).is_some_and(|(_, inner)| {
        (0..board.counters.len())
            .filter_map(|i| fall(board, i))
            .all(|m| Letters::width(&m) <= inner)
    })
}

/// How the counters are set on a board.
#[derive(Debug, Clone, Copy)]
struct Set {
    /// The values in big letters.
    big: bool,
    /// A delete's marks in big letters over the cells.
    marks: bool,
    /// The query line in big letters, its verdict small under it.
    query_big: bool,
    /// The caption in big letters.
    title_big: bool,
    /// Present mode's big verdict makes the query's call (the line under
    /// the query gives the reason).
    call: Call,
}

/// Whether every counter's value fits its cell in big letters at `width`.
fn fits_big(board: &Board, width: u16) -> bool {
    counter_cells(board, width).is_some_and(|(_, inner)| {
        board
            .counters
            .iter()
            .all(|v| Letters::width(&v.to_string()) <= inner)
    })
}

/// Columns a text takes in big letters.
struct Letters;

impl Letters {
    fn width(text: &str) -> u16 {
        u16::try_from(text.chars().count())
            .unwrap_or(u16::MAX)
            .saturating_mul(BIG.letter().0)
    }
}

const COUNTERS_TITLE: &str = "counting variant: a small counter per cell (inserts +1, deletes -1)";

/// The caption in the values' big letters `width` columns wide, if it
/// takes two lines at the most (a third would crowd the counters).
fn title_big(width: u16) -> Option<Big> {
    Big::prose(COUNTERS_TITLE, BIG, width.saturating_sub(2)).filter(|b| b.lines.len() <= 2)
}

/// Where the counters go when they fit in boxes under the row: the left
/// edge and each cell's inside width.
fn counter_cells(board: &Board, width: u16) -> Option<(u16, u16)> {
    let cells = vec![RowCell::default(); board.counters.len()];
    let row = BitRow::plain(&cells);
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

/// Draws the counting variant: a counter per cell, lined up with the row,
/// set as `set` says.
fn draw_counters(board: &Board, area: Rect, set: Set, buf: &mut Buffer, theme: &Theme) {
    let Set {
        big,
        marks,
        query_big: query_set_big,
        title_big: caption_big,
        call,
    } = set;
    let mut y = 0;
    match title_big(area.width).filter(|_| caption_big) {
        Some(caption) => {
            caption.draw(area, buf, theme.style(Role::Title));
            y += caption.height();
        }
        None => {
            let mut p = Painter::new(buf, area);
            for line in wrap(COUNTERS_TITLE, usize::from(area.width)) {
                p.text(0, y, &line, theme.style(Role::Title));
                y += 1;
            }
        }
    }
    let mut p = Painter::new(buf, area);
    let query = query_of(board, QuerySource::Counters);
    let mut values = Vec::new();
    let mut indices = None;
    let left = match counter_cells(board, area.width) {
        Some((left, inner)) => {
            let rows = match (big, marks) {
                (true, true) => BIG_VALUE_ROWS,
                (true, false) => BIG_CELL_ROWS,
                _ => 1,
            };
            if big && marks {
                // The marks' band over the cells.
                y += MARK_ROWS;
            }
            values = boxed_counters(board, query, &mut p, (y, rows), left, inner, theme);
            y += 2 + rows;
            if big {
                indices = Some(y);
                y += LETTER_ROWS;
            }
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
    for (rect, text, style) in values {
        let rect = Rect {
            x: area.x + rect.x,
            y: area.y + rect.y,
            ..rect
        };
        if let Some(set) = Big::at(&text, BIG, rect.width, false) {
            set.draw(rect.intersection(area), buf, style);
        }
    }
    if let Some(y) = indices {
        let cells = vec![RowCell::default(); board.counters.len()];
        let row = BitRow::plain(&cells);
        let at = (area, area.y + y);
        draw_indices(&row, cells.len(), at, buf, theme.style(Role::Index));
    }
    if let Some(q) = query {
        let at = Rect {
            y: area.y + y,
            height: area.height.saturating_sub(y),
            ..area
        };
        if query_set_big {
            let source = QuerySource::Counters;
            draw_big_query(board, source, (at, left.max(2)), call, buf, theme);
        } else {
            draw_query(q, board, at, (left, call), buf, theme);
        }
    }
}

/// The counters in boxes lined up with the row's cells, `rows` rows
/// inside each. With one row the value goes in it; with more (present
/// mode's big values) the values are handed back, each with its place
/// (relative to the painter's area) and its style, to be set big: with
/// [`BIG_VALUE_ROWS`] a fallen counter's mark ("-1") goes big in the band
/// over its cell, with more it goes small on the cell's first row.
fn boxed_counters(
    board: &Board,
    query: Option<&Query>,
    p: &mut Painter<'_>,
    (y, rows): (u16, u16),
    left: u16,
    inner: u16,
    theme: &Theme,
) -> Vec<(Rect, String, Style)> {
    let border = theme.style(Role::Border);
    cell_frame(p, (left, y), board.counters.len(), inner, rows, border);
    let blank = " ".repeat(usize::from(inner));
    let mut big = Vec::new();
    for (i, &value) in board.counters.iter().enumerate() {
        let x = left
            + 1
            + u16::try_from(i)
                .unwrap_or(u16::MAX)
                .saturating_mul(inner + 1);
        // The inside is cleared in the frame's style, then holds the value.
        for r in 0..rows {
            p.text(x, y + 1 + r, &blank, border);
        }
        let peak = board.counters_peak.get(i).copied().unwrap_or(value);
        let fresh = board.counters_fresh.get(i).copied().unwrap_or(false);
        let probe = query.and_then(|q| q.probes.iter().find(|p| p.position == i));
        let style = match probe {
            Some(p) => probe_style(p.read, theme),
            None if fresh => theme.style(Role::BitFresh),
            None if value == 0 => theme.style(Role::BitEmpty),
            None => theme.style(Role::BitSet),
        };
        if rows > 1 {
            // Big: a fall's mark in big letters over the cell, or small on
            // the cell's first row; the value under it. A counter above
            // zero is a tile in its ink with the value cut out of it, as a
            // set bit is a filled cell, so it is not read as one more of
            // the big indices under the cells.
            let mark = fall(board, i);
            let top = if rows == BIG_VALUE_ROWS {
                if let Some(mark) = mark {
                    big.push((
                        Rect::new(x, y.saturating_sub(MARK_ROWS), inner, MARK_ROWS),
                        mark,
                        theme.style(Role::BitCleared),
                    ));
                }
                y + 1
            } else {
                if let Some(mark) = mark {
                    let at = x + inner.saturating_sub(width(&mark)) / 2;
                    p.text(at, y + 1, &mark, theme.style(Role::BitCleared));
                }
                y + 2
            };
            let tall = y + 1 + rows - top;
            let style = if value > 0 {
                let tile = style.add_modifier(Modifier::REVERSED);
                for r in top..top + tall {
                    p.text(x, r, &blank, tile);
                }
                tile
            } else {
                style
            };
            big.push((Rect::new(x, top, inner, tall), value.to_string(), style));
            continue;
        }
        let text = if peak != value && inner >= 3 {
            format!("{peak}→{value}")
        } else {
            value.to_string()
        };
        let w = width(&text);
        p.text(x + inner.saturating_sub(w) / 2, y + 1, &text, style);
    }
    big
}
