/* The 7x7x7 staged reduction prototype's goals, stage A (the fake
 * 6x6x6 through reduce6's stages 1 to 5) and stage B1 (the inner 3x3
 * of every face one colour), see reduce7.h and README.md. */
#include "puzzles/cube/reduce7/reduce7.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/cube/puzzle.h"
#include "puzzles/cube/reduce6/reduce6.h"

static const int keep6[6] = {0, 1, 2, 4, 5, 6};
static const int keep5[5] = {0, 1, 3, 5, 6};

static inline int
at(int f, int r, int c)
{
	return f * 49 + r * 7 + c;
}

int
r7_path_obtm(const struct r7_path *path, int from)
{
	const struct r7_model *md = r7_model();
	int i, sum = 0;

	for (i = from; i < path->len; i++)
		sum += md->obtm[path->m[i]];
	return sum;
}

static bool
push(struct r7_path *path, int m, struct tw_error *err)
{
	if (path->len >= R7_MAX_PATH) {
		tw_error_set(err, "the stages' path is full");
		return false;
	}
	path->m[path->len++] = (uint16_t)m;
	return true;
}

void
r7_fake6(const uint8_t *col, uint8_t *col6)
{
	int f, r, c;

	for (f = 0; f < 6; f++)
		for (r = 0; r < 6; r++)
			for (c = 0; c < 6; c++)
				col6[f * 36 + r * 6 + c] = col[at(f, keep6[r], keep6[c])];
}

/* Whether the facelets (r, c) listed, on every face and in its four
 * rotations, are one colour on each face (per group of k). */
static bool
groups_one_colour(const uint8_t *col, const int (*rc)[2], int k)
{
	int f, q, i;

	for (f = 0; f < 6; f++)
		for (q = 0; q < 4; q++) {
			int first = -1;

			for (i = 0; i < k; i++) {
				int r = rc[i][0], c = rc[i][1], j, d;

				for (j = 0; j < q; j++) {   /* rotate (r, c) a quarter */
					int t = r;

					r = c;
					c = 6 - t;
				}
				d = col[at(f, r, c)];
				if (first < 0)
					first = d;
				else if (d != first)
					return false;
			}
		}
	return true;
}

bool
r7_stage_done(const uint8_t *col, int stage)
{
	static const int xblock[4][2] = {{2, 2}, {2, 4}, {4, 4}, {4, 2}};
	static const int pair[2][2] = {{1, 2}, {1, 4}};
	static const int inner9[9][2] = {{2, 2}, {2, 3}, {2, 4}, {3, 2}, {3, 3}, {3, 4}, {4, 2}, {4, 3}, {4, 4}};
	static const int triple[3][2] = {{1, 2}, {1, 3}, {1, 4}};
	uint8_t col6[216];

	switch (stage) {
	case 'A':
		r7_fake6(col, col6);
		return r6_stage_done(col6, 5) && groups_one_colour(col, xblock, 4) &&
		    groups_one_colour(col, pair, 2);
	case '1':
		return groups_one_colour(col, pair, 2) && groups_one_colour(col, inner9, 9);
	case '2':
		return groups_one_colour(col, inner9, 9) && groups_one_colour(col, triple, 3);
	case 'C': {
		int f, i;

		if (!r7_stage_done(col, '2'))
			return false;
		/* Edge facelets 2, 3, 4 along every edge side one colour. */
		for (f = 0; f < 6; f++)
			for (i = 2; i <= 3; i++)
				if (col[at(f, 0, i)] != col[at(f, 0, i + 1)] || col[at(f, 6, i)] != col[at(f, 6, i + 1)] ||
				    col[at(f, i, 0)] != col[at(f, i + 1, 0)] || col[at(f, i, 6)] != col[at(f, i + 1, 6)])
					return false;
		return true;
	}
	default:
		return false;
	}
}

bool
r7_grouped(const uint8_t *col, struct cube *c5, struct tw_error *err)
{
	static const char letter[] = "URFDLB";
	static const int lo[5] = {0, 1, 2, 5, 6}, hi[5] = {0, 1, 4, 5, 6};
	int f, r, c, i, j;

	for (f = 0; f < 6; f++)
		for (r = 0; r < 5; r++)
			for (c = 0; c < 5; c++)
				for (i = lo[r]; i <= hi[r]; i++)
					for (j = lo[c]; j <= hi[c]; j++)
						if (col[at(f, i, j)] != col[at(f, keep5[r], keep5[c])]) {
							tw_error_set(err, "facelet %c%d%d splits from its group: not grouped as a 5x5x5",
							    letter[f], i, j);
							return false;
						}
	c5->n = 5;
	for (f = 0; f < 6; f++)
		for (r = 0; r < 5; r++)
			for (c = 0; c < 5; c++)
				c5->f[f * 25 + r * 5 + c] = letter[col[at(f, keep5[r], keep5[c])]];
	c5->f[150] = '\0';
	if (!cube_state_solvable(NULL, c5, err)) {
		tw_error_prefix(err, "the grouped 5x5x5");
		return false;
	}
	return true;
}

