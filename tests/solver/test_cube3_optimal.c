/* The optimal 3x3x3 solver and the symmetries it reduces by.
 *
 * Symmetries: the cubie-level conjugation agrees with the facelet-level
 * definition for all 48, they form a group, and face turns map to face
 * turns. Optimal answers: positions a few moves from solved, their
 * distance confirmed by a breadth-first search from both ends (solved and
 * the position, to depth 4 in face turns, 5 in quarter turns: distances
 * up to 8 and 10), each answer replayed to solved; a length cap proved;
 * the three views read off a cubie against the conjugations, for both
 * slice coordinates. The default tier uses
 * the small table cut at depth 7 (a weaker bound, the same search; the
 * whole tables take minutes to build); the slow suite the whole small
 * table and 12-move scrambles, and the big table against the small one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tier.h"
#include "engine/rng.h"
#include "solvers/cube/cube3.h"
#include "engine/cube/cubie.h"
#include "solvers/cube/optimal.h"
#include "solvers/cube/optimal_tables.h"
#include "solvers/cube/symmetry.h"
#include "ui/storage.h"

static void
random_cubie(struct tw_rng *rng, struct cubie *c)
{
	struct cube f;

	cube3_random(rng, &f);
	assert_true(cubie_from_facelets(f.f, c, NULL));
}

static void
conjugation_by_cubies_matches_the_facelets(void **unused)
{
	struct tw_rng rng;
	int k, s;

	(void)unused;
	sym_init();
	tw_rng_seed(&rng, 48);
	for (k = 0; k < 50; k++) {
		struct cubie c, d, e;
		struct cube f;
		char g[55];

		random_cubie(&rng, &c);
		cubie_to_facelets(&c, &f);
		for (s = 0; s < SYM_COUNT; s++) {
			int i, to, piece, turn;

			sym_conjugate(s, &c, &d);
			sym_conjugate_facelets(s, f.f, g);
			g[54] = '\0';
			if (!cubie_from_facelets(g, &e, NULL))
				fail_msg("symmetry %d makes an impossible cube of %s", s, f.f);
			if (memcmp(&d, &e, sizeof d) != 0)
				fail_msg("symmetry %d: cubie and facelet conjugates differ", s);
			/* The same, a piece at a time (the optimal solver's
			 * views are read this way). */
			memset(&e, 0xff, sizeof e);
			for (i = 0; i < 8; i++) {
				sym_corner_image(s, i, c.cp[i], c.co[i], &to, &piece, &turn);
				e.cp[to] = (uint8_t)piece;
				e.co[to] = (uint8_t)turn;
			}
			for (i = 0; i < 12; i++) {
				sym_edge_image(s, i, c.ep[i], c.eo[i], &to, &piece, &turn);
				e.ep[to] = (uint8_t)piece;
				e.eo[to] = (uint8_t)turn;
			}
			if (memcmp(&d, &e, sizeof d) != 0)
				fail_msg("symmetry %d: the pieces' images are not the conjugate", s);
		}
	}
}

/* optimal_axes reads the three views off a cubie through weight tables;
 * the definition is the position conjugated by URF3^k and its
 * coordinates read one by one. Both slice coordinates: the face-turn
 * tables' places only, the quarter-turn table's sorted slice (whose own
 * table the default tier cannot afford: the coordinates need only the
 * move tables, which every table's block holds alike). */
static void
views_read_off_the_cubie_are_the_conjugates(void **unused)
{
	struct optimal_tables t;
	struct tw_error err;
	struct tw_rng rng;
	int n, k, sorted;

	(void)unused;
	if (!optimal_tables_load(optimal_variant(CUBE3_OPTIMAL_TABLE_SMALL_UCORNERS, CUBE3_OPTIMAL_HTM),
	    CUBE3_OPTIMAL_HTM, 0, false, NULL, &t, &err))
		fail_msg("%s", err.msg);
	optimal_views_init();
	tw_rng_seed(&rng, 3);
	for (sorted = 0; sorted < 2; sorted++) {
		struct optimal_tables u = t;

		if (sorted)
			u.v = optimal_variant(CUBE3_OPTIMAL_TABLE_FULL, CUBE3_OPTIMAL_QTM);
		assert_int_equal(u.v->slice_div == 1, sorted);
		for (n = 0; n < 300; n++) {
			struct cubie c, v;
			struct axis a[3];

			random_cubie(&rng, &c);
			optimal_axes(&u, &c, a);
			for (k = 0; k < 3; k++) {
				if (k == 0)
					v = c;
				else
					sym_conjugate(SYM_URF3 * k, &c, &v);
				assert_int_equal(a[k].twist, cubie_twist(&v));
				assert_int_equal(a[k].flip, cubie_flip(&v));
				assert_int_equal(a[k].slice, optimal_table_slice(&u, &v));
				assert_int_equal(a[k].ucorners, optimal_ucorners(u.fixed, &v));
			}
		}
	}
}

