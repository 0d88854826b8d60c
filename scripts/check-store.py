#!/usr/bin/env python3
"""Check a value store of Grundy's game a second, independent way.

`grundy seq grundy-game --store FILE` computes g(n) by the sparse space method and keeps one
byte a heap in FILE and the values of 255 and more in FILE.index. This script shares no code
with it: it reads both files by their documented layout (crates/grundy/src/solve/take_break/
paged.rs), checks the index's FNV-1a checksum, and then

  --heap N       recomputes g(N) by the plain definition, the mex of g(a) xor g(N - a) over
                 every split into two unequal heaps (a = 1 .. ceil(N/2) - 1), from the stored
                 values below N, and compares it with the stored g(N);
  --at-least V   does that for every heap whose stored value is V or more;
  --random K     does that for K heaps drawn at random (--seed S) from the upper half;
  --freq FILE    counts the stored values among heaps 1..H for every power of two H from the
                 raw bytes and compares the counts with FILE (as written by `seq --freq`).

Cost: a heap N reads 2·N/2 bytes (N bytes) once, in chunks, with numpy (about a minute at
N = 2·10^10 when the store is in the page cache, more from disk); --freq reads the whole store.
Exit status 0 when everything agrees, 1 on any disagreement, 2 on a file that is not a store.

  python3 -m pip install numpy
  python3 scripts/check-store.py g35.store --at-least 290 --random 4 --freq f35.txt
"""

import argparse
import os
import random
import sys

import numpy as np

MAGIC = b"grundy value store 1\n"
INDEX_MAGIC = b"grundy value store index 1\n"
HEADER = 4096
ESCAPE = 255
RULES = b"rules 4. unequal"
CHUNK = 1 << 26


def fail(msg):
    print(f"check-store: {msg}", file=sys.stderr)
    sys.exit(2)


def fnv1a64(data):
    """FNV-1a, 64 bits, over bytes (the index's checksum; a byte at a time: about 5 s for 50 MB)."""
    h = 0xCBF29CE484222325
    prime = 0x100000001B3
    mask = (1 << 64) - 1
    for b in data:
        h = ((h ^ b) * prime) & mask
    return h


class Store:
    """The values of a store: bytes from the file, escaped values from the index."""

    def __init__(self, path):
        with open(path, "rb") as f:
            head = f.read(HEADER)
        if not head.startswith(MAGIC) or not head[len(MAGIC):].startswith(RULES + b"\n"):
            fail(f"{path} is not a value store of Grundy's game (`4. unequal`)")
        index = open(path + ".index", "rb").read()
        body = index[:-8]
        if not body.startswith(INDEX_MAGIC):
            fail(f"{path}.index is not a value store index")
        if fnv1a64(body) != int.from_bytes(index[-8:], "little"):
            fail(f"{path}.index: its checksum does not match")
        at = len(INDEX_MAGIC)
        end = body.index(b"\n", at)
        if body[at:end] != RULES:
            fail(f"{path}.index names other rules")
        at = end + 1

        def take(n):
            nonlocal at
            at += n
            return body[at - n:at]

        def u64():
            return int.from_bytes(take(8), "little")

        u64()  # the store's id
        self.page = u64()
        self.heaps = u64()
        take(2)  # sparse, twist
        take(4)  # mask
        u64()  # next checkpoint
        self.max = int.from_bytes(take(4), "little")
        self.full = u64()
        take(8 * self.full)  # page checksums (the engine checks them at open)
        count = u64()
        pairs = np.frombuffer(take(12 * count), dtype=np.uint8).reshape(count, 12)
        self.high_heaps = pairs[:, :8].copy().view("<u8").ravel()
        self.high_values = pairs[:, 8:].copy().view("<u4").ravel()
        self.tail = np.frombuffer(take(self.heaps - self.full * self.page), dtype=np.uint8)
        if at != len(body):
            fail(f"{path}.index: inconsistent layout")
        self.fd = os.open(path, os.O_RDONLY)
        if os.fstat(self.fd).st_size < HEADER + self.full * self.page:
            fail(f"{path} is truncated")

    def pread(self, lo, hi):
        """Bytes lo..hi of the values file's pages (read, not mapped: memory stays bounded)."""
        data = os.pread(self.fd, hi - lo, HEADER + lo)
        if len(data) != hi - lo:
            fail("the values file is truncated")
        return np.frombuffer(data, dtype=np.uint8)

    def raw(self, lo, hi):
        """The stored bytes of heaps lo..hi (hi excluded)."""
        cut = self.full * self.page
        if hi <= cut:
            return self.pread(lo, hi)
        if lo >= cut:
            return self.tail[lo - cut:hi - cut]
        return np.concatenate([self.pread(lo, cut), self.tail[:hi - cut]])

    def values(self, lo, hi):
        """The values of heaps lo..hi as uint16, escaped bytes replaced from the table."""
        v = self.raw(lo, hi).astype(np.uint16)
        esc = np.nonzero(v == ESCAPE)[0]
        if len(esc):
            heaps = esc.astype(np.uint64) + np.uint64(lo)
            k = np.searchsorted(self.high_heaps, heaps)
            if (k >= len(self.high_heaps)).any() or (self.high_heaps[np.minimum(k, len(self.high_heaps) - 1)] != heaps).any():
                fail("an escaped heap is not in the escape table")
            v[esc] = self.high_values[k]
        return v

    def value(self, n):
        return int(self.values(n, n + 1)[0])


