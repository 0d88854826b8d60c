//! Files the library reads and writes itself: saved tables are written atomically (a temporary
//! file in the same directory, synced, then renamed over the old one) and checked with a
//! checksum; input files must be regular files of bounded size, so a FIFO or `/dev/zero` is
//! refused instead of blocking or filling the memory. An output file that is a FIFO is opened
//! on a helper thread and waited for at most [`FIFO_WAIT`] (less when the cancellation token
//! fires): with no reader, opening it would block forever.
//!
//! A front end that serves others (the web explorer) confines a computation to files it was
//! given as text with [`sandboxed`]: there, reads see only those texts and writes are refused,
//! so no request reads or writes the server's disk.

use crate::error::{Error, Result};
use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::Path;

thread_local! {
    /// The files this thread may read while [`sandboxed`] runs (none on the disk).
    static SANDBOX: RefCell<Option<HashMap<String, String>>> = const { RefCell::new(None) };
}

/// Run `f` on this thread with file access confined to `files` (name → text): every read of
/// the library ([`read_regular`], [`check_regular`]) sees only these names, and every write
/// ([`write_atomic_with`]) is refused with an input error. The previous confinement (if any) is
/// restored afterwards, also when `f` panics.
pub fn sandboxed<R>(files: HashMap<String, String>, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<HashMap<String, String>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let old = self.0.take();
            SANDBOX.with(|s| *s.borrow_mut() = old);
        }
    }
    let _restore = Restore(SANDBOX.with(|s| s.borrow_mut().replace(files)));
    f()
}

/// Inside [`sandboxed`]: the text of `path` if it was given, else the error a disk read gets
/// there; `None` outside.
fn sandbox_read(path: &Path, max_bytes: u64, what: &str) -> Option<Result<Vec<u8>>> {
    SANDBOX.with(|s| {
        let s = s.borrow();
        let files = s.as_ref()?;
        let name = path.to_string_lossy();
        Some(match files.get(name.as_ref()) {
            Some(text) if text.len() as u64 > max_bytes => Err(Error::Input(format!(
                "{what} {name} is too large: {} bytes, at most {max_bytes} are read",
                text.len()
            ))),
            Some(text) => Ok(text.clone().into_bytes()),
            None => Err(Error::Input(format!(
                "cannot read {what} {name}: no such file was given (this front end reads no file from the disk)"
            ))),
        })
    })
}

/// Whether [`sandboxed`] confines this thread.
fn in_sandbox() -> bool {
    SANDBOX.with(|s| s.borrow().is_some())
}

/// The largest input file (graph, maze, rules or board) that is read.
pub const MAX_INPUT_BYTES: u64 = 1 << 30;

/// The 64-bit FNV-1a hash of `bytes`: the checksum of saved tables (it detects any flipped
/// byte; it is no protection against a deliberate forgery, which is not its purpose).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h = Fnv1a64::new();
    h.add(bytes);
    h.value()
}

/// [`fnv1a64`] taken piece by piece: the checksum of a file streamed as it is written.
#[derive(Clone, Copy, Debug)]
pub struct Fnv1a64(u64);

impl Default for Fnv1a64 {
    fn default() -> Self {
        Fnv1a64::new()
    }
}

impl Fnv1a64 {
    /// The hash of no bytes.
    pub fn new() -> Fnv1a64 {
        Fnv1a64(0xcbf2_9ce4_8422_2325)
    }

    /// Hash `bytes` after those added before.
    pub fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The hash of every byte added.
    pub fn value(&self) -> u64 {
        self.0
    }
}

/// A writer that passes its bytes on to `out` and hashes them ([`Fnv1a64`]) on the way: a
/// file's checksum taken as the file is streamed.
pub struct Hashing<'a> {
    out: &'a mut dyn Write,
    sum: Fnv1a64,
}

