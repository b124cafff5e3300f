//! The app without a terminal: fed key and mouse events, with every figure
//! computed on the spot, drawn into an off-screen buffer. `bloomlab render`,
//! the frame benches and exports all draw through it, so a frame is a pure
//! function of the configuration and the events sent.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEvent};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::ui::app::App;
use crate::ui::config::FrameConfig;
use crate::ui::error::UiError;
use crate::ui::jobs::compute_now;
use crate::ui::keymap::{key_to_action, mouse_to_action};
use crate::ui::layout::{Dump, Recorder};
use crate::ui::render::{buffer_text, check_size};
use crate::ui::theme::Theme;
use crate::ui::update::update;
use crate::ui::view::draw;

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
        Ok(Headless { app })
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
