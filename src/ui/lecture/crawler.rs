//! The crawler diagram: a URL goes through the filter; new ones are
//! fetched, probably-seen ones dropped. Drawn at a scale that fits its
//! room (taller boxes and longer arrows on a big screen), with the figures
//! of the cost table under it once the table shows. On a wall with rows
//! to spare under the largest diagram, the figures' last line (what the
//! rate costs the crawler, the step's point) is set big.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::crawler_big::{self, Setting};
use super::part::{At, Column, Fitted, Fitting, Kind, Options, Part, Place, Shows};
use crate::lecture::texts::crawler_lines;
use crate::lecture::{Board, Element};
use crate::ui::big::{Big, GROWING, Size, legible};
use crate::ui::format::wrap;
use crate::ui::paint::{Painter, width};
use crate::ui::theme::{Role, Theme};

/// Largest scale drawn, across or down.
const MAX_SCALE: u16 = 24;

/// The crawler part.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CrawlerPart;

impl Part for CrawlerPart {
    fn place(&self) -> Place {
        Place::new(Kind::new("diagram"), Column::Wide).growing(3)
    }

    fn shows(&self, board: &Board, _opts: Options) -> bool {
        board.shows(Element::Crawler)
    }

    fn fit(&self, scene: &Fitting<'_>) -> Box<dyn Fitted> {
        let figures = scene.most(|b| figure_rows(b, scene.width));
        // In present mode on a board with the room, the diagram is a tree
        // down the wall with its words big (see `crawler_big`): the boxes'
        // names big from the first notch, the labels small; then the
        // labels big too, then everything a size larger, as far as the
        // width allows, a notch at a time as the board has rows.
        let settings: Vec<Setting> = if scene.opts.present && scene.board.height >= BIG_FROM_ROWS {
            let first = Setting {
                size: GROWING[0],
                big_labels: false,
            };
            std::iter::once(first)
                .chain(GROWING.into_iter().map(|size| Setting {
                    size,
                    big_labels: true,
                }))
                .filter(|&s| crawler_big::columns(&WORDS, s) + 2 <= scene.width)
                .collect()
        } else {
            Vec::new()
        };
        let rows = match settings.first() {
            Some(&s) => crawler_big::rows(&WORDS, s) + 1 + figures,
            None => height(1) + figures,
        };
        // The payoff big only under the largest diagram the width allows,
        // as the last notch: the diagram is the scene's subject first.
        let big_figures = if settings.is_empty() {
            None
        } else {
            let rows = scene.shown().map(|b| big_figure_rows(b, scene.width));
            rows.collect::<Option<Vec<u16>>>()
                .and_then(|r| r.into_iter().max())
                .filter(|&r| r > figures)
        };
        Box::new(Crawler {
            rows,
            figures,
            settings,
            big_figures,
        })
    }
}

/// The diagram fitted to a scene; each notch is a scale larger.
#[derive(Debug)]
struct Crawler {
    /// Rows at its smallest, figures included.
    rows: u16,
    /// Rows its figures take.
    figures: u16,
    /// The settings its words may be big in, smallest first (none when it
    /// is drawn small).
    settings: Vec<Setting>,
    /// Rows its figures take with their last line big, when every step
    /// can set it so: one notch past the largest setting.
    big_figures: Option<u16>,
}

impl Crawler {
    fn setting(&self, notch: u16) -> Option<Setting> {
        let last = self.settings.len().checked_sub(1)?;
        Some(self.settings[usize::from(notch).min(last)])
    }

    /// Whether the figures' last line is big at `notch`.
    fn payoff_big(&self, notch: u16) -> bool {
        self.big_figures.is_some() && usize::from(notch) >= self.settings.len()
    }

    /// Rows the figures take at `notch`.
    fn figure_rows(&self, notch: u16) -> u16 {
        match self.big_figures {
            Some(rows) if self.payoff_big(notch) => rows,
            _ => self.figures,
        }
    }
}

impl Fitted for Crawler {
    fn rows(&self, notch: u16) -> u16 {
        if let Some(setting) = self.setting(notch) {
            return crawler_big::rows(&WORDS, setting) + 1 + self.figure_rows(notch);
        }
        self.rows + height(1 + notch) - height(1)
    }

    fn grows(&self, notch: u16) -> bool {
        if self.settings.is_empty() {
            1 + notch < MAX_SCALE
        } else {
            let last = self.settings.len() + usize::from(self.big_figures.is_some());
            usize::from(notch) + 1 < last
        }
    }

