"""Army against army (fleeodds.matrix, fleeodds.scale, ``fleeodds matrix``).

Every probability asserted is derived in the test by enumerating dice with ``fractions.Fraction``
(7th edition, a break test on 2D6 + margin against Ld, then the flee roll against the pursuit roll,
caught on a pursuit roll at least the flee roll: docs/warhammer.md, rulebook "Break tests" and
"Flee!"/"Pursuit"); Monte Carlo cells are checked against those exact values with a bound that can
fail (``assert_mc_agrees``). No test needs the team's shared folder.
"""

from __future__ import annotations

import re
import itertools
import json
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

import fleeodds
from fleeodds import scale
from fleeodds.cli import main
from fleeodds.engine import simulate
from fleeodds.errors import FleeoddsError, InputError
from fleeodds.matrix import Army, load_army, matrix, read_matrix
from fleeodds.report.matrices import matrix_text
from fleeodds.results import Matrix

from tests.conftest import assert_mc_agrees
from tests.lang_helpers import _in  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data" / "bsdata"
SCENARIO = {"system": "warhammer", "edition": "7th", "situation": "break", "title": "Broken by 2 (7th)",
            "fleeing": {"name": "F", "movement": 4, "leadership": 7},
            "pursuer": {"name": "P", "movement": 4, "leadership": 7}, "combat": {"margin": 2},
            "table": {"max_turns": 0}}  # the exchange alone (held, caught, escaped): the hand derivations below


def _dist(n: int) -> dict[int, Fraction]:
    """Totals of nD6, by enumeration."""
    out: dict[int, Fraction] = {}
    for roll in itertools.product(range(1, 7), repeat=n):
        out[sum(roll)] = out.get(sum(roll), Fraction(0)) + Fraction(1, 6 ** n)
    return out


def _p_at_least(pursuit: int, flee: int) -> Fraction:
    """P(pursuit total >= flee total) for ``pursuit``D6 against ``flee``D6."""
    a, b = _dist(pursuit), _dist(flee)
    return sum((pa * pb for x, pa in a.items() for y, pb in b.items() if x >= y), Fraction(0))


def _held(ld: int, margin: int = 2) -> Fraction:
    """7th edition: held on 2D6 + margin <= Ld, or on a double 1 (Insane Courage)."""
    return sum((Fraction(1, 36) for a in range(1, 7) for b in range(1, 7) if a + b + margin <= ld or a == b == 1),
               Fraction(0))


def _caught(ld: int, flee_dice: int, pursuit_dice: int) -> Fraction:
    return (1 - _held(ld)) * _p_at_least(pursuit_dice, flee_dice)


# 7th edition: a unit of M above 6 flees and pursues 3D6, else 2D6
MINE = Army("Mine", [{"name": "Slow Ld7", "movement": 4, "leadership": 7},
                     {"name": "Slow Ld8", "movement": 4, "leadership": 8},
                     {"name": "Fast Ld7", "movement": 8, "leadership": 7},
                     {"name": "Slow Ld7 twin", "movement": 5, "leadership": 7}],
            points={"Slow Ld7": 60.0, "Fast Ld7": 120.0})
THEIRS = Army("Theirs", [{"name": "Foot", "movement": 4, "leadership": 7},
                         {"name": "Riders", "movement": 9, "leadership": 8}], points={"Riders": 200.0})
EXPECTED = {("Slow Ld7", "Foot"): _caught(7, 2, 2), ("Slow Ld7", "Riders"): _caught(7, 2, 3),
            ("Slow Ld8", "Foot"): _caught(8, 2, 2), ("Slow Ld8", "Riders"): _caught(8, 2, 3),
            ("Fast Ld7", "Foot"): _caught(7, 3, 2), ("Fast Ld7", "Riders"): _caught(7, 3, 3),
            ("Slow Ld7 twin", "Foot"): _caught(7, 2, 2), ("Slow Ld7 twin", "Riders"): _caught(7, 2, 3)}


@pytest.fixture(scope="module")
def scenario():
    return fleeodds.load_scenario(SCENARIO)


