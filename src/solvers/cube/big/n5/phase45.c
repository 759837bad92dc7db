/* The 5x5x5 phase reduction's phase-4 and phase-5 coordinates and tables
 * (phase45.h). */
#include "solvers/cube/big/n5/phase45.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/tablecache.h"

/* The small block's table: its version (bumped when struct r5_p45_tables
 * or its builder changes). */
#define P45_SMALL_VERSION 1

static struct r5_p45 p45;
static bool p45_ready;
static char p45_reason[256];
static pthread_mutex_t p45_lock = PTHREAD_MUTEX_INITIALIZER;
/* The loader's progress (its cancel flag) while it builds, under p45_lock. */
static const struct table_progress *build_prog;

static bool
build_cancelled(void)
{
	return build_prog != NULL && build_prog->cancel != NULL && atomic_load(build_prog->cancel);
}
static uint8_t split_rank[256], split_mask[70];

static void
solved(struct cube *c)
{
	int i;

	c->n = R5_N;
	for (i = 0; i < R5_FACELETS; i++)
		c->f[i] = "URFDLB"[i / 25];
	c->f[R5_FACELETS] = 0;
}

int
r5_p45_axis_coord(const struct cube *c, int a)
{
	const struct r5_model *md = r5_model_get(NULL);
	uint32_t x = r5_x_mask(md, c, a, a), t = r5_t_mask(md, c, a, a);
	unsigned xm = (x >> (a * 4) & 15) | (x >> ((a + 3) * 4) & 15) << 4;
	unsigned tm = (t >> (a * 4) & 15) | (t >> ((a + 3) * 4) & 15) << 4;

	return split_rank[xm] * 70 + split_rank[tm];
}

/* Axis coordinate v of axis a after model move m (0xffff if the centres
 * leave the axis). */
static int
axis_move(const struct r5_model *md, int a, int v, int m)
{
	unsigned mk[2] = {split_mask[v / 70], split_mask[v % 70]}, out[2];
	int kind, p;

	for (kind = 0; kind < 2; kind++) {
		uint32_t in = (mk[kind] & 15u) << (a * 4) | (mk[kind] >> 4) << ((a + 3) * 4), o = 0;
		const uint8_t *to = kind == 0 ? md->x_to[m] : md->t_to[m];

		for (p = 0; p < 24; p++)
			if (in >> p & 1)
				o |= 1u << to[p];
		if (o & ~(15u << (a * 4) | 15u << ((a + 3) * 4)))
			return 0xffff;
		out[kind] = split_rank[(o >> (a * 4) & 15) | (o >> ((a + 3) * 4) & 15) << 4];
	}
	return (int)(out[0] * 70 + out[1]);
}

int
r5_rank_perm8(const uint8_t *p)
{
	int r = 0, i, j;

	for (i = 0; i < 8; i++) {
		int c = 0;

		for (j = i + 1; j < 8; j++)
			c += p[j] < p[i];
		r = r * (8 - i) + c;
	}
	return r;
}

static void
unrank_perm8(int r, uint8_t *p)
{
	int i, j;

	p[7] = 0;
	for (i = 6; i >= 0; i--) {
		p[i] = (uint8_t)(r % (8 - i));
		r /= 8 - i;
		for (j = i + 1; j < 8; j++)
			if (p[j] >= p[i])
				p[j]++;
	}
}

/* The loader's progress (0..1000) is shared by the three builds: the
 * small block's (about 3 s of 24) fills 0..P45_BIG_FROM, then phase 4's
 * big table and phase 5's the rest (P45_BIG_SPLIT between them). Each
 * build reports 0..1000 of its own table through the progress the table
 * cache hands it, which moves both the loader's part and the build's
 * own figure. */
#define P45_BIG_FROM 60
#define P45_BIG_SPLIT 450

/* Breadth first over n states from the entries already 0 (the rest
 * 0xff) with move function next: from the goal while at most half the
 * states are filled, then from each state still empty (a turn's inverse
 * is a turn). */
static bool
bfs(const struct r5_p45_tables *t, uint8_t *d, uint32_t n, int moves,
    uint32_t (*next)(const struct r5_p45_tables *, uint32_t, int))
{
	uint8_t depth;
	bool grew = true;
	uint32_t filled = 0, i;

	for (i = 0; i < n; i++)
		filled += d[i] != 0xff;
	for (depth = 0; grew && depth < 250; depth++) {
		bool back = filled > n / 2;

		grew = false;
		for (i = 0; i < n; i++) {
			int j;

			if ((i & 0x3fffff) == 0 && build_cancelled())
				return false;
			if (back ? d[i] != 0xff : d[i] != depth)
				continue;
			for (j = 0; j < moves; j++) {
				uint32_t o = next(t, i, j);

				if (back) {
					if (d[o] == depth) {
						d[i] = (uint8_t)(depth + 1);
						filled++;
						grew = true;
						break;
					}
				} else if (d[o] == 0xff) {
					d[o] = (uint8_t)(depth + 1);
					filled++;
					grew = true;
				}
			}
		}
	}
	return true;
}

