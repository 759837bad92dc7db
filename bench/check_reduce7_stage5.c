/* A check of stage 5's tables (src/puzzles/cube/reduce7/stage5_7.c):
 * the former three per-axis (X, A, B, T) tables, each axis's places
 * numbered in its own facelet order (the code below is the prototype's
 * as it was, commit 5970ce3), against the one table stage5_7.c now keeps
 * for the three axes (places numbered alike by a whole-cube turn).
 *  1. The U-D axis is numbered alike in both: its old tables must equal
 *     the cache file's payload byte for byte, and so must its (X, A, B),
 *     (T, A, B) and (X, T) tables (the all-X and all-T tables hold the
 *     other axes' ranks too, so they are checked through the bound).
 *  2. Every entry of the R-L and F-B axes' old tables must equal the
 *     new table's entry of the same facelets (all 3 x 24,010,000).
 *  3. r7_stage5_bound must equal the old bound on sampled colourings:
 *     uniform random ranks, and random walks of stage 5's turns from the
 *     solved cube.
 *   check_reduce7_stage5 [--samples N]   (needs XDG_CACHE_HOME set to
 *   the cache the new table is written to; it builds or loads it)
 * Prints the mismatches and exits 1 if there is any. */
#include <inttypes.h>
#include <stdio.h>

#include "puzzles/cube/reduce7/reduce7.h"
#include "sys/clock.h"
#include "sys/tablecache.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/cube/pieces.h"
#include "puzzles/cube/reduce6/reduce6.h"

#define S5_MOVES 27
#define S5_C84 70
#define S5_SIZE (S5_C84 * S5_C84 * S5_C84)
#define S5_DEFAULT_NODES 400000000L
#define S5_MAX 40
#ifndef S7_FULL
#define S7_FULL 1      /* the per-axis (X, A, B, T) tables (24 M entries each) */
#endif
#ifndef S7_SUM_NUM
#define S7_SUM_NUM 2   /* the bound: at least ceil(sum of the axes' distances * NUM / DEN) */
#define S7_SUM_DEN 3
#endif
#ifndef S7_XT_W
#define S7_XT_W 99   /* the bound adds ceil(min(X, T) / S7_XT_W) */
#endif

enum { PX, PA, PB, PT, PARTS };

struct s7_tables {
	uint8_t move[S5_MOVES];
	uint16_t m7[S5_MOVES];
	bool wide[S5_MOVES];
	uint8_t key[S5_MOVES];
	uint8_t axis[S5_MOVES], face[S5_MOVES];
	uint16_t place[3][PARTS][8];
	uint8_t next[3][S5_MOVES][PARTS][S5_C84];
	uint8_t rank8[256];
	uint8_t mask8[S5_C84];
	uint8_t dist[3][S5_SIZE];     /* axis: (X, A, B) to home, pairs one colour */
	uint8_t tdist3[3][S5_SIZE];   /* axis: (T, A, B) alike */
	uint8_t *full[3];             /* axis: (X, A, B, T) to home, pairs one colour (S7_FULL) */
	uint8_t xt[3][S5_C84 * S5_C84];
	uint8_t xdist[S5_SIZE], tdist[S5_SIZE];
	bool ok;
};

static struct s7_tables *s7;

struct bfs_ctx {
	const struct s7_tables *t;
	int mode;      /* 0..2: (X, A, B) of that axis; 3..5: (X, T) of axis mode - 3; 6: all X; 7: all T; 8..10: (T, A, B) of axis mode - 8 */
};

