//! The lecture's text cards: notes, the derivation and the cost table, each
//! in a frame, its lines wrapped to the card's width so nothing is cut.
//! One function lays out a card's lines; measuring and drawing both use it.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{BorderType, Widget};

use super::part::{At, Column, Fitted, Fitting, Kind, Options, Part, Place, Shows};
use crate::lecture::texts::{PICKED, PredictLine, TABLE_HEADER, predict_lines, table_rows};
use crate::lecture::{Board, Element, Emphasis, Guess};
use crate::ui::big::{Big, GROWING, Size};
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
    /// In present mode, notes with nothing else on the board (a scene's
    /// closing list): the step's whole slide, centred on the wall, rather
    /// than the notes' usual place under parts that are gone.
    Recap,
}

impl Part for Card {
    fn place(&self) -> Place {
        let kind = Kind::new(match self {
            Card::Derivation => "formula",
            Card::Table => "table",
            Card::Notes => "notes",
            Card::Predict => "predict",
            Card::Recap => "recap",
        });
        let place = Place::new(kind, Column::Cards);
        // In present mode every card spans the board; the question and the
        // newest formula are their steps' subject, set big first.
        let place = place.wide_when_present();
        match self {
            Card::Predict | Card::Derivation | Card::Recap => place.focal(),
            Card::Notes => place.trailing().takeaway(),
            Card::Table => place,
        }
    }

    fn shows(&self, board: &Board, opts: Options) -> bool {
        let recap = || opts.present && alone_but(board, None);
        match self {
            Card::Notes => self.shown(board) && !recap(),
            Card::Recap => self.shown(board) && recap(),
            _ => self.shown(board),
        }
    }

    // Notes shown with the title may be its subtitle on the wall.
    fn is_subtitle(&self, board: &Board, opts: Options) -> bool {
        *self == Card::Notes && super::banner::subtitled(board, opts.present)
    }

    fn wanted_width(&self, board: &Board) -> u16 {
        Card::wanted_width(*self, board)
    }

    fn fit(&self, scene: &Fitting<'_>) -> Box<dyn Fitted> {
        let card = *self;
        let rows = scene.most(|b| card.height(b, scene.width));
        // The big settings that fit every step of the scene, smallest
        // first: the card grows through them as the board has rows.
        // Notes beside a curve are set big only where the planner tries
        // it (it keeps the try where no other part pays for it).
        let curves = scene
            .shown()
            .any(|b| !crate::lecture::texts::plots(b).is_empty());
        let big = if scene.opts.present && !(card == Card::Notes && curves && !scene.takeaways) {
            // A formula that breaks well at one size does not grow to a
            // size where it must break inside a term: the smaller letters
            // read better than a line split mid-sum.
            let mut clean_below = false;
            GROWING
                .into_iter()
                .map_while(|size| {
                    let mut most = 0;
                    let mut clean = true;
                    for b in scene.shown().flat_map(|b| card.variants(b)) {
                        let words = card.big_words(&b)?;
                        let set = words.set(size, scene.width)?;
                        most = most.max(set.rows());
                        clean &= set.clean;
                    }
                    if clean_below && !clean {
                        return None;
                    }
                    clean_below = clean;
                    Some((size, most))
                })
                // Notes over a line-up chart or beside a curve support
                // it: they stay at the smallest big size and leave the
                // rows to the chart.
                .take(
                    if (card == Card::Notes && curves) || scene.shown().any(over_chart) {
                        1
                    } else {
                        GROWING.len()
                    },
                )
                // The closing list grows to the largest size the wall
                // holds, then by blank rows into its middle.
                .take_while(|&(_, rows)| card != Card::Recap || rows <= scene.board.height)
                .collect()
        } else {
            Vec::new()
        };
        let present = scene.opts.present;
        // The closing list may grow past its largest letters by blank
        // rows, so it stands in the middle of the wall: down to the
        // board's last row from its second, since present mode keeps the
        // top row blank when that costs no part a notch, and a board
        // planned a row lower then grows the list as far.
        let pad = match big.last() {
            Some(&(_, rows)) if card == Card::Recap => {
                scene.board.bottom().saturating_sub(rows + 1)
            }
            _ => 0,
        };
        Box::new(Framed {
            card,
            rows,
            big,
            present,
            pad,
        })
    }
}

