/* dj-rules-example.h: a worked example of the rules, played on a small board
 * inside the help text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-example-uri.h"

G_BEGIN_DECLS

#define DJ_TYPE_RULES_EXAMPLE (dj_rules_example_get_type ())
G_DECLARE_FINAL_TYPE (DjRulesExample, dj_rules_example, DJ, RULES_EXAMPLE, GtkWidget)

/* The example's position and move, and the link that opens it on the board
 * of a game window ("app.open-example"). */
GtkWidget   *dj_rules_example_new        (const DjExampleLink *link);

/* What the example shows now: -1 before the move, then each step of its
 * explanation (0 …), dj_rules_example_get_n_steps() once the move is over. */
int          dj_rules_example_get_step   (DjRulesExample *self);
guint        dj_rules_example_get_n_steps (DjRulesExample *self);
/* The words beside the board. */
const char  *dj_rules_example_get_words  (DjRulesExample *self);
GtkWidget   *dj_rules_example_get_board  (DjRulesExample *self);

G_END_DECLS
