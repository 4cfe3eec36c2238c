"""The game contract (`meeple.core.spec`): every registered game's spec, its
options schema, and the registry's promise to read no data when listing games."""

from __future__ import annotations

import subprocess
import sys

import pytest

from meeple import games
from meeple.core.game import GameError
from meeple.core.spec import GameSpec, Notation, Option, Rules, declared

SPECS = sorted(games.GAMES)


@pytest.mark.parametrize("name", SPECS)
def test_a_spec_declares_the_whole_contract(name):
    spec = games.get(name)
    assert isinstance(spec, GameSpec) and spec.name == name and declared(name) is spec
    assert spec.title and 1 <= spec.min_players <= spec.max_players
    assert isinstance(spec.rules, Rules) and isinstance(spec.notation, Notation)
    assert spec.heuristics is not None and spec.heuristics.policy is not None
    assert spec.presenter.meta() is not None and spec.has_data
    state = spec.new_game(spec.min_players, seed=1)
    assert state.game == name and spec.load(spec.dump(state)).to_json() == state.to_json()


@pytest.mark.parametrize("name", SPECS)
def test_the_spec_agrees_with_the_game_data(name):
    """The player counts (and OKC's lengths and factions) are declared in the
    spec so a command line can be built before any data is read; the game's
    data module keeps its own copy for its rules."""
    spec, data = games.get(name), games.get(name).data()
    assert (spec.min_players, spec.max_players) == (data.MIN_PLAYERS, data.MAX_PLAYERS)
    if name == "okc":
        from meeple.games.okc import spec as okc

        assert (okc.ROUNDS, okc.SKIRMISH_ROUNDS, okc.FACTIONS) == (data.ROUNDS, data.SKIRMISH_ROUNDS, data.FACTIONS)


def test_listing_the_games_reads_no_data_and_imports_no_rules():
    code = (
        "import sys; from meeple import games; "
        "print(sorted(m for m in sys.modules if m.startswith('meeple.games.') and not m.endswith('.spec')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['meeple.games.anunnaki', 'meeple.games.ethnos', 'meeple.games.okc']"


def test_an_unknown_game_is_named():
    with pytest.raises(GameError, match="unknown game 'chess'; known: anunnaki, ethnos, okc"):
        games.get("chess")
    with pytest.raises(GameError, match="unknown game"):
        declared("chess")


def test_options_are_checked_by_the_schema():
    okc = games.get("okc")
    assert okc.check_options({"rounds": 4, "advanced": False, "factions": []}) == {"rounds": 4}
    with pytest.raises(GameError, match="okc has no option colour"):
        okc.check_options({"colour": "red"})
    with pytest.raises(GameError, match="rounds must be one of 6, 5, 4"):
        okc.check_options({"rounds": 3})
    with pytest.raises(GameError, match="rounds must be a whole number"):
        okc.check_options({"rounds": "4"})
    with pytest.raises(GameError, match="factions must be 3 different factions"):
        okc.check_options({"factions": ["clans", "nobility"]}, players=3)
    ethnos = games.get("ethnos")
    assert ethnos.check_options({"tribes": ["elf", "dwarf", "orc", "troll", "giant"]}, players=2)
    with pytest.raises(GameError, match="need 6"):
        ethnos.check_options({"tribes": ["elf", "dwarf", "orc", "troll", "giant"]}, players=4)
    with pytest.raises(GameError, match="must be 5 or 6 different tribes"):
        ethnos.check_options({"tribes": ["elf"]})
    with pytest.raises(GameError, match="fairy must be true or false"):
        ethnos.check_options({"fairy": "yes"})
    with pytest.raises(GameError, match="options must be an object"):
        ethnos.check_options(["fairy"])


def test_the_schema_as_the_lobby_form_reads_it():
    form = {o["name"]: o for o in games.get("ethnos").options_json()}
    assert form["fairy"] == {
        "name": "fairy",
        "type": "bool",
        "label": "Fairy promo",
        "default": False,
        "help": "the Fairy promo among random tribes",
        "flag": "--fairy",
    }
    assert form["tribes"]["count"] == {"2": 5, "3": 5, "4": 6, "5": 6, "6": 6}
    assert "fairy" in form["tribes"]["choices"] and form["tribes"]["labels"]["elf"] == "Elf"
    houses = {o["name"]: o for o in games.get("anunnaki").options_json()}["houses"]
    assert houses["count"] == "seats" and houses["item"] == "house"


def test_an_option_kind_and_a_duplicate_are_refused():
    with pytest.raises(ValueError):
        Option("x", "colour", "X")
    with pytest.raises(ValueError, match="declared twice"):
        GameSpec(
            name="twice",
            title="Twice",
            min_players=2,
            max_players=2,
            rules=lambda: None,
            options=(Option("x", "bool", "X"), Option("x", "bool", "X")),
        )


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_every_game_refuses_an_option_it_does_not_have_the_same_way(name):
    game = games.get(name)
    known = ", ".join(o.name for o in game.options)
    with pytest.raises(GameError, match=rf"^{name} has no option colour \(it has: {known}\)$"):
        game.new_game(game.min_players, seed=1, colour="red")
    with pytest.raises(GameError, match=rf"^{name} has no option colour"):
        game.check_options({"colour": "red"})
    # one that is off is left alone (a command line passes every game's flags)
    assert game.new_game(game.min_players, seed=1, colour=False).players == game.min_players
