//! The lecture board drawn into an off-screen buffer, checked as text.

use bloomlab::lecture::Lecture;
use bloomlab::ui::lecture_view::render;
use bloomlab::ui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

fn draw(lecture: &Lecture, scene: u32, step: u32, w: u16, h: u16) -> String {
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    let global = lecture.step_index(scene, step).unwrap();
    render(lecture, global, area, &mut buf, &Theme { color: false });
    let mut out = String::new();
    for y in 0..h {
        let mut line = String::new();
        for x in 0..w {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[test]
fn eyeball() {
    let l = Lecture::builtin();
    let which: Vec<(u32, u32)> = std::env::var("STEPS")
        .unwrap_or_default()
        .split(',')
        .filter_map(|s| s.split_once('.'))
        .map(|(a, b)| (a.parse().unwrap(), b.parse().unwrap()))
        .collect();
    let size: Vec<u16> = std::env::var("SIZE")
        .unwrap_or("80x24".into())
        .split('x')
        .map(|v| v.parse().unwrap())
        .collect();
    for (s, t) in which {
        println!("=== {s}.{t}\n{}", draw(&l, s, t, size[0], size[1]));
    }
}
