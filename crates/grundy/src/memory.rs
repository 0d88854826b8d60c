//! The memory limit (`--max-memory SIZE`): a [`MemoryBudget`] starts a watcher thread that
//! reads the process's resident size from `/proc/self/statm` a few times a second; above the
//! limit it raises the budget's flag, which every long computation polls through
//! [`crate::control::Control::check`], so the work stops at its next checkpoint with
//! [`Error::MemoryLimit`] instead of taking the machine.
//!
//! Why a watcher and not a counting allocator: it costs nothing per allocation (the solvers
//! allocate in their inner loops) and needs no `unsafe`; the price is that memory is sampled
//! (every 50 ms), so a computation may overshoot the limit by what it allocates in that time.
//! The library never ends the process: a front end that wants a last resort against a
//! computation that does not stop in time watches [`MemoryBudget::exceeded_for`] and
//! [`resident`] itself, best from the watcher thread through [`MemoryBudget::set_watchdog`]
//! (the command line exits at 1.5 times the limit, or after a grace period).
//!
//! Big allocations (transposition and dense tables, sequences of values, sieves) are accounted
//! before they are made: [`MemoryBudget::headroom`] is the limit less the resident size now,
//! and [`MemoryBudget::reserve`] refuses an allocation that would not fit with
//! [`Error::MemoryLimit`], so such a request fails at once instead of overshooting the limit
//! and being stopped later by the watcher. Engines also size their tables from the headroom.
//!
//! The default limit ([`default_limit`]) is half of the machine's memory (`MemTotal` in
//! `/proc/meminfo`), or 7/8 of the memory limit of the process's control group (cgroup v2
//! `memory.max`, v1 `memory.limit_in_bytes`, of its own group and every ancestor) or of its
//! address-space limit (`RLIMIT_AS`/`RLIMIT_DATA`, [`address_space_limit`]) when that is
//! smaller. Under an address-space limit the watcher also compares the virtual size with 7/8
//! of it (an allocation past that limit aborts the process whatever its resident size), so a careless command cannot take the whole machine nor be ended by the kernel's
//! out-of-memory killer of a container before the budget stops it. On systems without `/proc`
//! nothing is watched.

use crate::error::{Error, Result};
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// How often the resident size is read.
const PERIOD: Duration = Duration::from_millis(50);

/// A memory limit for the process, watched by a thread that lives as long as the budget (or a
/// clone of it). Clones share the limit and the flag.
#[derive(Clone)]
pub struct MemoryBudget {
    inner: Arc<Budget>,
}

struct Budget {
    /// The limit in bytes (0: none).
    limit: AtomicU64,
    /// 7/8 of the process's address-space limit (the least of `RLIMIT_AS` and `RLIMIT_DATA`,
    /// as `ulimit -v` sets on shared clusters), checked against the virtual size; 0: none.
    /// Past that limit an allocation fails and the process aborts, whatever its resident size.
    space: u64,
    /// Set once the resident size went above the limit.
    exceeded: AtomicBool,
    /// When the flag was raised.
    since: Mutex<Option<Instant>>,
    /// Called by the watcher after each sample ([`MemoryBudget::set_watchdog`]).
    watchdog: Mutex<Option<Watchdog>>,
}

/// What a front end runs on the watcher thread after each sample: the budget and the resident
/// size just read.
type Watchdog = Box<dyn Fn(&MemoryBudget, u64) + Send>;

impl fmt::Debug for MemoryBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemoryBudget")
            .field("limit", &self.limit())
            .field("exceeded", &self.exceeded())
            .finish()
    }
}

impl MemoryBudget {
    /// A budget of `bytes` (0: none), watched from now on (where `/proc/self/statm` exists).
    pub fn new(bytes: u64) -> Self {
        let budget = MemoryBudget {
            inner: Arc::new(Budget {
                limit: AtomicU64::new(bytes),
                space: address_space_limit().map_or(0, |b| b / 8 * 7),
                exceeded: AtomicBool::new(false),
                since: Mutex::new(None),
                watchdog: Mutex::new(None),
            }),
        };
        if resident().is_some() {
            let weak = Arc::downgrade(&budget.inner);
            let _ = std::thread::Builder::new()
                .name("memory-limit".into())
                .spawn(move || watch(weak));
        }
        budget
    }

