/* dj-explainer.h: the move explainer: what a relay move did, lap by lap
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-board.h"
#include "dj-game.h"

G_BEGIN_DECLS

#define DJ_TYPE_EXPLAINER (dj_explainer_get_type ())

G_DECLARE_FINAL_TYPE (DjExplainer, dj_explainer, DJ, EXPLAINER, GtkWidget)

/* Tells the game's current move in sentences (dj_trace_explain()): the
 * seeds lifted, where each lap ended and why it went on, the capture chain.
 * Its step-through shows the move on the board step by step, the sentence
 * of the step shown highlighted; leaving it (explainer.leave, going to
 * another move, or hiding the explainer) shows the position again.
 *
 * Widget actions: explainer.next (Ctrl+.), explainer.previous (Ctrl+,),
 * explainer.start, explainer.leave (Escape).  Properties "game", "board",
 * "step" (read-only, notified; G_MAXUINT while not stepping). */
GtkWidget   *dj_explainer_new              (void);

void         dj_explainer_set_game         (DjExplainer *self,
                                            DjGame      *game);
void         dj_explainer_set_board        (DjExplainer *self,
                                            DjBoard     *board);

/* For tests and assistive technology. */
guint        dj_explainer_get_n_steps      (DjExplainer *self);
guint        dj_explainer_get_step         (DjExplainer *self);
gboolean     dj_explainer_is_stepping      (DjExplainer *self);
guint        dj_explainer_get_n_sentences  (DjExplainer *self);
const char  *dj_explainer_get_sentence     (DjExplainer *self,
                                            guint        i,
                                            guint       *first_step,
                                            guint       *last_step);
/* The sentence highlighted for the step shown, or -1. */
int          dj_explainer_get_highlighted  (DjExplainer *self);
const DjTrace *dj_explainer_get_trace      (DjExplainer *self);

G_END_DECLS
