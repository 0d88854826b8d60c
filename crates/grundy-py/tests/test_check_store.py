"""scripts/check-store.py, the second way of checking a value store of Grundy's game
(docs/records.md, "Grundy's game to 2^35 on disk"), against stores the command line writes:
it agrees with a good store, finds a changed value, and refuses a damaged index.

The stores here are small (no values of 255 or more, so the escape table is empty); the
escaped path is exercised by the 2^35 store, whose heaps of value 290 and more it recomputed."""

import os
import shutil
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
