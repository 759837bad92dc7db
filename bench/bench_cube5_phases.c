/* The 5x5x5 phase reduction's phases 1 and 2 (src/solvers/cube/big/n5):
 * random-move scrambles (as twirl scramble makes them) through both
 * phases on one core; prints the table build (or load) time and bytes,
 * the pruning tables' depth counts, and per phase the mean/median/max
 * length of the best end, time and search nodes.
 * Usage: bench_cube5_phases [--quick] [--count N] [--seed S]
 *   [--p1 SOLUTIONS] [--kept K] [--ends E] [--nodes MAX] [--plain]
 *   [--p3ends E3] [--no3] [--plain3]
 * (--plain: phase 1 on max(X, T) alone, without the combined table;
 * --no3: phases 1 and 2 only; --plain3: phase 3 without the wings x
 * midges table). Phase 3 runs on every cube's phase-2
 * ends; its lengths are of its first (shortest total) end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/rng.h"
#include "engine/cube/rules.h"
#include "solvers/cube/big/n5/n5.h"
#include "solvers/cube/big/n5/tables.h"
#include "solvers/cube/big/n5/phase1_table.h"
#include "solvers/cube/big/n5/phase3_wm.h"
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

/* mean, median, max of v[0..n) (sorted here). */
static void
stats(const char *what, double *v, int n, const char *fmt)
{
	double sum = 0;
	int i;

	for (i = 0; i < n; i++)
		sum += v[i];
	qsort(v, (size_t)n, sizeof *v, by_double);
	printf("  %-12s mean ", what);
	printf(fmt, sum / n);
	printf("  median ");
	printf(fmt, v[n / 2]);
	printf("  max ");
	printf(fmt, v[n - 1]);
	printf("\n");
}

static void
depths(const char *what, const uint8_t *t, long n)
{
	long count[16] = {0}, i;
	int d;

	for (i = 0; i < n; i++)
		count[t[i] < 15 ? t[i] : 15]++;
	printf("  %-10s", what);
	for (d = 0; d < 16; d++)
		if (count[d] > 0)
			printf(" %d:%ld", d, count[d]);
	printf("\n");
}

/* The combined table: keys per depth in the hash, filter bits set. */
static void
xt_stats(const uint64_t *xt)
{
	long count[16] = {0}, bits = 0;
	size_t i;
	int d;

	for (i = 0; i < R5_XT_HASH_SLOTS; i++)
		if (xt[i] != 0)
			count[xt[i] >> 40 & 15]++;
	for (i = 0; i < R5_XT_FILTER_WORDS; i++)
		bits += __builtin_popcountll(xt[R5_XT_HASH_SLOTS + i]);
	printf("  phase1 XT  ");
	for (d = 0; d <= R5_XT_EXACT; d++)
		printf(" %d:%ld", d, count[d]);
	printf("  filter %ld of %ld bits\n", bits, (long)R5_XT_FILTER_WORDS * 64);
}

