"""Your own box: a data directory whose files replace a game's packaged data.

Some component values are printed in no public source (Anunnaki's boards,
weapons, contracts...; OKC's advanced-setup table), so the packaged files carry
placeholders. A box owner puts corrected files in `DIR/<game>/<file>` and runs
with `--data DIR` (or `MEEPLE_DATA_DIR=DIR`); a file present there replaces the
packaged one of the same name, the others stay packaged.

The directory is one per process, fixed before any game module is imported:
game modules derive tables from their data at import, and a server hosting
tables with different data at once would need every game module per data set.
So `meeple serve --data DIR` serves every new table with that data, and each
state remembers the fingerprint of the files it was created with: a STATE,
replay or saved game made with other data is refused with a clear message
instead of replaying differently. Setting the variable in `os.environ` carries
the choice to the bot worker processes.
"""

from __future__ import annotations

import hashlib
import os
from typing import NamedTuple

from meeple.core.game import BadState, GameError

ENV = "MEEPLE_DATA_DIR"


class Source(NamedTuple):
    """Where a game's data files were read from."""

    folder: str | None  # the box owner's folder, None for the packaged data only
    paths: dict  # file name -> path actually read
    replaced: tuple  # file names taken from `folder`
    fingerprint: str | None  # sha256 of the replacing files, None when packaged

    def notice(self) -> str | None:
        if self.folder is None:
            return None
        # the folder's last two parts only: a page must not show the server's file system
        shown = os.path.join(*self.folder.split(os.sep)[-2:])
        return (
            f"This table uses data from {shown} (not the packaged data): "
            f"{', '.join(self.replaced)}; fingerprint {self.fingerprint}"
        )


_loaded: dict[str, Source] = {}


def configure(folder: str | None) -> str | None:
    """Choose the data directory of this process (`--data`, else the variable)."""
    folder = folder or os.environ.get(ENV) or None
    if folder is None:
        return None
    if not os.path.isdir(folder):
        raise GameError(f"data directory {folder} does not exist (give --data DIR or {ENV}=DIR)")
    folder = os.path.abspath(folder)
    for game, src in _loaded.items():
        if src.folder != _game_folder(folder, game):
            raise GameError(f"{game} data is already loaded; choose the data directory before starting")
    os.environ[ENV] = folder
    return folder


def _game_folder(root: str | None, game: str) -> str | None:
    if not root:
        return None
    path = os.path.join(root, game)
    return os.path.abspath(path) if os.path.isdir(path) else None


def files_in(folder: str, names: tuple) -> tuple[list, list]:
    """(file names of `folder` that replace packaged ones, names it has that the game does not know)."""
    present = sorted(n for n in os.listdir(folder) if not n.startswith("."))
    return [n for n in present if n in names], [n for n in present if n not in names]


def digest(folder: str, names) -> str:
    h = hashlib.sha256()
    for n in sorted(names):
        with open(os.path.join(folder, n), "rb") as f:
            body = f.read()
        h.update(f"{n}\0{len(body)}\0".encode())
        h.update(body)
    return h.hexdigest()[:16]


def packaged(names: tuple, folder: str) -> Source:
    """The packaged files only."""
    return Source(None, {n: os.path.join(folder, n) for n in names}, (), None)


def source(game: str, names: tuple, packaged_folder: str, folder: str | None = None) -> Source:
    """The files to read for `game` (`folder`, else this process's `DIR/<game>`).

    A name the game does not know is refused: a misspelt file would otherwise
    be silently ignored and the placeholder played."""
    folder = folder or _game_folder(os.environ.get(ENV), game)
    src = packaged(names, packaged_folder)
    if folder is None:
        return src
    replaced, unknown = files_in(folder, names)
    if unknown:
        raise GameError(f"{game} data {folder}: unknown file {unknown[0]} (known: {', '.join(names)})")
    if not replaced:
        return src
    paths = src.paths
    for n in replaced:
        paths[n] = os.path.join(folder, n)
    return Source(folder, paths, tuple(replaced), digest(folder, replaced))


