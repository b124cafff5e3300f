//! The hand-written reader of the lecture script format (see
//! `assets/lecture.txt` for a commented example). Every rejection carries
//! file:line:column; hostile input is capped so it fails fast.

use super::error::ScriptError;
use super::figures::{Figures, best_whole_k};
use super::script::{
    Curve, Directive, Element, Emphasis, Item, Scene, Script, Settings, Step, TableRow,
};
use super::template::{Now, Template};
use crate::measure::lineup::Structure;
use std::collections::BTreeMap;

mod prediction;

/// Largest script file accepted, in bytes.
pub const MAX_BYTES: usize = 1 << 20;
/// Longest line accepted, in characters.
pub const MAX_LINE_CHARS: usize = 2000;
/// Most scenes in one script.
pub const MAX_SCENES: usize = 100;
/// Most steps in one script, over all scenes.
pub const MAX_STEPS: usize = 2000;
/// Most items a script may declare.
pub const MAX_ITEMS: usize = 64;
/// Most directives and narration lines in one step.
pub const MAX_LINES_PER_STEP: usize = 200;
/// Widest row a script may ask for (it has to be drawn on one line).
// Both limits are small (64 and 16), so they fit any usize.
pub const MAX_M: usize = crate::limits::SCRIPT_M.max as usize;
/// Most positions per item.
pub const MAX_K: usize = crate::limits::SCRIPT_K.max as usize;
/// Longest item name, in characters.
pub const MAX_NAME: usize = 12;

/// Header settings: name, lowest, highest, whole numbers only.
const SETTINGS: &[(&str, f64, f64, bool)] = &[
    ("m", 1.0, MAX_M as f64, true),
    ("k", 1.0, MAX_K as f64, true),
    ("urls", 1.0, 1e15, false),
    ("exact_bytes", 1.0, 1e6, false),
    ("ram_gb", 0.001, 1e9, false),
    ("bloom_bits", 0.1, 1000.0, false),
    ("fill_n_max", 1.0, 1000.0, true),
    ("k_max", 1.0, 64.0, true),
    ("k_curve_bits", 0.1, 1000.0, false),
    ("bits_min", 1.0, 999.0, true),
    ("bits_max", 2.0, 1000.0, true),
    ("memory_n_max", 0.001, 1e9, false),
    ("memory_gb_max", 0.001, 1e9, false),
    ("counter_bits", 1.0, 32.0, true),
    // The line-up is measured when a script first asks for its figures:
    // kept small, it takes well under a second.
    ("lineup_n", 100.0, 200_000.0, true),
    ("lineup_p", 0.0001, 0.5, false),
    ("lineup_queries", 1000.0, 1_000_000.0, true),
    ("lineup_seed", 0.0, 1e15, true),
];

/// Turns raw bytes into a script, or the first problem found.
pub fn parse_bytes(file: &str, bytes: &[u8]) -> Result<Script, ScriptError> {
    if bytes.len() > MAX_BYTES {
        return Err(ScriptError::at(
            file,
            0,
            0,
            format!(
                "the file is {} bytes; a script may be at most {} bytes",
                bytes.len(),
                MAX_BYTES
            ),
        ));
    }
    // Editors on Windows often start UTF-8 files with a byte-order mark; it
    // is not part of the first line's text.
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let (line, column) = position_of_byte(bytes, e.valid_up_to());
            return Err(ScriptError::at(
                file,
                line,
                column,
                "the file is not UTF-8 text (is it a binary file?)",
            ));
        }
    };
    if let Some(at) = text.find('\0') {
        let (line, column) = position_of_byte(bytes, at);
        return Err(ScriptError::at(
            file,
            line,
            column,
            "the file contains a NUL byte (is it a binary file?)",
        ));
    }
    if let Some((at, c)) = first_unsafe(text) {
        let (line, column) = position_of_byte(bytes, at);
        return Err(ScriptError::at(
            file,
            line,
            column,
            format!(
                "U+{:04X} is a control, bidirectional or invisible character; \
                 a script's text is shown on terminals, so it may not hold one",
                u32::from(c)
            ),
        ));
    }
    Parser::new(file).run(text)
}

/// The first character `crate::text` calls unsafe, with its byte offset;
/// tabs and line ends (`\n`, `\r\n`) are the script's own layout.
fn first_unsafe(text: &str) -> Option<(usize, char)> {
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let layout =
            c == '\t' || c == '\n' || (c == '\r' && chars.peek().is_some_and(|&(_, n)| n == '\n'));
        if !layout && crate::text::is_unsafe(c) {
            return Some((at, c));
        }
    }
    None
}

