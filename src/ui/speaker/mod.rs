//! `bloomlab speaker`: a second terminal beside the presenting one. It
//! shows the current step's narration whole (the reveal's part marked) and
//! the prediction card with the class's answer, the next step drawn small
//! (or its headline and first line when the window is too small), the
//! step, how long the talk and the scene have run, and with a talk length
//! a countdown, the scene's share of the talk and whether the talk is ahead
//! or behind. Its arrows step the presenting app, which moves both; `A` to
//! `D` and `=` record the class's answer there; `N` writes a lesson note
//! tagged with the step. It waits for an app when there is none, and keeps
//! waiting when the app goes, so either side can quit or crash without
//! taking the other along.
//!
//! - [`Speaker`]: its state, changed only by [`Speaker::apply`] (the
//!   link's news) and [`Speaker::press`] (its keys);
//! - [`keys`]: the key map and the key list;
//! - [`preview`]: the next step's board;
//! - [`view`]: drawing it.

pub(crate) mod keys;
pub(crate) mod preview;
pub(crate) mod view;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::{DefaultTerminal, widgets::Widget};

use crate::talk::client::{Client, Event as LinkEvent};
use crate::talk::pace::Pace;
use crate::talk::protocol::ANSWERS_FROM;
use crate::talk::{Command, Endpoint, Session, State};
use crate::ui::config::SpeakerConfig;
use crate::ui::error::UiError;
use crate::ui::input::signals::Signal;
use crate::ui::input::source::{Incoming, Input};
use crate::ui::runtime::{Ending, suspend, take_again, with_terminal};
use crate::ui::text_field::TextField;
use crate::ui::theme::Theme;
use keys::{FieldKind, SpeakerKey};
use preview::Preview;

/// How often the speaker redraws its clocks while it follows an app.
const TICK: Duration = Duration::from_secs(1);

/// Most characters of the class's number.
const NUMBER_MAX: usize = 16;

/// The line at the bottom about the last thing done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Said {
    /// The words.
    pub text: String,
    /// True when it went wrong.
    pub failed: bool,
}

/// Where the talk's length came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LengthFrom {
    /// The speaker's own `--minutes`.
    Flag,
    /// The presenting app.
    App,
    /// The config file.
    File,
}

/// What the speaker view knows.
#[derive(Debug, Clone)]
pub(crate) struct Speaker {
    /// The session followed.
    pub session: String,
    /// Why there is no app to follow, when there is none.
    pub waiting: Option<String>,
    /// The app's last word, and when it came.
    pub state: Option<(State, Instant)>,
    /// Now.
    pub now: Instant,
    /// Styles.
    pub theme: Theme,
    /// The talk's length from the speaker's own flag.
    pub own_minutes: Option<u32>,
    /// The talk's length from the config file.
    pub file_minutes: Option<u32>,
    /// Where notes go.
    pub notes_file: Option<PathBuf>,
    /// The open field: a note or the class's number.
    pub field: Option<(FieldKind, TextField)>,
    /// What the last key did, until the next one.
    pub said: Option<Said>,
    /// The key list is open.
    pub help: bool,
    /// The next step's board.
    pub preview: Preview,
}

impl Speaker {
    /// A speaker view as `config` asks, waiting for its app.
    pub(crate) fn new(
        config: &SpeakerConfig,
        session: &str,
        theme: Theme,
        now: Instant,
    ) -> Speaker {
        Speaker {
            session: session.to_string(),
            waiting: Some(format!(
                "looking for a presenting app on session '{session}'"
            )),
            state: None,
            now,
            theme,
            own_minutes: config.own_minutes,
            file_minutes: config.file_minutes,
            notes_file: config.notes_file.clone(),
            field: None,
            said: config.warnings.first().map(|w| Said {
                text: w.clone(),
                failed: true,
            }),
            help: false,
            preview: Preview::default(),
        }
    }

    /// Takes the link's news.
    pub(crate) fn apply(&mut self, event: LinkEvent, now: Instant) {
        self.now = now;
        match event {
            LinkEvent::Waiting(why) => self.waiting = Some(why),
            LinkEvent::Connected => self.waiting = None,
            LinkEvent::State(state) => {
                self.waiting = None;
                self.preview.follow(&state);
                // A number field stays open only while its question does.
                if matches!(self.field, Some((FieldKind::Number, _))) && !asks_number(&state) {
                    self.field = None;
                }
                self.state = Some((*state, now));
            }
        }
    }

