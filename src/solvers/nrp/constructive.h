/* The Number Rotation Puzzle's constructive solver, inside: what its four
 * files share. geom.c holds the board geometry, the position being solved
 * and single-tile routes; macros.c finds 3-cycles and twists by search on
 * a window and keeps them per board shape; setups.c brings tiles onto a
 * macro's cells (tables of setups, conjugation); solve.c runs the phases
 * (greedy placement, 3-cycles, rotations, parity) and is the entry point
 * (solvers/nrp/solve.h). Not for use outside src/solvers/nrp. */
#ifndef TWIRL_NRP_SOLVE_INTERNAL_H
#define TWIRL_NRP_SOLVE_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/error.h"
#include "solvers/nrp/solve.h"

#define MAXN NRP_MAX_CELLS
#define MAXB ((NRP_MAX_SIDE - 1) * (NRP_MAX_SIDE - 1))
#define MAXMV (3 * MAXB)
/* 3-cycles and twists kept from the search (the best of each window). */
#define MAX_MACROS 24

/* Board geometry. A move code is 3 * block + (quarter turns - 1). */
struct geom {
	int m, n, k, N, nb, nmv, bcols;
	bool orientable;
	uint8_t br[MAXB], bc[MAXB];     /* block top-left, from 0 */
	uint8_t dest[MAXMV][MAXN];      /* cell after the move */
	int ncover[MAXN];
	uint8_t cover[MAXN][MAXB];      /* blocks containing the cell */
};

static inline int
colour(const struct geom *g, int cell)
{
	return (cell / g->n + cell % g->n) & 1;
}

static inline bool
block_has(const struct geom *g, int b, int cell)
{
	int r = cell / g->n - g->br[b], c = cell % g->n - g->bc[b];

	return r >= 0 && r < g->k && c >= 0 && c < g->k;
}

static inline bool
blocks_overlap(const struct geom *g, int a, int b)
{
	int dr = g->br[a] - g->br[b], dc = g->bc[a] - g->bc[b];

	return dr > -g->k && dr < g->k && dc > -g->k && dc < g->k;
}

static inline int
inverse_move(int mv)
{
	return mv - mv % 3 + (2 - mv % 3);
}

/* Colour of the centre cell of block b (odd k). */
static inline int
centre_colour(const struct geom *g, int b)
{
	return (g->br[b] + g->bc[b] + g->k - 1) & 1;
}

/* The position being solved and the moves made. */
struct work {
	const struct geom *g;
	uint8_t tile[MAXN];   /* tile id (home cell) at each cell */
	uint8_t pos[MAXN];    /* cell of each tile */
	uint8_t rot[MAXN];    /* rotation of the tile at each cell */
	int *mv;
	size_t len, cap;
	bool oom;
	atomic_bool *cancel;
};

/* A 3-cycle or twist found on a window, as a word of the window's moves. */
struct macro {
	int h, w;        /* window rows x columns; placed at (dr, dc) */
	int len;
	int *word;       /* move codes of the window's geometry */
	int cell[3];     /* window cells: a 3-cycle sends cell[0] -> cell[1] -> cell[2] -> cell[0];
	                  * a twist turns cell[0] by +amount and cell[1] by -amount */
	int amount;
	bool clean;      /* a 3-cycle that turns no tile off its cells (orientable boards) */
};

/* Whole-board chain tables kept per class (other cells, other 3-cycles). */
#define MAX_CHAIN_TABLES 6

/* A distance table for chains of 3-cycles (chains.c): from the cells of
 * three tiles of one class (and, on orientable boards, two differences of
 * the turns a setup gives them) to the cells P of a placed macro. */
struct chain_table {
	bool ready;
	struct geom *win;         /* the window it covers (the whole board, or a few cells more
	                           * than the macro, placed anywhere); owned */
	int macro, dr, dc;        /* the macro (x->cyc) and its placement in the window */
	int P[3];                 /* its cells in the window */
	uint8_t mu[2][3];         /* turns it gives the tile starting on P[i]: forwards, inverted */
	int nc, R;                /* cells in the class; 16 turn differences or 1 */
	int16_t index[MAXN];      /* class index of a window cell, -1 outside the class */
	uint8_t cell[MAXN];       /* window cell of a class index */
	const uint8_t *dist;      /* nc^3 * R distances, 255 unreachable (the table cache's) */
};

