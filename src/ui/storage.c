#include "ui/storage.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/gameid.h"
#include "solvers/registry.h"
#include "solvers/files.h"
#include "solvers/tablecache.h"

static const char *
home_dir(void)
{
	const char *home = getenv("HOME");
	struct passwd *pw;

	if (home != NULL && home[0] == '/')
		return home;
	pw = getpwuid(getuid());
	return pw != NULL ? pw->pw_dir : NULL;
}

char *
storage_dir(enum storage_place place, bool create, struct tw_error *err)
{
	/* By place: the XDG variable, its fallback under $HOME (the XDG base
	 * directory spec), and the folder under twirl's. */
	static const struct {
		const char *var, *fallback, *sub;
	} places[] = {
		[STORAGE_SAVES] = {"XDG_DATA_HOME", ".local/share", "/saves"},
		[STORAGE_STATE] = {"XDG_STATE_HOME", ".local/state", ""},
		[STORAGE_DATA] = {"XDG_DATA_HOME", ".local/share", ""},
		[STORAGE_CACHE] = {"XDG_CACHE_HOME", ".cache", ""},
	};
	const char *base = getenv(places[place].var), *home;
	char *dir;

	if (base != NULL && base[0] == '/') {
		dir = tw_asprintf(err, "%s/twirl%s", base, places[place].sub);
	} else {
		home = home_dir();
		if (home == NULL) {
			tw_error_set(err, "no home directory: set HOME or %s", places[place].var);
			return NULL;
		}
		dir = tw_asprintf(err, "%s/%s/twirl%s", home, places[place].fallback,
		    places[place].sub);
	}
	if (dir != NULL && create && !file_make_dirs(dir, err)) {
		free(dir);
		return NULL;
	}
	return dir;
}

void
storage_use_table_cache(void)
{
	struct tw_error err;
	char *dir = storage_dir(STORAGE_CACHE, false, &err);

	table_cache_set_dir(dir, dir == NULL ? err.msg : NULL);
	free(dir);
}

char *
storage_path(enum storage_place place, const char *name, bool create,
    struct tw_error *err)
{
	char *dir = storage_dir(place, create, err), *path;

	if (dir == NULL)
		return NULL;
	path = tw_asprintf(err, "%s/%s", dir, name);
	free(dir);
	return path;
}

bool
storage_read(const char *path, char **text, size_t *len, struct tw_error *err)
{
	/* One byte past the limit, so that the save parser names the size. */
	return file_read_all(path, SAVEGAME_MAX_BYTES + 1, text, len, err);
}

bool
storage_write(const char *path, const char *data, size_t len, struct tw_error *err)
{
	return file_write_atomic(path, data, len, err);
}

char *
storage_save_new(const char *name, const char *text, struct tw_error *err)
{
	char *dir = storage_dir(STORAGE_SAVES, true, err), *file, *path = NULL;
	int n;

	if (dir == NULL)
		return NULL;
	file = storage_file_name(name);
	if (file == NULL) {
		free(dir);
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return NULL;
	}
	/* The name, else the name numbered: each try creates the file only
	 * if it is not there, so two games kept at once take two names. */
	for (n = 1; n < 10000; n++) {
		struct tw_error why = {0};

		path = n == 1 ? tw_asprintf(err, "%s/%s", dir, file) :
		    tw_asprintf(err, "%s/%.*s-%d.twirl", dir, (int)(strlen(file) - 6), file, n);
		if (path == NULL)
			break;
		if (file_write_new(path, text, strlen(text), &why))
			break;
		free(path);
		path = NULL;
		if (why.kind != TW_ERROR_EXISTS) {
			if (err != NULL)
				*err = why;
			break;
		}
	}
	if (n == 10000)
		tw_error_set(err, "%s: 9,999 saves of this name already", dir);
	free(dir);
	free(file);
	return path;
}

int
storage_lock(enum storage_place place, const char *name, struct tw_error *err)
{
	char *path;
	int fd;

	path = storage_dir(place, true, err);
	if (path == NULL)
		return -1;
	free(path);
	path = storage_path(place, name, true, err);
	if (path == NULL)
		return -1;
	fd = file_lock(path, err);
	free(path);
	return fd;
}

void
storage_unlock(int fd)
{
	file_unlock(fd);
}

bool
storage_load(const char *path, struct savegame *sg, struct history **h,
    struct tw_error *err)
{
	char *text;
	size_t len;

	*h = NULL;
	memset(sg, 0, sizeof *sg);
	if (!storage_read(path, &text, &len, err))
		return false;
	if (!savegame_parse(twirl_puzzles, text, len, sg, err)) {
		free(text);
		savegame_free(sg);
		tw_error_prefix(err, "%s", path);
		return false;
	}
	free(text);
	*h = savegame_replay(sg, SIZE_MAX, err);
	if (*h == NULL) {
		savegame_free(sg);
		tw_error_prefix(err, "%s", path);
		return false;
	}
	return true;
}

