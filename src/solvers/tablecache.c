/* MAP_ANONYMOUS and MADV_HUGEPAGE (Linux, the BSDs). */
#define _DEFAULT_SOURCE

#include "solvers/tablecache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "solvers/files.h"

static const char magic[8] = {'T', 'W', 'I', 'R', 'L', 'T', 'B', 'L'};

/* A table this process holds. */
struct loaded {
	struct loaded *next;
	char name[TABLE_NAME_MAX + 1];
	char params[TABLE_PARAMS_MAX + 1];
	uint32_t version;
	size_t size;
	void *data;          /* the payload */
	void *map;           /* the whole mapped file, or NULL when built here */
	size_t map_len;
	void *huge;          /* table_get_huge's copy, or NULL */
};

static pthread_mutex_t lock;
static pthread_once_t lock_once = PTHREAD_ONCE_INIT;
static struct loaded *tables;
static char warning[400];
/* table_cache_set_dir's directory, or NULL with the reason there is none. */
static char *cache_dir;
static char cache_dir_missing[300] = "no cache directory was given";
static bool warning_pending, warned;

/* Recursive: a builder may ask for the tables it is built from. */
static void
lock_init(void)
{
	pthread_mutexattr_t attr;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&lock, &attr);
	pthread_mutexattr_destroy(&attr);
}

/* Remembers the first failure to write the cache, for the caller to show. */
static void
warn_once(const char *reason)
{
	if (warned)
		return;
	snprintf(warning, sizeof warning,
	    "solver tables are not cached (%.300s); they are built anew each time", reason);
	warned = warning_pending = true;
}

bool
table_cache_take_warning(char *msg, size_t size)
{
	bool had;

	pthread_once(&lock_once, lock_init);
	pthread_mutex_lock(&lock);
	had = warning_pending;
	if (had && size > 0)
		snprintf(msg, size, "%s", warning);
	warning_pending = false;
	pthread_mutex_unlock(&lock);
	return had;
}

void
table_cache_set_dir(const char *dir, const char *why_none)
{
	pthread_once(&lock_once, lock_init);
	pthread_mutex_lock(&lock);
	free(cache_dir);
	cache_dir = NULL;
	if (dir != NULL && (cache_dir = strdup(dir)) == NULL)
		why_none = "out of memory";
	snprintf(cache_dir_missing, sizeof cache_dir_missing, "%s",
	    why_none != NULL ? why_none : "no cache directory was given");
	pthread_mutex_unlock(&lock);
}

char *
table_cache_dir(bool create, struct tw_error *err)
{
	char *dir;

	pthread_once(&lock_once, lock_init);
	pthread_mutex_lock(&lock);
	dir = cache_dir != NULL ? strdup(cache_dir) : NULL;
	if (dir == NULL)
		tw_error_set(err, "%s", cache_dir != NULL ? "out of memory" : cache_dir_missing);
	pthread_mutex_unlock(&lock);
	if (dir != NULL && create && !file_make_dirs(dir, err)) {
		free(dir);
		return NULL;
	}
	return dir;
}

static bool
spec_ok(const struct table_spec *spec, struct tw_error *err)
{
	const char *c;

	if (spec->name == NULL || spec->name[0] == '\0' ||
	    strlen(spec->name) > TABLE_NAME_MAX || spec->size == 0 ||
	    (spec->params != NULL && strlen(spec->params) > TABLE_PARAMS_MAX)) {
		tw_error_set(err, "internal error: bad table spec '%.40s'",
		    spec->name != NULL ? spec->name : "");
		return false;
	}
	for (c = spec->name; *c != '\0'; c++) {
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		    (*c >= '0' && *c <= '9') || *c == '-')) {
			tw_error_set(err, "internal error: bad table name '%.40s'", spec->name);
			return false;
		}
	}
	return true;
}

static const char *
spec_params(const struct table_spec *spec)
{
	return spec->params != NULL ? spec->params : "";
}

