//! The handout set on pages, before anything is drawn: where every line of
//! text, every figure and every rule goes, in points from the page's top
//! left. A title page with the contents and the key to the bit row; then
//! each scene from a fresh page under its heading, each step as its label,
//! its figure and its narration, kept on one page when it fits on one;
//! predictions set off by a rule in the margin, their answers under them.
//!
//! One face, monospace, so a line's width is its length in characters:
//! wrapping needs no font metrics beyond the one advance width.

use super::super::cells::Rgb;
use super::super::figure::Figure;
use super::super::printed::{FIGURE_COLUMNS, Handout, PrintedStep, Quiz};
use crate::ui::format::wrap;

/// Width of every glyph of the shipped monospace face, in ems (DejaVu Sans
/// Mono's advance, 1233 of 2048 units).
pub(crate) const ADVANCE: f32 = 1233.0 / 2048.0;

/// Side margins and top margin, in points (about 20 mm).
const MARGIN: f32 = 56.0;
/// Bottom margin, with the page number inside it.
const BOTTOM: f32 = 64.0;
/// Where the page number's baseline sits above the page's bottom edge.
pub(crate) const FOLIO: f32 = 34.0;
/// Prose: size and line spacing.
const BODY: (f32, f32) = (10.0, 14.0);
/// A scene's heading.
const HEADING: (f32, f32) = (15.0, 20.0);
/// A step's label.
const LABEL: (f32, f32) = (8.5, 12.0);
/// Space between paragraphs.
const PARAGRAPH_GAP: f32 = 5.0;
/// Space after each step.
const STEP_GAP: f32 = 18.0;
/// How far a prediction's text is set in from its rule.
const QUIZ_INDENT: f32 = 14.0;

/// A page size, in points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Sheet {
    /// Width.
    pub width: f32,
    /// Height.
    pub height: f32,
}

impl Sheet {
    /// Width of the text column.
    fn measure(self) -> f32 {
        self.width - 2.0 * MARGIN
    }

    /// Points per figure unit: a figure of [`FIGURE_COLUMNS`] columns spans
    /// the text column.
    pub(crate) fn unit(self) -> f32 {
        self.measure() / f32::from(FIGURE_COLUMNS)
    }

    /// The room for content on a page.
    fn body_height(self) -> f32 {
        self.height - MARGIN - BOTTOM
    }
}

/// The colours of the handout's own text (the figures carry theirs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Inks {
    /// Prose.
    pub text: Rgb,
    /// Headings.
    pub title: Rgb,
    /// Labels, page numbers, the contents' leaders.
    pub muted: Rgb,
    /// A prediction's rule and its "Predict" and "Answer".
    pub accent: Rgb,
}

/// One thing on a page.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Item<'a> {
    /// A line of text from `(x, baseline)`.
    Text {
        x: f32,
        baseline: f32,
        size: f32,
        bold: bool,
        colour: Rgb,
        text: String,
    },
    /// A figure with its top left at `(x, top)`, `unit` points to its unit.
    Figure {
        x: f32,
        top: f32,
        unit: f32,
        figure: &'a Figure,
    },
    /// A filled rectangle.
    Rule {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        colour: Rgb,
    },
}

impl Item<'_> {
    fn moved(mut self, dy: f32) -> Self {
        match &mut self {
            Item::Text { baseline: y, .. } | Item::Figure { top: y, .. } | Item::Rule { y, .. } => {
                *y += dy;
            }
        }
        self
    }
}

/// Items and the height they take, placed from y = 0: one piece that is
/// never split across pages.
#[derive(Debug, Default)]
struct Block<'a> {
    items: Vec<Item<'a>>,
    height: f32,
}

impl<'a> Block<'a> {
    /// Lines of text, `leading` apart, each from `x`.
    fn lines(
        &mut self,
        x: f32,
        lines: &[String],
        (size, leading): (f32, f32),
        bold: bool,
        colour: Rgb,
    ) {
        for line in lines {
            self.items.push(Item::Text {
                x,
                // The baseline sits so the line's ascent fits above it.
                baseline: self.height + leading * 0.78,
                size,
                bold,
                colour,
                text: line.clone(),
            });
            self.height += leading;
        }
    }

