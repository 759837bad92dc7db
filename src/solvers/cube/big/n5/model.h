/* The 5x5x5 as the phase reduction sees it (n5.h): its 36 outer
 * block turns; its 24 X-centre, 24 T-centre, 24 wing and 12 midge
 * places, 8 corners and 6 fixed centres; the midges' orientation about
 * the R-L axis; the two halves of the wings that the later phases' turns
 * keep apart; and the three views (whole-cube turns) phase 1 is searched
 * in. Built once from the facelet engine (engine/cube/cube.h) through
 * solvers/cube/pieces.h, so every permutation here is the engine's own;
 * the staging follows Chen Shuang's cube555 ([cube555] in
 * docs/papers.md). Private to src/solvers/cube/big/n5. */
#ifndef TWIRL_CUBE_N5_MODEL_H
#define TWIRL_CUBE_N5_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/error.h"
#include "engine/cube/cube.h"
#include "solvers/cube/big/core/pieces.h"

#define R5_N 5
#define R5_FACELETS 150  /* face * 25 + row * 5 + column, faces URFDLB */
#define R5_MOVES 36      /* face * 6 + wide * 3 + quarter turns - 1 (pieces.h) */
/* X-centre places: face * 4 + (row == 3) * 2 + (column == 3), rows and
 * columns 1 and 3. T-centre places: face * 4 + k, k over (row, column)
 * (1, 2), (2, 1), (2, 3), (3, 2). Either's home colour is place / 4. */
#define R5_XCENTRES 24
#define R5_TCENTRES 24
#define R5_WINGS 24
#define R5_SLOTS 12      /* dedge places, by the two faces they join; midge place s is slot s */
#define R5_VIEWS 3
#define R5_PHASE2_MOVES 22
#define R5_HALF_MOVES 20 /* U, F, D, B face turns and every half turn */

/* Colours and faces are numbered U R F D L B = 0..5. */
struct r5_model {
	/* After move m, facelet d shows what src[m][d] showed. */
	uint8_t src[R5_MOVES][R5_FACELETS];
	uint8_t x_facelet[R5_XCENTRES], t_facelet[R5_TCENTRES], fixed_facelet[6];
	/* The X- (T-) centre place that place p goes to under m. */
	uint8_t x_to[R5_MOVES][R5_XCENTRES], t_to[R5_MOVES][R5_TCENTRES];
	/* Wings: place p is the sticker pair wing_facelet[p] (the lower
	 * facelet index first); wing_to[m][p] is where the wing at p goes. */
	uint8_t wing_facelet[R5_WINGS][2];
	uint8_t wing_to[R5_MOVES][R5_WINGS];
	uint8_t wing_slot[R5_WINGS];
	/* The wing at home on place p: dedge (its slot) * 2 + handedness. */
	uint8_t wing_home_id[R5_WINGS];
	/* A wing's handedness on place p, with its lower colour on the
	 * place's first facelet ([p][0]) or on its second. */
	uint8_t handed[R5_WINGS][2];
	uint8_t slot_faces[R5_SLOTS][2];
	uint8_t slot_of_colours[6][6];         /* 0xff for no slot */
	/* Midges: slot s's sticker pair (the lower index first); under m
	 * the midge at s goes to midge_to[m][s], and its orientation
	 * (r5_midge_id) changes by midge_flip[m][s]: 1 exactly for the
	 * midges an R, L, Rw or Lw quarter turn moves. */
	uint8_t midge_facelet[R5_SLOTS][2];
	uint8_t midge_to[R5_MOVES][R5_SLOTS];
	uint8_t midge_flip[R5_MOVES][R5_SLOTS];
	/* Halves: the turns half_moves (U, F, D, B face turns, every half
	 * turn) keep the wings of half 0 (place half_place[0][s] of slot s)
	 * and of half 1 apart; R, L and wide quarter turns mix them. */
	uint8_t half_of[R5_WINGS];
	uint8_t half_place[2][R5_SLOTS];
	uint8_t half_moves[R5_HALF_MOVES];
	bool wing_odd[R5_MOVES];               /* the move's wing permutation is odd */
	uint8_t corner_facelet[8][3];
	/* Phase 2's turns, which keep R-L centres on R and L: U, F, D, B
	 * (all powers), Uw2 Fw2 Dw2 Bw2, Rw Rw2 Rw' Lw Lw2 Lw'. */
	uint8_t phase2_moves[R5_PHASE2_MOVES];
	/* A move's axis (0 U-D, 1 R-L, 2 F-B) and its block's order along the
	 * axis (U 0, Uw 1, Dw 2, D 3): turns of one axis commute, so a
	 * search takes them in increasing order only. */
	uint8_t axis[R5_MOVES], order[R5_MOVES];
	/* Move m of view v is move view_move[v][m] of the cube as given. */
	uint8_t view_move[R5_VIEWS][R5_MOVES];
	char name[R5_MOVES][5];
};

/* The model, built on first use (thread-safe); NULL with the reason in
 * err ("internal error: the 5x5x5 model: ...") if the engine's moves do
 * not have the shape assumed here (a bug). The model is static: never
 * freed. */
const struct r5_model *r5_model_get(struct tw_error *err);

/* The cube c (5x5x5) seen in view v: turned so that the colours of axis
 * v's faces (R-L, U-D, F-B for v = 0, 1, 2) lie where R and L lie, and
 * recoloured so that the solved cube is still solved. A move m on the
 * result is move view_move[v][m] on c. */
void r5_view(const struct r5_model *md, const struct cube *c, int v, struct cube *out);

/* Applies move m (0..R5_MOVES-1) to c (a 5x5x5). */
void r5_apply(const struct r5_model *md, struct cube *c, int m);

/* The dedge (0..11, by the slot of its home) and handedness of the wing
 * on place p: id = dedge * 2 + handedness; home ids as wing_home_id. A
 * sticker pair that is no wing of a cube gives 0. */
int r5_wing_id(const struct r5_model *md, const struct cube *c, int p);

/* The midge on slot s: its home slot * 2 + orientation. The orientation
 * is about the R-L axis: faces and colours rank U-D first, R-L second,
 * F-B last; it is 0 when the slot's higher-ranked facelet shows the
 * midge's higher-ranked colour. Only R, L, Rw and Lw quarter turns
 * change it (checked when the model is built). */
int r5_midge_id(const struct r5_model *md, const struct cube *c, int s);

/* Whether the permutation of the 24 wings of c is odd. */
bool r5_wing_parity(const struct r5_model *md, const struct cube *c);

/* 24-bit masks of the X-centre (T-centre) places whose colour is
 * colour_a or colour_b: bit p for place p. */
uint32_t r5_x_mask(const struct r5_model *md, const struct cube *c, int colour_a, int colour_b);
uint32_t r5_t_mask(const struct r5_model *md, const struct cube *c, int colour_a, int colour_b);

/* Whether move m may follow move last (-1: none) in a search: turns of
 * one axis commute, so they are taken in increasing block order only
 * (which also keeps a block from being turned twice in a row). */
static inline bool
r5_turn_allowed(const struct r5_model *md, int m, int last)
{
	return last < 0 || md->axis[m] != md->axis[last] || md->order[m] > md->order[last];
}

#endif
