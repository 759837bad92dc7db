/* The 4x4x4 phase reduction (src/solvers/cube/big/n4): the model's
 * halves and views, the pruning tables as lower bounds along random
 * walks, the pairing table against a breadth-first search near
 * solved, the merging of turns of one block in a row (pieces.h), and
 * random cubes solved short, every answer replayed with the
 * engine's parser, and the same cubes reduced alone (an edge orbit's
 * option). The default tier solves a handful of cubes (fewer
 * under the sanitizers), the slow suite a hundred (tests/common/tier.h). */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tier.h"
#include "engine/rng.h"
#include "engine/cube/rules.h"
#include "solvers/cube/big/n4/model.h"
#include "solvers/cube/big/n4/n4.h"
#include "solvers/cube/big/n4/tables.h"
#include "ui/storage.h"

static const struct r4_model *md;
static const struct r4_tables *tb;
static const struct r4_coords *co;
static const struct r4_pairing *pairing;

static int
setup(void **unused)
{
	struct tw_error err = {0};

	(void)unused;
	md = r4_model_get(&err);
	tb = r4_tables_get(&co, &pairing, NULL, &err);
	if (md == NULL || tb == NULL)
		fail_msg("%s", err.msg);
	return 0;
}

static void
random_cube(struct tw_rng *rng, struct cube *c, int turns)
{
	int i;

	cube_solved(c, 4);
	for (i = 0; i < turns; i++)
		r4_apply(md, c, (int)tw_rng_below(rng, R4_MOVES));
}

/* Each half holds one place of every slot, phase 3's turns keep them
 * apart, and a move on a view is its view_move on the cube as given
 * (checked on cubes other than the one the model was built from). */
static void
halves_and_views(void **unused)
{
	struct tw_rng rng;
	int s, h, v, m, k;

	(void)unused;
	for (h = 0; h < 2; h++) {
		unsigned slots = 0;

		for (s = 0; s < R4_SLOTS; s++)
			slots |= 1u << md->wing_slot[md->half_place[h][s]];
		assert_int_equal(slots, (1u << R4_SLOTS) - 1);
	}
	for (k = 0; k < R4_PHASE3_MOVES; k++)
		for (s = 0; s < R4_WINGS; s++)
			assert_int_equal(md->half_of[md->wing_to[md->phase3_moves[k]][s]], md->half_of[s]);
	tw_rng_seed(&rng, 4401);
	for (k = 0; k < 5; k++) {
		struct cube c;

		random_cube(&rng, &c, 40);
		for (v = 0; v < R4_VIEWS; v++)
			for (m = 0; m < R4_MOVES; m++) {
				struct cube a, b, turned = c;

				r4_view(md, &c, v, &a);
				r4_apply(md, &a, m);
				r4_apply(md, &turned, md->view_move[v][m]);
				r4_view(md, &turned, v, &b);
				assert_memory_equal(a.f, b.f, R4_FACELETS);
			}
	}
}

/* Phase 3's centre index of c (tables.h). */
static uint32_t
centres3(const struct cube *c)
{
	uint8_t a[R4_SLOTS];
	bool odd = false;
	int s, t;

	for (s = 0; s < R4_SLOTS; s++)
		a[r4_wing_id(md, c, md->half_place[0][s]) / 2] = (uint8_t)s;
	for (s = 0; s < R4_SLOTS; s++)
		for (t = s + 1; t < R4_SLOTS; t++)
			odd ^= a[t] < a[s];
	return (((uint32_t)r4_ud(co, c, md) * R4_N_RL + (uint32_t)r4_fb(co, c, md)) * R4_N_RL +
	    (uint32_t)r4_rl(co, c, md)) * 2 + (r4_corner_parity(md, c) ^ odd);
}

/* Phase 3 searches without Dw2, Lw2 and Bw2, ending home or turned by a
 * whole-cube half turn (model.h). On random cubes: each half turn h is
 * the axis's two wide half turns, a move m then h is h then h m h, h m h
 * turns the same axis and is a phase-3 move when m is, a wide half turn
 * is its partner then h, and the table's goals are the solved cube
 * turned by each h, at distance 0. */
