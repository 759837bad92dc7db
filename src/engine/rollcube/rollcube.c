#include "engine/rollcube/rollcube.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const rollcube_metrics[] = {"moves", NULL};
const struct die die_standard = {1, 4, 5};

static const char dir_letter[] = {'N', 'E', 'S', 'W'};

struct die
die_roll(struct die d, enum rollcube_dir dir)
{
	struct die r = d;

	switch (dir) {
	case DIR_N: r.top = (uint8_t)(7 - d.north); r.north = d.top; break;
	case DIR_S: r.top = d.north; r.north = (uint8_t)(7 - d.top); break;
	case DIR_E: r.top = (uint8_t)(7 - d.east); r.east = d.top; break;
	case DIR_W: r.top = d.east; r.east = (uint8_t)(7 - d.top); break;
	}
	return r;
}

/* Each label's direction on the die in the standard orientation: 1 up (z),
 * 4 north (y), 5 east (x) and their opposites. */
static void
label_vector(int label, int v[3])
{
	static const int vec[7][3] = {{0, 0, 0}, {0, 0, 1}, {-1, 0, 0},
	    {0, -1, 0}, {0, 1, 0}, {1, 0, 0}, {0, 0, -1}};

	memcpy(v, vec[label], sizeof vec[0]);
}

bool
die_valid(struct die d)
{
	int t[3], n[3], e[3], x[3];

	if (d.top < 1 || d.top > 6 || d.north < 1 || d.north > 6 ||
	    d.east < 1 || d.east > 6)
		return false;
	label_vector(d.top, t);
	label_vector(d.north, n);
	label_vector(d.east, e);
	/* East = north x top for a right-handed die (x = y cross z). */
	x[0] = n[1] * t[2] - n[2] * t[1];
	x[1] = n[2] * t[0] - n[0] * t[2];
	x[2] = n[0] * t[1] - n[1] * t[0];
	return x[0] == e[0] && x[1] == e[1] && x[2] == e[2] &&
	    (x[0] | x[1] | x[2]) != 0;
}

int
die_index(struct die d)
{
	int k = 0, l;

	/* The north label's rank among the four labels beside the top. */
	for (l = 1; l < d.north; l++)
		if (l != d.top && l != 7 - d.top)
			k++;
	return (d.top - 1) * 4 + k;
}

int
rollcube_cell(const struct rollcube_params *p, int64_t x, int64_t y)
{
	if (p->cells == NULL)
		return CELL_FREE;
	return p->cells[(y - 1) * p->cols + (x - 1)];
}

static void
step(int64_t *x, int64_t *y, enum rollcube_dir dir)
{
	switch (dir) {
	case DIR_N: (*y)++; break;
	case DIR_S: (*y)--; break;
	case DIR_E: (*x)++; break;
	case DIR_W: (*x)--; break;
	}
}

bool
rollcube_roll(const struct rollcube_params *p, struct rollcube_state *s,
    enum rollcube_dir dir, struct tw_error *err)
{
	int64_t x = s->x, y = s->y;
	struct die d = die_roll(s->die, dir);
	int cell;

	step(&x, &y, dir);
	if (x < 1 || x > p->cols || y < 1 || y > p->rows) {
		tw_error_set(err, "%c: the die would roll off the board", dir_letter[dir]);
		return false;
	}
	cell = rollcube_cell(p, x, y);
	if (cell == CELL_BLOCKED) {
		tw_error_set(err, "%c: cell (%lld,%lld) is blocked", dir_letter[dir],
		    (long long)x, (long long)y);
		return false;
	}
	if (cell >= 1 && cell <= 6) {
		if (p->rule == RULE_TOP_AFTER && d.top != cell) {
			tw_error_set(err, "%c: cell (%lld,%lld) takes the die only with %d on top after the roll (it would show %d)",
			    dir_letter[dir], (long long)x, (long long)y, cell, d.top);
			return false;
		}
		if (p->rule == RULE_ABBOTT && s->die.top != cell) {
			tw_error_set(err, "%c: you may tip onto %d only with %d on top (it shows %d)",
			    dir_letter[dir], cell, cell, s->die.top);
			return false;
		}
	}
	if (x == s->gx && y == s->gy && s->label != 0 && d.top != s->label) {
		tw_error_set(err, "%c: the goal takes the die only with %d on top (it would show %d)",
		    dir_letter[dir], s->label, d.top);
		return false;
	}
	s->x = x;
	s->y = y;
	s->die = d;
	return true;
}

void
rollcube_params_clear(struct rollcube_params *p)
{
	free(p->cells);
	p->cells = NULL;
}

