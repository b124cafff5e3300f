//! The lesson notes panel (`N`, on every screen): the list with where each
//! note was written, a field to add one, ticking off, deleting, and export
//! as Markdown. The file is read each time the panel opens; each change is
//! made through `notes::change`, which reads the list again under its lock
//! and applies the change to it, so a note added from the command line
//! meanwhile is kept, never overwritten (a small file, whole, in well
//! under a frame). Notes are found again by where and what they say, not
//! by number, since the list may have moved on.

use std::path::PathBuf;
use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

use crate::notes::{self, NoteBook, NoteError};
use crate::ui::action::NotesAction;
use crate::ui::text_field::TextField;
use crate::ui::theme::{Role, Theme};

/// What the panel says about its last change, on its bottom lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Said {
    /// The words.
    pub text: String,
    /// True when it went wrong.
    pub failed: bool,
}

impl Said {
    fn done(text: impl Into<String>) -> Said {
        Said {
            text: text.into(),
            failed: false,
        }
    }

    fn failed(text: impl Into<String>) -> Said {
        Said {
            text: text.into(),
            failed: true,
        }
    }
}

/// How long a change waits for another process's change to the list: a
/// command-line change takes milliseconds, and a frame must not wait long.
const PATIENCE: Duration = Duration::from_millis(100);

/// The file the Markdown export is written to, in the export folder.
pub(crate) const EXPORT_NAME: &str = "lesson-notes.md";

/// The panel's state.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct NotesPanel {
    /// On show.
    pub open: bool,
    /// The notes file; `None` keeps notes for this run only.
    pub path: Option<PathBuf>,
    /// The list (read each time the panel opens, and after each change).
    pub book: NoteBook,
    /// The note the keys act on, from 0.
    pub selected: usize,
    /// The field a new note is typed into.
    pub adding: Option<TextField>,
    /// What the last change did, or what is wrong with the file.
    pub message: Option<Said>,
}

impl NotesPanel {
    /// A panel keeping its notes in `path`.
    pub(crate) fn at(path: Option<PathBuf>) -> Self {
        NotesPanel {
            path,
            ..NotesPanel::default()
        }
    }

    /// Reads the list as it now is on disk; a file that cannot be read is
    /// said and left where it is.
    fn load(&mut self) {
        let Some(path) = &self.path else {
            return;
        };
        self.message = None;
        match notes::read(path) {
            Ok(book) => self.book = book,
            Err(e) => {
                self.book = NoteBook::default();
                self.message = Some(Said::failed(e.to_string()));
            }
        }
        self.selected = self.selected.min(self.book.notes.len().saturating_sub(1));
    }

    /// Makes one change: to the list on disk (read again under its lock,
    /// so nobody else's notes are lost), or to the list in memory when
    /// there is no file. `said` words what was done, from the change's
    /// value. Returns that value when the change was made.
    fn change<T: Copy>(
        &mut self,
        apply: impl FnOnce(&mut NoteBook) -> Result<T, NoteError>,
        said: impl FnOnce(T) -> String,
    ) -> Option<T> {
        let Some(path) = &self.path else {
            return match apply(&mut self.book) {
                Ok(v) => {
                    self.message =
                        Some(Said::done(format!("{} (kept for this run only)", said(v))));
                    Some(v)
                }
                Err(e) => {
                    self.message = Some(Said::failed(e.to_string()));
                    None
                }
            };
        };
        match notes::change(path, PATIENCE, apply) {
            Ok(changed) => {
                self.book = changed.book;
                let text = match changed.warning {
                    Some(w) => format!("{}; {w}", said(changed.value)),
                    None => said(changed.value),
                };
                self.message = Some(Said::done(text));
                Some(changed.value)
            }
            Err(e) => {
                let text = format!("not saved: {e}");
                self.load();
                self.message = Some(Said::failed(text));
                None
            }
        }
    }

    /// The place and text of the selected note, and its number (from 1).
    fn chosen(&self) -> Option<(usize, String, String)> {
        let n = self.book.notes.get(self.selected)?;
        Some((self.selected + 1, n.place.clone(), n.text.clone()))
    }

    /// Applies a panel key; `export_dir` is where the Markdown goes.
    pub(crate) fn apply(&mut self, action: NotesAction, export_dir: Option<&PathBuf>) {
        let count = self.book.notes.len();
        match action {
            NotesAction::Toggle => {
                self.open = !self.open;
                self.adding = None;
                if self.open {
                    self.load();
                }
            }
            NotesAction::Up => self.selected = self.selected.saturating_sub(1),
            NotesAction::Down => self.selected = (self.selected + 1).min(count.saturating_sub(1)),
            NotesAction::StartAdd => {
                self.adding = Some(TextField::new("note", crate::notes::book::MAX_TEXT));
            }
            NotesAction::Tick if count > 0 => {
                let Some((hint, place, text)) = self.chosen() else {
                    return;
                };
                self.change(
                    |b| {
                        let n = b.find(hint, &place, &text)?;
                        let done = !b.notes[n - 1].done;
                        b.set_done(n, done)?;
                        Ok((n, done))
                    },
                    |(n, done)| {
                        let said = if done { "ticked off" } else { "open again" };
                        format!("note {n} {said}")
                    },
                );
            }
            NotesAction::Delete if count > 0 => {
                let Some((hint, place, text)) = self.chosen() else {
                    return;
                };
                self.change(
                    |b| {
                        let n = b.find(hint, &place, &text)?;
                        b.delete(n).map(|_| n)
                    },
                    |n| format!("note {n} deleted"),
                );
                self.selected = self.selected.min(self.book.notes.len().saturating_sub(1));
            }
            NotesAction::Export => self.export(export_dir),
            NotesAction::Tick | NotesAction::Delete => {}
        }
    }

