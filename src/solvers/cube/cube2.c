#include "solvers/cube/cube2.h"

#include "engine/perm.h"
#include "solvers/tablecache.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Corner positions in Kociemba's order and their stickers on a 2x2x2:
 * (face, row, col) of the U/D sticker first, then clockwise. */
enum { URF, UFL, ULB, UBR, DFR, DLF, DBL, DRB };

static const int corner_facelet[8][3] = {
	/* U=0 R=4 F=8 D=12 L=16 B=20; index = face*4 + row*2 + col */
	{0 + 3, 4 + 0, 8 + 1},      /* URF: U(1,1) R(0,0) F(0,1) */
	{0 + 2, 8 + 0, 16 + 1},     /* UFL: U(1,0) F(0,0) L(0,1) */
	{0 + 0, 16 + 0, 20 + 1},    /* ULB: U(0,0) L(0,0) B(0,1) */
	{0 + 1, 20 + 0, 4 + 1},     /* UBR: U(0,1) B(0,0) R(0,1) */
	{12 + 1, 8 + 3, 4 + 2},     /* DFR: D(0,1) F(1,1) R(1,0) */
	{12 + 0, 16 + 3, 8 + 2},    /* DLF: D(0,0) L(1,1) F(1,0) */
	{12 + 2, 20 + 3, 16 + 2},   /* DBL: D(1,0) B(1,1) L(1,0) */
	{12 + 3, 4 + 3, 20 + 2},    /* DRB: D(1,1) R(1,1) B(1,0) */
};

/* The solved colours of each corner piece, in the same sticker order. */
static const char corner_colour[8][3] = {
	{'U', 'R', 'F'}, {'U', 'F', 'L'}, {'U', 'L', 'B'}, {'U', 'B', 'R'},
	{'D', 'F', 'R'}, {'D', 'L', 'F'}, {'D', 'B', 'L'}, {'D', 'R', 'B'},
};

struct corners {
	uint8_t cp[8];   /* piece at each position */
	uint8_t co[8];   /* its twist: where its U/D sticker is, 0..2 */
};

static char
opposite(char c)
{
	switch (c) {
	case 'U': return 'D';
	case 'D': return 'U';
	case 'R': return 'L';
	case 'L': return 'R';
	case 'F': return 'B';
	default: return 'F';
	}
}

/* Reads corners from facelets whose colours are already standard. */
static bool
read_corners(const char *f, struct corners *c, struct tw_error *err)
{
	bool seen[8] = {false};
	int i, j, o;

	for (i = 0; i < 8; i++) {
		char s[3];

		for (o = 0; o < 3; o++)
			s[o] = f[corner_facelet[i][o]];
		for (o = 0; o < 3 && s[o] != 'U' && s[o] != 'D'; o++)
			;
		if (o == 3)
			goto bad;
		for (j = 0; j < 8; j++)
			if (corner_colour[j][0] == s[o] &&
			    corner_colour[j][1] == s[(o + 1) % 3] &&
			    corner_colour[j][2] == s[(o + 2) % 3])
				break;
		if (j == 8 || seen[j])
			goto bad;
		seen[j] = true;
		c->cp[i] = (uint8_t)j;
		c->co[i] = (uint8_t)o;
		continue;
bad:
		tw_error_set(err, "the corner at position %d has colours %c%c%c, which no corner has",
		    i + 1, s[0], s[1], s[2]);
		return false;
	}
	for (i = 0, o = 0; i < 8; i++)
		o += c->co[i];
	if (o % 3 != 0) {
		tw_error_set(err, "twisted corner: the corner twists add up to %d, not a multiple of 3", o);
		return false;
	}
	return true;
}

/* Coordinates with DBL (position 6) fixed: the permutation of the other
 * seven pieces (Lehmer code, 0..5039) and their twists (base 3, the last
 * one implied, 0..728). */
