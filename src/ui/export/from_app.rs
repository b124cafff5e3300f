//! The `e` key: the frame on screen saved as SVG and as text into the
//! export folder, under the name the screen gives it (the lecture's says
//! its scene and step), without ever replacing an earlier export.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::files::{shown, write_new};
use super::svg;
use crate::ui::app::App;
use crate::ui::render::buffer_text;
use crate::ui::status::Status;
use crate::ui::theme::{Depth, Theme};

/// Saves the frame on show and returns what the status line should say:
/// the file written, or why nothing was.
pub(crate) fn save(app: &mut App) -> Status {
    let Some(dir) = app.export_dir.clone() else {
        return Status::failed("export is off: no folder to export into was set");
    };
    let buf = draw_in_full_colour(app);
    let name = app.on_show().export_name(app.screen.title());
    let (stem, title) = (name.stem, name.title);
    let picture = svg::document(&buf, app.theme.palette, &title);
    let text = buffer_text(&buf);
    match write_new(
        &dir,
        &stem,
        &[("svg", picture.as_bytes()), ("txt", text.as_bytes())],
    ) {
        Ok(paths) => Status::done(format!(
            "exported {} and .txt",
            paths.first().map_or_else(String::new, |p| shown(p))
        )),
        Err(e) => Status::failed(format!("export failed: {e}")),
    }
}

/// The app as it stands, drawn at its size with the palette's exact colours
/// (the terminal may be showing their 16-colour stand-ins).
fn draw_in_full_colour(app: &mut App) -> Buffer {
    let on_screen = app.theme;
    app.theme = Theme {
        depth: Depth::TrueColor,
        ..on_screen
    };
    let area = Rect::new(0, 0, app.size.0, app.size.1);
    let mut buf = Buffer::empty(area);
    (&*app).render(area, &mut buf);
    app.theme = on_screen;
    buf
}
