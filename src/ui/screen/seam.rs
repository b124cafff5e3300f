//! What every screen is to the app: one type that owns its state, its key
//! table, its actions, its focused text field, the figures it asks the
//! worker lanes for, its views and its names.
//!
//! Two traits, because the app reaches the screen on show by its id
//! ([`AppScreen`], used as `dyn`) but applies actions and results in each
//! screen's own types ([`ScreenState`], [`Work`], reached through the
//! registry's generated matches).

use std::borrow::Cow;
use std::convert::Infallible;
use std::fmt::Debug;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::MouseEvent;
use ratatui::layout::{Constraint, Layout, Rect};

use crate::ui::action::Action;
use crate::ui::clock::Clock;
use crate::ui::help::{HelpPage, KeyPage};
use crate::ui::layout::{Kind, Layout as LaidOut, Recorder};
use crate::ui::status::Status;
use crate::ui::text_field::TextField;
use crate::ui::theme::{Role, Theme};
use crate::ui::worker::Bell;

/// What a screen's view may read besides its own state.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ViewCx<'a> {
    /// Styles by role.
    pub theme: &'a Theme,
    /// Present mode: large type, no chrome.
    pub present: bool,
    /// The talk's clock (present mode's progress line shows it).
    pub clock: &'a Clock,
    /// The screen's name, as its tab says it.
    pub title: &'static str,
    /// Where the view reports the parts it draws, while a layout is being
    /// taken (`render --layout`); `None` when only drawing.
    pub layout: Option<&'a Recorder>,
}

impl ViewCx<'_> {
    /// Reports one part drawn, when a layout is being taken.
    pub(crate) fn record(&self, part: LaidOut) {
        if let Some(rec) = self.layout {
            rec.record(part);
        }
    }

    /// Reports a part in plain type whose words are what has been drawn
    /// inside `rect`, when a layout is being taken.
    pub(crate) fn record_drawn(&self, kind: &'static str, rect: Rect, buf: &Buffer) {
        if let Some(rec) = self.layout {
            rec.record_drawn(Kind::new(kind), rect, buf);
        }
    }
}

/// What a screen's action may touch besides its own state.
#[derive(Debug)]
pub(crate) struct ActCx<'a> {
    /// Present mode is on.
    pub present: bool,
    /// The bottom line's message (cleared before every request).
    pub status: &'a mut Option<Status>,
}

/// How the focused field's text just changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FieldEdit {
    /// A character was typed.
    Typed,
    /// The last character was erased.
    Erased,
    /// Text was pasted in one go.
    Pasted,
}

/// What an exported frame is called.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ExportName {
    /// The file name without its extension (`bloomlab-lab`).
    pub stem: String,
    /// The picture's title (`bloomlab · Lab`).
    pub title: String,
}

/// One command of plain mode, as its `?` list gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PlainCommand {
    /// What is typed (`m 160`, `A to D`).
    pub typed: &'static str,
    /// What it does.
    pub does: &'static str,
}

/// What a line typed in plain mode did on a screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PlainReply {
    /// The screen changed: these words first (none is fine), then the
    /// screen described again once its figures are in.
    Changed(Vec<String>),
    /// Only these words: nothing on the screen changed (a refusal, say).
    Said(Vec<String>),
}

/// Whoever holds a text field: a screen, or the notes panel. The one way
/// the app asks which field has focus and sends it typing, erasing,
/// pasting, Enter and Esc.
/// By default nothing holds a field: a screen without one writes
/// `impl Focus for MyScreen {}`.
pub(crate) trait Focus {
    /// The field that has focus, if any.
    fn focused_field(&self) -> Option<&TextField> {
        None
    }

    /// The field that has focus, to edit.
    fn focused_field_mut(&mut self) -> Option<&mut TextField> {
        None
    }

    /// Enter in the focused field.
    fn submit_field(&mut self) {}

    /// Esc in the focused field.
    fn leave_field(&mut self) {}

    /// After the focused field's text changed (a note of a cut, say).
    fn field_edited(&mut self, edit: FieldEdit) {
        let _ = edit;
    }
}

/// A screen as the app sees the one on show: keys, focus, messages, work
/// in progress, views and names.
pub(crate) trait AppScreen: Focus {
    /// The page of the key table for the state on show: it maps keys to
    /// actions and is what the `?` overlay lists.
    fn key_page(&self) -> &'static KeyPage;

