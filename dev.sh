#!/bin/sh
# twirl's one-step set-up: installs only what is missing (apt-get), then
# configures and builds with meson.
#   ./dev.sh play [ARGS]   build and start the game (the menu by default)
#   ./dev.sh test          build and run the default test tier, then run it
#                          again under AddressSanitizer + UBSan, and build
#                          the release configuration (the last two builds
#                          alongside the tests); prints each step's time
#                          (the slow sweeps: meson test -C build --suite
#                          slow)
#   ./dev.sh fuzz [SECONDS] build the fuzz harnesses with clang and libFuzzer
#                          (+ ASan, UBSan) and run each for SECONDS (default
#                          60), two at a time; findings in build-fuzz/findings
set -eu
cd "$(dirname "$0")"
mode=${1:-play}
[ $# -gt 0 ] && shift

missing=""
want() { missing="$missing $1"; }
command -v cc >/dev/null 2>&1 || want gcc
command -v pkg-config >/dev/null 2>&1 || want pkg-config
command -v ninja >/dev/null 2>&1 || want ninja-build
command -v meson >/dev/null 2>&1 || want meson
pkg-config --exists ncursesw 2>/dev/null || want libncurses-dev
pkg-config --exists zlib 2>/dev/null || want zlib1g-dev
if [ "$mode" = test ]; then
	pkg-config --exists cmocka 2>/dev/null || want libcmocka-dev
	command -v tmux >/dev/null 2>&1 || want tmux
fi
if [ "$mode" = fuzz ]; then
	command -v clang >/dev/null 2>&1 || want clang
fi
if [ -n "$missing" ]; then
	echo "dev.sh: installing:$missing"
	sudo=""
	[ "$(id -u)" -ne 0 ] && sudo=sudo
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing
fi

build() { # DIR [meson options]
	dir=$1
	shift
	if [ -f "$dir/build.ninja" ]; then
		meson configure "$dir" "$@" >/dev/null
	else
		meson setup "$dir" "$@"
	fi
	meson compile -C "$dir"
}

# beside MODE: ./dev.sh MODE (one of the builds below) in the background
# at the lowest priority, its output in build/MODE.log, its pid in
# $beside_pid.
beside() {
	nice -n 19 ./dev.sh "$1" >"build/$1.log" 2>&1 &
	beside_pid=$!
}

# await PID MODE: waits for the build that beside started; if it failed,
# shows its output and stops.
await() {
	if ! wait "$1"; then
		cat "build/$2.log"
		echo "dev.sh test: ./dev.sh $2 failed (above)"
		exit 1
	fi
}

case "$mode" in
build-asan)    # ./dev.sh test's sanitized build (below)
	build build-asan -Dtests=enabled -Db_sanitize=address,undefined \
	    -Db_lundef=false -Dbuildtype=debugoptimized -Dbenches=false \
	    "-Dc_args=-fno-sanitize-recover=all -g1"
	;;
build-release) # ./dev.sh test's release build (below)
	build build-release -Dbuildtype=release -Dtests=disabled
	;;
play)
	build build
	exec ./build/twirl "$@"
	;;
test)
	start=$(date +%s)
	build build -Dtests=enabled
	built=$(date +%s)
	# The suite's build under AddressSanitizer + UBSan, optimised (-O2:
	# they catch the same faults, and the suite runs in a third of the
	# time of -O0), without the benchmark programs, which no test runs,
	# and with line tables only (-g1: the reports keep their files and
	# lines, the build takes a ninth less), compiles while the plain
	# tier's tests run, at the lowest priority, on what the tests leave
	# of the cores.
	beside build-asan
	asan_build=$beside_pid
	status=0
	meson test -C build --print-errorlogs || status=$?
	plain=$(date +%s)
	await $asan_build build-asan
	asan_built=$(date +%s)
	[ $status -eq 0 ] || exit $status
	# The cubes' tables take minutes under the sanitizers: the 5x5x5's
	# (two of 99 MB, breadth first over 198 M states each, and six more
	# of 2.6 to 100 MB, about 45 s of sanitized CPU in all), the 4x4x4's
	# pairing table (two tests built it at once, 70 s each), the 6x6x6's
	# stage-2 endgame (17 M states sorted) and centre tables, the 7x7x7's
	# stage 1 and 3 and stage 5 tables, the 3x3x3 two-phase's phase-1
	# table (141 M entries, the optimal solver's small one, which every
	# cube from the 3x3x3 up reads), the optimal solver's test tables (two
	# of 75 MB, 15 s each) and the 2x2x2's.
	# The plain tier has built them with the same code (and its tests
	# check them against breadth-first searches), and the sanitized tier
	# checks them as it loads them (version and checksum), so it starts
	# from the plain tier's copies; its searches still run sanitized, and
	# so do the other puzzles' table builds.
	mkdir -p build-asan/tests/xdg/cache/twirl
	for t in build/tests/xdg/cache/twirl/cube*.tbl; do
		[ -f "$t" ] && cp "$t" build-asan/tests/xdg/cache/twirl/
	done
	# The release configuration (-O3) that packagers and benchmarks
	# build, compiled so that its warnings (errors here) are seen (its
	# tests are the plain build's), meanwhile at the lowest priority: the
	# sanitized tier leaves a core idle for a third of its time (tmux
	# tests waiting on screens, two tests that run alone).
	beside build-release
	release_build=$beside_pid
	status=0
	ASAN_OPTIONS=abort_on_error=0:detect_leaks=1 \
	LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0" \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	    meson test -C build-asan --print-errorlogs || status=$?
	sanitized=$(date +%s)
	await $release_build build-release
	end=$(date +%s)
	[ $status -eq 0 ] || exit $status
	echo "dev.sh test: plain build $((built - start)) s, plain tests $((plain - built)) s" \
	    "(the sanitized build alongside, $((asan_built - plain)) s after them)," \
	    "sanitized tests $((sanitized - asan_built)) s (the release build alongside," \
	    "$((end - sanitized)) s after them), total $((end - start)) s"
	;;