    /// A paragraph of prose wrapped to `width` points; `lead`, in bold and
    /// in its own colour, starts its first line ("Answer:") and the lines
    /// hang beside it.
    fn paragraph(
        &mut self,
        x: f32,
        width: f32,
        lead: Option<(&str, Rgb)>,
        text: &str,
        colour: Rgb,
    ) {
        let style = BODY;
        let (size, leading) = style;
        let advance = size * ADVANCE;
        let indent = lead.map_or(0, |(l, _)| l.chars().count() + 1);
        let chars = ((width / advance).floor() as usize)
            .saturating_sub(indent)
            .max(8);
        if let Some((lead, lead_colour)) = lead {
            self.items.push(Item::Text {
                x,
                baseline: self.height + leading * 0.78,
                size,
                bold: true,
                colour: lead_colour,
                text: lead.to_string(),
            });
        }
        self.lines(
            x + indent as f32 * advance,
            &wrap(text, chars),
            style,
            false,
            colour,
        );
    }

    fn gap(&mut self, h: f32) {
        self.height += h;
    }

    fn figure(&mut self, x: f32, unit: f32, figure: &'a Figure) {
        self.items.push(Item::Figure {
            x,
            top: self.height,
            unit,
            figure,
        });
        self.height += f32::from(figure.rows) * 2.0 * unit;
    }
}

/// The handout on its pages.
#[derive(Debug)]
pub(crate) struct Laid<'a> {
    /// Each page's items.
    pub pages: Vec<Vec<Item<'a>>>,
    /// The page (from 0) each scene starts on.
    pub scene_pages: Vec<usize>,
}

/// Blocks poured onto pages in order.
struct Flow<'a> {
    sheet: Sheet,
    pages: Vec<Vec<Item<'a>>>,
    /// Where the next block goes on the last page.
    y: f32,
}

impl<'a> Flow<'a> {
    fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.y = MARGIN;
    }

    fn room(&self) -> f32 {
        self.sheet.height - BOTTOM - self.y
    }

    fn fresh(&self) -> bool {
        self.pages.last().is_none_or(Vec::is_empty)
    }

    /// Puts `block` next, on a new page when it does not fit on this one
    /// (unless this one is still empty: a block taller than a page runs
    /// into the margin rather than being lost).
    fn place(&mut self, block: Block<'a>) {
        if block.height > self.room() && !self.fresh() {
            self.new_page();
        }
        let y = self.y;
        if let Some(page) = self.pages.last_mut() {
            page.extend(block.items.into_iter().map(|i| i.moved(y)));
        }
        self.y += block.height;
    }

    fn space(&mut self, h: f32) {
        if !self.fresh() {
            self.y += h;
        }
    }
}

/// Lays out `handout` on pages of `sheet`: the title page first, then the
/// scenes, each from a new page.
pub(crate) fn lay_out<'a>(handout: &'a Handout, sheet: Sheet, inks: Inks) -> Laid<'a> {
    let mut flow = Flow {
        sheet,
        pages: Vec::new(),
        y: MARGIN,
    };
    let mut scene_pages = Vec::new();
    let mut steps = handout.steps.iter().peekable();
    for (i, title) in handout.scenes.iter().enumerate() {
        flow.new_page();
        // The title page comes first, so every page index is one on.
        scene_pages.push(flow.pages.len());
        // The heading goes with the scene's first step, never alone.
        let mut heading = Some(heading(sheet, i + 1, title, inks));
        while let Some(step) = steps.next_if(|s| s.scene == i + 1) {
            let mut blocks = step_blocks(sheet, step, inks);
            if let Some(mut first) = heading.take() {
                absorb(&mut first, blocks.remove(0));
                blocks.insert(0, first);
            }
            let total: f32 = blocks.iter().map(|b| b.height).sum();
            // A step that fits on a page is never split across two.
            if total > flow.room() && total <= sheet.body_height() && !flow.fresh() {
                flow.new_page();
            }
            for block in blocks {
                flow.place(block);
            }
            flow.space(STEP_GAP);
        }
        if let Some(alone) = heading {
            flow.place(alone);
        }
    }
    let mut pages = vec![title_page(handout, sheet, inks, &scene_pages)];
    pages.extend(flow.pages);
    Laid { pages, scene_pages }
}

