//! Plain mode as a screen-reader user meets it: the real binary in a
//! pseudo-terminal stepped through the whole lecture with Enter, started by
//! `TERM=dumb`, and fed down a pipe; the lab's figures, bad lines and help
//! read back from its output. Not one escape sequence may appear.

use std::time::Duration;

use bloomlab::lecture::texts::{CaptionMark, caption, plots};
use bloomlab::lecture::{Board, Lecture, spoken};

use crate::common::numbers;
use crate::support::app::{EXIT, SHOW};
use crate::support::pty::PtyApp;
use crate::support::run::{Outcome, basic_problems, run_with_input};

/// Ceiling for a piped session (debug build, busy machine).
const LIMIT: Duration = Duration::from_secs(60);

/// The longest stretch of `text` plain mode prints as it is: letters,
/// spaces and quiet punctuation, less its first and last word (a unit
/// after a number, `GB`, or a word joined to notation is said in words;
/// numbers are checked apart).
fn words_of(text: &str) -> String {
    let stretch = text
        .split(|c: char| !(c.is_ascii_alphabetic() || " .,;:'\"".contains(c)))
        .max_by_key(|w| w.trim().len())
        .unwrap_or_default();
    let words: Vec<&str> = stretch.split_whitespace().collect();
    match words.len() {
        0..=2 => String::new(),
        n => words[1..n - 1].join(" "),
    }
}

/// Each screen the lecture shows when Enter is pressed from its first
/// step: every step once, a predict step twice (asked, then revealed).
fn visits(lecture: &Lecture) -> Vec<&Board> {
    let mut out = Vec::new();
    for (i, board) in lecture.boards().iter().enumerate() {
        out.push(board);
        if lecture.predicts(i) {
            out.push(lecture.revealed_board(i).unwrap_or(board));
        }
    }
    out
}

/// What a step must say, in order: its query and verdict, its figures
/// (chart marks, tables, the crawler's sums, derivations), its narration.
fn said_on(board: &Board) -> Vec<String> {
    let mut lines = spoken::query(board);
    for element in plots(board) {
        lines.extend(
            caption(board, element)
                .into_iter()
                .filter(|item| item.mark != CaptionMark::Curve)
                .map(|item| item.text),
        );
    }
    lines.extend(spoken::table(board));
    lines.extend(spoken::crawler(board));
    lines.extend(spoken::derivation(board));
    lines.extend(spoken::narration(board));
    lines
}

/// Fails unless `section` holds each of `lines`' word stretches in order,
/// and all their numbers in order.
fn says_in_order(section: &str, lines: &[String], place: &str) {
    let mut from = 0;
    for line in lines {
        let words = words_of(line);
        if words.len() < 8 {
            continue;
        }
        match section[from..].find(&words) {
            Some(at) => from += at + words.len(),
            None => panic!("{place}: {words:?} (of {line:?}) not said in order in:\n{section}"),
        }
    }
    let heard = numbers(section);
    let mut rest = heard.iter();
    for line in lines {
        for n in numbers(line) {
            assert!(
                rest.any(|h| *h == n),
                "{place}: the figure {n} (of {line:?}) not said in order in:\n{section}"
            );
        }
    }
}

/// The whole transcript cut at each step's opening line, checked step by
/// step; the closing words follow the last.
fn check_lecture(out: &str) {
    let lecture = Lecture::builtin();
    let mut from = 0;
    let boards = visits(&lecture);
    let places: Vec<String> = boards.iter().map(|b| spoken::place(b)).collect();
    for (i, board) in boards.iter().enumerate() {
        let place = &places[i];
        let Some(at) = out[from..].find(place.as_str()) else {
            panic!(
                "step {place:?} not found after byte {from}:\n{}",
                &out[from..]
            );
        };
        let start = from + at + place.len();
        let next = places
            .get(i + 1)
            .map_or("End of the lecture.", String::as_str);
        let end = out[start..].find(next).map_or(out.len(), |e| start + e);
        says_in_order(&out[start..end], &said_on(board), place);
        from = end;
    }
    assert!(
        out[from..].contains("End of the lecture."),
        "no closing words after the last step:\n{}",
        &out[from..]
    );
}

/// Enter, as many times as the lecture has screens, then once more for the
/// closing screen.
fn enters() -> usize {
    visits(&Lecture::builtin()).len()
}

/// Fails on an escape (ESC or the one-byte CSI) anywhere in `out`.
fn no_escape(out: &[u8], what: &str) {
    let text = String::from_utf8_lossy(out);
    if let Some(at) = text.find(['\u{1b}', '\u{9b}']) {
        let before: Vec<char> = text[..at].chars().rev().take(80).collect();
        let before: String = before.into_iter().rev().collect();
        let after: String = text[at..].chars().take(40).collect();
        panic!("{what}: an escape sequence at byte {at}: {before:?} then {after:?}");
    }
}

