//! The sizing fields read as one question: every field but the one being
//! worked out, through the readers `bloomlab size` uses
//! ([`crate::rates::size_inputs`]), so the screen and the command accept
//! the same text and refuse it with the same ranges.

use crate::rates::certified::RateKind;
use crate::rates::size_inputs::{
    InputError, InputField, SizeInputs, read_bits_or_memory, read_hashes, read_keys, read_target,
};
use crate::ui::sizing::action::SizingField;

/// The settings one sizing answer belongs to: what the worker lane is
/// asked for, and what a held answer is checked against.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SizingKey {
    /// The inputs read from the fields.
    pub inputs: SizeInputs,
}

/// A field whose text does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FieldError {
    /// The field on screen.
    pub field: SizingField,
    /// What was wrong with its text.
    pub error: InputError,
}

/// The field's text, as `texts` holds them in [`SizingField::ALL`] order.
fn text_of(texts: [&str; 4], field: SizingField) -> &str {
    texts[SizingField::ALL
        .iter()
        .position(|f| *f == field)
        .unwrap_or_default()]
}

/// Reads `texts` (n, p, m, k) as a question with `unknown` left out. A
/// blank k asks for the best k; every other field given must read.
pub(crate) fn read(
    texts: [&str; 4],
    unknown: SizingField,
    by: RateKind,
) -> Result<SizingKey, FieldError> {
    let given = |field: SizingField| (field != unknown).then(|| text_of(texts, field));
    let at = |field: SizingField| move |error: InputError| FieldError { field, error };
    let n = given(SizingField::N)
        .map(read_keys)
        .transpose()
        .map_err(at(SizingField::N))?;
    let target = given(SizingField::P)
        .map(read_target)
        .transpose()
        .map_err(at(SizingField::P))?;
    let m = given(SizingField::M)
        .map(read_bits_or_memory)
        .transpose()
        .map_err(at(SizingField::M))?;
    let k = match given(SizingField::K) {
        Some(text) if !text.trim().is_empty() => {
            Some(read_hashes(text).map_err(at(SizingField::K))?)
        }
        _ => None,
    };
    Ok(SizingKey {
        inputs: SizeInputs {
            n,
            target,
            m,
            k,
            by,
        },
    })
}

/// The input kind a field's text was read as (m reads as bits or memory
/// by its unit).
pub(crate) fn input_of(field: SizingField, text: &str) -> InputField {
    match field {
        SizingField::N => InputField::Keys,
        SizingField::P => InputField::Target,
        SizingField::M if crate::rates::size_inputs::names_memory(text) => InputField::Memory,
        SizingField::M => InputField::Bits,
        SizingField::K => InputField::Hashes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: RateKind = RateKind::Classic;

    #[test]
    fn the_unknown_field_is_left_out_whatever_it_holds() {
        let key = read(["50M", "1%", "junk", ""], SizingField::M, CLASSIC)
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(key.inputs.n, Some(50_000_000));
        assert_eq!(key.inputs.m, None);
        assert_eq!(key.inputs.k, None, "a blank k asks for the best");
        assert!(key.inputs.target.is_some());
        let key = read(
            ["50M", "junk", "64MiB", "7"],
            SizingField::P,
            RateKind::True,
        )
        .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(key.inputs.m, Some(64 << 23));
        assert_eq!(key.inputs.k, Some(7));
        assert_eq!(key.inputs.target, None);
        assert_eq!(key.inputs.by, RateKind::True);
    }

    #[test]
    fn a_bad_field_is_named() {
        let e = read(["lots", "1%", "", ""], SizingField::M, CLASSIC).unwrap_err();
        assert_eq!(e.field, SizingField::N);
        assert_eq!(e.error.got, "lots");
        let e = read(["50M", "1%", "", ""], SizingField::K, CLASSIC).unwrap_err();
        assert_eq!((e.field, e.error.field), (SizingField::M, InputField::Bits));
        let e = read(["50M", "1%", "1e30GB", ""], SizingField::K, CLASSIC).unwrap_err();
        assert_eq!(e.error.field, InputField::Memory);
        let e = read(["50M", "1%", "", "0"], SizingField::M, CLASSIC).unwrap_err();
        assert_eq!(e.field, SizingField::K);
    }
}
