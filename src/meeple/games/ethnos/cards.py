"""Ethnos cards as small integers, and the names the notation uses.

A card is `tribe * 6 + kingdom` (tribe and kingdom indexes from `data`), the
skeleton is `SKELETON` (it has no kingdom) and the dragon is `DRAGON`. Equal
cards are equal integers, which keeps hands, markets and decks plain lists.
"""

from __future__ import annotations

from meeple.games.ethnos import data

NK = len(data.KINGDOMS)
TRIBE_INDEX = {t: i for i, t in enumerate(data.TRIBES)}
KINGDOM_INDEX = {k: i for i, k in enumerate(data.KINGDOMS)}

(CENTAUR, DWARF, ELF, GIANT, HALFLING, MERFOLK, MINOTAUR, ORC, SKELETON_T, TROLL, WINGFOLK, WIZARD, FAIRY) = (
    TRIBE_INDEX[t] for t in data.TRIBES
)

SKELETON = SKELETON_T * NK
DRAGON = len(data.TRIBES) * NK
NCARDS = DRAGON + 1  # size of the card-id space (some ids unused)

CARD_TRIBE = [-1] * NCARDS
CARD_KINGDOM = [-1] * NCARDS
CARD_NAME = [""] * NCARDS
for _t, _tribe in enumerate(data.TRIBES):
    for _k, _kingdom in enumerate(data.KINGDOMS):
        _c = _t * NK + _k
        if _t == SKELETON_T:
            continue
        CARD_TRIBE[_c], CARD_KINGDOM[_c], CARD_NAME[_c] = _t, _k, f"{_tribe}:{_kingdom}"
CARD_TRIBE[SKELETON], CARD_NAME[SKELETON] = SKELETON_T, "skeleton"
CARD_NAME[DRAGON] = "dragon"
CARD_BY_NAME = {n: c for c, n in enumerate(CARD_NAME) if n}
VALID_CARDS = tuple(c for c, n in enumerate(CARD_NAME) if n and c != DRAGON)


def name(card: int) -> str:
    return CARD_NAME[card]


def parse(text: str) -> int:
    try:
        return CARD_BY_NAME[text]
    except (KeyError, TypeError):
        raise ValueError(f"unknown card {text!r} (cards are tribe:kingdom, 'skeleton' or 'dragon')") from None


def tribe_cards(tribe: int) -> list[int]:
    """All cards of one tribe in the box (the deck is built from these)."""
    if tribe == SKELETON_T:
        return [SKELETON] * data.SKELETON_CARDS
    copies = data.COPIES_PER_KINGDOM[data.TRIBES[tribe]]
    return [tribe * NK + k for k in range(NK) for _ in range(copies)]
