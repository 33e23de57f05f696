/* dj-move-item.h: one move of a line, as an item of a GListModel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dj-node.h"

G_BEGIN_DECLS

#define DJ_TYPE_MOVE_ITEM (dj_move_item_get_type ())

G_DECLARE_FINAL_TYPE (DjMoveItem, dj_move_item, DJ, MOVE_ITEM, GObject)

/* A snapshot of @node's move and annotations: when the node changes, the
 * model replaces the item.  The node pointer is valid while the node is in
 * its game's tree (the line model drops the item before the node goes). */
DjMoveItem   *dj_move_item_new            (DjNode     *node);

DjNode       *dj_move_item_get_node       (DjMoveItem *self);
/* "12." for a move of South, "12…" for a move of North. */
const char   *dj_move_item_get_number     (DjMoveItem *self);
/* "c", "D", or a translated "pass", with its glyph ("c!?"). */
const char   *dj_move_item_get_move       (DjMoveItem *self);
/* The side that made the move. */
DjSide        dj_move_item_get_mover      (DjMoveItem *self);
/* "0:42" or NULL when no time was recorded. */
const char   *dj_move_item_get_time       (DjMoveItem *self);
gboolean      dj_move_item_has_comment    (DjMoveItem *self);
/* The sentence read out by a screen reader, e.g. "3, South plays c". */
const char   *dj_move_item_get_description (DjMoveItem *self);

/* A move as the interface shows it: "c", "D", or "pass" translated. */
const char   *dj_move_item_label_for      (DjMove      move);

G_END_DECLS
