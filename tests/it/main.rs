//! The integration tests, as one binary: each module is one area, and the
//! real `bloomlab` binary is run wherever the behaviour is the command line's.
//! Unit tests of the app's screens live beside the code, in `src/ui/tests`.

mod common;
mod figures;
mod support;

mod architecture;
mod cli_compare;
mod cli_config;
mod cli_errors;
mod cli_lookup;
mod cli_measure;
mod cli_measure_long;
mod cli_memory;
mod cli_notes;
mod cli_output;
mod cli_presenter;
mod cli_rate;
mod cli_size;
mod cli_snapshots;
mod export_app;
mod export_browser;
mod export_cli;
mod export_pictures;
mod filter_lesson;
mod filter_props;
mod filter_structures;
mod hostile_cli;
mod hostile_echo;
mod hostile_scripts;
mod lecture_budget;
mod lecture_predict;
mod lecture_scripts;
mod lecture_trace;
mod measure_compare;
mod measure_coverage;
mod measure_schemes;
mod practice_exercises;
mod pty_app;
mod pty_clicker;
mod pty_input;
mod pty_speaker;
mod rates_best_k;
mod rates_brute_force;
mod rates_cancel;
mod rates_certified;
mod rates_figures;
mod rates_props;
mod rates_reference;
mod rates_reference_large;
mod rates_scan;
mod rates_sizing;
mod rates_solve;
mod readme;
mod ui_args;
mod ui_sizing;
