/* Saves on disk: XDG locations with their fallbacks, safe file names,
 * atomic writes that never leave a half-written save, and files shared by
 * two processes at once (new saves, the autosave, statistics, progress). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "engine/gameid.h"
#include "engine/history.h"
#include "solvers/files.h"
#include "solvers/registry.h"
#include "ui/keep.h"
#include "ui/stats.h"
#include "ui/storage.h"

static char tmpdir[] = "/tmp/twirl-storage-XXXXXX";

static int
setup(void **unused)
{
	(void)unused;
	return mkdtemp(tmpdir) == NULL ? -1 : 0;
}

static int
teardown(void **unused)
{
	char cmd[128];

	(void)unused;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

static char *
read_all(const char *path)
{
	char *text;
	size_t len;

	if (!storage_read(path, &text, &len, NULL))
		return NULL;
	return text;
}

static void
xdg_dirs_follow_the_spec(void **unused)
{
	char *dir, want[256];

	(void)unused;
	setenv("HOME", tmpdir, 1);
	setenv("XDG_DATA_HOME", "/srv/data", 1);
	setenv("XDG_STATE_HOME", "/srv/state", 1);
	dir = storage_dir(STORAGE_SAVES, false, NULL);
	assert_string_equal(dir, "/srv/data/twirl/saves");
	free(dir);
	dir = storage_dir(STORAGE_STATE, false, NULL);
	assert_string_equal(dir, "/srv/state/twirl");
	free(dir);
	/* Relative and empty values are invalid: fall back to HOME. */
	setenv("XDG_DATA_HOME", "relative/data", 1);
	setenv("XDG_STATE_HOME", "", 1);
	dir = storage_dir(STORAGE_SAVES, true, NULL);
	snprintf(want, sizeof want, "%s/.local/share/twirl/saves", tmpdir);
	assert_string_equal(dir, want);
	assert_int_equal(access(dir, W_OK), 0);
	free(dir);
	unsetenv("XDG_STATE_HOME");
	dir = storage_dir(STORAGE_STATE, false, NULL);
	snprintf(want, sizeof want, "%s/.local/state/twirl", tmpdir);
	assert_string_equal(dir, want);
	free(dir);
}

static void
file_names_are_safe(void **unused)
{
	static const char *const cases[][2] = {
		{"Torus 4x4 2026-11-21 05:57", "Torus-4x4-2026-11-21-05-57.twirl"},
		{"../../etc/passwd", "etc-passwd.twirl"},
		{"   ", "save.twirl"},
		{"a/b\\c:d", "a-b-c-d.twirl"},
		{".hidden", "hidden.twirl"},
	};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *name = storage_file_name(cases[i][0]);

		assert_string_equal(name, cases[i][1]);
		free(name);
	}
}

static void
write_replaces_the_whole_file(void **unused)
{
	char path[256], *text;

	(void)unused;
	snprintf(path, sizeof path, "%s/a.twirl", tmpdir);
	assert_true(storage_write(path, "first\n", 6, NULL));
	assert_true(storage_write(path, "second, longer\n", 15, NULL));
	text = read_all(path);
	assert_string_equal(text, "second, longer\n");
	free(text);
}

static void
kill_self(void)
{
	raise(SIGKILL);
}

static void
a_writer_killed_before_the_rename_leaves_the_old_save_intact(void **unused)
{
	char path[256], *text;
	int status;
	pid_t pid;

	(void)unused;
	snprintf(path, sizeof path, "%s/b.twirl", tmpdir);
	assert_true(storage_write(path, "the old save\n", 13, NULL));
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		file_before_rename = kill_self;
		storage_write(path, "the new save, never finished\n", 29, NULL);
		_exit(0);   /* not reached */
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGKILL);
	text = read_all(path);
	assert_string_equal(text, "the old save\n");
	free(text);
}

