/* The 7x7x7 staged reduction stage by stage (src/solvers/cube/big/n7,
 * README.md there): random 7x7x7s (400 random model turns each) through
 * the centre pass (stage I: S1 and stages 1 to 5, stage 1 with 1b and 3
 * with 3b; stage C on the grouped 5x5x5), each end checked, then the edge orbits 2 and 1
 * (5x5x5s of grouped layers, the last solved whole), the answer
 * replayed on the engine. Prints each stage's OBTM and seconds per cube
 * and their means. `bench_cube_reduce --size 7` times the whole solver
 * as the program calls it.
 *   bench_cube_reduce7 [--cubes N] [--seed S] [--nodes N] [--only K]
 * --nodes: every search's work (default: each stage's own); --only K:
 * cube K alone (of the same sequence). Exit 1 if a cube is not solved. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movelist.h"
#include "solvers/cube/big/core/grouped.h"
#include "solvers/cube/big/core/reduce.h"
#include "solvers/cube/big/n7/n7.h"
#include "solvers/clock.h"
#include "ui/storage.h"

static uint64_t rng_state = 88172645463325252ull;

static uint64_t
next_random(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* The OBTM of turns[from..to) written alone. */
static long
obtm(const uint16_t *turns, int from, int to)
{
	struct movelist m = MOVELIST_EMPTY;
	long o = cube_write_layer_turns(R7_N, turns + from, to - from, &m, NULL) < 0 ? -1 : cube_list_obtm(R7_N, &m, 0);

	movelist_clear(&m);
	return o;
}

/* Columns: S1, stages 1 (with 1b) to 5 (3 with 3b), I, C, orbit 2, orbit 1
 * (with the 3x3x3), total. */
enum { C_S1, C_1, C_2, C_3, C_4, C_5, C_I, C_C, C_O2, C_O1, C_ALL, COLUMNS };

