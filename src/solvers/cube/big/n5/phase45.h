/* The 5x5x5 phase reduction's phases 4 and 5 (n5.h), after
 * cube555's ([cube555] in docs/papers.md): coordinates and exact pruning
 * tables, built on first use and cached (solvers/tablecache.h): the two
 * 99 MB ones (198 M entries of 4 bits, r5_nibble) and one block of the
 * rest (56 MB, struct r5_p45_tables). Private to src/solvers/cube/big/n5.
 *
 * Phase 4 works in the frame of a phase-3 end (its axis view) or that
 * frame turned by x (the "S ring" choice); phase 5 in phase 4's frame
 * turned by x. In either, a dedge's "low" wing is the one on half 0
 * (model.h): phases 4 and 5 keep the halves. A frame is taken only if
 * every dedge's half-0 wing is the one that pairs with its midge as the
 * midge is oriented (then wings at their midge's slot, each in its half,
 * are paired).
 *  Phase 4: 16 turns (U, D, R2 L2 F2 B2, the wide half turns), which keep
 *  the 8 non-E slots' pieces among themselves. Goal: 4 chosen dedges
 *  (every piece off the E slice) paired in the ring UL UR DL DR, and the
 *  U-D and R-L centres in the set phase 5's turns reach from solved
 *  (computed here by breadth-first search). Coordinates: the chosen
 *  midges' places (ordered, among the 8 non-E slots, 1,680), their
 *  half-0 wings' and half-1 wings' (1,680 each); centres by axis (the
 *  axis's first colour on its 8 X and 8 T places: 70 x 70). Tables:
 *  midges x low wings, midges x high wings (2.8 M each), U-D x R-L
 *  centres (24 M), and all 4 dedges at once (midge set x both halves'
 *  wings in midge order, 198 M).
 *  Phase 5: 14 turns (U, D, R2 L2 F2 B2, Rw2 Lw2 Fw2 Bw2). Goal: every
 *  centre home and every dedge paired. Coordinates: the half-0 (half-1)
 *  wings of the 8 non-E dedges relative to their midges (8!), the
 *  centres (every axis) as a dense index over the states reachable from
 *  solved. Tables: each of the three alone, and each wing coordinate x
 *  the U-D centres (198 M, built breadth first, backwards once
 *  half full). */
#ifndef TWIRL_CUBE_N5_PHASE45_H
#define TWIRL_CUBE_N5_PHASE45_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/error.h"
#include "solvers/tablecache.h"
#include "solvers/cube/big/n5/model.h"

#define R5_Q4 16
#define R5_Q5 14
#define R5_ORD4 1680           /* 8 * 7 * 6 * 5 */
#define R5_AXC 4900            /* 70 x 70 */
#define R5_PERM8 40320
#define R5_MLH_ENTRIES (70u * R5_ORD4 * R5_ORD4)   /* 197,568,000 */
#define R5_LC_ENTRIES (R5_PERM8 * (uint32_t)R5_AXC) /* 197,568,000 */

/* Phase 5's centre states reachable from solved (420 x 420), and the
 * slots of their hash (key + 1, or 0; at most a third full). */
#define R5_C5_STATES 176400
#define R5_C5_CAP (1u << 19)

/* Everything but the two big tables: move tables, the byte pruning
 * tables, the dense centre index with its hash, the mirror (56 MB). One
 * flat block without pointers, built from the model in about 3 s and
 * cached (solvers/tablecache.h) as "cube5-phase45-small"; bump
 * P45_SMALL_VERSION (phase45.c) when its layout or builder changes. */
