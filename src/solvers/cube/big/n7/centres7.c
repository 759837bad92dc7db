/* The 7x7x7 staged reduction's stages 1 to 4 (docs/cube-solvers.md): the
 * 6x6x6 staged reduction's stages 1 to 4 (n6/centres.c; their search,
 * n6/stagesearch.c, is shared)
 * on the fake 6x6x6 of the 7x7x7 (its turns of one to three layers from
 * a face, which never move layer 4), with two more centre orbits: the
 * inner T centres (2,3) (3,4) (4,3) (3,2), and the outer T (1,3) (3,5)
 * (5,3) (3,1), each between the halves of an oblique pair: a "bar" of
 * three, which every turn of one or two layers moves whole.
 *
 * Stages 1b and 3b (bars_stage, run by the shared search after stage 1
 * on each candidate stage 2 looks at, and after stage 3): every outer T
 * of the axis's kind (R-L after 1, U-D after 3) exactly where the pair
 * of its bar is of that kind. Stages 2 and 4 then stage the pairs by
 * turns of one and two layers, and the outer T go with them, so stage 5
 * can finish every bar as one colour (stage5_7.c) and no stage has to
 * bring the outer T to their pairs by commutators afterwards. Their
 * turns: stage 1's (3's) that move bars whole, and three macros, the
 * 3-layer half turns of two opposite faces (a middle-slice half turn
 * less a whole-cube half turn: it keeps the inner 3x3 staged and,
 * after stage 2, the R-L axis), which carry the pairs of the eight bars
 * across the middle slice to other bars' outer T. IDA*, bounded by a
 * relaxed table of the mismatch mask, the fewest OBTM (build_bars).
 *
 * They run after stage S1 (stages.c), which stages the inner 3x3 (inner
 * X, inner T) of every face on its axis; stages 1 and 3 keep that: of
 * the turns of three layers they take only the half turns (stage 1: all
 * turns of one and two layers, three-layer half turns; stage 3:
 * the 6x6x6's set without its R and L three-layer quarter turns). Their
 * goals (the 6x6x6's: stage 1 the R-L oblique pairs of one kind, 3 the
 * U-D ones) then come with the inner X and inner T staged already. Only
 * three-layer half turns split or join pairs, so the 6x6x6's bound
 * ceil(unpaired / W) stays put along the turns that set them up; the
 * bound is a pruning table of the mixed pair slots under the stage's
 * turns instead (build_mixed, admissible): stage 1 takes at most 4e5
 * nodes where 2 of 10 random cubes ran out of 6e7, and is optimal.
 * Without S1, stage 1 with the inner T added to its goal found no end
 * within 1.5e9 nodes (the inner X and inner T staged at once are about
 * 12 turns deep, their two tables a weak bound). Stages 2 and 4 (turns
 * of one and two layers) do not touch the inner 3x3; their pruning
 * tables and stage 2's endgame are the 6x6x6's (r6_centre_table,
 * r6_stage2_endgame), the places and turns being the same.
 *
 * Works on the 7x7x7's colours (294) with the fixed centres home (a
 * rotation of the colours: r7_centres_home), in one of the 6x6x6's three
 * views (the same whole-cube turns and colour renaming); moves are
 * numbered as the 6x6x6's model numbers them (r6_move), mapped to the
 * 7x7x7's model move of the same face, layers and turns. */
#include "solvers/cube/big/n7/n7.h"
#include "solvers/cube/big/n6/n6.h"
#include "solvers/cube/big/n6/stagesearch.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/cube/big/core/pieces.h"
#include "solvers/cube/big/core/stage.h"
#include "solvers/tablecache.h"

enum { SET_OX, SET_IX, SET_A, SET_B, SET_IT, SET_OT, SETS };

/* Default work of stages 1 and 3: with the mixed-slot bound they took at
 * most 4.8e6 and 1.3e6 nodes on 110 random cubes (bench seeds default, 7,
 * 11, 77). */
#ifndef NODES_13
#define NODES_13 60000000L
#endif
#define NODES_24 400000000L    /* of stages 2 and 4 */

