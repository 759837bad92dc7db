/* A set of strings, each kept once: long games repeat a few move texts
 * (a torus game uses at most 4(m+n) of them) millions of times, and a
 * history or save record that interns them pays for each text once
 * instead of once an event. */
#ifndef TWIRL_STRSET_H
#define TWIRL_STRSET_H

#include <stddef.h>

#include "engine/error.h"

struct strset {
	char **slot;       /* open addressing; NULL is empty; owned strings */
	size_t cap, count; /* cap is 0 or a power of two */
};

#define STRSET_EMPTY {NULL, 0, 0}

/* The set's copy of s, added when missing. The pointer stays valid until
 * strset_clear. NULL with "out of memory". */
const char *strset_intern(struct strset *set, const char *s, struct tw_error *err);

/* Frees every string and the table; the set is empty again. */
void strset_clear(struct strset *set);

#endif
