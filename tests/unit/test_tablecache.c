/* The solver table cache: a table is built once, then read from the disk
 * by the next process (here: after table_cache_release_all) without a
 * build; a damaged, truncated, stale or foreign file is rebuilt, never
 * trusted; a cache directory that cannot be written costs only the
 * rebuild, with one warning; a cancelled build leaves nothing; two
 * threads asking at once share one build, and so do two processes (the
 * second waits for the first's file); status lists and clear
 * removes the files; a build fills the part of the progress figure it is
 * given; a retired table's file is removed. Each test has a cache
 * directory of its own. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <pthread.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "solvers/tablecache.h"

static atomic_int builds;

/* Byte i is (i * 7 + seed) mod 251; the build reports progress. */
static bool
build_pattern(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	unsigned char *b = buf;
	size_t i, seed = (size_t)(uintptr_t)ctx;

	atomic_fetch_add(&builds, 1);
	for (i = 0; i < size; i++) {
		if (i % 4096 == 0 && prog->cancel != NULL && atomic_load(prog->cancel)) {
			tw_error_cancelled(err);
			return false;
		}
		b[i] = (unsigned char)((i * 7 + seed) % 251);
		if (i % 65536 == 0)
			table_progress_report(prog, (int)(1000 * i / size));
	}
	table_progress_report(prog, 1000);
	nanosleep(&(struct timespec){0, 20000000}, NULL);   /* for a second thread to arrive */
	return true;
}

static bool
build_failing(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	(void)buf;
	(void)size;
	(void)ctx;
	(void)prog;
	tw_error_set(err, "the builder failed");
	return false;
}

static struct table_spec
spec(const char *name, uint32_t version, const char *params, size_t size)
{
	struct table_spec s = {name, version, params, size, build_pattern, (void *)3, false};

	return s;
}

static bool
is_pattern(const unsigned char *b, size_t size, size_t seed)
{
	for (size_t i = 0; i < size; i++)
		if (b[i] != (unsigned char)((i * 7 + seed) % 251))
			return false;
	return true;
}

static char dir_template[] = "/tmp/twirl-tablecache-XXXXXX";
static char cache_dir[64];

static int
setup(void **unused)
{
	char dir[96];

	(void)unused;
	strcpy(cache_dir, dir_template);
	assert_non_null(mkdtemp(cache_dir));
	snprintf(dir, sizeof dir, "%s/twirl", cache_dir);
	table_cache_set_dir(dir, NULL);
	atomic_store(&builds, 0);
	table_cache_release_all();
	return 0;
}

static int
teardown(void **unused)
{
	char cmd[256];

	(void)unused;
	table_cache_release_all();
	snprintf(cmd, sizeof cmd, "chmod -R u+w %s; rm -rf %s", cache_dir, cache_dir);
	assert_int_equal(system(cmd), 0);
	return 0;
}

static char *
file_of(const char *name)
{
	static char path[256];

	snprintf(path, sizeof path, "%s/twirl/%s.tbl", cache_dir, name);
	return path;
}

static void
built_once_then_read_from_disk(void **unused)
{
	struct table_spec s = spec("test-pattern", 1, "n=100000", 100000);
	const unsigned char *a, *b;
	struct tw_error err = {0};
	atomic_int progress;
	struct table_progress prog = {.progress = &progress};

	(void)unused;
	atomic_init(&progress, -1);
	a = table_get(&s, &prog, &err);
	assert_non_null(a);
	assert_true(is_pattern(a, s.size, 3));
	assert_int_equal(atomic_load(&progress), 1000);
	assert_int_equal(atomic_load(&builds), 1);
	assert_ptr_equal(table_get(&s, NULL, &err), a);   /* held in memory */
	table_cache_release_all();                       /* a new process */
	assert_true(table_cached(&s));
	b = table_get(&s, NULL, &err);
	assert_non_null(b);
	assert_true(is_pattern(b, s.size, 3));
	assert_int_equal(atomic_load(&builds), 1);       /* not built again */
}

