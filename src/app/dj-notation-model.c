/* dj-notation-model.c: a game's whole move tree as rows of notation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-notation-model.h"

/* Rows */

struct _DjNotationRow
{
  GObject        parent_instance;

  DjNode        *first;
  guint          n_nodes;
  guint          depth;
  gboolean       starts_variation;
  guint64        stamp;
  GSequenceIter *iter;
};

G_DEFINE_FINAL_TYPE (DjNotationRow, dj_notation_row, G_TYPE_OBJECT)

/* Stamps of what rows show: a stamp is given once, to one row, in any model. */
static guint64 last_stamp;

static void
touch (DjNotationRow *row)
{
  row->stamp = ++last_stamp;
}

static void
dj_notation_row_class_init (DjNotationRowClass *klass)
{
}

static void
dj_notation_row_init (DjNotationRow *self)
{
  touch (self);
}

DjNode *
dj_notation_row_get_first (DjNotationRow *self)
{
  g_return_val_if_fail (DJ_IS_NOTATION_ROW (self), NULL);
  return self->first;
}

guint
dj_notation_row_get_n_nodes (DjNotationRow *self)
{
  g_return_val_if_fail (DJ_IS_NOTATION_ROW (self), 0);
  return self->n_nodes;
}

DjNode *
dj_notation_row_get_node (DjNotationRow *self,
                          guint          i)
{
  DjNode *node;

  g_return_val_if_fail (DJ_IS_NOTATION_ROW (self), NULL);
  g_return_val_if_fail (i < self->n_nodes, NULL);

  node = self->first;
  while (i-- > 0)
    node = dj_node_get_first_child (node);
  return node;
}

guint
dj_notation_row_get_depth (DjNotationRow *self)
{
  g_return_val_if_fail (DJ_IS_NOTATION_ROW (self), 0);
  return self->depth;
}

gboolean
dj_notation_row_starts_variation (DjNotationRow *self)
{
  g_return_val_if_fail (DJ_IS_NOTATION_ROW (self), FALSE);
  return self->starts_variation;
}

guint64
dj_notation_row_get_stamp (DjNotationRow *self)
{
  g_return_val_if_fail (DJ_IS_NOTATION_ROW (self), 0);
  return self->stamp;
}

/* The model */

struct _DjNotationModel
{
  GObject     parent_instance;

  DjGame     *game;
  GSequence  *rows;        /* DjNotationRow, owned */
  GHashTable *node_rows;   /* DjNode → DjNotationRow showing it */
  GHashTable *pending;     /* DjNode whose children still need rows */
  DjNode     *current;
  guint       flush_source;
};

enum {
  ROW_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void dj_notation_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DjNotationModel, dj_notation_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      dj_notation_model_list_model_init))

static GType
dj_notation_model_get_item_type (GListModel *list)
{
  return DJ_TYPE_NOTATION_ROW;
}

static guint
dj_notation_model_get_n_items (GListModel *list)
{
  return g_sequence_get_length (DJ_NOTATION_MODEL (list)->rows);
}

static gpointer
dj_notation_model_get_item (GListModel *list,
                            guint       position)
{
  DjNotationModel *self = DJ_NOTATION_MODEL (list);
  GSequenceIter *iter;

  if (position >= (guint) g_sequence_get_length (self->rows))
    return NULL;
  iter = g_sequence_get_iter_at_pos (self->rows, position);
  return g_object_ref (g_sequence_get (iter));
}

static void
dj_notation_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dj_notation_model_get_item_type;
  iface->get_n_items = dj_notation_model_get_n_items;
  iface->get_item = dj_notation_model_get_item;
}

static inline DjNotationRow *
row_of (DjNotationModel *self,
        DjNode          *node)
{
  return g_hash_table_lookup (self->node_rows, node);
}

static guint
row_pos (DjNotationRow *row)
{
  return g_sequence_iter_get_position (row->iter);
}

static guint
offset_in_row (DjNotationRow *row,
               DjNode        *node)
{
  DjNode *x = row->first;
  guint i = 0;

  while (x != node)
    {
      g_assert (i < row->n_nodes);
      x = dj_node_get_first_child (x);
      i++;
    }
  return i;
}

