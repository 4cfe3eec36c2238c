"""`meeple play okc`: a scripted full game in the terminal table."""

import io
from types import SimpleNamespace

from meeple.terminal.okc import play


def test_scripted_game_to_the_end():
    args = SimpleNamespace(players=2, seat=0, seed=3, bot="random")
    out = io.StringIO()
    code = play(args, stdin=io.StringIO("1\n" * 3000), stdout=out)
    text = out.getvalue()
    assert code == 0 and "Game over" in text and "Traceback" not in text


def test_moves_in_notation_and_bad_input():
    args = SimpleNamespace(players=2, seat=0, seed=5, bot="random")
    out = io.StringIO()
    code = play(args, stdin=io.StringIO("nonsense\nhelp\nquit\n"), stdout=out)
    text = " ".join(out.getvalue().split())
    assert code == 0 and "'nonsense' is not on the menu" in text and "You left" in text
    assert "must answer" not in text  # the notation's reason names the decision by its internal name


def test_bad_flags():
    out = io.StringIO()
    assert play(SimpleNamespace(players=7, seat=0, seed=1, bot="random"), stdin=io.StringIO(""), stdout=out) == 2


def test_decisions_are_asked_in_words():
    """The menu heading is the decision's prompt, never its internal name."""
    args = SimpleNamespace(players=2, seat=0, seed=3, bot="random")
    out = io.StringIO()
    play(args, stdin=io.StringIO("1\n" * 3000), stdout=out)
    text = out.getvalue()
    text = " ".join(text.split())
    assert "Your decision:" not in text and "Place your Herald on a location" in text


def _to_facedown(seed):
    """The terminal at seat 0's first face-down card (answers: menu item 1)."""
    import random

    from meeple.games.okc import new_game

    s = new_game(2, seed=seed, rounds=4)
    rng = random.Random(seed)
    answers = 0
    while not (s.decision().kind == "facedown" and 0 in s.decision().seats):
        seat = s.decision().seats[-1]
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
        answers += 1
    return s


def test_the_face_down_step_takes_the_card_names_of_its_menu():
    """Typing the menu's words ('place heir') or the card alone ('heir') places it."""
    from meeple.games.okc.notation import action_word
    from meeple.terminal.okc import _menu_match

    s = _to_facedown(3)
    acts = s.legal_actions(0)
    words = [action_word(s, a, "facedown", 0) for a in acts]
    assert all(w.startswith("place ") for w in words)
    for a, w in zip(acts, words, strict=True):
        assert _menu_match(w, acts, words) == a
        assert _menu_match(w.removeprefix("place ").upper(), acts, words) == a
    assert _menu_match("nonsense", acts, words) is None


def test_info_and_the_menu_tell_what_cards_do():
    args = SimpleNamespace(players=2, seat=0, seed=3, bot="random")
    out = io.StringIO()
    play(
        args,
        stdin=io.StringIO("info heir\ninfo intrigue-05\ninfo tactic 1\ninfo favour\ninfo nothing\nquit\n"),
        stdout=out,
    )
    text = " ".join(out.getvalue().split())
    assert "heir: strength 10, heir, Pathfinder, Resilient, Rally self" in text
    assert "Kingdom card Intrigue 5 (day: move your supporters" in text
    assert "tactic 1 (" in text and "Favour action:" in text
    assert "No card, tile or location is called 'nothing'" in text


def test_info_and_the_herald_menu_tell_what_locations_give():
    """Every location's reward in words, on request and beside the Herald's menu line."""
    from meeple.games.okc import data as D
    from meeple.games.okc.present import info

    for loc, n, extra in zip(D.LOCATIONS, D.LOCATION_INFLUENCE, D.LOCATION_TEXT, strict=True):
        text = info(loc.replace("-", " ").upper())
        assert text is not None and f"{n} influence" in text and extra in text and "Herald" in text
    assert "govern with an active or hand card" in info("castle")
    assert "claim the Kingdom's Favour" in info("harvest-field")
    args = SimpleNamespace(players=2, seat=0, seed=5, bot="greedy")
    out = io.StringIO()
    play(args, stdin=io.StringIO("1\n1\neffects\ninfo necropolis\nquit\n"), stdout=out)
    text = " ".join(out.getvalue().split())
    assert "Place your Herald on a location" in text
    assert "('effects' shows what each line does)" in text  # too tall for the 25 lines of the screen
    assert "Herald to Castle claimed by a clash winner: 1 influence, then govern" in text
    assert "Necropolis (a location of the Lowlands): claimed by a clash winner: 1 influence, then shuffle" in text


