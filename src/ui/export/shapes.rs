//! The terminal's drawing characters as vector shapes: box drawing
//! (U+2500-257F) as bars and arcs, block elements (U+2580-259F) as
//! rectangles (the shades as a fine chequer, so a shaded bit still differs
//! from a full one without colour), braille (U+2800-28FF) as round dots.
//! A font draws these as glyphs that never quite meet their neighbours:
//! bars come out striped, big letters clipped or smudged. As shapes they
//! join exactly, at any size, on screen and on paper.
//!
//! Coordinates are in a cell's own units: a cell is 1 wide and 2 tall (a
//! terminal cell's shape), x to the right, y down, (0, 0) its top left.

/// A cell's width in shape units.
pub(crate) const CELL_W: f32 = 1.0;
/// A cell's height in shape units.
pub(crate) const CELL_H: f32 = 2.0;

/// Thickness of a light line.
const LIGHT: f32 = 0.14;
/// Thickness of a heavy line.
const HEAVY: f32 = 0.3;
/// How far each line of a double line sits from the cell's centre line.
const DOUBLE_GAP: f32 = 0.2;
/// Radius of a braille dot: a little under half the dots' spacing (0.5),
/// so a run of dots reads as a line without merging into a blob.
const DOT_R: f32 = 0.19;
/// Side of a shade's chequer square.
const SHADE_STEP: f32 = 0.25;

/// One filled shape.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Shape {
    /// A rectangle: left, top, width, height.
    Rect([f32; 4]),
    /// A round dot: centre x, centre y, radius.
    Dot([f32; 3]),
    /// A closed polygon (diagonals, rounded corners).
    Poly(Vec<[f32; 2]>),
}

impl Shape {
    /// The shape moved by `(dx, dy)`.
    pub(crate) fn moved(&self, dx: f32, dy: f32) -> Shape {
        match self {
            Shape::Rect([x, y, w, h]) => Shape::Rect([x + dx, y + dy, *w, *h]),
            Shape::Dot([x, y, r]) => Shape::Dot([x + dx, y + dy, *r]),
            Shape::Poly(points) => {
                Shape::Poly(points.iter().map(|[x, y]| [x + dx, y + dy]).collect())
            }
        }
    }
}

/// True for the characters drawn as shapes here, never as text.
pub(crate) fn is_drawn(c: char) -> bool {
    matches!(c, '\u{2500}'..='\u{259f}' | '\u{2800}'..='\u{28ff}')
}

/// The shapes of `c` in one cell, or `None` when it is text. A blank
/// braille pattern is drawn (as nothing), not typed.
pub(crate) fn shapes(c: char) -> Option<Vec<Shape>> {
    let code = u32::from(c);
    match code {
        0x2500..=0x257f => Some(box_drawing(code)),
        0x2580..=0x259f => Some(block(code)),
        0x2800..=0x28ff => Some(braille(code)),
        0x1fb00..=0x1fb3b => Some(sextant(code)),
        _ => None,
    }
}

fn rect(x: f32, y: f32, w: f32, h: f32) -> Shape {
    Shape::Rect([x, y, w, h])
}

/// Block elements: halves, eighths, quadrants and the three shades.
fn block(code: u32) -> Vec<Shape> {
    // Eighths, in float, for the partial blocks.
    let eighths = |n: u32| n as f32 / 8.0;
    match code {
        0x2580 => vec![rect(0.0, 0.0, CELL_W, CELL_H / 2.0)],
        // Lower one eighth to lower seven eighths, then the full block.
        0x2581..=0x2588 => {
            let h = CELL_H * eighths(code - 0x2580);
            vec![rect(0.0, CELL_H - h, CELL_W, h)]
        }
        // Left seven eighths down to left one eighth.
        0x2589..=0x258f => vec![rect(0.0, 0.0, CELL_W * eighths(0x2590 - code), CELL_H)],
        0x2590 => vec![rect(CELL_W / 2.0, 0.0, CELL_W / 2.0, CELL_H)],
        0x2591 => shade(|i, j| i % 2 == 0 && j % 2 == 0),
        0x2592 => shade(|i, j| (i + j) % 2 == 0),
        0x2593 => shade(|i, j| i % 2 == 0 || j % 2 == 0),
        0x2594 => vec![rect(0.0, 0.0, CELL_W, CELL_H / 8.0)],
        0x2595 => vec![rect(CELL_W * 7.0 / 8.0, 0.0, CELL_W / 8.0, CELL_H)],
        _ => quadrants(code),
    }
}

