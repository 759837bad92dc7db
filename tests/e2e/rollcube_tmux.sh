#!/bin/sh
# The rolling cube in a real terminal: open level 1 from the level chooser,
# play the optimal path that `twirl solve` prints, and check the level is
# marked solved with a perfect count and the progress file written; then
# H and End on a board whose answer is two billion rolls.
# Usage: rollcube_tmux.sh PATH/TO/twirl
set -u
twirl=$1
data=$(cd "$(dirname "$0")/../../data" && pwd)
. "$(dirname "$0")/lib.sh"
e2e_init rc
env="env LANG=C.UTF-8 XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state TWIRL_DATA_DIR=$data"

# The level's game ID, from its file, to ask the solver for the path.
level="$data/rollcube/01.level"
start=$(sed -n 's/^start=//p' "$level")
goal=$(sed -n 's/^goal=//p' "$level")
label=$(sed -n 's/^label=//p' "$level")
map=$(grep -v '=' "$level" | grep -v '^;' | grep -v '^$' | tr '#' 'x' | paste -sd/ -)
rows=$(echo "$map" | tr '/' '\n' | wc -l)
cols=$(echo "$map" | cut -d/ -f1 | tr -d '\n' | wc -c)
id="rollcube:${rows}x${cols}:map=$map:start=$start:goal=$goal:label=$label"
moves=$($env "$twirl" solve "$id") || { echo "FAIL cannot solve level 1: $id"; exit 1; }
ok "level 1 solves from the command line: $moves"

tm new-window -d -n play "$env $twirl; echo \$? > $tmp/exit; sleep 60"
check play "menu lists the levels" "Rolling cube levels..."
select_item play "Rolling cube levels"
tm send-keys -t play Enter
check play "level chooser opens" "Rolling cube levels   0 of 24 solved"
tm send-keys -t play Enter
check play "a first try opens with the rules" "Under Abbott's rule a * cell is wild"
tm send-keys -t play Escape
check play "level 1 opens" "Level 1:"
check play "the die's net is drawn" "[1] top"

# Play the optimal path as keys (N=w, E=d, S=s, W=a).
keys=$(echo "$moves" | sed 's/N/w/g; s/E/d/g; s/S/s/g; s/W/a/g')
for k in $keys; do
	tm send-keys -t play "$k"
	sleep 0.25
done
check play "level solved with the optimum" "perfect!"
tm send-keys -t play Escape
check play "back in the chooser, marked solved" "1 of 24 solved"
check play "best count shown against the optimum" " *"
grep -q '^rollcube/01=' "$tmp/data/twirl/progress" && ok "progress file written" ||
    bad "progress file written" play
tm send-keys -t play Escape q
n=0
while [ ! -s "$tmp/exit" ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
[ "$(cat "$tmp/exit" 2>/dev/null)" = 0 ] && ok "exits 0" || bad "exits 0" play

# A two-billion-roll answer: H plays it, End lands on the goal at once
# (within a second, the keys still answered), and the save stays small.
huge='rollcube:1000000000x1000000000:start=1,1:goal=999999990,999999990:label=3'
tm new-window -d -n huge "$env $twirl play '$huge'; echo \$? > $tmp/huge.exit; sleep 60"
check huge "the huge board opens" "Rolling cube 1000000000x1000000000"
tm send-keys -t huge H
check huge "the solution counts every roll" "Solution: 1,999,999,978 moves"
tm send-keys -t huge End
check huge "End lands on the goal within a second" "Moves 1999999978" 1
check huge "  ... solved" "Solved with help (1999999978 hint moves)" 1
tm send-keys -t huge u
check huge "  ... and the keys still answer (undo)" "Moves 1999999977" 1
tm send-keys -t huge q y
n=0
while [ ! -s "$tmp/huge.exit" ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
[ "$(cat "$tmp/huge.exit" 2>/dev/null)" = 0 ] && ok "  ... exits 0" || bad "  ... exits 0" huge

e2e_finish