/* The byte table d (n entries, each at most 15) packed 4 bits an entry
 * into out ((n + 1) / 2 bytes). */
static void
pack_nibbles(const uint8_t *d, size_t n, uint8_t *out)
{
	size_t i;

	for (i = 0; i + 1 < n; i += 2)
		out[i >> 1] = (uint8_t)(d[i] | d[i + 1] << 4);
	if (n & 1)
		out[n >> 1] = d[n - 1];
}

/* The set coordinate's moves and the 198 M table. */
static const char *
build_mlh(struct r5_p45_tables *k, const struct r5_model *md)
{
	int m, l, j, h, e;
	uint32_t goal;

	for (m = 0, e = 0; m < 256; m++) {
		k->set_rank[m] = 0xff;
		if (__builtin_popcount((unsigned)m) == 4) {
			k->set_rank[m] = (uint8_t)e;
			k->set_mask[e++] = (uint8_t)m;
		}
	}
	for (m = 0; m < 70; m++)
		for (j = 0; j < R5_Q4; j++) {
			int p[4], q[4], order[4], mv = k->q4[j], nm = 0, x, y;

			for (x = 0, y = 0; x < 8; x++)
				if (k->set_mask[m] >> x & 1)
					p[y++] = x;
			for (x = 0; x < 4; x++) {
				q[x] = k->idx_of_slot[md->midge_to[mv][k->list8[p[x]]]];
				nm |= 1 << q[x];
			}
			for (x = 0; x < 4; x++) {
				order[x] = 0;
				for (y = 0; y < 4; y++)
					order[x] += q[y] < q[x];
			}
			k->s4[m][j] = k->set_rank[nm];
			for (h = 0; h < 2; h++)
				for (l = 0; l < R5_ORD4; l++) {
					int pk = k->unrank4[l], o = 0;

					for (x = 0; x < 4; x++) {
						int w = pk >> (3 * x) & 7;
						int pl = md->wing_to[mv][md->half_place[h][k->list8[w]]];

						o |= k->idx_of_place[pl] << (3 * order[x]);
					}
					k->sw4[h][m][l][j] = k->rank4[o];
				}
		}
	{
		int pk = 0, x, y;

		for (x = 0, y = 0; x < 8; x++)
			if (k->ring_mask >> x & 1)
				pk |= x << (3 * y++);
		l = k->rank4[pk];
	}
	goal = ((uint32_t)k->set_rank[k->ring_mask] * R5_ORD4 + (uint32_t)l) * R5_ORD4 + (uint32_t)l;
	k->mlh_goal = goal;
	return NULL;
}

/* A big table's states as rows of cols entries, state r * cols + c: turn
 * j takes row r to row next_row[j] and column c to column
 * col_turn[c * moves + j], both filled by the graph's row function. The
 * two 198 M tables split this way (phase 4: (set, low) rows of the high
 * wings' 1,680; phase 5: rows of the wings' 40,320 permutations, columns
 * of the 4,900 U-D centre states), so that a row's turns are worked out
 * once for all its columns. */
struct big_graph {
	uint32_t rows, cols;
	int moves;
	void (*row)(const struct r5_p45_tables *t, uint32_t r, uint32_t *next_row,
	    const uint16_t **col_turn);
};

/* Phase 4's dedges: row set * 1680 + low, column high. */
static void
mlh_row(const struct r5_p45_tables *k, uint32_t r, uint32_t *next_row, const uint16_t **col_turn)
{
	uint32_t m = r / R5_ORD4, l = r % R5_ORD4;
	int j;

	for (j = 0; j < R5_Q4; j++)
		next_row[j] = (uint32_t)k->s4[m][j] * R5_ORD4 + k->sw4[0][m][l][j];
	*col_turn = &k->sw4[1][m][0][0];
}

/* Phase 5's wings of half 0 relative to the U-D centres: row the wings'
 * permutation, column the centres (half 1 reads it through the mirror). */
static void
lc_row(const struct r5_p45_tables *k, uint32_t r, uint32_t *next_row, const uint16_t **col_turn)
{
	int j;

	for (j = 0; j < R5_Q5; j++)
		next_row[j] = k->w5[0][r][j];
	*col_turn = &k->c5ud[0][0];
}

