/* The torus's proven-shortest answers and its distances.
 *
 *   bench_torus_optimal [--count N]
 *       IDA* under the walking-distance bound (solvers/torus/optimal.h)
 *       on N random positions (default 20, seeded) of every board shape
 *       it is offered on, in both metrics: mean and longest answer,
 *       mean and worst CPU seconds, and how many ran out of work; then
 *       the 5x5 after k random drags for growing k, until most give up.
 *   bench_torus_optimal --distances [--max-cells C]
 *       Breadth-first search over every position of every board of at
 *       most C cells (default 12; 2x6 and 3x4 take minutes and 479 MB
 *       each): the number of positions at each distance in both
 *       metrics, and the diameter, beside Amano et al.'s diameters in
 *       the drag metric ("How to Solve the Torus Puzzle", Algorithms
 *       5(1), 2012, section 3).
 *   bench_torus_optimal --bw [--count N]
 *       The black-and-white torus (solvers/torus/bw.h): answers on N
 *       random positions a board against Amano et al.'s counting bound
 *       (section 4).
 * Prints Markdown tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/rng.h"
#include "engine/torus/torus.h"
#include "solvers/registry.h"
#include "solvers/clock.h"
#include "solvers/torus/bw.h"
#include "solvers/torus/optimal.h"

static long
answer_cost(const struct torus_params *p, const struct movelist *a, int metric)
{
	return puzzle_list_cost(&torus_puzzle, p, a, metric);
}

/* Solves s and checks the answer; its length, or -1 (with the reason
 * printed) when the search gave up. */
static long
solve_one(const struct torus_params *p, struct torus_state *s, int metric, double *seconds)
{
	struct movelist a = MOVELIST_EMPTY;
	struct tw_error err;
	struct solve_request req = {.metric = metric, .optimal = true};
	struct torus_state *t;
	double t0 = tw_cpu_seconds();
	long len;

	if (!torus_solve_optimal(p, s, &req, &a, &err)) {
		*seconds = tw_cpu_seconds() - t0;
		if (err.kind != TW_ERROR_OUT_OF_WORK) {
			fprintf(stderr, "bench_torus_optimal: %s\n", err.msg);
			exit(1);
		}
		return -1;
	}
	*seconds = tw_cpu_seconds() - t0;
	t = torus_state_dup(p, s, NULL);
	for (size_t i = 0; i < a.len; i++)
		torus_move_apply(p, t, a.moves[i], NULL);
	if (!torus_state_is_solved(p, t)) {
		fprintf(stderr, "bench_torus_optimal: an answer does not solve\n");
		exit(1);
	}
	torus_state_free(t);
	len = answer_cost(p, &a, metric);
	movelist_clear(&a);
	return len;
}

static void
random_positions(int count)
{
	static const int boards[][2] = {{2, 3}, {3, 3}, {2, 4}, {2, 5}, {3, 4}, {2, 6}, {4, 4}, {3, 5}};

	printf("%d random positions a board (seeded), one core, CPU time\n\n", count);
	printf("| board | metric | mean length | longest | mean s | worst s |\n");
	printf("|---|---|---|---|---|---|\n");
	for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
		for (int metric = TORUS_DRAG; metric <= TORUS_PUSH; metric++) {
			struct torus_params p = {.rows = boards[b][0], .cols = boards[b][1]};
			struct tw_rng rng;
			double sum = 0, worst = 0, len_sum = 0;
			long longest = 0;
			int given_up = 0;

			tw_rng_seed(&rng, 4000 + (uint64_t)b);
			for (int i = 0; i < count; i++) {
				struct torus_state *s = torus_scramble(&p, &rng, NULL);
				double sec;
				long len = solve_one(&p, s, metric, &sec);

				sum += sec;
				worst = sec > worst ? sec : worst;
				if (len < 0)
					given_up++;
				else {
					len_sum += (double)len;
					longest = len > longest ? len : longest;
				}
				torus_state_free(s);
			}
			printf("| %dx%d | %s | %.2f | %ld | %.3f | %.3f |", p.rows, p.cols,
			    torus_metrics[metric], len_sum / (count - given_up > 0 ? count - given_up : 1),
			    longest, sum / count, worst);
			if (given_up > 0)
				printf(" %d gave up", given_up);
			printf("\n");
			fflush(stdout);
		}
	}
	/* The 5x5 (grouped bound): positions k random drags from solved
	 * (no line twice running), 5 for each k, until one gives up. */
	printf("\n5x5, 5 positions each of k random drags, drag metric, one core, CPU time\n\n");
	printf("| k | mean length | mean s | worst s | gave up |\n|---|---|---|---|---|\n");
	for (int k = 4; k <= 20; k += 2) {
		struct torus_params p = {.rows = 5, .cols = 5};
		struct tw_rng rng;
		double sum = 0, worst = 0, len_sum = 0;
		int given_up = 0;

		tw_rng_seed(&rng, 5500 + (uint64_t)k);
		for (int i = 0; i < 5; i++) {
			struct torus_state *s = torus_state_solved(&p, NULL);
			double sec;
			long len;

			torus_random_shifts(s, k, 4, &rng);
			len = solve_one(&p, s, TORUS_DRAG, &sec);
			sum += sec;
			worst = sec > worst ? sec : worst;
			if (len < 0)
				given_up++;
			else
				len_sum += (double)len;
			torus_state_free(s);
		}
		printf("| %d | %.2f | %.2f | %.2f | %d |\n", k,
		    len_sum / (5 - given_up > 0 ? 5 - given_up : 1), sum / 5, worst, given_up);
		fflush(stdout);
		if (given_up >= 3)
			break;
	}
}

