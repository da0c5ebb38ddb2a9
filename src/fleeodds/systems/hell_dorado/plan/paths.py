"""Shortest paths on a Hell Dorado table: around impassable terrain and the mover's allies.

The Attraction texts (Attraction x, errata August 2007; Attraction D, original) say the
shortest path is in general the straight line from base centre to base centre, and may
deviate only to go round impassable terrain and allied fighters as closely as possible. A
base is a disc, terrain a polygon. The mover's centre must stay at least its base radius from
terrain and at least the sum of the radii from an ally's centre, so those obstacles are
inflated by the mover's radius (a Minkowski sum, :meth:`shapely.Polygon.buffer`) and the
shortest path of the centre is found on the visibility graph of the inflated obstacles'
vertices (Dijkstra). The curved parts of the inflated shapes are drawn as polygons whose
vertices lie on the true arcs, so a path around them is exact up to the chord of one
segment (``QUAD_SEGS`` segments per quarter circle).

Units: toises. Uses shapely (GEOS); pure geometry, no randomness.
"""

from __future__ import annotations

import heapq
import math
from functools import lru_cache

import numpy as np
import shapely

from shapely.geometry import LineString, Point, Polygon
from shapely.ops import unary_union

from .attraction import better_holder

#: Segments per quarter circle of the inflated shapes (chord error r * (1 - cos(pi / 4 / QUAD_SEGS))).
QUAD_SEGS = 32
_EPS = 1e-7
#: Toises: a gap between bases narrower than this (0.25 mm) lets no base through (:func:`has_room`).
ROOM_TOLERANCE = 0.01


def obstacles(terrain: list[list[tuple[float, float]]], allies: list[tuple[float, float, float]],
              mover_r: float):
    """The region the mover's centre may not enter: terrain polygons and ally bases inflated by
    ``mover_r`` (a Minkowski sum).

    Parameters
    ----------
    terrain : list of list of (x, y)
        Impassable terrain polygons (toises).
    allies : list of (x, y, r)
        The mover's allied fighters: base centre and radius (toises).
    mover_r : float
        The mover's base radius (toises).

    Returns
    -------
    shapely geometry or None
        The union of the inflated shapes (curves drawn with :data:`QUAD_SEGS` segments a quarter
        circle), or ``None`` when there is nothing.

    References
    ----------
    Attraction x (errata August 2007) and Attraction D: "le chemin le plus court … il n'est possible de
    dévier de cette trajectoire que pour contourner au plus près les terrains impraticables et les
    personnages alliés".
    """
    shapes = [Polygon(p).buffer(mover_r, quad_segs=QUAD_SEGS) for p in terrain]
    shapes += [Point(x, y).buffer(r + mover_r, quad_segs=QUAD_SEGS) for x, y, r in allies]
    return unary_union(shapes) if shapes else None


def _vertices(region) -> list[tuple[float, float]]:
    if region is None:
        return []
    polys = getattr(region, "geoms", [region])
    out = []
    for p in polys:
        # pushed out a hair so that a path through a vertex does not count as entering the shape
        q = p.buffer(_EPS * 10, quad_segs=1, join_style="mitre")
        out += list(q.exterior.coords)[:-1]
    return out


def shortest_to_contact(start: tuple[float, float], target: tuple[float, float], contact: float,
                        region) -> tuple[float, list[tuple[float, float]]] | None:
    """Length and waypoints of the shortest path of the mover's centre from ``start`` until its
    base touches the target's, i.e. until its centre is ``contact`` (sum of the radii) from
    ``target``'s centre, on the visibility graph of ``region``'s corners (Dijkstra).

    Parameters
    ----------
    start : (x, y)
        The mover's centre (toises).
    target : (x, y)
        The target's centre (toises).
    contact : float
        The sum of the two base radii (toises).
    region : shapely geometry or None
        Where the centre may not go (:func:`obstacles`).

    Returns
    -------
    (float, list of (x, y)) or None
        Length in toises, and the polyline from ``start`` to the contact point; ``None`` when no
        path avoids ``region``.

    References
    ----------
    Attraction x (errata August 2007) and Attraction D: "le chemin le plus court … il n'est possible de
    dévier de cette trajectoire que pour contourner au plus près les terrains impraticables et les
    personnages alliés".
    """
    found = _shortest_cached(tuple(map(float, start)), tuple(map(float, target)), float(contact),
                             region.wkb if region is not None else None)
    return None if found is None else (found[0], list(found[1]))


