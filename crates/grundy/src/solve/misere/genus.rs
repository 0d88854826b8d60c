//! The genus of a heap (Conway): its normal-play value and its misère Grundy values in the
//! company of Nim heaps of size 2, and the tame heaps whose sums misère Nim decides.
//!
//! What: the genus of a game G is g^{γ0γ1γ2…} where g is its normal-play nimber and γn the
//! misère Grundy value of G + *2 + … + *2 (n copies of *2). The sequence γ0, γ1, … ends by
//! alternating between two values, and the superscript is written until it alternates:
//! 0^{120} is the empty game (γ = 1, 2, 0, 2, 0, …), 1^{031} is *1, 2^{20} is *2. A game is
//! *tame* when its genus is that of a misère Nim position (0^{120}, 1^{031}, or g^{g,g⊕2} for
//! any g) and all its options are tame; sums of tame games are tame and play as misère Nim: a
//! sum whose parts all have genus 0^{120} or 1^{031} is lost by the player to move exactly when
//! the number of 1^{031} parts is odd, any other tame sum exactly when the nim-sum of the parts'
//! g's is 0 ([`GenusTable::tame_value`], checked against the search in the tests).
//!
//! How: γn is computed by its definition, a misère search ([`super::heaps::MisereHeaps`]) of the
//! heap with n Nim heaps of size 2, sharing one transposition table for all heaps and all n.
//! The terms are computed until the last four alternate and n is at least three past the
//! longest superscript among the smaller heaps (the options' genera); the report keeps all
//! terms computed, so how the genus was obtained can be shown (`explain --misere`).
//!
//! Cost: the search of heap N with n copies of *2 visits the sums of heaps below N (partitions
//! of at most N) times the Nim heaps of size ≤ 2; fine to a few dozen heaps.
//!
//! Sources: \[ONAG\] ch. 12 (genus, tame games); \[WW\] ch. 13 (genus tables of Kayles,
//! Dawson's Kayles, Grundy's game).

use super::heaps::{Borrowed, KnownSums, MisereHeaps, nim_heap};
use crate::error::{Error, Result};
use crate::nimber::Nimber;
use crate::settings::Settings;
use crate::solve::Solver;
use crate::solve::heap_sequence::HeapRules;
use serde::Serialize;
use std::fmt;

/// The genus g^{γ0γ1…} of a game (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Genus {
    /// g: the normal-play nimber.
    pub normal: u64,
    /// γ0, γ1, …, up to where the sequence starts alternating (γ0 is the misère Grundy value).
    pub gammas: Vec<u64>,
}

impl Genus {
    /// The genus from the normal value and the computed terms γ0..γm (m ≥ 3): the shortest
    /// prefix γ0..γk (k ≥ 1) after which the terms alternate; `None` when the computed terms do
    /// not alternate at their end.
    pub fn from_terms(normal: u64, terms: &[u64]) -> Option<Genus> {
        let m = terms.len();
        if m < 4 || terms[m - 1] != terms[m - 3] || terms[m - 2] != terms[m - 4] {
            return None;
        }
        // The smallest k ≥ 1 with terms[j + 2] == terms[j] for every j ≥ k − 1.
        let mut k = m - 3;
        while k >= 2 && terms[k] == terms[k - 2] {
            k -= 1;
        }
        let k = k.max(1);
        Some(Genus {
            normal,
            gammas: terms[..=k].to_vec(),
        })
    }

    /// The genus of a Nim heap of size k: 0^{120}, 1^{031}, k^{k,k⊕2}.
    pub fn of_nim_heap(k: u64) -> Genus {
        let gammas = match k {
            0 => vec![1, 2, 0],
            1 => vec![0, 3, 1],
            _ => vec![k, k ^ 2],
        };
        Genus { normal: k, gammas }
    }

    /// γn for any n (the superscript continued by alternation).
    pub fn gamma(&self, n: usize) -> u64 {
        let l = self.gammas.len();
        if n < l {
            return self.gammas[n];
        }
        // Alternation of the last two written terms.
        let back = (n - (l - 1)) % 2;
        self.gammas[l - 1 - back]
    }

    /// The misère Grundy value γ0.
    pub fn misere(&self) -> u64 {
        self.gammas[0]
    }

    /// Whether the genus is that of a misère Nim position (0^{120}, 1^{031}, g^{g,g⊕2}).
    pub fn is_tame_genus(&self) -> bool {
        let g = self.normal;
        self.gammas == [1, 2, 0] && g == 0 || self.gammas == [0, 3, 1] && g == 1 || self.gammas == [g, g ^ 2]
    }

    /// Whether the genus is 0^{120} or 1^{031} (a tame game that plays as 0 or *1).
    fn is_small(&self) -> bool {
        (self.normal == 0 && self.gammas == [1, 2, 0]) || (self.normal == 1 && self.gammas == [0, 3, 1])
    }
}

impl fmt::Display for Genus {
    /// As written in the literature: `0^120`, `2^20`, and with commas when a term has two
    /// digits: `12^{12,14}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.gammas.iter().all(|&g| g < 10) {
            let s: String = self.gammas.iter().map(|g| g.to_string()).collect();
            write!(f, "{}^{}", self.normal, s)
        } else {
            let s: Vec<String> = self.gammas.iter().map(|g| g.to_string()).collect();
            write!(f, "{}^{{{}}}", self.normal, s.join(","))
        }
    }
}