/* The black-and-white torus: answers against the paper's counting
 * bound on random positions of each board's default goal. */
static void
black_and_white(int count)
{
	static const char *const boards[] = {"4x4:bw", "3x5:bw", "4x4:goal=x.x./.x.x/x.x./.x.x",
	    "6x6:bw", "6x6:goal=x.x.x./.x.x.x/x.x.x./.x.x.x/x.x.x./.x.x.x", "10x10:bw", "20x20:bw"};

	printf("Black and white, %d random positions a board (seeded), drag metric, one core\n\n",
	    count);
	printf("| board | how | mean length | mean bound | length / bound | mean ms | worst ms |\n");
	printf("|---|---|---|---|---|---|---|\n");
	for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
		size_t used;
		struct torus_params *p = torus_params_parse(boards[b], &used, NULL);
		struct tw_rng rng;
		double len_sum = 0, bound_sum = 0, t_sum = 0, t_max = 0;

		tw_rng_seed(&rng, 7700 + (uint64_t)b);
		for (int i = 0; i < count; i++) {
			struct torus_state *s = torus_scramble(p, &rng, NULL);
			struct movelist a = MOVELIST_EMPTY;
			struct tw_error err;
			double t0 = tw_cpu_seconds(), ms;

			if (!torus_bw_solve(p, s, &(struct solve_request){.metric = TORUS_DRAG}, &a, &err)) {
				fprintf(stderr, "bench_torus_optimal: %s\n", err.msg);
				exit(1);
			}
			ms = (tw_cpu_seconds() - t0) * 1000;
			t_sum += ms;
			t_max = ms > t_max ? ms : t_max;
			len_sum += (double)answer_cost(p, &a, TORUS_DRAG);
			bound_sum += torus_bw_lower_bound(p, s);
			movelist_clear(&a);
			torus_state_free(s);
		}
		printf("| %s | %s | %.2f | %.2f | %.2f | %.2f | %.2f |\n", boards[b],
		    p->rows * p->cols <= TORUS_BW_SEARCH_CELLS ? "shortest" : "numbered",
		    len_sum / count, bound_sum / count, len_sum / bound_sum, t_sum / count, t_max);
		fflush(stdout);
		torus_params_free(p);
	}
}

static void
distances(int max_cells)
{
	static const struct {
		int m, n, paper;
	} boards[] = {{2, 2, 0}, {2, 3, 7}, {2, 4, 8}, {3, 3, 8}, {2, 5, 12}, {2, 6, 14}, {3, 4, 13}};

	printf("Every position searched, both metrics; the paper's drag diameters beside\n\n");
	printf("| board | metric | positions | diameter | paper | at each distance 0, 1, ... |\n");
	printf("|---|---|---|---|---|---|\n");
	for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
		if (boards[b].m * boards[b].n > max_cells)
			continue;
		for (int metric = TORUS_DRAG; metric <= TORUS_PUSH; metric++) {
			long long counts[64] = {0}, total = 0;
			struct tw_error err;
			double t0 = tw_cpu_seconds();
			int k = torus_distances(boards[b].m, boards[b].n, metric, counts, 64, NULL, NULL,
			    &err);

			if (k < 0) {
				fprintf(stderr, "bench_torus_optimal: %s\n", err.msg);
				exit(1);
			}
			for (int d = 0; d < k; d++)
				total += counts[d];
			printf("| %dx%d | %s | %lld | %d | ", boards[b].m, boards[b].n, torus_metrics[metric],
			    total, k - 1);
			if (boards[b].paper > 0 && metric == TORUS_DRAG)
				printf("%d", boards[b].paper);
			else
				printf("—");
			printf(" |");
			for (int d = 0; d < k; d++)
				printf(" %lld", counts[d]);
			printf(" | <!-- %.1f s -->\n", tw_cpu_seconds() - t0);
			fflush(stdout);
		}
	}
}

int
main(int argc, char **argv)
{
	int count = 20, max_cells = 12;
	bool dist = false, bw = false;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--count") == 0 && i + 1 < argc)
			count = atoi(argv[++i]);
		else if (strcmp(argv[i], "--distances") == 0)
			dist = true;
		else if (strcmp(argv[i], "--bw") == 0)
			bw = true;
		else if (strcmp(argv[i], "--max-cells") == 0 && i + 1 < argc)
			max_cells = atoi(argv[++i]);
		else {
			fprintf(stderr, "usage: bench_torus_optimal [--count N] [--bw] | --distances [--max-cells C]\n");
			return 2;
		}
	}
	if (dist)
		distances(max_cells);
	else if (bw)
		black_and_white(count < 1 ? 1 : count);
	else
		random_positions(count < 1 ? 1 : count);
	return 0;
}
