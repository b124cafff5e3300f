//! The board in sentences, for plain mode (`bloomlab --plain`), where a
//! screen reader reads the lecture line by line. Every text the screen
//! draws as words comes from [`super::texts`]; what the screen draws as
//! cells and marks (the row, its owners, the probes, the counters) is
//! worded here from the board's own data.

use super::board::{Board, Cell, Probe, Query, QuerySource};
use super::figures::sig;
use super::predict::{Guess, Prediction, Solution, choice_key};
use super::script::{Element, Emphasis};
use super::texts::{
    ANSWER, Judgement, PICKED, TABLE_HEADER, class_says, crawler_lines, lineup_chart,
    predict_outcome, table_on_board, table_rows, verdict_words,
};
use crate::filter::ProbeState;

/// `items` as a spoken list: "1", "1 and 2", "1, 2 and 3".
pub fn spoken_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let head: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", head.join(", "), last.as_ref())
        }
    }
}

/// `text` with its first letter in capitals, as a sentence starts; a
/// first word of one letter other than "a" is a name (m, n, k) and keeps
/// its case, since `M` is not `m`.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let one_letter = text.chars().nth(1).is_none_or(|c| !c.is_alphanumeric());
    if one_letter && first != 'a' {
        return text.to_string();
    }
    first.to_uppercase().chain(chars).collect()
}

/// `text` as a sentence: a capital first and a full stop last (unless it
/// already ends a sentence).
pub fn sentence(text: &str) -> String {
    let text = capitalised(text.trim());
    if text.ends_with(['.', '?', '!', ':']) {
        text
    } else {
        format!("{text}.")
    }
}

/// A line the script lays out in columns ("insert: yes   query: yes") as
/// phrases: a label's padding goes, wider gaps become semicolons.
pub fn phrases(text: &str) -> String {
    let mut out = String::new();
    for (i, piece) in text
        .trim()
        .split("  ")
        .filter(|p| !p.trim().is_empty())
        .enumerate()
    {
        if i > 0 {
            out.push_str(if out.ends_with(':') { " " } else { "; " });
        }
        out.push_str(piece.trim());
    }
    out
}

/// Where the step is: "Scene 2 of 5: Setting the bits. Step 8 of 10."
pub fn place(board: &Board) -> String {
    format!(
        "Scene {} of {}: {}. Step {} of {}.",
        board.scene + 1,
        board.scene_count,
        board.scene_title,
        board.step + 1,
        board.steps_in_scene
    )
}

/// Who set a bit: "x", "x and y".
fn owners(cell: &Cell) -> String {
    spoken_list(&cell.owners)
}

/// A bit in words, with who set it when the board shows that.
fn bit(i: usize, cell: &Cell, with_owners: bool) -> String {
    if with_owners && !cell.owners.is_empty() {
        format!("bit {i} by {}", owners(cell))
    } else {
        format!("bit {i}")
    }
}

/// The row as sentences: its length, which bits are set (and by whom, once
/// the board shows owners), what this step's insert touched, what a
/// deletion cleared, and which bits are shared when the step points at
/// them. Nothing when the row is not on show.
pub fn row(board: &Board) -> Vec<String> {
    let Some(cells) = board.row.as_ref().filter(|_| board.shows(Element::Row)) else {
        return Vec::new();
    };
    let m = cells.len();
    let with_owners = board.shows(Element::Owners);
    let set: Vec<String> = cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c.set)
        .map(|(i, c)| bit(i, c, with_owners))
        .collect();
    let mut out = vec![match set.len() {
        0 => format!(
            "The row: {m} bits, numbered 0 to {}, all 0.",
            m.saturating_sub(1)
        ),
        n if n == m => format!("The row: {m} bits, all set: {}.", spoken_list(&set)),
        n => format!(
            "The row: {m} bits, {n} set and {} clear. Set: {}.",
            m - n,
            spoken_list(&set)
        ),
    }];
    let fresh: Vec<String> = cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c.fresh)
        .map(|(i, _)| i.to_string())
        .collect();
    if !fresh.is_empty() {
        out.push(format!(
            "Written by this step's insert: {} {}.",
            if fresh.len() == 1 { "bit" } else { "bits" },
            spoken_list(&fresh)
        ));
    }
    let cleared: Vec<String> = cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c.cleared)
        .map(|(i, c)| {
            let kept: Vec<String> = c.kept_owners().cloned().collect();
            match kept.len() {
                0 => format!("bit {i}"),
                _ => format!("bit {i} (which {} also set)", spoken_list(&kept)),
            }
        })
        .collect();
    if !cleared.is_empty() {
        let mut deleted: Vec<String> = Vec::new();
        for d in cells.iter().flat_map(|c| &c.deleted) {
            if !deleted.contains(d) {
                deleted.push(d.clone());
            }
        }
        let by = if deleted.is_empty() {
            "the deletion".to_string()
        } else {
            format!("deleting {}", spoken_list(&deleted))
        };
        out.push(format!(
            "Cleared by {by}, and now 0: {}.",
            spoken_list(&cleared)
        ));
    }
    if board.emphasises(&Emphasis::Shared) {
        let shared: Vec<String> = cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.owners.len() > 1)
            .map(|(i, c)| bit(i, c, true))
            .collect();
        if !shared.is_empty() {
            out.push(format!(
                "Leaned on by more than one item: {}.",
                spoken_list(&shared)
            ));
        }
    }
    out
}

