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

e2e_finish() {
	echo "$passes passed, $failures failed"
	[ "$failures" -eq 0 ]
}
