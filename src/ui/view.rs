//! The frame around every screen: tabs on top, a key hint at the bottom,
//! the `?` overlay, and the "too small" notice. Views only read the state.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

use strum::IntoEnumIterator;

use crate::ui::app::{App, Status};
use crate::ui::help::{self, KeyHelp};
use crate::ui::screen::Screen;
use crate::ui::theme::Role;

/// The smallest terminal the app draws into.
pub(crate) const MIN_WIDTH: u16 = 80;
/// The smallest terminal height the app draws into.
pub(crate) const MIN_HEIGHT: u16 = 24;

const BRAND: &str = " bloomlab  ";

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        buf.set_style(area, self.theme.base());
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            render_too_small(area, buf, self);
            return;
        }
        // Present mode keeps the projected screen free of chrome: no tabs,
        // no key footer; each screen says where it is in one quiet line.
        if !self.present {
            render_header(self, area, buf);
        }
        let body = screen_area(self, area);
        if self.present && self.screen != Screen::Lecture {
            render_present_status(self, area, buf);
        }
        match self.screen {
            Screen::Lecture => {
                let extra = self.clock.label();
                let shown = crate::ui::lecture::Shown {
                    present: self.present,
                    extra: &extra,
                };
                crate::ui::lecture::render(&self.lecture, shown, body, buf, &self.theme);
            }
            Screen::Lab => crate::ui::lab::view::render(self, body, buf),
            Screen::Sandbox => crate::ui::sandbox::view::render(self, body, buf),
            Screen::Sizing => crate::ui::sizing::view::render(self, body, buf),
            Screen::Practice => crate::ui::practice::view::render(self, body, buf),
        }
        if !self.present {
            render_footer(self, area, buf);
        }
        if let Some(status) = &self.status {
            render_status(self, status, area, buf);
        }
        // The notes and their file's path are never projected.
        if self.notes.open && !self.present {
            crate::ui::notes_panel::render(&self.notes, area, buf, &self.theme);
        }
        if self.show_help {
            render_help(self, area, buf);
        }
    }
}

/// Where the screens draw: everything but the tab bar and the key footer,
/// or the whole frame in present mode.
pub(crate) fn body_area(frame: Rect, present: bool) -> Rect {
    if present {
        return frame;
    }
    let [_, body, _] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(frame);
    body
}

/// The clickable rectangle of each tab label in the top row.
pub(crate) fn tab_hits(frame: Rect) -> Vec<(Screen, Rect)> {
    let mut x = frame.x + BRAND.chars().count() as u16;
    Screen::iter()
        .map(|screen| {
            let width = screen.title().chars().count() as u16 + 2;
            let rect = Rect::new(x, frame.y, width, 1);
            x += width + 1;
            (screen, rect)
        })
        .collect()
}

fn render_header(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = &app.theme;
    buf.set_string(area.x, area.y, BRAND, theme.style(Role::Title));
    for (screen, rect) in tab_hits(area) {
        let (label, style) = if screen == app.screen {
            (format!("[{}]", screen.title()), theme.style(Role::Selected))
        } else {
            (format!(" {} ", screen.title()), theme.style(Role::Text))
        };
        buf.set_string(rect.x, rect.y, label, style);
    }
    let hint = Line::from(vec![
        Span::styled("?", theme.style(Role::Key)),
        Span::styled(" help  ", theme.style(Role::Hint)),
        Span::styled("q", theme.style(Role::Key)),
        Span::styled(" quit ", theme.style(Role::Hint)),
    ]);
    let width = hint.width() as u16;
    if area.width > width {
        buf.set_line(area.right() - width, area.y, &hint, width);
    }
}

fn render_footer(app: &App, area: Rect, buf: &mut Buffer) {
    let y = area.bottom().saturating_sub(1);
    let text = format!(" {}", help::footer(app));
    buf.set_stringn(
        area.x,
        y,
        text,
        usize::from(area.width),
        app.theme.style(Role::Hint),
    );
}

/// Where the screen on show draws in `frame`: inside the tab bar and the
/// footer, or in present mode the whole frame but the last row for every
/// screen but the lecture (which draws its own progress line there).
pub(crate) fn screen_area(app: &App, frame: Rect) -> Rect {
    let body = body_area(frame, app.present);
    if app.present && app.screen != Screen::Lecture {
        let [rest, _] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(body);
        rest
    } else {
        body
    }
}

/// Present mode's one quiet line under a screen other than the lecture:
/// where you are and how to leave.
fn render_present_status(app: &App, frame: Rect, buf: &mut Buffer) {
    let [_, status] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(frame);
    let line = format!(" {} · p leaves present mode · ? help", app.screen.title());
    buf.set_stringn(
        status.x,
        status.y,
        line,
        usize::from(status.width),
        app.theme.style(Role::Label),
    );
}

/// The last export's outcome over the bottom line until the next key. A
/// message too long for one line (an OS error after a long path) wraps
/// upwards onto the lines above, so the reason is never cut off.
fn render_status(app: &App, status: &Status, area: Rect, buf: &mut Buffer) {
    let role = if status.failed { Role::Bad } else { Role::Good };
    let width = usize::from(area.width);
    let lines = status_lines(&status.text, area.width);
    let rows = u16::try_from(lines.len())
        .unwrap_or(u16::MAX)
        .min(area.height);
    let top = area.bottom().saturating_sub(rows);
    for (y, line) in (top..area.bottom()).zip(&lines) {
        buf.set_stringn(
            area.x,
            y,
            format!(" {line:<width$}"),
            width,
            app.theme.style(role),
        );
    }
}

