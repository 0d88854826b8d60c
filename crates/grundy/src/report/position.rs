//! Reports on positions: `value`, `moves`, `sum`, `wtia` and `explain`.
//!
//! What: [`ValueReport`] (value, outcome, winning and drawing moves), [`MovesReport`] (every
//! option with its value), [`SumReport`] (each summand and the sum), [`WtiaReport`]
//! (winner-takes-all w-values) and [`ExplainReport`] (mex over the options, or the nim-sum of
//! the parts with the bit that decides the winning move), each with a builder that asks the
//! position.
//!
//! Why here: these answers are the same for every game (the position answers through
//! [`AnyPosition`]), so one builder per answer serves the command line and every other front
//! end; their moves all take the shape of [`MoveReport`].
//!
//! Cost: one solve of the position, plus one per option for [`MovesReport`] and
//! [`ExplainReport`] (and one per part of each option that splits, for the latter).

use super::{MoveReport, serialize_natural};
use crate::error::Result;
use crate::game::Convention;
use crate::nimber::Nimber;
use crate::outcome::Outcome;
use crate::position::{AnyPosition, Played, Sum};
use crate::settings::Settings;
use crate::solve::wtia::{self, W, WValues};
use crate::value::{MoveKind, Value};
use serde::{Serialize, Serializer};

/// The winning moves: those to value 0 (none from a P-position, none from a loopy ∞(K) without
/// 0 in K).
pub fn winning_moves(p: &dyn AnyPosition, value: &Value) -> Result<Vec<Played>> {
    match value {
        Value::Finite(v) if v.is_zero() => Ok(vec![]),
        Value::Infinite { escapes } if !escapes.contains(&Nimber::ZERO) => Ok(vec![]),
        _ => p.moves_to(Nimber::ZERO),
    }
}

/// In a draw (loopy games): the moves to positions that are still draws.
pub fn drawing_moves(p: &dyn AnyPosition, value: &Value) -> Result<Vec<Played>> {
    if value.outcome() != Outcome::Draw {
        return Ok(vec![]);
    }
    let mut out = Vec::new();
    for m in p.moves()? {
        if value.move_kind(&m.next.value()?) == MoveKind::KeepsDraw {
            out.push(m);
        }
    }
    Ok(out)
}

/// `value`: a position's value, outcome and every winning move (and, in a draw, the moves
/// that keep it). Without the moves ([`ValueReport::value_only`]) its JSON has no
/// `winning_moves` key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueReport {
    /// The game's name with its parameters, e.g. `subtraction --set 1,2,3`.
    pub game: String,
    /// The position in the game's notation.
    pub position: String,
    /// The value: a nimber, or ∞(K) in a loopy game (`{"infinite": true, "escapes": [...]}`).
    pub value: Value,
    /// P, N or D.
    pub outcome: Outcome,
    /// Normal or misère play: in JSON only under misère play (`"convention": "misere"`).
    pub convention: Convention,
    /// Every move to a position of value 0.
    pub winning_moves: Vec<MoveReport>,
    /// In a draw only: the moves to positions that are still draws.
    pub drawing_moves: Option<Vec<MoveReport>>,
    /// Whether the moves were asked for (false: [`ValueReport::value_only`], and
    /// `winning_moves` is empty because nobody looked, not because there are none).
    pub moves_listed: bool,
}

/// The JSON shape of [`ValueReport`] (docs/json.md).
#[derive(Serialize)]
struct ValueJson<'a> {
    game: &'a str,
    position: &'a str,
    value: &'a Value,
    outcome: Outcome,
    #[serde(skip_serializing_if = "Convention::is_normal")]
    convention: Convention,
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_moves: Option<&'a [MoveReport]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    drawing_moves: Option<&'a [MoveReport]>,
}

impl Serialize for ValueReport {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        ValueJson {
            game: &self.game,
            position: &self.position,
            value: &self.value,
            outcome: self.outcome,
            convention: self.convention,
            winning_moves: self.moves_listed.then_some(&self.winning_moves[..]),
            drawing_moves: self.drawing_moves.as_deref(),
        }
        .serialize(s)
    }
}