/// A card's words split for big type: a small line above, the texts set
/// big, and small lines below.
#[derive(Debug, Clone, Default)]
struct BigWords {
    above: Vec<String>,
    /// Each text, and whether it is a formula (broken only outside its
    /// brackets).
    big: Vec<(String, bool)>,
    /// For a big text that has its own ink (a revealed choice): the ink,
    /// and the text with a mark added in longer and shorter words, longest
    /// first; the first that takes no more rows than the bare text is set
    /// instead of it. The rest take the card's ink.
    inks: Vec<Option<(Role, Vec<String>)>>,
    /// For a big text with marks (a choice the class picked, the answer):
    /// the marks in small words naming it ("B: ◀ the answer"), said below
    /// unless the text is set with a wording of its marks that says as
    /// much as the longest.
    marks: Vec<Option<String>>,
    below: Vec<String>,
}

/// [`BigWords`] laid out at one size and width.
#[derive(Debug)]
struct BigSet {
    above: Vec<String>,
    big: Vec<Big>,
    inks: Vec<Option<Role>>,
    below: Vec<String>,
    /// Every formula breaks only before a relation (or not at all).
    clean: bool,
}

impl BigWords {
    /// The words at `size` in a card `width` columns wide, if every big
    /// text fits.
    fn set(&self, size: Size, width: u16) -> Option<BigSet> {
        let inner = width.saturating_sub(4);
        let cols = usize::from(inner.max(8));
        let mut clean = true;
        // A formula breaks only outside its brackets; prose keeps a
        // term such as "k = 10" on one line and ends lines at its commas
        // and colons where that costs no line.
        let setting = |text: &str, formula: bool| {
            if formula {
                Big::at(text, size, inner, true)
            } else {
                Big::prose(text, size, inner)
            }
        };
        // Marks the big letters do not carry in full, said small below.
        let mut unsaid: Vec<String> = Vec::new();
        let big =
            self.big
                .iter()
                .enumerate()
                .map(|(i, (t, formula))| {
                    let plain = setting(t, *formula)?;
                    clean &= !formula || plain.breaks_at_relations();
                    let longer = self.inks.get(i).and_then(|ink| ink.as_ref());
                    let texts = longer
                        .map(|(_, texts)| texts.as_slice())
                        .unwrap_or_default();
                    // A revealed choice keeps its words where they stood, its
                    // mark on its last line, where some mark fits so: the
                    // class sees the pointer arrive, not the choice reflow.
                    let keeps =
                        |b: &Big| {
                            let n = plain.lines.len();
                            b.lines.len() == n
                                && b.lines.iter().zip(&plain.lines).enumerate().all(
                                    |(j, (l, p))| {
                                        if j + 1 == n {
                                            l.starts_with(p.as_str())
                                        } else {
                                            l == p
                                        }
                                    },
                                )
                        };
                    let options: Vec<(&String, Big)> = texts
                        .iter()
                        .filter_map(|text| Some((text, setting(text, *formula)?)))
                        .collect();
                    let (chosen, big) = options
                        .iter()
                        .find(|(_, l)| keeps(l))
                        .or_else(|| options.iter().find(|(_, l)| l.height() <= plain.height()))
                        .map_or((None, plain), |(t, b)| (Some(*t), b.clone()));
                    let carried = match (texts.first(), chosen) {
                        (Some(full), Some(chosen)) => says_as_much(full, chosen),
                        _ => false,
                    };
                    if let Some(Some(mark)) = self.marks.get(i)
                        && !carried
                    {
                        unsaid.push(mark.clone());
                    }
                    Some(big)
                })
                .collect::<Option<Vec<_>>>()?;
        let small = |lines: &[String]| -> Vec<String> {
            lines.iter().flat_map(|l| wrap(l, cols)).collect()
        };
        // The unsaid marks first, then the rest, run together so the
        // question and the choices keep the rows.
        let below = if self.marks.iter().all(Option::is_none) {
            small(&self.below)
        } else {
            unsaid.extend(self.below.iter().cloned());
            if unsaid.is_empty() {
                Vec::new()
            } else {
                small(&[unsaid.join(" · ")])
            }
        };
        Some(BigSet {
            above: small(&self.above),
            big,
            inks: self
                .inks
                .iter()
                .map(|ink| ink.as_ref().map(|i| i.0))
                .collect(),
            below,
            clean,
        })
    }
}

impl BigSet {
    /// Rows the card takes, frame included: a blank row between two big
    /// texts and before the small lines under them.
    fn rows(&self) -> u16 {
        let count = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        let big: u16 = self.big.iter().map(Big::height).sum();
        let gaps = count(self.big.len().saturating_sub(1));
        let below = if self.below.is_empty() {
            0
        } else {
            1 + count(self.below.len())
        };
        2 + count(self.above.len()) + big + gaps + below
    }

