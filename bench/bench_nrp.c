/* NRP solver benchmark: per board shape, solution length (quarter turns)
 * and time per solve over seeded random positions; optimal solver times;
 * and the distance distribution (God's number) of small boards by
 * breadth-first search over the engine's moves.
 * Usage: bench_nrp [--quick] [--count N] [--only BOARD] (BOARD: the
 * constructive table's row alone, e.g. 7x8k7). Prints Markdown tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/nrp/nrp.h"
#include "solvers/nrp/solve.h"
#include "ui/storage.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static long
qtm_length(const struct nrp_params *p, const struct movelist *moves)
{
	long len = 0;

	for (size_t i = 0; i < moves->len; i++)
		len += nrp_move_cost(p, moves->moves[i], NRP_QTM);
	return len;
}

static int
parse(const char *text, struct nrp_params *out)
{
	size_t used;
	struct nrp_params *p = nrp_params_parse(text, &used, NULL);

	if (p == NULL)
		return -1;
	*out = *p;
	free(p);
	return 0;
}

static void
constructive(int count, const char *only)
{
	/* the narrow k x (k+1) boards first, then boards of the other kinds
	 * (square, k near the side, orientable, 16x16) */
	static const char *const shapes[] = {
		"3x4k3", "4x5k4", "5x6k5", "6x7k6", "7x8k7", "8x9k8", "15x16k15", "4x4k2",
		"10x10k8", "16x16k2", "16x16k12", "5x6k5o", "7x8k7o", "8x8k4o", "16x16k3o",
		"5x5k3", "6x6k4", "7x7k5", "8x8k6", "9x9k7", "16x16k5", "16x16k8", "6x6k2o", "5x4k3o",
	};

	printf("| board | positions | tokens mean | tokens max | qtm mean | qtm max | bound | ratio | ms mean | ms max | first ms |\n");
	printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
	const char *const *list = only != NULL ? &only : shapes;
	size_t nlist = only != NULL ? 1 : sizeof shapes / sizeof shapes[0];

	for (size_t i = 0; i < nlist; i++) {
		struct nrp_params p;
		struct tw_rng rng;
		double total_ms = 0, max_ms = 0, first_ms = 0;
		long total = 0, max = 0, tokens = 0, max_tokens = 0;
		int n = count, bound;

		if (parse(list[i], &p) != 0)
			continue;
		if (p.rows * p.cols >= 200 || p.k >= 6)
			n = count / 10 > 0 ? count / 10 : 1;
		bound = nrp_counting_bound(&p);
		tw_rng_seed(&rng, 1000 + (only != NULL ? 0 : i));
		for (int j = 0; j < n; j++) {
			struct nrp_state *s = nrp_scramble(&p, &rng, NULL);
			struct movelist moves = MOVELIST_EMPTY;
			struct tw_error err;
			double t0 = now(), ms;
			long len;

			if (!nrp_solve(&p, s, &(struct solve_request){.metric = NRP_QTM}, &moves, &err)) {
				fprintf(stderr, "%s: %s\n", list[i], err.msg);
				return;
			}
			ms = (now() - t0) * 1000;
			len = qtm_length(&p, &moves);
			total += len;
			max = len > max ? len : max;
			tokens += (long)moves.len;
			max_tokens = (long)moves.len > max_tokens ? (long)moves.len : max_tokens;
			if (j == 0)
				first_ms = ms;
			total_ms += ms;
			max_ms = ms > max_ms ? ms : max_ms;
			movelist_clear(&moves);
			free(s);
		}
		printf("| %s | %d | %.1f | %ld | %.1f | %ld | %d | %.1f | %.2f | %.2f | %.0f |\n", list[i], n,
		    (double)tokens / n, max_tokens, (double)total / n, max, bound,
		    bound > 0 ? (double)tokens / n / bound : 0.0, total_ms / n, max_ms, first_ms);
		fflush(stdout);
	}
}

static void
optimal(int count)
{
	static const char *const shapes[] = {"3x3k2", "2x5k2", "2x6k2", "3x4k2", "3x4k3", "3x3k2o", "2x4k2o"};

	printf("\n| board, optimal | metric | positions | mean | max | first call ms (tables) | ms mean after | ms max after |\n");
	printf("|---|---|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		for (int metric = NRP_QTM; metric <= NRP_HTM; metric++) {
			struct nrp_params p;
			struct tw_rng rng;
			double first = 0, total_ms = 0, max_ms = 0;
			long total = 0, max = 0;
			int n = count;

			if (parse(shapes[i], &p) != 0)
				continue;
			if (p.rows * p.cols >= 12 || p.orientable)
				n = count / 10 > 0 ? count / 10 : 1;
			tw_rng_seed(&rng, 2000 + i);
			for (int j = 0; j <= n; j++) {
				struct nrp_state *s = nrp_scramble(&p, &rng, NULL);
				struct movelist moves = MOVELIST_EMPTY;
				struct tw_error err;
				double t0 = now(), ms;
				long len = 0;

				if (!nrp_solve_optimal(&p, s, &(struct solve_request){.metric = metric, .optimal = true}, &moves, &err)) {
					fprintf(stderr, "%s: %s\n", shapes[i], err.msg);
					return;
				}
				ms = (now() - t0) * 1000;
				for (size_t m = 0; m < moves.len; m++)
					len += nrp_move_cost(&p, moves.moves[m], metric);
				if (j == 0) {
					first = ms;
				} else {
					total += len;
					max = len > max ? len : max;
					total_ms += ms;
					max_ms = ms > max_ms ? ms : max_ms;
				}
				movelist_clear(&moves);
				free(s);
			}
			printf("| %s | %s | %d | %.2f | %ld | %.0f | %.3f | %.3f |\n", shapes[i],
			    metric == NRP_QTM ? "qtm" : "htm", n, (double)total / n, max, first,
			    total_ms / n, max_ms);
			fflush(stdout);
		}
	}
}

static void
distributions(void)
{
	static const char *const shapes[] = {"2x3k2", "3x3k2", "2x4k2", "2x5k2", "3x3k3", "2x2k2"};

	printf("\n| board | metric | positions | God's number | positions at distance 0, 1, 2, ... |\n");
	printf("|---|---|---|---|---|\n");
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		for (int metric = NRP_QTM; metric <= NRP_HTM; metric++) {
			struct nrp_params p;
			long counts[64], total = 0;
			int god;

			if (parse(shapes[i], &p) != 0)
				continue;
			god = nrp_optimal_distribution(&p, metric, counts, 64, NULL);
			if (god < 0)
				continue;
			for (int d = 0; d <= god; d++)
				total += counts[d];
			printf("| %s | %s | %ld | %d | ", shapes[i], metric == NRP_QTM ? "qtm" : "htm", total, god);
			for (int d = 0; d <= god; d++)
				printf("%s%ld", d > 0 ? ", " : "", counts[d]);
			printf(" |\n");
		}
	}
}

int
main(int argc, char **argv)
{
	int count = 200;
	const char *only = NULL;

	storage_use_table_cache();
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0)
			count = 20;
		else if (strcmp(argv[i], "--count") == 0 && i + 1 < argc)
			count = atoi(argv[++i]);
		else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
			only = argv[++i];
	}
	if (count < 1)
		count = 1;
	printf("Seeded random positions (uniform over the solvable ones), one core.\n\n");
	constructive(count, only);
	if (only != NULL)
		return 0;
	optimal(count);
	distributions();
	return 0;
}
