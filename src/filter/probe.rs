//! What one probe of a key did at its position, as a front end shows it:
//! the lecture walks a query one probe at a time, the sandbox replays the
//! filter's own reports, and both draw the same states.

/// The state of one probe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProbeState {
    /// A query's probe that is named but not read yet (walked step by step).
    Pending,
    /// A query's probe that read a 1.
    One,
    /// A query's probe that read a 0: the query stops here.
    Zero,
    /// A query's probe after the one that read a 0, never read.
    NotNeeded,
    /// An insert's probe that turned a 0 into a 1.
    NewlySet,
    /// An insert's probe whose bit was already 1.
    AlreadySet,
}

impl ProbeState {
    /// The one-character mark printed for the probe: `✓` read 1, `✗` read
    /// 0, `·` not read, `?` pending, `+` newly set, `=` already set.
    pub fn glyph(self) -> char {
        match self {
            ProbeState::Pending => '?',
            ProbeState::One => '✓',
            ProbeState::Zero => '✗',
            ProbeState::NotNeeded => '·',
            ProbeState::NewlySet => '+',
            ProbeState::AlreadySet => '=',
        }
    }

    /// What the probe did, in words, for a reader who cannot see the mark
    /// (plain mode): "read 1", "not needed".
    pub fn words(self) -> &'static str {
        match self {
            ProbeState::Pending => "not read yet",
            ProbeState::One => "read 1",
            ProbeState::Zero => "read 0",
            ProbeState::NotNeeded => "not needed",
            ProbeState::NewlySet => "newly set",
            ProbeState::AlreadySet => "already set",
        }
    }

    /// The states of a query's probes as the filter walked them: a 1 or a 0
    /// for each probe read (`read`, in probe order, stopping at the first 0)
    /// and "not needed" for the rest of the `k`.
    ///
    /// ```
    /// use bloomlab::filter::ProbeState;
    /// let states = ProbeState::of_query(&[true, false], 3);
    /// assert_eq!(states, [ProbeState::One, ProbeState::Zero, ProbeState::NotNeeded]);
    /// ```
    pub fn of_query(read: &[bool], k: usize) -> Vec<ProbeState> {
        (0..k)
            .map(|i| match read.get(i) {
                Some(true) => ProbeState::One,
                Some(false) => ProbeState::Zero,
                None => ProbeState::NotNeeded,
            })
            .collect()
    }

    /// The states of an insert's probes from whether each bit was already set.
    pub fn of_insert(was_set: &[bool]) -> Vec<ProbeState> {
        was_set
            .iter()
            .map(|&was| {
                if was {
                    ProbeState::AlreadySet
                } else {
                    ProbeState::NewlySet
                }
            })
            .collect()
    }

    /// True for the states of a probe that found its bit set.
    pub fn found_one(self) -> bool {
        matches!(
            self,
            ProbeState::One | ProbeState::NewlySet | ProbeState::AlreadySet
        )
    }
}
