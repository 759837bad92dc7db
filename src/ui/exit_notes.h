/* Lines for standard error once the terminal is restored: a screen adds
 * one while curses owns the terminal (a game that could not be kept when
 * the program ended), and the app prints them after endwin. At most four
 * are kept; later ones are dropped. */
#ifndef TWIRL_UI_EXIT_NOTES_H
#define TWIRL_UI_EXIT_NOTES_H

#include <stdio.h>

/* Keeps a copy of msg (cut to 319 bytes) for ui_exit_notes_print. */
void ui_exit_note(const char *msg);

/* Writes each kept note to f as "twirl: NOTE\n", in order, and forgets
 * them. */
void ui_exit_notes_print(FILE *f);

#endif
