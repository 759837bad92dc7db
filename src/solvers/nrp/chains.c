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
#include "solvers/nrp/constructive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/tablecache.h"

/* A table is built where it has at most this many states and its
 * breadth-first search visits at most CHAIN_MAX_WORK edges (a second or
 * two, once: it is cached on disk). */
#define CHAIN_MAX_STATES ((size_t)1 << 24)
#define CHAIN_MAX_WORK ((size_t)400000000)
/* Further tables, on other cells, while the work so far is below this. */
#define CHAIN_EXTRA_WORK ((size_t)5000000)
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

/* Adds (a, b) to the turn differences (d01, d12) of every state in
 * mask, bit 4 d01 + d12: a moves the nibbles, b turns each nibble. */
static uint16_t
shift_turns(uint16_t mask, int a, int b)
{
	static const uint16_t high[4] = {0xffff, 0xeeee, 0xcccc, 0x8888};
	uint32_t m = mask;

	a &= 3;
	b &= 3;
	if (a != 0)
		m = ((m << (4 * a)) | (m >> (16 - 4 * a))) & 0xffff;
	if (b != 0)
		m = ((m << b) & high[b]) | ((m >> (4 - b)) & (uint16_t)~high[b]);
	return (uint16_t)m;
}

/* Breadth first from the target, a layer at a time over the cells of the
 * three tiles: each triple holds its reached turn differences as a 16-bit
 * mask (one bit on plain boards), so a move expands all sixteen states of
 * a triple at once. */
