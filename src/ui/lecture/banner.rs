//! The lecture's title: big letters as large as the room allows, grown a
//! size at a time into spare rows and said once, centred (in present mode
//! across the wall, in the rows the board leaves); the plain title between
//! rules when no big setting fits. In present mode the notes shown with
//! the title (the lecture's opening question) are its subtitle: set under
//! it in letters half its height or smaller, where a card at the foot of
//! the wall would leave them in small type.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::part::{At, Column, Fitted, Fitting, Kind, Options, Part, Place, Shows};
use crate::lecture::{Board, Element};
use crate::ui::big::{Big, GROWING, Size, legible};
use crate::ui::format::wrap;
use crate::ui::paint::{Painter, width};
use crate::ui::theme::{Role, Theme};

/// Rows of the plain title between its rules.
const PLAIN_ROWS: u16 = 3;

/// Most lines a subtitle's note may take at a big size: a third line
/// reads as a paragraph, which small type says better.
const SUBTITLE_LINES: usize = 2;

/// Whether the title on `board` carries its notes as a subtitle: in
/// present mode, when both show.
pub(crate) fn subtitled(board: &Board, present: bool) -> bool {
    present
        && board.shows(Element::Banner)
        && board.banner.is_some()
        && board.shows(Element::Notes)
        && !board.notes.is_empty()
}

/// The title part.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BannerPart;

impl Part for BannerPart {
    fn place(&self) -> Place {
        Place::new(Kind::new("banner"), Column::Main)
            .growing(4)
            .wide_when_present()
    }

    fn shows(&self, board: &Board, _opts: Options) -> bool {
        board.shows(Element::Banner) && board.banner.is_some()
    }

    fn fit(&self, scene: &Fitting<'_>) -> Box<dyn Fitted> {
        // Each notch is the smallest setting taller than the one before,
        // of the longest title the scene shows.
        let mut sizes: Vec<Big> = Vec::new();
        let longest = scene
            .shown()
            .filter_map(|b| b.banner.clone())
            .max_by_key(|t| t.len());
        if let Some(text) = longest {
            let settings = Big::settings(&text.to_uppercase(), scene.width);
            while let Some(next) = settings
                .iter()
                .find(|b| b.height() > sizes.last().map_or(0, Big::height))
            {
                sizes.push(next.clone());
            }
        }
        // The subtitles the scene shows, each a list of notes, when the
        // planner gives the title one.
        let notes: Vec<Vec<String>> = scene
            .shown()
            .filter(|b| scene.rung.subtitle && subtitled(b, scene.opts.present))
            .map(|b| b.notes.clone())
            .collect();
        // The rows down to the board's foot: the same whether or not
        // present mode keeps the board's top row blank, so a plan a row
        // lower cannot keep the title's size by shrinking its subtitle
        // (the planner then keeps the top row).
        let room = scene.board.bottom();
        let under = |title: Option<&Big>| Subtitle::fit(&notes, title, scene.width, room);
        let plain = under(None);
        // A notch must take more rows than the one before (the planner
        // grows a notch at a time while rows are left): a taller title
        // whose subtitle drops to small type may not, and is skipped.
        let mut settings: Vec<(Big, Subtitle)> = Vec::new();
        for big in sizes {
            let sub = under(Some(&big));
            let rows = |(b, s): &(Big, Subtitle)| b.height() + s.rows;
            if settings
                .last()
                .is_none_or(|last| rows(last) < big.height() + sub.rows)
            {
                settings.push((big, sub));
            }
        }
        let pad = if scene.opts.present {
            scene.board.height
        } else {
            0
        };
        Box::new(Banner {
            settings,
            plain,
            pad,
            subtitle: scene.rung.subtitle,
        })
    }
}

/// The notes under the title, as one setting of the title has them.
#[derive(Debug, Clone, PartialEq)]
struct Subtitle {
    /// Their big size, or `None` for small type.
    size: Option<Size>,
    /// Rows they take under the title at the most over the scene's
    /// steps, the blank row above them included (0 for no notes).
    rows: u16,
}