@lru_cache(maxsize=512)
def _shortest_cached(start: tuple[float, float], target: tuple[float, float], contact: float,
                     region_wkb: bytes | None) -> tuple[float, tuple[tuple[float, float], ...]] | None:
    """:func:`shortest_to_contact` on hashable arguments: a scenario is rebuilt many times by the checks of
    inputs that change nothing, each time asking the same path."""
    region = shapely.from_wkb(region_wkb) if region_wkb is not None else None
    inner = region.buffer(-_EPS) if region is not None else None
    if inner is not None and inner.is_empty:
        inner = None
    if inner is not None:
        shapely.prepare(inner)  # the visibility graph asks it thousands of times

    def free(a, b) -> bool:
        if inner is None:
            return True
        if a == b:
            return not inner.contains(Point(a))
        return not LineString([a, b]).intersects(inner)

    def leg(v):
        """The last straight leg from ``v`` toward the target, stopping at contact."""
        dx, dy = v[0] - target[0], v[1] - target[1]
        d = math.hypot(dx, dy)
        if d <= contact + 1e-12:
            return 0.0, v
        e = (target[0] + dx * contact / d, target[1] + dy * contact / d)
        return (d - contact, e) if free(v, e) else None

    nodes = [tuple(start)] + _vertices(region)
    coords = np.array(nodes, dtype=float)  # (n, 2)

    def free_from(i: int, js: np.ndarray) -> np.ndarray:
        """``free(nodes[i], nodes[j])`` for every j of ``js`` at once (one vectorised shapely call)."""
        if inner is None or len(js) == 0:
            return np.ones(len(js), dtype=bool)
        ends = coords[js]
        same = np.all(ends == coords[i], axis=1)
        out = np.empty(len(js), dtype=bool)
        if same.any():
            out[same] = not inner.contains(Point(nodes[i]))
        moving = ~same
        if moving.any():
            segs = np.stack([np.broadcast_to(coords[i], ends[moving].shape), ends[moving]], axis=1)  # (k, 2, 2)
            out[moving] = ~shapely.intersects(inner, shapely.linestrings(segs))  # prepared geometry first
        return out

    dist = {0: 0.0}
    prev: dict[int, int] = {}
    heap = [(0.0, 0)]
    best: tuple[float, int, tuple[float, float]] | None = None
    done = set()
    while heap:
        d, i = heapq.heappop(heap)
        if i in done:
            continue
        done.add(i)
        if best is not None and d >= best[0]:
            break
        last = leg(nodes[i])
        if last is not None and (best is None or d + last[0] < best[0]):
            best = (d + last[0], i, last[1])
        # the same relaxation as one node at a time, with the visibility checks of node i made together
        cand = [(j, d + math.dist(nodes[i], nodes[j])) for j in range(len(nodes)) if j not in done]
        cand = [(j, nd) for j, nd in cand if nd < dist.get(j, math.inf)]
        if not cand:
            continue
        visible = free_from(i, np.array([j for j, _ in cand], dtype=np.intp))
        for (j, nd), ok in zip(cand, visible):
            if ok:
                dist[j] = nd
                prev[j] = i
                heapq.heappush(heap, (nd, j))
    if best is None:
        return None
    length, i, end = best
    way = [end]
    while True:
        way.append(nodes[i])
        if i == 0:
            break
        i = prev[i]
    return length, tuple(way[::-1])


