/* Replays fuzz inputs without libFuzzer: every file named on the command
 * line, and every file in every directory named, is passed once to the
 * harness's LLVMFuzzerTestOneInput. The default test tier runs each
 * harness over its corpus this way (plain and under the sanitizers);
 * ./dev.sh fuzz links the harnesses with libFuzzer instead. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"
#include "ui/storage.h"

static int
run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL;
	size_t len = 0, cap = 0, n;

	if (f == NULL) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return 1;
	}
	for (;;) {
		if (len == cap) {
			uint8_t *grown = realloc(data, cap = cap == 0 ? 4096 : cap * 2);

			if (grown == NULL) {
				free(data);
				fclose(f);
				fprintf(stderr, "%s: out of memory\n", path);
				return 1;
			}
			data = grown;
		}
		n = fread(data + len, 1, cap - len, f);
		if (n == 0)
			break;
		len += n;
	}
	fclose(f);
	LLVMFuzzerTestOneInput(data, len);
	free(data);
	return 0;
}

static int
compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file of dir, in name order (the same order everywhere). */
static int
run_dir(const char *dir, int *count)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	int rc = 0;

	if (d == NULL) {
		fprintf(stderr, "%s: %s\n", dir, strerror(errno));
		return 1;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **grown = realloc(names, (cap = cap == 0 ? 64 : cap * 2) * sizeof *names);

			if (grown == NULL)
				break;
			names = grown;
		}
		names[n] = malloc(strlen(dir) + strlen(de->d_name) + 2);
		if (names[n] == NULL)
			break;
		sprintf(names[n], "%s/%s", dir, de->d_name);
		n++;
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof *names, compare_names);
	for (i = 0; i < n; i++) {
		rc |= run_file(names[i]);
		(*count)++;
		free(names[i]);
	}
	free(names);
	return rc;
}

int
main(int argc, char **argv)
{
	int i, rc = 0, count = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	/* The table cache twirl reads ($XDG_CACHE_HOME/twirl), which the
	 * test environment fills: without it each replay builds every solver
	 * table in memory (the 3x3x3's phase-1 table alone 13 s, most of a
	 * minute under the sanitizers). */
	storage_use_table_cache();
	for (i = 1; i < argc; i++) {
		struct stat st;

		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			rc |= run_dir(argv[i], &count);
		} else {
			rc |= run_file(argv[i]);
			count++;
		}
	}
	printf("%d inputs replayed\n", count);
	return rc;
}
