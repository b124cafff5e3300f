//! What a frame puts where, as data: each part's kind, rectangle, type
//! scale and words (and a bit row's cell size). `bloomlab render
//! --layout` prints it as JSON, and the slide tests read it instead of
//! guessing at glyphs. Views report their parts to a [`Recorder`] in their
//! [`crate::ui::screen::ViewCx`]; drawing without one records nothing.

use std::cell::RefCell;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// What a placed part is, by the name a layout description gives it
/// ("bit-row", "chart", "formula"): each part names itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Kind(&'static str);

impl Kind {
    /// The progress line (not a board part).
    pub(crate) const PROGRESS: Kind = Kind("progress");
    /// The narration (not a board part).
    pub(crate) const NARRATION: Kind = Kind("narration");

    /// The kind called `name`.
    pub(crate) const fn new(name: &'static str) -> Kind {
        Kind(name)
    }

    /// The name a layout description gives it.
    pub(crate) fn name(self) -> &'static str {
        self.0
    }
}

/// One part as a frame shows it: what it is, where it is drawn, how large
/// its letters are and what it says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Layout {
    /// What it is.
    pub kind: Kind,
    /// Where it is drawn.
    pub rect: Rect,
    /// Rows one letter stands: 1 for plain text, more for big letters.
    pub scale: u16,
    /// Its texts, each whole, one per line.
    pub text: Vec<String>,
    /// A bit row's cell, or a bar chart's longest bar, as `(columns, rows)`.
    pub cell: Option<(u16, u16)>,
}

impl Layout {
    /// A part in plain type.
    pub(crate) fn plain(kind: Kind, rect: Rect, text: Vec<String>) -> Layout {
        Layout {
            kind,
            rect,
            scale: 1,
            text,
            cell: None,
        }
    }
}

impl Serialize for Layout {
    // Flat, as a JSON object: the kind by name, the rect as [x, y, w, h],
    // the words as one string (lines joined by newlines).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let fields = if self.cell.is_some() { 5 } else { 4 };
        let mut out = serializer.serialize_struct("Layout", fields)?;
        out.serialize_field("kind", self.kind.name())?;
        let r = self.rect;
        out.serialize_field("rect", &[r.x, r.y, r.width, r.height])?;
        out.serialize_field("scale", &self.scale)?;
        out.serialize_field("text", &self.text.join("\n"))?;
        if let Some((w, h)) = self.cell {
            out.serialize_field("cell", &[w, h])?;
        }
        out.end()
    }
}

/// A whole frame's layout: its size and its parts, top to bottom.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub(crate) struct Dump {
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
    /// Every part drawn, top to bottom, left to right.
    pub parts: Vec<Layout>,
}

/// Where views report the parts they draw while a layout is being taken.
#[derive(Debug, Default)]
pub(crate) struct Recorder {
    parts: RefCell<Vec<Layout>>,
}

impl Recorder {
    /// Notes one part.
    pub(crate) fn record(&self, part: Layout) {
        if !part.rect.is_empty() {
            self.parts.borrow_mut().push(part);
        }
    }

    /// Notes a part in plain type whose words are whatever has been drawn
    /// inside `rect` (read back from `buf`, blank lines and frame lines
    /// left out).
    pub(crate) fn record_drawn(&self, kind: Kind, rect: Rect, buf: &Buffer) {
        self.record(Layout::plain(kind, rect, drawn_text(buf, rect)));
    }

    /// An overlay drawn over `rect`: the parts it hides whole are no
    /// longer on show.
    pub(crate) fn cover(&self, rect: Rect) {
        self.parts
            .borrow_mut()
            .retain(|p| p.rect.intersection(rect) != p.rect);
    }

    /// Every part noted, top to bottom, left to right.
    pub(crate) fn into_parts(self) -> Vec<Layout> {
        let mut parts = self.parts.into_inner();
        parts.sort_by_key(|l| (l.rect.y, l.rect.x));
        parts
    }
}

/// The words drawn inside `rect`, one string a line, each trimmed, with
/// box-drawing frames turned to spaces and empty lines left out.
pub(crate) fn drawn_text(buf: &Buffer, rect: Rect) -> Vec<String> {
    let rect = rect.intersection(buf.area);
    (rect.top()..rect.bottom())
        .map(|y| {
            let line: String = (rect.left()..rect.right())
                .map(|x| buf[(x, y)].symbol())
                .map(|s| if is_frame(s) { " " } else { s })
                .collect();
            line.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .filter(|l| !l.is_empty())
        .collect()
}

/// A box-drawing glyph (frames, rules), which carries no words.
fn is_frame(symbol: &str) -> bool {
    symbol
        .chars()
        .all(|c| ('\u{2500}'..='\u{257f}').contains(&c))
        && !symbol.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_serialises_flat_with_its_rect_as_four_numbers() {
        let part = Layout {
            kind: Kind::new("bit-row"),
            rect: Rect::new(2, 3, 40, 5),
            scale: 1,
            text: vec!["0 1".into(), "h1".into()],
            cell: Some((4, 2)),
        };
        let json = serde_json::to_value(&part).expect("serialises");
        assert_eq!(json["kind"], "bit-row");
        assert_eq!(json["rect"], serde_json::json!([2, 3, 40, 5]));
        assert_eq!(json["text"], "0 1\nh1");
        assert_eq!(json["cell"], serde_json::json!([4, 2]));
        let plain = Layout::plain(Kind::new("table"), Rect::new(0, 0, 1, 1), vec![]);
        let json = serde_json::to_value(&plain).expect("serialises");
        assert!(json.get("cell").is_none(), "{json}");
    }

    #[test]
    fn drawn_words_leave_out_frames_and_blank_lines() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 4));
        buf.set_string(0, 0, "┌─ title ─┐", ratatui::style::Style::default());
        buf.set_string(0, 2, "│ a   b   │", ratatui::style::Style::default());
        let rec = Recorder::default();
        rec.record_drawn(Kind::new("table"), Rect::new(0, 0, 12, 4), &buf);
        rec.record_drawn(Kind::new("empty"), Rect::new(0, 0, 0, 4), &buf);
        let parts = rec.into_parts();
        assert_eq!(parts.len(), 1);
        assert_eq!(parts[0].text, vec!["title", "a b"]);
    }
}
