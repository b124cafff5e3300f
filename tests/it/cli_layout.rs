//! `bloomlab render --layout`: one JSON object describing the frame
//! instead of drawing it, on every screen, with the options that place the
//! app; and a layout option that goes with another output is refused.

use serde_json::Value;

use crate::common::bloomlab;

fn layout(args: &[&str]) -> Value {
    let mut all = vec!["render", "--layout"];
    all.extend_from_slice(args);
    let out = bloomlab(&all);
    assert!(
        out.status.success(),
        "{all:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(text.lines().count(), 1, "one line of JSON: {text}");
    serde_json::from_str(&text).expect("JSON")
}

/// Every part's fields have their types and its rect lies on the frame.
fn check_parts(v: &Value, at: &str) {
    let (w, h) = (v["width"].as_u64().unwrap(), v["height"].as_u64().unwrap());
    let parts = v["parts"].as_array().expect("parts");
    assert!(!parts.is_empty(), "{at}: no parts");
    for p in parts {
        assert!(
            p["kind"].as_str().is_some_and(|k| !k.is_empty()),
            "{at}: {p}"
        );
        assert!(p["scale"].as_u64().is_some_and(|s| s >= 1), "{at}: {p}");
        assert!(p["text"].is_string(), "{at}: {p}");
        let r: Vec<u64> = p["rect"]
            .as_array()
            .expect("rect")
            .iter()
            .map(|n| n.as_u64().expect("a number"))
            .collect();
        assert_eq!(r.len(), 4, "{at}: {p}");
        assert!(
            r[0] + r[2] <= w && r[1] + r[3] <= h,
            "{at}: {p} off the frame"
        );
        if p["kind"] == "bit-row" {
            let cell = p["cell"].as_array().expect("a bit row has its cell");
            assert_eq!(cell.len(), 2, "{at}: {p}");
        }
    }
}

/// The texts of the parts of one kind, in the dump's order.
fn texts_of<'a>(v: &'a Value, kind: &str) -> Vec<&'a str> {
    v["parts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["kind"] == kind)
        .map(|p| p["text"].as_str().unwrap())
        .collect()
}