/// "Scene 3 · The false positive" over a thin rule.
fn heading<'a>(sheet: Sheet, number: usize, title: &str, inks: Inks) -> Block<'a> {
    let mut b = Block::default();
    let chars = (sheet.measure() / (HEADING.0 * ADVANCE)) as usize;
    b.lines(
        MARGIN,
        &wrap(&format!("Scene {number} · {title}"), chars),
        HEADING,
        true,
        inks.title,
    );
    b.gap(4.0);
    b.items.push(Item::Rule {
        x: MARGIN,
        y: b.height,
        w: sheet.measure(),
        h: 0.6,
        colour: inks.muted,
    });
    b.gap(14.0);
    b
}

/// A step's pieces: its label, figure and first paragraph together, then
/// each further paragraph, then the prediction whole.
fn step_blocks<'a>(sheet: Sheet, step: &'a PrintedStep, inks: Inks) -> Vec<Block<'a>> {
    let width = sheet.measure();
    let mut head = Block::default();
    head.lines(MARGIN, &[step.id()], LABEL, true, inks.muted);
    head.gap(3.0);
    if let Some(figure) = &step.figure {
        head.figure(MARGIN, sheet.unit(), figure);
        head.gap(8.0);
    }
    let mut blocks = vec![head];
    for (i, paragraph) in step.narration.iter().enumerate() {
        let mut b = Block::default();
        b.paragraph(MARGIN, width, None, paragraph, inks.text);
        b.gap(PARAGRAPH_GAP);
        if i == 0 {
            if let Some(head) = blocks.last_mut() {
                absorb(head, b);
            }
        } else {
            blocks.push(b);
        }
    }
    if let Some(quiz) = &step.quiz {
        blocks.push(quiz_block(sheet, quiz, inks));
    }
    blocks
}

/// Appends `more` under `block`.
fn absorb<'a>(block: &mut Block<'a>, more: Block<'a>) {
    let dy = block.height;
    block
        .items
        .extend(more.items.into_iter().map(|i| i.moved(dy)));
    block.height += more.height;
}

/// The question, the choices, "Answer:" with the answer, and the narration
/// that explains it, beside a rule in the prediction's colour.
fn quiz_block<'a>(sheet: Sheet, quiz: &Quiz, inks: Inks) -> Block<'a> {
    let x = MARGIN + QUIZ_INDENT;
    let width = sheet.measure() - QUIZ_INDENT;
    let mut b = Block::default();
    b.gap(2.0);
    b.paragraph(
        x,
        width,
        Some(("Predict:", inks.accent)),
        &quiz.question,
        inks.text,
    );
    for (key, choice) in &quiz.choices {
        let indent = 2.0 * BODY.0 * ADVANCE;
        let key = key.to_string();
        b.paragraph(
            x + indent,
            width - indent,
            Some((&key, inks.text)),
            choice,
            inks.text,
        );
    }
    b.gap(PARAGRAPH_GAP);
    b.paragraph(
        x,
        width,
        Some(("Answer:", inks.accent)),
        &quiz.answer,
        inks.text,
    );
    for paragraph in &quiz.explanation {
        b.gap(PARAGRAPH_GAP);
        b.paragraph(x, width, None, paragraph, inks.text);
    }
    b.gap(2.0);
    b.items.push(Item::Rule {
        x: MARGIN,
        y: 0.0,
        w: 2.0,
        h: b.height,
        colour: inks.accent,
    });
    b.gap(PARAGRAPH_GAP);
    b
}