static void
phase3_half_turns(void **unused)
{
	struct tw_rng rng;
	int a, m, k, j, searched = 0;

	(void)unused;
	for (j = 0; j < R4_PHASE3_MOVES; j++)
		searched += md->phase3_searched[j];
	assert_int_equal(searched, 17);
	tw_rng_seed(&rng, 4403);
	for (a = 0; a < 3; a++) {
		int near = a * 6 + 4, far = (a + 3) * 6 + 4;
		struct cube home;

		assert_int_equal(md->wide_partner[near], far);
		assert_int_equal(md->wide_partner[far], near);
		cube_solved(&home, 4);
		r4_apply(md, &home, near);
		r4_apply(md, &home, far);
		assert_int_equal(centres3(&home), tb->goal3[1 + a]);
		assert_int_equal(tb->prune3_centres[tb->goal3[1 + a]], 0);
		for (m = 0; m < R4_MOVES; m++) {
			int c = md->half_turn_conj[a][m];
			bool in3 = false, c_in3 = false;

			assert_int_equal(md->half_turn_conj[a][c], m);
			assert_int_equal(md->axis[c], md->axis[m]);
			for (j = 0; j < R4_PHASE3_MOVES; j++) {
				in3 |= md->phase3_moves[j] == m;
				c_in3 |= md->phase3_moves[j] == c;
			}
			assert_int_equal(in3, c_in3);
			for (k = 0; k < 3; k++) {
				struct cube x, y;

				random_cube(&rng, &x, 30);
				y = x;
				r4_apply(md, &x, m);
				r4_apply(md, &x, near);
				r4_apply(md, &x, far);
				r4_apply(md, &y, near);
				r4_apply(md, &y, far);
				r4_apply(md, &y, c);
				assert_memory_equal(x.f, y.f, R4_FACELETS);
				if (md->wide_partner[m] >= 0 && md->axis[m] == a) {
					random_cube(&rng, &x, 30);
					y = x;
					r4_apply(md, &x, m);
					r4_apply(md, &y, md->wide_partner[m]);
					r4_apply(md, &y, near);
					r4_apply(md, &y, far);
					assert_memory_equal(x.f, y.f, R4_FACELETS);
				}
			}
		}
	}
	assert_int_equal(tb->prune3_centres[tb->goal3[0]], 0);
}

/* r4_lift_half_turn on random walks of the searched phase-3 moves from
 * random cubes: the lifted moves take the cube where the walk does, then
 * the half turn h back; it refuses only walks without the wide turns h
 * needs (none of h's axis, and not one of each other axis). */
static void
lifts_undo_half_turns(void **unused)
{
	struct tw_rng rng;
	int walk, i, h, lifted = 0;

	(void)unused;
	tw_rng_seed(&rng, 4404);
	for (walk = 0; walk < 200; walk++) {
		uint8_t path[12], out[12];
		int len = 1 + (int)tw_rng_below(&rng, 12);
		bool axes[3] = {false, false, false};
		struct cube start, end;

		random_cube(&rng, &start, 30);
		end = start;
		for (i = 0; i < len; i++) {
			int j;

			do
				j = (int)tw_rng_below(&rng, R4_PHASE3_MOVES);
			while (!md->phase3_searched[j]);
			path[i] = md->phase3_moves[j];
			r4_apply(md, &end, path[i]);
			if (md->wide_partner[path[i]] >= 0)
				axes[md->axis[path[i]]] = true;
		}
		for (h = 0; h < 4; h++) {
			struct cube want = end, got = start;
			bool can = h == 0 || axes[h - 1] || (axes[h % 3] && axes[(h + 1) % 3]);

			assert_int_equal(r4_lift_half_turn(md, h, path, len, out), can);
			if (!can)
				continue;
			if (h != 0) {
				r4_apply(md, &want, (h - 1) * 6 + 4);
				r4_apply(md, &want, (h + 2) * 6 + 4);
			}
			for (i = 0; i < len; i++)
				r4_apply(md, &got, out[i]);
			assert_memory_equal(got.f, want.f, R4_FACELETS);
			lifted += h != 0;
		}
	}
	assert_true(lifted > 200);
}

