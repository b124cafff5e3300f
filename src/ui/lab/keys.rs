//! The lab's key table, three pages (the sliders; typing a value; typing a
//! guess for the best k), the overlay's second page on what its numbers
//! mean, and the footer's summary.

use std::borrow::Cow;

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::ui::action::Action;
use crate::ui::help::{HelpPage, Hit, KeyHelp, KeyPage, hjkl, key, slider_step};
use crate::ui::lab::action::LabAction;
use crate::ui::lab::state::LabState;
use crate::ui::screen::ScreenAction;

const fn lab(action: LabAction) -> Action {
    Action::Screen(ScreenAction::Lab(action))
}

/// ↑ and ↓ choose a slider.
fn choose(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Up => Some(lab(LabAction::SelectPrev)),
        KeyCode::Down => Some(lab(LabAction::SelectNext)),
        _ => None,
    }
}

/// ← and → move the slider a small step, with Shift a big one; `<` and `>`
/// are big steps too.
fn step(key: KeyEvent) -> Option<Action> {
    slider_step(key).map(|(up, big)| lab(LabAction::Adjust { up, big }))
}

/// `h`, `j`, `k` as ←, ↓, ↑ (`l` is the lock, so → has no letter).
fn letters(key: KeyEvent) -> Option<Action> {
    let arrow = hjkl(key).filter(|k| k.code != KeyCode::Right)?;
    choose(arrow).or_else(|| step(arrow))
}

/// Enter or a digit starts typing (the guess, while the rates hide).
fn start_typing(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Enter => Some(lab(LabAction::StartEdit(None))),
        KeyCode::Char(c) if c.is_ascii_digit() => Some(lab(LabAction::StartEdit(Some(c)))),
        _ => None,
    }
}

/// The sliders and switches. The overlay's column is narrow at 80
/// columns, so each does its job in a line or two.
pub(crate) const SLIDERS: KeyPage = KeyPage {
    rows: &[
        key("↑ / ↓", "choose a slider", Hit::With(choose)),
        key("h, j, k", "as ←, ↓, ↑ (l is the lock)", Hit::With(letters)),
        key(
            "←→, Shift+←→",
            "small step, big step (halve, double)",
            Hit::With(step),
        ),
        key(
            "Enter, digit",
            "type a value (Esc cancels)",
            Hit::With(start_typing),
        ),
        key(
            "l",
            "lock bits per key (m/n)",
            Hit::On(&[KeyCode::Char('l')], lab(LabAction::ToggleLock)),
        ),
        key(
            "s",
            "next probe scheme",
            Hit::On(&[KeyCode::Char('s')], lab(LabAction::ToggleScheme)),
        ),
        key(
            "r",
            "reseed the measurement",
            Hit::On(&[KeyCode::Char('r')], lab(LabAction::Reseed)),
        ),
        key(
            "m",
            "measure a long run now (again: stop)",
            Hit::On(&[KeyCode::Char('m')], lab(LabAction::ToggleMeasure)),
        ),
        key(
            "c",
            "measure both best k's",
            Hit::On(&[KeyCode::Char('c')], lab(LabAction::Compare)),
        ),
        key(
            "d",
            "charts: the rates' gaps",
            Hit::On(&[KeyCode::Char('d')], lab(LabAction::ToggleGapView)),
        ),
        key(
            "P",
            "hide the rates till you guess k",
            Hit::On(&[KeyCode::Char('P')], lab(LabAction::TogglePredict)),
        ),
        key(
            "R",
            "the seed's rehearsal (again: next step)",
            Hit::On(&[KeyCode::Char('R')], lab(LabAction::Rehearse)),
        ),
        key("mouse", "click/drag a slider", Hit::Elsewhere),
    ],
};

/// Typing a slider's value.
pub(crate) const VALUE: KeyPage = KeyPage {
    rows: &[
        // The lab's values are all whole counts: no percentages or fractions.
        key(
            "digits, k, M, e",
            "type a whole number (160, 50k, 1e6)",
            Hit::Field,
        ),
        key("Backspace", "erase", Hit::Field),
        key("Enter", "accept", Hit::Field),
        key("Esc", "cancel", Hit::Field),
    ],
};

/// Typing a guess for the best k.
pub(crate) const GUESS: KeyPage = KeyPage {
    rows: &[
        key("digits", "your guess for the best k", Hit::Field),
        key("Backspace", "erase", Hit::Field),
        key("Enter", "check it: the rates come back", Hit::Field),
        key("Esc", "cancel (the rates stay hidden)", Hit::Field),
    ],
};

/// The overlay's second page (`?` again): what each kind of figure in the
/// rates panel is.
pub(crate) const NUMBERS: HelpPage = HelpPage {
    name: "what the numbers mean",
    heading: "What the lab's numbers mean",
    rows: &[
        KeyHelp {
            keys: "exact",
            does: "the textbook formula as a big-integer fraction, its digits correctly rounded, never estimated; it takes a query's k bits as independent",
        },
        KeyHelp {
            keys: "idealised",
            does: "(1 - e^(-kn/m))^k in floating point, the usual approximation: it depends on k and m/n only and sits a little below exact",
        },
        KeyHelp {
            keys: "true",
            does: "E[(X/m)^k], X the bits set: what independent hashes really give, with the bits' dependence counted; never below exact",
        },
        KeyHelp {
            keys: "measured",
            does: "false positives counted on filters built here, never-inserted keys queried; the 95% interval says how far to trust the count",
        },
    ],
    note: " the rates panel labels every figure with one of these",
};

/// The page for the lab as it stands.
pub(crate) fn page(lab: &LabState) -> &'static KeyPage {
    if lab.predict.field.is_some() {
        &GUESS
    } else if lab.editing.is_some() {
        &VALUE
    } else {
        &SLIDERS
    }
}

/// The footer's one-line summary for the lab as it stands, `typing` or not.
pub(crate) fn footer(lab: &LabState, typing: bool) -> Cow<'static, str> {
    if lab.predict.field.is_some() {
        "type your guess for the best k · Enter check · Esc cancel"
    } else if typing {
        "type a value · Enter accept · Esc cancel"
    } else if lab.predict.hides() {
        "digits guess the best k · ←→ adjust · P predict off · R rehearsal · ? help"
    } else {
        "↑↓ choose · ←→ adjust · < > big · Enter type · l lock · s scheme · r reseed"
    }
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typing_a_value_offers_only_what_a_whole_count_accepts() {
        let offered = VALUE.rows[0];
        // Each offered form parses as the lab parses a typed value.
        for example in ["160", "50k", "1M", "1e6"] {
            assert!(crate::ui::numbers::count(example).is_ok(), "{example}");
        }
        // Percentages and fractions are refused by the lab, so not offered.
        for refused in ["1%", "1/100"] {
            assert!(crate::ui::numbers::count(refused).is_err(), "{refused}");
        }
        assert!(!offered.keys.contains('%') && !offered.keys.contains('/'));
        for example in ["160", "50k", "1e6"] {
            assert!(offered.does.contains(example));
        }
    }
}
