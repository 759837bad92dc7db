#include "engine/savegame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/gameid.h"

static const char *const event_names[] = {"move", "hint", "undo", "redo", "restart"};

const char *
save_event_name(enum save_event_kind kind)
{
	return event_names[kind];
}

bool
savegame_init(struct savegame *sg, const struct puzzle *p, const void *params,
    const char *seed, const void *start, struct tw_error *err)
{
	memset(sg, 0, sizeof *sg);
	sg->puzzle = p;
	sg->params = p->params_dup(params, err);
	if (sg->params == NULL)
		goto fail;
	sg->start = p->state_dup(params, start, err);
	if (sg->start == NULL)
		goto fail;
	if (seed != NULL && (sg->seed = tw_strdup(seed, err)) == NULL)
		goto fail;
	return true;
fail:
	savegame_free(sg);
	return false;
}

void
savegame_free(struct savegame *sg)
{
	free(sg->events);
	strset_clear(&sg->moves);
	if (sg->puzzle != NULL) {
		if (sg->start != NULL)
			sg->puzzle->state_free(sg->start);
		if (sg->params != NULL)
			sg->puzzle->params_free(sg->params);
	}
	free(sg->seed);
	free(sg->name);
	free(sg->created);
	memset(sg, 0, sizeof *sg);
}

/* Appends an event; move (may be NULL) is interned in sg->moves. */
static bool
add_event(struct savegame *sg, enum save_event_kind kind, uint64_t ms,
    const char *move, size_t line, struct tw_error *err)
{
	struct save_event *grown;
	size_t cap;

	if (move != NULL && (move = strset_intern(&sg->moves, move, err)) == NULL)
		return false;
	if (sg->nevents == sg->cap) {
		cap = sg->cap == 0 ? 64 : sg->cap * 2;
		grown = realloc(sg->events, cap * sizeof *grown);
		if (grown == NULL) {
			tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
			return false;
		}
		sg->events = grown;
		sg->cap = cap;
	}
	if (sg->nevents > 0 && ms < sg->events[sg->nevents - 1].ms)
		ms = sg->events[sg->nevents - 1].ms;
	sg->events[sg->nevents].kind = kind;
	sg->events[sg->nevents].ms = ms;
	sg->events[sg->nevents].move = move;
	sg->events[sg->nevents].line = line;
	sg->nevents++;
	return true;
}

bool
savegame_add(struct savegame *sg, enum save_event_kind kind, uint64_t ms,
    const char *move, struct tw_error *err)
{
	return add_event(sg, kind, ms, move, 0, err);
}

uint64_t
savegame_state_hash(const struct puzzle *p, const void *params, const void *state)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	char *text = p->state_format(params, state, NULL);
	const char *c;

	if (text == NULL)
		return 0;
	for (c = text; *c != '\0'; c++) {
		h ^= (unsigned char)*c;
		h *= UINT64_C(0x100000001b3);
	}
	free(text);
	return h;
}

/* A growable text buffer; on allocation failure it stays failed. */
struct buf {
	char *s;
	size_t len, cap;
	bool failed;
};

static void
put(struct buf *b, const char *s)
{
	size_t n = strlen(s);
	char *grown;

	if (b->failed)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap == 0 ? 1024 : b->cap;

		while (b->len + n + 1 > cap)
			cap *= 2;
		grown = realloc(b->s, cap);
		if (grown == NULL) {
			b->failed = true;
			return;
		}
		b->s = grown;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n + 1);
	b->len += n;
}

/* Appends value with newlines turned into spaces, so that one record
 * stays one line. */
static void
put_one_line(struct buf *b, const char *value)
{
	char *clean = tw_strdup(value, NULL), *c;

	if (clean == NULL) {
		b->failed = true;
		return;
	}
	for (c = clean; *c != '\0'; c++)
		if (*c == '\n' || *c == '\r')
			*c = ' ';
	put(b, clean);
	free(clean);
}

