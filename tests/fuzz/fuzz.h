/* Shared by the fuzz harnesses (docs/fuzzing.md). Each harness defines
 * LLVMFuzzerTestOneInput and checks properties of what it parses, not
 * only that nothing crashes: a broken property aborts, which libFuzzer
 * (and driver.c, which replays a corpus without libFuzzer) reports as a
 * finding. */
#ifndef TWIRL_FUZZ_H
#define TWIRL_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* libFuzzer calls it once before the first input (fuzz_solve's). */
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* A broken property: says which, and aborts. */
#define FUZZ_CHECK(cond) do { \
	if (!(cond)) { \
		fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond); \
		abort(); \
	} \
} while (0)

/* The input as a NUL-terminated string (cut at its first NUL byte),
 * malloc'd; NULL when out of memory. */
static inline char *
fuzz_text(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (s != NULL) {
		memcpy(s, data, size);
		s[size] = '\0';
	}
	return s;
}

#endif
