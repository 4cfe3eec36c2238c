"""The Old King's Crown: every number of the game, with provenance.

Rules: ../shared/seeds/004_35fe8bbedc5ba151.txt (the authority).
Card data: ../shared/data/okc.md (read from the publisher's card images by a
third party). Each faction card and kingdom card below carries `provenance`:
"card image", "card image (low)" (votes/lore read at low resolution) or
"placeholder" (a value the data sheet does not give). A box owner corrects a
card here, in one place.

`effect` names the card's rules-text ability in `cards.EFFECTS`; None means the
card has no rules text, and `effect_implemented` False marks a text the engine
does not play yet (see docs/rulings/okc.md: such a card is played with its
printed strength, traits, commands, votes and lore only).
"""

from __future__ import annotations

import os
from typing import Any

from meeple.core import gamedata

MIN_PLAYERS = 2
MAX_PLAYERS = 4

FACTIONS = ("nobility", "clans", "uprising", "gathering")
ROUNDS = 6  # standard game; skirmish: 4 or 5
SKIRMISH_ROUNDS = (4, 5)
START_HAND_SIZE = 6
MIN_HAND_SIZE = 3
# The seed (004:485): 「プレイヤーは手札のサイズを8以上に増やすことはできません」, the hand
# size cannot be raised to 8 or more, so 7 at most (the digest's "above 8" loses).
MAX_HAND_SIZE = 7
SUPPORTERS = 5
FACTION_TOKENS = 10
# Advanced setup: ADVANCED_OFFER, ADVANCED_TABLE and ADVANCED_PROVENANCE are read
# from data/advanced.json (a box owner's copy replaces it): see the end of this file.
FAVOUR_USES = 3
ROAD_SIZE = 4
BOARD_SPACES = 2
SECRETS_THRESHOLD = 5  # tokens on a location that pay its reward

REGIONS = ("highlands", "plateau", "lowlands")
# location index l: region l // 2
LOCATIONS = ("castle", "wilderness", "harvest-field", "battlefield", "shrine", "necropolis")
LOCATION_INFLUENCE = (1, 1, 1, 2, 1, 1)
LOCATION_PROVENANCE = ("card image",) * 6  # data/okc.md (board image); the seed names the locations
# what a clash winner who claims the location does after its influence (the
# seed, "LOCATION REWARDS": the extra text printed on it; data/okc.md, Locations)
LOCATION_TEXT = (
    "govern with an active or hand card; every other card in that council is discarded",
    "journey with an active or hand card",
    "claim the Kingdom's Favour (or reset its uses to 3)",
    "",
    "put up to 3 active or hand cards on the bottom of your deck",
    "shuffle your discard, draw up to 3 cards from it, then discard any from your hand",
)
COUNCILS = ("relics", "secrets", "oaths")
SUITS = ("trade", "intrigue", "martial")

# traits (bits)
INVULNERABLE, PATHFINDER, RESILIENT = 1, 2, 4
TRAITS = {"invulnerable": INVULNERABLE, "pathfinder": PATHFINDER, "resilient": RESILIENT}
# commands (bits)
AMBUSH, RETREAT, FLANK, RALLY_SELF, RALLY_TWO, DEPLOY, DEADLY = 1, 2, 4, 8, 16, 32, 64
AMBUSH_FROM_DISCARD = 128  # Gathering HQ: this card's Ambush may take its card from the discard
RETREAT_JOURNEY = 256  # martial-10: on Retreat this card may journey
COMMANDS = {
    "ambush": AMBUSH,
    "retreat": RETREAT,
    "flank": FLANK,
    "rally-self": RALLY_SELF,
    "rally-two": RALLY_TWO,
    "deploy": DEPLOY,
    "deadly": DEADLY,
    "ambush-from-discard": AMBUSH_FROM_DISCARD,
    "retreat-journey": RETREAT_JOURNEY,
}

