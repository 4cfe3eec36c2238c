"""`meeple play ethnos`: whole games through fake stdin, bad input, leaving,
and the secrecy of what the board shows."""

from __future__ import annotations

import io
import os
import random
import re
import signal
import subprocess
import sys
import time
from types import SimpleNamespace

import pytest
from rich.console import Console

from meeple.games.ethnos import data, new_game
from meeple.games.ethnos.cards import CARD_BY_NAME, CARD_KINGDOM, CARD_TRIBE, SKELETON
from meeple.games.ethnos.present import card_words
from meeple.terminal import ethnos as tui
from meeple.terminal.ethnos_palette import PLAYER_MARKS

PROMPT = re.compile(r"\[1-\d+, a move, or help\]> ")


def make_args(**kw):
    base = dict(game="ethnos", players=3, seat=0, seed=1, tribes=None, fairy=False, bot="random")
    base.update(kw)
    return SimpleNamespace(**base)


class Lines:
    """Fake stdin: readline() returns answer(n) for the n-th prompt ('' = EOF)."""

    def __init__(self, answer, limit: int = 20000):
        self.answer, self.limit, self.n = answer, limit, 0

    def readline(self) -> str:
        self.n += 1
        if self.n > self.limit:
            return ""
        line = self.answer(self.n)
        return "" if line is None else line + "\n"


def run(args, answer, limit: int = 20000) -> tuple[int, str]:
    out = io.StringIO()
    code = tui.play(args, stdin=Lines(answer, limit), stdout=out)
    return code, out.getvalue()


def check_clean(text: str) -> None:
    assert "Traceback" not in text


# ------------------------------------------------------------ whole games
@pytest.mark.parametrize(
    "players,seed,tribes", [(4, 11, "merfolk,orc,troll,giant,fairy,wingfolk"), (3, 21, "elf,wizard,dwarf,troll,orc")]
)  # two players: test_cli_full_game_and_eof
def test_full_game_first_choice(players, seed, tribes):
    """A scripted player always answers 1: the game runs to the final ranking."""
    code, text = run(make_args(players=players, seed=seed, tribes=tribes), lambda n: "1")
    check_clean(text)
    assert code == 0
    assert "Final ranking" in text
    assert re.search(r"^(Winner|Shared win): ", text, re.M)
    for age in range(1, data.ages(players) + 1):
        roman = tui.ROMAN[age]
        assert f"Age {roman} scoring: kingdoms" in text
        assert f"Age {roman} scoring: total" in text
    assert "glory now" in text and "age-end total" in text
    # secrecy in the transcript: only your own draws name a card, an elf's
    # keeps are counted, never named
    lines = text.splitlines()
    draws = [ln for ln in lines if " draws " in ln and "(wizard)" not in ln]
    assert all(ln.startswith(PLAYER_MARKS[0] + "Player 1 (you) draws ") for ln in draws)
    assert re.search(r"^\S+Player [2-6] recruits the top card of the deck$", text, re.M)
    kept = [ln for ln in lines if re.search(r"Player [2-6] keeps (?!the orc horde|the fairy band)", ln)]
    assert all(re.search(r"keeps \d+ cards? in hand \(elf\)$", ln) for ln in kept)
    if tribes and "elf" in tribes:
        assert kept


def test_full_game_random_answers_and_garbage():
    """Answers out of range and nonsense are refused; the game still finishes."""
    rng = random.Random(5)
    junk = [
        "",
        "99",
        "0",
        "-1",
        "band",
        "band skeleton",
        "recruit dragon",
        "place nowhere",
        "troll 9",
        "swap 9 9",
        "keep x:y",
        "add",
        "lead",
        "cancel",
        "\x00",
        "ʕ•ᴥ•ʔ",
        "1" * 40,
        "troll ²",
        "moves",
        "board",
        "help",
    ]

    def answer(n):
        return rng.choice(junk) if rng.random() < 0.15 else str(rng.randint(1, 12))

    args = make_args(players=3, seed=3, tribes="centaur,wizard,fairy,skeleton,minotaur")
    code, text = run(args, answer)
    check_clean(text)
    assert code == 0
    assert "Final ranking" in text
    assert "There is no choice 99" in text
    assert "Not a legal answer" in text


def test_ranking_matches_engine_winners():
    for seed in range(12):
        s = new_game(2 + seed % 5, seed=seed, fairy=True)
        r = random.Random(seed)
        while not s.is_terminal():
            s.apply_action(r.choice(s.legal_actions()))
        view = s.view(0)
        rows = tui.ranking(view)
        assert {seat for rank, seat, _ in rows if rank == 1} == set(s.winners)
        assert [k[0] for _, _, k in rows] == sorted(s.glory, reverse=True)


