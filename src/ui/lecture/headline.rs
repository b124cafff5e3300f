//! Present mode's big letters: the verdict (or the flagged mistake) under
//! the row it judges, and the probe's figure over the charts it reads.
//! Both take one size through the scene, so a step's headline never
//! jumps to another size on the next.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::part::{At, Column, Fitted, Fitting, Kind, Options, Part, Place, Rung, Shows};
use super::plan::shows_at;
use super::row_data::Call;
use crate::lecture::figures::sig;
use crate::lecture::texts::{Judgement, verdict_words};
use crate::lecture::{Board, Curve, Element, Query, QuerySource};
use crate::ui::big::{Big, Size};
use crate::ui::theme::{Role, Theme, verdict_role};

/// Big letters of one of the two kinds.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BigLetters {
    verdict: bool,
}

/// The verdict, under the row it judges.
pub(crate) const VERDICT: BigLetters = BigLetters { verdict: true };
/// The probe's figure, over the charts.
pub(crate) const HEADLINE: BigLetters = BigLetters { verdict: false };

impl Part for BigLetters {
    fn place(&self) -> Place {
        let kind = Kind::new(if self.verdict { "verdict" } else { "headline" });
        Place::new(kind, Column::Full).big_letters()
    }

    fn shows(&self, board: &Board, opts: Options) -> bool {
        let verdict = verdict_text(board).is_some();
        opts.present
            && if self.verdict {
                verdict
            } else {
                // On a step that derives a formula the formula is the
                // subject: the probe's figure waits for the next step.
                !verdict && !derives(board) && probe_headline(board, false).is_some()
            }
    }

    fn fit(&self, scene: &Fitting<'_>) -> Box<dyn Fitted> {
        // The verdict and the probe's figure take one size through the
        // scene: the largest at which every step's headline fits the
        // width, at most a fifth of the board's rows (the question and
        // the formula need theirs). A probe's figure names its rate unless
        // only the bare figure fits.
        let (size, short) = scene_size(scene);
        let size = size.filter(|_| self.verdict || figures_up(scene));
        let reason = if self.verdict && size.is_some() {
            reason_rows(scene)
        } else {
            0
        };
        Box::new(Letters {
            size,
            short,
            reason,
            verdict: self.verdict,
        })
    }
}

/// The size of the reason under a big verdict: the bit row's words'.
const REASON_SIZE: Size = Size::Sextant;
/// Lines the reason may take.
const REASON_LINES: usize = 2;

/// The reason under a big verdict ("y is in the set"), with the call
/// before it when the answer was right ("right: y is in the set"): a
/// wrong answer's call is the big verdict itself. None beside a question
/// that says it already.
fn reason_text(board: &Board) -> Option<String> {
    if question_says_why(board) {
        return None;
    }
    let words = verdict_words(shown_query(board)?);
    Some(match (words.judgement, words.call) {
        (Judgement::Right, Some(call)) => format!("{call}: {}", words.reason),
        _ => words.reason,
    })
}

/// Whether a question on the board states the query's reason itself
/// ("v was never inserted. Does the filter say ...?"): every word of the
/// reason is among the question's.
fn question_says_why(board: &Board) -> bool {
    let (Some(p), Some(q)) = (&board.predict, shown_query(board)) else {
        return false;
    };
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let question = words(&p.question);
    words(&verdict_words(q).reason)
        .iter()
        .all(|w| question.contains(w))
}

/// The reason set big `width` columns wide, if it fits its lines.
fn reason_big(board: &Board, width: u16) -> Option<Big> {
    Big::prose(&reason_text(board)?, REASON_SIZE, room(width))
        .filter(|b| b.lines.len() <= REASON_LINES)
}

/// Rows a scene's big verdict would add to give its reason in big type
/// under the call (0 when some step's reason does not fit): only on a
/// wall where the row's own words are big, so the reason is no smaller
/// than the words it explains.
fn reason_rows(scene: &Fitting<'_>) -> u16 {
    if !scene.words_big() {
        return 0;
    }
    let sets: Option<Vec<Big>> = scene
        .boards
        .iter()
        .filter(|b| shows_at(&VERDICT, b, scene.opts, scene.rung) && !question_says_why(b))
        .map(|b| reason_big(b, scene.width))
        .collect();
    sets.map_or(0, |sets| sets.iter().map(Big::height).max().unwrap_or(0))
}

