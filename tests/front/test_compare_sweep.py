"""Paired comparisons, sweeps and their charts, tables and commands."""

import math
from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner

import fleeodds
from fleeodds import engine
from fleeodds.cli import main
from fleeodds.language import use_lang
from fleeodds.compare import compare
from fleeodds.errors import FleeoddsError, InputError
from fleeodds.report import charts, tables
from fleeodds.stats import paired_difference, paired_difference_from_joint
from fleeodds.sweep import parse_values, parse_vary, sweep

from tests.conftest import Z_999, oracle_cases

GOBLINS = "warhammer/goblins_broken_by_dwarfs.toml"


def _unit(name, leadership=7):
    return {"name": name, "movement": 4, "leadership": leadership}


BREAK_7TH = {"system": "warhammer", "edition": "7th", "situation": "break", "fleeing": _unit("F"),
             "pursuer": _unit("P"), "combat": {"margin": 2}}


# ----------------------------------------------------------------------------- per-trial kernels
@pytest.mark.slow
@pytest.mark.parametrize("name", [GOBLINS, "warhammer/goblins_rally_or_flee_to_edge.toml",
                                  "warhammer/goblins_charge_fleeing_dwarfs.toml",
                                  "dnd/wizard_leaves_two_orcs_5e.toml", "dnd/wizard_withdraws_past_orcs_35.toml",
                                  "dnd/rogue_decision_table_35.toml", "hell_dorado/fuite_arquebusier_bran_carnoth.toml",
                                  "hell_dorado/passe_bran_carnoth_vs_bretteur.toml"])
def test_trial_kernel_replays_the_counting_kernel(name):
    """Same seed, same trials: the per-trial outcomes tally to the counting kernel's counts."""
    sc = fleeodds.load_scenario(name)
    assert sc.has_trial_kernel
    n = 30_000
    counts = engine.simulate(sc.kernel(), trials=n, seed=9, progress=False).outcome_counts
    outcomes = sc.trial_kernel()(9, 0, n)
    assert outcomes.shape == (n,) and outcomes.dtype == np.int64
    assert np.array_equal(np.bincount(outcomes, minlength=len(sc.outcomes)), counts)
    # and a later slice is the same trials whatever the call boundaries
    assert np.array_equal(sc.trial_kernel()(9, 1000, 500), outcomes[1000:1500])


def test_attraction_has_no_trial_kernel_and_compare_falls_back_to_independent():
    sc = fleeodds.load_scenario("hell_dorado/attraction_zone_aleatoire.toml")
    assert not sc.has_trial_kernel
    comp = compare([("a", sc), ("b", sc)], "mc", trials=2000, seed=1, progress=False)
    assert not comp.manifest["paired"] and not comp.frame.paired.any()


def test_simulate_paired_is_independent_of_the_chunk_size():
    a = fleeodds.load_scenario(GOBLINS)
    b = a.with_changes({"fleeing.leadership": 8})
    ks = [a.trial_kernel(), b.trial_kernel()]
    one = engine.simulate_paired(ks, [3, 3], trials=20_000, seed=5, progress=False)
    many = engine.simulate_paired(ks, [3, 3], trials=20_000, seed=5, progress=False, chunk=3001)
    for x, y in zip(one.joint, many.joint):
        assert np.array_equal(x, y)
    assert one.joint[0].sum() == 20_000 and np.count_nonzero(one.joint[0] - np.diag(np.diag(one.joint[0]))) == 0


# ----------------------------------------------------------------------------- paired intervals
def test_joint_table_variance_equals_the_per_trial_sample_variance():
    rng = np.random.default_rng(0)
    a = rng.integers(0, 3, 5000)
    b = np.where(rng.random(5000) < 0.8, a, rng.integers(0, 3, 5000))
    joint = np.zeros((3, 3), np.int64)
    np.add.at(joint, (a, b), 1)
    d, lo, hi = paired_difference_from_joint(joint, 1, 1)
    mean, lo2, hi2 = paired_difference((b == 1).astype(int), (a == 1).astype(int))
    assert d == pytest.approx(mean, abs=1e-15)
    # the joint-table variance divides by n, the sample variance by n - 1
    assert (hi - lo) == pytest.approx((hi2 - lo2) * math.sqrt(4999 / 5000), rel=1e-12)