/// 1-based line and character column of a byte offset (valid UTF-8 before it).
fn position_of_byte(bytes: &[u8], at: usize) -> (usize, usize) {
    let before = &bytes[..at.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, column)
}

/// A word of a directive line with its 1-based character column.
#[derive(Debug, Clone, Copy)]
struct Word<'a> {
    column: usize,
    text: &'a str,
}

fn words(line: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (col0, (byte, c)) in line.char_indices().enumerate() {
        if c.is_whitespace() {
            if let Some((b, col)) = start.take() {
                out.push(Word {
                    column: col + 1,
                    text: &line[b..byte],
                });
            }
        } else if start.is_none() {
            start = Some((byte, col0));
        }
    }
    if let Some((b, col)) = start {
        out.push(Word {
            column: col + 1,
            text: &line[b..],
        });
    }
    out
}

/// An item as declared, with where each part was written (checked once the
/// header is complete, because m and k may come in any order).
struct PendingItem {
    line: usize,
    name_column: usize,
    name: String,
    positions: Vec<(usize, usize)>,
}

struct Parser<'f> {
    file: &'f str,
    settings: Settings,
    pending: Vec<PendingItem>,
    items: Vec<Item>,
    scenes: Vec<Scene>,
    steps_total: usize,
    header_done: bool,
    line: usize,
    scene_line: usize,
    // The numbers placeholders are checked against, once the header is read.
    figures: Option<Figures>,
    // Where each curve's probe stands so far in the current scene, so a
    // placeholder that reads a probe can be checked where it is written.
    probes: BTreeMap<Curve, f64>,
    // Where the current step's `predict` line is, for its checks.
    predict_line: usize,
}

impl<'f> Parser<'f> {
    fn new(file: &'f str) -> Self {
        Parser {
            file,
            settings: Settings::default(),
            pending: Vec::new(),
            items: Vec::new(),
            scenes: Vec::new(),
            steps_total: 0,
            header_done: false,
            line: 0,
            scene_line: 0,
            figures: None,
            probes: BTreeMap::new(),
            predict_line: 0,
        }
    }

    fn err(&self, column: usize, message: impl Into<String>) -> ScriptError {
        ScriptError::at(self.file, self.line, column, message)
    }

    fn run(mut self, text: &str) -> Result<Script, ScriptError> {
        for (index, raw) in text.lines().enumerate() {
            self.line = index + 1;
            if raw.chars().count() > MAX_LINE_CHARS {
                return Err(self.err(
                    MAX_LINE_CHARS + 1,
                    format!("the line is longer than {MAX_LINE_CHARS} characters"),
                ));
            }
            let trimmed = raw.trim_start();
            let indent = raw.chars().count() - trimmed.chars().count();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            self.line_content(raw, trimmed, indent)?;
        }
        self.line = text.lines().count().max(1);
        if !self.header_done {
            self.finish_header()?;
        }
        if self.scenes.is_empty() {
            return Err(ScriptError::at(
                self.file,
                1,
                1,
                "the script has no scenes (write scene \"title\", then step and its narration)",
            ));
        }
        self.check_last_step()?;
        self.check_last_scene()?;
        Ok(Script {
            settings: self.settings,
            items: self.items,
            scenes: self.scenes,
        })
    }

    fn line_content(&mut self, raw: &str, trimmed: &str, indent: usize) -> Result<(), ScriptError> {
        if let Some(rest) = trimmed.strip_prefix('>') {
            let text = rest.strip_prefix(' ').unwrap_or(rest);
            let text_column = indent + 1 + (rest.chars().count() - text.chars().count()) + 1;
            return self.narration(text, text_column);
        }
        let ws = words(raw);
        let Some(first) = ws.first().copied() else {
            return Ok(());
        };
        match first.text {
            "scene" => self.scene(raw, first),
            "step" => self.step(&ws),
            "item" => self.item(&ws),
            _ if ws.get(1).is_some_and(|w| w.text == "=") || first.text.contains('=') => {
                self.setting(&ws)
            }
            _ => self.directive(raw, &ws),
        }
    }

    fn current_step(&mut self, column: usize, what: &str) -> Result<&mut Step, ScriptError> {
        let err = self.err(
            column,
            format!("{what} must come inside a step (write `step` first)"),
        );
        let step = self
            .scenes
            .last_mut()
            .and_then(|s| s.steps.last_mut())
            .ok_or(err)?;
        if step.directives.len() + step.narration.len() >= MAX_LINES_PER_STEP {
            return Err(ScriptError::at(
                self.file,
                self.line,
                column,
                format!("a step may hold at most {MAX_LINES_PER_STEP} lines"),
            ));
        }
        Ok(step)
    }

