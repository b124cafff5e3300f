//! Text with computed numbers: `{fill(n=3)}`, `{eps(k=probe)}`, `{set}`.
//! Placeholders are checked when the script loads and filled when a board
//! is built, so a script that changes m, k or a budget gets matching figures.

use std::collections::BTreeMap;

use super::curve::Curve;
use crate::measure::lineup::Structure;

/// What a placeholder may read from the board as it stands when it is filled.
#[derive(Debug, Clone, Copy)]
pub struct Now<'a> {
    /// Bits set in the row.
    pub set: usize,
    /// Where each curve's probe stands (x), placed in this scene.
    pub probes: &'a BTreeMap<Curve, f64>,
}

/// A number a placeholder can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Func {
    /// Cells in the row.
    M,
    /// Positions per item.
    K,
    /// Bits set in the row right now.
    Set,
    /// Fraction of the row set right now.
    FillRow,
    /// Chance one hash misses a given bit, 1 - 1/m.
    Miss,
    /// Chance a bit is still 0 after n inserts, (1 - 1/m)^(kn).
    P0,
    /// Large-m approximation of P0, e^(-kn/m).
    P0e,
    /// Idealised fill after n inserts, 1 - e^(-kn/m).
    Fill,
    /// Idealised false-positive rate, at n inserts or at bits per item.
    Eps,
    /// The best k for a number of bits per item, (m/n) ln 2.
    Kopt,
    /// The rate at the best k for a number of bits per item.
    EpsOpt,
    /// The factor each extra bit per item multiplies the rate by at the best k.
    Base,
    /// Memory of the exact set for a population, in GB.
    ExactGb,
    /// Memory of the Bloom filter for a population, in GB.
    BloomGb,
    /// How many times smaller the Bloom filter is than the exact set.
    Ratio,
    /// Population at which the exact set outgrows RAM, in millions.
    Crossing,
    /// The machine's RAM in GB.
    RamGb,
    /// Bytes per item of the exact set.
    ExactBytes,
    /// Bits per item of the Bloom filter in the memory argument.
    BloomBits,
    /// New items wrongly skipped per population, in millions.
    Missed,
    /// The population of the memory argument, in words when round.
    Urls,
    /// An item's positions ("2, 7 and 11"), or one of them with i=N.
    Pos,
    /// Bytes per item for a number of bits per item.
    Bytes,
    /// About how many queries per false positive ("1 in N").
    OneIn,
    /// The whole k with the lowest rate at a number of bits per item.
    Kbest,
    /// Bits per item held fixed on the k curve.
    KCurveBits,
    /// Largest k on the k curve.
    KMax,
    /// Largest n on the fill curve.
    FillNMax,
    /// Smallest bits per item on the bits curve.
    BitsMin,
    /// Largest bits per item on the bits curve.
    BitsMax,
    /// Bits per counter in the counting variant.
    CounterBits,
    /// The best k at m bits and n items by the classic formula's exact scan.
    KScan,
    /// The best k at m bits and n items by the true rate (a real filter's).
    KTrue,
    /// The true rate at the true best k.
    TrueBest,
    /// The true rate at the classic scan's best k.
    TrueAtKscan,
    /// Where the fill curve's probe stands (n).
    ProbeN,
    /// Where the k curve's probe stands (k).
    ProbeK,
    /// Where the bits curve's probe stands (bits per item).
    ProbeBits,
    /// The floor log2(1/p) at the line-up's target rate (exact formula).
    Floor,
    /// The classic Bloom filter's factor over the floor at the best real
    /// k, 1 / ln 2 (exact formula).
    BloomFactor,
    /// Keys in the line-up.
    LineupN,
    /// The line-up's target rate.
    LineupP,
    /// Never-inserted keys the line-up queries.
    LineupQueries,
    /// A structure's bits per key as allocated, measured by the line-up.
    BitsPerKey,
    /// A structure's bits per key over the floor, from the line-up.
    XFloor,
    /// A structure's measured false-positive rate, from the line-up.
    Fp,
    /// A structure's rate by its formula at its shape, from the line-up.
    FpModel,
    /// The floor at a structure's measured rate, log2(1/rate) bits per key.
    RateFloor,
    /// A structure's bits per key over the floor at its measured rate.
    XRateFloor,
}

