#include "ui/keep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine/rng.h"
#include "ui/storage.h"

char *
keep_autosave_path(struct tw_error *err)
{
	return storage_path(STORAGE_STATE, "autosave.twirl", true, err);
}

uint64_t
keep_new_session(void)
{
	struct tw_rng rng;
	struct timespec ts;
	uint64_t v;

	clock_gettime(CLOCK_REALTIME, &ts);
	tw_rng_seed(&rng, (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^
	    (uint64_t)getpid() << 32);
	do
		v = tw_rng_next(&rng);
	while (v == 0);
	return v;
}

/* The session of the game in the autosave: 0 when it has none (an older
 * save) and false when there is no autosave or it does not load. */
static bool
autosave_session(const char *path, uint64_t *session)
{
	struct savegame sg;
	struct history *h;

	if (access(path, F_OK) != 0 || !storage_load(path, &sg, &h, NULL))
		return false;
	*session = sg.session;
	history_free(h);
	savegame_free(&sg);
	return true;
}

/* A free file name in the saves directory for name. Caller frees. */
static char *
free_save_path(const char *name, struct tw_error *err)
{
	char *dir = storage_dir(STORAGE_SAVES, true, err), *file, *path = NULL;
	struct stat st;

	if (dir == NULL)
		return NULL;
	file = storage_file_name(name);
	if (file == NULL) {
		free(dir);
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return NULL;
	}
	for (int n = 1; n < 10000; n++) {
		free(path);
		path = n == 1 ? tw_asprintf(err, "%s/%s", dir, file) :
		    tw_asprintf(err, "%s/%.*s-%d.twirl", dir, (int)(strlen(file) - 6), file, n);
		if (path == NULL || stat(path, &st) != 0)
			break;
	}
	free(dir);
	free(file);
	return path;
}

bool
keep_autosave_aside(char **name_out, struct tw_error *err)
{
	char *path = keep_autosave_path(err), *ps, *text, *dest, name[160], when[32];
	struct savegame sg;
	struct history *h;
	struct tm tm;
	time_t now = time(NULL);
	bool ok = false;

	if (name_out != NULL)
		*name_out = NULL;
	if (path == NULL)
		return false;
	if (access(path, F_OK) != 0) {
		free(path);
		return true;            /* nothing to keep */
	}
	if (!storage_load(path, &sg, &h, err)) {
		/* Damaged: keep the file itself where a person can find it. */
		char *aside = free_save_path("Damaged autosave", NULL);

		if (aside != NULL && rename(path, aside) == 0)
			tw_error_prefix(err, "the autosave could not be read and was moved to %s", aside);
		free(aside);
		free(path);
		return false;
	}
	localtime_r(&now, &tm);
	strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
	ps = sg.puzzle->params_format(sg.params, NULL);
	if (ps != NULL && strchr(ps, ':') != NULL)
		*strchr(ps, ':') = '\0';   /* the size, not a whole map */
	snprintf(name, sizeof name, "Unfinished %s %s %s", sg.puzzle->name, ps != NULL ? ps : "",
	    when);
	free(ps);
	free(sg.name);
	sg.name = tw_strdup(name, err);
	text = sg.name != NULL ? savegame_format(&sg, h, err) : NULL;
	dest = text != NULL ? free_save_path(name, err) : NULL;
	if (dest != NULL && storage_write(dest, text, strlen(text), err)) {
		unlink(path);
		ok = true;
		if (name_out != NULL)
			*name_out = strdup(name);
	}
	free(dest);
	free(text);
	history_free(h);
	savegame_free(&sg);
	free(path);
	return ok;
}

bool
keep_autosave_offer(char *question, size_t size, struct tw_error *err)
{
	char *path = keep_autosave_path(err), *ps;
	struct savegame sg;
	struct history *h;

	if (path == NULL || access(path, F_OK) != 0) {
		free(path);
		if (err != NULL)
			err->msg[0] = '\0';
		return false;
	}
	if (!storage_load(path, &sg, &h, err)) {
		free(path);
		keep_autosave_aside(NULL, err);
		return false;
	}
	ps = sg.puzzle->params_format(sg.params, NULL);
	if (ps != NULL && strchr(ps, ':') != NULL)
		*strchr(ps, ':') = '\0';
	snprintf(question, size, "Resume your unfinished %s %s game (%zu moves)?",
	    sg.puzzle->name, ps != NULL ? ps : "", history_moves(h));
	free(ps);
	history_free(h);
	savegame_free(&sg);
	free(path);
	return true;
}

bool
keep_autosave_write(uint64_t session, const char *text, struct tw_error *err)
{
	char *path = keep_autosave_path(err);
	uint64_t other;
	bool ok;

	if (path == NULL)
		return false;
	/* Another game's autosave is kept before this one takes its place
	 * (an unreadable one is moved aside too). */
	if (access(path, F_OK) == 0 && (!autosave_session(path, &other) || other != session) &&
	    !keep_autosave_aside(NULL, err)) {
		free(path);
		return false;
	}
	ok = storage_write(path, text, strlen(text), err);
	free(path);
	return ok;
}

void
keep_autosave_remove(uint64_t session)
{
	char *path = keep_autosave_path(NULL);
	uint64_t other;

	if (path != NULL && autosave_session(path, &other) && other == session)
		unlink(path);
	free(path);
}
