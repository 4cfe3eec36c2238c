"""The presenter (what the browser table is given): decisions only for the
seat that answers, every event kind in words, the ranking's tie-breaks, the
lobby options."""

import random

import pytest

from meeple.core.game import GameError
from meeple.core.present import seat_name
from meeple.games.okc import new_game
from meeple.games.okc import present as P

SEATS = [{"name": f"P{i}"} for i in range(4)]


def play(players, seed, rounds=4, advanced=False):
    s = new_game(players, seed=seed, rounds=rounds, advanced=advanced)
    rng = random.Random(seed)
    while not s.is_terminal():
        d = s.decision()
        seat = d.seats[-1]
        dec = P.decision_for(s, seat)
        for other in range(players):
            if other not in d.seats:
                assert set(P.decision_for(s, other)) <= {"seat", "seats", "kind", "prompt", "chosen"}
        if d.kind == "facedown":
            hand = [c.split(":")[1] for c in dec["hand"]]
            picks = hand[: dec["cards"]] + ["-"] * (len(dec["regions"]) - dec["cards"])
            rng.shuffle(picks)
            s.apply_move(f"{seat}: facedown " + " ".join(picks))
        else:
            assert all(o["label"] and o["move"] in dec["moves"] for o in dec["options"])
            s.apply_move(rng.choice(dec["moves"]))
    return s


@pytest.mark.parametrize("players, seed, advanced", [(2, 1, True), (3, 2, False), (4, 3, False)])
def test_whole_games_in_words(players, seed, advanced):
    s = play(players, seed, advanced=advanced)
    for ev in s.log():
        out = P.describe(ev, SEATS, None)
        assert out["text"] and "None" not in out["text"], out
        assert not out["text"].startswith(f"{seat_name(SEATS, ev[1])}: "), out  # no fallback wording
        if ev[3] is not None:
            assert out["detail"] is None
    rank = P.ranking(s)
    assert rank[0]["seat"] == s.winners[0] and rank[0]["winner"] and rank[0]["place"] == 1
    assert [r["influence"] for r in rank] == sorted((r["influence"] for r in rank), reverse=True)
    clashes = P.scoring(s.log(), s)
    assert clashes and all(c["totals"] is not None for c in clashes)


def test_simultaneous_decision_says_who_chose_not_what():
    s = new_game(3, seed=4, rounds=4)
    d = s.decision()
    assert d.kind == "bid"
    first = d.seats[0]
    s.apply_move(P.decision_for(s, first)["moves"][0])
    for viewer in (None, *range(3)):
        dec = P.decision_for(s, viewer)
        assert dec["chosen"] == [first]
        assert "moves" not in dec or viewer in dec["seats"]
        assert first not in dec["seats"]


def test_ranking_tie_goes_to_the_favour_then_the_order_track():
    s = play(3, 5)
    s.influence = [7, 7, 3]
    s.favour, s.order, s.winners = -1, [1, 0, 2], [1]
    assert [(r["seat"], r["place"]) for r in P.ranking(s)] == [(1, 1), (0, 2), (2, 3)]
    s.favour, s.winners = 0, [0]
    assert [(r["seat"], r["place"]) for r in P.ranking(s)] == [(0, 1), (1, 2), (2, 3)]


def test_options_are_checked():
    from meeple.games.okc import SPEC

    assert SPEC.check_options({}) == {}
    assert SPEC.check_options({"rounds": 4, "advanced": True}) == {"rounds": 4, "advanced": True}
    assert SPEC.check_options({"factions": ["clans", "nobility"]}) == {"factions": ["clans", "nobility"]}
    for bad in (
        {"rounds": 3},
        {"rounds": True},
        {"advanced": "yes"},
        {"factions": ["elves"]},
        {"factions": ["clans", "clans"]},
        {"fairy": True},
    ):
        with pytest.raises(GameError):
            SPEC.check_options(bad)
    m = P.meta()
    assert m["levels"] and "medium" in m["levels"] and len(m["kingdom"]) == 51


def test_meta_names_every_card_in_words_for_the_page():
    """The page builds card tiles from the meta: every faction card has its
    title ("Nobility captain 7", "Uprising agent 5 (blank opponents)"), faction
    first and no id ("captain-7", "a3"); every kingdom card its name ("Trade 1")."""
    import re

    from meeple.games.okc import present as P

    m = P.meta()
    for name, card in m["cards"].items():
        fac = name.split(":")[0]
        assert card["title"].startswith(fac.capitalize() + " "), card["title"]
        assert "-" not in card["title"] and not re.search(r"\b[a-z]+\d\b", card["title"]), card["title"]
    assert m["cards"]["uprising:a3"]["title"] == "Uprising agent 5 (blank opponents)"
    assert set(m["kingdom_names"]) == set(m["kingdom"])
    assert all(re.fullmatch(r"[A-Z][a-z]+ \d+", n) for n in m["kingdom_names"].values()), m["kingdom_names"]


def test_the_final_ranking_names_the_faction_as_a_name():
    import random

    from meeple.games.okc import new_game
    from meeple.games.okc import present as P

    s = new_game(2, seed=4, rounds=4)
    rng = random.Random(4)
    while not s.is_terminal():
        seat = s.decision().seats[-1]
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    for row in P.ranking(s):
        assert f"({row['faction'].capitalize()})" in row["summary"], row["summary"]


def test_bids_are_revealed_once_then_resolve_strongest_first():
    """With Nobility's tactic 3 on offer the bids are shown first; the second
    event says they resolve, in the order the bidders take kingdom cards."""
    shown = P.describe(("bids-shown", 0, [(1, "clans:follower-4"), (0, "nobility:heir")], None), SEATS, None)["text"]
    resolve = P.describe(("bids", None, [(0, "nobility:heir"), (1, "clans:follower-4")], None), SEATS, None)["text"]
    assert shown.startswith("Bids revealed: P1 bid ") and "tactic 3" in shown
    assert resolve.startswith("Bids resolve, strongest first: P0 bid ") and "revealed" not in resolve
