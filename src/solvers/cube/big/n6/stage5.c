/* The 6x6x6 staged reduction, stage 5 (n6.h): every inner X block
 * of four one colour, the six blocks a rotation of the solved cube's
 * scheme, every oblique pair one colour, from stage 4's end (every centre
 * on the axis of its colour).
 *
 * Turns: the face turns and the half turns of two and three layers (they
 * keep every centre on its axis). Of a 3-layer half turn and the opposite
 * face's one, which differ by a half turn of the whole cube, only the one
 * from U, R or F is searched: the goals are closed under the whole
 * cube's half turns (they change the scheme by x2, y2 or z2), so both
 * leave the same distance: 27 turns, each 1 OBTM.
 *
 * Coordinate, one per axis: which of the axis's eight inner X facelets,
 * eight oblique A and eight oblique B facelets (its two faces' ones) hold
 * the colour of the axis's first face (U, R, F): three 4-subsets of 8,
 * colex ranks 0..69 each, 70^3 = 343,000 values. Goals of an axis: the
 * inner X of the first face all that colour ("home") or none ("swapped",
 * the complement: one table serves both), the eight oblique pairs one
 * colour each (70 goal values). A scheme is a rotation of the solved
 * cube's: home on all axes, or swapped on two (x2, y2, z2).
 *
 * Pruning tables: per axis the exact distance of its coordinate
 * (breadth first, 343,000 bytes, 8 at most), and per scheme the exact
 * distance of the three axes' inner X ranks together (343,000 bytes
 * each; 2.4 MB in all, built in about 0.3 s, so cached: table
 * "cube6-stage5"). Bound of a state: the
 * least over the four schemes of the largest of the axes' distances,
 * ceil(their sum / 2) and the inner X distance; the half sum is the
 * measured prototype's (docs/papers.md, "Rubik's cube": dwalton76's
 * 6x6x6 stages; a wide half turn moves all three axes, so it is a
 * measured, not a proven, bound: 12.5 OBTM mean on random painted
 * cubes, as the prototype's 12.56). IDA* on it; a face turn
 * keeps the goals, so the last turn of a path is a wide one; a face
 * turn moves only its own face's centres, so face turns in a row are
 * searched in one order (of their faces). */
#include "solvers/cube/big/n6/n6.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/cube/big/core/pieces.h"
#include "solvers/cube/big/core/stage.h"
#include "solvers/tablecache.h"

#define S5_MOVES 27
#define S5_C84 70
#define S5_SIZE (S5_C84 * S5_C84 * S5_C84)
#define S5_DEFAULT_NODES 400000000L

struct s5_tables {
	uint8_t move[S5_MOVES];                    /* model move of each turn */
	bool wide[S5_MOVES];                       /* two or three layers */
	uint8_t key[S5_MOVES];                     /* order of the turns of one axis */
	uint8_t axis[S5_MOVES], face[S5_MOVES];
	uint8_t place[3][3][8];                    /* axis, part (X, A, B), place: facelet */
	/* After turn t, part p of axis a's rank r is next[a][t][p][r]. */
	uint8_t next[3][S5_MOVES][3][S5_C84];
	uint8_t comp[S5_C84];                      /* rank of the complement */
	uint8_t rank8[256];                        /* colex rank of a 4-subset of 8 */
	uint8_t mask8[S5_C84];
	/* In the cached block (s5_spec): */
	const uint8_t *dist[3];                    /* axis's distance to home */
	const uint8_t *xdist[4];                   /* scheme: the three axes' inner X's distance */
	bool ok;
};

#define S5_BLOCK (7 * (size_t)S5_SIZE)

static struct s5_tables *s5;

/* The schemes: which axes are swapped (identity, x2, y2, z2). */
static const uint8_t s5_scheme[4][3] = {{0, 0, 0}, {0, 1, 1}, {1, 0, 1}, {1, 1, 0}};
static pthread_once_t s5_once = PTHREAD_ONCE_INIT;

struct s5_bfs_ctx {
	const struct s5_tables *t;
	int axis;      /* -1: the inner X of all three */
};

static int
s5_expand(const void *vctx, uint32_t state, uint32_t *out)
{
	const struct s5_bfs_ctx *ctx = vctx;
	const struct s5_tables *t = ctx->t;
	int x = (int)(state / (S5_C84 * S5_C84)), a = (int)(state / S5_C84 % S5_C84), b = (int)(state % S5_C84);
	int m, n = 0;

	for (m = 0; m < S5_MOVES; m++) {
		const uint8_t(*nx)[S5_C84] = t->next[ctx->axis < 0 ? 0 : ctx->axis][m];

		if (ctx->axis < 0)
			out[n++] = ((uint32_t)nx[0][x] * S5_C84 + t->next[1][m][0][a]) * S5_C84 +
			    t->next[2][m][0][b];
		else
			out[n++] = ((uint32_t)nx[0][x] * S5_C84 + nx[1][a]) * S5_C84 + nx[2][b];
	}
	return n;
}

