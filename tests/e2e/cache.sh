#!/bin/sh
# The solver table cache from the command line: twirl cache status, build
# and clear; a solve fills the cache and the next one reads it; a damaged
# file is reported and rebuilt; a cache that cannot be written costs the
# rebuild and one warning, never the answer (a file-size limit too); the
# temporary files of killed writers are removed at start.
# Usage: cache.sh PATH/TO/twirl
set -u
twirl=$1
failures=0
passes=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
suite_cache=${XDG_CACHE_HOME:-}
XDG_CACHE_HOME=$tmp/cache
export XDG_CACHE_HOME

ok() { echo "ok   $1"; passes=$((passes + 1)); }
bad() { echo "FAIL $1"; failures=$((failures + 1)); }
# check NAME COMMAND...: the command succeeds
check() { name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

"$twirl" cache status >"$tmp/out" 2>&1
check "status of an empty cache" grep -q ': 0 tables' "$tmp/out"
want=$("$twirl" solve 'nrp:3x3k2#4' --optimal 2>"$tmp/err")
check "a solve builds its tables" test -s "$tmp/cache/twirl/nrp-optimal-3x3k2-qtm-exact.tbl"
check "  ... without a warning" test ! -s "$tmp/err"
"$twirl" cache status >"$tmp/out"
check "status lists them, whole" grep -Eq 'nrp-optimal-3x3k2-qtm-exact +0\.3 MB  v1  ok' "$tmp/out"
check "  ... saying what each is for" grep -q 'number rotation 3x3k2, proven shortest in qtm' "$tmp/out"
check "the next solve reads them: same answer" test "$("$twirl" solve 'nrp:3x3k2#4' --optimal)" = "$want"
printf 'X' | dd of="$tmp/cache/twirl/nrp-optimal-3x3k2-qtm-exact.tbl" bs=1 seek=5000 conv=notrunc 2>/dev/null
"$twirl" cache status >"$tmp/out"
check "a damaged file is reported" grep -q 'nrp-optimal-3x3k2-qtm-exact .*damaged (checksum)' "$tmp/out"
check "  ... and rebuilt, the answer the same" test "$("$twirl" solve 'nrp:3x3k2#4' --optimal)" = "$want"
"$twirl" cache status >"$tmp/out"
check "  ... whole again" grep -Eq 'nrp-optimal-3x3k2-qtm-exact .* ok' "$tmp/out"
# The big cubes' tables (hundreds of MB, a minute to build; longer under
# the sanitizers) come from the suite's own cache when the solver tests
# have made them: the build then checks and loads them.
if [ -n "$suite_cache" ]; then
	for t in "$suite_cache"/twirl/cube4-*.tbl "$suite_cache"/twirl/cube5-*.tbl \
	    "$suite_cache"/twirl/cube6-*.tbl "$suite_cache"/twirl/cube7-*.tbl \
	    "$suite_cache"/twirl/cube3-optimal-htm-slice.tbl; do
		[ -f "$t" ] && cp "$t" "$tmp/cache/twirl/"
	done
fi
"$twirl" cache build >"$tmp/out" 2>&1
check "build prepares every puzzle's tables" grep -q '^nrp: tables ready' "$tmp/out"
check "  ... and the cube's" grep -q '^cube: tables ready' "$tmp/out"
"$twirl" cache clear >"$tmp/out"
check "clear removes them" grep -Eq ': [0-9]+ files removed' "$tmp/out"
check "  ... all" test -z "$(ls "$tmp/cache/twirl")"
"$twirl" cache flush >/dev/null 2>"$tmp/err"
check "an unknown cache command is refused" test $? -eq 2
touch "$tmp/blocked"
XDG_CACHE_HOME=$tmp/blocked "$twirl" solve 'nrp:3x3k2#4' --optimal >"$tmp/out" 2>"$tmp/err"
check "a cache that cannot be written: the answer still comes" test "$(cat "$tmp/out")" = "$want"
check "  ... with one warning" test "$(grep -c 'warning: solver tables are not cached' "$tmp/err")" -eq 1
# A file-size limit (ulimit -f, 100 blocks against a 0.3 MB table) is met
# as a full disk: the answer, one warning, no temporary file left.
mkdir "$tmp/small"
(ulimit -f 100; XDG_CACHE_HOME=$tmp/small exec "$twirl" solve 'nrp:3x3k2#4' --optimal) \
    >"$tmp/out" 2>"$tmp/err"
check "a file-size limit: the answer still comes" test "$(cat "$tmp/out")" = "$want"
check "  ... with one warning" grep -q 'warning: solver tables are not cached.*too large' "$tmp/err"
check "  ... and no temporary file" test -z "$(ls -A "$tmp/small/twirl" | grep twirl-tmp)"
# Temporary files of writers that were killed are removed at start: one of
# a process that has ended, none of a running one.
sh -c 'exit 0' & dead=$!
wait $dead
: >"$tmp/small/twirl/.twirl-tmp.$dead.aBcDeF"
: >"$tmp/small/twirl/.twirl-tmp.$$.aBcDeF"
XDG_CACHE_HOME=$tmp/small "$twirl" --version >/dev/null
XDG_CACHE_HOME=$tmp/small "$twirl" cache status >/dev/null
check "a dead writer's temporary file is removed" test ! -e "$tmp/small/twirl/.twirl-tmp.$dead.aBcDeF"
check "  ... a live one's kept" test -e "$tmp/small/twirl/.twirl-tmp.$$.aBcDeF"

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
