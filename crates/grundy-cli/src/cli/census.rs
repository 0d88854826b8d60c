//! `grundy census FAMILY --to N [--jobs K] [--out FILE.csv|FILE.jsonl] [--shard I/N]
//! [--report FILE.md|FILE.html] [--quotient [--quotient-to M]] [--json]` and
//! `grundy census merge FILE... -o ALL`.
//!
//! `cram:R` is the census of the Cram boards R×1 … R×N (`--to N` columns), run in order on one
//! region database (`--table FILE` keeps it in a file, shared with `grundy value cram`): each
//! row's `largest_value` is the board's nimber.
//!
//! `GAME:FAMILY` (a graph game on `grid 3x{n}` or `petersen {n},2`) is the census of a
//! family by n: the positions n = 0…N of the game's own sequence, run in order on one engine,
//! one row a position with its value as `largest_value` and n as `largest_heap`.
//!
//! `--quotient` adds the column "quotient order at N": each game's misère quotient order at
//! heap min(N, M) (M 30 unless given), computed by the library with the row; empty when no
//! verified quotient reaches that heap.
//!
//! The library runs the games ([`grundy::query::census`]); this module writes their rows:
//! each row is appended to `--out` and flushed as its game ends, so Ctrl-C loses only the games
//! in flight, and running the same command again resumes: the games already in the file are
//! skipped. The file is read back line by line with its checksums
//! ([`grundy::report::read_census_entries`]); a damaged line, or a line of another run (another
//! family, N or shard), makes the command refuse the file rather than trust it. A run that
//! ends writes the file again, whole and in family order (so a finished file is the same
//! however it was interrupted and resumed, but for the times).
//!
//! `merge` reads shard outputs, checks that they are of one family and N, that no game is
//! there twice and none is missing, and writes them as one file. `--report` writes the table as
//! the published octal tables present it (code, period, preperiod, last exceptional value;
//! the open games with the heap they were computed to), with an SVG plot of preperiod against
//! period. The terminal shows a progress bar over games and then a summary.
//!
//! Cost: the games'; reading and writing are linear in the file.

use super::args::CensusArgs;
use grundy::error::{Error, Result};
use grundy::query::census::{self, CensusOptions, Family, Member, RowOptions, Shard};
use grundy::report::{CensusEntry, CensusFormat, CensusReport, CensusStatus, CensusSummary};
use grundy::settings::Settings;
use std::io::Write;
use std::path::Path;

/// Largest census file read back.
const MAX_FILE_BYTES: u64 = 1 << 30;

/// Most rows printed as a table on the terminal (larger censuses: the summary only).
const TEXT_ROWS: usize = 64;

