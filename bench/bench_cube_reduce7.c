/* The 7x7x7 staged reduction prototype (src/puzzles/cube/reduce7,
 * README.md there): random 7x7x7s (400 random model turns each, colours
 * renamed so that the fixed centres are home) through its stages, each
 * end checked on the facelets, the OBTM and seconds of each stage
 * printed and averaged.
 *   bench_cube_reduce7 [--cubes N] [--seed S] [--old] [--nodes N] [--only K]
 * --nodes: every search's work (default: each stage's own); --only K:
 * cube K alone (of the same sequence).
 * --old runs stage A (reduce6's stages 1 to 5 on the fake 6x6x6, no
 * inner T) instead of stage I.
 * --finish: the finish alone (r7_finish: r7_grouped, cube5_reduce_solve,
 * written back and replayed) on 7x7x7s scrambled by 400 turns that keep
 * them grouped as a 5x5x5 (ranges 1, 1-2, 2 and 3-5).
 * --te: stages E and T (stage_te.c) instead of M after W, then r7_finish
 * on the cube as scrambled: the whole solve, replayed on the engine. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/movelist.h"
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

int
main(int argc, char **argv)
{
	int cubes = 10, i, k, done = 0;
	bool old = false, finish = false;
	int done_f = 0, done_te = 0, done_end = 0;
	bool te = false;
	double sum_te = 0, t_te = 0, sum_end = 0, sum_e = 0;
	double sum_f = 0, t_f = 0;
	struct r7_options ro = {0};
	int only = -1, done_w = 0, done_m = 0;
	double sum_w = 0, t_w = 0, sum_m = 0, t_m = 0;
	double sum_st[6] = {0}, sum_all = 0, t_all = 0, nodes_all = 0, t_max = 0;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--cubes") == 0 && i + 1 < argc)
			cubes = atoi(argv[++i]);
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			rng_state ^= strtoull(argv[++i], NULL, 10) * 0x9e3779b97f4a7c15ull;
		else if (strcmp(argv[i], "--nodes") == 0 && i + 1 < argc)
			ro.max_nodes = atol(argv[++i]);
		else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
			only = atoi(argv[++i]);
		else if (strcmp(argv[i], "--old") == 0)
			old = true;
		else if (strcmp(argv[i], "--finish") == 0)
			finish = true;
		else if (strcmp(argv[i], "--te") == 0)
			te = true;
		else {
			fprintf(stderr, "usage: %s [--cubes N] [--seed S] [--old] [--finish] [--te] [--nodes N] [--only K]\n", argv[0]);
			return 2;
		}
	}
	{
		double t0 = tw_monotonic_seconds();

		(void)r7_model();
		if (!old && !finish)
			printf("tables: %zu + %zu bytes, ", r7_centres_tables(), r7_stage5_tables());
		printf("model and tables %.2f s\n", tw_monotonic_seconds() - t0);
	}
	for (k = 0; k < cubes; k++) {
		uint8_t col[R7_FACELETS], col0[R7_FACELETS];
		struct r7_path path = {0};
		struct tw_error err = {{0}};
		int sm[6] = {0}, len, w_len = -1, left = -1;
		struct cube c5;
		long nodes = 0;
		double t0, t1;
		bool ok;

		for (i = 0; i < R7_FACELETS; i++)
			col[i] = (uint8_t)r7_face(i);
		for (i = 0; i < 400; i++)
			r7_apply(col, (int)(next_random() % R7_MOVES));
		r7_centres_home(col);
		memcpy(col0, col, sizeof col0);
		if (only >= 0 && k != only)
			continue;
		if (finish) {
			static const int keep[4] = {0, 1, 3, 7};
			struct cube c7;
			struct movelist out = MOVELIST_EMPTY;
			long o5 = 0;

			for (i = 0; i < R7_FACELETS; i++)
				col[i] = (uint8_t)r7_face(i);
			for (i = 0; i < 400; i++) {
				uint64_t x = next_random();

				r7_apply(col, (int)(((x % 6) * R7_RANGES + (unsigned)keep[x / 6 % 4]) * 3 + x / 24 % 3));
			}
			r7_to_cube(col, &c7);
			t0 = tw_monotonic_seconds();
			ok = r7_finish(&c7, &path, &out, NULL, &o5, &err);
			t1 = tw_monotonic_seconds();
			printf("cube %2d: finish %s %ld OBTM, %.2f s\n", k, ok ? "solved" : err.msg, o5, t1 - t0);
			fflush(stdout);
			if (ok) {
				sum_f += (double)o5;
				t_f += t1 - t0;
				done_f++;
			}
			movelist_clear(&out);
			continue;
		}
		t0 = tw_monotonic_seconds();
		ok = old ? r7_stage_a(col, &ro, &path, sm, &err) : r7_stage_i(col, &ro, &path, sm, &nodes, &err);
		t1 = tw_monotonic_seconds();
		if (!ok) {
			printf("cube %d: %s (S1 %d, stages 1-4: %d %d %d %d; %.2f s)\n", k, err.msg, sm[5], sm[0], sm[1],
			    sm[2], sm[3], t1 - t0);
			continue;
		}
		len = r7_path_obtm(&path, 0);
		if (!old) {
			int before = path.len;
			double tw0 = tw_monotonic_seconds();

			if (r7_stage_w(col, &ro, &path, &err)) {
				w_len = r7_path_obtm(&path, before);
				sum_w += w_len;
				t_w += tw_monotonic_seconds() - tw0;
				done_w++;
				before = path.len;
				tw0 = tw_monotonic_seconds();
				if (te) {
					int le = -1, lt = -1, me = 0, mt = 0, b2 = path.len, lene = path.len;
					struct cube c7;
					struct movelist out = MOVELIST_EMPTY;
					long os = 0, o5 = 0;
					bool okte = r7_stage_te(col, &path, &le, &lt, &me, &mt, &lene, &err);
					double tte = tw_monotonic_seconds() - tw0;

					printf("cube %d: stages E+T %s, %d OBTM (E %d, %d + %d steps), left %d %d, %.2f s; goal 2 %d C %d\n", k,
					    okte ? "done" : err.msg, r7_path_obtm(&path, b2), okte ? r7_path_obtm(&path, b2) - r7_path_obtm(&path, lene) : -1, me, mt, le, lt, tte,
					    r7_stage_done(col, '2'), r7_stage_done(col, 'C'));
					if (okte) {
						sum_te += r7_path_obtm(&path, b2);
						sum_e += r7_path_obtm(&path, b2) - r7_path_obtm(&path, lene);
						t_te += tte;
						done_te++;
						r7_to_cube(col0, &c7);
						tw0 = tw_monotonic_seconds();
						if (r7_finish(&c7, &path, &out, &os, &o5, &err)) {
							printf("cube %d: END TO END solved: %ld OBTM as written (stages %ld + 5x5x5 %ld), finish %.2f s\n",
							    k, os + o5, os, o5, tw_monotonic_seconds() - tw0);
							sum_end += (double)(os + o5);
							sum_f += (double)o5;
							done_end++;
						} else
							printf("cube %d: finish: %s\n", k, err.msg);
						movelist_clear(&out);
					}
				} else if (r7_stage_m(col, &path, &left, &err)) {
					sum_m += r7_path_obtm(&path, before);
					t_m += tw_monotonic_seconds() - tw0;
					done_m++;
				}
				printf("cube %d: stage M %s, %d OBTM, %d points left, %.2f s, grouped %d\n", k,
				    left == 0 ? "done" : "stalled", r7_path_obtm(&path, before), left,
				    tw_monotonic_seconds() - tw0, left == 0 && r7_grouped(col, &c5, NULL));
			} else
				printf("cube %d: stage W: %s\n", k, err.msg);
		}
		printf("cube %2d: %s %2d OBTM (S1 %d, stages 1-5: %d %d %d %d %d) %.2f s, stage 5 %ld nodes; goal A %d I %d; W %d OBTM\n",
		    k, old ? "A" : "I", len, sm[5], sm[0], sm[1], sm[2], sm[3], sm[4], t1 - t0, nodes,
		    r7_stage_done(col, 'A'), r7_stage_done(col, 'I'), w_len);
		fflush(stdout);
		for (i = 0; i < 6; i++)
			sum_st[i] += sm[i];
		sum_all += len;
		t_all += t1 - t0;
		t_max = t1 - t0 > t_max ? t1 - t0 : t_max;
		nodes_all += (double)nodes;
		done++;
	}
	if (finish) {
		if (done_f > 0)
			printf("finish (grouped 5x5x5 through cube5_reduce_solve): %.2f OBTM, %.2f s mean of %d\n",
			    sum_f / done_f, t_f / done_f, done_f);
		return done_f == (only >= 0 ? 1 : cubes) ? 0 : 1;
	}
	if (done > 0)
		printf("mean of %d: %.2f OBTM (S1 %.2f, stages 1-5: %.2f %.2f %.2f %.2f %.2f) %.2f s (max %.2f), stage 5 %.0f nodes\n",
		    done, sum_all / done, sum_st[5] / done, sum_st[0] / done, sum_st[1] / done, sum_st[2] / done, sum_st[3] / done,
		    sum_st[4] / done, t_all / done, t_max, nodes_all / done);
	if (done_w > 0)
		printf("stage W (reduce6's stage 6 on the fake 6x6x6): %.2f OBTM, %.2f s mean of %d\n", sum_w / done_w,
		    t_w / done_w, done_w);
	if (done_te > 0)
		printf("stages E+T (greedy, pure macros): %.2f OBTM (E %.2f, T %.2f), %.2f s mean of %d done\n", sum_te / done_te,
		    sum_e / done_te, (sum_te - sum_e) / done_te, t_te / done_te, done_te);
	if (done_end > 0)
		printf("END TO END: %.2f OBTM mean of %d solved (5x5x5 finish %.2f)\n", sum_end / done_end, done_end,
		    sum_f / done_end);
	if (done_m > 0)
		printf("stage M (greedy middle-slice macros): %.2f OBTM, %.2f s mean of %d done\n", sum_m / done_m,
		    t_m / done_m, done_m);
	return done == (only >= 0 ? 1 : cubes) ? 0 : 1;
}
