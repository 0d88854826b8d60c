//! The census of a family of heap games (`grundy census`): one [`CensusRow`] per game, the
//! [`CensusEntry`] that places it in its family (one line of an output file), the
//! [`CensusSummary`] of a run, and the two line formats of census files (CSV and JSON lines),
//! each line carrying its own checksum.
//!
//! Why a checksum per line: a census runs for hours and is resumed from its output file, and
//! shards from many machines are merged; a line damaged on the way (a truncated copy, an
//! edit, a flipped byte) must be refused, never trusted as a result. A line is appended whole
//! and flushed as each game ends, so a run killed mid-write leaves at most one incomplete last
//! line (no newline at its end), which a reader drops and reports instead of refusing the file
//! ([`read_entries`]).
//!
//! Formats (docs/census.md): CSV with the header [`CSV_HEADER`] and a last column `check`, the
//! 64-bit FNV-1a hash ([`crate::files::fnv1a64`]) of the line before `,check`, in 16 hex digits;
//! JSON lines, one object per line whose last key `check` is the same hash of the object
//! written without it. Cost: linear in the size of the file.

use crate::error::{Error, Result};
use crate::files::fnv1a64;
use serde::{Deserialize, Serialize};

/// Whether a game's periodicity is proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Proved by the Guy–Smith periodicity theorem from the values computed: `period`,
    /// `preperiod` and `saltus` hold for every heap.
    Proved,
    /// Not proved up to `largest_heap`: `period` and `preperiod`, if any, are only the best
    /// candidate seen at the end of the values.
    Open,
}

impl Status {
    /// `proved` or `open`.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Proved => "proved",
            Status::Open => "open",
        }
    }
}

/// One game of a census: its code and what was found about its value sequence.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CensusRow {
    /// The code as written canonically (`0.137`, `4.07`; a subtraction set as its code, digit 3
    /// at each element: {1, 3} is `0.303`).
    pub code: String,
    /// The last heap asked for (`--to N`).
    pub to: u64,
    /// Proved or open.
    pub status: Status,
    /// The period: proved, or the best candidate seen (open games; `None` when none shows).
    pub period: Option<u64>,
    /// The least preperiod of that period.
    pub preperiod: Option<u64>,
    /// The saltus (0 for every finite code).
    pub saltus: Option<u64>,
    /// The last heap whose value is not given by the period (preperiod − 1), as the published
    /// tables list it; `None` when proved with preperiod 0, or open.
    pub last_exceptional: Option<u64>,
    /// The largest heap whose value was computed (a proved game stops early unless every
    /// value is asked for).
    pub largest_heap: u64,
    /// The largest value computed.
    pub largest_value: u64,
    /// The number of rare heaps (a ≥ 1) when the sparse space method computed the values;
    /// `None` when it did not apply or did not pay.
    pub rare_heaps: Option<u64>,
    /// For proved games: the FNV-1a hash of g(0..preperiod + period), in 16 hex digits. Two
    /// proved games with the same preperiod, period and fingerprint have the same sequence
    /// (see `query::census::same`).
    pub fingerprint: Option<String>,
    /// The rule that makes the game trivial, if one does (`no-moves`: every value is 0).
    pub rule: Option<String>,
    /// Other spellings of the same code in the input, listed once under this one (space
    /// separated; e.g. `0.070` for `0.07`, trailing zeros).
    pub also: Option<String>,
    /// The heap the misère quotient was built to, min(`to`, the cap), when the census was
    /// asked for it (`--quotient`); `None` otherwise (and the two quotient columns are left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quotient_to: Option<u64>,
    /// The order of the misère quotient of the game restricted to heaps ≤ `quotient_reached`
    /// (verified); `None` when not asked (or, in files of earlier versions, when the quotient
    /// did not reach `quotient_to`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quotient_order: Option<u64>,
    /// The last heap the quotient was built to: `quotient_to`, or less when the work budget of
    /// one heap ran out first (the quotient is large or infinite there: it is still growing).
    /// `None` when not asked, or in files of earlier versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quotient_reached: Option<u64>,
    /// The period of the pretending function Φ when the periodicity theorem proves the
    /// quotient for every heap (MisereSolver's "Period"); `None` otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quotient_period: Option<u64>,
    /// The first heap of Φ's periodic part, with `quotient_period` (MisereSolver's "Preperiod").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quotient_preperiod: Option<u64>,
    /// Wall time of the game in seconds (the only column that differs between two runs).
    pub seconds: f64,
}