static int
perm_coord(const struct corners *c)
{
	uint8_t p[7];
	int i, k = 0;

	for (i = 0; i < 8; i++)
		if (i != DBL)
			p[k++] = (uint8_t)(c->cp[i] > DBL ? c->cp[i] - 1 : c->cp[i]);
	return perm_rank(p, 7);
}

static int
twist_coord(const struct corners *c)
{
	int i, r = 0, k = 0;

	for (i = 0; i < 8 && k < 6; i++) {
		if (i == DBL)
			continue;
		r = r * 3 + c->co[i];
		k++;
	}
	return r;
}

static void
set_perm(struct corners *c, int r)
{
	uint8_t p[7];
	int i, k = 0;

	perm_unrank(r, 7, p);
	for (i = 0; i < 8; i++) {
		if (i == DBL)
			continue;
		c->cp[i] = (uint8_t)(p[k] >= DBL ? p[k] + 1 : p[k]);
		k++;
	}
	c->cp[DBL] = DBL;
}

static void
set_twist(struct corners *c, int r)
{
	int i, sum = 0, positions[7], k = 0;

	for (i = 0; i < 8; i++)
		if (i != DBL)
			positions[k++] = i;
	for (i = 5; i >= 0; i--) {
		c->co[positions[i]] = (uint8_t)(r % 3);
		sum += r % 3;
		r /= 3;
	}
	c->co[positions[6]] = (uint8_t)((3 - sum % 3) % 3);
	c->co[DBL] = 0;
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
corners_after(const struct corners *c, const struct cube_move *mv, struct corners *out)
{
	struct cube cube;
	int i, o;

	cube_solved(&cube, 2);
	/* Paint the position from the corners, move, read back. */
	for (i = 0; i < 8; i++)
		for (o = 0; o < 3; o++)
			cube.f[corner_facelet[i][(o + c->co[i]) % 3]] =
			    corner_colour[c->cp[i]][o];
	cube_move_do(&cube, mv);
	read_corners(cube.f, out, NULL);
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
		struct corners c, d;

		memset(&c, 0, sizeof c);
		set_perm(&c, i);
		set_twist(&c, 0);
		for (m = 0; m < 9; m++) {
			corners_after(&c, &mv[m], &d);
			t->perm_move[i][m] = (uint16_t)perm_coord(&d);
		}
	}
	for (i = 0; i < 729; i++) {
		struct corners c, d;

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
	char f[25], scheme[128];
	struct corners cs;
	int i, p, tw, nm = metric == CUBE2_HTM ? 9 : 6;
	const uint8_t *dist;

	if (c->n != 2) {
		tw_error_set(err, "the 2x2x2 solver was given a %dx%dx%d cube", c->n, c->n, c->n);
		return false;
	}
	if (!ready(err))
		return false;
	dist = tables->dist[metric];
	/* Relabel colours so the piece at DBL is the solved DBL piece: its
	 * stickers name the colours of D, B and L, their opposites U, F, R. */
	memset(scheme, 0, sizeof scheme);
	scheme[(unsigned char)c->f[corner_facelet[DBL][0]]] = 'D';
	scheme[(unsigned char)c->f[corner_facelet[DBL][1]]] = 'B';
	scheme[(unsigned char)c->f[corner_facelet[DBL][2]]] = 'L';
	scheme[(unsigned char)opposite(c->f[corner_facelet[DBL][0]])] = 'U';
	scheme[(unsigned char)opposite(c->f[corner_facelet[DBL][1]])] = 'F';
	scheme[(unsigned char)opposite(c->f[corner_facelet[DBL][2]])] = 'R';
	for (i = 0; i < 24; i++) {
		f[i] = scheme[(unsigned char)c->f[i]];
		if (f[i] == 0) {
			tw_error_set(err, "the down-back-left corner's colours are not three different, non-opposite faces");
			return false;
		}
	}
	f[24] = '\0';
	if (!read_corners(f, &cs, err))
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