void *
rollcube_params_default(struct tw_error *err)
{
	struct rollcube_params *p = tw_calloc(1, sizeof *p, err);

	if (p != NULL) {
		p->rows = 8;
		p->cols = 8;
		p->rule = RULE_TOP_AFTER;
	}
	return p;
}

/* A decimal at *s, advancing it; -1 if none, capped above 2^40. */
static int64_t
read_int(const char **s)
{
	int64_t v = 0;

	if (**s < '0' || **s > '9')
		return -1;
	while (**s >= '0' && **s <= '9') {
		if (v < (INT64_C(1) << 40))
			v = v * 10 + (**s - '0');
		(*s)++;
	}
	return v;
}

static int
map_char(char c)
{
	switch (c) {
	case '.': return CELL_FREE;
	case '#': case 'x': case 'X': return CELL_BLOCKED;
	case '*': return CELL_WILD;
	default:
		return c >= '1' && c <= '6' ? c - '0' : -1;
	}
}

/* Map rows north first, separated by sep, ending at the first byte in
 * stop (or NUL). Fills p->cells; *end gets where it stopped. */
static bool
parse_map(const char *text, char sep, const char *stop, struct rollcube_params *p,
    const char **end, int first_line, struct tw_error *err)
{
	const char *c = text;
	int64_t row = 0, col;

	if (p->rows > ROLLCUBE_MAX_MAZE || p->cols > ROLLCUBE_MAX_MAZE) {
		tw_error_set(err, "a board with a map is at most %dx%d", ROLLCUBE_MAX_MAZE,
		    ROLLCUBE_MAX_MAZE);
		return false;
	}
	p->cells = tw_calloc((size_t)(p->rows * p->cols), 1, err);
	if (p->cells == NULL)
		return false;
	for (;;) {
		for (col = 0; *c != '\0' && *c != sep && strchr(stop, *c) == NULL; c++, col++) {
			int v = map_char(*c);

			if (v < 0) {
				tw_error_set(err, "line %d, column %lld: '%c' is not a cell (. # x * 1-6)",
				    first_line + (int)row, (long long)col + 1, *c);
				return false;
			}
			if (row < p->rows && col < p->cols)
				p->cells[(p->rows - 1 - row) * p->cols + col] = (uint8_t)v;
		}
		if (col != p->cols) {
			tw_error_set(err, "line %d: map row %lld has %lld cells, the board has %lld columns",
			    first_line + (int)row, (long long)row + 1, (long long)col,
			    (long long)p->cols);
			return false;
		}
		row++;
		if (*c != sep || (sep == '\n' && (c[1] == '\0' || c[1] == '\n')))
			break;
		c++;
	}
	if (row != p->rows) {
		tw_error_set(err, "line %d: the map has %lld row%s, the board has %lld",
		    first_line + (int)row, (long long)row, row == 1 ? "" : "s",
		    (long long)p->rows);
		return false;
	}
	*end = c;
	return true;
}

void *
rollcube_params_parse(const char *text, size_t *used, struct tw_error *err)
{
	struct rollcube_params *p = tw_calloc(1, sizeof *p, err);
	const char *s = text, *map = NULL;
	bool have_rule = false;
	int64_t rows, cols;

	if (p == NULL)
		return NULL;
	rows = read_int(&s);
	if (rows < 0 || (*s != 'x' && *s != 'X'))
		goto size;
	s++;
	cols = read_int(&s);
	if (cols < 0)
		goto size;
	if (rows < 1 || rows > ROLLCUBE_MAX_SIDE || cols < 1 || cols > ROLLCUBE_MAX_SIDE) {
		tw_error_set(err, "a board is 1 to %lld cells each way", (long long)ROLLCUBE_MAX_SIDE);
		goto fail;
	}
	p->rows = rows;
	p->cols = cols;
	p->rule = RULE_TOP_AFTER;
	while (*s == ':') {
		if (strncmp(s, ":rule=", 6) == 0) {
			if (have_rule) {
				tw_error_set(err, "rule= given twice");
				goto fail;
			}
			have_rule = true;
			s += 6;
			if (strncmp(s, "abbott", 6) == 0) {
				p->rule = RULE_ABBOTT;
				s += 6;
			} else if (strncmp(s, "top-after", 9) == 0) {
				p->rule = RULE_TOP_AFTER;
				s += 9;
			} else {
				tw_error_set(err, "rule '%.12s': the rules are top-after and abbott", s);
				goto fail;
			}
		} else if (strncmp(s, ":map=", 5) == 0) {
			if (map != NULL) {
				tw_error_set(err, "map= given twice");
				goto fail;
			}
			map = s + 5;
			if (!parse_map(map, '/', ":#", p, &s, 1, err))
				goto fail;
		} else {
			break;      /* the state starts here */
		}
	}
	*used = (size_t)(s - text);
	return p;
size:
	tw_error_set(err, "board size should be ROWSxCOLS, e.g. 8x8");
fail:
	rollcube_params_free(p);
	return NULL;
}

