/* twirl's command line (twirl(6), man/twirl.6): the menu, play, solve,
 * check, scramble, replay and cache. Exit status: 0 done, 1 the position has no
 * solution, 2 bad input. */
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <pthread.h>
#include <unistd.h>

#include "engine/gameid.h"
#include "solvers/files.h"
#include "solvers/registry.h"
#include "solvers/clock.h"
#include "solvers/tablecache.h"
#include "ui/app.h"
#include "ui/storage.h"
#include "ui/worker.h"

#ifndef TWIRL_VERSION
#define TWIRL_VERSION "unknown"
#endif

static const char usage[] =
    "usage: twirl [--ascii] [--no-color] [--no-background]   the menu\n"
    "       twirl play GAMEID [--ascii] [--no-color] [--no-background]\n"
    "                                                 play a game\n"
    "       twirl solve GAMEID [--metric M] [--optimal] [--gps]\n"
    "                  [--max-length L] [--time-limit S] [--threads N] [--stats]\n"
    "                                                 print moves that solve it\n"
    "       twirl check GAMEID                        is it solvable? why not?\n"
    "       twirl scramble GAMEID                     print a scrambled position's ID\n"
    "       twirl replay FILE [--ascii] [--no-color]  watch a saved game\n"
    "       twirl replay --verify FILE...             check saved games without the UI\n"
    "       twirl cache status|build|clear            the solvers' tables on disk\n"
    "       twirl cache build --optimal               and the 3x3x3 optimal solver's\n"
    "                                                 (2.55 and 0.97 GB, minutes each)\n"
    "       twirl --help | --version\n"
    "\n"
    "GAMEID is PUZZLE:PARAMS, PUZZLE:PARAMS#SEED or PUZZLE:PARAMS:STATE, e.g.\n"
    "  torus:4x4            a random 4x4 torus\n"
    "  torus:4x4#8812       the scramble of seed 8812, the same on every machine\n"
    "  torus:2x3:6,5,4,3,2,1  this position (tiles row by row)\n"
    "  torus:6x6:bw#3 torus:6x6:bw:random#3  black and white: the goal half black,\n"
    "                       or start and goal both drawn from the seed\n"
    "  rollcube:12x9:start=1,1:goal=5,6:label=3  a rolling cube on an open board\n"
    "  cube:3#7 cube:2:UUUU...    a seeded cube, a cube by its facelets (URFDLB)\n"
    "  cube:5:turns=8#1           practice: 8 random quarter turns of single layers\n"
    "  nrp:4x4k3#77 nrp:3x3k2:9,8,7,6,5,4,3,2,1  number rotation, k x k blocks;\n"
    "  nrp:3x3k2o:9d,8,...  orientable tiles (rotation u r d l after the number)\n"
    "Metrics (torus): drag (a shift by any amount is one move; default), push\n"
    "  (cells moved).\n"
    "Metrics (cube): htm (default) and obtm count a turn of a block holding an\n"
    "  outer layer (R, Rw, 3Rw) one and an inner slice (2R, M) two; qtm the same\n"
    "  with a half turn two; btm any block one; stm single-layer turns; sqtm\n"
    "  single-layer quarter turns (a half turn two; the default on practice boards).\n"
    "Metrics (nrp): qtm (quarter turns, a half turn counts 2; default), htm (a half\n"
    "  turn counts 1). Metric (rollcube): moves.\n"
    "--optimal: a proven shortest answer (rolling cube, 2x2x2, 3x3x3 in htm or\n"
    "  qtm, any cube near solved in sqtm, stm, htm, qtm or obtm: a 4x4x4 10 turns\n"
    "  from solved takes about 2 s, refused after 3e8 positions), nrp boards of at most 12 cells, torus boards of at most 16 cells and 6\n"
    "  a side and the 5x5); refused where the solver cannot prove it (a torus\n"
    "  position after 1.5e9 search nodes, about a minute, too: on the 5x5 that\n"
    "  reaches answers of about 13 moves). The 3x3x3's first use builds a\n"
    "  2.55 GB table (10 minutes, 7.5 GB of memory); a random position then\n"
    "  takes about 12 s of CPU, shared by all cores.\n"
    "--max-length L: no answer longer than L is printed (exit 1 instead); with\n"
    "  --optimal on the 3x3x3 and the torus the search stops at L, and exit 1\n"
    "  proves that no answer of at most L moves exists.\n"
    "Cube answers are the same on every machine: the search stops after a fixed\n"
    "  amount of work (3x3x3: a million search nodes, a few milliseconds).\n"
    "--time-limit S: search for S seconds instead (3x3x3; from 4x4x4 its 3x3x3\n"
    "  finish); the answer then depends on the machine's speed and load.\n"
    "--threads N: search on at most N threads (default: one a processor); the\n"
    "  answer is the same for any N (3x3x3 --optimal and 8x8x8 to 11x11x11 use\n"
    "  more than one).\n"
    "--stats: the solution's length in every metric, per phase, and the solve's\n"
    "  CPU time, on stderr.\n"
    "--no-background: games do not work out the hint before h is pressed (by\n"
    "  default they do, one solve at a time at the lowest priority, so that h\n"
    "  answers at once).\n"
    "--gps (rolling cube, open boards): the generalized path string, e.g.\n"
    "  N(E){dx-2}NE(N){dy-2}E, in constant time however large the board.\n"
    "Exit status: 0 done, 1 no solution, 2 bad input. See twirl(6).\n";