static void
symmetries_form_a_group(void **unused)
{
	struct tw_rng rng;
	struct cubie c, a, b, ab, id;
	int s, t, seen[SYM_COUNT] = {0};

	(void)unused;
	sym_init();
	tw_rng_seed(&rng, 16);
	random_cubie(&rng, &c);
	for (s = 0; s < SYM_COUNT; s++) {
		seen[sym_multiply(s, 0)]++;
		for (t = 0; t < SYM_COUNT; t++) {
			sym_conjugate(t, &c, &a);
			sym_conjugate(s, &a, &b);
			sym_conjugate(sym_multiply(s, t), &c, &ab);
			assert_memory_equal(&b, &ab, sizeof b);
		}
		sym_conjugate(s, &c, &a);
		sym_conjugate(sym_inverse(s), &a, &b);
		assert_memory_equal(&b, &c, sizeof b);
	}
	for (s = 0; s < SYM_COUNT; s++)
		assert_int_equal(seen[s], 1);      /* 48 distinct symmetries */
	/* The first 16 keep the U-D axis: U turns stay U or D turns. */
	for (s = 0; s < SYM_UD; s++) {
		assert_true(sym_move(s, 0) / 3 == 0 || sym_move(s, 0) / 3 == 3);
		assert_true(sym_move(s, 9) / 3 == 0 || sym_move(s, 9) / 3 == 3);
	}
	/* URF3 takes the U-D axis to the R-L axis. */
	assert_true(sym_move(SYM_URF3, 0) / 3 == 1 || sym_move(SYM_URF3, 0) / 3 == 4);
	cubie_identity(&id);
	sym_conjugate(SYM_URF3, &id, &a);
	assert_memory_equal(&a, &id, sizeof a);
}

static void
face_turns_map_to_face_turns(void **unused)
{
	struct cubie turn[CUBIE_MOVES], c;
	int s, m;

	(void)unused;
	sym_init();
	cubie_face_turns(turn);
	for (s = 0; s < SYM_COUNT; s++) {
		for (m = 0; m < CUBIE_MOVES; m++) {
			sym_conjugate(s, &turn[m], &c);
			assert_memory_equal(&c, &turn[sym_move(s, m)], sizeof c);
			/* A half turn stays a half turn; a mirror turns
			 * quarter turns the other way. */
			if (m % 3 == 1)
				assert_int_equal(sym_move(s, m) % 3, 1);
			else if (s % 2 == 1)
				assert_int_equal(sym_move(s, m) % 3, 2 - m % 3);
			else
				assert_int_equal(sym_move(s, m) % 3, m % 3);
		}
	}
}

/* A set of cubies with their distances, open addressing. */
struct ball {
	struct cubie *key;
	int8_t *dist;
	size_t cap, count;
};

static uint64_t
hash_cubie(const struct cubie *c)
{
	const uint8_t *p = (const uint8_t *)c;
	uint64_t h = 1469598103934665603ull;
	size_t i;

	for (i = 0; i < sizeof *c; i++)
		h = (h ^ p[i]) * 1099511628211ull;
	return h;
}

static int
ball_find(const struct ball *b, const struct cubie *c)
{
	size_t i = hash_cubie(c) & (b->cap - 1);

	while (b->dist[i] >= 0) {
		if (memcmp(&b->key[i], c, sizeof *c) == 0)
			return b->dist[i];
		i = (i + 1) & (b->cap - 1);
	}
	return -1;
}

static bool
ball_add(struct ball *b, const struct cubie *c, int d)
{
	size_t i = hash_cubie(c) & (b->cap - 1);

	while (b->dist[i] >= 0) {
		if (memcmp(&b->key[i], c, sizeof *c) == 0)
			return false;
		i = (i + 1) & (b->cap - 1);
	}
	b->key[i] = *c;
	b->dist[i] = (int8_t)d;
	b->count++;
	return true;
}

