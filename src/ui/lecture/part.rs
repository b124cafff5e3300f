//! The seam between the scene planner and the board's parts. A part says
//! what it is, which column it takes, on which boards it shows and, fitted
//! to one scene, how many rows it needs, how it grows into spare rows, how
//! it is drawn and what it puts on screen. The planner (`plan.rs`) names no
//! part: it stacks the parts of [`super::PARTS`] in that list's order and
//! grows whichever part helps the emptiest step most.

use std::fmt::Debug;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::lecture::Board;
pub(crate) use crate::ui::layout::{Kind, Layout};
use crate::ui::theme::Theme;

/// Width from which a screen counts as big: the row may share the main
/// column with the charts, and a step of cards alone gets its spotlight.
pub(crate) const BIG_WIDTH: u16 = 160;

/// How the lecture is being shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Options {
    /// Present mode: no chrome, a headline in big letters.
    pub present: bool,
    /// Narration under the board.
    pub narration: bool,
}

/// Which columns of the board a part spans.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Column {
    /// The whole width.
    Full,
    /// The main column (the whole width when the cards are not beside it).
    Main,
    /// The cards' column (the whole width when the cards are not beside).
    Cards,
    /// The whole width, or the main column when a big screen puts the row
    /// and the diagrams beside the cards.
    Wide,
}

/// Where a part goes and how it grows, as the part declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Place {
    /// What it is.
    pub kind: Kind,
    /// Which columns it spans.
    pub column: Column,
    /// When two parts' growth helps alike, the lower rank grows first.
    pub growth_rank: u8,
    /// Big letters that say again what another part shows (present mode's
    /// verdict and headline): the first to go when the board is too small,
    /// and set under the parts they speak of or above everything,
    /// whichever covers more.
    pub big_letters: bool,
    /// Shows only where nothing outside the cards' column does, so it
    /// covers no diagram, and only on a board at least this wide with the
    /// cards in a column of their own (the spotlight).
    pub alone_with_cards: Option<u16>,
    /// In present mode the whole width, whatever its column (a card set
    /// in big type).
    pub wide_when_present: bool,
    /// Kept as tall as it can be when the planner weighs one layout
    /// against another, since it hides its content when squeezed flat (the
    /// charts); the cards go beside it first on a wide screen.
    pub kept_tall: bool,
    /// The subject of the steps that show it (a question, the newest
    /// formula): in present mode it takes its first big size before any
    /// other part grows.
    pub focal: bool,
    /// The figure the class follows from scene to scene (the bit row): in
    /// present mode a scene that shows it is not centred, so it stands at
    /// the top of the wall in every scene and the rows left over go below.
    pub anchored: bool,
    /// Supports whatever shares its steps (the notes): it goes under
    /// those parts, however early it arrived.
    pub trailing: bool,
    /// A step's take-away (the notes): where the planner tries setting it
    /// big beside a curve, it takes its first big size right after the
    /// focal parts, before any part grows into spare rows.
    pub takeaway: bool,
}

impl Place {
    /// A part of `kind` in `column` that keeps its size.
    pub(crate) const fn new(kind: Kind, column: Column) -> Place {
        Place {
            kind,
            column,
            growth_rank: u8::MAX,
            big_letters: false,
            alone_with_cards: None,
            kept_tall: false,
            wide_when_present: false,
            focal: false,
            anchored: false,
            trailing: false,
            takeaway: false,
        }
    }

    /// The same part, a step's take-away (see [`Place::takeaway`]).
    pub(crate) const fn takeaway(self) -> Place {
        Place {
            takeaway: true,
            ..self
        }
    }

    /// The same part, under whatever shares its steps (see
    /// [`Place::trailing`]).
    pub(crate) const fn trailing(self) -> Place {
        Place {
            trailing: true,
            ..self
        }
    }

    /// The same part, in one place from scene to scene (see
    /// [`Place::anchored`]).
    pub(crate) const fn anchored(self) -> Place {
        Place {
            anchored: true,
            ..self
        }
    }

    /// The same part, the subject of its steps (see [`Place::focal`]).
    pub(crate) const fn focal(self) -> Place {
        Place {
            focal: true,
            ..self
        }
    }

