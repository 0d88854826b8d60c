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
//! Cost: one solve of the position and of each option (shared transposition table).

use super::flags::{take_flag, take_limits};
use super::render::columns;
use grundy::error::{Error, Result};
use grundy::game::Convention;
use grundy::games::{self, Settings};
use grundy::nimber::Nimber;
use grundy::position::{AnyPosition, Sum};
use grundy::value::Value;

/// `grundy explain GAME ARGS` or `grundy explain --sum 'GAME ARGS' 'GAME ARGS' ...`.
pub fn run(mut words: Vec<String>, mut settings: Settings) -> Result<String> {
    take_flag(&mut words, "json");
    let sum = take_flag(&mut words, "sum");
    take_limits(&mut words, &mut settings)?;
    let p = if sum {
        sum_of(&words, &settings)?
    } else {
        games::build(&words, &settings)?
    };
    if let Some(text) = p.explain() {
        return text;
    }
    explain(p.as_ref())
}

/// A sum built from quoted components (`'nim 3 4'`), as `grundy sum` takes them.
pub fn sum_of(words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    if words.is_empty() {
        return Err(Error::Input(
            "--sum needs games, one quoted argument each: --sum 'nim 3 4' 'grundy-game 8'".into(),
        ));
    }
    let parts: Vec<Box<dyn AnyPosition>> = words
        .iter()
        .map(|w| games::build(&games::words(w), settings))
        .collect::<Result<_>>()?;
    Ok(Box::new(Sum::new(parts)?))
}

/// The whole explanation of one position.
pub fn explain(p: &dyn AnyPosition) -> Result<String> {
    match p.split() {
        Some(parts) => explain_sum(p, &parts),
        None => explain_mex(p),
    }
}

fn name(p: &dyn AnyPosition) -> String {
    format!("{} {}", p.game(), p.text())
}

/// How an option's value reads: `g = 2`, or `g = 0 ⊕ 0 = 0` when the option splits.
fn option_value(q: &dyn AnyPosition) -> Result<(String, Value)> {
    let v = q.value()?;
    if let Some(parts) = q.split() {
        let vs: Vec<String> = parts
            .iter()
            .map(|c| Ok(c.value()?.to_string()))
            .collect::<Result<_>>()?;
        return Ok((format!("g = {} = {v}", vs.join(" ⊕ ")), v));
    }
    Ok((format!("g = {v}"), v))
}

/// Options, their values, C(x) and mex C(x).
pub fn explain_mex(p: &dyn AnyPosition) -> Result<String> {
    let value = p.value()?;
    let moves = p.moves()?;
    let misere = p.convention() == Convention::Misere;
    let mut out = String::new();
    if moves.is_empty() {
        if misere {
            out.push_str(&format!(
                "{} is terminal: no options, C = ∅, g = 1 (misère play: the player to move, having no move, wins)\n",
                name(p)
            ));
        } else {
            out.push_str(&format!(
                "{} is terminal: no options, C = ∅, g = mex ∅ = 0 (the player to move loses)\n",
                name(p)
            ));
        }
        return Ok(out);
    }
    out.push_str(&format!("{}\noptions ({}):\n", name(p), moves.len()));
    let mut table = Vec::new();
    let mut seen = Vec::new();
    let mut infinite = false;
    for m in &moves {
        let (text, v) = option_value(m.next.as_ref())?;
        table.push(vec![m.label.clone(), format!("to {}", m.next.text()), text]);
        match v {
            Value::Finite(n) => seen.push(n.0),
            Value::Infinite { .. } => infinite = true,
        }
    }
    out.push_str(&columns(&table));
    seen.sort_unstable();
    seen.dedup();
    let set: Vec<String> = seen.iter().map(|v| v.to_string()).collect();
    let set = format!("{{{}}}", set.join(", "));
    match &value {
        Value::Finite(_) => out.push_str(&format!("C = {set}\ng = mex C = mex {set} = {value}\n")),
        Value::Infinite { .. } => out.push_str(&format!(
            "finite values among the options K = {set}{}\ng = {value}\n",
            if infinite { " (some options are ∞)" } else { "" }
        )),
    }
    if misere {
        out.push_str("(misère play: a terminal position has g = 1, and g = 0 exactly at P-positions)\n");
    }
    out.push_str(&outcome_sentence(&value));
    Ok(out)
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
pub fn explain_sum(p: &dyn AnyPosition, parts: &[Box<dyn AnyPosition>]) -> Result<String> {
    let mut out = format!(
        "{}\nsplits into {} independent components; its value is the nim-sum (xor) of theirs:\n",
        name(p),
        parts.len()
    );
    let values: Vec<Value> = parts.iter().map(|c| c.value()).collect::<Result<_>>()?;
    let finite: Option<Vec<Nimber>> = values.iter().map(Value::finite).collect();
    let Some(finite) = finite else {
        let rows: Vec<Vec<String>> = parts
            .iter()
            .zip(&values)
            .map(|(c, v)| vec![name(c.as_ref()), format!("g = {v}")])
            .collect();
        out.push_str(&columns(&rows));
        let value = p.value()?;
        out.push_str(&format!(
            "a component is loopy (∞): ∞(K) + b = ∞(K ⊕ b), ∞ + ∞ = ∞(∅)\ng = {value}\n"
        ));
        out.push_str(&outcome_sentence(&value));
        return Ok(out);
    };
    let s = finite.iter().fold(Nimber::ZERO, |a, b| a ^ *b);
    let top = finite.iter().map(|v| v.0).max().unwrap_or(0);
    let width = (64 - top.leading_zeros() as usize).max(1);
    let mut rows: Vec<Vec<String>> = parts
        .iter()
        .zip(&finite)
        .enumerate()
        .map(|(i, (c, v))| {
            vec![
                format!("#{}", i + 1),
                name(c.as_ref()),
                format!("g = {v}"),
                binary(v.0, width),
            ]
        })
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
    if s.is_zero() {
        out.push_str(
            "the nim-sum is 0: a P-position (the player to move loses); every move changes one \
             component and so makes the nim-sum non-zero\n",
        );
        out.push_str(&outcome_sentence(&Value::Finite(s)));
        return Ok(out);
    }
    let bit = 63 - s.0.leading_zeros() as usize;
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
    for (i, (c, v)) in parts.iter().zip(&finite).enumerate() {
        if v.0 >> bit & 1 == 0 {
            continue;
        }
        let target = *v ^ s;
        out.push_str(&format!(
            "  #{} {}: {} ⊕ {} = {} = {}\n",
            i + 1,
            name(c.as_ref()),
            binary(v.0, width),
            binary(s.0, width),
            binary(target.0, width),
            target
        ));
        let moves = c.moves_to(target)?;
        let rows: Vec<Vec<String>> = moves
            .iter()
            .map(|m| vec![format!("    {}", m.label), format!("to {}", m.next.text())])
            .collect();
        out.push_str(&columns(&rows));
    }
    let wins = p.moves_to(Nimber::ZERO)?;
    out.push_str(&format!("winning moves of {} ({}):\n", name(p), wins.len()));
    let rows: Vec<Vec<String>> = wins
        .iter()
        .map(|m| vec![m.label.clone(), format!("to {}", m.next.text()), "nim-sum 0".into()])
        .collect();
    out.push_str(&columns(&rows));
    out.push_str(&outcome_sentence(&Value::Finite(s)));
    Ok(out)
}