static int
expand(const void *vctx, uint32_t state, uint32_t *out)
{
	const struct bfs_ctx *ctx = vctx;
	const struct s7_tables *t = ctx->t;
	int m, n = 0;

	for (m = 0; m < S5_MOVES; m++) {
		if (ctx->mode < 3 || (ctx->mode >= 8 && ctx->mode < 11)) {
			const uint8_t(*nx)[S5_C84] = t->next[ctx->mode % 8][m];
			int x = (int)(state / (S5_C84 * S5_C84)), a = (int)(state / S5_C84 % S5_C84), b = (int)(state % S5_C84);
			int p = ctx->mode < 3 ? PX : PT;

			out[n++] = ((uint32_t)nx[p][x] * S5_C84 + nx[PA][a]) * S5_C84 + nx[PB][b];
		} else if (ctx->mode >= 11) {
			const uint8_t(*nx)[S5_C84] = t->next[ctx->mode - 11][m];
			uint32_t q = state;
			int y = (int)(q % S5_C84), b, a, x;

			q /= S5_C84;
			b = (int)(q % S5_C84);
			q /= S5_C84;
			a = (int)(q % S5_C84);
			x = (int)(q / S5_C84);
			out[n++] = (((uint32_t)nx[PX][x] * S5_C84 + nx[PA][a]) * S5_C84 + nx[PB][b]) * S5_C84 + nx[PT][y];
		} else if (ctx->mode < 6) {
			const uint8_t(*nx)[S5_C84] = t->next[ctx->mode - 3][m];
			int x = (int)(state / S5_C84), y = (int)(state % S5_C84);

			out[n++] = (uint32_t)nx[PX][x] * S5_C84 + nx[PT][y];
		} else {
			int p = ctx->mode == 6 ? PX : PT;
			int x = (int)(state / (S5_C84 * S5_C84)), y = (int)(state / S5_C84 % S5_C84), z = (int)(state % S5_C84);

			out[n++] = ((uint32_t)t->next[0][m][p][x] * S5_C84 + t->next[1][m][p][y]) * S5_C84 +
			    t->next[2][m][p][z];
		}
	}
	return n;
}

static bool
build_moves(struct s7_tables *t, const struct r6_model *md)
{
	static const uint8_t kinds[3] = {R6_INNER_X, R6_OBLIQUE_A, R6_OBLIQUE_B};
	static const int keep6[6] = {0, 1, 2, 4, 5, 6};
	static const int tpos[4][2] = {{2, 3}, {3, 4}, {4, 3}, {3, 2}};
	const struct r7_model *m7 = r7_model();
	int n = 0, f, p, a, v, m, k, r;

	for (f = 0; f < 6; f++) {
		for (p = 1; p <= 3; p++) {
			t->move[n] = (uint8_t)r6_move(f, 1, 1, p);
			t->wide[n] = false;
			t->key[n] = (uint8_t)(f < 3 ? 0 : 1);
			n++;
		}
		t->move[n] = (uint8_t)r6_move(f, 1, 2, 2);
		t->wide[n] = true;
		t->key[n] = (uint8_t)(f < 3 ? 2 : 3);
		n++;
		if (f < 3) {
			t->move[n] = (uint8_t)r6_move(f, 1, 3, 2);
			t->wide[n] = true;
			t->key[n] = 4;
			n++;
		}
	}
	for (m = 0; m < S5_MOVES; m++) {
		int mm = t->move[m];

		t->axis[m] = md->axis[mm];
		t->face[m] = md->face[mm];
		t->m7[m] = (uint16_t)r7_move(md->face[mm], md->first[mm], md->last[mm], md->turns[mm]);
	}
	for (v = 0, r = 0; v < 256; v++) {
		t->rank8[v] = 0xff;
		if (__builtin_popcount((unsigned)v) == 4) {
			t->rank8[v] = (uint8_t)r;
			t->mask8[r++] = (uint8_t)v;
		}
	}
	for (a = 0; a < 3; a++) {
		for (k = 0; k < 3; k++) {
			int c = 0, d;

			for (f = a; f < 6; f += 3)
				for (d = f * 36; d < f * 36 + 36; d++)
					if (md->kind[d] == kinds[k])
						t->place[a][k][c++] = (uint16_t)(f * 49 + keep6[d % 36 / 6] * 7 + keep6[d % 6]);
			if (c != 8)
				return false;
		}
		for (k = 0; k < 8; k++) {
			f = k < 4 ? a : a + 3;
			t->place[a][PT][k] = (uint16_t)(f * 49 + tpos[k % 4][0] * 7 + tpos[k % 4][1]);
		}
	}
	for (a = 0; a < 3; a++)
		for (m = 0; m < S5_MOVES; m++) {
			const uint16_t *src = m7->src[t->m7[m]];

			for (k = 0; k < PARTS; k++)
				for (r = 0; r < S5_C84; r++) {
					int out = 0, i, j;

					for (i = 0; i < 8; i++) {
						for (j = 0; j < 8; j++)
							if (src[t->place[a][k][i]] == t->place[a][k][j])
								break;
						if (j == 8)
							return false;
						if (t->mask8[r] >> j & 1)
							out |= 1 << i;
					}
					t->next[a][m][k][r] = t->rank8[out];
				}
		}
	return true;
}