    /// Rows one letter of the smallest big text stands.
    fn scale(&self) -> u16 {
        self.big.iter().map(Big::scale).min().unwrap_or(1)
    }
}

/// Where a derivation's label goes when it is set big (see
/// [`Card::lead`]).
#[derive(Debug)]
enum Lead {
    /// Before its formula, on the formula's line and at its size.
    Inline(Big),
    /// Over its formula, smaller.
    Above(Big),
}

/// A card fitted to a scene. Cards never grow: a frame taller than its
/// lines is empty rows the narration could use.
#[derive(Debug)]
struct Framed {
    card: Card,
    rows: u16,
    /// In present mode, the big sizes every step fits and the rows each
    /// takes, smallest first: notch 1 is the first.
    big: Vec<(Size, u16)>,
    /// Present mode: the card keeps its frame through the scene.
    present: bool,
    /// Blank rows the card may grow by past its largest big size, its
    /// words kept in the middle of its frame.
    pad: u16,
}

impl Framed {
    /// The step's words at the notch's big size, if the card grew to one.
    fn big_set(&self, board: &Board, notch: u16, width: u16) -> Option<BigSet> {
        let most = u16::try_from(self.big.len()).unwrap_or(u16::MAX);
        let i = usize::from(notch.min(most)).checked_sub(1)?;
        let (size, _) = *self.big.get(i)?;
        self.card.big_words(board)?.set(size, width)
    }

    /// Notches of blank rows past the largest big size (or past the
    /// small lines when there is none).
    fn padding(&self, notch: u16) -> u16 {
        let most = u16::try_from(self.big.len()).unwrap_or(u16::MAX);
        notch.saturating_sub(most)
    }
}

impl Fitted for Framed {
    fn rows(&self, notch: u16) -> u16 {
        let words = match usize::from(notch).checked_sub(1) {
            Some(i) => self
                .big
                .get(i)
                .or(self.big.last())
                .map_or(self.rows, |b| b.1),
            None => self.rows,
        };
        words + self.padding(notch)
    }

    fn grows(&self, notch: u16) -> bool {
        usize::from(notch) < self.big.len() || self.padding(notch) < self.pad
    }

    fn words_notch(&self, notch: u16) -> u16 {
        notch.min(u16::try_from(self.big.len()).unwrap_or(u16::MAX))
    }

    fn used(&self, board: &Board, rect: Rect) -> Rect {
        let rows = if self.present {
            // On the wall a card keeps its frame through the scene.
            rect.height
        } else {
            self.card.height(board, rect.width)
        };
        Rect {
            height: rect.height.min(rows),
            ..rect
        }
    }

    fn draw(&self, at: &At<'_>, buf: &mut Buffer, theme: &Theme) {
        match self.big_set(at.board, at.notch, at.rect.width) {
            Some(set) => {
                // Padded, the frame keeps its rows and the words stand in
                // its middle.
                let drop = at.rect.height.saturating_sub(set.rows()) / 2;
                let drop = if self.pad > 0 { drop } else { 0 };
                self.card
                    .draw_big(at.board, &set, at.rect, drop, buf, theme);
            }
            None => self.card.draw(at.board, at.rect, buf, theme),
        }
    }

    fn describe(&self, at: &At<'_>) -> Shows {
        let inner = at.rect.width.saturating_sub(4);
        let mut text = vec![self.card.title().to_string()];
        let lines = self.card.lines(at.board, inner, &Theme::MONO);
        text.extend(lines.iter().map(|l| l.to_string().trim_end().to_string()));
        let scale = self
            .big_set(at.board, at.notch, at.rect.width)
            .map_or(1, |s| s.scale());
        Shows {
            scale,
            ..Shows::plain(text)
        }
    }
}

