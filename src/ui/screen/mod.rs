//! The app's screens: the registry, the one list a screen is added to.
//!
//! A screen is a folder under `src/ui/` whose state type implements the
//! traits in [`seam`] ([`AppScreen`], [`ScreenState`] and, when it computes
//! off the UI thread, [`Work`]), plus one row below. The row's order is the
//! tab order; its name is the tab's label; its field (the name in lower
//! case) holds its state and is the value `--screen` takes; its text is
//! what `--help` says of it.

#[macro_use]
mod registry;
pub(crate) mod seam;

use crate::ui::action::Action;
#[cfg(test)]
use crate::ui::help::KeyPage;
use crate::ui::update::Message;
pub(crate) use seam::{ActCx, AppScreen, Focus, ScreenState, ViewCx, Work};

registry! {
    /// The lecture scenes.
    Lecture => lecture: crate::ui::lecture::tab::LectureTab,
        "The five lecture scenes";
    /// m, n, k sliders and rates.
    Lab => lab: crate::ui::lab::state::LabState,
        "m, n, k sliders and the rates side by side";
    /// The lesson's live filter.
    Sandbox => sandbox: crate::ui::sandbox::state::SandboxState,
        "The lesson's live filter: type keys, insert and query";
    /// n and p in, m, bytes and k out.
    Sizing => sizing: crate::ui::sizing::state::SizingState,
        "n and a target rate in; m, bytes and k out";
    /// The lesson's exercises, answered and checked.
    Practice => practice: crate::ui::practice::state::PracticeState,
        "The lesson's seven exercises, answered and checked";
}

impl Default for Screen {
    /// The first screen of the list, the one the app opens on.
    fn default() -> Self {
        Screen::ALL[0]
    }
}

impl Screen {
    /// The tab label.
    pub fn title(self) -> &'static str {
        self.into()
    }

    fn index(self) -> usize {
        Screen::ALL.iter().position(|&s| s == self).unwrap_or(0)
    }

    /// The next tab, wrapping round.
    pub fn next(self) -> Screen {
        Screen::ALL[(self.index() + 1) % Screen::ALL.len()]
    }

    /// The previous tab, wrapping round.
    pub fn prev(self) -> Screen {
        let count = Screen::ALL.len();
        Screen::ALL[(self.index() + count - 1) % count]
    }
}

impl Screens {
    /// Every screen's fields drop focus.
    pub(crate) fn blur_all(&mut self) {
        for &id in Screen::ALL {
            self.get_mut(id).blur();
        }
    }

    /// Every screen's messages close.
    pub(crate) fn dismiss_all(&mut self) {
        for &id in Screen::ALL {
            self.get_mut(id).dismiss();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    #[test]
    fn tabs_wrap_round_in_order() {
        let order: Vec<&str> = Screen::iter().map(Screen::title).collect();
        assert_eq!(order, ["Lecture", "Lab", "Sandbox", "Sizing", "Practice"]);
        assert_eq!(Screen::Practice.next(), Screen::Lecture);
        assert_eq!(Screen::Lecture.prev(), Screen::Practice);
        assert_eq!(Screen::Lab.next(), Screen::Sandbox);
    }

    #[test]
    fn the_list_and_the_enum_agree() {
        assert!(Screen::iter().eq(Screen::ALL.iter().copied()));
        assert_eq!(Screen::default(), Screen::Lecture);
        for &screen in Screen::ALL {
            assert_eq!(screen.cli_name(), screen.title().to_lowercase());
        }
    }
}
