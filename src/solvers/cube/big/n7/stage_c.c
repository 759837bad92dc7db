/* Stage C of the staged reductions (n7.h): the centres of a 5x5x5
 * home with its edges and corners ignored, for the grouped 5x5x5 of a
 * 7x7x7 (or of a grouped 7x7x7 of a bigger cube) once stage I has
 * made its centre blocks: the inner 3x3 solved, every outer X one
 * facelet of the 5x5x5's X orbit, every T triple one of its T orbit.
 *
 * Two steps, after dwalton76's centre stages (docs/papers.md
 * [dwalton76]: stage the centres on their axes, then solve them):
 *  1. the 5x5x5 phase reduction's phases 1 and 2 (n5.h) on a copy
 *     whose edges and corners are made solved (they are not this
 *     stage's), which stage every X and T centre on its colour's axis
 *     by face and wide turns;
 *  2. home by IDA* over the turns that keep the centres staged and the
 *     fixed centres where they are: the 18 face turns (OBTM 1), the
 *     half turns of the 6 wide blocks of two layers (OBTM 1) and of the
 *     6 second-layer slices (OBTM 2); the answer is the fewest OBTM.
 *
 * Coordinates: per axis, which four of the axis's eight X (or T)
 * places hold the colour of the axis's first face (U, R, F): a rank of
 * C(8,4) = 70; the X orbit is the three axes' ranks (343,000). Pruning
 * table: the exact OBTM distance of (all of X, the U-D axis's T rank),
 * 24,010,000 bytes, breadth first by levels of OBTM (a slice costs 2),
 * cached as "cube7-stage-c". The turn of the whole cube about the
 * URF-DLB diagonal (U to R to F) maps the 30 turns onto themselves, so
 * the table read on the cube turned once and twice gives the R-L and
 * F-B axes' T their say: the bound is the largest of the three (each
 * admissible, so the answers are the shortest in OBTM). */
#include "solvers/cube/big/n7/n7.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/cube/big/core/stage.h"
#include "solvers/cube/big/n5/n5.h"
#include "solvers/tablecache.h"

#define SC_MOVES 30
#define SC_C84 70
#define SC_X (SC_C84 * SC_C84 * SC_C84)
#define SC_SIZE ((size_t)SC_X * SC_C84)
#define SC_PLACES 48              /* 24 X (0..23), 24 T (24..47): face * 4 + k */
#define SC_DEFAULT_NODES 50000000L   /* 500 times the most measured (docs/cube-solvers.md) */
#define SC_UNSEEN 255

struct sc_model {
	uint8_t face[SC_MOVES], first[SC_MOVES], last[SC_MOVES], turns[SC_MOVES], cost[SC_MOVES];
	uint8_t axis[SC_MOVES], key[SC_MOVES];
	/* After move m, place i holds what place perm[m][i] held. */
	uint8_t perm[SC_MOVES][SC_PLACES];
	/* The whole cube turned about the URF-DLB diagonal once (r = 0) and
	 * twice: place i's colour goes to place rot[r][i], renamed
	 * rot_colour[r][c]. */
	uint8_t rot[2][SC_PLACES], rot_colour[2][6];
	uint16_t facelet[SC_PLACES];  /* a place's 5x5x5 facelet, face * 25 + row * 5 + column */
	uint8_t rank8[256], mask8[SC_C84];
};

static struct sc_model scm;
static const uint8_t *sc_table;
static atomic_bool sc_loaded;

/* One whole-cube or block turn of a labelled 5x5x5: where each facelet's
 * content comes from. */
static void
labelled_turn(int face, int first, int last, int turns, uint8_t *src)
{
	struct cube c = {.n = 5};
	struct cube_move mv = {.face = (enum cube_face)face, .first = first, .last = last, .turns = turns};
	int i;

	for (i = 0; i < 150; i++)
		c.f[i] = (char)(i + 1);
	c.f[150] = '\0';
	cube_move_do(&c, &mv);
	for (i = 0; i < 150; i++)
		src[i] = (uint8_t)(c.f[i] - 1);
}

