"""Tactic tiles (4 per faction) and the Uprising Favour."""

from meeple.games.okc import dump, load
from tests.games.okc.helpers import SUMMER, active, doc, fd, in_clash

NOB, CLA, UPR, GAT = "nobility", "clans", "uprising", "gathering"
FULL = {NOB: [1, 2, 1, 1], CLA: [1, 3, 1, 1], UPR: [1, 3, 1, 1], GAT: [1, 1, 1, 1]}


def spring(factions, seats=None, **kw):
    seats = seats or {}
    for i, f in enumerate(factions):
        seats.setdefault(i, {}).setdefault("tactics", FULL[f])
    return load(
        doc(
            len(factions),
            factions=factions,
            seats=seats,
            pending={"kind": None, "seats": [], "todo": SUMMER + [["markers"], ["spring", 0]]},
            **kw,
        )
    )


def autumn(factions, seats=None, **kw):
    seats = seats or {}
    for i, f in enumerate(factions):
        seats.setdefault(i, {}).setdefault("tactics", FULL[f])
    return load(
        doc(
            len(factions),
            factions=factions,
            seats=seats,
            pending={"kind": None, "seats": [], "todo": [["winter"], ["autumn", 0]]},
            **kw,
        )
    )


def test_nobility_1_supporters_double_and_stay():
    s = spring(
        [NOB, CLA],
        regions=fd({"highlands": ["nobility:captain-6", "clans:captain-8"]}),
        seats={1: {"tactics": [0, 0, 0, 0]}},
    )
    s.apply_move("tactic 1")
    assert s.tactics[0][0] == 0 and "tactic 1" not in s.legal_moves()
    s.apply_move("supporter highlands")
    s.apply_move("done")
    s.apply_move("done")  # clans
    s.apply_move("clash highlands")  # clans is last: places the markers
    s.apply_move("clash plateau")
    # 6 + 2 (one supporter worth 2) = 8 against 8: tied
    assert s.decision().kind == "tie"


def test_nobility_1_supporters_stay_in_winter():
    s = load(
        doc(2, seats={0: {"map": [1, 0, 0], "effects": 2}}, pending={"kind": None, "seats": [], "todo": [["winter"]]})
    )
    assert s.sup_map[0] == [1, 0, 0] and s.lost_sup[0] == 0


def test_nobility_2_locks_the_first_clash():
    s = spring(
        [NOB, CLA],
        regions={"highlands": {"facedown": ["clans:ruse"], "active": active("nobility:war-machine", deploy=0)}},
        seats={1: {"hand": ["captain-9", "follower-1"]}},
    )
    s.apply_move("tactic 2")
    s.apply_move("done")
    s.apply_move("done")
    s.apply_move("clash highlands")
    s.apply_move("clash plateau")
    # clans' Ruse may neither ambush nor retreat in the locked first clash
    assert s.decision() is None or "ambush ruse" not in s.legal_moves()


def test_nobility_2_lock_stops_swaps_and_moves_by_cards_too():
    """Nobility tactic 2: "opponents cannot add, swap or move cards in its first
    clash": not martial-06's swap, Clans HQ1's move to a council nor
    intrigue-04's return to hand either, while the Nobility may."""
    from tests.games.okc.helpers import in_clash

    def kc(name, occ):
        return {"kingdom": name, "occupier": occ}

    def locked(clans, nobility=None):
        return in_clash(
            "highlands",
            ["highlands", "plateau", "lowlands"],
            [0, 1],
            {"highlands": {"active": active("nobility:war-machine", "clans:captain-8", "clans:cavalry")}},
            factions=[NOB, CLA],
            councils={"relics": ["clans:trader"], "secrets": [], "oaths": []},
            seats={0: {"effects": 32, **(nobility or {})}, 1: clans},  # (FX_LOCK << highlands)
        )

    hand = ["war-machine", "follower-1"]
    for clans in (
        {"board": [kc("martial-06", "clans:agent"), None]},
        {"hq": ["clans:hq1"], "site": []},
        {"board": [kc("intrigue-04", "clans:agent"), None], "hand": hand},
    ):
        by_card = ("kingdom ", "use ")
        s = locked(clans)  # (nothing left to do: the day ends for the Clans, the clash goes on)
        assert s.kind != "day" and not any(m.startswith(by_card) for m in s.legal_moves()), clans
        unlocked = locked(clans, {"effects": 0})
        assert unlocked.kind == "day" and any(m.startswith(by_card) for m in unlocked.legal_moves()), clans


