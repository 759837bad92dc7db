#include "solvers/nrp/solve.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/nrp/constructive.h"
#include "solvers/tablecache.h"

/* ---- The phases. ---- */

static void
report(atomic_int *progress, const struct work *w)
{
	int home = 0;

	if (progress == NULL)
		return;
	for (int c = 0; c < w->g->N; c++)
		if (w->tile[c] == c)
			home++;
	/* Tiles home, as a figure that never falls: fixing rotations moves
	 * placed tiles away for a while. */
	if (1000 * home / w->g->N > atomic_load(progress))
		atomic_store(progress, 1000 * home / w->g->N);
}

static int
class_parity(const struct work *w, int cls)
{
	uint8_t seen[MAXN] = {0};
	int parity = 0;

	for (int c = 0; c < w->g->N; c++) {
		if (seen[c] || (cls >= 0 && colour(w->g, c) != cls))
			continue;
		for (int j = c; !seen[j]; j = w->tile[j]) {
			seen[j] = 1;
			if (j != c)
				parity ^= 1;
		}
	}
	return parity;
}

/* Tiles after the one being routed whose distances home break ties. */
#define LOOKAHEAD 12

/* A shortest route for the tile bound for cell c over blocks that are not
 * forbidden; among the moves that bring it a step closer, each time the
 * one that leaves the next LOOKAHEAD tiles (by unconstrained distance,
 * x->dist1) nearest their homes: the same length, and the tiles after it
 * start closer. Writes the moves to route (room for N) and returns their
 * count, -1 if there is no route. */
static int
greedy_route(const struct nrp_ctx *x, const struct work *w, int c, const uint8_t *forbid, int *route)
{
	const struct geom *g = x->g;
	int dist[MAXN], queue[MAXN], head = 0, tail = 0, look[LOOKAHEAD], at[LOOKAHEAD], nlook = 0;
	int cur, len = 0;

	for (int i = 0; i < g->N; i++)
		dist[i] = -1;
	dist[c] = 0;
	queue[tail++] = c;
	while (head < tail) {
		int u = queue[head++];

		for (int i = 0; i < g->ncover[u]; i++) {
			int b = g->cover[u][i];

			if (forbid[b])
				continue;
			for (int t = 0; t < 3; t++) {
				int v = g->dest[3 * b + t][u];

				if (dist[v] < 0) {
					dist[v] = dist[u] + 1;
					queue[tail++] = v;
				}
			}
		}
	}
	cur = w->pos[c];
	if (dist[cur] < 0)
		return -1;
	for (int t = c + 1; t < g->N && nlook < LOOKAHEAD; t++) {
		at[nlook] = w->pos[t];
		look[nlook++] = t;
	}
	while (dist[cur] > 0) {
		int best = -1;
		long best_score = 0;

		for (int i = 0; i < g->ncover[cur]; i++) {
			int b = g->cover[cur][i];

			if (forbid[b])
				continue;
			for (int t = 0; t < 3; t++) {
				int mv = 3 * b + t;
				long score = 0;

				if (dist[g->dest[mv][cur]] != dist[cur] - 1)
					continue;
				for (int j = 0; j < nlook; j++)
					score += x->dist1[g->dest[mv][at[j]] * g->N + look[j]];
				if (best < 0 || score < best_score) {
					best = mv;
					best_score = score;
				}
			}
		}
		route[len++] = best;
		cur = g->dest[best][cur];
		for (int j = 0; j < nlook; j++)
			at[j] = g->dest[best][at[j]];
	}
	return len;
}

/* Row by row, each tile to its home by its own shortest route over blocks
 * that touch no placed tile; cells that cannot be reached so are left for
 * the 3-cycles. */
static bool
greedy(const struct nrp_ctx *x, struct work *w, atomic_int *progress, struct tw_error *err)
{
	const struct geom *g = w->g;
	uint8_t forbid[MAXB] = {0};
	int route[4 * MAXN];

	for (int c = 0; c < g->N; c++) {
		int len = -1;

		if (nrp_cancelled(w)) {
			tw_error_cancelled(err);
			return false;
		}
		/* On an orientable board the tile arrives upright where a route
		 * allows it (a few moves more than the shortest): the twists
		 * that would fix it later cost far more. */
		if (g->orientable && (w->tile[c] != c || w->rot[c] != 0))
			len = nrp_route_tile_upright(g, w->pos[c], w->rot[w->pos[c]], c, forbid, route);
		if (len < 0)
			len = w->tile[c] == c ? 0 : greedy_route(x, w, c, forbid, route);
		if (len < 0)
			continue;
		nrp_do_word(w, route, len, false);
		for (int i = 0; i < g->ncover[c]; i++)
			forbid[g->cover[c][i]] = 1;
		report(progress, w);
	}
	return true;
}

