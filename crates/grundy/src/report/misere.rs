//! Reports of misère play that have no normal-play counterpart: the genus of each heap of a
//! heap game (`seq --misere`), and a sum's report under misère play (`sum --misere`).
//!
//! Why here: the front ends print or serialise these; the computing is in
//! [`crate::solve::misere`]. Cost: the genus table's (see [`crate::solve::misere::genus`]); a
//! misère sum is searched whole.

use super::MoveReport;
use super::position::{ComponentReport, SumReport, ValueReport};
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
            return Err(Error::Input(
                "seq --misere needs a one-heap game, e.g. `grundy seq kayles --misere --to 20`".into(),
            ));
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

/// One heap's class in a quotient.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeapClass {
    /// The heap.
    pub heap: u64,
    /// Its element, as a word in the generators (`1`, `a`, `a^2b`).
    pub element: String,
}

/// A sum of heaps decided through the quotient.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientSum {
    /// The heaps.
    pub heaps: Vec<u64>,
    /// The product of their elements.
    pub element: String,
    /// P or N under misère play.
    pub outcome: crate::outcome::Outcome,
    /// Every winning move: the heap moved (1-based index), the move, the heaps after it.
    pub winning_moves: Vec<MoveReport>,
}

/// `quotient GAME --to N`: the misère quotient of the game restricted to heaps ≤ N.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientReport {
    /// The game's name with its parameters.
    pub game: String,
    /// The heap asked for.
    pub to: u64,
    /// The last heap the verified quotient covers (`to` unless it stopped).
    pub verified_to: u64,
    /// Why it stopped before `to`, if it did.
    pub stopped: Option<String>,
    /// The number of elements.
    pub order: usize,
    /// The generators: `{"a": 1, "b": 2}` as a list of (name, heap).
    pub generators: Vec<HeapClass>,
    /// The relations of the canonical presentation, `word = word` (the minimal words that are
    /// not element names, each with the name of its element).
    pub relations: Vec<String>,
    /// Every element as a word.
    pub elements: Vec<String>,
    /// The elements whose sums are P-positions.
    pub p_portion: Vec<String>,
    /// Each heap's element.
    pub heaps: Vec<HeapClass>,
    /// The first heap from which order and P-portion stayed the same up to `verified_to` (a
    /// sign of stabilisation, not a proof).
    pub stable_from: u64,
    /// Whether the presentation has been the same for a long run of heaps (at least 10, and
    /// at least `stable_from`): a sign that it has stabilised, not a proof.
    pub stabilised: bool,
    /// The heaps where elements of smaller heaps had to be told apart (the quotient refined,
    /// not only extended by a new generator or element).
    pub refined: Vec<u64>,
    /// Whether the quotient is misère Nim's on heaps ≤ 1 (a² = 1, P = {a}) or on heaps ≤ 2
    /// (a² = 1, b³ = b, P = {a, b²}): the tame quotients of order 2 and 6.
    pub tame: bool,
    /// A sum decided through the quotient, when one was asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sum: Option<QuotientSum>,
}

impl QuotientReport {
    /// The quotient of the heap game named by `words` (name and rules) at `to`, and the sum
    /// `heaps` decided through it.
    pub fn of(words: &[String], to: u64, heaps: Option<&[u64]>, settings: &Settings) -> Result<QuotientReport> {
        use crate::solve::misere::quotient::{self, word_text};
        let Some((name, rest)) = words.split_first() else {
            return Err(Error::Input(
                "quotient needs a heap game, e.g. `grundy quotient 0.75 --to 30`".into(),
            ));
        };
        let entry = games::find(name)?;
        let Some(make) = entry.heap_rules else {
            return Err(Error::Input(format!(
                "{} is not a one-heap game: quotient takes heap games",
                entry.name
            )));
        };
        let rules = make(name, rest, to)?;
        if let Some(h) = heaps.and_then(|h| h.iter().find(|&&h| h > to)) {
            return Err(Error::Input(format!(
                "heap {h} is beyond --to {to}: the quotient covers heaps ≤ {to}"
            )));
        }
        let built = quotient::build(&rules, to, &settings.limits.control)?;
        let q = &built.quotient;
        let sum = match heaps {
            Some(hs) if built.stopped.is_none() => {
                let wins = q.wins(hs).expect("heaps ≤ to");
                let moves = q.winning_moves(&rules, hs).expect("heaps ≤ to");
                Some(QuotientSum {
                    heaps: hs.to_vec(),
                    element: word_text(&q.words[q.class_of(hs).expect("heaps ≤ to")]),
                    outcome: if wins {
                        crate::outcome::Outcome::N
                    } else {
                        crate::outcome::Outcome::P
                    },
                    winning_moves: moves
                        .into_iter()
                        .map(|(i, parts)| {
                            let mut next = hs.to_vec();
                            next.remove(i);
                            next.extend(&parts);
                            let text: Vec<String> = next.iter().map(u64::to_string).collect();
                            MoveReport {
                                component: Some(i + 1),
                                label: rules.move_label(hs[i], &parts),
                                position: if text.is_empty() { "0".into() } else { text.join(" ") },
                            }
                        })
                        .collect(),
                })
            }
            Some(_) => {
                return Err(Error::Unsupported(format!(
                    "no verified quotient reaches heap {to}: {}",
                    built.stopped.clone().unwrap_or_default()
                )));
            }
            None => None,
        };
        let words_of = |xs: &[usize]| xs.iter().map(|&x| word_text(&q.words[x])).collect::<Vec<_>>();
        Ok(QuotientReport {
            game: words.join(" "),
            to,
            verified_to: q.to(),
            stopped: built.stopped.clone(),
            order: q.order,
            generators: q
                .generators
                .iter()
                .enumerate()
                .map(|(i, &h)| {
                    let mut w = vec![0; i + 1];
                    w[i] = 1;
                    HeapClass {
                        heap: h,
                        element: word_text(&w),
                    }
                })
                .collect(),
            relations: q
                .relations
                .iter()
                .map(|(a, b)| format!("{} = {}", word_text(a), word_text(b)))
                .collect(),
            elements: words_of(&(0..q.order).collect::<Vec<_>>()),
            p_portion: words_of(&q.p_portion()),
            heaps: q
                .heap_class
                .iter()
                .enumerate()
                .map(|(h, &c)| HeapClass {
                    heap: h as u64,
                    element: word_text(&q.words[c]),
                })
                .collect(),
            stable_from: built.stable_from,
            stabilised: built.stabilised,
            refined: built.refined.clone(),
            tame: {
                let rel: Vec<String> = q
                    .relations
                    .iter()
                    .map(|(a, b)| format!("{} = {}", word_text(a), word_text(b)))
                    .collect();
                let p = words_of(&q.p_portion());
                (rel == ["a^2 = 1"] && p == ["a"]) || (rel == ["a^2 = 1", "b^3 = b"] && p == ["a", "b^2"])
            },
            sum,
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
