//! One typed request in, one report out: the library's answer to each command, shared by every
//! front end (the command line, `import grundy`, the web explorer).
//!
//! What: a front end decodes its own input (clap flags, Python arguments, a JSON body) into the
//! plain values taken here — the game's words, the [`Convention`] (normal or misère play), a
//! sequence's [`Method`], the [`Settings`] of the run — calls one function, and renders the
//! [`crate::report`] it gets back. This module is the one place that
//! - chooses between normal and misère play ([`position`]);
//! - builds sums from their components ([`components`], [`sum`], [`wtia`]);
//! - dispatches `explain` between a position, a sum and a heap's genus ([`explain`]);
//! - computes sequences, normal or misère ([`seq`]), and tables ([`table`]);
//! - summarises the registry ([`list`]);
//! - picks the perfect opponent's move ([`opponent`], [`play_turn`]);
//! - splits a hard position into tasks and merges their databases ([`split`]).
//!
//! Why: before it, each front end rebuilt these requests and they drifted apart (the game list
//! counted sequence games two ways; terminal and web play fell back differently on huge
//! positions). Messages here name no front end's flag: each front end words its own hints.
//!
//! Cost: that of the reports it builds; the dispatch itself is a few comparisons.

pub mod census;
pub mod opponent;
pub mod seq;
pub mod split;
pub mod table;

use crate::error::{Error, Result};
use crate::game::Convention;
use crate::games::{self, REGISTRY};
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Sum};
use crate::report::{
    ExplainReport, GameListing, GameSummary, ListReport, MisereExplainReport, MoveReport, MovesReport, PlayReport,
    SumReport, TestReport, ValueReport, WtiaReport,
};
use crate::settings::Settings;

pub use crate::solve::take_break::Method;

/// The position written by `words` (a game's name and its position, as `grundy value` takes
/// them), under normal or misère play.
pub fn position(words: &[String], play: Convention, settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    match play {
        Convention::Normal => games::build(words, settings),
        Convention::Misere => games::misere::build(words, settings),
    }
}

/// [`position`] of a position written as one string (`"nim 10 12 5"`).
pub fn position_of(text: &str, play: Convention, settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    position(&games::words(text), play, settings)
}

/// The positions of the components of a sum, each written as one string (`["nim 3 4",
/// "grundy-game 8"]`), each under normal play (a misère sum is searched whole: [`sum`]).
/// `what` names the request in the message when there is none.
pub fn components(specs: &[String], what: &str, settings: &Settings) -> Result<Vec<Box<dyn AnyPosition>>> {
    if specs.is_empty() {
        return Err(Error::Input(format!(
            "{what} needs games, one position each, such as `nim 3 4` and `grundy-game 8`"
        )));
    }
    specs.iter().map(|s| games::build(&games::words(s), settings)).collect()
}

/// The sum of the components `specs` as one position: under normal play their disjunctive sum
/// (valued by nim-sum), under misère play the sum searched whole.
pub fn sum_position(specs: &[String], play: Convention, settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let parts = components(specs, "a sum", settings)?;
    match play {
        Convention::Normal => Ok(Box::new(Sum::new(parts)?)),
        Convention::Misere => crate::solve::misere::of_positions(&parts, settings),
    }
}

/// `value`: the value, the outcome and (when `moves`) every winning move of the position.
pub fn value(words: &[String], play: Convention, moves: bool, settings: &Settings) -> Result<ValueReport> {
    let settings = Settings {
        moves_follow: moves,
        ..settings.clone()
    };
    let p = position(words, play, &settings)?;
    if moves {
        ValueReport::of(p.as_ref())
    } else {
        ValueReport::value_only(p.as_ref())
    }
}

/// `value --is K`: whether the position's value is the nimber `k`, by the game's own test where
/// it has one (a nimber-first search asks only what the mex needs), else by its value.
pub fn has_value(words: &[String], play: Convention, k: Nimber, settings: &Settings) -> Result<TestReport> {
    TestReport::of(position(words, play, settings)?.as_ref(), k)
}

/// `moves`: every option of the position with its value.
pub fn moves(words: &[String], play: Convention, settings: &Settings) -> Result<MovesReport> {
    MovesReport::of(position(words, play, settings)?.as_ref())
}

/// `sum`: each component's value and the sum's value and winning moves; under misère play the
/// sum is searched whole (misère values do not add).
pub fn sum(specs: &[String], play: Convention, settings: &Settings) -> Result<SumReport> {
    let parts = components(specs, "sum", settings)?;
    match play {
        Convention::Normal => SumReport::of(&Sum::new(parts)?),
        Convention::Misere => SumReport::of_misere(&parts, settings),
    }
}

/// What `explain` explains: one position, or the sum of several.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explained {
    /// A position written as words (`kayles 5`).
    Position(Vec<String>),
    /// The components of a sum, one string each.
    Sum(Vec<String>),
}

