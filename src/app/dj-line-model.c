/* dj-line-model.c: the moves of a game's current line, as a GListModel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-line-model.h"
#include "dj-move-item.h"

struct _DjLineModel
{
  GObject    parent_instance;

  DjGame    *game;
  /* nodes->pdata[i] is the node of ply i + 1; items->pdata[i] its item,
   * made when first asked for (NULL until then). */
  GPtrArray *nodes;
  GPtrArray *items;
  guint      current;
};

enum {
  PROP_0,
  PROP_GAME,
  PROP_CURRENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void dj_line_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DjLineModel, dj_line_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      dj_line_model_list_model_init))

static GType
dj_line_model_get_item_type (GListModel *model)
{
  return DJ_TYPE_MOVE_ITEM;
}

static guint
dj_line_model_get_n_items (GListModel *model)
{
  return DJ_LINE_MODEL (model)->nodes->len;
}

static gpointer
dj_line_model_get_item (GListModel *model,
                        guint       position)
{
  DjLineModel *self = DJ_LINE_MODEL (model);

  if (position >= self->nodes->len)
    return NULL;
  if (self->items->pdata[position] == NULL)
    self->items->pdata[position] = dj_move_item_new (self->nodes->pdata[position]);
  return g_object_ref (self->items->pdata[position]);
}

static void
dj_line_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dj_line_model_get_item_type;
  iface->get_n_items = dj_line_model_get_n_items;
  iface->get_item = dj_line_model_get_item;
}

static void
clear_item (gpointer data)
{
  if (data != NULL)
    g_object_unref (data);
}

guint
dj_line_model_find (DjLineModel *self,
                    DjNode      *node)
{
  guint ply;

  g_return_val_if_fail (DJ_IS_LINE_MODEL (self), DJ_LINE_MODEL_NO_POSITION);
  g_return_val_if_fail (node != NULL, DJ_LINE_MODEL_NO_POSITION);

  ply = dj_node_get_ply (node);
  if (ply == 0 || ply > self->nodes->len || self->nodes->pdata[ply - 1] != node)
    return DJ_LINE_MODEL_NO_POSITION;
  return ply - 1;
}

/* Where @node stands, counting the root as -1; -2 when off the line. */
static gint64
line_index (DjLineModel *self,
            DjNode      *node)
{
  guint pos;

  if (dj_node_get_parent (node) == NULL)
    return -1;
  pos = dj_line_model_find (self, node);
  return pos == DJ_LINE_MODEL_NO_POSITION ? -2 : (gint64) pos;
}

static gint64
current_index (DjLineModel *self)
{
  return self->current == DJ_LINE_MODEL_NO_POSITION ? -1 : (gint64) self->current;
}

static void
set_current (DjLineModel *self,
             guint        current)
{
  if (self->current == current)
    return;
  self->current = current;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
}

/* Replaces the line from position @from on by @tail, reporting only the part
 * that really differs. */
static void
set_tail (DjLineModel *self,
          guint        from,
          GPtrArray   *tail)
{
  guint old_len = self->nodes->len;
  guint same = 0;
  guint pos, removed, added;

  g_assert (from <= old_len);

  while (from + same < old_len && same < tail->len
         && self->nodes->pdata[from + same] == tail->pdata[same])
    same++;

  pos = from + same;
  removed = old_len - pos;
  added = tail->len - same;
  if (removed == 0 && added == 0)
    return;

  if (removed > 0)
    {
      g_ptr_array_remove_range (self->nodes, pos, removed);
      g_ptr_array_remove_range (self->items, pos, removed);
    }
  for (guint i = same; i < tail->len; i++)
    {
      g_ptr_array_add (self->nodes, tail->pdata[i]);
      g_ptr_array_add (self->items, NULL);
    }

  g_list_model_items_changed (G_LIST_MODEL (self), pos, removed, added);

  /* The current node was cut off (it is being removed): its ancestor on the
   * line stands in until the game names the new current node. */
  if (self->current != DJ_LINE_MODEL_NO_POSITION && self->current >= self->nodes->len)
    set_current (self, self->nodes->len > 0 ? self->nodes->len - 1 : DJ_LINE_MODEL_NO_POSITION);
}

