/* Proven-shortest answers near solved, every cube size
 * (solvers/cube/perimeter.h), on practice scrambles (game IDs
 * cube:N:turns=K#SEED: K random quarter turns of single layers).
 *
 *   bench_cube_near [--count C]
 *       The integer-programming paper's demonstrations ([Cube IP]: a
 *       2x2x2 after 6 random turns, a 3x3x3 after 4, a 4x4x4 after 4)
 *       and the reach asked of it (4x4x4 after 10, 5x5x5 after 8,
 *       11x11x11 after 6), C seeds each (default 20), in sqtm: mean and
 *       worst CPU seconds a solve (table and search, one thread), mean
 *       answer, the table's radius and size, the forward search's
 *       positions, and how many spent the work budget.
 *   bench_cube_near --reach [--count C] [--sizes A-B]
 *       For each size (default 3 to 11; the 2x2x2's every position is
 *       within reach), K = 1, 2, ... until a scramble of K turns is not
 *       proven within the work budget (CUBE_PERIMETER_NODES) or takes
 *       more than 60 s of CPU: the mean and worst CPU seconds at each K
 *       (C seeds, default 5).
 * Prints Markdown tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/cube/cube.h"
#include "engine/cube/rules.h"
#include "engine/gameid.h"
#include "solvers/cube/perimeter.h"
#include "solvers/registry.h"
#include "solvers/clock.h"
#include "ui/storage.h"

struct row {
	int n, turns;
	const char *what;
};

struct result {
	double seconds;
	long length;
	struct cube_perimeter_stats st;
	bool ok;
	char why[256];
};

/* Solves cube:n:turns=k#seed in sqtm and checks the answer. */
static void
solve_one(int n, int k, int seed, struct result *r)
{
	char id[64];
	struct gameid gid;
	struct tw_error err;
	struct movelist a = MOVELIST_EMPTY;
	struct cube_perimeter_options opt = {.metric = CUBE_SQTM};
	struct cube *c, w;
	double t0;

	memset(r, 0, sizeof *r);
	snprintf(id, sizeof id, "cube:%d:turns=%d#%d", n, k, seed);
	if (!gameid_parse(twirl_puzzles, id, &gid, &err) ||
	    (c = gameid_start_state(&gid, 0, &err)) == NULL) {
		fprintf(stderr, "%s: %s\n", id, err.msg);
		exit(2);
	}
	t0 = tw_cpu_seconds();
	r->ok = cube_perimeter_solve(c, &opt, &a, &r->st, &err);
	r->seconds = tw_cpu_seconds() - t0;
	if (!r->ok) {
		snprintf(r->why, sizeof r->why, "%s", err.msg);
	} else {
		w = *c;
		for (size_t i = 0; i < a.len; i++) {
			struct cube_move mv;

			if (!cube_move_parse(n, a.moves[i], &mv, &err)) {
				fprintf(stderr, "%s: bad move %s\n", id, a.moves[i]);
				exit(1);
			}
			cube_move_do(&w, &mv);
			r->length += cube_move_metric_cost(n, &mv, CUBE_SQTM);
		}
		if (!cube_is_solved(&w) || r->length > k) {
			fprintf(stderr, "%s: the answer does not solve it or is longer than %d\n", id, k);
			exit(1);
		}
	}
	free(c);
	gameid_free(&gid);
	movelist_clear(&a);
}

static void
demonstrations(int count)
{
	static const struct row rows[] = {
		{2, 6, "paper: 2x2x2 after 6"}, {3, 4, "paper: 3x3x3 after 4"},
		{4, 4, "paper: 4x4x4 after 4"}, {4, 10, "4x4x4 after 10"},
		{5, 8, "5x5x5 after 8"}, {11, 6, "11x11x11 after 6"},
	};

	printf("| positions | mean CPU s | worst CPU s | mean answer (sqtm) | radius | table positions | mean forward positions | out of work |\n");
	printf("|---|---|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		double sum = 0, worst = 0, len = 0, nodes = 0;
		int failed = 0, radius = 0;
		long states = 0;

		for (int seed = 1; seed <= count; seed++) {
			struct result r;

			solve_one(rows[i].n, rows[i].turns, seed, &r);
			sum += r.seconds;
			if (r.seconds > worst)
				worst = r.seconds;
			if (!r.ok) {
				failed++;
				continue;
			}
			len += (double)r.length;
			nodes += (double)r.st.nodes;
			if (r.st.radius > radius) {
				radius = r.st.radius;
				states = r.st.table_states;
			}
		}
		printf("| %s | %.3f | %.3f | %.2f | %d | %ld | %.0f | %d of %d |\n", rows[i].what,
		    sum / count, worst, count > failed ? len / (count - failed) : 0.0, radius, states,
		    count > failed ? nodes / (count - failed) : 0.0, failed, count);
		fflush(stdout);
	}
}

static void
reach(int count, int from, int to)
{
	printf("| size | turns | mean CPU s | worst CPU s | mean answer (sqtm) | proven |\n");
	printf("|---|---|---|---|---|---|\n");
	for (int n = from; n <= to; n++) {
		for (int k = 1; k <= CUBE_PRACTICE_MAX_TURNS; k++) {
			double sum = 0, worst = 0, len = 0;
			int proven = 0;

			for (int seed = 1; seed <= count; seed++) {
				struct result r;

				solve_one(n, k, seed, &r);
				sum += r.seconds;
				if (r.seconds > worst)
					worst = r.seconds;
				if (r.ok && r.seconds <= 60) {
					proven++;
					len += (double)r.length;
				}
				if (!r.ok || r.seconds > 60)
					break;
			}
			printf("| %dx%dx%d | %d | %.3f | %.3f | %.2f | %d of %d |\n", n, n, n, k,
			    sum / count, worst, proven > 0 ? len / proven : 0.0, proven, count);
			fflush(stdout);
			if (proven < count)
				break;
		}
	}
}

int
main(int argc, char **argv)
{
	int count = 0, from = 3, to = CUBE_MAX_N;
	bool do_reach = false;

	storage_use_table_cache();
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--count") == 0 && i + 1 < argc) {
			count = atoi(argv[++i]);
		} else if (strcmp(argv[i], "--reach") == 0) {
			do_reach = true;
		} else if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc &&
		    sscanf(argv[i + 1], "%d-%d", &from, &to) == 2) {
			i++;
		} else {
			fprintf(stderr, "usage: bench_cube_near [--reach] [--count C] [--sizes A-B]\n");
			return 2;
		}
	}
	if (do_reach)
		reach(count > 0 ? count : 5, from, to);
	else
		demonstrations(count > 0 ? count : 20);
	return 0;
}
