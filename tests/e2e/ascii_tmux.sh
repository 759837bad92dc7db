#!/bin/sh
# Plain ASCII wherever it is chosen: under LANG=C (the locale chooses it)
# and with --ascii in a UTF-8 terminal, every screen (the menu, each
# puzzle's game with a hint and its help, the saved games, the menu again
# after a game) holds only 7-bit characters.
# Usage: ascii_tmux.sh PATH/TO/twirl
set -u
twirl=$1
. "$(dirname "$0")/lib.sh"
e2e_init ascii

# clean PANE WHAT: the pane's screen is 7-bit, with no "??" where a
# character could not be shown.
clean() {
	sleep 0.25
	if screen "$1" | LC_ALL=C grep -q '[^ -~]'; then
		bad "$2: not 7-bit: $(screen "$1" | LC_ALL=C grep -n '[^ -~]' | head -2)" "$1"
	elif screen "$1" | grep -Fq '??'; then
		bad "$2: characters shown as ?: $(screen "$1" | grep -Fn '??' | head -2)" "$1"
	else
		ok "$2"
	fi
}

game=0
# The sanitized tier checks the locale's way only: the drawing is the
# same code, and the e2e suite's time counts twice.
modes="locale flag"
[ "${TWIRL_TEST_TIER:-default}" = sanitized ] && modes=locale
for how in $modes; do
	if [ "$how" = locale ]; then
		env="env LANG=C LC_ALL=C"
		flag=
	else
		env="env LANG=C.UTF-8 LC_ALL=C.UTF-8"
		flag=--ascii
	fi
	env="$env XDG_DATA_HOME=$tmp/data-$how XDG_STATE_HOME=$tmp/state-$how"
	tm new-window -d -n "$how" "$env $twirl $flag; sleep 60"
	check "$how" "$how: the menu opens" "rotation puzzles for the terminal"
	clean "$how" "$how: the menu"
	tm send-keys -t "$how" '?'
	clean "$how" "$how: the menu's help"
	tm send-keys -t "$how" Escape
	select_item "$how" "Saved games"
	tm send-keys -t "$how" Enter
	check "$how" "$how: the saved games open" "Saved games"
	clean "$how" "$how: the saved games"
	tm send-keys -t "$how" Escape q
	for id in 'torus:4x4#5' 'rollcube:8x8#5' 'nrp:4x4k3#5' 'cube:6#5'; do
		game=$((game + 1))
		tm new-window -d -n "g$game" "$env $twirl $flag play '$id'; sleep 60"
		check "g$game" "$how: $id opens" "${id%%#*}"
		case $id in
		cube:6*) ;;     # its hint may first build tables: the board alone
		*)
			tm send-keys -t "g$game" h
			check "g$game" "$how: $id gives a hint" "Hint" 20
			;;
		esac
		clean "g$game" "$how: $id"
		tm send-keys -t "g$game" '?'
		clean "g$game" "$how: $id's help"
		tm send-keys -t "g$game" Escape Escape
		sleep 0.2
		tm send-keys -t "g$game" y
		check "g$game" "$how: back at the menu from $id" "rotation puzzles for the terminal"
		clean "g$game" "$how: the menu after $id"
		tm send-keys -t "g$game" q
	done
done

e2e_finish