/// `explain`: every option with its value and the mex (a sum: each component and the nim-sum);
/// under misère play, one heap of a heap game also shows how its genus is obtained.
pub fn explain(what: &Explained, play: Convention, settings: &Settings) -> Result<MisereExplainReport> {
    let p = match (what, play) {
        (Explained::Position(words), Convention::Misere) => return MisereExplainReport::of(words, settings),
        (Explained::Position(words), Convention::Normal) => games::build(words, settings)?,
        (Explained::Sum(specs), play) => sum_position(specs, play, settings)?,
    };
    Ok(MisereExplainReport {
        explain: ExplainReport::of(p.as_ref())?,
        genus: None,
    })
}

/// `wtia`: the winner-takes-all sum of the components `specs` (normal play only: the last
/// mover of the last component wins).
pub fn wtia(specs: &[String], play: Convention, settings: &Settings) -> Result<WtiaReport> {
    if play == Convention::Misere {
        return Err(Error::Input(
            "wtia has no misère form: misère play is for value, moves, sum, explain, play and seq".into(),
        ));
    }
    WtiaReport::of(&components(specs, "wtia", settings)?, settings)
}

/// One turn of play against the computer: the position's value report (its winning moves are
/// the hints) and the perfect opponent's move ([`opponent::next_move`]), none at a terminal
/// position.
pub fn play_turn(words: &[String], play: Convention, settings: &Settings) -> Result<PlayReport> {
    let p = position(words, play, settings)?;
    let value = ValueReport::of(p.as_ref())?;
    let mut remoteness = opponent::Remoteness::new(settings.control.clone());
    let chosen = opponent::next_move(p.as_ref(), &mut remoteness)?;
    Ok(PlayReport {
        value,
        chosen: chosen.as_ref().map(MoveReport::of),
    })
}

/// `list`: every built-in game in the registry's order, with what it can do and how its
/// position is edited.
pub fn list() -> ListReport {
    ListReport {
        games: REGISTRY
            .iter()
            .map(|e| GameListing {
                summary: GameSummary {
                    name: e.name.into(),
                    aliases: e.aliases.iter().map(|a| a.to_string()).collect(),
                    summary: e.summary.into(),
                    rules: e.rules.split_whitespace().collect::<Vec<_>>().join(" "),
                    syntax: e.syntax.into(),
                    example: e.example.into(),
                    sequence: e.heap_rules.is_some() || e.caps.sequence.is_some(),
                },
                capabilities: e.capabilities(),
                editor: e.caps.editor,
                options: e.caps.options.to_vec(),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        games::words(s)
    }

    /// The misère choice is made here: the same words give the normal value under normal play
    /// and the misère value under misère play (Nim 1 1: 0 and 1).
    #[test]
    fn the_convention_chooses_the_play() {
        let s = Settings::default();
        let normal = value(&words("nim 1 1"), Convention::Normal, true, &s).unwrap();
        let misere = value(&words("nim 1 1"), Convention::Misere, true, &s).unwrap();
        assert_eq!(normal.value.to_string(), "0");
        assert_eq!(misere.value.to_string(), "1");
        assert_eq!(misere.convention, Convention::Misere);
    }

    /// A sequence game counts as one in the list whether it has one-heap rules or a sequence
    /// method of its own (the two front ends once counted it two ways).
    #[test]
    fn the_list_counts_every_sequence_game() {
        let listed = list();
        assert_eq!(listed.games.len(), REGISTRY.len());
        for (e, g) in REGISTRY.iter().zip(&listed.games) {
            assert_eq!(
                g.summary.sequence,
                e.heap_rules.is_some() || e.caps.sequence.is_some(),
                "{}",
                e.name
            );
        }
        assert!(listed.games.iter().any(|g| {
            g.summary.sequence
                && REGISTRY
                    .iter()
                    .any(|e| e.name == g.summary.name && e.heap_rules.is_none())
        }));
    }

    /// Terminal play and web play share one opponent: at a terminal position there is no move,
    /// elsewhere the move chosen is a winning one when there is one.
    #[test]
    fn the_opponent_plays_winning_moves() {
        let s = Settings::default();
        let t = play_turn(&words("nim 3 5"), Convention::Normal, &s).unwrap();
        let chosen = t.chosen.expect("a move");
        assert!(t.value.winning_moves.iter().any(|m| m.position == chosen.position));
        let end = play_turn(&words("nim 0"), Convention::Normal, &s).unwrap();
        assert!(end.chosen.is_none());
    }

    #[test]
    fn a_sum_of_nothing_is_refused() {
        let s = Settings::default();
        let e = sum(&[], Convention::Normal, &s).unwrap_err();
        assert!(e.to_string().contains("sum needs games"), "{e}");
        assert!(!e.to_string().contains("--"), "no front end's flag: {e}");
        assert!(wtia(&["nim 1".into()], Convention::Misere, &s).is_err());
    }
}