/* Every misplaced tile home by 3-cycles: the tile for cell c comes from
 * where it is, c's tile goes to a third cell of its class, preferably a
 * misplaced one; another third cell is tried where no setup is found. */
static bool
place_by_cycles(struct nrp_ctx *x, struct work *w, atomic_int *progress, struct tw_error *err)
{
	const struct geom *g = x->g;

	for (int c = 0; c < g->N; c++) {
		while (w->tile[c] != c) {
			int y = w->pos[c];
			bool done = false, no_setup = false;

			if (nrp_cancelled(w)) {
				tw_error_cancelled(err);
				return false;
			}
			/* First the home of c's tile, so that the 3-cycle places
			 * two tiles (as a blindfold solver chains its cycles). */
			int chain = w->tile[c];

			if (chain != y && chain > c && (g->k % 2 == 0 || colour(g, chain) == colour(g, c))) {
				no_setup = false;
				if (nrp_cycle3(x, w, y, c, chain, &no_setup, err))
					done = true;
				else if (!no_setup)
					return false;
			}
			for (int pass = 0; pass < 2 && !done; pass++) {
				for (int d = c + 1; d < g->N && !done; d++) {
					if (d == y || (w->tile[d] != d) != (pass == 0) ||
					    (g->k % 2 == 1 && colour(g, d) != colour(g, c)))
						continue;
					if (pass == 1 && !no_setup)
						break; /* a lone swap: parity should have prevented it */
					no_setup = false;
					if (nrp_cycle3(x, w, y, c, d, &no_setup, err))
						done = true;
					else if (!no_setup)
						return false;
				}
			}
			if (!done) {
				if (!no_setup)
					tw_error_set(err, "internal error: a lone swap is left on the %dx%d board with k = %d",
					    g->m, g->n, g->k);
				return false;
			}
			if (w->oom) {
				tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
				return false;
			}
			report(progress, w);
		}
	}
	return true;
}

/* Plays a priced 3-cycle; one priced at 255 (none found) is an internal
 * error, reported with what. */
static bool
play_choice(struct nrp_ctx *x, struct work *w, const struct chain_choice *ch, const char *what,
    struct tw_error *err)
{
	if (ch->cost == 255) {
		tw_error_set(err, "internal error: %s on the %dx%d board with k = %d", what,
		    x->g->m, x->g->n, x->g->k);
		return false;
	}
	if (!nrp_chain_apply(x, w, ch, err))
		return false;
	if (w->oom) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	return true;
}

/* The cheapest chain 3-cycle, by the whole-board tables (t NULL) or by
 * window table t at (wr, wc): it brings a cell's tile home from where it
 * stands and sends the tile it displaces home too, both upright. Fills
 * *best (cost 255 if there is none) and returns the first cell whose tile
 * is not home, -1 if every tile is. */
static int
cheapest_chain(const struct nrp_ctx *x, const struct work *w, const struct chain_table *t, int wr,
    int wc, struct chain_choice *best)
{
	struct chain_choice ch;
	int first = -1;

	best->cost = 255;
	for (int c = 0; c < x->g->N; c++) {
		int y = w->pos[c], d = w->tile[c];

		if (d == c)
			continue;
		if (first < 0)
			first = c;
		if (d != y && (t == NULL ? nrp_board_chain_cost(x, w, y, c, d, 3, &ch)
		    : nrp_chain_cost(x, t, wr, wc, w, y, c, d, 3, &ch)) < best->cost)
			*best = ch;
	}
	return first;
}

/* Every misplaced tile home by chains of 3-cycles priced by the chain
 * tables (chains.c): each step plays the cheapest 3-cycle that brings a
 * cell's tile home and sends the tile it displaces home too; where only
 * swaps are left, the cheapest that places one tile and joins two swaps
 * into a longer cycle. Placed tiles land upright on orientable boards. */