impl Card {
    fn title(self) -> &'static str {
        match self {
            Card::Derivation => "derivation",
            Card::Table => "what it costs",
            Card::Notes => "notes",
            Card::Predict => "predict, then reveal",
            Card::Recap => "in short",
        }
    }

    fn element(self) -> Option<Element> {
        match self {
            Card::Derivation => Some(Element::Derivation),
            Card::Table => Some(Element::Table),
            Card::Notes | Card::Recap => Some(Element::Notes),
            Card::Predict => None,
        }
    }

    /// Whether the board shows this card.
    fn shown(self, board: &Board) -> bool {
        match self {
            Card::Derivation => board.shows(Element::Derivation) && !board.derivation.is_empty(),
            Card::Table => crate::lecture::texts::table_on_board(board),
            Card::Notes | Card::Recap => board.shows(Element::Notes) && !board.notes.is_empty(),
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
            Card::Notes | Card::Recap => board
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

    /// The card's words for big type, for the cards that have them: the
    /// derivation's newest formula (its label small above it, the earlier
    /// lines small below), or the question with its choices and the
    /// outcome (the class's pick and the hint small below).
    fn big_words(self, board: &Board) -> Option<BigWords> {
        match self {
            Card::Derivation => {
                let (newest, earlier) = board.derivation.split_last()?;
                let (above, formula) = match newest.split_once(":  ") {
                    Some((label, f)) => (vec![format!("{label}:")], f.trim().to_string()),
                    None => (Vec::new(), newest.clone()),
                };
                Some(BigWords {
                    above,
                    big: vec![(formula, true)],
                    below: earlier.to_vec(),
                    ..BigWords::default()
                })
            }
            Card::Predict => {
                let p = board.predict.as_ref()?;
                let mut words = BigWords::default();
                for line in predict_lines(p) {
                    match line.kind {
                        PredictLine::Question => words.big.push((line.text, false)),
                        // A choice stays big whatever is marked on it (the
                        // class's pick, the answer); the marks go small
                        // below, naming the choice.
                        PredictLine::Choice | PredictLine::Picked | PredictLine::Answer => {
                            let (choice, marks) = split_marks(&line.text);
                            let key = choice.split_whitespace().next().unwrap_or("");
                            let mark = (!marks.is_empty()).then(|| format!("{key}: {marks}"));
                            // Once revealed, the big letters say which
                            // choice is the answer and which the class
                            // took: the answer in its own ink with a
                            // pointer, the others dimmed. The answer is
                            // what the filter does, which may be a wrong
                            // call (5.3), so its ink and words point it
                            // out without praising it.
                            let ink = if p.revealed {
                                let picked = p.guess.is_some() && marks.contains(PICKED);
                                let answer = line.kind == PredictLine::Answer;
                                let ink = if answer { ANSWER_INK } else { Role::Hint };
                                let texts = reveal_marks(answer, picked)
                                    .iter()
                                    .map(|mark| format!("{choice}  {mark}"))
                                    .collect();
                                Some((ink, texts))
                            } else {
                                None
                            };
                            words.big.push((choice.to_string(), false));
                            words.inks.resize(words.big.len() - 1, None);
                            words.inks.push(ink);
                            words.marks.resize(words.big.len() - 1, None);
                            words.marks.push(mark);
                        }
                        // The keys that record the class's pick are the
                        // presenter's business (the speaker view lists
                        // them), not the class's: off the wall.
                        PredictLine::Hint => {}
                        // Nor does the wall say that nobody recorded a
                        // pick (a number's answer still stands in it).
                        PredictLine::Told if !p.is_number() => {}
                        _ => words.below.push(line.text),
                    }
                }
                Some(words)
            }
            // Notes are a step's take-away: each note big on the wall
            // when the board has the rows (the planner grows the card
            // only into rows nothing else wants, and beside a chart only
            // where the chart keeps its share). A note of parts set apart
            // by wide gaps ("n: given by the problem   m: what you pay
            // for") is a list: each part its own big line, never run
            // together.
            Card::Notes | Card::Recap => {
                let big: Vec<(String, bool)> = board
                    .notes
                    .iter()
                    .flat_map(|n| n.split("   ").map(str::trim).filter(|p| !p.is_empty()))
                    .map(|p| (p.to_string(), false))
                    .collect();
                // Notes are take-aways of one weight: every line in the
                // title's ink, where the first alone in it made one part
                // of a rule ("insert: yes") look like its point. The
                // closing list keeps its alternating inks.
                let inks = match self {
                    Card::Notes => vec![Some((Role::Title, Vec::new())); big.len()],
                    _ => Vec::new(),
                };
                Some(BigWords {
                    big,
                    inks,
                    ..BigWords::default()
                })
            }
            Card::Table => table_big_words(board),
        }
    }

    /// Draws the card with its words in big type, `set` as laid out.
    /// The words start `drop` rows down inside the frame.
    fn draw_big(
        self,
        board: &Board,
        set: &BigSet,
        area: Rect,
        drop: u16,
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        let boxed =
            self == Card::Predict || self.element().is_some_and(|e| board.boxed.contains(&e));
        let block = frame(
            format!(" {} ", self.title()),
            boxed,
            BorderType::Rounded,
            theme,
        );
        let inner = block.inner(area);
        block.render(area, buf);
        let inner = Rect {
            x: inner.x + 1,
            width: inner.width.saturating_sub(2),
            ..inner
        };
        let lead = self.lead(set, inner);
        // Notes and a derivation stand in the middle of their card, which
        // keeps the rows of the scene's longest: a shorter one at the top
        // would leave the card's lower half empty.
        let drop = if matches!(self, Card::Derivation | Card::Notes) {
            let rows = self.words_rows(board, set, inner, lead.as_ref());
            inner.height.saturating_sub(rows) / 2
        } else {
            drop
        };
        let mut y = inner.y + drop;
        let small = |y: u16, text: &str, role: Role, buf: &mut Buffer| {
            Painter::new(buf, inner).text(0, y - inner.y, text, theme.style(role));
        };
        match &lead {
            Some(Lead::Above(label)) => {
                label.draw(Rect { y, ..inner }, buf, theme.style(Role::Label));
                y += label.height();
            }
            Some(Lead::Inline(_)) => {}
            None => {
                for line in &set.above {
                    small(y, line, Role::Label, buf);
                    y += 1;
                }
            }
        }
        for (i, big) in set.big.iter().enumerate() {
            if i > 0 {
                y += 1;
            }
            // The first text in the title's ink; in the closing list every
            // other one, so a point wrapped over two lines reads as one.
            let title = if self == Card::Recap {
                i % 2 == 0
            } else {
                i == 0
            };
            let role = set.inks.get(i).copied().flatten().unwrap_or(if title {
                Role::Title
            } else {
                Role::Text
            });
            let rect = Rect {
                y,
                height: big.height(),
                ..inner
            }
            .intersection(inner);
            match &lead {
                // The label and its formula centred together, one
                // letter's width apart.
                Some(Lead::Inline(label)) => {
                    let gap = big.size.letter().0;
                    let both = label.width() + gap + big.width();
                    let x = rect.x + rect.width.saturating_sub(both) / 2;
                    let at = |x: u16, w: u16| {
                        Rect {
                            x,
                            width: w,
                            ..rect
                        }
                        .intersection(rect)
                    };
                    let left = Alignment::Left;
                    let label_at = at(x, label.width());
                    label.draw_aligned(label_at, buf, theme.style(Role::Label), left);
                    let formula_at = at(x + label.width() + gap, big.width());
                    big.draw_aligned(formula_at, buf, theme.style(role), left);
                }
                _ => big.draw(rect, buf, theme.style(role)),
            }
            y += big.height();
        }
        let mut below = set.below.as_slice();
        if let Some((previous, rest)) = self.previous_big(board, set, inner, y) {
            y += 1;
            let rect = Rect {
                y,
                height: previous.height(),
                ..inner
            };
            previous.draw(rect, buf, theme.style(Role::Text));
            y += previous.height();
            below = rest;
        }
        if !below.is_empty() {
            y += 1;
        }
        for line in below {
            if y >= inner.bottom() {
                break;
            }
            small(y, line, Role::Hint, buf);
            y += 1;
        }
    }

    /// Rows the words of `set` take in a card whose inside is `inner`,
    /// drawn from its top with `lead` (the label's place): the label, the
    /// big texts with a row between, the previous formula where
    /// [`Card::previous_big`] sets it, and the small lines under them.
    fn words_rows(self, board: &Board, set: &BigSet, inner: Rect, lead: Option<&Lead>) -> u16 {
        let count = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        let head = match lead {
            Some(Lead::Above(label)) => label.height(),
            Some(Lead::Inline(_)) => 0,
            None => count(set.above.len()),
        };
        let big: u16 =
            set.big.iter().map(Big::height).sum::<u16>() + count(set.big.len().saturating_sub(1));
        let (previous, below) = match self.previous_big(board, set, inner, inner.y + head + big) {
            Some((previous, rest)) => (1 + previous.height(), rest.len()),
            None => (0, set.below.len()),
        };
        let below = if below == 0 { 0 } else { 1 + count(below) };
        head + big + previous + below
    }

    /// A derivation's label ("fill at k*:") set big with its formula on
    /// this step, where the frame allows: on the formula's line at its
    /// size when the two fit the width side by side (a row freed), else
    /// above it at the smallest big size when the frame's rows under the
    /// words hold the two rows more that takes.
    fn lead(self, set: &BigSet, inner: Rect) -> Option<Lead> {
        let ([label], [formula]) = (set.above.as_slice(), set.big.as_slice()) else {
            return None;
        };
        if self != Card::Derivation {
            return None;
        }
        let gap = formula.size.letter().0;
        if let [_] = formula.lines.as_slice()
            && let Some(big) = Big::line(label, formula.size, inner.width)
            && big.width() + gap + formula.width() <= inner.width
        {
            return Some(Lead::Inline(big));
        }
        let above = Big::line(label, Size::Sextant, inner.width)?;
        let words = set.rows().saturating_sub(2);
        let free = inner.height.saturating_sub(words);
        (above.scale() <= set.scale() && free + 1 >= above.height()).then_some(Lead::Above(above))
    }

    /// A derivation's previous formula at the smallest big size, for
    /// under the newest one, when the frame's rows from `y` down hold it
    /// and the earlier lines left small (so nothing moves), with those
    /// lines.
    fn previous_big<'a>(
        self,
        board: &Board,
        set: &'a BigSet,
        inner: Rect,
        y: u16,
    ) -> Option<(Big, &'a [String])> {
        if self != Card::Derivation {
            return None;
        }
        let (_, earlier) = board.derivation.split_last()?;
        let previous = earlier.last()?;
        let formula = previous
            .split_once(":  ")
            .map_or(previous.as_str(), |(_, f)| f.trim());
        let big = Big::at(formula, Size::Sextant, inner.width, true)?;
        // Only when no earlier line wrapped, so the last small line is
        // the whole previous formula.
        if set.below.len() != earlier.len() {
            return None;
        }
        let rest = set.below.get(..set.below.len().checked_sub(1)?)?;
        let small = if rest.is_empty() {
            0
        } else {
            1 + u16::try_from(rest.len()).ok()?
        };
        let need = 1 + big.height() + small;
        (y + need <= inner.bottom() && big.scale() < set.scale()).then_some((big, rest))
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

/// Whether the board shows notes and nothing else but `except`.
fn alone_but(board: &Board, except: Option<Element>) -> bool {
    board.shows(Element::Notes)
        && !board.notes.is_empty()
        && [
            Element::Row,
            Element::Counters,
            Element::Derivation,
            Element::Table,
            Element::Crawler,
            Element::Banner,
            Element::Lineup,
        ]
        .iter()
        .all(|e| Some(*e) == except || !board.shows(*e))
        && board.predict.is_none()
        && crate::lecture::texts::plots(board).is_empty()
}

/// Whether the board shows notes and a line-up chart and nothing else:
/// the notes are then the chart's take-away, read from the back.
fn over_chart(board: &Board) -> bool {
    board.shows(Element::Lineup) && alone_but(board, Some(Element::Lineup))
}

/// The ink of a revealed answer, big or small: the strong neutral ink of
/// a marker. Not the "good" ink, since the answer may be the filter's
/// wrong call (5.3), nor the emphasis ink, which three palettes share with
/// the probes that read a 1 and so with "probably present".
pub(crate) const ANSWER_INK: Role = Role::Marker;

/// The words after a revealed choice set big, longest first: which choice
/// is the answer (`answer`) and whether the class picked it (`picked`).
/// The big font has no arrow or check mark, so "<-" points. The answer's
/// list ends in the bare pointer, which still fits where a choice's line
/// is nearly full (5.3 at 200x60); the small line under the choices names
/// it in words. A choice neither the answer nor picked gets none.
fn reveal_marks(answer: bool, picked: bool) -> &'static [&'static str] {
    match (answer, picked) {
        (true, true) => &[
            "<- the answer, as the class said",
            "<- answer, as the class said",
            "<- the answer",
            "<- answer",
            "<-",
        ],
        (true, false) => &["<- the answer", "<- answer", "<-"],
        (false, true) => &["<- the class's pick", "<- class"],
        (false, false) => &[],
    }
}

/// Whether a shorter wording of a choice's marks (`chosen`) still says
/// all the longest one (`full`) says: that the choice is the answer and
/// that the class picked it, where the longest says so. The bare pointer
/// says neither in words, so the small line under the choices does.
fn says_as_much(full: &str, chosen: &str) -> bool {
    ["answer", "class"]
        .iter()
        .all(|word| !full.contains(word) || chosen.contains(word))
}

/// A choice's line cut into the choice and the marks after it ("◀ the
/// class", "◀ the answer").
fn split_marks(text: &str) -> (&str, &str) {
    let cut = text.find("  ◀").unwrap_or(text.len());
    (text[..cut].trim_end(), text[cut..].trim())
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
                PredictLine::Answer => theme.style(ANSWER_INK),
                PredictLine::Right => theme.style(Role::Good),
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

/// The cost table for big type: each structure's name and memory, then
/// the saving, with the sizes per item small below.
fn table_big_words(board: &Board) -> Option<BigWords> {
    let rows = table_rows(board);
    let first = rows.first()?;
    let (mut big, mut inks, mut each) = (Vec::new(), Vec::new(), Vec::new());
    for (i, r) in rows.iter().enumerate() {
        // "exact hash set (64 B/item)": the name big, the bracket small.
        let (name, per_item) = match r.cells[0].split_once(" (") {
            Some((name, rest)) => (name, rest.trim_end_matches(')')),
            None => (r.cells[0].as_str(), ""),
        };
        let text = format!("{name}  {}", r.cells[2]);
        let ink = if i == 0 { Role::Bad } else { Role::Good };
        inks.push(Some((ink, Vec::new())));
        big.push((text, false));
        if !per_item.is_empty() {
            each.push(per_item.to_string());
        }
    }
    if let Some(saving) = rows
        .iter()
        .map(|r| r.remark.as_str())
        .find(|r| !r.is_empty())
    {
        let saving = saving
            .trim_start_matches('(')
            .trim_end_matches(')')
            .to_string();
        inks.push(Some((Role::Emphasis, Vec::new())));
        big.push((saving, false));
    }
    let below = if each.is_empty() {
        Vec::new()
    } else {
        vec![format!(
            "{} items · {}",
            first.cells[1],
            each.join(" against ")
        )]
    };
    Some(BigWords {
        big,
        inks,
        below,
        ..BigWords::default()
    })
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
    fn a_derivation_sets_its_newest_formula_big_and_its_label_small() {
        let lecture = Lecture::builtin();
        // Scene 4, step 9: the label apart, the bracket whole.
        let board = lecture.step_board(lecture.scene_start(3) + 8).clone();
        let words = Card::Derivation.big_words(&board).expect("a derivation");
        assert_eq!(words.above, ["epsilon at k*:"]);
        let set = words.set(Size::Quadrant, 80).expect("fits 80 columns");
        assert!(
            set.big[0]
                .lines
                .iter()
                .any(|l| l.contains("(1/2)^((m/n) ln 2)")),
            "{set:?}"
        );
        assert!(set.rows() >= 2 + 1 + 4, "{set:?}");
        // A glyph the font lacks: no big setting, the card keeps its words.
        let mut approx = board;
        approx.derivation = vec!["for large m:  P0 \u{2248} e^(-kn/m)".to_string()];
        let words = Card::Derivation.big_words(&approx).expect("a derivation");
        assert!(words.set(Size::Quadrant, 200).is_none());
    }

    /// The big lines of the revealed question at scene 5, step 3 ("what
    /// does the query for y say now?", whose answer is the filter's wrong
    /// "definitely absent"), with the class's pick `guess`, at `size` in a
    /// card `width` columns wide; and the inks of the choices.
    fn revealed_choices(
        guess: Option<usize>,
        size: Size,
        width: u16,
    ) -> (Vec<String>, Vec<Option<Role>>) {
        let lecture = Lecture::builtin();
        let mut board = lecture.step_board(lecture.scene_start(4) + 2).clone();
        let p = board.predict.as_mut().expect("a question");
        p.revealed = true;
        p.guess = guess.map(Guess::Choice);
        let set = Card::Predict
            .big_words(&board)
            .expect("big words")
            .set(size, width)
            .expect("fits");
        let lines = set
            .big
            .iter()
            .skip(1)
            .map(|b| b.lines.join(" / "))
            .collect();
        (lines, set.inks.iter().skip(1).copied().collect())
    }

    /// The big lines of the question at scene 4, step 5 ("is k = 10
    /// better or worse than k = 7?") at `size` in a card `width` wide,
    /// hidden or revealed.
    fn k_choices(revealed: bool, size: Size, width: u16) -> Vec<Vec<String>> {
        let lecture = Lecture::builtin();
        let mut board = lecture.step_board(lecture.scene_start(3) + 4).clone();
        board.predict.as_mut().expect("a question").revealed = revealed;
        let set = Card::Predict.big_words(&board).expect("big words");
        let set = set.set(size, width).expect("fits");
        set.big.iter().skip(1).map(|b| b.lines.clone()).collect()
    }

    #[test]
    fn a_revealed_choice_keeps_its_lines_and_takes_its_mark_on_the_last() {
        // As present mode sets it at 200x60: "B worse:" over "more false
        // positives", where the whole mark would have reflowed the choice
        // to "B worse: more false" over "positives <- the answer".
        let hidden = k_choices(false, Size::HalfHeight, 200);
        let shown = k_choices(true, Size::HalfHeight, 200);
        assert_eq!(hidden[1], ["B worse:", "more false positives"]);
        assert_eq!(shown[1], ["B worse:", "more false positives <-"]);
        assert_eq!(shown[0], hidden[0]);
    }

    /// The wall never says that nobody recorded the class's pick: a
    /// revealed choice keeps its mark below, and the outcome goes only
    /// where a pick was recorded.
    #[test]
    fn the_wall_does_not_say_no_prediction_was_recorded() {
        let lecture = Lecture::builtin();
        let mut board = lecture.step_board(lecture.scene_start(3) + 4).clone();
        let p = board.predict.as_mut().expect("a question");
        p.revealed = true;
        let below = |board: &Board| Card::Predict.big_words(board).expect("big words").below;
        let told = below(&board);
        assert!(
            told.iter().all(|l| !l.contains("no prediction")),
            "{told:?}"
        );
        board.predict.as_mut().expect("a question").guess = Some(Guess::Choice(0));
        let wrong = below(&board);
        assert!(
            wrong
                .iter()
                .any(|l| l.contains("not what the class predicted")),
            "{wrong:?}"
        );
    }

    #[test]
    fn a_revealed_answer_is_pointed_out_without_praise() {
        // Small letters across 200 columns: room for the long words.
        let (lines, inks) = revealed_choices(None, Size::Quadrant, 200);
        assert_eq!(
            lines,
            ["A probably present", "B definitely absent <- the answer"]
        );
        assert_eq!(inks, [Some(Role::Hint), Some(ANSWER_INK)]);
        // As present mode sets it at 120x40: the short words, the choice
        // still on one line.
        let (lines, _) = revealed_choices(None, Size::Sextant, 120);
        assert_eq!(
            lines,
            ["A probably present", "B definitely absent <- answer"]
        );
        // As at 200x60: only the bare pointer fits on the choice's line.
        let (lines, _) = revealed_choices(None, Size::HalfHeight, 200);
        assert_eq!(lines, ["A probably present", "B definitely absent <-"]);
        // The class picked the answer; then the wrong choice.
        let (lines, _) = revealed_choices(Some(1), Size::Quadrant, 200);
        assert_eq!(
            lines,
            [
                "A probably present",
                "B definitely absent <- answer, as the class said"
            ]
        );
        let (lines, _) = revealed_choices(Some(1), Size::Sextant, 120);
        assert_eq!(lines[1], "B definitely absent <- answer");
        let (lines, _) = revealed_choices(Some(0), Size::Quadrant, 200);
        assert_eq!(
            lines,
            [
                "A probably present <- the class's pick",
                "B definitely absent <- the answer"
            ]
        );
        // Every wording the marks use has its glyphs in the big font.
        for (answer, picked) in [(true, true), (true, false), (false, true)] {
            for mark in reveal_marks(answer, picked) {
                assert!(crate::ui::big::legible(mark), "{mark}");
            }
        }
    }

    #[test]
    fn a_big_question_keeps_its_terms_whole_and_breaks_after_its_colon() {
        // Scene 4, step 5, as present mode sets it at 120x40: set word
        // by word, "k = 10" broke after "k" and "7?" stood alone.
        let lecture = Lecture::builtin();
        let board = lecture.step_board(lecture.scene_start(3) + 4).clone();
        let words = Card::Predict.big_words(&board).expect("big words");
        let set = words.set(Size::Quadrant, 120).expect("fits");
        assert_eq!(
            set.big[0].lines,
            [
                "Still 10 bits per item:",
                "is k = 10 better or worse",
                "than k = 7?"
            ]
        );
        // A choice breaks after its colon when it takes two lines anyway.
        assert_eq!(set.big[1].lines, ["A better:", "fewer false positives"]);
    }

    #[test]
    fn a_note_listed_with_wide_gaps_sets_each_item_on_its_own_big_line() {
        let lecture = Lecture::builtin();
        // Scene 5, step 6: "insert: yes   query: yes   delete: never".
        let board = lecture.step_board(lecture.scene_start(4) + 5).clone();
        let words = Card::Notes.big_words(&board).expect("notes big");
        let texts: Vec<&str> = words.big.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(texts, ["insert: yes", "query: yes", "delete: never"]);
        // One ink for the three parts of the rule: "insert: yes" alone
        // in the title's ink read as the rule's point.
        let set = words.set(Size::Quadrant, 200).expect("fits");
        assert_eq!(set.inks, [Some(Role::Title); 3]);
    }
}