    fn draw(&self, at: &At<'_>, buf: &mut Buffer, theme: &Theme) {
        if let Some(setting) = self.setting(at.notch) {
            let style = style(at.board, theme);
            // The diagram and its figures centred down the part's rows,
            // placed for the most figures the scene shows so the diagram
            // keeps still when they come.
            let rows = crawler_big::rows(&WORDS, setting) + 1;
            let figures = self.figure_rows(at.notch);
            let spare = at.rect.height.saturating_sub(rows + figures) / 2;
            let area = Rect {
                y: at.rect.y + spare,
                height: at.rect.height - spare,
                ..at.rect
            };
            crawler_big::draw(&WORDS, setting, area, buf, style);
            let below = Rect {
                y: area.y + rows,
                height: area.height.saturating_sub(rows),
                ..area
            };
            if self.payoff_big(at.notch) {
                draw_big_figures(at.board, below, buf, theme);
            } else {
                draw_figures(at.board, below, 0, buf, theme);
            }
            return;
        }
        draw(at.board, 1 + at.notch, at.rect, buf, theme);
    }

    fn describe(&self, at: &At<'_>) -> Shows {
        let mut text: Vec<String> = NAMES.iter().chain(&LABELS).map(|t| t.to_string()).collect();
        text.extend(["probably seen".to_string(), DROPPED.to_string()]);
        let figures = crawler_lines(at.board).unwrap_or_default();
        text.extend(
            figures
                .iter()
                .flat_map(|l| wrap(l, usize::from(at.rect.width))),
        );
        // The payoff's letters are the smallest big ones on the part.
        let scale = self.setting(at.notch).map_or(1, |s| s.size.letter().1);
        let scale = if self.payoff_big(at.notch) {
            scale.min(PAYOFF.letter().1)
        } else {
            scale
        };
        Shows {
            scale,
            ..Shows::plain(text)
        }
    }
}

/// Rows from which a present board draws the diagram with its words big.
const BIG_FROM_ROWS: u16 = 30;

/// The diagram's words, for the big drawing.
const WORDS: crawler_big::Words<'static> = crawler_big::Words {
    names: NAMES,
    labels: LABELS,
    side: ("probably seen", DROPPED),
};

/// The diagram's style: emphasised when the step boxes it.
fn style(board: &Board, theme: &Theme) -> ratatui::style::Style {
    if board.boxed.contains(&Element::Crawler) {
        theme.style(Role::Emphasis)
    } else {
        theme.style(Role::Text)
    }
}

/// The boxes' names, left to right.
const NAMES: [&str; 3] = ["crawler", "Bloom filter", "fetch"];
/// The arrows' labels, left to right.
const LABELS: [&str; 2] = ["URL found", "definitely new"];
/// Where the filter sends a URL it has probably seen.
const DROPPED: &str = "dropped";

/// Rows the diagram takes at height scale `scale` (from 1), without the
/// rows of its figures.
fn height(scale: u16) -> u16 {
    let box_h = 1 + 2 * scale;
    box_h + 1 + scale + 1 + 1
}

/// Rows the figures take under the diagram at `cols` columns.
fn figure_rows(board: &Board, cols: u16) -> u16 {
    crawler_lines(board).map_or(0, |lines| {
        let rows: usize = lines.iter().map(|l| wrap(l, usize::from(cols)).len()).sum();
        u16::try_from(rows).unwrap_or(u16::MAX)
    })
}

/// The size of the figures' last line when it is big.
const PAYOFF: Size = Size::Sextant;

/// The figures' lines as set on a wall with room: the first small (each
/// wrapped to `cols`), the last big; `None` when the board has no figures
/// or the last does not fit `cols` in big letters.
fn big_figure_lines(board: &Board, cols: u16) -> Option<(Vec<String>, Big)> {
    let [first, last] = crawler_lines(board)?;
    let big = phrases(&last, PAYOFF, cols)?;
    Some((wrap(&first, usize::from(cols)), big))
}

/// Rows the figures take with their last line big at `cols` columns: none
/// on a board without them; `None` when the big line does not fit.
fn big_figure_rows(board: &Board, cols: u16) -> Option<u16> {
    if crawler_lines(board).is_none() {
        return Some(0);
    }
    let (small, big) = big_figure_lines(board, cols)?;
    let small = u16::try_from(small.len()).unwrap_or(u16::MAX);
    // A blank row between the small line and the big one, and one under
    // it, so it stands clear of a part below.
    Some(small + 1 + big.height() + 1)
}

/// `text` at `size` in lines at most `cols` wide, its phrases (parted by
/// " · ") whole on a line and as many to a line as fit; a phrase wider
/// than a line is set as prose.
fn phrases(text: &str, size: Size, cols: u16) -> Option<Big> {
    let max = usize::from(cols / size.letter().0);
    let mut lines: Vec<String> = Vec::new();
    for phrase in text.split(" · ") {
        let joined = lines.last().map(|l| format!("{l} · {phrase}"));
        match joined {
            Some(j) if j.chars().count() <= max => {
                if let Some(last) = lines.last_mut() {
                    *last = j;
                }
            }
            _ if phrase.chars().count() <= max => lines.push(phrase.to_string()),
            _ => lines.extend(Big::prose(phrase, size, cols)?.lines),
        }
    }
    (legible(text) && !lines.is_empty()).then_some(Big { lines, size })
}