# One row per faction card: (name, strength, archetype, traits, commands, votes,
# lore, cost, kind, effect, effect_implemented, provenance).
# kind: "basic" (starts in the deck; "heir" starts in hand), "advanced", "hq".
_I, _P, _R = INVULNERABLE, PATHFINDER, RESILIENT
BASIC = (
    ("ruse", 0, "ruse", _I, AMBUSH | RETREAT, 0, 0, None, "basic", "ambush_or_retreat", True, "card image"),
    ("trader", 0, "trader", 0, RALLY_TWO, 2, 2, None, "basic", None, True, "card image"),
    ("follower-1", 1, "follower", _I, 0, 0, 1, None, "basic", None, True, "card image"),
    ("follower-2", 2, "follower", _I, 0, 0, 1, None, "basic", None, True, "card image"),
    ("follower-3", 3, "follower", _I, 0, 0, 1, None, "basic", None, True, "card image"),
    ("follower-4", 4, "follower", _I, 0, 0, 1, None, "basic", None, True, "card image"),
    ("agent", 5, "agent", 0, DEADLY, 2, 1, None, "basic", "agent_dies_to_follower", True, "card image"),
    ("cavalry", 5, "cavalry", _P, FLANK, 1, 1, None, "basic", None, True, "card image"),
    ("war-machine", 5, "war machine", _I, DEPLOY, 0, 0, None, "basic", None, True, "card image"),
    ("captain-6", 6, "captain", _P, 0, 1, 1, None, "basic", None, True, "card image"),
    ("captain-7", 7, "captain", _P, 0, 1, 1, None, "basic", None, True, "card image"),
    ("captain-8", 8, "captain", _P, 0, 1, 1, None, "basic", None, True, "card image"),
    ("captain-9", 9, "captain", _P, 0, 1, 1, None, "basic", None, True, "card image"),
    ("heir", 10, "heir", _P | _R, RALLY_SELF, 1, 1, None, "basic", None, True, "card image"),
)
HEIR = 13  # local index of the heir (starts in hand)
NBASIC = len(BASIC)

SITES = {
    "nobility": (
        ("a1", 11, "champion", _R, 0, 0, 2, 2, "advanced", "steal_zero", True, "card image (low)"),
        ("a2", 5, "trader", _I, 0, 2, 0, 3, "advanced", "council_move", True, "card image (low)"),
        ("a3", 10, "heir", _P | _R, RALLY_SELF, 1, 1, 4, "advanced", "govern_three", True, "card image (low)"),
        ("a4", 3, "war machine", _I, DEPLOY, 0, 0, 2, "advanced", "supporter_influence", True, "card image (low)"),
        ("hq", 0, "hq", 0, 0, 0, 0, 3, "hq", "nobility_hq", True, "card image"),
    ),
    "clans": (
        ("a1", 11, "champion", _R | _P, 0, 0, 2, 2, "advanced", "steal_zero", True, "card image (low)"),
        ("a2", 3, "cavalry", 0, FLANK | DEADLY, 0, 0, 3, "advanced", "flank_supporters", True, "placeholder"),
        ("a3", 11, "cavalry", _I | _P, FLANK, 0, 2, 5, "advanced", "win_influence", True, "card image (low)"),
        ("hq1", 0, "hq", 0, 0, 0, 0, 2, "hq", "clans_hq1", True, "card image"),
        ("hq2", 0, "hq", 0, 0, 0, 0, 2, "hq", "clans_hq2", True, "card image"),
    ),
    "uprising": (
        ("a1", 11, "champion", 0, 0, 2, 2, 2, "advanced", "steal_zero", True, "card image (low)"),
        ("a2", 5, "agent", _R, 0, 0, 0, 3, "advanced", "assassin", True, "placeholder"),
        ("a3", 5, "agent", _R, AMBUSH, 0, 0, 5, "advanced", "blank_opponents", True, "placeholder"),
        ("hq1", 0, "hq", 0, 0, 0, 0, 2, "hq", "uprising_hq1", True, "card image"),
        ("hq2", 0, "hq", 0, 0, 0, 0, 2, "hq", "uprising_hq2", True, "card image"),
    ),
    "gathering": (
        ("a1", 11, "champion", _R, 0, 1, 2, 2, "advanced", "steal_zero", True, "card image (low)"),
        ("a2", 5, "captain", _I, 0, 1, 0, 2, "advanced", "council_token", True, "card image (low)"),
        ("a3", 5, "cavalry", _R, 0, 0, 0, 3, "advanced", "copy_lost", True, "placeholder"),
        ("a4", 3, "agent", _R, 0, 0, 0, 4, "advanced", "lowest_wins", True, "placeholder"),
        ("hq", 0, "hq", 0, 0, 0, 0, 2, "hq", "gathering_hq", True, "card image"),
    ),
}
CARDS_PER_FACTION = NBASIC + 5  # 19

