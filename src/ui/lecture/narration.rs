//! The words around the board: the progress line above it, and the
//! narration under it, wrapped to a comfortable measure.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::lecture::{Board, Element, ProbeState};
use crate::ui::format::wrap;
use crate::ui::paint::{Painter, fit, width};
use crate::ui::theme::{Role, Theme};

/// The widest line of narration, in columns: wider text is hard to follow
/// from one line to the next.
pub(crate) const MEASURE: u16 = 96;

/// "─ Scene 3 of 5 · The false positive ──── step 3 of 11 ─", with
/// `extra` (the timer) before the step count.
pub(crate) fn progress(board: &Board, extra: &str, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let left = format!(
        " Scene {} of {} · {} ",
        board.scene + 1,
        board.scene_count,
        board.scene_title
    );
    let right = format!(
        " {extra}step {} of {} ",
        board.step + 1,
        board.steps_in_scene
    );
    let total = usize::from(area.width);
    let right_w = usize::from(width(&right));
    let left = fit(&left, total.saturating_sub(right_w + 3));
    let fill = total.saturating_sub(usize::from(width(&left)) + right_w + 2);
    let line = Line::from(vec![
        Span::styled("─", theme.style(Role::Border)),
        Span::styled(left, theme.style(Role::Title)),
        Span::styled("─".repeat(fill), theme.style(Role::Border)),
        Span::styled(right, theme.style(Role::Title)),
        Span::styled("─", theme.style(Role::Border)),
    ]);
    Painter::new(buf, area).line(0, 0, &line);
}

/// Present mode's one line: the scene's title and "scene 3 of 5 · step 4
/// of 11" in words (a count like "3.10/5.11" reads as a decimal smaller
/// than "3.9/5.11"), with `extra` (the timer) before the count.
pub(crate) fn present_progress(
    board: &Board,
    extra: &str,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let count = format!(
        "{extra}scene {} of {} · step {} of {} ",
        board.scene + 1,
        board.scene_count,
        board.step + 1,
        board.steps_in_scene
    );
    let count_w = width(&count);
    let title = fit(
        &format!(" {}", board.scene_title),
        usize::from(area.width.saturating_sub(count_w + 1)),
    );
    let mut p = Painter::new(buf, area);
    p.text(0, 0, &title, theme.style(Role::Label));
    p.text(
        area.width.saturating_sub(count_w),
        0,
        &count,
        theme.style(Role::Label),
    );
}

/// Columns the narration is wrapped to in an area `cols` wide.
pub(crate) fn measure(cols: u16) -> u16 {
    cols.saturating_sub(4).min(MEASURE)
}

/// The narration, wrapped for an area `cols` columns wide.
pub(crate) fn lines(board: &Board, cols: u16) -> Vec<String> {
    let mut out = Vec::new();
    for (i, paragraph) in board.narration.iter().enumerate() {
        if i > 0 {
            out.push(String::new());
        }
        out.extend(wrap(paragraph, usize::from(measure(cols))));
    }
    out
}

/// What the bit row's glyphs mean ("█ set  ▓ shared ..."), with the
/// unread mark when a query's probes wait to be read. A probe never needed
/// has no mark of its own: its label says "not needed".
pub(crate) fn glyph_key(pending: bool) -> String {
    let unread = if pending { "( ) unread  " } else { "" };
    format!("█ set  ▓ shared  ┃ ┃ cleared  {unread}▐ ▌ read")
}

/// The narration under a "─ narration ─" rule; when it does not all fit,
/// the last row says how many lines are left and how to read them.
pub(crate) fn draw(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let mut p = Painter::new(buf, area);
    let lines = lines(board, area.width);
    if area.height == 1 {
        // No room for a single line of it: say so on the rule.
        let n = lines.len();
        let rule = format!(
            "─ narration: {n} {}, press z to read {} ",
            if n == 1 { "line" } else { "lines" },
            if n == 1 { "it" } else { "them" }
        );
        p.text(0, 0, &rule, theme.style(Role::Warn));
        return;
    }
    let rule = format!(
        "─ narration {}",
        "─".repeat(usize::from(area.width.saturating_sub(12)))
    );
    p.text(0, 0, &rule, theme.style(Role::Border));
    // The row's glyph key rides on the rule, so colourless screens still say
    // what each cell means without spending a row on it.
    if board.shows(Element::Row) {
        let pending = board.query.as_ref().is_some_and(|q| {
            q.probes
                .iter()
                .any(|probe| probe.read == ProbeState::Pending)
        });
        let key = format!(" {} ", glyph_key(pending));
        let x = area.width.saturating_sub(width(&key) + 2);
        if x > 12 {
            p.text(x, 0, &key, theme.style(Role::Hint));
        }
    }
    let room = usize::from(area.height.saturating_sub(1));
    let left = area.width.saturating_sub(measure(area.width)) / 2;
    let fits = lines.len() <= room;
    let shown = if fits {
        lines.len()
    } else {
        room.saturating_sub(1)
    };
    for (i, text) in lines.iter().take(shown).enumerate() {
        let y = u16::try_from(i + 1).unwrap_or(u16::MAX);
        p.text(left, y, text, theme.style(Role::Narration));
    }
    if !fits && room > 0 {
        let more = lines.len() - shown;
        let noun = if more == 1 { "line" } else { "lines" };
        let notice = format!("… {more} more {noun}: press z to read them all, or resize");
        let y = u16::try_from(shown + 1).unwrap_or(u16::MAX);
        p.text(left, y, &notice, theme.style(Role::Warn));
    }
}
