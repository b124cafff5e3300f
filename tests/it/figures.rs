//! The lab brief's table of figures, shared by the tests that reproduce it
//! through the library (`rates_figures.rs`) and through the command line
//! (`cli_rate.rs`).

/// (m, n, k, classic, idealised, true, denominator digits), as published.
pub(crate) const TABLE: [(u64, u64, u32, &str, &str, &str, u64); 6] = [
    (16, 3, 3, "0.085518684", "0.079627528", "0.090596225", 33),
    (
        160,
        16,
        7,
        "0.0083186771",
        "0.0081937221",
        "0.0086533084",
        1729,
    ),
    (
        144,
        12,
        8,
        "0.0032044964",
        "0.0031423503",
        "0.0034011805",
        1658,
    ),
    (
        144,
        12,
        10,
        "0.0034139022",
        "0.0033386570",
        "0.0037151151",
        2591,
    ),
    (
        1000,
        100,
        7,
        "0.0082135546",
        "0.0081937221",
        "0.0082662475",
        14701,
    ),
    (80, 10, 5, "0.022174492", "0.021679217", "0.023063218", 476),
];
