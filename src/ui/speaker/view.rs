//! The speaker view's screen, top to bottom: the clocks; with a talk
//! length, the countdown, the scene's share and whether the talk is ahead
//! or behind; the step's rule; its narration whole (what waits for the
//! reveal marked) and its prediction card; what comes next, drawn when
//! there is room for the lecture's board and otherwise in words; and the
//! keys, an open field, or what the last key did.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use super::keys::{FieldKind, KEYS, SHORT};
use super::preview::Preview;
use super::{LengthFrom, Speaker};
use crate::talk::State;
use crate::talk::pace::Standing;
use crate::ui::clock::elapsed;
use crate::ui::format::wrap;
use crate::ui::paint::{Painter, fit, width};
use crate::ui::theme::Role;

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
        let mut top = area.y + 1;
        if self.waiting.is_none()
            && let Some((text, role)) = self.pace_line()
        {
            let line = fit(&format!(" {text}"), usize::from(area.width));
            Painter::new(buf, area).text(0, 1, &line, theme.style(role));
            top += 1;
        }
        let body = Rect {
            y: top,
            height: area.bottom().saturating_sub(top + 1),
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
        } else if let Some((state, _)) = &self.state {
            self.draw_state(state, body, buf);
        }
        // Last, so a message over the field is never drawn over.
        self.bottom_line(area, buf);
        if self.help {
            self.draw_help(area, buf);
        }
    }
}

/// A duration as the countdown writes it.
fn span(d: Duration) -> String {
    elapsed(d)
}

impl Speaker {
    /// The countdown, the scene's share and the standing, with the role
    /// that colours them; `None` without a talk length.
    pub(crate) fn pace_line(&self) -> Option<(String, Role)> {
        let (minutes, from) = self.minutes()?;
        let pace = self.pace()?;
        let (state, _) = self.state.as_ref()?;
        let (talk, scene) = self.times()?;
        let length = pace.length();
        let from = match from {
            LengthFrom::Flag => "",
            LengthFrom::App => " (the app's)",
            LengthFrom::File => " (config file)",
        };
        let left = if talk <= length {
            format!("left {} of {minutes} min{from}", span(length - talk))
        } else {
            format!("over by {} ({minutes} min{from})", span(talk - length))
        };
        let share = pace.scene_share(state.scene.saturating_sub(1));
        let scene_part = format!("scene {}: {} of {}", state.scene, span(scene), span(share));
        let (standing, role) = match pace.standing(state.index, state.revealed, state.at_end, talk)
        {
            Standing::OnTime => ("on time".to_string(), Role::Good),
            Standing::Ahead(d) => (format!("{} ahead", span(d)), Role::Good),
            Standing::Behind(d) => (format!("{} behind", span(d)), Role::Warn),
        };
        let role = if talk > length { Role::Bad } else { role };
        Some((format!("{left} · {scene_part} · {standing}"), role))
    }

    fn bottom_line(&self, area: Rect, buf: &mut Buffer) {
        let theme = &self.theme;
        let y = area.height - 1;
        let mut p = Painter::new(buf, area);
        let cols = usize::from(area.width.saturating_sub(2));
        if let Some((kind, field)) = &self.field {
            let (label, hint) = match kind {
                FieldKind::Note => (
                    format!("note on {}: ", self.place()),
                    "  Enter keeps it · Esc drops it",
                ),
                FieldKind::Number => (
                    "the class's number: ".to_string(),
                    "  Enter records it · Esc cancels",
                ),
            };
            let x = p.text(1, y, &label, theme.style(Role::Label));
            // The end of a long note stays in sight as it is typed.
            let room = cols.saturating_sub(usize::from(width(&label)) + hint.chars().count() + 1);
            let text = field.text();
            let skip = text.chars().count().saturating_sub(room.max(1));
            let shown: String = text.chars().skip(skip).collect();
            let x = p.text(x, y, &format!("{shown}▏"), theme.style(Role::Focus));
            p.text(x, y, hint, theme.style(Role::Hint));
            if let Some(said) = &self.said {
                // A refused number says why on the row above.
                let role = if said.failed { Role::Bad } else { Role::Good };
                p.text(
                    1,
                    y.saturating_sub(1),
                    &fit(&said.text, cols),
                    theme.style(role),
                );
            }
            return;
        }
        match &self.said {
            Some(said) => {
                let role = if said.failed { Role::Bad } else { Role::Good };
                p.text(1, y, &fit(&said.text, cols), theme.style(role));
            }
            None => {
                p.text(1, y, &fit(SHORT, cols), theme.style(Role::Hint));
            }
        }
    }

