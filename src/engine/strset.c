#include "engine/strset.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* FNV-1a: short texts, no adversary that gains from collisions but time. */
static size_t
hash_text(const char *s)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);

	for (; *s != '\0'; s++) {
		h ^= (unsigned char)*s;
		h *= UINT64_C(0x100000001b3);
	}
	return (size_t)(h ^ h >> 32);
}

static bool
grow(struct strset *set, struct tw_error *err)
{
	size_t cap = set->cap == 0 ? 64 : set->cap * 2, i;
	char **slot = calloc(cap, sizeof *slot);

	if (slot == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	for (i = 0; i < set->cap; i++) {
		if (set->slot[i] != NULL) {
			size_t h = hash_text(set->slot[i]) & (cap - 1);

			while (slot[h] != NULL)
				h = (h + 1) & (cap - 1);
			slot[h] = set->slot[i];
		}
	}
	free(set->slot);
	set->slot = slot;
	set->cap = cap;
	return true;
}

const char *
strset_intern(struct strset *set, const char *s, struct tw_error *err)
{
	size_t h;

	/* Kept at most half full, so a probe ends soon. */
	if ((set->count + 1) * 2 > set->cap && !grow(set, err))
		return NULL;
	for (h = hash_text(s) & (set->cap - 1); set->slot[h] != NULL;
	    h = (h + 1) & (set->cap - 1))
		if (strcmp(set->slot[h], s) == 0)
			return set->slot[h];
	set->slot[h] = tw_strdup(s, err);
	if (set->slot[h] == NULL)
		return NULL;
	set->count++;
	return set->slot[h];
}

void
strset_clear(struct strset *set)
{
	size_t i;

	for (i = 0; i < set->cap; i++)
		free(set->slot[i]);
	free(set->slot);
	set->slot = NULL;
	set->cap = set->count = 0;
}
