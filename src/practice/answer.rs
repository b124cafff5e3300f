//! Reading what a student types: words split at spaces and commas (and the
//! brackets of a list like `[True, False, True]`), each read as a yes or no
//! or as a number.

/// The words of an answer, lower case, brackets and commas dropped.
pub fn words(typed: &str) -> Vec<String> {
    typed
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '[' | ']' | '(' | ')'))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// `yes`, `y`, `true`, `t`, `maybe` are true; `no`, `n`, `false`, `f` false.
pub fn boolean(word: &str) -> Option<bool> {
    match word {
        "yes" | "y" | "true" | "t" | "maybe" => Some(true),
        "no" | "n" | "false" | "f" => Some(false),
        _ => None,
    }
}

/// A number as written (`0.0082`, `0.82%`, `9.585`), `None` otherwise.
pub fn number(word: &str) -> Option<f64> {
    let (text, scale) = match word.strip_suffix('%') {
        Some(t) => (t, 0.01),
        None => (word, 1.0),
    };
    text.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .map(|x| x * scale)
}

/// Exactly `n` booleans, or `None`.
pub fn booleans(typed: &str, n: usize) -> Option<Vec<bool>> {
    let got: Option<Vec<bool>> = words(typed).iter().map(|w| boolean(w)).collect();
    got.filter(|v| v.len() == n)
}

/// Exactly `n` numbers, or `None`.
pub fn numbers(typed: &str, n: usize) -> Option<Vec<f64>> {
    let got: Option<Vec<f64>> = words(typed).iter().map(|w| number(w)).collect();
    got.filter(|v| v.len() == n)
}

/// `T`/`F` for a list of booleans, as the lesson writes them.
pub fn letters(values: &[bool]) -> String {
    values
        .iter()
        .map(|&b| if b { "T" } else { "F" })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_read_as_people_write_them() {
        assert_eq!(booleans("T F T", 3), Some(vec![true, false, true]));
        assert_eq!(
            booleans("[True, False, True]", 3),
            Some(vec![true, false, true])
        );
        assert_eq!(booleans("yes no", 3), None);
        assert_eq!(booleans("yes perhaps", 2), None);
        assert_eq!(numbers("9.585, 57.1 7", 3), Some(vec![9.585, 57.1, 7.0]));
        assert!(number("0.82%").is_some_and(|x| (x - 0.0082).abs() < 1e-12));
        assert_eq!(number("NaN"), None);
        assert_eq!(letters(&[true, false]), "T F");
    }
}
