#include "solvers/files.h"

#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void (*file_before_rename)(void);

bool
file_make_dirs(const char *path, struct tw_error *err)
{
	size_t len = strlen(path);
	char *copy = malloc(len + 1), *p;

	if (copy == NULL) {
		tw_error_set(err, "out of memory");
		return false;
	}
	memcpy(copy, path, len + 1);
	for (p = copy + 1; ; p++) {
		if (*p == '/' || *p == '\0') {
			char c = *p;

			*p = '\0';
			if (mkdir(copy, 0700) != 0 && errno != EEXIST) {
				tw_error_set(err, "cannot create %s: %s", copy, strerror(errno));
				free(copy);
				return false;
			}
			*p = c;
			if (c == '\0') {
				free(copy);
				return true;
			}
		}
	}
}

bool
file_read_all(const char *path, size_t max, char **data, size_t *len,
    struct tw_error *err)
{
	/* Non-blocking, so that opening a FIFO with no writer does not wait
	 * for one; then only regular files are read (not a FIFO, a device
	 * such as /dev/zero, a directory). */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	size_t cap = 4096, used = 0;
	struct stat st;
	char *buf;

	*data = NULL;
	*len = 0;
	if (fd < 0) {
		tw_error_set(err, "%s: %s", path, strerror(errno));
		return false;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "%s: not a regular file", path);
		close(fd);
		return false;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	buf = malloc(cap + 1);
	if (buf == NULL) {
		close(fd);
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "%s: out of memory", path);
		return false;
	}
	for (;;) {
		ssize_t n;

		if (used == cap) {
			char *grown;

			if (cap > max)
				break;
			cap *= 2;
			grown = realloc(buf, cap + 1);
			if (grown == NULL) {
				free(buf);
				close(fd);
				tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "%s: out of memory", path);
				return false;
			}
			buf = grown;
		}
		n = read(fd, buf + used, cap - used);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			tw_error_set(err, "%s: %s", path, strerror(errno));
			free(buf);
			close(fd);
			return false;
		}
		if (n == 0)
			break;
		used += (size_t)n;
	}
	close(fd);
	if (used > max) {
		tw_error_set(err, "%s: too large (%zu bytes or more; at most %zu)", path, used, max);
		free(buf);
		return false;
	}
	buf[used] = '\0';
	*data = buf;
	*len = used;
	return true;
}

/* Writes all of len bytes; false with errno set (0: a short write). */
static bool
write_all(int fd, const char *bytes, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = write(fd, bytes + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = 0;
			return false;
		}
		done += (size_t)n;
	}
	return true;
}

/* The temporary files' prefix; the writer's process ID follows it, so
 * that file_remove_stale_temps can tell a live writer's from a dead one's. */
#define TEMP_PREFIX ".twirl-tmp."

/* The pieces into a temporary file beside path, then renamed over path
 * (replace) or linked to it only if path does not exist (!replace). */
static bool
write_pieces(const char *path, const struct file_piece *pieces, size_t count, bool replace,
    struct tw_error *err)
{
	const char *slash = strrchr(path, '/');
	char *dir, *tmp;
	size_t i;
	int fd, dfd;

	dir = slash != NULL ? tw_strndup(path, (size_t)(slash - path), err) :
	    tw_strdup(".", err);
	if (dir == NULL)
		return false;
	tmp = tw_asprintf(err, "%s/" TEMP_PREFIX "%ld.XXXXXX", dir, (long)getpid());
	if (tmp == NULL) {
		free(dir);
		return false;
	}
	fd = mkstemp(tmp);
	if (fd < 0) {
		tw_error_set(err, "cannot write in %s: %s", dir, strerror(errno));
		goto fail_nofile;
	}
	for (i = 0; i < count; i++) {
		if (!write_all(fd, pieces[i].data, pieces[i].len)) {
			tw_error_set(err, "cannot write %s: %s", path,
			    errno != 0 ? strerror(errno) : "short write");
			close(fd);
			goto fail;
		}
	}
	if (fsync(fd) != 0 || close(fd) != 0) {
		tw_error_set(err, "cannot write %s: %s", path, strerror(errno));
		goto fail;
	}
	if (file_before_rename != NULL)
		file_before_rename();
	if (replace ? rename(tmp, path) != 0 : link(tmp, path) != 0) {
		if (errno == EEXIST)
			tw_error_set_kind(err, TW_ERROR_EXISTS, "%s: already exists", path);
		else
			tw_error_set(err, "cannot write %s: %s", path, strerror(errno));
		goto fail;
	}
	if (!replace)
		unlink(tmp);
	/* Make the rename itself durable. */
	dfd = open(dir, O_RDONLY);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	free(tmp);
	free(dir);
	return true;
fail:
	unlink(tmp);
fail_nofile:
	free(tmp);
	free(dir);
	return false;
}

bool
file_write_atomic(const char *path, const void *data, size_t len, struct tw_error *err)
{
	struct file_piece one = {data, len};

	return write_pieces(path, &one, 1, true, err);
}

bool
file_write_atomic_pieces(const char *path, const struct file_piece *pieces,
    size_t count, struct tw_error *err)
{
	return write_pieces(path, pieces, count, true, err);
}

bool
file_write_new(const char *path, const void *data, size_t len, struct tw_error *err)
{
	struct file_piece one = {data, len};

	return write_pieces(path, &one, 1, false, err);
}

int
file_remove_stale_temps(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int removed = 0;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		const char *rest;
		char *end, *path;
		long pid;
		struct stat st;
		bool stale;

		if (strncmp(e->d_name, TEMP_PREFIX, strlen(TEMP_PREFIX)) != 0)
			continue;
		rest = e->d_name + strlen(TEMP_PREFIX);
		path = tw_asprintf(NULL, "%s/%s", dir, e->d_name);
		if (path == NULL)
			break;
		pid = strtol(rest, &end, 10);
		if (end != rest && *end == '.' && pid > 0)
			stale = kill((pid_t)pid, 0) != 0 && errno == ESRCH;
		else    /* a name without a writer: stale once a day old */
			stale = lstat(path, &st) == 0 && time(NULL) - st.st_mtime > 24 * 3600;
		if (stale && unlink(path) == 0)
			removed++;
		free(path);
	}
	closedir(d);
	return removed;
}

int
file_lock(const char *path, struct tw_error *err)
{
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	int tries;

	if (fd < 0) {
		tw_error_set(err, "cannot open the lock %s: %s", path, strerror(errno));
		return -1;
	}
	/* Holders keep the lock for one read and one write of a small file:
	 * 10 s of waiting means a stuck holder, reported, not waited on. */
	for (tries = 0; tries < 1000; tries++) {
		struct timespec pause = {0, 10 * 1000 * 1000};

		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return fd;
		if (errno != EWOULDBLOCK && errno != EINTR) {
			tw_error_set(err, "cannot lock %s: %s", path, strerror(errno));
			close(fd);
			return -1;
		}
		nanosleep(&pause, NULL);
	}
	tw_error_set(err, "%s: another twirl has held this lock for 10 s", path);
	close(fd);
	return -1;
}

void
file_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}
