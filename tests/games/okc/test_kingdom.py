"""Kingdom card effects: one test per implemented card."""

import pytest

from meeple.games.okc import cards as C
from meeple.games.okc import dump, load
from tests.games.okc.helpers import SUMMER, active, doc, fd, in_clash, summer

NOB, CLA, UPR, GAT = "nobility", "clans", "uprising", "gathering"


def kc(name, occ):
    return {"kingdom": name, "occupier": occ}


def at(step, board, seats=None, **kw):
    seats = seats or {}
    seats.setdefault(0, {})["board"] = [kc(*b) for b in board] + [None] * (2 - len(board))
    todo = {"spring": SUMMER + [["markers"], ["spring", 0]], "autumn": [["winter"], ["autumn", 0]]}[step]
    kw.setdefault("road", ["martial-04", "martial-05", "intrigue-12", "trade-11"])
    kw.setdefault("kingdom_deck", ["martial-13", "martial-15", "trade-10", "trade-07"])
    return load(doc(seats=seats, pending={"kind": None, "seats": [], "todo": todo}, **kw))


def test_trade_01_pathfinder_and_active_journey():
    s = at("autumn", [("trade-01", "nobility:agent")], regions={"plateau": {"active": active("nobility:follower-2")}})
    s.apply_move("journey follower-2")
    assert "nobility:follower-2" in dump(s)["seats"][0]["discard"]


def test_trade_02_council_influence_and_discard_for_more():
    s = at(
        "spring",
        [("trade-02", "nobility:agent")],
        councils={"relics": ["nobility:trader"], "secrets": ["nobility:cavalry"], "oaths": ["nobility:heir"]},
    )
    s.apply_move("kingdom trade-02")
    assert s.influence[0] == 1
    s.apply_move("discard-it")
    assert s.influence[0] == 3 and "trade-02" in dump(s)["kingdom_discard"]


def test_trade_03_follower_votes():
    s = load(
        doc(
            order=[1, 0],
            seats={0: {"board": [kc("trade-03", "nobility:agent"), None]}},
            councils={"relics": ["nobility:follower-2"], "secrets": [], "oaths": []},
            pending={"kind": None, "seats": [], "todo": [["winter"], ["autumn", 0]]},
        )
    )
    assert s.votes(0, 0) == 2  # not first on the track: +2


def test_trade_05_and_09_bids():
    s = load(
        doc(
            order=[1, 0],
            seats={
                0: {"hand": ["follower-1"], "board": [kc("trade-05", "nobility:agent"), None]},
                1: {"hand": ["captain-9"], "board": [kc("trade-09", "clans:follower-1"), None]},
            },
        )
    )
    s.apply_move("0: bid follower-1")
    s.apply_move("1: bid captain-9")
    # 1 + 5 = 6 < 9: clans first; stealing trade-05 needs more than 5 + 5 = 10: 9 + 3 = 12
    assert s.decision().seats == (1,)
    s.apply_move("herald castle")
    assert "steal trade-05" in s.legal_moves()
    s.apply_move("steal trade-05")
    assert s.influence[1] == 1


def test_trade_06_burns_a_tactic():
    s = at("spring", [("trade-06", "nobility:agent")], seats={0: {"tactics": [1, 2, 1, 1]}})
    s.apply_move("kingdom trade-06")
    s.apply_move("tactic 2")
    assert s.tactics[0][1] == -1 and s.lore[0] == 2


def test_trade_08_lore_plus_one():
    s = at("autumn", [("trade-08", "nobility:agent")])
    s.apply_move("journey follower-1")
    assert s.lore[0] == 2


def test_trade_12_pathfinder_journey_bonus():
    s = at("autumn", [("trade-12", "nobility:agent")])
    s.apply_move("journey captain-9")
    assert s.influence[0] == 1 and s.lore[0] == 2


def test_trade_13_influence_or_lore():
    s = at("spring", [("trade-13", "nobility:agent")])
    s.apply_move("kingdom trade-13")
    assert s.influence[0] == 1
    assert "kingdom trade-13" not in s.legal_moves()  # once a round


def test_trade_14_discard_to_hand():
    s = at("spring", [("trade-14", "nobility:agent")], seats={0: {"discard": ["heir"]}})
    s.apply_move("kingdom trade-14")
    assert "nobility:heir" in dump(s)["seats"][0]["hand"]


