//! The lecture's title: big letters as large as the room allows, grown a
//! size at a time into spare rows, with the title in plain letters under
//! them; the plain title between rules when no big setting fits.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::part::{At, Column, Fitted, Fitting, Kind, Options, Part, Place, Shows};
use crate::lecture::{Board, Element};
use crate::ui::big::Big;
use crate::ui::paint::{Painter, width};
use crate::ui::theme::{Role, Theme};

/// Rows of the plain title between its rules.
const PLAIN_ROWS: u16 = 3;

/// The title part.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BannerPart;

impl Part for BannerPart {
    fn place(&self) -> Place {
        Place::new(Kind::new("banner"), Column::Main).growing(4)
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
        Box::new(Banner { sizes })
    }
}

/// The title fitted to a scene.
#[derive(Debug)]
struct Banner {
    /// Its big settings, one a notch.
    sizes: Vec<Big>,
}

impl Banner {
    fn size(&self, notch: u16) -> Option<&Big> {
        self.sizes.get(usize::from(notch).checked_sub(1)?)
    }
}

impl Fitted for Banner {
    fn rows(&self, notch: u16) -> u16 {
        self.size(notch).map_or(PLAIN_ROWS, |b| b.height() + 2)
    }

    fn grows(&self, notch: u16) -> bool {
        usize::from(notch) < self.sizes.len()
    }

    fn draw(&self, at: &At<'_>, buf: &mut Buffer, theme: &Theme) {
        draw(at.board, self.size(at.notch), at.rect, buf, theme);
    }

    fn describe(&self, at: &At<'_>) -> Shows {
        let text = at.board.banner.clone().unwrap_or_default();
        let scale = big_letters(&text, self.size(at.notch), at.rect.width).map_or(1, |b| b.scale());
        Shows {
            scale,
            text: vec![text],
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

/// The title: big letters when the plan found room for them, with the title
/// in plain letters under them; otherwise the plain title between rules.
fn draw(board: &Board, big: Option<&Big>, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let Some(text) = &board.banner else { return };
    let mut p = Painter::new(buf, area);
    let big = big_letters(text, big, area.width);
    if let Some(big) = big {
        let letters = Rect {
            height: big.height(),
            ..area
        };
        big.draw(letters, buf, theme.style(Role::Title));
        let mut p = Painter::new(buf, area);
        p.centred(big.height() + 1, text, theme.style(Role::Title));
        return;
    }
    let rule = "━".repeat(usize::from(width(text) + 4));
    let mid = area.height / 2;
    if area.height >= 3 {
        p.centred(mid - 1, &rule, theme.style(Role::Border));
        p.centred(mid + 1, &rule, theme.style(Role::Border));
    }
    p.centred(mid, text, theme.style(Role::Title));
}
