"""Write the worked notebooks from the cells below, executed, with their outputs (tables, charts),
so that someone browsing the repository sees the charts.

    python notebooks/make_notebooks.py            # every notebook
    python notebooks/make_notebooks.py dnd.ipynb  # one of them

The list-building notebook ranks a real BattleScribe catalogue when ``FLEEODDS_BSDATA`` names a
folder of them (the team's copy is used when it sits beside the repository), else the project's own
test catalogue. The test suite (tests/front/test_notebooks.py) executes every notebook again and checks
that the stored cells are the ones written here, so they never rot.
"""

import os
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: A folder of real catalogues to rank in list_building.ipynb, when there is one.
TEAM_BSDATA = next((p for p in (ROOT.parent / "shared" / "data" / "bsdata-whfb",
                    ROOT.parents[1] / "shared" / "data" / "bsdata-whfb") if p.is_dir()), ROOT.parent / "shared" / "data" / "bsdata-whfb")
SETUP = ("import warnings\nwarnings.filterwarnings(\"ignore\", message=\"IProgress not found\")  # tqdm without widgets\n"
         "import fleeodds\nfrom fleeodds.report import charts, tables\n%matplotlib inline")

#: The project's own test catalogues, found whether the notebook runs from notebooks/ (as Jupyter opens
#: it) or from the repository's root.
FIND = ("# the project's own files, found from notebooks/ (where Jupyter runs a notebook) or from the root\n"
        "def project_file(rel):\n"
        "    here = Path.cwd().resolve()\n"
        "    return next((p / rel for p in (here, *here.parents) if (p / rel).exists()), here / rel)\n")