/// The quadrant blocks (U+2596-259F) by which quarters they fill.
fn quadrants(code: u32) -> Vec<Shape> {
    // Bits: upper left 1, upper right 2, lower left 4, lower right 8.
    let filled: u8 = match code {
        0x2596 => 4,
        0x2597 => 8,
        0x2598 => 1,
        0x2599 => 1 | 4 | 8,
        0x259a => 1 | 8,
        0x259b => 1 | 2 | 4,
        0x259c => 1 | 2 | 8,
        0x259d => 2,
        0x259e => 2 | 4,
        0x259f => 2 | 4 | 8,
        _ => 0,
    };
    let (hw, hh) = (CELL_W / 2.0, CELL_H / 2.0);
    [(1, 0.0, 0.0), (2, hw, 0.0), (4, 0.0, hh), (8, hw, hh)]
        .into_iter()
        .filter(|(bit, _, _)| filled & bit != 0)
        .map(|(_, x, y)| rect(x, y, hw, hh))
        .collect()
}

/// The sextants (U+1FB00-1FB3B): a cell split into two columns of three,
/// numbered left to right, top to bottom (bit 1 the upper left). The
/// patterns that are older characters (empty, full, the left and right
/// halves) are skipped in the block's order.
fn sextant(code: u32) -> Vec<Shape> {
    let mut pattern = code - 0x1fb00 + 1;
    if pattern >= 0b01_0101 {
        pattern += 1;
    }
    if pattern >= 0b10_1010 {
        pattern += 1;
    }
    let (w, h) = (CELL_W / 2.0, CELL_H / 3.0);
    (0..6)
        .filter(|bit| pattern & (1 << bit) != 0)
        .map(|bit| rect(w * (bit % 2) as f32, h * (bit / 2) as f32, w, h))
        .collect()
}

/// A shade as a chequer of small squares: square (i, j) (column, row) is
/// filled where `on` says.
fn shade(on: impl Fn(u32, u32) -> bool) -> Vec<Shape> {
    let cols = (CELL_W / SHADE_STEP) as u32;
    let rows = (CELL_H / SHADE_STEP) as u32;
    let mut out = Vec::new();
    for j in 0..rows {
        for i in 0..cols {
            if on(i, j) {
                out.push(rect(
                    i as f32 * SHADE_STEP,
                    j as f32 * SHADE_STEP,
                    SHADE_STEP,
                    SHADE_STEP,
                ));
            }
        }
    }
    out
}

/// Braille: eight dots in two columns of four; bit n of the pattern is
/// dot n + 1 (dots 1-3 and 7 down the left, 4-6 and 8 down the right).
fn braille(code: u32) -> Vec<Shape> {
    const DOTS: [(f32, f32); 8] = [
        (0.25, 0.25),
        (0.25, 0.75),
        (0.25, 1.25),
        (0.75, 0.25),
        (0.75, 0.75),
        (0.75, 1.25),
        (0.25, 1.75),
        (0.75, 1.75),
    ];
    let bits = code - 0x2800;
    DOTS.iter()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, &(x, y))| Shape::Dot([x, y, DOT_R]))
        .collect()
}

/// How heavy an arm of a box-drawing character is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Weight {
    None,
    Light,
    Heavy,
    Double,
}

impl Weight {
    fn from_bits(bits: u8) -> Weight {
        match bits & 3 {
            1 => Weight::Light,
            2 => Weight::Heavy,
            3 => Weight::Double,
            _ => Weight::None,
        }
    }

    /// Thickness of a single line of this weight.
    fn thickness(self) -> f32 {
        if self == Weight::Heavy { HEAVY } else { LIGHT }
    }

    /// How far past the centre a line crossing this arm must reach to
    /// join it.
    fn reach(self) -> f32 {
        match self {
            Weight::None => 0.0,
            Weight::Double => DOUBLE_GAP + LIGHT / 2.0,
            Weight::Light | Weight::Heavy => self.thickness() / 2.0,
        }
    }
}

