"""Every rule of the issue, one or more scenarios each (beyond the rulebook examples)."""

from __future__ import annotations

import pytest

from meeple.core.game import IllegalMove
from meeple.games.anunnaki import new_game
from meeple.games.anunnaki.data import DATA
from tests.games.anunnaki.helpers import (
    arrange,
    by_hand,
    game,
    get,
    legal,
    pawn_on,
    play,
    put,
    res,
    take_culture,
    to_battles,
)


def hand(s, seat, *weapons):
    for w in weapons:
        s.seats[seat]["pile"].remove(w)
        s.seats[seat]["hand"].append(w)


def run_steps(s, *steps):
    """Run rule steps now (as if an effect queued them), keeping the rest of the turn."""
    s.kind, s.dseats, s.darg = None, [], {}
    by_hand(s)
    s._push(*steps)
    s._advance()
    return s


def end_turn(s):
    """Pass every optional decision until the next seat's main action."""
    cur = s.current
    while s.current == cur and not s.finished:
        acts = legal(s)
        play(s, "pass" if "pass" in acts else acts[0])
    return s


# ---------------------------------------------------------------- setup
@pytest.mark.parametrize("players,deck", [(2, 24), (3, 30), (4, 36)])
def test_setup(players, deck):
    s = new_game(players, seed=3)
    assert s.kind == "discard_god"
    for i in range(players):
        assert len(s.seats[i]["gods_offer"]) == 5
        play(s, "discard " + s.seats[i]["gods_offer"][0])
        assert len(s.seats[i]["gods_offer"]) == 4
    assert s.kind == "main" and s.current == 0
    assert len(s.display) + len(s.deck) == deck and len(s.display) == 6
    for i in range(players):
        sd = s.seats[i]
        assert sd["res"] == [1, 1, 1, 1] and sd["mana"] == 2 and sd["dom"] == -8
        assert sd["hand"] == ["long_shield", "slingshot"] and len(sd["pile"]) == 7
        assert sd["settle_left"] == 4
        cap = s.lay.capital[i]
        assert s.fol[cap][i] == 2 and s.settlements_of(i) == [cap] and s.fol[s.lay.start_hex[i]][i] == 1
    assert len(s.art_deck) == 3
    assert len(s.anc) == players + (1 if players == 2 else 2)
    assert all(v[2] for h, v in s.anc.items() if h in s.lay.atlantis)
    # culture tokens next to a unit start face up
    for (tri, _b), c in zip(s.lay.spots, s.cul, strict=True):
        assert c[1] == any(s.occupants(h) for h in tri)
    assert sorted(s.objectives.values()) == sorted(DATA.objectives)


def test_first_game_uses_all_contracts_and_four_random_gods():
    s = new_game(2, seed=1, first_game=True)
    assert s.kind == "main" and len(s.deck) + len(s.display) == 36
    assert len(s.seats[0]["gods_offer"]) == 4


# ---------------------------------------------------------------- main action and cubes
def test_first_turn_blue_tiles_only_and_never_the_same_tile():
    s = game(2)
    blue = sorted(f"tile {t}" for t, d in DATA.tiles.items() if d["color"] == "blue")
    assert legal(s) == sorted(blue)
    pawn_on(s, 0, 2)
    assert "tile 2" not in legal(s) and len(legal(s)) == 9


def test_no_cube_on_an_occupied_space_nor_on_a_jump():
    s = game(2)
    arrange(s, 7, 10)
    pawn_on(s, 0, 7)
    s.seats[0]["cubes"] = [0]
    play(s, "tile 10")
    assert s.seats[0]["cubes"] == [0] and s.seats[0]["mana"] == 2
    s = game(2)
    arrange(s, 7, 10)
    pawn_on(s, 0, 7)
    play(s, "tile 4")  # position 4 is not joined to position 0
    assert s.seats[0]["cubes"] == []


def test_major_token_freed_by_the_five_inner_spaces():
    s = game(2)
    s.seats[0]["cubes"] = [2, 5, 8, 11]
    s.arrangement = [1, 2, 3, 4, 7, 5, 6, 8, 9, 10]  # space 14 joins i4 (10) and i0 (5)
    pawn_on(s, 0, 10)
    put(s, 0, "ph2", 1)
    play(s, "tile 5")
    assert s.seats[0]["free_major"] is True
    while s.kind in ("harvest", "mana"):
        play(s, "pass")
    play(s, "summon ra")
    sd = s.seats[0]
    assert sd["major"] and s.gods[0]["major"] == "ph2" and s.fol["ph2"][0] == 0
    assert sd["tracks"] == [1, 1, 1] and sd["dom"] == -6