impl CensusRow {
    /// A row of `code` to `to` with `status` and nothing else found yet (every optional column
    /// empty, no largest heap or value, time 0): the start of every row a census builds.
    pub fn empty(code: &str, to: u64, status: Status) -> CensusRow {
        CensusRow {
            code: code.to_string(),
            to,
            status,
            period: None,
            preperiod: None,
            saltus: None,
            last_exceptional: None,
            largest_heap: 0,
            largest_value: 0,
            rare_heaps: None,
            fingerprint: None,
            rule: None,
            also: None,
            quotient_to: None,
            quotient_order: None,
            quotient_reached: None,
            quotient_period: None,
            quotient_preperiod: None,
            seconds: 0.0,
        }
    }

    /// The quotient column as text: the order; `@h` when the quotient stopped at heap h, short
    /// of the heap asked (it outgrew the work budget there: still growing); `, Φ p from n`
    /// when the periodicity theorem proves it for every heap. Empty when not asked.
    pub fn quotient_cell(&self) -> String {
        let Some(to) = self.quotient_to else {
            return String::new();
        };
        let Some(order) = self.quotient_order else {
            return "-".into();
        };
        let mut text = order.to_string();
        match self.quotient_reached {
            Some(h) if h < to => text.push_str(&format!(" @{h}")),
            _ => {}
        }
        if let (Some(p), Some(n)) = (self.quotient_period, self.quotient_preperiod) {
            text.push_str(&format!(", Φ {p} from {n}"));
        }
        text
    }

    /// Whether the quotient was asked for and stopped short of its heap (still growing there).
    pub fn quotient_growing(&self) -> bool {
        match (self.quotient_to, self.quotient_reached) {
            (Some(to), Some(h)) => h < to,
            (Some(_), None) => self.quotient_order.is_none(),
            _ => false,
        }
    }
}

/// A row placed in its family: one line of a census file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CensusEntry {
    /// The family's label (`octal:3`, `subtraction:6`, `codes:<hash>` for a list).
    pub family: String,
    /// The game's position in the family's order (from 0).
    pub index: u64,
    /// The number of games in the family.
    pub of: u64,
    /// The game.
    #[serde(flatten)]
    pub row: CensusRow,
}

/// The format of a census file, chosen by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Comma-separated values with a header line.
    Csv,
    /// One JSON object per line.
    Jsonl,
}

impl Format {
    /// `.csv` → CSV, `.jsonl` or `.ndjson` → JSON lines; anything else is refused.
    pub fn of_path(path: &str) -> Result<Format> {
        let lower = path.to_ascii_lowercase();
        if lower.ends_with(".csv") {
            Ok(Format::Csv)
        } else if lower.ends_with(".jsonl") || lower.ends_with(".ndjson") {
            Ok(Format::Jsonl)
        } else {
            Err(Error::Input(format!(
                "census file `{path}`: name it FILE.csv or FILE.jsonl (the name chooses the format)"
            )))
        }
    }
}

/// The header line of a census CSV file.
pub const CSV_HEADER: &str = "family,index,of,to,code,status,period,preperiod,saltus,last_exceptional,largest_heap,largest_value,rare_heaps,fingerprint,rule,also,seconds,check";

/// The header line of a census CSV file with the misère quotient columns (`--quotient`): a
/// line of such a file has the five more fields
/// `quotient_to,quotient_order,quotient_reached,quotient_period,quotient_preperiod` before
/// `seconds`.
pub const CSV_HEADER_QUOTIENT: &str = "family,index,of,to,code,status,period,preperiod,saltus,last_exceptional,largest_heap,largest_value,rare_heaps,fingerprint,rule,also,quotient_to,quotient_order,quotient_reached,quotient_period,quotient_preperiod,seconds,check";

/// The quotient header of earlier versions (two quotient fields, `quotient_to,quotient_order`,
/// the order empty when the quotient did not reach the heap): still read, never written.
pub const CSV_HEADER_QUOTIENT_1: &str = "family,index,of,to,code,status,period,preperiod,saltus,last_exceptional,largest_heap,largest_value,rare_heaps,fingerprint,rule,also,quotient_to,quotient_order,seconds,check";

const CHECK_KEY: &str = ",\"check\":\"";

