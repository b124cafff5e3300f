//! The lecture: the script format (data in `assets/`) and the pure step engine.
