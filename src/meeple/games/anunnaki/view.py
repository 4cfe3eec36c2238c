"""The secrecy boundary: what one seat (or a spectator) may see.

Hidden from a seat: the contract deck, face-down ancient tiles and culture
tokens, the artifact deck (until the seat has looked at it after an Atlantis
conquest), other players' advanced weapons (in hand and on their board), their
Destiny track, and a weapon chosen for a battle before the reveal. Each is "?".
`determinize` deals all of that again at random, consistent with the view;
`from_view` builds a full state from a view alone (for search bots).
"""

from __future__ import annotations

from meeple.core.rng import Rng, seed_from
from meeple.games.anunnaki import notation
from meeple.games.anunnaki.data import ARTIFACTS, DATA, TRACKS

HIDDEN = "?"


def view(s, seat: int | None) -> dict:
    doc = notation.dump(s)
    doc.pop("rng", None)
    doc["contracts"]["deck"] = [HIDDEN] * len(s.deck)
    seen_art = seat is not None and seat in s.art_seen
    if not seen_art:
        doc["artifacts"]["deck"] = [HIDDEN] * len(s.art_deck)
        doc["removed"] = [HIDDEN if r in ARTIFACTS else r for r in doc["removed"]]
    for a in doc["board"]["ancient"].values():
        if not a["up"]:
            a["tile"] = HIDDEN
    for c in doc["board"]["culture"]:
        if c is not None and not c["up"]:
            c["token"] = HIDDEN
    for i, sd in enumerate(doc["seats"]):
        if i == seat:
            continue
        basics = sorted(w for w in sd["hand"] if DATA.weapons[w]["kind"] == "basic")
        sd["hand"] = basics + [HIDDEN] * (len(sd["hand"]) - len(basics))
        sd["pile"] = [HIDDEN] * len(sd["pile"])
        if sd["destiny"] is not None:
            sd["destiny"] = HIDDEN
    pend = doc.get("pending")
    if pend is not None:
        pend["secret"] = {k: (v if seat is not None and k == str(seat) else HIDDEN) for k, v in pend["secret"].items()}
        if pend["kind"] == "artifact" and not seen_art:
            pend["arg"]["options"] = [HIDDEN] * len(pend["arg"]["options"])
    return doc


def _weapon_secret(n, o, rng):
    b = n.ctx.get("battle")
    attacker = b is not None and o == b["att"]
    opts = n._weapon_options(o, attacker=attacker, pairs=n.has(o, "loki"))
    if not opts and _deal_payable_weapon(n, o):
        opts = n._weapon_options(o, attacker=attacker, pairs=n.has(o, "loki"))
    if not opts:
        return None  # this deal left o no weapon it could have chosen
    return opts[rng.below(len(opts))] if hasattr(rng, "below") else rng.choice(opts)


def _deal_payable_weapon(n, o) -> bool:
    """The seat chose a weapon it could pay, but the advanced weapons dealt to
    its hidden hand may all cost too much: swap one of them with a payable one
    of its hidden pile (both unseen by the observer). False if none is."""
    sd = n.own_seat(o)
    hand_adv = [i for i, w in enumerate(sd["hand"]) if DATA.weapons[w]["kind"] == "advanced"]
    for j, w in enumerate(sd["pile"]):
        if hand_adv and n.can_pay(o, n.weapon_cost(o, w)):
            i = hand_adv[0]
            sd["hand"][i], sd["pile"][j] = w, sd["hand"][i]
            return True
    return False


def _shuffle(rng, items: list) -> None:
    rng.shuffle(items)


def determinize(s, seat: int | None, rng):
    """A copy with everything hidden from `seat` dealt again (a deal that leaves a
    deciding seat without a legal answer is dealt again)."""
    for _ in range(30):
        n = _determinize(s, seat, rng)
        if n is not None and (n.kind is None or all(n.legal_actions(x) for x in n.dseats)):
            return n
    n = s.clone()
    n.record = False
    n.rng = Rng(seed_from(rng))  # its own future: not the real game's shuffles
    return n


