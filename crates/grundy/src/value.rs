//! The value of a position: a finite nimber, or (in a loopy game) ∞ with its escape set K, the
//! finite values among the position's followers (\[Smith1966\], \[FraenkelYesha1986\] in
//! `docs/sources.md`).
//!
//! Sums follow the generalized Sprague–Grundy rules: finite ⊕ finite is finite; ∞(K) + b is
//! ∞(K ⊕ b); ∞ + ∞ is a draw, written ∞(∅) since no escape to 0 exists in any further sum.

use crate::nimber::Nimber;
use crate::outcome::Outcome;
use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::fmt;

/// The value of a position under normal play: a nimber, or in a loopy game ∞(K).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// A finite nimber: the position is equivalent to a Nim heap of that size.
    Finite(Nimber),
    /// ∞(K): `escapes` is K, sorted and without repeats.
    Infinite {
        /// The finite values among the position's followers, sorted and without repeats.
        escapes: Vec<Nimber>,
    },
}

/// What a move does for the player who makes it ([`Value::move_kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// To a P-position: the mover wins with perfect play.
    Winning,
    /// From a draw to a draw: the mover keeps the draw.
    KeepsDraw,
    /// Any other move.
    Other,
}

impl MoveKind {
    /// `"win"`, `"draw"` or `""`.
    pub fn code(self) -> &'static str {
        match self {
            MoveKind::Winning => "win",
            MoveKind::KeepsDraw => "draw",
            MoveKind::Other => "",
        }
    }
}

impl Value {
    /// Who wins: P for 0, N for another nimber; for ∞(K), N when 0 ∈ K (move to a P-position)
    /// and a draw otherwise.
    pub fn outcome(&self) -> Outcome {
        match self {
            Value::Finite(v) if v.is_zero() => Outcome::P,
            Value::Finite(_) => Outcome::N,
            Value::Infinite { escapes } if escapes.contains(&Nimber::ZERO) => Outcome::N,
            Value::Infinite { .. } => Outcome::Draw,
        }
    }

    /// Whether a move from a position of this value to one of value `to` wins (it leads to a
    /// P-position, value 0), keeps a draw (both are draws), or neither: the one rule behind
    /// every front end's winning and drawing moves ([`crate::report::winning_moves`] lists the
    /// first kind, [`crate::report::drawing_moves`] the second).
    pub fn move_kind(&self, to: &Value) -> MoveKind {
        if *to == Value::Finite(Nimber::ZERO) {
            MoveKind::Winning
        } else if self.outcome() == Outcome::Draw && to.outcome() == Outcome::Draw {
            MoveKind::KeepsDraw
        } else {
            MoveKind::Other
        }
    }

    /// The nimber, or `None` for an infinite value.
    pub fn finite(&self) -> Option<Nimber> {
        match self {
            Value::Finite(v) => Some(*v),
            Value::Infinite { .. } => None,
        }
    }

    /// The value of the disjunctive sum of two positions with these values.
    pub fn add(&self, other: &Value) -> Value {
        match (self, other) {
            (Value::Finite(a), Value::Finite(b)) => Value::Finite(*a ^ *b),
            (Value::Infinite { escapes }, Value::Finite(b)) | (Value::Finite(b), Value::Infinite { escapes }) => {
                let mut k: Vec<Nimber> = escapes.iter().map(|e| *e ^ *b).collect();
                k.sort();
                k.dedup();
                Value::Infinite { escapes: k }
            }
            (Value::Infinite { .. }, Value::Infinite { .. }) => Value::Infinite { escapes: vec![] },
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Finite(v) => write!(f, "{v}"),
            Value::Infinite { escapes } if escapes.is_empty() => write!(f, "∞(∅)"),
            Value::Infinite { escapes } => {
                let k: Vec<String> = escapes.iter().map(|e| e.to_string()).collect();
                write!(f, "∞({})", k.join(","))
            }
        }
    }
}

/// A finite value serializes as a number, an infinite one as `{"infinite": true, "escapes": [..]}`.
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            Value::Finite(v) => v.serialize(s),
            Value::Infinite { escapes } => {
                let mut st = s.serialize_struct("Infinite", 2)?;
                st.serialize_field("infinite", &true)?;
                st.serialize_field("escapes", escapes)?;
                st.end()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopy_sums_and_outcomes() {
        let inf = Value::Infinite {
            escapes: vec![Nimber(0), Nimber(2)],
        };
        assert_eq!(inf.outcome(), Outcome::N);
        let shifted = inf.add(&Value::Finite(Nimber(2)));
        assert_eq!(
            shifted,
            Value::Infinite {
                escapes: vec![Nimber(0), Nimber(2)]
            }
        );
        let moved = inf.add(&Value::Finite(Nimber(1)));
        assert_eq!(moved.outcome(), Outcome::Draw);
        assert_eq!(inf.add(&inf).outcome(), Outcome::Draw);
        assert_eq!(Value::Finite(Nimber(0)).outcome(), Outcome::P);
        assert_eq!(
            serde_json::to_string(&moved).unwrap(),
            r#"{"infinite":true,"escapes":[1,3]}"#
        );
    }
}
