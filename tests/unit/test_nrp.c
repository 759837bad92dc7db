/* The NRP engine: notation and parsers (good and broken input), moves,
 * scrambles, and the solvability predicate against brute force: for every
 * board with at most 12 cells and every k, the positions reachable from
 * solved are exactly those the predicate accepts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/nrp/nrp.h"
#include "engine/perm.h"

static struct nrp_params
params(const char *text)
{
	struct tw_error err;
	size_t used;
	struct nrp_params *p = nrp_params_parse(text, &used, &err), out;

	if (p == NULL)
		fail_msg("params %s: %s", text, err.msg);
	assert_int_equal(used, strlen(text));
	out = *p;
	free(p);
	return out;
}

static void
expect_params_error(const char *text, const char *fragment)
{
	struct tw_error err;
	size_t used;
	void *p = nrp_params_parse(text, &used, &err);

	assert_null(p);
	if (strstr(err.msg, fragment) == NULL)
		fail_msg("params '%s': '%s' lacks '%s'", text, err.msg, fragment);
}

static void
params_parse_format_and_refuse_with_reasons(void **unused)
{
	struct nrp_params p = params("4x5k3");
	char *text;

	(void)unused;
	assert_int_equal(p.rows, 4);
	assert_int_equal(p.cols, 5);
	assert_int_equal(p.k, 3);
	assert_false(p.orientable);
	p = params("3x3k2o");
	assert_true(p.orientable);
	text = nrp_params_format(&p, NULL);
	assert_string_equal(text, "3x3k2o");
	free(text);
	expect_params_error("4x4", "ROWSxCOLSkK");
	expect_params_error("4x4k", "ROWSxCOLSkK");
	expect_params_error("1x4k2", "1 row: ");
	expect_params_error("4x17k2", "17 columns");
	expect_params_error("3x5k4", "k must be 2..3");
	expect_params_error("3x5k1", "k must be 2..3");
}

static struct nrp_state *
parse(const struct nrp_params *p, const char *text)
{
	struct tw_error err;
	struct nrp_state *s = nrp_state_parse(p, text, &err);

	if (s == NULL)
		fail_msg("parse %s: %s", text, err.msg);
	return s;
}

static void
expect_state_error(const struct nrp_params *p, const char *text, const char *fragment)
{
	struct tw_error err;
	void *s = nrp_state_parse(p, text, &err);

	assert_null(s);
	if (strstr(err.msg, fragment) == NULL)
		fail_msg("state '%s': '%s' lacks '%s'", text, err.msg, fragment);
}

static void
apply(const struct nrp_params *p, struct nrp_state *s, const char *move)
{
	struct tw_error err;

	if (!nrp_move_apply(p, s, move, &err))
		fail_msg("%s: %s", move, err.msg);
}

static void
assert_state(const struct nrp_params *p, const struct nrp_state *s, const char *want)
{
	char *got = nrp_state_format(p, s, NULL);

	assert_string_equal(got, want);
	free(got);
}

static void
moves_and_states_parse_apply_and_format(void **unused)
{
	struct nrp_params p = params("3x3k2"), po = params("3x3k2o");
	struct nrp_state *s = nrp_state_solved(&p, NULL), *t;
	char *inv;

	(void)unused;
	/* B(1,1) clockwise: 1 2 / 4 5 -> 4 1 / 5 2 */
	apply(&p, s, "B(1,1)");
	assert_state(&p, s, "4,1,3,5,2,6,7,8,9");
	apply(&p, s, "B(1,1)'");
	assert_true(nrp_state_is_solved(&p, s));
	apply(&p, s, "B(2,2)2");
	assert_state(&p, s, "1,2,3,4,9,8,7,6,5");
	inv = nrp_move_inverse(&p, "B(2,2)'", NULL);
	assert_string_equal(inv, "B(2,2)");
	free(inv);
	assert_int_equal(nrp_move_cost(&p, "B(1,2)2", NRP_QTM), 2);
	assert_int_equal(nrp_move_cost(&p, "B(1,2)2", NRP_HTM), 1);
	assert_int_equal(nrp_move_cost(&p, "B(3,1)", NRP_QTM), -1);
	free(s);

	/* orientable: the tiles turn with the block */
	s = nrp_state_solved(&po, NULL);
	apply(&po, s, "B(1,1)");
	assert_state(&po, s, "4r,1r,3,5r,2r,6,7,8,9");
	t = parse(&po, "4r,1r,3,5r,2r,6,7,8u,9");
	assert_true(nrp_state_equal(&po, s, t));
	free(t);
	free(s);

	{
		struct tw_error err;
		struct nrp_move mv;

		assert_false(nrp_move_parse(&p, "B(3,1)", &mv, &err));
		assert_non_null(strstr(err.msg, "does not fit"));
		assert_false(nrp_move_parse(&p, "B(1,1)3", &mv, &err));
		assert_non_null(strstr(err.msg, "unexpected"));
		assert_false(nrp_move_parse(&p, "B1,1", &mv, &err));
		assert_false(nrp_move_parse(&p, "B(1)", &mv, &err));
		assert_false(nrp_move_parse(&p, "", &mv, &err));
	}
	expect_state_error(&p, "1,2,3", "tile 4 is missing");
	expect_state_error(&p, "1,2,3,4,5,6,7,8,8", "appears twice");
	expect_state_error(&p, "1,2,3,4,5,6,7,8,10", "out of range");
	expect_state_error(&p, "1,2,3,4,5,6,7,8,9,1", "too many");
	expect_state_error(&p, "1,2;3,4,5,6,7,8,9", "unexpected ';'");
	expect_state_error(&p, "1r,2,3,4,5,6,7,8,9", "only orientable");
	expect_state_error(&po, "1x,2,3,4,5,6,7,8,9", "u r d l");
}