/// The first page: the title, what the handout holds, the contents with
/// each scene's page, and the key to the bit row.
fn title_page<'a>(
    handout: &'a Handout,
    sheet: Sheet,
    inks: Inks,
    scene_pages: &[usize],
) -> Vec<Item<'a>> {
    let width = sheet.measure();
    let chars = |size: f32| (width / (size * ADVANCE)).floor() as usize;
    let mut b = Block::default();
    b.gap(sheet.height * 0.16);
    let big = (24.0, 30.0);
    b.lines(
        MARGIN,
        &wrap(&handout.title, chars(big.0)),
        big,
        true,
        inks.title,
    );
    b.gap(6.0);
    b.lines(
        MARGIN,
        &["A printed handout of the bloomlab lecture".to_string()],
        (12.0, 16.0),
        false,
        inks.muted,
    );
    b.gap(18.0);
    let predictions = handout.steps.iter().filter(|s| s.quiz.is_some()).count();
    let summary = format!(
        "{} scenes and {} steps. Each step shows the board as the lecture draws \
         it, then what the teacher says. {}",
        handout.scenes.len(),
        handout.steps.len(),
        match predictions {
            0 => "There are no predictions to make.".to_string(),
            1 =>
                "The one prediction the class is asked for is printed with its answer.".to_string(),
            n => format!(
                "The {n} predictions the class is asked for are printed with their answers."
            ),
        }
    );
    b.paragraph(MARGIN, width, None, &summary, inks.text);
    b.gap(22.0);
    b.lines(
        MARGIN,
        &["Contents".to_string()],
        (12.0, 18.0),
        true,
        inks.title,
    );
    b.gap(4.0);
    let line_chars = chars(BODY.0);
    for (i, title) in handout.scenes.iter().enumerate() {
        let page = scene_pages.get(i).map_or(0, |p| p + 1);
        let number = format!("{}", i + 1);
        let right = format!(" {page}");
        let room = line_chars.saturating_sub(number.len() + 2 + right.len() + 2);
        let shown: String = if title.chars().count() > room {
            let cut: String = title.chars().take(room.saturating_sub(1)).collect();
            format!("{cut}…")
        } else {
            title.clone()
        };
        let used = number.len() + 2 + shown.chars().count() + 1;
        let dots = line_chars.saturating_sub(used + right.len());
        let leader: String = " .".repeat(dots / 2) + if dots % 2 == 1 { " " } else { "" };
        let x = MARGIN;
        let base = b.height + BODY.1 * 0.78;
        let advance = BODY.0 * ADVANCE;
        b.items.push(Item::Text {
            x,
            baseline: base,
            size: BODY.0,
            bold: false,
            colour: inks.text,
            text: format!("{number}  {shown}"),
        });
        b.items.push(Item::Text {
            x: x + used as f32 * advance,
            baseline: base,
            size: BODY.0,
            bold: false,
            colour: inks.muted,
            text: leader,
        });
        b.items.push(Item::Text {
            x: x + (line_chars - right.len()) as f32 * advance,
            baseline: base,
            size: BODY.0,
            bold: false,
            colour: inks.text,
            text: right,
        });
        b.height += BODY.1;
    }
    b.gap(22.0);
    b.lines(
        MARGIN,
        &["Reading the bit row".to_string()],
        (12.0, 18.0),
        true,
        inks.title,
    );
    b.gap(4.0);
    b.paragraph(
        MARGIN,
        width,
        None,
        "Where a figure shows the row of bits, each bit is marked by its shape as well \
         as its colour:",
        inks.text,
    );
    b.gap(6.0);
    b.figure(MARGIN, sheet.unit() * 1.25, &handout.key);
    let mut items = b
        .items
        .into_iter()
        .map(|i| i.moved(MARGIN))
        .collect::<Vec<_>>();
    items.push(Item::Text {
        x: MARGIN,
        baseline: sheet.height - FOLIO,
        size: 8.0,
        bold: false,
        colour: inks.muted,
        text: format!(
            "Made by bloomlab {} (bloomlab render --all --format pdf)",
            env!("CARGO_PKG_VERSION")
        ),
    });
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::export::figure::{Figure, Paint};

    fn inks() -> Inks {
        Inks {
            text: (0, 0, 0),
            title: (0, 0, 1),
            muted: (0, 0, 2),
            accent: (0, 0, 3),
        }
    }

    fn figure(rows: u16) -> Figure {
        Figure {
            cols: FIGURE_COLUMNS,
            rows,
            background: Paint {
                screen: (255, 255, 255),
                print: (255, 255, 255),
            },
            fills: Vec::new(),
            texts: Vec::new(),
        }
    }

    fn step(scene: usize, step: usize, rows: u16, words: usize) -> PrintedStep {
        PrintedStep {
            scene,
            step,
            figure: Some(figure(rows)),
            narration: vec!["word ".repeat(words).trim_end().to_string()],
            quiz: None,
        }
    }

    fn handout(steps: Vec<PrintedStep>) -> Handout {
        Handout {
            title: "Test".into(),
            scenes: vec!["One".into(), "Two".into()],
            steps,
            key: figure(1),
        }
    }

    const A4: Sheet = Sheet {
        width: 595.28,
        height: 841.89,
    };

    fn texts<'a>(page: &'a [Item<'_>]) -> Vec<&'a str> {
        page.iter()
            .filter_map(|i| match i {
                Item::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn each_scene_starts_a_page_and_the_contents_say_which() {
        let h = handout(vec![
            step(1, 1, 10, 20),
            step(1, 2, 10, 20),
            step(2, 1, 10, 20),
        ]);
        let laid = lay_out(&h, A4, inks());
        assert_eq!(laid.pages.len(), 3, "title, scene one, scene two");
        assert_eq!(laid.scene_pages, [1, 2]);
        let title = texts(&laid.pages[0]);
        assert!(title.contains(&"Test"));
        assert!(title.iter().any(|t| t.trim() == "2") && title.iter().any(|t| t.trim() == "3"));
        assert!(texts(&laid.pages[1]).contains(&"Scene 1 · One"));
    }

    #[test]
    fn a_step_is_never_split_when_it_fits_on_a_page() {
        // Figures of 25 rows take about 245 points, steps about 300: two
        // fit a page, not three.
        let steps = (1..=3).map(|i| step(1, i, 25, 40)).collect();
        let mut h = handout(steps);
        h.scenes.truncate(1);
        let laid = lay_out(&h, A4, inks());
        assert_eq!(
            laid.pages.len(),
            3,
            "{:?}",
            laid.pages.iter().map(|p| texts(p)).collect::<Vec<_>>()
        );
        for page in &laid.pages[1..] {
            for item in page {
                if let Item::Text { baseline, .. } = item {
                    assert!(*baseline < A4.height - BOTTOM + 1.0, "inside the margin");
                }
            }
        }
        // The third step went whole to the next page, label and all.
        assert!(texts(&laid.pages[2]).contains(&"1.3"));
    }

    #[test]
    fn lines_fit_the_text_column() {
        let h = handout(vec![step(1, 1, 4, 300)]);
        let laid = lay_out(&h, A4, inks());
        let column = A4.measure();
        for item in laid.pages.iter().flatten() {
            if let Item::Text { x, size, text, .. } = item {
                let right = x + text.chars().count() as f32 * size * ADVANCE;
                assert!(right <= MARGIN + column + 0.01, "{text:?} runs to {right}");
            }
        }
    }

    #[test]
    fn a_prediction_has_its_question_choices_and_answer() {
        let mut s = step(1, 1, 4, 5);
        s.quiz = Some(Quiz {
            question: "Is it?".into(),
            choices: vec![('A', "yes".into()), ('B', "no".into())],
            answer: "A, yes".into(),
            explanation: vec!["Because.".into()],
        });
        let h = handout(vec![s]);
        let laid = lay_out(&h, A4, inks());
        let words = texts(&laid.pages[1]).join("|");
        for want in [
            "Predict:", "Is it?", "A|yes", "B|no", "Answer:", "A, yes", "Because.",
        ] {
            assert!(words.contains(want), "{want} in {words}");
        }
    }
}