@pytest.fixture(scope="module")
def exact_matrix(scenario):
    return matrix(scenario, MINE, THEIRS, progress=False)


def _fraction_of(m: Matrix, a: str, b: str, code: str) -> Fraction:
    row = m.frame[(m.frame.row_unit == a) & (m.frame.col_unit == b) & (m.frame.outcome == code)]
    assert len(row) == 1
    return Fraction(row.fraction.iloc[0])


def test_exact_cells_are_the_hand_derived_odds(exact_matrix):
    m = exact_matrix
    assert len(m.cells) == 8 and not m.failures
    for (a, b), expected in EXPECTED.items():
        assert _fraction_of(m, a, b, "caught") == expected, (a, b)
        assert _fraction_of(m, a, b, "held") == _held(MINE.profiles[[p["name"] for p in MINE.profiles].index(a)]
                                                      ["leadership"])
        cell = m.cells[(m.cells.row_unit == a) & (m.cells.col_unit == b)].iloc[0]
        assert cell.caught_total == pytest.approx(float(expected), abs=1e-15)
        assert cell.caught_total_low == cell.caught_total_high == cell.caught_total
        assert cell.method == "exact"
    # the wide matrix is the total, every pair once, the opponent named on its column
    wide = m.wide()
    assert set(wide.index) == {p["name"] for p in MINE.profiles} and set(wide.columns) == {"Foot", "Riders"}
    assert wide.loc["Fast Ld7", "Riders"] == pytest.approx(float(EXPECTED[("Fast Ld7", "Riders")]))


def test_rows_and_columns_best_first(exact_matrix):
    # fleeing units best when least often caught (3D6 flee first); pursuers best when catching most (Riders)
    rows = list(dict.fromkeys(exact_matrix.cells.row_unit))
    cols = list(dict.fromkeys(exact_matrix.cells.col_unit))
    assert rows[0] == "Fast Ld7" and cols == ["Riders", "Foot"]
    means = {a: sum(float(EXPECTED[(a, b)]) for b in cols) / 2 for a in rows}
    assert [means[a] for a in rows] == sorted(means[a] for a in rows)


def test_units_with_the_same_numbers_share_one_exact_solve(scenario):
    # "Slow Ld7" and "Slow Ld7 twin" (M 4 and 5) flee and pursue alike in 7th: one chain per pursuer;
    # the two pursuers differ (2D6 / 3D6): 3 distinct fleeing numbers x 2 pursuers = 6 chains for 8 cells
    fleeodds.matrix._EXACT_CACHE.clear()
    m = matrix(scenario, MINE, THEIRS, progress=False)
    assert m.manifest["cells"] == 8 and m.manifest["distinct_exact"] == 6
    again = matrix(scenario, MINE, THEIRS, progress=False)  # the process keeps what it solved
    assert again.manifest["distinct_exact"] == 0 and again.manifest["exact_from_cache"] == 8
    pd.testing.assert_frame_equal(m.cells, again.cells)


def test_cache_key_is_the_resolved_numbers(scenario):
    a = scenario.with_unit("fleeing", {"name": "A", "movement": 4, "leadership": 7})
    b = scenario.with_unit("fleeing", {"name": "B", "movement": 5, "leadership": 7})
    c = scenario.with_unit("fleeing", {"name": "C", "movement": 4, "leadership": 8})
    assert a.exact_cache_key() == b.exact_cache_key() != c.exact_cache_key()
    hash(a.exact_cache_key())


