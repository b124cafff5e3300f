//! The lecture as a handout holds it, whatever it is written as (the PDF,
//! the printable HTML page): each step once, as its board alone (no tab
//! bar, key footer, progress line or notes, cut to the rows it draws on)
//! and its narration once as prose; on a predict step the question, its
//! choices, and the answer with the narration that explains it.

use super::cells::Rgb;
use super::figure::Figure;
use crate::lecture::predict::{Solution, choice_key};
use crate::lecture::{Board, Lecture};
use crate::ui::config::FrameConfig;
use crate::ui::error::UiError;
use crate::ui::lecture::{boards_alone, narration::glyph_key};
use crate::ui::theme::{Palette, Role, Theme};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Columns each board is drawn at: the app's own default width, so the
/// figures are laid out as a teacher first sees them.
pub(crate) const FIGURE_COLUMNS: u16 = 100;
/// Rows the plan may grow the parts into beyond the fewest that fit them:
/// bits and charts a little taller than the smallest the screen allows.
const FIGURE_GROWTH: u16 = 3;

/// The whole handout.
#[derive(Debug, Clone)]
pub(crate) struct Handout {
    /// Its title: the lecture's first banner, else the script's name.
    pub title: String,
    /// The scenes' titles, in order.
    pub scenes: Vec<String>,
    /// Every step, in order.
    pub steps: Vec<PrintedStep>,
    /// The bit row's glyph key, drawn once for the whole handout.
    pub key: Figure,
}

/// One step as printed.
#[derive(Debug, Clone)]
pub(crate) struct PrintedStep {
    /// Scene, from 1.
    pub scene: usize,
    /// Step within the scene, from 1.
    pub step: usize,
    /// The board alone, or `None` when the step draws nothing.
    pub figure: Option<Figure>,
    /// The narration before any reveal, a string per paragraph.
    pub narration: Vec<String>,
    /// The prediction the class is asked for, with its answer.
    pub quiz: Option<Quiz>,
}

impl PrintedStep {
    /// `3.4`: the step as the app's progress line writes it.
    pub(crate) fn id(&self) -> String {
        format!("{}.{}", self.scene, self.step)
    }
}

/// A prediction, asked and answered.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Quiz {
    /// The question.
    pub question: String,
    /// The choices, each with its letter ("A", "probably present").
    pub choices: Vec<(char, String)>,
    /// The answer in words: "A, probably present", or the number and how
    /// close a guess must come.
    pub answer: String,
    /// The narration the reveal adds: why that is the answer.
    pub explanation: Vec<String>,
}

/// The handout of the lecture `frame` names (its script, or the built-in
/// one), drawn in `screen`'s colours with `print`'s for paper (the same
/// theme when `None`).
pub(crate) fn handout(
    frame: &FrameConfig,
    screen: Theme,
    print: Option<Theme>,
) -> Result<Handout, UiError> {
    let lecture = super::lecture::loaded(&frame.app, screen)?;
    let paper = paper_colour(print.unwrap_or(screen).palette);
    let mut steps = Vec::with_capacity(lecture.len());
    for scene in 0..lecture.scene_count() {
        let shown = boards_alone(&lecture, scene, FIGURE_COLUMNS, FIGURE_GROWTH, &screen);
        let printed =
            print.map(|p| boards_alone(&lecture, scene, FIGURE_COLUMNS, FIGURE_GROWTH, &p));
        let start = lecture.scene_start(scene);
        for (i, buf) in shown.iter().enumerate() {
            let other = printed.as_ref().and_then(|p| p.get(i));
            let mut figure = trimmed(Figure::new(
                (buf, screen.palette),
                other.zip(print).map(|(b, t)| (b, t.palette)),
            ));
            if let Some(f) = figure.as_mut() {
                f.background.print = paper;
            }
            let global = start + i;
            let board = lecture.step_board(global);
            steps.push(PrintedStep {
                scene: scene + 1,
                step: i + 1,
                figure,
                narration: board.narration.clone(),
                quiz: quiz(&lecture, global),
            });
        }
    }
    Ok(Handout {
        title: title(&lecture, frame),
        scenes: (0..lecture.scene_count())
            .map(|s| lecture.scene_title(s).to_string())
            .collect(),
        steps,
        key: key(screen, print),
    })
}

/// The paper a handout is printed on: white for a light palette (its
/// near-white background would print as a faint tint), the palette's own
/// background for a dark one.
pub(crate) fn paper_colour(palette: &Palette) -> Rgb {
    let (r, g, b) = palette.background;
    let light = 0.2126 * f32::from(r) + 0.7152 * f32::from(g) + 0.0722 * f32::from(b) > 200.0;
    if light {
        (255, 255, 255)
    } else {
        palette.background
    }
}

/// `figure` cut to the rows it draws on and without the blank columns at
/// its left (a card the screen puts in its right-hand column starts at the
/// margin on paper); `None` when it draws nothing.
fn trimmed(figure: Figure) -> Option<Figure> {
    let (first, end) = figure.used_rows()?;
    let rows = figure.rows(first, end);
    Some(rows.without_left(rows.blank_left()))
}

/// The handout's title: the first banner the lecture shows, else the
/// script's file name after "bloomlab lecture:".
pub(crate) fn title(lecture: &Lecture, frame: &FrameConfig) -> String {
    let banner = lecture
        .boards()
        .iter()
        .find_map(|b: &Board| b.banner.clone());
    let file = frame
        .app
        .script
        .as_deref()
        .and_then(|p| p.file_name())
        .map(|f| format!("bloomlab lecture: {}", f.to_string_lossy()));
    banner
        .or(file)
        .unwrap_or_else(|| "bloomlab lecture".to_string())
}

/// The prediction of step `global`, with its answer and explanation.
fn quiz(lecture: &Lecture, global: usize) -> Option<Quiz> {
    let revealed = lecture.revealed_board(global)?;
    let p = revealed.predict.as_ref()?;
    let answer = match &p.solution {
        Solution::Choice(i) => format!("{}, {}", choice_key(*i), p.answer_text()),
        Solution::Number {
            text, tolerance, ..
        } => format!(
            "{text} (a prediction within {} of it counts as right)",
            tolerance.text()
        ),
    };
    let asked = lecture.step_board(global).narration.len();
    Some(Quiz {
        question: p.question.clone(),
        choices: p
            .choices
            .iter()
            .enumerate()
            .map(|(i, c)| (choice_key(i), c.clone()))
            .collect(),
        answer,
        explanation: revealed.narration.iter().skip(asked).cloned().collect(),
    })
}

/// The bit row's glyph key as a one-row figure, in the row's hint colour.
fn key(screen: Theme, print: Option<Theme>) -> Figure {
    let text = glyph_key(true);
    let width = u16::try_from(ratatui::text::Span::raw(text.as_str()).width()).unwrap_or(80);
    let draw = |theme: &Theme| {
        let mut buf = Buffer::empty(Rect::new(0, 0, width, 1));
        buf.set_style(buf.area, theme.base());
        buf.set_string(0, 0, &text, theme.style(Role::Text));
        buf
    };
    let shown = draw(&screen);
    let printed = print.map(|t| draw(&t));
    let mut figure = Figure::new(
        (&shown, screen.palette),
        printed.as_ref().zip(print).map(|(b, t)| (b, t.palette)),
    );
    figure.background.print = paper_colour(print.unwrap_or(screen).palette);
    figure
}
