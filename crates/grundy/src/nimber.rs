//! Nimbers (Grundy values), the minimum excludant `mex`, and the nim-sum.
//!
//! A nimber is a natural number; the nim-sum is bitwise xor (addition in base 2 without carry),
//! so it never overflows. `mex` of n values is computed in O(n) time with a bitset sized n + 1:
//! a value ≥ n cannot be the mex, so only values below n need a bit. [`MexScratch`] keeps the
//! bitset between calls so a solver allocates it once.
//!
//! Sources, by their names in `docs/sources.md`: \[Sprague1935\] and \[Grundy1939\] (mex and the
//! theorem), \[Bouton1901\] (the nim-sum), \[Infoarena\] (xor as addition without carry).

use serde::Serialize;
use std::fmt;
use std::ops::{BitXor, BitXorAssign};

/// A nimber: the Grundy value of a position of a finite impartial game.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Nimber(pub u64);

/// A JSON number up to 2^53, a decimal string above (see [`crate::report`]).
impl Serialize for Nimber {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_natural(&self.0, s)
    }
}

impl Nimber {
    /// The nimber 0: the value of every P-position.
    pub const ZERO: Nimber = Nimber(0);

    /// Whether this is 0, i.e. a position of this value is lost for the player to move.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The value as a string of binary digits, padded to `width` digits.
    pub fn binary(self, width: usize) -> String {
        format!("{:0width$b}", self.0, width = width)
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl From<u64> for Nimber {
    fn from(v: u64) -> Nimber {
        Nimber(v)
    }
}

/// The nim-sum (xor) of any number of nimbers; 0 for none.
pub fn nim_sum<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    values.into_iter().fold(Nimber::ZERO, |a, b| a ^ b)
}

/// The minimum excludant: the least natural number not among `values`.
///
/// `mex{0,1,3} = 2`, `mex{1,3,5} = 0`, `mex ∅ = 0`.
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let values: Vec<Nimber> = values.into_iter().collect();
    MexScratch::default().mex(&values)
}

/// A reusable bitset for computing many mexes without allocating each time.
#[derive(Default, Debug, Clone)]
pub struct MexScratch {
    words: Vec<u64>,
}

impl MexScratch {
    /// The mex of `values`, in O(len) time.
    pub fn mex(&mut self, values: &[Nimber]) -> Nimber {
        let limit = values.len() as u64; // the mex is at most len
        let needed = (values.len() >> 6) + 1;
        self.words.clear();
        self.words.resize(needed, 0);
        for v in values {
            if v.0 <= limit {
                self.words[(v.0 >> 6) as usize] |= 1 << (v.0 & 63);
            }
        }
        for (i, w) in self.words.iter().enumerate() {
            if *w != u64::MAX {
                return Nimber(((i as u64) << 6) + (!w).trailing_zeros() as u64);
            }
        }
        unreachable!("a set of n values always misses one of 0..=n")
    }
}

/// Largest integer written as a JSON number: 2^53 (every integer up to it is an IEEE double).
pub const JSON_EXACT: u64 = 1 << 53;

/// Serialise `n` by the 2^53 rule (for `#[serde(serialize_with)]`).
pub fn serialize_natural<S: serde::Serializer>(n: &u64, s: S) -> std::result::Result<S::Ok, S::Error> {
    if *n > JSON_EXACT {
        s.collect_str(n)
    } else {
        s.serialize_u64(*n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: &[u64]) -> Vec<Nimber> {
        v.iter().map(|&x| Nimber(x)).collect()
    }

    #[test]
    fn mex_examples_from_the_sources() {
        assert_eq!(mex(n(&[0, 1, 2, 3])), Nimber(4));
        assert_eq!(mex(n(&[1, 3, 5])), Nimber(0));
        assert_eq!(mex(n(&[])), Nimber(0));
        assert_eq!(mex(n(&[0, 1, 3])), Nimber(2));
        assert_eq!(mex(n(&[0, 1, 3, 4])), Nimber(2));
        assert_eq!(mex(n(&[1, 2, 5])), Nimber(0));
    }

    #[test]
    fn mex_of_large_and_repeated_sets() {
        let all: Vec<Nimber> = (0..1000).map(Nimber).collect();
        assert_eq!(mex(all.clone()), Nimber(1000));
        let mut holes = all.clone();
        holes.retain(|v| v.0 != 777);
        holes.extend(n(&[u64::MAX, 5, 5, 5]));
        assert_eq!(mex(holes), Nimber(777));
        assert_eq!(mex(n(&[64, 0, 1, 2])), Nimber(3));
    }

    #[test]
    fn nim_sum_examples() {
        assert_eq!(nim_sum(n(&[1, 7, 5])), Nimber(3));
        assert_eq!(nim_sum(n(&[10, 12, 5])), Nimber(3));
        assert_eq!(nim_sum(n(&[3, 4, 5])), Nimber(2));
        assert_eq!(nim_sum(n(&[11, 20, 25])), Nimber(6));
    }
}