fn hex(h: u64) -> String {
    format!("{h:016x}")
}

fn opt(v: Option<u64>) -> String {
    v.map_or(String::new(), |v| v.to_string())
}

/// Text fields of a CSV line may not hold a quote or a line break (codes and rule names never
/// do; anything else is refused when written); a field with a comma (a family by n:
/// `petersen 7,2`) is written between quotes, as CSV does.
fn text_field(s: &Option<String>) -> std::result::Result<String, String> {
    match s {
        Some(t) if t.contains(['"', '\n', '\r']) => Err(format!("`{t}` cannot be written in a CSV field")),
        Some(t) if t.contains(',') => Ok(format!("\"{t}\"")),
        Some(t) => Ok(t.clone()),
        None => Ok(String::new()),
    }
}

/// The fields of a CSV line written by [`CensusEntry::to_line`]: split at commas outside
/// quotes, a quoted field's quotes taken off (no field holds a quote itself).
fn csv_fields(body: &str) -> std::result::Result<Vec<&str>, String> {
    let mut fields = Vec::new();
    let mut rest = body;
    loop {
        if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').ok_or("a quote is not closed")?;
            fields.push(&quoted[..end]);
            rest = &quoted[end + 1..];
            match rest.strip_prefix(',') {
                Some(after) => rest = after,
                None if rest.is_empty() => return Ok(fields),
                None => return Err("a quoted field is followed by more than a comma".into()),
            }
        } else {
            match rest.split_once(',') {
                Some((field, after)) => {
                    fields.push(field);
                    rest = after;
                }
                None => {
                    fields.push(rest);
                    return Ok(fields);
                }
            }
        }
    }
}

impl CensusEntry {
    /// The entry as one line of a census file (without the line break), with its checksum.
    pub fn to_line(&self, format: Format) -> Result<String> {
        match format {
            Format::Csv => {
                let r = &self.row;
                let code = text_field(&Some(r.code.clone())).map_err(Error::Unsupported)?;
                let mut fields = vec![
                    text_field(&Some(self.family.clone())).map_err(Error::Unsupported)?,
                    self.index.to_string(),
                    self.of.to_string(),
                    r.to.to_string(),
                    code,
                    r.status.as_str().to_string(),
                    opt(r.period),
                    opt(r.preperiod),
                    opt(r.saltus),
                    opt(r.last_exceptional),
                    r.largest_heap.to_string(),
                    r.largest_value.to_string(),
                    opt(r.rare_heaps),
                    text_field(&r.fingerprint).map_err(Error::Unsupported)?,
                    text_field(&r.rule).map_err(Error::Unsupported)?,
                    text_field(&r.also).map_err(Error::Unsupported)?,
                ];
                if r.quotient_to.is_some() {
                    fields.push(opt(r.quotient_to));
                    fields.push(opt(r.quotient_order));
                    fields.push(opt(r.quotient_reached));
                    fields.push(opt(r.quotient_period));
                    fields.push(opt(r.quotient_preperiod));
                } else if r.quotient_order.is_some() || r.quotient_reached.is_some() || r.quotient_period.is_some() {
                    return Err(Error::Unsupported("a quotient column without its heap".into()));
                }
                fields.push(format!("{:.3}", r.seconds));
                let body = fields.join(",");
                let check = hex(fnv1a64(body.as_bytes()));
                Ok(format!("{body},{check}"))
            }
            Format::Jsonl => {
                let body = serde_json::to_string(self).map_err(|e| Error::Unsupported(e.to_string()))?;
                let check = hex(fnv1a64(body.as_bytes()));
                Ok(format!("{}{CHECK_KEY}{check}\"}}", &body[..body.len() - 1]))
            }
        }
    }

