//! The lecture as one of the app's screens: its keys, its two fields (the
//! class's number and the place to go to), its actions, and its view,
//! which draws its own progress line in present mode too.

use std::borrow::Cow;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::keys;
use super::tab::LectureTab;
use crate::ui::export::names::step_name;
use crate::ui::help::KeyPage;
use crate::ui::lecture::action::LectureAction;
use crate::ui::screen::seam::{ExportName, Idle, PlainCommand, PlainReply};
use crate::ui::screen::{ActCx, AppScreen, Focus, ScreenState, ViewCx};
use crate::ui::status::Status;
use crate::ui::text_field::TextField;

impl Focus for LectureTab {
    // The class's number is typed over a predict step; only one of the two
    // fields is ever open from the keys.
    fn focused_field(&self) -> Option<&TextField> {
        self.guess_field.as_ref().or(self.goto.as_ref())
    }

    fn focused_field_mut(&mut self) -> Option<&mut TextField> {
        self.guess_field.as_mut().or(self.goto.as_mut())
    }

    fn submit_field(&mut self) {
        if self.guess_field.is_some() {
            self.submit_guess();
        } else {
            self.submit_goto();
        }
    }

    fn leave_field(&mut self) {
        if self.guess_field.is_some() {
            self.guess_field = None;
            self.guess_error = None;
        } else {
            self.goto = None;
        }
    }
}

impl AppScreen for LectureTab {
    fn key_page(&self) -> &'static KeyPage {
        if self.focused_field().is_some() {
            &keys::TYPING
        } else {
            &keys::STEPPING
        }
    }

    fn footer(&self, typing: bool) -> Cow<'static, str> {
        keys::footer(self, typing)
    }

    fn has_message(&self) -> bool {
        self.goto_error.is_some()
    }

    fn dismiss(&mut self) {
        self.goto_error = None;
    }

    fn render(&self, cx: &ViewCx<'_>, area: Rect, buf: &mut Buffer) {
        let extra = cx.clock.label();
        let shown = super::Shown {
            present: cx.present,
            extra: &extra,
            layout: cx.layout,
        };
        super::render(self, shown, area, buf, cx.theme);
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
        self.plain_place()
    }

    /// The lecture takes the whole frame in present mode: its own progress
    /// line says where it is.
    fn render_present(&self, cx: &ViewCx<'_>, body: Rect, buf: &mut Buffer) {
        self.render(cx, body, buf);
    }

    fn view_area(&self, body: Rect, _present: bool) -> Rect {
        body
    }

    fn export_name(&self, title: &'static str) -> ExportName {
        let (scene, step) = self.lecture.locate(self.step);
        let steps = self.lecture.scene_len(scene);
        ExportName {
            stem: format!("bloomlab-lecture-{}", step_name(scene + 1, step + 1, steps)),
            title: format!("bloomlab · {title} {}.{}", scene + 1, step + 1),
        }
    }

    fn place(&self, title: &'static str) -> String {
        if self.at_end {
            return format!("{title}, closing screen");
        }
        let (scene, step) = self.lecture.locate(self.step);
        format!("{title} {}.{}", scene + 1, step + 1)
    }
}

impl ScreenState for LectureTab {
    type Action = LectureAction;
    type Work = Idle;
    const KEYS: &'static [KeyPage] = &[keys::STEPPING, keys::TYPING];

    fn act(&mut self, action: LectureAction, cx: &mut ActCx<'_>) {
        match action {
            // A scene the lecture does not have says so rather than doing
            // nothing.
            LectureAction::Jump(n) if usize::from(n) > self.lecture.scene_count() => {
                let scenes = self.lecture.scene_count();
                *cx.status = Some(Status::failed(format!(
                    "there is no scene {n}: this lecture has scenes 1 to {scenes}"
                )));
            }
            step => self.apply(step, cx.present),
        }
    }
}