static DjNode *
last_child (DjNode *node)
{
  DjNode *c = dj_node_get_first_child (node);

  while (c != NULL && dj_node_get_next_sibling (c) != NULL)
    c = dj_node_get_next_sibling (c);
  return c;
}

/* The move written last among @x and everything after it, for a variation
 * (not a first child) @x: the end of its line, or the last variation
 * replacing that end, and so on. */
static DjNode *
display_last (DjNode *x)
{
  for (;;)
    {
      DjNode *end = dj_node_get_line_end (x);

      if (end != x && dj_node_get_next_sibling (end) != NULL)
        x = last_child (dj_node_get_parent (end));
      else
        return end;
    }
}

static gboolean
is_branch (DjNode *node)
{
  return dj_node_is_first_child (node) && dj_node_get_parent (node) != NULL
         && dj_node_get_next_sibling (node) != NULL;
}

static DjNotationRow *
row_new (DjNode  *first,
         guint    depth)
{
  DjNotationRow *row = g_object_new (DJ_TYPE_NOTATION_ROW, NULL);

  row->first = first;
  row->depth = depth;
  row->starts_variation = !dj_node_is_first_child (first);
  return row;
}

typedef struct
{
  DjNode *node;
  guint   depth;
} Pending;

/* Writes the line from @start and everything written within it (its
 * variations, nested) as rows inserted before @before.  The first moves go
 * into @extend when it has room.  No recursion: a stack of lines to write. */
static void
insert_line (DjNotationModel *self,
             GSequenceIter   *before,
             DjNotationRow   *extend,
             DjNode          *start,
             guint            depth)
{
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Pending));
  g_autoptr(GPtrArray) siblings = g_ptr_array_new ();
  Pending top = { start, depth };
  guint first_pos = g_sequence_iter_get_position (before);
  guint added = 0;
  gboolean extended = FALSE;
  DjNotationRow *row;

  if (extend != NULL && (extend->n_nodes >= DJ_NOTATION_ROW_MAX || extend->depth != depth
                         || !dj_node_is_first_child (start)))
    extend = NULL;
  row = extend;

  g_array_append_val (stack, top);
  while (stack->len > 0)
    {
      DjNode *node;
      guint d;

      top = g_array_index (stack, Pending, stack->len - 1);
      g_array_set_size (stack, stack->len - 1);
      node = top.node;
      d = top.depth;
      while (node != NULL)
        {
          if (row == NULL || row->n_nodes >= DJ_NOTATION_ROW_MAX)
            {
              row = row_new (node, d);
              row->iter = g_sequence_insert_before (before, row);
              added++;
            }
          if (row == extend)
            extended = TRUE;
          if (row->n_nodes == 0)
            row->first = node;
          row->n_nodes++;
          g_hash_table_insert (self->node_rows, node, row);

          if (is_branch (node))
            {
              Pending p;

              /* The variations replacing @node, then the line going on. */
              row = NULL;
              if (dj_node_get_first_child (node) != NULL)
                {
                  p.node = dj_node_get_first_child (node);
                  p.depth = d;
                  g_array_append_val (stack, p);
                }
              g_ptr_array_set_size (siblings, 0);
              for (DjNode *s = dj_node_get_next_sibling (node); s; s = dj_node_get_next_sibling (s))
                g_ptr_array_add (siblings, s);
              for (guint i = siblings->len; i > 0; i--)
                {
                  p.node = siblings->pdata[i - 1];
                  p.depth = d + 1;
                  g_array_append_val (stack, p);
                }
              break;
            }
          node = dj_node_get_first_child (node);
        }
      row = NULL;
    }

  /* One report: the rows added follow the row extended. */
  if (extended)
    {
      touch (extend);
      g_list_model_items_changed (G_LIST_MODEL (self), row_pos (extend), 1, 1 + added);
    }
  else if (added > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), first_pos, 0, added);
}

/* Forgets @count moves from @node on along first children. */
static void
unmap_nodes (DjNotationModel *self,
             DjNode          *node,
             guint            count)
{
  for (guint i = 0; i < count && node != NULL; i++)
    {
      g_hash_table_remove (self->node_rows, node);
      node = dj_node_get_first_child (node);
    }
}

/* Removes the rows of what is written from the @k-th move of @row (which is
 * @node) on, as far as that line goes: the rest of @row, its variations and
 * its continuation rows (deeper rows, or rows of the same depth that do not
 * begin a variation).  @node is given because the first-child links before
 * it may already have changed (a reorder). */
