/* Game IDs (docs/game-ids.md): GAME:PARAMS, GAME:PARAMS#SEED or
 * GAME:PARAMS:STATE. */
#ifndef TWIRL_GAMEID_H
#define TWIRL_GAMEID_H

#include <stdint.h>

#include "engine/puzzle.h"

enum gameid_kind {
	GAMEID_PARAMS,  /* "torus:4x4": a random scramble */
	GAMEID_SEED,    /* "torus:4x4#8812": a seeded scramble */
	GAMEID_STATE,   /* "torus:2x3:6,5,4,3,2,1": this position */
};

struct gameid {
	const struct puzzle *puzzle;
	void *params;       /* owned */
	enum gameid_kind kind;
	char *seed;         /* owned; GAMEID_SEED only */
	void *state;        /* owned; GAMEID_STATE only */
};

/* Finds a puzzle by its id in a NULL-terminated table; NULL if none. */
const struct puzzle *puzzle_find(const struct puzzle *const *puzzles, const char *id);

/* Parses text into *gid (zeroed first; free with gameid_free). With a
 * seed, the params are those of the board the seed gives
 * (puzzle_params_seeded: torus:6x6:bw:random#3 has its goal drawn).
 * Errors name the bad part: unknown puzzle (listing the known ones), bad
 * params, empty seed, bad state, all of kind TW_ERROR_BAD_INPUT; out of
 * memory. The state is not checked for solvability. */
bool gameid_parse(const struct puzzle *const *puzzles, const char *text,
    struct gameid *gid, struct tw_error *err);

void gameid_free(struct gameid *gid);

/* The position a game ID names: a copy of its state, the scramble of its
 * seed, or for GAMEID_PARAMS the scramble of fallback_seed (the caller picks
 * it, e.g. from the clock). Caller frees with puzzle->state_free. */
void *gameid_start_state(const struct gameid *gid, uint64_t fallback_seed,
    struct tw_error *err);

/* "GAME:PARAMS:STATE" for a position; caller frees. */
char *gameid_format_state(const struct puzzle *p, const void *params,
    const void *state, struct tw_error *err);

/* "GAME:PARAMS#SEED"; caller frees. */
char *gameid_format_seed(const struct puzzle *p, const void *params,
    const char *seed, struct tw_error *err);

/* "GAME:PARAMS"; caller frees. */
char *gameid_format_params(const struct puzzle *p, const void *params,
    struct tw_error *err);

#endif