/// The arms of U+2500-257F, two bits each (up, right, down, left from the
/// low bits; 1 light, 2 heavy, 3 double), read off the characters' Unicode
/// names. Dashes, arcs and diagonals are 0 and drawn on their own.
const ARMS: [u8; 128] = [
    0x44, 0x88, 0x11, 0x22, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x14, 0x18, 0x24, 0x28,
    0x50, 0x90, 0x60, 0xa0, 0x05, 0x09, 0x06, 0x0a, 0x41, 0x81, 0x42, 0x82, 0x15, 0x19, 0x16, 0x25,
    0x26, 0x1a, 0x29, 0x2a, 0x51, 0x91, 0x52, 0x61, 0x62, 0x92, 0xa1, 0xa2, 0x54, 0x94, 0x58, 0x98,
    0x64, 0xa4, 0x68, 0xa8, 0x45, 0x85, 0x49, 0x89, 0x46, 0x86, 0x4a, 0x8a, 0x55, 0x95, 0x59, 0x99,
    0x56, 0x65, 0x66, 0x96, 0x5a, 0xa5, 0x69, 0x9a, 0xa9, 0xa6, 0x6a, 0xaa, 0x00, 0x00, 0x00, 0x00,
    0xcc, 0x33, 0x1c, 0x34, 0x3c, 0xd0, 0x70, 0xf0, 0x0d, 0x07, 0x0f, 0xc1, 0x43, 0xc3, 0x1d, 0x37,
    0x3f, 0xd1, 0x73, 0xf3, 0xdc, 0x74, 0xfc, 0xcd, 0x47, 0xcf, 0xdd, 0x77, 0xff, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x40, 0x01, 0x04, 0x10, 0x80, 0x02, 0x08, 0x20, 0x48, 0x21, 0x84, 0x12,
];

/// Directions, in the order of [`ARMS`]'s bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dir {
    Up,
    Right,
    Down,
    Left,
}

const DIRS: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];

impl Dir {
    fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    fn vertical(self) -> bool {
        matches!(self, Dir::Up | Dir::Down)
    }

    /// The two directions across this one: (the side at -offset, the side
    /// at +offset).
    fn across(self) -> (Dir, Dir) {
        if self.vertical() {
            (Dir::Left, Dir::Right)
        } else {
            (Dir::Up, Dir::Down)
        }
    }
}

fn box_drawing(code: u32) -> Vec<Shape> {
    match code {
        0x2504..=0x250b | 0x254c..=0x254f => dashes(code),
        0x256d..=0x2570 => arc(code),
        0x2571..=0x2573 => diagonals(code),
        _ => {
            let bits = ARMS[(code - 0x2500) as usize];
            let arms: [Weight; 4] = std::array::from_fn(|i| Weight::from_bits(bits >> (2 * i)));
            arm_bars(arms)
        }
    }
}

/// The bars of a box-drawing character with the given arms (up, right,
/// down, left), each from the cell's edge to the centre and as far past it
/// as the joint needs.
fn arm_bars(arms: [Weight; 4]) -> Vec<Shape> {
    let weight = |d: Dir| arms[DIRS.iter().position(|x| *x == d).unwrap_or(0)];
    let mut out = Vec::new();
    for dir in DIRS {
        let w = weight(dir);
        let (minus, plus) = dir.across();
        match w {
            Weight::None => {}
            Weight::Light | Weight::Heavy => {
                // Past the centre as far as the widest arm across it.
                let end = weight(minus).reach().max(weight(plus).reach());
                out.push(bar(dir, 0.0, w.thickness(), end));
            }
            Weight::Double => {
                for (side, other, offset) in [(minus, plus, -DOUBLE_GAP), (plus, minus, DOUBLE_GAP)]
                {
                    let end = match (weight(side), weight(dir.opposite()), weight(other)) {
                        // An inner corner: stop at the arm on this side.
                        (Weight::Double, _, _) => -DOUBLE_GAP + LIGHT / 2.0,
                        (Weight::Light | Weight::Heavy, _, _) => 0.0,
                        // Straight on into the opposite arm.
                        (Weight::None, o, _) if o != Weight::None => 0.0,
                        // An outer corner: round to the far arm's line.
                        (Weight::None, _, far) => far.reach(),
                    };
                    out.push(bar(dir, offset, LIGHT, end));
                }
            }
        }
    }
    out
}

/// A bar of thickness `t` from the cell's edge in direction `dir` to `end`
/// past the centre (negative: short of it), `offset` across its length.
fn bar(dir: Dir, offset: f32, t: f32, end: f32) -> Shape {
    let (cx, cy) = (CELL_W / 2.0, CELL_H / 2.0);
    match dir {
        Dir::Up => rect(cx + offset - t / 2.0, 0.0, t, cy + end),
        Dir::Down => rect(cx + offset - t / 2.0, cy - end, t, CELL_H - (cy - end)),
        Dir::Left => rect(0.0, cy + offset - t / 2.0, cx + end, t),
        Dir::Right => rect(cx - end, cy + offset - t / 2.0, CELL_W - (cx - end), t),
    }
}

