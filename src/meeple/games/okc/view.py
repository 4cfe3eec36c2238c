"""The secrecy boundary: what one seat (or a spectator) may see.

Private to a seat (rulebook, Public, Private and Hidden Information): its hand,
its face-down region cards, its unrevealed bid. Hidden from everyone: every
deck (its own too) and the kingdom deck. A hidden faction card is written
"<faction>:?" where its back shows its faction (face-down cards, bids), "?"
elsewhere. `from_view` rebuilds a full state from a view alone, dealing the
unseen cards at random, so a bot that searches it cannot peek; `determinize`
does the same from a state (cheaper, same distribution).
"""

from __future__ import annotations

from meeple.core.rng import Rng, seed_from
from meeple.games.okc import blank, notation
from meeple.games.okc import cards as C
from meeple.games.okc import data as D

HIDDEN = "?"


def view(s, seat: int | None) -> dict:
    doc = notation.dump(s)
    doc.pop("rng", None)
    # intrigue-17 treats the deck's top two cards as face up
    top = 2 if any(C.KEFFECT[k] == "deck_top_two" for x in s.ksupply for k in x) else 0
    doc["kingdom_deck"] = [C.KNAME[k] for k in s.kdeck[:top]] + [HIDDEN] * (len(s.kdeck) - min(top, len(s.kdeck)))
    for i, sd in enumerate(doc["seats"]):
        sd["deck"] = [HIDDEN] * len(sd["deck"])
        if i == seat:
            continue
        fac = sd["faction"]
        sd["hand"] = [HIDDEN] * len(sd["hand"])
        if sd["bid"] is not None and not s.bids_open:
            sd["bid"] = f"{fac}:?"
        if sd.get("joust") is not None:
            sd["joust"] = f"{fac}:?"
        sd["offer"] = [HIDDEN] * len(sd.get("offer", []))  # advanced setup: private
        sd["pick"] = [HIDDEN] + [f"{fac}:?"] * (len(sd["pick"]) - 1) if sd.get("pick") else []
    # a copy matters only while its card is active; one that left play says
    # nothing more and may point at a card now hidden in a hand
    active = {C.NAME[e[0]] for a in s.active for e in a}
    doc["copies"] = [c for c in doc["copies"] if c["card"] in active]
    for r, name in enumerate(D.REGIONS):  # public: which active cards are blank now
        for e, shown in zip(s.active[r], doc["regions"][name]["active"], strict=True):
            shown["blank"] = blank.is_blank(s, s.seat_of(e[0]), e, r)
    known = _known(s, seat)  # the Uprising Favour's look
    for i, sd in enumerate(doc["seats"]):
        sd["peeked"] = [C.NAME[g] for g in sorted(known)] if i == seat else []
    for r, name in enumerate(D.REGIONS):
        doc["regions"][name]["facedown"] = [
            C.NAME[g] if s.seat_of(g) == seat or g in known else f"{D.FACTIONS[C.faction_of(g)]}:?"
            for g in s.facedown[r]
        ]
    pend = doc.get("pending")
    if pend is not None:
        pend["facedown_log"] = [
            log if i == seat else [-1 if x < 0 else -2 for x in log] for i, log in enumerate(pend["facedown_log"])
        ]
        slot = _private_arg(s)
        if slot is not None and seat not in s.dseats:
            pend["arg"] = list(pend["arg"])
            pend["arg"][slot] = HIDDEN  # a card from the decider's hand or face-down cards
    return doc


def _known(s, seat) -> set:
    """Other seats' face-down cards `seat` has looked at and that are still
    where it saw them (a card swapped away since is no longer known)."""
    if seat is None:
        return set()
    down = {g for f in s.facedown for g in f}
    return set(s.peeked[seat]) & down


def _private_arg(s):
    """Index in the pending decision's arg of a card the deciding seat holds in
    secret (its hand or face-down cards), or None."""
    if s.kind == "uswap_with":
        return 1
    if s.kind == "kingdom" and s.darg[0] in ("lost_swap", "swap_hand_council") and len(s.darg) > 3:
        return 3
    return None


def _shown_in_hand(s, o: int) -> list:
    """Seat o's hand cards everyone has seen: those everyone saw arrive
    (`s.known`), the card it is deploying, or its whole hand while it returns
    cards of the hand it revealed (intrigue-04)."""
    shown = list(s.known[o])
    if not s.dseats or s.dseats[0] != o:
        return shown
    if s.kind == "deploy":
        return shown + [s.darg[0]]
    if s.kind == "kingdom" and s.darg[0] == "reveal_return":
        return list(s.hands[o])
    return shown