/* Stages 1b and 3b (bars_stage): a turn that moves every bar (an
 * oblique pair with the outer T between its halves) whole, or a macro of
 * the 3-layer half turns of two opposite faces, which carries the pairs
 * of the bars it splits (the eight across the middle slice it leaves) to
 * other bars' outer T. Slots are the oblique A places' (centres7.c's
 * place order; SET_B's and SET_OT's k-th places are in the A place's
 * bar). */
#define BARS_MAX_MOVES 48
#define BARS_MAX 24                 /* a stage's longest path, OBTM */
#define BARS_MASKS ((size_t)1 << 24)
#define BARS_BYTES (BARS_MASKS / 2) /* four bits an entry */
#ifndef BARS_NODES
#define BARS_NODES 50000000L        /* default work of each */
#endif

struct bar_move {
	uint8_t m[2], n, cost;          /* n model moves, their OBTM */
	uint32_t intact;                /* slots whose pair and outer T land together */
	uint32_t lut[3][256];           /* where the intact slots of byte b land */
	int n_couples;
	/* Slots p, q whose pairs the macro sends to slots j (with q's outer
	 * T) and j2 (with p's). */
	uint8_t couple[12][4];          /* p, q, j, j2 */
};

struct bar_set {
	int n;
	struct bar_move mv[BARS_MAX_MOVES];
};

struct tables {
	/* lut[s][m][b][x]: the places of set s that the places x (bits of
	 * byte b) go to under move m. */
	uint32_t lut[SETS][R6_MOVES][3][256];
	uint16_t place[SETS][24];      /* 7x7x7 facelet of each place */
	uint16_t m7[R6_MOVES];         /* the 7x7x7 model move of each move */
	uint8_t moves[5][54];          /* each stage's turns */
	int n_moves[5];
	uint8_t order[R6_MOVES];       /* block's place along its axis: U 0 Uw 1 3Uw 2 D 3.. */
	/* Pruning tables on the colex rank of a mask: stage 2's outer X and
	 * pairs, 4's outer X and pairs, the 6x6x6's (r6_centre_table: the
	 * fake 6x6x6's places and turns are the 6x6x6's). */
	const uint8_t *x2, *t2, *x4, *t4;
	/* Stages 1 and 3: the mixed-slot mask's table (build_mixed), four
	 * bits an entry, from the table cache. */
	const uint8_t *mixed;
	/* Stages 1b and 3b: their turns (bars_of), and the mismatch mask's
	 * table (build_bars), four bits an entry, from the table cache. */
	struct bar_set bars[2];
	const uint8_t *bars_dist;
	struct tw_error err;           /* why not ok */
	bool ok;
};

static struct tables tb;
static pthread_once_t tb_once = PTHREAD_ONCE_INIT;

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

		if ((face ? r7_face(d) : col[d]) % 3 == a)
			x |= 1u << k;
	}
	return x;
}

static void
apply7(uint8_t *col, int m)
{
	r7_apply(col, tb.m7[m]);
}

static int
parity7(const uint8_t *col)
{
	uint8_t col6[R6_FACELETS];

	r7_fake6(col, col6);
	return r6_wing_parity(col6);
}

static int
to7(int d6)
{
	static const int keep6[6] = {0, 1, 2, 4, 5, 6};

	return d6 / 36 * 49 + keep6[d6 % 36 / 6] * 7 + keep6[d6 % 6];
}