@pytest.fixture(scope="module")
def ld_setups():
    base = fleeodds.load_scenario(GOBLINS)
    return [("Ld 5", base), ("Ld 7", base.with_changes({"fleeing.leadership": 7}))]


@pytest.mark.statistical
def test_paired_interval_is_narrower_than_independent_on_the_same_runs(ld_setups):
    from fleeodds.stats import independent_difference

    paired = compare(ld_setups, "both", trials=100_000, seed=3, progress=False)
    n = paired.tables[0].manifest["trials"]
    base = paired.tables[0].wide().set_index("outcome")
    dp = paired.differences()
    # the independent interval of the same two estimates, as if the runs had not been paired
    widths_i, widths_p = [], []
    for k, t in enumerate(paired.tables[1:], start=1):
        wide = t.wide().set_index("outcome")
        for code in wide.index:
            d, lo, hi = independent_difference(float(base.loc[code].monte_carlo), float(wide.loc[code].monte_carlo),
                                               n, n)
            row = dp[(dp.setup == paired.setups[k]) & (dp.outcome == code)].iloc[0]
            assert row.mc_difference == pytest.approx(d, abs=1e-15)
            widths_i.append(hi - lo)
            widths_p.append(row.mc_diff_high - row.mc_diff_low)
    assert all(p < i for p, i in zip(widths_p, widths_i)), (widths_p, widths_i)
    # the exact difference lies where the paired estimate says (|z| < 3.29)
    for _, r in dp.iterrows():
        se = (r.mc_diff_high - r.mc_diff_low) / (2 * 1.959963984540054)
        assert abs(r.mc_difference - r.difference) / se < Z_999, r.outcome
        assert r.diff_exact


def test_unpaired_runs_use_their_own_streams(ld_setups):
    same = [(label, ld_setups[0][1]) for label in ("A", "B")]
    indep = compare(same, "mc", trials=50_000, seed=3, progress=False, paired=False)
    counts = [t.wide()["count"].tolist() for t in indep.tables]
    assert counts[0] != counts[1]  # the same scenario on seeds 3 and 4


def test_exact_difference_matches_the_oracle(ld_setups):
    cases = {c["id"]: c for c in oracle_cases("warhammer")}
    case = cases["wfb7_break_ld7_lost_by_2_hold"]
    comp = compare(ld_setups, "exact")
    d = comp.differences().set_index("outcome").loc["held", "difference"]
    # Ld 5 lost by 2 holds only on a double 1 (1/36) or a roll of 2 + 2 <= 5 ... i.e. 2D6 <= 3: 3/36
    assert d == pytest.approx(float(Fraction(case["exact"]) - Fraction(3, 36)), abs=1e-12)


def test_compare_errors(ld_setups):
    with pytest.raises(InputError, match="at least two setups"):
        compare(ld_setups[:1])
    dnd = fleeodds.load_scenario("dnd/wizard_leaves_two_orcs_5e.toml")
    with pytest.raises(InputError, match="one rules system"):
        compare([ld_setups[0], ("wizard", dnd)])
    with pytest.raises(InputError, match="distinct setup labels"):
        compare([ld_setups[0], ld_setups[0]])


# ----------------------------------------------------------------------------- sweeps
def test_sweep_cells_equal_single_runs_with_the_same_seed():
    sw = sweep(GOBLINS, {"fleeing.leadership": [5, 8]}, "mc", trials=20_000, seed=11, progress=False)
    base = fleeodds.load_scenario(GOBLINS)
    for ld in (5, 8):
        single = fleeodds.evaluate(base.with_changes({"fleeing.leadership": ld}), "mc", trials=20_000, seed=11,
                                   progress=False)
        cell = sw.frame[sw.frame["fleeing.leadership"] == ld].set_index("outcome")
        for _, r in single.wide().iterrows():
            assert cell.loc[r.outcome, "monte_carlo"] == r.monte_carlo


