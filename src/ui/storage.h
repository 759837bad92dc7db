/* Saves on disk: the XDG places of saves, the autosave, progress and
 * the solver tables' cache, whole-file reads with a size cap and atomic writes (both from
 * solvers/files.h), loading a save into a history, listing the saves. */
#ifndef TWIRL_UI_STORAGE_H
#define TWIRL_UI_STORAGE_H

#include <time.h>

#include "engine/savegame.h"

enum storage_place {
	STORAGE_SAVES,     /* $XDG_DATA_HOME/twirl/saves */
	STORAGE_STATE,     /* $XDG_STATE_HOME/twirl (the autosave) */
	STORAGE_DATA,      /* $XDG_DATA_HOME/twirl (level progress) */
	STORAGE_CACHE,     /* $XDG_CACHE_HOME/twirl (solver tables) */
};

/* The directory for place, created (with parents) when create is true.
 * XDG variables that are unset, empty or relative fall back to
 * $HOME/.local/share, $HOME/.local/state and $HOME/.cache as the XDG
 * spec says. Caller frees. Errors: no home directory, cannot create. */
char *storage_dir(enum storage_place place, bool create, struct tw_error *err);

/* Gives the table cache (solvers/tablecache.h) its directory,
 * STORAGE_CACHE, or the reason there is none (then tables are built in
 * the process and the first build warns). Every program that solves
 * calls it once at start, before any table is asked for. */
void storage_use_table_cache(void);

/* The file name in the directory of place (created when create is
 * true). Caller frees. Errors as storage_dir. */
char *storage_path(enum storage_place place, const char *name, bool create,
    struct tw_error *err);

/* Reads a whole file (at most SAVEGAME_MAX_BYTES + 1 bytes, so that a
 * larger one is reported as too large). *text is NUL-terminated; caller
 * frees. Errors name the path and the system's reason. */
bool storage_read(const char *path, char **text, size_t *len, struct tw_error *err);

/* Writes data to path atomically: the old file stays whole until the new
 * one is complete on disk. Errors name the path; nothing is left behind. */
bool storage_write(const char *path, const char *data, size_t len, struct tw_error *err);

/* Writes text as a new save called name in the saves directory: the
 * file name storage_file_name gives, else that name numbered ("-2",
 * "-3" ...); never replaces a file, even one another process is creating
 * at the same moment. Returns the path written (caller frees), or NULL:
 * the directory cannot be created or written (full, read-only, a file
 * size limit), each with the path and the reason; out of memory. */
char *storage_save_new(const char *name, const char *text, struct tw_error *err);

/* Takes the lock file name (".stats.lock") in the directory of place,
 * for a read, change and write that another twirl process may be doing
 * at the same moment; returns the descriptor for storage_unlock, or -1
 * with the reason in err (no directory; another process held it 10 s:
 * solvers/files.h, file_lock). */
int storage_lock(enum storage_place place, const char *name, struct tw_error *err);
void storage_unlock(int fd);

/* Reads, parses and replays a save; *h is the rebuilt history (caller
 * frees both). Errors start with the path: "x.twirl: line 7: ...". */
bool storage_load(const char *path, struct savegame *sg, struct history **h,
    struct tw_error *err);

/* One saved game, for the list screens. */
struct save_info {
	char *path;
	char *name;
	char *title;        /* "Torus 4x4" */
	size_t moves;       /* moves in effect when saved, or SAVE_MOVES_UNKNOWN */
	bool solved;
	time_t mtime;
};

#define SAVE_MOVES_UNKNOWN ((size_t)-1)

/* Every *.twirl save in the saves directory, newest first, described from
 * its header lines (docs/save-format.md: a save of any length lists at
 * once; an old one without moves= is replayed when at most 1 MB, else
 * listed with its moves unknown); files that are not saves are left out,
 * and a damaged one is found when it is opened. Caller frees with
 * storage_list_free. */
struct save_info *storage_list(size_t *count, struct tw_error *err);

/* The same for any directory (the sample replays in the data directory);
 * NULL when it cannot be read. */
struct save_info *storage_list_in(const char *dir, size_t *count);
void storage_list_free(struct save_info *list, size_t count);

/* The directory of twirl's data files: $TWIRL_DATA_DIR, else data/ beside
 * the build directory the program runs from (a source checkout), else the
 * installed datadir. Caller frees. */
char *storage_data_dir(void);

/* Progress in $XDG_DATA_HOME/twirl/progress: the best move count for a
 * level key ("rollcube/01"), 0 when never solved. */
long storage_best(const char *key);

/* Records moves for key if better than the best so far (atomic write,
 * under a lock: two processes recording at once both count). Errors: no
 * place for progress, the lock (storage_lock), the write. */
bool storage_record_best(const char *key, long moves, struct tw_error *err);

/* A file name for a save called name: letters, digits, '-', '_' and '.'
 * kept, runs of anything else made one '-', ".twirl" added. Caller frees. */
char *storage_file_name(const char *name);

#endif
