//! Rows of a recurrence kept on the way up, so that the next request
//! starts from the nearest kept row below it instead of from nothing: the
//! one store behind the Stirling rows (big-number and 128-bit), the
//! diagonals of the light-load series and the rows of the sum over set
//! bits.
//!
//! Every recurrence kept here is *prefix-closed*: entry j of a row depends
//! only on entries up to j of the row before. So a kept row of L entries
//! holds exactly what a fresh run would give for its first L entries, and
//! can start any later run that needs no more than L of them (or any run
//! at all once the row holds every entry that can be non-zero). A run
//! started from a kept row therefore gives the same bits as one started
//! from nothing.

use std::sync::Mutex;

/// The parameters a store's rows depend on besides the step.
pub(super) type Tag = (u64, u64, u64);

/// The tag of rows that depend on nothing but the step.
pub(super) const UNTAGGED: Tag = (0, 0, 0);

/// Rows by step (k, r or throws) for one tag (the parameters the rows
/// depend on besides the step; rows of another tag are forgotten).
pub(super) struct Kept<T> {
    tag: Tag,
    rows: Vec<(u64, Vec<T>)>,
    /// How many rows are kept at most (the most recent ones).
    most: usize,
}

impl<T: Clone> Kept<T> {
    /// An empty store keeping at most `most` rows.
    pub(super) const fn new(most: usize) -> Kept<T> {
        Kept {
            tag: UNTAGGED,
            rows: Vec::new(),
            most,
        }
    }

    /// The first `len` entries of the kept row of `tag` with the largest
    /// step up to `at` that holds at least `len` entries or is `complete`
    /// (given its step and length), with its step.
    pub(super) fn below(
        &self,
        tag: Tag,
        at: u64,
        len: usize,
        complete: impl Fn(u64, usize) -> bool,
    ) -> Option<(u64, Vec<T>)> {
        if self.tag != tag {
            return None;
        }
        self.rows
            .iter()
            .filter(|(step, row)| *step <= at && (row.len() >= len || complete(*step, row.len())))
            .max_by_key(|(step, _)| *step)
            .map(|(step, row)| (*step, row[..row.len().min(len)].to_vec()))
    }

    /// The step of the row [`Kept::below`] would give for a run that
    /// needs `len` entries of a row no kept row holds whole, without
    /// copying it.
    pub(super) fn step_below(&self, tag: Tag, at: u64, len: usize) -> Option<u64> {
        if self.tag != tag {
            return None;
        }
        self.rows
            .iter()
            .filter(|(step, row)| *step <= at && row.len() >= len)
            .map(|(step, _)| *step)
            .max()
    }

    /// Keeps `rows` under `tag`, each replacing a shorter kept row of its
    /// step, and drops the oldest rows past the limit.
    pub(super) fn keep(&mut self, tag: Tag, rows: Vec<(u64, Vec<T>)>) {
        if self.tag != tag {
            self.tag = tag;
            self.rows.clear();
        }
        for (step, row) in rows {
            if self
                .rows
                .iter()
                .any(|(have, old)| *have == step && old.len() >= row.len())
            {
                continue;
            }
            self.rows.retain(|(have, _)| *have != step);
            self.rows.push((step, row));
        }
        let over = self.rows.len().saturating_sub(self.most);
        self.rows.drain(..over);
    }

    /// Forgets every kept row.
    pub(super) fn forget(&mut self) {
        self.rows.clear();
    }
}

/// [`Kept::below`] on a shared store; `None` if its lock was poisoned.
pub(super) fn below<T: Clone>(
    store: &Mutex<Kept<T>>,
    tag: Tag,
    at: u64,
    len: usize,
    complete: impl Fn(u64, usize) -> bool,
) -> Option<(u64, Vec<T>)> {
    store.lock().ok()?.below(tag, at, len, complete)
}

/// [`Kept::step_below`] on a shared store.
pub(super) fn step_below<T: Clone>(
    store: &Mutex<Kept<T>>,
    tag: Tag,
    at: u64,
    len: usize,
) -> Option<u64> {
    store.lock().ok()?.step_below(tag, at, len)
}

/// [`Kept::keep`] on a shared store (nothing is kept if its lock was
/// poisoned: the rows are only a saving).
pub(super) fn keep<T: Clone>(store: &Mutex<Kept<T>>, tag: Tag, rows: Vec<(u64, Vec<T>)>) {
    if let Ok(mut kept) = store.lock() {
        kept.keep(tag, rows);
    }
}

/// [`Kept::forget`] on a shared store.
pub(super) fn forget<T: Clone>(store: &Mutex<Kept<T>>) {
    if let Ok(mut kept) = store.lock() {
        kept.forget();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_row_below_that_covers_the_entries_asked() {
        let mut kept = Kept::new(3);
        kept.keep((1, 2, 0), vec![(16, vec![1; 5]), (32, vec![2; 3])]);
        // 32 is too short for 4 entries, 16 covers them.
        assert_eq!(
            kept.below((1, 2, 0), 40, 4, |_, _| false),
            Some((16, vec![1; 4]))
        );
        // A complete row serves however many entries are asked.
        assert_eq!(
            kept.below((1, 2, 0), 40, 9, |step, _| step == 32),
            Some((32, vec![2; 3]))
        );
        assert_eq!(kept.below((1, 2, 0), 15, 1, |_, _| true), None);
        assert_eq!(kept.step_below((1, 2, 0), 40, 4), Some(16));
        assert_eq!(kept.step_below((1, 2, 0), 40, 3), Some(32));
        // Another tag forgets the rows of the first.
        assert_eq!(kept.below((9, 9, 9), 40, 1, |_, _| true), None);
        kept.keep((9, 9, 9), vec![(8, vec![7; 2])]);
        assert_eq!(kept.below((1, 2, 0), 40, 1, |_, _| true), None);
        // A longer row replaces a shorter one of its step, not the reverse,
        // and the oldest rows go past the limit.
        kept.keep((9, 9, 9), vec![(8, vec![5; 1]), (8, vec![6; 4])]);
        assert_eq!(
            kept.below((9, 9, 9), 8, 4, |_, _| false),
            Some((8, vec![6; 4]))
        );
        kept.keep((9, 9, 9), vec![(1, vec![0]), (2, vec![0]), (3, vec![0])]);
        assert_eq!(
            kept.below((9, 9, 9), 8, 1, |_, _| false),
            Some((3, vec![0]))
        );
    }
}
