"""Blank means ignored, at every moment (the seed's "Printed, Gained & Blanked"):
blanked traits, lore icons and votes of an active card count at no point,
including the moment the card leaves play. One test per place they are read."""

import pytest

from meeple.games.okc import blank, dump, load
from meeple.games.okc import cards as C
from meeple.games.okc import data as D
from tests.games.okc.helpers import active, doc, fd, in_clash, summer

NOB, CLA, UPR, GAT = "nobility", "clans", "uprising", "gathering"
AUTUMN = {"kind": None, "seats": [], "todo": [["winter"], ["autumn", 0]]}


def blanked_by(seat: int, region: str = "highlands") -> dict:
    """martial-15 of `seat` in `region`: opponents' printed information blank there."""
    return {"regions": {region: [{"seat": seat, "kingdom": "martial-15"}]}}


def won_with_one_active(plateau_card: str) -> dict:
    """Highlands is won by seat 0's captain-6; `plateau_card` is already active there."""
    return {
        "highlands": {"facedown": ["nobility:captain-6"], "active": []},
        "plateau": {"facedown": [], "active": active(plateau_card)},
    }


def test_eliminated_card_with_blank_resilient_goes_to_the_lost_pile():
    """martial-15: the heir's printed Resilient is blank when the agent's Deadly
    eliminates it, so it goes to the lost pile, not the discard."""
    s = summer(regions=fd({"highlands": ["nobility:heir", "clans:agent"]}), kingdom_map=blanked_by(1))
    d = dump(s)
    assert "nobility:heir" in d["lost"] and "nobility:heir" not in d["seats"][0]["discard"]


def test_uprising_a3_blank_resilient_read_before_anything_leaves():
    """Uprising A3 blanks the opposing champion's Resilient: eliminated by the
    Uprising agent it is lost, even though the A3 may leave in the same night."""
    s = summer(
        factions=[UPR, GAT],
        regions=fd({"highlands": ["uprising:a3", "uprising:agent", "gathering:a1"]}),
        seats={0: {"site": []}, 1: {"site": []}},
    )
    s.apply_move("done")  # the A3 could ambush
    d = dump(s)
    assert "gathering:a1" in d["lost"] and "gathering:a1" not in d["seats"][1]["discard"]


def test_unblanked_resilient_still_saves():
    s = summer(regions=fd({"highlands": ["nobility:heir", "clans:agent"]}))
    assert "nobility:heir" in dump(s)["seats"][0]["discard"]


def test_blank_lore_icons_stop_an_active_journey():
    """trade-01 lets active cards journey; a card whose lore icon is blank has
    no lore icon ("a faction card with one or more lore icons")."""
    board = [{"kingdom": "trade-01", "occupier": "nobility:agent"}, None]
    base = dict(
        pending=AUTUMN, seats={0: {"board": board}}, regions={"plateau": {"active": active("nobility:follower-2")}}
    )
    s = load(doc(kingdom_map=blanked_by(1, "plateau"), **base))
    assert "journey follower-2" not in s.legal_moves()
    assert "journey follower-2" in load(doc(**base)).legal_moves()


@pytest.mark.parametrize(
    "location, verb, blanked",
    [
        ("wilderness", "journey", "captain-7"),  # lore icons
        ("castle", "govern", "agent"),
    ],
)  # votes
def test_blank_icons_stop_a_location_reward_with_an_active_card(location, verb, blanked):
    s = summer(regions=won_with_one_active(f"nobility:{blanked}"), kingdom_map=blanked_by(1, "plateau"))
    s.apply_move(f"claim {location}")
    moves = s.legal_moves()
    assert f"{verb} captain-6" in moves and f"{verb} {blanked}" not in moves


def test_blank_lore_icons_stop_the_martial_10_retreat_journey():
    regions = {
        "highlands": {
            "active": active(
                "nobility:captain-6", "clans:captain-7", gained={"nobility:captain-6": ["retreat", "retreat-journey"]}
            )
        }
    }
    s = in_clash("highlands", ["highlands", "plateau", "lowlands"], [0, 1], regions, kingdom_map=blanked_by(1))
    s.apply_move("retreat captain-6")
    assert "journey captain-6" not in s.legal_moves()


def test_blank_pathfinder_is_not_read_and_gained_pathfinder_is():
    """Pathfinder is read where the card stands when it journeys: a blank
    printed Pathfinder is absent, a gained one (intrigue-12's copy) present
    even though the card has left the region by the time it lands."""
    s = load(
        doc(
            pending=AUTUMN,
            kingdom_map=blanked_by(1, "plateau"),
            regions={"plateau": {"active": active("nobility:captain-6")}},
        )
    )
    g = C.CARD_BY_NAME["nobility:captain-6"]
    r, e = s._find_active(g)
    assert blank.is_blank(s, 0, e) and blank.is_blank(s, 0, e, r)
    assert not blank.card_traits(s, 0, g) & D.PATHFINDER
    assert blank.card_lore_icons(s, 0, g) == 0 and blank.vote_icons(s, 0, g, e, r) == 0
    assert blank.lore_icons(s, 0, g) == C.LORE[g] and blank.vote_icons(s, 0, g) == C.VOTES[g]  # off the map
    gained = [{"card": "nobility:follower-2", "gained_traits": ["pathfinder"]}]
    s2 = summer(
        regions={
            "highlands": {"facedown": ["nobility:captain-6"], "active": []},
            "plateau": {"facedown": [], "active": gained},
        }
    )
    s2.apply_move("claim wilderness")
    s2.apply_move("journey follower-2")
    assert "nobility:follower-2" in dump(s2)["seats"][0]["discard"]


