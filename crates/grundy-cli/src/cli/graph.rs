//! `grundy graph FILE [--start V | --pawns V1,V2,...] [--all-g [--limit K]] [--boolean] [--json]
//! [--verify]`:
//! the values of every vertex of a digraph game, a state game from a start vertex (thesis ch.3),
//! pawns (a sum), every g-function, or every Boolean Grundy function (kernels).

use super::flags::{take_flag, take_limits, take_number, take_value};
use super::render::columns;
use grundy::error::{Result, input};
use grundy::games::Settings;
use grundy::games::graph::{Pawns, SolvedGraph, load};
use grundy::outcome::Outcome;
use grundy::position::AnyPosition;
use grundy::solve::digraph::INFINITE;
use grundy::solve::gfunctions::{Functions, Rule, enumerate_bounded};
use grundy::value::Value;
use serde_json::{Map, Value as Json, json};

const USAGE: &str =
    "grundy graph FILE [--start V | --pawns V1,V2,...] [--all-g [--limit K]] [--boolean] [--json] [--verify]";

pub fn run(mut words: Vec<String>, mut settings: Settings) -> Result<String> {
    let json = take_flag(&mut words, "json");
    let verify = take_flag(&mut words, "verify");
    let all_g = take_flag(&mut words, "all-g");
    let boolean = take_flag(&mut words, "boolean");
    let limit = take_number(&mut words, "limit")?;
    let start = take_value(&mut words, "start")?;
    let pawns = take_value(&mut words, "pawns")?;
    take_limits(&mut words, &mut settings)?;
    let file = match words.as_slice() {
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
    let solved = load(&file)?;
    if verify {
        eprintln!(
            "grundy: {}",
            grundy::solve::verify::check_graph(&solved.graph, &solved.labels)?
        );
    }
    let limit = usize::try_from(limit.unwrap_or(10)).unwrap_or(usize::MAX);
    if let Some(v) = start {
        let x = solved.vertex(&v)?;
        return state_game(&solved, Pawns::place(solved.clone(), vec![x]), json);
    }
    if let Some(list) = pawns {
        let ids = list
            .split(',')
            .map(|v| solved.vertex(v.trim()))
            .collect::<Result<Vec<u32>>>()?;
        return pawn_report(Pawns::place(solved.clone(), ids), json);
    }
    if all_g {
        return functions(&solved, Rule::Mex, limit, settings, json);
    }
    if boolean {
        return functions(&solved, Rule::Bmex, limit, settings, json);
    }
    Ok(vertices(&solved, json))
}

/// The thesis's vertex label: p (value 0), n (the player to move wins) or d (draw).
fn label(o: Outcome) -> &'static str {
    match o {
        Outcome::P => "p",
        Outcome::N => "n",
        Outcome::Draw => "d",
    }
}

fn vertices(s: &SolvedGraph, json: bool) -> String {
    let g = &s.graph;
    if json {
        let vs: Vec<Json> = g
            .vertices()
            .map(|v| {
                let value = s.value(v);
                json!({ "name": g.name(v), "value": value, "outcome": value.outcome().code() })
            })
            .collect();
        return format!(
            "{}\n",
            json!({ "file": s.file, "acyclic": s.acyclic, "arcs": g.arc_count(), "vertices": vs })
        );
    }
    let mut out = format!(
        "graph {}: {} vertices, {} arcs, {}\n",
        s.file,
        g.len(),
        g.arc_count(),
        if s.acyclic {
            "acyclic: the Grundy function g (unique)"
        } else {
            "with circuits: the generalized Sprague–Grundy function (∞(K): K = finite values among the followers)"
        }
    );
    let mut rows = vec![vec!["vertex".to_string(), "value".into(), "outcome".into()]];
    for v in g.vertices() {
        let value = s.value(v);
        let o = value.outcome();
        rows.push(vec![
            g.name(v).to_string(),
            value.to_string(),
            format!("{} ({}-vertex)", o.code(), label(o)),
        ]);
    }
    out.push_str(&columns(&rows));
    for o in [Outcome::P, Outcome::N, Outcome::Draw] {
        let names: Vec<&str> = g
            .vertices()
            .filter(|&v| s.value(v).outcome() == o)
            .map(|v| g.name(v))
            .collect();
        if !names.is_empty() && g.len() <= 200 {
            out.push_str(&format!("{}-vertices: {}\n", label(o), names.join(", ")));
        }
    }
    out
}