def first_contact(way: list[tuple[float, float]], discs: list[tuple[int, float, float, float]]):
    """The first disc the moving centre touches along the polyline ``way``.

    Parameters
    ----------
    way : list of (x, y)
        The mover's centre path (toises).
    discs : list of (index, x, y, radius)
        Fighters the mover would engage on contact, with radius = their base radius plus the mover's
        (toises).

    Returns
    -------
    (int, float) or None
        ``(index, distance along the path in toises)`` of the earliest contact, or ``None``.

    References
    ----------
    Attraction x (errata August 2007): the move stops when the fighter "entre en contact avec un
    combattant adverse"; Attraction D: when it engages another adversary or is engaged by one.
    """
    if len(way) < 2:
        return None
    line = LineString(way)
    first = None
    for k, x, y, r in discs:
        hit = line.intersection(Point(x, y).buffer(r, quad_segs=QUAD_SEGS))
        if hit.is_empty:
            continue
        pts = [c for g in getattr(hit, "geoms", [hit]) for c in g.coords]
        t = min(line.project(Point(c)) for c in pts)
        if first is None or t < first[1]:
            first = (k, t)
    return first


#: Resolved geometries by their inputs: the checks of a scenario's inputs and its comparison setups
#: ask the same table again with other options, and each shortest path costs milliseconds.
_CACHE: dict[str, tuple] = {}


def attraction_paths(side_a, advs, order, terrain, multi_nearest: int, centre_measure: bool,
                     lemure_immune: bool, independent: bool = False, pref=None, focus: int = -1):
    """Attraction on fixed positions with shortest paths round terrain and the mover's allies,
    computed once per distinct input (the inputs are plain numbers; see :func:`_attraction_paths`).

    Parameters
    ----------
    side_a : list of dict
        ``x, y, r`` (toises), ``x_range`` (Attraction x; < 0 for none), ``engaged``.
    advs : list of dict
        ``x, y, r, reach`` (toises), ``lemure``, ``engaged``.
    order : list of int
        Activation order of the adversaries.
    terrain : list of list of (x, y)
        Impassable terrain polygons (toises).
    multi_nearest : int
        ``multiple_attractors``: 0 first listed, 1 nearest, 2 the player's choice.
    centre_measure : bool
        Measure the x toises centre to centre (else base edge to base edge).
    lemure_immune : bool
        Lémures are not affected (Attraction x, errata August 2007).
    independent : bool
        Each adversary activates as if first.
    pref : list of int, optional
        Rank of each holder as the ``focus`` adversary's choice.
    focus : int
        The adversary whose choice follows ``pref``.

    Returns
    -------
    list of (int, int)
        Per adversary ``(status, side-A index)``: 0 pulled, 1 intercepted, 2 unaffected.

    References
    ----------
    Rules digest §6; Attraction x (errata August 2007) and Attraction D: "le chemin le plus court … il n'est possible de
    dévier de cette trajectoire que pour contourner au plus près les terrains impraticables et les
    personnages alliés".
    """
    key = repr((side_a, advs, list(order), terrain, multi_nearest, centre_measure, lemure_immune, independent,
                pref, focus))
    if key not in _CACHE:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        _CACHE[key] = tuple(_attraction_paths(side_a, advs, order, terrain, multi_nearest, centre_measure,
                                              lemure_immune, independent, pref, focus))
    return list(_CACHE[key])


