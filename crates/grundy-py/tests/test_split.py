"""grundy.split_value: one board's options as tasks, run here or on a Dask LocalCluster of two
worker processes, the tasks' region databases merged and the board valued again from them;
bad input. Run by .ci/python.sh (with CI=true a missing dask fails, never skips)."""

import doctest
import os

import pytest

import grundy
import grundy._split

CI = os.environ.get("CI") == "true"


def need(module):
    """The module, imported; skipped when missing outside CI, a failure in CI."""
    if CI:
        return __import__(module, fromlist=["_"])
    return pytest.importorskip(module)


def test_tasks_cover_every_move_and_their_mex_is_the_value():
    for spec in ["cram 3x4", "cram 4x4", "kayles 10"]:
        r = grundy.split_tasks(spec)
        assert sum(t["moves"] for t in r["tasks"]) == r["moves"]
        values = [grundy.split_task(t["spec"]) for t in r["tasks"]]
        assert values == [grundy.value(t["spec"]).value for t in r["tasks"]]
        got = grundy.split_value(spec)
        assert got["value"] == grundy.value(spec).value
        assert [o["value"] for o in got["options"]] == values
        assert got["checked"] is False and got["merged"] is None


def test_on_a_local_cluster_with_merged_databases(tmp_path):
    distributed = need("distributed")
    here = grundy.split_value("cram 4x5", workdir=str(tmp_path / "here"))
    assert here["checked"] and os.path.exists(here["merged"])
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        there = grundy.split_value("cram 4x5", client=client, workdir=str(tmp_path / "there"))
    assert there["value"] == here["value"] == grundy.value("cram 4x5", moves=False).value == 2
    assert there["options"] == here["options"]
    assert there["checked"]
    # The merged file is a region database the board's own search reads.
    again = grundy.value(f"cram 4x5 --table {there['merged']}", moves=False)
    assert again.value == 2


def test_bad_input(tmp_path):
    with pytest.raises(ValueError, match="keeps none"):
        grundy.split_value("kayles 9", workdir=str(tmp_path))
    with pytest.raises(ValueError, match="sum"):
        grundy.split_tasks("nim 3 4")
    with pytest.raises(TypeError):
        grundy.split_tasks(3)
    with pytest.raises(TypeError, match="Client"):
        grundy.split_value("cram 3x3", client=object())
    damaged = tmp_path / "part.db"
    grundy.split_task("cram 3x4", str(damaged))
    damaged.write_bytes(damaged.read_bytes()[:-1] + b"?")
    with pytest.raises(ValueError, match="damaged"):
        grundy.split_task("cram 3x4", str(damaged))


def test_docstring_examples():
    failed, tried = doctest.testmod(grundy._split, extraglobs={"grundy": grundy})
    assert tried >= 2 and failed == 0
