#!/bin/sh
# Hostile input at the command line: what a user types comes back in a
# message escaped (no control sequence reaches the terminal) and cut to a
# readable length; boards of millions of cells and saves of a million
# moves cost a fraction of a second and bounded memory.
# Usage: hostile.sh PATH/TO/twirl
set -u
twirl=$1
failures=0
passes=0
tmp=$(mktemp -d)
sock=twirl-hostile-$$
trap 'tmux -L "$sock" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT

ok() { echo "ok   $1"; passes=$((passes + 1)); }
bad() { echo "FAIL $1"; failures=$((failures + 1)); }

# run NAME STATUS ARGS...: runs twirl, keeps stderr in $tmp/err, checks the
# exit status and that stderr holds only printable text (no ESC, BEL, CR,
# no byte that is not UTF-8) of at most 400 bytes.
run() {
	name=$1 want=$2
	shift 2
	"$twirl" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		bad "$name: exit $got, want $want"
	elif LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$tmp/err"; then
		bad "$name: stderr holds a control character: $(od -c "$tmp/err" | head -3)"
	elif ! iconv -f UTF-8 -t UTF-8 "$tmp/err" >/dev/null 2>&1; then
		bad "$name: stderr is not UTF-8"
	elif [ "$(wc -c <"$tmp/err")" -gt 400 ]; then
		bad "$name: stderr is $(wc -c <"$tmp/err") bytes"
	else
		ok "$name"
	fi
}

# has NAME REGEX: the last run's stderr matches.
has() {
	if grep -Eq -- "$2" "$tmp/err"; then ok "$1"; else bad "$1: stderr '$(cat "$tmp/err")' does not match /$2/"; fi
}

esc=$(printf '\033')
run "escape sequence in a command" 2 "solve${esc}[2J"
has "  ... shown escaped" "unknown command 'solve\\\\x1b\\[2J'"
run "bytes that are not UTF-8" 2 solve "$(printf 'torus:2x2:1,2,\377\376')"
has "  ... shown as \\\\xNN" '\\xff\\xfe'
run "UTF-8 is kept" 2 check "$(printf 'torus:2x2:1,2,\303\251')"
has "  ... as it was" "$(printf '\303\251')"
long=$(head -c 100000 /dev/zero | tr '\0' 'x')
run "a 100 KB option" 2 solve 'torus:4x4#1' "--$long"
has "  ... cut to a readable length" "unknown option '--x+\\.\\.\\.'"
run "a 100 KB metric" 2 solve 'torus:4x4#1' --metric "$long"
run "a 100 KB puzzle name" 2 solve "$long:3"
run "a 100 KB state" 2 solve "cube:3:$long"
run "a bell in a game ID" 2 solve "$(printf 'torus:4x4:\007')"

# No terminal: the game refuses at once (it once spun at 94 % CPU on a
# closed standard input) and a replay that cannot be read is reported
# before the screen is touched.
start=$(date +%s)
run "play with standard input at its end" 2 play 'torus:4x4#1' </dev/null
has "  ... says why" "needs a terminal, and standard input is not one"
[ $(( $(date +%s) - start )) -le 2 ] && ok "  ... at once" || bad "  ... took over 2 s"
run "the menu with standard input at its end" 2 </dev/null
tmux -L "$sock" -f /dev/null new-session -d -s main -x 80 -y 24 \
    "TERM=dumb '$twirl' play 'torus:4x4#1' 2>'$tmp/dumb'; echo \$? >'$tmp/dumb.rc';
     '$twirl' replay '$tmp/none.twirl' 2>'$tmp/none'; echo \$? >'$tmp/none.rc'; sleep 30"
n=0
while [ ! -s "$tmp/none.rc" ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
screen_now=$(tmux -L "$sock" capture-pane -p -t main 2>/dev/null)
tmux -L "$sock" kill-server 2>/dev/null
if [ "$(cat "$tmp/dumb.rc" 2>/dev/null)" = 2 ] && grep -q "'dumb' (TERM) cannot place the cursor" "$tmp/dumb"; then
	ok "TERM=dumb: exit 2 with the reason"
else
	bad "TERM=dumb: status $(cat "$tmp/dumb.rc" 2>/dev/null), '$(cat "$tmp/dumb" 2>/dev/null)'"
fi
if [ "$(cat "$tmp/none.rc" 2>/dev/null)" = 2 ] && grep -q 'none.twirl: No such file' "$tmp/none" &&
    [ -z "$(printf '%s' "$screen_now" | tr -d ' \n')" ]; then
	ok "replay of a missing file: the error, and the screen left alone"
else
	bad "replay of a missing file: status $(cat "$tmp/none.rc" 2>/dev/null), '$(cat "$tmp/none" 2>/dev/null)', screen '$screen_now'"
fi

# Open rolling-cube boards of millions of cells: SRC, no search.
limit() { # SECONDS MB ARGS...: runs twirl under a CPU-time and memory cap
	secs=$1 mb=$2
	shift 2
	( ulimit -t "$secs"; ulimit -v $((mb * 1024)); "$twirl" "$@" ) >"$tmp/out" 2>"$tmp/err"
}
if [ "${TWIRL_TEST_TIER:-default}" != sanitized ]; then
	if limit 2 200 scramble 'rollcube:1x4194304#1' && grep -q '^rollcube:1x4194304:start=' "$tmp/out"; then
		ok "scramble of a 4-million-cell line: under 2 s and 200 MB"
	else
		bad "scramble rollcube:1x4194304#1: $(cat "$tmp/err")"
	fi
	if limit 2 200 check 'rollcube:2048x2048:start=1,1:goal=2048,2048:label=3' && grep -q '^solvable$' "$tmp/out"; then
		ok "check on 2048x2048, far corner: under 2 s and 200 MB"
	else
		bad "check rollcube:2048x2048: $(cat "$tmp/err")"
	fi
	printf 'twirl-save 1\ngame=rollcube:1x4194304#1\ncursor=0\nhash=0000000000000000\n' >"$tmp/line.twirl"
	if ! limit 2 200 replay --verify "$tmp/line.twirl" && grep -q 'final position does not match' "$tmp/err"; then
		ok "a 70-byte save naming a huge board is refused at once"
	else
		bad "huge-board save: $(cat "$tmp/err")"
	fi
	# A million-move save (13 MB): replayed in bounded memory.
	awk 'BEGIN {
		print "twirl-save 1"
		print "game=torus:4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16"
		for (i = 0; i < 1000000; i++) print "move=0 " (i % 2 ? "E" : "N") (i % 4 + 1)
		print "cursor=1000000"
		print "hash=0000000000000000"
	}' >"$tmp/long.twirl"
	if ! limit 20 200 replay --verify "$tmp/long.twirl" && grep -q 'final position does not match' "$tmp/err"; then
		ok "a million-move save replays within 200 MB"
	else
		bad "million-move save: $(cat "$tmp/err")"
	fi
fi

# What is not a regular file is refused at once: a FIFO with no writer
# (no wait for one), a device that never ends, a directory.
mkfifo "$tmp/fifo"
for f in "$tmp/fifo" /dev/zero "$tmp"; do
	( ulimit -t 2; exec timeout 3 "$twirl" replay --verify "$f" ) >"$tmp/out" 2>"$tmp/err"
	if [ $? -eq 1 ] && grep -q "$f: not a regular file" "$tmp/err"; then
		ok "replay --verify $f: refused at once, not a regular file"
	else
		bad "replay --verify $f: $(cat "$tmp/err")"
	fi
done

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
