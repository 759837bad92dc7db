/* Undo/redo history, the midend every game shares: a list of
 * events with a cursor. Restart is itself an event, so it can be undone; a
 * new event drops the redo tail. The history keeps the current position
 * and a copy of the position every HISTORY_CHECKPOINT events; undo and
 * redo replay at most that many events from the nearest copy, so memory
 * grows by the move texts alone (a whole position per event would take
 * 1.5 GB for a 1.7-million-move game). */
#ifndef TWIRL_HISTORY_H
#define TWIRL_HISTORY_H

#include "engine/puzzle.h"
#include "engine/strset.h"

enum history_kind {
	HISTORY_MOVE,     /* a player's move */
	HISTORY_HINT,     /* a move the solver gave (h / H) */
	HISTORY_RESTART,  /* back to the start position */
};

/* Events between kept positions: undo replays at most this many moves. */
#define HISTORY_CHECKPOINT 64

struct history_entry {
	enum history_kind kind;
	const char *move;  /* NULL for HISTORY_RESTART; in the history's moves set */
};

struct history {
	const struct puzzle *puzzle;
	void *params;      /* owned copy */
	void *start;       /* owned */
	struct history_entry *entries;
	size_t len;        /* events recorded, including the redo tail */
	size_t cursor;     /* events in effect: entries[0..cursor) */
	size_t cap;
	void *current;     /* owned: the position after entries[0..cursor) */
	/* checkpoint[j] (owned) is the position after the first
	 * (j + 1) * HISTORY_CHECKPOINT events; ncheckpoints of them. */
	void **checkpoint;
	size_t ncheckpoints, checkpoint_cap;
	struct strset moves;  /* every move text, once */
};

/* A history starting at start (copied, as are params). NULL with err set
 * when out of memory. Free with history_free. */
struct history *history_new(const struct puzzle *p, const void *params,
    const void *start, struct tw_error *err);
void history_free(struct history *h);

/* The current position (owned by the history). */
const void *history_state(const struct history *h);

/* Applies move as a new event of kind HISTORY_MOVE or HISTORY_HINT,
 * dropping any redo tail. An illegal move fails with the puzzle's message
 * and changes nothing. */
bool history_move(struct history *h, const char *move, enum history_kind kind,
    struct tw_error *err);

/* Records a restart event. Fails (changing nothing) with "already at the
 * start position" when the current state is the start. */
bool history_restart(struct history *h, struct tw_error *err);

/* The position after the first i events (i <= h->len), a new copy the
 * caller frees with puzzle->state_free. NULL with err set when out of
 * memory. */
void *history_state_after(const struct history *h, size_t i, struct tw_error *err);

/* Steps back / forward one event; returns it, or NULL when there is none
 * (or, for undo, when memory ran out replaying to the position before). */
const struct history_entry *history_undo(struct history *h);
const struct history_entry *history_redo(struct history *h);

bool history_can_undo(const struct history *h);
bool history_can_redo(const struct history *h);

/* Moves in effect since the last restart in effect: their number and
 * their total cost in metric. */
size_t history_moves(const struct history *h);
long history_cost(const struct history *h, int metric);

/* Whether any hint move is in effect (the game was solved with help). */
bool history_hints_used(const struct history *h);

#endif
