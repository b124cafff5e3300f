//! The terminal: set-up, the event loop, and giving the terminal back on
//! every way out (quit, Ctrl+C, SIGTERM, SIGINT, panic); a hang-up ends it.

use std::io::{IsTerminal, stdout};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;

use crate::ui::action::Action;
use crate::ui::app::App;
use crate::ui::error::UiError;
use crate::ui::jobs::Jobs;
use crate::ui::keymap::{key_to_action, mouse_to_action};
use crate::ui::update::{Message, update};

/// How long the loop waits for input before looking for finished work.
const POLL: Duration = Duration::from_millis(50);

/// Set to `1` by the pseudo-terminal tests to make the app panic on its
/// first key press, proving that a crash still gives the terminal back.
const TEST_PANIC_VAR: &str = "BLOOMLAB_TEST_PANIC";

/// Runs the app until the user quits or a termination signal arrives.
pub(crate) fn run(app: &mut App) -> Result<(), UiError> {
    if !stdout().is_terminal() {
        return Err(UiError::Terminal(
            "the app needs an interactive terminal; for output to a pipe or file use \
             `bloomlab render` or a subcommand (see bloomlab --help)"
                .into(),
        ));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let watch = |e: std::io::Error| UiError::Terminal(format!("cannot watch for signals: {e}"));
    // The first SIGTERM asks the loop to stop and restore the terminal; a
    // second one, if the first went unheard, ends the process at once.
    // (Registering the conditional shutdown first means it sees the flag
    // before this signal sets it.)
    // SIGHUP keeps its default: the terminal is gone, nothing is left to
    // restore, and crossterm spins on a hung-up tty instead of returning.
    // SIGINT is treated the same way: in raw mode Ctrl+C arrives as a key,
    // so a SIGINT comes from `kill -INT`, and it must not leave the tty raw.
    for (signal, code) in [
        (signal_hook::consts::SIGTERM, 143),
        (signal_hook::consts::SIGINT, 130),
    ] {
        signal_hook::flag::register_conditional_shutdown(signal, code, Arc::clone(&stop))
            .map_err(watch)?;
        signal_hook::flag::register(signal, Arc::clone(&stop)).map_err(watch)?;
    }
    // ratatui's panic hook restores the screen and then calls the hook
    // installed before it: this one, which also releases the mouse.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        eprintln!("bloomlab stopped on a bug; the terminal has been restored. Details:");
        previous(info);
    }));
    let mut terminal = ratatui::try_init()
        .map_err(|e| UiError::Terminal(format!("cannot set up the terminal: {e}")))?;
    let outcome = execute!(stdout(), EnableMouseCapture)
        .map_err(|e| UiError::Terminal(format!("cannot enable the mouse: {e}")))
        .and_then(|()| event_loop(&mut terminal, app, &stop));
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    outcome
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    stop: &AtomicBool,
) -> Result<(), UiError> {
    let io = |e: std::io::Error| UiError::Terminal(format!("terminal error: {e}"));
    let mut jobs = Jobs::new();
    let mut dirty = true;
    let panic_on_key = std::env::var_os(TEST_PANIC_VAR).is_some_and(|v| v == "1");
    while !app.quit && !stop.load(Ordering::Relaxed) {
        jobs.dispatch(app);
        for arrival in jobs.collect() {
            update(app, Message::Arrived(arrival));
            dirty = true;
        }
        if dirty {
            let size = terminal.size().map_err(io)?;
            update(app, Action::Resize(size.width, size.height));
            terminal
                .draw(|frame| frame.render_widget(&*app, frame.area()))
                .map_err(io)?;
            dirty = false;
        }
        if !event::poll(POLL).map_err(io)? {
            // A resize event can be lost when the window changes size again
            // at once; asking the terminal its size each idle tick (one
            // ioctl) makes sure the screen follows it anyway.
            let size = terminal.size().map_err(io)?;
            dirty |= (size.width, size.height) != app.size;
            continue;
        }
        // Take every event already waiting before drawing again, so a held
        // key moves the slider as fast as it repeats and only the final
        // setting is computed.
        loop {
            let event = event::read().map_err(io)?;
            if panic_on_key && matches!(event, Event::Key(_)) {
                panic!("{TEST_PANIC_VAR}=1: deliberate panic on the first key press");
            }
            dirty |= handle(app, event);
            if app.quit || !event::poll(Duration::ZERO).map_err(io)? {
                break;
            }
        }
    }
    Ok(())
}

/// Applies one terminal event; true when the screen must be redrawn.
fn handle(app: &mut App, event: Event) -> bool {
    let action = match event {
        Event::Key(key) => key_to_action(app, key),
        Event::Mouse(mouse) => mouse_to_action(app, mouse),
        Event::Resize(w, h) => Some(Action::Resize(w, h)),
        _ => None,
    };
    match action {
        Some(action) => {
            update(app, action);
            true
        }
        None => matches!(event, Event::FocusGained),
    }
}
