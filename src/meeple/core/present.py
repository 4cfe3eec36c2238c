"""What every game's presenter shares: the pending decision for one viewer,
seat names, and plain fallbacks a game may override.

A game's presenter (declared in its spec, `meeple.core.spec.Presenter`) turns
its state into what a person is shown (the decision to answer, the log in
words, the ranking); the server calls it and nothing else for game-specific words. Only the viewer's
own choices are offered: at a simultaneous decision every seat that still has
to choose sees the decision as its own, and nobody sees another's options.
"""

from __future__ import annotations


def seat_name(seats: list[dict], s) -> str:
    if s is None:
        return "everyone"
    if not isinstance(s, int) or not 0 <= s < len(seats):
        return f"seat {s}"
    return seats[s]["name"]


def moves_for_seat(state, seat: int) -> list[str]:
    """The legal MOVEs `seat` may send now (none when it has nothing to decide).

    A game whose notation prefixes simultaneous moves with the seat declares
    `legal_moves_for(state, seat)` in its notation (`meeple.core.spec.Notation`)."""
    d = state.decision()
    if d is None or seat not in d.seats:
        return []
    fn = state._notation().legal_moves_for
    if fn is not None:
        return fn(state, seat)
    return state.legal_moves()


def own_move(state, seat: int, text: str) -> str | int:
    """`text` as `seat`'s own move, or the other seat it names (an int).

    A game whose simultaneous moves name their seat ("1: bid heir", "@1
    weapon dagger") declares `named_seat(text)` and `name_seat(seat, text)` in
    its notation; an unnamed answer at a simultaneous decision is then named
    for the sender."""
    mod = state._notation()
    named = mod.named_seat
    if named is None:
        return text
    who = named(text)
    if who is not None:
        return text if who == seat else who
    d = state.decision()
    return mod.name_seat(seat, text) if d is not None and len(d.seats) > 1 else text


def decision(state, viewer: int | None) -> dict | None:
    """{seat, seats, kind} of the pending decision; `seat` is the viewer when
    the viewer is among those who must answer (so a client asks "is it mine?"
    one way for turns and simultaneous choices)."""
    d = state.decision()
    if d is None:
        return None
    mine = viewer is not None and viewer in d.seats
    return {"seat": viewer if mine else d.seats[0], "seats": list(d.seats), "kind": d.kind}


def default_decision(state, viewer: int | None) -> dict | None:
    """The decision, and for a seat that must answer, its legal MOVEs."""
    out = decision(state, viewer)
    if out is not None and viewer is not None and viewer in out["seats"]:
        out["moves"] = moves_for_seat(state, viewer)
    return out


def default_describe(ev, seats: list[dict], viewer: int | None) -> dict:
    kind, seat, detail, private_to = ev
    if private_to is not None and private_to != viewer:
        detail = None
    words = kind.replace("_", " ")
    text = f"{seat_name(seats, seat)}: {words}" if seat is not None else words.capitalize()
    if detail not in (None, "", [], {}):
        text += f" ({_plain(detail)})"
    return {"kind": kind, "seat": seat, "detail": detail, "text": text}


def _plain(detail) -> str:
    if isinstance(detail, (list, tuple)):
        return ", ".join(_plain(x) for x in detail)
    if isinstance(detail, dict):
        return ", ".join(f"{k} {_plain(v)}" for k, v in detail.items())
    return str(detail)


def places(keys: list) -> list[int]:
    """Competition ranking ("1224") of seats by key, best (largest) first;
    returns the place of each seat in seat order."""
    order = sorted(range(len(keys)), key=lambda s: keys[s], reverse=True)
    out = [0] * len(keys)
    for i, s in enumerate(order):
        out[s] = i + 1 if i == 0 or keys[s] != keys[order[i - 1]] else out[order[i - 1]]
    return out


def ties(keys: list, measures: list) -> list[list[dict]]:
    """For each seat, the seats it tied with on the first measure and what
    then separated them, so the ending can say how a tie was broken.

    `keys[s]` is seat s's ranking key (best largest), `measures[i]` a pair
    (what measure i is called, a function wording one seat's value of it).
    Each entry: {"seat": the other, "on": the tied value in words, "by": the
    measure that separated them or None (the place is shared), "yours",
    "theirs" (both values in words), "ahead": bool}."""
    out: list[list[dict]] = []
    for s, k in enumerate(keys):
        rows = []
        for t, o in enumerate(keys):
            if t == s or o[0] != k[0]:
                continue
            row: dict = {"seat": t, "on": measures[0][1](k[0]), "by": None}
            for i in range(1, len(k)):
                if k[i] != o[i]:
                    name, word = measures[i]
                    row.update(by=name, yours=word(k[i]), theirs=word(o[i]), ahead=k[i] > o[i])
                    break
            rows.append(row)
        out.append(rows)
    return out


def narration(log: list, describe, seats: list[dict], viewer: int | None, seen: int = 0) -> list[dict]:
    """The events of `log` from index `seen` as `viewer` is told them, each
    described by the game's `describe`: another seat's private event too,
    without its secret ("P2 draws a weapon"), as the page's log and replays
    tell it (one narration for page, replay and terminal)."""
    return [describe(ev, seats, viewer) for ev in log[seen:]]
