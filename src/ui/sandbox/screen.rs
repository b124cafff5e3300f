//! The sandbox as one of the app's screens: its keys, its key field, its
//! actions and its view.

use std::borrow::Cow;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::action::{KeyMode, SandboxAction};
use super::keys;
use super::state::SandboxState;
use crate::ui::help::KeyPage;
use crate::ui::screen::seam::{Idle, PlainCommand, PlainReply};
use crate::ui::screen::{ActCx, AppScreen, Focus, ScreenState, ViewCx};
use crate::ui::text_field::TextField;

impl Focus for SandboxState {
    fn focused_field(&self) -> Option<&TextField> {
        self.focus.is_some().then_some(&self.field)
    }

    fn focused_field_mut(&mut self) -> Option<&mut TextField> {
        self.focus.is_some().then_some(&mut self.field)
    }

    fn submit_field(&mut self) {
        self.submit();
    }

    fn leave_field(&mut self) {
        self.focus = None;
    }
}

impl AppScreen for SandboxState {
    fn key_page(&self) -> &'static KeyPage {
        if self.focus.is_some() {
            &keys::TYPING
        } else {
            &keys::BROWSING
        }
    }

    fn footer(&self, typing: bool) -> Cow<'static, str> {
        keys::footer(typing)
    }

    fn blur(&mut self) {
        self.focus = None;
    }

    fn render(&self, cx: &ViewCx<'_>, area: Rect, buf: &mut Buffer) {
        if cx.present {
            super::present::render(self, cx, area, buf);
        } else {
            super::view::render(self, cx, area, buf);
        }
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

impl ScreenState for SandboxState {
    type Action = SandboxAction;
    type Work = Idle;
    const KEYS: &'static [KeyPage] = &[keys::BROWSING, keys::TYPING];

    fn act(&mut self, action: SandboxAction, _: &mut ActCx<'_>) {
        match action {
            SandboxAction::Focus(mode) => self.focus = Some(mode),
            SandboxAction::ToggleMode => {
                self.focus = self.focus.map(|mode| match mode {
                    KeyMode::Insert => KeyMode::Query,
                    KeyMode::Query => KeyMode::Insert,
                });
            }
            SandboxAction::Select(setting) => self.selected = setting,
            SandboxAction::Adjust { up, big } => self.adjust(up, big),
            SandboxAction::Clear => self.clear(),
        }
    }
}
