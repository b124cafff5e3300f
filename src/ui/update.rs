//! Applies a [`Message`] to the [`App`]: a user's [`Action`] or a result
//! that arrived from a worker lane. The only place state changes.

use std::time::Instant;

use crate::ui::action::{
    Action, FieldAction, KeyMode, LabAction, LabSlider, LectureAction, NotesAction, PracticeAction,
    SandboxAction, SizingAction,
};
use crate::ui::app::{App, Status};
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
    Arrived(Box<Arrival>),
    /// Text pasted in one go (bracketed paste).
    Paste(String),
    /// The time now: the clock moves, and autoplay steps when it is due.
    Tick(Instant),
    /// A speaker view asked to step (its arrows move the presenting app).
    Remote(crate::talk::Command),
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
        Message::Tick(now) => {
            if app.clock.tick(now) {
                app.lecture.apply(LectureAction::Forward, app.present);
                if app.lecture.at_end {
                    app.clock.pause();
                }
            }
        }
        Message::Remote(command) => {
            use crate::talk::Command;
            // A person at the speaker view is driving: autoplay pauses.
            app.clock.pause();
            let step = match command {
                Command::Forward => Some(LectureAction::Forward),
                Command::Back => Some(LectureAction::Back),
                Command::Choice { index } => u8::try_from(index).ok().map(LectureAction::Guess),
                Command::Number { value } => {
                    app.lecture.guess_number(value);
                    None
                }
                Command::RestartClock => {
                    app.clock.restart();
                    None
                }
            };
            if let Some(step) = step {
                app.lecture.apply(step, app.present);
            }
        }
    }
    app.clock.follow_scene(app.lecture.scene());
}

/// What `N` says in present mode instead of projecting the notes.
pub(crate) const NOTES_WHILE_PRESENTING: &str = "notes are kept off the projected screen: \
     take them in the speaker view (bloomlab speaker, then N), or leave present mode with p";

fn act(app: &mut App, action: Action) {
    // A status message lasts until the user's next request; a resize is
    // the terminal's doing, not a request.
    if !matches!(action, Action::Resize(..)) {
        app.status = None;
    }
    // Any key pauses autoplay: a person is driving now.
    if !matches!(action, Action::Resize(..) | Action::ToggleAutoplay) {
        app.clock.pause();
    }
    match action {
        Action::Quit => app.quit = true,
        // The terminal loop stops the process; nothing in the state changes.
        Action::Suspend => {}
        Action::NextScreen => switch_to(app, app.screen.next()),
        Action::PrevScreen => switch_to(app, app.screen.prev()),
        Action::GoTo(screen) => switch_to(app, screen),
        Action::ToggleHelp => {
            app.show_help = !app.show_help;
            app.help_numbers = false;
        }
        Action::HelpNumbers => app.help_numbers = true,
        Action::Dismiss => {
            app.lecture.goto_error = None;
            app.lab.edit_error = None;
            app.lab.predict.error = None;
        }
        Action::CycleTheme => app.theme = app.theme.next(),
        Action::TogglePresent => {
            app.present = !app.present;
            // The notes and their file's path are never projected.
            app.notes.open &= !app.present;
        }
        // Writing two small files takes well under a frame's time.
        Action::Export => app.status = Some(crate::ui::export::from_app::save(app)),
        // While presenting, the class would read the notes off the wall:
        // they are taken in the speaker view, and N says so.
        Action::Notes(NotesAction::Toggle) if app.present && !app.notes.open => {
            app.status = Some(Status::done(NOTES_WHILE_PRESENTING));
        }
        Action::Notes(notes) => app.notes.apply(notes, app.export_dir.as_ref()),
        Action::ToggleTimer => app.clock.shown = !app.clock.shown,
        Action::ToggleAutoplay => app.clock.toggle_autoplay(),
        // `act` has already paused it, as it does for every request.
        Action::PauseAutoplay => {}
        Action::Resize(w, h) => app.size = (w, h),
        Action::Field(field) => edit_field(app, field),
        // A scene the lecture does not have says so rather than doing
        // nothing.
        Action::Lecture(LectureAction::Jump(n))
            if usize::from(n) > app.lecture.lecture.scene_count() =>
        {
            let scenes = app.lecture.lecture.scene_count();
            app.status = Some(Status::failed(format!(
                "there is no scene {n}: this lecture has scenes 1 to {scenes}"
            )));
        }
        Action::Lecture(step) => app.lecture.apply(step, app.present),
        Action::Lab(lab) => update_lab(app, lab),
        Action::Sandbox(sandbox) => update_sandbox(app, sandbox),
        Action::Sizing(sizing) => update_sizing(app, sizing),
        Action::Practice(practice) => update_practice(app, practice),
    }
}

/// Leaving a screen drops focus from its fields, so letters act again on return.
fn switch_to(app: &mut App, screen: Screen) {
    app.lab.editing = None;
    app.lab.predict.cancel();
    app.sandbox.focus = None;
    app.sizing.editing = false;
    app.practice.focus = false;
    app.show_help = false;
    app.help_numbers = false;
    app.screen = screen;
}

