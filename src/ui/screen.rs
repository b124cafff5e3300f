//! The app's screens, in tab order.

use strum::{EnumIter, IntoEnumIterator, IntoStaticStr};

/// One screen of the app. The order of the variants is the tab order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, EnumIter, IntoStaticStr)]
pub enum Screen {
    /// The lecture scenes.
    #[default]
    Lecture,
    /// m, n, k sliders and rates.
    Lab,
    /// The lesson's live filter.
    Sandbox,
    /// n and p in, m, bytes and k out.
    Sizing,
    /// The lesson's exercises, answered and checked.
    Practice,
}

impl Screen {
    /// The tab label.
    pub fn title(self) -> &'static str {
        self.into()
    }

    fn index(self) -> usize {
        Screen::iter().position(|s| s == self).unwrap_or(0)
    }

    /// The next tab, wrapping round.
    pub fn next(self) -> Screen {
        let count = Screen::iter().count();
        Screen::iter()
            .nth((self.index() + 1) % count)
            .unwrap_or_default()
    }

    /// The previous tab, wrapping round.
    pub fn prev(self) -> Screen {
        let count = Screen::iter().count();
        Screen::iter()
            .nth((self.index() + count - 1) % count)
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tabs_wrap_round_in_order() {
        let order: Vec<&str> = Screen::iter().map(Screen::title).collect();
        assert_eq!(order, ["Lecture", "Lab", "Sandbox", "Sizing", "Practice"]);
        assert_eq!(Screen::Practice.next(), Screen::Lecture);
        assert_eq!(Screen::Lecture.prev(), Screen::Practice);
        assert_eq!(Screen::Lab.next(), Screen::Sandbox);
    }
}
