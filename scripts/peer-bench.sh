#!/usr/bin/env bash
# Figgle against Planka 2.1.1, side by side on this machine (issue 40): the peer-bench harness, whose
# folder is the first argument (in this workplace ../shared/peer-bench), copied to .tmp/peer-bench,
# set up once, then run PEER_ROUNDS times (3 by default) on this checkout. Each round prints its table
# (the harness's report.md) with the load average it ran at.
#
#   PLANKA_GIT_DIR=/path/to/plankanban/planka.git bash scripts/peer-bench.sh ../shared/peer-bench
#
# The harness is not ours and is not copied into the repository. One patch is applied to the
# copy, bench/peer/*.patch, for two of Figgle's session rules the harness predates: a confirmation link
# is bound to the browser that signed up (a cookie, issue 37 item 1), and one session holds at most 20
# live sockets (its 49 listeners now use three sessions of the same person).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
harness="${1:?usage: scripts/peer-bench.sh <peer-bench harness folder>}"
harness="$(cd "$harness" && pwd)"
work="$root/.tmp/peer-bench"
rounds="${PEER_ROUNDS:-3}"

if [ ! -f "$work/run.mjs" ]; then
  mkdir -p "$work"
  cp -r "$harness"/. "$work"/
  for patch in "$root"/bench/peer/*.patch; do
    patch -d "$work" -p1 --forward < "$patch"
  done
fi
cd "$work"
[ -d node_modules ] || ./setup.sh deps
./setup.sh pg-start
if [ ! -d .planka/app ]; then
  : "${PLANKA_GIT_DIR:?set PLANKA_GIT_DIR to a git mirror of plankanban/planka (the search tool fetches one)}"
  ./setup.sh planka
fi
./setup.sh db

for round in $(seq 1 "$rounds"); do
  echo "=== peer bench, round $round of $rounds ($(uptime)) ==="
  results="$work/results/$(date -u +%Y-%m-%dT%H-%M-%S)-round-$round"
  FIGGLE_DIR="$root" PERF_RESULTS_DIR="$results" node run.mjs
  cat "$results/report.md"
done
