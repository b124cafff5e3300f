//! The PDF handout read back with poppler's tools, as a teacher's computer
//! would read it: `pdfinfo` opens it, `pdffonts` finds its fonts embedded,
//! `pdftotext` finds every sentence of the narration exactly as often as
//! the lecture says it (once), the three predictions with their choices
//! and answers, and none of the app's chrome; the pages `pdftoppm` draws
//! are light. The HTML handout printed by Chromium is held to the same
//! text checks (tests/it/export_browser.rs calls [`handout_text_problems`]).
//!
//! poppler-utils come from the system's packages (`.ci/run` installs
//! them). Where they are missing the test says so and passes, unless
//! `BLOOMLAB_REQUIRE_POPPLER=1` (set by `.ci/run`) makes that a failure.

use std::path::Path;
use std::process::Command;

use bloomlab::lecture::Lecture;

use crate::support::run::{render_whole_lecture, scratch_dir, tool_here};

/// Whether poppler's tools are here; panics when they are required.
pub(crate) fn poppler() -> bool {
    let found = Command::new("pdftotext").arg("-v").output().is_ok();
    tool_here(
        found,
        "pdftotext",
        "poppler-utils",
        "BLOOMLAB_REQUIRE_POPPLER",
    )
}

/// What a poppler tool prints about `pdf` (`after` goes after the file).
fn tool_with(name: &str, args: &[&str], pdf: &Path, after: &[&str]) -> String {
    let out = Command::new(name)
        .args(args)
        .arg(pdf)
        .args(after)
        .output()
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(out.status.success(), "{name} failed: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What a poppler tool prints about `pdf`.
fn tool(name: &str, args: &[&str], pdf: &Path) -> String {
    tool_with(name, args, pdf, &[])
}

/// The text of `pdf`, every run of blanks made one space.
pub(crate) fn pdf_text(pdf: &Path) -> String {
    let text = tool_with("pdftotext", &["-enc", "UTF-8"], pdf, &["-"]);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The sentences of a paragraph: split after `.`, `?` or `!` and a space.
fn sentences(paragraph: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut chars = paragraph.chars().peekable();
    while let Some(c) = chars.next() {
        current.push(c);
        if matches!(c, '.' | '?' | '!') && chars.peek() == Some(&' ') {
            out.push(current.trim().to_string());
            current.clear();
        }
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_string());
    }
    out
}

/// Every paragraph of narration the lecture has, revealed ones included.
fn narration(lecture: &Lecture) -> Vec<String> {
    (0..lecture.len())
        .flat_map(|g| lecture.shown_board(g, true).narration.clone())
        .collect()
}

/// What is wrong with `text` (a handout's text, blanks collapsed) as the
/// handout of `lecture`: sentences missing or repeated, a prediction
/// without its question, choices or answer, the app's chrome.
pub(crate) fn handout_text_problems(text: &str, lecture: &Lecture) -> Vec<String> {
    let mut problems = Vec::new();
    let all = narration(lecture).join(" ");
    for paragraph in narration(lecture) {
        for sentence in sentences(&paragraph) {
            let want = all.matches(sentence.as_str()).count();
            let got = text.matches(sentence.as_str()).count();
            if got != want {
                problems.push(format!("{got} times, not {want}: {sentence:?}"));
            }
        }
    }
    let mut predictions = 0;
    for g in (0..lecture.len()).filter(|g| lecture.predicts(*g)) {
        let Some(p) = lecture.shown_board(g, true).predict.as_ref() else {
            continue;
        };
        predictions += 1;
        let question = format!("Predict: {}", p.question);
        let Some(at) = text.find(&question) else {
            problems.push(format!("no question {question:?}"));
            continue;
        };
        let after = &text[at..];
        for (i, choice) in p.choices.iter().enumerate() {
            let keyed = format!("{} {choice}", bloomlab::lecture::predict::choice_key(i));
            if !after.contains(&keyed) {
                problems.push(format!("no choice {keyed:?} after {question:?}"));
            }
        }
        let answer = format!("Answer: {}", answer_words(p));
        if !after.contains(&answer) {
            problems.push(format!("no {answer:?} after {question:?}"));
        }
    }
    let answers = text.matches("Answer:").count();
    if answers != predictions {
        problems.push(format!("{answers} answers for {predictions} predictions"));
    }
    for chrome in [
        "Lab Sandbox Sizing Practice",
        "? help",
        "q quit",
        "→ next",
        "← back",
        "─ narration",
        "press z",
        "Space reveals",
        "record the class's pick",
        "predict, then reveal",
    ] {
        if text.contains(chrome) {
            problems.push(format!("the app's chrome is printed: {chrome:?}"));
        }
    }
    if text.contains(&format!("step 1 of {}", lecture.scene_len(0))) {
        problems.push("a progress line is printed".into());
    }
    problems
}

/// The answer as the handout words it: the choice's letter and words.
fn answer_words(p: &bloomlab::lecture::Prediction) -> String {
    use bloomlab::lecture::predict::{Solution, choice_key};
    match &p.solution {
        Solution::Choice(i) => format!("{}, {}", choice_key(*i), p.answer_text()),
        Solution::Number { text, .. } => text.clone(),
    }
}

/// The mean grey level (0 black, 255 white) of each page, drawn small.
pub(crate) fn page_greys(pdf: &Path, dir: &Path) -> Vec<f64> {
    let prefix = dir.join("page");
    let status = Command::new("pdftoppm")
        .args(["-gray", "-r", "10"])
        .arg(pdf)
        .arg(&prefix)
        .status()
        .expect("pdftoppm runs");
    assert!(status.success());
    let mut pages: Vec<_> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgm"))
        .collect();
    pages.sort();
    pages
        .iter()
        .map(|p| mean_grey(&std::fs::read(p).expect("pgm")))
        .collect()
}

/// The mean of a binary PGM (P5, 8 bits) image's pixels.
fn mean_grey(pgm: &[u8]) -> f64 {
    // The header: "P5", width, height, maximum, each after blanks.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&pgm[start..at]).into_owned());
    }
    assert_eq!(fields[0], "P5");
    let pixels = &pgm[at + 1..];
    pixels.iter().map(|&p| f64::from(p)).sum::<f64>() / pixels.len() as f64
}

fn make_pdf(dir: &Path, extra: &[&str]) -> std::path::PathBuf {
    let pdf = dir.join("lecture.pdf");
    render_whole_lecture(&[&["--all", "--format", "pdf"], extra].concat(), &pdf);
    pdf
}

#[test]
fn the_pdf_handout_holds_the_lecture_and_nothing_else() {
    let dir = scratch_dir("pdf");
    let pdf = make_pdf(&dir, &[]);
    let bytes = std::fs::read(&pdf).expect("the PDF");
    assert!(bytes.starts_with(b"%PDF-"), "a PDF");
    if !poppler() {
        return;
    }
    let lecture = Lecture::builtin();
    let info = tool("pdfinfo", &[], &pdf);
    assert!(info.contains("(A4)"), "A4 by default: {info}");
    let pages: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("a page count");
    assert!(
        pages > lecture.scene_count(),
        "a title page and the scenes: {pages}"
    );
    let fonts = tool("pdffonts", &[], &pdf);
    let rows: Vec<&str> = fonts.lines().skip(2).collect();
    assert!(!rows.is_empty(), "text is text: {fonts}");
    for row in rows {
        // Columns: name, type, encoding, then emb, sub, uni.
        let fields: Vec<&str> = row.split_whitespace().collect();
        let emb = fields.len().checked_sub(5).map(|i| fields[i]);
        assert_eq!(emb, Some("yes"), "font not embedded: {row}");
    }
    let text = pdf_text(&pdf);
    let problems = handout_text_problems(&text, &lecture);
    assert!(problems.is_empty(), "{problems:#?}");
    for title in (0..lecture.scene_count()).map(|s| lecture.scene_title(s)) {
        assert!(text.contains(title), "scene heading {title:?}");
    }
    for (i, grey) in page_greys(&pdf, &dir).iter().enumerate() {
        assert!(*grey > 200.0, "page {} is dark: mean grey {grey:.0}", i + 1);
    }
}

#[test]
fn letter_paper_and_a_named_theme() {
    if !poppler() {
        return;
    }
    let dir = scratch_dir("pdf-letter");
    let pdf = make_pdf(&dir, &["--paper", "letter", "--theme", "dark"]);
    let info = tool("pdfinfo", &[], &pdf);
    assert!(info.contains("612 x 792 pts (letter)"), "{info}");
    // A theme asked for by name is what prints, dark included.
    let greys = page_greys(&pdf, &dir);
    assert!(greys.iter().all(|g| *g < 100.0), "{greys:?}");
}

#[test]
fn sentences_split_where_they_end() {
    assert_eq!(
        sentences("One. Two? Three! 1 - 1/m is 0.94. End"),
        ["One.", "Two?", "Three!", "1 - 1/m is 0.94.", "End"]
    );
}

#[test]
fn the_checks_catch_a_bad_handout() {
    let lecture = Lecture::builtin();
    let first = &lecture.step_board(0).narration[0];
    let twice =
        format!("bloomlab [Lecture] Lab Sandbox Sizing Practice ? help q quit {first} {first}");
    let problems = handout_text_problems(&twice, &lecture);
    let said = |needle: &str| problems.iter().any(|p| p.contains(needle));
    assert!(said("chrome"), "{problems:#?}");
    assert!(said("2 times, not 1"), "narration twice");
    assert!(said("0 times, not 1"), "narration missing");
    assert!(said("no question"), "predictions missing");
}

#[test]
fn out_dash_sends_the_pdf_down_a_pipe() {
    let o = crate::support::run::run_limited(
        &[
            "render", "--format", "pdf", "--paper", "letter", "--out", "-",
        ],
        std::time::Duration::from_secs(60),
    );
    assert_eq!(o.code, Some(0), "{}", o.err_text());
    assert!(o.stdout.starts_with(b"%PDF-"), "a PDF on standard output");
    let end = o.stdout.len().saturating_sub(8);
    let tail = &o.stdout[end..];
    assert!(tail.windows(5).any(|w| w == b"%%EOF"), "the whole PDF");
}
