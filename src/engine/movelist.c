#include "engine/movelist.h"

#include <stdlib.h>
#include <string.h>

bool
movelist_push_owned(struct movelist *list, char *move, struct tw_error *err)
{
	char **grown;
	size_t cap;

	if (move == NULL)
		return false;
	if (list->len == list->cap) {
		cap = list->cap == 0 ? 16 : list->cap * 2;
		grown = realloc(list->moves, cap * sizeof *grown);
		if (grown == NULL) {
			free(move);
			tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
			return false;
		}
		list->moves = grown;
		list->cap = cap;
	}
	list->moves[list->len++] = move;
	return true;
}

bool
movelist_push(struct movelist *list, const char *move, struct tw_error *err)
{
	return movelist_push_owned(list, tw_strdup(move, err), err);
}

void
movelist_clear(struct movelist *list)
{
	size_t i;

	for (i = 0; i < list->len; i++)
		free(list->moves[i]);
	free(list->moves);
	list->moves = NULL;
	list->len = list->cap = 0;
}

void
movelist_truncate(struct movelist *list, size_t len)
{
	while (list->len > len) {
		list->len--;
		free(list->moves[list->len]);
	}
}

char *
movelist_join(const struct movelist *list, struct tw_error *err)
{
	size_t i, total = 1;
	char *out, *p;

	for (i = 0; i < list->len; i++)
		total += strlen(list->moves[i]) + 1;
	out = tw_alloc(total, err);
	if (out == NULL)
		return NULL;
	p = out;
	for (i = 0; i < list->len; i++) {
		size_t n = strlen(list->moves[i]);

		if (i > 0)
			*p++ = ' ';
		memcpy(p, list->moves[i], n);
		p += n;
	}
	*p = '\0';
	return out;
}

bool
movelist_split(struct movelist *list, const char *text, struct tw_error *err)
{
	const char *p = text, *start;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (*p == '\0')
			return true;
		start = p;
		while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\n' &&
		    *p != '\r')
			p++;
		if (!movelist_push_owned(list, tw_strndup(start,
		    (size_t)(p - start), err), err))
			return false;
	}
}
