/* dj-learn-mistakes.h: Learn from Your Mistakes: the positions where a side
 * lost seeds, to find a better move in
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-board.h"
#include "dj-mistakes.h"
#include "dj-review.h"

G_BEGIN_DECLS

#define DJ_TYPE_LEARN_MISTAKES (dj_learn_mistakes_get_type ())

G_DECLARE_FINAL_TYPE (DjLearnMistakes, dj_learn_mistakes, DJ, LEARN_MISTAKES, GtkWidget)

/*
 * DjLearnMistakes is the banner of the training mode.  dj_learn_mistakes_start()
 * takes the game's review findings (running Review Game first, with its
 * progress, when the game has none) and goes to each position where a side
 * lost seeds (dj-mistakes.h; filter: South, North or both, all losses or
 * only mistakes and blunders), asking for a better move.  Meanwhile the
 * board shows a game of the mode's own, starting at that position: a pit
 * the user chooses is passed to dj_learn_mistakes_try() by the window and
 * judged by the position's exact values (right, better but not best, or
 * wrong), never played into the document's game.  After a right move, or
 * Show Solution, the best line is in the move explainer, and Save as
 * Variation puts it into the document's game as one undoable step: the only
 * change the mode ever makes to the game.
 *
 * Widget actions: learn.next (Skip, or Next once solved), learn.previous,
 * learn.solution, learn.save-variation, learn.line-back, learn.line-on,
 * learn.stop.
 *
 * Properties: "active" (read-only): a session is on; the window then routes
 * the board's pits here.
 *
 * Signals:
 *   position-missed (gpointer rules, gpointer position, GStrv best_moves,
 *                    char *source)
 *     the user failed a position: the first try was not right, or the
 *     solution was shown before a right one.  @rules is a const DjRules *,
 *     @position a const DjPosition * (both valid during the emission),
 *     @best_moves the moves that keep its value (dj_move_to_string()),
 *     @source where it comes from, e.g. "Kouassi – Yao, move 12".  Emitted
 *     at most once per position and visit.
 */
GtkWidget     *dj_learn_mistakes_new           (void);

/* The game trained on; a new one stops a session. */
void           dj_learn_mistakes_set_game      (DjLearnMistakes *self,
                                                DjGame          *game);
void           dj_learn_mistakes_set_board     (DjLearnMistakes *self,
                                                DjBoard         *board);
/* Runs first when the game has no findings. */
void           dj_learn_mistakes_set_review    (DjLearnMistakes *self,
                                                DjReview        *review);
void           dj_learn_mistakes_set_search    (DjLearnMistakes *self,
                                                DjSearch        *search);

void           dj_learn_mistakes_start         (DjLearnMistakes *self);
void           dj_learn_mistakes_stop          (DjLearnMistakes *self);
gboolean       dj_learn_mistakes_get_active    (DjLearnMistakes *self);

DjMistakesFilter dj_learn_mistakes_get_filter  (DjLearnMistakes *self);
/* Collects the positions again and goes to the first. */
void           dj_learn_mistakes_set_filter    (DjLearnMistakes *self,
                                                DjMistakesFilter filter);

/* A pit chosen on the board while a position is asked: judged at once, or
 * as soon as the position's values are known.  FALSE when no position is
 * asked (the window then plays the move as usual). */
gboolean       dj_learn_mistakes_try           (DjLearnMistakes *self,
                                                DjMove           move);

/* For tests and assistive technology. */
guint          dj_learn_mistakes_get_n_positions (DjLearnMistakes *self);
/* The position asked (0 = the first), n_positions when done. */
guint          dj_learn_mistakes_get_index     (DjLearnMistakes *self);
/* The values of the position asked are known: a try is judged at once. */
gboolean       dj_learn_mistakes_get_ready     (DjLearnMistakes *self);
gboolean       dj_learn_mistakes_get_solved    (DjLearnMistakes *self);
/* The last verdict's text ("" before any). */
const char    *dj_learn_mistakes_get_verdict   (DjLearnMistakes *self);
/* The game the board shows during a session (NULL outside one). */
DjGame        *dj_learn_mistakes_get_board_game (DjLearnMistakes *self);

G_END_DECLS