def mex_of_splits(store, n):
    """g(n) by the definition: the mex of g(a) xor g(n - a), 1 <= a < n - a."""
    seen = np.zeros(1 << 16, dtype=bool)
    last = (n - 1) // 2  # the largest a with a < n - a
    a = 1
    while a <= last:
        b = min(last + 1, a + CHUNK)
        low = store.values(a, b)
        high = store.values(n - b + 1, n - a + 1)[::-1]
        x = np.bitwise_xor(low, high)
        seen[np.nonzero(np.bincount(x, minlength=1))[0]] = True
        a = b
    return int(np.argmin(seen))


def check_heaps(store, heaps):
    bad = 0
    for n in heaps:
        stored = store.value(n)
        found = mex_of_splits(store, n)
        ok = "ok" if stored == found else "DIFFERENT"
        bad += stored != found
        print(f"heap {n}: stored {stored}, mex over its splits {found}: {ok}", flush=True)
    return bad


def check_freq(store, path):
    want = {}
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        h, v, c = map(int, line.split())
        want.setdefault(h, {})[v] = c
    counts = np.zeros(1 << 16, dtype=np.int64)
    got = {}
    marks = sorted(want)
    lo, bad = 1, 0
    for h in marks:
        while lo <= h:
            hi = min(h + 1, lo + CHUNK)
            counts += np.bincount(store.values(lo, hi), minlength=1 << 16)
            lo = hi
        got[h] = {int(v): int(counts[v]) for v in np.nonzero(counts)[0]}
        if got[h] != want[h]:
            bad += 1
            print(f"frequencies at heaps 1..{h}: DIFFERENT from {path}", flush=True)
    print(f"frequencies at {len(marks)} marks (the last heaps 1..{marks[-1]}): "
          f"{'ok' if not bad else f'{bad} different'}", flush=True)
    return bad


def heaps_at_least(store, v):
    """The heaps whose stored value is v or more: from the escape table when v >= 255, else by
    a scan of the whole store."""
    if v >= ESCAPE:
        return [int(h) for h, x in zip(store.high_heaps, store.high_values) if x >= v]
    found = []
    for lo in range(0, store.heaps, CHUNK):
        raw = store.raw(lo, min(store.heaps, lo + CHUNK))
        found += [lo + int(k) for k in np.nonzero(raw >= v)[0]]
    return found


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("store")
    p.add_argument("--heap", type=int, action="append", default=[])
    p.add_argument("--at-least", type=int)
    p.add_argument("--random", type=int, default=0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--freq")
    args = p.parse_args()
    if not os.path.exists(args.store + ".index"):
        fail(f"{args.store}.index not found")
    store = Store(args.store)
    print(f"{args.store}: heaps 0..{store.heaps - 1}, largest value {store.max}, "
          f"{len(store.high_heaps)} escaped heaps", flush=True)
    heaps = list(args.heap)
    if args.at_least is not None:
        heaps += heaps_at_least(store, args.at_least)
    rng = random.Random(args.seed)
    heaps += [rng.randrange(store.heaps // 2, store.heaps) for _ in range(args.random)]
    for n in heaps:
        if not 0 <= n < store.heaps:
            fail(f"heap {n} is not in the store (heaps 0..{store.heaps - 1})")
    bad = check_heaps(store, heaps)
    if args.freq:
        bad += check_freq(store, args.freq)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
