"""Scoring a person can follow, and resigning, in the terminal tables
(docs/terminal.md): the words come from the games' presenters."""

from __future__ import annotations

import importlib
import io
import random
from types import SimpleNamespace

import pytest


def _random_game(new_game, seed: int, players: int, **options):
    s = new_game(players, seed=seed, **options)
    rng = random.Random(seed)
    while not s.is_terminal():
        seat = s.decision().seats[-1]
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    return s


def test_ethnos_age_details_add_up_to_the_engine_glory():
    """Band by band and kingdom by kingdom, the told glory is the engine's
    (fairy swaps and skeletons included)."""
    from meeple.games.ethnos import new_game, present

    skeletons = ties = 0
    for seed in range(24):
        p = 2 + seed % 5
        s = _random_game(new_game, seed, p, fairy=seed % 3 == 0)
        details = present.age_details(s.log(), s)
        bands = [e[2] for e in s.log() if e[0] == "bands"]
        ends = [e[2] for e in s.log() if e[0] == "age_end"]
        assert len(details) == len(bands) == len(ends)
        for age, told_bands, age_end in zip(details, bands, ends, strict=True):
            assert [sum(b["glory"] for b in age["bands"][x]) for x in range(p)] == list(told_bands)
            skeletons += sum(b["skeletons"] for bs in age["bands"] for b in bs)
            for k, groups in age["kingdoms"].items():
                got = [0] * p
                for g in groups:
                    ties += len(g["seats"]) > 1 and bool(g["slots"])
                    for x in g["seats"]:
                        got[x] = g["each"]
                assert got == list(age_end[k]), (seed, k)
    assert skeletons and ties  # the cases worth telling were met


def test_ethnos_words_for_a_tie_and_a_band():
    from meeple.games.ethnos.present import band_glory, band_words, places_words

    seats = [{"name": "Player 1 (you)"}, {"name": "Player 2"}, {"name": "Player 3"}]
    groups = [
        {"seats": [0, 1], "markers": 3, "trolls": [2], "slots": [10, 6], "each": 8},
        {"seats": [2], "markers": 1, "trolls": [], "slots": [], "each": 0},
    ]
    said = places_words("rhea", groups, seats)
    assert said.startswith("Rhea: Player 1 (you) and Player 2 tie (3 markers, troll tokens 2 each)")
    assert "the slots of 10 + 6 shared, 8 glory each (rounded down)" in said
    assert "Player 3 (1 marker): no glory slot left, nothing" in said
    b = band_glory(["dwarf:rhea", "skeleton", "dwarf:ithys", "skeleton"])
    assert b["size"] == 3 and b["skeletons"] == 2 and b["glory"] == 3
    assert band_words(b) == (
        "Dwarf of Rhea's band: 3 cards (a dwarf leader counts one more), after 2 skeletons left it, 3 glory"
    )


def test_ethnos_terminal_tells_the_age_end_band_by_band():
    from meeple.terminal.ethnos import play

    out = io.StringIO()
    args = SimpleNamespace(players=3, seat=0, seed=2, bot="random", tribes=None, fairy=False)
    assert play(args, stdin=io.StringIO("1\n" * 5000), stdout=out) == 0
    text = " ".join(out.getvalue().split())
    assert "Kingdoms (most markers first; troll tokens break ties; a tie shares its slots):" in text
    assert "Bands score by size" in text and "'s band: " in text and " glory" in text