static bool
place_by_chains(struct nrp_ctx *x, struct work *w, atomic_int *progress, struct tw_error *err)
{
	const struct geom *g = x->g;

	for (;;) {
		struct chain_choice best = {.cost = 255}, ch;
		int first = -1;

		if (nrp_cancelled(w)) {
			tw_error_cancelled(err);
			return false;
		}
		first = cheapest_chain(x, w, NULL, 0, 0, &best);
		if (first < 0)
			return true;
		if (best.cost == 255) {
			int y = w->pos[first];

			for (int d = 0; d < g->N; d++) {
				if (d == first || d == y || w->tile[d] == d ||
				    (g->k % 2 == 1 && colour(g, d) != colour(g, first)))
					continue;
				if (nrp_board_chain_cost(x, w, y, first, d, 1, &ch) < best.cost)
					best = ch;
			}
		}
		if (!play_choice(x, w, &best, "no chain 3-cycle", err))
			return false;
		report(progress, w);
	}
}

/* Tiles home but turned, on a board with chain tables: a 3-cycle (the
 * cheapest, turns left free) takes a turned tile and two others of its
 * class off their cells, preferably turned ones too, and the chains
 * bring all three home upright where the class's turns allow (its sum is
 * 0 mod 4, so two turned tiles are always fixed together). Each round
 * leaves at least two fewer turned tiles. */
static bool
untwist_by_chains(struct nrp_ctx *x, struct work *w, atomic_int *progress, struct tw_error *err)
{
	const struct geom *g = x->g;

	for (;;) {
		struct chain_choice best = {.cost = 255}, ch;
		int a = -1, turned[MAXN], nturned = 0;

		for (int c = 0; c < g->N; c++)
			if (w->rot[c] != 0 && (a < 0 || g->k % 2 == 0 || colour(g, c) == colour(g, a))) {
				if (a < 0)
					a = c;
				turned[nturned++] = c;
			}
		if (a < 0)
			return true;
		for (int i = 1; i < nturned; i++) {
			/* a third turned tile where there is one, else any tile */
			for (int j = nturned > 2 ? 1 : 0; j < (nturned > 2 ? nturned : g->N); j++) {
				int b = turned[i], c = nturned > 2 ? turned[j] : j;

				if (c == a || c == b || (g->k % 2 == 1 && colour(g, c) != colour(g, a)))
					continue;
				if (nrp_board_chain_cost(x, w, a, b, c, 0, &ch) < best.cost)
					best = ch;
			}
		}
		if (!play_choice(x, w, &best, "a turned tile is left alone", err) ||
		    !place_by_chains(x, w, progress, err))
			return false;
	}
}

/* The turned tiles left on a wide orientable board, on a window around
 * each: its top-left cell puts a and b (a turned tile of a's class near
 * it) inside, a 3-cycle takes a, b and a third cell of the window (turned
 * if one is) off their cells, and chains on the same window bring the
 * three home, two of them upright and the third too where the class's
 * other turns allow. A turned tile with no partner near enough is left
 * for the twists (fix_rotations); so is everything after 4N rounds. */
static bool
untwist_on_windows(struct nrp_ctx *x, struct work *w, struct tw_error *err)
{
	const struct geom *g = x->g;
	int wh = x->local[0].win->m, ww = x->local[0].win->n;
	bool odd = g->k % 2 == 1;
	uint8_t skip[MAXN] = {0};

	for (int round = 0; round < 4 * g->N; round++) {
		struct chain_choice best = {.cost = 255}, ch;
		int a = -1, b = -1, bd = 0, wr, wc;
		const struct chain_table *t;

		if (nrp_cancelled(w)) {
			tw_error_cancelled(err);
			return false;
		}
		for (int c = 0; c < g->N && a < 0; c++)
			if (w->rot[c] != 0 && !skip[c])
				a = c;
		if (a < 0)
			return true;
		for (int c = 0; c < g->N; c++) {
			int dr = abs(c / g->n - a / g->n), dc = abs(c % g->n - a % g->n);

			if (c == a || w->rot[c] == 0 || (odd && colour(g, c) != colour(g, a)) ||
			    dr >= wh || dc >= ww)
				continue;
			if (b < 0 || dr + dc < bd) {
				b = c;
				bd = dr + dc;
			}
		}
		if (b < 0) {
			skip[a] = 1;
			continue;
		}
		/* the window centred on the pair, kept on the board */
		wr = (a / g->n + b / g->n + 1) / 2 - wh / 2;
		wc = (a % g->n + b % g->n + 1) / 2 - ww / 2;
		wr = wr < 0 ? 0 : wr + wh > g->m ? g->m - wh : wr;
		wc = wc < 0 ? 0 : wc + ww > g->n ? g->n - ww : wc;
		t = &x->local[odd ? colour(g, a) ^ ((wr + wc) & 1) : 0];
		for (int pass = 0; pass < 2 && best.cost == 255; pass++)
			for (int c = 0; c < g->N; c++)
				if (c != a && c != b && (w->rot[c] != 0) == (pass == 0) &&
				    nrp_chain_cost(x, t, wr, wc, w, a, b, c, 0, &ch) < best.cost)
					best = ch;
		if (best.cost == 255) {
			skip[a] = 1;
			continue;
		}
		if (!nrp_chain_apply(x, w, &best, err))
			return false;
		/* the three tiles home again by chains on the same window */
		for (int guard = 0; guard < 4; guard++) {
			struct chain_choice next;

			if (cheapest_chain(x, w, t, wr, wc, &next) < 0)
				break;
			if (!play_choice(x, w, &next, "tiles left off their cells", err))
				return false;
		}
	}
	return true;
}

