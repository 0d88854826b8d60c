//! `grundy explain`: how a value is derived, written the way the sources write it.
//!
//! - One position: every option with its value (an option that splits into independent parts
//!   shows the nim-sum of the parts' values, as the handbook writes f(8) = mex{f(1)⊕f(7), ...}),
//!   the set C(x) of the options' values and g(x) = mex C(x) (thesis ch. 2, handbook).
//! - A position that splits (several Nim heaps, a sum of games, `explain --sum 'A' 'B'`): each
//!   component's value, the nim-sum written in binary in columns with the leading bit marked, and
//!   the winning move it leads to: a component whose value v has a 1 at the leading bit of the
//!   nim-sum s goes to v ⊕ s < v (Bouton's rule as in the handbook's [10,12,5] example).
//!
//! The facts come from [`grundy::report::ExplainReport`] (also the `--json` document); this
//! module only writes them as text. Cost: one solve of the position and of each option (shared
//! transposition table).

use super::position::json_line;
use super::render::columns;
use grundy::error::Result;
use grundy::game::Convention;
use grundy::nimber::Nimber;
use grundy::query::{self, Explained};
use grundy::report::{ExplainComponent, ExplainReport, GenusDerivation, MoveReport, OptionReport};
use grundy::settings::Settings;
use grundy::value::Value;

/// `grundy explain GAME ARGS` or `grundy explain --sum 'GAME ARGS' 'GAME ARGS' ...`.
pub fn run(words: &[String], sum: bool, json: bool, misere: bool, settings: Settings) -> Result<String> {
    let what = if sum {
        Explained::Sum(words.to_vec())
    } else {
        Explained::Position(words.to_vec())
    };
    let report = query::explain(&what, Convention::misere_if(misere), &settings)
        .map_err(|e| super::position::hint_quoted(e, "--sum 'nim 3 4' 'grundy-game 8'"))?;
    if json {
        return json_line(&report);
    }
    let mut out = text(&report.explain);
    if let Some(d) = &report.genus {
        out.push_str(&genus_text(d));
    }
    Ok(out)
}

/// How a heap's genus is obtained (`explain --misere` on one heap), as ONAG ch. 12 computes it.
pub fn genus_text(d: &GenusDerivation) -> String {
    let set = |xs: &[u64]| {
        let v: Vec<String> = xs.iter().map(u64::to_string).collect();
        format!("{{{}}}", v.join(", "))
    };
    let mut out = format!(
        "\ngenus of {} {}: {} ({})\n",
        d.game,
        d.heap,
        d.genus,
        if d.tame { "tame" } else { "wild" }
    );
    out.push_str("γn is the misère value of the heap plus n Nim heaps of size 2; each option's terms:\n");
    let mut rows = vec![vec!["move".to_string(), "to".into(), "γ0 γ1 …".into()]];
    for o in &d.options {
        let terms: Vec<String> = o.terms.iter().map(u64::to_string).collect();
        rows.push(vec![o.label.clone(), o.position.clone(), terms.join(" ")]);
    }
    if !d.options.is_empty() {
        out.push_str(&columns(&rows));
    }
    out.push_str(&format!(
        "g  = mex {} = {}\n",
        set(&{
            let mut v = d.normal_options.clone();
            v.sort_unstable();
            v.dedup();
            v
        }),
        d.normal
    ));
    for s in &d.steps {
        if s.n == 0 && s.set.is_empty() {
            out.push_str("γ0 = 1 (no option: misère play's terminal value)\n");
            continue;
        }
        let twos = if s.from_twos.is_empty() {
            String::new()
        } else {
            format!(" ∪ {{γ{0}, γ{0} ⊕ 1}} = {1}", s.n - 1, set(&s.from_twos))
        };
        out.push_str(&format!(
            "γ{} = mex(options' γ{} {}{}) = mex {} = {}\n",
            s.n,
            s.n,
            set(&s.from_options),
            twos,
            set(&s.set),
            s.gamma
        ));
    }
    out.push_str(
        "(G + n·*2 moves to G' + n·*2, to G + (n−1)·*2 and to G + (n−1)·*2 + *1, whose value is γ(n−1) ⊕ 1; \
         the superscript is written until the terms alternate)\n",
    );
    out
}

/// An explanation report as text.
pub fn text(r: &ExplainReport) -> String {
    match r {
        ExplainReport::Text { text, .. } => text.clone(),
        ExplainReport::Mex {
            game,
            position,
            value,
            misere,
            options,
            set,
            ..
        } => mex_text(&format!("{game} {position}"), value, *misere, options, set),
        ExplainReport::Sum {
            game,
            position,
            value,
            components,
            nim_sum,
            leading_bit,
            winning_moves,
            ..
        } => sum_text(
            &format!("{game} {position}"),
            value,
            components,
            *nim_sum,
            *leading_bit,
            winning_moves,
        ),
    }
}

/// How an option's value reads: `g = 2`, or `g = 0 ⊕ 0 = 0` when the option splits.
fn option_value(o: &OptionReport) -> String {
    match &o.parts {
        Some(parts) => {
            let vs: Vec<String> = parts.iter().map(Value::to_string).collect();
            format!("g = {} = {}", vs.join(" ⊕ "), o.value)
        }
        None => format!("g = {}", o.value),
    }
}

