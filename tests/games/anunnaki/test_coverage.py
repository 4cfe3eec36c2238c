"""Rules of issue #6 that test_rules.py / test_examples.py did not pin down yet.

One test (or more) per rule item of docs/rulings/anunnaki.md "Rule coverage":
each action tile basic and developed, mana-action costs, battle outcomes and
weapon effects not covered elsewhere, god powers in isolation, artifacts.
"""

from __future__ import annotations

import pytest

from meeple.games.anunnaki.data import DATA
from tests.games.anunnaki.helpers import (
    arrange,
    by_hand,
    game,
    get,
    isis_settlement_battle,
    legal,
    pawn_on,
    play,
    put,
    res,
    take_culture,
    to_battles,
)
from tests.games.anunnaki.test_rules import _player_battle, _summon, hand, run_steps


def count_unit_moves(s) -> int:
    """Spend a move/portal action unit by unit (first legal choice) and count the units moved."""
    n = 0
    while s.kind in ("from", "unit", "to"):
        if s.kind == "from":
            opts = [m for m in legal(s) if m != "pass"]
            if not opts:
                break
            play(s, opts[0])
        elif s.kind == "unit":
            play(s, [m for m in legal(s) if m != "pass"][0])
        else:
            play(s, legal(s)[0])
            n += 1
    return n


# ---------------------------------------------------------------- the ten action tiles
@pytest.mark.parametrize(
    "tile,developed,units", [(1, False, 1), (1, True, 2), (2, False, 2), (2, True, 4), (3, False, 3), (3, True, 5)]
)
def test_portal_and_move_tiles_basic_and_developed(tile, developed, units):
    s = game(2)
    put(s, 0, "ph4", 6)
    if developed:
        s.seats[0]["developed"] = [tile]
    pawn_on(s, 0, 5 if tile != 5 else 2)
    play(s, f"tile {tile}")
    assert count_unit_moves(s) == units
    assert s.kind not in ("from", "unit", "to")


def test_portal_reaches_any_region_of_any_planet_but_atlantis_and_other_capitals():
    s = game(2)
    put(s, 0, "ph4", 1)
    pawn_on(s, 0, 2)
    play(s, "tile 1", "from ph4")
    dests = {m.split()[1] for m in legal(s)}
    assert "g18" in dests and "no7" in dests and "ph1" in dests  # far, other planet, same planet
    assert "gaa" not in dests and "no1" not in dests and "ph4" not in dests


def test_move_points_split_freely_and_one_unit_may_move_twice():
    s = game(2)
    put(s, 0, "ph3", 1)
    put(s, 0, "ph6", 1)
    pawn_on(s, 0, 2)
    play(s, "tile 3", "from ph3", "to ph5", "from ph5", "to ph7", "from ph6", "to ph2")
    assert s.fol["ph7"][0] == 1 and s.fol["ph2"][0] == 1 and s.kind != "from"
    # points may be left unused
    s = game(2)
    put(s, 0, "ph3", 1)
    pawn_on(s, 0, 2)
    play(s, "tile 3", "from ph3", "to ph5", "pass")
    assert s.fol["ph5"][0] == 1 and s.kind != "from"


@pytest.mark.parametrize("developed,n", [(False, 1), (True, 2)])
def test_commerce_tile_basic_one_developed_two_contracts(developed, n):
    s = game(2)
    if developed:
        s.seats[0]["developed"] = [4]
    pawn_on(s, 0, 2)
    top = s.deck[-n:]
    play(s, "tile 4")
    for _ in range(n):
        assert s.kind == "contract"
        play(s, f"take {s.display[0]}")
    assert len(s.seats[0]["contracts"]) == n and s.kind != "contract"
    assert len(s.display) == 6 and set(top) <= set(s.display)  # refilled after each take


@pytest.mark.parametrize("tile,developed,regions", [(5, False, 1), (5, True, 2), (6, False, 2), (6, True, 3)])
def test_harvest_tiles_basic_and_developed_region_counts(tile, developed, regions):
    s = game(2)
    for h in ("ph3", "ph4", "ph5", "ph6"):
        put(s, 0, h, 1)
    if developed:
        s.seats[0]["developed"] = [tile]
    pawn_on(s, 0, 2)
    res(s, 0)
    play(s, f"tile {tile}")
    done = 0
    while s.kind == "harvest":
        play(s, [m for m in legal(s) if m.startswith("harvest")][0])
        done += 1
    assert done == regions and sum(s.seats[0]["res"]) == regions
    assert sum(len(v) for v in s.exh.values()) == regions  # one exhaust token per region


def test_harvest_gains_the_smaller_of_strength_and_uncovered_icons():
    s = game(2)
    put(s, 0, "ph5", 2)  # 3 metal icons, strength 2
    put(s, 0, "ph4", 3)  # 2 gold icons, one already exhausted: 1 left
    s.exh["ph4"] = ["gold"]
    pawn_on(s, 0, 2)
    res(s, 0)
    play(s, "tile 6", "harvest ph5", "harvest ph4")
    assert get(s, 0, "metal") == 2 and get(s, 0, "gold") == 1
    assert s.exh["ph5"] == ["metal"] and s.exh["ph4"] == ["gold", "gold"]
    assert "ph4" not in s._harvestable(0, [])  # fully exhausted: no more harvest


def test_atlantis_cannot_be_harvested():
    s = game(2)
    put(s, 0, "gaa", 3)
    assert "gaa" in s.controlled(0) and "gaa" not in s._harvestable(0, [])


