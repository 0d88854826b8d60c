//! The facts table of the graph engine: per component key, "g = v" or the values "g ≠ j"
//! proved so far, shared by every thread and every position of a run; saved to and read from
//! a file with a checksum.
//!
//! What: 64 shards, each a hash map behind a mutex (a thread holds a lock only for one probe or
//! one store). A fact is one word: the value in the low byte (`0xff`: not known) and the
//! excluded values 0..55 as bits 8..63.
//!
//! Cost: about 48 bytes a fact (key, fact, the map's slack); the cap
//! ([`KaylesConfig::table_entries`](super::KaylesConfig)) bounds the memory: past it new facts
//! are not stored, so the search goes on, slower, in bounded memory.
//!
//! File: `GKAYLES1`, the rule (one byte), the number of facts (8 bytes), the facts (16-byte key
//! and 8-byte fact, little-endian), then a 16-byte fingerprint of everything before it.

use super::Rule;
use super::canon::Fingerprint;
use crate::error::{Error, Result};
use rustc_hash::FxHashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

const SHARDS: usize = 64;
const NO_VALUE: u64 = 0xff;
const MAGIC: &[u8; 8] = b"GKAYLES1";

/// What the table knows about one component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known(u64);

impl Known {
    /// Nothing known.
    pub const NOTHING: Known = Known(NO_VALUE);

    /// Its nimber, when proved.
    pub fn value(self) -> Option<u8> {
        let v = self.0 & 0xff;
        (v != NO_VALUE).then_some(v as u8)
    }

    /// Whether "g ≠ k" is proved (or g is known and is not k).
    pub fn excludes(self, k: u8) -> bool {
        match self.value() {
            Some(v) => v != k,
            None => k < 56 && self.0 >> (8 + k) & 1 == 1,
        }
    }
}

/// The shared table.
pub struct Table {
    shards: Vec<Mutex<FxHashMap<u128, u64>>>,
    len: AtomicUsize,
    cap: usize,
}

impl Table {
    /// A table of at most `cap` facts.
    pub fn new(cap: usize) -> Table {
        Table {
            shards: (0..SHARDS).map(|_| Mutex::new(FxHashMap::default())).collect(),
            len: AtomicUsize::new(0),
            cap,
        }
    }

    /// The bytes `entries` facts take (for the memory budget).
    pub fn bytes_for(entries: usize) -> u64 {
        entries as u64 * 48
    }

    /// The number of facts.
    pub fn len(&self) -> usize {
        self.len.load(Relaxed)
    }

    /// Whether it holds no fact.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn shard(&self, key: u128) -> &Mutex<FxHashMap<u128, u64>> {
        let h = (key as u64) ^ ((key >> 64) as u64);
        &self.shards[(h.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58) as usize]
    }

    /// What is known of `key`.
    pub fn get(&self, key: u128) -> Known {
        let shard = self.shard(key).lock().unwrap_or_else(|e| e.into_inner());
        shard.get(&key).map_or(Known::NOTHING, |&f| Known(f))
    }

    fn update(&self, key: u128, f: impl FnOnce(u64) -> u64) {
        let mut shard = self.shard(key).lock().unwrap_or_else(|e| e.into_inner());
        if let Some(old) = shard.get_mut(&key) {
            *old = f(*old);
        } else if self.len.load(Relaxed) < self.cap {
            shard.insert(key, f(NO_VALUE));
            self.len.fetch_add(1, Relaxed);
        }
    }

    /// Record g(key) = `v`.
    pub fn put_value(&self, key: u128, v: u8) {
        self.update(key, |old| (old & !0xff) | u64::from(v));
    }

    /// Record g(key) ≠ `k`.
    pub fn put_excluded(&self, key: u128, k: u8) {
        if k < 56 {
            self.update(key, |old| old | 1 << (8 + k));
        }
    }

    /// Save every fact with a value (the exclusions are not kept) to `path`; the number saved.
    pub fn save(&self, path: &std::path::Path, rule: Rule) -> Result<u64> {
        let mut facts: Vec<(u128, u8)> = Vec::new();
        for shard in &self.shards {
            let shard = shard.lock().unwrap_or_else(|e| e.into_inner());
            facts.extend(shard.iter().filter_map(|(&k, &f)| Known(f).value().map(|v| (k, v))));
        }
        facts.sort_unstable();
        let mut bytes = Vec::with_capacity(17 + facts.len() * 17 + 16);
        bytes.extend_from_slice(MAGIC);
        bytes.push(rule_byte(rule));
        bytes.extend_from_slice(&(facts.len() as u64).to_le_bytes());
        for (k, v) in &facts {
            bytes.extend_from_slice(&k.to_le_bytes());
            bytes.push(*v);
        }
        let sum = checksum(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        crate::files::write_atomic(path, &bytes, "table file")?;
        Ok(facts.len() as u64)
    }

    /// Read the facts of a file written by [`Table::save`] for `rule`; the number read. A file
    /// of another rule, of another format or whose checksum does not match is refused whole.
    pub fn load(&self, path: &std::path::Path, rule: Rule) -> Result<u64> {
        let shown = path.display();
        let bytes = crate::files::read_regular(path, 1 << 36, "table file")?;
        let bad = |why: &str| Error::Input(format!("table file {shown}: {why}"));
        if bytes.len() < 17 + 16 || &bytes[..8] != MAGIC {
            return Err(bad("not a graph-engine table (no GKAYLES1 header)"));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 16);
        if checksum(body).to_le_bytes() != sum {
            return Err(bad("the checksum does not match (the file is damaged)"));
        }
        if body[8] != rule_byte(rule) {
            return Err(bad("it was saved for another game"));
        }
        let count = u64::from_le_bytes(body[9..17].try_into().expect("8 bytes"));
        if body.len() as u64 != 17 + count * 17 {
            return Err(bad("its length does not match its count of facts"));
        }
        for fact in body[17..].chunks_exact(17) {
            let key = u128::from_le_bytes(fact[..16].try_into().expect("16 bytes"));
            self.put_value(key, fact[16]);
        }
        Ok(count)
    }
}

fn rule_byte(rule: Rule) -> u8 {
    match rule {
        Rule::Node => 1,
        Rule::Arc => 2,
    }
}

fn checksum(bytes: &[u8]) -> u128 {
    let mut f = Fingerprint::new(bytes.len() as u64);
    for chunk in bytes.chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        f.word(u64::from_le_bytes(w));
    }
    f.finish()
}
