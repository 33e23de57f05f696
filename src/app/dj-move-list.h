/* dj-move-list.h: the moves of the current line beside the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-line-model.h"

G_BEGIN_DECLS

#define DJ_TYPE_MOVE_LIST (dj_move_list_get_type ())

G_DECLARE_FINAL_TYPE (DjMoveList, dj_move_list, DJ, MOVE_LIST, GtkWidget)

/* Shows a DjLineModel, keeps its current move selected and in view, and
 * makes a move the game's current node when the user selects it.
 * Property "model" (DjLineModel). */
GtkWidget    *dj_move_list_new          (void);

DjLineModel  *dj_move_list_get_model    (DjMoveList  *self);
void          dj_move_list_set_model    (DjMoveList  *self,
                                         DjLineModel *model);

/* The list view, for tests. */
GtkListView  *dj_move_list_get_view     (DjMoveList  *self);

G_END_DECLS
