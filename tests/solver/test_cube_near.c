/* Proven-shortest answers near solved on every cube size
 * (solvers/cube/perimeter.h) against an independent breadth-first search
 * from both ends over the facelets:
 *   - the BFS: the moves are the engine's layer turns taken as facelet
 *     permutations (never the solver's names or keys), the goal the 24
 *     orientations of the solved cube as facelet strings, compared
 *     exactly;
 *   - every size 2..6, positions of 1 to 5 random quarter turns of single
 *     layers: the answer replays to solved and costs exactly the BFS
 *     distance in sqtm, with a table that holds the nearest positions
 *     and with one so small that the forward IDA* does the work; the same in stm, htm and qtm
 *     at smaller depths;
 *   - the lower bound never exceeds the BFS distance;
 *   - --max-length one short of the distance is a proof (no answer,
 *     none_within_max); the answer is the same every time;
 *   - refusals: btm from 4x4x4, a spent work budget, cancel;
 *   - through the puzzle table: cube:N:turns=K game IDs, --optimal in
 *     sqtm on a 4x4x4. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tier.h"
#include "engine/cube/cube.h"
#include "engine/cube/rules.h"
#include "engine/gameid.h"
#include "engine/rng.h"
#include "solvers/cube/perimeter.h"
#include "solvers/registry.h"
#include "ui/storage.h"

/* A move of the BFS: a facelet permutation (new[i] = old[src[i]]) and
 * its cost in the metric searched (1, or 2 for a half turn where half
 * turns count two: then the BFS walks quarter turns only). */
struct edge {
	uint16_t src[CUBE_MAX_FACELETS];
};

struct edges {
	int n, nf, count;
	struct edge e[3 * 2 * CUBE_MAX_N * 3];
};

static void
edge_of(int n, const struct cube_move *mv, struct edge *e)
{
	struct cube lo, hi;
	int nf = 6 * n * n;

	lo.n = hi.n = n;
	for (int i = 0; i < nf; i++) {
		lo.f[i] = (char)(i & 0xff);
		hi.f[i] = (char)(i >> 8);
	}
	lo.f[nf] = hi.f[nf] = '\0';
	cube_move_do(&lo, mv);
	cube_move_do(&hi, mv);
	for (int i = 0; i < nf; i++)
		e->src[i] = (uint16_t)((unsigned char)lo.f[i] | (unsigned char)hi.f[i] << 8);
}

/* The unit-cost edges of metric: single layers (sqtm: quarter turns;
 * stm: every amount) or blocks holding an outer layer, from either side
 * (qtm: quarter turns; htm: every amount). */
static void
edges_of(int n, enum cube_metric metric, struct edges *es)
{
	static const enum cube_face axis_face[3] = {FACE_U, FACE_R, FACE_F};
	bool quarters = metric == CUBE_SQTM || metric == CUBE_QTM;
	bool singles = metric == CUBE_SQTM || metric == CUBE_STM;

	es->n = n;
	es->nf = 6 * n * n;
	es->count = 0;
	for (int a = 0; a < 3; a++)
		for (int first = 1; first <= n; first++)
			for (int last = first; last <= n; last++) {
				bool single = first == last;
				bool outer_block = (first == 1 || last == n) && !(first == 1 && last == n);

				if (singles ? !single : !outer_block)
					continue;
				for (int turns = 1; turns <= 3; turns++) {
					struct cube_move mv = {.face = axis_face[a], .first = first,
					    .last = last, .turns = turns};

					if (quarters && turns == 2)
						continue;
					edge_of(n, &mv, &es->e[es->count++]);
				}
			}
}

/* A set of facelet strings with their depths: the strings one after
 * another in an arena, the slots holding their numbers (0 empty). */
struct seen {
	char *arena;
	int *depth;
	uint32_t *slot;
	size_t mask, count, room;
	int nf;
};

static uint64_t
hash_of(const char *f, int nf)
{
	uint64_t h = 1469598103934665603ULL;

	for (int i = 0; i < nf; i++)
		h = (h ^ (unsigned char)f[i]) * 1099511628211ULL;
	return h;
}

static void
seen_init(struct seen *s, int nf)
{
	s->mask = (1u << 12) - 1;
	s->slot = calloc(s->mask + 1, sizeof *s->slot);
	s->room = 1024;
	s->arena = malloc(s->room * (size_t)nf);
	s->depth = malloc(s->room * sizeof *s->depth);
	s->count = 0;
	s->nf = nf;
	assert_non_null(s->slot);
	assert_non_null(s->arena);
	assert_non_null(s->depth);
}

static void
seen_free(struct seen *s)
{
	free(s->slot);
	free(s->arena);
	free(s->depth);
}

static const char *
seen_key(const struct seen *s, uint32_t number)
{
	return s->arena + (size_t)(number - 1) * (size_t)s->nf;
}

