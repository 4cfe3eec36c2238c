"""Nothing happens in silence (issue #19, "Words, not identifiers").

Whole seeded random games of OKC and Anunnaki, checked through the log:
- every answer the flow takes for a seat (a decision with a single legal
  answer) leaves a "forced" event, told to that seat in words and to the
  others without the answer;
- OKC's Ambush, Retreat, Flank, Rally and Deploy each leave a sentence that
  names the seat, the card and the region; the Great Road's refills, the
  draws up to hand size, the winter's Deploy tokens and the final round are
  told;
- the end of the game is announced when it is triggered, not only at the
  final scoring (OKC: the last round begins; Anunnaki: in the move that
  triggers it);
- Anunnaki's VP by source add up to every seat's VP at every point of play,
  and the final scoring's rows to the total;
- no sentence carries a raw card id ("nobility:captain-8", "trade-01"), a
  tuple or a snake_case decision name.
"""

from __future__ import annotations

import random
import re

import pytest

from meeple.core.flow import FlowState, unnamed
from meeple.games.anunnaki import new_game as anunnaki_game
from meeple.games.anunnaki import present as AP
from meeple.games.anunnaki.declare import RULES as ANUNNAKI_RULES
from meeple.games.okc import data as OD
from meeple.games.okc import new_game as okc_game
from meeple.games.okc import present as OP
from meeple.games.okc.rules import RULES

SEATS = [{"name": f"P{i}"} for i in range(4)]
RAW = [
    re.compile(r"\b[a-z]+_[a-z_]+\b"),  # snake_case names (discard_god, udiscard is caught below)
    re.compile(r"[\[(]\(|\(\d+, |\['|\('|\{'|\bNone\b"),  # Python reprs
    re.compile(r"\b(nobility|clans|uprising|gathering):[a-z0-9-]+"),  # OKC card ids
    re.compile(r"\b(trade|intrigue|martial)-\d\d\b"),  # OKC kingdom card ids
    re.compile(r"\b[a-z]+:(althea|duris|ithys|pelagon|rhea|straton)\b"),  # Ethnos card ids
]


# decision names made up for the engine (the plain-word ones, "council" or
# "trim", may well be in a sentence)
COINED = re.compile(r"^(k|u|r)(place|take|pick|occupy|discard|swap|govern)|[_\d]")


def raw_words(text: str, decisions) -> list[str]:
    found = [m.group(0) for pat in RAW for m in pat.finditer(text)]
    found += [f"({k})" for k in decisions if f"({k})" in text]
    return found + [k for k in decisions if COINED.search(k) and re.search(rf"\b{re.escape(k)}\b", text)]


class CountForced:
    """Counts the answers the flow takes for a seat (a forced answer that is
    not part of a longer move), beside the events that tell them."""

    def __init__(self, rules, monkeypatch):
        self.n = 0
        noted = FlowState._noted

        def counted(s, kind, a, seat, auto):
            if auto and s.RULES is rules and not rules.decisions[kind].part:
                self.n += 1
            return noted(s, kind, a, seat, auto)

        monkeypatch.setattr(FlowState, "_noted", counted)


def play(new, players: int, seed: int, each=None, **options):
    s = new(players, seed=seed, **options)
    rng = random.Random(seed)
    while not s.is_terminal():
        seat = s.decision().seats[-1]
        before = len(s.log())
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
        if each is not None:
            each(s, before)
    return s


OKC_CASES = [(2, 1), (3, 2), (4, 3), (2, 7)]
ANUNNAKI_CASES = [(2, 1), (3, 2), (4, 3)]


