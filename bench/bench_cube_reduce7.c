/* The 7x7x7 staged reduction prototype (src/puzzles/cube/reduce7,
 * README.md there): random 7x7x7s (400 random model turns each) through
 * its stages, each end checked on the facelets, the OBTM and seconds of
 * each stage printed and averaged.
 *   bench_cube_reduce7 [--cubes N] [--seed S] */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	double sum_a[5] = {0}, sum_a_all = 0, sum_b1 = 0, t_a = 0, t_b1 = 0, nodes_b1 = 0;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--cubes") == 0 && i + 1 < argc)
			cubes = atoi(argv[++i]);
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			rng_state ^= strtoull(argv[++i], NULL, 10) * 0x9e3779b97f4a7c15ull;
		else {
			fprintf(stderr, "usage: %s [--cubes N] [--seed S]\n", argv[0]);
			return 2;
		}
	}
	(void)r7_model();
	for (k = 0; k < cubes; k++) {
		uint8_t col[R7_FACELETS];
		struct r7_path path = {0};
		struct tw_error err = {{0}};
		int sm[5], a_len, b1_len;
		long nodes = 0;
		double t0, t1, t2;

		for (i = 0; i < R7_FACELETS; i++)
			col[i] = (uint8_t)r7_face(i);
		for (i = 0; i < 400; i++)
			r7_apply(col, (int)(next_random() % R7_MOVES));
		t0 = tw_monotonic_seconds();
		if (!r7_stage_a(col, NULL, &path, sm, &err)) {
			printf("cube %d: stage A: %s\n", k, err.msg);
			continue;
		}
		t1 = tw_monotonic_seconds();
		a_len = r7_path_obtm(&path, 0);
		printf("cube %2d: A %2d (%d %d %d %d %d) %.2f s ok %d\n", k, a_len, sm[0], sm[1], sm[2], sm[3],
		    sm[4], t1 - t0, r7_stage_done(col, 'A'));
		fflush(stdout);
		if (!r7_stage_b1(col, NULL, &path, &nodes, &err)) {
			printf("cube %d: stage B1: %s\n", k, err.msg);
			continue;
		}
		t2 = tw_monotonic_seconds();
		b1_len = r7_path_obtm(&path, 0) - a_len;
		printf("cube %2d: A %2d (%d %d %d %d %d) %.2f s  B1 %2d %.2f s %ld nodes  A ok %d B1 ok %d\n", k,
		    a_len, sm[0], sm[1], sm[2], sm[3], sm[4], t1 - t0, b1_len, t2 - t1, nodes,
		    r7_stage_done(col, 'A'), r7_stage_done(col, '1'));
		fflush(stdout);
		for (i = 0; i < 5; i++)
			sum_a[i] += sm[i];
		sum_a_all += a_len;
		sum_b1 += b1_len;
		t_a += t1 - t0;
		t_b1 += t2 - t1;
		nodes_b1 += (double)nodes;
		done++;
	}
	if (done > 0)
		printf("mean of %d: A %.2f OBTM (stages 1-5: %.2f %.2f %.2f %.2f %.2f) %.2f s; B1 %.2f OBTM %.2f s %.0f nodes\n",
		    done, sum_a_all / done, sum_a[0] / done, sum_a[1] / done, sum_a[2] / done, sum_a[3] / done,
		    sum_a[4] / done, t_a / done, sum_b1 / done, t_b1 / done, nodes_b1 / done);
	return done == cubes ? 0 : 1;
}