def _hidden_pools(s, seat: int | None):
    """Per other seat: the cards of its that `seat` cannot locate."""
    pools = {}
    for o in range(s.players):
        if o == seat:
            continue
        shown = _shown_in_hand(s, o)
        cards = [g for g in s.hands[o] if g not in shown] + list(s.decks[o])
        if s.bids[o] is not None and not s.bids_open:
            cards.append(s.bids[o])
        if s.joust[o] is not None:
            cards.append(s.joust[o])
        cards.extend(s.pick[o][1:])
        known = _known(s, seat)
        for r in range(3):
            cards.extend(g for g in s.facedown[r] if s.seat_of(g) == o and g not in known)
        pools[o] = cards
    return pools


def determinize(s, seat: int | None, rng):
    n = s.clone()
    n.record = False
    n.rng = Rng(seed_from(rng))  # its own future: not the real game's shuffles
    remap = {}
    for o, cards in _hidden_pools(s, seat).items():
        new = sorted(cards)
        rng.shuffle(new)
        it = iter(new)
        shown = _shown_in_hand(s, o)
        n.hands[o] = [g if g in shown else next(it) for g in s.hands[o]]
        if s.bids[o] is not None and not s.bids_open:
            b = next(it)
            remap[s.bids[o]] = b
            n.bids[o] = b
        if s.joust[o] is not None:
            n.joust[o] = next(it)
        if len(s.pick[o]) > 1:
            n.own_pick()[o] = [s.pick[o][0], next(it)]
        known = _known(s, seat)
        for r in range(3):
            fd = []
            for g in n.facedown[r]:  # only o's unknown cards are dealt again
                if s.seat_of(g) == o and g not in known:
                    x = next(it)
                    remap[g] = x
                    fd.append(x)
                else:
                    fd.append(g)
            n.own_facedown()[r] = sorted(fd)
        n.decks[o] = list(it)
    n.fd_log = [[remap.get(g, g) for g in log] for log in s.fd_log]
    slot = _private_arg(s)
    if slot is not None and s.dseats and s.dseats[0] != seat:
        # the decider's secret card was dealt again: point at its new one
        who = s.dseats[0]
        n.darg = list(n.darg)
        if s.kind == "uswap_with":
            n.darg[slot] = next(g for g in n.facedown[n.darg[0]] if n.seat_of(g) == who)
        elif s.darg[slot] not in s.known[who]:  # else everyone knows it is there
            n.darg[slot] = next((g for g in n.hands[who] if g not in s.known[who]), n.hands[who][0])
    if seat is not None:  # a spectator's decks were all dealt above
        own = list(n.decks[seat])
        rng.shuffle(own)
        n.decks[seat] = own
    top = 2 if any(C.KEFFECT[k] == "deck_top_two" for x in s.ksupply for k in x) else 0
    kd = list(n.kdeck[top:])
    others = [o for o in range(s.players) if o != seat]
    for o in others:
        kd.extend(n.offer[o])
    rng.shuffle(kd)
    for o in others:
        k = len(n.offer[o])
        n.own_offer()[o], kd = kd[:k], kd[k:]
        if n.pick[o]:
            n.own_pick()[o] = [n.offer[o][0]] + n.pick[o][1:]
    n.kdeck = list(n.kdeck[:top]) + kd
    return n