static int
place_of(int facelet)
{
	int i;

	for (i = 0; i < SC_PLACES; i++)
		if (scm.facelet[i] == facelet)
			return i;
	return -1;
}

/* Builds the model; false if a turn leaks out of its orbit or the
 * diagonal turn is not found (never: checked once here). */
static bool
build_model(void)
{
	static const int xrc[4][2] = {{1, 1}, {1, 3}, {3, 1}, {3, 3}}, trc[4][2] = {{1, 2}, {2, 1}, {2, 3}, {3, 2}};
	uint8_t src[150];
	int f, k, i, m = 0, kind, q, r;

	for (i = 0, k = 0; i < 256; i++) {
		scm.rank8[i] = SC_UNSEEN;
		if (__builtin_popcount((unsigned)i) == 4) {
			scm.rank8[i] = (uint8_t)k;
			scm.mask8[k++] = (uint8_t)i;
		}
	}
	for (f = 0; f < 6; f++)
		for (k = 0; k < 4; k++) {
			scm.facelet[f * 4 + k] = (uint16_t)(f * 25 + xrc[k][0] * 5 + xrc[k][1]);
			scm.facelet[24 + f * 4 + k] = (uint16_t)(f * 25 + trc[k][0] * 5 + trc[k][1]);
		}
	for (f = 0; f < 6; f++)
		for (kind = 0; kind < 3; kind++)
			for (q = 1; q <= 3; q++) {
				if (kind > 0 && q != 2)
					continue;
				scm.face[m] = (uint8_t)f;
				scm.first[m] = kind == 2 ? 2 : 1;
				scm.last[m] = kind == 0 ? 1 : 2;
				scm.turns[m] = (uint8_t)q;
				scm.cost[m] = kind == 2 ? 2 : 1;
				scm.axis[m] = (uint8_t)(f % 3);
				/* Turns of one axis commute: the search takes them in
				 * increasing key only. */
				scm.key[m] = (uint8_t)(f * 3 + kind);
				labelled_turn(f, scm.first[m], scm.last[m], q, src);
				for (i = 0; i < SC_PLACES; i++) {
					int from = place_of(src[scm.facelet[i]]);

					if (from < 0 || (from < 24) != (i < 24))
						return false;
					scm.perm[m][i] = (uint8_t)from;
				}
				m++;
			}
	/* The diagonal turn: among whole-cube turns about U, R and F and
	 * their products of two, the one that takes U's fixed centre to R, R's
	 * to F and F's to U. */
	for (r = 0; r < 2; r++) {
		bool found = false;
		int a, b, qa, qb;

		for (a = 0; a < 3 && !found; a++)
			for (qa = 1; qa <= 3 && !found; qa++)
				for (b = 0; b < 3 && !found; b++)
					for (qb = 0; qb <= 3 && !found; qb++) {
						struct cube c = {.n = 5};
						struct cube_move ma = {.face = (enum cube_face)a, .first = 1, .last = 5, .turns = qa};
						struct cube_move mb = {.face = (enum cube_face)b, .first = 1, .last = 5, .turns = qb};
						int want[6], g;

						for (i = 0; i < 150; i++)
							c.f[i] = (char)(i + 1);
						c.f[150] = '\0';
						cube_move_do(&c, &ma);
						if (qb > 0)
							cube_move_do(&c, &mb);
						/* Once: U -> R -> F -> U (D -> L -> B -> D);
						 * twice: U -> F -> R -> U. */
						for (g = 0; g < 6; g++)
							want[g] = r == 0 ? (g % 3 + 1) % 3 + g / 3 * 3 : (g % 3 + 2) % 3 + g / 3 * 3;
						for (g = 0; g < 6; g++)
							if (c.f[want[g] * 25 + 12] != (char)(g * 25 + 12 + 1))
								break;
						if (g < 6)
							continue;
						found = true;
						for (g = 0; g < 6; g++)
							scm.rot_colour[r][g] = (uint8_t)want[g];
						for (i = 0; i < 150; i++) {
							int to = place_of(i), from = place_of((uint8_t)(c.f[i] - 1));

							if (to >= 0) {
								if (from < 0)
									return false;
								scm.rot[r][from] = (uint8_t)to;
							}
						}
					}
		if (!found)
			return false;
	}
	return true;
}