@pytest.mark.parametrize(
    "house,res_kind", [("pharaos", "food"), ("norrenis", "metal"), ("babylon", "gold"), ("ellenys", "wood")]
)
def test_creation_basic_gives_the_capitals_resource_per_controlled_shrine(house, res_kind):
    s = game(2, houses=[house, "pharaos" if house != "pharaos" else "ellenys"])
    pre = {"pharaos": "ph", "norrenis": "no", "babylon": "ba", "ellenys": "el"}[house]
    put(s, 0, pre + "2", 1)  # capital 1 shrine + region 2: 1 shrine
    put(s, 0, pre + "6", 1)  # 1 shrine
    put(s, 0, pre + "4", 1)  # no shrine
    pawn_on(s, 0, 2)
    res(s, 0)
    play(s, "tile 7")
    assert get(s, 0, res_kind) == 3 and sum(s.seats[0]["res"]) == 3


@pytest.mark.parametrize("developed,followers", [(False, 1), (True, 2)])
def test_settlement_income_basic_and_developed_extra_follower(developed, followers):
    s = game(2)
    if developed:
        s.seats[0]["developed"] = [8]
    pawn_on(s, 0, 2)
    play(s, "tile 8")
    while s.kind == "place_follower":
        play(s, "follower ph1")
    lv = DATA.income[0]
    assert s.fol["ph1"][0] == lv["followers"] + (1 if developed else 0) == followers
    assert s.seats[0]["vp"] == lv["vp"]


def test_domination_developed_adds_one_space():
    s = game(2)
    s.objectives["dom"] = "units"
    put(s, 0, "ph2", 6)  # 6 units: 2 spaces
    s.seats[0]["developed"] = [9]
    s.seats[0]["dom"] = -8
    pawn_on(s, 0, 2)
    play(s, "tile 9")
    assert s.seats[0]["dom"] == -8 + 2 + 1


def test_market_basic_needs_three_different_kinds_and_may_be_skipped():
    s = game(2)
    res(s, 0, gold=1)
    pawn_on(s, 0, 2)
    play(s, "tile 10")
    opts = legal(s)
    assert "pass" in opts and all(m == "pass" or m.startswith("trade gold for") for m in opts)
    assert not any("gold" in m.split(" for ")[1] for m in opts if m != "pass")
    assert len(opts) == 1 + 3  # food+wood, food+metal, wood+metal
    # developed: two different resources for free
    s = game(2)
    s.seats[0]["developed"] = [10]
    pawn_on(s, 0, 2)
    play(s, "tile 10")
    assert all(m == "pass" or m.startswith("gain") for m in legal(s)) and len(legal(s)) == 1 + 6


# ---------------------------------------------------------------- developing technology
def test_developing_a_red_tile_costs_wood_and_metal_and_gives_two_technology():
    s = game(2)
    s.arrangement = [6, 1, 2, 3, 4, 10, 5, 7, 8, 9]  # 6 (red) on o0, next to 10 on i0
    pawn_on(s, 0, 9)
    s.seats[0]["mana"] = 1
    res(s, 0, gold=2, wood=1, metal=1)
    put(s, 0, "ph4", 1)
    play(s, "tile 10", "pass")
    sd = s.seats[0]
    mana = sd["mana"]
    play(s, "mana develop")
    assert "develop 6" in legal(s)
    play(s, "develop 6")
    sd = s.seats[0]  # (a record changed after a clone is a new copy: read again)
    assert 6 in sd["developed"] and sd["tracks"][1] == 2
    assert sd["res"] == [0, 0, 0, 0] and sd["mana"] == mana - 1
    assert legal(s) == ["pass", "yes"]  # may perform it at once
    play(s, "pass")
    assert s.kind != "harvest"


def test_develop_cannot_flip_the_pawns_tile_nor_a_developed_one():
    s = game(2)
    s.arrangement = [7, 1, 2, 3, 4, 10, 5, 6, 8, 9]
    pawn_on(s, 0, 10)
    s.seats[0]["developed"] = [7]
    res(s, 0, wood=5, metal=5)
    assert 10 not in s._developable(0) and 7 not in s._developable(0) and s._developable(0)


# ---------------------------------------------------------------- mana actions
@pytest.mark.parametrize(
    "kind,resources,spent",
    [
        ("develop", {"gold": 2}, {"gold": 2}),
        ("settle", {"wood": 2}, {"wood": 2}),
        ("followers", {"food": 2}, {"food": 2}),
        ("weapons", {"metal": 2}, {"metal": 2}),
    ],
)
def test_mana_action_costs(kind, resources, spent):
    s = game(2)
    s.arrangement = [7, 1, 2, 3, 4, 10, 5, 6, 8, 9]
    pawn_on(s, 0, 9)
    put(s, 0, "ph4", 1)
    s.seats[0]["mana"] = 1
    res(s, 0, **resources)
    play(s, "tile 10", "pass")
    mana = s.seats[0]["mana"]
    assert f"mana {kind}" in legal(s)
    play(s, f"mana {kind}")
    assert s.seats[0]["mana"] == mana - 1
    for r, n in spent.items():
        assert get(s, 0, r) == resources[r] - n
    # one resource short: not offered
    s = game(2)
    s.arrangement = [7, 1, 2, 3, 4, 10, 5, 6, 8, 9]
    pawn_on(s, 0, 9)
    put(s, 0, "ph4", 1)
    s.seats[0]["mana"] = 5
    res(s, 0, **{r: n - 1 for r, n in resources.items()})
    play(s, "tile 10")
    while s.kind == "market":
        play(s, "pass")
    assert s.kind != "mana" or f"mana {kind}" not in legal(s)


def test_mana_blue_costs_two_and_never_the_pawns_tile():
    s = game(2)
    pawn_on(s, 0, 3)
    s.seats[0]["mana"] = 2
    put(s, 0, "ph4", 1)
    play(s, "tile 2", "pass", "mana blue")
    blue = sorted(f"activate {t}" for t, d in DATA.tiles.items() if d["color"] == "blue" and t != 2)
    assert legal(s) == blue and s.seats[0]["mana"] == 0