static void
a_failed_write_reports_the_path_and_leaves_nothing(void **unused)
{
	struct tw_error err = {0};

	(void)unused;
	assert_false(storage_write("/nonexistent-dir/x.twirl", "x", 1, &err));
	assert_non_null(strstr(err.msg, "/nonexistent-dir"));
	assert_false(storage_read("/nonexistent-dir/x.twirl", &(char *){NULL},
	    &(size_t){0}, &err));
	assert_non_null(strstr(err.msg, "/nonexistent-dir/x.twirl: No such file"));
}

static void
load_names_the_file_and_line(void **unused)
{
	char path[256];
	struct tw_error err = {0};
	struct savegame sg;
	struct history *h;
	static const char text[] = "twirl-save 1\ngame=torus:4x4#1\nmove=5 E7\n";

	(void)unused;
	snprintf(path, sizeof path, "%s/bad.twirl", tmpdir);
	assert_true(storage_write(path, text, sizeof text - 1, NULL));
	assert_false(storage_load(path, &sg, &h, &err));
	assert_non_null(strstr(err.msg, "bad.twirl: line 3: move: bad move 'E7'"));
}

static void
level_progress_keeps_the_best_count(void **unused)
{
	char dir[300];

	(void)unused;
	snprintf(dir, sizeof dir, "%s/progress-data", tmpdir);
	setenv("XDG_DATA_HOME", dir, 1);
	assert_int_equal(storage_best("rollcube/01"), 0);
	assert_true(storage_record_best("rollcube/01", 12, NULL));
	assert_true(storage_record_best("rollcube/02", 30, NULL));
	assert_int_equal(storage_best("rollcube/01"), 12);
	assert_true(storage_record_best("rollcube/01", 15, NULL));
	assert_int_equal(storage_best("rollcube/01"), 12);
	assert_true(storage_record_best("rollcube/01", 9, NULL));
	assert_int_equal(storage_best("rollcube/01"), 9);
	assert_int_equal(storage_best("rollcube/02"), 30);
	assert_int_equal(storage_best("rollcube/0"), 0);
}

/* Runs child(i) in n processes at once and waits for them all; each
 * child's exit status must be 0. */
static void
in_processes(int n, void (*child)(int))
{
	pid_t pids[8];
	int i, status;

	for (i = 0; i < n; i++) {
		pids[i] = fork();
		assert_true(pids[i] >= 0);
		if (pids[i] == 0) {
			child(i);
			_exit(0);
		}
	}
	for (i = 0; i < n; i++) {
		assert_int_equal(waitpid(pids[i], &status, 0), pids[i]);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
	}
}

static void
a_new_save_never_replaces_a_file(void **unused)
{
	char dir[300], path[340], *first, *second, *text;
	struct tw_error err = {0};

	(void)unused;
	snprintf(dir, sizeof dir, "%s/new-data", tmpdir);
	setenv("XDG_DATA_HOME", dir, 1);
	first = storage_save_new("Torus 4x4", "one\n", NULL);
	second = storage_save_new("Torus 4x4", "two\n", NULL);
	assert_non_null(first);
	assert_non_null(second);
	assert_non_null(strstr(first, "/saves/Torus-4x4.twirl"));
	assert_non_null(strstr(second, "/saves/Torus-4x4-2.twirl"));
	text = read_all(first);
	assert_string_equal(text, "one\n");
	free(text);
	snprintf(path, sizeof path, "%s", first);
	assert_false(file_write_new(path, "three\n", 6, &err));
	assert_int_equal(err.kind, TW_ERROR_EXISTS);
	text = read_all(first);
	assert_string_equal(text, "one\n");
	free(text);
	free(first);
	free(second);
}