def test_nobility_3_opponents_bid_zero():
    s = load(
        doc(
            2,
            order=[1, 0],
            seats={
                0: {"hand": ["follower-1"], "tactics": FULL[NOB]},
                1: {"hand": ["captain-9"], "board": [None, None]},
            },
        )
    )
    s.apply_move("0: bid follower-1")
    s.apply_move("1: bid captain-9")
    assert s.decision().kind == "tactic_bid"
    s.apply_move("tactic 3")
    assert s.decision().kind == "herald" and s.decision().seats == (0,)


def test_nobility_4_purges_a_council():
    s = autumn([NOB, CLA], councils={"relics": [], "secrets": ["clans:agent", "nobility:trader"], "oaths": []})
    s.apply_move("tactic 4")  # secrets is the only council with cards: forced
    d = dump(s)
    assert d["councils"]["secrets"] == [] and "clans:agent" in d["seats"][1]["discard"]
    assert d["seats"][0]["deck"][0] == "nobility:trader" and s.lore[0] == 1


def test_clans_1_markers_and_majorities():
    s = spring(
        [NOB, CLA],
        order=[1, 0],
        regions=fd({"highlands": ["clans:captain-8", "nobility:captain-6"]}),
        seats={1: {"tactics": [1, 0, 1, 1]}},
    )
    s.apply_move("tactic 1")
    s.apply_move("supporter highlands")
    s.apply_move("done")
    s.apply_move("done")
    assert s.decision().kind == "markers" and s.decision().seats == (1,)
    s.apply_move("clash highlands")
    s.apply_move("clash plateau")
    # before rewards: most supporters +1 influence; active cards 1 against 1: no lore
    assert s.influence[1] == 1 and s.lore[1] == 0


def test_clans_2_gives_flank():
    s = in_clash(
        "highlands",
        ["highlands", "plateau", "lowlands"],
        [0, 1],
        {"highlands": {"active": active("clans:captain-7", "nobility:captain-6")}},
        factions=[CLA, NOB],
        seats={0: {"tactics": FULL[CLA]}},
    )
    s.apply_move("tactic 2")
    s.apply_move("flank captain-7")
    s.apply_move("to plateau")
    assert s.tactics[0][1] == 2
    assert [e["card"] for e in dump(s)["regions"]["plateau"]["active"]] == ["clans:captain-7"]


def test_clans_3_takes_an_occupied_kingdom_card():
    s = autumn(
        [CLA, NOB],
        seats={
            0: {"hand": ["follower-1", "captain-9"]},
            1: {"board": [{"kingdom": "trade-03", "occupier": "nobility:agent"}, None]},
        },
    )
    s.apply_move("tactic 3")  # one card to take: forced
    s.apply_move("occupy follower-1")
    s.apply_move("space 1")
    d = dump(s)
    assert d["seats"][0]["board"][1] == {"kingdom": "trade-03", "occupier": "clans:follower-1"}
    assert "nobility:agent" in d["seats"][1]["hand"]


def test_clans_4_recalls_up_to_hand_size():
    s = autumn(
        [CLA, NOB],
        seats={0: {"hand_size": 3, "hand": ["captain-9"], "discard": ["agent", "ruse"]}},
        regions={"plateau": {"active": active("clans:heir")}},
    )
    s.apply_move("tactic 4")
    s.apply_move("return agent")
    s.apply_move("return heir")
    assert len(s.hands[0]) == 3 and s.decision().kind == "autumn"


def test_uprising_1_heirs_deadly_and_reward():
    s = spring(
        [UPR, NOB],
        regions=fd({"highlands": ["uprising:heir", "nobility:captain-6"]}),
        seats={0: {"tactics": [1, 0, 1, 1]}},
    )
    s.apply_move("tactic 1")
    s.apply_move("done")
    s.apply_move("done")
    s.apply_move("clash highlands")
    s.apply_move("clash plateau")
    d = dump(s)
    assert "nobility:captain-6" in d["lost"]
    assert s.influence[0] == 1 and s.lore[0] == 1


def test_uprising_2_gives_retreat():
    s = in_clash(
        "highlands",
        ["highlands", "plateau", "lowlands"],
        [0, 1],
        {"highlands": {"active": active("uprising:captain-7", "nobility:captain-6")}},
        factions=[UPR, NOB],
        seats={0: {"tactics": FULL[UPR]}},
    )
    s.apply_move("tactic 2")  # one card may gain it: forced
    s.apply_move("retreat captain-7")
    s.apply_move("return captain-7")
    assert "uprising:captain-7" in dump(s)["seats"][0]["hand"]