@pytest.mark.slow
def test_exact_sweep_matches_the_oracles():
    cases = {c["id"]: c for c in oracle_cases("warhammer")}
    wanted = {("wfb7_break_ld7_lost_by_2_hold", 7, 2, "held"),
              ("wfb7_break_ld5_lost_by_4_insane_courage_hold", 5, 4, "held"),
              ("wfb7_ld7_lost_by_2_destroyed_in_pursuit", 7, 2, "caught")}
    assert all(w[0] in cases for w in wanted)
    sw = sweep(BREAK_7TH, {"fleeing.leadership": "5..7..2", "combat.margin": [2, 4]}, progress=False)
    assert sw.manifest["method"] == "exact"
    f = sw.frame.set_index(["fleeing.leadership", "combat.margin", "outcome"])
    for cid, ld, margin, outcome in wanted:
        assert f.loc[(ld, margin, outcome), "probability"] == pytest.approx(float(Fraction(cases[cid]["exact"])),
                                                                             abs=1e-12), cid


def test_sweep_over_dnd_and_hell_dorado_fields():
    dnd = sweep("dnd/wizard_leaves_two_orcs_5e.toml", {"runner.hp": [6, 30], "mode": "move,disengage"},
                progress=False)
    f = dnd.frame.set_index(["runner.hp", "mode", "outcome"]).probability
    assert f[(6, "disengage", "unharmed")] == pytest.approx(1.0)  # Disengage: no opportunity attack
    # more hit points can only make dropping less likely
    assert f[(30, "move", "down")] + f[(30, "move", "dead")] <= f[(6, "move", "down")] + f[(6, "move", "dead")]
    hd = sweep("hell_dorado/fuite_arquebusier_bran_carnoth.toml", {"fleeing.pv": "1..3"}, progress=False)
    killed = hd.frame[hd.frame.outcome == "killed"].probability.to_numpy()
    assert killed[0] >= killed[1] >= killed[2]


@pytest.mark.parametrize("spec,needles", [
    ("fleeing.leadership=5..", ["fleeing.leadership", "'5..'", "range of integers like 5..10"]),
    ("fleeing.leadership=10..5", ["fleeing.leadership", "'10..5'", "low <= high"]),
    ("fleeing.leadership=5,,6", ["fleeing.leadership", "without empty items"]),
    ("fleeing.leadership", ["--vary", "FIELD=VALUES"]),
])
def test_bad_vary_syntax(spec, needles):
    with pytest.raises(InputError) as e:
        parse_vary(spec)
    for n in needles:
        assert n in str(e.value)


@pytest.mark.parametrize("vary,needles", [
    ({"fleeing.leadershp": "5..7"}, ["fleeing.leadershp", "unknown option 'leadershp'"]),
    ({"fleeing.leadership": "9..11"}, ["fleeing.leadership", "11", "a number from 0 to 10"]),
    ({"edition": "7th,9th"}, ["edition", "'9th'", "6th, 7th, 8th, tow, starter"]),
    ({"combat.margin.x": "1,2"}, ["combat.margin.x", "a field inside a table"]),
    ({"fleeing.leadership": "high,low"}, ["fleeing.leadership", "'high'"]),
])
def test_bad_sweep_fields_and_values_name_field_value_and_what_is_allowed(vary, needles):
    with pytest.raises(InputError) as e:
        sweep(GOBLINS, vary, progress=False)
    for n in needles:
        assert n in str(e.value)
    assert e.value.field == next(iter(vary))


def test_bad_sweep_field_in_dnd_lists_the_allowed_fields():
    with pytest.raises(InputError) as e:
        sweep("dnd/wizard_leaves_two_orcs_5e.toml", {"enemies.5.attack_bonus": "1,2"}, progress=False)
    assert "enemies.5.attack_bonus" in str(e.value) and "index from 0 to 1" in str(e.value)
    with pytest.raises(InputError, match="runner.hpx.*documented fields: ac"):
        sweep("dnd/wizard_leaves_two_orcs_5e.toml", {"runner.hpx": "4,5"}, progress=False)


def test_parse_values_types():
    assert parse_values("f", "0..20..5") == [0, 5, 10, 15, 20]
    assert parse_values("f", "2d6,3d6") == ["2d6", "3d6"]
    assert parse_values("f", "true,false") == [True, False]
    assert parse_values("f", "0.5,12") == [0.5, 12]
    assert parse_values("f", "-2..1") == [-2, -1, 0, 1]


# ----------------------------------------------------------------------------- charts (objects, not pixels)
@pytest.fixture(scope="module")
def one_field():
    out = {}
    for lang in ("en", "fr"):
        with use_lang(lang):
            out[lang] = sweep(GOBLINS, {"fleeing.leadership": "4..9"}, progress=False)
    return out


