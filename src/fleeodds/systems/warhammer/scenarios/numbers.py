"""A whole number inside a message, written with the reader's digit grouping when it is shown.

``exact_refusal`` says how large a solve would be (``about 2,550,086,000 steps``): the message is kept and
rendered later (an error, a note in a manifest), in the reader's language, so the number is grouped then
(``2,550,086,000`` in English, ``2 550 086 000`` in French, as :func:`fleeodds.i18n.integer` writes it).
"""

from __future__ import annotations

from ....language import Message, lang_or_current


class GroupedInt(Message):
    """``n`` as a message parameter: English text ``40,401``; rendered with the reader's grouping.

    >>> str(GroupedInt(40401))
    '40,401'
    """

    def __new__(cls, n: int):
        return super().__new__(cls, "{n:,}", n=int(n))

    def render(self, lang: str | None = None) -> str:
        """``n`` grouped as ``lang`` writes it (default: the reader's language); English text for a language
        without number formatting."""
        from ....i18n import integer

        try:
            return integer(self.params["n"], lang_or_current(lang))
        except Exception:  # noqa: BLE001 - a language without a number format (a pseudo-language): as English
            return str(self)

    def __reduce__(self):
        return GroupedInt, (self.params["n"],)