static void
expect_unsolvable(const char *par, const char *state, const char *fragment)
{
	struct nrp_params p = params(par);
	struct nrp_state *s = parse(&p, state);
	struct tw_error why;

	if (nrp_state_solvable(&p, s, &why))
		fail_msg("%s:%s accepted", par, state);
	if (strstr(why.msg, fragment) == NULL)
		fail_msg("%s:%s: '%s' lacks '%s'", par, state, why.msg, fragment);
	free(s);
}

static void
unsolvable_positions_name_their_reason(void **unused)
{
	(void)unused;
	expect_unsolvable("4x4k3", "2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,16",
	    "tile 2 is on a cell of the wrong colour");
	expect_unsolvable("5x5k4", "2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25",
	    "odd permutation");
	expect_unsolvable("4x4k3", "3,2,1,4,5,6,7,8,9,10,11,12,13,14,15,16",
	    "different parities");
	expect_unsolvable("8x8k7",
	    "3,2,1,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,"
	    "33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64",
	    "odd permutation");
	expect_unsolvable("3x3k3", "3,2,1,4,5,6,7,8,9", "four turns");
	expect_unsolvable("2x3k2", "2,1,3,4,5,6", "120 positions");
	expect_unsolvable("3x4k3", "3,2,1,4,5,6,7,8,9,10,11,12", "720 positions");
	expect_unsolvable("3x3k2o", "1r,2,3,4,5,6,7,8,9", "odd number of quarter turns");
	expect_unsolvable("3x3k2o", "1d,2,3,4,5,6,7,8,9", "add up to 2");
	expect_unsolvable("3x4k3o", "1r,2,3,4,5,6,7,8,9,10,11,12", "rotations add up to an odd");
}

/* ---- brute force ---- */

#define SS_MAX 48

/* Schreier-Sims (the deterministic algorithm with a base and strong
 * generating set, stripping Schreier generators) for the order of a group
 * of permutations of up to SS_MAX points. */
struct ss {
	int n, depth, ngens;
	uint8_t base[SS_MAX];
	uint8_t gens[4096][SS_MAX];
	int fix[4096];                  /* the generator fixes base[0..fix-1] */
	bool in_orbit[SS_MAX][SS_MAX];
	uint8_t trans[SS_MAX][SS_MAX][SS_MAX];  /* level, point: maps base -> point */
	int orbit[SS_MAX][SS_MAX], orbit_len[SS_MAX];
};

