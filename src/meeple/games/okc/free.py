"""The actions a seat may take in a season besides the season's own: its
Favour (`favour`), a tactic tile (`tactics`), a kingdom card's action
(`kingdom`) and a Site of Power card's ability (`sites`).

They are offered at nearly every spring, day and autumn decision and are
rarely possible, so each part is asked only when a cheap look at the state
says it could offer one: the look never rules out an option the part would
offer (each look is the part's own first test), it only spares the asking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.okc import favour, kingdom, sites
from meeple.games.okc.actions import U_FAVOUR
from meeple.games.okc.cards import KBIT_OF, NF
from meeple.games.okc.favour import SEASON
from meeple.games.okc.kingdom import ACTING
from meeple.games.okc.sites import SITE_CARDS, USABLE_NOW
from meeple.games.okc.tactics import CHECKS

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.okc.fields import OKCFields

# the kingdom cards that let a seat use a Favour it does not hold (trade-15,
# intrigue-11: favour._own, _borrowed), a bit per card as in cards.held_bits
_FAVOUR_CARDS = KBIT_OF["favour_twice"] | KBIT_OF["borrow_favour"]


def free_actions(s: OKCFields, seat: int, timing: str, acts: list[int], tactic: bool = True) -> None:
    """Add to `acts` seat's free actions in season `timing` ("spring", "day",
    "autumn"), in the order: Favour, tactic tiles (unless not `tactic`: the
    spring offers them last), kingdom cards, Site of Power cards."""
    f, h = s.factions[seat], s.favour
    own_season, tiles, acting, usable = _BY_SEASON[f][timing]
    # seat's kingdom cards (owns_kingdom): one with an action in this season, one of _FAVOUR_CARDS
    kheld = s.kheld[seat]
    held = kheld & _FAVOUR_CARDS
    # a Favour acts in its faction's season only: seat's own (as the holder
    # that has not used it, or with trade-15), or the holder's (borrowed with intrigue-11)
    if (own_season and (held or (h == seat and not s.used[seat] & U_FAVOUR))) or (
        held and 0 <= h != seat and SEASON[s.factions[h]] == timing
    ):
        acts += favour.moves(s, seat, timing)
    if tactic and tiles:  # a tile of seat's faction acts now (tactics.CHECKS)
        uses, used = s.tactics[seat], s.used[seat]
        for t, bit, ok, a in tiles:
            if uses[t] > 0 and not used & bit and ok(s, seat):
                acts.append(a)
    if kheld & acting:
        acts += kingdom.options(s, seat, timing)
    if usable:  # seat's faction has Site of Power cards usable now
        site = s.site[seat]
        if len(site) < SITE_CARDS:  # seat has bought a Site of Power card
            for g in usable:
                if g not in site:  # one of them no longer to buy
                    acts += sites.options(s, seat, timing)
                    break


# per faction and season, what free_actions reads of the tables of each part,
# in one look-up: (its own Favour acts then: favour.SEASON, its tactic tiles
# then: tactics.CHECKS, the kingdom cards acting then: kingdom.ACTING, its Site
# of Power cards usable then: sites.USABLE_NOW)
_BY_SEASON = [
    {
        when: (SEASON[f] == when, CHECKS[f].get(when, ()), ACTING[when], USABLE_NOW[f][when])
        for when in ("spring", "day", "autumn")
    }
    for f in range(NF)
]
