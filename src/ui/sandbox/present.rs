//! The sandbox in present mode: the row across the wall with square cells,
//! the last operation's verdict in big letters under it (the focal part),
//! then in plain type its probes, the key field and the earlier history.
//! The last operation is said once, by the verdict and its probes line,
//! so the history under them starts at the one before. Before anything
//! is inserted or queried there is no verdict: the empty row is the
//! subject, and a one-line caption under it says what it means.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use crate::ui::layout::{Kind, Layout as LaidOut, drawn_text};
use crate::ui::present;
use crate::ui::sandbox::state::{Event, Outcome, SandboxState};
use crate::ui::sandbox::view::{
    EMPTY, Judged, LEGEND, RowData, answer_word, describe, field_lines, fit, mistakes,
    new_bits_words, positions_text, probes, settings_line, shown_key, stop_words,
};
use crate::ui::screen::ViewCx;
use crate::ui::theme::{Role, Theme, verdict_role};

/// Earlier operations the history keeps rows for before the verdict takes
/// the rest.
const HISTORY_ROWS: u16 = 3;

/// What the verdict on `event` says: wordings to try, the first with the
/// key, and the role it is drawn in.
fn verdict_words(event: &Event) -> (Vec<String>, Role) {
    let key = shown_key(&event.key);
    match &event.outcome {
        Outcome::Inserted(_) => (
            vec![format!("inserted {key}"), "inserted".to_string()],
            Role::Good,
        ),
        Outcome::Queried { report, .. } => {
            let answer = answer_word(report.answer());
            let judged = Judged::of(event);
            let said = match judged {
                Some(Judged::FalsePositive) => format!("{answer} · FALSE POSITIVE"),
                Some(j) => format!("{answer} · {}", j.words()),
                None => answer.to_string(),
            };
            // The lecture's inks: a right answer in its verdict's own ink,
            // a wrong one in the alarm ink.
            let role = match judged {
                Some(j) if !j.right() => Role::Bad,
                _ => verdict_role(report.answer()),
            };
            (vec![format!("{key}: {said}"), said], role)
        }
    }
}

/// The line under the verdict: the probes, and whatever the verdict
/// could not say big (the key, "never inserted").
fn probes_line(event: &Event, key_said: bool, theme: &Theme) -> Line<'static> {
    let mut text = String::new();
    if !key_said {
        text.push_str(&format!("key {} · ", shown_key(&event.key)));
    }
    text.push_str(&format!("probes {}", positions_text(&probes(event))));
    text.push_str(&stop_words(event));
    let extra = new_bits_words(event);
    if !extra.is_empty() {
        text.push_str(&format!("  {extra}"));
    }
    if event.false_positive() {
        text.push_str("  ✗ never inserted");
    }
    Line::styled(text, theme.style(Role::Hint))
}

/// Draws the sandbox in present mode into `body`.
pub(crate) fn render(state: &SandboxState, cx: &ViewCx<'_>, body: Rect, buf: &mut Buffer) {
    let theme = cx.theme;
    let area = Rect {
        x: body.x + 1,
        width: body.width.saturating_sub(2),
        ..body
    };
    let data = RowData::of(state);
    let row = data.row();
    let last = state.history.last();
    let cell_rows = row.square_rows(area.width);
    let row_rows = row.height(area.width, cell_rows);

    // The plain lines under the verdict.
    let mut small = Vec::new();
    let (words, role) = last.map(verdict_words).unzip();
    let words = words.unwrap_or_default();
    let earlier = state.history.len().saturating_sub(1);
    let fields = field_lines(state, theme, area.width);
    let field_rows =
        u16::try_from(fields.len()).unwrap_or(u16::MAX) + u16::from(state.field.note().is_some());
    let mistake_rows = last.map_or(0, |e| mistakes(e, state, theme).len());
    // The history's legend only once there is an earlier operation to read.
    let history_rows = match u16::try_from(earlier).unwrap_or(u16::MAX) {
        0 => 0,
        n => 1 + n.min(HISTORY_ROWS),
    };
    let fixed = 1 + row_rows + 1 + 1 + u16::try_from(mistake_rows).unwrap_or(0) + field_rows;
    let room = area.height.saturating_sub(fixed + history_rows + 2);
    let mut verdict = None;
    for (i, wording) in words.iter().enumerate() {
        let found = present::largest(&[wording], area.width, room, |s| {
            present::stacked_rows(s, 0)
        });
        if let Some(mut set) = found {
            verdict = set.pop().map(|b| (b, i == 0));
            break;
        }
    }

    let mut y = area.y;
    buf.set_line(area.x, y, &settings_line(state, theme), area.width);
    cx.record_drawn(
        "settings",
        Rect {
            y,
            height: 1,
            ..area
        },
        buf,
    );
    y += 1;
    let row_area = Rect {
        y,
        height: row_rows.min(area.bottom().saturating_sub(y)),
        ..area
    };
    row.render(row_area, buf, theme, cell_rows);
    cx.record(LaidOut {
        cell: Some(row.cell_size(row_area.width, cell_rows)),
        ..LaidOut::plain(Kind::new("bit-row"), row_area, drawn_text(buf, row_area))
    });
    y += row_area.height + 1;

    let key_said = match &verdict {
        Some((big, with_key)) => {
            let at = Rect {
                y,
                height: area.bottom().saturating_sub(y),
                ..area
            };
            y += present::draw(
                cx,
                "verdict",
                big,
                at,
                theme.style(role.unwrap_or(Role::Text)),
                buf,
            ) + 1;
            *with_key
        }
        // Too little room for big letters: the verdict in plain type.
        None => {
            if let (Some(first), Some(role)) = (words.first(), role) {
                small.push(Line::styled(first.clone(), theme.style(role)));
            }
            true
        }
    };
    match last {
        Some(event) => {
            small.push(fit(probes_line(event, key_said, theme), area.width));
            small.extend(mistakes(event, state, theme));
        }
        None => {
            // The empty state is a caption, one line, in plain type.
            let caption = Rect {
                y,
                height: 1.min(area.bottom().saturating_sub(y)),
                ..area
            };
            let line = fit(Line::styled(EMPTY, theme.style(Role::Emphasis)), area.width);
            buf.set_line(caption.x, caption.y, &line, caption.width);
            cx.record_drawn("caption", caption, buf);
            y = caption.bottom() + 1;
        }
    }
    small.extend(fields);
    small.extend(
        state
            .field
            .note()
            .map(|n| Line::styled(n, theme.style(Role::Bad))),
    );
    let small_rows = u16::try_from(small.len()).unwrap_or(u16::MAX);
    let lines_area = Rect {
        y,
        height: small_rows.min(area.bottom().saturating_sub(y)),
        ..area
    };
    Paragraph::new(small).render(lines_area, buf);
    let kind = if last.is_some() { "probes" } else { "field" };
    cx.record_drawn(kind, lines_area, buf);
    y = lines_area.bottom();

    let rest = Rect {
        y,
        height: area.bottom().saturating_sub(y),
        ..area
    };
    if earlier == 0 {
        return;
    }
    let mut history = vec![Line::styled(LEGEND, theme.style(Role::Hint))];
    let room = usize::from(rest.height).saturating_sub(1);
    let skip = earlier.saturating_sub(room);
    history.extend(
        state.history[..earlier]
            .iter()
            .skip(skip)
            .map(|e| fit(describe(e, theme), rest.width)),
    );
    Paragraph::new(history).render(rest, buf);
    cx.record_drawn("history", rest, buf);
}