/// Options, their values, C(x) and mex C(x).
fn mex_text(name: &str, value: &Value, misere: bool, options: &[OptionReport], set: &[Nimber]) -> String {
    let mut out = String::new();
    if options.is_empty() {
        if misere {
            out.push_str(&format!(
                "{name} is terminal: no options, C = ∅, g = 1 (misère play: the player to move, having no move, wins)\n"
            ));
        } else {
            out.push_str(&format!(
                "{name} is terminal: no options, C = ∅, g = mex ∅ = 0 (the player to move loses)\n"
            ));
        }
        return out;
    }
    out.push_str(&format!("{name}\noptions ({}):\n", options.len()));
    let table: Vec<Vec<String>> = options
        .iter()
        .map(|o| {
            vec![
                o.played.label.clone(),
                format!("to {}", o.played.position),
                option_value(o),
            ]
        })
        .collect();
    out.push_str(&columns(&table));
    let infinite = options.iter().any(|o| o.value.finite().is_none());
    let set: Vec<String> = set.iter().map(|v| v.to_string()).collect();
    let set = format!("{{{}}}", set.join(", "));
    match value {
        Value::Finite(_) => out.push_str(&format!("C = {set}\ng = mex C = mex {set} = {value}\n")),
        Value::Infinite { .. } => out.push_str(&format!(
            "finite values among the options K = {set}{}\ng = {value}\n",
            if infinite { " (some options are ∞)" } else { "" }
        )),
    }
    if misere {
        out.push_str("(misère play: a terminal position has g = 1, and g = 0 exactly at P-positions)\n");
    }
    out.push_str(&outcome_sentence(value));
    out
}

fn outcome_sentence(value: &Value) -> String {
    let o = value.outcome();
    format!("outcome {} ({})\n", o.code(), o.meaning())
}

/// `width` binary digits of `v`.
fn binary(v: u64, width: usize) -> String {
    format!("{v:0width$b}")
}

/// Component values, the nim-sum in binary columns, the leading bit and the winning moves.
fn sum_text(
    name: &str,
    value: &Value,
    components: &[ExplainComponent],
    nim_sum: Option<Nimber>,
    leading_bit: Option<u32>,
    winning_moves: &[MoveReport],
) -> String {
    let mut out = format!(
        "{name}\nsplits into {} independent components; its value is the nim-sum (xor) of theirs:\n",
        components.len()
    );
    let cname = |c: &ExplainComponent| format!("{} {}", c.game, c.position);
    let Some(s) = nim_sum else {
        let rows: Vec<Vec<String>> = components
            .iter()
            .map(|c| vec![cname(c), format!("g = {}", c.value)])
            .collect();
        out.push_str(&columns(&rows));
        out.push_str(&format!(
            "a component is loopy (∞): ∞(K) + b = ∞(K ⊕ b), ∞ + ∞ = ∞(∅)\ng = {value}\n"
        ));
        out.push_str(&outcome_sentence(value));
        return out;
    };
    let finite: Vec<u64> = components.iter().map(|c| c.value.finite().map_or(0, |v| v.0)).collect();
    let top = finite.iter().copied().max().unwrap_or(0);
    let width = (64 - top.leading_zeros() as usize).max(1);
    let mut rows: Vec<Vec<String>> = components
        .iter()
        .zip(&finite)
        .enumerate()
        .map(|(i, (c, v))| vec![format!("#{}", i + 1), cname(c), format!("g = {v}"), binary(*v, width)])
        .collect();
    rows.push(vec![String::new(), String::new(), String::new(), "-".repeat(width)]);
    rows.push(vec![
        String::new(),
        "nim-sum".into(),
        format!("s = {s}"),
        binary(s.0, width),
    ]);
    let table = columns(&rows);
    out.push_str(&table);
    let Some(bit) = leading_bit.map(|b| b as usize) else {
        out.push_str(
            "the nim-sum is 0: a P-position (the player to move loses); every move changes one \
             component and so makes the nim-sum non-zero\n",
        );
        out.push_str(&outcome_sentence(&Value::Finite(s)));
        return out;
    };
    // Mark the leading bit under its column: the binary column starts where the last row's
    // binary digits start.
    let last = table.lines().last().unwrap_or("");
    let start = last.chars().count() - width;
    let column = start + (width - 1 - bit);
    out.push_str(&format!(
        "{}^ leading bit of s: 2^{bit} = {}\n",
        " ".repeat(column),
        1u64 << bit
    ));
    out.push_str("a winning move takes a component whose value has a 1 at the leading bit to value v ⊕ s < v:\n");
    for (i, (c, v)) in components.iter().zip(&finite).enumerate() {
        let Some(target) = c.target else {
            continue;
        };
        out.push_str(&format!(
            "  #{} {}: {} ⊕ {} = {} = {}\n",
            i + 1,
            cname(c),
            binary(*v, width),
            binary(s.0, width),
            binary(target.0, width),
            target
        ));
        let rows: Vec<Vec<String>> = c
            .moves
            .iter()
            .map(|m| vec![format!("    {}", m.label), format!("to {}", m.position)])
            .collect();
        out.push_str(&columns(&rows));
    }
    out.push_str(&format!("winning moves of {name} ({}):\n", winning_moves.len()));
    let rows: Vec<Vec<String>> = winning_moves
        .iter()
        .map(|m| vec![m.label.clone(), format!("to {}", m.position), "nim-sum 0".into()])
        .collect();
    out.push_str(&columns(&rows));
    out.push_str(&outcome_sentence(&Value::Finite(s)));
    out
}