    /// How long the talk and the scene have run, counted on from the
    /// app's last word.
    pub(crate) fn times(&self) -> Option<(Duration, Duration)> {
        let (state, at) = self.state.as_ref()?;
        let since = if self.waiting.is_none() {
            self.now.saturating_duration_since(*at)
        } else {
            Duration::ZERO
        };
        Some((
            Duration::from_millis(state.talk_ms) + since,
            Duration::from_millis(state.scene_ms) + since,
        ))
    }

    /// The talk's length in minutes and where it came from: the speaker's
    /// flag, else the app's, else the config file's.
    pub(crate) fn minutes(&self) -> Option<(u32, LengthFrom)> {
        let app = self.state.as_ref().and_then(|(s, _)| s.minutes);
        self.own_minutes
            .map(|m| (m, LengthFrom::Flag))
            .or(app.map(|m| (m, LengthFrom::App)))
            .or(self.file_minutes.map(|m| (m, LengthFrom::File)))
    }

    /// The talk's plan, when its length is known and the app said how
    /// its lecture is made.
    pub(crate) fn pace(&self) -> Option<Pace> {
        let (minutes, _) = self.minutes()?;
        let (state, _) = self.state.as_ref()?;
        let length = Duration::from_secs(u64::from(minutes) * 60);
        Some(Pace::new(length, &state.scene_lengths, &state.predicts))
    }

    fn say(&mut self, text: impl Into<String>, failed: bool) {
        self.said = Some(Said {
            text: text.into(),
            failed,
        });
    }

    /// Applies a key; returns what to send to the presenting app.
    pub(crate) fn press(&mut self, key: SpeakerKey) -> Option<Command> {
        if !matches!(key, SpeakerKey::Type(_) | SpeakerKey::Erase) {
            self.said = None;
        }
        match key {
            SpeakerKey::Help | SpeakerKey::Cancel if self.help => self.help = false,
            SpeakerKey::Help => self.help = true,
            SpeakerKey::Send(command) => return self.send(command),
            SpeakerKey::Pick(i) => return self.pick(i),
            SpeakerKey::Open(FieldKind::Note) => {
                self.field = Some((
                    FieldKind::Note,
                    TextField::new("note", crate::notes::book::MAX_TEXT),
                ));
            }
            SpeakerKey::Open(FieldKind::Number) => self.open_number(),
            SpeakerKey::Type(c) => {
                if let Some((_, f)) = self.field.as_mut() {
                    f.push(c);
                }
            }
            SpeakerKey::Erase => {
                if let Some((_, f)) = self.field.as_mut() {
                    f.pop();
                }
            }
            SpeakerKey::Cancel => self.field = None,
            SpeakerKey::Submit => return self.submit(),
            SpeakerKey::Quit | SpeakerKey::Suspend => {}
        }
        None
    }

    /// The app's state, when it takes version 2's commands; otherwise says
    /// why not.
    fn answering_app(&mut self) -> Option<&State> {
        let version = match &self.state {
            None => {
                self.say("no presenting app to tell", true);
                return None;
            }
            Some((state, _)) => state.version,
        };
        if version < ANSWERS_FROM {
            self.say(
                "this presenting app is an older bloomlab: it cannot take the class's answers \
                 or restart its clock from here",
                true,
            );
            return None;
        }
        self.state.as_ref().map(|(s, _)| s)
    }

    fn send(&mut self, command: Command) -> Option<Command> {
        match command {
            Command::Forward | Command::Back => Some(command),
            _ => {
                self.answering_app()?;
                self.say(
                    "the talk starts now: its clock and the countdown restart",
                    false,
                );
                Some(command)
            }
        }
    }

    fn pick(&mut self, i: usize) -> Option<Command> {
        let state = self.answering_app()?;
        let why = if state.question.is_none() || state.at_end {
            Some(
                "A to D record the class's pick on a predict step; this step asks nothing"
                    .to_string(),
            )
        } else if state.revealed {
            Some("the answer is revealed already: ← hides it again to record a pick".into())
        } else if state.number {
            Some("this question wants a number: = types it".into())
        } else if i >= state.choices {
            Some(format!(
                "this question has {}: {} record the pick",
                state.choices,
                crate::lecture::texts::choice_keys(state.choices)
            ))
        } else {
            None
        };
        match why {
            Some(why) => {
                self.say(why, true);
                None
            }
            None => Some(Command::Choice { index: i }),
        }
    }

    fn open_number(&mut self) {
        let Some(state) = self.answering_app() else {
            return;
        };
        if asks_number(state) {
            self.field = Some((FieldKind::Number, TextField::new("number", NUMBER_MAX)));
        } else {
            self.say(
                "= types the class's number on a predict step that asks for one",
                true,
            );
        }
    }

