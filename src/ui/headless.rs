//! The app without a terminal: fed key and mouse events, with every figure
//! computed on the spot, drawn into an off-screen buffer. `bloomlab render`,
//! the frame benches and exports all draw through it, so a frame is a pure
//! function of the configuration and the events sent. A bench can also hand
//! a key's figures to the app's worker lanes ([`Headless::key_on_lanes`])
//! and time what a student at the terminal waits for.

use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEvent};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::ui::app::App;
use crate::ui::config::FrameConfig;
use crate::ui::error::UiError;
use crate::ui::jobs::{Jobs, compute_now};
use crate::ui::keymap::{key_to_action, mouse_to_action};
use crate::ui::layout::{Dump, Recorder};
use crate::ui::render::{buffer_text, check_size};
use crate::ui::theme::Theme;
use crate::ui::update::{Message, update};
use crate::ui::view::draw;
use crate::ui::worker::Bell;

/// An app that draws into buffers instead of a terminal.
///
/// ```
/// use bloomlab::ui::{AppConfig, FrameConfig, Headless, Screen};
/// let frame = FrameConfig {
///     app: AppConfig { screen: Screen::Lab, ..AppConfig::default() },
///     scene: None,
///     step: None,
///     width: 100,
///     height: 30,
///     revealed: false,
/// };
/// let lab = Headless::new(&frame).unwrap();
/// assert!(lab.text().contains("0.008318677101"));
/// ```
#[derive(Debug)]
pub struct Headless {
    app: App,
    lanes: Option<Lanes>,
}

/// The app's worker lanes, with the bell they ring as results land.
struct Lanes {
    jobs: Jobs,
    rung: Receiver<()>,
}

impl std::fmt::Debug for Lanes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("worker lanes")
    }
}

impl Headless {
    /// The app `frame` describes, at its size, in the colours the
    /// environment asks for, with every figure of its screen computed.
    pub fn new(frame: &FrameConfig) -> Result<Self, UiError> {
        Headless::with_theme(frame, Theme::from_env())
    }

    /// [`Headless::new`] in a given theme.
    pub(crate) fn with_theme(frame: &FrameConfig, theme: Theme) -> Result<Self, UiError> {
        check_size("width", frame.width)?;
        check_size("height", frame.height)?;
        let mut app = App::from_config(&frame.app, theme)?;
        app.size = (frame.width, frame.height);
        if frame.scene.is_some() || frame.step.is_some() {
            let scene = frame.scene.unwrap_or(1);
            let step = frame.step.unwrap_or(1);
            let tab = &mut app.screens.lecture;
            tab.step = tab.lecture.step_index(scene, step)?;
        }
        let tab = &mut app.screens.lecture;
        tab.revealed = frame.revealed && tab.lecture.predicts(tab.step);
        compute_now(&mut app);
        Ok(Headless { app, lanes: None })
    }

    /// Starts the worker lanes [`Headless::key_on_lanes`] uses (idle
    /// threads until asked), so starting them is not part of a key's time.
    pub fn start_lanes(&mut self) {
        if self.lanes.is_none() {
            let (tx, rung) = mpsc::channel();
            let bell = Bell::new(move || {
                let _ = tx.send(());
            });
            self.lanes = Some(Lanes {
                jobs: Jobs::ringing(bell),
                rung,
            });
        }
    }

    /// Sends one key as [`Headless::key`] does, but leaves its figures to
    /// the app's worker lanes, as the terminal app does: one thread per
    /// kind of figure, all at once, each result collected as its bell
    /// rings. Returns the time from the key to the last figure the screen
    /// waits for, or `None` when they have not all landed within `limit`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    /// use bloomlab::ui::{AppConfig, FrameConfig, Headless, Screen};
    /// let frame = FrameConfig {
    ///     app: AppConfig { screen: Screen::Lab, ..AppConfig::default() },
    ///     scene: None,
    ///     step: None,
    ///     width: 100,
    ///     height: 30,
    ///     revealed: false,
    /// };
    /// let mut lab = Headless::new(&frame).unwrap();
    /// let right = KeyEvent::new(KeyCode::Right, KeyModifiers::NONE);
    /// let waited = lab.key_on_lanes(right, Duration::from_secs(60));
    /// assert!(waited.is_some());
    /// ```
    pub fn key_on_lanes(&mut self, key: KeyEvent, limit: Duration) -> Option<Duration> {
        self.start_lanes();
        let start = Instant::now();
        if let Some(action) = key_to_action(&self.app, key) {
            update(&mut self.app, action);
        }
        let lanes = self.lanes.as_mut()?;
        loop {
            lanes.jobs.dispatch(&self.app);
            for arrival in lanes.jobs.collect() {
                update(&mut self.app, Message::Arrived(Box::new(arrival)));
            }
            if !self.app.computing() {
                return Some(start.elapsed());
            }
            let left = limit.checked_sub(start.elapsed())?;
            // A missed ring only costs this wait's length, never a result.
            let _ = lanes
                .rung
                .recv_timeout(left.min(Duration::from_millis(100)));
        }
    }