char *
storage_file_name(const char *name)
{
	size_t len = strlen(name), i, o = 0;
	char *out = malloc(len + 8);
	bool dash = false;

	if (out == NULL)
		return NULL;
	for (i = 0; i < len && o < 80; i++) {
		char c = name[i];

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '_' || (c == '.' && o > 0)) {
			out[o++] = c;
			dash = false;
		} else if (!dash && o > 0) {
			out[o++] = '-';
			dash = true;
		}
	}
	while (o > 0 && (out[o - 1] == '-' || out[o - 1] == '.'))
		o--;
	if (o == 0) {
		memcpy(out, "save", 4);
		o = 4;
	}
	memcpy(out + o, ".twirl", 7);
	return out;
}

static int
newest_first(const void *a, const void *b)
{
	const struct save_info *x = a, *y = b;

	return x->mtime < y->mtime ? 1 : x->mtime > y->mtime ? -1 :
	    strcmp(x->path, y->path);
}

struct save_info *
storage_list(size_t *count, struct tw_error *err)
{
	char *dir = storage_dir(STORAGE_SAVES, false, err);
	struct save_info *list;

	*count = 0;
	if (dir == NULL)
		return NULL;
	list = storage_list_in(dir, count);
	free(dir);
	return list;
}

/* The header's bytes read for a list (saves put it first). */
#define HEADER_BYTES 65536
/* Old saves without moves= are replayed to list them up to this size. */
#define REPLAY_TO_LIST_BYTES (1 << 20)

/* Fills *info from the header lines of the save at path (game=, name=,
 * moves=, solved=), reading at most HEADER_BYTES: false when the file is
 * not a save, or with need_counts when it has no moves= and solved=
 * lines (without, its moves are SAVE_MOVES_UNKNOWN). */
static bool
info_from_header(const char *path, struct save_info *info, bool need_counts)
{
	char *buf = malloc(HEADER_BYTES + 1), *line, *next, *game = NULL, *name = NULL;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	ssize_t got = 0, n;
	bool have_moves = false, have_solved = false, ok = false;
	struct gameid gid;

	if (buf == NULL || fd < 0) {
		free(buf);
		if (fd >= 0)
			close(fd);
		return false;
	}
	while (got < HEADER_BYTES && (n = read(fd, buf + got, (size_t)(HEADER_BYTES - got))) > 0)
		got += n;
	close(fd);
	buf[got] = '\0';
	if (strncmp(buf, "twirl-save 1\n", 13) != 0) {
		free(buf);
		return false;
	}
	for (line = buf + 13; (next = strchr(line, '\n')) != NULL; line = next + 1) {
		*next = '\0';
		if (strncmp(line, "game=", 5) == 0)
			game = line + 5;
		else if (strncmp(line, "name=", 5) == 0)
			name = line + 5;
		else if (strncmp(line, "moves=", 6) == 0)
			have_moves = sscanf(line + 6, "%zu", &info->moves) == 1;
		else if (strncmp(line, "solved=", 7) == 0) {
			info->solved = strcmp(line + 7, "yes") == 0;
			have_solved = true;
		} else if (strchr(line, '=') != NULL && (strncmp(line, "move=", 5) == 0 ||
		    strncmp(line, "hint=", 5) == 0 || strncmp(line, "undo=", 5) == 0 ||
		    strncmp(line, "redo=", 5) == 0 || strncmp(line, "restart=", 8) == 0 ||
		    strncmp(line, "cursor=", 7) == 0))
			break;          /* the events: the header is over */
	}
	if (!need_counts && !(have_moves && have_solved)) {
		info->moves = SAVE_MOVES_UNKNOWN;
		info->solved = false;
		have_moves = have_solved = true;
	}
	if (game != NULL && have_moves && have_solved &&
	    gameid_parse(twirl_puzzles, game, &gid, NULL)) {
		char *ps = gid.puzzle->params_format(gid.params, NULL);

		if (ps != NULL && strchr(ps, ':') != NULL)
			*strchr(ps, ':') = '\0';   /* the size, not a whole map */
		info->title = tw_asprintf(NULL, "%s %s", gid.puzzle->name, ps != NULL ? ps : "");
		info->name = name != NULL ? strdup(name) : NULL;
		free(ps);
		gameid_free(&gid);
		ok = info->title != NULL;
	}
	free(buf);
	return ok;
}

/* Fills *info by replaying the save (an old one without moves=). */
static bool
info_from_replay(const char *path, struct save_info *info)
{
	struct savegame sg;
	struct history *h;
	char *ps;

	if (!storage_load(path, &sg, &h, NULL))
		return false;
	ps = sg.puzzle->params_format(sg.params, NULL);
	if (ps != NULL && strchr(ps, ':') != NULL)
		*strchr(ps, ':') = '\0';   /* the size, not a whole map */
	info->name = sg.name != NULL ? strdup(sg.name) : NULL;
	info->title = tw_asprintf(NULL, "%s %s", sg.puzzle->name, ps != NULL ? ps : "");
	info->moves = history_moves(h);
	info->solved = sg.puzzle->state_is_solved(sg.params, history_state(h));
	free(ps);
	history_free(h);
	savegame_free(&sg);
	return info->title != NULL;
}

