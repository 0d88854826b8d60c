//! `grundy wtia 'GAME ARGS' ...`: a winner-takes-all sum: each component's w-value (SP, SC or a
//! natural number), the sum's outcome and every winning move (see [`grundy::solve::wtia`]); the
//! answer is a [`WtiaReport`], printed as JSON or rendered here as text.

use super::position::json_line;
use super::render::{columns, numbered_components};
use grundy::error::Result;
use grundy::game::Convention;
use grundy::report::WtiaReport;
use grundy::settings::Settings;

pub fn run(words: &[String], json: bool, misere: bool, settings: Settings) -> Result<String> {
    let report = grundy::query::wtia(words, Convention::misere_if(misere), &settings)
        .map_err(|e| super::position::hint_quoted(e, "grundy wtia 'levels 4,9,3' 'levels 2,5'"))?;
    if json { json_line(&report) } else { Ok(text(&report)) }
}

/// A winner-takes-all report as text.
pub fn text(r: &WtiaReport) -> String {
    let mut out = String::from("winner-takes-all sum; components:\n");
    out.push_str(&numbered_components(
        r.components
            .iter()
            .map(|c| (c.game.as_str(), c.position.as_str(), format!("w = {}", c.w))),
    ));
    out.push_str(&format!("outcome  {} ({})\n", r.outcome.code(), r.outcome.meaning()));
    if r.winning_moves.is_empty() {
        out.push_str("winning moves: none\n");
    } else {
        out.push_str(&format!("winning moves ({}):\n", r.winning_moves.len()));
        let rows: Vec<Vec<String>> = r
            .winning_moves
            .iter()
            .map(|m| {
                let i = m.component.unwrap_or(1);
                let game = r.components.get(i - 1).map_or("", |c| c.game.as_str());
                vec![format!("#{i} {game}: {}", m.label), format!("to {}", m.position)]
            })
            .collect();
        out.push_str(&columns(&rows));
    }
    out
}