/// The functions that name a line-up structure first, like `{fp(cuckoo)}`.
pub const STRUCTURE_FUNCS: &[Func] = &[
    Func::BitsPerKey,
    Func::XFloor,
    Func::Fp,
    Func::FpModel,
    Func::RateFloor,
    Func::XRateFloor,
];

/// Name, allowed arguments and default significant digits of each function.
const FUNCS: &[(&str, Func, &[&str], usize)] = &[
    ("m", Func::M, &[], 0),
    ("k", Func::K, &[], 0),
    ("set", Func::Set, &[], 0),
    ("fill_row", Func::FillRow, &["digits"], 2),
    ("miss", Func::Miss, &["m", "digits"], 3),
    ("p0", Func::P0, &["n", "m", "k", "digits"], 2),
    ("p0e", Func::P0e, &["n", "m", "k", "digits"], 2),
    ("fill", Func::Fill, &["n", "m", "k", "digits"], 2),
    ("eps", Func::Eps, &["n", "m", "k", "bits", "digits"], 2),
    ("kopt", Func::Kopt, &["bits", "digits"], 3),
    ("epsopt", Func::EpsOpt, &["bits", "digits"], 2),
    ("base", Func::Base, &["digits"], 4),
    ("exact_gb", Func::ExactGb, &["n", "digits"], 3),
    ("bloom_gb", Func::BloomGb, &["n", "bits", "digits"], 3),
    ("ratio", Func::Ratio, &["bits", "digits"], 2),
    ("crossing", Func::Crossing, &["digits"], 3),
    ("ram_gb", Func::RamGb, &[], 0),
    ("exact_bytes", Func::ExactBytes, &[], 0),
    ("bloom_bits", Func::BloomBits, &[], 0),
    ("missed", Func::Missed, &["k", "bits", "digits"], 2),
    ("urls", Func::Urls, &[], 0),
    ("pos", Func::Pos, &["i"], 0),
    ("bytes", Func::Bytes, &["bits", "digits"], 2),
    ("one_in", Func::OneIn, &["n", "m", "k", "bits", "digits"], 0),
    ("kbest", Func::Kbest, &["bits"], 0),
    ("k_curve_bits", Func::KCurveBits, &[], 0),
    ("k_max", Func::KMax, &[], 0),
    ("fill_n_max", Func::FillNMax, &[], 0),
    ("bits_min", Func::BitsMin, &[], 0),
    ("bits_max", Func::BitsMax, &[], 0),
    ("counter_bits", Func::CounterBits, &[], 0),
    ("kscan", Func::KScan, &["n", "m"], 0),
    ("ktrue", Func::KTrue, &["n", "m"], 0),
    ("true_best", Func::TrueBest, &["n", "m", "digits"], 3),
    ("true_at_kscan", Func::TrueAtKscan, &["n", "m", "digits"], 3),
    ("probe_n", Func::ProbeN, &[], 0),
    ("probe_k", Func::ProbeK, &[], 0),
    ("probe_bits", Func::ProbeBits, &[], 0),
    ("floor", Func::Floor, &["digits"], 3),
    ("bloom_factor", Func::BloomFactor, &["digits"], 3),
    ("lineup_n", Func::LineupN, &[], 0),
    ("lineup_p", Func::LineupP, &["digits"], 2),
    ("lineup_queries", Func::LineupQueries, &[], 0),
    ("bits_per_key", Func::BitsPerKey, &["digits"], 3),
    ("x_floor", Func::XFloor, &["digits"], 3),
    ("fp", Func::Fp, &["digits"], 2),
    ("fp_model", Func::FpModel, &["digits"], 2),
    ("rate_floor", Func::RateFloor, &["digits"], 3),
    ("x_rate_floor", Func::XRateFloor, &["digits"], 3),
];

