//! Every mark on the lecture board has its own glyph and legend entry, so
//! the board reads without colour: unread probes, the dashed levels, the
//! axes' ticks and the memory plot's lines.

use super::render_lecture as render;
use crate::lecture::Lecture;
use crate::ui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

const MONO: Theme = Theme::MONO;

fn screen(lecture: &Lecture, scene: u32, step: u32, w: u16, h: u16) -> Vec<String> {
    let global = lecture.step_index(scene, step).expect("step in range");
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    render(lecture, global, area, &mut buf, &MONO);
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect())
        .collect()
}

fn is_braille(c: char) -> bool {
    ('\u{2801}'..='\u{28FF}').contains(&c)
}

#[test]
fn unread_probes_have_their_own_glyph_and_key() {
    let l = Lecture::builtin();
    for step in [1, 2] {
        let lines = screen(&l, 3, step, 100, 30);
        let text = lines.join("\n");
        let row = lines
            .iter()
            .find(|t| t.trim_start().starts_with('│') && !t.contains('┼') && t.contains('█'))
            .expect("the bit row");
        assert!(
            !row.contains('▐'),
            "step {step}: unread probe drawn as read: {row}"
        );
        // Brackets, or in a cell three rows tall a dotted ring.
        assert!(
            row.contains('(') || row.contains('┆') || row.contains('┄'),
            "step {step}: no unread probe mark: {row}"
        );
        assert!(text.contains("( ) unread"), "step {step}: no key entry");
    }
    // Once read, the probes take the read brackets and the key drops "unread".
    let text = screen(&l, 3, 3, 100, 30).join("\n");
    assert!(text.contains('▐') && !text.contains("( ) unread"));
}

#[test]
fn plots_use_no_unlabelled_dots() {
    let l = Lecture::builtin();
    for scene in 1..=l.scene_count() as u32 {
        for step in 1..=l.scene_len(scene as usize - 1) as u32 {
            let lines = screen(&l, scene, step, 100, 30);
            let plot_rows: Vec<&String> = lines
                .iter()
                .filter(|t| t.starts_with('│') && t.chars().any(is_braille))
                .collect();
            for row in plot_rows {
                assert!(!row.contains('•'), "scene {scene} step {step}: {row}");
            }
        }
    }
}

#[test]
fn the_floor_is_dashed_keyed_and_on_the_curves_lowest_row() {
    let l = Lecture::builtin();
    let lines = screen(&l, 4, 7, 100, 30);
    assert!(
        lines
            .iter()
            .any(|t| t.contains("╍╍ minimum at k = 7 (rule 6.93)"))
    );
    let floor: Vec<usize> = (0..lines.len())
        .filter(|&y| lines[y].starts_with('│') && lines[y].contains('╍'))
        .collect();
    assert_eq!(floor.len(), 1, "one floor row:\n{}", lines.join("\n"));
    let lowest_curve_row = (0..lines.len())
        .filter(|&y| lines[y].starts_with('│') && lines[y].chars().any(is_braille))
        .max()
        .expect("curve drawn");
    assert_eq!(floor[0], lowest_curve_row, "{}", lines.join("\n"));
}

#[test]
fn log_axes_tick_on_decades_and_k_on_whole_numbers() {
    let l = Lecture::builtin();
    let text = screen(&l, 4, 1, 100, 30).join("\n");
    for tick in ["│0.1 ", "│0.01 ", "│0.001│"] {
        assert!(text.contains(tick), "no tick {tick:?}\n{text}");
    }
    assert!(!text.contains("8.5") && text.contains(" 8 "), "{text}");
    let bits = screen(&l, 4, 11, 100, 30).join("\n");
    let axis = bits
        .lines()
        .find(|t| t.contains(" 20 "))
        .expect("the bits axis labels");
    assert!(axis.contains("20 bits/item"), "{axis}");
}

#[test]
fn memory_plot_keeps_ram_exact_and_bloom_apart() {
    let l = Lecture::builtin();
    for (w, h) in [(80, 22), (80, 24), (100, 30), (120, 40)] {
        let lines = screen(&l, 1, 8, w, h);
        let floor = lines
            .iter()
            .position(|t| t.contains('▄') && t.starts_with("│0"))
            .unwrap_or_else(|| panic!("{w}x{h}: no Bloom bar on the floor"));
        let ram = lines
            .iter()
            .position(|t| t.contains('╍') && t.starts_with('│'))
            .unwrap_or_else(|| panic!("{w}x{h}: no RAM line"));
        assert!(ram < floor, "{w}x{h}: RAM line on the floor row");
        // The floor row reads "│0    │" then the plotting cells.
        let after_axis = lines[floor].split('│').nth(2).unwrap_or("");
        assert!(
            after_axis.starts_with(is_braille),
            "{w}x{h}: exact line hidden on the floor: {after_axis}"
        );
    }
}

