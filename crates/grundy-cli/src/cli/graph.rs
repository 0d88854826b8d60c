//! `grundy graph FILE [--start V | --pawns V1,V2,...] [--all-g [--limit K]] [--boolean] [--json]
//! [--verify]`:
//! the values of every vertex of a digraph game, a state game from a start vertex (thesis ch.3),
//! pawns (a sum), every g-function, or every Boolean Grundy function (kernels).

use super::args::GraphArgs;
use super::position::{json_line, move_list};
use super::render::columns;
use grundy::error::{Result, input};
use grundy::games::graph::{Pawns, SolvedGraph, load};
use grundy::outcome::Outcome;
use grundy::report::{
    FunctionKind, FunctionsReport, GraphReport, PawnsReport, StateGameReport, StrategyStep, ValueReport,
};
use grundy::settings::Settings;
use grundy::solve::digraph::INFINITE;
use grundy::solve::gfunctions::{Functions, Rule, enumerate_bounded};

const USAGE: &str =
    "grundy graph FILE [--start V | --pawns V1,V2,...] [--all-g [--limit K]] [--boolean] [--json] [--verify]";

pub fn run(a: &GraphArgs, settings: Settings) -> Result<String> {
    let json = a.json.json;
    let (all_g, boolean) = (a.all_g, a.boolean);
    let limit = match &a.limit {
        Some(k) => Some(grundy::games::heap::parse_natural(k, "--limit")?),
        None => None,
    };
    let (start, pawns) = (a.start.clone(), a.pawns.clone());
    let file = match a.words.as_slice() {
        [file] => file.clone(),
        [] => return input(format!("graph needs a graph file: {USAGE}")),
        [_, extra, ..] => return input(format!("unexpected `{extra}`: {USAGE}")),
    };
    if let Some(w) = [&file].into_iter().find(|w| w.starts_with("--")) {
        return input(format!("unknown option `{w}`: {USAGE}"));
    }
    if limit.is_some() && !all_g && !boolean {
        return input("--limit applies to --all-g or --boolean (how many functions to list)");
    }
    let chosen =
        usize::from(start.is_some()) + usize::from(pawns.is_some()) + usize::from(all_g) + usize::from(boolean);
    if chosen > 1 {
        return input(format!("choose one of --start, --pawns, --all-g, --boolean: {USAGE}"));
    }
    let solved = load(&file, &settings.control)?;
    if a.verify.verify {
        eprintln!(
            "grundy: {}",
            grundy::solve::verify::check_graph(&solved.graph, &solved.labels, &settings.control)?
        );
    }
    let limit = usize::try_from(limit.unwrap_or(10)).unwrap_or(usize::MAX);
    if let Some(v) = start {
        let x = solved.vertex(&v)?;
        let r = state_game(&solved, Pawns::place(solved.clone(), vec![x]))?;
        return if json { json_line(&r) } else { Ok(state_game_text(&r)) };
    }
    if let Some(list) = pawns {
        let ids = list
            .split(',')
            .map(|v| solved.vertex(v.trim()))
            .collect::<Result<Vec<u32>>>()?;
        let r = pawn_report(Pawns::place(solved.clone(), ids))?;
        return if json { json_line(&r) } else { Ok(pawns_text(&r)) };
    }
    if all_g || boolean {
        let rule = if all_g { Rule::Mex } else { Rule::Bmex };
        let r = functions(&solved, rule, limit, settings)?;
        return if json { json_line(&r) } else { Ok(functions_text(&r)) };
    }
    let r = GraphReport::of(&solved);
    if json { json_line(&r) } else { Ok(vertices_text(&r)) }
}

/// The thesis's vertex label: p (value 0), n (the player to move wins) or d (draw).
fn label(o: Outcome) -> &'static str {
    match o {
        Outcome::P => "p",
        Outcome::N => "n",
        Outcome::Draw => "d",
    }
}

