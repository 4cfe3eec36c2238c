"""Rules the issue #7 coverage matrix (docs/rulings/okc.md, "Rule coverage")
found without a test that could fail: one test per rule, in the seed's words."""

import json

import pytest

from meeple.core.game import BadState, IllegalMove
from meeple.games.okc import dump, load, new_game
from tests.games.okc.helpers import SUMMER, active, apply, doc, fd, in_clash, summer

NOB, CLA, UPR, GAT = "nobility", "clans", "uprising", "gathering"


def kc(name, occ):
    return {"kingdom": name, "occupier": occ}


def autumn(**kw):
    return load(doc(pending={"kind": None, "seats": [], "todo": [["winter"], ["autumn", 0]]}, **kw))


def spring(**kw):
    return load(doc(pending={"kind": None, "seats": [], "todo": SUMMER + [["markers"], ["spring", 0]]}, **kw))


# ------------------------------------------------------------ bad input
def test_wrong_seat_or_twice_refused_nothing_revealed():
    """ "A bid or face-down card from the wrong seat or twice: refused, nothing
    revealed early." An unnamed answer to a choice of several seats is refused
    too (it would silently count for whichever seat is listed first)."""
    d = doc(2, seats={0: {"hand": ["follower-4", "heir"]}, 1: {"hand": ["captain-6", "heir"]}})
    for moves in (
        ["bid heir"],
        ["2: bid heir"],
        ["0: bid captain-6"],
        ["0: bid heir", "0: bid follower-4"],
        ["0: facedown heir follower-4 -"],
        ["0: bid heir", "1: bid follower-4"],
    ):
        out = apply(d, moves)
        bad = len(moves) - 1
        assert out["error"]["move"] == bad, moves
        assert "Traceback" not in out["error"]["message"] and out["error"]["message"], moves
        good = apply(d, moves[:bad])
        assert out["state"] == good["state"], moves  # nothing applied
        assert out["state"]["seats"][1]["bid"] is None  # seat 1 never bid
    s = load(d)
    s.apply_move("0: bid heir")
    before = json.dumps(s.view(1), sort_keys=True)
    with pytest.raises(IllegalMove, match="already chosen") as e:
        s.apply_move("0: bid follower-4")
    assert "heir" not in str(e.value)  # the error tells nothing
    assert json.dumps(s.view(1), sort_keys=True) == before and s.view(1)["seats"][0]["bid"] == "nobility:?"
    s.apply_move("bid captain-6")  # one seat left: unambiguous
    assert s.decision().kind == "herald"


def test_face_down_cards_wrong_seat_or_twice():
    hand = ["captain-6", "captain-7", "captain-8"]
    d = doc(
        2,
        seats={0: {"hand": hand}, 1: {"hand": hand}},
        pending={
            "kind": None,
            "seats": [],
            "todo": [["winter"], ["autumn", 0], ["clashes", 0], ["markers"], ["spring", 0], ["facedown"]],
        },
    )
    for moves in (
        ["facedown captain-6 captain-7 captain-8"],
        ["3: facedown captain-6 captain-7 captain-8"],
        ["1: facedown captain-6 captain-7 captain-8", "1: facedown captain-6 captain-7 captain-8"],
        ["0: facedown captain-6 heir captain-8"],
    ):
        out = apply(d, moves)
        assert out["error"]["move"] == len(moves) - 1, moves
        assert out["state"]["regions"] == apply(d, moves[:-1])["state"]["regions"]
    s = load(d)
    s.apply_move("1: facedown captain-8 captain-7 captain-6")
    assert "captain" not in json.dumps(s.view(0)["regions"])


def test_bad_moves_clear_errors_nothing_applied():
    s = summer(regions=fd({"highlands": ["nobility:captain-6", "clans:captain-7"]}))
    for bad in ("claim shrine", "claim", "fly away", "", "claim castle castle", "7: claim castle", 42):
        before = dump(s)
        with pytest.raises(IllegalMove) as e:
            s.apply_move(bad)
        assert str(e.value) and dump(s) == before


# ------------------------------------------------------------ start of the year
def test_first_round_skips_the_start_of_the_year():
    s = new_game(3, seed=2)
    assert s.decision().kind == "bid" and s.round == 1
    assert all(len(h) == 6 and s.gid(x, 13) in h for x, h in enumerate(s.hands))
    assert sorted(s.order) == [0, 1, 2]


