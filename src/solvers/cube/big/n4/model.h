/* The 4x4x4 as the phase reduction sees it (n4.h): its 36 outer block
 * turns, its 24 centre and 24 wing places, the two halves of the wings
 * that phase 3's turns keep apart, and the three views (whole-cube
 * conjugations) phase 1 is searched in. Built once from the facelet
 * engine (engine/cube/cube.h), so every permutation here is the engine's
 * own. Private to src/solvers/cube/big/n4. */
#ifndef TWIRL_CUBE_N4_MODEL_H
#define TWIRL_CUBE_N4_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/cube/cube.h"
#include "solvers/cube/big/core/pieces.h"

#define R4_FACELETS 96
#define R4_MOVES 36      /* face * 6 + wide * 3 + quarter turns - 1, faces URFDLB */
#define R4_CENTRES 24    /* face * 4 + (row - 1) * 2 + (column - 1) */
#define R4_WINGS 24
#define R4_SLOTS 12      /* dedge places, by the two faces they join */
#define R4_VIEWS 3
#define R4_PHASE2_MOVES 28
#define R4_PHASE3_MOVES 20

/* Colours and faces are numbered U R F D L B = 0..5. */
struct r4_model {
	/* After move m, facelet d shows what src[m][d] showed. */
	uint8_t src[R4_MOVES][R4_FACELETS];
	/* The centre place that centre place p goes to under m. */
	uint8_t centre_to[R4_MOVES][R4_CENTRES];
	uint8_t centre_facelet[R4_CENTRES];
	/* Wings: place p is the sticker pair wing_facelet[p] (the lower
	 * facelet index first); wing_to[m][p] is where the wing at p goes. */
	uint8_t wing_facelet[R4_WINGS][2];
	uint8_t wing_to[R4_MOVES][R4_WINGS];
	uint8_t wing_slot[R4_WINGS];
	/* The wing at home on place p: dedge (its slot) * 2 + handedness. */
	uint8_t wing_home_id[R4_WINGS];
	uint8_t slot_faces[R4_SLOTS][2];
	uint8_t slot_of_colours[6][6];         /* 0xff for no slot */
	/* A wing's handedness on place p, with its lower colour on the
	 * place's first facelet ([p][0]) or on its second. */
	uint8_t handed[R4_WINGS][2];
	/* Halves: phase 3's turns keep the wings of half 0 (place
	 * half_place[0][s] of slot s) and of half 1 apart. */
	uint8_t half_of[R4_WINGS];
	uint8_t half_place[2][R4_SLOTS];
	/* Under phase-3 move k (index into phase3_moves): where the wing of
	 * slot s's half-h place goes, as a slot. */
	uint8_t half_slot_to[2][R4_PHASE3_MOVES][R4_SLOTS];
	/* The place whose wing move m takes to slot s's half-0 place. */
	uint8_t half0_from[R4_MOVES][R4_SLOTS];
	bool half_odd[R4_PHASE3_MOVES];        /* half 0's slot permutation is odd */
	/* Whether phase-3 move k flips phase 3's parity (the corners'
	 * permutation parity plus half 0's slots': tables.h). Only the wide
	 * half turns do, so the parity counts them. */
	bool parity_flip[R4_PHASE3_MOVES];
	bool wing_odd[R4_MOVES];               /* the move's wing permutation is odd */
	uint8_t corner_facelet[8][3];
	uint8_t phase2_moves[R4_PHASE2_MOVES];
	uint8_t phase3_moves[R4_PHASE3_MOVES];
	/* Phase 3 searches 17 of its 20 turns. Dw2, Lw2 and Bw2 are Uw2, Rw2
	 * and Fw2 followed by a whole-cube half turn (y2, x2, z2), so a
	 * search without them that may end with the centres so turned finds
	 * every length the 20 turns do (r4_lift_half_turn takes its answer
	 * back home). */
	bool phase3_searched[R4_PHASE3_MOVES];
	/* The whole-cube half turns about the three axes, numbered 1 + axis
	 * (y2 1, x2 2, z2 3; two of them make the third: 1 ^ 2 = 3).
	 * half_turn_conj[h - 1][m] is the move h m h. wide_partner[m] is a
	 * wide half turn's partner on its axis (Uw2 and Dw2), -1 for the
	 * other moves. */
	uint8_t half_turn_conj[3][R4_MOVES];
	int8_t wide_partner[R4_MOVES];
	/* A move's axis (0 U-D, 1 R-L, 2 F-B) and its block's order along the
	 * axis (U 0, Uw 1, Dw 2, D 3): turns of one axis commute, so a
	 * search takes them in increasing order only. */
	uint8_t axis[R4_MOVES], order[R4_MOVES];
	/* Move m of view v is move view_move[v][m] of the cube as given. */
	uint8_t view_move[R4_VIEWS][R4_MOVES];
	char name[R4_MOVES][5];
};

/* The model, built on first use (thread-safe); NULL with the reason in
 * err if the engine's moves do not have the shape assumed here (a bug). */
const struct r4_model *r4_model_get(struct tw_error *err);

/* The cube c (4x4x4) seen in view v: turned so that the colours of axis
 * v's faces (R-L, U-D, F-B for v = 0, 1, 2) lie where R and L lie, and
 * recoloured so that the solved cube is still solved. A move m on the
 * result is move view_move[v][m] on c. */
void r4_view(const struct r4_model *md, const struct cube *c, int v, struct cube *out);

/* Applies move m to c. */
void r4_apply(const struct r4_model *md, struct cube *c, int m);

/* The dedge (0..11, by the slot of its home) and handedness of the wing
 * on place p: id = dedge * 2 + handedness; home ids as wing_home_id. */
int r4_wing_id(const struct r4_model *md, const struct cube *c, int p);

/* Lifts path[0..len) (phase-3 moves without Dw2, Lw2 and Bw2, on a
 * cube C) to out[0..len): moves that take C where path takes it, then
 * the whole-cube half turn h (1..3, 0 for none) back. A wide half turn
 * is its partner followed by its axis's half turn, which passes the turns
 * after it by conjugation, so swapping wide turns whose half turns make h
 * (the first of h's axis, else the first of each other axis) undoes h.
 * False (out unspecified) when path has no such wide turns. */
bool r4_lift_half_turn(const struct r4_model *md, int h, const uint8_t *path, int len,
    uint8_t *out);

/* Whether the permutation of the wings (of the corners) of c is odd. */
bool r4_wing_parity(const struct r4_model *md, const struct cube *c);
bool r4_corner_parity(const struct r4_model *md, const struct cube *c);

/* Whether every face's centres are one colour, the colour of the face,
 * and every slot's two wings are of one dedge. */
bool r4_reduced(const struct r4_model *md, const struct cube *c);

/* The reduced cube c read as a 3x3x3 (its corners, one wing of each
 * slot, one centre of each face). */
void r4_to_3x3(const struct cube *c, struct cube *out);

#endif
