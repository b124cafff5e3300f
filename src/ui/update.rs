//! Applies a [`Message`] to the [`App`]: a user's [`Action`] or a result
//! that arrived from a worker lane. The only place state changes.

use crate::ui::action::{
    Action, FieldAction, KeyMode, LabAction, LabSlider, SandboxAction, SizingAction,
};
use crate::ui::app::App;
use crate::ui::arrival::Arrival;
use crate::ui::lab::state::{VALUE_FIELD, spec};
use crate::ui::screen::Screen;

/// Everything that can change the app: what the user asked for, and what
/// the worker lanes computed.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Message {
    /// A request from the user.
    Action(Action),
    /// A computed result.
    Arrived(Arrival),
    /// Text pasted in one go (bracketed paste).
    Paste(String),
}

impl From<Action> for Message {
    fn from(action: Action) -> Self {
        Message::Action(action)
    }
}

/// Applies one message: the only place the app's state changes.
pub(crate) fn update(app: &mut App, message: impl Into<Message>) {
    match message.into() {
        Message::Action(action) => act(app, action),
        Message::Arrived(arrival) => arrival.store(app),
        Message::Paste(text) => paste(app, &text),
    }
}

fn act(app: &mut App, action: Action) {
    // A status message lasts until the user's next request; a resize is
    // the terminal's doing, not a request.
    if !matches!(action, Action::Resize(..)) {
        app.status = None;
    }
    match action {
        Action::Quit => app.quit = true,
        // The terminal loop stops the process; nothing in the state changes.
        Action::Suspend => {}
        Action::NextScreen => switch_to(app, app.screen.next()),
        Action::PrevScreen => switch_to(app, app.screen.prev()),
        Action::GoTo(screen) => switch_to(app, screen),
        Action::ToggleHelp => app.show_help = !app.show_help,
        Action::Dismiss => {
            app.lecture.goto_error = None;
            app.lab.edit_error = None;
        }
        Action::CycleTheme => app.theme = app.theme.next(),
        Action::TogglePresent => app.present = !app.present,
        // Writing two small files takes well under a frame's time.
        Action::Export => app.status = Some(crate::ui::export::from_app::save(app)),
        Action::Resize(w, h) => app.size = (w, h),
        Action::Field(field) => edit_field(app, field),
        Action::Lecture(step) => app.lecture.apply(step, app.present),
        Action::Lab(lab) => update_lab(app, lab),
        Action::Sandbox(sandbox) => update_sandbox(app, sandbox),
        Action::Sizing(sizing) => update_sizing(app, sizing),
    }
}

/// Leaving a screen drops focus from its fields, so letters act again on return.
fn switch_to(app: &mut App, screen: Screen) {
    app.lab.editing = None;
    app.sandbox.focus = None;
    app.sizing.editing = false;
    app.show_help = false;
    app.screen = screen;
}

fn update_lab(app: &mut App, action: LabAction) {
    let lab = &mut app.lab;
    lab.edit_error = None;
    match action {
        LabAction::SelectPrev => lab.selected = neighbour(lab.selected, &LabSlider::ALL, false),
        LabAction::SelectNext => lab.selected = neighbour(lab.selected, &LabSlider::ALL, true),
        LabAction::Adjust { up, big } => lab.adjust(up, big),
        LabAction::SetFraction(slider, f) => {
            lab.selected = slider;
            lab.set(slider, spec(slider).value_at(f));
        }
        LabAction::StartEdit(first) => {
            let mut field = VALUE_FIELD;
            if let Some(c) = first {
                field.push(c);
            }
            lab.editing = Some(field);
        }
        LabAction::ToggleLock => lab.toggle_lock(),
        LabAction::ToggleScheme => lab.toggle_scheme(),
        LabAction::Reseed => lab.reseed(),
    }
}

fn neighbour<T: Copy + PartialEq>(current: T, all: &[T], next: bool) -> T {
    let i = all.iter().position(|s| *s == current).unwrap_or(0);
    let j = if next {
        (i + 1).min(all.len() - 1)
    } else {
        i.saturating_sub(1)
    };
    all[j]
}

