//! Families of codes: which games a census runs, in which order, and which spellings are one
//! game.
//!
//! - `octal:K`: every code 0.d1…dK, digits 0–7 (8^K games, 0.0 included);
//! - `octal4:K`: every code 4.d1…dK (the digit before the point 4: a heap may be split in two
//!   without removing anything);
//! - `hex:K`: every code 0.d1…dK, digits 0–f (digits 8–f leave three heaps: n³ steps a game);
//! - `subtraction:M`: every subtraction set S ⊆ {1..M}, each written as its code (digit 3 at
//!   each element of S: {1, 3} is 0.303, as *Winning Ways* writes subtraction games);
//! - `cram:R`: the Cram boards of R rows and 1, 2, … columns (`3x1`, `3x2`, …; at most 64
//!   cells), in order of their columns; `--to N` stops at N columns ([`Family::members_up_to`]).
//!   Its boards are run one after the other on one region database ([`super::boards`]);
//! - `GAME:FAMILY`: the positions of a game's own sequence (`grundy seq GAME FAMILY`), one a
//!   number n = 0, 1, … `--to N`: `GAME:grid 3x{n}` is the 3×n grids under a graph game,
//!   `GAME:petersen {n},2` the generalized Petersen graphs
//!   ([`Family::Sequence`]). Its members are run in order on one engine
//!   ([`super::sequence_family`]);
//! - a list of codes, comma separated (`0.07,0.137,4.07`) or in a file (one or more a line,
//!   `#` starts a comment).
//!
//! Order: the K digits read as one number (base 8 or 16; for subtraction sets the set's
//! bitmask, element s at bit s − 1), so the order is fixed and a shard's share
//! ([`Shard`]) is the same on every machine. A code with fewer digits is the same number with
//! trailing zeros: `octal:3` holds 0.07 as 0.070, written 0.07.
//!
//! **Rules that list a game once** (each a theorem, each tested in `tests.rs`):
//! - *Trailing zeros*: 0.070 and 0.07 have the same moves (a digit 0 allows nothing), so the
//!   same sequence; the code is written without them. In a list, every spelling of one code
//!   (`.07`, `0.070`, `dawson-kayles`) is run once, the others named in the row's `also`.
//! - *No moves*: a code whose digits are all 0 (0.0, 0.000) allows no move, so every value is
//!   0 (rule `no-moves`, period 1, preperiod 0).
//! - No other two codes have the same moves: the moves of digit i at heap n are told apart by
//!   the number of sticks removed (n minus the sizes left) and the number of heaps left, so two
//!   different canonical codes differ on the heap i + 1, 2 or 3 where the differing bit first
//!   acts. Games that are *not* the same but have the same value sequence are found after the
//!   run from proved rows ([`super::same`]), as the published tables group them.
//!   (*Winning Ways* and the tables also group games whose sequences are the same after a
//!   shift, such as 0.01 and 0.1: not equal sequences, so not grouped here.)

use crate::error::{Error, Result};
use crate::games::octal::Code;

/// The most games a family may hold.
pub const MAX_GAMES: u64 = 1 << 20;

/// A family of codes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Family {
    /// 0.d1…dK, digits 0–7.
    Octal(u32),
    /// 4.d1…dK, digits 0–7.
    Octal4(u32),
    /// 0.d1…dK, digits 0–f.
    Hex(u32),
    /// Every subtraction set ⊆ {1..M}.
    Subtraction(u32),
    /// A list of codes, as given (spellings of one code are merged by [`Family::members`]).
    Codes(Vec<String>),
    /// The Cram boards of this many rows, by their columns.
    Cram(u32),
    /// The positions of the game `game`'s own sequence ([`crate::games::Capabilities::sequence`]),
    /// by n: `family` is the words after the game's name with `{n}` where the number goes
    /// (`grid 3x{n}`; empty for a game whose sequence takes none, the triomino strips).
    Sequence {
        /// The game's registry name.
        game: String,
        /// The family, as `grundy seq GAME FAMILY` takes it (`grid 3x{n}`).
        family: String,
    },
}

/// One game of a family: its canonical code, its position in the family and the other
/// spellings given for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// Position in the family's order, from 0.
    pub index: u64,
    /// The code, written canonically.
    pub code: String,
    /// Other spellings of the same code in the input (lists only).
    pub also: Vec<String>,
}