/* The slot of f: where it is, or the empty one where it would go. */
static size_t
seen_find(const struct seen *s, const char *f)
{
	size_t i;

	for (i = hash_of(f, s->nf) & s->mask; s->slot[i] != 0; i = (i + 1) & s->mask)
		if (memcmp(seen_key(s, s->slot[i]), f, (size_t)s->nf) == 0)
			break;
	return i;
}

/* The depth of f, or -1. */
static int
seen_get(const struct seen *s, const char *f)
{
	size_t i = seen_find(s, f);

	return s->slot[i] != 0 ? s->depth[s->slot[i] - 1] : -1;
}

/* Adds f at depth unless present; true when added. */
static bool
seen_add(struct seen *s, const char *f, int depth)
{
	size_t i = seen_find(s, f);

	if (s->slot[i] != 0)
		return false;
	if (s->count == s->room) {
		s->room *= 2;
		s->arena = realloc(s->arena, s->room * (size_t)s->nf);
		s->depth = realloc(s->depth, s->room * sizeof *s->depth);
		assert_non_null(s->arena);
		assert_non_null(s->depth);
	}
	memcpy(s->arena + s->count * (size_t)s->nf, f, (size_t)s->nf);
	s->depth[s->count++] = depth;
	s->slot[i] = (uint32_t)s->count;
	if (s->count * 2 > s->mask) {
		/* Twice the slots, every string placed again. */
		free(s->slot);
		s->mask = s->mask * 2 + 1;
		s->slot = calloc(s->mask + 1, sizeof *s->slot);
		assert_non_null(s->slot);
		for (uint32_t k = 1; k <= s->count; k++)
			s->slot[seen_find(s, seen_key(s, k))] = k;
	}
	return true;
}

/* One side of the search: its visited set and its deepest layer. */
struct side {
	struct seen seen;
	char *layer;
	size_t layer_len, layer_room;
	int depth;
};

static void
side_add(struct side *sd, const char *f, int depth)
{
	if (seen_add(&sd->seen, f, depth)) {
		if (sd->layer_len == sd->layer_room) {
			sd->layer_room = sd->layer_room > 0 ? 2 * sd->layer_room : 256;
			sd->layer = realloc(sd->layer, sd->layer_room * (size_t)sd->seen.nf);
		}
		assert_non_null(sd->layer);
		memcpy(sd->layer + sd->layer_len * (size_t)sd->seen.nf, f, (size_t)sd->seen.nf);
		sd->layer_len++;
	}
}

/* Expands the side's deepest layer by one move; returns the least total
 * distance through a position the other side has seen, or -1. */
static int
expand(const struct edges *es, struct side *sd, const struct side *other)
{
	char *old = sd->layer, next[CUBE_MAX_FACELETS];
	size_t old_len = sd->layer_len;
	int best = -1;

	sd->layer = NULL;
	sd->layer_len = 0;
	sd->layer_room = 0;
	sd->depth++;
	for (size_t k = 0; k < old_len; k++) {
		const char *f = old + k * (size_t)es->nf;

		for (int e = 0; e < es->count; e++) {
			int d;

			for (int i = 0; i < es->nf; i++)
				next[i] = f[es->e[e].src[i]];
			if (seen_get(&sd->seen, next) >= 0)
				continue;
			side_add(sd, next, sd->depth);
			d = seen_get(&other->seen, next);
			if (d >= 0 && (best < 0 || sd->depth + d < best))
				best = sd->depth + d;
		}
	}
	free(old);
	return best;
}

/* The distance from c to any orientation of solved in the edges'
 * metric, by BFS from both ends, or -1 beyond max_depth. */
static int
bfs_distance(const struct edges *es, const struct cube *c, int max_depth)
{
	static const enum cube_face axes[3] = {FACE_R, FACE_U, FACE_F};
	struct side fwd = {0}, back = {0};
	struct cube solved;
	int best = -1, d;

	seen_init(&fwd.seen, es->nf);
	seen_init(&back.seen, es->nf);
	side_add(&fwd, c->f, 0);
	/* The goals: solved turned every way (rotations x, y, z). */
	cube_solved(&solved, es->n);
	side_add(&back, solved.f, 0);
	for (size_t k = 0; k < back.layer_len; k++) {
		for (int a = 0; a < 3; a++) {
			struct cube turned;
			struct cube_move rot = {.face = axes[a], .first = 1, .last = es->n, .turns = 1};

			turned.n = es->n;
			memcpy(turned.f, back.layer + k * (size_t)es->nf, (size_t)es->nf);
			turned.f[es->nf] = '\0';
			cube_move_do(&turned, &rot);
			side_add(&back, turned.f, 0);
		}
	}
	assert_int_equal(back.layer_len, 24);
	for (size_t k = 0; k < back.layer_len && best < 0; k++)
		if (memcmp(back.layer + k * (size_t)es->nf, c->f, (size_t)es->nf) == 0)
			best = 0;
	while (best < 0 && fwd.depth + back.depth < max_depth) {
		/* The smaller frontier grows. */
		if (fwd.layer_len * 24 <= back.layer_len * 1 || back.depth >= fwd.depth + 1)
			d = expand(es, &fwd, &back);
		else
			d = expand(es, &back, &fwd);
		best = d;
	}
	seen_free(&fwd.seen);
	seen_free(&back.seen);
	free(fwd.layer);
	free(back.layer);
	return best;
}

