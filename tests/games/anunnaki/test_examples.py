"""The rulebook's worked examples, on the engine (placeholder maps, same rules)."""

from __future__ import annotations

from meeple.games.anunnaki.data import DATA
from tests.games.anunnaki.helpers import arrange, game, get, legal, pawn_on, play, put, res, take_culture, to_battles


def test_pawn_move_places_cube_and_takes_its_mana():
    # Selena: pawn from 7 to the adjacent 10; the space between shows 1 mana
    s = game(2)
    arrange(s, 7, 10)
    pawn_on(s, 0, 7)
    play(s, "tile 10")
    assert s.seats[0]["cubes"] == [0]
    assert s.seats[0]["mana"] == 3
    assert s.kind == "market"


def test_portal_to_gaia_flips_the_culture_token():
    # Simone: basic portal, a follower from her capital to Gaia's 3-metal region
    s = game(2)
    put(s, 0, "ph1", 2)
    spot = [i for i, (tri, _b) in enumerate(s.lay.spots) if set(tri) == {"g5", "g1", "g2"}][0]
    s.cul[spot] = ["k3", False]
    pawn_on(s, 0, 2)
    play(s, "tile 1", "from ph1")
    dests = legal(s)
    assert "to g2" in dests and "to gaa" not in dests and "to no1" not in dests
    play(s, "to g2")
    assert s.fol["g2"][0] == 1 and s.fol["ph1"][0] == 1
    assert s.cul[spot][1] is True


def test_moving_into_an_ancient_tile_ends_that_unit_move_and_battles_in_phase_4():
    # Isobel: blue move, two followers into the region of an ancient tile
    s = game(2)
    put(s, 0, "ph4", 2)
    s.anc["ph7"] = ["a1", False, False]
    s.seats[0]["pile"].remove("dagger")
    s.seats[0]["hand"].append("dagger")
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from ph4", "to ph7")
    assert "from ph7" not in legal(s)  # a unit that entered a battle stops
    play(s, "from ph4", "to ph7")
    metal = s.seats[0]["res"][2]
    to_battles(s)
    # the only weapon is played (a forced choice): 2 + 1 < 5, lost: units home,
    # the tile stays face up, 1 metal in compensation
    assert s.fol["ph7"][0] == 0 and s.fol["ph1"][0] == 2
    assert s.anc["ph7"] == ["a1", True, False]
    assert s.seats[0]["res"][2] == metal + 1 and "dagger" in s.seats[0]["pile"]


def test_developed_red_move_splits_five_points_and_enters_atlantis_across_dotted_edges():
    # Danilo: developed red move (5): one follower 2 spaces, three units into Atlantis
    s = game(2)
    s.seats[0]["developed"] = [3]
    put(s, 0, "ph4", 1)
    put(s, 0, "g6", 1, gods=("major", "bastet"))
    put(s, 1, "g5", 1)
    s.anc["gaa"] = ["a5", False, True]
    assert "gaa" not in s._dests(1, "g5", "move")  # solid edge
    assert "gaa" in s._dests(0, "g6", "move")  # dotted edge
    pawn_on(s, 0, 2)
    play(s, "tile 3", "from ph4", "to ph5", "from ph5", "to ph3")
    play(s, "from g6", "major", "to gaa", "from g6", "god bastet", "to gaa", "from g6", "to gaa")
    assert sorted(s.units_at("gaa", 0)) == [1, 2, 3] and s.fol["ph3"][0] == 1
    assert s.kind != "from"  # five points used


def test_commerce_takes_a_contract_and_refills_the_display():
    s = game(2)
    pawn_on(s, 0, 2)
    top = s.deck[-1]
    first = s.display[0]
    play(s, "tile 4", f"take {first}")
    assert s.seats[0]["contracts"] == [first]
    assert top in s.display and len(s.display) == 6


def test_red_harvest_limits_and_exhaust_tokens():
    # Simone: an exhausted region and an empty one cannot be harvested; 2 food, 3 metal
    s = game(2)
    put(s, 0, "ph3", 1)
    s.exh["ph3"] = ["wood", "wood"]
    put(s, 0, "ph6", 2)
    put(s, 0, "g2", 1, gods=("anubis",))
    pawn_on(s, 0, 2)
    play(s, "tile 6")
    opts = legal(s)
    assert "harvest ph3" not in opts and "harvest ph5" not in opts
    play(s, "harvest ph6", "harvest g2")
    assert get(s, 0, "food") == 1 + 2 and get(s, 0, "metal") == 1 + 3
    assert s.exh["ph6"] == ["food"] and s.exh["g2"] == ["metal"]


