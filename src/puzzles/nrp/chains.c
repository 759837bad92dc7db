/* The 3-cycle phase by chains, with setups from a distance table.
 *
 * A blindfold solver's method: each 3-cycle takes the tile that belongs
 * on cell b from where it stands (a), and sends b's tile on to its own
 * home c, so that one cycle places two tiles. The cycle is a macro T on
 * fixed cells P of the board, conjugated as S T S^-1 by a setup S that
 * brings the three tiles onto P. For boards with few blocks the shortest
 * S comes from a breadth-first distance table over the cells of three
 * tiles (of one colour class for odd k), which also lets every chain be
 * priced before one is chosen: each step plays the cheapest chain.
 *
 * On orientable boards the table also follows two differences of the
 * turns the setup gives the three tiles: under S T S^-1 the tile from a
 * ends on b turned by rho_a + s_a + mu_a - s_b (its own turn, the setup's
 * turns of the tiles from a and b, the macro's turn on its cell), so the
 * setup that also makes s_b - s_a and s_c - s_b right lands both placed
 * tiles upright, at no cost in moves beyond a longer setup. */
#include "puzzles/nrp/constructive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/tablecache.h"

/* A table is built where it has at most this many states and its
 * breadth-first search visits at most CHAIN_MAX_WORK edges (a second or
 * two, once: it is cached on disk). */
#define CHAIN_MAX_STATES ((size_t)1 << 24)
#define CHAIN_MAX_WORK ((size_t)60000000)
/* Tables built with less work than this (a few ms) stay in memory only. */
#define CHAIN_DISK_WORK ((size_t)10000000)

struct chain_build {
	const struct geom *g;
	const struct chain_table *t;
};

static size_t
state_of(const struct chain_table *t, const int idx[3], int d01, int d12)
{
	size_t s = ((size_t)idx[0] * (size_t)t->nc + (size_t)idx[1]) * (size_t)t->nc + (size_t)idx[2];

	return s * (size_t)t->R + (t->R == 16 ? (size_t)(4 * (d01 & 3) + (d12 & 3)) : 0);
}

/* Turns move mv gives the tile on cell (0 on plain boards). */
static int
turn_of(const struct geom *g, int mv, int cell)
{
	return g->orientable && block_has(g, mv / 3, cell) ? mv % 3 + 1 : 0;
}

static bool
build_chain_table(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	const struct chain_build *b = ctx;
	const struct geom *g = b->g;
	const struct chain_table *t = b->t;
	uint8_t *dist = buf;
	uint32_t *queue = malloc(size * sizeof *queue);
	uint8_t (*next)[MAXN] = malloc((size_t)g->nmv * sizeof *next);
	uint8_t (*turn)[MAXN] = malloc((size_t)g->nmv * sizeof *turn);
	size_t head = 0, tail = 0, nc = (size_t)t->nc;
	int start[3];

	if (queue == NULL || next == NULL || turn == NULL) {
		free(queue);
		free(next);
		free(turn);
		tw_error_set(err, "out of memory");
		return false;
	}
	for (int mv = 0; mv < g->nmv; mv++)
		for (int i = 0; i < t->nc; i++) {
			next[mv][i] = (uint8_t)t->index[g->dest[mv][t->cell[i]]];
			turn[mv][i] = (uint8_t)turn_of(g, mv, t->cell[i]);
		}
	memset(dist, 255, size);
	for (int i = 0; i < 3; i++)
		start[i] = t->index[t->P[i]];
	dist[state_of(t, start, 0, 0)] = 0;
	queue[tail++] = (uint32_t)state_of(t, start, 0, 0);
	while (head < tail) {
		size_t s = queue[head++], rest = s / (size_t)t->R;
		int r = (int)(s % (size_t)t->R), d01 = r / 4, d12 = r % 4;
		int i2 = (int)(rest % nc), i1 = (int)(rest / nc % nc), i0 = (int)(rest / nc / nc);
		uint8_t d = dist[s] < 254 ? (uint8_t)(dist[s] + 1) : 254;

		if ((head & 0xffff) == 0 && prog != NULL) {
			if (prog->cancel != NULL && atomic_load(prog->cancel)) {
				free(queue);
				free(next);
				free(turn);
				tw_error_set(err, "cancelled");
				return false;
			}
			if (prog->progress != NULL)
				atomic_store(prog->progress, (int)(1000.0 * (double)head / (double)size));
		}
		for (int mv = 0; mv < g->nmv; mv++) {
			int j[3] = {next[mv][i0], next[mv][i1], next[mv][i2]};
			size_t ns = state_of(t, j, d01 + turn[mv][i0] - turn[mv][i1],
			    d12 + turn[mv][i1] - turn[mv][i2]);

			if (dist[ns] == 255) {
				dist[ns] = d;
				queue[tail++] = (uint32_t)ns;
			}
		}
	}
	free(queue);
	free(next);
	free(turn);
	return true;
}

