"""grundy.census: the Rust census on every core, the same census mapped over a Dask
LocalCluster of two worker processes, the list-of-dicts fallback without pandas, bad input and
Ctrl-C. Run by .ci/python.sh (which installs dask[distributed] and pandas: with CI=true a
missing one fails, never skips)."""

import doctest
import os
import sys

import pytest

import grundy
import grundy._census

CI = os.environ.get("CI") == "true"


def need(module):
    """The module, imported; skipped when missing outside CI, a failure in CI."""
    if CI:
        return __import__(module, fromlist=["_"])
    return pytest.importorskip(module)


def without_times(rows):
    """The rows with their wall times dropped (the only column that differs between runs)."""
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def test_local_census_rows_are_the_families_games_in_order():
    rows = grundy.census("octal:2", to=1000, frame=False)
    assert [r["index"] for r in rows] == list(range(64))
    assert [r["code"] for r in rows][:9] == ["0.0", "0.01", "0.02", "0.03", "0.04", "0.05", "0.06", "0.07", "0.1"]
    assert all(r["family"] == "octal:2" and r["of"] == 64 and r["to"] == 1000 for r in rows)
    assert list(rows[0]) == grundy._census.COLUMNS
    by_code = {r["code"]: r for r in rows}
    # Winning Ways ch. 4: Dawson's Kayles (0.07) period 34, last exceptional value at heap 52;
    # Kayles (0.77) period 12 from heap 71.
    assert (by_code["0.07"]["status"], by_code["0.07"]["period"], by_code["0.07"]["last_exceptional"]) == (
        "proved",
        34,
        52,
    )
    assert (by_code["0.77"]["period"], by_code["0.77"]["preperiod"]) == (12, 71)
    assert by_code["0.0"]["rule"] == "no-moves"
    # Each row is the one-game function's row, placed in its family.
    alone = grundy.census_row("0.77", to=1000)
    assert without_times([alone]) == without_times(
        [{k: v for k, v in by_code["0.77"].items() if k not in ("family", "index", "of")}]
    )


def test_the_quotient_columns_are_each_games_quotient_at_the_capped_heap():
    rows = grundy.census(["0.75", "0.3"], to=300, quotient_to=20, frame=False)
    assert list(rows[0]) == grundy._census.COLUMNS[:-1] + grundy._census.QUOTIENT_COLUMNS + ["seconds"]
    for r in rows:
        q = grundy.quotient(r["code"], to=20)
        assert (r["quotient_to"], r["quotient_reached"], r["quotient_order"]) == (20, 20, q.order)
        assert (r["quotient_period"], r["quotient_preperiod"]) == (q.period, q.preperiod)
    # 0.3's quotient is proved for every heap (Φ periodic); the one-game row agrees.
    assert [r["quotient_period"] is not None for r in rows] == [False, True]
    alone = grundy.census_row("0.3", to=300, quotient_to=20)
    assert alone["quotient_order"] == rows[1]["quotient_order"]
    frame = grundy.census(["0.75"], to=300, quotient_to=20)
    assert str(frame["quotient_order"].dtype) == "Int64"


def test_census_equals_the_command_lines_rules_for_lists():
    rows = grundy.census(["0.07", "0.070", "dawson-kayles", "0.137"], to=500, frame=False)
    assert [(r["code"], r["also"]) for r in rows] == [("0.07", "0.070 dawson-kayles"), ("0.137", None)]
    assert [m["code"] for m in grundy.census_members("0.07,.07,0.77")] == ["0.07", "0.77"]
    share = grundy.census("octal:2", to=200, shard="2/3", frame=False)
    assert [r["index"] for r in share] == list(range(1, 64, 3))


def test_dataframe_has_the_cli_columns_and_nullable_integers():
    pd = need("pandas")
    df = grundy.census("octal:1", to=1000)
    assert isinstance(df, pd.DataFrame)
    assert list(df.columns) == grundy._census.COLUMNS
    assert len(df) == 8 and str(df["period"].dtype) == "Int64"
    # 0.6 is one of the famous unsolved one-digit codes (Winning Ways ch. 4): open, no period
    # candidate (<NA>); the other seven are proved; 0.4 is Dawson's Kayles shifted (period 34).
    assert df.loc[df["status"] == "open", "code"].tolist() == ["0.6"]
    assert df.loc[df["code"] == "0.6", "period"].isna().all()
    assert df.loc[df["code"] == "0.4", "period"].item() == 34
    assert df.loc[df["code"] == "0.7", "period"].item() == 2  # 0.7: g(n) = n mod 2


def test_without_pandas_a_list_of_dicts(monkeypatch):
    need("pandas")
    frame = grundy.census("octal:1", to=1000)
    monkeypatch.setitem(sys.modules, "pandas", None)  # `import pandas` now raises ImportError
    rows = grundy.census("octal:1", to=1000)
    assert isinstance(rows, list) and all(isinstance(r, dict) for r in rows)
    assert list(rows[0]) == grundy._census.COLUMNS
    records = frame.astype(object).where(frame.notna(), None).to_dict("records")
    assert without_times(rows) == without_times(records)
    with pytest.raises(ImportError):
        grundy.census("octal:1", to=10, frame=True)