@pytest.mark.parametrize("lang,ylabel,legend,note,tick", [
    ("en", "Probability", "Outcome", "exact values", "60%"),
    ("fr", "Probabilité", "Résultat", "valeurs exactes", "60\u00a0%"),
])
def test_line_chart_labels(one_field, lang, ylabel, legend, note, tick):
    sw = one_field[lang]
    fig = charts.line_chart(sw, subtitle="sub")
    ax = fig.axes[0]
    assert ax.get_title(loc="left") == charts.sweep_title(sw)  # says what varies, not the base scenario
    assert ax.get_ylabel() == ylabel and ax.get_xlabel() == charts.field_name(sw, "fleeing.leadership")
    assert ax.get_legend().get_title().get_text() == legend
    assert len(ax.get_lines()) == 3  # held, caught, escaped
    texts = [t.get_text() for t in ax.texts]
    assert "sub" in texts and any(note in t for t in texts)
    assert tick in [t.get_text() for t in ax.get_yticklabels()]


@pytest.mark.parametrize("lang,cbar", [("en", "P(caught and destroyed in the pursuit)"),
                                       ("fr", "P(rattrapée et détruite par la poursuite)")])
def test_heatmap_labels_and_cells(lang, cbar):
    with use_lang(lang):
        sw = sweep(GOBLINS, {"fleeing.leadership": "6..8", "combat.margin": "1..2"}, progress=False)
    fig = charts.heatmap(sw, "caught", xlabel="margin", ylabel="Ld")
    ax = fig.axes[0]
    assert ax.get_xlabel() == "margin" and ax.get_ylabel() == "Ld"
    assert fig.axes[1].get_ylabel() == cbar
    cells = [t.get_text() for t in ax.texts if "%" in t.get_text()]
    assert len(cells) == 6
    assert [t.get_text() for t in ax.get_yticklabels()] == ["6", "7", "8"]
    with pytest.raises(InputError, match="outcome"):
        charts.heatmap(sw, "nope")


@pytest.mark.parametrize("lang,words", [("en", ["exactly", "at least", "at most"]),
                                        ("fr", ["exactement", "au moins", "au plus"])])
def test_metric_chart_shows_the_three_views(lang, words):
    with use_lang(lang):
        t = fleeodds.evaluate(fleeodds.load_scenario("dnd/wizard_withdraws_past_orcs_35.toml"), "exact")
    fig = charts.metric_chart(t)
    ax = fig.axes[0]
    assert [x.get_text() for x in ax.get_legend().get_texts()] == words
    assert ax.get_xlabel().startswith("Damage taken" if lang == "en" else "Dégâts subis")
    views = t.metric_views()
    # at least x + at most (x - 1) = 1: the two lines are consistent with the bars
    assert np.allclose(views.at_least.to_numpy()[1:] + views.at_most.to_numpy()[:-1], 1.0)


@pytest.mark.parametrize("lang,axis", [("en", "Difference vs Ld 5 (percentage points)"),
                                       ("fr", "Écart par rapport à « Ld 5 » (points de pourcentage)")])
def test_difference_chart_labels(ld_setups, lang, axis):
    with use_lang(lang):
        comp = compare(ld_setups, "mc", trials=20_000, seed=2, progress=False, title="T")
    fig = charts.difference_chart(comp)
    ax = fig.axes[0]
    assert ax.get_xlabel() == axis and ax.get_title(loc="left") == "T"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["Ld 7"]
    assert any(("apparié" if lang == "fr" else "paired") in t.get_text() for t in ax.texts)


# ----------------------------------------------------------------------------- commands
@pytest.fixture
def runner():
    return CliRunner()


@pytest.mark.slow
def test_cli_compare_two_files(runner, tmp_path):
    a = tmp_path / "ld5.toml"
    b = tmp_path / "ld8.toml"
    text = fleeodds.example_path(GOBLINS).read_text()
    a.write_text(text)
    b.write_text(text.replace('profile = "Night Goblins"    # M4 Ld5', 'profile = "Night Goblins"\nleadership = 8'))
    chart, diff = tmp_path / "c.png", tmp_path / "d.svg"
    r = runner.invoke(main, ["compare", str(a), str(b), "--mc", "-n", "20000", "--label", "Ld 5", "--label", "Ld 8",
                             "--chart", str(chart), "--diff-chart", str(diff), "--no-progress"])
    assert r.exit_code == 0, r.output
    assert "Ld 8 − Ld 5" in r.output and "paired" in r.output
    assert chart.stat().st_size > 10_000 and diff.read_text().lstrip().startswith("<?xml")