/* Turns the placed macro gives the tile starting on each of its cells,
 * played forwards (dir 0) or inverted (dir 1). */
static void
macro_turns(const struct geom *g, const struct macro *mac, int dr, int dc, const int P[3],
    uint8_t mu[2][3])
{
	for (int dir = 0; dir < 2; dir++)
		for (int i = 0; i < 3; i++) {
			int cell = P[i], turns = 0;

			for (int j = 0; j < mac->len; j++) {
				int mv = nrp_place_move(g, mac, mac->word[dir == 0 ? j : mac->len - 1 - j], dr, dc);

				if (dir == 1)
					mv = inverse_move(mv);
				turns += turn_of(g, mv, cell);
				cell = g->dest[mv][cell];
			}
			mu[dir][i] = (uint8_t)(turns & 3);
		}
}

bool
nrp_chain_tables(struct nrp_ctx *x, const struct table_progress *prog, struct tw_error *err)
{
	const struct geom *g = x->g;
	int classes = g->k % 2 == 1 ? 2 : 1;

	for (int cls = 0; cls < classes; cls++) {
		struct chain_table *t = &x->chain[cls];
		long best = -1;
		size_t states;

		memset(t, 0, sizeof *t);
		t->nc = 0;
		for (int c = 0; c < g->N; c++) {
			if (classes == 2 && colour(g, c) != cls) {
				t->index[c] = -1;
				continue;
			}
			t->index[c] = (int16_t)t->nc;
			t->cell[t->nc++] = (uint8_t)c;
		}
		t->R = g->orientable ? 16 : 1;
		states = (size_t)t->nc * (size_t)t->nc * (size_t)t->nc * (size_t)t->R;
		if (t->nc < 3 || states > CHAIN_MAX_STATES || states * (size_t)g->nmv > CHAIN_MAX_WORK)
			return true;
		/* the shortest macro nearest the centre keeps setups short */
		for (int mi = 0; mi < x->nmacros; mi++) {
			const struct macro *mac = &x->cyc[mi];

			if (g->orientable && !mac->clean)
				continue;
			for (int dr = 0; dr + mac->h <= g->m; dr++)
				for (int dc = 0; dc + mac->w <= g->n; dc++) {
					long score;

					if (classes == 2 && colour(g, nrp_place_cell(g, mac, mac->cell[0], dr, dc)) != cls)
						continue;
					score = mac->len + 2 * (labs(2L * dr + mac->h - g->m) + labs(2L * dc + mac->w - g->n));
					if (best < 0 || score < best) {
						best = score;
						t->macro = mi;
						t->dr = dr;
						t->dc = dc;
					}
				}
		}
		if (best < 0)
			return true;
		for (int i = 0; i < 3; i++)
			t->P[i] = nrp_place_cell(g, &x->cyc[t->macro], x->cyc[t->macro].cell[i], t->dr, t->dc);
		macro_turns(g, &x->cyc[t->macro], t->dr, t->dc, t->P, t->mu);
		{
			char name[64], params[96];
			struct chain_build b = {g, t};
			struct table_spec spec = {name, 1, params, states, build_chain_table, &b,
				states * (size_t)g->nmv < CHAIN_DISK_WORK};

			snprintf(name, sizeof name, "nrp-chains-%dx%dk%d%s-%d", g->m, g->n, g->k,
			    g->orientable ? "o" : "", cls);
			snprintf(params, sizeof params, "cells %d %d %d of %d, turns %d", t->P[0], t->P[1], t->P[2],
			    t->nc, t->R);
			t->dist = table_get(&spec, prog, err);
			if (t->dist == NULL)
				return false;
		}
		t->ready = true;
	}
	return true;
}

