//! bloomlab: an interactive terminal visualiser and teaching lab for Bloom filters.
//!
//! The crate is split so that the arithmetic and the data structures never
//! depend on the terminal:
//!
//! - [`filter`]: the bit array, the probe schemes (the lesson's FNV-1a double
//!   hashing and k independent seeded hashes) and the counting variant.
//! - [`rates`]: exact rational false-positive rates, long division, the
//!   idealised and true rates, best k and sizing.
//! - [`measure`]: seeded measurement of false positives on real filters.
//! - [`limits`]: every accepted range, read by the command line and the app.
//! - [`numbers`]: numbers as people type and read them (parsing, formatting).
//! - [`text`]: outside text made safe to print (escapes, capped echoes).
//! - [`private_dir`]: folders only this user may change (notes, the speaker link).
//! - [`lecture`]: the lecture script format and its pure step engine.
//! - [`practice`]: the seed lesson's seven exercises, checked by the code.
//! - [`notes`]: lesson notes kept in a private Markdown file.
//! - [`talk`]: the speaker view's link (a local socket, a line protocol).
//! - [`cli`]: the command-line contract.
//! - [`ui`]: the ratatui application (the only module that imports ratatui).

pub mod cli;
pub mod filter;
pub mod lecture;
pub mod limits;
pub mod measure;
pub mod notes;
pub mod numbers;
pub mod practice;
pub mod private_dir;
pub mod rates;
pub mod talk;
pub mod text;
pub mod ui;