/// The figures under the diagram with their last line big: the first
/// line small and centred at the top of `area`, the last big under it.
fn draw_big_figures(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let Some((small, big)) = big_figure_lines(board, area.width) else {
        return;
    };
    let style = theme.style(Role::Exact);
    let mut p = Painter::new(buf, area);
    for (y, line) in (0..).zip(&small) {
        p.centred(y, line, style);
    }
    let top = u16::try_from(small.len()).unwrap_or(u16::MAX) + 1;
    let rect = Rect {
        y: area.y + top,
        height: big.height().min(area.height.saturating_sub(top)),
        ..area
    };
    big.draw(rect, buf, style);
}

/// The largest scale whose diagram fits `cols` columns.
fn widest_scale(cols: u16) -> u16 {
    (1..=MAX_SCALE)
        .rev()
        .find(|&s| diagram_width(s) <= cols)
        .unwrap_or(1)
}

fn diagram_width(scale: u16) -> u16 {
    let (boxes, arrows) = widths(scale);
    boxes.iter().sum::<u16>() + arrows.iter().sum::<u16>()
}

/// Widths of the three boxes and the two arrows between them.
fn widths(scale: u16) -> ([u16; 3], [u16; 2]) {
    let pad = 2 * scale;
    (
        [
            width("crawler") + 2 + pad,
            width("Bloom filter") + 2 + pad,
            width("fetch") + 2 + pad,
        ],
        [
            width(" URL found ") + 2 * scale,
            width(" definitely new ") + 2 * scale,
        ],
    )
}

/// Draws the diagram `scale` rows tall (its width scale is the widest that
/// fits, at most as large), centred in `area`.
fn draw(board: &Board, scale: u16, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let across = widest_scale(area.width).min(scale);
    let style = style(board, theme);
    let (boxes, arrows) = widths(across);
    let total = diagram_width(across);
    let mut x = area.width.saturating_sub(total) / 2;
    let box_h = 1 + 2 * scale;
    let mid = box_h / 2;
    let mut p = Painter::new(buf, area);
    let (names, labels) = (NAMES, LABELS);
    let mut filter_centre = 0;
    for i in 0..3 {
        draw_box(&mut p, x, boxes[i], box_h, names[i], style);
        if i == 1 {
            filter_centre = x + boxes[i] / 2;
        }
        x += boxes[i];
        if i < 2 {
            let a = arrows[i];
            let shaft = format!("{}▶", "─".repeat(usize::from(a.saturating_sub(2))));
            p.text(x, mid, &format!(" {shaft}"), style);
            let label_x = x + a.saturating_sub(width(labels[i])) / 2;
            p.text(label_x, mid.saturating_sub(1), labels[i], style);
            x += a;
        }
    }
    // From the filter's bottom edge down to "dropped".
    p.text(filter_centre, box_h - 1, "┬", style);
    for r in 0..scale {
        p.text(filter_centre, box_h + r, "│", style);
    }
    p.text(filter_centre + 2, box_h + scale / 2, "probably seen", style);
    p.text(filter_centre, box_h + scale, "▼", style);
    let dropped = DROPPED;
    p.text(
        filter_centre.saturating_sub(width(dropped) / 2),
        box_h + scale + 1,
        dropped,
        style,
    );
    draw_figures(board, area, height(scale), buf, theme);
}

/// The cost figures under the diagram, from row `top` of `area`.
fn draw_figures(board: &Board, area: Rect, top: u16, buf: &mut Buffer, theme: &Theme) {
    let mut p = Painter::new(buf, area);
    if let Some(lines) = crawler_lines(board) {
        let wrapped = lines.iter().flat_map(|l| wrap(l, usize::from(area.width)));
        for (y, line) in (top..).zip(wrapped) {
            p.centred(y, &line, theme.style(Role::Exact));
        }
    }
}

fn draw_box(p: &mut Painter<'_>, x: u16, w: u16, h: u16, name: &str, style: ratatui::style::Style) {
    let inner = usize::from(w.saturating_sub(2));
    p.text(x, 0, &format!("┌{}┐", "─".repeat(inner)), style);
    for r in 1..h.saturating_sub(1) {
        p.text(x, r, &format!("│{}│", " ".repeat(inner)), style);
    }
    p.text(
        x,
        h.saturating_sub(1),
        &format!("└{}┘", "─".repeat(inner)),
        style,
    );
    let nx = x + w.saturating_sub(width(name)) / 2;
    p.text(nx, h / 2, name, style);
}
