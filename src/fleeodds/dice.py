"""Dice notation: parsing, exact probability mass functions, and sampling in kernels.

Grammar (case-insensitive, spaces ignored)::

    expr  := ["-"] term (("+" | "-") term)*
    term  := INT | dice | "max(" dice ")" | "min(" dice ")" | "max" dice
    dice  := [N] "d" S [keep]
    keep  := ("kh" | "kl") K | ("dh" | "dl") [K]

Examples: ``2d6``, ``3d6``, ``1d12+4``, ``3d6kh2`` (keep the two highest),
``3d6kl2`` (keep the two lowest), ``3D6dl`` (drop the lowest: same as ``3d6kh2``),
``max(2d6)`` and ``max2D6`` (the higher of two dice: ``2d6kh1``), ``max2D6+D6``.
These cover every roll of the Warhammer rules digest (§2), D&D damage and
Hell Dorado dice.

The exact PMF (:func:`pmf`) is computed by convolution of uniform dice, or by
enumerating the equally likely rolls when dice are kept or dropped. Monte Carlo
kernels sample with :func:`roll` from an encoded spec (:meth:`DiceExpr.encode`)
that lists every equally likely raw roll of a few dice at a time, built by
plain enumeration of faces, a different path from the convolutions of the
exact PMF (and checked against it by a chi-square test).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

from .errors import InputError, grouped
from .language import Message, N_

ALLOWED = Message(N_("dice notation such as 2d6, 3d6, 1d12+4, 3d6kh2, 3d6kl2, max(2d6), max2D6+D6"))
MAX_DICE_PER_TERM = 64
MAX_SIDES = 1000
MAX_TERMS = 8
#: Largest constant in an expression, and largest spread of totals (keeps exact PMFs quick to compute).
MAX_CONSTANT = 1_000_000
MAX_SPREAD = 10_000
#: Keep modes in an encoded spec.
KEEP_ALL, KEEP_HIGH, KEEP_LOW = 0, 1, 2
_MAX_ENUMERATION = 2_000_000
#: Largest number of raw rolls in one chunk of a plain sum (four d6 = 1296, two d20 = 400).
MAX_CHUNK = 1296
#: Largest number of raw rolls of a kept term (5d6kh3 = 7776).
MAX_TABLE = 7776

_DICE_RE = re.compile(r"(\d*)d(\d+)(?:(kh|kl|dh|dl)(\d*))?", re.ASCII)
_TOKEN_RE = re.compile(r"([+-])?\s*(max\(|min\(|max|min)?\s*(\d*d\d+(?:(?:kh|kl|dh|dl)\d*)?|\d+)\s*(\))?\s*",
                       re.ASCII)


@dataclass(frozen=True)
class DiceTerm:
    """``count`` dice with ``sides`` faces, keeping ``keep_n`` of them (high or low), times ``sign``."""

    count: int
    sides: int
    keep: int = KEEP_ALL
    keep_n: int = 0
    sign: int = 1

    @property
    def kept(self) -> int:
        return self.count if self.keep == KEEP_ALL else self.keep_n

    def __str__(self) -> str:
        suffix = {KEEP_ALL: "", KEEP_HIGH: f"kh{self.keep_n}", KEEP_LOW: f"kl{self.keep_n}"}[self.keep]
        return f"{self.count}d{self.sides}{suffix}"


@dataclass(frozen=True)
class DiceExpr:
    """A parsed dice expression: a sum of dice terms plus a constant.

    Use :func:`parse` to build one. ``min_value``/``max_value`` are the bounds
    of the total.
    """

    terms: tuple[DiceTerm, ...]
    constant: int = 0
    text: str = ""

    def __str__(self) -> str:
        parts = []
        for t in self.terms:
            parts.append(("-" if t.sign < 0 else "+") + str(t))
        if self.constant:
            parts.append(f"{self.constant:+d}")
        s = "".join(parts).lstrip("+")
        return s or "0"

    @property
    def min_value(self) -> int:
        lo = self.constant
        for t in self.terms:
            lo += t.kept * (1 if t.sign > 0 else -t.sides)
        return lo

    @property
    def max_value(self) -> int:
        hi = self.constant
        for t in self.terms:
            hi += t.kept * (t.sides if t.sign > 0 else -1)
        return hi

    def encode(self) -> np.ndarray:
        """Encode for :func:`roll`: an int64 array of shape ``(rows, 2)``.

        Row 0 is ``[n_chunks, constant]``. Each *chunk* is a header row
        ``[n_raw, sign]`` followed by ``n_raw`` rows ``[total, highest die]``,
        one per equally likely raw roll of the chunk's dice, in lexicographic
        order of the faces. A plain sum is split into chunks of a few dice
        (four d6, two d20); a kept term (``3d6kh2``) is one chunk. A kernel
        rolls a chunk with one uniform draw in ``[0, n_raw)``: one hash per
        chunk, exactly uniform over the raw rolls.

        Raises
        ------
        InputError
            If a kept term has more than ``MAX_TABLE`` raw rolls (e.g. ``10d6kh3``).
        """
        blocks = [np.array([[0, self.constant]], dtype=np.int64)]
        n_chunks = 0
        for t in self.terms:
            if t.keep == KEEP_ALL:
                per = 1
                while per < t.count and t.sides ** (per + 1) <= MAX_CHUNK:
                    per += 1
                sizes = [per] * (t.count // per) + ([t.count % per] if t.count % per else [])
                chunks = [DiceTerm(k, t.sides) for k in sizes]
            else:
                if t.sides**t.count > MAX_TABLE:
                    raise InputError("dice", str(self), Message(N_("kept dice with at most {limit} possible rolls (e.g. 5d6kh3); {dice} has {n}"),
                                                             limit=grouped(MAX_TABLE), dice=str(t),
                                                             n=grouped(t.sides ** t.count)))
                chunks = [t]
            for c in chunks:
                rows = []
                for faces in itertools.product(range(1, c.sides + 1), repeat=c.count):
                    kept = faces if c.keep == KEEP_ALL else sorted(faces, reverse=c.keep == KEEP_HIGH)[: c.keep_n]
                    rows.append((sum(kept), max(faces)))
                blocks.append(np.array([[len(rows), t.sign]] + rows, dtype=np.int64))
                n_chunks += 1
        blocks[0][0, 0] = n_chunks
        return np.vstack(blocks)

    def pmf(self) -> dict[int, Fraction]:
        """Exact PMF of the total, see :func:`pmf`."""
        return _pmf_cached(self)


#: Longest dice notation accepted (characters) and largest number in it.
MAX_NOTATION_CHARS = 200
MAX_NUMBER_DIGITS = 9
MAX_NUMBER = 10**MAX_NUMBER_DIGITS - 1


def parse(text: str, field: str = "dice") -> DiceExpr:
    """Parse dice notation.

    Parameters
    ----------
    text : str
        The notation, e.g. ``"2d6"``, ``"1d12+4"``, ``"3d6kh2"``, ``"max(2d6)"``.
        A plain integer (``"3"``) is a constant roll.
    field : str
        Name of the field the text came from, used in error messages.

    Returns
    -------
    DiceExpr

    Raises
    ------
    InputError
        If the text is not valid notation, has more than 64 dice in a term,
        dice with fewer than 1 or more than 1000 sides, or keeps more dice than
        it rolls.
    """
    if isinstance(text, DiceExpr):
        return text
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise InputError(field, text, ALLOWED)
    if isinstance(text, int) and not -MAX_NUMBER <= text <= MAX_NUMBER:
        raise InputError(field, text, Message(N_("{allowed}, with numbers of at most {digits} digits (constants from -1,000,000 to 1,000,000)"), allowed=ALLOWED, digits=MAX_NUMBER_DIGITS))
    raw = str(text)
    if len(raw) > MAX_NOTATION_CHARS:
        raise InputError(field, raw, Message(N_("{allowed}, at most {chars} characters"), allowed=ALLOWED, chars=MAX_NOTATION_CHARS))
    if re.search(rf"\d{{{MAX_NUMBER_DIGITS + 1},}}", raw):  # before int(): Python refuses 4300+ digits
        raise InputError(field, raw, Message(N_("{allowed}, with numbers of at most {digits} digits (constants from -1,000,000 to 1,000,000)"), allowed=ALLOWED, digits=MAX_NUMBER_DIGITS))
    s = raw.strip().lower()
    if re.search(r"[0-9a-z)]\s+[0-9a-z(]", s):  # "2d6 3" is not "2d63"
        raise InputError(field, raw, Message(N_("{allowed} (terms are joined by + or -)"), allowed=ALLOWED))
    s = re.sub(r"\s+", "", s)
    if not s:
        raise InputError(field, raw, ALLOWED)
    pos = 0
    terms: list[DiceTerm] = []
    constant = 0
    first = True
    while pos < len(s):
        m = _TOKEN_RE.match(s, pos)
        if not m or m.end() == pos:
            raise InputError(field, raw, ALLOWED)
        sign_s, func, body, close = m.groups()
        if sign_s is None and not first:
            raise InputError(field, raw, ALLOWED)
        sign = -1 if sign_s == "-" else 1
        if func and func.endswith("(") and not close:
            raise InputError(field, raw, Message(N_("{allowed} (unbalanced parenthesis)"), allowed=ALLOWED))
        if close and not (func and func.endswith("(")):
            raise InputError(field, raw, Message(N_("{allowed} (unbalanced parenthesis)"), allowed=ALLOWED))
        pos = m.end()
        first = False
        if "d" not in body:
            if func:
                raise InputError(field, raw, ALLOWED)
            if int(body) > MAX_CONSTANT:
                raise InputError(field, raw, Message(N_("constants from -{max} to {max}"), max=grouped(MAX_CONSTANT)))
            constant += sign * int(body)
            continue
        dm = _DICE_RE.fullmatch(body)
        if not dm:
            raise InputError(field, raw, ALLOWED)
        count = int(dm.group(1)) if dm.group(1) else 1
        sides = int(dm.group(2))
        mode, k = dm.group(3), dm.group(4)
        if not 1 <= count <= MAX_DICE_PER_TERM:
            raise InputError(field, raw, Message(N_("1 to {max} dice per term"), max=MAX_DICE_PER_TERM))
        if not 1 <= sides <= MAX_SIDES:
            raise InputError(field, raw, Message(N_("dice with 1 to {max} sides"), max=MAX_SIDES))
        keep, keep_n = KEEP_ALL, 0
        if mode:
            if func:
                raise InputError(field, raw, Message(N_("{allowed} (max()/min() cannot be combined with kh/kl/dh/dl)"), allowed=ALLOWED))
            if not k and mode in ("kh", "kl"):
                raise InputError(field, raw, Message(N_("{allowed} (kh and kl need a number, e.g. 3d6kh2)"), allowed=ALLOWED))
            n = int(k) if k else 1
            if mode in ("kh", "kl"):
                keep, keep_n = (KEEP_HIGH if mode == "kh" else KEEP_LOW), n
            else:  # drop n lowest = keep count-n highest; dropping none or all is no roll
                if count < 2:
                    raise InputError(field, raw, Message(N_("dropping dice (dl, dh) from 2 or more dice, e.g. {two} or {three}"), two=f"2d{sides}{mode}", three=f"3d{sides}{mode}"))
                if not 1 <= n < count:
                    raise InputError(field, raw, Message(N_("dropping between 1 and {max} of {dice}"), max=count - 1, dice=f"{count}d{sides}"))
                keep, keep_n = (KEEP_HIGH if mode == "dl" else KEEP_LOW), count - n
            if not 1 <= keep_n <= count:
                raise InputError(field, raw, Message(N_("keeping between 1 and {max} of {dice}"), max=count, dice=f"{count}d{sides}"))
            if keep_n == count:
                keep, keep_n = KEEP_ALL, 0
        elif func:
            keep, keep_n = (KEEP_HIGH if func.startswith("max") else KEEP_LOW), 1
            if count == 1:
                keep, keep_n = KEEP_ALL, 0
        if keep != KEEP_ALL and sides**count > MAX_TABLE:
            raise InputError(field, raw, Message(N_("kept dice with at most {limit} possible rolls (e.g. 5d6kh3)"), limit=grouped(MAX_TABLE)))
        terms.append(DiceTerm(count, sides, keep, keep_n, sign))
    if len(terms) > MAX_TERMS:
        raise InputError(field, raw, Message(N_("at most {max} dice terms"), max=MAX_TERMS))
    if abs(constant) > MAX_CONSTANT:
        raise InputError(field, raw, Message(N_("constants from -{max} to {max}"), max=grouped(MAX_CONSTANT)))
    expr = DiceExpr(tuple(terms), constant, raw)
    if expr.max_value - expr.min_value > MAX_SPREAD:
        raise InputError(field, raw, Message(N_("dice whose total spans at most {limit} values (e.g. 64d100); {dice} spans {n}"),
                                             limit=grouped(MAX_SPREAD), dice=str(expr),
                                             n=grouped(expr.max_value - expr.min_value + 1)))
    return expr


def _uniform_sum_pmf(count: int, sides: int) -> dict[int, Fraction]:
    """PMF of the sum of ``count`` dice with ``sides`` faces.

    Counts the ways to make each total exactly (Python integers), one die at a
    time with a running window sum, so 64d100 takes milliseconds.
    """
    ways = [1]  # ways[t] = number of rolls of the dice so far totalling t (offset by the dice count)
    for _ in range(count):
        nxt = [0] * (len(ways) + sides - 1)
        window = 0
        for t in range(len(nxt)):
            if t < len(ways):
                window += ways[t]
            if t - sides >= 0:
                window -= ways[t - sides]
            nxt[t] = window
        ways = nxt
    total = sides**count
    return {count + t: Fraction(w, total) for t, w in enumerate(ways) if w}


def _kept_pmf(term: DiceTerm) -> dict[int, Fraction]:
    """PMF of a keep-highest/lowest term by enumerating every equally likely roll."""
    n_rolls = term.sides ** term.count
    if n_rolls > _MAX_ENUMERATION:
        raise InputError("dice", str(term), Message(N_("kept dice with at most {limit} possible rolls"), limit=grouped(_MAX_ENUMERATION)))
    counts: dict[int, int] = {}
    for roll in itertools.product(range(1, term.sides + 1), repeat=term.count):
        ordered = sorted(roll, reverse=term.keep == KEEP_HIGH)
        total = sum(ordered[: term.keep_n])
        counts[total] = counts.get(total, 0) + 1
    return {v: Fraction(c, n_rolls) for v, c in counts.items()}


def convolve(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    """PMF of the sum of two independent integer variables given as ``{value: probability}``."""
    out: dict[int, Fraction] = {}
    for va, pa in a.items():
        for vb, pb in b.items():
            out[va + vb] = out.get(va + vb, 0) + pa * pb
    return out


@lru_cache(maxsize=256)
def _pmf_cached(expr: DiceExpr) -> dict[int, Fraction]:
    dist: dict[int, Fraction] = {expr.constant: Fraction(1)}
    for t in expr.terms:
        part = _uniform_sum_pmf(t.count, t.sides) if t.keep == KEEP_ALL else _kept_pmf(t)
        if t.sign < 0:
            part = {-v: p for v, p in part.items()}
        dist = convolve(dist, part)
    return dict(sorted(dist.items()))


def pmf(notation: str | DiceExpr) -> dict[int, Fraction]:
    """Exact probability mass function of a dice expression.

    Parameters
    ----------
    notation : str or DiceExpr

    Returns
    -------
    dict[int, fractions.Fraction]
        ``{total: probability}``, sorted by total; probabilities sum to exactly 1.

    Raises
    ------
    InputError
        On malformed notation (see :func:`parse`).
    """
    return parse(notation).pmf()


def stack_specs(specs: list[np.ndarray]) -> np.ndarray:
    """Stack encoded expressions into one int64 array ``(n_specs, max_rows, 2)`` for :func:`fleeodds.kernel_tools.roll_stacked_lanes`.

    Rows past an expression's own length are zero padding.
    """
    out = np.zeros((len(specs), max(s.shape[0] for s in specs), 2), dtype=np.int64)
    for i, s in enumerate(specs):
        out[i, : s.shape[0]] = s
    return out
