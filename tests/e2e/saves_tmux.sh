#!/bin/sh
# Saved games in a real terminal: play, quit, start again, resume the
# autosave, keep it among the saves, resume it from the list, save it
# again (Ctrl-S) and leave: the file it came from is updated, no copy made;
# then watch a sample replay and step through it.
# Usage: saves_tmux.sh PATH/TO/twirl
set -u
twirl=$1
replays=$(cd "$(dirname "$0")/../../data/replays" && pwd)
. "$(dirname "$0")/lib.sh"
e2e_init saves
env="env LANG=C.UTF-8 XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state"

board() {
	screen "$1" | grep -E '^ *(│|▶)' | grep -E '[0-9]' |
	    sed 's/[^0-9]/ /g' | tr -s ' ' | sed 's/^ //; s/ $//' | tr '\n' '/'
}
run() { # WINDOW ARGS: twirl in a new window
	w=$1
	shift
	tm new-window -d -n "$w" "$env $twirl $*; echo \$? > $tmp/$w.exit; sleep 60"
}
exited() {
	n=0
	while [ ! -s "$tmp/$1.exit" ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
	[ "$(cat "$tmp/$1.exit" 2>/dev/null)" = 0 ] && ok "$1 exits 0" || bad "$1 exits 0" "$1"
}


# 1. Play three moves and quit: the game goes to the autosave.
run one "play 'torus:4x4#77'"
check one "game opens" "torus:4x4#77"
tm send-keys -t one d s a
check one "three moves made" "Moves 3 drag"
sleep 0.6   # let the last slide finish
position=$(board one)
tm send-keys -t one q
check one "quit asks" "Quit twirl?"
tm send-keys -t one y
exited one
[ -s "$tmp/state/twirl/autosave.twirl" ] && ok "autosave written on quit" || bad "autosave written on quit" main

# 2. Start again: the unfinished game is offered and resumes exactly.
run two ""
check two "autosave offered" "Resume your unfinished Torus 4x4 game (3 moves)?"
tm send-keys -t two y
check two "autosave resumed" "Moves 3 drag"
[ "$(board two)" = "$position" ] && ok "same position after resume" || bad "same position after resume ($(board two) vs $position)" two
tm send-keys -t two u
check two "undo history came back too" "Moves 2 drag"
tm send-keys -t two r q y
exited two

# 3. Decline the offer: the game is kept among the saves, then resumed
#    from the list; from then on it lives in that file: leaving updates
#    it, and no other copy is made.
run three ""
check three "autosave offered again" "Resume your unfinished"
tm send-keys -t three n
check three "declined game kept" "Kept in Saved games"
[ ! -e "$tmp/state/twirl/autosave.twirl" ] && ok "autosave moved away" || bad "autosave moved away" three
select_item three "Saved games"
tm send-keys -t three Enter
check three "saved games listed" "Unfinished"
tm send-keys -t three Enter
check three "resumed from the list" "Moves 3 drag"
[ "$(board three)" = "$position" ] && ok "same position from the list" || bad "same position from the list" three
tm send-keys -t three C-s
check three "Ctrl-S asks for a name" "Save as"
tm send-keys -t three Enter
check three "  ... proposes the save's own, and Enter updates it" "Updated $tmp/data/twirl/saves/Unfinished"
tm send-keys -t three w
check three "one more move" "Moves 4 drag"
tm send-keys -t three Escape y
check three "Esc leaves for the menu" "Saved games..."
[ ! -e "$tmp/state/twirl/autosave.twirl" ] && ok "a resumed save makes no autosave" || bad "a resumed save makes no autosave" three
[ "$(ls "$tmp/data/twirl/saves" | wc -l)" -eq 1 ] && ok "  ... and no second copy" || bad "  ... and no second copy ($(ls "$tmp/data/twirl/saves"))" three
tm send-keys -t three q
exited three
grep -q '^cursor=4$' "$tmp/data/twirl/saves/"Unfinished*.twirl && ok "the save it came from holds the fourth move" ||
    bad "the save it came from holds the fourth move" three

# 4. Watch the sample replay, stepping through it.
run four "replay '$replays/torus-3x3-sample.twirl'"
check four "replay opens" "Replay: torus 3x3 sample"
tm send-keys -t four Home
check four "Home goes to the start" "Event 0/17: start position"
tm send-keys -t four Right Right Right
check four "an undo is shown as such" "Event 3/17: undo S2"
tm send-keys -t four Right
check four "then the redo" "Event 4/17: redo S2"
tm send-keys -t four Left
check four "step back" "Event 3/17"
tm send-keys -t four End
check four "End goes to the end" "Event 17/17"
check four "the hint moves came out solved" "Moves 15"
tm send-keys -t four q
exited four

e2e_finish
