/* A test-only puzzle's rules: a dial of N positions (params "N", 2 to
 * 99) turned one step up (U) or down (D); solved at 0. Its folders
 * (engine/, solvers/, ui/) are those docs/adding-a-puzzle.md asks of a
 * puzzle in src/, and it is listed the way that page says, to show that
 * the page is whole and that a new puzzle gets the contracts' checks for
 * free. */
#ifndef TWIRL_TEST_DIAL_H
#define TWIRL_TEST_DIAL_H

#include "engine/puzzle.h"

struct dial_params {
	int n;       /* positions, 2..99 */
};

struct dial_state {
	int at;      /* the position shown, 0..n-1; 0 is solved */
};

extern const char *const dial_metrics[];

/* The puzzle-table functions (see engine/puzzle.h for their contracts). */
void *dial_params_parse(const char *text, size_t *used, struct tw_error *err);
void *dial_params_default(struct tw_error *err);
char *dial_params_format(const void *params, struct tw_error *err);
void *dial_params_dup(const void *params, struct tw_error *err);
void *dial_state_solved(const void *params, struct tw_error *err);
void *dial_state_parse(const void *params, const char *text, struct tw_error *err);
char *dial_state_format(const void *params, const void *state, struct tw_error *err);
void *dial_state_dup(const void *params, const void *state, struct tw_error *err);
bool dial_state_equal(const void *params, const void *a, const void *b);
bool dial_state_solvable(const void *params, const void *state, struct tw_error *why);
bool dial_state_is_solved(const void *params, const void *state);
void *dial_scramble(const void *params, struct tw_rng *rng, struct tw_error *err);
char *dial_state_render(const void *params, const void *state, struct tw_error *err);
bool dial_move_apply(const void *params, void *state, const char *move, struct tw_error *err);
char *dial_move_inverse(const void *params, const char *move, struct tw_error *err);
long dial_move_cost(const void *params, const char *move, int metric);
char *dial_move_random(const void *params, struct tw_rng *rng, struct tw_error *err);

#endif
