//! Built-in graph families, as positions of the games played on graphs (Node Kayles, Arc
//! Kayles): `grid RxC`, `cycle N`, `path N`, `complete N`, `queens N`, `petersen N,K`,
//! `hypercube D`, `tree P1,P2,...` (a parent list).
//!
//! What: [`parse`] reads the words after the game's name when the first one names a family and
//! builds the graph (vertex names and undirected edges) as a [`Digraph`] whose arcs the games
//! read as edges. [`pattern`] reads a family with `{n}` in place of one number
//! (`grid 3x{n}`), for `grundy seq`.
//!
//! Why here: the families are positions in the notation of the sources (Brown et al., "Nimber
//! sequences of Node-Kayles games", JIS 2020: lattice graphs, generalized Petersen graphs P(n,k),
//! hypercubes; OEIS A344227: the n×n queens graph), parsed the same way for every front end.
//!
//! Cost: O(vertices + edges) to build; the size is checked first, so an absurd one
//! (`queens 100000`) is refused with the memory it would need before anything is allocated.
//!
//! Vertex names: `r,c` (row and column from 1) on grids and queens boards; `1`..`N` on paths,
//! cycles, complete graphs and trees; `u1..uN` (outer cycle) and `v1..vN` (inner) on Petersen
//! graphs; binary words of length D on hypercubes. Degenerate sizes are built by the same
//! formula with loops and repeated edges dropped (`cycle 2` is one edge, `path 0` is empty).

use crate::control::Control;
use crate::error::{Result, input};
use crate::solve::digraph::Digraph;

/// The family names, as `grundy list` shows them.
pub const FAMILIES: &str = "grid RxC, cycle N, path N, complete N, queens N, petersen N,K, hypercube D, tree P1,P2,...";

/// Most vertices a family may have (the generic engine keeps n²/8 bytes of neighbourhoods).
pub const MAX_VERTICES: u64 = 1 << 20;

/// Whether `word` names a family.
pub fn is_family(word: &str) -> bool {
    matches!(
        word.to_ascii_lowercase().as_str(),
        "grid" | "cycle" | "path" | "complete" | "queens" | "petersen" | "hypercube" | "tree"
    )
}

fn number(text: &str, what: &str, family: &str) -> Result<u64> {
    text.trim().parse::<u64>().or_else(|_| {
        input(format!(
            "{family}: `{text}` is not a number ({what}); families: {FAMILIES}"
        ))
    })
}

/// The numbers of a family's argument: `3x5`, `3 5`, `10,2`.
fn numbers(words: &[String], family: &str, count: usize, what: &str) -> Result<Vec<u64>> {
    let joined = words.join(" ");
    let parts: Vec<&str> = joined
        .split(|c: char| c == 'x' || c == 'X' || c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .collect();
    if count != 0 && parts.len() != count {
        return input(format!("{family} takes {what}, e.g. {}", example(family)));
    }
    parts.iter().map(|p| number(p, what, family)).collect()
}

fn example(family: &str) -> &'static str {
    match family {
        "grid" => "`grid 3x5`",
        "petersen" => "`petersen 5,2`",
        "tree" => "`tree 0,1,1,2` (the parent of each vertex 1..n, 0 for the root)",
        "hypercube" => "`hypercube 4`",
        _ => "`cycle 7`",
    }
}

/// The graph of the family named by `words` (the family, then its numbers). `control`'s
/// memory budget is asked for the graph's size first.
pub fn parse(words: &[String], control: &Control) -> Result<Digraph> {
    Ok(parse_with_symmetries(words, control)?.0)
}