static void
old_build(void)
{
	const struct r6_model *md = r6_model();
	struct s7_tables *t = calloc(1, sizeof *t);
	int a, g, hx;

	if (t == NULL)
		return;
	if (!build_moves(t, md))
		goto fail;
	hx = t->rank8[0x0f];
	for (a = 0; a < 3; a++) {
		struct bfs_ctx ctx = {t, a}, ctx2 = {t, 3 + a}, ctx3 = {t, 8 + a};
		int pa[8], pb[8], np = 0, i, j;

		for (i = 0; i < 8; i++)
			for (j = 0; j < 8; j++) {
				int d6a = -1, d6b = -1, d;

				/* A place i and B place j pair up: partner in the 6x6x6 model. */
				for (d = 0; d < R6_FACELETS; d++) {
					static const int keep6[6] = {0, 1, 2, 4, 5, 6};
					int d7 = d / 36 * 49 + keep6[d % 36 / 6] * 7 + keep6[d % 6];

					if (d7 == t->place[a][PA][i])
						d6a = d;
					if (d7 == t->place[a][PB][j])
						d6b = d;
				}
				if (md->partner[d6a] == d6b) {
					pa[np] = i;
					pb[np++] = j;
				}
			}
		if (np != 8)
			goto fail;
		memset(t->dist[a], CUBE_TABLE_UNSEEN, S5_SIZE);
		for (g = 0; g < 256; g++) {
			int ma = 0, mb = 0;

			if (__builtin_popcount((unsigned)g) != 4)
				continue;
			for (i = 0; i < 8; i++)
				if (g >> i & 1) {
					ma |= 1 << pa[i];
					mb |= 1 << pb[i];
				}
			t->dist[a][((uint32_t)hx * S5_C84 + t->rank8[ma]) * S5_C84 + t->rank8[mb]] = 0;
		}
		if (!cube_table_bfs(t->dist[a], S5_SIZE, expand, &ctx, NULL, NULL))
			goto fail;
		memcpy(t->tdist3[a], t->dist[a], S5_SIZE);   /* same goals: T home, pairs */
		{
			long r;

			for (r = 0; r < S5_SIZE; r++)
				if (t->tdist3[a][r] != 0)
					t->tdist3[a][r] = CUBE_TABLE_UNSEEN;
		}
		if (!cube_table_bfs(t->tdist3[a], S5_SIZE, expand, &ctx3, NULL, NULL))
			goto fail;
#if S7_FULL
		{
			struct bfs_ctx c4 = {t, 11 + a};
			uint32_t r;

			t->full[a] = malloc((size_t)S5_SIZE * S5_C84);
			if (t->full[a] == NULL)
				goto fail;
			memset(t->full[a], CUBE_TABLE_UNSEEN, (size_t)S5_SIZE * S5_C84);
			for (r = 0; r < S5_SIZE; r++)
				if (t->dist[a][r] == 0)
					t->full[a][r * S5_C84 + (uint32_t)hx] = 0;
			if (!cube_table_bfs(t->full[a], S5_SIZE * S5_C84, expand, &c4, NULL, NULL))
				goto fail;
		}
#endif
		memset(t->xt[a], CUBE_TABLE_UNSEEN, sizeof t->xt[a]);
		t->xt[a][hx * S5_C84 + hx] = 0;
		if (!cube_table_bfs(t->xt[a], S5_C84 * S5_C84, expand, &ctx2, NULL, NULL))
			goto fail;
	}
	{
		struct bfs_ctx cx = {t, 6}, ct = {t, 7};

		memset(t->xdist, CUBE_TABLE_UNSEEN, S5_SIZE);
		memset(t->tdist, CUBE_TABLE_UNSEEN, S5_SIZE);
		t->xdist[((uint32_t)hx * S5_C84 + hx) * S5_C84 + hx] = 0;
		t->tdist[((uint32_t)hx * S5_C84 + hx) * S5_C84 + hx] = 0;
		if (!cube_table_bfs(t->xdist, S5_SIZE, expand, &cx, NULL, NULL) ||
		    !cube_table_bfs(t->tdist, S5_SIZE, expand, &ct, NULL, NULL))
			goto fail;
	}
	t->ok = true;
	s7 = t;
	return;
fail:
	free(t);
}

struct state {
	uint8_t r[3][PARTS];
};

