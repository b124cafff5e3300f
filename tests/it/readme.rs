//! The README's examples are real: every `$ bloomlab ...` line in a
//! `console` block is run, and what it prints must be the lines under it.
//!
//! A line `...` under a command stands for any number of lines (so an
//! example can show the start and the end of a long answer), and a command
//! may end in `| head -N` or `| tail -N`, as a reader would type it. Errors
//! are compared on stderr, with exit code 2.

use std::path::Path;

use crate::common::bloomlab;

/// One example: the command's words, an optional `head`/`tail` cut, and
/// the lines the README says it prints.
#[derive(Debug)]
struct Example {
    line: usize,
    words: Vec<String>,
    cut: Option<(String, usize)>,
    expected: Vec<String>,
}

/// Splits a command into words: blanks separate them, and single or double
/// quotes keep a word together (enough for the README's examples).
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut started = false;
    for c in command.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                started = true;
            }
            (None, c) if c.is_whitespace() => {
                if started || !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
                started = false;
            }
            (None, c) => word.push(c),
        }
    }
    if started || !word.is_empty() {
        out.push(word);
    }
    out
}

/// Every example of every `console` block of `text`.
fn examples(text: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            in_console = line.trim() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            let (command, cut) = match command.split_once(" | ") {
                Some((c, pipe)) => {
                    let w = words(pipe);
                    assert!(
                        w.len() == 2 && (w[0] == "head" || w[0] == "tail"),
                        "README line {}: only `| head -N` or `| tail -N` may follow",
                        i + 1
                    );
                    let n = w[1].trim_start_matches('-').parse().expect("a line count");
                    (c, Some((w[0].clone(), n)))
                }
                None => (command, None),
            };
            let words = words(command);
            assert_eq!(words[0], "bloomlab", "README line {}", i + 1);
            out.push(Example {
                line: i + 1,
                words: words[1..].to_vec(),
                cut,
                expected: Vec::new(),
            });
        } else if let Some(last) = out.last_mut() {
            last.expected.push(line.to_string());
        }
    }
    out
}

/// Whether `got` matches `want`, where a `...` line in `want` stands for any
/// number of lines.
fn matches(got: &[&str], want: &[String]) -> bool {
    match want.split_first() {
        None => got.is_empty(),
        Some((w, rest)) if w == "..." => (0..=got.len()).any(|skip| matches(&got[skip..], rest)),
        Some((w, rest)) => got.first().is_some_and(|g| g == w) && matches(&got[1..], rest),
    }
}

#[test]
fn every_readme_example_prints_what_the_readme_says() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let text = std::fs::read_to_string(path).expect("README.md");
    let all = examples(&text);
    assert!(all.len() >= 8, "the README shows its commands at work");
    let mut wrong = Vec::new();
    for ex in &all {
        let args: Vec<&str> = ex.words.iter().map(String::as_str).collect();
        let out = bloomlab(&args);
        let failed = !out.status.success();
        let printed = if failed { &out.stderr } else { &out.stdout };
        let printed = String::from_utf8_lossy(printed).into_owned();
        let mut lines: Vec<&str> = printed.lines().collect();
        match &ex.cut {
            Some((how, n)) if how == "head" => lines.truncate(*n),
            Some((_, n)) => lines = lines.split_off(lines.len().saturating_sub(*n)),
            None => {}
        }
        let code_ok = !failed || out.status.code() == Some(2);
        if !code_ok || !matches(&lines, &ex.expected) {
            wrong.push(format!(
                "README line {}: bloomlab {}\n--- printed ---\n{}",
                ex.line,
                ex.words.join(" "),
                lines.join("\n")
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn the_example_reader_is_strict() {
    let ex = examples("```console\n$ bloomlab rate --m 1 | tail -2\na\n...\nb\n```\n");
    assert_eq!(ex.len(), 1);
    assert_eq!(ex[0].words, ["rate", "--m", "1"]);
    assert_eq!(ex[0].cut, Some(("tail".to_string(), 2)));
    let want = ex[0].expected.clone();
    assert!(matches(&["a", "b"], &want));
    assert!(matches(&["a", "x", "y", "b"], &want));
    assert!(!matches(&["a", "x"], &want));
    assert!(!matches(&["b"], &want));
    assert_eq!(
        words("notes add 'two words' x"),
        ["notes", "add", "two words", "x"]
    );
}
