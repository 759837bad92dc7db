#include "solvers/cube/cube2.h"

#include "engine/cube/corners.h"
#include "engine/perm.h"
#include "solvers/tablecache.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Coordinates with DBL (place 6, counted from 0) fixed: the permutation of the other
 * seven pieces (Lehmer code, 0..5039) and their twists (base 3, the last
 * one implied, 0..728). */
static int
perm_coord(const struct cube2_corners *c)
{
	uint8_t p[7];
	int i, k = 0;

	for (i = 0; i < 8; i++)
		if (i != CUBE2_DBL)
			p[k++] = (uint8_t)(c->cp[i] > CUBE2_DBL ? c->cp[i] - 1 : c->cp[i]);
	return perm_rank(p, 7);
}

static int
twist_coord(const struct cube2_corners *c)
{
	int i, r = 0, k = 0;

	for (i = 0; i < 8 && k < 6; i++) {
		if (i == CUBE2_DBL)
			continue;
		r = r * 3 + c->co[i];
		k++;
	}
	return r;
}

static void
set_perm(struct cube2_corners *c, int r)
{
	uint8_t p[7];
	int i, k = 0;

	perm_unrank(r, 7, p);
	for (i = 0; i < 8; i++) {
		if (i == CUBE2_DBL)
			continue;
		c->cp[i] = (uint8_t)(p[k] >= CUBE2_DBL ? p[k] + 1 : p[k]);
		k++;
	}
	c->cp[CUBE2_DBL] = CUBE2_DBL;
}

static void
set_twist(struct cube2_corners *c, int r)
{
	int i, sum = 0, positions[7], k = 0;

	for (i = 0; i < 8; i++)
		if (i != CUBE2_DBL)
			positions[k++] = i;
	for (i = 5; i >= 0; i--) {
		c->co[positions[i]] = (uint8_t)(r % 3);
		sum += r % 3;
		r /= 3;
	}
	c->co[positions[6]] = (uint8_t)((3 - sum % 3) % 3);
	c->co[CUBE2_DBL] = 0;
}

/* Moves: U R F as quarter, half, three-quarter turns (HTM) or quarter
 * turns both ways (QTM). */
static const char *const htm_names[9] = {"U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'"};
static const int qtm_moves[6] = {0, 2, 3, 5, 6, 8};

/* One block without pointers (about 7.4 MB), kept on disk by the table
 * cache (solvers/tablecache.h) and mapped back read-only. */
struct tables {
	uint16_t perm_move[5040][9];
	uint16_t twist_move[729][9];
	uint8_t dist[2][CUBE2_POSITIONS];   /* [metric][perm * 729 + twist] */
};

static const struct tables *tables;
static struct tw_error tables_error;    /* why tables is NULL */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* Applies facelet move name to corners, through the facelet engine, so
 * that the cubie moves agree with it by construction. */
static void
corners_after(const struct cube2_corners *c, const struct cube_move *mv, struct cube2_corners *out)
{
	struct cube cube;

	cube_solved(&cube, 2);
	/* Paint the position from the corners, move, read back. */
	cube2_write_corners(c, cube.f);
	cube_move_do(&cube, mv);
	cube2_read_corners(cube.f, out, NULL);
}

