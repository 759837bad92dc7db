/* The 3x3x3 at the cubie level (Kociemba's model, [Kociemba] in
 * docs/papers.md): which corner and edge sits at each place and how it is
 * turned there. Places and pieces are numbered URF UFL ULB UBR DFR DLF DBL
 * DRB (corners) and UR UF UL UB DR DF DL DB FR FL BL BR (edges); a corner's
 * orientation is where its U/D sticker is (0 on the U/D face, 1 and 2
 * clockwise from there), an edge's is whether its first colour (U/D, or
 * F/B for the four middle edges) is off the place's first facelet. The
 * two-phase and the optimal 3x3x3 solvers share it. */
#ifndef TWIRL_CUBE_CUBIE_H
#define TWIRL_CUBE_CUBIE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/error.h"
#include "engine/cube/cube.h"

struct cubie {
	uint8_t cp[8], co[8], ep[12], eo[12];
};

/* Facelets (0-based, faces URFDLB of 9 each) of each corner and edge
 * place, U/D (or F/B for the middle edges) sticker first, the corners'
 * clockwise; the colours of each piece in the same order. */
extern const int cubie_corner_facelet[8][3];
extern const char cubie_corner_colour[8][4];
extern const int cubie_edge_facelet[12][2];
extern const char cubie_edge_colour[12][3];
extern const char cubie_face_letter[7];   /* "URFDLB" */

/* The face turns, index face * 3 + power: faces U R F D L B, powers
 * quarter turn, half turn, counter-quarter turn (U U2 U' R R2 R' ...). */
#define CUBIE_MOVES 18

void cubie_identity(struct cubie *c);

/* a then b: b's permutation applied to a's state; out may be a or b. */
void cubie_multiply(const struct cubie *a, const struct cubie *b, struct cubie *out);

/* The inverse of c (out != c). */
void cubie_inverse(const struct cubie *c, struct cubie *out);

/* Parity (0 even, 1 odd) of the permutation p of 0..n-1. */
int cubie_parity(const uint8_t *p, int n);

/* Reads the pieces of a 54-facelet string whose centres are in place (U
 * on U, ...); false, with the place and its colours in err, for a piece
 * that does not exist or is there twice. Does not check the twist, flip
 * and parity rules (cubie_defects does). */
bool cubie_read_pieces(const char *f, struct cubie *c, struct tw_error *err);

/* What keeps a 3x3x3 with centres in place (U on U, ...) from being
 * solvable, as a set of flags; 0 for a solvable cube. The reduction solver
 * reads the even cubes' parities from them (OLL parity is CUBE3_FLIP, PLL
 * parity CUBE3_PARITY). */
#define CUBE3_BAD_PIECE 1u   /* centres off, or a piece missing or twice */
#define CUBE3_TWIST 2u
#define CUBE3_FLIP 4u
#define CUBE3_PARITY 8u

/* The flags above for the rules c breaks; 0 for a solvable cube. */
unsigned cubie_defects(const struct cubie *c);

/* cubie_read_pieces, then the rules, each with its own message. */
bool cubie_from_facelets(const char *f, struct cubie *c, struct tw_error *err);

/* cubie_from_facelets of a cube turned any way: each colour is named
 * after the face whose centre shows it (the answer is then face turns of
 * the cube as the player holds it). Errors: not a 3x3x3, two centres of
 * one colour, and cubie_from_facelets's. */
bool cubie_from_cube(const struct cube *c, struct cubie *out, struct tw_error *err);

/* The facelets of c into out (a 3x3x3, centres in place). */
void cubie_to_facelets(const struct cubie *c, struct cube *out);

/* The 18 face turns (index above), from the facelet engine so that the
 * two models agree. */
void cubie_face_turns(struct cubie move[CUBIE_MOVES]);

/* Coordinates: twist 0..2186 (the first seven corners' orientations in
 * base 3), flip 0..2047 (the first eleven edges' in base 2); the setters
 * put the last corner's and edge's orientation by the sum rules and
 * leave the permutations alone. */
int cubie_twist(const struct cubie *c);
void cubie_set_twist(struct cubie *c, int twist);
int cubie_flip(const struct cubie *c);
void cubie_set_flip(struct cubie *c, int flip);

/* Move tables of those coordinates: out[x][m] is the coordinate after
 * face turn m (index above) from x; 2,187 rows for the twist, 2,048 for
 * the flip. */
void cubie_twist_moves(uint16_t (*out)[CUBIE_MOVES]);
void cubie_flip_moves(uint16_t (*out)[CUBIE_MOVES]);

/* Checks that c is a solvable 3x3x3, held any way (a whole-cube turn
 * puts its centres home). Errors: not a 3x3x3; "centres out of place";
 * cubie_from_facelets's. */
bool cube3_validate(const struct cube *c, struct tw_error *err);

/* The flags above for c (a 3x3x3 with centres in place; CUBE3_BAD_PIECE
 * when they are not). */
unsigned cube3_defects(const struct cube *c);

/* A uniformly random solvable 3x3x3, drawn directly from the cubie group:
 * every permutation and orientation with the parity and sum rules. */
struct tw_rng;
void cube3_random(struct tw_rng *rng, struct cube *out);

#endif
