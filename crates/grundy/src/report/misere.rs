//! Reports of misère play that have no normal-play counterpart: the genus of each heap of a
//! heap game (`seq --misere`), how one heap's genus is obtained (`explain --misere`,
//! [`GenusDerivation`]), and a sum's report under misère play (`sum --misere`).
//!
//! Why here: the front ends print or serialise these; the computing is in
//! [`crate::solve::misere`]. Cost: the genus table's (see [`crate::solve::misere::genus`]); a
//! misère sum is searched whole.

use super::MoveReport;
use super::position::ExplainReport;
use super::position::{ComponentReport, SumReport, ValueReport};
use crate::error::{Error, Result};
use crate::games;
use crate::nimber::{MexScratch, Nimber};
use crate::position::AnyPosition;
use crate::settings::Settings;
use crate::solve::Solver;
use crate::solve::misere::heaps::{Borrowed, MisereHeaps, nim_heap};
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
                "a misère sequence needs a one-heap game, e.g. kayles".into(),
            ));
        };
        let entry = games::find(name)?;
        let Some(make) = entry.heap_rules else {
            return Err(Error::Input(format!(
                "{} is not a one-heap game: misère sequences take heap games (octal codes, subtraction, grundy-game, ...)",
                entry.name
            )));
        };
        let rules = make(name, rest, to)?;
        let table = GenusTable::compute(&rules, to, settings)?;
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
    /// The number of elements, |Q|.
    pub order: usize,
    /// The number of elements in the P-portion, |P|.
    pub p_size: usize,
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
    /// The heaps where the presentation changed (MisereSolver's expansion heaps: the quotient
    /// of the heaps before could not take the heap in as one of its elements).
    pub refined: Vec<u64>,
    /// The last heap where the presentation changed (MisereSolver's "LastRogue"; 0 when it
    /// never did): the same as `stable_from`.
    pub last_change: u64,
    /// When the periodicity theorem proves it: Φ has this period from `preperiod` on for every
    /// heap, not only those ≤ `to`, and the quotient is that of the whole game.
    pub period: Option<u64>,
    /// The first heap of Φ's proved periodic part (see `period`).
    pub preperiod: Option<u64>,
    /// Whether the quotient (and Φ) is proved for every heap, not only those ≤ `to`.
    pub all_heaps: bool,
    /// Whether the quotient is isomorphic (P-portion included) to one of misère Nim's: T_k,
    /// the quotient of misère Nim on heaps < 2^k, of order 2^k + 2 (T_1 = ⟨a | a² = 1⟩,
    /// T_2 = ⟨a, b | a² = 1, b³ = b⟩, ...; [`crate::solve::misere::quotient::tame`]).
    pub tame: bool,
    /// When tame: the largest heap 2^k − 1 of the misère Nim whose quotient T_k it is.
    pub tame_nim_heaps: Option<u64>,
    /// A sum decided through the quotient, when one was asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sum: Option<QuotientSum>,
    /// What stopped the construction before `to`, when a limit or Ctrl-C did (the front ends'
    /// exit status: the CLI prints the quotient so far, then exits 3 or 130).
    #[serde(skip)]
    pub cause: Option<Error>,
}

impl QuotientReport {
    /// The quotient of the heap game named by `words` (name and rules) at `to`, and the sum
    /// `heaps` decided through it.
    pub fn of(words: &[String], to: u64, heaps: Option<&[u64]>, settings: &Settings) -> Result<QuotientReport> {
        use crate::solve::misere::quotient::{self, word_text};
        let Some((name, rest)) = words.split_first() else {
            return Err(Error::Input("a quotient needs a heap game, e.g. 0.75".into()));
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
                "heap {h} is beyond the last heap {to}: the quotient covers heaps ≤ {to}"
            )));
        }
        let built = quotient::build(&rules, to, settings)?;
        let q = &built.quotient;
        let tame_rank = quotient::tame::tame_rank(q);
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
                return Err(built.cause.clone().unwrap_or_else(|| {
                    Error::Unsupported(format!(
                        "no verified quotient reaches heap {to}: {}",
                        built.stopped.clone().unwrap_or_default()
                    ))
                }));
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
            p_size: q.p_portion().len(),
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
            last_change: built.stable_from,
            period: built.period.map(|p| p.period),
            preperiod: built.period.map(|p| p.preperiod),
            all_heaps: built.period.is_some(),
            cause: built.cause.clone(),
            tame: tame_rank.is_some(),
            tame_nim_heaps: tame_rank.map(|k| (1u64 << k) - 1),
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