static int fail(const char *fmt, ...) TW_PRINTF(1, 2);

/* Reports bad input on stderr; returns exit status 2. The message is
 * printed escaped (tw_escape): nothing a user typed can reach the terminal
 * as a control sequence. */
static int
fail(const char *fmt, ...)
{
	char raw[1024], safe[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	tw_escape(safe, sizeof safe, raw, SIZE_MAX);
	fprintf(stderr, "twirl: %s\n", safe);
	return 2;
}

/* An argument as a message quotes it: escaped and cut to 60 characters.
 * Four buffers in turn, so that one message can quote several. */
static const char *
quoted(const char *arg)
{
	static char buf[4][256];
	static int next;
	char *out = buf[next];

	next = (next + 1) % 4;
	tw_escape(out, sizeof buf[0], arg, 60);
	return out;
}

static uint64_t
clock_seed(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec;
}

/* The position named by gid for solve/check: a state or a seed. */
static void *
named_position(const struct gameid *gid, const char *text, struct tw_error *err)
{
	if (gid->kind == GAMEID_PARAMS) {
		tw_error_set(err, "'%s' names no position: add ':STATE' or '#SEED'", quoted(text));
		return NULL;
	}
	return gameid_start_state(gid, 0, err);
}

/* twirl solve --gps: the answer as a path string (the puzzle table's
 * path_string: the rolling cube's generalized path string of an open
 * board). */
static int
cmd_gps(const struct gameid *gid, const char *text, bool want_stats)
{
	const struct puzzle *p = gid->puzzle;
	struct tw_error err;
	char buf[1024];
	long long moves = 0;
	void *state;
	int rc = 0;

	if (p->path_string == NULL)
		return fail("--gps is for rolling cube boards, not %s", p->id);
	state = named_position(gid, text, &err);
	if (state == NULL)
		return fail("%s", err.msg);
	if (p->path_string(gid->params, state, buf, sizeof buf, &moves, &err)) {
		puts(buf);
		if (want_stats)
			fprintf(stderr, "moves: %lld (the path string's length on this board)\n", moves);
	} else if (err.kind == TW_ERROR_NO_SOLUTION) {
		fprintf(stderr, "twirl: no path\n");
		rc = 1;
	} else {
		rc = fail("%s", err.msg);
	}
	gid->puzzle->state_free(state);
	return rc;
}

/* A table-cache warning (a cache that cannot be written), once. */
static void
print_cache_warning(void)
{
	char msg[400];

	if (table_cache_take_warning(msg, sizeof msg))
		fprintf(stderr, "twirl: warning: %s\n", msg);
}

/* --stats: the length in every metric, then the solver's phases. */
static void
print_stats(const struct puzzle *p, const void *params, const struct movelist *moves,
    const struct solve_stats *stats)
{
	int i;
	double total = 0;

	fprintf(stderr, "moves:");
	for (i = 0; p->metrics[i] != NULL; i++)
		fprintf(stderr, "%s %ld %s", i > 0 ? "," : "",
		    puzzle_list_cost(p, params, moves, i), p->metrics[i]);
	fputc('\n', stderr);
	if (stats->bound_source != NULL)
		fprintf(stderr, "lower bound: %ld %s (%s)\n", stats->lower_bound,
		    stats->metric != NULL ? stats->metric : p->metrics[0], stats->bound_source);
	if (stats->phases == 0)
		return;
	fprintf(stderr, "phases (%s):", stats->metric != NULL ? stats->metric : p->metrics[0]);
	for (i = 0; i < stats->phases; i++) {
		fprintf(stderr, "%s %s %ld", i > 0 ? "," : "", stats->name[i], stats->moves[i]);
		total += stats->seconds[i];
	}
	fprintf(stderr, "\ntime: %.3f s\n", total);
}

/* A solve run in a thread while the terminal shows its progress. */
struct solve_run {
	const struct puzzle *p;
	const void *params;
	const void *state;
	struct solve_request *req;
	struct movelist *moves;
	struct tw_error *err;
	bool ok;
	atomic_bool done;
};

static void *
solve_thread(void *arg)
{
	struct solve_run *r = arg;

	r->ok = r->p->solve(r->params, r->state, r->req, r->moves, r->err);
	atomic_store(&r->done, true);
	return NULL;
}

/* Solves; when stderr is a terminal and the solve takes over a second
 * (a table being built, an optimal search), shows the solver's phase and
 * percentage there, on one line it clears at the end. */
static bool
solve_showing_progress(const struct puzzle *p, const void *params, const void *state,
    struct solve_request *req, struct movelist *moves, struct tw_error *err)
{
	struct solve_run run = {p, params, state, req, moves, err, false, false};
	atomic_int progress = 0;
	_Atomic(const char *) phase = NULL;
	pthread_t thread;
	bool shown = false;
	int waited = 0;

	if (!isatty(STDERR_FILENO))
		return p->solve(params, state, req, moves, err);
	req->progress = &progress;
	req->phase = &phase;
	if (pthread_create(&thread, NULL, solve_thread, &run) != 0)
		return p->solve(params, state, req, moves, err);
	while (!atomic_load(&run.done)) {
		struct timespec tick = {0, 100 * 1000 * 1000};
		const char *now;

		nanosleep(&tick, NULL);
		if (++waited < 10)
			continue;
		now = atomic_load(&phase);
		fprintf(stderr, "\r\033[Ktwirl: %s%s%d%%", now != NULL ? now : "solving",
		    now != NULL ? ": " : " ", atomic_load(&progress) / 10);
		shown = true;
	}
	pthread_join(thread, NULL);
	if (shown)
		fprintf(stderr, "\r\033[K");
	return run.ok;
}

static int
cmd_solve(const struct gameid *gid, const char *text, const char *metric,
    bool optimal, int max_length, double time_limit, int threads, bool want_stats)
{
	const struct puzzle *p = gid->puzzle;
	struct solve_stats stats = {0};
	struct solve_request req = {
		.optimal = optimal,
		.max_length = max_length,
		.time_limit = time_limit,
		.stats = want_stats ? &stats : NULL,
		.one_shot = true,
		.threads = threads > 0 ? threads : solve_threads_default(),
	};
	struct movelist moves = MOVELIST_EMPTY;
	struct tw_error err;
	void *state;
	char *line;
	int rc = 0;
	bool none_within_max = false, ok;
	double cpu_start, cpu;

	if (metric != NULL) {
		req.metric = puzzle_metric_index(p, metric);
		if (req.metric < 0) {
			char known[80] = "";
			int i;

			for (i = 0; p->metrics[i] != NULL; i++) {
				strncat(known, i > 0 ? ", " : "", sizeof known - strlen(known) - 1);
				strncat(known, p->metrics[i], sizeof known - strlen(known) - 1);
			}
			return fail("%s has no metric '%s' (known: %s)", p->id,
			    quoted(metric), known);
		}
	} else {
		req.metric = puzzle_board_metric(p, gid->params);
	}
	if (optimal && !p->optimal_solver)
		return fail("%s has no optimal solver: its solver finds short solutions, not proven shortest ones (drop --optimal)",
		    p->id);
	if (time_limit > 0 && !p->time_limit)
		return fail("%s's solver has no time limit: it gives its one answer, however long it takes (drop --time-limit)",
		    p->id);
	state = named_position(gid, text, &err);
	if (state == NULL)
		return fail("%s", err.msg);
	if (!p->state_solvable(gid->params, state, &err)) {
		fprintf(stderr, "twirl: no solution: %s\n", err.msg);
		p->state_free(state);
		return 1;
	}
	req.none_within_max = &none_within_max;
	cpu_start = tw_cpu_seconds();
	ok = solve_showing_progress(p, gid->params, state, &req, &moves, &err);
	cpu = tw_cpu_seconds() - cpu_start;
	if (!ok) {
		/* An optimal solver's proof that nothing is that short is an
		 * answer to --max-length, not a failure. */
		fprintf(stderr, "twirl: %s\n", err.msg);
		rc = none_within_max ? 1 : 2;
	} else if (max_length > 0 &&
	    puzzle_list_cost(p, gid->params, &moves, req.metric) > max_length) {
		/* --max-length is a limit: no longer answer is printed. */
		fprintf(stderr, "twirl: no solution of at most %d moves found%s\n", max_length,
		    time_limit > 0 ? " (within the time limit)" :
		    p->time_limit ? " (within the search budget; --time-limit searches longer)" : "");
		rc = 1;
	} else if ((line = movelist_join(&moves, &err)) != NULL) {
		puts(line);
		free(line);
		if (want_stats) {
			print_stats(p, gid->params, &moves, &stats);
			fprintf(stderr, "cpu: %.3f s (every thread of the solve, its tables' loading included)\n",
			    cpu);
		}
		print_cache_warning();
	} else {
		rc = fail("%s", err.msg);
	}
	movelist_clear(&moves);
	p->state_free(state);
	return rc;
}

static int
cmd_check(const struct gameid *gid, const char *text)
{
	struct tw_error err;
	void *state = named_position(gid, text, &err);
	bool ok;

	if (state == NULL)
		return fail("%s", err.msg);
	ok = gid->puzzle->state_solvable(gid->params, state, &err);
	gid->puzzle->state_free(state);
	if (ok) {
		puts("solvable");
		return 0;
	}
	printf("unsolvable: %s\n", err.msg);
	return 1;
}

static int
cmd_scramble(const struct gameid *gid)
{
	struct tw_error err;
	struct gameid g = *gid;
	void *state, *drawn = NULL;
	char *id, seed[24];

	if (g.kind != GAMEID_SEED) {
		/* A new scramble of the same board, from a seed of the clock
		 * (and a board drawn from it, where the params say so). */
		snprintf(seed, sizeof seed, "%llu", (unsigned long long)clock_seed());
		g.kind = GAMEID_SEED;
		g.seed = seed;
		drawn = puzzle_params_seeded(gid->puzzle, gid->params, seed, &err);
		if (drawn == NULL)
			return fail("%s", err.msg);
		g.params = drawn;
	}
	state = gameid_start_state(&g, 0, &err);
	if (state == NULL) {
		if (drawn != NULL)
			gid->puzzle->params_free(drawn);
		return fail("%s", err.msg);
	}
	id = gameid_format_state(gid->puzzle, g.params, state, &err);
	gid->puzzle->state_free(state);
	if (drawn != NULL)
		gid->puzzle->params_free(drawn);
	if (id == NULL)
		return fail("%s", err.msg);
	puts(id);
	free(id);
	return 0;
}

/* twirl replay --verify FILE...: every event legal, final state matches
 * the recorded hash. */
static int
cmd_verify(char **files, int count)
{
	struct savegame sg;
	struct history *h;
	struct tw_error err;
	int i, rc = 0;

	for (i = 0; i < count; i++) {
		if (!storage_load(files[i], &sg, &h, &err)) {
			fprintf(stderr, "twirl: %s\n", err.msg);
			rc = 1;
			continue;
		}
		printf("%s: ok, %zu events, %zu moves in effect, %s\n", files[i],
		    sg.nevents, history_moves(h),
		    sg.puzzle->state_is_solved(sg.params, history_state(h)) ?
		    "solved" : "unsolved");
		history_free(h);
		savegame_free(&sg);
	}
	return rc;
}

/* twirl cache build --optimal: a puzzle's optimal solver's tables,
 * built in a thread while stderr, when it is a terminal, shows the
 * progress. */
struct optimal_build {
	const struct puzzle *p;
	atomic_int progress;
	atomic_bool done;
	bool ok;
	struct tw_error err;
};

static void *
optimal_build_thread(void *arg)
{
	struct optimal_build *b = arg;

	b->ok = b->p->prepare_optimal_tables(&b->progress, NULL, &b->err);
	atomic_store(&b->done, true);
	return NULL;
}

static bool
build_optimal_tables(const struct puzzle *p, struct tw_error *err)
{
	struct optimal_build b = {.p = p};
	struct timespec t0, t1;
	pthread_t thread;
	bool tty = isatty(STDERR_FILENO);

	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (pthread_create(&thread, NULL, optimal_build_thread, &b) != 0) {
		optimal_build_thread(&b);
	} else {
		while (!atomic_load(&b.done)) {
			struct timespec tick = {0, 200 * 1000 * 1000};

			nanosleep(&tick, NULL);
			if (tty)
				fprintf(stderr, "\r\033[K%s: optimal tables %d%%", p->id,
				    atomic_load(&b.progress) / 10);
		}
		pthread_join(thread, NULL);
		if (tty)
			fprintf(stderr, "\r\033[K");
	}
	if (!b.ok) {
		*err = b.err;
		return false;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%s: optimal tables ready (%.1f s)\n", p->id,
	    (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	return true;
}

/* twirl cache status|build|clear: the solver tables under
 * $XDG_CACHE_HOME/twirl. */
static int
cmd_cache(char **args, int nargs, bool optimal)
{
	struct tw_error err;
	char *dir;

	if (nargs != 1 || (strcmp(args[0], "status") != 0 && strcmp(args[0], "build") != 0 &&
	    strcmp(args[0], "clear") != 0))
		return fail("cache needs one of status, build, clear (e.g. twirl cache status)");
	dir = table_cache_dir(false, &err);
	if (dir == NULL)
		return fail("%s", err.msg);
	if (strcmp(args[0], "status") == 0) {
		struct table_file *files;
		size_t n, i;
		uint64_t total = 0;

		if (!table_cache_list(&files, &n, &err)) {
			free(dir);
			return fail("%s", err.msg);
		}
		printf("%s: %zu table%s\n", dir, n, n == 1 ? "" : "s");
		for (i = 0; i < n; i++) {
			char purpose[96] = "";

			/* What each table is for, as its puzzle says. */
			for (size_t k = 0; twirl_puzzles[k] != NULL; k++)
				if (twirl_puzzles[k]->table_purpose != NULL &&
				    twirl_puzzles[k]->table_purpose(files[i].name, purpose, sizeof purpose))
					break;
			printf("  %-40s %10.1f MB  v%u  %s%s%s\n", files[i].name,
			    files[i].bytes / 1048576.0, files[i].version,
			    files[i].valid ? "ok" : files[i].problem,
			    purpose[0] != '\0' ? "  " : "", purpose[0] != '\0' ? purpose : "another program's");
			total += files[i].bytes;
		}
		printf("  total %.1f MB\n", total / 1048576.0);
		free(files);
	} else if (strcmp(args[0], "clear") == 0) {
		size_t removed;
		bool ok = table_cache_clear(&removed, &err);

		printf("%s: %zu file%s removed\n", dir, removed, removed == 1 ? "" : "s");
		if (!ok) {
			free(dir);
			return fail("%s", err.msg);
		}
	} else {
		for (size_t i = 0; twirl_puzzles[i] != NULL; i++) {
			const struct puzzle *p = twirl_puzzles[i];
			struct timespec t0, t1;

			if (p->prepare_tables == NULL)
				continue;
			clock_gettime(CLOCK_MONOTONIC, &t0);
			if (!p->prepare_tables(NULL, NULL, &err)) {
				free(dir);
				return fail("%s tables: %s", p->id, err.msg);
			}
			clock_gettime(CLOCK_MONOTONIC, &t1);
			printf("%s: tables ready (%.1f s)\n", p->id, (double)(t1.tv_sec - t0.tv_sec) +
			    (t1.tv_nsec - t0.tv_nsec) / 1e9);
		}
		for (size_t i = 0; optimal && twirl_puzzles[i] != NULL; i++) {
			const struct puzzle *p = twirl_puzzles[i];

			if (p->prepare_optimal_tables != NULL && !build_optimal_tables(p, &err)) {
				free(dir);
				return fail("%s optimal tables: %s", p->id, err.msg);
			}
		}
		print_cache_warning();
	}
	free(dir);
	return 0;
}

/* The temporary files that writers stopped mid-way (kill -9, a crash)
 * left in twirl's folders: removed at start when their writer is gone. */
static void
remove_stale_temps(void)
{
	static const enum storage_place places[] = {
		STORAGE_DATA, STORAGE_SAVES, STORAGE_STATE, STORAGE_CACHE,
	};
	size_t i;

	for (i = 0; i < sizeof places / sizeof places[0]; i++) {
		char *dir = storage_dir(places[i], false, NULL);

		if (dir != NULL)
			file_remove_stale_temps(dir);
		free(dir);
	}
}

int
main(int argc, char **argv)
{
	struct ui_options opt = {0};
	const char *cmd = NULL, *idtext = NULL, *metric = NULL;
	bool optimal = false, verify = false, gps = false, stats = false;
	int max_length = 0, threads = 0;
	double time_limit = 0;
	char **args = argv;   /* positional arguments, compacted in place */
	int nargs = 0;
	struct gameid gid;
	struct tw_error err;
	int i, rc;

	setlocale(LC_ALL, "");
	/* A file-size limit (ulimit -f) is met as a full disk is: the write
	 * fails with EFBIG and is reported, a table stays in memory, instead
	 * of SIGXFSZ ending the program mid-answer. */
	signal(SIGXFSZ, SIG_IGN);
	storage_use_table_cache();
	remove_stale_temps();
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			fputs(usage, stdout);
			return 0;
		} else if (strcmp(a, "--version") == 0 || strcmp(a, "-V") == 0) {
			puts("twirl " TWIRL_VERSION);
			return 0;
		} else if (strcmp(a, "--ascii") == 0) {
			opt.ascii = true;
		} else if (strcmp(a, "--no-color") == 0 || strcmp(a, "--no-colour") == 0) {
			opt.no_color = true;
		} else if (strcmp(a, "--no-background") == 0) {
			opt.no_background = true;
		} else if (strcmp(a, "--optimal") == 0) {
			optimal = true;
		} else if (strcmp(a, "--verify") == 0) {
			verify = true;
		} else if (strcmp(a, "--gps") == 0) {
			gps = true;
		} else if (strcmp(a, "--stats") == 0) {
			stats = true;
		} else if (strcmp(a, "--max-length") == 0 || strcmp(a, "--time-limit") == 0 ||
		    strcmp(a, "--threads") == 0) {
			char *end;

			if (++i == argc)
				return fail("%s needs a value", a);
			if (strcmp(a, "--threads") == 0) {
				long v = strtol(argv[i], &end, 10);

				if (*end != '\0' || v < 1 || v > 64)
					return fail("--threads '%s': a thread count from 1 to 64", quoted(argv[i]));
				threads = (int)v;
			} else if (strcmp(a, "--max-length") == 0) {
				long v = strtol(argv[i], &end, 10);

				if (*end != '\0' || v < 1 || v > 40)
					return fail("--max-length '%s': a move count from 1 to 40", quoted(argv[i]));
				max_length = (int)v;
			} else {
				time_limit = strtod(argv[i], &end);
				if (*end != '\0' || !(time_limit > 0) || time_limit > 3600)
					return fail("--time-limit '%s': seconds, more than 0 and at most 3600", quoted(argv[i]));
			}
		} else if (strcmp(a, "--metric") == 0) {
			if (++i == argc)
				return fail("--metric needs a value (e.g. --metric push)");
			metric = argv[i];
		} else if (strncmp(a, "--metric=", 9) == 0) {
			metric = a + 9;
		} else if (a[0] == '-' && a[1] != '\0') {
			return fail("unknown option '%s' (see twirl --help)", quoted(a));
		} else {
			args[nargs++] = argv[i];
		}
	}
	if (nargs == 0) {
		if (verify || metric != NULL || optimal)
			return fail("options without a command (see twirl --help)");
		/* The menu's status as it is: 128 + a signal stays that. */
		if ((rc = ui_run(&opt, NULL, NULL, &err)) == 2)
			fail("%s", err.msg);
		return rc;
	}
	cmd = args[0];
	if (strcmp(cmd, "cache") == 0) {
		if (metric != NULL || verify || gps || stats || max_length != 0 ||
		    time_limit != 0 || threads != 0)
			return fail("cache takes no options but build --optimal");
		if (optimal && (nargs != 2 || strcmp(args[1], "build") != 0))
			return fail("--optimal goes with cache build (the 3x3x3 optimal solver's tables)");
		return cmd_cache(args + 1, nargs - 1, optimal);
	}
	if (strcmp(cmd, "replay") == 0) {
		if (metric != NULL || optimal)
			return fail("--metric and --optimal go with solve, not replay");
		if (nargs < 2)
			return fail("replay needs a saved game file, e.g. twirl replay %s",
			    "game.twirl");
		if (verify)
			rc = cmd_verify(args + 1, nargs - 1);
		else if (nargs > 2)
			rc = fail("replay plays one file (several go with --verify)");
		else if ((rc = ui_run(&opt, NULL, args[1], &err)) == 2)
			fail("%s", err.msg);
		return rc;
	}
	if (verify)
		return fail("--verify goes with replay, not %s", quoted(cmd));
	if (strcmp(cmd, "play") != 0 && strcmp(cmd, "solve") != 0 &&
	    strcmp(cmd, "check") != 0 && strcmp(cmd, "scramble") != 0)
		return fail("unknown command '%s' (commands: play, solve, check, scramble, replay, cache; see twirl --help)",
		    quoted(cmd));
	if (nargs < 2)
		return fail("%s needs a game ID, e.g. twirl %s torus:4x4#1", cmd, cmd);
	if (nargs > 2)
		return fail("unexpected argument '%s' (see twirl --help)", quoted(args[2]));
	idtext = args[1];
	if ((max_length != 0 || time_limit != 0) && strcmp(cmd, "solve") != 0)
		return fail("--max-length and --time-limit go with solve, not %s", cmd);
	if (threads != 0 && strcmp(cmd, "solve") != 0)
		return fail("--threads goes with solve, not %s", cmd);
	if ((metric != NULL || optimal) && strcmp(cmd, "solve") != 0)
		return fail("--metric and --optimal go with solve, not %s", cmd);
	if (stats && strcmp(cmd, "solve") != 0)
		return fail("--stats goes with solve, not %s", cmd);
	if (!gameid_parse(twirl_puzzles, idtext, &gid, &err))
		return fail("%s", err.msg);
	if (gps && strcmp(cmd, "solve") != 0) {
		gameid_free(&gid);
		return fail("--gps goes with solve, not %s", cmd);
	}
	if (strcmp(cmd, "solve") == 0 && gps) {
		rc = cmd_gps(&gid, idtext, stats);
	} else if (strcmp(cmd, "solve") == 0) {
		rc = cmd_solve(&gid, idtext, metric, optimal, max_length, time_limit, threads, stats);
	} else if (strcmp(cmd, "check") == 0) {
		rc = cmd_check(&gid, idtext);
	} else if (strcmp(cmd, "scramble") == 0) {
		rc = cmd_scramble(&gid);
	} else {
		if (gid.kind == GAMEID_STATE &&
		    !gid.puzzle->state_solvable(gid.params, gid.state, &err)) {
			fprintf(stderr, "twirl: no solution: %s\n", err.msg);
			gameid_free(&gid);
			return 1;
		}
		rc = ui_run(&opt, &gid, NULL, &err);
		if (rc == 2)
			fail("%s", err.msg);
	}
	gameid_free(&gid);
	return rc;
}
