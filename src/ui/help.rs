//! The keys of each screen, as data: the `?` overlay lists them all and the
//! footer shows the short form. The key map in [`crate::ui::keymap`] is
//! checked against these lists by its tests.

use crate::ui::app::App;
use crate::ui::screen::Screen;

/// One documented key: what to press and what it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KeyHelp {
    /// The key(s), as printed.
    pub keys: &'static str,
    /// What they do.
    pub does: &'static str,
}

const fn k(keys: &'static str, does: &'static str) -> KeyHelp {
    KeyHelp { keys, does }
}

/// Keys that work on every screen (unless a text field has focus).
pub(crate) const GLOBAL: &[KeyHelp] = &[
    k("Tab / Shift+Tab", "next / previous screen"),
    k("?", "this help"),
    k("t", "next colour theme"),
    k("p", "present mode"),
    k("e", "export SVG and text"),
    k("N", "lesson notes (presenting: in the speaker view)"),
    k("T", "elapsed timer"),
    k("a", "autoplay; keys stop it"),
    k("q, Esc, Ctrl+C", "quit"),
    k("Ctrl+Z", "suspend (fg resumes)"),
    k("mouse", "click a tab"),
];

/// Lecture keys.
pub(crate) const LECTURE: &[KeyHelp] = &[
    k("→, Space, Enter", "next step; on a prediction, reveal"),
    k("←, Backspace", "back; a reveal hides again"),
    k("A … D", "the class's pick (predict steps)"),
    k("=", "the class's number (predict steps)"),
    k("PgDn / ]", "next scene"),
    k("PgUp / [", "previous scene (or its start)"),
    k("1 … 9", "jump to a scene"),
    k("g 3.4 Enter", "go to a scene or a step"),
    k("Home", "back to the start"),
    k("n", "narration on or off"),
    k("z", "the step as text, whole"),
];

/// Practice keys.
pub(crate) const PRACTICE: &[KeyHelp] = &[
    k("↑ / ↓, 1 … 7", "choose an exercise"),
    k(
        "Enter or i",
        "type the answer (Enter checks it, Esc leaves)",
    ),
    k("h", "a hint for the exercise on show"),
    k("r", "a new variant of exercise 5 (its seed is shown)"),
];

/// Practice keys while typing an answer.
pub(crate) const PRACTICE_TYPING: &[KeyHelp] = &[
    k(
        "letters, digits",
        "the answer, as the exercise asks: 2 yes, T F T",
    ),
    k("Enter", "check it (a right answer stays, selected)"),
    k("↑ / ↓", "the exercise above or below"),
    k("Esc", "leave the field (then q quits)"),
];

/// Keys while typing the class's number or a `g` place in the lecture.
pub(crate) const LECTURE_TYPING: &[KeyHelp] = &[
    k("digits, ., %", "type it"),
    k("Enter", "accept"),
    k("Esc", "cancel"),
];

/// Lab keys. The overlay's column is narrow at 80 columns, so each does
/// its job in a line or two.
pub(crate) const LAB: &[KeyHelp] = &[
    k("↑ / ↓", "choose a slider"),
    k("←→, Shift+←→", "small step, big step (halve, double)"),
    k("Enter, digit", "type a value (Esc cancels)"),
    k("l", "lock bits per key (m/n)"),
    k("s", "next probe scheme"),
    k("r", "reseed the measurement"),
    k("m", "measure a long run now (again: stop)"),
    k("c", "measure both best k's"),
    k("d", "charts: the rates' gaps"),
    k("P", "hide the rates till you guess k"),
    k("R", "the seed's rehearsal (again: next step)"),
    k("mouse", "click/drag a slider"),
];

/// The lab overlay's second page (`?` again): what each kind of figure
/// in the rates panel is.
pub(crate) const NUMBERS: &[KeyHelp] = &[
    k(
        "exact",
        "the textbook formula as a big-integer fraction, its digits correctly rounded, never estimated; it takes a query's k bits as independent",
    ),
    k(
        "idealised",
        "(1 - e^(-kn/m))^k in floating point, the usual approximation: it depends on k and m/n only and sits a little below exact",
    ),
    k(
        "true",
        "E[(X/m)^k], X the bits set: what independent hashes really give, with the bits' dependence counted; never below exact",
    ),
    k(
        "measured",
        "false positives counted on filters built here, never-inserted keys queried; the 95% interval says how far to trust the count",
    ),
];

/// True when the overlay on show is the lab's key page, which turns to
/// the page on its numbers with `?`.
pub(crate) fn has_numbers_page(app: &App) -> bool {
    app.screen == Screen::Lab && !app.help_numbers
}

/// Keys while typing a guess for the best k in the lab.
pub(crate) const GUESS_TYPING: &[KeyHelp] = &[
    k("digits", "your guess for the best k"),
    k("Backspace", "erase"),
    k("Enter", "check it: the rates come back"),
    k("Esc", "cancel (the rates stay hidden)"),
];

/// Sandbox keys while browsing.
pub(crate) const SANDBOX: &[KeyHelp] = &[
    k("i or Enter", "type a key to insert"),
    k("f or /", "type a key to query"),
    k("↑ / ↓", "choose m or k"),
    k(
        "← / →, < / >",
        "change it (the filter is rebuilt, keys re-inserted)",
    ),
    k("c", "clear the filter and the history"),
];

/// Sandbox keys while the key field has focus.
pub(crate) const SANDBOX_TYPING: &[KeyHelp] = &[
    k(
        "letters, digits",
        "type or paste the key (256 characters at most)",
    ),
    k(
        "Enter",
        "insert or query it (empty field: the greyed lesson key)",
    ),
    k("↑ / ↓", "swap insert and query"),
    k("Esc", "leave the field (then q quits)"),
];

