"""A decision (:class:`fleeodds.decisions.Decision`) as a table, sentences and a chart, in English or French.

The table lists every option with its value for each goal, the best marked ``◀``; the sentences say the best
choice for each goal and what it is worth over the choice as written and over the worst; the chart draws the
options side by side, the best in its own colour. Nothing is computed here but formatting.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from tabulate import tabulate

from .format import fixed, integer, number, pct
from ..language import N_, pmessage, render
from .text import WORDS, w

WORDS.update({
    "decision_option": N_("Choice"),
    "decision_default": N_("[as written]"),
    "decision_best": N_("best"),
    "decision_best_for": N_("Best for “{goal}”: {best} ({value})."),
    "decision_tie_for": N_("Best for “{goal}”, tied: {best} ({value} each)."),
    "decision_all_equal": N_("For “{goal}” the choice changes nothing: {value} whatever you choose."),
    "decision_gain_default": N_("{gain} over the choice as written ({default})."),
    "decision_is_default": N_("It is the choice as written."),
    "decision_gain_worst": N_("{gain} over the worst choice ({worst})."),
    "decision_mc_close": N_("Monte Carlo: the options marked ≈ are within the best one's 95% interval."),
    "decision_points_unit": N_("points"),
    "decision_exact_note": N_("exact values"),
    "decision_subtitle": N_("Best for “{goal}”: {best}"),
    "decision_subtitle_tie": N_("Best for “{goal}”, tied: {best}"),
    "decision_subtitle_equal": N_("The choice changes nothing for “{goal}”"),
})
WORDS.update({
    "policy_heading": N_("After the roll: {choice}"),
    "policy_result": N_("First result"),
    "policy_probability": N_("Probability"),
    "policy_if_kept": N_("{goal} if kept → best"),
    "policy_reroll": N_("re-roll"),
    "policy_keep": N_("keep"),
    "policy_best": N_("Best policy for “{goal}”: {rule} — {value}."),
    "policy_rule_reroll": N_("re-roll {what}"),
    "policy_rule_keep": N_("keep {what}"),
    "policy_never": N_("{gain} over never re-rolling ({value})"),
    "policy_naive": N_("{gain} over re-rolling every result but the best one ({value})"),
    "policy_and": N_(" and "),
})
#: tabulate's table formats by fleeodds' format name.
TABLEFMT = {"table": "simple", "md": "github"}


def _value(goal, v, lang: str) -> str:
    if goal.metric is not None:
        return number(float(v), lang, 2)
    return pct(float(v), lang, 1)


def _gain(goal, g, lang: str, unit: str = "") -> str:
    """A gain in percentage points (a probability goal) or, for a metric, the change of the metric in its unit
    (a goal to minimise gains by going down: "−6.97 hp"), with its exact fraction."""
    if goal.metric is not None:
        change = g * goal.sense
        text = ("+" if change > 0 else "\u2212" if change < 0 else "") + number(abs(float(change)), lang, 2)
        text += f" {unit}" if unit else ""
        g = change
    else:
        text = ("+" if g > 0 else "") + fixed(float(g) * 100, lang, 1) + " " + w("decision_points_unit", lang)
    if isinstance(g, Fraction) and g.denominator != 1 and g.denominator < 10 ** 6:
        text += f" ({abs(g.numerator)}/{g.denominator})"  # the sign is the text's
    return text


def decision_rows(decision) -> tuple[list[str], list[list[str]]]:
    """Headers and rows of the decision table: one row per option, one column per goal.

    Parameters
    ----------
    decision : fleeodds.decisions.Decision

    Returns
    -------
    (list of str, list of list of str)
    """
    lang = decision.lang
    best = {g.code: {id(o) for o in decision.best(g.code)} for g in decision.goals}
    mark = "◀" if decision.method == "exact" else "≈"
    headers = [w("decision_option", lang)] + [g.label().render(lang) for g in decision.goals]
    rows = []
    for o in decision.options:
        label = o.label().render(lang) + (" " + w("decision_default", lang) if o.is_default else "")
        cells = [label]
        for g in decision.goals:
            cell = _value(g, o.values[g.code], lang)
            if id(o) in best[g.code] and not decision.tied(g.code):
                lead = decision.best(g.code)[0]
                cell += " ◀" if o is lead else f" {mark}"
            cells.append(cell)
        rows.append(cells)
    return headers, rows


def decision_sentences(decision) -> list[str]:
    """What the decision says, goal by goal: the best choice, its gain over the choice as written and over
    the worst, ties said as ties.

    Parameters
    ----------
    decision : fleeodds.decisions.Decision

    Returns
    -------
    list of str
    """
    lang = decision.lang
    out = []
    default = decision.default()
    for g in decision.goals:
        best = decision.best(g.code)
        lead = best[0]
        value = _value(g, lead.values[g.code], lang)
        if decision.tied(g.code):
            out.append(w("decision_all_equal", lang, goal=g.label().render(lang), value=value))
            continue
        names = ", ".join(o.label().render(lang) for o in best)
        key = "decision_tie_for" if len(best) > 1 and decision.method == "exact" else "decision_best_for"
        line = w(key, lang, goal=g.label().render(lang), best=names if key == "decision_tie_for" else lead.label().render(lang),
                 value=value)
        if default is not None and default in best:
            line += " " + w("decision_is_default", lang)
        elif default is not None:
            line += " " + w("decision_gain_default", lang, gain=_gain(g, decision.gain(g.code, default), lang,
                                                                      render(decision.unit, lang)),
                            default=default.label().render(lang))
        worst = decision.worst(g.code)
        same_as_default = default is not None and default.values[g.code] == worst.values[g.code]
        if worst not in best and not same_as_default:
            line += " " + w("decision_gain_worst", lang, gain=_gain(g, decision.gain(g.code, worst), lang,
                                                                    render(decision.unit, lang)),
                            worst=worst.label().render(lang))
        out.append(line)
    if decision.method != "exact" and any(len(decision.best(g.code)) > 1 for g in decision.goals):
        out.append(w("decision_mc_close", lang))
    return out


def _exact_text(goal, v: Fraction, lang: str) -> str:
    """``7/12 = 58.3%`` (the exact fraction first when it is short), else the value alone."""
    text = _value(goal, v, lang)
    if isinstance(v, Fraction) and v.denominator != 1 and v.denominator < 10 ** 6:
        return f"{v.numerator}/{v.denominator} = {text}"
    return text


def _joined(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + w("policy_and", lang) + items[-1]


def policy_rows(policy, goals, lang: str) -> tuple[list[str], list[list[str]]]:
    """Headers and rows of a policy table: one row per result of the first roll, its probability, its value
    if kept and the best action, per goal.

    Parameters
    ----------
    policy : fleeodds.decisions.Policy
    goals : sequence of Goal
    lang : {"en", "fr"}

    Returns
    -------
    (list of str, list of list of str)
    """
    headers = [w("policy_result", lang), w("policy_probability", lang)]
    headers += [w("policy_if_kept", lang, goal=g.label().render(lang)) for g in goals]
    rows = []
    for r in policy.results:
        row = [r.label().render(lang), pct(float(r.probability), lang, 1)]
        for g in goals:
            row.append(_value(g, r.values[g.code], lang) + " → "
                       + w("policy_reroll" if r.reroll[g.code] else "policy_keep", lang))
        rows.append(row)
    return headers, rows


def policy_sentences(policy, goals, lang: str) -> list[str]:
    """The best policy per goal in words, with its value against never re-rolling and against re-rolling every
    result but the best one.

    Parameters
    ----------
    policy : fleeodds.decisions.Policy
    goals : sequence of Goal
    lang : {"en", "fr"}

    Returns
    -------
    list of str
    """
    out = []
    for g in goals:
        again = [r.label().render(lang) for r in policy.results if r.probability and r.reroll[g.code]]
        kept = [r.label().render(lang) for r in policy.results if r.probability and not r.reroll[g.code]]
        parts = []
        if again:
            parts.append(w("policy_rule_reroll", lang, what=_joined(again, lang)))
        if kept:
            parts.append(w("policy_rule_keep", lang, what=_joined(kept, lang)))
        semicolon = pmessage("between clauses", "; ").render(lang)
        line = w("policy_best", lang, goal=g.label().render(lang), rule=semicolon.join(parts),
                 value=_exact_text(g, policy.best[g.code], lang))
        extra = []
        for key, other in (("policy_never", policy.fresh[g.code]), ("policy_naive", policy.reroll_all_but_best[g.code])):
            gain = g.sense * (policy.best[g.code] - other)
            if gain:
                extra.append(w(key, lang, gain=_gain(g, gain, lang), value=_exact_text(g, other, lang)))
        if extra:
            line += " " + semicolon.join(extra) + "."
        out.append(line)
    return out


def render_decision(decision, fmt: str = "table") -> str:
    """The decision as text: title, table, sentences (``fmt`` ``"table"`` or ``"md"``).

    Parameters
    ----------
    decision : fleeodds.decisions.Decision
    fmt : {"table", "md"}

    Returns
    -------
    str
    """
    lang = decision.lang
    tf = TABLEFMT.get(fmt, "simple")
    lines = [decision.title, ""] if decision.title else []
    if decision.options:
        headers, rows = decision_rows(decision)
        lines += [tabulate(rows, headers=headers, tablefmt=tf, disable_numparse=True), ""]
        lines += decision_sentences(decision)
    for left in decision.manifest.get("unavailable", ()):  # options the rules close here, said, not dropped
        # the manifest keeps each option's words in English and in the languages it was rendered in
        lines.append(w("decision_unavailable", lang, option=left.get(f"option_{lang}", left["option"]),
                       reason=left.get(f"reason_{lang}", left["reason"])))
    for policy in decision.policies:
        if len(lines) > 2:
            lines.append("")
        lines += [w("policy_heading", lang, choice=policy.choice.label().render(lang)), ""]
        headers, rows = policy_rows(policy, decision.goals, lang)
        lines += [tabulate(rows, headers=headers, tablefmt=tf, disable_numparse=True), ""]
        lines += policy_sentences(policy, decision.goals, lang)
    if decision.method == "exact":
        lines.append("(" + w("decision_exact_note", lang) + ")")
    else:
        m = decision.manifest
        lines.append("(" + w("trials_seed", lang, trials=integer(m.get("trials", 0), lang), seed=m.get("seed", 0))
                     + ")")
    return "\n".join(lines) + "\n"


def decision_chart(decision, path=None, goal: str | None = None, title: str | None = None,
                   size: str = "print", footnote: Sequence[str] = ()):
    """The options side by side for one goal (default: the first), the best in its own colour.

    Parameters
    ----------
    decision : fleeodds.decisions.Decision
    path : str or Path, optional
        ``.png`` or ``.svg`` file to write.
    goal : str, optional
        A goal code of the decision (default: its first goal).
    title : str, optional
        Default: the scenario's title.
    size : {"print", "screen"}
    footnote : sequence of str

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    InputError
        An unknown goal, a path that does not end in .png or .svg, or an unknown size.
    """
    import numpy as np

    from .charts import DARK, OKABE_ITO, VALUE_SIZE, _bar_labels_fit, _check_path, _finish, _lines, _percent_axis, \
        _start, _wrap

    path = _check_path(path)
    lang = decision.lang
    g = decision._goal(goal or decision.goals[0].code)
    best = {id(o) for o in decision.best(g.code)} if not decision.tied(g.code) else set()
    labels = [_wrap(o.label().render(lang) + (" " + w("decision_default", lang) if o.is_default else ""))
              for o in decision.options]
    values = np.array([float(o.values[g.code]) for o in decision.options])
    n = len(values)
    rows_pt = sum(max(16.0, 11.0 * _lines(x)) + 6 for x in labels)
    ctx, fig, ax, page = _start(size, (rows_pt + 150) / 72)
    y = np.arange(n)[::-1]
    colours = [OKABE_ITO[2] if id(o) in best else "#9a9a9a" for o in decision.options]
    ax.barh(y, values, color=colours, height=0.6)
    if decision.method != "exact" and g.metric is None:
        lo = np.array([o.intervals[g.code][0] for o in decision.options])
        hi = np.array([o.intervals[g.code][1] for o in decision.options])
        ax.errorbar(values, y, xerr=np.clip(np.vstack([values - lo, hi - values]), 0, None), fmt="none",
                    ecolor=DARK, capsize=3, lw=1)
    texts = [ax.annotate(_value(g, v, lang) + (" ◀ " + w("decision_best", lang) if id(o) in best else ""),
                         (v, yi), xytext=(5, 0), textcoords="offset points", va="center",
                         fontsize=VALUE_SIZE + 1, color=DARK, fontweight="bold" if id(o) in best else "normal")
             for yi, v, o in zip(y, values, decision.options)]
    ax.set_yticks(y, labels)
    ax.set_ylim(-0.6, n - 0.4)
    top = float(values.max()) if n else 1.0
    if g.metric is None:
        ax.set_xlim(0, min(1.0, max(0.05, top) * 1.05 + 0.01))
        _percent_axis(ax, lang)
        ax.set_xticks([t for t in (0, .2, .4, .6, .8, 1.0) if t <= max(top, .05) * 1.05 + .01])  # never past 100 %
    else:
        ax.set_xlim(0, max(1.0, top * 1.1))
    ax.set_xlabel(g.label().render(lang))
    if best:
        subtitle = w("decision_subtitle_tie" if len(best) > 1 else "decision_subtitle", lang, goal=g.label().render(lang),
                     best=", ".join(o.label().render(lang) for o in decision.best(g.code)))
    else:
        subtitle = w("decision_subtitle_equal", lang, goal=g.label().render(lang))
    page.titles(title or decision.title, subtitle)
    notes = list(footnote) + [w("decision_exact_note", lang) if decision.method == "exact" else
                              w("trials_seed", lang, trials=integer(decision.manifest.get("trials", 0), lang),
                                seed=decision.manifest.get("seed", 0))]
    page.footnote(notes)
    page.fitters.append(_bar_labels_fit(ax, texts))
    return _finish(ctx, page, path, size)


WORDS.update({
    "decision_unavailable": N_("Left out here: {option} ({reason})."),
    "decision_switch": N_("The best choice for “{goal}” changes between {a} and {b} ({field}): {before} → {after}."),
    "decision_no_switch": N_("The best choice for “{goal}” is the same at every {field}: {best}."),
    "decision_best_col": N_("Best for “{goal}”"),
    "decision_by_field": N_("{goal} by {field}"),
    "decision_switch_mark": N_("best changes"),
})


def _sweep_names(sweep):
    from .fields import field_title, value_label

    title = field_title(sweep.system, sweep.field, sweep.lang) or sweep.field

    def value(v):
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            return value_label(sweep.system, sweep.field, v, sweep.lang)
        return number(float(v), sweep.lang, 2)
    return title, value


def render_decision_sweep(sweep, fmt: str = "table", goal: str | None = None) -> str:
    """Where the best choice changes along a field: one row per value (each option's value for the goal, the
    best), then a sentence per switch.

    Parameters
    ----------
    sweep : fleeodds.decisions.DecisionSweep
    fmt : {"table", "md"}
    goal : str, optional
        A goal code (default: the first).

    Returns
    -------
    str
    """
    lang = sweep.lang
    first = sweep.decisions[0]
    g = first._goal(goal or first.goals[0].code)
    title, value = _sweep_names(sweep)
    options = sweep.option_labels()
    headers = [title] + options + [w("decision_best_col", lang, goal=g.label().render(lang))]
    rows = []
    for v, d in zip(sweep.values, sweep.decisions):
        best = "=" if d.tied(g.code) else ", ".join(d.best_labels(g.code))
        here = {o.label().render(lang): o for o in d.options}  # an option the rules close at this value: "—"
        rows.append([value(v)] + [_value(g, here[k].values[g.code], lang) if k in here else "—" for k in options]
                    + [best])
    body = tabulate(rows, headers=headers, tablefmt=TABLEFMT.get(fmt, "simple"), disable_numparse=True)
    lines = [first.title, "", body, ""] if first.title else [body, ""]
    switches = sweep.switches(g.code)
    for a, b, before, after in switches:
        lines.append(w("decision_switch", lang, goal=g.label().render(lang), field=title.lower(), a=value(a), b=value(b),
                       before=", ".join(before), after=", ".join(after)))
    if not switches:
        lines.append(w("decision_no_switch", lang, goal=g.label().render(lang), field=title.lower(),
                       best=", ".join(first.best_labels(g.code))))
    return "\n".join(lines) + "\n"


def decision_sweep_chart(sweep, path=None, goal: str | None = None, title: str | None = None, size: str = "print"):
    """One line per option along the swept field, the best option's points filled, the switch points marked.

    Parameters
    ----------
    sweep : fleeodds.decisions.DecisionSweep
    path : str or Path, optional
        ``.png`` or ``.svg`` file to write.
    goal : str, optional
        A goal code (default: the first).
    title : str, optional
    size : {"print", "screen"}

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    InputError
        An unknown goal, a path that does not end in .png or .svg, or an unknown size.
    """
    import numpy as np

    from .charts import DARK, LINESTYLES, MARKERS, OKABE_ITO, _check_path, _finish, _legend, _percent_axis, _start

    path = _check_path(path)
    lang = sweep.lang
    first = sweep.decisions[0]
    g = first._goal(goal or first.goals[0].code)
    name, value = _sweep_names(sweep)
    numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in sweep.values)
    x = np.array(sweep.values, float) if numeric else np.arange(len(sweep.values))
    ctx, fig, ax, page = _start(size, None, grid="y")
    for k, label in enumerate(sweep.option_labels()):
        at = [next((o for o in d.options if o.label().render(lang) == label), None) for d in sweep.decisions]
        ys = np.array([float(o.values[g.code]) if o is not None else np.nan for o in at])  # a gap where closed
        colour = OKABE_ITO[k % len(OKABE_ITO)]
        ax.plot(x, ys, color=colour, ls=LINESTYLES[k % len(LINESTYLES)], lw=1.8, label=label)
        best = [i for i, d in enumerate(sweep.decisions)
                if at[i] is not None and not d.tied(g.code) and any(b is at[i] for b in d.best(g.code))]
        ax.scatter(x[best], ys[best], marker=MARKERS[k % len(MARKERS)], color=colour, s=36, zorder=3)
    for a, b, _, _ in sweep.switches(g.code):
        xa = (float(a) + float(b)) / 2 if numeric else (sweep.values.index(a) + sweep.values.index(b)) / 2
        ax.axvline(xa, color=DARK, ls=":", lw=1.2)
        ax.annotate(w("decision_switch_mark", lang), (xa, 1), xycoords=("data", "axes fraction"),
                    xytext=(3, -12), textcoords="offset points", fontsize=9, color=DARK)
    if not numeric:
        ax.set_xticks(x, [value(v) for v in sweep.values])
    if g.metric is None:
        ax.set_ylim(0, 1.02)
        _percent_axis(ax, lang, axis="y")
    ax.set_xlabel(name)
    ax.set_ylabel(g.label().render(lang))
    sub = w("decision_by_field", lang, goal=g.label().render(lang), field=name.lower())
    page.titles(title or first.title, sub[:1].upper() + sub[1:])
    _legend(page, None)
    page.footnote([w("decision_exact_note", lang) if first.method == "exact" else
                   w("trials_seed", lang, trials=integer(first.manifest.get("trials", 0), lang),
                     seed=first.manifest.get("seed", 0))])
    return _finish(ctx, page, path, size)