struct r5_p45_tables {
	uint8_t xmap[R5_MOVES];        /* move m on the x view is xmap[m] on the cube */
	uint8_t q4[R5_Q4], q5[R5_Q5];  /* model move indices */
	uint8_t list8[8];              /* the non-E slots */
	uint8_t ring_mask;             /* bit i: list8[i] is UL, UR, DL or DR */
	uint8_t idx_of_slot[R5_SLOTS]; /* 0xff for E-slice slots */
	uint8_t idx_of_place[R5_WINGS];/* the list8 index of the place's slot, or 0xff */
	uint8_t nat_low[R5_SLOTS];
	uint16_t rank4[4096];          /* packed a | b << 3 | c << 6 | d << 9 -> 0..1679 */
	uint16_t unrank4[R5_ORD4];
	uint16_t m4[R5_ORD4][R5_Q4], w4[2][R5_ORD4][R5_Q4];
	uint16_t c4[3][R5_AXC][R5_Q4];
	uint8_t p4_ml[R5_ORD4 * R5_ORD4], p4_mh[R5_ORD4 * R5_ORD4];
	uint8_t p4_c[R5_AXC * R5_AXC];  /* U-D * 4900 + R-L */
	/* The 4 chosen dedges together: their midges' places as a set (70)
	 * and each half's wings in the order of their midges' places,
	 * (set * 1680 + low) * 1680 + high; cube555's ML x H without the
	 * symmetry reduction (198 M, the cached table r5_p45.p4_mlh). */
	uint8_t set_mask[70], set_rank[256];
	uint8_t s4[70][R5_Q4];
	uint16_t sw4[2][70][R5_ORD4][R5_Q4];
	/* Phase 5. */
	uint16_t w5[2][R5_PERM8][R5_Q5];
	uint8_t p5_w[2][R5_PERM8];
	/* Half-0 wings x U-D centres (axis 0), l * 4900 + ud, 4 bits an
	 * entry (the cached table r5_p45.p5_lc). Half 1's table is the same
	 * one read through a mirror of the cube that swaps the halves: its
	 * entry for (h, ud) is entry (mirror_w[h], mirror_ud[ud]) there. The
	 * mirror, one of the 48 maps of space that keeps phase 5's turn set
	 * (turn j of half 1's graph becomes turn mirror_turn[j] of half
	 * 0's), is found when the tables are built and checked on every
	 * state of both coordinates. */
	uint16_t c5ud[R5_AXC][R5_Q5];
	uint16_t mirror_w[R5_PERM8], mirror_ud[R5_AXC];
	uint8_t mirror_turn[R5_Q5];
	uint32_t mlh_goal, lc_goal;
	uint32_t c5[R5_C5_STATES][R5_Q5]; /* dense centre index moves */
	uint8_t p5_c[R5_C5_STATES];
	uint64_t c5_key[R5_C5_CAP];    /* hash of (ud, rl, fb): key + 1, or 0 */
	uint32_t c5_val[R5_C5_CAP];
};

struct r5_p45 {
	const struct r5_p45_tables *t; /* cached: "cube5-phase45-small" */
	const uint8_t *p4_mlh;          /* cached: "cube5-phase4-dedges", 4 bits */
	const uint8_t *p5_lc;           /* cached: "cube5-phase5-wings", 4 bits */
};

/* Entry i of a table of 4 bits an entry (entry 2j in the low half of
 * byte j). */
static inline int
r5_nibble(const uint8_t *table, size_t i)
{
	return table[i >> 1] >> (i << 2 & 4) & 15;
}

/* Phase 5's bound from the wings of half 0 (l) or half 1 (h) and the U-D
 * centres (ud). */
static inline int
r5_p5_low_bound(const struct r5_p45 *k, int l, int ud)
{
	return r5_nibble(k->p5_lc, (size_t)l * R5_AXC + (size_t)ud);
}

static inline int
r5_p5_high_bound(const struct r5_p45 *k, int h, int ud)
{
	return r5_nibble(k->p5_lc, (size_t)k->t->mirror_w[h] * R5_AXC + k->t->mirror_ud[ud]);
}

/* Built or loaded on first use (thread-safe, static; the three tables
 * through the table cache); prog (may be NULL) names a build and its
 * cancel flag stops it. NULL with the reason in err ("the 5x5x5
 * phase-4/5 tables: ..."): cancelled, out of memory, the cache's, the
 * model's, or an internal error if a turn does not keep what it should;
 * the next call then tries again. */
const struct r5_p45 *r5_p45_load(const struct table_progress *prog, struct tw_error *err);

/* r5_p45_load without progress or cancel. */
const struct r5_p45 *r5_p45_get(struct tw_error *err);

/* The rank (0..40319, lexicographic) of the permutation p of 0..7. */
int r5_rank_perm8(const uint8_t *p);

/* The axis coordinate (0..4899) of axis a (0 U-D, 1 R-L, 2 F-B) of c
 * (centres on their axes). */
int r5_p45_axis_coord(const struct cube *c, int a);

/* The dense phase-5 centre index of (ud, rl, fb), or -1 if phase 5's
 * turns cannot solve it. */
int r5_p45_c5_index(const struct r5_p45 *k, int ud, int rl, int fb);

/* Whether every dedge of c has on half 0 the wing that pairs with its
 * midge as oriented (see above). */
bool r5_p45_halves_match(const struct r5_p45 *k, const struct r5_model *md, const struct cube *c);

#endif
