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

  DjNode        *first;             /* the root, for the start position's notes */
  guint          n_nodes;
  guint          depth;
  gboolean       starts_variation;
  gboolean       is_start;
  guint64        stamp;
  GSequenceIter *iter;              /* NULL once the row has left the list */
  guint          mark;              /* a rewrite may take the row again */
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

gboolean
dj_notation_row_is_start (DjNotationRow *self)
{
  g_return_val_if_fail (DJ_IS_NOTATION_ROW (self), FALSE);
  return self->is_start;
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
  GObject        parent_instance;

  DjGame        *game;
  GSequence     *rows;        /* DjNotationRow, owned */
  GHashTable    *node_rows;   /* DjNode → DjNotationRow showing it */
  DjNotationRow *start_row;   /* the start position's notes, first; or NULL */
  DjNode        *current;
  DjNode        *gone;        /* a node being removed, still in the tree */
  guint          mark;        /* the rewrite under way, or 0 */
  guint          n_rewrites;
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

/* The tree as it is written.  While a node is being removed (::node-removed
 * comes before the record unlinks it) it is left out already. */

static DjNode *
first_kid (DjNotationModel *self,
           DjNode          *node)
{
  DjNode *c = dj_node_get_first_child (node);

  if (c != NULL && c == self->gone)
    c = dj_node_get_next_sibling (c);
  return c;
}

static DjNode *
next_kid (DjNotationModel *self,
          DjNode          *node)
{
  DjNode *s = dj_node_get_next_sibling (node);

  if (s != NULL && s == self->gone)
    s = dj_node_get_next_sibling (s);
  return s;
}

static DjNode *
last_kid (DjNotationModel *self,
          DjNode          *node)
{
  DjNode *c = first_kid (self, node);

  while (c != NULL && next_kid (self, c) != NULL)
    c = next_kid (self, c);
  return c;
}

static gboolean
is_first_kid (DjNotationModel *self,
              DjNode          *node)
{
  DjNode *parent = dj_node_get_parent (node);

  return parent == NULL || first_kid (self, parent) == node;
}

/* A move on a line that has variations replacing it: its row ends with it. */
static gboolean
is_branch (DjNotationModel *self,
           DjNode          *node)
{
  return dj_node_get_parent (node) != NULL && is_first_kid (self, node)
         && next_kid (self, node) != NULL;
}

/* The last move written in the block that begins with the line from @x:
 * the end of that line, or if that end has variations, the last move
 * written in the last of them, and so on.  O(length of those lines). */
static DjNode *
block_last (DjNotationModel *self,
            DjNode          *x)
{
  for (;;)
    {
      DjNode *end = x, *c;

      while ((c = first_kid (self, end)) != NULL)
        end = c;
      if (!is_branch (self, end))
        return end;
      x = last_kid (self, dj_node_get_parent (end));
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

/* Rows in the list */

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

/* The place of @node in @row, counted along first-child links (the links
 * before @node must be the ones the row was written with). */
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

/* Where the rows of moves begin: after the start position's notes. */
static GSequenceIter *
moves_begin (DjNotationModel *self)
{
  if (self->start_row != NULL)
    return g_sequence_iter_next (self->start_row->iter);
  return g_sequence_get_begin_iter (self->rows);
}

/* Writing rows */

typedef struct
{
  DjNode *node;
  guint   depth;
} Pending;

/* The row being written and what it showed before, if it is taken again. */
typedef struct
{
  DjNotationRow *row;
  guint          n_nodes;
  guint          depth;
  gboolean       starts_variation;
} Open;

/* Ends the row being written: a row taken again gets a new stamp if it
 * shows something else now. */
static void
close_row (Open *open)
{
  DjNotationRow *row = open->row;

  if (row != NULL && (row->n_nodes != open->n_nodes || row->depth != open->depth
                      || row->starts_variation != open->starts_variation))
    touch (row);
  open->row = NULL;
}

/* Begins a row with @first: the row of the rewrite under way that began
 * with it, if any (what the list shows of it stays), else a new one. */
static void
open_row (DjNotationModel *self,
          Open            *open,
          DjNode          *first,
          guint            depth,
          GPtrArray       *out)
{
  DjNotationRow *row = self->mark != 0 ? row_of (self, first) : NULL;

  close_row (open);
  if (row != NULL && row->mark == self->mark && row->first == first)
    row->mark = 0;
  else
    {
      row = g_object_new (DJ_TYPE_NOTATION_ROW, NULL);
      row->first = first;
    }
  open->row = row;
  open->n_nodes = row->n_nodes;
  open->depth = row->depth;
  open->starts_variation = row->starts_variation;
  row->n_nodes = 0;
  row->depth = depth;
  row->starts_variation = !is_first_kid (self, first);
  g_ptr_array_add (out, row);
}

/* Writes the line from @start and everything written within it (its
 * variations, nested) as rows added to @out, at @depth.  The first moves go
 * into @extend (a row ending just before @start) when it has room.  Every
 * move written is mapped to its row.  No recursion: a stack of lines. */
static void
write_block (DjNotationModel *self,
             DjNotationRow   *extend,
             DjNode          *start,
             guint            depth,
             GPtrArray       *out)
{
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Pending));
  g_autoptr(GPtrArray) siblings = g_ptr_array_new ();
  Pending top = { start, depth };
  Open open = { NULL };

  if (extend != NULL && extend->n_nodes < DJ_NOTATION_ROW_MAX && extend->depth == depth
      && is_first_kid (self, start))
    {
      open.row = extend;
      open.n_nodes = G_MAXUINT;   /* it changes */
    }

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
          DjNotationRow *row;

          if (open.row == NULL || open.row->n_nodes >= DJ_NOTATION_ROW_MAX)
            open_row (self, &open, node, d, out);
          row = open.row;
          row->n_nodes++;
          if (row_of (self, node) != row)
            g_hash_table_insert (self->node_rows, node, row);

          if (is_branch (self, node))
            {
              DjNode *next = first_kid (self, node);
              Pending p;

              /* The variations replacing @node, then the line going on. */
              if (next != NULL)
                {
                  p.node = next;
                  p.depth = d;
                  g_array_append_val (stack, p);
                }
              g_ptr_array_set_size (siblings, 0);
              for (DjNode *s = next_kid (self, node); s != NULL; s = next_kid (self, s))
                g_ptr_array_add (siblings, s);
              for (guint i = siblings->len; i > 0; i--)
                {
                  p.node = siblings->pdata[i - 1];
                  p.depth = d + 1;
                  g_array_append_val (stack, p);
                }
              break;
            }
          node = first_kid (self, node);
        }
      close_row (&open);
    }
}

