//! The slide rules, read from the layout dump (`render --layout`) of every
//! lecture step in present mode at the sizes a projector shows (120x40 and
//! 200x60), each predict step hidden and revealed: the bit row's cells
//! look square and the row spans the wall; every question is in big type;
//! every step that derives a formula shows it big; no two parts say the
//! same thing; and no part moves or changes size within a scene.

use ratatui::style::Modifier;
use std::collections::BTreeMap;

use crate::lecture::Lecture;
use crate::lecture::texts::OWN_FLOOR_MARK;
use crate::ui::config::{AppConfig, FrameConfig};
use crate::ui::headless::Headless;
use crate::ui::layout::{Dump, Layout};
use crate::ui::theme::Theme;

use super::{find_big, find_big_at};

const SIZES: [(u16, u16); 2] = [(120, 40), (200, 60)];

/// The built-in lectures the rules hold for, by their `--lecture` names.
const LECTURES: [&str; 2] = ["bloom", "after-bloom"];

/// One step of the lecture named `name` drawn in present mode in the mono
/// theme, its scene and step counted from 1.
fn present(name: &str, scene: usize, step: usize, w: u16, h: u16, revealed: bool) -> Headless {
    present_in(Theme::MONO, name, (scene, step), (w, h), revealed)
}

/// As [`present`], in `theme`.
fn present_in(
    theme: Theme,
    name: &str,
    (scene, step): (usize, usize),
    (w, h): (u16, u16),
    revealed: bool,
) -> Headless {
    let frame = FrameConfig {
        app: AppConfig {
            present: true,
            lecture: Some(name.to_string()),
            ..AppConfig::default()
        },
        scene: Some(u32::try_from(scene).unwrap()),
        step: Some(u32::try_from(step).unwrap()),
        width: w,
        height: h,
        revealed,
    };
    Headless::with_theme(&frame, theme).expect("draws")
}

/// The dump of one step of the lecture named `name`, its scene and step
/// counted from 1.
fn dump(name: &str, scene: usize, step: usize, w: u16, h: u16, revealed: bool) -> Dump {
    present(name, scene, step, w, h, revealed).layout()
}

/// The rect of the dump's part of kind `kind`, which it must have.
fn rect_of(d: &Dump, kind: &str) -> ratatui::layout::Rect {
    let part = d.parts.iter().find(|p| p.kind.name() == kind);
    part.unwrap_or_else(|| panic!("no {kind} part")).rect
}

/// The slides of scene `scene` (from 0): each step (from 1) as first
/// shown, and revealed when it asks a question.
fn scene_slides(lecture: &Lecture, scene: usize) -> Vec<(usize, bool)> {
    let start = lecture.scene_start(scene);
    (0..lecture.scene_len(scene))
        .flat_map(|step| {
            let reveal = lecture.predicts(start + step);
            [(step + 1, false)]
                .into_iter()
                .chain(reveal.then_some((step + 1, true)))
        })
        .collect()
}

/// Every problem with one step's layout, one line each.
fn step_problems(lecture: &Lecture, global: usize, d: &Dump, at: &str) -> Vec<String> {
    let mut out = Vec::new();
    let board = lecture.step_board(global);
    let parts = |kind: &'static str| d.parts.iter().filter(move |p| p.kind.name() == kind);
    for row in parts("bit-row") {
        let (cw, ch) = row.cell.expect("a bit row says its cell");
        let ratio = f64::from(ch) / f64::from(cw);
        if !(0.4..=0.75).contains(&ratio) {
            out.push(format!("{at}: cell {cw}x{ch}, height/width {ratio:.2}"));
        }
        let m = board.row.as_ref().map_or(0, Vec::len) as u32;
        let across = m * (u32::from(cw) + 1) + 1;
        if across * 100 < u32::from(d.width) * 85 {
            out.push(format!("{at}: row {across} of {} columns", d.width));
        }
    }
    for p in parts("predict") {
        if p.scale < 2 {
            out.push(format!("{at}: the question in scale {}", p.scale));
        }
    }
    if crate::ui::lecture::headline::derives(board) && !parts("formula").any(|p| p.scale >= 2) {
        out.push(format!("{at}: a derivation step without its formula big"));
    }
    // A revealed question names its answer once: the mark on the right
    // choice, not again in the outcome below it.
    if let Some(p) = &board.predict {
        for part in parts("predict") {
            let said = |words: &str| {
                part.text
                    .iter()
                    .map(|l| l.matches(words).count())
                    .sum::<usize>()
            };
            if said(crate::lecture::texts::ANSWER) > 1 {
                out.push(format!("{at}: \"the answer\" twice in {:?}", part.text));
            }
            for choice in &p.choices {
                if said(choice.trim()) > 1 {
                    out.push(format!("{at}: {choice:?} twice in {:?}", part.text));
                }
            }
        }
    }
    let texts: Vec<&Layout> = d.parts.iter().filter(|p| !p.text.is_empty()).collect();
    for (i, a) in texts.iter().enumerate() {
        for b in &texts[i + 1..] {
            if a.text == b.text {
                out.push(format!(
                    "{at}: {} and {} both say {:?}",
                    a.kind.name(),
                    b.kind.name(),
                    a.text
                ));
            }
        }
    }
    out
}