def test_age_end_narration_adds_up_to_final_glory():
    s = new_game(4, seed=2, tribes=["giant", "merfolk", "orc", "troll", "dwarf", "elf"])
    r = random.Random(2)
    while not s.is_terminal():
        s.apply_action(r.choice(s.legal_actions()))
    view = s.view(0)
    narrator = tui.Narrator(tui.Palette(4, 0))
    totals = [0] * 4
    for ev in s.log():
        narrator.feed(ev, view)
        if ev[0] == "bands":  # the age's table has every source, the giant taken included
            for _, gains in narrator.rows:
                for seat, g in enumerate(gains):
                    totals[seat] += g
    assert totals == s.glory


# ------------------------------------------------------- input handling
def test_bad_input_gets_message_and_same_prompt():
    answers = ["hello world", "99", "", "band dragon", "cancel", "recruit nothing:here", "QUIT"]
    code, text = run(make_args(seed=4), lambda n: answers[n - 1])
    check_clean(text)
    assert code == 0
    assert "Not a legal answer" in text
    assert "There is no choice 99" in text
    assert "Type a menu number, a move, or 'help'" in text
    assert "Nothing to cancel" in text
    assert "Goodbye" in text
    prompts = PROMPT.findall(text)
    assert len(prompts) == len(answers) and len(set(prompts)) == 1


def test_help_and_moves_commands():
    answers = ["help", "moves", "board", "quit"]
    code, text = run(make_args(seed=4), lambda n: answers[n - 1])
    assert code == 0
    assert "Commands:" in text
    assert re.search(r"\d+ legal moves?:\nrecruit ", text)
    check_clean(text)


def test_eof_and_quit_exit_zero():
    code, text = run(make_args(seed=2), lambda n: None)
    assert code == 0 and "End of input" in text
    check_clean(text)
    code, text = run(make_args(seed=2), lambda n: "quit")
    assert code == 0 and "You left the game" in text


def test_keyboard_interrupt_exits_cleanly():
    def answer(n):
        raise KeyboardInterrupt

    code, text = run(make_args(seed=2), answer)
    assert code == 130 and "Interrupted" in text
    check_clean(text)


def test_bad_flags_exit_two():
    for kw, words in [
        (dict(bot="nosuchbot"), "nosuchbot"),
        (dict(seat=5), "--seat"),
        (dict(players=9), "2-6 players"),
        (dict(tribes="elf,nope"), "nope"),
        (dict(tribes="elf,dwarf"), "different tribes"),
    ]:
        code, text = run(make_args(**kw), lambda n: "quit")
        assert code == 2, kw
        assert words in text
        check_clean(text)


def test_engine_fault_on_odd_input_is_answered_not_raised():
    """'troll ²' passes str.isdigit() but not int() in the notation parser: the
    engine raises ValueError; the table must say so and ask again."""
    for seed in range(200):
        s = new_game(3, seed=seed, tribes=["troll", "fairy", "elf", "dwarf", "orc"])
        r = random.Random(seed)
        while not s.is_terminal() and s.decision().kind not in ("troll", "fairy"):
            s.apply_action(r.choice(s.legal_actions()))
        if not s.is_terminal():
            break
    me = s.decision().seat
    before = s.to_json()
    odd = "troll ²" if s.decision().kind == "troll" else "swap ² 0"
    out = io.StringIO()
    session = tui.Session(
        s,
        me,
        tui.make_bots("random", 1, [x for x in range(3) if x != me]),
        Console(file=out, width=100),
        Lines(lambda n: [odd, "quit"][n - 1]),
    )
    assert session.run() == 0
    text = out.getvalue()
    check_clean(text)
    assert f"Could not apply {odd!r}" in text or "Not a legal answer" in text
    assert session.state.to_json() == before
    assert len(PROMPT.findall(text)) == 2


def test_bot_by_name_from_the_registry():
    code, text = run(make_args(bot="greedy"), lambda n: "1" if n < 8 else "quit")
    assert code == 0
    assert "opponents: all greedy bot" in text
    check_clean(text)


# ------------------------------------------------------------- bands
class Driven:
    """A Session whose answers are chosen by looking at the seat's own view."""

    def __init__(self, players=3, seed=7, tribes=None):
        self.state = new_game(players, seed=seed, tribes=tribes)
        self.out = io.StringIO()
        console = Console(file=self.out, width=100)
        bots = tui.make_bots("random", seed, list(range(1, players)))
        self.session = tui.Session(self.state, 0, bots, console, Lines(self.answer), echo=True)
        self.script = None

    def answer(self, n):
        return self.script(self.session.state, self.session.state.view(0))

    def run(self, script) -> tuple[int, str]:
        self.script = script
        code = self.session.run()
        return code, self.out.getvalue()