pub fn run(a: &CensusArgs, settings: Settings) -> Result<String> {
    if a.words.first().map(String::as_str) == Some("merge") {
        return merge(&a.words[1..], a.output.as_deref(), a.json.json, a.report.as_deref());
    }
    if a.output.is_some() {
        return Err(Error::Input(
            "-o is for `grundy census merge`; a census writes with --out FILE".into(),
        ));
    }
    let family = family(&a.words)?;
    let Some(to) = a.to.as_deref() else {
        return Err(Error::Input("census needs the last heap of every game: --to N".into()));
    };
    let to = grundy::games::heap::parse_natural(to, "--to")?;
    let shard = match &a.shard {
        Some(s) => Shard::parse(s)?,
        None => Shard::ALL,
    };
    let quotient_to = match (a.quotient, a.quotient_to.as_deref()) {
        (false, _) => None,
        (true, None) => Some(census::DEFAULT_QUOTIENT_TO),
        (true, Some(m)) => Some(grundy::games::heap::parse_natural(m, "--quotient-to")?),
    };
    let quotient_at = quotient_to.map(|cap| to.min(cap));
    let quotient_states = match a.quotient_states.as_deref() {
        None => census::DEFAULT_QUOTIENT_STATES,
        Some(n) => match grundy::games::heap::parse_natural(n, "--quotient-states")? {
            0 => return Err(Error::Input("--quotient-states must be at least 1".into())),
            n => usize::try_from(n).unwrap_or(usize::MAX),
        },
    };
    let format = a.out.as_deref().map(CensusFormat::of_path).transpose()?;
    let report_kind = a.report.as_deref().map(report_kind).transpose()?;
    let members = family.members_up_to(to)?;
    let of = members.len() as u64;
    let label = family.label();
    let share: Vec<Member> = members.into_iter().filter(|m| shard.holds(m.index)).collect();
    let control = settings.control.clone();
    let mut entries: Vec<CensusEntry> = match (&a.out, format) {
        (Some(out), Some(format)) => resume(out, format, &label, of, (to, quotient_at), shard, &share)?,
        _ => Vec::new(),
    };
    let done: std::collections::BTreeSet<u64> = entries.iter().map(|e| e.index).collect();
    let pending: Vec<Member> = share.iter().filter(|m| !done.contains(&m.index)).cloned().collect();
    if !entries.is_empty() && !pending.is_empty() {
        control.message(format!(
            "grundy: resuming {}: {} of {} games already done",
            a.out.as_deref().unwrap_or_default(),
            entries.len(),
            share.len()
        ));
    }
    let mut file = match (&a.out, format) {
        (Some(out), Some(_)) => Some(
            std::fs::OpenOptions::new()
                .append(true)
                .open(out)
                .map_err(|e| Error::Input(format!("cannot write {out}: {e}")))?,
        ),
        _ => None,
    };
    let options = CensusOptions {
        row: RowOptions {
            to,
            stop_when_proved: !a.all,
            quotient_to,
            quotient_states,
        },
        jobs: settings.jobs,
        table: a.table.as_ref().map(std::path::PathBuf::from),
    };
    let ran = census::run_games(
        &family,
        &pending,
        &options,
        &control,
        entries.len() as u64,
        share.len() as u64,
        |member, row| {
            let entry = CensusEntry {
                family: label.clone(),
                index: member.index,
                of,
                row,
            };
            if let (Some(f), Some(format)) = (file.as_mut(), format) {
                let line = entry.to_line(format)?;
                f.write_all(format!("{line}\n").as_bytes())
                    .and_then(|()| f.flush())
                    .map_err(|e| Error::Input(format!("cannot write {}: {e}", a.out.as_deref().unwrap_or_default())))?;
            }
            entries.push(entry);
            Ok(())
        },
    );
    drop(file);
    if let Err(e) = ran {
        if let Some(out) = &a.out {
            super::note_on_error(format!(
                "{} of {} games are in {out}; run the same command again to go on",
                entries.len(),
                share.len()
            ));
        }
        return Err(e);
    }
    entries.sort_by_key(|e| e.index);
    if let (Some(out), Some(format)) = (&a.out, format) {
        write_file(out, &entries, format, quotient_at.is_some())?;
    }
    let summary = census::summarize(&label, &entries);
    if let (Some(path), Some(kind)) = (&a.report, report_kind) {
        write_report(path, kind, &summary, &entries, to)?;
    }
    if a.json.json {
        let report = CensusReport {
            summary,
            games: entries,
        };
        let text = serde_json::to_string(&report).map_err(|e| Error::Unsupported(e.to_string()))?;
        return Ok(format!("{text}\n"));
    }
    let mut text = String::new();
    let kind = match family {
        Family::Cram(_) => Rows::Boards,
        _ if family.needs_to() => Rows::Positions,
        _ => Rows::Heaps,
    };
    if entries.len() <= TEXT_ROWS {
        text.push_str(&match kind {
            Rows::Heaps => table(&entries),
            Rows::Boards => value_table(&entries, "board"),
            Rows::Positions => value_table(&entries, "position"),
        });
    }
    let threads = census::threads(options.jobs);
    text.push_str(&summary_text(&summary, to, shard, threads, kind));
    if let Some(out) = &a.out {
        text.push_str(&format!("wrote {} games to {out}\n", entries.len()));
    }
    if let Some(report) = &a.report {
        text.push_str(&format!("wrote the report {report}\n"));
    }
    Ok(text)
}