static struct loaded *
find_loaded(const struct table_spec *spec)
{
	struct loaded *t;

	for (t = tables; t != NULL; t = t->next)
		if (strcmp(t->name, spec->name) == 0 && t->version == spec->version &&
		    t->size == spec->size && strcmp(t->params, spec_params(spec)) == 0)
			return t;
	return NULL;
}

static uint32_t
get_u32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static uint64_t
get_u64(const unsigned char *p)
{
	return (uint64_t)get_u32(p) | (uint64_t)get_u32(p + 4) << 32;
}

static void
put_u32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

static void
put_u64(unsigned char *p, uint64_t v)
{
	put_u32(p, (uint32_t)v);
	put_u32(p + 4, (uint32_t)(v >> 32));
}

/* CRC-32 of len bytes, in pieces zlib's uInt can hold. */
static uint32_t
checksum(const void *data, size_t len)
{
	const unsigned char *p = data;
	uLong crc = crc32(0L, Z_NULL, 0);

	while (len > 0) {
		uInt n = len > (1u << 30) ? (1u << 30) : (uInt)len;

		crc = crc32(crc, p, n);
		p += n;
		len -= n;
	}
	return (uint32_t)crc;
}

/* Reads a header into *f; false with f->problem when it is not one. */
static bool
parse_header(const unsigned char *h, uint64_t file_bytes, struct table_file *f)
{
	memset(f, 0, sizeof *f);
	if (memcmp(h, magic, sizeof magic) != 0) {
		f->problem = "not a twirl table";
		return false;
	}
	if (get_u32(h + 8) != TABLE_CACHE_FORMAT) {
		f->problem = "another cache format";
		return false;
	}
	f->version = get_u32(h + 12);
	f->bytes = get_u64(h + 16);
	memcpy(f->name, h + 32, TABLE_NAME_MAX);
	memcpy(f->params, h + 96, TABLE_PARAMS_MAX);
	if (file_bytes != TABLE_HEADER_BYTES + f->bytes) {
		f->problem = "truncated or too long";
		return false;
	}
	return true;
}

static void
make_header(unsigned char *h, const struct table_spec *spec, uint32_t crc)
{
	memset(h, 0, TABLE_HEADER_BYTES);
	memcpy(h, magic, sizeof magic);
	put_u32(h + 8, TABLE_CACHE_FORMAT);
	put_u32(h + 12, spec->version);
	put_u64(h + 16, spec->size);
	put_u32(h + 24, crc);
	memcpy(h + 32, spec->name, strlen(spec->name));
	memcpy(h + 96, spec_params(spec), strlen(spec_params(spec)));
}

/* Maps path read-only, its identity in *st; NULL when it cannot be
 * opened or mapped. */
static void *
map_file(const char *path, size_t *len, struct stat *st)
{
	void *map;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return NULL;
	if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode) ||
	    (uint64_t)st->st_size < TABLE_HEADER_BYTES) {
		close(fd);
		return NULL;
	}
	map = mmap(NULL, (size_t)st->st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return NULL;
	*len = (size_t)st->st_size;
	return map;
}

/* The verification record of a table file (docs/table-cache.md): the file's
 * identity (device, inode, size, modification and change times) and its
 * header's checksum when its payload last read through to that
 * checksum. A file whose identity matches its record is trusted without
 * reading it; any write to the file changes its times, and a rebuilt
 * one is another inode. Written only for a file unchanged for
 * RECORD_SETTLED seconds, so that a write in the same tick of the
 * file system's clock cannot leave the times as recorded. */
#define RECORD_SETTLED 2
#define RECORD_FORMAT "twirl-verified 1 %llu %llu %llu %lld.%09ld %lld.%09ld %lu\n"

static char *
record_path(const char *dir, const char *name, struct tw_error *err)
{
	return tw_asprintf(err, "%s/%s.verified", dir, name);
}