def test_blank_votes_stop_the_trade_10_region_govern():
    base = dict(
        pending=AUTUMN, regions={"plateau": {"active": active("nobility:agent")}}, kingdom_deck=["trade-06", "trade-07"]
    )
    mine = [{"seat": 0, "kingdom": "trade-10"}]
    s = load(doc(kingdom_map={"regions": {"plateau": mine + [{"seat": 1, "kingdom": "martial-15"}]}}, **base))
    assert "region-govern" not in s.legal_moves()
    assert "region-govern" in load(doc(kingdom_map={"regions": {"plateau": mine}}, **base)).legal_moves()


# ---- rule text is printed information too: blank text is ignored
def test_blank_text_agent_no_longer_dies_to_a_follower():
    s = summer(regions=fd({"highlands": ["nobility:agent", "clans:follower-4"]}), kingdom_map=blanked_by(1))
    assert "nobility:agent" not in dump(s)["lost"]


def test_blank_text_assassin_eliminates_nothing():
    s = summer(
        factions=[UPR, NOB],
        regions=fd({"highlands": ["uprising:a2", "nobility:captain-8"]}),
        seats={0: {"site": []}},
        kingdom_map=blanked_by(1),
    )
    assert "nobility:captain-8" not in dump(s)["lost"] and s.decision().kind != "reward"


def test_blank_uprising_a3_blanks_nothing_and_falls_to_deadly():
    """martial-15 blanks the A3's own text: the Nobility agent keeps its Deadly,
    and the A3, its Resilient blank too, goes to the lost pile."""
    s = summer(
        factions=[NOB, UPR],
        regions=fd({"highlands": ["nobility:agent", "uprising:a3"]}),
        seats={1: {"site": []}},
        kingdom_map=blanked_by(0),
    )
    assert "uprising:a3" in dump(s)["lost"]


def test_blank_text_gathering_a4_lowest_does_not_win():
    s = summer(
        factions=[NOB, GAT],
        regions=fd({"highlands": ["nobility:captain-6", "gathering:a4"]}),
        seats={1: {"site": []}},
        kingdom_map=blanked_by(0),
    )
    assert s.decision().kind == "location" and s.decision().seats == (0,)


def test_blank_text_takes_away_an_active_site_card_action():
    """Nobility A4's autumn text is printed on the card: blank in martial-15's region."""
    base = dict(
        pending=AUTUMN,
        regions={"plateau": {"active": active("nobility:a4")}},
        seats={0: {"map": [0, 2, 0], "site": []}},
    )
    assert "use a4" in load(doc(**base)).legal_moves()
    assert "use a4" not in load(doc(kingdom_map=blanked_by(1, "plateau"), **base)).legal_moves()


def test_views_say_which_active_cards_are_blank():
    from rich.console import Console

    from meeple.terminal.okc import render

    s = load(
        doc(
            pending=AUTUMN,
            kingdom_map=blanked_by(1, "plateau"),
            regions={"plateau": {"active": active("nobility:captain-6", "clans:captain-7")}},
        )
    )
    for seat in (0, 1, None):
        shown = {e["card"]: e["blank"] for e in s.view(seat)["regions"]["plateau"]["active"]}
        assert shown == {"nobility:captain-6": True, "clans:captain-7": False}
    con = Console(record=True, width=160)
    con.print(render(s.view(0), 0, s.decision()))
    assert con.export_text().count("(blank)") == 1


def test_every_rule_reads_printed_information_through_blank():
    """No rule module reads a faction card's printed traits, commands, icons
    or the blank rule's own names but through okc/blank.py (no bypass)."""
    import ast
    from pathlib import Path

    from meeple.compiled import MODULES

    printed = {"TRAITS", "CMDS", "VOTES", "LORE"}
    rules = [
        m
        for m in MODULES
        if m.startswith("meeple.games.okc.") and m.rsplit(".", 1)[1] not in ("cards", "data", "blank")
    ]
    assert len(rules) > 10
    root = Path(blank.__file__).parent
    for m in rules:
        tree = ast.parse((root / (m.rsplit(".", 1)[1] + ".py")).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
            if isinstance(node, ast.alias):
                name = node.name
            assert name not in printed, f"{m} reads {name} itself: ask blank.py"
            if isinstance(node, ast.Constant):
                assert node.value not in (blank.UPRISING_A3, blank.MARTIAL_15), f"{m} names a blank effect itself"
