//! The terminal: set-up, the event loop, and giving the terminal back on
//! every way out (quit, Ctrl+C, SIGTERM, SIGINT, SIGHUP, SIGQUIT, a
//! panic). Ctrl+Z and SIGTSTP give it back and stop; SIGCONT takes it
//! again and redraws.
//!
//! The loop sleeps on [`Source::wait`] until input, a signal, or (only
//! while a figure is being computed) the next look for results.

use std::io::{IsTerminal, stdout};
use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::Event;
use ratatui::{DefaultTerminal, Terminal, backend::CrosstermBackend};

use crate::talk::server::Server;
use crate::ui::action::Action;
use crate::ui::app::App;
use crate::ui::error::UiError;
use crate::ui::input::signals::{self, Signal};
use crate::ui::input::source::{Incoming, Input, Source};
use crate::ui::input::terminfo;
use crate::ui::input::tty::Tty;
use crate::ui::jobs::Jobs;
use crate::ui::keymap::{key_to_action, mouse_to_action};
use crate::ui::update::{Message, update};
use crate::ui::worker::Bell;

/// How often the loop looks for results while work is in flight, besides
/// the lanes' bell (which wakes it as each result lands).
const WORK_TICK: Duration = Duration::from_millis(50);

/// Set to `1` by the pseudo-terminal tests to make the app panic on its
/// first key press, proving that a crash still gives the terminal back.
const TEST_PANIC_VAR: &str = "BLOOMLAB_TEST_PANIC";

/// How the loop ended.
pub(crate) enum Ending {
    /// The user quit.
    Quit,
    /// A termination signal: the process ends by it.
    Signal(i32),
}

fn terminal_error(what: &str) -> impl Fn(std::io::Error) -> UiError + '_ {
    move |e| UiError::Terminal(format!("{what}: {e}"))
}

/// Runs the app until the user quits or a termination signal arrives.
pub(crate) fn run(app: &mut App) -> Result<(), UiError> {
    with_terminal(|terminal, source, tty, tx| {
        let ready = tx.clone();
        // A closed channel means the loop is gone; nobody is waiting.
        let bell = Bell::new(move || drop(ready.send(Input::Ready)));
        let link = crate::ui::link::start(app, tx);
        event_loop(terminal, app, source, tty, link, Jobs::ringing(bell))
    })
}

/// Takes the terminal, runs `body` on it with the input source (and a
/// sender into it, for threads with news), and gives the terminal back on
/// every way out.
pub(crate) fn with_terminal(
    body: impl FnOnce(&mut DefaultTerminal, &mut Source, &Tty, Sender<Input>) -> Result<Ending, UiError>,
) -> Result<(), UiError> {
    if !stdout().is_terminal() {
        return Err(UiError::Terminal(
            "the app needs an interactive terminal; for output to a pipe or file use \
             `bloomlab render` or a subcommand (see bloomlab --help)"
                .into(),
        ));
    }
    if let Some(why) = terminfo::unfit(std::env::var_os("TERM").as_deref()) {
        return Err(UiError::Terminal(format!(
            "{why}, so the app cannot draw here; `bloomlab render` prints any screen as text"
        )));
    }
    let tty = Arc::new(Tty::open().map_err(terminal_error("cannot open the terminal"))?);
    let reader = tty
        .reader()
        .map_err(terminal_error("cannot read the terminal"))?;
    let (mut source, signal_tx) =
        Source::start(reader).map_err(terminal_error("cannot read the terminal"))?;
    let news = signal_tx.clone();
    // A closed channel means the loop is gone: it gave the terminal back
    // on its way out, or the watchdog will.
    let send = move |signal| drop(signal_tx.send(Input::Signal(signal)));
    signals::watch(send, Arc::clone(&tty)).map_err(terminal_error("cannot watch for signals"))?;
    give_back_on_panic(&tty);
    tty.take()
        .map_err(terminal_error("cannot set up the terminal"))?;
    let outcome = Terminal::new(CrosstermBackend::new(stdout()))
        .map_err(terminal_error("cannot set up the terminal"))
        .and_then(|mut terminal| body(&mut terminal, &mut source, &tty, news));
    tty.give_back();
    match outcome? {
        Ending::Quit => Ok(()),
        Ending::Signal(number) => signals::end_by(number, &tty),
    }
}

