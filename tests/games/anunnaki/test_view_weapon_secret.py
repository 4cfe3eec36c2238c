"""A seat's secret weapon, dealt again for another seat's view: the sampled
hidden hand must offer a weapon it can pay (it could, when it chose)."""

import random

import pytest

from meeple import games
from meeple.games.anunnaki import view


def _after_attacker_chose():
    """Seed 1, random play: seat 0 attacks and has chosen; seat 1 to choose."""
    s = games.get("anunnaki").new_game(2, seed=1)
    rng = random.Random(1)
    while not (s.kind == "weapon" and len(s.secret) == 1):
        d = s.decision()
        s.apply_action(rng.choice(s.legal_actions(d.seats[0])), d.seats[0])
    assert s.ctx["battle"]["att"] == 0 and "0" in s.secret
    return s


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