/* Phase 3's two bounds for c: the centre table's and the pairing's
 * (with the parity, the centre index's lowest bit). */
static void
phase3_bounds(const struct cube *c, int *centres, int *pairs)
{
	uint8_t a[R4_SLOTS], b[R4_SLOTS], pi[R4_SLOTS];
	uint32_t at = centres3(c);
	int s;

	for (s = 0; s < R4_SLOTS; s++) {
		a[r4_wing_id(md, c, md->half_place[0][s]) / 2] = (uint8_t)s;
		b[r4_wing_id(md, c, md->half_place[1][s]) / 2] = (uint8_t)s;
	}
	for (s = 0; s < R4_SLOTS; s++)
		pi[a[s]] = b[s];
	*pairs = r4_pairing_bound(pairing, r4_pairing_index(pairing, pi, at & 1));
	*centres = tb->prune3_centres[at];
}

/* Along random walks of each phase's moves from the solved cube, no
 * table says more than the walk's length, and one move changes a bound
 * by at most one (a table that breaks either would make the search miss
 * answers or take longer ones). Phase 1's walks take any turn, phase 2's
 * its 28, phase 3's its 20. */
static void
tables_are_lower_bounds(void **unused)
{
	struct tw_rng rng;
	int phase, walk, i;

	(void)unused;
	tw_rng_seed(&rng, 4402);
	for (phase = 1; phase <= 3; phase++)
		for (walk = 0; walk < 30; walk++) {
			struct cube c;
			int last[2] = {0, 0};

			cube_solved(&c, 4);
			for (i = 1; i <= 14; i++) {
				int h[2] = {0, 0}, k;

				if (phase == 1) {
					r4_apply(md, &c, (int)tw_rng_below(&rng, R4_MOVES));
					h[0] = tb->prune1[r4_rank1(r4_centre_mask(&c, md, 1, 4))];
				} else if (phase == 2) {
					r4_apply(md, &c, md->phase2_moves[tw_rng_below(&rng, R4_PHASE2_MOVES)]);
					h[0] = tb->prune2[((uint32_t)r4_udfb(co, &c, md) * R4_N_RL +
					    (uint32_t)r4_rl(co, &c, md)) * 2 + r4_wing_parity(md, &c)];
				} else {
					r4_apply(md, &c, md->phase3_moves[tw_rng_below(&rng, R4_PHASE3_MOVES)]);
					phase3_bounds(&c, &h[0], &h[1]);
				}
				for (k = 0; k < 2; k++) {
					if (h[k] > i || h[k] - last[k] > 1 || last[k] - h[k] > 1)
						fail_msg("phase %d, walk %d, move %d: bound %d after %d", phase,
						    walk, i, h[k], last[k]);
					last[k] = h[k];
				}
			}
		}
}

/* A pairing and its parity (pi[R4_SLOTS]) packed 4 bits a slot, plus
 * one (0 marks an empty place). */
static uint64_t
pack_pairing(const uint8_t *pi)
{
	uint64_t key = 0;
	int s;

	for (s = 0; s <= R4_SLOTS; s++)
		key = key << 4 | pi[s];
	return key + 1;
}

/* Inserts key; false if it was there. */
static bool
insert_key(uint64_t *set, size_t mask, uint64_t key)
{
	size_t i = (size_t)(key * 0x9e3779b97f4a7c15ull >> 20) & mask;

	for (; set[i] != 0; i = (i + 1) & mask)
		if (set[i] == key)
			return false;
	set[i] = key;
	return true;
}

