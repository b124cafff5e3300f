//! Whole plain-mode sessions, run on this thread: what a screen reader
//! would hear, line by line.

use super::transcript;
use crate::lecture::Lecture;
use crate::ui::config::AppConfig;
use crate::ui::screen::Screen;

/// What may appear in plain mode's output: letters, digits, spaces and the
/// punctuation a screen reader reads quietly or as a word.
fn readable(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '\n' || " .,;:'\"()?!%+=-/".contains(c)
}

fn on(screen: Screen) -> AppConfig {
    AppConfig {
        screen,
        ..AppConfig::default()
    }
}

/// The lines `line` is said on, each once, in order: where each of
/// `wanted` is first found after the one before it.
fn in_order(out: &str, wanted: &[String]) {
    let mut from = 0;
    for w in wanted {
        match out[from..].find(w.as_str()) {
            Some(at) => from += at + w.len(),
            None => panic!(
                "not found after byte {from}: {w:?}\n--- the rest ---\n{}",
                &out[from..]
            ),
        }
    }
}

#[test]
fn enter_walks_the_whole_lecture_in_order_and_nothing_but_words() {
    let lecture = Lecture::builtin();
    // Every step, predict steps twice (the question, then the reveal), and
    // one more for the closing words.
    let presses = lecture.len() + (0..lecture.len()).filter(|&i| lecture.predicts(i)).count();
    let enters = vec![""; presses];
    let out = transcript(&AppConfig::default(), &enters);
    let mut wanted = Vec::new();
    for (global, board) in lecture.boards().iter().enumerate() {
        let shown = lecture.revealed_board(global).unwrap_or(board);
        wanted.push(format!(
            "Scene {} of {}: {}. Step {} of {}.",
            board.scene + 1,
            board.scene_count,
            board.scene_title,
            board.step + 1,
            board.steps_in_scene
        ));
        if let Some(q) = shown.query.as_ref().and_then(|q| q.verdict) {
            wanted.push(format!("Answer: {}.", q.as_str()));
        }
        if let Some(flag) = shown.query.as_ref().and_then(|q| q.flag) {
            let name = flag.as_str();
            let mut c = name.chars();
            let first = c.next().map(|f| f.to_uppercase().collect::<String>());
            wanted.push(format!("{}{}:", first.unwrap_or_default(), c.as_str()));
        }
        for paragraph in &shown.narration {
            wanted.push(super::speak::speakable(paragraph));
        }
    }
    wanted.push("End of the lecture.".to_string());
    in_order(&out, &wanted);
    let stray: Vec<char> = out.chars().filter(|&c| !readable(c)).collect();
    assert!(stray.is_empty(), "not words: {stray:?}");
}

#[test]
fn the_lab_answers_m_n_k_with_the_exact_rate_and_its_kinds() {
    let out = transcript(&on(Screen::Lab), &["m 1000", "m 160", "n 16", "k 7"]);
    let last = out.rsplit("lab: k 7").next().unwrap_or_default();
    for said in [
        "Exact: 0.008318677101",
        "Idealised: 0.00819",
        "True: 0.00865",
        "Measured: ",
        "Best k: 7 at 0.008318677101",
        "True best: 7 too",
    ] {
        assert!(last.contains(said), "{said}\n{last}");
    }
}

#[test]
fn a_line_it_cannot_read_gets_one_sentence_and_the_session_goes_on() {
    let out = transcript(
        &on(Screen::Lab),
        &["m abc", "k 0", "frobnicate", "\u{1b}[2J", "k 8", "q", "k 9"],
    );
    let reply = |after: &str| {
        out.split(&format!("lab: {after}\n"))
            .nth(1)
            .and_then(|rest| rest.lines().next())
            .unwrap_or_default()
            .to_string()
    };
    let abc = reply("m abc");
    assert!(
        abc.contains("\"abc\"") && abc.contains("between 1 and 10 to the 12"),
        "{abc}"
    );
    let zero = reply("k 0");
    assert!(
        zero.contains("k 0") && zero.contains("between 1 and 32"),
        "{zero}"
    );
    assert!(
        reply("frobnicate").contains("not a command on the Lab screen"),
        "{out}"
    );
    assert!(!out.contains('\u{1b}'), "an escape got through: {out:?}");
    assert!(
        out.contains("k = 8 hashes per key"),
        "the session went on: {out}"
    );
    assert!(!out.contains("k = 9 hashes"), "q ended it: {out}");
}

#[test]
fn a_prediction_takes_the_class_s_pick_then_enter_reveals_it() {
    let lecture = Lecture::builtin();
    let at = lecture.step_index(3, 3).unwrap_or_else(|e| panic!("{e}"));
    let config = AppConfig {
        start_at: Some((3, 3)),
        ..AppConfig::default()
    };
    assert!(lecture.predicts(at));
    let out = transcript(&config, &["B", "", "b", "C", "= 7"]);
    assert!(out.contains("scene 3 step 3, question: B"), "{out}");
    assert!(
        out.contains("The class's pick: B, definitely absent."),
        "{out}"
    );
    assert!(out.contains("(the class's pick)"), "{out}");
    assert!(
        out.contains("Choice A: probably present (the answer)."),
        "{out}"
    );
    assert!(out.contains("Not what the class predicted."), "{out}");
    assert!(
        out.contains("C is not one of the choices: pick A or B."),
        "{out}"
    );
    assert!(out.contains("This question has choices"), "{out}");
}

#[test]
fn numbers_jump_and_a_place_that_is_not_there_says_so() {
    let out = transcript(&AppConfig::default(), &["3.4", "9", "2.40", "5", "b"]);
    assert!(out.contains("scene 3 step 4: 9"), "{out}");
    assert!(
        out.contains("\"9\" is not a place in this lecture"),
        "{out}"
    );
    assert!(out.contains("\"2.40\" is not a place"), "{out}");
    assert!(out.contains("scene 5 step 1: b"), "{out}");
    assert!(out.contains("scene 4 step 11: "), "{out}");
}

#[test]
fn help_lists_every_command_of_the_screen_and_of_every_screen() {
    for &screen in Screen::ALL {
        let out = transcript(&on(screen), &["?"]);
        let app = crate::ui::app::App::new(screen, crate::ui::theme::Theme::MONO);
        for c in app.on_show().plain_commands() {
            let typed = super::speak::speakable(c.typed);
            assert!(out.contains(&typed), "{screen:?}: {typed}\n{out}");
        }
        for word in ["? or help", "q or quit", "r or repeat"] {
            assert!(out.contains(word), "{screen:?}: {word}");
        }
    }
}

#[test]
fn every_screen_is_said_in_words_only() {
    let out = transcript(
        &AppConfig::default(),
        &[
            "lab",
            "c",
            "sandbox",
            "insert",
            "insert",
            "insert",
            "query rec-67",
            "sizing",
            "n 1M",
            "p 1 in 1000",
            "solve k",
            "b",
            "practice",
            "answer 5 no",
            "hint",
            "n",
            "tab",
        ],
    );
    for heard in [
        "The Lab screen.",
        "The Sandbox screen.",
        "Wrong: false positive (never inserted).",
        "The Sizing screen.",
        "n (keys): 1 million, that is 1,000,000 keys.",
        "The Practice screen.",
        "Not right: ",
        "Exercise 2 of 7",
        "The Lecture screen.",
    ] {
        assert!(out.contains(heard), "{heard}\n{out}");
    }
    let stray: Vec<char> = out.chars().filter(|&c| !readable(c)).collect();
    assert!(stray.is_empty(), "not words: {stray:?}");
}
