/* The 5x5x5 phase reduction's coordinates and pruning tables for phases
 * 1 and 2 (n5.h): one block without pointers, built once and kept
 * by the table cache (solvers/tablecache.h). Every pruning table holds exact
 * distances of its coordinate, one byte an entry, in outer block turns
 * of its phase's moves. The coordinates are cube555's ([cube555] in
 * docs/papers.md), without its symmetry reduction (the raw tables are
 * 1.5 MB); phase 1's combined table (phase1_table.h) has it. Private to src/solvers/cube/big/n5. */
#ifndef TWIRL_CUBE_N5_TABLES_H
#define TWIRL_CUBE_N5_TABLES_H

#include <stdint.h>

#include "engine/error.h"
#include "solvers/cube/big/n5/coords.h"
#include "solvers/tablecache.h"


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


/* The tables' size in bytes (in memory, and in the cache on disk). */
size_t r5_table_bytes(void);




#endif