void
rollcube_board_variant(const void *params, char *buf, size_t size)
{
	snprintf(buf, size, "%s", ((const struct rollcube_params *)params)->cells != NULL ? "maze" : "");
}

char *
rollcube_params_format(const void *params, struct tw_error *err)
{
	const struct rollcube_params *p = params;
	char *out, *c;
	size_t size;
	int64_t x, y;

	size = 64 + (p->cells != NULL ? (size_t)(p->rows * (p->cols + 1)) : 0);
	out = tw_alloc(size, err);
	if (out == NULL)
		return NULL;
	c = out + snprintf(out, size, "%lldx%lld%s", (long long)p->rows,
	    (long long)p->cols, p->rule == RULE_ABBOTT ? ":rule=abbott" : "");
	if (p->cells != NULL) {
		c += snprintf(c, 8, ":map=");
		for (y = p->rows; y >= 1; y--) {
			for (x = 1; x <= p->cols; x++) {
				int v = rollcube_cell(p, x, y);

				*c++ = v == CELL_FREE ? '.' : v == CELL_BLOCKED ? 'x' :
				    v == CELL_WILD ? '*' : (char)('0' + v);
			}
			if (y > 1)
				*c++ = '/';
		}
		*c = '\0';
	}
	return out;
}

void *
rollcube_params_dup(const void *params, struct tw_error *err)
{
	const struct rollcube_params *p = params;
	struct rollcube_params *q = tw_alloc(sizeof *q, err);

	if (q == NULL)
		return NULL;
	*q = *p;
	if (p->cells != NULL) {
		q->cells = tw_alloc((size_t)(p->rows * p->cols), err);
		if (q->cells == NULL) {
			free(q);
			return NULL;
		}
		memcpy(q->cells, p->cells, (size_t)(p->rows * p->cols));
	}
	return q;
}

void
rollcube_params_free(void *params)
{
	if (params != NULL)
		rollcube_params_clear(params);
	free(params);
}

void *
rollcube_state_solved(const void *params, struct tw_error *err)
{
	struct rollcube_state *s = tw_calloc(1, sizeof *s, err);

	(void)params;
	if (s != NULL) {
		s->x = s->y = s->gx = s->gy = 1;
		s->die = die_standard;
		s->label = 1;
	}
	return s;
}

static bool
inside(const struct rollcube_params *p, int64_t x, int64_t y)
{
	return x >= 1 && x <= p->cols && y >= 1 && y <= p->rows;
}

