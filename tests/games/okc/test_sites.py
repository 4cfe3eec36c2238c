"""Site of Power cards: purchase and abilities."""

from meeple.games.okc import dump, load
from tests.games.okc.helpers import SUMMER, active, doc, fd, summer

NOB, CLA, UPR, GAT = "nobility", "clans", "uprising", "gathering"


def autumn(factions=(NOB, CLA), **kw):
    return load(
        doc(
            len(factions),
            factions=list(factions),
            pending={"kind": None, "seats": [], "todo": [["winter"], ["autumn", 0]]},
            **kw,
        )
    )


def spring(factions=(NOB, CLA), **kw):
    return load(
        doc(
            len(factions),
            factions=list(factions),
            pending={"kind": None, "seats": [], "todo": SUMMER + [["markers"], ["spring", 0]]},
            **kw,
        )
    )


def test_champion_steal_zero_is_a_printed_card():
    s = load(doc(seats={0: {"hand": ["a1"], "site": ["nobility:a2"]}}))
    assert s.hands[0] == [s.gid(0, 14)]


def test_nobility_a2_moves_between_councils():
    s = autumn(councils={"relics": ["nobility:a2"], "secrets": [], "oaths": []}, seats={0: {"site": []}})
    s.apply_move("use a2")
    s.apply_move("council oaths")
    assert dump(s)["councils"]["oaths"] == ["nobility:a2"]


def test_nobility_a3_governs_three_on_gaining():
    s = autumn(
        seats={0: {"lore": 4, "hand": ["trader"], "discard": ["agent", "captain-6"], "site": ["nobility:a3"]}},
        lost=["nobility:heir"],
    )
    s.apply_move("journey trader")  # lore 6: buy a3 (cost 4)
    s.apply_move("buy a3")
    s.apply_move("choose agent")
    s.apply_move("council relics")
    s.apply_move("choose heir")
    s.apply_move("council secrets")
    s.apply_move("choose captain-6")  # the last council is forced
    d = dump(s)
    assert d["councils"] == {
        "relics": ["nobility:agent"],
        "secrets": ["nobility:heir"],
        "oaths": ["nobility:captain-6"],
    }


def test_nobility_a4_influence_with_two_supporters():
    s = autumn(regions={"plateau": {"active": active("nobility:a4")}}, seats={0: {"map": [0, 2, 0], "site": []}})
    s.apply_move("use a4")
    assert dump(s)["regions"]["plateau"]["active"][0]["deploy"] == 1


def test_nobility_hq_votes_and_autumn():
    s = autumn(
        order=[1, 0],
        councils={"relics": ["nobility:follower-2"], "secrets": [], "oaths": []},
        seats={0: {"hq": ["nobility:hq"], "site": [], "discard": ["captain-6"]}},
    )
    assert s.votes(0, 0) == 1
    s.apply_move("done")  # clans
    s.apply_move("use hq")  # not first: +1 influence and the captain (forced)
    assert s.influence[0] == 1 and "nobility:captain-6" in dump(s)["seats"][0]["hand"]


def test_clans_a2_flank_takes_supporters_along():
    s = summer(
        factions=[CLA, NOB],
        regions=fd({"highlands": ["clans:a2", "nobility:captain-8"]}),
        seats={0: {"map": [2, 0, 0], "site": []}},
    )
    s.apply_move("flank a2")
    s.apply_move("to plateau")
    s.apply_move("supporter plateau")
    s.apply_move("supporter plateau")
    assert s.sup_map[0] == [0, 2, 0]


def test_clans_a3_wins_plus_one():
    s = summer(
        factions=[CLA, NOB], regions=fd({"highlands": ["clans:a3", "nobility:captain-8"]}), seats={0: {"site": []}}
    )
    s.apply_move("done")
    assert s.influence[0] == 1 and s.decision().kind == "location"


def test_clans_hq1_traders_flank_and_council_cards_to_hand():
    s = summer(
        factions=[CLA, NOB],
        regions=fd({"highlands": ["clans:trader", "nobility:captain-8"]}),
        seats={0: {"hq": ["clans:hq1"], "site": []}},
    )
    assert "flank trader" in s.legal_moves()
    s.apply_move("use hq1")
    s.apply_move("choose trader")
    s.apply_move("council oaths")
    assert dump(s)["councils"]["oaths"] == ["clans:trader"]