bool
r7_stage_a(uint8_t *col, const struct r7_options *opt, struct r7_path *path,
    int *stage_moves, struct tw_error *err)
{
	const struct r6_model *m6 = r6_model();
	struct r6_options o6 = {0};
	struct r6_path p6;
	uint8_t col6[216], vcol[216];
	int view = 0, i, moves[4] = {0}, before;

	if (opt != NULL) {
		o6.cancel = opt->cancel;
		o6.max_nodes = opt->max_nodes;
	}
	r7_fake6(col, col6);
	if (!r6_stages_1to4(col6, &o6, &view, vcol, &p6, moves, err))
		return false;
	before = p6.len;
	if (!r6_stage5(vcol, &o6, &p6, err))
		return false;
	if (stage_moves != NULL) {
		memcpy(stage_moves, moves, sizeof moves);
		stage_moves[4] = 0;
		for (i = before; i < p6.len; i++)
			stage_moves[4] += m6->obtm[p6.m[i]];
	}
	for (i = 0; i < p6.len; i++) {
		int m = m6->view_move[view][p6.m[i]];
		int m7 = r7_move(m6->face[m], m6->first[m], m6->last[m], m6->turns[m]);

		r7_apply(col, m7);
		if (!push(path, m7, err))
			return false;
	}
	if (!r7_stage_done(col, 'A')) {
		tw_error_set(err, "internal error: stage A's end is not its goal");
		return false;
	}
	return true;
}

/* ---- Stage B1 ----
 * Pieces: the 24 inner T centres (2,3) (3,2) (3,4) (4,3), place k =
 * face * 4 + j, and the 6 fixed centres (3,3). Turns: the 18 face turns
 * and the 9 middle slice turns 4U 4R 4F (they keep the inner X blocks
 * and the oblique pairs, so the goal colour of each face is its inner X
 * block's). Per colour, an exact table of (its four inner T places, its
 * fixed centre's place) under those turns, the goal its block's face:
 * C(24, 4) * 6 = 63,756 entries, one table per goal face. Bound: the
 * largest of the six colours' distances and ceil(their sum / B1_W)
 * (not admissible, measured); IDA* on OBTM. */

#define B1_MOVES 27
#define B1_RANKS 10626          /* C(24, 4) */
#define B1_SIZE (B1_RANKS * 6)
#define B1_W 3
#define B1_MAX 40
#define B1_NODES 2000000L

struct b1_tables {
	uint8_t tdest[B1_MOVES][24], fdest[B1_MOVES][6];
	uint16_t move[B1_MOVES];       /* the model move */
	uint8_t obtm[B1_MOVES], axis[B1_MOVES], order[B1_MOVES];
	uint32_t binom[25][5];
	uint8_t dist[6][B1_SIZE];      /* by goal face */
	bool ok;
};

static struct b1_tables b1;
static pthread_once_t b1_once = PTHREAD_ONCE_INIT;
static const int tpos[4][2] = {{2, 3}, {3, 4}, {4, 3}, {3, 2}};

static inline uint32_t
rank4(uint32_t x)
{
	uint32_t r = 0;
	int i = 1;

	while (x != 0) {
		int p = __builtin_ctz(x);

		r += b1.binom[p][i++];
		x &= x - 1;
	}
	return r;
}

static inline uint32_t
move_t(int j, uint32_t x)
{
	uint32_t y = 0;

	while (x != 0) {
		y |= 1u << b1.tdest[j][__builtin_ctz(x)];
		x &= x - 1;
	}
	return y;
}