/// Dashed lines: two, three or four dashes along the cell.
fn dashes(code: u32) -> Vec<Shape> {
    let (count, vertical, heavy) = match code {
        0x2504 => (3, false, false),
        0x2505 => (3, false, true),
        0x2506 => (3, true, false),
        0x2507 => (3, true, true),
        0x2508 => (4, false, false),
        0x2509 => (4, false, true),
        0x250a => (4, true, false),
        0x250b => (4, true, true),
        0x254c => (2, false, false),
        0x254d => (2, false, true),
        0x254e => (2, true, false),
        _ => (2, true, true),
    };
    let t = if heavy { HEAVY } else { LIGHT };
    let length = if vertical { CELL_H } else { CELL_W };
    let step = length / count as f32;
    // Each dash takes most of its step, so dashes in a row stay evenly
    // spaced across cells.
    let dash = step * 0.6;
    (0..count)
        .map(|i| {
            let at = i as f32 * step + (step - dash) / 2.0;
            if vertical {
                rect(CELL_W / 2.0 - t / 2.0, at, t, dash)
            } else {
                rect(at, CELL_H / 2.0 - t / 2.0, dash, t)
            }
        })
        .collect()
}

/// The rounded corners: a straight run from the vertical edge, a quarter
/// circle, and out at the horizontal edge.
fn arc(code: u32) -> Vec<Shape> {
    // (sx, sy): the corner's horizontal arm to the right (+1) or left (-1),
    // its vertical arm down (+1) or up (-1).
    let (sx, sy) = match code {
        0x256d => (1.0, 1.0),
        0x256e => (-1.0, 1.0),
        0x256f => (-1.0, -1.0),
        _ => (1.0, -1.0),
    };
    let (cx, cy) = (CELL_W / 2.0, CELL_H / 2.0);
    let r = CELL_W / 2.0;
    let edge_y = if sy > 0.0 { CELL_H } else { 0.0 };
    let (ox, oy) = (cx + sx * r, cy + sy * r);
    let mut points = vec![[cx, edge_y]];
    const SEGMENTS: usize = 8;
    for i in 0..=SEGMENTS {
        let a = std::f32::consts::FRAC_PI_2 * i as f32 / SEGMENTS as f32;
        // From pointing back at the vertical arm to pointing at the
        // horizontal one.
        points.push([ox - sx * r * a.cos(), oy - sy * r * a.sin()]);
    }
    vec![stroke(&points, LIGHT)]
}

fn diagonals(code: u32) -> Vec<Shape> {
    let rising = stroke(&[[CELL_W, 0.0], [0.0, CELL_H]], LIGHT);
    let falling = stroke(&[[0.0, 0.0], [CELL_W, CELL_H]], LIGHT);
    match code {
        0x2571 => vec![rising],
        0x2572 => vec![falling],
        _ => vec![rising, falling],
    }
}