def test_clans_hq1_council_cards_may_go_to_hand():
    """Clans HQ1: "cards leaving a council may go to hand" (may: asked)."""
    for answer, place in (("to-hand", "hand"), ("leave", "discard")):
        s = summer(
            factions=[NOB, CLA],
            regions=fd({"highlands": ["nobility:captain-6"]}),
            councils={"relics": [], "secrets": ["clans:agent"], "oaths": []},
            seats={0: {"hand": ["heir"]}, 1: {"hq": ["clans:hq1"], "site": []}},
        )
        s.apply_move("claim castle")
        s.apply_move("govern heir")
        s.apply_move("council secrets")  # Castle clears the council: the Clans agent leaves it
        assert s.kind == "instead" and s.dseats == [1]
        s.apply_move(answer)
        assert "clans:agent" in dump(s)["seats"][1][place]


def test_clans_hq2_resilient_and_supporters_back():
    s = spring(
        factions=[CLA, NOB],
        seats={
            0: {
                "hq": ["clans:hq2"],
                "site": [],
                "supporters": {"board": 3, "map": [0, 0, 0], "counted": [0, 0, 0], "lost": 2},
            }
        },
    )
    s.apply_move("use hq2")
    s.apply_move("to lowlands")
    assert [m for m in s.legal_moves() if m.startswith("to ")] == ["to lowlands"]  # "to a region": one region
    s.apply_move("to lowlands")
    assert s.sup_map[0] == [0, 0, 2] and s.lost_sup[0] == 0
    s2 = summer(
        factions=[CLA, NOB],
        regions=fd({"highlands": ["clans:captain-6", "nobility:agent"]}),
        seats={0: {"hq": ["clans:hq2"], "site": []}},
    )
    assert "clans:captain-6" in dump(s2)["seats"][0]["discard"]


def test_uprising_a2_assassin():
    s = summer(
        factions=[UPR, NOB],
        regions=fd({"highlands": ["uprising:a2", "nobility:captain-8"]}),
        seats={0: {"site": ["uprising:hq1"]}},
    )
    assert s.decision().kind == "reward"
    s.apply_move("lore")
    assert "nobility:captain-8" in dump(s)["lost"] and s.lore[0] == 1


def test_uprising_a3_blanks_and_dies_to_heirs():
    s = summer(
        factions=[UPR, NOB], regions=fd({"highlands": ["uprising:a3", "nobility:agent"]}), seats={0: {"site": []}}
    )
    # the agent's Deadly is blank: both survive; 5 against 5
    d = dump(s)
    assert len(d["regions"]["highlands"]["active"]) == 2
    s2 = summer(
        factions=[UPR, NOB], regions=fd({"highlands": ["uprising:a3", "nobility:heir"]}), seats={0: {"site": []}}
    )
    s2.apply_move("done")  # the A3 could ambush
    assert "uprising:a3" in dump(s2)["seats"][0]["discard"]  # Resilient


def test_uprising_hq1_extra_space_and_road_card():
    s = autumn(factions=[UPR, NOB], seats={0: {"hand": ["trader", "captain-7"], "lore": 0, "site": ["uprising:hq1"]}})
    s.apply_move("journey trader")
    s.apply_move("buy hq1")
    assert len(s.boards[0]) == 3
    s.apply_move("use hq1")
    board_card = next(m for m in s.legal_moves() if m != "take trade-04")  # (trade-04 goes to the supply: below)
    s.apply_move(board_card)
    d = dump(s)
    assert d["seats"][0]["board"][2] == {"kingdom": board_card.split()[1], "occupier": "uprising:captain-7"}
    assert None not in d["road"]


def test_uprising_hq1_follows_a_kingdom_cards_own_place():
    """Seed: an acquired kingdom card's bold instructions are followed
    completely: a [supply] card taken with HQ1 goes to the supply, its
    would-be occupier to the discard, and the third space stays free."""
    s = autumn(factions=[UPR, NOB], seats={0: {"hand": ["trader", "captain-7"], "lore": 0, "site": ["uprising:hq1"]}})
    s.apply_move("journey trader")
    s.apply_move("buy hq1")
    s.apply_move("use hq1")
    s.apply_move("take trade-04")
    d = dump(s)
    assert d["seats"][0]["board"][2] is None and d["seats"][0]["kingdom_supply"] == ["trade-04"]
    assert "uprising:captain-7" in d["seats"][0]["discard"] and None not in d["road"]