static void
build_b1(void)
{
	const struct r7_model *md = r7_model();
	int j = 0, f, t, n, k, h;
	static uint32_t unrank[B1_RANKS];
	uint32_t x;

	for (n = 0; n <= 24; n++)
		for (k = 0; k <= 4; k++)
			b1.binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : b1.binom[n - 1][k - 1] + b1.binom[n - 1][k];
	for (f = 0; f < 6; f++)
		for (t = 1; t <= 3; t++) {
			b1.move[j] = (uint16_t)r7_move(f, 1, 1, t);
			b1.order[j] = f < 3 ? 0 : 2;
			j++;
		}
	for (f = 0; f < 3; f++)
		for (t = 1; t <= 3; t++) {
			b1.move[j] = (uint16_t)r7_move(f, 4, 4, t);
			b1.order[j] = 1;
			j++;
		}
	for (j = 0; j < B1_MOVES; j++) {
		int m = b1.move[j], d;
		uint16_t dest[R7_FACELETS];

		for (d = 0; d < R7_FACELETS; d++)
			dest[md->src[m][d]] = (uint16_t)d;
		b1.obtm[j] = md->obtm[m];
		b1.axis[j] = md->axis[m];
		for (k = 0; k < 24; k++) {
			int e = dest[at(k / 4, tpos[k % 4][0], tpos[k % 4][1])], q;

			for (q = 0; q < 4; q++)
				if (e == at(e / 49, tpos[q][0], tpos[q][1]))
					b1.tdest[j][k] = (uint8_t)(e / 49 * 4 + q);
		}
		for (k = 0; k < 6; k++)
			b1.fdest[j][k] = (uint8_t)(dest[at(k, 3, 3)] / 49);
	}
	for (x = 0xf, n = 0; n < (int)B1_RANKS; n++) {
		uint32_t low = x & -x, up = x + low;

		unrank[rank4(x)] = x;
		x = up | ((x ^ up) >> 2) / low;
	}
	for (h = 0; h < 6; h++) {
		uint8_t *t8 = b1.dist[h];
		int depth, level = 1;

		memset(t8, 0xff, B1_SIZE);
		t8[rank4(0xfu << (4 * h)) * 6 + (uint32_t)h] = 0;
		for (depth = 0; level > 0; depth++) {
			level = 0;
			for (n = 0; n < B1_SIZE; n++) {
				if (t8[n] != depth)
					continue;
				for (j = 0; j < B1_MOVES; j++) {
					int e = (int)rank4(move_t(j, unrank[n / 6])) * 6 + b1.fdest[j][n % 6];

					if (t8[e] == 0xff) {
						t8[e] = (uint8_t)(depth + 1);
						level++;
					}
				}
			}
		}
	}
	b1.ok = true;
}

struct b1_run {
	int home[6];                   /* goal face of each colour */
	long nodes, max_nodes;
	atomic_bool *cancel;
	bool stopped;
	int len;
	uint8_t path[B1_MAX];
};

static int
b1_bound(const struct b1_run *r, const uint32_t *mask, const uint8_t *fix)
{
	int c, best = 0, sum = 0;

	for (c = 0; c < 6; c++) {
		int d = b1.dist[r->home[c]][rank4(mask[c]) * 6 + fix[c]];

		best = d > best ? d : best;
		sum += d;
	}
	sum = (sum + B1_W - 1) / B1_W;
	return sum > best ? sum : best;
}

static bool
b1_dfs(struct b1_run *r, const uint32_t *mask, const uint8_t *fix, int g, int bound, int depth, int prev)
{
	int h = b1_bound(r, mask, fix), j, c;

	if (h == 0) {
		r->len = depth;
		return true;
	}
	if (g + h > bound || depth >= B1_MAX)
		return false;
	for (j = 0; j < B1_MOVES; j++) {
		uint32_t m2[6];
		uint8_t f2[6];

		if (prev >= 0 && b1.axis[j] == b1.axis[prev] && b1.order[j] <= b1.order[prev])
			continue;
		if (++r->nodes > r->max_nodes ||
		    ((r->nodes & 4095) == 0 && r->cancel != NULL && atomic_load(r->cancel))) {
			r->stopped = true;
			return false;
		}
		for (c = 0; c < 6; c++) {
			m2[c] = move_t(j, mask[c]);
			f2[c] = b1.fdest[j][fix[c]];
		}
		r->path[depth] = (uint8_t)j;
		if (b1_dfs(r, m2, f2, g + b1.obtm[j], bound, depth + 1, j))
			return true;
		if (r->stopped)
			return false;
	}
	return false;
}

bool
r7_stage_b1(uint8_t *col, const struct r7_options *opt, struct r7_path *path, long *nodes,
    struct tw_error *err)
{
	struct b1_run r = {0};
	uint32_t mask[6] = {0};
	uint8_t fix[6];
	int f, k, b, i;
	bool found = false;

	pthread_once(&b1_once, build_b1);
	r.cancel = opt != NULL ? opt->cancel : NULL;
	r.max_nodes = opt != NULL && opt->max_nodes > 0 ? opt->max_nodes : B1_NODES;
	for (f = 0; f < 6; f++) {
		r.home[col[at(f, 2, 2)]] = f;
		fix[col[at(f, 3, 3)]] = (uint8_t)f;
	}
	for (k = 0; k < 24; k++)
		mask[col[at(k / 4, tpos[k % 4][0], tpos[k % 4][1])]] |= 1u << k;
	for (b = b1_bound(&r, mask, fix); b <= 2 * B1_MAX && !found && !r.stopped; b++)
		found = b1_dfs(&r, mask, fix, 0, b, 0, -1);
	if (nodes != NULL)
		*nodes = r.nodes;
	if (!found) {
		tw_error_set(err, r.cancel != NULL && atomic_load(r.cancel) ? "cancelled" :
		    "no stage-B1 end within the search's work");
		return false;
	}
	for (i = 0; i < r.len; i++) {
		r7_apply(col, b1.move[r.path[i]]);
		if (!push(path, b1.move[r.path[i]], err))
			return false;
	}
	if (!r7_stage_done(col, '1')) {
		tw_error_set(err, "internal error: stage B1's end is not its goal");
		return false;
	}
	return true;
}
