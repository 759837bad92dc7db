/* The 5x5x5 phase reduction's phase-3 wings x midges table (phase3_wm.c),
 * the third of phase 3's bounds (phase3_tables.h). Private to
 * src/solvers/cube/big/n5. */
#ifndef TWIRL_CUBE_N5_PHASE3_WM_H
#define TWIRL_CUBE_N5_PHASE3_WM_H

#include "solvers/cube/big/n5/phase3_tables.h"

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

#endif