static void
compose(int n, const uint8_t *a, const uint8_t *b, uint8_t *out) /* out = a after b */
{
	uint8_t t[SS_MAX];

	for (int i = 0; i < n; i++)
		t[i] = a[b[i]];
	memcpy(out, t, (size_t)n);
}

static void
invert(int n, const uint8_t *a, uint8_t *out)
{
	for (int i = 0; i < n; i++)
		out[a[i]] = (uint8_t)i;
}

static void
ss_orbit(struct ss *s, int level)
{
	int n = s->n, head = 0;

	memset(s->in_orbit[level], 0, sizeof s->in_orbit[level]);
	s->orbit_len[level] = 0;
	s->in_orbit[level][s->base[level]] = true;
	for (int i = 0; i < n; i++)
		s->trans[level][s->base[level]][i] = (uint8_t)i;
	s->orbit[level][s->orbit_len[level]++] = s->base[level];
	while (head < s->orbit_len[level]) {
		int x = s->orbit[level][head++];

		for (int g = 0; g < s->ngens; g++) {
			int y;

			if (s->fix[g] < level)
				continue;
			y = s->gens[g][x];
			if (!s->in_orbit[level][y]) {
				s->in_orbit[level][y] = true;
				compose(n, s->gens[g], s->trans[level][x], s->trans[level][y]);
				s->orbit[level][s->orbit_len[level]++] = y;
			}
		}
	}
}

/* Strips g from level from; returns the level it dropped out at (depth if
 * it passed every level) and leaves the residue in g. */
static int
ss_strip(struct ss *s, uint8_t *g, int from)
{
	uint8_t inv[SS_MAX];

	for (int j = from; j < s->depth; j++) {
		int x = g[s->base[j]];

		if (!s->in_orbit[j][x])
			return j;
		invert(s->n, s->trans[j][x], inv);
		compose(s->n, inv, g, g);
	}
	return s->depth;
}

static bool
is_identity(int n, const uint8_t *g)
{
	for (int i = 0; i < n; i++)
		if (g[i] != i)
			return false;
	return true;
}

/* Adds residue h (dropped out at level j) as a strong generator; returns
 * false when h is the identity. */
static bool
ss_add(struct ss *s, uint8_t *h, int j)
{
	if (j == s->depth) {
		int p = 0;

		if (is_identity(s->n, h))
			return false;
		while (h[p] == p)
			p++;
		s->base[s->depth++] = (uint8_t)p;
	}
	assert_true(s->ngens < 4096);
	memcpy(s->gens[s->ngens], h, (size_t)s->n);
	s->fix[s->ngens++] = j;
	for (int l = 0; l <= j; l++)
		ss_orbit(s, l);
	return true;
}

static uint64_t
group_order(int n, const uint8_t (*gens)[SS_MAX], int count)
{
	struct ss *s = calloc(1, sizeof *s);
	uint64_t order = 1;
	int i;

	assert_non_null(s);
	s->n = n;
	for (int g = 0; g < count; g++) {
		uint8_t h[SS_MAX];
		int j;

		memcpy(h, gens[g], (size_t)n);
		j = ss_strip(s, h, 0);
		ss_add(s, h, j);
	}
	i = s->depth - 1;
	while (i >= 0) {
		bool added = false;

		for (int oi = 0; oi < s->orbit_len[i] && !added; oi++) {
			int x = s->orbit[i][oi];

			for (int g = 0; g < s->ngens && !added; g++) {
				uint8_t sg[SS_MAX], inv[SS_MAX];
				int j;

				if (s->fix[g] < i)
					continue;
				/* Schreier generator trans[s x]^-1 s trans[x] fixes base[i] */
				compose(n, s->gens[g], s->trans[i][x], sg);
				invert(n, s->trans[i][s->gens[g][x]], inv);
				compose(n, inv, sg, sg);
				j = ss_strip(s, sg, i + 1);
				if (j < s->depth || !is_identity(n, sg)) {
					ss_add(s, sg, j);
					i = j < s->depth ? j : s->depth - 1;
					added = true;
				}
			}
		}
		if (!added)
			i--;
	}
	for (i = 0; i < s->depth; i++)
		order *= (uint64_t)s->orbit_len[i];
	free(s);
	return order;
}