def test_hand_above_its_size_discards_down():
    s = load(
        doc(
            2,
            rnd=2,
            seats={
                0: {"hand_size": 4, "hand": ["heir", "agent", "ruse", "trader", "cavalry"]},
                1: {"hand": ["heir", "agent", "ruse", "trader", "cavalry", "captain-6"]},
            },
        )
    )
    assert s.decision().kind == "trim" and s.decision().seats == (0,)
    s.apply_move("discard ruse")
    assert len(s.hands[0]) == 4 and "nobility:ruse" in dump(s)["seats"][0]["discard"]
    assert s.decision().kind == "bid"


def test_hand_size_never_reaches_eight():
    """004:485: the hand size cannot be raised to 8 or more; that part of an
    ability is ignored (trade-17's +1 and trade-16's +1 at 7)."""
    s = load(doc(seats={0: {"hand_size": 7, "board": [kc("trade-17", "nobility:agent"), None]}}))
    assert s.hsize(0) == 7
    s = autumn(
        seats={0: {"hand_size": 7, "board": [kc("trade-16", "nobility:agent"), None]}},
        councils={"relics": ["nobility:trader"], "secrets": [], "oaths": []},
    )
    s.apply_move("kingdom trade-16")
    assert s.hand_size[0] == 7  # that part of the ability is ignored
    s = autumn(
        seats={0: {"hand_size": 6, "board": [kc("trade-16", "nobility:agent"), None]}},
        councils={"relics": ["nobility:trader"], "secrets": [], "oaths": []},
    )
    s.apply_move("kingdom trade-16")
    assert s.hand_size[0] == 7
    with pytest.raises(BadState, match="hand_size must be an integer in 3..7"):
        load(doc(seats={0: {"hand_size": 8}}))


# ---------------------------------------------------------------------- spring
def test_herald_anywhere_and_no_steal_of_own_card():
    s = load(
        doc(
            2,
            order=[1, 0],
            seats={
                0: {"hand": ["follower-1"], "herald": None},
                1: {"hand": ["captain-9"], "board": [kc("trade-03", "clans:agent"), None]},
            },
        )
    )
    s.apply_move("0: bid follower-1")
    s.apply_move("1: bid captain-9")
    assert {
        f"herald {x}" for x in ("castle", "wilderness", "harvest-field", "battlefield", "shrine", "necropolis")
    } <= set(s.legal_moves())
    s.apply_move("herald castle")
    assert "steal trade-03" not in s.legal_moves()  # an opponent's card only
    s.apply_move("back")
    s.apply_move("herald castle")  # where a herald already stands
    assert s.herald == [0, 0]


def test_favour_each_action_once_a_round():
    s = spring(favour={"holder": 0, "uses": 3})
    s.apply_move("favour")
    assert s.favour == 0 and s.favour_uses == 2 and "favour" not in s.legal_moves()


# ---------------------------------------------------------------------- summer
def test_newly_revealed_cards_alone_take_the_second_day_pass():
    """After the reveal of added face-down cards, only those cards' day
    commands may be activated (the Clans cavalry, revealed earlier, may not
    Flank then)."""
    s = in_clash(
        "highlands",
        ["highlands", "plateau", "lowlands"],
        [0, 1],
        {"highlands": {"active": active("nobility:ruse", "clans:cavalry")}},
        seats={0: {"hand": ["cavalry", "heir"]}},
    )
    s.apply_move("ambush ruse")
    s.apply_move("hide cavalry")
    assert s.decision().seats == (1,) and "flank cavalry" in s.legal_moves()
    s.apply_move("done")
    # the Nobility cavalry is revealed: its Flank may be used, in turn order
    assert s.decision().kind == "day" and s.decision().seats == (0,)
    assert "flank cavalry" in s.legal_moves() and "favour" not in s.legal_moves()
    s.apply_move("done")
    # clans has no newly revealed card: its 'done' was forced
    assert s.decision().kind != "day"


def test_ambush_once_per_card_per_clash():
    s = in_clash(
        "highlands",
        ["highlands", "plateau", "lowlands"],
        [0, 1],
        {
            "highlands": {
                "active": active("nobility:captain-6", "clans:captain-7", gained={"nobility:captain-6": ["ambush"]})
            }
        },
        seats={0: {"hand": ["follower-1", "follower-2", "heir"]}},
    )
    s.apply_move("ambush captain-6")
    s.apply_move("hide follower-1")
    assert "ambush captain-6" not in s.legal_moves()


