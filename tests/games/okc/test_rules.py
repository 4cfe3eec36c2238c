"""Rule tests: the rulebook's worked examples first, then every rule."""

import pytest

from meeple.core.game import IllegalMove
from meeple.games.okc import dump, load
from tests.games.okc.helpers import active, doc, fd, in_clash, summer

NOB, CLA, UPR, GAT = "nobility", "clans", "uprising", "gathering"


def names(s, seat, key):
    return dump(s)["seats"][seat][key]


# ---------------------------------------------------------------- start of year
def test_order_track_tie_example():
    """Rulebook order example C: Nobility 5, Clans 4, Gathering 5, Uprising 4;
    the track was Nobility, Clans, Gathering, Uprising -> Gathering, Nobility,
    Uprising, Clans (ties reverse the previous order)."""
    hand = ["captain-6", "captain-7", "captain-8", "captain-9", "heir", "agent"]
    s = load(
        doc(
            4,
            order=[0, 1, 3, 2],
            rnd=3,
            seats={
                0: {"influence": 5, "hand": hand},
                1: {"influence": 4, "hand": hand},
                2: {"influence": 4, "hand": hand},
                3: {"influence": 5, "hand": hand},
            },
        )
    )
    assert s.order == [3, 0, 2, 1]
    assert s.decision().kind == "bid"


def test_order_example_b_most_influence_first():
    hand = ["captain-6", "captain-7", "captain-8", "captain-9", "heir", "agent"]
    s = load(
        doc(
            4,
            order=[1, 0, 3, 2],
            rnd=2,
            seats={
                0: {"influence": 3, "hand": hand},
                1: {"influence": 2, "hand": hand},
                2: {"influence": 0, "hand": hand},
                3: {"influence": 1, "hand": hand},
            },
        )
    )
    assert s.order == [0, 1, 3, 2]


def test_draw_to_hand_size_and_attrition():
    s = load(
        doc(
            2,
            rnd=2,
            seats={
                0: {"hand": ["heir"], "deck": ["captain-6", "captain-7"], "discard": ["agent", "ruse", "trader"]},
                1: {"hand": ["heir", "agent", "ruse", "trader", "cavalry", "captain-6"]},
            },
        )
    )
    # drew 2, deck empty: attrition (hand size 5), discard shuffled, drew to 5
    assert s.hand_size[0] == 5 and len(s.hands[0]) == 5
    assert s.discards[0] == [] and len(s.decks[0]) == 1
    assert s.hand_size[1] == 6


def test_attrition_never_below_three():
    s = load(
        doc(
            2,
            rnd=2,
            seats={0: {"hand": ["heir"], "hand_size": 3}, 1: {"hand": ["heir", "agent", "ruse"], "hand_size": 3}},
        )
    )
    assert s.hand_size[0] == 3 and s.hands[0] == [s.gid(0, 13)]


# ---------------------------------------------------------------------- spring
def test_bidding_example_highest_resolves_first():
    """Gathering bids 6, Clans 4: Gathering resolves first, takes a Great Road
    card and occupies it with the bid card."""
    s = load(
        doc(
            2,
            factions=[CLA, GAT],
            order=[0, 1],
            seats={0: {"hand": ["follower-4", "heir"]}, 1: {"hand": ["captain-6", "heir"]}},
        )
    )
    assert s.decision().kind == "bid" and s.decision().seats == (0, 1)
    s.apply_move("0: bid follower-4")
    with pytest.raises(IllegalMove, match="already chosen"):
        s.apply_move("0: bid heir")
    assert s.view(1)["seats"][0]["bid"] == "clans:?"
    assert s.view(0)["seats"][0]["bid"] == "clans:follower-4"
    s.apply_move("1: bid captain-6")
    assert s.decision().kind == "herald" and s.decision().seats == (1,)
    s.apply_move("herald castle")
    s.apply_move("take trade-02")
    s.apply_move("space 0")
    assert dump(s)["seats"][1]["board"][0] == {"kingdom": "trade-02", "occupier": "gathering:captain-6"}
    assert s.decision().kind == "herald" and s.decision().seats == (0,)


