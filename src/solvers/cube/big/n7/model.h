/* The 7x7x7 as its staged reduction sees it (docs/cube-solvers.md): the
 * 294 facelets as colours and the block turns it uses, built once from
 * the facelet engine (engine/cube/cube.h), so every permutation here is
 * the engine's own. Private to src/solvers/cube/big/n7.
 *
 * Facelet d = face * 49 + row * 7 + column (the engine's facelet string
 * order: faces URFDLB, rows and columns 0..6). Colours and faces are
 * numbered U R F D L B = 0..5. */
#ifndef TWIRL_CUBE_N7_MODEL_H
#define TWIRL_CUBE_N7_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/cube/cube.h"

#define R7_N 7
#define R7_FACELETS 294
/* Layer ranges from a face: (1,1) (1,2) (1,3) (2,2) (2,3) (3,3), the
 * fake 6x6x6's (they never move layer 4), then the middle slice (4,4)
 * and the grouped 5x5x5's middle block (3,5). */
#define R7_RANGES 8
#define R7_MOVES 144      /* (face * R7_RANGES + range) * 3 + quarter turns - 1 */

struct r7_model {
	/* After move m, facelet d shows what src[m][d] showed. */
	uint16_t src[R7_MOVES][R7_FACELETS];
	uint8_t face[R7_MOVES], first[R7_MOVES], last[R7_MOVES], turns[R7_MOVES], axis[R7_MOVES];
	uint8_t obtm[R7_MOVES];            /* 1 for a block holding the face's layer, else 2 */
	char name[R7_MOVES][12];
};

/* The model, built on first call (thread-safe). */
const struct r7_model *r7_model(void);

/* The index of the turn of layers first..last of face (0..5) by turns
 * (1..3) quarter turns; -1 if the model has no such range. */
int r7_move(int face, int first, int last, int turns);

/* Applies move m to col (294 colours). */
void r7_apply(uint8_t *col, int m);

/* The colours (0..5, URFDLB) of c's facelets (c a 7x7x7), and back. */
void r7_colours(const struct cube *c, uint8_t *col);
void r7_to_cube(const uint8_t *col, struct cube *c);

static inline int r7_face(int d) { return d / 49; }
static inline int r7_row(int d) { return d % 49 / 7; }
static inline int r7_column(int d) { return d % 7; }

/* The fake 6x6x6 of col: facelets of rows and columns 0 1 2 4 5 6. */
void r7_fake6(const uint8_t *col, uint8_t *col6);

/* col as the cube of the 6x6x6's view v (0: as given, 1: turned by z,
 * 2: by y), colours renamed so that a solved cube stays solved. */
void r7_view_colours(const uint8_t *col, int view, uint8_t *out);

/* The facelet halfway between facelets a and b of one face (the outer T
 * between the halves of an oblique pair (1,2)-(1,4)). */
static inline int
r7_midpoint(int a, int b)
{
	return r7_face(a) * 49 + (r7_row(a) + r7_row(b)) / 2 * 7 + (r7_column(a) + r7_column(b)) / 2;
}

#endif
