/* Error values shared by every layer: engine and solvers never print or
 * exit, they fill a struct tw_error and return failure. */
#ifndef TWIRL_ERROR_H
#define TWIRL_ERROR_H

#include <stddef.h>

#if defined(__GNUC__)
#define TW_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TW_PRINTF(f, a)
#endif

struct tw_error {
	char msg[256];
};

/* Sets err->msg from a printf-style format; err may be NULL (the message
 * is dropped). Messages are truncated to fit, never overflow, and are
 * always printable: control characters and bytes that are not UTF-8
 * (quoted from bad input) are written \xNN. */
void tw_error_set(struct tw_error *err, const char *fmt, ...) TW_PRINTF(2, 3);

/* Prepends "prefix: " to an existing message. */
void tw_error_prefix(struct tw_error *err, const char *fmt, ...) TW_PRINTF(2, 3);

/* Copies src into dst (size bytes, NUL-terminated) so that it prints as
 * one readable line: control characters and bytes that are not UTF-8
 * become \xNN, and after max_chars characters (or when dst is full) the
 * rest becomes "...". Returns the length written. For quoting user input
 * in messages: tw_escape(buf, sizeof buf, arg, 60). */
size_t tw_escape(char *dst, size_t size, const char *src, size_t max_chars);

/* Allocation helpers: they return NULL and set "out of memory" in err,
 * never abort. tw_strdup/tw_asprintf results are owned by the caller. */
void *tw_alloc(size_t size, struct tw_error *err);
void *tw_calloc(size_t count, size_t size, struct tw_error *err);
char *tw_strdup(const char *s, struct tw_error *err);
char *tw_strndup(const char *s, size_t len, struct tw_error *err);
char *tw_asprintf(struct tw_error *err, const char *fmt, ...) TW_PRINTF(2, 3);

/* A malloc'd copy of size bytes at p (for flat structs); caller frees. */
void *tw_memdup(const void *p, size_t size, struct tw_error *err);

#endif