/* Adds to @region @row and the rows after it that go on with what is
 * written from it: deeper rows, and rows of its depth that do not begin a
 * variation.  Returns the row after them. */
static GSequenceIter *
collect_region (DjNotationRow *row,
                GPtrArray     *region)
{
  GSequenceIter *iter;

  g_ptr_array_add (region, row);
  for (iter = g_sequence_iter_next (row->iter); !g_sequence_iter_is_end (iter);
       iter = g_sequence_iter_next (iter))
    {
      DjNotationRow *next = g_sequence_get (iter);

      if (next->depth < row->depth || (next->depth == row->depth && next->starts_variation))
        break;
      g_ptr_array_add (region, next);
    }
  return iter;
}

/* Puts the rows @out in the place of the rows @old (consecutive, just
 * before @stop).  Rows in both keep their place in the list, or move;
 * the others come or go.  One items-changed reports it, without the rows
 * at either end that stay where they were and show what they showed
 * before the edit began (stamps up to @since), so that a list keeps their
 * widgets as they are. */
static void
replace_rows (DjNotationModel *self,
              GPtrArray       *old,
              GSequenceIter   *stop,
              GPtrArray       *out,
              guint64          since)
{
  GSequenceIter *cursor = old->len > 0 ? ((DjNotationRow *) old->pdata[0])->iter : stop;
  guint pos = g_sequence_iter_get_position (cursor);
  guint pre = 0, post = 0;

  for (guint i = 0; i < out->len; i++)
    {
      DjNotationRow *row = out->pdata[i];

      if (row->iter == NULL)
        row->iter = g_sequence_insert_before (cursor, row);
      else if (row->iter == cursor)
        cursor = g_sequence_iter_next (cursor);
      else
        g_sequence_move (row->iter, cursor);
    }
  /* What is left of the old rows is no longer shown. */
  for (GSequenceIter *iter = cursor; iter != stop; iter = g_sequence_iter_next (iter))
    ((DjNotationRow *) g_sequence_get (iter))->iter = NULL;
  g_sequence_remove_range (cursor, stop);

  while (pre < old->len && pre < out->len && old->pdata[pre] == out->pdata[pre]
         && ((DjNotationRow *) out->pdata[pre])->stamp <= since)
    pre++;
  while (post < old->len - pre && post < out->len - pre
         && old->pdata[old->len - 1 - post] == out->pdata[out->len - 1 - post]
         && ((DjNotationRow *) out->pdata[out->len - 1 - post])->stamp <= since)
    post++;
  if (old->len > pre + post || out->len > pre + post)
    g_list_model_items_changed (G_LIST_MODEL (self), pos + pre, old->len - pre - post,
                                out->len - pre - post);
}

