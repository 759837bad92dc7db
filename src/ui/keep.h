/* Keeping unfinished games: nothing is ever lost.
 *
 * The autosave ($XDG_STATE_HOME/twirl/autosave.twirl) holds the game in
 * progress. A game writes it every ten moves, when it is closed and when
 * the program is stopped by a signal; before it does, any other game
 * found there (another session number: struct savegame) is moved into
 * the saved games, named "Unfinished PUZZLE SIZE DATE". A game removes
 * the autosave only when it is its own (solved, or nothing played). At
 * start-up the menu offers the autosave back (declined: moved into the
 * saved games); `twirl play` and `twirl replay` move it there at once.
 * Every change of the autosave holds a lock file beside it, and a game
 * moved into the saved games takes a new file name (storage_save_new), so
 * that two games open in two terminals never replace each other's file. */
#ifndef TWIRL_UI_KEEP_H
#define TWIRL_UI_KEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/error.h"

/* Where the autosave lives (its directory created). Caller frees. */
char *keep_autosave_path(struct tw_error *err);

/* A question offering the autosave back ("Resume your unfinished Torus
 * 4x4 game (3 moves)?"), or false when there is none. A damaged autosave
 * is moved aside (kept, not deleted) and reported in err with false. */
bool keep_autosave_offer(char *question, size_t size, struct tw_error *err);

/* Moves the autosave, if any, into the saved games. *name (may be NULL;
 * caller frees) gets the name it is kept under, NULL when there was
 * nothing to move. Errors: it could not be read or written (it then
 * stays where it was). */
bool keep_autosave_aside(char **name, struct tw_error *err);

/* Writes text, a save of game session, as the autosave, after moving
 * another game's autosave aside. Errors: the state directory cannot be
 * written (read-only, full), or the other game cannot be moved. */
bool keep_autosave_write(uint64_t session, const char *text, struct tw_error *err);

/* Removes the autosave when it is game session's. */
void keep_autosave_remove(uint64_t session);

/* Test seam: called by keep_autosave_write between its check of whose
 * game the autosave holds and its write (under the autosave lock), so
 * that a test can hold two processes there at once. NULL in the game. */
extern void (*keep_before_autosave_write)(void);

/* A new session number (random, never 0). */
uint64_t keep_new_session(void);

#endif