/* "start=X,Y[,TOP,NORTH]:goal=X,Y:label=L|any" (keys in any order). */
void *
rollcube_state_parse(const void *params, const char *text, struct tw_error *err)
{
	const struct rollcube_params *p = params;
	struct rollcube_state *s = tw_calloc(1, sizeof *s, err);
	const char *c = text;
	bool have_start = false, have_goal = false, have_label = false;

	if (s == NULL)
		return NULL;
	s->die = die_standard;
	while (*c != '\0') {
		if (strncmp(c, "start=", 6) == 0) {
			c += 6;
			if (have_start) {
				tw_error_set(err, "start= given twice");
				goto fail;
			}
			s->x = read_int(&c);
			if (*c++ != ',' || s->x < 0 || (s->y = read_int(&c)) < 0) {
				tw_error_set(err, "start should be X,Y (e.g. start=1,1)");
				goto fail;
			}
			if (*c == ',') {
				int64_t top, north;

				c++;
				top = read_int(&c);
				if (*c++ != ',' || top < 0 || (north = read_int(&c)) < 0) {
					tw_error_set(err, "start orientation should be X,Y,TOP,NORTH");
					goto fail;
				}
				s->die.top = (uint8_t)(top > 9 ? 9 : top);
				s->die.north = (uint8_t)(north > 9 ? 9 : north);
				/* East follows from top and north. */
				for (s->die.east = 1; s->die.east <= 6 && !die_valid(s->die);
				    s->die.east++)
					;
				if (s->die.east > 6) {
					tw_error_set(err, "no die has %lld on top and %lld north",
					    (long long)top, (long long)north);
					goto fail;
				}
			}
			have_start = true;
		} else if (strncmp(c, "goal=", 5) == 0) {
			c += 5;
			if (have_goal) {
				tw_error_set(err, "goal= given twice");
				goto fail;
			}
			s->gx = read_int(&c);
			if (*c++ != ',' || s->gx < 0 || (s->gy = read_int(&c)) < 0) {
				tw_error_set(err, "goal should be X,Y (e.g. goal=5,6)");
				goto fail;
			}
			have_goal = true;
		} else if (strncmp(c, "label=", 6) == 0) {
			c += 6;
			if (have_label) {
				tw_error_set(err, "label= given twice");
				goto fail;
			}
			if (strncmp(c, "any", 3) == 0) {
				s->label = 0;
				c += 3;
			} else if (*c >= '1' && *c <= '6') {
				s->label = (uint8_t)(*c++ - '0');
			} else {
				tw_error_set(err, "label should be 1 to 6 or any");
				goto fail;
			}
			have_label = true;
		} else {
			tw_error_set(err, "unexpected '%.20s' (expected start=, goal= or label=)", c);
			goto fail;
		}
		if (*c == ':')
			c++;
		else if (*c != '\0') {
			tw_error_set(err, "unexpected '%.20s'", c);
			goto fail;
		}
	}
	if (!have_start || !have_goal) {
		tw_error_set(err, "a position needs start=X,Y and goal=X,Y");
		goto fail;
	}
	if (!have_label)
		s->label = 0;
	if (!inside(p, s->x, s->y) || !inside(p, s->gx, s->gy)) {
		tw_error_set(err, "%s (%lld,%lld) is off the %lldx%lld board (x 1..%lld, y 1..%lld)",
		    inside(p, s->x, s->y) ? "goal" : "start",
		    (long long)(inside(p, s->x, s->y) ? s->gx : s->x),
		    (long long)(inside(p, s->x, s->y) ? s->gy : s->y),
		    (long long)p->rows, (long long)p->cols, (long long)p->cols,
		    (long long)p->rows);
		goto fail;
	}
	if (rollcube_cell(p, s->x, s->y) == CELL_BLOCKED ||
	    rollcube_cell(p, s->gx, s->gy) == CELL_BLOCKED) {
		tw_error_set(err, "the %s is on a blocked cell",
		    rollcube_cell(p, s->x, s->y) == CELL_BLOCKED ? "start" : "goal");
		goto fail;
	}
	return s;
fail:
	free(s);
	return NULL;
}

char *
rollcube_state_format(const void *params, const void *state, struct tw_error *err)
{
	const struct rollcube_state *s = state;
	char label[4];

	(void)params;
	if (s->label == 0)
		snprintf(label, sizeof label, "any");
	else
		snprintf(label, sizeof label, "%d", s->label);
	if (s->die.top == die_standard.top && s->die.north == die_standard.north)
		return tw_asprintf(err, "start=%lld,%lld:goal=%lld,%lld:label=%s",
		    (long long)s->x, (long long)s->y, (long long)s->gx,
		    (long long)s->gy, label);
	return tw_asprintf(err, "start=%lld,%lld,%d,%d:goal=%lld,%lld:label=%s",
	    (long long)s->x, (long long)s->y, s->die.top, s->die.north,
	    (long long)s->gx, (long long)s->gy, label);
}

void *
rollcube_state_dup(const void *params, const void *state, struct tw_error *err)
{
	(void)params;
	return tw_memdup(state, sizeof(struct rollcube_state), err);
}

void
rollcube_state_free(void *state)
{
	free(state);
}

bool
rollcube_state_equal(const void *params, const void *a, const void *b)
{
	const struct rollcube_state *x = a, *y = b;

	(void)params;
	return x->x == y->x && x->y == y->y && x->die.top == y->die.top &&
	    x->die.north == y->die.north && x->die.east == y->die.east &&
	    x->gx == y->gx && x->gy == y->gy && x->label == y->label;
}

bool
rollcube_state_is_solved(const void *params, const void *state)
{
	const struct rollcube_state *s = state;

	(void)params;
	return s->x == s->gx && s->y == s->gy &&
	    (s->label == 0 || s->die.top == s->label);
}