/// Whether a scene puts its probe's figure up in big letters: where it
/// would do so on fewer than a third of its slides, the rows it keeps
/// through the scene would stand empty on the rest (scene 3 probes the
/// fill once in eleven steps), and the chart's legend, set big on a wall,
/// gives the figure instead.
fn figures_up(scene: &Fitting<'_>) -> bool {
    let up = scene
        .boards
        .iter()
        .filter(|b| shows_at(&HEADLINE, b, scene.opts, scene.rung))
        .count();
    3 * up >= scene.boards.len()
}

/// The size the big letters take through a scene (`None` when the scene
/// has none, or none fit), and whether the probe's figure goes without its
/// rate's name (only the bare figure fits).
fn scene_size(scene: &Fitting<'_>) -> (Option<Big>, bool) {
    let fit = |short: bool| {
        let texts: Vec<String> = scene
            .boards
            .iter()
            .filter(|_| scene.big_letters() && scene.opts.present)
            // Only the steps that keep their letters on this rung: a
            // question's long reveal the rung leaves off would size them
            // all.
            .filter(|b| {
                shows_at(&VERDICT, b, scene.opts, scene.rung)
                    || shows_at(&HEADLINE, b, scene.opts, scene.rung)
            })
            .filter_map(|b| headline_text(b, short))
            .collect();
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        (!refs.is_empty())
            .then(|| Big::fit_all(&refs, room(scene.width), scene.board.height / 5))
            .flatten()
    };
    match fit(false) {
        Some(size) => (Some(size), false),
        None => (fit(true), true),
    }
}

/// Whether the scene's big verdict is on the wall on a board, for the
/// parts whose query line it judges: they leave the call to it.
#[derive(Debug, Clone)]
pub(crate) struct Called {
    /// The verdict's size through the scene.
    size: Option<Big>,
    /// Whether the scene's headlines go without their rate's name.
    short: bool,
    /// The scene's rung (where its big letters go).
    rung: Rung,
    opts: Options,
    /// The verdict's width (the board's).
    width: u16,
    /// Whether the scene puts its probe's figure up.
    figures: bool,
}

impl Called {
    /// For a part of the scene: the big letters span the board, whatever
    /// the part's own width.
    pub(crate) fn of(scene: &Fitting<'_>) -> Called {
        let across = Fitting {
            width: scene.board.width,
            ..*scene
        };
        let (size, short) = scene_size(&across);
        Called {
            size,
            short,
            rung: scene.rung,
            opts: scene.opts,
            width: scene.board.width,
            figures: figures_up(scene),
        }
    }

    /// Whether the big verdict is drawn on `board`.
    pub(crate) fn on(&self, board: &Board) -> bool {
        self.drawn(&VERDICT, board)
    }

    /// Who says the verdict of the query on the step `at`: beside a
    /// question, which states the reason, the big call is all it needs.
    pub(crate) fn call(&self, at: &At<'_>) -> Call {
        match (
            self.on(at.board),
            at.explained || question_says_why(at.board),
        ) {
            (false, _) => Call::Open,
            (true, false) => Call::Called,
            (true, true) => Call::Explained,
        }
    }

    /// Whether the probe's figure is drawn big over the charts on `board`.
    pub(crate) fn figure_on(&self, board: &Board) -> bool {
        self.figures && self.drawn(&HEADLINE, board)
    }

    fn drawn(&self, kind: &BigLetters, board: &Board) -> bool {
        shows_at(kind, board, self.opts, self.rung)
            && Letters {
                size: self.size.clone(),
                short: self.short,
                reason: 0,
                verdict: kind.verdict,
            }
            .set(board, self.width)
            .is_some()
    }
}

/// Big letters fitted to a scene.
#[derive(Clone, Debug)]
struct Letters {
    /// The scene's size (its lines are the scene's tallest headline's).
    size: Option<Big>,
    /// Whether the probe's figure goes without its rate's name.
    short: bool,
    /// Rows the verdict's reason takes set big under it, when the part
    /// grows a notch for it (0: it cannot).
    reason: u16,
    /// The verdict rather than the probe's figure.
    verdict: bool,
}

impl Letters {
    /// Rows the reason adds under the call at `notch`: its own, less the
    /// call's last row where the call's letters leave it blank (capitals
    /// at the full size and larger stand on the row above), so the reason
    /// starts there, a clear row under the call still.
    fn under(&self, notch: u16) -> u16 {
        if !self.explains(notch) {
            return 0;
        }
        let blank_last = self
            .size
            .as_ref()
            .is_some_and(|b| matches!(b.size, Size::Full | Size::Double));
        self.reason - u16::from(blank_last)
    }

