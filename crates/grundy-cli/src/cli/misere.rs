//! `seq GAME --misere --to N` (each heap's misère value and genus) and `quotient GAME --to N`
//! (the misère quotient of the heap game restricted to heaps ≤ N): the reports of
//! [`grundy::report`] as text or JSON.

use super::args::SeqOptions;
use super::position::json_line;
use super::render::columns;
use grundy::error::{Error, Result};
use grundy::games::Settings;
use grundy::report::GenusSeqReport;

/// `seq --misere`: the genus table.
pub fn seq(words: &[String], opts: &SeqOptions, json: bool, csv: bool, settings: Settings) -> Result<String> {
    if csv || opts.rules.is_some() || opts.method.is_some() {
        return Err(Error::Input(
            "seq --misere writes text or --json; --csv, --rules and --method are for normal play".into(),
        ));
    }
    let Some(to) = opts.to.as_deref() else {
        return Err(Error::Input("seq needs the last heap: --to N".into()));
    };
    let to = grundy::games::heap::parse_natural(to, "--to")?;
    let report = GenusSeqReport::of(words, to, &settings)?;
    if json {
        return json_line(&report);
    }
    Ok(genus_text(&report))
}

/// The genus table as text.
pub fn genus_text(r: &GenusSeqReport) -> String {
    let mut out = format!(
        "{} under misère play (whoever moves last loses): heaps 0..{}\n",
        r.game,
        r.heaps.len().saturating_sub(1)
    );
    let mut rows = vec![vec![
        "heap".to_string(),
        "normal".into(),
        "misère".into(),
        "genus".into(),
        String::new(),
    ]];
    for h in &r.heaps {
        rows.push(vec![
            h.heap.to_string(),
            h.normal.to_string(),
            h.misere.to_string(),
            h.genus.clone(),
            if h.tame { "tame".into() } else { "wild".into() },
        ]);
    }
    out.push_str(&columns(&rows));
    out.push_str("genus g^γ0γ1…: g the normal value, γn the misère value with n extra Nim heaps of size 2\n");
    match r.tame_to {
        Some(n) if n + 1 == r.heaps.len() as u64 => {
            out.push_str(&format!("every heap 0..{n} is tame: sums of them play as misère Nim\n"))
        }
        Some(n) => out.push_str(&format!(
            "tame to heap {n}; heap {} is the first wild one\n",
            n + 1
        )),
        None => {}
    }
    out
}