/* The pairing table against a breadth-first search over the pairings
 * and their parities themselves (no symmetry, no ranks) to depth 6:
 * every pair there has its own depth in the table, and so has each of
 * its conjugates by the table's symmetries. */
static void
pairing_table_is_exact_near_solved(void **unused)
{
	enum { DEPTH = 6, SET = 1 << 20 };
	uint64_t *set = calloc(SET, sizeof *set);
	uint8_t (*level)[R4_SLOTS + 1] = malloc(200000 * sizeof *level), (*next)[R4_SLOTS + 1];
	size_t n = 1, nn, q, seen = 1;
	int depth, j, s, k;

	(void)unused;
	next = malloc(200000 * sizeof *next);
	assert_non_null(set);
	assert_non_null(level);
	assert_non_null(next);
	assert_true(pairing->nsyms > 1);
	for (s = 0; s <= R4_SLOTS; s++)
		level[0][s] = (uint8_t)(s % R4_SLOTS);
	insert_key(set, SET - 1, pack_pairing(level[0]));
	for (depth = 0; depth <= DEPTH; depth++) {
		for (q = 0; q < n; q++)
			for (k = 0; k < pairing->nsyms; k++) {
				uint8_t image[R4_SLOTS];
				int got;

				for (s = 0; s < R4_SLOTS; s++)
					image[pairing->sym_slot[k][s]] = pairing->sym_slot[k][level[q][s]];
				got = r4_pairing_bound(pairing, r4_pairing_index(pairing, image,
				    level[q][R4_SLOTS]));
				if (got != depth)
					fail_msg("a pairing at depth %d (symmetry %d, parity %d): the table says %d",
					    depth, k, level[q][R4_SLOTS], got);
			}
		if (depth == DEPTH)
			break;
		for (nn = 0, q = 0; q < n; q++)
			for (j = 0; j < R4_PHASE3_MOVES; j++) {
				uint8_t kid[R4_SLOTS + 1];

				for (s = 0; s < R4_SLOTS; s++)
					kid[md->half_slot_to[0][j][s]] = md->half_slot_to[1][j][level[q][s]];
				kid[R4_SLOTS] = level[q][R4_SLOTS] ^ md->parity_flip[j];
				if (!insert_key(set, SET - 1, pack_pairing(kid)))
					continue;
				assert_true(nn < 200000);
				memcpy(next[nn++], kid, sizeof kid);
			}
		memcpy(level, next, nn * sizeof *next);
		n = nn;
		seen += nn;
	}
	assert_true(seen > 10000);
	free(set);
	free(level);
	free(next);
}

/* Turns of one block in a row merge (pieces.h), and only the merges at
 * or after the finish's start count against it; the merged list turns a
 * cube as the original does. */
static void
block_turns_merge(void **unused)
{
	/* R, R2 -> R'; U U' -> nothing; Rw Rw -> Rw2; F stays. */
	uint8_t moves[] = {6, 7, 0, 2, 9, 9, 12};
	uint8_t copy[sizeof moves];
	int merged, n, i;
	struct cube a, b;

	(void)unused;
	memcpy(copy, moves, sizeof moves);
	n = cube_merge_block_turns(moves, 7, 3, &merged);
	assert_int_equal(n, 3);
	assert_int_equal(moves[0], 8);
	assert_int_equal(moves[1], 10);
	assert_int_equal(moves[2], 12);
	assert_int_equal(merged, 3);   /* U' cancels U (2), the second Rw (1) */
	cube_solved(&a, 4);
	b = a;
	for (i = 0; i < 7; i++)
		r4_apply(md, &a, copy[i]);
	for (i = 0; i < n; i++)
		r4_apply(md, &b, moves[i]);
	assert_string_equal(a.f, b.f);
}

/* The same cube with the reduction alone (an edge orbit of a bigger
 * cube): the answer reduces c to a 3x3x3 (the cube is solved only if the
 * 3x3x3 happened to be), is the whole answer's reduction (the tokens
 * before its finish; the last may differ where the finish's first
 * merged into it), and counts no finish. */