def test_okc_tally_parts_add_up_to_the_strength():
    """Each side's parts at the tally (cards, supporters, tactics and
    abilities) sum to its strength, halved where an opponent's card halves it."""
    from meeple.games.okc import new_game, present

    tallies = 0
    for seed in range(12):
        s = _random_game(new_game, seed, 2 + seed % 3)
        for kind, _seat, d, _ in s.log():
            if kind != "tally":
                continue
            for total, (cards, supporters, bonus, halved) in zip(d[1], d[3], strict=True):
                whole = sum(v for _, v in cards) + supporters + bonus
                assert total == ((whole + 1) // 2 if halved else whole)
                tallies += 1
            text = present.describe((kind, None, d, None), [{"name": f"F{i}"} for i in range(4)], None)["text"]
            assert "cards " in text or "no card" in text
            assert "supporter" in text
    assert tallies > 50


def test_okc_clash_strength_while_deciding_and_folded_automatic_answers():
    from meeple.terminal.okc import play

    out = io.StringIO()
    args = SimpleNamespace(players=3, seat=0, seed=3, bot="random")
    assert play(args, stdin=io.StringIO("1\n" * 5000), stdout=out) == 0
    text = " ".join(out.getvalue().split())
    assert " so far: " in text and "(face-down cards, tactics and abilities count at the tally)" in text
    assert "Strength in " in text and "supporter" in text
    assert "had a single possible answer" not in text and "has nothing to do at" not in text
    assert "Answered automatically (only one possible answer, or nothing to do): " in text


def test_anunnaki_main_menu_says_where_a_cube_goes_and_the_end_triggers():
    from meeple.games.anunnaki import present
    from meeple.games.anunnaki.state import new_game

    s = new_game(2, seed=1)
    rng = random.Random(1)
    notes = set()
    for _ in range(400):
        if s.is_terminal():
            break
        d = s.decision()
        seat = d.seats[-1]
        if d.kind == "main" and s.seats[seat]["pawn"] >= 0:
            for o in present.decision_for(s, seat)["options"]:
                notes.add(o["label"].split("(", 1)[1].split(")")[0])
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    assert any(n.startswith("places a cube") for n in notes)
    assert "no line from your pawn's tile: no cube, no mana" in notes
    rule = present.END_RULE
    assert "last (14th) cube" in rule and "war, tech or commerce track" in rule and "as many turns" in rule


GAMES = {"ethnos": "Player 2", "okc": "Gathering", "anunnaki": "Ellenys"}


@pytest.mark.parametrize("game", list(GAMES))
def test_resign_with_two_players_the_other_wins(game):
    play = importlib.import_module(f"meeple.terminal.{game}").play
    out = io.StringIO()
    args = SimpleNamespace(players=2, seat=0, seed=3, bot="random", tribes=None, fairy=False)
    assert play(args, stdin=io.StringIO("resign\nno\nresign\nyes\n"), stdout=out) == 0
    text = " ".join(out.getvalue().split())
    assert "Resign? You lose: the other player wins at once." in text
    assert text.count("Type 'yes' to resign") == 2  # the first was answered 'no': play went on
    assert "You resign. " in text and " wins." in text


@pytest.mark.parametrize("game", list(GAMES))
def test_resign_with_three_players_a_bot_plays_on_and_you_are_last(game):
    play = importlib.import_module(f"meeple.terminal.{game}").play
    out = io.StringIO()
    args = SimpleNamespace(players=3, seat=0, seed=3, bot="random", tribes=None, fairy=False)
    assert play(args, stdin=io.StringIO("resign\nyes\n"), stdout=out) == 0
    text = " ".join(out.getvalue().split())
    assert "You resign: a bot plays your seat to the end." in text
    assert "Places: 1. " in text and text.rstrip().endswith("(you) (resigned)")


def test_anunnaki_battle_strength_is_told_by_its_parts():
    """Each battle's strengths, by parts (units, abilities, weapons, metal;
    the ancient tile), decide its winner as the engine did (a tie to the
    attacker), and read in words."""
    from meeple.games.anunnaki import present
    from meeple.games.anunnaki.state import new_game

    battles = weapons = 0
    for seed in range(10):
        s = _random_game(new_game, seed, 2 + seed % 3)
        log = s.log()
        for i, (kind, seat, d, _) in enumerate(log):
            if kind != "strength":
                continue
            battles += 1
            att, dfn = d["parts"]
            a, b = sum(v for _, v in att), sum(v for _, v in dfn)
            won = next(e for e in log[i:] if e[0] == "battle_won")
            assert (won[1] == seat) == (a >= b), (seed, d, won)
            weapons += any(what not in present._PART for what, _ in att + dfn)
            text = present.describe((kind, seat, d, None), [{"name": f"H{i}"} for i in range(4)], None)["text"]
            assert text.startswith(f"Battle strength in {present.region_name(d['hex'])}: H{seat} {a} (units ")
            assert f" {b} (" in text and "_" not in text
    assert battles > 5 and weapons