fn update_lab(app: &mut App, action: LabAction) {
    let lab = &mut app.lab;
    lab.edit_error = None;
    let before = lab.values();
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
        LabAction::ToggleMeasure => lab.toggle_measure(),
        LabAction::Compare => lab.request_compare(),
        LabAction::ToggleGapView => lab.gap_view = !lab.gap_view,
        LabAction::TogglePredict => lab.predict.toggle(),
        LabAction::StartGuess(first) => lab.predict.start_guess(first),
        // The rehearsal puts m and n where its step asks and hides the
        // rates itself: that is not the student's move.
        LabAction::Rehearse => return lab.rehearse(),
    }
    lab.after_move(before);
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

fn update_practice(app: &mut App, action: PracticeAction) {
    let practice = &mut app.practice;
    match action {
        PracticeAction::Choose { up } => practice.select(!up),
        PracticeAction::GoTo(n) => practice.go_to(usize::from(n)),
        PracticeAction::Focus => {
            practice.focus = true;
            practice.field.select_all();
        }
        PracticeAction::ToggleHint => practice.toggle_hint(),
        PracticeAction::NewVariant => practice.new_variant(),
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
    if let Some(field) = app.notes.adding.as_mut() {
        field.paste(text);
        return;
    }
    if app.notes.open {
        return;
    }
    match app.screen {
        Screen::Lecture => {}
        Screen::Lab => {
            if let Some(field) = app.lab.predict.field.as_mut() {
                field.paste(text);
            } else if let Some(field) = app.lab.editing.as_mut() {
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
        Screen::Practice if app.practice.focus => {
            app.practice.field.paste(text);
        }
        Screen::Sandbox | Screen::Sizing | Screen::Practice => {}
    }
}

/// Where a note written now is said to come from: the screen, and on the
/// lecture its step.
fn place(app: &App) -> String {
    match app.screen {
        Screen::Lecture if app.lecture.at_end => "Lecture, closing screen".into(),
        Screen::Lecture => {
            let (scene, step) = app.lecture.lecture.locate(app.lecture.step);
            format!("Lecture {}.{}", scene + 1, step + 1)
        }
        other => other.title().to_string(),
    }
}

/// Sends an editing key to the notes panel's field.
fn edit_note(app: &mut App, action: FieldAction) {
    let place = place(app);
    let notes = &mut app.notes;
    match action {
        FieldAction::Type(c) => {
            if let Some(f) = notes.adding.as_mut() {
                f.push(c);
            }
        }
        FieldAction::Erase => {
            if let Some(f) = notes.adding.as_mut() {
                f.pop();
            }
        }
        FieldAction::Submit => notes.submit(&place),
        FieldAction::Leave => notes.adding = None,
    }
}

/// Sends an editing key to the focused field of the current screen.
fn edit_field(app: &mut App, action: FieldAction) {
    if app.notes.adding.is_some() {
        return edit_note(app, action);
    }
    match app.screen {
        Screen::Lecture if app.lecture.guess_field.is_some() => {
            let lecture = &mut app.lecture;
            match action {
                FieldAction::Type(c) => {
                    if let Some(f) = lecture.guess_field.as_mut() {
                        f.push(c);
                    }
                }
                FieldAction::Erase => {
                    if let Some(f) = lecture.guess_field.as_mut() {
                        f.pop();
                    }
                }
                FieldAction::Submit => lecture.submit_guess(),
                FieldAction::Leave => {
                    lecture.guess_field = None;
                    lecture.guess_error = None;
                }
            }
        }
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
        Screen::Practice => {
            let practice = &mut app.practice;
            match action {
                FieldAction::Type(c) => practice.type_char(c),
                FieldAction::Erase => practice.field.pop(),
                FieldAction::Submit => practice.submit(),
                FieldAction::Leave => practice.focus = false,
            }
        }
    }
}

/// Sends an editing key to the lab's guess field.
fn edit_guess(app: &mut App, action: FieldAction) {
    let predict = &mut app.lab.predict;
    match action {
        FieldAction::Type(c) => {
            if let Some(f) = predict.field.as_mut() {
                f.push(c);
            }
        }
        FieldAction::Erase => {
            if let Some(f) = predict.field.as_mut() {
                f.pop();
            }
        }
        FieldAction::Submit => app.lab.submit_guess(),
        FieldAction::Leave => predict.cancel(),
    }
}

fn edit_lab_value(app: &mut App, action: FieldAction) {
    if app.lab.predict.field.is_some() {
        return edit_guess(app, action);
    }
    let lab = &mut app.lab;
    let before = lab.values();
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
            let range = crate::ui::lab::state::span(slider);
            match crate::ui::numbers::count(field.text()) {
                Ok(v) if range.contains(v) => {
                    lab.editing = None;
                    lab.set(slider, v);
                    lab.after_move(before);
                }
                Ok(v) => {
                    lab.edit_error = Some(format!(
                        "{} is not between {} and {}",
                        crate::numbers::grouped(v),
                        range.min,
                        range.max_text
                    ));
                }
                Err(e) => lab.edit_error = Some(e),
            }
        }
    }
}