# Each faction card text (the `effect` of a row above) in words, as the card
# list shows it (present.card_text); the rules that read a text are named
# after it (blank.UPRISING_A3 for Uprising A3's).
EFFECT_WORDS = {
    "steal_zero": "when stealing, the occupier counts as strength 0",
    "council_move": "autumn, in a council: move it to another council",
    "govern_three": "on gaining it, govern up to 3 of your lost/discard cards into different councils",
    "supporter_influence": "autumn: with 2+ of your supporters in its region, 1 influence on it",
    "nobility_hq": "cards with 0 votes get +1 vote; autumn: a captain from discard to hand or +1 influence",
    "flank_supporters": "on Flank, may move your supporters along",
    "win_influence": "winning a clash where it is active: +1 influence",
    "clans_hq1": "traders gain Flank; council cards may go to hand; day: move Flank cards into a council",
    "clans_hq2": "all your cards gain Resilient; spring: 2 lost supporters back to a region",
    "assassin": "night: eliminates opposing heirs and captains; then +1 influence or +1 lore",
    "blank_opponents": "opposing non-heir cards lose their printed text; dies to an opposing heir",
    "uprising_hq1": "an extra kingdom-card space; autumn: acquire a road card with a captain/champion",
    "uprising_hq2": "on acquiring a kingdom card, a token on its suit's council (+1 vote)",
    "council_token": "autumn, in a council: a token on any council (+1 vote while it stays)",
    "copy_lost": "day: burn one of your lost cards and gain its strength and text this round",
    "lowest_wins": "while active, the lowest total strength above 0 wins the clash",
    "gathering_hq": "3 tokens; day: a token gives an active card Ambush",
    "ambush_or_retreat": "Ambush or Retreat",
    "agent_dies_to_follower": "night: eliminated by an opposing follower",
}

