//! A one-line text field: the typed text and nothing else. Focus is held by
//! the screen that owns the field.

/// Longest text a field accepts; keys and numbers are short.
pub(crate) const MAX_LEN: usize = 40;

/// The text of a one-line field.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct TextField {
    text: String,
}

impl TextField {
    /// A field holding `text` (cut to [`MAX_LEN`] characters).
    pub(crate) fn with_text(text: &str) -> Self {
        TextField {
            text: text.chars().take(MAX_LEN).collect(),
        }
    }

    /// The current text.
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// True when nothing has been typed.
    pub(crate) fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Appends a printable character; control characters and overflow are ignored.
    pub(crate) fn push(&mut self, c: char) {
        if !c.is_control() && self.text.chars().count() < MAX_LEN {
            self.text.push(c);
        }
    }

    /// Removes the last character, if any.
    pub(crate) fn pop(&mut self) {
        self.text.pop();
    }

    /// Empties the field.
    pub(crate) fn clear(&mut self) {
        self.text.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typing_and_erasing() {
        let mut f = TextField::default();
        for c in "rec-1x".chars() {
            f.push(c);
        }
        f.pop();
        f.push('1');
        assert_eq!(f.text(), "rec-11");
        f.push('\n');
        assert_eq!(f.text(), "rec-11");
    }

    #[test]
    fn length_is_capped() {
        let mut f = TextField::default();
        for _ in 0..100 {
            f.push('a');
        }
        assert_eq!(f.text().len(), MAX_LEN);
    }
}
