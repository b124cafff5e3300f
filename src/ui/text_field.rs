//! A one-line text field: the typed text, its stated maximum, whether the
//! last thing typed or pasted was cut to fit, and whether the text is
//! selected (so the next key replaces it). Which field has focus is asked
//! of its owner, a screen or the notes panel, through
//! [`crate::ui::screen::Focus`].

/// The text of a one-line field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TextField {
    text: String,
    /// What the field holds, for its note ("key", "value").
    name: &'static str,
    /// Most characters the field holds.
    max: usize,
    /// True when the last character typed or the last paste did not fit.
    cut: bool,
    /// True when the whole text is selected: the next character typed or
    /// pasted replaces it, as in any text box reopened on an old answer.
    selected: bool,
}

impl TextField {
    /// An empty field called `name` (in its note) holding at most `max` characters.
    pub(crate) const fn new(name: &'static str, max: usize) -> Self {
        TextField {
            text: String::new(),
            name,
            max,
            cut: false,
            selected: false,
        }
    }

    /// Replaces the text with `text` (cut to the field's maximum).
    pub(crate) fn set_text(&mut self, text: &str) {
        self.clear();
        self.paste(text);
    }

    /// The current text.
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// Selects the whole text, so the next character typed or pasted
    /// replaces it (Backspace instead edits it from the end).
    pub(crate) fn select_all(&mut self) {
        self.selected = !self.text.is_empty();
    }

    /// True while the whole text is selected.
    pub(crate) fn is_selected(&self) -> bool {
        self.selected
    }

    /// A selected text goes before new input replaces it.
    fn replace_selection(&mut self) {
        if std::mem::take(&mut self.selected) {
            self.text.clear();
        }
    }

    /// True when nothing has been typed.
    pub(crate) fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Appends a printable character; control, bidirectional and
    /// zero-width characters (`crate::text`'s rule) are ignored, so no
    /// field can draw one, and a character past the maximum is refused
    /// (the note says so).
    pub(crate) fn push(&mut self, c: char) {
        if crate::text::is_unsafe(c) {
            return;
        }
        self.replace_selection();
        self.cut = self.text.chars().count() >= self.max;
        if !self.cut {
            self.text.push(c);
        }
    }

    /// Appends pasted text as one edit: printable characters up to the
    /// maximum, the rest dropped (the note says so). Returns true when
    /// something was cut.
    pub(crate) fn paste(&mut self, text: &str) -> bool {
        self.replace_selection();
        let mut room = self.max.saturating_sub(self.text.chars().count());
        self.cut = false;
        for c in text.chars().filter(|&c| !crate::text::is_unsafe(c)) {
            if room == 0 {
                self.cut = true;
                break;
            }
            self.text.push(c);
            room -= 1;
        }
        self.cut
    }

    /// Removes the last character, if any.
    pub(crate) fn pop(&mut self) {
        self.selected = false;
        self.text.pop();
        self.cut = false;
    }

    /// Empties the field.
    pub(crate) fn clear(&mut self) {
        self.text.clear();
        self.cut = false;
        self.selected = false;
    }

    /// "key cut at 256 characters" when the last input did not fit.
    pub(crate) fn note(&self) -> Option<String> {
        self.cut
            .then(|| format!("{} cut at {} characters", self.name, self.max))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typing_and_erasing() {
        let mut f = TextField::new("key", 40);
        for c in "rec-1x".chars() {
            f.push(c);
        }
        f.pop();
        f.push('1');
        assert_eq!(f.text(), "rec-11");
        f.push('\n');
        assert_eq!(f.text(), "rec-11");
        assert_eq!(f.note(), None);
    }

    #[test]
    fn nothing_that_steers_a_terminal_is_typed_or_pasted() {
        let mut f = TextField::new("key", 40);
        for c in "a\u{202e}b\u{200b}\u{9b}c".chars() {
            f.push(c);
        }
        assert_eq!(f.text(), "abc");
        f.clear();
        f.paste("x\u{1b}]0;t\u{7}\u{2066}y\u{feff}");
        assert_eq!(f.text(), "x]0;ty");
    }

    #[test]
    fn typing_past_the_maximum_is_refused_and_said() {
        let mut f = TextField::new("value", 3);
        for c in "12345".chars() {
            f.push(c);
        }
        assert_eq!(f.text(), "123");
        assert_eq!(f.note().as_deref(), Some("value cut at 3 characters"));
        f.pop();
        assert_eq!(f.note(), None);
    }

    #[test]
    fn a_selected_text_is_replaced_by_typing_and_edited_by_backspace() {
        let mut f = TextField::new("value", 32);
        f.set_text("479,647,737");
        f.select_all();
        assert!(f.is_selected());
        for c in "64MiB".chars() {
            f.push(c);
        }
        assert_eq!(f.text(), "64MiB");
        assert!(!f.is_selected());
        f.select_all();
        assert!(!f.paste("1.5GB"));
        assert_eq!(f.text(), "1.5GB");
        f.select_all();
        f.pop();
        assert_eq!(f.text(), "1.5G");
        f.push('B');
        assert_eq!(f.text(), "1.5GB");
        f.clear();
        f.select_all();
        assert!(!f.is_selected(), "nothing to select");
    }

    #[test]
    fn a_paste_is_cut_to_fit_and_says_so() {
        let mut f = TextField::new("key", 256);
        assert!(!f.paste("rec-\r\n42"));
        assert_eq!(f.text(), "rec-42");
        let huge = "é".repeat(1 << 20);
        assert!(f.paste(&huge));
        assert_eq!(f.text().chars().count(), 256);
        assert_eq!(f.note().as_deref(), Some("key cut at 256 characters"));
        f.clear();
        assert!(!f.paste(&"x".repeat(256)));
        assert_eq!(f.note(), None);
    }
}
