//! Reports of misère play that have no normal-play counterpart: the genus of each heap of a
//! heap game (`seq --misere`), and a sum's report under misère play (`sum --misere`).
//!
//! Why here: the front ends print or serialise these; the computing is in
//! [`crate::solve::misere`]. Cost: the genus table's (see [`crate::solve::misere::genus`]); a
//! misère sum is searched whole.

use super::position::{ComponentReport, SumReport, ValueReport};
use super::MoveReport;
use crate::error::{Error, Result};
use crate::games::{self, Settings};
use crate::position::AnyPosition;
use crate::solve::misere::{self, genus::GenusTable};
use serde::Serialize;

/// One heap's row of `seq --misere`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GenusRow {
    /// The heap.
    pub heap: u64,
    /// Its normal-play nimber g.
    pub normal: u64,
    /// Its misère Grundy value γ0.
    pub misere: u64,
    /// The genus as written in the literature, e.g. `0^120`.
    pub genus: String,
    /// The superscript γ0γ1… (until it alternates).
    pub gammas: Vec<u64>,
    /// Every term computed (γn = G⁻(heap + n·*2)).
    pub terms: Vec<u64>,
    /// Whether the heap is tame.
    pub tame: bool,
}

/// `seq GAME --misere --to N`: each heap's misère value and genus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GenusSeqReport {
    /// The game's name with its parameters.
    pub game: String,
    /// Always `"misere"`.
    pub convention: &'static str,
    /// The misère Grundy values of heaps 0..=N.
    pub values: Vec<u64>,
    /// One row per heap.
    pub heaps: Vec<GenusRow>,
    /// The largest N with every heap 0..=N tame.
    pub tame_to: Option<u64>,
}

impl GenusSeqReport {
    /// The genera of heaps 0..=`to` of the heap game named by `words` (its name and rules).
    pub fn of(words: &[String], to: u64, settings: &Settings) -> Result<GenusSeqReport> {
        let Some((name, rest)) = words.split_first() else {
            return Err(Error::Input("seq --misere needs a one-heap game, e.g. `grundy seq kayles --misere --to 20`".into()));
        };
        let entry = games::find(name)?;
        let Some(make) = entry.heap_rules else {
            return Err(Error::Input(format!(
                "{} is not a one-heap game: seq --misere takes heap games (octal codes, subtraction, grundy-game, ...)",
                entry.name
            )));
        };
        let rules = make(name, rest, to)?;
        let table = GenusTable::compute(&rules, to, &settings.limits)?;
        let game = words.join(" ");
        let heaps: Vec<GenusRow> = table
            .heaps
            .iter()
            .map(|t| GenusRow {
                heap: t.heap,
                normal: t.genus.normal,
                misere: t.genus.misere(),
                genus: t.genus.to_string(),
                gammas: t.genus.gammas.clone(),
                terms: t.terms.clone(),
                tame: t.tame,
            })
            .collect();
        Ok(GenusSeqReport {
            game,
            convention: "misere",
            values: heaps.iter().map(|r| r.misere).collect(),
            tame_to: table.tame_to(),
            heaps,
        })
    }
}

impl SumReport {
    /// A sum under misère play: each component's misère value (alone), and the sum's misère
    /// value, outcome and winning moves, the sum searched whole.
    pub fn of_misere(components: &[Box<dyn AnyPosition>], settings: &Settings) -> Result<SumReport> {
        let mut reports = Vec::new();
        for c in components {
            let m = misere::of_position(c.as_ref(), settings)?;
            reports.push(ComponentReport::of(m.as_ref())?);
        }
        let total = misere::of_positions(components, settings)?;
        Ok(SumReport {
            components: reports,
            total: ValueReport::with(total.as_ref(), MoveReport::of_sum)?,
        })
    }
}