static void
reduction_alone(const struct cube *c, const struct movelist *whole, const struct cube_reduce_stats *whole_st)
{
	struct cube_reduce_options opt = {.reduction_only = true};
	struct movelist m = MOVELIST_EMPTY;
	struct cube_reduce_stats st;
	struct tw_error err;
	struct cube w = *c;
	size_t i, reduced = (size_t)(whole_st->moves[REDUCE_CENTRES] + whole_st->moves[REDUCE_EDGES]);

	if (!cube4_reduce_solve(c, &opt, &m, &st, &err))
		fail_msg("cube:4:%s, the reduction alone: %s", c->f, err.msg);
	assert_int_equal(st.moves[REDUCE_FINISH], 0);
	assert_int_equal((long)m.len, st.moves[REDUCE_CENTRES] + st.moves[REDUCE_EDGES]);
	assert_int_equal(m.len, reduced);
	for (i = 0; i < m.len; i++) {
		struct cube_move mv;

		if (i + 1 < m.len)
			assert_string_equal(m.moves[i], whole->moves[i]);
		if (!cube_move_parse(4, m.moves[i], &mv, &err))
			fail_msg("move %zu '%s': %s", i + 1, m.moves[i], err.msg);
		cube_move_do(&w, &mv);
	}
	if (!r4_reduced(md, &w))
		fail_msg("cube:4:%s: the reduction alone does not reduce it", c->f);
	movelist_clear(&m);
}

static void
random_cubes_are_solved_short(void **unused)
{
	int count = tier_pick(100, 4, 2), k;
	long total = 0, most = 0;
	void *params;
	size_t used;
	struct tw_rng rng;

	(void)unused;
	params = cube_params_parse("4", &used, NULL);
	assert_non_null(params);
	tw_rng_seed(&rng, 4403);
	for (k = 0; k < count; k++) {
		struct cube *c = cube_scramble(params, &rng, NULL), w;
		struct movelist m = MOVELIST_EMPTY;
		struct cube_reduce_stats st;
		struct tw_error err;
		size_t i;

		assert_non_null(c);
		if (!cube4_reduce_solve(c, NULL, &m, &st, &err))
			fail_msg("cube:4:%s: %s", c->f, err.msg);
		w = *c;
		for (i = 0; i < m.len; i++) {
			struct cube_move mv;

			if (!cube_move_parse(4, m.moves[i], &mv, &err))
				fail_msg("move %zu '%s': %s", i + 1, m.moves[i], err.msg);
			/* Outer block turns only: one token, one OBTM move. */
			assert_true(mv.first == 1 && mv.last <= 2);
			cube_move_do(&w, &mv);
		}
		if (!cube_is_solved(&w))
			fail_msg("cube:4:%s: the answer does not solve it", c->f);
		assert_int_equal((long)m.len, st.moves[REDUCE_CENTRES] + st.moves[REDUCE_EDGES] +
		    st.moves[REDUCE_FINISH]);
		total += (long)m.len;
		if ((long)m.len > most)
			most = (long)m.len;
		reduction_alone(c, &m, &st);
		movelist_clear(&m);
		free(c);
	}
	/* TPR-4x4x4-Solver: 44.4 on average, at most 47 in 2,000 cubes; the
	 * bench measures 45.5 here on 20. */
	if (total > 47L * count || most > 52)
		fail_msg("mean %.2f, longest %ld OBTM over %d cubes", (double)total / count, most, count);
	cube_params_free(params);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(halves_and_views),
		cmocka_unit_test(phase3_half_turns),
		cmocka_unit_test(lifts_undo_half_turns),
		cmocka_unit_test(tables_are_lower_bounds),
		cmocka_unit_test(pairing_table_is_exact_near_solved),
		cmocka_unit_test(block_turns_merge),
		cmocka_unit_test(random_cubes_are_solved_short),
	};

	storage_use_table_cache();
	return cmocka_run_group_tests(tests, setup, NULL);
}
