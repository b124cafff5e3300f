//! `bloomlab render`: one screen drawn by the app's own code into an
//! off-screen buffer, returned as text.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

use crate::cli::CliError;
use crate::cli::args::RenderArgs;
use crate::ui::app::App;
use crate::ui::jobs::compute_now;
use crate::ui::theme::Theme;

/// Widest and tallest drawing `render` accepts.
pub const MAX_SIZE: u16 = 1000;

/// Builds the app state `args` describe, with every figure computed.
pub fn app_for(args: &RenderArgs, theme: Theme) -> Result<App, CliError> {
    let mut app = App::from_args(&args.app, theme)?;
    app.size = (args.width, args.height);
    if args.scene.is_some() || args.step.is_some() {
        let scene = args.scene.unwrap_or(1);
        let step = args.step.unwrap_or(1);
        app.lecture.step = app.lecture.lecture.step_index(scene, step)?;
    }
    compute_now(&mut app);
    Ok(app)
}

/// Draws `app` at `width` x `height` and returns the text, one line per row
/// with trailing spaces trimmed.
pub fn draw_text(app: &App, width: u16, height: u16) -> Result<String, CliError> {
    for (name, v) in [("width", width), ("height", height)] {
        if !(1..=MAX_SIZE).contains(&v) {
            return Err(CliError::Usage(format!(
                "--{name} {v} is out of range: {name} must be from 1 to {MAX_SIZE}"
            )));
        }
    }
    let mut terminal = Terminal::new(TestBackend::new(width, height))
        .map_err(|e| CliError::Runtime(format!("cannot draw: {e}")))?;
    let frame = terminal
        .draw(|f| f.render_widget(app, f.area()))
        .map_err(|e| CliError::Runtime(format!("cannot draw: {e}")))?;
    Ok(buffer_text(frame.buffer))
}

/// The symbols of a buffer as lines, trailing spaces trimmed.
pub fn buffer_text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in area.top()..area.bottom() {
        let mut line = String::new();
        let mut skip = 0usize;
        for x in area.left()..area.right() {
            // A wide glyph covers the next cell, which holds an empty symbol.
            if skip > 0 {
                skip -= 1;
                continue;
            }
            let symbol = buf[(x, y)].symbol();
            line.push_str(symbol);
            skip = unicode_width(symbol).saturating_sub(1);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn unicode_width(symbol: &str) -> usize {
    ratatui::text::Span::raw(symbol).width().max(1)
}