    /// Run `f` on the watcher thread after each sample (every 50 ms), with the budget and the
    /// resident size just read: a front end's last resort (the command line ends the process
    /// when a computation does not stop in time) without a thread of its own. Replaces the
    /// watchdog set before; never called where nothing is watched (no `/proc`).
    pub fn set_watchdog(&self, f: impl Fn(&MemoryBudget, u64) + Send + 'static) {
        *self.inner.watchdog.lock().unwrap_or_else(|e| e.into_inner()) = Some(Box::new(f));
    }

    /// Change the limit (bytes, 0: none); a flag already raised is cleared.
    pub fn set_limit(&self, bytes: u64) {
        self.inner.limit.store(bytes, Ordering::SeqCst);
        self.inner.exceeded.store(false, Ordering::SeqCst);
        *self.inner.since.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// The limit in bytes (0: none).
    pub fn limit(&self) -> u64 {
        self.inner.limit.load(Ordering::Relaxed)
    }

    /// Whether the process went above the limit.
    pub fn exceeded(&self) -> bool {
        self.inner.exceeded.load(Ordering::Relaxed)
    }

    /// How long ago the process went above the limit, if it did.
    pub fn exceeded_for(&self) -> Option<Duration> {
        self.inner
            .since
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .map(|t| t.elapsed())
    }

    /// The error a computation stopped by this budget returns: the memory limit, or the
    /// address-space limit's share when that one is the lower.
    pub fn error(&self) -> Error {
        let (limit, space) = (self.limit(), self.inner.space);
        Error::MemoryLimit(if space != 0 && (limit == 0 || space < limit) {
            space
        } else {
            limit
        })
    }

    /// Bytes that may still be allocated: the limit less the resident size now (the whole
    /// limit where the resident size cannot be read), and no more than 7/8 of the
    /// address-space limit less the virtual size; `None` when there is neither limit. Costs
    /// one read of `/proc/self/statm`: for sizing big allocations, not for inner loops.
    pub fn headroom(&self) -> Option<u64> {
        let (limit, space) = (self.limit(), self.inner.space);
        let sizes = sizes();
        let by_limit = (limit != 0).then(|| limit.saturating_sub(sizes.map_or(0, |s| s.resident)));
        let by_space = (space != 0).then(|| space.saturating_sub(sizes.map_or(0, |s| s.virtual_size)));
        match (by_limit, by_space) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Account an allocation of `bytes` before making it: `Err` ([`Error::MemoryLimit`]) when it
    /// does not fit in the [`MemoryBudget::headroom`], so the caller refuses instead of
    /// allocating.
    pub fn reserve(&self, bytes: u64) -> Result<()> {
        match self.headroom() {
            Some(room) if bytes > room => Err(self.error()),
            _ => Ok(()),
        }
    }
}

/// The default memory limit: half of the machine's memory (`MemTotal`, 4 GiB when it cannot be
/// read), or 7/8 of the process's cgroup memory limit ([`cgroup_limit`]) when that is smaller
/// (the eighth left is for the page cache and the watcher's sampling delay, which the cgroup
/// counts too).
pub fn default_limit() -> u64 {
    let half = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| mem_total(&text))
        .map_or(4 << 30, |total| total / 2);
    [cgroup_limit(), address_space_limit()]
        .into_iter()
        .flatten()
        .map(|b| b / 8 * 7)
        .fold(half, u64::min)
}

/// Whether a memory limit of `bytes` (an [`Error::MemoryLimit`]) is the share of the
/// process's address-space limit ([`address_space_limit`], `ulimit -v`) rather than the memory
/// budget: then raising the budget does not help, and a front end's hint says which limit it is.
pub fn is_address_space_share(bytes: u64) -> bool {
    address_space_limit().is_some_and(|a| bytes >= a / 8 * 7)
}

/// The address-space limit of this process: the least of the soft limits `RLIMIT_AS` ("Max
/// address space") and `RLIMIT_DATA` ("Max data size") in `/proc/self/limits` (`ulimit -v`
/// and `ulimit -d`); `None` when both are unlimited or cannot be read.
pub fn address_space_limit() -> Option<u64> {
    parse_address_space_limit(&std::fs::read_to_string("/proc/self/limits").ok()?)
}

/// [`address_space_limit`] from the text of `/proc/self/limits`.
fn parse_address_space_limit(limits: &str) -> Option<u64> {
    limits
        .lines()
        .filter(|l| l.starts_with("Max address space") || l.starts_with("Max data size"))
        .filter_map(|l| {
            // "Max address space   8192000000   unlimited   bytes": the soft limit comes first.
            let rest = l
                .trim_start_matches("Max address space")
                .trim_start_matches("Max data size");
            rest.split_whitespace().next()?.parse::<u64>().ok()
        })
        .min()
}

/// The memory limit of the control group of this process, if it has one: the least of the
/// limits of its group and of every ancestor group (cgroup v2 `memory.max`, or v1
/// `memory.limit_in_bytes` under the `memory` hierarchy), read from the usual mount point
/// `/sys/fs/cgroup`; `None` when no limit is set or the files cannot be read.
pub fn cgroup_limit() -> Option<u64> {
    let own = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    cgroup_limit_files(&own)
        .iter()
        .filter_map(|path| std::fs::read_to_string(path).ok())
        .filter_map(|text| parse_cgroup_limit(&text))
        .min()
}

/// The files that may hold a memory limit of this process's groups, from the text of
/// `/proc/self/cgroup`: for the v2 group (`0::/path`) `memory.max` in the group and each
/// ancestor directory under `/sys/fs/cgroup`; for a v1 `memory` group `memory.limit_in_bytes`
/// likewise under `/sys/fs/cgroup/memory`. The roots are always listed (inside a container
/// the group is usually `/`, the container's own group).
fn cgroup_limit_files(proc_self_cgroup: &str) -> Vec<String> {
    let mut groups: Vec<(String, &str)> = vec![("/sys/fs/cgroup".into(), "/"), ("/sys/fs/cgroup/memory".into(), "/")];
    for line in proc_self_cgroup.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(id), Some(controllers), Some(path)) = (fields.next(), fields.next(), fields.next()) else {
            continue;
        };
        if id == "0" && controllers.is_empty() {
            groups.push(("/sys/fs/cgroup".into(), path));
        } else if controllers.split(',').any(|c| c == "memory") {
            groups.push(("/sys/fs/cgroup/memory".into(), path));
        }
    }
    let mut files = Vec::new();
    for (root, path) in groups {
        let file = if root.ends_with("/memory") {
            "memory.limit_in_bytes"
        } else {
            "memory.max"
        };
        // The group and each ancestor: `/a/b` gives `/a/b`, `/a`, ``.
        let mut dir = path.trim_end_matches('/').to_string();
        loop {
            let candidate = format!("{root}{dir}/{file}");
            if !files.contains(&candidate) {
                files.push(candidate);
            }
            match dir.rfind('/') {
                Some(cut) => dir.truncate(cut),
                None => break,
            }
        }
    }
    files
}

