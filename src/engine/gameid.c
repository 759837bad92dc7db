#include "engine/gameid.h"

#include <stdlib.h>
#include <string.h>

const struct puzzle *
puzzle_find(const struct puzzle *const *puzzles, const char *id)
{
	size_t i;

	for (i = 0; puzzles[i] != NULL; i++)
		if (strcmp(puzzles[i]->id, id) == 0)
			return puzzles[i];
	return NULL;
}

static void
unknown_puzzle(const struct puzzle *const *puzzles, const char *name,
    struct tw_error *err)
{
	char known[128] = "";
	size_t i, used = 0;

	for (i = 0; puzzles[i] != NULL && used < sizeof known - 1; i++) {
		size_t n = strlen(puzzles[i]->id);

		if (used + n + 3 >= sizeof known)
			break;
		if (i > 0) {
			memcpy(known + used, ", ", 2);
			used += 2;
		}
		memcpy(known + used, puzzles[i]->id, n);
		used += n;
		known[used] = '\0';
	}
	tw_error_set(err, "unknown puzzle '%.40s' (known: %s)", name, known);
}

static bool
seed_char_ok(char c)
{
	return c > ' ' && c < 127 && c != ':' && c != '#';
}

static bool
parse(const struct puzzle *const *puzzles, const char *text, struct gameid *gid,
    struct tw_error *err)
{
	const char *colon, *rest, *s;
	char name[32];
	size_t len, used = 0;

	memset(gid, 0, sizeof *gid);
	colon = strchr(text, ':');
	len = colon != NULL ? (size_t)(colon - text) : strlen(text);
	if (len == 0) {
		tw_error_set(err, "game ID '%.60s' has no puzzle name (expected GAME:PARAMS, e.g. torus:4x4)", text);
		return false;
	}
	if (len >= sizeof name) {
		tw_error_set(err, "unknown puzzle '%.30s...'", text);
		return false;
	}
	memcpy(name, text, len);
	name[len] = '\0';
	gid->puzzle = puzzle_find(puzzles, name);
	if (gid->puzzle == NULL) {
		unknown_puzzle(puzzles, name, err);
		return false;
	}
	if (colon == NULL || colon[1] == '\0') {
		gid->params = gid->puzzle->params_default(err);
		gid->kind = GAMEID_PARAMS;
		return gid->params != NULL;
	}
	gid->params = gid->puzzle->params_parse(colon + 1, &used, err);
	if (gid->params == NULL) {
		tw_error_prefix(err, "game ID params '%.40s'", colon + 1);
		return false;
	}
	rest = colon + 1 + used;
	if (*rest == '\0') {
		gid->kind = GAMEID_PARAMS;
		return true;
	}
	if (*rest == '#') {
		for (s = rest + 1; *s != '\0'; s++) {
			if (!seed_char_ok(*s)) {
				tw_error_set(err, "seed '%.40s' has a bad character at position %zu (seeds are printable, without spaces, ':' or '#')",
				    rest + 1, (size_t)(s - rest));
				goto fail;
			}
		}
		if (rest[1] == '\0') {
			tw_error_set(err, "empty seed after '#'");
			goto fail;
		}
		gid->kind = GAMEID_SEED;
		gid->seed = tw_strdup(rest + 1, err);
		if (gid->seed == NULL)
			goto fail;
		if (gid->puzzle->params_seeded != NULL) {
			/* A board drawn from the seed: its params from now on. */
			void *seeded = gid->puzzle->params_seeded(gid->params, gid->seed, err);

			if (seeded == NULL)
				goto fail;
			gid->puzzle->params_free(gid->params);
			gid->params = seeded;
		}
		return true;
	}
	if (*rest == ':') {
		gid->kind = GAMEID_STATE;
		gid->state = gid->puzzle->state_parse(gid->params, rest + 1, err);
		if (gid->state == NULL) {
			tw_error_prefix(err, "state");
			goto fail;
		}
		return true;
	}
	tw_error_set(err, "unexpected '%.20s' after the params '%.*s' (expected '#SEED' or ':STATE')",
	    rest, (int)used, colon + 1);
fail:
	gameid_free(gid);
	return false;
}

bool
gameid_parse(const struct puzzle *const *puzzles, const char *text,
    struct gameid *gid, struct tw_error *err)
{
	if (parse(puzzles, text, gid, err))
		return true;
	if (err != NULL && err->kind != TW_ERROR_NO_MEMORY)
		err->kind = TW_ERROR_BAD_INPUT;
	return false;
}

void
gameid_free(struct gameid *gid)
{
	if (gid->puzzle != NULL) {
		if (gid->state != NULL)
			gid->puzzle->state_free(gid->state);
		if (gid->params != NULL)
			gid->puzzle->params_free(gid->params);
	}
	free(gid->seed);
	memset(gid, 0, sizeof *gid);
}

void *
gameid_start_state(const struct gameid *gid, uint64_t fallback_seed,
    struct tw_error *err)
{
	struct tw_rng rng;

	switch (gid->kind) {
	case GAMEID_STATE:
		return gid->puzzle->state_dup(gid->params, gid->state, err);
	case GAMEID_SEED:
		tw_rng_seed_text(&rng, gid->seed);
		break;
	case GAMEID_PARAMS:
	default:
		tw_rng_seed(&rng, fallback_seed);
		break;
	}
	return gid->puzzle->scramble(gid->params, &rng, err);
}

char *
gameid_format_params(const struct puzzle *p, const void *params,
    struct tw_error *err)
{
	char *ps = p->params_format(params, err), *out;

	if (ps == NULL)
		return NULL;
	out = tw_asprintf(err, "%s:%s", p->id, ps);
	free(ps);
	return out;
}

char *
gameid_format_state(const struct puzzle *p, const void *params,
    const void *state, struct tw_error *err)
{
	char *ps, *ss, *out = NULL;

	ps = p->params_format(params, err);
	if (ps == NULL)
		return NULL;
	ss = p->state_format(params, state, err);
	if (ss != NULL)
		out = tw_asprintf(err, "%s:%s:%s", p->id, ps, ss);
	free(ps);
	free(ss);
	return out;
}

char *
gameid_format_seed(const struct puzzle *p, const void *params,
    const char *seed, struct tw_error *err)
{
	char *ps = p->params_format(params, err), *out;

	if (ps == NULL)
		return NULL;
	out = tw_asprintf(err, "%s:%s#%s", p->id, ps, seed);
	free(ps);
	return out;
}