/* Writes again what is written from the children of @parent, after a
 * change of its first child (formerly @old_first): the levels of the lines
 * below change.  Rows that begin with the same move as before are kept
 * (with their new level), so a list redraws only rows that look different.
 * O(moves below @parent). */
static void
rewrite_children (DjNotationModel *self,
                  DjNode          *parent,
                  DjNode          *old_first)
{
  DjNotationRow *row = row_of (self, old_first);
  guint64 since = last_stamp;
  g_autoptr(GPtrArray) old = g_ptr_array_new ();
  g_autoptr(GPtrArray) out = g_ptr_array_new ();
  GSequenceIter *stop;
  guint depth, k;

  g_return_if_fail (row != NULL);
  depth = row->depth;
  k = row_of (self, parent) == row ? offset_in_row (row, parent) + 1 : 0;
  stop = collect_region (row, old);

  if (++self->n_rewrites == 0)
    self->n_rewrites = 1;
  self->mark = self->n_rewrites;
  for (guint i = k > 0 ? 1 : 0; i < old->len; i++)
    ((DjNotationRow *) old->pdata[i])->mark = self->mark;
  if (k > 0)
    {
      /* @parent's row keeps the moves up to @parent. */
      row->n_nodes = k;
      touch (row);
      g_ptr_array_add (out, row);
      write_block (self, row, first_kid (self, parent), depth, out);
    }
  else
    write_block (self, NULL, first_kid (self, parent), depth, out);
  self->mark = 0;

  replace_rows (self, old, stop, out, since);
}

static void
unmap_subtree (DjNotationModel *self,
               DjNode          *top)
{
  for (DjNode *n = top; n != NULL; n = dj_node_walk_next (n, top))
    g_hash_table_remove (self->node_rows, n);
}

/* The start position's notes */

static gboolean
has_notes (DjNode *root)
{
  const char *before = dj_node_get_comment_before (root);
  const char *after = dj_node_get_comment_after (root);

  return (before != NULL && before[0] != '\0') || (after != NULL && after[0] != '\0');
}

/* Shows or hides the row of the root's comments, first of all; or, if it
 * stays, has it drawn again. */
