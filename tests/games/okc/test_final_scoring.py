"""OKC's final scoring by source: every point of influence accounted for,
in words, in the ranking the table and the terminal show."""

import random

import pytest

from meeple.games.okc import new_game
from meeple.games.okc import present as P


def random_game(players, seed):
    s = new_game(players, seed=seed, rounds=4)
    rng = random.Random(seed)
    while not s.is_terminal():
        seat = s.decision().seats[-1]
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    return s


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (4, 7)])
def test_the_sources_add_up_to_the_influence(players, seed):
    s = random_game(players, seed)
    final = P.final_scoring(s.log(), s)
    assert final["total"] == s.influence
    for seat in range(players):
        assert sum(r["values"][seat] for r in final["rows"]) == s.influence[seat]
    assert any(r["name"] == "Locations won in clashes" for r in final["rows"])
    for row in P.ranking(s):
        assert sum(row["breakdown"].values()) == row["influence"]
        for name in row["breakdown"]:
            assert name in row["summary"]


def test_lore_on_the_site_is_cashed_at_the_end():
    s = random_game(2, 5)
    s2 = new_game(2, seed=5, rounds=4)
    assert P.final_scoring(s2.log(), s2)["rows"] == []  # nothing yet
    rows = {r["name"]: r["values"] for r in P.final_scoring(s.log(), s)["rows"]}
    assert rows.get(P.SITE_LORE, [0, 0]) == [x // 2 if x >= 2 else 0 for x in s.site_lore]