/* A memory-only table is built once per process and never touches the
 * disk: no file after the build, a rebuild after release, and a file
 * left by a disk table of the same name is not read. */
static void
memory_only_table_never_touches_the_disk(void **unused)
{
	struct table_spec s = spec("test-memory", 1, "n=5000", 5000);
	struct tw_error err = {0};
	struct stat st;

	(void)unused;
	s.memory_only = true;
	assert_non_null(table_get(&s, NULL, &err));
	assert_non_null(table_get(&s, NULL, &err));
	assert_int_equal(atomic_load(&builds), 1);
	assert_int_not_equal(stat(file_of("test-memory"), &st), 0);
	table_cache_release_all();
	s.memory_only = false;
	assert_non_null(table_get(&s, NULL, &err));  /* written this time */
	assert_int_equal(stat(file_of("test-memory"), &st), 0);
	table_cache_release_all();
	s.memory_only = true;
	assert_true(is_pattern(table_get(&s, NULL, &err), s.size, 3));
	assert_int_equal(atomic_load(&builds), 3);   /* built again, the file ignored */
}

/* The huge-page copy holds the table's bytes and is made once (the same
 * copy each time), and table_get gives it from then on. Made by the call
 * that built or loaded the table, it replaces the table (one block in
 * memory); made for a table table_get gave out before, it leaves that
 * block readable. Either is dropped with the table. */
static void
huge_page_copy_holds_the_table(void **unused)
{
	struct table_spec s = spec("test-huge", 1, "n=300000", 300000);
	struct tw_error err = {0};
	const unsigned char *plain, *copy;

	(void)unused;
	copy = table_get_huge(&s, NULL, &err);      /* built here */
	assert_non_null(copy);
	assert_true(is_pattern(copy, s.size, 3));
	assert_ptr_equal(table_get(&s, NULL, &err), copy);
	assert_ptr_equal(table_get_huge(&s, NULL, &err), copy);
	assert_int_equal(atomic_load(&builds), 1);
	table_cache_release_all();
	copy = table_get_huge(&s, NULL, &err);      /* read back from the file */
	assert_true(is_pattern(copy, s.size, 3));
	assert_ptr_equal(table_get(&s, NULL, &err), copy);
	assert_int_equal(atomic_load(&builds), 1);
	table_cache_release_all();
	plain = table_get(&s, NULL, &err);          /* given out first */
	copy = table_get_huge(&s, NULL, &err);
	assert_ptr_not_equal(copy, plain);
	assert_true(is_pattern(plain, s.size, 3));
	assert_true(is_pattern(copy, s.size, 3));
	assert_ptr_equal(table_get(&s, NULL, &err), copy);
	assert_int_equal(atomic_load(&builds), 1);
	s.params = "n=300000 failing";
	s.build = build_failing;                     /* a failed build: no copy */
	assert_null(table_get_huge(&s, NULL, &err));
	assert_string_equal(err.msg, "the builder failed");
}

/* Without copies (a one-shot solve), table_get_huge gives the table as
 * table_get does, and so it does when cancelled; turned back on, the
 * copy is made beside it. */
static void
huge_page_copies_can_be_turned_off(void **unused)
{
	struct table_spec s = spec("test-nohuge", 1, "n=300000", 300000);
	struct tw_error err = {0};
	const unsigned char *plain, *copy;

	(void)unused;
	assert_non_null(table_get(&s, NULL, &err));   /* on disk */
	table_cache_release_all();
	table_cache_set_huge_copies(false);
	plain = table_get_huge(&s, NULL, &err);
	assert_non_null(plain);
	assert_true(is_pattern(plain, s.size, 3));
	assert_ptr_equal(table_get(&s, NULL, &err), plain);
	assert_ptr_equal(table_get_huge(&s, NULL, &err), plain);
	table_cache_set_huge_copies(true);
	/* A cancel while the copy would be made: none, the table itself. */
	{
		atomic_bool cancel = true;
		struct table_progress prog = {.cancel = &cancel};

		assert_ptr_equal(table_get_huge(&s, &prog, &err), plain);
		assert_ptr_equal(table_get(&s, NULL, &err), plain);
	}
	copy = table_get_huge(&s, NULL, &err);
	assert_ptr_not_equal(copy, plain);
	assert_true(is_pattern(copy, s.size, 3));
	assert_true(is_pattern(plain, s.size, 3));
	assert_ptr_equal(table_get(&s, NULL, &err), copy);
	assert_int_equal(atomic_load(&builds), 1);
}