impl<'a> Hashing<'a> {
    /// Bytes written go to `out`.
    pub fn new(out: &'a mut dyn Write) -> Hashing<'a> {
        Hashing {
            out,
            sum: Fnv1a64::new(),
        }
    }

    /// The hash of every byte written so far.
    pub fn value(&self) -> u64 {
        self.sum.value()
    }
}

impl Write for Hashing<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.sum.add(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Write `bytes` to `path` so that a reader sees either the old file or the complete new one:
/// the bytes go to a temporary file in the same directory, which is synced to the disk and then
/// renamed to `path`. `what` names the file in the error message.
pub fn write_atomic(path: &Path, bytes: &[u8], what: &str) -> Result<()> {
    write_atomic_with(path, what, |out| out.write_all(bytes))
}

/// [`write_atomic`] with the contents streamed by `fill` (through a buffer).
pub fn write_atomic_with(
    path: &Path,
    what: &str,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<()> {
    write_atomic_until(path, what, &crate::control::Cancel::new(), fill)
}

/// How long an output file that is a FIFO is waited for a reader before the write fails.
pub const FIFO_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// [`write_atomic_with`], where the wait for the reader of a FIFO also ends, with
/// [`Error::Interrupted`], once `cancel` is cancelled (Ctrl-C).
pub fn write_atomic_until(
    path: &Path,
    what: &str,
    cancel: &crate::control::Cancel,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<()> {
    if in_sandbox() {
        return Err(Error::Input(format!(
            "cannot write {what} {}: this front end writes no file",
            path.display()
        )));
    }
    let err = |e: std::io::Error| Error::Input(format!("cannot write {what} {}: {e}", path.display()));
    // A device or a FIFO (`--csv=/dev/null`, `/dev/stdout`, a named pipe) is written in place:
    // renaming a temporary file over it would replace the device itself with a regular file.
    if let Ok(m) = std::fs::metadata(path)
        && !m.is_file()
        && !m.is_dir()
    {
        #[cfg(unix)]
        let file = if std::os::unix::fs::FileTypeExt::is_fifo(&m.file_type()) {
            open_fifo(path, what, cancel)?
        } else {
            std::fs::OpenOptions::new().write(true).open(path).map_err(err)?
        };
        #[cfg(not(unix))]
        let file = {
            let _ = cancel; // no FIFO to wait for
            std::fs::OpenOptions::new().write(true).open(path).map_err(err)?
        };
        let written = (|| {
            let mut out = std::io::BufWriter::new(file);
            fill(&mut out)?;
            out.flush()
        })();
        return written.map_err(err);
    }
    // A symbolic link keeps pointing where it did: the file it names is the one replaced.
    let resolved = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(path).ok(),
        _ => None,
    };
    let path = resolved.as_deref().unwrap_or(path);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    let written = (|| {
        let f = std::fs::File::create(&tmp)?;
        let mut out = std::io::BufWriter::new(f);
        fill(&mut out)?;
        let f = out.into_inner().map_err(|e| e.into_error())?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)?;
        // The rename itself is durable once the directory is synced (not possible everywhere).
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written.map_err(err)
}

/// Open the FIFO at `path` for writing: on a helper thread, since the open blocks until a
/// reader opens the other end; waited for at most [`FIFO_WAIT`] or until `cancel` fires. When
/// the wait ends without a reader, the helper is released by opening the FIFO for reading and
/// writing here (which never blocks on Linux and counts as a reader), so no thread is left
/// blocked.
#[cfg(unix)]
fn open_fifo(path: &Path, what: &str, cancel: &crate::control::Cancel) -> Result<std::fs::File> {
    use std::sync::mpsc::RecvTimeoutError;
    let (tx, rx) = std::sync::mpsc::channel();
    let target = path.to_path_buf();
    let opener = std::thread::Builder::new()
        .name("fifo-open".into())
        .spawn(move || {
            let _ = tx.send(std::fs::OpenOptions::new().write(true).open(target));
        })
        .map_err(|e| Error::Input(format!("cannot write {what} {}: {e}", path.display())))?;
    let start = std::time::Instant::now();
    let why = loop {
        match rx.recv_timeout(std::time::Duration::from_millis(20)) {
            Ok(opened) => {
                return opened.map_err(|e| Error::Input(format!("cannot write {what} {}: {e}", path.display())));
            }
            Err(RecvTimeoutError::Disconnected) => {
                break Error::Input(format!(
                    "cannot write {what} {}: the FIFO could not be opened",
                    path.display()
                ));
            }
            Err(RecvTimeoutError::Timeout) if cancel.is_cancelled() => break Error::Interrupted,
            Err(RecvTimeoutError::Timeout) if start.elapsed() >= FIFO_WAIT => {
                break Error::Input(format!(
                    "cannot write {what} {}: it is a FIFO and no reader opened it within {} s (start the reader first)",
                    path.display(),
                    FIFO_WAIT.as_secs()
                ));
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
    };
    if let Ok(release) = std::fs::OpenOptions::new().read(true).write(true).open(path) {
        let _ = opener.join();
        drop(release);
    }
    Err(why)
}

/// Check that `path` names a regular file (not a FIFO, a device or a directory) of at most
/// `max_bytes` bytes, before it is opened. `what` names the file in the error message.
pub fn check_regular(path: &Path, max_bytes: u64, what: &str) -> Result<()> {
    if let Some(read) = sandbox_read(path, max_bytes, what) {
        return read.map(|_| ());
    }
    let meta =
        std::fs::metadata(path).map_err(|e| Error::Input(format!("cannot read {what} {}: {e}", path.display())))?;
    if !meta.is_file() {
        return Err(Error::Input(format!(
            "{what} {} is not a regular file (a directory, FIFO or device is not read)",
            path.display()
        )));
    }
    if meta.len() > max_bytes {
        return Err(Error::Input(format!(
            "{what} {} is too large: {} bytes, at most {max_bytes} are read",
            path.display(),
            meta.len()
        )));
    }
    Ok(())
}

/// Account the reading of the file at `path` against the memory budget of `control` before
/// it is read: its text and what is parsed from it are taken as `factor` times its size
/// ([`crate::control::Control::reserve`]: [`Error::MemoryLimit`] when that does not fit). A
/// file that cannot be inspected passes here and is reported by the read itself.
pub fn reserve_for(path: &Path, factor: u64, control: &crate::control::Control) -> Result<()> {
    if let Some(Ok(text)) = sandbox_read(path, MAX_INPUT_BYTES, "file") {
        return control.reserve((text.len() as u64).saturating_mul(factor));
    }
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => control.reserve(meta.len().saturating_mul(factor)),
        _ => Ok(()),
    }
}

/// Read a regular file of at most `max_bytes` bytes (see [`check_regular`]); the read itself
/// is bounded too, in case the file grows meanwhile.
pub fn read_regular(path: &Path, max_bytes: u64, what: &str) -> Result<Vec<u8>> {
    if let Some(read) = sandbox_read(path, max_bytes, what) {
        return read;
    }
    check_regular(path, max_bytes, what)?;
    let err = |e: std::io::Error| Error::Input(format!("cannot read {what} {}: {e}", path.display()));
    let f = std::fs::File::open(path).map_err(err)?;
    let mut bytes = Vec::new();
    f.take(max_bytes + 1).read_to_end(&mut bytes).map_err(err)?;
    if bytes.len() as u64 > max_bytes {
        return Err(Error::Input(format!(
            "{what} {} is too large: at most {max_bytes} bytes are read",
            path.display()
        )));
    }
    Ok(bytes)
}

/// [`read_regular`] as UTF-8 text, without the byte-order mark some editors write at the start
/// of a UTF-8 file (it is no part of the text: left in, it would be read as part of the first
/// name or row).
pub fn read_regular_text(path: &Path, max_bytes: u64, what: &str) -> Result<String> {
    let bytes = read_regular(path, max_bytes, what)?;
    let mut text =
        String::from_utf8(bytes).map_err(|_| Error::Input(format!("{what} {} is not UTF-8 text", path.display())))?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writing to a FIFO (as to /dev/null) writes into it and leaves it a FIFO: an atomic
    /// rename over it would have replaced it with a regular file (the cause of a broken
    /// /dev/null after `seq --csv=/dev/null` run as root). A symbolic link stays a link.
    #[cfg(unix)]
    #[test]
    fn a_fifo_or_a_link_is_written_through_not_replaced() {
        use std::io::Read;
        use std::os::unix::fs::FileTypeExt;
        let dir = std::env::temp_dir().join(format!("grundy-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("pipe");
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let reader_path = fifo.clone();
            let reader = std::thread::spawn(move || {
                let mut text = String::new();
                std::fs::File::open(reader_path)
                    .unwrap()
                    .read_to_string(&mut text)
                    .unwrap();
                text
            });
            write_atomic(&fifo, b"0,0\n1,1\n", "the CSV file").unwrap();
            assert_eq!(reader.join().unwrap(), "0,0\n1,1\n");
            assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        }
        let target = dir.join("target.csv");
        let link = dir.join("link.csv");
        std::fs::write(&target, "old").unwrap();
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_atomic(&link, b"new", "the CSV file").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_sandbox_reads_only_its_own_files_and_writes_none() {
        let files = HashMap::from([("g.txt".to_string(), "a b\n".to_string())]);
        sandboxed(files, || {
            assert_eq!(
                read_regular_text(Path::new("g.txt"), 100, "graph file").unwrap(),
                "a b\n"
            );
            assert!(read_regular(Path::new("g.txt"), 2, "graph file").is_err());
            let e = read_regular(Path::new("/etc/hostname"), 100, "graph file").unwrap_err();
            assert!(e.to_string().contains("no such file was given"), "{e}");
            assert!(write_atomic(Path::new("out.bin"), b"x", "table file").is_err());
        });
        assert!(!in_sandbox());
    }

    #[test]
    fn a_file_larger_than_the_budget_allows_is_refused_before_it_is_read() {
        let dir = std::env::temp_dir().join(format!("grundy-reserve-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("big.txt");
        let f = std::fs::File::create(&path).unwrap();
        // A sparse 8 GiB file: its size counts, nothing is written.
        f.set_len(8 << 30).unwrap();
        drop(f);
        let budget = crate::memory::MemoryBudget::new(1 << 40);
        let control = crate::control::Control::new().with_memory(budget.clone());
        assert!(reserve_for(&path, 2, &control).is_ok());
        budget.set_limit(crate::memory::resident().unwrap_or(0) + (1 << 30));
        assert_eq!(reserve_for(&path, 2, &control), Err(budget.error()));
        // Without a budget, or for a missing file, nothing is refused here.
        assert!(reserve_for(&path, 2, &crate::control::Control::new()).is_ok());
        assert!(reserve_for(&dir.join("missing"), 2, &control).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn fnv_matches_the_published_test_vectors() {
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn text_files_lose_a_leading_byte_order_mark_only() {
        let dir = std::env::temp_dir().join(format!("grundy-files-bom-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.txt");
        for (bytes, want) in [
            (&b"\xef\xbb\xbfa b\n"[..], "a b\n"),
            (&b"a b\n"[..], "a b\n"),
            (&b"a\xef\xbb\xbfb"[..], "a\u{feff}b"),
            (&b"\xef\xbb\xbf"[..], ""),
        ] {
            std::fs::write(&path, bytes).unwrap();
            assert_eq!(read_regular_text(&path, 100, "test file").unwrap(), want);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
