#!/bin/sh
# Every message fits or wraps at 60x16, the smallest screen twirl draws
# its games on: the longest things it says are provoked here (the failed
# keep's question, the resume question for an unfinished game, a refused
# game ID, a notation error, the custom-size prompt) and each must show
# its last words. Whatever the drawing had to cut, here or in any other
# e2e test, is in the cut log that e2e_finish checks.
# Usage: messages_tmux.sh PATH/TO/twirl
set -u
twirl=$1
. "$(dirname "$0")/lib.sh"
e2e_init messages
data=$tmp/data
state=$tmp/state
SIZE=60x16
long_id="rollcube:5x5:start=1,1:goal=5,5:$(printf 'xyzzy%.0s' $(seq 1 40))"

# The failed keep: the question, then the file prompt it offers.
: > "$tmp/not-a-dir"
STATE=$tmp/not-a-dir run lost "play 'torus:4x4#5'"
check lost "the game opens" "torus:4x4#5"
typed lost E1
check lost "a move made" "Moves 1"
tm send-keys -t lost q y
check lost "the failed keep's question ends on its keys" "to a file you"
tm send-keys -t lost C-s
check lost "Ctrl-S asks for a file" "Save to file"
tm send-keys -t lost Escape
tm send-keys -t lost y
exited lost 0

# An unfinished game: the menu's resume question, then where it went.
run quit "play 'torus:5x5#3'"
check quit "the game to leave opens" "torus:5x5#3"
typed quit E1
check quit "a move made" "Moves 1"
tm send-keys -t quit q y
exited quit 0
run resume ""
check resume "the resume question ends on its keys" "n: keep it in Saved games)"
tm send-keys -t resume n
check resume "the game is kept, and the menu says where" "Kept in Saved games as"
tm send-keys -t resume q y
exited resume 0

# A refused game ID and the custom-size prompt, at the menu.
run menu ""
check menu "the menu opens" "rotation puzzles"
select_item menu "Enter a game ID"
tm send-keys -t menu Enter
check menu "the game ID prompt ends on its example" "torus:2x3:6,5,4,3,2,1):"
tm send-keys -t menu -l "$long_id"
tm send-keys -t menu Enter
check menu "the refusal is shown whole" "goal= or label=)"
tm send-keys -t menu Escape
select_item menu "Number rotation, custom"
tm send-keys -t menu Enter
check menu "the custom-size prompt ends on its example" "e.g. 5x6k3o:"
tm send-keys -t menu Escape q y
exited menu 0

# A notation error.
run cube "play 'cube:4#2'"
check cube "the cube opens" "cube:4#2"
typed cube "R U F2 Rw' 3Fw Q2 R U F"
check cube "the notation error names the move" "Q2"
tm send-keys -t cube Escape q y
exited cube 0

e2e_finish
