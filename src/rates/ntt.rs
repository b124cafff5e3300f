//! Multiplication of very large integers by number-theoretic transforms,
//! for the full fractions at millions of digits, where num-bigint's best
//! (Toom-3, about `n^1.465`) falls far behind an `n log n` method.
//!
//! The 64-bit limbs of both factors are the coefficients of two
//! polynomials; their product's coefficients are sums of at most `L` limb
//! products, so below `L * 2^128`. Each is computed modulo three primes
//! `c * 2^32 + 1` just under `2^63` by a transform of length `L <= 2^32`
//! (cyclic convolution mod p), and recovered exactly by the Chinese
//! remainder theorem, since the primes' product (about `2^189`) exceeds
//! `2^160 >= L * 2^128`. Carrying the coefficients into limbs gives the
//! product. Arithmetic mod p is Montgomery multiplication with `R = 2^64`
//! (every intermediate fits a `u128` because `p < 2^63`). The result is
//! exact, not approximate, and is checked against num-bigint in the tests.

use num_bigint::BigUint;

use super::cores::both;

/// The three primes, `c * 2^32 + 1`, with a primitive root of each (checked
/// in the tests).
const PRIMES: [(u64, u64); 3] = [
    (9_223_372_006_790_004_737, 3),
    (9_223_371_938_070_528_001, 19),
    (9_223_371_877_940_985_857, 5),
];

/// From this many limbs in the shorter factor on, the transforms beat
/// num-bigint (measured: even at 2,000 limbs, 1.8 times at 18,000, 4.5
/// times at 55,000).
pub const NTT_LIMBS: usize = 2048;

/// Arithmetic modulo one prime in Montgomery form.
#[derive(Clone, Copy)]
struct Mont {
    p: u64,
    /// `-p^-1 mod 2^64`.
    neg_inv: u64,
    /// `R^2 mod p`.
    r2: u64,
}

impl Mont {
    fn new(p: u64) -> Mont {
        // Newton's iteration doubles the correct low bits of p^-1 each time.
        let mut inv: u64 = 1;
        for _ in 0..6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(p.wrapping_mul(inv)));
        }
        let r = (1u128 << 64) % u128::from(p);
        Mont {
            p,
            neg_inv: inv.wrapping_neg(),
            r2: ((r * r) % u128::from(p)) as u64,
        }
    }

    /// `a * b * R^-1 mod p`, for `a, b < p`.
    #[inline]
    fn mul(&self, a: u64, b: u64) -> u64 {
        let t = u128::from(a) * u128::from(b);
        let m = (t as u64).wrapping_mul(self.neg_inv);
        let u = ((t + u128::from(m) * u128::from(self.p)) >> 64) as u64;
        reduce_once(u, self.p)
    }

    #[inline]
    fn add(&self, a: u64, b: u64) -> u64 {
        reduce_once(a + b, self.p)
    }

    #[inline]
    fn sub(&self, a: u64, b: u64) -> u64 {
        let (d, borrow) = a.overflowing_sub(b);
        d.wrapping_add(self.p & u64::from(borrow).wrapping_neg())
    }

    /// `x` in Montgomery form, `x R mod p`.
    fn montgomery(&self, x: u64) -> u64 {
        self.mul(x % self.p, self.r2)
    }

    /// `base^e` for `base` in Montgomery form, in Montgomery form.
    fn pow(&self, base: u64, mut e: u64) -> u64 {
        let mut acc = self.montgomery(1);
        let mut b = base;
        while e > 0 {
            if e & 1 == 1 {
                acc = self.mul(acc, b);
            }
            b = self.mul(b, b);
            e >>= 1;
        }
        acc
    }
}

/// `a * b` by transforms (see the module notes); any sizes, though only
/// worth it for factors of [`NTT_LIMBS`] limbs or more. The three primes
/// run on two threads when `parallel`.
pub fn mul(a: &BigUint, b: &BigUint, parallel: bool) -> BigUint {
    let x = a.to_u64_digits();
    let y = b.to_u64_digits();
    if x.is_empty() || y.is_empty() {
        return BigUint::default();
    }
    let len = (x.len() + y.len()).next_power_of_two();
    let square = a == b;
    let residue = |i: usize| convolve(&x, &y, len, PRIMES[i], square);
    let ((r0, r1), r2) = both(parallel, || (residue(0), residue(1)), || residue(2));
    from_residues(&r0, &r1, &r2, x.len() + y.len())
}

