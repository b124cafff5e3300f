//! The sandbox filter and everything done to it.

use crate::filter::{Answer, BloomFilter, InsertReport, ProbeReadout, QueryReport, Scheme};
use crate::ui::sandbox::action::{KeyMode, SandboxSetting};
use crate::ui::slider::{Scale, SliderSpec};
use crate::ui::text_field::TextField;

/// The lesson's keys to insert, in order.
pub(crate) const LESSON_INSERTS: [&str; 3] = ["rec-11", "rec-42", "rec-97"];
/// The lesson's keys to query once those are in.
pub(crate) const LESSON_QUERIES: [&str; 3] = ["rec-42", "rec-6", "rec-67"];

/// Most characters of a typed or pasted key.
pub(crate) const KEY_MAX: usize = 256;

/// Range of the sandbox's m (the row must stay drawable).
pub(crate) const M_SPEC: SliderSpec = SliderSpec::new(crate::limits::SANDBOX_M, Scale::Log);
/// Range of the sandbox's k.
pub(crate) const K_SPEC: SliderSpec = SliderSpec::new(crate::limits::SANDBOX_K, Scale::Linear);

/// What happened to one key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// It was inserted.
    Inserted(InsertReport),
    /// It was queried.
    Queried {
        /// The query as the filter walks it (stops at the first 0).
        report: QueryReport,
        /// Every probe read, for the any()-instead-of-all() comparison.
        readout: ProbeReadout,
        /// True when the key really was inserted earlier.
        was_inserted: bool,
    },
}

/// One insert or query in the history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Event {
    /// The key as typed.
    pub key: String,
    /// What the filter did.
    pub outcome: Outcome,
    /// True when all the key's probes landed on one bit (h2 mod m == 0).
    pub collapsed: bool,
}

impl Event {
    /// True for a "maybe" on a key that was never inserted.
    pub(crate) fn false_positive(&self) -> bool {
        matches!(&self.outcome, Outcome::Queried { report, was_inserted: false, .. }
            if report.answer() == Answer::Maybe)
    }

    /// True when the mistaken any() rule would have answered differently.
    pub(crate) fn any_would_differ(&self) -> bool {
        matches!(&self.outcome, Outcome::Queried { readout, .. } if readout.mistake_matters())
    }
}

/// The sandbox state.
#[derive(Debug, Clone)]
pub(crate) struct SandboxState {
    /// Bits.
    pub m: u64,
    /// Probes per key.
    pub k: u32,
    /// Which of m and k the arrows move.
    pub selected: SandboxSetting,
    /// The key being typed.
    pub field: TextField,
    /// `Some(mode)` while the key field has focus.
    pub focus: Option<KeyMode>,
    /// The filter (always the lesson's double hashing).
    pub filter: BloomFilter,
    /// Keys inserted, in order (re-inserted when m or k changes).
    pub inserted: Vec<String>,
    /// Every insert and query, oldest first (recomputed when m or k changes).
    pub history: Vec<Event>,
}

impl SandboxState {
    /// The lesson's filter: m = 16, k = 3, empty.
    pub(crate) fn new() -> Self {
        SandboxState {
            m: 16,
            k: 3,
            selected: SandboxSetting::M,
            field: TextField::new("key", KEY_MAX),
            focus: None,
            filter: lesson_filter(16, 3),
            inserted: Vec::new(),
            history: Vec::new(),
        }
    }