/// FAMILY from the words: one word naming a family (`octal:3`), an existing file of codes, or
/// codes (comma or blank separated).
fn family(words: &[String]) -> Result<Family> {
    // `GAME:grid 3x{n}` unquoted arrives as two words: one family by n.
    if words.len() > 1 && words[0].contains(':') {
        return Family::parse(&words.join(" "));
    }
    let [word] = words else {
        return Family::parse(&words.join(","));
    };
    if !word.contains(':') && Path::new(word).is_file() {
        let text = grundy::files::read_regular_text(Path::new(word), MAX_FILE_BYTES, "the file of codes")?;
        return Family::from_text(&text);
    }
    Family::parse(word)
}

/// The entries already in `out` (none if it does not exist), each checked to belong to this
/// run; the file is then written again with only those (dropping an incomplete last line),
/// ready for appending.
fn resume(
    out: &str,
    format: CensusFormat,
    label: &str,
    of: u64,
    (to, quotient_at): (u64, Option<u64>),
    shard: Shard,
    share: &[Member],
) -> Result<Vec<CensusEntry>> {
    let path = Path::new(out);
    if !path.exists() {
        write_file(out, &[], format, quotient_at.is_some())?;
        return Ok(Vec::new());
    }
    let text = grundy::files::read_regular_text(path, MAX_FILE_BYTES, "the census file")?;
    let (mut entries, partial) = grundy::report::read_census_entries(&text, format, out)?;
    let mut seen = std::collections::BTreeSet::new();
    for e in &entries {
        let foreign = |why: String| {
            Err(Error::Input(format!(
                "{out} holds the results of another run ({why}); it is left as it is: choose another --out, or run that command"
            )))
        };
        if e.family != label || e.of != of {
            return foreign(format!("family {} of {} games, not {label} of {of}", e.family, e.of));
        }
        if e.row.to != to {
            return foreign(format!("--to {}, not {to}", e.row.to));
        }
        if e.row.quotient_to != quotient_at {
            let said = |q: Option<u64>| {
                q.map_or("no quotient column".to_string(), |q| {
                    format!("the quotient at heap {q}")
                })
            };
            return foreign(format!("{}, not {}", said(e.row.quotient_to), said(quotient_at)));
        }
        if !shard.holds(e.index) {
            return foreign(format!(
                "game {} is not in the shard {}/{}",
                e.row.code, shard.part, shard.parts
            ));
        }
        match share.iter().find(|m| m.index == e.index) {
            Some(m) if m.code == e.row.code => {}
            _ => {
                return Err(Error::Input(format!(
                    "{out}: game {} is not at index {} of {label}: the file is not trusted",
                    e.row.code, e.index
                )));
            }
        }
        if !seen.insert(e.index) {
            return Err(Error::Input(format!(
                "{out}: game {} is there twice: the file is not trusted",
                e.row.code
            )));
        }
    }
    if partial {
        eprintln!("grundy: {out}: its last line was cut short (a run stopped while writing it); that game runs again");
    }
    entries.sort_by_key(|e| e.index);
    write_file(out, &entries, format, quotient_at.is_some())?;
    Ok(entries)
}

/// Write a census file whole (atomically); `quotient`: with the quotient columns.
fn write_file(out: &str, entries: &[CensusEntry], format: CensusFormat, quotient: bool) -> Result<()> {
    let mut bytes = Vec::new();
    grundy::report::write_census_entries_headed(entries, format, quotient, &mut bytes)?;
    grundy::files::write_atomic(Path::new(out), &bytes, "the census file")
}

