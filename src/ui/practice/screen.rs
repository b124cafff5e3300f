//! The practice screen as one of the app's screens: its keys, its answer
//! field, its actions, its view and its export name.

use std::borrow::Cow;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::action::PracticeAction;
use super::keys;
use super::state::PracticeState;
use crate::ui::help::KeyPage;
use crate::ui::screen::seam::{ExportName, Idle, PlainCommand, PlainReply};
use crate::ui::screen::{ActCx, AppScreen, Focus, ScreenState, ViewCx};
use crate::ui::text_field::TextField;

impl Focus for PracticeState {
    fn focused_field(&self) -> Option<&TextField> {
        self.focus.then_some(&self.field)
    }

    fn focused_field_mut(&mut self) -> Option<&mut TextField> {
        self.focus.then_some(&mut self.field)
    }

    fn submit_field(&mut self) {
        self.submit();
    }

    fn leave_field(&mut self) {
        self.focus = false;
    }
}

impl AppScreen for PracticeState {
    fn key_page(&self) -> &'static KeyPage {
        if self.focus && self.field.is_selected() {
            &keys::CHECKED
        } else if self.focus {
            &keys::TYPING
        } else {
            &keys::CHOOSING
        }
    }

    fn footer(&self, typing: bool) -> Cow<'static, str> {
        keys::footer(typing, self.focus && self.field.is_selected())
    }

    fn blur(&mut self) {
        self.focus = false;
    }

    fn render(&self, cx: &ViewCx<'_>, area: Rect, buf: &mut Buffer) {
        if !(cx.present && super::present::render(self, cx, area, buf)) {
            super::view::render(self, cx.theme, area, buf);
        }
        // One part for now: the list of exercises and the one on show.
        cx.record_drawn("exercise", area, buf);
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

    fn plain_prompt(&self, _title: &'static str) -> String {
        format!("practice, exercise {}", self.selected + 1)
    }

    /// Named after the exercise on show (`bloomlab-practice-3`).
    fn export_name(&self, title: &'static str) -> ExportName {
        let n = self.selected + 1;
        ExportName {
            stem: format!("bloomlab-{}-{n}", title.to_lowercase()),
            title: format!("bloomlab · {title}, exercise {n}"),
        }
    }
}

impl ScreenState for PracticeState {
    type Action = PracticeAction;
    type Work = Idle;
    const KEYS: &'static [KeyPage] = &[keys::CHOOSING, keys::TYPING, keys::CHECKED];

    fn act(&mut self, action: PracticeAction, _: &mut ActCx<'_>) {
        match action {
            PracticeAction::Choose { up } => self.select(!up),
            PracticeAction::GoTo(n) => self.go_to(usize::from(n)),
            PracticeAction::Focus => {
                self.focus = true;
                self.field.select_all();
            }
            PracticeAction::ToggleHint => self.toggle_hint(),
            PracticeAction::NewVariant => self.new_variant(),
        }
    }
}

impl Default for PracticeState {
    /// The exercises with exercise 5's variants seeded at 1 (the app draws
    /// its own seed when it starts).
    fn default() -> Self {
        PracticeState::new(1)
    }
}