fn moves_json(moves: &[grundy::position::Played]) -> Vec<Json> {
    moves
        .iter()
        .map(|m| json!({ "move": m.label, "position": m.next.text() }))
        .collect()
}

/// Winning moves (to value 0) and, in a draw, the moves that keep the draw.
fn best_moves(p: &Pawns) -> Result<(Value, Vec<grundy::position::Played>, Vec<grundy::position::Played>)> {
    let value = p.value()?;
    let mut wins = Vec::new();
    let mut draws = Vec::new();
    for m in p.moves()? {
        let v = m.next.value()?;
        if v.outcome() == Outcome::P {
            wins.push(m);
        } else if value.outcome() == Outcome::Draw && v.outcome() == Outcome::Draw {
            draws.push(m);
        }
    }
    Ok((value, wins, draws))
}

fn pawn_report(p: Pawns, json: bool) -> Result<String> {
    let (value, wins, draws) = best_moves(&p)?;
    let parts: Vec<String> = p.pawns().iter().map(|&v| p.solved().value(v).to_string()).collect();
    if json {
        let mut doc = json!({
            "game": p.game(),
            "position": p.text(),
            "value": value,
            "outcome": value.outcome().code(),
            "pawn_values": p.pawns().iter().map(|&v| p.solved().value(v)).collect::<Vec<_>>(),
            "winning_moves": moves_json(&wins),
        });
        if value.outcome() == Outcome::Draw {
            doc["drawing_moves"] = Json::Array(moves_json(&draws));
        }
        return Ok(format!("{doc}\n"));
    }
    let mut out = format!("pawns on {} in {}\n", p.text(), p.solved().file);
    out.push_str(&format!("value    {} = {value}\n", parts.join(" ⊕ ")));
    out.push_str(&format!(
        "outcome  {} ({})\n",
        value.outcome(),
        value.outcome().meaning()
    ));
    push_moves(&mut out, "winning moves", &wins);
    if value.outcome() == Outcome::Draw {
        push_moves(&mut out, "moves that keep the draw", &draws);
    }
    Ok(out)
}

fn push_moves(out: &mut String, title: &str, moves: &[grundy::position::Played]) {
    if moves.is_empty() {
        out.push_str(&format!("{title}: none\n"));
        return;
    }
    out.push_str(&format!("{title} ({}):\n", moves.len()));
    let rows: Vec<Vec<String>> = moves
        .iter()
        .map(|m| vec![m.label.clone(), format!("to {}", m.next.text())])
        .collect();
    out.push_str(&columns(&rows));
}

/// A state game (S, s, f) (thesis ch.3): even (N) or odd (P), and the strategy.
fn state_game(s: &SolvedGraph, p: Pawns, json: bool) -> Result<String> {
    let start = p.pawns()[0];
    let (value, wins, draws) = best_moves(&p)?;
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
            strategy.push((x, y));
        }
        for &y in g.followers(x) {
            if !seen[y as usize] {
                seen[y as usize] = true;
                queue.push(y);
            }
        }
    }
    let kind = match value.outcome() {
        Outcome::N => "even",
        Outcome::P => "odd",
        Outcome::Draw => "neither even nor odd",
    };
    if json {
        let mut doc = json!({
            "game": p.game(),
            "position": p.text(),
            "value": value,
            "outcome": value.outcome().code(),
            "parity": kind,
            "winning_moves": moves_json(&wins),
            "strategy": strategy.iter().map(|&(x, y)| json!({ "state": g.name(x), "move_to": g.name(y) })).collect::<Vec<_>>(),
        });
        if value.outcome() == Outcome::Draw {
            doc["drawing_moves"] = Json::Array(moves_json(&draws));
        }
        return Ok(format!("{doc}\n"));
    }
    let name = g.name(start);
    let mut out = format!("state game (S, s, f) of {} with initial state s = {name}\n", s.file);
    out.push_str(&format!("g({name}) = {value}\n"));
    out.push_str(&match value.outcome() {
        Outcome::N => "an even game (N): the first player wins by always moving to a state of value 0\n".to_string(),
        Outcome::P => format!(
            "an odd game (P): g({name}) = 0, so the second player wins: after any first move, answer with a move to a state of value 0\n"
        ),
        Outcome::Draw => "a draw: neither player can force the play to end in their favour; keep to drawn states\n".into(),
    });
    if !strategy.is_empty() {
        out.push_str("strategy on the reachable states (state: move to):\n");
        let rows: Vec<Vec<String>> = strategy
            .iter()
            .map(|&(x, y)| {
                vec![
                    format!("{} (value {})", g.name(x), s.value(x)),
                    format!("→ {} (value {})", g.name(y), s.value(y)),
                ]
            })
            .collect();
        out.push_str(&columns(&rows));
    }
    Ok(out)
}