/// `grundy census merge FILE... -o ALL`.
fn merge(inputs: &[String], output: Option<&str>, json: bool, report: Option<&str>) -> Result<String> {
    let kind = report.map(report_kind).transpose()?;
    let Some(output) = output else {
        return Err(Error::Input(
            "census merge needs the merged file: -o FILE.csv (or .jsonl)".into(),
        ));
    };
    if inputs.is_empty() {
        return Err(Error::Input(
            "census merge needs the files to merge: census merge A.csv B.csv -o ALL.csv".into(),
        ));
    }
    let out_format = CensusFormat::of_path(output)?;
    let mut all: Vec<(CensusEntry, &str)> = Vec::new();
    for input in inputs {
        let format = CensusFormat::of_path(input)?;
        let text = grundy::files::read_regular_text(Path::new(input), MAX_FILE_BYTES, "the census file")?;
        let (entries, partial) = grundy::report::read_census_entries(&text, format, input)?;
        if partial {
            return Err(Error::Input(format!(
                "{input}: its last line was cut short (its run did not end): resume that run before merging"
            )));
        }
        all.extend(entries.into_iter().map(|e| (e, input.as_str())));
    }
    let Some((first, _)) = all.first() else {
        return Err(Error::Input("the files to merge hold no game".into()));
    };
    let (label, of, to, q) = (first.family.clone(), first.of, first.row.to, first.row.quotient_to);
    for (e, file) in &all {
        if e.row.quotient_to != q {
            return Err(Error::Input(format!(
                "{file} is from another run: its quotient column ({}) differs from the first file's ({})",
                e.row.quotient_to.map_or("none".into(), |h| format!("at heap {h}")),
                q.map_or("none".into(), |h| format!("at heap {h}"))
            )));
        }
        if e.family != label || e.of != of || e.row.to != to {
            return Err(Error::Input(format!(
                "{file} is from another run: {} of {} games to heap {}, not {label} of {of} games to heap {to}",
                e.family, e.of, e.row.to
            )));
        }
    }
    all.sort_by_key(|(e, _)| e.index);
    for pair in all.windows(2) {
        let ((a, fa), (b, fb)) = (&pair[0], &pair[1]);
        if a.index == b.index {
            return Err(Error::Input(format!(
                "game {} (index {}) is done twice: in {fa} and in {fb}",
                a.row.code, a.index
            )));
        }
    }
    let present: std::collections::BTreeSet<u64> = all.iter().map(|(e, _)| e.index).collect();
    let missing: Vec<u64> = (0..of).filter(|i| !present.contains(i)).collect();
    if !missing.is_empty() {
        // Name the missing games when the family can be built again from its label.
        let names: Vec<String> = match Family::parse(&label) {
            Ok(f) if !label.starts_with("codes:") => {
                let members = if f.needs_to() {
                    f.members_up_to(to)?
                } else {
                    f.members()
                };
                missing
                    .iter()
                    .take(10)
                    .map(|&i| members[i as usize].code.clone())
                    .collect()
            }
            _ => missing.iter().take(10).map(|i| format!("index {i}")).collect(),
        };
        return Err(Error::Input(format!(
            "{} of the {of} games of {label} are missing (e.g. {}): merge every shard",
            missing.len(),
            names.join(", ")
        )));
    }
    let entries: Vec<CensusEntry> = all.into_iter().map(|(e, _)| e).collect();
    write_file(output, &entries, out_format, q.is_some())?;
    let summary = census::summarize(&label, &entries);
    if let (Some(path), Some(kind)) = (report, kind) {
        write_report(path, kind, &summary, &entries, to)?;
    }
    if json {
        let text = serde_json::to_string(&summary).map_err(|e| Error::Unsupported(e.to_string()))?;
        return Ok(format!("{text}\n"));
    }
    Ok(format!(
        "merged {} files: {} games of {label} to heap {to}, each once; {} proved, {} open\nwrote {output}\n",
        inputs.len(),
        entries.len(),
        summary.proved,
        summary.open
    ))
}

