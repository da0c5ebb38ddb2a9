"""fleeodds: odds of flee, pursuit and free-attack exchanges in tabletop games.

Public API::

    load_scenario(path_or_dict) -> Scenario
    evaluate(scenario, method="both", trials=..., precision=..., seed=...) -> OutcomeTable
    decide(scenario, method="both", ...) -> Decision   (the best choice of a [decide] table)
    list_examples(), example_path(name)
    use_lang(lang), get_lang()   (the reader's language: labels, notes and errors)

The language is chosen once, around the calls, not passed to them::

    with fleeodds.use_lang("fr"):
        table = fleeodds.evaluate(scenario)     # labels in French; table.lang == "fr"

See the README for the command-line tool.
"""

__version__ = "0.1.0"

from .errors import FleeoddsError, InputError  # noqa: E402

#: Imported on first use (PEP 562), so that `fleeodds --help` starts without numpy or pandas.
_LAZY = {"evaluate": "evaluation", "example_path": "loading", "list_examples": "loading", "load_scenario": "loading",
         "OutcomeTable": "results", "decide": "decisions", "api": None, "results": None,
         "use_lang": "language", "get_lang": "language"}


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module 'fleeodds' has no attribute {name!r}")
    import importlib

    module = importlib.import_module(f".{_LAZY[name] or name}", __name__)
    value = module if _LAZY[name] is None else getattr(module, name)
    globals()[name] = value
    return value

__all__ = ["evaluate", "decide", "load_scenario", "list_examples", "example_path", "OutcomeTable",
           "FleeoddsError", "InputError", "use_lang", "get_lang", "__version__"]