char *
rollcube_state_render(const void *params, const void *state, struct tw_error *err)
{
	const struct rollcube_params *p = params;
	const struct rollcube_state *s = state;
	int64_t x, y;
	char *out, *c;

	if (p->rows > ROLLCUBE_MAX_MAZE || p->cols > ROLLCUBE_MAX_MAZE)
		return tw_asprintf(err, "die at (%lld,%lld) showing %d, goal (%lld,%lld)\n",
		    (long long)s->x, (long long)s->y, s->die.top, (long long)s->gx,
		    (long long)s->gy);
	out = tw_alloc((size_t)(p->rows * (p->cols + 1) + 1), err);
	if (out == NULL)
		return NULL;
	c = out;
	for (y = p->rows; y >= 1; y--) {
		for (x = 1; x <= p->cols; x++) {
			int v = rollcube_cell(p, x, y);

			if (x == s->x && y == s->y)
				*c++ = 'D';
			else if (x == s->gx && y == s->gy)
				*c++ = 'G';
			else
				*c++ = v == CELL_FREE ? '.' : v == CELL_BLOCKED ? '#' :
				    v == CELL_WILD ? '*' : (char)('0' + v);
		}
		*c++ = '\n';
	}
	*c = '\0';
	return out;
}

/* One item of a path move: a roll, or a run of rolls repeated. */
struct path_item {
	enum rollcube_dir seq[ROLLCUBE_RUN_MAX_SEQ];
	int len;
	int64_t count;      /* 1 for a single roll */
};

/* Parses the item at *text, advancing it. Errors name the item. */
static bool
parse_item(const char *move, const char **text, struct path_item *it, struct tw_error *err)
{
	const char *c = *text, *l;
	char *end;
	long long k;

	it->len = 0;
	it->count = 1;
	if ((l = strchr("NESW", *c)) != NULL && *c != '\0') {
		it->seq[it->len++] = (enum rollcube_dir)(l - "NESW");
		*text = c + 1;
		return true;
	}
	if (*c != '(') {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
		    "bad move '%.40s': a move is N, E, S or W, or a run such as (EN)^12", move);
		return false;
	}
	for (c++; *c != '\0' && (l = strchr("NESW", *c)) != NULL; c++) {
		if (it->len == ROLLCUBE_RUN_MAX_SEQ) {
			tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
			    "bad move '%.40s': a run repeats at most %d rolls", move, ROLLCUBE_RUN_MAX_SEQ);
			return false;
		}
		it->seq[it->len++] = (enum rollcube_dir)(l - "NESW");
	}
	if (it->len == 0 || c[0] != ')' || c[1] != '^' || c[2] < '1' || c[2] > '9') {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
		    "bad move '%.40s': a run is rolls in brackets, ^ and a count from 1, such as (EN)^12", move);
		return false;
	}
	errno = 0;
	k = strtoll(c + 2, &end, 10);
	if (errno != 0 || k > ROLLCUBE_RUN_MAX_ROLLS / it->len) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
		    "bad move '%.40s': a run is at most %lld rolls", move, (long long)ROLLCUBE_RUN_MAX_ROLLS);
		return false;
	}
	it->count = k;
	*text = end;
	return true;
}

/* Parses a whole path move into items (at most ROLLCUBE_PATH_MAX_ITEMS);
 * *rolls gets the number of rolls it stands for. */
static bool
parse_path(const char *move, struct path_item *items, int *n, int64_t *rolls, struct tw_error *err)
{
	const char *c = move;

	*n = 0;
	*rolls = 0;
	if (strlen(move) > ROLLCUBE_MOVE_MAX_TEXT) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "bad move '%.20s...': longer than %d characters",
		    move, ROLLCUBE_MOVE_MAX_TEXT);
		return false;
	}
	if (*c == '\0') {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "empty move: a move is N, E, S or W");
		return false;
	}
	while (*c != '\0') {
		if (*n == ROLLCUBE_PATH_MAX_ITEMS) {
			tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "bad move '%.40s': more than %d items",
			    move, ROLLCUBE_PATH_MAX_ITEMS);
			return false;
		}
		if (!parse_item(move, &c, &items[*n], err))
			return false;
		if (*rolls > ROLLCUBE_RUN_MAX_ROLLS - items[*n].count * items[*n].len) {
			tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
			    "bad move '%.40s': more than %lld rolls", move, (long long)ROLLCUBE_RUN_MAX_ROLLS);
			return false;
		}
		*rolls += items[*n].count * items[*n].len;
		(*n)++;
	}
	return true;
}

static void
offset(enum rollcube_dir d, int64_t *dx, int64_t *dy)
{
	*dx += d == DIR_E ? 1 : d == DIR_W ? -1 : 0;
	*dy += d == DIR_N ? 1 : d == DIR_S ? -1 : 0;
}