/// A numeric argument: a number written in the script, or a word naming a
/// number the script already holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Arg {
    /// A number written out.
    Num(f64),
    /// Where the matching curve's probe stands: n on the fill curve, k on
    /// the k curve, bits per item on the bits curve.
    Probe,
    /// The memory argument's bits per item (`bloom_bits`), for `bits`.
    Bloom,
    /// The best real k, k* = (m/n) ln 2, for `k`: at the call's own m and n
    /// for row figures, at its bits per item for per-item ones.
    Kopt,
}

/// Arguments of a placeholder; absent ones take the script's values.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Args {
    /// Items inserted (or the population for memory figures).
    pub n: Option<Arg>,
    /// Cells.
    pub m: Option<Arg>,
    /// Hash functions.
    pub k: Option<Arg>,
    /// Bits per item.
    pub bits: Option<Arg>,
    /// Significant digits to print.
    pub digits: Option<usize>,
    /// Which of an item's positions (from 1), for `pos`.
    pub index: Option<usize>,
}

/// One placeholder: what to compute and how to print it.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    /// The figure.
    pub func: Func,
    /// Its arguments.
    pub args: Args,
    /// The item a `pos` placeholder names (index into the script's items).
    pub item: Option<usize>,
    /// The line-up structure a figure like `{fp(cuckoo)}` names.
    pub structure: Option<Structure>,
    /// Character offset of the placeholder's name within its text, where a
    /// problem found later (a figure with no finite value) is reported.
    pub at: usize,
}

/// A piece of a template.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    /// Literal text.
    Text(String),
    /// A computed number.
    Value(Call),
}

/// A line of text with placeholders, checked at load time.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Template {
    /// The pieces in order.
    pub parts: Vec<Part>,
}

/// Largest position index accepted when the script's k is not known.
const MAX_POSITIONS: usize = 64;

/// Longest number of significant digits a placeholder may ask for.
const MAX_DIGITS: usize = 12;

impl Template {
    /// Parses `text` for a script without items; on failure returns the
    /// 0-based character offset of the problem within `text` and a message.
    pub fn parse(text: &str) -> Result<Template, (usize, String)> {
        Template::parse_with(text, &[], MAX_POSITIONS)
    }

    /// Parses `text`, resolving item names (for `pos`) against `items`, whose
    /// positions number `k`.
    pub fn parse_with(text: &str, items: &[String], k: usize) -> Result<Template, (usize, String)> {
        let chars: Vec<char> = text.chars().collect();
        let mut parts = Vec::new();
        let mut literal = String::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c == '}' {
                if chars.get(i + 1) == Some(&'}') {
                    literal.push('}');
                    i += 2;
                    continue;
                }
                return Err((i, "a lone '}' (write '}}' for a literal brace)".into()));
            }
            if c != '{' {
                literal.push(c);
                i += 1;
                continue;
            }
            if chars.get(i + 1) == Some(&'{') {
                literal.push('{');
                i += 2;
                continue;
            }
            let Some(close) = chars[i..].iter().position(|&c| c == '}').map(|p| p + i) else {
                return Err((i, "a placeholder '{' is never closed with '}'".into()));
            };
            let inner: String = chars[i + 1..close].iter().collect();
            let mut call = parse_call(&inner, items, k).map_err(|(off, msg)| (i + 1 + off, msg))?;
            call.at += i + 1;
            if !literal.is_empty() {
                parts.push(Part::Text(std::mem::take(&mut literal)));
            }
            parts.push(Part::Value(call));
            i = close + 1;
        }
        if !literal.is_empty() {
            parts.push(Part::Text(literal));
        }
        Ok(Template { parts })
    }

    /// The placeholders, in order.
    pub fn calls(&self) -> impl Iterator<Item = &Call> {
        self.parts.iter().filter_map(|p| match p {
            Part::Value(call) => Some(call),
            Part::Text(_) => None,
        })
    }
}