# Kingdom cards: 17 per suit, named "<suit>-NN". Effects in short form are in
# ../shared/data/okc.md; the engine plays the ones listed in KINGDOM_EFFECTS.
KINGDOM_TEXT = {
    "trade": (
        "all your cards gain Pathfinder and active cards may journey",
        "spring +1 influence if you have a card in any council (discard for +2 more if in all three)",
        "followers +1 vote (+2 if not first on the order track)",
        "[supply] absorbs one attrition",
        "+5 strength to your bid and occupiers, +1 influence when first to resolve a bid, cannot steal",
        "spring: burn a tactic for +1 lore (+2 if unexhausted)",
        "[discard on acquiring] gain your cheapest Site card free",
        "cards with 1 printed lore get +1",
        "+3 strength when stealing, +1 influence per steal",
        "[region] autumn: govern with an active card here",
        "[location] owner +1 influence whenever anyone claims it",
        "journey with Pathfinder: +1 influence +1 lore",
        "spring: +1 influence if 0 lore, else +1 lore",
        "spring: 1 discard card to hand",
        "use the Favour without holding it, or twice if held",
        "autumn: discard a council card, +1 hand size, discard this",
        "+1 hand size while occupied; winning a clash with an active heir +1 influence",
    ),
    "intrigue": (
        "cards leaving a council may go to hand; a journeyed card may go to deck bottom",
        "spring: chosen players cycle hands to deck bottom and redraw",
        "spring and autumn: swap a hand card with your council or occupying card",
        "day: reveal hand, return opposing cards matching a strength or archetype, discard",
        "day: move your supporters to another unresolved region or the board",
        "spring: look at a region, swap two of your face-down cards",
        "autumn: an active card to a council, discard any cards there, discard this",
        "spring: swap a hand card with one of your lost-pile cards",
        "spring: burn this, acquire up to 2 Great Road cards",
        "you set the order track",
        "once a round use an opponent's Favour",
        "day: an active card copies a lost-pile card except strength",
        "spring: move any heralds to one location, discard",
        "autumn: all your lost-pile cards to deck top or bottom, discard",
        "autumn: 1 active card to hand",
        "your eliminated cards may go to hand",
        "[supply] look at the top 2 kingdom cards when acquiring, treat them as face up",
    ),
    "martial": (
        "heirs gain Deadly and Retreat; +1 influence when a heir eliminates (a heir dies to an opposing follower)",
        "followers and cavalry gain Deploy 1; autumn: a follower from discard to hand",
        "Deploy cards also deploy in spring; autumn: put 1 influence on an active Deploy card",
        "spring joust: all reveal a hand card, duplicates discarded, highest wins any location reward, discard",
        "heirs gain Flank",
        "day: swap an active card with your council or occupying card",
        "heirs gain Deploy 1; a heir eliminated goes to hand, discard this",
        "autumn: 2 supporters from map/lost pile to board",
        "[region] opponents' total strength halved (round up), winter discard",
        "day: an active card gains Retreat; on Retreat it may journey",
        "day: an active card gains Ambush",
        "day: +5 strength, discard this and its occupier",
        "[region, spring] skip day and night steps there this round, discard the occupier, winter discard",
        "autumn: unexhaust a tactic, discard this and its occupier",
        "[region] opponents' printed information blank except strength and archetype, winter discard",
        "day: an active card gains Deadly, discard this and its occupier",
        "day: an active card gains Invulnerable, discard this",
    ),
}
# the kingdom cards whose text the engine plays (cards.py holds the code)
KINGDOM_EFFECTS = {
    "trade-01": "all_pathfinder",
    "intrigue-01": "council_to_hand",
    "trade-02": "council_spring_influence",
    "trade-03": "follower_votes",
    "trade-05": "bid_plus_five",
    "trade-06": "burn_tactic",
    "trade-08": "lore_plus_one",
    "trade-09": "steal_plus_three",
    "trade-12": "pathfinder_journey_bonus",
    "trade-13": "spring_lore_or_influence",
    "trade-14": "discard_to_hand",
    "trade-16": "council_hand_size",
    "trade-17": "hand_size_heir",
    "intrigue-05": "supporters_move",
    "intrigue-06": "own_fd_swap",
    "intrigue-07": "council_active",
    "intrigue-08": "lost_swap",
    "intrigue-14": "lost_to_deck",
    "intrigue-15": "active_to_hand",
    "intrigue-16": "eliminated_to_hand",
    "martial-01": "heirs_deadly_retreat",
    "martial-02": "followers_deploy",
    "martial-03": "deploy_influence",
    "martial-05": "heirs_flank",
    "martial-06": "swap_active",
    "martial-07": "heirs_deploy",
    "martial-08": "supporters_back",
    "martial-11": "gain_ambush",
    "martial-12": "plus_five",
    "martial-14": "unexhaust",
    "martial-16": "gain_deadly",
    "martial-17": "gain_invulnerable",
}
# where an acquired kingdom card goes when it is not a board card: "supply"
# (the player's supply), "discard" (discarded on acquiring), "region" / "location"
# (placed on the map, by the acquiring player's choice). The bid card that would
# have occupied it goes to its owner's discard (docs/rulings/okc.md).
KINGDOM_PLACEMENT = {
    "trade-04": "supply",
    "trade-07": "discard",
    "trade-10": "region",
    "trade-11": "location",
    "intrigue-17": "supply",
    "martial-09": "region",
    "martial-13": "region",
    "martial-15": "region",
}
# region cards discarded in winter
KINGDOM_WINTER_DISCARD = ("martial-09", "martial-13", "martial-15")
KINGDOM_EFFECTS.update(
    {
        "trade-04": "absorb_attrition",
        "trade-07": "free_site_card",
        "trade-10": "region_govern",
        "trade-11": "location_influence",
        "intrigue-17": "deck_top_two",
        "martial-09": "halve_opponents",
        "martial-13": "skip_day_night",
        "martial-15": "blank_opponents_region",
        "intrigue-02": "cycle_hands",
        "intrigue-03": "swap_hand_council",
        "intrigue-04": "reveal_return",
        "intrigue-09": "burn_acquire",
        "intrigue-10": "set_order",
        "intrigue-13": "heralds_move",
        "martial-10": "gain_retreat_journey",
        "trade-15": "favour_twice",
        "intrigue-11": "borrow_favour",
        "martial-04": "joust",
        "intrigue-12": "copy_card",
    }
)
# the kingdom cards whose text the engine does not play yet: acquired, stolen,
# occupied and replaced like any other, with no effect (docs/rulings/okc.md)
KINGDOM_NOT_IMPLEMENTED = tuple(
    f"{suit}-{n:02d}" for suit in SUITS for n in range(1, 18) if f"{suit}-{n:02d}" not in KINGDOM_EFFECTS
)
# provenance per kingdom card (the short texts above come from data/okc.md)
KINGDOM_PROVENANCE = {f"{suit}-{n:02d}": "card image" for suit in SUITS for n in range(1, 18)}