static void
sync_start_row (DjNotationModel *self,
                gboolean         report)
{
  DjNode *root = dj_game_get_root (self->game);
  gboolean wanted = has_notes (root);

  if (wanted && self->start_row == NULL)
    {
      DjNotationRow *row = g_object_new (DJ_TYPE_NOTATION_ROW, NULL);

      row->first = root;
      row->is_start = TRUE;
      row->iter = g_sequence_prepend (self->rows, row);
      self->start_row = row;
      if (report)
        g_list_model_items_changed (G_LIST_MODEL (self), 0, 0, 1);
    }
  else if (!wanted && self->start_row != NULL)
    {
      GSequenceIter *iter = self->start_row->iter;

      self->start_row->iter = NULL;
      self->start_row = NULL;
      g_sequence_remove (iter);
      if (report)
        g_list_model_items_changed (G_LIST_MODEL (self), 0, 1, 0);
    }
  else if (wanted && report)
    {
      touch (self->start_row);
      g_signal_emit (self, signals[ROW_CHANGED], 0, self->start_row);
    }
}

/* Record signals */

/* A move played where there was none: its line goes on in the row of its
 * parent, or after the variations replacing the parent. */
static void
add_only_child (DjNotationModel *self,
                DjNode          *node)
{
  DjNode *parent = dj_node_get_parent (node);
  guint64 since = last_stamp;
  g_autoptr(GPtrArray) old = g_ptr_array_new ();
  g_autoptr(GPtrArray) out = g_ptr_array_new ();
  DjNotationRow *row;
  GSequenceIter *stop;

  if (dj_node_get_parent (parent) == NULL)
    {
      write_block (self, NULL, node, 0, out);
      replace_rows (self, old, moves_begin (self), out, since);
      return;
    }

  row = row_of (self, parent);
  if (is_branch (self, parent))
    {
      DjNode *last = block_last (self, last_kid (self, dj_node_get_parent (parent)));

      stop = g_sequence_iter_next (row_of (self, last)->iter);
      write_block (self, NULL, node, row->depth, out);
    }
  else
    {
      /* @parent ended its line, and its row. */
      stop = g_sequence_iter_next (row->iter);
      g_ptr_array_add (old, row);
      g_ptr_array_add (out, row);
      write_block (self, row, node, row->depth, out);
    }
  replace_rows (self, old, stop, out, since);
}

/* A new variation @node: its rows go before the next variation's, or after
 * the last one's, or, for the first variation, after the move it replaces,
 * whose row is cut there. */
static void
add_variation (DjNotationModel *self,
               DjNode          *node)
{
  DjNode *parent = dj_node_get_parent (node);
  DjNode *first = first_kid (self, parent);
  DjNode *next = next_kid (self, node);
  DjNode *prev = dj_node_get_prev_sibling (node);
  DjNotationRow *row = row_of (self, first);
  guint64 since = last_stamp;
  g_autoptr(GPtrArray) old = g_ptr_array_new ();
  g_autoptr(GPtrArray) out = g_ptr_array_new ();
  DjNotationRow *tail = NULL;
  GSequenceIter *stop;

  g_return_if_fail (row != NULL);
  if (next != NULL)
    stop = row_of (self, next)->iter;
  else if (prev != first)
    stop = g_sequence_iter_next (row_of (self, block_last (self, prev))->iter);
  else
    {
      guint k = offset_in_row (row, first);

      stop = g_sequence_iter_next (row->iter);
      if (k + 1 < row->n_nodes)
        {
          DjNode *n;

          tail = g_object_new (DJ_TYPE_NOTATION_ROW, NULL);
          tail->first = dj_node_get_first_child (first);
          tail->n_nodes = row->n_nodes - k - 1;
          tail->depth = row->depth;
          n = tail->first;
          for (guint i = 0; i < tail->n_nodes; i++, n = dj_node_get_first_child (n))
            g_hash_table_insert (self->node_rows, n, tail);
          row->n_nodes = k + 1;
          touch (row);
          g_ptr_array_add (old, row);
          g_ptr_array_add (out, row);
        }
    }
  write_block (self, NULL, node, row->depth + 1, out);
  if (tail != NULL)
    g_ptr_array_add (out, tail);
  replace_rows (self, old, stop, out, since);
}

