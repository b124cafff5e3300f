//! The notes as a list, and the Markdown they are kept in.
//!
//! The file, line by line: a `# ` title, a line saying the notes stay on
//! this computer, then one note a line, `- [ ] (Lecture 3.4) the text` or
//! `- [x] (...)` once ticked off. Blank lines and `#` headings are skipped;
//! any other line means the file is not a notes list.

/// Longest note, in characters.
pub const MAX_TEXT: usize = 500;
/// Most notes in one list.
pub const MAX_NOTES: usize = 1000;

/// The file's first line.
const TITLE: &str = "# bloomlab lesson notes";
/// The file's second line.
pub const PRIVATE: &str = "Kept on this computer only: bloomlab never sends these notes anywhere.";

/// One note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// Ticked off.
    pub done: bool,
    /// Where it was written: "Lecture 3.4", "Lab", "command line".
    pub place: String,
    /// What it says.
    pub text: String,
}

impl Note {
    /// The text as printed anywhere (a terminal, the app, an export):
    /// control, bidirectional and zero-width characters escaped by
    /// `crate::text`'s rule. The file keeps the text as written.
    pub fn shown_text(&self) -> String {
        crate::text::escaped(&self.text)
    }

    /// The place as printed anywhere, escaped as [`Note::shown_text`] is.
    pub fn shown_place(&self) -> String {
        crate::text::escaped(&self.place)
    }
}

/// Why a change to the list was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoteError {
    /// A note with no text.
    #[error("a note needs some text")]
    Empty,
    /// The list is full.
    #[error("the list holds at most {MAX_NOTES} notes: delete some first")]
    Full,
    /// The note acted on is no longer in the list (changed or deleted by
    /// another process since the list was read).
    #[error("that note was changed or deleted elsewhere; the list now shows it as it is")]
    Gone,
    /// No note by that number.
    #[error("note {number} does not exist: {}", match count { 0 => "there are no notes yet".to_string(), 1 => "there is only note 1".to_string(), n => format!("the notes are numbered 1 to {n}") })]
    NoSuchNote {
        /// The number asked for.
        number: usize,
        /// How many there are.
        count: usize,
    },
}

/// The list.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NoteBook {
    /// The notes, oldest first.
    pub notes: Vec<Note>,
}

/// `text` on one line: control characters as spaces, runs of spaces as
/// one, cut to [`MAX_TEXT`] characters.
pub fn one_line(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    spaced
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(MAX_TEXT)
        .collect()
}

impl NoteBook {
    /// Adds a note written at `place`; returns its number (from 1).
    pub fn add(&mut self, place: &str, text: &str) -> Result<usize, NoteError> {
        let text = one_line(text);
        if text.is_empty() {
            return Err(NoteError::Empty);
        }
        if self.notes.len() >= MAX_NOTES {
            return Err(NoteError::Full);
        }
        // A place never holds a parenthesis: it ends the place in the file.
        let place = one_line(place).replace(['(', ')'], "");
        self.notes.push(Note {
            done: false,
            place,
            text,
        });
        Ok(self.notes.len())
    }

    /// The number (from 1) of the note written at `place` saying `text`:
    /// note `hint` when that is the one, else the first such note.
    pub fn find(&self, hint: usize, place: &str, text: &str) -> Result<usize, NoteError> {
        let same = |n: &Note| n.place == place && n.text == text;
        if self.notes.get(hint.wrapping_sub(1)).is_some_and(same) {
            return Ok(hint);
        }
        self.notes
            .iter()
            .position(same)
            .map(|i| i + 1)
            .ok_or(NoteError::Gone)
    }

    fn index(&self, number: usize) -> Result<usize, NoteError> {
        (1..=self.notes.len())
            .contains(&number)
            .then(|| number - 1)
            .ok_or(NoteError::NoSuchNote {
                number,
                count: self.notes.len(),
            })
    }

    /// Ticks note `number` (from 1) off, or back on when `done` is false.
    pub fn set_done(&mut self, number: usize, done: bool) -> Result<(), NoteError> {
        let i = self.index(number)?;
        self.notes[i].done = done;
        Ok(())
    }

    /// Removes note `number` (from 1).
    pub fn delete(&mut self, number: usize) -> Result<Note, NoteError> {
        let i = self.index(number)?;
        Ok(self.notes.remove(i))
    }

    /// The file's text.
    pub fn to_file(&self) -> String {
        let mut out = format!("{TITLE}\n\n{PRIVATE}\n\n");
        for n in &self.notes {
            let mark = if n.done { 'x' } else { ' ' };
            out.push_str(&format!("- [{mark}] ({}) {}\n", n.place, n.text));
        }
        out
    }