/// How the genus of one heap was obtained: each computed term γn = G⁻(heap + n·*2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GenusTerms {
    /// The heap.
    pub heap: u64,
    /// Its genus.
    pub genus: Genus,
    /// Every term computed, γ0, γ1, … (more than the genus writes: the alternation checked).
    pub terms: Vec<u64>,
    /// Whether the heap is tame (tame genus, and every heap its options leave is tame).
    pub tame: bool,
}

/// The genera of heaps 0..=N of one ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GenusTable {
    /// Heap n's genus and its terms, for n = 0..=N.
    pub heaps: Vec<GenusTerms>,
}

/// Most terms γn computed for one heap before the computation gives up (they have always
/// alternated much earlier in the games tried).
pub const MAX_TERMS: usize = 40;

impl GenusTable {
    /// The genera of heaps 0..=`to` of `rules`, by misère search within `limits`.
    pub fn compute<R: HeapRules + ?Sized>(rules: &R, to: u64, limits: &Settings) -> Result<GenusTable> {
        let normal = crate::solve::heap_sequence::plain_values(rules, to, &limits.control)?;
        let mut solver = Solver::plain(MisereHeaps::new(Borrowed(rules)));
        solver.settings = limits.clone();
        let mut heaps: Vec<GenusTerms> = Vec::new();
        for h in 0..=to {
            let longest = heaps.iter().map(|t| t.genus.gammas.len()).max().unwrap_or(0);
            let want = (longest + 3).max(4);
            let mut terms = Vec::new();
            let genus = loop {
                let n = terms.len();
                let mut position = vec![h];
                position.extend(std::iter::repeat_n(nim_heap(2), n));
                terms.push(solver.nimber(&position)?.0);
                if terms.len() >= want
                    && let Some(g) = Genus::from_terms(normal[h as usize].0, &terms)
                {
                    break g;
                }
                if terms.len() >= MAX_TERMS {
                    return Err(Error::Unsupported(format!(
                        "the genus of heap {h} did not settle into alternation within {MAX_TERMS} terms"
                    )));
                }
            };
            let mut tame = genus.is_tame_genus();
            if tame {
                let game = solver.game();
                game.rules.heap_options(h, &mut |parts| {
                    tame &= parts.iter().all(|&p| heaps[p as usize].tame);
                });
            }
            heaps.push(GenusTerms {
                heap: h,
                genus,
                terms,
                tame,
            });
        }
        Ok(GenusTable { heaps })
    }

    /// The largest heap N such that every heap 0..=N is tame (`None` when heap 0 is not, which
    /// never happens: the empty heap is 0^{120}).
    pub fn tame_to(&self) -> Option<u64> {
        let n = self.heaps.iter().take_while(|t| t.tame).count();
        (n > 0).then(|| n as u64 - 1)
    }

    /// The misère Grundy value of a sum of heaps (Nim heaps tagged by
    /// [`super::heaps::nim_heap`]) when every heap is tame and in the table: by misère Nim on
    /// the genera (see the module docs); `None` otherwise.
    pub fn tame_value(&self, heaps: &[u64]) -> Option<Nimber> {
        let mut all_small = true;
        let mut ones = 0u64;
        let mut x = 0u64;
        for &h in heaps {
            let genus = if h & super::heaps::NIM_TAG != 0 {
                Genus::of_nim_heap(h & !super::heaps::NIM_TAG)
            } else {
                let t = self.heaps.get(usize::try_from(h).ok()?)?;
                if !t.tame {
                    return None;
                }
                t.genus.clone()
            };
            all_small &= genus.is_small();
            ones += u64::from(genus.is_small() && genus.normal == 1);
            x ^= genus.normal;
        }
        Some(Nimber(if all_small {
            u64::from(ones.is_multiple_of(2))
        } else {
            x
        }))
    }
}

impl KnownSums for GenusTable {
    fn value(&self, heaps: &[u64]) -> Option<Nimber> {
        self.tame_value(heaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::NimRules;

    #[test]
    fn nim_heaps_have_the_genera_of_onag() {
        let t = GenusTable::compute(&NimRules, 6, &Settings::default()).unwrap();
        for (k, g) in t.heaps.iter().enumerate() {
            assert_eq!(g.genus, Genus::of_nim_heap(k as u64), "heap {k}");
            assert!(g.tame);
        }
        assert_eq!(t.heaps[0].genus.to_string(), "0^120");
        assert_eq!(t.heaps[1].genus.to_string(), "1^031");
        assert_eq!(t.heaps[2].genus.to_string(), "2^20");
        assert_eq!(Genus::of_nim_heap(12).to_string(), "12^{12,14}");
    }

    #[test]
    fn alternation_is_found_at_the_shortest_prefix() {
        let g = Genus::from_terms(0, &[1, 2, 0, 2, 0, 2]).unwrap();
        assert_eq!(g.gammas, vec![1, 2, 0]);
        assert_eq!(g.gamma(7), 2);
        assert_eq!(g.gamma(8), 0);
        assert!(Genus::from_terms(0, &[1, 2, 0, 2, 1, 2]).is_none());
    }
}
