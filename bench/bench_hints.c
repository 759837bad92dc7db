/* How long h takes to show a hint in a game, with the hint worked out in
 * the background before the key (ui/game.c) and without it.
 *
 *   bench_hints [--quick] [--seed S] [--no-presets] [--game ID]...
 *
 * For every menu preset of every puzzle, a game of the preset's seeded
 * scramble is opened on a headless screen and ticked on the real clock
 * as the game screen does; h is pressed 0, 2, 10 and 30 s after it
 * opened (--quick: 0 and 2 s), and the time until the hint's move is
 * made is measured. Then, with the hint known, a move off the solution,
 * and h 0 and 2 s after it. Then the CPU the idle game spends in 5 s once
 * its hint is known (it must be none), and h without the background
 * (--no-background), for comparison. --game adds a game ID of its own
 * (a big cube) after the presets; --no-presets measures only those.
 * Wall-clock milliseconds; the machine's load counts. Prints a Markdown
 * table. */
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <curses.h>

#include "engine/gameid.h"
#include "solvers/registry.h"
#include "solvers/clock.h"
#include "ui/game.h"
#include "ui/game_internal.h"
#include "ui/view.h"
#include "ui/storage.h"

/* Ticks g as the game screen does (waking at its timeout) for seconds. */
static void
run_for(struct game *g, double seconds)
{
	double end = tw_monotonic_seconds() + seconds;

	while (tw_monotonic_seconds() < end) {
		int ms = game_timeout_ms(g);
		struct timespec nap = {0, (long)ms * 1000000};

		nanosleep(&nap, NULL);
		game_tick(g);
	}
}

/* Presses h and ticks until its move is made; milliseconds, or -1 after
 * 120 s or an error. */
static double
hint_latency(struct game *g)
{
	size_t before = game_history(g)->len;
	double t0 = tw_monotonic_seconds();

	game_key(g, 'h');
	while (game_history(g)->len == before) {
		struct timespec nap = {0, 2000000};

		if (tw_monotonic_seconds() - t0 > 120 || (g->job == NULL && g->msg_error))
			return -1;
		nanosleep(&nap, NULL);
		game_tick(g);
	}
	return (tw_monotonic_seconds() - t0) * 1000;
}

static struct game *
open_game(const char *id)
{
	struct gameid gid;
	struct tw_error err;
	struct game *g;
	void *start;

	if (!gameid_parse(twirl_puzzles, id, &gid, &err)) {
		fprintf(stderr, "bench_hints: %s: %s\n", id, err.msg);
		exit(1);
	}
	start = gameid_start_state(&gid, 0, &err);
	g = start != NULL ? game_new(gid.puzzle, gid.params, start,
	    gid.kind == GAMEID_SEED ? gid.seed : NULL, &err) : NULL;
	if (g == NULL) {
		fprintf(stderr, "bench_hints: %s: %s\n", id, err.msg);
		exit(1);
	}
	gid.puzzle->state_free(start);
	gameid_free(&gid);
	return g;
}

/* Waits (at most 120 s) until the background has worked out the hint. */
static bool
wait_known(struct game *g)
{
	double t0 = tw_monotonic_seconds();

	while (tw_monotonic_seconds() - t0 < 120) {
		if (g->hint_state != NULL && g->background == NULL &&
		    g->p->state_equal(game_history(g)->params, g->hint_state, game_state(g)))
			return true;
		run_for(g, 0.05);
	}
	return false;
}

/* A legal move that is not the known solution's next one. */
static bool
move_off(struct game *g, struct tw_rng *rng)
{
	for (int tries = 0; tries < 100; tries++) {
		char *mv = g->p->move_random(game_history(g)->params, rng, NULL);
		bool ok = mv != NULL && (g->hint_pos >= g->hint.len ||
		    strcmp(mv, g->hint.moves[g->hint_pos]) != 0);
		void *probe = ok ? g->p->state_dup(game_history(g)->params, game_state(g), NULL) : NULL;

		ok = probe != NULL && g->p->move_apply(game_history(g)->params, probe, mv, NULL);
		if (probe != NULL)
			g->p->state_free(probe);
		if (ok && game_make_move(g, mv, HISTORY_MOVE)) {
			free(mv);
			return true;
		}
		free(mv);
	}
	return false;
}

static const double delays[] = {0, 2, 10, 30};

static void measure(const char *id, int ndelays);

static void
cell(double ms)
{
	if (ms < 0)
		printf(" failed |");
	else
		printf(" %.0f |", ms);
}

int
main(int argc, char **argv)
{
	int ndelays = 4, nextra = 0;
	bool presets = true;
	const char *seed = "1", *extra[16];
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	SCREEN *screen;

	storage_use_table_cache();
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0)
			ndelays = 2;
		else if (strcmp(argv[i], "--no-presets") == 0)
			presets = false;
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			seed = argv[++i];
		else if (strcmp(argv[i], "--game") == 0 && i + 1 < argc && nextra < 16)
			extra[nextra++] = argv[++i];
		else {
			fprintf(stderr, "usage: bench_hints [--quick] [--seed S] [--no-presets] [--game ID]...\n");
			return 2;
		}
	}
	setlocale(LC_ALL, "C.UTF-8");
	screen = newterm("xterm-256color", out, in);
	if (screen == NULL)
		return 1;
	resizeterm(40, 120);
	printf("ms from h to the hint's move, wall clock, seed %s; 'off' is a move off the known "
	    "solution, then h\n\n", seed);
	printf("| game |");
	for (int d = 0; d < ndelays; d++)
		printf(" h at %.0f s |", delays[d]);
	printf(" off, h at 0 s | off, h at 2 s | idle CPU ms / 5 s | without background |\n|---|");
	for (int d = 0; d < ndelays + 4; d++)
		printf("---|");
	printf("\n");
	for (size_t i = 0; presets && twirl_puzzles[i] != NULL; i++) {
		const struct puzzle_view *v = view_for(twirl_puzzles[i]);

		for (int j = 0; v != NULL && v->presets[j] != NULL; j++) {
			char id[160];

			snprintf(id, sizeof id, "%s:%s#%s", twirl_puzzles[i]->id, v->presets[j], seed);
			measure(id, ndelays);
		}
	}
	for (int k = 0; k < nextra; k++)
		measure(extra[k], ndelays);
	endwin();
	delscreen(screen);
	return 0;
}

static void
measure(const char *id, int ndelays)
{
	struct tw_rng rng;
	struct game *g;
	double idle;

	printf("| %s |", id);
	fflush(stdout);
	for (int d = 0; d < ndelays; d++) {
		g = open_game(id);
		run_for(g, delays[d]);
		cell(hint_latency(g));
		fflush(stdout);
		game_free(g);
	}
	tw_rng_seed(&rng, 99);
	for (int d = 0; d < 2; d++) {
		g = open_game(id);
		if (!wait_known(g) || !move_off(g, &rng)) {
			printf(" — |");
		} else {
			run_for(g, d == 0 ? 0 : 2);
			cell(hint_latency(g));
		}
		fflush(stdout);
		game_free(g);
	}
	g = open_game(id);
	if (wait_known(g)) {
		double c0 = tw_cpu_seconds();

		run_for(g, 5);
		idle = (tw_cpu_seconds() - c0) * 1000;
		printf(" %.1f |", idle);
	} else {
		printf(" — |");
	}
	game_free(g);
	game_background_hints = false;
	g = open_game(id);
	cell(hint_latency(g));
	game_free(g);
	game_background_hints = true;
	printf("\n");
	fflush(stdout);
}