# ---------------------------------------------------------------- end of game
def test_last_cube_triggers_the_end_and_turns_stay_equal():
    s = game(3)
    arrange(s, 7, 10)
    s.seats[0]["cubes"] = list(range(1, 14))
    pawn_on(s, 0, 7)
    play(s, "tile 10")
    assert s.end_triggered
    end_turn(s)
    assert not s.finished and s.current == 1
    end_turn(s)
    assert not s.finished and s.current == 2
    end_turn(s)
    assert s.finished and [sd["turns"] for sd in s.seats] == [1, 1, 1]


def test_final_track_space_needs_the_lightning_and_triggers_the_end():
    s = game(2)
    last = len(DATA.multipliers) - 1
    s.seats[0]["tracks"][1] = last - 1
    s.seats[0]["dom"] = DATA.lightning - 1
    s._track(0, "tech", 2)
    assert s.seats[0]["tracks"][1] == last - 1 and not s.end_triggered
    s.seats[0]["dom"] = DATA.lightning
    s._track(0, "tech", 2)
    assert s.seats[0]["tracks"][1] == last and s.end_triggered


def test_after_the_trigger_nobody_enters_or_leaves_atlantis():
    s = game(2)
    put(s, 0, "g6", 1)
    put(s, 0, "gaa", 1)
    assert "gaa" in s._dests(0, "g6", "move") and "gaa" in s._sources(0, "move")
    s.end_triggered = True
    assert "gaa" not in s._dests(0, "g6", "move") and "gaa" not in s._sources(0, "move")


def test_tie_break_latest_in_turn_order():
    s = game(3)
    for sd in s.seats:
        sd["vp"] = 10
        sd["tracks"] = [0, 0, 0]
        sd["dom"] = 0
        sd["res"] = [0, 0, 0, 0]
        sd["mana"] = 0
    for h in list(s.stl):
        del s.stl[h]
    s.osl = [{} for _ in s.osl]
    s._finish()
    assert s.scores()[0] == s.scores()[1] == s.scores()[2]
    assert s.winners == [2] and s.returns() == [0.0, 0.0, 1.0]


def test_track_ranking_ties():
    s = game(3)
    s.seats[0]["tracks"] = [5, 5, 3]
    s.seats[1]["tracks"] = [5, 2, 3]
    s.seats[2]["tracks"] = [1, 2, 1]
    s._finish()
    f = s.final
    assert [x["war_rank"] for x in f[:2]] == [3, 3] and "war_rank" not in f[2]  # (4+2)//2
    assert f[0]["tech_rank"] == 4 and f[1]["tech_rank"] == 1 and f[2]["tech_rank"] == 1
    assert f[0]["commerce_rank"] == 3 and f[1]["commerce_rank"] == 3


# ---------------------------------------------------------------- movement rules
def test_no_entry_into_another_capital():
    s = game(2)
    put(s, 0, "ph4", 1)
    assert "no1" not in s._dests(0, "ph4", "portal") and "ph1" in s._dests(0, "ph4", "portal")
    put(s, 0, "no4", 1)
    assert "no1" not in s._dests(0, "no4", "move")


def test_portal_never_into_or_out_of_atlantis():
    s = game(2)
    put(s, 0, "gaa", 1)
    assert "gaa" not in s._sources(0, "portal")
    assert "gaa" not in s._dests(0, "ph1", "portal")


def test_units_in_a_battle_region_cannot_move_on():
    s = game(2)
    put(s, 0, "g1", 1)
    put(s, 1, "g1", 1)
    assert "g1" not in s._sources(0, "move") and "g1" not in s._sources(0, "portal")


# ---------------------------------------------------------------- control and sieges
def test_siege_units_control_a_region_with_an_enemy_settlement():
    s = game(2)
    s.stl["g3"] = 1
    assert s.controller("g3") == 1
    put(s, 0, "g3", 1)
    assert s.controller("g3") == 0 and not s._at_war("g3")
    assert "g3" not in s._follower_spots(1)
    assert "g3" not in s._settle_spots(0)  # one settlement per region
    s.fol["g3"][1] = 1
    by_hand(s)
    assert s.controller("g3") is None and s._at_war("g3")


# ---------------------------------------------------------------- harvesting
def test_capital_never_exhausts():
    s = game(2)
    put(s, 0, "ph1", 3)
    pawn_on(s, 0, 2)
    res(s, 0)
    play(s, "tile 6", "harvest ph1")
    assert get(s, 0, "food") == 2 and "ph1" not in s.exh  # 2 icons
    assert "harvest ph1" not in legal(s)  # once per action