@pytest.mark.statistical
def test_monte_carlo_cells_have_their_own_seed_and_agree_with_exact(scenario):
    trials = 20_000
    m = matrix(scenario, MINE, THEIRS, method="mc", trials=trials, seed=11, progress=False)
    assert set(m.cells.method) == {"mc"}
    for (a, b), expected in EXPECTED.items():
        cell = m.cells[(m.cells.row_unit == a) & (m.cells.col_unit == b)].iloc[0]
        assert cell.seed == scale.cell_seed(11, a, b)
        count = round(cell.caught_total * trials)
        assert_mc_agrees(count, trials, float(expected), f"{a} / {b}")
        assert cell.caught_total_low < cell.caught_total < cell.caught_total_high  # its Wilson interval
    # a cell's counts depend on what it is, not where it sits: another army order and a filter agree
    rev = Army("Mine", list(reversed(MINE.profiles[:2])))
    sub = matrix(scenario, rev, THEIRS, method="mc", trials=trials, seed=11, progress=False)
    both = m.cells.merge(sub.cells, on=["row_unit", "col_unit"], suffixes=("", "_sub"))
    assert len(both) == 4 and (both.caught == both.caught_sub).all() and (both.seed == both.seed_sub).all()
    # and a cell is a single run of its scenario on its seed
    sc = scenario.with_unit("fleeing", MINE.profiles[2]).with_unit("pursuing", THEIRS.profiles[1])
    sim = simulate(sc.kernel(), trials=trials, seed=scale.cell_seed(11, "Fast Ld7", "Riders"), progress=False)
    cell = m.cells[(m.cells.row_unit == "Fast Ld7") & (m.cells.col_unit == "Riders")].iloc[0]
    assert cell.caught == sim.outcome_counts[sc.outcome_index("caught")] / trials


def test_two_worker_dask_cluster_gives_identical_results(scenario):
    pytest.importorskip("dask.distributed")
    serial_mc = matrix(scenario, MINE, THEIRS, method="mc", trials=2_000, seed=3, progress=False)
    fleeodds.matrix._EXACT_CACHE.clear()
    serial_exact = matrix(scenario, MINE, THEIRS, progress=False)
    fleeodds.matrix._EXACT_CACHE.clear()
    with scale.Runner(workers=2, processes=False) as runner:
        assert runner.describe() == "local Dask cluster, 2 worker(s)"
        assert runner.describe().render("fr") == "grappe Dask locale, 2 processus"
        dask_mc = matrix(scenario, MINE, THEIRS, method="mc", trials=2_000, seed=3, runner=runner, progress=False)
        dask_exact = matrix(scenario, MINE, THEIRS, runner=runner, progress=False)
        ranked = fleeodds.rank.rank_units(scenario, MINE.profiles, "fleeing", runner=runner)
        jobs = [scale.Job(str(k), int, (str(k) if k != 3 else "x",)) for k in range(7)]
        done = runner.run(jobs, progress=False, batch=3)  # a failing job fails alone, not its batch
    assert [d.value for k, d in done.items() if k != "3"] == [0, 1, 2, 4, 5, 6]
    assert list(done) == [str(k) for k in range(7)] and "ValueError" in done["3"].error
    pd.testing.assert_frame_equal(serial_mc.cells, dask_mc.cells)
    pd.testing.assert_frame_equal(serial_mc.frame, dask_mc.frame)
    pd.testing.assert_frame_equal(serial_exact.frame, dask_exact.frame)
    assert dask_exact.manifest["distinct_exact"] == serial_exact.manifest["distinct_exact"] == 6
    pd.testing.assert_frame_equal(ranked.table, fleeodds.rank.rank_units(scenario, MINE.profiles, "fleeing").table)


def test_sweep_through_a_runner_is_the_same_sweep(scenario):
    from fleeodds.sweep import sweep

    plain = sweep(scenario, {"fleeing.leadership": "6..8"}, progress=False)
    with scale.Runner() as runner:
        routed = sweep(scenario, {"fleeing.leadership": "6..8"}, progress=False, runner=runner)
    pd.testing.assert_frame_equal(plain.frame, routed.frame)
    caught = plain.frame[plain.frame.outcome == "caught"].probability.tolist()
    assert caught == pytest.approx([float(_caught(ld, 2, 2)) for ld in (6, 7, 8)])


def test_a_failed_cell_is_reported_not_fatal(scenario):
    bad = Army("Mine", [MINE.profiles[0], {"name": "Broken", "movement": 4, "leadership": 99}])
    m = matrix(scenario, bad, THEIRS, progress=False)
    assert len(m.cells) == 2 and {f[:2] for f in m.failures} == {("Broken", "Foot"), ("Broken", "Riders")}
    assert all("leadership" in f[2] for f in m.failures)
    assert m.wide().loc["Broken"].isna().all()
    # a job that raises anything is one failed cell too
    done = scale.Runner().run([scale.Job("ok", int, ("3",)), scale.Job("boom", int, ("x",))], progress=False)
    assert done["ok"].value == 3 and not done["boom"].ok and "ValueError" in done["boom"].error


