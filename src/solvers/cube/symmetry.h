/* The 48 symmetries of the 3x3x3 (rotations and reflections of the whole
 * cube) acting on positions by conjugation, for the pruning tables that
 * store one entry per class of symmetric positions ([Kociemba] in
 * docs/papers.md: "symmetry reduction").
 *
 * Symmetry s = 16a + 8b + 2c + d (a < 3, b, d < 2, c < 4) is the spatial
 * map URF3^a F2^b U4^c LR2^d (LR2 applied first): URF3 the 120-degree
 * turn about the URF-DBL diagonal taking U to R, R to F and F to U; F2
 * the half turn about the F axis; U4 the quarter turn about the U axis
 * (y); LR2 the reflection swapping left and right. Symmetries 0..15 keep
 * the U-D axis (the group D4h); the phase-1 coordinates of the two-phase
 * method keep their meaning under them.
 *
 * The conjugate of a position P by s is what P looks like in s's mirror
 * or turned view, the colours renamed so that the centres are home: if
 * the moves M solve P, the moves M mapped by s solve the conjugate, so
 * both are equally far from solved in every metric that symmetry keeps
 * (face turns, quarter turns). */
#ifndef TWIRL_CUBE_SYMMETRY_H
#define TWIRL_CUBE_SYMMETRY_H

#include "engine/cube/cubie.h"

#define SYM_COUNT 48
#define SYM_UD 16           /* the symmetries that keep the U-D axis */
#define SYM_URF3 16         /* URF3 itself: the U-D axis to the R-L axis */

/* Builds the symmetry tables (once, thread-safe; a few microseconds). */
void sym_init(void);

/* out = the conjugate of c by s (out != c). */
void sym_conjugate(int s, const struct cubie *c, struct cubie *out);

/* The edges only (out's corners are left as they are): the flip-slice
 * coordinates' classes need no more. */
void sym_conjugate_edges(int s, const struct cubie *c, struct cubie *out);

/* One corner (edge) of the conjugate: where conjugating by s takes
 * place `place` holding piece `piece` with twist 0..2 (flip 0..1), and
 * the piece and twist (flip) it holds there. sym_conjugate is these for
 * every place; the 3x3x3 optimal solver makes tables of them to read
 * the three axes' coordinates straight off a cubie. */
void sym_corner_image(int s, int place, int piece, int twist, int *to_place, int *to_piece,
    int *to_twist);
void sym_edge_image(int s, int place, int piece, int flip, int *to_place, int *to_piece,
    int *to_flip);

/* The same on 54 facelet letters (centres in place): the definition the
 * cubie version is checked against (tests/solver/test_cube3_optimal.c). */
void sym_conjugate_facelets(int s, const char *f, char *out);

/* The symmetry whose conjugation is conjugating by t, then by s. */
int sym_multiply(int s, int t);
int sym_inverse(int s);

/* The face turn (cubie.h's index) that m becomes under s: conjugating
 * "m applied to solved" by s gives "sym_move(s, m) applied to solved". */
int sym_move(int s, int m);

#endif
