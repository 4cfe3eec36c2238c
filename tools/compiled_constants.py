"""Write the `.pxd` that gives a compiled module's integer constants C types:
python tools/compiled_constants.py [--check] MODULE ...

A compiled module (meeple.compiled) reads a module-level name from its
module's dict as a Python object, so `e[E_GID]` is a generic subscript (the
index an object: about 90 instructions); declared `cdef Py_ssize_t` in an
augmenting `.pxd` beside the source, the name is a C integer and the same
subscript takes Cython's list fast path (a few). The source is unchanged and
runs the same from source.

A name is declared when it is UPPERCASE, bound once at the module's top
level (by an import or one assignment) to an int well inside 64 bits, and no
other file takes it from this module (`from MODULE import NAME` or
`module.NAME`): a C global is not an attribute of its module. The rules are
checked again by tests/test_compiled.py, for every `.pxd` there is.

Run from the repository root; --check only says which `.pxd` would change.
"""

from __future__ import annotations

import ast
import functools
import importlib
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADER = (
    "# Written by tools/compiled_constants.py: this module's integer constants as C\n"
    "# integers when it is compiled (meeple.compiled); the source is unchanged.\n"
)
LIMIT = 1 << 62


def _top_level_bindings(tree: ast.Module) -> dict[str, int]:
    """name -> how many times the module's top level binds it (imports and
    assignments); a name also rebound elsewhere (global, augmented) counts many."""
    binds: dict[str, int] = {}
    for node in tree.body:
        names: list[str] = []
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [(a.asname or a.name).split(".")[0] for a in node.names]
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
            if isinstance(node, (ast.AugAssign, ast.For)):
                names = names * 2  # (rebound: never a constant)
        for n in names:
            binds[n] = binds.get(n, 0) + 1
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            for n in node.names:
                binds[n] = binds.get(n, 0) + 2
    return binds


@functools.cache
def _taken_by_file() -> dict[Path, dict[str, set[str]]]:
    """For each Python file of src, tests, tools and bench (one walk each):
    module -> the names the file takes from it, by `from module import NAME`
    or as `alias.NAME` where alias is the module imported."""
    out: dict[Path, dict[str, set[str]]] = {}
    for folder in ("src", "tests", "tools", "bench"):
        for path in ROOT.glob(f"{folder}/**/*.py"):
            taken: dict[str, set[str]] = {}
            aliases: dict[str, set[str]] = {}  # local name -> the modules it is bound to
            reads: list[tuple[str, str]] = []  # (local name, attribute)
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module:
                    taken.setdefault(node.module, set()).update(a.name for a in node.names)
                    for a in node.names:
                        aliases.setdefault(a.asname or a.name, set()).add(f"{node.module}.{a.name}")
                elif isinstance(node, ast.Import):
                    for a in node.names:
                        if a.asname:
                            aliases.setdefault(a.asname, set()).add(a.name)
                elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                    reads.append((node.value.id, node.attr))
            for name, attr in reads:
                for module in aliases.get(name, ()):
                    taken.setdefault(module, set()).add(attr)
            out[path] = taken
    return out


def taken_from(module: str) -> set[str]:
    """The names other files take from `module` (see _taken_by_file)."""
    own = ROOT / "src" / Path(*module.split(".")).with_suffix(".py")
    return set().union(*(t.get(module, ()) for path, t in _taken_by_file().items() if path != own))


def constants(module: str) -> list[str]:
    """The names of `module` that its `.pxd` declares C integers (see above)."""
    source = ROOT / "src" / Path(*module.split(".")).with_suffix(".py")
    binds = _top_level_bindings(ast.parse(source.read_text(encoding="utf-8")))
    loaded = importlib.import_module(module)
    taken = taken_from(module)
    out = []
    for name, count in binds.items():
        value = getattr(loaded, name, None)
        if (
            count == 1
            and name.lstrip("_").isupper()
            and type(value) is int
            and -LIMIT < value < LIMIT
            and name not in taken
        ):
            out.append(name)
    return sorted(out)


def pxd_text(module: str) -> str | None:
    names = constants(module)
    if not names:
        return None
    return HEADER + "cdef Py_ssize_t " + ", ".join(names) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    os.environ["MEEPLE_PURE"] = "1"  # (the values, read from source)
    sys.path.insert(0, str(ROOT / "src"))
    import meeple.games  # noqa: F401  (registers the games)

    stale = 0
    for module in [a for a in argv if not a.startswith("--")]:
        pxd = (ROOT / "src" / Path(*module.split("."))).with_suffix(".pxd")
        text = pxd_text(module)
        now = pxd.read_text(encoding="utf-8") if pxd.exists() else None
        if text == now:
            continue
        stale += 1
        print(f"{pxd.relative_to(ROOT)}: {'would change' if check else 'written'}")
        if not check:
            if text is None:
                pxd.unlink()
            else:
                pxd.write_text(text, encoding="utf-8")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
