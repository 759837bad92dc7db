/* The cube's solvers by size: one row a size N (2..11) saying which
 * solver serves it, how its tables are prepared and how large they are,
 * and its share of twirl cache build's progress. Everything that depends
 * on the size reads this table: the puzzle table's solve and
 * prepare_tables (twirl solve, the hint, twirl cache build) and the
 * benches; nothing else dispatches on the size. */
#ifndef TWIRL_CUBE_SIZES_H
#define TWIRL_CUBE_SIZES_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/cube/cube.h"
#include "engine/puzzle.h"
#include "solvers/cube/big/core/reduce.h"

struct cube_size {
	int n;
	/* The method in a few words, with its source (docs/papers.md). */
	const char *method;
	/* Solves c (a cube of this size that cube_state_solvable accepts)
	 * as the puzzle table's solve does: req's metric, time limit and
	 * stats; appends WCA moves to out. Errors: the solver's. */
	bool (*solve)(const struct cube *c, const struct solve_request *req, struct movelist *out,
	    struct tw_error *err);
	/* As solve, with a proven shortest answer (twirl solve --optimal),
	 * or NULL where the size has no optimal solver. */
	bool (*solve_optimal)(const struct cube *c, const struct solve_request *req,
	    struct movelist *out, struct tw_error *err);
	/* The game's proven-shortest hints on this size in metric (the
	 * puzzle table's optimal_offer); NULL: not offered. */
	enum optimal_offer (*optimal_offer)(int metric, char *cost, size_t size);
	/* From 4x4x4 on: the reduction with its own options and per-phase
	 * stats (reduce.h), which solve runs and the benches and tests
	 * call; NULL below. */
	bool (*reduce)(const struct cube *c, const struct cube_reduce_options *opt,
	    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err);
	/* Builds or loads the size's tables now (err may be NULL). */
	bool (*prepare)(struct tw_error *err);
	/* The tables' bytes in memory and on disk (loading them first), or
	 * NULL where they are not counted (the 2x2x2's and 3x3x3's few MB). */
	size_t (*table_bytes)(void);
	/* Thousandths of twirl cache build's progress this size fills; 0 for
	 * sizes whose tables are those of smaller sizes (8x8x8 and up) and
	 * are not built there. */
	int build_share;
};

/* The row of size n, or NULL outside 2..11. */
const struct cube_size *cube_size_of(int n);

/* Solves c (4 <= N <= 11) by its size's reduction. Errors: size out of
 * range, and the reduction's: "cancelled", out of memory, the tables',
 * and "... within the search's work" (kind TW_ERROR_OUT_OF_WORK), which
 * no cube measured has met (docs/cube-solvers.md). */
bool cube_big_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err);

/* Builds or loads size n's tables now (4 <= n <= 11). Returns the seconds
 * it took (0 when they were in memory already, or on failure) and adds
 * their bytes to *bytes (may be NULL). For the benches. */
double cube_size_prepare(int n, size_t *bytes);

/* twirl cache build: every size's own tables in turn (sizes with a
 * build_share), progress (0..1000) by the shares, stopping on *cancel
 * (both may be NULL). Errors: "cancelled", the builders'. */
bool cube_prepare_tables(atomic_int *progress, atomic_bool *cancel, struct tw_error *err);

#endif