/// Sizing keys.
pub(crate) const SIZING: &[KeyHelp] = &[
    k("↑ / ↓", "choose a field: n, p, m or k"),
    k("Enter or a digit", "edit it (Enter accepts, Esc goes back)"),
    k("s", "work the chosen field out from the others"),
    k("b", "size by the true rate, or by the exact again"),
    k(
        "editing [ solved ]",
        "makes it an input; m is solved (p if it was m)",
    ),
    k("blank k", "the best whole k, chosen with the answer"),
];

/// Keys while typing a lab value.
pub(crate) const FIELD_TYPING: &[KeyHelp] = &[
    // The lab's values are all whole counts: no percentages or fractions.
    k("digits, k, M, e", "type a whole number (160, 50k, 1e6)"),
    k("Backspace", "erase"),
    k("Enter", "accept"),
    k("Esc", "cancel"),
];

/// Keys while typing a sizing input.
pub(crate) const SIZING_TYPING: &[KeyHelp] = &[
    k(
        "digits, M, k, e, %, /",
        "type the value (the answer follows as you type)",
    ),
    k(
        "B, KB … GiB, TiB",
        "a unit makes m a memory size (64MiB, 1.5GB)",
    ),
    k("Backspace", "erase (a blank k asks for the best k)"),
    k("↑ / ↓", "another field"),
    k(
        "Enter / Esc",
        "accept a good entry / back to the last good one",
    ),
];

/// The keys that apply to the screen on show, most specific first.
pub(crate) fn screen_keys(app: &App) -> &'static [KeyHelp] {
    match app.screen {
        Screen::Lecture if app.typing() => LECTURE_TYPING,
        Screen::Lecture => LECTURE,
        Screen::Practice if app.typing() => PRACTICE_TYPING,
        Screen::Practice => PRACTICE,
        Screen::Lab if app.lab.predict.field.is_some() => GUESS_TYPING,
        Screen::Lab if app.typing() => FIELD_TYPING,
        Screen::Lab => LAB,
        Screen::Sandbox if app.typing() => SANDBOX_TYPING,
        Screen::Sandbox => SANDBOX,
        Screen::Sizing if app.typing() => SIZING_TYPING,
        Screen::Sizing => SIZING,
    }
}

/// The footer's one-line summary for the screen on show.
pub(crate) fn footer(app: &App) -> String {
    let scenes = app.lecture.lecture.scene_count();
    let jump = match scenes {
        0 | 1 => "g go to".to_string(),
        2..=9 => format!("1-{scenes} jump"),
        _ => format!("1-9 or g jump ({scenes} scenes)"),
    };
    match app.screen {
        Screen::Lecture if app.typing() => "type 3 or 3.4 · Enter go · Esc cancel".to_string(),
        Screen::Lecture
            if app.lecture.lecture.predicts(app.lecture.step) && !app.lecture.revealed =>
        {
            match app.lecture.prediction() {
                Some(p) if p.is_number() => {
                    "= the class's number · → reveal · ← back · ? help".to_string()
                }
                Some(p) => format!(
                    "{} the class's pick · → reveal · ← back · ? help",
                    crate::lecture::texts::choice_keys(p.choices.len())
                ),
                None => "→ reveal · ← back · ? help".to_string(),
            }
        }
        Screen::Lecture => {
            format!("→ next · ← back · ] [ scene · {jump} · n narration · e export · ? help")
        }
        other => footer_for(app, other).to_string(),
    }
}

fn footer_for(app: &App, screen: Screen) -> &'static str {
    match screen {
        Screen::Lecture => "",
        Screen::Lab if app.lab.predict.field.is_some() => {
            "type your guess for the best k · Enter check · Esc cancel"
        }
        Screen::Lab if app.typing() => "type a value · Enter accept · Esc cancel",
        Screen::Lab if app.lab.predict.hides() => {
            "digits guess the best k · ←→ adjust · P predict off · R rehearsal · ? help"
        }
        Screen::Lab => {
            "↑↓ choose · ←→ adjust · < > big · Enter type · l lock · s scheme · r reseed"
        }
        Screen::Sandbox if app.typing() => {
            "type a key · Enter do it · ↑↓ insert⇄query · Esc leave field"
        }
        Screen::Sandbox => "i insert · f query · ↑↓ m/k · ←→ change · c clear · e export · ? help",
        Screen::Sizing if app.typing() => {
            "type · Enter done · Esc back to the last good entry · ↑↓ other field"
        }
        Screen::Sizing => "↑↓ choose · Enter edit · s solve this · b by true/exact · ? help",
        Screen::Practice if app.typing() && app.practice.field.is_selected() => {
            "type the next answer · h hint · Enter check · Esc leave the field"
        }
        Screen::Practice if app.typing() => "type the answer · Enter check · Esc leave the field",
        Screen::Practice => "↑↓ choose · Enter answer · h hint · r new variant · N notes · ? help",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lab_typing_offers_only_what_a_whole_count_accepts() {
        let offered = FIELD_TYPING[0];
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

    /// Columns inside the help overlay (76 wide with its borders).
    const OVERLAY_INNER: usize = 74;

    #[test]
    fn the_sizing_keys_fit_the_help_overlay() {
        let width = |t: &str| ratatui::text::Span::raw(t).width();
        for keys in [SIZING, SIZING_TYPING] {
            let key_width = keys
                .iter()
                .chain(GLOBAL)
                .map(|k| k.keys.chars().count())
                .max()
                .unwrap_or(0);
            for k in keys {
                let row = 2 + key_width + 1 + width(k.does);
                assert!(row <= OVERLAY_INNER, "{:?}: {row} columns", k.keys);
            }
        }
    }
}