/* A run on an open board in closed form. Each roll of repetition j
 * (0..k-1) lands on start + j * disp + pre[i], linear in j: it stays on
 * the board when it does for j = 0 and j = k - 1. The die after j
 * repetitions is the run's rotation applied j times, and a rotation of
 * the die has order 1, 2, 3 or 4, so j mod 12 decides it. The goal's
 * label is checked where a roll lands on the goal. */
static bool
run_open(const struct rollcube_params *p, struct rollcube_state *s, const struct path_item *it,
    const char *move, struct tw_error *err)
{
	int64_t px[ROLLCUBE_RUN_MAX_SEQ + 1] = {0}, py[ROLLCUBE_RUN_MAX_SEQ + 1] = {0}, dx, dy, k = it->count;
	struct die after[12];   /* the die after j repetitions, j mod 12 */
	int i, j;

	for (i = 0; i < it->len; i++) {
		px[i + 1] = px[i];
		py[i + 1] = py[i];
		offset(it->seq[i], &px[i + 1], &py[i + 1]);
	}
	dx = px[it->len];
	dy = py[it->len];
	for (i = 1; i <= it->len; i++) {
		int64_t x0 = s->x + px[i], y0 = s->y + py[i];
		int64_t x1 = x0 + (k - 1) * dx, y1 = y0 + (k - 1) * dy;

		if (x0 < 1 || x0 > p->cols || y0 < 1 || y0 > p->rows ||
		    x1 < 1 || x1 > p->cols || y1 < 1 || y1 > p->rows) {
			tw_error_set(err, "%.40s: the die would roll off the board", move);
			return false;
		}
	}
	after[0] = s->die;
	for (j = 1; j < 12; j++) {
		after[j] = after[j - 1];
		for (i = 0; i < it->len; i++)
			after[j] = die_roll(after[j], it->seq[i]);
	}
	if (s->label != 0) {
		for (i = 1; i <= it->len; i++) {
			/* Repetitions j whose roll i lands on the goal. */
			int64_t ox = s->gx - s->x - px[i], oy = s->gy - s->y - py[i], jj = -1, m;
			int tries;

			if (dx != 0)
				jj = ox % dx == 0 ? ox / dx : -1;
			else if (dy != 0)
				jj = oy % dy == 0 ? oy / dy : -1;
			else if (ox == 0 && oy == 0)
				jj = 0;         /* every repetition: each j mod 12 is checked */
			if (jj < 0 || jj >= k || ox != jj * dx || oy != jj * dy)
				continue;
			for (tries = 0; tries < (dx == 0 && dy == 0 ? 12 : 1) && jj + tries < k; tries++) {
				struct die d = after[(jj + tries) % 12];

				for (m = 0; m < i; m++)
					d = die_roll(d, it->seq[m]);
				if (d.top != s->label) {
					tw_error_set(err, "%.40s: the goal takes the die only with %d on top (it would show %d)",
					    move, s->label, d.top);
					return false;
				}
			}
		}
	}
	s->x += k * dx;
	s->y += k * dy;
	s->die = after[k % 12];
	return true;
}

bool
rollcube_move_apply(const void *params, void *state, const char *move,
    struct tw_error *err)
{
	const struct rollcube_params *p = params;
	struct rollcube_state *s = state, t = *s;
	struct path_item items[ROLLCUBE_PATH_MAX_ITEMS];
	int64_t rolls, j;
	int n, i, m;

	if (!parse_path(move, items, &n, &rolls, err))
		return false;
	/* On a map every roll is checked (blocked and labelled cells), so a
	 * path there is bounded; open boards take runs in closed form. */
	if (p->cells != NULL && rolls > ROLLCUBE_MAP_MAX_ROLLS) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
		    "bad move '%.40s': on a board with a map a move is at most %d rolls", move,
		    ROLLCUBE_MAP_MAX_ROLLS);
		return false;
	}
	for (i = 0; i < n; i++) {
		if (p->cells == NULL && items[i].count > 1) {
			if (!run_open(p, &t, &items[i], move, err))
				return false;
			continue;
		}
		for (j = 0; j < items[i].count; j++)
			for (m = 0; m < items[i].len; m++)
				if (!rollcube_roll(p, &t, items[i].seq[m], err))
					return false;
	}
	*s = t;
	return true;
}

