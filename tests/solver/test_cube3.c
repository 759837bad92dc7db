/* The two-phase 3x3x3 solver: random-state cubes (1,000 in the slow
 * suite, 150 in the default tier, 40 under the sanitizers), each solution
 * replayed on the facelets and checked solved and at most 21 moves; short
 * answers for nearly solved cubes; cubes that cannot exist refused with
 * the reason; the phase-1 table (flip x slice classes x twist) against
 * a breadth-first search over the raw coordinates near phase 1's goal
 * and along random walks; phase 2's class forms against the cubie. */
#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
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
#include "solvers/cube/cube3_tables.h"
#include "solvers/cube/optimal_tables.h"
#include "solvers/cube/symmetry.h"
#include "ui/storage.h"

static const struct cube3_options defaults = {.target = 20};

static int
solve_and_replay(const struct cube *c)
{
	struct movelist moves = MOVELIST_EMPTY;
	struct tw_error err;
	struct cube replay = *c;
	size_t i;
	int len;

	if (!cube3_solve(c, &defaults, &moves, &err))
		fail_msg("%s: %s", c->f, err.msg);
	for (i = 0; i < moves.len; i++)
		assert_true(cube_apply_alg(&replay, moves.moves[i], NULL));
	if (!cube_is_solved(&replay))
		fail_msg("solution does not solve %s", c->f);
	len = (int)moves.len;
	movelist_clear(&moves);
	return len;
}

static void
random_state_cubes_are_solved_in_at_most_21(void **unused)
{
	struct tw_rng rng;
	int count = tier_pick(1000, 150, 40), k, total = 0, worst = 0;

	(void)unused;
	printf("# tables built in %.2f s\n", cube3_prepare());
	tw_rng_seed(&rng, 333);
	for (k = 0; k < count; k++) {
		struct cube c;
		int len;

		cube3_random(&rng, &c);
		len = solve_and_replay(&c);
		assert_true(len <= CUBE3_BOUND);
		total += len;
		worst = len > worst ? len : worst;
	}
	printf("# %d cubes: mean %.2f moves, longest %d\n", count,
	    (double)total / count, worst);
}

static void
nearly_solved_cubes_get_short_answers(void **unused)
{
	static const struct {
		const char *scramble;
		int at_most;
	} cases[] = {
		{"", 0}, {"R", 1}, {"U2", 1}, {"R U", 2}, {"R U R' U'", 4},
		{"F2 B2 L2", 3}, {"R U2 D' B", 4},
	};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct cube c;
		int len;

		cube_solved(&c, 3);
		assert_true(cube_apply_alg(&c, cases[i].scramble, NULL));
		len = solve_and_replay(&c);
		if (len > cases[i].at_most)
			fail_msg("'%s' took %d moves", cases[i].scramble, len);
	}
}

/* Phase 1's coordinates packed in 32 bits: twist, flip, slice. */
static uint32_t
pack1(unsigned twist, unsigned flip, unsigned slice)
{
	return (twist << 11 | flip) << 9 | slice;
}

/* Inserts key into an open-addressing set of 2^bits slots (0 empty, so
 * keys are stored plus one); false if it was there. */
static bool
set_insert(uint32_t *set, int bits, uint32_t key)
{
	size_t mask = ((size_t)1 << bits) - 1, i = (size_t)(key * 2654435761u) & mask;

	for (; set[i] != 0; i = (i + 1) & mask)
		if (set[i] == key + 1)
			return false;
	set[i] = key + 1;
	return true;
}

/* Phase 1's table, read as the search reads it (the flipslice's class,
 * the twist conjugated by the class's symmetry: the optimal solver's
 * table over flip x slice classes x twist), against a breadth-first
 * search over the raw coordinates from phase 1's goal to depth 5: every
 * position there has its own depth, and the positions of random walks
 * beyond are neither nearer than their walk nor more than one apart from
 * one move to the next, and at 0 only in phase 1's goal. */