bool
nrp_chains_ready(const struct nrp_ctx *x)
{
	return x->chain[0].ready && (x->g->k % 2 == 0 || x->chain[1].ready);
}

int
nrp_chain_cost(const struct nrp_ctx *x, const struct work *w, int a, int b, int c, int upright,
    struct chain_choice *out)
{
	const struct geom *g = x->g;
	const struct chain_table *t = &x->chain[g->k % 2 == 1 ? colour(g, a) : 0];
	const int from[3] = {a, b, c};
	int best = 255;

	if (!t->ready)
		return 255;
	for (int way = 0; way < 6; way++) {
		int dir = way >= 3, rot = way % 3, slot[3], idx[3];

		/* the tile from[j] goes onto P[slot[j]]; T carries P[i] to
		 * P[i+1], T^-1 to P[i-1], so the tile from a lands on b's slot */
		for (int j = 0; j < 3; j++) {
			slot[j] = dir == 0 ? (rot + j) % 3 : (rot + 3 - j) % 3;
			idx[slot[j]] = t->index[from[j]];
		}
		for (int free_b = 0; free_b < ((upright & 1) ? 1 : 4); free_b++) {
			for (int free_c = 0; free_c < ((upright & 2) ? 1 : 4); free_c++) {
				int s[3], sP[3], d;

				/* the setup's turns of the three tiles, up to a constant:
				 * s_b - s_a = rho_a + mu_a puts a's tile upright on b */
				s[0] = 0;
				s[1] = (upright & 1) ? w->rot[a] + t->mu[dir][slot[0]] : free_b;
				s[2] = s[1] + ((upright & 2) ? w->rot[b] + t->mu[dir][slot[1]] : free_c);
				for (int j = 0; j < 3; j++)
					sP[slot[j]] = s[j];
				/* a path from (cells, delta) to the target gathers -delta */
				d = t->dist[state_of(t, idx, sP[1] - sP[0], sP[2] - sP[1])];
				if (d < best) {
					best = d;
					out->table = (int)(t - x->chain);
					out->dir = dir;
					for (int j = 0; j < 3; j++)
						out->idx[j] = idx[j];
					out->d01 = (sP[1] - sP[0]) & 3;
					out->d12 = (sP[2] - sP[1]) & 3;
				}
				if (t->R == 1)
					break;
			}
			if (t->R == 1)
				break;
		}
	}
	out->cost = best;
	return best;
}

bool
nrp_chain_apply(struct nrp_ctx *x, struct work *w, const struct chain_choice *ch, struct tw_error *err)
{
	const struct geom *g = x->g;
	const struct chain_table *t = &x->chain[ch->table];
	int idx[3] = {ch->idx[0], ch->idx[1], ch->idx[2]}, d01 = ch->d01, d12 = ch->d12;
	int setup[256], len = 0, d = t->dist[state_of(t, idx, d01, d12)];

	while (d > 0) {
		int mv;

		for (mv = 0; mv < g->nmv; mv++) {
			int j[3], c[3];

			for (int i = 0; i < 3; i++) {
				c[i] = t->cell[idx[i]];
				j[i] = t->index[g->dest[mv][c[i]]];
			}
			int n01 = d01 + turn_of(g, mv, c[0]) - turn_of(g, mv, c[1]);
			int n12 = d12 + turn_of(g, mv, c[1]) - turn_of(g, mv, c[2]);

			if (t->dist[state_of(t, j, n01, n12)] == d - 1) {
				memcpy(idx, j, sizeof idx);
				d01 = n01 & 3;
				d12 = n12 & 3;
				break;
			}
		}
		if (mv == g->nmv || len == (int)(sizeof setup / sizeof setup[0])) {
			tw_error_set(err, "internal error: a chain setup table of the %dx%d board with k = %d is inconsistent",
			    g->m, g->n, g->k);
			return false;
		}
		setup[len++] = mv;
		d--;
	}
	nrp_do_word(w, setup, len, false);
	nrp_do_macro(w, &x->cyc[t->macro], t->dr, t->dc, ch->dir == 1, 1);
	nrp_do_word(w, setup, len, true);
	return true;
}