def _attraction_paths(side_a, advs, order, terrain, multi_nearest: int, centre_measure: bool,
                      lemure_immune: bool, independent: bool = False, pref=None, focus: int = -1):
    """Attraction on fixed positions with shortest paths round terrain and the mover's allies.

    Same inputs and result as :func:`fleeodds.systems.hell_dorado.plan.attraction.attraction_geometry`
    (``side_a``: dicts ``x, y, r, x_range, engaged``; ``advs``: ``x, y, r, reach, lemure,
    engaged``), plus ``terrain`` (polygons, list of (x, y)). Each adversary, in ``order``,
    goes to a holder it can reach by the shortest path of its centre that keeps its base off
    terrain and off its allies' bases (the other adversaries, where they stand at that moment);
    it is unaffected by a holder whose path is longer than its reach or does not exist. On the
    way it stops at the first side-A base it touches and engages it (Attraction x: "entre en
    contact avec un combattant adverse"; Attraction D: it engages another adversary or is
    engaged by one — both by base contact here). A mover that moves ends where it stopped.

    Returns
    -------
    list of (int, int)
        Per adversary ``(status, side-A index)``: 0 pulled, 1 intercepted, 2 unaffected.
    """
    side = [dict(a) for a in side_a]
    pos = [(b["x"], b["y"]) for b in advs]
    status = [(2, -1)] * len(advs)
    start_engaged = [a["engaged"] for a in side]
    for i in order:
        if independent:
            for a, e in zip(side, start_engaged):
                a["engaged"] = e
        b = advs[i]
        if b["engaged"] or (lemure_immune and b["lemure"]):
            continue
        allies = [(pos[j][0], pos[j][1], advs[j]["r"]) for j in range(len(advs)) if j != i]
        region = obstacles(terrain, allies, b["r"])
        best = None
        escape = False
        for h, a in enumerate(side):
            if a["x_range"] < 0 or a["engaged"]:
                continue
            d = math.hypot(a["x"] - pos[i][0], a["y"] - pos[i][1])
            gap = d - a["r"] - b["r"]
            if (d if centre_measure else gap) > a["x_range"] + 1e-9:
                continue
            found = shortest_to_contact(pos[i], (a["x"], a["y"]), a["r"] + b["r"], region)
            if found is None or found[0] > b["reach"] + 1e-9:
                escape = True
                continue  # cannot engage it: unaffected by this holder
            rank = pref[h] if (pref is not None and i == focus) else 0
            if best is None or better_holder(multi_nearest, rank, gap, best):
                best = (h, gap, found, rank)
        if best is None or (multi_nearest == 2 and escape):
            continue
        h, _gap, (length, way), _rank = best
        discs = [(c, a["x"], a["y"], a["r"] + b["r"]) for c, a in enumerate(side) if c != h]
        hit = first_contact(way, discs)
        if hit is not None and hit[1] < length - 1e-9:
            status[i] = (1, hit[0])
            side[hit[0]]["engaged"] = True
            p = LineString(way).interpolate(hit[1])
            pos[i] = (p.x, p.y)
        else:
            status[i] = (0, h)
            side[h]["engaged"] = True
            pos[i] = way[-1]
    return status


def has_room(start: tuple[float, float], radius: float, enemies: list[tuple[float, float, float]],
             distance: float) -> bool:
    """Whether a fleeing base can get out at all (Rules Tips "Fuite", photos 2 and 4).

    The base (centre ``start``, ``radius``) may not end its flee move in contact with an enemy, nor
    pass through one: its centre stays at least the sum of the radii from every enemy centre. It
    has room when some part of the disc of radius ``distance`` round ``start`` that is outside
    every such inflated base touches ``start`` (the fighter can slide out of its contacts); a
    fighter wedged between bases whose gaps are narrower than its base has none.

    Parameters
    ----------
    start : (x, y)
        Centre of the fleeing fighter (toises).
    radius : float
        Its base radius (toises).
    enemies : list of (x, y, r)
        Enemy bases, those in contact included (toises).
    distance : float
        The flee move (toises, > 0).

    Returns
    -------
    bool
        False for ``distance <= 0``; a gap narrower than :data:`ROOM_TOLERANCE` (0.01 toise) counts
        as closed.

    References
    ----------
    Rules Tips "Fuite", photo 2 ("il est interdit de venir au contact d'un combattant adverse lors
    d'un mouvement provoqué par une Fuite") and photo 4 (a surrounded fighter).
    """
    if distance <= 0:
        return False
    # bases are drawn as polygons; a gap narrower than ROOM_TOLERANCE (0.25 mm) counts as closed, which
    # also closes the slivers between the drawn polygons and the true circles
    reach = Point(start).buffer(distance, quad_segs=QUAD_SEGS)
    blocked = unary_union([Point(x, y).buffer(r + radius + ROOM_TOLERANCE, quad_segs=QUAD_SEGS)
                           for x, y, r in enemies]) if enemies else None
    free = reach.difference(blocked) if blocked is not None else reach
    here = Point(start)
    # the widened bases keep the free region away from the start by at most sqrt(2 R tol) (R the
    # widest inflated radius: the lens two touching circles cut out near their contact point)
    near = 2 * math.sqrt(2 * max([r + radius for _, _, r in enemies] + [radius]) * ROOM_TOLERANCE) + ROOM_TOLERANCE
    return any(g.area > ROOM_TOLERANCE ** 2 and g.distance(here) < near for g in getattr(free, "geoms", [free]))


