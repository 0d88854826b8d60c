"""scripts/check-store.py, the second way of checking a value store of Grundy's game
(docs/records.md, "Grundy's game to 2^35 on disk"), against stores the command line writes:
it agrees with a good store, finds a changed value, and refuses a damaged index.

The stores the command line writes here are small, with no values of 255 or more, so their
escape tables are empty. The escaped path (a byte 255 whose value is in the index's table) is
tested on a copy of the store with two heaps moved into the table by hand: one in a full page,
one in the index's last page. The 2^35 store, whose heaps of value 290 and more the script
recomputed, is the real case."""

import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "check-store.py"
HEAPS = 1_500_000  # more than one full page of 2^20 heaps, and a last page in the index


def _cli():
    path = os.environ.get("GRUNDY_BIN") or shutil.which("grundy")
    if path and os.path.exists(path):
        return path
    pytest.skip("no grundy binary (set GRUNDY_BIN)")


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    d = tmp_path_factory.mktemp("store")
    subprocess.run(
        [_cli(), "seq", "grundy-game", "--to", str(HEAPS), "--store", "g.store", "--freq", "g.freq"],
        cwd=d, check=True, capture_output=True,
    )
    return d


def _check(d, name, *args):
    return subprocess.run(
        [sys.executable, str(SCRIPT), name, *args], cwd=d, capture_output=True, text=True
    )


def test_a_good_store_agrees_with_the_mex_of_its_splits_and_its_frequencies(store):
    # Heap 763 622 has the largest value below 3·10^6 (231); HEAPS lies in the index's last page.
    r = _check(store, "g.store", "--heap", "763622", "--heap", str(HEAPS), "--random", "3",
               "--at-least", "230", "--freq", "g.freq")
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith(f"g.store: heaps 0..{HEAPS}, largest value ")
    heaps = [line for line in lines if line.startswith("heap ")]
    assert len(heaps) >= 5 and all(line.endswith(": ok") for line in heaps)
    assert "heap 763622: stored 231, mex over its splits 231: ok" in lines
    assert lines[-1].endswith(": ok") and lines[-1].startswith("frequencies at ")


def test_a_changed_value_is_found(store, tmp_path):
    for f in ("g.store", "g.store.index"):
        shutil.copy(store / f, tmp_path / f)
    heap = 763622  # in the first full page: its byte lives in the values file
    with open(tmp_path / "g.store", "r+b") as f:
        f.seek(4096 + heap)
        f.write(bytes([5]))
    r = _check(tmp_path, "g.store", "--heap", str(heap), "--freq", str(store / "g.freq"))
    assert r.returncode == 1, r.stdout + r.stderr
    assert f"heap {heap}: stored 5, mex over its splits 231: DIFFERENT" in r.stdout
    assert "DIFFERENT from" in r.stdout


def test_a_damaged_index_or_another_file_is_refused(store, tmp_path):
    for f in ("g.store", "g.store.index"):
        shutil.copy(store / f, tmp_path / f)
    with open(tmp_path / "g.store.index", "r+b") as f:
        f.seek(100)
        byte = f.read(1)
        f.seek(100)
        f.write(bytes([byte[0] ^ 1]))
    r = _check(tmp_path, "g.store", "--heap", "5")
    assert r.returncode == 2 and "checksum does not match" in r.stderr
    (tmp_path / "other").write_bytes(b"not a store\n" * 400)
    (tmp_path / "other.index").write_bytes(b"x")
    r = _check(tmp_path, "other", "--heap", "5")
    assert r.returncode == 2 and "is not a value store" in r.stderr


INDEX_MAGIC = b"grundy value store index 1\n"


def _fnv1a64(data):
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & ((1 << 64) - 1)
    return h


def _escape(d, entries):
    """Move the heaps of `entries` ({heap: value in the table}) of the store in d into its
    escape table: their bytes become 255 (in the values file for a full page, in the index's
    last page otherwise), the table gets (heap, value), and the index its checksum anew. The
    page checksums are left as they are (the engine would refuse the store; the script does
    not read them)."""
    index = bytearray((d / "g.store.index").read_bytes()[:-8])
    at = len(INDEX_MAGIC)
    at = index.index(b"\n", at) + 1  # the rules line
    at += 8  # id
    page, heaps = struct.unpack_from("<QQ", index, at)
    at += 16 + 2 + 4 + 8 + 4  # sparse, twist, mask, next checkpoint, largest value
    (full,) = struct.unpack_from("<Q", index, at)
    at += 8 + 8 * full
    (count,) = struct.unpack_from("<Q", index, at)
    assert count == 0, "a small store has no escaped heaps"
    table_at = at + 8  # also where the last page's bytes begin, the table being empty
    with open(d / "g.store", "r+b") as f:
        for heap in entries:
            if heap < full * page:
                f.seek(4096 + heap)
                f.write(b"\xff")
            else:
                index[table_at + heap - full * page] = 0xFF
    table = b"".join(struct.pack("<QI", h, v) for h, v in sorted(entries.items()))
    struct.pack_into("<Q", index, at, len(entries))
    index[table_at:table_at] = table
    assert heaps > max(entries)
    index += struct.pack("<Q", _fnv1a64(index))
    (d / "g.store.index").write_bytes(bytes(index))


def _copy(store, d):
    for f in ("g.store", "g.store.index"):
        shutil.copy(store / f, d / f)


def test_escaped_heaps_are_read_from_the_table(store, tmp_path):
    _copy(store, tmp_path)
    # 763 622 (value 231) lies in the first full page, 1 400 001 in the last page. Heap
    # HEAPS reads g(763 622) in its split 736 378 + 763 622, and the frequencies count both.
    probe = _check(store, "g.store", "--heap", "1400001")
    last = int(probe.stdout.split("heap 1400001: stored ")[1].split(",")[0])
    _escape(tmp_path, {763622: 231, 1400001: last})
    r = _check(tmp_path, "g.store", "--heap", "763622", "--heap", "1400001", "--heap", str(HEAPS),
               "--freq", str(store / "g.freq"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "2 escaped heaps" in r.stdout.splitlines()[0]
    assert "heap 763622: stored 231, mex over its splits 231: ok" in r.stdout
    assert f"heap 1400001: stored {last}, mex over its splits {last}: ok" in r.stdout
    assert r.stdout.splitlines()[-1].endswith(": ok")


def test_a_wrong_escaped_value_is_found(store, tmp_path):
    _copy(store, tmp_path)
    # The table says 300 where the heap's value is 231: --at-least 255 takes the heap from the
    # table, the mex over its splits disagrees, and so do the frequencies.
    _escape(tmp_path, {763622: 300})
    r = _check(tmp_path, "g.store", "--at-least", "255", "--freq", str(store / "g.freq"))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "heap 763622: stored 300, mex over its splits 231: DIFFERENT" in r.stdout
    assert "DIFFERENT from" in r.stdout


def test_an_escaped_byte_missing_from_the_table_is_refused(store, tmp_path):
    _copy(store, tmp_path)
    _escape(tmp_path, {763622: 231})
    with open(tmp_path / "g.store", "r+b") as f:
        f.seek(4096 + 5000)
        f.write(b"\xff")
    r = _check(tmp_path, "g.store", "--heap", "10001")
    assert r.returncode == 2 and "not in the escape table" in r.stderr, r.stdout + r.stderr