    fn narration(&mut self, text: &str, column: usize) -> Result<(), ScriptError> {
        let template = self
            .template(text)
            .map_err(|(offset, msg)| self.err(column + offset, msg))?;
        let step = self.current_step(column.saturating_sub(2).max(1), "narration")?;
        // An empty `>` line separates paragraphs; other lines join the last
        // one, except the first line after `reveal`, which starts its own.
        let after_reveal = step.reveal_from == Some(step.narration.len());
        if template.parts.is_empty() {
            step.narration.push(Template::default());
        } else if let Some(last) = step
            .narration
            .last_mut()
            .filter(|t| !t.parts.is_empty() && !after_reveal)
        {
            last.parts.push(super::template::Part::Text(" ".into()));
            last.parts.extend(template.parts);
        } else {
            step.narration.push(template);
        }
        Ok(())
    }

    fn scene(&mut self, raw: &str, first: Word<'_>) -> Result<(), ScriptError> {
        if !self.header_done {
            self.finish_header()?;
        }
        if !self.scenes.is_empty() {
            self.check_last_step()?;
            self.check_last_scene()?;
        }
        if self.scenes.len() >= MAX_SCENES {
            return Err(self.err(
                first.column,
                format!("a script may have at most {MAX_SCENES} scenes"),
            ));
        }
        let after_keyword = first.column - 1 + "scene".len();
        let rest: String = raw.chars().skip(after_keyword).collect();
        let title =
            quoted(&rest).map_err(|(offset, msg)| self.err(after_keyword + 1 + offset, msg))?;
        self.scene_line = self.line;
        self.probes.clear();
        self.scenes.push(Scene {
            title,
            steps: Vec::new(),
        });
        Ok(())
    }

    fn check_last_scene(&self) -> Result<(), ScriptError> {
        if let Some(scene) = self.scenes.last()
            && scene.steps.is_empty()
        {
            return Err(ScriptError::at(
                self.file,
                self.scene_line,
                1,
                format!("scene \"{}\" has no steps", scene.title),
            ));
        }
        Ok(())
    }

