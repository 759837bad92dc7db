/* The curses session: the terminal checked, set up and always restored,
 * the signals, and the stack of open screens (ui/screen.h), of which the
 * top one is drawn and gets the keys. */
#include "ui/app.h"

#include <langinfo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "ui/draw.h"
#include "ui/exit_notes.h"
#include "ui/game.h"
#include "ui/keep.h"
#include "ui/menu.h"
#include "ui/replay.h"
#include "ui/screen.h"
#include <term.h>

static volatile sig_atomic_t stop_signal;

static void
on_signal(int sig)
{
	stop_signal = sig;
}

static bool curses_active;

static void
restore_terminal(void)
{
	if (curses_active && !isendwin())
		endwin();
	curses_active = false;
}

static void
install_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a signal wakes the blocking getch. */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* Whether the game can be played here: standard input and output are a
 * terminal (not a file or a pipe at its end, where every read returns at
 * once and the game would spin), and the terminal can place the cursor
 * (TERM=dumb cannot). Errors say which and what to do. */
static bool
terminal_usable(struct tw_error *err)
{
	const char *term = getenv("TERM");
	int status = 0;
	char *cup;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		tw_error_set(err, "the game needs a terminal, and standard %s is not one (for scripts: twirl solve, check, scramble, replay --verify)",
		    !isatty(STDIN_FILENO) ? "input" : "output");
		return false;
	}
	if (term == NULL || term[0] == '\0') {
		tw_error_set(err, "TERM is not set: the game cannot tell what terminal this is");
		return false;
	}
	if (setupterm(NULL, STDOUT_FILENO, &status) != OK) {
		tw_error_set(err, "unknown terminal type '%.40s' (TERM): %s", term,
		    status == 0 ? "no description of it is installed" : "it cannot be used");
		return false;
	}
	cup = tigetstr("cup");
	if (cup == NULL || cup == (char *)-1) {
		tw_error_set(err, "the terminal '%.40s' (TERM) cannot place the cursor, which the game needs",
		    term);
		del_curterm(cur_term);
		return false;
	}
	del_curterm(cur_term);
	return true;
}

static bool
locale_is_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);

	return cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

/* Lets Ctrl-S reach the program instead of pausing the terminal. */
static void
no_flow_control(void)
{
	struct termios t;

	if (tcgetattr(STDIN_FILENO, &t) == 0) {
		t.c_iflag &= ~(tcflag_t)IXON;
		tcsetattr(STDIN_FILENO, TCSANOW, &t);
		def_prog_mode();
	}
}

/* The next key, waiting at most ms. An escape sequence the terminal's
 * description does not know (Home under some terminfo: ESC [ 1 ~) arrives
 * as Esc and its other bytes at once: it is dropped whole (up to its
 * final byte) and reads as ERR, so that it is never taken for the Esc
 * key. Esc followed by anything else is Esc, then that key. */
static int
read_key(int ms)
{
	int key, next, n = 0;

	timeout(ms);
	key = getch();
	if (key != 27)
		return key;
	nodelay(stdscr, TRUE);
	next = getch();
	if (next == '[' || next == 'O') {
		/* CSI: parameters, then a final byte @..~; SS3: one byte. */
		while ((key = getch()) != ERR && n++ < 32)
			if (next == 'O' || (key >= 0x40 && key <= 0x7e))
				break;
		key = ERR;
	} else {
		if (next != ERR)
			ungetch(next);
		key = 27;
	}
	nodelay(stdscr, FALSE);
	return key;
}

/* The open screens, the top one last. */
struct stack {
	struct screen *s[16];
	int n;
};

static void
push(struct stack *st, struct screen *s)
{
	if (s == NULL)
		return;
	if (st->n == (int)(sizeof st->s / sizeof st->s[0])) {
		s->ops->close(s);   /* deeper than anyone goes: refuse quietly */
		return;
	}
	st->s[st->n++] = s;
}

static void
pop(struct stack *st)
{
	struct screen *s = st->s[--st->n];

	s->ops->close(s);
}

