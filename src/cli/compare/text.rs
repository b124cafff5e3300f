//! The text form of `bloomlab compare`: a table, then each structure's
//! shape and notes.

use std::fmt::Write;

use crate::measure::lineup::Lineup;
use crate::numbers::counted;

/// The whole report.
pub(super) fn to_text(lineup: &Lineup) -> String {
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = writeln!(
        out,
        "n = {}, target p = {}, {} of keys never inserted, seed {}",
        counted(lineup.n, "key", "keys"),
        lineup.p,
        counted(lineup.queries, "query", "queries"),
        lineup.seed
    );
    let _ = writeln!(
        out,
        "floor: log2(1/p) = {:.3} bits per key; no structure that answers \"maybe\" for a share \
         p of absent keys can use fewer",
        lineup.floor_bits_per_key
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "{:<15} {:>8} {:>7} {:>10}  {:<21} {:>10} {:>7} {:>7}  {:<7} {:<6} implementation",
        "structure",
        "bits/key",
        "x floor",
        "measured",
        "95% interval",
        "model",
        "ins ns",
        "qry ns",
        "deletes",
        "static"
    );
    for r in &lineup.structures {
        let model = r
            .fp_model
            .map_or_else(|| "none".to_string(), |m| format!("{m:.4e}"));
        let mark = match r.model_inside {
            Some(false) => "*",
            _ => " ",
        };
        let _ = writeln!(
            out,
            "{:<15} {:>8.3} {:>7.3} {:>10.4e}  {:<21} {:>10}{mark}{:>6.1} {:>7.1}  {:<7} {:<6} {}",
            r.name(),
            r.bits_per_key,
            r.floor_ratio,
            r.rate,
            format!("{:.3e} to {:.3e}", r.interval.low, r.interval.high),
            model,
            r.insert_ns,
            r.query_ns,
            yes_no(r.deletes()),
            yes_no(r.is_static()),
            r.structure.implementation()
        );
    }
    let _ = writeln!(out);
    for r in &lineup.structures {
        let _ = writeln!(out, "{:<15} {}", r.name(), r.params);
        for note in &r.notes {
            let _ = writeln!(out, "{:<15} {note}", "");
        }
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "the interval is Wilson's for each structure's own rate (one filter each); * marks a \
         model outside it"
    );
    let _ = writeln!(
        out,
        "keys reach the fingerprint filters as 64-bit hashes: at {} keys about {:.2e} pairs \
         share one, and an absent key meets an inserted key's hash with chance {:.2e}",
        lineup.n, lineup.hash_wall.pairs, lineup.hash_wall.added_rate
    );
    let _ = writeln!(
        out,
        "timings are this run's, in nanoseconds per key (a static filter's insert is hashing \
         the set and building it); the counts depend on the seed alone"
    );
    out
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}