    /// Reads the file's text; on failure, which line is not a note.
    pub fn from_file(text: &str) -> Result<NoteBook, String> {
        let mut book = NoteBook::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim_end();
            if line.trim().is_empty() || line.starts_with('#') || line == PRIVATE {
                continue;
            }
            // Named by number only: the file may not be a notes file at
            // all, and its words are nobody's business in a message.
            let note = parse_note(line).ok_or_else(|| format!("line {} is not a note", i + 1))?;
            if book.notes.len() >= MAX_NOTES {
                return Err(format!("it holds more than {MAX_NOTES} notes"));
            }
            book.notes.push(note);
        }
        Ok(book)
    }

    /// The list as a Markdown document to hand on: what is open, then
    /// what is done, each note with where it was written (escaped, as it
    /// may well be read on a terminal).
    pub fn to_markdown(&self) -> String {
        let mut out = String::from("# Lesson notes\n");
        let open: Vec<&Note> = self.notes.iter().filter(|n| !n.done).collect();
        let done: Vec<&Note> = self.notes.iter().filter(|n| n.done).collect();
        for (title, list, mark) in [("To do", open, ' '), ("Done", done, 'x')] {
            out.push_str(&format!("\n## {title} ({})\n\n", list.len()));
            if list.is_empty() {
                out.push_str("Nothing here.\n");
            }
            for n in list {
                out.push_str(&format!(
                    "- [{mark}] {} *({})*\n",
                    n.shown_text(),
                    n.shown_place()
                ));
            }
        }
        out
    }
}

fn parse_note(line: &str) -> Option<Note> {
    let rest = line.strip_prefix("- [")?;
    let (mark, rest) = rest.split_at_checked(1)?;
    let done = match mark {
        " " => false,
        "x" | "X" => true,
        _ => return None,
    };
    let rest = rest.strip_prefix("] (")?;
    let (place, text) = rest.split_once(") ")?;
    let text = one_line(text);
    (!text.is_empty()).then(|| Note {
        done,
        place: place.to_string(),
        text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_survives_its_file() {
        let mut b = NoteBook::default();
        assert_eq!(b.add("Lecture 3.4", "slow down\nat the fill curve"), Ok(1));
        assert_eq!(b.add("Lab (m)", "  more  room  "), Ok(2));
        b.set_done(2, true).unwrap();
        assert_eq!(b.notes[0].text, "slow down at the fill curve");
        assert_eq!(b.notes[1].place, "Lab m");
        let text = b.to_file();
        assert!(text.contains("- [x] (Lab m) more room"), "{text}");
        assert!(text.contains(PRIVATE));
        assert_eq!(NoteBook::from_file(&text), Ok(b));
    }

    #[test]
    fn changes_name_a_note_that_exists() {
        let mut b = NoteBook::default();
        assert_eq!(b.add("x", " \u{7} "), Err(NoteError::Empty));
        let e = b.set_done(1, true).unwrap_err().to_string();
        assert_eq!(e, "note 1 does not exist: there are no notes yet");
        b.add("x", "one").unwrap();
        b.add("x", "two").unwrap();
        let e = b.delete(3).unwrap_err().to_string();
        assert_eq!(e, "note 3 does not exist: the notes are numbered 1 to 2");
        assert_eq!(b.delete(1).unwrap().text, "one");
        assert_eq!(b.notes[0].text, "two");
    }

    #[test]
    fn a_line_that_is_not_a_note_is_named() {
        let e = NoteBook::from_file("# t\n- [ ] (a) fine\nstray words\n").unwrap_err();
        assert_eq!(e, "line 3 is not a note");
        assert!(NoteBook::from_file("- [?] (a) b\n").is_err());
        assert!(NoteBook::from_file("- [ ] no place\n").is_err());
    }

    #[test]
    fn markdown_puts_open_notes_first() {
        let mut b = NoteBook::default();
        b.add("Lecture 1.2", "first").unwrap();
        b.add("Lab", "second").unwrap();
        b.set_done(1, true).unwrap();
        let md = b.to_markdown();
        let open = md.find("- [ ] second *(Lab)*").unwrap();
        let done = md.find("- [x] first *(Lecture 1.2)*").unwrap();
        assert!(md.starts_with("# Lesson notes") && open < done, "{md}");
        assert!(md.contains("## To do (1)") && md.contains("## Done (1)"));
    }
}