/// One probe in words: "bit 2 read 1", "counter 7 is 1".
fn probe(p: &Probe, board: &Board, source: QuerySource) -> String {
    match (source, p.read) {
        (QuerySource::Counters, ProbeState::One | ProbeState::Zero) => {
            let value = board.counters.get(p.position).copied().unwrap_or(0);
            format!("counter {} is {value}", p.position)
        }
        (QuerySource::Counters, state) => format!("counter {} {}", p.position, state.words()),
        (QuerySource::Row, state) => format!("bit {} {}", p.position, state.words()),
    }
}

/// The query on the board, when the structure it reads is on show: its
/// probes in hash order and what each read, then the verdict and whether
/// it is right, a false positive or a false negative.
pub fn query(board: &Board) -> Vec<String> {
    let Some(q) = board.query.as_ref() else {
        return Vec::new();
    };
    let on_show = match q.source {
        QuerySource::Row => board.shows(Element::Row),
        QuerySource::Counters => board.shows(Element::Counters),
    };
    if !on_show {
        return Vec::new();
    }
    let probes: Vec<String> = q.probes.iter().map(|p| probe(p, board, q.source)).collect();
    let what = match q.source {
        QuerySource::Row => format!("Query {}", q.item),
        QuerySource::Counters => format!("Query {} on the counters", q.item),
    };
    vec![
        format!("{what}, probes in hash order: {}.", spoken_list(&probes)),
        verdict(q),
    ]
}

/// The verdict as a sentence: "Answer: probably present. False positive: v
/// was never inserted."
pub fn verdict(q: &Query) -> String {
    let w = verdict_words(q);
    let Some(v) = q.verdict else {
        return sentence(&w.reason);
    };
    let judged = match (w.judgement, &w.call) {
        (Judgement::Right | Judgement::Wrong | Judgement::Unnamed, Some(call)) => {
            format!("{}: {}", capitalised(call), w.reason)
        }
        _ => capitalised(&w.reason),
    };
    format!("Answer: {}. {}.", v.as_str(), judged)
}

/// The counting variant's counters: the ones above 0 with their values,
/// and how a counter moved within the step.
pub fn counters(board: &Board) -> Vec<String> {
    if !board.shows(Element::Counters) {
        return Vec::new();
    }
    let held: Vec<String> = board
        .counters
        .iter()
        .enumerate()
        .filter_map(|(i, &v)| {
            let peak = board.counters_peak.get(i).copied().unwrap_or(v);
            match (v, peak) {
                (0, 0) => None,
                (v, peak) if peak != v => Some(format!("counter {i} went from {peak} to {v}")),
                (v, _) => Some(format!("counter {i} is {v}")),
            }
        })
        .collect();
    let line = if held.is_empty() {
        format!(
            "The counting variant: {} counters, one per cell, all 0.",
            board.counters.len()
        )
    } else {
        format!(
            "The counting variant: {} counters, one per cell. {}; the others are 0.",
            board.counters.len(),
            capitalised(&spoken_list(&held))
        )
    };
    vec![line]
}

/// The cost table, a sentence per row in the table's own words.
pub fn table(board: &Board) -> Vec<String> {
    if !table_on_board(board) {
        return Vec::new();
    }
    let [_, items, memory] = TABLE_HEADER;
    table_rows(board)
        .into_iter()
        .map(|r| {
            let [label, count, size] = &r.cells;
            let remark = if r.remark.is_empty() {
                String::new()
            } else {
                format!(" {}", r.remark)
            };
            format!("Table: {label}, {items} {count}, {memory} {size}{remark}.",)
        })
        .collect()
}

