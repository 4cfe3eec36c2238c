"""Issue #36's two Anunnaki rules, each against the seed's passage (docs/rulings/anunnaki.md).

A cube moved by a bonus goes to ANOTHER space (追加アクション, 召喚キューブの移動);
Odin's settlements are units for battle effects, so a Long Spear may take a
settlement's whole strength (Heimdall's included) as the strongest unit's.
"""

from __future__ import annotations

import pytest

from meeple.core.game import IllegalMove
from meeple.games.anunnaki import dump, load
from meeple.games.anunnaki.data import DATA
from tests.games.anunnaki.helpers import game, legal, play, put, take_culture
from tests.games.anunnaki.test_rules import run_steps


# ------------------------------------------------- a moved cube goes to another space
# 「任意のスペースにある召喚キューブ1個を、他の任意のスペースに移動させます。
#   移動先のスペースに示されているマナクリスタルを得ます。」
def _cube_token(cubes):
    """Seat 0 takes culture token k16 (its benefit: move a cube) with cubes on `cubes`."""
    s = game(2)
    spot = [i for i, (tri, _b) in enumerate(s.lay.spots) if set(tri) == {"g5", "g1", "g2"}][0]
    s.cul[spot] = ["k16", True]
    for h in ("g5", "g1", "g2"):
        put(s, 0, h, 1)
    s.seats[0]["cubes"] = list(cubes)
    s.seats[0]["mana"] = 0
    return take_culture(run_steps(s, ["culture"]))


def test_a_culture_token_s_cube_cannot_go_back_on_its_own_space():
    s = _cube_token([11])  # the only cube: taken at once
    assert s.kind == "cube_to"
    assert "cube to 11" not in legal(s)
    assert len(legal(s)) == len(DATA.spaces) - 1  # every other space is free
    with pytest.raises(IllegalMove):
        play(s, "cube to 11")
    assert s.kind == "cube_to" and s.seats[0]["mana"] == 0  # refused: nothing changed


def test_a_moved_cube_gains_the_mana_of_the_space_it_goes_to():
    s = _cube_token([11])
    to = next(i for i, sp in enumerate(DATA.spaces) if sp[2] == 1 and i != 11)
    play(s, f"cube to {to}")
    assert s.seats[0]["cubes"] == [to] and s.seats[0]["mana"] == 1


def test_a_chosen_cube_goes_neither_back_nor_onto_another_cube():
    s = _cube_token([0, 11])
    assert s.kind == "cube_from" and sorted(legal(s)) == ["cube from 0", "cube from 11"]
    play(s, "cube from 0")
    assert "cube to 0" not in legal(s) and "cube to 11" not in legal(s)
    assert len(legal(s)) == len(DATA.spaces) - 2


def test_a_contract_s_cube_move_goes_to_another_space_too():
    s = game(2, houses=["pharaos", "norrenis"])
    s.seats[0]["cubes"] = [3, 7]
    run_steps(s, ["effects", 0, [["cube"]]])  # contract c13's middle benefit
    play(s, "cube from 7")
    assert s.kind == "cube_to" and "cube to 7" not in legal(s) and "cube to 3" not in legal(s)


def test_a_saved_cube_move_keeps_the_space_it_left():
    s = _cube_token([0, 11])
    play(s, "cube from 0")
    t = load(dump(s))
    assert t.kind == "cube_to" and "cube to 0" not in legal(t)
    assert sorted(legal(t)) == sorted(legal(s))


# ------------------------------------------------- Odin's settlements in a Long Spear
# オーディンの基本能力: 「移動、ポータル、戦闘効果において、あなたの開拓地はユニットと見なされます」;
# ロングスピア: 「相手は自分の最も強いユニットの兵力を加えることはできません」;
# ヘイムダル: 「あなたが防衛側であるとき、あなたの開拓地は5兵力(オーディンから2、ヘイムダルから3)を持ちます」.
def _odin_defends(att_cards, major=True, heimdall=True, followers=1):
    s = game(2, houses=["pharaos", "norrenis"])
    put(s, 0, "g2", 2)
    put(s, 1, "g2", followers)
    if major:
        s.seats[1]["major"] = True  # upgraded: each settlement 2
    if heimdall:
        put(s, 1, "no2", gods=("heimdall",))
    s.osl[1]["g2"] = 1
    s.ctx["battle"] = {
        "hex": "g2",
        "att": 0,
        "def": 1,
        "cards": {"0": list(att_cards), "1": ["slingshot"]},
        "extra": {},
        "metal": {},
        "winner": None,
    }
    return s


SLING = DATA.weapons["slingshot"]["strength"]


def test_long_spear_takes_an_upgraded_heimdall_settlement_s_five_as_the_strongest():
    assert _odin_defends(["dagger"]).battle_strength(1) == 1 + 5 + SLING
    assert _odin_defends(["long_spear"]).battle_strength(1) == 1 + 5 - 5 + SLING


def test_long_spear_takes_a_basic_heimdall_settlement_s_three_over_followers():
    s = _odin_defends(["long_spear"], major=False, followers=2)
    assert s.battle_strength(1) == 2 + 3 - 3 + SLING


def test_long_spear_takes_an_upgraded_settlement_s_two_over_a_follower():
    s = _odin_defends(["long_spear"], heimdall=False)
    assert s.battle_strength(1) == 1 + 2 - 2 + SLING


def test_heimdall_adds_nothing_to_an_attacking_settlement_and_the_spear_sees_two():
    s = _odin_defends(["long_spear"])
    s.ctx["battle"].update(att=1, **{"def": 0})
    assert s.battle_strength(1) == 1 + 2 - 2 + SLING


def test_long_spear_against_odin_changes_who_wins():
    # 2 followers + settlement 5 (the strongest) - 5 = 2 against 2 followers + Long Spear 2 = 4
    s = _odin_defends(["long_spear"], followers=2)
    assert s.battle_strength(1) < s.battle_strength(0)
