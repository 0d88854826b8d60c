//! `seq GAME --misere --to N` (each heap's misère value and genus) and `quotient GAME --to N`
//! (the misère quotient of the heap game restricted to heaps ≤ N): the reports of
//! [`grundy::report`] as text or JSON.

use super::args::SeqOptions;
use super::position::json_line;
use super::render::columns;
use grundy::error::{Error, Result};
use grundy::report::{GenusSeqReport, QuotientReport};
use grundy::settings::Settings;

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
        Some(n) => out.push_str(&format!("tame to heap {n}; heap {} is the first wild one\n", n + 1)),
        None => {}
    }
    out
}

/// `quotient GAME --to N [--heaps H,H,...]`: the quotient, and a sum decided through it.
pub fn quotient(
    words: &[String],
    to: Option<&str>,
    heaps: Option<&str>,
    json: bool,
    settings: Settings,
) -> Result<String> {
    let Some(to) = to else {
        return Err(Error::Input("quotient needs the last heap: --to N".into()));
    };
    let to = grundy::games::heap::parse_natural(to, "--to")?;
    let heaps: Option<Vec<u64>> = match heaps {
        Some(text) => Some(
            text.split(',')
                .map(|w| grundy::games::heap::parse_natural(w, "heap size"))
                .collect::<Result<_>>()?,
        ),
        None => None,
    };
    let r = QuotientReport::of(words, to, heaps.as_deref(), &settings)?;
    let text = if json { json_line(&r)? } else { quotient_text(&r) };
    match &r.cause {
        // Stopped by a limit or Ctrl-C: the quotient of the heaps finished is printed (it is
        // proved), then the exit status says why it stopped.
        Some(cause) => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            super::seq::quiet_on_closed_pipe(out.write_all(text.as_bytes()).and_then(|()| out.flush()))?;
            super::note_on_error(format!(
                "the quotient of heaps 0..{}, proved, is written",
                r.verified_to
            ));
            Err(cause.clone())
        }
        None => Ok(text),
    }
}

/// The text of a quotient report.
fn quotient_text(r: &QuotientReport) -> String {
    let mut out = format!(
        "misère quotient of {} restricted to heaps ≤ {} (verified for every sum of them)\n",
        r.game, r.verified_to
    );
    if let Some(why) = &r.stopped {
        out.push_str(&format!("stopped before heap {}: {why}\n", r.to));
    }
    out.push_str(&format!("order      {} (|P| = {})\n", r.order, r.p_size));
    let gens: Vec<String> = r
        .generators
        .iter()
        .map(|g| format!("{} = [{}]", g.element, g.heap))
        .collect();
    out.push_str(&format!(
        "generators {}\n",
        if gens.is_empty() {
            "none".into()
        } else {
            gens.join(", ")
        }
    ));
    out.push_str(&format!(
        "relations  {}\n",
        if r.relations.is_empty() {
            "none".into()
        } else {
            r.relations.join(", ")
        }
    ));
    out.push_str(&format!("elements   {}\n", r.elements.join(", ")));
    out.push_str(&format!("P-portion  {{{}}}\n", r.p_portion.join(", ")));
    if let Some(m) = r.tame_nim_heaps {
        out.push_str(&format!(
            "tame: isomorphic to the quotient of misère Nim on heaps ≤ {m}\n"
        ));
    }
    out.push_str(&format!(
        "presentation unchanged from heap {} to {}{}\n",
        r.stable_from,
        r.verified_to,
        if r.stabilised {
            " (stable: a long run; a sign, not a proof)"
        } else {
            ""
        }
    ));
    if !r.refined.is_empty() {
        let hs: Vec<String> = r.refined.iter().map(u64::to_string).collect();
        out.push_str(&format!(
            "changed at heaps {} (last change at heap {})\n",
            hs.join(", "),
            r.last_change
        ));
    }
    match (r.period, r.preperiod) {
        (Some(p), Some(n0)) => out.push_str(&format!(
            "period     Φ has period {p} from heap {n0} on, proved for every heap (the periodicity theorem): this is the quotient of the whole game\n"
        )),
        _ => out.push_str(&format!(
            "period     not proved: the quotient is that of heaps ≤ {}\n",
            r.verified_to
        )),
    }
    let rows: Vec<Vec<String>> = std::iter::once(vec!["heap".to_string(), "element".into()])
        .chain(r.heaps.iter().map(|h| vec![h.heap.to_string(), h.element.clone()]))
        .collect();
    out.push_str(&columns(&rows));
    if let Some(s) = &r.sum {
        let hs: Vec<String> = s.heaps.iter().map(u64::to_string).collect();
        out.push_str(&format!(
            "sum {}: element {}, outcome {} ({})\n",
            hs.join(" "),
            s.element,
            s.outcome.code(),
            s.outcome.meaning()
        ));
        out.push_str(&super::position::move_list("winning moves", &s.winning_moves));
    }
    out
}
