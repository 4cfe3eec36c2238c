"""Look-alike names: a guest may not pass for a registered player.

Two names are look-alikes when their skeletons are equal: NFKC, the capital
look-alikes mapped, casefold, then the small look-alikes mapped. The tables are
the Latin, Cyrillic and Greek letters (and digits) that Unicode's
confusables.txt (UTS #39) maps to a Latin letter, chosen from it by hand: no
package on PyPI offered a maintained TR39 skeleton for this small need. `I`
(and its Cyrillic and Greek twins) and the digit 1 read as `l`, 0 as `o`.
Accents are kept: `cárol` is not `carol`.
"""

from __future__ import annotations

import unicodedata

# capitals that look like a Latin capital (or I like a small l), before casefold
_CAPITALS = str.maketrans(
    {
        **dict(zip("АВЕКМНОРСТХУЅІЈԚԜӀ", "ABEKMHOPCTXYSlJQWl", strict=True)),  # Cyrillic
        **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHlKMNOPTYX", strict=True)),  # Greek
        "I": "l",
    }
)
# small letters and digits that look like a small Latin letter, after casefold
_SMALL = str.maketrans(
    {
        **dict(zip("аеорсухѕіјһԁԛԝӏ", "aeopcyxsijhdqwl", strict=True)),  # Cyrillic
        **dict(zip("οαινρχγ", "oaivpxy", strict=True)),  # Greek
        "1": "l",
        "|": "l",
        "0": "o",
        "ı": "i",
    }
)


def skeleton(name: str) -> str:
    """What a name looks like, for comparing names (never shown)."""
    text = unicodedata.normalize("NFKC", name).translate(_CAPITALS).casefold()
    return unicodedata.normalize("NFKC", text).translate(_SMALL)
