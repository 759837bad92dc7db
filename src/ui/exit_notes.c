/* Notes kept for standard error (exit_notes.h). */
#include "ui/exit_notes.h"

#define EXIT_NOTES 4
static char exit_notes[EXIT_NOTES][320];
static int nexit_notes;

void
ui_exit_note(const char *msg)
{
	if (nexit_notes < EXIT_NOTES)
		snprintf(exit_notes[nexit_notes++], sizeof exit_notes[0], "%s", msg);
}

void
ui_exit_notes_print(FILE *f)
{
	for (int i = 0; i < nexit_notes; i++)
		fprintf(f, "twirl: %s\n", exit_notes[i]);
	nexit_notes = 0;
}