/* The move permutations of a board, on cells (orientable: on cell x 4
 * rotation points, 4c + r). */
static int
board_generators(const struct nrp_params *p, uint8_t (*gens)[SS_MAX])
{
	int count = 0, N = p->rows * p->cols;

	for (int r = 1; r + p->k - 1 <= p->rows; r++)
		for (int c = 1; c + p->k - 1 <= p->cols; c++) {
			struct nrp_state s;
			struct nrp_move mv = {r, c, 1};

			memset(&s, 0, sizeof s);
			s.rows = p->rows;
			s.cols = p->cols;
			s.k = p->k;
			s.orientable = p->orientable;
			for (int i = 0; i < N; i++)
				s.tile[i] = (uint16_t)i;
			nrp_move_do(&s, &mv);
			for (int i = 0; i < N; i++) {
				if (!p->orientable) {
					gens[count][s.tile[i]] = (uint8_t)i;
				} else {
					for (int o = 0; o < 4; o++)
						gens[count][4 * s.tile[i] + o] =
						    (uint8_t)(4 * i + (o + s.rot[i]) % 4);
				}
			}
			count++;
		}
	return count;
}

static bool
accepts(const struct nrp_params *p, const uint8_t *perm, const uint8_t *rot)
{
	struct nrp_state s;

	memset(&s, 0, sizeof s);
	s.rows = p->rows;
	s.cols = p->cols;
	s.k = p->k;
	s.orientable = p->orientable;
	for (int i = 0; i < p->rows * p->cols; i++) {
		s.tile[i] = (uint16_t)(perm[i] + 1);
		s.rot[i] = rot != NULL ? rot[i] : 0;
	}
	return nrp_state_solvable(p, &s, NULL);
}

static long
factorial(int n)
{
	return n <= 1 ? 1 : n * factorial(n - 1);
}

/* Boards up to 10 cells: breadth-first search over every arrangement
 * reached from solved, then every arrangement of the board through the
 * predicate: the two sets must be equal. */
static uint64_t
closure_equals_predicate(const struct nrp_params *p)
{
	int N = p->rows * p->cols;
	long size = factorial(N), head = 0, tail = 0, reached = 0;
	uint8_t *seen = calloc((size_t)size, 1), gens[64][SS_MAX], cur[12], next[12];
	int32_t *queue = malloc((size_t)size * sizeof *queue);
	int ng = board_generators(p, gens);

	assert_non_null(seen);
	assert_non_null(queue);
	seen[0] = 1;
	queue[tail++] = 0;
	while (head < tail) {
		perm_unrank(queue[head++], N, cur);
		for (int g = 0; g < ng; g++) {
			int r;

			for (int c = 0; c < N; c++)
				next[gens[g][c]] = cur[c];
			r = perm_rank(next, N);
			if (!seen[r]) {
				seen[r] = 1;
				queue[tail++] = r;
			}
		}
	}
	for (long r = 0; r < size; r++) {
		perm_unrank((int)r, N, cur);
		if (accepts(p, cur, NULL) != (seen[r] != 0)) {
			fail_msg("%dx%dk%d: arrangement %ld %s by the predicate but %s", p->rows,
			    p->cols, p->k, r, seen[r] ? "rejected" : "accepted",
			    seen[r] ? "reachable" : "unreachable");
		}
		reached += seen[r];
	}
	free(seen);
	free(queue);
	return (uint64_t)reached;
}

static void
random_perm(uint8_t *p, int n, unsigned *seed)
{
	for (int i = 0; i < n; i++)
		p[i] = (uint8_t)i;
	for (int i = n - 1; i > 0; i--) {
		int j = (int)(rand_r(seed) % (unsigned)(i + 1));
		uint8_t t = p[i];

		p[i] = p[j];
		p[j] = t;
	}
}