static void
stale_temporary_files_of_dead_writers_are_removed(void **unused)
{
	char dir[300], dead[400], live[400], old[400], fresh[400];
	pid_t child;
	int status;

	(void)unused;
	snprintf(dir, sizeof dir, "%s/temps", tmpdir);
	assert_int_equal(mkdir(dir, 0700), 0);
	/* A process that has ended: its ID is free until reused. */
	child = fork();
	assert_true(child >= 0);
	if (child == 0)
		_exit(0);
	assert_int_equal(waitpid(child, &status, 0), child);
	snprintf(dead, sizeof dead, "%s/.twirl-tmp.%ld.AbCdEf", dir, (long)child);
	snprintf(live, sizeof live, "%s/.twirl-tmp.%ld.AbCdEf", dir, (long)getpid());
	snprintf(old, sizeof old, "%s/.twirl-tmp.XyZaBc", dir);
	snprintf(fresh, sizeof fresh, "%s/.twirl-tmp.QwErTy", dir);
	assert_true(file_write_atomic(dead, "x", 1, NULL));
	assert_true(file_write_atomic(live, "x", 1, NULL));
	assert_true(file_write_atomic(old, "x", 1, NULL));
	assert_true(file_write_atomic(fresh, "x", 1, NULL));
	{
		struct timespec times[2] = {{0, 0}, {0, 0}};

		times[0].tv_sec = times[1].tv_sec = time(NULL) - 3 * 24 * 3600;
		assert_int_equal(utimensat(AT_FDCWD, old, times, 0), 0);
	}
	assert_int_equal(file_remove_stale_temps(dir), 2);
	assert_int_equal(access(dead, F_OK), -1);
	assert_int_equal(access(old, F_OK), -1);
	assert_int_equal(access(live, F_OK), 0);
	assert_int_equal(access(fresh, F_OK), 0);
}

/* Each record says what it improved, in its class (unaided solves
 * against unaided ones, every solve against all). */
static void
statistics_say_each_new_best(void **unused)
{
	static const struct {
		long moves, ms;
		bool unaided;
		const char *note;
	} solves[] = {
		{ 50, 100000, false, "First solve with help of this board" },
		{ 60, 200000, true, "First solve without help of this board" },
		{ 40, 150000, true, "New best: fewest moves and time" },
		{ 30, 160000, true, "New best: fewest moves" },
		{ 35, 140000, true, "New best time" },
		{ 45, 90000, false, "New best time with help" },
		{ 29, 80000, false, "New best: fewest moves and time with help" },
		{ 31, 141000, true, "" },
	};
	char dir[300], note[100];
	size_t i;

	(void)unused;
	snprintf(dir, sizeof dir, "%s/stats-notes", tmpdir);
	setenv("XDG_DATA_HOME", dir, 1);
	for (i = 0; i < sizeof solves / sizeof solves[0]; i++) {
		int flags = stats_record("nrp:4x4k2", solves[i].moves, solves[i].ms,
		    solves[i].unaided, NULL);

		assert_true(flags >= 0);
		stats_note(flags, solves[i].unaided, note, sizeof note);
		assert_string_equal(note, solves[i].note);
	}
	snprintf(dir, sizeof dir, "%s/stats-first", tmpdir);
	setenv("XDG_DATA_HOME", dir, 1);
	stats_note(stats_record("nrp:4x4k2", 20, 1000, true, NULL), true, note, sizeof note);
	assert_string_equal(note, "First solve of this board");
}

static void
record_many_solves(int i)
{
	int k;

	/* Process 0 solves in 10 moves, process 1 in 11: the best is 10. */
	for (k = 0; k < 100; k++)
		if (stats_record("torus:4x4", 10 + i, 60000 - k, true, NULL) < 0)
			_exit(1);
}

/* Each board variant has statistics of its own: a practice cube's few
 * turns never make the fully scrambled board's record. */
static void
statistics_keep_variants_apart(void **unused)
{
	static const struct {
		const char *id, *board;
	} boards[] = {
		{"cube:4#1", "cube:4"},
		{"cube:4:turns=8#1", "cube:4 practice, 8 turns"},
		{"cube:4:turns=1#1", "cube:4 practice, 1 turn"},
		{"torus:4x4:bw#1", "torus:4x4 black and white"},
		{"torus:3x3:goal=x.x/.x./x.x#1", "torus:3x3 black and white"},
		{"rollcube:3x3:map=.../.x./...:start=1,1:goal=3,3:label=any", "rollcube:3x3 maze"},
		{"nrp:4x4k2#1", "nrp:4x4k2"},
	};
	char board[128];

	(void)unused;
	for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
		struct gameid g;

		assert_true(gameid_parse(twirl_puzzles, boards[i].id, &g, NULL));
		stats_board(g.puzzle, g.params, board, sizeof board);
		assert_string_equal(board, boards[i].board);
		gameid_free(&g);
	}
}