def test_trade_16_hand_size():
    s = at(
        "autumn", [("trade-16", "nobility:agent")], councils={"relics": ["nobility:trader"], "secrets": [], "oaths": []}
    )
    s.apply_move("kingdom trade-16")
    d = dump(s)
    assert d["seats"][0]["hand_size"] == 7 and d["seats"][0]["board"][0] is None
    assert "nobility:agent" in d["seats"][0]["hand"] and "nobility:trader" in d["seats"][0]["discard"]


def test_trade_17_hand_size_and_heir_win():
    s = summer(
        regions=fd({"highlands": ["nobility:heir", "clans:captain-6"]}),
        seats={0: {"board": [kc("trade-17", "nobility:agent"), None]}},
    )
    assert s.hsize(0) == 7
    assert s.influence[0] == 1 and s.decision().kind == "location"


def test_intrigue_05_supporters_move():
    s = in_clash(
        "highlands",
        ["highlands", "plateau", "lowlands"],
        [0, 1],
        {"highlands": {"active": active("nobility:captain-6", "clans:captain-7")}},
        seats={0: {"map": [2, 0, 0], "board": [kc("intrigue-05", "nobility:agent"), None]}},
    )
    s.apply_move("kingdom intrigue-05")
    s.apply_move("supporter plateau")
    s.apply_move("supporter board")
    assert s.sup_map[0] == [0, 1, 0] and s.sup_board[0] == 4


def test_intrigue_06_own_face_down_swap():
    """ "spring: look at a region, swap two of your face-down cards": the look
    (the region's face-down cards, told to this seat alone), then the swap."""
    s = at(
        "spring",
        [("intrigue-06", "nobility:agent")],
        regions=fd({"highlands": ["nobility:heir"], "lowlands": ["nobility:ruse", "clans:captain-8"]}),
    )
    s.apply_move("kingdom intrigue-06")
    assert s.legal_moves() == ["look highlands", "look lowlands"]
    s.apply_move("look lowlands")
    assert s.peeked[0] == sorted(C.CARD_BY_NAME[n] for n in ("nobility:ruse", "clans:captain-8"))
    assert "clans:captain-8" in str(s.view(0)) and "clans:captain-8" not in str(s.view(None))
    # the only pair of regions with a card of its own each: the swap is taken at once
    assert dump(s)["regions"]["highlands"]["facedown"] == ["nobility:ruse"]


def test_intrigue_07_active_to_council():
    s = at(
        "autumn",
        [("intrigue-07", "nobility:agent")],
        regions={"plateau": {"active": active("nobility:captain-6")}},
        councils={"relics": ["clans:heir"], "secrets": [], "oaths": []},
    )
    s.apply_move("kingdom intrigue-07")
    s.apply_move("council relics")
    d = dump(s)
    assert d["councils"]["relics"] == ["nobility:captain-6"] and "clans:heir" in d["seats"][1]["discard"]


def test_intrigue_08_lost_swap():
    s = at("spring", [("intrigue-08", "nobility:agent")], lost=["nobility:heir"])
    s.apply_move("kingdom intrigue-08")
    s.apply_move("choose follower-1")
    d = dump(s)
    assert "nobility:heir" in d["seats"][0]["hand"] and d["lost"] == ["nobility:follower-1"]


def test_intrigue_14_lost_to_deck():
    s = at("autumn", [("intrigue-14", "nobility:agent")], lost=["nobility:heir", "clans:ruse"])
    s.apply_move("kingdom intrigue-14")
    s.apply_move("top")
    d = dump(s)
    assert d["seats"][0]["deck"][0] == "nobility:heir" and d["lost"] == ["clans:ruse"]


def test_intrigue_15_active_to_hand():
    s = at("autumn", [("intrigue-15", "nobility:agent")], regions={"plateau": {"active": active("nobility:captain-6")}})
    s.apply_move("kingdom intrigue-15")
    assert "nobility:captain-6" in dump(s)["seats"][0]["hand"]


def test_intrigue_16_eliminated_to_hand():
    s = summer(
        regions=fd({"highlands": ["nobility:captain-6", "clans:agent"]}),
        seats={0: {"board": [kc("intrigue-16", "nobility:agent"), None]}},
    )
    # eliminated by the agent's Deadly: to the lost pile, then "may go to hand" asked
    assert s.kind == "instead" and "nobility:captain-6" in dump(s)["lost"]
    s.apply_move("to-hand")
    assert "nobility:captain-6" in dump(s)["seats"][0]["hand"] and "nobility:captain-6" not in dump(s)["lost"]