/* The turns, the axes' places and the turns' action on the ranks. */
static bool
s5_build_moves(struct s5_tables *t, const struct r6_model *md)
{
	static const uint8_t kinds[3] = {R6_INNER_X, R6_OBLIQUE_A, R6_OBLIQUE_B};
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
	for (m = 0; m < S5_MOVES; m++)
	{
		t->axis[m] = md->axis[t->move[m]];
		t->face[m] = md->face[t->move[m]];
	}
	for (v = 0, r = 0; v < 256; v++) {
		t->rank8[v] = 0xff;
		if (__builtin_popcount((unsigned)v) == 4) {
			t->rank8[v] = (uint8_t)r;
			t->mask8[r++] = (uint8_t)v;
		}
	}
	for (r = 0; r < S5_C84; r++)
		t->comp[r] = t->rank8[(uint8_t)~t->mask8[r]];
	for (a = 0; a < 3; a++)
		for (k = 0; k < 3; k++) {
			int c = 0, d;

			for (f = a; f < 6; f += 3)
				for (d = f * 36; d < f * 36 + 36; d++)
					if (md->kind[d] == kinds[k])
						t->place[a][k][c++] = (uint8_t)d;
			if (c != 8)
				return false;
		}
	/* Turn m: facelet d shows what src[m][d] showed. */
	for (a = 0; a < 3; a++)
		for (m = 0; m < S5_MOVES; m++) {
			const uint8_t *src = md->src[t->move[m]];

			for (k = 0; k < 3; k++)
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

/* The distance tables into buf (S5_BLOCK bytes: the three axes', then
 * the four schemes'), by breadth-first search over ctx's moves (a
 * struct s5_tables with its moves built). */
static bool
s5_build_distances(void *buf, size_t size, void *vctx, const struct table_progress *prog, struct tw_error *err)
{
	const struct r6_model *md = r6_model();
	const struct s5_tables *t = vctx;
	uint8_t *block = buf;
	int a, g, k;

	(void)size;
	for (a = 0; a < 3; a++) {
		struct s5_bfs_ctx ctx = {t, a};
		uint8_t *dist = block + (size_t)a * S5_SIZE;
		int pa[8], pb[8], np = 0, i, j;

		/* The oblique pairs: A place i with B place pb. */
		for (i = 0; i < 8; i++)
			for (j = 0; j < 8; j++)
				if (md->partner[t->place[a][1][i]] == t->place[a][2][j]) {
					pa[np] = i;
					pb[np++] = j;
				}
		if (np != 8) {
			tw_error_set(err, "internal error: the 6x6x6 stage 5's oblique pairs");
			return false;
		}
		memset(dist, CUBE_TABLE_UNSEEN, S5_SIZE);
		for (g = 0; g < 256; g++) {
			int ma = 0, mb = 0;

			if (__builtin_popcount((unsigned)g) != 4)
				continue;
			for (i = 0; i < 8; i++)
				if (g >> i & 1) {
					ma |= 1 << pa[i];
					mb |= 1 << pb[i];
				}
			dist[((uint32_t)t->rank8[0x0f] * S5_C84 + t->rank8[ma]) * S5_C84 + t->rank8[mb]] = 0;
		}
		if (!cube_table_bfs(dist, S5_SIZE, s5_expand, &ctx, prog, err))
			return false;
	}
	for (k = 0; k < 4; k++) {
		struct s5_bfs_ctx ctx = {t, -1};
		uint8_t *xdist = block + (size_t)(3 + k) * S5_SIZE;
		int hx = t->rank8[0x0f], sx = t->rank8[0xf0];

		memset(xdist, CUBE_TABLE_UNSEEN, S5_SIZE);
		xdist[((uint32_t)(s5_scheme[k][0] ? sx : hx) * S5_C84 + (s5_scheme[k][1] ? sx : hx)) * S5_C84 +
		    (s5_scheme[k][2] ? sx : hx)] = 0;
		if (!cube_table_bfs(xdist, S5_SIZE, s5_expand, &ctx, prog, err))
			return false;
	}
	return true;
}

static void
s5_build(void)
{
	const struct r6_model *md = r6_model();
	struct s5_tables *t = calloc(1, sizeof *t);
	struct table_spec spec = {
		.name = "cube6-stage5",
		.version = 1,
		.params = "per axis (X, A, B) ranks C(8,4)^3 to home; inner X of the three axes, 4 schemes",
		.size = S5_BLOCK,
		.build = s5_build_distances,
	};
	const uint8_t *block;
	int a, k;

	if (t == NULL)
		return;
	if (!s5_build_moves(t, md)) {
		free(t);
		return;
	}
	spec.ctx = t;
	block = table_get(&spec, NULL, NULL);
	if (block == NULL) {
		free(t);
		return;
	}
	for (a = 0; a < 3; a++)
		t->dist[a] = block + (size_t)a * S5_SIZE;
	for (k = 0; k < 4; k++)
		t->xdist[k] = block + (size_t)(3 + k) * S5_SIZE;
	t->ok = true;
	s5 = t;
}

struct s5_state {
	uint8_t r[3][3];   /* axis, part: rank */
	uint8_t v[2][3];   /* home, swapped; axis: distance */
};

/* Axis a's distances to home and to swapped, into s->v. */
static void
s5_axis(const struct s5_tables *t, struct s5_state *s, int a)
{
	const uint8_t *r = s->r[a];

	s->v[0][a] = t->dist[a][((uint32_t)r[0] * S5_C84 + r[1]) * S5_C84 + r[2]];
	s->v[1][a] = t->dist[a][((uint32_t)t->comp[r[0]] * S5_C84 + t->comp[r[1]]) * S5_C84 + t->comp[r[2]]];
}

/* The bound of a state (see the top); any value above limit stands for
 * "above limit". */
static int
s5_bound(const struct s5_tables *t, const struct s5_state *s, int limit)
{
	uint32_t xi = ((uint32_t)s->r[0][0] * S5_C84 + s->r[1][0]) * S5_C84 + s->r[2][0];
	int k, best = 99;

	for (k = 0; k < 4; k++) {
		int x = s->v[s5_scheme[k][0]][0], y = s->v[s5_scheme[k][1]][1], z = s->v[s5_scheme[k][2]][2];
		int h = (x + y + z + 1) / 2, j;

		h = x > h ? x : h;
		h = y > h ? y : h;
		h = z > h ? z : h;
		if (h >= best || h > limit)
			continue;
		j = t->xdist[k][xi];
		h = j > h ? j : h;
		best = h < best ? h : best;
	}
	return best;
}

static void
s5_step(const struct s5_tables *t, const struct s5_state *s, int m, struct s5_state *o)
{
	int a;

	*o = *s;
	for (a = 0; a < 3; a++) {
		const uint8_t(*nx)[S5_C84] = t->next[a][m];

		if (!t->wide[m] && a != t->axis[m])
			continue;
		o->r[a][0] = nx[0][s->r[a][0]];
		o->r[a][1] = nx[1][s->r[a][1]];
		o->r[a][2] = nx[2][s->r[a][2]];
		s5_axis(t, o, a);
	}
}

/* The stage's search (core/stage.h): ctx is the tables. */
static int
s5_estimate(void *ctx, const void *state, int limit)
{
	return s5_bound(ctx, state, limit);
}

static bool
s5_may_follow(void *ctx, int prev, int m, int g, int bound)
{
	const struct s5_tables *t = ctx;

	if (prev >= 0 && ((t->axis[m] == t->axis[prev] && t->key[m] <= t->key[prev]) ||
	    (!t->wide[m] && !t->wide[prev] && t->face[m] <= t->face[prev])))
		return false;
	/* A face turn keeps the goals: a path ends with a wide turn. */
	return g + 1 != bound || t->wide[m];
}

static void
s5_child(void *ctx, const void *state, int m, void *child)
{
	s5_step(ctx, state, m, child);
}

#define S5_MAX_BOUND 31

static const struct stage_def s5_stage = {
	.state_bytes = sizeof(struct s5_state),
	.max_depth = S5_MAX_BOUND + 1,
	.count = STAGE_COUNT_CHILDREN,
	.estimate = s5_estimate,
	.may_follow = s5_may_follow,
	.step = s5_child,
};

size_t
r6_stage5_tables(void)
{
	pthread_once(&s5_once, s5_build);
	return s5 != NULL ? sizeof *s5 + S5_BLOCK : 0;
}

bool
r6_stage5(uint8_t *col, const struct staged_options *opt, struct staged_path *path, struct tw_error *err)
{
	struct stage_run run;
	struct s5_state stack[S5_MAX_BOUND + 2], *s = &stack[0];
	int a, k, i, found;

	pthread_once(&s5_once, s5_build);
	if (s5 == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	stage_run_start(&run, NULL, S5_MOVES, opt != NULL && opt->max_nodes > 0 ? opt->max_nodes : S5_DEFAULT_NODES,
	    opt != NULL ? opt->cancel : NULL);
	for (a = 0; a < 3; a++)
		for (k = 0; k < 3; k++) {
			int mask = 0;

			for (i = 0; i < 8; i++) {
				int c = col[s5->place[a][k][i]];

				if (c % 3 != a) {
					tw_error_set(err, "stage 5: a centre off its colour's axis");
					return false;
				}
				if (c == a)
					mask |= 1 << i;
			}
			if (s5->rank8[mask] == 0xff) {
				tw_error_set(err, "stage 5: not four of each colour on an axis");
				return false;
			}
			s->r[a][k] = s5->rank8[mask];
		}
	for (a = 0; a < 3; a++)
		s5_axis(s5, s, a);
	found = stage_ida(&s5_stage, s5, &run, stack, s5_bound(s5, s, 99), S5_MAX_BOUND);
	if (found < 0 && stage_cancelled(&run)) {
		tw_error_cancelled(err);
		return false;
	}
	if (found <= 0) {
		tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK, "no stage-5 end within the search's work");
		return false;
	}
	for (i = 0; i < run.len; i++) {
		int m = s5->move[run.path[i]];

		if (!staged_path_push(path, m)) {
			tw_error_set(err, "stage 5: the path is full");
			return false;
		}
		r6_apply(col, m);
	}
	return true;
}
