//! One plain-mode session: the app's state, driven by typed lines instead of
//! keys, answered in sentences. Each line is a command of every screen
//! ([`super::commands`]) or of the screen on show (its
//! [`AppScreen::plain_line`]); after a change the screen is described
//! again ([`AppScreen::describe`]) once its figures are in, computed on the
//! app's worker lanes (a long wait says so and Ctrl+C stops it) or, for
//! tests, on this thread.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::commands::{self, Global};
use super::speak::speakable;
use crate::ui::app::App;
use crate::ui::jobs::{Jobs, compute_now};
use crate::ui::screen::seam::PlainReply;
use crate::ui::update::{Message, update};

/// How long figures may take before the session says it is computing.
const PATIENCE: Duration = Duration::from_millis(400);
/// How often the lanes are looked at while figures are computed.
const POLL: Duration = Duration::from_millis(5);

/// Where the figures are computed.
pub(crate) enum Figures {
    /// On the app's worker lanes, so a long one can be stopped.
    Lanes(Box<Jobs>),
    /// On this thread, at once (tests).
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "the tests' sessions compute at once")
    )]
    Now,
}

/// Whether the session goes on after a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Read the next line.
    Go,
    /// The user asked to leave.
    Quit,
}

/// A plain-mode session writing to `out`.
pub(crate) struct Session<W: Write> {
    app: App,
    figures: Figures,
    out: W,
    /// Typed lines are written back after the prompt (when they come from
    /// a pipe or a file, nothing else shows them).
    echo: bool,
    /// Set by Ctrl+C (SIGINT): stops the figures being computed.
    stop: Arc<AtomicBool>,
}

impl<W: Write> Session<W> {
    /// A session on `app`.
    pub(crate) fn new(
        app: App,
        figures: Figures,
        out: W,
        echo: bool,
        stop: Arc<AtomicBool>,
    ) -> Self {
        Session {
            app,
            figures,
            out,
            echo,
            stop,
        }
    }

    /// The greeting, the config file's warnings, the screen and a prompt.
    pub(crate) fn open(&mut self, warnings: &[String]) -> io::Result<()> {
        self.say(
            "bloomlab, plain mode: everything is said in lines of text. \
             Type a command and press Enter; ? lists the commands, q quits.",
        )?;
        for warning in warnings {
            self.say(warning)?;
        }
        self.say_screen()?;
        self.describe()?;
        self.prompt()
    }

    /// Takes one typed line; the prompt follows unless the user left.
    pub(crate) fn take(&mut self, line: &str) -> io::Result<Flow> {
        if self.echo {
            // As typed, only made safe: it is a record of the command.
            writeln!(self.out, "{}", crate::text::escaped(line))?;
        }
        let line = line.trim();
        match commands::global(line) {
            Some(Global::Quit) => return Ok(Flow::Quit),
            Some(Global::Help) => {
                let title = self.app.screen.title();
                for l in commands::help(self.app.on_show(), title) {
                    self.say(&l)?;
                }
            }
            Some(Global::Repeat) => self.describe()?,
            Some(Global::Go(screen)) => self.go(screen)?,
            Some(Global::NextScreen) => self.go(self.app.screen.next())?,
            None => self.screen_line(line)?,
        }
        self.prompt()?;
        Ok(Flow::Go)
    }

    /// The end of input: the session is over.
    pub(crate) fn close(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// A line for the screen on show.
    fn screen_line(&mut self, line: &str) -> io::Result<()> {
        let screen = self.app.screen;
        let reply = self.app.screens.get_mut(screen).plain_line(line);
        match reply {
            Some(PlainReply::Changed(words)) => {
                for w in &words {
                    self.say(w)?;
                }
                self.describe()
            }
            Some(PlainReply::Said(words)) => {
                for w in &words {
                    self.say(w)?;
                }
                Ok(())
            }
            // An empty line that means nothing here asks for the prompt only.
            None if line.is_empty() => Ok(()),
            None => self.say(&format!(
                "{} is not a command on the {} screen; ? lists the commands.",
                quoted(line),
                screen.title()
            )),
        }
    }

    /// Goes to `screen` and describes it.
    fn go(&mut self, screen: crate::ui::Screen) -> io::Result<()> {
        self.app.screens.blur_all();
        self.app.screen = screen;
        self.say_screen()?;
        self.describe()
    }

    /// Which screen is on show.
    fn say_screen(&mut self) -> io::Result<()> {
        let title = self.app.screen.title();
        self.say(&format!("The {title} screen."))
    }

    /// The screen on show, in words, once its figures are in.
    fn describe(&mut self) -> io::Result<()> {
        if !self.settle()? {
            // Half the figures would read as still computing: say nothing
            // more until asked again.
            return Ok(());
        }
        for line in self.app.on_show().describe() {
            self.say(&line)?;
        }
        Ok(())
    }

    /// Computes what the screen on show lacks: true once every figure is
    /// in. On the lanes, a wait longer than [`PATIENCE`] says so, and
    /// Ctrl+C stops it (false).
    fn settle(&mut self) -> io::Result<bool> {
        let Figures::Lanes(jobs) = &mut self.figures else {
            compute_now(&mut self.app);
            return Ok(true);
        };
        // A Ctrl+C at the prompt has been dealt with; only a new one stops.
        self.stop.store(false, Ordering::Relaxed);
        let start = Instant::now();
        let mut told = false;
        loop {
            jobs.dispatch(&self.app);
            for arrival in jobs.collect() {
                update(&mut self.app, Message::Arrived(Box::new(arrival)));
            }
            if !self.app.computing() {
                return Ok(true);
            }
            if self.stop.swap(false, Ordering::Relaxed) {
                // New lanes: the old ones cancel their work as they go.
                **jobs = Jobs::new();
                say_to(
                    &mut self.out,
                    "Stopped. r starts it again; ? lists the commands that change what is computed.",
                )?;
                return Ok(false);
            }
            if !told && start.elapsed() > PATIENCE {
                told = true;
                say_to(
                    &mut self.out,
                    "Computing; this can take a while. Ctrl+C stops it.",
                )?;
                self.out.flush()?;
            }
            std::thread::sleep(POLL);
        }
    }

    /// The prompt: where you are, then a colon, on the line the command is
    /// typed on.
    fn prompt(&mut self) -> io::Result<()> {
        let title = self.app.screen.title();
        let place = self.app.on_show().plain_prompt(title);
        write!(self.out, "{}: ", speakable(&place))?;
        self.out.flush()
    }

    /// One line, made speakable.
    fn say(&mut self, line: &str) -> io::Result<()> {
        say_to(&mut self.out, line)
    }
}

/// Writes one line to `out`, made speakable.
fn say_to(out: &mut impl Write, line: &str) -> io::Result<()> {
    writeln!(out, "{}", speakable(line))
}

/// A typed line quoted back, safe and short.
pub(crate) fn quoted(line: &str) -> String {
    format!("\"{}\"", crate::text::echo(line, crate::text::ECHO_MAX))
}