def test_developed_creation_any_one_type_per_shrine():
    # Danilo: developed creation with 2 shrines controlled
    s = game(2)
    s.seats[0]["developed"] = [7]
    put(s, 0, "ph2", 1)  # capital (1 shrine) + ph2 (1 shrine)
    pawn_on(s, 0, 2)
    play(s, "tile 7", "create gold")
    assert get(s, 0, "gold") == 1 + 2


def test_settlement_income_after_two_settlements_built():
    # Danilo: the income now shows 2 followers and 2 VP
    s = game(2)
    s.seats[0]["settle_left"] = 2
    pawn_on(s, 0, 2)
    play(s, "tile 8")
    while s.kind == "place_follower":
        play(s, "follower ph1")
    assert s.seats[0]["vp"] == 2 and s.fol["ph1"][0] == 2


def test_domination_action_by_units_objective_takes_a_2vp_token():
    # Selena: objective '3 units', 5 followers + 1 minor god = 6 units: 2 spaces
    s = game(2)
    s.objectives["dom"] = "units"
    put(s, 0, "ph2", 5, gods=("anubis",))
    s.seats[0]["dom"] = -5
    pawn_on(s, 0, 2)
    play(s, "tile 9")
    assert s.seats[0]["dom"] == -3
    assert s.seats[0]["vp"] == 2 and -4 not in s.dom_tokens


def test_market_trades_one_for_two_different():
    # Simone: 1 metal for 1 gold and 1 wood
    s = game(2)
    res(s, 0, metal=1)
    pawn_on(s, 0, 2)
    play(s, "tile 10")
    assert "trade metal for metal gold" not in legal(s)
    play(s, "trade metal for gold wood")
    assert [get(s, 0, r) for r in ("metal", "gold", "wood")] == [0, 1, 1]
    s = game(2)
    res(s, 0)
    s.seats[0]["developed"] = [10]
    pawn_on(s, 0, 2)
    play(s, "tile 10", "gain gold wood")
    assert [get(s, 0, r) for r in ("metal", "gold", "wood")] == [0, 1, 1]


def test_develop_only_next_to_the_pawn_red_needs_wood_and_metal():
    # Isobel: only adjacent tiles; no resources for a red one; flips 7 and uses it
    s = game(2)
    s.arrangement = [7, 1, 2, 3, 4, 10, 5, 6, 8, 9]
    pawn_on(s, 0, 9)
    res(s, 0, gold=2)
    put(s, 0, "ph2", 1)
    play(s, "tile 10", "pass")  # market: nothing to trade
    play(s, "mana develop")
    assert legal(s) == ["develop 4", "develop 5", "develop 7"]
    play(s, "develop 7", "yes", "create food")
    assert s.seats[0]["developed"] == [7] and s.seats[0]["tracks"][1] == 1
    assert get(s, 0, "food") == 2 and get(s, 0, "gold") == 0


def test_three_new_followers_split_among_settlements():
    s = game(2)
    res(s, 0, food=2)
    s.stl["g3"] = 0
    s.stl["ph4"] = 0
    s.seats[0]["settle_left"] = 2
    pawn_on(s, 0, 2)
    play(s, "tile 4", f"take {s.display[0]}", "mana followers")
    play(s, "follower g3", "follower g3", "follower ph4")
    assert s.fol["g3"][0] == 2 and s.fol["ph4"][0] == 1


def test_new_settlement_reveals_income():
    s = game(2)
    res(s, 0, wood=2)
    put(s, 0, "ph4", 1)
    pawn_on(s, 0, 2)
    put(s, 0, "ph5", 1)
    play(s, "tile 4", f"take {s.display[0]}", "mana settle")
    assert legal(s) == ["settle ph4", "settle ph5"]
    play(s, "settle ph4")
    assert s.stl["ph4"] == 0 and s.seats[0]["settle_left"] == 3


