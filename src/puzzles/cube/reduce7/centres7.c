/* The 7x7x7 staged reduction's stages 1 to 4 (README.md): the
 * 6x6x6 staged reduction's stages 1 to 4 (reduce6/centres.c; their search,
 * reduce6/stagesearch.c, is shared)
 * on the fake 6x6x6 of the 7x7x7 (its turns of one to three layers from
 * a face, which never move layer 4), with a fifth centre orbit: the
 * inner T centres (2,3) (3,4) (4,3) (3,2).
 *
 * They run after stage S1 (stages.c), which stages the inner 3x3 (inner
 * X, inner T) of every face on its axis; stages 1 and 3 keep that: of
 * the turns of three layers they take only the half turns (stage 1: all
 * turns of one and two layers, three-layer half turns; stage 3:
 * reduce6's set without its R and L three-layer quarter turns). Their
 * goals (reduce6's: stage 1 the R-L oblique pairs of one kind, 3 the
 * U-D ones) then come with the inner X and inner T staged already. Only
 * three-layer half turns split or join pairs, so reduce6's bound
 * ceil(unpaired / W) stays put along the turns that set them up; the
 * bound is a pruning table of the mixed pair slots under the stage's
 * turns instead (build_mixed, admissible): stage 1 takes at most 4e5
 * nodes where 2 of 10 random cubes ran out of 6e7, and is optimal.
 * Without S1, stage 1 with the inner T added to its goal found no end
 * within 1.5e9 nodes (the inner X and inner T staged at once are about
 * 12 turns deep, their two tables a weak bound). Stages 2 and 4 (turns
 * of one and two layers) do not touch the inner 3x3; their pruning
 * tables and stage 2's endgame are reduce6's (r6_centre_table,
 * r6_stage2_endgame), the places and turns being the same.
 *
 * Works on the 7x7x7's colours (294) with the fixed centres home (a
 * rotation of the colours: r7_centres_home), in one of reduce6's three
 * views (the same whole-cube turns and colour renaming); moves are
 * numbered as reduce6's model numbers them (r6_move), mapped to the
 * 7x7x7's model move of the same face, layers and turns. */
#include "puzzles/cube/reduce7/reduce7.h"
#include "puzzles/cube/reduce6/reduce6.h"
#include "puzzles/cube/reduce6/stagesearch.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/cube/pieces.h"
#include "sys/tablecache.h"
#ifdef R7_CENTRES_TRACE
#include "sys/clock.h"
#endif

enum { SET_OX, SET_IX, SET_A, SET_B, SET_IT, SETS };

/* Default work of stages 1 and 3: with the mixed-slot bound they took at
 * most 4.8e6 and 1.3e6 nodes on 110 random cubes (bench seeds default, 7,
 * 11, 77). */