def test_new_clash_ignores_the_earlier_cards_commands():
    """A tied clash's cards do not take part in the new clash: the earlier
    agent's Deadly does not trigger again."""
    s = summer(
        factions=[NOB, CLA],
        regions=fd({"highlands": ["nobility:agent", "clans:war-machine"]}),
        seats={0: {"hand": ["follower-1"]}, 1: {"hand": ["captain-6"]}},
    )
    assert s.decision().kind == "tie"  # 5 against 5, the war machine is Invulnerable
    s.apply_move("hide follower-1")
    s.apply_move("hide captain-6")
    assert "clans:captain-6" not in dump(s)["lost"]
    assert s.decision().kind == "location" and s.decision().seats == (1,)  # 6 against 1


def test_new_clash_ignores_the_earlier_supporters():
    """Captain 6 against follower 4 + 2 supporters: tied. In the new clash 2
    beats 1: the supporters already counted do not count again."""
    s = summer(
        factions=[NOB, CLA],
        regions=fd({"highlands": ["nobility:captain-6", "clans:follower-4"]}),
        seats={0: {"hand": ["follower-2"]}, 1: {"hand": ["follower-1"], "map": [2, 0, 0]}},
    )
    assert s.decision().kind == "tie"
    s.apply_move("hide follower-2")
    s.apply_move("hide follower-1")
    assert s.decision().kind == "location" and s.decision().seats == (0,)


def test_a_player_without_cards_still_takes_part():
    """The agent eliminates the Clans captain; Clans' 5 supporters still count:
    5 against 5, a tie between both."""
    s = summer(
        factions=[NOB, CLA],
        regions=fd({"highlands": ["nobility:agent", "clans:captain-6"]}),
        seats={0: {"hand": ["heir"]}, 1: {"hand": ["heir"], "map": [5, 0, 0]}},
    )
    assert dump(s)["lost"] == ["clans:captain-6"]
    assert s.decision().kind == "tie" and s.decision().seats == (0,)
    s.apply_move("pass")
    assert s.decision().kind == "tie" and s.decision().seats == (1,)


def test_retreat_returns_supporters():
    s = summer(
        factions=[CLA, GAT],
        regions=fd({"lowlands": ["clans:agent", "gathering:ruse"]}),
        clash_order=["lowlands", "plateau", "highlands"],
        seats={1: {"hand": ["captain-8"], "map": [0, 0, 2]}},
    )
    s.apply_move("retreat ruse")
    s.apply_move("supporter")
    s.apply_move("supporter")
    assert s.sup_map[1] == [0, 0, 0] and s.sup_board[1] == 5


def test_printed_blank_leaves_gained_commands():
    """martial-15 blanks the opponents' printed information: a gained Deadly
    still eliminates (the seed's Printed / Gained example)."""
    regions = {
        "highlands": {"active": active("nobility:captain-6", "clans:captain-7", gained={"clans:captain-7": ["deadly"]})}
    }
    s = in_clash(
        "highlands",
        ["highlands", "plateau", "lowlands"],
        [0, 1],
        regions,
        kingdom_map={"regions": {"highlands": [{"seat": 0, "kingdom": "martial-15"}]}},
    )
    assert "nobility:captain-6" in dump(s)["lost"]


def test_relics_do_not_raise_the_steal():
    s = summer(
        regions=fd({"highlands": ["nobility:captain-6"]}),
        councils={"relics": ["nobility:agent", "nobility:follower-2"], "secrets": [], "oaths": []},
        seats={0: {"herald": "castle"}, 1: {"herald": "castle", "influence": 5}},
    )
    s.apply_move("claim castle")
    assert s.influence == [1 + 2 + 1, 4]  # herald 1 + 2 votes + the steal of 1
    s.apply_move("discard agent")
    assert s.influence[0] == 5  # + the castle's 1


def test_harvest_field_takes_or_resets_the_favour():
    for holder, uses in ((1, 1), (0, 1)):
        s = summer(
            clash_order=["plateau", "highlands", "lowlands"],
            favour={"holder": holder, "uses": uses},
            regions=fd({"plateau": ["nobility:captain-6"]}),
        )
        while s.decision().kind == "day":  # the Clans holder's day Favour: unused
            s.apply_move("done")
        s.apply_move("claim harvest-field")
        assert s.favour == 0 and s.favour_uses == 3