def test_bid_ties_follow_the_order_track():
    s = load(doc(2, order=[1, 0], seats={0: {"hand": ["captain-6"]}, 1: {"hand": ["captain-6"]}}))
    s.apply_move("0: bid captain-6")
    s.apply_move("1: bid captain-6")
    assert s.decision().seats == (1,)


def test_stealing_example():
    """Uprising bids 8 and steals Nobility's card occupied by a 5: the 5 goes to
    Nobility's hand."""
    s = load(
        doc(
            2,
            factions=[NOB, UPR],
            order=[0, 1],
            seats={
                0: {"hand": ["follower-1"], "board": [{"kingdom": "trade-03", "occupier": "nobility:agent"}, None]},
                1: {"hand": ["captain-8"]},
            },
        )
    )
    s.apply_move("0: bid follower-1")
    s.apply_move("1: bid captain-8")
    s.apply_move("herald wilderness")
    assert "steal trade-03" in s.legal_moves()
    s.apply_move("steal trade-03")
    s.apply_move("space 1")
    d = dump(s)
    assert d["seats"][1]["board"][1] == {"kingdom": "trade-03", "occupier": "uprising:captain-8"}
    assert d["seats"][0]["board"][0] is None and "nobility:agent" in d["seats"][0]["hand"]


def test_steal_needs_strictly_higher_strength():
    s = load(
        doc(
            2,
            order=[1, 0],
            seats={
                0: {"hand": ["follower-1"], "board": [{"kingdom": "trade-03", "occupier": "nobility:agent"}, None]},
                1: {"hand": ["cavalry"]},
            },
        )
    )
    s.apply_move("0: bid follower-1")
    s.apply_move("1: bid cavalry")
    s.apply_move("herald castle")
    assert "steal trade-03" not in s.legal_moves()
    with pytest.raises(IllegalMove):
        s.apply_move("steal trade-03")


def test_champion_treats_the_occupier_as_zero():
    s = load(
        doc(
            2,
            order=[1, 0],
            seats={
                0: {"hand": ["follower-1"], "board": [{"kingdom": "trade-03", "occupier": "nobility:heir"}, None]},
                1: {"hand": ["a1"], "site": []},
            },
        )
    )
    s.apply_move("0: bid follower-1")
    s.apply_move("1: bid a1")
    s.apply_move("herald castle")
    assert "steal trade-03" in s.legal_moves()


def test_replacing_a_kingdom_card_discards_it_and_returns_the_occupier():
    s = load(
        doc(
            2,
            order=[1, 0],
            seats={
                0: {"hand": ["follower-1"]},
                1: {"hand": ["captain-9"], "board": [{"kingdom": "trade-03", "occupier": "clans:agent"}, None]},
            },
        )
    )
    s.apply_move("0: bid follower-1")
    s.apply_move("1: bid captain-9")
    s.apply_move("herald castle")
    s.apply_move("take martial-02")
    s.apply_move("space 0")
    d = dump(s)
    assert d["seats"][1]["board"][0] == {"kingdom": "martial-02", "occupier": "clans:captain-9"}
    assert "clans:agent" in d["seats"][1]["hand"] and "trade-03" in d["kingdom_discard"]


def test_back_to_hand_and_great_road_with_nothing_taken():
    """No card taken: the two rightmost cards are discarded, the rest slide
    right and the road refills from the left."""
    s = load(doc(2, seats={0: {"hand": ["follower-1"]}, 1: {"hand": ["follower-2"]}}))
    s.apply_move("0: bid follower-1")
    s.apply_move("1: bid follower-2")
    for _ in range(2):
        s.apply_move("herald castle")
        s.apply_move("back")
    d = dump(s)
    assert d["kingdom_discard"] == ["martial-02", "intrigue-02"]
    assert d["road"] == ["trade-07", "trade-06", "trade-02", "trade-04"]
    assert "nobility:follower-1" in d["seats"][0]["hand"]


