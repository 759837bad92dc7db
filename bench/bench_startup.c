/* What a one-shot twirl solve pays besides its search.
 *
 *   bench_startup [--twirl PATH] [--runs N] [ID]...
 *
 * For every game ID (default: the seeded cubes cube:2#1 to cube:11#1 and
 * the default boards of the other puzzles), three CPU figures, each the
 * median of N runs (default 5, after one unmeasured run that warms the
 * page cache):
 *   - version: the CPU of the process `twirl --version` (user + system,
 *     from wait4), what any command pays to start;
 *   - process: the CPU of the process `twirl solve ID`, and its system
 *     part (mapping tables, page faults);
 *   - first solve: the CPU of the same solve (the request twirl solve
 *     makes, one_shot included) done in this process, its first;
 *   - search: the same solve done again in this process, its tables
 *     already loaded and their pages in memory: the search alone (the
 *     median of N).
 * The rest, process - version - search, is what the solve pays for its
 * start: mapping and checking tables, their page faults, the models' move
 * tables; first solve - search is the part of it inside the solver. The
 * target is under 0.1 s for every size. Reads the user's table cache (run
 * `twirl cache build` first); prints a Markdown table. */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "engine/gameid.h"
#include "engine/movelist.h"
#include "solvers/clock.h"
#include "solvers/registry.h"
#include "ui/storage.h"
#include "ui/worker.h"

extern char **environ;

#define MAX_RUNS 50

/* CPU seconds (user + system) of one run of argv, its output discarded,
 * the system part in *sys; -1 when it cannot be started or does not exit
 * with 0. */
static double
process_cpu(char *const argv[], double *sys)
{
	posix_spawn_file_actions_t actions;
	struct rusage usage;
	int status;
	pid_t pid;

	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
	if (posix_spawn(&pid, argv[0], &actions, NULL, argv, environ) != 0) {
		posix_spawn_file_actions_destroy(&actions);
		return -1;
	}
	posix_spawn_file_actions_destroy(&actions);
	if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		return -1;
	*sys = (double)usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
	return (double)usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + *sys;
}

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of runs runs of argv (after one unmeasured), the median
 * of their system parts in *sys; -1 on failure. */
static double
median_process_cpu(char *const argv[], int runs, double *sys)
{
	double t[MAX_RUNS], s[MAX_RUNS];
	int i;

	if (process_cpu(argv, &s[0]) < 0)
		return -1;
	for (i = 0; i < runs; i++)
		if ((t[i] = process_cpu(argv, &s[i])) < 0)
			return -1;
	qsort(t, (size_t)runs, sizeof t[0], by_value);
	qsort(s, (size_t)runs, sizeof s[0], by_value);
	*sys = s[runs / 2];
	return t[runs / 2];
}

/* The median CPU of the solve of id done again in this process, runs
 * times, after a first solve that loads its tables (its CPU in *first);
 * -1 on failure (the reason printed). */
static double
median_search_cpu(const char *id, int runs, double *first)
{
	struct gameid gid;
	struct tw_error err;
	double t[MAX_RUNS];
	void *state;
	int i;

	if (!gameid_parse(twirl_puzzles, id, &gid, &err)) {
		fprintf(stderr, "%s: %s\n", id, err.msg);
		return -1;
	}
	state = gameid_start_state(&gid, 1, &err);
	if (state == NULL) {
		fprintf(stderr, "%s: %s\n", id, err.msg);
		gameid_free(&gid);
		return -1;
	}
	for (i = -1; i < runs; i++) {
		struct solve_request req = {
			.metric = puzzle_board_metric(gid.puzzle, gid.params),
			.one_shot = true,
			.threads = solve_threads_default(),
		};
		struct movelist moves = MOVELIST_EMPTY;
		double c0 = tw_cpu_seconds();
		bool ok = gid.puzzle->solve(gid.params, state, &req, &moves, &err);

		if (i >= 0)
			t[i] = tw_cpu_seconds() - c0;
		else
			*first = tw_cpu_seconds() - c0;
		movelist_clear(&moves);
		if (!ok) {
			fprintf(stderr, "%s: %s\n", id, err.msg);
			runs = -1;
			break;
		}
	}
	gid.puzzle->state_free(state);
	gameid_free(&gid);
	if (runs < 0)
		return -1;
	qsort(t, (size_t)runs, sizeof t[0], by_value);
	return t[runs / 2];
}

int
main(int argc, char **argv)
{
	static const char *const defaults[] = {
		"cube:2#1", "cube:3#1", "cube:4#1", "cube:5#1", "cube:6#1", "cube:7#1",
		"cube:8#1", "cube:9#1", "cube:10#1", "cube:11#1", "nrp:4x4k2#1",
		"torus:4x4#1", "rollcube:8x8#1",
	};
	const char *twirl = "./build/twirl", *ids[64];
	int runs = 5, nids = 0, i, failed = 0;
	char *version_argv[3];
	double version, sys;

	storage_use_table_cache();
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--twirl") == 0 && i + 1 < argc) {
			twirl = argv[++i];
		} else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
			runs = atoi(argv[++i]);
			if (runs < 1 || runs > MAX_RUNS) {
				fprintf(stderr, "bench_startup: --runs takes 1 to %d\n", MAX_RUNS);
				return 2;
			}
		} else if (argv[i][0] != '-' && nids < (int)(sizeof ids / sizeof ids[0])) {
			ids[nids++] = argv[i];
		} else {
			fprintf(stderr, "usage: bench_startup [--twirl PATH] [--runs N] [ID]...\n");
			return 2;
		}
	}
	if (nids == 0)
		for (i = 0; i < (int)(sizeof defaults / sizeof defaults[0]); i++)
			ids[nids++] = defaults[i];
	version_argv[0] = (char *)twirl;
	version_argv[1] = "--version";
	version_argv[2] = NULL;
	version = median_process_cpu(version_argv, runs, &sys);
	if (version < 0) {
		fprintf(stderr, "bench_startup: cannot run %s --version\n", twirl);
		return 1;
	}
	printf("`%s --version`: %.1f ms CPU (median of %d)\n\n", twirl, version * 1000, runs);
	printf("| game | process CPU ms | of it system | first solve ms | search ms | rest: process - version - search, ms |\n");
	printf("|---|---|---|---|---|---|\n");
	for (i = 0; i < nids; i++) {
		char *solve_argv[] = {(char *)twirl, "solve", (char *)ids[i], NULL};
		double process = median_process_cpu(solve_argv, runs, &sys);
		double first = 0, search = median_search_cpu(ids[i], runs, &first);

		if (process < 0 || search < 0) {
			printf("| %s | failed | | | | |\n", ids[i]);
			failed = 1;
			continue;
		}
		printf("| %s | %.1f | %.1f | %.1f | %.1f | %.1f |\n", ids[i], process * 1000,
		    sys * 1000, first * 1000, search * 1000, (process - version - search) * 1000);
		fflush(stdout);
	}
	return failed;
}
