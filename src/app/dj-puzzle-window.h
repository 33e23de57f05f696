/* dj-puzzle-window.h: the puzzle trainer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dj-board.h"
#include "dj-training-store.h"

G_BEGIN_DECLS

#define DJ_TYPE_PUZZLE_WINDOW (dj_puzzle_window_get_type ())
G_DECLARE_FINAL_TYPE (DjPuzzleWindow, dj_puzzle_window, DJ, PUZZLE_WINDOW, AdwWindow)

/*
 * One puzzle at a time, from the starter set of the chosen rule set (the
 * installed data, or $DJENON_PUZZLES_DIR) or from a set the user opens.
 * Puzzles and positions due for repetition in the training store come
 * first, then puzzles not tried yet, in the set's order.
 *
 * The solver's row is at the bottom of the board.  A move is judged at
 * once against the solution (a position from the store: against its best
 * moves); a right one is played and Djenon replies along the solution
 * until the solver's last unique move; a wrong one is not played.  The
 * first wrong try, the pit hint or Reveal counts the puzzle as missed (it
 * comes back at once, after another); solving without them counts it
 * right.  Each answer is written to the store as it is given.
 *
 * Widget actions (with keys): puzzle.hint (Ctrl+H: the half of the row,
 * then the pit), puzzle.reveal (Ctrl+R: Djenon plays the solution, the move
 * explainer tells each move), puzzle.next (Ctrl+N), puzzle.open-set.
 */

typedef enum
{
  DJ_PUZZLE_STATE_NONE,        /* no puzzle (no set, or an empty one) */
  DJ_PUZZLE_STATE_SOLVING,     /* the solver's move */
  DJ_PUZZLE_STATE_REPLYING,    /* Djenon replies along the solution */
  DJ_PUZZLE_STATE_REVEALING,   /* Djenon plays the solution */
  DJ_PUZZLE_STATE_SOLVED,      /* done: solved, with or without help */
} DjPuzzleState;

/* @puzzles_dir, @store_dir: NULL for the defaults. */
GtkWidget       *dj_puzzle_window_new          (GtkApplication  *application,
                                                const char      *puzzles_dir,
                                                const char      *store_dir);
/* The same on @store (the application's, shared with "Learn from Your
 * Mistakes"); @store_error, when not NULL, says why it was found damaged. */
GtkWidget       *dj_puzzle_window_new_for_store (GtkApplication  *application,
                                                 const char      *puzzles_dir,
                                                 DjTrainingStore *store,
                                                 const GError    *store_error);
/* The starter sets: $DJENON_PUZZLES_DIR, else the installed ones. */
const char      *dj_puzzle_window_default_dir  (void);

void             dj_puzzle_window_set_rules    (DjPuzzleWindow  *self,
                                                const DjRules   *rules);
const DjRules   *dj_puzzle_window_get_rules    (DjPuzzleWindow  *self);
/* Trains on the puzzles of @file (its games of one rule set with a set-up
 * position and a main line) instead of the starter set of their rules. */
gboolean         dj_puzzle_window_open_set     (DjPuzzleWindow  *self,
                                                GFile           *file,
                                                GError         **error);

/* For tests and assistive technology. */
DjPuzzleState    dj_puzzle_window_get_state    (DjPuzzleWindow  *self);
DjBoard         *dj_puzzle_window_get_board    (DjPuzzleWindow  *self);
DjGame          *dj_puzzle_window_get_game     (DjPuzzleWindow  *self);
DjTrainingStore *dj_puzzle_window_get_store    (DjPuzzleWindow  *self);
/* The puzzle's number in its set (from 1), 0 for a position of the store. */
guint            dj_puzzle_window_get_number   (DjPuzzleWindow  *self);
/* TRUE when the puzzle shown came back for repetition. */
gboolean         dj_puzzle_window_get_repeated (DjPuzzleWindow  *self);
guint            dj_puzzle_window_get_hint_level (DjPuzzleWindow *self);
/* The move the solver must find now, DJ_NO_MOVE when none. */
DjMove           dj_puzzle_window_get_expected (DjPuzzleWindow  *self);
/* What the window says of the last try (also announced). */
const char      *dj_puzzle_window_get_feedback (DjPuzzleWindow  *self);
/* The store's problem shown (a damaged store reset), or NULL. */
const char      *dj_puzzle_window_get_problem  (DjPuzzleWindow  *self);
/* Microseconds the last judgement took, from the pit chosen to the verdict
 * shown. */
gint64           dj_puzzle_window_get_judgement_us (DjPuzzleWindow *self);

G_END_DECLS
