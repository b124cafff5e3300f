//! Text made fit to be heard: what plain mode prints goes through here, so
//! a screen reader (or a braille line) meets words where the screen has
//! marks. Nothing that can steer a terminal gets through (control and
//! invisible characters are escaped); the marks the screens draw become
//! words or go (a tick is "yes", a box edge is nothing); and the notation
//! of the figures is said the way a person reads it aloud: `1..16` is "1
//! to 16", `10^9` "10 to the 9", `8.3e-3` "8.3 times 10 to the minus 3",
//! `kn/m` "kn over m", `bits/key` "bits per key".

/// `text` as plain mode prints it: one line, safe, and readable aloud.
pub(crate) fn speakable(text: &str) -> String {
    let marks = words_for_marks(&crate::text::escaped(text));
    let notation = say_notation(&marks);
    squeeze_spaces(&notation)
}

/// The screens' marks as words; a mark that only decorates goes.
fn words_for_marks(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).and_then(|j| chars.get(j)).copied();
        let after = chars.get(i + 1).copied();
        let digits_round =
            before.is_some_and(|b| b.is_ascii_digit()) && after.is_some_and(|a| a.is_ascii_digit());
        match c {
            // "classic ✓ true ✓" is heard "classic yes, true yes".
            '✓' | '✔' => out.push_str(if word_follows(&chars, i) {
                " yes, "
            } else {
                " yes "
            }),
            '✗' | '✘' => out.push_str(if word_follows(&chars, i) {
                " no, "
            } else {
                " no "
            }),
            '⚠' => out.push_str(" warning: "),
            '·' | '•' => out.push_str("; "),
            '…' => out.push_str("..."),
            '–' if digits_round => out.push_str(" to "),
            '–' | '—' => out.push_str(", "),
            '−' => out.push_str(" minus "),
            '→' | '⟶' => out.push_str(" to "),
            '⇄' => out.push_str(" or "),
            '≈' => out.push_str(" about "),
            '×' => out.push_str(" times "),
            '±' => out.push_str(" plus or minus "),
            '≤' => out.push_str(" at most "),
            '≥' => out.push_str(" at least "),
            'ε' => out.push_str("epsilon"),
            '\u{a0}' => out.push(' '),
            // Letters of any script, digits, spaces and ASCII punctuation
            // are read as they are.
            c if c.is_alphanumeric() || c.is_whitespace() || c.is_ascii() => out.push(c),
            // Box drawing, blocks, arrows and shapes decorate: silence is
            // better than a symbol's name.
            _ => out.push(' '),
        }
    }
    out
}

/// Whether a word or a number comes next after the mark at `at`, past
/// spaces.
fn word_follows(chars: &[char], at: usize) -> bool {
    chars[at + 1..]
        .iter()
        .find(|c| !c.is_whitespace())
        .is_some_and(|c| c.is_alphanumeric())
}

