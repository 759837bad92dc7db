/* The 7x7x7 staged reduction stage by stage (src/puzzles/cube/reduce7,
 * README.md there): random 7x7x7s (400 random model turns each) through
 * stage I (S1 and stages 1 to 5), W, E and T, each end checked on the
 * facelets, then r7_finish (the grouped 5x5x5 through cube5_reduce_solve,
 * written back and replayed on the engine). Prints each stage's OBTM and
 * seconds per cube and their means. `bench_cube_reduce --size 7` times
 * the whole solver as the program calls it.
 *   bench_cube_reduce7 [--cubes N] [--seed S] [--nodes N] [--only K]
 * --nodes: every search's work (default: each stage's own); --only K:
 * cube K alone (of the same sequence). Exit 1 if a cube is not solved. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/movelist.h"
#include "puzzles/cube/reduce/reduce.h"
#include "puzzles/cube/reduce7/reduce7.h"
#include "sys/clock.h"

static uint64_t rng_state = 88172645463325252ull;

static uint64_t
next_random(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* Columns: S1, stages 1-5, I, W, E, T, 5x5x5, total. */
enum { C_S1, C_1, C_2, C_3, C_4, C_5, C_I, C_W, C_E, C_T, C_FIVE, C_ALL, COLUMNS };

int
main(int argc, char **argv)
{
	static const char *const name[COLUMNS] = {"S1", "1", "2", "3", "4", "5", "I", "W", "E", "T", "5x5x5", "total"};
	struct r7_options ro = {0};
	double sum[COLUMNS] = {0}, t_sum[4] = {0}, t_max = 0;
	int cubes = 10, only = -1, solved = 0, i, k;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--cubes") == 0 && i + 1 < argc)
			cubes = atoi(argv[++i]);
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			rng_state ^= strtoull(argv[++i], NULL, 10) * 0x9e3779b97f4a7c15ull;
		else if (strcmp(argv[i], "--nodes") == 0 && i + 1 < argc)
			ro.max_nodes = atol(argv[++i]);
		else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
			only = atoi(argv[++i]);
		else if (strcmp(argv[i], "--te") != 0) {   /* --te: the old flag, now always */
			fprintf(stderr, "usage: %s [--cubes N] [--seed S] [--nodes N] [--only K]\n", argv[0]);
			return 2;
		}
	}
	{
		double t0 = tw_monotonic_seconds();
		struct tw_error err = {{0}};

		if (!cube7_reduce_prepare(&err)) {
			fprintf(stderr, "tables: %s\n", err.msg);
			return 1;
		}
		printf("tables: %zu bytes (with the 5x5x5's), %.2f s to load or build\n", cube7_reduce_table_bytes(),
		    tw_monotonic_seconds() - t0);
	}
	for (k = 0; k < cubes; k++) {
		uint8_t col[R7_FACELETS];
		struct r7_path path = {0};
		struct tw_error err = {{0}};
		struct movelist out = MOVELIST_EMPTY;
		struct cube c7;
		int sm[6] = {0}, le, lt, me, mt, after_e = 0, after_i, after_w, after_t;
		struct r7_finish_info info;
		double v[COLUMNS], t[5];

		for (i = 0; i < R7_FACELETS; i++)
			col[i] = (uint8_t)r7_face(i);
		for (i = 0; i < 400; i++)
			r7_apply(col, (int)(next_random() % R7_MOVES));
		if (only >= 0 && k != only)
			continue;
		r7_to_cube(col, &c7);
		r7_centres_home(col);
		t[0] = tw_monotonic_seconds();
		if (!r7_stage_i(col, &ro, &path, sm, NULL, &err)) {
			printf("cube %2d: stage I: %s\n", k, err.msg);
			continue;
		}
		after_i = path.len;
		t[1] = tw_monotonic_seconds();
		if (!r7_stage_w(col, &ro, &path, &err)) {
			printf("cube %2d: stage W: %s\n", k, err.msg);
			continue;
		}
		after_w = path.len;
		t[2] = tw_monotonic_seconds();
		if (!r7_stage_te(col, &ro, &path, &le, &lt, &me, &mt, &after_e, &err) || !r7_stage_done(col, 'C')) {
			printf("cube %2d: stages E and T: %s\n", k, err.msg[0] != '\0' ? err.msg : "goal C not reached");
			continue;
		}
		after_t = path.len;
		t[3] = tw_monotonic_seconds();
		if (!r7_finish(&c7, &path, after_i, NULL, &out, &info, &err)) {
			printf("cube %2d: finish: %s\n", k, err.msg);
			movelist_clear(&out);
			continue;
		}
		t[4] = tw_monotonic_seconds();
		movelist_clear(&out);
		v[C_S1] = sm[5];
		for (i = 0; i < 5; i++)
			v[C_1 + i] = sm[i];
		v[C_I] = r7_path_obtm(&path, 0) - r7_path_obtm(&path, after_i);
		v[C_W] = r7_path_obtm(&path, after_i) - r7_path_obtm(&path, after_w);
		v[C_E] = r7_path_obtm(&path, after_w) - r7_path_obtm(&path, after_e);
		v[C_T] = r7_path_obtm(&path, after_e) - r7_path_obtm(&path, after_t);
		v[C_FIVE] = (double)info.obtm_grouped;
		v[C_ALL] = (double)(info.obtm_stages + info.obtm_grouped);
		printf("cube %2d: %3.0f OBTM as written: I %.0f (S1 %.0f; %.0f %.0f %.0f %.0f %.0f) W %.0f E %.0f T %.0f "
		       "5x5x5 %.0f; %.2f s (I %.2f, W %.2f, E+T %.2f, 5x5x5 %.2f)\n",
		    k, v[C_ALL], v[C_I], v[C_S1], v[C_1], v[C_2], v[C_3], v[C_4], v[C_5], v[C_W], v[C_E], v[C_T],
		    v[C_FIVE], t[4] - t[0], t[1] - t[0], t[2] - t[1], t[3] - t[2], t[4] - t[3]);
		fflush(stdout);
		for (i = 0; i < COLUMNS; i++)
			sum[i] += v[i];
		for (i = 0; i < 4; i++)
			t_sum[i] += t[i + 1] - t[i];
		t_max = t[4] - t[0] > t_max ? t[4] - t[0] : t_max;
		solved++;
	}
	if (solved > 0) {
		printf("mean of %d solved:", solved);
		for (i = 0; i < COLUMNS; i++)
			printf(" %s %.2f%s", name[i], sum[i] / solved, i == C_ALL ? " OBTM\n" : ",");
		printf("seconds: I %.2f, W %.2f, E+T %.2f, 5x5x5 %.2f; a cube %.2f mean, %.2f max\n", t_sum[0] / solved,
		    t_sum[1] / solved, t_sum[2] / solved, t_sum[3] / solved,
		    (t_sum[0] + t_sum[1] + t_sum[2] + t_sum[3]) / solved, t_max);
	}
	return solved == (only >= 0 ? 1 : cubes) ? 0 : 1;
}
