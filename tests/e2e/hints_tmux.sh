#!/bin/sh
# Hints without waiting, in a real terminal: on every big cube, 4x4x4 to
# 11x11x11, the game works out its answer in the background while the
# player looks at the scramble, so h pressed 30 s after the game opened
# shows the hint at once. The test allows 1.5 s for what should take a few
# milliseconds (tmux's screen reads and a loaded machine); the figures
# themselves come from bench_hints (BENCHMARKS.md). The tables are built
# first (`twirl cache build`), as a player's cache would hold them.
# Usage: hints_tmux.sh PATH/TO/twirl
set -u
twirl=$1
. "$(dirname "$0")/lib.sh"
e2e_init hints
env="env LANG=C.UTF-8 XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state"

if $twirl cache build > "$tmp/build.out" 2>&1; then
	ok "the tables are built"
else
	echo "FAIL twirl cache build: $(tail -3 "$tmp/build.out")"
	failures=$((failures + 1))
fi

# now_ms: the monotonic-enough wall clock in milliseconds.
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

for size in 4 5 6 7 8 9 10 11; do
	w=cube$size
	tm new-window -d -n "$w" "$env $twirl play 'cube:$size#1'; sleep 60"
	if ! wait_for "$w" "cube:$size#1" 10; then
		bad "cube:$size#1 opens" "$w"
		continue
	fi
	sleep 30
	t0=$(now_ms)
	tm send-keys -t "$w" h
	if wait_for_fast "$w" "Hint:" 60; then
		ms=$(( $(now_ms) - t0 ))
		if [ "$ms" -le 1500 ]; then
			ok "cube:$size#1: h 30 s after opening shows the hint in $ms ms"
		else
			bad "cube:$size#1: h 30 s after opening shows the hint in $ms ms (more than 1,500)" "$w"
		fi
	else
		bad "cube:$size#1: h 30 s after opening shows a hint" "$w"
	fi
	tm kill-window -t "$w"
done

e2e_finish