def test_mana_red_needs_three():
    s = game(2)
    pawn_on(s, 0, 3)
    s.seats[0]["mana"] = 2
    put(s, 0, "ph4", 1)
    play(s, "tile 2", "pass")
    assert "mana red" not in legal(s) and "mana blue" in legal(s)


# ---------------------------------------------------------------- additional actions, summoning
def test_only_one_summon_per_turn_even_with_two_free_tokens():
    s = game(2)
    sd = s.seats[0]
    sd["free_minor"] = 2
    put(s, 0, "ph4", 3)
    run_steps(s, ["extra"])
    g1, g2 = sd["gods_offer"][:2]
    play(s, f"summon {g1}")
    if s.kind == "summon_hex":
        play(s, "replace ph4")
    assert s.kind != "extra" or not any(m.startswith("summon") for m in legal(s))
    sd = s.seats[0]  # (a record changed after a clone is a new copy: read again)
    assert sd["free_minor"] == 1 and g2 not in sd["summoned"]


def test_a_minor_god_is_summoned_once_and_a_domination_god_advances_two():
    s = game(2)
    _summon(s, 0, "isis")  # summon icon: domination
    assert s.seats[0]["dom"] == -8 + 2 and s.seats[0]["tracks"] == [0, 0, 0]
    s.seats[0]["free_minor"] = 1
    s.used = []
    put(s, 0, "ph2", 1)
    offered = [s.action_to_str_for(a, 0) for a in s._extra_options(0)]
    assert "summon isis" not in offered and any(m.startswith("summon") for m in offered)


def test_summoning_needs_a_follower_on_the_board():
    s = game(2)
    s.seats[0]["free_minor"] = 1
    for h in s.fol:
        s.fol[h][0] = 0
    assert not any(s.action_to_str_for(a, 0).startswith("summon") for a in s._extra_options(0))


# ---------------------------------------------------------------- contracts
def test_own_house_contract_needs_a_region_on_gaia():
    for gaia in (True, False):
        s = game(2)
        s.first_game = False
        res(s, 0, food=3)
        s.seats[0]["contracts"] = ["c13"]  # pharaos icon, seat 0 is pharaos
        if gaia:
            put(s, 0, "g1", 1)
        put(s, 0, "no4", 1)  # another planet does not count
        run_steps(s, ["extra"])
        play(s, "fulfil c13")
        while s.kind == "pay":
            play(s, "pay food")
        if gaia:
            assert s.seats[0]["vp"] == 3 and s.seats[0]["tracks"][2] == 1  # both halves
        else:
            assert legal(s) == ["bottom", "middle"]


def test_first_game_ignores_house_icons():
    s = game(2)  # helpers: first_game=True
    res(s, 0, food=1, wood=1, metal=1, gold=1)
    s.seats[0]["contracts"] = ["c19"]
    run_steps(s, ["extra"])
    play(s, "fulfil c19", "gain gold", "draw dagger")
    assert s.seats[0]["vp"] == 4 and s.seats[0]["tracks"][2] == 2


def test_contract_cost_must_be_payable():
    s = game(2)
    res(s, 0, wood=2)
    s.seats[0]["contracts"] = ["c10"]  # 3 wood
    assert s._extra_options(0) == []


# ---------------------------------------------------------------- battles
def test_several_battles_in_the_order_the_active_player_chooses():
    s = game(2)
    put(s, 0, "g1", 1)
    put(s, 0, "ph4", 1)
    put(s, 1, "g2", 1)
    s.anc["ph7"] = ["a3", False, False]
    hand(s, 0, "dagger", "chariot")
    pawn_on(s, 0, 5)
    play(s, "tile 2", "from g1", "to g2", "from ph4", "to ph7")
    to_battles(s)
    assert s.kind == "battle" and legal(s) == ["battle g2", "battle ph7"]
    play(s, "battle ph7")
    assert s.ctx["battle"]["hex"] == "ph7"


def test_ancient_battle_without_an_advanced_weapon_is_lost_at_once():
    s = game(2)
    put(s, 0, "ph4", 2)
    s.anc["ph7"] = ["a3", False, False]
    res(s, 0)
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from ph4", "to ph7", "from ph4", "to ph7")
    to_battles(s)
    assert s.fol["ph7"][0] == 0 and s.fol["ph1"][0] == 2
    assert s.anc["ph7"] == ["a3", False, False]  # stays face down
    assert get(s, 0, "metal") == 0  # no advanced card: no compensation


def test_ancient_battle_lost_with_an_unpayable_advanced_weapon():
    s = game(2)
    put(s, 0, "ph4", 1)
    s.anc["ph7"] = ["a1", False, False]
    hand(s, 0, "ballista")  # costs 2 metal
    res(s, 0, metal=1)
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from ph4", "to ph7", "pass")
    to_battles(s)
    assert s.fol["ph1"][0] == 1 and "ballista" in s.seats[0]["hand"]


def test_player_battle_tie_goes_to_the_attacker():
    # attacker 2 followers + dagger 1 = 3; defender 1 follower + long shield 2 = 3
    s = _player_battle(["dagger"], [], att_units=2, def_units=1)
    play(s, "@0 weapon dagger", "@1 weapon long_shield")
    while s.kind == "pay":
        play(s, legal(s)[0])
    assert s.fol["g2"] == [2, 0] and s.fol["no1"][1] == 1