def test_dual_resource_region_with_two_players():
    s = game(2)
    put(s, 0, "g5", 2)  # wood + metal
    pawn_on(s, 0, 2)
    res(s, 0)
    play(s, "tile 5", "harvest g5", "exhaust metal")
    assert get(s, 0, "wood") == 1 and get(s, 0, "metal") == 1 and s.exh["g5"] == ["metal"]
    # one token on it: only the other resource, and the second token covers it
    s = game(2)
    put(s, 0, "g5", 2)
    s.exh["g5"] = ["metal"]
    pawn_on(s, 0, 2)
    res(s, 0)
    play(s, "tile 5", "harvest g5")
    assert get(s, 0, "wood") == 1 and get(s, 0, "metal") == 0 and s.exh["g5"] == ["metal", "wood"]
    # one strength: choose the resource
    s = game(2)
    put(s, 0, "g5", 1)
    pawn_on(s, 0, 2)
    res(s, 0)
    play(s, "tile 5", "harvest g5", "take metal")
    assert get(s, 0, "metal") == 1 and s.exh["g5"] == ["metal"]


def test_harvest_needs_units():
    s = game(2)
    s.stl["ph5"] = 0
    assert "ph5" not in s._harvestable(0, [])


# ---------------------------------------------------------------- mana and additional actions
def test_mana_actions_costs_and_only_one():
    s = game(2)
    s.arrangement = [7, 1, 2, 3, 4, 10, 5, 6, 8, 9]
    pawn_on(s, 0, 9)
    res(s, 0, metal=2)
    s.seats[0]["mana"] = 3
    play(s, "tile 10", "pass")
    opts = legal(s)
    assert "mana red" in opts and "mana blue" in opts and "mana weapons" in opts
    assert "mana develop" not in opts and "mana settle" not in opts and "mana followers" not in opts
    mana = s.seats[0]["mana"]
    play(s, "mana weapons", "draw ballista", "draw dagger")
    assert s.seats[0]["mana"] == mana - 1 and get(s, 0, "metal") == 0
    assert {"ballista", "dagger"} <= set(s.seats[0]["hand"])
    assert s.kind != "mana"


def test_mana_red_activates_a_red_tile_other_than_the_pawns():
    s = game(2)
    pawn_on(s, 0, 2)
    s.seats[0]["mana"] = 3
    put(s, 0, "ph2", 1)
    play(s, "tile 3", "pass", "mana red")
    assert legal(s) == ["activate 1", "activate 6", "activate 9"]  # not 3, the pawn's
    play(s, "activate 6")
    assert s.seats[0]["mana"] == 0


def test_additional_actions_each_type_once():
    s = game(2)
    s.seats[0]["contracts"] = ["c10", "c2"]  # both cost wood3 / gold2 metal1
    res(s, 0, wood=3, gold=2, metal=1)
    pawn_on(s, 0, 2)
    play(s, "tile 4", f"take {s.display[0]}")
    while s.kind == "mana":
        play(s, "pass")
    assert "fulfil c2" in legal(s) and "fulfil c10" in legal(s)
    play(s, "fulfil c2")
    while s.kind not in ("extra", "main", "battle"):
        acts = legal(s)
        play(s, acts[0])
    assert s.kind != "extra" or not any(a.startswith("fulfil") for a in legal(s))


# ---------------------------------------------------------------- followers
def test_followers_from_an_empty_supply_move_from_a_region():
    s = game(2)
    s.fol["ph5"][0] = 12
    assert by_hand(s).supply(0) == 0
    run_steps(s, ["followers", 0, 1])
    assert s.kind == "take_follower"
    play(s, "take ph5")
    assert s.fol["ph1"][0] == 1 and s.fol["ph5"][0] == 11


# ---------------------------------------------------------------- battles: weapons
def _player_battle(att_cards, def_cards, att_units=2, def_units=1, att_gods=(), def_gods=(), houses=None):
    s = game(2, houses=houses)
    put(s, 0, "g1", att_units, gods=att_gods)
    put(s, 1, "g2", def_units, gods=def_gods)
    hand(s, 0, *att_cards)
    hand(s, 1, *[c for c in def_cards if c not in ("long_shield", "slingshot")])
    res(s, 0, metal=5)
    res(s, 1, metal=5)
    pawn_on(s, 0, 3)
    play(s, "tile 2")
    n = att_units + len(att_gods)
    for _ in range(min(n, 2)):
        play(s, "from g1")
        if s.kind == "unit":
            play(s, legal(s)[-1])
        play(s, "to g2")
    to_battles(s)
    return s