/* A position k random single-layer quarter turns from solved. */
static void
scramble(struct cube *c, int n, int k, struct tw_rng *rng)
{
	cube_solved(c, n);
	for (int i = 0; i < k; i++) {
		char name[16];
		int axis = (int)tw_rng_below(rng, 3), layer = 1 + (int)tw_rng_below(rng, (uint64_t)n);

		cube_layer_name(n, axis, layer, name, sizeof name - 1);
		if (tw_rng_below(rng, 2) == 1)
			strcat(name, "'");
		assert_true(cube_apply_alg(c, name, NULL));
	}
}

/* The answer's cost in metric after checking that it solves c. */
static long
replay_cost(const struct cube *c, const struct movelist *a, enum cube_metric metric)
{
	struct cube w = *c;
	long cost = 0;

	for (size_t i = 0; i < a->len; i++) {
		struct cube_move mv;

		assert_true(cube_move_parse(c->n, a->moves[i], &mv, NULL));
		cube_move_do(&w, &mv);
		cost += cube_move_metric_cost(c->n, &mv, metric);
	}
	assert_true(cube_is_solved(&w));
	return cost;
}

/* Solves c in metric with a table of table_states (0: default) and
 * checks the answer against the BFS distance. */
static void
check_against_bfs(const struct cube *c, enum cube_metric metric, long table_states,
    int distance)
{
	struct cube_perimeter_options opt = {.metric = metric, .table_states = table_states};
	struct cube_perimeter_stats st = {0};
	struct movelist a = MOVELIST_EMPTY;
	struct tw_error err = {0};
	int bound;

	if (!cube_perimeter_solve(c, &opt, &a, &st, &err))
		fail_msg("%dx%dx%d %s: %s", c->n, c->n, c->n, cube_metrics[metric], err.msg);
	if (replay_cost(c, &a, metric) != distance)
		fail_msg("%dx%dx%d %s: answer costs %ld, BFS distance %d", c->n, c->n, c->n,
		    cube_metrics[metric], replay_cost(c, &a, metric), distance);
	bound = cube_perimeter_lower_bound(c, &opt, &err);
	assert_true(bound >= 0);
	assert_true(bound <= distance);
	assert_true(st.lower_bound <= distance);
	movelist_clear(&a);
}

static void
sqtm_matches_bfs_on_every_size(void **state)
{
	struct tw_rng rng;
	struct edges *es = malloc(sizeof *es);
	int deepest = tier_pick(5, 5, 4);

	(void)state;
	assert_non_null(es);
	tw_rng_seed_text(&rng, "cube-near-sqtm");
	for (int n = 2; n <= 6; n++) {
		edges_of(n, CUBE_SQTM, es);
		for (int k = 1; k <= deepest; k++) {
			struct cube c;
			int d;

			scramble(&c, n, k, &rng);
			d = bfs_distance(es, &c, 5);
			assert_true(d >= 0 && d <= k);
			/* A table that answers near positions alone, and one of
			 * radius 2 or so: the forward search proves the rest. */
			check_against_bfs(&c, CUBE_SQTM, 20000, d);
			check_against_bfs(&c, CUBE_SQTM, 3000, d);
		}
	}
	free(es);
}

static void
other_metrics_match_bfs(void **state)
{
	static const enum cube_metric metrics[] = {CUBE_STM, CUBE_HTM, CUBE_QTM};
	struct tw_rng rng;
	struct edges *es = malloc(sizeof *es);

	(void)state;
	assert_non_null(es);
	tw_rng_seed_text(&rng, "cube-near-metrics");
	for (int n = 3; n <= tier_pick(5, 5, 4); n++)
		for (size_t m = 0; m < sizeof metrics / sizeof metrics[0]; m++) {
			/* An inner slice is two turns in htm and qtm. */
			int turns = metrics[m] == CUBE_STM ? 3 : 2;

			edges_of(n, metrics[m], es);
			for (int k = 1; k <= turns; k++) {
				struct cube c;
				int d;

				scramble(&c, n, k, &rng);
				d = bfs_distance(es, &c, 2 * turns);
				assert_true(d >= 0);
				check_against_bfs(&c, metrics[m], 20000, d);
				check_against_bfs(&c, metrics[m], 100, d);
			}
		}
	free(es);
}

