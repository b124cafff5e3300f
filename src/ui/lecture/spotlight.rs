//! On a big screen, a step that shows only text cards leaves the main
//! column empty: the spotlight fills it with the cards' words again, in
//! big letters, as large as the rows it is given allow.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::cards::spotlight_texts;
use super::part::{At, BIG_WIDTH, Column, Fitted, Fitting, Kind, Options, Part, Place, Shows};
use crate::lecture::Board;
use crate::ui::big::Big;
use crate::ui::theme::{Role, Theme};

/// The spotlight part.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SpotlightPart;

impl Part for SpotlightPart {
    fn place(&self) -> Place {
        // A big screen, and the cards in a column of their own, so the big
        // letters never push a card down.
        Place::new(Kind::new("spotlight"), Column::Main)
            .growing(2)
            .alone_with_cards(BIG_WIDTH)
    }

    fn shows(&self, board: &Board, _opts: Options) -> bool {
        !spotlight_texts(board).is_empty()
    }

    fn fit(&self, scene: &Fitting<'_>) -> Box<dyn Fitted> {
        // The fewest rows that set the words at all; without them a row
        // more would only cover rows the cards already cover, so it would
        // never be handed any.
        let rows = scene.most(|b| {
            let texts = spotlight_texts(b);
            (1..=scene.board.height)
                .find(|&h| Big::fit_stack(&texts, scene.width, h).is_some())
                .unwrap_or(0)
        });
        Box::new(Spotlight { rows })
    }
}

/// The spotlight fitted to a scene; each notch is a row more.
#[derive(Debug)]
struct Spotlight {
    rows: u16,
}

impl Fitted for Spotlight {
    fn rows(&self, notch: u16) -> u16 {
        self.rows + notch
    }

    fn grows(&self, _notch: u16) -> bool {
        true
    }

    fn draw(&self, at: &At<'_>, buf: &mut Buffer, theme: &Theme) {
        draw_spotlight(&spotlight_texts(at.board), at.rect, buf, theme);
    }

    fn describe(&self, at: &At<'_>) -> Shows {
        let texts = spotlight_texts(at.board);
        let set = Big::fit_stack(&texts, at.rect.width, at.rect.height).unwrap_or_default();
        Shows {
            // The smallest letters are the ones the back row must read.
            scale: set.iter().map(Big::scale).min().unwrap_or(1),
            text: texts,
        }
    }
}

/// Draws `texts` in big letters, stacked from the top of `area` at the
/// largest size at which all fit; nothing when none does.
fn draw_spotlight(texts: &[String], area: Rect, buf: &mut Buffer, theme: &Theme) {
    let Some(set) = Big::fit_stack(texts, area.width, area.height) else {
        return;
    };
    let mut y = area.y;
    for big in set {
        let rows = big.height();
        big.draw(
            Rect {
                y,
                height: rows,
                ..area
            },
            buf,
            theme.style(Role::Text),
        );
        y = y.saturating_add(rows + 1);
    }
}