static bool sc_model_ok;

static void
model_once(void)
{
	sc_model_ok = build_model();
}

/* The rank (0..69) of one axis's places of orbit o (0 X, 1 T) in s;
 * SC_UNSEEN if they are not four and four. */
static inline int
axis_rank(const uint8_t *s, int o, int axis)
{
	const uint8_t *p = s + o * 24;
	int mask = 0, k;

	for (k = 0; k < 4; k++) {
		mask |= (p[axis * 4 + k] == axis) << k;
		mask |= (p[(axis + 3) * 4 + k] == axis) << (k + 4);
	}
	return scm.rank8[mask];
}

static inline int
x_rank(const uint8_t *s)
{
	return (axis_rank(s, 0, 0) * SC_C84 + axis_rank(s, 0, 1)) * SC_C84 + axis_rank(s, 0, 2);
}

/* s (places' colours) from an X rank and a U-D T rank (the other T
 * places left as they were). */
static void
unrank(uint32_t x, int t0, uint8_t *s)
{
	int r[3] = {(int)(x / (SC_C84 * SC_C84)), (int)(x / SC_C84 % SC_C84), (int)(x % SC_C84)}, a, k;

	for (a = 0; a < 3; a++)
		for (k = 0; k < 8; k++) {
			int place = (k < 4 ? a : a + 3) * 4 + (k & 3);

			s[place] = (scm.mask8[r[a]] >> k & 1) ? (uint8_t)a : (uint8_t)(a + 3);
		}
	for (k = 0; k < 8; k++)
		s[24 + (k < 4 ? 0 : 3) * 4 + (k & 3)] = (scm.mask8[t0] >> k & 1) ? 0 : 3;
}

static inline void
apply(const uint8_t *s, int m, uint8_t *out)
{
	int i;

	for (i = 0; i < SC_PLACES; i++)
		out[i] = s[scm.perm[m][i]];
}

/* The table's builder (table_spec.build): the X turns as a table, then
 * levels of OBTM from home. */