static void
build_places(const struct r6_model *md)
{
	static const uint8_t kind_of_set[3] = {R6_OUTER_X, R6_INNER_X, R6_OBLIQUE_A};
	static const int tpos[4][2] = {{2, 3}, {3, 4}, {4, 3}, {3, 2}};
	const struct r7_model *m7 = r7_model();
	int s, d, k, m, b, n[3] = {0};
	uint8_t index[R7_FACELETS];

	for (d = 0; d < R6_FACELETS; d++)
		for (s = 0; s < 3; s++)
			if (md->kind[d] == kind_of_set[s]) {
				tb.place[s][n[s]] = (uint16_t)to7(d);
				index[to7(d)] = (uint8_t)n[s]++;
			}
	for (k = 0; k < 24; k++) {
		int a6 = -1;

		for (d = 0; d < R6_FACELETS; d++)
			if (to7(d) == tb.place[SET_A][k])
				a6 = d;
		tb.place[SET_B][k] = (uint16_t)to7(md->partner[a6]);
		index[tb.place[SET_B][k]] = (uint8_t)k;
		tb.place[SET_OT][k] = (uint16_t)r7_midpoint(tb.place[SET_A][k], tb.place[SET_B][k]);
		index[tb.place[SET_OT][k]] = (uint8_t)k;
		tb.place[SET_IT][k] = (uint16_t)(k / 4 * 49 + tpos[k % 4][0] * 7 + tpos[k % 4][1]);
		index[tb.place[SET_IT][k]] = (uint8_t)k;
	}
	for (m = 0; m < R6_MOVES; m++)
		tb.m7[m] = (uint16_t)r7_move(md->face[m], md->first[m], md->last[m], md->turns[m]);
	for (s = 0; s < SETS; s++)
		for (m = 0; m < R6_MOVES; m++) {
			uint16_t to[R7_FACELETS];

			for (d = 0; d < R7_FACELETS; d++)
				to[m7->src[tb.m7[m]][d]] = (uint16_t)d;
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
		/* Stages 1 and 3 keep the inner 3x3 staged (stage S1, docs/cube-solvers.md):
		 * of the three-layer turns only the half turns. */
		in[1] = w <= 2 || half;
		in[2] = w <= 2;
		in[3] = (lr ? w >= 2 : w == 1 || half) && (w <= 2 || half);
		in[4] = lr ? w == 2 : w == 1 || (w == 2 && half);
		for (st = 1; st <= 4; st++)
			if (in[st])
				tb.moves[st][tb.n_moves[st]++] = (uint8_t)m;
	}
}

/* Each turn of a stage on the mixed-slot mask (build_mixed): the slots
 * whose pair it keeps (their mask moves with the oblique A lut), and its
 * couples: slots p, q whose A and B halves it sends to slots j, j2 as
 * (A of p, B of q) and (A of q, B of p). */
struct mixed_move {
	int m, n_couples;
	uint32_t intact;
	uint8_t couple[12][4];         /* p, q, j, j2 */
};

static bool
mixed_moves(int st, struct mixed_move *mm)
{
	int j, k;

	for (j = 0; j < tb.n_moves[st]; j++) {
		int m = tb.moves[st][j], pa[24], pb[24];
		struct mixed_move *x = &mm[j];

		*x = (struct mixed_move){.m = m};
		for (k = 0; k < 24; k++) {
			pa[k] = __builtin_ctz(move_mask(SET_A, m, 1u << k));
			pb[k] = __builtin_ctz(move_mask(SET_B, m, 1u << k));
			if (pa[k] == pb[k])
				x->intact |= 1u << k;
		}
		for (k = 0; k < 24; k++) {
			int q = 0;

			while (pa[k] != pb[k] && q < 24 && pb[q] != pa[k])
				q++;
			if (pa[k] == pb[k] || q < k)
				continue;
			if (q == 24 || pa[q] != pb[k] || x->n_couples == 12)
				return false;
			memcpy(x->couple[x->n_couples++],
			    (uint8_t[4]){(uint8_t)k, (uint8_t)q, (uint8_t)pa[k], (uint8_t)pa[q]}, 4);
		}
	}
	return true;
}

/* z with outcome o (bit c for couple c) of couples[0..n) on mask y set:
 * slots p and q of a couple (p, q, j, j2) go to j and j2, and what
 * their bits become there depends on colours the mask does not hold, so
 * every outcome of the same parity is allowed (both or neither set after
 * two alike, one of the two after two unlike). */
static inline uint32_t
couples_next(const uint8_t (*couple)[4], int n, uint32_t y, unsigned o, uint32_t z)
{
	int c;

	for (c = 0; c < n; c++) {
		const uint8_t *cp = couple[c];
		unsigned par = (y >> cp[0] ^ y >> cp[1]) & 1, bit = o >> c & 1;

		if (par)
			z |= 1u << cp[bit ? 2 : 3];
		else if (bit)
			z |= 1u << cp[2] | 1u << cp[3];
	}
	return z;
}