char *
rollcube_move_inverse(const void *params, const char *move, struct tw_error *err)
{
	static const char back[] = {'S', 'W', 'N', 'E'};
	struct path_item items[ROLLCUBE_PATH_MAX_ITEMS];
	int64_t rolls;
	int n, i, m;
	char *out, *o;

	(void)params;
	if (!parse_path(move, items, &n, &rolls, err))
		return NULL;
	/* The items in reverse, each run's rolls reversed and turned back. */
	out = malloc(strlen(move) + 1);
	if (out == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return NULL;
	}
	o = out;
	for (i = n - 1; i >= 0; i--) {
		if (items[i].count == 1 && items[i].len == 1) {
			*o++ = back[items[i].seq[0]];
			continue;
		}
		*o++ = '(';
		for (m = items[i].len - 1; m >= 0; m--)
			*o++ = back[items[i].seq[m]];
		o += sprintf(o, ")^%lld", (long long)items[i].count);
	}
	*o = '\0';
	return out;
}

long
rollcube_move_cost(const void *params, const char *move, int metric)
{
	struct path_item items[ROLLCUBE_PATH_MAX_ITEMS];
	int64_t rolls;
	int n;

	(void)params;
	(void)metric;
	return parse_path(move, items, &n, &rolls, NULL) ? (long)rolls : -1;
}

bool
rollcube_bfs(const struct rollcube_params *p, const struct rollcube_state *s,
    int64_t max_cells, atomic_bool *cancel, struct movelist *out,
    struct tw_error *err)
{
	int64_t cells = p->rows * p->cols, head = 0, tail = 0, found = -1, i;
	int32_t *from;          /* predecessor state, -1 unvisited, -2 root */
	uint8_t *how;           /* move that reached the state */
	int32_t *queue;
	struct rollcube_state cur;
	char path[2];

	if (rollcube_state_is_solved(p, s))
		return true;
	if (s->x == s->gx && s->y == s->gy) {
		tw_error_set_kind(err, TW_ERROR_NO_SOLUTION, "no path: the die starts on the goal");
		return false;
	}
	if (cells > max_cells || cells * 24 > INT32_MAX) {
		tw_error_set(err, "board too large for search");
		return false;
	}
	from = malloc((size_t)cells * 24 * sizeof *from);
	how = malloc((size_t)cells * 24);
	queue = malloc((size_t)cells * 24 * sizeof *queue);
	if (from == NULL || how == NULL || queue == NULL) {
		free(from);
		free(how);
		free(queue);
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	memset(from, 0xff, (size_t)cells * 24 * sizeof *from);
	{
		int32_t id = (int32_t)(((s->y - 1) * p->cols + (s->x - 1)) * 24 +
		    die_index(s->die));

		from[id] = -2;
		queue[tail++] = id;
	}
	/* The die per orientation index, found as states are reached. */
	struct die dice[24];

	dice[die_index(s->die)] = s->die;
	cur = *s;
	while (head < tail && found < 0) {
		int32_t id = queue[head++];
		int64_t cell = id / 24;
		int d;

		if (cancel != NULL && (head & 4095) == 0 && atomic_load(cancel)) {
			tw_error_cancelled(err);
			break;
		}
		cur.x = cell % p->cols + 1;
		cur.y = cell / p->cols + 1;
		cur.die = dice[id % 24];
		for (d = 0; d < 4; d++) {
			struct rollcube_state next = cur;
			int32_t nid;

			if (!rollcube_roll(p, &next, (enum rollcube_dir)d, NULL))
				continue;
			nid = (int32_t)(((next.y - 1) * p->cols + (next.x - 1)) * 24 +
			    die_index(next.die));
			if (from[nid] != -1)
				continue;
			dice[die_index(next.die)] = next.die;
			from[nid] = id;
			how[nid] = (uint8_t)d;
			if (rollcube_state_is_solved(p, &next)) {
				found = nid;
				break;
			}
			if (next.x == s->gx && next.y == s->gy)
				continue;   /* only the last move may stand on the goal */
			queue[tail++] = nid;
		}
	}
	if (found >= 0) {
		int64_t len = 0, k;
		char *moves;

		for (i = found; from[i] != -2; i = from[i])
			len++;
		moves = malloc((size_t)len);
		for (i = found, k = len; from[i] != -2; i = from[i])
			if (moves != NULL)
				moves[--k] = dir_letter[how[i]];
		for (k = 0; moves != NULL && k < len; k++) {
			path[0] = moves[k];
			path[1] = '\0';
			if (!movelist_push(out, path, err))
				break;
		}
		free(moves);
	} else if (head >= tail) {
		tw_error_set_kind(err, TW_ERROR_NO_SOLUTION, "no path");
	}
	free(from);
	free(how);
	free(queue);
	return found >= 0;
}

bool
rollcube_level_parse(const char *text, struct rollcube_params *params,
    struct rollcube_state *start, char **name, struct tw_error *err)
{
	char key[32], value[128], *state_text = NULL;
	const char *c = text, *end;
	int line = 1;
	int64_t rows = 0, cols = 0;
	const char *map_start = NULL;
	int map_line = 0;
	char start_v[128] = "", goal_v[128] = "", label_v[128] = "any";
	static const char *const level_keys[] = {"name", "rule", "start", "goal", "label"};
	int key_line[sizeof level_keys / sizeof level_keys[0]] = {0};
	size_t k;
	struct rollcube_state *s;