fn vertices_text(r: &GraphReport) -> String {
    let mut out = format!(
        "graph {}: {} vertices, {} arcs, {}\n",
        r.file,
        r.vertices.len(),
        r.arcs,
        if r.acyclic {
            "acyclic: the Grundy function g (unique)"
        } else {
            "with circuits: the generalized Sprague–Grundy function (∞(K): K = finite values among the followers)"
        }
    );
    let mut rows = vec![vec!["vertex".to_string(), "value".into(), "outcome".into()]];
    for v in &r.vertices {
        rows.push(vec![
            v.name.clone(),
            v.value.to_string(),
            format!("{} ({}-vertex)", v.outcome.code(), label(v.outcome)),
        ]);
    }
    out.push_str(&columns(&rows));
    for o in [Outcome::P, Outcome::N, Outcome::Draw] {
        let names: Vec<&str> = r
            .vertices
            .iter()
            .filter(|v| v.outcome == o)
            .map(|v| v.name.as_str())
            .collect();
        if !names.is_empty() && r.vertices.len() <= 200 {
            out.push_str(&format!("{}-vertices: {}\n", label(o), names.join(", ")));
        }
    }
    out
}

fn pawn_report(p: Pawns) -> Result<PawnsReport> {
    Ok(PawnsReport {
        file: p.solved().file.clone(),
        pawn_values: p.pawns().iter().map(|&v| p.solved().value(v)).collect(),
        total: ValueReport::of(&p)?,
    })
}

fn pawns_text(r: &PawnsReport) -> String {
    let parts: Vec<String> = r.pawn_values.iter().map(|v| v.to_string()).collect();
    let value = &r.total.value;
    let mut out = format!("pawns on {} in {}\n", r.total.position, r.file);
    out.push_str(&format!("value    {} = {value}\n", parts.join(" ⊕ ")));
    out.push_str(&format!(
        "outcome  {} ({})\n",
        value.outcome(),
        value.outcome().meaning()
    ));
    out.push_str(&move_list("winning moves", &r.total.winning_moves));
    if let Some(draws) = &r.total.drawing_moves {
        out.push_str(&move_list("moves that keep the draw", draws));
    }
    out
}

/// A state game (S, s, f) (thesis ch.3): even (N) or odd (P), and the strategy.
fn state_game(s: &SolvedGraph, p: Pawns) -> Result<StateGameReport> {
    let start = p.pawns()[0];
    let total = ValueReport::of(&p)?;
    let g = &s.graph;
    // The strategy on the states reachable from s: from a winning state, a move to a losing one;
    // from a drawn state, a move to a drawn one.
    let mut seen = vec![false; g.len()];
    let mut queue = vec![start];
    seen[start as usize] = true;
    let mut head = 0;
    let mut strategy = Vec::new();
    while head < queue.len() {
        let x = queue[head];
        head += 1;
        let o = s.value(x).outcome();
        let pick = g.followers(x).iter().copied().find(|&y| match o {
            Outcome::N => s.value(y).outcome() == Outcome::P,
            Outcome::Draw => s.value(y).outcome() == Outcome::Draw,
            Outcome::P => false,
        });
        if let Some(y) = pick {
            strategy.push(StrategyStep {
                state: g.name(x).to_string(),
                state_value: s.value(x),
                move_to: g.name(y).to_string(),
                move_to_value: s.value(y),
            });
        }
        for &y in g.followers(x) {
            if !seen[y as usize] {
                seen[y as usize] = true;
                queue.push(y);
            }
        }
    }
    let parity = match total.value.outcome() {
        Outcome::N => "even",
        Outcome::P => "odd",
        Outcome::Draw => "neither even nor odd",
    };
    Ok(StateGameReport {
        file: s.file.clone(),
        start: g.name(start).to_string(),
        parity: parity.into(),
        strategy,
        total,
    })
}