/* Outcome o (bit c for couple c) of move x on mixed mask y. */
static inline uint32_t
mixed_next(const struct mixed_move *x, uint32_t y, unsigned o)
{
	return couples_next((const uint8_t (*)[4])x->couple, x->n_couples, y, o,
	    move_mask(SET_A, x->m, y & x->intact));
}

#define MIXED_MASKS ((size_t)1 << 24)
#define MIXED_BYTES (MIXED_MASKS / 2)  /* four bits an entry */

/* The pruning table of the mixed-slot mask (bit k: oblique pair slot k
 * holds one facelet of the stage's axis colours and one of another)
 * under stage 1's turns, relaxed, four bits an entry. A turn of one or
 * two layers moves pairs whole. A three-layer half turn also exchanges
 * halves between couples of slots, and what that does to their
 * mixedness depends on the colours, which the mask does not hold: every
 * outcome of the same parity is allowed (both or neither mixed after
 * two alike, one of the two after two unlike). Breadth first from the
 * empty mask; the relaxed graph is undirected (the turn set is closed
 * under inverse, the outcomes symmetric), so a level with more than an
 * eighth of the masks is found backwards; masks with an odd number of
 * bits are never reached. Admissible for stage 1, and for stage 3 too:
 * its turns are some of stage 1's, and the goal (no mixed slot) is the
 * same on any axis. A table of stage 3's own turns measured the same
 * nodes. */
static bool
build_mixed(void *buf, size_t size, void *ctx, const struct table_progress *prog, struct tw_error *err)
{
	struct mixed_move mm[54];
	int n = tb.n_moves[1], j, d;
	long level = 1, r;
	uint8_t *out = buf, *t = malloc(MIXED_MASKS);

	(void)size, (void)ctx;
	if (t == NULL || !mixed_moves(1, mm)) {
		free(t);
		if (t == NULL)
			tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		else
			tw_error_set(err, "internal error: a turn splits pairs unlike a half turn");
		return false;
	}
	memset(t, CUBE_TABLE_UNSEEN, MIXED_MASKS);
	t[0] = 0;
	for (d = 0; level > 0; d++) {
		bool back = level > (long)MIXED_MASKS / 8;

		level = 0;
		for (r = 0; r < (long)MIXED_MASKS; r++) {
			unsigned o;

			if (back ? t[r] != CUBE_TABLE_UNSEEN || mask_bits24((uint32_t)r) % 2 != 0 : t[r] != d)
				continue;
			for (j = 0; j < n; j++)
				for (o = 0; o < 1u << mm[j].n_couples; o++) {
					uint32_t z = mixed_next(&mm[j], (uint32_t)r, o);

					if (back && t[z] == d) {
						t[r] = (uint8_t)(d + 1);
						level++;
						goto next;
					} else if (!back && t[z] == CUBE_TABLE_UNSEEN) {
						t[z] = (uint8_t)(d + 1);
						level++;
					}
				}
next:;
		}
		table_progress_report(prog, 100 * (d + 1));
	}
	for (r = 0; r < (long)MIXED_MASKS; r++)
		out[r / 2] |= (uint8_t)((t[r] & 15) << (r % 2 * 4));
	free(t);
	table_progress_report(prog, 1000);
	return true;
}

static void masks_of(const uint8_t *col, int axis, uint32_t *s);

/* Composite of turn or macro b on set s's mask x. */
static uint32_t
bar_apply(int s, const struct bar_move *b, uint32_t x)
{
	int i;

	for (i = 0; i < b->n; i++)
		x = move_mask(s, b->m[i], x);
	return x;
}

/* Adds the turn or macro ms[0..n) to bs if it keeps every oblique pair
 * whole and, a single turn, every bar. */