static void
statistics_count_every_solve_of_two_processes(void **unused)
{
	char dir[300];
	struct stats_entry *list;
	size_t n;

	(void)unused;
	snprintf(dir, sizeof dir, "%s/stats-data", tmpdir);
	setenv("XDG_DATA_HOME", dir, 1);
	in_processes(2, record_many_solves);
	assert_true(stats_load(&list, &n, NULL));
	assert_int_equal(n, 1);
	assert_int_equal(list[0].all.solves, 200);
	assert_int_equal(list[0].unaided.solves, 200);
	assert_int_equal(list[0].all.moves, 10);
	assert_int_equal(list[0].all.ms, 60000 - 99);
	free(list);
}

static void
record_many_levels(int i)
{
	int k;

	for (k = 0; k < 50; k++) {
		char key[32];

		snprintf(key, sizeof key, "rollcube/%d-%02d", i, k);
		if (!storage_record_best(key, 7, NULL))
			_exit(1);
	}
}

static void
level_progress_of_two_processes_is_all_kept(void **unused)
{
	char dir[300], key[32];
	int i, k;

	(void)unused;
	snprintf(dir, sizeof dir, "%s/progress2-data", tmpdir);
	setenv("XDG_DATA_HOME", dir, 1);
	in_processes(2, record_many_levels);
	for (i = 0; i < 2; i++)
		for (k = 0; k < 50; k++) {
			snprintf(key, sizeof key, "rollcube/%d-%02d", i, k);
			assert_int_equal(storage_best(key), 7);
		}
}

/* Holds a writer between its check of the autosave and its write, long
 * enough for the other process to arrive there too. */
static void
pause_before_write(void)
{
	struct timespec pause = {0, 200 * 1000 * 1000};

	nanosleep(&pause, NULL);
}

/* The save of game i (torus:4x4#i+1, game number 0x1000 + i, one move).
 * Caller frees. */
static char *
game_text(int i)
{
	char id[32];
	struct gameid g;
	struct savegame sg;
	struct history *h;
	char *text;
	void *start;

	snprintf(id, sizeof id, "torus:4x4#%d", i + 1);
	if (!gameid_parse(twirl_puzzles, id, &g, NULL))
		return NULL;
	start = gameid_start_state(&g, 0, NULL);
	if (start == NULL || !savegame_init(&sg, g.puzzle, g.params, g.seed, start, NULL))
		return NULL;
	sg.session = 0x1000 + (uint64_t)i;
	sg.name = strdup("Unfinished game");
	h = history_new(g.puzzle, g.params, start, NULL);
	if (h == NULL || !history_move(h, "E1", HISTORY_MOVE, NULL) ||
	    !savegame_add(&sg, SAVE_MOVE, 10, "E1", NULL))
		return NULL;
	text = savegame_format(&sg, h, NULL);
	history_free(h);
	savegame_free(&sg);
	g.puzzle->state_free(start);
	gameid_free(&g);
	return text;
}

static void
keep_one_game(int i)
{
	char *text = game_text(i);
	struct tw_error err = {0};

	keep_before_autosave_write = pause_before_write;
	if (text == NULL || !keep_autosave_write(0x1000 + (uint64_t)i, text, &err)) {
		fprintf(stderr, "game %d not kept: %s\n", i + 1, err.msg);
		_exit(1);
	}
	free(text);
}