fn parse_call(inner: &str, items: &[String], k: usize) -> Result<Call, (usize, String)> {
    let lead = inner.len() - inner.trim_start().len();
    let body = inner.trim();
    let (name, rest, rest_at) = match body.find('(') {
        Some(open) => {
            if !body.ends_with(')') {
                return Err((
                    lead + body.len(),
                    "expected ')' to end the arguments".into(),
                ));
            }
            (
                body[..open].trim_end(),
                &body[open + 1..body.len() - 1],
                lead + open + 1,
            )
        }
        None => (body, "", 0),
    };
    let Some(&(_, func, allowed, _)) = FUNCS.iter().find(|(n, ..)| *n == name) else {
        let names: Vec<&str> = FUNCS.iter().map(|(n, ..)| *n).collect();
        return Err((
            lead,
            format!("unknown placeholder '{name}' (known: {})", names.join(", ")),
        ));
    };
    let mut args = Args::default();
    let mut item = None;
    let mut structure = None;
    let mut offset = rest_at;
    for (number, piece) in rest.split(',').enumerate() {
        let piece_at = offset + (piece.chars().count() - piece.trim_start().chars().count());
        offset += piece.chars().count() + 1;
        let piece = piece.trim();
        if func == Func::Pos && number == 0 {
            let found = items.iter().position(|i| i == piece);
            if found.is_none() {
                let known = if items.is_empty() {
                    "none are declared".to_string()
                } else {
                    format!("declared: {}", items.join(", "))
                };
                return Err((
                    piece_at,
                    format!("'pos' needs a declared item, found '{piece}' ({known})"),
                ));
            }
            item = found;
            continue;
        }
        if STRUCTURE_FUNCS.contains(&func) && number == 0 {
            structure = Structure::ALL.into_iter().find(|s| s.name() == piece);
            if structure.is_none() {
                let names: Vec<&str> = Structure::ALL.iter().map(|s| s.name()).collect();
                return Err((
                    piece_at,
                    format!(
                        "'{name}' needs a structure, found '{piece}' (one of {})",
                        names.join(", ")
                    ),
                ));
            }
            continue;
        }
        if piece.is_empty() {
            if rest.trim().is_empty() {
                break;
            }
            return Err((piece_at, "an empty argument".into()));
        }
        let Some((key, value)) = piece.split_once('=') else {
            return Err((piece_at, format!("expected name=value, found '{piece}'")));
        };
        let key = key.trim();
        if !allowed.contains(&key) {
            let hint = if allowed.is_empty() {
                "it takes no arguments".to_string()
            } else {
                format!("it takes {}", allowed.join(", "))
            };
            return Err((
                piece_at,
                format!("'{name}' has no argument '{key}' ({hint})"),
            ));
        }
        let value_at = piece_at + piece.find('=').map_or(0, |p| p + 1);
        let value = value.trim();
        let word = match (key, value) {
            ("n" | "k" | "bits", "probe") => Some(Arg::Probe),
            ("bits", "bloom") => Some(Arg::Bloom),
            ("k", "kopt") => Some(Arg::Kopt),
            _ => None,
        };
        if let Some(word) = word {
            let slot = match key {
                "n" => &mut args.n,
                "k" => &mut args.k,
                _ => &mut args.bits,
            };
            *slot = Some(word);
            continue;
        }
        let number: f64 = value
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite() && *v >= 0.0 && *v <= 1e15)
            .ok_or_else(|| {
                let words = match key {
                    "n" | "k" => " or 'probe'",
                    "bits" => ", 'probe' or 'bloom'",
                    _ => "",
                };
                (
                    value_at,
                    format!("'{key}' must be a number from 0 to 1e15{words}, found '{value}'"),
                )
            })?;
        match key {
            "n" => args.n = Some(Arg::Num(number)),
            "m" => {
                if number < 1.0 {
                    return Err((value_at, format!("'m' must be at least 1, found '{value}'")));
                }
                args.m = Some(Arg::Num(number));
            }
            "k" => {
                if !(1.0..=64.0).contains(&number) {
                    return Err((
                        value_at,
                        format!("'k' must be from 1 to 64, found '{value}'"),
                    ));
                }
                args.k = Some(Arg::Num(number));
            }
            "i" => {
                if number.fract() != 0.0 || number < 1.0 || number > k as f64 {
                    return Err((
                        value_at,
                        format!("'i' must be a whole number from 1 to k = {k}, found '{value}'"),
                    ));
                }
                args.index = Some(number as usize);
            }
            "bits" => {
                if !(0.1..=1000.0).contains(&number) {
                    return Err((
                        value_at,
                        format!("'bits' must be from 0.1 to 1000, found '{value}'"),
                    ));
                }
                args.bits = Some(Arg::Num(number));
            }
            _ => {
                if number.fract() != 0.0 || !(1.0..=MAX_DIGITS as f64).contains(&number) {
                    return Err((
                        value_at,
                        format!(
                            "'digits' must be a whole number from 1 to {MAX_DIGITS}, found '{value}'"
                        ),
                    ));
                }
                args.digits = Some(number as usize);
            }
        }
    }
    if matches!(func, Func::P0 | Func::P0e | Func::Fill) && args.n.is_none() {
        return Err((lead, format!("'{name}' needs n, e.g. {{{name}(n=3)}}")));
    }
    if func == Func::Pos && item.is_none() {
        return Err((
            lead,
            "'pos' needs an item, e.g. {pos(x)} or {pos(x, i=2)}".into(),
        ));
    }
    if STRUCTURE_FUNCS.contains(&func) && structure.is_none() {
        return Err((
            lead,
            format!("'{name}' needs a structure, e.g. {{{name}(cuckoo)}}"),
        ));
    }
    Ok(Call {
        func,
        args,
        item,
        structure,
        at: lead,
    })
}