/* Writes bytes at offset of the table's file. */
static void
poke(const char *name, long offset, const void *bytes, size_t len)
{
	FILE *f = fopen(file_of(name), "r+b");

	assert_non_null(f);
	assert_int_equal(fseek(f, offset, SEEK_SET), 0);
	assert_int_equal(fwrite(bytes, 1, len, f), len);
	fclose(f);
}

static void
damaged_truncated_stale_and_foreign_files_are_rebuilt(void **unused)
{
	struct table_spec s = spec("test-damage", 2, "n=50000", 50000);
	struct tw_error err = {0};
	const unsigned char *t;

	(void)unused;
	assert_non_null(table_get(&s, NULL, &err));
	/* One flipped byte of the payload: the checksum differs. */
	table_cache_release_all();
	poke("test-damage", TABLE_HEADER_BYTES + 777, "\xff", 1);
	assert_false(table_cached(&s));
	t = table_get(&s, NULL, &err);
	assert_true(is_pattern(t, s.size, 3));
	assert_int_equal(atomic_load(&builds), 2);
	/* Cut short. */
	table_cache_release_all();
	assert_int_equal(truncate(file_of("test-damage"), TABLE_HEADER_BYTES + 100), 0);
	t = table_get(&s, NULL, &err);
	assert_true(is_pattern(t, s.size, 3));
	assert_int_equal(atomic_load(&builds), 3);
	/* Another version of the builder, other parameters. */
	table_cache_release_all();
	s.version = 3;
	assert_false(table_cached(&s));
	assert_non_null(table_get(&s, NULL, &err));
	assert_int_equal(atomic_load(&builds), 4);
	table_cache_release_all();
	s.params = "n=50000 other";
	assert_non_null(table_get(&s, NULL, &err));
	assert_int_equal(atomic_load(&builds), 5);
	/* Not a table at all. */
	table_cache_release_all();
	poke("test-damage", 0, "GARBAGE!", 8);
	assert_non_null(table_get(&s, NULL, &err));
	assert_int_equal(atomic_load(&builds), 6);
}

/* A file read through to its checksum once it has settled gets a
 * verification record; the next load trusts the file while it is the
 * same file, unchanged. A write to it, or a rebuild, and the record no
 * longer matches: the damage is found by the checksum as before.
 * twirl cache clear removes the records. */
static void
a_verified_file_is_trusted_until_it_changes(void **unused)
{
	struct table_spec s = spec("test-verified", 1, "n=60000", 60000);
	struct tw_error err = {0};
	char record[300];
	struct stat st;
	size_t removed;

	(void)unused;
	snprintf(record, sizeof record, "%s/twirl/test-verified.verified", cache_dir);
	assert_non_null(table_get(&s, NULL, &err));
	table_cache_release_all();
	/* Just written: read through, but no record yet (a write in the
	 * same tick of the file system's clock would keep its times). */
	assert_non_null(table_get(&s, NULL, &err));
	assert_int_not_equal(stat(record, &st), 0);
	table_cache_release_all();
	sleep(3);
	assert_non_null(table_get(&s, NULL, &err));
	assert_int_equal(stat(record, &st), 0);
	table_cache_release_all();
	/* Trusted: the same table, not built again. */
	assert_true(is_pattern(table_get(&s, NULL, &err), s.size, 3));
	assert_int_equal(atomic_load(&builds), 1);
	table_cache_release_all();
	/* A byte changed in place: the record is stale, the checksum
	 * catches it, the table is built again. */
	poke("test-verified", TABLE_HEADER_BYTES + 4321, "\x01", 1);
	assert_true(is_pattern(table_get(&s, NULL, &err), s.size, 3));
	assert_int_equal(atomic_load(&builds), 2);
	table_cache_release_all();
	assert_true(table_cache_clear(&removed, &err));
	assert_int_equal(removed, 1);
	assert_int_not_equal(stat(record, &st), 0);
}

