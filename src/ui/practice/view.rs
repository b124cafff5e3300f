//! The Practice screen: the list of exercises with what is solved, the one
//! on show with its task, the answer field, the check's verdict and reason,
//! the hint when asked for, and once checked the filter it is about.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::practice::{COUNT, Verdict};
use crate::ui::bit_row::{BitRow, RowCell, RowProbe};
use crate::ui::format::wrap;
use crate::ui::practice::state::PracticeState;
use crate::ui::theme::{Role, Theme};

/// Width of the list of exercises.
const LIST: u16 = 24;

/// "4 of 7 solved".
pub(crate) fn progress(state: &PracticeState) -> String {
    format!("{} of {COUNT} solved", state.solved_count())
}

/// Draws the Practice screen into `body`.
pub(crate) fn render(state: &PracticeState, theme: &Theme, body: Rect, buf: &mut Buffer) {
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.style(Role::Border))
        .title(Span::styled(
            format!(
                " practice · the lesson's exercises, checked · {} ",
                progress(state)
            ),
            theme.style(Role::Title),
        ));
    let inner = block.inner(body);
    block.render(body, buf);
    let [list, _, task] = Layout::horizontal([
        Constraint::Length(LIST),
        Constraint::Length(1),
        Constraint::Fill(1),
    ])
    .areas(inner);
    Paragraph::new(list_lines(state, theme)).render(list, buf);
    render_task(state, task, buf, theme);
}

fn list_lines(state: &PracticeState, theme: &Theme) -> Vec<Line<'static>> {
    state
        .exercises
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let mark = if state.solved[i] { "✓" } else { "·" };
            let lead = if i == state.selected { "▶" } else { " " };
            let role = if i == state.selected {
                Role::Selected
            } else {
                Role::Text
            };
            Line::from(vec![
                Span::styled(format!("{lead}{mark} "), theme.style(Role::Good)),
                Span::styled(format!("{} {}", e.number, e.title), theme.style(role)),
            ])
        })
        .collect()
}

fn styled_wrap(text: &str, cols: usize, role: Role, theme: &Theme) -> Vec<Line<'static>> {
    wrap(text, cols)
        .into_iter()
        .map(|l| Line::styled(l, theme.style(role)))
        .collect()
}

/// The answer's line (what is typed), then the check's verdict and the
/// hint when they are on show, wrapped to `cols`.
fn answer_lines(state: &PracticeState, cols: usize, theme: &Theme) -> Vec<Line<'static>> {
    let e = state.current();
    let mut lines = Vec::new();
    let field = if state.focus && state.field.is_selected() {
        // Reversed while selected: the next key replaces the old answer.
        Span::styled(
            state.field.text().to_string(),
            theme
                .style(Role::Selected)
                .add_modifier(ratatui::style::Modifier::REVERSED),
        )
    } else if state.focus {
        Span::styled(
            format!("{}▏", state.field.text()),
            theme.style(Role::Selected),
        )
    } else if state.field.is_empty() {
        Span::styled("Enter to type".to_string(), theme.style(Role::Hint))
    } else {
        Span::styled(state.field.text().to_string(), theme.style(Role::Text))
    };
    lines.push(Line::from(vec![
        Span::styled("answer: ", theme.style(Role::Label)),
        field,
    ]));
    if let Some(c) = &state.checked[state.selected] {
        let role = match c.verdict {
            Verdict::Right(_) => Role::Good,
            Verdict::Wrong(_) => Role::Bad,
            Verdict::Unreadable(_) => Role::Warn,
        };
        let said = format!("{} — {}", c.typed, c.verdict.line());
        lines.extend(styled_wrap(&said, cols, role, theme));
    }
    if state.hints[state.selected] {
        lines.extend(styled_wrap(
            &format!("hint: {}", e.hint),
            cols,
            Role::Emphasis,
            theme,
        ));
    }
    lines
}

/// The answer's lines with the form an answer takes, quiet, under the
/// answer's own line (the form's example is never to be read as the
/// answer, so it is never set large).
pub(crate) fn answer_and_form(
    state: &PracticeState,
    cols: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let mut lines = answer_lines(state, cols, theme);
    let form = format!("({})", state.current().form);
    let rest = lines.split_off(1);
    lines.extend(styled_wrap(&form, cols, Role::Hint, theme));
    lines.extend(rest);
    lines
}

fn render_task(state: &PracticeState, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let e = state.current();
    let cols = usize::from(area.width.saturating_sub(1));
    let mut lines = vec![Line::styled(
        format!("Exercise {} of {COUNT} · {}", e.number, e.title),
        theme.style(Role::Title),
    )];
    lines.extend(styled_wrap(&e.prompt, cols, Role::Text, theme));
    lines.push(Line::default());
    lines.extend(answer_and_form(state, cols, theme));
    let checked = &state.checked[state.selected];
    let used = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    Paragraph::new(lines).render(area, buf);
    let checked_answer = checked
        .as_ref()
        .is_some_and(|c| !matches!(c.verdict, Verdict::Unreadable(_)));
    if let Some(picture) = e.picture().filter(|_| checked_answer) {
        let below = Rect {
            y: area.y + used + 1,
            height: area.height.saturating_sub(used + 1),
            ..area
        };
        draw_picture(&picture, below, buf, theme);
    }
}

fn draw_picture(picture: &crate::practice::Picture, area: Rect, buf: &mut Buffer, theme: &Theme) {
    if area.height < 3 {
        return;
    }
    let cells: Vec<RowCell<'_>> = picture
        .bits
        .iter()
        .map(|&set| RowCell {
            set,
            ..RowCell::default()
        })
        .collect();
    let probes: Vec<RowProbe> = picture
        .probes
        .iter()
        .map(|&(position, state)| RowProbe { position, state })
        .collect();
    let row = BitRow {
        cells: &cells,
        probes: &probes,
        owners: false,
        marks: true,
        emphasise_shared: false,
    };
    let height = row.height(area.width, 1).min(area.height.saturating_sub(1));
    buf.set_stringn(
        area.x,
        area.y,
        &picture.caption,
        usize::from(area.width),
        theme.style(Role::Label),
    );
    let rect = Rect {
        y: area.y + 1,
        height,
        ..area
    };
    row.render(rect, buf, theme, 1);
}