@pytest.mark.parametrize("players, seed", OKC_CASES)
def test_okc_forced_steps_commands_and_the_last_round_are_told(players, seed, monkeypatch):
    forced = CountForced(RULES, monkeypatch)
    s = play(okc_game, players, seed)
    log = s.log()
    kinds = [ev[0] for ev in log]
    assert forced.n > 0 and kinds.count("forced") == forced.n
    moves = [unnamed(m) for m in s.moves]
    for verb in ("ambush", "retreat", "rally", "flank"):
        assert kinds.count(verb) >= sum(m.startswith(verb + " ") for m in moves), verb
    assert kinds.count("deploy") == sum(m.startswith("deploy ") for m in moves)
    for ev in log:
        for viewer in (None, *range(players)):
            said = OP.describe(ev, SEATS, viewer)["text"]
            assert not raw_words(said, RULES.decisions), (ev, said)
            if ev[0] in ("ambush", "retreat", "flank", "rally", "deploy", "to-hand"):
                assert said.startswith(SEATS[ev[1]]["name"]), said
                assert OP.CARD_TITLE[ev[2][0]] in said, said
                assert any(r.capitalize() in said for r in OD.REGIONS), said
            if ev[0] == "forced" and viewer not in (None, ev[1]):
                assert ev[3] == ev[1] and "only possible answer" not in said
    # the rounds are announced, the last as the last, before its winter
    rounds = [ev[2] for ev in log if ev[0] == "round"]
    assert rounds == [(n, s.rounds) for n in range(1, s.rounds + 1)]
    last = kinds.index("round", max(i for i, k in enumerate(kinds) if k == "winter" and log[i][2] == s.rounds - 1))
    assert "the last round" in OP.describe(log[last], SEATS, None)["text"]
    # draws up to hand size in each year after the first
    assert kinds.count("draw-up") >= 1 and kinds.count("road") >= 1


@pytest.mark.parametrize("players, seed", OKC_CASES[:2])
def test_okc_terminal_seat_reads_every_forced_answer_but_only_its_own_answers(players, seed):
    """The terminal tells what the page's log tells: each answer taken for a
    seat, to that seat with the answer, to the others without it."""
    from meeple.core.present import narration

    s = play(okc_game, players, seed)
    log = s.log()
    assert any(ev[0] == "forced" for ev in log)
    for viewer in range(players):
        told = narration(log, OP.describe, SEATS, viewer)
        forced = [t for t in told if t["kind"] == "forced"]
        assert len(forced) == sum(1 for ev in log if ev[0] == "forced")
        for t in forced:
            if t["seat"] == viewer:
                assert "had a single possible answer" not in t["text"], t
            else:
                assert t["detail"] is None and "had a single possible answer" in t["text"], t


@pytest.mark.parametrize("players, seed", ANUNNAKI_CASES)
def test_anunnaki_forced_steps_end_trigger_and_vp_by_source(players, seed, monkeypatch):
    forced = CountForced(ANUNNAKI_RULES, monkeypatch)
    seen = {"trigger_ply": None}

    def each(s, before):
        # VP by source add up to each seat's VP at every point of play
        sc = AP.scoring(s.log(), s)
        if not s.is_terminal():
            assert sc["final"] is False
            assert [sum(r["values"][i] for r in sc["rows"]) for i in range(players)] == s.scores()
        new = [ev[0] for ev in s.log()[before:]]
        if s.end_triggered and seen["trigger_ply"] is None:
            seen["trigger_ply"] = len(s.moves)
            assert "end_trigger" in new, new  # announced in the move that triggers it
        else:
            assert "end_trigger" not in new

    s = play(anunnaki_game, players, seed, each=each)
    log = s.log()
    assert forced.n > 0 and [ev[0] for ev in log].count("forced") == forced.n
    assert seen["trigger_ply"] is not None
    sc = AP.scoring(log, s)
    assert sc["final"] is True and sc["total"] == s.scores()
    assert [sum(r["values"][i] for r in sc["rows"]) for i in range(players)] == s.scores()
    assert "During play" not in [r["name"] for r in sc["rows"]]  # the play's VP by source, not in one lump
    for ev in log:
        for viewer in (None, *range(players)):
            said = AP.describe(ev, SEATS, viewer)["text"]
            assert not raw_words(said, ANUNNAKI_RULES.decisions), (ev, said)
            if ev[0] == "forced" and viewer != ev[1]:
                assert "only possible answer" not in said


def test_okc_kingdom_cards_read_as_names():
    ev = ("take", 0, "trade-01", None)
    said = OP.describe(ev, SEATS, None)["text"]
    assert "Trade 1" in said and "trade-01" not in said
