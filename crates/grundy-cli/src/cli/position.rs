//! `value`, `moves`, `explain` and `sum`: questions about one position (or a sum of positions).

use super::flags::{take_flag, take_limits};
use super::render::columns;
use grundy::error::{Error, Result};
use grundy::game::Convention;
use grundy::games::{self, Settings};
use grundy::nimber::Nimber;
use grundy::outcome::Outcome;
use grundy::position::{AnyPosition, Played, Sum};
use grundy::value::Value;
use serde_json::{Value as Json, json};

fn position_of(mut words: Vec<String>, mut settings: Settings) -> Result<(Box<dyn AnyPosition>, bool)> {
    let json = take_flag(&mut words, "json");
    take_limits(&mut words, &mut settings)?;
    Ok((games::build(&words, &settings)?, json))
}

fn outcome_line(value: &Value, convention: Convention) -> String {
    let o = value.outcome();
    let rule = if convention == Convention::Misere {
        " (misère play: the last mover loses)"
    } else {
        ""
    };
    format!("{} ({}){rule}", o.code(), o.meaning())
}

fn winning_json(moves: &[Played]) -> Vec<Json> {
    moves
        .iter()
        .map(|m| json!({ "move": m.label, "position": m.next.text() }))
        .collect()
}

/// The winning moves: to value 0 (none from a P-position, none in a loopy ∞ without 0 in K).
pub(super) fn winning_moves(p: &dyn AnyPosition, value: &Value) -> Result<Vec<Played>> {
    match value {
        Value::Finite(v) if v.is_zero() => Ok(vec![]),
        Value::Infinite { escapes } if !escapes.contains(&Nimber::ZERO) => Ok(vec![]),
        _ => p.moves_to(Nimber::ZERO),
    }
}

/// In a draw (loopy games): the moves to positions that are still draws.
fn drawing_moves(p: &dyn AnyPosition, value: &Value) -> Result<Vec<Played>> {
    if value.outcome() != Outcome::Draw {
        return Ok(vec![]);
    }
    let mut out = Vec::new();
    for m in p.moves()? {
        if m.next.value()?.outcome() == Outcome::Draw {
            out.push(m);
        }
    }
    Ok(out)
}

fn report(p: &dyn AnyPosition, json: bool, extra: Option<(&str, Json)>) -> Result<String> {
    let value = p.value()?;
    let wins = winning_moves(p, &value)?;
    let draws = drawing_moves(p, &value)?;
    if json {
        let mut doc = json!({
            "game": p.game(),
            "position": p.text(),
            "value": value,
            "outcome": value.outcome().code(),
            "winning_moves": winning_json(&wins),
        });
        if value.outcome() == Outcome::Draw {
            doc["drawing_moves"] = Json::Array(winning_json(&draws));
        }
        if let Some((k, v)) = extra {
            doc[k] = v;
        }
        return Ok(format!("{doc}\n"));
    }
    let mut out = format!("{} {}\n", p.game(), p.text());
    out.push_str(&format!(
        "value    {value}\noutcome  {}\n",
        outcome_line(&value, p.convention())
    ));
    if wins.is_empty() {
        out.push_str("winning moves: none\n");
    } else {
        out.push_str(&format!("winning moves ({}):\n", wins.len()));
        let rows: Vec<Vec<String>> = wins
            .iter()
            .map(|m| vec![m.label.clone(), format!("to {}", m.next.text())])
            .collect();
        out.push_str(&columns(&rows));
    }
    if !draws.is_empty() {
        out.push_str(&format!("moves that keep the draw ({}):\n", draws.len()));
        let rows: Vec<Vec<String>> = draws
            .iter()
            .map(|m| vec![m.label.clone(), format!("to {}", m.next.text())])
            .collect();
        out.push_str(&columns(&rows));
    }
    Ok(out)
}

pub fn value(mut words: Vec<String>, mut settings: Settings) -> Result<String> {
    let verify = take_flag(&mut words, "verify");
    take_limits(&mut words, &mut settings)?;
    let max_states = settings.limits.max_states;
    let control = settings.limits.control.clone();
    let (p, json) = position_of(words, settings)?;
    let out = report(p.as_ref(), json, None)?;
    if verify {
        super::verify::position(p.as_ref(), max_states, &control)?;
    }
    Ok(out)
}

pub fn moves(words: Vec<String>, settings: Settings) -> Result<String> {
    let (p, json) = position_of(words, settings)?;
    let value = p.value()?;
    let mut rows = Vec::new();
    for m in p.moves()? {
        let v = m.next.value()?;
        let winning = v == Value::Finite(Nimber::ZERO);
        rows.push((m, v, winning));
    }
    if json {
        let moves: Vec<Json> = rows
            .iter()
            .map(|(m, v, w)| json!({ "move": m.label, "position": m.next.text(), "value": v, "winning": w }))
            .collect();
        let doc = json!({
            "game": p.game(),
            "position": p.text(),
            "value": value,
            "outcome": value.outcome().code(),
            "moves": moves,
        });
        return Ok(format!("{doc}\n"));
    }
    let mut out = format!(
        "{} {}: value {value}, outcome {}\n",
        p.game(),
        p.text(),
        outcome_line(&value, p.convention())
    );
    if rows.is_empty() {
        out.push_str("no moves: the position is terminal\n");
        return Ok(out);
    }
    let mut table = vec![vec![
        "move".to_string(),
        "value".into(),
        "leads to".into(),
        String::new(),
    ]];
    for (m, v, w) in &rows {
        table.push(vec![
            m.label.clone(),
            v.to_string(),
            m.next.text(),
            if *w { "winning".into() } else { String::new() },
        ]);
    }
    out.push_str(&columns(&table));
    Ok(out)
}

pub fn sum(mut words: Vec<String>, mut settings: Settings) -> Result<String> {
    let json = take_flag(&mut words, "json");
    take_limits(&mut words, &mut settings)?;
    if words.is_empty() {
        return Err(Error::Input(
            "sum needs games, one quoted argument each: grundy sum 'nim 3 4' 'grundy-game 8'".into(),
        ));
    }
    let parts: Vec<Box<dyn AnyPosition>> = words
        .iter()
        .map(|w| games::build(&games::words(w), &settings))
        .collect::<Result<_>>()?;
    let sum = Sum::new(parts)?;
    let comps: Vec<Json> = sum
        .components()
        .iter()
        .map(|c| Ok(json!({ "game": c.game(), "position": c.text(), "value": c.value()? })))
        .collect::<Result<_>>()?;
    if json {
        return report(&sum, true, Some(("components", Json::Array(comps))));
    }
    let mut out = String::from("components:\n");
    let rows: Vec<Vec<String>> = sum
        .components()
        .iter()
        .enumerate()
        .map(|(i, c)| {
            Ok(vec![
                format!("#{}", i + 1),
                format!("{} {}", c.game(), c.text()),
                format!("value {}", c.value()?),
            ])
        })
        .collect::<Result<_>>()?;
    out.push_str(&columns(&rows));
    let values: Vec<String> = sum
        .components()
        .iter()
        .map(|c| Ok(c.value()?.to_string()))
        .collect::<Result<_>>()?;
    out.push_str(&format!("sum: {} = {}\n", values.join(" ⊕ "), sum.value()?));
    let text = report(&sum, false, None)?;
    out.push_str(text.split_once('\n').map_or("", |(_, rest)| rest));
    Ok(out)
}