	memset(params, 0, sizeof *params);
	params->rule = RULE_TOP_AFTER;
	if (name != NULL)
		*name = NULL;
	while (*c != '\0') {
		const char *eol = strchr(c, '\n'), *eq;
		size_t len = eol != NULL ? (size_t)(eol - c) : strlen(c), klen;

		if (len == 0 || c[0] == ';') {
			c += len + (eol != NULL);
			line++;
			continue;
		}
		eq = memchr(c, '=', len);
		if (eq == NULL) {
			map_start = c;
			map_line = line;
			break;
		}
		klen = (size_t)(eq - c);
		if (klen >= sizeof key || len - klen - 1 >= sizeof value) {
			tw_error_set(err, "line %d: header line too long", line);
			goto fail;
		}
		memcpy(key, c, klen);
		key[klen] = '\0';
		memcpy(value, eq + 1, len - klen - 1);
		value[len - klen - 1] = '\0';
		for (k = 0; k < sizeof level_keys / sizeof level_keys[0]; k++) {
			if (strcmp(key, level_keys[k]) != 0)
				continue;
			if (key_line[k] != 0) {
				tw_error_set(err, "line %d: %s= given twice (first on line %d)",
				    line, key, key_line[k]);
				goto fail;
			}
			key_line[k] = line;
		}
		if (strcmp(key, "name") == 0) {
			if (name != NULL) {
				free(*name);
				*name = tw_strdup(value, err);
			}
		} else if (strcmp(key, "rule") == 0) {
			if (strcmp(value, "abbott") == 0)
				params->rule = RULE_ABBOTT;
			else if (strcmp(value, "top-after") == 0)
				params->rule = RULE_TOP_AFTER;
			else {
				tw_error_set(err, "line %d, column %zu: rule '%s': the rules are top-after and abbott",
				    line, klen + 2, value);
				goto fail;
			}
		} else if (strcmp(key, "start") == 0) {
			snprintf(start_v, sizeof start_v, "%s", value);
		} else if (strcmp(key, "goal") == 0) {
			snprintf(goal_v, sizeof goal_v, "%s", value);
		} else if (strcmp(key, "label") == 0) {
			snprintf(label_v, sizeof label_v, "%s", value);
		}
		/* author= and unknown keys are for people; ignored. */
		c += len + (eol != NULL);
		line++;
	}
	if (map_start == NULL) {
		tw_error_set(err, "line %d: no map (rows of . # * 1-6 after the header)", line);
		goto fail;
	}
	/* Measure the map: rows until a blank line or the end. */
	for (c = map_start; *c != '\0' && *c != '\n'; rows++) {
		const char *eol = strchr(c, '\n');
		int64_t len = eol != NULL ? eol - c : (int64_t)strlen(c);

		if (cols == 0)
			cols = len;
		c += len + (eol != NULL);
	}
	params->rows = rows;
	params->cols = cols;
	if (!parse_map(map_start, '\n', "", params, &end, map_line, err))
		goto fail;
	state_text = tw_asprintf(err, "start=%s:goal=%s:label=%s", start_v, goal_v, label_v);
	if (state_text == NULL)
		goto fail;
	if (start_v[0] == '\0' || goal_v[0] == '\0') {
		tw_error_set(err, "line 1: the header needs start=X,Y and goal=X,Y");
		goto fail;
	}
	s = rollcube_state_parse(params, state_text, err);
	if (s == NULL) {
		tw_error_prefix(err, "header");
		goto fail;
	}
	*start = *s;
	free(s);
	free(state_text);
	return true;
fail:
	free(state_text);
	rollcube_params_clear(params);
	if (name != NULL) {
		free(*name);
		*name = NULL;
	}
	return false;
}

char *
rollcube_move_random(const void *params, struct tw_rng *rng, struct tw_error *err)
{
	char buf[2] = {dir_letter[tw_rng_below(rng, 4)], '\0'};

	(void)params;
	return tw_strdup(buf, err);
}