def test_defender_wins_with_its_card_reward_and_the_attacker_gets_metal():
    s = _player_battle(["dagger"], ["short_bow"], att_units=2, def_units=2, houses=["pharaos", "babylon"])
    play(s, "@0 weapon dagger", "@1 weapon short_bow")
    # 2 + 1 = 3 against 2 + 3 = 5: the defender wins
    assert s.fol["g2"] == [0, 2] and s.fol["ph1"][0] == 2
    assert s.seats[1]["vp"] == 3 and s.seats[1]["tracks"][0] == 1  # short bow reward
    assert s.seats[0]["vp"] == 0 and get(s, 0, "metal") == 5 + 1  # compensation
    assert "dagger" in s.seats[0]["pile"] and "short_bow" in s.seats[1]["pile"]


def test_loser_with_a_basic_card_gets_no_metal():
    s = _player_battle(["short_bow"], [], att_units=2, def_units=1)
    play(s, "@0 weapon short_bow", "@1 weapon slingshot")
    while s.kind == "steal":
        play(s, "steal metal")
    assert get(s, 1, "metal") == 5 + 1  # the steal, no compensation
    assert "slingshot" in s.seats[1]["hand"]


def test_slingshot_steals_nothing_from_a_winner_without_resources():
    s = _player_battle(["dagger"], [], att_units=2, def_units=1)
    res(s, 0)
    play(s, "@0 weapon dagger", "@1 weapon slingshot")
    assert s.kind != "steal" and sum(s.seats[1]["res"]) == 5


def test_viking_helmet_is_ignored_against_an_ancient_tile():
    s = game(2, houses=["norrenis", "pharaos"])
    put(s, 0, "no4", 2)
    s.anc["no7"] = ["a3", False, False]
    hand(s, 0, "viking_helmet")
    res(s, 0, metal=1)
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from no4", "to no7", "from no4", "to no7")
    to_battles(s)
    # 2 + 1 = 3 against 3: won, the helmet did nothing
    assert "no7" not in s.anc and s.seats[0]["vp"] == 2


def test_long_spear_has_no_effect_on_an_ancient_tile():
    s = game(2)
    put(s, 0, "ph4", 1, gods=("anubis",))
    s.anc["ph7"] = ["a6", False, False]  # strength 4
    hand(s, 0, "long_spear")
    res(s, 0, metal=1)
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from ph4", "god anubis", "to ph7", "from ph4", "to ph7")
    to_battles(s)
    # 1 + 2 (+ Anubis's follower 1) + spear 2 = 6 >= 4; the tile is not weakened either
    assert "ph7" not in s.anc and s.seats[0]["defeated"] == ["a6"]


def test_chariot_works_against_an_ancient_tile():
    s = game(2)
    put(s, 0, "ph4", 1)
    s.anc["ph7"] = ["a1", False, False]  # strength 5
    hand(s, 0, "chariot")
    res(s, 0, metal=3)
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from ph4", "to ph7", "pass")
    to_battles(s)
    assert s.kind == "chariot"
    play(s, "metal 3")  # 1 + 1 + 3 = 5
    assert "ph7" not in s.anc and get(s, 0, "metal") == 2


def test_isis_settlement_adds_one_in_battle_only_with_units():
    s = isis_settlement_battle()
    s.ctx["battle"] = {"hex": "g2", "att": 0, "def": 1, "cards": {}, "extra": {}, "metal": {}, "winner": None}
    assert s.battle_strength(1) == 1 + 1
    s.fol["g2"][1] = 0
    assert s.battle_strength(1) == 0


def test_ashur_adds_one_in_battle():
    s = game(2, houses=["babylon", "pharaos"])
    put(s, 0, "g2", 2)
    put(s, 1, "g2", 1)
    s.seats[0]["summoned"] = ["ashur"]
    s.ctx["battle"] = {
        "hex": "g2",
        "att": 0,
        "def": 1,
        "cards": {"0": ["dagger"]},
        "extra": {},
        "metal": {},
        "winner": None,
    }
    assert s.battle_strength(0) == 2 + 1 + 1


# ---------------------------------------------------------------- Atlantis and artifacts
def test_first_atlantis_conquest_chooses_one_of_three_the_rest_stays():
    s = game(3)
    put(s, 0, "g6", 3)
    s.anc["gaa"] = ["a3", False, True]
    s.art_deck = ["mirror", "destiny", "horn_of_plenty"]
    hand(s, 0, "double_axe")
    res(s, 0, metal=1)
    pawn_on(s, 0, 2)
    play(s, "tile 3", "from g6", "to gaa", "from g6", "to gaa", "from g6", "to gaa")
    to_battles(s)
    # 3 + 3 = 6 against 3 + 3
    assert legal(s) == ["artifact destiny", "artifact horn_of_plenty", "artifact mirror"]
    assert s.view(1)["artifacts"]["deck"] == ["?", "?", "?"]
    play(s, "artifact horn_of_plenty")
    assert s.seats[0]["artifacts"] == ["horn_of_plenty"] and sorted(s.art_deck) == ["destiny", "mirror"]
    assert s.conquests == 1


def test_atlantis_god_adds_three_to_the_tile():
    s = game(2)
    put(s, 0, "g6", 2)
    s.anc["gaa"] = ["a3", False, True]
    hand(s, 0, "dagger")
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from g6", "to gaa", "from g6", "to gaa")
    to_battles(s)
    # 2 + 1 = 3 against 3 + 3: lost
    assert s.fol["ph1"][0] == 2 and "gaa" in s.anc and s.seats[0]["artifacts"] == []


def test_horn_of_plenty_gains_four_of_one_kind():
    s = game(2)
    s.seats[0]["artifacts"] = ["horn_of_plenty"]
    res(s, 0)
    run_steps(s, ["extra"])
    play(s, "horn")
    assert "pay 4 food" not in legal(s)
    play(s, "gain 4 metal")
    assert get(s, 0, "metal") == 4 and s.seats[0]["artifacts"] == [] and "horn" not in legal(s)