def test_shrine_takes_at_most_three():
    s = summer(
        regions=fd({"lowlands": ["nobility:captain-6"]}),
        clash_order=["lowlands", "plateau", "highlands"],
        seats={0: {"hand": ["heir", "agent", "ruse"]}},
    )
    s.apply_move("claim shrine")
    for c in ("agent", "ruse", "heir"):
        s.apply_move(f"bottom {c}")
    assert s.decision() is None or s.decision().kind != "shrine"
    assert names_deck(s) == ["nobility:agent", "nobility:ruse", "nobility:heir"]


def names_deck(s):
    return dump(s)["seats"][0]["deck"]


# ---------------------------------------------------------------------- autumn
def test_govern_needs_a_vote_and_journey_needs_lore():
    s = autumn(seats={0: {"hand": ["follower-2", "ruse", "war-machine", "agent"]}})
    moves = s.legal_moves()
    assert "govern agent" in moves and not {"govern follower-2", "govern ruse", "govern war-machine"} & set(moves)
    assert "journey follower-2" in moves and not {"journey ruse", "journey war-machine"} & set(moves)


def test_site_cards_to_deck_top_when_the_hand_is_full_and_hq_to_supply():
    s = summer(
        regions=fd({"highlands": ["nobility:captain-6"]}),
        seats={0: {"lore": 4, "hand_size": 3, "hand": ["heir", "agent", "ruse"]}},
    )
    s.apply_move("claim wilderness")
    s.apply_move("journey captain-6")  # +1 lore: 5
    s.apply_move("buy a1")  # 2, then hq 3: several at once
    s.apply_move("buy hq")
    d = dump(s)
    assert d["seats"][0]["deck"][0] == "nobility:a1" and len(d["seats"][0]["hand"]) == 3
    assert d["seats"][0]["hq"] == ["nobility:hq"] and s.lore[0] == 0


def test_council_of_secrets_no_herald_reward_and_tokens_stay():
    s = autumn(
        councils={"relics": [], "secrets": ["nobility:agent"], "oaths": []},
        seats={
            0: {"tokens": {"battlefield": 3, "necropolis": 2}, "herald": "battlefield"},
            1: {"herald": "battlefield", "influence": 3},
        },
    )
    s.apply_move("secrets")
    s.apply_move("token battlefield")
    s.apply_move("token battlefield")
    assert s.influence == [2, 3]  # the location reward only: no herald reward
    while s.decision() is not None and s.decision().kind != "bid":
        s.apply_move("done")
    assert s.tokens[0][3] == 0 and s.tokens[0][5] == 2 and s.round == 2  # tokens stay on the map into the next round


# ---------------------------------------------------------------------- winter, end
def test_deployed_card_leaves_at_the_second_winter():
    s = load(
        doc(
            rnd=2,
            regions={"plateau": {"active": active("nobility:war-machine")}},
            seats={0: {"deck": ["heir", "agent", "ruse", "trader", "follower-2", "follower-3"]}},
            pending={"kind": None, "seats": [], "todo": [["winter"]]},
        )
    )
    d = dump(s)
    assert d["regions"]["plateau"]["active"] == [] and "nobility:war-machine" in d["seats"][0]["discard"]


def test_skirmish_ends_after_its_last_round():
    s = load(
        doc(rnd=4, rounds=4, seats={0: {"influence": 2}}, pending={"kind": None, "seats": [], "todo": [["winter"]]})
    )
    assert s.finished and s.winners == [0]
    s = load(doc(rnd=4, rounds=5, pending={"kind": None, "seats": [], "todo": [["winter"]]}))
    assert not s.finished and s.round == 5