def flee_move(start: tuple[float, float], radius: float, enemies: list[tuple[float, float, float]],
              direction_deg: float) -> tuple[float, int]:
    """How far a straight flee move can go before its base touches an enemy base (Rules Tips
    "Fuite", photo 2: "il est interdit de venir au contact d'un combattant adverse lors d'un
    mouvement provoqué par une Fuite").

    The centre moves from ``start`` along the direction; it touches enemy ``k`` when it comes
    within ``radius + r_k`` of that enemy's centre. Computed exactly (the ray against each circle:
    ``t = proj - sqrt((radius + r_k)**2 - perp**2)``), not on the drawn polygons. A base the fighter
    is in contact with at the start stops it at once when the direction points into it (``proj >
    0``); moving away from it or along its edge is free.

    Parameters
    ----------
    start : (x, y)
        Centre of the fleeing fighter (toises).
    radius : float
        Its base radius (toises).
    enemies : list of (x, y, r)
        Every enemy base on the table, those in contact included (toises).
    direction_deg : float
        Direction of the move, degrees counter-clockwise from +x.

    Returns
    -------
    (float, int)
        The longest move in toises before contact (``math.inf`` when nothing is in the way) and the
        index of the enemy that stops it (-1 for none). The fighter stops just short of that base.

    References
    ----------
    Rules Tips "Fuite", photo 2.
    """
    a = math.radians(direction_deg)
    ux, uy = math.cos(a), math.sin(a)
    best, who = math.inf, -1
    for k, (x, y, r) in enumerate(enemies):
        wx, wy = x - start[0], y - start[1]
        proj = wx * ux + wy * uy
        if proj <= 1e-12:
            continue  # the direction leads away from (or along) this base: the distance never shrinks
        rr = r + radius
        perp2 = wx * wx + wy * wy - proj * proj
        if perp2 >= rr * rr - 1e-12:
            continue  # passes it by (a graze counts as a miss: it is a single point)
        t = max(proj - math.sqrt(rr * rr - perp2), 0.0)
        if t < best:
            best, who = t, k
    return best, who


