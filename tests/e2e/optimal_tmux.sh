#!/bin/sh
# Proven-shortest hints (O) in a real terminal: refused on a board without
# an optimal solver, given on the 4x4 torus and a practice 5x5x5 cube (not
# on a fully scrambled one), "shortest already" where the hints are, and
# on the
# 3x3x3 with an empty table cache a question with the build's cost before
# anything starts; once started, the build shows its progress, a key
# cancels it within a second, the clock goes on and the memory is given
# back.
# Usage: optimal_tmux.sh PATH/TO/twirl
set -u
twirl=$1
. "$(dirname "$0")/lib.sh"
e2e_init optimal
# Without meson's MALLOC_PERTURB_, which makes free() fill the build's
# gigabytes before it gives them back.
env="env -u MALLOC_PERTURB_ LANG=C.UTF-8 XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache"
# The quick hints' phase-1 table (the optimal solver's small one, 72 MB),
# which a game builds in the background before h is pressed, comes from
# the suite's cache when a solver test has made it: its build (minutes
# under the sanitizers) would compete with the timed steps below. The
# proven-shortest tables are others (slice-ucorners).
mkdir -p "$tmp/cache/twirl"
[ -f "${XDG_CACHE_HOME:-}/twirl/cube3-optimal-htm-slice.tbl" ] &&
    cp "$XDG_CACHE_HOME/twirl/cube3-optimal-htm-slice.tbl" "$tmp/cache/twirl/"

# game WINDOW ID: twirl playing ID in a new window; its pid in $tmp/WINDOW.pid.
game() {
	tm new-window -d -n "$1" "$env sh -c 'echo \$\$ > $tmp/$1.pid; exec $twirl play \"$2\"'; sleep 60"
	check "$1" "$1 opens" "$2"
}

game nrp 'nrp:4x4k2o#1'
tm send-keys -t nrp O
check nrp "O is refused where there is no optimal solver" "No proven-shortest hints on this board"
game big 'torus:6x6#1'
tm send-keys -t big O
check big "  ... the 6x6 torus" "No proven-shortest hints on this board"
game torus 'torus:4x4#8812'
tm send-keys -t torus O
check torus "O on the 4x4 torus: proven shortest hints" "Hints: proven shortest"
tm send-keys -t torus h
check torus "  ... the first move of an 11-move answer" "Hint: W3 (10 more to go)"
game rc 'rollcube:8x8#3'
tm send-keys -t rc O
check rc "the rolling cube's hints are shortest already" "proven shortest already"
game two 'cube:2#4'
tm send-keys -t two O
check two "  ... and the 2x2x2's" "proven shortest already"
game practice 'cube:5:turns=6#3'
check practice "a practice cube is counted in single-layer quarter turns" "Moves 0 sqtm"
check practice "  ... and named so" "Cube 5, practice, 6 turns"
tm send-keys -t practice O
check practice "O on a practice 5x5x5: proven shortest hints" "Hints: proven shortest"
tm send-keys -t practice h
check practice "  ... the first move of a 6-move answer" "more to go)" 10
# (No hint worked out in the background: it would build the 5x5x5's
# tables.)
tm new-window -d -n full "$env $twirl play --no-background 'cube:5#3'; sleep 60"
check full "full opens" "cube:5#3"
tm send-keys -t full O
check full "O is not offered on a fully scrambled 5x5x5" "No proven-shortest hints on this board"

game three 'cube:3#5'
tm send-keys -t three O
check three "O asks before building" "Shortest hints need tables: 2.55 GB disk, 7.5 GB memory"
check three "  ... with a question" "Build? (y/n)"
tm send-keys -t three n
sleep 0.3
[ -z "$(ls -A "$tmp/cache/twirl" 2>/dev/null | grep optimal |
    grep -Ev '^cube3-optimal-htm-slice\.(tbl|verified)$')" ] &&
    ok "  ... no: nothing is built" ||
    bad "  ... no: nothing is built" three
tm send-keys -t three O
check three "O asks again" "Build? (y/n)"
tm send-keys -t three y
check three "yes: the build starts, its progress shown" "Building tables for the 3x3x3 proven shortest, face turns" 15
sleep 3
pid=$(cat "$tmp/three.pid")
tm send-keys -t three x
check three "a key cancels within a second" "Solver cancelled" 1
clock=$(screen three | grep -o 'Time [0-9:]*')
sleep 1.5
[ "$(screen three | grep -o 'Time [0-9:]*')" != "$clock" ] && ok "  ... the clock goes on" ||
    bad "  ... the clock goes on ($clock)" three
n=0
while [ $n -lt 30 ]; do
	rss=$(ps -o rss= -p "$pid" 2>/dev/null | tr -d ' ')
	[ -n "$rss" ] && [ "$rss" -lt 400000 ] && break
	sleep 0.1
	n=$((n + 1))
done
[ -n "$rss" ] && [ "$rss" -lt 400000 ] && ok "  ... and the build's memory is given back" ||
    bad "  ... and the build's memory is given back (${rss:-?} kB: $(ps -o pid,rss,args -p "$pid" | tail -1))" three
tm send-keys -t three q
# (The quick hint's tables, which the game builds in the background
# before h is pressed, may be there: nothing of the optimal build is.)
[ -z "$(ls -A "$tmp/cache/twirl" 2>/dev/null | grep -v '^\.twirl-lock$' |
    grep -v '^cube2-distances\.tbl$' | grep -v '^cube3-two-phase\.tbl$' |
    grep -Ev '^cube3-optimal-htm-slice\.(tbl|verified)$')" ] &&
    ok "  ... leaving no optimal table and no temporary file" ||
    bad "  ... leaving no optimal table and no temporary file ($(ls -A "$tmp/cache/twirl"))" three

e2e_finish