    /// The same part, across the whole width in present mode.
    pub(crate) const fn wide_when_present(self) -> Place {
        Place {
            wide_when_present: true,
            ..self
        }
    }

    /// The same part, kept tall (see [`Place::kept_tall`]).
    pub(crate) const fn kept_tall(self) -> Place {
        Place {
            kept_tall: true,
            ..self
        }
    }

    /// The same part, growing into spare rows with rank `rank`.
    pub(crate) const fn growing(self, rank: u8) -> Place {
        Place {
            growth_rank: rank,
            ..self
        }
    }

    /// The same part, in big letters that give way first.
    pub(crate) const fn big_letters(self) -> Place {
        Place {
            big_letters: true,
            ..self
        }
    }
}

/// A part of the board, as the registry lists it.
pub(crate) trait Part: Sync {
    /// What it is, where it goes and how it grows.
    fn place(&self) -> Place;

    /// Whether the board shows it.
    fn shows(&self, board: &Board, opts: Options) -> bool;

    /// Whether on `board` it is the words a title with a subtitle sets
    /// under itself (see [`Rung::subtitle`]), so it is not drawn apart.
    fn is_subtitle(&self, _board: &Board, _opts: Options) -> bool {
        false
    }

    /// The part fitted to one scene: measured once, at the width it gets.
    fn fit(&self, scene: &Fitting<'_>) -> Box<dyn Fitted>;

    /// For a part that may join the main column beside the cards on a big
    /// screen: the columns it needs there on this board.
    fn beside_width(&self, _board: &Board) -> u16 {
        0
    }

    /// For a part in the cards' column: the columns it would like on this
    /// board (its longest unwrapped line and frame).
    fn wanted_width(&self, _board: &Board) -> u16 {
        0
    }
}

/// Where a scene keeps present mode's big letters (the verdict, the
/// probe's figure), which say again what another part shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Letters {
    /// On every step that has them.
    Everywhere,
    /// Not on a step whose subject is a focal part (a question being
    /// revealed): that step's big letters wait for the next step, so the
    /// question shares their rows.
    AwayFromFocal,
    /// Nowhere.
    Nowhere,
}

/// How much of present mode's big type a scene keeps: the planner tries
/// each of [`RUNGS`] in turn and takes the first whose parts fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rung {
    /// Whether a part's supporting words may be set big (the bit row's
    /// indices, owners and query line).
    pub words: bool,
    /// Where the big letters go.
    pub letters: Letters,
    /// Whether the title takes the notes shown with it as its subtitle,
    /// set big under it: the planner tries it once the rest is planned
    /// and keeps it only where no part gives up type or growth for it.
    pub subtitle: bool,
}

/// The rungs, most big type first: the row's words before the big letters,
/// since the row is what the class reads and the letters repeat it.
pub(crate) const RUNGS: [Rung; 6] = [
    Rung::new(true, Letters::Everywhere),
    Rung::new(true, Letters::AwayFromFocal),
    Rung::new(true, Letters::Nowhere),
    Rung::new(false, Letters::Everywhere),
    Rung::new(false, Letters::AwayFromFocal),
    Rung::new(false, Letters::Nowhere),
];

impl Rung {
    const fn new(words: bool, letters: Letters) -> Rung {
        Rung {
            words,
            letters,
            subtitle: false,
        }
    }

    /// The same rung, with or without the title's subtitle.
    pub(crate) const fn with_subtitle(self, subtitle: bool) -> Rung {
        Rung { subtitle, ..self }
    }

    /// The least big type: every rung but this one is for present mode.
    pub(crate) const LEAST: Rung = Rung::new(false, Letters::Nowhere);

    /// Its place in [`RUNGS`] (0 keeps the most).
    pub(crate) fn rank(self) -> usize {
        let plain = self.with_subtitle(false);
        RUNGS
            .iter()
            .position(|r| *r == plain)
            .unwrap_or(RUNGS.len())
    }
}