/* Writes "key=value\n", or "key=value more\n" when more is not NULL. */
static void
put_kv2(struct buf *b, const char *key, const char *value, const char *more)
{
	put(b, key);
	put(b, "=");
	put_one_line(b, value);
	if (more != NULL) {
		put(b, " ");
		put_one_line(b, more);
	}
	put(b, "\n");
}

static void
put_kv(struct buf *b, const char *key, const char *value)
{
	put_kv2(b, key, value, NULL);
}

static void
put_u64(struct buf *b, const char *key, uint64_t v)
{
	char num[32];

	snprintf(num, sizeof num, "%llu", (unsigned long long)v);
	put_kv(b, key, num);
}

char *
savegame_format(struct savegame *sg, const struct history *h,
    struct tw_error *err)
{
	const struct puzzle *p = sg->puzzle;
	struct buf b = {NULL, 0, 0, false};
	char *game, *ps, *start;
	size_t i;

	sg->cursor = h->cursor;
	sg->hash = savegame_state_hash(p, h->params, history_state(h));
	game = sg->seed != NULL ? gameid_format_seed(p, sg->params, sg->seed, err) :
	    gameid_format_state(p, sg->params, sg->start, err);
	start = gameid_format_state(p, sg->params, sg->start, err);
	ps = p->params_format(sg->params, err);
	if (game == NULL || start == NULL || ps == NULL) {
		free(game);
		free(start);
		free(ps);
		return NULL;
	}
	put(&b, "twirl-save 1\n");
	put_kv(&b, "game", game);
	put_kv(&b, "params", ps);
	if (sg->seed != NULL)
		put_kv(&b, "seed", sg->seed);
	put_kv(&b, "start", start);
	if (sg->name != NULL)
		put_kv(&b, "name", sg->name);
	if (sg->session != 0) {
		char hs[17];

		snprintf(hs, sizeof hs, "%016llx", (unsigned long long)sg->session);
		put_kv(&b, "session", hs);
	}
	if (sg->created != NULL)
		put_kv(&b, "created", sg->created);
	put_u64(&b, "elapsed", sg->elapsed_ms);
	/* For lists of saves, read without replaying the events. */
	put_u64(&b, "moves", history_moves(h));
	put_kv(&b, "solved", p->state_is_solved(h->params, history_state(h)) ? "yes" : "no");
	for (i = 0; i < sg->nevents; i++) {
		const struct save_event *e = &sg->events[i];
		char ms[24];

		/* The move is appended as it is, however long: no line of a
		 * save is cut to a buffer's size. */
		snprintf(ms, sizeof ms, "%llu", (unsigned long long)e->ms);
		put_kv2(&b, event_names[e->kind], ms, e->move);
	}
	put_u64(&b, "cursor", sg->cursor);
	{
		static const char hex[] = "0123456789abcdef";
		char hs[17];

		for (i = 0; i < 16; i++)
			hs[i] = hex[(sg->hash >> (60 - 4 * i)) & 0xf];
		hs[16] = '\0';
		put_kv(&b, "hash", hs);
	}
	free(game);
	free(start);
	free(ps);
	if (b.failed) {
		free(b.s);
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return NULL;
	}
	return b.s;
}

/* Parses a whole unsigned decimal; false on anything else or overflow. */
static bool
parse_u64(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (*s == '\0')
		return false;
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9' || v > (UINT64_MAX - 9) / 10)
			return false;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	*out = v;
	return true;
}