static int
record_text(const struct stat *st, uint32_t crc, char *buf, size_t size)
{
	return snprintf(buf, size, RECORD_FORMAT, (unsigned long long)st->st_dev,
	    (unsigned long long)st->st_ino, (unsigned long long)st->st_size,
	    (long long)st->st_mtim.tv_sec, (long)st->st_mtim.tv_nsec,
	    (long long)st->st_ctim.tv_sec, (long)st->st_ctim.tv_nsec, (unsigned long)crc);
}

/* Whether the record at path names this file and checksum. */
static bool
record_matches(const char *path, const struct stat *st, uint32_t crc)
{
	char want[200], *got;
	size_t len;
	bool same;

	if (!file_read_all(path, sizeof want, &got, &len, NULL))
		return false;
	record_text(st, crc, want, sizeof want);
	same = strcmp(got, want) == 0;
	free(got);
	return same;
}

/* Records that the file of st read through to crc, when it has settled;
 * a failure costs only the next process's reading. */
static void
record_write(const char *path, const struct stat *st, uint32_t crc)
{
	char text[200];
	int len = record_text(st, crc, text, sizeof text);

	if (time(NULL) - st->st_ctim.tv_sec < RECORD_SETTLED || len <= 0 ||
	    (size_t)len >= sizeof text)
		return;
	(void)file_write_atomic(path, text, (size_t)len, NULL);
}

/* Checks a mapped file's header against spec (NULL: only that it is
 * one and the file has its length). */
static bool
header_matches(const unsigned char *map, size_t len, const struct table_spec *spec,
    struct table_file *f)
{
	if (!parse_header(map, len, f))
		return false;
	if (spec != NULL && (f->version != spec->version || f->bytes != spec->size ||
	    strcmp(f->name, spec->name) != 0 || strcmp(f->params, spec_params(spec)) != 0)) {
		f->problem = "stale (another version or parameters)";
		return false;
	}
	return true;
}

/* Checks a mapped file against spec (NULL: only that it is whole). */
static bool
mapped_valid(const unsigned char *map, size_t len, const struct table_spec *spec,
    struct table_file *f)
{
	if (!header_matches(map, len, spec, f))
		return false;
	if (checksum(map + TABLE_HEADER_BYTES, (size_t)f->bytes) != get_u32(map + 24)) {
		f->problem = "damaged (checksum)";
		return false;
	}
	f->valid = true;
	return true;
}

static char *
table_path(const char *dir, const char *name, struct tw_error *err)
{
	return tw_asprintf(err, "%s/%s.tbl", dir, name);
}

/* The table from the cache file, or NULL (missing, stale, damaged). The
 * payload is read through its checksum unless the file's verification
 * record says it was, unchanged since (then only the pages a search
 * touches are read). */
static struct loaded *
load_file(const struct table_spec *spec)
{
	char *dir = table_cache_dir(false, NULL), *path, *record;
	struct loaded *t;
	struct table_file f;
	struct stat st;
	size_t len;
	void *map;
	bool trusted;

	if (dir == NULL)
		return NULL;
	path = table_path(dir, spec->name, NULL);
	record = record_path(dir, spec->name, NULL);
	free(dir);
	map = path != NULL && record != NULL ? map_file(path, &len, &st) : NULL;
	free(path);
	if (map == NULL) {
		free(record);
		return NULL;
	}
	trusted = header_matches(map, len, spec, &f) &&
	    record_matches(record, &st, get_u32((const unsigned char *)map + 24));
	if (!trusted) {
		if (mapped_valid(map, len, spec, &f))
			record_write(record, &st, get_u32((const unsigned char *)map + 24));
		else
			len = 0;
	}
	free(record);
	if (len == 0 || (t = calloc(1, sizeof *t)) == NULL) {
		munmap(map, len > 0 ? len : (size_t)st.st_size);
		return NULL;
	}
	t->map = map;
	t->map_len = len;
	t->data = (unsigned char *)map + TABLE_HEADER_BYTES;
	return t;
}