/// What a part is fitted with: the scene's boards and where it stands.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fitting<'a> {
    /// Every board the scene can show (each step, and each revealed).
    pub boards: &'a [&'a Board],
    /// For each board, whether the part shows on it.
    pub life: &'a [bool],
    /// How the lecture is shown.
    pub opts: Options,
    /// How much of present mode's big type the scene keeps.
    pub rung: Rung,
    /// The board's area.
    pub board: Rect,
    /// The columns the part spans.
    pub width: u16,
    /// Whether a chart may say what it plots in big letters over its
    /// curve: the planner allows it only where no other part gives up
    /// big type or growth for it.
    pub headings: bool,
    /// Whether notes shown beside a curve may be set big (at the smallest
    /// big size, so the chart keeps its rows): the planner allows it only
    /// where no other part gives up big type or growth for it.
    pub takeaways: bool,
}

impl<'a> Fitting<'a> {
    /// Whether present mode's big letters get their rows in this scene
    /// (on some of its steps at least).
    pub(crate) fn big_letters(&self) -> bool {
        self.rung.letters != Letters::Nowhere
    }

    /// Whether the part's supporting words (the row's indices and owners,
    /// a chart's ticks and legend) are set big: in present mode, on a
    /// projector's grid, unless the planner gave them up for the scene to
    /// fit (its rung).
    pub(crate) fn words_big(&self) -> bool {
        self.opts.present
            && self.rung.words
            && self.width >= super::big_row::FROM_WIDTH
            && self.board.height >= super::big_row::FROM_HEIGHT
    }

    /// The boards the part shows on.
    pub(crate) fn shown(&self) -> impl Iterator<Item = &'a Board> + '_ {
        self.boards
            .iter()
            .zip(self.life)
            .filter(|(_, shows)| **shows)
            .map(|(b, _)| *b)
    }

    /// The most `rows` gives for any board the part shows on (0 for none).
    pub(crate) fn most(&self, rows: impl Fn(&Board) -> u16) -> u16 {
        self.shown().map(rows).max().unwrap_or(0)
    }
}

/// A part fitted to one scene.
pub(crate) trait Fitted: Debug {
    /// Rows it takes at growth `notch` (0 is its smallest).
    fn rows(&self, notch: u16) -> u16;

    /// Whether it can grow one notch from `notch`.
    fn grows(&self, _notch: u16) -> bool {
        false
    }

    /// How far its words grew at `notch`, in a measure two fits of the
    /// part share: the notch less any blank rows it grew by past its
    /// largest words (a title padded to the middle of the wall), so two
    /// plans compare type, not padding.
    fn words_notch(&self, notch: u16) -> u16 {
        notch
    }

    /// Rows its words set big add to it (a chart's big ticks and legend):
    /// a chart's share of the board is kept for its curve, not for them.
    fn big_words_rows(&self) -> u16 {
        0
    }

    /// The rows of its planned `rect` it uses on this board (a card only
    /// as tall as its lines, so the narration may have the rest).
    fn used(&self, _board: &Board, rect: Rect) -> Rect {
        rect
    }

    /// Whether, grown to `notch`, it gives the reason for the query's
    /// verdict itself (present mode's big verdict), so the query's own
    /// line leaves it out.
    fn explains(&self, _notch: u16) -> bool {
        false
    }

    /// Draws it.
    fn draw(&self, at: &At<'_>, buf: &mut Buffer, theme: &Theme);

    /// What it shows: its type scale and its texts.
    fn describe(&self, at: &At<'_>) -> Shows;
}

/// Where and how a fitted part is drawn on one step.
#[derive(Debug, Clone, Copy)]
pub(crate) struct At<'a> {
    /// The step's board.
    pub board: &'a Board,
    /// The part's rows on this step, inside the board.
    pub rect: Rect,
    /// How far it grew.
    pub notch: u16,
    /// Present mode.
    pub present: bool,
    /// Present mode's big verdict gives its reason under the call on this
    /// board, so the line under the query leaves it to it.
    pub explained: bool,
}

/// What a part shows on one step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Shows {
    /// Rows one letter stands: 1 for plain text, more for big letters.
    pub scale: u16,
    /// Its texts, each whole.
    pub text: Vec<String>,
    /// A bit row's cell, or a bar chart's longest bar, as `(columns, rows)`.
    pub cell: Option<(u16, u16)>,
}

impl Shows {
    /// Plain text.
    pub(crate) fn plain(text: Vec<String>) -> Shows {
        Shows {
            scale: 1,
            text,
            cell: None,
        }
    }
}
