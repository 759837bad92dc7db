/* Cube solver benchmark: 1,000 random-state 3x3x3 cubes, two-phase at
 * the default (target 20, CUBE3_DEFAULT_NODES search nodes) and at other
 * budgets, the big cubes' finish among them (REDUCE_FINISH_TARGET and
 * REDUCE_FINISH_NODES): length mean/median/max and CPU per solve;
 * table start-up; the 2x2x2 optimal distance distribution and solve
 * time.
 * Usage: bench_cube [--quick] (100 cubes) [--count N] [--two-phase] (the
 * 3x3x3 rows only). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/rng.h"
#include "solvers/cube/big/core/reduce.h"
#include "solvers/cube/cube2.h"
#include "solvers/cube/cube3.h"
#include "ui/storage.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int
by_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static double
cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The same count random-state cubes (seed 2026) solved with target, a
 * node budget and a longest phase 2 (0: the solver's): length
 * mean/median/max and CPU per solve mean/median/p90/p95/max. */
static int
run_set(const char *label, int count, int target, long nodes, int max_phase2)
{
	struct cube3_options opt = {.target = target, .max_nodes = nodes,
	    .max_phase2 = max_phase2};
	double *times = calloc((size_t)count, sizeof *times), t0, total_ms = 0;
	int *lens = calloc((size_t)count, sizeof *lens), total_len = 0, k;
	struct tw_rng rng;

	if (times == NULL || lens == NULL)
		return 1;
	tw_rng_seed(&rng, 2026);
	for (k = 0; k < count; k++) {
		struct cube c;
		struct movelist m = MOVELIST_EMPTY;

		cube3_random(&rng, &c);
		t0 = cpu_now();
		if (!cube3_solve(&c, &opt, &m, NULL))
			return 1;
		times[k] = (cpu_now() - t0) * 1000;
		total_ms += times[k];
		lens[k] = (int)m.len;
		total_len += lens[k];
		movelist_clear(&m);
	}
	qsort(times, (size_t)count, sizeof *times, by_double);
	qsort(lens, (size_t)count, sizeof *lens, by_int);
	printf("| %s | %d | %ld | %.2f / %d / %d | %.2f / %.2f / %.2f / %.2f / %.1f ms |\n", label,
	    target, nodes, (double)total_len / count, lens[count / 2], lens[count - 1],
	    total_ms / count, times[count / 2], times[count * 9 / 10], times[count * 95 / 100],
	    times[count - 1]);
	free(times);
	free(lens);
	return 0;
}

int
main(int argc, char **argv)
{
	int count = 1000, k;
	bool two_phase_only = false;
	double t0, build;
	uint64_t dist[20];
	struct tw_rng rng;

	storage_use_table_cache();
	for (k = 1; k < argc; k++) {
		if (strcmp(argv[k], "--quick") == 0) {
			count = 100;
		} else if (strcmp(argv[k], "--count") == 0 && k + 1 < argc) {
			count = atoi(argv[++k]);
		} else if (strcmp(argv[k], "--two-phase") == 0) {
			two_phase_only = true;
		} else {
			fprintf(stderr, "usage: bench_cube [--quick] [--count N] [--two-phase]\n");
			return 2;
		}
	}
	if (count < 1) {
		fprintf(stderr, "bench_cube: --count wants a positive number\n");
		return 2;
	}
	t0 = now();
	build = cube3_prepare();
	printf("3x3x3 tables ready in %.3f s (built, or read from the table cache when warm)\n",
	    build);
	printf("\n3x3x3, %d random-state cubes (seed 2026), CPU time of this thread:\n\n", count);
	printf("| setting | target | node budget | length mean / median / max | CPU mean / median / p90 / p95 / max |\n");
	printf("|---|---|---|---|---|\n");
	if (run_set("default", count, 20, CUBE3_DEFAULT_NODES, 0) != 0 ||
	    run_set("first answer of at most 21", count, 21, 1, 0) != 0 ||
	    run_set("first answer, phase 2 at most 12 (min2phase's)", count, 21, 1, 12) != 0 ||
	    run_set("smaller budget", count, 20, 100000, 0) != 0 ||
	    run_set("larger budget", count, 20, 10000000, 0) != 0 ||
	    run_set("the reductions' finish", count, REDUCE_FINISH_TARGET, REDUCE_FINISH_NODES, 0) != 0)
		return 1;
	if (two_phase_only)
		return 0;
	tw_rng_seed(&rng, 2026);
	t0 = now();
	cube2_distribution(CUBE2_HTM, dist);
	printf("2x2x2 tables (HTM and QTM) built in %.3f s\n", now() - t0);
	printf("2x2x2 optimal HTM distances:");
	for (k = 0; k < 20; k++)
		if (dist[k] > 0)
			printf(" %d:%llu", k, (unsigned long long)dist[k]);
	cube2_distribution(CUBE2_QTM, dist);
	printf("\n2x2x2 optimal QTM distances:");
	for (k = 0; k < 20; k++)
		if (dist[k] > 0)
			printf(" %d:%llu", k, (unsigned long long)dist[k]);
	t0 = now();
	for (k = 0; k < count; k++) {
		struct cube c, big;
		struct movelist m = MOVELIST_EMPTY;
		int r, i;

		cube3_random(&rng, &big);
		cube_solved(&c, 2);
		for (r = 0; r < 2; r++)
			for (i = 0; i < 2; i++) {
				int face;

				for (face = 0; face < 6; face++)
					c.f[face * 4 + r * 2 + i] = big.f[face * 9 + r * 6 + i * 2];
			}
		cube2_solve(&c, CUBE2_HTM, &m, NULL);
		movelist_clear(&m);
	}
	printf("\n2x2x2 optimal solve: %.3f ms mean over %d random states\n",
	    (now() - t0) * 1000 / count, count);
	return 0;
}