struct save_info *
storage_list_in(const char *dir, size_t *count)
{
	struct save_info *list = NULL, *grown;
	size_t n = 0, cap = 0;
	struct dirent *de;
	DIR *d;

	*count = 0;
	d = opendir(dir);
	if (d == NULL)
		return NULL;    /* no saves yet */
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		struct save_info info = {0};
		struct stat st;
		char *path;

		if (len < 7 || strcmp(de->d_name + len - 6, ".twirl") != 0 ||
		    de->d_name[0] == '.')
			continue;
		path = tw_asprintf(NULL, "%s/%s", dir, de->d_name);
		if (path == NULL || stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
			free(path);
			continue;
		}
		/* The header says what a list shows; only an old save is
		 * replayed for it, and only a small one. */
		if (!info_from_header(path, &info, true)) {
			free(info.title);
			free(info.name);
			memset(&info, 0, sizeof info);
			if (st.st_size <= REPLAY_TO_LIST_BYTES ? !info_from_replay(path, &info) :
			    !info_from_header(path, &info, false)) {
				free(info.title);
				free(info.name);
				free(path);
				continue;
			}
		}
		if (n == cap) {
			cap = cap == 0 ? 16 : cap * 2;
			grown = realloc(list, cap * sizeof *grown);
			if (grown == NULL) {
				free(info.title);
				free(info.name);
				free(path);
				break;
			}
			list = grown;
		}
		info.path = path;
		if (info.name == NULL)
			info.name = strdup(de->d_name);
		info.mtime = st.st_mtime;
		list[n++] = info;
	}
	closedir(d);
	if (n > 0)
		qsort(list, n, sizeof *list, newest_first);
	*count = n;
	return list;
}

void
storage_list_free(struct save_info *list, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++) {
		free(list[i].path);
		free(list[i].name);
		free(list[i].title);
	}
	free(list);
}

#ifndef TWIRL_DATADIR
#define TWIRL_DATADIR "/usr/local/share/twirl"
#endif

char *
storage_data_dir(void)
{
	const char *env = getenv("TWIRL_DATA_DIR");
	char exe[4096], *slash, *dir;
	ssize_t n;
	struct stat st;

	if (env != NULL && env[0] != '\0')
		return strdup(env);
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash != NULL) {
			*slash = '\0';
			dir = tw_asprintf(NULL, "%s/../data/rollcube", exe);
			if (dir != NULL && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
				free(dir);
				return tw_asprintf(NULL, "%s/../data", exe);
			}
			free(dir);
		}
	}
	return strdup(TWIRL_DATADIR);
}

long
storage_best(const char *key)
{
	char *path = storage_path(STORAGE_DATA, "progress", false, NULL), *text, *line;
	size_t len, klen = strlen(key);
	long best = 0;

	if (path == NULL || !storage_read(path, &text, &len, NULL)) {
		free(path);
		return 0;
	}
	for (line = text; line != NULL && *line != '\0'; ) {
		char *next = strchr(line, '\n');

		if (strncmp(line, key, klen) == 0 && line[klen] == '=')
			best = strtol(line + klen + 1, NULL, 10);
		line = next != NULL ? next + 1 : NULL;
	}
	free(text);
	free(path);
	return best > 0 ? best : 0;
}

static bool record_best_locked(const char *key, long moves, struct tw_error *err);

bool
storage_record_best(const char *key, long moves, struct tw_error *err)
{
	int lock = storage_lock(STORAGE_DATA, ".progress.lock", err);
	bool ok;

	if (lock < 0)
		return false;
	ok = record_best_locked(key, moves, err);
	storage_unlock(lock);
	return ok;
}

/* storage_record_best's read, change and write, under the progress lock
 * so that two games recording at once both count. */
static bool
record_best_locked(const char *key, long moves, struct tw_error *err)
{
	char *path = storage_path(STORAGE_DATA, "progress", true, NULL), *text = NULL, *out, *line;
	size_t len = 0, klen = strlen(key), used = 0, cap;
	long best = storage_best(key);
	bool ok;

	if (path == NULL) {
		tw_error_set(err, "no place for progress");
		return false;
	}
	if (best > 0 && best <= moves) {
		free(path);
		return true;
	}
	if (!storage_read(path, &text, &len, NULL)) {
		text = strdup("");
		len = 0;
	}
	cap = len + klen + 32;
	out = malloc(cap);
	if (text == NULL || out == NULL) {
		free(text);
		free(out);
		free(path);
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	/* Every other line kept as it was; this key's line replaced. */
	for (line = text; *line != '\0'; ) {
		char *next = strchr(line, '\n');
		size_t n = next != NULL ? (size_t)(next - line) + 1 : strlen(line);

		if (!(strncmp(line, key, klen) == 0 && line[klen] == '=')) {
			memcpy(out + used, line, n);
			used += n;
			if (next == NULL)
				out[used++] = '\n';
		}
		line += n;
	}
	used += (size_t)snprintf(out + used, cap - used, "%s=%ld\n", key, moves);
	ok = storage_write(path, out, used, err);
	free(out);
	free(text);
	free(path);
	return ok;
}
