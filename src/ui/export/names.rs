//! What exported files are called, so a folder of them lists in order and
//! each name says what it shows.

/// Scene `scene`, step `step` of `steps` as a name: `3-04`, the step
/// zero-padded to the width of the scene's last step (at least two
/// digits), so a folder of exports lists in lecture order.
pub(crate) fn step_name(scene: usize, step: usize, steps: usize) -> String {
    let width = steps.to_string().len().max(2);
    format!("{scene}-{step:0width$}")
}

#[cfg(test)]
mod tests {
    use super::step_name;

    #[test]
    fn steps_are_padded_to_their_scene() {
        assert_eq!(step_name(3, 4, 11), "3-04");
        assert_eq!(step_name(1, 7, 8), "1-07");
        assert_eq!(step_name(2, 5, 120), "2-005");
    }
}
