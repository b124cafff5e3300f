//! The speaker view's screen: the clocks on top, the step's narration
//! whole in the middle (what waits for the reveal marked as such), what
//! comes next under it, the keys at the bottom.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::Speaker;
use crate::ui::clock::elapsed;
use crate::ui::format::wrap;
use crate::ui::paint::{Painter, width};
use crate::ui::theme::Role;

/// The bottom line: the keys.
pub(crate) const KEYS: &str = "→ Space next · ← back (the presenting app moves too) · q quit";

impl Widget for &Speaker {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = &self.theme;
        buf.set_style(area, theme.base());
        if area.width < 20 || area.height < 6 {
            Painter::new(buf, area).text(0, 0, "too small", theme.style(Role::Warn));
            return;
        }
        let mut p = Painter::new(buf, area);
        let head = format!(" bloomlab speaker · session {}", self.session);
        p.text(0, 0, &head, theme.style(Role::Title));
        if let Some((talk, scene)) = self.times() {
            let clocks = format!("talk {} · scene {} ", elapsed(talk), elapsed(scene));
            p.text(
                area.width.saturating_sub(width(&clocks)),
                0,
                &clocks,
                theme.style(Role::Title),
            );
        }
        p.text(1, area.height - 1, KEYS, theme.style(Role::Hint));
        let body = Rect {
            y: area.y + 1,
            height: area.height - 2,
            ..area
        };
        if let Some(why) = &self.waiting {
            let rows = wrap(why, usize::from(area.width.saturating_sub(4)));
            let mut p = Painter::new(buf, body);
            for (i, line) in rows.iter().enumerate() {
                let y = body.height / 2 + u16::try_from(i).unwrap_or(0);
                p.text(2, y.saturating_sub(1), line, theme.style(Role::Warn));
            }
            // Whatever the app said last is out of date now.
            return;
        }
        if let Some((state, _)) = &self.state {
            self.draw_state(state, body, buf);
        }
    }
}

impl Speaker {
    /// The step's lines, wrapped to `cols`, each with its role.
    fn lines(&self, state: &crate::talk::State, cols: usize) -> Vec<(String, Role)> {
        let mut out = Vec::new();
        if state.at_end {
            out.push((
                "The closing screen is up: the lecture is over.".into(),
                Role::Emphasis,
            ));
            return out;
        }
        if let Some(q) = &state.question {
            let mark = if state.revealed {
                "revealed"
            } else {
                "Space reveals"
            };
            out.extend(
                wrap(&format!("predict ({mark}): {q}"), cols)
                    .into_iter()
                    .map(|l| (l, Role::Emphasis)),
            );
            out.push((String::new(), Role::Text));
        }
        for (i, paragraph) in state.narration.iter().enumerate() {
            if Some(i) == state.reveal_from {
                let mark = if state.revealed {
                    "── after the reveal (on screen now) ──"
                } else {
                    "── after the reveal (not shown yet) ──"
                };
                out.push((mark.into(), Role::Label));
            } else if i > 0 {
                out.push((String::new(), Role::Text));
            }
            out.extend(
                wrap(paragraph, cols)
                    .into_iter()
                    .map(|l| (l, Role::Narration)),
            );
        }
        out
    }

    fn draw_state(&self, state: &crate::talk::State, body: Rect, buf: &mut Buffer) {
        let theme = &self.theme;
        let mut p = Painter::new(buf, body);
        let left = format!(
            "─ Scene {} of {} · {} ",
            state.scene, state.scenes, state.title
        );
        let right = format!(
            " step {} of {} · {}.{}/{} ─",
            state.step, state.steps, state.scene, state.step, state.last
        );
        let fill = body.width.saturating_sub(width(&left) + width(&right));
        let rule = format!("{left}{}{right}", "─".repeat(usize::from(fill)));
        p.text(0, 0, &rule, theme.style(Role::Title));
        let cols = usize::from(body.width.saturating_sub(4).min(100));
        let mut lines = self.lines(state, cols);
        if state.screen != "Lecture" {
            lines.insert(
                0,
                (
                    format!(
                        "(the app shows the {} screen; the lecture waits here)",
                        state.screen
                    ),
                    Role::Hint,
                ),
            );
        }
        // The next step keeps the bottom rows; the narration has the rest.
        let next = state
            .next
            .as_ref()
            .map(|n| wrap(n, cols))
            .unwrap_or_default();
        let next_rows = u16::try_from(next.len()).unwrap_or(0) + 2;
        let room = usize::from(body.height.saturating_sub(2 + next_rows));
        let fits = lines.len() <= room;
        let shown = if fits {
            lines.len()
        } else {
            room.saturating_sub(1)
        };
        for (i, (text, role)) in lines.iter().take(shown).enumerate() {
            let y = u16::try_from(i + 2).unwrap_or(u16::MAX);
            p.text(2, y, text, theme.style(*role));
        }
        if !fits {
            let more = lines.len() - shown;
            let y = u16::try_from(shown + 2).unwrap_or(u16::MAX);
            p.text(
                2,
                y,
                &format!("… {more} more lines: make this window taller"),
                theme.style(Role::Warn),
            );
        }
        if next.is_empty() {
            return;
        }
        let top = body.height.saturating_sub(next_rows);
        let rule = format!(
            "─ next {}",
            "─".repeat(usize::from(body.width.saturating_sub(7)))
        );
        p.text(0, top, &rule, theme.style(Role::Border));
        for (i, line) in next.iter().enumerate() {
            let y = top + 1 + u16::try_from(i).unwrap_or(0);
            p.text(2, y, line, theme.style(Role::Text));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::talk::State;
    use crate::talk::client::Event;
    use crate::ui::render::buffer_text;
    use crate::ui::theme::Theme;

    fn draw(s: &Speaker, w: u16, h: u16) -> String {
        let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
        s.render(buf.area, &mut buf);
        buffer_text(&buf)
    }

    #[test]
    fn it_waits_then_follows_and_counts_the_time_on() {
        let t0 = Instant::now();
        let mut s = Speaker::new("default", Theme::MONO, t0);
        assert!(draw(&s, 80, 24).contains("looking for a presenting app"));
        let state = State {
            scene: 3,
            step: 3,
            scenes: 5,
            steps: 11,
            last: "5.11".into(),
            title: "The false positive".into(),
            narration: vec![
                "Before we read v's bits.".into(),
                "All 3 bits are 1.".into(),
            ],
            reveal_from: Some(1),
            question: Some("Does the filter say present?".into()),
            next: Some("Nothing here is broken.".into()),
            talk_ms: 65_000,
            scene_ms: 5_000,
            screen: "Lecture".into(),
            ..State::default()
        };
        s.apply(Event::State(Box::new(state)), t0);
        s.now = t0 + Duration::from_secs(2);
        let text = draw(&s, 80, 24);
        for want in [
            "talk 1:07 · scene 0:07",
            "Scene 3 of 5 · The false positive",
            "step 3 of 11 · 3.3/5.11",
            "predict (Space reveals): Does the filter say present?",
            "after the reveal (not shown yet)",
            "All 3 bits are 1.",
            "Nothing here is broken.",
        ] {
            assert!(text.contains(want), "{want} missing from\n{text}");
        }
        s.apply(Event::Waiting("the presenting app has gone".into()), t0);
        let text = draw(&s, 80, 24);
        assert!(text.contains("has gone"), "{text}");
    }
}
