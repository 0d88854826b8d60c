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
        got = grundy.split_value(spec, method="values")
        assert got["value"] == grundy.value(spec).value
        assert [o["value"] for o in got["options"]] == values
        assert got["checked"] is False and got["merged"] is None
        # By tests: the same value; every value a test found, and every one it excluded,
        # agrees with the task's exact nimber; fewer questions than values asked for each.
        by_tests = grundy.split_value(spec)
        assert by_tests["value"] == got["value"]
        for o, v in zip(by_tests["options"], values):
            assert o["value"] in (None, v)
            assert v not in o["not"]
        found = sorted(o["value"] for o in by_tests["options"] if o["value"] is not None)
        assert found == list(range(got["value"]))


def test_the_test_of_a_value_agrees_with_the_value():
    # Cram's engine answers "g = k?" by its own search; every other game by its value.
    for spec in ["cram 3x5", "cram 4x4", "cram ##../..../....", "kayles 10", "nim 3 5"]:
        v = grundy.value(spec, moves=False).value
        for k in range(v + 3):
            assert grundy.has_value(spec, k) == (k == v), (spec, k)
    assert grundy.has_value("nim 1 1", 1, misere=True)
    with pytest.raises(ValueError, match="nimber"):
        grundy.has_value("nim 3", -1)
    with pytest.raises(ValueError, match="nimber"):
        grundy.has_value("nim 3", True)


def test_tests_and_values_agree_on_every_small_board():
    # The rounds of tests against the exact values (and the board's own search) on the Cram
    # boards of 2 to 12 cells: a round that stopped early or asked a wrong k shows here.
    for rows in range(1, 4):
        for cols in range(2, 5):
            spec = f"cram {rows}x{cols}"
            assert grundy.split_value(spec)["value"] == grundy.value(spec, moves=False).value, spec


def test_on_a_local_cluster_with_merged_databases(tmp_path):
    distributed = need("distributed")
    here = grundy.split_value("cram 4x5", workdir=str(tmp_path / "here"))
    assert here["checked"] and os.path.exists(here["merged"])
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        there = grundy.split_value("cram 4x5", client=client, workdir=str(tmp_path / "there"))
        exact = grundy.split_value(
            "cram 4x5", client=client, workdir=str(tmp_path / "exact"), method="values"
        )
    assert there["value"] == here["value"] == grundy.value("cram 4x5", moves=False).value == 2
    assert exact["value"] == 2 and exact["checked"]
    # Two workers may find a value on another task than one does (whichever answers first):
    # every answer must agree with the tasks' exact values.
    for o, x in zip(there["options"], exact["options"]):
        assert o["value"] in (None, x["value"]) and x["value"] not in o["not"]
    assert there["checked"] and here["checked"]
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
    with pytest.raises(ValueError, match="method"):
        grundy.split_value("cram 3x3", method="guess")
    damaged = tmp_path / "part.db"
    grundy.split_task("cram 3x4", str(damaged))
    damaged.write_bytes(damaged.read_bytes()[:-1] + b"?")
    with pytest.raises(ValueError, match="damaged"):
        grundy.split_task("cram 3x4", str(damaged))


def test_docstring_examples():
    failed, tried = doctest.testmod(grundy._split, extraglobs={"grundy": grundy})
    assert tried >= 2 and failed == 0