int
main(int argc, char **argv)
{
	int count = 10, i, k;
	uint64_t seed = 2026;
	struct r5_options opt = {0};
	const struct r5_tables *tb;
	struct tw_error err;
	struct tw_rng rng;
	double t0, *l1, *l2, *s1, *s2, *n1, *n2, *ne, *l3, *s3, *n3, *st3, *lt;
	bool with3 = true;
	const struct r5_p3_tables *t3 = NULL;
	const struct r5_p3_coords *k3 = NULL;
	const struct r5_p3_wm_table *wm = NULL;
	void *params;
	size_t used;

	storage_use_table_cache();
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0)
			count = 3;
		else if (strcmp(argv[i], "--count") == 0 && i + 1 < argc)
			count = atoi(argv[++i]);
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--p1") == 0 && i + 1 < argc)
			opt.phase1_solutions = atoi(argv[++i]);
		else if (strcmp(argv[i], "--kept") == 0 && i + 1 < argc)
			opt.phase1_kept = atoi(argv[++i]);
		else if (strcmp(argv[i], "--ends") == 0 && i + 1 < argc)
			opt.phase2_ends = atoi(argv[++i]);
		else if (strcmp(argv[i], "--plain") == 0)
			opt.plain_bound = true;
		else if (strcmp(argv[i], "--p3ends") == 0 && i + 1 < argc)
			opt.phase3_ends = atoi(argv[++i]);
		else if (strcmp(argv[i], "--plain3") == 0)
			opt.plain_bound3 = true;
		else if (strcmp(argv[i], "--no3") == 0)
			with3 = false;
		else if (strcmp(argv[i], "--nodes") == 0 && i + 1 < argc)
			opt.max_nodes = atol(argv[++i]);
	}
	if (count < 1)
		count = 1;
	t0 = now();
	if ((tb = r5_tables_get(NULL, NULL, &err)) == NULL) {
		printf("%s\n", err.msg);
		return 1;
	}
	printf("tables: %.3f s (built or loaded), %.2f MB\n", now() - t0,
	    (double)cube5_phases_table_bytes() / 1e6);
	depths("phase1 X", tb->prune1_x, R5_N1);
	depths("phase1 T", tb->prune1_t, R5_N1);
	xt_stats(r5_xt_table(NULL));
	depths("phase2 X", tb->prune2_x, R5_N2);
	depths("phase2 T", tb->prune2_t, R5_N2);
	if (with3) {
		t0 = now();
		if ((t3 = r5_p3_tables_get(&k3, NULL, &err)) == NULL) {
			printf("%s\n", err.msg);
			return 1;
		}
		printf("phase-3 tables: %.3f s (built or loaded), %.2f MB; %d centre goal states\n", now() - t0,
		    (double)sizeof *t3 / 1e6, k3->n_centre_goal);
		depths("p3 cm", t3->cm, R5_P3_CM);
		depths("p3 wing", t3->wing, R5_P3_WINGS);
		t0 = now();
		if ((wm = r5_p3_wm_get(NULL, NULL, &err)) == NULL) {
			printf("%s\n", err.msg);
			return 1;
		}
		printf("phase-3 wing x midge table: %.3f s (built or loaded), %.2f MB\n", now() - t0,
		    (double)sizeof *wm / 1e6);
		{
			long cnt[16] = {0};
			size_t q;

			for (q = 0; q < sizeof wm->prune; q++) {
				cnt[wm->prune[q] & 15]++;
				cnt[wm->prune[q] >> 4]++;
			}
			printf("  p3 wm     ");
			for (q = 0; q < 16; q++)
				if (cnt[q] > 0)
					printf(" %zu:%ld", q, cnt[q]);
			printf("\n");
		}
	}
	l3 = calloc((size_t)count, sizeof *l3);
	s3 = calloc((size_t)count, sizeof *s3);
	n3 = calloc((size_t)count, sizeof *n3);
	st3 = calloc((size_t)count, sizeof *st3);
	lt = calloc((size_t)count, sizeof *lt);
	if (l3 == NULL || s3 == NULL || n3 == NULL || st3 == NULL || lt == NULL)
		return 1;
	l1 = calloc((size_t)count, sizeof *l1);
	l2 = calloc((size_t)count, sizeof *l2);
	s1 = calloc((size_t)count, sizeof *s1);
	s2 = calloc((size_t)count, sizeof *s2);
	n1 = calloc((size_t)count, sizeof *n1);
	n2 = calloc((size_t)count, sizeof *n2);
	ne = calloc((size_t)count, sizeof *ne);
	params = cube_params_parse("5", &used, NULL);
	if (l1 == NULL || l2 == NULL || s1 == NULL || s2 == NULL || n1 == NULL || n2 == NULL ||
	    ne == NULL || params == NULL)
		return 1;
	tw_rng_seed(&rng, seed);
	for (k = 0; k < count; k++) {
		struct cube *c = cube_scramble(params, &rng, NULL);
		struct r5_result res;

		if (c == NULL)
			return 1;
		if (!r5_phases12(c, &opt, &res, &err)) {
			printf("%s\n  cube:5:%s\n", err.msg, c->f);
			return 1;
		}
		l1[k] = res.ends[0].len1;
		l2[k] = res.ends[0].len2;
		s1[k] = res.seconds1;
		s2[k] = res.seconds2;
		n1[k] = (double)res.nodes1;
		n2[k] = (double)res.nodes2;
		ne[k] = res.n_ends;
		printf("  cube %d: phase 1 %d (%.3f s, %ld nodes, %ld found), phase 2 %d (%.3f s, %ld nodes, %d ends)\n",
		    k, res.ends[0].len1, res.seconds1, res.nodes1, res.phase1_found, res.ends[0].len2,
		    res.seconds2, res.nodes2, res.n_ends);
		if (with3) {
			struct r5_result3 r3;
			const struct r5_end3 *e;

			if (!r5_phase3(c, &res, &opt, &r3, &err)) {
				printf("%s\n  cube:5:%s\n", err.msg, c->f);
				return 1;
			}
			e = &r3.ends[0];
			l3[k] = e->len3;
			lt[k] = res.ends[e->parent].len1 + res.ends[e->parent].len2 + e->len3;
			s3[k] = r3.seconds;
			n3[k] = (double)r3.nodes;
			st3[k] = (double)r3.starts;
			printf("      phase 3 %d (total %d; %.3f s, %ld nodes, %ld start nodes, %d ends)\n", e->len3,
			    (int)lt[k], r3.seconds, r3.nodes, r3.starts, r3.n_ends);
			r5_result3_free(&r3);
		}
		fflush(stdout);
		r5_result_free(&res);
		free(c);
	}
	printf("%d cubes, seed %llu:\n", count, (unsigned long long)seed);
	stats("phase 1 len", l1, count, "%6.2f");
	stats("phase 2 len", l2, count, "%6.2f");
	stats("phase 1 s", s1, count, "%6.3f");
	stats("phase 2 s", s2, count, "%6.3f");
	stats("phase 1 nodes", n1, count, "%10.0f");
	stats("phase 2 nodes", n2, count, "%10.0f");
	stats("ends", ne, count, "%6.1f");
	if (with3) {
		stats("phase 3 len", l3, count, "%6.2f");
		stats("1+2+3 len", lt, count, "%6.2f");
		stats("phase 3 s", s3, count, "%6.3f");
		stats("phase 3 nodes", n3, count, "%10.0f");
		stats("p3 starts", st3, count, "%10.0f");
	}
	free(l3);
	free(s3);
	free(n3);
	free(st3);
	free(lt);
	cube_params_free(params);
	free(l1);
	free(l2);
	free(s1);
	free(s2);
	free(n1);
	free(n2);
	free(ne);
	return 0;
}
