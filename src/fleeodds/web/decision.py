"""The page's "best choice" card: a scenario's ``[decide]`` table answered for the web (``POST /api/decide``).

Everything computed here comes from :func:`fleeodds.decisions.decide`; the sentences and the chart from
:mod:`fleeodds.report.decision`. The page draws the options as bars, the best one marked.
"""

from __future__ import annotations

from typing import Any

from ..decisions import decide
from ..report.format import number, pct
from ..language import use_lang
from ..report.decision import decision_chart, decision_sentences, policy_sentences
from . import service


def decision_view(data: dict, method: str, trials: int | None, seed: int, lang: str,
                  progress: Any = None) -> dict[str, Any]:
    """The decision of a scenario with a ``[decide]`` table, for the page.

    Parameters
    ----------
    data : dict
        The scenario (JSON of its TOML), with its ``decide`` table.
    method : {"both", "exact", "mc"}
    trials : int or None
    seed : int
    lang : {"en", "fr"}
    progress : object, optional
        Unused: a decision is answered whole.

    Returns
    -------
    dict
        ``title``, ``method``, ``goals`` (each with its label, the best options, whether all tie, and the
        options' values as numbers and texts, the best marked), ``sentences``, ``policies`` (sentences of the
        choices made after a roll), ``chart_svg`` (the first goal's chart) and ``decision`` (the JSON of
        ``fleeodds decide --format json``).

    Raises
    ------
    InputError
        Trials outside 1 .. :data:`..service.MAX_COMPARE_TRIALS` or a seed outside 0 .. 2**63 - 1; as
        :func:`fleeodds.decisions.decide` (a scenario without ``[decide]``, a choice that is no decision point…).
    """
    trials, _ = service.check_sizing(trials, None, cap=service.MAX_COMPARE_TRIALS)
    seed = service.check_seed(seed)
    sc = service.load(data)
    with use_lang(lang):
        d = decide(sc, method, trials=trials, seed=seed, progress=False)
    goals = []
    for g in d.goals:
        best = {id(o) for o in d.best(g.code)} if d.options and not d.tied(g.code) else set()
        opts = []
        for o in d.options:
            v = float(o.values[g.code])
            opts.append({"label": o.label().render(lang), "default": o.is_default, "value": v, "best": id(o) in best,
                         "text": number(v, lang, 2) if g.metric is not None else pct(v, lang, 1)})
        top = max((x["value"] for x in opts), default=0.0)
        goals.append({"goal": g.code, "label": g.label().render(lang), "metric": g.metric is not None,
                      "scale": top if g.metric is not None else 1.0, "options": opts,
                      "all_equal": bool(d.options) and d.tied(g.code)})
    chart = ""
    if d.options:
        key = service.answer_key("decision-chart", data, method, trials, seed, lang)
        chart = service.svg_text(service.chart_bytes(lambda p: decision_chart(d, p), "svg", key))
    return {"title": d.title, "method": d.method, "goals": goals,
            "sentences": decision_sentences(d) if d.options else [],
            "policies": [{"label": p.choice.label().render(lang), "sentences": policy_sentences(p, d.goals, lang)}
                         for p in d.policies],
            "chart_svg": chart, "decision": d.to_dict()}