def _determinize(s, seat: int | None, rng):
    n = s.clone()
    n.record = False
    n.rng = Rng(seed_from(rng))  # its own future: not the real game's shuffles
    _shuffle(rng, n.deck)
    # face-down ancient tiles and culture tokens: dealt from all not seen
    up_anc = {v[0] for v in n.anc.values() if v[1]}
    gone = set(n.removed)
    pool = sorted(t for t in DATA.ancient if t not in up_anc and t not in gone)
    _shuffle(rng, pool)
    for _, v in sorted(n.own_anc().items()):  # (in house order: the pool is dealt in it)
        if not v[1]:
            v[0] = pool.pop()
    up_cul = {c[0] for c in n.cul if c is not None and c[1]}
    pool = sorted(t for t in DATA.culture if t not in up_cul and t not in gone)
    _shuffle(rng, pool)
    for c in n.own_cul():
        if c is not None and not c[1]:
            c[0] = pool.pop()
    if seat not in n.art_seen:
        held = {a for sd in n.seats for a in sd["artifacts"]}
        removed_art = [r for r in n.removed if r in ARTIFACTS]
        pool = sorted(a for a in ARTIFACTS if a not in held)
        _shuffle(rng, pool)
        n.art_deck = [pool.pop() for _ in n.art_deck]
        new_removed = [pool.pop() for _ in removed_art]
        n.removed = [r for r in n.removed if r not in ARTIFACTS] + new_removed
    for o in range(n.players):
        if o == seat:
            continue
        sd = n.own_seat(o)
        basics = [w for w in sd["hand"] if DATA.weapons[w]["kind"] == "basic"]
        adv = [w for w in sd["hand"] if DATA.weapons[w]["kind"] == "advanced"] + sd["pile"]
        adv.sort()
        k = len(sd["hand"]) - len(basics)
        _shuffle(rng, adv)
        sd["hand"] = basics + adv[:k]
        sd["pile"] = adv[k:]
        if sd["destiny"] is not None:
            sd["destiny"] = TRACKS[rng.below(3) if hasattr(rng, "below") else rng.randrange(3)]
    for k in list(n.secret):
        o = int(k)
        if o != seat:
            n.secret[k] = _weapon_secret(n, o, rng)
            if n.secret[k] is None:
                return None
    return n


def from_view(doc: dict, seat: int, rng, log=()):
    """A full state from `seat`'s view alone, hidden things sampled.

    `log` (the seat's readable event log) is accepted for the bot interface;
    this game does not yet pin cards the log shows in a hand."""
    from meeple.core.game import BadState

    err = None
    for _ in range(30):
        try:
            return _from_view(doc, seat, rng)
        except BadState as e:  # a deal leaving a deciding seat without an answer
            err = e
    assert err is not None  # thirty tries failed
    raise err


def _from_view(doc: dict, seat: int, rng):
    import copy

    full = copy.deepcopy(doc)
    houses = full["houses"]
    first = full.get("first_game", False)
    # contracts
    known = set(full["contracts"]["display"])
    for sd in full["seats"]:
        known.update(sd["contracts"])
        known.update(sd["fulfilled"])
    pool = sorted(
        c for c, k in DATA.contracts.items() if (first or k["house"] is None or k["house"] in houses) and c not in known
    )
    rng.shuffle(pool)
    full["contracts"]["deck"] = pool[: len(full["contracts"]["deck"])]
    # ancient tiles and culture tokens
    removed = [r for r in full["removed"] if r != HIDDEN]
    seen_anc = {a["tile"] for a in full["board"]["ancient"].values() if a["tile"] != HIDDEN}
    pool = sorted(t for t in DATA.ancient if t not in seen_anc and t not in removed)
    rng.shuffle(pool)
    for a in full["board"]["ancient"].values():
        if a["tile"] == HIDDEN:
            a["tile"] = pool.pop()
    seen_cul = {c["token"] for c in full["board"]["culture"] if c is not None and c["token"] != HIDDEN}
    pool = sorted(t for t in DATA.culture if t not in seen_cul and t not in removed)
    rng.shuffle(pool)
    for c in full["board"]["culture"]:
        if c is not None and c["token"] == HIDDEN:
            c["token"] = pool.pop()
    held = {a for sd in full["seats"] for a in sd["artifacts"]}
    pool = sorted(a for a in ARTIFACTS if a not in held and a not in removed and a not in full["artifacts"]["deck"])
    rng.shuffle(pool)
    full["artifacts"]["deck"] = [pool.pop() if a == HIDDEN else a for a in full["artifacts"]["deck"]]
    full["removed"] = [pool.pop() if r == HIDDEN else r for r in full["removed"]]
    pend = full.get("pending")
    if pend and pend.get("kind") == "artifact":
        opts = pend["arg"]["options"]
        if HIDDEN in opts:
            pend["arg"]["options"] = list(full["artifacts"]["deck"])
    battle = (pend or {}).get("ctx", {}).get("battle")
    for o, sd in enumerate(full["seats"]):
        if o == seat:
            continue
        h = DATA.houses[houses[o]]
        in_play = []
        if battle:
            in_play = battle["cards"].get(str(o), []) + battle["extra"].get(str(o), [])
        visible = [w for w in sd["hand"] if w != HIDDEN]
        adv = sorted(w for w in h["advanced_weapons"] if w not in in_play and w not in visible)
        rng.shuffle(adv)
        k = sum(1 for w in sd["hand"] if w == HIDDEN)
        sd["hand"] = visible + adv[:k]
        sd["pile"] = adv[k:]
        if sd["destiny"] == HIDDEN:
            sd["destiny"] = TRACKS[rng.randrange(3)] if hasattr(rng, "randrange") else TRACKS[rng.below(3)]
    hidden_secret = []
    if pend:
        for k, v in list(pend["secret"].items()):
            if v == HIDDEN:
                hidden_secret.append(k)
                del pend["secret"][k]
    full["rng"] = seed_from(rng)
    state = notation.load(full)
    state.record = False
    for k in hidden_secret:
        state.secret[k] = _weapon_secret(state, int(k), rng)
    return state


__all__ = ["view", "determinize", "from_view"]