    /// Read one line written by [`CensusEntry::to_line`]; `Err` says what is wrong (a
    /// checksum that does not match, a missing field, a value that does not parse).
    pub fn from_line(line: &str, format: Format) -> std::result::Result<CensusEntry, String> {
        match format {
            Format::Csv => {
                let (body, check) = line.rsplit_once(',').ok_or("no checksum column")?;
                if check != hex(fnv1a64(body.as_bytes())) {
                    return Err("its checksum does not match its contents".into());
                }
                let mut f: Vec<&str> = csv_fields(body)?;
                // 17 fields, or 22 with the quotient columns (before `seconds`; 19 in files of
                // earlier versions).
                let quotient: Vec<String> = match f.len() {
                    17 => Vec::new(),
                    19 => f.drain(16..18).map(str::to_string).collect(),
                    22 => f.drain(16..21).map(str::to_string).collect(),
                    n => return Err(format!("{} columns instead of 18 (or 23 with the quotient)", n + 1)),
                };
                let field = |i: usize, name: &str| -> std::result::Result<Option<u64>, String> {
                    match quotient.get(i).map(String::as_str) {
                        None | Some("") => Ok(None),
                        Some(t) => t
                            .parse::<u64>()
                            .map(Some)
                            .map_err(|_| format!("{name} `{t}` is not a number")),
                    }
                };
                let quotient_to = field(0, "quotient_to")?;
                if !quotient.is_empty() && quotient_to.is_none() {
                    return Err("quotient_to is empty".into());
                }
                let quotient_order = field(1, "quotient_order")?;
                let quotient_reached = field(2, "quotient_reached")?;
                let quotient_period = field(3, "quotient_period")?;
                let quotient_preperiod = field(4, "quotient_preperiod")?;
                let num = |i: usize, name: &str| -> std::result::Result<u64, String> {
                    f[i].parse::<u64>()
                        .map_err(|_| format!("{name} `{}` is not a number", f[i]))
                };
                let maybe = |i: usize, name: &str| -> std::result::Result<Option<u64>, String> {
                    if f[i].is_empty() {
                        Ok(None)
                    } else {
                        num(i, name).map(Some)
                    }
                };
                let text = |i: usize| (!f[i].is_empty()).then(|| f[i].to_string());
                let status = match f[5] {
                    "proved" => Status::Proved,
                    "open" => Status::Open,
                    other => return Err(format!("status `{other}` is neither proved nor open")),
                };
                let seconds = f[16]
                    .parse::<f64>()
                    .map_err(|_| format!("seconds `{}` is not a number", f[16]))?;
                Ok(CensusEntry {
                    family: f[0].to_string(),
                    index: num(1, "index")?,
                    of: num(2, "of")?,
                    row: CensusRow {
                        to: num(3, "to")?,
                        code: f[4].to_string(),
                        status,
                        period: maybe(6, "period")?,
                        preperiod: maybe(7, "preperiod")?,
                        saltus: maybe(8, "saltus")?,
                        last_exceptional: maybe(9, "last_exceptional")?,
                        largest_heap: num(10, "largest_heap")?,
                        largest_value: num(11, "largest_value")?,
                        rare_heaps: maybe(12, "rare_heaps")?,
                        fingerprint: text(13),
                        rule: text(14),
                        also: text(15),
                        quotient_to,
                        quotient_order,
                        quotient_reached,
                        quotient_period,
                        quotient_preperiod,
                        seconds,
                    },
                })
            }
            Format::Jsonl => {
                let cut = line.len().checked_sub(CHECK_KEY.len() + 16 + 2).ok_or("too short")?;
                let (body, tail) = line.split_at(cut);
                let check = tail
                    .strip_prefix(CHECK_KEY)
                    .and_then(|t| t.strip_suffix("\"}"))
                    .ok_or("no checksum key at its end")?;
                let body = format!("{body}}}");
                if check != hex(fnv1a64(body.as_bytes())) {
                    return Err("its checksum does not match its contents".into());
                }
                serde_json::from_str(&body).map_err(|e| format!("not a census entry: {e}"))
            }
        }
    }
}

/// The entries of a census file's text (`what` names the file in messages). Every complete
/// line must be a valid entry with a matching checksum, else the file is refused
/// ([`Error::Input`] naming the line). A last line without its line break (a write cut short)
/// is dropped: the second value is then `true`.
pub fn read_entries(text: &str, format: Format, what: &str) -> Result<(Vec<CensusEntry>, bool)> {
    let partial = !text.is_empty() && !text.ends_with('\n');
    let mut lines: Vec<&str> = text.split('\n').collect();
    // The piece after the last line break: empty, or the incomplete line.
    lines.pop();
    let mut entries = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let number = i + 1;
        if format == Format::Csv && i == 0 {
            if ![CSV_HEADER, CSV_HEADER_QUOTIENT, CSV_HEADER_QUOTIENT_1].contains(line) {
                return Err(Error::Input(format!(
                    "{what} is not a census CSV file: its first line is not the census header; it is left as it is (choose another --out)"
                )));
            }
            continue;
        }
        let entry = CensusEntry::from_line(line, format).map_err(|why| {
            Error::Input(format!(
                "{what} is damaged at line {number}: {why}; it is not trusted (remove that line, or the file, and run again)"
            ))
        })?;
        entries.push(entry);
    }
    Ok((entries, partial))
}

