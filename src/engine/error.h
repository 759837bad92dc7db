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

/* What kind of failure an error is, for a caller that acts on it (falls
 * back, retries, exits with another status); the message is for people.
 * Never match an error's text: test its kind. */
enum tw_error_kind {
	TW_ERROR_OTHER = 0,     /* the message says what (a builder's, an internal error) */
	TW_ERROR_BAD_INPUT,     /* malformed or out-of-range input: a game ID, move, file */
	TW_ERROR_NO_MEMORY,     /* an allocation failed */
	TW_ERROR_CANCELLED,     /* the caller's cancel flag stopped the work */
	TW_ERROR_OUT_OF_WORK,   /* a search spent its whole work budget without an answer */
	TW_ERROR_NO_SOLUTION,   /* the position has no answer */
	TW_ERROR_EXISTS,        /* a file that must not be replaced is there */
};

struct tw_error {
	char msg[256];
	enum tw_error_kind kind;
};

/* Sets err->msg from a printf-style format and err->kind to
 * TW_ERROR_OTHER; err may be NULL (the message is dropped). Messages are
 * truncated to fit, never overflow, and are always printable: control
 * characters and bytes that are not UTF-8 (quoted from bad input) are
 * written \xNN. */
void tw_error_set(struct tw_error *err, const char *fmt, ...) TW_PRINTF(2, 3);

/* As tw_error_set, with the kind. */
void tw_error_set_kind(struct tw_error *err, enum tw_error_kind kind, const char *fmt, ...)
    TW_PRINTF(3, 4);

/* Sets "cancelled", of kind TW_ERROR_CANCELLED. */
void tw_error_cancelled(struct tw_error *err);

/* Prepends "prefix: " to an existing message; the kind stays. */
void tw_error_prefix(struct tw_error *err, const char *fmt, ...) TW_PRINTF(2, 3);

/* Copies inner's message and kind into err, with "prefix: " (from fmt)
 * before the message when fmt is not NULL; err may be NULL. */
void tw_error_wrap(struct tw_error *err, const struct tw_error *inner, const char *fmt, ...)
    TW_PRINTF(3, 4);

/* Copies src into dst (size bytes, NUL-terminated) so that it prints as
 * one readable line: control characters and bytes that are not UTF-8
 * become \xNN, and after max_chars characters (or when dst is full) the
 * rest becomes "...". Returns the length written. For quoting user input
 * in messages: tw_escape(buf, sizeof buf, arg, 60). */
size_t tw_escape(char *dst, size_t size, const char *src, size_t max_chars);

/* Allocation helpers: they return NULL and set "out of memory" (of kind
 * TW_ERROR_NO_MEMORY) in err, never abort. tw_strdup/tw_asprintf results are owned by the caller. */
void *tw_alloc(size_t size, struct tw_error *err);
void *tw_calloc(size_t count, size_t size, struct tw_error *err);
char *tw_strdup(const char *s, struct tw_error *err);
char *tw_strndup(const char *s, size_t len, struct tw_error *err);
char *tw_asprintf(struct tw_error *err, const char *fmt, ...) TW_PRINTF(2, 3);

/* A malloc'd copy of size bytes at p (for flat structs); caller frees. */
void *tw_memdup(const void *p, size_t size, struct tw_error *err);

#endif
