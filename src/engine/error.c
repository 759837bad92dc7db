#include "engine/error.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Length of the UTF-8 character at s (1..4), or 0 when the bytes there
 * are not one (a stray continuation byte, an overlong or cut sequence). */
static size_t
utf8_length(const unsigned char *s)
{
	size_t len, i;
	unsigned int c = s[0];

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		len = 2;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4;
	else
		return 0;
	for (i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] > 0x9f) ||
	    (c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] > 0x8f))
		return 0;      /* overlong, surrogate, past U+10FFFF */
	return len;
}

size_t
tw_escape(char *dst, size_t size, const char *src, size_t max_chars)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t used = 0, chars = 0;

	if (size == 0)
		return 0;
	while (*s != '\0') {
		size_t len = utf8_length(s), need;
		char piece[8];

		if (len == 0 || *s < 0x20 || *s == 0x7f) {
			snprintf(piece, sizeof piece, "\\x%02x", *s);
			len = 1;
		} else {
			memcpy(piece, s, len);
			piece[len] = '\0';
		}
		need = strlen(piece);
		/* Room for this and for "..." if more follows. */
		if (chars == max_chars || used + need + 4 > size) {
			if (used + 4 <= size) {
				memcpy(dst + used, "...", 3);
				used += 3;
			}
			break;
		}
		memcpy(dst + used, piece, need);
		used += need;
		chars++;
		s += len;
	}
	dst[used] = '\0';
	return used;
}

/* Makes err->msg safe to print: control characters and bytes that are
 * not UTF-8 (from a bad argument or file) become \xNN. */
static void
error_escape(struct tw_error *err)
{
	char raw[sizeof err->msg];

	memcpy(raw, err->msg, sizeof raw);
	tw_escape(err->msg, sizeof err->msg, raw, SIZE_MAX);
}

void
tw_error_set(struct tw_error *err, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	error_escape(err);
	err->kind = TW_ERROR_OTHER;
}

void
tw_error_set_kind(struct tw_error *err, enum tw_error_kind kind, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	error_escape(err);
	err->kind = kind;
}

void
tw_error_cancelled(struct tw_error *err)
{
	tw_error_set_kind(err, TW_ERROR_CANCELLED, "cancelled");
}

void
tw_error_prefix(struct tw_error *err, const char *fmt, ...)
{
	char old[sizeof err->msg];
	size_t used, oldlen;
	va_list ap;
	int n;

	if (err == NULL)
		return;
	memcpy(old, err->msg, sizeof old);
	va_start(ap, fmt);
	n = vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	used = n < 0 ? 0 : (size_t)n;
	if (used + 3 >= sizeof err->msg) {
		error_escape(err);
		return;
	}
	memcpy(err->msg + used, ": ", 2);
	used += 2;
	oldlen = strnlen(old, sizeof old - 1);
	if (oldlen > sizeof err->msg - 1 - used)
		oldlen = sizeof err->msg - 1 - used;
	memcpy(err->msg + used, old, oldlen);
	err->msg[used + oldlen] = '\0';
	error_escape(err);
}

void
tw_error_wrap(struct tw_error *err, const struct tw_error *inner, const char *fmt, ...)
{
	char prefix[sizeof err->msg];
	va_list ap;

	if (err == NULL)
		return;
	if (err != inner)
		*err = *inner;
	if (fmt == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(prefix, sizeof prefix, fmt, ap);
	va_end(ap);
	tw_error_prefix(err, "%s", prefix);
}

void *
tw_alloc(size_t size, struct tw_error *err)
{
	void *p = malloc(size == 0 ? 1 : size);

	if (p == NULL)
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
	return p;
}

void *
tw_calloc(size_t count, size_t size, struct tw_error *err)
{
	void *p = calloc(count == 0 ? 1 : count, size == 0 ? 1 : size);

	if (p == NULL)
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
	return p;
}

char *
tw_strndup(const char *s, size_t len, struct tw_error *err)
{
	char *p = tw_alloc(len + 1, err);

	if (p != NULL) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

char *
tw_strdup(const char *s, struct tw_error *err)
{
	return tw_strndup(s, strlen(s), err);
}

char *
tw_asprintf(struct tw_error *err, const char *fmt, ...)
{
	va_list ap;
	int len;
	char *p;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0) {
		tw_error_set(err, "bad format");
		return NULL;
	}
	p = tw_alloc((size_t)len + 1, err);
	if (p == NULL)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(p, (size_t)len + 1, fmt, ap);
	va_end(ap);
	return p;
}

void *
tw_memdup(const void *p, size_t size, struct tw_error *err)
{
	void *copy = tw_alloc(size, err);

	if (copy != NULL)
		memcpy(copy, p, size);
	return copy;
}