/* The table cache's builder: fills buf, a zeroed struct tables. */
static bool
build_tables(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	struct tables *t = buf;
	struct cube_move mv[9];
	int m, i, metric;

	(void)size;
	(void)ctx;
	(void)prog;
	(void)err;
	for (m = 0; m < 9; m++)
		cube_move_parse(2, htm_names[m], &mv[m], NULL);
	for (i = 0; i < 5040; i++) {
		struct cube2_corners c, d;

		memset(&c, 0, sizeof c);
		set_perm(&c, i);
		set_twist(&c, 0);
		for (m = 0; m < 9; m++) {
			corners_after(&c, &mv[m], &d);
			t->perm_move[i][m] = (uint16_t)perm_coord(&d);
		}
	}
	for (i = 0; i < 729; i++) {
		struct cube2_corners c, d;

		set_perm(&c, 0);
		set_twist(&c, i);
		for (m = 0; m < 9; m++) {
			corners_after(&c, &mv[m], &d);
			t->twist_move[i][m] = (uint16_t)twist_coord(&d);
		}
	}
	for (metric = 0; metric < 2; metric++) {
		uint8_t *dist = t->dist[metric];
		int depth, nm = metric == CUBE2_HTM ? 9 : 6;
		uint32_t filled = 1;

		memset(dist, 0xff, CUBE2_POSITIONS);
		dist[0] = 0;
		/* Level by level over the whole table: no queue needed. */
		for (depth = 0; filled < CUBE2_POSITIONS && depth < 30; depth++) {
			uint32_t s;

			for (s = 0; s < CUBE2_POSITIONS; s++) {
				int p = (int)(s / 729), tw = (int)(s % 729), k;

				if (dist[s] != depth)
					continue;
				for (k = 0; k < nm; k++) {
					int mm = metric == CUBE2_HTM ? k : qtm_moves[k];
					uint32_t n = (uint32_t)t->perm_move[p][mm] * 729 +
					    t->twist_move[tw][mm];

					if (dist[n] == 0xff) {
						dist[n] = (uint8_t)(depth + 1);
						filled++;
					}
				}
			}
		}
	}
	return true;
}

static void
load_tables(void)
{
	char params[64];
	struct table_spec spec = {"cube2-distances", 1, params, sizeof(struct tables),
	    build_tables, NULL, false};

	/* The layout's size in the parameters: a build of another layout
	 * never reads this one's file. */
	snprintf(params, sizeof params, "struct tables %zu", sizeof(struct tables));
	tables = table_get(&spec, NULL, &tables_error);
}

static bool
ready(struct tw_error *err)
{
	pthread_once(&tables_once, load_tables);
	if (tables == NULL) {
		tw_error_wrap(err, &tables_error, "the 2x2x2 tables");
		return false;
	}
	return true;
}

bool
cube2_prepare(struct tw_error *err)
{
	return ready(err);
}

bool
cube2_distribution(enum cube2_metric metric, uint64_t counts[20])
{
	uint32_t s;

	if (!ready(NULL))
		return false;
	memset(counts, 0, 20 * sizeof counts[0]);
	for (s = 0; s < CUBE2_POSITIONS; s++)
		if (tables->dist[metric][s] < 20)
			counts[tables->dist[metric][s]]++;
	return true;
}

bool
cube2_solve(const struct cube *c, enum cube2_metric metric,
    struct movelist *out, struct tw_error *err)
{
	char f[25];
	struct cube2_corners cs;
	int p, tw, nm = metric == CUBE2_HTM ? 9 : 6;
	const uint8_t *dist;

	if (c->n != 2) {
		tw_error_set(err, "the 2x2x2 solver was given a %dx%dx%d cube", c->n, c->n, c->n);
		return false;
	}
	if (!ready(err))
		return false;
	dist = tables->dist[metric];
	/* The colours renamed so that the piece at CUBE2_DBL reads as solved. */
	if (!cube2_read_held(c, f, &cs, err))
		return false;
	p = perm_coord(&cs);
	tw = twist_coord(&cs);
	while (dist[p * 729 + tw] > 0) {
		int here = dist[p * 729 + tw], k;

		for (k = 0; k < nm; k++) {
			int mm = metric == CUBE2_HTM ? k : qtm_moves[k];
			int np = tables->perm_move[p][mm], nt = tables->twist_move[tw][mm];

			if (dist[np * 729 + nt] == here - 1) {
				if (!movelist_push(out, htm_names[mm], err))
					return false;
				p = np;
				tw = nt;
				break;
			}
		}
		if (k == nm) {
			tw_error_set(err, "internal error: no move lowers the distance");
			return false;
		}
	}
	return true;
}