def test_pandora_follower_and_weapon_tokens():
    s = game(2)
    s.seats[0]["artifacts"] = ["pandora"]
    s.seats[0]["pandora"] = ["follower", "weapon"]
    put(s, 1, "no4", 2)
    put(s, 1, "no5", 1)
    run_steps(s, ["extra"])
    play(s, "pandora", "token follower")
    assert s.fol["ph1"][0] == 1
    assert s.kind == "lose_follower" and s.decision().seats == (1,)
    play(s, "remove no4")
    assert s.fol["no4"][1] == 1 and s.fol["no5"][1] == 1
    # last token: the card goes too; the other seat without an advanced weapon loses nothing
    s.kind, s.dseats = None, []
    s.used = []
    run_steps(s, ["extra"])
    play(s, "pandora")
    assert s.kind == "weapon_pick"
    play(s, "draw dagger")
    assert "dagger" in s.seats[0]["hand"] and "pandora" not in s.seats[0]["artifacts"]
    assert s.seats[1]["hand"] == ["long_shield", "slingshot"]


def test_scarab_cannot_reach_the_last_space_below_the_lightning():
    s = game(2)
    last = len(DATA.multipliers) - 1
    s.seats[0]["artifacts"] = ["scarab"]
    s.seats[0]["tracks"] = [last - 1, last - 1, 0]
    s.seats[0]["dom"] = DATA.lightning - 1
    s.seats[1]["dom"] = DATA.lightning - 1
    s._finish()
    assert s.seats[0]["tracks"] == [last - 1, last - 1, 1]


def test_mirror_second_mana_action_may_be_skipped_and_is_discarded():
    s = game(2)
    s.seats[0]["artifacts"] = ["mirror"]
    s.seats[0]["mana"] = 1
    res(s, 0, food=2)
    put(s, 0, "ph4", 1)
    run_steps(s, ["mana_choice", 0, 0, [], False])
    play(s, "mana mirror", "mana blue")  # 2 - 1 = 1 mana
    assert s.seats[0]["mana"] == 0 and "mirror" not in s.seats[0]["artifacts"]
    play(s, "activate 10", "pass")  # the market: nothing traded
    assert s.kind == "mana" and "mana followers" in legal(s)  # 1 - 1 = 0 mana, 2 food
    assert "mana blue" not in legal(s) and "mana mirror" not in legal(s)
    play(s, "pass")
    assert get(s, 0, "food") == 2 and s.kind != "mana"


# ---------------------------------------------------------------- major gods
def test_ra_basic_power_cube_move_is_optional_and_not_upgraded():
    s = game(2)
    arrange(s, 7, 10)
    pawn_on(s, 0, 7)
    s.seats[0]["cubes"] = [0]
    res(s, 0)
    play(s, "tile 10")
    assert s.kind == "ra_cube" and "pass" in legal(s)
    play(s, "cube 11")
    assert s.seats[0]["cubes"] == [11] and s.seats[0]["mana"] == 4
    assert s.kind != "resource" and sum(s.seats[0]["res"]) == 0  # basic: no resource


def test_ra_basic_power_is_not_for_other_houses():
    s = game(2, houses=["ellenys", "pharaos"])
    arrange(s, 7, 10)
    pawn_on(s, 0, 7)
    s.seats[0]["cubes"] = [0]
    play(s, "tile 10")
    assert s.kind == "market" and s.seats[0]["cubes"] == [0]


def test_ra_upgraded_one_resource_even_for_two_mana():
    s = game(2)
    s.seats[0]["major"] = True
    s.arrangement = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]  # space 5 (2 mana) joins i1 (7) and i2 (8)
    pawn_on(s, 0, 7)
    res(s, 0)
    play(s, "tile 8")
    assert s.seats[0]["mana"] == 2 + 2 and s.kind == "resource"
    play(s, "gain gold")
    assert sum(s.seats[0]["res"]) == 1
    # a space with no mana gives no resource
    s = game(2)
    s.seats[0]["major"] = True
    s.arrangement = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    pawn_on(s, 0, 1)  # o0 (1) to i1 (7): space 1, no mana
    res(s, 0)
    play(s, "tile 7")
    assert s.seats[0]["cubes"] == [1] and s.kind != "resource"


def test_ishtar_basic_settlement_strength_two_and_upgraded_not_in_the_capital():
    s = game(2, houses=["babylon", "pharaos"])
    put(s, 0, "ba5", 1)
    s.stl["ba5"] = 0
    assert s._harvest_strength(0, "ba5") == 1 + 2
    s.seats[0]["major"] = True
    put(s, 0, "ba1", 3)  # capital: 2 icons, never beyond
    pawn_on(s, 0, 2)
    res(s, 0)
    play(s, "tile 5", "harvest ba1")
    assert get(s, 0, "gold") == 2


def test_ishtar_upgraded_ignores_the_icon_limit_in_the_underworld():
    """Seed, Ishtar upgraded: in any region with an uncovered icon but a
    capital, resources equal to the strength there; the Underworld is such
    a region (「領域」, any resource)."""
    s = game(2, houses=["babylon", "pharaos"])
    s.seats[0]["artifacts"] = ["underworld_map"]
    s.seats[0]["major"] = True
    put(s, 0, "ba5", 1)  # (the Underworld lies next to the regions its owner controls)
    put(s, 0, "uw", 3)
    assert len(s.lay.icons["uw"]) < 3
    pawn_on(s, 0, 2)
    res(s, 0)
    play(s, "tile 5", "harvest uw", "gain gold", "gain gold", "gain metal")
    assert get(s, 0, "gold") == 2 and get(s, 0, "metal") == 1


