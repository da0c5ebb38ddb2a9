"""Attraction against geometry computed by hand."""

import math

import pytest

from fleeodds import engine, load_scenario

TOISE = 25.4  # mm, default option toise = "inch"
R_MOYEN = 40 / 2 / TOISE
R_PETIT = 30 / 2 / TOISE


def scen(advs, others=(), attraction=None, options=None, x=6):
    d = {"system": "hell_dorado", "type": "attraction",
         "attractors": [{"name": "H", "capacities": [f"Attraction {x}"], "x": 0.0, "y": 0.0, "base": "moyen"}],
         "others": list(others), "adversaries": advs}
    if attraction:
        d["attraction"] = attraction
    if options:
        d["options"] = options
    return load_scenario(d)


def status(sc):
    return [s for s, _ in sc.geometry()]


def mc_status(sc, trials=2_000):
    c = sc.raw_counts(seed=1, start=0, n=trials)
    per = c.sum(axis=2)
    out = []
    for i in range(per.shape[0]):
        s = int(per[i].argmax())
        assert per[i, s] == trials  # deterministic geometry: every trial agrees
        out.append(s if s < 3 else 0)
    return out


def adv(x, y, mou=4, base="petit", **kw):
    return {"name": kw.pop("name", f"B{x},{y}"), "x": x, "y": y, "mou": mou, "base": base, **kw}


def test_one_adversary_pulled_or_not():
    gap_in = 6.0 - 1e-6                       # edge-to-edge gap just inside Attraction 6
    d = R_MOYEN + R_PETIT
    cases = [
        (adv(d + gap_in, 0), 0),              # within 6 and reach 8: pulled
        (adv(d + 6.01, 0), 2),                # beyond 6: unaffected
        (adv(0, d + 5, mou=2), 2),            # within 6 but reach 2 x 2 = 4 < 5: cannot reach, unaffected
        (adv(0, d + 5, mou=2.5), 0),          # reach 5: just reaches
        (adv(-(d + 3), 0, capacities=["Lémure"]), 2),   # lémures are immune (x_2007)
        (adv(0, -(d + 1), engaged=True), 2),  # already engaged
    ]
    for a, want in cases:
        sc = scen([a])
        assert status(sc) == [want], a
        assert mc_status(sc) == [want], a
    sc = scen([adv(-(d + 3), 0, capacities=["Lémure"])], options={"attraction_version": "D_original"})
    assert status(sc) == [0] and mc_status(sc) == [0]
    # measured centre to centre: the gap of 5.5 + radii exceeds 6
    sc = scen([adv(d + 5.5, 0)], attraction={"measure": "centre"})
    assert status(sc) == [2] and mc_status(sc) == [2]
    # Assaut only (reach = MOU = 4) instead of Charge
    sc = scen([adv(d + 5, 0)], attraction={"movement": "assaut"})
    assert status(sc) == [2] and mc_status(sc) == [2]


def test_interception_and_engaged_attractor():
    guard = {"name": "G", "x": 0.0, "y": -3.0, "base": "moyen"}
    # B straight behind the guard is intercepted; a B whose line passes beside the guard
    # (perpendicular distance 2 > R_MOYEN + R_PETIT = 1.38) is pulled.
    sc = scen([adv(0, -6)], others=[guard])
    assert status(sc) == [1] and mc_status(sc) == [1]
    sc = scen([adv(2.0, -6)], others=[guard])
    # guard at (0, -3); the line from (2, -6) to (0, 0) passes it at distance 2*3/hypot(2,6) = 0.949 < 1.38
    assert status(sc) == [1] and mc_status(sc) == [1]
    sc = scen([adv(4.0, -6)], others=[guard])
    # line (4,-6)->(0,0): distance of (0,-3) = |4*(-3) - (-6)*0| / hypot(4,6) = 12/7.21 = 1.66 > 1.38
    assert status(sc) == [0] and mc_status(sc) == [0]
    # two adversaries in listed order: the first pulled engages H, the second is then unaffected;
    # "independent" evaluates each as if it activated first.
    two = [adv(3, 0, name="B1"), adv(-3, 0, name="B2")]
    sc = scen(two)
    assert status(sc) == [0, 2] and mc_status(sc) == [0, 2]
    sc = scen(two, attraction={"activation_order": "independent"})
    assert status(sc) == [0, 0] and mc_status(sc) == [0, 0]
    # an attractor already in contact with an adversary has no effect
    touching = adv(R_MOYEN + R_PETIT, 0, name="T")
    sc = scen([touching, adv(-3, 0, name="B2")])
    assert status(sc) == [2, 2] and mc_status(sc) == [2, 2]