    /// This step's headline at the scene's size, if it fits `width`.
    fn set(&self, board: &Board, width: u16) -> Option<Big> {
        let text = headline_text(board, self.short).unwrap_or_default();
        let scene = self.size.as_ref()?;
        // Set as prose where that takes no more lines: a headline on two
        // lines then breaks after its colon ("20 bits:" over "epsilon
        // 0.000067"), so a rate's name stays with its figure.
        Big::prose(&text, scene.size, room(width))
            .filter(|b| b.lines.len() <= scene.lines.len())
            .or_else(|| scene.with_text(&text, room(width)))
    }
}

/// The columns big letters may take in a part `width` wide: a column is
/// kept clear at each side, so a headline that would run edge to edge
/// does not look cut off by the projector's frame.
fn room(width: u16) -> u16 {
    width.saturating_sub(2)
}

impl Fitted for Letters {
    fn rows(&self, notch: u16) -> u16 {
        self.size.as_ref().map_or(0, |b| b.height() + 1) + self.under(notch)
    }

    // One notch: the reason in big type under the call, where the wall has
    // the rows (else it stays a small line under the query).
    fn grows(&self, notch: u16) -> bool {
        notch == 0 && self.reason > 0
    }

    fn explains(&self, notch: u16) -> bool {
        notch > 0 && self.reason > 0
    }

    fn draw(&self, at: &At<'_>, buf: &mut Buffer, theme: &Theme) {
        let Some(big) = self.set(at.board, at.rect.width) else {
            return;
        };
        let role = headline_role(at.board);
        let under = self.under(at.notch);
        // The verdict's spare row goes on top: a small line drawn just
        // above (the row's verdict in words) keeps clear of the big
        // letters, whose font leaves its own last row blank. The probe's
        // figure keeps it underneath, over the chart's frame, since a
        // letter that hangs below the line ("epsilon") would touch the
        // frame, and present mode keeps the wall's top row blank anyway.
        // A step whose headline takes fewer lines than the scene's
        // tallest is centred in the rows the scene keeps for it.
        let room = at.rect.height.saturating_sub(1 + under);
        let spare = room.saturating_sub(big.height()) / 2;
        let letters = Rect {
            y: at.rect.y + u16::from(self.verdict) + spare,
            height: room - spare,
            ..at.rect
        };
        big.draw(letters, buf, theme.style(role));
        if under == 0 {
            return;
        }
        if let Some(why) = reason_big(at.board, at.rect.width) {
            let rows = Rect {
                y: letters.bottom() + under - self.reason,
                height: self.reason,
                ..at.rect
            };
            why.draw(rows, buf, theme.style(reason_role(at.board)));
        }
    }

    fn describe(&self, at: &At<'_>) -> Shows {
        let Some(big) = self.set(at.board, at.rect.width) else {
            return Shows::plain(Vec::new());
        };
        let mut text = vec![big.lines.join(" ")];
        if self.explains(at.notch) {
            text.extend(reason_big(at.board, at.rect.width).map(|b| b.lines.join(" ")));
        }
        Shows {
            scale: big.scale(),
            text,
            cell: None,
        }
    }
}

/// The ink of the reason under a big verdict: the small verdict line's,
/// right in the good ink and wrong in the alarm's.
fn reason_role(board: &Board) -> Role {
    if wrong(board) { Role::Bad } else { Role::Good }
}

/// Whether the step adds a line to the derivation on show.
pub(crate) fn derives(board: &Board) -> bool {
    board.derived && board.shows(Element::Derivation) && !board.derivation.is_empty()
}

/// The step's headline in present mode: the flagged mistake, else the
/// verdict, else the probe's figure (its rate unnamed when `short`).
pub(crate) fn headline_text(board: &Board, short: bool) -> Option<String> {
    verdict_text(board).or_else(|| probe_headline(board, short))
}

/// The query on the board when its structure is on show.
fn shown_query(board: &Board) -> Option<&Query> {
    board.query.as_ref().filter(|q| match q.source {
        QuerySource::Row => board.shows(Element::Row),
        QuerySource::Counters => board.shows(Element::Counters),
    })
}

