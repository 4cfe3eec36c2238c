"""Files for an analysis: analysis.json, analysis.md (for people, in their language), winchance.png."""

from __future__ import annotations

import json
import os

from babel.numbers import format_decimal, format_percent

from meeple.advisor.analysis import MODE
from meeple.i18n import DEFAULT, LANGUAGES, format_list, translate

GAME_NAME = {"ethnos": "common.game.ethnos", "okc": "common.game.okc", "anunnaki": "common.game.anunnaki"}


def write_analysis(rep: dict, out: str, lang: str = DEFAULT) -> list[str]:
    """The three files; analysis.md in `lang` (the JSON's fields are the contract, not words)."""
    os.makedirs(out, exist_ok=True)
    paths = [os.path.join(out, name) for name in ("analysis.json", "analysis.md", "winchance.png")]
    with open(paths[0], "w") as f:
        json.dump(rep, f, indent=1)
    with open(paths[1], "w", encoding="utf-8") as f:
        f.write(summary(rep, lang))
    plot_win_chance(rep, paths[2])
    return paths


def _locale(lang: str) -> str:
    return lang if lang in LANGUAGES else DEFAULT  # (the pseudo-locale writes numbers as English does)


def percent(x, lang: str = DEFAULT) -> str:
    """A chance as `lang` writes a percentage ("42%", "42 %"); "-" for none."""
    return "-" if x is None else format_percent(x, locale=_locale(lang))


def decimal(x: float, places: int, lang: str = DEFAULT) -> str:
    """`x` to `places` decimals as `lang` writes it ("0.25", "0,25")."""
    return format_decimal(round(x, places), "0." + "0" * places, locale=_locale(lang))


def summary(rep: dict, lang: str = DEFAULT) -> str:
    """The analysis in words (`lang`'s): per seat, then where the game was
    lost, then every decision. Moves stay in notation: they are what a
    player types and `meeple apply` reads."""

    def t(key: str, **values: object) -> str:
        return translate(key, lang, **values)

    def pct(x) -> str:
        return percent(x, lang)

    budget = rep["budget"]
    spent = (
        t("report.spent.simulations", count=budget["iterations"])
        if budget["iterations"]
        else t("report.spent.seconds", seconds=budget["seconds"])
    )
    mode = t("report.mode.seat_view") if rep["mode"] == MODE else rep["mode"]
    game = t(GAME_NAME[rep["game"]]) if rep["game"] in GAME_NAME else rep["game"]
    lines = [
        "# " + t("report.title", game=game, players=t("report.players", count=rep["players"]), seed=str(rep["seed"])),
        "",
        t(
            "report.search",
            mode=mode,
            spent=spent,
            decisions=t("report.decisions", count=len(rep["decisions"])),
            seconds=rep["seconds"],
            workers=t("report.workers", count=rep["workers"]),
            backend=t("report.backend.process") if rep["backend"] == "process" else rep["backend"],
        ),
        t("report.finished.yes", seats=format_list([str(w) for w in rep["winners"]], lang))
        if rep["finished"]
        else t("report.finished.no"),
        "",
        _row(t("report.seat"), t("report.score"), t("report.won"), t("report.decisions.head"),
             t("report.matched"), t("report.given_away")),
        "|---|---|---|---|---|---|",
    ]  # fmt: skip
    for s in rep["seats"]:
        won = "-" if s["won"] is None else (t("report.yes") if s["won"] else t("report.no"))
        lines.append(_row(str(s["seat"]), str(s["score"]), won, str(s["decisions"]), str(s["matched_best"]),
                          decimal(s["total_cost"], 2, lang)))  # fmt: skip
    lines += ["", "## " + t("report.lost.title"), "", t("report.lost.intro"), ""]
    costly = sorted((r for r in rep["decisions"] if r.get("costly")), key=lambda r: -r["cost"])
    for r in costly:
        lines.append(
            "- "
            + t(
                "report.lost.move",
                move=str(r["ply"] + 1),
                seat=str(r["seat"]),
                played=f"`{r['played']}`",
                played_win=pct(r["played_win"]),
                best=f"`{r['best']}`",
                before=pct(r["before"]),
                cost=pct(r["cost"]),
            )
        )
    if not costly:
        lines.append("- " + t("report.lost.none"))
    lines += [
        "",
        "## " + t("report.every.title"),
        "",
        _row(t("report.move"), t("report.seat"), t("report.played"), t("report.chance_after"), t("report.best"),
             t("report.chance_before"), t("report.alternative"), t("report.its_chance")),
        "|---|---|---|---|---|---|---|---|",
    ]  # fmt: skip
    for r in rep["decisions"]:
        mark = " **" + t("report.costly") + "**" if r.get("costly") else ""
        lines.append(
            _row(str(r["ply"] + 1), str(r["seat"]), f"`{r['played']}`{mark}", pct(r["played_win"]), f"`{r['best']}`",
                 pct(r["before"]), f"`{r['alternative'] or '-'}`", pct(r["alternative_win"]))
        )  # fmt: skip
    return "\n".join(lines) + "\n"


def _row(*cells: str) -> str:
    return "| " + " | ".join(cells) + " |"


def plot_win_chance(rep: dict, path: str) -> None:
    """Each seat's estimated chance of winning at its decisions, move by move;
    the costly moves are circled."""
    from meeple.arena.report import _plt

    plt = _plt()
    fig, ax = plt.subplots(figsize=(10, 4.5))
    for seat in range(rep["players"]):
        rows = [r for r in rep["decisions"] if r["seat"] == seat]
        xs = [r["ply"] + 1 for r in rows]
        ys = [r["before"] for r in rows]
        if rep["finished"]:  # the end: won or not
            xs.append(rep["plies"])
            ys.append(1.0 if seat in rep["winners"] else 0.0)
        (line,) = ax.step(xs, ys, where="post", label=f"seat {seat}", linewidth=1.4)
        bad = [r for r in rows if r.get("costly")]
        ax.scatter(
            [r["ply"] + 1 for r in bad],
            [r["played_win"] for r in bad],
            s=60,
            facecolors="none",
            edgecolors=line.get_color(),
            linewidths=1.5,
        )
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("move")
    ax.set_ylabel("estimated chance of winning")
    ax.set_title(
        f"{rep['game']}, seed {rep['seed']}: win chance over the game (circles: the costliest moves, chance after them)"
    )
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