@pytest.mark.statistical
def test_random_activation_order_two_adversaries():
    # Both within range: whoever activates first is pulled; P = 1/2 each; never both.
    sc = scen([adv(3, 0, name="B1"), adv(-3, 0, name="B2")], attraction={"activation_order": "random"})
    assert sc.has_exact  # fixed positions: exact over both orders (1/2 each)
    n = 100_000
    c = sc.raw_counts(seed=7, start=0, n=n)
    p1 = c[0, 0].sum() / n
    assert abs(p1 - 0.5) / math.sqrt(0.25 / n) < 3.29
    assert c[0, :, 1].sum() == n  # exactly one pulled in every trial


@pytest.mark.statistical
@pytest.mark.parametrize("measure", ["edge", "centre"])
def test_uniform_disc_area_ratio(measure):
    # Adversary uniform in a disc of radius R around the attractor, overlapping draws rejected:
    # uniform on the annulus b <= d <= R, b = r_H + r_B. Pulled iff the measured distance <= x
    # (reach 2 x 5 = 10 exceeds every gap): edge: d <= b + x; centre: d <= x.
    R, x = 12.0, 6
    b = R_MOYEN + R_PETIT
    a = b + x if measure == "edge" else x
    p = (a * a - b * b) / (R * R - b * b)
    sc = scen([{"name": "B", "mou": 5, "base": "petit", "zone": {"shape": "disc", "cx": 0, "cy": 0, "r": R}}],
              attraction={"measure": measure})
    n = 300_000
    sim = engine.simulate(sc.kernel(), trials=n, seed=2, progress=False)
    k = int(sim.outcome_counts[sc.outcome_index("pulled")])
    assert abs(k / n - p) / math.sqrt(p * (1 - p) / n) < 3.29


@pytest.mark.statistical
def test_then_pass_exact_and_mc_agree():
    f = {"cbt": 3, "def": 4, "pro": 0, "pv": 2, "weapons": [{"name": "w", "damage": [1, 2, 3, 4, 5]}]}
    d = {"system": "hell_dorado", "type": "attraction", "attraction": {"then_pass": True},
         "attractors": [{"name": "H", "capacities": ["Attraction 6"], "x": 0.0, "y": 0.0, **f}],
         "adversaries": [{"name": "B", "x": 4.0, "y": 0.0, **f}]}
    sc = load_scenario(d)
    # Each side: 3 dice on 4+, damage >= 2 needs 2+ hits: P(kill) = 1/2 (binomial(3, 1/2) >= 2).
    ex = {sc.outcomes[o].code: float(p) for (o, _), p in sc.exact_distribution("fraction").items()}
    assert ex == {"pulled_none_killed": 0.25, "pulled_mover_killed": 0.25, "pulled_attractor_killed": 0.25,
                  "pulled_both_killed": 0.25}
    n = 100_000
    sim = engine.simulate(sc.kernel(), trials=n, seed=4, progress=False)
    for code, p in ex.items():
        k = int(sim.outcome_counts[sc.outcome_index(code)])
        assert abs(k / n - p) / math.sqrt(p * (1 - p) / n) < 3.29


