/* The save/replay text: round trips, and every kind of broken file gives a
 * clear error or a correct load, never a crash (the suite also runs under
 * AddressSanitizer). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/gameid.h"
#include "engine/savegame.h"
#include "engine/torus/torus.h"
#include "solvers/registry.h"
#include "ui/storage.h"

/* Plays a random game of moves, hints, undos, redos and restarts, both
 * into a history and into a save record. It works for any puzzle: its
 * moves are the puzzle's own solution of the start position, played in
 * order, so every one is legal where it is played. */
static void
random_game(const char *id, uint64_t seed, int actions, struct savegame *sg,
    struct history **hp)
{
	struct solve_request req = {.metric = 0};
	struct movelist solution = MOVELIST_EMPTY;
	size_t *ptr_after;   /* solution moves in effect after each entry */
	struct gameid g;
	struct tw_rng rng;
	struct history *h;
	void *start;
	uint64_t ms = 0;
	int i;

	if (!gameid_parse(twirl_puzzles, id, &g, NULL))
		fail_msg("bad id %s", id);
	start = gameid_start_state(&g, 0, NULL);
	assert_true(g.puzzle->solve(g.params, start, &req, &solution, NULL));
	assert_true(solution.len > 0);
	assert_true(savegame_init(sg, g.puzzle, g.params, g.seed, start, NULL));
	sg->name = strdup("test game");
	sg->created = strdup("2026-11-21T06:00:00Z");
	h = history_new(g.puzzle, g.params, start, NULL);
	ptr_after = calloc((size_t)actions + 1, sizeof *ptr_after);
	tw_rng_seed(&rng, seed);
	for (i = 0; i < actions; i++) {
		size_t ptr = h->cursor == 0 ? 0 : ptr_after[h->cursor - 1];
		int r = (int)tw_rng_below(&rng, 10);

		ms += tw_rng_below(&rng, 3000);
		if (r < 6 && ptr < solution.len) {
			bool hint = r == 5;

			assert_true(history_move(h, solution.moves[ptr],
			    hint ? HISTORY_HINT : HISTORY_MOVE, NULL));
			assert_true(savegame_add(sg, hint ? SAVE_HINT : SAVE_MOVE, ms,
			    solution.moves[ptr], NULL));
			ptr_after[h->cursor - 1] = ptr + 1;
		} else if (r < 8 && history_undo(h) != NULL) {
			assert_true(savegame_add(sg, SAVE_UNDO, ms, NULL, NULL));
		} else if (r == 8 && history_redo(h) != NULL) {
			assert_true(savegame_add(sg, SAVE_REDO, ms, NULL, NULL));
		} else if (r == 9 && history_restart(h, NULL)) {
			assert_true(savegame_add(sg, SAVE_RESTART, ms, NULL, NULL));
			ptr_after[h->cursor - 1] = 0;
		}
	}
	sg->elapsed_ms = ms + 500;
	free(ptr_after);
	movelist_clear(&solution);
	g.puzzle->state_free(start);
	gameid_free(&g);
	*hp = h;
}

static char *
sample_text(void)
{
	struct savegame sg;
	struct history *h;
	char *text;

	random_game("torus:3x4#8812", 5, 40, &sg, &h);
	text = savegame_format(&sg, h, NULL);
	assert_non_null(text);
	history_free(h);
	savegame_free(&sg);
	return text;
}

static void
assert_same_history(const struct history *a, const struct history *b)
{
	size_t i;

	assert_int_equal(a->len, b->len);
	assert_int_equal(a->cursor, b->cursor);
	for (i = 0; i < a->len; i++) {
		assert_int_equal(a->entries[i].kind, b->entries[i].kind);
		if (a->entries[i].move != NULL)
			assert_string_equal(a->entries[i].move, b->entries[i].move);
		{
			void *sa = history_state_after(a, i + 1, NULL);
			void *sb = history_state_after(b, i + 1, NULL);

			assert_true(a->puzzle->state_equal(a->params, sa, sb));
			a->puzzle->state_free(sa);
			b->puzzle->state_free(sb);
		}
	}
	assert_true(a->puzzle->state_equal(a->params, history_state(a), history_state(b)));
}