impl Subtitle {
    /// The notes of every step in `notes` under `title` (the plain title
    /// for `None`) on a board `width` columns wide: in the largest growing
    /// size no more than half the title's letter height that sets each
    /// note on at most [`SUBTITLE_LINES`] lines and leaves the title and
    /// subtitle within `room` rows, else in small type.
    fn fit(notes: &[Vec<String>], title: Option<&Big>, width: u16, room: u16) -> Subtitle {
        if notes.is_empty() {
            return Subtitle {
                size: None,
                rows: 0,
            };
        }
        let most_rows = |size: Option<Size>| {
            notes
                .iter()
                .map(|list| subtitle_lines(list, size, width).map(|l| l.1))
                .try_fold(0, |most: u16, rows| rows.map(|r| most.max(r)))
        };
        let big = title.and_then(|t| {
            GROWING
                .iter()
                .rev()
                .filter(|size| 2 * size.letter().1 <= t.scale())
                .find_map(|&size| {
                    most_rows(Some(size))
                        .filter(|rows| t.height() + 2 + 1 + rows <= room)
                        .map(|rows| (size, rows))
                })
        });
        let (size, rows) = match big {
            Some((size, rows)) => (Some(size), rows),
            None => (None, most_rows(None).unwrap_or(0)),
        };
        // A blank row between the title and its subtitle.
        Subtitle {
            size,
            rows: rows + 1,
        }
    }
}

/// `notes` set as a subtitle `width` columns wide: each note big at
/// `size` on at most [`SUBTITLE_LINES`] lines (`None` if one cannot be),
/// or wrapped small for no size; with the rows they take, a blank row
/// between two big notes.
fn subtitle_lines(notes: &[String], size: Option<Size>, width: u16) -> Option<(Vec<Subline>, u16)> {
    let mut out = Vec::new();
    let mut rows = 0;
    for note in notes {
        match size {
            Some(size) => {
                // Lines of about equal length, as the title's are: a
                // question broken after most of its words leaves one
                // word hanging under it.
                if !legible(note) {
                    return None;
                }
                let big = Big::settings(note, width)
                    .into_iter()
                    .filter(|b| b.size == size && b.lines.len() <= SUBTITLE_LINES)
                    .min_by_key(|b| b.lines.len())?;
                rows += big.height() + u16::from(!out.is_empty());
                out.push(Subline::Big(big));
            }
            None => {
                for line in wrap(note, usize::from(width)) {
                    rows += 1;
                    out.push(Subline::Small(line));
                }
            }
        }
    }
    Some((out, rows))
}

/// One piece of a subtitle as drawn.
#[derive(Debug, Clone)]
enum Subline {
    /// A note in big letters.
    Big(Big),
    /// A line of a note in small type.
    Small(String),
}

/// The title fitted to a scene.
#[derive(Debug)]
struct Banner {
    /// Its big settings, one a notch, each with its subtitle.
    settings: Vec<(Big, Subtitle)>,
    /// The subtitle under the plain title (notch 0).
    plain: Subtitle,
    /// Blank rows it may grow by past its largest setting, so present
    /// mode centres it on the wall.
    pad: u16,
    /// Whether it sets the notes shown with it under it.
    subtitle: bool,
}

impl Banner {
    /// Whether it sets `board`'s notes under it.
    fn subtitled(&self, board: &Board, present: bool) -> bool {
        self.subtitle && subtitled(board, present)
    }

    /// The setting at `notch` (`None` for the plain title).
    fn setting(&self, notch: u16) -> Option<&(Big, Subtitle)> {
        let i = usize::from(notch).min(self.settings.len());
        self.settings.get(i.checked_sub(1)?)
    }

    fn size(&self, notch: u16) -> Option<&Big> {
        self.setting(notch).map(|(big, _)| big)
    }

    fn subtitle(&self, notch: u16) -> &Subtitle {
        self.setting(notch).map_or(&self.plain, |(_, sub)| sub)
    }