/// A whole census file: the header (CSV; with the quotient columns when an entry has them)
/// and one line per entry.
pub fn write_entries(entries: &[CensusEntry], format: Format, out: &mut dyn std::io::Write) -> Result<()> {
    let quotient = entries.iter().any(|e| e.row.quotient_to.is_some());
    write_entries_headed(entries, format, quotient, out)
}

/// [`write_entries`] with the CSV header chosen by the caller: [`CSV_HEADER_QUOTIENT`] when
/// `quotient` (a census with `--quotient`, even before its first game), else [`CSV_HEADER`].
pub fn write_entries_headed(
    entries: &[CensusEntry],
    format: Format,
    quotient: bool,
    out: &mut dyn std::io::Write,
) -> Result<()> {
    let io = |e: std::io::Error| Error::Input(format!("cannot write the census file: {e}"));
    if format == Format::Csv {
        let header = if quotient { CSV_HEADER_QUOTIENT } else { CSV_HEADER };
        writeln!(out, "{header}").map_err(io)?;
    }
    for e in entries {
        writeln!(out, "{}", e.to_line(format)?).map_err(io)?;
    }
    Ok(())
}

/// What a census found, counted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CensusSummary {
    /// The family's label.
    pub family: String,
    /// The games of the family (or of the shard) in this result.
    pub games: u64,
    /// Games proved.
    pub proved: u64,
    /// Games left open.
    pub open: u64,
    /// The codes left open, in family order.
    pub open_codes: Vec<String>,
    /// The slowest games, slowest first: (code, seconds).
    pub slowest: Vec<(String, f64)>,
    /// With the quotient column: the games whose quotient reached the heap asked, and of them
    /// those proved for every heap (Φ periodic); `None` without the column.
    pub quotient_reached: Option<(u64, u64)>,
    /// With the quotient column: the games whose quotient stopped short of the heap asked (one
    /// heap's work outgrew the budget: large or infinite there), with the last heap proved
    /// (`None`: not even the first heaps).
    pub quotient_growing: Vec<(String, Option<u64>)>,
    /// Groups of proved games with one and the same value sequence (listed once in the
    /// published tables): each group's codes in family order, groups of two or more only.
    pub same_sequence: Vec<Vec<String>>,
    /// Sum of the games' times in seconds.
    pub seconds: f64,
}

/// The `census --json` document: the summary and every entry.
#[derive(Clone, Debug, Serialize)]
pub struct CensusReport {
    /// The counts.
    pub summary: CensusSummary,
    /// One entry per game, in family order.
    pub games: Vec<CensusEntry>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry() -> CensusEntry {
        CensusEntry {
            family: "octal:3".into(),
            index: 95,
            of: 512,
            row: CensusRow {
                code: "0.137".into(),
                to: 10_000,
                status: Status::Proved,
                period: Some(34),
                preperiod: Some(53),
                saltus: Some(0),
                last_exceptional: Some(52),
                largest_heap: 4095,
                largest_value: 7,
                rare_heaps: None,
                fingerprint: Some("00112233aabbccdd".into()),
                rule: None,
                also: Some("0.1370".into()),
                quotient_to: None,
                quotient_order: None,
                quotient_reached: None,
                quotient_period: None,
                quotient_preperiod: None,
                seconds: 0.012,
            },
        }
    }

    #[test]
    fn lines_read_back_and_a_changed_byte_is_refused() {
        for format in [Format::Csv, Format::Jsonl] {
            let e = entry();
            let line = e.to_line(format).unwrap();
            assert_eq!(CensusEntry::from_line(&line, format).unwrap(), e);
            // Every single-byte change is caught (by the checksum or the parse).
            for i in 0..line.len() {
                let mut bytes = line.clone().into_bytes();
                bytes[i] = if bytes[i] == b'7' { b'8' } else { b'7' };
                let Ok(changed) = String::from_utf8(bytes) else {
                    continue;
                };
                assert!(
                    CensusEntry::from_line(&changed, format).is_err(),
                    "{format:?}: byte {i} changed in {line}"
                );
            }
        }
    }

