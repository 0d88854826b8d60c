//! Reports: the answer of each question the command line asks, as plain serde-serialisable
//! values.
//!
//! What: one type per kind of answer ([`ValueReport`] for a position's value and winning moves,
//! [`MovesReport`], [`SumReport`], [`WtiaReport`], [`ExplainReport`], [`SeqReport`],
//! [`TableReport`], the graph reports, [`ListReport`]), with builders that ask a position for everything the answer holds.
//! Every winning move, whatever the command, has one shape: [`MoveReport`] (`component`, `move`,
//! `position`).
//!
//! Why: the command line renders a report as text or serialises it as JSON from the same value,
//! and other front ends (a Python package, a web explorer) serialise the same types, so every
//! front end speaks the same JSON. docs/json.md documents it key by key.
//!
//! Numbers: JSON readers that store numbers as IEEE doubles (JavaScript, many others) read
//! integers above 2^53 inexactly, so a nimber, heap or count above 2^53 is written as a decimal
//! string ([`Natural`], and [`Nimber`]'s own serialisation); smaller ones are JSON numbers.
//!
//! Cost: a builder costs what its questions cost: one solve of the position, plus one per
//! option for [`MovesReport`] and [`ExplainReport`].

use crate::error::Result;
use crate::game::Convention;
use crate::nimber::Nimber;
use crate::outcome::Outcome;
use crate::position::{AnyPosition, Played, Sum};
use crate::solve::wtia::W;
use crate::value::Value;
use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

/// Largest integer written as a JSON number: 2^53 (every integer up to it is an IEEE double).
pub const JSON_EXACT: u64 = 1 << 53;

/// A natural number in JSON: a number up to 2^53, a decimal string above (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Natural(pub u64);

impl Serialize for Natural {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        serialize_natural(&self.0, s)
    }
}

/// Serialise `n` by the 2^53 rule (for `#[serde(serialize_with)]`).
pub fn serialize_natural<S: Serializer>(n: &u64, s: S) -> std::result::Result<S::Ok, S::Error> {
    if *n > JSON_EXACT {
        s.collect_str(n)
    } else {
        s.serialize_u64(*n)
    }
}

/// One move: the `component` it is made in (1-based, in a sum or winner-takes-all sum; `None`
/// for a single position), its label in the game's notation, and the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// The summand the move is made in (1-based), for `sum` and `wtia`; `None` otherwise.
    pub component: Option<usize>,
    /// The move in the game's notation, e.g. `10 → 9`.
    #[serde(rename = "move")]
    pub label: String,
    /// The whole position after the move.
    pub position: String,
}

impl MoveReport {
    /// A move of a single position.
    pub fn of(m: &Played) -> MoveReport {
        MoveReport {
            component: None,
            label: m.label.clone(),
            position: m.next.text(),
        }
    }

    /// A move of a [`Sum`], whose labels start with `#i ` (the component, 1-based).
    pub fn of_sum(m: &Played) -> MoveReport {
        let component = m
            .label
            .strip_prefix('#')
            .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse().ok());
        MoveReport {
            component,
            ..MoveReport::of(m)
        }
    }
}

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
        if m.next.value()?.outcome() == Outcome::Draw {
            out.push(m);
        }
    }
    Ok(out)
}

/// `value`: a position's value, outcome and every winning move (and, in a draw, the moves
/// that keep it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValueReport {
    /// The game's name with its parameters, e.g. `subtraction --set 1,2,3`.
    pub game: String,
    /// The position in the game's notation.
    pub position: String,
    /// The value: a nimber, or ∞(K) in a loopy game (`{"infinite": true, "escapes": [...]}`).
    pub value: Value,
    /// P, N or D.
    pub outcome: Outcome,
    /// Normal or misère play (text only).
    #[serde(skip)]
    pub convention: Convention,
    /// Every move to a position of value 0.
    pub winning_moves: Vec<MoveReport>,
    /// In a draw only: the moves to positions that are still draws.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drawing_moves: Option<Vec<MoveReport>>,
}

impl ValueReport {
    /// Solve `p` and list its winning (and drawing) moves.
    pub fn of(p: &dyn AnyPosition) -> Result<ValueReport> {
        ValueReport::with(p, MoveReport::of)
    }