static bool
parse_hash(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < 16; i++) {
		char c = s[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (uint64_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (uint64_t)(c - 'a' + 10);
		else
			return false;
	}
	if (s[16] != '\0')
		return false;
	*out = v;
	return true;
}

enum key {
	K_GAME, K_PARAMS, K_SEED, K_START, K_NAME, K_SESSION, K_CREATED, K_ELAPSED,
	K_CURSOR, K_HASH, K_SINGLE_COUNT,
};
static const char *const single_keys[K_SINGLE_COUNT] = {
	"game", "params", "seed", "start", "name", "session", "created", "elapsed",
	"cursor", "hash",
};

/* One line's key=value, already split. */
static bool
parse_record(const struct puzzle *const *puzzles, struct savegame *sg,
    const char *key, const char *value, size_t lineno, size_t seen[],
    struct gameid *game, struct tw_error *err)
{
	size_t k;
	uint64_t v;

	for (k = 0; k < 5; k++) {
		if (strcmp(key, event_names[k]) == 0) {
			const char *sp = strchr(value, ' ');
			char *ms_text;
			const char *move = NULL;
			bool ok;

			if (seen[K_HASH] != 0) {
				tw_error_set(err, "%s after hash= (hash must be the last record)", key);
				return false;
			}
			if (game->puzzle == NULL) {
				tw_error_set(err, "%s before game=", key);
				return false;
			}
			ms_text = tw_strndup(value, sp != NULL ? (size_t)(sp - value) :
			    strlen(value), err);
			if (ms_text == NULL)
				return false;
			ok = parse_u64(ms_text, &v);
			free(ms_text);
			if (!ok) {
				tw_error_set(err, "%s: time '%.20s' should be milliseconds (a whole number)",
				    key, value);
				return false;
			}
			if (sg->nevents > 0 && v < sg->events[sg->nevents - 1].ms) {
				tw_error_set(err, "%s: time %llu ms is before the previous event's",
				    key, (unsigned long long)v);
				return false;
			}
			if (k == SAVE_MOVE || k == SAVE_HINT) {
				if (sp == NULL || sp[1] == '\0' || strchr(sp + 1, ' ') != NULL) {
					tw_error_set(err, "%s: expected 'TIME MOVE', found '%.40s'",
					    key, value);
					return false;
				}
				if (game->puzzle->move_cost(game->params, sp + 1, 0) < 0) {
					game->puzzle->move_apply(game->params, sg->start, sp + 1, err);
					tw_error_prefix(err, "%s", key);
					return false;
				}
				move = sp + 1;
			} else if (sp != NULL) {
				tw_error_set(err, "%s: expected only a time, found '%.40s'", key, value);
				return false;
			}
			return add_event(sg, (enum save_event_kind)k, v, move, lineno, err);
		}
	}
	for (k = 0; k < K_SINGLE_COUNT; k++)
		if (strcmp(key, single_keys[k]) == 0)
			break;
	if (k == K_SINGLE_COUNT)
		return true;    /* unknown keys are for newer minor versions */
	if (seen[k] != 0) {
		tw_error_set(err, "duplicate key '%s' (first on line %zu)", key, seen[k]);
		return false;
	}
	seen[k] = lineno;
	switch ((enum key)k) {
	case K_GAME:
		if (!gameid_parse(puzzles, value, game, err)) {
			tw_error_prefix(err, "game");
			return false;
		}
		if (game->kind == GAMEID_PARAMS) {
			tw_error_set(err, "game: '%.40s' names no position (needs #SEED or :STATE)", value);
			return false;
		}
		sg->puzzle = game->puzzle;
		sg->params = game->puzzle->params_dup(game->params, err);
		if (sg->params == NULL)
			return false;
		sg->start = gameid_start_state(game, 0, err);
		if (sg->start == NULL)
			return false;
		if (game->kind == GAMEID_SEED &&
		    (sg->seed = tw_strdup(game->seed, err)) == NULL)
			return false;
		return true;
	case K_START: {
		struct gameid st;
		bool same;

		if (game->puzzle == NULL) {
			tw_error_set(err, "start= before game=");
			return false;
		}
		if (!gameid_parse(puzzles, value, &st, err)) {
			tw_error_prefix(err, "start");
			return false;
		}
		if (st.kind != GAMEID_STATE || st.puzzle != game->puzzle) {
			gameid_free(&st);
			tw_error_set(err, "start: '%.40s' is not a position of this game", value);
			return false;
		}
		{
			char *a = st.puzzle->params_format(st.params, NULL);
			char *b = st.puzzle->params_format(game->params, NULL);

			same = a != NULL && b != NULL && strcmp(a, b) == 0;
			free(a);
			free(b);
		}
		if (!same) {
			gameid_free(&st);
			tw_error_set(err, "start: board differs from game=");
			return false;
		}
		/* The start position is named twice (game= by its state or
		 * seed, start= by its state): they must agree. */
		same = sg->puzzle->state_equal(sg->params, st.state, sg->start);
		gameid_free(&st);
		if (!same) {
			tw_error_set(err, "start: the position differs from the one game= names (line %zu)",
			    seen[K_GAME]);
			return false;
		}
		return true;
	}
	case K_PARAMS:
	case K_SEED:
		return true;    /* checked against game= after the last line */
	case K_NAME:
		return (sg->name = tw_strdup(value, err)) != NULL;
	case K_SESSION:
		if (!parse_hash(value, &sg->session)) {
			tw_error_set(err, "session: '%.20s' should be 16 lower-case hex digits", value);
			return false;
		}
		return true;
	case K_CREATED:
		return (sg->created = tw_strdup(value, err)) != NULL;
	case K_ELAPSED:
		if (!parse_u64(value, &sg->elapsed_ms)) {
			tw_error_set(err, "elapsed: '%.20s' should be milliseconds", value);
			return false;
		}
		return true;
	case K_CURSOR:
		if (!parse_u64(value, &v) || v > SIZE_MAX) {
			tw_error_set(err, "cursor: '%.20s' should be a whole number", value);
			return false;
		}
		sg->cursor = (size_t)v;
		return true;
	case K_HASH:
		if (!parse_hash(value, &sg->hash)) {
			tw_error_set(err, "hash: '%.20s' should be 16 lower-case hex digits", value);
			return false;
		}
		return true;
	case K_SINGLE_COUNT:
		break;
	}
	return true;
}

static bool
check_header(const char *line, struct tw_error *err)
{
	static const char magic[] = "twirl-save ";
	uint64_t version;

	if (strncmp(line, magic, sizeof magic - 1) != 0) {
		tw_error_set(err, "line 1: not a twirl save (it should start with 'twirl-save %d')",
		    SAVEGAME_VERSION);
		return false;
	}
	if (!parse_u64(line + sizeof magic - 1, &version)) {
		tw_error_set(err, "line 1: bad format version '%.20s'", line + sizeof magic - 1);
		return false;
	}
	if (version != SAVEGAME_VERSION) {
		tw_error_set(err, "line 1: save format %llu is %s; this twirl reads format %d",
		    (unsigned long long)version,
		    version > SAVEGAME_VERSION ? "from a newer twirl" : "not supported",
		    SAVEGAME_VERSION);
		return false;
	}
	return true;
}

/* After the last line: params= and seed= must agree with game=. */
static bool
check_consistency(struct savegame *sg, const char *params_text,
    const char *seed_text, size_t seen[], struct tw_error *err)
{
	char *ps;
	bool same;

	if (seen[K_GAME] == 0) {
		tw_error_set(err, "no game= line");
		return false;
	}
	if (seen[K_HASH] == 0) {
		tw_error_set(err, "no hash= line: the file is truncated or incomplete");
		return false;
	}
	if (seen[K_CURSOR] == 0) {
		tw_error_set(err, "no cursor= line");
		return false;
	}
	if (params_text != NULL) {
		ps = sg->puzzle->params_format(sg->params, err);
		if (ps == NULL)
			return false;
		same = strcmp(ps, params_text) == 0;
		free(ps);
		if (!same) {
			tw_error_set(err, "line %zu: params=%.20s disagrees with game=",
			    seen[K_PARAMS], params_text);
			return false;
		}
	}
	if (seed_text != NULL && (sg->seed == NULL || strcmp(sg->seed, seed_text) != 0)) {
		tw_error_set(err, "line %zu: seed=%.20s disagrees with game=",
		    seen[K_SEED], seed_text);
		return false;
	}
	return true;
}

bool
savegame_parse(const struct puzzle *const *puzzles, const char *text,
    size_t len, struct savegame *sg, struct tw_error *err)
{
	size_t seen[K_SINGLE_COUNT] = {0}, lineno = 0, pos = 0;
	struct gameid game;
	char *params_text = NULL, *seed_text = NULL, *line = NULL;
	bool ok = false;

	memset(sg, 0, sizeof *sg);
	memset(&game, 0, sizeof game);
	if (len > SAVEGAME_MAX_BYTES) {
		tw_error_set(err, "too large (%zu bytes; saves are at most %u)",
		    len, SAVEGAME_MAX_BYTES);
		return false;
	}
	if (memchr(text, '\0', len) != NULL) {
		tw_error_set(err, "contains a NUL byte: not a twirl save");
		return false;
	}
	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos), *eq;
		size_t n = nl != NULL ? (size_t)(nl - (text + pos)) : len - pos;

		lineno++;
		free(line);
		line = tw_strndup(text + pos, n, err);
		if (line == NULL)
			goto done;
		pos += n + (nl != NULL);
		if (n > 0 && line[n - 1] == '\r')
			line[--n] = '\0';
		if (lineno == 1) {
			if (!check_header(line, err))
				goto done;
			continue;
		}
		if (n == 0)
			continue;
		eq = strchr(line, '=');
		if (eq == NULL) {
			tw_error_set(err, "line %zu: expected key=value, found '%.40s'", lineno, line);
			goto done;
		}
		line[eq - line] = '\0';
		if (strcmp(line, "params") == 0 && seen[K_PARAMS] == 0 &&
		    (params_text = tw_strdup(eq + 1, err)) == NULL)
			goto done;
		if (strcmp(line, "seed") == 0 && seen[K_SEED] == 0 &&
		    (seed_text = tw_strdup(eq + 1, err)) == NULL)
			goto done;
		if (!parse_record(puzzles, sg, line, eq + 1, lineno, seen, &game, err)) {
			tw_error_prefix(err, "line %zu", lineno);
			goto done;
		}
	}
	if (lineno == 0) {
		tw_error_set(err, "empty file: not a twirl save");
		goto done;
	}
	ok = check_consistency(sg, params_text, seed_text, seen, err);
