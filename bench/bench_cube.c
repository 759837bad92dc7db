/* Cube solver benchmark: 1,000 random-state 3x3x3 cubes (two-phase with
 * the default target 20 and 8 ms limit): length mean/median/max and time
 * per solve; table build times; the 2x2x2 optimal distance distribution
 * and solve time. Usage: bench_cube [--quick]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/rng.h"
#include "puzzles/cube/cube2.h"
#include "puzzles/cube/cube3.h"

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

int
main(int argc, char **argv)
{
	int count = argc > 1 && strcmp(argv[1], "--quick") == 0 ? 100 : 1000, k;
	struct cube3_options opt = {.target = 20};   /* the default node budget */
	double *times = calloc((size_t)count, sizeof *times), t0, build, total_t = 0;
	int *lens = calloc((size_t)count, sizeof *lens), total_len = 0;
	uint64_t dist[20];
	struct tw_rng rng;

	build = cube3_prepare();
	printf("3x3x3 tables built in %.3f s (pruning 4.0 MB, move tables 3.1 MB)\n", build);
	tw_rng_seed(&rng, 2026);
	for (k = 0; k < count; k++) {
		struct cube c;
		struct movelist m = MOVELIST_EMPTY;

		cube3_random(&rng, &c);
		t0 = now();
		if (!cube3_solve(&c, &opt, &m, NULL))
			return 1;
		times[k] = (now() - t0) * 1000;
		lens[k] = (int)m.len;
		total_t += times[k];
		total_len += lens[k];
		movelist_clear(&m);
	}
	qsort(times, (size_t)count, sizeof *times, by_double);
	qsort(lens, (size_t)count, sizeof *lens, by_int);
	printf("3x3x3, %d random-state cubes: length mean %.2f, median %d, max %d; "
	    "time mean %.1f ms, median %.1f ms, max %.1f ms\n", count,
	    (double)total_len / count, lens[count / 2], lens[count - 1],
	    total_t / count, times[count / 2], times[count - 1]);

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
	free(times);
	free(lens);
	return 0;
}
