//! The memory limit (`--max-memory SIZE`): a watcher thread reads the process's resident size
//! from `/proc/self/statm` a few times a second; above the limit it raises a flag that every
//! long computation already polls (through [`crate::interrupt::requested`], the Ctrl-C check),
//! so the search stops at its next checkpoint with a clear error instead of taking the machine.
//!
//! Why a watcher and not a counting allocator: it costs nothing per allocation (the solvers
//! allocate in their inner loops) and needs no `unsafe`; the price is that memory is sampled
//! (every 50 ms), so a computation may overshoot the limit by what it allocates in that time.
//! As a last resort, a process still at twice the limit a second after the flag was raised (or
//! still above the limit after 5 seconds) prints the error and exits with code 2.
//!
//! The default limit is half of the machine's memory (`MemTotal` in `/proc/meminfo`), so a
//! careless command cannot take the whole machine. On systems without `/proc` nothing is
//! watched.

use crate::error::{Error, Result};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The limit in bytes (0: none).
static LIMIT: AtomicU64 = AtomicU64::new(0);
/// Set once the resident size went above the limit.
static EXCEEDED: AtomicBool = AtomicBool::new(false);
/// Whether the watcher thread runs.
static WATCHING: AtomicBool = AtomicBool::new(false);

/// How often the resident size is read.
const PERIOD: Duration = Duration::from_millis(50);
/// How long a computation may take to stop after the flag was raised.
const GRACE: Duration = Duration::from_secs(5);

/// Half of the machine's memory (`MemTotal`), or 4 GiB when it cannot be read.
pub fn default_limit() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| mem_total(&text))
        .map_or(4 << 30, |total| total / 2)
}

/// `MemTotal` in bytes from the text of `/proc/meminfo`.
fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Parse a size such as `512M`, `4G`, `1.5G`, `800K`, `1000000` (bytes) or `2GiB`.
pub fn parse_size(text: &str) -> Result<u64> {
    let bad = || {
        Error::Input(format!(
            "--max-memory `{text}` is not a size: write a number with K, M, G or T (powers of 1024), e.g. 512M or 4G"
        ))
    };
    let t = text.trim();
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let shift = match unit
        .trim()
        .to_ascii_uppercase()
        .trim_end_matches("IB")
        .trim_end_matches('B')
    {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(bad()),
    };
    if number.is_empty() || number.matches('.').count() > 1 || number == "." {
        return Err(bad());
    }
    let (whole, frac) = number.split_once('.').unwrap_or((number, ""));
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    let unit_bytes = 1u64 << shift;
    let mut bytes = whole.checked_mul(unit_bytes).ok_or_else(|| {
        Error::Input(format!(
            "--max-memory `{text}` is too large: at most 16 EiB (2^64 − 1 bytes)"
        ))
    })?;
    if !frac.is_empty() {
        // At most 9 decimals are meaningful; more would overflow the scale below.
        let digits = &frac[..frac.len().min(9)];
        let scale = 10u128.pow(digits.len() as u32);
        let f: u128 = digits.parse().map_err(|_| bad())?;
        bytes = bytes.saturating_add((f * unit_bytes as u128 / scale) as u64);
    }
    if bytes < 1 << 20 {
        return Err(Error::Input(format!(
            "--max-memory `{text}` is too small: at least 1M is needed to run at all"
        )));
    }
    Ok(bytes)
}

/// A size in words: `512 MiB`, `4.0 GiB`.
pub fn describe(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64)
    } else {
        format!("{} MiB", bytes >> 20)
    }
}

/// Set the limit (bytes) and start the watcher if it is not running yet.
pub fn set_limit(bytes: u64) {
    LIMIT.store(bytes, Ordering::SeqCst);
    if resident().is_some() && !WATCHING.swap(true, Ordering::SeqCst) {
        let _ = std::thread::Builder::new().name("memory-limit".into()).spawn(watch);
    }
}

/// The current limit in bytes (0 when none was set).
pub fn limit() -> u64 {
    LIMIT.load(Ordering::Relaxed)
}

/// Whether the process went above the memory limit.
pub fn exceeded() -> bool {
    EXCEEDED.load(Ordering::Relaxed)
}

/// The error to report once [`exceeded`].
pub fn limit_error() -> Error {
    Error::Input(format!(
        "stopped: memory use reached the limit of {} (--max-memory); raise it with --max-memory SIZE, e.g. --max-memory 8G",
        describe(limit())
    ))
}

/// Resident set size of this process in bytes.
fn resident() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
    // Pages are 4 KiB on the platforms we run on (x86-64, aarch64 Linux defaults).
    pages.checked_mul(4096)
}

fn watch() {
    let mut raised_at: Option<Instant> = None;
    loop {
        std::thread::sleep(PERIOD);
        let limit = LIMIT.load(Ordering::Relaxed);
        let Some(rss) = resident() else { return };
        if limit == 0 {
            continue;
        }
        if rss > limit && raised_at.is_none() {
            EXCEEDED.store(true, Ordering::SeqCst);
            raised_at = Some(Instant::now());
        }
        let since = raised_at.map_or(Duration::ZERO, |t| t.elapsed());
        // Twice the limit after a second, or still above it after the grace period.
        let hard = rss / 2 > limit && since > Duration::from_secs(1);
        let late = since > GRACE && rss > limit;
        if hard || late {
            eprintln!("grundy: {}", limit_error());
            std::process::exit(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_units() {
        assert_eq!(parse_size("512M").unwrap(), 512 << 20);
        assert_eq!(parse_size("4G").unwrap(), 4 << 30);
        assert_eq!(parse_size("4g").unwrap(), 4 << 30);
        assert_eq!(parse_size("2GiB").unwrap(), 2 << 30);
        assert_eq!(parse_size("1.5G").unwrap(), 3 << 29);
        assert_eq!(parse_size("2048K").unwrap(), 2 << 20);
        assert_eq!(parse_size("1048576").unwrap(), 1 << 20);
        for bad in ["", "G", "x", "4X", "-1G", "1..2G", "."] {
            let e = parse_size(bad).unwrap_err().to_string();
            assert!(e.contains("is not a size"), "{bad}: {e}");
        }
        assert!(parse_size("100").unwrap_err().to_string().contains("too small"));
        assert!(
            parse_size("99999999999T")
                .unwrap_err()
                .to_string()
                .contains("too large")
        );
        assert!(parse_size("99999999999999999999999").is_err());
    }

    #[test]
    fn mem_total_is_read_from_meminfo() {
        assert_eq!(mem_total("MemTotal:       1024 kB\nMemFree: 3 kB\n"), Some(1 << 20));
        assert_eq!(mem_total("nothing"), None);
        assert!(default_limit() >= 1 << 20);
    }
}
