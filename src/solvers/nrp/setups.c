#include "solvers/nrp/constructive.h"

#include <stdlib.h>
#include <string.h>

/* ---- Setups: moving tiles onto a macro's cells. ---- */

bool
nrp_build_dist1(struct nrp_ctx *x)
{
	const struct geom *g = x->g;
	int N = g->N, s, queue[MAXN];

	x->dist1 = malloc((size_t)N * (size_t)N);
	if (x->dist1 == NULL)
		return false;
	memset(x->dist1, 255, (size_t)N * (size_t)N);
	for (s = 0; s < N; s++) {
		uint8_t *d = &x->dist1[s * N];
		int head = 0, tail = 0;

		d[s] = 0;
		queue[tail++] = s;
		while (head < tail) {
			int c = queue[head++];

			for (int i = 0; i < g->ncover[c]; i++)
				for (int t = 0; t < 3; t++) {
					int e = g->dest[3 * g->cover[c][i] + t][c];

					if (d[e] == 255) {
						d[e] = (uint8_t)(d[c] + 1 < 254 ? d[c] + 1 : 254);
						queue[tail++] = e;
					}
				}
		}
	}
	return true;
}

/* Routes count tiles from cells from[] onto cells to[] one at a time in
 * the given order, each avoiding the cells already filled. Returns the
 * number of moves written to out (room for count * N), -1 if stuck. */
static int
sequential_setup(const struct geom *g, const int *from, const int *to,
    const int *order, int count, int *out)
{
	int cur[3], done[3], total = 0, i, j;
	uint8_t forbid[MAXB];

	for (i = 0; i < count; i++)
		cur[i] = from[i];
	for (i = 0; i < count; i++) {
		int o = order[i], len;

		for (j = 0; j < i; j++)
			done[j] = to[order[j]];
		nrp_forbid_cells(g, done, i, forbid);
		len = nrp_route_tile(g, cur[o], to[o], forbid, out + total);
		if (len < 0)
			return -1;
		for (j = 0; j < count; j++)
			cur[j] = nrp_follow(g, cur[j], out + total, len);
		total += len;
	}
	return total;
}

/* Breadth-first search over ordered triples (or pairs) of cells towards
 * target: moves[s] - 1 is a move taking state s one step closer; dist_out
 * (may be NULL) receives the distances. */
static bool
build_tuple_table(const struct geom *g, const int *target, int arity,
    uint16_t **moves_out, uint8_t **dist_out)
{
	size_t N = (size_t)g->N, size = arity == 3 ? N * N * N : N * N, head = 0, tail = 0;
	uint16_t *moves = calloc(size, sizeof *moves);
	uint8_t *dist = malloc(size);  /* kept only when dist_out asks for it */
	uint32_t *queue = malloc(size * sizeof *queue);
	uint8_t inv[MAXMV][MAXN];
	size_t s;
	int mv;

	if (moves == NULL || dist == NULL || queue == NULL) {
		free(moves);
		free(dist);
		free(queue);
		return false;
	}
	for (mv = 0; mv < g->nmv; mv++)
		for (int c = 0; c < g->N; c++)
			inv[mv][g->dest[mv][c]] = (uint8_t)c;
	s = arity == 3 ? ((size_t)target[0] * N + (size_t)target[1]) * N + (size_t)target[2]
	    : (size_t)target[0] * N + (size_t)target[1];
	moves[s] = UINT16_MAX;  /* the target itself */
	dist[s] = 0;
	queue[tail++] = (uint32_t)s;
	while (head < tail) {
		size_t cur = queue[head++];
		int a, b, c = 0;

		if (arity == 3) {
			a = (int)(cur / (N * N));
			b = (int)(cur / N % N);
			c = (int)(cur % N);
		} else {
			a = (int)(cur / N);
			b = (int)(cur % N);
		}
		for (mv = 0; mv < g->nmv; mv++) {
			size_t p = arity == 3
			    ? ((size_t)inv[mv][a] * N + inv[mv][b]) * N + inv[mv][c]
			    : (size_t)inv[mv][a] * N + inv[mv][b];

			if (moves[p] == 0) {
				moves[p] = (uint16_t)(mv + 1);
				dist[p] = (uint8_t)(dist[cur] < 254 ? dist[cur] + 1 : 254);
				queue[tail++] = (uint32_t)p;
			}
		}
	}
	free(queue);
	*moves_out = moves;
	if (dist_out != NULL)
		*dist_out = dist;
	else
		free(dist);
	return true;
}

