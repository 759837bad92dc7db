/* The 6x6x6 staged reduction's stages 1 to 4 (n6.h): the R-L, then
 * the U-D centres staged as dwalton76's rubiks-cube-NxNxN-solver stages
 * them (docs/papers.md, "Rubik's cube"), each stage an IDA* (Korf 1985)
 * over masks of the four centre orbits. This file holds the 6x6x6's
 * coordinates, turn sets, bounds and tables; the search itself, which
 * the 7x7x7's stages share, is stagesearch.c's.
 *
 * Coordinates. Each centre orbit (model.h: outer X, inner X, oblique A,
 * oblique B) holds 24 facelets, numbered here 0..23 in facelet order,
 * B's place k being the pair partner of A's place k. A stage looks at
 * the eight facelets of one axis's colours in an orbit: a 24-bit mask
 * with eight bits, ranked colex (C(24, 8) = 735,471 ranks) for the
 * pruning tables. A turn moves a mask by three byte lookups.
 *
 * Turns. All of them turn one to three layers from a face (one OBTM
 * each); a stage's own set keeps what the earlier stages did:
 *  1. all 54;
 *  2. and 4. those of one and two layers (36): they move an oblique pair
 *     as one piece, so a pair is a 5x5x5's T centre and the oblique A
 *     mask stands for both orbits; stage 4 without the U-D-R-L mixing
 *     ones: face turns of U D F B, their two-layer half turns, Rw Lw
 *     (22);
 *  3. face turns of U D F B, their two- and three-layer half turns, R
 *     and L two- and three-layer turns (32).
 *
 * Stages. 1: inner X of the R-L colours onto R and L, every oblique pair
 * of one kind; heuristic (pruning table of the inner X) + ceil(unpaired
 * facelets / 4): not admissible (a turn splits up to 8 pairs), measured
 * the best trade. Searched in all three views (model.h) interleaved by
 * bound; the first bound with an end collects up to 30 of them, and the
 * 4 best by stage 2's bound max(X, T) (then X + T) go on. 2: outer X and
 * pairs (as T centres) of the R-L colours onto R and L: max of the two
 * pruning tables, and below a small bound the exact distance of the
 * combined (X, T) from an endgame table (admissible); the 4 candidates
 * interleaved by total length, the first end wins and fixes the view.
 * 3: like 1 for U-D with W = 6; 4: like 2 for U-D, max(X, T).
 *
 * Measured on 20 random cubes without the wing parities (below):
 * 9.35 + 9.85 + 8.70 + 9.40 = 37.3 OBTM (at most 41), 1.4 s a cube with
 * a depth-5 endgame table; the depth-6 one (17 M entries, 72 MB in the
 * table cache, about 7 s to build) gives the same paths with stage 2
 * five times faster. With the parities: 37.95 (docs/cube-solvers.md). */
#include "solvers/cube/big/n6/n6.h"
#include "solvers/cube/big/n6/stagesearch.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/cube/big/core/pieces.h"

enum { SET_OX, SET_IX, SET_A, SET_B, SETS };

#define RANKS 735471u          /* C(24, 8) */
#define RANK_BITS 20           /* RANKS < 2^20 */
#define STAGE1_PAIR_W 4        /* stage 1: + ceil(unpaired / 4) */
#define STAGE3_PAIR_W 6        /* stage 3: + ceil(unpaired / 6) */
/* Default work of stage 1: its first ends are found within 60 M nodes
 * on 98 of 100 random cubes (bench seed 77), the other two within 250 M
 * (about 5 s). */
#define NODES_1 300000000L
/* Of stage 3: after its try with the wing parities even (stagesearch.h,
 * CENTRE_STAGES_NODES_PARITY), its search without them ends within 60 M nodes on
 * 995 of 1,000 random cubes (the game's scrambles); the other five need
 * 70 M to 400 M (the deepest about 14 s). */
#define NODES_3 400000000L
#define NODES_24 400000000L    /* of stages 2 and 4 */
/* Stage 2's exact table: every (X, T) within 6 turns (17,168,476 of
 * them; depth 5 holds 868,185 and leaves stage 2 five times slower),
 * 72 MB in the table cache, built in about 7 s. */
#define R6_ENDGAME_DEPTH R6_STAGE2_ENDGAME_DEPTH
#define ENDGAME_DEPTH_TEXT "6"
#define ENDGAME_ENTRIES 17168476L
#define ENDGAME_BYTES (4 * ((size_t)RANKS + 1 + (size_t)ENDGAME_ENTRIES))