    fn step(&mut self, ws: &[Word<'_>]) -> Result<(), ScriptError> {
        if let Some(extra) = ws.get(1) {
            return Err(self.err(
                extra.column,
                format!("`step` takes nothing after it, found '{}'", extra.text),
            ));
        }
        if self.steps_total >= MAX_STEPS {
            return Err(self.err(1, format!("a script may have at most {MAX_STEPS} steps")));
        }
        self.check_last_step()?;
        let line = self.line;
        let err = self.err(
            ws[0].column,
            "`step` must come after a scene \"title\" line",
        );
        let scene = self.scenes.last_mut().ok_or(err)?;
        scene.steps.push(Step {
            line,
            directives: Vec::new(),
            narration: Vec::new(),
            reveal_from: None,
        });
        self.steps_total += 1;
        Ok(())
    }

    fn item(&mut self, ws: &[Word<'_>]) -> Result<(), ScriptError> {
        if self.header_done {
            return Err(self.err(
                ws[0].column,
                "items must be declared before the first scene",
            ));
        }
        let Some(name) = ws.get(1) else {
            return Err(self.err(
                ws[0].column + 4,
                "expected: item NAME = POSITIONS, e.g. item x = 2 7 11",
            ));
        };
        check_name(name.text).map_err(|msg| self.err(name.column, msg))?;
        if self.pending.iter().any(|p| p.name == name.text) {
            return Err(self.err(
                name.column,
                format!("item '{}' is declared twice", name.text),
            ));
        }
        if self.pending.len() >= MAX_ITEMS {
            return Err(self.err(
                name.column,
                format!("a script may declare at most {MAX_ITEMS} items"),
            ));
        }
        match ws.get(2) {
            Some(eq) if eq.text == "=" => {}
            Some(other) => {
                return Err(self.err(
                    other.column,
                    format!("expected '=' after the item name, found '{}'", other.text),
                ));
            }
            None => {
                return Err(self.err(
                    name.column + name.text.chars().count(),
                    "expected '=' and the item's positions",
                ));
            }
        }
        let mut positions = Vec::new();
        for w in &ws[3..] {
            for (offset, piece) in split_commas(w.text) {
                let value: usize = piece.parse().map_err(|_| {
                    self.err(
                        w.column + offset,
                        format!("a position must be a whole number, found '{piece}'"),
                    )
                })?;
                positions.push((value, w.column + offset));
            }
        }
        if positions.is_empty() {
            return Err(self.err(ws[2].column + 1, "the item has no positions"));
        }
        self.pending.push(PendingItem {
            line: self.line,
            name_column: name.column,
            name: name.text.to_string(),
            positions,
        });
        Ok(())
    }

    fn setting(&mut self, ws: &[Word<'_>]) -> Result<(), ScriptError> {
        let first = ws[0];
        if self.header_done {
            return Err(self.err(first.column, "settings must come before the first scene"));
        }
        // Accept both `m = 16` and `m=16`.
        let (name, value, value_column) = if ws.get(1).is_some_and(|w| w.text == "=") {
            let Some(v) = ws.get(2) else {
                return Err(self.err(
                    ws[1].column + 1,
                    format!("expected a value after '{} ='", first.text),
                ));
            };
            (first.text, v.text, v.column)
        } else {
            let (n, v) = first.text.split_once('=').unwrap_or((first.text, ""));
            (n, v, first.column + n.chars().count() + 1)
        };
        let extra_at = if ws.get(1).is_some_and(|w| w.text == "=") {
            3
        } else {
            1
        };
        if let Some(extra) = ws.get(extra_at) {
            return Err(self.err(
                extra.column,
                format!("unexpected '{}' after the value", extra.text),
            ));
        }
        let number: f64 = value
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite())
            .ok_or_else(|| {
                self.err(
                    value_column,
                    format!("'{name}' must be a number, found '{value}'"),
                )
            })?;
        let Some(&(_, low, high, whole)) = SETTINGS.iter().find(|(n, ..)| *n == name) else {
            let known: Vec<&str> = SETTINGS.iter().map(|(n, ..)| *n).collect();
            return Err(self.err(
                first.column,
                format!("unknown setting '{name}' (known: {})", known.join(", ")),
            ));
        };
        if number < low || number > high || (whole && number.fract() != 0.0) {
            let kind = if whole { "a whole number" } else { "a number" };
            return Err(self.err(
                value_column,
                format!("'{name}' must be {kind} from {low} to {high}, found '{value}'"),
            ));
        }
        let s = &mut self.settings;
        // Whole-number settings were checked above, so the casts are exact.
        match name {
            "m" => s.m = number as usize,
            "k" => s.k = number as usize,
            "urls" => s.urls = number,
            "exact_bytes" => s.exact_bytes = number,
            "ram_gb" => s.ram_gb = number,
            "bloom_bits" => s.bloom_bits = number,
            "fill_n_max" => s.fill_n_max = number as usize,
            "k_max" => s.k_max = number as usize,
            "k_curve_bits" => s.k_curve_bits = number,
            "bits_min" => s.bits_min = number as usize,
            "bits_max" => s.bits_max = number as usize,
            "memory_n_max" => s.memory_n_max = number,
            "counter_bits" => s.counter_bits = number as u32,
            "lineup_n" => s.lineup_n = number as u64,
            "lineup_p" => s.lineup_p = number,
            "lineup_queries" => s.lineup_queries = number as u64,
            "lineup_seed" => s.lineup_seed = number as u64,
            _ => s.memory_gb_max = number,
        }
        Ok(())
    }

    fn finish_header(&mut self) -> Result<(), ScriptError> {
        self.header_done = true;
        let s = &self.settings;
        if s.k > s.m {
            return Err(ScriptError::at(
                self.file,
                self.line,
                1,
                format!("k = {} is larger than m = {}", s.k, s.m),
            ));
        }
        if s.bits_min >= s.bits_max {
            return Err(ScriptError::at(
                self.file,
                self.line,
                1,
                "bits_min must be below bits_max",
            ));
        }
        for p in &self.pending {
            if p.positions.len() != s.k {
                return Err(ScriptError::at(
                    self.file,
                    p.line,
                    p.name_column,
                    format!(
                        "item '{}' has {} positions but k = {}",
                        p.name,
                        p.positions.len(),
                        s.k
                    ),
                ));
            }
            for &(pos, column) in &p.positions {
                if pos >= s.m {
                    return Err(ScriptError::at(
                        self.file,
                        p.line,
                        column,
                        format!(
                            "position {pos} is outside the row: positions run from 0 to {} (m = {})",
                            s.m - 1,
                            s.m
                        ),
                    ));
                }
            }
            self.items.push(Item {
                name: p.name.clone(),
                positions: p.positions.iter().map(|&(v, _)| v).collect(),
            });
        }
        self.figures = Some(Figures::with_items(
            self.settings.clone(),
            self.items.clone(),
        ));
        Ok(())
    }

    /// Parses a text with placeholders and works every placeholder out as the
    /// board will stand (probes placed so far in this scene), so a figure that
    /// can never be printed is a located error now rather than "?" on screen.
    fn template(&self, text: &str) -> Result<Template, (usize, String)> {
        let names: Vec<String> = self.items.iter().map(|i| i.name.clone()).collect();
        let template = Template::parse_with(text, &names, self.settings.k)?;
        if let Some(figures) = &self.figures {
            let now = Now {
                set: 0,
                probes: &self.probes,
            };
            for call in template.calls() {
                if let Some(problem) = figures.problem(call, &now) {
                    return Err((call.at, problem));
                }
            }
        }
        Ok(template)
    }

    fn find_item(&self, w: Word<'_>) -> Result<usize, ScriptError> {
        self.items
            .iter()
            .position(|i| i.name == w.text)
            .ok_or_else(|| {
                let known: Vec<&str> = self.items.iter().map(|i| i.name.as_str()).collect();
                let known = if known.is_empty() {
                    "none are declared".to_string()
                } else {
                    format!("declared: {}", known.join(", "))
                };
                self.err(w.column, format!("unknown item '{}' ({known})", w.text))
            })
    }

    fn element(&self, w: Word<'_>) -> Result<Element, ScriptError> {
        Element::from_name(w.text).ok_or_else(|| {
            let known: Vec<&str> = Element::ALL.iter().map(|(_, n)| *n).collect();
            self.err(
                w.column,
                format!("unknown element '{}' (known: {})", w.text, known.join(", ")),
            )
        })
    }

    fn upto(&self, ws: &[Word<'_>], at: usize) -> Result<Option<usize>, ScriptError> {
        match ws.get(at) {
            None => Ok(None),
            Some(w) if w.text == "upto" => {
                let Some(v) = ws.get(at + 1) else {
                    return Err(self.err(w.column + 4, "expected a count after 'upto'"));
                };
                let n: usize = v
                    .text
                    .parse()
                    .ok()
                    .filter(|n| *n <= self.settings.k)
                    .ok_or_else(|| {
                        self.err(
                            v.column,
                            format!(
                                "'upto' must be a whole number from 0 to k = {}, found '{}'",
                                self.settings.k, v.text
                            ),
                        )
                    })?;
                if let Some(extra) = ws.get(at + 2) {
                    return Err(self.err(extra.column, format!("unexpected '{}'", extra.text)));
                }
                Ok(Some(n))
            }
            Some(w) => Err(self.err(
                w.column,
                format!(
                    "expected 'upto N' or the end of the line, found '{}'",
                    w.text
                ),
            )),
        }
    }

    fn need<'a>(&self, ws: &[Word<'a>], at: usize, what: &str) -> Result<Word<'a>, ScriptError> {
        ws.get(at).copied().ok_or_else(|| {
            let last = ws.last().map_or(1, |w| w.column + w.text.chars().count());
            self.err(last + 1, format!("expected {what}"))
        })
    }