/// `value --is K`: whether a position's value is the nimber `K` (the test "g = K?"), answered
/// without the value itself where the game's engine has a test of its own (Cram). JSON:
/// `{"game", "position", "is": K, "answer": true|false}` (`"convention": "misere"` under
/// misère play).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TestReport {
    /// The game's name with its parameters.
    pub game: String,
    /// The position in the game's notation.
    pub position: String,
    /// The nimber asked about.
    pub is: Nimber,
    /// Whether the position's value is `is`.
    pub answer: bool,
    /// Normal or misère play.
    #[serde(skip_serializing_if = "Convention::is_normal")]
    pub convention: Convention,
}

impl TestReport {
    /// Test whether `p` has the value `k` ([`AnyPosition::has_value`]).
    pub fn of(p: &dyn AnyPosition, k: Nimber) -> Result<TestReport> {
        let answer = p.has_value(k)?;
        Ok(TestReport {
            game: p.game(),
            position: p.text(),
            is: k,
            answer,
            convention: p.convention(),
        })
    }
}

impl ValueReport {
    /// Solve `p` and list its winning (and drawing) moves.
    pub fn of(p: &dyn AnyPosition) -> Result<ValueReport> {
        ValueReport::with(p, MoveReport::of)
    }

    /// Solve `p` without listing any move: the value and the outcome, as soon as they are
    /// known (`value --no-moves`). [`ValueReport::list_moves`] adds the moves later.
    pub fn value_only(p: &dyn AnyPosition) -> Result<ValueReport> {
        let value = p.value()?;
        Ok(ValueReport {
            game: p.game(),
            position: p.text(),
            outcome: value.outcome(),
            value,
            convention: p.convention(),
            winning_moves: Vec::new(),
            drawing_moves: None,
            moves_listed: false,
        })
    }

    /// Add the winning (and drawing) moves of `p` to a report of [`ValueReport::value_only`]
    /// (the engine reuses what the value's search proved).
    pub fn list_moves(&mut self, p: &dyn AnyPosition) -> Result<()> {
        let wins = winning_moves(p, &self.value)?;
        self.drawing_moves = if self.outcome == Outcome::Draw {
            Some(shaped(p, &drawing_moves(p, &self.value)?, MoveReport::of)?)
        } else {
            None
        };
        self.winning_moves = shaped(p, &wins, MoveReport::of)?;
        self.moves_listed = true;
        Ok(())
    }

    pub(crate) fn with(p: &dyn AnyPosition, shape: fn(&Played) -> MoveReport) -> Result<ValueReport> {
        let value = p.value()?;
        let wins = winning_moves(p, &value)?;
        let drawing_moves = if value.outcome() == Outcome::Draw {
            Some(shaped(p, &drawing_moves(p, &value)?, shape)?)
        } else {
            None
        };
        Ok(ValueReport {
            game: p.game(),
            position: p.text(),
            outcome: value.outcome(),
            value,
            convention: p.convention(),
            winning_moves: shaped(p, &wins, shape)?,
            drawing_moves,
            moves_listed: true,
        })
    }
}

/// Each of `moves` (of `p`) in the shape of a report; `p`'s control is asked between them, so
/// millions of moves (the winning moves of two prime-subtraction heaps of 10^8) can be stopped.
fn shaped(p: &dyn AnyPosition, moves: &[Played], shape: fn(&Played) -> MoveReport) -> Result<Vec<MoveReport>> {
    let control = p.control();
    let mut out = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        if i % 4096 == 4095
            && let Some(c) = &control
        {
            c.check()?;
        }
        out.push(shape(m));
    }
    Ok(out)
}

/// One move with the value it leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveValue {
    /// The move (the winning-move shape).
    #[serde(flatten)]
    pub played: MoveReport,
    /// The value of the position after the move.
    pub value: Value,
    /// Whether the move wins (leads to value 0).
    pub winning: bool,
}

