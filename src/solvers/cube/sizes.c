/* The cube's solvers by size (sizes.h). */
#include "solvers/cube/sizes.h"

#include <stdio.h>
#include <string.h>

#include "solvers/clock.h"
#include "solvers/cube/cube2.h"
#include "solvers/cube/cube3.h"
#include "solvers/cube/optimal.h"
#include "solvers/cube/perimeter.h"
#include "solvers/cube/big/n4/n4.h"
#include "solvers/cube/big/n5/n5.h"
#include "solvers/cube/big/n6/n6.h"
#include "solvers/cube/big/n7/n7.h"
#include "solvers/cube/big/even/even.h"
#include "solvers/cube/big/odd/odd.h"
#include "solvers/tablecache.h"

/* The 2x2x2: optimal in face or quarter turns (its single-layer metrics
 * are these: a layer is a face, and a wide turn a face and a rotation);
 * two equal quarter turns are written as one half turn (WCA notation),
 * which the quarter-turn metrics still count as 2. */
static bool
solve2(const struct cube *c, const struct solve_request *req, struct movelist *out,
    struct tw_error *err)
{
	struct movelist q = MOVELIST_EMPTY;
	size_t i;
	bool quarter = req->metric == CUBE_QTM || req->metric == CUBE_SQTM;
	bool ok = cube2_solve(c, quarter ? CUBE2_QTM : CUBE2_HTM, &q, err);

	for (i = 0; ok && i < q.len; i++) {
		if (i + 1 < q.len && strcmp(q.moves[i], q.moves[i + 1]) == 0) {
			char half[4] = {q.moves[i][0], '2', '\0', '\0'};

			ok = movelist_push(out, half, err);
			i++;
		} else {
			ok = movelist_push(out, q.moves[i], err);
		}
	}
	movelist_clear(&q);
	return ok;
}

/* The 3x3x3 by the two-phase solver: at most --max-length moves (20 by
 * default) or the shortest within its work or time. */
static bool
solve3(const struct cube *c, const struct solve_request *req, struct movelist *out,
    struct tw_error *err)
{
	struct cube3_options opt = {.target = 20, .cancel = req->cancel};

	if (req->max_length > 0)
		opt.target = req->max_length;
	if (req->time_limit > 0)
		opt.time_limit = req->time_limit;
	return cube3_solve(c, &opt, out, err);
}

/* Any size near solved, proven shortest by the perimeter search
 * (perimeter.h) in req's metric. */
static bool
solve_near(const struct cube *c, const struct solve_request *req, struct movelist *out,
    struct tw_error *err)
{
	struct cube_perimeter_options po = {.metric = (enum cube_metric)req->metric,
	    .cancel = req->cancel, .progress = req->progress, .phase = req->phase,
	    .max_length = req->max_length};
	struct cube_perimeter_stats st = {0};
	bool ok = cube_perimeter_solve(c, &po, out, &st, err);

	if (!ok && st.none_within_max && req->none_within_max != NULL)
		*req->none_within_max = true;
	if (ok && req->stats != NULL) {
		req->stats->metric = cube_metrics[req->metric];
		req->stats->lower_bound = st.lower_bound;
		req->stats->bound_source = "the perimeter table's bound at the start";
	}
	return ok;
}

/* The 3x3x3 proven shortest: any position in face or quarter turns;
 * near solved in the single-layer metrics (a slice turn M counts 1). */
static bool
solve3_optimal(const struct cube *c, const struct solve_request *req, struct movelist *out,
    struct tw_error *err)
{
	struct cube3_optimal_options oo = {.cancel = req->cancel,
	    .progress = req->progress, .phase = req->phase, .max_length = req->max_length,
	    .threads = req->threads > 1 ? req->threads : 1};
	struct cube3_optimal_stats st = {0};
	bool ok;

	/* On a 3x3x3, a wide turn is a face turn and a rotation: the outer
	 * block turn metric is the face-turn metric. */
	if (req->metric == CUBE_STM || req->metric == CUBE_BTM || req->metric == CUBE_SQTM)
		return solve_near(c, req, out, err);
	oo.metric = req->metric == CUBE_QTM ? CUBE3_OPTIMAL_QTM : CUBE3_OPTIMAL_HTM;
	ok = cube3_optimal_solve(c, &oo, out, &st, err);
	if (!ok && st.none_within_max && req->none_within_max != NULL)
		*req->none_within_max = true;
	return ok;
}

/* The big cubes by their size's reduction; the moves per phase are
 * counted in the outer block turn metric (an inner slice 2), the
 * big-cube solvers' own. */
static bool
solve_big(const struct cube *c, const struct solve_request *req, struct movelist *out,
    struct tw_error *err)
{
	struct cube_reduce_options ro = {.cancel = req->cancel, .progress = req->progress,
	    .phase = req->phase, .finish_time = req->time_limit, .threads = req->threads};
	struct cube_reduce_stats rs;
	size_t at = out->len;

	/* A one-shot solve (its process ends after it) reads the tables
	 * through the files' mappings: copying them into huge pages (the
	 * kernel zeroing the pages, then the copy) costs more than the
	 * quicker reads give back within one solve, at every size
	 * (docs/table-cache.md, "Huge pages"). */
	if (req->one_shot)
		table_cache_set_huge_copies(false);
	if (!cube_big_solve(c, &ro, out, &rs, err))
		return false;
	if (req->stats != NULL) {
		/* The solver counts the written turns of each phase, in
		 * order. */
		req->stats->phases = REDUCE_PHASES;
		req->stats->metric = cube_metrics[CUBE_OBTM];
		for (int p = 0; p < REDUCE_PHASES; p++) {
			long cost = 0, k;

			for (k = 0; k < rs.moves[p] && at < out->len; k++, at++) {
				struct cube_move mv;

				if (cube_move_parse(c->n, out->moves[at], &mv, NULL))
					cost += cube_move_metric_cost(c->n, &mv, CUBE_OBTM);
			}
			req->stats->name[p] = cube_reduce_phase_name[p];
			req->stats->moves[p] = cost;
			req->stats->seconds[p] = rs.seconds[p];
		}
	}
	return true;
}

