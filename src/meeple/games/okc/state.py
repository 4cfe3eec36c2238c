"""The Old King's Crown: the state and the rules.

The round is a declared stack of steps (`todo`, last = next): a step either
does its work at once (draws, reveals, night, tally, winter) or sets the
pending decision and waits. Decisions stay small: a bid is one card, the face-
down cards are one card per region in region order, a retreat picks cards one
at a time, and so on; the notation joins some of them into one move.

Simultaneous decisions (bids, face-down cards) have several seats in
`decision().seats`; each seat answers with `seat=`, sees only its own choice,
and the game reveals all of them together once every seat has chosen.
"""

from __future__ import annotations

from meeple.core.game import Decision, IllegalMove
from meeple.core.record import GameRecord
from meeple.core.rng import Rng
from meeple.games.okc import cards as C
from meeple.games.okc import data as D

PER = C.PER
# ---- the action space ------------------------------------------------------
DONE = 0                     # done / pass / skip / back to hand where stated
CARD = 1                     # + local: choose one of my cards
GOVERN = CARD + PER          # + local: autumn govern with that hand card
JOURNEY = GOVERN + PER       # + local: autumn journey with that hand card
AMBUSH_C = JOURNEY + PER     # + local: activate that card's Ambush
RETREAT_C = AMBUSH_C + PER
FLANK_C = RETREAT_C + PER
RALLY_C = FLANK_C + PER
DEPLOY_C = RALLY_C + PER
LOC = DEPLOY_C + PER         # + location
REGION = LOC + 6             # + region
ROAD = REGION + 3            # + Great Road space (0 leftmost .. 3 rightmost)
STEAL = ROAD + D.ROAD_SIZE   # + seat * 3 + space
BACK = STEAL + 12            # the bid card back to hand
SPACE = BACK + 1             # + board space
HERALD = SPACE + 3
SUPP = HERALD + 1            # + region
SUPP_LOST = SUPP + 3
SECRETS = SUPP_LOST + 1
OATHS = SECRETS + 1
FAVOUR = OATHS + 1
FAVOUR2 = FAVOUR + 1
COUNCIL = FAVOUR2 + 1        # + council
BUY = COUNCIL + 3            # + local
DRAW = BUY + PER
KACT = DRAW + 1              # + board space: the action of the kingdom card there
TACTIC = KACT + 3            # + tile index 0..3: activate that tactic tile
KPICK = TACTIC + 4           # + index: pick one of the offered kingdom cards
PAIR = KPICK + 5             # + pair of regions (0: highlands/plateau, 1: highlands/lowlands, 2: plateau/lowlands)
USE = PAIR + 3               # + local: use that Site of Power card's ability
RGOVERN = USE + PER          # trade-10: govern with an active card of its region
SEAT = RGOVERN + 1           # + seat: choose a player
OFAVOUR = SEAT + 4           # use the holder's Favour action (intrigue-11); OFAVOUR2: its second form
OFAVOUR2 = OFAVOUR + 1
LOSTPICK = OFAVOUR2 + 1      # + index in the lost pile (intrigue-12 copies any lost card)
NACTIONS = LOSTPICK + 4 * PER
PAIRS = ((0, 1), (0, 2), (1, 2))
SITE_LORE = BACK             # gained lore onto the empty Site of Power (DONE: to the supply)

SIMULTANEOUS = ("bid", "facedown", "joust", "advanced")

# once-per-round flags (state.used)
U_GOVERN, U_JOURNEY, U_SECRETS, U_OATHS, U_FAVOUR, U_KACT = 1, 2, 4, 8, 16, 32
U_TACTIC = 64                # << tile: that tile was used this round
U_KINGDOM = 1024             # << board space: that kingdom card's action was used
U_SITE = 1 << 13             # << (local - 14): that Site card's ability was used
U_RGOVERN = 1 << 18
U_FAVOUR2 = 1 << 19          # trade-15: the holder's second use this round
U_BORROW = 1 << 20           # intrigue-11: an opponent's Favour used this round

# active card entry fields: [gid, part, gained_traits, gained_cmds, used_cmds, deploy, pass]
E_GID, E_PART, E_GT, E_GC, E_USED, E_DEP, E_PASS = range(7)


_ACTIONS = {}


def _kingdom_actions() -> dict:
    """kingdom.ACTIONS, imported once (kingdom.py imports this module)."""
    a = _ACTIONS.get("kingdom")
    if a is None:
        from meeple.games.okc.kingdom import ACTIONS as a
        _ACTIONS["kingdom"] = a
    return a


def _site_actions() -> dict:
    a = _ACTIONS.get("sites")
    if a is None:
        from meeple.games.okc.sites import ACTIONS as a
        _ACTIONS["sites"] = a
    return a


def _loc_region(loc: int) -> int:
    return loc // 2