/// `moves`: every move of a position with the value it leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovesReport {
    /// The game's name with its parameters.
    pub game: String,
    /// The position in the game's notation.
    pub position: String,
    /// The position's value.
    pub value: Value,
    /// P, N or D.
    pub outcome: Outcome,
    /// Normal or misère play: in JSON only under misère play (`"convention": "misere"`).
    #[serde(skip_serializing_if = "Convention::is_normal")]
    pub convention: Convention,
    /// Every move, in the game's order.
    pub moves: Vec<MoveValue>,
    /// The winning ones among them.
    pub winning_moves: Vec<MoveReport>,
}

impl MovesReport {
    /// Solve `p` and each of its options.
    pub fn of(p: &dyn AnyPosition) -> Result<MovesReport> {
        let value = p.value()?;
        let control = p.control();
        let mut moves = Vec::new();
        for (i, m) in p.moves()?.into_iter().enumerate() {
            // An option's value may be a lookup that never asks the token: ask it here, so a
            // listing of millions ends soon after a Ctrl-C.
            if i % 4096 == 4095
                && let Some(c) = &control
            {
                c.check()?;
            }
            let v = m.next.value()?;
            moves.push(MoveValue {
                played: MoveReport::of(&m),
                winning: v == Value::Finite(Nimber::ZERO),
                value: v,
            });
        }
        let winning_moves = moves.iter().filter(|m| m.winning).map(|m| m.played.clone()).collect();
        Ok(MovesReport {
            game: p.game(),
            position: p.text(),
            outcome: value.outcome(),
            value,
            convention: p.convention(),
            moves,
            winning_moves,
        })
    }
}

/// One summand of a sum: its game, position and value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ComponentReport {
    /// The game's name with its parameters.
    pub game: String,
    /// The position in the game's notation.
    pub position: String,
    /// Its value.
    pub value: Value,
}

impl ComponentReport {
    /// Solve one summand.
    pub fn of(p: &dyn AnyPosition) -> Result<ComponentReport> {
        Ok(ComponentReport {
            game: p.game(),
            position: p.text(),
            value: p.value()?,
        })
    }
}

/// `sum`: each component's value, and the sum's value, outcome and winning moves (each with
/// the component it is made in).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SumReport {
    /// The summands in the order given.
    pub components: Vec<ComponentReport>,
    /// The sum as one position.
    #[serde(flatten)]
    pub total: ValueReport,
}

impl SumReport {
    /// Solve each component and the sum.
    pub fn of(sum: &Sum) -> Result<SumReport> {
        Ok(SumReport {
            components: sum
                .components()
                .iter()
                .map(|c| ComponentReport::of(c.as_ref()))
                .collect::<Result<_>>()?,
            total: ValueReport::with(sum, MoveReport::of_sum)?,
        })
    }
}

fn serialize_w<S: Serializer>(w: &W, s: S) -> std::result::Result<S::Ok, S::Error> {
    match w {
        W::Natural(n) => serialize_natural(n, s),
        other => s.collect_str(other),
    }
}

/// One component of a winner-takes-all sum with its w-value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WComponent {
    /// The game's name with its parameters.
    pub game: String,
    /// The position in the game's notation.
    pub position: String,
    /// The w-value: `"SP"`, `"SC"` or a natural number.
    #[serde(serialize_with = "serialize_w")]
    pub w: W,
}

/// `wtia`: a winner-takes-all sum: each component's w-value, the outcome, the winning moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WtiaReport {
    /// The components in the order given.
    pub components: Vec<WComponent>,
    /// P or N.
    pub outcome: Outcome,
    /// Every winning move, with its component (1-based).
    pub winning_moves: Vec<MoveReport>,
}

impl WtiaReport {
    /// Value each part of a winner-takes-all sum (its w-value, within `limits`' state limit and
    /// control) and find the sum's outcome and every winning move.
    pub fn of(parts: &[Box<dyn AnyPosition>], limits: &Settings) -> Result<WtiaReport> {
        let mut values = WValues::new(limits.max_states).with_control(limits.control.clone());
        let ws: Vec<W> = parts.iter().map(|p| values.w(p.as_ref())).collect::<Result<_>>()?;
        Ok(WtiaReport {
            outcome: wtia::outcome(&ws),
            winning_moves: values
                .winning_moves(parts)?
                .iter()
                .map(|(i, m)| MoveReport {
                    component: Some(i + 1),
                    ..MoveReport::of(m)
                })
                .collect(),
            components: parts
                .iter()
                .zip(ws)
                .map(|(p, w)| WComponent {
                    game: p.game(),
                    position: p.text(),
                    w,
                })
                .collect(),
        })
    }
}

