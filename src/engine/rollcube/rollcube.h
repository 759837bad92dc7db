/* The rolling cube (docs/notation.md; Tuggle, Murphy and Lorch, "A
 * Constant Time Algorithm for Solving Simple Rolling Cube Mazes";
 * Buchin et al., "On rolling cube puzzles", CCCG 2007; Abbott's mazes).
 *
 * A die stands on cell (x, y) of a board of m rows and n columns: x = 1..n
 * west to east, y = 1..m south to north, (1,1) bottom-left. Moves N E S W
 * tip it onto the neighbouring cell. The standard orientation has 1 on
 * top, 6 bottom, 4 north, 3 south, 2 west, 5 east (a right-handed die).
 * The goal is a cell with a wanted top label (or any); the die may stand on
 * the goal only after its last move.
 *
 * Game IDs: params are the board, the state is the die, goal and label:
 *   rollcube:12x9:start=1,1:goal=5,6:label=3     open 12-row, 9-column board
 *   rollcube:12x9#seed                            seeded start, goal, label
 *   rollcube:3x6:rule=abbott:map=..x.../.1..*./......:start=1,1:goal=6,3:label=any
 * A map lists rows north first, separated by '/': '.' free, 'x' blocked
 * ('#' too in level files, where it cannot be taken for a seed), '1'..'6'
 * labelled, '*' wild (abbott). start= may add the orientation as
 * start=X,Y,TOP,NORTH. */
#ifndef TWIRL_ROLLCUBE_H
#define TWIRL_ROLLCUBE_H

#include <stdint.h>

#include "engine/puzzle.h"

#define ROLLCUBE_MAX_SIDE INT64_C(2147483647)   /* open boards */
#define ROLLCUBE_MAX_MAZE 200                  /* boards with a map */

enum rollcube_rule {
	RULE_TOP_AFTER,  /* Buchin et al.: land on label L only with L on top after */
	RULE_ABBOTT,     /* Abbott: tip onto L only with L on top before; '*' wild */
};

enum rollcube_cell { CELL_FREE = 0, CELL_BLOCKED = 7, CELL_WILD = 8 };  /* 1..6 labels */

struct rollcube_params {
	int64_t rows, cols;        /* m, n */
	enum rollcube_rule rule;
	uint8_t *cells;            /* rows*cols cells, row y=1 first; NULL: open board */
};

/* A die: the labels on top, north and east; the others are 7 minus them. */
struct die {
	uint8_t top, north, east;
};

struct rollcube_state {
	int64_t x, y;              /* the die's cell */
	struct die die;
	int64_t gx, gy;            /* the goal */
	uint8_t label;             /* wanted top at the goal, 0 for any */
};

enum rollcube_dir { DIR_N, DIR_E, DIR_S, DIR_W };

extern const struct die die_standard;   /* 1 top, 4 north, 5 east */

/* The die after tipping it one cell in dir. */
struct die die_roll(struct die d, enum rollcube_dir dir);

/* Whether (top, north, east) is one of the 24 orientations of a
 * right-handed die. */
bool die_valid(struct die d);

/* 0..23, distinct for the 24 orientations. */
int die_index(struct die d);

/* The cell at (x, y) (1-based, inside the board): CELL_FREE, CELL_BLOCKED,
 * CELL_WILD or a label 1..6. */
int rollcube_cell(const struct rollcube_params *p, int64_t x, int64_t y);

/* Tips the die of s in dir if the rules allow: inside the board, not onto
 * a blocked cell, labelled cells per the rule, onto the goal only with the
 * wanted label. Errors say which rule was broken. */
bool rollcube_roll(const struct rollcube_params *p, struct rollcube_state *s,
    enum rollcube_dir dir, struct tw_error *err);

/* Parses a level file's text (header key=value lines, a blank line
 * optional, then the map north first). Errors name line and column.
 * Fills *params (free with rollcube_params_free) and *start; *name gets
 * the level's name (caller frees, may be NULL). */
