#!/bin/sh
# The command line contract (twirl(6)): one line on stdout, exit 0 done,
# 1 no solution, 2 bad input with a message naming the bad part.
# Usage: cli.sh PATH/TO/twirl
set -u
twirl=$1
failures=0
passes=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect NAME STATUS STDOUT-REGEX STDERR-REGEX -- ARGS...
# STDOUT-REGEX "-" means stdout must be empty; STDERR-REGEX "" anything.
expect() {
	name=$1 want=$2 out_re=$3 err_re=$4
	shift 5
	"$twirl" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "FAIL $name: exit $got, want $want (stderr: $(cat "$tmp/err"))"
		failures=$((failures + 1))
	elif [ "$out_re" = "-" ] && [ -s "$tmp/out" ]; then
		echo "FAIL $name: stdout '$(cat "$tmp/out")' should be empty"
		failures=$((failures + 1))
	elif [ "$out_re" != "-" ] && ! grep -Eq -- "$out_re" "$tmp/out"; then
		echo "FAIL $name: stdout '$(cat "$tmp/out")' does not match /$out_re/"
		failures=$((failures + 1))
	elif ! grep -Eq -- "$err_re" "$tmp/err" && [ -n "$err_re" ]; then
		echo "FAIL $name: stderr '$(cat "$tmp/err")' does not match /$err_re/"
		failures=$((failures + 1))
	else
		echo "ok   $name"
		passes=$((passes + 1))
	fi
}

moves='^([NESW][0-9]+(\^[0-9]+)? )*[NESW][0-9]+(\^[0-9]+)?$'
expect "solve prints one line of moves" 0 "$moves" "" -- solve torus:2x3:6,5,4,3,2,1
expect "solve a seeded 20x20" 0 "$moves" "" -- solve 'torus:20x20#7'
expect "solve in push metric" 0 "$moves" "" -- solve 'torus:4x4#8812' --metric push
expect "solved position prints an empty line" 0 '^$' "" -- solve torus:2x2:1,2,3,4
expect "odd 3x3 position has no solution" 1 - 'no solution: odd permutation' -- solve torus:3x3:2,1,3,4,5,6,7,8,9
expect "check says solvable" 0 '^solvable$' "" -- check torus:3x3:2,3,1,4,5,6,7,8,9
expect "check gives the reason" 1 '^unsolvable: odd permutation' "" -- check torus:3x3:2,1,3,4,5,6,7,8,9
expect "scramble with a seed is pinned" 0 '^torus:4x4:8,2,15,11,5,3,13,6,16,9,12,7,14,1,4,10$' "" -- scramble 'torus:4x4#8812'
expect "scramble prints a game ID" 0 '^torus:3x5:([0-9]+,){14}[0-9]+$' "" -- scramble torus:3x5
expect "unknown puzzle" 2 - "unknown puzzle 'cubes' \(known: torus, rollcube, nrp, cube\)" -- solve cubes:3
expect "bad board size" 2 - '21 rows' -- solve torus:21x3#1
expect "bad state" 2 - 'tile 2 appears twice' -- solve torus:2x2:1,2,2,4
expect "no position to solve" 2 - 'names no position' -- solve torus:4x4
expect "unknown metric" 2 - "no metric 'qtm' \(known: drag, push\)" -- solve 'torus:4x4#1' --metric qtm
expect "proven shortest on the 4x4 torus" 0 '^W3 E4\^2 S3 W1 N1 S4 E3\^2 S1 N2 S3\^2 E1$' "" -- solve 'torus:4x4#8812' --optimal
expect "  ... and nothing shorter exists" 1 - 'no answer of at most 10 moves \(drag\) exists' -- solve 'torus:4x4#8812' --optimal --max-length 10
expect "no proven shortest on the 6x6 torus" 2 - 'no proven shortest answers on a 6x6 torus' -- solve 'torus:6x6#1' --optimal
expect "unknown command" 2 - "unknown command 'solv'" -- solv 'torus:4x4#1'
expect "unknown option" 2 - "unknown option '--fast'" -- solve 'torus:4x4#1' --fast
expect "missing game ID" 2 - 'solve needs a game ID' -- solve
expect "version" 0 '^twirl [0-9]+\.[0-9]+\.[0-9]+$' "" -- --version
expect "help" 0 'usage: twirl' "" -- --help
expect "play refuses an unsolvable position" 1 - 'odd permutation' -- play torus:3x3:2,1,3,4,5,6,7,8,9