    /// The screen's page of the clicker's keys for the state on show, read
    /// before its own page in present mode and with `keys = "clicker"`
    /// (the lecture's PageDown and PageUp step there).
    fn clicker_page(&self) -> Option<&'static KeyPage> {
        None
    }

    /// What Esc asks for before it reaches the keys of every screen: the
    /// lecture's text view (`z`) closes, say. `None` lets Esc go on.
    fn escape(&self) -> Option<Action> {
        None
    }

    /// The `?` overlay's second page (`?` again), if the screen has one.
    fn second_help(&self) -> Option<&'static HelpPage> {
        None
    }

    /// The footer's one-line summary of the keys; `typing` says a text
    /// field has focus, the screen's own or the notes panel's.
    fn footer(&self, typing: bool) -> Cow<'static, str>;

    /// Leaving the screen: its fields drop focus, so letters act again on
    /// return.
    fn blur(&mut self) {}

    /// True when a message the user can close with Esc is on show.
    fn has_message(&self) -> bool {
        false
    }

    /// Closes every message the screen has open.
    fn dismiss(&mut self) {}

    /// True while the screen waits for a figure from the worker lanes.
    fn computing(&self) -> bool {
        false
    }

    /// Draws the screen into `area`.
    fn render(&self, cx: &ViewCx<'_>, area: Rect, buf: &mut Buffer);

    /// The screen in words, for plain mode (`bloomlab --plain`): what
    /// [`AppScreen::render`] shows, from the same texts, as sentences in
    /// reading order, one line each, with no glyph standing for a word.
    fn describe(&self) -> Vec<String>;

    /// The commands plain mode takes on this screen, for its `?` list.
    fn plain_commands(&self) -> &'static [PlainCommand];

    /// A line typed in plain mode, when it is one of this screen's
    /// commands: what it did (`None`: not this screen's).
    fn plain_line(&mut self, line: &str) -> Option<PlainReply>;

    /// Plain mode's prompt on this screen, without its colon: where you are.
    fn plain_prompt(&self, title: &'static str) -> String {
        title.to_lowercase()
    }

    /// Draws the screen in present mode into `body` (the whole frame): by
    /// default the usual view above one quiet line saying where you are.
    fn render_present(&self, cx: &ViewCx<'_>, body: Rect, buf: &mut Buffer) {
        let [view, line] = present_rows(body);
        present_line(cx, line, buf);
        self.render(cx, view, buf);
    }

    /// Where [`AppScreen::render`] draws inside `body` (the frame less its
    /// chrome): all of it, or in present mode the rows above the quiet
    /// line. Mouse hit tests use this.
    fn view_area(&self, body: Rect, present: bool) -> Rect {
        if present { present_rows(body)[0] } else { body }
    }

    /// The action a left click or drag at `mouse` asks for, when the screen
    /// draws in `area` (no field has focus).
    fn mouse(&self, cx: &ViewCx<'_>, area: Rect, mouse: MouseEvent) -> Option<Action> {
        let _ = (cx, area, mouse);
        None
    }

    /// What the `e` key's files are called.
    fn export_name(&self, title: &'static str) -> ExportName {
        ExportName {
            stem: format!("bloomlab-{}", title.to_lowercase()),
            title: format!("bloomlab · {title}"),
        }
    }

    /// Where a note written now comes from.
    fn place(&self, title: &'static str) -> String {
        title.to_string()
    }
}

/// A screen in its own types: its actions and its work. The registry
/// reaches these through its generated matches.
pub(crate) trait ScreenState: AppScreen + Default + Debug + Sized {
    /// What the screen's keys and clicks ask of it.
    type Action: Debug + Clone + Copy + PartialEq;
    /// Its worker lanes ([`Idle`] for a screen that computes nothing).
    type Work: Work<Self>;
    /// Every page of its key table: [`AppScreen::key_page`] picks the one
    /// on show, and the README's key tables are held to all of them.
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "the README test reads every page")
    )]
    const KEYS: &'static [KeyPage];

    /// Applies one of the screen's actions.
    fn act(&mut self, action: Self::Action, cx: &mut ActCx<'_>);
}

/// The figures a screen asks the worker lanes for and where they land. A
/// type implementing it holds the screen's lanes.
pub(crate) trait Work<S>: Sized {
    /// A result, tagged with the settings it was computed for.
    type Arrival: Debug + Clone + PartialEq;

    /// Starts the lanes (idle threads until asked), each ringing `bell`
    /// with its answers.
    fn start(bell: &Bell) -> Self;

    /// Asks for every figure `state` lacks. Asking again for the same
    /// settings costs nothing; new settings cancel the old work.
    fn ask(&mut self, state: &S);

    /// Every result that has arrived since the last call.
    fn collect(&mut self, out: &mut Vec<Self::Arrival>);

    /// Every figure `state` shows, computed on this thread (for `bloomlab
    /// render`, benches and tests).
    fn now(state: &S) -> Vec<Self::Arrival>;

    /// Stores a result where the screen's view reads it.
    fn store(state: &mut S, arrival: Self::Arrival);
}

/// The work of a screen that computes nothing off the UI thread.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Idle;

impl<S> Work<S> for Idle {
    type Arrival = Infallible;

    fn start(_: &Bell) -> Self {
        Idle
    }

    fn ask(&mut self, _: &S) {}

    fn collect(&mut self, _: &mut Vec<Infallible>) {}

    fn now(_: &S) -> Vec<Infallible> {
        Vec::new()
    }

    fn store(_: &mut S, arrival: Infallible) {
        match arrival {}
    }
}

/// Present mode's split of the frame: the view, and its last row for the
/// quiet line.
fn present_rows(body: Rect) -> [Rect; 2] {
    Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(body)
}

/// Present mode's one quiet line: the screen's name only. The keys are
/// the operator's business (in `?` and the README), not the class's, so
/// none of them is projected.
fn present_line(cx: &ViewCx<'_>, line: Rect, buf: &mut Buffer) {
    let text = format!(" {}", cx.title);
    buf.set_stringn(
        line.x,
        line.y,
        text,
        usize::from(line.width),
        cx.theme.style(Role::Label),
    );
    cx.record_drawn("progress", line, buf);
}