/// [`parse`], with the symmetries of the board for the families on boards (`grid`, `queens`):
/// each a permutation of the vertices that is an automorphism of the graph (the identity left
/// out). Other families give none (their components are small or sparse enough for canonical
/// forms, which see every symmetry).
pub fn parse_with_symmetries(words: &[String], control: &Control) -> Result<(Digraph, Vec<Vec<usize>>)> {
    let Some((family, args)) = words.split_first() else {
        return input(format!("no graph given; families: {FAMILIES}"));
    };
    let family = family.to_ascii_lowercase();
    let family = family.as_str();
    let (n, m) = size(family, args)?;
    let bytes = n
        .saturating_mul(n.div_ceil(64) * 8 + 64)
        .saturating_add(m.saturating_mul(16));
    let text = format!("{family} {}", args.join(" "));
    if n > MAX_VERTICES || control.headroom().is_some_and(|room| bytes > room) {
        return input(format!(
            "{text} has {n} vertices and {m} edges: its graph would need {} of memory{}; \
             families are taken up to {MAX_VERTICES} vertices",
            crate::memory::describe(bytes.max(1 << 20)),
            control.headroom().map_or(String::new(), |r| format!(
                " (free under the memory limit: {})",
                crate::memory::describe(r)
            ))
        ));
    }
    control.reserve(bytes)?;
    let (names, edges) = build(family, args)?;
    let mut arcs: Vec<(u32, u32)> = edges
        .into_iter()
        .filter(|(u, v)| u != v)
        .map(|(u, v)| (u.min(v) as u32, u.max(v) as u32))
        .collect();
    arcs.sort_unstable();
    arcs.dedup();
    let symmetries = match family {
        "grid" => {
            let v = numbers(args, family, 2, "rows x columns")?;
            board_symmetries(v[0] as usize, v[1] as usize)
        }
        "queens" => {
            let s = numbers(args, family, 1, "the side of the board")?[0] as usize;
            board_symmetries(s, s)
        }
        _ => Vec::new(),
    };
    Ok((Digraph::new(names, &arcs)?, symmetries))
}

/// The board (rows, columns) of the families whose vertices are its cells, numbered row by
/// row, with adjacency invariant under translation (`grid`, `queens`); `None` for the others
/// and for words that do not name a family.
pub fn board(words: &[String]) -> Option<(usize, usize)> {
    let (family, args) = words.split_first()?;
    match family.to_ascii_lowercase().as_str() {
        "grid" => {
            let v = numbers(args, "grid", 2, "rows x columns").ok()?;
            Some((v[0] as usize, v[1] as usize))
        }
        "queens" => {
            let s = numbers(args, "queens", 1, "the side of the board").ok()?[0] as usize;
            Some((s, s))
        }
        _ => None,
    }
}

/// The symmetries of an r×c board (cells numbered row by row): the two flips and the half
/// turn, and on a square board the quarter turns and the two diagonal flips too.
fn board_symmetries(r: usize, c: usize) -> Vec<Vec<usize>> {
    type CellMap = Box<dyn Fn(usize, usize) -> (usize, usize)>;
    let mut maps: Vec<CellMap> = vec![
        Box::new(move |i, j| (i, c - 1 - j)),
        Box::new(move |i, j| (r - 1 - i, j)),
        Box::new(move |i, j| (r - 1 - i, c - 1 - j)),
    ];
    if r == c {
        maps.push(Box::new(move |i, j| (j, i)));
        maps.push(Box::new(move |i, j| (c - 1 - j, r - 1 - i)));
        maps.push(Box::new(move |i, j| (j, r - 1 - i)));
        maps.push(Box::new(move |i, j| (c - 1 - j, i)));
    }
    if r == 0 || c == 0 {
        return Vec::new();
    }
    maps.iter()
        .map(|m| {
            (0..r * c)
                .map(|v| {
                    let (i, j) = m(v / c, v % c);
                    i * c + j
                })
                .collect()
        })
        .collect()
}