def test_great_road_after_a_take():
    s = load(doc(2, seats={0: {"hand": ["follower-1"]}, 1: {"hand": ["follower-2"]}}))
    s.apply_move("0: bid follower-1")
    s.apply_move("1: bid follower-2")
    s.apply_move("herald castle")
    s.apply_move("take trade-02")
    s.apply_move("space 0")
    s.apply_move("herald castle")
    s.apply_move("back")
    d = dump(s)
    # road was [-, trade-04, intrigue-02, martial-02]: martial-02 discarded, slide, refill
    assert d["kingdom_discard"] == ["martial-02"]
    assert d["road"] == ["trade-07", "trade-06", "trade-04", "intrigue-02"]


def test_face_down_cards_are_simultaneous_and_secret():
    hand = ["captain-6", "captain-7", "captain-8"]
    s = load(
        doc(
            2,
            seats={0: {"hand": hand}, 1: {"hand": hand}},
            pending={
                "kind": None,
                "seats": [],
                "todo": [["winter"], ["autumn", 0], ["clashes", 0], ["markers"], ["spring", 0], ["facedown"]],
            },
        )
    )
    assert s.decision().kind == "facedown" and s.decision().seats == (0, 1)
    s.apply_move("1: facedown captain-8 captain-7 captain-6")
    with pytest.raises(IllegalMove, match="already chosen"):
        s.apply_move("1: facedown captain-8 captain-7 captain-6")
    v = s.view(0)
    assert v["regions"]["highlands"]["facedown"] == ["clans:?"]
    assert "captain" not in str(v["regions"]) and s.moves_for(0) == ["@1 facedown ? ? ?"]
    with pytest.raises(IllegalMove):
        s.apply_move("0: facedown captain-8 captain-8 captain-6")
    assert s.decision().seats == (0,)  # nothing applied
    s.apply_move("0: facedown captain-6 captain-7 captain-8")
    assert s.decision().kind == "spring"


def test_short_hand_declares_empty_regions():
    s = load(
        doc(
            2,
            seats={0: {"hand": ["heir"]}, 1: {"hand": ["heir", "agent", "ruse"]}},
            pending={
                "kind": None,
                "seats": [],
                "todo": [["winter"], ["autumn", 0], ["clashes", 0], ["markers"], ["spring", 0], ["facedown"]],
            },
        )
    )
    assert s.decision().kind == "fd_declare" and s.decision().seats == (0,)  # before anyone places
    s.apply_move("empty highlands")
    s.apply_move("empty lowlands")
    assert s.decision().kind == "facedown"
    with pytest.raises(IllegalMove):
        s.apply_move("1: facedown heir - agent")  # must play all three
    with pytest.raises(IllegalMove):
        s.apply_move("0: facedown heir - -")  # not where it declared
    s.apply_move("0: facedown - heir -")
    s.apply_move("1: facedown heir agent ruse")
    assert dump(s)["regions"]["plateau"]["facedown"] == ["nobility:heir", "clans:agent"]


def test_supporters_in_turn_order_and_clash_markers_by_last_player():
    s = load(
        doc(
            2,
            order=[1, 0],
            pending={
                "kind": None,
                "seats": [],
                "todo": [["winter"], ["autumn", 0], ["clashes", 0], ["markers"], ["spring", 0]],
            },
        )
    )
    assert s.decision().kind == "spring" and s.decision().seats == (1,)
    s.apply_move("supporter plateau")
    s.apply_move("supporter plateau")
    s.apply_move("done")
    assert s.decision().seats == (0,)
    s.apply_move("done")
    assert s.decision().kind == "markers" and s.decision().seats == (0,)  # last on the track
    s.apply_move("clash lowlands")
    s.apply_move("clash highlands")
    assert s.clash_order == [2, 0, 1]
    assert s.sup_map[1] == [0, 2, 0]