static void
bar_add(struct bar_set *bs, const uint8_t *ms, int n)
{
	const struct r6_model *md = r6_model();
	struct bar_move *b = &bs->mv[bs->n];
	int pp[24], po[24], k, q, i;

	*b = (struct bar_move){.n = (uint8_t)n};
	for (k = 0; k < n; k++) {
		b->m[k] = ms[k];
		b->cost = (uint8_t)(b->cost + md->obtm[ms[k]]);
	}
	for (k = 0; k < 24; k++) {
		pp[k] = __builtin_ctz(bar_apply(SET_A, b, 1u << k));
		po[k] = __builtin_ctz(bar_apply(SET_OT, b, 1u << k));
		if (__builtin_ctz(bar_apply(SET_B, b, 1u << k)) != pp[k])
			return;
		if (pp[k] == po[k])
			b->intact |= 1u << k;
	}
	if (n == 1 && b->intact != 0xffffffu)
		return;
	for (k = 0; k < 24; k++) {
		if (b->intact >> k & 1)
			continue;
		for (q = 0; q < 24 && pp[k] != po[q]; q++)
			;
		if (q == 24 || pp[q] != po[k] || b->n_couples == 12)
			return;
		if (q > k)
			memcpy(b->couple[b->n_couples++],
			    (uint8_t[4]){(uint8_t)k, (uint8_t)q, (uint8_t)po[q], (uint8_t)po[k]}, 4);
	}
	for (i = 0; i < 3; i++) {
		unsigned x;

		for (x = 0; x < 256; x++) {
			uint32_t y = 0;

			for (k = 0; k < 8; k++)
				if ((x >> k & 1) && (b->intact >> (i * 8 + k) & 1))
					y |= 1u << po[i * 8 + k];
			b->lut[i][x] = y;
		}
	}
	bs->n++;
}

/* Stage 1b's turns (0): stage 1's that move bars whole, and the three
 * macros; stage 3b's (1): stage 3's that do, and the macros (they keep
 * the R-L axis staged: R and L turn by half turns or stay). */
static void
bars_of(void)
{
	int st, j, f;

	for (st = 0; st < 2; st++) {
		struct bar_set *bs = &tb.bars[st];
		int stage = st == 0 ? 1 : 3;

		bs->n = 0;
		for (j = 0; j < tb.n_moves[stage]; j++)
			bar_add(bs, &tb.moves[stage][j], 1);
		for (f = 0; f < 3; f++)
			bar_add(bs, (uint8_t[2]){(uint8_t)r6_move(f, 1, 3, 2), (uint8_t)r6_move(f + 3, 1, 3, 2)}, 2);
	}
}

/* Outcome o (bit c for couple c) of turn b on mismatch mask y (bit k:
 * slot k's pair and outer T of unlike kinds): intact slots move with
 * their bars; a couple's pairs trade outer T (couples_next: p's pair
 * with q's T and q's pair with p's T mismatch an even number of times
 * iff p and q did alike). */
static inline uint32_t
bar_next(const struct bar_move *b, uint32_t y, unsigned o)
{
	uint32_t x = y & b->intact;

	return couples_next((const uint8_t (*)[4])b->couple, b->n_couples, y, o,
	    b->lut[0][x & 255] | b->lut[1][x >> 8 & 255] | b->lut[2][x >> 16]);
}

/* The pruning table of the mismatch mask under stage 1b's turns and
 * macros, relaxed (bar_next), in OBTM (a macro costs 2), four bits an
 * entry. Admissible for stage 1b and for 3b (its turns are some of
 * 1b's, the goal, no mismatch, the same on any axis). Level by level:
 * forward from the level's masks while they are fewer than the unseen
 * ones, then backward (each mask not yet at its distance looks for a
 * neighbour one turn or one macro nearer; the relaxed graph is
 * undirected, as build_mixed's). Masks with an odd number of bits are
 * never reached (a kind has 8 pairs and 8 outer T). */