/// Ranges, powers, scientific notation, minus signs, fractions and units
/// in the words a person reads them with.
fn say_notation(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 16);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        let digit_before = before.is_some_and(|b| b.is_ascii_digit());
        match c {
            // `1..16`
            '.' if digit_before && after == Some('.') => {
                if chars.get(i + 2).is_some_and(char::is_ascii_digit) {
                    out.push_str(" to ");
                    i += 2;
                    continue;
                }
                out.push('.');
            }
            // `10^9`, `e^(-kn/m)`, `e^-kn/m`
            '^' => {
                out.push_str(" to the ");
                if after == Some('-') {
                    out.push_str("minus ");
                    i += 1;
                }
            }
            // `8.3e-3`, `1e6`: a number's exponent.
            'e' if digit_before
                && exponent_at(&chars, i + 1).is_some()
                && !word_before(&chars, i) =>
            {
                let (negative, digits, end) = exponent_at(&chars, i + 1).unwrap_or_default();
                out.push_str(" times 10 to the ");
                if negative {
                    out.push_str("minus ");
                }
                out.push_str(&digits);
                i = end;
                continue;
            }
            '-' => out.push_str(&minus_or_hyphen(&chars, i)),
            '/' => out.push_str(&slash(&chars, i)),
            // `k*`
            '*' if before.is_some_and(char::is_alphanumeric) => out.push_str(" star"),
            '*' => out.push_str(" times "),
            // `E[(X/m)^k]`: the mean over the filters' fills.
            '[' if before == Some('E') && !word_before(&chars, i - 1) => {
                out.pop();
                out.push_str("the mean of (");
            }
            '[' => out.push('('),
            ']' => out.push(')'),
            '|' => out.push_str(", "),
            '&' => out.push_str(" and "),
            '~' if before == Some(' ') && after == Some(' ') => out.push_str("is about"),
            '~' => out.push_str(" about "),
            '<' => out.push_str(" less than "),
            '>' => out.push_str(" more than "),
            '_' if digit_before && after.is_some_and(|a| a.is_ascii_digit()) => {}
            // `(m/n)ln2`: the logarithm apart from what it is of.
            'l' if after == Some('n')
                && !before.is_some_and(char::is_alphabetic)
                && chars.get(i + 2).is_none_or(|c| !c.is_alphabetic()) =>
            {
                if before == Some(')') {
                    out.push(' ');
                }
                out.push_str("ln");
                if chars.get(i + 2).is_some_and(char::is_ascii_digit) {
                    out.push(' ');
                }
                i += 2;
                continue;
            }
            // `51x smaller`
            'x' if digit_before && after.is_none_or(|a| !a.is_alphanumeric()) => {
                out.push_str(" times");
            }
            // `error x 0.62`: a lone x between a word and a number multiplies
            // (an item called x is never followed by a number).
            'x' if before == Some(' ')
                && after == Some(' ')
                && chars.get(i + 2).is_some_and(char::is_ascii_digit)
                && i >= 3
                && chars[i - 3..i - 1].iter().all(|c| c.is_alphabetic()) =>
            {
                out.push_str("times");
            }
            _ => out.push(c),
        }
        i += 1;
    }
    units(&out)
}

/// True when the character before `at` is a letter: `e` inside a word
/// (`the3`) is not an exponent, nor `E` in `SE[`.
fn word_before(chars: &[char], at: usize) -> bool {
    let mut j = at;
    // Skip the number's own digits and point.
    while j > 0 && (chars[j - 1].is_ascii_digit() || chars[j - 1] == '.') {
        j -= 1;
    }
    j > 0 && chars[j - 1].is_alphabetic()
}

