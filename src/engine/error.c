#include "engine/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
tw_error_set(struct tw_error *err, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
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
	if (used + 3 >= sizeof err->msg)
		return;
	memcpy(err->msg + used, ": ", 2);
	used += 2;
	oldlen = strnlen(old, sizeof old - 1);
	if (oldlen > sizeof err->msg - 1 - used)
		oldlen = sizeof err->msg - 1 - used;
	memcpy(err->msg + used, old, oldlen);
	err->msg[used + oldlen] = '\0';
}

void *
tw_alloc(size_t size, struct tw_error *err)
{
	void *p = malloc(size == 0 ? 1 : size);

	if (p == NULL)
		tw_error_set(err, "out of memory");
	return p;
}

void *
tw_calloc(size_t count, size_t size, struct tw_error *err)
{
	void *p = calloc(count == 0 ? 1 : count, size == 0 ? 1 : size);

	if (p == NULL)
		tw_error_set(err, "out of memory");
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