/* Every position within radius moves of centre (face turns, or quarter
 * turns when qtm), breadth first. */
static void
ball_fill(struct ball *b, const struct cubie *centre, int radius, bool qtm)
{
	struct cubie turn[CUBIE_MOVES], *layer, *next;
	size_t nlayer = 1, nnext, i;
	int d, m;

	cubie_face_turns(turn);
	b->cap = 1u << 19;
	b->count = 0;
	b->key = calloc(b->cap, sizeof *b->key);
	b->dist = malloc(b->cap);
	layer = malloc(b->cap * sizeof *layer);
	next = malloc(b->cap * sizeof *next);
	assert_non_null(b->key);
	assert_non_null(b->dist);
	assert_non_null(layer);
	assert_non_null(next);
	memset(b->dist, -1, b->cap);
	layer[0] = *centre;
	ball_add(b, centre, 0);
	for (d = 0; d < radius; d++) {
		nnext = 0;
		for (i = 0; i < nlayer; i++) {
			for (m = 0; m < CUBIE_MOVES; m++) {
				struct cubie c;

				if (qtm && m % 3 == 1)
					continue;
				cubie_multiply(&layer[i], &turn[m], &c);
				if (ball_add(b, &c, d + 1))
					next[nnext++] = c;
			}
		}
		memcpy(layer, next, nnext * sizeof *layer);
		nlayer = nnext;
	}
	free(layer);
	free(next);
}

static void
ball_free(struct ball *b)
{
	free(b->key);
	free(b->dist);
}

/* The distance of c by meeting in the middle: the least i + j over the
 * positions j moves from c that are i moves from solved. */
static int
distance_both_ends(const struct ball *from_solved, const struct cubie *c, int radius, bool qtm)
{
	struct ball around;
	size_t i;
	int best = 99;

	ball_fill(&around, c, radius, qtm);
	for (i = 0; i < around.cap; i++) {
		if (around.dist[i] >= 0) {
			int d = ball_find(from_solved, &around.key[i]);

			if (d >= 0 && d + around.dist[i] < best)
				best = d + around.dist[i];
		}
	}
	ball_free(&around);
	return best;
}

/* Symmetric positions: the search leaves out first moves that a symmetry
 * of the position maps onto others (checkerboard: all 48). */
static const char *const symmetric[] = {
	"U2 D2 F2 B2 L2 R2", "U2 D2", "U D'", "R2 L2 U2 D2", "U D' R L' F B' U D'",
	"F2 B2 U D' R2 L2 U D'",
};

static void
check_near_positions(enum cube3_optimal_metric metric, enum cube3_optimal_table table,
    int table_depth, int count, int length)
{
	bool qtm = metric == CUBE3_OPTIMAL_QTM;
	int radius = qtm ? 5 : 4, nsym = (int)(sizeof symmetric / sizeof symmetric[0]), k, i;
	struct cubie id, turn[CUBIE_MOVES];
	struct ball solved;
	struct tw_rng rng;

	cubie_identity(&id);
	cubie_face_turns(turn);
	ball_fill(&solved, &id, radius, qtm);
	tw_rng_seed(&rng, qtm ? 26 : 20);
	for (k = 0; k < count + nsym; k++) {
		struct cube3_optimal_options opt = {.metric = metric, .table = table,
		    .table_depth = table_depth};
		struct movelist moves = MOVELIST_EMPTY;
		struct tw_error err;
		struct cubie c = id;
		struct cube f, replay;
		long len = 0;
		int want;
		size_t j;

		if (k < nsym) {
			cube_solved(&f, 3);
			assert_true(cube_apply_alg(&f, symmetric[k], NULL));
			assert_true(cubie_from_facelets(f.f, &c, NULL));
		}
		for (i = 0; k >= nsym && i < length; i++)
			cubie_multiply(&c, &turn[tw_rng_below(&rng, CUBIE_MOVES)], &c);
		cubie_to_facelets(&c, &f);
		want = distance_both_ends(&solved, &c, radius, qtm);
		/* Capped at the distance (or the scramble's length): a bound
		 * that is too high fails here at once instead of searching on
		 * toward 32 moves. */
		opt.max_length = want <= 2 * radius ? want : k >= nsym ? (qtm ? 2 : 1) * length : 0;
		if (!cube3_optimal_solve(&f, &opt, &moves, NULL, &err))
			fail_msg("%s: %s", f.f, err.msg);
		replay = f;
		for (j = 0; j < moves.len; j++) {
			assert_true(cube_apply_alg(&replay, moves.moves[j], NULL));
			len += qtm && strchr(moves.moves[j], '2') != NULL ? 2 : 1;
		}
		if (!cube_is_solved(&replay))
			fail_msg("the optimal answer does not solve %s", f.f);
		if (want <= 2 * radius && len != want)
			fail_msg("%s: %ld moves, but the position is %d from solved", f.f, len, want);
		if (want > 2 * radius && len <= 2 * radius)
			fail_msg("%s: %ld moves, but the search from both ends saw none", f.f, len);
		movelist_clear(&moves);
	}
	ball_free(&solved);
}