def test_martial_01_heirs_deadly_and_follower():
    s = summer(
        regions=fd({"highlands": ["nobility:heir", "clans:captain-6"]}),
        seats={0: {"board": [kc("martial-01", "nobility:agent"), None]}},
    )
    assert "retreat heir" in s.legal_moves()  # gained Retreat
    s.apply_move("done")
    assert "clans:captain-6" in dump(s)["lost"] and s.influence[0] == 1
    s2 = summer(
        regions=fd({"highlands": ["nobility:heir", "clans:follower-3"]}),
        seats={0: {"board": [kc("martial-01", "nobility:agent"), None]}},
    )
    s2.apply_move("done")
    assert "nobility:heir" in dump(s2)["seats"][0]["discard"]  # died to the follower


def test_martial_02_follower_deploy_and_back():
    s = at("autumn", [("martial-02", "nobility:agent")], seats={0: {"discard": ["follower-3"]}})
    assert "deploy follower-1" in s.legal_moves()
    s.apply_move("kingdom martial-02")
    assert "nobility:follower-3" in dump(s)["seats"][0]["hand"]


def test_martial_03_spring_deploy_and_influence():
    s = at("spring", [("martial-03", "nobility:agent")], seats={0: {"hand": ["war-machine", "heir"]}})
    s.apply_move("deploy war-machine")
    s.apply_move("to plateau")
    assert dump(s)["regions"]["plateau"]["active"][0]["deploy"] == 1


def test_martial_05_heirs_flank():
    s = summer(
        regions=fd({"highlands": ["nobility:heir"]}), seats={0: {"board": [kc("martial-05", "nobility:agent"), None]}}
    )
    assert "flank heir" in s.legal_moves()


def test_martial_06_swap_active_with_occupier():
    s = in_clash(
        "highlands",
        ["highlands", "plateau", "lowlands"],
        [0, 1],
        {"highlands": {"active": active("nobility:follower-2", "clans:captain-7")}},
        seats={0: {"board": [kc("martial-06", "nobility:captain-8"), None]}},
    )
    s.apply_move("kingdom martial-06")  # one active card, one occupier: both forced
    d = dump(s)
    assert d["seats"][0]["board"][0]["occupier"] == "nobility:follower-2"
    assert s.decision().kind == "location" and s.decision().seats == (0,)


def test_martial_07_heir_eliminated_goes_to_hand():
    s = summer(
        regions=fd({"highlands": ["nobility:heir", "clans:agent"]}),
        seats={0: {"board": [kc("martial-07", "nobility:trader"), None]}},
    )
    d = dump(s)
    assert "nobility:heir" in d["seats"][0]["hand"] and d["seats"][0]["board"][0] is None


def test_martial_08_supporters_back():
    s = at(
        "autumn",
        [("martial-08", "nobility:agent")],
        seats={0: {"supporters": {"board": 2, "map": [1, 0, 0], "counted": [0, 0, 0], "lost": 2}}},
    )
    s.apply_move("kingdom martial-08")
    s.apply_move("supporter lost")
    s.apply_move("supporter highlands")
    assert s.sup_board[0] == 4


@pytest.mark.parametrize(
    "card,check",
    [
        ("martial-11", lambda d: "ambush" in d["regions"]["highlands"]["active"][0]["gained_commands"]),
        ("martial-17", lambda d: "invulnerable" in d["regions"]["highlands"]["active"][0]["gained_traits"]),
    ],
)
def test_martial_gains(card, check):
    s = in_clash(
        "highlands",
        ["highlands", "plateau", "lowlands"],
        [0, 1],
        {"highlands": {"active": active("nobility:follower-2", "clans:captain-7")}},
        seats={0: {"board": [kc(card, "nobility:agent"), None]}},
    )
    s.apply_move(f"kingdom {card}")
    assert check(dump(s))


def test_martial_16_deadly_discards_card_and_occupier():
    s = in_clash(
        "highlands",
        ["highlands", "plateau", "lowlands"],
        [0, 1],
        {"highlands": {"active": active("nobility:follower-2", "clans:captain-7")}},
        seats={0: {"board": [kc("martial-16", "nobility:agent"), None]}},
    )
    s.apply_move("kingdom martial-16")
    d = dump(s)
    assert "clans:captain-7" in d["lost"] and "nobility:agent" in d["seats"][0]["discard"]