def test_resume_computes_only_the_missing_cells(scenario, tmp_path):
    small = Army("Mine", MINE.profiles[:2])
    first = matrix(scenario, small, THEIRS, method="mc", trials=2_000, seed=5, progress=False)
    path = tmp_path / "m.json"
    path.write_text(first.to_json(), encoding="utf-8")
    back = read_matrix(path)
    resumed = matrix(scenario, MINE, THEIRS, method="mc", trials=2_000, seed=5, resume=back, progress=False)
    assert resumed.manifest["resumed"] == 4 and resumed.manifest["computed"] == 4
    full = matrix(scenario, MINE, THEIRS, method="mc", trials=2_000, seed=5, progress=False)
    cols = ["row_unit", "col_unit", "caught", "caught_total", "seed"]
    pd.testing.assert_frame_equal(resumed.cells[cols], full.cells[cols], check_dtype=False)
    # a unit whose profile changed is computed again
    changed = Army("Mine", [{**MINE.profiles[0], "leadership": 8}, *MINE.profiles[1:]])
    again = matrix(scenario, changed, THEIRS, method="mc", trials=2_000, seed=5, resume=back, progress=False)
    assert again.manifest["resumed"] == 2
    with pytest.raises(InputError, match="resume: .*same scenario, method, trials and seed"):
        matrix(scenario, MINE, THEIRS, method="mc", trials=2_000, seed=6, resume=back, progress=False)


def test_matrix_json_keeps_labels_in_every_language_and_reads_the_older_pairs(exact_matrix):
    """A matrix written to JSON keeps each label in every language ({lang: text}); a file written before the
    catalogue ([English, French] pairs, the total as [column, en, fr, codes]) reads the same."""
    data = json.loads(exact_matrix.to_json())
    assert data["role_labels"]["fleeing"] == {"en": "fleeing unit", "fr": "unité en fuite"}
    old = dict(data, role_labels={k: [v["en"], v["fr"]] for k, v in data["role_labels"].items()},
               outcomes=[[c, v["en"], v["fr"]] for c, v in data["outcomes"]],
               total=[data["total"][0], data["total"][1]["en"], data["total"][1]["fr"], data["total"][2]],
               unit_columns=[[c, v["en"], v["fr"]] for c, v in data["unit_columns"]],
               short_labels={k: [v["en"], v["fr"]] for k, v in data["short_labels"].items()})
    for m in (Matrix.from_dict(data), Matrix.from_dict(old)):
        assert m.role_label("fleeing").render("fr") == "unité en fuite"
        assert m.value_label().render("fr") == "rattrapée (total)"
        assert _in("fr", m.to_csv, "cells") == _in("fr", exact_matrix.to_csv, "cells")


def test_outputs_csv_json_markdown_and_french(exact_matrix):
    m = exact_matrix
    data = json.loads(m.to_json())  # strict JSON: NaN written as null
    assert data["kind"] == "fleeodds.matrix" and len(data["cells"]) == 8
    again = Matrix.from_dict(data)
    pd.testing.assert_frame_equal(again.wide(), m.wide())
    long = pd.read_csv(__import__("io").StringIO(m.to_csv("long")))
    assert list(long.columns) == list(m.frame.columns) and len(long) == 8 * 3
    wide = _in("fr", m.to_csv, "wide")
    assert wide.startswith("\ufeffunité en fuite;Riders;Foot") and "0,4" in wide
    cells = _in("fr", m.to_csv, "cells")
    assert "poursuivant : points" in cells and "unité en fuite : non rattrapée (total) pour 100 pts" in cells
    md = matrix_text(m, "wide", "fr", "md")
    assert md.startswith("| unité en fuite \\ poursuivant") and "40,2\xa0%" in md
    # per 100 points: the side's good result per 100 points of the unit
    cell = m.cells[(m.cells.row_unit == "Fast Ld7") & (m.cells.col_unit == "Riders")].iloc[0]
    assert cell.row_per_100_pts == pytest.approx((1 - cell.caught_total) * 100 / 120)
    assert cell.col_per_100_pts == pytest.approx(cell.caught_total * 100 / 200)
    assert pd.isna(m.cells[m.cells.row_unit == "Slow Ld8"].row_per_100_pts).all()
    top = m.top(2)
    assert list(dict.fromkeys(top.cells.row_unit)) == list(dict.fromkeys(m.cells.row_unit))[:2]
    assert len(top.cells) == 4


