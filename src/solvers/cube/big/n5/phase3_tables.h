/* The 5x5x5 phase reduction's phase 3 (n5.h, phase3.c), after
 * cube555's ([cube555] in docs/papers.md): its coordinates, its two
 * pruning tables and the goal they describe, in the frame of an axis view (r5_view:
 * the axis's colours on R and L). Private to src/solvers/cube/big/n5.
 *
 * A labelling (12 bits, bit d for dedge d) names one wing of each dedge
 * "low": bit 0 the wing whose home place is in half 0 (model.h), bit 1
 * the other. The goal, for a labelling:
 *  (a) the 12 low wings on the 12 places of half 0;
 *  (b) every midge's orientation (model.h) equal to its dedge's label
 *      bit: the relation every paired cube has (checked when the
 *      coordinates are built: the turns of a 3x3x3 from solved keep the
 *      natural low wing in half o of its slot, o its midge's
 *      orientation); phases 4 and 5 keep both halves and orientations;
 *  (c) the R-coloured X- and T-centres among the 8 + 8 places of R and
 *      L in the set that phase 4's 16 turns reach from solved.
 * The midge flip sum is even, so (b) needs a labelling of even weight:
 * 2,048 labellings, each a start node (cube555 takes 1,024 and lets
 * each reach its goal or its complement's; the same work).
 * Bounds: the wing split alone (exact, 2.7 M), the centres x relabelled
 * midges (exact, 10 M), and the wings x midges by symmetry
 * (phase3_wm.h). */
#ifndef TWIRL_CUBE_N5_PHASE3_TABLES_H
#define TWIRL_CUBE_N5_PHASE3_TABLES_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/error.h"
#include "solvers/cube/big/n5/model.h"
#include "solvers/tablecache.h"

#define R5_P3_MOVES 24          /* the 18 face turns, Uw2 Rw2 Fw2 Dw2 Lw2 Bw2 */
#define R5_P4_MOVES 16          /* U, D; R2 L2 F2 B2; the six wide half turns */
#define R5_P3_SPLITS 70         /* C(8, 4): the R-coloured centres of one kind among R and L's 8 */
#define R5_P3_CENTRES (R5_P3_SPLITS * R5_P3_SPLITS)
#define R5_P3_MIDGES 2048       /* 11 relabelled midge orientations; the 12th by parity */
#define R5_P3_CM (R5_P3_CENTRES * R5_P3_MIDGES)
#define R5_P3_WINGS 2704156     /* C(24, 12): the places of the low wings */
#define R5_P3_LABELLINGS 2048   /* 12-bit labellings of even weight */

/* The pruning tables, exact distances under the 24 turns, a byte an
 * entry (0xff: not reached). cm by r5_p3_cm_index, wing by the low
 * wings' rank (r5_p3_rank12). */
struct r5_p3_tables {
	uint8_t cm[R5_P3_CM];
	uint8_t wing[R5_P3_WINGS];
};

/* Move, rank and goal tables, built with the model (not cached). */
struct r5_p3_coords {
	uint8_t moves[R5_P3_MOVES];             /* model move indices */
	uint8_t p4_moves[R5_P4_MOVES];
	/* A 24-bit wing mask after turn j: OR of wing_move[j][b][byte b]. */
	uint32_t wing_move[R5_P3_MOVES][3][256];
	uint32_t rank12_part[3][13][256];       /* colex rank of 12 of 24, by bytes */
	uint8_t pop8[256];
	uint8_t split_rank[256];                /* 8-bit mask of 4 bits -> 0..69 (else 0xff) */
	uint8_t split_mask[R5_P3_SPLITS];
	uint8_t x_move[R5_P3_MOVES][R5_P3_SPLITS], t_move[R5_P3_MOVES][R5_P3_SPLITS];
	uint16_t midge_move[R5_P3_MOVES][4096]; /* 12 midge orientations by slot */
	bool centre_goal[R5_P3_CENTRES];        /* (c): x * 70 + t */
	int n_centre_goal;
	uint32_t half0;                         /* the places of half 0 */
	uint8_t nat_low[R5_SLOTS];              /* wing id of each dedge's natural low wing */
};

/* One phase-3 state: low wing places, relabelled midge orientations (bit
 * s: slot s's midge orientation XOR its dedge's label bit), and the R
 * centre splits. */
struct r5_p3_state {
	uint32_t wings;
	uint16_t midges;
	uint8_t x, t;
};

/* The coordinates (built once, thread-safe, static) and the tables
 * (built, about 4 s on one core, or loaded from the cache "cube5-phase3"
 * version 1; 12.7 MB), with progress and cancel through prog (may
 * be NULL). NULL with the reason in err: "cancelled", out of memory, the
 * model's, or "internal error" if the midge relation (b) does not hold
 * on the model. */
const struct r5_p3_tables *r5_p3_tables_get(const struct r5_p3_coords **coords,
    const struct table_progress *prog, struct tw_error *err);

/* The state of c (an axis view's cube after phases 1 and 2: centres on
 * their axes) under labelling lab (12 bits, even weight). */
struct r5_p3_state r5_p3_state_of(const struct r5_p3_coords *k, const struct r5_model *md,
    const struct cube *c, unsigned lab);

/* The state after turn j (index into k->moves). */
struct r5_p3_state r5_p3_move(const struct r5_p3_coords *k, struct r5_p3_state s, int j);

/* Whether s is phase 3's goal. */
bool r5_p3_goal(const struct r5_p3_coords *k, struct r5_p3_state s);

/* The bound of s: the larger of its two table entries. */
int r5_p3_bound(const struct r5_p3_tables *t, const struct r5_p3_coords *k, struct r5_p3_state s);

static inline uint32_t r5_p3_rank12(const struct r5_p3_coords *k, uint32_t mask)
{
	uint32_t b0 = mask & 0xff, b1 = mask >> 8 & 0xff;
	int n0 = k->pop8[b0], n1 = n0 + k->pop8[b1];

	return k->rank12_part[0][0][b0] + k->rank12_part[1][n0][b1] + k->rank12_part[2][n1][mask >> 16];
}

static inline uint32_t r5_p3_cm_index(struct r5_p3_state s)
{
	return ((uint32_t)s.x * R5_P3_SPLITS + s.t) * R5_P3_MIDGES + (s.midges & 0x7ffu);
}

#endif