static void
max_length_is_a_proof_and_answers_repeat(void **state)
{
	struct tw_rng rng;
	struct cube c;
	struct movelist a = MOVELIST_EMPTY, b = MOVELIST_EMPTY;
	struct tw_error err = {0};
	struct cube_perimeter_stats st = {0};
	struct cube_perimeter_options opt = {.metric = CUBE_SQTM, .table_states = 5000};
	long d;

	(void)state;
	tw_rng_seed_text(&rng, "cube-near-max");
	scramble(&c, 5, 6, &rng);
	assert_true(cube_perimeter_solve(&c, &opt, &a, NULL, &err));
	assert_true(cube_perimeter_solve(&c, &opt, &b, NULL, &err));
	assert_int_equal(a.len, b.len);
	for (size_t i = 0; i < a.len; i++)
		assert_string_equal(a.moves[i], b.moves[i]);
	d = replay_cost(&c, &a, CUBE_SQTM);
	opt.max_length = (int)d - 1;
	assert_false(cube_perimeter_solve(&c, &opt, &b, &st, &err));
	assert_int_equal(err.kind, TW_ERROR_NO_SOLUTION);
	assert_true(st.none_within_max);
	opt.max_length = (int)d;
	movelist_clear(&b);
	assert_true(cube_perimeter_solve(&c, &opt, &b, NULL, &err));
	assert_int_equal(replay_cost(&c, &b, CUBE_SQTM), d);
	movelist_clear(&a);
	movelist_clear(&b);
}

static void
refusals(void **state)
{
	struct tw_rng rng;
	struct cube c;
	struct movelist a = MOVELIST_EMPTY;
	struct tw_error err = {0};
	atomic_bool cancel = true;
	struct cube_perimeter_options opt = {.metric = CUBE_BTM};

	(void)state;
	tw_rng_seed_text(&rng, "cube-near-refusals");
	scramble(&c, 4, 12, &rng);
	assert_false(cube_perimeter_solve(&c, &opt, &a, NULL, &err));
	assert_int_equal(err.kind, TW_ERROR_BAD_INPUT);
	/* A small budget on a far position. */
	opt.metric = CUBE_SQTM;
	opt.nodes = 100000;
	opt.table_states = 1000;
	assert_false(cube_perimeter_solve(&c, &opt, &a, NULL, &err));
	assert_int_equal(err.kind, TW_ERROR_OUT_OF_WORK);
	assert_non_null(strstr(err.msg, "100000 positions"));
	opt.nodes = 0;
	opt.cancel = &cancel;
	assert_false(cube_perimeter_solve(&c, &opt, &a, NULL, &err));
	assert_int_equal(err.kind, TW_ERROR_CANCELLED);
	assert_int_equal(a.len, 0);
}

static void
practice_game_ids(void **state)
{
	const struct puzzle *p = &cube_puzzle;
	struct tw_error err = {0};
	struct gameid id;
	struct movelist a = MOVELIST_EMPTY;
	struct solve_request req = {.metric = CUBE_SQTM, .optimal = true};
	char *text;
	void *s;
	long cost;

	(void)state;
	assert_true(gameid_parse(twirl_puzzles, "cube:4:turns=6#12", &id, &err));
	assert_int_equal(cube_params_practice_turns(id.params), 6);
	text = p->params_format(id.params, &err);
	assert_string_equal(text, "4:turns=6");
	free(text);
	s = gameid_start_state(&id, 0, &err);
	assert_non_null(s);
	assert_true(p->solve(id.params, s, &req, &a, &err));
	cost = puzzle_list_cost(p, id.params, &a, CUBE_SQTM);
	assert_true(cost >= 1 && cost <= 6);
	assert_true(puzzle_apply_list(p, id.params, s, &a, &err));
	assert_true(p->state_is_solved(id.params, s));
	p->state_free(s);
	gameid_free(&id);
	movelist_clear(&a);
	/* Bad practice turns are named. */
	assert_false(gameid_parse(twirl_puzzles, "cube:4:turns=0#1", &id, &err));
	assert_non_null(strstr(err.msg, "practice turns"));
	assert_false(gameid_parse(twirl_puzzles, "cube:4:turns=x#1", &id, &err));
	assert_non_null(strstr(err.msg, "practice turns"));
	assert_false(gameid_parse(twirl_puzzles, "cube:4:turns=101#1", &id, &err));
	assert_non_null(strstr(err.msg, "practice turns"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sqtm_matches_bfs_on_every_size),
		cmocka_unit_test(other_metrics_match_bfs),
		cmocka_unit_test(max_length_is_a_proof_and_answers_repeat),
		cmocka_unit_test(refusals),
		cmocka_unit_test(practice_game_ids),
	};

	storage_use_table_cache();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
