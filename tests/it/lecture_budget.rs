//! A teacher who changes the budget must get a lecture whose narration agrees
//! with what the board shows: the built-in script is traced with other
//! `bloom_bits` and `k_curve_bits`, and every probe the narration moves, the
//! best k it names and the crawler's figures are checked against the numbers
//! the board draws under its plots.

use crate::common::{numbers, states_all};
use bloomlab::lecture::figures::{kopt, sig};
use bloomlab::lecture::template::{Arg, Part};
use bloomlab::lecture::{BUILTIN_SCRIPT, Board, Curve, Element, Emphasis, Lecture};

/// The built-in script with its budgets replaced.
fn with_budget(bloom_bits: &str, k_curve_bits: &str) -> Lecture {
    let text = BUILTIN_SCRIPT.replacen(
        "bloom_bits = 10\n",
        &format!("bloom_bits = {bloom_bits}\nk_curve_bits = {k_curve_bits}\n"),
        1,
    );
    assert_ne!(text, BUILTIN_SCRIPT, "the budget line was found");
    Lecture::from_text("budget", &text).expect("the re-budgeted lecture loads")
}

/// Whether the narration states `value`, rounded to 2 to 4 significant
/// digits (the precision the captions and narration use).
fn states(narration: &[String], value: f64) -> bool {
    let said: Vec<String> = narration.iter().flat_map(|p| numbers(p)).collect();
    (2..=4).any(|d| {
        let text = sig(value, d);
        let trimmed = trim(&text);
        said.iter().any(|n| *n == text || *n == trimmed)
    })
}

fn trim(text: &str) -> String {
    if text.contains('.') && !text.contains('e') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text.to_string()
    }
}

fn whole(narration: &[String], value: f64) -> bool {
    let text = trim(&sig(value, 6));
    narration.iter().flat_map(|p| numbers(p)).any(|n| n == text)
}

const CURVES: [Curve; 3] = [Curve::Fill, Curve::K, Curve::Bits];

/// Checks one lecture; returns the problems found, one line each.
fn disagreements(lecture: &Lecture) -> Vec<String> {
    let mut problems = Vec::new();
    let mut before: Option<&Board> = None;
    // The board each step leaves once its prediction, if any, is revealed:
    // the narration describes what the class finally sees.
    for board in (0..lecture.len()).map(|i| lecture.shown_board(i, true)) {
        let at = format!("scene {} step {}", board.scene + 1, board.step + 1);
        let said = &board.narration;
        // A step that moves a probe (or brings its curve on screen) narrates
        // where it landed: the probe's x and the y its caption prints.
        for curve in CURVES {
            let Some((x, y)) = board.probe(curve) else {
                continue;
            };
            if before.and_then(|b| b.probe(curve)) == Some((x, y)) {
                continue;
            }
            if !whole(said, x) || !states(said, y) {
                problems.push(format!(
                    "{at}: the {} probe stands at {x} with {}, narration: {said:?}",
                    curve.name(),
                    sig(y, 2)
                ));
            }
        }
        let f = &board.figures;
        // The best k marked on the k curve and its rule-of-thumb value.
        if board.shows(Element::KCurve) && board.emphasises(&Emphasis::Optimum) {
            let best = f.best_k_on_curve() as f64;
            let rule = kopt(f.settings.k_curve_bits);
            if !whole(said, best) || !states(said, rule) {
                problems.push(format!(
                    "{at}: the floor marks best k = {best} (rule {}), narration: {said:?}",
                    sig(rule, 3)
                ));
            }
        }
        // The crawler's caption: its k, rate and wrongly skipped millions.
        let table_new =
            board.shows(Element::Table) && !before.is_some_and(|b| b.shows(Element::Table));
        if board.shows(Element::Crawler) && table_new {
            let k = f.best_k_for_bloom() as f64;
            if !whole(said, k)
                || !states(said, f.bloom_eps())
                || !states(said, f.bloom_missed_millions())
            {
                problems.push(format!(
                    "{at}: the crawler shows k = {k}, epsilon {}, {} M; narration: {said:?}",
                    sig(f.bloom_eps(), 2),
                    sig(f.bloom_missed_millions(), 2)
                ));
            }
        }
        before = Some(board);
    }
    problems
}

#[test]
fn narration_agrees_with_the_board_at_the_built_in_budget() {
    let problems = disagreements(&Lecture::builtin());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn narration_agrees_with_the_board_when_the_budget_changes() {
    for (bloom, curve) in [("8", "8"), ("12", "12"), ("6", "9.5"), ("16", "8")] {
        let lecture = with_budget(bloom, curve);
        let problems = disagreements(&lecture);
        assert!(
            problems.is_empty(),
            "bloom_bits = {bloom}, k_curve_bits = {curve}:\n{}",
            problems.join("\n")
        );
    }
}

#[test]
fn the_reported_eight_bit_budget_reads_right() {
    let lecture = with_budget("8", "8");
    let narration = |scene, step| {
        lecture
            .board(lecture.step_index(scene, step).unwrap())
            .narration
            .join(" ")
    };
    // The crawler at 8 bits per item: best k 6, rate 0.022, 22 million.
    let crawl = narration(5, 9);
    assert!(states_all(&crawl, &["6", "0.022", "22"]), "{crawl}");
    assert!(
        !states_all(&crawl, &["0.0082"]) && !states_all(&crawl, &["8.2"]),
        "{crawl}"
    );
    // The best k on the k curve at 8 bits per item.
    let best = narration(4, 4);
    assert!(states_all(&best, &["6", "0.022"]), "{best}");
    assert!(states_all(&narration(4, 7), &["5.55", "6"]));
}

/// Digits written as plain text in a paragraph are either the formula's own
/// constants or repeat an argument written in one of its placeholders ("At
/// k = 2 the rate is {eps(k=2)}"); any other number would not follow the
/// script's settings.
#[test]
fn built_in_narration_spells_numbers_with_placeholders() {
    let lecture = Lecture::builtin();
    for scene in &lecture.script().scenes {
        for step in &scene.steps {
            for paragraph in &step.narration {
                let mut args = vec!["0".to_string(), "1".to_string()];
                let mut text = String::new();
                for part in &paragraph.parts {
                    match part {
                        Part::Text(t) => text.push_str(t),
                        Part::Value(call) => {
                            let a = call.args;
                            for arg in [a.n, a.k, a.bits].into_iter().flatten() {
                                if let Arg::Num(x) = arg {
                                    args.push(trim(&sig(x, 6)));
                                }
                            }
                            text.push_str(" {} ");
                        }
                    }
                }
                // The formulas' own constants are not settings.
                let text = text.replace("ln 2", "ln two");
                for n in numbers(&text) {
                    assert!(
                        args.contains(&n),
                        "line {}: '{n}' is typed into the narration: {text}",
                        step.line
                    );
                }
            }
        }
    }
}

#[test]
fn the_built_in_figures_stay() {
    let l = Lecture::builtin();
    let all: String = (0..l.len())
        .map(|i| l.shown_board(i, true))
        .flat_map(|b| b.narration.iter().chain(&b.derivation))
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    let said = numbers(&all);
    for figure in [
        "0.43", "0.89", "0.0082", "0.095", "0.033", "0.017", "0.0094", "0.0102", "0.0190", "6.93",
        "0.021", "0.0012", "0.000067", "1.25", "51", "125", "8.2", "7",
    ] {
        assert!(said.iter().any(|n| n == figure), "{figure} is missing");
    }
}