#[test]
fn scene_five_shows_each_fact_at_its_own_step() {
    let l = Lecture::builtin();
    let text = |step| screen(&l, 5, step, 100, 30).join("\n");
    // The crawler's figures arrive with the table, at step 9.
    assert!(!text(8).contains("1.25 GB") && !text(8).contains("8.2 M"));
    assert!(text(9).contains("1.25 GB of filter") && text(9).contains("8.2 M"));
    // The verdict at step 3, the flag at step 4 where the script names it.
    assert!(text(3).contains("definitely absent") && !text(3).contains("FALSE NEGATIVE"));
    assert!(text(4).contains("FALSE NEGATIVE"));
}

#[test]
fn a_deletion_marks_only_the_deleted_owner() {
    use crate::ui::theme::Role;
    let l = Lecture::builtin();
    let light = Theme::named("light").expect("light");
    let alarm = light
        .style(Role::Bad)
        .fg
        .expect("light has an alarm colour");
    for step in 2..=4 {
        let global = l.step_index(5, step).expect("step in range");
        let area = Rect::new(0, 0, 100, 30);
        let mut buf = Buffer::empty(area);
        render(&l, global, area, &mut buf, &light);
        let line = |y: u16| (0..100).map(|x| buf[(x, y)].symbol()).collect::<String>();
        let y = (0..30)
            .find(|&y| line(y).contains("-x,y"))
            .unwrap_or_else(|| panic!("step {step}: bit 7 names x as deleted, y as kept"));
        let from = u16::try_from(line(y).find("-x,y").unwrap()).unwrap();
        let ink = |dx: u16| buf[(from + dx, y)].fg;
        // "-x" in the alarm ink, "+y" not: y is still in the set.
        assert_eq!((ink(0), ink(1)), (alarm, alarm), "step {step}");
        assert!(ink(2) != alarm && ink(3) != alarm, "step {step}");
        // Bits 2 and 11 were x's alone.
        assert_eq!(line(y).matches("-x").count(), 3, "step {step}: {}", line(y));
    }
    // Put back, the names are plain again.
    let text = screen(&l, 5, 5, 100, 30).join("\n");
    assert!(text.contains("x,y") && !text.contains("-x"), "{text}");
}

#[test]
fn a_cleared_bit_is_an_empty_cell_in_a_heavy_frame() {
    let l = Lecture::builtin();
    for (w, h) in [(80, 24), (100, 30), (120, 40)] {
        let lines = screen(&l, 5, 2, w, h);
        let top = lines
            .iter()
            .position(|t| t.contains('┌'))
            .expect("the row's frame");
        // Three framed cells (2, 7, 11), nothing drawn inside them.
        assert_eq!(
            lines[top].matches('┲').count(),
            3,
            "{w}x{h}: {}",
            lines[top]
        );
        // Every row of the cells: the three cleared ones between heavy
        // bars, and nothing inside them.
        for inside in lines[top + 1..].iter().take_while(|t| !t.contains('└')) {
            let chars: Vec<char> = inside.chars().collect();
            let bars: Vec<usize> = (0..chars.len()).filter(|&i| chars[i] == '┃').collect();
            assert_eq!(bars.len(), 6, "{w}x{h}: {inside}");
            for pair in bars.chunks(2) {
                let cell: String = chars[pair[0] + 1..pair[1]].iter().collect();
                assert!(cell.trim().is_empty(), "{w}x{h}: {inside}");
                assert!(!cell.is_empty(), "{w}x{h}: {inside}");
            }
        }
    }
}

#[test]
fn the_table_keeps_its_ratio_when_there_is_room() {
    let l = Lecture::builtin();
    for (w, h) in [(80, 24), (100, 30), (160, 50)] {
        let text = screen(&l, 1, 6, w, h).join("\n");
        assert!(text.contains("(51x smaller)"), "{w}x{h}:\n{text}");
    }
}