/// A status message wrapped to fit `width` columns after a one-column
/// margin.
pub(crate) fn status_lines(text: &str, width: u16) -> Vec<String> {
    crate::ui::format::wrap(text, usize::from(width.saturating_sub(2)))
}

fn render_too_small(area: Rect, buf: &mut Buffer, app: &App) {
    let message = format!(
        "terminal too small: need {MIN_WIDTH}x{MIN_HEIGHT}, have {}x{}",
        area.width, area.height
    );
    let [_, lower] =
        Layout::vertical([Constraint::Length(area.height / 2), Constraint::Fill(1)]).areas(area);
    Paragraph::new(message)
        .style(app.theme.style(Role::Warn))
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(lower, buf);
}

/// One column of the overlay: a title, then each key with what it does,
/// wrapped inside the column so nothing is cut.
fn help_column(title: &str, keys: &[KeyHelp], app: &App, width: u16) -> Vec<Line<'static>> {
    let theme = &app.theme;
    let key_width = keys
        .iter()
        .map(|k| k.keys.chars().count())
        .max()
        .unwrap_or(8);
    let does_width = usize::from(width).saturating_sub(key_width + 3).max(8);
    let mut lines = vec![Line::styled(title.to_string(), theme.style(Role::Title))];
    for k in keys {
        let wrapped = crate::ui::format::wrap(k.does, does_width);
        for (i, part) in wrapped.into_iter().enumerate() {
            let keys = if i == 0 { k.keys } else { "" };
            lines.push(Line::from(vec![
                Span::styled(format!(" {keys:<key_width$}"), theme.style(Role::Key)),
                Span::styled(format!("  {part}"), theme.style(Role::Text)),
            ]));
        }
    }
    lines
}

/// The lab overlay's second page: what exact, idealised, true and
/// measured mean, in one column as wide as the overlay.
fn render_numbers_help(app: &App, area: Rect, buf: &mut Buffer) {
    let width = area.width.min(100);
    let mut lines = help_column(
        "What the lab's numbers mean",
        help::NUMBERS,
        app,
        // One column short of the borders, so no word touches the edge.
        width.saturating_sub(3),
    );
    lines.push(Line::default());
    lines.push(Line::styled(
        " the rates panel labels every figure with one of these",
        app.theme.style(Role::Hint),
    ));
    let height = u16::try_from(lines.len() + 2)
        .unwrap_or(u16::MAX)
        .min(area.height);
    let rect = area.centered(Constraint::Length(width), Constraint::Length(height));
    Clear.render(rect, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(app.theme.style(Role::Border))
        .title(" help · what the numbers mean · any key closes ");
    let inner = block.inner(rect);
    block.render(rect, buf);
    Paragraph::new(lines).render(inner, buf);
}

fn render_help(app: &App, area: Rect, buf: &mut Buffer) {
    if app.help_numbers {
        return render_numbers_help(app, area, buf);
    }
    let width = area.width.min(150);
    // Two columns side by side: this screen's keys and the keys that work
    // everywhere; one under the other only on a very narrow frame.
    let two = width >= 76;
    let col = if two { (width - 3) / 2 } else { width - 2 };
    let left = help_column(
        &format!("{} keys", app.screen.title()),
        help::screen_keys(app),
        app,
        col,
    );
    let right = help_column("Everywhere", help::GLOBAL, app, col);
    let theme_line = Line::from(vec![
        Span::styled(" theme ", app.theme.style(Role::Label)),
        Span::styled(app.theme.palette.name, app.theme.style(Role::Text)),
        Span::styled(
            if app.present {
                " · present mode on"
            } else {
                " · present mode off"
            },
            app.theme.style(Role::Label),
        ),
    ]);
    let body_rows = if two {
        left.len().max(right.len())
    } else {
        left.len() + right.len() + 1
    };
    let height = u16::try_from(body_rows + 4)
        .unwrap_or(u16::MAX)
        .min(area.height);
    let rect = area.centered(Constraint::Length(width), Constraint::Length(height));
    Clear.render(rect, buf);
    let title = if help::has_numbers_page(app) {
        " help · ? again: what the numbers mean · other keys close "
    } else {
        " help · any key closes "
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(app.theme.style(Role::Border))
        .title(title);
    let inner = block.inner(rect);
    block.render(rect, buf);
    let rows = inner.height.saturating_sub(2);
    let column = |x: u16, w: u16| Rect::new(x, inner.y, w, rows);
    if two {
        Paragraph::new(left).render(column(inner.x, col), buf);
        Paragraph::new(right).render(column(inner.x + col + 1, col), buf);
    } else {
        let mut all = left;
        all.push(Line::default());
        all.extend(right);
        Paragraph::new(all).render(column(inner.x, inner.width), buf);
    }
    let bottom = Rect::new(inner.x, inner.bottom().saturating_sub(1), inner.width, 1);
    Paragraph::new(theme_line).render(bottom, buf);
}
