/* Saved games and replays (docs/save-format.md): a save
 * is a replay, a text of key=value lines:
 *
 *   twirl-save 1
 *   game=torus:4x4#8812        start position as a game ID
 *   params=4x4
 *   seed=8812                  only for seeded games
 *   start=torus:4x4:8,2,...    the start position itself
 *   name=torus 4x4 2026-11-21 05:52
 *   session=9f86d081884c7d65   which game this is, the same in its every save
 *   created=2026-11-21T05:52:07Z
 *   elapsed=83250              milliseconds played when saved
 *   move=1250 E2               events in order, each with its time offset
 *   hint=3100 S1               in ms (move=, hint=, undo=, redo=, restart=)
 *   undo=4000
 *   cursor=1                   history events in effect
 *   hash=0123456789abcdef      FNV-1a 64 of the final state's text
 *
 * Times are integer milliseconds so that no locale's decimal comma can
 * change the file. The hash comes last, so a truncated file is always
 * noticed. Readers ignore unknown keys, refuse duplicates of single keys,
 * refuse fields that contradict each other (params=, seed= or start=
 * against game=), and refuse another major version. The hash checks the
 * moves, not the whole file: name=, created= and elapsed= are free text
 * for people (a hand-edited name or time is not an error). This module reads and writes the text
 * only; files live in src/ui/storage.c. */
#ifndef TWIRL_SAVEGAME_H
#define TWIRL_SAVEGAME_H

#include <stdint.h>

#include "engine/history.h"
#include "engine/strset.h"

#define SAVEGAME_VERSION 1
/* Texts longer than this are refused before parsing. */
#define SAVEGAME_MAX_BYTES (16u << 20)

enum save_event_kind { SAVE_MOVE, SAVE_HINT, SAVE_UNDO, SAVE_REDO, SAVE_RESTART };

struct save_event {
	enum save_event_kind kind;
	uint64_t ms;    /* milliseconds since the game started */
	const char *move;  /* SAVE_MOVE and SAVE_HINT only; in the record's moves set */
	size_t line;    /* line in the parsed text, 0 when recorded live */
};

struct savegame {
	const struct puzzle *puzzle;
	void *params;           /* owned */
	char *seed;             /* owned, NULL when not seeded */
	void *start;            /* owned start state */
	char *name;             /* owned, may be NULL */
	/* A random number that names one game across its saves and the
	 * autosave (0: none, as in saves from before it): the front end
	 * never overwrites the autosave of another game (ui/keep.h). */
	uint64_t session;
	char *created;          /* owned ISO 8601 text, may be NULL */
	uint64_t elapsed_ms;
	struct save_event *events;  /* owned */
	size_t nevents, cap;
	struct strset moves;    /* every move text of events, once */
	size_t cursor;          /* as recorded */
	uint64_t hash;          /* as recorded */
};

/* A new, empty record for a game of p from start (copied). */
bool savegame_init(struct savegame *sg, const struct puzzle *p,
    const void *params, const char *seed, const void *start, struct tw_error *err);
void savegame_free(struct savegame *sg);

/* Appends an event (move copied); a time before the previous event's is
 * raised to it, so offsets never decrease. */
bool savegame_add(struct savegame *sg, enum save_event_kind kind, uint64_t ms,
    const char *move, struct tw_error *err);

/* FNV-1a 64 of the state's text form: the same on every machine. */
uint64_t savegame_state_hash(const struct puzzle *p, const void *params,
    const void *state);

/* The save's text, with cursor and hash taken from h (the history the
 * events built). Caller frees. */
char *savegame_format(struct savegame *sg, const struct history *h,
    struct tw_error *err);

/* Parses text (len bytes, need not be NUL-terminated) into *sg (free it
 * with savegame_free even on failure). Errors name the line: "line 7:
 * move: bad move 'E9': row 9 does not exist". Moves are checked to parse
 * here; savegame_replay checks that each is legal where it is played. */
bool savegame_parse(const struct puzzle *const *puzzles, const char *text,
    size_t len, struct savegame *sg, struct tw_error *err);

/* Replays the first upto events (SIZE_MAX: all) into a new history.
 * Fails on an illegal event naming its number. With upto = SIZE_MAX it
 * also checks the recorded cursor and the final state's hash. */
struct history *savegame_replay(const struct savegame *sg, size_t upto,
    struct tw_error *err);

/* "move", "hint", "undo", "redo" or "restart". */
const char *save_event_name(enum save_event_kind kind);

#endif