/* Every puzzle: a random game saved and loaded is the same game. */
static void
random_games_of_every_puzzle_round_trip_exactly(void **unused)
{
	size_t pi;
	int k;

	(void)unused;
	for (pi = 0; twirl_puzzles[pi] != NULL; pi++) {
		const struct puzzle *p = twirl_puzzles[pi];
		void *params = p->params_default(NULL);
		char *ps = p->params_format(params, NULL);

		for (k = 0; k < 50; k++) {
			struct savegame sg, back;
			struct history *h, *replayed;
			struct tw_error err;
			char id[128], *text;
			size_t i;

			snprintf(id, sizeof id, "%s:%s#%d", p->id, ps, k);
			random_game(id, (uint64_t)k, 80, &sg, &h);
			text = savegame_format(&sg, h, &err);
			assert_non_null(text);
			if (!savegame_parse(twirl_puzzles, text, strlen(text), &back, &err))
				fail_msg("%s\n%s", err.msg, text);
			assert_int_equal(back.nevents, sg.nevents);
			for (i = 0; i < sg.nevents; i++) {
				assert_int_equal(back.events[i].kind, sg.events[i].kind);
				assert_int_equal(back.events[i].ms, sg.events[i].ms);
				if (sg.events[i].move != NULL)
					assert_string_equal(back.events[i].move, sg.events[i].move);
			}
			assert_string_equal(back.name, "test game");
			assert_int_equal(back.elapsed_ms, sg.elapsed_ms);
			replayed = savegame_replay(&back, SIZE_MAX, &err);
			if (replayed == NULL)
				fail_msg("%s", err.msg);
			assert_same_history(h, replayed);
			history_free(replayed);
			history_free(h);
			savegame_free(&sg);
			savegame_free(&back);
			free(text);
		}
		free(ps);
		p->params_free(params);
	}
}

/* Parses and replays; true when both succeed. */
static bool
load(const char *text, size_t len, struct tw_error *err)
{
	struct savegame sg;
	struct history *h = NULL;
	bool ok = savegame_parse(twirl_puzzles, text, len, &sg, err);

	if (ok) {
		h = savegame_replay(&sg, SIZE_MAX, err);
		ok = h != NULL;
	}
	history_free(h);
	savegame_free(&sg);
	return ok;
}

static void
truncation_at_every_byte_is_refused_or_complete(void **unused)
{
	char *text = sample_text();
	size_t len = strlen(text), cut;

	(void)unused;
	for (cut = 0; cut <= len; cut++) {
		struct tw_error err = {0};
		bool ok = load(text, cut, &err);

		/* Only dropping the final newline leaves a whole save. */
		if (ok && cut < len - 1)
			fail_msg("truncated at %zu of %zu bytes, yet it loaded", cut, len);
		if (!ok)
			assert_true(err.msg[0] != '\0');
	}
	free(text);
}

static void
flipped_bytes_are_refused_or_harmless(void **unused)
{
	static const unsigned char flips[] = {0x01, 0x20, 0x80, 0xff};
	char *text = sample_text(), *copy;
	size_t len = strlen(text), i, f, refused = 0;

	(void)unused;
	copy = malloc(len);
	for (i = 0; i < len; i++) {
		for (f = 0; f < sizeof flips; f++) {
			struct tw_error err = {0};

			memcpy(copy, text, len);
			copy[i] = (char)(copy[i] ^ flips[f]);
			if (!load(copy, len, &err)) {
				assert_true(err.msg[0] != '\0');
				refused++;
			}
		}
	}
	/* Most flips break a move, a number or the hash. */
	assert_true(refused > len * 2);
	free(copy);
	free(text);
}

/* text with `line` inserted after its first line. */
static char *
with_line(const char *text, const char *line)
{
	const char *nl = strchr(text, '\n') + 1;
	size_t head = (size_t)(nl - text);
	char *out = malloc(strlen(text) + strlen(line) + 2);

	memcpy(out, text, head);
	strcpy(out + head, line);
	strcat(out, "\n");
	strcat(out, nl);
	return out;
}

static void
expect_error(const char *text, const char *reason)
{
	struct tw_error err = {0};

	assert_false(load(text, strlen(text), &err));
	if (strstr(err.msg, reason) == NULL)
		fail_msg("got '%s', want '%s'", err.msg, reason);
}