/// One option in an explanation: the move, the value it leads to, and, when the option splits
/// into independent parts, the parts' values (whose nim-sum is `value`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionReport {
    /// The move (the winning-move shape).
    #[serde(flatten)]
    pub played: MoveReport,
    /// The option's value.
    pub value: Value,
    /// The values of the option's independent parts, when it splits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<Vec<Value>>,
}

/// One component in the explanation of a position that splits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExplainComponent {
    /// The game's name with its parameters.
    pub game: String,
    /// The position in the game's notation.
    pub position: String,
    /// Its value.
    pub value: Value,
    /// When its value has a 1 at the leading bit of the nim-sum s: the value v ⊕ s a winning
    /// move takes it to, and its moves there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Nimber>,
    /// The component's moves to `target` (empty without a target).
    pub moves: Vec<MoveReport>,
}

/// `explain`: how a value is derived.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ExplainReport {
    /// g = mex C over the options (a position that does not split).
    Mex {
        /// The game's name with its parameters.
        game: String,
        /// The position in the game's notation.
        position: String,
        /// The position's value.
        value: Value,
        /// P, N or D.
        outcome: Outcome,
        /// Misère play (a terminal position has value 1).
        misere: bool,
        /// Every option with its value.
        options: Vec<OptionReport>,
        /// C: the finite values among the options, sorted, without repeats.
        set: Vec<Nimber>,
    },
    /// The nim-sum of the components' values (a position that splits).
    Sum {
        /// The game's name with its parameters.
        game: String,
        /// The position in the game's notation.
        position: String,
        /// The position's value.
        value: Value,
        /// P, N or D.
        outcome: Outcome,
        /// The components with their values.
        components: Vec<ExplainComponent>,
        /// The nim-sum s of the components' values (`None` when a component is loopy).
        nim_sum: Option<Nimber>,
        /// The position of the leading 1 bit of s (`None` when s is 0 or loopy).
        leading_bit: Option<u32>,
        /// The winning moves of the whole position.
        winning_moves: Vec<MoveReport>,
    },
    /// A game that explains itself in its own words (digraph vertices).
    Text {
        /// The game's name with its parameters.
        game: String,
        /// The position in the game's notation.
        position: String,
        /// The position's value.
        value: Value,
        /// P, N or D.
        outcome: Outcome,
        /// The explanation.
        text: String,
    },
}

impl ExplainReport {
    /// Explain `p`: by its own words if it has them, else as a nim-sum if it splits, else as
    /// mex over its options.
    pub fn of(p: &dyn AnyPosition) -> Result<ExplainReport> {
        if let Some(text) = p.explain() {
            let text = text?;
            let value = p.value()?;
            return Ok(ExplainReport::Text {
                game: p.game(),
                position: p.text(),
                outcome: value.outcome(),
                value,
                text,
            });
        }
        match p.split() {
            Some(parts) => explain_sum(p, &parts),
            None => explain_mex(p),
        }
    }
}

fn explain_mex(p: &dyn AnyPosition) -> Result<ExplainReport> {
    let value = p.value()?;
    let mut options = Vec::new();
    let mut set = Vec::new();
    for m in p.moves()? {
        let v = m.next.value()?;
        let parts = match m.next.split() {
            Some(parts) => Some(parts.iter().map(|c| c.value()).collect::<Result<Vec<_>>>()?),
            None => None,
        };
        if let Value::Finite(n) = v {
            set.push(n);
        }
        options.push(OptionReport {
            played: MoveReport::of(&m),
            value: v,
            parts,
        });
    }
    set.sort_unstable();
    set.dedup();
    Ok(ExplainReport::Mex {
        game: p.game(),
        position: p.text(),
        outcome: value.outcome(),
        value,
        misere: p.convention() == Convention::Misere,
        options,
        set,
    })
}