def from_view(doc: dict, seat: int, rng, log=()):
    """A full state built from `seat`'s view alone, hidden cards sampled.

    `log` (the seat's readable event log) is accepted for the bot interface;
    this game does not yet pin cards the log shows in a hand."""
    full = dict(doc)
    full["seats"] = [dict(sd) for sd in doc["seats"]]
    full["regions"] = {  # (the view's "blank" of an active card is worked out again)
        k: dict(
            v, active=[{x: y for x, y in e.items() if x != "blank"} if isinstance(e, dict) else e for e in v["active"]]
        )
        for k, v in doc["regions"].items()
    }
    factions = [D.FACTIONS.index(sd["faction"]) for sd in doc["seats"]]
    # every faction card located in the view
    seen = set()

    def see(name):
        if isinstance(name, str) and name in C.CARD_BY_NAME:
            seen.add(C.CARD_BY_NAME[name])

    for sd in doc["seats"]:
        for key in ("hand", "discard", "site", "hq"):
            for x in sd.get(key, []):
                see(x)
        for sp in sd.get("board", []):
            if sp:
                see(sp["occupier"])
        see(sd.get("bid"))
        see(sd.get("joust"))
    for x in doc.get("lost", []) + doc.get("burned", []):
        see(x)
    for c in doc.get("councils", {}).values():
        for x in c:
            see(x)
    for rd in doc["regions"].values():
        for x in rd.get("facedown", []):
            see(x)
        for e in rd.get("active", []):
            see(e["card"] if isinstance(e, dict) else e)
    shuffle = rng.shuffle
    dealt_fd: dict[int, dict[str, list[str]]] = {}
    for i, sd in enumerate(full["seats"]):
        f = factions[i]
        pool = sorted(g for g in range(f * C.PER, (f + 1) * C.PER) if g not in seen)
        shuffle(pool)
        names = [C.NAME[g] for g in pool]
        if i != seat:
            k = len(sd["hand"])
            sd["hand"], names = names[:k], names[k:]
            if isinstance(sd.get("bid"), str) and sd["bid"].endswith(":?"):
                sd["bid"], names = names[0], names[1:]
            if isinstance(sd.get("joust"), str) and sd["joust"].endswith(":?"):
                sd["joust"], names = names[0], names[1:]
            if len(sd.get("pick", [])) > 1:
                sd["pick"] = [sd["pick"][0], names[0]]
                names = names[1:]
            for rname in D.REGIONS:
                rd = full["regions"][rname]
                fd = []
                for x in rd.get("facedown", []):
                    if x == f"{D.FACTIONS[f]}:?":
                        fd.append(names[0])
                        dealt_fd.setdefault(i, {}).setdefault(rname, []).append(names[0])
                        names = names[1:]
                    else:
                        fd.append(x)
                rd["facedown"] = fd
        k = len(sd["deck"])
        sd["deck"] = names[:k]
    kseen = set()
    for k in doc.get("road", []):
        if k:
            kseen.add(k)
    kseen.update(doc.get("kingdom_discard", []))
    kseen.update(doc.get("kingdom_burned", []))
    kseen.update(k for k in doc.get("kingdom_deck", []) if k != HIDDEN)
    for part in (doc.get("kingdom_map") or {}).values():
        for lst in part.values():
            kseen.update(x["kingdom"] for x in lst)
    for sd in doc["seats"]:
        for sp in sd.get("board", []):
            if sp:
                kseen.add(sp["kingdom"])
        kseen.update(sd.get("kingdom_supply", []))
        kseen.update(k for k in sd.get("offer", []) if k != HIDDEN)
    kpool = sorted(k for k in C.KNAME if k not in kseen)
    shuffle(kpool)
    known = [k for k in doc.get("kingdom_deck", []) if k != HIDDEN]
    for i, sd in enumerate(full["seats"]):
        if i != seat and sd.get("offer"):
            k = len(sd["offer"])
            sd["offer"], kpool = kpool[:k], kpool[k:]
            if sd.get("pick"):
                sd["pick"] = [sd["offer"][0]] + sd["pick"][1:]
    full["kingdom_deck"] = known + kpool[: len(doc.get("kingdom_deck", [])) - len(known)]
    pend = doc.get("pending")
    if pend is not None:
        pend = dict(pend)
        logs = []
        for i, log in enumerate(pend.get("facedown_log", [])):
            if i == seat or not any(x == -2 for x in log):
                logs.append(list(log))
                continue
            new = []
            for r, x in enumerate(log):
                if x == -2:
                    name = dealt_fd[i][D.REGIONS[r]].pop(0)
                    new.append(C.CARD_BY_NAME[name])
                else:
                    new.append(x)
            logs.append(new)
        pend["facedown_log"] = logs
        arg = pend.get("arg")
        if isinstance(arg, list) and HIDDEN in arg:
            who = pend["seats"][0]
            arg = list(arg)
            i = arg.index(HIDDEN)
            if pend["kind"] == "uswap_with":
                fac = full["seats"][who]["faction"]
                region = full["regions"][D.REGIONS[arg[0]]]["facedown"]
                arg[i] = C.CARD_BY_NAME[next(c for c in region if c.startswith(fac + ":"))]
            else:
                arg[i] = C.CARD_BY_NAME[full["seats"][who]["hand"][0]]
            pend["arg"] = arg
        full["pending"] = pend
    full["rng"] = seed_from(rng)
    s = notation.load(full)
    s.record = False
    return s


__all__ = ["view", "determinize", "from_view"]