    /// The lesson key offered (greyed) for an empty field in `mode`.
    pub(crate) fn suggestion(&self, mode: KeyMode) -> Option<&'static str> {
        match mode {
            KeyMode::Insert => LESSON_INSERTS
                .into_iter()
                .find(|key| !self.inserted.iter().any(|k| k == key)),
            KeyMode::Query => {
                let asked = |key: &str| {
                    self.history
                        .iter()
                        .any(|e| e.key == key && matches!(e.outcome, Outcome::Queried { .. }))
                };
                LESSON_QUERIES.into_iter().find(|key| !asked(key))
            }
        }
    }

    /// Inserts or queries the typed key (or the suggestion when nothing is typed).
    pub(crate) fn submit(&mut self) {
        let Some(mode) = self.focus else { return };
        let key = if self.field.is_empty() {
            match self.suggestion(mode) {
                Some(s) => s.to_string(),
                None => return,
            }
        } else {
            self.field.text().to_string()
        };
        self.field.clear();
        let event = match mode {
            KeyMode::Insert => {
                self.inserted.push(key.clone());
                self.do_insert(&key)
            }
            KeyMode::Query => self.do_query(&key),
        };
        self.history.push(event);
    }

    fn do_insert(&mut self, key: &str) -> Event {
        let report = self.filter.insert(key.as_bytes());
        Event {
            key: key.to_string(),
            collapsed: self.collapses(key),
            outcome: Outcome::Inserted(report),
        }
    }

    fn do_query(&self, key: &str) -> Event {
        Event {
            key: key.to_string(),
            collapsed: self.collapses(key),
            outcome: Outcome::Queried {
                report: self.filter.query(key.as_bytes()),
                readout: self.filter.read_all_probes(key.as_bytes()),
                was_inserted: self.inserted.iter().any(|k| k == key),
            },
        }
    }

    fn collapses(&self, key: &str) -> bool {
        self.k > 1 && self.filter.collapses(key.as_bytes())
    }

    /// Moves m or k and replays the history on a fresh filter.
    pub(crate) fn adjust(&mut self, up: bool, big: bool) {
        match self.selected {
            SandboxSetting::M => self.m = M_SPEC.step(self.m, up, big),
            SandboxSetting::K => {
                let k = K_SPEC.step(u64::from(self.k), up, big);
                self.k = u32::try_from(k).unwrap_or(self.k);
            }
        }
        self.replay();
    }

    /// Puts m or k at `value` (kept in its range) and replays the history.
    pub(crate) fn set(&mut self, setting: SandboxSetting, value: u64) {
        match setting {
            SandboxSetting::M => self.m = M_SPEC.clamp(value),
            SandboxSetting::K => {
                self.k = u32::try_from(K_SPEC.clamp(value)).unwrap_or(self.k);
            }
        }
        self.replay();
    }

    /// Rebuilds the filter at the current m and k and redoes every event,
    /// so each query is answered by the filter as it stood at that moment.
    fn replay(&mut self) {
        self.filter = lesson_filter(self.m, self.k);
        let old = std::mem::take(&mut self.history);
        self.inserted.clear();
        for event in old {
            let replayed = match event.outcome {
                Outcome::Inserted(_) => {
                    self.inserted.push(event.key.clone());
                    self.do_insert(&event.key)
                }
                Outcome::Queried { .. } => self.do_query(&event.key),
            };
            self.history.push(replayed);
        }
    }

    /// Empties the filter and the history.
    pub(crate) fn clear(&mut self) {
        self.filter = lesson_filter(self.m, self.k);
        self.inserted.clear();
        self.history.clear();
    }

    /// The bits of the filter, one bool per position.
    pub(crate) fn bits(&self) -> Vec<bool> {
        (0..self.m).map(|p| self.filter.is_set(p)).collect()
    }
}

impl Default for SandboxState {
    fn default() -> Self {
        SandboxState::new()
    }
}

fn lesson_filter(m: u64, k: u32) -> BloomFilter {
    // m and k are kept inside M_SPEC and K_SPEC, which the filter accepts;
    // the fallback only guards against a future change of those ranges.
    BloomFilter::new(m, k, Scheme::Double)
        .or_else(|_| BloomFilter::new(16, 3, Scheme::Double))
        .unwrap_or_else(|_| unreachable_filter())
}

fn unreachable_filter() -> BloomFilter {
    // 1 bit and 1 probe are the smallest valid filter.
    match BloomFilter::new(1, 1, Scheme::Double) {
        Ok(f) => f,
        Err(e) => panic!("the filter refuses m = 1, k = 1: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(state: &mut SandboxState, mode: KeyMode, key: &str) {
        state.focus = Some(mode);
        state.field.set_text(key);
        state.submit();
    }

    #[test]
    fn the_lesson_sequence() {
        let mut s = SandboxState::new();
        for key in LESSON_INSERTS {
            run(&mut s, KeyMode::Insert, key);
        }
        let answers: Vec<Answer> = LESSON_QUERIES
            .iter()
            .map(|key| {
                run(&mut s, KeyMode::Query, key);
                match &s.history.last().map(|e| &e.outcome) {
                    Some(Outcome::Queried { report, .. }) => report.answer(),
                    _ => panic!("not a query"),
                }
            })
            .collect();
        assert_eq!(answers, [Answer::Maybe, Answer::No, Answer::Maybe]);
        assert!(s.history[5].false_positive());
        assert!(!s.history[3].false_positive());
        // rec-6 reads [1, 1, 0]: any() would have said maybe.
        assert!(s.history[4].any_would_differ());
    }

    #[test]
    fn empty_field_takes_the_suggestion() {
        let mut s = SandboxState::new();
        s.focus = Some(KeyMode::Insert);
        s.submit();
        s.submit();
        assert_eq!(s.inserted, ["rec-11", "rec-42"]);
        assert_eq!(s.suggestion(KeyMode::Insert), Some("rec-97"));
        assert_eq!(s.suggestion(KeyMode::Query), Some("rec-42"));
    }

    #[test]
    fn changing_m_replays_the_history() {
        let mut s = SandboxState::new();
        run(&mut s, KeyMode::Insert, "rec-11");
        run(&mut s, KeyMode::Query, "rec-11");
        s.selected = SandboxSetting::M;
        s.adjust(true, true);
        assert_eq!(s.m, 32);
        assert_eq!(s.filter.m(), 32);
        assert_eq!(s.history.len(), 2);
        assert!(s.filter.contains(b"rec-11"));
        for _ in 0..20 {
            s.adjust(false, true);
        }
        assert_eq!(s.m, 1);
        assert_eq!(s.bits(), [true]);
    }
}