def test_martial_12_plus_five():
    s = in_clash(
        "highlands",
        ["highlands", "plateau", "lowlands"],
        [0, 1],
        {"highlands": {"active": active("nobility:follower-3", "clans:captain-7")}},
        seats={0: {"board": [kc("martial-12", "nobility:agent"), None]}},
    )
    s.apply_move("kingdom martial-12")
    d = dump(s)
    assert d["seats"][0]["board"][0] is None and "nobility:agent" in d["seats"][0]["discard"]
    assert s.decision().kind == "location" and s.decision().seats == (0,)  # 3 + 5 > 7


# ---- cards placed elsewhere than a board space
KD = dict(
    road=["intrigue-09", "intrigue-10", "intrigue-11", "martial-02"],
    kingdom_deck=["trade-06", "trade-12", "martial-04", "martial-05"],
)


def bids(s, moves):
    for m in moves:
        s.apply_move(m)


def test_trade_04_supply_absorbs_attrition():
    s = load(
        doc(
            seats={0: {"hand": ["captain-9"]}, 1: {"hand": ["follower-2"]}},
            road=["trade-04", "trade-05", "intrigue-02", "martial-02"],
        )
    )
    bids(s, ["0: bid captain-9", "1: bid follower-2", "herald castle", "take trade-04"])
    d = dump(s)
    assert d["seats"][0]["kingdom_supply"] == ["trade-04"] and "nobility:captain-9" in d["seats"][0]["discard"]
    s2 = load(
        doc(
            rnd=2,
            seats={
                0: {
                    "hand": ["heir"],
                    "discard": ["agent", "ruse", "trader", "cavalry", "follower-3"],
                    "kingdom_supply": ["trade-04"],
                },
                1: {"hand": ["heir", "agent", "ruse", "trader", "cavalry", "captain-6"]},
            },
            **KD,
        )
    )
    assert s2.hand_size[0] == 6 and dump(s2)["seats"][0]["kingdom_supply"] == []


def test_trade_07_free_site_card():
    s = load(
        doc(
            seats={0: {"hand": ["captain-9"]}, 1: {"hand": ["follower-2"]}},
            road=["trade-07", "trade-05", "intrigue-02", "martial-02"],
            kingdom_deck=KD["kingdom_deck"],
        )
    )
    bids(s, ["0: bid captain-9", "1: bid follower-2", "herald castle", "take trade-07"])
    d = dump(s)
    assert "nobility:a1" in d["seats"][0]["hand"] and "trade-07" in d["kingdom_discard"]


def test_trade_10_region_govern():
    s = load(
        doc(
            pending={"kind": None, "seats": [], "todo": [["winter"], ["autumn", 0]]},
            kingdom_map={"regions": {"plateau": [{"seat": 0, "kingdom": "trade-10"}]}},
            regions={"plateau": {"active": active("nobility:agent")}},
            **KD,
        )
    )
    s.apply_move("region-govern")  # the agent is the only card: forced
    s.apply_move("council secrets")
    assert dump(s)["councils"]["secrets"] == ["nobility:agent"]


def test_trade_11_location_owner_bonus():
    s = summer(
        regions=fd({"highlands": ["clans:captain-8"]}),
        kingdom_map={"locations": {"castle": [{"seat": 0, "kingdom": "trade-11"}]}},
        **KD,
    )
    s.apply_move("claim castle")
    assert s.influence == [1, 1]


def test_martial_09_halves_opponents():
    s = summer(
        regions=fd({"highlands": ["nobility:follower-4", "clans:captain-7"]}),
        kingdom_map={"regions": {"highlands": [{"seat": 0, "kingdom": "martial-09"}]}},
    )
    # clans 7 -> 4: tied with 4
    assert s.decision().kind == "tie"


def test_martial_13_skips_day_and_night():
    s = summer(
        regions=fd({"highlands": ["nobility:agent", "clans:captain-6"]}),
        kingdom_map={"regions": {"highlands": [{"seat": 1, "kingdom": "martial-13"}]}},
    )
    # no night: the agent does not kill; 6 beats 5
    assert s.decision().kind == "location" and s.decision().seats == (1,)


def test_martial_15_blanks_opponents():
    s = summer(
        regions=fd({"highlands": ["nobility:agent", "clans:captain-6"]}),
        kingdom_map={"regions": {"highlands": [{"seat": 1, "kingdom": "martial-15"}]}},
    )
    assert s.decision().kind == "location" and s.decision().seats == (1,)
    assert "clans:captain-6" not in dump(s)["lost"]


def test_region_cards_leave_in_winter():
    s = load(
        doc(
            pending={"kind": None, "seats": [], "todo": [["winter"]]},
            kingdom_map={"regions": {"highlands": [{"seat": 1, "kingdom": "martial-13"}]}},
        )
    )
    assert "martial-13" in dump(s)["kingdom_discard"]