/// A cgroup memory limit from the text of `memory.max` (v2: bytes or `max`) or
/// `memory.limit_in_bytes` (v1: bytes, a value near 2^63 meaning none); `None` for no limit.
fn parse_cgroup_limit(text: &str) -> Option<u64> {
    let bytes: u64 = text.trim().parse().ok()?;
    // v1 writes "no limit" as the largest page-aligned i64 (9223372036854771712).
    (bytes > 0 && bytes < 1 << 62).then_some(bytes)
}

/// `MemTotal` in bytes from the text of `/proc/meminfo`.
fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Parse a size such as `512M`, `4G`, `1.5G`, `800K`, `1000000` (bytes) or `2GiB`. A bad size
/// is bad input whose message starts with the text (name the setting with [`Error::named`]).
pub fn parse_size(text: &str) -> Result<u64> {
    let bad = || {
        Error::Input(format!(
            "`{text}` is not a size: write a number with K, M, G or T (powers of 1024), e.g. 512M or 4G"
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
    let mut bytes = whole
        .checked_mul(unit_bytes)
        .ok_or_else(|| Error::Input(format!("`{text}` is too large: at most 16 EiB (2^64 − 1 bytes)")))?;
    if !frac.is_empty() {
        // At most 9 decimals are meaningful; more would overflow the scale below.
        let digits = &frac[..frac.len().min(9)];
        let scale = 10u128.pow(digits.len() as u32);
        let f: u128 = digits.parse().map_err(|_| bad())?;
        bytes = bytes.saturating_add((f * unit_bytes as u128 / scale) as u64);
    }
    if bytes < 1 << 20 {
        return Err(Error::Input(format!(
            "`{text}` is too small: at least 1M is needed to run at all"
        )));
    }
    Ok(bytes)
}

pub use crate::error::describe;

/// Resident set size of this process in bytes (`None` where `/proc/self/statm` is missing).
pub fn resident() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
    // Pages are 4 KiB on the platforms we run on (x86-64, aarch64 Linux defaults).
    pages.checked_mul(4096)
}

/// The resident and the virtual size of this process, in bytes.
#[derive(Clone, Copy, Debug)]
struct Sizes {
    resident: u64,
    virtual_size: u64,
}

/// Both sizes from one read of `/proc/self/statm` (`None` where it is missing).
fn sizes() -> Option<Sizes> {
    let text = std::fs::read_to_string("/proc/self/statm").ok()?;
    let mut fields = text.split_whitespace().map(|f| f.parse::<u64>().ok());
    let (size, rss) = (fields.next()??, fields.next()??);
    Some(Sizes {
        resident: rss.checked_mul(4096)?,
        virtual_size: size.checked_mul(4096)?,
    })
}

/// Sample the resident size until the budget is dropped; raise its flag above the limit (or
/// the virtual size above the address-space share).
fn watch(budget: Weak<Budget>) {
    loop {
        std::thread::sleep(PERIOD);
        let Some(budget) = budget.upgrade() else { return };
        let limit = budget.limit.load(Ordering::Relaxed);
        let Some(Sizes {
            resident: rss,
            virtual_size,
        }) = sizes()
        else {
            return;
        };
        let over = (limit != 0 && rss > limit) || (budget.space != 0 && virtual_size > budget.space);
        if over && !budget.exceeded.load(Ordering::Relaxed) {
            *budget.since.lock().unwrap_or_else(|e| e.into_inner()) = Some(Instant::now());
            budget.exceeded.store(true, Ordering::SeqCst);
        }
        if let Some(f) = budget.watchdog.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
            f(
                &MemoryBudget {
                    inner: Arc::clone(&budget),
                },
                rss,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_space_limit_is_the_least_soft_limit() {
        let text = "Limit                     Soft Limit           Hard Limit           Units     \n\
Max cpu time              unlimited            unlimited            seconds   \n\
Max data size             unlimited            unlimited            bytes     \n\
Max stack size            8388608              unlimited            bytes     \n\
Max address space         8192000000           unlimited            bytes     \n";
        assert_eq!(parse_address_space_limit(text), Some(8_192_000_000));
        let both = text.replace(
            "Max data size             unlimited",
            "Max data size             4000000000",
        );
        assert_eq!(parse_address_space_limit(&both), Some(4_000_000_000));
        let none = text.replace("8192000000", "unlimited");
        assert_eq!(parse_address_space_limit(&none), None);
    }

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
    fn the_watchdog_runs_on_the_watcher_after_a_sample() {
        if resident().is_none() {
            return; // nothing is watched without /proc
        }
        let budget = MemoryBudget::new(4096);
        let (tx, rx) = std::sync::mpsc::channel();
        budget.set_watchdog(move |b, rss| {
            let _ = tx.send((b.exceeded(), b.limit(), rss));
        });
        // The process is above 4 KiB: the first sample raises the flag, then calls the watchdog.
        let (exceeded, limit, rss) = rx.recv_timeout(Duration::from_secs(10)).expect("a call");
        assert!(exceeded && limit == 4096 && rss > 4096, "{exceeded} {limit} {rss}");
        // Replaced, the old one is not called again.
        let (tx2, rx2) = std::sync::mpsc::channel();
        budget.set_watchdog(move |_, rss| {
            let _ = tx2.send(rss);
        });
        assert!(rx2.recv_timeout(Duration::from_secs(10)).is_ok());
        while rx.try_recv().is_ok() {}
        std::thread::sleep(PERIOD * 3);
        assert!(rx.try_recv().is_err(), "the replaced watchdog was called");
    }

    #[test]
    fn cgroup_limits_parse_from_sample_texts() {
        assert_eq!(parse_cgroup_limit("max\n"), None);
        assert_eq!(parse_cgroup_limit("1073741824\n"), Some(1 << 30));
        assert_eq!(parse_cgroup_limit("9223372036854771712\n"), None);
        assert_eq!(parse_cgroup_limit(""), None);
        assert_eq!(parse_cgroup_limit("0\n"), None);
        // cgroup v2: the group and its ancestors, roots always.
        let v2 = cgroup_limit_files("0::/user.slice/session-3.scope\n");
        for f in [
            "/sys/fs/cgroup/memory.max",
            "/sys/fs/cgroup/user.slice/memory.max",
            "/sys/fs/cgroup/user.slice/session-3.scope/memory.max",
            "/sys/fs/cgroup/memory/memory.limit_in_bytes",
        ] {
            assert!(v2.contains(&f.to_string()), "{f}: {v2:?}");
        }
        // cgroup v1: only the memory controller's line counts.
        let v1 = cgroup_limit_files("9:name=systemd:/\n4:memory:/process_api/55e9\n3:cpuset:/x\n0::/\n");
        assert!(v1.contains(&"/sys/fs/cgroup/memory/process_api/55e9/memory.limit_in_bytes".to_string()));
        assert!(v1.contains(&"/sys/fs/cgroup/memory/process_api/memory.limit_in_bytes".to_string()));
        assert!(!v1.iter().any(|f| f.contains("/x/")), "{v1:?}");
        let joint = cgroup_limit_files("5:cpu,memory:/box\n");
        assert!(joint.contains(&"/sys/fs/cgroup/memory/box/memory.limit_in_bytes".to_string()));
        // Whatever this machine says, the default is positive and at most half the memory.
        let half = std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|t| mem_total(&t))
            .map_or(4 << 30, |t| t / 2);
        assert!(default_limit() <= half && default_limit() > 0);
    }

    #[test]
    fn reserve_refuses_what_does_not_fit_in_the_headroom() {
        let budget = MemoryBudget::new(0);
        assert_eq!(budget.headroom(), None);
        assert!(budget.reserve(u64::MAX).is_ok());
        budget.set_limit(1 << 40);
        let room = budget.headroom().unwrap();
        assert!(room <= 1 << 40 && room > (1 << 40) - (1 << 34));
        assert!(budget.reserve(1 << 20).is_ok());
        assert_eq!(budget.reserve(1 << 41), Err(Error::MemoryLimit(1 << 40)));
        let control = crate::control::Control::new().with_memory(budget.clone());
        assert_eq!(control.reserve(1 << 41), Err(Error::MemoryLimit(1 << 40)));
        assert!(control.reserve(1 << 20).is_ok());
        assert_eq!(crate::control::Control::new().headroom(), None);
    }

    #[test]
    fn mem_total_is_read_from_meminfo() {
        assert_eq!(mem_total("MemTotal:       1024 kB\nMemFree: 3 kB\n"), Some(1 << 20));
        assert_eq!(mem_total("nothing"), None);
        assert!(default_limit() >= 1 << 20);
    }

    #[test]
    fn a_budget_below_the_resident_size_is_exceeded_soon() {
        if resident().is_none() {
            return;
        }
        let budget = MemoryBudget::new(1 << 20);
        let start = Instant::now();
        while !budget.exceeded() && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(PERIOD);
        }
        assert!(budget.exceeded());
        assert!(budget.exceeded_for().is_some());
        assert_eq!(budget.error(), Error::MemoryLimit(1 << 20));
        let control = crate::control::Control::new().with_memory(budget.clone());
        assert_eq!(control.check(), Err(Error::MemoryLimit(1 << 20)));
        budget.set_limit(u64::MAX);
        assert!(!budget.exceeded());
        let big = MemoryBudget::new(u64::MAX);
        std::thread::sleep(3 * PERIOD);
        assert!(!big.exceeded());
    }
}
