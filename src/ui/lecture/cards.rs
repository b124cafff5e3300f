//! The lecture's text cards: notes, the derivation and the cost table, each
//! in a frame, its lines wrapped to the card's width so nothing is cut.
//! One function lays out a card's lines; measuring and drawing both use it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{BorderType, Widget};

use super::part::{At, Column, Fitted, Fitting, Kind, Options, Part, Place, Shows};
use crate::lecture::texts::{PredictLine, TABLE_HEADER, predict_lines, table_rows};
use crate::lecture::{Board, Element, Emphasis, Guess};
use crate::ui::big::legible;
use crate::ui::format::wrap;
use crate::ui::paint::{Painter, frame, width};
use crate::ui::theme::{Role, Theme};

/// Which card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Card {
    /// The derivation lines.
    Derivation,
    /// The cost table.
    Table,
    /// The callout notes.
    Notes,
    /// A prediction: the question, the choices, the outcome.
    Predict,
}

/// Every card, in the order the spotlight repeats their words.
const CARDS: [Card; 4] = [Card::Derivation, Card::Table, Card::Notes, Card::Predict];

impl Part for Card {
    fn place(&self) -> Place {
        let kind = Kind::new(match self {
            Card::Derivation => "formula",
            Card::Table => "table",
            Card::Notes => "notes",
            Card::Predict => "predict",
        });
        Place::new(kind, Column::Cards)
    }

    fn shows(&self, board: &Board, _opts: Options) -> bool {
        self.shown(board)
    }

    fn wanted_width(&self, board: &Board) -> u16 {
        Card::wanted_width(*self, board)
    }

    fn fit(&self, scene: &Fitting<'_>) -> Box<dyn Fitted> {
        let card = *self;
        let rows = scene.most(|b| card.height(b, scene.width));
        Box::new(Framed { card, rows })
    }
}

/// A card fitted to a scene. Cards never grow: a frame taller than its
/// lines is empty rows the narration could use.
#[derive(Debug)]
struct Framed {
    card: Card,
    rows: u16,
}

impl Fitted for Framed {
    fn rows(&self, _notch: u16) -> u16 {
        self.rows
    }

    fn used(&self, board: &Board, rect: Rect) -> Rect {
        Rect {
            height: rect.height.min(self.card.height(board, rect.width)),
            ..rect
        }
    }

    fn draw(&self, at: &At<'_>, buf: &mut Buffer, theme: &Theme) {
        self.card.draw(at.board, at.rect, buf, theme);
    }

    fn describe(&self, at: &At<'_>) -> Shows {
        let inner = at.rect.width.saturating_sub(4);
        let mut text = vec![self.card.title().to_string()];
        let lines = self.card.lines(at.board, inner, &Theme::MONO);
        text.extend(lines.iter().map(|l| l.to_string().trim_end().to_string()));
        Shows::plain(text)
    }
}

