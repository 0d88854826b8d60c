//! `grundy seq GAME [RULES] --to N`: the values of a one-heap game for heaps 0..N, and the
//! period (preperiod, saltus) when one is found, with whether it is proved.

use super::flags::{take_flag, take_limits, take_number};
use crate::error::{Error, Result};
use crate::games::{self, Settings};
use crate::solve::heap_sequence::{find_period, plain_values};
use serde_json::json;

pub fn run(mut words: Vec<String>, mut settings: Settings) -> Result<String> {
    let json = take_flag(&mut words, "json");
    let csv = take_flag(&mut words, "csv");
    take_limits(&mut words, &mut settings)?;
    let Some(to) = take_number(&mut words, "to")? else {
        return Err(Error::Input("seq needs the last heap: --to N".into()));
    };
    if to as u128 >= settings.limits.max_states as u128 {
        return Err(Error::Input(format!(
            "--to {to} is beyond the state limit {}; raise it with --max-states",
            settings.limits.max_states
        )));
    }
    if let Some(file) = super::flags::take_value(&mut words, "rules")? {
        // A scripted game whose positions are integers (issue 7): values by the generic solver.
        let values = crate::games::script::integer_values(&file, to, &settings)?;
        words = vec![format!("--rules {file}")];
        return render(&words, to, values, None, json, csv);
    }
    let Some((name, rest)) = words.split_first() else {
        return Err(Error::Input(
            "seq needs a one-heap game, e.g. `grundy seq grundy-game --to 40`".into(),
        ));
    };
    let entry = games::find(name)?;
    let Some(make) = entry.heap_rules else {
        return Err(Error::Input(format!(
            "{} is not a one-heap game: seq applies to heap games (see `grundy list`)",
            entry.name
        )));
    };
    let rules = make(name, rest, to)?;
    let values = plain_values(rules.as_ref(), to)?;
    let proof = rules.period_proof();
    render(&words, to, values, Some(proof), json, csv)
}

fn render(
    words: &[String],
    to: u64,
    values: Vec<crate::nimber::Nimber>,
    proof: Option<crate::solve::heap_sequence::PeriodProof>,
    json: bool,
    csv: bool,
) -> Result<String> {
    let proof = proof.unwrap_or(crate::solve::heap_sequence::PeriodProof::None);
    let period = find_period(&values, &proof);
    let game = words.join(" ");
    if json {
        let doc = json!({
            "game": game,
            "values": values,
            "period": period.as_ref().map(|p| p.period),
            "preperiod": period.as_ref().map(|p| p.preperiod),
            "saltus": period.as_ref().map(|p| p.saltus),
            "proved": period.as_ref().is_some_and(|p| p.proved),
            "reason": period.as_ref().map(|p| p.reason.clone()),
        });
        return Ok(format!("{doc}\n"));
    }
    if csv {
        let mut out = String::from("n,value\n");
        for (n, v) in values.iter().enumerate() {
            out.push_str(&format!("{n},{v}\n"));
        }
        return Ok(out);
    }
    let mut out = format!("{game}: g(0..{to})\n");
    let width = values.iter().map(|v| v.to_string().len()).max().unwrap_or(1);
    let label = to.to_string().len();
    for (row, chunk) in values.chunks(10).enumerate() {
        let cells: Vec<String> = chunk.iter().map(|v| format!("{:>width$}", v.to_string())).collect();
        out.push_str(&format!("{:>label$}:  {}\n", row * 10, cells.join(" ")));
    }
    match period {
        Some(p) => out.push_str(&format!(
            "period {}, preperiod {}, saltus {} ({})\n",
            p.period, p.preperiod, p.saltus, p.reason
        )),
        None => out.push_str(&format!("no period seen up to {to}\n")),
    }
    Ok(out)
}