def flee_path(start: tuple[float, float], radius: float, bases: list[tuple[float, float, float]],
              terrain: list[list[tuple[float, float]]], destination: tuple[float, float],
              distance: float) -> tuple[tuple[float, float], float, list[tuple[float, float]], bool] | None:
    """Where a flee move toward a destination ends: the shortest path of the fighter's centre round every other
    base (enemies: no contact in a Fuite; allies: no moving through them) and impassable terrain, followed for
    ``distance`` or until the destination.

    Parameters
    ----------
    start : (x, y)
        Centre of the fleeing fighter (toises).
    radius : float
        Its base radius (toises).
    bases : list of (x, y, r)
        Every other base on the table, enemies in contact included (toises).
    terrain : list of list of (x, y)
        Impassable terrain polygons (toises).
    destination : (x, y)
        Where the player sends it (toises).
    distance : float
        The flee move (toises, the Course or the Repli move).

    Returns
    -------
    ((x, y), float, list of (x, y), bool) or None
        The end of the move, the toises moved, the path's waypoints up to that end, and whether it gets to the
        destination; ``None`` when no path reaches the destination (it is enclosed, or inside a base or terrain).

    References
    ----------
    Rules Tips "Fuite", photo 2 ("il est interdit de venir au contact d'un combattant adverse lors d'un mouvement
    provoqué par une Fuite"); the shortest path round terrain and allies as the Attraction texts define it
    (Attraction x, errata August 2007).
    """
    region = obstacles(terrain, bases, radius)
    found = shortest_to_contact(start, destination, 0.0, region)
    if found is None:
        return None
    length, way = found
    if length <= distance + 1e-12:
        return tuple(way[-1]), length, way, True
    line = LineString(way)
    end = line.interpolate(distance)
    kept = [p for p in way if line.project(Point(p)) < distance - 1e-12] + [(end.x, end.y)]
    return (end.x, end.y), distance, kept, False


def straight_limit(start: tuple[float, float], radius: float, direction_deg: float,
                   allies: list[tuple[float, float, float]], terrain: list[list[tuple[float, float]]]) -> tuple[float, int]:
    """How far a straight flee move goes before the fighter's base meets an ally's base or impassable terrain
    (the enemies are :func:`flee_move`'s).

    Parameters
    ----------
    start : (x, y)
        Centre of the fleeing fighter (toises).
    radius : float
        Its base radius (toises).
    direction_deg : float
        Degrees counter-clockwise from +x.
    allies : list of (x, y, r)
        The fleeing fighter's allies (toises).
    terrain : list of list of (x, y)
        Impassable terrain polygons (toises).

    Returns
    -------
    (float, int)
        Toises before the first of them (``math.inf`` for none) and its index: allies first (0…), then terrain
        (``len(allies) + k``); -1 for none.

    References
    ----------
    Attraction x (errata August 2007): bases go round impassable terrain and allied fighters, never through them.
    """
    a = math.radians(direction_deg)
    far = (start[0] + 1e4 * math.cos(a), start[1] + 1e4 * math.sin(a))
    ray = LineString([start, far])
    best, who = math.inf, -1
    shapes = [Point(x, y).buffer(r + radius, quad_segs=QUAD_SEGS) for x, y, r in allies]
    shapes += [Polygon(t).buffer(radius, quad_segs=QUAD_SEGS) for t in terrain]
    for k, shape in enumerate(shapes):
        hit = ray.intersection(shape.buffer(-_EPS))
        if hit.is_empty:
            continue
        pts = [c for g in getattr(hit, "geoms", [hit]) for c in g.coords]
        t = max(min(ray.project(Point(c)) for c in pts), 0.0)
        if t < best:
            best, who = t, k
    return best, who


def charge_length(start: tuple[float, float], radius: float, target: tuple[float, float], target_r: float,
                  bases: list[tuple[float, float, float]], terrain: list[list[tuple[float, float]]]) -> float:
    """Length of the shortest path of a charging fighter until its base touches the target's, round every other
    base and impassable terrain (``math.inf`` when there is none).

    Parameters
    ----------
    start : (x, y)
        The charger's centre (toises).
    radius : float
        Its base radius (toises).
    target : (x, y)
        The target's centre (toises).
    target_r : float
        The target's base radius (toises).
    bases : list of (x, y, r)
        Every other base on the table (toises).
    terrain : list of list of (x, y)
        Impassable terrain polygons (toises).

    Returns
    -------
    float
        Toises.

    References
    ----------
    Rules digest §3 (what follows a Fuite: the adversaries' next activation); the shortest path as the Attraction
    texts define it (Attraction x, errata August 2007).
    """
    found = shortest_to_contact(start, target, radius + target_r, obstacles(terrain, bases, radius))
    return math.inf if found is None else found[0]