def test_heatmap_names_units_and_the_opponent(exact_matrix, tmp_path):
    from fleeodds.report.format import pct
    from fleeodds.report.charts import chart_matrix
    from fleeodds.report.matrices import matrix_grid

    for lang in ("en", "fr"):
        grid = matrix_grid(exact_matrix, lang)
        assert "Theirs" in grid.col_title and "Mine" in grid.row_title
        assert ("pursuer" if lang == "en" else "poursuivant") in grid.col_title
        fig = chart_matrix(grid, None, lang)
        ax = fig.axes[0]
        assert [t.get_text() for t in ax.get_xticklabels()] == grid.cols
        assert [t.get_text() for t in ax.get_yticklabels()] == grid.rows
        labels = {t.get_text() for t in ax.texts}
        assert pct(float(EXPECTED[("Slow Ld7", "Foot")]), lang, 0) in labels  # each cell carries its value
    assert chart_matrix(matrix_grid(exact_matrix, "en"), tmp_path / "m.png").exists()


def test_bad_inputs_are_one_line_errors(scenario, monkeypatch):
    with pytest.raises(InputError, match="types: 'cavalery' is not allowed; expected one of .*cavalry"):
        matrix(scenario, MINE, THEIRS, types="cavalery")
    with pytest.raises(InputError, match=r"types: 'monster' .*\(no unit is of that type"):
        matrix(scenario, MINE, THEIRS, types="monster")
    for bad in ("300..100", "abc", "..", "-5..10"):
        with pytest.raises(InputError, match="points"):
            matrix(scenario, MINE, THEIRS, points=bad)
    with pytest.raises(InputError, match="points: .*neither"):
        matrix(scenario, Army("A", MINE.profiles), Army("B", THEIRS.profiles), points="0..100")
    with pytest.raises(InputError, match="keeps none"):
        matrix(scenario, MINE, THEIRS, points="1000..2000")
    with pytest.raises(InputError, match=r"compare: \['6th', .*no comparison setups"):
        matrix(fleeodds.load_scenario("warhammer/leadership_by_edition.toml"), MINE, THEIRS)
    with pytest.raises(InputError, match="distinct unit names"):
        Army("Dup", [MINE.profiles[0], MINE.profiles[0]])
    with pytest.raises(InputError, match="workers"):
        scale.Runner(workers=0)
    with pytest.raises(InputError, match="not both"):
        scale.Runner(workers=2, scheduler="tcp://127.0.0.1:1")
    pytest.importorskip("dask.distributed")
    monkeypatch.setattr(scale, "CONNECT_TIMEOUT", 1)
    with pytest.raises(InputError, match="scheduler: 'tcp://127.0.0.1:1' .*running Dask scheduler"):
        matrix(scenario, MINE, THEIRS, scheduler="tcp://127.0.0.1:1")


def test_a_catalogue_without_units_is_refused(tmp_path):
    cat = tmp_path / "empty.cat"
    cat.write_text('<?xml version="1.0"?><catalogue name="Empty" xmlns="http://www.battlescribe.net/schema/'
                   'catalogueSchema"><selectionEntries/></catalogue>', encoding="utf-8")
    with pytest.raises(FleeoddsError, match="catalogue"):
        load_army(cat)


def test_types_filter_takes_french_names(scenario):
    army = Army("A", [{"name": "Cav", "movement": 8, "leadership": 7, "troop_type": "cavalry"},
                      {"name": "Inf", "movement": 4, "leadership": 7, "troop_type": "infantry"}])
    m = matrix(scenario, army, army, types="Cavalerie", progress=False)
    assert set(m.cells.row_unit) == set(m.cells.col_unit) == {"Cav"}


