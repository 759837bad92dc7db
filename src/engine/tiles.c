#include <limits.h>
#include "engine/tiles.h"

#include <stdlib.h>

#define TILES_MAX 400

long
tiles_read_number(const char **p)
{
	long v = 0;

	if (**p < '0' || **p > '9')
		return -1;
	/* Past nine digits the value is LONG_MAX: too large for any board,
	 * never a smaller number that might pass. */
	while (**p >= '0' && **p <= '9') {
		v = v < 100000000 ? v * 10 + (**p - '0') : LONG_MAX;
		(*p)++;
	}
	return v;
}

bool
tiles_parse(const char *text, int rows, int cols, uint16_t *tile, uint8_t *rot,
    const char *orientable_hint, struct tw_error *err)
{
	int cells = rows * cols, count = 0, t;
	int seen[TILES_MAX + 1] = {0};
	const char *c = text;
	long v;

	for (;;) {
		if (count == cells) {
			tw_error_set(err, "too many tiles: a %dx%d board has %d", rows, cols, cells);
			return false;
		}
		v = tiles_read_number(&c);
		if (v < 0) {
			tw_error_set(err, "expected a tile number at character %zu, found '%.10s'",
			    (size_t)(c - text) + 1, *c == '\0' ? "end of text" : c);
			return false;
		}
		if (v < 1 || v > cells) {
			tw_error_set(err, "tile %ld (position %d) is out of range 1..%d", v, count + 1, cells);
			return false;
		}
		if (seen[v] != 0) {
			tw_error_set(err, "tile %ld appears twice (positions %d and %d)", v, seen[v], count + 1);
			return false;
		}
		seen[v] = count + 1;
		tile[count] = (uint16_t)v;
		if ((rot != NULL || orientable_hint != NULL) &&
		    (*c == 'u' || *c == 'r' || *c == 'd' || *c == 'l')) {
			if (rot == NULL) {
				tw_error_set(err, "tile %ld (position %d) has a rotation '%c', but only orientable games (e.g. %s) have turned tiles",
				    v, count + 1, *c, orientable_hint);
				return false;
			}
			rot[count] = (uint8_t)(*c == 'r' ? 1 : *c == 'd' ? 2 : *c == 'l' ? 3 : 0);
			c++;
		}
		count++;
		if (*c == '\0')
			break;
		if (*c != ',') {
			tw_error_set(err, "unexpected '%c' at character %zu (tiles are separated by commas%s)",
			    *c, (size_t)(c - text) + 1,
			    rot != NULL ? "; a tile's rotation is one of u r d l after its number" : "");
			return false;
		}
		c++;
	}
	if (count < cells) {
		for (t = 1; seen[t] != 0; t++)
			;
		tw_error_set(err, "%d tiles given, a %dx%d board needs %d (tile %d is missing)",
		    count, rows, cols, cells, t);
		return false;
	}
	return true;
}

char *
tiles_format(const uint16_t *tile, const uint8_t *rot, int cells, struct tw_error *err)
{
	static const char suffix[] = {'\0', 'r', 'd', 'l'};
	char *out = tw_alloc((size_t)cells * 5 + 1, err), *p;

	if (out == NULL)
		return NULL;
	p = out;
	for (int i = 0; i < cells; i++) {
		int t = tile[i];

		if (i > 0)
			*p++ = ',';
		if (t >= 100)
			*p++ = (char)('0' + t / 100);
		if (t >= 10)
			*p++ = (char)('0' + t / 10 % 10);
		*p++ = (char)('0' + t % 10);
		if (rot != NULL && (rot[i] & 3) != 0)
			*p++ = suffix[rot[i] & 3];
	}
	*p = '\0';
	return out;
}