    /// The step's lines, wrapped to `cols`, each with its role.
    fn lines(&self, state: &State, cols: usize) -> Vec<(String, Role)> {
        let mut out = Vec::new();
        if state.at_end {
            out.push((
                "The closing screen is up: the lecture is over.".into(),
                Role::Emphasis,
            ));
            return out;
        }
        if !state.predict_lines.is_empty() {
            let mark = if state.revealed {
                "predict (revealed)"
            } else {
                "predict (Space reveals)"
            };
            out.push((mark.to_string(), Role::Label));
            for line in &state.predict_lines {
                out.extend(wrap(line, cols).into_iter().map(|l| (l, Role::Emphasis)));
            }
            out.push((String::new(), Role::Text));
        } else if let Some(q) = &state.question {
            // An app of version 1 sends the question alone.
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

    /// The next step in words: its place and headline, and its first line.
    fn next_words(state: &State, cols: usize) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(headline) = &state.next_headline {
            out.extend(wrap(headline, cols));
        }
        if let Some(next) = &state.next {
            out.extend(wrap(next, cols));
        }
        out
    }

    /// The rule over what comes next.
    fn next_rule(state: &State, cols: u16) -> String {
        let what = match &state.next_place {
            Some(place) => format!("─ next: step {place} "),
            None if state.question.is_some() && !state.revealed => "─ next: the reveal ".into(),
            None => "─ next ".into(),
        };
        let fill = usize::from(cols.saturating_sub(width(&what)));
        format!("{what}{}", "─".repeat(fill))
    }

    fn draw_state(&self, state: &State, body: Rect, buf: &mut Buffer) {
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
        let left = fit(&left, usize::from(body.width.saturating_sub(width(&right))));
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
        // The narration first (with a blank row under the rule); what
        // comes next takes the rows left: drawn when the lecture's board
        // fits there, in words otherwise.
        let wanted = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
        let drawn_room = body.height.saturating_sub(wanted);
        let preview_area = Rect {
            y: body.y + body.height - drawn_room,
            height: drawn_room,
            ..body
        };
        let drawing = self.preview.ready() && Preview::fits(preview_area);
        let words = Speaker::next_words(state, cols);
        let next_rows = if drawing {
            drawn_room
        } else if words.is_empty() && state.next_place.is_none() {
            0
        } else {
            u16::try_from(words.len()).unwrap_or(0) + 1
        };
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
        if next_rows == 0 {
            return;
        }
        let top = body.height.saturating_sub(next_rows);
        if drawing {
            self.preview.draw(preview_area, buf, theme);
        }
        let mut p = Painter::new(buf, body);
        // Over the drawn board's own progress line, when there is one.
        p.text(
            0,
            top,
            &Speaker::next_rule(state, body.width),
            theme.style(Role::Border),
        );
        if drawing {
            return;
        }
        for (i, line) in words.iter().enumerate() {
            let y = top + 1 + u16::try_from(i).unwrap_or(0);
            p.text(2, y, line, theme.style(Role::Text));
        }
    }

    fn draw_help(&self, area: Rect, buf: &mut Buffer) {
        let theme = &self.theme;
        let key_w = KEYS.iter().map(|k| width(k.keys)).max().unwrap_or(0);
        let does_w = KEYS.iter().map(|k| width(k.does)).max().unwrap_or(0);
        let w = (key_w + does_w + 6).min(area.width);
        let h = (u16::try_from(KEYS.len()).unwrap_or(0) + 4).min(area.height);
        let rect = area.centered(Constraint::Length(w), Constraint::Length(h));
        Clear.render(rect, buf);
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(theme.style(Role::Border))
            .title(" speaker view keys · any key closes ");
        let inner = block.inner(rect);
        block.render(rect, buf);
        let mut p = Painter::new(buf, inner);
        for (i, k) in KEYS.iter().enumerate() {
            let y = u16::try_from(i + 1).unwrap_or(u16::MAX);
            p.text(1, y, k.keys, theme.style(Role::Key));
            p.text(key_w + 3, y, k.does, theme.style(Role::Text));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::talk::State;
    use crate::talk::client::Event;
    use crate::ui::config::SpeakerConfig;
    use crate::ui::render::buffer_text;
    use crate::ui::theme::Theme;

    fn draw(s: &Speaker, w: u16, h: u16) -> String {
        let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
        s.render(buf.area, &mut buf);
        buffer_text(&buf)
    }

    fn speaker(t0: Instant) -> Speaker {
        Speaker::new(&SpeakerConfig::default(), "default", Theme::MONO, t0)
    }

    #[test]
    fn it_waits_then_follows_and_counts_the_time_on() {
        let t0 = Instant::now();
        let mut s = speaker(t0);
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

    #[test]
    fn the_countdown_shares_the_talk_and_says_ahead_or_behind() {
        let t0 = Instant::now();
        let mut s = speaker(t0);
        // Two scenes of 2 and 3 steps, a prediction at global step 3: six
        // presses, so at 60 minutes scene 2 gets 40 of them.
        let state = State {
            scene: 2,
            step: 2,
            scenes: 2,
            steps: 3,
            index: 3,
            scene_lengths: vec![2, 3],
            predicts: vec![3],
            minutes: Some(60),
            talk_ms: 42 * 60_000,
            scene_ms: 22 * 60_000,
            screen: "Lecture".into(),
            version: crate::talk::protocol::VERSION,
            ..State::default()
        };
        s.apply(Event::State(Box::new(state)), t0);
        let text = draw(&s, 100, 24);
        assert!(
            text.contains(
                "left 18:00 of 60 min (the app's) · scene 2: 22:00 of 40:00 · 2:00 behind"
            ),
            "{text}"
        );
        // The speaker's own length wins over the app's.
        s.own_minutes = Some(90);
        let text = draw(&s, 100, 24);
        assert!(
            text.contains("left 48:00 of 90 min · scene 2: 22:00 of 1:00:00"),
            "{text}"
        );
    }
}
