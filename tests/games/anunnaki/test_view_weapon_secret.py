"""A seat's secret weapon, dealt again for another seat's view: the sampled
hidden hand must offer a weapon it can pay (it could, when it chose)."""

import random

import pytest

from meeple import games
from meeple.games.anunnaki import view


def _after_attacker_chose():
    """Random play from the first seed that gets there: seat 0 attacks and has
    chosen its weapon, seat 1 is to choose, and the dagger is among seat 0's
    weapons (rules changes move where random games go, not what is tested)."""
    for seed in range(1, 200):
        s = games.get("anunnaki").new_game(2, seed=seed)
        rng = random.Random(seed)
        while s.decision() is not None and not (s.kind == "weapon" and len(s.secret) == 1):
            d = s.decision()
            s.apply_action(rng.choice(s.legal_actions(d.seats[0])), d.seats[0])
        if (
            s.decision() is not None
            and s.ctx["battle"]["att"] == 0
            and "0" in s.secret
            and "dagger" in s.seats[0]["pile"] + s.seats[0]["hand"]
        ):
            return s
    raise AssertionError("no seed below 200 reaches the position")


@pytest.mark.parametrize("rebuild", ["from_view", "determinize"])
def test_hidden_hand_offers_a_payable_weapon(rebuild):
    s = _after_attacker_chose()
    # with no resources only a free advanced weapon (the dagger) can be paid:
    # most deals of the attacker's one hidden advanced card miss it
    s.seats[0]["res"] = [0, 0, 0, 0]
    assert "dagger" in s.seats[0]["pile"] + s.seats[0]["hand"]
    for k in range(12):
        rng = random.Random(k)
        n = view.from_view(s.view(1), 1, rng) if rebuild == "from_view" else view.determinize(s, 1, rng)
        assert n.secret["0"] in n._weapon_options(0, attacker=True, pairs=n.has(0, "loki"))