    fn with(p: &dyn AnyPosition, shape: fn(&Played) -> MoveReport) -> Result<ValueReport> {
        let value = p.value()?;
        let wins = winning_moves(p, &value)?;
        let drawing_moves = if value.outcome() == Outcome::Draw {
            Some(drawing_moves(p, &value)?.iter().map(shape).collect())
        } else {
            None
        };
        Ok(ValueReport {
            game: p.game(),
            position: p.text(),
            outcome: value.outcome(),
            value,
            convention: p.convention(),
            winning_moves: wins.iter().map(shape).collect(),
            drawing_moves,
        })
    }
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
    /// Normal or misère play (text only).
    #[serde(skip)]
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
        let mut moves = Vec::new();
        for m in p.moves()? {
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

/// `seq`: the values g(0..=to) of a one-heap game and their periodicity. Keys are in sorted
/// order. `V` is the list of values: a `Vec<Natural>`, or a view that streams them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeqReport<V = Vec<Natural>> {
    /// The game as written (`grundy-game`, `subtraction --set 1,2,3`).
    pub game: String,
    /// How the values were computed.
    pub method: String,
    /// The period, if one was found.
    pub period: Option<Natural>,
    /// The preperiod, if a period was found.
    pub preperiod: Option<Natural>,
    /// Whether the period is proved.
    pub proved: bool,
    /// How the period was found or proved.
    pub reason: Option<String>,
    /// The saltus (0 for a pure period), if a period was found.
    pub saltus: Option<Natural>,
    /// g(0), g(1), ..., g(to).
    pub values: V,
}

/// One vertex of a digraph with its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VertexReport {
    /// The vertex's name in the file.
    pub name: String,
    /// Its value (∞(K) on graphs with circuits).
    pub value: Value,
    /// P, N or D.
    pub outcome: Outcome,
}

/// `graph FILE`: every vertex's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GraphReport {
    /// The file read.
    pub file: String,
    /// Whether the graph has no circuit.
    pub acyclic: bool,
    /// The number of arcs.
    pub arcs: usize,
    /// Every vertex, in the file's order.
    pub vertices: Vec<VertexReport>,
}

/// `graph FILE --pawns V1,V2`: pawns on a digraph (a sum).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PawnsReport {
    /// The file read.
    pub file: String,
    /// Each pawn's vertex value, in the order given.
    pub pawn_values: Vec<Value>,
    /// The pawns as one position.
    #[serde(flatten)]
    pub total: ValueReport,
}

/// One step of a state game's strategy: from `state`, move to `move_to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StrategyStep {
    /// A state reachable from the start.
    pub state: String,
    /// Its value.
    pub state_value: Value,
    /// The state to move to (value 0 from a winning state, a draw from a drawn one).
    pub move_to: String,
    /// Its value.
    pub move_to_value: Value,
}

/// `graph FILE --start V`: a state game (S, s, f).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StateGameReport {
    /// The file read.
    pub file: String,
    /// The start vertex s.
    pub start: String,
    /// `even` (N), `odd` (P) or `neither even nor odd` (a draw).
    pub parity: String,
    /// The strategy on the states reachable from s.
    pub strategy: Vec<StrategyStep>,
    /// The start as one position.
    #[serde(flatten)]
    pub total: ValueReport,
}

/// Which functions a [`FunctionsReport`] lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FunctionKind {
    /// g-functions (`--all-g`): key `g_functions`.
    Grundy,
    /// Boolean Grundy functions (`--boolean`): key `boolean_functions`, with `kernels`.
    Boolean,
}

/// `graph FILE --all-g | --boolean`: how many functions exist and the first ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionsReport {
    /// The file read.
    pub file: String,
    /// Whether the graph has no circuit (then exactly one function exists).
    pub acyclic: bool,
    /// Which functions.
    pub kind: FunctionKind,
    /// How many exist.
    pub count: u64,
    /// The vertex names, in the file's order.
    pub names: Vec<String>,
    /// The functions listed, each a value per vertex (in the order of `names`).
    pub listed: Vec<Vec<u32>>,
    /// The vertices where the generalized Sprague–Grundy function is ∞ (text only).
    pub infinite: Vec<String>,
}

impl FunctionsReport {
    /// A function's kernel: the vertices where it is 0.
    pub fn kernel(&self, f: &[u32]) -> Vec<String> {
        self.names
            .iter()
            .zip(f)
            .filter(|(_, v)| **v == 0)
            .map(|(n, _)| n.clone())
            .collect()
    }
}