/* Appends to @tail the first-child line after @node, as if @skip (a node
 * about to be removed) were already gone. */
static void
add_continuation (GPtrArray *tail,
                  DjNode    *node,
                  DjNode    *skip)
{
  DjNode *child = dj_node_get_first_child (node);

  while (child != NULL)
    {
      if (child == skip)
        {
          child = dj_node_get_next_sibling (child);
          if (child == NULL)
            break;
        }
      g_ptr_array_add (tail, child);
      child = dj_node_get_first_child (child);
    }
}

/* The line after @anchor (the root or a node on the line) changes: it now
 * goes through @through (a descendant of @anchor, or @anchor itself) and on
 * along first children, skipping @skip. */
static void
rebuild_after (DjLineModel *self,
               DjNode      *anchor,
               DjNode      *through,
               DjNode      *skip)
{
  g_autoptr(GPtrArray) tail = g_ptr_array_new ();
  guint from = dj_node_get_ply (anchor);

  if (through != anchor)
    {
      guint depth = dj_node_get_ply (through) - from;

      g_ptr_array_set_size (tail, depth);
      for (DjNode *n = through; n != anchor; n = dj_node_get_parent (n))
        tail->pdata[--depth] = n;
    }
  add_continuation (tail, through, skip);
  set_tail (self, from, tail);
}

static void
on_current_changed (DjLineModel *self,
                    DjNode      *node,
                    DjGame      *game)
{
  DjNode *anchor;

  if (dj_node_get_parent (node) == NULL)
    {
      set_current (self, DJ_LINE_MODEL_NO_POSITION);
      return;
    }

  if (line_index (self, node) >= 0)
    {
      set_current (self, dj_node_get_ply (node) - 1);
      return;
    }

  /* A node off the line: the line now forks where its path leaves it. */
  anchor = dj_node_get_parent (node);
  while (line_index (self, anchor) == -2)
    anchor = dj_node_get_parent (anchor);
  rebuild_after (self, anchor, node, NULL);
  set_current (self, dj_node_get_ply (node) - 1);
}

static void
on_node_added (DjLineModel *self,
               DjNode      *node,
               DjGame      *game)
{
  DjNode *parent = dj_node_get_parent (node);
  gint64 index;

  if (parent == NULL || dj_node_get_first_child (parent) != node)
    return;
  index = line_index (self, parent);
  /* Only the part after the current node follows first children. */
  if (index == -2 || index < current_index (self))
    return;
  rebuild_after (self, parent, parent, NULL);
}

static void
on_node_removed (DjLineModel *self,
                 DjNode      *node,
                 DjGame      *game)
{
  DjNode *parent = dj_node_get_parent (node);
  gint64 index;

  if (parent == NULL || (index = line_index (self, node)) < 0)
    return;
  /* Emitted before the node goes: build the line as it will be. */
  rebuild_after (self, parent, parent, node);
  /* The current node goes with it: its parent stands in until the game
   * names the new current node. */
  if (current_index (self) >= index)
    set_current (self, index > 0 ? (guint) index - 1 : DJ_LINE_MODEL_NO_POSITION);
}

static void
on_node_changed (DjLineModel *self,
                 DjNode      *node,
                 DjGame      *game)
{
  gint64 index = line_index (self, node);

  if (index < 0)
    return;
  g_clear_object ((GObject **) &self->items->pdata[index]);
  g_list_model_items_changed (G_LIST_MODEL (self), index, 1, 1);
}