# The Kingdom's Favour action per faction (data/okc.md).
FAVOUR_TEXT = {
    "nobility": "spring: +1 influence or heirs gain Invulnerable this round",
    "clans": "day: move the Herald to a location of the current region and up to 2 supporters from other regions there",
    "uprising": "spring: look at all face-down cards in one region; may swap one of yours with an occupier or hand card",
    "gathering": "autumn: one active card in your Herald's region to hand",
}
FAVOUR_IMPLEMENTED = {"nobility": True, "clans": True, "uprising": True, "gathering": True}

# Tactic tiles, 4 per faction: (timing, uses, text). Timing "spring", "day",
# "autumn" = an action of that step; "bids" = when bids resolve. Uses > 1 are
# tracked with faction markers; a tile is exhausted when its uses run out.
TACTICS = {
    "nobility": (
        ("spring", 1, "supporters give +1 extra strength this round and stay on the map in winter"),
        (
            "spring",
            2,
            "in a region with your active war machine, opponents cannot add, swap or move cards in its first clash",
        ),
        ("bids", 1, "when bids resolve, all opponents' bid strength is 0"),
        (
            "autumn",
            1,
            "discard all opponents' cards in one council; move your council cards to the top of your deck, +1 lore each",
        ),
    ),
    "clans": (
        (
            "spring",
            1,
            "you place the clash markers; in each region before rewards +1 influence for most supporters, +1 lore for most active cards",
        ),
        ("day", 3, "an active heir, captain or war machine gains Flank this round"),
        ("autumn", 1, "take an opponent's occupied kingdom card, occupy it with a hand card"),
        ("autumn", 1, "active/discard cards to hand up to hand size"),
    ),
    "uprising": (
        ("spring", 1, "heirs gain Deadly; whenever your cards eliminate, +1 influence +1 lore (this round)"),
        ("day", 3, "give an active card Retreat"),
        ("spring", 1, "each opponent discards 1 hand card per kingdom card you occupy"),
        ("spring", 1, "swap two of an opponent's face-down region cards (once per opponent)"),
    ),
    "gathering": (
        (
            "day",
            1,
            "2 of your supporters in the region to the lost pile, then one of your lost-pile cards becomes active in this region",
        ),
        ("spring", 1, "look at 5 random cards of the kingdom discard, acquire one with a hand card"),
        ("day", 1, "swap the positions of two of your active cards"),
        ("autumn", 1, "up to 3 active/discard cards to the lost pile, +1 lore each, then 1 discard card to hand"),
    ),
}
TACTICS_PROVENANCE = {f: ("card image",) * 4 for f in FACTIONS}