static const struct big_graph mlh_graph = {70u * R5_ORD4, R5_ORD4, R5_Q4, mlh_row};
static const struct big_graph lc_graph = {R5_PERM8, R5_AXC, R5_Q5, lc_row};

/* bfs() over a big graph's rows (the entries already 0 are the goal, the
 * rest 0xff); the same distances, with each row's turns worked out once
 * and rows with nothing to do at a level skipped. Reports the share of
 * entries filled to prog. */
static bool
bfs_rows(const struct r5_p45_tables *t, const struct big_graph *g, uint8_t *d,
    const struct table_progress *prog)
{
	uint64_t n = (uint64_t)g->rows * g->cols, filled = 0, i;
	uint32_t next_row[R5_Q4], every = (1u << 22) / g->cols + 1;
	uint8_t *to[R5_Q4];
	bool grew = true;
	int depth;

	for (i = 0; i < n; i++)
		filled += d[i] != 0xff;
	for (depth = 0; grew && depth < 250; depth++) {
		bool back = filled > n / 2;
		uint8_t want = back ? 0xff : (uint8_t)depth;

		grew = false;
		for (uint32_t r = 0; r < g->rows; r++) {
			uint8_t *row = d + (uint64_t)r * g->cols;
			const uint16_t *col_turn;

			if (r % every == 0) {
				if (build_cancelled())
					return false;
				table_progress_report(prog, (int)(1000 * filled / n));
			}
			if (memchr(row, want, g->cols) == NULL)
				continue;
			g->row(t, r, next_row, &col_turn);
			for (int j = 0; j < g->moves; j++)
				to[j] = d + (uint64_t)next_row[j] * g->cols;
			if (back) {
				/* An empty state is one turn beyond this level when
				 * a turn takes it into the level. */
				for (uint32_t c = 0; c < g->cols; c++) {
					const uint16_t *ct = col_turn + (size_t)c * (size_t)g->moves;

					if (row[c] != 0xff)
						continue;
					for (int j = 0; j < g->moves; j++)
						if (to[j][ct[j]] == depth) {
							row[c] = (uint8_t)(depth + 1);
							filled++;
							grew = true;
							break;
						}
				}
				continue;
			}
			for (uint32_t c = 0; c < g->cols; c++) {
				const uint16_t *ct = col_turn + (size_t)c * (size_t)g->moves;

				if (row[c] != depth)
					continue;
				for (int j = 0; j < g->moves; j++)
					if (to[j][ct[j]] == 0xff) {
						to[j][ct[j]] = (uint8_t)(depth + 1);
						filled++;
						grew = true;
					}
			}
		}
	}
	return true;
}

/* Fills a big table breadth first in bytes (n entries, the goal goal),
 * then packs it into buf, 4 bits an entry; reports to prog. */
static bool
make_big(const struct r5_p45_tables *t, uint8_t *buf, const struct big_graph *g, uint32_t goal,
    const struct table_progress *prog, struct tw_error *err)
{
	uint32_t n = g->rows * g->cols;
	uint8_t *d = malloc(n);
	bool ok;
	uint32_t i;

	if (d == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory (%u MB to build a 5x5x5 table)", n >> 20);
		return false;
	}
	memset(d, 0xff, n);
	d[goal] = 0;
	ok = bfs_rows(t, g, d, prog);
	for (i = 0; ok && i < n; i++)
		if (d[i] > 15) {
			tw_error_set(err, "internal error: a 5x5x5 table entry %u does not fit 4 bits", d[i]);
			ok = false;
		}
	if (ok)
		pack_nibbles(d, n, buf);
	else if (build_cancelled())
		tw_error_cancelled(err);
	free(d);
	return ok;
}

static bool
make_mlh(void *buf, size_t size, void *ctx, const struct table_progress *prog, struct tw_error *err)
{
	const struct r5_p45_tables *t = ctx;

	(void)size;
	return make_big(t, buf, &mlh_graph, t->mlh_goal, prog, err);
}

static bool
make_lc(void *buf, size_t size, void *ctx, const struct table_progress *prog, struct tw_error *err)
{
	const struct r5_p45_tables *t = ctx;

	(void)size;
	return make_big(t, buf, &lc_graph, t->lc_goal, prog, err);
}

/* Maps the states of graph g1 onto those of g0 (n states, R5_Q5 turns
 * each, g[s * R5_Q5 + j] the state turn j leads to), root1 onto root0
 * and turn j onto turn turn[j], outward from the root; map gets the
 * image of every state. Whether that is an isomorphism: every state
 * reached, no two onto one, every turn's image the image's turn. */