static void
unwritable_cache_costs_only_the_rebuild_with_one_warning(void **unused)
{
	struct table_spec s = spec("test-readonly", 1, "", 4096);
	struct tw_error err = {0};
	char dir[128], msg[400];

	(void)unused;
	if (geteuid() == 0)
		skip();   /* root writes anywhere */
	snprintf(dir, sizeof dir, "%s/twirl", cache_dir);
	assert_int_equal(mkdir(dir, 0500), 0);
	while (table_cache_take_warning(msg, sizeof msg))
		;          /* an earlier test's */
	assert_non_null(table_get(&s, NULL, &err));
	assert_true(table_cache_take_warning(msg, sizeof msg));
	assert_non_null(strstr(msg, "solver tables are not cached"));
	assert_false(table_cache_take_warning(msg, sizeof msg));
	table_cache_release_all();
	assert_non_null(table_get(&s, NULL, &err));
	assert_int_equal(atomic_load(&builds), 2);
	assert_false(table_cache_take_warning(msg, sizeof msg));   /* once only */
}

/* The cache directory is a file: nothing can be created under it. */
static void
cache_path_that_is_a_file_costs_only_the_rebuild(void **unused)
{
	struct table_spec s = spec("test-blocked", 1, "", 4096);
	struct tw_error err = {0};
	char path[128], msg[400];
	FILE *f;

	(void)unused;
	snprintf(path, sizeof path, "%s/twirl", cache_dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fclose(f);
	while (table_cache_take_warning(msg, sizeof msg))
		;          /* an earlier test's */
	assert_non_null(table_get(&s, NULL, &err));
	if (!table_cache_take_warning(msg, sizeof msg) ||
	    strstr(msg, "solver tables are not cached (cannot") == NULL)
		fail_msg("no warning, or '%s'", msg);
	table_cache_release_all();
	assert_non_null(table_get(&s, NULL, &err));
	assert_int_equal(atomic_load(&builds), 2);
	assert_false(table_cache_take_warning(msg, sizeof msg));   /* once only */
}

static void
no_directory_keeps_tables_in_the_process(void **unused)
{
	static const char why[] = "no home directory: set HOME or XDG_CACHE_HOME";
	struct table_spec s = spec("test-no-dir", 1, "", 4096);
	struct tw_error err = {0};
	char path[128];

	(void)unused;
	table_cache_set_dir(NULL, why);
	assert_null(table_cache_dir(true, &err));
	assert_string_equal(err.msg, why);
	assert_non_null(table_get(&s, NULL, &err));
	table_cache_release_all();
	assert_non_null(table_get(&s, NULL, &err));
	assert_int_equal(atomic_load(&builds), 2);
	snprintf(path, sizeof path, "%s/twirl", cache_dir);
	assert_int_not_equal(access(path, F_OK), 0);
	table_cache_set_dir(NULL, NULL);
	assert_null(table_cache_dir(false, &err));
	assert_string_equal(err.msg, "no cache directory was given");
}

static void
cancelled_build_leaves_nothing(void **unused)
{
	struct table_spec s = spec("test-cancel", 1, "", 1 << 20);
	struct tw_error err = {0};
	atomic_bool stop;
	struct table_progress prog = {.cancel = &stop};
	struct table_file *files;
	size_t n;

	(void)unused;
	atomic_init(&stop, true);
	assert_null(table_get(&s, &prog, &err));
	assert_string_equal(err.msg, "cancelled");
	assert_true(table_cache_list(&files, &n, &err));
	assert_int_equal(n, 0);
	free(files);
	atomic_store(&stop, false);
	assert_non_null(table_get(&s, &prog, &err));
}

static void *
get_in_thread(void *arg)
{
	return (void *)table_get(arg, NULL, NULL);
}

static void
two_threads_share_one_build(void **unused)
{
	struct table_spec s = spec("test-threads", 1, "", 1 << 20);
	pthread_t a, b;
	void *ra, *rb;

	(void)unused;
	assert_int_equal(pthread_create(&a, NULL, get_in_thread, &s), 0);
	assert_int_equal(pthread_create(&b, NULL, get_in_thread, &s), 0);
	pthread_join(a, &ra);
	pthread_join(b, &rb);
	assert_non_null(ra);
	assert_ptr_equal(ra, rb);
	assert_int_equal(atomic_load(&builds), 1);
}

/* The pattern, slowly, each build appending a byte to the file ctx
 * names (builds in any process counted). */
static bool
build_marked(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	FILE *f = fopen(ctx, "a");

	if (f != NULL) {
		fputc('b', f);
		fclose(f);
	}
	nanosleep(&(struct timespec){0, 300000000}, NULL);   /* the other process arrives */
	return build_pattern(buf, size, (void *)3, prog, err);
}

static void
two_processes_share_one_build(void **unused)
{
	char marker[256];
	struct table_spec s = spec("test-processes", 1, "", 1 << 20);
	const unsigned char *t;
	struct stat st;
	pid_t child;
	int status;

	(void)unused;
	snprintf(marker, sizeof marker, "%s/builds", cache_dir);
	s.build = build_marked;
	s.ctx = marker;
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		t = table_get(&s, NULL, NULL);
		_exit(t != NULL && is_pattern(t, s.size, 3) ? 0 : 1);
	}
	nanosleep(&(struct timespec){0, 50000000}, NULL);
	t = table_get(&s, NULL, NULL);
	assert_non_null(t);
	assert_true(is_pattern(t, s.size, 3));
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	/* One build between them: the other process read its file. */
	assert_int_equal(stat(marker, &st), 0);
	assert_int_equal(st.st_size, 1);
}