/// The exponent starting at `at` (`-3`, `+12`, `6`), as (negative,
/// digits, index after it), when one is there and nothing but a word's end
/// follows it.
fn exponent_at(chars: &[char], at: usize) -> Option<(bool, String, usize)> {
    let mut i = at;
    let negative = match chars.get(i) {
        Some('-') => {
            i += 1;
            true
        }
        Some('+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let start = i;
    while chars.get(i).is_some_and(char::is_ascii_digit) {
        i += 1;
    }
    let ends_word = chars.get(i).is_none_or(|c| !c.is_alphanumeric());
    (i > start && ends_word).then(|| (negative, chars[start..i].iter().collect(), i))
}

/// A `-`: a minus sign in a formula or before a number, a hyphen inside a
/// word or a key (`never-inserted`, `rec-11`).
fn minus_or_hyphen(chars: &[char], i: usize) -> String {
    let before = i.checked_sub(1).map(|j| chars[j]);
    let after = chars.get(i + 1).copied();
    let spaced = before.is_none_or(char::is_whitespace) && after.is_none_or(char::is_whitespace);
    if spaced {
        // ` - `: a dash between words or a minus between terms.
        return if after.is_some() && before.is_some() {
            " minus ".into()
        } else {
            ", ".into()
        };
    }
    let letter_before = before.is_some_and(char::is_alphabetic);
    let opens = before.is_none_or(|b| b.is_whitespace() || matches!(b, '(' | '=' | ','));
    let after_operand =
        after.is_some_and(|a| a.is_ascii_digit() || a.is_alphabetic() || a == '(' || a == '.');
    if opens && after_operand {
        // `-kn`, `(-0.5`: a sign.
        return "minus ".into();
    }
    // `4-bit`, `512-bit`: a number joined to a word is one word.
    let word_after = chars[i + 1..]
        .iter()
        .take_while(|c| c.is_alphabetic())
        .count()
        >= 2;
    if before.is_some_and(|b| b.is_ascii_digit() || b == ')')
        && after_operand
        && !letter_before
        && !word_after
    {
        // `1-e`, `(1 - x)-y`: a difference.
        return " minus ".into();
    }
    "-".into()
}

/// A `/`: a unit per item, or one term or number over another.
fn slash(chars: &[char], i: usize) -> String {
    let before = i.checked_sub(1).map(|j| chars[j]);
    let word_after: String = chars[i + 1..]
        .iter()
        .take_while(|c| c.is_alphanumeric())
        .collect();
    let digit_before = before.is_some_and(|b| b.is_ascii_digit());
    if digit_before
        && word_after
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    {
        " over ".into()
    } else if word_after.chars().count() >= 2 && word_after.chars().all(char::is_alphabetic) {
        " per ".into()
    } else {
        " over ".into()
    }
}

/// Byte units after a number said in full (`64 MiB` is "64 mebibytes"),
/// and a lone `M` after a number as "million".
fn units(text: &str) -> String {
    const UNITS: [(&str, &str); 14] = [
        ("ms", "milliseconds"),
        ("s", "seconds"),
        ("min", "minutes"),
        ("h", "hours"),
        ("KiB", "kibibytes"),
        ("MiB", "mebibytes"),
        ("GiB", "gibibytes"),
        ("TiB", "tebibytes"),
        ("kB", "kilobytes"),
        ("KB", "kilobytes"),
        ("MB", "megabytes"),
        ("GB", "gigabytes"),
        ("TB", "terabytes"),
        ("B", "bytes"),
    ];
    let split: Vec<String> = text
        .split(' ')
        .map(|w| {
            if w == "vs" {
                "versus".to_string()
            } else {
                number_apart(w)
            }
        })
        .collect();
    let joined = split.join(" ");
    let words: Vec<&str> = joined.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let number_before = i > 0
            && words[i - 1]
                .chars()
                .last()
                .is_some_and(|c| c.is_ascii_digit());
        let (core, tail) = split_tail(word);
        let said = if number_before {
            UNITS
                .iter()
                .find(|(unit, _)| *unit == core)
                .map(|(_, name)| format!("{name}{tail}"))
                .or_else(|| (core == "M").then(|| format!("million{tail}")))
                .or_else(|| (core == "k").then(|| format!("thousand{tail}")))
        } else {
            None
        };
        out.push(said.unwrap_or_else(|| word.to_string()));
    }
    out.join(" ")
}

/// A number written against its unit or multiplier (`64MiB`, `50M`,
/// `2.5k`) with a space between, so the unit is read as a word.
fn number_apart(word: &str) -> String {
    let digits = word
        .char_indices()
        .take_while(|(_, c)| c.is_ascii_digit() || matches!(c, '.' | ','))
        .last()
        .map_or(0, |(i, c)| i + c.len_utf8());
    let (number, unit) = word.split_at(digits);
    let (core, _) = split_tail(unit);
    let known = [
        "KiB", "MiB", "GiB", "TiB", "kB", "KB", "MB", "GB", "TB", "B", "M", "k", "ms", "s", "min",
        "h",
    ];
    if number.chars().any(|c| c.is_ascii_digit()) && known.contains(&core) {
        format!("{number} {unit}")
    } else {
        word.to_string()
    }
}

/// A word and the punctuation after it: `GB,` is (`GB`, `,`).
fn split_tail(word: &str) -> (&str, &str) {
    let end = word
        .char_indices()
        .rev()
        .find(|(_, c)| c.is_alphanumeric())
        .map_or(0, |(i, c)| i + c.len_utf8());
    word.split_at(end)
}

/// Runs of spaces as one, no space before a comma, stop, colon or
/// semicolon, and none at either end.
fn squeeze_spaces(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        let glued = word.starts_with([',', '.', ';', ':', ')']) && !word.starts_with("...");
        if !out.is_empty() && !glued {
            out.push(' ');
        }
        out.push_str(word);
    }
    // A mark turned into "; " at the end of a phrase can leave ";;" or "; ,".
    out.replace(";;", ";")
        .replace("; ,", ";")
        .replace(",,", ",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_become_words_or_go() {
        assert_eq!(
            speakable("✓ right: y is in the set"),
            "yes, right: y is in the set"
        );
        assert_eq!(
            speakable("interval holds: classic ✓ true ✗"),
            "interval holds: classic yes, true no"
        );
        assert_eq!(
            speakable("each extra bit: error x 0.6185"),
            "each extra bit: error times 0.6185"
        );
        assert_eq!(speakable("bit 2 by x and y"), "bit 2 by x and y");
        assert_eq!(speakable("█ set ▓ shared ┊ x"), "set shared x");
        assert_eq!(speakable("a · b"), "a; b");
        assert_eq!(speakable("computing…"), "computing...");
        assert_eq!(speakable("from 2→1"), "from 2 to 1");
    }

    #[test]
    fn nothing_steers_the_terminal() {
        let out = speakable("a\u{1b}[2Jb\u{7}\u{202e}c");
        assert!(!out.chars().any(|c| c.is_control()), "{out:?}");
        assert!(out.is_ascii(), "{out:?}");
    }

    #[test]
    fn figures_read_as_spoken() {
        for (written, said) in [
            ("exact scan 1..16", "exact scan 1 to 16"),
            ("10^9 URLs", "10 to the 9 URLs"),
            ("about 9.7 h of work", "about 9.7 hours of work"),
            ("6 min, 8 s, 20ms", "6 minutes, 8 seconds, 20 milliseconds"),
            ("1.2e-5 absolute", "1.2 times 10 to the minus 5 absolute"),
            ("about 1 in 1e6", "about 1 in 1 times 10 to the 6"),
            ("0.008318677101", "0.008318677101"),
            ("95% 0.0071–0.0095", "95% 0.0071 to 0.0095"),
            ("exact − idealised", "exact minus idealised"),
            (
                "(1-e^-kn/m)^k",
                "(1 minus e to the minus kn over m) to the k",
            ),
            ("1 - e^(-kn/m)", "1 minus e to the (minus kn over m)"),
            ("P0 = (1 - 1/m)^(kn)", "P0 = (1 minus 1 over m) to the (kn)"),
            ("E[(X/m)^k]", "the mean of ((X over m) to the k)"),
            ("17/20,000 = 0.00085", "17 over 20,000 = 0.00085"),
            ("4-bit counters", "4-bit counters"),
            ("10 bits/key", "10 bits per key"),
            (
                "exact hash set (64 B/item)",
                "exact hash set (64 bytes per item)",
            ),
            ("k* = 6.93", "k star = 6.93"),
            ("P0 ~ e^(-kn/m)", "P0 is about e to the (minus kn over m)"),
            ("(51x smaller)", "(51 times smaller)"),
            ("64 MiB, 1.25 GB.", "64 mebibytes, 1.25 gigabytes."),
            ("full at 125 M", "full at 125 million"),
            (
                "64MiB and 50M keys, 2.5k",
                "64 mebibytes and 50 million keys, 2.5 thousand",
            ),
            ("rule (m/n)ln2 = 6.93", "rule (m over n) ln 2 = 6.93"),
            ("-ln p / (ln 2)^2", "minus ln p over (ln 2) to the 2"),
        ] {
            assert_eq!(speakable(written), said, "{written}");
        }
    }

    #[test]
    fn words_and_keys_keep_their_hyphens() {
        for kept in [
            "never-inserted keys",
            "rec-11: maybe",
            "the false-positive rate",
            "k = 3",
            "+1.5% of exact",
            "e.g. the rate",
            "the exponent",
        ] {
            assert_eq!(speakable(kept), kept);
        }
    }
}