# ---------------------------------------------------------------------- summer
def test_day_step_example_ambush_retreat_flank_then_deadly():
    """Rulebook day-step example: order Gathering, Nobility, Uprising, Clans.
    Nobility's Ruse ambushes (an Agent, face down); Uprising's Heir (Retreat
    gained) retreats; Clans' Captain (Flank gained) flanks to the clash II
    region. The Agent is revealed and its Deadly eliminates Gathering's Heir
    (Resilient: to its discard). Nobility wins alone."""
    s = in_clash(
        "plateau",
        ["plateau", "highlands", "lowlands"],
        [3, 0, 2, 1],
        {
            "plateau": {
                "active": active(
                    "gathering:heir",
                    "nobility:ruse",
                    "uprising:heir",
                    "clans:captain-6",
                    gained={"uprising:heir": ["retreat"], "clans:captain-6": ["flank"]},
                )
            }
        },
        players=4,
        order=[3, 0, 2, 1],
        seats={0: {"hand": ["agent", "captain-9"]}},
    )
    # Gathering has nothing to do (forced 'done'): Nobility decides
    assert s.decision().seats == (0,) and s.decision().kind == "day"
    s.apply_move("ambush ruse")
    s.apply_move("hide agent")
    assert s.view(2)["regions"]["plateau"]["facedown"] == ["nobility:?"]
    # Nobility's Ruse is spent (Ambush or Retreat): its 'done' is forced
    assert s.decision().seats == (2,)
    s.apply_move("retreat heir")
    s.apply_move("return heir")  # then 'done' is forced (nothing else to return)
    assert s.decision().seats == (1,)
    s.apply_move("flank captain-6")
    s.apply_move("to highlands")
    d = dump(s)
    assert "gathering:heir" in d["seats"][3]["discard"]
    assert "uprising:heir" in d["seats"][2]["hand"]
    assert [e["card"] for e in d["regions"]["highlands"]["active"]] == ["clans:captain-6"]
    assert s.decision().kind == "location" and s.decision().seats == (0,)


def test_deadly_example_all_eliminated_each_other():
    s = summer(
        players=3,
        factions=[NOB, UPR, GAT],
        order=[0, 1, 2],
        regions=fd({"highlands": ["nobility:heir", "uprising:agent", "gathering:agent"]}),
    )
    d = dump(s)
    assert d["regions"]["highlands"]["active"] == []
    assert "nobility:heir" in d["seats"][0]["discard"]  # Resilient
    assert set(d["lost"]) == {"uprising:agent", "gathering:agent"}
    assert s.decision().kind == "tie"  # nobody has strength: tied at 0


def test_deadly_with_invulnerable_example():
    s = summer(
        players=3,
        factions=[CLA, UPR, GAT],
        order=[0, 1, 2],
        regions=fd({"highlands": ["gathering:captain-7", "uprising:agent", "clans:war-machine"]}),
    )
    d = dump(s)
    assert d["lost"] == ["gathering:captain-7"]
    assert sorted(e["card"] for e in d["regions"]["highlands"]["active"]) == ["clans:war-machine", "uprising:agent"]
    assert s.decision().kind == "tie"  # 5 against 5


def test_agent_is_eliminated_by_an_opposing_follower():
    s = summer(regions=fd({"highlands": ["nobility:agent", "clans:follower-1"]}), seats={1: {"hand": ["captain-9"]}})
    d = dump(s)
    assert d["lost"] == ["nobility:agent"]
    assert [e["card"] for e in d["regions"]["highlands"]["active"]] == ["clans:follower-1"]
    assert s.decision().kind == "location" and s.decision().seats == (1,)


def test_tied_clash_example_new_clash_between_tied_players():
    """Nobility 5 + 1 supporter = 6 against Gathering's 6: tied. Nobility (first
    on the track) plays a card face down, then Gathering: a new clash in which
    the earlier cards and supporters do not count."""
    s = summer(
        factions=[NOB, GAT],
        order=[0, 1],
        regions=fd({"highlands": ["nobility:war-machine", "gathering:captain-6"]}),
        seats={0: {"map": [1, 0, 0], "hand": ["follower-2"]}, 1: {"hand": ["follower-1"]}},
    )
    assert s.decision().kind == "tie" and s.decision().seats == (0,)
    s.apply_move("hide follower-2")
    assert s.decision().seats == (1,)
    s.apply_move("hide follower-1")
    # new clash: 2 against 1, Nobility wins
    assert s.decision().kind == "location" and s.decision().seats == (0,)