static void
status_lists_and_clear_removes(void **unused)
{
	struct table_spec a = spec("test-a", 4, "alpha", 8192), b = spec("test-b", 1, "beta", 100);
	struct tw_error err = {0};
	struct table_file *files;
	size_t n, removed;

	(void)unused;
	assert_non_null(table_get(&b, NULL, &err));
	assert_non_null(table_get(&a, NULL, &err));
	table_cache_release_all();
	poke("test-b", TABLE_HEADER_BYTES + 1, "\x01", 1);
	assert_true(table_cache_list(&files, &n, &err));
	assert_int_equal(n, 2);
	assert_string_equal(files[0].name, "test-a");
	assert_string_equal(files[0].params, "alpha");
	assert_int_equal(files[0].version, 4);
	assert_int_equal(files[0].bytes, 8192);
	assert_true(files[0].valid);
	assert_false(files[1].valid);
	assert_string_equal(files[1].problem, "damaged (checksum)");
	free(files);
	assert_true(table_cache_clear(&removed, &err));
	assert_int_equal(removed, 2);
	assert_true(table_cache_list(&files, &n, &err));
	assert_int_equal(n, 0);
	free(files);
}

/* A build given a part of the progress figure fills that part only, so
 * that a caller building several tables shows one figure; a retired
 * table's file is removed, and retiring one that is not there is
 * harmless. */
