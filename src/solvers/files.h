/* Files on disk for every layer that keeps any: directories,
 * whole-file reads with a size cap, and atomic writes (a temporary file in
 * the same directory, flushed, renamed over the target, the directory
 * flushed), so that a crash or a full disk never leaves a half-written
 * file; lock files for read-change-write updates shared by processes. No
 * curses; errors name the path and the system's reason. */
#ifndef TWIRL_SYS_FILES_H
#define TWIRL_SYS_FILES_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/error.h"

/* Creates the directory path and its missing parents, mode 0700 (an
 * existing one is left as it is). Errors: cannot create (the directory
 * and the reason), out of memory. */
bool file_make_dirs(const char *path, struct tw_error *err);

/* Reads a whole file of at most max bytes (one more is read, so that a
 * larger file is reported as too large). *data is NUL-terminated, caller
 * frees. Errors: cannot open or read (reason), not a regular file (a
 * FIFO, a device, a directory: refused at once, never waited on), too
 * large. */
bool file_read_all(const char *path, size_t max, char **data, size_t *len,
    struct tw_error *err);

/* Writes len bytes of data to path atomically: the old file stays whole
 * until the new one is complete on disk; on failure nothing is left
 * behind. Errors: cannot create the temporary file, write (disk full),
 * flush or rename, each with the path and the reason. */
bool file_write_atomic(const char *path, const void *data, size_t len, struct tw_error *err);

/* As file_write_atomic, for a file made of several pieces written one
 * after the other (a header, then a large table) without joining them. */
struct file_piece {
	const void *data;
	size_t len;
};
bool file_write_atomic_pieces(const char *path, const struct file_piece *pieces,
    size_t count, struct tw_error *err);

/* As file_write_atomic, but never replaces a file: when path exists,
 * nothing is written and the error is of kind TW_ERROR_EXISTS (the
 * temporary file is linked to path, which fails if path is there, so two
 * processes writing the same new name cannot both succeed). Other errors
 * as file_write_atomic. */
bool file_write_new(const char *path, const void *data, size_t len, struct tw_error *err);

/* Removes the temporary files in dir that writers stopped mid-way left
 * behind (killed, or the machine stopped): those whose writer process no
 * longer runs, and those without a writer's ID once a day old. Returns how
 * many were removed; never fails (what cannot be removed stays). */
int file_remove_stale_temps(const char *dir);

/* Takes the exclusive lock of the lock file path (created, never removed;
 * flock(2), so the lock ends with the process whatever way it ends),
 * waiting up to 10 s for another holder. Returns the descriptor to pass to
 * file_unlock, or -1: cannot open the lock file, or another process held
 * it for the whole 10 s (each with the path and the reason in err). */
int file_lock(const char *path, struct tw_error *err);

/* Releases a lock file_lock took (-1 is ignored). */
void file_unlock(int fd);

/* Test seam: called after the temporary file is written, before the
 * rename; tests make it kill the process. NULL in the program. */
extern void (*file_before_rename)(void);

#endif
