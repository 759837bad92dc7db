#include "solvers/nrp/constructive.h"

#include <stdlib.h>
#include <string.h>

void
nrp_geom_init(struct geom *g, int m, int n, int k, bool orientable)
{
	int b, c, t, i, j;

	g->m = m;
	g->n = n;
	g->k = k;
	g->N = m * n;
	g->bcols = n - k + 1;
	g->nb = (m - k + 1) * g->bcols;
	g->nmv = 3 * g->nb;
	g->orientable = orientable;
	for (c = 0; c < g->N; c++)
		g->ncover[c] = 0;
	for (b = 0; b < g->nb; b++) {
		g->br[b] = (uint8_t)(b / g->bcols);
		g->bc[b] = (uint8_t)(b % g->bcols);
		for (t = 1; t <= 3; t++) {
			uint8_t *d = g->dest[3 * b + t - 1];

			for (c = 0; c < g->N; c++)
				d[c] = (uint8_t)c;
			for (i = 0; i < k; i++) {
				for (j = 0; j < k; j++) {
					int di, dj;

					nrp_block_turn(k, t, i, j, &di, &dj);
					d[(g->br[b] + i) * n + g->bc[b] + j] =
					    (uint8_t)((g->br[b] + di) * n + g->bc[b] + dj);
				}
			}
		}
		for (i = 0; i < k; i++)
			for (j = 0; j < k; j++) {
				c = (g->br[b] + i) * n + g->bc[b] + j;
				g->cover[c][g->ncover[c]++] = (uint8_t)b;
			}
	}
}


static void
push_move(struct work *w, int mv)
{
	if (w->len == w->cap) {
		size_t cap = w->cap == 0 ? 256 : 2 * w->cap;
		int *p = realloc(w->mv, cap * sizeof *p);

		if (p == NULL) {
			w->oom = true;
			return;
		}
		w->mv = p;
		w->cap = cap;
	}
	w->mv[w->len++] = mv;
}

void
nrp_do_move(struct work *w, int mv)
{
	const struct geom *g = w->g;
	int b = mv / 3, t = mv % 3 + 1, k = g->k, i, j;
	uint8_t tile[MAXN], rot[MAXN];

	for (i = 0; i < k; i++) {
		for (j = 0; j < k; j++) {
			int c = (g->br[b] + i) * g->n + g->bc[b] + j, d = g->dest[mv][c];

			tile[d] = w->tile[c];
			rot[d] = (uint8_t)((w->rot[c] + (g->orientable ? t : 0)) & 3);
		}
	}
	for (i = 0; i < k; i++) {
		for (j = 0; j < k; j++) {
			int c = (g->br[b] + i) * g->n + g->bc[b] + j;

			w->tile[c] = tile[c];
			w->rot[c] = rot[c];
			w->pos[tile[c]] = (uint8_t)c;
		}
	}
	push_move(w, mv);
}

void
nrp_do_word(struct work *w, const int *word, int len, bool inverse)
{
	int i;

	if (inverse)
		for (i = len - 1; i >= 0; i--)
			nrp_do_move(w, inverse_move(word[i]));
	else
		for (i = 0; i < len; i++)
			nrp_do_move(w, word[i]);
}

bool
nrp_cancelled(const struct work *w)
{
	return w->cancel != NULL && atomic_load(w->cancel);
}

/* ---- Routing single tiles. ---- */

/* Breadth-first search for a tile's route over states cell * R + its
 * rotation mod R: R = 1 follows the cell alone, R = 4 the rotation too (a
 * move 3b + t turns the tile by t + 1 quarter turns). From (from, rot) to
 * (to, upright); see nrp_route_tile and nrp_route_tile_upright. */
static int
route_bfs(const struct geom *g, int R, int from, int rot, int to, const uint8_t *forbid,
    int *route)
{
	int16_t prev[4 * MAXN], how[4 * MAXN];
	int queue[4 * MAXN], head = 0, tail = 0, st, i, t, len;
	int start = R * from + (rot & (R - 1)), goal = R * to;

	if (start == goal)
		return 0;
	for (st = 0; st < R * g->N; st++)
		prev[st] = -1;
	prev[start] = (int16_t)start;
	queue[tail++] = start;
	while (head < tail && prev[goal] < 0) {
		int c = queue[head] / R, r = queue[head] % R;

		st = queue[head++];
		for (i = 0; i < g->ncover[c]; i++) {
			int b = g->cover[c][i];

			if (forbid != NULL && forbid[b])
				continue;
			for (t = 0; t < 3; t++) {
				int d = R * g->dest[3 * b + t][c] + ((r + t + 1) & (R - 1));

				if (prev[d] < 0) {
					prev[d] = (int16_t)st;
					how[d] = (int16_t)(3 * b + t);
					queue[tail++] = d;
				}
			}
		}
	}
	if (prev[goal] < 0)
		return -1;
	len = 0;
	for (st = goal; st != start; st = prev[st])
		len++;
	i = len;
	for (st = goal; st != start; st = prev[st])
		route[--i] = how[st];
	return len;
}

int
nrp_route_tile(const struct geom *g, int from, int to, const uint8_t *forbid, int *route)
{
	return route_bfs(g, 1, from, 0, to, forbid, route);
}

int
nrp_route_tile_upright(const struct geom *g, int from, int rot, int to, const uint8_t *forbid,
    int *route)
{
	return route_bfs(g, 4, from, rot, to, forbid, route);
}

/* forbid[b] = 1 for every block touching one of the count cells. */
void
nrp_forbid_cells(const struct geom *g, const int *cells, int count, uint8_t *forbid)
{
	int b, i;

	for (b = 0; b < g->nb; b++) {
		forbid[b] = 0;
		for (i = 0; i < count; i++)
			if (block_has(g, b, cells[i]))
				forbid[b] = 1;
	}
}

int
nrp_follow(const struct geom *g, int cell, const int *moves, int len)
{
	for (int i = 0; i < len; i++)
		cell = g->dest[moves[i]][cell];
	return cell;
}