#ifndef NODES_13
#define NODES_13 60000000L
#endif
#define NODES_24 400000000L    /* of stages 2 and 4 */

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
	 * pairs, 4's outer X and pairs, reduce6's (r6_centre_table: the
	 * fake 6x6x6's places and turns are the 6x6x6's). */
	const uint8_t *x2, *t2, *x4, *t4;
	/* Stages 1 and 3: the mixed-slot mask's table (build_mixed), four
	 * bits an entry, from the table cache. */
	const uint8_t *mixed;
	double build_seconds;
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
		/* Stages 1 and 3 keep the inner 3x3 staged (stage S1, README.md):
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

/* Outcome o (bit c for couple c) of move x on mixed mask y. */
static inline uint32_t
mixed_next(const struct mixed_move *x, uint32_t y, unsigned o)
{
	uint32_t z = move_mask(SET_A, x->m, y & x->intact);
	int c;

	for (c = 0; c < x->n_couples; c++) {
		const uint8_t *cp = x->couple[c];
		unsigned par = (y >> cp[0] ^ y >> cp[1]) & 1, bit = o >> c & 1;

		if (par)
			z |= 1u << cp[bit ? 2 : 3];
		else if (bit)
			z |= 1u << cp[2] | 1u << cp[3];
	}
	return z;
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
		tw_error_set(err, t == NULL ? "out of memory" : "internal error: a turn splits pairs unlike a half turn");
		return false;
	}
	memset(t, CUBE_TABLE_UNSEEN, MIXED_MASKS);
	t[0] = 0;
	for (d = 0; level > 0; d++) {
		bool back = level > (long)MIXED_MASKS / 8;

		level = 0;
		for (r = 0; r < (long)MIXED_MASKS; r++) {
			unsigned o;

			if (back ? t[r] != CUBE_TABLE_UNSEEN || r6s_bits24((uint32_t)r) % 2 != 0 : t[r] != d)
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

/* The bit counts, ranks, places and move masks that the mixed table's
 * build and the stages read (built once, before either). */
static pthread_once_t basics_once = PTHREAD_ONCE_INIT;

static void
build_basics(void)
{
	r6s_ranks_init();
	build_places(r6_model());
	build_moves(r6_model());
}

static const struct table_spec mixed_spec = {
	.name = "cube7-centres13-mixed",
	.version = 3,   /* 2 could be built before the move masks (a bug) */
	.params = "mixed oblique pair slots 2^24, 4 bits, stage 1 turns, relaxed couples",
	.size = MIXED_BYTES,
	.build = build_mixed,
};

static void
build_tables(void)
{
#ifdef R7_CENTRES_TRACE
	double t0 = tw_monotonic_seconds();
#endif

	pthread_once(&basics_once, build_basics);
	tb.mixed = table_get(&mixed_spec, NULL, &tb.err);
	/* Stages 2 and 4 read reduce6's cached tables and endgame
	 * (r6_centre_table, r6_stage2_endgame). */
	tb.ok = tb.mixed != NULL && r6_centres_load(NULL, &tb.err);
	if (tb.ok) {
		tb.x2 = r6_centre_table(R6_TABLE_X2);
		tb.t2 = r6_centre_table(R6_TABLE_T2);
		tb.x4 = r6_centre_table(R6_TABLE_X4);
		tb.t4 = r6_centre_table(R6_TABLE_T4);
	}
#ifdef R7_CENTRES_TRACE
	tb.build_seconds = tw_monotonic_seconds() - t0;
	fprintf(stderr, "all tables: %.3f s, %.1f MB\n", tb.build_seconds,
	    (sizeof tb + (double)MIXED_BYTES) / 1e6);
#endif
}

/* Stages 1 and 3: the mixed-slot table's entry of masks s. */
static inline int
mixed_h(const uint32_t *s)
{
	uint32_t mx = s[SET_A] ^ s[SET_B];

	return tb.mixed[mx / 2] >> (mx % 2 * 4) & 15;
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
		uint32_t rx = r6s_rank8(s[SET_OX]), rt = r6s_rank8(s[SET_A]);

		x = tb.x2[rx];
		t = tb.t2[rt];
		x = x > t ? x : t;
		/* reduce6's cached endgame: the places and turns are the same. */
		return x <= R6_STAGE2_ENDGAME_DEPTH ? r6_stage2_endgame(rx, rt) : x;
	}
	case 3:
		return mixed_h(s);
	default:
		x = tb.x4[r6s_rank8(s[SET_OX])];
		t = tb.t4[r6s_rank8(s[SET_A])];
		return x > t ? x : t;
	}
}

/* The sets each stage moves. */
static const unsigned stage_sets[5] = {0, 1u << SET_OX | 1u << SET_A | 1u << SET_B,
    1u << SET_OX | 1u << SET_A, 1u << SET_A | 1u << SET_B, 1u << SET_OX | 1u << SET_A};

static void
masks_of(const uint8_t *col, int axis, uint32_t *s)
{
	int k;

	for (k = 0; k < SETS; k++)
		s[k] = mask_of(col, k, axis, false);
}

static const long stage_nodes[5] = {0, NODES_13, NODES_24, NODES_13, NODES_24};

static const struct r6s_def def = {
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
	.masks_of = masks_of,
	.apply = apply7,
	.wing_parity = parity7,
	.view_colours = r7_view_colours,
};

bool
r7_centres_load(const struct table_progress *prog, struct tw_error *err)
{
	pthread_once(&basics_once, build_basics);
	return table_get(&mixed_spec, prog, err) != NULL;
}

size_t
r7_centres_tables(void)
{
	pthread_once(&tb_once, build_tables);
	return tb.ok ? sizeof tb + MIXED_BYTES + r6_centres_tables() : 0;
}

bool
r7_stages_1to4(const uint8_t *col, const struct r6_options *opt, int *view, uint8_t *out,
    struct r6_path *path, int *stage_moves, struct tw_error *err)
{
	int k;

	path->len = 0;
	pthread_once(&tb_once, build_tables);
	if (!tb.ok) {
		tw_error_set(err, "%s", tb.err.msg);
		return false;
	}
	/* Stages 1 and 3 count on S1: their bounds have no inner 3x3 term. */
	for (k = 0; k < SETS * 3; k++)
		if (r6s_bits24(mask_of(col, k / 3, k % 3, false)) != 8 || ((k / 3 == SET_IX || k / 3 == SET_IT) &&
		    mask_of(col, k / 3, k % 3, false) != mask_of(NULL, k / 3, k % 3, true))) {
			tw_error_set(err, "not after stage S1: a centre orbit without 4 of each colour, "
			    "or the inner 3x3 off its axes");
			return false;
		}
	return r6s_stages_1to4(&def, col, opt, view, out, path, stage_moves, err);
}