static void
on_node_added (DjNotationModel *self,
               DjNode          *node,
               DjGame          *game)
{
  DjNode *parent = dj_node_get_parent (node);

  if (dj_node_get_parent (parent) != NULL && row_of (self, parent) == NULL)
    return;
  if (!dj_node_is_first_child (node))
    add_variation (self, node);
  else if (next_kid (self, node) == NULL)
    add_only_child (self, node);
  else
    /* Put back before the others (an undone removal): the lines below
     * change level. */
    rewrite_children (self, parent, next_kid (self, node));
}

/* A variation goes with its rows; the move it replaced may join the row of
 * its line going on. */
static void
remove_variation (DjNotationModel *self,
                  DjNode          *node)
{
  DjNode *first = first_kid (self, dj_node_get_parent (node));
  DjNotationRow *start = row_of (self, node);
  DjNotationRow *end = row_of (self, block_last (self, node));
  guint64 since = last_stamp;
  g_autoptr(GPtrArray) old = g_ptr_array_new ();
  g_autoptr(GPtrArray) out = g_ptr_array_new ();
  GSequenceIter *stop = g_sequence_iter_next (end->iter);

  if (!is_branch (self, first))
    {
      DjNotationRow *row = row_of (self, first);
      DjNotationRow *next = g_sequence_iter_is_end (stop) ? NULL : g_sequence_get (stop);

      /* The row of @first ends with it, just before the variation. */
      if (next != NULL && next->first == dj_node_get_first_child (first)
          && next->depth == row->depth && !next->starts_variation
          && row->n_nodes + next->n_nodes <= DJ_NOTATION_ROW_MAX)
        {
          DjNode *n = next->first;

          for (guint i = 0; i < next->n_nodes; i++, n = dj_node_get_first_child (n))
            g_hash_table_insert (self->node_rows, n, row);
          row->n_nodes += next->n_nodes;
          touch (row);
          g_ptr_array_add (old, row);
          g_ptr_array_add (out, row);
          stop = g_sequence_iter_next (stop);
        }
    }
  for (GSequenceIter *iter = start->iter; iter != stop; iter = g_sequence_iter_next (iter))
    g_ptr_array_add (old, g_sequence_get (iter));
  replace_rows (self, old, stop, out, since);
}

/* The only move after its parent goes, and all after it. */
static void
remove_line (DjNotationModel *self,
             DjNode          *node)
{
  DjNotationRow *row = row_of (self, node);
  guint k = offset_in_row (row, node);
  guint64 since = last_stamp;
  g_autoptr(GPtrArray) old = g_ptr_array_new ();
  g_autoptr(GPtrArray) out = g_ptr_array_new ();
  GSequenceIter *stop = collect_region (row, old);

  if (k > 0)
    {
      row->n_nodes = k;
      touch (row);
      g_ptr_array_add (out, row);
    }
  replace_rows (self, old, stop, out, since);
}

static void
on_node_removed (DjNotationModel *self,
                 DjNode          *node,
                 DjGame          *game)
{
  DjNode *parent = dj_node_get_parent (node);

  if (self->current != NULL && is_inside (self->current, node))
    self->current = parent;
  if (row_of (self, node) == NULL)
    return;

  self->gone = node;
  if (!dj_node_is_first_child (node))
    remove_variation (self, node);
  else if (first_kid (self, parent) == NULL)
    remove_line (self, node);
  else
    /* The first variation becomes the main line. */
    rewrite_children (self, parent, node);
  self->gone = NULL;
  unmap_subtree (self, node);
}

/* The first child stays: the variations' blocks of rows (one after the
 * other, after the row ending with the first child) take the new order.
 * O(variations · log rows). */