impl Card {
    fn title(self) -> &'static str {
        match self {
            Card::Derivation => "derivation",
            Card::Table => "what it costs",
            Card::Notes => "notes",
            Card::Predict => "predict, then reveal",
        }
    }

    fn element(self) -> Option<Element> {
        match self {
            Card::Derivation => Some(Element::Derivation),
            Card::Table => Some(Element::Table),
            Card::Notes => Some(Element::Notes),
            Card::Predict => None,
        }
    }

    /// Whether the board shows this card.
    fn shown(self, board: &Board) -> bool {
        match self {
            Card::Derivation => board.shows(Element::Derivation) && !board.derivation.is_empty(),
            Card::Table => board.shows(Element::Table) && !board.table.is_empty(),
            Card::Notes => board.shows(Element::Notes) && !board.notes.is_empty(),
            Card::Predict => board.predict.is_some(),
        }
    }

    /// Columns the card would like: its longest unwrapped line and frame.
    fn wanted_width(self, board: &Board) -> u16 {
        self.variants(board)
            .iter()
            .flat_map(|b| self.lines(b, u16::MAX / 2, &Theme::MONO))
            .map(|l| u16::try_from(l.width()).unwrap_or(u16::MAX))
            .max()
            .unwrap_or(0)
            .saturating_add(4)
    }

    /// Rows the card needs at `cols` columns, frame included: for a
    /// prediction, the most any guess the class may make needs, so the
    /// card keeps its size whatever is recorded.
    fn height(self, board: &Board, cols: u16) -> u16 {
        let inner = cols.saturating_sub(4);
        let most = self
            .variants(board)
            .iter()
            .map(|b| self.lines(b, inner, &Theme::MONO).len())
            .max()
            .unwrap_or(0);
        u16::try_from(most).unwrap_or(u16::MAX).saturating_add(2)
    }

    /// The board with every guess the card may have to show.
    fn variants(self, board: &Board) -> Vec<Board> {
        let Some(p) = board.predict.as_ref().filter(|_| self == Card::Predict) else {
            return vec![board.clone()];
        };
        let mut guesses: Vec<Option<Guess>> = vec![None];
        if p.is_number() {
            // The longest number the guess field holds.
            guesses.push(Some(Guess::Number(-0.000_012_345_678_9)));
            guesses.push(Some(Guess::Number(f64::from(u32::MAX))));
        } else {
            guesses.extend((0..p.choices.len()).map(|i| Some(Guess::Choice(i))));
        }
        guesses
            .into_iter()
            .map(|guess| {
                let mut b = board.clone();
                if let Some(p) = b.predict.as_mut() {
                    p.guess = guess;
                }
                b
            })
            .collect()
    }

    /// The card's lines, wrapped to `cols` columns.
    fn lines(self, board: &Board, cols: u16, theme: &Theme) -> Vec<Line<'static>> {
        let cols = usize::from(cols.max(8));
        match self {
            Card::Notes => board
                .notes
                .iter()
                .flat_map(|note| {
                    let style = theme.style(Role::Note);
                    wrap(note, cols.saturating_sub(2))
                        .into_iter()
                        .enumerate()
                        .map(move |(i, text)| (i, text, style))
                        .collect::<Vec<_>>()
                })
                .map(|(i, text, style)| {
                    let lead = if i == 0 { "» " } else { "  " };
                    let mut line = highlighted(&text, board, style, theme);
                    line.spans
                        .insert(0, Span::styled(lead, theme.style(Role::Hint)));
                    line
                })
                .collect(),
            Card::Derivation => {
                let last = board.derivation.len().saturating_sub(1);
                board
                    .derivation
                    .iter()
                    .enumerate()
                    .flat_map(|(i, text)| {
                        // The newest line is what the step is about.
                        let base = if i == last {
                            theme.style(Role::Text).add_modifier(Modifier::BOLD)
                        } else {
                            theme.style(Role::Text)
                        };
                        wrap(text, cols)
                            .into_iter()
                            .map(|t| highlighted(&t, board, base, theme))
                            .collect::<Vec<_>>()
                    })
                    .collect()
            }
            Card::Table => table_lines(board, cols, theme),
            Card::Predict => predict_card_lines(board, cols, theme),
        }
    }

    /// Draws the card into `area`; lines that do not fit are counted in a
    /// notice on the last row instead of being dropped silently.
    fn draw(self, board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
        // A prediction is what the step is about: its frame stands out.
        let boxed =
            self == Card::Predict || self.element().is_some_and(|e| board.boxed.contains(&e));
        let title = format!(" {} ", self.title());
        let block = frame(title, boxed, BorderType::Rounded, theme);
        let inner = block.inner(area);
        block.render(area, buf);
        let lines = self.lines(board, inner.width.saturating_sub(2), theme);
        draw_lines(&lines, inner, buf, theme);
    }
}

/// The words a step that shows only cards repeats in big letters on a big
/// screen: the derivation's lines (each label apart from its formula), the
/// question and its choices, the notes
/// (the cost table stays a table). Empty when any of them has a character
/// the big font lacks: the cards alone then carry the text, rather than
/// big letters with a gap in them.
pub(crate) fn spotlight_texts(board: &Board) -> Vec<String> {
    let mut out = Vec::new();
    for card in CARDS {
        if !card.shown(board) {
            continue;
        }
        match card {
            // A line written "label:  formula" gives the formula lines of
            // its own, so a wrap never splits it from a word of the label.
            Card::Derivation => {
                for line in &board.derivation {
                    match line.split_once(":  ") {
                        Some((label, formula)) => {
                            out.push(format!("{label}:"));
                            out.push(formula.trim().to_string());
                        }
                        None => out.push(line.clone()),
                    }
                }
            }
            Card::Notes => out.extend(board.notes.iter().cloned()),
            Card::Predict => {
                // As first asked, so a pick or the reveal changes nothing.
                if let Some(p) = &board.predict {
                    let mut asked = p.clone();
                    asked.guess = None;
                    asked.revealed = false;
                    out.extend(
                        predict_lines(&asked)
                            .into_iter()
                            .filter(|l| {
                                matches!(l.kind, PredictLine::Question | PredictLine::Choice)
                            })
                            .map(|l| l.text),
                    );
                }
            }
            Card::Table => {}
        }
    }
    if out.iter().all(|t| legible(t)) {
        out
    } else {
        Vec::new()
    }
}

/// The prediction's lines, wrapped, each styled by what it says.
fn predict_card_lines(board: &Board, cols: usize, theme: &Theme) -> Vec<Line<'static>> {
    let Some(p) = &board.predict else {
        return Vec::new();
    };
    predict_lines(p)
        .into_iter()
        .flat_map(|line| {
            let style = match line.kind {
                PredictLine::Question => theme.style(Role::Title).add_modifier(Modifier::BOLD),
                PredictLine::Choice => theme.style(Role::Text),
                PredictLine::Picked | PredictLine::Told => theme.style(Role::Emphasis),
                PredictLine::Answer | PredictLine::Right => theme.style(Role::Good),
                PredictLine::Wrong => theme.style(Role::Bad),
                PredictLine::Hint => theme.style(Role::Hint),
            };
            wrap(&line.text, cols)
                .into_iter()
                .map(move |t| Line::styled(t, style))
        })
        .collect()
}

