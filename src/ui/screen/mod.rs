//! The app's screens: the registry, the one list a screen is added to.
//!
//! A screen is a folder under `src/ui/` whose state type implements the
//! traits in [`seam`] ([`Focus`], [`AppScreen`], [`ScreenState`] and, when
//! it computes off the UI thread, [`Work`]), plus one row of the list
//! below. The row's order is the tab order; its name is the tab's label;
//! its field holds its state and is the name `--screen` takes; then come
//! its state type, its action type, and what `--help` says of it.
//!
//! The list is read twice: [`ids`] writes the screens' ids and actions
//! from it (which [`crate::ui::action`] carries), [`registry`] the states,
//! lanes and matches the app reaches each screen through (which use the
//! traits, which use the actions).

/// The screens in tab order: hands the list's rows to the macro `$write`.
macro_rules! screens {
    ($write:ident) => {
        $write! {
            /// The lecture scenes.
            Lecture => lecture: crate::ui::lecture::tab::LectureTab,
                crate::ui::lecture::action::LectureAction,
                "The five lecture scenes";
            /// m, n, k sliders and rates.
            Lab => lab: crate::ui::lab::state::LabState,
                crate::ui::lab::action::LabAction,
                "m, n, k sliders and the rates side by side";
            /// The lesson's live filter.
            Sandbox => sandbox: crate::ui::sandbox::state::SandboxState,
                crate::ui::sandbox::action::SandboxAction,
                "The lesson's live filter: type keys, insert and query";
            /// n and p in, m, bytes and k out.
            Sizing => sizing: crate::ui::sizing::state::SizingState,
                crate::ui::sizing::action::SizingAction,
                "n and a target rate in; m, bytes and k out";
            /// The lesson's exercises, answered and checked.
            Practice => practice: crate::ui::practice::state::PracticeState,
                crate::ui::practice::action::PracticeAction,
                "The lesson's seven exercises, answered and checked";
            /// Every filter after Bloom, measured against the floor.
            Compare => compare: crate::ui::compare::state::CompareState,
                crate::ui::compare::action::CompareAction,
                "Every filter after Bloom, measured for n keys at rate p, against the floor";
        }
    };
}

pub(crate) mod ids;
pub(crate) mod registry;
pub(crate) mod seam;

pub use ids::Screen;
pub(crate) use ids::ScreenAction;
pub(crate) use registry::{Arrival, Lanes, Screens};
pub(crate) use seam::{ActCx, AppScreen, Focus, ScreenState, ViewCx, Work};

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
        assert_eq!(
            order,
            ["Lecture", "Lab", "Sandbox", "Sizing", "Practice", "Compare"]
        );
        assert_eq!(Screen::Compare.next(), Screen::Lecture);
        assert_eq!(Screen::Lecture.prev(), Screen::Compare);
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
