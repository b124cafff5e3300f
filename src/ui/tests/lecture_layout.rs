//! The lecture board's layout holds still and keeps its charts readable:
//! at every size a classroom uses, every chart on every step is tall enough
//! to read, charts keep one height through a scene, and the bit row never
//! moves up or down between the steps of a scene.

use super::render_lecture as render;
use crate::lecture::Lecture;
use crate::ui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

const MONO: Theme = Theme::MONO;

/// Sizes checked: the app's lecture area at 80x24 (80x22), a bare 80x24,
/// and the usual larger terminals.
const SIZES: [(u16, u16); 4] = [(80, 22), (80, 24), (100, 30), (120, 40)];

/// Fewest rows a chart's frame may take (six plotting rows inside it).
const MIN_CHART_ROWS: usize = 10;

/// Titles that open the chart frames.
const CHART_TITLES: [&str; 6] = [
    "memory to remember",
    "P0, the chance",
    "P0 against n",
    "fill P1",
    "epsilon against k",
    "epsilon at the best k",
];

fn lines(lecture: &Lecture, global: usize, w: u16, h: u16) -> Vec<Vec<String>> {
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    render(lecture, global, area, &mut buf, &MONO);
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect())
        .collect()
}

/// Height of every chart frame on the screen, by title.
fn chart_heights(screen: &[Vec<String>]) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    for (top, row) in screen.iter().enumerate() {
        let text: String = row.concat();
        for title in CHART_TITLES {
            let Some(byte) = text.find(&format!(" {title}")) else {
                continue;
            };
            // The corner is the cell just before the title's leading space.
            let col = text[..byte].chars().count() - 1;
            let corner = &row[col];
            assert!(
                corner == "┌" || corner == "╔",
                "chart {title:?} has no frame corner: {text}"
            );
            let bottom = (top + 1..screen.len())
                .find(|&y| screen[y][col] == "└" || screen[y][col] == "╚")
                .unwrap_or_else(|| panic!("chart {title:?} has no bottom corner"));
            found.push((title.to_string(), bottom - top + 1));
        }
    }
    found
}

/// Screen row of the bit row's top line (its cells' frame), if drawn.
fn row_top(screen: &[Vec<String>]) -> Option<usize> {
    screen.iter().position(|row| {
        let text: String = row.concat();
        let t = text.trim_start();
        t.starts_with('┌') && t.contains('┬')
    })
}

#[test]
fn charts_stay_tall_and_steady_and_the_row_holds_still() {
    let lecture = Lecture::builtin();
    let mut problems = Vec::new();
    for (w, h) in SIZES {
        for scene in 0..lecture.scene_count() {
            let start = lecture.scene_start(scene);
            let mut chart_rows: Option<(usize, usize)> = None;
            let mut row: Option<(usize, usize)> = None;
            for step in 0..lecture.scene_len(scene) {
                let screen = lines(&lecture, start + step, w, h);
                let at = format!("{w}x{h} scene {} step {}", scene + 1, step + 1);
                for (title, rows) in chart_heights(&screen) {
                    if rows < MIN_CHART_ROWS {
                        problems.push(format!("{at}: chart {title:?} only {rows} rows"));
                    }
                    match chart_rows {
                        Some((first, from)) if first != rows => problems.push(format!(
                            "{at}: chart {title:?} {rows} rows, step {} had {first}",
                            from + 1
                        )),
                        None => chart_rows = Some((rows, step)),
                        _ => {}
                    }
                }
                if let Some(top) = row_top(&screen) {
                    match row {
                        Some((first, from)) if first != top => problems.push(format!(
                            "{at}: bit row at line {top}, step {} had it at {first}",
                            from + 1
                        )),
                        None => row = Some((top, step)),
                        _ => {}
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