/* Carries out what the top screen asked; false once nothing is left. */
static bool
follow(struct stack *st, struct screen_result r)
{
	while (r.what != SCREEN_STAY) {
		switch (r.what) {
		case SCREEN_OPEN:
			push(st, r.next);
			return true;
		case SCREEN_REPLACE:
			pop(st);
			push(st, r.next);
			return true;
		case SCREEN_QUIT:
			while (st->n > 0)
				pop(st);
			return false;
		case SCREEN_BACK:
			pop(st);
			if (st->n == 0) {
				free(r.value);
				return false;
			}
			if (st->s[st->n - 1]->ops->revealed == NULL) {
				free(r.value);
				return true;
			}
			{
				char *value = r.value;

				r = st->s[st->n - 1]->ops->revealed(st->s[st->n - 1], value);
				free(value);
			}
			break;
		case SCREEN_STAY:
			break;
		}
	}
	return true;
}

int
ui_run(const struct ui_options *opt, const struct gameid *gid,
    const char *replay_path, struct tw_error *err)
{
	const char *nc = getenv("NO_COLOR");
	struct stack st = {{NULL}, 0};
	struct screen *first = NULL;
	struct game *g = NULL;
	char *kept = NULL, note[300];
	int rc = 0;

	game_background_hints = !opt->no_background;

	/* Everything that can fail is tried before the screen is taken:
	 * the terminal, the replay file, the game ID. */
	if (!terminal_usable(err))
		return 2;
	if (replay_path != NULL && (first = replay_screen(replay_path, err)) == NULL)
		return 2;
	if (gid != NULL && (g = game_from_id(gid, err)) == NULL)
		return 2;
	/* An unfinished game is kept among the saved games before another
	 * can take its place (the menu offers it back instead). */
	if (replay_path != NULL || gid != NULL) {
		struct tw_error kerr;

		if (!keep_autosave_aside(&kept, &kerr))
			ui_exit_note(kerr.msg);
	}
	install_signals();
	atexit(restore_terminal);
	if (getenv("ESCDELAY") == NULL)
		set_escdelay(25);
	if (newterm(NULL, stdout, stdin) == NULL) {
		tw_error_set(err, "cannot use this terminal (TERM=%s)",
		    getenv("TERM") != NULL ? getenv("TERM") : "unset");
		if (first != NULL)
			first->ops->close(first);
		game_free(g);
		free(kept);
		return 2;
	}
	curses_active = true;
	ui_theme.unicode = !opt->ascii && locale_is_utf8();
	ui_colors_init(!opt->no_color && (nc == NULL || nc[0] == '\0'));
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	no_flow_control();
	mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON3_PRESSED |
	    BUTTON3_RELEASED | BUTTON3_CLICKED | REPORT_MOUSE_POSITION, NULL);
	mouseinterval(0);

	if (first != NULL) {
		push(&st, first);           /* twirl replay FILE: the player alone */
	} else {
		push(&st, menu_screen(gid == NULL));
		if (g != NULL) {
			if (kept != NULL) {
				snprintf(note, sizeof note, "Your unfinished game is kept in Saved games as \"%s\"",
				    kept);
				game_tell(g, note);
			}
			push(&st, game_screen(g));
		}
	}
	free(kept);
	while (st.n > 0 && stop_signal == 0) {
		struct screen *top = st.s[st.n - 1];
		int key;

		top->ops->draw(top, stdscr);
		refresh();
		key = read_key(top->ops->timeout_ms != NULL ? top->ops->timeout_ms(top) : 500);
		if (stop_signal != 0)
			break;
		if (key == ERR) {
			if (top->ops->tick != NULL && !follow(&st, top->ops->tick(top)))
				break;
			continue;
		}
		if (key == KEY_MOUSE) {
			MEVENT ev;

			if (getmouse(&ev) == OK && !follow(&st, top->ops->mouse(top, &ev)))
				break;
			continue;
		}
		if (!follow(&st, top->ops->key(top, key)))
			break;
	}
	/* Stopped by a signal, or quit: every screen closes, and a game
	 * keeps itself as it closes. */
	while (st.n > 0)
		pop(&st);
	if (stop_signal != 0)
		rc = 128 + stop_signal;
	restore_terminal();
	ui_exit_notes_print(stderr);
	return rc;
}