def test_uprising_3_opponents_discard():
    s = spring(
        [UPR, NOB],
        seats={
            0: {
                "board": [
                    {"kingdom": "martial-10", "occupier": "uprising:agent"},
                    {"kingdom": "martial-11", "occupier": "uprising:ruse"},
                ]
            },
            1: {"hand": ["heir", "agent", "ruse"]},
        },
    )
    s.apply_move("tactic 3")
    assert s.decision().kind == "udiscard" and s.decision().seats == (1,)
    s.apply_move("discard agent")
    s.apply_move("discard ruse")
    assert dump(s)["seats"][1]["hand"] == ["nobility:heir"]


def test_uprising_4_swaps_face_down_cards_blind():
    s = spring([UPR, NOB], regions=fd({"highlands": ["nobility:heir"], "plateau": ["nobility:agent"]}))
    s.apply_move("tactic 4")
    s.apply_move("swap highlands plateau")
    d = dump(s)
    assert d["regions"]["highlands"]["facedown"] == ["nobility:agent"]
    assert d["regions"]["plateau"]["facedown"] == ["nobility:heir"]


def test_uprising_favour_looks_and_swaps():
    s = spring(
        [UPR, NOB],
        favour={"holder": 0, "uses": 3},
        regions=fd({"highlands": ["uprising:follower-2", "nobility:heir"]}),
        seats={0: {"hand": ["captain-9", "follower-1"]}},
    )
    s.apply_move("favour")  # one region has face-down cards: forced look
    peek = [e for e in s.log() if e[0] == "peek"]
    assert peek and peek[-1][3] == 0 and "nobility:heir" in peek[-1][2][1]
    s.apply_move("swap follower-2")
    s.apply_move("with captain-9")
    d = dump(s)
    assert d["regions"]["highlands"]["facedown"] == ["nobility:heir", "uprising:captain-9"]
    assert "uprising:follower-2" in d["seats"][0]["hand"]


def test_gathering_1_revives_a_lost_card():
    s = in_clash(
        "highlands",
        ["highlands", "plateau", "lowlands"],
        [0, 1],
        {"highlands": {"active": active("nobility:captain-7")}},
        factions=[GAT, NOB],
        lost=["gathering:captain-9"],
        seats={0: {"tactics": FULL[GAT], "map": [2, 0, 0], "hand": ["follower-2", "follower-3"]}},
    )
    s.apply_move("tactic 1")
    assert s.lost_sup[0] == 2
    # the captain came back active: 9 against 7
    assert s.decision().kind == "location" and s.decision().seats == (0,)


def test_gathering_2_picks_from_the_kingdom_discard():
    s = spring([GAT, NOB], kingdom_discard=["martial-05"])
    s.apply_move("tactic 2")
    s.apply_move("occupy captain-9")
    s.apply_move("space 0")
    assert dump(s)["seats"][0]["board"][0] == {"kingdom": "martial-05", "occupier": "gathering:captain-9"}


def test_gathering_3_swaps_two_active_cards():
    s = in_clash(
        "highlands",
        ["highlands", "plateau", "lowlands"],
        [0, 1],
        {
            "highlands": {"active": active("gathering:follower-2", "nobility:captain-7")},
            "plateau": {"active": active("gathering:captain-9")},
        },
        factions=[GAT, NOB],
        seats={0: {"tactics": FULL[GAT], "hand": ["heir"]}},
    )
    s.apply_move("tactic 3")
    s.apply_move("swap follower-2")  # the captain is the only card elsewhere: forced
    assert [e["card"] for e in dump(s)["regions"]["plateau"]["active"]] == ["gathering:follower-2"]
    assert s.decision().kind == "location" and s.decision().seats == (0,)


def test_gathering_4_to_the_lost_pile_for_lore():
    s = autumn([GAT, NOB], seats={0: {"discard": ["agent", "ruse", "heir"]}})
    s.apply_move("tactic 4")
    s.apply_move("lose agent")
    s.apply_move("lose ruse")
    s.apply_move("done")  # then the heir (only discard card) returns: forced
    assert s.lore[0] == 2 and "gathering:heir" in dump(s)["seats"][0]["hand"]
