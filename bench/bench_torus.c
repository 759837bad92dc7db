/* Torus solver benchmark: solution length (drag and push metric) and time
 * per solve over random positions, next to the paper's bound 4mn.
 * Usage: bench_torus [--quick] [--count N]. Prints a Markdown table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/torus/torus.h"
#include "solvers/registry.h"
#include "solvers/torus/solve.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	static const int sizes[][2] = {{3, 3}, {4, 4}, {6, 6}, {10, 10}, {20, 20},
	    {2, 20}, {5, 7}};
	int count = 1000, i;
	size_t k;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0)
			count = 100;
		else if (strcmp(argv[i], "--count") == 0 && i + 1 < argc)
			count = atoi(argv[++i]);
	}
	if (count < 1)
		count = 1;
	printf("%d random positions per board (seeded), one core\n\n", count);
	printf("| board | 4mn | drag mean | drag max | push mean | push max | ms mean | ms max |\n");
	printf("|---|---|---|---|---|---|---|---|\n");
	for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		struct torus_params p = {.rows = sizes[k][0], .cols = sizes[k][1]};
		struct tw_rng rng;
		double drag_sum = 0, push_sum = 0, t_sum = 0, t_max = 0;
		long drag_max = 0, push_max = 0;

		tw_rng_seed(&rng, 1000 + k);
		for (i = 0; i < count; i++) {
			struct torus_state *s = torus_scramble(&p, &rng, NULL);
			struct movelist a = MOVELIST_EMPTY, b = MOVELIST_EMPTY;
			struct tw_error err;
			double t0 = now(), dt;
			long drag, push;

			if (!torus_solve(&p, s, &(struct solve_request){.metric = TORUS_DRAG}, &a, &err)) {
				fprintf(stderr, "bench_torus: %s\n", err.msg);
				return 1;
			}
			dt = (now() - t0) * 1000;
			if (!torus_solve(&p, s, &(struct solve_request){.metric = TORUS_PUSH}, &b, &err)) {
				fprintf(stderr, "bench_torus: %s\n", err.msg);
				return 1;
			}
			drag = (long)a.len;
			push = puzzle_list_cost(&torus_puzzle, &p, &b, TORUS_PUSH);
			drag_sum += (double)drag;
			push_sum += (double)push;
			drag_max = drag > drag_max ? drag : drag_max;
			push_max = push > push_max ? push : push_max;
			t_sum += dt;
			t_max = dt > t_max ? dt : t_max;
			movelist_clear(&a);
			movelist_clear(&b);
			free(s);
		}
		printf("| %dx%d | %d | %.1f | %ld | %.1f | %ld | %.3f | %.3f |\n",
		    p.rows, p.cols, 4 * p.rows * p.cols, drag_sum / count, drag_max,
		    push_sum / count, push_max, t_sum / count, t_max);
	}
	return 0;
}