def test_the_table_shows_tactics_tokens_and_the_kingdom_map():
    from rich.console import Console

    from meeple.games.okc import new_game
    from meeple.terminal.okc import render

    s = new_game(2, seed=1, rounds=4)
    view = s.view(0)
    view["seats"][0]["tactics"][0] = 0
    view["seats"][1]["tokens"] = {"castle": 2}
    view["kingdom_map"]["regions"]["plateau"] = [{"seat": 1, "kingdom": "martial-09"}]
    out = io.StringIO()
    Console(file=out, width=300).print(render(view, 0, None))
    text = out.getvalue()
    assert "1 (spring, exhausted)" in text and "2 of 2 uses left): in a region" in text
    assert "faction tokens: Castle 2" in text
    assert "Kingdom cards on the map: Plateau: Kingdom card Martial 9 (" in text and "martial-09" not in text


def test_the_log_names_every_card_with_its_faction():
    """A seat's own cards keep their faction in the log, as others' do
    ("Gathering takes their bid, Gathering follower 4"), never the bare
    archetype after the seat's name."""
    import random
    import re

    from meeple.core.present import narration
    from meeple.games.okc import new_game, present
    from meeple.terminal.okc import seat_names

    s = new_game(2, seed=4, rounds=4)
    rng = random.Random(4)
    while not s.is_terminal():
        seat = s.decision().seats[-1]
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    said = [x["text"] for x in narration(s.log(), present.describe, seat_names(s, 0), 0, 0)]
    archetypes = "|".join(sorted({t.split(" ")[1] for t in present.CARD_TITLE.values()}, key=len, reverse=True))
    factions = "|".join(f.capitalize() for f in ("nobility", "clans", "uprising", "gathering"))
    bare = [t for t in said if re.search(rf"(?:'s|their bid,|with) (?:{archetypes}) \d", t)]
    assert not bare, bare[:5]
    own = [t for t in said if re.search(rf"\(you\)'s (?:{factions}) ", t) or "their bid, " in t]
    assert own and all(re.search(rf"(?:'s|bid,) (?:{factions}) ", t) for t in own), own[:5]


def test_the_table_heads_and_the_greeting_are_words(monkeypatch):
    """The seats table heads its columns in words and the greeting names your
    faction as a name (not "infl", "disc", "0+0" or "(uprising)")."""
    monkeypatch.setenv("COLUMNS", "200")
    out = io.StringIO()
    play(SimpleNamespace(players=2, seat=0, seed=3, bot="random"), stdin=io.StringIO("quit\n"), stdout=out)
    text = out.getvalue()
    assert "you play the Uprising;" in text and "(uprising)" not in text and "seat 0" not in text
    assert "influence" in text and "discard" in text and "lore (+ on Site)" in text
    assert " infl " not in text and " disc " not in text and "0+0" not in text


def test_an_80_column_terminal_cuts_no_word_short():
    """The factions table is turned on its side (a column per faction) where
    it does not fit: every name and figure whole, no "Gatheri…"."""
    from rich.console import Console

    from meeple.games.okc import new_game
    from meeple.terminal.okc import render

    s = new_game(4, seed=3, rounds=4, factions=["nobility", "clans", "uprising", "gathering"])
    for width in (80, 300):
        out = io.StringIO()
        Console(file=out, width=width).print(render(s.view(0), 0, None))
        text = out.getvalue()
        assert "…" not in text, text
        assert max(len(line) for line in text.splitlines()) <= width
        lines = [line.split() for line in text.splitlines()]
        if width == 80:  # a column per faction
            assert ["Nobility", "(you)", "Clans", "Uprising", "Gathering"] in lines
            assert any(ln[:1] == ["supporters"] for ln in lines)
        else:  # a row per faction, headed by what each column holds
            assert any(ln[:2] == ["faction", "influence"] for ln in lines)


def test_kingdom_card_spaces_say_what_they_hold():
    """Issue 35: the menu for placing a stolen kingdom card names the space
    (the rulebook's "kingdom card space" of the player board) and says what
    it holds and what choosing it does, not "Board space 1"."""
    from meeple.games.okc import load
    from meeple.terminal.okc import menu_lines
    from tests.games.okc.helpers import doc

    s = load(
        doc(
            2,
            factions=["nobility", "uprising"],
            order=[0, 1],
            seats={
                0: {"hand": ["follower-1"], "board": [{"kingdom": "trade-03", "occupier": "nobility:agent"}, None]},
                1: {"hand": ["captain-8"], "board": [None, {"kingdom": "trade-01", "occupier": "uprising:captain-6"}]},
            },
        )
    )
    for move in ("0: bid follower-1", "1: bid captain-8", "herald wilderness", "steal trade-03"):
        s.apply_move(move)
    assert s.decision().kind == "space"
    lines = [(said, effect) for _, said, effect in menu_lines(s, 1)]
    assert lines == [
        ("Kingdom card space 1", "an empty space on your player board: the new kingdom card goes there"),
        (
            "Kingdom card space 2",
            "holds kingdom card Trade 1, occupied by Uprising captain 6: Trade 1 is discarded and "
            "Uprising captain 6 goes back to your hand",
        ),
    ]
