/* The search of the centre stages 1 to 4 (n6/centres.c: the 6x6x6
 * staged reduction's R-L, then U-D centres, after dwalton76's order),
 * shared with the 7x7x7's stages 1 to 4 (n7/centres7.c), which run
 * the same stages on the fake 6x6x6 with a fifth orbit and their own
 * turn sets and bounds. Each stage is an IDA* (Korf 1985) over a few
 * 24-bit masks of centre orbits, one mask a set; what differs between
 * the two cubes is in struct centre_stages. Internal to n6/ and n7/ */
#ifndef TWIRL_CUBE_N6_STAGESEARCH_H
#define TWIRL_CUBE_N6_STAGESEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/error.h"
#include "solvers/cube/big/n6/n6.h"

#define CENTRE_STAGES_MAX_SETS 6
#define CENTRE_STAGES_MAX_STAGE 40           /* a stage's longest path */
#define CENTRE_STAGES_STAGE1_ENDS 30         /* stage-1 ends collected at the first bound with any */
#define CENTRE_STAGES_CANDIDATES 4           /* of which stage 2 tries the best */
#define CENTRE_STAGES_ODD_END 100            /* stage-1 score of an odd inner wing permutation */
#define CENTRE_STAGES_NODES_PARITY 60000000L /* stages 3 and 4 with the wing parities */

/* Masks of 8 places in 24, both cubes' coordinate: the set bits of each
 * byte and the parts of a mask's colex rank (cube_colex_rank_parts),
 * filled by mask_ranks_init (once, thread-safe) before either is read. */
extern uint8_t mask_bits8[256];
extern uint32_t mask_rank8_part[3 * 9 * 256];
void mask_ranks_init(void);

static inline int
mask_bits24(uint32_t x)
{
	return mask_bits8[x & 255] + mask_bits8[x >> 8 & 255] + mask_bits8[x >> 16 & 255];
}

/* The colex rank (0 .. C(24,8) - 1) of a mask with 8 bits set. */
static inline uint32_t
mask_rank8(uint32_t x)
{
	int c0 = mask_bits8[x & 255], c1 = mask_bits8[x >> 8 & 255];

	return mask_rank8_part[x & 255] + mask_rank8_part[(9 + c0) * 256 + (x >> 8 & 255)] +
	    mask_rank8_part[(18 + c0 + c1) * 256 + (x >> 16)];
}

/* One cube's stages. Moves are the 6x6x6's model moves (model.h); a state
 * is sets masks; colours are facelets bytes a cube, in the view the
 * search works in. */
struct centre_stages {
	int sets;                                   /* masks a state, at most CENTRE_STAGES_MAX_SETS */
	int facelets;                               /* colour bytes a cube */
	/* lut[s][m][b][x]: the places of set s that the places x (bits of
	 * byte b) go to under move m. */
	const uint32_t (*lut)[R6_MOVES][3][256];
	const uint8_t (*moves)[54];                 /* each stage's turns (1..4) */
	const int *n_moves;
	const uint8_t *order;                       /* block's place along its axis */
	const unsigned *stage_sets;                 /* the sets each stage moves (1..4) */
	const long *nodes;                          /* each stage's default work (1..4) */
	/* The stage's bound of masks s; 0 exactly at the stage's goal. */
	int (*estimate)(int stage, const uint32_t *s);
	/* The outer X set and the oblique A set (the 6x6x6's places): stage 1's
	 * ends are ranked by stage 2's tables on them, stage2_table
	 * (R6_TABLE_X2) and stage2_table(R6_TABLE_T2) (r6_centre_table). */
	int set_outer_x, set_oblique_a;
	const uint8_t *(*stage2_table)(enum r6_centre_table which);
	void (*masks_of)(const uint8_t *col, int axis, uint32_t *s);
	void (*apply)(uint8_t *col, int m);
	/* The wing parities (model.h), -1 if col's wings do not tell. */
	int (*wing_parity)(const uint8_t *col);
	/* col in view v (model.h's three views), into out. */
	void (*view_colours)(const uint8_t *col, int v, uint8_t *out);
	/* May be NULL: a stage run after stage 1 (on each candidate stage 2
	 * looks at) and after stage 3, on col in place, its moves appended
	 * to path[*len..max); false with the reason (err). */
	bool (*stage_b)(int stage, const struct staged_options *opt, uint8_t *col, uint8_t *path, int *len, int max,
	    struct tw_error *err);
};

/* Stages 1 to 4 on col (checked by the caller: every orbit with 4 of
 * each colour, tables loaded) as n6.h's r6_stages_1to4 describes
 * them: *view the view chosen, out (d->facelets bytes) its colours after
 * the stages, path their moves in that view, stage_moves (may be NULL)
 * each stage's OBTM. Errors: out of memory, "cancelled", "no stage-N end
 * within the search's work", "the stages' path is full". */
bool centre_stages_1to4(const struct centre_stages *d, const uint8_t *col, const struct staged_options *opt,
    int *view, uint8_t *out, struct staged_path *path, int *stage_moves, struct tw_error *err);

#endif