def test_band_typed_in_notation():
    played = []

    def script(state, view):
        if played or state.decision().kind != "turn":
            return "quit"
        hand = view["seats"][0]["hand"]
        pair = None
        for i, a in enumerate(hand):
            for j, b in enumerate(hand):
                ca, cb = CARD_BY_NAME[a], CARD_BY_NAME[b]
                if (
                    i != j
                    and ca != SKELETON
                    and (cb == SKELETON or CARD_TRIBE[ca] == CARD_TRIBE[cb] or CARD_KINGDOM[ca] == CARD_KINGDOM[cb])
                ):
                    pair = (a, b)
        if pair is None:
            return "recruit deck"  # the words of a menu entry
        played.append(pair)
        return f"band {pair[0]} {pair[1]}"

    d = Driven(seed=7)
    code, text = d.run(script)
    check_clean(text)
    assert code == 0 and played
    lead, other = played[0]
    bands = [ev for ev in d.session.state.log() if ev[0] == "band" and ev[1] == 0]
    assert bands and bands[0][2][0] == lead and sorted(bands[0][2]) == sorted([lead, other])
    assert "plays a band of 2" in text


def test_band_step_by_step_and_cancel():
    steps = []

    def script(state, view):
        kind = state.decision().kind
        hand = view["seats"][0]["hand"]
        leaders = [
            c
            for i, c in enumerate(hand)
            if c != "skeleton" and any(tui._can_join(c, o) for o in hand[:i] + hand[i + 1 :])
        ]
        if kind == "turn" and not leaders:
            return "recruit deck"
        if kind == "turn" and "cancelled" not in steps:
            steps.append(("lead", leaders[0], list(hand)))
            return f"lead {leaders[0]}"
        if kind == "band" and "cancelled" not in steps:
            steps.append("cancelled")
            return "cancel"
        if kind == "turn" and "cancelled" in steps and len(steps) == 2:
            assert sorted(hand) == sorted(steps[0][2])  # the leader is back in hand
            steps.append("lead again")
            return "lead " + leaders[0]
        if kind == "band":
            return "done"
        return "quit"

    d = Driven(seed=9)
    code, text = d.run(script)
    check_clean(text)
    assert code == 0
    assert "Cancelled: choose again." in text
    bands = [ev for ev in d.session.state.log() if ev[0] == "band" and ev[1] == 0]
    assert bands and bands[0][2] == [steps[0][1]]


# --------------------------------------------------------- hidden cards
def test_board_never_shows_other_hands():
    tribes = ["dwarf", "elf", "giant", "orc", "troll", "centaur"]
    s = new_game(4, seed=3, tribes=tribes)
    r = random.Random(3)
    for _ in range(40):
        s.apply_action(r.choice(s.legal_actions()))
    # plant cards of tribes not in play: they can only show up by leaking
    for seat, name in ((1, "wizard:rhea"), (2, "halfling:duris"), (3, "minotaur:ithys")):
        s.hands[seat] = [CARD_BY_NAME[name]] * 3
    for me in range(4):
        pal = tui.Palette(4, me)
        view = s.view(me)
        text = tui.to_text(tui.render_board(view, pal))
        for kind in tui.DECISION_TITLES:
            text += tui.to_text(tui.render_decision(view, pal, kind))
        secret = (
            {"wizard", "halfling", "minotaur"}
            - ({"wizard"} if me == 1 else set())
            - ({"halfling"} if me == 2 else set())
            - ({"minotaur"} if me == 3 else set())
        )
        for tribe in secret:  # neither a card of it in words nor its id
            assert f"{tribe.capitalize()} of " not in text and f"{tribe}:" not in text
        if me:
            assert f"Your hand (3): {card_words(s.view(me)['seats'][me]['hand'][0])} x3" in text


def test_private_events_only_for_their_seat():
    s = new_game(3, seed=8, tribes=["wizard", "elf", "dwarf", "orc", "troll"])
    r = random.Random(8)
    while not s.is_terminal():
        s.apply_action(r.choice(s.legal_actions()))
    private = [ev for ev in s.log() if ev[3] is not None]
    assert private
    for me in range(3):
        narrator = tui.Narrator(tui.Palette(3, me))
        for ev in private:
            shown = narrator.feed(ev, s.view(me))
            assert bool(shown) == (ev[3] == me)