static void
on_children_reordered (DjLineModel *self,
                       DjNode      *parent,
                       DjGame      *game)
{
  gint64 index = line_index (self, parent);

  if (index == -2 || index < current_index (self))
    return;
  rebuild_after (self, parent, parent, NULL);
}

static void
dj_line_model_constructed (GObject *object)
{
  DjLineModel *self = DJ_LINE_MODEL (object);
  DjNode *current;

  G_OBJECT_CLASS (dj_line_model_parent_class)->constructed (object);

  g_return_if_fail (DJ_IS_GAME (self->game));

  g_signal_connect_object (self->game, "current-changed",
                           G_CALLBACK (on_current_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "node-added",
                           G_CALLBACK (on_node_added), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "node-removed",
                           G_CALLBACK (on_node_removed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "node-changed",
                           G_CALLBACK (on_node_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "children-reordered",
                           G_CALLBACK (on_children_reordered), self, G_CONNECT_SWAPPED);

  /* Nobody listens yet: fill the line without signals. */
  current = dj_game_get_current (self->game);
  {
    g_autoptr(GPtrArray) tail = g_ptr_array_new ();
    guint depth = dj_node_get_ply (current);

    g_ptr_array_set_size (tail, depth);
    for (DjNode *n = current; dj_node_get_parent (n) != NULL; n = dj_node_get_parent (n))
      tail->pdata[--depth] = n;
    add_continuation (tail, current, NULL);
    for (guint i = 0; i < tail->len; i++)
      {
        g_ptr_array_add (self->nodes, tail->pdata[i]);
        g_ptr_array_add (self->items, NULL);
      }
  }
  self->current = dj_node_get_ply (current) == 0 ? DJ_LINE_MODEL_NO_POSITION
                                                 : dj_node_get_ply (current) - 1;
}

static void
dj_line_model_finalize (GObject *object)
{
  DjLineModel *self = DJ_LINE_MODEL (object);

  g_clear_pointer (&self->nodes, g_ptr_array_unref);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (dj_line_model_parent_class)->finalize (object);
}

static void
dj_line_model_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  DjLineModel *self = DJ_LINE_MODEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_CURRENT:
      g_value_set_uint (value, self->current);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_line_model_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  DjLineModel *self = DJ_LINE_MODEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_line_model_class_init (DjLineModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = dj_line_model_constructed;
  object_class->finalize = dj_line_model_finalize;
  object_class->get_property = dj_line_model_get_property;
  object_class->set_property = dj_line_model_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL,
                         DJ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * DjLineModel:current:
   *
   * The position of the game's current node, or %DJ_LINE_MODEL_NO_POSITION.
   */
  properties[PROP_CURRENT] =
    g_param_spec_uint ("current", NULL, NULL,
                       0, G_MAXUINT, DJ_LINE_MODEL_NO_POSITION,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dj_line_model_init (DjLineModel *self)
{
  self->nodes = g_ptr_array_new ();
  self->items = g_ptr_array_new_with_free_func (clear_item);
  self->current = DJ_LINE_MODEL_NO_POSITION;
}

DjLineModel *
dj_line_model_new (DjGame *game)
{
  g_return_val_if_fail (DJ_IS_GAME (game), NULL);

  return g_object_new (DJ_TYPE_LINE_MODEL, "game", game, NULL);
}

DjGame *
dj_line_model_get_game (DjLineModel *self)
{
  g_return_val_if_fail (DJ_IS_LINE_MODEL (self), NULL);
  return self->game;
}

guint
dj_line_model_get_current (DjLineModel *self)
{
  g_return_val_if_fail (DJ_IS_LINE_MODEL (self), DJ_LINE_MODEL_NO_POSITION);
  return self->current;
}

DjNode *
dj_line_model_get_node (DjLineModel *self,
                        guint        position)
{
  g_return_val_if_fail (DJ_IS_LINE_MODEL (self), NULL);

  if (position >= self->nodes->len)
    return NULL;
  return self->nodes->pdata[position];
}
