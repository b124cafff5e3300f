//! A result held together with the settings it was computed for, so a view
//! can tell a fresh value from one left over from earlier settings.

/// The latest result and the key (settings) it belongs to.
#[derive(Debug, Clone)]
pub(crate) struct Computed<K, T> {
    latest: Option<(K, T)>,
}

impl<K, T> Default for Computed<K, T> {
    fn default() -> Self {
        Computed { latest: None }
    }
}

/// What a view can show for a key.
#[derive(Debug, PartialEq)]
pub(crate) enum Shown<'a, T> {
    /// Computed for exactly these settings.
    Fresh(&'a T),
    /// Still computing; the last value (for other settings) if there is one.
    Computing(Option<&'a T>),
}

impl<K: PartialEq, T> Computed<K, T> {
    /// Stores a result for `key`.
    pub(crate) fn set(&mut self, key: K, value: T) {
        self.latest = Some((key, value));
    }

    /// The value for `key`, or the stale one while `key` is being computed.
    pub(crate) fn shown(&self, key: &K) -> Shown<'_, T> {
        match &self.latest {
            Some((k, v)) if k == key => Shown::Fresh(v),
            Some((_, v)) => Shown::Computing(Some(v)),
            None => Shown::Computing(None),
        }
    }

    /// True when the held value belongs to `key`.
    pub(crate) fn is_fresh(&self, key: &K) -> bool {
        matches!(&self.latest, Some((k, _)) if k == key)
    }
}

/// How an exact computation ended.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Outcome<T> {
    /// The figures.
    Ready(T),
    /// Refused up front: the denominator would have `digits` digits, over `limit`.
    TooLarge {
        /// Decimal digits the exact denominator would have.
        digits: u64,
        /// The budget in digits.
        limit: u64,
    },
    /// Failed for another reason (shown as is).
    Failed(String),
}

impl<T> Clone for Shown<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Shown<'_, T> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_and_stale() {
        let mut c: Computed<u32, &str> = Computed::default();
        assert_eq!(c.shown(&1), Shown::Computing(None));
        c.set(1, "one");
        assert_eq!(c.shown(&1), Shown::Fresh(&"one"));
        assert_eq!(c.shown(&2), Shown::Computing(Some(&"one")));
        assert!(c.is_fresh(&1));
        assert!(!c.is_fresh(&2));
    }
}
