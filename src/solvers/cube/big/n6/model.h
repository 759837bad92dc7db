/* The 6x6x6 as its staged reduction sees it (n6.h): the 216
 * facelets as colours, the block turns of one to three layers from a face
 * and the inner slices, the kinds of piece each facelet belongs to, and
 * the three views (whole-cube turns, colours renamed) the first stage is
 * searched in. Built once from the facelet engine (engine/cube/cube.h),
 * so every permutation here is the engine's own. Private to
 * src/solvers/cube/big/n6.
 *
 * Facelet d = face * 36 + row * 6 + column (the engine's facelet string
 * order: faces URFDLB, each read row by row from outside, rows and
 * columns 0..5). Colours and faces are numbered U R F D L B = 0..5. */
#ifndef TWIRL_CUBE_N6_MODEL_H
#define TWIRL_CUBE_N6_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/cube/cube.h"

#define R6_N 6
#define R6_FACELETS 216
#define R6_RANGES 6       /* layers (1,1) (1,2) (1,3) (2,2) (2,3) (3,3) from a face */
#define R6_MOVES 108      /* (face * R6_RANGES + range) * 3 + quarter turns - 1 */
#define R6_VIEWS 3        /* none, "z", "y": the U-D, then the F-B colours onto R-L */
#define STAGED_MAX_PATH 255   /* turns a stage path may hold */

/* What a facelet belongs to. Each centre kind is one orbit of 24
 * facelets, four on each face, that no turn mixes with another. */
enum r6_kind {
	R6_CORNER,
	R6_OUTER_WING,   /* edge facelets 1 and 4 along their edge */
	R6_INNER_WING,   /* edge facelets 2 and 3 along their edge */
	R6_OUTER_X,      /* centre (row, column) both in {1, 4} */
	R6_INNER_X,      /* both in {2, 3} */
	R6_OBLIQUE_A,    /* the oblique orbit holding U (1, 2) */
	R6_OBLIQUE_B     /* the other one, holding U (1, 3) */
};

struct r6_model {
	/* After move m, facelet d shows what src[m][d] showed. */
	uint8_t src[R6_MOVES][R6_FACELETS];
	/* Move m turns layers first..last (1 = face's own layer) of face
	 * face by turns clockwise quarter turns (seen from that face); axis
	 * 0 U-D, 1 R-L, 2 F-B (face % 3). */
	uint8_t face[R6_MOVES], first[R6_MOVES], last[R6_MOVES], turns[R6_MOVES], axis[R6_MOVES];
	/* Its OBTM cost: 1 for a block holding the face's layer, 2 for an
	 * inner slice or inner block. */
	uint8_t obtm[R6_MOVES];
	char name[R6_MOVES][12];            /* "R", "Rw'", "3Rw2", "3R", "2-3R" */
	uint8_t kind[R6_FACELETS];         /* enum r6_kind */
	/* The oblique pair partner of an oblique facelet (the oblique of the
	 * other orbit next to it along the centre's edge side: (1,2)-(1,3),
	 * (2,1)-(3,1)); 0xff for the others. Pairs are what a 5x5x5's T
	 * centres become when layers 3 and 4 turn together. */
	uint8_t partner[R6_FACELETS];
	/* Wing facelets: the other sticker of the same wing; 0xff for others. */
	uint8_t wing_other[R6_FACELETS];
	/* Move m of view v is move view_move[v][m] of the cube as given. */
	uint8_t view_move[R6_VIEWS][R6_MOVES];
	/* Whether move m permutes the outer wings oddly (bit R6_OUTER_ODD)
	 * and the inner wings (bit R6_INNER_ODD): its quarter turns of layer
	 * 2 and of layer 3. */
	uint8_t wing_odd[R6_MOVES];
	/* Set when the build's self-checks failed: a view's move matched
	 * no model move or several (a bug in the geometry, not an input). */
	bool inconsistent;
};

#define R6_OUTER_ODD 1
#define R6_INNER_ODD 2

/* The model, built on first call (thread-safe). */
const struct r6_model *r6_model(void);

/* Whether the model passed its self-checks; false with an internal
 * error otherwise. The solvers that use it call it first. */
bool r6_model_check(struct tw_error *err);

/* The index of the turn of layers first..last (1 <= first <= last <= 3)
 * of face (0..5) by turns (1..3) quarter turns; -1 if there is none. */
int r6_move(int face, int first, int last, int turns);

/* The inverse of move m. */
int r6_move_inverse(int m);

/* Applies move m to col (216 colours). */
void r6_apply(uint8_t *col, int m);

/* The colours (0..5, URFDLB) of c's facelets (c a 6x6x6). */
void r6_colours(const struct cube *c, uint8_t *col);

/* col as the cube of view v (0: as given; 1: turned by z; 2: turned by
 * y), colours renamed so that a solved cube stays solved: the colours
 * of the given cube's U-D (view 1) or F-B (view 2) faces are then the
 * view's R-L ones. */
void r6_view_colours(const uint8_t *col, int view, uint8_t *out);

/* The parities of col's wing permutations (R6_OUTER_ODD,
 * R6_INNER_ODD bits), each wing told by its colours and its handedness
 * (pieces.h), its home the place of that dedge with that handedness;
 * the same in every view (a whole-cube turn permutes each wing orbit
 * evenly). col must hold every wing once. */
int r6_wing_parity(const uint8_t *col);

/* The face (0..5) of facelet d, its row and column (0..5). */
static inline int r6_face(int d) { return d / 36; }
static inline int r6_row(int d) { return d % 36 / 6; }
static inline int r6_column(int d) { return d % 6; }

#endif
