//! The whole lecture as one HTML page: every step's frame with its
//! narration underneath, a scene index, buttons and the app's stepping keys.
//! The page works without its script too (every step one below the other),
//! and prints one step per sheet.

use std::fmt::Write;

use super::figure::Figure;
use super::html::{colours_css, head};
use super::lecture::StepFrame;
use super::markup::escape;
use super::svg::{BASE_CSS, Classes, element};
use crate::ui::theme::Palette;

/// Layout and print rules of the page.
const CSS: &str = include_str!("handout.css");
/// Stepping: keys, buttons, `#3.4` in the address, the position shown.
const SCRIPT: &str = include_str!("handout.js");

/// The page for `steps` (every step of a lecture, in order), titled `title`.
pub(crate) fn document(title: &str, steps: &[StepFrame], palette: &Palette) -> String {
    let mut classes = Classes::default();
    let mut sections = String::new();
    for step in steps {
        section(&mut sections, step, palette, &mut classes);
    }
    let css = format!("{}{CSS}{BASE_CSS}{}", colours_css(palette), classes.css());
    format!(
        "{}<body>\n<header class=\"top\">\n<h1>{}</h1>\n{}{}</header>\n\
         <main>\n{sections}</main>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        head(title, &css),
        escape(title),
        index(steps),
        controls(steps.len()),
    )
}

/// The scene index: each scene's title, linking to its first step.
fn index(steps: &[StepFrame]) -> String {
    let mut out = String::from("<nav class=\"scenes\" aria-label=\"Scenes\">\n<ol>\n");
    for first in steps.iter().filter(|s| s.step == 1) {
        let _ = writeln!(
            out,
            "<li><a href=\"#{}\">{}</a> <span class=\"count\">{} {}</span></li>",
            first.id(),
            escape(&first.scene_title),
            first.steps,
            if first.steps == 1 { "step" } else { "steps" }
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
         <span class=\"keys\">&#8594; Space Enter next &#183; &#8592; Backspace back &#183; \
         PgDn PgUp scene &#183; Home End</span>\n</div>\n"
    )
}

fn section(out: &mut String, step: &StepFrame, palette: &Palette, classes: &mut Classes) {
    let id = step.id();
    let label = format!(
        "Scene {}, {}, step {} of {}",
        step.scene, step.scene_title, step.step, step.steps
    );
    let _ = writeln!(
        out,
        "<section class=\"step\" id=\"{id}\" data-scene=\"{}\" data-step=\"{}\">\n\
         <h2><span class=\"scene\">{} &#183; {}</span> <span class=\"count\">step {} of {}</span></h2>",
        step.scene,
        step.step,
        step.scene,
        escape(&step.scene_title),
        step.step,
        step.steps
    );
    out.push_str("<figure>\n");
    out.push_str(&element(
        &Figure::new((&step.buffer, palette), None),
        &label,
        classes,
    ));
    out.push_str("</figure>\n<div class=\"narration\">\n");
    for paragraph in &step.narration {
        let _ = writeln!(out, "<p>{}</p>", escape(paragraph));
    }
    out.push_str("</div>\n</section>\n");
}