/// The cyclic convolution of the limb sequences modulo one prime: forward
/// transforms by decimation in frequency (outputs in bit-reversed order),
/// the pointwise product, and the inverse by decimation in time (inputs in
/// bit-reversed order), so no permutation pass is needed.
fn convolve(x: &[u64], y: &[u64], len: usize, (p, g): (u64, u64), square: bool) -> Vec<u64> {
    let f = Mont::new(p);
    let load = |v: &[u64]| {
        let mut out = vec![0u64; len];
        for (o, &limb) in out.iter_mut().zip(v) {
            *o = limb % p;
        }
        out
    };
    let root = f.pow(f.montgomery(g), (p - 1) / len as u64);
    let inverse_root = f.pow(root, len as u64 - 1);
    let mut a = load(x);
    let forward = level_twiddles(&f, root, len);
    dif(&f, &mut a, &forward);
    if square {
        for v in a.iter_mut() {
            *v = f.mul(*v, *v);
        }
    } else {
        let mut b = load(y);
        dif(&f, &mut b, &forward);
        for (u, v) in a.iter_mut().zip(&b) {
            *u = f.mul(*u, *v);
        }
    }
    drop(forward);
    dit(&f, &mut a, &level_twiddles(&f, inverse_root, len));
    // Undo the pointwise R^-1 and the factor len: multiply by len^-1 R^2
    // (len_inv is len^-1 R, in Montgomery form).
    let len_inv = f.pow(f.montgomery(len as u64), p - 2);
    let scale = f.mul(len_inv, f.r2);
    for v in a.iter_mut() {
        *v = f.mul(*v, scale);
    }
    a
}

/// `x mod p` for `x < 2p`, without a branch (random residues would make a
/// branch mispredict half the time): when `x < p` the wrapped difference
/// is huge and the minimum keeps `x`.
#[inline]
fn reduce_once(x: u64, p: u64) -> u64 {
    x.min(x.wrapping_sub(p))
}

/// A twiddle factor `w` (plain, below p) with Shoup's companion
/// `floor(w 2^64 / p)`, so that `x w mod p` takes one high and two low
/// multiplications ([`shoup`]).
#[derive(Clone, Copy, Default)]
struct Twiddle {
    w: u64,
    quotient: u64,
}

/// `x w mod p` for `x < 2^64`: the estimate `floor(x w' / 2^64)` of
/// `floor(x w / p)` is short by at most one, so the remainder below needs
/// at most one correction.
#[inline]
fn shoup(x: u64, t: Twiddle, p: u64) -> u64 {
    let q = ((u128::from(x) * u128::from(t.quotient)) >> 64) as u64;
    let r = x.wrapping_mul(t.w).wrapping_sub(q.wrapping_mul(p));
    reduce_once(r, p)
}

/// The twiddles of every level, one level after the other: for each
/// half-size `h = 1, 2, 4, ..., len/2`, the entries `h..2h` hold `w_h^j`
/// for `j < h`, with `w_h` (from `root`, of order `len`, in Montgomery
/// form) of order `2h`.
fn level_twiddles(f: &Mont, root: u64, len: usize) -> Vec<Twiddle> {
    let mut table = vec![Twiddle::default(); len.max(2)];
    let mut h = len / 2;
    let mut w = root;
    while h >= 1 {
        let mut acc = f.montgomery(1);
        for slot in &mut table[h..2 * h] {
            let plain = f.mul(acc, 1);
            let quotient = ((u128::from(plain) << 64) / u128::from(f.p)) as u64;
            *slot = Twiddle { w: plain, quotient };
            acc = f.mul(acc, w);
        }
        w = f.mul(w, w);
        h /= 2;
    }
    table
}

/// Forward transform by decimation in frequency; output in bit-reversed
/// order.
fn dif(f: &Mont, a: &mut [u64], twiddles: &[Twiddle]) {
    let mut half = a.len() / 2;
    while half >= 1 {
        let tw = &twiddles[half..2 * half];
        for block in a.chunks_exact_mut(2 * half) {
            let (lo, hi) = block.split_at_mut(half);
            for ((u, v), &w) in lo.iter_mut().zip(hi.iter_mut()).zip(tw) {
                let (x, y) = (*u, *v);
                *u = f.add(x, y);
                *v = shoup(f.sub(x, y), w, f.p);
            }
        }
        half /= 2;
    }
}

/// Inverse transform by decimation in time (input in bit-reversed order,
/// twiddles of the inverse root); the result is `len` times the values.
fn dit(f: &Mont, a: &mut [u64], twiddles: &[Twiddle]) {
    let mut half = 1;
    while half < a.len() {
        let tw = &twiddles[half..2 * half];
        for block in a.chunks_exact_mut(2 * half) {
            let (lo, hi) = block.split_at_mut(half);
            for ((u, v), &w) in lo.iter_mut().zip(hi.iter_mut()).zip(tw) {
                let t = shoup(*v, w, f.p);
                let x = *u;
                *u = f.add(x, t);
                *v = f.sub(x, t);
            }
        }
        half *= 2;
    }
}