/* Odd k: sets each colour's rotation sum to 0 mod 4. The sum of the
 * rotations on cells of one colour changes by one per quarter turn of a
 * block centred on that colour ((k^2+1)/2 = 1 mod 4 of its cells) and by
 * none for the other ((k^2-1)/2 = 0 mod 4); the 3-cycles and twists have
 * no net turns, so quarter turns of two neighbouring blocks (their
 * centres have both colours) set the sums once, before the 3-cycles,
 * which then keep them. For even k the sum is always 0 mod 4. */
static void
fix_rotation_sums(struct work *w)
{
	const struct geom *g = w->g;
	int sum[2] = {0, 0}, blk[2] = {0, 1};

	if (!g->orientable || g->k % 2 == 0 || g->nb < 2)
		return;
	for (int c = 0; c < g->N; c++)
		sum[colour(g, c)] += w->rot[c];
	for (int i = 0; i < 2; i++) {
		int cls = centre_colour(g, blk[i]), q = (4 - sum[cls] % 4) % 4;

		if (q != 0)
			nrp_do_move(w, 3 * blk[i] + q - 1);
	}
}

/* Orientable games, the tiles still turned once every tile is home (the
 * rotation sums were set before the 3-cycles, fix_rotation_sums): every
 * tile but the last of its class is made upright by a twist shared with
 * that last tile, which ends upright by the sum. */
static bool
fix_rotations(struct nrp_ctx *x, struct work *w, struct tw_error *err)
{
	const struct geom *g = x->g;
	int classes = g->k % 2 == 1 ? 2 : 1;

	for (int cls = 0; cls < classes; cls++) {
		int last = -1;

		for (int c = g->N - 1; c >= 0 && last < 0; c--)
			if (classes == 1 || colour(g, c) == cls)
				last = c;
		for (int c = 0; c < last; c++) {
			if ((classes == 2 && colour(g, c) != cls) || w->rot[c] == 0)
				continue;
			int partner = last;

			if (nrp_cancelled(w)) {
				tw_error_cancelled(err);
				return false;
			}
			int q = (4 - w->rot[c]) % 4, seen = 0;

			/* The partner is a nearby turned tile of the class (the
			 * twist's setups stay short), among the next few the
			 * first that the same twist puts upright too; else the
			 * next one. The class's rotation sum is 0, so there is
			 * always one left. */
			for (int d = c + 1; d < last && seen < 6; d++) {
				if ((classes == 2 && colour(g, d) != cls) || w->rot[d] == 0)
					continue;
				if (seen++ == 0)
					partner = d;
				if (w->rot[d] == q) {
					partner = d;
					break;
				}
			}
			if (!nrp_twist_pair(x, w, c, partner, q, err))
				return false;
		}
	}
	return true;
}

/* The paper's parity step ([Lam], section 4): 3-cycles keep the
 * parity, so where it is odd but must end even, one quarter turn, of the
 * block that disturbs the fewest placed tiles. */