/// `--shard I/N`: the games whose index is I − 1 modulo N (round robin, so the costly games,
/// which cluster in the order, are spread over the shards).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// I, from 1.
    pub part: u64,
    /// N.
    pub parts: u64,
}

impl Shard {
    /// The whole family.
    pub const ALL: Shard = Shard { part: 1, parts: 1 };

    /// Parse `I/N` (1 ≤ I ≤ N).
    pub fn parse(text: &str) -> Result<Shard> {
        let bad = || {
            Error::Input(format!(
                "--shard `{text}`: write I/N with 1 ≤ I ≤ N, e.g. --shard 2/8 (the share I of N)"
            ))
        };
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let part: u64 = i.trim().parse().map_err(|_| bad())?;
        let parts: u64 = n.trim().parse().map_err(|_| bad())?;
        if part == 0 || parts == 0 || part > parts {
            return Err(bad());
        }
        Ok(Shard { part, parts })
    }

    /// Whether the game at `index` is in this share.
    pub fn holds(&self, index: u64) -> bool {
        index % self.parts == self.part - 1
    }
}

impl Family {
    /// Parse FAMILY: `octal:K`, `octal4:K`, `hex:K`, `subtraction:M`, or a comma-separated
    /// list of codes. (A file of codes is read by the front end and given as a list.)
    pub fn parse(spec: &str) -> Result<Family> {
        let spec = spec.trim();
        if let Some((kind, k)) = spec.split_once(':') {
            let make: fn(u32) -> Family = match kind.to_ascii_lowercase().as_str() {
                "octal" => Family::Octal,
                "octal4" => Family::Octal4,
                "hex" => Family::Hex,
                "subtraction" => Family::Subtraction,
                "cram" => Family::Cram,
                _ => return Family::sequence(kind, k),
            };
            let k: u32 = k.trim().parse().map_err(|_| {
                Error::Input(format!(
                    "family `{spec}`: `{k}` is not a number of digits (e.g. octal:3)"
                ))
            })?;
            let family = make(k);
            let size = family.size();
            if k == 0 || size == 0 || size > MAX_GAMES {
                return Err(Error::Input(format!(
                    "family `{spec}`: {k} gives {} games; at least 1 digit (element) and at most {MAX_GAMES} games",
                    if size > MAX_GAMES {
                        "too many".to_string()
                    } else {
                        size.to_string()
                    }
                )));
            }
            return Ok(family);
        }
        let codes: Vec<String> = spec
            .split(',')
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty())
            .collect();
        Family::list(codes)
    }

    /// `GAME:FAMILY` for a game with a sequence of its own (`GAME:grid 3x{n}`), its
    /// family checked by the game's sequence (asked for no n: the words alone are checked).
    fn sequence(game: &str, family: &str) -> Result<Family> {
        let entry = crate::games::find(game).ok().filter(|e| e.caps.sequence.is_some());
        let Some(entry) = entry else {
            return Err(Error::Input(format!(
                "unknown family `{game}`: accepted are octal:K, octal4:K, hex:K, subtraction:M, cram:R, GAME:FAMILY for a game with a sequence of its own (a graph game: GAME:'grid 3x{{n}}'), a file of codes, or codes separated by commas"
            )));
        };
        let family = family.trim().to_string();
        let values = entry.caps.sequence.expect("filtered above");
        values(
            &sequence_words(&family),
            crate::games::Asked::Only(&[]),
            &crate::control::Control::new(),
            &mut |_, _| Ok(()),
        )?;
        Ok(Family::Sequence {
            game: entry.name.to_string(),
            family,
        })
    }

    /// A list of codes (from a file or the command line); each must parse.
    pub fn list(codes: Vec<String>) -> Result<Family> {
        if codes.is_empty() {
            return Err(Error::Input("the list of codes is empty".into()));
        }
        if codes.len() as u64 > MAX_GAMES {
            return Err(Error::Input(format!(
                "{} codes: at most {MAX_GAMES} a census",
                codes.len()
            )));
        }
        for c in &codes {
            Code::parse(c)?;
        }
        Ok(Family::Codes(codes))
    }

    /// The codes of a file's text: words separated by blanks or commas; `#` starts a comment.
    pub fn from_text(text: &str) -> Result<Family> {
        let codes = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or(""))
            .flat_map(|l| l.split([',', ' ', '\t']))
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect();
        Family::list(codes)
    }

    /// The number of index positions (before spellings of one code are merged, for lists).
    fn size(&self) -> u64 {
        let pow = |b: u64, k: u32| b.checked_pow(k).unwrap_or(u64::MAX);
        match self {
            Family::Octal(k) | Family::Octal4(k) => pow(8, *k),
            Family::Hex(k) => pow(16, *k),
            Family::Subtraction(m) => pow(2, *m),
            Family::Codes(c) => c.len() as u64,
            Family::Cram(rows) => 64 / u64::from(*rows),
            Family::Sequence { .. } => MAX_GAMES,
        }
    }

    /// The family's label, written in every row: `octal:3`, ...; for a list, `codes:` and the
    /// hash of its canonical codes (so shards of one list agree, and other lists differ).
    pub fn label(&self) -> String {
        match self {
            Family::Octal(k) => format!("octal:{k}"),
            Family::Octal4(k) => format!("octal4:{k}"),
            Family::Hex(k) => format!("hex:{k}"),
            Family::Subtraction(m) => format!("subtraction:{m}"),
            Family::Cram(rows) => format!("cram:{rows}"),
            Family::Sequence { game, family } => format!("{game}:{family}"),
            Family::Codes(_) => {
                let codes: Vec<String> = self.members().into_iter().map(|m| m.code).collect();
                format!("codes:{:016x}", crate::files::fnv1a64(codes.join(",").as_bytes()))
            }
        }
    }

    /// The games a census up to `to` runs: every member, but for `cram:R` only the boards of
    /// at most `to` columns (an [`Error::Input`] when `to` passes 64 cells), and for
    /// `GAME:FAMILY` the positions n = 0..=`to` (at most [`MAX_GAMES`]).
    pub fn members_up_to(&self, to: u64) -> Result<Vec<Member>> {
        if let Family::Sequence { family, .. } = self {
            if to >= MAX_GAMES {
                return Err(Error::Input(format!(
                    "{} --to {to}: at most {MAX_GAMES} positions a census",
                    self.label()
                )));
            }
            return Ok((0..=to)
                .map(|n| Member {
                    index: n,
                    code: sequence_member(family, n),
                    also: Vec::new(),
                })
                .collect());
        }
        let members = self.members();
        let Family::Cram(rows) = self else {
            return Ok(members);
        };
        let most = 64 / u64::from(*rows);
        if to == 0 || to > most {
            return Err(Error::Input(format!(
                "cram:{rows} --to {to}: the boards have 1 to {most} columns (at most 64 cells)"
            )));
        }
        Ok(members.into_iter().take(to as usize).collect())
    }

    /// Whether the family's members are known only up to a `--to` ([`Family::Sequence`]:
    /// [`Family::members`] is empty for it, [`Family::members_up_to`] lists them).
    pub fn needs_to(&self) -> bool {
        matches!(self, Family::Sequence { .. })
    }

    /// Every game of the family, in order, each once (none for a family by n, which has no
    /// last member: [`Family::members_up_to`]).
    pub fn members(&self) -> Vec<Member> {
        let digits_family = |before: &str, base: u64, k: u32| -> Vec<Member> {
            (0..base.pow(k))
                .map(|i| {
                    let mut digits = String::new();
                    for place in (0..k).rev() {
                        let d = (i / base.pow(place)) % base;
                        digits.push(char::from_digit(d as u32, 16).expect("a digit"));
                    }
                    Member {
                        index: i,
                        code: canonical(&format!("{before}.{digits}")),
                        also: Vec::new(),
                    }
                })
                .collect()
        };
        match self {
            Family::Octal(k) => digits_family("0", 8, *k),
            Family::Octal4(k) => digits_family("4", 8, *k),
            Family::Hex(k) => digits_family("0", 16, *k),
            Family::Subtraction(m) => (0..1u64 << m)
                .map(|mask| {
                    let digits: String = (1..=*m)
                        .map(|s| if mask >> (s - 1) & 1 == 1 { '3' } else { '0' })
                        .collect();
                    Member {
                        index: mask,
                        code: canonical(&format!("0.{digits}")),
                        also: Vec::new(),
                    }
                })
                .collect(),
            Family::Cram(rows) => (1..=64 / u64::from(*rows))
                .map(|n| Member {
                    index: n - 1,
                    code: format!("{rows}x{n}"),
                    also: Vec::new(),
                })
                .collect(),
            Family::Sequence { .. } => Vec::new(),
            Family::Codes(codes) => {
                let mut members: Vec<Member> = Vec::new();
                for c in codes {
                    let code = canonical(c);
                    match members.iter_mut().find(|m| m.code == code) {
                        Some(m) => {
                            if !m.also.contains(c) && *c != code {
                                m.also.push(c.clone());
                            }
                        }
                        None => members.push(Member {
                            index: members.len() as u64,
                            also: if *c == code { Vec::new() } else { vec![c.clone()] },
                            code,
                        }),
                    }
                }
                members
            }
        }
    }
}

