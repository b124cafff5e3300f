//! The lecture as an asciinema recording (asciicast v2): a header line,
//! then the screen after each press of the app's "next" key, from the first
//! step to the closing screen, each held for the same number of seconds.
//! A predict step is two frames, as in the app: the question, then the
//! reveal. Every frame is the app drawn off screen in full colour, so the
//! recording shows what the app shows at that size and in that theme.
//!
//! The format: the first line is a JSON object (`version` 2, `width`,
//! `height`, ...); each line after it is a JSON array `[seconds, "o",
//! text]`, the text being what the terminal is sent at that moment.

use ratatui::crossterm::event::KeyCode;
use serde::Serialize;

use super::ansi;
use super::printed::title;
use crate::ui::config::FrameConfig;
use crate::ui::error::UiError;
use crate::ui::headless::Headless;
use crate::ui::screen::Screen;
use crate::ui::theme::{Depth, Theme};

/// Clears the screen and puts the cursor home: each frame starts afresh.
const CLEAR: &str = "\u{1b}[2J\u{1b}[H";
/// Hides the cursor for the recording, and shows it again at its end.
const HIDE_CURSOR: &str = "\u{1b}[?25l";
const SHOW_CURSOR: &str = "\u{1b}[?25h";

/// The header line.
#[derive(Debug, Serialize)]
struct Header<'a> {
    version: u8,
    width: u16,
    height: u16,
    title: &'a str,
    env: Env,
}

/// The terminal the recording was made for.
#[derive(Debug, Serialize)]
struct Env {
    #[serde(rename = "TERM")]
    term: &'static str,
}

/// The lecture `frame` names as an asciicast v2 recording at the frame's
/// size, in `theme`, each frame held `step_seconds`.
pub(crate) fn recording(
    frame: &FrameConfig,
    theme: Theme,
    step_seconds: u64,
) -> Result<String, UiError> {
    let theme = Theme {
        depth: Depth::TrueColor,
        ..theme
    };
    let mut config = frame.clone();
    config.app.screen = Screen::Lecture;
    config.scene = Some(1);
    config.step = Some(1);
    config.revealed = false;
    let lecture = super::lecture::loaded(&config.app, theme)?;
    let reveals = (0..lecture.len()).filter(|g| lecture.predicts(*g)).count();
    // Every step, every reveal, and the closing screen after the last.
    let presses = lecture.len() + reveals;
    let mut app = Headless::with_theme(&config, theme)?;
    let name = title(&lecture, frame);
    let header = Header {
        version: 2,
        width: frame.width,
        height: frame.height,
        title: &name,
        env: Env {
            term: "xterm-256color",
        },
    };
    let mut out = json(&header);
    out.push('\n');
    let hold = step_seconds as f64;
    for i in 0..=presses {
        if i > 0 {
            app.press(KeyCode::Right);
        }
        let mut shown = String::new();
        if i == 0 {
            shown.push_str(HIDE_CURSOR);
        }
        shown.push_str(CLEAR);
        // A terminal's line feed keeps the column: each row also returns.
        let text = ansi::document(&app.buffer());
        shown.push_str(text.trim_end_matches('\n').replace('\n', "\r\n").as_str());
        out.push_str(&event(i as f64 * hold, &shown));
    }
    // The closing screen stays its time too; then the cursor comes back.
    out.push_str(&event((presses + 1) as f64 * hold, SHOW_CURSOR));
    Ok(out)
}

/// One output event line.
fn event(seconds: f64, text: &str) -> String {
    format!("{}\n", json(&(seconds, "o", text)))
}

fn json(value: &impl Serialize) -> String {
    // Plain data with string keys: it always serialises.
    serde_json::to_string(value).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::config::AppConfig;
    use serde_json::Value;

    #[test]
    fn a_header_then_a_frame_per_step_and_reveal() {
        let frame = FrameConfig {
            app: AppConfig::default(),
            scene: None,
            step: None,
            width: 80,
            height: 24,
            revealed: false,
        };
        let cast = recording(&frame, Theme::from_env(), 3).expect("records");
        let mut lines = cast.lines();
        let header: Value = serde_json::from_str(lines.next().expect("a header")).expect("JSON");
        assert_eq!(header["version"], 2);
        assert_eq!(
            (header["width"].as_u64(), header["height"].as_u64()),
            (Some(80), Some(24))
        );
        let events: Vec<Value> = lines
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        let lecture = crate::lecture::Lecture::builtin();
        let reveals = (0..lecture.len()).filter(|g| lecture.predicts(*g)).count();
        // The steps, the reveals, the closing screen, the cursor shown.
        assert_eq!(events.len(), lecture.len() + reveals + 2);
        for (i, e) in events.iter().enumerate() {
            assert_eq!(e[0].as_f64(), Some(3.0 * i as f64));
            assert_eq!(e[1], "o");
        }
        let text = |i: usize| events[i][2].as_str().unwrap_or_default().to_string();
        assert!(text(0).starts_with(HIDE_CURSOR) && text(0).contains("step 1 of"));
        assert!(text(1).contains("step 2 of"));
        // Every line feed comes with a carriage return.
        assert_eq!(
            text(1).matches('\n').count(),
            text(1).matches("\r\n").count()
        );
        assert!(text(1).matches("\r\n").count() >= 23);
        assert_eq!(text(events.len() - 1), SHOW_CURSOR);
    }
}
