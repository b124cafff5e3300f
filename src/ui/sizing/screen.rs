//! The sizing screen as one of the app's screens: its keys, its four
//! fields (one of them edited at a time), its actions, its lane and its
//! view.

use std::borrow::Cow;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::action::SizingAction;
use super::jobs::SizingLanes;
use super::keys;
use super::state::SizingState;
use crate::ui::help::KeyPage;
use crate::ui::screen::seam::{PlainCommand, PlainReply};
use crate::ui::screen::{ActCx, AppScreen, Focus, ScreenState, ViewCx};
use crate::ui::text_field::TextField;

impl Focus for SizingState {
    fn focused_field(&self) -> Option<&TextField> {
        self.editing.then(|| self.field(self.selected))
    }

    fn focused_field_mut(&mut self) -> Option<&mut TextField> {
        if self.editing {
            Some(self.field_mut())
        } else {
            None
        }
    }

    fn submit_field(&mut self) {
        self.submit();
    }

    fn leave_field(&mut self) {
        self.cancel();
    }
}

impl AppScreen for SizingState {
    fn key_page(&self) -> &'static KeyPage {
        if self.editing {
            &keys::TYPING
        } else {
            &keys::FIELDS
        }
    }

    fn footer(&self, typing: bool) -> Cow<'static, str> {
        keys::footer(typing)
    }

    /// Leaving the screen ends the edit where it stands (Esc would go back
    /// to the last good entry).
    fn blur(&mut self) {
        self.editing = false;
    }

    fn computing(&self) -> bool {
        SizingState::computing(self)
    }

    fn render(&self, cx: &ViewCx<'_>, area: Rect, buf: &mut Buffer) {
        super::view::render(self, cx, area, buf);
    }

    fn describe(&self) -> Vec<String> {
        self.plain_words()
    }

    fn plain_commands(&self) -> &'static [PlainCommand] {
        super::plain::COMMANDS
    }

    fn plain_line(&mut self, line: &str) -> Option<PlainReply> {
        self.plain_command(line)
    }
}

impl ScreenState for SizingState {
    type Action = SizingAction;
    type Work = SizingLanes;
    const KEYS: &'static [KeyPage] = &[keys::FIELDS, keys::TYPING];

    fn act(&mut self, action: SizingAction, _: &mut ActCx<'_>) {
        match action {
            SizingAction::Edit(first) => self.edit(first),
            SizingAction::Select { next } => self.select(next),
            SizingAction::Solve => self.solve(),
            SizingAction::ToggleBy => self.toggle_by(),
        }
    }
}
