//! The presenting app's side of the link. Every socket call runs on a
//! thread of its own: one accepts speakers, one reads each speaker's
//! commands, one writes the app's state to every speaker (with a timeout,
//! so a speaker that stops reading is dropped rather than waited for).
//! The app only ever hands over a line through a channel, which never
//! blocks.

use std::io::Write;
use std::os::unix::net::{UnixListener, UnixStream};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use super::endpoint::{Endpoint, TalkError};
use super::protocol::{Command, State, ToSpeaker, line, parse, read_lines};

/// How long a write to one speaker may take before it is dropped.
const WRITE_TIMEOUT: Duration = Duration::from_millis(500);

/// The speakers connected now, and the last line sent (for newcomers).
#[derive(Default)]
struct Speakers {
    streams: Vec<UnixStream>,
    last: Option<String>,
}

type Shared = Arc<Mutex<Speakers>>;

fn lock(s: &Shared) -> std::sync::MutexGuard<'_, Speakers> {
    s.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A presenting app's socket, listening.
pub struct Server {
    endpoint: Endpoint,
    bound: Option<(u64, u64)>,
    tx: Sender<String>,
    last: Option<State>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("path", &self.endpoint.path)
            .finish_non_exhaustive()
    }
}

impl Server {
    /// Binds the session's socket and starts the threads; each command a
    /// speaker sends is handed to `on_command` (on a reader thread).
    pub fn start(
        endpoint: Endpoint,
        on_command: impl Fn(Command) + Send + Sync + 'static,
    ) -> Result<Server, TalkError> {
        let listener = endpoint.listen()?;
        let bound = endpoint.identity();
        let shared: Shared = Arc::default();
        let (tx, rx) = mpsc::channel::<String>();
        let writer = Arc::clone(&shared);
        let io = |e| TalkError::Io {
            what: "cannot start a thread for",
            path: crate::text::escaped(&endpoint.path.display().to_string()),
            error: e,
        };
        thread::Builder::new()
            .name("bloomlab-talk-write".into())
            .spawn(move || broadcast(&rx, &writer))
            .map_err(io)?;
        let on_command = Arc::new(on_command);
        thread::Builder::new()
            .name("bloomlab-talk-accept".into())
            .spawn(move || accept(&listener, &shared, &on_command))
            .map_err(io)?;
        Ok(Server {
            endpoint,
            bound,
            tx,
            last: None,
        })
    }

    /// Sends `state` to every speaker when it differs from the last one
    /// sent (the times aside: a speaker counts those on by itself).
    pub fn publish(&mut self, state: State) {
        let same = self.last.as_ref().is_some_and(|last| {
            State {
                talk_ms: 0,
                scene_ms: 0,
                ..last.clone()
            } == State {
                talk_ms: 0,
                scene_ms: 0,
                ..state.clone()
            }
        });
        if same {
            return;
        }
        let _ = self
            .tx
            .send(line(&ToSpeaker::State(Box::new(state.clone()))));
        self.last = Some(state);
    }

    /// The socket's path.
    pub fn path(&self) -> &std::path::Path {
        &self.endpoint.path
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(bound) = self.bound {
            self.endpoint.remove_if_ours(bound);
        }
    }
}

fn accept(
    listener: &UnixListener,
    shared: &Shared,
    on_command: &Arc<impl Fn(Command) + Send + Sync + 'static>,
) {
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
        let Ok(reader) = stream.try_clone() else {
            continue;
        };
        {
            let mut speakers = lock(shared);
            let mut stream = stream;
            let greeted = match &speakers.last {
                Some(text) => stream.write_all(text.as_bytes()).is_ok(),
                None => true,
            };
            if greeted {
                speakers.streams.push(stream);
            }
        }
        let on_command = Arc::clone(on_command);
        let _ = thread::Builder::new()
            .name("bloomlab-talk-read".into())
            .spawn(move || {
                read_lines(reader, |text| {
                    if let Some(command) = parse::<Command>(text) {
                        on_command(command);
                    }
                    true
                });
            });
    }
}

fn broadcast(rx: &Receiver<String>, shared: &Shared) {
    for text in rx {
        let mut speakers = lock(shared);
        speakers
            .streams
            .retain_mut(|s| s.write_all(text.as_bytes()).is_ok());
        speakers.last = Some(text);
    }
}