# ---------------------------------------------------------------------- cards
def test_intrigue_01_council_cards_to_hand_and_journey_to_deck_bottom():
    s = summer(
        regions=fd({"highlands": ["nobility:captain-6"]}),
        councils={"relics": [], "secrets": ["clans:agent"], "oaths": []},
        seats={0: {"hand": ["heir"]}, 1: {"board": [kc("intrigue-01", "clans:trader"), None]}},
    )
    s.apply_move("claim castle")
    s.apply_move("govern heir")
    s.apply_move("council secrets")
    # "may": the owner is asked (the seed: an ability that says "may" is optional)
    assert s.kind == "instead" and s.dseats == [1] and s.legal_moves() == ["to-hand", "leave"]
    s.apply_move("to-hand")
    assert "clans:agent" in dump(s)["seats"][1]["hand"]
    s = autumn(seats={0: {"deck": ["ruse"], "board": [kc("intrigue-01", "nobility:trader"), None]}})
    s.apply_move("journey follower-1")
    assert s.legal_moves() == ["to-deck-bottom", "leave"]
    s.apply_move("to-deck-bottom")
    assert names_deck(s) == ["nobility:ruse", "nobility:follower-1"] and dump(s)["lost"] == []
    s = autumn(seats={0: {"deck": ["ruse"], "board": [kc("intrigue-01", "nobility:trader"), None]}})
    s.apply_move("journey follower-1")
    s.apply_move("leave")  # declined: the lost pile, as without the card
    assert names_deck(s) == ["nobility:ruse"] and dump(s)["lost"] == ["nobility:follower-1"]


def test_martial_14_unexhausts_a_tactic():
    s = autumn(seats={0: {"tactics": [1, 0, 0, 1], "board": [kc("martial-14", "nobility:agent"), None]}})
    s.apply_move("kingdom martial-14")
    s.apply_move("tactic 2")
    d = dump(s)
    assert s.tactics[0] == [1, 2, 0, 1]  # Nobility 2 has two uses
    assert d["seats"][0]["board"][0] is None and "nobility:agent" in d["seats"][0]["discard"]
    assert "martial-14" in d["kingdom_discard"]


@pytest.mark.parametrize("faction", [NOB, CLA, UPR, GAT])
def test_every_champion_steals_over_any_occupier(faction):
    other = CLA if faction == NOB else NOB
    s = load(
        doc(
            2,
            factions=[other, faction],
            order=[1, 0],
            seats={
                0: {"hand": ["follower-1"], "board": [kc("trade-03", f"{other}:heir"), None]},
                1: {"hand": ["a1"], "site": []},
            },
        )
    )
    s.apply_move("0: bid follower-1")
    s.apply_move("1: bid a1")
    s.apply_move("herald castle")
    s.apply_move("steal trade-03")
    s.apply_move("space 0")
    assert dump(s)["seats"][1]["board"][0] == kc("trade-03", f"{faction}:a1")


# ---------------------------------------------------------------------- the seed's examples
def test_pathfinder_example_storyteller_two_lore():
    """Clans journeys a Pathfinder card with 2 lore: to its discard, +2 lore."""
    s = autumn(factions=[CLA, NOB], seats={0: {"hand": ["a1", "heir"], "site": ["clans:a3"]}})
    s.apply_move("journey a1")
    d = dump(s)
    assert d["seats"][0]["discard"] == ["clans:a1"] and d["lost"] == [] and s.lore[0] == 2


def test_resilient_example_titus_to_the_discard():
    """Nobility's Resilient card eliminated in a clash goes to its discard."""
    s = summer(
        factions=[NOB, UPR], regions=fd({"highlands": ["nobility:a1", "uprising:agent"]}), seats={0: {"site": []}}
    )
    d = dump(s)
    assert "nobility:a1" in d["seats"][0]["discard"] and "nobility:a1" not in d["lost"]
    assert s.decision().kind == "location" and s.decision().seats == (1,)


def test_autumn_action_step_example():
    """Uprising journeys (+1 lore), rallies its active card to hand, governs
    with it into the Council of Oaths, then the Oaths action brings back a
    supporter from the lost pile: in any order, one turn."""
    s = autumn(
        factions=[UPR, NOB],
        regions={"highlands": {"active": active("uprising:heir")}},
        seats={
            0: {"hand": ["follower-2"], "supporters": {"board": 4, "map": [0, 0, 0], "counted": [0, 0, 0], "lost": 1}}
        },
    )
    s.apply_move("journey follower-2")
    s.apply_move("rally heir")
    s.apply_move("govern heir")
    s.apply_move("council oaths")
    s.apply_move("oaths")
    s.apply_move("supporter lost")  # 1 vote: then 'done' is forced
    d = dump(s)
    assert s.lore[0] == 1 and d["lost"] == ["uprising:follower-2"]
    assert d["councils"]["oaths"] == ["uprising:heir"] and s.sup_board[0] == 5 and s.lost_sup[0] == 0