/* One priced 3-cycle: the table's state to walk from, and the macro's
 * direction. */
struct chain_choice {
	int cost, dir;
	const struct chain_table *table;
	int wr, wc;               /* the window's top-left cell on the board */
	int idx[3], d01, d12;
};

/* The solver's context: macros, placements, tables. */
struct nrp_ctx {
	struct geom *g;
	int nmacros;
	struct macro cyc[MAX_MACROS];    /* 3-cycles */
	int ntwists;
	struct macro twist[MAX_MACROS];  /* pure twists of two cells */
	uint8_t *dist1;           /* N x N single-tile distances, no blocks forbidden */
	/* triple tables (few blocks): one per colour class */
	uint16_t *tri_move[2];
	uint8_t *tri_dist[2];
	int tri_macro[2], tri_dr[2], tri_dc[2];
	/* 3-cycle fallback: a fixed placement per class with tables for each
	 * pair of its cells */
	bool fb_ready[2];
	int fb_macro[2], fb_dr[2], fb_dc[2];
	uint16_t *fb_move[2][3];
	/* pair tables for twists */
	uint16_t *pair_move[2];
	int pair_dr[2], pair_dc[2], pair_macro[2];
	/* chains of 3-cycles, per class: over the whole board (few blocks),
	 * else on a window (orientable boards, for the turned tiles) */
	struct chain_table chain[2][MAX_CHAIN_TABLES], local[2];
	int nchain[2];
};

/* ---- geom.c ---- */

/* Fills g for an m x n board (rows, columns) with k x k blocks: block
 * positions, each move's destination table (one block permutation, the
 * engine's nrp_block_turn) and the blocks covering each cell. */
void nrp_geom_init(struct geom *g, int m, int n, int k, bool orientable);

/* Plays move code mv on w (tiles, positions, rotations) and records it;
 * w->oom is set when the record cannot grow. */
void nrp_do_move(struct work *w, int mv);

/* Plays len moves of word, or their inverses in reverse order. */
void nrp_do_word(struct work *w, const int *word, int len, bool inverse);

/* Whether the caller asked the solve to stop. */
bool nrp_cancelled(const struct work *w);

/* Shortest route for the tile at cell from to cell to, using only blocks b
 * with forbid[b] == 0 (forbid may be NULL). Writes the move codes to route
 * (room for N) and returns their count, -1 if there is no route. */
int nrp_route_tile(const struct geom *g, int from, int to, const uint8_t *forbid, int *route);

/* As nrp_route_tile for a tile turned rot quarter turns (0..3) on an
 * orientable board: the shortest route that brings it to cell to
 * upright (a block turned by q quarter turns turns its tiles by q).
 * route needs room for 4N moves. Returns -1 if there is none. */
int nrp_route_tile_upright(const struct geom *g, int from, int rot, int to, const uint8_t *forbid,
    int *route);

/* forbid[b] = 1 for every block touching one of the count cells. */
void nrp_forbid_cells(const struct geom *g, const int *cells, int count, uint8_t *forbid);

/* The cell a tile on cell ends on after len moves. */
int nrp_follow(const struct geom *g, int cell, const int *moves, int len);

/* ---- macros.c ---- */

/* Sets mac to reps repetitions of word (len move codes of window win's
 * geometry), a 3-cycle cell0 -> cell1 -> cell2 or a twist of amount;
 * *oom is set when the copy cannot be made (mac is then unchanged). */
void nrp_set_macro(struct macro *mac, const struct geom *win, const int *word, int len,
    int reps, int c0, int c1, int c2, int amount, bool *oom);

/* Frees what x holds (macros' words, tables, the geometry). */
void nrp_ctx_free(struct nrp_ctx *x);

/* Whether an h x w window with k x k blocks is one whose macros are
 * searched whole (the board itself when it is that small). */
bool nrp_window_special(int h, int w, int k);