typedef struct
{
  GSequenceIter *begin;
  GSequenceIter *last;
  guint          pos;     /* where the block began */
  guint          len;
} Block;

static void
reorder_variations (DjNotationModel *self,
                    DjNode          *parent)
{
  DjNode *first = first_kid (self, parent);
  GSequenceIter *cursor = g_sequence_iter_next (row_of (self, first)->iter);
  guint pos = g_sequence_iter_get_position (cursor);
  guint pre = 0, post = 0, total = 0, at;
  g_autoptr(GArray) blocks = g_array_new (FALSE, FALSE, sizeof (Block));

  for (DjNode *c = next_kid (self, first); c != NULL; c = next_kid (self, c))
    {
      DjNotationRow *last = row_of (self, block_last (self, c));
      Block b;

      b.begin = row_of (self, c)->iter;
      b.last = last->iter;
      b.pos = g_sequence_iter_get_position (b.begin);
      b.len = row_pos (last) + 1 - b.pos;
      g_array_append_val (blocks, b);
      total += b.len;
    }
  for (guint i = 0; i < blocks->len; i++)
    {
      Block *b = &g_array_index (blocks, Block, i);
      GSequenceIter *end = g_sequence_iter_next (b->last);

      /* Blocks are moved whole: each stays in one piece. */
      if (b->begin == cursor)
        cursor = end;
      else
        g_sequence_move_range (cursor, b->begin, end);
    }

  /* Blocks at either end that did not move are not reported. */
  at = pos;
  for (guint i = 0; i < blocks->len; i++)
    {
      Block *b = &g_array_index (blocks, Block, i);

      if (b->pos != at)
        break;
      pre += b->len;
      at += b->len;
    }
  at = pos + total;
  for (guint i = blocks->len; i > 0 && pre + post < total; i--)
    {
      Block *b = &g_array_index (blocks, Block, i - 1);

      at -= b->len;
      if (b->pos != at)
        break;
      post += b->len;
    }
  if (pre + post < total)
    g_list_model_items_changed (G_LIST_MODEL (self), pos + pre, total - pre - post,
                                total - pre - post);
}

static void
on_children_reordered (DjNotationModel *self,
                       DjNode          *parent,
                       DjGame          *game)
{
  DjNode *old_first = NULL;
  guint best = G_MAXUINT;

  if (dj_node_get_parent (parent) != NULL && row_of (self, parent) == NULL)
    return;
  /* The child written first is the former main line: the earliest row. */
  for (DjNode *c = dj_node_get_first_child (parent); c != NULL; c = dj_node_get_next_sibling (c))
    {
      DjNotationRow *row = row_of (self, c);
      guint pos;

      if (row == NULL)
        continue;
      pos = row_pos (row);
      if (pos < best)
        {
          best = pos;
          old_first = c;
        }
    }
  if (old_first == NULL)
    return;
  if (old_first == dj_node_get_first_child (parent))
    reorder_variations (self, parent);
  else
    rewrite_children (self, parent, old_first);
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
  if (dj_node_get_parent (node) == NULL)
    sync_start_row (self, TRUE);
  else
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

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (dj_notation_model_parent_class)->dispose (object);
}

static void
dj_notation_model_finalize (GObject *object)
{
  DjNotationModel *self = DJ_NOTATION_MODEL (object);

  /* Rows a list still holds are no longer in any list. */
  for (GSequenceIter *iter = g_sequence_get_begin_iter (self->rows); !g_sequence_iter_is_end (iter);
       iter = g_sequence_iter_next (iter))
    ((DjNotationRow *) g_sequence_get (iter))->iter = NULL;
  g_sequence_free (self->rows);
  g_hash_table_unref (self->node_rows);

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
   * or left it, or the start position's notes changed.
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
}