/// The number of vertices and (an upper bound on) edges, before anything is built.
fn size(family: &str, args: &[String]) -> Result<(u64, u64)> {
    Ok(match family {
        "grid" => {
            let v = numbers(args, family, 2, "rows x columns")?;
            let n = v[0].saturating_mul(v[1]);
            (n, n.saturating_mul(2))
        }
        "cycle" | "path" => {
            let n = numbers(args, family, 1, "one number of vertices")?[0];
            (n, n)
        }
        "complete" => {
            let n = numbers(args, family, 1, "one number of vertices")?[0];
            (n, n.saturating_mul(n) / 2)
        }
        "queens" => {
            let s = numbers(args, family, 1, "the side of the board")?[0];
            let n = s.saturating_mul(s);
            (n, n.saturating_mul(s.saturating_mul(4)) / 2)
        }
        "petersen" => {
            let v = numbers(args, family, 2, "N,K")?;
            (v[0].saturating_mul(2), v[0].saturating_mul(3))
        }
        "hypercube" => {
            let d = numbers(args, family, 1, "the dimension")?[0];
            if d > 40 {
                return input(format!(
                    "hypercube {d} has 2^{d} vertices: its graph would need more than 2^{} bytes of memory; families are taken up to {MAX_VERTICES} vertices",
                    2 * d - 3
                ));
            }
            (1 << d, (1u64 << d).saturating_mul(d) / 2)
        }
        "tree" => {
            let v = numbers(args, family, 0, "a parent list")?;
            (v.len() as u64, v.len() as u64)
        }
        _ => return input(format!("unknown graph family `{family}`; families: {FAMILIES}")),
    })
}

type Built = (Vec<String>, Vec<(usize, usize)>);

fn build(family: &str, args: &[String]) -> Result<Built> {
    let names_1 = |n: usize| (1..=n).map(|i| i.to_string()).collect::<Vec<_>>();
    Ok(match family {
        "grid" => {
            let v = numbers(args, family, 2, "rows x columns")?;
            let (r, c) = (v[0] as usize, v[1] as usize);
            let names = (0..r * c).map(|i| format!("{},{}", i / c + 1, i % c + 1)).collect();
            let mut e = Vec::new();
            for i in 0..r * c {
                if i % c + 1 < c {
                    e.push((i, i + 1));
                }
                if i + c < r * c {
                    e.push((i, i + c));
                }
            }
            (names, e)
        }
        "path" | "cycle" => {
            let n = numbers(args, family, 1, "one number of vertices")?[0] as usize;
            let mut e: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
            if family == "cycle" && n >= 3 {
                e.push((n - 1, 0));
            }
            (names_1(n), e)
        }
        "complete" => {
            let n = numbers(args, family, 1, "one number of vertices")?[0] as usize;
            let e = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
            (names_1(n), e)
        }
        "queens" => {
            let s = numbers(args, family, 1, "the side of the board")?[0] as usize;
            let names = (0..s * s).map(|i| format!("{},{}", i / s + 1, i % s + 1)).collect();
            let mut e = Vec::new();
            for a in 0..s * s {
                for b in a + 1..s * s {
                    let (ra, ca, rb, cb) = (a / s, a % s, b / s, b % s);
                    if ra == rb || ca == cb || ra.abs_diff(rb) == ca.abs_diff(cb) {
                        e.push((a, b));
                    }
                }
            }
            (names, e)
        }
        "petersen" => {
            let v = numbers(args, family, 2, "N,K")?;
            let (n, k) = (v[0] as usize, v[1] as usize);
            let mut names: Vec<String> = (1..=n).map(|i| format!("u{i}")).collect();
            names.extend((1..=n).map(|i| format!("v{i}")));
            let mut e = Vec::new();
            for i in 0..n {
                e.push((i, (i + 1) % n));
                e.push((i, n + i));
                e.push((n + i, n + (i + k) % n));
            }
            (names, e)
        }
        "hypercube" => {
            let d = numbers(args, family, 1, "the dimension")?[0] as usize;
            let n = 1usize << d;
            let names = (0..n)
                .map(|i| if d == 0 { "-".to_string() } else { format!("{i:0d$b}") })
                .collect();
            let e = (0..n)
                .flat_map(|u| (0..d).map(move |b| (u, u ^ (1 << b))))
                .filter(|(u, v)| u < v)
                .collect();
            (names, e)
        }
        "tree" => {
            let parents = numbers(args, family, 0, "a parent list")?;
            let n = parents.len();
            let mut e = Vec::new();
            for (i, &p) in parents.iter().enumerate() {
                if p == 0 {
                    continue;
                }
                if p as usize > n || p as usize == i + 1 {
                    return input(format!(
                        "tree: vertex {} has parent {p}; parents are vertices 1..{n} other than itself, or 0 for a root",
                        i + 1
                    ));
                }
                e.push((i, p as usize - 1));
            }
            // A parent list with a cycle is not a forest.
            for start in 0..n {
                let mut v = start;
                let mut steps = 0;
                while parents[v] != 0 {
                    v = parents[v] as usize - 1;
                    steps += 1;
                    if steps > n {
                        return input(format!(
                            "tree: the parent list has a cycle through vertex {}",
                            start + 1
                        ));
                    }
                }
            }
            (names_1(n), e)
        }
        _ => return input(format!("unknown graph family `{family}`; families: {FAMILIES}")),
    })
}