static bool
build_table(void *buf, size_t size, void *ctx, const struct table_progress *prog, struct tw_error *err)
{
	uint8_t *dist = buf, s[SC_PLACES], o[SC_PLACES], t0next[SC_C84][SC_MOVES];
	uint32_t *xnext = malloc(sizeof *xnext * SC_X * SC_MOVES);
	size_t i, home;
	int m, d, t, reached_max = 0;

	(void)ctx;
	if (xnext == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	memset(s, 0, sizeof s);
	for (i = 0; i < SC_X; i++) {
		unrank((uint32_t)i, 0, s);
		for (m = 0; m < SC_MOVES; m++) {
			apply(s, m, o);
			xnext[i * SC_MOVES + (size_t)m] = (uint32_t)x_rank(o);
		}
	}
	for (t = 0; t < SC_C84; t++) {
		unrank(0, t, s);
		for (m = 0; m < SC_MOVES; m++) {
			apply(s, m, o);
			t0next[t][m] = (uint8_t)axis_rank(o, 1, 0);
		}
	}
	memset(dist, SC_UNSEEN, size);
	for (t = 0; t < 24; t++)
		s[t] = s[24 + t] = (uint8_t)(t / 4);
	home = (size_t)x_rank(s) * SC_C84 + (size_t)axis_rank(s, 1, 0);
	dist[home] = 0;
	for (d = 0; d <= reached_max && d < SC_UNSEEN - 2; d++) {
		if (prog != NULL && prog->cancel != NULL && atomic_load(prog->cancel)) {
			free(xnext);
			tw_error_cancelled(err);
			return false;
		}
		for (i = 0; i < SC_SIZE; i++) {
			size_t x = i / SC_C84;
			int t0 = (int)(i % SC_C84);

			if (dist[i] != d)
				continue;
			for (m = 0; m < SC_MOVES; m++) {
				size_t next = (size_t)xnext[x * SC_MOVES + (size_t)m] * SC_C84 + t0next[t0][m];
				int nd = d + scm.cost[m];

				if (dist[next] > nd) {
					dist[next] = (uint8_t)nd;
					if (nd > reached_max)
						reached_max = nd;
				}
			}
		}
		/* About 16 levels. */
		table_progress_report(prog, d < 16 ? 1000 * d / 16 : 1000);
	}
	free(xnext);
	for (i = 0; i < SC_SIZE; i++)
		if (dist[i] == SC_UNSEEN) {
			tw_error_set(err, "internal error: stage C's table leaves a staged state unreached");
			return false;
		}
	table_progress_report(prog, 1000);
	return true;
}

static const struct table_spec table_spec = {
	.name = "cube7-stage-c",
	.version = 1,
	.params = "5x5x5 staged X and T centres home: all X C(8,4)^3 x U-D T C(8,4); 18 face, 6 wide and 6 slice "
	    "half turns; OBTM",
	.size = SC_SIZE,
	.build = build_table,
};

bool
r7_stage_c_load(const struct table_progress *prog, struct tw_error *err)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	bool ok = true;

	pthread_once(&once, model_once);
	if (!sc_model_ok) {
		tw_error_set(err, "internal error: stage C's model");
		return false;
	}
	if (atomic_load(&sc_loaded))
		return true;
	pthread_mutex_lock(&lock);
	if (!atomic_load(&sc_loaded)) {
		const uint8_t *t = table_get_huge(&table_spec, prog, err);

		if (t != NULL) {
			sc_table = t;
			atomic_store(&sc_loaded, true);
		} else
			ok = false;
	}
	pthread_mutex_unlock(&lock);
	return ok;
}

size_t
r7_stage_c_tables(void)
{
	return r7_stage_c_load(NULL, NULL) ? SC_SIZE : 0;
}

/* The bound: the table on s and on s turned about the diagonal once and
 * twice (their U-D T are s's F-B and R-L T); once it is above limit,
 * that value (enough to prune: stage_def.estimate). */
static inline int
bound(const uint8_t *s, int limit)
{
	uint8_t t[SC_PLACES];
	int h = sc_table[(size_t)x_rank(s) * SC_C84 + (size_t)axis_rank(s, 1, 0)], r, i;

	for (r = 0; r < 2 && h <= limit; r++) {
		int v;

		for (i = 0; i < SC_PLACES; i++)
			t[scm.rot[r][i]] = scm.rot_colour[r][s[i]];
		v = sc_table[(size_t)x_rank(t) * SC_C84 + (size_t)axis_rank(t, 1, 0)];
		if (v > h)
			h = v;
	}
	return h;
}

/* The stage's search (core/stage.h): a state is the places' colours,
 * a move costs its OBTM (a slice 2). */
struct sc_state {
	uint8_t s[SC_PLACES];
};

#define SC_MAX_DEPTH STAGE_MAX_DEPTH
/* No pass can go past this bound: SC_MAX_DEPTH moves of cost 2. */
#define SC_MAX_BOUND (2 * SC_MAX_DEPTH + 1)

static int
sc_estimate(void *ctx, const void *state, int limit)
{
	(void)ctx;
	return bound(((const struct sc_state *)state)->s, limit);
}

static bool
sc_may_follow(void *ctx, int prev, int m, int g, int limit)
{
	(void)ctx;
	(void)g;
	(void)limit;
	/* Turns of one axis commute: one order of their blocks. */
	return prev < 0 || scm.axis[m] != scm.axis[prev] || scm.key[m] > scm.key[prev];
}

