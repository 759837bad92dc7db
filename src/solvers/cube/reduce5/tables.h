/* The 5x5x5 phase reduction's coordinates and pruning tables for phases
 * 1 and 2 (reduce5.h): one block without pointers, built once and kept
 * by the table cache (solvers/tablecache.h). Every pruning table holds exact
 * distances of its coordinate, one byte an entry, in outer block turns
 * of its phase's moves. The coordinates are cube555's ([cube555] in
 * docs/papers.md), without its symmetry reduction (the raw tables are
 * 1.5 MB); phase 1's combined table (phase1_table.h) has it. Private to src/solvers/cube/reduce5. */
#ifndef TWIRL_CUBE_REDUCE5_TABLES_H
#define TWIRL_CUBE_REDUCE5_TABLES_H

#include <stdint.h>

#include "engine/error.h"
#include "solvers/cube/reduce5/model.h"
#include "solvers/tablecache.h"

#define R5_N1 735471       /* C(24, 8): where the 8 R-L X- (T-) centres are */
#define R5_N2C 12870       /* C(16, 8): U-D X- (T-) centres among the 16 off R and L */
#define R5_N2 (R5_N2C * 2) /* x wing parity */
#define R5_UNSEEN CUBE_TABLE_UNSEEN   /* an entry no breadth-first search reached */

struct r5_tables {
	/* Phase 1, by r5_rank1 of the R-L coloured X (T) places' mask,
	 * under all 36 turns. */
	uint8_t prune1_x[R5_N1];
	uint8_t prune1_t[R5_N1];
	/* Phase 2, by index rank * 2 + wing parity, under its 22 turns
	 * (index j into phase2_moves). */
	uint16_t x2_move[R5_N2C][R5_PHASE2_MOVES];
	uint16_t t2_move[R5_N2C][R5_PHASE2_MOVES];
	uint8_t prune2_x[R5_N2];
	uint8_t prune2_t[R5_N2];
};

/* Small rank and move tables, built with the model (not cached). */
struct r5_coords {
	/* A 24-bit centre mask moved by m, a byte at a time: byte b of the
	 * mask (places 8b..8b+7) as x_move1[m][b][byte], OR-ed. */
	uint32_t x_move1[R5_MOVES][3][256];
	uint32_t t_move1[R5_MOVES][3][256];
	/* The colex rank of a 24-bit mask of 8 bits: the sum over its three
	 * bytes of rank1_part[b][bits below byte b][byte]. */
	uint32_t rank1_part[3][9][256];
	uint8_t pop8[256];                  /* bits set in a byte (no popcount instruction assumed) */
	uint16_t rank16[1 << 16];           /* 16-bit masks of 8 bits -> C(16,8) rank */
	uint16_t mask16[R5_N2C];
	uint32_t goal1;                     /* the R and L places: 4..7, 16..19 */
	int goal2;                          /* U and D among the 16 */
};

/* The tables and rank tables (built or loaded once, thread-safe; prog,
 * which may be NULL, reports the build's progress 0..1000 and can cancel
 * it); *coords (if coords is not NULL) gets the rank tables. Both live
 * until the process ends (or table_cache_release_all for the tables).
 * NULL with the reason in err: "cancelled", out of memory, the model's
 * or the cache's (then the next call tries again). Building takes about
 * a second on one core, and phase 1's combined table (phase1_table.h),
 * built or loaded here too, 2.5 s more on two threads. */
const struct r5_tables *r5_tables_get(const struct r5_coords **coords,
    const struct table_progress *prog, struct tw_error *err);

struct r5_syms;

/* Phase 1's combined table and its symmetries (phase1_table.h), loaded
 * with the tables by r5_tables_get (NULL before); *syms (if syms is not
 * NULL) gets the symmetries. */
const uint64_t *r5_xt_table(const struct r5_syms **syms);

/* The 24-bit mask of 8 bits of colex rank r (0..R5_N1-1). */
uint32_t r5_unrank1(uint32_t rank);

/* The tables' size in bytes (in memory, and in the cache on disk). */
size_t r5_table_bytes(void);

/* Colex rank 0..R5_N1-1 of a 24-bit mask with 8 bits set. */
static inline uint32_t r5_rank1(const struct r5_coords *k, uint32_t mask)
{
	uint32_t b0 = mask & 0xff, b1 = mask >> 8 & 0xff;
	int n0 = k->pop8[b0], n1 = n0 + k->pop8[b1];

	return k->rank1_part[0][0][b0] + k->rank1_part[1][n0][b1] + k->rank1_part[2][n1][mask >> 16];
}

/* A 24-bit centre mask after move m, by the byte tables mv (x_move1 or
 * t_move1 of the coords). */
static inline uint32_t r5_move_mask(const uint32_t (*mv)[256], uint32_t mask)
{
	return mv[0][mask & 0xff] | mv[1][mask >> 8 & 0xff] | mv[2][mask >> 16];
}

/* Phase 2's coordinates of c (a view's cube whose R-L centres are on R
 * and L): the rank of the U-D coloured X (T) centres among the 16 places
 * off R and L, 0..R5_N2C-1. */
int r5_x2(const struct r5_coords *k, const struct r5_model *md, const struct cube *c);
int r5_t2(const struct r5_coords *k, const struct r5_model *md, const struct cube *c);

#endif