fn as_map(s: &SolvedGraph, f: &[u32]) -> Json {
    let mut m = Map::new();
    for v in s.graph.vertices() {
        m.insert(s.graph.name(v).to_string(), json!(f[v as usize]));
    }
    Json::Object(m)
}

/// Every g-function (--all-g) or Boolean function (--boolean).
fn functions(s: &SolvedGraph, rule: Rule, limit: usize, settings: Settings, json: bool) -> Result<String> {
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
        enumerate_bounded(&s.graph, rule, limit, settings.limits.max_states as u64)?
    };
    let (key, what) = match rule {
        Rule::Mex => ("g_functions", "g-function"),
        Rule::Bmex => ("boolean_functions", "Boolean Grundy function"),
    };
    if json {
        let listed: Vec<Json> = found.listed.iter().map(|f| as_map(s, f)).collect();
        let mut doc = json!({ "file": s.file, "acyclic": s.acyclic, "count": found.count, key: listed });
        if rule == Rule::Bmex {
            doc["kernels"] = Json::Array(found.listed.iter().map(|f| json!(kernel(s, f))).collect());
        }
        return Ok(format!("{doc}\n"));
    }
    let mut out = match found.count {
        0 => format!("graph {}: no {what} exists\n", s.file),
        1 => format!("graph {}: exactly one {what}\n", s.file),
        n => format!("graph {}: {n} {what}s\n", s.file),
    };
    if found.listed.is_empty() {
        return Ok(out);
    }
    if (found.listed.len() as u64) < found.count {
        out.push_str(&format!("the first {} (raise with --limit K):\n", found.listed.len()));
    }
    let mut rows = vec![
        std::iter::once("#".to_string())
            .chain(s.graph.names().iter().cloned())
            .collect::<Vec<_>>(),
    ];
    for (i, f) in found.listed.iter().enumerate() {
        let mut row = vec![format!("{}", i + 1)];
        row.extend(f.iter().map(u32::to_string));
        rows.push(row);
    }
    out.push_str(&columns(&rows));
    if rule == Rule::Bmex {
        out.push_str("kernels (the vertices with B = 0):\n");
        for (i, f) in found.listed.iter().enumerate() {
            out.push_str(&format!("  {}: {{{}}}\n", i + 1, kernel(s, f).join(", ")));
        }
    }
    if rule == Rule::Mex && !s.acyclic {
        let loopy: Vec<&str> = s
            .graph
            .vertices()
            .filter(|&v| s.labels[v as usize] == INFINITE)
            .map(|v| s.graph.name(v))
            .collect();
        if !loopy.is_empty() {
            out.push_str(&format!(
                "(the generalized Sprague–Grundy function is ∞ at {}; the outcomes come from it, see `grundy graph {}`)\n",
                loopy.join(", "),
                s.file
            ));
        }
    }
    Ok(out)
}

fn kernel(s: &SolvedGraph, f: &[u32]) -> Vec<String> {
    s.graph
        .vertices()
        .filter(|&v| f[v as usize] == 0)
        .map(|v| s.graph.name(v).to_string())
        .collect()
}