/* Writes a built table for the next process; a failure is a warning. */
static void
save_file(const struct table_spec *spec, const void *data)
{
	unsigned char header[TABLE_HEADER_BYTES];
	struct file_piece pieces[2] = {{header, sizeof header}, {data, spec->size}};
	struct tw_error err;
	char *dir = table_cache_dir(true, &err), *path;

	if (dir == NULL) {
		warn_once(err.msg);
		return;
	}
	path = table_path(dir, spec->name, &err);
	free(dir);
	make_header(header, spec, checksum(data, spec->size));
	if (path == NULL || !file_write_atomic_pieces(path, pieces, 2, &err))
		warn_once(err.msg);
	free(path);
}

void
table_progress_report(const struct table_progress *prog, int permille)
{
	int from, to;

	if (prog == NULL)
		return;
	permille = permille < 0 ? 0 : permille > 1000 ? 1000 : permille;
	if (prog->own != NULL) {
		from = prog->own_from;
		to = prog->own_from == 0 && prog->own_to == 0 ? 1000 : prog->own_to;
		atomic_store(prog->own, from + (int)((long)(to - from) * permille / 1000));
	}
	if (prog->progress == NULL)
		return;
	from = prog->from;
	to = prog->from == 0 && prog->to == 0 ? 1000 : prog->to;
	atomic_store(prog->progress, from + (int)((long)(to - from) * permille / 1000));
}

struct table_progress
table_progress_part(const struct table_progress *prog, int from, int to)
{
	struct table_progress part = {0};
	int lo, hi;

	if (prog != NULL)
		part = *prog;
	lo = part.from;
	hi = part.from == 0 && part.to == 0 ? 1000 : part.to;
	part.from = lo + (int)((long)(hi - lo) * from / 1000);
	part.to = lo + (int)((long)(hi - lo) * to / 1000);
	lo = part.own_from;
	hi = part.own_from == 0 && part.own_to == 0 ? 1000 : part.own_to;
	part.own_from = lo + (int)((long)(hi - lo) * from / 1000);
	part.own_to = lo + (int)((long)(hi - lo) * to / 1000);
	return part;
}

void
table_cache_retire(const char *name)
{
	struct tw_error err;
	char *dir = table_cache_dir(false, &err), *path;

	if (dir == NULL)
		return;
	path = table_path(dir, name, &err);
	if (path != NULL)
		(void)unlink(path);
	free(path);
	path = record_path(dir, name, &err);
	if (path != NULL)
		(void)unlink(path);
	free(path);
	free(dir);
}

/* The build under way in this process, for a front end's line of its
 * own (table_cache_building): how many run, the latest one's name and
 * its own progress. */
static atomic_int builds_running;
static atomic_int build_permille;
static pthread_mutex_t build_name_lock = PTHREAD_MUTEX_INITIALIZER;
static char build_name[TABLE_NAME_MAX + 1];

bool
table_cache_building(char *name, size_t size, int *permille)
{
	if (atomic_load(&builds_running) == 0)
		return false;
	pthread_mutex_lock(&build_name_lock);
	snprintf(name, size, "%s", build_name);
	pthread_mutex_unlock(&build_name_lock);
	*permille = atomic_load(&build_permille);
	return true;
}

static struct loaded *
build(const struct table_spec *spec, const struct table_progress *prog,
    struct tw_error *err)
{
	static const struct table_progress none = {0};
	struct loaded *t = calloc(1, sizeof *t);
	struct table_progress own;

	if (prog == NULL)
		prog = &none;
	if (t == NULL || (t->data = calloc(1, spec->size)) == NULL) {
		free(t);
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory (the table %s needs %zu MB)", spec->name,
		    spec->size >> 20);
		return NULL;
	}
	/* The build's reports go to the caller's figure and to the build's
	 * own, shown on a line of its own. */
	own = *prog;
	own.own = &build_permille;
	own.own_from = own.own_to = 0;
	pthread_mutex_lock(&build_name_lock);
	snprintf(build_name, sizeof build_name, "%s", spec->name);
	pthread_mutex_unlock(&build_name_lock);
	atomic_store(&build_permille, 0);
	atomic_fetch_add(&builds_running, 1);
	if (!spec->build(t->data, spec->size, spec->ctx, &own, err)) {
		free(t->data);
		free(t);
		t = NULL;
	} else if (!spec->memory_only) {
		save_file(spec, t->data);
	}
	atomic_fetch_sub(&builds_running, 1);
	return t;
}