fuzz)
	secs=${1:-60}
	if [ ! -f build-fuzz/build.ninja ]; then
		CC=clang meson setup build-fuzz -Dfuzzing=true -Dtests=disabled \
		    -Db_sanitize=address,undefined -Db_lundef=false \
		    -Dbuildtype=debugoptimized >/dev/null
	fi
	meson compile -C build-fuzz
	# The solvers' tables are built once (into the usual table cache), so
	# that a harness's 10 s limit times each input, not a first build.
	# Every optimal table an input of fuzz_solve can reach (NRP boards of
	# at most 12 cells; a few are seconds to build), with the plain build
	# when there is one (the same files, sooner).
	tw=build-fuzz/twirl
	[ -x build/twirl ] && tw=build/twirl
	echo "dev.sh fuzz: building the solvers' tables ($tw cache build, NRP optimal tables)"
	$tw cache build >/dev/null
	for b in 2x2k2 2x3k2 2x4k2 2x5k2 2x6k2 3x2k2 4x2k2 5x2k2 6x2k2 3x3k2 3x3k3 \
	    3x4k2 4x3k2 3x4k3 4x3k3 2x2k2o 2x3k2o 3x2k2o 2x4k2o 4x2k2o 2x5k2o 5x2k2o \
	    3x3k2o 3x3k3o 3x4k3o 4x3k3o; do
		for m in qtm htm; do
			$tw solve "nrp:$b#1" --optimal --metric $m >/dev/null 2>&1 || :
		done
	done
	# run_one NAME: one harness for $secs seconds over a working corpus
	# seeded from tests/fuzz/corpus; prints its executions.
	run_one() {
		h=$1
		mkdir -p "build-fuzz/corpus/$h" "build-fuzz/findings/$h"
		ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
		    "build-fuzz/tests/fuzz/fuzz_$h" -max_total_time="$secs" \
		    -dict=tests/fuzz/twirl.dict -timeout=10 -rss_limit_mb=2048 \
		    -artifact_prefix="build-fuzz/findings/$h/" -print_final_stats=1 \
		    "build-fuzz/corpus/$h" "tests/fuzz/corpus/$h" \
		    >"build-fuzz/findings/$h.log" 2>&1
		status=$?
		execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "build-fuzz/findings/$h.log")
		echo "fuzz_$h: ${execs:-?} executions in $secs s, exit $status" \
		    "(log: build-fuzz/findings/$h.log)"
		return $status
	}
	rc=0
	set -- gameid moves savegame level solve
	while [ $# -gt 0 ]; do
		run_one "$1" & first=$!
		second=""
		if [ $# -gt 1 ]; then run_one "$2" & second=$!; fi
		wait $first || rc=1
		[ -z "$second" ] || wait $second || rc=1
		shift; [ $# -gt 0 ] && shift
	done
	[ $rc -eq 0 ] && echo "dev.sh fuzz: no findings" ||
	    echo "dev.sh fuzz: findings in build-fuzz/findings (add each to tests/fuzz/corpus once fixed)"
	exit $rc
	;;
*)
	echo "usage: ./dev.sh play [ARGS] | ./dev.sh test | ./dev.sh fuzz [SECONDS]" >&2
	exit 2
	;;
esac