# ---------------------------------------------------------------- data files
# Only what the seed does not print is a file: the advanced-setup table (an
# image missing from the seed's text). Everything else above is printed.
DATA_DIR = os.path.join(os.path.dirname(__file__), "data")
PROVENANCE = ("rulebook", "card image", "placeholder")
# Where step II.B may put a face-down card; the engine plays only these.
FACE_DOWN_PLACES = ("occupier",)


def _advanced(doc: dict, c: gamedata.Checker) -> tuple:
    """(offer, {rounds: (draw, face-down places)}, provenance) of advanced.json."""
    kingdom_deck = sum(len(texts) for texts in KINGDOM_TEXT.values())
    offer = doc.get("offer")
    c.whole(offer, "offer", "kingdom cards dealt to each player", 1, (kingdom_deck - ROAD_SIZE) // MAX_PLAYERS)
    rows: Any = doc.get("rounds")  # checked below
    table: dict[int, tuple] = {}
    lengths = [str(r) for r in (ROUNDS,) + SKIRMISH_ROUNDS]
    if not c.need(isinstance(rows, dict), "rounds", 'must be an object by game length ("6", "5", "4")'):
        return offer, table, doc.get("provenance")
    for k in rows:
        c.need(k in lengths, f"rounds.{k}", "a game has 6 rounds, or 4 or 5 for a skirmish")
    for r in lengths:
        row, entry = rows.get(r), f"rounds.{r}"
        if not c.need(isinstance(row, dict), entry, "missing (give draw and face_down)"):
            continue
        draw, places = row.get("draw"), row.get("face_down")
        ok = c.whole(draw, entry, "draw (the deck after the heir)", 1, NBASIC - 1)
        if not c.need(
            isinstance(places, list) and all(isinstance(x, str) for x in places),
            entry,
            "face_down must be a list of places",
        ):
            continue
        for x in places:
            c.need(
                x in FACE_DOWN_PLACES,
                entry,
                f"face-down place {x!r} is not played by the engine (known: {', '.join(FACE_DOWN_PLACES)})",
            )
        c.need(
            places.count("occupier") == 1, entry, "exactly one face-down card occupies the kept kingdom card (step III)"
        )
        if ok:
            c.need(
                1 + draw - len(places) == START_HAND_SIZE,
                entry,
                f"the hand must end at {START_HAND_SIZE} cards (step IV): heir + {draw} drawn "
                f"- {len(places)} face down is {1 + draw - len(places)}",
            )
        table[int(r)] = (draw, tuple(places))
    return offer, table, doc.get("provenance")


VALIDATORS = {"advanced.json": _advanced}
FILES = tuple(VALIDATORS)


def check(folder: str) -> tuple[list[str], list[tuple[str, str, str]]]:
    """(one line per problem, placeholders still in use) for a box owner's folder."""
    problems, placeholders, _ = gamedata.check_files("okc", VALIDATORS, DATA_DIR, folder, PROVENANCE)
    return problems, placeholders


ADVANCED_OFFER, ADVANCED_TABLE, ADVANCED_PROVENANCE = gamedata.load_files("okc", VALIDATORS, DATA_DIR, PROVENANCE)[
    "advanced.json"
]