/// The ink of the board's headline. A wrong answer is in the alarm ink
/// whether or not its mistake has been named yet (its words say "wrong"
/// as well, for a screen without colour). A right answer takes its
/// verdict's own ink, the one the small verdict under the row uses, so
/// "probably present" and "definitely absent" differ in colour from the
/// back of the room. The probe's figure keeps the title's ink.
fn headline_role(board: &Board) -> Role {
    if wrong(board) {
        return Role::Bad;
    }
    match shown_query(board).and_then(|q| q.verdict) {
        Some(v) if verdict_text(board).is_some() => verdict_role(v),
        _ => Role::Title,
    }
}

/// Whether the board's headline is a wrong answer (named or not yet).
fn wrong(board: &Board) -> bool {
    verdict_text(board).is_some()
        && shown_query(board).is_some_and(|q| {
            matches!(
                verdict_words(q).judgement,
                Judgement::Wrong | Judgement::Unnamed
            )
        })
}

/// The flagged mistake, else the verdict, of a query the board shows; a
/// wrong verdict not yet named says in front that the filter is wrong.
/// "WRONG:" alone over a question whose answer is that very verdict (5.3)
/// read as telling the class its answer was wrong.
fn verdict_text(board: &Board) -> Option<String> {
    let q = shown_query(board)?;
    if let Some(flag) = q.flag {
        return Some(flag.as_str().to_uppercase());
    }
    let v = q.verdict?.as_str().to_uppercase();
    let words = verdict_words(q);
    Some(match (words.judgement, words.call) {
        (Judgement::Unnamed, Some(call)) => format!("{}: {v}", call.to_uppercase()),
        _ => v,
    })
}

/// The probe's figure for present mode's headline ("fill 0.43",
/// "k = 7: epsilon 0.0082"), when a curve shows its probe: the rate
/// named as the lecture names it, or only the figure when `short` (for a
/// screen too narrow to say it in big type). It keeps the formulas'
/// lower-case k, so the headline and the derivation name the same thing.
fn probe_headline(board: &Board, short: bool) -> Option<String> {
    let rate = if short { "" } else { "epsilon " };
    [Curve::Fill, Curve::K, Curve::Bits]
        .into_iter()
        .find_map(|curve| {
            board.probe(curve).map(|(x, y)| match curve {
                Curve::Fill => format!("fill {}", sig(y, 2)),
                Curve::K => format!("k = {x}: {rate}{}", sig(y, 2)),
                Curve::Bits => format!("{x} bits: {rate}{}", sig(y, 2)),
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lecture::Lecture;

    /// A headline too long for one line breaks after its colon, so the
    /// rate's name stays with its figure, and keeps clear of the edges
    /// and of the frame under it.
    #[test]
    fn a_two_line_headline_breaks_after_its_colon() {
        let lecture = Lecture::builtin();
        // The longest of the bits curve's headlines.
        let (board, text) = (0..lecture.len())
            .map(|s| lecture.step_board(s))
            .filter(|b| b.probe(Curve::Bits).is_some())
            .filter_map(|b| headline_text(b, false).map(|t| (b, t)))
            .max_by_key(|(_, t)| t.len())
            .expect("a step probes the bits curve");
        assert!(text.contains(": epsilon "), "{text}");
        // Two lines at a size whose letters are 8 columns wide.
        let scene = Big::fit_all(&[&text], room(200), 12).expect("fits");
        assert_eq!(scene.size, Size::HalfHeight);
        let letters = Letters {
            size: Some(scene),
            short: false,
            reason: 0,
            verdict: false,
        };
        let set = letters.set(board, 200).expect("set");
        assert_eq!(set.lines.len(), 2, "{set:?}");
        assert!(set.lines[0].ends_with(':'), "{set:?}");
        assert!(set.lines[1].starts_with("epsilon "), "{set:?}");
        assert!(set.width() <= 198, "{set:?}");
        // The part's spare row stays under the probe's figure, between
        // a letter hanging below its line ("epsilon") and the chart's
        // frame; the verdict keeps it on top, for the line above it.
        let blank = |buf: &Buffer, y: u16| (0..200).all(|x| buf[(x, y)].symbol() == " ");
        for verdict in [false, true] {
            let letters = Letters {
                verdict,
                ..letters.clone()
            };
            let area = Rect::new(0, 0, 200, set.height() + 1);
            let mut buf = Buffer::empty(area);
            let at = At {
                board,
                rect: area,
                notch: 0,
                present: true,
                explained: false,
            };
            letters.draw(&at, &mut buf, &Theme::MONO);
            let (top, bottom) = (blank(&buf, 0), blank(&buf, area.height - 1));
            assert_eq!((top, bottom), (verdict, !verdict), "verdict {verdict}");
        }
    }
}