static void
remove_region (DjNotationModel *self,
               DjNotationRow   *row,
               guint            k,
               DjNode          *node)
{
  guint pos = row_pos (row);
  guint depth = row->depth;
  guint removed = 0;
  GSequenceIter *iter = g_sequence_iter_next (row->iter);
  GSequenceIter *end;

  while (!g_sequence_iter_is_end (iter))
    {
      DjNotationRow *next = g_sequence_get (iter);

      if (next->depth < depth || (next->depth == depth && next->starts_variation))
        break;
      unmap_nodes (self, next->first, next->n_nodes);
      removed++;
      iter = g_sequence_iter_next (iter);
    }
  end = iter;
  if (removed > 0)
    g_sequence_remove_range (g_sequence_iter_next (row->iter), end);

  unmap_nodes (self, node, row->n_nodes - k);
  if (k == 0)
    {
      g_sequence_remove (row->iter);
      g_list_model_items_changed (G_LIST_MODEL (self), pos, removed + 1, 0);
    }
  else
    {
      row->n_nodes = k;
      touch (row);
      g_list_model_items_changed (G_LIST_MODEL (self), pos, removed + 1, 1);
    }
}

/* Cuts @row after its @k-th move. */
static void
split_row (DjNotationModel *self,
           DjNotationRow   *row,
           guint            k)
{
  DjNode *last = dj_notation_row_get_node (row, k);
  DjNotationRow *tail = row_new (dj_node_get_first_child (last), row->depth);
  DjNode *node = tail->first;

  tail->n_nodes = row->n_nodes - k - 1;
  tail->starts_variation = FALSE;
  row->n_nodes = k + 1;
  touch (row);
  for (guint i = 0; i < tail->n_nodes; i++)
    {
      g_hash_table_insert (self->node_rows, node, tail);
      node = dj_node_get_first_child (node);
    }
  tail->iter = g_sequence_insert_before (g_sequence_iter_next (row->iter), tail);
  g_list_model_items_changed (G_LIST_MODEL (self), row_pos (row), 1, 2);
}

/* Joins the row after @row to it when that row goes on with the same line and
 * both fit in one row. */
static void
try_merge (DjNotationModel *self,
           DjNotationRow   *row,
           gboolean         branch_going)
{
  GSequenceIter *iter = g_sequence_iter_next (row->iter);
  DjNotationRow *next;
  DjNode *last;
  DjNode *node;

  if (g_sequence_iter_is_end (iter))
    return;
  next = g_sequence_get (iter);
  last = dj_notation_row_get_node (row, row->n_nodes - 1);
  if (next->first != dj_node_get_first_child (last) || next->depth != row->depth
      || (!branch_going && is_branch (last)) || row->n_nodes + next->n_nodes > DJ_NOTATION_ROW_MAX)
    return;

  node = next->first;
  for (guint i = 0; i < next->n_nodes; i++)
    {
      g_hash_table_insert (self->node_rows, node, row);
      node = dj_node_get_first_child (node);
    }
  row->n_nodes += next->n_nodes;
  touch (row);
  {
    guint pos = row_pos (row);

    g_sequence_remove (iter);
    g_list_model_items_changed (G_LIST_MODEL (self), pos, 2, 1);
  }
}

/* Writes the children of @parent (none of which has rows) where they belong:
 * after @parent's row, or after the variations replacing @parent. */
static void
insert_children (DjNotationModel *self,
                 DjNode          *parent)
{
  DjNode *first = dj_node_get_first_child (parent);
  DjNotationRow *row;
  GSequenceIter *before;
  guint depth;

  if (first == NULL)
    return;
  if (dj_node_get_parent (parent) == NULL)
    {
      insert_line (self, g_sequence_get_begin_iter (self->rows), NULL, first, 0);
      return;
    }

  row = row_of (self, parent);
  g_return_if_fail (row != NULL);
  depth = row->depth;
  if (is_branch (parent))
    {
      DjNode *last = display_last (last_child (dj_node_get_parent (parent)));

      before = g_sequence_iter_next (row_of (self, last)->iter);
      insert_line (self, before, NULL, first, depth);
    }
  else
    {
      before = g_sequence_iter_next (row->iter);
      insert_line (self, before, row, first, depth);
    }
}