def test_uprising_hq1_replacing_trade_17_trims_the_hand_at_once():
    """The seed's Hand Size: a hand above its size discards down at once.
    HQ1's road card replaces trade-17 (+1 hand size): its occupier comes back
    to a hand that had room, then the size drops below the hand."""
    hand = ["captain-6", "captain-7", "follower-1", "follower-2", "follower-3", "agent", "cavalry"]
    board = [None, None, {"kingdom": "trade-17", "occupier": "uprising:captain-9"}]
    s = autumn(factions=[UPR, NOB], seats={0: {"hand": hand, "board": board, "hq": ["uprising:hq1"], "site": []}})
    assert s.hsize(0) == 7 and len(s.hands[0]) == 7
    s.apply_move("use hq1")
    s.apply_move(next(m for m in s.legal_moves() if m.startswith("take ")))
    s.apply_move("choose captain-6")
    assert dump(s)["seats"][0]["board"][2]["occupier"] == "uprising:captain-6"
    assert s.hsize(0) == 6 and len(s.hands[0]) == 7
    assert s.kind == "trim" and s.dseats == [0]
    s.apply_move("discard agent")
    assert len(s.hands[0]) == 6 and s.kind == "autumn"


def test_uprising_hq2_council_tokens():
    s = load(
        doc(
            2,
            factions=[UPR, NOB],
            order=[0, 1],
            seats={0: {"hand": ["captain-9"], "hq": ["uprising:hq2"], "site": []}, 1: {"hand": ["follower-2"]}},
        )
    )
    s.apply_move("0: bid captain-9")
    s.apply_move("1: bid follower-2")
    s.apply_move("herald castle")
    s.apply_move("take martial-02")
    s.apply_move("space 0")
    assert s.ctokens[0] == [0, 0, 1] and s.votes(0, 2) == 1


def test_gathering_a2_council_token():
    s = autumn(
        factions=[GAT, NOB], councils={"relics": ["gathering:a2"], "secrets": [], "oaths": []}, seats={0: {"site": []}}
    )
    s.apply_move("use a2")
    s.apply_move("council secrets")
    assert s.votes(0, 1) == 1


def test_gathering_a4_lowest_wins():
    s = summer(
        factions=[GAT, NOB], regions=fd({"highlands": ["gathering:a4", "nobility:captain-8"]}), seats={0: {"site": []}}
    )
    assert s.decision().kind == "location" and s.decision().seats == (0,)


def test_gathering_hq_gives_ambush_from_discard():
    s = summer(
        factions=[GAT, NOB],
        regions=fd({"highlands": ["gathering:follower-1", "nobility:captain-8"]}),
        seats={0: {"hq": ["gathering:hq"], "hq_tokens": 3, "site": [], "discard": ["heir"], "hand": ["captain-9"]}},
    )
    s.apply_move("use hq")
    s.apply_move("ambush-from-discard")  # 2 tokens; the follower is the only card: forced
    s.apply_move("ambush follower-1")
    s.apply_move("hide heir")
    assert s.hqtok[0] == 1
    assert s.decision().kind == "location" and s.decision().seats == (0,)


def test_gathering_hq_gives_no_second_ambush_to_a_card_that_ambushed():
    """Seed, Ambush: a card adds a card only if it has not activated its
    Ambush in this clash; a gained Ambush is the same command, not a second."""
    s = summer(
        factions=[GAT, NOB],
        regions=fd({"highlands": ["gathering:ruse", "nobility:captain-8"]}),
        seats={0: {"hq": ["gathering:hq"], "hq_tokens": 3, "site": [], "hand": ["captain-9", "follower-1"]}},
    )
    s.apply_move("ambush ruse")
    s.apply_move("hide captain-9")
    s.apply_move("use hq")  # 1 token; the ruse is the only card: forced
    assert "ambush ruse" not in s.legal_moves()


def test_gathering_a3_copies_a_lost_card():
    s = summer(
        factions=[GAT, NOB],
        regions=fd({"highlands": ["gathering:a3", "nobility:captain-9"]}),
        lost=["gathering:agent"],
        seats={0: {"site": []}, 1: {"hand": ["follower-1"]}},
    )
    s.apply_move("use a3")  # the agent is the only lost card: forced
    d = dump(s)
    # 5 + 5 = 10 against 9; the agent's Deadly kills the captain
    assert d["burned"] == ["gathering:agent"] and "nobility:captain-9" in d["lost"]
    assert s.decision().kind == "location" and s.decision().seats == (0,)