fn state_game_text(r: &StateGameReport) -> String {
    let name = &r.start;
    let value = &r.total.value;
    let mut out = format!("state game (S, s, f) of {} with initial state s = {name}\n", r.file);
    out.push_str(&format!("g({name}) = {value}\n"));
    out.push_str(&match value.outcome() {
        Outcome::N => "an even game (N): the first player wins by always moving to a state of value 0\n".to_string(),
        Outcome::P => format!(
            "an odd game (P): g({name}) = 0, so the second player wins: after any first move, answer with a move to a state of value 0\n"
        ),
        Outcome::Draw => "a draw: neither player can force the play to end in their favour; keep to drawn states\n".into(),
    });
    if !r.strategy.is_empty() {
        out.push_str("strategy on the reachable states (state: move to):\n");
        let rows: Vec<Vec<String>> = r
            .strategy
            .iter()
            .map(|st| {
                vec![
                    format!("{} (value {})", st.state, st.state_value),
                    format!("→ {} (value {})", st.move_to, st.move_to_value),
                ]
            })
            .collect();
        out.push_str(&columns(&rows));
    }
    out
}

/// Every g-function (--all-g) or Boolean function (--boolean).
fn functions(s: &SolvedGraph, rule: Rule, limit: usize, settings: Settings) -> Result<FunctionsReport> {
    let found = if s.acyclic {
        // Exactly one, the Grundy function (or its Boolean version): thesis ch.2 proposition (a).
        let f: Vec<u32> = match rule {
            Rule::Mex => s.labels.clone(),
            Rule::Bmex => s.labels.iter().map(|&v| u32::from(v != 0)).collect(),
        };
        Functions {
            count: 1,
            listed: if limit > 0 { vec![f] } else { vec![] },
        }
    } else {
        enumerate_bounded(&s.graph, rule, limit, settings.max_states as u64, &settings.control)?
    };
    Ok(FunctionsReport {
        file: s.file.clone(),
        acyclic: s.acyclic,
        kind: match rule {
            Rule::Mex => FunctionKind::Grundy,
            Rule::Bmex => FunctionKind::Boolean,
        },
        count: found.count,
        names: s.graph.names().to_vec(),
        listed: found.listed,
        infinite: s
            .graph
            .vertices()
            .filter(|&v| s.labels[v as usize] == INFINITE)
            .map(|v| s.graph.name(v).to_string())
            .collect(),
    })
}

fn functions_text(r: &FunctionsReport) -> String {
    let what = match r.kind {
        FunctionKind::Grundy => "g-function",
        FunctionKind::Boolean => "Boolean Grundy function",
    };
    let mut out = match r.count {
        0 => format!("graph {}: no {what} exists\n", r.file),
        1 => format!("graph {}: exactly one {what}\n", r.file),
        n => format!("graph {}: {n} {what}s\n", r.file),
    };
    if r.listed.is_empty() {
        return out;
    }
    if (r.listed.len() as u64) < r.count {
        out.push_str(&format!("the first {} (raise with --limit K):\n", r.listed.len()));
    }
    let mut rows = vec![
        std::iter::once("#".to_string())
            .chain(r.names.iter().cloned())
            .collect::<Vec<_>>(),
    ];
    for (i, f) in r.listed.iter().enumerate() {
        let mut row = vec![format!("{}", i + 1)];
        row.extend(f.iter().map(u32::to_string));
        rows.push(row);
    }
    out.push_str(&columns(&rows));
    if r.kind == FunctionKind::Boolean {
        out.push_str("kernels (the vertices with B = 0):\n");
        for (i, f) in r.listed.iter().enumerate() {
            out.push_str(&format!("  {}: {{{}}}\n", i + 1, r.kernel(f).join(", ")));
        }
    }
    if r.kind == FunctionKind::Grundy && !r.acyclic && !r.infinite.is_empty() {
        out.push_str(&format!(
            "(the generalized Sprague–Grundy function is ∞ at {}; the outcomes come from it, see `grundy graph {}`)\n",
            r.infinite.join(", "),
            r.file
        ));
    }
    out
}
