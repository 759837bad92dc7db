#!/bin/sh
# twirl's one-step set-up: installs only what is missing (apt-get), then
# configures and builds with meson.
#   ./dev.sh play [ARGS]   build and start the game (the menu by default)
#   ./dev.sh test          build and run the default test tier, then again
#                          under AddressSanitizer + UBSan; prints each
#                          tier's time (the slow sweeps: meson test -C build
#                          --suite slow)
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
if [ "$mode" = test ]; then
	pkg-config --exists cmocka 2>/dev/null || want libcmocka-dev
	command -v tmux >/dev/null 2>&1 || want tmux
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

case "$mode" in
play)
	build build
	exec ./build/twirl "$@"
	;;
test)
	start=$(date +%s)
	build build -Dtests=enabled
	meson test -C build --print-errorlogs
	plain=$(date +%s)
	# Optimised (-O2) under the sanitizers: they catch the same faults, and
	# the suite runs in a third of the time of -O0.
	build build-asan -Dtests=enabled -Db_sanitize=address,undefined \
	    -Db_lundef=false -Dbuildtype=debugoptimized \
	    -Dc_args=-fno-sanitize-recover=all
	ASAN_OPTIONS=abort_on_error=0:detect_leaks=1 \
	LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0" \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	    meson test -C build-asan --print-errorlogs
	end=$(date +%s)
	echo "dev.sh test: plain build and tests $((plain - start)) s," \
	    "sanitized build and tests $((end - plain)) s, total $((end - start)) s"
	;;
*)
	echo "usage: ./dev.sh play [ARGS] | ./dev.sh test" >&2
	exit 2
	;;
esac