#[test]
fn every_present_step_follows_the_slide_rules() {
    let mut problems = Vec::new();
    for (name, (w, h)) in LECTURES
        .into_iter()
        .flat_map(|n| SIZES.into_iter().map(move |s| (n, s)))
    {
        let lecture = Lecture::named(name).expect("a built-in lecture");
        for scene in 0..lecture.scene_count() {
            // Where each kind of part is drawn, the first time it shows.
            let mut rects: BTreeMap<&str, (ratatui::layout::Rect, String)> = BTreeMap::new();
            let start = lecture.scene_start(scene);
            for step in 0..lecture.scene_len(scene) {
                let global = start + step;
                let reveals: &[bool] = if lecture.predicts(global) {
                    &[false, true]
                } else {
                    &[false]
                };
                for &revealed in reveals {
                    let at = format!(
                        "{name} {w}x{h} {}.{}{}",
                        scene + 1,
                        step + 1,
                        if revealed { " revealed" } else { "" }
                    );
                    let d = dump(name, scene + 1, step + 1, w, h, revealed);
                    problems.extend(step_problems(&lecture, global, &d, &at));
                    for p in &d.parts {
                        // The narration takes the rows a step leaves free.
                        if p.kind.name() == "narration" {
                            continue;
                        }
                        match rects.get(p.kind.name()) {
                            Some((rect, first)) if *rect != p.rect => problems.push(format!(
                                "{at}: {} at {:?}, at {first} {:?}",
                                p.kind.name(),
                                p.rect,
                                rect
                            )),
                            Some(_) => {}
                            None => {
                                rects.insert(p.kind.name(), (p.rect, at.clone()));
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The verdict and the probe's figure never run to the wall's edge: on
/// every step of both lectures their letters keep the first and last
/// columns blank, where a projector's frame would seem to cut them.
#[test]
fn the_big_headline_keeps_clear_of_the_walls_edges() {
    let mut checked = 0;
    for (name, (w, h)) in LECTURES
        .into_iter()
        .flat_map(|n| SIZES.into_iter().map(move |s| (n, s)))
    {
        let lecture = Lecture::named(name).expect("a built-in lecture");
        for scene in 0..lecture.scene_count() {
            for (step, revealed) in scene_slides(&lecture, scene) {
                let app = present(name, scene + 1, step, w, h, revealed);
                let buf = app.buffer();
                let at = format!("{name} {w}x{h} {}.{step}", scene + 1);
                for part in app
                    .layout()
                    .parts
                    .iter()
                    .filter(|p| ["verdict", "headline"].contains(&p.kind.name()) && p.scale > 1)
                {
                    let r = part.rect;
                    for y in r.y..r.bottom() {
                        for x in [r.x, r.right() - 1] {
                            assert_eq!(buf[(x, y)].symbol(), " ", "{at}: ink at ({x}, {y})");
                        }
                    }
                    checked += 1;
                }
            }
        }
    }
    // Scene 4's figures, scene 2's verdicts and After Bloom's headlines.
    assert!(checked >= 20, "only {checked} headlines checked");
}

/// The probe's figure keeps rows through its scene only where it is up
/// on at least a third of the scene's slides; on the others those rows
/// stand empty above the chart.
#[test]
fn the_probes_figure_is_up_on_a_third_of_its_scene_or_not_at_all() {
    let mut scenes_with_figures = 0;
    for (name, (w, h)) in LECTURES
        .into_iter()
        .flat_map(|n| SIZES.into_iter().map(move |s| (n, s)))
    {
        let lecture = Lecture::named(name).expect("a built-in lecture");
        for scene in 0..lecture.scene_count() {
            let slides = scene_slides(&lecture, scene);
            let up = slides
                .iter()
                .filter(|&&(step, revealed)| {
                    dump(name, scene + 1, step, w, h, revealed)
                        .parts
                        .iter()
                        .any(|p| p.kind.name() == "headline")
                })
                .count();
            let at = format!("{name} {w}x{h} scene {}", scene + 1);
            assert!(
                up == 0 || 3 * up >= slides.len(),
                "{at}: up on {up} of {}",
                slides.len()
            );
            scenes_with_figures += usize::from(up > 0);
        }
    }
    // Scene 4 puts its figures up at both sizes.
    assert!(scenes_with_figures >= 2, "{scenes_with_figures}");
}

/// The legend item set off in reverse video (where the exact set fills
/// the memory, 1.5) is reversed in its words only: its mark keeps the
/// chart's ink, where reversed it turned into a hole, and the gap before
/// it stays blank, where it ran the bar into the item before.
#[test]
fn a_legend_item_set_off_is_reversed_in_its_words_only() {
    let lecture = Lecture::builtin();
    let global = (0..lecture.len())
        .find(|&s| {
            let b = lecture.step_board(s);
            b.emphasises(&crate::lecture::Emphasis::Crossing)
                && crate::lecture::texts::caption(b, crate::lecture::Element::Memory)
                    .iter()
                    .any(|i| i.text.starts_with("full at"))
        })
        .expect("a step sets the crossing off");
    let board = lecture.step_board(global);
    for (w, h, present) in [(80, 24, false), (120, 40, true), (200, 60, true)] {
        let frame = FrameConfig {
            app: AppConfig {
                present,
                ..AppConfig::default()
            },
            scene: Some(u32::try_from(board.scene + 1).unwrap()),
            step: Some(u32::try_from(board.step + 1).unwrap()),
            width: w,
            height: h,
            revealed: false,
        };
        let buf = Headless::with_theme(&frame, Theme::MONO)
            .expect("draws")
            .buffer();
        let at = format!("{w}x{h}");
        let big = present && h >= 60;
        let mut rows = BTreeMap::new();
        let mut left = w;
        for y in 0..h {
            for x in 0..w {
                let cell = &buf[(x, y)];
                if cell.modifier.contains(Modifier::REVERSED) {
                    // (Big letters are made of blocks themselves.)
                    let mark = cell.symbol() == "█" && !big;
                    assert!(!mark, "{at}: a reversed mark at ({x}, {y})");
                    rows.entry(y)
                        .or_insert_with(String::new)
                        .push_str(cell.symbol());
                    left = left.min(x);
                }
            }
        }
        assert!(!rows.is_empty(), "{at}: nothing is set off");
        // Set big, the mark stands in ink left of the reversed words.
        if big {
            let inked = rows.keys().any(|&y| {
                (0..left).any(|x| {
                    let cell = &buf[(x, y)];
                    cell.symbol() == "█" && !cell.modifier.contains(Modifier::REVERSED)
                })
            });
            assert!(inked, "{at}: no mark left of the words");
        }
        // In small type the reversed cells of the legend's row spell the
        // item's words, and nothing else.
        if !present || h < 60 {
            let words: Vec<&String> = rows.values().filter(|r| r.contains("full at")).collect();
            assert_eq!(words.len(), 1, "{at}: {rows:?}");
            assert!(words[0].starts_with("full at "), "{at}: {words:?}");
            assert!(words[0].trim_end().ends_with(" M"), "{at}: {words:?}");
        }
    }
}

#[test]
fn the_rules_catch_a_stretched_cell_and_a_small_question() {
    use crate::ui::layout::Kind;
    use ratatui::layout::Rect;
    let lecture = Lecture::builtin();
    // Scene 3, step 3: a row and a question.
    let global = lecture.scene_start(2) + 2;
    let d = Dump {
        width: 120,
        height: 40,
        parts: vec![
            Layout {
                cell: Some((6, 20)),
                ..Layout::plain(Kind::new("bit-row"), Rect::new(0, 0, 120, 27), vec![])
            },
            Layout::plain(
                Kind::new("predict"),
                Rect::new(0, 27, 120, 6),
                vec![
                    "A  probably present  ◀ the answer".into(),
                    "the answer: \"probably present\"".into(),
                ],
            ),
            Layout::plain(
                Kind::new("notes"),
                Rect::new(0, 33, 120, 3),
                vec!["q".into()],
            ),
            Layout::plain(
                Kind::new("narration"),
                Rect::new(0, 36, 120, 3),
                vec!["q".into()],
            ),
        ],
    };
    let found = step_problems(&lecture, global, &d, "made up");
    // The cell, the small question, the answer said twice, its choice said
    // twice, and the same words in two parts.
    assert_eq!(found.len(), 5, "{found:?}");
}

#[test]
fn the_rows_words_are_big_in_every_scene_and_the_row_keeps_its_line() {
    let lecture = Lecture::builtin();
    for (w, h) in SIZES {
        let mut rows = Vec::new();
        for scene in 0..lecture.scene_count() {
            for (step, revealed) in scene_slides(&lecture, scene) {
                let d = dump("bloom", scene + 1, step, w, h, revealed);
                let Some(row) = d.parts.iter().find(|p| p.kind.name() == "bit-row") else {
                    continue;
                };
                let at = format!("{w}x{h} {}.{step}", scene + 1);
                // Big in every scene, a question's too: the indices,
                // owners and query line in letters three rows tall.
                assert!(
                    row.scale >= 3,
                    "{at}: the row's words at scale {}",
                    row.scale
                );
                rows.push((row.cell, row.rect, at));
            }
        }
        // One cell shape and one height in every scene; at 200x60 the row
        // also stands on one line (at 120x40 scene 3's row and question
        // take every row, the blank top row too).
        let (cell, rect, _) = rows[0].clone();
        for (c, r, at) in &rows {
            assert_eq!((*c, r.height), (cell, rect.height), "{at}: {c:?} {r:?}");
            if h >= 60 {
                assert_eq!(r.y, rect.y, "{at}: the row at {r:?}, first at {rect:?}");
            }
        }
    }
    // The indices are drawn big: under the cells, letters of sextants.
    let frame = FrameConfig {
        app: AppConfig {
            present: true,
            ..AppConfig::default()
        },
        scene: Some(2),
        step: Some(9),
        width: 120,
        height: 40,
        revealed: false,
    };
    let text = Headless::with_theme(&frame, Theme::MONO).unwrap().text();
    let lines: Vec<&str> = text.lines().collect();
    let bottom = lines.iter().position(|l| l.contains('┴')).expect("the row");
    let sextants = |l: &str| {
        l.chars()
            .filter(|c| ('\u{1fb00}'..='\u{1fb3b}').contains(c))
            .count()
    };
    for l in &lines[bottom + 1..bottom + 4] {
        assert!(sextants(l) >= 8, "no big indices: {l}");
    }
    assert!(
        !text.contains("h1(w)=0"),
        "the query line is set big: {text}"
    );
}

#[test]
fn a_scene_with_rows_to_spare_is_centred_on_the_wall() {
    for (name, (w, h)) in LECTURES
        .into_iter()
        .flat_map(|n| SIZES.into_iter().map(move |s| (n, s)))
    {
        let lecture = Lecture::named(name).expect("a built-in lecture");
        for scene in 0..lecture.scene_count() {
            // The block: every part of every step of the scene, as first
            // shown and revealed (the progress line is not the slide's).
            let (mut top, mut bottom) = (h, 0);
            for (step, revealed) in scene_slides(&lecture, scene) {
                let d = dump(name, scene + 1, step, w, h, revealed);
                for p in d.parts.iter().filter(|p| p.kind.name() != "progress") {
                    top = top.min(p.rect.y);
                    bottom = bottom.max(p.rect.y + p.rect.height);
                }
            }
            // Free rows above and below the block, on the rows over the
            // progress line: split, the odd one (and the blank top row a
            // projector may cut) below at the most.
            let (above, below) = (top, (h - 1).saturating_sub(bottom));
            let at = format!("{name} {w}x{h} scene {}", scene + 1);
            assert!(
                below <= above + 2 && above <= below + 2,
                "{at}: rows {top}..{bottom}, {above} free above and {below} below"
            );
        }
    }
}

#[test]
fn scene_one_gives_the_costs_in_big_type_on_the_wall() {
    let lecture = Lecture::builtin();
    for (w, h) in SIZES {
        let mut seen = 0;
        for step in 0..lecture.scene_len(0) {
            let d = dump("bloom", 1, step + 1, w, h, false);
            let Some(table) = d.parts.iter().find(|p| p.kind.name() == "table") else {
                continue;
            };
            seen += 1;
            let at = format!("{w}x{h} 1.{}", step + 1);
            assert!(table.scale >= 3, "{at}: the costs at scale {}", table.scale);
            // Across the wall under the chart, which keeps the width.
            let chart = d.parts.iter().find(|p| p.kind.name() == "chart");
            assert_eq!(table.rect.width, w, "{at}: {:?}", table.rect);
            assert!(
                chart.is_some_and(|c| c.rect.width == w && c.rect.bottom() <= table.rect.y),
                "{at}: {chart:?}"
            );
        }
        assert!(seen >= 3, "{w}x{h}: the costs on {seen} steps");
    }
}

#[test]
fn the_crawler_diagram_is_big_on_the_wall() {
    let lecture = Lecture::builtin();
    let scene = lecture.scene_count() - 1;
    for (w, h) in SIZES {
        for step in 0..lecture.scene_len(scene) {
            let d = dump("bloom", scene + 1, step + 1, w, h, false);
            if let Some(diagram) = d.parts.iter().find(|p| p.kind.name() == "diagram") {
                assert!(
                    diagram.scale >= 3,
                    "{w}x{h} 5.{}: the diagram at scale {}",
                    step + 1,
                    diagram.scale
                );
            }
        }
    }
}

/// What the rate costs the crawler (5.9, 5.10) is the step's point: on a
/// 200x60 wall, with rows to spare under the diagram, it is set big, the
/// figure computed for the board.
#[test]
fn the_crawlers_cost_is_big_on_the_wall() {
    let lecture = Lecture::builtin();
    let scene = lecture.scene_count() - 1;
    let mut seen = 0;
    for step in 0..lecture.scene_len(scene) {
        let board = lecture.step_board(lecture.scene_start(scene) + step);
        let Some([_, cost]) = crate::lecture::texts::crawler_lines(board) else {
            continue;
        };
        seen += 1;
        let missed = cost.rsplit(" · ").next().expect("a phrase");
        assert!(missed.contains("wrongly dropped"), "{missed}");
        let (w, h) = (200, 60);
        let buf = present("bloom", scene + 1, step + 1, w, h, false).buffer();
        let found = super::find_big(&buf, missed, (0, w), (0, h));
        assert_eq!(found.len(), 1, "5.{}: {missed:?} not big", step + 1);
    }
    assert!(seen >= 2, "the crawler's figures show on {seen} steps");
}

/// Whether a line-up chart's words give a bar's figures: as its label
/// says them, or in the table, each under its heading.
fn says_figures(text: &[String], bar: &crate::lecture::texts::LineupBar) -> bool {
    let has = |t: &str| text.iter().any(|w| w == t);
    has(&bar.figures)
        || (has("bits/key") && has("rate") && has(&bar.bits_text()) && has(&bar.rate_text()))
}

#[test]
fn after_bloom_charts_the_lineup_big_from_step_1_3_on() {
    let lecture = Lecture::named("after-bloom").expect("a built-in lecture");
    let mut problems = Vec::new();
    let (mut seen, mut bare) = (0, 0);
    for (w, h) in SIZES {
        for global in lecture.scene_start(0) + 2..lecture.len() {
            let (scene, step) = lecture.locate(global);
            // A predict step keeps its chart for the reveal.
            let revealed = lecture.predicts(global);
            let at = format!("{w}x{h} {}.{}", scene + 1, step + 1);
            let d = dump("after-bloom", scene + 1, step + 1, w, h, revealed);
            let board = lecture
                .revealed_board(global)
                .unwrap_or(lecture.step_board(global));
            // A predict's reveal keeps its answer alone on the wall; the
            // next step opens on the chart.
            if revealed && crate::lecture::texts::lineup_chart(board).is_none() {
                bare += 1;
                if d.parts.iter().any(|p| p.kind.name() == "chart") {
                    problems.push(format!("{at}: a chart the board does not hold"));
                }
                continue;
            }
            let charts: Vec<&Layout> = d
                .parts
                .iter()
                .filter(|p| p.kind.name() == "chart")
                .collect();
            let [chart] = charts.as_slice() else {
                problems.push(format!("{at}: {} charts", charts.len()));
                continue;
            };
            seen += 1;
            let bar_rows = chart.cell.map_or(0, |c| c.1);
            if chart.scale < 2 && bar_rows < 2 {
                problems.push(format!(
                    "{at}: scale {} and bars {bar_rows} rows tall",
                    chart.scale
                ));
            }
            // Its words: the floor, the factor, and each bar's name and
            // figures, from the board's own line-up chart.
            let want = crate::lecture::texts::lineup_chart(board).expect("a chart");
            for bar in &want.bars {
                if !chart.text.iter().any(|t| t == bar.name) || !says_figures(&chart.text, bar) {
                    problems.push(format!("{at}: {} not in {:?}", bar.name, chart.text));
                }
            }
            if !chart.text.contains(&want.floor_label) {
                problems.push(format!("{at}: no floor in {:?}", chart.text));
            }
        }
    }
    assert!(bare <= 2, "only 3.1's reveal stands without its chart");
    assert_eq!(
        seen + bare,
        2 * (lecture.len() - 2),
        "{}",
        problems.join("\n")
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // At the projector's larger size, a step of two bars sets its labels
    // in big letters.
    let d = dump("after-bloom", 2, 1, 200, 60, false);
    let chart = d.parts.iter().find(|p| p.kind.name() == "chart");
    assert!(chart.is_some_and(|c| c.scale >= 3), "{chart:?}");
}

#[test]
fn the_closing_list_fills_the_wall_and_the_notes_keep_their_place() {
    // 5.11 shows four notes and nothing else: the lecture's last slide.
    // In their usual place (under the row and the diagram, gone by then)
    // they sat in the lower third of an empty wall.
    let lecture = Lecture::builtin();
    let scene = lecture.scene_count() - 1;
    let last = lecture.scene_len(scene);
    for (w, h) in SIZES {
        let d = dump("bloom", scene + 1, last, w, h, false);
        let kinds: Vec<&str> = d.parts.iter().map(|p| p.kind.name()).collect();
        assert_eq!(kinds, ["recap", "progress"], "{w}x{h}");
        let recap = &d.parts[0];
        assert!(recap.scale >= 3, "{w}x{h}: {recap:?}");
        assert!(recap.rect.height * 10 >= (h - 1) * 9, "{w}x{h}: {recap:?}");
        // Every note, once.
        let board = lecture.step_board(lecture.scene_start(scene) + last - 1);
        for note in &board.notes {
            let n = recap
                .text
                .iter()
                .filter(|t| t.contains(note.as_str()))
                .count();
            assert_eq!(n, 1, "{w}x{h}: {note}");
        }
        // The notes of the scene's other steps keep one place, under the
        // parts they go with.
        let mut notes = Vec::new();
        for step in 1..last {
            let d = dump("bloom", scene + 1, step, w, h, false);
            let Some(n) = d.parts.iter().find(|p| p.kind.name() == "notes") else {
                continue;
            };
            for other in d.parts.iter().filter(|p| p.kind.name() != "progress") {
                if other.kind.name() != "notes" && other.kind.name() != "verdict" {
                    assert!(
                        other.rect.y < n.rect.y,
                        "{w}x{h} 5.{step}: {other:?} under the notes"
                    );
                }
            }
            notes.push(n.rect);
        }
        assert!(
            notes.len() >= 3 && notes.windows(2).all(|p| p[0] == p[1]),
            "{w}x{h}: {notes:?}"
        );
    }
}

#[test]
fn after_bloom_charts_the_floor_alone_before_the_first_bar() {
    let lecture = Lecture::named("after-bloom").expect("a built-in lecture");
    let want = crate::lecture::texts::lineup_chart(lecture.step_board(1)).expect("a chart at 1.2");
    assert!(want.floor_only(), "{:?}", want.bars.len());
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let d = dump("after-bloom", 1, 2, w, h, false);
        let chart = d.parts.iter().find(|p| p.kind.name() == "chart");
        let chart = chart.unwrap_or_else(|| panic!("{w}x{h}: no chart at 1.2"));
        // The floor and the region under it, and not yet the Bloom
        // filter's factor, which 1.3 derives.
        assert!(
            chart.text.contains(&want.floor_label),
            "{w}x{h}: {:?}",
            chart.text
        );
        assert!(
            chart
                .text
                .iter()
                .any(|t| t == crate::lecture::texts::BELOW_FLOOR)
        );
        assert!(
            !chart.text.contains(&want.factor_label),
            "{w}x{h}: {:?}",
            chart.text
        );
        if w >= 120 {
            assert!(chart.scale >= 2, "{w}x{h}: {chart:?}");
        }
        // The same place as the bars take next step.
        let next = dump("after-bloom", 1, 3, w, h, false);
        let bars = next.parts.iter().find(|p| p.kind.name() == "chart");
        assert_eq!(bars.map(|c| c.rect), Some(chart.rect), "{w}x{h}");
        // The region left of the floor's line is shaded, right of it not.
        let buf = present("after-bloom", 1, 2, w, h, false).buffer();
        let r = chart.rect;
        let row = r.y + r.height - 2;
        let line = (r.x..r.right())
            .find(|&x| buf[(x, row)].symbol() == "┃")
            .unwrap_or_else(|| panic!("{w}x{h}: no floor line on row {row}"));
        let shaded = |x: u16| buf[(x, row)].symbol() == "░";
        assert!(
            (r.x + 2..line).all(shaded),
            "{w}x{h}: unshaded left of {line}"
        );
        assert!(
            !(line + 1..r.right()).any(shaded),
            "{w}x{h}: shade right of {line}"
        );
        // The line stays put when the first bar comes.
        let next = present("after-bloom", 1, 3, w, h, false).buffer();
        let floor_then = (r.y..r.bottom())
            .filter_map(|y| (r.x..r.right()).find(|&x| next[(x, y)].symbol() == "┃"))
            .min();
        assert_eq!(floor_then, Some(line), "{w}x{h}: the floor moves at 1.3");
    }
}

#[test]
fn after_bloom_sets_the_whole_lineup_and_its_picks_big_at_200x60() {
    // 5.1, every structure: the slide the class is meant to remember.
    let d = dump("after-bloom", 5, 1, 200, 60, false);
    let chart = d.parts.iter().find(|p| p.kind.name() == "chart");
    let chart = chart.expect("5.1 charts the line-up");
    assert!(chart.scale >= 2, "names and figures small: {chart:?}");
    let lecture = Lecture::named("after-bloom").expect("a built-in lecture");
    let board = lecture.step_board(lecture.scene_start(4));
    let want = crate::lecture::texts::lineup_chart(board).expect("a chart");
    assert_eq!(want.bars.len(), 10, "5.1 charts all ten");
    for bar in &want.bars {
        assert!(chart.text.iter().any(|t| t == bar.name), "{}", bar.name);
        assert!(says_figures(&chart.text, bar), "{}", bar.figures);
    }
    // The picks over the chart are read from the back as well.
    let notes = d.parts.iter().find(|p| p.kind.name() == "notes");
    assert!(notes.is_some_and(|n| n.scale >= 2), "{notes:?}");
}

/// On the wall the whole line-up (5.1) is a table: each name in big
/// letters left of its bar, the figures right of the bars. Set above
/// their bars, the ten labels buried one-row bars between rows of letters
/// and the lines ran through the words.
#[test]
fn the_whole_lineup_stands_as_a_table_on_the_wall() {
    let (w, h) = (200, 60);
    let d = dump("after-bloom", 5, 1, w, h, false);
    let chart = d.parts.iter().find(|p| p.kind.name() == "chart");
    let chart = chart.expect("5.1 charts the line-up");
    assert!(chart.scale >= 3, "{chart:?}");
    assert!(
        chart.cell.is_some_and(|c| c.1 >= 2),
        "bars too thin: {chart:?}"
    );
    let buf = present("after-bloom", 5, 1, w, h, false).buffer();
    let r = chart.rect;
    let solid = |x: u16, y: u16| buf[(x, y)].symbol() == "█";
    // The bars' first column: the leftmost start of eight solid cells.
    let x0 = (r.x..r.right() - 8)
        .find(|&x| (r.y..r.bottom()).any(|y| (x..x + 8).all(|c| solid(c, y))))
        .expect("bars");
    assert!(
        x0 >= r.x + 20,
        "the bars start at {x0}, with no room for names"
    );
    let bar_rows: Vec<u16> = (r.y..r.bottom())
        .filter(|&y| (x0..x0 + 8).all(|x| solid(x, y)))
        .collect();
    // Consecutive rows make one bar.
    let mut bars: Vec<Vec<u16>> = Vec::new();
    for y in bar_rows {
        match bars.last_mut() {
            Some(bar) if bar.last() == Some(&(y - 1)) => bar.push(y),
            _ => bars.push(vec![y]),
        }
    }
    assert_eq!(bars.len(), 10, "{bars:?}");
    let ink = |x: u16, y: u16| buf[(x, y)].symbol() != " ";
    for rows in &bars {
        // A name left of the bar, on its rows.
        let named = rows.iter().any(|&y| (r.x + 1..x0 - 1).any(|x| ink(x, y)));
        assert!(named, "no name beside the bar on rows {rows:?}");
        // Figures right of it, past a blank gap after its end.
        let figured = rows.iter().any(|&y| {
            // The bar's end: solid cells from its start, across the gaps
            // the lines and a cut leave (four cells at most).
            let mut end = x0;
            while (end + 1..(end + 6).min(r.right())).any(|x| solid(x, y)) {
                end = (end + 1..(end + 6).min(r.right()))
                    .rev()
                    .find(|&x| solid(x, y))
                    .unwrap_or(end);
            }
            (end + 3..r.right() - 1).any(|x| ink(x, y))
        });
        assert!(figured, "no figures right of the bar on rows {rows:?}");
    }
    // The floor's label stands two blank columns clear of its line, which
    // one column seemed to touch from the back.
    // Found on the first bar's rows: the legend under the bars shows a
    // bar's own mark, a slit in this theme too.
    let floor = (x0..r.right())
        .find(|&x| bars[0].iter().any(|&y| buf[(x, y)].symbol() == "┃"))
        .expect("the floor's line");
    // On the rows the line runs (the legend under the bars is past it).
    for y in (r.y + 1..r.bottom() - 1).filter(|&y| buf[(floor, y)].symbol() == "┃") {
        for x in [floor - 2, floor - 1] {
            assert!(
                !ink(x, y) || solid(x, y),
                "ink against the floor's line at ({x}, {y})"
            );
        }
    }
}

/// A structure that lands far under the target rate (cuckoo, the
/// fingerprint filters at 16 bits) is marked inside its bar at the floor
/// of the rate it reached, where the scale puts log2(1/rate); the Bloom
/// filters, at the target, carry only the two lines. Read from the drawn
/// cells in the table (200x60) and beside the names (120x40).
#[test]
fn a_bar_far_under_the_target_rate_marks_its_own_floor() {
    let lecture = Lecture::named("after-bloom").expect("a built-in lecture");
    let last = lecture.len() - 1;
    let want = crate::lecture::texts::lineup_chart(lecture.step_board(last)).expect("5.1 charts");
    let marked: Vec<&str> = want
        .bars
        .iter()
        .filter(|b| b.own_floor.is_some())
        .map(|b| b.name)
        .collect();
    for name in ["cuckoo", "xor8", "xor16", "binary-fuse8"] {
        assert!(marked.contains(&name), "{name} unmarked: {marked:?}");
    }
    for (w, h) in SIZES {
        let d = dump("after-bloom", 5, 1, w, h, false);
        let r = rect_of(&d, "chart");
        assert!(
            d.parts
                .iter()
                .any(|p| p.text.iter().any(|t| t.contains(OWN_FLOOR_MARK))),
            "{w}x{h}: the mark is not explained"
        );
        let buf = present("after-bloom", 5, 1, w, h, false).buffer();
        let solid = |x: u16, y: u16| buf[(x, y)].symbol() == "█";
        let line = |x: u16, y: u16| buf[(x, y)].symbol() == "┃";
        let x0 = (r.x..r.right() - 8)
            .find(|&x| (r.y..r.bottom()).any(|y| (x..x + 8).all(|c| solid(c, y))))
            .expect("bars");
        let rows: Vec<u16> = (r.y..r.bottom())
            .filter(|&y| (x0..x0 + 4).all(|x| solid(x, y)))
            .collect();
        let mut bars: Vec<u16> = Vec::new();
        for &y in &rows {
            if !rows.contains(&(y.wrapping_sub(1))) {
                bars.push(y);
            }
        }
        assert_eq!(bars.len(), want.bars.len(), "{w}x{h}");
        // The two lines are the marks on the first (Bloom's) bar.
        let lines: Vec<u16> = (x0..r.right()).filter(|&x| line(x, bars[0])).collect();
        assert_eq!(lines.len(), 2, "{w}x{h}: {lines:?}");
        // Columns per bit, from the factor's line, the farther one.
        let per_bit = f64::from(lines[1] - x0) / want.factor_bits();
        for (bar, &y) in want.bars.iter().zip(&bars) {
            let own: Vec<u16> = (x0..r.right())
                .filter(|&x| line(x, y) && !lines.contains(&x))
                .collect();
            match bar.own_floor {
                None => assert!(own.is_empty(), "{w}x{h} {}: {own:?}", bar.name),
                Some(bits) => {
                    let at = f64::from(x0) + bits * per_bit;
                    assert!(
                        own.len() == 1 && (f64::from(own[0]) - at).abs() <= 2.0,
                        "{w}x{h} {}: marks {own:?}, floor {bits:.2} near {at:.1}",
                        bar.name
                    );
                }
            }
        }
    }
    // In a colour theme the mark is a solid notch in the floor's ink, set
    // apart from the lines' slits.
    let light = Theme::named("light").expect("a theme");
    let buf = present_in(light, "after-bloom", (5, 1), (200, 60), false).buffer();
    let ink = |role| light.style(role).fg.unwrap_or_default();
    let (good, bar) = (
        ink(crate::ui::theme::Role::Good),
        ink(crate::ui::theme::Role::Measured),
    );
    let inked = |x: u16, y: u16, fg| buf[(x, y)].symbol() == "█" && buf[(x, y)].fg == fg;
    // A cell in the floor's ink with bar on both sides.
    let notches = (1..199u16)
        .flat_map(|x| (0..60u16).map(move |y| (x, y)))
        .filter(|&(x, y)| inked(x, y, good) && inked(x - 1, y, bar) && inked(x + 1, y, bar))
        .count();
    // Four marked bars at two rows each at least.
    assert!(notches >= 8, "{notches} notch cells in the floor's ink");
}

/// A bar's own mark is explained on the wall, not only in the frame's
/// small title: under the bars a sample of a marked bar (bar, mark, bar)
/// stands beside the words, as tall as big letters where the labels are
/// big (3.2 at both sizes, 5.1's table at 200x60), one row where the ten
/// bars keep the small type (5.1 at 120x40).
#[test]
fn the_own_floor_mark_has_a_legend_under_the_bars() {
    let light = Theme::named("light").expect("a theme");
    let ink = |role| light.style(role).fg.unwrap_or_default();
    let (good, bar) = (
        ink(crate::ui::theme::Role::Good),
        ink(crate::ui::theme::Role::Measured),
    );
    for ((scene, step), (w, h), tall) in [
        ((3, 2), (120, 40), true),
        ((3, 2), (200, 60), true),
        ((5, 1), (200, 60), true),
        ((5, 1), (120, 40), false),
    ] {
        let buf = present_in(light, "after-bloom", (scene, step), (w, h), false).buffer();
        let inked = |x: u16, y: u16, fg| buf[(x, y)].symbol() == "█" && buf[(x, y)].fg == fg;
        let blank = |x: u16, y: u16| buf[(x, y)].symbol() == " ";
        // The sample: bar, mark, bar, with blank cells either side.
        let sample: Vec<(u16, u16)> = (1..w - 4)
            .flat_map(|x| (0..h).map(move |y| (x, y)))
            .filter(|&(x, y)| {
                blank(x - 1, y)
                    && inked(x, y, bar)
                    && inked(x + 1, y, good)
                    && inked(x + 2, y, bar)
                    && blank(x + 3, y)
            })
            .collect();
        let at = format!("{scene}.{step} at {w}x{h}");
        let Some(&(x, top)) = sample.first() else {
            panic!("{at}: no legend");
        };
        assert!(sample.iter().all(|&(sx, _)| sx == x), "{at}: {sample:?}");
        let rows = u16::try_from(sample.len()).unwrap();
        assert!(rows >= 3 || !tall, "{at}: the legend {rows} rows tall");
        assert!(tall || rows == 1, "{at}: {rows} rows");
        // No bar below it: the last row of ten solid cells is above.
        let last_bar = (0..h)
            .filter(|&y| (0..w - 10).any(|bx| (bx..bx + 10).all(|c| inked(c, y, bar))))
            .max()
            .unwrap();
        assert!(
            last_bar < top,
            "{at}: a bar on row {last_bar}, legend from {top}"
        );
        // Words follow the sample, in the floor's ink.
        let words = (x + 4..w)
            .filter(|&c| (top..top + rows).any(|y| buf[(c, y)].fg == good && !blank(c, y)))
            .count();
        assert!(words >= 15, "{at}: {words} columns of words");
    }
}

/// The counting filter's bar, four times the rest, is cut; on the wall
/// (2.2, bars twelve rows tall) the break crosses the whole bar as a band
/// three or more columns wide leaning like a slash, where two small
/// slashes per row were lost beside it.
#[test]
fn a_tall_cut_bar_breaks_across_its_whole_height() {
    let (w, h) = (200, 60);
    let d = dump("after-bloom", 2, 2, w, h, false);
    let r = rect_of(&d, "chart");
    let buf = present("after-bloom", 2, 2, w, h, false).buffer();
    let solid = |x: u16, y: u16| buf[(x, y)].symbol() == "█";
    // The bars' first column: the leftmost start of twenty solid cells
    // (big letters have runs of a few).
    let x0 = (r.x..r.right() - 20)
        .find(|&x| (r.y..r.bottom()).any(|y| (x..x + 20).all(|c| solid(c, y))))
        .expect("bars");
    // The counting filter's bar comes first: its rows, top to bottom.
    let top = (r.y..r.bottom())
        .find(|&y| (x0..x0 + 20).all(|x| solid(x, y)))
        .unwrap();
    let rows: Vec<u16> = (top..r.bottom()).take_while(|&y| solid(x0, y)).collect();
    assert!(rows.len() >= 6, "{rows:?}");
    // On each row, the widest blank run between two solid stretches.
    let band = |y: u16| {
        let end = (x0..r.right()).rev().find(|&x| solid(x, y)).unwrap();
        let mut best = (0, 0);
        let mut x = x0;
        while x < end {
            if solid(x, y) {
                x += 1;
                continue;
            }
            let from = x;
            while !solid(x, y) {
                x += 1;
            }
            if x - from > best.1 {
                best = (from, x - from);
            }
        }
        best
    };
    let bands: Vec<(u16, u16)> = rows.iter().map(|&y| band(y)).collect();
    assert!(bands.iter().all(|b| b.1 >= 3), "{bands:?}");
    let (first, last) = (bands[0], bands[bands.len() - 1]);
    assert!(first.0 >= last.0 + 3, "the break does not lean: {bands:?}");
}

/// At 3.3 the bits of v are named but not read, and the class is asked
/// what the filter will say: the question says what is pending, so the
/// big row drops its small "no bit read yet" line, which sat against the
/// card's frame at 120x40; the row over the card is left blank.
#[test]
fn a_predict_step_leaves_the_pending_query_to_the_question() {
    for (w, h) in SIZES {
        let d = dump("bloom", 3, 3, w, h, false);
        assert!(
            d.parts
                .iter()
                .all(|p| p.text.iter().all(|t| !t.contains("no bit read yet"))),
            "{w}x{h}"
        );
        let card = d.parts.iter().find(|p| p.kind.name() == "predict").unwrap();
        let buf = present("bloom", 3, 3, w, h, false).buffer();
        let above = card.rect.y - 1;
        let blank = (0..w).all(|x| buf[(x, above)].symbol() == " ");
        assert!(blank, "{w}x{h}: ink on row {above}, over the question");
    }
}

/// A revealed choice set big with its whole mark ("<- answer") is not
/// named again in the small line under the choices; where the big line
/// has room for no mark (4.5 at 120x40) or only the bare pointer without
/// reflowing the choice (4.5 and 5.3 at 200x60), the small line names it.
#[test]
fn a_revealed_answer_is_named_once() {
    let small = |scene, step, w, h| {
        present("bloom", scene, step, w, h, true)
            .text()
            .contains("◀ the answer")
    };
    assert!(
        !small(3, 3, 120, 40),
        "3.3 at 120x40 names the answer twice"
    );
    assert!(
        small(4, 5, 200, 60),
        "4.5 at 200x60 leaves the answer unnamed"
    );
    assert!(
        small(4, 5, 120, 40),
        "4.5 at 120x40 leaves the answer unnamed"
    );
    assert!(
        small(5, 3, 200, 60),
        "5.3 at 200x60 leaves the answer unnamed"
    );
}

#[test]
fn no_built_in_board_shows_both_kinds_of_chart() {
    // The curves and the line-up's bars share the layout's kind `chart`.
    for name in LECTURES {
        let lecture = Lecture::named(name).expect("a built-in lecture");
        for global in 0..lecture.len() {
            let boards =
                std::iter::once(lecture.step_board(global)).chain(lecture.revealed_board(global));
            for b in boards {
                let lineup = crate::lecture::texts::lineup_chart(b).is_some();
                let plots = !crate::lecture::texts::plots(b).is_empty();
                assert!(!(lineup && plots), "{name} step {global}");
            }
        }
    }
}

#[test]
fn the_counting_row_sets_its_values_big_on_the_wall() {
    let lecture = Lecture::builtin();
    let scene = lecture.scene_count() - 1;
    for (w, h) in SIZES {
        let mut seen = 0;
        for step in 0..lecture.scene_len(scene) {
            let d = dump("bloom", scene + 1, step + 1, w, h, false);
            if let Some(counters) = d.parts.iter().find(|p| p.kind.name() == "counters") {
                seen += 1;
                assert!(
                    counters.scale >= 3,
                    "{w}x{h} 5.{}: the counters at scale {}",
                    step + 1,
                    counters.scale
                );
            }
        }
        assert!(seen > 0, "{w}x{h}: no step shows the counters");
    }
}

/// The delete on the counters (5.7) is marked where the class can see it:
/// at 200x60 a big "-1" over each counter it took one from, and over no
/// other. Small "1→" marks inside the cells could not be read from the
/// back of the room.
#[test]
fn a_delete_on_the_counters_is_marked_big_over_each_cell_it_lowers() {
    let lecture = Lecture::builtin();
    let scene = lecture.scene_count() - 1;
    let (w, h) = (200, 60);
    let mut seen = 0;
    for step in 0..lecture.scene_len(scene) {
        let board = lecture.step_board(lecture.scene_start(scene) + step);
        let fell: Vec<usize> = (0..board.counters.len())
            .filter(|&i| {
                board
                    .counters_peak
                    .get(i)
                    .is_some_and(|&p| p > board.counters[i])
            })
            .collect();
        if fell.is_empty() || !board.shows(crate::lecture::Element::Counters) {
            continue;
        }
        seen += 1;
        let app = present("bloom", scene + 1, step + 1, w, h, false);
        let counters = app
            .layout()
            .parts
            .into_iter()
            .find(|p| p.kind.name() == "counters");
        let r = counters.expect("the counters").rect;
        let buf = app.buffer();
        // The marks' band stands right over the cells' frame (the caption
        // above it says "-1" in big letters too).
        let frame = (r.y..r.bottom())
            .find(|&y| (r.x..r.right()).any(|x| buf[(x, y)].symbol() == "┌"))
            .expect("the counters' frame");
        let band = (frame.saturating_sub(4), frame);
        let found = super::find_big(&buf, "-1", (r.x, r.right()), band);
        assert_eq!(
            found.len(),
            fell.len(),
            "5.{}: {found:?} for {fell:?}",
            step + 1
        );
        // Each over its own cell: in the order of the cells, spread as
        // far apart as they are.
        let xs: Vec<u16> = found.iter().map(|&(x, _)| x).collect();
        let gaps = |v: &[u16]| {
            v.windows(2)
                .map(|p| f64::from(p[1] - p[0]))
                .collect::<Vec<_>>()
        };
        let cells: Vec<u16> = fell.iter().map(|&i| u16::try_from(i).unwrap()).collect();
        let (a, b) = (gaps(&xs), gaps(&cells));
        let unit = a[0] / b[0];
        assert!(
            a.iter().zip(&b).all(|(x, c)| (x / c - unit).abs() < 0.5),
            "{xs:?} over cells {cells:?}"
        );
    }
    assert!(seen >= 1, "no step deletes from the counters");
}

#[test]
fn the_line_under_the_query_leaves_the_call_to_the_big_verdict() {
    let lecture = Lecture::builtin();
    let calls = ["FALSE POSITIVE", "FALSE NEGATIVE", "WRONG"];
    let mut seen = 0;
    for (w, h) in SIZES {
        for scene in 0..lecture.scene_count() {
            for (step, revealed) in scene_slides(&lecture, scene) {
                let d = dump("bloom", scene + 1, step, w, h, revealed);
                let verdict = d.parts.iter().find(|p| p.kind.name() == "verdict");
                let Some(call) = verdict.and_then(|v| {
                    let text = v.text.join(" ");
                    calls.into_iter().find(|c| text.contains(c))
                }) else {
                    continue;
                };
                seen += 1;
                let at = format!("{w}x{h} {}.{step}", scene + 1);
                // The query lines under the row and the counters (the progress
                // line's scene title may name the mistake it is about).
                let queries = ["bit-row", "counters"];
                for p in d.parts.iter().filter(|p| queries.contains(&p.kind.name())) {
                    let text = p.text.join(" ").to_uppercase();
                    assert!(
                        !text.contains(call),
                        "{at}: {} says {call} again: {text}",
                        p.kind.name()
                    );
                }
                // The reason is said once: under the query, under the big
                // call, or in the question on the slide.
                let reason = |l: &String| {
                    ["was never inserted", "is in the set", "is still in the set"]
                        .iter()
                        .any(|r| l.contains(r))
                };
                let saying: Vec<&str> = d
                    .parts
                    .iter()
                    .filter(|p| p.text.iter().any(reason))
                    .map(|p| p.kind.name())
                    .collect();
                assert_eq!(saying.len(), 1, "{at}: the reason in {saying:?}");
            }
        }
    }
    assert!(seen >= 4, "big calls on {seen} steps");
    // Out of present mode the line keeps its call.
    let frame = FrameConfig {
        app: AppConfig::default(),
        scene: Some(3),
        step: Some(4),
        width: 120,
        height: 40,
        revealed: false,
    };
    let text = Headless::with_theme(&frame, Theme::MONO).unwrap().text();
    assert!(
        text.contains("FALSE POSITIVE: v was never inserted"),
        "{text}"
    );
}

#[test]
fn the_counting_step_shows_the_counters_alone_not_a_row_that_disagrees() {
    let lecture = Lecture::builtin();
    // 5.7: the counters have deleted x; a bit row beside them would still
    // hold it.
    let global = lecture.scene_start(4) + 6;
    let board = lecture.step_board(global);
    assert!(board.shows(crate::lecture::Element::Counters));
    assert!(
        !board.shows(crate::lecture::Element::Row),
        "the row beside the counters"
    );
    for (w, h) in SIZES {
        let d = dump("bloom", 5, 7, w, h, false);
        let kinds: Vec<&str> = d.parts.iter().map(|p| p.kind.name()).collect();
        assert!(
            kinds.contains(&"counters") && !kinds.contains(&"bit-row"),
            "{w}x{h}: {kinds:?}"
        );
    }
}

#[test]
fn a_derived_formula_is_never_alone_on_the_wall() {
    // Each formula has a picture of what it says beside it: at 3.5-3.7
    // the chance a bit stays 0, before the fill takes its place. Without
    // it those steps left the lower two thirds of the wall empty. The
    // after-bloom lecture's floor at 1.2 charts the floor alone, before
    // the first bar at 1.3.
    let mut problems = Vec::new();
    for name in LECTURES {
        let lecture = Lecture::named(name).expect("a built-in lecture");
        for scene in 0..lecture.scene_count() {
            for (step, revealed) in scene_slides(&lecture, scene) {
                for (w, h) in SIZES {
                    let d = dump(name, scene + 1, step, w, h, revealed);
                    let kinds: Vec<&str> = d.parts.iter().map(|p| p.kind.name()).collect();
                    if kinds.contains(&"formula") && !kinds.contains(&"chart") {
                        problems.push(format!("{name} {w}x{h} {}.{step}", scene + 1));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "a formula with no chart: {problems:?}");
}

#[test]
fn the_zero_chart_puts_a_dot_at_each_whole_n_and_the_idealised_line_once_named() {
    let lecture = Lecture::builtin();
    let figures = &lecture.step_board(0).figures;
    let dots = figures.settings.fill_n_max + 1;
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        for (step, line) in [(5, false), (6, false), (7, true)] {
            let frame = FrameConfig {
                app: AppConfig {
                    present: true,
                    ..AppConfig::default()
                },
                scene: Some(3),
                step: Some(step),
                width: w,
                height: h,
                revealed: false,
            };
            let app = Headless::with_theme(&frame, Theme::MONO).expect("draws");
            let at = format!("{w}x{h} 3.{step}");
            let chart = app
                .layout()
                .parts
                .into_iter()
                .find(|p| p.kind.name() == "chart")
                .unwrap_or_else(|| panic!("{at}: no chart"));
            assert!(chart.text[0].starts_with("P0"), "{at}: {:?}", chart.text);
            // A mark for each whole n: on the wall a bold block (two
            // columns wide where the points are far enough apart), set
            // apart from the probe's stem by its weight.
            let buf = app.buffer();
            let r = chart.rect;
            // Above the x axis: the legend under it may be set in big
            // letters, which are drawn in blocks too.
            let (corner, axis) = (r.y..r.bottom())
                .rev()
                .find_map(|y| {
                    (r.x + 1..r.right())
                        .find(|&x| buf[(x, y)].symbol() == "└")
                        .map(|x| (x, y))
                })
                .unwrap_or_else(|| panic!("{at}: no axes"));
            // Under what the chart plots, which a wall sets in big
            // letters over the plot: from the y axis's top.
            let top = (r.y..axis)
                .find(|&y| buf[(corner, y)].symbol() == "│")
                .unwrap_or(r.y);
            let marks: Vec<(u16, u16)> = (top..axis)
                .flat_map(|y| (r.x..r.right()).map(move |x| (x, y)))
                // The legend's mark starts its line, left of the y axis.
                .filter(|&(x, y)| {
                    let c = &buf[(x, y)];
                    x > r.x + 2 && c.symbol() == "█" && c.modifier.contains(Modifier::BOLD)
                })
                .collect();
            assert_eq!(marks.len(), dots, "{at}: the exact points {marks:?}");
            if w >= 120 {
                let wide = marks
                    .iter()
                    .filter(|&&(x, y)| buf[(x + 1, y)].symbol() == "▌")
                    .count();
                assert!(wide + 1 >= dots, "{at}: {wide} wide marks");
            }
            // The legend names the same mark.
            assert!(
                buf.content
                    .iter()
                    .any(|c| c.symbol() == "▐" && !c.modifier.contains(Modifier::BOLD))
            );
            let caption = chart.text.join(" ");
            assert_eq!(caption.contains("idealised"), line, "{at}: {caption}");
            if step >= 6 {
                let exact = figures.zero_exact(3.0);
                let said = format!("exact {}", crate::lecture::figures::sig(exact, 3));
                assert!(caption.contains(&said), "{at}: {caption} lacks {said}");
            }
        }
    }
}

#[test]
fn the_curves_ticks_and_legends_are_big_on_the_wall() {
    use crate::lecture::texts::{caption, plots};
    let lecture = Lecture::builtin();
    for (w, h) in SIZES {
        for global in 0..lecture.len() {
            let board = lecture.step_board(global);
            let (scene, step) = (board.scene + 1, board.step + 1);
            let at = format!("{w}x{h} {scene}.{step}");
            let frame = FrameConfig {
                app: AppConfig {
                    present: true,
                    ..AppConfig::default()
                },
                scene: Some(u32::try_from(scene).unwrap()),
                step: Some(u32::try_from(step).unwrap()),
                width: w,
                height: h,
                revealed: false,
            };
            let app = Headless::with_theme(&frame, Theme::MONO).expect("draws");
            let layout = app.layout();
            let Some(chart) = layout.parts.iter().find(|p| p.kind.name() == "chart") else {
                continue;
            };
            assert!(
                chart.scale >= 3,
                "{at}: the chart's words in scale {}",
                chart.scale
            );
            // The probe's figure in big letters over the chart is not said
            // again in its legend, which says where the probe stands.
            let headline = layout
                .parts
                .iter()
                .find(|p| p.kind.name() == "headline")
                .map(|p| p.text.join(" "));
            let legend = chart.text[1..].join(" ");
            if let Some(said) = &headline {
                assert!(!legend.contains(said.as_str()), "{at}: {said:?} twice");
            }
            // On the 60-row wall every legend of two big lines or fewer is
            // set big: each item's words found whole under the chart.
            if h < 60 {
                continue;
            }
            let buf = app.buffer();
            let r = chart.rect;
            for element in plots(board) {
                for item in caption(board, element) {
                    let words = match item.place {
                        Some(place) if headline.is_some() => place,
                        _ => item.text,
                    };
                    let found = find_big(&buf, &words, (r.x, r.right()), (r.y, r.bottom()));
                    assert!(!found.is_empty(), "{at}: {words:?} is not in big letters");
                }
            }
        }
    }
}

#[test]
fn every_cell_has_its_index_on_the_wall() {
    // At 120x40 the font's "10" is wider than a cell, and the row used to
    // name only the even bits; the narrow digits name all sixteen. The
    // counters (5.7) name theirs the same way: the query says
    // "h3(y)=13", and the cells had no numbers to find 13 by.
    for ((scene, step), (w, h)) in [(2, 4), (5, 7)]
        .into_iter()
        .flat_map(|at| SIZES.map(|size| (at, size)))
    {
        let buf = present("bloom", scene, step, w, h, false).buffer();
        let symbol = |x: u16, y: u16| buf[(x, y)].symbol().to_string();
        let bottom = (0..h)
            .find(|&y| (0..w).any(|x| symbol(x, y) == "└"))
            .expect("the row");
        // The cells' edges on the frame's bottom line, left to right.
        let edges: Vec<u16> = (0..w)
            .filter(|&x| ["└", "┴", "┘"].contains(&symbol(x, bottom).as_str()))
            .collect();
        assert_eq!(edges.len(), 17, "{w}x{h}: {edges:?}");
        for (i, pair) in edges.windows(2).enumerate() {
            let inked = (pair[0] + 1..pair[1])
                .flat_map(|x| (bottom + 1..bottom + 4).map(move |y| (x, y)))
                .filter(|&(x, y)| symbol(x, y) != " ")
                .count();
            assert!(inked >= 3, "{w}x{h}: cell {i} has no big index");
        }
    }
}

/// The counters at 5.7 on the wall: a counter above zero is a tile in its
/// ink with the value cut out of it, as a set bit is a filled cell, so
/// "0 1 0 0 1" in the cells is not read as one more row of the big
/// indices under them; the counters a delete took one from are marked
/// "-1" at both sizes (120x40 said "1→", which 200x60 did not); and the
/// query line is big, as the row's is.
#[test]
fn the_counters_read_apart_from_their_indices() {
    let lecture = Lecture::named("bloom").expect("a built-in lecture");
    let board = lecture.step_board(lecture.scene_start(4) + 6);
    assert!(
        board.counters.iter().any(|&v| v > 0),
        "{:?}",
        board.counters
    );
    for (w, h) in SIZES {
        let d = dump("bloom", 5, 7, w, h, false);
        let part = d
            .parts
            .iter()
            .find(|p| p.kind.name() == "counters")
            .unwrap();
        assert!(
            part.text.iter().any(|t| t == "query y: h1=4 h2=7 h3=13"),
            "{w}x{h}: {:?}",
            part.text
        );
        assert!(
            part.text.iter().all(|t| !t.contains("(counters)")),
            "{w}x{h}"
        );
        let buf = present("bloom", 5, 7, w, h, false).buffer();
        let symbol = |x: u16, y: u16| buf[(x, y)].symbol().to_string();
        let reversed = |x: u16, y: u16| buf[(x, y)].modifier.contains(Modifier::REVERSED);
        let bottom = (0..h)
            .find(|&y| (0..w).any(|x| symbol(x, y) == "└"))
            .expect("the counters");
        let top = (0..bottom)
            .rev()
            .find(|&y| (0..w).any(|x| symbol(x, y) == "┌"))
            .unwrap();
        let edges: Vec<u16> = (0..w)
            .filter(|&x| ["└", "┴", "┘"].contains(&symbol(x, bottom).as_str()))
            .collect();
        assert_eq!(edges.len(), 17, "{w}x{h}: {edges:?}");
        for (i, pair) in edges.windows(2).enumerate() {
            let inside =
                || (pair[0] + 1..pair[1]).flat_map(|x| (top + 1..bottom).map(move |y| (x, y)));
            let tile = inside().filter(|&(x, y)| reversed(x, y)).count();
            if board.counters[i] > 0 {
                // The tile spans the cell's width on its value's rows.
                let width = usize::from(pair[1] - pair[0] - 1);
                assert!(
                    tile >= 3 * width,
                    "{w}x{h}: counter {i} is no tile ({tile})"
                );
            } else {
                assert_eq!(tile, 0, "{w}x{h}: counter {i} is 0 yet tiled");
            }
        }
        // Nothing under the cells (the indices) is a tile.
        assert!(
            (bottom + 1..h).all(|y| (0..w).all(|x| !reversed(x, y) || symbol(x, y) == " ")),
            "{w}x{h}: a tile under the counters"
        );
        // The marks: "-1" over or in each cell the delete took one from,
        // and no arrow.
        let text: String = (0..bottom)
            .map(|y| (0..w).map(|x| symbol(x, y)).collect::<String>() + "\n")
            .collect();
        assert!(!text.contains('→'), "{w}x{h}: {text}");
        let fallen = board
            .counters
            .iter()
            .zip(&board.counters_peak)
            .filter(|(v, peak)| peak > v)
            .count();
        assert_eq!(fallen, 3);
        // The caption says "deletes -1" once besides the marks: in small
        // type, or big over the marks' band.
        let small = text.matches("-1").count() - usize::from(text.contains("deletes -1"));
        let band = (top.saturating_sub(4), bottom);
        let big = find_big(&buf, "-1", (0, w), band).len();
        assert_eq!(
            small + big,
            fallen,
            "{w}x{h}: {small} small and {big} big marks"
        );
    }
}

/// A verdict the lesson turns on is called in big letters at 120x40 too:
/// 5.4's false negative and 5.7's "probably present" used to be left to
/// a small line, because the long reveal of 5.3's question, never drawn
/// big, sized the scene's letters out of its rows.
#[test]
fn the_deletion_scenes_verdicts_are_big_at_both_sizes() {
    for (w, h) in SIZES {
        for step in [4, 7] {
            let d = dump("bloom", 5, step, w, h, false);
            let verdict = d.parts.iter().find(|p| p.kind.name() == "verdict");
            let verdict = verdict.unwrap_or_else(|| panic!("5.{step} at {w}x{h}: no verdict"));
            assert!(verdict.scale >= 2, "5.{step} at {w}x{h}");
        }
    }
}

/// Where the line-up's labels are big, its bars stay bars: at least half
/// as tall as a letter on every step of the second lecture on the wall.
/// At 120x40, 3.2 and 4.1-4.2 set their labels in letters four rows tall
/// over one-row threads the class lost under the words.
#[test]
fn the_lineup_bars_stand_at_least_half_a_letter_tall() {
    let lecture = Lecture::named("after-bloom").expect("a built-in lecture");
    for (w, h) in SIZES {
        for scene in 0..lecture.scene_count() {
            for step in 1..=lecture.scene_len(scene) {
                let d = dump("after-bloom", scene + 1, step, w, h, false);
                let Some(chart) = d.parts.iter().find(|p| p.kind.name() == "chart") else {
                    continue;
                };
                let Some((_, bar)) = chart.cell else {
                    continue;
                };
                assert!(
                    2 * bar >= chart.scale,
                    "{}.{step} at {w}x{h}: bars {bar} rows under letters {} rows",
                    scene + 1,
                    chart.scale
                );
            }
        }
    }
}

/// Where the wall has the rows, a big verdict says why under the call in
/// the row's big letters ("FALSE POSITIVE" over "v was never inserted"),
/// and the small line under the query, which said it before, is gone, so
/// the reason is on the slide once. Where it has not (scene 5 at 120x40,
/// whose notes card needs the rows), the small line stays.
#[test]
fn a_big_verdict_gives_its_reason_big_where_the_wall_has_the_rows() {
    let cases = [
        ((3, 4), (120, 40), "v was never inserted"),
        ((2, 8), (200, 60), "right: y is in the set"),
        (
            (2, 9),
            (200, 60),
            "right, and certain: w was never inserted",
        ),
    ];
    for ((scene, step), (w, h), reason) in cases {
        let at = format!("{scene}.{step} at {w}x{h}");
        let d = dump("bloom", scene, step, w, h, false);
        let verdict = d.parts.iter().find(|p| p.kind.name() == "verdict");
        let verdict = verdict.unwrap_or_else(|| panic!("{at}: no verdict"));
        assert_eq!(
            verdict.text.get(1).map(String::as_str),
            Some(reason),
            "{at}"
        );
        let row = d.parts.iter().find(|p| p.kind.name() == "bit-row");
        let row_text = &row.unwrap_or_else(|| panic!("{at}: no row")).text;
        assert!(
            row_text.iter().all(|t| !t.contains(reason)),
            "{at}: {row_text:?}"
        );
        // Drawn in the row's big letters, under the call.
        let buf = present("bloom", scene, step, w, h, false).buffer();
        let r = verdict.rect;
        let first = reason.split(':').next().unwrap_or(reason);
        let found = find_big(&buf, first, (0, w), (r.y, r.bottom()));
        assert!(!found.is_empty(), "{at}: {first:?} not big in the verdict");
    }
    // No rows for it: the reason stays small under the query.
    let d = dump("bloom", 5, 4, 120, 40, false);
    let verdict = d.parts.iter().find(|p| p.kind.name() == "verdict");
    assert_eq!(verdict.map(|v| v.text.len()), Some(1));
    let row = d.parts.iter().find(|p| p.kind.name() == "bit-row");
    assert!(row.is_some_and(|r| r.text.iter().any(|t| t == "y is in the set")));
}

/// The counters' caption says what the class is looking at: on a wall
/// wide enough to set it in two lines of big letters (200x60) it is big,
/// over the counters; at 120x40 it would take three, so it stays a line.
#[test]
fn the_counting_variant_is_named_big_where_two_lines_hold_it() {
    let lecture = Lecture::builtin();
    let scene = lecture.scene_count() - 1;
    let step = (0..lecture.scene_len(scene))
        .find(|&s| {
            let b = lecture.step_board(lecture.scene_start(scene) + s);
            b.shows(crate::lecture::Element::Counters)
        })
        .expect("a step shows the counters")
        + 1;
    for ((w, h), big) in [((200, 60), true), ((120, 40), false)] {
        let app = present("bloom", scene + 1, step, w, h, false);
        let r = rect_of(&app.layout(), "counters");
        let buf = app.buffer();
        let found = find_big(&buf, "counting variant:", (r.x, r.right()), (r.y, r.y + 4));
        assert_eq!(!found.is_empty(), big, "{w}x{h}");
        let small = app.text().contains("counting variant:");
        assert_eq!(small, !big, "{w}x{h}");
    }
}

/// On a wall a chart says what it plots in big letters over its curve,
/// with only its settings left small on the frame, wherever that costs
/// no other part its big type: at 200x60 the k chart has the rows, at
/// 120x40 they would come from the headline, which keeps its letters.
#[test]
fn a_chart_says_what_it_plots_big_where_nothing_else_pays_for_it() {
    for (step, w, h, headed) in [(3, 200, 60, true), (8, 200, 60, true), (3, 120, 40, false)] {
        let app = present_in(Theme::MONO, "bloom", (4, step), (w, h), false);
        let at = format!("{w}x{h} 4.{step}");
        let d = app.layout();
        let chart = d
            .parts
            .iter()
            .find(|p| p.kind.name() == "chart")
            .unwrap_or_else(|| panic!("{at}: no chart"));
        let r = chart.rect;
        let buf = app.buffer();
        let big = find_big(&buf, "epsilon against k", (r.x, r.right()), (r.y, r.y + 6));
        let top: String = (r.x..r.right()).map(|x| buf[(x, r.y)].symbol()).collect();
        if headed {
            assert_eq!(big.len(), 1, "{at}: the subject set big once: {big:?}");
            assert_eq!(chart.text[0], "epsilon against k", "{at}");
            assert_eq!(chart.text[1], "log scale, 10 bits per item", "{at}");
            assert!(top.contains(" log scale, 10 bits per item "), "{at}: {top}");
            assert!(!top.contains("epsilon"), "{at}: said twice: {top}");
        } else {
            assert!(big.is_empty(), "{at}: a big subject at {big:?}");
            assert!(top.contains(" epsilon against k, log scale"), "{at}: {top}");
            let headline = d.parts.iter().find(|p| p.kind.name() == "headline");
            assert!(
                headline.is_some_and(|p| p.scale >= 4),
                "{at}: the headline gave up its letters"
            );
        }
    }
}

/// On a wall the opening question shown with the title is its subtitle,
/// in big letters under it, where a card at the wall's foot left it in
/// small type; the title stands on the same rows before the question
/// comes. Where the subtitle's rows would cost another part of the scene
/// its big type (the cost table at 120x40), the question keeps its card.
#[test]
fn the_opening_question_stands_big_under_the_title_where_it_costs_nothing() {
    use crate::ui::theme::Role;
    let light = Theme::named("light").expect("a light theme");
    let note = light.style(Role::Note).fg.expect("an ink");
    let title = light.style(Role::Title).fg.expect("an ink");
    // Rows holding a glyph in `ink` inside the banner.
    let rows_in = |app: &Headless, ink| -> Vec<u16> {
        let r = rect_of(&app.layout(), "banner");
        let buf = app.buffer();
        (r.y..r.bottom())
            .filter(|&y| {
                (r.x..r.right()).any(|x| buf[(x, y)].fg == ink && buf[(x, y)].symbol() != " ")
            })
            .collect()
    };
    let before = present_in(light, "bloom", (1, 1), (200, 60), false);
    let asked = present_in(light, "bloom", (1, 2), (200, 60), false);
    let d = asked.layout();
    assert!(
        d.parts.iter().all(|p| p.kind.name() != "notes"),
        "a notes card"
    );
    let banner = d.parts.iter().find(|p| p.kind.name() == "banner").unwrap();
    assert_eq!(
        banner.text,
        ["The Bloom filter", "Have I seen this item before?"]
    );
    let question = rows_in(&asked, note);
    assert!(
        question.len() >= 4,
        "the question in small type: rows {question:?}"
    );
    let letters = rows_in(&asked, title);
    assert!(
        letters.iter().max() < question.iter().min(),
        "under the title"
    );
    assert_eq!(rows_in(&before, title), letters, "the title moved");
    assert!(rows_in(&before, note).is_empty(), "asked before its step");
    // At 120x40 the subtitle's rows would come out of the cost table's
    // big type on the steps after: the question stays in its card.
    let small = present_in(light, "bloom", (1, 2), (120, 40), false).layout();
    assert!(small.parts.iter().any(|p| p.kind.name() == "notes"));
    let table = present_in(light, "bloom", (1, 4), (120, 40), false).layout();
    let scale = table
        .parts
        .iter()
        .find(|p| p.kind.name() == "table")
        .unwrap()
        .scale;
    assert!(scale >= 3, "the cost table gave up its big type: {scale}");
}

/// On a wall a step's take-away beside a chart stands in big letters,
/// centred in its card, where the chart keeps three quarters of its curve
/// and no other part gives up type: the memory chart's note (1.8) and the
/// k chart's (4.8) at 200x60. Where it would cost the derivation its big
/// formula (3.11), it stays small.
#[test]
fn a_take_away_beside_a_chart_stands_big_where_the_chart_can_spare_the_rows() {
    for (scene, step, note, big) in [
        (
            1,
            8,
            "inserted, then queried: never \"definitely not\"",
            true,
        ),
        (4, 8, "a healthy filter is about half full", true),
        (3, 11, "n: given by the problem", false),
    ] {
        let at = format!("200x60 {scene}.{step}");
        let app = present_in(Theme::MONO, "bloom", (scene, step), (200, 60), false);
        let d = app.layout();
        let part = |kind: &str| d.parts.iter().find(|p| p.kind.name() == kind);
        let notes = part("notes").unwrap_or_else(|| panic!("{at}: no notes"));
        let r = notes.rect;
        let found = find_big(&app.buffer(), note, (r.x, r.right()), (r.y, r.bottom()));
        if big {
            assert_eq!(found.len(), 1, "{at}: the note not big once: {found:?}");
            // Centred in its frame: as many blank rows above as below,
            // give or take one.
            let (y, h) = (found[0].1, 3);
            let above = y - (r.y + 1);
            let below = (r.bottom() - 1) - (y + h);
            assert!(
                above.abs_diff(below) <= 1,
                "{at}: {above} above, {below} below"
            );
            let chart = part("chart").expect("a chart").rect;
            assert!(
                chart.height * 2 >= d.height,
                "{at}: the chart gave up its curve: {chart:?}"
            );
        } else {
            assert!(
                found.is_empty() && notes.scale == 1,
                "{at}: the note set big"
            );
            let formula = part("formula").expect("a formula");
            assert!(formula.scale >= 8, "{at}: the formula gave up its type");
        }
    }
}

/// On a wall a derivation's label says what its formula is in big
/// letters too: on the formula's own line at its size where the two fit
/// side by side (4.8 at 200x60), else over it where the card has the rows
/// (3.5 at 200x60 and 120x40), never left in the smallest type beside
/// letters eight rows tall.
#[test]
fn a_derivations_label_stands_big_with_its_formula() {
    use crate::ui::big::{Big, Size};
    for (scene, step, (w, h), label, size, inline) in [
        (4, 8, (200, 60), "fill at k*:", Size::Quadrant, true),
        (
            3,
            5,
            (200, 60),
            "one hash misses a bit:",
            Size::Sextant,
            false,
        ),
        (
            3,
            5,
            (120, 40),
            "one hash misses a bit:",
            Size::Sextant,
            false,
        ),
    ] {
        let at = format!("{w}x{h} {scene}.{step}");
        let app = present_in(Theme::MONO, "bloom", (scene, step), (w, h), false);
        let r = rect_of(&app.layout(), "formula");
        let buf = app.buffer();
        let found = find_big_at(&buf, label, size, (r.x, r.right()), (r.y, r.bottom()));
        assert_eq!(found.len(), 1, "{at}: the label not big once: {found:?}");
        let (x, y) = found[0];
        let rows: Vec<String> = (r.y..r.bottom())
            .map(|y| (r.x..r.right()).map(|x| buf[(x, y)].symbol()).collect())
            .collect();
        assert!(
            rows.iter().all(|row| !row.contains(label)),
            "{at}: the label said small too"
        );
        // The formula's letters start on the label's rows, right of it
        // (inline), or on the rows under it.
        let ink = |y: u16, from: u16| (from..r.right() - 1).any(|x| buf[(x, y)].symbol() != " ");
        let label_end = x + Big::line(label, size, u16::MAX).unwrap().width();
        if inline {
            assert!(ink(y + 1, label_end), "{at}: nothing beside the label");
        } else {
            assert!(
                !ink(y + 1, label_end + 1),
                "{at}: something beside the label"
            );
            assert!(ink(y + 3, r.x + 1), "{at}: nothing under the label");
        }
    }
}

/// A derivation shorter than its scene's longest stands in the middle of
/// its card rather than at the top of a half-empty frame (3.5 at 200x60
/// and 120x40, where the card keeps the rows of 3.8's two-line formula
/// and the lines under it).
#[test]
fn a_short_derivation_stands_in_the_middle_of_its_card() {
    for (w, h) in [(200, 60), (120, 40)] {
        let app = present_in(Theme::MONO, "bloom", (3, 5), (w, h), false);
        let r = rect_of(&app.layout(), "formula");
        let buf = app.buffer();
        let inked = |y: u16| (r.x + 1..r.right() - 1).any(|x| buf[(x, y)].symbol() != " ");
        let rows: Vec<u16> = (r.y + 1..r.bottom() - 1).filter(|&y| inked(y)).collect();
        let (first, last) = (rows[0], *rows.last().unwrap());
        let above = first - (r.y + 1);
        let below = (r.bottom() - 2) - last;
        // The big font leaves its letters' last row blank: a row's
        // difference either way.
        assert!(
            above.abs_diff(below) <= 2,
            "{w}x{h}: {above} above, {below} below"
        );
    }
}

/// Scene 4 walks the epsilon curve a hash at a time: before the question
/// at 4.5 ("is k = 10 better or worse than k = 7?") the curve runs only as
/// far as the probe, so the answer cannot be read off it, and before the
/// first probe nothing is drawn (nor named in the legend). Once the curve
/// is back at 4.6 it runs on past k = 10 to the axis's end.
#[test]
fn the_k_curve_is_walked_up_to_its_probe_before_the_question() {
    use crate::ui::theme::Role;
    let light = Theme::named("light").expect("a theme");
    let ink = |role| light.style(role).fg.expect("an ink");
    // The last column of the curve's ink above the probe stem's foot (the
    // legend stands under the axis), and the stem: the column with the
    // most cells in the probe's ink.
    let columns = |step| {
        let app = present_in(light, "bloom", (4, step), (200, 60), false);
        let chart = rect_of(&app.layout(), "chart");
        let buf = app.buffer();
        let inked =
            |x: u16, y: u16, role| buf[(x, y)].fg == ink(role) && buf[(x, y)].symbol() != " ";
        let across = chart.x..chart.right();
        let stem = across.clone().max_by_key(|&x| {
            (chart.y..chart.bottom())
                .filter(|&y| inked(x, y, Role::ProbeHit))
                .count()
        });
        let foot = stem
            .and_then(|x| {
                (chart.y..chart.bottom())
                    .rev()
                    .find(|&y| inked(x, y, Role::ProbeHit))
            })
            .unwrap_or(chart.bottom() - 1);
        let end = across
            .filter(|&x| (chart.y..=foot).any(|y| inked(x, y, Role::Idealised)))
            .max();
        (end, stem)
    };
    let (curve, _) = columns(1);
    assert_eq!(curve, None, "4.1: curve ink before the first probe");
    for step in [3, 4] {
        let (end, stem) = columns(step);
        assert!(
            end.is_some() && end <= stem,
            "4.{step}: curve to {end:?}, stem at {stem:?}"
        );
    }
    let (end, stem) = columns(6);
    assert!(
        end > stem.map(|s| s + 40),
        "4.6: curve to {end:?}, stem at {stem:?}"
    );
}