/* Walks the table from state (cells) to its target, writing the moves. */
static int
table_walk(const struct geom *g, const uint16_t *moves, const int *cells, int arity, int *out)
{
	size_t N = (size_t)g->N;
	int cur[3] = {cells[0], cells[1], arity == 3 ? cells[2] : 0}, len = 0;

	for (;;) {
		size_t s = arity == 3 ? ((size_t)cur[0] * N + (size_t)cur[1]) * N + (size_t)cur[2]
		    : (size_t)cur[0] * N + (size_t)cur[1];
		int mv;

		if (moves[s] == 0)
			return -1;
		if (moves[s] == UINT16_MAX)
			return len;
		mv = moves[s] - 1;
		out[len++] = mv;
		for (int i = 0; i < arity; i++)
			cur[i] = g->dest[mv][cur[i]];
	}
}

struct choice {
	int macro, dr, dc;
	bool inverse;
	int target[3];
	long score;
};

/* Which of T's cells each of the three tiles must reach, for the six ways
 * T or T^-1 can carry a -> b -> c -> a. */
static void
assignment(const int P[3], int way, int target[3], bool *inverse)
{
	int i = way % 3;

	*inverse = way >= 3;
	if (!*inverse) {
		target[0] = P[i];
		target[1] = P[(i + 1) % 3];
		target[2] = P[(i + 2) % 3];
	} else {
		target[0] = P[i];
		target[1] = P[(i + 2) % 3];
		target[2] = P[(i + 1) % 3];
	}
}

/* Fallback setup: two of the tiles by a table over pairs of cells (no
 * block forbidden), the third by its own route avoiding the first two's
 * cells; each choice of the third tile and of the six ways is tried on a
 * fixed central placement. On success fills top[0], *best_len and best. */
static bool
pair_then_single(struct nrp_ctx *x, const int from[3], int a, struct choice *top,
    int *best_len, int *best, int *buf, struct tw_error *err)
{
	const struct geom *g = x->g;
	int cls = g->k % 2 == 1 ? colour(g, a) : 0, P[3];
	const struct macro *mac;
	uint8_t forbid[MAXB];

	if (!x->fb_ready[cls]) {
		long best_d = -1;

		for (int mi = 0; mi < x->nmacros; mi++) {
			const struct macro *mc = &x->cyc[mi];

			for (int dr = 0; dr + mc->h <= g->m; dr++)
				for (int dc = 0; dc + mc->w <= g->n; dc++) {
					long d;

					if (g->k % 2 == 1 && colour(g, nrp_place_cell(g, mc, mc->cell[0], dr, dc)) != cls)
						continue;
					d = labs(2L * dr + mc->h - g->m) + labs(2L * dc + mc->w - g->n) + mc->len;
					if (best_d < 0 || d < best_d) {
						best_d = d;
						x->fb_macro[cls] = mi;
						x->fb_dr[cls] = dr;
						x->fb_dc[cls] = dc;
					}
				}
		}
		if (best_d < 0)
			return true;
		mac = &x->cyc[x->fb_macro[cls]];
		for (int i = 0; i < 3; i++)
			P[i] = nrp_place_cell(g, mac, mac->cell[i], x->fb_dr[cls], x->fb_dc[cls]);
		for (int j = 0; j < 3; j++) {
			int pair[2] = {P[(j + 1) % 3], P[(j + 2) % 3]};

			if (!build_tuple_table(g, pair, 2, &x->fb_move[cls][j], NULL)) {
				tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
				return false;
			}
		}
		x->fb_ready[cls] = true;
	}
	mac = &x->cyc[x->fb_macro[cls]];
	for (int i = 0; i < 3; i++)
		P[i] = nrp_place_cell(g, mac, mac->cell[i], x->fb_dr[cls], x->fb_dc[cls]);
	for (int way = 0; way < 6; way++) {
		int target[3];
		bool inverse;

		assignment(P, way, target, &inverse);
		for (int j = 0; j < 3; j++) {
			/* the tile bound for P[j] goes last */
			int first[2] = {0, 0}, last = -1, len, len2, cur;

			for (int i = 0; i < 3; i++) {
				if (target[i] == P[(j + 1) % 3])
					first[0] = from[i];
				else if (target[i] == P[(j + 2) % 3])
					first[1] = from[i];
				else
					last = from[i];
			}
			len = table_walk(g, x->fb_move[cls][j], first, 2, buf);
			if (len < 0)
				continue;
			cur = nrp_follow(g, last, buf, len);
			{
				int done[2] = {P[(j + 1) % 3], P[(j + 2) % 3]};

				nrp_forbid_cells(g, done, 2, forbid);
			}
			len2 = nrp_route_tile(g, cur, P[j], forbid, buf + len);
			if (len2 < 0)
				continue;
			if (*best_len < 0 || len + len2 < *best_len) {
				*best_len = len + len2;
				memcpy(best, buf, (size_t)(len + len2) * sizeof *buf);
				top[0].macro = x->fb_macro[cls];
				top[0].dr = x->fb_dr[cls];
				top[0].dc = x->fb_dc[cls];
				top[0].inverse = inverse;
			}
		}
	}
	return true;
}