static bool
map_graph(const uint16_t *g1, const uint16_t *g0, int n, int root1, int root0, const uint8_t *turn,
    uint16_t *map)
{
	uint16_t *queue = malloc((size_t)n * sizeof *queue);
	uint8_t *taken = calloc((size_t)n, 1);
	int qn = 1, qi, j;
	bool ok = queue != NULL && taken != NULL;

	for (qi = 0; qi < n; qi++)
		map[qi] = 0xffff;
	if (ok) {
		queue[0] = (uint16_t)root1;
		map[root1] = (uint16_t)root0;
		taken[root0] = 1;
	}
	for (qi = 0; ok && qi < qn; qi++) {
		int s = queue[qi];

		for (j = 0; ok && j < R5_Q5; j++) {
			int t = g1[s * R5_Q5 + j], u = g0[map[s] * R5_Q5 + turn[j]];

			if (map[t] == 0xffff) {
				ok = !taken[u];
				taken[u] = 1;
				map[t] = (uint16_t)u;
				queue[qn++] = (uint16_t)t;
			} else {
				ok = map[t] == u;
			}
		}
	}
	ok = ok && qn == n;
	free(queue);
	free(taken);
	return ok;
}

/* The mirror that reads phase 5's half-1 wing bounds from half 0's
 * table (phase45.h): the first map of space (cube_space_map) that keeps
 * the set of phase 5's turns and, tried on the coordinates' turn graphs,
 * maps half 1's onto half 0's and the U-D centres' onto themselves, each
 * goal onto itself. A map of space takes face f's turn to the image
 * face's, the same width, reversed if the map is a reflection. */
static const char *
find_mirror(struct r5_p45_tables *k)
{
	static const int normal[6][3] = {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {0, -1, 0}, {-1, 0, 0}, {0, 0, -1}};
	int a, f, j, i;

	for (a = 0; a < 48; a++) {
		int axis[3], sign[3], face[6], det, mat[3][3] = {{0}};
		bool ok = true;

		cube_space_map(a, axis, sign);
		for (i = 0; i < 3; i++)
			mat[i][axis[i]] = sign[i];
		det = mat[0][0] * (mat[1][1] * mat[2][2] - mat[1][2] * mat[2][1]) -
		    mat[0][1] * (mat[1][0] * mat[2][2] - mat[1][2] * mat[2][0]) +
		    mat[0][2] * (mat[1][0] * mat[2][1] - mat[1][1] * mat[2][0]);
		for (f = 0; f < 6; f++) {
			int v[3], g;

			for (i = 0; i < 3; i++)
				v[i] = sign[i] * normal[f][axis[i]];
			for (g = 0; g < 6; g++)
				if (v[0] == normal[g][0] && v[1] == normal[g][1] && v[2] == normal[g][2])
					face[f] = g;
		}
		for (j = 0; ok && j < R5_Q5; j++) {
			int m = k->q5[j], q = m % 3 + 1, j2;
			int image = face[m / 6] * 6 + m / 3 % 2 * 3 + (det < 0 ? 4 - q : q) - 1;

			for (j2 = 0; j2 < R5_Q5 && k->q5[j2] != image; j2++)
				;
			ok = j2 < R5_Q5;
			k->mirror_turn[j] = (uint8_t)j2;
		}
		if (ok && map_graph(&k->w5[1][0][0], &k->w5[0][0][0], R5_PERM8, 0, 0, k->mirror_turn, k->mirror_w) &&
		    map_graph(&k->c5ud[0][0], &k->c5ud[0][0], R5_AXC, (int)k->lc_goal, (int)k->lc_goal,
			k->mirror_turn, k->mirror_ud))
			return NULL;
	}
	return "no mirror takes phase 5's half-1 wings onto half 0's";
}

static char table_problem[256];

/* The two big tables from the cache (or built from k->t): their builds
 * fill P45_BIG_FROM..P45_BIG_SPLIT and P45_BIG_SPLIT..1000 of the
 * loader's progress, phase 5's the larger (its breadth-first search runs
 * about as long on fewer turns). */