fn explain_sum(p: &dyn AnyPosition, parts: &[Box<dyn AnyPosition>]) -> Result<ExplainReport> {
    let value = p.value()?;
    let values: Vec<Value> = parts.iter().map(|c| c.value()).collect::<Result<_>>()?;
    let nim_sum: Option<Nimber> = values
        .iter()
        .map(Value::finite)
        .collect::<Option<Vec<Nimber>>>()
        .map(|f| f.iter().fold(Nimber::ZERO, |a, b| a ^ *b));
    let leading_bit = nim_sum.filter(|s| !s.is_zero()).map(|s| 63 - s.0.leading_zeros());
    let mut components = Vec::new();
    for (c, v) in parts.iter().zip(values) {
        let target = match (v.finite(), nim_sum, leading_bit) {
            (Some(v), Some(s), Some(bit)) if v.0 >> bit & 1 == 1 => Some(v ^ s),
            _ => None,
        };
        let moves = match target {
            Some(t) => c.moves_to(t)?.iter().map(MoveReport::of).collect(),
            None => vec![],
        };
        components.push(ExplainComponent {
            game: c.game(),
            position: c.text(),
            value: v,
            target,
            moves,
        });
    }
    let winning_moves = match nim_sum {
        Some(s) if !s.is_zero() => p.moves_to(Nimber::ZERO)?.iter().map(MoveReport::of_sum).collect(),
        _ => vec![],
    };
    Ok(ExplainReport::Sum {
        game: p.game(),
        position: p.text(),
        outcome: value.outcome(),
        value,
        components,
        nim_sum,
        leading_bit,
        winning_moves,
    })
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::games;
    use crate::settings::Settings;

    fn position(words: &str) -> Box<dyn AnyPosition> {
        games::build(&games::words(words), &Settings::default()).unwrap()
    }

    #[test]
    fn a_value_report_lists_bouton_s_move() {
        let r = ValueReport::of(position("nim 10 12 5").as_ref()).unwrap();
        assert_eq!(r.value, Value::Finite(Nimber(3)));
        assert_eq!(r.winning_moves.len(), 1);
        assert_eq!(r.winning_moves[0].position, "9 12 5");
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["winning_moves"][0]["component"], serde_json::Value::Null);
    }

    #[test]
    fn a_wtia_report_numbers_its_components_and_keeps_the_state_limit() {
        let parts = vec![position("levels 4,9,3"), position("levels 2,5")];
        let r = WtiaReport::of(&parts, &Settings::default()).unwrap();
        assert_eq!(r.components.len(), 2);
        assert_eq!(r.components[1].position, parts[1].text());
        assert_eq!(r.outcome == Outcome::N, !r.winning_moves.is_empty(), "{r:?}");
        assert!(
            r.winning_moves.iter().all(|m| matches!(m.component, Some(1 | 2))),
            "{r:?}"
        );
        let tight = Settings {
            max_states: 1,
            ..Settings::default()
        };
        assert!(matches!(
            WtiaReport::of(&parts, &tight),
            Err(crate::error::Error::StateLimit(_))
        ));
    }

    #[test]
    fn sum_moves_name_their_component() {
        let sum = Sum::new(vec![position("nim 3"), position("nim 1")]).unwrap();
        let r = SumReport::of(&sum).unwrap();
        assert!(!r.total.winning_moves.is_empty());
        assert!(r.total.winning_moves.iter().all(|m| m.component == Some(1)), "{r:?}");
    }

    #[test]
    fn explanations_by_mex_and_by_nim_sum() {
        let ExplainReport::Mex { set, value, .. } = ExplainReport::of(position("grundy-game 8").as_ref()).unwrap()
        else {
            panic!("grundy-game 8 does not split");
        };
        assert_eq!(set, vec![Nimber(0), Nimber(1), Nimber(3)]);
        assert_eq!(value, Value::Finite(Nimber(2)));
        let ExplainReport::Sum {
            nim_sum, leading_bit, ..
        } = ExplainReport::of(position("nim 3 4 5").as_ref()).unwrap()
        else {
            panic!("nim 3 4 5 splits");
        };
        assert_eq!((nim_sum, leading_bit), (Some(Nimber(2)), Some(1)));
    }
}