def test_tied_clash_all_pass_is_a_draw():
    s = summer(
        regions=fd({"highlands": ["nobility:captain-6", "clans:captain-6"]}),
        seats={0: {"hand": ["heir"]}, 1: {"hand": ["heir"]}},
    )
    s.apply_move("pass")
    s.apply_move("pass")
    # no rewards: the next clash (plateau) has nothing; both have 0: tie again
    assert s.decision().kind == "tie"
    assert s.influence == [0, 0]


def test_passing_player_stays_in_the_new_clash_with_zero():
    s = summer(
        regions=fd({"highlands": ["nobility:captain-6", "clans:captain-6"]}),
        seats={0: {"hand": ["follower-1"]}, 1: {"hand": ["heir"]}},
    )
    s.apply_move("hide follower-1")
    s.apply_move("pass")
    assert s.decision().kind == "location" and s.decision().seats == (0,)


def test_ambush_example():
    s = summer(
        factions=[NOB, UPR],
        regions=fd({"highlands": ["nobility:captain-6", "uprising:ruse"]}),
        seats={1: {"hand": ["captain-8", "follower-1"]}},
    )
    assert s.decision().seats == (1,)  # Nobility has no day command: forced done
    s.apply_move("ambush ruse")
    s.apply_move("hide captain-8")  # the Ruse is spent: 'done' is forced
    assert s.decision().kind == "location" and s.decision().seats == (1,)


def test_ruse_uses_ambush_or_retreat_not_both():
    s = summer(
        factions=[CLA, GAT],
        regions=fd({"lowlands": ["clans:agent", "gathering:ruse"]}),
        clash_order=["lowlands", "plateau", "highlands"],
        seats={1: {"hand": ["captain-8"], "herald": "shrine"}},
    )
    s.apply_move("retreat ruse")
    assert "herald" in s.legal_moves()
    s.apply_move("return ruse")
    s.apply_move("herald")  # nothing more to return: 'done' is forced
    d = dump(s)
    assert d["regions"]["lowlands"]["active"] == [] or "ambush ruse" not in s.legal_moves()
    assert "gathering:ruse" in d["seats"][1]["hand"] and d["seats"][1]["herald"] is None


def test_flank_needs_an_unresolved_region():
    s = summer(clash_order=["plateau", "lowlands", "highlands"], regions=fd({"highlands": ["nobility:cavalry"]}))
    # highlands is clash III: no region left to flank to
    assert not any(m.startswith("flank") for m in s.legal_moves())


def test_flanked_card_counts_in_the_next_clash_only():
    s = summer(regions=fd({"highlands": ["nobility:cavalry", "clans:captain-6"], "plateau": ["clans:follower-4"]}))
    s.apply_move("flank cavalry")
    s.apply_move("to plateau")
    # highlands: clans wins 6 to 0
    assert s.decision().kind == "location" and s.decision().seats == (1,)
    s.apply_move("claim castle")
    s.apply_move("pass")
    # plateau: the cavalry may flank again (once per clash); it stays
    assert "flank cavalry" in s.legal_moves()
    s.apply_move("done")
    # plateau: cavalry 5 against follower 4
    assert s.decision().kind == "location" and s.decision().seats == (0,)


def test_supporters_add_strength_once():
    s = summer(regions=fd({"highlands": ["nobility:captain-6", "clans:captain-8"]}), seats={0: {"map": [3, 0, 0]}})
    assert s.decision().seats == (0,) and s.decision().kind == "location"


# ------------------------------------------------------------------- rewards
def test_claim_rewards_example_herald_steal_and_favour():
    """Gathering wins the Plateau, picks the Harvest Field where both heralds
    are: +1 influence, steals 1 from Nobility, +1 location influence, and
    claims the Kingdom's Favour."""
    s = summer(
        factions=[NOB, GAT],
        clash_order=["plateau", "highlands", "lowlands"],
        regions=fd({"plateau": ["nobility:follower-1", "gathering:captain-6"]}),
        seats={0: {"herald": "harvest-field", "influence": 2, "hand": ["heir"]}, 1: {"herald": "harvest-field"}},
    )
    s.apply_move("claim harvest-field")
    assert s.influence == [1, 3]
    assert s.favour == 1 and s.favour_uses == 3


