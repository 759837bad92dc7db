/* Rolling cube benchmark: time per SRC query and per BFS query on open
 * boards of growing side (BFS only while it stays practical), and maze BFS
 * on 200 x 200. Usage: bench_rollcube [--quick]. Prints Markdown. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/rollcube/rollcube.h"
#include "solvers/rollcube/src.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
random_instance(struct tw_rng *rng, int64_t side, struct rollcube_state *s)
{
	s->x = 1 + (int64_t)tw_rng_below(rng, (uint64_t)side);
	s->y = 1 + (int64_t)tw_rng_below(rng, (uint64_t)side);
	s->gx = 1 + (int64_t)tw_rng_below(rng, (uint64_t)side);
	s->gy = 1 + (int64_t)tw_rng_below(rng, (uint64_t)side);
	s->label = (uint8_t)(1 + tw_rng_below(rng, 6));
	s->die = die_standard;
}

int
main(int argc, char **argv)
{
	static const int64_t sides[] = {8, 64, 512, 4096, 1000000, 1000000000};
	bool quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
	struct tw_rng rng;
	size_t k;

	tw_rng_seed(&rng, 2026);
	printf("| side | SRC µs/query, mean of %d | SRC µs, slowest | BFS ms/query | BFS queries |\n",
	    quick ? 1000 : 20000);
	printf("|---|---|---|---|---|\n");
	for (k = 0; k < sizeof sides / sizeof sides[0]; k++) {
		int64_t side = sides[k];
		int src_n = quick ? 1000 : 20000, bfs_n, i;
		double t0, src_us, bfs_ms = -1, slowest = 0;
		struct rollcube_state s;
		struct gps g;
		bool ok;

		src_us = 0;
		for (i = 0; i < src_n; i++) {
			double t1, dt;

			random_instance(&rng, side, &s);
			t1 = now();
			src_solve(side, side, s.x, s.y, s.gx, s.gy, s.label, &g, &ok, NULL);
			dt = (now() - t1) * 1e6;
			src_us += dt / src_n;
			slowest = dt > slowest ? dt : slowest;
		}
		bfs_n = side <= 8 ? 10000 : side <= 64 ? 200 : side <= 512 ? 5 : 1;
		if (quick && side > 64)
			bfs_n = 0;
		if (side <= 4096 && bfs_n > 0) {
			struct rollcube_params p = {side, side, RULE_TOP_AFTER, NULL};

			t0 = now();
			for (i = 0; i < bfs_n; i++) {
				struct movelist path = MOVELIST_EMPTY;

				random_instance(&rng, side, &s);
				rollcube_bfs(&p, &s, side * side, NULL, &path, NULL);
				movelist_clear(&path);
			}
			bfs_ms = (now() - t0) * 1e3 / bfs_n;
		}
		if (bfs_ms >= 0)
			printf("| %lld | %.1f | %.0f | %.3f | %d |\n", (long long)side, src_us,
			    slowest, bfs_ms, bfs_n);
		else
			printf("| %lld | %.1f | %.0f | (not run) | 0 |\n", (long long)side, src_us,
			    slowest);
		fflush(stdout);
	}
	{
		struct rollcube_params p = {200, 200, RULE_TOP_AFTER, NULL};
		int i, n = quick ? 5 : 50, found = 0;

		p.cells = calloc(200 * 200, 1);
		for (i = 0; i < 200 * 200; i++) {
			uint64_t r = tw_rng_below(&rng, 100);

			p.cells[i] = (uint8_t)(r < 20 ? CELL_BLOCKED : r < 26 ? 1 + tw_rng_below(&rng, 6) : CELL_FREE);
		}
		double t0 = now();

		for (i = 0; i < n; i++) {
			struct rollcube_state s;
			struct movelist path = MOVELIST_EMPTY;

			random_instance(&rng, 200, &s);
			p.cells[(s.y - 1) * 200 + s.x - 1] = CELL_FREE;
			p.cells[(s.gy - 1) * 200 + s.gx - 1] = CELL_FREE;
			found += rollcube_bfs(&p, &s, 40000, NULL, &path, NULL);
			movelist_clear(&path);
		}
		printf("\nMaze BFS, 200x200 (20%% blocked, 6%% labelled, top-after): %.2f ms/query over %d queries (%d solvable)\n",
		    (now() - t0) * 1e3 / n, n, found);
		free(p.cells);
	}
	return 0;
}