def test_ishtar_basic_does_not_ignore_the_icon_limit():
    s = game(2, houses=["babylon", "pharaos"])
    put(s, 0, "ba2", 3)  # 1 icon
    pawn_on(s, 0, 2)
    res(s, 0)
    play(s, "tile 5", "harvest ba2")
    assert get(s, 0, "gold") == 1


def test_zeus_basic_only_gains_once_from_anywhere_on_the_planet():
    s = game(2, houses=["ellenys", "pharaos"])
    spot = [i for i, (tri, _b) in enumerate(s.lay.spots) if set(tri) == {"g5", "g1", "g2"}][0]
    s.cul[spot] = ["k1", True]
    put(s, 0, "g10", 1)
    for h in ("g5", "g1", "g2"):
        put(s, 1, h, 1)
    res(s, 0)
    res(s, 1)
    take_culture(run_steps(s, ["culture"]))
    assert get(s, 0, "gold") == 2 and get(s, 1, "gold") == 2
    # a unit on another planet does not count
    s = game(2, houses=["ellenys", "pharaos"])
    s.cul[spot] = ["k1", True]
    for h in ("g5", "g1", "g2"):
        put(s, 1, h, 1)
    res(s, 0)
    take_culture(run_steps(s, ["culture"]))
    assert get(s, 0, "gold") == 0


def test_zeus_upgraded_doubles_benefits_next_to_the_token():
    s = game(2, houses=["ellenys", "pharaos"])
    s.seats[0]["major"] = True
    spot = [i for i, (tri, _b) in enumerate(s.lay.spots) if set(tri) == {"g5", "g1", "g2"}][0]
    s.cul[spot] = ["k14", True]  # 2 mana
    put(s, 0, "g5", 1)
    put(s, 1, "g1", 1)
    put(s, 1, "g2", 1)
    take_culture(run_steps(s, ["culture"]))
    assert s.seats[0]["mana"] == 2 + 4 and s.seats[1]["mana"] == 2 + 2


def test_odin_basic_settlement_strength_zero_and_no_harvest_alone():
    s = game(2, houses=["norrenis", "pharaos"])
    s.osl[0]["no5"] = 1
    by_hand(s)
    assert s.controller("no5") == 0 and s._harvest_strength(0, "no5") == 0
    assert "no5" not in s._harvestable(0, [])
    s.seats[0]["major"] = True
    assert s._harvest_strength(0, "no5") == 2


# ---------------------------------------------------------------- minor gods
def test_anu_with_enlil_teleports_four_and_flips_culture_tokens():
    s = game(2, houses=["babylon", "pharaos"])
    put(s, 0, "ba5", 5)
    s.seats[0]["summoned"].append("enlil")
    spot = [i for i, (tri, _b) in enumerate(s.lay.spots) if set(tri) == {"g5", "g1", "g2"}][0]
    s.cul[spot] = ["k3", False]
    _summon(s, 0, "anu", "ba4")
    play(s, "from ba5")
    for _ in range(4):
        play(s, "follower", "to g2")
    assert s.fol["g2"][0] == 4 and s.fol["ba5"][0] == 1 and s.kind != "unit"
    assert s.cul[spot][1] is True


def test_anu_cannot_teleport_into_atlantis():
    s = game(2, houses=["babylon", "pharaos"])
    put(s, 0, "ba5", 2)
    _summon(s, 0, "anu", "ba4")
    play(s, "from ba5", "follower")
    assert "to gaa" not in legal(s) and "to ph1" not in legal(s) and "to g6" in legal(s)


def test_osiris_harvests_a_region_held_by_a_settlement_alone():
    s = game(2)
    s.stl["ph5"] = 0
    assert "ph5" not in s._harvestable(0, [])
    s.seats[0]["summoned"] = ["osiris"]
    assert s._harvest_strength(0, "ph5") == 1 and "ph5" in s._harvestable(0, [])
    s.seats[0]["summoned"] = ["osiris", "isis"]  # Isis needs units: still 1
    assert s._harvest_strength(0, "ph5") == 1


def test_bastet_free_contract_is_not_the_additional_action():
    s = game(2)
    s.first_game = False
    s.seats[0]["contracts"] = ["c19", "c10"]  # c19: norrenis icon, no control there
    res(s, 0, wood=3)
    _summon(s, 0, "bastet")
    play(s, "fulfil c19", "gain gold", "draw dagger")  # house condition ignored: both halves
    assert s.seats[0]["mana"] == 1 and get(s, 0, "wood") == 3
    assert "fulfil c10" in legal(s)  # the contract action is still free


def test_bastet_without_mana_does_nothing():
    s = game(2)
    s.seats[0]["contracts"] = ["c19"]
    s.seats[0]["mana"] = 0
    _summon(s, 0, "bastet")
    assert s.seats[0]["contracts"] == ["c19"]


def test_anubis_once_per_turn_and_from_a_region_when_the_supply_is_empty():
    s = game(2)
    put(s, 0, "g1", 0, gods=("anubis",))
    put(s, 0, "g4", 0, gods=("major",))
    put(s, 1, "g2", 1)
    s.anc["g5"] = ["a3", False, False]
    s.fol["ph5"][0] = 12  # empty supply
    pawn_on(s, 0, 2)
    play(s, "tile 3", "from g1", "to g2")
    assert s.kind == "take_follower"
    play(s, "take ph5")
    assert s.fol["g2"][0] == 1 and s.fol["ph5"][0] == 11
    play(s, "from g4", "to g5")
    assert s.fol["g5"][0] == 0  # once per turn


