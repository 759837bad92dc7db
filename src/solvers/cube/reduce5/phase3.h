/* The 5x5x5 phase reduction's phase 3 (reduce5.h), after cube555's
 * ([cube555] in docs/papers.md): its coordinates, its two pruning tables
 * and the goal they describe, in the frame of an axis view (r5_view:
 * the axis's colours on R and L). Private to src/solvers/cube/reduce5.
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
 * midges (exact, 10 M), and the wings x midges by symmetry (below). */
#ifndef TWIRL_CUBE_REDUCE5_PHASE3_H
#define TWIRL_CUBE_REDUCE5_PHASE3_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/error.h"
#include "solvers/cube/reduce5/model.h"
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

/* The wings x midges table, after cube555's WMEdgeSymPrun: the low wing
 * places (W) reduced by 32 symmetries, the 16 that keep the R-L axis
 * (phase1_table.h), each with or without the swap (W, midges) ->
 * (complement of W, midges XOR 0xfff), which takes the goal of a
 * labelling to the goal of its complement (so the table bounds the
 * distance to either: a lower bound for both). A symmetry maps W by its
 * wing places and the relabelled midges by its slots, XOR 0xfff when it
 * exchanges the halves (checked against every turn when built). Index:
 * class * 2048 + the class symmetry's image of the midges (11 bits), 4
 * bits an entry; a self-symmetric representative's images are all
 * filled. Breadth first to R5_P3_WM_DEPTH turns from the goal, every
 * other entry R5_P3_WM_DEPTH + 1: exact to that depth, never more than
 * the distance, one turn changes it by at most one. */
#define R5_P3_WSYMS 32
#define R5_P3_WCLASSES 86048    /* cube555's count; checked when built */
#define R5_P3_WM (R5_P3_WCLASSES * R5_P3_MIDGES)
#define R5_P3_WM_DEPTH 9

struct r5_p3_wm_table {
	uint32_t wclass[R5_P3_WINGS];           /* by W rank: class << 5 | a symmetry taking W to its representative */
	uint32_t rep[R5_P3_WCLASSES];           /* the representative's W (the smallest rank) */
	uint32_t stab[R5_P3_WCLASSES];          /* bit u: symmetry u (not 0) fixes the representative */
	uint8_t prune[R5_P3_WM / 2];            /* entry i in the low (i even) or high nibble of byte i / 2 */
};

/* The symmetries' action (built at start-up, not cached). */
struct r5_p3_wm_syms {
	/* W's places mapped by symmetry u, by bytes as wing_move; for u >=
	 * 16 the image is then complemented (XOR 0xffffff). */
	uint32_t wing_sym[R5_P3_WSYMS][3][256];
	uint16_t midge_sym[R5_P3_WSYMS][4096];         /* the relabelled midges mapped by u */
	/* The turn j' with u(j(s)) = j'(u(s)) for every state s: found and
	 * checked when built. */
	uint8_t move_conj[R5_P3_WSYMS][R5_P3_MOVES];
};

/* The table (built, about 3.5 s on one core, or loaded from the cache
 * "cube5-phase3-wm" version 1, 99.6 MB: 88 MB of entries, 11 MB of
 * classes) and its symmetries (*syms); needs
 * r5_tables_get and r5_p3_tables_get to have succeeded (it takes their
 * symmetries and coordinates). NULL with the reason in err: "cancelled",
 * out of memory, the cache's, or an internal error (a symmetry that does
 * not commute with the turns or moves the goal, another class count). */
const struct r5_p3_wm_table *r5_p3_wm_get(const struct r5_p3_wm_syms **syms,
    const struct table_progress *prog, struct tw_error *err);

/* The index of W rank wrank with relabelled midges m, and entry i. */
static inline uint32_t r5_p3_wm_index(const struct r5_p3_wm_table *t, const struct r5_p3_wm_syms *sy,
    uint32_t wrank, unsigned m)
{
	uint32_t cw = t->wclass[wrank];

	return (cw >> 5) * R5_P3_MIDGES + (sy->midge_sym[cw & 31][m] & 0x7ffu);
}

static inline int r5_p3_wm_entry(const struct r5_p3_wm_table *t, uint32_t i)
{
	return t->prune[i >> 1] >> ((i & 1) * 4) & 15;
}

/* The table entry of W rank wrank with relabelled midges m. */
static inline int r5_p3_wm_bound(const struct r5_p3_wm_table *t, const struct r5_p3_wm_syms *sy,
    uint32_t wrank, unsigned m)
{
	return r5_p3_wm_entry(t, r5_p3_wm_index(t, sy, wrank, m));
}

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