static const char *
get_big(struct r5_p45 *k)
{
	struct table_spec spec[2] = {
	    {.name = "cube5-phase4-dedges", .version = 2, .params = "set70 x low1680 x high1680 4 bits",
		.size = (R5_MLH_ENTRIES + 1) / 2, .build = make_mlh, .ctx = (void *)k->t},
	    {.name = "cube5-phase5-wings", .version = 1, .params = "half0 perm8 x udcentre4900 4 bits",
		.size = (R5_LC_ENTRIES + 1) / 2, .build = make_lc, .ctx = (void *)k->t}};
	static const int from[3] = {P45_BIG_FROM, P45_BIG_SPLIT, 1000};
	const uint8_t *t[2];
	struct tw_error e = {0};
	int i;

	for (i = 0; i < 2; i++) {
		struct table_progress part = table_progress_part(build_prog, from[i], from[i + 1]);

		if ((t[i] = table_get_huge(&spec[i], &part, &e)) == NULL) {
			snprintf(table_problem, sizeof table_problem, "%s", e.msg);
			return table_problem;
		}
	}
	k->p4_mlh = t[0];
	k->p5_lc = t[1];
	/* Phase 5's byte tables of each half (cube5-phase5-low and -high,
	 * 2 x 198 MB), which no version reads, are removed from the cache if
	 * they are there. */
	table_cache_retire("cube5-phase5-low");
	table_cache_retire("cube5-phase5-high");
	return NULL;
}

static uint32_t
next_ml(const struct r5_p45_tables *k, uint32_t i, int j)
{
	return (uint32_t)k->m4[i / R5_ORD4][j] * R5_ORD4 + k->w4[0][i % R5_ORD4][j];
}

static uint32_t
next_mh(const struct r5_p45_tables *k, uint32_t i, int j)
{
	return (uint32_t)k->m4[i / R5_ORD4][j] * R5_ORD4 + k->w4[1][i % R5_ORD4][j];
}

static uint32_t
next_c4(const struct r5_p45_tables *k, uint32_t i, int j)
{
	return (uint32_t)k->c4[0][i / R5_AXC][j] * R5_AXC + k->c4[1][i % R5_AXC][j];
}

static uint32_t
next_w5l(const struct r5_p45_tables *k, uint32_t i, int j)
{
	return k->w5[0][i][j];
}

static uint32_t
next_w5h(const struct r5_p45_tables *k, uint32_t i, int j)
{
	return k->w5[1][i][j];
}

static uint32_t
next_c5(const struct r5_p45_tables *k, uint32_t i, int j)
{
	return k->c5[i][j];
}

static uint64_t
c5_key(int ud, int rl, int fb)
{
	return ((uint64_t)ud * R5_AXC + (uint64_t)rl) * R5_AXC + (uint64_t)fb;
}

static uint32_t
c5_slot(const struct r5_p45_tables *t, uint64_t key)
{
	uint32_t h = (uint32_t)((key * 0x9e3779b97f4a7c15ull) >> 40) & (R5_C5_CAP - 1);

	while (t->c5_key[h] != 0 && t->c5_key[h] != key + 1)
		h = (h + 1) & (R5_C5_CAP - 1);
	return h;
}

int
r5_p45_c5_index(const struct r5_p45 *k, int ud, int rl, int fb)
{
	uint32_t h = c5_slot(k->t, c5_key(ud, rl, fb));

	return k->t->c5_key[h] == 0 ? -1 : (int)k->t->c5_val[h];
}

bool
r5_p45_halves_match(const struct r5_p45 *k, const struct r5_model *md, const struct cube *c)
{
	int orient[R5_SLOTS], s, p;

	for (s = 0; s < R5_SLOTS; s++) {
		int id = r5_midge_id(md, c, s);

		orient[id >> 1] = id & 1;
	}
	for (p = 0; p < R5_WINGS; p++) {
		int id = r5_wing_id(md, c, p), d = id >> 1;

		if (md->half_of[p] == 0 && id != (k->t->nat_low[d] ^ orient[d]))
			return false;
	}
	return true;
}

/* Phase 5's centre states: breadth first from solved, with the dense
 * index, its moves and distances. */
static const char *
build_c5(struct r5_p45_tables *k)
{
	int n = 1, i, j;
	int (*st)[3] = malloc((size_t)R5_C5_STATES * sizeof *st);
	struct cube s;

	if (st == NULL)
		return "out of memory";
	solved(&s);
	for (j = 0; j < 3; j++)
		st[0][j] = r5_p45_axis_coord(&s, j);
	{
		uint32_t h = c5_slot(k, c5_key(st[0][0], st[0][1], st[0][2]));

		k->c5_key[h] = c5_key(st[0][0], st[0][1], st[0][2]) + 1;
		k->c5_val[h] = 0;
	}
	for (i = 0; i < n; i++)
		for (j = 0; j < R5_Q5; j++) {
			int a, v[3];
			uint32_t h;

			for (a = 0; a < 3; a++) {
				v[a] = axis_move(r5_model_get(NULL), a, st[i][a], k->q5[j]);
				if (v[a] == 0xffff) {
					free(st);
					return "a phase-5 turn takes centres off their axis";
				}
			}
			h = c5_slot(k, c5_key(v[0], v[1], v[2]));
			if (k->c5_key[h] == 0) {
				if (n >= R5_C5_STATES) {
					free(st);
					return "internal error: more phase-5 centre states than R5_C5_STATES";
				}
				k->c5_key[h] = c5_key(v[0], v[1], v[2]) + 1;
				k->c5_val[h] = (uint32_t)n;
				memcpy(st[n++], v, sizeof v);
			}
			k->c5[i][j] = k->c5_val[h];
		}
	free(st);
	if (n != R5_C5_STATES)
		return "internal error: fewer phase-5 centre states than R5_C5_STATES";
	memset(k->p5_c, 0xff, sizeof k->p5_c);
	k->p5_c[0] = 0;
	return bfs(k, k->p5_c, R5_C5_STATES, R5_Q5, next_c5) ? NULL : "cancelled";
}

