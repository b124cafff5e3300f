//! The Compare screen as one of the app's screens: its keys, its one
//! field (a slider's value), its actions, its lane, and its view with the
//! sliders the mouse drags.

use std::borrow::Cow;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::MouseEvent;
use ratatui::layout::{Position, Rect};

use super::action::{CompareAction, CompareSlider};
use super::jobs::CompareLanes;
use super::keys;
use super::state::CompareState;
use super::view;
use crate::ui::action::Action;
use crate::ui::help::KeyPage;
use crate::ui::screen::seam::{PlainCommand, PlainReply};
use crate::ui::screen::{ActCx, AppScreen, Focus, ScreenState, ViewCx};
use crate::ui::text_field::TextField;

impl Focus for CompareState {
    fn focused_field(&self) -> Option<&TextField> {
        self.editing.as_ref()
    }

    fn focused_field_mut(&mut self) -> Option<&mut TextField> {
        self.editing.as_mut()
    }

    fn submit_field(&mut self) {
        self.submit_value();
    }

    fn leave_field(&mut self) {
        self.editing = None;
    }
}

impl AppScreen for CompareState {
    fn key_page(&self) -> &'static KeyPage {
        keys::page(self)
    }

    fn footer(&self, typing: bool) -> Cow<'static, str> {
        keys::footer(typing)
    }

    fn blur(&mut self) {
        self.editing = None;
    }

    fn has_message(&self) -> bool {
        self.edit_error.is_some()
    }

    fn dismiss(&mut self) {
        self.edit_error = None;
    }

    fn computing(&self) -> bool {
        !self.done()
    }

    fn render(&self, cx: &ViewCx<'_>, area: Rect, buf: &mut Buffer) {
        view::render(self, cx, area, buf);
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

    /// A click or drag on a slider's track puts the slider there.
    fn mouse(&self, cx: &ViewCx<'_>, area: Rect, mouse: MouseEvent) -> Option<Action> {
        let at = Position::new(mouse.column, mouse.row);
        view::slider_tracks(cx, area)
            .into_iter()
            .find(|(_, track)| track.y == at.y && at.x + 1 >= track.x && at.x <= track.right())
            .map(|(slider, track)| {
                let f = crate::ui::slider::fraction_at(at.x, track.x, track.width);
                CompareAction::SetFraction(slider, f).into()
            })
    }
}

impl ScreenState for CompareState {
    type Action = CompareAction;
    type Work = CompareLanes;
    const KEYS: &'static [KeyPage] = &[keys::SLIDERS, keys::VALUE];

    fn act(&mut self, action: CompareAction, _: &mut ActCx<'_>) {
        self.edit_error = None;
        match action {
            CompareAction::SelectPrev => self.selected = neighbour(self.selected, false),
            CompareAction::SelectNext => self.selected = neighbour(self.selected, true),
            CompareAction::Adjust { up, big } => self.adjust(up, big),
            CompareAction::SetFraction(slider, f) => self.set_fraction(slider, f),
            CompareAction::StartEdit(first) => self.start_edit(first),
            CompareAction::Reseed => self.reseed(),
        }
    }
}

/// The slider above or below `current`, stopping at the ends.
fn neighbour(current: CompareSlider, next: bool) -> CompareSlider {
    let all = CompareSlider::ALL;
    let i = all.iter().position(|s| *s == current).unwrap_or(0);
    let j = if next {
        (i + 1).min(all.len() - 1)
    } else {
        i.saturating_sub(1)
    };
    all[j]
}