# Rolling cube: moves, the generalized path string in constant time, the
# rules' reasons.
rmoves='^([NESW] )*[NESW]$'
expect "rollcube solve prints rolls" 0 "$rmoves" "" -- solve 'rollcube:8x8:start=1,1:goal=5,6:label=3'
expect "rollcube --gps" 0 '^NN\(E\)\{dx-2\}NE\(N\)\{dy-3\}E$' "" -- solve 'rollcube:8x8:start=1,1:goal=5,6:label=3' --gps
expect "a billion-cell side answers as a GPS" 0 '^[NESW(){}dxy0-9+-]+$' "" -- solve 'rollcube:1000000000x1000000000:start=3,5:goal=999999990,999999000:label=4' --gps
expect "too long to list" 2 - 'solution too long to list \(1999998982 moves\); use --gps' -- solve 'rollcube:1000000000x1000000000:start=3,5:goal=999999990,999999000:label=4'
expect "rollcube no path" 1 - 'no path' -- solve 'rollcube:1x5:start=1,1:goal=5,1:label=3' --gps
expect "start on the goal, wrong label" 1 - 'starts on the goal' -- solve 'rollcube:3x3:start=2,2:goal=2,2:label=6'
expect "empty path is I" 0 '^I$' "" -- solve 'rollcube:3x3:start=2,2:goal=2,2:label=1' --gps
expect "maze solve" 0 "$rmoves" "" -- solve 'rollcube:3x3:rule=abbott:map=.../.x./...:start=1,1:goal=3,3:label=any'
expect "--gps needs an open board" 2 - 'open boards' -- solve 'rollcube:3x3:map=.../.x./...:start=1,1:goal=3,3:label=1' --gps
expect "--gps is for the rolling cube" 2 - 'for rolling cube boards' -- solve 'torus:4x4#1' --gps
expect "seeded open board" 0 '^rollcube:12x9:start=[0-9]+,[0-9]+:goal=[0-9]+,[0-9]+:label=[1-6]$' "" -- scramble 'rollcube:12x9#seed'