/// One option of the heap whose genus is derived, with its terms γ0, γ1, … (the misère value of
/// the option plus n Nim heaps of size 2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GenusOption {
    /// The move, in the game's notation (`5 → 1+3`).
    #[serde(rename = "move")]
    pub label: String,
    /// The heaps it leaves (`1 3`; `0` when none).
    pub position: String,
    /// γ0, γ1, … of the option, as many as the heap has terms.
    pub terms: Vec<u64>,
}

/// One term γn of the heap's genus as a mex (Conway, ONAG ch. 12): the options of
/// G + n·*2 are G' + n·*2 (value γn of the option G') and, for n ≥ 1, the moves in one *2:
/// to G + (n−1)·*2 (value γ(n−1)) and to G + (n−1)·*2 + *1 (value γ(n−1) ⊕ 1, since adding *1
/// flips the last bit of a misère Grundy value).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GammaStep {
    /// n.
    pub n: usize,
    /// γn of each option, in the order of [`GenusDerivation::options`].
    pub from_options: Vec<u64>,
    /// γ(n−1) and γ(n−1) ⊕ 1 (empty for n = 0).
    pub from_twos: Vec<u64>,
    /// The set of values the options of G + n·*2 have, sorted.
    pub set: Vec<u64>,
    /// γn = mex of the set (for n = 0 with no option: 1, misère play's terminal value).
    pub gamma: u64,
}

/// How one heap's genus g^{γ0γ1…} is obtained from its options' terms: g = mex of the options'
/// normal values, and each γn a mex ([`GammaStep`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GenusDerivation {
    /// The game's name with its parameters.
    pub game: String,
    /// The heap.
    pub heap: u64,
    /// Its genus as written in the literature (`0^120`).
    pub genus: String,
    /// g, its normal-play value.
    pub normal: u64,
    /// The options' normal values (g = mex of them).
    pub normal_options: Vec<u64>,
    /// Every option with its terms.
    pub options: Vec<GenusOption>,
    /// γ0, γ1, … each as a mex (as many as the genus computation took).
    pub steps: Vec<GammaStep>,
    /// Whether the heap is tame (its genus is misère Nim's and every heap of its options is tame).
    pub tame: bool,
}

impl GenusDerivation {
    /// The derivation of the genus of the heap written by `words` (a heap game and one heap,
    /// `kayles 5`); `None` when the words are not one heap of a heap game.
    pub fn of(words: &[String], settings: &Settings) -> Result<Option<GenusDerivation>> {
        let Some((rules, heaps)) = crate::games::misere::heap_rules(words) else {
            return Ok(None);
        };
        let [heap] = heaps[..] else {
            return Ok(None);
        };
        let table = GenusTable::compute(&rules, heap, settings)?;
        let row = &table.heaps[heap as usize];
        let normal = crate::solve::heap_sequence::plain_values(&rules, heap, &settings.control)?;
        let count = row.terms.len();
        let mut solver = Solver::plain(MisereHeaps::new(Borrowed(&rules)));
        solver.settings = settings.clone();
        let mut parts_of = Vec::new();
        rules.heap_options(heap, &mut |parts| parts_of.push(parts.to_vec()));
        let mut options = Vec::new();
        let mut normal_options = Vec::new();
        for parts in &parts_of {
            let mut terms = Vec::with_capacity(count);
            for n in 0..count {
                let mut position = parts.clone();
                position.extend(std::iter::repeat_n(nim_heap(2), n));
                terms.push(solver.nimber(&position)?.0);
            }
            normal_options.push(parts.iter().fold(0, |x, &p| x ^ normal[p as usize].0));
            let text: Vec<String> = parts.iter().map(u64::to_string).collect();
            options.push(GenusOption {
                label: rules.move_label(heap, parts),
                position: if text.is_empty() { "0".into() } else { text.join(" ") },
                terms,
            });
        }
        let mut scratch = MexScratch::default();
        let mut steps: Vec<GammaStep> = Vec::with_capacity(count);
        for n in 0..count {
            let from_options: Vec<u64> = options.iter().map(|o| o.terms[n]).collect();
            let from_twos = match steps.last() {
                Some(prev) => vec![prev.gamma, prev.gamma ^ 1],
                None => Vec::new(),
            };
            let mut set: Vec<u64> = from_options.iter().chain(&from_twos).copied().collect();
            set.sort_unstable();
            set.dedup();
            let gamma = if set.is_empty() {
                1
            } else {
                let found: Vec<Nimber> = set.iter().map(|&v| Nimber(v)).collect();
                scratch.mex(&found).0
            };
            steps.push(GammaStep {
                n,
                from_options,
                from_twos,
                set,
                gamma,
            });
        }
        let words_of_game: Vec<String> = words[..words.len() - 1].to_vec();
        Ok(Some(GenusDerivation {
            game: words_of_game.join(" "),
            heap,
            genus: row.genus.to_string(),
            normal: row.genus.normal,
            normal_options,
            options,
            steps,
            tame: row.tame,
        }))
    }
}