    /// Sends one key, as the app would receive it, then computes whatever
    /// the new state needs.
    pub fn key(&mut self, key: KeyEvent) {
        if let Some(action) = key_to_action(&self.app, key) {
            update(&mut self.app, action);
            compute_now(&mut self.app);
        }
    }

    /// Types `text` one character at a time (plain keys, no modifiers).
    pub fn type_text(&mut self, text: &str) {
        for c in text.chars() {
            self.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        }
    }

    /// Sends one plain key by its code (Enter, arrows, ...).
    pub fn press(&mut self, code: KeyCode) {
        self.key(KeyEvent::new(code, KeyModifiers::NONE));
    }

    /// Sends one mouse event.
    pub fn mouse(&mut self, mouse: MouseEvent) {
        if let Some(action) = mouse_to_action(&self.app, mouse) {
            update(&mut self.app, action);
            compute_now(&mut self.app);
        }
    }

    /// Draws the current state into `buf` (its area is the frame).
    pub fn draw(&self, buf: &mut Buffer) {
        (&self.app).render(buf.area, buf);
    }

    /// The current frame as a buffer of the configured size.
    pub fn buffer(&self) -> Buffer {
        let (w, h) = self.app.size;
        let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
        self.draw(&mut buf);
        buf
    }

    /// What the current frame puts where: each part's kind, rect, type
    /// scale and words (`render --layout`).
    pub(crate) fn layout(&self) -> Dump {
        let (width, height) = self.app.size;
        let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
        let rec = Recorder::default();
        draw(&self.app, buf.area, &mut buf, Some(&rec));
        Dump {
            width,
            height,
            parts: rec.into_parts(),
        }
    }

    /// The current frame as text, one line per row, trailing spaces trimmed.
    pub fn text(&self) -> String {
        buffer_text(&self.buffer())
    }

    /// True once the user has asked to quit.
    pub fn quit(&self) -> bool {
        self.app.quit
    }

    /// The state inside, to look at, for the app's own tests.
    #[cfg(test)]
    pub(crate) fn app(&self) -> &App {
        &self.app
    }

    /// The state inside, to change, for the app's own tests.
    #[cfg(test)]
    pub(crate) fn app_mut(&mut self) -> &mut App {
        &mut self.app
    }

    /// The state inside, for the app's own tests.
    #[cfg(test)]
    pub(crate) fn into_app(self) -> App {
        self.app
    }
}

/// The layout of the frame `frame` describes, as one JSON object
/// (`render --layout`).
pub(crate) fn frame_layout(frame: &FrameConfig) -> Result<String, UiError> {
    let dump = Headless::new(frame)?.layout();
    // A dump holds only numbers and strings, which always serialise.
    let mut text = serde_json::to_string(&dump).unwrap_or_default();
    text.push('\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::Screen;

    fn lab(m: u64, n: u64, k: u32) -> Headless {
        let frame = FrameConfig::screen_at(Screen::Lab, (m, n, k), 140, 44);
        Headless::new(&frame).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_worker_lanes_draw_what_working_inline_draws() {
        // The m slider up, then the k slider down twice: every lab figure
        // comes back from its own thread, woken by the bell, and the frame
        // is the one that computing each in turn gives.
        let keys = [
            KeyCode::Right,
            KeyCode::Down,
            KeyCode::Down,
            KeyCode::Left,
            KeyCode::Left,
        ];
        for (m, n, k) in [(160, 16, 7), (100_000, 10_000, 7), (1_000_000, 1_000, 32)] {
            let mut inline = lab(m, n, k);
            let mut lanes = lab(m, n, k);
            for key in keys {
                inline.press(key);
                let waited = lanes.key_on_lanes(
                    KeyEvent::new(key, KeyModifiers::NONE),
                    Duration::from_secs(120),
                );
                assert!(
                    waited.is_some(),
                    "{m}/{n}/{k}: figures missing after {key:?}"
                );
                assert_eq!(lanes.text(), inline.text(), "{m}/{n}/{k} after {key:?}");
            }
        }
    }
}
