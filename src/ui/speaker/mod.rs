//! `bloomlab speaker`: a second terminal beside the presenting one. It
//! shows the current step's narration whole (the reveal's part marked), the
//! first line of what comes next, the step, and how long the talk and the
//! scene have run; its arrows step the presenting app, which moves both.
//! It waits for an app when there is none, and keeps waiting when the app
//! goes, so either side can quit or crash without taking the other along.
//!
//! - [`Speaker`]: its state, changed only by [`Speaker::apply`];
//! - [`view`]: drawing it.

pub(crate) mod view;

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::{DefaultTerminal, widgets::Widget};

use crate::talk::client::{Client, Event as LinkEvent};
use crate::talk::{Command, Endpoint, Session, State};
use crate::ui::error::UiError;
use crate::ui::input::signals::Signal;
use crate::ui::input::source::{Incoming, Input};
use crate::ui::runtime::{Ending, suspend, take_again, with_terminal};
use crate::ui::theme::Theme;

/// How often the speaker redraws its clocks while it follows an app.
const TICK: Duration = Duration::from_secs(1);

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
}

/// What a key asks of the speaker view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SpeakerKey {
    /// Step the presenting app.
    Step(Command),
    /// Leave.
    Quit,
    /// Stop for now (Ctrl+Z).
    Suspend,
}

impl Speaker {
    /// A speaker view of `session`, waiting for its app.
    pub(crate) fn new(session: &str, theme: Theme, now: Instant) -> Speaker {
        Speaker {
            session: session.to_string(),
            waiting: Some(format!(
                "looking for a presenting app on session '{session}'"
            )),
            state: None,
            now,
            theme,
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
}

/// The key map of the speaker view.
pub(crate) fn key(event: &Event) -> Option<SpeakerKey> {
    let Event::Key(key) = event else { return None };
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char('c' | 'C') if ctrl => SpeakerKey::Quit,
        KeyCode::Char('z' | 'Z') if ctrl => SpeakerKey::Suspend,
        KeyCode::Right | KeyCode::Char(' ') | KeyCode::Enter | KeyCode::PageDown => {
            SpeakerKey::Step(Command::Forward)
        }
        KeyCode::Left | KeyCode::Backspace | KeyCode::PageUp => SpeakerKey::Step(Command::Back),
        KeyCode::Char('q') | KeyCode::Esc => SpeakerKey::Quit,
        _ => return None,
    })
}

/// Runs the speaker view on this terminal until it is quit.
pub(crate) fn run(session: Option<&str>) -> Result<(), UiError> {
    let session = Session::or_default(session).map_err(UiError::Terminal)?;
    let mut speaker = Speaker::new(session.name(), Theme::from_env(), Instant::now());
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
                Incoming::Event(event) => match key(&event) {
                    Some(SpeakerKey::Step(command)) => client.send(command),
                    Some(SpeakerKey::Quit) => return Ok(Ending::Quit),
                    Some(SpeakerKey::Suspend) => suspend(terminal, tty)?,
                    None => {}
                },
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