static void
face_turn_answers_are_shortest(void **unused)
{
	(void)unused;
	check_near_positions(CUBE3_OPTIMAL_HTM, CUBE3_OPTIMAL_TABLE_SMALL,
	    test_tier() == TIER_SLOW ? 0 : 7, tier_pick(60, 30, 8), test_tier() == TIER_SLOW ? 12 : 8);
}

/* The table of the U corners' places and the edges (the face-turn
 * table's coordinates less the twist), in two bits an entry, whole: the
 * same search over the other coordinates and the other encoding. */
static void
ucorners_answers_are_shortest(void **unused)
{
	(void)unused;
	check_near_positions(CUBE3_OPTIMAL_HTM, CUBE3_OPTIMAL_TABLE_SMALL_UCORNERS, 0,
	    tier_pick(40, 20, 6), test_tier() == TIER_SLOW ? 10 : 8);
	check_near_positions(CUBE3_OPTIMAL_QTM, CUBE3_OPTIMAL_TABLE_SMALL_UCORNERS, 0,
	    tier_pick(40, 20, 6), test_tier() == TIER_SLOW ? 10 : 8);
}

static void
quarter_turn_answers_are_shortest(void **unused)
{
	(void)unused;
	/* Under the sanitizers the table's build is most of the test's
	 * time: the face-turn test covers the same search there. */
	if (test_tier() == TIER_SANITIZED)
		skip();
	check_near_positions(CUBE3_OPTIMAL_QTM, CUBE3_OPTIMAL_TABLE_SMALL,
	    test_tier() == TIER_SLOW ? 0 : 7, tier_pick(60, 30, 8), test_tier() == TIER_SLOW ? 12 : 8);
}

/* Moves in the metric: a half turn counts 2 in quarter turns. */
static long
cost(const struct movelist *m, bool qtm)
{
	long n = 0;
	size_t j;

	for (j = 0; j < m->len; j++)
		n += qtm && strchr(m->moves[j], '2') != NULL ? 2 : 1;
	return n;
}

/* --max-length with --optimal: a cap under the distance is proved
 * unreachable (an error that says so, and the flag), the distance
 * itself gives the answer. */
static void
a_length_cap_is_proved(void **unused)
{
	static const char *const algs[2] = {"R U F D' L2 B", "R U' F2 L D B'"};
	int metric;

	(void)unused;
	for (metric = 0; metric < 2; metric++) {
		struct cube3_optimal_options opt = {.metric = metric, .table = CUBE3_OPTIMAL_TABLE_SMALL,
		    .table_depth = 7};
		struct cube3_optimal_stats st = {0};
		struct movelist moves = MOVELIST_EMPTY;
		struct tw_error err;
		struct cube f;
		long want;

		cube_solved(&f, 3);
		assert_true(cube_apply_alg(&f, algs[metric], NULL));
		/* The distance, uncapped (face_turn_answers_are_shortest
		 * checks such answers against a search from both ends). */
		if (!cube3_optimal_solve(&f, &opt, &moves, NULL, &err))
			fail_msg("%s: %s", algs[metric], err.msg);
		want = cost(&moves, metric == CUBE3_OPTIMAL_QTM);
		movelist_clear(&moves);
		assert_true(want >= 5);
		opt.max_length = (int)want - 1;
		if (cube3_optimal_solve(&f, &opt, &moves, &st, &err))
			fail_msg("%s: an answer under its distance %ld", algs[metric], want);
		assert_true(st.none_within_max);
		assert_non_null(strstr(err.msg, "proved none exists"));
		opt.max_length = (int)want;
		st.none_within_max = false;
		if (!cube3_optimal_solve(&f, &opt, &moves, &st, &err))
			fail_msg("%s: %s", algs[metric], err.msg);
		assert_false(st.none_within_max);
		assert_int_equal(cost(&moves, metric == CUBE3_OPTIMAL_QTM), want);
		movelist_clear(&moves);
	}
}

