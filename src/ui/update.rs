//! Applies a [`Message`] to the [`App`]: a user's [`Action`] or a result
//! that arrived from a worker lane. The only place state changes.

use std::time::Instant;

use crate::ui::action::{Action, FieldAction, NotesAction};
use crate::ui::app::App;
use crate::ui::lecture::action::LectureAction;
use crate::ui::notes_panel::NotesPanel;
use crate::ui::screen::seam::FieldEdit;
use crate::ui::screen::{ActCx, Arrival, Focus, Screen, ScreenAction};
use crate::ui::status::Status;
use crate::ui::text_field::TextField;

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
        Message::Arrived(arrival) => app.screens.store(*arrival),
        Message::Paste(text) => paste(app, &text),
        Message::Tick(now) => {
            // Autoplay never reveals a prediction: it waits for the
            // presenter (the progress line says so).
            if app.clock.tick(now) {
                let lecture = &mut app.screens.lecture;
                lecture.apply(LectureAction::Forward, app.present);
                if lecture.at_end {
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
                    app.screens.lecture.guess_number(value);
                    None
                }
                Command::RestartClock => {
                    app.clock.restart();
                    None
                }
            };
            if let Some(step) = step {
                app.screens.lecture.apply(step, app.present);
            }
        }
    }
    app.clock.follow_scene(app.screens.lecture.scene());
    app.clock.waiting = app.screens.lecture.awaits_reveal();
}

/// What `N` says in present mode instead of projecting the notes.
pub(crate) const NOTES_WHILE_PRESENTING: &str = "notes are kept off the projected screen: \
     take them in the speaker view (bloomlab speaker, then N), or leave present mode with p";

/// What the first `q` says when the clicker's keys are on.
pub(crate) const QUIT_ASK: &str = "q again to quit · any other key carries on";

fn act(app: &mut App, action: Action) {
    // A status message lasts until the user's next request; a resize is
    // the terminal's doing, not a request.
    if !matches!(action, Action::Resize(..)) {
        app.status = None;
    }
    // Any key pauses autoplay: a person is driving now. While it waits on
    // a prediction, the class's answer and the reveal are what it waits
    // for: they leave it on, and the reveal starts its interval afresh.
    let answering = app.clock.waiting
        && matches!(
            action,
            Action::Field(_)
                | Action::Screen(ScreenAction::Lecture(
                    LectureAction::Forward | LectureAction::Guess(_) | LectureAction::StartGuess
                ))
        );
    if answering {
        if action == Action::from(LectureAction::Forward) && app.clock.playing() {
            app.clock.playing_since = Some(app.clock.now);
        }
    } else if !matches!(action, Action::Resize(..) | Action::ToggleAutoplay) {
        app.clock.pause();
    }
    // `q` asks once: any other request (a resize aside) forgets the ask.
    let asked = if matches!(action, Action::Resize(..)) {
        app.quit_asked
    } else {
        std::mem::take(&mut app.quit_asked)
    };
    match action {
        Action::Quit => app.quit = true,
        Action::AskQuit if asked => app.quit = true,
        Action::AskQuit => {
            app.quit_asked = true;
            app.status = Some(Status::done(QUIT_ASK));
        }
        Action::Blank => app.blank = true,
        Action::Unblank => app.blank = false,
        Action::StartPresent => set_present(app, true),
        Action::LeavePresent => set_present(app, false),
        // The terminal loop stops the process; nothing in the state changes.
        Action::Suspend => {}
        Action::NextScreen => switch_to(app, app.screen.next()),
        Action::PrevScreen => switch_to(app, app.screen.prev()),
        Action::GoTo(screen) => switch_to(app, screen),
        Action::ToggleHelp => {
            app.show_help = !app.show_help;
            app.help_second_page = false;
        }
        Action::HelpSecondPage => app.help_second_page = true,
        Action::Dismiss => app.screens.dismiss_all(),
        Action::CycleTheme => {
            app.theme = app.theme.next();
            app.clock.note();
        }
        Action::TogglePresent => set_present(app, !app.present),
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
        // The ask was forgotten above, as every request forgets it.
        Action::KeepRunning => {}
        Action::Resize(w, h) => app.size = (w, h),
        Action::Field(field) => edit_field(app, field),
        Action::Screen(action) => {
            let mut cx = ActCx {
                present: app.present,
                status: &mut app.status,
            };
            app.screens.act(action, &mut cx);
        }
    }
}

/// Present mode on or off.
fn set_present(app: &mut App, on: bool) {
    app.present = on;
    // The notes and their file's path are never projected.
    app.notes.open &= !app.present;
}

/// Leaving a screen drops focus from its fields, so letters act again on return.
fn switch_to(app: &mut App, screen: Screen) {
    app.screens.blur_all();
    app.show_help = false;
    app.help_second_page = false;
    app.screen = screen;
}

/// The notes panel's field, with where a note written now comes from.
struct NoteField<'a> {
    notes: &'a mut NotesPanel,
    place: String,
}

impl Focus for NoteField<'_> {
    fn focused_field(&self) -> Option<&TextField> {
        self.notes.adding.as_ref()
    }

    fn focused_field_mut(&mut self) -> Option<&mut TextField> {
        self.notes.adding.as_mut()
    }

    fn submit_field(&mut self) {
        self.notes.submit(&self.place);
    }

    fn leave_field(&mut self) {
        self.notes.adding = None;
    }
}

/// Runs `edit` on whoever holds the field with focus: the notes panel
/// while it is open, else the screen on show; nothing when no field has
/// focus.
fn with_focus(app: &mut App, edit: impl FnOnce(&mut dyn Focus)) {
    if app.notes.open {
        let place = app.on_show().place(app.screen.title());
        let mut notes = NoteField {
            notes: &mut app.notes,
            place,
        };
        if notes.focused_field().is_some() {
            edit(&mut notes);
        }
        return;
    }
    let screen = app.screens.get_mut(app.screen);
    if screen.focused_field().is_some() {
        edit(screen);
    }
}

/// Sends an editing key to the field with focus.
fn edit_field(app: &mut App, action: FieldAction) {
    with_focus(app, |owner| match action {
        FieldAction::Type(c) => {
            if let Some(field) = owner.focused_field_mut() {
                field.push(c);
                owner.field_edited(FieldEdit::Typed);
            }
        }
        FieldAction::Erase => {
            if let Some(field) = owner.focused_field_mut() {
                field.pop();
                owner.field_edited(FieldEdit::Erased);
            }
        }
        FieldAction::Submit => owner.submit_field(),
        FieldAction::Leave => owner.leave_field(),
    });
}

/// A paste goes into the focused field as one edit, cut to the field's
/// maximum (its note then says so); with no field focused it is ignored.
fn paste(app: &mut App, text: &str) {
    if app.show_help {
        return;
    }
    with_focus(app, |owner| {
        if let Some(field) = owner.focused_field_mut() {
            field.paste(text);
            owner.field_edited(FieldEdit::Pasted);
        }
    });
}
