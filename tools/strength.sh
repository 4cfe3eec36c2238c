#!/usr/bin/env bash
# The 1-second strength measurement, in chunks that survive a stopped session.
#
#   [GAME=okc|anunnaki] tools/strength.sh COMMIT PLAYERS FIRST_SEED CHUNKS [OUT]
#
# GAME defaults to ethnos; another game's chunks go to OUT/GAME/COMMIT/...
# Plays `ismcts:1s` against greedy (PLAYERS 2: one greedy; 4: three greedy),
# 4 games a chunk with seats rotated, seeds FIRST_SEED, FIRST_SEED+1, ..., from
# a frozen worktree of COMMIT (later edits cannot change the bot mid-run), at
# nice 19: the budget is CPU time, so the load slows the games but does not
# change the play. Each finished chunk leaves OUT/COMMIT/pPLAYERS/sSEED/
# results.json (OUT defaults to bench/strength/runs); a chunk already there is
# skipped, so a later session simply runs the same command again with new
# seeds, and `python tools/arena_sum.py bench/strength/runs/COMMIT/p4/s*` sums.
# Each chunk is taken under a lock (flock), so the same command started once
# per core shares the seeds instead of playing them twice.
set -euo pipefail
commit=$(git rev-parse --short "$1"); players=$2; first=$3; chunks=$4
root=$(git rev-parse --show-toplevel)
game=${GAME:-ethnos}
sub=$commit; [ "$game" = ethnos ] || sub=$game/$commit
out=${5:-$root/bench/strength/runs}/$sub/p$players
tree=${TMPDIR:-/tmp}/meeple-strength-$commit
[ -d "$tree" ] || git worktree add -f "$tree" "$commit" >/dev/null
case $players in
  2) bots=ismcts:1s,greedy ;;
  4) bots=ismcts:1s,greedy,greedy,greedy ;;
  *) echo "players must be 2 or 4" >&2; exit 2 ;;
esac
locks=${TMPDIR:-/tmp}/meeple-strength-locks
mkdir -p "$out" "$locks"
for ((i = 0; i < chunks; i++)); do
  seed=$((first + i))
  exec 9>"$locks/$game-$commit-p$players-s$seed"
  if ! flock -n 9 || [ -f "$out/s$seed/results.json" ]; then exec 9>&-; continue; fi
  tmp=$(mktemp -d)
  if PYTHONPATH="$tree/src" nice -n 19 "$root/.venv/bin/python" -m meeple.cli arena "$game" \
       --bots "$bots" --games 4 --seed "$seed" --workers 1 --out "$tmp" --json >"$tmp/stdout" 2>&1; then
    mkdir -p "$out/s$seed" && cp "$tmp/results.json" "$out/s$seed/"
    echo "$(date -u +%FT%TZ) p$players seed $seed done"
  else
    echo "$(date -u +%FT%TZ) p$players seed $seed FAILED: $(tail -n 3 "$tmp/stdout")" >&2
  fi
  rm -rf "$tmp"
  exec 9>&-
done