fn update_sandbox(app: &mut App, action: SandboxAction) {
    let sandbox = &mut app.sandbox;
    match action {
        SandboxAction::Focus(mode) => sandbox.focus = Some(mode),
        SandboxAction::ToggleMode => {
            sandbox.focus = sandbox.focus.map(|mode| match mode {
                KeyMode::Insert => KeyMode::Query,
                KeyMode::Query => KeyMode::Insert,
            });
        }
        SandboxAction::Select(setting) => sandbox.selected = setting,
        SandboxAction::Adjust { up, big } => sandbox.adjust(up, big),
        SandboxAction::Clear => sandbox.clear(),
    }
}

fn update_sizing(app: &mut App, action: SizingAction) {
    match action {
        SizingAction::Edit(first) => app.sizing.edit(first),
        SizingAction::Select { next } => app.sizing.select(next),
        SizingAction::Solve => app.sizing.solve(),
        SizingAction::ToggleBy => app.sizing.toggle_by(),
    }
}

/// A paste goes into the focused field as one edit, cut to the field's
/// maximum (its note then says so); with no field focused it is ignored.
fn paste(app: &mut App, text: &str) {
    if app.show_help {
        return;
    }
    match app.screen {
        Screen::Lecture => {}
        Screen::Lab => {
            if let Some(field) = app.lab.editing.as_mut() {
                field.paste(text);
                app.lab.edit_error = field.note();
            }
        }
        Screen::Sandbox if app.sandbox.focus.is_some() => {
            app.sandbox.field.paste(text);
        }
        Screen::Sizing if app.sizing.editing => {
            app.sizing.field_mut().paste(text);
        }
        Screen::Sandbox | Screen::Sizing => {}
    }
}

/// Sends an editing key to the focused field of the current screen.
fn edit_field(app: &mut App, action: FieldAction) {
    match app.screen {
        Screen::Lecture => {
            let lecture = &mut app.lecture;
            match action {
                FieldAction::Type(c) => {
                    if let Some(f) = lecture.goto.as_mut() {
                        f.push(c);
                    }
                }
                FieldAction::Erase => {
                    if let Some(f) = lecture.goto.as_mut() {
                        f.pop();
                    }
                }
                FieldAction::Submit => lecture.submit_goto(),
                FieldAction::Leave => lecture.goto = None,
            }
        }
        Screen::Lab => edit_lab_value(app, action),
        Screen::Sandbox => {
            let sandbox = &mut app.sandbox;
            match action {
                FieldAction::Type(c) => sandbox.field.push(c),
                FieldAction::Erase => sandbox.field.pop(),
                FieldAction::Submit => sandbox.submit(),
                FieldAction::Leave => sandbox.focus = None,
            }
        }
        Screen::Sizing => {
            let sizing = &mut app.sizing;
            match action {
                FieldAction::Type(c) => sizing.field_mut().push(c),
                FieldAction::Erase => sizing.field_mut().pop(),
                FieldAction::Submit => sizing.submit(),
                FieldAction::Leave => sizing.cancel(),
            }
        }
    }
}

fn edit_lab_value(app: &mut App, action: FieldAction) {
    let lab = &mut app.lab;
    let Some(field) = lab.editing.as_mut() else {
        return;
    };
    match action {
        FieldAction::Type(c) => {
            field.push(c);
            if let Some(note) = field.note() {
                lab.edit_error = Some(note);
            }
        }
        FieldAction::Erase => field.pop(),
        FieldAction::Leave => lab.editing = None,
        FieldAction::Submit => {
            let slider = lab.selected;
            let s = spec(slider);
            match crate::ui::numbers::count(field.text()) {
                Ok(v) if (s.min..=s.max).contains(&v) => {
                    lab.editing = None;
                    lab.set(slider, v);
                }
                Ok(v) => {
                    lab.edit_error = Some(format!(
                        "{v} is outside {}..={}",
                        crate::numbers::grouped(s.min),
                        crate::numbers::grouped(s.max)
                    ));
                }
                Err(e) => lab.edit_error = Some(e),
            }
        }
    }
}