struct tables {
	/* lut[s][m][b][x]: the places of set s that the places x (bits of
	 * byte b) go to under move m. */
	uint32_t lut[SETS][R6_MOVES][3][256];
	uint8_t place[SETS][24];       /* facelet of each place */
	uint8_t moves[5][54];          /* each stage's turns */
	int n_moves[5];
	uint8_t order[R6_MOVES];       /* block's place along its axis: U 0 Uw 1 3Uw 2 D 3.. */
	/* Pruning tables on the colex rank of a mask: stage 1's inner X,
	 * 2's outer X and pairs, 3's inner X, 4's outer X and pairs. */
	const uint8_t *x1, *x2, *t2, *x3, *x4, *t4;
	/* Stage 2's endgame: the (X, T) within R6_ENDGAME_DEPTH of the goal,
	 * entries (T rank << 3 | distance) sorted, those of X rank r at
	 * eg[eg_start[r] .. eg_start[r + 1]). */
	const uint32_t *eg_start, *eg;
	atomic_bool eg_ready;
	struct tw_error err;           /* why the tables are missing */
	bool ok;
};

static struct tables tb;
static pthread_once_t tb_once = PTHREAD_ONCE_INIT;
static pthread_once_t basics_once = PTHREAD_ONCE_INIT;

static void build_basics(void);

static void build_tables(void);

static inline uint32_t
move_mask(int s, int m, uint32_t x)
{
	uint32_t (*l)[256] = tb.lut[s][m];

	return l[0][x & 255] | l[1][x >> 8 & 255] | l[2][x >> 16];
}

/* The mask of set s's places whose colours in col are of axis a (or,
 * with face set, whose faces are). */
static uint32_t
mask_of(const uint8_t *col, int s, int a, bool face)
{
	uint32_t x = 0;
	int k;

	for (k = 0; k < 24; k++) {
		int d = tb.place[s][k];

		if ((face ? r6_face(d) : col[d]) % 3 == a)
			x |= 1u << k;
	}
	return x;
}

static void
build_places(const struct r6_model *md)
{
	static const uint8_t kind_of_set[3] = {R6_OUTER_X, R6_INNER_X, R6_OBLIQUE_A};
	int s, d, k, m, b, n[3] = {0};
	uint8_t index[R6_FACELETS];

	for (d = 0; d < R6_FACELETS; d++)
		for (s = 0; s < 3; s++)
			if (md->kind[d] == kind_of_set[s]) {
				tb.place[s][n[s]] = (uint8_t)d;
				index[d] = (uint8_t)n[s]++;
			}
	for (k = 0; k < 24; k++) {
		tb.place[SET_B][k] = md->partner[tb.place[SET_A][k]];
		index[tb.place[SET_B][k]] = (uint8_t)k;
	}
	for (s = 0; s < SETS; s++)
		for (m = 0; m < R6_MOVES; m++) {
			uint8_t to[R6_FACELETS];

			for (d = 0; d < R6_FACELETS; d++)
				to[md->src[m][d]] = (uint8_t)d;
			for (b = 0; b < 3; b++) {
				unsigned x;

				for (x = 0; x < 256; x++) {
					uint32_t y = 0;

					for (k = 0; k < 8; k++)
						if (x >> k & 1)
							y |= 1u << index[to[tb.place[s][b * 8 + k]]];
					tb.lut[s][m][b][x] = y;
				}
			}
		}
}

static void
build_moves(const struct r6_model *md)
{
	int m, st;

	for (m = 0; m < R6_MOVES; m++) {
		int w = md->last[m], lr = md->axis[m] == 1, half = md->turns[m] == 2;
		bool in[5];

		tb.order[m] = (uint8_t)((md->face[m] < 3 ? 0 : 3) + w - 1);
		if (md->first[m] != 1)
			continue;
		in[1] = true;
		in[2] = w <= 2;
		in[3] = lr ? w >= 2 : w == 1 || half;
		in[4] = lr ? w == 2 : w == 1 || (w == 2 && half);
		for (st = 1; st <= 4; st++)
			if (in[st])
				tb.moves[st][tb.n_moves[st]++] = (uint8_t)m;
	}
}

/* The next mask with as many bits as x, in increasing order (Gosper):
 * masks in that order have colex ranks 0, 1, 2, ... */
static inline uint32_t
next_subset(uint32_t x)
{
	uint32_t low = x & -x, up = x + low;

	return up | ((x ^ up) >> 2) / low;
}