/// `explain --misere`: the explanation of the position under misère play and, for one heap of
/// a heap game, how its genus is obtained.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereExplainReport {
    /// The explanation (options, their misère values, the mex).
    #[serde(flatten)]
    pub explain: ExplainReport,
    /// The genus derivation (one heap of a heap game; absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub genus: Option<GenusDerivation>,
}

impl MisereExplainReport {
    /// The report of the position written by `words` under misère play.
    pub fn of(words: &[String], settings: &Settings) -> Result<MisereExplainReport> {
        let p = crate::games::misere::build(words, settings)?;
        let mut genus = GenusDerivation::of(words, settings)?;
        if let Some(d) = &mut genus {
            // The game as the explanation names it (`kayles` is explained as `0.77`).
            d.game = p.game();
        }
        Ok(MisereExplainReport {
            explain: ExplainReport::of(p.as_ref())?,
            genus,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        crate::games::words(s)
    }

    #[test]
    fn the_genus_line_names_the_game_as_the_explanation_does() {
        let r = MisereExplainReport::of(&words("kayles 4"), &Settings::default()).unwrap();
        let ExplainReport::Mex { game, .. } = &r.explain else {
            panic!("a heap of Kayles is explained by mex");
        };
        assert_eq!(r.genus.unwrap().game, *game);
    }

    #[test]
    fn each_derived_gamma_is_the_searched_term_and_the_genus_of_the_table() {
        // The mex rule γ(n+1) = mex(γ(n+1) of the options, γn, γn ⊕ 1) is checked against
        // the searched terms for every heap of several games (Kayles, Dawson's Kayles, Grundy's
        // game, a subtraction game).
        for game in ["kayles", "0.137", "grundy-game", "subtraction --set 1,3"] {
            for h in 0..=12u64 {
                let d = GenusDerivation::of(&words(&format!("{game} {h}")), &Settings::default())
                    .unwrap()
                    .unwrap();
                let seq = GenusSeqReport::of(&words(game), h, &Settings::default()).unwrap();
                let row = &seq.heaps[h as usize];
                let derived: Vec<u64> = d.steps.iter().map(|s| s.gamma).collect();
                assert_eq!(derived, row.terms, "{game} heap {h}");
                assert_eq!(d.genus, row.genus, "{game} heap {h}");
                assert_eq!(d.tame, row.tame);
                let mut set = d.normal_options.clone();
                set.sort_unstable();
                set.dedup();
                let mex = (0..).find(|v| !set.contains(v)).unwrap();
                assert_eq!(mex, d.normal, "{game} heap {h}: g = mex of the options' g");
            }
        }
    }

    #[test]
    fn kayles_heap_2_has_genus_2_20_by_the_mex_rule() {
        let d = GenusDerivation::of(&words("kayles 2"), &Settings::default())
            .unwrap()
            .unwrap();
        // Heap 2 of Kayles: options 1 (genus 1^031) and 0 (0^120): g = 2, γ0 = mex{0,1} = 2,
        // γ1 = mex{3, 2, 2, 3} = 0, ... genus 2^20.
        assert_eq!(d.genus, "2^20");
        assert_eq!(d.steps[0].set, vec![0, 1]);
        assert_eq!(d.steps[1].from_twos, vec![2, 3]);
        assert_eq!(d.steps[1].gamma, 0);
        assert!(
            GenusDerivation::of(&words("kayles 2 3"), &Settings::default())
                .unwrap()
                .is_none()
        );
        assert!(
            GenusDerivation::of(&words("cram 2x2"), &Settings::default())
                .unwrap()
                .is_none()
        );
    }
}