NOTEBOOKS = {
    "warhammer.ipynb": [
        ("md", "# Warhammer: break tests, flee and pursuit\n\nExact odds of a unit breaking and being run "
               "down, checked by Monte Carlo, then a sweep over Leadership and combat result."),
        ("code", SETUP),
        ("code", 'sc = fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml")\n'
                 'table = fleeodds.evaluate(sc, "both", trials=100_000, seed=1, progress=False)\n'
                 'print(table.summary_sentence())\n'
                 'print(tables.render(table))'),
        ("code", "charts.outcome_chart(table);"),
        ("md", "Outcomes are ordered (held < fell back < caught): \"this or worse\" and \"this or better\"."),
        ("code", "table.cumulative()"),
        ("md", "## Sweep: Leadership × combat result\n\nEvery cell is exact. `grid()` gives the table behind "
               "the heatmap."),
        ("code", "from fleeodds.sweep import sweep\n"
                 'sw = sweep(sc, {"fleeing.leadership": "4..10", "combat.margin": "1..5"}, progress=False)\n'
                 'sw.grid("caught").round(3)'),
        ("code", 'charts.heatmap(sw, "caught", subtitle="7th edition, 2D6 flee vs 2D6 pursuit");'),
        ("md", "## Turn of resolution: exactly, at least, at most"),
        ("code", 'rally = fleeodds.evaluate(fleeodds.load_scenario("warhammer/goblins_rally_or_flee_to_edge.toml"), '
                 '"exact")\nrally.metric_views().head()'),
        ("code", "charts.metric_chart(rally);"),
    ],
    "dnd.ipynb": [
        ("md", "# D&D: attacks of opportunity when leaving melee\n\nA level-1 wizard withdraws past a "
               "second orc (3.5), then a 5e wizard leaves two orcs with more or fewer hit points."),
        ("code", SETUP),
        ("code", 'sc = fleeodds.load_scenario("dnd/wizard_withdraws_past_orcs_35.toml")\n'
                 'table = fleeodds.evaluate(sc, "both", trials=100_000, seed=2, progress=False)\n'
                 'print(tables.render(table, distribution=True))'),
        ("code", "charts.metric_chart(table);"),
        ("md", "## Sweep over the runner's hit points (exact)"),
        ("code", "from fleeodds.sweep import sweep\n"
                 'sw = sweep("dnd/wizard_leaves_two_orcs_5e.toml", {"runner.hp": "4..16..2"}, progress=False)\n'
                 '# the file compares three ways out: the sweep runs each of them (one line per setup)\n'
                 'charts.line_chart(sw, outcomes=["down"]);  # title, axis and legend from the schema'),
    ],
    "hell_dorado.ipynb": [
        ("md", "# Hell Dorado: Fuite (flee) and the attaque sans riposte\n\nIllustrative profiles, "
               "not card values. Labels in French."),
        ("code", SETUP),
        ("code", 'sc = fleeodds.load_scenario("hell_dorado/fuite_arquebusier_bran_carnoth.toml")\n'
                 'with fleeodds.use_lang("fr"):  # the reader\'s language: labels, notes, tables\n'
                 '    table = fleeodds.evaluate(sc, "both", trials=100_000, seed=3, progress=False)\n'
                 '    print(table.summary_sentence())\n'
                 '    print("\\n".join(table.notes()))  # qui attaque, avec combien de dés, et pourquoi\n'
                 '    print(tables.render(table))'),
        ("code", "charts.outcome_chart(table);"),
        ("md", "## Points de vie du fuyard (balayage exact)"),
        ("code", "from fleeodds.sweep import sweep\n"
                 'with fleeodds.use_lang("fr"):\n'
                 '    sw = sweep(sc, {"fleeing.pv": "1..8"}, progress=False)\n'
                 '# chaque configuration comparée du fichier est balayée : une courbe par configuration\n'
                 'charts.line_chart(sw, outcomes=["killed"], xlabel="PV de l\'Arquebusier");'),
    ],
    "list_building.ipynb": [
        ("md", "# List building: comparing setups\n\nPaired Monte Carlo on common random numbers: each "
               "difference gets its own 95 % interval, tighter than comparing two independent runs; "
               "exact differences where both setups are exact."),
        ("code", SETUP + "\nfrom fleeodds.compare import compare"),
        ("code", 'base = fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml")\n'
                 'setups = [("Ld 5", base), ("Ld 7", base.with_changes({"fleeing.leadership": 7})),\n'
                 '          ("Ld 7 + Battle Standard", base.with_changes({"fleeing.leadership": 7, "fleeing.battle_standard": True}))]\n'
                 'comp = compare(setups, "mc", trials=100_000, seed=4, progress=False, title="Night Goblins: '
                 'Leadership upgrades")\n'
                 'print("\\n".join(comp.summary_lines()))\n'
                 'print(tables.render_comparison(comp))'),
        ("code", "charts.comparison_chart(comp.frame, title=comp.title);"),
        ("code", "charts.difference_chart(comp);"),
        ("md", "The same comparison unpaired, for contrast: the intervals of the differences are wider."),
        ("code", 'indep = compare(setups, "mc", trials=100_000, seed=4, progress=False, paired=False)\n'
                 'cols = ["setup", "outcome", "mc_difference", "mc_diff_low", "mc_diff_high"]\n'
                 'paired_w = (comp.differences().mc_diff_high - comp.differences().mc_diff_low)\n'
                 'indep_w = (indep.differences().mc_diff_high - indep.differences().mc_diff_low)\n'
                 '(paired_w / indep_w).round(2).tolist()'),
        ("md", "## Ranking a catalogue's units\n\nEvery unit of a BattleScribe catalogue as the broken unit "
               "of one scenario (exact): who is run down most often? Set `FLEEODDS_BSDATA` to a folder "
               "of your own catalogues to rank a real army; without it the project's test catalogue is used."),
        ("code", "import os\nfrom pathlib import Path\nfrom fleeodds.importers.bsdata import read_catalogue\n"
                 "from fleeodds.rank import list_building, rank_units\n\n" + FIND + "\n"
                 'folder = Path(os.environ.get("FLEEODDS_BSDATA") or project_file("tests/data/bsdata"))\n'
                 'cats = sorted(folder.glob("*Goblins*8th*.cat")) or sorted(folder.glob("*8th*.cat"))\n'
                 'system = next(iter(sorted(folder.glob("*8th*.gst"))), None)\n'
                 "cat = read_catalogue(cats[0], system)\n"
                 "units = list_building(\"warhammer\").map_catalogue(cat).profiles\n"
                 'ranking = rank_units(fleeodds.load_scenario("warhammer/rank_broken_by_2_8th.toml"), units, "fleeing")\n'
                 'print(f"{cats[0].stem}: {len(units)} units ranked")\n'
                 'ranking.labelled(group=True).head(10)'),
        ("code", "charts.chart_ranking(ranking.chart_data(top=12), None);"),
        ("md", "## A D&D decision table (exact)"),
        ("code", 'rogue = fleeodds.load_scenario("dnd/rogue_decision_table_35.toml")\n'
                 'd = compare([(str(v.name), v.scenario) for v in rogue.variants()], "exact", title=rogue.title)\n'
                 'charts.comparison_chart(d.nonzero().frame, title=d.title);'),
    ],
    "army_matrix.ipynb": [
        ("md", "# Army against army\n\nEvery unit of one BattleScribe catalogue as the fleeing unit against every "
               "unit of another as the pursuer, in one Warhammer scenario: exact where the scenario allows, "
               "each distinct chain solved once. Set `FLEEODDS_BSDATA` to a folder of real 8th-edition "
               "catalogues (BattleScribe's Orcs and Goblins and High Elves) to use them; otherwise the project's "
               "own small test catalogues stand in."),
        ("code", "import os\nimport warnings\nfrom pathlib import Path\n\n"
                 "warnings.filterwarnings(\"ignore\", message=\"IProgress not found\")  # tqdm without widgets\n"
                 "import fleeodds\nfrom fleeodds.matrix import Army, load_army, "
                 "matrix\nfrom fleeodds.report import charts\nfrom fleeodds.report.matrices import matrix_grid\n"
                 "from fleeodds.scale import Runner\n%matplotlib inline\n\n" + FIND + "\n"
                 'real = Path(os.environ.get("FLEEODDS_BSDATA", "no-catalogues"))\n'
                 'if (real / "Orcs and Goblins - 8thBRB_8thAB.cat").is_file():\n'
                 '    fleeing, pursuing = real / "Orcs and Goblins - 8thBRB_8thAB.cat", real / "High Elves - 8thBRB_8thAB.cat"\n'
                 '    gst = real / "Warhammer Fantasy 8th ed.gst"\n'
                 "else:  # a fresh clone: the project's own catalogues\n"
                 '    data = project_file("tests/data/bsdata")\n'
                 '    fleeing, pursuing, gst = data / "greenskin_warband_8th.cat", data / "scaled_host_8th.cat", '
                 'data / "made_up_8th.gst"\n'
                 'sc = fleeodds.load_scenario("warhammer/rank_broken_by_2_8th.toml")\n'
                 "rows, cols = load_army(fleeing, gst), load_army(pursuing, gst)\n"
                 'print(f"{rows.name}: {len(rows.profiles)} units; {cols.name}: {len(cols.profiles)} units")'),
        ("code", "m = matrix(sc, rows, cols, progress=False)\n"
                 'print(sc.title)\nman = m.manifest\n'
                 'print(f"{man[\'cells\']} cells, {man[\'distinct_exact\']} distinct exact chains solved, "\n'
                 '      f"{len(m.failures)} failed, {man[\'seconds\']} s")\n'
                 "m.wide().iloc[:8, :8].round(3)  # P(caught in any way): rows flee, columns pursue, best first"),
        ("code", "charts.chart_matrix(matrix_grid(m, top=12), None);"),
        ("md", "The cells as a tidy table for pandas: every outcome, the unit columns of both sides, points "
               "and the per-100-points columns where the catalogue gives a cost."),
        ("code", 'cols_shown = ["row_unit", "col_unit", "caught_total", "method"] + [c for c in m.cells if "per_100" in c]\n'
                 'm.cells[cols_shown].head(8)'),
        ("code", 'charts.chart_matrix(matrix_grid(m, "fr", top=8), None, "fr");'),
        ("md", "## The same cells on a local Dask cluster\n\nTwo worker processes; `Runner(scheduler=\"tcp://host:8786\")` "
               "sends them to an existing cluster instead. The results are identical: exact cells are the same "
               "chains, and a Monte Carlo cell's seed comes from the run's seed and the two unit names."),
        ("code", "few_rows, few_cols = Army(rows.name, rows.profiles[:6]), Army(cols.name, cols.profiles[:6])\n"
                 "here = matrix(sc, few_rows, few_cols, method=\"mc\", trials=20_000, seed=1, progress=False)\n"
                 "with Runner(workers=2) as runner:\n"
                 "    there = matrix(sc, few_rows, few_cols, method=\"mc\", trials=20_000, seed=1, runner=runner, "
                 "progress=False)\n"
                 "assert here.cells.equals(there.cells) and here.frame.equals(there.frame)\n"
                 "print(there.manifest[\"runner\"], \"- identical cells\")"),
    ],
}


def notebook(name: str):
    """The notebook ``name`` as written here, without outputs."""
    nb = new_notebook(cells=[new_markdown_cell(src) if kind == "md" else new_code_cell(src)
                             for kind, src in NOTEBOOKS[name]])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


def execute(nb, timeout: int = 600):
    """Run ``nb`` top to bottom from the notebooks' own folder, as Jupyter opens it, with this checkout's
    sources (in place)."""
    import nbclient

    env = {"PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]),
           "MPLBACKEND": "Agg"}
    if "FLEEODDS_BSDATA" not in os.environ and TEAM_BSDATA.is_dir():
        env["FLEEODDS_BSDATA"] = str(TEAM_BSDATA)
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        nbclient.NotebookClient(nb, timeout=timeout, kernel_name="python3",
                                resources={"metadata": {"path": str(HERE)}}).execute()
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    for cell in nb.cells:  # no run-to-run noise in the stored files
        cell.get("metadata", {}).pop("execution", None)
    return nb


def build(names=None) -> list[Path]:
    out = []
    for name in names or NOTEBOOKS:
        path = HERE / name
        nbformat.write(execute(notebook(name)), path)
        out.append(path)
    return out


if __name__ == "__main__":
    for p in build(sys.argv[1:]):
        print(p)