/* Walks from solved by random moves: every position met is accepted. */
static void
walk_accepted(const struct nrp_params *p, int steps)
{
	struct nrp_state s;
	unsigned seed = 7;
	struct tw_error why;

	memset(&s, 0, sizeof s);
	s.rows = p->rows;
	s.cols = p->cols;
	s.k = p->k;
	s.orientable = p->orientable;
	for (int i = 0; i < p->rows * p->cols; i++)
		s.tile[i] = (uint16_t)(i + 1);
	for (int i = 0; i < steps; i++) {
		struct nrp_move mv = {1 + (int)(rand_r(&seed) % (unsigned)(p->rows - p->k + 1)),
		    1 + (int)(rand_r(&seed) % (unsigned)(p->cols - p->k + 1)),
		    1 + (int)(rand_r(&seed) % 3)};

		nrp_move_do(&s, &mv);
		if (!nrp_state_solvable(p, &s, &why))
			fail_msg("%dx%dk%d%s: reachable position rejected: %s", p->rows, p->cols,
			    p->k, p->orientable ? "o" : "", why.msg);
	}
}

static void
solvability_predicate_matches_brute_force_up_to_12_cells(void **unused)
{
	int boards = 0;

	(void)unused;
	for (int m = 2; m <= 6; m++)
		for (int n = 2; n <= 6; n++) {
			int N = m * n;

			if (N > 12)
				continue;
			for (int k = 2; k <= (m < n ? m : n); k++) {
				struct nrp_params p = {m, n, k, false};
				uint8_t gens[64][SS_MAX];
				int ng = board_generators(&p, gens);
				uint64_t order = group_order(N, (const uint8_t (*)[SS_MAX])gens, ng);

				walk_accepted(&p, 2000);
				if (N <= 10) {
					uint64_t reached = closure_equals_predicate(&p);

					assert_int_equal(reached, order);
					printf("# %dx%dk%d: %llu positions reachable = accepted (of %ld)\n",
					    m, n, k, (unsigned long long)reached, factorial(N));
				} else {
					/* 12 cells: the closure by Schreier-Sims; the accepted set
					 * is counted exactly among arrangements that keep colours
					 * (odd k) and sampled among all */
					unsigned seed = 99;
					long sampled = 0, hits = 0;

					for (int i = 0; i < 200000; i++) {
						uint8_t perm[12];

						random_perm(perm, N, &seed);
						hits += accepts(&p, perm, NULL);
						sampled++;
					}
					if (order == (uint64_t)factorial(N)) {
						assert_int_equal(hits, sampled);
					} else {
						/* 3x4 with k = 3: 720 positions; every colour-keeping
						 * arrangement is enumerated */
						uint8_t dark[6], light[6], perm[12];
						int cd = 0, cl = 0;
						long accepted = 0;

						for (int c = 0; c < N; c++) {
							if ((c / n + c % n) % 2 == 0)
								dark[cd++] = (uint8_t)c;
							else
								light[cl++] = (uint8_t)c;
						}
						for (int a = 0; a < 720; a++) {
							uint8_t pa[6], pb[6];

							perm_unrank(a, 6, pa);
							for (int b = 0; b < 720; b++) {
								perm_unrank(b, 6, pb);
								for (int i = 0; i < 6; i++) {
									perm[dark[i]] = dark[pa[i]];
									perm[light[i]] = light[pb[i]];
								}
								accepted += accepts(&p, perm, NULL);
							}
						}
						assert_int_equal(accepted, order);
						assert_int_equal(hits, 0);
					}
					printf("# %dx%dk%d: %llu positions reachable (Schreier-Sims) = accepted\n",
					    m, n, k, (unsigned long long)order);
				}
				boards++;
			}
		}
	assert_int_equal(boards, 15);
}

/* Orientable games: the group order over (cell, rotation) points equals
 * the number of arrangements times the rotation vectors the predicate
 * accepts for each (counted exactly on boards up to 9 cells, for a solved
 * and an odd arrangement), and walks are accepted everywhere. */