static void
broken_files_give_reasons_with_line_numbers(void **unused)
{
	char *text = sample_text(), *bad;

	(void)unused;
	expect_error("", "empty file");
	expect_error("hello\nworld\n", "line 1: not a twirl save");
	expect_error("twirl-save 2\ngame=torus:4x4#1\n", "line 1: save format 2 is from a newer twirl; this twirl reads format 1");
	expect_error("twirl-save x\n", "bad format version");
	bad = with_line(text, "just some words");
	expect_error(bad, "line 2: expected key=value");
	free(bad);
	bad = with_line(text, "name=second");
	expect_error(bad, "duplicate key 'name' (first on line 2)");
	free(bad);
	bad = with_line(text, "game=cubes:3#1");
	expect_error(bad, "line 2: game: unknown puzzle 'cubes'");
	free(bad);
	expect_error("twirl-save 1\ngame=torus:4x4#1\nmove=10 E9\n",
	    "line 3: move: bad move 'E9': row 9 does not exist");
	expect_error("twirl-save 1\ngame=torus:4x4#1\nundo=10\ncursor=0\nhash=0000000000000000\n",
	    "line 3: undo: nothing to undo");
	expect_error("twirl-save 1\ngame=torus:4x4#1\nmove=20 E1\nmove=10 E2\n",
	    "line 4: move: time 10 ms is before the previous event's");
	expect_error("twirl-save 1\ngame=torus:4x4#1\nmove=abc E1\n", "should be milliseconds");
	expect_error("twirl-save 1\ngame=torus:4x4#1\nmove=10\n", "expected 'TIME MOVE'");
	expect_error("twirl-save 1\ngame=torus:4x4#1\ncursor=0\n", "no hash= line: the file is truncated");
	expect_error("twirl-save 1\ngame=torus:4x4#1\ncursor=0\nhash=0000000000000000\nmove=5 E1\n",
	    "line 5: move after hash=");
	expect_error("twirl-save 1\ngame=torus:4x4#1\nparams=5x5\ncursor=0\nhash=0000000000000000\n",
	    "line 3: params=5x5 disagrees with game=");
	expect_error("twirl-save 1\ngame=torus:4x4#1\ncursor=0\nhash=0000000000000000\n",
	    "final position does not match hash=");
	expect_error("twirl-save 1\ngame=torus:4x4#1\ncursor=3\nhash=0000000000000000\n",
	    "cursor=3, but the events leave 0 in effect");
	expect_error("twirl-save 1\ngame=torus:4x4#1\nhash=XYZ\n", "16 lower-case hex digits");
	/* The start named twice, two ways: they must agree (a start= that
	 * disagrees with game= is refused, never taken silently). */
	expect_error("twirl-save 1\ngame=rollcube:5x5:start=1,1:goal=5,5:label=2\n"
	    "start=rollcube:5x5:start=3,3:goal=5,5:label=2\ncursor=0\nhash=0000000000000000\n",
	    "line 3: start: the position differs from the one game= names (line 2)");
	expect_error("twirl-save 1\ngame=torus:2x3#1\nstart=torus:2x3:1,2,3,4,5,6\n"
	    "cursor=0\nhash=0000000000000000\n",
	    "line 3: start: the position differs from the one game= names");
	free(text);
}

static void
unknown_keys_are_ignored(void **unused)
{
	char *text = sample_text(), *more = with_line(text, "colour=blue");
	struct tw_error err = {0};

	(void)unused;
	if (!load(more, strlen(more), &err))
		fail_msg("%s", err.msg);
	free(more);
	free(text);
}

/* A legal move written at length (a 4x4x4's 2Rw with 300 leading zeros)
 * is saved whole and loads back to the same game: no line of a save is
 * cut to a buffer's size (a cut line would leave a save that does not
 * load). */
static void
long_move_texts_are_saved_whole(void **unused)
{
	char move[320];
	struct gameid g;
	struct savegame sg, back;
	struct history *h, *replayed;
	struct tw_error err = {0};
	char *text;
	void *start;

	(void)unused;
	memset(move, '0', 300);
	strcpy(move + 300, "2Rw'");
	assert_true(gameid_parse(twirl_puzzles, "cube:4#9", &g, NULL));
	start = gameid_start_state(&g, 0, NULL);
	assert_true(savegame_init(&sg, g.puzzle, g.params, g.seed, start, NULL));
	h = history_new(g.puzzle, g.params, start, NULL);
	assert_true(history_move(h, move, HISTORY_MOVE, &err));
	assert_true(savegame_add(&sg, SAVE_MOVE, 10, move, NULL));
	assert_true(history_move(h, "U", HISTORY_MOVE, &err));
	assert_true(savegame_add(&sg, SAVE_MOVE, 20, "U", NULL));
	text = savegame_format(&sg, h, &err);
	assert_non_null(text);
	if (!savegame_parse(twirl_puzzles, text, strlen(text), &back, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(back.nevents, 2);
	assert_string_equal(back.events[0].move, move);
	replayed = savegame_replay(&back, SIZE_MAX, &err);
	if (replayed == NULL)
		fail_msg("%s", err.msg);
	assert_same_history(h, replayed);
	history_free(replayed);
	savegame_free(&back);
	free(text);
	history_free(h);
	savegame_free(&sg);
	g.puzzle->state_free(start);
	gameid_free(&g);
}

static void
huge_and_binary_texts_are_refused(void **unused)
{
	size_t len = SAVEGAME_MAX_BYTES + 1;
	char *big = malloc(len);
	struct tw_error err = {0};

	(void)unused;
	memset(big, 'a', len);
	memcpy(big, "twirl-save 1\n", 13);
	assert_false(load(big, len, &err));
	assert_non_null(strstr(err.msg, "too large"));
	big[20] = '\0';
	assert_false(load(big, 100, &err));
	assert_non_null(strstr(err.msg, "NUL byte"));
	free(big);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(random_games_of_every_puzzle_round_trip_exactly),
		cmocka_unit_test(truncation_at_every_byte_is_refused_or_complete),
		cmocka_unit_test(flipped_bytes_are_refused_or_harmless),
		cmocka_unit_test(broken_files_give_reasons_with_line_numbers),
		cmocka_unit_test(unknown_keys_are_ignored),
		cmocka_unit_test(huge_and_binary_texts_are_refused),
		cmocka_unit_test(long_move_texts_are_saved_whole),
	};

	storage_use_table_cache();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