/// Runs `bloomlab ARGS` on a pipe with `lines` typed, checks it ended
/// cleanly with nothing on standard error, and gives its output.
fn piped(args: &[&str], lines: &[&str]) -> String {
    let mut input = lines.join("\n");
    input.push('\n');
    let o: Outcome = run_with_input(args, input.as_bytes(), LIMIT);
    let problems = basic_problems(&o);
    assert!(problems.is_empty(), "{}: {problems:?}", o.shown);
    assert_eq!(o.code, Some(0), "{}: {}", o.shown, o.err_text());
    assert_eq!(o.err_text(), "", "{}", o.shown);
    no_escape(&o.stdout, &o.shown);
    o.out_text()
}

/// Waits for the app in `pty` to end after `q`, and gives its whole output
/// as text.
fn quit_and_read(mut app: PtyApp) -> String {
    app.send(b"q\n");
    let code = app.wait_exit(EXIT).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(code, Some(0), "q is a normal way out");
    let raw = app.raw_log();
    no_escape(&raw, "the session in a terminal");
    String::from_utf8_lossy(&raw).replace('\r', "")
}

#[test]
fn enter_reads_the_whole_lecture_in_a_terminal() {
    let app = PtyApp::spawn(&["--plain"], 100, 30, &[]);
    app.wait_for("scene 1 step 1: ", SHOW)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut app = app;
    // A line at a time, each once the last has been answered, as a person
    // would press Enter.
    for n in 0..enters() {
        let before = app.raw_len();
        app.send(b"\n");
        app.wait_for_output_past(before + 2, SHOW)
            .unwrap_or_else(|e| panic!("after Enter {n}: {e}"));
        app.settle(Duration::from_millis(20), SHOW)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    app.wait_for("end of the lecture: ", SHOW)
        .unwrap_or_else(|e| panic!("{e}"));
    let out = quit_and_read(app);
    check_lecture(&out);
}

#[test]
fn a_dumb_terminal_gets_plain_mode() {
    let app = PtyApp::spawn(&["--screen", "lab"], 100, 30, &[("TERM", "dumb")]);
    app.wait_for("lab: ", SHOW)
        .unwrap_or_else(|e| panic!("{e}"));
    let out = quit_and_read(app);
    assert!(out.contains("plain mode"), "{out}");
    assert!(out.contains("Exact: 0.008318677101"), "{out}");
}

#[test]
fn a_pipe_reads_the_whole_lecture_too() {
    let out = piped(&[], &vec![""; enters()]);
    check_lecture(&out);
}

#[test]
fn the_lab_answers_m_n_k_with_the_exact_rate() {
    let out = piped(
        &["--plain", "--screen", "lab"],
        &["m 1000", "n 50", "k 3", "m 160", "n 16", "k 7"],
    );
    let answer = out.rsplit("lab: k 7\n").next().unwrap_or_default();
    for said in [
        "m = 160 bits, n = 16 keys, k = 7 hashes per key",
        "Exact: 0.008318677101",
        "Idealised: 0.008193722066",
        "True: 0.008653308424",
        "Measured: ",
        "Best k: 7 at 0.008318677101",
    ] {
        assert!(answer.contains(said), "{said:?} not in:\n{answer}");
    }
    let after_m = out.split("lab: m 1000\n").nth(1).unwrap_or_default();
    assert!(after_m.starts_with("m = 1,000 bits"), "m 1000:\n{out}");
}

#[test]
fn a_bad_line_gets_one_sentence_and_the_session_goes_on() {
    let out = piped(
        &["--plain", "--screen", "lab"],
        &["m abc", "k 0", "m 1e13", "\u{1b}[31mred", "k 8"],
    );
    let reply = |typed: &str| -> Vec<String> {
        let after = out
            .split(&format!("lab: {typed}\n"))
            .nth(1)
            .unwrap_or_else(|| panic!("{typed:?} not echoed:\n{out}"));
        after
            .lines()
            .take_while(|l| !l.starts_with("lab: "))
            .map(str::to_string)
            .collect()
    };
    for (typed, range) in [
        ("m abc", "between 1 and 10 to the 12"),
        ("k 0", "between 1 and 32"),
        ("m 1e13", "between 1 and 10 to the 12"),
    ] {
        let said = reply(typed);
        assert_eq!(said.len(), 1, "{typed}: one sentence, not {said:?}");
        assert!(said[0].contains(range), "{typed}: {said:?}");
    }
    assert!(
        out.contains("k = 8 hashes per key"),
        "the session went on after the bad lines:\n{out}"
    );
}

#[test]
fn help_lists_the_commands() {
    let out = piped(&["--plain"], &["?", "lab", "?"]);
    for said in [
        "? or help",
        "q or quit",
        "r or repeat",
        "Enter or n",
        "b: back a step",
        "m, n or k and a number",
    ] {
        assert!(out.contains(said), "{said:?} not in:\n{out}");
    }
}

/// Waits until the app's whole output holds `text` `times` times.
fn wait_said(app: &PtyApp, text: &str, times: usize) {
    let start = std::time::Instant::now();
    loop {
        let out = String::from_utf8_lossy(&app.raw_log()).into_owned();
        if out.matches(text).count() >= times {
            return;
        }
        assert!(
            start.elapsed() < SHOW,
            "waited {SHOW:?} for {text:?} x{times}:\n{out}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_long_computation_says_so_and_ctrl_c_stops_it() {
    let mut app = PtyApp::spawn(&["--plain", "--screen", "lab"], 100, 30, &[]);
    wait_said(&app, "lab: ", 1);
    app.send(b"m 2e8\n");
    wait_said(&app, "lab: ", 2);
    app.send(b"n 2e7\n");
    wait_said(&app, "lab: ", 3);
    // Minutes of measuring: it says it is computing (the settings before
    // may have said so too, in a debug build), and Ctrl+C stops it.
    let told = "Ctrl+C stops it.";
    let before = String::from_utf8_lossy(&app.raw_log())
        .matches(told)
        .count();
    app.send(b"m\n");
    wait_said(&app, told, before + 1);
    app.send(b"\x03");
    wait_said(&app, "Stopped.", 1);
    wait_said(&app, "lab: ", 4);
    let out = quit_and_read(app);
    let after = out.rsplit("Stopped.").next().unwrap_or_default();
    assert!(!after.contains("left computing"), "{out}");
}

#[test]
fn plain_mode_reads_the_line_up_chart_of_after_bloom() {
    use bloomlab::lecture::figures::sig;
    use bloomlab::lecture::texts::lineup_chart;
    let lecture = Lecture::named("after-bloom").expect("a built-in lecture");
    let out = piped(&["--lecture", "after-bloom"], &vec![""; lecture.len() + 1]);
    // Step 2.1 charts the blocked and the classic filter: the chart is
    // said, then each bar with its figures, before the narration.
    let board = lecture.step_board(lecture.scene_start(1));
    let chart = lineup_chart(board).expect("2.1 charts the line-up");
    let from = out
        .find("Scene 2 of 5: Bloom, reshaped. Step 1 of 2.")
        .expect("step 2.1 is read");
    let step = &out[from..];
    let said = step
        .find("Chart: each structure's bits per key as a bar")
        .expect("the chart is said");
    assert!(
        step[said..].contains(&format!(
            "the floor log2(1 over p) at {} bits per key",
            sig(chart.floor, 3)
        )),
        "{step}"
    );
    let mut at = said;
    for bar in &chart.bars {
        let line = format!(
            "Bar for {}: {} bits per key, {} times the floor, measured rate {}.",
            bar.name,
            sig(bar.bits_per_key, 3),
            sig(bar.x_floor, 3),
            sig(bar.rate, 2)
        );
        let Some(found) = step[at..].find(&line) else {
            panic!("{line:?} not said in order:\n{step}");
        };
        at += found;
    }
    // The whole line-up (5.1) says what the mark inside a bar means, and
    // for a structure far under the target, the floor at its own rate.
    let board = lecture.step_board(lecture.len() - 1);
    let chart = lineup_chart(board).expect("5.1 charts the line-up");
    let step = &out[out.rfind("Scene 5 of 5").expect("5.1 is read")..];
    assert!(
        step.contains("A line inside a bar marks the floor"),
        "{step}"
    );
    let xor16 = chart.bars.iter().find(|b| b.name == "xor16").unwrap();
    let own = (1.0 / xor16.rate).log2();
    let line = format!(
        "Bar for xor16: {} bits per key, {} times the floor, measured rate {}; \
         at that rate the floor is {} bits per key, and it takes {} times that.",
        sig(xor16.bits_per_key, 3),
        sig(xor16.x_floor, 3),
        sig(xor16.rate, 2),
        sig(own, 3),
        sig(xor16.bits_per_key / own, 3)
    );
    assert!(step.contains(&line), "{line:?} not said:\n{step}");
}