static void
sc_step(void *ctx, const void *state, int m, void *child)
{
	(void)ctx;
	apply(((const struct sc_state *)state)->s, m, ((struct sc_state *)child)->s);
}

static int
sc_cost(void *ctx, int m)
{
	(void)ctx;
	return scm.cost[m];
}

static const struct stage_def sc_search = {
	.state_bytes = sizeof(struct sc_state),
	.max_depth = SC_MAX_DEPTH,
	.count = STAGE_COUNT_EXPANSIONS,
	.estimate = sc_estimate,
	.may_follow = sc_may_follow,
	.step = sc_step,
	.cost = sc_cost,
};

bool
r7_stage_c(const struct cube *c5, const struct r7_options *opt, struct cube_move *moves, int max, int *n,
    struct tw_error *err)
{
	static const char letter[] = "URFDLB";
	struct cube fake = *c5;
	struct stage_run run;
	struct sc_state stack[SC_MAX_DEPTH + 1];
	uint8_t m5[R5_MAX_PHASE1 + R5_MAX_PHASE2], *s = stack[0].s;
	int f, i, r, c, k;

	*n = 0;
	if (c5->n != 5) {
		tw_error_set(err, "internal error: stage C takes a 5x5x5");
		return false;
	}
	if (!r7_stage_c_load(NULL, err))
		return false;
	for (f = 0; f < 6; f++) {
		if (c5->f[f * 25 + 12] != letter[f]) {
			tw_error_set(err, "stage C: the fixed centres are not home");
			return false;
		}
		/* The edges and corners are not this stage's: solved, so that
		 * the 5x5x5's phases take the cube. */
		for (r = 0; r < 5; r++)
			for (c = 0; c < 5; c++)
				if (r == 0 || c == 0 || r == 4 || c == 4)
					fake.f[f * 25 + r * 5 + c] = letter[f];
	}
	k = r7_phases12(&fake, opt, m5, "stage C (the 5x5x5's phases 1 and 2)", err);
	if (k < 0)
		return false;
	if (k > max) {
		tw_error_set(err, "internal error: stage C's answer is too long");
		return false;
	}
	for (i = 0; i < k; i++) {
		struct cube_move mv = {.face = (enum cube_face)(m5[i] / 6), .first = 1, .last = m5[i] % 6 / 3 ? 2 : 1,
		    .turns = m5[i] % 3 + 1};

		moves[(*n)++] = mv;
		cube_move_do(&fake, &mv);
	}
	for (i = 0; i < SC_PLACES; i++) {
		const char *p = strchr(letter, fake.f[scm.facelet[i]]);

		s[i] = (uint8_t)(p - letter);
	}
	for (i = 0; i < SC_PLACES; i++)
		if (s[i] % 3 != (i % 24) / 4 % 3) {
			tw_error_set(err, "internal error: stage C's centres are not staged");
			return false;
		}
	stage_run_start(&run, NULL, SC_MOVES, opt != NULL && opt->max_nodes > 0 ? opt->max_nodes : SC_DEFAULT_NODES,
	    opt != NULL ? opt->cancel : NULL);
	if (stage_ida(&sc_search, NULL, &run, stack, bound(s, INT_MAX), SC_MAX_BOUND) != 1) {
		if (stage_cancelled(&run))
			tw_error_cancelled(err);
		else
			tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK, "stage C: no end within the search's work");
		return false;
	}
	if (*n + run.len > max) {
		tw_error_set(err, "internal error: stage C's answer is too long");
		return false;
	}
	for (i = 0; i < run.len; i++) {
		int m = run.path[i];

		moves[(*n)++] = (struct cube_move){.face = (enum cube_face)scm.face[m], .first = scm.first[m],
		    .last = scm.last[m], .turns = scm.turns[m]};
	}
	return true;
}
