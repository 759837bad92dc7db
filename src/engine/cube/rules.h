/* The cube's rules as the puzzle table takes them: params are the size N
 * (2..11, game ID "cube:3"), the state is the facelet string
 * (cube:3:UUU...). Validation names the reason (sticker counts, impossible
 * or twisted corners, flipped edges, parity on 3x3x3, centres on odd
 * cubes); 2x2x2 and 3x3x3 scrambles are uniformly random states drawn
 * directly, bigger cubes get random moves (40 for 4x4x4, then 60, 80,
 * 100 ... as WCA does); a practice board (cube:N:turns=K) gets K random
 * quarter turns of single layers instead. See engine/puzzle.h for the functions'
 * contracts. */
#ifndef TWIRL_CUBE_RULES_H
#define TWIRL_CUBE_RULES_H

#include "engine/cube/cube.h"
#include "engine/puzzle.h"

/* The most turns a practice scramble takes (cube:N:turns=K). */
#define CUBE_PRACTICE_MAX_TURNS 100

/* The cube size N of params (2..11). */
int cube_params_size(const void *params);

/* The turns of a practice scramble (game ID cube:N:turns=K: K random
 * quarter turns of single layers, docs/game-ids.md), 0 for a full
 * scramble. */
int cube_params_practice_turns(const void *params);

/* The puzzle table's board_metric: sqtm on a practice board (the paper's
 * count), htm otherwise. */
int cube_board_metric(const void *params);

/* The puzzle table's board_variant: "practice, K turns" or "". */
void cube_board_variant(const void *params, char *buf, size_t size);

void *cube_params_default(struct tw_error *err);
void *cube_params_parse(const char *text, size_t *used, struct tw_error *err);
char *cube_params_format(const void *params, struct tw_error *err);
void *cube_params_dup(const void *params, struct tw_error *err);
void cube_params_free(void *params);
void *cube_state_solved(const void *params, struct tw_error *err);
void *cube_state_parse(const void *params, const char *text, struct tw_error *err);
char *cube_state_format(const void *params, const void *state, struct tw_error *err);
void *cube_state_dup(const void *params, const void *state, struct tw_error *err);
void cube_state_free(void *state);
bool cube_state_equal(const void *params, const void *a, const void *b);
bool cube_state_solvable(const void *params, const void *state, struct tw_error *why);
bool cube_state_is_solved(const void *params, const void *state);
void *cube_scramble(const void *params, struct tw_rng *rng, struct tw_error *err);
char *cube_state_render(const void *params, const void *state, struct tw_error *err);
bool cube_move_apply(const void *params, void *state, const char *move, struct tw_error *err);
char *cube_move_inverse_text(const void *params, const char *move, struct tw_error *err);
long cube_move_cost(const void *params, const char *move, int metric);
char *cube_move_random(const void *params, struct tw_rng *rng, struct tw_error *err);

#endif