static void
phase1_table_gives_phase1_distances(void **unused)
{
	enum { DEPTH = 5, BITS = 23, MAXLEVEL = 1 << 20 };
	const struct variant *v = optimal_variant(CUBE3_OPTIMAL_TABLE_SMALL, CUBE3_OPTIMAL_HTM);
	struct optimal_tables t;
	struct tw_error err = {0};
	uint32_t *set = calloc((size_t)1 << BITS, sizeof *set);
	uint32_t *level = malloc(MAXLEVEL * sizeof *level), *next = malloc(MAXLEVEL * sizeof *next);
	const struct cube3_tables *ct = cube3_tables_get(NULL, NULL);
	struct cubie solved;
	size_t n = 1, nn, q;
	int depth, m, goal_slice, walk;
	struct tw_rng rng;

	(void)unused;
	assert_non_null(set);
	assert_non_null(level);
	assert_non_null(next);
	assert_non_null(ct);
	if (!optimal_tables_load(v, CUBE3_OPTIMAL_HTM, 0, false, NULL, &t, &err))
		fail_msg("%s", err.msg);
	cubie_identity(&solved);
	goal_slice = optimal_table_slice(&t, &solved);
	level[0] = pack1(0, 0, (unsigned)goal_slice);
	set_insert(set, BITS, level[0]);
	for (depth = 0; depth <= DEPTH; depth++) {
		for (q = 0; q < n; q++) {
			unsigned tw = level[q] >> 20, fl = level[q] >> 9 & 2047, sl = level[q] & 511;

			assert_int_equal(optimal_phase1_distance(&t, (int)tw, (int)fl, (int)sl), depth);
		}
		if (depth == DEPTH)
			break;
		for (nn = 0, q = 0; q < n; q++)
			for (m = 0; m < CUBIE_MOVES; m++) {
				unsigned tw = level[q] >> 20, fl = level[q] >> 9 & 2047, sl = level[q] & 511;
				uint32_t kid = pack1(t.fixed->twist_move[tw][m], t.fixed->flip_move[fl][m],
				    t.tslice_move[sl * CUBIE_MOVES + (unsigned)m]);

				if (set_insert(set, BITS, kid)) {
					assert_true(nn < MAXLEVEL);
					next[nn++] = kid;
				}
			}
		memcpy(level, next, nn * sizeof *next);
		n = nn;
	}
	tw_rng_seed(&rng, 3301);
	for (walk = 0; walk < 200; walk++) {
		struct cubie c = solved;
		int last = 0, i;

		for (i = 1; i <= 16; i++) {
			int h, tw, fl, sl;

			cubie_multiply(&c, &ct->move[tw_rng_below(&rng, CUBIE_MOVES)], &c);
			tw = cubie_twist(&c);
			fl = cubie_flip(&c);
			sl = optimal_table_slice(&t, &c);
			h = optimal_phase1_distance(&t, tw, fl, sl);
			if (h > i || h - last > 1 || last - h > 1 ||
			    (h == 0) != (tw == 0 && fl == 0 && sl == goal_slice))
				fail_msg("walk %d, move %d: phase-1 distance %d after %d", walk, i, h, last);
			last = h;
		}
	}
	free(set);
	free(level);
	free(next);
}

/* The corners' combination as the phase-2 tables number it: the rank of
 * the U corners' places among the 70 four-place masks, then the parity. */
static int
ccomb_of(const struct cubie *c)
{
	int mask = 0, rank = 0, i;

	for (i = 0; i < 8; i++)
		if (c->cp[i] < 4)
			mask |= 1 << i;
	for (i = 0; i < mask; i++)
		rank += __builtin_popcount((unsigned)i) == 4;
	return rank * 2 + cubie_parity(c->cp, 8);
}

/* The class form (class << 4 | s) of the corner (corners true) or U-D
 * edge permutation of c checked: conjugating c by s gives the class's
 * representative (a permutation whose own form is class << 4). */
static void
check_class_form(const struct cube3_tables *t, const struct cubie *c, int form, bool corners)
{
	struct cubie d;
	int x;

	sym_conjugate(form & 15, c, &d);
	x = corners ? cube3_cperm_of(&d) : cube3_eperm_of(&d);
	assert_int_equal((corners ? t->cperm_class : t->eperm_class)[x], form & ~15);
}

/* The composed form after a move, as the search finds it. */
static int
form_after(const struct cube3_tables *t, const uint16_t (*move)[10], int form, int k)
{
	int r = move[form >> 4][t->sym_move2[form & 15][k]];

	return (r & ~15) | t->sym_mult[r & 15][form & 15];
}

static int
form_of_inverse(const struct cube3_tables *t, const uint16_t *rep_inv, int form)
{
	int r = rep_inv[form >> 4];

	return (r & ~15) | t->sym_mult[r & 15][form & 15];
}

/* Phase 2 holds the corner and edge permutations in class form and
 * composes the symmetries move by move (cube3.c): along random walks in
 * the phase-2 group the forms of the position and of its inverse stay
 * true to the cubie, and the corners' combination read through the
 * edges' symmetry is the conjugate's. (The tables over classes are
 * checked entry by entry against the raw ones when they are built.) */