    fn no_more(&self, ws: &[Word<'_>], at: usize) -> Result<(), ScriptError> {
        match ws.get(at) {
            Some(w) => Err(self.err(w.column, format!("unexpected '{}'", w.text))),
            None => Ok(()),
        }
    }

    fn rest_template(&self, raw: &str, keyword: Word<'_>) -> Result<Template, ScriptError> {
        let start = keyword.column - 1 + keyword.text.chars().count();
        let rest: String = raw.chars().skip(start).collect();
        let text = rest.trim_start();
        let column = start + (rest.chars().count() - text.chars().count()) + 1;
        if text.trim().is_empty() {
            return Err(self.err(column, format!("`{}` needs text after it", keyword.text)));
        }
        self.template(text.trim_end())
            .map_err(|(offset, msg)| self.err(column + offset, msg))
    }

    fn directive(&mut self, raw: &str, ws: &[Word<'_>]) -> Result<(), ScriptError> {
        let first = ws[0];
        if !self.header_done {
            return Err(self.err(
                first.column,
                format!("'{}' must come inside a step of a scene", first.text),
            ));
        }
        let directive = match first.text {
            "show" | "hide" => {
                self.need(ws, 1, "an element to show or hide")?;
                let mut out = Vec::new();
                for w in &ws[1..] {
                    let e = self.element(*w)?;
                    out.push(if first.text == "show" {
                        Directive::Show(e)
                    } else {
                        Directive::Hide(e)
                    });
                }
                let step = self.current_step(first.column, "a directive")?;
                step.directives.extend(out);
                return Ok(());
            }
            "insert" | "query" => {
                let item = self.find_item(self.need(ws, 1, "an item name")?)?;
                let upto = self.upto(ws, 2)?;
                if first.text == "insert" {
                    Directive::Insert { item, upto }
                } else {
                    Directive::Query { item, upto }
                }
            }
            "clear" => {
                let item = self.find_item(self.need(ws, 1, "the item whose bits to clear")?)?;
                self.no_more(ws, 2)?;
                Directive::Clear { item }
            }
            "restore" => {
                self.no_more(ws, 1)?;
                Directive::Restore
            }
            "counters" => {
                let verb = self.need(ws, 1, "insert, delete or query after 'counters'")?;
                let item = self.find_item(self.need(ws, 2, "an item name")?)?;
                self.no_more(ws, 3)?;
                match verb.text {
                    "insert" => Directive::CountInsert { item },
                    "delete" => Directive::CountDelete { item },
                    "query" => Directive::CountQuery { item },
                    other => {
                        return Err(self.err(
                            verb.column,
                            format!(
                                "unknown counters action '{other}' (known: insert, delete, query)"
                            ),
                        ));
                    }
                }
            }
            "probe" => {
                let probe = self.probe(ws)?;
                if let Directive::Probe { curve, x } = probe {
                    self.probes.insert(curve, x);
                }
                probe
            }
            "derive" => Directive::Derive(self.rest_template(raw, first)?),
            "note" => Directive::Note(self.rest_template(raw, first)?),
            "banner" => Directive::Banner(self.rest_template(raw, first)?),
            "table" => {
                let w = self.need(ws, 1, "'exact' or 'bloom'")?;
                self.no_more(ws, 2)?;
                match w.text {
                    "exact" => Directive::Table(TableRow::Exact),
                    "bloom" => Directive::Table(TableRow::Bloom),
                    other => {
                        return Err(self.err(
                            w.column,
                            format!("unknown table row '{other}' (known: exact, bloom)"),
                        ));
                    }
                }
            }
            "lineup" => self.lineup(ws)?,
            "box" => {
                let e = self.element(self.need(ws, 1, "an element to frame")?)?;
                self.no_more(ws, 2)?;
                Directive::Box(e)
            }
            "emphasise" | "emphasize" => self.emphasis(raw, ws)?,
            "predict" => return self.predict(raw, ws),
            "answer" => return self.answer(raw, ws),
            "choice" => return self.choice(raw, ws),
            "hides" => return self.hides(ws),
            "reveal" => return self.reveal(ws),
            other => {
                return Err(self.err(
                    first.column,
                    format!("unknown directive '{other}' (known: show, hide, insert, query, clear, restore, counters, probe, derive, note, banner, table, lineup, box, emphasise, predict, answer, choice, hides, reveal; narration lines start with '>')"),
                ));
            }
        };
        let step = self.current_step(first.column, "a directive")?;
        step.directives.push(directive);
        Ok(())
    }

    /// `lineup bloom, cuckoo` (the structures in the chart's order, by the
    /// names `bloomlab compare` prints) or `lineup all`.
    fn lineup(&self, ws: &[Word<'_>]) -> Result<Directive, ScriptError> {
        self.need(
            ws,
            1,
            "structures to chart, such as 'lineup bloom, cuckoo', or 'all'",
        )?;
        let mut out: Vec<Structure> = Vec::new();
        for w in &ws[1..] {
            let mut column = w.column;
            for piece in w.text.split(',') {
                let at = column;
                column += piece.chars().count() + 1;
                if piece.is_empty() {
                    continue;
                }
                if piece == "floor" && ws.len() == 2 && w.text == "floor" {
                    // The floor alone: the chart before any structure.
                    return Ok(Directive::Lineup(Vec::new()));
                }
                if piece == "all" {
                    for s in Structure::ALL {
                        if !out.contains(&s) {
                            out.push(s);
                        }
                    }
                    continue;
                }
                let Some(s) = Structure::ALL.into_iter().find(|s| s.name() == piece) else {
                    let known: Vec<&str> = Structure::ALL.iter().map(|s| s.name()).collect();
                    return Err(self.err(
                        at,
                        format!(
                            "unknown structure '{}' in 'lineup' (known: {}, or all; 'floor' alone charts the floor)",
                            crate::text::echo(piece, 24),
                            known.join(", ")
                        ),
                    ));
                };
                if out.contains(&s) {
                    return Err(self.err(at, format!("'{piece}' is already in this line-up")));
                }
                out.push(s);
            }
        }
        if out.is_empty() {
            return Err(self.err(ws[1].column, "expected structures to chart after 'lineup'"));
        }
        Ok(Directive::Lineup(out))
    }

    fn probe(&self, ws: &[Word<'_>]) -> Result<Directive, ScriptError> {
        let which = self.need(ws, 1, "a curve: fill, k or bits")?;
        let s = &self.settings;
        let (curve, var, low, high) = match which.text {
            "fill" => (Curve::Fill, "n", 0.0, s.fill_n_max as f64),
            "k" => (Curve::K, "k", 1.0, s.k_max as f64),
            "bits" => (Curve::Bits, "bits", s.bits_min as f64, s.bits_max as f64),
            other => {
                return Err(self.err(
                    which.column,
                    format!("unknown curve '{other}' (known: fill, k, bits)"),
                ));
            }
        };
        let w = self.need(ws, 2, &format!("{var}=VALUE"))?;
        self.no_more(ws, 3)?;
        let (value, column) = match w.text.split_once('=') {
            Some((name, value)) => {
                if name != var {
                    return Err(self.err(
                        w.column,
                        format!(
                            "the {} curve is probed by {var}, found '{name}'",
                            curve.name()
                        ),
                    ));
                }
                (value, w.column + name.chars().count() + 1)
            }
            None => (w.text, w.column),
        };
        if curve == Curve::K && value == "best" {
            // The best whole k at the curve's budget, by the rule every figure uses.
            let best = best_whole_k(s.k_curve_bits);
            if best > high {
                return Err(self.err(
                    column,
                    format!("the best k here is {best}, past the curve's end k_max = {high}"),
                ));
            }
            return Ok(Directive::Probe { curve, x: best });
        }
        let x: f64 = value.parse().ok().filter(|x: &f64| x.is_finite() && *x >= low && *x <= high).ok_or_else(|| {
            let best = if curve == Curve::K { " or 'best'" } else { "" };
            self.err(column, format!("{var} must be a number from {low} to {high} on the {} curve{best}, found '{value}'", curve.name()))
        })?;
        Ok(Directive::Probe { curve, x })
    }

    fn emphasis(&self, raw: &str, ws: &[Word<'_>]) -> Result<Directive, ScriptError> {
        let w = self.need(ws, 1, "what to emphasise")?;
        if w.text.starts_with('"') {
            let rest: String = raw.chars().skip(w.column - 1).collect();
            let text = quoted(&rest).map_err(|(offset, msg)| self.err(w.column + offset, msg))?;
            if text.is_empty() {
                return Err(self.err(w.column, "the emphasised text is empty"));
            }
            return Ok(Directive::Emphasise(Emphasis::Text(text)));
        }
        self.no_more(ws, 2)?;
        let e = match w.text {
            "optimum" => Emphasis::Optimum,
            "crossing" => Emphasis::Crossing,
            "shared" => Emphasis::Shared,
            "flag" => Emphasis::Flag,
            "half" => Emphasis::Half,
            "idealised" => Emphasis::Idealised,
            "so-far" => Emphasis::SoFar,
            other => {
                return Err(self.err(
                    w.column,
                    format!("unknown emphasis '{other}' (known: optimum, crossing, shared, flag, half, idealised, so-far, or \"text\" in quotes)"),
                ));
            }
        };
        Ok(Directive::Emphasise(e))
    }
}

/// Reads `"..."` (leading spaces allowed, nothing after the closing quote
/// but spaces). On failure: character offset and message.
fn quoted(rest: &str) -> Result<String, (usize, String)> {
    let lead = rest.chars().count() - rest.trim_start().chars().count();
    let body = rest.trim_start();
    let Some(inner) = body.strip_prefix('"') else {
        return Err((lead, "expected a title in double quotes".into()));
    };
    let Some(close) = inner.find('"') else {
        return Err((lead, "the quoted text is never closed with '\"'".into()));
    };
    let after = &inner[close + 1..];
    if !after.trim().is_empty() {
        let at = lead
            + 1
            + inner[..close].chars().count()
            + 1
            + (after.chars().count() - after.trim_start().chars().count());
        return Err((at, "unexpected text after the closing quote".into()));
    }
    Ok(inner[..close].to_string())
}

fn check_name(name: &str) -> Result<(), String> {
    let ok_chars = name
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
    if !ok_chars || name.chars().count() > MAX_NAME {
        return Err(format!(
            "item names are 1 to {MAX_NAME} letters, digits, '_' or '-', found '{name}'"
        ));
    }
    Ok(())
}

/// Splits `2,7,11` into pieces with their character offsets.
fn split_commas(word: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut offset = 0;
    for piece in word.split(',') {
        if !piece.is_empty() {
            out.push((offset, piece));
        }
        offset += piece.chars().count() + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "m = 8\nk = 2\nitem a = 1 5\n\nscene \"One\"\nstep\nshow row\ninsert a\n> Set {set} bits.\n";

    #[test]
    fn small_script_parses() {
        let s = parse_bytes("t", SMALL.as_bytes()).unwrap();
        assert_eq!(s.settings.m, 8);
        assert_eq!(s.items[0].positions, vec![1, 5]);
        assert_eq!(s.scenes[0].steps[0].directives.len(), 2);
    }

    #[test]
    fn errors_are_located() {
        let e = parse_bytes("t", b"m = 8\nk = 2\nitem a = 1 9\nscene \"x\"\nstep\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 12));
        let e = parse_bytes("t", b"scene \"x\"\nstep\n  shout row\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 3));
        let e = parse_bytes("t", b"scene \"x\"\nstep\nshow rwo\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 6));
        assert!(e.message.contains("unknown element 'rwo'"));
    }

    #[test]
    fn lineup_names_structures_in_order_or_all() {
        let text = "scene \"x\"\nstep\nlineup blocked-bloom, bloom\nstep\nlineup all\n";
        let s = parse_bytes("t", text.as_bytes()).unwrap();
        let steps = &s.scenes[0].steps;
        assert_eq!(
            steps[0].directives,
            [Directive::Lineup(vec![
                Structure::BlockedBloom,
                Structure::Bloom
            ])]
        );
        assert_eq!(
            steps[1].directives,
            [Directive::Lineup(Structure::ALL.to_vec())]
        );
        // Commas with or without spaces; a comma alone is no structure.
        let s = parse_bytes("t", b"scene \"x\"\nstep\nlineup xor8,cuckoo ,\n").unwrap();
        assert_eq!(
            s.scenes[0].steps[0].directives,
            [Directive::Lineup(vec![Structure::Xor8, Structure::Cuckoo])]
        );
    }

    #[test]
    fn lineup_rejects_what_it_cannot_chart() {
        let known: Vec<&str> = Structure::ALL.iter().map(|s| s.name()).collect();
        // A misspelt name: located, named, and every allowed name listed.
        let e = parse_bytes("t", b"scene \"x\"\nstep\nlineup bloom, cukoo\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 15), "{e}");
        assert!(e.message.contains("unknown structure 'cukoo'"), "{e}");
        assert!(e.message.contains(&known.join(", ")), "{e}");
        assert!(e.message.contains("or all"), "{e}");
        let e = parse_bytes("t", b"scene \"x\"\nstep\nlineup\n").unwrap_err();
        assert!(e.message.contains("structures to chart"), "{e}");
        let e = parse_bytes("t", b"scene \"x\"\nstep\nlineup ,\n").unwrap_err();
        assert!(e.message.contains("structures to chart"), "{e}");
        let e = parse_bytes("t", b"scene \"x\"\nstep\nlineup bloom bloom\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 14), "{e}");
        assert!(e.message.contains("'bloom' is already"), "{e}");
        // The floor stands alone or not at all.
        let s = parse_bytes("t", b"scene \"x\"\nstep\nlineup floor\n").unwrap();
        assert_eq!(
            s.scenes[0].steps[0].directives,
            [Directive::Lineup(Vec::new())]
        );
        let e = parse_bytes("t", b"scene \"x\"\nstep\nlineup floor, bloom\n").unwrap_err();
        assert!(e.message.contains("unknown structure 'floor'"), "{e}");
        assert!(e.message.contains("'floor' alone"), "{e}");
        // Control bytes in a bad name are not echoed.
        let e = parse_bytes("t", b"scene \"x\"\nstep\nlineup blo\x1bom\n").unwrap_err();
        assert!(!e.message.contains('\x1b'), "{e}");
    }

    #[test]
    fn empty_and_binary_are_rejected() {
        let e = parse_bytes("t", b"# nothing\n").unwrap_err();
        assert!(e.message.contains("no scenes"));
        let e = parse_bytes("t", b"scene \"x\"\nst\xffep\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        let big = vec![b'#'; MAX_BYTES + 1];
        assert!(
            parse_bytes("t", &big)
                .unwrap_err()
                .message
                .contains("at most")
        );
    }

    #[test]
    fn words_have_columns() {
        let w = words("  show  row");
        assert_eq!((w[0].column, w[1].column), (3, 9));
    }
}