def test_attacker_must_play_an_advanced_weapon():
    s = _player_battle(["dagger"], [])
    assert legal(s, 0) == ["weapon dagger"]
    assert "weapon slingshot" in legal(s, 1) and "weapon long_shield" in legal(s, 1)


def test_attacker_without_advanced_weapon_loses_at_once():
    s = game(2)
    put(s, 0, "g1", 2)
    put(s, 1, "g2", 1)
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from g1", "to g2", "from g1", "to g2")
    to_battles(s)
    assert s.fol["g2"] == [0, 1] and s.fol["ph1"][0] == 2


def test_long_spear_removes_the_strongest_unit():
    s = _player_battle(
        ["long_spear", "dagger"], [], att_units=2, def_units=1, def_gods=("aegir",), houses=["ellenys", "norrenis"]
    )
    play(s, "@0 weapon long_spear", "@1 weapon slingshot")
    # attacker 2 + 2 = 4; defender 1 + 2 - 2 (strongest unit) + 0 = 1
    assert s.fol["g2"][0] == 2 and s.gods[1]["aegir"] == "no1"


def test_ballista_makes_gods_strength_one():
    s = _player_battle(
        ["ballista", "dagger"],
        ["dagger"],
        att_units=2,
        def_units=0,
        def_gods=("aegir",),
        houses=["pharaos", "norrenis"],
    )
    play(s, "@0 weapon ballista", "@1 weapon dagger")
    # attacker 2 + 2 = 4, defender (aegir 2 -> 1) + 1 = 2
    assert s.gods[1]["aegir"] == "no1"


def test_ballista_against_the_atlantis_god():
    s = game(2)
    put(s, 0, "gaa", 2)
    s.anc["gaa"] = ["a3", True, True]
    s.ctx["battle"] = {
        "hex": "gaa",
        "att": 0,
        "def": None,
        "cards": {"0": ["ballista"]},
        "extra": {},
        "metal": {},
        "winner": None,
    }
    assert s.ancient_strength() == DATA.ancient["a3"]["strength"] + 1
    s.ctx["battle"]["cards"]["0"] = ["dagger"]
    assert s.ancient_strength() == DATA.ancient["a3"]["strength"] + DATA.atlantis_god


def test_chariot_pays_metal_for_strength():
    s = _player_battle(["chariot", "dagger"], ["short_bow"], att_units=2, def_units=2, houses=["pharaos", "babylon"])
    play(s, "@0 weapon chariot", "@1 weapon short_bow")
    # defender 2 + 3 (cost 1 metal) = 5; attacker 2 + 1 + metal
    assert s.kind == "chariot"
    play(s, "metal 2")
    assert s.fol["g2"][0] == 2 and get(s, 0, "metal") == 3


def test_composite_bow_adds_a_second_card_and_both_rewards():
    s = _player_battle(["composite_bow", "short_bow"], ["dagger"], houses=["pharaos", "babylon"])
    play(s, "@0 weapon composite_bow", "@1 weapon slingshot")
    assert s.kind == "composite"
    play(s, "add short_bow")
    sd = s.seats[0]
    w1, w2 = DATA.weapons["composite_bow"], DATA.weapons["short_bow"]
    assert sd["vp"] == w1["win"][1][1] + w2["win"][1][1]
    assert get(s, 0, "metal") == 5 - 1 - 1 - 1  # both costs, and the loser's slingshot steal
    assert {"composite_bow", "short_bow"} <= set(sd["pile"])


def test_viking_helmet_discards_the_opponents_card_who_plays_again():
    s = _player_battle(
        ["viking_helmet", "dagger"], ["short_bow", "ballista"], att_units=2, def_units=1, houses=["norrenis", "pharaos"]
    )
    play(s, "@0 weapon viking_helmet", "@1 weapon ballista")
    assert s.kind == "helmet" and s.decision().seats == (1,)
    assert "weapon ballista" not in legal(s)  # it went back to the board
    assert get(s, 1, "metal") == 5 - 2  # the discarded card's cost is paid
    play(s, "weapon slingshot")
    assert s.fol["g2"][0] == 2


def test_a_card_sent_back_by_the_helmet_still_earns_the_losers_metal():
    """Seed: the loser gets 1 metal if it played an advanced card; a card the
    Viking Helmet sends back was played (its cost stays paid)."""
    s = _player_battle(["viking_helmet"], ["short_bow"], att_units=2, def_units=1, houses=["norrenis", "pharaos"])
    play(s, "@0 weapon viking_helmet", "@1 weapon short_bow")  # the bow's 1 metal paid, the bow sent back
    play(s, "weapon slingshot")
    while s.kind == "steal":  # (the slingshot's steal from the winner)
        play(s, "steal metal")
    assert s.fol["g2"] == [2, 0] and get(s, 1, "metal") == 5 - 1 + 1 + 1  # the bow, the steal, the loss