static void
fix_parity(struct work *w)
{
	const struct geom *g = w->g;
	int best = 0, best_home = g->N + 1;

	if (!((g->k % 4 == 2 && class_parity(w, -1)) ||
	    ((g->k % 8 == 3 || g->k % 8 == 5) && class_parity(w, 0))))
		return;
	for (int b = 0; b < g->nb; b++) {
		int home = 0;

		for (int c = 0; c < g->N; c++)
			if (w->tile[c] == c && block_has(g, b, c))
				home++;
		if (home < best_home) {
			best_home = home;
			best = b;
		}
	}
	nrp_do_move(w, 3 * best);
}

/* Turns of one block separated only by turns of blocks that do not
 * overlap it commute with those and merge: B B = B2, B B' = nothing. */
static size_t
shorten(const struct geom *g, int *mv, size_t len)
{
	size_t out = 0;

	for (size_t i = 0; i < len; i++) {
		int b = mv[i] / 3, t = mv[i] % 3 + 1;
		size_t j = out;
		bool merged = false;

		while (j > 0) {
			int pb = mv[j - 1] / 3;

			if (pb == b) {
				int sum = (mv[j - 1] % 3 + 1 + t) % 4;

				if (sum == 0) {
					memmove(&mv[j - 1], &mv[j], (out - j) * sizeof *mv);
					out--;
				} else {
					mv[j - 1] = 3 * b + sum - 1;
				}
				merged = true;
				break;
			}
			if (blocks_overlap(g, pb, b))
				break;
			j--;
		}
		if (!merged)
			mv[out++] = mv[i];
	}
	return out;
}

static bool
emit(const struct geom *g, const int *mv, size_t len, struct movelist *out, struct tw_error *err)
{
	for (size_t i = 0; i < len; i++) {
		struct nrp_move m = {g->br[mv[i] / 3] + 1, g->bc[mv[i] / 3] + 1, mv[i] % 3 + 1};
		char buf[24];

		nrp_move_format(&m, buf, sizeof buf);
		if (!movelist_push(out, buf, err))
			return false;
	}
	return true;
}

/* The phases after the greedy one: the 3-cycles (by chains where
 * use_chains), the turns, a check that w is solved, and the moves
 * shortened in place (w->len). */
static bool
finish(struct nrp_ctx *x, struct work *w, bool use_chains, atomic_int *progress, struct tw_error *err)
{
	const struct geom *g = x->g;
	size_t prev;

	if (use_chains ? !place_by_chains(x, w, progress, err) ||
	    (g->orientable && !untwist_by_chains(x, w, progress, err))
	    : !place_by_cycles(x, w, progress, err))
		return false;
	if (!use_chains && g->orientable && nrp_local_ready(x) && !untwist_on_windows(x, w, err))
		return false;
	if (g->orientable && !fix_rotations(x, w, err))
		return false;
	if (w->oom) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	for (int c = 0; c < g->N; c++) {
		if (w->tile[c] != c || w->rot[c] != 0) {
			tw_error_set(err, "internal error: the %dx%d board with k = %d was left unsolved",
			    g->m, g->n, g->k);
			return false;
		}
	}
	do {
		prev = w->len;
		w->len = shorten(g, w->mv, w->len);
	} while (w->len < prev);
	return true;
}

