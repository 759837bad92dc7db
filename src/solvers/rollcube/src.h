/* SRC, the simple rolling cube problem, in constant time (Tuggle, Murphy and
 * Lorch, "A Constant Time Algorithm for Solving Simple Rolling Cube Mazes",
 * docs/papers.md): an open m x n board, the die in the standard orientation at
 * (xi, yi), the goal (xf, yf) with label l on top, reached in the fewest
 * moves and stood on only after the last move.
 *
 * The paper's method: quadrant mapping (section 3.2), the reduction of
 * labels 2 and 5 to 3 and 4 by transposition and of 3 and 4 to 1 and 6 by
 * Lemma 1 (section 3.3), and the large-displacement templates of Table 3
 * built on face saving (section 4). Small displacements (section 5) are
 * answered by a search on a window of constant size: Theorem 3 keeps every
 * shortest path within 3 cells of the start-goal rectangle, and a long side
 * is shortened to a fixed length of the same residue mod 4 and lengthened
 * again as a repeated run, so no loop or table depends on m, n or the
 * displacement. docs/src-errata.md lists where this departs from the
 * paper's pseudocode and why.
 *
 * Answers are generalized path strings (section 2.2): runs like (E){dx-2}
 * whose counts are the displacement dx = |xf - xi| or dy = |yf - yi| plus a
 * constant. */
#ifndef TWIRL_SRC_H
#define TWIRL_SRC_H

#include <stdint.h>

#include "engine/rollcube/rollcube.h"

#define GPS_MAX_SEGS 24
#define GPS_SEG_MOVES 40

struct gps_seg {
	char moves[GPS_SEG_MOVES];  /* the moves, once (literal) or per repetition */
	bool repeat;        /* (moves){var + add} */
	int var;            /* 0: constant count add, 1: dx + add, 2: dy + add */
	int64_t add;
};

struct gps {
	struct gps_seg seg[GPS_MAX_SEGS];
	int n;
};

/* Solves SRC on an m x n board (each 1..2^31-1; x 1..n, y 1..m). label is
 * 1..6. Returns true with *solvable telling whether there is a path (when
 * there is none, *g is empty); returns false only for out-of-range input
 * (err set; err may be NULL). */
bool src_solve(int64_t m, int64_t n, int64_t xi, int64_t yi, int64_t xf,
    int64_t yf, int label, struct gps *g, bool *solvable, struct tw_error *err);

/* The number of moves g stands for, with dx and dy its displacements. */
int64_t gps_length(const struct gps *g, int64_t dx, int64_t dy);

/* Appends the moves of g to out as the game plays a long answer: each
 * repetition of a segment roll by roll for the first four, then runs
 * ("(EN)^5", engine/rollcube/rollcube.h) of a quarter of the repetitions
 * done so far, so that a straight of two billion rolls is about 100
 * moves, each applied in constant time. Errors: out of memory. */
bool gps_expand_runs(const struct gps *g, int64_t dx, int64_t dy, struct movelist *out,
    struct tw_error *err);

/* The paper's ASCII notation: "N(E){dx-2}NE(N){dy-2}E", "I" when empty.
 * Writes at most size bytes. */
void gps_format(const struct gps *g, char *buf, size_t size);

/* Appends the moves of g (one N/E/S/W string each) to out. Past
 * max_moves it fails with "solution too long to list (N moves); use
 * --gps", or with prefix_ok lists just the first max_moves. Fails with
 * "cancelled" when *cancel is set (may be NULL), the moves appended so
 * far left in out for the caller to drop. */
bool gps_expand(const struct gps *g, int64_t dx, int64_t dy, int64_t max_moves,
    bool prefix_ok, atomic_bool *cancel, struct movelist *out, struct tw_error *err);

#endif
