#include "engine/history.h"

#include <stdlib.h>
#include <string.h>

struct history *
history_new(const struct puzzle *p, const void *params, const void *start,
    struct tw_error *err)
{
	struct history *h = tw_calloc(1, sizeof *h, err);

	if (h == NULL)
		return NULL;
	h->puzzle = p;
	h->params = p->params_dup(params, err);
	if (h->params == NULL)
		goto fail;
	h->start = p->state_dup(params, start, err);
	if (h->start == NULL)
		goto fail;
	return h;
fail:
	history_free(h);
	return NULL;
}

static void
entry_free(const struct puzzle *p, struct history_entry *e)
{
	free(e->move);
	if (e->state_after != NULL)
		p->state_free(e->state_after);
	memset(e, 0, sizeof *e);
}

static void
drop_tail(struct history *h)
{
	while (h->len > h->cursor)
		entry_free(h->puzzle, &h->entries[--h->len]);
}

void
history_free(struct history *h)
{
	if (h == NULL)
		return;
	h->cursor = 0;
	drop_tail(h);
	free(h->entries);
	if (h->start != NULL)
		h->puzzle->state_free(h->start);
	if (h->params != NULL)
		h->puzzle->params_free(h->params);
	free(h);
}

const void *
history_state(const struct history *h)
{
	return h->cursor == 0 ? h->start : h->entries[h->cursor - 1].state_after;
}

static bool
push_entry(struct history *h, enum history_kind kind, char *move, void *after,
    struct tw_error *err)
{
	struct history_entry *grown;
	size_t cap;

	drop_tail(h);
	if (h->len == h->cap) {
		cap = h->cap == 0 ? 64 : h->cap * 2;
		grown = realloc(h->entries, cap * sizeof *grown);
		if (grown == NULL) {
			tw_error_set(err, "out of memory");
			free(move);
			h->puzzle->state_free(after);
			return false;
		}
		h->entries = grown;
		h->cap = cap;
	}
	h->entries[h->len].kind = kind;
	h->entries[h->len].move = move;
	h->entries[h->len].state_after = after;
	h->len++;
	h->cursor = h->len;
	return true;
}

bool
history_move(struct history *h, const char *move, enum history_kind kind,
    struct tw_error *err)
{
	void *next;
	char *copy;

	next = h->puzzle->state_dup(h->params, history_state(h), err);
	if (next == NULL)
		return false;
	if (!h->puzzle->move_apply(h->params, next, move, err)) {
		h->puzzle->state_free(next);
		return false;
	}
	copy = tw_strdup(move, err);
	if (copy == NULL) {
		h->puzzle->state_free(next);
		return false;
	}
	return push_entry(h, kind, copy, next, err);
}

bool
history_restart(struct history *h, struct tw_error *err)
{
	void *start;

	if (h->puzzle->state_equal(h->params, history_state(h), h->start)) {
		tw_error_set(err, "already at the start position");
		return false;
	}
	start = h->puzzle->state_dup(h->params, h->start, err);
	if (start == NULL)
		return false;
	return push_entry(h, HISTORY_RESTART, NULL, start, err);
}

const struct history_entry *
history_undo(struct history *h)
{
	if (h->cursor == 0)
		return NULL;
	return &h->entries[--h->cursor];
}

const struct history_entry *
history_redo(struct history *h)
{
	if (h->cursor == h->len)
		return NULL;
	return &h->entries[h->cursor++];
}

bool
history_can_undo(const struct history *h)
{
	return h->cursor > 0;
}

bool
history_can_redo(const struct history *h)
{
	return h->cursor < h->len;
}

size_t
history_moves(const struct history *h)
{
	size_t i = h->cursor, n = 0;

	while (i > 0 && h->entries[i - 1].kind != HISTORY_RESTART) {
		n++;
		i--;
	}
	return n;
}

long
history_cost(const struct history *h, int metric)
{
	size_t i = h->cursor;
	long total = 0, c;

	while (i > 0 && h->entries[i - 1].kind != HISTORY_RESTART) {
		c = h->puzzle->move_cost(h->params, h->entries[i - 1].move, metric);
		if (c > 0)
			total += c;
		i--;
	}
	return total;
}

bool
history_hints_used(const struct history *h)
{
	size_t i;

	for (i = 0; i < h->cursor; i++)
		if (h->entries[i].kind == HISTORY_HINT)
			return true;
	return false;
}