/// The crawler's figures under its diagram, with the kind of rate they use.
pub fn crawler(board: &Board) -> Vec<String> {
    // The first line sizes the filter; the second is its rate.
    crawler_lines(board)
        .map(|[size, rate]| {
            vec![
                sentence(&size),
                sentence(&format!("{rate} (idealised rate)")),
            ]
        })
        .unwrap_or_default()
}

/// The derivation lines, in order.
pub fn derivation(board: &Board) -> Vec<String> {
    if !board.shows(Element::Derivation) {
        return Vec::new();
    }
    board
        .derivation
        .iter()
        .map(|l| sentence(&format!("Derivation: {}", phrases(l))))
        .collect()
}

/// The line-up chart in words: what it draws, its two lines, and each bar.
pub fn lineup(board: &Board) -> Vec<String> {
    let Some(chart) = lineup_chart(board) else {
        return Vec::new();
    };
    if chart.floor_only() {
        return vec![format!(
            "Chart: bits per key from 0 rightwards, with one line, the floor log2(1/p) \
             at {} bits per key; everything left of it is shaded, out of reach of any structure.",
            sig(chart.floor, 3)
        )];
    }
    let mut out = vec![format!(
        "Chart: each structure's bits per key as a bar, all from one line-up run, \
         with two lines across the bars: the floor log2(1/p) at {} bits per key, \
         and {} times the floor at {}.",
        sig(chart.floor, 3),
        sig(chart.factor, 3),
        sig(chart.factor_bits(), 3)
    )];
    if chart.marks_own_floors() {
        out.push(
            "A line inside a bar marks the floor at the rate that structure reached, \
             where that is well under the target."
                .to_string(),
        );
    }
    for bar in &chart.bars {
        let mut said = format!(
            "Bar for {}: {} bits per key, {} times the floor, measured rate {}",
            bar.name,
            sig(bar.bits_per_key, 3),
            sig(bar.x_floor, 3),
            sig(bar.rate, 2)
        );
        if let (Some(floor), Some(x)) = (bar.own_floor, bar.x_own_floor()) {
            said += &format!(
                "; at that rate the floor is {} bits per key, and it takes {} times that",
                sig(floor, 3),
                sig(x, 3)
            );
        }
        out.push(sentence(&said));
    }
    out
}

/// The notes, in order.
pub fn notes(board: &Board) -> Vec<String> {
    if !board.shows(Element::Notes) {
        return Vec::new();
    }
    board
        .notes
        .iter()
        .map(|n| sentence(&format!("Note: {}", phrases(n))))
        .collect()
}

/// The prediction: the question, each choice (with the class's pick and,
/// once revealed, the answer marked in words), the class's number, and the
/// outcome after the reveal.
pub fn prediction(p: &Prediction) -> Vec<String> {
    let mut out = vec![format!("Predict: {}", p.question.trim())];
    let answer = match p.solution {
        Solution::Choice(i) => Some(i),
        Solution::Number { .. } => None,
    };
    for (i, choice) in p.choices.iter().enumerate() {
        let mut marks = Vec::new();
        if p.guess == Some(Guess::Choice(i)) {
            marks.push(format!("{PICKED}'s pick"));
        }
        if p.revealed && answer == Some(i) {
            marks.push(ANSWER.to_string());
        }
        let marked = if marks.is_empty() {
            String::new()
        } else {
            format!(" ({})", marks.join(", "))
        };
        out.push(format!(
            "Choice {}: {}{marked}.",
            choice_key(i),
            choice.trim()
        ));
    }
    if let (true, Some(Guess::Number(g))) = (p.is_number(), p.guess) {
        out.push(sentence(&class_says(g)));
    }
    if let Some((_, text)) = predict_outcome(p) {
        out.push(sentence(&text));
    }
    out
}