    /// Adds what the field holds, written at `place`.
    pub(crate) fn submit(&mut self, place: &str) {
        let Some(field) = self.adding.take() else {
            return;
        };
        let text = field.text().to_string();
        if let Some(n) = self.change(|b| b.add(place, &text), |n| format!("note {n} added")) {
            self.selected = n - 1;
        }
    }

    fn export(&mut self, dir: Option<&PathBuf>) {
        let Some(dir) = dir else {
            self.message = Some(Said::failed("export is off: no folder to export into"));
            return;
        };
        let path = dir.join(EXPORT_NAME);
        let markdown = self.book.to_markdown();
        self.message = Some(
            match crate::ui::export::write_replacing(&path, markdown.as_bytes()) {
                Ok(()) => Said::done(format!(
                    "exported the notes as {}",
                    crate::text::escaped(&path.display().to_string())
                )),
                Err(e) => Said::failed(format!("export failed: {e}")),
            },
        );
    }
}

/// The keys the panel lists at its foot.
const KEYS: &str = "a add · Space tick · d delete · m export .md · ↑↓ choose · Esc close";

/// Where the panel is drawn over a frame `area`.
pub(crate) fn panel_rect(area: Rect) -> Rect {
    let width = area.width.saturating_sub(4).min(96);
    let height = area.height.saturating_sub(2);
    area.centered(Constraint::Length(width), Constraint::Length(height))
}

/// Draws the panel over the middle of `area`.
pub(crate) fn render(panel: &NotesPanel, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let rect = panel_rect(area);
    Clear.render(rect, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.style(Role::Border))
        .title(" lesson notes · N or Esc closes ");
    let inner = block.inner(rect);
    block.render(rect, buf);
    let cols = usize::from(inner.width.saturating_sub(2));
    let kept = match &panel.path {
        Some(p) => format!(
            "Kept on this computer only, in {}. Nothing is ever sent anywhere.",
            crate::text::escaped(&p.display().to_string())
        ),
        None => "Kept for this run only. Nothing is ever sent anywhere.".to_string(),
    };
    let mut top: Vec<Line<'static>> = crate::ui::format::wrap(&kept, cols)
        .into_iter()
        .map(|l| Line::styled(l, theme.style(Role::Label)))
        .collect();
    top.push(Line::default());
    let mut bottom = Vec::new();
    if let Some(field) = &panel.adding {
        bottom.push(Line::from(vec![
            Span::styled("new note: ", theme.style(Role::Label)),
            Span::styled(
                format!("{}▏", crate::text::escaped(field.text())),
                theme.style(Role::Focus),
            ),
        ]));
        bottom.push(Line::styled(
            "Enter adds it (with this screen and step) · Esc cancels",
            theme.style(Role::Hint),
        ));
    } else if let Some(m) = &panel.message {
        let role = if m.failed { Role::Bad } else { Role::Good };
        bottom.extend(
            crate::ui::format::wrap(&m.text, cols)
                .into_iter()
                .map(|l| Line::styled(l, theme.style(role))),
        );
    }
    bottom.push(Line::styled(KEYS, theme.style(Role::Hint)));
    let room = usize::from(inner.height).saturating_sub(top.len() + bottom.len());
    let mut lines = top;
    lines.extend(list_lines(panel, room, theme));
    while lines.len() < usize::from(inner.height).saturating_sub(bottom.len()) {
        lines.push(Line::default());
    }
    lines.extend(bottom);
    Paragraph::new(lines).render(
        Rect {
            x: inner.x + 1,
            width: inner.width.saturating_sub(2),
            ..inner
        },
        buf,
    );
}

/// The notes, scrolled so the selected one shows, in `room` rows.
fn list_lines(panel: &NotesPanel, room: usize, theme: &Theme) -> Vec<Line<'static>> {
    let notes = &panel.book.notes;
    if notes.is_empty() {
        return vec![Line::styled(
            "No notes yet: press a to write one.",
            theme.style(Role::Hint),
        )];
    }
    let room = room.max(1);
    let first = panel.selected.saturating_sub(room - 1);
    notes
        .iter()
        .enumerate()
        .skip(first)
        .take(room)
        .map(|(i, n)| {
            let chosen = i == panel.selected;
            let mark = if n.done { "[x]" } else { "[ ]" };
            let lead = if chosen { "▶ " } else { "  " };
            let text_role = if chosen { Role::Selected } else { Role::Text };
            Line::from(vec![
                Span::styled(
                    format!("{lead}{:>2}. {mark} ", i + 1),
                    theme.style(Role::Key),
                ),
                Span::styled(n.shown_text(), theme.style(text_role)),
                Span::styled(format!("  ({})", n.shown_place()), theme.style(Role::Label)),
            ])
        })
        .collect()
}