/// Scene 1 marks where the exact set fills the RAM (1.5); the bar and its
/// legend entry stay for the scene's later steps, which never hide the
/// exact or the RAM line, in both modes.
#[test]
fn the_crossing_stays_marked_for_the_rest_of_scene_one() {
    let l = Lecture::builtin();
    for present in [false, true] {
        for step in 5..=l.scene_len(0) {
            let global = l.step_index(1, step as u32).expect("step in range");
            let mut app = crate::ui::app::App::new(crate::ui::screen::Screen::Lecture, MONO);
            app.screens.lecture = crate::ui::lecture::tab::LectureTab::with(l.clone());
            app.screens.lecture.step = global;
            app.present = present;
            let text = super::draw_text(&app, 120, 40).expect("valid size");
            assert!(
                text.contains("█ full at 125 M"),
                "present {present} step 1.{step}: no crossing in the legend\n{text}"
            );
            // The bar stands from the floor up to the RAM line: a column
            // of blocks on at least two rows of the memory chart (whose
            // lines are too shallow to stack two blocks).
            let lines: Vec<Vec<char>> = text.lines().map(|t| t.chars().collect()).collect();
            let top = lines
                .iter()
                .position(|t| t.iter().collect::<String>().contains("memory to remember"))
                .expect("the memory chart");
            let bottom = (top..lines.len())
                .find(|&y| lines[y].first() == Some(&'└'))
                .expect("the chart's frame");
            let tallest = (0..120)
                .map(|x| {
                    (top..bottom)
                        .filter(|&y| lines[y].get(x) == Some(&'█'))
                        .count()
                })
                .max()
                .unwrap_or(0);
            assert!(
                tallest >= 2,
                "present {present} step 1.{step}: no bar\n{text}"
            );
        }
    }
}

/// The RAM line reads from the back of a room in every theme: on a
/// projector a dash a third of a row thick (drawn as such in pictures),
/// in ink unlike the background, across most of the plot.
#[test]
fn the_ram_line_is_thick_in_every_theme() {
    use crate::ui::chart::level_glyph;
    use crate::ui::export::shapes::{CELL_H, Shape, shapes};
    use ratatui::style::{Color, Modifier};
    let glyph = level_glyph(true);
    let thick = shapes(glyph)
        .expect("drawn as a shape")
        .iter()
        .all(|s| matches!(s, Shape::Rect([_, _, _, h]) if *h >= CELL_H / 4.0));
    assert!(thick, "{glyph:?} is thinner than a quarter of a row");
    let l = Lecture::builtin();
    let global = l.step_index(1, 6).expect("step in range");
    for &palette in crate::ui::theme::palettes::PALETTES {
        let theme = Theme::new(palette);
        let mut app = crate::ui::app::App::new(crate::ui::screen::Screen::Lecture, theme);
        app.screens.lecture = crate::ui::lecture::tab::LectureTab::with(l.clone());
        app.screens.lecture.step = global;
        app.present = true;
        let area = Rect::new(0, 0, 120, 40);
        let mut buf = Buffer::empty(area);
        ratatui::widgets::Widget::render(&app, area, &mut buf);
        let name = palette.name;
        let row = (0..40)
            .map(|y| {
                let cells: Vec<_> = (0..120)
                    .filter(|&x| buf[(x, y)].symbol().starts_with(glyph))
                    .collect();
                (y, cells)
            })
            .max_by_key(|(_, cells)| cells.len())
            .expect("rows");
        assert!(
            row.1.len() >= 60,
            "{name}: the RAM line covers {} cells",
            row.1.len()
        );
        // A coloured theme draws it in a colour of its own; mono in the
        // terminal's own ink on its own background.
        let bg = theme.base().bg.unwrap_or(Color::Reset);
        for x in row.1 {
            let cell = &buf[(x, row.0)];
            assert!(
                (cell.fg != bg || bg == Color::Reset) && !cell.modifier.contains(Modifier::DIM),
                "{name}: the RAM line is faint: {cell:?} on {bg:?}"
            );
        }
    }
}

/// The bits axis reads 0, 10 and 20 (not 2, 11 and 20), and the probe at
/// 10 bits per item stands over the middle tick.
#[test]
fn the_bits_axis_ticks_are_round_and_the_probe_stands_on_its_own() {
    let l = Lecture::builtin();
    let lines = screen(&l, 4, 10, 100, 30);
    let chart = |t: &String| t.split('│').nth(1).map(str::to_string);
    let ticks = lines
        .iter()
        .filter_map(chart)
        .find(|t| t.split_whitespace().next() == Some("0"))
        .expect("the x ticks");
    let words: Vec<&str> = ticks.split_whitespace().collect();
    assert_eq!(words[..3], ["0", "10", "20"], "{ticks}");
    let ten = ticks.chars().position(|c| c == '1').expect("10");
    // The stem, one column of full blocks inside the plot (after the y
    // axis's own bar).
    let stem = lines
        .iter()
        .filter(|t| t.starts_with('│'))
        .find_map(|t| t.chars().position(|c| c == '█'))
        .expect("the probe's stem");
    // The tick's text starts a column after the frame's bar.
    let centre = ten + 1;
    assert!(stem.abs_diff(centre) <= 1, "stem at {stem}, 10 at {centre}");
}
