//! The next step, drawn small: the speaker loads the lecture the app runs
//! (the built-in one, or the teacher's script by the path the app sends)
//! and draws its board with the lecture screen's own drawing, narration
//! left out. A script that cannot be read, or that no longer matches what
//! the app shows (edited since the app opened it), draws nothing, and the
//! view falls back to the next step's headline and first line.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::lecture::{Guess, Lecture};
use crate::talk::State;
use crate::ui::lecture::tab::LectureTab;
use crate::ui::lecture::{MIN_HEIGHT, MIN_WIDTH, Shown};
use crate::ui::theme::Theme;

/// The class's answer the app recorded on the step on show, read back
/// from its words ("B", "6.9").
fn recorded(state: &State) -> Option<Guess> {
    let text = state.guess.as_deref()?;
    if state.number {
        return crate::lecture::predict::read_number(text)
            .ok()
            .map(Guess::Number);
    }
    let letter = text.chars().next().filter(char::is_ascii_uppercase)?;
    Some(Guess::Choice(usize::from(letter as u8 - b'A')))
}

/// Where the app's lecture comes from: a script's path, or a built-in
/// lecture's name (neither: the default built-in one).
type Source = (Option<String>, Option<String>);

/// The lecture loaded for drawing, and the script or built-in lecture it
/// was loaded for.
#[derive(Debug, Clone, Default)]
pub(crate) struct Preview {
    /// The script and the built-in lecture's name it was loaded for
    /// (`Some((None, None))`: the default built-in lecture).
    loaded_for: Option<Source>,
    /// The lecture, placed on the step to draw; `None` when it could not
    /// be loaded.
    tab: Option<LectureTab>,
    /// The lecture matches the app's and has a next step to draw.
    ready: bool,
    /// Why there is no drawing, when there is none.
    pub why: Option<String>,
}

impl Preview {
    /// Loads the lecture `state` names (unless it is loaded already) and
    /// places it on the step to draw next.
    pub(crate) fn follow(&mut self, state: &State) {
        let source = (state.script.clone(), state.lecture.clone());
        if self.loaded_for.as_ref() != Some(&source) {
            self.load(source);
        }
        self.ready = false;
        if self.tab.is_none() {
            return;
        }
        if !self.matches(state) {
            self.why = Some("the app's lecture differs from the one found here".into());
            return;
        }
        self.why = None;
        if let Some(tab) = self.tab.as_mut()
            && let Some((step, revealed)) = Preview::next(state, &tab.lecture)
        {
            tab.step = step;
            tab.revealed = revealed;
            // The reveal drawn next says whether the class was right.
            tab.guesses.clear();
            if let Some(guess) = recorded(state) {
                tab.guesses.insert(state.index, guess);
            }
            self.ready = true;
        }
    }

    fn load(&mut self, source: Source) {
        let lecture = match &source {
            (Some(path), _) => Lecture::from_file(std::path::Path::new(path))
                .map_err(|e| format!("the app's script could not be read here: {e}")),
            (None, Some(name)) => Lecture::named(name)
                .ok_or_else(|| format!("this bloomlab has no lecture called {name}")),
            (None, None) => Ok(Lecture::builtin()),
        };
        self.loaded_for = Some(source);
        match lecture {
            Ok(lecture) => {
                let mut tab = LectureTab::with(lecture);
                // The speaker reads the narration above; the board gets
                // all the room.
                tab.narration = Some(false);
                self.tab = Some(tab);
                self.why = None;
            }
            Err(why) => {
                self.tab = None;
                self.why = Some(crate::text::escaped(&why));
            }
        }
    }

    /// Whether the loaded lecture is the one the app shows: as many steps,
    /// and the same narration on the step on show.
    fn matches(&self, state: &State) -> bool {
        let Some(tab) = &self.tab else { return false };
        let lecture = &tab.lecture;
        let steps: usize = state.scene_lengths.iter().sum();
        steps == lecture.len()
            && state.index < lecture.len()
            && lecture.shown_board(state.index, true).narration == state.narration
    }

    /// The step the preview draws and whether revealed: the reveal of the
    /// step on show when that comes next, else the step after it; `None`
    /// when nothing comes next.
    fn next(state: &State, lecture: &Lecture) -> Option<(usize, bool)> {
        if state.at_end {
            return None;
        }
        if state.question.is_some() && !state.revealed {
            return Some((state.index, true));
        }
        (state.index + 1 < lecture.len()).then_some((state.index + 1, false))
    }

    /// Whether a drawing of the next step fits `area`.
    pub(crate) fn fits(area: Rect) -> bool {
        area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT
    }

    /// Whether there is a next step to draw.
    pub(crate) fn ready(&self) -> bool {
        self.ready
    }

    /// Draws the next step into `area`; false when there is nothing to
    /// draw or it does not fit. Its first row is the lecture's progress
    /// line, which the caller writes over.
    pub(crate) fn draw(&self, area: Rect, buf: &mut Buffer, theme: &Theme) -> bool {
        match &self.tab {
            Some(tab) if self.ready && Preview::fits(area) => {
                crate::ui::lecture::render(tab, Shown::default(), area, buf, theme);
                true
            }
            _ => false,
        }
    }
}
