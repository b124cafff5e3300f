//! The lecture board drawn by `lecture_view::render` into an off-screen
//! buffer: snapshots of key steps at 80x24 and 120x40, and every step at
//! every size drawn without a panic and with the progress line right.

use super::render_lecture as render;
use crate::lecture::Lecture;
use crate::ui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;

const MONO: Theme = Theme::MONO;

/// Draws scene `scene`, step `step` (from 1) through a `TestBackend` terminal.
fn frame(lecture: &Lecture, scene: u32, step: u32, w: u16, h: u16) -> TestBackend {
    let global = lecture.step_index(scene, step).expect("step in range");
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    terminal
        .draw(|f| render(lecture, global, f.area(), f.buffer_mut(), &MONO))
        .expect("draw");
    terminal.backend().clone()
}

fn text_of(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in 0..area.height {
        let mut line = String::new();
        for x in 0..area.width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn draw(lecture: &Lecture, global: usize, w: u16, h: u16, theme: &Theme) -> Buffer {
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    render(lecture, global, area, &mut buf, theme);
    buf
}

#[test]
fn snapshots_at_80x24() {
    let l = Lecture::builtin();
    for (scene, step) in [
        (1, 6),
        (2, 7),
        (2, 9),
        (3, 3),
        (3, 8),
        (4, 7),
        (5, 3),
        (5, 7),
    ] {
        let name = format!("lecture_80x24_s{scene}_t{step}");
        insta::assert_snapshot!(name, frame(&l, scene, step, 80, 24));
    }
}

#[test]
fn snapshots_at_120x40() {
    let l = Lecture::builtin();
    for (scene, step) in [(1, 7), (3, 3), (3, 10), (5, 9)] {
        let name = format!("lecture_120x40_s{scene}_t{step}");
        insta::assert_snapshot!(name, frame(&l, scene, step, 120, 40));
    }
}

/// At 80x24 a step's narration is shown whole, or the screen says how many
/// lines are left and that z shows them; z's text view then shows it all.
#[test]
fn every_step_at_80x24_shows_its_narration_or_says_how_to_read_it() {
    let l = Lecture::builtin();
    let mut collapsed = 0;
    // 80x22 is what is left inside the app's tab bar and status line.
    for (global, rows) in (0..l.len()).flat_map(|g| [(g, 24), (g, 22)]) {
        let (scene, step) = l.locate(global);
        let text = text_of(&draw(&l, global, 80, rows, &MONO));
        let first = text.lines().next().unwrap_or("");
        assert!(
            first.contains(&format!("Scene {} of 5", scene + 1)),
            "{first}"
        );
        assert!(
            first.contains(&format!("step {} of {}", step + 1, l.scene_len(scene))),
            "{first}"
        );
        let board = l.board(global);
        let words: Vec<&str> = board
            .narration
            .iter()
            .flat_map(|p| p.split_whitespace())
            .collect();
        let shown = text.split_whitespace().collect::<Vec<_>>();
        let whole = shown.windows(words.len()).any(|w| w == words.as_slice());
        if !whole {
            collapsed += 1;
            assert!(
                text.contains("press z"),
                "narration cut silently at {}.{}:\n{text}",
                scene + 1,
                step + 1
            );
            let mut tab = crate::ui::lecture::tab::LectureTab::with(l.clone());
            tab.step = global;
            tab.text_view = true;
            let area = Rect::new(0, 0, 80, rows);
            let mut buf = Buffer::empty(area);
            crate::ui::lecture::render(
                &tab,
                crate::ui::lecture::Shown::default(),
                area,
                &mut buf,
                &MONO,
            );
            let view = text_of(&buf);
            let viewed: Vec<&str> = view.split_whitespace().collect();
            assert!(
                viewed.windows(words.len()).any(|w| w == words.as_slice()),
                "the text view of {}.{} lacks the narration:\n{view}",
                scene + 1,
                step + 1
            );
        }
    }
    // Most steps keep their narration on the board's own screen.
    assert!(
        collapsed * 4 < l.len() * 2,
        "{collapsed} of {} collapsed",
        l.len() * 2
    );
}

#[test]
fn every_step_draws_at_every_size() {
    let l = Lecture::builtin();
    let sizes = [
        (80, 24),
        (100, 30),
        (120, 40),
        (200, 60),
        (60, 16),
        (59, 30),
        (80, 15),
        (1, 1),
        (300, 100),
    ];
    for global in 0..l.len() {
        for (w, h) in sizes {
            let text = text_of(&draw(&l, global, w, h, &MONO));
            if w < 60 || h < 16 {
                assert!(text.contains("needs at least") || w < 20, "{w}x{h}");
            }
        }
    }
}

#[test]
fn draws_inside_an_offset_area_only() {
    let l = Lecture::builtin();
    let mut buf = Buffer::empty(Rect::new(0, 0, 100, 30));
    let area = Rect::new(10, 3, 80, 24);
    render(&l, l.step_index(3, 3).unwrap(), area, &mut buf, &MONO);
    for y in 0..30 {
        for x in 0..100 {
            if !area.contains((x, y).into()) {
                assert_eq!(buf[(x, y)].symbol(), " ", "drew outside at {x},{y}");
            }
        }
    }
}

/// The first line of the bit row's cells (between its top and bottom frame).
fn cell_line(text: &str) -> &str {
    let lines: Vec<&str> = text.lines().collect();
    let top = lines
        .iter()
        .position(|l| l.contains('┌'))
        .expect("the row's frame is drawn");
    // The middle row of the cells: a probe drawn as a ring shows its
    // sides and glyph there.
    let bottom = lines[top..]
        .iter()
        .position(|l| l.contains('┴'))
        .map_or(top + 2, |b| top + b);
    lines[(top + bottom) / 2]
}

#[test]
fn states_differ_by_glyph_and_colour() {
    let l = Lecture::builtin();
    // Scene 5 step 3: cleared cells, a probe that hit, a probe that missed.
    let global = l.step_index(5, 3).unwrap();
    let mono = text_of(&draw(&l, global, 80, 24, &MONO));
    let row = cell_line(&mono);
    // A cleared bit is an empty cell in a heavy frame, not a filled one.
    assert!(
        row.contains("┃   ┃"),
        "cleared bit, empty and framed: {row}"
    );
    assert!(!row.contains('×'), "no cleared fill: {row}");
    assert!(row.contains("▐█▌"), "probe hit glyph: {row}");
    assert!(
        row.contains("┃▐ ▌┃"),
        "probe on a cleared bit reads 0: {row}"
    );
    assert!(row.contains(" █ "), "plain set glyph: {row}");
    let coloured = draw(&l, global, 80, 24, &Theme::DARK16);
    let mono_buf = draw(&l, global, 80, 24, &MONO);
    let has_colour = |b: &Buffer| b.content.iter().any(|c| c.fg != Color::Reset);
    assert!(has_colour(&coloured));
    assert!(!has_colour(&mono_buf), "NO_COLOR draws without colours");
    // Shared bit 7 after y is inserted has its own glyph.
    let shared = text_of(&draw(&l, l.step_index(2, 6).unwrap(), 80, 24, &MONO));
    assert!(cell_line(&shared).contains('▓'));
}

#[test]
fn skipped_probes_keep_their_cells_and_say_not_needed() {
    let l = Lecture::builtin();
    // Scene 2 step 9: w reads bit 0 (a 0) and never reads its set bits 9, 14.
    let text = text_of(&draw(&l, l.step_index(2, 9).unwrap(), 100, 30, &MONO));
    let row = cell_line(&text);
    let cells: Vec<&str> = row.split('│').skip(1).collect();
    assert!(cells[0].contains('▐') && cells[0].contains('▌'), "{row}");
    // A bit nobody read is drawn as it stands: set, with no probe mark.
    let plain_set = cells[1];
    for skipped in [9, 14] {
        assert_eq!(cells[skipped], plain_set, "bit {skipped}: {row}");
    }
    assert!(!row.contains('┊'), "{row}");
    // Only its label says it was skipped.
    let labels = text
        .lines()
        .find(|t| t.contains("h1"))
        .expect("the probe labels");
    assert!(
        labels.contains("h2 not needed") && labels.contains("h3 not needed"),
        "{labels}"
    );
    // And no colour makes it a third state: its cell has the set bit's ink.
    for theme in [Theme::DARK16, Theme::named("light").expect("light")] {
        let buf = draw(&l, l.step_index(2, 9).unwrap(), 100, 30, &theme);
        let y = (0..30)
            .find(|&y| (0..100).any(|x| buf[(x, y)].symbol() == "▐"))
            .expect("the probed row");
        let inks: Vec<Color> = (0..100)
            .filter(|&x| buf[(x, y)].symbol() == "█")
            .map(|x| buf[(x, y)].fg)
            .collect();
        assert!(inks.windows(2).all(|w| w[0] == w[1]), "{inks:?}");
    }
}

#[test]
fn out_of_range_steps_are_usage_errors() {
    let l = Lecture::builtin();
    let e = l.step_index(6, 1).unwrap_err();
    assert!(e.to_string().contains("scenes 1 to 5"), "{e}");
    let e = l.step_index(2, 11).unwrap_err();
    assert!(e.to_string().contains("scene 2 has steps 1 to 10"), "{e}");
    assert!(l.step_index(1, 0).is_err());
    assert!(l.board_for(5, 11).is_ok());
    let e = l.step_index(3, 12).unwrap_err();
    assert!(e.to_string().starts_with("step 12 is out of range"), "{e}");
}

#[test]
fn crowded_and_teacher_scripts_draw_at_every_size() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts");
    for name in ["stress.txt", "teacher.txt"] {
        let l = Lecture::from_file(&dir.join(name)).expect("script loads");
        for global in 0..l.len() {
            for (w, h) in [
                (80, 24),
                (60, 16),
                (120, 40),
                (200, 60),
                (61, 50),
                (250, 20),
            ] {
                let text = text_of(&draw(&l, global, w, h, &MONO));
                assert!(
                    text.lines().next().unwrap_or("").contains("Scene 1 of")
                        || text.lines().next().unwrap_or("").contains("Scene 2 of")
                );
            }
        }
    }
}

#[test]
fn emphasis_is_drawn_with_modifiers() {
    use ratatui::style::Modifier;
    let l = Lecture::builtin();
    // Scene 3 step 10 emphasises "kn" in the derivation.
    let buf = draw(&l, l.step_index(3, 10).unwrap(), 80, 24, &MONO);
    let underlined: String = buf
        .content
        .iter()
        .filter(|c| c.modifier.contains(Modifier::UNDERLINED))
        .map(|c| c.symbol())
        .collect();
    assert!(underlined.contains("kn"), "{underlined}");
    // Scene 3 step 3 emphasises the flag: drawn reversed.
    let buf = draw(&l, l.step_index(3, 3).unwrap(), 80, 24, &MONO);
    let reversed: String = buf
        .content
        .iter()
        .filter(|c| c.modifier.contains(Modifier::REVERSED))
        .map(|c| c.symbol())
        .collect();
    assert!(reversed.contains("FALSE POSITIVE"), "{reversed}");
}

/// Present mode at 200x60 on scene `scene`, step `step`.
fn present_frame(scene: u32, step: u32, revealed: bool) -> crate::ui::config::FrameConfig {
    use crate::ui::config::{AppConfig, FrameConfig};
    FrameConfig {
        app: AppConfig {
            present: true,
            ..AppConfig::default()
        },
        scene: Some(scene),
        step: Some(step),
        width: 200,
        height: 60,
        revealed,
    }
}

/// Every style (colour and weight) drawn in the big verdict's call (its
/// first line of letters, not the reason under it) in a present-mode
/// frame, each written out so sets of them compare.
fn big_verdict_inks(
    scene: u32,
    step: u32,
    revealed: bool,
    theme: Theme,
) -> std::collections::BTreeSet<String> {
    let cells = part_cells(scene, step, revealed, theme, "verdict");
    let top = cells.iter().map(|c| c.3).min().unwrap_or(0);
    cells
        .into_iter()
        .filter(|c| c.3 + 1 < top + c.2)
        .map(|(fg, modifier, ..)| format!("{fg:?} {modifier:?}"))
        .collect()
}

/// The colour, weight and scale of every drawn cell of the part of `kind`
/// in a present-mode frame at 200x60, with the cell's row.
fn part_cells(
    scene: u32,
    step: u32,
    revealed: bool,
    theme: Theme,
    kind: &str,
) -> Vec<(Color, ratatui::style::Modifier, u16, u16)> {
    use crate::ui::headless::Headless;
    let app = Headless::with_theme(&present_frame(scene, step, revealed), theme).expect("draws");
    let buf = app.buffer();
    let part = app
        .layout()
        .parts
        .into_iter()
        .find(|p| p.kind.name() == kind)
        .unwrap_or_else(|| panic!("{scene}.{step}: no {kind}"));
    let r = part.rect;
    (r.y..r.bottom())
        .flat_map(|y| (r.x..r.right()).map(move |x| (x, y)))
        .filter(|&(x, y)| buf[(x, y)].symbol() != " ")
        .map(|(x, y)| (buf[(x, y)].fg, buf[(x, y)].modifier, part.scale, y))
        .collect()
}

/// A style written out as [`big_verdict_inks`] writes the ones it finds.
fn one_ink(style: ratatui::style::Style) -> std::collections::BTreeSet<String> {
    std::iter::once(format!(
        "{:?} {:?}",
        style.fg.unwrap_or(Color::Reset),
        style.add_modifier
    ))
    .collect()
}

/// Present mode's big letters over a wrong answer are in the alarm ink as
/// soon as the answer shows, named or not, and say "wrong" in words for a
/// screen without colour.
#[test]
fn a_wrong_verdict_looks_wrong_in_big_letters() {
    use crate::ui::headless::Headless;
    use crate::ui::theme::Role;
    let light = Theme::named("light").expect("light");
    let alarm = one_ink(light.style(Role::Bad));
    // 5.3 revealed: "definitely absent" about y, which is in the set.
    assert_eq!(
        big_verdict_inks(5, 3, true, light),
        alarm,
        "the unnamed false negative"
    );
    assert_eq!(
        big_verdict_inks(5, 4, false, light),
        alarm,
        "the named false negative"
    );
    // In mono the words carry it.
    let mono = Headless::with_theme(&present_frame(5, 3, true), MONO)
        .expect("draws")
        .layout();
    let verdict = mono
        .parts
        .iter()
        .find(|p| p.kind.name() == "verdict")
        .expect("the big verdict");
    assert_eq!(verdict.text, ["FILTER WRONG: DEFINITELY ABSENT"]);
    let plain = Headless::with_theme(&present_frame(5, 3, true), MONO)
        .expect("draws")
        .text();
    // The line under the query leaves the call to the big letters, and
    // the reason to the question, which states it ("y is still in the
    // set"): said once.
    assert!(!plain.contains("y is in the set"), "{plain}");
    let question = mono.parts.iter().find(|p| p.kind.name() == "predict");
    assert!(question.is_some_and(|q| {
        q.text
            .iter()
            .any(|t| t.starts_with("y is still in the set"))
    }));
    assert!(!plain.contains("✗ WRONG"), "{plain}");
}

/// A right answer in big letters takes its verdict's own ink (the one the
/// small verdict under the row takes) in every theme, so "probably
/// present" (2.8) and "definitely absent" (2.9) never look alike where the
/// theme has colour; a wrong one keeps the alarm ink whatever it says.
#[test]
fn each_big_verdict_has_its_own_ink_in_every_theme() {
    use crate::lecture::Verdict;
    use crate::ui::theme::Role;
    use crate::ui::theme::verdict_role;
    for name in ["dark", "light", "high-contrast", "mono"] {
        let theme = Theme::named(name).expect("a theme");
        let present = big_verdict_inks(2, 8, false, theme);
        let absent = big_verdict_inks(2, 9, false, theme);
        let hit = one_ink(theme.style(verdict_role(Verdict::ProbablyPresent)));
        let miss = one_ink(theme.style(verdict_role(Verdict::DefinitelyAbsent)));
        assert_eq!(present, hit, "{name}: probably present");
        assert_eq!(absent, miss, "{name}: definitely absent");
        if hit != miss {
            assert_ne!(present, absent, "{name}: the two answers alike");
        }
        let alarm = one_ink(theme.style(Role::Bad));
        if name != "mono" {
            assert_ne!(absent, alarm, "{name}: a right answer in the alarm ink");
        }
        assert_eq!(big_verdict_inks(5, 3, true, theme), alarm, "{name}: 5.3");
        assert_eq!(big_verdict_inks(5, 4, false, theme), alarm, "{name}: 5.4");
    }
}

/// Once a question is revealed in present mode, the big choice that is
/// the answer is pointed out in its own ink in every coloured theme: never
/// the "good" ink (at 5.3 the answer is the filter's wrong call, drawn in
/// the alarm ink just above), never the alarm ink, and never the ink of
/// "probably present", which the emphasis ink was in three palettes.
#[test]
fn a_revealed_answer_in_big_letters_is_not_in_the_good_ink() {
    use crate::lecture::Verdict;
    use crate::ui::lecture::cards::ANSWER_INK;
    use crate::ui::theme::Role;
    use crate::ui::theme::verdict_role;
    for name in ["dark", "light", "high-contrast"] {
        let theme = Theme::named(name).expect("a theme");
        let ink = |role| theme.style(role).fg;
        let answer = ink(ANSWER_INK);
        let hit = ink(verdict_role(Verdict::ProbablyPresent));
        let others = [ink(Role::Good), ink(Role::Bad), hit];
        assert!(!others.contains(&answer), "{name}: the answer's ink");
        for (scene, step) in [(3, 3), (4, 5), (5, 3)] {
            let cells = part_cells(scene, step, true, theme, "predict");
            let case = format!("{name} {scene}.{step}");
            assert!(cells.iter().all(|c| c.2 > 1), "{case}: the card is big");
            let inks: Vec<_> = cells.iter().map(|c| Some(c.0)).collect();
            assert!(!inks.contains(&ink(Role::Good)), "{case}: the good ink");
            assert!(inks.contains(&answer), "{case}: no answer ink");
        }
    }
}