/* Slow suite: the tables solve --optimal uses (2.55 GB and 0.97 GB, minutes to build)
 * against the small one, on positions 13 random face turns from solved:
 * both searches prove their answer shortest, so the lengths agree. */
static void
both_tables_prove_the_same_lengths(void **unused)
{
	struct cubie id, turn[CUBIE_MOVES];
	struct tw_rng rng;
	int k, i;

	(void)unused;
	if (test_tier() != TIER_SLOW)
		skip();
	cubie_identity(&id);
	cubie_face_turns(turn);
	tw_rng_seed(&rng, 1997);
	for (k = 0; k < 12; k++) {
		struct cube3_optimal_options big = {.metric = k % 2 ? CUBE3_OPTIMAL_QTM : CUBE3_OPTIMAL_HTM};
		struct cube3_optimal_options small = big;
		struct movelist a = MOVELIST_EMPTY, b = MOVELIST_EMPTY;
		struct tw_error err;
		struct cubie c = id;
		struct cube f, replay;
		size_t j;

		small.table = CUBE3_OPTIMAL_TABLE_SMALL;
		for (i = 0; i < 13; i++)
			cubie_multiply(&c, &turn[tw_rng_below(&rng, CUBIE_MOVES)], &c);
		cubie_to_facelets(&c, &f);
		if (!cube3_optimal_solve(&f, &big, &a, NULL, &err) ||
		    !cube3_optimal_solve(&f, &small, &b, NULL, &err))
			fail_msg("%s: %s", f.f, err.msg);
		replay = f;
		for (j = 0; j < a.len; j++)
			assert_true(cube_apply_alg(&replay, a.moves[j], NULL));
		assert_true(cube_is_solved(&replay));
		if (cost(&a, k % 2) != cost(&b, k % 2))
			fail_msg("%s: %ld moves with the big table, %ld with the small one", f.f,
			    cost(&a, k % 2), cost(&b, k % 2));
		movelist_clear(&a);
		movelist_clear(&b);
	}
}

/* The answer does not depend on the number of threads: the threads take
 * the nodes three moves deep in the order one thread meets them, and
 * the first with a solution gives the answer (optimal.c,
 * search_parallel). Positions 10 random turns from solved, and the
 * symmetric ones, whose search leaves out moves the symmetries map. */
static void
threads_give_the_same_answer(void **unused)
{
	struct cubie id, turn[CUBIE_MOVES];
	struct tw_rng rng;
	int nsym = (int)(sizeof symmetric / sizeof symmetric[0]), k, i, t;

	(void)unused;
	cubie_identity(&id);
	cubie_face_turns(turn);
	tw_rng_seed(&rng, 4242);
	for (k = 0; k < tier_pick(12, 6, 3) + nsym; k++) {
		struct movelist one = MOVELIST_EMPTY;
		struct tw_error err;
		struct cubie c = id;
		struct cube f;

		if (k < nsym) {
			cube_solved(&f, 3);
			assert_true(cube_apply_alg(&f, symmetric[k], NULL));
		} else {
			for (i = 0; i < 10; i++)
				cubie_multiply(&c, &turn[tw_rng_below(&rng, CUBIE_MOVES)], &c);
			cubie_to_facelets(&c, &f);
		}
		for (t = 1; t <= 3; t++) {
			struct cube3_optimal_options opt = {.metric = k % 2 ? CUBE3_OPTIMAL_QTM : CUBE3_OPTIMAL_HTM,
			    .table = t == 3 ? CUBE3_OPTIMAL_TABLE_SMALL_UCORNERS : CUBE3_OPTIMAL_TABLE_SMALL,
			    .table_depth = t == 3 ? 0 : 7, .threads = t,
			    /* Its table copied to huge pages after the first depth. */
			    .huge_after_nodes = t == 3 ? 1 : 0};
			struct movelist many = MOVELIST_EMPTY;
			size_t j;

			if (!cube3_optimal_solve(&f, &opt, t == 1 ? &one : &many, NULL, &err))
				fail_msg("%s on %d threads: %s", f.f, t, err.msg);
			if (t == 1)
				continue;
			if (many.len != one.len)
				fail_msg("%s: %zu moves on one thread, %zu on %d", f.f, one.len, many.len, t);
			for (j = 0; j < one.len; j++)
				if (strcmp(one.moves[j], many.moves[j]) != 0)
					fail_msg("%s: move %zu is %s on one thread, %s on %d", f.f, j + 1,
					    one.moves[j], many.moves[j], t);
			movelist_clear(&many);
		}
		movelist_clear(&one);
	}
}

