//! Frame times of each screen at 200x60 (filled in below).
fn main() {}
