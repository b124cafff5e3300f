//! The structures a line-up measures, by name, with what each can do.

use std::fmt;

/// One structure of the line-up, in the order `compare` lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Structure {
    /// The classic Bloom filter, k independent hashes (bloomlab's own).
    Bloom,
    /// The blocked Bloom filter, 512-bit blocks (bloomlab's own).
    BlockedBloom,
    /// fastbloom's Bloom filter at the classic filter's m and k.
    Fastbloom,
    /// The counting Bloom filter, 4-bit counters (bloomlab's own).
    CountingBloom,
    /// The cuckoo filter, four-slot buckets (bloomlab's own).
    Cuckoo,
    /// The rank-and-select quotient filter (qfilter).
    Quotient,
    /// The xor filter with 8-bit entries (xorf).
    Xor8,
    /// The xor filter with 16-bit entries (xorf).
    Xor16,
    /// The binary fuse filter with 8-bit entries (xorf).
    BinaryFuse8,
    /// The binary fuse filter with 16-bit entries (xorf).
    BinaryFuse16,
}

/// The crates as `Cargo.toml` names their versions (a test holds these to
/// the manifest).
pub const FASTBLOOM: &str = "fastbloom 0.17";
/// See [`FASTBLOOM`].
pub const QFILTER: &str = "qfilter 0.3";
/// See [`FASTBLOOM`].
pub const XORF: &str = "xorf 0.13";
/// What bloomlab's own structures are called in the implementation column.
pub const BLOOMLAB: &str = "bloomlab";

impl Structure {
    /// Every structure, in order.
    pub const ALL: [Structure; 10] = [
        Structure::Bloom,
        Structure::BlockedBloom,
        Structure::Fastbloom,
        Structure::CountingBloom,
        Structure::Cuckoo,
        Structure::Quotient,
        Structure::Xor8,
        Structure::Xor16,
        Structure::BinaryFuse8,
        Structure::BinaryFuse16,
    ];

    /// The name in `compare`'s output and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Structure::Bloom => "bloom",
            Structure::BlockedBloom => "blocked-bloom",
            Structure::Fastbloom => "fastbloom",
            Structure::CountingBloom => "counting-bloom",
            Structure::Cuckoo => "cuckoo",
            Structure::Quotient => "quotient",
            Structure::Xor8 => "xor8",
            Structure::Xor16 => "xor16",
            Structure::BinaryFuse8 => "binary-fuse8",
            Structure::BinaryFuse16 => "binary-fuse16",
        }
    }

    /// Whose code it is: `bloomlab`, or a crate and its version.
    pub fn implementation(self) -> &'static str {
        match self {
            Structure::Bloom
            | Structure::BlockedBloom
            | Structure::CountingBloom
            | Structure::Cuckoo => BLOOMLAB,
            Structure::Fastbloom => FASTBLOOM,
            Structure::Quotient => QFILTER,
            Structure::Xor8
            | Structure::Xor16
            | Structure::BinaryFuse8
            | Structure::BinaryFuse16 => XORF,
        }
    }

    /// Whether it can delete a key.
    pub fn deletes(self) -> bool {
        matches!(
            self,
            Structure::CountingBloom | Structure::Cuckoo | Structure::Quotient
        )
    }

    /// Whether it is built once from a fixed set (no inserts afterwards).
    pub fn is_static(self) -> bool {
        matches!(
            self,
            Structure::Xor8 | Structure::Xor16 | Structure::BinaryFuse8 | Structure::BinaryFuse16
        )
    }
}

impl fmt::Display for Structure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crate_versions_are_the_manifests() {
        let manifest = include_str!("../../../Cargo.toml");
        for named in [FASTBLOOM, QFILTER, XORF] {
            let (krate, version) = named.split_once(' ').unwrap();
            let line = manifest
                .lines()
                .find(|l| l.starts_with(&format!("{krate} =")))
                .unwrap_or_else(|| panic!("{krate} in Cargo.toml"));
            assert!(line.contains(&format!("\"{version}\"")), "{line}");
        }
    }

    #[test]
    fn names_are_distinct_and_say_what_they_are() {
        let names: std::collections::BTreeSet<_> =
            Structure::ALL.iter().map(|s| s.name()).collect();
        assert_eq!(names.len(), Structure::ALL.len());
        assert!(Structure::ALL.iter().filter(|s| s.is_static()).count() == 4);
        assert!(
            Structure::ALL
                .iter()
                .all(|s| !(s.is_static() && s.deletes()))
        );
    }
}