/* Half turns keep the corners' twist, the edges' flip and the middle
 * edges in the middle layer in all three views, so the flip-slice-twist
 * table bounds these positions by 0; the U corners' places see them (a
 * half turn of a side face moves U corners down). Both answers are
 * shortest, so they agree. */
static void
the_ucorners_see_half_turns(void **unused)
{
	static const struct {
		const char *scramble;
		int distance, bound;
	} cases[] = {{"R2 U2 F2", 3, 3}, {"R2 F2 L2 B2 U2", 5, 3}, {"R2 U2 F2 L2 D2 B2 R2 F2", 8, 2},
	    {"F2 R2 U2 B2 L2 D2 F2 U2 R2", 9, 3}};
	size_t k;

	(void)unused;
	for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct cube3_optimal_options plain = {.table = CUBE3_OPTIMAL_TABLE_SMALL, .table_depth = 7,
		    .threads = 1};
		struct cube3_optimal_options ucorners = {.table = CUBE3_OPTIMAL_TABLE_SMALL_UCORNERS,
		    .threads = 1};
		struct cube3_optimal_stats a, b;
		struct movelist ma = MOVELIST_EMPTY, mb = MOVELIST_EMPTY;
		struct tw_error err;
		struct cube f;

		cube_solved(&f, 3);
		assert_true(cube_apply_alg(&f, cases[k].scramble, NULL));
		if (!cube3_optimal_solve(&f, &plain, &ma, &a, &err) ||
		    !cube3_optimal_solve(&f, &ucorners, &mb, &b, &err))
			fail_msg("%s: %s", cases[k].scramble, err.msg);
		if (a.lower_bound != 0 || b.lower_bound != cases[k].bound)
			fail_msg("%s: bounds %d and %d, want 0 and %d", cases[k].scramble, a.lower_bound,
			    b.lower_bound, cases[k].bound);
		if ((int)ma.len != cases[k].distance || (int)mb.len != cases[k].distance)
			fail_msg("%s: %zu and %zu moves, want %d", cases[k].scramble, ma.len, mb.len,
			    cases[k].distance);
		movelist_clear(&ma);
		movelist_clear(&mb);
	}
}

static void
bad_cubes_and_cancel_are_reported(void **unused)
{
	struct cube3_optimal_options opt = {.table = CUBE3_OPTIMAL_TABLE_SMALL, .table_depth = 7};
	struct movelist moves = MOVELIST_EMPTY;
	struct tw_error err;
	struct cube c;
	atomic_bool cancel = true;

	(void)unused;
	cube_solved(&c, 3);
	c.f[0] = 'R';            /* a corner with two R stickers */
	assert_false(cube3_optimal_solve(&c, &opt, &moves, NULL, &err));
	assert_non_null(strstr(err.msg, "corner"));
	cube_solved(&c, 3);
	cube_apply_alg(&c, "R U R' U' F2 D L2 B", NULL);
	opt.cancel = &cancel;
	assert_false(cube3_optimal_solve(&c, &opt, &moves, NULL, &err));
	assert_string_equal(err.msg, "cancelled");
	assert_int_equal(moves.len, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(conjugation_by_cubies_matches_the_facelets),
		cmocka_unit_test(symmetries_form_a_group),
		cmocka_unit_test(views_read_off_the_cubie_are_the_conjugates),
		cmocka_unit_test(face_turns_map_to_face_turns),
		cmocka_unit_test(face_turn_answers_are_shortest),
		cmocka_unit_test(a_length_cap_is_proved),
		cmocka_unit_test(quarter_turn_answers_are_shortest),
		cmocka_unit_test(bad_cubes_and_cancel_are_reported),
		cmocka_unit_test(threads_give_the_same_answer),
		cmocka_unit_test(ucorners_answers_are_shortest),
		cmocka_unit_test(the_ucorners_see_half_turns),
		cmocka_unit_test(both_tables_prove_the_same_lengths),
	};

	storage_use_table_cache();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
