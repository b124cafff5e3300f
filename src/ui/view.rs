//! The frame around every screen: tabs on top, a key hint at the bottom,
//! the `?` overlay, and the "too small" notice. Views only read the state.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

use crate::ui::app::App;
use crate::ui::help::{CLICKER, GLOBAL, HelpPage, KeyHelp, KeyPage};
use crate::ui::layout::{Kind, Recorder};
use crate::ui::screen::{AppScreen, Screen, ViewCx};
use crate::ui::status::Status;
use crate::ui::theme::{Role, Theme};

/// The smallest terminal the app draws into.
pub(crate) const MIN_WIDTH: u16 = 80;
/// The smallest terminal height the app draws into.
pub(crate) const MIN_HEIGHT: u16 = 24;

const BRAND: &str = " bloomlab  ";

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw(self, area, buf, None);
    }
}

/// Draws the app into `area`, reporting each part drawn to `layout` when
/// one is given (`render --layout`).
pub(crate) fn draw(app: &App, area: Rect, buf: &mut Buffer, layout: Option<&Recorder>) {
    let theme = &app.theme;
    buf.set_style(area, theme.base());
    let cx = ViewCx {
        layout,
        ..app.view_cx()
    };
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        render_too_small(area, buf, theme);
        cx.record_drawn("notice", area, buf);
        return;
    }
    // Blanked: the theme's background and nothing else, till a key.
    if app.blank {
        return;
    }
    let screen = app.on_show();
    let body = body_area(area, app.present);
    // Present mode keeps the projected screen free of chrome: no tabs,
    // no key footer; each screen says where it is itself.
    if app.present {
        screen.render_present(&cx, body, buf);
    } else {
        render_header(theme, app.screen, area, buf);
        cx.record_drawn("tabs", Rect { height: 1, ..area }, buf);
        screen.render(&cx, body, buf);
        render_footer(theme, &screen.footer(app.typing()), area, buf);
        let footer = Rect {
            y: area.bottom().saturating_sub(1),
            height: 1,
            ..area
        };
        cx.record_drawn("keys", footer, buf);
    }
    let mut overlays = Vec::new();
    if app.clock.noting() {
        overlays.push(("theme-note", render_theme_note(theme, area, buf)));
    }
    if let Some(status) = &app.status {
        let rect = render_status(theme, status, area, buf);
        overlays.push(("status", rect));
    }
    // The notes and their file's path are never projected.
    if app.notes.open && !app.present {
        crate::ui::notes_panel::render(&app.notes, area, buf, theme);
        overlays.push(("notes-panel", crate::ui::notes_panel::panel_rect(area)));
    }
    if app.show_help {
        let rect = render_help(&cx, screen, app.clicker(), app.help_second_page, area, buf);
        overlays.push(("help", rect));
    }
    if let Some(rec) = layout {
        for (kind, rect) in overlays {
            rec.cover(rect);
            rec.record_drawn(Kind::new(kind), rect, buf);
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
    Screen::ALL
        .iter()
        .map(|&screen| {
            let width = screen.title().chars().count() as u16 + 2;
            let rect = Rect::new(x, frame.y, width, 1);
            x += width + 1;
            (screen, rect)
        })
        .collect()
}

fn render_header(theme: &Theme, on_show: Screen, area: Rect, buf: &mut Buffer) {
    buf.set_string(area.x, area.y, BRAND, theme.style(Role::Title));
    let mut tabs_end = area.x;
    for (screen, rect) in tab_hits(area) {
        let (label, style) = if screen == on_show {
            (format!("[{}]", screen.title()), theme.style(Role::Selected))
        } else {
            (format!(" {} ", screen.title()), theme.style(Role::Text))
        };
        buf.set_string(rect.x, rect.y, label, style);
        tabs_end = rect.right();
    }
    let help = [
        Span::styled("?", theme.style(Role::Key)),
        Span::styled(" help  ", theme.style(Role::Hint)),
    ];
    let quit = [
        Span::styled("q", theme.style(Role::Key)),
        Span::styled(" quit ", theme.style(Role::Hint)),
    ];
    // The hint never covers a tab: with many tabs it drops to "? help"
    // (the overlay lists q), or goes.
    let hints = [
        Line::from([help.clone(), quit].concat()),
        Line::from(help.to_vec()),
    ];
    if let Some(hint) = hints
        .iter()
        .find(|h| tabs_end + 1 + h.width() as u16 <= area.right())
    {
        let width = hint.width() as u16;
        buf.set_line(area.right() - width, area.y, hint, width);
    }
}

fn render_footer(theme: &Theme, footer: &str, area: Rect, buf: &mut Buffer) {
    let y = area.bottom().saturating_sub(1);
    let text = format!(" {footer}");
    buf.set_stringn(
        area.x,
        y,
        text,
        usize::from(area.width),
        theme.style(Role::Hint),
    );
}

/// Where the screen on show draws its view in `frame`: inside the tab bar
/// and the footer, or in present mode where the screen says.
pub(crate) fn screen_area(app: &App, frame: Rect) -> Rect {
    app.on_show()
        .view_area(body_area(frame, app.present), app.present)
}

/// The last export's outcome over the bottom line until the next key. A
/// message too long for one line (an OS error after a long path) wraps
/// upwards onto the lines above, so the reason is never cut off.
fn render_status(theme: &Theme, status: &Status, area: Rect, buf: &mut Buffer) -> Rect {
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
            theme.style(role),
        );
    }
    Rect {
        y: top,
        height: rows,
        ..area
    }
}

