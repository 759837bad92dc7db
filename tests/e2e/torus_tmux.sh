#!/bin/sh
# The real binary in a real terminal (tmux): start at the menu, open a
# torus game by its ID, shift a row, undo, hint, resize, watch the
# solution, quit; then Ctrl-C and SIGTERM mid-game. The screen is read
# back and asserted, and the terminal must be sane after every exit.
# Usage: torus_tmux.sh PATH/TO/twirl
set -u
twirl=$1
. "$(dirname "$0")/lib.sh"
e2e_init torus

# The board's tile numbers, one line per board row.
board_rows() {
	screen "$1" | grep -E '^ *(│|▶|\||>)' | grep -E '[0-9]' |
	    sed 's/[^0-9]/ /g' | tr -s ' ' | sed 's/^ //; s/ $//'
}

# check_row PANE NAME ROW WANT: board row ROW (from 1) reads WANT.
check_row() {
	n=0
	while [ $n -lt 30 ]; do
		got=$(board_rows "$1" | sed -n "${3}p")
		[ "$got" = "$4" ] && { ok "$2"; return; }
		sleep 0.1
		n=$((n + 1))
	done
	bad "$2 (row $3 is '$got', want '$4')" "$1"
}

# sane_after NAME FILE: stty -a output taken after twirl exited.
sane_after() {
	n=0
	while [ ! -s "$2" ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
	if [ ! -s "$2" ]; then
		bad "$1: twirl did not exit" main
	elif grep -Eq '(^| )-(icanon|echo)( |$)' "$2"; then
		bad "$1: terminal left in raw/noecho mode: $(grep -o -- '-icanon\|-echo ' "$2")" main
	else
		ok "$1: terminal sane afterwards"
	fi
}

run_pane() { # NAME COMMAND...: a window running twirl, then stty into files
	name=$1
	shift
	tm new-window -d -n "$name" "env LANG=C.UTF-8 XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state $*; echo \$? > $tmp/$name.exit; stty -a > $tmp/$name.stty; sleep 60"
}

tm set-option -g default-terminal screen >/dev/null 2>&1

# 1. The menu, then a game by ID through the prompt.
run_pane play "$twirl"
check play "menu shows the torus presets" "Torus 4x4"
select_item play "Enter a game ID"
tm send-keys -t play Enter
check play "game ID prompt opens" "Game ID"
tm send-keys -t play "torus:3x3:2,1,3,5,4,6,7,8,9" Enter
check play "game opens with its ID in the status line" "torus:3x3:2,1,3,5,4,6,7,8,9"
check_row play "start position drawn" 2 "5 4 6"

# 2. Shift row 1 east (the cursor starts on tile 1), then undo.
tm send-keys -t play d
check play "move counted" "Moves 1 drag"
check_row play "row 1 shifted east" 1 "3 2 1"
tm send-keys -t play u
check play "undo counted back" "Moves 0 drag"
check_row play "undo restores row 1" 1 "2 1 3"

# 3. A hint plays one solver move.
tm send-keys -t play h
check play "hint shown" "Hint:"
check play "hint counted as a move" "Moves 1 drag"

# 4. Resize: smaller still fits, tiny says so, back again.
tm resize-window -t play -x 50 -y 16 2>/dev/null || tm resize-window -t main -x 50 -y 16
check play "board redrawn at 50x16" "Moves 1 drag"
tm resize-window -t play -x 12 -y 4 2>/dev/null || tm resize-window -t main -x 12 -y 4
check play "tiny terminal says too small, in the words that fit" "Too small"
tm resize-window -t play -x 100 -y 30 2>/dev/null || tm resize-window -t main -x 100 -y 30
check play "board back after resize" "Moves 1 drag"
[ "$(board_rows play | wc -l)" -eq 3 ] && ok "three board rows drawn" || bad "three board rows drawn" play

# 5. Watch the solution to the end, then quit.
tm send-keys -t play H
check play "solution plays to solved" "SOLVED" 20
check play "solved with help is said" "Solved with help"
tm send-keys -t play q
sane_after "quit with q" "$tmp/play.stty"
[ "$(cat "$tmp/play.exit" 2>/dev/null)" = 0 ] && ok "q exits 0" || bad "q exits 0 (got $(cat "$tmp/play.exit" 2>/dev/null))" main

# 6. q mid-game asks first; n answers no.
run_pane ask "$twirl play 'torus:4x4#31'"
check ask "seeded game opens" "torus:4x4#31"
tm send-keys -t ask d q
check ask "q asks when a game is in progress" "Quit twirl?"
tm send-keys -t ask n
sleep 0.3
if screen ask | grep -Fq "Quit twirl?" || [ -e "$tmp/ask.exit" ]; then
	bad "answering n keeps playing" ask
else
	ok "answering n keeps playing"
fi
check ask "the game is still counted" "Moves 1 drag"

# 7. Ctrl-C mid-game restores the terminal.
tm send-keys -t ask C-c
sane_after "Ctrl-C" "$tmp/ask.stty"
[ "$(cat "$tmp/ask.exit")" = 130 ] && ok "Ctrl-C exits 130" || bad "Ctrl-C exit status $(cat "$tmp/ask.exit")" main

# 8. SIGTERM mid-game restores the terminal.
run_pane term "$twirl play 'torus:5x5#2'"
check term "game for SIGTERM opens" "torus:5x5#2"
pid=
for p in /proc/[0-9]*; do
	if tr '\0' ' ' < "$p/cmdline" 2>/dev/null | grep -q "^$twirl play torus:5x5#2"; then
		pid=${p#/proc/}
	fi
done
if [ -n "$pid" ]; then
	kill -TERM "$pid"
	sane_after "SIGTERM" "$tmp/term.stty"
	[ "$(cat "$tmp/term.exit")" = 143 ] && ok "SIGTERM exits 143" || bad "SIGTERM exit status $(cat "$tmp/term.exit")" main
else
	bad "SIGTERM: twirl process not found" term
fi

e2e_finish