    fn submit(&mut self) -> Option<Command> {
        let (kind, field) = self.field.take()?;
        match kind {
            FieldKind::Number => match crate::lecture::predict::read_number(field.text()) {
                Ok(value) => Some(Command::Number { value }),
                Err(why) => {
                    self.say(format!("{why} (Esc cancels)"), true);
                    self.field = Some((kind, field));
                    None
                }
            },
            FieldKind::Note => {
                self.add_note(field.text());
                None
            }
        }
    }

    /// Where a note written now is said to come from, as the app's notes
    /// panel names the lecture's places.
    fn place(&self) -> String {
        match &self.state {
            Some((s, _)) if s.at_end => "Lecture, closing screen".into(),
            Some((s, _)) => format!("Lecture {}.{}", s.scene, s.step),
            None => "speaker view".into(),
        }
    }

    /// Adds a lesson note to the notes file, as `bloomlab notes add` does.
    fn add_note(&mut self, text: &str) {
        let Some(path) = self.notes_file.clone() else {
            self.say(
                "no note kept: this system names no data folder (set XDG_DATA_HOME)",
                true,
            );
            return;
        };
        let place = self.place();
        let shown = crate::text::escaped(&path.display().to_string());
        // Under the list's lock, on the list as it is on disk, so notes
        // added meanwhile elsewhere are kept; a frame waits at most this.
        let patience = std::time::Duration::from_millis(100);
        match crate::notes::change(&path, patience, |book| book.add(&place, text)) {
            Ok(changed) => {
                let warned = changed
                    .warning
                    .map(|w| format!(" ({w})"))
                    .unwrap_or_default();
                self.say(
                    format!(
                        "note {} added ({place}), kept in {shown}{warned}",
                        changed.value
                    ),
                    false,
                );
            }
            Err(crate::notes::FileError::Refused(e)) => self.say(e.to_string(), true),
            Err(e) => self.say(format!("note not saved: {e}"), true),
        }
    }
}

/// Whether the step in `state` asks for a number the class has not seen
/// revealed.
fn asks_number(state: &State) -> bool {
    state.number && !state.revealed && !state.at_end
}

/// Runs the speaker view on this terminal until it is quit.
pub(crate) fn run(config: &SpeakerConfig) -> Result<(), UiError> {
    let session = Session::or_default(config.session.as_deref()).map_err(UiError::Terminal)?;
    let mut speaker = Speaker::new(config, session.name(), Theme::from_env(), Instant::now());
    with_terminal(|terminal, source, tty, tx| {
        let endpoint = Endpoint::for_session(&session);
        let on_event = move |event| drop(tx.send(Input::Link(event)));
        let client = Client::start(endpoint, on_event)
            .map_err(|e| UiError::Terminal(format!("cannot start the speaker link: {e}")))?;
        speaker_loop(terminal, &mut speaker, source, tty, &client)
    })
}

fn draw(terminal: &mut DefaultTerminal, speaker: &Speaker) -> Result<(), UiError> {
    terminal
        .draw(|frame| speaker.render(frame.area(), frame.buffer_mut()))
        .map(|_| ())
        .map_err(|e| UiError::Terminal(format!("terminal error: {e}")))
}

fn speaker_loop(
    terminal: &mut DefaultTerminal,
    speaker: &mut Speaker,
    source: &mut crate::ui::input::source::Source,
    tty: &crate::ui::input::tty::Tty,
    client: &Client,
) -> Result<Ending, UiError> {
    let mut incoming = Vec::new();
    loop {
        speaker.now = Instant::now();
        draw(terminal, speaker)?;
        let ceiling = speaker.state.is_some().then_some(TICK);
        source.wait(ceiling, &mut incoming);
        for item in incoming.drain(..) {
            match item {
                Incoming::Event(event) => {
                    let typing = speaker.field.is_some();
                    match keys::key(&event, typing, speaker.help) {
                        Some(SpeakerKey::Quit) => return Ok(Ending::Quit),
                        Some(SpeakerKey::Suspend) => suspend(terminal, tty)?,
                        Some(key) => {
                            if let Some(command) = speaker.press(key) {
                                client.send(command);
                            }
                        }
                        None => {}
                    }
                }
                Incoming::Link(event) => speaker.apply(event, Instant::now()),
                Incoming::Signal(Signal::Terminate(n)) => return Ok(Ending::Signal(n)),
                Incoming::Signal(Signal::Suspend) => suspend(terminal, tty)?,
                Incoming::Signal(Signal::Continue) => take_again(terminal, tty)?,
                Incoming::Signal(Signal::Resize) | Incoming::Remote(_) => {}
                Incoming::Closed(why) => return Err(UiError::Terminal(why)),
            }
        }
    }
}