/* Across processes: a build of a table holds a write lock on one byte
 * of the cache directory's ".twirl-lock" file (at a place hashed from
 * the table's name), so that a second process that wants the same table
 * waits for the first one's file instead of building it too (two tests,
 * or two games, starting at once). Returns the locked descriptor (close
 * it to release), or -1 when there is no lock to be had (no cache
 * directory, a read-only one): then each process builds its own. While
 * it waits the phase says "building tables"; *cancelled is set if
 * prog's cancel is. */
static int
build_lock(const struct table_spec *spec, const struct table_progress *prog, bool *cancelled)
{
	char *dir = table_cache_dir(true, NULL), *path;
	const char *before = NULL;
	bool shown = false;
	struct flock fl;
	int fd;

	if (dir == NULL)
		return -1;
	path = tw_asprintf(NULL, "%s/.twirl-lock", dir);
	free(dir);
	if (path == NULL)
		return -1;
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	free(path);
	if (fd < 0)
		return -1;
	memset(&fl, 0, sizeof fl);
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	fl.l_start = (off_t)(checksum(spec->name, strlen(spec->name)) % (1u << 20));
	fl.l_len = 1;
	while (fcntl(fd, F_SETLK, &fl) == -1) {
		if (errno != EACCES && errno != EAGAIN) {
			close(fd);
			fd = -1;
			break;
		}
		if (prog != NULL && prog->phase != NULL && !shown) {
			before = atomic_load(prog->phase);
			atomic_store(prog->phase, "building tables");
			shown = true;
		}
		if (prog != NULL && prog->cancel != NULL && atomic_load(prog->cancel)) {
			*cancelled = true;
			close(fd);
			fd = -1;
			break;
		}
		nanosleep(&(struct timespec){0, 50L * 1000 * 1000}, NULL);
	}
	if (shown)
		atomic_store(prog->phase, before);
	return fd;
}

/* table_get under the lock, held by the caller: the table's entry;
 * *was_loaded (may be NULL) tells whether this process had it before. */
static struct loaded *
get_locked(const struct table_spec *spec, const struct table_progress *prog, bool *was_loaded,
    struct tw_error *err)
{
	struct loaded *t = find_loaded(spec);

	if (was_loaded != NULL)
		*was_loaded = t != NULL;
	if (t == NULL) {
		int fd = -1;

		t = spec->memory_only ? NULL : load_file(spec);
		if (t == NULL && !spec->memory_only) {
			bool cancelled = false;

			fd = build_lock(spec, prog, &cancelled);
			if (cancelled) {
				tw_error_cancelled(err);
				return NULL;
			}
			/* Another process may have built it while this one waited. */
			if (fd >= 0)
				t = load_file(spec);
		}
		if (t == NULL)
			t = build(spec, prog, err);
		if (fd >= 0)
			close(fd);
		if (t != NULL) {
			snprintf(t->name, sizeof t->name, "%s", spec->name);
			snprintf(t->params, sizeof t->params, "%s", spec_params(spec));
			t->version = spec->version;
			t->size = spec->size;
			t->next = tables;
			tables = t;
		}
	}
	return t;
}

const void *
table_get(const struct table_spec *spec, const struct table_progress *prog,
    struct tw_error *err)
{
	struct loaded *t;

	if (!spec_ok(spec, err))
		return NULL;
	pthread_once(&lock_once, lock_init);
	pthread_mutex_lock(&lock);
	t = get_locked(spec, prog, NULL, err);
	pthread_mutex_unlock(&lock);
	return t == NULL ? NULL : t->huge != NULL ? t->huge : t->data;
}

