"""fleeodds: odds of flee, pursuit and free-attack exchanges in tabletop games.

Public API::

    load_scenario(path_or_dict) -> Scenario
    evaluate(scenario, method="both", trials=..., precision=..., seed=..., lang=...) -> OutcomeTable
    list_examples(), example_path(name)

See the README for the command-line tool.
"""

__version__ = "0.1.0"

from .api import evaluate, example_path, list_examples, load_scenario  # noqa: E402
from .errors import FleeoddsError, InputError  # noqa: E402
from .results import OutcomeTable  # noqa: E402

__all__ = ["evaluate", "load_scenario", "list_examples", "example_path", "OutcomeTable",
           "FleeoddsError", "InputError", "__version__"]
