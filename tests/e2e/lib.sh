# Shared by the tmux end-to-end tests: a private tmux server, screen reads,
# checks that wait for text, and the pass/fail count. Source it after
# setting nothing; call e2e_init first and e2e_finish last.

# e2e_init NAME: a tmux socket and a scratch directory of our own.
e2e_init() {
	sock=twirl-$1-$$
	tmp=$(mktemp -d)
	passes=0
	failures=0
	trap 'tm kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
	# Every message the program had to cut (draw.c's report_cut) lands
	# here: the tmux server passes it to every twirl it starts.
	TWIRL_CUT_LOG=$tmp/cut.log
	export TWIRL_CUT_LOG
	tm new-session -d -s main -x 100 -y 30 "sleep 600" ||
	    { echo "cannot start tmux"; exit 1; }
}

tm() { tmux -L "$sock" -f /dev/null "$@"; }
screen() { tm capture-pane -p -t "$1"; }

ok() { echo "ok   $1"; passes=$((passes + 1)); }

# bad NAME PANE: a failure, with the pane's screen for the log.
bad() {
	echo "FAIL $1"
	echo "---- screen ----"
	screen "$2" 2>/dev/null
	echo "----------------"
	failures=$((failures + 1))
}

# wait_for PANE TEXT [SECONDS]: until TEXT is on the screen (default 5 s).
wait_for() {
	n=0
	limit=$(( ${3:-5} * 10 ))
	while [ $n -lt "$limit" ]; do
		screen "$1" 2>/dev/null | grep -Fq -- "$2" && return 0
		sleep 0.1
		n=$((n + 1))
	done
	return 1
}

# wait_for_fast PANE TEXT SECONDS: as wait_for, reading the screen every
# 20 ms, for a test that times how soon TEXT appears.
wait_for_fast() {
	end=$(( $(date +%s) + $3 ))
	while [ "$(date +%s)" -lt "$end" ]; do
		screen "$1" 2>/dev/null | grep -Fq -- "$2" && return 0
		sleep 0.02
	done
	return 1
}

# check PANE NAME TEXT [SECONDS]
check() {
	if wait_for "$1" "$3" "${4:-5}"; then ok "$2"; else bad "$2 (no '$3')" "$1"; fi
}

# select_item PANE TEXT: move the menu selection down from the top until
# the selected line (marked with ▶, or > in ASCII) contains TEXT. After each key it waits
# (up to 3 s) for the selection to move, so that a loaded machine does not
# make it press Down again before the screen has caught up and overshoot.
select_item() {
	tm send-keys -t "$1" Home
	sleep 0.1
	n=0
	while [ $n -lt 40 ]; do
		sel=$(screen "$1" | grep -E '▶|^ *> ')
		printf '%s\n' "$sel" | grep -Fq -- "$2" && return 0
		tm send-keys -t "$1" Down
		w=0
		while [ $w -lt 60 ] && [ "$(screen "$1" | grep -E '▶|^ *> ')" = "$sel" ]; do
			sleep 0.05
			w=$((w + 1))
		done
		n=$((n + 1))
	done
	return 1
}

# run WINDOW ARGS...: $twirl ARGS in a new window of SIZE (default 80x24),
# with XDG_DATA_HOME=$data and XDG_STATE_HOME=$state (STATE overrides
# it); its pid in $tmp/WINDOW.pid, its stderr in $tmp/WINDOW.err and its
# status in $tmp/WINDOW.exit.
run() {
	w=$1
	shift
	size=${SIZE:-80x24}
	# twirl starts only once the window has its size: a resize that lands
	# before curses has set up its SIGWINCH handler is lost, and twirl
	# would draw a 100-column screen into an 80-column pane.
	rm -f "$tmp/$w.go"
	tm new-window -d -n "$w" "sh -c 'while [ ! -e $tmp/$w.go ]; do sleep 0.05; done; \
echo \$\$ > $tmp/$w.pid; exec env LANG=C.UTF-8 \
XDG_DATA_HOME=$data XDG_STATE_HOME=${STATE:-$state} $twirl $* 2>$tmp/$w.err'; \
echo \$? > $tmp/$w.exit; sleep 60"
	tm resize-window -t "$w" -x "${size%x*}" -y "${size#*x}" 2>/dev/null
	n=0
	while [ "$(tm display -p -t "$w" '#{window_width}x#{window_height}')" != "$size" ] &&
	    [ $n -lt 50 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	: > "$tmp/$w.go"
}

# exited WINDOW STATUS: twirl in WINDOW ended with STATUS (waits 5 s).
exited() {
	n=0
	while [ ! -s "$tmp/$1.exit" ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
	got=$(cat "$tmp/$1.exit" 2>/dev/null)
	[ "$got" = "$2" ] && ok "$1 exits $2" || bad "$1 exits $2 (got '$got')" "$1"
}

# typed WINDOW MOVES: plays MOVES through the ':' prompt (once it is up:
# its label "Moves" opens the last line).
typed() {
	tm send-keys -t "$1" :
	n=0
	while ! screen "$1" | tail -n 1 | grep -q '^ Moves' && [ $n -lt 50 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	tm send-keys -t "$1" "$2"
	n=0
	while ! screen "$1" | tail -n 1 | grep -qF -- "> $2" && [ $n -lt 50 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	tm send-keys -t "$1" Enter
}

e2e_finish() {
	if [ -s "$TWIRL_CUT_LOG" ]; then
		echo "FAIL messages cut short:"
		sort -u "$TWIRL_CUT_LOG"
		failures=$((failures + 1))
	else
		ok "no message cut short"
	fi
	echo "$passes passed, $failures failed"
	[ "$failures" -eq 0 ]
}