/* Copies t's payload to m, 64 MB at a time; false, part-way, once
 * cancel (may be NULL) is set. When the payload is the file's mapping,
 * each copied stretch of it is given back at once (MADV_DONTNEED: the
 * file's pages, read again from the file if ever touched, by this copy's
 * caller or any other holder of the mapping), so that the copy does not
 * hold the table twice at its peak (5.1 GB for the 3x3x3 optimal
 * solver's 2.55 GB face-turn table). */
static bool
copy_out(unsigned char *m, const struct loaded *t, atomic_bool *cancel)
{
	const size_t stretch = (size_t)64 << 20;
	const unsigned char *src = t->data;
	size_t off;

	for (off = 0; off < t->size; off += stretch) {
		size_t len = t->size - off < stretch ? t->size - off : stretch;

		if (cancel != NULL && atomic_load(cancel))
			return false;
		memcpy(m + off, src + off, len);
		/* The payload starts a page into the file, so stretches are
		 * page-aligned. */
		if (t->map != NULL)
			(void)madvise((void *)(src + off), len, MADV_DONTNEED);
	}
	return true;
}

static atomic_bool huge_copies = true;

void
table_cache_set_huge_copies(bool on)
{
	atomic_store(&huge_copies, on);
}

const void *
table_get_huge(const struct table_spec *spec, const struct table_progress *prog,
    struct tw_error *err)
{
	struct loaded *t;
	bool was_loaded;
	const void *block;

	if (!spec_ok(spec, err))
		return NULL;
	pthread_once(&lock_once, lock_init);
	pthread_mutex_lock(&lock);
	t = get_locked(spec, prog, &was_loaded, err);
	if (t != NULL && t->huge == NULL && atomic_load(&huge_copies)) {
		void *m = mmap(NULL, t->size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		    -1, 0);

		if (m != MAP_FAILED) {
#ifdef MADV_HUGEPAGE
			madvise(m, t->size, MADV_HUGEPAGE);
#endif
			if (!copy_out(m, t, prog != NULL ? prog->cancel : NULL)) {
				/* Cancelled: the table as it is, no copy. */
				munmap(m, t->size);
			} else {
				mprotect(m, t->size, PROT_READ);
				t->huge = m;
			}
			/* Nobody else holds the first block yet: give it back. */
			if (t->huge != NULL && !was_loaded) {
				if (t->map != NULL)
					munmap(t->map, t->map_len);
				else
					free(t->data);
				t->map = NULL;
				t->data = m;
			}
		}
	}
	block = t == NULL ? NULL : t->huge != NULL ? t->huge : t->data;
	pthread_mutex_unlock(&lock);
	return block;
}

bool
table_cached(const struct table_spec *spec)
{
	struct loaded *t;
	bool found;

	if (!spec_ok(spec, NULL))
		return false;
	pthread_once(&lock_once, lock_init);
	pthread_mutex_lock(&lock);
	found = find_loaded(spec) != NULL;
	if (!found && (t = load_file(spec)) != NULL) {
		munmap(t->map, t->map_len);
		free(t);
		found = true;
	}
	pthread_mutex_unlock(&lock);
	return found;
}

bool
table_on_disk(const struct table_spec *spec)
{
	char *dir, *path;
	struct table_file f;
	struct stat st;
	size_t len;
	void *map;
	bool found;

	if (!spec_ok(spec, NULL))
		return false;
	pthread_once(&lock_once, lock_init);
	/* Never waited for: a build in another thread holds the lock for
	 * minutes, and the table it builds is not on disk yet. */
	if (pthread_mutex_trylock(&lock) != 0)
		return false;
	found = find_loaded(spec) != NULL;
	pthread_mutex_unlock(&lock);
	if (found || (dir = table_cache_dir(false, NULL)) == NULL)
		return found;
	path = table_path(dir, spec->name, NULL);
	free(dir);
	map = path != NULL ? map_file(path, &len, &st) : NULL;
	free(path);
	if (map == NULL)
		return false;
	/* The mapping reads only the header's page. */
	found = header_matches(map, len, spec, &f);
	munmap(map, len);
	return found;
}