def test_anubis_not_for_a_follower_move():
    s = game(2)
    put(s, 0, "g1", 1)
    put(s, 1, "g2", 1)
    s.seats[0]["summoned"] = ["anubis"]
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from g1", "to g2")
    assert s.fol["g2"][0] == 1


def test_hera_one_more_follower_on_any_gain():
    s = game(2, houses=["ellenys", "pharaos"])
    s.seats[0]["summoned"] = ["hera"]
    pawn_on(s, 0, 2)
    play(s, "tile 8")
    while s.kind == "place_follower":
        play(s, "follower el1")
    assert s.fol["el1"][0] == DATA.income[0]["followers"] + 1


def test_hermes_applies_to_move_bonuses_not_portals():
    s = game(2, houses=["ellenys", "pharaos"])
    s.seats[0]["summoned"] = ["hermes"]
    put(s, 0, "el4", 5)
    run_steps(s, ["effects", 0, [["move", 2]]])
    assert s.darg["n"] == 3
    s = game(2, houses=["ellenys", "pharaos"])
    s.seats[0]["summoned"] = ["hermes"]
    put(s, 0, "el4", 5)
    run_steps(s, ["effects", 0, [["portal"]]])
    assert s.darg["n"] == 1


def test_enlil_applies_to_portal_bonuses_not_moves():
    s = game(2, houses=["babylon", "pharaos"])
    s.seats[0]["summoned"] = ["enlil"]
    put(s, 0, "ba4", 5)
    run_steps(s, ["effects", 0, [["portal"]]])
    assert s.darg["n"] == 2
    s = game(2, houses=["babylon", "pharaos"])
    s.seats[0]["summoned"] = ["enlil"]
    put(s, 0, "ba4", 5)
    run_steps(s, ["effects", 0, [["move", 2]]])
    assert s.darg["n"] == 2


def test_poseidon_shrine_counts_for_creation_and_objectives():
    s = game(2, houses=["ellenys", "pharaos"])
    s.seats[0]["summoned"] = ["poseidon"]
    pawn_on(s, 0, 2)
    res(s, 0)
    play(s, "tile 7")
    assert get(s, 0, "wood") == 1 + 1
    assert s.objective(0, "shrines") == 2


def test_freyja_may_decline_and_freyr_counts_pairs_only():
    s = game(2, houses=["norrenis", "pharaos"])
    res(s, 0)
    put(s, 0, "no5", 2)
    _summon(s, 0, "freyja", "no5")
    play(s, "pass")
    assert sum(s.seats[0]["res"]) == 0 and s.fol["no5"][0] == 1
    s = game(2, houses=["norrenis", "pharaos"])
    for h in ("g1", "g2", "g3"):
        put(s, 0, h, 1)
    _summon(s, 0, "freyr", "no4")
    assert s.seats[0]["vp"] == 1 and s.seats[0]["mana"] == 3  # 3 away regions: 1 pair


def test_ninlil_counts_only_shrines_away_from_home():
    s = game(2, houses=["babylon", "pharaos"])
    put(s, 0, "ba2", 1)  # home shrine: not counted
    put(s, 0, "g10", 1)  # 1 shrine
    put(s, 0, "g15", 1)  # 1 shrine
    res(s, 0)
    _summon(s, 0, "ninlil", "ba4")
    assert s.seats[0]["vp"] == 2 and get(s, 0, "metal") == 2


def test_athena_ignores_exhaust_tokens():
    s = game(2, houses=["ellenys", "pharaos"])
    res(s, 0)
    s.stl["g2"] = 0
    s.exh["g2"] = ["metal", "metal", "metal"]
    _summon(s, 0, "athena", "el4")
    assert get(s, 0, "metal") == 1 and get(s, 0, "wood") == 1


def test_set_counts_a_fully_exhausted_underworld():
    """Seed, Set: every controlled region whose icons are all covered counts;
    only Atlantis is left out (the Underworld Map's region counts too)."""
    s = game(2)
    s.seats[0]["artifacts"] = ["underworld_map"]
    put(s, 0, "g1", 1)
    put(s, 0, "uw", 1)
    s.exh["g1"] = list(s.lay.icons["g1"])
    s.exh["uw"] = ["any"] * len(s.lay.icons["uw"])
    assert not s._uncovered("g1") and not s._uncovered("uw") and "uw" in s.controlled(0)
    s.seats[0]["summoned"] = ["set"]
    assert s._god_points(0) == 3


def test_set_ignores_atlantis_and_needs_full_exhaustion():
    s = game(2)
    put(s, 0, "ph3", 1)
    put(s, 0, "ph6", 1)
    put(s, 0, "gaa", 1)
    s.exh["ph3"] = ["wood", "wood"]
    s.exh["ph6"] = ["food"]  # one icon still free
    s.seats[0]["summoned"] = ["set"]
    assert s._god_points(0) == 0


def test_hades_rounds_down():
    s = game(2, houses=["ellenys", "pharaos"])
    put(s, 0, "el1", 1)  # supply 11
    s.seats[0]["summoned"] = ["hades"]
    assert s._god_points(0) == 2 * 3


def test_loki_against_an_ancient_tile_keeps_one_advanced_card():
    s = game(2, houses=["norrenis", "pharaos"])
    s.seats[0]["summoned"] = ["loki"]
    put(s, 0, "no4", 2)
    s.anc["no7"] = ["a3", False, False]
    hand(s, 0, "dagger", "short_bow")
    res(s, 0, metal=1)
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from no4", "to no7", "from no4", "to no7")
    to_battles(s)
    assert "weapons dagger short_bow" in legal(s) and "weapons long_shield slingshot" not in legal(s)
    play(s, "weapons dagger short_bow", "keep dagger")
    assert "no7" not in s.anc and "short_bow" in s.seats[0]["hand"] and get(s, 0, "metal") == 1


