//! Certified comparisons.