@pytest.mark.statistical
def test_random_order_is_solved_exactly_over_every_order_and_mc_agrees():
    # Two adversaries race for one attractor H at (0, 0); a guard G stands in front of A only.
    # A at (0, -(2d + 1 + d)) ... simpler: both can reach H, and whoever activates first engages it,
    # so H is then engaged and the second one is unaffected. Focus = A: pulled in the orders (A, B),
    # unaffected in (B, A): 1/2 each, and exactly one adversary is pulled in either order.
    from fractions import Fraction

    from ...conftest import assert_mc_agrees

    d = R_MOYEN + R_PETIT
    sc = scen([adv(d + 3, 0, name="A"), adv(-(d + 3), 0, name="B")], attraction={"activation_order": "random"})
    assert sc.has_exact
    exact = sc.exact_distribution("fraction")
    assert exact == {(0, 1): Fraction(1, 2), (2, 1): Fraction(1, 2)}
    n = 40_000
    c = sc.kernel()(7, 0, n).sum(axis=1)
    assert_mc_agrees(int(c[0]), n, 0.5, "pulled")
    assert_mc_agrees(int(c[2]), n, 0.5, "unaffected")


def _two_holders(mx, multiple, then_pass=False, h2_damage=(1, 1, 1, 1, 1), mou=4):
    w = lambda dmg: [{"name": "w", "damage": list(dmg)}]  # noqa: E731
    d = {"system": "hell_dorado", "type": "attraction",
         "attractors": [{"name": "H1", "capacities": ["Attraction 10"], "x": 0.0, "y": 0.0, "base": "moyen",
                         "cbt": 1, "weapons": w((1, 1, 1, 1, 1))},
                        {"name": "H2", "capacities": ["Attraction 10"], "x": 18.0, "y": 0.0, "base": "moyen",
                         "cbt": 1, "weapons": w(h2_damage)}],
         "adversaries": [{"name": "M", "x": mx, "y": 0.0, "mou": mou, "base": "petit", "pv": 3, "cbt": 1,
                          "weapons": w((1, 1, 1, 1, 1))}],
         "attraction": {"multiple_attractors": multiple, "then_pass": then_pass}}
    if not then_pass:
        for a in d["attractors"] + d["adversaries"]:
            a.pop("weapons"), a.pop("cbt")
    return load_scenario(d)


def test_player_choice_picks_a_holder_it_cannot_reach():
    # M at 8: gap to H1 = 8 - rr = 6.62 (reach 8: reachable), to H2 = 10 - rr = 8.62 (inside Attraction 10,
    # beyond the reach): its player goes for H2 and is unaffected; nearest / first listed take H1.
    for multiple, want in [("nearest", [(0, 0)]), ("first_listed", [(0, 0)]), ("player_choice", [(2, -1)])]:
        sc = _two_holders(8.0, multiple)
        assert sc.geometry() == want, multiple
        assert mc_status(sc) == [want[0][0]], multiple


def test_player_choice_with_a_pass_avoids_the_deadlier_holder():
    # M (MOU 5: Charge 10) at 10.5: gap to H1 = 10.5 - rr = 9.12, to H2 = 7.5 - rr = 6.12, both inside
    # Attraction 10 and within reach. H2 deals 3 (kills M, PV 3, when its 1 die hits DEF 4: 1/2), H1
    # deals 1 (never kills). Nearest goes to H2; the player's choice goes to H1.
    sc = _two_holders(10.5, "nearest", then_pass=True, h2_damage=(3, 3, 3, 3, 3), mou=5)
    assert sc.geometry() == [(0, 1)]
    sc = _two_holders(10.5, "player_choice", then_pass=True, h2_damage=(3, 3, 3, 3, 3), mou=5)
    assert sc.geometry() == [(0, 0)]
    c = sc.raw_counts(seed=2, start=0, n=2000)
    assert c[0, 4].sum() == 0  # never killed by H1's 1-damage blows
