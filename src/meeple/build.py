"""`meeple build`: compile the engine's rule modules with Cython, in place (optional).

meeple installs and plays as pure Python. Compiled, random play runs about
1.25 to 1.6 times as fast (`meeple.compiled`). The build runs `setup.py
build_ext --inplace` in the source checkout this package is imported from
(an editable install), one line per module as it goes; it needs the
`compile` extra (Cython) and a C compiler, and takes minutes on two cores.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from meeple import compiled
from meeple.cliargs import whole


def checkout() -> Path | None:
    """The source checkout holding this package (its setup.py), or None when
    meeple was installed from a wheel."""
    root = Path(compiled.__file__).resolve().parents[2]
    return root if (root / "setup.py").is_file() and (root / "src" / "meeple").is_dir() else None


def register(sub) -> None:
    p = sub.add_parser(
        "build",
        help="compile the engine's rule modules with Cython (optional: faster bots and benchmarks; needs "
        "the compile extra and a C compiler; minutes)",
    )
    p.add_argument(
        "--jobs", type=whole("jobs", 1, 64), default=None, help="C compilations at once (default: the machine's cores)"
    )
    p.add_argument(
        "modules",
        nargs="*",
        metavar="MODULE",
        help="only these modules (default: every one in meeple.compiled.MODULES)",
    )
    p.set_defaults(run=run)


def run(args) -> int:
    root = checkout()
    if root is None:
        print(
            "meeple build: compiles a source checkout (pip install -e .); this meeple is installed from a wheel",
            file=sys.stderr,
        )
        return 2
    if importlib.util.find_spec("Cython") is None:
        print("meeple build: Cython is missing: pip install -e '.[compile]'", file=sys.stderr)
        return 2
    unknown = sorted(set(args.modules) - set(compiled.MODULES))
    if unknown:
        print(f"meeple build: not compiled modules: {', '.join(unknown)}", file=sys.stderr)
        return 2
    modules = [m for m in compiled.MODULES if m in set(args.modules)] if args.modules else list(compiled.MODULES)
    print(f"meeple build: {len(modules)} modules, Cython then the C compiler, a line each", file=sys.stderr, flush=True)
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}
    env[compiled.COMPILE_ENV] = "1" if not args.modules else ",".join(modules)
    command = [sys.executable, "setup.py", "-q", "build_ext", "--inplace"]
    if args.jobs:
        command += ["--parallel", str(args.jobs)]
    done = subprocess.run(command, cwd=root, env=env)
    if done.returncode:
        print(
            f"meeple build: setup.py failed (exit {done.returncode}); the pure Python engine still runs",
            file=sys.stderr,
        )
        return 1
    return 0