def test_site_example_buys_with_the_lore_just_gained():
    """Uprising has 1 lore, gains 1 and buys a 2-cost advanced card to hand."""
    s = autumn(factions=[UPR, NOB], seats={0: {"lore": 1, "hand": ["follower-3"]}})
    s.apply_move("journey follower-3")
    assert s.decision().kind == "buy"
    s.apply_move("buy a1")
    assert "uprising:a1" in dump(s)["seats"][0]["hand"] and s.lore[0] == 0


def test_no_steal_from_the_reserve():
    s = summer(
        regions=fd({"highlands": ["nobility:captain-6"]}),
        seats={0: {"herald": "castle"}, 1: {"herald": "castle", "influence": 0}},
    )
    s.apply_move("claim castle")
    assert s.influence == [2, 0]


def test_a_steal_is_not_a_take_from_the_great_road():
    """Only cards taken from the road count: after a steal and a 'back' the
    two rightmost road cards are discarded."""
    s = load(
        doc(
            2,
            factions=[NOB, UPR],
            order=[0, 1],
            seats={
                0: {"hand": ["follower-1"], "board": [kc("trade-03", "nobility:agent"), None]},
                1: {"hand": ["captain-8"]},
            },
        )
    )
    for m in (
        "0: bid follower-1",
        "1: bid captain-8",
        "herald wilderness",
        "steal trade-03",
        "space 1",
        "herald castle",
        "back",
    ):
        s.apply_move(m)
    d = dump(s)
    assert d["kingdom_discard"] == ["martial-02", "intrigue-02"]
    assert d["road"] == ["trade-07", "trade-06", "trade-02", "trade-04"]


def test_nobility_favour_heirs_invulnerable():
    s = spring(favour={"holder": 0, "uses": 3}, regions=fd({"highlands": ["nobility:heir", "clans:agent"]}))
    s.apply_move("favour heirs")
    for m in ("done", "done", "clash highlands", "clash plateau"):
        s.apply_move(m)
    assert "nobility:heir" not in dump(s)["seats"][0]["discard"]
    assert s.decision().kind == "location" and s.decision().seats == (0,)  # 10 against 5


def test_placing_supporters_is_one_spring_action():
    """Seed, Actions: each action once a round; Placing Supporters: any number
    of supporters to any number of regions. So supporters go one after another
    until the seat takes another action; then none is offered this spring,
    while one placed after other actions is allowed."""
    tiles = {  # Nobility's tactics 1 and 2 (a war machine of its own is active) may be used
        "seats": {0: {"tactics": [1, 2, 1, 1]}},
        "regions": {"highlands": {"facedown": ["clans:ruse"], "active": active("nobility:war-machine", deploy=0)}},
    }
    s = spring(**tiles)
    s.apply_move("supporter plateau")
    s.apply_move("supporter lowlands")  # the same action goes on
    assert "supporter highlands" in s.legal_moves()
    s.apply_move("tactic 1")  # another action: placing supporters is over
    assert s.decision().seats == (0,) and "tactic 2" in s.legal_moves()
    assert not any(m.startswith("supporter") for m in s.legal_moves())
    with pytest.raises(IllegalMove):
        s.apply_move("supporter highlands")
    assert s.sup_map[0] == [0, 1, 1] and s.sup_board[0] == 3
    later = spring(**tiles)
    later.apply_move("tactic 1")  # other actions first: the supporters may still follow
    later.apply_move("supporter highlands")
    later.apply_move("supporter highlands")
    assert later.sup_map[0] == [2, 0, 0]
    assert load(dump(later)).legal_moves() == later.legal_moves()  # kept in the STATE


def test_tactic_tiles_any_number_a_round_each_once():
    """Unexhausted tiles may be activated in any number (not one a round); a
    tile with uses loses one per use and, like every action, is used at most
    once a round."""
    s = spring(
        seats={0: {"tactics": [1, 2, 1, 1]}},
        regions={"highlands": {"facedown": ["clans:ruse"], "active": active("nobility:war-machine", deploy=0)}},
    )
    s.apply_move("tactic 1")
    s.apply_move("tactic 2")
    assert s.tactics[0] == [0, 1, 1, 1] and not any(m.startswith("tactic") for m in s.legal_moves())
