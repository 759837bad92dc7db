/* Saves on disk: XDG locations with their fallbacks, safe file names, and
 * atomic writes that never leave a half-written save. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "solvers/files.h"
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
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