    fn biggest(&self) -> u16 {
        u16::try_from(self.settings.len()).unwrap_or(u16::MAX)
    }
}

impl Fitted for Banner {
    fn rows(&self, notch: u16) -> u16 {
        let padding = notch.saturating_sub(self.biggest());
        let title = self.size(notch).map_or(PLAIN_ROWS, |b| b.height() + 2);
        title + self.subtitle(notch).rows + padding
    }

    fn grows(&self, notch: u16) -> bool {
        notch < self.biggest() || (!self.settings.is_empty() && notch < self.biggest() + self.pad)
    }

    // The title's height: its settings differ with and without a
    // subtitle (a setting that adds no rows is skipped), so notches of
    // two fits do not compare, but letters do.
    fn words_notch(&self, notch: u16) -> u16 {
        self.size(notch).map_or(0, Big::height)
    }

    fn draw(&self, at: &At<'_>, buf: &mut Buffer, theme: &Theme) {
        let sub = self.subtitle(at.notch);
        let title = draw(at.board, self.size(at.notch), sub.rows, at.rect, buf, theme);
        if !self.subtitled(at.board, at.present) {
            return;
        }
        // Under the title, a blank row between.
        let Some((lines, _)) = subtitle_lines(&at.board.notes, sub.size, at.rect.width) else {
            return;
        };
        let mut y = title.bottom() + 1;
        let style = theme.style(Role::Note);
        for line in lines {
            match line {
                Subline::Big(big) => {
                    if y > title.bottom() + 1 {
                        y += 1;
                    }
                    let rows = Rect {
                        y,
                        height: big.height(),
                        ..at.rect
                    };
                    big.draw(rows.intersection(at.rect), buf, style);
                    y += big.height();
                }
                Subline::Small(text) => {
                    if y < at.rect.bottom() {
                        Painter::new(buf, at.rect).centred(y - at.rect.y, &text, style);
                    }
                    y += 1;
                }
            }
        }
    }

    fn describe(&self, at: &At<'_>) -> Shows {
        let text = at.board.banner.clone().unwrap_or_default();
        let scale = big_letters(&text, self.size(at.notch), at.rect.width).map_or(1, |b| b.scale());
        let mut words = vec![text];
        if self.subtitled(at.board, at.present) {
            words.extend(at.board.notes.iter().cloned());
        }
        Shows {
            scale,
            text: words,
            cell: None,
        }
    }
}

/// The big setting `text` is drawn in, given the plan's size: the plan's
/// own lines for the text it planned for; another step's title takes the
/// same size.
fn big_letters(text: &str, big: Option<&Big>, width: u16) -> Option<Big> {
    let upper = text.to_uppercase();
    big.and_then(|b| {
        if b.lines.join(" ") == upper {
            Some(b.clone())
        } else {
            b.with_text(&upper, width)
        }
    })
}

/// The title: big letters when the plan found room for them, otherwise
/// the plain title between rules; with the `under` rows its subtitle
/// takes, the whole in the middle of `area`. Returns the rows the title
/// itself took.
fn draw(
    board: &Board,
    big: Option<&Big>,
    under: u16,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) -> Rect {
    let Some(text) = &board.banner else {
        return Rect::default();
    };
    let big = big_letters(text, big, area.width);
    let rows = big.as_ref().map_or(PLAIN_ROWS, Big::height);
    // Said once, in the middle of its rows (the title and its subtitle
    // as one block).
    let title = Rect {
        y: area.y + area.height.saturating_sub(rows + under) / 2,
        height: rows.min(area.height),
        ..area
    };
    if let Some(big) = big {
        big.draw(title, buf, theme.style(Role::Title));
        return title;
    }
    let mut p = Painter::new(buf, title);
    let rule = "━".repeat(usize::from(width(text) + 4));
    if title.height >= 3 {
        p.centred(0, &rule, theme.style(Role::Border));
        p.centred(2, &rule, theme.style(Role::Border));
    }
    p.centred(
        1.min(title.height.saturating_sub(1)),
        text,
        theme.style(Role::Title),
    );
    title
}
