/* Statistics: per puzzle and size, how many games were solved and the
 * best time and fewest moves, kept both for every solve and for those
 * solved without help (no hint move in effect). Stored in
 * $XDG_DATA_HOME/twirl/stats, one line a board, rewritten atomically:
 *   torus:4x4 solves=3 moves=31 time=65200 unaided_solves=2 unaided_moves=33 unaided_time=70100
 * (time in milliseconds; a figure of 0 means none yet). */
#ifndef TWIRL_UI_STATS_H
#define TWIRL_UI_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/error.h"
#include "engine/puzzle.h"

struct stats_best {
	long solves;
	long moves;      /* fewest moves, in the board's metric (puzzle_board_metric) */
	long ms;         /* best time */
};

struct stats_entry {
	char board[96];          /* "torus:4x4", "rollcube:6x8 maze" */
	struct stats_best all, unaided;
};

/* What a solve improved. */
enum {
	STATS_NEW_MOVES = 1,     /* fewest moves (in its class) */
	STATS_NEW_TIME = 2,      /* best time */
	STATS_FIRST = 4,         /* the first solve of this board */
	STATS_FIRST_UNAIDED = 8, /* the first without help, after helped ones */
};

/* The board's key for params of p: the puzzle and size ("torus:4x4"),
 * then the board's variant if it has one (puzzle_board_variant: "torus:4x4
 * black and white", "rollcube:8x8 maze", "cube:4 practice, 8 turns").
 * Writes into buf. */
void stats_board(const struct puzzle *p, const void *params, char *buf, size_t size);

/* Records a solve of board in moves and ms, unaided or not; returns the
 * STATS_ flags of what it improved, for an unaided solve in the unaided
 * class, else in all. -1 with err when the file cannot be written (the
 * solve is not lost: only the record). */
int stats_record(const char *board, long moves, long ms, bool unaided, struct tw_error *err);

/* The line the solved screen shows for stats_record's flags (of a solve
 * unaided or not): "New best: fewest moves and time", "New best time
 * with help", "First solve without help of this board"; empty when the
 * solve improved nothing. Writes at most size bytes into buf. */
void stats_note(int flags, bool unaided, char *buf, size_t size);

/* Every board with a solve, in file order. *list is malloc'd (caller
 * frees), *count of them; an empty or missing file is no entries.
 * Errors: the file cannot be read. Lines that do not parse are skipped. */
bool stats_load(struct stats_entry **list, size_t *count, struct tw_error *err);

#endif