/* Removes the rows of all the children of @parent (as they are written now). */
static void
remove_children (DjNotationModel *self,
                 DjNode          *parent)
{
  DjNotationRow *best = NULL;
  guint best_pos = G_MAXUINT;
  DjNode *best_node = NULL;

  /* The child written first is the former main line: the earliest row. */
  for (DjNode *c = dj_node_get_first_child (parent); c; c = dj_node_get_next_sibling (c))
    {
      DjNotationRow *row = row_of (self, c);
      guint pos;

      if (row == NULL)
        continue;
      pos = row_pos (row);
      if (pos < best_pos)
        {
          best_pos = pos;
          best = row;
          best_node = c;
        }
    }
  if (best == NULL)
    return;
  /* The links before the former first child may have changed: count from
   * @parent when it shares the row. */
  if (row_of (self, parent) == best)
    remove_region (self, best, offset_in_row (best, parent) + 1, best_node);
  else
    remove_region (self, best, 0, best_node);
}

static gboolean
flush_idle (gpointer data)
{
  DjNotationModel *self = data;

  self->flush_source = 0;
  dj_notation_model_flush (self);
  return G_SOURCE_REMOVE;
}

static void
add_pending (DjNotationModel *self,
             DjNode          *node)
{
  g_hash_table_add (self->pending, node);
  if (self->flush_source == 0)
    self->flush_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, flush_idle, self, NULL);
}

static int
compare_ply (gconstpointer a,
             gconstpointer b)
{
  guint pa = dj_node_get_ply (*(DjNode **) a);
  guint pb = dj_node_get_ply (*(DjNode **) b);

  return pa < pb ? -1 : pa > pb;
}

void
dj_notation_model_flush (DjNotationModel *self)
{
  g_autoptr(GPtrArray) nodes = NULL;

  g_return_if_fail (DJ_IS_NOTATION_MODEL (self));

  g_clear_handle_id (&self->flush_source, g_source_remove);
  if (g_hash_table_size (self->pending) == 0)
    return;

  nodes = g_ptr_array_new ();
  {
    GHashTableIter iter;
    gpointer node;

    g_hash_table_iter_init (&iter, self->pending);
    while (g_hash_table_iter_next (&iter, &node, NULL))
      g_ptr_array_add (nodes, node);
    g_hash_table_remove_all (self->pending);
  }
  g_ptr_array_sort (nodes, compare_ply);
  for (guint i = 0; i < nodes->len; i++)
    {
      DjNode *node = nodes->pdata[i];
      DjNode *first = dj_node_get_first_child (node);

      if (dj_node_get_parent (node) != NULL && row_of (self, node) == NULL)
        continue;
      if (first == NULL || row_of (self, first) != NULL)
        continue;
      insert_children (self, node);
    }
}

static gboolean
is_inside (DjNode *node,
           DjNode *top)
{
  for (; node != NULL; node = dj_node_get_parent (node))
    if (node == top)
      return TRUE;
  return FALSE;
}

/* Record signals */

static void
on_node_added (DjNotationModel *self,
               DjNode          *node,
               DjGame          *game)
{
  DjNode *parent = dj_node_get_parent (node);
  guint n = dj_node_get_n_children (parent);
  guint i = dj_node_get_index (node);

  if (g_hash_table_contains (self->pending, parent))
    return;
  if (dj_node_get_parent (parent) != NULL && row_of (self, parent) == NULL)
    return;

  if (n == 1)
    insert_children (self, parent);
  else if (i == n - 1)
    {
      DjNode *first = dj_node_get_first_child (parent);
      DjNotationRow *row = row_of (self, first);
      GSequenceIter *before;

      g_return_if_fail (row != NULL);
      if (i == 1)
        {
          guint k = offset_in_row (row, first);

          if (k + 1 < row->n_nodes)
            split_row (self, row, k);
          before = g_sequence_iter_next (row->iter);
        }
      else
        {
          DjNode *last = display_last (dj_node_get_nth_child (parent, i - 1));

          before = g_sequence_iter_next (row_of (self, last)->iter);
        }
      insert_line (self, before, NULL, node, row->depth + 1);
    }
  else
    {
      /* Put back before other children (an undone removal): the lines below
       * change level, so they are written again. */
      g_hash_table_remove (self->node_rows, node);
      remove_children (self, parent);
      insert_children (self, parent);
    }
}

