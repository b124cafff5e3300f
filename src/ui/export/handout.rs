//! The whole lecture as one HTML page that is a stepper on screen and the
//! handout on paper. It holds what the PDF holds (see [`super::printed`]):
//! the title, the contents and the bit row's key; each scene under its
//! heading; each step's board alone, its narration once, and on a predict
//! step the question, its choices and the answer with its explanation.
//!
//! On screen the script shows one step at a time with the app's keys (a
//! prediction's answer waits for the next key, as in the app); without
//! the script every step is on the page. Printed, the style sheet shows
//! everything, in the print palette's colours (light unless a theme was
//! named), without the buttons, each scene from a new sheet.

use std::fmt::Write;

use super::cells::hex;
use super::figure::Figure;
use super::html::{colours_css, head};
use super::markup::escape;
use super::printed::{FIGURE_COLUMNS, Handout, PrintedStep, Quiz};
use super::svg::{BASE_CSS, Classes, element};
use crate::ui::theme::Palette;

/// Layout and print rules of the page.
const CSS: &str = include_str!("handout.css");
/// Stepping: keys, buttons, `#3.4` in the address, the position shown.
const SCRIPT: &str = include_str!("handout.js");

/// The page for `handout`, in `screen`'s colours on screen and `print`'s
/// on paper.
pub(crate) fn document(handout: &Handout, screen: &Palette, print: &Palette) -> String {
    let mut classes = Classes::default();
    let mut scenes = String::new();
    let mut steps = handout.steps.iter().peekable();
    for (i, title) in handout.scenes.iter().enumerate() {
        let n = i + 1;
        let _ = writeln!(
            scenes,
            "<section class=\"scene\" id=\"scene-{n}\" data-scene=\"{n}\">\n\
             <h2>Scene {n} &#183; {}</h2>",
            escape(title)
        );
        while let Some(step) = steps.next_if(|s| s.scene == n) {
            section(&mut scenes, step, &mut classes);
        }
        scenes.push_str("</section>\n");
    }
    let key = element(&handout.key, "The bit row's key", &mut classes);
    let css = format!(
        "{}{}{CSS}{BASE_CSS}{}",
        colours_css(screen),
        print_colours(print),
        classes.css()
    );
    format!(
        "{}<body>\n<header class=\"top\">\n<h1>{title}</h1>\n\
         <p class=\"sub\">A printed handout of the bloomlab lecture</p>\n<p>{}</p>\n{}\
         <section class=\"key\">\n<h2>Reading the bit row</h2>\n<p>Where a figure shows the \
         row of bits, each bit is marked by its shape as well as its colour:</p>\n\
         {}{key}</figure>\n</section>\n</header>\n{}<main>\n{scenes}</main>\n\
         <script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        head(&handout.title, &css),
        escape(&summary(handout)),
        contents(handout),
        figure_open(&handout.key),
        controls(handout.steps.len()),
        title = escape(&handout.title),
    )
}

/// A figure's start tag, with its share of the text's width for the print
/// rules: on paper every figure is drawn at one scale, a figure of
/// [`FIGURE_COLUMNS`] columns as wide as the text.
fn figure_open(figure: &Figure) -> String {
    let share = f32::from(figure.cols) * 100.0 / f32::from(FIGURE_COLUMNS);
    format!("<figure style=\"--share:{share:.2}%\">\n")
}

/// The page's colours on paper.
fn print_colours(print: &Palette) -> String {
    let paper = super::printed::paper_colour(print);
    format!(
        "@media print{{:root{{--bg:{};--fg:{}}}}}\n",
        hex(paper),
        hex(print.foreground)
    )
}

/// What the handout holds, in a sentence or two.
fn summary(handout: &Handout) -> String {
    let predictions = handout.steps.iter().filter(|s| s.quiz.is_some()).count();
    format!(
        "{} scenes and {} steps. Each step shows the board as the lecture draws it, \
         then what the teacher says. {}",
        handout.scenes.len(),
        handout.steps.len(),
        match predictions {
            0 => "There are no predictions to make.".to_string(),
            1 => "The one prediction the class is asked for comes with its answer.".to_string(),
            n => format!("The {n} predictions the class is asked for come with their answers."),
        }
    )
}

/// The contents: each scene's title, linking to its first step.
fn contents(handout: &Handout) -> String {
    let mut out =
        String::from("<nav class=\"scenes\" aria-label=\"Scenes\">\n<h2>Contents</h2>\n<ol>\n");
    for (i, title) in handout.scenes.iter().enumerate() {
        let steps = handout.steps.iter().filter(|s| s.scene == i + 1).count();
        let _ = writeln!(
            out,
            "<li><a href=\"#{}.1\">{}</a> <span class=\"count\">{steps} {}</span></li>",
            i + 1,
            escape(title),
            if steps == 1 { "step" } else { "steps" }
        );
    }
    out.push_str("</ol>\n</nav>\n");
    out
}

/// The stepping buttons and position; hidden until the script runs, since
/// without it every step is on the page already.
fn controls(count: usize) -> String {
    format!(
        "<div class=\"controls\" hidden>\n\
         <button type=\"button\" id=\"prev\">&#8592; back</button>\n\
         <output id=\"where\" aria-live=\"polite\">1.1 &#183; step 1 of {count}</output>\n\
         <button type=\"button\" id=\"next\">next &#8594;</button>\n\
         <span class=\"keys\">&#8594; Space Enter next (a prediction's answer first) &#183; \
         &#8592; Backspace back &#183; PgDn PgUp scene &#183; Home End</span>\n</div>\n"
    )
}

fn section(out: &mut String, step: &PrintedStep, classes: &mut Classes) {
    let id = step.id();
    let _ = writeln!(
        out,
        "<section class=\"step\" id=\"{id}\" data-scene=\"{}\" data-step=\"{}\">\n<h3>{id}</h3>",
        step.scene, step.step
    );
    if let Some(figure) = &step.figure {
        let label = format!("The board at step {id}");
        out.push_str(&figure_open(figure));
        out.push_str(&element(figure, &label, classes));
        out.push_str("</figure>\n");
    }
    out.push_str("<div class=\"narration\">\n");
    for paragraph in &step.narration {
        let _ = writeln!(out, "<p>{}</p>", escape(paragraph));
    }
    out.push_str("</div>\n");
    if let Some(quiz) = &step.quiz {
        prediction(out, quiz);
    }
    out.push_str("</section>\n");
}

/// The question and its choices, then the answer and why.
fn prediction(out: &mut String, quiz: &Quiz) {
    let _ = writeln!(
        out,
        "<aside class=\"quiz\">\n<p class=\"question\"><strong>Predict:</strong> {}</p>",
        escape(&quiz.question)
    );
    if !quiz.choices.is_empty() {
        out.push_str("<ol class=\"choices\">\n");
        for (key, choice) in &quiz.choices {
            let _ = writeln!(out, "<li><b>{key}</b> {}</li>", escape(choice));
        }
        out.push_str("</ol>\n");
    }
    let _ = writeln!(
        out,
        "<div class=\"answer\">\n<p><strong>Answer:</strong> {}</p>",
        escape(&quiz.answer)
    );
    for paragraph in &quiz.explanation {
        let _ = writeln!(out, "<p>{}</p>", escape(paragraph));
    }
    out.push_str("</div>\n</aside>\n");
}