# Cube: 2x2x2 optimal in both metrics, 3x3x3 two-phase, validation.
cmoves="^(([URFDLB]|[xyz])['2]? )*([URFDLB]|[xyz])['2]?$"
expect "3x3x3 seeded solve" 0 "$cmoves" "" -- solve 'cube:3#7'
expect "3x3x3 by facelets" 0 "$cmoves" "" -- solve "$("$twirl" scramble 'cube:3#8')"
expect "2x2x2 optimal" 0 "$cmoves" "" -- solve 'cube:2#7'
expect "2x2x2 optimal in quarter turns" 0 "$cmoves" "" -- solve 'cube:2#7' --metric qtm
expect "solved cube needs no moves" 0 '^$' "" -- solve 'cube:3:UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB'
expect "max length and time limit" 0 "$cmoves" "" -- solve 'cube:3#7' --max-length 19 --time-limit 1
expect "cube check: impossible corner" 1 'unsolvable: the corner at UBR has colours ULR, which no corner has' "" -- check 'cube:3:UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLBLBBBBBBBB'
expect "cube facelet count" 2 - '53 facelets: a 3x3x3 cube has 54' -- check 'cube:3:UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLBBBBBBBBB'
expect "cube size" 2 - 'cube size 12: twirl has cubes from 2 to 11' -- solve 'cube:12#1'
# (The 3x3x3's optimal answers take a 1.8 GB table: test_cube3_optimal.)
expect "3x3x3 optimal in slice turns, near solved" 0 "^([URFDLBMES]['2]? )*[URFDLBMES]['2]?\$" "" -- solve 'cube:3:turns=5#7' --optimal --metric stm
expect "practice 4x4x4: --max-length proves" 1 - 'no answer of at most 2 moves \(sqtm\) exists' -- solve 'cube:4:turns=6#1' --optimal --max-length 2
expect "practice 4x4x4: proven shortest in sqtm" 0 "^([1-9]?[URFDLB]['2]? )*[1-9]?[URFDLB]['2]?\$" 'moves: [0-9]+ htm.* 6 sqtm' -- solve 'cube:4:turns=6#1' --optimal --stats
expect "4x4x4 optimal: no btm" 2 - 'not btm' -- solve 'cube:4:turns=6#1' --optimal --metric btm
expect "practice turns named" 2 - 'practice turns' -- solve 'cube:4:turns=0#1'
expect "--optimal goes with cache build" 2 - '--optimal goes with cache build' -- cache status --optimal
expect "5x5x5 reduction: WCA moves" 0 "^([1-9]?[URFDLB]w?['2]? )+[1-9]?[URFDLB]w?['2]?\$" "" -- solve 'cube:5#1'
expect "4x4x4 --stats: metrics" 0 "^[1-9]?[URFDLB]" 'moves: [0-9]+ htm, [0-9]+ qtm, [0-9]+ obtm, [0-9]+ stm' -- solve 'cube:4#3' --stats
expect "4x4x4 --stats: phases" 0 "^[1-9]?[URFDLB]" 'phases \(obtm\): centres [0-9]+, edges [0-9]+, parity [0-9]+, 3x3x3 [0-9]+' -- solve 'cube:4#3' --stats
expect "4x4x4 --time-limit: a 3x3x3 finish of at most 20" 0 "^[1-9]?[URFDLB]" '3x3x3 (1?[0-9]|20)$' -- solve 'cube:4#3' --stats --time-limit 1
"$twirl" solve 'cube:4#3' --time-limit 1 >"$tmp/first" 2>/dev/null
expect "4x4x4 --time-limit: the same answer again" 0 "^$(cat "$tmp/first")\$" "" -- solve 'cube:4#3' --time-limit 1
expect "--time-limit is refused where the solver has none" 2 - "has no time limit" -- solve 'torus:4x4#1' --time-limit 1
flipped_wing=UUUUUUUUUUUUUFUURRRRRRRRRRRRRRRRFUFFFFFFFFFFFFFFDDDDDDDDDDDDDDDDLLLLLLLLLLLLLLLLBBBBBBBBBBBBBBBB
expect "4x4x4 check: a wing flipped in place" 1 'unsolvable: edges: two UF wings 1 in from the corner are alike' "" -- check "cube:4:$flipped_wing"
expect "--stats goes with solve" 2 - '--stats goes with solve' -- check 'cube:4#3' --stats
expect "bad max length" 2 - "--max-length 'x'" -- solve 'cube:3#1' --max-length x
expect "bad thread count" 2 - "--threads '0': a thread count from 1 to 64" -- solve 'cube:3#1' --threads 0
expect "--threads goes with solve" 2 - '--threads goes with solve' -- scramble 'cube:3#1' --threads 2
"$twirl" solve 'cube:3#7' >"$tmp/first" 2>/dev/null
# (The same answer on one thread and on several is checked where a solve
# uses several, in tests/solver: here only that the option is taken.)
expect "--threads 1 is taken, the answer unchanged" 0 "^$(cat "$tmp/first")\$" "" -- solve 'cube:3#7' --threads 1

