//! Transparent huge pages for the large transposition tables.
//!
//! What: [`filled`] allocates a table of `n` items (made by a closure) after asking the kernel,
//! before any page is touched, to back the allocation with 2 MiB pages (`madvise` with
//! `MADV_HUGEPAGE`, Linux only; elsewhere, or when the kernel says no, ordinary pages).
//!
//! Why: a probe of a table of gigabytes lands on a random page, so with 4 KiB pages nearly
//! every probe also misses the TLB and walks the page tables (themselves megabytes, out of
//! the caches). On kernels whose transparent huge pages are in `madvise` mode (the default of
//! many distributions) only advised memory gets 2 MiB pages. Measured on Cram 3×17 (one
//! thread, 7.1 M nodes, a table of 1.8 GB): see docs/performance-notes.md, "Cram (session 17)".
//!
//! Cost: one system call per table allocation; tables under 4 MiB are not advised (a few
//! pages, and a huge page would only waste memory).

/// Tables smaller than this are left on ordinary pages.
const LEAST_BYTES: usize = 4 << 20;

/// A vector of `n` items made by `make`, its memory advised to use huge pages when large.
pub(crate) fn filled<T>(n: usize, make: impl FnMut() -> T) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(n);
    advise(v.as_mut_ptr().cast(), n * std::mem::size_of::<T>());
    v.extend(std::iter::repeat_with(make).take(n));
    v
}

#[cfg(target_os = "linux")]
fn advise(start: *mut u8, bytes: usize) {
    const PAGE: usize = 4096;
    const MADV_HUGEPAGE: i32 = 14;
    unsafe extern "C" {
        fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
    }
    if bytes < LEAST_BYTES {
        return;
    }
    // madvise needs a page-aligned start: advise the whole pages inside the allocation.
    let offset = start.align_offset(PAGE);
    let len = (bytes - offset) & !(PAGE - 1);
    // SAFETY: the range is whole pages inside a live allocation of `bytes` bytes owned by the
    // caller; MADV_HUGEPAGE changes no content (only how the pages will be backed), and an
    // error (an old kernel, huge pages disabled) leaves ordinary pages, which is fine.
    let _ = unsafe { madvise(start.add(offset), len, MADV_HUGEPAGE) };
}

#[cfg(not(target_os = "linux"))]
fn advise(_start: *mut u8, _bytes: usize) {}

#[cfg(test)]
mod tests {
    #[test]
    fn a_large_table_is_all_defaults() {
        let v: Vec<[u64; 8]> = super::filled(1 << 17, Default::default);
        assert_eq!(v.len(), 1 << 17);
        assert!(v.iter().all(|b| b.iter().all(|&w| w == 0)));
        let small: Vec<u64> = super::filled(3, || 0);
        assert_eq!(small, vec![0; 3]);
    }
}