def test_api_returns_a_dataframe():
    from fleeodds.api import army_matrix

    df = army_matrix(SCENARIO, MINE, THEIRS.profiles, layout="wide")
    assert isinstance(df, pd.DataFrame) and df.shape == (4, 2)
    assert df.loc["Slow Ld8", "Foot"] == pytest.approx(float(EXPECTED[("Slow Ld8", "Foot")]))
    long = army_matrix(SCENARIO, MINE, THEIRS, layout="long")
    assert set(long.columns) >= {"row_unit", "col_unit", "outcome", "probability", "ci_low", "ci_high"}
    with pytest.raises(InputError, match="layout"):
        army_matrix(SCENARIO, MINE, THEIRS, layout="square")


def test_runner_describes_itself_in_both_languages():
    assert scale.Runner().describe() == "in-process" and scale.Runner().describe().render("fr") == "en local"
    sched = scale.Runner(scheduler="tcp://h:1")
    assert sched.describe().render("fr") == "ordonnanceur Dask tcp://h:1" and sched.describe() == "Dask scheduler tcp://h:1"


def test_cli_matrix_on_the_project_catalogues(tmp_path):
    runner = CliRunner()
    cat_a, cat_b, gst = DATA / "greenskin_warband_8th.cat", DATA / "scaled_host_8th.cat", DATA / "made_up_8th.gst"
    out = tmp_path / "m.json"
    args = ["matrix", str(cat_a), str(cat_b), "--system", str(gst), "--scenario", "warhammer/rank_broken_by_2_8th.toml",
            "--no-progress"]
    res = runner.invoke(main, [*args, "--out", str(out), "--chart", str(tmp_path / "m.svg")])
    assert res.exit_code == 0, res.output
    assert "Scale Guard" in res.output and "Cave Goblins" in res.output and "fleeing unit \\ pursuer" in res.output
    m = read_matrix(out)
    assert m.manifest["cells"] == len(m.cells) + len(m.failures) > 0
    res2 = runner.invoke(main, [*args, "--out", str(out), "--resume", "--format", "csv", "--layout", "long"])
    assert res2.exit_code == 0, res2.output
    assert f"{m.manifest['cells']} resumed" in res2.output or "0 computed" in res2.output
    res3 = runner.invoke(main, [*args, "--format", "md", "--lang", "fr", "--top", "2"])
    assert res3.exit_code == 0 and "unité en fuite \\ poursuivant" in res3.output
    # every word in French: the scenario's French title, the runner and a decimal comma in the footer
    assert res3.output.splitlines()[0].startswith("Battu de 2, poursuivi"), res3.output
    footer = [line for line in res3.output.splitlines() if line.startswith(f"{m.manifest['cells']} cases")]
    assert footer and re.search(r"\(en local, \d+(,\d+)? s\)$", footer[0]), res3.output
    assert "in-process" not in res3.output and "Broken by" not in res3.output
    assert read_matrix(out).title.startswith("Broken by 2")  # the English run kept the English title
    res4 = runner.invoke(main, [*args, "--lang", "fr", "--chart", str(tmp_path / "m.fr.svg")])
    assert res4.exit_code == 0, res4.output
    assert "Battu de 2, poursuivi" in (tmp_path / "m.fr.svg").read_text(encoding="utf-8")
    for bad, word in ((["--types", "tanks"], "types"), (["--points", "9..1"], "points"),
                      (["--workers", "2", "--scheduler", "tcp://x:1"], "not both"),
                      (["--resume"], "resume")):
        r = runner.invoke(main, [*args, *bad])
        assert r.exit_code == 2 and word in r.output and "Traceback" not in r.output, (bad, r.output)
        assert len(r.output.strip().splitlines()) == 1, r.output