fn opt(v: Option<u64>) -> String {
    v.map_or("-".into(), |v| v.to_string())
}

/// The rows as a text table (small censuses).
fn table(entries: &[CensusEntry]) -> String {
    let quotient = entries.iter().find_map(|e| e.row.quotient_to);
    let q_head = quotient.map_or(String::new(), |h| format!(" {:>22}", format!("|Q| at {h}")));
    let mut out = format!(
        "{:<10} {:<7} {:>8} {:>10} {:>10} {:>9} {:>7}{q_head} {:>8}\n",
        "code", "status", "period", "preperiod", "last exc.", "computed", "max g", "seconds"
    );
    for e in entries {
        let r = &e.row;
        let (period, pre) = match r.status {
            CensusStatus::Proved => (opt(r.period), opt(r.preperiod)),
            CensusStatus::Open => (
                r.period.map_or("-".into(), |p| format!("{p}?")),
                r.preperiod.map_or("-".into(), |p| format!("{p}?")),
            ),
        };
        let q = if quotient.is_some() {
            format!(" {:>22}", r.quotient_cell())
        } else {
            String::new()
        };
        out.push_str(&format!(
            "{:<10} {:<7} {:>8} {:>10} {:>10} {:>9} {:>7}{q} {:>8.3}\n",
            r.code,
            r.status.as_str(),
            period,
            pre,
            opt(r.last_exceptional),
            r.largest_heap,
            r.largest_value,
            r.seconds
        ));
    }
    out
}

/// What the rows of a census are: heap games (a period each), Cram boards, or the positions of
/// a family by n (one value each).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rows {
    Heaps,
    Boards,
    Positions,
}

/// The rows of a census of boards (`cram:R`) or of a family by n (`GAME:grid 3x{n}`) as
/// a text table: each board or position (`what`), its nimber (the row's `largest_value`) and
/// its time; the heap games' columns (period, preperiod, …) mean nothing for one position.
fn value_table(entries: &[CensusEntry], what: &str) -> String {
    let mut out = format!("{:<16} {:<7} {:>7} {:>8}\n", what, "status", "nimber", "seconds");
    for e in entries {
        let r = &e.row;
        out.push_str(&format!(
            "{:<16} {:<7} {:>7} {:>8.3}\n",
            r.code,
            r.status.as_str(),
            r.largest_value,
            r.seconds
        ));
    }
    out
}

/// The summary: counts by status, the open codes, the slowest games, same sequences (a census
/// of boards counted in columns and boards, of a family by n in positions, rather than heaps
/// and games).
fn summary_text(s: &CensusSummary, to: u64, shard: Shard, threads: usize, kind: Rows) -> String {
    let share = if shard == Shard::ALL {
        String::new()
    } else {
        format!(" (shard {}/{})", shard.part, shard.parts)
    };
    let mut out = if kind == Rows::Boards {
        format!(
            "census {}{share} to {to} columns: {} boards, {} solved, {} open ({} threads, {:.1} s of board time)\n",
            s.family, s.games, s.proved, s.open, threads, s.seconds
        )
    } else if kind == Rows::Positions {
        format!(
            "census {}{share} for n = 0..{to}: {} positions, {} valued ({:.1} s of search time)\n",
            s.family, s.games, s.proved, s.seconds
        )
    } else {
        format!(
            "census {}{share} to heap {to}: {} games, {} proved, {} open ({} threads, {:.1} s of game time)\n",
            s.family, s.games, s.proved, s.open, threads, s.seconds
        )
    };
    if !s.open_codes.is_empty() {
        out.push_str(&format!("open at heap {to}: {}\n", s.open_codes.join(" ")));
    }
    if let Some((reached, all)) = s.quotient_reached {
        out.push_str(&format!(
            "misère quotients: {reached} reached the heap asked ({all} proved for every heap: Φ periodic); {} still growing\n",
            s.quotient_growing.len()
        ));
        if !s.quotient_growing.is_empty() {
            let growing: Vec<String> = s
                .quotient_growing
                .iter()
                .map(|(c, h)| h.map_or(c.clone(), |h| format!("{c} @{h}")))
                .collect();
            out.push_str(&format!(
                "still growing (the last heap proved; one more outgrew --quotient-states): {}\n",
                growing.join(" ")
            ));
        }
    }
    if !s.slowest.is_empty() {
        let slow: Vec<String> = s.slowest.iter().map(|(c, t)| format!("{c} {t:.2} s")).collect();
        out.push_str(&format!("slowest: {}\n", slow.join(", ")));
    }
    if !s.same_sequence.is_empty() {
        let games: usize = s.same_sequence.iter().map(Vec::len).sum();
        let example = s
            .same_sequence
            .iter()
            .max_by_key(|g| g.len())
            .map(|g| g.join(" = "))
            .unwrap_or_default();
        out.push_str(&format!(
            "same sequence: {games} proved games in {} groups (largest: {example})\n",
            s.same_sequence.len()
        ));
    }
    out
}

