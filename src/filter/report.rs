//! What an insert or a query did, probe by probe, for screens that draw it.

/// A filter's answer to "have you seen this key?".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Every probe found a 1: the key may have been inserted.
    Maybe,
    /// Some probe found a 0: the key was certainly never inserted.
    No,
}

impl Answer {
    /// `maybe` or `no`, as the command line prints it.
    pub fn word(&self) -> &'static str {
        match self {
            Answer::Maybe => "maybe",
            Answer::No => "no",
        }
    }
}

/// What an insert did, probe by probe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InsertReport {
    /// The k positions, in probe order (a position may repeat).
    pub positions: Vec<u64>,
    /// Positions this insert turned from 0 to 1, in probe order.
    pub newly_set: Vec<u64>,
    /// Probed positions that were already 1 (set by an earlier key, or by an
    /// earlier probe of this same key), in probe order.
    pub already_set: Vec<u64>,
    /// For each probe, whether its bit was already 1 when it got there.
    pub was_set: Vec<bool>,
}

/// What a query read, probe by probe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryReport {
    /// All k positions of the key, in probe order, including those after
    /// the probe where the query stopped.
    pub positions: Vec<u64>,
    /// The bit each probe actually read, in order; shorter than `positions`
    /// when the query stopped early.
    pub read: Vec<bool>,
    /// Index (into `positions`) of the first probe that read 0, if any.
    pub stopped_at: Option<usize>,
}

impl QueryReport {
    /// Reads `positions` in probe order with `is_set`, stopping at the first
    /// position that is not set: the one query rule every filter follows,
    /// whatever its cells hold.
    pub(crate) fn walk(positions: Vec<u64>, is_set: impl Fn(u64) -> bool) -> QueryReport {
        let mut read = Vec::with_capacity(positions.len());
        let mut stopped_at = None;
        for (i, &pos) in positions.iter().enumerate() {
            let bit = is_set(pos);
            read.push(bit);
            if !bit {
                stopped_at = Some(i);
                break;
            }
        }
        QueryReport {
            positions,
            read,
            stopped_at,
        }
    }

    /// `No` if some probe read 0, otherwise `Maybe`.
    pub fn answer(&self) -> Answer {
        if self.stopped_at.is_some() {
            Answer::No
        } else {
            Answer::Maybe
        }
    }
}

/// Every probe of a key read without stopping, to show the "any instead of
/// all" mistake beside the correct rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbeReadout {
    /// All k positions, in probe order.
    pub positions: Vec<u64>,
    /// The bit at each position.
    pub bits: Vec<bool>,
}

impl ProbeReadout {
    /// The correct rule: maybe only if every probe is 1.
    pub fn all_answer(&self) -> Answer {
        if self.bits.iter().all(|&b| b) {
            Answer::Maybe
        } else {
            Answer::No
        }
    }

    /// The classic mistake: maybe as soon as any probe is 1. It turns most
    /// strangers into false positives once a few bits are set.
    pub fn any_answer(&self) -> Answer {
        if self.bits.iter().any(|&b| b) {
            Answer::Maybe
        } else {
            Answer::No
        }
    }

    /// True when the mistaken rule gives a different answer from the correct one.
    pub fn mistake_matters(&self) -> bool {
        self.all_answer() != self.any_answer()
    }
}
