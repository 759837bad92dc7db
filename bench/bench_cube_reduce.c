/* Reduction solver benchmark: random-move scrambles (as twirl scramble
 * makes them) of each size, solved on one core (--threads N: on N, the
 * same answers); per size the table build
 * time and size, mean/median/max moves in OBTM (a block turn holding an
 * outer layer 1, an inner slice 2), the written turns (BTM) and STM
 * means, the CPU time of a solve (every thread's, so that a loaded
 * machine changes it little: mean, median, p95, max) and its wall time,
 * the moves (OBTM) and wall time per phase, and the process's peak
 * resident memory so far. --mapped reads the tables through the files'
 * mappings, as one twirl solve does, instead of copies in huge pages.
 * Usage: bench_cube_reduce [--quick] [--count K] [--size N] [--seed S]
 * [--mapped] [--threads N]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>

#include "engine/rng.h"
#include "engine/cube/rules.h"
#include "solvers/cube/sizes.h"
#include "solvers/clock.h"
#include "solvers/tablecache.h"
#include "ui/storage.h"

static int
by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int
by_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

static int
bench_size(int n, int count, uint64_t seed, int threads)
{
	struct cube_reduce_options opt = {.threads = threads};
	size_t bytes = 0;
	double build = cube_size_prepare(n, &bytes), total_t = 0;
	double *times = calloc((size_t)count, sizeof *times), total_cpu = 0;
	double *cpu = calloc((size_t)count, sizeof *cpu);
	long *lens = calloc((size_t)count, sizeof *lens), total = 0, stm = 0, written = 0;
	long phase[REDUCE_PHASES] = {0};
	double phase_t[REDUCE_PHASES] = {0};
	struct tw_rng rng;
	void *params;
	char text[16];
	size_t used;
	int k, p;

	snprintf(text, sizeof text, "%d", n);
	params = cube_params_parse(text, &used, NULL);
	if (times == NULL || cpu == NULL || lens == NULL || params == NULL)
		return 1;
	tw_rng_seed(&rng, seed + (uint64_t)n);
	for (k = 0; k < count; k++) {
		struct cube *c = cube_scramble(params, &rng, NULL);
		struct movelist m = MOVELIST_EMPTY;
		struct cube_reduce_stats st;
		struct tw_error err;
		double t0 = tw_monotonic_seconds(), c0 = tw_cpu_seconds();
		size_t i;

		if (c == NULL)
			return 1;
		if (!cube_big_solve(c, &opt, &m, &st, &err)) {
			printf("%dx%dx%d: %s\n  cube:%d:%s\n", n, n, n, err.msg, n, c->f);
			return 1;
		}
		times[k] = tw_monotonic_seconds() - t0;
		cpu[k] = tw_cpu_seconds() - c0;
		total_cpu += cpu[k];
		lens[k] = 0;
		written += (long)m.len;
		total_t += times[k];
		/* Each phase's written turns come in order (st.moves). */
		for (p = 0, i = 0; p < REDUCE_PHASES; p++) {
			long j;

			for (j = 0; j < st.moves[p] && i < m.len; j++, i++) {
				struct cube_move mv;
				long obtm;

				cube_move_parse(n, m.moves[i], &mv, NULL);
				obtm = cube_move_metric_cost(n, &mv, CUBE_OBTM);
				stm += cube_move_stm(n, &mv);
				lens[k] += obtm;
				phase[p] += obtm;
			}
			phase_t[p] += st.seconds[p];
		}
		total += lens[k];
		movelist_clear(&m);
		free(c);
	}
	qsort(times, (size_t)count, sizeof *times, by_double);
	qsort(cpu, (size_t)count, sizeof *cpu, by_double);
	qsort(lens, (size_t)count, sizeof *lens, by_long);
	printf("%2dx%-2d  build %.3f s %6.1f MB | obtm mean %6.1f median %4ld max %4ld | btm %6.1f stm %6.1f | cpu mean %7.3f s median %7.3f p95 %7.3f max %7.3f | wall mean %7.3f s median %7.3f max %7.3f |",
	    n, n, build, (double)bytes / 1e6, (double)total / count, lens[count / 2],
	    lens[count - 1], (double)written / count, (double)stm / count, total_cpu / count,
	    cpu[count / 2], cpu[(count * 95 + 99) / 100 - 1], cpu[count - 1], total_t / count,
	    times[count / 2], times[count - 1]);
	for (p = 0; p < REDUCE_PHASES; p++)
		printf(" %s %.1f (%.0f%%, %.2f s)", cube_reduce_phase_name[p], (double)phase[p] / count,
		    total > 0 ? 100.0 * (double)phase[p] / (double)total : 0, phase_t[p] / count);
	{
		struct rusage ru;

		getrusage(RUSAGE_SELF, &ru);
		printf(" | peak %.0f MB", (double)ru.ru_maxrss / 1024.0);
	}
	printf("\n");
	fflush(stdout);
	cube_params_free(params);
	free(times);
	free(cpu);
	free(lens);
	return 0;
}

int
main(int argc, char **argv)
{
	int count = 20, size = 0, threads = 1, i, n;
	uint64_t seed = 2026;

	storage_use_table_cache();
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0)
			count = 3;
		else if (strcmp(argv[i], "--count") == 0 && i + 1 < argc)
			count = atoi(argv[++i]);
		else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc)
			size = atoi(argv[++i]);
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--mapped") == 0)
			table_cache_set_huge_copies(false);
		else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
			threads = atoi(argv[++i]);
	}
	if (threads < 1)
		threads = 1;
	if (count < 1)
		count = 1;
	for (n = 4; n <= CUBE_MAX_N; n++)
		if ((size == 0 || size == n) && bench_size(n, count, seed, threads) != 0)
			return 1;
	return 0;
}