done:
	free(line);
	free(params_text);
	free(seed_text);
	gameid_free(&game);
	return ok;
}

struct history *
savegame_replay(const struct savegame *sg, size_t upto, struct tw_error *err)
{
	struct history *h;
	size_t i, n = upto < sg->nevents ? upto : sg->nevents;

	h = history_new(sg->puzzle, sg->params, sg->start, err);
	if (h == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		const struct save_event *e = &sg->events[i];
		bool ok = true;

		switch (e->kind) {
		case SAVE_MOVE:
		case SAVE_HINT:
			ok = history_move(h, e->move, e->kind == SAVE_HINT ?
			    HISTORY_HINT : HISTORY_MOVE, err);
			break;
		case SAVE_UNDO:
			if (history_undo(h) == NULL) {
				tw_error_set(err, "nothing to undo");
				ok = false;
			}
			break;
		case SAVE_REDO:
			if (history_redo(h) == NULL) {
				tw_error_set(err, "nothing to redo");
				ok = false;
			}
			break;
		case SAVE_RESTART:
			ok = history_restart(h, err);
			break;
		}
		if (!ok) {
			if (e->line > 0)
				tw_error_prefix(err, "line %zu: %s", e->line, event_names[e->kind]);
			else
				tw_error_prefix(err, "event %zu: %s", i + 1, event_names[e->kind]);
			history_free(h);
			return NULL;
		}
	}
	if (upto != SIZE_MAX)
		return h;
	if (h->cursor != sg->cursor) {
		tw_error_set(err, "cursor=%zu, but the events leave %zu in effect",
		    sg->cursor, h->cursor);
		history_free(h);
		return NULL;
	}
	if (savegame_state_hash(sg->puzzle, sg->params, history_state(h)) != sg->hash) {
		tw_error_set(err, "final position does not match hash=%016llx",
		    (unsigned long long)sg->hash);
		history_free(h);
		return NULL;
	}
	return h;
}
