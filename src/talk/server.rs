//! The presenting app's side of the link. Every socket call runs on a
//! thread of its own: one accepts speakers, one reads each speaker's
//! commands, one writes the app's state to every speaker (with a timeout,
//! so a speaker that stops reading is dropped rather than waited for).
//! The app only ever hands over a line through a channel, which never
//! blocks.
//!
//! A session takes at most [`MAX_SPEAKERS`] speakers at once, so the
//! threads stay at most that many readers and two more however many
//! connections come; a connection over the limit is sent one line saying
//! why (which the speaker prints) and closed, with no thread of its own.
//! Only one presenting app holds a session: a second one is refused when it
//! binds (see [`super::endpoint::Endpoint::listen`]).

use std::io::Write;
use std::net::Shutdown;
use std::os::unix::net::{UnixListener, UnixStream};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use super::endpoint::{Endpoint, TalkError};
use super::protocol::{Command, State, ToSpeaker, line, parse, read_lines};

/// How long a write to one speaker may take before it is dropped.
const WRITE_TIMEOUT: Duration = Duration::from_millis(500);

/// How long the refusal may take to write before the connection is simply
/// closed (it is one short line, which a socket's buffer always takes).
const REFUSE_TIMEOUT: Duration = Duration::from_millis(50);

/// Most speaker views one session takes at once: the laptop, a tablet, a
/// second teacher, with one to spare.
pub const MAX_SPEAKERS: usize = 4;

/// The speakers connected now (each with the id its reader thread knows),
/// how many reader threads are running, and the last line sent (for
/// newcomers).
#[derive(Default)]
struct Speakers {
    streams: Vec<(u64, UnixStream)>,
    readers: usize,
    next_id: u64,
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
        let session = endpoint.session.name().to_string();
        thread::Builder::new()
            .name("bloomlab-talk-accept".into())
            .spawn(move || accept(&listener, &shared, &session, &on_command))
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
        // A clock that went back (the talk restarted) is news too.
        let restarted = self
            .last
            .as_ref()
            .is_some_and(|last| state.talk_ms < last.talk_ms);
        if same && !restarted {
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
    session: &str,
    on_command: &Arc<impl Fn(Command) + Send + Sync + 'static>,
) {
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
        let id = {
            let mut speakers = lock(shared);
            // Counted by reader threads, not by streams still written to:
            // a speaker dropped for not reading keeps its thread until its
            // socket is shut, so it still holds its place until then.
            if speakers.readers >= MAX_SPEAKERS {
                drop(speakers);
                refuse(stream, session);
                continue;
            }
            let Ok(reader) = stream.try_clone() else {
                continue;
            };
            let mut stream = stream;
            let greeted = match &speakers.last {
                Some(text) => stream.write_all(text.as_bytes()).is_ok(),
                None => true,
            };
            if !greeted {
                continue;
            }
            let id = speakers.next_id;
            speakers.next_id += 1;
            speakers.streams.push((id, stream));
            speakers.readers += 1;
            (id, reader)
        };
        let (id, reader) = id;
        let on_command = Arc::clone(on_command);
        let mine = Arc::clone(shared);
        let spawned = thread::Builder::new()
            .name("bloomlab-talk-read".into())
            .spawn(move || {
                read_lines(reader, |text| {
                    if let Some(command) = parse::<Command>(text) {
                        on_command(command);
                    }
                    true
                });
                leave(&mine, id);
            });
        if spawned.is_err() {
            leave(shared, id);
        }
    }
}

/// Tells a connection over the limit why, and closes it.
fn refuse(mut stream: UnixStream, session: &str) {
    let why = format!(
        "refused: session '{session}' already has {MAX_SPEAKERS} speaker views, the most it \
         takes; close one and this one follows the app by itself"
    );
    let _ = stream.set_write_timeout(Some(REFUSE_TIMEOUT));
    let _ = stream.write_all(line(&ToSpeaker::Refused { why }).as_bytes());
    let _ = stream.shutdown(Shutdown::Both);
}

/// A speaker's reader has ended: its place is free.
fn leave(shared: &Shared, id: u64) {
    let mut speakers = lock(shared);
    speakers.streams.retain(|(i, _)| *i != id);
    speakers.readers = speakers.readers.saturating_sub(1);
}

fn broadcast(rx: &Receiver<String>, shared: &Shared) {
    for text in rx {
        let mut speakers = lock(shared);
        speakers.streams.retain_mut(|(_, s)| {
            let ok = s.write_all(text.as_bytes()).is_ok();
            if !ok {
                // Its reader then sees the end and frees the place.
                let _ = s.shutdown(Shutdown::Both);
            }
            ok
        });
        speakers.last = Some(text);
    }
}

#[cfg(test)]
mod tests {
    use std::io::{BufRead, BufReader};
    use std::time::Instant;

    use super::*;
    use crate::talk::Session;
    use crate::talk::endpoint::current_uid;

    /// The threads of this process whose name starts with `prefix` (the
    /// system keeps 15 bytes of a name).
    fn threads_named(prefix: &str) -> usize {
        let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
            return 0;
        };
        tasks
            .filter_map(Result::ok)
            .filter_map(|t| std::fs::read_to_string(t.path().join("comm")).ok())
            .filter(|name| name.starts_with(prefix))
            .count()
    }

    fn first_line(stream: &UnixStream) -> String {
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        let mut text = String::new();
        let _ = BufReader::new(stream).read_line(&mut text);
        text
    }

    #[test]
    fn speakers_over_the_limit_are_refused_with_a_reason_and_no_thread() {
        let dir =
            std::env::temp_dir().join(format!("bloomlab-server-limit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let endpoint = Endpoint::in_dir(
            &Session::new("limit").unwrap(),
            dir.join("s"),
            current_uid(),
        );
        let mut server = Server::start(endpoint.clone(), |_| {}).unwrap();
        server.publish(State {
            scene: 1,
            step: 1,
            ..State::default()
        });
        let tries = 12 * MAX_SPEAKERS;
        let streams: Vec<UnixStream> = (0..tries).map(|_| endpoint.connect().unwrap()).collect();
        let lines: Vec<String> = streams.iter().map(first_line).collect();
        let taken = lines
            .iter()
            .filter(|l| l.contains("\"kind\":\"state\""))
            .count();
        let refused: Vec<&String> = lines.iter().filter(|l| l.contains("\"refused\"")).collect();
        assert_eq!(taken, MAX_SPEAKERS, "{lines:?}");
        assert_eq!(refused.len(), tries - MAX_SPEAKERS);
        let Some(ToSpeaker::Refused { why }) = parse::<ToSpeaker>(refused[0]) else {
            panic!("{}", refused[0]);
        };
        assert!(
            why.contains("session 'limit'") && why.contains("speaker views"),
            "{why}"
        );
        // One reader per speaker taken (each starts just after its first
        // line is written); nothing for the refused ones.
        let deadline = Instant::now() + Duration::from_secs(5);
        while threads_named("bloomlab-talk-r") < MAX_SPEAKERS && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(threads_named("bloomlab-talk-r"), MAX_SPEAKERS);
        // A speaker that leaves frees its place for the next.
        let mut streams = streams;
        let gone = streams.remove(lines.iter().position(|l| l.contains("state")).unwrap());
        drop(gone);
        let deadline = Instant::now() + Duration::from_secs(5);
        let again = loop {
            let s = endpoint.connect().unwrap();
            let l = first_line(&s);
            if l.contains("state") || Instant::now() > deadline {
                break l;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(again.contains("\"kind\":\"state\""), "{again}");
        drop(server);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