static bool
build_bars(void *buf, size_t size, void *ctx, const struct table_progress *prog, struct tw_error *err)
{
	const struct bar_set *bs = &tb.bars[0];
	uint8_t *out = buf, *t = malloc(BARS_MASKS);
	size_t seen = 1, level = 1, r;
	int d, j;

	(void)size, (void)ctx;
	if (t == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	memset(t, CUBE_TABLE_UNSEEN, BARS_MASKS);
	t[0] = 0;
	for (d = 0; d < 15 && seen < BARS_MASKS / 2; d++) {
		bool back = level > BARS_MASKS / 2 - seen;

		if (prog != NULL && prog->cancel != NULL && atomic_load(prog->cancel)) {
			free(t);
			tw_error_cancelled(err);
			return false;
		}
		level = 0;
		for (r = 0; r < BARS_MASKS; r++) {
			unsigned o;

			if (back ? t[r] <= d + 1 || mask_bits24((uint32_t)r) % 2 != 0 : t[r] != d)
				continue;
			for (j = 0; j < bs->n; j++) {
				const struct bar_move *b = &bs->mv[j];

				if (back && b->cost > d + 1)
					continue;
				for (o = 0; o < 1u << b->n_couples; o++) {
					uint32_t z = bar_next(b, (uint32_t)r, o);

					if (back && t[z] == d + 1 - b->cost) {
						t[r] = (uint8_t)(d + 1);
						goto next;
					} else if (!back && t[z] > d + b->cost)
						t[z] = (uint8_t)(d + b->cost);
				}
			}
next:;
		}
		for (r = 0, seen = 0; r < BARS_MASKS; r++)
			if (t[r] != CUBE_TABLE_UNSEEN) {
				seen++;
				level += t[r] == d + 1;
			}
		table_progress_report(prog, 60 * (d + 1));
	}
	for (r = 0; r < BARS_MASKS; r++)
		out[r / 2] |= (uint8_t)((t[r] > 15 ? 15 : t[r]) << (r % 2 * 4));
	free(t);
	table_progress_report(prog, 1000);
	return true;
}

static inline int
bars_h(uint32_t y)
{
	return tb.bars_dist[y / 2] >> (y % 2 * 4) & 15;
}

/* Stages 1b and 3b's search (core/stage.h): a state is the oblique A
 * pairs' and the outer Ts' places (bars_h), ctx the bar set, a move one
 * of its turns or macros, which costs its OBTM. */
struct bars_state {
	uint32_t p, o;
};

static int
bars_estimate(void *ctx, const void *state, int limit)
{
	const struct bars_state *s = state;

	(void)ctx;
	(void)limit;
	return bars_h(s->p ^ s->o);
}

static bool
bars_may_follow(void *ctx, int prev, int j, int g, int bound)
{
	const struct bar_set *bs = ctx;
	const struct r6_model *md = r6_model();
	const struct bar_move *b = &bs->mv[j];

	(void)g;
	(void)bound;
	/* Two turns of one face are one; a macro undoes itself. */
	return prev < 0 || (j != prev && (b->n != 1 || bs->mv[prev].n != 1 ||
	    md->face[b->m[0]] != md->face[bs->mv[prev].m[0]]));
}

static void
bars_step(void *ctx, const void *state, int j, void *child)
{
	const struct bar_move *b = &((const struct bar_set *)ctx)->mv[j];
	const struct bars_state *s = state;
	struct bars_state *c = child;

	c->p = bar_apply(SET_A, b, s->p);
	c->o = bar_apply(SET_OT, b, s->o);
}

static int
bars_cost(void *ctx, int j)
{
	return ((const struct bar_set *)ctx)->mv[j].cost;
}

static const struct stage_def bars_search = {
	.state_bytes = sizeof(struct bars_state),
	.max_depth = BARS_MAX,
	.count = STAGE_COUNT_EXPANSIONS,
	.estimate = bars_estimate,
	.may_follow = bars_may_follow,
	.step = bars_step,
	.cost = bars_cost,
};

/* Stage 1b (after stage 1, R-L) or 3b (after stage 3, U-D): every outer
 * T of the axis's kind exactly where its oblique pair is (def.stage_b).
 * IDA* over the turns and macros of bars_of, bounded by build_bars's
 * table; the fewest OBTM. */
static bool
bars_stage(int stage, const struct staged_options *opt, uint8_t *col, uint8_t *path, int *len, int max,
    struct tw_error *err)
{
	const struct bar_set *bs = &tb.bars[stage == 1 ? 0 : 1];
	struct stage_run r;
	struct bars_state stack[BARS_MAX + 1];
	uint32_t s[SETS];
	int i, k;

	stage_run_start(&r, NULL, bs->n, opt != NULL && opt->max_nodes > 0 ? opt->max_nodes : BARS_NODES,
	    opt != NULL ? opt->cancel : NULL);
	masks_of(col, stage == 1 ? 1 : 0, s);
	if (s[SET_A] != s[SET_B]) {
		tw_error_set(err, "internal error: stage %db starts with pairs of two kinds", stage);
		return false;
	}
	stack[0].p = s[SET_A];
	stack[0].o = s[SET_OT];
	if (stage_ida(&bars_search, (void *)bs, &r, stack, bars_h(s[SET_A] ^ s[SET_OT]), BARS_MAX) != 1) {
		if (stage_cancelled(&r))
			tw_error_cancelled(err);
		else
			tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK, "no stage-%db end within the search's work", stage);
		return false;
	}
	for (i = 0; i < r.len; i++) {
		const struct bar_move *b = &bs->mv[r.path[i]];

		for (k = 0; k < b->n; k++) {
			if (*len >= max) {
				tw_error_set(err, "the stages' path is full");
				return false;
			}
			path[(*len)++] = b->m[k];
			apply7(col, b->m[k]);
		}
	}
	return true;
}