def test_frigg_takes_from_a_region_when_the_supply_is_empty():
    s = game(2, houses=["norrenis", "pharaos"])
    put(s, 0, "no1", 2)
    put(s, 0, "no5", 10)  # 12 on the board: empty supply
    _summon(s, 0, "frigg", "no5")
    # the summon put one back (supply 1): no1 (2 + settlement) gets it; no5 (9) may take one
    # from another region first, here declined
    play(s, "yes", "yes")
    assert s.fol["no1"][0] == 3 and s.kind == "take_follower" and legal(s) == ["pass", "take no1"]
    play(s, "pass")
    assert s.fol["no1"][0] == 3 and s.fol["no5"][0] == 9


def test_frigg_places_only_where_the_player_chooses():
    """Seed, Frigg: 「各領域に、信奉者を1体ずつ置くことができます」 (may place)."""
    s = game(2, houses=["norrenis", "pharaos"])
    put(s, 0, "no1", 2)  # + settlement = 3
    put(s, 0, "g1", 3)
    supply = s.supply(0)
    _summon(s, 0, "frigg", "no4")
    assert s.kind == "frigg" and s.darg == {"hex": "no1"}
    play(s, "pass")  # not in no1
    assert s.kind == "frigg" and s.darg == {"hex": "g1"}
    play(s, "yes")
    assert s.fol["no1"][0] == 2 and s.fol["g1"][0] == 4 and s.supply(0) == supply - 1
    assert s.log()[-1][:3] == ("follower", 0, "g1")  # said: "Norrenis places a follower in Gaia 1"


# ---------------------------------------------------------------- culture tokens
def test_culture_token_needs_all_three_regions_controlled():
    s = game(2)
    spot = [i for i, (tri, _b) in enumerate(s.lay.spots) if set(tri) == {"g5", "g1", "g2"}][0]
    s.cul[spot] = ["k1", True]
    put(s, 0, "g5", 1)
    put(s, 0, "g1", 1)
    res(s, 0)
    run_steps(s, ["culture"])
    assert s.cul[spot] == ["k1", True] and get(s, 0, "gold") == 0
    s.stl["g2"] = 1  # a lone settlement controls its region
    res(s, 1)
    take_culture(run_steps(s, ["culture"]))
    assert s.cul[spot] is None and get(s, 0, "gold") == 2 and get(s, 1, "gold") == 2


def test_culture_contracts_taken_in_turn_order_from_the_active_player():
    s = game(3)
    s.current = 1
    spot = [i for i, (tri, _b) in enumerate(s.lay.spots) if set(tri) == {"g5", "g1", "g2"}][0]
    s.cul[spot] = ["k15", True]
    put(s, 0, "g5", 1)
    put(s, 1, "g1", 1)
    put(s, 2, "g2", 1)
    run_steps(s, ["culture"])
    order = []
    while take_culture(s).kind == "contract":
        order.append(s.dseats[0])
        play(s, f"take {s.display[0]}")
    assert order == [1, 2, 0]


def test_face_down_token_flips_at_the_end_of_a_move():
    s = game(2)
    spot = [i for i, (tri, _b) in enumerate(s.lay.spots) if set(tri) == {"ph4", "ph5", "ph7"}][0]
    s.cul[spot] = ["k2", False]
    put(s, 0, "ph3", 1)
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from ph3", "to ph5")
    assert s.cul[spot][1] is False  # not before the move ends
    play(s, "pass")
    assert s.cul[spot][1] is True


# ---------------------------------------------------------------- end of the game
def test_end_trigger_by_a_track_with_the_start_player_last_gives_equal_turns():
    s = game(2)
    last = len(DATA.multipliers) - 1
    s.current = 1
    s.seats[0]["turns"] = 1
    s.seats[1]["tracks"][0] = last - 1
    s.seats[1]["dom"] = DATA.lightning
    s._track(1, "war", 1)
    assert s.end_triggered and not s.finished
    s.kind, s.dseats = None, []
    s._push(["end_turn"])
    s._advance()
    assert s.finished and [sd["turns"] for sd in s.seats] == [1, 1]


def test_final_scoring_second_place_split_and_negative_domination():
    s = game(4)
    s.seats[0]["tracks"] = [6, 0, 0]
    s.seats[1]["tracks"] = [3, 0, 0]
    s.seats[2]["tracks"] = [3, 0, 0]
    s.seats[3]["tracks"] = [3, 0, 0]
    for sd in s.seats:
        sd["dom"] = -8
        sd["res"] = [0, 0, 0, 0]
        sd["mana"] = 0
    s._finish()
    f = s.final
    assert f[0]["war_rank"] == 4 and [x["war_rank"] for x in f[1:]] == [0, 0, 0]  # 2 // 3
    assert all(x["domination"] == DATA.dom_vp[-8] < 0 for x in f)


def test_resources_and_mana_score_one_per_five():
    s = game(2)
    res(s, 0, food=3, wood=3, metal=2, gold=1)
    s.seats[0]["mana"] = 1
    s._finish()
    assert s.final[0]["resources"] == 2


def test_underworld_is_never_a_way_into_atlantis_but_one_out():
    # only entering Atlantis needs a dotted line (issue #19: leaving is not restricted)
    s = game(2)
    s.seats[0]["artifacts"] = ["underworld_map"]
    put(s, 0, "gaa", 1)
    put(s, 0, "uw", 1)
    assert "gaa" in s.controlled(0)
    assert "gaa" not in s._dests(0, "uw", "move") and "uw" in s._dests(0, "gaa", "move")
    put(s, 0, "g1", 1)
    assert "g1" in s._dests(0, "uw", "move") and "uw" in s._dests(0, "g1", "move")