/// The words a game's sequence takes for `family` (none for an empty family).
pub fn sequence_words(family: &str) -> Vec<String> {
    if family.is_empty() {
        Vec::new()
    } else {
        vec![family.to_string()]
    }
}

/// The code of member n of a family by n: the family with n in place of `{n}` (`grid 3x7`), or
/// n alone for an empty family.
fn sequence_member(family: &str, n: u64) -> String {
    if family.is_empty() {
        n.to_string()
    } else {
        family.replace("{n}", &n.to_string())
    }
}

/// The canonical spelling of a code that parses (trailing zeros dropped, `0.` before the
/// point); callers have checked it parses.
fn canonical(code: &str) -> String {
    Code::parse(code).map_or_else(|_| code.to_string(), |c| c.text().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_enumerate_every_code_once_in_order() {
        let m = Family::parse("octal:2").unwrap().members();
        assert_eq!(m.len(), 64);
        assert_eq!(m[0].code, "0.0");
        assert_eq!(m[7].code, "0.07");
        assert_eq!(m[8].code, "0.1");
        assert_eq!(m[63].code, "0.77");
        let codes: std::collections::BTreeSet<_> = m.iter().map(|x| x.code.clone()).collect();
        assert_eq!(codes.len(), 64);
        let m = Family::parse("octal4:1").unwrap().members();
        assert_eq!(
            m.iter().map(|x| x.code.as_str()).collect::<Vec<_>>()[..3],
            ["4.0", "4.1", "4.2"]
        );
        let m = Family::parse("hex:1").unwrap().members();
        assert_eq!(m.len(), 16);
        assert_eq!(m[15].code, "0.f");
        let m = Family::parse("subtraction:3").unwrap().members();
        assert_eq!(m.len(), 8);
        assert_eq!(m[0].code, "0.0");
        assert_eq!(m[5].code, "0.303"); // {1, 3}
        assert_eq!(m[7].code, "0.333");
    }

    #[test]
    fn spellings_of_one_code_are_listed_once() {
        let f = Family::parse("0.07, .07, 0.070,dawson-kayles,0.137").unwrap();
        let m = f.members();
        assert_eq!(m.len(), 2);
        assert_eq!(m[0].code, "0.07");
        assert_eq!(m[0].also, vec![".07", "0.070", "dawson-kayles"]);
        assert_eq!(m[1].index, 1);
        assert_eq!(f.label(), Family::parse("0.07,0.137").unwrap().label());
        assert_ne!(f.label(), Family::parse("0.137,0.07").unwrap().label());
    }

    #[test]
    fn bad_families_and_shards_are_refused() {
        for bad in [
            "octal:0",
            "octal:9",
            "foo:2",
            "octal:x",
            "0.07,0.9z",
            "",
            "subtraction:30",
        ] {
            assert!(Family::parse(bad).is_err(), "{bad}");
        }
        for bad in ["0/3", "4/3", "1", "a/b", "1/0"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        let s = Shard::parse("2/3").unwrap();
        assert_eq!((0..9).filter(|&i| s.holds(i)).collect::<Vec<_>>(), vec![1, 4, 7]);
    }

    #[test]
    fn a_file_of_codes_reads_words_and_skips_comments() {
        let f = Family::from_text("# Kayles and friends\n0.77 0.07\n0.137, 4.07 # last\n").unwrap();
        assert_eq!(
            f,
            Family::Codes(vec!["0.77".into(), "0.07".into(), "0.137".into(), "4.07".into()])
        );
    }
}