/// A family with `{n}` in place of one number (`grid 3x{n}`, `petersen {n},2`; no words:
/// `path {n}`): the family words for each n.
pub fn pattern(words: &[String]) -> Result<impl Fn(u64) -> Vec<String> + use<>> {
    // No family: paths (Dawson's chess for Node Kayles).
    let text = if words.iter().all(|w| w.trim().is_empty()) {
        "path {n}".to_string()
    } else {
        words.join(" ")
    };
    let Some(first) = text.split_whitespace().next() else {
        return input(format!(
            "seq over graphs takes a family with {{n}}, e.g. `grid 3x{{n}}`; families: {FAMILIES}"
        ));
    };
    if !is_family(first) {
        return input(format!("`{first}` is not a graph family; families: {FAMILIES}"));
    }
    if text.matches("{n}").count() != 1 {
        return input(format!(
            "`{text}`: write {{n}} once where the number goes, e.g. `grid 3x{{n}}`"
        ));
    }
    Ok(move |n: u64| crate::games::words(&text.replace("{n}", &n.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(text: &str) -> Digraph {
        parse(&crate::games::words(text), &Control::default()).unwrap()
    }

    fn edges(g: &Digraph) -> usize {
        g.vertices().map(|v| g.followers(v).len()).sum()
    }

    #[test]
    fn families_have_their_sizes() {
        for (text, n, m) in [
            ("grid 3x4", 12, 17),
            ("cycle 7", 7, 7),
            ("cycle 2", 2, 1),
            ("path 5", 5, 4),
            ("complete 5", 5, 10),
            ("queens 4", 16, 76),
            ("petersen 5,2", 10, 15),
            ("petersen 6 2", 12, 18),
            ("hypercube 4", 16, 32),
            ("tree 0,1,1,2", 4, 3),
        ] {
            let g = graph(text);
            assert_eq!((g.len(), edges(&g)), (n, m), "{text}");
        }
        assert_eq!(graph("grid 2x2").names(), ["1,1", "1,2", "2,1", "2,2"]);
    }

    #[test]
    fn absurd_sizes_and_bad_words_are_refused() {
        let err = |t: &str| {
            parse(&crate::games::words(t), &Control::default())
                .unwrap_err()
                .to_string()
        };
        let e = err("queens 100000");
        assert!(e.contains("10000000000 vertices") && e.contains("memory"), "{e}");
        assert!(err("hypercube 64").contains("memory"));
        assert!(err("grid 3").contains("grid 3x5"));
        assert!(err("tree 2,1").contains("cycle"));
        assert!(err("tree 0,5").contains("parent"));
        assert_eq!(graph("petersen 0,2").len(), 0);
        assert!(err("cube 3").contains("families"));
        let p = pattern(&crate::games::words("grid 3x{n}")).unwrap();
        assert_eq!(p(7), ["grid", "3x7"]);
        assert!(pattern(&crate::games::words("grid 3x4")).is_err());
    }
}