static void
on_node_removed (DjNotationModel *self,
                 DjNode          *node,
                 DjGame          *game)
{
  DjNode *parent = dj_node_get_parent (node);
  DjNotationRow *row = row_of (self, node);
  guint n, i;

  if (g_hash_table_size (self->pending) > 0)
    {
      GHashTableIter iter;
      DjNode *p;

      g_hash_table_iter_init (&iter, self->pending);
      while (g_hash_table_iter_next (&iter, (gpointer *) &p, NULL))
        if (is_inside (p, node))
          g_hash_table_iter_remove (&iter);
    }
  if (self->current != NULL && is_inside (self->current, node))
    self->current = parent;
  if (row == NULL)
    return;

  n = dj_node_get_n_children (parent);
  i = dj_node_get_index (node);
  if (i > 0)
    {
      remove_region (self, row, 0, node);
      if (n == 2)
        {
          DjNotationRow *first_row = row_of (self, dj_node_get_first_child (parent));

          /* The first child no longer ends its row once @node is gone. */
          if (first_row != NULL)
            try_merge (self, first_row, TRUE);
        }
    }
  else if (n == 1)
    remove_region (self, row, offset_in_row (row, node), node);
  else
    {
      /* The first variation becomes the main line once @node is gone. */
      remove_region (self, row, offset_in_row (row, node), node);
      add_pending (self, parent);
    }
}

static void
on_children_reordered (DjNotationModel *self,
                       DjNode          *parent,
                       DjGame          *game)
{
  dj_notation_model_flush (self);
  if (dj_node_get_parent (parent) != NULL && row_of (self, parent) == NULL)
    return;
  remove_children (self, parent);
  insert_children (self, parent);
}

/* What a row shows changed, not the rows: ::row-changed, not items-changed,
 * so that a list showing the row redraws it in place. */
static void
row_changed (DjNotationModel *self,
             DjNode          *node)
{
  DjNotationRow *row;

  if (node == NULL || (row = row_of (self, node)) == NULL)
    return;
  touch (row);
  g_signal_emit (self, signals[ROW_CHANGED], 0, row);
}

static void
on_node_changed (DjNotationModel *self,
                 DjNode          *node,
                 DjGame          *game)
{
  row_changed (self, node);
}

static void
on_current_changed (DjNotationModel *self,
                    DjNode          *node,
                    DjGame          *game)
{
  DjNode *old = self->current;

  self->current = node;
  if (old != NULL && row_of (self, old) != row_of (self, node))
    row_changed (self, old);
  row_changed (self, node);
}

/* GObject */

static void
dj_notation_model_dispose (GObject *object)
{
  DjNotationModel *self = DJ_NOTATION_MODEL (object);

  g_clear_handle_id (&self->flush_source, g_source_remove);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (dj_notation_model_parent_class)->dispose (object);
}

static void
dj_notation_model_finalize (GObject *object)
{
  DjNotationModel *self = DJ_NOTATION_MODEL (object);

  g_sequence_free (self->rows);
  g_hash_table_unref (self->node_rows);
  g_hash_table_unref (self->pending);

  G_OBJECT_CLASS (dj_notation_model_parent_class)->finalize (object);
}