static void
orientable_predicate_matches_brute_force(void **unused)
{
	(void)unused;
	for (int m = 2; m <= 6; m++)
		for (int n = 2; n <= 6; n++) {
			int N = m * n;

			if (N > 12)
				continue;
			for (int k = 2; k <= (m < n ? m : n); k++) {
				struct nrp_params p = {m, n, k, false}, po = {m, n, k, true};
				uint8_t gens[64][SS_MAX];
				int ng = board_generators(&p, gens);
				uint64_t plain = group_order(N, (const uint8_t (*)[SS_MAX])gens, ng);
				uint64_t oriented;

				ng = board_generators(&po, gens);
				oriented = group_order(4 * N, (const uint8_t (*)[SS_MAX])gens, ng);
				walk_accepted(&po, 2000);
				if (N <= 9) {
					/* arrangements: solved, and the solved board after one
					 * quarter turn of the first block */
					uint8_t perms[2][12], rot[12];
					struct nrp_state s;
					struct nrp_move mv = {1, 1, 1};

					memset(&s, 0, sizeof s);
					s.rows = m;
					s.cols = n;
					s.k = k;
					for (int i = 0; i < N; i++)
						s.tile[i] = (uint16_t)(i + 1);
					nrp_move_do(&s, &mv);
					for (int i = 0; i < N; i++) {
						perms[0][i] = (uint8_t)i;
						perms[1][i] = (uint8_t)(s.tile[i] - 1);
					}
					for (int a = 0; a < 2; a++) {
						long accepted = 0;

						for (long v = 0; v < (1L << (2 * N)); v++) {
							for (int i = 0; i < N; i++)
								rot[i] = (uint8_t)(v >> (2 * i) & 3);
							accepted += accepts(&po, perms[a], rot);
						}
						assert_int_equal((uint64_t)accepted * plain, oriented);
					}
				}
				printf("# %dx%dk%do: %llu positions = %llu arrangements x %llu rotation vectors%s\n",
				    m, n, k, (unsigned long long)oriented, (unsigned long long)plain,
				    (unsigned long long)(oriented / plain),
				    N <= 9 ? " (= accepted, counted)" : "");
			}
		}
}

/* Scrambles are solvable, never solved, and uniform: on 2x3 with k = 2
 * each of the 119 unsolved positions comes up about equally often. */
static void
scrambles_are_solvable_unsolved_and_uniform(void **unused)
{
	static const char *const shapes[] = {"2x3k2", "3x4k3", "4x4k4", "5x5k3", "6x6k4",
		"7x7k7o", "8x8k7", "9x9k2o", "16x16k9", "16x16k16o", "3x4k3o", "4x4k3o"};
	struct nrp_params p = params("2x3k2");
	uint16_t list[120 * 6];
	int count = nrp_special_positions(&p, list, 120), hits[120] = {0};
	struct tw_rng rng;

	(void)unused;
	assert_int_equal(count, 120);
	tw_rng_seed(&rng, 5);
	for (int i = 0; i < 119 * 400; i++) {
		struct nrp_state *s = nrp_scramble(&p, &rng, NULL);
		int j;

		for (j = 0; j < 120; j++)
			if (memcmp(&list[j * 6], s->tile, 6 * sizeof list[0]) == 0)
				break;
		assert_true(j > 0 && j < 120);
		hits[j]++;
		free(s);
	}
	for (int j = 1; j < 120; j++)
		if (hits[j] < 250 || hits[j] > 550)
			fail_msg("position %d drawn %d times of an expected 400", j, hits[j]);
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		struct nrp_params q = params(shapes[i]);

		for (int j = 0; j < 50; j++) {
			struct nrp_state *s = nrp_scramble(&q, &rng, NULL);
			struct tw_error why;

			if (!nrp_state_solvable(&q, s, &why))
				fail_msg("%s scramble rejected: %s", shapes[i], why.msg);
			assert_false(nrp_state_is_solved(&q, s));
			free(s);
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(params_parse_format_and_refuse_with_reasons),
		cmocka_unit_test(moves_and_states_parse_apply_and_format),
		cmocka_unit_test(unsolvable_positions_name_their_reason),
		cmocka_unit_test(scrambles_are_solvable_unsolved_and_uniform),
		cmocka_unit_test(solvability_predicate_matches_brute_force_up_to_12_cells),
		cmocka_unit_test(orientable_predicate_matches_brute_force),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