def test_third_cube_around_a_triangle_frees_a_god_summoned_in_place_of_a_follower():
    s = game(2)
    s.seats[0]["cubes"] = [0, 1]
    s.arrangement = [1, 2, 3, 4, 7, 5, 6, 8, 9, 10]
    pawn_on(s, 0, 5)  # position 5 (i0); space 2 joins i0 and i1 (tile 6)
    put(s, 0, "ph4", 2)
    put(s, 0, "g1", 1)
    god = s.seats[0]["gods_offer"][0]
    play(s, "tile 6")
    assert s.seats[0]["free_minor"] == 1 and 0 in s.seats[0]["tokens"]
    while s.kind in ("harvest", "mana"):
        play(s, "pass")
    play(s, f"summon {god}", "replace ph4")
    assert s.gods[0][god] == "ph4" and s.fol["ph4"][0] == 1
    assert s.seats[0]["free_minor"] == 0


def test_house_contract_full_benefits_with_control_on_that_planet_else_one_half():
    # Selena: a portal moves a follower to the Norrenis planet; she pays food 1, wood 2
    # and any 1 for c1 (Norrenis icon) and gains both halves: any 1 and an advanced
    # weapon, 4 VP and commerce +2. Without the follower there: one half only.
    for control in (True, False):
        s = game(2)
        s.first_game = False
        assert DATA.contracts["c1"]["house"] == "norrenis"
        res(s, 0, food=1, wood=2, gold=1)
        s.seats[0]["contracts"] = ["c1"]
        put(s, 0, "ph4", 1)
        pawn_on(s, 0, 2)
        play(s, "tile 1", "from ph4", "to no4" if control else "to ph5")
        while s.kind == "mana":
            play(s, "pass")
        play(s, "fulfil c1")  # food 1, wood 2, and the gold as "any"
        if control:
            play(s, "gain gold", "draw dagger")
            assert s.seats[0]["vp"] == 4 and s.seats[0]["tracks"][2] == 2
            assert "dagger" in s.seats[0]["hand"] and s.seats[0]["res"] == [0, 0, 0, 1]
        else:
            assert legal(s) == ["bottom", "middle"]
            play(s, "bottom")
            assert s.seats[0]["vp"] == 4 and s.seats[0]["tracks"][2] == 2
            assert "dagger" not in s.seats[0]["hand"] and s.seats[0]["res"] == [0, 0, 0, 0]
        assert s.seats[0]["fulfilled"] == ["c1"]


def test_ancient_battle_tie_goes_to_the_attacker_then_the_culture_token():
    # Isobel: a minor god (2) + Short Bow (3) = 5 against a strength-5 tile
    s = game(2)
    put(s, 0, "ph4", 1, gods=("anubis",))
    put(s, 0, "ph5", 1)
    s.anc["ph7"] = ["a1", False, False]
    spot = [i for i, (tri, _b) in enumerate(s.lay.spots) if set(tri) == {"ph4", "ph5", "ph7"}][0]
    s.cul[spot] = ["k2", False]
    for w in ("short_bow", "dagger"):
        s.seats[0]["pile"].remove(w)
        s.seats[0]["hand"].append(w)
    res(s, 0, metal=1)
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from ph4", "god anubis", "to ph7", "pass")
    to_battles(s)
    mana = s.seats[0]["mana"]
    play(s, "weapon short_bow", "yes")
    sd = s.seats[0]
    assert "ph7" not in s.anc and sd["defeated"] == ["a1"]
    assert sd["tracks"][0] == 1 and sd["vp"] == 3
    assert get(s, 0, "metal") == 2 and get(s, 0, "food") == 1
    assert "short_bow" in sd["pile"]
    assert sd["mana"] == mana + 1 and s.cul[spot] is None  # culture token resolved


def test_battle_between_players_secret_weapons_and_slingshot():
    # Danilo: 2 followers + Dagger (1) against Selena's follower + Slingshot
    s = game(2)
    put(s, 0, "g1", 2)
    put(s, 1, "g2", 1)
    s.seats[0]["pile"].remove("dagger")
    s.seats[0]["hand"].append("dagger")
    res(s, 0, gold=1, wood=1)
    res(s, 1, food=2)
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from g1", "to g2", "from g1", "to g2")
    to_battles(s)
    assert s.kind == "weapon" and s.decision().seats == (0, 1)
    # the defender may play a basic weapon: Long Shield (2 resources) or Slingshot (free)
    assert legal(s, 1) == ["weapon long_shield", "weapon slingshot"]
    play(s, "@0 weapon dagger")
    assert s.decision().seats == (1,)
    assert s.view(1)["pending"]["secret"] == {"0": "?"}
    assert s.view(0)["pending"]["secret"] != {"0": "?"}
    play(s, "weapon slingshot")
    assert s.fol["g2"] == [2, 0] and s.fol["no1"][1] == 1
    assert s.seats[0]["tracks"][0] == 1 and s.seats[0]["vp"] == 1
    play(s, "steal gold")
    assert get(s, 1, "gold") == 1 and get(s, 0, "gold") == 0 and get(s, 1, "food") == 2
    assert "slingshot" in s.seats[1]["hand"] and "dagger" in s.seats[0]["pile"]