static int
old_bound_of(const struct s7_tables *t, const struct state *s)
{
	int a, h, sum = 0, sum2 = 0, v, x;

	x = t->xdist[((uint32_t)s->r[0][PX] * S5_C84 + s->r[1][PX]) * S5_C84 + s->r[2][PX]];
	v = t->tdist[((uint32_t)s->r[0][PT] * S5_C84 + s->r[1][PT]) * S5_C84 + s->r[2][PT]];
	h = v > x ? v : x;
	x = v < x ? v : x;
	h += (x + S7_XT_W - 1) / S7_XT_W;   /* not admissible: X and T apart */
	for (a = 0; a < 3; a++) {
		v = t->tdist3[a][((uint32_t)s->r[a][PT] * S5_C84 + s->r[a][PA]) * S5_C84 + s->r[a][PB]];
		sum2 += v;
		h = v > h ? v : h;
#if S7_FULL
		v = t->full[a][(((uint32_t)s->r[a][PX] * S5_C84 + s->r[a][PA]) * S5_C84 + s->r[a][PB]) * S5_C84 + s->r[a][PT]];
#else
		v = t->dist[a][((uint32_t)s->r[a][PX] * S5_C84 + s->r[a][PA]) * S5_C84 + s->r[a][PB]];
#endif
		sum += v;
		h = v > h ? v : h;
		v = t->xt[a][s->r[a][PX] * S5_C84 + s->r[a][PT]];
		h = v > h ? v : h;
	}
	sum = (sum * S7_SUM_NUM + S7_SUM_DEN - 1) / S7_SUM_DEN;
	sum2 = (sum2 + 1) / 2;
	sum = sum2 > sum ? sum2 : sum;
	return sum > h ? sum : h;
}


static uint64_t rng_state = 88172645463325252ull;

