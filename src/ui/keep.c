#include "ui/keep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine/rng.h"
#include "ui/storage.h"

void (*keep_before_autosave_write)(void);

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

/* The autosave lock: every change of the autosave (write, move aside,
 * remove) holds it, so that a check of whose game is there and the
 * change it leads to are one step for other processes. */
#define AUTOSAVE_LOCK ".autosave.lock"

/* keep_autosave_aside under the lock. */
static bool
aside_locked(char **name_out, struct tw_error *err)
{
	char *path = keep_autosave_path(err), *ps, *text, *dest = NULL, name[160], when[32];
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
		/* Damaged: keep the file itself where a person can find it
		 * (its bytes copied to a new save, then the autosave gone). */
		char *bytes, *aside = NULL;
		size_t len;

		if (storage_read(path, &bytes, &len, NULL)) {
			aside = storage_save_new("Damaged autosave", bytes, NULL);
			free(bytes);
		}
		if (aside == NULL) {
			/* Not even its bytes can be read: renamed beside it,
			 * so that it no longer stands in the next game's way. */
			aside = tw_asprintf(NULL, "%s.damaged-%lld", path, (long long)now);
			if (aside != NULL && rename(path, aside) != 0) {
				free(aside);
				aside = NULL;
			}
		} else if (unlink(path) != 0) {
			free(aside);
			aside = NULL;
		}
		if (aside != NULL)
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
	if (text != NULL && (dest = storage_save_new(name, text, err)) != NULL) {
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
keep_autosave_aside(char **name_out, struct tw_error *err)
{
	int lock = storage_lock(STORAGE_STATE, AUTOSAVE_LOCK, err);
	bool ok;

	if (name_out != NULL)
		*name_out = NULL;
	if (lock < 0)
		return false;
	ok = aside_locked(name_out, err);
	storage_unlock(lock);
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
	snprintf(question, size, "Resume your unfinished %s %s game (%zu move%s)?",
	    sg.puzzle->name, ps != NULL ? ps : "", history_moves(h), history_moves(h) == 1 ? "" : "s");
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
	int lock;
	bool ok;

	if (path == NULL)
		return false;
	lock = storage_lock(STORAGE_STATE, AUTOSAVE_LOCK, err);
	if (lock < 0) {
		free(path);
		return false;
	}
	/* Another game's autosave is kept before this one takes its place
	 * (an unreadable one is moved aside too: once it is out of the way,
	 * this game is written). */
	ok = !(access(path, F_OK) == 0 && (!autosave_session(path, &other) || other != session) &&
	    !aside_locked(NULL, err) && access(path, F_OK) == 0);
	if (ok && keep_before_autosave_write != NULL)
		keep_before_autosave_write();
	ok = ok && storage_write(path, text, strlen(text), err);
	storage_unlock(lock);
	free(path);
	return ok;
}

void
keep_autosave_remove(uint64_t session)
{
	char *path = keep_autosave_path(NULL);
	int lock = path != NULL ? storage_lock(STORAGE_STATE, AUTOSAVE_LOCK, NULL) : -1;
	uint64_t other;

	/* Without the lock the autosave stays: a stale file is offered
	 * back, a removed one of another game would be lost. */
	if (lock >= 0 && autosave_session(path, &other) && other == session)
		unlink(path);
	storage_unlock(lock);
	free(path);
}