/// The kind of report, by the file's name.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ReportKind {
    Markdown,
    Html,
}

fn report_kind(path: &str) -> Result<ReportKind> {
    let lower = path.to_ascii_lowercase();
    if lower.ends_with(".md") {
        Ok(ReportKind::Markdown)
    } else if lower.ends_with(".html") || lower.ends_with(".htm") {
        Ok(ReportKind::Html)
    } else {
        Err(Error::Input(format!("--report {path}: name it FILE.md or FILE.html")))
    }
}

/// The report: the published tables' columns, the open games, and the plot (Markdown: an SVG
/// file beside it, `FILE.svg`; HTML: the SVG inline).
fn write_report(path: &str, kind: ReportKind, s: &CensusSummary, entries: &[CensusEntry], to: u64) -> Result<()> {
    let svg = plot(s, entries)?;
    let first_of_group = |code: &str| -> Option<String> {
        s.same_sequence
            .iter()
            .find(|g| g.iter().skip(1).any(|c| c == code))
            .map(|g| g[0].clone())
    };
    let proved: Vec<&CensusEntry> = entries
        .iter()
        .filter(|e| e.row.status == CensusStatus::Proved)
        .collect();
    let open: Vec<&CensusEntry> = entries.iter().filter(|e| e.row.status == CensusStatus::Open).collect();
    let title = format!("Census of {} to heap {to}", s.family);
    let counts = format!(
        "{} games: {} proved periodic (Guy–Smith periodicity theorem), {} open at heap {to}.",
        s.games, s.proved, s.open
    );
    // The quotient column (`--quotient`): "quotient order at N" ([`CensusRow::quotient_cell`]:
    // `@h` where it stopped short, Φ's period where proved for every heap).
    let quotient = entries.iter().find_map(|e| e.row.quotient_to);
    let q_cell = |e: &CensusEntry| e.row.quotient_cell();
    let proved_rows: Vec<Vec<String>> = proved
        .iter()
        .map(|e| {
            let r = &e.row;
            let mut row = vec![
                r.code.clone(),
                opt(r.period),
                opt(r.preperiod),
                opt(r.last_exceptional),
                first_of_group(&r.code).unwrap_or_default(),
            ];
            if quotient.is_some() {
                row.push(q_cell(e));
            }
            row
        })
        .collect();
    let open_rows: Vec<Vec<String>> = open
        .iter()
        .map(|e| {
            let r = &e.row;
            let mut row = vec![
                r.code.clone(),
                r.largest_heap.to_string(),
                r.period
                    .map_or("none".into(), |p| format!("{p} from {}", opt(r.preperiod))),
                r.largest_value.to_string(),
            ];
            if quotient.is_some() {
                row.push(q_cell(e));
            }
            row
        })
        .collect();
    let q_head = quotient.map(|h| format!("quotient order at {h}"));
    let mut proved_head: Vec<&str> = vec![
        "code",
        "period",
        "preperiod",
        "last exceptional value",
        "same sequence as",
    ];
    let mut open_head: Vec<&str> = vec!["code", "computed to heap", "period seen (not proved)", "largest value"];
    if let Some(h) = &q_head {
        proved_head.push(h);
        open_head.push(h);
    }
    let text = match kind {
        ReportKind::Markdown => {
            let svg_path = Path::new(path).with_extension("svg");
            grundy::files::write_atomic(&svg_path, svg.as_bytes(), "the plot")?;
            let svg_name = svg_path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let md_table = |head: &[&str], rows: Vec<Vec<String>>| {
                let mut t = format!("| {} |\n|{}\n", head.join(" | "), " --- |".repeat(head.len()));
                for r in rows {
                    t.push_str(&format!("| {} |\n", r.join(" | ")));
                }
                t
            };
            format!(
                "# {title}\n\n{counts}\n\n![preperiod against period]({svg_name})\n\n## Proved\n\n{}\n## Open\n\n{}",
                md_table(&proved_head, proved_rows),
                md_table(&open_head, open_rows)
            )
        }
        ReportKind::Html => {
            let html_table = |head: &[&str], rows: Vec<Vec<String>>| {
                let mut t = String::from("<table>\n<tr>");
                for h in head {
                    t.push_str(&format!("<th>{}</th>", escape(h)));
                }
                t.push_str("</tr>\n");
                for r in rows {
                    t.push_str("<tr>");
                    for c in r {
                        t.push_str(&format!("<td>{}</td>", escape(&c)));
                    }
                    t.push_str("</tr>\n");
                }
                t.push_str("</table>\n");
                t
            };
            format!(
                "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{t}</title>\n<style>body{{font-family:sans-serif}}table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:2px 8px;text-align:right}}</style></head>\n<body>\n<h1>{t}</h1>\n<p>{c}</p>\n{svg}\n<h2>Proved</h2>\n{}<h2>Open</h2>\n{}</body></html>\n",
                html_table(&proved_head, proved_rows),
                html_table(&open_head, open_rows),
                t = escape(&title),
                c = escape(&counts),
            )
        }
    };
    grundy::files::write_atomic(Path::new(path), text.as_bytes(), "the report")
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Preperiod against period of the proved games, both axes logarithmic (preperiod + 1, so that
/// preperiod 0 shows), as an SVG text.
fn plot(s: &CensusSummary, entries: &[CensusEntry]) -> Result<String> {
    use plotters::prelude::*;
    super::plot::font()?;
    let points: Vec<(f64, f64)> = entries
        .iter()
        .filter(|e| e.row.status == CensusStatus::Proved)
        .filter_map(|e| Some((e.row.period? as f64, e.row.preperiod? as f64 + 1.0)))
        .collect();
    let max_x = points.iter().map(|p| p.0).fold(1.0, f64::max) * 2.0;
    let max_y = points.iter().map(|p| p.1).fold(1.0, f64::max) * 2.0;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 520)).into_drawing_area();
        let err = super::plot::draw_error;
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("{}: preperiod against period ({} proved games)", s.family, points.len()),
                ("sans-serif", 20),
            )
            .margin(14)
            .x_label_area_size(46)
            .y_label_area_size(64)
            .build_cartesian_2d((1f64..max_x).log_scale(), (1f64..max_y).log_scale())
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("period")
            .y_desc("preperiod + 1")
            .x_label_formatter(&|v| format!("{}", v.round() as u64))
            .y_label_formatter(&|v| format!("{}", v.round() as u64))
            .axis_desc_style(("sans-serif", 16))
            .label_style(("sans-serif", 13))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(
                points
                    .iter()
                    .map(|&p| Circle::new(p, 4, RGBColor(200, 40, 40).mix(0.6).filled())),
            )
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}