def test_cli_compare_variants_in_french_markdown(runner):
    r = runner.invoke(main, ["compare", "hell_dorado/fuite_djinn_intangible.toml", "--exact", "--lang", "fr",
                             "--format", "md"])
    assert r.exit_code == 0, r.output
    assert "Sans Intangible − Tel quel" in r.output and "−100" in r.output


def test_cli_sweep_table_csv_and_chart(runner, tmp_path):
    chart = tmp_path / "h.png"
    r = runner.invoke(main, ["sweep", GOBLINS, "-v", "fleeing.leadership=6..7", "-v", "combat.margin=1,2",
                             "--outcome", "caught", "--chart", str(chart), "-f", "csv"])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].startswith("fleeing.leadership,combat.margin,outcome,label,probability")
    assert len(lines) == 1 + 4 * 3  # one row per cell and outcome
    assert chart.exists()


@pytest.mark.parametrize("args,needle", [
    (["sweep", GOBLINS, "-v", "fleeing.leadership=5.."], "fleeing.leadership: '5..'"),
    (["sweep", GOBLINS, "-v", "fleeing.bravery=5,6"], "unknown option 'bravery'"),
    (["compare", GOBLINS], "two or more scenarios"),
])
def test_cli_errors_are_one_line(runner, args, needle):
    r = runner.invoke(main, args)
    assert r.exit_code == 2, r.output
    assert needle in r.output and "Traceback" not in r.output


def test_cli_run_metric_chart(runner, tmp_path):
    p = tmp_path / "m.svg"
    r = runner.invoke(main, ["run", "dnd/wizard_withdraws_past_orcs_35.toml", "--exact", "-d", "--metric-chart", str(p)])
    assert r.exit_code == 0, r.output
    assert "at least" in r.output and p.exists()


@pytest.mark.slow
def test_cli_report_on_a_small_folder(runner, tmp_path):
    folder = tmp_path / "analysis"
    folder.mkdir()
    (folder / "ld.toml").write_text(
        'kind = "sweep"\nscenario = "warhammer/goblins_broken_by_dwarfs.toml"\n'
        'title = { en = "By Leadership", fr = "Par Commandement" }\n[vary]\n"fleeing.leadership" = "5..7"\n')
    (folder / "cmp.toml").write_text(
        'kind = "compare"\nscenario = "warhammer/goblins_broken_by_dwarfs.toml"\nmethod = "exact"\n'
        'title = "Ld"\n[[setups]]\nlabel = "Ld 5"\n[[setups]]\nlabel = "Ld 8"\n'
        'changes = { "fleeing.leadership" = 8 }\n')
    out = tmp_path / "out"
    r = runner.invoke(main, ["report", str(folder), "--out", str(out), "--no-progress"])
    assert r.exit_code == 0, r.output
    names = {p.name for p in out.iterdir()}
    for lang in ("en", "fr"):
        assert {f"ld.{lang}.md", f"ld.{lang}.csv", f"ld.{lang}.png", f"ld.{lang}.svg", f"cmp.{lang}.md",
                f"cmp-diff.{lang}.png"} <= names
    assert "Par Commandement" in (out / "ld.fr.md").read_text()
    assert "index.md" in names and "index.fr.md" in names
    (folder / "bad.toml").write_text('kind = "sweep"\nscenario = "x.toml"\ntitle = "t"\nvary = {a = "1"}\nfoo = 1\n')
    r = runner.invoke(main, ["report", str(folder), "--out", str(out), "--no-progress"])
    assert r.exit_code == 2 and "bad.toml" in r.output and "foo" in r.output


def test_shipped_analyses_are_valid():
    from pathlib import Path

    from fleeodds.analysis import load_analysis

    folder = Path(__file__).resolve().parents[2] / "analysis"
    files = sorted(folder.glob("*.toml"))
    assert len(files) >= 6
    kinds = {load_analysis(p)["kind"] for p in files}
    assert kinds == {"run", "compare", "sweep"}