bool rollcube_level_parse(const char *text, struct rollcube_params *params,
    struct rollcube_state *start, char **name, struct tw_error *err);

void rollcube_params_clear(struct rollcube_params *p);

/* The puzzle-table functions (engine/puzzle.h); solvability and the
 * scramble, which need the solvers, are in solvers/rollcube/solve.h. */
void *rollcube_params_default(struct tw_error *err);
void *rollcube_params_parse(const char *text, size_t *used, struct tw_error *err);
char *rollcube_params_format(const void *params, struct tw_error *err);
/* The puzzle table's board_variant: "maze" (a board with a map) or "". */
void rollcube_board_variant(const void *params, char *buf, size_t size);
void *rollcube_params_dup(const void *params, struct tw_error *err);
void rollcube_params_free(void *params);
char *rollcube_move_random(const void *params, struct tw_rng *rng, struct tw_error *err);
void *rollcube_state_solved(const void *params, struct tw_error *err);
void *rollcube_state_parse(const void *params, const char *text, struct tw_error *err);
char *rollcube_state_format(const void *params, const void *state, struct tw_error *err);
void *rollcube_state_dup(const void *params, const void *state, struct tw_error *err);
void rollcube_state_free(void *state);
bool rollcube_state_equal(const void *params, const void *a, const void *b);
bool rollcube_state_is_solved(const void *params, const void *state);
char *rollcube_state_render(const void *params, const void *state, struct tw_error *err);
/* Moves (docs/notation.md): a roll N, E, S or W; or a path of rolls and
 * runs, "(EN)^12" being EN twelve times, "NN(E)^999999988N" a path of one
 * move. The game's fast-forward and skip to the end play a long answer's
 * straight stretches as runs. A run repeats at most ROLLCUBE_RUN_MAX_SEQ
 * rolls; a move stands for at most ROLLCUBE_RUN_MAX_ROLLS rolls, has at
 * most ROLLCUBE_PATH_MAX_ITEMS items and ROLLCUBE_MOVE_MAX_TEXT
 * characters. On open boards a run is applied in closed form (constant
 * time, run_open in rollcube.c); on a map every roll is checked, and a
 * move is at most ROLLCUBE_MAP_MAX_ROLLS rolls. A move that fails leaves
 * the state as it was. Errors: malformed (kind BAD_INPUT, naming the
 * part); the die would roll off the board, onto a blocked cell, or onto
 * a labelled cell or the goal with the wrong label (naming the roll). */
#define ROLLCUBE_RUN_MAX_SEQ 40
#define ROLLCUBE_RUN_MAX_ROLLS (INT64_C(1) << 40)
#define ROLLCUBE_PATH_MAX_ITEMS 64
#define ROLLCUBE_MOVE_MAX_TEXT 1024
#define ROLLCUBE_MAP_MAX_ROLLS 1000000
bool rollcube_move_apply(const void *params, void *state, const char *move, struct tw_error *err);
/* The path back: items reversed, each roll turned back ("(EN)^3" ->
 * "(SW)^3"). Caller frees. Errors: malformed; out of memory. */
char *rollcube_move_inverse(const void *params, const char *move, struct tw_error *err);
/* The rolls a move stands for; -1 when malformed. */
long rollcube_move_cost(const void *params, const char *move, int metric);

extern const char *const rollcube_metrics[];

/* Shortest path by breadth-first search over (cell, orientation), for
 * boards with at most max_cells cells. Appends N/E/S/W moves to out.
 * Returns false with "no path" when the goal cannot be reached with its
 * label, "board too large for search" past max_cells, or "cancelled". */
bool rollcube_bfs(const struct rollcube_params *p, const struct rollcube_state *s,
    int64_t max_cells, atomic_bool *cancel, struct movelist *out,
    struct tw_error *err);

#endif