def register(game: str, src: Source) -> Source:
    """Remember what the game module loaded (for notices and fingerprints)."""
    _loaded[game] = src
    return src


def loaded(game: str) -> Source:
    """The data source of `game` in this process (imports the game's data)."""
    if game not in _loaded:
        from meeple.core.spec import declared

        declared(game).data()  # the game's data module registers what it read
        _loaded.setdefault(game, Source(None, {}, (), None))  # a game without data files
    return _loaded[game]


def fingerprint(game: str) -> str | None:
    return loaded(game).fingerprint


def notice(game: str) -> str | None:
    return loaded(game).notice()


def stamp(game: str, doc: dict) -> dict:
    """A STATE document with the data fingerprint it was made with (none when packaged)."""
    fp = fingerprint(game)
    if fp is not None:
        doc["data"] = fp
    return doc


def require(game: str, fp) -> None:
    """Refuse a STATE or record made with data other than this process's."""
    mine = fingerprint(game)
    if fp == mine:
        return
    if fp is None:
        raise BadState(
            f"this {game} game was made with the packaged data, but this process uses "
            f"data from {loaded(game).folder}; run without --data / {ENV}"
        )
    if mine is None:
        raise BadState(f"this {game} game was made with other data (fingerprint {fp}); run with the same --data DIR")
    raise BadState(
        f"this {game} game was made with other data (fingerprint {fp}, "
        f"this process has {mine} from {loaded(game).folder})"
    )


# ------------------------------------------------- games with few plain files
class Checker:
    """Collects one line per problem of a data file: file, entry, what is wrong."""

    def __init__(self, game: str, file: str) -> None:
        self.prefix = f"{game} data {file}"
        self.lines: list[str] = []

    def need(self, cond, entry, msg: str) -> bool:
        if not cond:
            self.lines.append(f"{self.prefix}: entry {entry}: {msg}")
        return bool(cond)

    def whole(self, v, entry, what: str, lo: int, hi: int) -> bool:
        return self.need(
            isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi,
            entry,
            f"{what} must be a whole number from {lo} to {hi}, not {v!r}",
        )


def _read_json(checker: Checker, path: str):
    import json

    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        checker.lines.append(f"{checker.prefix}: cannot read: {e.strerror}")
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        checker.lines.append(f"{checker.prefix}: not JSON: {e}")
    return None


def check_files(
    game: str,
    validators: dict,
    packaged_folder: str,
    folder: str | None = None,
    provenance: tuple = (),
    unsure: tuple = ("placeholder",),
) -> tuple[list[str], list, dict]:
    """(problems, placeholders, {file: values}) of a game whose files are each
    checked by `validators[file](doc, checker) -> values`; a file whose
    provenance is `unsure` is listed as a placeholder."""
    try:
        src = source(game, tuple(validators), packaged_folder, folder)
    except GameError as e:
        return [str(e)], [], {}
    problems, placeholders, values = [], [], {}
    for name, validate in validators.items():
        checker = Checker(game, name)
        doc = _read_json(checker, src.paths[name])
        if doc is not None and checker.need(isinstance(doc, dict), "(file)", "must be a JSON object"):
            prov = doc.get("provenance")
            checker.need(prov in provenance, "provenance", f"must be one of {', '.join(provenance)}, not {prov!r}")
            values[name] = validate(doc, checker)
            if prov in unsure:
                placeholders.append((name, "(file)", doc.get("note", "")))
        problems += checker.lines
    return problems, placeholders, values


def load_files(game: str, validators: dict, packaged_folder: str, provenance: tuple) -> dict:
    """{file: values} for this process (`DIR/<game>` replacing packaged files);
    the first problem stops the game from loading."""
    src = register(game, source(game, tuple(validators), packaged_folder))
    problems, _, values = check_files(game, validators, packaged_folder, src.folder, provenance)
    if problems:
        raise GameError(
            f"{problems[0]} (meeple data-check {game} "
            f"{os.path.dirname(src.folder) if src.folder else packaged_folder} lists every problem)"
        )
    return values