def test_council_of_relics_adds_influence_then_discards():
    s = summer(
        regions=fd({"highlands": ["nobility:captain-6"]}),
        councils={"relics": ["nobility:trader", "nobility:agent"], "secrets": [], "oaths": []},
        seats={0: {"herald": "castle"}},
    )
    s.apply_move("claim castle")
    assert s.influence[0] == 1 + 4  # herald 1 + 4 relics votes
    assert s.decision().kind == "relics"
    s.apply_move("discard agent")
    assert s.influence[0] == 6  # + castle's 1
    assert s.decision().kind == "castle"


def test_castle_governs_and_clears_the_council():
    s = summer(
        regions=fd({"highlands": ["nobility:captain-6"]}),
        councils={"relics": [], "secrets": ["clans:agent", "nobility:trader"], "oaths": []},
        seats={0: {"hand": ["heir"]}},
    )
    s.apply_move("claim castle")
    s.apply_move("govern heir")
    s.apply_move("council secrets")
    d = dump(s)
    assert d["councils"]["secrets"] == ["nobility:heir"]
    assert "clans:agent" in d["seats"][1]["discard"] and "nobility:trader" in d["seats"][0]["discard"]


def test_wilderness_journey_with_an_active_card():
    s = summer(regions=fd({"highlands": ["nobility:captain-6"]}))
    s.apply_move("claim wilderness")
    s.apply_move("journey captain-6")  # Pathfinder: to the discard
    d = dump(s)
    assert "nobility:captain-6" in d["seats"][0]["discard"] and s.lore[0] == 1


def test_shrine_and_necropolis():
    s = summer(
        regions=fd({"lowlands": ["nobility:captain-6"]}),
        clash_order=["lowlands", "plateau", "highlands"],
        seats={0: {"hand": ["heir", "agent"], "deck": ["ruse"]}},
    )
    s.apply_move("claim shrine")
    s.apply_move("bottom agent")
    s.apply_move("bottom captain-6")
    s.apply_move("done")
    assert names(s, 0, "deck") == ["nobility:ruse", "nobility:agent", "nobility:captain-6"]
    s2 = summer(
        regions=fd({"lowlands": ["nobility:captain-6"]}),
        clash_order=["lowlands", "plateau", "highlands"],
        seats={0: {"discard": ["ruse", "trader", "agent", "cavalry"]}},
    )
    s2.apply_move("claim necropolis")
    for _ in range(3):
        s2.apply_move("draw")
    assert len(s2.hands[0]) == 2 + 3 and len(s2.discards[0]) == 1
    s2.apply_move(f"discard {names(s2, 0, 'hand')[0].split(':')[1]}")
    s2.apply_move("done")
    assert len(s2.hands[0]) == 4


def test_battlefield_pays_two():
    s = summer(clash_order=["plateau", "highlands", "lowlands"], regions=fd({"plateau": ["nobility:captain-6"]}))
    s.apply_move("claim battlefield")
    assert s.influence[0] == 2


# ---------------------------------------------------------------------- autumn
def autumn(**kw):
    return load(doc(pending={"kind": None, "seats": [], "todo": [["winter"], ["autumn", 0]]}, **kw))


def test_govern_and_journey_once_each_pathfinder():
    s = autumn(seats={0: {"hand": ["agent", "captain-7", "heir", "follower-2"]}})
    s.apply_move("govern agent")
    s.apply_move("council oaths")
    assert not any(m.startswith("govern") for m in s.legal_moves())
    assert s.decision().seats == (0,)
    s.apply_move("journey follower-2")  # no Pathfinder: lost pile
    assert dump(s)["lost"] == ["nobility:follower-2"] and s.lore[0] == 1
    # seat 0 has governed and journeyed: only 'done' is left, so it is forced
    assert s.decision().seats == (1,)
    s2 = autumn(seats={0: {"hand": ["captain-7"]}})
    s2.apply_move("journey captain-7")  # Pathfinder: discard
    assert names(s2, 0, "discard") == ["nobility:captain-7"]