    #[test]
    fn quotient_columns_read_back_and_files_without_them_are_unchanged() {
        for format in [Format::Csv, Format::Jsonl] {
            let plain = entry().to_line(format).unwrap();
            assert!(!plain.contains("quotient"), "{plain}");
            // Reached with Φ's period proved; stopped short at heap 16 (still growing).
            for (order, reached, period) in [(6, 30, Some((2, 5))), (28, 16, None)] {
                let mut e = entry();
                e.row.quotient_to = Some(30);
                e.row.quotient_order = Some(order);
                e.row.quotient_reached = Some(reached);
                e.row.quotient_period = period.map(|p: (u64, u64)| p.0);
                e.row.quotient_preperiod = period.map(|p| p.1);
                let line = e.to_line(format).unwrap();
                assert_ne!(line, plain);
                assert_eq!(CensusEntry::from_line(&line, format).unwrap(), e);
                let mut buf = Vec::new();
                write_entries(&[entry(), e.clone()], format, &mut buf).unwrap();
                let text = String::from_utf8(buf).unwrap();
                if format == Format::Csv {
                    assert!(text.starts_with(CSV_HEADER_QUOTIENT));
                    assert!(
                        line.contains(",30,6,30,2,5,") || line.contains(",30,28,16,,,"),
                        "{line}"
                    );
                }
                let (read, _) = read_entries(&text, format, "f").unwrap();
                assert_eq!(read, vec![entry(), e]);
            }
        }
    }

    #[test]
    fn fields_with_a_comma_are_quoted_and_read_back() {
        let mut e = entry();
        e.family = "game:petersen {n},2".into();
        e.row.code = "petersen 7,2".into();
        let line = e.to_line(Format::Csv).unwrap();
        assert!(line.starts_with("\"game:petersen {n},2\","), "{line}");
        assert!(line.contains(",\"petersen 7,2\","), "{line}");
        assert_eq!(CensusEntry::from_line(&line, Format::Csv).unwrap(), e);
        // A quote is still refused; an unclosed quote is a damaged line.
        e.row.code = "a\"b".into();
        assert!(e.to_line(Format::Csv).is_err());
        let body = "\"octal:3,95";
        let bad = format!("{body},{}", hex(fnv1a64(body.as_bytes())));
        assert!(CensusEntry::from_line(&bad, Format::Csv).is_err());
    }

    #[test]
    fn lines_of_the_earlier_quotient_format_still_read() {
        // Two quotient fields (heap, order or empty): the columns added since are empty.
        let body = "octal:3,95,512,10000,0.137,proved,34,53,0,52,4095,7,,00112233aabbccdd,,0.1370,20,24,0.012";
        let line = format!("{body},{}", hex(fnv1a64(body.as_bytes())));
        let text = format!("{CSV_HEADER_QUOTIENT_1}\n{line}\n");
        let (read, _) = read_entries(&text, Format::Csv, "f").unwrap();
        let mut want = entry();
        want.row.quotient_to = Some(20);
        want.row.quotient_order = Some(24);
        assert_eq!(read, vec![want]);
    }

    #[test]
    fn a_file_reads_back_a_damaged_line_is_refused_and_a_cut_last_line_dropped() {
        for format in [Format::Csv, Format::Jsonl] {
            let mut e2 = entry();
            e2.index = 96;
            e2.row.status = Status::Open;
            e2.row.last_exceptional = None;
            let mut buf = Vec::new();
            write_entries(&[entry(), e2.clone()], format, &mut buf).unwrap();
            let text = String::from_utf8(buf).unwrap();
            let (read, partial) = read_entries(&text, format, "f").unwrap();
            assert_eq!(read, vec![entry(), e2]);
            assert!(!partial);
            let cut = &text[..text.len() - 5];
            let (read, partial) = read_entries(cut, format, "f").unwrap();
            assert_eq!(read.len(), 1);
            assert!(partial);
            let damaged = text.replacen("0.137", "0.136", 1);
            let err = read_entries(&damaged, format, "f").unwrap_err().to_string();
            assert!(err.contains("damaged at line"), "{err}");
        }
        let err = read_entries("code,status\n", Format::Csv, "f").unwrap_err().to_string();
        assert!(err.contains("not a census CSV file"), "{err}");
    }
}