static void
dj_notation_model_class_init (DjNotationModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dj_notation_model_dispose;
  object_class->finalize = dj_notation_model_finalize;

  /**
   * DjNotationModel::row-changed:
   * @row: a row whose moves are the same but show differently
   *
   * An annotation of a move of @row changed, or the current move came to
   * or left it.
   */
  signals[ROW_CHANGED] =
    g_signal_new ("row-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, DJ_TYPE_NOTATION_ROW);
}

static void
dj_notation_model_init (DjNotationModel *self)
{
  self->rows = g_sequence_new (g_object_unref);
  self->node_rows = g_hash_table_new (NULL, NULL);
  self->pending = g_hash_table_new (NULL, NULL);
}

DjNotationModel *
dj_notation_model_new (DjGame *game)
{
  DjNotationModel *self;

  g_return_val_if_fail (DJ_IS_GAME (game), NULL);

  self = g_object_new (DJ_TYPE_NOTATION_MODEL, NULL);
  self->game = g_object_ref (game);
  self->current = dj_game_get_current (game);

  g_signal_connect_object (game, "node-added", G_CALLBACK (on_node_added), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "node-removed", G_CALLBACK (on_node_removed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "children-reordered", G_CALLBACK (on_children_reordered), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "node-changed", G_CALLBACK (on_node_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "current-changed", G_CALLBACK (on_current_changed), self,
                           G_CONNECT_SWAPPED);

  /* Built without signals: nobody is listening yet. */
  {
    DjNode *first = dj_node_get_first_child (dj_game_get_root (game));

    if (first != NULL)
      insert_line (self, g_sequence_get_end_iter (self->rows), NULL, first, 0);
  }
  return self;
}

DjGame *
dj_notation_model_get_game (DjNotationModel *self)
{
  g_return_val_if_fail (DJ_IS_NOTATION_MODEL (self), NULL);
  return self->game;
}

DjNotationRow *
dj_notation_model_find_row (DjNotationModel *self,
                            DjNode          *node,
                            guint           *index)
{
  DjNotationRow *row;

  g_return_val_if_fail (DJ_IS_NOTATION_MODEL (self), NULL);

  if (node == NULL || (row = row_of (self, node)) == NULL)
    return NULL;
  if (index != NULL)
    *index = offset_in_row (row, node);
  return row;
}

guint
dj_notation_model_get_row_position (DjNotationModel *self,
                                    DjNotationRow   *row)
{
  g_return_val_if_fail (DJ_IS_NOTATION_MODEL (self), 0);
  g_return_val_if_fail (DJ_IS_NOTATION_ROW (row), 0);
  return row_pos (row);
}

/* For tests: the nodes in notation order as the rows give them, against a
 * fresh write of the tree. */
gboolean
dj_notation_model_check (DjNotationModel *self,
                         char           **message)
{
  g_autoptr(DjNotationModel) fresh = NULL;
  GSequenceIter *a, *b;
  guint pos = 0;

  g_return_val_if_fail (DJ_IS_NOTATION_MODEL (self), FALSE);

  dj_notation_model_flush (self);
  fresh = g_object_new (DJ_TYPE_NOTATION_MODEL, NULL);
  fresh->game = g_object_ref (self->game);
  {
    DjNode *first = dj_node_get_first_child (dj_game_get_root (self->game));

    if (first != NULL)
      insert_line (fresh, g_sequence_get_end_iter (fresh->rows), NULL, first, 0);
  }

  /* Rows may be cut differently (a longer history leaves shorter rows), but
   * the moves, their order and their depth must be the same. */
  a = g_sequence_get_begin_iter (self->rows);
  b = g_sequence_get_begin_iter (fresh->rows);
  {
    guint ia = 0, ib = 0;

    while (!g_sequence_iter_is_end (a) && !g_sequence_iter_is_end (b))
      {
        DjNotationRow *ra = g_sequence_get (a);
        DjNotationRow *rb = g_sequence_get (b);
        DjNode *na = dj_notation_row_get_node (ra, ia);
        DjNode *nb = dj_notation_row_get_node (rb, ib);

        if (na != nb || ra->depth != rb->depth || row_of (self, na) != ra)
          {
            if (message)
              *message = g_strdup_printf ("move %u: row %p depth %u, expected %p depth %u",
                                          pos, (void *) na, ra->depth, (void *) nb, rb->depth);
            return FALSE;
          }
        pos++;
        if (++ia == ra->n_nodes)
          {
            a = g_sequence_iter_next (a);
            ia = 0;
          }
        if (++ib == rb->n_nodes)
          {
            b = g_sequence_iter_next (b);
            ib = 0;
          }
      }
    if (!g_sequence_iter_is_end (a) || !g_sequence_iter_is_end (b)
        || g_hash_table_size (self->node_rows) != dj_game_get_n_nodes (self->game) - 1)
      {
        if (message)
          *message = g_strdup_printf ("%u moves written, %u mapped, the tree has %u",
                                      pos, g_hash_table_size (self->node_rows),
                                      dj_game_get_n_nodes (self->game) - 1);
        return FALSE;
      }
  }
  return TRUE;
}