/* Cycles the tiles on cells a -> b -> c -> a (same colour for odd k),
 * leaving every other tile where it was. */
bool
nrp_cycle3(struct nrp_ctx *x, struct work *w, int a, int b, int c, bool *no_setup,
    struct tw_error *err)
{
	const struct geom *g = x->g;
	struct choice top[12];
	int ntop = 0, i, from[3] = {a, b, c}, width;
	int *buf = malloc((size_t)16 * MAXN * sizeof *buf), *best = buf + 8 * MAXN;
	int best_len = -1, best_i = -1;

	if (buf == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	for (int mi = 0; mi < x->nmacros; mi++) {
		const struct macro *mac = &x->cyc[mi];

		for (int dr = 0; dr + mac->h <= g->m; dr++) {
			for (int dc = 0; dc + mac->w <= g->n; dc++) {
				int P[3];

				for (i = 0; i < 3; i++)
					P[i] = nrp_place_cell(g, mac, mac->cell[i], dr, dc);
				if (g->k % 2 == 1 && colour(g, P[0]) != colour(g, a))
					continue;
				for (int way = 0; way < 6; way++) {
					struct choice ch = {mi, dr, dc, false, {0, 0, 0}, 0};

					assignment(P, way, ch.target, &ch.inverse);
					for (i = 0; i < 3; i++)
						ch.score += 2 * x->dist1[from[i] * g->N + ch.target[i]];
					ch.score += mac->len;
					if (ntop < 12 || ch.score < top[ntop - 1].score) {
						int j = ntop < 12 ? ntop++ : 11;

						while (j > 0 && top[j - 1].score > ch.score) {
							top[j] = top[j - 1];
							j--;
						}
						top[j] = ch;
					}
				}
			}
		}
	}
	/* the three best-scored placements first, then wider */
	for (width = 0; width < 2 && best_len < 0; width++)
	for (i = width == 0 ? 0 : 3; i < (width == 0 ? (ntop < 3 ? ntop : 3) : ntop); i++) {
		static const int orders[6][3] = {{0, 1, 2}, {2, 1, 0}, {1, 0, 2}, {0, 2, 1}, {1, 2, 0}, {2, 0, 1}};

		for (int o = 0; o < (width == 0 ? 2 : 6); o++) {
			int len = sequential_setup(g, from, top[i].target, orders[o], 3, buf);

			if (len >= 0 && (best_len < 0 || 2 * len + x->cyc[top[i].macro].len <
			    2 * best_len + x->cyc[top[best_i].macro].len)) {
				best_len = len;
				best_i = i;
				memcpy(best, buf, (size_t)len * sizeof *buf);
			}
		}
	}
	if (best_len < 0 && !pair_then_single(x, from, a, top, &best_len, best, buf, err)) {
		free(buf);
		return false;
	}
	if (best_len >= 0 && best_i < 0)
		best_i = 0;
	if (best_len < 0) {
		/* Few blocks: search over triples of cells. */
		int cls = g->k % 2 == 1 ? colour(g, a) : 0;
		int way_best = -1, d_best = 255;

		if (x->tri_move[cls] == NULL) {
			size_t N = (size_t)g->N;

			if (N * N * N > ((size_t)1 << 24) || N * N * N * (size_t)g->nmv > (size_t)2000000000)
				goto fail;
			for (int mi = 0; mi < x->nmacros && x->tri_move[cls] == NULL; mi++) {
				const struct macro *mac = &x->cyc[mi];

				for (int dr = 0; dr + mac->h <= g->m && x->tri_move[cls] == NULL; dr++)
					for (int dc = 0; dc + mac->w <= g->n && x->tri_move[cls] == NULL; dc++) {
						int P[3];

						for (i = 0; i < 3; i++)
							P[i] = nrp_place_cell(g, mac, mac->cell[i], dr, dc);
						if (g->k % 2 == 1 && colour(g, P[0]) != cls)
							continue;
						if (!build_tuple_table(g, P, 3, &x->tri_move[cls], &x->tri_dist[cls])) {
							tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
							free(buf);
							return false;
						}
						x->tri_macro[cls] = mi;
						x->tri_dr[cls] = dr;
						x->tri_dc[cls] = dc;
					}
			}
			if (x->tri_move[cls] == NULL)
				goto fail;
		}
		{
			const struct macro *mac = &x->cyc[x->tri_macro[cls]];
			int P[3], target[3];
			bool inverse;

			for (i = 0; i < 3; i++)
				P[i] = nrp_place_cell(g, mac, mac->cell[i], x->tri_dr[cls], x->tri_dc[cls]);
			for (int way = 0; way < 6; way++) {
				int state[3];
				size_t N = (size_t)g->N, s;

				assignment(P, way, target, &inverse);
				/* table order: the tiles bound for P[0], P[1], P[2] */
				for (i = 0; i < 3; i++)
					for (int j = 0; j < 3; j++)
						if (target[j] == P[i])
							state[i] = from[j];
				s = ((size_t)state[0] * N + (size_t)state[1]) * N + (size_t)state[2];
				if (x->tri_move[cls][s] != 0 && x->tri_dist[cls][s] < d_best) {
					d_best = x->tri_dist[cls][s];
					way_best = way;
				}
			}
			if (way_best < 0)
				goto fail;
			assignment(P, way_best, target, &inverse);
			{
				int state[3];

				for (i = 0; i < 3; i++)
					for (int j = 0; j < 3; j++)
						if (target[j] == P[i])
							state[i] = from[j];
				best_len = table_walk(g, x->tri_move[cls], state, 3, best);
			}
			top[0].macro = x->tri_macro[cls];
			top[0].dr = x->tri_dr[cls];
			top[0].dc = x->tri_dc[cls];
			top[0].inverse = inverse;
			best_i = 0;
			if (best_len < 0)
				goto fail;
		}
	}
	nrp_do_word(w, best, best_len, false);
	nrp_do_macro(w, &x->cyc[top[best_i].macro], top[best_i].dr, top[best_i].dc, top[best_i].inverse, 1);
	nrp_do_word(w, best, best_len, true);
	free(buf);
	return true;
fail:
	free(buf);
	*no_setup = true;
	tw_error_set(err, "internal error: no setup found for a 3-cycle on the %dx%d board with k = %d",
	    g->m, g->n, g->k);
	return false;
}

/* Turns the tile on cell a by quarter quarter-turns and the tile on cell
 * b back by as many (a twist macro conjugated into place). */
bool
nrp_twist_pair(struct nrp_ctx *x, struct work *w, int a, int b, int quarter, struct tw_error *err)
{
	const struct geom *g = x->g;
	int cls = g->k % 2 == 1 ? colour(g, a) : 0;
	int *buf, len, reps, cells[2] = {a, b};
	const struct macro *mac;

	if (x->pair_move[cls] == NULL) {
		/* the placement nearest the board's centre keeps setups short */
		long best = -1;
		int S[2];

		for (int t = 0; t < x->ntwists; t++) {
			for (int dr = 0; dr + x->twist[t].h <= g->m; dr++)
				for (int dc = 0; dc + x->twist[t].w <= g->n; dc++) {
					int S0 = nrp_place_cell(g, &x->twist[t], x->twist[t].cell[0], dr, dc);
					long d;

					if (g->k % 2 == 1 && colour(g, S0) != cls)
						continue;
					d = 4 * (labs(2L * dr + x->twist[t].h - g->m) + labs(2L * dc + x->twist[t].w - g->n)) +
					    x->twist[t].len;
					if (best < 0 || d < best) {
						best = d;
						x->pair_dr[cls] = dr;
						x->pair_dc[cls] = dc;
						x->pair_macro[cls] = t;
					}
				}
		}
		if (best < 0) {
			tw_error_set(err, "internal error: no twist placement for the %dx%d board with k = %d",
			    g->m, g->n, g->k);
			return false;
		}
		mac = &x->twist[x->pair_macro[cls]];
		S[0] = nrp_place_cell(g, mac, mac->cell[0], x->pair_dr[cls], x->pair_dc[cls]);
		S[1] = nrp_place_cell(g, mac, mac->cell[1], x->pair_dr[cls], x->pair_dc[cls]);
		if (!build_tuple_table(g, S, 2, &x->pair_move[cls], NULL)) {
			tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
			return false;
		}
	}
	mac = &x->twist[x->pair_macro[cls]];
	buf = malloc((size_t)2 * MAXN * sizeof *buf);
	if (buf == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	len = table_walk(g, x->pair_move[cls], cells, 2, buf);
	if (len < 0) {
		free(buf);
		tw_error_set(err, "internal error: no setup for a twist on the %dx%d board with k = %d",
		    g->m, g->n, g->k);
		return false;
	}
	for (reps = 1; reps < 4 && (reps * mac->amount) % 4 != quarter % 4; reps++)
		;
	nrp_do_word(w, buf, len, false);
	nrp_do_macro(w, mac, x->pair_dr[cls], x->pair_dc[cls], false, reps);
	nrp_do_word(w, buf, len, true);
	free(buf);
	return true;
}

