//! The screens' ids and their actions, written from the list in
//! [`crate::ui::screen`]: `Screen` (in tab order, the public enum
//! `AppConfig` and `--screen` take) and `ScreenAction` (one variant per
//! screen, holding that screen's own action type). Nothing here knows what
//! a screen does, so [`crate::ui::action`] can carry both.

/// Writes `Screen` and `ScreenAction` from the list's rows.
macro_rules! ids {
    ($(
        $(#[$doc:meta])*
        $id:ident => $field:ident: $state:ty, $action:ty, $about:literal;
    )+) => {
        /// One screen of the app. The order of the variants is the tab order.
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, strum::EnumIter, strum::IntoStaticStr,
        )]
        pub enum Screen {
            $($(#[$doc])* $id,)+
        }

        impl Screen {
            /// Every screen, in tab order.
            pub(crate) const ALL: &'static [Screen] = &[$(Screen::$id),+];

            /// The name `--screen` takes: the screen's field in the list.
            pub(crate) fn cli_name(self) -> &'static str {
                match self {
                    $(Screen::$id => stringify!($field),)+
                }
            }

            /// What `bloomlab --help` says of the screen.
            pub(crate) fn about(self) -> &'static str {
                match self {
                    $(Screen::$id => $about,)+
                }
            }
        }

        /// A request for one screen, in that screen's own action type.
        #[derive(Debug, Clone, Copy, PartialEq)]
        pub(crate) enum ScreenAction {
            $(
                #[doc = concat!("For the ", stringify!($id), " screen.")]
                $id($action),
            )+
        }

        $(
            impl From<$action> for ScreenAction {
                fn from(action: $action) -> Self {
                    ScreenAction::$id(action)
                }
            }
        )+
    };
}

screens!(ids);

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