/// The product's limbs from its coefficients modulo the three primes
/// (Garner's form of the Chinese remainder theorem), carried into `limbs`
/// 64-bit limbs.
fn from_residues(r0: &[u64], r1: &[u64], r2: &[u64], limbs: usize) -> BigUint {
    let [(p0, _), (p1, _), (p2, _)] = PRIMES;
    let (f1, f2) = (Mont::new(p1), Mont::new(p2));
    // Inverses in Montgomery form, so one Montgomery product applies them.
    let inv01 = f1.montgomery(f1.mul(f1.pow(f1.montgomery(p0), p1 - 2), 1));
    let inv012 = {
        let p01 = f2.mul(f2.montgomery(p0), f2.montgomery(p1));
        f2.montgomery(f2.mul(f2.pow(p01, p2 - 2), 1))
    };
    let p0_mod2 = f2.montgomery(p0);
    let p01 = u128::from(p0) * u128::from(p1);
    let (p01_lo, p01_hi) = (p01 as u64, (p01 >> 64) as u64);
    let mut out = Vec::with_capacity(limbs + 3);
    let mut carry = [0u64; 3];
    for i in 0..limbs.min(r0.len()) {
        let v0 = r0[i];
        let v1 = f1.mul(f1.sub(r1[i], v0 % p1), inv01);
        let partial = f2.add(v0 % p2, f2.mul(v1, p0_mod2));
        let v2 = f2.mul(f2.sub(r2[i], partial), inv012);
        // x = v0 + v1 p0 + v2 p0 p1, below 2^189: three limbs.
        let low = u128::from(v0) + u128::from(v1) * u128::from(p0);
        let top_lo = u128::from(v2) * u128::from(p01_lo);
        let top_hi = u128::from(v2) * u128::from(p01_hi);
        let x = add3(
            [low as u64, (low >> 64) as u64, 0],
            [top_lo as u64, (top_lo >> 64) as u64, 0],
        );
        let x = add3(x, [0, top_hi as u64, (top_hi >> 64) as u64]);
        let s = add3(x, carry);
        out.push(s[0]);
        carry = [s[1], s[2], 0];
    }
    out.extend_from_slice(&carry);
    let mut digits = Vec::with_capacity(out.len() * 2);
    for limb in out {
        digits.push(limb as u32);
        digits.push((limb >> 32) as u32);
    }
    BigUint::new(digits)
}

/// Adds two 192-bit numbers (limbs low first); the callers' sums stay
/// below `2^192`.
fn add3(a: [u64; 3], b: [u64; 3]) -> [u64; 3] {
    let (s0, c0) = a[0].overflowing_add(b[0]);
    let (s1, c1a) = a[1].overflowing_add(b[1]);
    let (s1, c1b) = s1.overflowing_add(u64::from(c0));
    let s2 = a[2]
        .wrapping_add(b[2])
        .wrapping_add(u64::from(c1a) + u64::from(c1b));
    [s0, s1, s2]
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::One;

    fn is_prime(n: u64) -> bool {
        let f = Mont::new(n);
        let d0 = n - 1;
        let s = d0.trailing_zeros();
        let d = d0 >> s;
        let one = f.montgomery(1);
        let minus_one = f.montgomery(n - 1);
        [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
            .iter()
            .all(|&a| {
                let mut x = f.pow(f.montgomery(a), d);
                if x == one || x == minus_one {
                    return true;
                }
                (1..s).any(|_| {
                    x = f.mul(x, x);
                    x == minus_one
                })
            })
    }

    #[test]
    fn the_primes_and_their_roots() {
        for (p, g) in PRIMES {
            assert!(p < 1 << 63 && (p - 1) % (1 << 32) == 0, "{p}");
            assert!(is_prime(p), "{p}");
            // g is a primitive root: g^((p-1)/q) != 1 for every prime q of p - 1.
            let f = Mont::new(p);
            let mut rest = (p - 1) >> (p - 1).trailing_zeros();
            let mut factors = vec![2u64];
            let mut q = 3;
            while q * q <= rest {
                if rest % q == 0 {
                    factors.push(q);
                    while rest % q == 0 {
                        rest /= q;
                    }
                }
                q += 2;
            }
            if rest > 1 {
                factors.push(rest);
            }
            let one = f.montgomery(1);
            for q in factors {
                assert_ne!(f.pow(f.montgomery(g), (p - 1) / q), one, "{p} {g} {q}");
            }
        }
    }

    #[test]
    fn products_match_num_bigint() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut number = |limbs: usize| {
            let digits: Vec<u32> = (0..2 * limbs)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state as u32
                })
                .collect();
            BigUint::new(digits)
        };
        for (la, lb) in [
            (1, 1),
            (3, 7),
            (100, 100),
            (1000, 3000),
            (4096, 4096),
            (5000, 17),
            (30_000, 45_000),
        ] {
            let a = number(la);
            let b = number(lb);
            assert_eq!(mul(&a, &b, false), &a * &b, "{la} x {lb}");
            assert_eq!(mul(&a, &a, true), &a * &a, "{la} squared");
        }
        // All-ones limbs give the largest coefficients a product can have.
        let ones = (BigUint::one() << (64 * 3000)) - 1u32;
        assert_eq!(mul(&ones, &ones, true), &ones * &ones);
        assert_eq!(mul(&ones, &BigUint::default(), false), BigUint::default());
    }
}
