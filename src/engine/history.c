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
	h->current = p->state_dup(params, start, err);
	if (h->current == NULL)
		goto fail;
	return h;
fail:
	history_free(h);
	return NULL;
}

/* Drops the events past the cursor and the positions kept within them. */
static void
drop_tail(struct history *h)
{
	h->len = h->cursor;
	while (h->ncheckpoints > h->len / HISTORY_CHECKPOINT)
		h->puzzle->state_free(h->checkpoint[--h->ncheckpoints]);
}

void
history_free(struct history *h)
{
	if (h == NULL)
		return;
	h->cursor = 0;
	if (h->puzzle != NULL)
		drop_tail(h);
	free(h->entries);
	free(h->checkpoint);
	strset_clear(&h->moves);
	if (h->current != NULL)
		h->puzzle->state_free(h->current);
	if (h->start != NULL)
		h->puzzle->state_free(h->start);
	if (h->params != NULL)
		h->puzzle->params_free(h->params);
	free(h);
}

const void *
history_state(const struct history *h)
{
	return h->current;
}

/* Applies event e to state (a move, or back to the start). The events were
 * legal when recorded, so this fails only when out of memory. */
static bool
replay_event(const struct history *h, void **state, const struct history_entry *e,
    struct tw_error *err)
{
	if (e->kind == HISTORY_RESTART) {
		void *start = h->puzzle->state_dup(h->params, h->start, err);

		if (start == NULL)
			return false;
		h->puzzle->state_free(*state);
		*state = start;
		return true;
	}
	return h->puzzle->move_apply(h->params, *state, e->move, err);
}

void *
history_state_after(const struct history *h, size_t i, struct tw_error *err)
{
	size_t j = i / HISTORY_CHECKPOINT, k;
	const void *base = j == 0 ? h->start : h->checkpoint[j - 1];
	void *state;

	if (i == h->cursor)
		return h->puzzle->state_dup(h->params, h->current, err);
	state = h->puzzle->state_dup(h->params, base, err);
	for (k = j * HISTORY_CHECKPOINT; state != NULL && k < i; k++) {
		if (!replay_event(h, &state, &h->entries[k], err)) {
			h->puzzle->state_free(state);
			return NULL;
		}
	}
	return state;
}

/* Records event (kind, move) whose position is next (owned; freed on
 * failure), dropping the redo tail. */
static bool
push_entry(struct history *h, enum history_kind kind, const char *move, void *next,
    struct tw_error *err)
{
	drop_tail(h);
	if (h->len == h->cap) {
		size_t cap = h->cap == 0 ? 64 : h->cap * 2;
		struct history_entry *grown = realloc(h->entries, cap * sizeof *grown);

		if (grown == NULL)
			goto oom;
		h->entries = grown;
		h->cap = cap;
	}
	if ((h->len + 1) % HISTORY_CHECKPOINT == 0) {
		void *copy;

		if (h->ncheckpoints == h->checkpoint_cap) {
			size_t cap = h->checkpoint_cap == 0 ? 16 : h->checkpoint_cap * 2;
			void **grown = realloc(h->checkpoint, cap * sizeof *grown);

			if (grown == NULL)
				goto oom;
			h->checkpoint = grown;
			h->checkpoint_cap = cap;
		}
		copy = h->puzzle->state_dup(h->params, next, err);
		if (copy == NULL)
			goto fail;
		h->checkpoint[h->ncheckpoints++] = copy;
	}
	h->entries[h->len].kind = kind;
	h->entries[h->len].move = move;
	h->len++;
	h->cursor = h->len;
	h->puzzle->state_free(h->current);
	h->current = next;
	return true;
oom:
	tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
fail:
	h->puzzle->state_free(next);
	return false;
}

bool
history_move(struct history *h, const char *move, enum history_kind kind,
    struct tw_error *err)
{
	void *next;
	const char *copy;

	next = h->puzzle->state_dup(h->params, h->current, err);
	if (next == NULL)
		return false;
	if (!h->puzzle->move_apply(h->params, next, move, err)) {
		h->puzzle->state_free(next);
		return false;
	}
	copy = strset_intern(&h->moves, move, err);
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

	if (h->puzzle->state_equal(h->params, h->current, h->start)) {
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
	void *before;

	if (h->cursor == 0)
		return NULL;
	before = history_state_after(h, h->cursor - 1, NULL);
	if (before == NULL)
		return NULL;
	h->puzzle->state_free(h->current);
	h->current = before;
	return &h->entries[--h->cursor];
}

const struct history_entry *
history_redo(struct history *h)
{
	const struct history_entry *e;

	if (h->cursor == h->len)
		return NULL;
	e = &h->entries[h->cursor];
	if (!replay_event(h, &h->current, e, NULL))
		return NULL;
	h->cursor++;
	return e;
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
