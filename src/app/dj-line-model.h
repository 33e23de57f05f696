/* dj-line-model.h: the moves of a game's current line, as a GListModel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dj-game.h"

G_BEGIN_DECLS

#define DJ_TYPE_LINE_MODEL (dj_line_model_get_type ())

G_DECLARE_FINAL_TYPE (DjLineModel, dj_line_model, DJ, LINE_MODEL, GObject)

/* No position: the current node is the root (the start position). */
#define DJ_LINE_MODEL_NO_POSITION G_MAXUINT

/* A GListModel of DjMoveItem: the moves from the start to the game's current
 * node, then on along first children to the end of that line.  It follows the
 * game's signals and reports with items-changed only the part of the line
 * that changed (playing at the end adds one item; moving within the line
 * changes nothing but the "current" property). */
DjLineModel  *dj_line_model_new           (DjGame      *game);

DjGame       *dj_line_model_get_game      (DjLineModel *self);
/* The position of the game's current node, or DJ_LINE_MODEL_NO_POSITION for
 * the root.  Property "current", notified on change. */
guint         dj_line_model_get_current   (DjLineModel *self);
DjNode       *dj_line_model_get_node      (DjLineModel *self,
                                           guint        position);
/* The position of @node, or DJ_LINE_MODEL_NO_POSITION when it is not on the
 * line (the root is never on it).  O(1). */
guint         dj_line_model_find          (DjLineModel *self,
                                           DjNode      *node);

G_END_DECLS