/// The theme's name, for two seconds after `t`, in the top right corner:
/// small, on the projected screen too, over nothing the class reads.
/// Returns where it went.
fn render_theme_note(theme: &Theme, area: Rect, buf: &mut Buffer) -> Rect {
    let text = format!(" theme: {} ", theme.palette.name);
    let width = u16::try_from(text.chars().count())
        .unwrap_or(u16::MAX)
        .min(area.width);
    let rect = Rect::new(area.right() - width, area.y, width, 1);
    buf.set_stringn(
        rect.x,
        rect.y,
        text,
        usize::from(width),
        theme.style(Role::Selected),
    );
    rect
}

/// A status message wrapped to fit `width` columns after a one-column
/// margin.
pub(crate) fn status_lines(text: &str, width: u16) -> Vec<String> {
    crate::ui::format::wrap(text, usize::from(width.saturating_sub(2)))
}

fn render_too_small(area: Rect, buf: &mut Buffer, theme: &Theme) {
    let message = format!(
        "terminal too small: need {MIN_WIDTH}x{MIN_HEIGHT}, have {}x{}",
        area.width, area.height
    );
    let [_, lower] =
        Layout::vertical([Constraint::Length(area.height / 2), Constraint::Fill(1)]).areas(area);
    Paragraph::new(message)
        .style(theme.style(Role::Warn))
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(lower, buf);
}

/// One column of the overlay: a title, then each key with what it does,
/// wrapped inside the column so nothing is cut.
fn help_column(title: &str, keys: &[KeyHelp], theme: &Theme, width: u16) -> Vec<Line<'static>> {
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

/// The overlay's second page (the lab's: what exact, idealised, true and
/// measured mean), in one column as wide as the overlay.
fn render_second_page(page: &HelpPage, theme: &Theme, area: Rect, buf: &mut Buffer) -> Rect {
    let width = area.width.min(100);
    let mut lines = help_column(
        page.heading,
        page.rows,
        theme,
        // One column short of the borders, so no word touches the edge.
        width.saturating_sub(3),
    );
    lines.push(Line::default());
    lines.push(Line::styled(page.note, theme.style(Role::Hint)));
    let height = u16::try_from(lines.len() + 2)
        .unwrap_or(u16::MAX)
        .min(area.height);
    let rect = area.centered(Constraint::Length(width), Constraint::Length(height));
    Clear.render(rect, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.style(Role::Border))
        .title(format!(" help · {} · any key closes ", page.name));
    let inner = block.inner(rect);
    block.render(rect, buf);
    Paragraph::new(lines).render(inner, buf);
    rect
}

/// The `?` overlay: the screen's keys as they stand beside the keys that
/// work everywhere, or the screen's second page.
fn render_help(
    cx: &ViewCx<'_>,
    screen: &dyn AppScreen,
    clicker: bool,
    second_page: bool,
    area: Rect,
    buf: &mut Buffer,
) -> Rect {
    let theme = cx.theme;
    let next = screen.second_help();
    if let Some(page) = next.filter(|_| second_page) {
        return render_second_page(page, theme, area, buf);
    }
    let width = area.width.min(150);
    // Two columns side by side: this screen's keys and the keys that work
    // everywhere; one under the other only on a very narrow frame.
    let two = width >= 76;
    let col = if two { (width - 3) / 2 } else { width - 2 };
    // With the clicker's keys on, their rows come first: they are read first.
    let clicking = clicker.then(|| screen.clicker_page()).flatten();
    let keys: Vec<KeyHelp> = clicking
        .into_iter()
        .flat_map(KeyPage::help)
        .chain(screen.key_page().help())
        .collect();
    let left = help_column(&format!("{} keys", cx.title), &keys, theme, col);
    let everywhere: Vec<KeyHelp> = clicker
        .then_some(&CLICKER)
        .into_iter()
        .flat_map(KeyPage::help)
        .chain(GLOBAL.help())
        .collect();
    let right = help_column("Everywhere", &everywhere, theme, col);
    let theme_line = Line::from(vec![
        Span::styled(" theme ", theme.style(Role::Label)),
        Span::styled(theme.palette.name, theme.style(Role::Text)),
        Span::styled(
            if cx.present {
                " · present mode on"
            } else {
                " · present mode off"
            },
            theme.style(Role::Label),
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
    let title = match next {
        Some(page) if !second_page => format!(" help · ? again: {} · other keys close ", page.name),
        _ => " help · any key closes ".to_string(),
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.style(Role::Border))
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
    rect
}