static bool
build_chain_table(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	const struct chain_build *b = ctx;
	const struct geom *g = b->g;
	const struct chain_table *t = b->t;
	uint8_t *dist = buf;
	size_t nc = (size_t)t->nc, R = (size_t)t->R, nmv = (size_t)g->nmv, triples = nc * nc * nc;
	uint32_t *part = malloc(3 * nmv * nc * sizeof *part);
	uint8_t *turn = malloc(nmv * nc);
	uint16_t *seen = calloc(triples, sizeof *seen), *front = calloc(triples, sizeof *front);
	uint16_t *next = calloc(triples, sizeof *next);
	int start[3];
	size_t done = 1, s0;

	if (part == NULL || turn == NULL || seen == NULL || front == NULL || next == NULL) {
		free(part);
		free(turn);
		free(seen);
		free(front);
		free(next);
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	(void)size;
	for (size_t mv = 0; mv < nmv; mv++)
		for (size_t i = 0; i < nc; i++) {
			size_t j = (size_t)t->index[g->dest[mv][t->cell[i]]];

			part[(0 * nmv + mv) * nc + i] = (uint32_t)(j * nc * nc);
			part[(1 * nmv + mv) * nc + i] = (uint32_t)(j * nc);
			part[(2 * nmv + mv) * nc + i] = (uint32_t)j;
			turn[mv * nc + i] = (uint8_t)turn_of(g, (int)mv, t->cell[i]);
		}
	memset(dist, 255, size);
	for (int i = 0; i < 3; i++)
		start[i] = t->index[t->P[i]];
	s0 = ((size_t)start[0] * nc + (size_t)start[1]) * nc + (size_t)start[2];
	dist[s0 * R] = 0;
	seen[s0] = front[s0] = 1;
	for (uint8_t depth = 0; depth < 254; depth++) {
		size_t found = 0, s = 0;

		for (size_t i0 = 0; i0 < nc; i0++) {
			if (prog != NULL && prog->cancel != NULL && atomic_load(prog->cancel)) {
				free(part);
				free(turn);
				free(seen);
				free(front);
				free(next);
				tw_error_cancelled(err);
				return false;
			}
			for (size_t i1 = 0; i1 < nc; i1++)
				for (size_t i2 = 0; i2 < nc; i2++, s++) {
					uint16_t f = front[s];

					if (f == 0)
						continue;
					for (size_t mv = 0; mv < nmv; mv++) {
						const uint8_t *tn = &turn[mv * nc];
						size_t ns = part[(0 * nmv + mv) * nc + i0] + part[(1 * nmv + mv) * nc + i1] +
						    part[(2 * nmv + mv) * nc + i2];
						uint16_t m = R == 16 ? shift_turns(f, tn[i0] - tn[i1], tn[i1] - tn[i2]) : f;
						uint16_t fresh = (uint16_t)(m & ~seen[ns]);

						if (fresh == 0)
							continue;
						seen[ns] |= fresh;
						next[ns] |= fresh;
						for (int bit = 0; bit < (int)R; bit++)
							if (fresh & (1u << bit)) {
								dist[ns * R + (size_t)bit] = (uint8_t)(depth + 1);
								found++;
							}
					}
				}
		}
		done += found;
		table_progress_report(prog, (int)(1000.0 * (double)done / (double)size));
		if (found == 0)
			break;
		{
			uint16_t *tmp = front;

			front = next;
			next = tmp;
			memset(next, 0, triples * sizeof *next);
		}
	}
	free(part);
	free(turn);
	free(seen);
	free(front);
	free(next);
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

/* Fills t for window win (its cells of class cls): the placement of the
 * best macro inside it, and its distance table from the cache. Leaves t
 * not ready where the table would be too big or no macro fits. */
static bool
prepare_table(struct nrp_ctx *x, struct chain_table *t, int wh, int ww, int cls,
    const struct chain_table *taken, int ntaken, int number, const struct table_progress *prog,
    struct tw_error *err)
{
	const struct geom *g = x->g;
	struct geom *win;
	int classes = g->k % 2 == 1 ? 2 : 1;
	long best = -1;
	size_t states;

	memset(t, 0, sizeof *t);
	if ((win = malloc(sizeof *win)) == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	nrp_geom_init(win, wh, ww, g->k, g->orientable);
	t->win = win;
	for (int c = 0; c < win->N; c++) {
		if (classes == 2 && colour(win, c) != cls) {
			t->index[c] = -1;
			continue;
		}
		t->index[c] = (int16_t)t->nc;
		t->cell[t->nc++] = (uint8_t)c;
	}
	t->R = g->orientable ? 16 : 1;
	states = (size_t)t->nc * (size_t)t->nc * (size_t)t->nc * (size_t)t->R;
	if (t->nc < 3 || states > CHAIN_MAX_STATES || states * (size_t)win->nmv > CHAIN_MAX_WORK)
		return true;
	/* the shortest macro nearest the centre keeps setups short */
	for (int mi = 0; mi < x->nmacros; mi++) {
		const struct macro *mac = &x->cyc[mi];

		if (g->orientable && !mac->clean)
			continue;
		for (int dr = 0; dr + mac->h <= wh; dr++)
			for (int dc = 0; dc + mac->w <= ww; dc++) {
				long score;

				int cells[3], used = 0;

				for (int i = 0; i < 3; i++)
					cells[i] = nrp_place_cell(win, mac, mac->cell[i], dr, dc);
				if (classes == 2 && colour(win, cells[0]) != cls)
					continue;
				/* a table per cell set */
				for (int j = 0; j < ntaken && !used; j++) {
					int same = 0;

					for (int i = 0; i < 3; i++)
						same += cells[i] == taken[j].P[0] || cells[i] == taken[j].P[1] ||
						    cells[i] == taken[j].P[2];
					used = same == 3;
				}
				if (used)
					continue;
				score = mac->len + 2 * (labs(2L * dr + mac->h - wh) + labs(2L * dc + mac->w - ww));
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
		t->P[i] = nrp_place_cell(win, &x->cyc[t->macro], x->cyc[t->macro].cell[i], t->dr, t->dc);
	macro_turns(win, &x->cyc[t->macro], t->dr, t->dc, t->P, t->mu);
	{
		char name[64], params[96];
		struct chain_build b = {win, t};
		struct table_spec spec = {name, 1, params, states, build_chain_table, &b,
			states * (size_t)win->nmv < CHAIN_DISK_WORK};

		snprintf(name, sizeof name, "nrp-chains-%dx%dk%d%s-%d-%d", wh, ww, g->k,
		    g->orientable ? "o" : "", cls, number);
		snprintf(params, sizeof params, "cells %d %d %d of %d, turns %d", t->P[0], t->P[1], t->P[2],
		    t->nc, t->R);
		t->dist = table_get(&spec, prog, err);
		if (t->dist == NULL)
			return false;
	}
	t->ready = true;
	return true;
}

bool
nrp_chain_tables(struct nrp_ctx *x, const struct table_progress *prog, struct tw_error *err)
{
	const struct geom *g = x->g;
	int classes = g->k % 2 == 1 ? 2 : 1, best = -1;

	for (int cls = 0; cls < classes; cls++) {
		size_t work = 0;

		/* more tables (other cells, other 3-cycles) while they are cheap */
		x->nchain[cls] = 0;
		for (int j = 0; j < MAX_CHAIN_TABLES && work <= CHAIN_EXTRA_WORK; j++) {
			struct chain_table *t = &x->chain[cls][j];

			if (!prepare_table(x, t, g->m, g->n, cls, x->chain[cls], j, j, prog, err))
				return false;
			if (!t->ready)
				break;
			x->nchain[cls]++;
			work += (size_t)t->nc * (size_t)t->nc * (size_t)t->nc * (size_t)t->R * (size_t)g->nmv;
		}
	}
	if (nrp_chains_ready(x) || !g->orientable)
		return true;
	/* Wide orientable boards: a window two cells larger than the
	 * shortest clean 3-cycle, for the turned tiles left at the end. */
	for (int mi = 0; mi < x->nmacros; mi++)
		if (x->cyc[mi].clean && (best < 0 || x->cyc[mi].len < x->cyc[best].len))
			best = mi;
	if (best < 0)
		return true;
	{
		int wh = x->cyc[best].h + 2 < g->m ? x->cyc[best].h + 2 : g->m;
		int ww = x->cyc[best].w + 2 < g->n ? x->cyc[best].w + 2 : g->n;

		for (int cls = 0; cls < classes; cls++)
			if (!prepare_table(x, &x->local[cls], wh, ww, cls, NULL, 0, 0, prog, err))
				return false;
	}
	return true;
}

bool
nrp_local_ready(const struct nrp_ctx *x)
{
	return x->local[0].ready && (x->g->k % 2 == 0 || x->local[1].ready);
}

bool
nrp_chains_ready(const struct nrp_ctx *x)
{
	return x->nchain[0] > 0 && (x->g->k % 2 == 0 || x->nchain[1] > 0);
}

int
nrp_board_chain_cost(const struct nrp_ctx *x, const struct work *w, int a, int b, int c, int upright,
    struct chain_choice *out)
{
	int cls = x->g->k % 2 == 1 ? colour(x->g, a) : 0, best = 255;
	struct chain_choice ch;

	out->cost = 255;
	for (int j = 0; j < x->nchain[cls]; j++)
		if (nrp_chain_cost(x, &x->chain[cls][j], 0, 0, w, a, b, c, upright, &ch) < best) {
			best = ch.cost;
			*out = ch;
		}
	return best;
}

/* The class of window cell c in t (its table index), -1 outside. */
static int
window_index(const struct geom *g, const struct chain_table *t, int wr, int wc, int c)
{
	int r = c / g->n - wr, col = c % g->n - wc;

	if (r < 0 || col < 0 || r >= t->win->m || col >= t->win->n)
		return -1;
	return t->index[r * t->win->n + col];
}

int
nrp_chain_cost(const struct nrp_ctx *x, const struct chain_table *t, int wr, int wc,
    const struct work *w, int a, int b, int c, int upright, struct chain_choice *out)
{
	const struct geom *g = x->g;
	const int from[3] = {a, b, c};
	int best = 255, at[3];

	if (!t->ready)
		return 255;
	for (int j = 0; j < 3; j++)
		if ((at[j] = window_index(g, t, wr, wc, from[j])) < 0)
			return 255;
	for (int way = 0; way < 6; way++) {
		int dir = way >= 3, rot = way % 3, slot[3], idx[3];

		/* the tile from[j] goes onto P[slot[j]]; T carries P[i] to
		 * P[i+1], T^-1 to P[i-1], so the tile from a lands on b's slot */
		for (int j = 0; j < 3; j++) {
			slot[j] = dir == 0 ? (rot + j) % 3 : (rot + 3 - j) % 3;
			idx[slot[j]] = at[j];
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
					out->table = t;
					out->wr = wr;
					out->wc = wc;
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
	const struct chain_table *t = ch->table;
	const struct geom *win = t->win;
	int idx[3] = {ch->idx[0], ch->idx[1], ch->idx[2]}, d01 = ch->d01, d12 = ch->d12;
	int setup[256], len = 0, d = t->dist[state_of(t, idx, d01, d12)];
	int wbcols = win->n - g->k + 1;

	while (d > 0) {
		int mv;

		for (mv = 0; mv < win->nmv; mv++) {
			int j[3], c[3];

			for (int i = 0; i < 3; i++) {
				c[i] = t->cell[idx[i]];
				j[i] = t->index[win->dest[mv][c[i]]];
			}
			int n01 = d01 + turn_of(win, mv, c[0]) - turn_of(win, mv, c[1]);
			int n12 = d12 + turn_of(win, mv, c[1]) - turn_of(win, mv, c[2]);

			if (t->dist[state_of(t, j, n01, n12)] == d - 1) {
				memcpy(idx, j, sizeof idx);
				d01 = n01 & 3;
				d12 = n12 & 3;
				break;
			}
		}
		if (mv == win->nmv || len == (int)(sizeof setup / sizeof setup[0])) {
			tw_error_set(err, "internal error: a chain setup table of the %dx%d board with k = %d is inconsistent",
			    g->m, g->n, g->k);
			return false;
		}
		/* the window's move on the board */
		setup[len++] = 3 * ((mv / 3 / wbcols + ch->wr) * g->bcols + mv / 3 % wbcols + ch->wc) + mv % 3;
		d--;
	}
	nrp_do_word(w, setup, len, false);
	nrp_do_macro(w, &x->cyc[t->macro], t->dr + ch->wr, t->dc + ch->wc, ch->dir == 1, 1);
	nrp_do_word(w, setup, len, true);
	return true;
}
