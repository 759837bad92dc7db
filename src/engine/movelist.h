/* A growable list of moves in a puzzle's text notation ("E2^3", "N1"). */
#ifndef TWIRL_MOVELIST_H
#define TWIRL_MOVELIST_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/error.h"

struct movelist {
	char **moves;   /* owned strings */
	size_t len;
	size_t cap;
};

/* An empty list needs no allocation: struct movelist l = MOVELIST_EMPTY. */
#define MOVELIST_EMPTY {NULL, 0, 0}

/* Appends a copy of move. Fails only with "out of memory". */
bool movelist_push(struct movelist *list, const char *move, struct tw_error *err);

/* Appends move, taking ownership of the malloc'd string (freed on failure). */
bool movelist_push_owned(struct movelist *list, char *move, struct tw_error *err);

/* Frees every move and resets the list to empty. */
void movelist_clear(struct movelist *list);

/* Drops (and frees) the moves from index len on; nothing if the list is
 * no longer than len. The list keeps its storage. */
void movelist_truncate(struct movelist *list, size_t len);

/* The moves joined by single spaces; "" for an empty list. Caller frees;
 * NULL with "out of memory". */
char *movelist_join(const struct movelist *list, struct tw_error *err);

/* Splits text at runs of spaces/tabs/newlines into list (appending). */
bool movelist_split(struct movelist *list, const char *text, struct tw_error *err);

#endif
