//! The speaker's side of the link: a thread that connects to the session's
//! presenting app, waits and tries again while there is none, reads the
//! app's state as it comes, and a thread that writes the speaker's
//! commands. The speaker's screen only hands over commands through a
//! channel and hears of events through a callback, never touching the
//! socket itself.

use std::io::Write;
use std::os::unix::net::UnixStream;
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use super::endpoint::{Endpoint, TalkError};
use super::protocol::{Command, State, ToSpeaker, line, parse, read_lines};

/// How long the speaker waits before looking for the app again.
const RETRY: Duration = Duration::from_millis(300);
/// How long it waits after the app refused it (the session was full).
const RETRY_REFUSED: Duration = Duration::from_secs(2);
/// How long a command may take to write before it is given up.
const WRITE_TIMEOUT: Duration = Duration::from_millis(500);

/// What the link tells the speaker's screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// No app to follow, and why (nobody there yet, or a refused socket).
    Waiting(String),
    /// Connected to the app.
    Connected,
    /// Where the app stands.
    State(Box<State>),
}

type Slot = Arc<Mutex<Option<UnixStream>>>;

/// The speaker's link to a presenting app.
#[derive(Debug)]
pub struct Client {
    tx: Sender<Command>,
}

impl Client {
    /// Starts looking for the app at `endpoint`; every event goes to `on_event`.
    pub fn start(
        endpoint: Endpoint,
        on_event: impl Fn(Event) + Send + 'static,
    ) -> std::io::Result<Client> {
        let slot: Slot = Arc::default();
        let reader_slot = Arc::clone(&slot);
        thread::Builder::new()
            .name("bloomlab-speaker-read".into())
            .spawn(move || follow(&endpoint, &reader_slot, &on_event))?;
        let (tx, rx) = mpsc::channel::<Command>();
        thread::Builder::new()
            .name("bloomlab-speaker-write".into())
            .spawn(move || {
                for command in rx {
                    let text = line(&command);
                    let mut held = slot.lock().unwrap_or_else(PoisonError::into_inner);
                    if let Some(stream) = held.as_mut()
                        && stream.write_all(text.as_bytes()).is_err()
                    {
                        *held = None;
                    }
                }
            })?;
        Ok(Client { tx })
    }

    /// Asks the app to step; never waits (a command with no app is dropped).
    pub fn send(&self, command: Command) {
        let _ = self.tx.send(command);
    }
}

fn follow(endpoint: &Endpoint, slot: &Slot, on_event: &impl Fn(Event)) {
    let mut said = String::new();
    loop {
        match endpoint.connect() {
            Ok(stream) => {
                let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
                if let Ok(writer) = stream.try_clone() {
                    *slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(writer);
                }
                // Connected is said with the app's first state, so a
                // refused connection never looks taken for a moment.
                let mut refused = None;
                let mut first = true;
                read_lines(stream, |text| match parse::<ToSpeaker>(text) {
                    Some(ToSpeaker::State(state)) => {
                        if std::mem::take(&mut first) {
                            on_event(Event::Connected);
                        }
                        on_event(Event::State(state));
                        true
                    }
                    Some(ToSpeaker::Refused { why }) => {
                        refused = Some(why);
                        false
                    }
                    None => true,
                });
                *slot.lock().unwrap_or_else(PoisonError::into_inner) = None;
                if !first {
                    said.clear();
                }
                if let Some(why) = refused {
                    let why = crate::text::escaped(&why);
                    if why != said {
                        on_event(Event::Waiting(why.clone()));
                        said = why;
                    }
                    thread::sleep(RETRY_REFUSED);
                    continue;
                }
                let gone = format!(
                    "the presenting app on session '{}' has gone; waiting for it",
                    endpoint.session.name()
                );
                on_event(Event::Waiting(gone.clone()));
                said = gone;
            }
            Err(e) => {
                let why = match &e {
                    TalkError::NobodyThere { .. } if !said.is_empty() => said.clone(),
                    other => other.to_string(),
                };
                if why != said {
                    on_event(Event::Waiting(why.clone()));
                    said = why;
                }
            }
        }
        thread::sleep(RETRY);
    }
}
