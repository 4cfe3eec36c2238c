"""The words people read, in English, Japanese and Russian.

Everything a person reads comes from a message catalog (Babel's reading of
gettext .po files in `locales/`), by key and named values:
`translate("okc.count.influence", "ru", count=3)` reads "3 влияния". The engine
(meeple.core, meeple.games) never imports this package: its events carry keys
and values, and whoever shows them (page, terminal, reports) turns them into
words here. docs/i18n.md says why Babel, how to add a language and holds the
glossary of every game term with the rulebook line it comes from.
"""

from meeple.i18n.catalogs import (
    DEFAULT,
    LANGUAGES,
    PSEUDO,
    format_list,
    format_number,
    has_key,
    keys,
    plural_keys,
    term,
    term_key,
    translate,
)
from meeple.i18n.negotiate import from_accept_language, from_environment, parse_accept_language

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "PSEUDO",
    "format_list",
    "format_number",
    "from_accept_language",
    "from_environment",
    "has_key",
    "keys",
    "parse_accept_language",
    "plural_keys",
    "term",
    "term_key",
    "translate",
]