def test_action_note_keeps_elf_cards_secret():
    pal = tui.Palette(3, 0)
    view = {"pending": {"kind": "keep", "seat": 1, "build": ["?", "?"], "arg": 3}}
    note = tui.action_note("keep", "done", 1, pal, view)
    assert note.plain.endswith("keeps 2 cards in hand (elf)")


# ------------------------------------------------------------ rendering
def test_ascii_terminal_gets_ascii_only():
    """With an output that cannot encode UTF-8, marks, dots and rules are ASCII."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    args = make_args(players=6, seed=1, tribes="merfolk,orc,troll,giant,fairy,elf")
    code = tui.play(args, stdin=Lines(lambda n: "1" if n < 20 else "quit"), stdout=out)
    out.flush()
    assert code == 0
    text = raw.getvalue().decode("ascii")
    assert "Goodbye" in text and "Kingdoms" in text
    pal = tui.Palette(6, 2, ascii=True)
    marks = {pal.mark(i) for i in range(6)}
    assert len(marks) == 6 and "*" not in marks and all(m.isascii() for m in marks)


def test_board_shows_tribe_boards_when_in_play():
    s = new_game(4, seed=1, tribes=["merfolk", "orc", "troll", "giant", "fairy", "elf"])
    text = tui.to_text(tui.render_board(s.view(0), tui.Palette(4, 0)))
    for words in (
        "Merfolk board",
        "Troll tokens in the pool",
        "Giant token",
        "Orc horde",
        "Dragons: 0 of 3",
        "Deck: ",
        "Market (8)",
        "Your hand (1)",
        "Althea",
        "Straton",
    ):
        assert words in text
    s = new_game(4, seed=1, tribes=["dwarf", "elf", "wizard", "centaur", "halfling", "skeleton"])
    text = tui.to_text(tui.render_board(s.view(0), tui.Palette(4, 0)))
    for words in ("Merfolk board", "Troll tokens", "Giant token", "Orc horde"):
        assert words not in text


# --------------------------------------------------------- the command
def _meeple(*argv):
    return [sys.executable, "-m", "meeple.cli", "play", "ethnos", *argv]


def test_cli_full_game_and_eof():
    p = subprocess.run(
        _meeple("--players", "2", "--seed", "7"), input="1\n" * 4000, capture_output=True, text=True, timeout=60
    )
    assert p.returncode == 0, p.stderr
    assert "Final ranking" in p.stdout
    assert "Age I scoring: total" in p.stdout and "Age II scoring: total" in p.stdout
    assert "Traceback" not in p.stdout + p.stderr
    p = subprocess.run(_meeple("--seed", "7"), input="", capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and "End of input" in p.stdout
    assert "Traceback" not in p.stdout + p.stderr
    p = subprocess.run(_meeple("--bot", "nosuchbot"), input="", capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "nosuchbot" in p.stdout + p.stderr


@pytest.mark.skipif(os.name != "posix", reason="SIGINT delivery")
def test_cli_ctrl_c_exits_cleanly():
    p = subprocess.Popen(
        _meeple("--seed", "7"), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        seen = ""
        deadline = time.time() + 20
        while "help]>" not in seen and time.time() < deadline:
            ch = p.stdout.read(1)
            if not ch:
                break
            seen += ch
        assert "help]>" in seen
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=20)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 130
    assert "Interrupted" in seen + out
    assert "Traceback" not in seen + out + err


def test_cards_read_in_words_and_are_typed_back_so():
    """The table names cards as players do ("Troll of Rhea"), never by the
    notation's ids, and a menu's words typed back answer it."""
    assert tui.typed("Recruit  Troll of Rhea") == "recruit troll:rhea"
    assert tui.typed("band elf of rhea skeleton elf of duris") == "band elf:rhea skeleton elf:duris"
    assert tui.typed("recruit king of nowhere") == "recruit king of nowhere"  # not a card: left as typed
    picked = []

    def script(state, view):
        if picked or state.decision().kind != "turn":
            return "quit"
        card = next(c for c in view["market"] if ":" in c)
        picked.append(card)
        return "recruit " + card_words(card)

    d = Driven(seed=4)
    code, text = d.run(script)
    check_clean(text)
    assert code == 0 and picked
    assert any(ev[:3] == ("recruit", 0, picked[0]) for ev in d.session.state.log())
    assert f"recruits {card_words(picked[0])} from the market" in text
    assert not re.search(r"\b[a-z]+:(althea|duris|ithys|pelagon|rhea|straton)\b", text)