/// The default significant digits of a function.
pub fn default_digits(func: Func) -> usize {
    FUNCS
        .iter()
        .find(|(_, f, ..)| *f == func)
        .map_or(2, |(.., d)| *d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_and_placeholders_split() {
        let t = Template::parse("fill {fill(n=3)} of {m} {{x}}").unwrap();
        assert_eq!(t.parts.len(), 5);
        assert_eq!(t.parts[4], Part::Text(" {x}".into()));
    }

    #[test]
    fn unknown_placeholder_is_located() {
        let (at, msg) = Template::parse("ab {nope(n=1)}").unwrap_err();
        assert_eq!(at, 4);
        assert!(msg.contains("unknown placeholder 'nope'"));
    }

    #[test]
    fn bad_argument_is_located() {
        let (at, msg) = Template::parse("{fill(n=3, q=2)}").unwrap_err();
        assert_eq!(at, 11);
        assert!(msg.contains("no argument 'q'"));
        let (at, _) = Template::parse("{fill(n=abc)}").unwrap_err();
        assert_eq!(at, 8);
    }

    #[test]
    fn positions_name_a_declared_item() {
        let items = vec!["x".to_string()];
        let t = Template::parse_with("{pos(x)} and {pos(x, i=2)}", &items, 3).unwrap();
        assert_eq!(t.parts.len(), 3);
        let (at, msg) = Template::parse_with("{pos(q)}", &items, 3).unwrap_err();
        assert_eq!(at, 5);
        assert!(msg.contains("found 'q'"));
        let (at, msg) = Template::parse_with("{pos(x, i=4)}", &items, 3).unwrap_err();
        assert_eq!(at, 10);
        assert!(msg.contains("from 1 to k = 3"));
    }

    #[test]
    fn unclosed_brace_is_an_error() {
        assert!(Template::parse("see {fill(n=3)").is_err());
        assert!(Template::parse("a } b").is_err());
    }
}
