/* The game screen, written once for every puzzle: history (undo, redo,
 * restart), move animation, hint and solve through a worker thread, the
 * status line, the help overlay and the solved celebration. */
#ifndef TWIRL_UI_GAME_H
#define TWIRL_UI_GAME_H

#include <curses.h>

#include "core/history.h"
#include "core/savegame.h"

struct game;

enum game_result { GAME_CONTINUE, GAME_TO_MENU, GAME_QUIT, GAME_SAVES };

/* Seconds on a monotonic clock; tests replace it to freeze time. */
extern double (*ui_clock)(void);

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

/* Marks the game as a level: title replaces the board size in the title
 * line; when solved, the move count is recorded as the best for key and
 * compared with optimum (0: unknown). */
void game_set_level(struct game *g, const char *key, const char *title,
    long optimum);

/* Saves under the saves directory as name (a numbered file name when the
 * name is taken); *path_out (may be NULL) gets the file, caller frees. */
bool game_save(struct game *g, const char *name, char **path_out,
    struct tw_error *err);

/* Writes the game in progress to the autosave file, or removes that file
 * when there is nothing to resume (no moves, or solved). */
bool game_autosave(struct game *g);

/* Where the autosave lives; caller frees. */
char *game_autosave_path(struct tw_error *err);

void game_free(struct game *g);

/* Draws the whole screen on w (erases it first). */
void game_draw(struct game *g, WINDOW *w);

/* One key (KEY_MOUSE is read with getmouse). */
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

#endif