def test_site_of_power_purchase_with_lore():
    s = autumn(seats={0: {"hand": ["trader"], "lore": 1}})
    s.apply_move("journey trader")  # +2 lore: 3
    assert s.decision().kind == "buy"
    s.apply_move("buy hq")
    assert s.lore[0] == 0 and names(s, 0, "hq") == ["nobility:hq"]
    s2 = autumn(seats={0: {"hand": ["trader"]}})
    s2.apply_move("journey trader")
    s2.apply_move("buy a1")
    assert "nobility:a1" in names(s2, 0, "hand")


def test_empty_site_banks_lore_for_influence_at_the_end():
    s = load(
        doc(
            rnd=6,
            seats={0: {"hand": ["trader"], "site": [], "site_lore": 3}},
            pending={"kind": None, "seats": [], "todo": [["winter"], ["autumn", 0]]},
        )
    )
    s.apply_move("journey trader")
    assert s.decision().kind == "site_lore"  # a choice: the Site or the supply
    s.apply_move("site")
    assert s.site_lore[0] == 5 and s.lore[0] == 0
    while not s.finished:
        s.apply_move("done")
    assert s.finished and s.influence[0] == 2


def test_rally_self_and_rally_two():
    s = autumn(regions={"highlands": {"active": active("nobility:heir", "nobility:trader", "nobility:captain-6")}})
    s.apply_move("rally trader")
    s.apply_move("return captain-6")
    s.apply_move("return trader")
    s.apply_move("rally heir")
    assert {"nobility:captain-6", "nobility:heir", "nobility:trader"} <= set(names(s, 0, "hand"))


def test_deploy_survives_one_winter_and_fights_next_round():
    s = load(
        doc(
            rnd=1,
            seats={0: {"hand": ["war-machine"]}},
            pending={"kind": None, "seats": [], "todo": [["winter"], ["autumn", 0]]},
        )
    )
    s.apply_move("deploy war-machine")
    s.apply_move("to highlands")
    assert dump(s)["regions"]["highlands"]["active"][0]["deploy"] == 1
    while s.decision().kind != "bid":
        s.apply_move("done")
    # winter: token removed, the card stays active
    d = dump(s)
    assert d["round"] == 2
    assert d["regions"]["highlands"]["active"][0]["card"] == "nobility:war-machine"
    assert d["regions"]["highlands"]["active"][0]["deploy"] == 0


def test_council_of_secrets_pays_a_location_reward_at_five():
    s = autumn(
        councils={"relics": [], "secrets": ["nobility:trader", "nobility:agent"], "oaths": []},
        seats={0: {"tokens": {"battlefield": 2}}},
    )
    s.apply_move("secrets")
    for _ in range(3):
        s.apply_move("token battlefield")
    s.apply_move("token castle")
    s.apply_move("done")
    assert s.influence[0] == 2 and s.tokens[0][3] == 0 and s.tokens[0][0] == 1


def test_council_of_oaths_returns_supporters():
    s = load(
        doc(
            pending={"kind": None, "seats": [], "todo": [["winter"], ["autumn", 0]]},
            councils={"relics": [], "secrets": [], "oaths": ["nobility:agent"]},
            seats={0: {"supporters": {"board": 1, "map": [1, 0, 0], "counted": [1, 0, 0], "lost": 3}}},
        )
    )
    s.apply_move("oaths")
    s.apply_move("supporter lost")
    s.apply_move("supporter highlands")
    assert s.decision().kind == "autumn"  # no votes left: 'done' was forced
    assert s.sup_board[0] == 3 and s.lost_sup[0] == 2


def test_favour_nobility_three_uses_then_back_to_the_field():
    s = load(
        doc(favour={"holder": 0, "uses": 1}, pending={"kind": None, "seats": [], "todo": [["winter"], ["spring", 0]]})
    )
    s.apply_move("favour")
    assert s.influence[0] == 1 and s.favour == -1
    assert "favour" not in s.legal_moves()


def test_favour_gathering_autumn():
    s = autumn(
        factions=[GAT, NOB],
        favour={"holder": 0, "uses": 3},
        regions={"plateau": {"active": active("gathering:captain-6")}},
        seats={0: {"herald": "battlefield"}},
    )
    s.apply_move("favour")
    assert "gathering:captain-6" in names(s, 0, "hand") and s.favour_uses == 2