static void
phase2_class_forms_follow_the_cubie(void **unused)
{
	const struct cube3_tables *t = cube3_tables_get(NULL, NULL);
	struct tw_rng rng;
	int walk, step;

	(void)unused;
	assert_non_null(t);
	sym_init();
	tw_rng_seed(&rng, 28);
	for (walk = 0; walk < tier_pick(200, 50, 10); walk++) {
		struct cubie c;
		int cp, ep;

		cubie_identity(&c);
		cp = t->cperm_class[0];
		ep = t->eperm_class[0];
		for (step = 0; step < 60; step++) {
			int k = (int)tw_rng_below(&rng, 10);
			struct cubie inv, d;

			cubie_multiply(&c, &t->move[cube3_phase2_moves[k]], &c);
			cp = form_after(t, t->cperm_sym_move, cp, k);
			ep = form_after(t, t->eperm_sym_move, ep, k);
			check_class_form(t, &c, cp, true);
			check_class_form(t, &c, ep, false);
			cubie_inverse(&c, &inv);
			check_class_form(t, &inv, form_of_inverse(t, t->cperm_rep_inv, cp), true);
			check_class_form(t, &inv, form_of_inverse(t, t->eperm_rep_inv, ep), false);
			sym_conjugate(ep & 15, &c, &d);
			assert_int_equal(t->ccomb_conj[t->ccomb_of_crep[cp >> 4]]
			    [t->sym_mult_inv[ep & 15][cp & 15]], ccomb_of(&d));
			assert_int_equal(t->sperm_conj[cube3_sperm_of(&c)][ep & 15], cube3_sperm_of(&d));
		}
	}
}

/* Cubes one turn of R, F, L or B (or U R, F U) on each side of a word in
 * the phase-2 group: a pre-move can bring them into the group, where
 * phase 1 may end on a half turn or a U or D turn, a last move with no
 * twin quarter turn to try (cube3.c, start_phase2: it is kept as it
 * is); every answer is replayed. */
static void
cubes_next_to_the_phase2_group_are_solved(void **unused)
{
	static const char *const inside[] = {"U", "U2", "U'", "D", "D2", "D'", "R2", "L2",
	    "F2", "B2"};
	static const char *const outside[] = {"R", "F", "L", "B", "R'", "F'", "L'", "B'",
	    "U R", "F U"};
	int count = tier_pick(3000, 600, 150), k;
	struct tw_rng rng;

	(void)unused;
	tw_rng_seed(&rng, 7);
	for (k = 0; k < count; k++) {
		struct cube c;
		char alg[400];
		int n = 0, i, len = 6 + (int)tw_rng_below(&rng, 14);

		n += snprintf(alg + n, sizeof alg - (size_t)n, "%s", outside[tw_rng_below(&rng, 10)]);
		for (i = 0; i < len; i++)
			n += snprintf(alg + n, sizeof alg - (size_t)n, " %s",
			    inside[tw_rng_below(&rng, 10)]);
		snprintf(alg + n, sizeof alg - (size_t)n, " %s", outside[tw_rng_below(&rng, 10)]);
		cube_solved(&c, 3);
		assert_true(cube_apply_alg(&c, alg, NULL));
		assert_true(solve_and_replay(&c) <= CUBE3_BOUND);
	}
}

/* A cube held another way up is solved as it stands, by face turns
 * only: a hint is never a rotation. */
static void
turned_cubes_are_solved_by_face_turns_only(void **unused)
{
	static const char *const holds[] = {"x y", "z'", "x2 y'", "y"};

	(void)unused;
	for (size_t k = 0; k < sizeof holds / sizeof holds[0]; k++) {
		struct movelist moves = MOVELIST_EMPTY;
		struct cube c, replay;
		char alg[64];

		cube_solved(&c, 3);
		snprintf(alg, sizeof alg, "R U F %s", holds[k]);
		assert_true(cube_apply_alg(&c, alg, NULL));
		assert_true(cube3_solve(&c, &defaults, &moves, NULL));
		replay = c;
		for (size_t i = 0; i < moves.len; i++) {
			assert_true(strchr("xyz", moves.moves[i][0]) == NULL);
			assert_true(cube_apply_alg(&replay, moves.moves[i], NULL));
		}
		assert_true(cube_is_solved(&replay));
		assert_true(moves.len <= 3);
		movelist_clear(&moves);
	}
}

static atomic_bool spin_stop;