def test_viking_helmet_wins_outright_if_no_new_card():
    s = _player_battle(["viking_helmet", "dagger"], [], houses=["norrenis", "pharaos"])
    s2 = s
    # the defender's only cards: basic ones; after the helmet they can replay them,
    # so empty the hand but the played card
    play(s2, "@0 weapon viking_helmet")
    s2.seats[1]["hand"] = ["slingshot"]
    play(s2, "@1 weapon slingshot")
    assert s2.fol["g2"][0] == 2 and s2.fol["g2"][1] == 0


def test_long_shield_cancels_the_opponents_weapon_effect():
    s = _player_battle(
        ["ballista", "dagger"], [], att_units=1, def_units=0, def_gods=("aegir",), houses=["pharaos", "norrenis"]
    )
    play(s, "@0 weapon ballista", "@1 weapon long_shield")  # pays 2 metal (its only resource)
    # ballista ignored: aegir 2 + shield 2 = 4 against 1 + 2 = 3
    assert s.gods[1]["aegir"] == "g2" and s.fol["ph1"][0] == 1


def test_loki_plays_two_and_keeps_one():
    s = _player_battle(["short_bow", "dagger"], [], houses=["pharaos", "norrenis"])
    s.seats[1]["summoned"].append("loki")
    s.secret = {}
    assert "weapons long_shield slingshot" in legal(s, 1)
    play(s, "@0 weapon dagger", "@1 weapons long_shield slingshot")
    assert s.kind == "loki" and s.decision().seats == (1,)
    play(s, "keep slingshot")
    assert "long_shield" in s.seats[1]["hand"]


# ---------------------------------------------------------------- domination track
def test_domination_tokens_once_and_track_end():
    s = game(2)
    s._dom(0, 12)
    assert s.seats[0]["dom"] == 4 and s.seats[0]["vp"] == 6  # tokens at -4, 0, 4
    s._dom(1, 12)
    assert s.seats[1]["vp"] == 0
    s._dom(0, 100)
    assert s.seats[0]["dom"] == DATA.dom_max and s.seats[0]["vp"] == 8


# ---------------------------------------------------------------- gods (major)
def test_ra_moves_a_crossed_cube_and_upgraded_gains_a_resource():
    s = game(2)
    arrange(s, 7, 10)
    pawn_on(s, 0, 7)
    s.seats[0]["cubes"] = [0]
    s.seats[0]["major"] = True
    res(s, 0)
    play(s, "tile 10")
    assert s.kind == "ra_cube"
    play(s, "cube 11")  # 2 mana
    assert s.seats[0]["cubes"] == [11] and s.seats[0]["mana"] == 4
    play(s, "gain gold")  # upgraded: one resource
    assert get(s, 0, "gold") == 1


def test_ishtar_settlements_harvest_alone_and_upgraded_ignore_the_icon_limit():
    s = game(2, houses=["babylon", "pharaos"])
    s.stl["ba5"] = 0
    assert s._harvest_strength(0, "ba5") == 2 and "ba5" in s._harvestable(0, [])
    s.seats[0]["major"] = True
    put(s, 0, "ba2", 3)  # 1 icon, 3 strength
    pawn_on(s, 0, 2)
    res(s, 0)
    play(s, "tile 5", "harvest ba2")
    r = DATA.planets["babylon"][1]["ba2"]["res"][0]
    assert get(s, 0, r) == 3


def test_zeus_culture_from_the_planet_and_doubled():
    s = game(2, houses=["ellenys", "pharaos"])
    spot = [i for i, (tri, _b) in enumerate(s.lay.spots) if set(tri) == {"g5", "g1", "g2"}][0]
    s.cul[spot] = ["k1", True]
    put(s, 0, "g10", 1)  # on Gaia, not next to the token
    put(s, 1, "g5", 1)
    put(s, 1, "g1", 1)
    put(s, 1, "g2", 1)
    res(s, 0)
    s.seats[0]["major"] = True
    take_culture(run_steps(s, ["culture"]))
    assert get(s, 0, "gold") == 4  # basic: on the planet; upgraded: doubled


def test_odin_upgraded_settlements_two_strength():
    s = game(2, houses=["norrenis", "pharaos"])
    s.seats[0]["major"] = True
    s.osl[0]["no5"] = 1
    put(s, 0, "no5", 1)
    assert s._harvest_strength(0, "no5") == 3


