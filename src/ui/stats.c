#include "ui/stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/storage.h"

void
stats_board(const struct puzzle *p, const void *params, char *buf, size_t size)
{
	char *ps = p->params_format(params, NULL), *colon, variant[64];

	puzzle_board_variant(p, params, variant, sizeof variant);
	if (ps != NULL && (colon = strchr(ps, ':')) != NULL)
		*colon = '\0';
	snprintf(buf, size, "%s:%s%s%s", p->id, ps != NULL ? ps : "?",
	    variant[0] != '\0' ? " " : "", variant);
	free(ps);
}

/* Parses one line into e; false when it is not a stats line. */
static bool
parse_line(const char *line, struct stats_entry *e)
{
	const char *sp = strstr(line, " solves=");
	long v[6];

	memset(e, 0, sizeof *e);
	if (sp == NULL || (size_t)(sp - line) >= sizeof e->board)
		return false;
	memcpy(e->board, line, (size_t)(sp - line));
	if (sscanf(sp, " solves=%ld moves=%ld time=%ld unaided_solves=%ld unaided_moves=%ld unaided_time=%ld",
	    &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]) != 6)
		return false;
	e->all = (struct stats_best){v[0], v[1], v[2]};
	e->unaided = (struct stats_best){v[3], v[4], v[5]};
	return true;
}

bool
stats_load(struct stats_entry **list, size_t *count, struct tw_error *err)
{
	char *path = storage_path(STORAGE_DATA, "stats", false, err), *text, *line;
	size_t len, n = 0, cap = 0;
	struct stats_entry *out = NULL;

	*list = NULL;
	*count = 0;
	if (path == NULL)
		return false;
	if (!storage_read(path, &text, &len, NULL)) {
		free(path);
		return true;    /* no solves yet */
	}
	for (line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
		struct stats_entry e;

		if (!parse_line(line, &e))
			continue;
		if (n == cap) {
			struct stats_entry *grown = realloc(out, (cap = cap ? cap * 2 : 16) * sizeof *out);

			if (grown == NULL)
				break;
			out = grown;
		}
		out[n++] = e;
	}
	free(text);
	free(path);
	*list = out;
	*count = n;
	return true;
}

/* Improves best with one solve; returns the STATS_ flags. */
static int
improve(struct stats_best *best, long moves, long ms)
{
	int flags = best->solves == 0 ? STATS_FIRST : 0;

	if (best->solves == 0 || moves < best->moves) {
		flags |= best->solves > 0 ? STATS_NEW_MOVES : 0;
		best->moves = moves;
	}
	if (best->solves == 0 || ms < best->ms) {
		flags |= best->solves > 0 ? STATS_NEW_TIME : 0;
		best->ms = ms;
	}
	best->solves++;
	return flags;
}

void
stats_note(int flags, bool unaided, char *buf, size_t size)
{
	const char *help = unaided ? "" : " with help";

	if ((flags & STATS_NEW_MOVES) && (flags & STATS_NEW_TIME))
		snprintf(buf, size, "New best: fewest moves and time%s", help);
	else if (flags & STATS_NEW_MOVES)
		snprintf(buf, size, "New best: fewest moves%s", help);
	else if (flags & STATS_NEW_TIME)
		snprintf(buf, size, "New best time%s", help);
	else if (flags & STATS_FIRST_UNAIDED)
		snprintf(buf, size, "First solve without help of this board");
	else if (flags & STATS_FIRST)
		snprintf(buf, size, "First %s of this board", unaided ? "solve" : "solve with help");
	else if (size > 0)
		buf[0] = '\0';
}

static int record_locked(const char *board, long moves, long ms, bool unaided,
    struct tw_error *err);

int
stats_record(const char *board, long moves, long ms, bool unaided, struct tw_error *err)
{
	int lock = storage_lock(STORAGE_DATA, ".stats.lock", err), flags;

	if (lock < 0)
		return -1;
	flags = record_locked(board, moves, ms, unaided, err);
	storage_unlock(lock);
	return flags;
}

/* stats_record's read, change and write, under the statistics lock so
 * that solves recorded by two processes at once both count. */
static int
record_locked(const char *board, long moves, long ms, bool unaided, struct tw_error *err)
{
	struct stats_entry *list, *e = NULL, *grown;
	size_t n, i, used = 0;
	char *path, *text;
	int flags, all_flags;
	bool ok;

	if (!stats_load(&list, &n, err))
		return -1;
	for (i = 0; i < n; i++)
		if (strcmp(list[i].board, board) == 0)
			e = &list[i];
	if (e == NULL) {
		grown = realloc(list, (n + 1) * sizeof *list);
		if (grown == NULL) {
			free(list);
			tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
			return -1;
		}
		list = grown;
		e = &list[n++];
		memset(e, 0, sizeof *e);
		snprintf(e->board, sizeof e->board, "%s", board);
	}
	all_flags = improve(&e->all, moves, ms);
	flags = unaided ? improve(&e->unaided, moves, ms) : all_flags;
	/* An unaided class's first solve is the board's first only when no
	 * helped solve came before it. */
	if (unaided && (flags & STATS_FIRST) && !(all_flags & STATS_FIRST))
		flags = (flags & ~STATS_FIRST) | STATS_FIRST_UNAIDED;
	/* A line is at most 95 bytes of board, six numbers of at most 20
	 * digits and 70 of labels: 320 a line is room enough. */
	text = malloc(n * 320 + 1);
	path = storage_path(STORAGE_DATA, "stats", true, err);
	if (text == NULL || path == NULL) {
		free(text);
		free(path);
		free(list);
		if (text == NULL)
			tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return -1;
	}
	for (i = 0; i < n; i++)
		used += (size_t)snprintf(text + used, n * 320 + 1 - used,
		    "%s solves=%ld moves=%ld time=%ld unaided_solves=%ld unaided_moves=%ld unaided_time=%ld\n",
		    list[i].board, list[i].all.solves, list[i].all.moves, list[i].all.ms,
		    list[i].unaided.solves, list[i].unaided.moves, list[i].unaided.ms);
	ok = storage_write(path, text, used, err);
	free(text);
	free(path);
	free(list);
	return ok ? flags : -1;
}
