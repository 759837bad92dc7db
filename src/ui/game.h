/* The game screen, written once for every puzzle: history (undo, redo,
 * restart), move animation, hint and solve through a worker thread, the
 * status line, the help overlay and the solved celebration. */
#ifndef TWIRL_UI_GAME_H
#define TWIRL_UI_GAME_H

#include <curses.h>

#include "engine/gameid.h"
#include "engine/history.h"
#include "engine/savegame.h"

struct game;

enum game_result { GAME_CONTINUE, GAME_TO_MENU, GAME_QUIT, GAME_SAVES };

/* Seconds on a monotonic clock; tests replace it to freeze time. */
extern double (*ui_clock)(void);

/* Seconds as m:ss (or h:mm:ss) into buf; returns buf. */
char *ui_format_time(double seconds, char *buf, size_t size);

/* A fresh seed text for a new game ID (decimal, from the clock). */
void ui_new_seed(char *buf, size_t size);

/* A game of p from start (copied); seed (may be NULL) makes its game ID
 * the short seeded form. NULL with err set when p has no view or memory
 * runs out. */
struct game *game_new(const struct puzzle *p, const void *params,
    const void *start, const char *seed, struct tw_error *err);

/* A game resumed from a save: takes over *sg (left empty) and h, which
 * must be the history the save's events build (storage_load). */
struct game *game_resume(struct savegame *sg, struct history *h,
    struct tw_error *err);

/* The game a game ID names: its position, the scramble of its seed, or
 * (a board alone) a fresh seed's. Errors: an unsolvable position (the
 * reason), the game cannot start. */
struct game *game_from_id(const struct gameid *gid, struct tw_error *err);

/* The game saved in path, with its whole history; a saved game (not the
 * autosave) stays tied to its file: saved again under its name, the file
 * is updated. Errors: "PATH: line N: ..." when it does not load. */
struct game *game_from_file(const char *path, struct tw_error *err);

/* The saved-games file the game is kept in, or NULL. */
const char *game_save_path(const struct game *g);

/* The game as a screen (ui/screen.h), owned by the app once opened:
 * closing it keeps the game (game_keep) and frees it. */
struct screen *game_screen(struct game *g);

/* Keeps the game if it needs keeping (unfinished and changed since it was
 * last kept): the autosave (ui/keep.h). Errors: the autosave could not
 * be written (read-only or full state directory), with the reason. */
bool game_keep(struct game *g, struct tw_error *err);

/* Shows msg on the game's message line (news, not an error). */
void game_tell(struct game *g, const char *msg);

/* Opens the help over the game (the puzzle's rules and keys). */
void game_show_help(struct game *g);

/* Whether a move is being animated. */
bool game_animating(const struct game *g);

/* Marks the game as a level: title replaces the board size in the title
 * line; when solved, the move count is recorded as the best for key and
 * compared with optimum (0: unknown). */
void game_set_level(struct game *g, const char *key, const char *title,
    long optimum);

/* Saves under the saves directory as name: a game saved before under
 * the same name updates that file; a new name gets a new file (numbered
 * when the name is taken). *path_out (may be NULL) gets the file, caller
 * frees. */
bool game_save(struct game *g, const char *name, char **path_out,
    struct tw_error *err);

/* Keeps the game: a game from a named save (or saved under a name)
 * updates that file; any other writes the game in progress to the
 * autosave file (keeping another game's autosave aside first:
 * ui/keep.h), or removes this game's when there is nothing to resume (no
 * moves, or solved). False when the file cannot be written (the reason
 * is kept for the leave question). */
bool game_autosave(struct game *g);

/* Where the autosave lives; caller frees. */
char *game_autosave_path(struct tw_error *err);

void game_free(struct game *g);

/* Draws the whole screen on w (erases it first). */
void game_draw(struct game *g, WINDOW *w);

/* One key (KEY_MOUSE is read with getmouse). GAME_TO_MENU and
 * GAME_QUIT come only once the game is kept (or the player chose to
 * leave it unkept after being told it could not be). */
enum game_result game_key(struct game *g, int key);

/* One mouse event, in screen coordinates. */
void game_mouse(struct game *g, const MEVENT *ev);

/* Advances animations, playback and the worker; call between keys. */
void game_tick(struct game *g);

/* How long the caller may wait for a key before the next tick (ms). */
int game_timeout_ms(const struct game *g);

/* The current position and the whole history (owned by the game). */
const void *game_state(const struct game *g);
const struct history *game_history(const struct game *g);

/* Whether games work out the hint for the position in the background
 * before h is pressed (default true; twirl --no-background turns it
 * off). Set before the first game starts. */
extern bool game_background_hints;

#endif