/* Fills the small block k (zeroed); reports its progress to
 * prog. NULL, or what went wrong. */
static const char *
build_small(struct r5_p45_tables *k, const struct r5_model *md, const struct table_progress *prog)
{
	static const uint8_t q5[R5_Q5] = {0, 1, 2, 18, 19, 20, 7, 25, 13, 31, 10, 28, 16, 34};
	struct cube a, b, va, vb;
	int m, m2, i, j, s, n8 = 0, h, v, a4;
	uint8_t *seen;
	static const char *scr = "R Uw F2 Lw' D B' Rw2 U' Fw L2 Dw' B R' Bw U2 F' Lw D2";
	const char *p, *problem;

	/* x: found on a scrambled cube. */
	solved(&a);
	for (p = scr, i = 0; *p != 0; i++) {
		/* Apply the model moves by name. */
		char nm[5];
		int len = 0;

		while (*p == ' ')
			p++;
		while (*p != ' ' && *p != 0 && len < 4)
			nm[len++] = *p++;
		nm[len] = 0;
		for (m = 0; m < R5_MOVES; m++)
			if (strcmp(md->name[m], nm) == 0)
				r5_apply(md, &a, m);
	}
	cube_view_turn(&a, "x", &va);
	for (m = 0; m < R5_MOVES; m++) {
		int found = -1;

		vb = va;
		r5_apply(md, &vb, m);
		for (m2 = 0; m2 < R5_MOVES; m2++) {
			struct cube t;

			b = a;
			r5_apply(md, &b, m2);
			cube_view_turn(&b, "x", &t);
			if (memcmp(t.f, vb.f, R5_FACELETS) == 0)
				found = m2;
		}
		if (found < 0)
			return "no move for a turn of the x view";
		k->xmap[m] = (uint8_t)found;
	}
	/* Phase 4's moves: U, D, R2 L2 F2 B2, wide half turns. */
	for (m = 0, j = 0; m < R5_MOVES; m++) {
		int face = m / 6, wide = m / 3 % 2, q = m % 3 + 1;

		if ((!wide && (face == 0 || face == 3)) || q == 2)
			k->q4[j++] = (uint8_t)m;
	}
	if (j != R5_Q4)
		return "phase 4's turns";
	memcpy(k->q5, q5, sizeof q5);
	memset(k->idx_of_slot, 0xff, sizeof k->idx_of_slot);
	memset(k->idx_of_place, 0xff, sizeof k->idx_of_place);
	for (s = 0; s < R5_SLOTS; s++) {
		int f0 = md->slot_faces[s][0], f1 = md->slot_faces[s][1];

		k->nat_low[s] = md->wing_home_id[md->half_place[0][s]];
		if (f0 % 3 != 0 && f1 % 3 != 0)
			continue;
		if ((f0 == 4 || f0 == 1 || f1 == 4 || f1 == 1))
			k->ring_mask |= (uint8_t)(1u << n8);
		k->idx_of_slot[s] = (uint8_t)n8;
		k->idx_of_place[md->half_place[0][s]] = (uint8_t)n8;
		k->idx_of_place[md->half_place[1][s]] = (uint8_t)n8;
		k->list8[n8++] = (uint8_t)s;
	}
	if (n8 != 8 || __builtin_popcount(k->ring_mask) != 4)
		return "the non-E slots";
	for (s = 0; s < R5_SLOTS; s++)
		if (md->half_place[0][s] >= R5_WINGS || md->half_of[md->half_place[0][s]] != 0)
			return "the halves";
	/* Ordered 4 of 8. */
	memset(k->rank4, 0xff, sizeof k->rank4);
	for (i = 0, j = 0; i < 4096; i++) {
		int d[4] = {i & 7, i >> 3 & 7, i >> 6 & 7, i >> 9 & 7};

		if (d[0] != d[1] && d[0] != d[2] && d[0] != d[3] && d[1] != d[2] && d[1] != d[3] && d[2] != d[3]) {
			k->rank4[i] = (uint16_t)j;
			k->unrank4[j++] = (uint16_t)i;
		}
	}
	for (i = 0; i < R5_ORD4; i++)
		for (j = 0; j < R5_Q4; j++) {
			int mv = k->q4[j], pk = k->unrank4[i], om = 0, ow[2] = {0, 0}, e;

			for (e = 0; e < 4; e++) {
				int x = pk >> (3 * e) & 7, sm = md->midge_to[mv][k->list8[x]];

				if (k->idx_of_slot[sm] == 0xff)
					return "a phase-4 turn takes a midge into the E slice";
				om |= k->idx_of_slot[sm] << (3 * e);
				for (h = 0; h < 2; h++) {
					int pl = md->wing_to[mv][md->half_place[h][k->list8[x]]];

					if (k->idx_of_place[pl] == 0xff || md->half_of[pl] != h)
						return "a phase-4 turn moves a wing out of its half or into the E slice";
					ow[h] |= k->idx_of_place[pl] << (3 * e);
				}
			}
			k->m4[i][j] = k->rank4[om];
			k->w4[0][i][j] = k->rank4[ow[0]];
			k->w4[1][i][j] = k->rank4[ow[1]];
		}
	for (a4 = 0; a4 < 3; a4++)
		for (v = 0; v < R5_AXC; v++)
			for (j = 0; j < R5_Q4; j++)
				if ((k->c4[a4][v][j] = (uint16_t)axis_move(md, a4, v, k->q4[j])) == 0xffff)
					return "a phase-4 turn takes centres off their axis";
	table_progress_report(prog, 200);
	/* Midges x wings: goal = wings at their midge's places, in the ring. */
	memset(k->p4_ml, 0xff, sizeof k->p4_ml);
	memset(k->p4_mh, 0xff, sizeof k->p4_mh);
	for (i = 0; i < R5_ORD4; i++) {
		int pk = k->unrank4[i], e, ok = 1;

		for (e = 0; e < 4; e++)
			ok &= k->ring_mask >> (pk >> (3 * e) & 7) & 1;
		if (ok) {
			k->p4_ml[(size_t)i * R5_ORD4 + (size_t)i] = 0;
			k->p4_mh[(size_t)i * R5_ORD4 + (size_t)i] = 0;
		}
	}
	if (!bfs(k, k->p4_ml, R5_ORD4 * R5_ORD4, R5_Q4, next_ml))
		return "cancelled";
	if ((problem = build_mlh(k, md)) != NULL)
		return problem;
	if (!bfs(k, k->p4_mh, R5_ORD4 * R5_ORD4, R5_Q4, next_mh))
		return "cancelled";
	table_progress_report(prog, 400);
	/* Centres: the goal is the orbit of solved (U-D, R-L) under phase 5's
	 * turns seen in this frame (x view: xmap). */
	seen = malloc((size_t)R5_AXC * R5_AXC);
	if (seen == NULL)
		return "out of memory";
	{
		uint32_t *queue = malloc((size_t)R5_AXC * R5_AXC * sizeof *queue), qn = 1, qi;
		struct cube sv;
		uint16_t cm[2][R5_AXC][R5_Q5];

		if (queue == NULL) {
			free(seen);
			return "out of memory";
		}
		for (a4 = 0; a4 < 2; a4++)
			for (v = 0; v < R5_AXC; v++)
				for (j = 0; j < R5_Q5; j++)
					if ((cm[a4][v][j] = (uint16_t)axis_move(md, a4, v, k->xmap[k->q5[j]])) == 0xffff) {
						free(queue);
						free(seen);
						return "a phase-5 turn takes centres off their axis";
					}
		memset(seen, 0, (size_t)R5_AXC * R5_AXC);
		solved(&sv);
		queue[0] = (uint32_t)r5_p45_axis_coord(&sv, 0) * R5_AXC + (uint32_t)r5_p45_axis_coord(&sv, 1);
		seen[queue[0]] = 1;
		for (qi = 0; qi < qn; qi++)
			for (j = 0; j < R5_Q5; j++) {
				uint32_t o = (uint32_t)cm[0][queue[qi] / R5_AXC][j] * R5_AXC + cm[1][queue[qi] % R5_AXC][j];

				if (!seen[o]) {
					seen[o] = 1;
					queue[qn++] = o;
				}
			}
		memset(k->p4_c, 0xff, sizeof k->p4_c);
		for (qi = 0; qi < qn; qi++)
			k->p4_c[queue[qi]] = 0;
		free(queue);
	}
	free(seen);
	if (!bfs(k, k->p4_c, R5_AXC * R5_AXC, R5_Q4, next_c4))
		return "cancelled";
	table_progress_report(prog, 700);
	/* Phase 5's wings relative to the midges. */
	for (i = 0; i < R5_PERM8; i++)
		for (j = 0; j < R5_Q5; j++)
			for (h = 0; h < 2; h++) {
				uint8_t r[8], o[8];
				int mv = k->q5[j], x;

				unrank_perm8(i, r);
				for (x = 0; x < 8; x++) {
					int sm = k->idx_of_slot[md->midge_to[mv][k->list8[x]]];
					int pl = md->wing_to[mv][md->half_place[h][k->list8[r[x]]]];

					if (sm == 0xff || k->idx_of_place[pl] == 0xff || md->half_of[pl] != h)
						return "a phase-5 turn breaks the non-E slots or the halves";
					o[sm] = k->idx_of_place[pl];
				}
				k->w5[h][i][j] = (uint16_t)r5_rank_perm8(o);
			}
	memset(k->p5_w, 0xff, sizeof k->p5_w);
	k->p5_w[0][0] = k->p5_w[1][0] = 0;
	if (!bfs(k, k->p5_w[0], R5_PERM8, R5_Q5, next_w5l))
		return "cancelled";
	if (!bfs(k, k->p5_w[1], R5_PERM8, R5_Q5, next_w5h))
		return "cancelled";
	table_progress_report(prog, 800);
	for (v = 0; v < R5_AXC; v++)
		for (j = 0; j < R5_Q5; j++)
			if ((k->c5ud[v][j] = (uint16_t)axis_move(md, 0, v, k->q5[j])) == 0xffff)
				return "a phase-5 turn takes centres off their axis";
	{
		struct cube sv;

		solved(&sv);
		k->lc_goal = (uint32_t)r5_p45_axis_coord(&sv, 0);
	}
	if ((problem = find_mirror(k)) != NULL)
		return problem;
	return build_c5(k);
}