def test_second_atlantis_conquest_takes_one_of_two_artifacts():
    # Simone: 2 minor gods + 1 follower (5) + Double Axe (3) = 8 against 3 + 3 (Atlantis god)
    s = game(4)
    put(s, 0, "g6", 1, gods=("horus", "bastet"))
    s.anc["gaa"] = ["a2", False, True]
    s.conquests = 1
    s.art_deck = ["mirror", "destiny"]
    for w in ("double_axe", "dagger"):
        s.seats[0]["pile"].remove(w)
        s.seats[0]["hand"].append(w)
    res(s, 0, metal=1)
    pawn_on(s, 0, 2)
    play(s, "tile 3", "from g6", "follower", "to gaa", "from g6", "god horus", "to gaa", "from g6", "to gaa")
    to_battles(s)
    play(s, "weapon double_axe")
    sd = s.seats[0]
    assert sd["tracks"][0] == 2 and sd["vp"] == 3 and get(s, 0, "metal") == 0
    assert legal(s) == ["option 1", "option 2"]  # 1 gold or 1 wood
    play(s, "option 2")
    assert get(s, 0, "wood") == 1
    assert legal(s) == ["artifact destiny", "artifact mirror"]
    play(s, "artifact mirror")
    assert s.seats[0]["artifacts"] == ["mirror"] and "destiny" in s.removed and s.art_deck == []


def test_culture_token_benefit_for_every_player_around_it():
    # Danilo closes the ring with a move; he and Selena each gain 2 gold
    s = game(2)
    spot = [i for i, (tri, _b) in enumerate(s.lay.spots) if set(tri) == {"g5", "g1", "g2"}][0]
    s.cul[spot] = ["k1", True]
    put(s, 0, "g2", 1)
    put(s, 0, "g4", 1)
    put(s, 1, "g1", 1)
    res(s, 0)
    res(s, 1)
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from g4", "to g5", "pass")
    take_culture(to_battles(s))
    assert get(s, 0, "gold") == 2 and get(s, 1, "gold") == 2
    assert s.cul[spot] is None and "k1" in s.removed


def test_final_scoring_example():
    # Simone: tracks 4+4+2; shrines 3 x2, settlements 3 x5, units 8/3=2 x4; domination 3;
    # Horus 2 wood regions x2; 4 resources + 3 mana = 1
    s = game(2)
    s.objectives = {"war": "shrines", "tech": "settlements", "commerce": "units", "dom": "regions"}
    sd = s.seats[0]
    sd["tracks"] = [4, 11, 9]  # multipliers 2, 5, 4
    s.seats[1]["tracks"] = [5, 0, 0]
    sd["dom"] = 5  # 3 VP
    s.seats[1]["dom"] = 0
    put(s, 0, "ph2", 3)  # shrine
    put(s, 0, "ph6", 2)  # shrine (with the capital's: 3)
    put(s, 0, "ph3", 1, gods=("horus",))  # wood
    put(s, 0, "g1", 1)  # wood
    s.stl["ph3"] = 0
    s.stl["g1"] = 0
    res(s, 0, food=4)
    sd["mana"] = 3
    s._finish()
    f = s.final[0]
    assert f["war_rank"] == 2 and f["tech_rank"] == 4 and f["commerce_rank"] == 4
    assert f["war_objective"] == 3 * 2
    assert f["tech_objective"] == 3 * 5
    assert f["commerce_objective"] == 2 * 4
    assert f["domination"] == 3 and f["gods"] == 4 and f["resources"] == 1
    assert sd["vp"] == 10 + 6 + 15 + 8 + 3 + 4 + 1
