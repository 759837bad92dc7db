/* The Number Rotation Puzzle (T. Lam, "Solution to the Number Rotation
 * Puzzle"; docs/papers.md): an m x n board of tiles
 * 1..mn, solved row-major; a move turns one k x k block. Notation
 * (docs/notation.md): B(2,3) turns the block whose top-left cell is row 2,
 * column 3 a quarter turn clockwise, B(2,3)' counter-clockwise, B(2,3)2 a
 * half turn. Rows and columns are numbered from 1, row 1 on top.
 *
 * The orientable variant (Tatham's Twiddle) also tracks each tile's
 * rotation: a tile turns with its block and the board is solved only when
 * every tile is upright. */
#ifndef TWIRL_NRP_H
#define TWIRL_NRP_H

#include <stdint.h>

#include "engine/puzzle.h"

#define NRP_MIN_SIDE 2
#define NRP_MAX_SIDE 16
#define NRP_MAX_CELLS (NRP_MAX_SIDE * NRP_MAX_SIDE)

enum nrp_metric { NRP_QTM, NRP_HTM };

struct nrp_params {
	int rows;         /* m, 2..16 */
	int cols;         /* n, 2..16 */
	int k;            /* block side, 2..min(m, n) */
	bool orientable;  /* tiles carry a rotation ("o" in the game ID) */
};

struct nrp_state {
	int rows, cols, k;
	bool orientable;
	uint16_t tile[NRP_MAX_CELLS]; /* tile[(i-1)*cols+(j-1)], 1..mn */
	uint8_t rot[NRP_MAX_CELLS];   /* clockwise quarter turns of that tile, 0..3; all 0 unless orientable */
};

struct nrp_move {
	int row, col;  /* the block's top-left cell, from 1 */
	int turns;     /* clockwise quarter turns: 1 (B), 2 (B2), 3 (B') */
};

/* Parses "B(2,3)", "B(2,3)'", "B(2,3)2" against the board. Errors name the
 * bad part: not a block move, missing or bad coordinates, a block that does
 * not fit the board, a bad suffix. */
bool nrp_move_parse(const struct nrp_params *p, const char *text,
    struct nrp_move *mv, struct tw_error *err);

/* Writes the canonical text into buf (24 bytes suffice). */
void nrp_move_format(const struct nrp_move *mv, char *buf, size_t size);

/* Applies a parsed, in-range move. */
void nrp_move_do(struct nrp_state *s, const struct nrp_move *mv);

/* The block permutation, the one definition the engine and the solvers
 * share: after turns clockwise quarter turns (1..3) of a k x k block, the
 * tile on the block's cell (i, j) (row, column from 0 within the block)
 * is on (*di, *dj); a quarter turn takes (i, j) to (j, k-1-i). An
 * orientable tile also turns by turns quarter turns. */
void nrp_block_turn(int k, int turns, int i, int j, int *di, int *dj);

/* Permutation parity (0 even, 1 odd) of the whole board, or of the tiles on
 * cells of one checkerboard colour (colour 0: row+col even) when colour is
 * 0 or 1. Meaningful for the colour classes only when every tile is on its
 * own colour. */
int nrp_parity(const struct nrp_state *s, int colour);

/* Every position reachable from solved on the exceptional boards whose
 * group is not described by parities: 2x3 / 3x2 with k = 2 (120 positions)
 * and 3x4 / 4x3 with k = 3 (720). Writes up to cap permutations (mn tiles
 * each, row-major) into out and returns how many there are; 0 for any
 * other board. Computed by breadth-first search over moves. */
int nrp_special_positions(const struct nrp_params *p, uint16_t *out, int cap);

/* The puzzle-table functions (see engine/puzzle.h for their contracts).
 * nrp_state_solvable implements Lam's Theorem 1.1 as restated in
 * docs/papers.md, plus the orientation conditions of the orientable variant
 * (docs in nrp.c, checked against the group order in tests). */
void *nrp_params_default(struct tw_error *err);
void *nrp_params_parse(const char *text, size_t *used, struct tw_error *err);
char *nrp_params_format(const void *params, struct tw_error *err);
void *nrp_params_dup(const void *params, struct tw_error *err);
void nrp_params_free(void *params);
char *nrp_move_random(const void *params, struct tw_rng *rng, struct tw_error *err);
void *nrp_state_solved(const void *params, struct tw_error *err);
void *nrp_state_parse(const void *params, const char *text, struct tw_error *err);
char *nrp_state_format(const void *params, const void *state, struct tw_error *err);
void *nrp_state_dup(const void *params, const void *state, struct tw_error *err);
void nrp_state_free(void *state);
bool nrp_state_equal(const void *params, const void *a, const void *b);
bool nrp_state_solvable(const void *params, const void *state, struct tw_error *why);
bool nrp_state_is_solved(const void *params, const void *state);
void *nrp_scramble(const void *params, struct tw_rng *rng, struct tw_error *err);
char *nrp_state_render(const void *params, const void *state, struct tw_error *err);
bool nrp_move_apply(const void *params, void *state, const char *move, struct tw_error *err);
char *nrp_move_inverse(const void *params, const char *move, struct tw_error *err);
long nrp_move_cost(const void *params, const char *move, int metric);

extern const char *const nrp_metrics[]; /* "qtm", "htm" */

#endif