static bool
solve_constructive(const struct nrp_params *p, const struct nrp_state *s, atomic_bool *cancel,
    atomic_int *progress, _Atomic(const char *) *phase, struct movelist *out, struct tw_error *err)
{
	struct nrp_ctx x;
	struct work *w = NULL;
	bool ok = false;
	size_t len;

	memset(&x, 0, sizeof x);
	x.g = malloc(sizeof *x.g);
	w = calloc(1, sizeof *w);
	if (x.g == NULL || w == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		goto done;
	}
	nrp_geom_init(x.g, p->rows, p->cols, p->k, p->orientable);
	w->g = x.g;
	w->cancel = cancel;
	if (progress != NULL)
		atomic_store(progress, 0);
	for (int c = 0; c < x.g->N; c++) {
		w->tile[c] = (uint8_t)(s->tile[c] - 1);
		w->pos[s->tile[c] - 1] = (uint8_t)c;
		w->rot[c] = p->orientable ? s->rot[c] : 0;
	}
	if (!nrp_cached_macros(&x, err))
		goto done;
	if (!nrp_build_dist1(&x)) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		goto done;
	}
	{
		struct table_progress prog = {.progress = progress, .cancel = cancel, .phase = phase};

		if (!nrp_chain_tables(&x, &prog, err))
			goto done;
		if (progress != NULL)
			atomic_store(progress, 0);
	}
	if (!greedy(&x, w, progress, err))
		goto done;
	fix_parity(w);
	fix_rotation_sums(w);
	if (nrp_chains_ready(&x) && !p->orientable && x.g->nb > 4) {
		/* Plain boards with many blocks: chains on one placement of the
		 * macro or free 3-cycles on any placement, whichever is shorter
		 * (each wins on some boards). */
		struct work *alt = malloc(sizeof *alt);

		if (alt == NULL) {
			tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
			goto done;
		}
		*alt = *w;
		alt->mv = malloc(w->cap * sizeof *alt->mv);
		if (alt->mv == NULL) {
			free(alt);
			tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
			goto done;
		}
		memcpy(alt->mv, w->mv, w->len * sizeof *alt->mv);
		if (!finish(&x, alt, false, progress, err) || !finish(&x, w, true, progress, err)) {
			free(alt->mv);
			free(alt);
			goto done;
		}
		if (alt->len < w->len) {
			struct work *t = w;

			w = alt;
			alt = t;
		}
		free(alt->mv);
		free(alt);
	} else if (!finish(&x, w, nrp_chains_ready(&x), progress, err)) {
		goto done;
	}
	len = w->len;
	ok = emit(x.g, w->mv, len, out, err);
done:
	if (w != NULL)
		free(w->mv);
	free(w);
	nrp_ctx_free(&x);
	return ok;
}

/* k = m = n: the board is the solved one turned; turn it back. */
static bool
solve_single_block(const struct nrp_state *s, struct movelist *out, struct tw_error *err)
{
	int n = s->cols, k = s->k;

	/* where tile 1 stands says how far the board is turned */
	for (int q = 0; q < 4; q++) {
		int r = 0, c = 0;

		for (int t = 0; t < q; t++) {
			int nr = c;

			c = k - 1 - r;
			r = nr;
		}
		if (s->tile[r * n + c] == 1) {
			struct nrp_move mv = {1, 1, (4 - q) % 4};
			char buf[24];

			if (q == 0)
				return true;
			nrp_move_format(&mv, buf, sizeof buf);
			return movelist_push(out, buf, err);
		}
	}
	tw_error_set(err, "internal error: tile 1 is not on a corner");
	return false;
}

int
nrp_counting_bound(const struct nrp_params *p)
{
	double b = 3.0 * (p->rows - p->k + 1) * (p->cols - p->k + 1);
	double log_target = lgamma(p->rows * p->cols + 1.0) - log(2.0), log_sum = 0; /* the empty word */

	if (b <= 3)
		return 0;
	for (int L = 1;; L++) {
		double log_words = log(b) + (L - 1) * log(b - 3);
		double hi = log_sum > log_words ? log_sum : log_words, lo = log_sum + log_words - hi;

		log_sum = hi + log1p(exp(lo - hi));
		if (log_sum >= log_target)
			return L;
	}
}

bool
nrp_solve(const struct nrp_params *params, const struct nrp_state *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err)
{
	if (req->optimal)
		return nrp_solve_optimal(params, state, req, out, err);
	if (!nrp_state_solvable(params, state, err))
		return false;
	if (nrp_state_is_solved(params, state))
		return true;
	if (params->k == params->rows && params->k == params->cols)
		return solve_single_block(state, out, err);
	if (nrp_window_special(params->rows, params->cols, params->k) || params->rows * params->cols <= 9)
		return nrp_solve_optimal(params, state, req, out, err);
	return solve_constructive(params, state, req->cancel, req->progress, req->phase, out, err);
}

enum optimal_offer
nrp_optimal_offer(const void *params, int metric, char *cost, size_t size)
{
	const struct nrp_params *p = params;

	(void)metric;
	(void)cost;
	(void)size;
	if ((p->k == p->rows && p->k == p->cols) || nrp_window_special(p->rows, p->cols, p->k) ||
	    p->rows * p->cols <= 9)
		return OPTIMAL_ALREADY;
	return nrp_optimal_accepts(p, NULL) ? OPTIMAL_READY : OPTIMAL_NOT_OFFERED;
}

bool
nrp_solve_entry(const void *params, const void *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err)
{
	return nrp_solve(params, state, req, out, err);
}