static bool
is_table_file(const char *name)
{
	size_t len = strlen(name);

	return len > 4 && strcmp(name + len - 4, ".tbl") == 0 && name[0] != '.';
}

static int
compare_files(const void *a, const void *b)
{
	return strcmp(((const struct table_file *)a)->name, ((const struct table_file *)b)->name);
}

/* Opens the cache directory for reading: 1 with *d and *dir set (the
 * caller closes and frees them), 0 when there is none yet (a missing
 * cache is an empty one), -1 with err set when it cannot be read. */
static int
open_cache_dir(DIR **d, char **dir, struct tw_error *err)
{
	*d = NULL;
	*dir = table_cache_dir(false, err);
	if (*dir == NULL)
		return -1;
	*d = opendir(*dir);
	if (*d == NULL) {
		int missing = errno == ENOENT;

		if (!missing)
			tw_error_set(err, "%s: %s", *dir, strerror(errno));
		free(*dir);
		*dir = NULL;
		return missing ? 0 : -1;
	}
	return 1;
}

bool
table_cache_list(struct table_file **files, size_t *count, struct tw_error *err)
{
	struct table_file *list = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	char *dir;
	DIR *d;
	int opened;

	*files = NULL;
	*count = 0;
	if ((opened = open_cache_dir(&d, &dir, err)) <= 0)
		return opened == 0;
	while ((de = readdir(d)) != NULL) {
		struct table_file f;
		struct stat st;
		char *path;
		size_t len;
		void *map;

		if (!is_table_file(de->d_name))
			continue;
		if (n == cap) {
			struct table_file *grown = realloc(list, (cap = cap ? 2 * cap : 16) * sizeof *list);

			if (grown == NULL)
				break;
			list = grown;
		}
		path = tw_asprintf(NULL, "%s/%s", dir, de->d_name);
		if (path == NULL)
			break;
		map = map_file(path, &len, &st);
		if (map == NULL) {
			memset(&f, 0, sizeof f);
			f.problem = "cannot be read";
		} else {
			mapped_valid(map, len, NULL, &f);
			munmap(map, len);
		}
		if (f.name[0] == '\0')
			snprintf(f.name, sizeof f.name, "%.*s", (int)(strlen(de->d_name) - 4),
			    de->d_name);
		list[n++] = f;
		free(path);
	}
	closedir(d);
	free(dir);
	if (n > 1)
		qsort(list, n, sizeof *list, compare_files);
	*files = list;
	*count = n;
	return true;
}

bool
table_cache_clear(size_t *removed, struct tw_error *err)
{
	struct dirent *de;
	bool ok = true;
	char *dir;
	DIR *d;
	int opened;

	*removed = 0;
	if ((opened = open_cache_dir(&d, &dir, err)) <= 0)
		return opened == 0;
	while ((de = readdir(d)) != NULL) {
		char *path;

		size_t len = strlen(de->d_name);
		bool record = len > 9 && strcmp(de->d_name + len - 9, ".verified") == 0;

		if (!is_table_file(de->d_name) && !record &&
		    strncmp(de->d_name, ".twirl-tmp.", 11) != 0)
			continue;
		path = tw_asprintf(NULL, "%s/%s", dir, de->d_name);
		if (path == NULL)
			continue;
		if (unlink(path) == 0) {
			*removed += !record;
		} else if (ok) {
			tw_error_set(err, "cannot remove %s: %s", path, strerror(errno));
			ok = false;
		}
		free(path);
	}
	closedir(d);
	free(dir);
	return ok;
}

void
table_cache_release_all(void)
{
	pthread_once(&lock_once, lock_init);
	pthread_mutex_lock(&lock);
	while (tables != NULL) {
		struct loaded *t = tables;

		tables = t->next;
		if (t->huge != NULL)
			munmap(t->huge, t->size);
		if (t->map != NULL)
			munmap(t->map, t->map_len);
		else if (t->data != t->huge)
			free(t->data);
		free(t);
	}
	pthread_mutex_unlock(&lock);
}
