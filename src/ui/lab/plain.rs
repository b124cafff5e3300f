//! The lab in plain mode: its settings in a sentence, then the rates panel
//! read row by row (the very rows the screen draws, each in its fullest
//! wording: the exact, idealised, true and measured rates, each labelled
//! with its kind, and the best k by the exact and the true rate), and the
//! commands that set m, n, k and the measurement. Where a row names a key
//! (`m` measures, `c` compares) the same letter works here.

use super::action::LabSlider;
use super::state::{LabState, span};
use super::view::{rates_lines, scheme_words};
use crate::filter::SchemeKind;
use crate::lecture::spoken::spoken_list;
use crate::numbers::{grouped, sig};
use crate::ui::plain::words::{READ_WIDTH, named_value, sentences, whole_setting};
use crate::ui::screen::seam::{PlainCommand, PlainReply};
use crate::ui::theme::Theme;

/// Plain mode's commands on the lab.
pub(crate) const COMMANDS: &[PlainCommand] = &[
    PlainCommand {
        typed: "m, n or k and a number, like m 160, n 16, k 7",
        does: "bits, keys and hashes per key (160, 50k, 1M and 1e6 all read)",
    },
    PlainCommand {
        typed: "queries or filters and a number",
        does: "the measurement: never-inserted keys queried per filter, and filters pooled",
    },
    PlainCommand {
        typed: "m alone, or measure",
        does: "measure a long run now, or stop it",
    },
    PlainCommand {
        typed: "c or compare",
        does: "measure both best k's on the same filters",
    },
    PlainCommand {
        typed: "l or lock",
        does: "hold bits per key while m or n moves, or let go",
    },
    PlainCommand {
        typed: "s or scheme, or scheme and a name",
        does: "the probe scheme of the measured filters: double, enhanced or independent",
    },
    PlainCommand {
        typed: "reseed",
        does: "a new seed for the measurement",
    },
];

/// The setting each command names.
const SLIDERS: [(&str, LabSlider); 5] = [
    ("m", LabSlider::M),
    ("n", LabSlider::N),
    ("k", LabSlider::K),
    ("queries", LabSlider::Queries),
    ("filters", LabSlider::Filters),
];

impl LabState {
    /// The lab in words: its settings, then the rates panel row by row.
    pub(crate) fn plain_words(&self) -> Vec<String> {
        let lock = match self.lock {
            Some(bits) => format!("bits per key locked at {}", sig(bits, 3)),
            None => "lock off".to_string(),
        };
        let mut out = vec![
            format!(
                "m = {} bits, n = {} keys, k = {} hashes per key: {} bits per key, {lock}.",
                grouped(self.m),
                grouped(self.n),
                self.k,
                sig(self.bits_per_key(), 3)
            ),
            format!(
                "Measured on {} filters, {} never-inserted keys queried on each; scheme {}; seed {}.",
                grouped(self.filters),
                grouped(self.queries),
                scheme_words(self.scheme, true),
                self.seed
            ),
        ];
        out.extend(sentences(&rates_lines(
            self,
            &Theme::MONO,
            READ_WIDTH,
            false,
        )));
        out
    }

    /// A line typed in plain mode, if it is a lab command.
    pub(crate) fn plain_command(&mut self, line: &str) -> Option<PlainReply> {
        let before = self.values();
        let changed = match line {
            "m" | "measure" => {
                self.toggle_measure();
                true
            }
            "c" | "compare" => {
                self.request_compare();
                true
            }
            "l" | "lock" => {
                self.toggle_lock();
                true
            }
            "s" | "scheme" => {
                self.toggle_scheme();
                true
            }
            "reseed" => {
                self.reseed();
                true
            }
            _ => false,
        };
        if changed {
            self.after_move(before);
            return Some(PlainReply::Changed(Vec::new()));
        }
        if let Some(name) = named_value(line, "scheme") {
            return Some(self.plain_scheme(name));
        }
        let (name, slider, text) = SLIDERS
            .iter()
            .find_map(|&(name, slider)| named_value(line, name).map(|t| (name, slider, t)))?;
        Some(match whole_setting(name, text, span(slider)) {
            Ok(value) => {
                self.set(slider, value);
                self.after_move(before);
                PlainReply::Changed(Vec::new())
            }
            Err(why) => PlainReply::Said(vec![why]),
        })
    }

    /// `scheme double`: the measured filters' probe scheme by name.
    fn plain_scheme(&mut self, name: &str) -> PlainReply {
        match SchemeKind::CYCLE.iter().find(|k| k.name() == name) {
            Some(&kind) => {
                self.scheme = kind;
                PlainReply::Changed(Vec::new())
            }
            None => {
                let names: Vec<&str> = SchemeKind::CYCLE.iter().map(|k| k.name()).collect();
                PlainReply::Said(vec![format!(
                    "{} is not a scheme here: the lab measures {}.",
                    crate::ui::plain::session::quoted(name),
                    spoken_list(&names).replacen(" and ", " or ", 1)
                )])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_set_by_name_and_refused_with_their_range() {
        let mut lab = LabState::default();
        assert_eq!(
            lab.plain_command("m 320"),
            Some(PlainReply::Changed(Vec::new()))
        );
        assert_eq!(lab.m, 320);
        assert_eq!(
            lab.plain_command("n=1e3"),
            Some(PlainReply::Changed(Vec::new()))
        );
        assert_eq!(lab.n, 1000);
        let Some(PlainReply::Said(why)) = lab.plain_command("k 0") else {
            panic!("k 0 is refused");
        };
        assert!(why[0].contains("between 1 and 32"), "{why:?}");
        assert_eq!(lab.k, 7);
        let Some(PlainReply::Said(why)) = lab.plain_command("m abc") else {
            panic!("m abc is refused");
        };
        assert!(
            why[0].contains("\"abc\"") && why[0].contains("10^12"),
            "{why:?}"
        );
        assert_eq!(
            lab.plain_command("scheme double"),
            Some(PlainReply::Changed(Vec::new()))
        );
        assert_eq!(lab.scheme, SchemeKind::Double);
        assert_eq!(lab.plain_command("mystery"), None);
    }
}