/* The bit counts, ranks, places and move masks that the mixed table's
 * build and the stages read (built once, before either). */
static pthread_once_t basics_once = PTHREAD_ONCE_INIT;

static void
build_basics(void)
{
	mask_ranks_init();
	build_places(r6_model());
	build_moves(r6_model());
	bars_of();
}

static const struct table_spec mixed_spec = {
	.name = "cube7-centres13-mixed",
	.version = 3,   /* 2 could be built before the move masks (a bug) */
	.params = "mixed oblique pair slots 2^24, 4 bits, stage 1 turns, relaxed couples",
	.size = MIXED_BYTES,
	.build = build_mixed,
};

static const struct table_spec bars_spec = {
	.name = "cube7-centres-bars",
	.version = 1,
	.params = "pair and outer T mismatch slots 2^24, 4 bits, OBTM, stage 1 bar turns and 3 macros, relaxed couples",
	.size = BARS_BYTES,
	.build = build_bars,
};

static void
build_tables(void)
{

	pthread_once(&basics_once, build_basics);
	tb.mixed = table_get(&mixed_spec, NULL, &tb.err);
	tb.bars_dist = tb.mixed != NULL ? table_get(&bars_spec, NULL, &tb.err) : NULL;
	/* Stages 2 and 4 read the 6x6x6's cached tables and endgame
	 * (r6_centre_table, r6_stage2_endgame). */
	tb.ok = tb.bars_dist != NULL && r6_centres_load(NULL, &tb.err);
	if (tb.ok) {
		tb.x2 = r6_centre_table(R6_TABLE_X2);
		tb.t2 = r6_centre_table(R6_TABLE_T2);
		tb.x4 = r6_centre_table(R6_TABLE_X4);
		tb.t4 = r6_centre_table(R6_TABLE_T4);
	}
}

/* Stages 1 and 3: the mixed-slot table's entry of masks s. */
static inline int
mixed_of(uint32_t mx)
{
	return tb.mixed[mx / 2] >> (mx % 2 * 4) & 15;
}

static inline int
mixed_h(const uint32_t *s)
{
	return mixed_of(s[SET_A] ^ s[SET_B]);
}


/* The stage's heuristic of masks s, admissible: stages 1 and 3 need no
 * inner X or inner T term, their turns keep S1 (r7_stages_1to4 checks
 * it at the start). */
static int
estimate(int stage, const uint32_t *s)
{
	int x, t;

	switch (stage) {
	case 1:
		return mixed_h(s);
	case 2: {
		uint32_t rx = mask_rank8(s[SET_OX]), rt = mask_rank8(s[SET_A]);

		x = tb.x2[rx];
		t = tb.t2[rt];
		x = x > t ? x : t;
		/* the 6x6x6's cached endgame: the places and turns are the same. */
		return x <= R6_STAGE2_ENDGAME_DEPTH ? r6_stage2_endgame(rx, rt) : x;
	}
	case 3:
		return mixed_h(s);
	default:
		x = tb.x4[mask_rank8(s[SET_OX])];
		t = tb.t4[mask_rank8(s[SET_A])];
		return x > t ? x : t;
	}
}