# Saved games: the sample replays verify; broken copies are refused with
# the file and the line.
replays=$(dirname "$0")/../../data/replays
expect "sample replays verify" 0 'torus-3x3-sample.twirl: ok, 17 events, 15 moves in effect, solved' "" -- replay --verify "$replays"/*.twirl
sed 's/^move=3620 N1$/move=3620 N9/' "$replays/torus-3x3-sample.twirl" > "$tmp/bad-move.twirl"
expect "illegal move is named with its line" 1 - "bad-move.twirl: line 13: move: bad move 'N9': column 9 does not exist" -- replay --verify "$tmp/bad-move.twirl"
sed 's/^move=3620 N1$/move=3620 N2/' "$replays/torus-3x3-sample.twirl" > "$tmp/other-move.twirl"
expect "different game fails the hash" 1 - 'other-move.twirl: final position does not match hash=' -- replay --verify "$tmp/other-move.twirl"
head -c 200 "$replays/torus-3x3-sample.twirl" > "$tmp/cut.twirl"
expect "truncated file is refused" 1 - 'cut.twirl: ' -- replay --verify "$tmp/cut.twirl"
sed 's/^twirl-save 1$/twirl-save 2/' "$replays/torus-3x3-sample.twirl" > "$tmp/v2.twirl"
expect "newer format is refused" 1 - 'v2.twirl: line 1: save format 2 is from a newer twirl' -- replay --verify "$tmp/v2.twirl"
expect "several files: first ok, then the bad one" 1 'sample.twirl: ok' 'bad-move.twirl: line 13' -- replay --verify "$replays/torus-3x3-sample.twirl" "$tmp/bad-move.twirl"
expect "missing file" 1 - 'nope.twirl: No such file' -- replay --verify "$tmp/nope.twirl"
expect "replay needs a file" 2 - 'replay needs a saved game file' -- replay --verify

# The Number Rotation Puzzle
nrp_moves="^(B\\([0-9]+,[0-9]+\\)['2]? )*B\\([0-9]+,[0-9]+\\)['2]?$"
expect "nrp solve" 0 "$nrp_moves" "" -- solve nrp:3x3k2:9,8,7,6,5,4,3,2,1
expect "nrp optimal htm" 0 "$nrp_moves" "" -- solve 'nrp:3x4k2#5' --optimal --metric htm
expect "nrp optimal refused on a 12-cell orientable board with 5 blocks" 2 - 'can take minutes' -- solve 'nrp:2x6k2o#1' --optimal
expect "nrp orientable 8x8 k=5" 0 "$nrp_moves" "" -- solve 'nrp:8x8k5o#2'
expect "nrp optimal refused on 16 cells" 2 - "at most 12 cells" -- solve 'nrp:4x4k2#1' --optimal
expect "nrp check solvable" 0 "^solvable$" "" -- check nrp:3x3k2:9,8,7,6,5,4,3,2,1
expect "nrp check wrong colour" 1 "tile 2 is on a cell of the wrong colour" "" -- check nrp:4x4k3:2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,16
expect "nrp check odd permutation k=4" 1 "odd permutation" "" -- check nrp:5x5k4:2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25
expect "nrp check orientation" 1 "odd number of quarter turns" "" -- check nrp:3x3k2o:1r,2,3,4,5,6,7,8,9
expect "nrp bad block size" 2 - "k must be 2..3" -- check nrp:3x3k4
expect "nrp bad tile" 2 - "tile 10 .* out of range" -- check nrp:3x3k2:1,2,3,4,5,6,7,8,10
expect "nrp scramble" 0 "^nrp:4x4k3:" "" -- scramble 'nrp:4x4k3#77'
# A number too large is named as given, never cut to a smaller one.
expect "a huge torus size named whole" 2 - "2147483648 rows: the torus has 2 to 20" -- check torus:2147483648x2
expect "a huge cube size named whole" 2 - "cube size 2147483648: twirl has cubes from 2" -- check cube:2147483648
expect "a huge nrp side named whole" 2 - "99999999999 columns" -- check nrp:3x99999999999k2

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
