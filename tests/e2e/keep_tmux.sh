#!/bin/sh
# Nothing is lost, every record is true, every screen fits: the unfinished
# game survives twirl play, quitting with no moves, SIGTERM, SIGHUP and
# Ctrl-O; a game that cannot be kept says so on screen and on stderr, and
# is saved to a file the player names; a
# solve is recorded in the statistics file and shown; the menu and an
# 11x11x11 cube play at 80x24; with --ascii every screen is 7-bit ASCII.
# Usage: keep_tmux.sh PATH/TO/twirl
set -u
twirl=$1
. "$(dirname "$0")/lib.sh"
e2e_init keep
data=$tmp/data
state=$tmp/state
saves=$data/twirl/saves
autosave=$state/twirl/autosave.twirl

# kept WHAT TEXT: some file among the saved games holds TEXT.
kept() {
	grep -qsF -- "$2" "$saves"/*.twirl && ok "$1" || {
		echo "FAIL $1 (no save holds '$2'; saves: $(ls "$saves" 2>/dev/null | tr '\n' ' '))"
		failures=$((failures + 1))
	}
}

# in_autosave WHAT TEXT: the autosave holds TEXT.
in_autosave() {
	grep -qsF -- "$2" "$autosave" && ok "$1" || {
		echo "FAIL $1 (autosave: $(head -c 300 "$autosave" 2>/dev/null))"
		failures=$((failures + 1))
	}
}

# 1. A game left with q is autosaved; twirl play of another game keeps it
#    among the saved games first and says so.
run one "play 'torus:4x4#77'"
check one "first game opens" "torus:4x4#77"
typed one E1
check one "a move made" "Moves 1"
tm send-keys -t one q
check one "quit asks" "Quit twirl?"
tm send-keys -t one y
exited one 0
in_autosave "the first game is autosaved" "torus:4x4#77"

run two "play 'cube:2#5'"
check two "twirl play says where the first game went" "kept in Saved games"
kept "the first game is among the saved games" "torus:4x4#77"
typed two R
check two "a turn made" "Moves 1"
tm send-keys -t two q y
exited two 0
in_autosave "the second game is autosaved" "cube:2#5"

# 2. play, then q with no move made: the unfinished cube is not dropped.
run three "play 'torus:3x3#9'"
check three "third game opens" "torus:3x3#9"
tm send-keys -t three q
exited three 0
kept "quitting with no moves keeps the game before it" "cube:2#5"

# 3. SIGTERM and SIGHUP mid-game: the game is autosaved before exit.
for sig in TERM HUP; do
	w=sig$sig
	run "$w" "play 'torus:5x5#$sig'"
	check "$w" "game for SIG$sig opens" "torus:5x5#$sig"
	typed "$w" "E1 S2"
	check "$w" "two moves before SIG$sig" "Moves 2"
	kill -"$sig" "$(cat "$tmp/$w.pid")"
	n=0
	while [ ! -s "$tmp/$w.exit" ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
	in_autosave "SIG$sig: the game is autosaved" "torus:5x5#$sig"
	grep -qs "^move=[0-9]* S2" "$autosave" && ok "SIG$sig: with its moves" ||
	    bad "SIG$sig: with its moves ($(grep -c move "$autosave" 2>/dev/null))" "$w"
done

# The menu stopped by SIGTERM says so in its status (128 + 15), as play does.
STATE=$tmp/state-menuterm run menuterm ""
check menuterm "menu for SIGTERM opens" "rotation puzzles"
kill -TERM "$(cat "$tmp/menuterm.pid")"
exited menuterm 143

# 4. Ctrl-O to resume another game keeps this one first.
run ctrlo "play 'torus:6x6#4'"
check ctrlo "game for Ctrl-O opens" "torus:6x6#4"
typed ctrlo N2
check ctrlo "a move before Ctrl-O" "Moves 1"
tm send-keys -t ctrlo C-o
check ctrlo "Ctrl-O lists the saved games" "Saved games"
n=0
while ! screen ctrlo | grep -E '▶|^ *[^ ].*Cube 2' | grep -q 'Cube 2' && [ $n -lt 20 ]; do
	tm send-keys -t ctrlo Down
	sleep 0.1
	n=$((n + 1))
done
tm send-keys -t ctrlo Enter
check ctrlo "another game resumed, this one kept" "The game you left is kept in Saved games"
kept "the game left by Ctrl-O is among the saved games" "torus:6x6#4"
tm send-keys -t ctrlo q y
exited ctrlo 0

# 5. A game that cannot be kept (the state directory is a file): the
#    reason on screen, a question, and the reason again on stderr.
: > "$tmp/not-a-dir"
STATE=$tmp/not-a-dir run lost "play 'torus:4x4#5'"
check lost "game for a failing autosave opens" "torus:4x4#5"
typed lost E1
check lost "a move before the failing quit" "Moves 1"
tm send-keys -t lost q y
check lost "the failure is on screen" "could not be kept"
tm send-keys -t lost y
exited lost 0
grep -q "was not kept" "$tmp/lost.err" && ok "the failure is on stderr after the screen" ||
    bad "the failure is on stderr ($(cat "$tmp/lost.err"))" lost

# 5b. The same failure: the periodic autosave says it failed, and at the
#     question Ctrl-S takes a file name the player types, saves there
#     and leaves.
STATE=$tmp/not-a-dir run elsewhere "play 'torus:4x4#6'"
check elsewhere "game for a failing autosave opens" "torus:4x4#6"
typed elsewhere "E1 E2 E3 E4 E1 E2 E3 E4 E1 E2"
check elsewhere "the failing autosave is said" "The autosave failed"
tm send-keys -t elsewhere q y
check elsewhere "the question offers a file" "Ctrl-S: save it to a file you name"
tm send-keys -t elsewhere C-s
check elsewhere "Ctrl-S asks which file" "Save to file"
tm send-keys -t elsewhere C-u
tm send-keys -t elsewhere -l "$tmp/elsewhere.twirl"
tm send-keys -t elsewhere Enter
exited elsewhere 0
"$twirl" replay --verify "$tmp/elsewhere.twirl" >/dev/null 2>&1 &&
    ok "the game is in the file typed, whole" || bad "the game is in the file typed" elsewhere
grep -q "saved to $tmp/elsewhere.twirl" "$tmp/elsewhere.err" && ok "  ... and stderr says where" ||
    bad "  ... and stderr says where ($(cat "$tmp/elsewhere.err"))" elsewhere

# 6. A solve is recorded (atomically, beside the saves) and shown.
run solve "play 'torus:2x2:2,1,3,4'"
typed solve E1
check solve "solved, a first record" "First solve of this board"
grep -q "^torus:2x2 solves=1 moves=1 " "$data/twirl/stats" && ok "stats file written" ||
    bad "stats file written ($(cat "$data/twirl/stats" 2>/dev/null))" solve
tm send-keys -t solve Escape
check solve "back at the menu" "rotation puzzles for the terminal"
select_item solve "Statistics..."
tm send-keys -t solve Enter
check solve "the statistics screen shows the board" "torus:2x2"
screen solve | grep -E "torus:2x2 +1 +1 " >/dev/null && ok "one solve in one move shown" ||
    bad "one solve in one move shown" solve
tm send-keys -t solve Escape q
exited solve 0

# 7. 80x24: the menu scrolls to its last item; an 11x11x11 cube plays.
STATE=$tmp/state-small run small ""
check small "menu at 80x24 says more is below" "more"
tm send-keys -t small End
check small "End reaches Quit" "▶ Quit"
check small "Saved games reachable" "Saved games..."
tm send-keys -t small q y
exited small 0
run big "play 'cube:11#3'"
check big "cube 11 opens at 80x24" "cube:11#3"
screen big | grep -q "too small" && bad "cube 11 fits 80x24" big || ok "cube 11 fits 80x24"
typed big "3Rw"
check big "cube 11 turns" "Moves 1"
tm send-keys -t big q y
exited big 0

# 8. --ascii: every screen is 7-bit ASCII, byte by byte.
ascii_screen() { # NAME WINDOW
	if screen "$2" | LC_ALL=C grep -q '[^ -~]'; then
		bad "$1 is ASCII ($(screen "$2" | LC_ALL=C grep -n '[^ -~]' | head -2))" "$2"
	else
		ok "$1 is ASCII"
	fi
}
run asc "--ascii"
check asc "ascii menu opens" "Torus"
ascii_screen "menu" asc
tm send-keys -t asc End
sleep 0.2
ascii_screen "menu scrolled" asc
tm send-keys -t asc ?
sleep 0.3
ascii_screen "menu help" asc
tm send-keys -t asc Escape q y
for id in 'torus:4x4#1' 'cube:3#1' 'cube:11#1' 'nrp:4x4k3o#2' 'rollcube:8x8#3'; do
	w=a$(echo "$id" | tr -c 'a-z0-9' '_')
	run "$w" "--ascii play '$id'"
	check "$w" "$id opens in ASCII" "$id"
	ascii_screen "$id" "$w"
	tm send-keys -t "$w" ?
	sleep 0.3
	ascii_screen "$id help" "$w"
	tm send-keys -t "$w" Escape h
	sleep 1
	ascii_screen "$id hint" "$w"
	tm send-keys -t "$w" q y
done

e2e_finish
