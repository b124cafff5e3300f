//! The three curves of the lecture's charts, by name.

/// One of the three curves a probe can move along.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Curve {
    /// Fill against n (x is n).
    Fill,
    /// Epsilon against k at fixed bits per item (x is k).
    K,
    /// Epsilon against bits per item at the best k (x is bits per item).
    Bits,
}

impl Curve {
    /// The curve's script name.
    pub fn name(self) -> &'static str {
        match self {
            Curve::Fill => "fill",
            Curve::K => "k",
            Curve::Bits => "bits",
        }
    }
}
