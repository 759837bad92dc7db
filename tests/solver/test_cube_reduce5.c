/* The 5x5x5 phase reduction's phases 1 to 3 (src/solvers/cube/big/n5):
 * the model (views, halves, the midge flip rule, the places' moves) on
 * cubes other than the one it was built from, the pruning tables as
 * lower bounds along random walks of each phase's own turns, phase 1's
 * symmetries (moves conjugated into moves, the goal kept) and its
 * combined table (a bound that a turn changes by at most one, exact
 * against a breadth-first search over raw X and T masks), and random
 * cubes through both phases with every end replayed on the facelet
 * engine and its goals checked; phase 3's goal set, coordinates (against
 * the facelets), tables (lower bounds on walks, the symmetric wings x
 * midges table exact near the goal against a raw breadth-first search,
 * the same shortest total with and without it), and its ends replayed
 * with all three phases' goals checked on the facelets; phases 4 and 5's
 * tables (test_cube_reduce5_p45.c); and the reduction alone (an edge
 * orbit's option) against the whole solve. The default tier runs a
 * handful of cubes (fewer under the sanitizers), the slow suite fifty
 * (tests/common/tier.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tier.h"
#include "test_cube_reduce5.h"
#include "engine/rng.h"
#include "engine/cube/rules.h"
#include "solvers/cube/big/n5/model.h"
#include "solvers/cube/big/n5/n5.h"
#include "solvers/cube/big/n5/tables.h"
#include "solvers/cube/big/n5/phase1_table.h"
#include "solvers/cube/big/n5/phase3_wm.h"
#include "solvers/cube/big/n5/phase45.h"
#include "ui/storage.h"

static const struct r5_model *md;
static const struct r5_tables *tb;
static const struct r5_coords *co;
static const struct r5_syms *sy;
static const uint64_t *xt;
static const struct r5_p3_tables *t3;
static const struct r5_p3_coords *k3;
static const struct r5_p3_wm_table *wm;
static const struct r5_p3_wm_syms *wsy;

static int
setup(void **unused)
{
	struct tw_error err = {0};

	(void)unused;
	md = r5_model_get(&err);
	tb = r5_tables_get(&co, NULL, &err);
	if (md == NULL || tb == NULL)
		fail_msg("%s", err.msg);
	xt = r5_xt_table(&sy);
	assert_non_null(xt);
	t3 = r5_p3_tables_get(&k3, NULL, &err);
	if (t3 == NULL)
		fail_msg("%s", err.msg);
	wm = r5_p3_wm_get(&wsy, NULL, &err);
	if (wm == NULL)
		fail_msg("%s", err.msg);
	return 0;
}

static void
random_cube(struct tw_rng *rng, struct cube *c, int turns)
{
	int i;

	cube_solved(c, 5);
	for (i = 0; i < turns; i++)
		r5_apply(md, c, (int)tw_rng_below(rng, R5_MOVES));
}

static bool
rl_quarter(int m)
{
	return m / 6 % 3 == 1 && m % 3 != 1;
}

/* Every place's move and flip as the facelets say, on random cubes. */
static void
model_on_other_cubes(void **unused)
{
	struct tw_rng rng;
	int k, m, p, v;

	(void)unused;
	tw_rng_seed(&rng, 5501);
	for (k = 0; k < 5; k++) {
		struct cube c;

		random_cube(&rng, &c, 60);
		for (m = 0; m < R5_MOVES; m++) {
			struct cube turned = c;
			uint32_t x = 0, t = 0, x_in = r5_x_mask(md, &c, 1, 4), t_in = r5_t_mask(md, &c, 1, 4);

			r5_apply(md, &turned, m);
			for (p = 0; p < 24; p++) {
				x |= (x_in >> p & 1u) << md->x_to[m][p];
				t |= (t_in >> p & 1u) << md->t_to[m][p];
				assert_int_equal(r5_wing_id(md, &turned, md->wing_to[m][p]), r5_wing_id(md, &c, p));
			}
			assert_int_equal(x, r5_x_mask(md, &turned, 1, 4));
			assert_int_equal(t, r5_t_mask(md, &turned, 1, 4));
			assert_int_equal(r5_wing_parity(md, &turned), r5_wing_parity(md, &c) ^ md->wing_odd[m]);
			/* The midge flip rule: R, L, Rw, Lw quarter turns flip
			 * every midge they move, nothing else flips one. */
			for (p = 0; p < R5_SLOTS; p++) {
				int before = r5_midge_id(md, &c, p), after = r5_midge_id(md, &turned, md->midge_to[m][p]);

				assert_int_equal(before >> 1, after >> 1);
				assert_int_equal((before ^ after) & 1, rl_quarter(m) && md->midge_to[m][p] != p);
				assert_int_equal(md->midge_flip[m][p], (before ^ after) & 1);
			}
		}
		for (v = 0; v < R5_VIEWS; v++)
			for (m = 0; m < R5_MOVES; m++) {
				struct cube a, b, turned = c;

				r5_view(md, &c, v, &a);
				r5_apply(md, &a, m);
				r5_apply(md, &turned, md->view_move[v][m]);
				r5_view(md, &turned, v, &b);
				assert_memory_equal(a.f, b.f, R5_FACELETS);
			}
	}
}

/* Each half holds one place of every slot; U, F, D, B face turns and
 * half turns keep the halves, every other turn (R, L, wide quarter
 * turns) mixes them. */