class OKCState(GameRecord):
    game = "okc"
    _NOTATION = "meeple.games.okc.notation"
    _VIEW = "meeple.games.okc.view"
    __slots__ = (
        "players", "factions", "rounds", "round", "order", "influence", "lore",
        "site_lore", "hand_size", "hands", "decks", "discards", "lost", "lost_sup",
        "site", "hq", "kdeck", "road", "kdiscard", "boards", "herald", "sup_board",
        "sup_map", "sup_part", "tokens", "councils", "bids", "bids_open", "facedown",
        "active", "favour", "favour_uses", "used", "round_fx", "clash_order",
        "taken", "todo", "kind", "dseats", "darg", "fd_pos", "finished", "winners",
        "rng", "history", "events", "record", "fd_log", "tactics", "bonus",
        "ctokens", "gtokens", "hqtok", "ksupply", "kregion", "kloc", "kburned", "joust", "copies", "burned", "offer", "pick", "peeked",
    )

    # ------------------------------------------------------------------ basics
    def clone(self) -> "OKCState":
        n = OKCState.__new__(OKCState)
        n.players = self.players
        n.factions = self.factions
        n.rounds = self.rounds
        n.round = self.round
        n.order = self.order[:]
        n.influence = self.influence[:]
        n.lore = self.lore[:]
        n.site_lore = self.site_lore[:]
        n.hand_size = self.hand_size[:]
        n.hands = [h[:] for h in self.hands]
        n.decks = [h[:] for h in self.decks]
        n.discards = [h[:] for h in self.discards]
        n.lost = self.lost[:]
        n.lost_sup = self.lost_sup[:]
        n.site = [h[:] for h in self.site]
        n.hq = [h[:] for h in self.hq]
        n.kdeck = self.kdeck[:]
        n.road = self.road[:]
        n.kdiscard = self.kdiscard[:]
        n.boards = [[None if sp is None else sp[:] for sp in b] for b in self.boards]
        n.herald = self.herald[:]
        n.sup_board = self.sup_board[:]
        n.sup_map = [m[:] for m in self.sup_map]
        n.sup_part = [m[:] for m in self.sup_part]
        n.tokens = [m[:] for m in self.tokens]
        n.councils = [c[:] for c in self.councils]
        n.bids = self.bids[:]
        n.bids_open = self.bids_open
        n.facedown = [f[:] for f in self.facedown]
        n.active = [[e[:] for e in a] for a in self.active]
        n.favour = self.favour
        n.favour_uses = self.favour_uses
        n.used = self.used[:]
        n.round_fx = self.round_fx[:]
        n.clash_order = self.clash_order[:]
        n.taken = self.taken
        n.todo = [t[:] for t in self.todo]
        n.kind = self.kind
        n.dseats = self.dseats[:]
        n.darg = self.darg[:] if isinstance(self.darg, list) else self.darg
        n.fd_pos = self.fd_pos[:]
        n.fd_log = [f[:] for f in self.fd_log]
        n.tactics = [t[:] for t in self.tactics]
        n.bonus = self.bonus[:]
        n.ctokens = [t[:] for t in self.ctokens]
        n.gtokens = [t[:] for t in self.gtokens]
        n.hqtok = self.hqtok[:]
        n.ksupply = [k[:] for k in self.ksupply]
        n.kregion = [[x[:] for x in k] for k in self.kregion]
        n.kloc = [[x[:] for x in k] for k in self.kloc]
        n.kburned = self.kburned[:]
        n.joust = self.joust[:]
        n.copies = [c[:] for c in self.copies]
        n.burned = self.burned[:]
        n.offer = [o[:] for o in self.offer]
        n.pick = [p[:] for p in self.pick]
        n.peeked = [p[:] for p in self.peeked]
        n.finished = self.finished
        n.winners = self.winners[:]
        n.rng = Rng(self.rng.state)
        n.reveals = self.reveals
        n.history = self.history
        n.events = self.events
        n.record = self.record
        return n

    def decision(self) -> Decision | None:
        if self.finished or self.kind is None:
            return None
        return Decision(self.kind, tuple(self.dseats))

    def scores(self) -> list[int]:
        return list(self.influence)

    def _secret_move(self, move: str) -> str:
        """Other seats' bids, face-down cards and hidden cards read "?"."""
        return _redact(move)

    def _note(self, seat: int, move: str, simultaneous: bool = False) -> None:
        self._record(seat, f"{seat}: {move}" if simultaneous else move)

    # ---------------------------------------------------------- small queries
    def seat_of(self, gid: int) -> int:
        return self.factions.index(gid // PER)

    def gid(self, seat: int, local: int) -> int:
        return self.factions[seat] * PER + local

    def votes(self, seat: int, council: int) -> int:
        v = sum(C.council_votes(self, seat, g) for g in self.councils[council]
                if self.seat_of(g) == seat)
        v += self.ctokens[seat][council]             # Uprising HQ2 tokens
        if self.gtokens[seat][council] and C.card_in_council(self, seat, "council_token"):
            v += self.gtokens[seat][council]         # Gathering A2 tokens, while it stays
        return v

    def order_pos(self, seat: int) -> int:
        return self.order.index(seat)

    def tokens_free(self, seat: int) -> int:
        return D.FACTION_TOKENS - sum(self.tokens[seat]) - sum(self.ctokens[seat]) \
            - sum(self.gtokens[seat])

    def _find_active(self, gid: int):
        for r in range(3):
            for e in self.active[r]:
                if e[E_GID] == gid:
                    return r, e
        return None, None

    def _copied_text(self, g: int):
        """The rule text g gained this round by a copy (Gathering A3, intrigue-12), or None."""
        for a3, src, _ in self.copies:
            if a3 == g:
                return C.EFFECT[src]
        return None

    def texts(self, seat: int, e) -> list:
        """An active card's rule texts now: a gained (copied) text, and its printed
        text unless blank (blank information is ignored)."""
        out = [] if not self.copies else [t for t in (self._copied_text(e[E_GID]),) if t]
        if C.EFFECT[e[E_GID]] and not self._blank(seat, e):
            out.append(C.EFFECT[e[E_GID]])
        return out

    def strength(self, g: int) -> int:
        """Printed strength plus gained strength (Gathering A3's copy)."""
        v = C.STR[g]
        for a3, src, with_strength in self.copies:
            if a3 == g and with_strength:
                v += C.STR[src]
        return v

    def _blank(self, seat: int, e) -> bool:
        """The printed information (traits, commands, icons, text) of seat's
        active card e is blank: martial-15 of an opponent in its region, or an
        opposing Uprising A3 text in its region (non-heirs only)."""
        if self._region_blank(seat, e):
            return True
        if C.ARCH[e[E_GID]] == "heir":
            return False
        for a in self.active:
            for x in a:
                g = x[E_GID]
                copied = bool(self.copies) and self._copied_text(g) == "blank_opponents"
                if not copied and C.EFFECT[g] != "blank_opponents":
                    continue
                o = self.seat_of(g)
                if o != seat and any(y is e for y in a) and (
                        copied or not self._region_blank(o, x) and not self._blanked_by_copy(o, a)):
                    return True
        return False

    def _region_blank(self, seat: int, e) -> bool:
        """martial-15: an opponent's card on e's region blanks seat's printed information there."""
        if any(self.kregion):
            for r in range(3):
                if any(o != seat and C.KEFFECT[k] == "blank_opponents_region"
                       for o, k in self.kregion[r]) and any(y is e for y in self.active[r]):
                    return True
        return False

    def _blanked_by_copy(self, seat: int, region_cards) -> bool:
        """A gained (copied) A3 text of an opponent among these cards blanks
        seat's printed A3 (gained text is never blank, so this ends here)."""
        return bool(self.copies) and any(
            self.seat_of(y[E_GID]) != seat and self._copied_text(y[E_GID]) == "blank_opponents"
            for y in region_cards)

    def _cmds(self, seat: int, e) -> int:
        return C.commands(self, seat, e[E_GID], e[E_GC], self._blank(seat, e))

    def _traits(self, seat: int, e) -> int:
        return C.traits(self, seat, e[E_GID], e[E_GT], self._blank(seat, e))

    def card_traits(self, seat: int, g: int) -> int:
        """The card's traits where it stands now (an active card's gained traits
        count; its printed ones not while blank). Read before the card moves."""
        e = self._find_active(g)[1]
        return C.traits(self, seat, g) if e is None else self._traits(seat, e)

    def icons(self, seat: int, g: int, printed: list[int]) -> int:
        """A printed icon count (C.VOTES or C.LORE) as it counts now: 0 on an
        active card whose printed information is blank ("ignored, no effect")."""
        e = self._find_active(g)[1]
        return 0 if e is not None and self._blank(seat, e) else printed[g]

    def _current_clash(self):
        """(region, participants, pass) of the clash being resolved, or None."""
        for t in reversed(self.todo):
            if t[0] == "clash":
                return t[1], t[2], t[3]
        return None

    def _clash_n(self) -> int:
        for t in reversed(self.todo):
            if t[0] == "clash":
                return t[4]
        return -1

    def _locked(self, s: int, r: int) -> bool:
        """Nobility tactic 2: another seat locked region r's first clash (the
        clash in progress there, or the one still to come)."""
        cur = self._current_clash()
        if cur is not None and cur[0] == r and self._clash_n() != 0:
            return False
        bit = C.FX_LOCK << r
        return any(o != s and self.round_fx[o] & bit for o in range(self.players))

    def _unresolved(self) -> list[int]:
        """Regions whose clash has not begun yet this round."""
        for t in reversed(self.todo):
            if t[0] == "clashes":
                return self.clash_order[t[1]:]
        return []

    # ----------------------------------------------------------- legal actions
    def legal_actions(self, seat: int | None = None) -> list[int]:
        if self.finished or self.kind is None:
            return []
        if seat is None:
            seat = self.dseats[0]
        elif seat not in self.dseats:
            return []
        k = self.kind
        s = seat
        hand = self.hands[s]
        f = self.factions[s]
        if k == "bid" or k == "joust":
            return [CARD + C.local(g) for g in hand]
        if k == "advanced":
            if not self.pick[s]:
                return [KPICK + i for i in range(len(self.offer[s]))]
            return [CARD + C.local(g) for g in hand]
        if k == "fd_declare":
            return [REGION + r for r in range(3) if not self.darg[1 + s] >> r & 1]
        if k == "facedown":
            r = self.fd_pos[s]
            if self.darg:                    # declared in turn order: '-' there and only there
                return [DONE] if self.darg[s] >> r & 1 else [CARD + C.local(g) for g in hand]
            acts = [CARD + C.local(g) for g in hand]
            if len(hand) < 3 - r:
                acts.append(DONE)
            return acts
        if k == "herald":
            return [LOC + l for l in range(6)]
        if k == "resolve":
            acts = [ROAD + i for i in range(D.ROAD_SIZE) if self.road[i] is not None]
            if C.owns_kingdom(self, s, "deck_top_two"):
                acts.extend(KPICK + i for i in range(min(2, len(self.kdeck))))
            if C.can_steal(self, s):
                need = C.steal_strength(self, s)
                for o in range(self.players):
                    if o == s:
                        continue
                    for j, sp in enumerate(self.boards[o]):
                        if sp is not None and need > C.occupier_strength(self, o, sp[1], self.bids[s]):
                            acts.append(STEAL + o * 3 + j)
            acts.append(BACK)
            return acts
        if k == "space":
            return [SPACE + j for j in range(len(self.boards[s]))]
        if k == "spring":
            acts = [DONE]
            if self.sup_board[s] > 0:
                acts.extend(SUPP + r for r in range(3))
            acts.extend(self._favour_moves(s, "spring"))
            acts.extend(self._kingdom_options(s, "spring"))
            acts.extend(self._site_options(s, "spring"))
            if C.owns_kingdom(self, s, "deploy_influence"):     # martial-03: Deploy in spring
                acts.extend(DEPLOY_C + C.local(g) for g in hand if C.commands(self, s, g) & D.DEPLOY)
            acts.extend(self._tactic_options(s, "spring"))
            return acts
        if k == "markers":
            return [REGION + r for r in range(3) if r not in self.clash_order]
        if k == "day":
            r, parts, p = self._current_clash()
            acts = [DONE]
            unres = [x for x in self._unresolved() if x != r and not self._locked(s, x)]
            locked = self._locked(s, r)
            for e in self.active[r]:
                g = e[E_GID]
                if self.seat_of(g) != s or e[E_PART] or (p and e[E_PASS] != p):
                    continue
                cm = self._cmds(s, e) & ~e[E_USED]
                if locked:
                    cm &= ~(D.AMBUSH | D.RETREAT | D.FLANK)
                lo = C.local(g)
                if cm & D.AMBUSH and (hand or (cm & D.AMBUSH_FROM_DISCARD and self.discards[s])):
                    acts.append(AMBUSH_C + lo)
                if cm & D.RETREAT:
                    acts.append(RETREAT_C + lo)
                if cm & D.FLANK and unres:
                    acts.append(FLANK_C + lo)
            if p == 0:
                acts.extend(self._favour_moves(s, "day"))
            if p == 0:
                acts.extend(self._tactic_options(s, "day"))
                acts.extend(self._kingdom_options(s, "day"))
                acts.extend(self._site_options(s, "day"))
            return acts
        if k == "ambush" or k == "tie":
            acts = [CARD + C.local(g) for g in hand]
            if k == "ambush" and self.darg[1:] and self.darg[1]:
                acts += [CARD + C.local(g) for g in self.discards[s]]
            return acts + [DONE] if k == "tie" or not acts else acts
        if k == "retreat":
            r = self.darg[0]
            acts = [DONE]
            acts.extend(CARD + C.local(e[E_GID]) for e in self.active[r] if self.seat_of(e[E_GID]) == s)
            acts.extend(JOURNEY + C.local(e[E_GID]) for e in self.active[r] if self.seat_of(e[E_GID]) == s
                        and e[E_GC] & D.RETREAT_JOURNEY and self.icons(s, e[E_GID], C.LORE) >= 1)
            if self.herald[s] >= 0 and _loc_region(self.herald[s]) == r:
                acts.append(HERALD)
            if self.sup_map[s][r]:
                acts.append(SUPP + r)
            return acts
        if k == "flank":
            r = self.darg[0]
            return [REGION + x for x in self._unresolved() if x != r and not self._locked(s, x)]
        if k == "clans_herald":
            r = self.darg[0]
            return [LOC + 2 * r, LOC + 2 * r + 1]
        if k == "clans_sup":
            r, left = self.darg
            acts = [DONE]
            if left:
                acts.extend(SUPP + x for x in range(3) if x != r and self.sup_map[s][x])
            return acts
        if k == "location":
            r = self.darg[0]
            return [LOC + 2 * r, LOC + 2 * r + 1]
        if k == "relics":
            return [CARD + C.local(g) for g in self.councils[0] if self.seat_of(g) == s]
        if k in ("castle", "wilderness", "shrine"):
            key = C.VOTES if k == "castle" else C.LORE
            acts = [DONE]
            if k == "shrine" and self.darg[0] >= 3:
                return acts
            for g in hand:
                if k == "shrine" or self.icons(s, g, key) >= 1:
                    acts.append(CARD + C.local(g))
            for a in self.active:
                for e in a:
                    g = e[E_GID]
                    if self.seat_of(g) == s and (k == "shrine" or self.icons(s, g, key) >= 1):
                        acts.append(CARD + C.local(g))
            return acts
        if k == "council":
            return [COUNCIL + c for c in range(3)]
        if k == "necropolis":
            acts = [DONE]
            if self.darg[0] < 3 and self.discards[s]:
                acts.append(DRAW)
            return acts
        if k == "necro_discard" or k == "trim":
            acts = [CARD + C.local(g) for g in hand]
            return acts + [DONE] if k == "necro_discard" else acts
        if k == "autumn":
            acts = [DONE]
            u = self.used[s]
            if not u & U_GOVERN:
                acts.extend(GOVERN + C.local(g) for g in hand if self.icons(s, g, C.VOTES) >= 1)
            if not u & U_JOURNEY:
                acts.extend(JOURNEY + C.local(g) for g in hand if self.icons(s, g, C.LORE) >= 1)
                if C.owns_kingdom(self, s, "all_pathfinder"):      # trade-01: active cards too
                    acts.extend(JOURNEY + C.local(e[E_GID]) for _, e in self._own_active(s)
                                if self.icons(s, e[E_GID], C.LORE) >= 1)
            for a in self.active:
                for e in a:
                    g = e[E_GID]
                    if self.seat_of(g) == s and self._cmds(s, e) & (D.RALLY_SELF | D.RALLY_TWO) \
                            and not e[E_USED] & (D.RALLY_SELF | D.RALLY_TWO):
                        acts.append(RALLY_C + C.local(g))
            for g in hand:
                if C.commands(self, s, g) & D.DEPLOY:
                    acts.append(DEPLOY_C + C.local(g))
            if not u & U_SECRETS and self.votes(s, 1) and self.tokens_free(s):
                acts.append(SECRETS)
            if not u & U_OATHS and self.votes(s, 2) and (self.lost_sup[s] or sum(self.sup_map[s])):
                acts.append(OATHS)
            acts.extend(self._favour_moves(s, "autumn"))
            acts.extend(self._tactic_options(s, "autumn"))
            acts.extend(self._kingdom_options(s, "autumn"))
            acts.extend(self._site_options(s, "autumn"))
            if not u & U_RGOVERN and self._rgovern_cards(s):
                acts.append(RGOVERN)
            return acts
        if k == "rally":
            acts = [DONE] if self.darg[1] else []
            if self.darg[1] < 2:
                for a in self.active:
                    for e in a:
                        g = e[E_GID]
                        if self.seat_of(g) == s and g not in self.darg[2:]:
                            acts.append(CARD + C.local(g))
            return acts
        if k == "deploy":
            return [REGION + r for r in range(3)]
        if k == "secrets":
            acts = [DONE]
            if self.darg[0] > 0 and self.tokens_free(s):
                acts.extend(LOC + l for l in range(6))
            return acts
        if k == "secrets_order":
            return [LOC + loc for loc in self.darg]
        if k == "site_lore":
            return [SITE_LORE, DONE]
        if k == "oaths":
            acts = [DONE]
            if self.darg[0] > 0:
                acts.extend(SUPP + r for r in range(3) if self.sup_map[s][r])
                if self.lost_sup[s]:
                    acts.append(SUPP_LOST)
            return acts
        if k == "buy":
            return [DONE] + [BUY + C.local(g) for g in self.site[s] if C.COST[g] <= self.lore[s]]
        if k == "gather":
            return [CARD + C.local(g) for g in self._gather_targets(s)]
        return self._legal_more(k, s)

    # ---- tactic tiles, the Uprising Favour: options and sub-decisions
    def _own_active(self, s: int, r: int | None = None, counted: bool = True):
        rs = range(3) if r is None else (r,)
        return [(x, e) for x in rs for e in self.active[x]
                if self.seat_of(e[E_GID]) == s and (counted or not e[E_PART])]

    def _tactic_ok(self, s: int, t: int) -> bool:
        f = D.FACTIONS[self.factions[s]]
        if f == "nobility":
            if t == 1:
                return any(C.ARCH[e[E_GID]] == "war machine" for _, e in self._own_active(s))
            if t == 3:
                return any(self.councils)
            return True
        if f == "clans":
            if t == 1:
                r = self._current_clash()[0]
                return any(C.ARCH[e[E_GID]] in ("heir", "captain", "war machine") and not e[E_GC] & D.FLANK
                           for _, e in self._own_active(s, r, False))
            if t == 2:
                return bool(self.hands[s]) and any(
                    sp is not None for o in range(self.players) if o != s for sp in self.boards[o])
            if t == 3:
                return len(self.hands[s]) < self.hsize(s) and bool(
                    self.discards[s] or self._own_active(s))
            return True
        if f == "uprising":
            if t == 1:
                r = self._current_clash()[0]
                return any(not e[E_GC] & D.RETREAT for _, e in self._own_active(s, r, False)) \
                    and not self._locked(s, r)
            if t == 2:
                return any(sp is not None for sp in self.boards[s]) and any(
                    self.hands[o] for o in range(self.players) if o != s)
            if t == 3:
                return any(self._uswap_pairs(s, o) for o in range(self.players) if o != s)
            return True
        # gathering
        if t == 0:
            r = self._current_clash()[0]
            return self.sup_map[s][r] >= 2 and any(self.seat_of(g) == s for g in self.lost) \
                and not self._locked(s, r)
        if t == 1:
            return bool(self.kdiscard) and bool(self.hands[s])
        if t == 2:
            r = self._current_clash()[0]
            return not self._locked(s, r) and len({x for x, _ in self._own_active(s)}) >= 2
        return bool(self.discards[s] or self._own_active(s))

    def _tactic_options(self, s: int, timing: str) -> list[int]:
        tiles = C.TACTICS[self.factions[s]]
        return [TACTIC + t for t in range(4)
                if tiles[t][0] == timing and self.tactics[s][t] > 0
                and not self.used[s] & (U_TACTIC << t) and self._tactic_ok(s, t)]

    def _uswap_pairs(self, s: int, o: int) -> list[int]:
        has = [any(self.seat_of(g) == o for g in self.facedown[r]) for r in range(3)]
        return [i for i, (a, b) in enumerate(PAIRS) if has[a] and has[b]]

    def _kingdom_options(self, s: int, timing: str) -> list[int]:
        ACTIONS = _kingdom_actions()
        out = []
        for j, sp in enumerate(self.boards[s]):
            if sp is None or self.used[s] & (U_KINGDOM << j):
                continue
            act = ACTIONS.get(C.KEFFECT[sp[0]])
            if act is not None and (act[0] == timing or timing in act[0]) and act[1](self, s, j):
                out.append(KACT + j)
        return out

    def _site_options(self, s: int, timing: str) -> list[int]:
        ACTIONS = _site_actions()
        out = []
        f = self.factions[s]
        for lo in range(D.NBASIC, PER):
            g = f * PER + lo
            act = ACTIONS.get(C.EFFECT[g])
            if act is None or act[0] != timing or self.used[s] & (U_SITE << (lo - D.NBASIC)):
                continue
            if C.KIND[g] == "hq" and g not in self.hq[s]:
                continue
            e = self._find_active(g)[1]
            if e is not None and C.EFFECT[g] not in self.texts(s, e):    # its text is blank there
                continue
            if act[1](self, s, g):
                out.append(USE + lo)
        return out

    def _site_action(self, s: int, lo: int) -> None:
        ACTIONS = _site_actions()
        self.used[s] |= U_SITE << (lo - D.NBASIC)
        g = self.gid(s, lo)
        self._event("site", s, C.NAME[g])
        ACTIONS[C.EFFECT[g]][2](self, s, g)

    def _acquire(self, s: int, kc: int, occ: int) -> None:
        """An acquired kingdom card: occupied on a board space, or placed as its
        card says (supply, map, discarded on acquiring) with the would-be
        occupier going to the discard."""
        place = C.KPLACE[kc]
        if place == "board":
            self._ask("space", s, [kc, occ])
            return
        self.discards[s].append(occ)
        if place == "supply":
            self.ksupply[s].append(kc)
            if C.KEFFECT[kc] == "deck_top_two":       # intrigue-17 turns the deck's top face up
                self._mark_reveal()
        elif place == "discard":
            self.kdiscard.append(kc)
            if C.KEFFECT[kc] == "free_site_card" and self.site[s]:
                self._gain_site_card(s, min(self.site[s], key=lambda x: (C.COST[x], x)))
        else:
            self._ask("kplace", s, [kc])
        self._kingdom_gained(s, kc)

    def _take_board_card(self, o: int, j: int) -> int:
        """An opponent's kingdom card taken from its board: the occupier goes to
        its owner's hand (whose hand size may drop: trimmed after)."""
        kc, occ = self.boards[o][j]
        self.boards[o][j] = None
        self._to_hand(o, occ)
        self.todo.append(("trim", o))
        return kc

    def swap_facedown(self, o: int, ra: int, rb: int) -> None:
        """Seat o's face-down cards in regions ra and rb change places."""
        fd = self.facedown
        ga = next(g for g in fd[ra] if self.seat_of(g) == o)
        gb = next(g for g in fd[rb] if self.seat_of(g) == o)
        fd[ra].remove(ga)
        fd[rb].remove(gb)
        fd[ra].append(gb)
        fd[rb].append(ga)
        fd[ra].sort()
        fd[rb].sort()

    def _gain_site_card(self, s: int, g: int) -> None:
        """A Site of Power card gained: an HQ card to the supply, an advanced
        card to hand; then its on-gain ability."""
        from meeple.games.okc.sites import ON_GAIN
        self.site[s].remove(g)
        self._event("buy", s, C.NAME[g])
        if C.KIND[g] == "hq":
            self.hq[s].append(g)
        else:
            self._to_hand(s, g)
        if C.EFFECT[g] in ON_GAIN:
            ON_GAIN[C.EFFECT[g]](self, s, g)

    def _kingdom_gained(self, s: int, kc: int) -> None:
        """Uprising HQ2: a token on the council of the card's suit (max 2 per council)."""
        if C.has_hq(self, s, "uprising_hq2"):
            c = kc // 17
            if self.ctokens[s][c] < 2 and self.tokens_free(s) > 0:
                self.ctokens[s][c] += 1

    def _refill_road_now(self) -> None:
        """After a card leaves the Great Road outside bidding: slide right, refill."""
        road = self.road
        rest = [c for c in road if c is not None]
        road[:] = [None] * (D.ROAD_SIZE - len(rest)) + rest
        for i in range(D.ROAD_SIZE - 1, -1, -1):
            if road[i] is None:
                if not self.kdeck and self.kdiscard:
                    self.kdeck = self.kdiscard
                    self.kdiscard = []
                    self.rng.shuffle(self.kdeck)
                if self.kdeck:
                    road[i] = self.kdeck.pop(0)
                    self._mark_reveal()

    def _leave_council(self, g: int) -> None:
        """A card removed from a council goes to its owner's discard, or to hand
        with Clans HQ1 or intrigue-01 (rulings: taken whenever allowed)."""
        o = self.seat_of(g)
        if C.has_hq(self, o, "clans_hq1") or C.owns_kingdom(self, o, "council_to_hand"):
            self._to_hand(o, g)
        else:
            self.discards[o].append(g)

    def _rgovern_cards(self, s: int) -> list[int]:
        out = []
        for r in range(3):
            if any(o == s and C.KEFFECT[k] == "region_govern" for o, k in self.kregion[r]):
                out.extend(e[E_GID] for e in self.active[r]
                           if self.seat_of(e[E_GID]) == s and self.icons(s, e[E_GID], C.VOTES) >= 1)
        return out

    def _kingdom_action(self, s: int, j: int) -> None:
        ACTIONS = _kingdom_actions()
        self.used[s] |= U_KINGDOM << j
        kc = self.boards[s][j][0]
        self._event("kingdom", s, C.KNAME[kc])
        ACTIONS[C.KEFFECT[kc]][2](self, s, j)

    def hsize(self, s: int) -> int:
        """The hand size now: the marker, +1 while trade-17 is occupied (3..8)."""
        v = self.hand_size[s]
        if C.owns_kingdom(self, s, "hand_size_heir"):
            v += 1
        return max(D.MIN_HAND_SIZE, min(D.MAX_HAND_SIZE, v))

    def _legal_more(self, k: str, s: int) -> list[int]:
        hand = self.hands[s]
        if k == "kingdom":
            ACTIONS = _kingdom_actions()
            return ACTIONS[self.darg[0]][3](self, s, self.darg)
        if k == "site":
            ACTIONS = _site_actions()
            return ACTIONS[self.darg[0]][3](self, s, self.darg)
        if k == "joust_win":
            return [LOC + l for l in range(6)]
        if k == "set_order":
            return [SEAT + x for x in range(self.players) if x not in self.darg]
        if k == "kplace":
            if C.KPLACE[self.darg[0]] == "region":
                return [REGION + r for r in range(3)]
            return [LOC + l for l in range(6)]
        if k == "rgovern":
            return [CARD + C.local(g) for g in self._rgovern_cards(s)]
        if k == "flank_sup":
            r, x = self.darg
            return [DONE] + ([SUPP + x] if self.sup_map[s][r] else [])
        if k == "reward":
            return [BACK, DRAW]
        if k == "tactic_bid":
            return [DONE, TACTIC + 2]
        if k == "lock":
            return sorted({REGION + x for x, e in self._own_active(s) if C.ARCH[e[E_GID]] == "war machine"})
        if k == "purge":
            return [COUNCIL + c for c in range(3) if self.councils[c]]
        if k == "gain":
            r, bit = self.darg
            arch = ("heir", "captain", "war machine") if bit == D.FLANK else None
            return [CARD + C.local(e[E_GID]) for _, e in self._own_active(s, r, False)
                    if not e[E_GC] & bit and (arch is None or C.ARCH[e[E_GID]] in arch)]
        if k == "ktake":
            return [STEAL + o * 3 + j for o in range(self.players) if o != s
                    for j, sp in enumerate(self.boards[o]) if sp is not None]
        if k == "koccupy" or k == "udiscard":
            return [CARD + C.local(g) for g in hand]
        if k == "recall":
            acts = [DONE]
            if len(hand) < self.hsize(s):
                acts.extend(CARD + C.local(g) for g in self.discards[s])
                acts.extend(CARD + C.local(e[E_GID]) for _, e in self._own_active(s))
            return acts
        if k == "uswap_opp":
            return [DONE] + [PAIR + i for i in self._uswap_pairs(s, self.darg[0])]
        if k == "revive":
            return [CARD + C.local(g) for g in self.lost if self.seat_of(g) == s]
        if k == "kpick":
            return [KPICK + i for i in range(len(self.darg))]
        if k == "swap1":
            return [CARD + C.local(e[E_GID]) for _, e in self._own_active(s)]
        if k == "swap2":
            r0 = self._find_active(self.darg[0])[0]
            return [CARD + C.local(e[E_GID]) for x, e in self._own_active(s) if x != r0]
        if k == "purge3":
            acts = [DONE]
            if self.darg[0] < 3:
                acts.extend(CARD + C.local(g) for g in self.discards[s])
                acts.extend(CARD + C.local(e[E_GID]) for _, e in self._own_active(s))
            return acts
        if k == "recall1":
            return [CARD + C.local(g) for g in self.discards[s]]
        if k == "peek":
            return [REGION + r for r in range(3) if self.facedown[r]]
        if k == "uswap_fd":
            r = self.darg[0]
            if not hand and all(sp is None for sp in self.boards[s]):
                return [DONE]                    # nothing to swap with
            return [DONE] + [CARD + C.local(g) for g in self.facedown[r] if self.seat_of(g) == s]
        if k == "uswap_with":
            return [CARD + C.local(g) for g in hand] + \
                [SPACE + j for j, sp in enumerate(self.boards[s]) if sp is not None]
        raise AssertionError(k)

    def _favour_moves(self, s: int, timing: str) -> list[int]:
        """Favour actions open to seat s now: its own faction's (as the holder,
        or with trade-15), and the holder's faction's with intrigue-11."""
        out = []
        for base, fac in ((FAVOUR, self._own_favour()), (OFAVOUR, self._borrowed_favour())):
            f = fac(s)
            if f is None:
                continue
            name = D.FACTIONS[f]
            if name == "nobility" and timing == "spring":
                out.extend((base, base + 1))
            elif name == "uprising" and timing == "spring" and any(self.facedown):
                out.append(base)
            elif name == "clans" and timing == "day":
                out.append(base)
            elif name == "gathering" and timing == "autumn" and self._gather_targets(s):
                out.append(base)
        return out

    def _own_favour(self):
        def f(s):
            u = self.used[s]
            if self.favour == s and self.favour_uses > 0:
                if not u & U_FAVOUR or (C.owns_kingdom(self, s, "favour_twice") and not u & U_FAVOUR2):
                    return self.factions[s]
            elif C.owns_kingdom(self, s, "favour_twice") and not u & U_FAVOUR:
                return self.factions[s]
            return None
        return f

    def _borrowed_favour(self):
        def f(s):
            h = self.favour
            if 0 <= h != s and C.owns_kingdom(self, s, "borrow_favour") and not self.used[s] & U_BORROW:
                return self.factions[h]
            return None
        return f

    def _do_favour(self, s: int, a: int) -> None:
        """Run the Favour action `a` (FAVOUR/FAVOUR2 own, OFAVOUR/OFAVOUR2 borrowed)."""
        if a >= OFAVOUR:
            self.used[s] |= U_BORROW
            f = self.factions[self.favour]
            self._event("favour-borrowed", s, D.FACTIONS[f])
            second = a == OFAVOUR2
        else:
            f = self.factions[s]
            if self.favour == s:
                self._use_favour(s)
            else:                                   # trade-15 without holding it
                self.used[s] |= U_FAVOUR
                self._event("favour", s, None)
            second = a == FAVOUR2
        name = D.FACTIONS[f]
        if name == "nobility":
            if second:
                self.round_fx[s] |= C.FX_HEIRS_INVULNERABLE
            else:
                self._gain_influence(s, 1)
        elif name == "uprising":
            self._ask("peek", s)
        elif name == "clans":
            self._ask("clans_herald", s, [self._current_clash()[0]])
        else:
            self._ask("gather", s)

    def _gather_targets(self, s: int) -> list[int]:
        if self.herald[s] < 0:
            return []
        r = _loc_region(self.herald[s])
        return [e[E_GID] for e in self.active[r] if self.seat_of(e[E_GID]) == s]

    # ------------------------------------------------------------ applying
    def apply_action(self, action: int, seat: int | None = None) -> None:
        if self.finished:
            raise IllegalMove("the game is over")
        if self.kind is None:
            raise IllegalMove("no decision is pending")
        if seat is None:
            seat = self.dseats[0]
        elif seat not in self.dseats:
            if self.kind in SIMULTANEOUS and 0 <= seat < self.players:
                raise IllegalMove(f"seat {seat} has already chosen for '{self.kind}'")
            raise IllegalMove(f"it is not seat {seat}'s decision (waiting for seat(s) "
                              f"{', '.join(map(str, self.dseats))}: {self.kind})")
        if action not in self.legal_actions(seat):
            raise IllegalMove(f"action {action} is not legal now")
        self._step(action, seat)
        self._advance()

    def apply_legal(self, action: int, seat: int | None = None) -> None:
        self._step(action, self.dseats[0] if seat is None else seat)
        self._advance()

    def _advance(self) -> None:
        while True:
            while self.kind is None:
                if self.finished or not self.todo:
                    return
                self._run(self.todo.pop())
            if self.kind in SIMULTANEOUS:
                return
            acts = self.legal_actions()
            if self.record and self._forced_by_hand(len(acts)):
                self._mark_reveal()
            if len(acts) != 1:
                return
            self._step(acts[0], self.dseats[0], auto=True)

    def _forced_by_hand(self, n: int) -> bool:
        """Could the hidden hand decide whether this decision (n options) is
        answered for its seat (one option) or asked? Either way tells everyone
        something of that hand. Asked: only if a hand of as many cards like one
        the others cannot place would leave one option. Answered: only if such
        a card, in the hand instead of one of its cards, would have offered
        another. (Only for recorded games: the undo needs it, rollouts do not.)"""
        s = self.dseats[0]
        hand = self.hands[s]
        if not hand:
            return False
        if n > 1:
            return self._some_hand(s, lambda acts: len(acts) <= 1)
        rest = hand[:-1]
        return any(len(self._actions_with_hand(s, rest + [g])) > 1
                   for g in sorted(set(self._unplaced(s)) - set(hand)))

    def _some_hand(self, s: int, test) -> bool:
        """Does `test(legal actions)` hold for a hand of seat s's size made of
        copies of one card the others cannot place (its size they know)?"""
        k = len(self.hands[s])
        return any(test(self._actions_with_hand(s, [g] * k)) for g in sorted(set(self._unplaced(s))))

    def _unplaced(self, s: int) -> list[int]:
        """Seat s's cards that another seat cannot locate: any may be in its hand."""
        out = self.hands[s] + self.decks[s] + self.pick[s][1:]
        out += [g for f in self.facedown for g in f if self.seat_of(g) == s]
        out += [g for g in (self.joust[s], None if self.bids_open else self.bids[s]) if g is not None]
        return out

    def _actions_with_hand(self, s: int, hand: list[int]) -> list[int]:
        """Seat s's legal actions were `hand` its hand."""
        real = self.hands[s]
        self.hands[s] = hand
        try:
            return self.legal_actions(s)
        finally:
            self.hands[s] = real

    def _ask(self, kind: str, seat: int, darg=None) -> None:
        self.kind = kind
        self.dseats = [seat]
        self.darg = darg

    def _ask_deploy(self, s: int, g: int) -> None:
        """Deploy card g from the hand: it is shown while its region is chosen."""
        self._mark_reveal()
        self._ask("deploy", s, [g])

    def _to_hand(self, s: int, g: int) -> None:
        """A card added to a full hand goes on top of the deck instead."""
        if len(self.hands[s]) >= self.hsize(s):
            self.decks[s].insert(0, g)
        else:
            self.hands[s].append(g)

    def _discard_from_hand(self, s: int, a: int) -> None:
        """The chosen card (action CARD + local id) goes from the hand to the discard."""
        g = self.gid(s, a - CARD)
        self.hands[s].remove(g)
        self.discards[s].append(g)
        self._mark_reveal()

    def _gain_influence(self, s: int, n: int) -> None:
        if n:
            self.influence[s] += n
            self._event("influence", s, n)

    def _gain_lore(self, s: int, n: int) -> None:
        """Lore to the supply, then the seat may buy. With an empty Site of Power
        the seat may put it onto the Site instead (2 lore there = 1 influence
        at the end): a choice, asked as the next step."""
        if n <= 0:
            return
        if not self.site[s]:
            self.todo.append(("site_lore", s, n))
            return
        self._lore_to_supply(s, n)

    def _lore_to_supply(self, s: int, n: int) -> None:
        self.lore[s] += n
        self._event("lore", s, n)
        if any(C.COST[g] <= self.lore[s] for g in self.site[s]):
            self.todo.append(("buy", s))

    def _discard_entry(self, r: int, e) -> None:
        self.active[r].remove(e)
        g = e[E_GID]
        self.discards[self.seat_of(g)].append(g)

    # the decisions ---------------------------------------------------------
    def _step(self, a: int, s: int, auto: bool = False) -> None:
        k = self.kind
        hand = self.hands[s]
        if k == "bid" or k == "joust":
            g = self.gid(s, a - CARD)
            hand.remove(g)
            if k == "bid":
                self.bids[s] = g
            else:
                self.joust[s] = g
            self._note(s, f"{k} " + C.local_name(g), True)
            self.dseats.remove(s)
            if not self.dseats:
                self.kind = None
            return
        if k == "advanced":
            if not self.pick[s]:
                self.pick[s] = [self.offer[s][a - KPICK]]
                return
            g = self.gid(s, a - CARD)
            hand.remove(g)
            self.pick[s].append(g)
            self._note(s, f"advanced {C.KNAME[self.pick[s][0]]} {C.local_name(g)}", True)
            self.dseats.remove(s)
            if not self.dseats:
                self.kind = None
            return
        if k == "facedown":
            r = self.fd_pos[s]
            if a == DONE:
                self.fd_log[s].append(-1)
            else:
                g = self.gid(s, a - CARD)
                hand.remove(g)
                self.facedown[r].append(g)
                self.facedown[r].sort()
                self.fd_log[s].append(g)
            self.fd_pos[s] = r + 1
            if r + 1 == 3:
                self._note(s, "facedown " + " ".join(
                    "-" if g < 0 else C.local_name(g) for g in self.fd_log[s]), True)
                self.dseats.remove(s)
                if not self.dseats:
                    self.kind = None
                    self.darg = None
                    self.fd_pos = [0] * self.players
                    self.fd_log = [[] for _ in range(self.players)]
            return
        self.kind = None
        if not auto and self.record:
            self._note(s, self._word(a, k, s))
        if k == "herald":
            self.herald[s] = a - LOC
            self._ask("resolve", s)
        elif k == "resolve":
            if a == BACK:
                self._to_hand(s, self.bids[s])
                self.bids[s] = None
            elif KPICK <= a < PAIR:                 # intrigue-17: a top card of the deck
                kc = self.kdeck.pop(a - KPICK)
                self._mark_reveal()                 # the next card comes into view
                self._event("take", s, C.KNAME[kc])
                occ = self.bids[s]
                self.bids[s] = None
                self._acquire(s, kc, occ)
            elif a < STEAL:
                i = a - ROAD
                kc = self.road[i]
                self.road[i] = None
                self.taken = True
                self._event("take", s, C.KNAME[kc])
                occ = self.bids[s]
                self.bids[s] = None
                self._acquire(s, kc, occ)
            else:
                o, j = divmod(a - STEAL, 3)
                kc = self._take_board_card(o, j)
                self._event("steal", s, (o, C.KNAME[kc]))
                if C.owns_kingdom(self, s, "steal_plus_three"):
                    self._gain_influence(s, 1)
                self._ask("space", s, [kc, self.bids[s]])
                self.bids[s] = None
        elif k == "space":
            j = a - SPACE
            old = self.boards[s][j]
            if old is not None:
                self.kdiscard.append(old[0])
                self._to_hand(s, old[1])
                self.todo.append(("trim", s))
            self.boards[s][j] = [self.darg[0], self.darg[1]]
            self._kingdom_gained(s, self.darg[0])
        elif k == "spring":
            if a == DONE:
                return
            self.todo.append(("spring_seat", s))
            if self._card_action(s, a):
                return
            if DEPLOY_C <= a < LOC:
                self._ask_deploy(s, self.gid(s, a - DEPLOY_C))
            elif a in (FAVOUR, FAVOUR2, OFAVOUR, OFAVOUR2):
                self._do_favour(s, a)
            elif a < SUPP_LOST:
                r = a - SUPP
                self.sup_board[s] -= 1
                self.sup_map[s][r] += 1
        elif k == "markers":
            self.clash_order.append(a - REGION)
            if len(self.clash_order) == 2:
                self.clash_order.append(3 - sum(self.clash_order))
            else:
                self._ask("markers", s)
        elif k == "day":
            if a == DONE:
                return
            r, parts, p = self._current_clash()
            self.todo.append(("day_seat", s))
            if self._card_action(s, a):
                return
            if a in (FAVOUR, OFAVOUR):
                self._do_favour(s, a)
                return
            lo = (a - AMBUSH_C) % PER
            g = self.gid(s, lo)
            e = next(e for e in self.active[r] if e[E_GID] == g)
            cmd = (D.AMBUSH, D.RETREAT, D.FLANK)[(a - AMBUSH_C) // PER]
            e[E_USED] |= cmd
            if "ambush_or_retreat" in self.texts(s, e) and cmd != D.FLANK:
                e[E_USED] |= D.AMBUSH | D.RETREAT
            if cmd == D.AMBUSH:
                self._ask("ambush", s, [r, int(bool(self._cmds(s, e) & D.AMBUSH_FROM_DISCARD))])
            elif cmd == D.RETREAT:
                self._ask("retreat", s, [r])
            else:
                self._ask("flank", s, [r, g])
        elif k == "ambush" or k == "tie":
            if a == DONE:
                return
            g = self.gid(s, a - CARD)
            (hand if g in hand else self.discards[s]).remove(g)
            self.facedown[self.darg[0]].append(g)
            self.facedown[self.darg[0]].sort()
        elif k == "retreat":
            r = self.darg[0]
            if a == DONE:
                return
            if a == HERALD:
                self.herald[s] = -1
            elif JOURNEY <= a < AMBUSH_C:                     # martial-10
                self.todo.append(("ask_retreat", s, r))
                self._journey(s, self.gid(s, a - JOURNEY))
                return
            elif a == SUPP + r:
                self.sup_map[s][r] -= 1
                self.sup_board[s] += 1
                self.sup_part[s][r] = min(self.sup_part[s][r], self.sup_map[s][r])
            else:
                g = self.gid(s, a - CARD)
                e = next(e for e in self.active[r] if e[E_GID] == g)
                self.active[r].remove(e)
                self._to_hand(s, g)
            self._ask("retreat", s, [r])
        elif k == "flank":
            r, g = self.darg
            e = next(e for e in self.active[r] if e[E_GID] == g)
            along = "flank_supporters" in self.texts(s, e)       # read where it flanks from
            self.active[r].remove(e)
            e[E_PART] = 0
            e[E_USED] = 0
            e[E_PASS] = 0
            self.active[a - REGION].append(e)
            if along and self.sup_map[s][r]:
                self._ask("flank_sup", s, [r, a - REGION])
        elif k == "clans_herald":
            self.herald[s] = a - LOC
            self._ask("clans_sup", s, [self.darg[0], 2])
        elif k == "clans_sup":
            if a == DONE:
                return
            r, left = self.darg
            x = a - SUPP
            self.sup_map[s][x] -= 1
            self.sup_part[s][x] = min(self.sup_part[s][x], self.sup_map[s][x])
            self.sup_map[s][r] += 1
            self._ask("clans_sup", s, [r, left - 1])
        elif k == "location":
            self._claim(s, a - LOC)
        elif k == "relics":
            g = self.gid(s, a - CARD)
            self.councils[0].remove(g)
            self._leave_council(g)
        elif k == "castle" or k == "wilderness" or k == "shrine":
            if a == DONE:
                return
            g = self.gid(s, a - CARD)
            if k == "wilderness":
                self._journey(s, g)
                return
            self._take_from_hand_or_map(s, g)
            if k == "castle":
                self._ask("council", s, [g, 1])
            else:
                self.decks[s].append(g)
                self._ask("shrine", s, [self.darg[0] + 1])
        elif k == "council":
            g, castle = self.darg
            c = a - COUNCIL
            if castle:
                for o in self.councils[c]:
                    self._leave_council(o)
                self.councils[c] = []
            self.councils[c].append(g)
            self._event("govern", s, (C.NAME[g], D.COUNCILS[c]))
        elif k == "necropolis":
            if a == DONE:
                self._ask("necro_discard", s)
                return
            d = self.discards[s]
            self._to_hand(s, d.pop())
            self._ask("necropolis", s, [self.darg[0] + 1])
        elif k == "necro_discard":
            if a == DONE:
                return
            self._discard_from_hand(s, a)
            self._ask("necro_discard", s)
        elif k == "trim":
            self._discard_from_hand(s, a)
        elif k == "autumn":
            if a == DONE:
                return
            self.todo.append(("autumn_seat", s))
            if self._card_action(s, a):
                return
            if a == RGOVERN:
                self.used[s] |= U_RGOVERN
                self._ask("rgovern", s)
            elif a == SECRETS:
                self.used[s] |= U_SECRETS
                self._ask("secrets", s, [self.votes(s, 1)])
            elif a == OATHS:
                self.used[s] |= U_OATHS
                self._ask("oaths", s, [self.votes(s, 2)])
            elif a in (FAVOUR, OFAVOUR):
                self._do_favour(s, a)
            elif a < JOURNEY:
                self.used[s] |= U_GOVERN
                g = self.gid(s, a - GOVERN)
                hand.remove(g)
                self._mark_reveal()
                self._ask("council", s, [g, 0])
            elif a < AMBUSH_C:
                self.used[s] |= U_JOURNEY
                self._journey(s, self.gid(s, a - JOURNEY))
            elif a < DEPLOY_C:
                g = self.gid(s, a - RALLY_C)
                r, e = self._find_active(g)
                cm = self._cmds(s, e)
                e[E_USED] |= D.RALLY_SELF | D.RALLY_TWO
                if cm & D.RALLY_TWO:
                    self._ask("rally", s, [r, 0])
                else:
                    self.active[r].remove(e)
                    self._to_hand(s, g)
            else:
                self._ask_deploy(s, self.gid(s, a - DEPLOY_C))
        elif k == "rally":
            if a == DONE:
                return
            g = self.gid(s, a - CARD)
            r, e = self._find_active(g)
            self.active[r].remove(e)
            self._to_hand(s, g)
            self._ask("rally", s, [self.darg[0], self.darg[1] + 1, *self.darg[2:], g])
        elif k == "deploy":
            g = self.darg[0]
            hand.remove(g)
            self.active[a - REGION].append([g, 0, 0, 0, 0, 1, 0])
            self._event("deploy", s, (C.NAME[g], D.REGIONS[a - REGION]))
        elif k == "secrets":
            if a == DONE:
                self._secrets_pay(s)
                return
            self.tokens[s][a - LOC] += 1
            self._ask("secrets", s, [self.darg[0] - 1])
        elif k == "fd_declare":
            empty = list(self.darg[1:])
            empty[s] |= 1 << (a - REGION)
            self._event("no-card", s, D.REGIONS[a - REGION])
            self._fd_declare_next(self.darg[0], empty)
        elif k == "site_lore":
            n = self.darg[0]
            if a == DONE:
                self._lore_to_supply(s, n)
            else:
                self.site_lore[s] += n
                self._event("site-lore", s, n)
        elif k == "secrets_order":
            loc = a - LOC
            self.todo.append(("secrets_next", s, [x for x in self.darg if x != loc]))
            self.todo.append(("secrets_reward", s, loc))
        elif k == "oaths":
            if a == DONE:
                return
            if a == SUPP_LOST:
                self.lost_sup[s] -= 1
            else:
                r = a - SUPP
                self.sup_map[s][r] -= 1
                self.sup_part[s][r] = min(self.sup_part[s][r], self.sup_map[s][r])
            self.sup_board[s] += 1
            self._ask("oaths", s, [self.darg[0] - 1])
        elif k == "buy":
            if a == DONE:
                return
            g = self.gid(s, a - BUY)
            self.lore[s] -= C.COST[g]
            if self.site[s] and any(C.COST[x] <= self.lore[s] for x in self.site[s] if x != g):
                self.todo.append(("buy", s))        # more may be bought after this gain
            self._gain_site_card(s, g)
        elif k == "gather":
            g = self.gid(s, a - CARD)
            r, e = self._find_active(g)
            self.active[r].remove(e)
            self._to_hand(s, g)
        else:
            self._step_more(k, a, s)

    def _card_action(self, s: int, a: int) -> bool:
        """A tactic, kingdom or Site of Power action, which spring, day and autumn
        all offer; False when `a` is none of them."""
        if not (KACT <= a < KPICK or USE <= a < RGOVERN):
            return False
        if self.record and self.hands[s] and self._some_hand(s, lambda acts: a not in acts):
            self._mark_reveal()           # only a card in hand made it possible: that shows
        if TACTIC <= a < KPICK:
            self._tactic(s, a - TACTIC)
        elif KACT <= a < TACTIC:
            self._kingdom_action(s, a - KACT)
        else:
            self._site_action(s, a - USE)
        return True

    def _tactic(self, s: int, t: int) -> None:
        """Activate tactic tile t of seat s (its uses drop; at 0 it is exhausted)."""
        self.used[s] |= U_TACTIC << t
        self.tactics[s][t] -= 1
        f = D.FACTIONS[self.factions[s]]
        self._event("tactic", s, (f, t + 1))
        cur = self._current_clash()
        if f == "nobility":
            if t == 0:
                self.round_fx[s] |= C.FX_SUPPORTERS
            elif t == 1:
                self._ask("lock", s)
            elif t == 2:
                self.round_fx[s] |= C.FX_BIDS_ZERO
            else:
                self._ask("purge", s)
        elif f == "clans":
            if t == 0:
                self.round_fx[s] |= C.FX_CLANS_MARKERS
            elif t == 1:
                self._ask("gain", s, [cur[0], D.FLANK])
            elif t == 2:
                self._ask("ktake", s)
            else:
                self._ask("recall", s)
        elif f == "uprising":
            if t == 0:
                self.round_fx[s] |= C.FX_HEIRS_DEADLY
            elif t == 1:
                self._ask("gain", s, [cur[0], D.RETREAT])
            elif t == 2:
                n = sum(1 for sp in self.boards[s] if sp is not None)
                for o in reversed(self.order):
                    if o != s:
                        self.todo.append(("udiscard", o, n))
            else:
                for o in reversed(self.order):
                    if o != s:
                        self.todo.append(("uswap", s, o))
        else:
            if t == 0:
                r = cur[0]
                self.sup_map[s][r] -= 2
                self.lost_sup[s] += 2
                self.sup_part[s][r] = min(self.sup_part[s][r], self.sup_map[s][r])
                self._ask("revive", s, [r, cur[2]])
            elif t == 1:
                pool = sorted(self.kdiscard)
                self.rng.shuffle(pool)
                self._ask("kpick", s, pool[:5])
            elif t == 2:
                self._ask("swap1", s)
            else:
                self._ask("purge3", s, [0])

    def _step_more(self, k: str, a: int, s: int) -> None:
        hand = self.hands[s]
        if k == "kingdom":
            ACTIONS = _kingdom_actions()
            ACTIONS[self.darg[0]][4](self, s, self.darg, a)
        elif k == "site":
            ACTIONS = _site_actions()
            ACTIONS[self.darg[0]][4](self, s, self.darg, a)
        elif k == "joust_win":
            self._event("claim", s, D.LOCATIONS[a - LOC])
            self._location_owner_bonus(a - LOC)
            self._location_reward(s, a - LOC)
        elif k == "set_order":
            self.todo.append(("set_order", s, self.darg + [a - SEAT]))
        elif k == "rgovern":
            g = self.gid(s, a - CARD)
            r, e = self._find_active(g)
            self.active[r].remove(e)
            self._ask("council", s, [g, 0])
        elif k == "flank_sup":
            if a != DONE:
                r, x = self.darg
                self.sup_map[s][r] -= 1
                self.sup_part[s][r] = min(self.sup_part[s][r], self.sup_map[s][r])
                self.sup_map[s][x] += 1
                self._ask("flank_sup", s, [r, x])
        elif k == "reward":
            if a == BACK:
                self._gain_influence(s, 1)
            else:
                self._gain_lore(s, 1)
        elif k == "tactic_bid":
            if a != DONE:
                self._tactic(s, 2)
        elif k == "lock":
            self.round_fx[s] |= C.FX_LOCK << (a - REGION)
        elif k == "purge":
            c = a - COUNCIL
            mine = [g for g in self.councils[c] if self.seat_of(g) == s]
            for g in self.councils[c]:
                if self.seat_of(g) != s:
                    self._leave_council(g)
            self.councils[c] = []
            for g in mine:
                self.decks[s].insert(0, g)
            self._gain_lore(s, len(mine))
        elif k == "gain":
            r, bit = self.darg
            g = self.gid(s, a - CARD)
            e = next(e for e in self.active[r] if e[E_GID] == g)
            e[E_GC] |= bit
        elif k == "ktake":
            o, j = divmod(a - STEAL, 3)
            kc = self._take_board_card(o, j)
            self._event("take", s, (o, C.KNAME[kc]))
            self._ask("koccupy", s, [kc])
        elif k == "koccupy":
            g = self.gid(s, a - CARD)
            hand.remove(g)
            self._mark_reveal()
            self._acquire(s, self.darg[0], g)
        elif k == "recall":
            if a == DONE:
                return
            g = self.gid(s, a - CARD)
            if g in self.discards[s]:
                self.discards[s].remove(g)
            else:
                r, e = self._find_active(g)
                self.active[r].remove(e)
            hand.append(g)
            self._ask("recall", s)
        elif k == "udiscard":
            self._discard_from_hand(s, a)
        elif k == "uswap_opp":
            if a == DONE:
                return
            o = self.darg[0]
            ra, rb = PAIRS[a - PAIR]
            self.swap_facedown(o, ra, rb)
            self._event("swap-facedown", s, (o, D.REGIONS[ra], D.REGIONS[rb]))
        elif k == "revive":
            r, pas = self.darg
            g = self.gid(s, a - CARD)
            self.lost.remove(g)
            self.active[r].append([g, 0, 0, 0, 0, -1, pas])
            self._event("revive", s, C.NAME[g])
        elif k == "kplace":
            kc = self.darg[0]
            if C.KPLACE[kc] == "region":
                self.kregion[a - REGION].append([s, kc])
            else:
                self.kloc[a - LOC].append([s, kc])
            self._event("kingdom-placed", s, C.KNAME[kc])
        elif k == "kpick":
            kc = self.darg[a - KPICK]
            self.kdiscard.remove(kc)
            self._event("take", s, C.KNAME[kc])
            self._ask("koccupy", s, [kc])
        elif k == "swap1":
            self._ask("swap2", s, [self.gid(s, a - CARD)])
        elif k == "swap2":
            ra, ea = self._find_active(self.darg[0])
            rb, eb = self._find_active(self.gid(s, a - CARD))
            self.active[ra].remove(ea)
            self.active[rb].remove(eb)
            for e in (ea, eb):
                e[E_PART] = 0
                e[E_PASS] = 0
            self.active[ra].append(eb)
            self.active[rb].append(ea)
        elif k == "purge3":
            if a == DONE:
                if self.discards[s]:
                    self._ask("recall1", s)
                return
            g = self.gid(s, a - CARD)
            if g in self.discards[s]:
                self.discards[s].remove(g)
            else:
                r, e = self._find_active(g)
                self.active[r].remove(e)
            self.lost.append(g)
            self._gain_lore(s, 1)
            self._ask("purge3", s, [self.darg[0] + 1])
        elif k == "recall1":
            g = self.gid(s, a - CARD)
            self.discards[s].remove(g)
            self._to_hand(s, g)
        elif k == "peek":
            r = a - REGION
            self._event("peek", s, (D.REGIONS[r], [C.NAME[g] for g in self.facedown[r]]), private_to=s)
            self._mark_reveal()
            self.peeked[s] = sorted(set(self.peeked[s]) | set(self.facedown[r]))
            self._ask("uswap_fd", s, [r])
        elif k == "uswap_fd":
            if a == DONE:
                return
            self._ask("uswap_with", s, [self.darg[0], self.gid(s, a - CARD)])
        elif k == "uswap_with":
            r, g = self.darg
            self.facedown[r].remove(g)
            if a < GOVERN:
                x = self.gid(s, a - CARD)
                hand.remove(x)
                hand.append(g)
            else:
                j = a - SPACE
                x = self.boards[s][j][1]
                self.boards[s][j][1] = g
                self._mark_reveal()         # the face-down card now occupies the board
            self.facedown[r].append(x)
            self.facedown[r].sort()
        else:
            raise AssertionError(k)

    def _word(self, a: int, k: str, s: int) -> str:
        from meeple.games.okc.notation import action_word
        return action_word(self, a, k, s)

    def _use_favour(self, s: int) -> None:
        self.used[s] |= U_FAVOUR2 if self.used[s] & U_FAVOUR else U_FAVOUR
        self.favour_uses -= 1
        self._event("favour", s, self.favour_uses)
        if self.favour_uses == 0:
            self.favour = -1      # back to the Harvest Field

    def _take_from_hand_or_map(self, s: int, g: int) -> None:
        if g in self.hands[s]:
            self.hands[s].remove(g)
            self._mark_reveal()
        else:
            r, e = self._find_active(g)
            self.active[r].remove(e)

    def _journey(self, s: int, g: int) -> None:
        """Journey with a hand or active card: its Pathfinder and lore are read
        where it stands (blank there means ignored), then it leaves."""
        t = self.card_traits(s, g)
        lore = C.journey_lore(self, s, self.icons(s, g, C.LORE))
        self._take_from_hand_or_map(s, g)
        if t & D.PATHFINDER:
            self.discards[s].append(g)
        elif C.owns_kingdom(self, s, "council_to_hand"):      # intrigue-01: deck bottom
            self.decks[s].append(g)
        else:
            self.lost.append(g)
        self._event("journey", s, C.NAME[g])
        if t & D.PATHFINDER and C.owns_kingdom(self, s, "pathfinder_journey_bonus"):
            self._gain_influence(s, 1)
            lore += 1
        self._gain_lore(s, lore)

    def _claim(self, s: int, loc: int) -> None:
        """Claim rewards at a chosen location: Herald reward, then location reward."""
        self._event("claim", s, D.LOCATIONS[loc])
        self._location_owner_bonus(loc)
        # queued in reverse: location reward runs after the herald reward
        self.todo.append(("location_reward", s, loc))
        if self.herald[s] == loc:
            relics = self.votes(s, 0)
            self._gain_influence(s, 1 + relics)
            for o in range(self.players):
                if o != s and self.herald[o] == loc and self.influence[o] > 0:
                    self.influence[o] -= 1
                    self.influence[s] += 1
                    self._event("steal-influence", s, o)
            if relics and any(self.seat_of(g) == s for g in self.councils[0]):
                self._ask("relics", s)

    def _location_owner_bonus(self, loc: int) -> None:
        """trade-11: its owner gains 1 influence whenever anyone claims its location."""
        for o, k in self.kloc[loc]:
            if C.KEFFECT[k] == "location_influence":
                self._gain_influence(o, 1)

    def _location_reward(self, s: int, loc: int) -> None:
        self._gain_influence(s, D.LOCATION_INFLUENCE[loc])
        name = D.LOCATIONS[loc]
        if name == "castle":
            self._ask("castle", s)
        elif name == "wilderness":
            self._ask("wilderness", s)
        elif name == "harvest-field":
            self.favour = s
            self.favour_uses = D.FAVOUR_USES
            self._event("favour-claim", s, None)
        elif name == "shrine":
            self._ask("shrine", s, [0])
        elif name == "necropolis":
            self.rng.shuffle(self.discards[s])
            self._ask("necropolis", s, [0])

    def _fd_declare_next(self, i: int, empty: list[int]) -> None:
        """Seats with fewer than 3 cards in hand declare, in turn order, the
        regions where they play no card (a bit per region in `empty`); then
        every seat places its face-down cards at once (`darg`: the declared
        regions, which take '-' and only they; None when nobody declared)."""
        for j in range(i, self.players):
            x = self.order[j]
            if len(self.hands[x]) < 3 - bin(empty[x]).count("1"):
                self._ask("fd_declare", x, [j, *empty])
                return
        self.kind = "facedown"
        self.dseats = list(self.order)
        self.darg = empty if any(empty) else None

    def _secrets_pay(self, s: int) -> None:
        """Every location with 5+ of the seat's tokens pays once; with two or
        more the seat resolves them one at a time in the order it chooses."""
        self._secrets_next(s, [loc for loc in range(6) if self.tokens[s][loc] >= D.SECRETS_THRESHOLD])

    def _secrets_next(self, s: int, locs: list[int]) -> None:
        if len(locs) > 1:
            self._ask("secrets_order", s, locs)
        elif locs:
            self.todo.append(("secrets_reward", s, locs[0]))

    # the steps -------------------------------------------------------------
    def _run(self, t) -> None:
        k = t[0]
        p = self.players
        if k == "round":
            seq = [("bids",), ("reveal_bids",), ("facedown",), ("spring", 0), ("markers",),
                   ("clashes", 0), ("autumn", 0), ("winter",)]
            if self.round > 1:
                seq.insert(0, ("year",))
            self.todo.extend(reversed(seq))
        elif k == "year":
            for s in self.order:
                self._draw_to_size(s)
            old = self.order
            self.order = sorted(range(p), key=lambda x: (-self.influence[x], -old.index(x)))
            setter = [x for x in range(p) if C.owns_kingdom(self, x, "set_order")]
            if setter:                                   # intrigue-10: that player sets it
                self.todo.append(("set_order", setter[0], []))
            self._event("order", None, list(self.order))
            for s in reversed(self.order):
                if len(self.hands[s]) > self.hsize(s):
                    self.todo.append(("trim", s))
        elif k == "trim":
            s = t[1]
            if len(self.hands[s]) > self.hsize(s):
                self.todo.append(("trim", s))
                self._ask("trim", s)
        elif k == "bids":
            self.bids = [None] * p
            self.bids_open = False
            self.taken = False
            seats = [s for s in self.order if self.hands[s]]
            if seats:
                self.kind = "bid"
                self.dseats = seats
                self.darg = None
        elif k == "reveal_bids":
            self.bids_open = True
            self._mark_reveal()
            nob = [x for x in self.order if D.FACTIONS[self.factions[x]] == "nobility"
                   and self.bids[x] is not None and self.tactics[x][2] > 0]
            if nob and not t[1:]:
                self.todo.append(("reveal_bids", 1))
                self.todo.append(("tactic_bid", nob[0]))
                return
            bidders = [s for s in self.order if self.bids[s] is not None]
            bidders.sort(key=lambda x: (-C.bid_strength(self, x), self.order.index(x)))
            self._event("bids", None, [(x, C.NAME[self.bids[x]]) for x in bidders])
            if bidders and C.owns_kingdom(self, bidders[0], "bid_plus_five"):
                self._gain_influence(bidders[0], 1)
            self.todo.append(("refill",))
            for s in reversed(bidders):
                self.todo.append(("resolve_bid", s))
        elif k == "resolve_bid":
            self._ask("herald", t[1])
        elif k == "refill":
            self.bids_open = False
            self._refill_road()
        elif k == "facedown":
            self.fd_pos = [0] * p
            self.fd_log = [[] for _ in range(p)]
            self._fd_declare_next(0, [0] * p)
        elif k == "spring":
            i = t[1]
            if i < p:
                self.todo.append(("spring", i + 1))
                self.todo.append(("spring_seat", self.order[i]))
        elif k == "spring_seat":
            self._ask("spring", t[1])
        elif k == "markers":
            self.clash_order = []
            chooser = self.order[-1]
            for x in self.order:
                if self.round_fx[x] & C.FX_CLANS_MARKERS:
                    chooser = x
            self._ask("markers", chooser)
        elif k == "clashes":
            i = t[1]
            if i < 3:
                self.todo.append(("clashes", i + 1))
                self._start_clash(self.clash_order[i], list(self.order))
        elif k == "clash":
            pass          # marks the clash in progress (see _current_clash)
        elif k == "day":
            r, parts, pas = t[1], t[2], t[3]
            # the day action step in turn order, then the reveal of added cards
            self.todo.append(("day_end", r, parts, pas))
            for s in reversed([x for x in self.order if x in parts]):
                self.todo.append(("day_seat", s))
        elif k == "day_seat":
            self._ask("day", t[1])
        elif k == "day_end":
            r, parts, pas = t[1], t[2], t[3]
            if self.facedown[r]:
                self._reveal(r, pas + 1)
                # newly revealed day commands may be activated in turn order
                self._set_clash_pass(pas + 1)
                self.todo.append(("day", r, parts, pas + 1))
        elif k == "night":
            self._night(t[1], t[2])
        elif k == "tally":
            self._tally(t[1], t[2])
        elif k == "tie":
            r, tied, i = t[1], t[2], t[3]
            if i < len(tied):
                self.todo.append(("tie", r, tied, i + 1))
                self._ask("tie", tied[i], [r])
            else:
                n = self._clash_n()
                self._pop_clash()
                if self.facedown[r]:
                    self._event("reclash", None, (D.REGIONS[r], tied))
                    self._start_clash(r, tied, n + 1)
                else:
                    self._event("draw", None, D.REGIONS[r])
                    self._region_end(r)
        elif k == "rewards":
            self._ask("location", t[2], [t[1]])
        elif k == "location_reward":
            self._location_reward(t[1], t[2])
        elif k == "site_lore":
            self._ask("site_lore", t[1], [t[2]])
        elif k == "secrets_next":
            self._secrets_next(t[1], list(t[2]))
        elif k == "secrets_reward":
            s, loc = t[1], t[2]
            self.tokens[s][loc] -= D.SECRETS_THRESHOLD
            self._event("secrets", s, D.LOCATIONS[loc])
            self._location_owner_bonus(loc)
            self._location_reward(s, loc)
        elif k == "buy":
            s = t[1]
            if self.site[s] and any(C.COST[g] <= self.lore[s] for g in self.site[s]):
                self._ask("buy", s)
        elif k == "autumn":
            i = t[1]
            if i < p:
                self.todo.append(("autumn", i + 1))
                self.todo.append(("autumn_seat", self.order[i]))
        elif k == "autumn_seat":
            self._ask("autumn", t[1])
        elif k == "winter":
            self._winter()
        elif k == "reward":
            self._ask("reward", t[1])
        elif k == "set_order":
            chosen = list(t[2])
            if len(chosen) >= p - 1:
                self.order = chosen + [x for x in range(p) if x not in chosen]
                self._event("order", t[1], list(self.order))
            else:
                self._ask("set_order", t[1], chosen)
        elif k == "joust":
            self._joust_result(t[1], t[2])
        elif k == "advanced":
            self.kind = "advanced"
            self.dseats = list(self.order)
            self.darg = None
        elif k == "advanced_reveal":
            # all chosen kingdom cards are revealed together and occupied; the
            # others go back to the kingdom deck; bold instructions in turn order
            self._event("advanced", None, [(x, C.KNAME[self.pick[x][0]], C.NAME[self.pick[x][1]])
                                          for x in self.order])
            back = [k for x in range(p) for k in self.offer[x] if k != self.pick[x][0]]
            self.kdeck.extend(back)
            self.rng.shuffle(self.kdeck)
            picks = [(x, self.pick[x][0], self.pick[x][1]) for x in self.order]
            self.offer = [[self.pick[x][0]] for x in range(p)]    # until placed
            for x, kc, occ in reversed(picks):
                self.todo.append(("advanced_place", x, kc, occ))
        elif k == "advanced_place":
            x, kc, occ = t[1], t[2], t[3]
            self.offer[x] = []
            self.pick[x] = []
            if C.KPLACE[kc] == "board":
                self.boards[x][0] = [kc, occ]
                self._kingdom_gained(x, kc)
            else:
                self._acquire(x, kc, occ)
        elif k == "joust_end":
            from meeple.games.okc.kingdom import _discard_this
            o, j = t[1], t[2]
            if self.boards[o][j] is not None and C.KEFFECT[self.boards[o][j][0]] == "joust":
                _discard_this(self, o, j)
        elif k == "road_now":
            self._refill_road_now()
        elif k == "ask_retreat":
            self._ask("retreat", t[1], [t[2]])
        elif k == "burn_acquire":
            s, left = t[1], t[2]
            if left > 0 and self.hands[s] and any(x is not None for x in self.road):
                self._ask("kingdom", s, ["burn_acquire", -1, 0, left])
        elif k == "udiscard":
            o, n = t[1], t[2]
            if n > 0 and self.hands[o]:
                self.todo.append(("udiscard", o, n - 1))
                self._ask("udiscard", o)
        elif k == "uswap":
            if self._uswap_pairs(t[1], t[2]):
                self._ask("uswap_opp", t[1], [t[2]])
        elif k == "tactic_bid":
            s = t[1]
            if self.tactics[s][2] > 0:
                self._ask("tactic_bid", s)
        else:
            raise AssertionError(k)

    def _set_clash_pass(self, pas: int) -> None:
        for i in range(len(self.todo) - 1, -1, -1):
            if self.todo[i][0] == "clash":
                t = self.todo[i]
                self.todo[i] = ("clash", t[1], t[2], pas, t[4])
                return

    def _pop_clash(self) -> None:
        for i in range(len(self.todo) - 1, -1, -1):
            if self.todo[i][0] == "clash":
                del self.todo[i]
                return

    def _start_clash(self, r: int, parts: list[int], n: int = 0) -> None:
        parts = list(parts)
        self._event("clash", None, (D.REGIONS[r], parts))
        self.todo.append(("clash", r, parts, 0, n))
        self.todo.append(("tally", r, parts))
        if not C.region_cards(self, r, "skip_day_night"):          # martial-13
            self.todo.append(("night", r, parts))
            self.todo.append(("day", r, parts, 0))
        self._reveal(r, 0)
        for e in self.active[r]:
            if not e[E_PART]:
                e[E_USED] = 0

    def _reveal(self, r: int, pas: int) -> None:
        for x in range(self.players):                # revealed: no longer a secret known
            if self.peeked[x]:
                self.peeked[x] = [g for g in self.peeked[x] if g not in self.facedown[r]]
        if self.facedown[r]:
            self._mark_reveal()
            self._event("reveal", None, (D.REGIONS[r], [C.NAME[g] for g in self.facedown[r]]))
        for g in self.facedown[r]:
            self.active[r].append([g, 0, 0, 0, 0, -1, pas])
        self.facedown[r] = []

    def _clash_cards(self, r: int, parts: list[int]):
        return [e for e in self.active[r] if not e[E_PART] and self.seat_of(e[E_GID]) in parts]

    def _night(self, r: int, parts: list[int]) -> None:
        es = self._clash_cards(r, parts)
        owners = [self.seat_of(e[E_GID]) for e in es]
        pairs = [(e[E_GID], o) for e, o in zip(es, owners)]
        doomed = set()
        killers = set()
        for e, o in zip(es, owners):
            if self._cmds(o, e) & D.DEADLY:
                for i, (e2, o2) in enumerate(zip(es, owners)):
                    if o2 != o and not self._traits(o2, e2) & D.INVULNERABLE:
                        doomed.add(i)
                        killers.add(o)
        for i, (e, o) in enumerate(zip(es, owners)):
            if any(C.night_self_eliminated(self, e[E_GID], o, pairs, t) for t in self.texts(o, e) or [""]) \
                    and not self._traits(o, e) & D.INVULNERABLE:
                doomed.add(i)
        for e, o in zip(es, owners):
            if "assassin" in self.texts(o, e):                # Uprising A2
                hit = [i for i, (e2, o2) in enumerate(zip(es, owners))
                       if o2 != o and C.ARCH[e2[E_GID]] in ("heir", "captain")
                       and not self._traits(o2, e2) & D.INVULNERABLE]
                if hit:
                    doomed.update(hit)
                    killers.add(o)
                    self.todo.append(("reward", o))
        for o in killers:
            # martial-01: +1 influence when a heir eliminates
            if C.owns_kingdom(self, o, "heirs_deadly_retreat") and any(
                    ow == o and C.ARCH[e[E_GID]] == "heir" and self._cmds(o, e) & D.DEADLY
                    for e, ow in zip(es, owners)):
                self._gain_influence(o, 1)
        # eliminations are simultaneous: Resilient is read on the map, before any card leaves
        resilient = {i: self._traits(owners[i], es[i]) & D.RESILIENT for i in doomed}
        for i in sorted(doomed):
            e, o = es[i], owners[i]
            self.active[r].remove(e)
            g = e[E_GID]
            self._event("eliminated", o, C.NAME[g])
            if C.ARCH[g] == "heir" and C.owns_kingdom(self, o, "heirs_deploy"):
                # martial-07: the heir goes to hand, and the card is discarded
                j = next(j for j, sp in enumerate(self.boards[o])
                         if sp is not None and C.KEFFECT[sp[0]] == "heirs_deploy")
                from meeple.games.okc.kingdom import _discard_this
                _discard_this(self, o, j)
                self._to_hand(o, g)
            elif C.owns_kingdom(self, o, "eliminated_to_hand"):      # intrigue-16
                self._to_hand(o, g)
            elif resilient[i]:
                self.discards[o].append(g)
            else:
                self.lost.append(g)
        for o in sorted(killers):
            if self.round_fx[o] & C.FX_HEIRS_DEADLY:      # Uprising tactic 1
                self._gain_influence(o, 1)
                self._gain_lore(o, 1)

    def _tally(self, r: int, parts: list[int]) -> None:
        lowest = any("lowest_wins" in self.texts(self.seat_of(e[E_GID]), e) for e in self.active[r]
                     if not e[E_PART] and self.seat_of(e[E_GID]) in parts)      # Gathering A4
        totals = {}
        win_bonus = {}
        for s in parts:
            v = 0
            for e in self.active[r]:
                if not e[E_PART] and self.seat_of(e[E_GID]) == s:
                    v += self.strength(e[E_GID])
                    if "win_influence" in self.texts(s, e):
                        win_bonus[s] = win_bonus.get(s, 0) + 1
            per = 2 if self.round_fx[s] & C.FX_SUPPORTERS else 1
            v += per * (self.sup_map[s][r] - self.sup_part[s][r])
            v += self.bonus[s]
            if C.owns_kingdom(self, s, "hand_size_heir") and any(
                    C.ARCH[e[E_GID]] == "heir" for e in self.active[r]
                    if not e[E_PART] and self.seat_of(e[E_GID]) == s):
                win_bonus[s] = win_bonus.get(s, 0) + 1
            totals[s] = v
        for e in self.active[r]:
            if self.seat_of(e[E_GID]) in parts:
                e[E_PART] = 1
        self.bonus = [0] * self.players
        for s in parts:
            self.sup_part[s][r] = self.sup_map[s][r]
        for o in C.region_cards(self, r, "halve_opponents"):      # martial-09
            for x in parts:
                if x != o:
                    totals[x] = (totals[x] + 1) // 2
        best = max(totals.values())
        if lowest and any(v > 0 for v in totals.values()):        # Gathering A4
            best = min(v for v in totals.values() if v > 0)
        top = [s for s in self.order if s in parts and totals[s] == best]
        self._event("tally", None, (D.REGIONS[r], [totals[s] for s in parts]))
        if len(top) == 1:
            w = top[0]
            self._pop_clash()
            self._gain_influence(w, win_bonus.get(w, 0))
            self._region_end(r)
            self.todo.append(("rewards", r, w))
        else:
            self.todo.append(("tie", r, top, 0))

    def _region_end(self, r: int) -> None:
        """Clans tactic 1: before rewards, +1 influence for the most supporters
        and +1 lore for the most active cards in the region (strictly most)."""
        for s in range(self.players):
            if not self.round_fx[s] & C.FX_CLANS_MARKERS:
                continue
            sup = [self.sup_map[o][r] for o in range(self.players)]
            if all(sup[s] > sup[o] for o in range(self.players) if o != s):
                self._gain_influence(s, 1)
            cnt = [0] * self.players
            for e in self.active[r]:
                cnt[self.seat_of(e[E_GID])] += 1
            if all(cnt[s] > cnt[o] for o in range(self.players) if o != s):
                self._gain_lore(s, 1)

    def _start_joust(self, s: int, j: int) -> None:
        """martial-04: every player with a card in hand picks one in secret."""
        self.todo.append(("joust_end", s, j))
        self.todo.append(("joust", s, j))
        self.joust = [None] * self.players
        seats = [x for x in self.order if self.hands[x]]
        self.kind = "joust"
        self.dseats = seats
        self.darg = None

    def _joust_result(self, s: int, j: int) -> None:
        picks = [(x, g) for x, g in enumerate(self.joust) if g is not None]
        self._mark_reveal()
        self._event("joust", None, [(x, C.NAME[g]) for x, g in picks])
        counts = {}
        for _, g in picks:
            counts[C.STR[g]] = counts.get(C.STR[g], 0) + 1
        best = None
        for x, g in picks:
            if counts[C.STR[g]] > 1:
                self.discards[x].append(g)           # duplicates are discarded
            else:
                self.hands[x].append(g)
                if best is None or C.STR[g] > C.STR[self.joust[best]]:
                    best = x
        self.joust = [None] * self.players
        if best is not None:
            self._ask("joust_win", best)

    def _draw(self, s: int, n: int) -> None:
        """Draw n cards (attrition when the deck is empty)."""
        hand, deck = self.hands[s], self.decks[s]
        for _ in range(n):
            if not deck:
                self._attrition(s)
                if not deck:
                    return
            hand.append(deck.pop(0))
            self._mark_reveal()

    def _attrition(self, s: int) -> None:
        deck = self.decks[s]
        deck.extend(self.discards[s])
        self.discards[s] = []
        self.rng.shuffle(deck)
        absorb = [k for k in self.ksupply[s] if C.KEFFECT[k] == "absorb_attrition"]
        if absorb:                                  # trade-04 absorbs it
            self.ksupply[s].remove(absorb[0])
            self.kdiscard.append(absorb[0])
            self._event("attrition-absorbed", s, C.KNAME[absorb[0]])
        else:
            self.hand_size[s] = max(D.MIN_HAND_SIZE, self.hand_size[s] - 1)
            self._event("attrition", s, self.hand_size[s])

    def _draw_to_size(self, s: int) -> None:
        hand, deck = self.hands[s], self.decks[s]
        while len(hand) < self.hsize(s):
            if not deck:
                # attrition: the discard becomes the deck, the hand size drops
                self._attrition(s)
                if not deck:
                    break
                continue
            hand.append(deck.pop(0))
            self._mark_reveal()

    def _refill_road(self) -> None:
        """After the bids: the rightmost remaining card (two if none was taken)
        is discarded, then the road slides right and refills."""
        road = self.road
        n = 1 if self.taken else 2
        for i in range(D.ROAD_SIZE - 1, -1, -1):
            if road[i] is not None and n:
                self.kdiscard.append(road[i])
                road[i] = None
                n -= 1
        self._refill_road_now()

    def _winter(self) -> None:
        # winter effects: Deploy (a card with a token keeps its place)
        for r in range(3):
            for e in list(self.active[r]):
                if e[E_DEP] > 0:
                    e[E_DEP] -= 1
                    e[E_PART] = 0
                    e[E_GT] = 0
                    e[E_GC] = 0
                    e[E_USED] = 0
                    e[E_PASS] = 0
                else:
                    self._discard_entry(r, e)
        # clean up
        for s in range(self.players):
            self.herald[s] = -1
            stay = self.round_fx[s] & C.FX_SUPPORTERS      # Nobility tactic 1
            for r in range(3):
                if not stay:
                    self.lost_sup[s] += self.sup_map[s][r]
                    self.sup_map[s][r] = 0
                self.sup_part[s][r] = 0
        for r in range(3):
            for x in list(self.kregion[r]):
                if C.KNAME[x[1]] in D.KINGDOM_WINTER_DISCARD:
                    self.kregion[r].remove(x)
                    self.kdiscard.append(x[1])
        self.clash_order = []
        self.copies = []
        self.used = [0] * self.players
        self.round_fx = [0] * self.players
        self._event("winter", None, self.round)
        if self.round >= self.rounds:
            self._end()
        else:
            self.round += 1
            self.todo.append(("round",))

    def _end(self) -> None:
        for s in range(self.players):
            self.influence[s] += self.site_lore[s] // 2
        best = max(self.influence)
        top = [s for s in range(self.players) if self.influence[s] == best]
        if len(top) > 1 and self.favour in top:
            w = self.favour
        else:
            w = min(top, key=self.order.index)
        self.winners = [w]
        self.finished = True
        self.kind = None
        self.dseats = []
        self.todo = []
        self._event("end", None, list(self.influence))


# moves whose card may be one only its owner sees (a hand or face-down card):
# hide (ambush/tie), bottom (Shrine), deploy and choose (named before the card
# is placed), swap/with (Uprising Favour, intrigue-03/08 swaps)
_PRIVATE_VERBS = ("hide", "bottom", "deploy", "choose", "swap", "with")
_LOCAL_NAMES = frozenset(n.split(":", 1)[1] for n in C.NAME)


def _redact(m: str) -> str:
    if ": " in m:
        seat, body = m.split(": ", 1)
        words = body.split()
        return f"{seat}: " + " ".join([words[0]] + ["?"] * (len(words) - 1))
    words = m.split()
    if words and words[0] in _PRIVATE_VERBS:
        return " ".join([words[0]] + ["?" if w in _LOCAL_NAMES else w for w in words[1:]])
    return m


def new_game(players: int, seed: int = 0, factions: list[str] | None = None,
             rounds: int = D.ROUNDS, record: bool = True, advanced: bool = False,
             **options) -> OKCState:
    """A new game. `rounds` 6, or 4/5 for a skirmish; `advanced` the advanced
    setup (its table is a placeholder: data.ADVANCED_TABLE). Options of other
    games that are off (the CLI passes `fairy=False` to every game) are ignored."""
    from meeple.core.game import GameError
    unknown = [k for k, v in options.items() if v]
    if unknown:
        raise GameError(f"okc has no option {', '.join(unknown)}")
    if not D.MIN_PLAYERS <= players <= D.MAX_PLAYERS:
        raise GameError(f"okc is for {D.MIN_PLAYERS}-{D.MAX_PLAYERS} players, not {players}")
    if rounds not in (D.ROUNDS,) + D.SKIRMISH_ROUNDS:
        raise GameError(f"a game has {D.ROUNDS} rounds, or 4 or 5 for a skirmish, not {rounds}")
    rng = Rng(seed)
    if factions is None:
        fs = list(range(len(D.FACTIONS)))
        rng.shuffle(fs)
        fs = sorted(fs[:players])
    else:
        if len(factions) != players or len(set(factions)) != players \
                or any(f not in D.FACTIONS for f in factions):
            raise GameError(f"give {players} different factions of {', '.join(D.FACTIONS)}")
        fs = [D.FACTIONS.index(f) for f in factions]
    s = OKCState.__new__(OKCState)
    s.players = players
    s.factions = fs
    s.rounds = rounds
    s.round = 1
    s.rng = rng
    s.influence = [0] * players
    s.lore = [0] * players
    s.site_lore = [0] * players
    s.hand_size = [D.START_HAND_SIZE] * players
    s.hands, s.decks, s.discards, s.site, s.hq = [], [], [], [], []
    s.kdeck = list(range(C.NK))
    rng.shuffle(s.kdeck)
    s.offer = [[] for _ in range(players)]
    s.pick = [[] for _ in range(players)]
    if advanced:
        for i in range(players):
            s.offer[i] = [s.kdeck.pop(0) for _ in range(D.ADVANCED_OFFER)]
    draw = D.ADVANCED_TABLE[rounds][0] if advanced else D.START_HAND_SIZE - 1
    for f in fs:
        deck = C.basic_cards(f)
        heir = deck.pop(D.HEIR)
        rng.shuffle(deck)
        s.hands.append([heir] + deck[:draw])
        s.decks.append(deck[draw:])
        s.discards.append([])
        s.site.append(C.site_cards(f))
        s.hq.append([])
    s.lost = []
    s.lost_sup = [0] * players
    s.road = [s.kdeck.pop(0) for _ in range(D.ROAD_SIZE)]
    s.kdiscard = []
    s.boards = [[None] * D.BOARD_SPACES for _ in range(players)]
    s.herald = [-1] * players
    s.sup_board = [D.SUPPORTERS] * players
    s.sup_map = [[0, 0, 0] for _ in range(players)]
    s.sup_part = [[0, 0, 0] for _ in range(players)]
    s.tokens = [[0] * 6 for _ in range(players)]
    s.councils = [[], [], []]
    s.bids = [None] * players
    s.bids_open = False
    s.facedown = [[], [], []]
    s.active = [[], [], []]
    s.favour = -1
    s.favour_uses = D.FAVOUR_USES
    s.used = [0] * players
    s.round_fx = [0] * players
    s.clash_order = []
    s.taken = False
    order = list(range(players))
    rng.shuffle(order)
    s.order = order
    s.todo = [("round",)]
    if advanced:
        s.todo += [("advanced_reveal",), ("advanced",)]
    s.kind = None
    s.dseats = []
    s.darg = None
    s.fd_pos = [0] * players
    s.fd_log = [[] for _ in range(players)]
    s.tactics = [[u for _, u, _ in C.TACTICS[f]] for f in fs]
    s.bonus = [0] * players
    s.ctokens = [[0, 0, 0] for _ in range(players)]
    s.gtokens = [[0, 0, 0] for _ in range(players)]
    s.hqtok = [0] * players
    s.ksupply = [[] for _ in range(players)]
    s.kregion = [[], [], []]
    s.kloc = [[] for _ in range(6)]
    s.kburned = []
    s.joust = [None] * players
    s.copies = []
    s.burned = []
    s.peeked = [[] for _ in range(players)]
    s.finished = False
    s.winners = []
    s.history = None
    s.events = None
    s.record = record
    s._advance()
    return s