static uint64_t
next_random(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* The old ranks of colours col. */
static void
old_state(const uint8_t *col, struct state *s)
{
	int a, k, i;

	for (a = 0; a < 3; a++)
		for (k = 0; k < PARTS; k++) {
			int mask = 0;

			for (i = 0; i < 8; i++)
				if (col[s7->place[a][k][i]] == a)
					mask |= 1 << i;
			s->r[a][k] = s7->rank8[mask];
		}
}

/* The new tables: the cache file's payload (malloc'd), NULL if absent:
 * the (X, A, B, T) table, then (X, A, B), (T, A, B), all X, all T (343,000
 * each) and (X, T) (4,900). */
#define NEW_BLOCK (S5_SIZE * (size_t)S5_C84 + 4 * (size_t)S5_SIZE + S5_C84 * S5_C84)
static uint8_t *
read_new_table(void)
{
	struct tw_error err = {{0}};
	char *dir = table_cache_dir(false, &err), path[4096];
	uint8_t *buf;
	FILE *f;

	if (dir == NULL)
		return NULL;
	snprintf(path, sizeof path, "%s/cube7-stage5.tbl", dir);
	free(dir);
	if ((f = fopen(path, "rb")) == NULL || (buf = malloc(NEW_BLOCK)) == NULL)
		return NULL;
	if (fseek(f, TABLE_HEADER_BYTES, SEEK_SET) != 0 || fread(buf, 1, NEW_BLOCK, f) != NEW_BLOCK) {
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	return buf;
}

int
main(int argc, char **argv)
{
	long samples = 2000000, i, bad = 0, hist[256] = {0}, unseen = 0;
	int pos[R7_FACELETS][3], perm[3][PARTS][8], a, k, j, d;
	struct tw_error err = {{0}};
	uint8_t *nt;
	double t0;

	if (argc == 3 && strcmp(argv[1], "--samples") == 0)
		samples = atol(argv[2]);
	t0 = tw_monotonic_seconds();
	old_build();
	if (s7 == NULL) {
		fprintf(stderr, "old tables: out of memory\n");
		return 1;
	}
	printf("old tables (three per-axis): %.2f s\n", tw_monotonic_seconds() - t0);
	t0 = tw_monotonic_seconds();
	if (!r7_stage5_load(NULL, &err)) {
		fprintf(stderr, "r7_stage5_load: %s\n", err.msg);
		return 1;
	}
	printf("new table (r7_stage5_load): %.2f s\n", tw_monotonic_seconds() - t0);
	if ((nt = read_new_table()) == NULL) {
		fprintf(stderr, "cannot read the cache file cube7-stage5.tbl\n");
		return 1;
	}
	/* 1. The U-D axis, numbered alike. */
	for (i = 0; i < S5_SIZE * (long)S5_C84; i++) {
		bad += nt[i] != s7->full[0][i];
		unseen += nt[i] == CUBE_TABLE_UNSEEN;
	}
	{
		const uint8_t *small = nt + S5_SIZE * (size_t)S5_C84;
		long sm = 0;

		for (i = 0; i < S5_SIZE; i++)
			sm += (small[i] != s7->dist[0][i]) + (small[S5_SIZE + i] != s7->tdist3[0][i]);
		for (i = 0; i < S5_C84 * S5_C84; i++)
			sm += small[4 * S5_SIZE + i] != s7->xt[0][i];
		printf("1. U-D axis, byte for byte: %ld mismatches (%ld entries unreached), small tables %ld\n", bad,
		    unseen, sm);
		bad += sm;
	}
	/* 2. R-L and F-B: axis 0's places turned whole, x y z -> y z x. */
	for (d = 0; d < R7_FACELETS; d++)
		cube_facelet_position(R7_N, d, pos[d]);
	for (a = 0; a < 3; a++)
		for (k = 0; k < PARTS; k++)
			for (i = 0; i < 8; i++) {
				const int *p = pos[s7->place[0][k][i]];
				int q[3] = {p[0], p[1], p[2]}, r, e;

				for (r = 0; r < a; r++) {
					int x = q[0];

					q[0] = q[1];
					q[1] = q[2];
					q[2] = x;
				}
				for (e = 0; e < R7_FACELETS && memcmp(pos[e], q, sizeof q) != 0; e++)
					;
				for (j = 0; j < 8 && s7->place[a][k][j] != e; j++)
					;
				if (j == 8) {
					fprintf(stderr, "axis %d part %d: a turned place is not the axis's\n", a, k);
					return 1;
				}
				perm[a][k][i] = j;   /* new place i is old place j */
			}
	for (a = 1; a < 3; a++) {
		uint8_t to_new[PARTS][S5_C84];
		long ab = 0;
		int r, x, y, z, w;

		for (k = 0; k < PARTS; k++)
			for (r = 0; r < S5_C84; r++) {
				int m = 0;

				for (i = 0; i < 8; i++)
					if (s7->mask8[r] >> perm[a][k][i] & 1)
						m |= 1 << i;
				to_new[k][r] = s7->rank8[m];
			}
		for (x = 0; x < S5_C84; x++)
			for (y = 0; y < S5_C84; y++)
				for (z = 0; z < S5_C84; z++)
					for (w = 0; w < S5_C84; w++) {
						size_t o = (((size_t)x * S5_C84 + y) * S5_C84 + z) * S5_C84 + w;
						size_t n = (((size_t)to_new[PX][x] * S5_C84 + to_new[PA][y]) * S5_C84 +
						    to_new[PB][z]) * S5_C84 + to_new[PT][w];

						ab += s7->full[a][o] != nt[n];
					}
		printf("2. axis %d, every entry through the turned places: %ld mismatches\n", a, ab);
		bad += ab;
	}
	/* 3. The bound. */
	{
		long sb = 0, wb = 0, walks = samples / 2, n_walk = 0;
		uint8_t col[R7_FACELETS];
		struct state s;

		for (i = 0; i < samples; i++) {
			int v;

			for (d = 0; d < R7_FACELETS; d++)
				col[d] = (uint8_t)r7_face(d);
			for (a = 0; a < 3; a++)
				for (k = 0; k < PARTS; k++) {
					int r = (int)(next_random() % S5_C84);

					for (j = 0; j < 8; j++)
						col[s7->place[a][k][j]] = (uint8_t)(s7->mask8[r] >> j & 1 ? a : a + 3);
				}
			old_state(col, &s);
			v = old_bound_of(s7, &s);
			hist[v]++;
			sb += v != r7_stage5_bound(col);
		}
		for (i = 0; i < walks / 30; i++) {
			int step;

			for (d = 0; d < R7_FACELETS; d++)
				col[d] = (uint8_t)r7_face(d);
			for (step = 0; step < 30; step++) {
				r7_apply(col, s7->m7[next_random() % S5_MOVES]);
				old_state(col, &s);
				wb += old_bound_of(s7, &s) != r7_stage5_bound(col);
				n_walk++;
			}
		}
		printf("3. bound: %ld mismatches of %ld uniform samples, %ld of %ld states on random walks\n", sb, samples,
		    wb, n_walk);
		printf("   uniform samples' bounds:");
		for (k = 0; k < 256; k++)
			if (hist[k] > 0)
				printf(" %d:%ld", k, hist[k]);
		printf("\n");
		bad += sb + wb;
	}
	free(nt);
	printf("%s\n", bad == 0 ? "OK: the one table gives the three tables' values" : "MISMATCH");
	return bad == 0 ? 0 : 1;
}
