//! The Practice screen in present mode: the exercise's question in big
//! letters across the wall (the focal part), then in plain type the
//! answer being typed, the form it takes (quiet: its example must not be
//! read as the answer), the check's verdict and the hint, and once checked the filter it is about
//! with square cells. The list of exercises becomes one line on top.
//! When even the smallest big letters leave too little room (80x24), the
//! screen is drawn as outside present mode, so nothing is dropped.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::practice::{COUNT, Picture, Verdict};
use crate::ui::big::LARGEST_FIRST;
use crate::ui::bit_row::{BitRow, RowCell, RowProbe};
use crate::ui::layout::{Kind, Layout as LaidOut, drawn_text};
use crate::ui::practice::state::PracticeState;
use crate::ui::practice::view::{answer_and_form, progress};
use crate::ui::present;
use crate::ui::screen::ViewCx;
use crate::ui::theme::{Role, Theme};

/// The line on top: where the class is, and which exercises are solved.
fn top_line(state: &PracticeState, theme: &Theme) -> Line<'static> {
    let e = state.current();
    let mut spans = vec![Span::styled(
        format!(
            "Exercise {} of {COUNT} · {} · {}  ",
            e.number,
            e.title,
            progress(state)
        ),
        theme.style(Role::Title),
    )];
    for (i, ex) in state.exercises.iter().enumerate() {
        let mark = if state.solved[i] { "✓" } else { "·" };
        let role = if i == state.selected {
            Role::Selected
        } else {
            Role::Hint
        };
        spans.push(Span::styled(
            format!(" {mark}{}", ex.number),
            theme.style(role),
        ));
    }
    Line::from(spans)
}

/// The row of a checked exercise's picture and the rows it takes with
/// cells `cell_rows` tall, its caption above it.
fn picture_rows(row: &BitRow<'_>, width: u16, cell_rows: u16) -> u16 {
    1 + row.height(width, cell_rows)
}

/// Draws the Practice screen in present mode into `body`; false when the
/// big letters do not fit and nothing was drawn.
pub(crate) fn render(state: &PracticeState, cx: &ViewCx<'_>, body: Rect, buf: &mut Buffer) -> bool {
    let theme = cx.theme;
    let area = Rect {
        x: body.x + 1,
        width: body.width.saturating_sub(2),
        ..body
    };
    let e = state.current();
    let small = answer_and_form(state, usize::from(area.width), theme);
    let small_rows = u16::try_from(small.len()).unwrap_or(u16::MAX);
    let checked = state.checked[state.selected]
        .as_ref()
        .is_some_and(|c| !matches!(c.verdict, Verdict::Unreadable(_)));
    let picture = e.picture().filter(|_| checked);
    let cells: Vec<RowCell<'_>> = picture
        .iter()
        .flat_map(|p| p.bits.iter())
        .map(|&set| RowCell {
            set,
            ..RowCell::default()
        })
        .collect();
    let probes: Vec<RowProbe> = picture
        .iter()
        .flat_map(|p| p.probes.iter())
        .map(|&(position, state)| RowProbe { position, state })
        .collect();
    let row = BitRow {
        cells: &cells,
        probes: &probes,
        owners: false,
        marks: true,
        emphasise_shared: false,
    };
    // Square cells when they fit; one-row cells before smaller letters.
    let square = row.square_rows(area.width);
    let mut chosen = None;
    'sizes: for size in LARGEST_FIRST {
        let Some(set) = present::set_all(&[&e.prompt], size, area.width) else {
            continue;
        };
        for cell_rows in [square, 1] {
            let pic = if picture.is_some() {
                1 + picture_rows(&row, area.width, cell_rows)
            } else {
                0
            };
            let rows = 1 + 1 + present::stacked_rows(&set, 1) + 1 + small_rows + pic;
            if rows <= area.height {
                chosen = Some((set, cell_rows));
                break 'sizes;
            }
        }
    }
    let Some((set, cell_rows)) = chosen else {
        return false;
    };
    let mut y = area.y;
    buf.set_line(area.x, y, &top_line(state, theme), area.width);
    cx.record_drawn(
        "title",
        Rect {
            y,
            height: 1,
            ..area
        },
        buf,
    );
    y += 2;
    let rest = |y: u16| Rect {
        y,
        height: area.bottom().saturating_sub(y),
        ..area
    };
    y += present::draw(
        cx,
        "question",
        &set[0],
        rest(y),
        theme.style(Role::Text),
        buf,
    ) + 1;
    let lines_area = Rect {
        height: small_rows.min(area.bottom().saturating_sub(y)),
        ..rest(y)
    };
    Paragraph::new(small).render(lines_area, buf);
    cx.record_drawn("answer", lines_area, buf);
    y = lines_area.bottom() + 1;
    if let Some(p) = &picture {
        draw_picture(cx, p, &row, rest(y), cell_rows, buf);
    }
    true
}

/// The checked exercise's filter: its caption, then the row.
fn draw_picture(
    cx: &ViewCx<'_>,
    picture: &Picture,
    row: &BitRow<'_>,
    area: Rect,
    cell_rows: u16,
    buf: &mut Buffer,
) {
    buf.set_stringn(
        area.x,
        area.y,
        &picture.caption,
        usize::from(area.width),
        cx.theme.style(Role::Label),
    );
    let rect = Rect {
        y: area.y + 1,
        height: row
            .height(area.width, cell_rows)
            .min(area.height.saturating_sub(1)),
        ..area
    };
    row.render(rect, buf, cx.theme, cell_rows);
    let whole = Rect {
        height: rect.height + 1,
        ..area
    };
    cx.record(LaidOut {
        cell: Some(row.cell_size(rect.width, cell_rows)),
        ..LaidOut::plain(Kind::new("bit-row"), whole, drawn_text(buf, whole))
    });
}
