"""Attraction resolved on fixed positions along straight lines: who is pulled, intercepted or unaffected.

Deterministic (no dice): it resolves the plan of an Attraction scenario and where a Fuite's
flee move is pulled back; :mod:`.paths` does the same with detours round terrain and allies.

References
----------
Rules digest §6; Attraction x (errata August 2007), Attraction D (original).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .attack import Attack


@dataclass(frozen=True)
class AttractionPlan:
    """An Attraction scenario resolved: frozen and hashable (equal plans, same outcomes, metric and exact
    distribution, and the same Monte Carlo kernel inputs).

    Attributes
    ----------
    side : tuple of (x, y, r, x_range, engaged)
        Side A (the attractors, then the others): centre and base radius in toises, the x of
        Attraction x (-1.0 without it) and whether it starts engaged (as written).
    adversaries : tuple of (x, y, r, reach, lemure, engaged, zone)
        Side B: centre (``None`` when drawn in a zone), base radius and Charge or Assaut reach in
        toises, Lémure, engaged as written, and the zone ``(kind, a, b, c, d)`` or ``None``.
    terrain : tuple of tuple of (x, y)
        Impassable terrain polygons (toises).
    order_mode : int
        Activation order: 0 listed, 1 random, 2 independent (each as if first).
    multi : int
        ``multiple_attractors``: 0 first listed, 1 nearest, 2 player's choice.
    centre, lemure_immune, then_pass, detours : bool
        Distances centre to centre; lémures immune (Attraction x); a pass follows; some shortest
        path leaves the straight line (:mod:`.paths`).
    focus : int
        Index of the adversary whose fate is reported.
    pref : tuple of int
        Rank of each side-A fighter as the focus adversary's choice (``player_choice``).
    attacks : tuple of (int, Attack, Attack)
        With ``then_pass``: per holder ``h``, the focus adversary hitting it and it hitting back.
    mover_first : bool
        The focus adversary strikes first (Frappe rapide).
    attr_first : tuple of bool
        Each side-A fighter strikes first (Frappe rapide).
    """

    side: tuple[tuple[float, float, float, float, bool], ...]
    adversaries: tuple[tuple, ...]
    terrain: tuple[tuple[tuple[float, float], ...], ...]
    order_mode: int
    multi: int
    centre: bool
    lemure_immune: bool
    then_pass: bool
    detours: bool
    focus: int
    pref: tuple[int, ...]
    attacks: tuple[tuple[int, Attack, Attack], ...]
    mover_first: bool
    attr_first: tuple[bool, ...]


def better_holder(multi: int, rank, gap: float, best) -> bool:
    """Whether a holder beats the best one found so far under ``multiple_attractors``.

    Parameters
    ----------
    multi : int
        0 the first listed, 1 the nearest, 2 the player's choice (lowest rank, then nearest).
    rank : int
        The holder's rank as the player's choice (0 best).
    gap : float
        Base edge to base edge distance to the holder (toises).
    best : tuple
        ``(h, gap, ..., rank)`` of the best holder so far.

    Returns
    -------
    bool

    References
    ----------
    Attraction x (errata August 2007): "pourra choisir vers quel combattant disposant d'Attraction il
    se dirige"; Attraction D: "devra en choisir un … et ignorer les autres".
    """
    if multi == 2:
        return rank < best[-1] or (rank == best[-1] and gap < best[1] - 1e-12)
    return multi == 1 and gap < best[1] - 1e-12


def attraction_geometry(attractors, others, adversaries, order, multi_nearest: int, centre_measure: bool,
                        lemure_immune: bool, independent: bool = False, pref=None, focus: int = -1,
                        holders=None):
    """Deterministic Attraction resolution on fixed positions (pure Python, float geometry).

    Parameters
    ----------
    attractors : list of dict
        ``x, y, r`` (toises), ``x_range`` (Attraction x; < 0 for none), ``engaged`` (bool).
    others : list of dict
        Further fighters of the attractor's side (same keys, ``x_range`` < 0).
    adversaries : list of dict
        ``x, y, r, reach`` (charge distance, toises), ``lemure``, ``engaged``.
    order : list of int
        Activation order of the adversaries.
    multi_nearest : int
        Inside several zones: 0 the first listed holder, 1 the nearest, 2 the fighter's player
        chooses: a holder it cannot reach when there is one (so it is unaffected), else the
        lowest ``pref[h]`` for adversary ``focus`` (0 for the others), then the nearest.

    centre_measure : bool
        Measure the x toises centre to centre (else base edge to base edge).
    lemure_immune : bool
        Lémures are not affected (Attraction x, errata August 2007).
    independent : bool
        Each adversary activates as if first (the engagements of the others are undone).
    pref : list of int, optional
        Rank of each holder as the ``focus`` adversary's choice (``multi_nearest == 2``).
    focus : int
        Index of the adversary whose choice follows ``pref``.
    holders : list, optional
        When given, filled with the holder each adversary set out for (index in attractors+others,
        -1 when unaffected): the target of status 0, the holder behind the interception of status 1.

    Returns
    -------
    status : list of (int, int)
        Per adversary ``(status, target)``: status 0 pulled into contact with attractor
        ``target``, 1 intercepted by side-A piece ``target`` (index in attractors+others), 2 unaffected.

    References
    ----------
    Rules digest §6; Attraction x (errata August 2007) and Attraction D: the affected fighter makes an
    Assaut or a Charge by the shortest path (here the straight line, centre to centre) and stops on the
    first base of the attractor's side it touches.
    """
    side_a = [dict(p) for p in attractors] + [dict(p) for p in others]
    status = [(2, -1)] * len(adversaries)
    if holders is not None:
        holders[:] = [-1] * len(adversaries)
    start_engaged = [a["engaged"] for a in side_a]
    for i in order:
        if independent:
            for a, e in zip(side_a, start_engaged):
                a["engaged"] = e
        b = adversaries[i]
        if b["engaged"] or (lemure_immune and b["lemure"]):
            continue
        best = None
        escape = False
        for h in range(len(side_a)):
            a = side_a[h]
            if a["x_range"] < 0 or a["engaged"]:
                continue
            d = math.hypot(a["x"] - b["x"], a["y"] - b["y"])
            gap = d - a["r"] - b["r"]
            if (d if centre_measure else gap) > a["x_range"] + 1e-9:
                continue
            if gap > b["reach"] + 1e-9:
                escape = True
                continue  # cannot reach: unaffected by this holder
            rank = pref[h] if (pref is not None and i == focus) else 0
            if best is None or better_holder(multi_nearest, rank, gap, best):
                best = (h, gap, d, rank)
        if best is None or (multi_nearest == 2 and escape):
            continue
        h, gap, d, _rank = best
        if holders is not None:
            holders[i] = h
        ux, uy = (side_a[h]["x"] - b["x"]) / d, (side_a[h]["y"] - b["y"]) / d
        first = None
        for c, a in enumerate(side_a):
            if c == h:
                continue
            wx, wy = a["x"] - b["x"], a["y"] - b["y"]
            proj = wx * ux + wy * uy
            perp2 = wx * wx + wy * wy - proj * proj
            rr = a["r"] + b["r"]
            if perp2 > rr * rr:
                continue
            t = proj - math.sqrt(max(rr * rr - perp2, 0.0))
            if t < -1e-9 or t >= gap - 1e-9:
                continue
            if first is None or t < first[1]:
                first = (c, t)
        if first is None:
            status[i] = (0, h)
            side_a[h]["engaged"] = True
        else:
            status[i] = (1, first[0])
            side_a[first[0]]["engaged"] = True
    return status
