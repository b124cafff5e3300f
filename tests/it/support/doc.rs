//! Reading exported pictures and handouts as a reader would: the text an
//! SVG carries, and whether any of it is a drawing character that should
//! have been a shape.

/// Box drawing, block elements and braille: drawn as shapes in every
/// export, never written as text.
pub(crate) fn is_drawing(c: char) -> bool {
    matches!(c, '\u{2500}'..='\u{259f}' | '\u{2800}'..='\u{28ff}')
}

/// `text` without blanks and drawing characters: what an SVG of it holds
/// as text.
pub(crate) fn typed(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && !is_drawing(*c))
        .collect()
}

/// The text of every `<tspan>`, in document order.
pub(crate) fn tspan_text(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"));
    doc.descendants()
        .filter(|n| n.has_tag_name("tspan"))
        .filter_map(|n| n.text())
        .collect()
}

/// Each `<svg>...</svg>` element in a page, in order.
pub(crate) fn svg_elements(page: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = page;
    while let Some(start) = rest.find("<svg ") {
        let end = rest[start..].find("</svg>").expect("closed svg") + start + "</svg>".len();
        out.push(&rest[start..end]);
        rest = &rest[end..];
    }
    out
}

/// The text of every `<text>` element of an SVG that holds a drawing
/// character (an empty list for a good export).
pub(crate) fn drawn_as_text(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"));
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.descendants().filter_map(|d| d.text()).collect::<String>())
        .filter(|t| t.chars().any(is_drawing))
        .collect()
}
