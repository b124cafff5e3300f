//! The lab as one of the app's screens: its keys, its two fields (a
//! slider's value and the guess for the best k), its actions, its lanes,
//! and its view with the sliders the mouse drags.

use std::borrow::Cow;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

use super::action::{LabAction, LabSlider};
use super::jobs::LabLanes;
use super::keys;
use super::state::{LabState, VALUE_FIELD, span, spec};
use super::view;
use crate::ui::action::Action;
use crate::ui::help::{HelpPage, KeyPage};
use crate::ui::screen::seam::{FieldEdit, PlainCommand, PlainReply};
use crate::ui::screen::{ActCx, AppScreen, Focus, ScreenState, ViewCx};
use crate::ui::text_field::TextField;

impl LabState {
    /// Takes the value field's text for the chosen slider, or says why not.
    fn submit_value(&mut self) {
        let Some(field) = &self.editing else {
            return;
        };
        let before = self.values();
        let slider = self.selected;
        let range = span(slider);
        match crate::ui::numbers::count(field.text()) {
            Ok(v) if range.contains(v) => {
                self.editing = None;
                self.set(slider, v);
                self.after_move(before);
            }
            Ok(v) => {
                self.edit_error = Some(format!(
                    "{} is not between {} and {}",
                    crate::numbers::grouped(v),
                    range.min,
                    range.max_text
                ));
            }
            Err(e) => self.edit_error = Some(e),
        }
    }
}

impl Focus for LabState {
    // The guess is typed while the rates hide; the value field cannot be
    // opened then.
    fn focused_field(&self) -> Option<&TextField> {
        self.predict.field.as_ref().or(self.editing.as_ref())
    }

    fn focused_field_mut(&mut self) -> Option<&mut TextField> {
        self.predict.field.as_mut().or(self.editing.as_mut())
    }

    fn submit_field(&mut self) {
        if self.predict.field.is_some() {
            self.submit_guess();
        } else {
            self.submit_value();
        }
    }

    fn leave_field(&mut self) {
        if self.predict.field.is_some() {
            self.predict.cancel();
        } else {
            self.editing = None;
        }
    }

    /// A value cut to the field's length says so (a paste that fits
    /// clears the note).
    fn field_edited(&mut self, edit: FieldEdit) {
        if self.predict.field.is_some() {
            return;
        }
        let Some(note) = self.editing.as_ref().map(TextField::note) else {
            return;
        };
        match edit {
            FieldEdit::Typed if note.is_some() => self.edit_error = note,
            FieldEdit::Pasted => self.edit_error = note,
            FieldEdit::Typed | FieldEdit::Erased => {}
        }
    }
}

impl AppScreen for LabState {
    fn key_page(&self) -> &'static KeyPage {
        keys::page(self)
    }

    fn second_help(&self) -> Option<&'static HelpPage> {
        Some(&keys::NUMBERS)
    }

    fn footer(&self, typing: bool) -> Cow<'static, str> {
        keys::footer(self, typing)
    }

    fn blur(&mut self) {
        self.editing = None;
        self.predict.cancel();
    }

    fn has_message(&self) -> bool {
        self.edit_error.is_some() || self.predict.error.is_some()
    }

    fn dismiss(&mut self) {
        self.edit_error = None;
        self.predict.error = None;
    }

    fn computing(&self) -> bool {
        self.waiting()
    }

    fn render(&self, cx: &ViewCx<'_>, area: Rect, buf: &mut Buffer) {
        match super::present::plan(self, cx, area) {
            Some(plan) => super::present::render(self, cx, plan, buf),
            None => view::render(self, cx, area, buf),
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

    /// A click or drag on a slider's track puts the slider there.
    fn mouse(&self, cx: &ViewCx<'_>, area: Rect, mouse: MouseEvent) -> Option<Action> {
        // The wheel moves no slider: only a click or a drag does.
        if matches!(
            mouse.kind,
            MouseEventKind::ScrollDown | MouseEventKind::ScrollUp
        ) {
            return None;
        }
        let at = Position::new(mouse.column, mouse.row);
        let tracks = match super::present::plan(self, cx, area) {
            Some(plan) => view::tracks_in(self, plan.settings),
            None => view::slider_tracks(self, cx.theme, view::lab_area(self, cx, area)),
        };
        tracks
            .into_iter()
            // Dragging may stray a row off the track; keep following the column.
            .find(|(_, track)| track.y == at.y && at.x + 1 >= track.x && at.x <= track.right())
            .map(|(slider, track)| {
                let f = crate::ui::slider::fraction_at(at.x, track.x, track.width);
                LabAction::SetFraction(slider, f).into()
            })
    }
}

impl ScreenState for LabState {
    type Action = LabAction;
    type Work = LabLanes;
    const KEYS: &'static [KeyPage] = &[keys::SLIDERS, keys::VALUE, keys::GUESS];

    fn act(&mut self, action: LabAction, _: &mut ActCx<'_>) {
        self.edit_error = None;
        let before = self.values();
        match action {
            LabAction::SelectPrev => {
                self.selected = neighbour(self.selected, &LabSlider::ALL, false);
            }
            LabAction::SelectNext => {
                self.selected = neighbour(self.selected, &LabSlider::ALL, true);
            }
            LabAction::Adjust { up, big } => self.adjust(up, big),
            LabAction::SetFraction(slider, f) => {
                self.selected = slider;
                self.set(slider, spec(slider).value_at(f));
            }
            // While the rates hide, what is typed is the guess, not a value.
            LabAction::StartEdit(first) if self.predict.hides() => {
                self.predict.start_guess(first);
            }
            LabAction::StartEdit(first) => {
                let mut field = VALUE_FIELD;
                if let Some(c) = first {
                    field.push(c);
                }
                self.editing = Some(field);
            }
            LabAction::ToggleLock => self.toggle_lock(),
            LabAction::ToggleScheme => self.toggle_scheme(),
            LabAction::Reseed => self.reseed(),
            LabAction::ToggleMeasure => self.toggle_measure(),
            LabAction::Compare => self.request_compare(),
            LabAction::ToggleGapView => self.gap_view = !self.gap_view,
            LabAction::TogglePredict => self.predict.toggle(),
            // The rehearsal puts m and n where its step asks and hides the
            // rates itself: that is not the student's move.
            LabAction::Rehearse => return self.rehearse(),
        }
        self.after_move(before);
    }
}

/// The item before or after `current` in `all`, stopping at the ends.
fn neighbour<T: Copy + PartialEq>(current: T, all: &[T], next: bool) -> T {
    let i = all.iter().position(|s| *s == current).unwrap_or(0);
    let j = if next {
        (i + 1).min(all.len() - 1)
    } else {
        i.saturating_sub(1)
    };
    all[j]
}