fn kinds(v: &Value) -> Vec<String> {
    v["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["kind"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn every_screen_describes_its_parts_in_both_modes() {
    for screen in ["lecture", "lab", "sandbox", "sizing", "practice", "compare"] {
        for present in [false, true] {
            let mut args = vec!["--screen", screen, "--width", "120", "--height", "40"];
            if present {
                args.push("--present");
            }
            let v = layout(&args);
            let at = format!("{screen} present {present}");
            assert_eq!(
                (v["width"].as_u64(), v["height"].as_u64()),
                (Some(120), Some(40))
            );
            check_parts(&v, &at);
            let kinds = kinds(&v);
            // The chrome in normal mode, none of it in present mode.
            assert_eq!(
                kinds.contains(&"tabs".to_string()),
                !present,
                "{at}: {kinds:?}"
            );
        }
    }
}

#[test]
fn the_lecture_step_theme_and_reveal_are_followed() {
    let first = layout(&[
        "--scene",
        "2",
        "--step",
        "3",
        "--present",
        "--theme",
        "mono",
    ]);
    check_parts(&first, "2.3");
    let row = first["parts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["kind"] == "bit-row")
        .expect("scene 2 step 3 shows the row");
    assert!(row["cell"][0].as_u64().unwrap() >= 1, "{row}");
    // The first predict step, hidden and revealed, differ in what they say.
    let hidden = layout(&["--scene", "3", "--step", "3", "--present"]);
    let shown = layout(&["--scene", "3", "--step", "3", "--present", "--revealed"]);
    assert!(kinds(&hidden).contains(&"predict".to_string()), "{hidden}");
    assert_ne!(hidden, shown);
}

#[test]
fn layout_goes_with_no_other_output() {
    for extra in [
        ["--all"].as_slice(),
        &["--format", "svg"],
        &["--step-seconds", "3"],
    ] {
        let mut args = vec!["render", "--layout"];
        args.extend_from_slice(extra);
        let out = bloomlab(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--layout"), "{err}");
    }
}

/// Each screen's focal part in present mode: its kind. (The sandbox's
/// focus before anything is inserted is its row: see
/// `the_empty_sandbox_keeps_its_row_the_focus`.)
const FOCAL: [(&str, &str); 4] = [
    ("lab", "headline"),
    ("sizing", "headline"),
    ("practice", "question"),
    ("compare", "headline"),
];

#[test]
fn every_screen_puts_its_subject_in_big_type_on_the_wall() {
    for (screen, focal) in FOCAL {
        for (w, h) in [("120", "40"), ("200", "60"), ("80", "24")] {
            let v = layout(&["--screen", screen, "--present", "--width", w, "--height", h]);
            let at = format!("{screen} at {w}x{h}");
            check_parts(&v, &at);
            let parts = v["parts"].as_array().unwrap();
            // No two parts say the same words.
            let texts: Vec<&str> = parts
                .iter()
                .map(|p| p["text"].as_str().unwrap())
                .filter(|t| !t.is_empty())
                .collect();
            let mut unique = texts.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), texts.len(), "{at}: a text twice: {texts:?}");
            if w == "80" {
                continue;
            }
            let big = parts
                .iter()
                .filter(|p| p["kind"] == focal)
                .map(|p| p["scale"].as_u64().unwrap())
                .min();
            assert!(
                big.is_some_and(|s| s >= 2),
                "{at}: the {focal} is not in big type: {v}"
            );
        }
    }
}

#[test]
fn the_lab_names_each_of_its_four_rates_big() {
    let v = layout(&[
        "--screen",
        "lab",
        "--present",
        "--width",
        "120",
        "--height",
        "40",
    ]);
    let said = texts_of(&v, "headline");
    for kind in ["exact ", "idealised ", "true ", "measured "] {
        assert!(
            said.iter().any(|t| t.starts_with(kind)),
            "{kind} not big: {said:?}"
        );
    }
}

#[test]
fn sizing_sets_its_answer_big_and_labelled() {
    let v = layout(&[
        "--screen",
        "sizing",
        "--present",
        "--width",
        "200",
        "--height",
        "60",
    ]);
    let big = texts_of(&v, "headline");
    // (The rate's label may be its short form, "exact", in the margin
    // kept round the big letters.)
    for label in ["m = ", "memory ", "k = ", "exact "] {
        assert!(big.iter().any(|t| t.starts_with(label)), "{label}: {big:?}");
    }
    // The panel says none of those figures again.
    let table = v["parts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["kind"] == "table")
        .expect("the panel")["text"]
        .as_str()
        .unwrap();
    let m = big.iter().find(|t| t.starts_with("m = ")).unwrap();
    let figure = m.trim_start_matches("m = ").trim_end_matches(" bits");
    assert!(!table.contains(figure), "{figure} again in {table}");
}

#[test]
fn the_sandbox_row_is_square_and_across_the_wall() {
    for (w, h) in [(120u64, 40u64), (200, 60)] {
        let v = layout(&[
            "--screen",
            "sandbox",
            "--present",
            "--width",
            &w.to_string(),
            "--height",
            &h.to_string(),
        ]);
        let row = v["parts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["kind"] == "bit-row")
            .expect("the row");
        let cell: Vec<f64> = row["cell"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_f64().unwrap())
            .collect();
        let ratio = cell[1] / cell[0];
        assert!((0.4..=0.75).contains(&ratio), "{w}x{h}: cell {cell:?}");
        // The row's cells (16 of them, each with its border) span the width.
        let span = 16.0 * (cell[0] + 1.0) + 1.0;
        assert!(span >= 0.85 * w as f64, "{w}x{h}: row {span} of {w}");
    }
}

/// The parts of a present-mode frame of `screen` at `w` x `h`.
fn present_parts(screen: &str, w: u64, h: u64, extra: &[&str]) -> Vec<Value> {
    let (w, h) = (w.to_string(), h.to_string());
    let mut args = vec![
        "--screen",
        screen,
        "--present",
        "--width",
        &w,
        "--height",
        &h,
    ];
    args.extend_from_slice(extra);
    let v = layout(&args);
    check_parts(&v, screen);
    v["parts"].as_array().unwrap().clone()
}

#[test]
fn practice_keeps_the_answers_form_small() {
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let parts = present_parts("practice", w, h, &[]);
        for p in &parts {
            let text = p["text"].as_str().unwrap();
            // Its example ("5 no") must never read as the answer from afar.
            if text.contains("a number, then yes or no") {
                assert_eq!(p["scale"], 1, "{w}x{h}: the form is big: {p}");
            }
        }
        assert!(
            parts.iter().any(|p| p["text"]
                .as_str()
                .unwrap()
                .contains("(a number, then yes or no")),
            "{w}x{h}: the form is gone"
        );
        assert!(
            !parts
                .iter()
                .any(|p| p["text"].as_str().unwrap().contains("bloom_lookup (")),
            "{w}x{h}"
        );
    }
}

#[test]
fn the_labs_rates_line_up_at_their_decimal_points_under_big_settings() {
    for (w, h) in [(120, 40), (200, 60)] {
        let parts = present_parts("lab", w, h, &["--m", "160", "--n", "16", "--k", "7"]);
        let rates: Vec<&Value> = parts.iter().filter(|p| p["kind"] == "headline").collect();
        assert_eq!(rates.len(), 4, "{w}x{h}: {rates:?}");
        // One size, one left edge, the point at one character: one column.
        let column = |p: &Value| {
            (
                p["rect"][0].as_u64().unwrap(),
                p["scale"].as_u64().unwrap(),
                p["text"].as_str().unwrap().find('.'),
            )
        };
        let first = column(rates[0]);
        assert!(first.2.is_some(), "{w}x{h}: {rates:?}");
        for r in &rates {
            assert_eq!(column(r), first, "{w}x{h}: {r}");
        }
        let settings = parts
            .iter()
            .find(|p| p["kind"] == "settings")
            .expect("m, n and k big");
        let text = settings["text"].as_str().unwrap();
        for said in ["m 160", "n 16", "k 7"] {
            assert!(text.contains(said), "{w}x{h}: {text}");
        }
        // As big as the rates, or one size smaller.
        let scale = settings["scale"].as_u64().unwrap();
        assert!(scale >= 2 && scale + 1 >= first.1, "{w}x{h}: {settings}");
    }
}

#[test]
fn the_empty_sandbox_keeps_its_row_the_focus() {
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let parts = present_parts("sandbox", w, h, &[]);
        let kinds: Vec<&str> = parts.iter().map(|p| p["kind"].as_str().unwrap()).collect();
        let row = parts
            .iter()
            .find(|p| p["kind"] == "bit-row")
            .expect("the row");
        let cell_rows = row["cell"][1].as_u64().unwrap();
        let caption = parts
            .iter()
            .find(|p| p["kind"] == "caption")
            .expect("the empty state's caption");
        assert!(
            caption["scale"].as_u64().unwrap() < cell_rows,
            "{w}x{h}: the caption outgrows the cells: {caption} {row}"
        );
        // No verdict yet, and no history's legend before any history.
        assert!(!kinds.contains(&"verdict"), "{w}x{h}: {kinds:?}");
        assert!(!kinds.contains(&"history"), "{w}x{h}: {kinds:?}");
        let all: String = parts.iter().map(|p| p["text"].as_str().unwrap()).collect();
        assert!(all.contains("insert a key"), "{w}x{h}: the keys dropped");
    }
}

#[test]
fn the_present_footer_is_the_screens_name_alone() {
    for (screen, name) in [
        ("lab", "Lab"),
        ("sandbox", "Sandbox"),
        ("sizing", "Sizing"),
        ("practice", "Practice"),
        ("compare", "Compare"),
    ] {
        for (w, h) in [(80, 24), (120, 40)] {
            let parts = present_parts(screen, w, h, &[]);
            let footer = parts
                .iter()
                .find(|p| p["kind"] == "progress")
                .expect("the footer");
            assert_eq!(footer["text"], name, "{screen} {w}x{h}");
        }
    }
}

/// The lecture's parts of `scene` step `step`, present mode, `w` x `h`.
fn lecture_parts(scene: u32, step: u32, w: u32, h: u32) -> Vec<Value> {
    let (scene, step, w, h) = (
        scene.to_string(),
        step.to_string(),
        w.to_string(),
        h.to_string(),
    );
    let v = layout(&[
        "--present",
        "--theme",
        "light",
        "--scene",
        &scene,
        "--step",
        &step,
        "--width",
        &w,
        "--height",
        &h,
    ]);
    v["parts"].as_array().expect("parts").clone()
}

fn rect(p: &Value) -> Vec<u64> {
    p["rect"]
        .as_array()
        .expect("rect")
        .iter()
        .map(|n| n.as_u64().expect("a number"))
        .collect()
}

#[test]
fn present_mode_keeps_the_top_row_blank_where_the_parts_leave_room() {
    // Scenes 2 and 5 at both wall sizes and scenes 3 and 4 at 200x60 have
    // the row to spare; scene 4 at 120x40 (its reveal's big question fills
    // the board), scene 3 at 120x40 (the row with its words big and the
    // big question take all 39 rows) and scene 1's title at 200x60 still
    // start at row 0.
    let cases = [
        (2, 10, 120, 40),
        (5, 11, 120, 40),
        (2, 10, 200, 60),
        (3, 11, 200, 60),
        (4, 11, 200, 60),
        (5, 11, 200, 60),
    ];
    for (scene, steps, w, h) in cases {
        for step in 1..=steps {
            for p in lecture_parts(scene, step, w, h) {
                assert!(
                    rect(&p)[1] >= 1,
                    "{scene}.{step} at {w}x{h}: {} touches row 0",
                    p["kind"]
                );
            }
        }
    }
}

#[test]
fn present_mode_gives_scene_4s_chart_the_whole_width() {
    // No card sits beside it on any step of the scene: the cards there are
    // set big across the board.
    for step in [2, 7, 10] {
        let parts = lecture_parts(4, step, 200, 60);
        let chart = parts
            .iter()
            .find(|p| p["kind"] == "chart")
            .expect("a chart");
        assert_eq!(rect(chart)[2], 200, "4.{step}: {chart}");
    }
}
