/* The optimal 3x3x3 solver (twirl solve cube:3:... --optimal): table build
 * or load time and size, then per position the proven length, the lower
 * bound the tables gave, nodes generated, CPU time and nodes per second;
 * the mean time and the length distribution.
 * Usage: bench_cube_optimal [--count N] [--seed S] [--qtm] [--superflip]
 *        [--small] (the tests' small table, not the 2.55 GB one)
 *        [--scramble-depth D] [--threads T]
 * With --threads T above 1 the times are wall time (the search on T
 * threads), else the search thread's CPU time.
 * Positions: N random states (default 20, seed 2026), or random
 * sequences of D face turns, and the superflip when asked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/rng.h"
#include "solvers/cube/cube3.h"
#include "solvers/cube/optimal.h"
#include "ui/storage.h"

static double
now(int clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* R L U2 F U' D F2 R2 B2 L U2 F' B' U R2 D F2 U R2 U: the superflip, 20
 * face turns (Reid 1995). */
static const char superflip[] = "R L U2 F U' D F2 R2 B2 L U2 F' B' U R2 D F2 U R2 U";

static bool small;
static int threads = 1;

static int
solve_one(const char *label, const struct cube *c, enum cube3_optimal_metric metric,
    double *total, int *hist)
{
	struct cube3_optimal_options opt = {.metric = metric,
	    .table = small ? CUBE3_OPTIMAL_TABLE_SMALL : CUBE3_OPTIMAL_TABLE_FULL, .threads = threads};
	int clock = threads > 1 ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID;
	struct cube3_optimal_stats st;
	struct movelist m = MOVELIST_EMPTY;
	struct tw_error err;
	struct cube w = *c;
	double t0, dt;
	long len = 0;
	size_t i;

	t0 = now(clock);
	if (!cube3_optimal_solve(c, &opt, &m, &st, &err)) {
		fprintf(stderr, "%s: %s\n", label, err.msg);
		return 1;
	}
	dt = now(clock) - t0;
	for (i = 0; i < m.len; i++) {
		cube_apply_alg(&w, m.moves[i], NULL);
		len += metric == CUBE3_OPTIMAL_QTM && strchr(m.moves[i], '2') != NULL ? 2 : 1;
	}
	if (!cube_is_solved(&w)) {
		fprintf(stderr, "%s: the answer does not solve the cube\n", label);
		return 1;
	}
	printf("| %s | %ld | %d | %lld | %.2f s | %.1f M/s |\n", label, len, st.lower_bound,
	    st.nodes, dt, dt > 0 ? (double)st.nodes / dt / 1e6 : 0);
	fflush(stdout);
	*total += dt;
	if (len < 40)
		hist[len]++;
	movelist_clear(&m);
	return 0;
}

int
main(int argc, char **argv)
{
	enum cube3_optimal_metric metric = CUBE3_OPTIMAL_HTM;
	int count = 20, depth = 0, k, hist[40] = {0}, solved = 0;
	unsigned long seed = 2026;
	bool flip = false;
	double t0, total = 0;
	struct tw_error err;
	struct tw_rng rng;

	storage_use_table_cache();
	for (k = 1; k < argc; k++) {
		if (strcmp(argv[k], "--count") == 0 && k + 1 < argc)
			count = atoi(argv[++k]);
		else if (strcmp(argv[k], "--seed") == 0 && k + 1 < argc)
			seed = strtoul(argv[++k], NULL, 10);
		else if (strcmp(argv[k], "--scramble-depth") == 0 && k + 1 < argc)
			depth = atoi(argv[++k]);
		else if (strcmp(argv[k], "--qtm") == 0)
			metric = CUBE3_OPTIMAL_QTM;
		else if (strcmp(argv[k], "--small") == 0)
			small = true;
		else if (strcmp(argv[k], "--superflip") == 0)
			flip = true;
		else if (strcmp(argv[k], "--threads") == 0 && k + 1 < argc && atoi(argv[k + 1]) > 0)
			threads = atoi(argv[++k]);
		else {
			fprintf(stderr, "usage: bench_cube_optimal [--count N] [--seed S] [--qtm] [--small] [--superflip] [--scramble-depth D] [--threads T]\n");
			return 2;
		}
	}
	t0 = now(CLOCK_MONOTONIC);
	if (!small && !cube3_optimal_prepare(metric, NULL, NULL, &err)) {
		fprintf(stderr, "tables: %s\n", err.msg);
		return 1;
	}
	printf("optimal %s table ready in %.1f s (built, or mapped from the cache)\n\n",
	    metric == CUBE3_OPTIMAL_QTM ? "QTM" : "HTM", now(CLOCK_MONOTONIC) - t0);
	printf("| position | length | bound | nodes | %s | nodes/s |\n|---|---|---|---|---|---|\n",
	    threads > 1 ? "wall" : "CPU");
	if (flip) {
		struct cube c;

		cube_solved(&c, 3);
		cube_apply_alg(&c, superflip, NULL);
		if (solve_one("superflip", &c, metric, &total, hist) != 0)
			return 1;
		solved++;
	}
	tw_rng_seed(&rng, seed);
	for (k = 0; k < count; k++) {
		struct cube c;
		char label[32];

		if (depth > 0) {
			int i, last = -1;

			cube_solved(&c, 3);
			for (i = 0; i < depth; i++) {
				char mv[3] = {"URFDLB"[0], '\0', '\0'};
				int f;

				do
					f = (int)tw_rng_below(&rng, 6);
				while (f == last);
				last = f;
				mv[0] = "URFDLB"[f];
				mv[1] = "\0'2"[tw_rng_below(&rng, 3)];
				cube_apply_alg(&c, mv, NULL);
			}
		} else {
			cube3_random(&rng, &c);
		}
		snprintf(label, sizeof label, "%s %d", depth > 0 ? "scramble" : "random", k + 1);
		if (solve_one(label, &c, metric, &total, hist) != 0)
			return 1;
		solved++;
	}
	printf("\n%d positions, mean %s %.2f s; lengths:", solved, threads > 1 ? "wall" : "CPU",
	    solved ? total / solved : 0);
	for (k = 0; k < 40; k++)
		if (hist[k] > 0)
			printf(" %d:%d", k, hist[k]);
	printf("\n");
	return 0;
}