/* The pruning table of set s's mask under stage st's turns, the goal
 * the places on the faces of axis a: breadth first, level by level,
 * over the turns that move the set differently (a face turn and its
 * two-layer block move an inner X alike); a level with more than a
 * quarter of the ranks is found backwards (the unseen masks with a
 * neighbour on the last level: the turn sets are closed under inverse). */
static void
build_table(int s, int st, int a, uint8_t *t)
{
	uint8_t distinct[54];
	long level = 1, r;
	int n = 0, j, i, d;

	for (j = 0; j < tb.n_moves[st]; j++) {
		int m = tb.moves[st][j];

		for (i = 0; i < n && memcmp(tb.lut[s][distinct[i]], tb.lut[s][m], sizeof tb.lut[s][m]) != 0; i++)
			;
		if (i == n)
			distinct[n++] = (uint8_t)m;
	}
	memset(t, CUBE_TABLE_UNSEEN, RANKS);
	t[mask_rank8(mask_of(NULL, s, a, true))] = 0;
	for (d = 0; level > 0; d++) {
		bool back = level > (long)RANKS / 4;
		uint32_t x = 0xff;

		level = 0;
		for (r = 0; r < (long)RANKS; r++, x = r < (long)RANKS ? next_subset(x) : x) {
			if (back && t[r] == CUBE_TABLE_UNSEEN) {
				for (j = 0; j < n && t[mask_rank8(move_mask(s, distinct[j], x))] != d; j++)
					;
				if (j < n) {
					t[r] = (uint8_t)(d + 1);
					level++;
				}
			} else if (!back && t[r] == d) {
				for (j = 0; j < n; j++) {
					uint32_t y = mask_rank8(move_mask(s, distinct[j], x));

					if (t[y] == CUBE_TABLE_UNSEEN) {
						t[y] = (uint8_t)(d + 1);
						level++;
					}
				}
			}
		}
	}
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Whether key (X rank << RANK_BITS | T rank) is in sorted seen[0..n). */
static bool
seen_key(const uint64_t *seen, long n, uint64_t key)
{
	long lo = 0, hi = n;

	while (lo < hi) {
		long mid = (lo + hi) / 2;

		if (seen[mid] >> 3 < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && seen[lo] >> 3 == key;
}

/* Stage 2's endgame table (the table cache's build: buf is
 * ENDGAME_BYTES): breadth first over the pairs (outer X, T) from the
 * goal, each level's candidates sorted and those already seen dropped;
 * then eg_start (RANKS + 1 entries) and the entries (T rank << 3 |
 * distance, sorted) into buf. */
static bool
build_endgame(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	uint64_t *all = NULL, *level = NULL, *next = NULL, goal;
	uint32_t *eg_start = buf, *eg = eg_start + RANKS + 1;
	long n_all = 1, n_level = 1, i, r;
	int depth, j;
	bool ok = false;

	(void)ctx;
	(void)size;
	pthread_once(&basics_once, build_basics);
	goal = (uint64_t)mask_rank8(mask_of(NULL, SET_OX, 1, true)) << RANK_BITS |
	    mask_rank8(mask_of(NULL, SET_A, 1, true));
	all = malloc(sizeof *all);
	level = malloc(sizeof *level);
	if (all == NULL || level == NULL)
		goto done;
	all[0] = goal << 3;
	level[0] = goal;
	for (depth = 1; depth <= R6_ENDGAME_DEPTH; depth++) {
		long n_next = 0, kept = 0, a, b, k;
		uint64_t *merged;

		/* The levels grow about twentyfold: the last is nearly all. */
		table_progress_report(prog, depth < R6_ENDGAME_DEPTH ? 50 : 100);
		if (prog != NULL && prog->cancel != NULL && atomic_load(prog->cancel)) {
			tw_error_cancelled(err);
			goto done;
		}

		next = malloc((size_t)(n_level * tb.n_moves[2]) * sizeof *next);
		if (next == NULL)
			goto done;
		for (i = 0; i < n_level; i++) {
			uint32_t x = cube_colex_unrank((uint32_t)(level[i] >> RANK_BITS), 24, 8);
			uint32_t t = cube_colex_unrank((uint32_t)(level[i] & ((1u << RANK_BITS) - 1)), 24, 8);

			for (j = 0; j < tb.n_moves[2]; j++) {
				int m = tb.moves[2][j];

				next[n_next++] = (uint64_t)mask_rank8(move_mask(SET_OX, m, x)) << RANK_BITS |
				    mask_rank8(move_mask(SET_A, m, t));
			}
		}
		qsort(next, (size_t)n_next, sizeof *next, cmp_u64);
		for (i = 0; i < n_next; i++)
			if ((i == 0 || next[i] != next[i - 1]) && !seen_key(all, n_all, next[i]))
				next[kept++] = next[i];
		merged = malloc((size_t)(n_all + kept) * sizeof *merged);
		if (merged == NULL)
			goto done;
		for (a = 0, b = 0, k = 0; a < n_all || b < kept;)
			if (b == kept || (a < n_all && all[a] >> 3 < next[b]))
				merged[k++] = all[a++];
			else
				merged[k++] = next[b++] << 3 | (uint64_t)depth;
		free(all);
		free(level);
		all = merged;
		n_all = k;
		level = next;
		next = NULL;
		n_level = kept;
	}
	if (n_all != ENDGAME_ENTRIES) {
		tw_error_set(err, "internal error: stage 2's endgame holds %ld states, not %ld", n_all,
		    (long)ENDGAME_ENTRIES);
		goto done;
	}
	for (r = 0, i = 0; r <= (long)RANKS; r++) {
		while (i < n_all && (long)(all[i] >> (3 + RANK_BITS)) < r)
			i++;
		eg_start[r] = (uint32_t)i;
	}
	for (i = 0; i < n_all; i++)
		eg[i] = (uint32_t)(all[i] & (((uint64_t)1 << (3 + RANK_BITS)) - 1));
	table_progress_report(prog, 1000);
	ok = true;
done:
	if (!ok && err != NULL && err->msg[0] == '\0')
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
	free(all);
	free(level);
	free(next);
	return ok;
}

/* The bit counts, ranks, places and move masks that the tables' builds
 * and the stages read (built once, before any of them). */
static void
build_basics(void)
{
	const struct r6_model *md = r6_model();
	mask_ranks_init();
	build_places(md);
	build_moves(md);
}

/* The six pruning tables, RANKS bytes each in this order: stage 1's
 * inner X, 2's outer X and pairs, 3's inner X, 4's outer X and pairs. */
static const struct {
	int set, stage, axis;
} stage_table[6] = {{SET_IX, 1, 1}, {SET_OX, 2, 1}, {SET_A, 2, 1}, {SET_IX, 3, 0}, {SET_OX, 4, 0},
    {SET_A, 4, 0}};

static bool
build_stage_tables(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	uint8_t *t = buf;
	int i;

	(void)size;
	(void)ctx;
	(void)err;
	pthread_once(&basics_once, build_basics);
	for (i = 0; i < 6; i++) {
		build_table(stage_table[i].set, stage_table[i].stage, stage_table[i].axis,
		    t + (size_t)i * RANKS);
		table_progress_report(prog, 1000 * (i + 1) / 6);
	}
	return true;
}

/* Half a second to build, so cached: every 6x6x6 and 7x7x7 process
 * read them. */
static const struct table_spec stages_spec = {
	.name = "cube6-centres-stages",
	.version = 1,
	.params = "inner X 1, outer X and pairs 2, inner X 3, outer X and pairs 4; C(24,8) each",
	.size = 6 * (size_t)RANKS,
	.build = build_stage_tables,
};

static void
build_tables(void)
{
	const uint8_t *block;

	pthread_once(&basics_once, build_basics);
	block = table_get(&stages_spec, NULL, &tb.err);
	if (block != NULL) {
		tb.x1 = block;
		tb.x2 = block + RANKS;
		tb.t2 = block + 2 * (size_t)RANKS;
		tb.x3 = block + 3 * (size_t)RANKS;
		tb.x4 = block + 4 * (size_t)RANKS;
		tb.t4 = block + 5 * (size_t)RANKS;
	}
	tb.ok = block != NULL;
}

static const struct table_spec endgame_spec = {
	.name = "cube6-stage2-endgame",
	.version = 1,
	.params = "outer X x pairs, C(24,8)^2, 36 turns, depth " ENDGAME_DEPTH_TEXT,
	.size = ENDGAME_BYTES,
	.build = build_endgame,
};

bool
r6_centres_load(const struct table_progress *prog, struct tw_error *err)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	const uint32_t *block;
	bool ok = true;

	pthread_once(&tb_once, build_tables);
	if (!tb.ok) {
		tw_error_wrap(err, &tb.err, NULL);
		return false;
	}
	pthread_mutex_lock(&lock);
	if (!atomic_load(&tb.eg_ready)) {
		block = table_get(&endgame_spec, prog, err);
		if (block != NULL) {
			tb.eg_start = block;
			tb.eg = block + RANKS + 1;
			atomic_store(&tb.eg_ready, true);
		} else
			ok = false;
	}
	pthread_mutex_unlock(&lock);
	return ok;
}

const uint8_t *
r6_centre_table(enum r6_centre_table which)
{
	switch (which) {
	case R6_TABLE_X2:
		return tb.x2;
	case R6_TABLE_T2:
		return tb.t2;
	case R6_TABLE_X4:
		return tb.x4;
	default:
		return tb.t4;
	}
}

/* Stage 2's exact distance of (X rank rx, T rank rt) if it is within the
 * endgame table's depth, else that depth + 1. */
static int
endgame(uint32_t rx, uint32_t rt)
{
	uint32_t lo = tb.eg_start[rx], hi = tb.eg_start[rx + 1];

	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;

		if (tb.eg[mid] >> 3 < rt)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < tb.eg_start[rx + 1] && tb.eg[lo] >> 3 == rt)
		return (int)(tb.eg[lo] & 7);
	return R6_ENDGAME_DEPTH + 1;
}

int
r6_stage2_endgame(uint32_t rx, uint32_t rt)
{
	return endgame(rx, rt);
}

static inline int
ceil_div(int a, int b)
{
	return (a + b - 1) / b;
}

/* The stage's heuristic of masks s (inadmissible for 1 and 3). */
static int
estimate(int stage, const uint32_t *s)
{
	int x, t;

	switch (stage) {
	case 1:
		return tb.x1[mask_rank8(s[SET_IX])] + ceil_div(mask_bits24(s[SET_A] ^ s[SET_B]), STAGE1_PAIR_W);
	case 2: {
		uint32_t rx = mask_rank8(s[SET_OX]), rt = mask_rank8(s[SET_A]);

		x = tb.x2[rx];
		t = tb.t2[rt];
		x = x > t ? x : t;
		return x <= R6_ENDGAME_DEPTH ? endgame(rx, rt) : x;
	}
	case 3:
		return tb.x3[mask_rank8(s[SET_IX])] + ceil_div(mask_bits24(s[SET_A] ^ s[SET_B]), STAGE3_PAIR_W);
	default:
		x = tb.x4[mask_rank8(s[SET_OX])];
		t = tb.t4[mask_rank8(s[SET_A])];
		return x > t ? x : t;
	}
}

/* The sets each stage moves. */
static const unsigned stage_sets[5] = {0, 15, 1u << SET_OX | 1u << SET_A,
    1u << SET_IX | 1u << SET_A | 1u << SET_B, 1u << SET_OX | 1u << SET_A};

static void
masks_of(const uint8_t *col, int axis, uint32_t *s)
{
	int k;

	for (k = 0; k < SETS; k++)
		s[k] = mask_of(col, k, axis, false);
}

static const long stage_nodes[5] = {0, NODES_1, NODES_24, NODES_3, NODES_24};

static const struct centre_stages def = {
	.sets = SETS,
	.facelets = R6_FACELETS,
	.lut = (const uint32_t (*)[R6_MOVES][3][256])tb.lut,
	.moves = (const uint8_t (*)[54])tb.moves,
	.n_moves = tb.n_moves,
	.order = tb.order,
	.stage_sets = stage_sets,
	.nodes = stage_nodes,
	.estimate = estimate,
	.set_outer_x = SET_OX,
	.set_oblique_a = SET_A,
	.stage2_table = r6_centre_table,
	.masks_of = masks_of,
	.apply = r6_apply,
	.wing_parity = r6_wing_parity,
	.view_colours = r6_view_colours,
};

size_t
r6_centres_tables(void)
{
	if (!r6_centres_load(NULL, NULL))
		return 0;
	return sizeof tb + 6 * (size_t)RANKS + ENDGAME_BYTES;
}

bool
r6_stages_1to4(const uint8_t *col, const struct staged_options *opt, int *view, uint8_t *out,
    struct staged_path *path, int *stage_moves, struct tw_error *err)
{
	int k;

	path->len = 0;
	if (!r6_centres_load(NULL, err))
		return false;
	for (k = 0; k < SETS * 3; k++)
		if (mask_bits24(mask_of(col, k / 3, k % 3, false)) != 8) {
			tw_error_set(err, "not a 6x6x6's colours: a centre orbit without 4 of each colour");
			return false;
		}
	return centre_stages_1to4(&def, col, opt, view, out, path, stage_moves, err);
}