int
main(int argc, char **argv)
{
	static const char *const name[COLUMNS] = {"S1", "1", "2", "3", "4", "5", "I", "C", "orbit 2", "orbit 1", "total"};
	static const struct cube_grouping g5 = {7, 5, {0, 1, 2, 5, 6}, {0, 1, 4, 5, 6}, {0, 1, 3, 5, 6}};
	struct r7_options ro = {0};
	double sum[COLUMNS] = {0}, t_sum[4] = {0}, t_max = 0;
	int cubes = 10, only = -1, solved = 0, i, k;
	uint16_t *turns = malloc(sizeof *turns * 20000);

	storage_use_table_cache();
	if (turns == NULL)
		return 1;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--cubes") == 0 && i + 1 < argc)
			cubes = atoi(argv[++i]);
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			rng_state ^= strtoull(argv[++i], NULL, 10) * 0x9e3779b97f4a7c15ull;
		else if (strcmp(argv[i], "--nodes") == 0 && i + 1 < argc)
			ro.max_nodes = atol(argv[++i]);
		else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
			only = atoi(argv[++i]);
		else {
			fprintf(stderr, "usage: %s [--cubes N] [--seed S] [--nodes N] [--only K]\n", argv[0]);
			return 2;
		}
	}
	{
		double t0 = tw_monotonic_seconds();
		struct tw_error err = {0};

		if (!cube7_reduce_prepare(&err)) {
			fprintf(stderr, "tables: %s\n", err.msg);
			return 1;
		}
		printf("tables: %zu bytes (with the 5x5x5's), %.2f s to load or build\n", cube7_reduce_table_bytes(),
		    tw_monotonic_seconds() - t0);
	}
	for (k = 0; k < cubes; k++) {
		const struct r7_model *md = r7_model();
		uint8_t col[R7_FACELETS];
		struct r7_path path = {0};
		struct tw_error err = {0};
		struct movelist out = MOVELIST_EMPTY;
		struct cube c7, cur, c5;
		struct cube_move mc[64];
		struct cube_reduce_stats s5;
		int sm[6] = {0}, len = 0, at[4] = {0}, nc, len_edges, f, r, c;
		double v[COLUMNS], t[5];

		for (i = 0; i < R7_FACELETS; i++)
			col[i] = (uint8_t)r7_face(i);
		for (i = 0; i < 400; i++)
			r7_apply(col, (int)(next_random() % R7_MOVES));
		if (only >= 0 && k != only)
			continue;
		r7_to_cube(col, &c7);
		cur = c7;
		r7_centres_home(col);
		/* The edges are not the centre stages' (passes.c). */
		for (f = 0; f < 6; f++)
			for (r = 0; r < 7; r++)
				for (c = 0; c < 7; c++)
					if (r == 0 || c == 0 || r == 6 || c == 6)
						col[f * 49 + r * 7 + c] = (uint8_t)f;
		t[0] = tw_monotonic_seconds();
		if (!r7_stage_i(col, &ro, &path, sm, NULL, &err) || !r7_stage_done(col, 'I') || !r7_stage_done(col, '2')) {
			printf("cube %2d: stage I: %s\n", k, err.msg[0] != '\0' ? err.msg : "its goal not reached");
			continue;
		}
		t[1] = tw_monotonic_seconds();
		for (i = 0; i < path.len; i++) {
			int m = path.m[i];

			cube_push_block_turns(R7_N, md->face[m], md->first[m], md->last[m], md->turns[m], turns, &len);
			cube_move_do(&cur, &(struct cube_move){.face = (enum cube_face)md->face[m], .first = md->first[m],
			    .last = md->last[m], .turns = md->turns[m]});
		}
		at[0] = len;
		cube_grouping_read(&cur, &g5, &c5);
		cube5_centres_home(&c5);
		if (!r7_stage_c(&c5, &ro, mc, 64, &nc, &err)) {
			printf("cube %2d: stage C: %s\n", k, err.msg);
			continue;
		}
		for (i = 0; i < nc; i++)
			cube_grouping_turn(&cur, &g5, (int)mc[i].face, mc[i].first, mc[i].last, mc[i].turns, turns, &len);
		at[1] = len;
		t[2] = tw_monotonic_seconds();
		if (!edge_orbit(&cur, 2, false, NULL, turns, &len, &len_edges, &s5, &err)) {
			printf("cube %2d: orbit 2: %s\n", k, err.msg);
			continue;
		}
		at[2] = len;
		t[3] = tw_monotonic_seconds();
		if (!edge_orbit(&cur, 1, true, NULL, turns, &len, &len_edges, &s5, &err)) {
			printf("cube %2d: orbit 1: %s\n", k, err.msg);
			continue;
		}
		t[4] = tw_monotonic_seconds();
		if (cube_write_layer_turns(R7_N, turns, len, &out, &err) < 0 || !cube_answer_solves(&c7, &out, 0, &err)) {
			printf("cube %2d: %s\n", k, err.msg);
			movelist_clear(&out);
			continue;
		}
		v[C_S1] = sm[5];
		for (i = 0; i < 5; i++)
			v[C_1 + i] = sm[i];
		v[C_I] = (double)obtm(turns, 0, at[0]);
		v[C_C] = (double)obtm(turns, at[0], at[1]);
		v[C_O2] = (double)obtm(turns, at[1], at[2]);
		v[C_O1] = (double)obtm(turns, at[2], len);
		v[C_ALL] = (double)cube_list_obtm(R7_N, &out, 0);
		movelist_clear(&out);
		printf("cube %2d: %3.0f OBTM as written: I %.0f (S1 %.0f; %.0f %.0f %.0f %.0f %.0f) C %.0f "
		       "orbit 2 %.0f orbit 1 %.0f; %.2f s (I %.2f, C %.2f, orbits %.2f %.2f)\n",
		    k, v[C_ALL], v[C_I], v[C_S1], v[C_1], v[C_2], v[C_3], v[C_4], v[C_5], v[C_C], v[C_O2],
		    v[C_O1], t[4] - t[0], t[1] - t[0], t[2] - t[1], t[3] - t[2], t[4] - t[3]);
		fflush(stdout);
		for (i = 0; i < COLUMNS; i++)
			sum[i] += v[i];
		for (i = 0; i < 4; i++)
			t_sum[i] += t[i + 1] - t[i];
		t_max = t[4] - t[0] > t_max ? t[4] - t[0] : t_max;
		solved++;
	}
	free(turns);
	if (solved > 0) {
		printf("mean of %d solved:", solved);
		for (i = 0; i < COLUMNS; i++)
			printf(" %s %.2f%s", name[i], sum[i] / solved, i == C_ALL ? " OBTM\n" : ",");
		printf("seconds: I %.2f, C %.2f, orbit 2 %.2f, orbit 1 %.2f; a cube %.2f mean, %.2f max\n",
		    t_sum[0] / solved, t_sum[1] / solved, t_sum[2] / solved, t_sum[3] / solved,
		    (t_sum[0] + t_sum[1] + t_sum[2] + t_sum[3]) / solved, t_max);
	}
	return solved == (only >= 0 ? 1 : cubes) ? 0 : 1;
}