/// A panic on any thread gives the terminal back before its message is
/// printed; on a worker thread it also ends the app, which could not go on
/// drawing on a terminal given back.
fn give_back_on_panic(tty: &Arc<Tty>) {
    let tty = Arc::clone(tty);
    let ui_thread = std::thread::current().id();
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        tty.give_back();
        eprintln!("bloomlab stopped on a bug; the terminal has been restored. Details:");
        previous(info);
        if std::thread::current().id() != ui_thread {
            std::process::exit(101);
        }
    }));
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    source: &mut Source,
    tty: &Tty,
    mut link: Option<Server>,
    mut jobs: Jobs,
) -> Result<Ending, UiError> {
    let mut dirty = true;
    let mut incoming = Vec::new();
    let panic_on_key = std::env::var_os(TEST_PANIC_VAR).is_some_and(|v| v == "1");
    loop {
        jobs.dispatch(app);
        for arrival in jobs.collect() {
            update(app, Message::Arrived(Box::new(arrival)));
            dirty = true;
        }
        if dirty {
            draw(terminal, app)?;
            if let Some(server) = link.as_mut() {
                server.publish(crate::ui::link::state(app));
            }
            dirty = false;
        }
        // Everything that arrived while drawing is taken before the next
        // frame, so a held key moves a slider as fast as it repeats and
        // only the final setting is computed.
        let work = app.computing().then_some(WORK_TICK);
        let ceiling = match (work, app.clock.next_wake()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        source.wait(ceiling, &mut incoming);
        let lecture = |app: &App| {
            let tab = &app.screens.lecture;
            (
                tab.step,
                tab.revealed,
                app.clock.label(),
                app.clock.noting(),
            )
        };
        let before = lecture(app);
        update(app, Message::Tick(Instant::now()));
        dirty |= before != lecture(app);
        for item in incoming.drain(..) {
            match item {
                Incoming::Event(event) => {
                    if panic_on_key && matches!(event, Event::Key(_)) {
                        panic!("{TEST_PANIC_VAR}=1: deliberate panic on the first key press");
                    }
                    match handle(app, event) {
                        Handled::Nothing => {}
                        Handled::Redraw => dirty = true,
                        Handled::Suspend => {
                            suspend(terminal, tty)?;
                            dirty = true;
                        }
                    }
                }
                Incoming::Remote(command) => {
                    update(app, Message::Remote(command));
                    dirty = true;
                }
                Incoming::Link(_) => {}
                Incoming::Signal(Signal::Terminate(number)) => return Ok(Ending::Signal(number)),
                Incoming::Signal(Signal::Suspend) => {
                    suspend(terminal, tty)?;
                    dirty = true;
                }
                Incoming::Signal(Signal::Continue) => {
                    take_again(terminal, tty)?;
                    dirty = true;
                }
                Incoming::Signal(Signal::Resize) => dirty = true,
                Incoming::Closed(why) => return Err(UiError::Terminal(why)),
            }
            if app.quit {
                return Ok(Ending::Quit);
            }
        }
    }
}

/// Draws the app at the terminal's current size.
fn draw(terminal: &mut DefaultTerminal, app: &mut App) -> Result<(), UiError> {
    let io = terminal_error("terminal error");
    let size = terminal.size().map_err(&io)?;
    update(app, Action::Resize(size.width, size.height));
    terminal
        .draw(|frame| frame.render_widget(&*app, frame.area()))
        .map_err(&io)?;
    Ok(())
}

/// Gives the terminal back and stops the process, as SIGTSTP's default
/// action would; once continued, takes the terminal again.
pub(crate) fn suspend(terminal: &mut DefaultTerminal, tty: &Tty) -> Result<(), UiError> {
    tty.give_back();
    let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP);
    take_again(terminal, tty)
}

/// Raw mode and the app's modes again, and a full redraw: after a stop the
/// shell may have changed both the modes and the screen. The screen is
/// cleared and a fresh `Terminal` draws every cell of the next frame
/// (`Terminal::clear` would ask the terminal for its cursor position, a
/// reply only crossterm's own event reader could read).
pub(crate) fn take_again(terminal: &mut DefaultTerminal, tty: &Tty) -> Result<(), UiError> {
    let error = terminal_error("cannot take the terminal back");
    tty.take().map_err(&error)?;
    *terminal = Terminal::new(CrosstermBackend::new(stdout())).map_err(&error)?;
    Ok(())
}

/// What one event asks of the loop.
enum Handled {
    Nothing,
    Redraw,
    Suspend,
}

/// Applies one terminal event.
fn handle(app: &mut App, event: Event) -> Handled {
    let action = match event {
        Event::Key(key) => key_to_action(app, key),
        Event::Mouse(mouse) => mouse_to_action(app, mouse),
        Event::Resize(w, h) => Some(Action::Resize(w, h)),
        Event::Paste(text) => {
            update(app, Message::Paste(text));
            return Handled::Redraw;
        }
        Event::FocusGained => return Handled::Redraw,
        Event::FocusLost => None,
    };
    match action {
        Some(Action::Suspend) => Handled::Suspend,
        Some(action) => {
            update(app, action);
            Handled::Redraw
        }
        None => Handled::Nothing,
    }
}