static void *
spin(void *unused)
{
	volatile unsigned long x = 0;

	(void)unused;
	while (!atomic_load(&spin_stop))
		x++;
	return NULL;
}

static char *
answer_of(const struct cube *c)
{
	struct movelist moves = MOVELIST_EMPTY;
	struct tw_error err;
	char *line;

	if (!cube3_solve(c, &defaults, &moves, &err))
		fail_msg("%s", err.msg);
	line = movelist_join(&moves, &err);
	movelist_clear(&moves);
	assert_non_null(line);
	return line;
}

/* The search stops on a work budget (nodes), not on the clock: a cube's
 * answer is the one recorded here on every machine, idle or with both
 * cores busy. A change to the search updates the recorded answers. */
static void
answers_are_the_same_idle_and_under_load(void **unused)
{
	static const char *const recorded[3] = {
		"R2 F D' F2 L D L2 B D' F L' U R2 D B2 D F2 U2 L2 U'",
		"D' B R F' U' R' U2 B U R' D F2 L2 U2 L2 B2 D' F2 B2 D2",
		"L2 F U' L' F' D L2 B' U2 B2 L2 U2 L' U2 D2 L2 F2 L D",
	};
	struct tw_rng rng;
	pthread_t busy[2];
	int k, t;

	(void)unused;
	for (int loaded = 0; loaded < 2; loaded++) {
		if (loaded) {
			atomic_store(&spin_stop, false);
			for (t = 0; t < 2; t++)
				assert_int_equal(pthread_create(&busy[t], NULL, spin, NULL), 0);
		}
		tw_rng_seed(&rng, 4242);
		for (k = 0; k < 3; k++) {
			struct cube c;
			char *line;

			cube3_random(&rng, &c);
			line = answer_of(&c);
			assert_string_equal(line, recorded[k]);
			free(line);
		}
		if (loaded) {
			atomic_store(&spin_stop, true);
			for (t = 0; t < 2; t++)
				pthread_join(busy[t], NULL);
		}
	}
}

static void
impossible_cubes_are_refused_with_the_reason(void **unused)
{
	static const struct {
		int a, b, c;        /* facelets cycled (c may be -1: swap a, b) */
		const char *reason;
	} cases[] = {
		{8, 9, 20, "twisted corner"},          /* URF corner turned in place */
		{5, 10, -1, "flipped edge"},           /* UR edge flipped */
		{0, 36, 47, "twisted corner"},
	};
	struct cube c;
	struct tw_error err = {0};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char t;

		cube_solved(&c, 3);
		assert_true(cube_apply_alg(&c, "R U", NULL));
		t = c.f[cases[i].a];
		if (cases[i].c < 0) {
			c.f[cases[i].a] = c.f[cases[i].b];
			c.f[cases[i].b] = t;
		} else {
			c.f[cases[i].a] = c.f[cases[i].b];
			c.f[cases[i].b] = c.f[cases[i].c];
			c.f[cases[i].c] = t;
		}
		assert_false(cube3_validate(&c, &err));
		if (strstr(err.msg, cases[i].reason) == NULL)
			fail_msg("case %zu: got '%s'", i, err.msg);
	}
	/* Two edges swapped: parity. UF <-> UR, both stickers each. */
	cube_solved(&c, 3);
	c.f[7] = 'U'; c.f[19] = 'R'; c.f[5] = 'U'; c.f[10] = 'F';
	assert_false(cube3_validate(&c, &err));
	assert_non_null(strstr(err.msg, "parity"));
	/* A corner no cube has: two U stickers on it. */
	cube_solved(&c, 3);
	c.f[9] = 'U';
	c.f[0] = 'R';
	assert_false(cube3_validate(&c, &err));
	assert_non_null(strstr(err.msg, "no corner has"));
	cube_solved(&c, 2);
	assert_false(cube3_validate(&c, &err));
	assert_non_null(strstr(err.msg, "2x2x2"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(random_state_cubes_are_solved_in_at_most_21),
		cmocka_unit_test(nearly_solved_cubes_get_short_answers),
		cmocka_unit_test(cubes_next_to_the_phase2_group_are_solved),
		cmocka_unit_test(phase1_table_gives_phase1_distances),
		cmocka_unit_test(phase2_class_forms_follow_the_cubie),
		cmocka_unit_test(turned_cubes_are_solved_by_face_turns_only),
		cmocka_unit_test(impossible_cubes_are_refused_with_the_reason),
		cmocka_unit_test(answers_are_the_same_idle_and_under_load),
	};

	storage_use_table_cache();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