def test_intrigue_17_top_two_face_up():
    s = load(
        doc(seats={0: {"hand": ["captain-9"], "kingdom_supply": ["intrigue-17"]}, 1: {"hand": ["follower-2"]}}, **KD)
    )
    assert s.view(1)["kingdom_deck"][:2] == ["trade-06", "trade-12"] and s.view(1)["kingdom_deck"][2] == "?"
    bids(s, ["0: bid captain-9", "1: bid follower-2", "herald castle"])
    assert "take trade-06" in s.legal_moves()
    s.apply_move("take trade-12")
    s.apply_move("space 0")
    assert dump(s)["seats"][0]["board"][0]["kingdom"] == "trade-12"


def test_trade_15_favour_without_holding_it():
    s = at("spring", [("trade-15", "nobility:agent")], favour={"holder": 1, "uses": 3})
    s.apply_move("favour")
    assert s.influence[0] == 1 and s.favour == 1 and s.favour_uses == 3
    s2 = at("spring", [("trade-15", "nobility:agent")], favour={"holder": 0, "uses": 3})
    s2.apply_move("favour")
    s2.apply_move("favour heirs")
    assert s2.influence[0] == 1 and s2.favour_uses == 1


def test_intrigue_11_borrows_an_opponents_favour():
    s = at(
        "spring",
        [("intrigue-11", "nobility:agent")],
        factions=[NOB, UPR],
        favour={"holder": 1, "uses": 3},
        regions=fd({"highlands": ["uprising:heir"]}),
    )
    assert "borrow-favour" in s.legal_moves()
    s.apply_move("borrow-favour")  # Uprising's: look at a region (forced)
    assert any(e[0] == "peek" and e[3] == 0 for e in s.log())


def test_intrigue_02_cycles_hands():
    s = at(
        "spring",
        [("intrigue-02", "nobility:agent")],
        seats={1: {"hand": ["heir", "agent"], "deck": ["ruse", "trader"]}},
    )
    s.apply_move("kingdom intrigue-02")
    s.apply_move("seat 1")
    d = dump(s)
    assert d["seats"][1]["hand"] == ["clans:ruse", "clans:trader"]
    assert d["seats"][1]["deck"] == ["clans:heir", "clans:agent"]


def test_intrigue_03_swaps_hand_and_occupier():
    s = at("autumn", [("intrigue-03", "nobility:agent")], seats={0: {"hand": ["heir"]}})
    s.apply_move("kingdom intrigue-03")  # heir (forced), then the occupier (forced)
    d = dump(s)
    assert d["seats"][0]["board"][0]["occupier"] == "nobility:heir" and d["seats"][0]["hand"] == ["nobility:agent"]


def test_intrigue_04_returns_matching_cards():
    s = in_clash(
        "highlands",
        ["highlands", "plateau", "lowlands"],
        [0, 1],
        {"highlands": {"active": active("nobility:follower-1", "clans:captain-7", "clans:follower-3")}},
        seats={0: {"hand": ["captain-9", "heir"], "board": [kc("intrigue-04", "nobility:agent"), None]}},
    )
    s.apply_move("kingdom intrigue-04")
    s.apply_move("choose captain-9")
    s.apply_move("match-archetype")
    d = dump(s)
    assert "clans:captain-7" in d["seats"][1]["hand"] and d["seats"][0]["board"][0] is None


def test_intrigue_09_burns_and_acquires_two():
    s = at("spring", [("intrigue-09", "nobility:agent")], seats={0: {"hand": ["captain-9", "follower-1"]}})
    s.apply_move("kingdom intrigue-09")
    s.apply_move("take martial-05")
    s.apply_move("occupy captain-9")
    s.apply_move("space 0")
    s.apply_move("take intrigue-12")
    s.apply_move("occupy follower-1")  # hand: agent + follower-1 -> choose
    s.apply_move("space 1")
    d = dump(s)
    assert d["kingdom_burned"] == ["intrigue-09"]
    assert [sp["kingdom"] for sp in d["seats"][0]["board"]] == ["martial-05", "intrigue-12"]
    assert None not in d["road"]