static void
halves(void **unused)
{
	int h, s, m, p;

	(void)unused;
	for (h = 0; h < 2; h++) {
		unsigned slots = 0;

		for (s = 0; s < R5_SLOTS; s++) {
			slots |= 1u << md->wing_slot[md->half_place[h][s]];
			assert_int_equal(md->half_of[md->half_place[h][s]], h);
		}
		assert_int_equal(slots, (1u << R5_SLOTS) - 1);
	}
	for (m = 0; m < R5_MOVES; m++) {
		bool keeps = (m / 3 % 2 == 0 && m / 6 % 3 != 1) || m % 3 == 1, mixed = false;

		for (p = 0; p < R5_WINGS; p++)
			mixed |= md->half_of[md->wing_to[m][p]] != md->half_of[p];
		if (mixed == keeps)
			fail_msg("%s: mixes the halves %d", md->name[m], mixed);
	}
}

/* Along random walks of each phase's turns from the solved cube, no
 * table says more than the walk's length, one turn changes a bound by at
 * most one, and phase 2's move tables follow the cube. */
static void
tables_are_lower_bounds(void **unused)
{
	struct tw_rng rng;
	int phase, walk, i;

	(void)unused;
	tw_rng_seed(&rng, 5502);
	for (phase = 1; phase <= 2; phase++)
		for (walk = 0; walk < 40; walk++) {
			struct cube c;
			int last[2] = {0, 0}, x = co->goal2, t = co->goal2, par = 0;

			cube_solved(&c, 5);
			for (i = 1; i <= 16; i++) {
				int h[2], k;

				if (phase == 1) {
					r5_apply(md, &c, (int)tw_rng_below(&rng, R5_MOVES));
					h[0] = tb->prune1_x[r5_rank1(co, r5_x_mask(md, &c, 1, 4))];
					h[1] = tb->prune1_t[r5_rank1(co, r5_t_mask(md, &c, 1, 4))];
				} else {
					int j = (int)tw_rng_below(&rng, R5_PHASE2_MOVES);

					r5_apply(md, &c, md->phase2_moves[j]);
					x = tb->x2_move[x][j];
					t = tb->t2_move[t][j];
					par ^= md->wing_odd[md->phase2_moves[j]];
					assert_int_equal(x, r5_x2(co, md, &c));
					assert_int_equal(t, r5_t2(co, md, &c));
					assert_int_equal(par, r5_wing_parity(md, &c));
					assert_int_equal(r5_x_mask(md, &c, 1, 4), co->goal1);
					assert_int_equal(r5_t_mask(md, &c, 1, 4), co->goal1);
					h[0] = tb->prune2_x[x * 2 + par];
					h[1] = tb->prune2_t[t * 2 + par];
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

/* The combined bound of X and T masks. */
static int
xt_bound(uint32_t x, uint32_t t)
{
	return r5_xt_bound(xt, r5_xt_key(sy, co, r5_rank1(co, x), t));
}

/* The image of c under symmetry s: facelet facelet_to[s][d] shows what d
 * showed (the colours are not renamed: the centre masks move with it). */
static void
sym_image(int s, const struct cube *c, struct cube *out)
{
	int d;

	*out = *c;
	for (d = 0; d < R5_FACELETS; d++)
		out->f[sy->facelet_to[s][d]] = c->f[d];
}

/* The 16 symmetries: the identity first, all distinct, each keeping R
 * and L as a pair of faces and the phase-1 goal; on random cubes, s m =
 * move_conj[s][m] s on the facelets, and the mask tables follow the
 * facelets. The X classes: every rank's symmetry takes it to its class's
 * representative, which each stabiliser symmetry fixes. */
static void
symmetries(void **unused)
{
	struct tw_rng rng;
	int s, u, m, d, k;
	uint32_t r;

	(void)unused;
	tw_rng_seed(&rng, 5504);
	for (d = 0; d < R5_FACELETS; d++)
		assert_int_equal(sy->facelet_to[0][d], d);
	for (s = 0; s < R5_SYMS; s++) {
		for (u = 0; u < s; u++)
			assert_memory_not_equal(sy->facelet_to[s], sy->facelet_to[u], R5_FACELETS);
		for (d = 0; d < R5_FACELETS; d++)
			if (d / 25 == FACE_R || d / 25 == FACE_L)
				assert_true(sy->facelet_to[s][d] / 25 == FACE_R || sy->facelet_to[s][d] / 25 == FACE_L);
		assert_int_equal(r5_move_mask(sy->x_sym1[s], co->goal1), co->goal1);
		assert_int_equal(r5_move_mask(sy->t_sym1[s], co->goal1), co->goal1);
	}
	for (k = 0; k < 3; k++) {
		struct cube c;

		random_cube(&rng, &c, 60);
		for (s = 0; s < R5_SYMS; s++) {
			struct cube img;

			sym_image(s, &c, &img);
			assert_int_equal(r5_x_mask(md, &img, 1, 4), r5_move_mask(sy->x_sym1[s], r5_x_mask(md, &c, 1, 4)));
			assert_int_equal(r5_t_mask(md, &img, 1, 4), r5_move_mask(sy->t_sym1[s], r5_t_mask(md, &c, 1, 4)));
			for (m = 0; m < R5_MOVES; m++) {
				struct cube a = c, b, img2;

				r5_apply(md, &a, m);
				sym_image(s, &a, &b);
				img2 = img;
				r5_apply(md, &img2, sy->move_conj[s][m]);
				assert_memory_equal(b.f, img2.f, R5_FACELETS);
			}
		}
	}
	assert_int_equal(sy->nclasses, 46371);
	for (r = 0; r < R5_N1; r += 97) {
		unsigned cls = sy->x_class[r];
		uint32_t rep = sy->rep_mask[cls];

		assert_int_equal(r5_move_mask(sy->x_sym1[sy->x_sym[r]], r5_unrank1(r)), rep);
		for (s = 1; s < R5_SYMS; s++)
			assert_int_equal(r5_move_mask(sy->x_sym1[s], rep) == rep, sy->stab[cls] >> s & 1);
	}
}

/* Along random walks of the 36 turns from the goal, the combined bound
 * is at most the walk's length, changes by at most one a turn and is the
 * same for every symmetric image of the state. */
static void
combined_bound_on_walks(void **unused)
{
	struct tw_rng rng;
	int walk, i, s;

	(void)unused;
	tw_rng_seed(&rng, 5505);
	for (walk = 0; walk < 60; walk++) {
		uint32_t x = co->goal1, t = co->goal1;
		int last = 0;

		for (i = 1; i <= 16; i++) {
			int m = (int)tw_rng_below(&rng, R5_MOVES), h;

			x = r5_move_mask(co->x_move1[m], x);
			t = r5_move_mask(co->t_move1[m], t);
			h = xt_bound(x, t);
			if (h > i || h - last > 1 || last - h > 1)
				fail_msg("walk %d, move %d: bound %d after %d", walk, i, h, last);
			for (s = 1; s < R5_SYMS; s++)
				assert_int_equal(xt_bound(r5_move_mask(sy->x_sym1[s], x), r5_move_mask(sy->t_sym1[s], t)), h);
			last = h;
		}
	}
}

/* A set of 48-bit (X, T) mask pairs, open addressing, 0 empty (no
 * pair is 0: each mask has 8 bits). */
#define PAIR_BITS 22
static bool
pair_insert(uint64_t *set, uint64_t pair, bool insert)
{
	uint32_t at = (uint32_t)((pair * 0x9e3779b97f4a7c15ull) >> (64 - PAIR_BITS));

	for (;; at = (at + 1) & ((1u << PAIR_BITS) - 1)) {
		if (set[at] == pair)
			return false;
		if (set[at] == 0) {
			if (insert)
				set[at] = pair;
			return true;
		}
	}
}

/* A plain breadth-first search over raw (X, T) mask pairs from the goal:
 * every pair within depth turns has its distance as the combined bound,
 * and so has every pair one turn further. */
static void
combined_bound_is_exact_near_goal(void **unused)
{
	int depth = tier_pick(5, 5, 4), d, m;
	size_t cap = (size_t)1 << PAIR_BITS, nf = 1, nn, i, total = 1, wrong = 0;
	uint64_t *set = calloc(cap, sizeof *set), *frontier = malloc(cap * sizeof *frontier);
	uint64_t *next = malloc(cap * sizeof *next), *swap;

	(void)unused;
	assert_true(set != NULL && frontier != NULL && next != NULL);
	frontier[0] = (uint64_t)co->goal1 << 24 | co->goal1;
	pair_insert(set, frontier[0], true);
	for (d = 0; d <= depth; d++) {
		for (i = 0; i < nf; i++)
			if (xt_bound((uint32_t)(frontier[i] >> 24), (uint32_t)(frontier[i] & 0xffffff)) != d)
				wrong++;
		if (wrong > 0)
			fail_msg("depth %d: %zu of %zu pairs with another bound", d, wrong, nf);
		for (i = 0, nn = 0; i < nf; i++) {
			uint32_t x = (uint32_t)(frontier[i] >> 24), t = (uint32_t)(frontier[i] & 0xffffff);

			for (m = 0; m < R5_MOVES; m++) {
				uint64_t kid = (uint64_t)r5_move_mask(co->x_move1[m], x) << 24 |
				    r5_move_mask(co->t_move1[m], t);

				/* Not inserted one turn past the search. */
				if (!pair_insert(set, kid, d < depth))
					continue;
				if (d == depth) {
					/* One turn past the search: at depth + 1. */
					assert_int_equal(xt_bound((uint32_t)(kid >> 24), (uint32_t)(kid & 0xffffff)), d + 1);
					continue;
				}
				assert_true(nn < cap / 2 && total + nn < cap / 2);
				next[nn++] = kid;
			}
		}
		swap = frontier;
		frontier = next;
		next = swap;
		nf = nn;
		total += nn;
	}
	print_message("combined bound exact on %zu raw pairs within %d turns and those one turn further\n",
	    total, depth);
	free(set);
	free(frontier);
	free(next);
}

/* The goals in view v after the moves of e (on the cube as given). */
static void
check_end(const struct cube *start, const struct r5_end *e, bool by_names)
{
	uint8_t moves[R5_MAX_PHASE1 + R5_MAX_PHASE2];
	int n = r5_end_moves(e, moves), i;
	struct cube c = *start, view;

	for (i = 0; i < n; i++) {
		if (by_names) {
			struct cube_move mv;
			struct tw_error err;

			if (!cube_move_parse(5, r5_move_name(moves[i]), &mv, &err))
				fail_msg("move %d '%s': %s", i + 1, r5_move_name(moves[i]), err.msg);
			assert_true(mv.first == 1 && mv.last <= 2);
			cube_move_do(&c, &mv);
		} else {
			r5_apply(md, &c, moves[i]);
		}
		if (i + 1 == e->len1) {
			r5_view(md, &c, e->view, &view);
			assert_int_equal(r5_x_mask(md, &view, 1, 4), co->goal1);
			assert_int_equal(r5_t_mask(md, &view, 1, 4), co->goal1);
		}
	}
	r5_view(md, &c, e->view, &view);
	assert_int_equal(r5_x_mask(md, &view, 1, 4), co->goal1);
	assert_int_equal(r5_t_mask(md, &view, 1, 4), co->goal1);
	/* U and D: places 0..3 and 12..15. */
	assert_int_equal(r5_x_mask(md, &view, 0, 3), 0xf00fu);
	assert_int_equal(r5_t_mask(md, &view, 0, 3), 0xf00fu);
	assert_false(r5_wing_parity(md, &view));
	assert_false(r5_wing_parity(md, &c));
}

static void
random_cubes_through_phases(void **unused)
{
	int count = tier_pick(50, 3, 1), k, i;
	/* The default tiers look at fewer phase-1 solutions (cheaper). */
	struct r5_options opt = {.phase1_solutions = tier_pick(0, 50, 20), .phase2_ends = tier_pick(0, 100, 50)};
	long len1 = 0, len2 = 0;
	void *params;
	size_t used;
	struct tw_rng rng;

	(void)unused;
	params = cube_params_parse("5", &used, NULL);
	assert_non_null(params);
	tw_rng_seed(&rng, 5503);
	for (k = 0; k < count; k++) {
		struct cube *c = cube_scramble(params, &rng, NULL);
		struct r5_result res;
		struct tw_error err;

		assert_non_null(c);
		if (!r5_phases12(c, &opt, &res, &err))
			fail_msg("cube:5:%s: %s", c->f, err.msg);
		assert_true(res.n_ends > 0);
		for (i = 0; i < res.n_ends; i++) {
			const struct r5_end *e = &res.ends[i];

			/* By total length, the first end the shortest. */
			assert_true(e->len1 + e->len2 >= res.ends[0].len1 + res.ends[0].len2);
			check_end(c, e, i == 0);
		}
		len1 += res.ends[0].len1;
		len2 += res.ends[0].len2;
		r5_result_free(&res);
		free(c);
	}
	/* cube555 measures 10.24 and 7.96 moves; this search keeps the
	 * shortest total of its candidates, so a little under 18.2. */
	if (len1 + len2 > 20L * count)
		fail_msg("phases 1 + 2: %.2f moves over %d cubes", (double)(len1 + len2) / count, count);
	print_message("phase 1 %.2f, phase 2 %.2f moves over %d cubes\n", (double)len1 / count,
	    (double)len2 / count, count);
	cube_params_free(params);
}

/* Phase 3's goal directly on the facelets of c (an axis view) for
 * labelling lab: (a) the low wings (per lab) on half 0's places, (b)
 * every midge's orientation equal to its dedge's label bit, (c) the
 * R-coloured X- and T-centres on R and L in a split of the BFS set. */
static bool
p3_goal_on_facelets(const struct cube *c, unsigned lab)
{
	uint32_t x = r5_x_mask(md, c, 1, 1), t = r5_t_mask(md, c, 1, 1), rl = 0xf00f0u;
	int p, s;

	for (p = 0; p < R5_WINGS; p++) {
		int id = r5_wing_id(md, c, p), d = id >> 1;
		bool low = (id == k3->nat_low[d]) != (lab >> d & 1);

		if (low != (md->half_of[p] == 0))
			return false;
	}
	for (s = 0; s < R5_SLOTS; s++) {
		int mid = r5_midge_id(md, c, s);

		if ((mid & 1) != (int)(lab >> (mid >> 1) & 1))
			return false;
	}
	if ((x & ~rl) != 0 || (t & ~rl) != 0 || __builtin_popcount(x) != 4 || __builtin_popcount(t) != 4)
		return false;
	x = (x >> 4 & 0xf) | (x >> 16 & 0xf) << 4;
	t = (t >> 4 & 0xf) | (t >> 16 & 0xf) << 4;
	return k3->centre_goal[k3->split_rank[x] * R5_P3_SPLITS + k3->split_rank[t]];
}

/* A random paired cube whose centres phase 4 solves (3x3x3 face turns
 * and phase 4's turns from solved) and the labelling its midges give. */
static unsigned
random_p3_goal(struct tw_rng *rng, struct cube *c)
{
	unsigned lab = 0;
	int i, s;

	cube_solved(c, 5);
	for (i = 0; i < 30; i++) {
		int face = (int)tw_rng_below(rng, 6), turns = (int)tw_rng_below(rng, 3);

		r5_apply(md, c, face * 6 + turns);
	}
	/* The labelling of the paired cube; phase 4's turns keep it. */
	for (s = 0; s < R5_SLOTS; s++) {
		int mid = r5_midge_id(md, c, s);

		lab |= (unsigned)(mid & 1) << (mid >> 1);
	}
	for (i = 0; i < 20; i++)
		r5_apply(md, c, k3->p4_moves[tw_rng_below(rng, R5_P4_MOVES)]);
	return lab;
}

/* (c)'s set: 432 (X, T) splits (216 up to swapping R and L, 108 up to
 * swapping X's and T's colours apart, as cube555 counts), closed under
 * both swaps; (b)'s labellings are of even weight; paired cubes with
 * phase-4-solvable centres are goals under their midges' labelling, on
 * the facelets and by the coordinates, and the coordinates follow the
 * facelets under every phase-3 turn. */
static void
p3_goal_and_coordinates(void **unused)
{
	int x, t, classes = 0, k, j;
	struct tw_rng rng;

	(void)unused;
	assert_int_equal(k3->n_centre_goal, 432);
	for (x = 0; x < R5_P3_SPLITS; x++)
		for (t = 0; t < R5_P3_SPLITS; t++) {
			int xs = k3->split_rank[~k3->split_mask[x] & 0xff], ts = k3->split_rank[~k3->split_mask[t] & 0xff];
			bool g = k3->centre_goal[x * R5_P3_SPLITS + t];

			assert_int_equal(g, k3->centre_goal[xs * R5_P3_SPLITS + t]);
			assert_int_equal(g, k3->centre_goal[x * R5_P3_SPLITS + ts]);
			if (g && x <= xs && t <= ts)
				classes++;
		}
	assert_int_equal(classes, 108);
	tw_rng_seed(&rng, 5504);
	for (k = 0; k < 40; k++) {
		struct cube c, turned;
		unsigned lab = random_p3_goal(&rng, &c);
		struct r5_p3_state s;

		assert_int_equal(__builtin_popcount(lab) % 2, 0);
		assert_true(p3_goal_on_facelets(&c, lab));
		s = r5_p3_state_of(k3, md, &c, lab);
		assert_true(r5_p3_goal(k3, s));
		assert_int_equal(r5_p3_bound(t3, k3, s), 0);
		/* Off the goal: one phase-3 turn, every coordinate by the
		 * facelets. */
		for (j = 0; j < R5_P3_MOVES; j++) {
			struct r5_p3_state a = r5_p3_move(k3, s, j), b;

			turned = c;
			r5_apply(md, &turned, k3->moves[j]);
			b = r5_p3_state_of(k3, md, &turned, lab);
			assert_int_equal(a.wings, b.wings);
			assert_int_equal(a.midges, b.midges);
			assert_int_equal(a.x, b.x);
			assert_int_equal(a.t, b.t);
			assert_int_equal(r5_p3_goal(k3, a), p3_goal_on_facelets(&turned, lab));
		}
	}
}

/* Along random walks of the 24 turns from goal states, each table entry
 * is at most the walk's length and changes by at most one a turn; the
 * coordinates agree with the facelets at the walk's end. */
static void
p3_tables_are_lower_bounds(void **unused)
{
	int walks = tier_pick(400, 100, 20), k, i;
	struct tw_rng rng;

	(void)unused;
	tw_rng_seed(&rng, 5505);
	for (k = 0; k < walks; k++) {
		struct cube c;
		unsigned lab = random_p3_goal(&rng, &c);
		struct r5_p3_state s = r5_p3_state_of(k3, md, &c, lab), e;
		int cm = 0, wing = 0, w = 0;

		assert_int_equal(r5_p3_wm_bound(wm, wsy, r5_p3_rank12(k3, s.wings), s.midges), 0);
		for (i = 1; i <= 20; i++) {
			int j = (int)tw_rng_below(&rng, R5_P3_MOVES), cm2, wing2, w2;

			s = r5_p3_move(k3, s, j);
			r5_apply(md, &c, k3->moves[j]);
			cm2 = t3->cm[r5_p3_cm_index(s)];
			wing2 = t3->wing[r5_p3_rank12(k3, s.wings)];
			w2 = r5_p3_wm_bound(wm, wsy, r5_p3_rank12(k3, s.wings), s.midges);
			assert_true(cm2 <= i && wing2 <= i && w2 <= i);
			assert_true(abs(cm2 - cm) <= 1 && abs(wing2 - wing) <= 1 && abs(w2 - w) <= 1);
			/* The wings x midges entry is at least the wing split's
			 * distance to either goal (a labelling's or its
			 * complement's), up to its depth. */
			{
				int either = t3->wing[r5_p3_rank12(k3, s.wings ^ 0xffffffu)];

				either = either < wing2 ? either : wing2;
				assert_true(w2 >= (either < R5_P3_WM_DEPTH + 1 ? either : R5_P3_WM_DEPTH + 1));
			}
			cm = cm2;
			wing = wing2;
			w = w2;
		}
		e = r5_p3_state_of(k3, md, &c, lab);
		assert_true(e.wings == s.wings && e.midges == s.midges && e.x == s.x && e.t == s.t);
	}
}

/* The goals of phases 1 and 2 (in e's view) and 3 (in the end's axis
 * view, for its labelling) after the moves of e3, on the facelets. */
static void
check_end3(const struct cube *start, const struct r5_result *p12, const struct r5_end3 *e3)
{
	uint8_t moves[R5_MAX_PHASE1 + R5_MAX_PHASE2 + R5_MAX_PHASE3];
	int n = r5_end3_moves(p12, e3, moves), i;
	const struct r5_end *e = &p12->ends[e3->parent];
	struct cube c = *start, view;

	assert_int_equal(n, e->len1 + e->len2 + e3->len3);
	for (i = 0; i < n; i++)
		r5_apply(md, &c, moves[i]);
	r5_view(md, &c, e->view, &view);
	assert_int_equal(r5_x_mask(md, &view, 1, 4), co->goal1);
	assert_int_equal(r5_t_mask(md, &view, 1, 4), co->goal1);
	assert_int_equal(r5_x_mask(md, &view, 0, 3), 0xf00fu);
	assert_int_equal(r5_t_mask(md, &view, 0, 3), 0xf00fu);
	assert_false(r5_wing_parity(md, &c));
	assert_int_equal(__builtin_popcount(e3->labelling) % 2, 0);
	r5_view(md, &c, e3->axis, &view);
	if (!p3_goal_on_facelets(&view, e3->labelling))
		fail_msg("phase-3 end (parent %d, axis %d, labelling %03x, %d moves) off its goal", e3->parent,
		    e3->axis, e3->labelling, e3->len3);
}

static void
random_cubes_through_phase3(void **unused)
{
	int count = tier_pick(20, 2, 1), k, i;
	struct r5_options opt = {.phase1_solutions = tier_pick(0, 50, 20), .phase2_ends = tier_pick(0, 100, 20),
	    .phase3_ends = tier_pick(0, 100, 20)};
	long len3 = 0;
	void *params;
	size_t used;
	struct tw_rng rng;

	(void)unused;
	params = cube_params_parse("5", &used, NULL);
	assert_non_null(params);
	tw_rng_seed(&rng, 5506);
	for (k = 0; k < count; k++) {
		struct cube *c = cube_scramble(params, &rng, NULL);
		struct r5_result res;
		struct r5_result3 r3;
		struct tw_error err;
		int best;

		assert_non_null(c);
		if (!r5_phases12(c, &opt, &res, &err) || !r5_phase3(c, &res, &opt, &r3, &err))
			fail_msg("cube:5:%s: %s", c->f, err.msg);
		assert_true(r3.n_ends > 0);
		best = res.ends[r3.ends[0].parent].len1 + res.ends[r3.ends[0].parent].len2 + r3.ends[0].len3;
		for (i = 0; i < r3.n_ends; i++) {
			const struct r5_end3 *e = &r3.ends[i];
			const struct r5_end *p = &res.ends[e->parent];

			/* By total length. */
			assert_true(p->len1 + p->len2 + e->len3 >= best);
			check_end3(c, &res, e);
		}
		len3 += r3.ends[0].len3;
		r5_result3_free(&r3);
		r5_result_free(&res);
		free(c);
	}
	print_message("phase 3 %.2f moves over %d cubes\n", (double)len3 / count, count);
	cube_params_free(params);
}

/* The wings x midges table against a plain breadth-first search over raw
 * (low wing places, relabelled midges) states from the goal of a
 * labelling and of its complement: every state within depth turns has
 * its distance as its entry. */
static void
wm_exact_near_goal(void **unused)
{
	int depth = tier_pick(6, 5, 4), d, j;
	size_t cap = (size_t)1 << PAIR_BITS, nf = 2, nn, i, total = 2;
	uint64_t *set = calloc(cap, sizeof *set), *frontier = malloc(cap * sizeof *frontier);
	uint64_t *next = malloc(cap * sizeof *next), *swap;

	(void)unused;
	assert_true(set != NULL && frontier != NULL && next != NULL);
	/* Keys W << 12 | midges: never 0 (W has 12 bits). */
	frontier[0] = (uint64_t)k3->half0 << 12;
	frontier[1] = (uint64_t)(k3->half0 ^ 0xffffffu) << 12 | 0xfff;
	pair_insert(set, frontier[0], true);
	pair_insert(set, frontier[1], true);
	for (d = 0; d <= depth; d++) {
		for (i = 0; i < nf; i++) {
			uint32_t w = (uint32_t)(frontier[i] >> 12);

			if (r5_p3_wm_bound(wm, wsy, r5_p3_rank12(k3, w), (unsigned)(frontier[i] & 0xfff)) != d)
				fail_msg("depth %d: a state with entry %d", d,
				    r5_p3_wm_bound(wm, wsy, r5_p3_rank12(k3, w), (unsigned)(frontier[i] & 0xfff)));
		}
		if (d == depth)
			break;
		for (i = 0, nn = 0; i < nf; i++)
			for (j = 0; j < R5_P3_MOVES; j++) {
				struct r5_p3_state s = {(uint32_t)(frontier[i] >> 12), (uint16_t)(frontier[i] & 0xfff), 0, 0};
				uint64_t kid;

				s = r5_p3_move(k3, s, j);
				kid = (uint64_t)s.wings << 12 | s.midges;
				if (!pair_insert(set, kid, true))
					continue;
				assert_true(nn < cap / 2 && total + nn < cap / 2);
				next[nn++] = kid;
			}
		swap = frontier;
		frontier = next;
		next = swap;
		nf = nn;
		total += nn;
	}
	print_message("wings x midges table exact on %zu raw states within %d turns\n", total, depth);
	free(set);
	free(frontier);
	free(next);
}

static uint32_t
wm_sym_w(int u, uint32_t w)
{
	const uint32_t (*t)[256] = wsy->wing_sym[u];

	return (t[0][w & 0xff] | t[1][w >> 8 & 0xff] | t[2][w >> 16]) ^ (u >= 16 ? 0xffffffu : 0);
}

/* On states along random walks from the goal: each of the 32 symmetries
 * conjugates every turn into move_conj's and keeps the wings x midges
 * entry. */
static void
wm_symmetries(void **unused)
{
	struct tw_rng rng;
	int k, i, u, j;

	(void)unused;
	tw_rng_seed(&rng, 5508);
	for (k = 0; k < 20; k++) {
		struct r5_p3_state s = {k3->half0, 0, 0, 0};

		for (i = 0; i < 3 + k % 9; i++)
			s = r5_p3_move(k3, s, (int)tw_rng_below(&rng, R5_P3_MOVES));
		for (u = 0; u < R5_P3_WSYMS; u++) {
			struct r5_p3_state im = {wm_sym_w(u, s.wings), wsy->midge_sym[u][s.midges], 0, 0};

			assert_int_equal(r5_p3_wm_bound(wm, wsy, r5_p3_rank12(k3, im.wings), im.midges),
			    r5_p3_wm_bound(wm, wsy, r5_p3_rank12(k3, s.wings), s.midges));
			for (j = 0; j < R5_P3_MOVES; j++) {
				struct r5_p3_state a = r5_p3_move(k3, s, j), b = r5_p3_move(k3, im, wsy->move_conj[u][j]);

				assert_int_equal(wm_sym_w(u, a.wings), b.wings);
				assert_int_equal(wsy->midge_sym[u][a.midges], b.midges);
			}
		}
	}
}

/* Phase 3 with and without the wings x midges table finds the same
 * shortest total (both search by total length with admissible bounds). */
static void
wm_keeps_the_shortest(void **unused)
{
	struct r5_options opt = {.phase1_solutions = 20, .phase2_ends = 20, .phase3_ends = 10};
	struct r5_options plain = opt;
	void *params;
	size_t used;
	struct tw_rng rng;
	int k;

	(void)unused;
	plain.plain_bound3 = true;
	params = cube_params_parse("5", &used, NULL);
	assert_non_null(params);
	tw_rng_seed(&rng, 5507);
	for (k = 0; k < tier_pick(5, 1, 1); k++) {
		struct cube *c = cube_scramble(params, &rng, NULL);
		struct r5_result res;
		struct r5_result3 a, b;
		struct tw_error err;

		assert_non_null(c);
		if (!r5_phases12(c, &opt, &res, &err) || !r5_phase3(c, &res, &opt, &a, &err) ||
		    !r5_phase3(c, &res, &plain, &b, &err))
			fail_msg("cube:5:%s: %s", c->f, err.msg);
		assert_int_equal(res.ends[a.ends[0].parent].len1 + res.ends[a.ends[0].parent].len2 + a.ends[0].len3,
		    res.ends[b.ends[0].parent].len1 + res.ends[b.ends[0].parent].len2 + b.ends[0].len3);
		assert_true(a.nodes <= b.nodes);
		r5_result3_free(&a);
		r5_result3_free(&b);
		r5_result_free(&res);
		free(c);
	}
	cube_params_free(params);
}

/* Whether c (a 5x5x5) is reduced: every centre facelet its face's
 * colour, every wing's stickers those of its slot's midge on the same
 * faces. Or (ring_only) only the 4 dedges UL UR DL DR paired. */
static bool
reduced_on_facelets(const struct cube *c, int ring_only)
{
	int f, r, col, p, i, j;

	for (f = 0; f < 6 && !ring_only; f++)
		for (r = 1; r < 4; r++)
			for (col = 1; col < 4; col++)
				if (cube_colour(c, f * 25 + r * 5 + col) != f)
					return false;
	for (p = 0; p < R5_WINGS; p++) {
		int s = md->wing_slot[p], fa = md->slot_faces[s][0], fb = md->slot_faces[s][1];

		if (ring_only && !((fa == 0 || fa == 3 || fb == 0 || fb == 3) && (fa == 1 || fa == 4 || fb == 1 || fb == 4)))
			continue;
		for (i = 0; i < 2; i++)
			for (j = 0; j < 2; j++)
				if (md->wing_facelet[p][i] / 25 == md->midge_facelet[s][j] / 25 &&
				    c->f[md->wing_facelet[p][i]] != c->f[md->midge_facelet[s][j]])
					return false;
	}
	return true;
}

/* Random cubes through phases 1 to 5: phase 4's goal (in its frame) and
 * the reduction on the facelets. */
static void
random_cubes_reduced(void **unused)
{
	int count = tier_pick(10, 2, 1), k, i;
	struct r5_options opt = {.phase1_solutions = tier_pick(0, 50, 20), .phase2_ends = tier_pick(0, 100, 20),
	    .phase3_ends = tier_pick(0, 100, 20), .phase4_ends = tier_pick(0, 20, 5)};
	long len[6] = {0};
	void *params;
	size_t used;
	struct tw_rng rng;

	(void)unused;
	params = cube_params_parse("5", &used, NULL);
	assert_non_null(params);
	tw_rng_seed(&rng, 5507);
	for (k = 0; k < count; k++) {
		struct cube *c = cube_scramble(params, &rng, NULL);
		struct r5_result res;
		struct r5_result3 r3;
		struct r5_result4 r4;
		struct r5_end5 e5;
		struct tw_error err;
		uint8_t moves[R5_MAX_REDUCTION];
		int n;
		struct cube d;
		const struct r5_end4 *e4;
		const struct r5_end3 *e3;
		const struct r5_end *e;

		assert_non_null(c);
		if (!r5_phases12(c, &opt, &res, &err) || !r5_phase3(c, &res, &opt, &r3, &err) ||
		    !r5_phase4(c, &res, &r3, &opt, &r4, &err))
			fail_msg("cube:5:%s: %s (%d phase-3 ends, %ld phase-4 starts, %ld nodes)", c->f, err.msg, r3.n_ends, r4.starts, r4.nodes);
		for (i = 0; i < r4.n_ends; i++) {
			struct cube v, w;

			n = r5_end4_moves(&res, &r3, &r4.ends[i], moves);
			d = *c;
			for (int j = 0; j < n; j++)
				r5_apply(md, &d, moves[j]);
			r5_view(md, &d, r3.ends[r4.ends[i].parent].axis, &v);
			if (r4.ends[i].sring) {
				cube_view_turn(&v, "x", &w);
				v = w;
			}
			if (!reduced_on_facelets(&v, 1))
				fail_msg("phase-4 end %d (sring %d) has its ring unpaired", i, r4.ends[i].sring);
		}
		if (!r5_phase5(c, &res, &r3, &r4, &opt, &e5, &err))
			fail_msg("cube:5:%s: %s (%ld phase-4 starts, %d ends, %.2f s; %ld phase-5 starts, %ld nodes)", c->f,
			    err.msg, r4.starts, r4.n_ends, r4.seconds, e5.starts, e5.nodes);
		n = r5_end5_moves(&res, &r3, &r4, &e5, moves);
		d = *c;
		for (i = 0; i < n; i++)
			r5_apply(md, &d, moves[i]);
		if (!reduced_on_facelets(&d, 0))
			fail_msg("cube:5:%s not reduced after %d moves", c->f, n);
		e4 = &r4.ends[e5.parent];
		e3 = &r3.ends[e4->parent];
		e = &res.ends[e3->parent];
		len[0] += e->len1;
		len[1] += e->len2;
		len[2] += e3->len3;
		len[3] += e4->len4;
		len[4] += e5.len5;
		len[5] += n;
		r5_result4_free(&r4);
		r5_result3_free(&r3);
		r5_result_free(&res);
		free(c);
	}
	print_message("phases %.2f %.2f %.2f %.2f %.2f, reduction %.2f moves over %d cubes\n",
	    (double)len[0] / count, (double)len[1] / count, (double)len[2] / count, (double)len[3] / count,
	    (double)len[4] / count, (double)len[5] / count, count);
	cube_params_free(params);
}

/* cube5_reduce_solve with the reduction alone (an edge orbit of a
 * bigger cube): the answer reduces the cube, is the whole answer's
 * reduction (the tokens before its finish; the last may differ where the
 * finish's first merged into it), and counts no finish. Under the
 * sanitizers (two random solves take 9 s there) the cube is a few wide
 * turns from solved. */
static void
reduction_alone(void **unused)
{
	int count = tier_pick(4, 1, 1), k;
	void *params;
	size_t used, i;
	struct tw_rng rng;

	(void)unused;
	params = cube_params_parse("5", &used, NULL);
	assert_non_null(params);
	tw_rng_seed(&rng, 5509);
	for (k = 0; k < count; k++) {
		struct cube *c = cube_scramble(params, &rng, NULL), d;
		struct cube_reduce_options opt = {.reduction_only = true};
		static const char *const near[] = {"Rw", "U", "Fw2", "Dw'", "L", "Bw", "R2", "Uw"};
		struct movelist whole = MOVELIST_EMPTY, alone = MOVELIST_EMPTY;
		struct cube_reduce_stats ws, as;
		struct tw_error err;

		assert_non_null(c);
		if (test_tier() == TIER_SANITIZED) {
			cube_solved(c, 5);
			for (i = 0; i < sizeof near / sizeof near[0]; i++) {
				struct cube_move mv;

				assert_true(cube_move_parse(5, near[i], &mv, NULL));
				cube_move_do(c, &mv);
			}
		}
		if (!cube5_reduce_solve(c, NULL, &whole, &ws, &err) || !cube5_reduce_solve(c, &opt, &alone, &as, &err))
			fail_msg("cube:5:%s: %s", c->f, err.msg);
		assert_int_equal(as.moves[REDUCE_FINISH], 0);
		assert_int_equal((long)alone.len, as.moves[REDUCE_CENTRES] + as.moves[REDUCE_EDGES] +
		    as.moves[REDUCE_PARITY]);
		assert_int_equal((long)alone.len, ws.moves[REDUCE_CENTRES] + ws.moves[REDUCE_EDGES] +
		    ws.moves[REDUCE_PARITY]);
		d = *c;
		for (i = 0; i < alone.len; i++) {
			struct cube_move mv;

			if (i + 1 < alone.len)
				assert_string_equal(alone.moves[i], whole.moves[i]);
			if (!cube_move_parse(5, alone.moves[i], &mv, &err))
				fail_msg("move %zu '%s': %s", i + 1, alone.moves[i], err.msg);
			cube_move_do(&d, &mv);
		}
		if (!reduced_on_facelets(&d, 0))
			fail_msg("cube:5:%s: the reduction alone does not reduce it", c->f);
		movelist_clear(&whole);
		movelist_clear(&alone);
		free(c);
	}
	cube_params_free(params);
}

int
main(int argc, char **argv)
{
	storage_use_table_cache();
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(model_on_other_cubes),
		cmocka_unit_test(halves),
		cmocka_unit_test(tables_are_lower_bounds),
		cmocka_unit_test(symmetries),
		cmocka_unit_test(combined_bound_on_walks),
		cmocka_unit_test(combined_bound_is_exact_near_goal),
		cmocka_unit_test(random_cubes_through_phases),
		cmocka_unit_test(p3_goal_and_coordinates),
		cmocka_unit_test(p3_tables_are_lower_bounds),
		cmocka_unit_test(wm_exact_near_goal),
		cmocka_unit_test(wm_symmetries),
		cmocka_unit_test(wm_keeps_the_shortest),
		cmocka_unit_test(random_cubes_through_phase3),
		cmocka_unit_test(p45_tables_on_walks),
		cmocka_unit_test(p45_big_tables_exact),
		cmocka_unit_test(random_cubes_reduced),
		cmocka_unit_test(reduction_alone),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