/// The outline of an open line through `points`, `t` thick, as a polygon
/// (each corner mitred).
fn stroke(points: &[[f32; 2]], t: f32) -> Shape {
    let normal = |a: [f32; 2], b: [f32; 2]| {
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let len = (dx * dx + dy * dy).sqrt().max(f32::EPSILON);
        [-dy / len, dx / len]
    };
    let n = points.len();
    let mut left = Vec::with_capacity(n);
    let mut right = Vec::with_capacity(n);
    for i in 0..n {
        let before = if i > 0 {
            Some(normal(points[i - 1], points[i]))
        } else {
            None
        };
        let after = if i + 1 < n {
            Some(normal(points[i], points[i + 1]))
        } else {
            None
        };
        let [nx, ny] = match (before, after) {
            (Some(a), Some(b)) => {
                let sum = [a[0] + b[0], a[1] + b[1]];
                let len = (sum[0] * sum[0] + sum[1] * sum[1]).sqrt().max(f32::EPSILON);
                let unit = [sum[0] / len, sum[1] / len];
                // The miter: longer at a sharper corner.
                let cos = (unit[0] * a[0] + unit[1] * a[1]).max(0.2);
                [unit[0] / cos, unit[1] / cos]
            }
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => [0.0, 0.0],
        };
        let [x, y] = points[i];
        left.push([x + nx * t / 2.0, y + ny * t / 2.0]);
        right.push([x - nx * t / 2.0, y - ny * t / 2.0]);
    }
    right.reverse();
    left.extend(right);
    // Clockwise on the page (y down), as rectangles are written, so two
    // strokes that cross fill their crossing instead of cancelling it.
    let twice_area: f32 = (0..left.len())
        .map(|i| {
            let ([x0, y0], [x1, y1]) = (left[i], left[(i + 1) % left.len()]);
            x0 * y1 - x1 * y0
        })
        .sum();
    if twice_area < 0.0 {
        left.reverse();
    }
    Shape::Poly(left)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(shapes: &[Shape]) -> f32 {
        shapes
            .iter()
            .map(|s| match s {
                Shape::Rect([_, _, w, h]) => w * h,
                Shape::Dot([_, _, r]) => std::f32::consts::PI * r * r,
                Shape::Poly(_) => 0.0,
            })
            .sum()
    }

    fn inside(shapes: &[Shape]) -> bool {
        shapes.iter().all(|s| match s {
            Shape::Rect([x, y, w, h]) => {
                *x >= -1e-6 && *y >= -1e-6 && x + w <= CELL_W + 1e-6 && y + h <= CELL_H + 1e-6
            }
            Shape::Dot([x, y, r]) => {
                x - r >= 0.0 && y - r >= 0.0 && x + r <= CELL_W && y + r <= CELL_H
            }
            Shape::Poly(_) => true,
        })
    }

    #[test]
    fn sextants_fill_their_sixths() {
        let sixth = |bits: &[u32]| -> Vec<Shape> {
            let (w, h) = (CELL_W / 2.0, CELL_H / 3.0);
            bits.iter()
                .map(|&b| rect(w * (b % 2) as f32, h * (b / 2) as f32, w, h))
                .collect()
        };
        // The first: the upper left sixth alone.
        assert_eq!(sextant(0x1fb00), sixth(&[0]));
        // Just after the skipped left half (bits 0, 2, 4): bits 1, 2, 4.
        assert_eq!(sextant(0x1fb14), sixth(&[1, 2, 4]));
        // The last: everything but the upper left.
        assert_eq!(sextant(0x1fb3b), sixth(&[1, 2, 3, 4, 5]));
    }

    #[test]
    fn blocks_fill_what_their_names_say() {
        let cell = CELL_W * CELL_H;
        for (c, fraction) in [
            ('█', 1.0),
            ('▀', 0.5),
            ('▄', 0.5),
            ('▌', 0.5),
            ('▐', 0.5),
            ('▁', 0.125),
            ('▏', 0.125),
            ('▖', 0.25),
            ('▙', 0.75),
            ('▚', 0.5),
            ('░', 0.25),
            ('▒', 0.5),
            ('▓', 0.75),
        ] {
            let s = shapes(c).expect("a block");
            assert!(
                (area(&s) - fraction * cell).abs() < 1e-4,
                "{c}: {}",
                area(&s)
            );
            assert!(inside(&s), "{c} stays in its cell");
        }
        assert_eq!(shapes('█'), Some(vec![Shape::Rect([0.0, 0.0, 1.0, 2.0])]));
    }

    #[test]
    fn every_drawing_character_is_shapes_inside_its_cell() {
        for c in ('\u{2500}'..='\u{259f}').chain('\u{2800}'..='\u{28ff}') {
            assert!(is_drawn(c));
            let s = shapes(c).unwrap_or_else(|| panic!("{c} has shapes"));
            assert!(inside(&s), "{c}");
            let blank = c == '\u{2800}';
            assert_eq!(s.is_empty(), blank, "{c} draws something unless blank");
        }
        assert!(!is_drawn('a') && shapes('a').is_none() && shapes('ε').is_none());
    }

    #[test]
    fn braille_dots_sit_where_the_bits_say() {
        // ⣿ is all eight; ⠁ is dot 1 alone, top left; ⢀ is dot 8, bottom right.
        assert_eq!(shapes('⣿').map(|s| s.len()), Some(8));
        assert_eq!(shapes('⠁'), Some(vec![Shape::Dot([0.25, 0.25, DOT_R])]));
        assert_eq!(shapes('⢀'), Some(vec![Shape::Dot([0.75, 1.75, DOT_R])]));
    }

    #[test]
    fn lines_meet_their_neighbours_at_the_cell_edges() {
        // A horizontal light line spans the cell at mid-height, so a row of
        // them is one unbroken line.
        assert_eq!(
            shapes('─'),
            Some(vec![
                rect(0.5, 1.0 - LIGHT / 2.0, 0.5, LIGHT),
                rect(0.0, 1.0 - LIGHT / 2.0, 0.5, LIGHT)
            ])
        );
        // A corner's two bars overlap at the joint, with no gap.
        let corner = shapes('┌').expect("corner");
        assert_eq!(corner.len(), 2);
        if let [Shape::Rect(right), Shape::Rect(down)] = corner.as_slice() {
            assert!(right[0] <= down[0] && down[1] <= right[1]);
        }
        // A double corner: four bars, two per arm, outer one longer.
        let double = shapes('╔').expect("double corner");
        assert_eq!(double.len(), 4);
    }
}