/// The narration, a line per paragraph.
pub fn narration(board: &Board) -> Vec<String> {
    board
        .narration
        .iter()
        .map(|p| p.trim().to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lecture::Lecture;

    fn board_at(scene: u32, step: u32) -> Board {
        Lecture::builtin()
            .board_for(scene, step)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The spoken text follows the slide: the cost table is read out in
    /// scene 1, and beside the crawler (5.9) its figures are the crawler's
    /// own lines, so the table is not read out again.
    #[test]
    fn the_cost_table_is_read_where_the_slide_shows_it() {
        assert!(!table(&board_at(1, 6)).is_empty());
        let crawler = board_at(5, 9);
        assert!(table(&crawler).is_empty(), "{:?}", table(&crawler));
        assert!(crawler_lines(&crawler).is_some());
    }

    #[test]
    fn lists_read_as_spoken() {
        assert_eq!(spoken_list::<&str>(&[]), "");
        assert_eq!(spoken_list(&["x"]), "x");
        assert_eq!(spoken_list(&["x", "y"]), "x and y");
        assert_eq!(spoken_list(&["1", "2", "3"]), "1, 2 and 3");
        assert_eq!(
            sentence("right: y is in the set"),
            "Right: y is in the set."
        );
        assert_eq!(sentence("m 0 is out of range"), "m 0 is out of range.");
        assert_eq!(sentence("a 0 bit"), "A 0 bit.");
        assert_eq!(
            phrases("insert: yes   query: yes   delete: never"),
            "insert: yes; query: yes; delete: never"
        );
        assert_eq!(
            phrases("one hash misses a bit:  1 - 1/m"),
            "one hash misses a bit: 1 - 1/m"
        );
    }

    #[test]
    fn the_row_says_which_bits_are_set_and_by_whom() {
        let b = board_at(2, 7);
        let said = row(&b).join(" ");
        assert!(said.contains("16 bits, 8 set and 8 clear"), "{said}");
        assert!(said.contains("bit 7 by x and y"), "{said}");
        assert!(said.contains("bit 14 by z"), "{said}");
        assert!(
            said.contains("Written by this step's insert: bits 1, 9 and 14"),
            "{said}"
        );
    }

    #[test]
    fn a_deletion_says_what_it_cleared_and_who_still_leans_on_it() {
        let said = row(&board_at(5, 2)).join(" ");
        assert!(
            said.contains(
                "Cleared by deleting x, and now 0: bit 2, bit 7 (which y also set) and bit 11."
            ),
            "{said}"
        );
        // Put back, nothing is said cleared.
        assert!(!row(&board_at(5, 5)).join(" ").contains("Cleared"));
    }

    #[test]
    fn a_wrong_answer_is_called_wrong_before_it_is_named() {
        let lecture = Lecture::builtin();
        let at = lecture.step_index(5, 3).unwrap_or_else(|e| panic!("{e}"));
        let board = lecture
            .revealed_board(at)
            .unwrap_or_else(|| panic!("5.3 predicts"));
        let said = query(board).join(" ");
        assert!(
            said.contains("Answer: definitely absent. Filter wrong: y is in the set."),
            "{said}"
        );
    }

    #[test]
    fn the_false_positive_and_the_false_negative_are_called_by_name() {
        let lecture = Lecture::builtin();
        let at = lecture.step_index(3, 4).unwrap_or_else(|e| panic!("{e}"));
        let said = query(lecture.step_board(at)).join(" ");
        assert!(
            said.contains("bit 2 read 1, bit 4 read 1 and bit 9 read 1"),
            "{said}"
        );
        assert!(
            said.contains("Answer: probably present. False positive: v was never inserted."),
            "{said}"
        );
        let at = lecture.step_index(5, 4).unwrap_or_else(|e| panic!("{e}"));
        let said = query(lecture.step_board(at)).join(" ");
        assert!(
            said.contains("bit 7 read 0 and bit 13 not needed"),
            "{said}"
        );
        assert!(said.contains("False negative: y is in the set."), "{said}");
    }

    #[test]
    fn a_prediction_reads_its_question_and_choices_then_its_outcome() {
        let lecture = Lecture::builtin();
        let at = lecture.step_index(3, 3).unwrap_or_else(|e| panic!("{e}"));
        let before = prediction(
            lecture
                .step_board(at)
                .predict
                .as_ref()
                .unwrap_or_else(|| panic!("3.3 predicts")),
        );
        assert!(
            before[0].starts_with("Predict: v was never inserted."),
            "{before:?}"
        );
        assert!(
            before.iter().any(|l| l.starts_with("Choice A: ")),
            "{before:?}"
        );
        assert!(!before.iter().any(|l| l.contains(ANSWER)), "{before:?}");
        let revealed = lecture
            .revealed_board(at)
            .and_then(|b| b.predict.as_ref())
            .map(prediction)
            .unwrap_or_default();
        assert!(
            revealed.iter().any(|l| l.contains("(the answer)")),
            "{revealed:?}"
        );
        assert!(
            revealed
                .iter()
                .any(|l| l.to_lowercase().contains("no prediction recorded")),
            "{revealed:?}"
        );
        // The answer is named once, on its choice.
        let said = revealed
            .iter()
            .map(|l| l.matches(ANSWER).count())
            .sum::<usize>();
        assert_eq!(said, 1, "{revealed:?}");
    }
}
