//! `grundy wtia 'GAME ARGS' ...`: a winner-takes-all sum: each component's w-value (SP, SC or a
//! natural number), the sum's outcome and every winning move (see [`grundy::solve::wtia`]).

use super::flags::{take_flag, take_limits};
use super::render::columns;
use grundy::error::{Error, Result};
use grundy::games::{self, Settings};
use grundy::position::AnyPosition;
use grundy::solve::wtia::{self, W, WValues};
use serde_json::{Value as Json, json};

fn w_json(w: W) -> Json {
    match w {
        W::Natural(n) => json!(n),
        other => json!(other.to_string()),
    }
}

pub fn run(mut words: Vec<String>, mut settings: Settings) -> Result<String> {
    let json = take_flag(&mut words, "json");
    take_limits(&mut words, &mut settings)?;
    if words.is_empty() {
        return Err(Error::Input(
            "wtia needs games, one quoted argument each: grundy wtia 'levels 4,9,3' 'levels 2,5'".into(),
        ));
    }
    let parts: Vec<Box<dyn AnyPosition>> = words
        .iter()
        .map(|w| games::build(&games::words(w), &settings))
        .collect::<Result<_>>()?;
    let mut values = WValues::new(settings.limits.max_states).with_control(settings.limits.control.clone());
    let ws: Vec<W> = parts.iter().map(|p| values.w(p.as_ref())).collect::<Result<_>>()?;
    let outcome = wtia::outcome(&ws);
    let wins = values.winning_moves(&parts)?;
    if json {
        let comps: Vec<Json> = parts
            .iter()
            .zip(&ws)
            .map(|(p, w)| json!({ "game": p.game(), "position": p.text(), "w": w_json(*w) }))
            .collect();
        let moves: Vec<Json> = wins
            .iter()
            .map(|(i, m)| json!({ "component": i + 1, "move": m.label, "position": m.next.text() }))
            .collect();
        let doc = json!({ "components": comps, "outcome": outcome.code(), "winning_moves": moves });
        return Ok(format!("{doc}\n"));
    }
    let mut out = String::from("winner-takes-all sum; components:\n");
    let rows: Vec<Vec<String>> = parts
        .iter()
        .zip(&ws)
        .enumerate()
        .map(|(i, (p, w))| {
            vec![
                format!("#{}", i + 1),
                format!("{} {}", p.game(), p.text()),
                format!("w = {w}"),
            ]
        })
        .collect();
    out.push_str(&columns(&rows));
    out.push_str(&format!("outcome  {} ({})\n", outcome.code(), outcome.meaning()));
    if wins.is_empty() {
        out.push_str("winning moves: none\n");
    } else {
        out.push_str(&format!("winning moves ({}):\n", wins.len()));
        let rows: Vec<Vec<String>> = wins
            .iter()
            .map(|(i, m)| {
                vec![
                    format!("#{} {}: {}", i + 1, parts[*i].game(), m.label),
                    format!("to {}", m.next.text()),
                ]
            })
            .collect();
        out.push_str(&columns(&rows));
    }
    Ok(out)
}