# ---------------------------------------------------------------- gods (minor)
def _summon(s, seat, god, where="ph4"):
    s.seats[seat]["free_minor"] = 1
    if god not in s.seats[seat]["gods_offer"]:
        s.seats[seat]["gods_offer"].append(god)
    if not s.fol[where][seat]:
        s.fol[where][seat] = 1
    run_steps(s, ["extra"])
    play(s, f"summon {god}")
    if s.kind == "summon_hex":
        play(s, f"replace {where}")
    return s


@pytest.mark.parametrize(
    "god,house,setup,vp",
    [
        ("horus", "pharaos", {"ph3": 1, "g1": 1}, 4),
        ("aegir", "norrenis", {"no3": 1, "g3": 1}, 4),
        ("ninhursag", "babylon", {"ba4": 1, "g2": 1}, 4),
        ("demeter", "ellenys", {"el4": 1, "g4": 1}, 4),
    ],
)
def test_end_scoring_gods_per_resource_region(god, house, setup, vp):
    s = game(2, houses=[house, "pharaos" if house != "pharaos" else "norrenis"])
    for h, n in setup.items():
        put(s, 0, h, n)
    s.seats[0]["summoned"].append(god)
    assert s._god_points(0) == vp


def test_set_enki_ares_hades_end_scoring():
    s = game(2)
    put(s, 0, "ph3", 1)
    put(s, 0, "ph6", 1)
    s.exh["ph3"] = ["wood", "wood"]
    s.exh["ph6"] = ["food", "food"]
    s.seats[0]["summoned"] = ["set"]
    assert s._god_points(0) == 3
    s = game(2, houses=["babylon", "pharaos"])
    put(s, 0, "gaa", 1)
    s.seats[0]["summoned"] = ["enki"]
    assert s._god_points(0) == 4
    s = game(2, houses=["ellenys", "pharaos"])
    s.seats[0]["defeated"] = ["a1", "a2"]
    s.seats[0]["summoned"] = ["ares", "hades"]
    # supply: 12 followers, none on the board here -> 4 x 2
    assert s._god_points(0) == 4 + 2 * (12 // 3)


def test_summon_track_advance_and_follower_replaced():
    s = game(2)
    _summon(s, 0, "horus")
    assert s.seats[0]["tracks"][1] == 1 and s.gods[0]["horus"] == "ph4" and s.fol["ph4"][0] == 0


def test_bastet_free_contract_for_one_mana():
    s = game(2)
    s.first_game = False
    s.seats[0]["contracts"] = ["c19"]
    res(s, 0)
    _summon(s, 0, "bastet")
    play(s, "fulfil c19", "gain gold", "draw dagger")
    assert s.seats[0]["mana"] == 1 and s.seats[0]["vp"] == 4 and "c19" in s.seats[0]["fulfilled"]


def test_anubis_adds_a_follower_when_a_god_starts_a_battle():
    s = game(2)
    put(s, 0, "g1", 0, gods=("anubis",))
    put(s, 1, "g2", 1)
    hand(s, 0, "dagger", "short_bow")
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from g1", "to g2")
    assert s.fol["g2"][0] == 1


def test_isis_osiris_ashur_strengths():
    s = game(2)
    s.stl["ph5"] = 0
    put(s, 0, "ph5", 1)
    s.seats[0]["summoned"] = ["isis", "osiris"]
    assert s._harvest_strength(0, "ph5") == 1 + 1 + 1
    s = game(2, houses=["babylon", "pharaos"])
    put(s, 0, "ba5", 1)
    s.seats[0]["summoned"] = ["ashur"]
    assert s._harvest_strength(0, "ba5") == 2


def test_sekhmet_weapon_discount():
    s = game(2)
    s.seats[0]["summoned"] = ["sekhmet"]
    assert s.weapon_cost(0, "ballista") == {"metal": 1} and s.weapon_cost(0, "short_bow") == {}


def test_freyja_freyr_frigg():
    s = game(2, houses=["norrenis", "pharaos"])
    res(s, 0)
    put(s, 0, "no5", 2)
    _summon(s, 0, "freyja", "no5")
    play(s, "yes", "gain gold", "gain gold", "gain gold", "gain gold")
    assert get(s, 0, "gold") == 4
    s = game(2, houses=["norrenis", "pharaos"])
    for h in ("g1", "g2", "g3", "g4"):
        put(s, 0, h, 1)
    _summon(s, 0, "freyr", "no4")
    assert s.seats[0]["vp"] == 2 and s.seats[0]["mana"] == 4
    s = game(2, houses=["norrenis", "pharaos"])
    put(s, 0, "no1", 2)  # + settlement = 3
    put(s, 0, "g1", 3)
    _summon(s, 0, "frigg", "no4")
    assert s.kind == "frigg" and legal(s) == ["pass", "yes"]  # seed: 「置くことができます」, region by region
    play(s, "yes", "yes")
    assert s.fol["no1"][0] == 3 and s.fol["g1"][0] == 4


def test_anu_teleports_up_to_three_from_one_region():
    s = game(2, houses=["babylon", "pharaos"])
    put(s, 0, "ba5", 3)
    _summon(s, 0, "anu", "ba4")
    play(s, "from ba5", "follower", "to g1", "follower", "to g1", "pass")
    assert s.fol["g1"][0] == 2 and s.fol["ba5"][0] == 1


def test_enlil_and_hermes_add_one():
    s = game(2, houses=["babylon", "pharaos"])
    s.seats[0]["summoned"] = ["enlil"]
    put(s, 0, "ba5", 3)
    pawn_on(s, 0, 2)
    play(s, "tile 1")
    assert s.darg["n"] == 2
    s = game(2, houses=["ellenys", "pharaos"])
    s.seats[0]["summoned"] = ["hermes"]
    put(s, 0, "el5", 3)
    pawn_on(s, 0, 3)
    play(s, "tile 2")
    assert s.darg["n"] == 3


def test_marduk_ninlil_athena_hera_poseidon():
    s = game(2, houses=["babylon", "pharaos"])
    _summon(s, 0, "marduk")
    assert s.fol["ba1"][0] == 2
    s = game(2, houses=["babylon", "pharaos"])
    put(s, 0, "g5", 1)  # 1 shrine on Gaia (4 players' side differs)
    res(s, 0)
    _summon(s, 0, "ninlil", "ba4")
    n = DATA.gaia[2][1]["g5"]["shrines"]
    assert s.seats[0]["vp"] == n and get(s, 0, "metal") == n
    s = game(2, houses=["ellenys", "pharaos"])
    res(s, 0)
    s.stl["g1"] = 0
    _summon(s, 0, "athena", "el4")
    assert get(s, 0, "wood") == 1 + 1  # capital (wood) and g1 (wood)
    s = game(2, houses=["ellenys", "pharaos"])
    s.seats[0]["summoned"] = ["hera"]
    run_steps(s, ["followers", 0, 1])
    assert s.fol["el1"][0] == 2
    s = game(2, houses=["ellenys", "pharaos"])
    base = s.shrines(0)
    s.seats[0]["summoned"] = ["poseidon"]
    assert s.shrines(0) == base + 1


def test_thor_and_heimdall():
    s = _player_battle(["dagger", "short_bow"], [], att_units=2, def_units=1, houses=["norrenis", "pharaos"])
    s.seats[0]["summoned"].append("thor")
    play(s, "@0 weapon dagger", "@1 weapon slingshot")
    while s.kind == "steal":
        play(s, legal(s)[0])
    assert s.seats[0]["vp"] == 1 + 2
    s = game(2, houses=["pharaos", "norrenis"])
    s.osl[1]["g2"] = 1
    put(s, 1, "g2", 1)
    put(s, 0, "g2", 2)
    s.seats[1]["summoned"] = ["heimdall"]
    s.ctx["battle"] = {"hex": "g2", "att": 0, "def": 1, "cards": {}, "extra": {}, "metal": {}, "winner": None}
    assert s.battle_strength(1) == 1 + 3


# ---------------------------------------------------------------- artifacts
def test_horn_of_plenty():
    s = game(2)
    s.seats[0]["artifacts"] = ["horn_of_plenty"]
    res(s, 0, food=4)
    run_steps(s, ["extra"])
    play(s, "horn", "pay 4 food")
    assert s.seats[0]["vp"] == 8 and get(s, 0, "food") == 0 and s.seats[0]["artifacts"] == []


def test_mirror_two_different_mana_actions_one_cheaper():
    s = game(2)
    s.seats[0]["artifacts"] = ["mirror"]
    s.seats[0]["mana"] = 2
    res(s, 0, food=2, wood=2)
    put(s, 0, "ph4", 1)
    run_steps(s, ["mana_choice", 0, 0, [], False])
    play(s, "mana mirror", "mana blue")
    assert s.seats[0]["mana"] == 1
    while s.kind != "mana":
        play(s, legal(s)[0])
    assert "mana blue" not in legal(s)
    play(s, "mana followers")
    assert s.seats[0]["mana"] == 1 and get(s, 0, "food") == 0


def test_pandora_token_gain_and_others_lose():
    s = game(3)
    s.seats[0]["artifacts"] = ["pandora"]
    s.seats[0]["pandora"] = ["mana", "follower", "weapon"]
    s.seats[2]["mana"] = 0
    run_steps(s, ["extra"])
    play(s, "pandora", "token mana")
    assert [sd["mana"] for sd in s.seats] == [3, 1, 0]
    assert "pandora" not in legal(s)  # one token per turn


def test_destiny_stone_secret_and_scored():
    s = game(2)
    s.art_deck = ["destiny", "mirror", "horn_of_plenty"]
    run_steps(s, ["artifact_pick", 0, 1])
    play(s, "artifact destiny", "destiny tech")
    assert s.view(1)["seats"][0]["destiny"] == "?" and s.view(0)["seats"][0]["destiny"] == "tech"
    assert s.view(1)["artifacts"]["deck"] == ["?", "?"]
    s.seats[1]["tracks"] = [0, 11, 0]
    s.seats[1]["dom"] = 0
    s._finish()
    assert s.final[0]["destiny"] == DATA.destiny_vp[5]


def test_scarab_advances_each_track_at_the_end():
    s = game(2)
    s.seats[0]["artifacts"] = ["scarab"]
    s._finish()
    assert s.seats[0]["tracks"] == [1, 1, 1]


def test_underworld_map_region_only_for_its_owner():
    s = game(2)
    assert "uw" not in s._dests(0, "ph1", "portal")
    s.seats[0]["artifacts"] = ["underworld_map"]
    put(s, 0, "g3", 1)
    assert "uw" in s._dests(0, "ph1", "portal") and "uw" in s._dests(0, "g3", "move")
    assert "uw" not in s._dests(1, "no1", "portal")
    put(s, 0, "uw", 2)
    assert "g3" in s._dests(0, "uw", "move")
    pawn_on(s, 0, 2)
    res(s, 0)
    play(s, "tile 5", "harvest uw", "gain gold", "gain metal")
    assert get(s, 0, "gold") == 1 and get(s, 0, "metal") == 1


def test_illegal_moves_change_nothing():
    s = game(2)
    before = s.to_json()
    for bad in ("tile 3", "tile 11", "fly away", "", "@5 tile 2", "@x tile 2"):
        with pytest.raises(IllegalMove):
            s.apply_move(bad)
        assert s.to_json() == before


# ---------------------------------------------------------------- Odin's settlements as units
def test_odin_settlement_moves_carrying_two_units_and_can_leave_the_capital():
    s = game(2, houses=["norrenis", "pharaos"])
    assert s.osl[0] == {"no1": 1} and "no1" not in s.stl
    put(s, 0, "no1", 3)
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from no1", "settlement", "to no4", "carry follower", "carry follower")
    assert s.osl[0] == {"no4": 1} and s.fol["no4"][0] == 2 and s.fol["no1"][0] == 1
    assert s.darg["n"] == 1  # carrying costs no movement
    play(s, "from no1", "to no4")
    assert s.controller("no1") is None  # the capital left empty
    assert "no1" not in s._dests(1, "no2", "move") if s.has_units("no2", 1) else True
    put(s, 1, "no2", 1)
    assert "no1" not in s._dests(1, "no2", "move")


def test_odin_settlement_besieges_and_is_never_besieged():
    s = game(2, houses=["norrenis", "pharaos"])
    s.stl["g3"] = 1
    s.osl[0]["g3"] = 1
    by_hand(s)
    assert s.controller("g3") == 0  # the pharaos settlement is besieged
    assert "g3" not in s._follower_spots(1) and "g3" in s._follower_spots(0)
    s = game(2, houses=["pharaos", "norrenis"])
    s.osl[1]["g2"] = 1
    put(s, 0, "g1", 2)
    hand(s, 0, "dagger", "short_bow")
    res(s, 0, metal=2)
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from g1", "to g2")
    assert s._at_war("g2")  # a battle, not a siege
    play(s, "from g1", "to g2")
    to_battles(s)
    play(s, "@0 weapon dagger", "@1 weapon slingshot")
    # 2 + 1 against the settlement's 0: lost, the settlement goes to the capital
    assert s.osl[1] == {"no1": 2} and s.controller("g2") == 0


def test_odin_settlement_strength_and_objectives():
    s = game(2, houses=["norrenis", "pharaos"])
    s.osl[0]["g3"] = 2
    put(s, 0, "g3", 1)
    assert s.units_at("g3", 0) == [1, 0, 0]
    s.seats[0]["major"] = True
    assert s.units_at("g3", 0) == [1, 2, 2]
    assert s.objective(0, "settlements") == 3
    assert s.objective(0, "units") == 0  # 1 follower: settlements are not units here