/* Board cell of a window cell of mac placed at (dr, dc). */
int nrp_place_cell(const struct geom *g, const struct macro *mac, int cell, int dr, int dc);

/* Plays mac placed at (dr, dc), reps times, or its inverse. */
void nrp_do_macro(struct work *w, const struct macro *mac, int dr, int dc, bool inverse,
    int reps);

/* Fills x's 3-cycles and twists for its board shape: from the per-shape
 * cache of this process, else by search (then cached). Errors: out of
 * memory; no macro found (a bug, reported). */
bool nrp_cached_macros(struct nrp_ctx *x, struct tw_error *err);

/* Board move of window move mv of mac placed at (dr, dc). */
int nrp_place_move(const struct geom *g, const struct macro *mac, int mv, int dr, int dc);

/* ---- chains.c ---- */

struct table_progress;

/* Prepares x->chain[] where the board is small enough in cells and
 * blocks (a table of at most 2^24 states, built in well under a second,
 * then held by the table cache), else on orientable boards x->local[] on
 * a window a little larger than the shortest clean 3-cycle. Leaves them
 * not ready where they do not fit. Errors: out of memory, "cancelled"
 * (prog->cancel), the table cache's. */
bool nrp_chain_tables(struct nrp_ctx *x, const struct table_progress *prog, struct tw_error *err);

/* Whether every class has whole-board tables (chains) or a window table (local). */
bool nrp_chains_ready(const struct nrp_ctx *x);
bool nrp_local_ready(const struct nrp_ctx *x);

/* Prices the 3-cycle that carries the tiles on board cells a, b, c to b,
 * c, a with table t placed with its window's top-left cell on (wr, wc):
 * the fewest setup moves over the macro's six ways to take them, with the
 * tile from a landing upright when upright & 1 and the tile from b when
 * upright & 2. Returns the setup length (255: none, or a cell outside the
 * window or its class) and fills out. */
int nrp_chain_cost(const struct nrp_ctx *x, const struct chain_table *t, int wr, int wc,
    const struct work *w, int a, int b, int c, int upright, struct chain_choice *out);

/* nrp_chain_cost over every whole-board table of a's class: the cheapest. */
int nrp_board_chain_cost(const struct nrp_ctx *x, const struct work *w, int a, int b, int c,
    int upright, struct chain_choice *out);

/* Plays a priced 3-cycle: setup, macro, setup undone. Errors: an
 * inconsistent table (internal). */
bool nrp_chain_apply(struct nrp_ctx *x, struct work *w, const struct chain_choice *ch,
    struct tw_error *err);

/* ---- commutators.c ---- */

/* The shortest 3-cycle [X, C^-1 Y C] of window win found within a fixed
 * work budget, X and Y short words of small support meeting in one cell
 * (C a short conjugator), per colour class of its cells: best[cls] is
 * replaced where the commutator is shorter (its word is malloc'd, freed
 * with the macro). Up to max_extra more of them, the next shortest on
 * other cells (a few turns longer at most), go to extra (*nextra of
 * them; extra may be NULL). Every one turns no tile off its cells (clean).
 * Returns false when out of memory. */
bool nrp_commutator_cycles(const struct geom *win, struct macro best[2], struct macro *extra,
    int max_extra, int *nextra);

/* ---- setups.c ---- */

/* x->dist1: single-tile distances between all cells (N x N bytes).
 * Returns false when out of memory. */
bool nrp_build_dist1(struct nrp_ctx *x);

/* Cycles the tiles on cells a -> b -> c -> a (same colour for odd k),
 * leaving every other tile where it was; *no_setup tells whether a macro
 * sat on the cells as they were. Errors: out of memory, cancelled. */
bool nrp_cycle3(struct nrp_ctx *x, struct work *w, int a, int b, int c, bool *no_setup,
    struct tw_error *err);

/* Turns the tile on cell a by quarter quarter-turns and the tile on cell
 * b back by as many (a twist macro conjugated into place). Errors: out of
 * memory, no route. */
bool nrp_twist_pair(struct nrp_ctx *x, struct work *w, int a, int b, int quarter,
    struct tw_error *err);

#endif
