"""Autumn: each seat's actions in turn order (govern, journey, rally,
deploy, the Councils of Secrets and Oaths, the Favour, tactic, kingdom and
Site of Power actions), and what they ask; lore gained and Site of Power
cards bought."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.okc import blank, favour, locations, sites, tactics
from meeple.games.okc import cards as C
from meeple.games.okc import data as D
from meeple.games.okc.actions import (
    AMBUSH_C,
    BUY,
    CARD,
    DEPLOY_C,
    DONE,
    E_GID,
    E_USED,
    FAVOUR,
    GOVERN,
    JOURNEY,
    LOC,
    LOCATIONS,
    OATHS,
    OFAVOUR,
    PER,
    RALLY_C,
    REGION,
    RGOVERN,
    SECRETS,
    SITE_LORE,
    SUPP,
    SUPP_LOST,
    U_GOVERN,
    U_JOURNEY,
    U_OATHS,
    U_RGOVERN,
    U_SECRETS,
)
from meeple.games.okc.cards import ALL_PATHFINDER, COST, KCARD_OF, NAME
from meeple.games.okc.data import DEPLOY, RALLY_SELF, RALLY_TWO, REGIONS, SECRETS_THRESHOLD
from meeple.games.okc.free import free_actions
from meeple.games.okc.rules import RULES, as_card_action, turns

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.okc.fields import OKCFields


turns("autumn")

_RALLY = RALLY_SELF | RALLY_TWO  # a rally command
_DEPLOY = DEPLOY


def _autumn_legal(s: OKCFields, seat):
    hand = s.hands[seat]
    acts = [DONE]
    u = s.used[seat]
    vote_icons, lore_icons, commands = blank.vote_icons, blank.lore_icons, blank.commands
    if not u & U_GOVERN:
        for g in hand:
            if vote_icons(s, seat, g) >= 1:
                acts.append(GOVERN + g % PER)  # (g % PER: the local id, cards.local)
    if not u & U_JOURNEY:
        for g in hand:
            if lore_icons(s, seat, g) >= 1:
                acts.append(JOURNEY + g % PER)
        if s.kheld[seat] & ALL_PATHFINDER:  # trade-01: active cards too
            acts.extend(
                JOURNEY + C.local(e[E_GID])
                for r, e in s._own_active(seat)
                if blank.lore_icons(s, seat, e[E_GID], e, r) >= 1
            )
    mine = s.factions[seat]  # a card is seat's when g // PER is its faction
    for r, a in enumerate(s.active):
        for e in a:
            g = e[E_GID]
            if g // PER == mine and not e[E_USED] & _RALLY and commands(s, seat, g, e, r) & _RALLY:
                acts.append(RALLY_C + g % PER)
    for g in hand:
        if commands(s, seat, g) & _DEPLOY:
            acts.append(DEPLOY_C + g % PER)
    if not u & U_SECRETS and s.has_votes(seat, 1) and s.tokens_free(seat):
        acts.append(SECRETS)
    if not u & U_OATHS and s.has_votes(seat, 2) and (s.lost_sup[seat] or sum(s.sup_map[seat])):
        acts.append(OATHS)
    free_actions(s, seat, "autumn", acts)
    if not u & U_RGOVERN and rgovern_cards(s, seat):
        acts.append(RGOVERN)
    return acts


@RULES.decision("autumn", prompt="Autumn: take an action, or end your autumn", legal=_autumn_legal)
def _autumn(s: OKCFields, a, seat):
    if a == DONE:
        return
    s.push("autumn_seat", seat)
    if tactics.card_action(s, seat, a, "autumn"):
        return
    if a == RGOVERN:
        s.used[seat] |= U_RGOVERN
        s.ask("rgovern", seat)
    elif a == SECRETS:
        s.used[seat] |= U_SECRETS
        s._event("council-call", seat, "secrets")
        s.ask("secrets", seat, [s.votes(seat, 1)])
    elif a == OATHS:
        s.used[seat] |= U_OATHS
        s._event("council-call", seat, "oaths")
        s.ask("oaths", seat, [s.votes(seat, 2)])
    elif a in (FAVOUR, OFAVOUR):
        favour.use(s, seat, a)
    elif a < JOURNEY:
        s.used[seat] |= U_GOVERN
        g = s.gid(seat, a - GOVERN)
        if not s._leave_hand(seat, g):  # a card not known in hand is shown
            s._mark_reveal()
        s.ask("council", seat, [g, 0])
    elif a < AMBUSH_C:
        s.used[seat] |= U_JOURNEY
        s._journey(seat, s.gid(seat, a - JOURNEY))
    elif a < DEPLOY_C:
        g = s.gid(seat, a - RALLY_C)
        r, e = s._find_active(g)
        cm = blank.commands(s, seat, g, e, r)
        e[E_USED] |= RALLY_SELF | RALLY_TWO
        if cm & RALLY_TWO:
            s._event("rally", seat, (NAME[g], REGIONS[r], 2))
            s.ask("rally", seat, [r, 0])
        else:
            s._event("rally", seat, (NAME[g], REGIONS[r], 1))
            s._back_to_hand(seat, r, e)
    else:
        s._ask_deploy(seat, s.gid(seat, a - DEPLOY_C))


# ---- rally and deploy ------------------------------------------------------
def _rally_legal(s: OKCFields, seat):
    acts = [DONE] if s.darg[1] else []
    if s.darg[1] < 2:
        mine = s.factions[seat]  # a card is seat's when g // PER is its faction (s.seat_of)
        for a in s.active:
            for e in a:
                g = e[E_GID]
                if g // PER == mine and g not in s.darg[2:]:
                    acts.append(as_card_action(g))
    return acts


@RULES.decision("rally", prompt="Rally: return a card to your hand", legal=_rally_legal, card="return")
def _rally(s: OKCFields, a, seat):
    if a == DONE:
        return
    g = s.gid(seat, a - CARD)
    r, e = s._find_active(g)
    s._back_to_hand(seat, r, e)
    s.ask("rally", seat, [s.darg[0], s.darg[1] + 1, *s.darg[2:], g])


@RULES.decision("deploy", prompt="Deploy: choose the region", legal=lambda s, seat: [REGION + r for r in range(3)])
def _deploy(s: OKCFields, a, seat):
    g = s.darg[0]
    s._leave_hand(seat, g)
    s.active[a - REGION].append([g, 0, 0, 0, 0, 1, 0])
    s._event("deploy", seat, (NAME[g], REGIONS[a - REGION]))


# ---- trade-10: govern with an active card ------------------------------------
def rgovern_cards(s: OKCFields, seat: int) -> list[int]:
    out: list[int] = []
    kr = s.kregion
    if not (kr[0] or kr[1] or kr[2]):
        return out  # no kingdom card on the map
    rg = _REGION_GOVERN
    for r in range(3):
        for o, k in kr[r]:
            if k == rg and o == seat:  # seat's trade-10 in region r
                out.extend(
                    e[E_GID]
                    for e in s.active[r]
                    if s.seat_of(e[E_GID]) == seat and blank.vote_icons(s, seat, e[E_GID], e, r) >= 1
                )
                break
    return out


_REGION_GOVERN = KCARD_OF["region_govern"]  # (trade-10)


@RULES.decision(
    "rgovern",
    prompt="Govern with an active card",
    card="govern",
    legal=lambda s, seat: [CARD + C.local(g) for g in rgovern_cards(s, seat)],
)
def _rgovern(s: OKCFields, a, seat):
    g = s.gid(seat, a - CARD)
    r, e = s._find_active(g)
    s.active[r].remove(e)
    s.ask("council", seat, [g, 0])


# ---- the Council of Secrets ------------------------------------------------
def _secrets_legal(s: OKCFields, seat):
    acts = [DONE]
    if s.darg[0] > 0 and s.tokens_free(seat):
        acts += LOCATIONS
    return acts


@RULES.decision("secrets", prompt="Council of Secrets: place a faction token", legal=_secrets_legal, loc="token")
def _secrets(s: OKCFields, a, seat):
    if a == DONE:
        # every location with 5+ of the seat's tokens pays once; with two or
        # more the seat resolves them one at a time in the order it chooses
        _secrets_next(s, seat, [loc for loc in range(6) if s.tokens[seat][loc] >= SECRETS_THRESHOLD])
        return
    s.own_tokens()[seat][a - LOC] += 1
    s._event("token", seat, D.LOCATIONS[a - LOC])
    s.ask("secrets", seat, [s.darg[0] - 1])


@RULES.step("secrets_next")
def _secrets_next(s: OKCFields, seat, locs) -> None:
    locs = list(locs)
    if len(locs) > 1:
        s.ask("secrets_order", seat, locs)
    elif locs:
        s.push("secrets_reward", seat, locs[0])


@RULES.decision(
    "secrets_order",
    prompt="Council of Secrets: several locations pay; choose the one to resolve next",
    legal=lambda s, seat: [LOC + loc for loc in s.darg],
    loc="resolve",
)
def _secrets_order(s: OKCFields, a, seat):
    loc = a - LOC
    s.push("secrets_next", seat, [x for x in s.darg if x != loc])
    s.push("secrets_reward", seat, loc)


@RULES.step("secrets_reward")
def _secrets_reward(s: OKCFields, seat, loc) -> None:
    s.own_tokens()[seat][loc] -= SECRETS_THRESHOLD
    s._event("secrets", seat, D.LOCATIONS[loc])
    locations.owner_bonus(s, loc)
    locations.reward(s, seat, loc)


# ---- the Council of Oaths --------------------------------------------------
def _oaths_legal(s: OKCFields, seat):
    acts = [DONE]
    if s.darg[0] > 0:
        acts.extend(SUPP + r for r in range(3) if s.sup_map[seat][r])
        if s.lost_sup[seat]:
            acts.append(SUPP_LOST)
    return acts


@RULES.decision("oaths", prompt="Council of Oaths: place a supporter", legal=_oaths_legal)
def _oaths(s: OKCFields, a, seat):
    if a == DONE:
        return
    if a == SUPP_LOST:
        s.lost_sup[seat] -= 1
    else:
        r = a - SUPP
        s.own_sup_map()[seat][r] -= 1
        s.own_sup_part()[seat][r] = min(s.sup_part[seat][r], s.sup_map[seat][r])
    s.sup_board[seat] += 1
    s._event("oaths", seat, "the lost pile" if a == SUPP_LOST else REGIONS[a - SUPP])
    s.ask("oaths", seat, [s.darg[0] - 1])


# ---- lore: the Site of Power -----------------------------------------------
@RULES.step("site_lore")
def _site_lore_step(s: OKCFields, seat, n) -> None:
    s.ask("site_lore", seat, [n])


@RULES.decision(
    "site_lore",
    prompt="Your Site of Power is empty: put the lore you gained on it (2 lore there = "
    "1 influence at the end) or in your supply?",
    legal=lambda s, seat: [SITE_LORE, DONE],
    word=lambda s, a, seat: "site" if a == SITE_LORE else "supply",
)
def _site_lore(s: OKCFields, a, seat):
    n = s.darg[0]
    if a == DONE:
        s._lore_to_supply(seat, n)
    else:
        s.own_site_lore()[seat] += n
        s._event("site-lore", seat, n)


@RULES.step("buy")
def _buy_step(s: OKCFields, seat) -> None:
    if s.can_buy(seat):
        s.ask("buy", seat)


@RULES.decision(
    "buy",
    prompt="Buy a Site of Power card with lore",
    legal=lambda s, seat: [DONE] + [BUY + C.local(g) for g in s.site[seat] if COST[g] <= s.lore[seat]],
)
def _buy(s: OKCFields, a, seat):
    if a == DONE:
        return
    g = s.gid(seat, a - BUY)
    s.lore[seat] -= COST[g]
    if s.site[seat] and any(COST[x] <= s.lore[seat] for x in s.site[seat] if x != g):
        s.push("buy", seat)  # more may be bought after this gain
    sites.gain_site_card(s, seat, g)
