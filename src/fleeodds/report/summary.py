"""The answer in plain words: one sentence per result, built from its title and outcome labels.

Nothing here names a game: the sentence is the scenario's title, then each outcome
that can happen with its probability rounded to a whole percent ("held 8 %,
caught and destroyed in the pursuit 51 %"), in the outcome labels' language and
number format (French: "51 %", decimal comma, a space before the colon).
"""

from __future__ import annotations

from ..language import Message, N_, pmessage
from .format import colon, pct, rounded, short_label  # noqa: F401  (re-exported: their old home)


def items_text(items, lang: str) -> str:
    """``"held 8 %, caught 51 %"`` from ``(code, label, probability, exact)`` items."""
    return ", ".join(f"{short_label(label)} {rounded(p, lang)}" for _, label, p, _ in items)


def _head(title: str, lang: str) -> str:
    title = title.strip().rstrip(".;:")
    if not title:
        return pmessage("summary head", "Outcomes").render(lang)
    return title


def outcome_sentence(table) -> str:
    """The one-sentence summary of an :class:`~fleeodds.results.OutcomeTable` (in ``table.lang``)."""
    lang = table.lang
    own = (table.manifest.get("sentences") or {}).get(lang)
    if own:  # the scenario's own short sentences (Scenario.summary_sentences), after the title
        title = _head(str(table.manifest.get("title", "")), lang)
        return f"{title}{'' if title.endswith(('?', '.', '!')) else '.'} {' '.join(own)}"
    items = table.summary_items()
    body = items_text(items, lang)
    approx = "" if all(e for *_, e in items) else Message(N_(" (about)")).render(lang)
    title = _head(str(table.manifest.get("title", "")), lang)
    if title.endswith("?"):
        return f"{title} {body[:1].upper()}{body[1:]}{approx}."
    return f"{title}{colon(lang)}{body}{approx}."


def comparison_lines(comp) -> list[str]:
    """One sentence per setup of a :class:`~fleeodds.results.Comparison`: ``"setup: held 8 %, …."``."""
    lang = comp.lang
    out = []
    tables = list(comp.tables) + [None] * len(comp.setups)
    for s, t in zip(comp.setups, tables):
        sentences = ((t.manifest.get("sentences") or {}).get(lang) if t is not None else None)
        if sentences:  # the setup's own short sentences (Scenario.summary_sentences)
            out.append(f"{s}{colon(lang)}{' '.join(sentences)}")
            continue
        own = {o.code: o.label().render(lang) for o in t.outcomes} if t is not None else {}  # the setup's own words
        items = [(r["outcome"], own.get(r["outcome"], r["label"]), float(r["probability"]), bool(r["exact"]))
                 for r in comp.rows if r["setup"] == s and r["probability"] > 0]
        out.append(f"{s}{colon(lang)}{items_text(items, lang)}.")
    return out


def summary_block(table, fmt: str = "table") -> str:
    """The summary sentence and the scenario's notes, as the first lines of a text output."""
    lines = [table.summary_sentence(), *table.notes()]
    if fmt == "md":
        return "\n\n".join(f"**{lines[0]}**" if i == 0 else line for i, line in enumerate(lines)) + "\n\n"
    return "\n".join(lines) + "\n\n"


def comparison_block(comp, fmt: str = "table") -> str:
    """The per-setup sentences (and the first setup's notes) before a comparison's tables."""
    lines = comp.summary_lines()
    per = [(s, t.notes()) for s, t in zip(comp.setups, comp.tables)]  # each in the comparison's language
    distinct = {tuple(n) for _, n in per if n}
    if len(distinct) <= 1:
        notes = list(next(iter(distinct), ()))
    else:  # each setup's own notes, named
        notes = [f"{s}{colon(comp.lang)}{n}" for s, ns in per for n in ns]
    if fmt == "md":
        return "\n".join(f"- {line}" for line in lines) + "\n\n" + "".join(f"{n}\n\n" for n in notes)
    return "\n".join(lines + notes) + "\n\n"
