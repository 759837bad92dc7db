/* The torus puzzle (Amano et al., "How to Solve the Torus Puzzle",
 * Algorithms 5(1), 2012): an m x n board of tiles 1..mn, solved
 * row-major; a move shifts one row east/west or one column north/south,
 * wrapping. Notation (docs/notation.md): E2 shifts row 2 one cell east, W2 west,
 * N3 column 3 one cell north, S3 south, E2^3 by three cells. Rows and
 * columns are numbered from 1, row 1 on top. */
#ifndef TWIRL_TORUS_H
#define TWIRL_TORUS_H

#include <stdint.h>

#include "engine/puzzle.h"

#define TORUS_MIN_SIDE 2
#define TORUS_MAX_SIDE 20

enum torus_metric { TORUS_DRAG, TORUS_PUSH };

struct torus_params {
	int rows;  /* m, 2..20 */
	int cols;  /* n, 2..20 */
	/* The black-and-white torus ([Amano], section 4): pieces are only
	 * black (1) or white (0), and the goal is the pattern goal[(i-1)*cols
	 * + (j-1)], not the numbered order. Game IDs: torus:4x4:bw (the
	 * default goal: the top half of the rows black) or
	 * torus:4x4:goal=xx../..x./..../.... (x black, . white, rows
	 * separated by /); its state in the same pattern form. */
	bool bw;
	uint8_t goal[TORUS_MAX_SIDE * TORUS_MAX_SIDE];
	/* torus:6x6:bw:random: the goal is drawn from the game's seed
	 * (torus_params_seeded), half the rows' worth of black pieces
	 * placed at random; until a seed is given, the default goal. */
	bool random_goal;
};

struct torus_state {
	int rows, cols;
	/* tile[(i-1)*cols+(j-1)]: 1..mn, or on the black-and-white torus
	 * 1 black and 0 white */
	uint16_t tile[TORUS_MAX_SIDE * TORUS_MAX_SIDE];
};

enum torus_dir { TORUS_N, TORUS_E, TORUS_S, TORUS_W };

struct torus_move {
	enum torus_dir dir;
	int line;    /* row (E, W) or column (N, S), from 1 */
	int amount;  /* cells shifted, 1 .. line length - 1 */
};

/* Parses "E2", "W2^3", "N1", "S4" against the board size. Errors name the
 * bad part: unknown direction, missing or out-of-range row/column, bad or
 * out-of-range amount. */
bool torus_move_parse(const struct torus_params *p, const char *text,
    struct torus_move *mv, struct tw_error *err);

/* Writes the canonical text ("E2", "W2^3") into buf (16 bytes suffice). */
void torus_move_format(const struct torus_move *mv, char *buf, size_t size);

/* Writes a shift of a row (row true) or column, line from 1, by k cells
 * east or south (1..length-1), the short way round: k = 3 on a row of 4
 * is W2. The buffer as torus_move_format's. */
void torus_shift_format(const struct torus_params *p, bool row, int line, int k, char *buf,
    size_t size);

/* Plays count random shifts on s, no line twice running, each east or
 * south by 1..max_amount cells (at most the line's length less one):
 * positions a known number of moves from where they start, for tests
 * and benchmarks of proven-shortest answers. Returns the cells moved
 * (their push length). */
long torus_random_shifts(struct torus_state *s, int count, int max_amount, struct tw_rng *rng);

/* Applies a parsed, in-range move. */
void torus_move_do(struct torus_state *s, const struct torus_move *mv);

/* Cell (row, col from 1) holding tile t, found by search. */
void torus_find(const struct torus_state *s, int t, int *row, int *col);

/* Parity of the position's permutation: 0 even, 1 odd (numbered
 * boards). */
int torus_parity(const struct torus_state *s);

/* Black pieces of a pattern of cells cells (1 black, 0 white). */
int torus_black_count(const uint16_t *tile, int cells);

/* The paper's counting lower bound for a black-and-white position
 * ([Amano], section 4): a column shift changes each row's count of black
 * pieces by at most one, a row shift each column's, so an answer has at
 * least max over rows |black now - black in the goal| column shifts, and
 * as many row shifts by the columns. In moves of either metric. */
int torus_bw_lower_bound(const struct torus_params *p, const struct torus_state *s);

/* The puzzle-table functions (see engine/puzzle.h for their contracts). */
void *torus_params_default(struct tw_error *err);
void *torus_params_parse(const char *text, size_t *used, struct tw_error *err);
char *torus_params_format(const void *params, struct tw_error *err);
/* The puzzle table's board_variant: "black and white" or "". */
void torus_board_variant(const void *params, char *buf, size_t size);
/* The puzzle table's params_seeded: a random goal's params draw it from
 * the seed (params random_goal); other params are copied. */
void *torus_params_seeded(const void *params, const char *seed, struct tw_error *err);
void *torus_params_dup(const void *params, struct tw_error *err);
void torus_params_free(void *params);
char *torus_move_random(const void *params, struct tw_rng *rng, struct tw_error *err);
void *torus_state_solved(const void *params, struct tw_error *err);
void *torus_state_parse(const void *params, const char *text, struct tw_error *err);
char *torus_state_format(const void *params, const void *state, struct tw_error *err);
void *torus_state_dup(const void *params, const void *state, struct tw_error *err);
void torus_state_free(void *state);
bool torus_state_equal(const void *params, const void *a, const void *b);
bool torus_state_solvable(const void *params, const void *state, struct tw_error *why);
bool torus_state_is_solved(const void *params, const void *state);
void *torus_scramble(const void *params, struct tw_rng *rng, struct tw_error *err);
char *torus_state_render(const void *params, const void *state, struct tw_error *err);
bool torus_move_apply(const void *params, void *state, const char *move, struct tw_error *err);
char *torus_move_inverse(const void *params, const char *move, struct tw_error *err);
long torus_move_cost(const void *params, const char *move, int metric);

extern const char *const torus_metrics[]; /* "drag", "push" */

#endif