static void
progress_parts_and_retired_tables(void **unused)
{
	struct table_spec a = spec("test-a", 1, "alpha", 300000), b = spec("test-b", 1, "beta", 300000);
	struct tw_error err = {0};
	atomic_int progress;
	struct table_progress part = {.progress = &progress, .from = 250, .to = 600};
	struct stat st;

	(void)unused;
	atomic_init(&progress, -1);
	table_progress_report(&part, 0);
	assert_int_equal(atomic_load(&progress), 250);
	table_progress_report(&part, 500);
	assert_int_equal(atomic_load(&progress), 425);
	table_progress_report(&part, 2000);          /* clamped */
	assert_int_equal(atomic_load(&progress), 600);
	atomic_store(&progress, -1);
	assert_non_null(table_get(&a, &part, &err));
	assert_int_equal(atomic_load(&progress), 600);
	part = (struct table_progress){.progress = &progress};
	assert_non_null(table_get(&b, &part, &err));
	assert_int_equal(atomic_load(&progress), 1000);
	table_progress_report(NULL, 10);             /* no figure: nothing */
	assert_int_equal(stat(file_of("test-a"), &st), 0);
	table_cache_retire("test-a");
	assert_int_not_equal(stat(file_of("test-a"), &st), 0);
	assert_int_equal(stat(file_of("test-b"), &st), 0);
	table_cache_retire("test-a");
	table_cache_retire("test-none");
}

static void
bad_specs_are_refused(void **unused)
{
	struct table_spec s = spec("no spaces", 1, "", 10);
	struct tw_error err = {0};

	(void)unused;
	assert_null(table_get(&s, NULL, &err));
	assert_non_null(strstr(err.msg, "bad table name"));
	s = spec("ok-name", 1, "", 0);
	assert_null(table_get(&s, NULL, &err));
}

/* While a builder runs, table_cache_building names its table and gives
 * its own figure, 0..1000 over the table, even when the caller's share
 * is a part (here 250..600); afterwards nothing is building. */
static bool
build_watching(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	char name[72];
	int permille = -1;
	struct table_progress half = table_progress_part(prog, 500, 1000);

	(void)ctx;
	memset(buf, 0, size);
	table_progress_report(&half, 200);     /* 60 % of the table */
	if (!table_cache_building(name, sizeof name, &permille) || strcmp(name, "test-watched") != 0 ||
	    permille != 600) {
		tw_error_set(err, "building: %s at %d", name, permille);
		return false;
	}
	return true;
}

static void
a_build_is_seen_with_its_own_figure(void **unused)
{
	struct table_spec s = {"test-watched", 1, "n=10", 10, build_watching, NULL, false};
	struct tw_error err = {0};
	atomic_int progress;
	struct table_progress prog = {.progress = &progress, .from = 250, .to = 600};
	char name[72];
	int permille;

	(void)unused;
	atomic_init(&progress, -1);
	if (table_get(&s, &prog, &err) == NULL)
		fail_msg("%s", err.msg);
	/* The caller's figure: 60 % of 250..600. */
	assert_int_equal(atomic_load(&progress), 460);
	assert_false(table_cache_building(name, sizeof name, &permille));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(built_once_then_read_from_disk, setup, teardown),
		cmocka_unit_test_setup_teardown(a_build_is_seen_with_its_own_figure, setup, teardown),
		cmocka_unit_test_setup_teardown(memory_only_table_never_touches_the_disk, setup, teardown),
		cmocka_unit_test_setup_teardown(huge_page_copy_holds_the_table, setup, teardown),
		cmocka_unit_test_setup_teardown(huge_page_copies_can_be_turned_off, setup, teardown),
		cmocka_unit_test_setup_teardown(a_verified_file_is_trusted_until_it_changes, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(damaged_truncated_stale_and_foreign_files_are_rebuilt,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(unwritable_cache_costs_only_the_rebuild_with_one_warning,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(cache_path_that_is_a_file_costs_only_the_rebuild,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(no_directory_keeps_tables_in_the_process, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(cancelled_build_leaves_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(two_threads_share_one_build, setup, teardown),
		cmocka_unit_test_setup_teardown(two_processes_share_one_build, setup, teardown),
		cmocka_unit_test_setup_teardown(status_lists_and_clear_removes, setup, teardown),
		cmocka_unit_test_setup_teardown(progress_parts_and_retired_tables, setup, teardown),
		cmocka_unit_test_setup_teardown(bad_specs_are_refused, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
