/* dj-move-item.c: one move of a line, as an item of a GListModel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-move-item.h"

struct _DjMoveItem
{
  GObject parent_instance;

  DjNode *node;
  char   *number;
  char   *move;
  char   *time;
  char   *description;
  DjSide  mover;
  guint   has_comment : 1;
};

G_DEFINE_FINAL_TYPE (DjMoveItem, dj_move_item, G_TYPE_OBJECT)

static void
dj_move_item_finalize (GObject *object)
{
  DjMoveItem *self = DJ_MOVE_ITEM (object);

  g_free (self->number);
  g_free (self->move);
  g_free (self->time);
  g_free (self->description);

  G_OBJECT_CLASS (dj_move_item_parent_class)->finalize (object);
}

static void
dj_move_item_class_init (DjMoveItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dj_move_item_finalize;
}

static void
dj_move_item_init (DjMoveItem *self)
{
}

static char *
format_time (gint64 ms)
{
  gint64 s = ms / 1000;

  if (s >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (s / 3600), (int) (s / 60 % 60), (int) (s % 60));
  return g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
}

DjMoveItem *
dj_move_item_new (DjNode *node)
{
  DjMoveItem *self;
  DjMove move;
  DjGlyph glyph;
  gint64 time_ms;
  guint number;
  const char *move_text;

  g_return_val_if_fail (node != NULL, NULL);

  self = g_object_new (DJ_TYPE_MOVE_ITEM, NULL);
  self->node = node;
  self->mover = dj_node_get_mover (node);
  move = dj_node_get_move (node);
  number = dj_node_get_move_number (node);

  if (self->mover == DJ_SOUTH)
    self->number = g_strdup_printf ("%u.", number);
  else
    /* Translators: the number of a move of North, as in the notation "3…" */
    self->number = g_strdup_printf (C_("move number", "%u…"), number);

  move_text = dj_move_item_label_for (move);
  glyph = dj_node_get_glyph (node);
  if (glyph != DJ_GLYPH_NONE)
    self->move = g_strconcat (move_text, dj_glyph_to_string (glyph), NULL);
  else
    self->move = g_strdup (move_text);

  time_ms = dj_node_get_time_ms (node);
  if (time_ms != DJ_NO_TIME)
    self->time = format_time (time_ms);

  self->has_comment = dj_node_get_comment_before (node) != NULL
                      || dj_node_get_comment_after (node) != NULL;

  if (move == DJ_PASS)
    self->description = g_strdup_printf (self->mover == DJ_SOUTH
                                         /* Translators: read by screen readers in the move list: move number, then the move */
                                         ? _("%u, South passes")
                                         : _("%u, North passes"),
                                         number);
  else
    self->description = g_strdup_printf (self->mover == DJ_SOUTH
                                         /* Translators: read by screen readers in the move list: move number, then the pit played */
                                         ? _("%u, South plays %s")
                                         : _("%u, North plays %s"),
                                         number, self->move);
  return self;
}

DjNode *
dj_move_item_get_node (DjMoveItem *self)
{
  g_return_val_if_fail (DJ_IS_MOVE_ITEM (self), NULL);
  return self->node;
}

const char *
dj_move_item_get_number (DjMoveItem *self)
{
  g_return_val_if_fail (DJ_IS_MOVE_ITEM (self), NULL);
  return self->number;
}

const char *
dj_move_item_get_move (DjMoveItem *self)
{
  g_return_val_if_fail (DJ_IS_MOVE_ITEM (self), NULL);
  return self->move;
}

DjSide
dj_move_item_get_mover (DjMoveItem *self)
{
  g_return_val_if_fail (DJ_IS_MOVE_ITEM (self), DJ_SOUTH);
  return self->mover;
}

const char *
dj_move_item_get_time (DjMoveItem *self)
{
  g_return_val_if_fail (DJ_IS_MOVE_ITEM (self), NULL);
  return self->time;
}

gboolean
dj_move_item_has_comment (DjMoveItem *self)
{
  g_return_val_if_fail (DJ_IS_MOVE_ITEM (self), FALSE);
  return self->has_comment;
}

const char *
dj_move_item_get_description (DjMoveItem *self)
{
  g_return_val_if_fail (DJ_IS_MOVE_ITEM (self), NULL);
  return self->description;
}

const char *
dj_move_item_label_for (DjMove move)
{
  /* Translators: a move that passes the turn, in the move list, the
   * notation, the analysis and the status line */
  return move == DJ_PASS ? C_("move", "pass") : dj_move_to_string (move);
}
