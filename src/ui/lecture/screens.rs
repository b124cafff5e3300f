//! The lecture's screens that are not a board: the closing screen after
//! the last step, the text view of a step (every text whole, for when the
//! window is too small), and the `g` jump line.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::cards::draw_lines;
use super::narration;
use crate::lecture::texts::board_texts;
use crate::lecture::{Board, Lecture};
use crate::ui::big::Big;
use crate::ui::format::wrap;
use crate::ui::paint::Painter;
use crate::ui::theme::{Role, Theme};

/// After the last step: the end, and the keys that go back.
pub(crate) fn closing(lecture: &Lecture, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let scenes = lecture.scene_count();
    let jump = match scenes {
        1 => "1 for the scene".to_string(),
        2..=9 => format!("1-{scenes} for a scene"),
        _ => format!("1-9 or g and a number for one of the {scenes} scenes"),
    };
    let lines = [
        "end of the lecture".to_string(),
        String::new(),
        format!("Home to start again · {jump} · ← for the last step"),
    ];
    let top = area.height.saturating_sub(3) / 2;
    if let Some(big) = Big::fit("THE END", area.width, top.saturating_sub(1)) {
        let letters = Rect {
            y: area.y + top.saturating_sub(big.height() + 1),
            height: big.height(),
            ..area
        };
        big.draw(letters, buf, theme.style(Role::Title));
    }
    let mut p = Painter::new(buf, area);
    for (i, line) in lines.iter().enumerate() {
        let role = if i == 0 { Role::Title } else { Role::Hint };
        p.centred(top + u16::try_from(i).unwrap_or(0), line, theme.style(role));
    }
}

/// Every text the step puts on the board, then its narration, wrapped to
/// the width: what a screen too small for the board still shows whole.
pub(crate) fn text_view(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let mut p = Painter::new(buf, area);
    let title = format!(
        " text of scene {} step {} · z returns to the board ",
        board.scene + 1,
        board.step + 1
    );
    p.text(0, 0, &title, theme.style(Role::Title));
    let cols = usize::from(narration::measure(area.width));
    let mut lines: Vec<Line<'static>> = Vec::new();
    for t in board_texts(board) {
        for (i, line) in wrap(&t.text, cols.saturating_sub(2))
            .into_iter()
            .enumerate()
        {
            let lead = if i == 0 { "• " } else { "  " };
            lines.push(Line::styled(
                format!("{lead}{line}"),
                theme.style(Role::Text),
            ));
        }
    }
    if !lines.is_empty() {
        lines.push(Line::default());
    }
    for line in narration::lines(board, area.width) {
        lines.push(Line::styled(line, theme.style(Role::Narration)));
    }
    let body = Rect {
        y: area.y + 2,
        height: area.height.saturating_sub(2),
        ..area
    };
    draw_lines(&lines, body, buf, theme);
}

/// The `g` field on the progress line: what is typed, or why it was refused.
pub(crate) fn goto_line(
    typed: &str,
    error: Option<&str>,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let text = match error {
        Some(e) => format!(" go to: {e} "),
        None => format!(" go to scene or scene.step: {typed}▏ (Enter goes, Esc cancels) "),
    };
    let role = if error.is_some() {
        Role::Warn
    } else {
        Role::Focus
    };
    let mut p = Painter::new(buf, area);
    p.text(
        0,
        0,
        &" ".repeat(usize::from(area.width)),
        theme.style(Role::Text),
    );
    p.text(1, 0, &text, theme.style(role));
}

/// The `=` field on the progress line: the class's number as typed, or
/// why it was refused.
pub(crate) fn guess_line(
    typed: &str,
    error: Option<&str>,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let (text, role) = match error {
        Some(e) => (format!(" {e} "), Role::Warn),
        None => (
            format!(" the class's number: {typed}▏ (Enter records it, Esc cancels) "),
            Role::Focus,
        ),
    };
    let mut p = Painter::new(buf, area);
    p.text(
        0,
        0,
        &" ".repeat(usize::from(area.width)),
        theme.style(Role::Text),
    );
    p.text(1, 0, &text, theme.style(role));
}