/* Writes every row, without signals: nobody is listening yet. */
static void
build (DjNotationModel *self)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new ();
  DjNode *first = dj_node_get_first_child (dj_game_get_root (self->game));

  sync_start_row (self, FALSE);
  if (first != NULL)
    write_block (self, NULL, first, 0, out);
  for (guint i = 0; i < out->len; i++)
    {
      DjNotationRow *row = out->pdata[i];

      row->iter = g_sequence_append (self->rows, row);
    }
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
  build (self);
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

DjNotationRow *
dj_notation_model_get_start_row (DjNotationModel *self)
{
  g_return_val_if_fail (DJ_IS_NOTATION_MODEL (self), NULL);
  return self->start_row;
}

guint
dj_notation_model_get_row_position (DjNotationModel *self,
                                    DjNotationRow   *row)
{
  g_return_val_if_fail (DJ_IS_NOTATION_MODEL (self), 0);
  g_return_val_if_fail (DJ_IS_NOTATION_ROW (row), 0);
  g_return_val_if_fail (row->iter != NULL, 0);
  return row_pos (row);
}

#define CHECK(cond, ...)                                  \
  G_STMT_START {                                          \
    if (!(cond))                                          \
      {                                                   \
        if (message != NULL)                              \
          *message = g_strdup_printf (__VA_ARGS__);       \
        return FALSE;                                     \
      }                                                   \
  } G_STMT_END

/* For tests: the nodes in notation order as the rows give them, against a
 * fresh write of the tree; every move mapped to its row, every row in its
 * place. */
gboolean
dj_notation_model_check (DjNotationModel *self,
                         char           **message)
{
  g_autoptr(DjNotationModel) fresh = NULL;
  GSequenceIter *a, *b;
  guint pos = 0, ia = 0, ib = 0;

  g_return_val_if_fail (DJ_IS_NOTATION_MODEL (self), FALSE);

  fresh = g_object_new (DJ_TYPE_NOTATION_MODEL, NULL);
  fresh->game = g_object_ref (self->game);
  build (fresh);

  CHECK ((self->start_row != NULL) == (fresh->start_row != NULL),
         "the start position's notes are %s, expected %s",
         self->start_row ? "shown" : "not shown", fresh->start_row ? "shown" : "not shown");
  CHECK (self->start_row == NULL || (self->start_row->iter != NULL
                                     && g_sequence_iter_get_position (self->start_row->iter) == 0),
         "the start position's notes are not the first row");

  /* Rows may be cut differently (a longer history leaves shorter rows), but
   * the moves, their order and their depth must be the same. */
  a = moves_begin (self);
  b = moves_begin (fresh);
  while (!g_sequence_iter_is_end (a) && !g_sequence_iter_is_end (b))
    {
      DjNotationRow *ra = g_sequence_get (a);
      DjNotationRow *rb = g_sequence_get (b);
      DjNode *na, *nb;

      CHECK (ra->iter == a && !ra->is_start && ra->n_nodes > 0 && ra->n_nodes <= DJ_NOTATION_ROW_MAX,
             "row %u is misplaced or has %u moves", g_sequence_iter_get_position (a), ra->n_nodes);
      CHECK (ra->starts_variation == !dj_node_is_first_child (ra->first),
             "row %u says it %s a variation", g_sequence_iter_get_position (a),
             ra->starts_variation ? "begins" : "does not begin");
      na = dj_notation_row_get_node (ra, ia);
      nb = dj_notation_row_get_node (rb, ib);
      CHECK (na == nb && ra->depth == rb->depth && row_of (self, na) == ra,
             "move %u: row %p depth %u, expected %p depth %u",
             pos, (void *) na, ra->depth, (void *) nb, rb->depth);
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
  CHECK (g_sequence_iter_is_end (a) && g_sequence_iter_is_end (b)
         && g_hash_table_size (self->node_rows) == dj_game_get_n_nodes (self->game) - 1,
         "%u moves written, %u mapped, the tree has %u",
         pos, g_hash_table_size (self->node_rows), dj_game_get_n_nodes (self->game) - 1);
  return TRUE;
}