static bool
make_small(void *buf, size_t size, void *ctx, const struct table_progress *prog, struct tw_error *err)
{
	const char *problem = build_small(buf, ctx, prog);

	(void)size;
	if (problem != NULL)
		tw_error_set(err, "%s", problem);
	return problem == NULL;
}

/* The small block from the cache (or built, filling 0..P45_BIG_FROM of
 * the loader's progress), then the two big tables. */
static const char *
build(void)
{
	const struct r5_model *md = r5_model_get(NULL);
	char params[128];
	struct table_spec spec = {.name = "cube5-phase45-small", .version = P45_SMALL_VERSION,
	    .params = params, .size = sizeof(struct r5_p45_tables), .build = make_small};
	struct table_progress small_part;
	struct tw_error e = {0};
	int i, j;

	if (md == NULL)
		return "the model";
	for (i = 0, j = 0; i < 256; i++)
		if (__builtin_popcount((unsigned)i) == 4) {
			split_rank[i] = (uint8_t)j;
			split_mask[j++] = (uint8_t)i;
		}
	snprintf(params, sizeof params, "struct %zu; centres %u, hash %u; turns %d/%d", sizeof(struct r5_p45_tables),
	    (unsigned)R5_C5_STATES, R5_C5_CAP, R5_Q4, R5_Q5);
	spec.ctx = (void *)md;
	small_part = table_progress_part(build_prog, 0, P45_BIG_FROM);
	if ((p45.t = table_get_huge(&spec, &small_part, &e)) == NULL) {
		snprintf(table_problem, sizeof table_problem, "%s", e.msg);
		return table_problem;
	}
	return get_big(&p45);
}

const struct r5_p45 *
r5_p45_load(const struct table_progress *prog, struct tw_error *err)
{
	const char *problem = NULL;
	bool ready;

	pthread_mutex_lock(&p45_lock);
	if (!p45_ready) {
		build_prog = prog;
		problem = build();
		build_prog = NULL;
		p45_ready = problem == NULL;
		if (problem != NULL) {
			/* The next call tries again (the table cache keeps
			 * what it holds). */
			p45 = (struct r5_p45){NULL, NULL, NULL};
			snprintf(p45_reason, sizeof p45_reason, "%s", problem);
		}
	}
	ready = p45_ready;
	pthread_mutex_unlock(&p45_lock);
	if (!ready) {
		tw_error_set(err, "the 5x5x5 phase-4/5 tables: %s", p45_reason);
		return NULL;
	}
	return &p45;
}

const struct r5_p45 *
r5_p45_get(struct tw_error *err)
{
	return r5_p45_load(NULL, err);
}