/* The sets each stage moves. */
static const unsigned stage_sets[5] = {0, 1u << SET_OX | 1u << SET_A | 1u << SET_B | 1u << SET_OT,
    1u << SET_OX | 1u << SET_A | 1u << SET_OT, 1u << SET_A | 1u << SET_B | 1u << SET_OT,
    1u << SET_OX | 1u << SET_A | 1u << SET_OT};

static void
masks_of(const uint8_t *col, int axis, uint32_t *s)
{
	int k;

	for (k = 0; k < SETS; k++)
		s[k] = mask_of(col, k, axis, false);
}

static const long stage_nodes[5] = {0, NODES_13, NODES_24, NODES_13, NODES_24};

static const struct centre_stages def = {
	.sets = SETS,
	.facelets = R7_FACELETS,
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
	.apply = apply7,
	.wing_parity = parity7,
	.view_colours = r7_view_colours,
	.stage_b = bars_stage,
};

bool
r7_centres_load(const struct table_progress *prog, struct tw_error *err)
{
	struct table_progress part;

	pthread_once(&basics_once, build_basics);
	part = table_progress_part(prog, 0, 500);
	if (table_get(&mixed_spec, prog != NULL ? &part : NULL, err) == NULL)
		return false;
	part = table_progress_part(prog, 500, 1000);
	return table_get(&bars_spec, prog != NULL ? &part : NULL, err) != NULL;
}

size_t
r7_centres_tables(void)
{
	pthread_once(&tb_once, build_tables);
	return tb.ok ? sizeof tb + MIXED_BYTES + r6_centres_tables() : 0;
}

bool
r7_stages_1to4(const uint8_t *col, const struct staged_options *opt, bool bars, int *view, uint8_t *out,
    struct staged_path *path, int *stage_moves, struct tw_error *err)
{
	struct centre_stages d = def;
	int k;

	path->len = 0;
	pthread_once(&tb_once, build_tables);
	if (!tb.ok) {
		tw_error_wrap(err, &tb.err, NULL);
		return false;
	}
	/* Stages 1 and 3 count on S1: their bounds have no inner 3x3 term. */
	for (k = 0; k < SETS * 3; k++)
		if (mask_bits24(mask_of(col, k / 3, k % 3, false)) != 8 || ((k / 3 == SET_IX || k / 3 == SET_IT) &&
		    mask_of(col, k / 3, k % 3, false) != mask_of(NULL, k / 3, k % 3, true))) {
			tw_error_set(err, "not after stage S1: a centre orbit without 4 of each colour, "
			    "or the inner 3x3 off its axes");
			return false;
		}
	if (!bars)
		d.stage_b = NULL;
	return centre_stages_1to4(&d, col, opt, view, out, path, stage_moves, err);
}

bool
r7_stage_bars(int stage, uint8_t *col, const struct r7_options *opt, struct r7_path *path, struct tw_error *err)
{
	struct staged_options o6 = {0};
	uint8_t moves[CENTRE_STAGES_MAX_STAGE];
	int n = 0, i;

	pthread_once(&tb_once, build_tables);
	if (!tb.ok) {
		tw_error_wrap(err, &tb.err, NULL);
		return false;
	}
	if (stage != 1 && stage != 3) {
		tw_error_set(err, "internal error: stage %db", stage);
		return false;
	}
	if (opt != NULL) {
		o6.cancel = opt->cancel;
		o6.max_nodes = opt->max_nodes;
	}
	if (!bars_stage(stage, &o6, col, moves, &n, CENTRE_STAGES_MAX_STAGE, err))
		return false;
	for (i = 0; i < n; i++) {
		if (path->len >= R7_MAX_PATH) {
			tw_error_set(err, "stage %db: the path is full", stage);
			return false;
		}
		path->m[path->len++] = tb.m7[moves[i]];
	}
	return true;
}