def test_dask_local_cluster_equals_the_single_process_census():
    need("pandas")
    distributed = need("distributed")
    local = grundy.census("octal:2", to=1000)
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        on_cluster = grundy.census("octal:2", to=1000, client=client)
        rows = grundy.census(["0.07", "0.070", "0.77"], to=500, client=client, frame=False)
        share = grundy.census("octal:2", to=1000, client=client, shard="3/4", frame=False)
        # A limit on a worker comes back as the same exception as in one process.
        with pytest.raises(grundy.LimitError, match="memory"):
            grundy.census(["0.6"], to=10**7, all=True, max_memory="1M", client=client)
    assert list(on_cluster.columns) == list(local.columns)
    assert on_cluster.drop(columns="seconds").equals(local.drop(columns="seconds"))
    assert without_times(rows) == without_times(grundy.census(["0.07", "0.070", "0.77"], to=500, frame=False))
    assert without_times(share) == without_times(grundy.census("octal:2", to=1000, shard="3/4", frame=False))


def test_a_census_of_boards_on_dask_equals_the_one_in_order():
    """cram:3 to 3x9: one row a board (its nimber as largest_value, as published), the same on
    a LocalCluster of two workers (each board alone, cold) as in one process (in order on one
    region database), and a database file written by one local census and read by the next."""
    distributed = need("distributed")
    published = [1, 1, 0, 1, 1, 4, 1, 3, 1]
    local = grundy.census("cram:3", to=9, frame=False)
    assert [r["code"] for r in local] == [f"3x{n}" for n in range(1, 10)]
    assert [r["largest_value"] for r in local] == published
    assert grundy.census_row("3x6", to=9)["largest_value"] == 4
    members = grundy.census_members("cram:3", to=9)
    assert [m["code"] for m in members] == [r["code"] for r in local]
    assert {m["of"] for m in members} == {9}
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        on_cluster = grundy.census("cram:3", to=9, client=client, frame=False)
        with pytest.raises(ValueError, match="table"):
            grundy.census("cram:3", to=9, client=client, table="x.db")
    assert without_times(on_cluster) == without_times(local)


def test_a_census_of_a_graph_family_on_dask_equals_the_one_in_order():
    """node-kayles:grid 3x{n} to 16: one row a grid (OEIS A316632 as largest_value, n as
    largest_heap), the same on a LocalCluster of two workers (each grid alone) as in one process
    (in order on one engine); a member alone needs its family; a family by n needs to=."""
    distributed = need("distributed")
    a316632 = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3]
    family = "node-kayles:grid 3x{n}"
    local = grundy.census(family, to=16, frame=False)
    assert [r["code"] for r in local] == [f"grid 3x{n}" for n in range(17)]
    assert [r["largest_value"] for r in local][1:] == a316632
    assert [r["largest_heap"] for r in local] == list(range(17))
    assert grundy.census_row("grid 3x12", to=16, family=family)["largest_value"] == 5
    with pytest.raises(ValueError, match="to=N"):
        grundy.census_members(family)
    with pytest.raises(ValueError, match="not a member"):
        grundy.census_row("grid 3x40", to=16, family=family)
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        on_cluster = grundy.census(family, to=16, client=client, frame=False)
    assert without_times(on_cluster) == without_times(local)


def test_a_census_of_boards_keeps_its_region_database(tmp_path):
    db = tmp_path / "cram3.db"
    first = grundy.census("cram:3", to=8, table=str(db), frame=False)
    assert db.stat().st_size > 0
    again = grundy.census("cram:3", to=8, table=str(db), frame=False)
    assert without_times(again) == without_times(first)
    db.write_bytes(db.read_bytes()[:-1] + b"?")
    with pytest.raises(ValueError):
        grundy.census("cram:3", to=8, table=str(db))


def test_bad_input():
    with pytest.raises(ValueError, match="unknown family"):
        grundy.census("foo:2", to=10)
    with pytest.raises(ValueError, match="to must be"):
        grundy.census("octal:1", to=-1)
    with pytest.raises(ValueError, match="shard"):
        grundy.census("octal:1", to=10, shard="4/3")
    with pytest.raises(TypeError):
        grundy.census(3, to=10)
    with pytest.raises(ValueError):
        grundy.census(["0.07", "0.9z"], to=10)
    with pytest.raises(ValueError, match="jobs"):
        grundy.census("octal:1", to=10, client=object(), jobs=2)
    with pytest.raises(TypeError, match="Client"):
        grundy.census("octal:1", to=10, client=object())


def test_ctrl_c_stops_a_census(ctrl_c):
    rc, out, took = ctrl_c('grundy.census("octal:3", to=10**6, jobs=1)')
    assert rc == 7 and out == "interrupted"
    assert took < 2.0, f"stopped {took:.2f} s after Ctrl-C"


def test_docstring_examples():
    failed, tried = doctest.testmod(grundy._census, extraglobs={"grundy": grundy})
    assert tried >= 4 and failed == 0
