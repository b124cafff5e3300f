//! Compare in plain mode: the settings and the floor, how far the line-up
//! has got, then each structure as one sentence from the figures the table
//! shows; commands set n, p and the queries, or reseed.

use super::action::CompareSlider;
use super::state::{CompareState, VALUE_FIELD, percent};
use crate::numbers::{grouped, sig};
use crate::ui::computed::Shown;
use crate::ui::plain::words::named_value;
use crate::ui::screen::seam::{PlainCommand, PlainReply};

/// Plain mode's commands on Compare.
pub(crate) const COMMANDS: &[PlainCommand] = &[
    PlainCommand {
        typed: "n and a number of keys, like n 50k",
        does: "the keys every structure holds",
    },
    PlainCommand {
        typed: "p and a rate, like p 1%, p 0.01 or p 1/300",
        does: "the target false-positive rate",
    },
    PlainCommand {
        typed: "queries and a number, like queries 1e6",
        does: "never-inserted keys asked of each structure",
    },
    PlainCommand {
        typed: "r",
        does: "a new seed: new keys and hashes",
    },
];

/// The slider a command names.
const SLIDERS: [(&str, CompareSlider); 3] = [
    ("n", CompareSlider::N),
    ("p", CompareSlider::P),
    ("queries", CompareSlider::Queries),
];

impl CompareState {
    /// The Compare screen in words.
    pub(crate) fn plain_words(&self) -> Vec<String> {
        let mut out = vec![
            format!(
                "Compare: n = {} keys, target rate p = {}, {} queries, seed {}.",
                grouped(self.n),
                percent(self.p.value),
                grouped(self.queries),
                self.seed
            ),
            format!(
                "The floor is log2(1/p) = {} bits per key: no structure can use fewer.",
                sig(self.key().floor_bits_per_key(), 3)
            ),
        ];
        let figures = match self.shown() {
            Shown::Fresh(Err(why)) => {
                out.push(format!("The line-up failed: {why}."));
                return out;
            }
            Shown::Fresh(Ok(f)) => f,
            Shown::Computing(_) => {
                out.push("Measuring the line-up.".into());
                return out;
            }
        };
        if !figures.finished {
            out.push(format!(
                "Measuring: {} of 10 structures done so far.",
                figures.results.len()
            ));
        }
        for r in &figures.results {
            out.push(format!(
                "{}: {} bits per key, {} times the floor; measured rate {} (95% interval {} to {}); \
                 {} ns per insert, {} ns per query; {}; {}.",
                r.name(),
                sig(r.bits_per_key, 3),
                sig(r.floor_ratio, 3),
                percent(r.rate),
                percent(r.interval.low),
                percent(r.interval.high),
                sig(r.insert_ns, 3),
                sig(r.query_ns, 3),
                if r.structure.deletes() { "deletes" } else { "cannot delete" },
                if r.structure.is_static() {
                    "built once from the set"
                } else {
                    "takes keys one at a time"
                },
            ));
        }
        out
    }

    /// A line typed in plain mode, if it is a Compare command.
    pub(crate) fn plain_command(&mut self, line: &str) -> Option<PlainReply> {
        if line == "r" {
            self.reseed();
            return Some(PlainReply::Changed(Vec::new()));
        }
        let (slider, value) = SLIDERS
            .iter()
            .find_map(|&(name, slider)| named_value(line, name).map(|v| (slider, v)))?;
        let mut field = VALUE_FIELD;
        value.chars().for_each(|c| field.push(c));
        let before = (self.selected, self.editing.take());
        self.selected = slider;
        self.editing = Some(field);
        self.edit_error = None;
        self.submit_value();
        let refused = self.edit_error.take();
        (self.selected, self.editing) = before;
        Some(match refused {
            Some(why) => PlainReply::Said(vec![format!("{why}.")]),
            None => PlainReply::Changed(Vec::new()),
        })
    }
}