def test_a_damaged_file_is_not_resumed(exact_matrix):
    data = json.loads(exact_matrix.to_json())
    bad = json.loads(json.dumps(data))
    for cell in bad["cells"]:
        cell["caught_total"] = -3  # would print -300 %
    with pytest.raises(InputError, match="resume: .*damaged"):
        Matrix.from_dict(bad)
    bad = json.loads(json.dumps(data))
    row = bad["rows"][0]
    row["probability"] = 0.999 if row["probability"] < 0.5 else 0.001  # the cell no longer sums to 1
    with pytest.raises(InputError, match="resume: .*damaged"):
        Matrix.from_dict(bad)


def test_checkpoints_during_a_run_can_be_resumed(scenario, monkeypatch):
    monkeypatch.setattr(fleeodds.matrix, "CHECKPOINT_SECONDS", 0.0)
    fleeodds.matrix._EXACT_CACHE.clear()
    seen: list[Matrix] = []
    full = matrix(scenario, MINE, THEIRS, progress=False, checkpoint=seen.append)
    assert seen and len(seen[0].cells) < len(full.cells)  # the first checkpoint holds the first solve's cells
    partial = Matrix.from_dict(json.loads(seen[0].to_json()))
    resumed = matrix(scenario, MINE, THEIRS, progress=False, resume=partial)
    assert resumed.manifest["resumed"] == len(partial.cells)
    pd.testing.assert_frame_equal(resumed.wide(), full.wide())


@pytest.mark.slow
@pytest.mark.parametrize("n_cols", [2, 30])
def test_heatmap_layout_is_clean_with_long_names(n_cols):
    from fleeodds.report.charts import chart_matrix
    from fleeodds.results import MatrixGrid

    from .test_layout import assert_clean_layout

    rows = [f"Night Goblin Squig Hoppers {k}" for k in range(12)]
    cols = [f"Dragon Princes of Caledor {k}" for k in range(n_cols)]
    values = [[(r * n_cols + c) / (12 * n_cols) for c in range(n_cols)] for r in range(12)]
    values[0][0] = float("nan")  # a failed cell stays blank
    grid = MatrixGrid("Broken by 2, pursued (8th)", "Each unit of A against each unit of B: caught (any)", rows, cols,
                      values, "fleeing unit (A)", "pursuer (B)", "P(caught (any))", ["exact values"])
    for lang in ("en", "fr"):
        fig = chart_matrix(grid, None, lang)
        assert_clean_layout(fig)
        __import__("matplotlib.pyplot").pyplot.close(fig)


def test_a_running_scheduler_is_used_and_a_foreign_listener_refused():
    """A real tcp scheduler passes the reachability probe; a listener that is not Dask (here a bare
    socket that answers with garbage) is refused by name before any dask Client is built."""
    import socket
    import threading

    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
                      dashboard_address=None) as cluster:
        with scale.Runner(scheduler=cluster.scheduler_address) as runner:
            assert runner.run([scale.Job("a", pow, (2, 5))], progress=False)["a"].value == 32

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()

    def answer_garbage():  # the probe connects twice: a bare connect, then Dask's handshake
        for _ in range(2):
            conn, _ = server.accept()
            conn.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n" * 4)
            conn.close()

    threading.Thread(target=answer_garbage, daemon=True).start()
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    with pytest.raises(InputError, match="not a Dask scheduler"):
        scale.Runner(scheduler=address).start()
    server.close()


def test_a_listener_that_never_answers_is_refused(monkeypatch):
    """A listener that accepts the connection and then says nothing is refused once the connect
    timeout passes (the handshake is bounded too), not waited on forever."""
    import socket

    monkeypatch.setattr(scale, "CONNECT_TIMEOUT", 1)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)  # connections wait in the backlog, never accepted, never answered
    with pytest.raises(InputError, match="not a Dask scheduler"):
        scale.Runner(scheduler=f"tcp://127.0.0.1:{server.getsockname()[1]}").start()
    server.close()


@pytest.mark.parametrize("address, allowed", [("udp://127.0.0.1:8786", "tcp://HOST:PORT or tls://HOST:PORT"),
                                              ("tcp://[::1]:99999", "a port from 1 to 65535")])
def test_a_scheduler_address_dask_cannot_use_is_refused_at_once(address, allowed):
    with pytest.raises(InputError, match=re.escape(allowed)):
        scale.Runner(scheduler=address).start()