def test_a_new_kingdom_card_on_a_used_space_may_act_this_round():
    """Each action once a round (seed, Actions): a card acquired onto the space
    of one already used this round has its own action still to use."""
    road = ["trade-13", "martial-05", "intrigue-12", "trade-11"]
    s = at("spring", [("intrigue-09", "nobility:agent")], seats={0: {"hand": ["captain-9"]}}, road=road)
    s.apply_move("kingdom intrigue-09")  # used, on space 0, then burned
    s.apply_move("take trade-13")
    s.apply_move("occupy captain-9")
    s.apply_move("space 0")
    s.apply_move("done")  # (no second card)
    assert s.kind == "spring" and "kingdom trade-13" in s.legal_moves()


def test_intrigue_10_sets_the_order():
    hand = ["captain-6", "captain-7", "captain-8", "captain-9", "heir", "agent"]
    s = load(
        doc(
            3,
            rnd=2,
            order=[0, 1, 2],
            seats={
                0: {"hand": hand},
                1: {"hand": hand, "influence": 5},
                2: {"hand": hand, "board": [kc("intrigue-10", "uprising:ruse"), None]},
            },
        )
    )
    assert s.decision().kind == "set_order" and s.decision().seats == (2,)
    s.apply_move("seat 2")
    s.apply_move("seat 0")
    assert s.order == [2, 0, 1]


def test_intrigue_13_moves_heralds():
    s = at("spring", [("intrigue-13", "nobility:agent")], seats={1: {"herald": "castle"}})
    s.apply_move("kingdom intrigue-13")
    s.apply_move("to shrine")
    s.apply_move("seat 1")
    assert s.herald[1] == 4 and dump(s)["seats"][0]["board"][0] is None


def test_martial_10_retreat_then_journey():
    s = in_clash(
        "highlands",
        ["highlands", "plateau", "lowlands"],
        [0, 1],
        {"highlands": {"active": active("nobility:captain-6", "clans:captain-7")}},
        seats={0: {"board": [kc("martial-10", "nobility:agent"), None]}},
    )
    s.apply_move("kingdom martial-10")
    s.apply_move("retreat captain-6")
    s.apply_move("journey captain-6")
    assert s.lore[0] == 1 and "nobility:captain-6" in dump(s)["seats"][0]["discard"]


def test_martial_04_joust_is_simultaneous_and_secret():
    s = at(
        "spring",
        [("martial-04", "nobility:agent")],
        players=3,
        road=["trade-02", "trade-03", "trade-05", "trade-06"],
        seats={
            0: {"hand": ["captain-9", "follower-1"]},
            1: {"hand": ["captain-9", "follower-2"]},
            2: {"hand": ["captain-6", "follower-1"]},
        },
    )
    s.apply_move("kingdom martial-04")
    assert s.decision().kind == "joust" and set(s.decision().seats) == {0, 1, 2}
    s.apply_move("1: joust captain-9")
    assert s.view(0)["seats"][1]["joust"] == "clans:?" and "@1 joust ?" in s.moves_for(0)
    s.apply_move("0: joust captain-9")
    s.apply_move("2: joust captain-6")
    # the two 9s are discarded; the 6 is highest: uprising claims any location reward
    d = dump(s)
    assert "nobility:captain-9" in d["seats"][0]["discard"] and "clans:captain-9" in d["seats"][1]["discard"]
    assert s.decision().kind == "joust_win" and s.decision().seats == (2,)
    s.apply_move("claim battlefield")
    assert s.influence[2] == 2 and dump(s)["seats"][0]["board"][0] is None


def test_intrigue_12_copies_all_but_strength():
    s = in_clash(
        "highlands",
        ["highlands", "plateau", "lowlands"],
        [0, 1],
        {"highlands": {"active": active("nobility:follower-2", "clans:captain-7")}},
        lost=["clans:agent"],
        seats={0: {"board": [kc("intrigue-12", "nobility:trader"), None]}},
    )
    s.apply_move("kingdom intrigue-12")  # the follower, then the agent: both forced
    d = dump(s)
    # the follower gained Deadly (and the agent's text) but not its strength: it kills the captain
    assert "clans:captain-7" in d["lost"] and "clans:agent" in d["lost"]
    assert s.decision().kind == "location" and s.decision().seats == (0,)


def test_owns_kingdom_names_a_card_effect():
    # each effect is one kingdom card's: asking for one no card has is a typo, not "no"
    s = at("autumn", [("trade-01", "nobility:agent")])
    assert C.owns_kingdom(s, 0, "all_pathfinder") and not C.owns_kingdom(s, 1, "all_pathfinder")
    with pytest.raises(KeyError):
        C.owns_kingdom(s, 0, "all_pathfinders")