/// Each function is an object from vertex name to value; Boolean ones come with their kernels.
impl Serialize for FunctionsReport {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        struct Function<'a>(&'a [String], &'a [u32]);
        impl Serialize for Function<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(self.0.len()))?;
                for (n, v) in self.0.iter().zip(self.1) {
                    m.serialize_entry(n, v)?;
                }
                m.end()
            }
        }
        let boolean = self.kind == FunctionKind::Boolean;
        let mut st = s.serialize_struct("FunctionsReport", if boolean { 6 } else { 5 })?;
        st.serialize_field("file", &self.file)?;
        st.serialize_field("acyclic", &self.acyclic)?;
        st.serialize_field("count", &Natural(self.count))?;
        let listed: Vec<Function> = self.listed.iter().map(|f| Function(&self.names, f)).collect();
        if boolean {
            st.serialize_field("boolean_functions", &listed)?;
            let kernels: Vec<Vec<String>> = self.listed.iter().map(|f| self.kernel(f)).collect();
            st.serialize_field("kernels", &kernels)?;
        } else {
            st.serialize_field("g_functions", &listed)?;
        }
        st.end()
    }
}

/// The eventual arithmetic-periodic form of one row of a [`TableReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RowFormReport {
    /// Cells (below `from`) where the same lines hold too.
    pub also: Vec<Natural>,
    /// The last n checked.
    pub checked_to: Natural,
    /// The form in words, e.g. `for n ≥ 4: g(3,n) = n if n mod 4 ∈ {1,2}; ...`.
    pub formula: String,
    /// n₀: the form holds for n ≥ n₀.
    pub from: Natural,
    /// The row's name, e.g. `g(3,n)`.
    pub name: String,
    /// The period.
    pub period: Natural,
    /// Whether the form is proved (by a row law of the game) or only seen.
    pub proved: bool,
    /// Why it holds, or how far it was checked.
    pub reason: String,
    /// The saltus: g(n + period) = g(n) + saltus.
    pub saltus: Natural,
}

/// A table's cells: one row (one range) or rows of columns (two ranges); a cell is a value,
/// or null where the words are not a position (or, for the Boolean function, a draw).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum TableValues {
    /// One range: g(n) for each n.
    Row(Vec<Option<Value>>),
    /// Two ranges: `values[row][column]`.
    Grid(Vec<Vec<Option<Value>>>),
}

/// `table`: a two-parameter family's values over one or two ranges, and each row's form.
/// Keys are in sorted order; `rows`, `columns` and `patterns` with two ranges, `n` and
/// `pattern` with one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableReport {
    /// Two ranges: the column parameters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns: Option<Vec<Natural>>,
    /// `g` (the values) or `B` (the Boolean function: 0 at P-positions, 1 elsewhere).
    pub function: String,
    /// The game's name.
    pub game: String,
    /// One range: its parameters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n: Option<Vec<Natural>>,
    /// One range: the row's form (null if none was seen).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pattern: Option<Option<RowFormReport>>,
    /// Two ranges: each row's form (null if none was seen).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub patterns: Option<Vec<Option<RowFormReport>>>,
    /// Two ranges: the row parameters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows: Option<Vec<Natural>>,
    /// The table as typed, ranges included (`welter 3 1..16`).
    pub table: String,
    /// The cells.
    pub values: TableValues,
}

/// One built-in game in `list`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameSummary {
    /// The name to type.
    pub name: String,
    /// Other names accepted for it.
    pub aliases: Vec<String>,
    /// One line on what it is.
    pub summary: String,
    /// The rules.
    pub rules: String,
    /// The position's syntax after the name.
    pub syntax: String,
    /// A position to try, with the name.
    pub example: String,
    /// Whether `seq` computes its values.
    pub sequence: bool,
}

/// `list`: every built-in game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ListReport {
    /// The games in the registry's order.
    pub games: Vec<GameSummary>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{self, Settings};

    fn position(words: &str) -> Box<dyn AnyPosition> {
        games::build(&games::words(words), &Settings::default()).unwrap()
    }

    #[test]
    fn naturals_above_2_53_are_strings() {
        assert_eq!(serde_json::to_string(&Natural(JSON_EXACT)).unwrap(), "9007199254740992");
        assert_eq!(
            serde_json::to_string(&Natural(JSON_EXACT + 1)).unwrap(),
            "\"9007199254740993\""
        );
        assert_eq!(
            serde_json::to_string(&Nimber(u64::MAX)).unwrap(),
            "\"18446744073709551615\""
        );
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