static bool
prepare3(struct tw_error *err)
{
	return cube3_load_tables(err);
}

/* The 2x2x2's hints are its optimal solver's answers already. */
static enum optimal_offer
offer2(int metric, char *cost, size_t size)
{
	(void)metric;
	(void)cost;
	(void)size;
	return OPTIMAL_ALREADY;
}

/* The 3x3x3's optimal solver counts face or quarter turns; its tables
 * are built once, on request. */
static enum optimal_offer
offer3(int metric, char *cost, size_t size)
{
	enum cube3_optimal_metric m = metric == CUBE_QTM ? CUBE3_OPTIMAL_QTM : CUBE3_OPTIMAL_HTM;

	if (metric == CUBE_STM || metric == CUBE_BTM || metric == CUBE_SQTM)
		return OPTIMAL_READY;
	if (cube3_optimal_tables_ready(m))
		return OPTIMAL_READY;
	snprintf(cost, size, "%s", m == CUBE3_OPTIMAL_QTM ? CUBE3_OPTIMAL_QTM_COST :
	    CUBE3_OPTIMAL_HTM_COST);
	return OPTIMAL_NEEDS_TABLES;
}

/* From the 4x4x4 on, the perimeter search: no tables to build first. */
static enum optimal_offer
offer_near(int metric, char *cost, size_t size)
{
	(void)cost;
	(void)size;
	return cube_perimeter_metric_ok(5, (enum cube_metric)metric, NULL) ? OPTIMAL_READY :
	    OPTIMAL_NOT_OFFERED;
}

/* docs/papers.md names each method's source. */
static const struct cube_size sizes[] = {
	{2, "optimal, breadth-first distance tables", solve2, solve2, offer2, NULL,
	    cube2_prepare, NULL, 200},
	{3, "two-phase (Kociemba); optimal IDA* on request", solve3, solve3_optimal, offer3, NULL,
	    prepare3, NULL, 200},
	{4, "three-phase reduction", solve_big, solve_near, offer_near, cube4_reduce_solve,
	    cube4_reduce_prepare, cube4_reduce_table_bytes, 200},
	{5, "five-phase reduction", solve_big, solve_near, offer_near, cube5_reduce_solve,
	    cube5_reduce_prepare, cube5_reduce_table_bytes, 350},
	{6, "staged to a 5x5x5, then its phases", solve_big, solve_near, offer_near, cube6_reduce_solve,
	    cube6_reduce_prepare, cube6_reduce_table_bytes, 30},
	{7, "centres first, then edges orbit by orbit", solve_big, solve_near, offer_near, cube7_reduce_solve,
	    cube7_reduce_prepare, cube7_reduce_table_bytes, 20},
	{8, "even: centre passes on 6x6x6s, then as a 7x7x7", solve_big, solve_near, offer_near,
	    cube8_reduce_solve, cube8_reduce_prepare, cube8_reduce_table_bytes, 0},
	{9, "odd: centre passes on 7x7x7s", solve_big, solve_near, offer_near, cube9_reduce_solve,
	    cube9_reduce_prepare, cube9_reduce_table_bytes, 0},
	{10, "even: centre passes on 6x6x6s, then as a 9x9x9", solve_big, solve_near, offer_near,
	    cube10_reduce_solve, cube10_reduce_prepare, cube10_reduce_table_bytes, 0},
	{11, "odd: centre passes on 7x7x7s", solve_big, solve_near, offer_near, cube11_reduce_solve,
	    cube11_reduce_prepare, cube11_reduce_table_bytes, 0},
};

const struct cube_size *
cube_size_of(int n)
{
	return n >= 2 && n <= CUBE_MAX_N ? &sizes[n - 2] : NULL;
}

bool
cube_big_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	const struct cube_size *size = cube_size_of(c->n);

	if (size == NULL || size->reduce == NULL) {
		tw_error_set(err, "the reduction solver takes cubes from 4x4x4 to %dx%dx%d, not %dx%dx%d",
		    CUBE_MAX_N, CUBE_MAX_N, CUBE_MAX_N, c->n, c->n, c->n);
		return false;
	}
	return size->reduce(c, opt, out, stats, err);
}

double
cube_size_prepare(int n, size_t *bytes)
{
	const struct cube_size *size = cube_size_of(n);
	double t0 = tw_monotonic_seconds();

	if (size == NULL || size->reduce == NULL || !size->prepare(NULL))
		return 0;
	if (bytes != NULL && size->table_bytes != NULL)
		*bytes += size->table_bytes();
	return tw_monotonic_seconds() - t0;
}

bool
cube_prepare_tables(atomic_int *progress, atomic_bool *cancel, struct tw_error *err)
{
	int done = 0;

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		if (sizes[i].build_share == 0)
			continue;
		if (cancel != NULL && atomic_load(cancel)) {
			tw_error_cancelled(err);
			return false;
		}
		if (!sizes[i].prepare(err))
			return false;
		done += sizes[i].build_share;
		if (progress != NULL)
			atomic_store(progress, done);
	}
	return true;
}