static void
two_games_kept_at_once_are_both_kept(void **unused)
{
	char data[300], state[300];
	struct save_info *list;
	size_t n, i;
	bool seen[2] = {false, false};
	struct savegame sg;
	struct history *h;
	char *autosave;

	(void)unused;
	snprintf(data, sizeof data, "%s/keep-data", tmpdir);
	snprintf(state, sizeof state, "%s/keep-state", tmpdir);
	setenv("XDG_DATA_HOME", data, 1);
	setenv("XDG_STATE_HOME", state, 1);
	in_processes(2, keep_one_game);
	/* One game is the autosave, the other was moved into the saves. */
	autosave = keep_autosave_path(NULL);
	{ struct tw_error e = {0}; bool loaded = storage_load(autosave, &sg, &h, &e); if (!loaded) fail_msg("%s", e.msg); }
	seen[sg.session - 0x1000] = true;
	history_free(h);
	savegame_free(&sg);
	free(autosave);
	list = storage_list(&n, NULL);
	assert_int_equal(n, 1);
	for (i = 0; i < n; i++) {
		assert_true(storage_load(list[i].path, &sg, &h, NULL));
		seen[sg.session - 0x1000] = true;
		history_free(h);
		savegame_free(&sg);
	}
	storage_list_free(list, n);
	assert_true(seen[0] && seen[1]);
}

/* The saved games list reads each save's header: a save of a million
 * moves is listed with its header's count without being replayed (its
 * events here would not even replay: the hash is wrong), and a large old
 * save without moves= is listed with its moves unknown. */
static void
saves_are_listed_from_their_headers(void **unused)
{
	char dir[300], path[400];
	struct save_info *list;
	size_t n, i;
	FILE *f;
	long k;

	(void)unused;
	snprintf(dir, sizeof dir, "%s/list-data", tmpdir);
	setenv("XDG_DATA_HOME", dir, 1);
	free(storage_save_new("seed", "x", NULL));   /* makes the folder */
	snprintf(path, sizeof path, "%s/twirl/saves/seed.twirl", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/twirl/saves/long.twirl", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "twirl-save 1\ngame=torus:4x4#3\nname=Long game\nelapsed=5\nmoves=1000000\nsolved=no\n");
	for (k = 0; k < 1000000; k++)
		fprintf(f, "move=0 %s\n", k % 2 ? "E1" : "W1");
	fprintf(f, "cursor=1000000\nhash=0000000000000000\n");
	fclose(f);
	snprintf(path, sizeof path, "%s/twirl/saves/old.twirl", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "twirl-save 1\ngame=torus:5x5#3\nname=Old game\n");
	for (k = 0; k < 200000; k++)
		fprintf(f, "move=0 %s\n", k % 2 ? "E1" : "W1");
	fprintf(f, "cursor=200000\nhash=0000000000000000\n");
	fclose(f);
	list = storage_list(&n, NULL);
	assert_int_equal(n, 2);
	for (i = 0; i < n; i++) {
		if (strcmp(list[i].name, "Long game") == 0) {
			assert_string_equal(list[i].title, "Torus 4x4");
			assert_int_equal(list[i].moves, 1000000);
			assert_false(list[i].solved);
		} else {
			assert_string_equal(list[i].name, "Old game");
			assert_string_equal(list[i].title, "Torus 5x5");
			assert_true(list[i].moves == SAVE_MOVES_UNKNOWN);
		}
	}
	storage_list_free(list, n);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(xdg_dirs_follow_the_spec),
		cmocka_unit_test(file_names_are_safe),
		cmocka_unit_test(write_replaces_the_whole_file),
		cmocka_unit_test(a_writer_killed_before_the_rename_leaves_the_old_save_intact),
		cmocka_unit_test(a_failed_write_reports_the_path_and_leaves_nothing),
		cmocka_unit_test(load_names_the_file_and_line),
		cmocka_unit_test(level_progress_keeps_the_best_count),
		cmocka_unit_test(a_new_save_never_replaces_a_file),
		cmocka_unit_test(stale_temporary_files_of_dead_writers_are_removed),
		cmocka_unit_test(statistics_say_each_new_best),
		cmocka_unit_test(statistics_keep_variants_apart),
		cmocka_unit_test(statistics_count_every_solve_of_two_processes),
		cmocka_unit_test(level_progress_of_two_processes_is_all_kept),
		cmocka_unit_test(two_games_kept_at_once_are_both_kept),
		cmocka_unit_test(saves_are_listed_from_their_headers),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