/// Writes `lines` from the top of `area` (one column in); when they do not
/// all fit, the last row says how many more there are.
pub(crate) fn draw_lines(lines: &[Line<'static>], area: Rect, buf: &mut Buffer, theme: &Theme) {
    let rows = usize::from(area.height);
    let mut p = Painter::new(buf, area);
    let fits = lines.len() <= rows;
    let shown = if fits {
        lines.len()
    } else {
        rows.saturating_sub(1)
    };
    for (i, line) in lines.iter().take(shown).enumerate() {
        p.line(1, u16::try_from(i).unwrap_or(u16::MAX), line);
    }
    if !fits && rows > 0 {
        let more = lines.len() - shown;
        let notice = more_lines(more);
        p.text(
            1,
            u16::try_from(shown).unwrap_or(u16::MAX),
            &notice,
            theme.style(Role::Warn),
        );
    }
}

/// "2 more lines: resize or press z".
pub(crate) fn more_lines(more: usize) -> String {
    let noun = if more == 1 { "line" } else { "lines" };
    format!("{more} more {noun}: resize or press z")
}

/// Splits `text` into spans, highlighting every emphasised substring.
fn highlighted(text: &str, board: &Board, base: Style, theme: &Theme) -> Line<'static> {
    let marks: Vec<&str> = board
        .emphasis
        .iter()
        .filter_map(|e| match e {
            Emphasis::Text(t) => Some(t.as_str()),
            _ => None,
        })
        .collect();
    let mut spans = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let next = marks
            .iter()
            .filter_map(|m| rest.find(m).map(|at| (at, *m)))
            .min_by_key(|(at, _)| *at);
        let Some((at, mark)) = next else {
            spans.push(Span::styled(rest.to_string(), base));
            break;
        };
        if at > 0 {
            spans.push(Span::styled(rest[..at].to_string(), base));
        }
        spans.push(Span::styled(
            mark.to_string(),
            theme
                .style(Role::Emphasis)
                .add_modifier(Modifier::UNDERLINED),
        ));
        rest = &rest[at + mark.len()..];
    }
    Line::from(spans)
}

/// The cost table: a header and one line per row, its columns aligned; a
/// row's "(Nx smaller)" remark goes on the same line when it fits, else on
/// the next. A card too narrow for the aligned columns gets each row as a
/// name and, under it, its items and memory.
fn table_lines(board: &Board, cols: usize, theme: &Theme) -> Vec<Line<'static>> {
    let rows = table_rows(board);
    let w = |i: usize| {
        rows.iter()
            .map(|r| usize::from(width(&r.cells[i])))
            .chain(std::iter::once(TABLE_HEADER[i].len()))
            .max()
            .unwrap_or(0)
    };
    let (w0, w1, w2) = (w(0), w(1), w(2));
    let text = theme.style(Role::Text);
    let label = theme.style(Role::Label);
    if w0 + w1 + w2 + 4 > cols {
        let mut out = vec![Line::styled(TABLE_HEADER.join(" · "), label)];
        for r in &rows {
            out.push(Line::styled(r.cells[0].clone(), text));
            let figures = format!("  {} · {}", r.cells[1], r.cells[2]);
            push_with_remark(&mut out, figures, &r.remark, cols, text);
        }
        return out;
    }
    let row = |c: [&str; 3]| format!("{:<w0$}  {:>w1$}  {:>w2$}", c[0], c[1], c[2]);
    let mut out = vec![Line::styled(row(TABLE_HEADER), label)];
    for r in &rows {
        let line = row([&r.cells[0], &r.cells[1], &r.cells[2]]);
        push_with_remark(&mut out, line, &r.remark, cols, text);
    }
    out
}

/// `line`, with `remark` after it when both fit in `cols`, else under it.
fn push_with_remark(
    out: &mut Vec<Line<'static>>,
    line: String,
    remark: &str,
    cols: usize,
    style: Style,
) {
    if remark.is_empty() {
        out.push(Line::styled(line, style));
    } else if usize::from(width(&line)) + 2 + remark.len() <= cols {
        out.push(Line::styled(format!("{line}  {remark}"), style));
    } else {
        out.push(Line::styled(line, style));
        out.push(Line::styled(format!("  {remark}"), style));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lecture::Lecture;

    #[test]
    fn the_spotlight_parts_label_and_formula_and_gives_up_on_a_missing_glyph() {
        let lecture = Lecture::builtin();
        // Scene 3, step 5: the derivation's first line alone.
        let board = lecture.step_board(lecture.scene_start(2) + 4).clone();
        assert_eq!(
            spotlight_texts(&board),
            ["one hash misses a bit:", "1 - 1/m = 0.938"]
        );
        // The big font has no glyph for "≈": the card keeps the words.
        let mut approx = board;
        approx.derivation = vec!["for large m:  P0 \u{2248} e^(-kn/m)".to_string()];
        assert!(Card::Derivation.shown(&approx));
        assert!(spotlight_texts(&approx).is_empty());
    }
}
