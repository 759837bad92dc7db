#!/bin/sh
# The layering rule of DESIGN's "Layers" (README, "Layout"): src/ holds the
# three layers and main.c; the engine includes nothing above it, the
# solvers include the engine and nothing of the front end, and only the
# front end includes curses. Fails naming each include that breaks it.
# Usage: layers.sh SOURCE_ROOT
set -u
src=$1/src
failures=0
bad() { echo "FAIL $1"; failures=$((failures + 1)); }

top=$(cd "$src" && ls | tr '\n' ' ')
[ "$top" = "engine main.c solvers ui " ] || bad "src/ holds '$top', not 'engine main.c solvers ui'"

# includes FOLDER PATTERN: the lines of FOLDER's sources that include PATTERN
includes() { grep -rnE "^#[[:space:]]*include[[:space:]]*$2" "$src/$1" --include='*.c' --include='*.h'; }

hits=$(includes engine '"(solvers|ui)/')
[ -z "$hits" ] || bad "the engine includes a layer above it:
$hits"
hits=$(includes solvers '"ui/')
[ -z "$hits" ] || bad "a solver includes the front end:
$hits"
hits=$( (includes engine '<n?curses'; includes solvers '<n?curses') )
[ -z "$hits" ] || bad "curses outside src/ui:
$hits"
# Every puzzle has a folder of its name in each layer.
for p in $(sed -n "s/^puzzles = \[\(.*\)\]$/\1/p" "$1/meson.build" | tr -d "' " | tr , ' '); do
	for layer in engine solvers ui; do
		[ -d "$src/$layer/$p" ] || bad "puzzle $p has no folder src/$layer/$p"
	done
done
[ $failures -eq 0 ] && echo "ok   the layers hold"
exit $((failures > 0))