def test_favour_clans_day_moves_herald_and_supporters():
    s = summer(
        factions=[CLA, NOB],
        favour={"holder": 0, "uses": 3},
        regions=fd({"highlands": ["clans:captain-6", "nobility:captain-7"]}),
        seats={0: {"map": [0, 1, 1]}},
    )
    s.apply_move("favour")
    s.apply_move("herald castle")
    s.apply_move("supporter plateau")
    s.apply_move("supporter lowlands")
    # 6 + 2 supporters = 8 > 7
    assert s.decision().kind == "location" and s.decision().seats == (0,)


def test_hand_full_sends_returning_cards_to_the_deck_top():
    s = autumn(
        seats={0: {"hand_size": 3, "hand": ["agent", "ruse", "trader"]}},
        regions={"highlands": {"active": active("nobility:heir")}},
    )
    s.apply_move("rally heir")
    assert names(s, 0, "deck")[0] == "nobility:heir"


# ---------------------------------------------------------------------- winter, end
def test_winter_cleanup_and_round_track():
    s = load(
        doc(
            rnd=2,
            regions={"plateau": {"active": active("nobility:captain-6")}},
            seats={
                0: {
                    "herald": "castle",
                    "map": [1, 1, 0],
                    "deck": ["heir", "agent", "ruse", "trader", "follower-2", "follower-3"],
                }
            },
            pending={"kind": None, "seats": [], "todo": [["winter"]]},
        )
    )
    d = dump(s)
    assert d["round"] == 3 and d["seats"][0]["herald"] is None
    assert d["seats"][0]["supporters"]["lost"] == 2
    assert "nobility:captain-6" in d["seats"][0]["discard"]


def test_end_tie_breaks_favour_then_order():
    s = load(
        doc(
            3,
            rnd=6,
            order=[2, 1, 0],
            favour={"holder": 1, "uses": 2},
            seats={0: {"influence": 5}, 1: {"influence": 5}, 2: {"influence": 5}},
            pending={"kind": None, "seats": [], "todo": [["winter"]]},
        )
    )
    assert s.finished and s.winners == [1]
    s = load(
        doc(
            3,
            rnd=6,
            order=[2, 1, 0],
            favour={"holder": 1, "uses": 2},
            seats={0: {"influence": 5}, 1: {"influence": 4}, 2: {"influence": 5}},
            pending={"kind": None, "seats": [], "todo": [["winter"]]},
        )
    )
    assert s.winners == [2]


def test_skirmish_length():
    from meeple.core.game import GameError
    from meeple.games.okc import new_game

    assert new_game(2, rounds=4).rounds == 4
    with pytest.raises(GameError):
        new_game(2, rounds=3)


def test_advanced_setup_secret_choices_then_reveal():
    from meeple.games.okc import new_game

    s = new_game(3, seed=4, advanced=True)
    assert s.decision().kind == "advanced" and len(s.decision().seats) == 3
    assert all(len(h) == 7 for h in s.hands) and all(len(o) == 5 for o in s.offer)
    v = s.view(0)
    assert v["seats"][1]["offer"] == ["?"] * 5 and len(v["seats"][0]["offer"]) == 5
    first = s.decision().seats[0]
    k = dump(s)["seats"][first]["offer"][0]
    card = dump(s)["seats"][first]["hand"][1].split(":")[1]
    s.apply_move(f"{first}: advanced {k} {card}")
    other = [x for x in range(3) if x != first][0]
    assert s.view(other)["seats"][first]["pick"][0] == "?" and k not in str(s.view(other))
    import pytest

    with pytest.raises(IllegalMove, match="already chosen"):
        s.apply_move(f"{first}: advanced {k} {card}")
    for x in list(s.decision().seats):
        d = dump(s)["seats"][x]
        s.apply_move(f"{x}: advanced {d['offer'][0]} {d['hand'][0].split(':')[1]}")
    d = dump(s)
    assert s.decision() is None or s.decision().kind in ("bid", "kplace")
    assert all(len(sd["hand"]) == 6 for sd in d["seats"])
    assert all(sd["offer"] == [] for sd in d["seats"])
    assert len(d["kingdom_deck"]) == 51 - 4 - 3
