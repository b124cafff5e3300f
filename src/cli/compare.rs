//! `bloomlab compare`: every filter a reader meets after the classic Bloom
//! filter, built for n keys at rate p, measured on the same never-inserted
//! keys and set against the floor `log2(1/p)` (the line-up of
//! [`crate::measure::lineup`]).
//!
//! Exit codes: 0 with a result; 2 for bad input (n or queries out of range,
//! p outside (0, 1) or below the smallest rate compare sizes for, an n whose
//! structures would not fit the memory budget); 1 when a structure could
//! not be built.

mod text;

use std::sync::atomic::AtomicBool;

use serde_json::{Value, json};

use super::CliError;
use super::args::CompareArgs;
use crate::limits::{COMPARE_MEMORY, COMPARE_P_MIN};
use crate::measure::lineup::{
    Lineup, LineupConfig, LineupError, StructureResult, check_memory, measure_lineup,
};
use crate::rates::size_inputs::read_target;

/// Runs the line-up and formats it as text or JSON.
pub(crate) fn run(args: &CompareArgs) -> Result<String, CliError> {
    let target = read_target(&args.p).map_err(|e| CliError::Usage(format!("--{e}")))?;
    if target.value < COMPARE_P_MIN {
        return Err(CliError::Usage(format!(
            "--p must be at least {COMPARE_P_MIN:e} for compare (below it no run of queries \
             could see a false positive), got '{}'",
            args.p
        )));
    }
    check_memory(args.n, target.value, COMPARE_MEMORY).map_err(cli_error)?;
    let cfg = LineupConfig {
        n: args.n,
        target,
        queries: args.queries,
        seed: args.seed,
    };
    let lineup = measure_lineup(&cfg, &AtomicBool::new(false), &mut |_| {}).map_err(cli_error)?;
    Ok(if args.json {
        to_json(&lineup).to_string()
    } else {
        text::to_text(&lineup)
    })
}

/// Input the line-up refuses is bad input (exit 2); a structure that could
/// not be built is a runtime failure (exit 1).
fn cli_error(e: LineupError) -> CliError {
    match e {
        LineupError::Input(_) | LineupError::OverBudget { .. } => CliError::Usage(e.to_string()),
        _ => CliError::Runtime(e.to_string()),
    }
}

fn to_json(lineup: &Lineup) -> Value {
    json!({
        "n": lineup.n,
        "p": lineup.p,
        "queries": lineup.queries,
        "seed": lineup.seed,
        "floor_bits_per_key": lineup.floor_bits_per_key,
        "hash_collision_pairs": lineup.hash_wall.pairs,
        "hash_collision_rate": lineup.hash_wall.added_rate,
        "structures": lineup.structures.iter().map(structure_json).collect::<Vec<_>>(),
    })
}

fn structure_json(r: &StructureResult) -> Value {
    json!({
        "name": r.name(),
        "implementation": r.structure.implementation(),
        "params": r.params,
        "memory_bytes": r.memory_bytes,
        "bits_per_key": r.bits_per_key,
        "floor_ratio": r.floor_ratio,
        "inserted": r.inserted,
        "full": r.refused.is_some(),
        "false_positives": r.false_positives,
        "fp_measured": r.rate,
        "fp_low": r.interval.low,
        "fp_high": r.interval.high,
        "fp_model": r.fp_model,
        "model_inside_interval": r.model_inside,
        "insert_ns": r.insert_ns,
        "query_ns": r.query_ns,
        "deletes": r.deletes(),
        "static": r.is_static(),
        "notes": r.notes,
    })
}
