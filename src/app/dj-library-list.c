/* dj-library-list.c: a long list filtered and sorted in flat passes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-library-list.h"

#include <string.h>

struct _DjLibraryList
{
  GObject     parent_instance;

  GListModel *source;
  GtkFilter  *filter;
  GtkSorter  *sorter;
  gulong      source_handler;
  gulong      filter_handler;
  gulong      sorter_handler;

  GPtrArray  *items;      /* the source's items (references), in its order */
  guint      *order;      /* every index of @items, sorted */
  guint8     *match;      /* by index of @items: the filter takes it */
  guint8     *selected;   /* by index of @items */
  guint      *shown;      /* indices of @items shown, in order */
  guint       n_shown;

  /* The filter's answers (@match) in its last states, most recent last. */
  char       *state;      /* the filter's state now, as told */
  GPtrArray  *remembered; /* of Remembered */
};

/* Enough for the keys of a search typed and deleted again. */
#define N_REMEMBERED 32

typedef struct
{
  char   *state;
  guint8 *match;
} Remembered;

static void
remembered_free (Remembered *r)
{
  g_free (r->state);
  g_free (r->match);
  g_free (r);
}

static void dj_library_list_model_init     (GListModelInterface         *iface);
static void dj_library_list_selection_init (GtkSelectionModelInterface  *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DjLibraryList, dj_library_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      dj_library_list_model_init)
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SELECTION_MODEL,
                                                      dj_library_list_selection_init))

/* Order and filter */

static int
compare_indices (gconstpointer a,
                 gconstpointer b,
                 gpointer      data)
{
  DjLibraryList *self = data;
  guint x = *(const guint *) a, y = *(const guint *) b;
  int order = gtk_sorter_compare (self->sorter, self->items->pdata[x], self->items->pdata[y]);

  /* Equal items keep the source's order. */
  if (order != GTK_ORDERING_EQUAL)
    return order;
  return (x > y) - (x < y);
}

static gboolean
has_order (DjLibraryList *self)
{
  return self->sorter != NULL && gtk_sorter_get_order (self->sorter) != GTK_SORTER_ORDER_NONE;
}

/* Whether @order is sorted (then it is the one stable order). */
static gboolean
is_sorted (DjLibraryList *self,
           const guint   *order)
{
  for (guint k = 1; k < self->items->len; k++)
    if (compare_indices (&order[k - 1], &order[k], self) > 0)
      return FALSE;
  return TRUE;
}

/* Whether the order reversed, with equal items back in the source's
 * order, is sorted: a heading clicked again.  One pass, that gives up at
 * the first pair out of order. */
static gboolean
sort_reversed (DjLibraryList *self)
{
  guint n = self->items->len;
  g_autofree guint *reversed = g_new (guint, MAX (n, 1));
  guint run = 0;

  for (guint k = 0; k < n; k++)
    reversed[k] = self->order[n - 1 - k];
  for (guint k = 1; k <= n; k++)
    {
      int order = k < n ? gtk_sorter_compare (self->sorter, self->items->pdata[reversed[k - 1]],
                                              self->items->pdata[reversed[k]])
                        : GTK_ORDERING_SMALLER;

      if (order == GTK_ORDERING_LARGER)
        return FALSE;
      if (order == GTK_ORDERING_EQUAL)
        {
          if (reversed[k - 1] < reversed[k])
            return FALSE;
          continue;
        }
      /* The run of equal items ends at k - 1: its order turned back. */
      for (guint a = run, b = k - 1; a < b; a++, b--)
        {
          guint t = reversed[a];

          reversed[a] = reversed[b];
          reversed[b] = t;
        }
      run = k;
    }
  memcpy (self->order, reversed, n * sizeof (guint));
  return TRUE;
}

static void
sort_all (DjLibraryList *self)
{
  guint n = self->items->len;

  if (!has_order (self))
    {
      for (guint i = 0; i < n; i++)
        self->order[i] = i;
      return;
    }
  /* The order as it is, or reversed, when still or now sorted: each tried
   * in a pass that stops at the first pair out of order. */
  if (is_sorted (self, self->order) || sort_reversed (self))
    return;
  for (guint i = 0; i < n; i++)
    self->order[i] = i;
  g_qsort_with_data (self->order, n, sizeof (guint), compare_indices, self);
}

static gboolean
takes (DjLibraryList *self,
       guint          index)
{
  return self->filter == NULL || gtk_filter_match (self->filter, self->items->pdata[index]);
}

/* The items shown, from the order and the filter's answers; an item
 * filtered out leaves the selection. */
static void
collect_shown (DjLibraryList *self)
{
  guint n = 0;

  for (guint k = 0; k < self->items->len; k++)
    {
      guint i = self->order[k];

      if (self->match[i])
        self->shown[n++] = i;
      else
        self->selected[i] = FALSE;
    }
  self->n_shown = n;
}

/* The items shown now (borrowed), to compare with after a change. */
static gpointer *
snapshot (DjLibraryList *self)
{
  gpointer *items = g_new (gpointer, MAX (self->n_shown, 1));

  for (guint p = 0; p < self->n_shown; p++)
    items[p] = self->items->pdata[self->shown[p]];
  return items;
}

/* Tells of the change from the items shown before, @old: one change, of
 * the part between the common start and end. */
static void
announce (DjLibraryList *self,
          gpointer      *old,
          guint          n_old)
{
  guint n_new = self->n_shown;
  guint first = 0, tail = 0, changed_old, changed_new;

  while (first < n_old && first < n_new && old[first] == self->items->pdata[self->shown[first]])
    first++;
  while (tail < n_old - first && tail < n_new - first
         && old[n_old - 1 - tail] == self->items->pdata[self->shown[n_new - 1 - tail]])
    tail++;
  changed_old = n_old - first - tail;
  changed_new = n_new - first - tail;
  if (changed_old > 0 || changed_new > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), first, changed_old, changed_new);
}

static void
on_filter_changed (GtkFilter       *filter,
                   GtkFilterChange  change,
                   DjLibraryList   *self)
{
  g_autofree gpointer *old = snapshot (self);
  guint n_old = self->n_shown;
  guint n = self->items->len;
  Remembered *r = NULL;
  guint at;

  for (at = 0; self->state != NULL && at < self->remembered->len; at++)
    if (strcmp (((Remembered *) self->remembered->pdata[at])->state, self->state) == 0)
      break;
  if (self->state != NULL && at < self->remembered->len)
    {
      /* A state seen before: its answers, the most recent again. */
      r = g_ptr_array_steal_index (self->remembered, at);
      memcpy (self->match, r->match, n);
    }
  else
    {
      /* More strict: only the items shown may go; less strict: only the
       * others may come. */
      for (guint i = 0; i < n; i++)
        if ((change != GTK_FILTER_CHANGE_MORE_STRICT || self->match[i])
            && (change != GTK_FILTER_CHANGE_LESS_STRICT || !self->match[i]))
          self->match[i] = takes (self, i);
      if (self->state != NULL)
        {
          r = g_new (Remembered, 1);
          r->state = g_strdup (self->state);
          r->match = g_memdup2 (self->match, MAX (n, 1));
          if (self->remembered->len == N_REMEMBERED)
            g_ptr_array_remove_index (self->remembered, 0);
        }
    }
  if (r != NULL)
    g_ptr_array_add (self->remembered, r);
  collect_shown (self);
  announce (self, old, n_old);
}

static void
on_sorter_changed (GtkSorter       *sorter,
                   GtkSorterChange  change,
                   DjLibraryList   *self)
{
  g_autofree gpointer *old = snapshot (self);
  guint n_old = self->n_shown;

  sort_all (self);
  collect_shown (self);
  announce (self, old, n_old);
}

/* The source changed: its new items are sorted alone and merged into the
 * order of those that stay. */
static void
on_source_changed (GListModel    *source,
                   guint          position,
                   guint          removed,
                   guint          added,
                   DjLibraryList *self)
{
  g_autofree gpointer *old = snapshot (self);
  g_autoptr(GPtrArray) old_items = self->items;
  g_autofree guint *old_order = self->order;
  g_autofree guint8 *old_match = self->match;
  g_autofree guint8 *old_selected = self->selected;
  guint n_old = self->n_shown;
  guint n = old_items->len - removed + added;
  g_autofree guint *kept = g_new (guint, MAX (old_items->len, 1));
  g_autofree guint *fresh = g_new (guint, MAX (added, 1));
  guint n_kept = 0;

  /* Answers by index of the items before. */
  g_ptr_array_set_size (self->remembered, 0);

  /* The removed items stay alive in @old_items until the change is told,
   * so that no new item can take the address of one that went. */
  self->items = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < position; i++)
    g_ptr_array_add (self->items, g_object_ref (old_items->pdata[i]));
  for (guint i = 0; i < added; i++)
    g_ptr_array_add (self->items, g_list_model_get_item (source, position + i));
  for (guint i = position + removed; i < old_items->len; i++)
    g_ptr_array_add (self->items, g_object_ref (old_items->pdata[i]));
  self->order = g_new (guint, MAX (n, 1));
  self->match = g_new (guint8, MAX (n, 1));
  self->selected = g_new0 (guint8, MAX (n, 1));
  g_free (self->shown);
  self->shown = g_new (guint, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      guint from = i < position ? i : i < position + added ? G_MAXUINT : i - added + removed;

      if (from == G_MAXUINT)
        self->match[i] = takes (self, i);
      else
        {
          self->match[i] = old_match[from];
          self->selected[i] = old_selected[from];
        }
    }
  for (guint k = 0; k < old_items->len; k++)
    {
      guint from = old_order[k];

      if (from < position)
        kept[n_kept++] = from;
      else if (from >= position + removed)
        kept[n_kept++] = from - removed + added;
    }
  for (guint i = 0; i < added; i++)
    fresh[i] = position + i;
  if (has_order (self))
    {
      guint a = 0, b = 0, k = 0;

      g_qsort_with_data (fresh, added, sizeof (guint), compare_indices, self);
      while (a < n_kept || b < added)
        {
          if (b == added || (a < n_kept && compare_indices (&kept[a], &fresh[b], self) < 0))
            self->order[k++] = kept[a++];
          else
            self->order[k++] = fresh[b++];
        }
    }
  else
    for (guint i = 0; i < n; i++)
      self->order[i] = i;
  collect_shown (self);
  announce (self, old, n_old);
}

/* GListModel */

static GType
dj_library_list_get_item_type (GListModel *model)
{
  DjLibraryList *self = DJ_LIBRARY_LIST (model);

  return g_list_model_get_item_type (self->source);
}

static guint
dj_library_list_get_n_items (GListModel *model)
{
  return DJ_LIBRARY_LIST (model)->n_shown;
}

static gpointer
dj_library_list_get_item (GListModel *model,
                          guint       position)
{
  DjLibraryList *self = DJ_LIBRARY_LIST (model);

  if (position >= self->n_shown)
    return NULL;
  return g_object_ref (self->items->pdata[self->shown[position]]);
}

static void
dj_library_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dj_library_list_get_item_type;
  iface->get_n_items = dj_library_list_get_n_items;
  iface->get_item = dj_library_list_get_item;
}

/* GtkSelectionModel: the other calls are GTK's, made of these. */

static gboolean
dj_library_list_is_selected (GtkSelectionModel *model,
                             guint              position)
{
  DjLibraryList *self = DJ_LIBRARY_LIST (model);

  return position < self->n_shown && self->selected[self->shown[position]];
}

static GtkBitset *
dj_library_list_get_selection_in_range (GtkSelectionModel *model,
                                        guint              position,
                                        guint              n_items)
{
  DjLibraryList *self = DJ_LIBRARY_LIST (model);
  GtkBitset *set = gtk_bitset_new_empty ();

  for (guint p = position; p < self->n_shown && p - position < n_items; p++)
    if (self->selected[self->shown[p]])
      gtk_bitset_add (set, p);
  return set;
}

static gboolean
dj_library_list_set_selection (GtkSelectionModel *model,
                               GtkBitset         *selected,
                               GtkBitset         *mask)
{
  DjLibraryList *self = DJ_LIBRARY_LIST (model);
  guint first = G_MAXUINT, last = 0, p;
  GtkBitsetIter iter;

  if (gtk_bitset_iter_init_first (&iter, mask, &p))
    do
      {
        guint8 want;

        if (p >= self->n_shown)
          break;
        want = gtk_bitset_contains (selected, p);
        if (self->selected[self->shown[p]] != want)
          {
            self->selected[self->shown[p]] = want;
            first = MIN (first, p);
            last = MAX (last, p);
          }
      }
    while (gtk_bitset_iter_next (&iter, &p));
  if (first != G_MAXUINT)
    gtk_selection_model_selection_changed (model, first, last - first + 1);
  return TRUE;
}

static void
dj_library_list_selection_init (GtkSelectionModelInterface *iface)
{
  iface->is_selected = dj_library_list_is_selected;
  iface->get_selection_in_range = dj_library_list_get_selection_in_range;
  iface->set_selection = dj_library_list_set_selection;
}

/* GObject */

static void
dj_library_list_dispose (GObject *object)
{
  DjLibraryList *self = DJ_LIBRARY_LIST (object);

  if (self->source != NULL)
    g_clear_signal_handler (&self->source_handler, self->source);
  if (self->filter != NULL)
    g_clear_signal_handler (&self->filter_handler, self->filter);
  if (self->sorter != NULL)
    g_clear_signal_handler (&self->sorter_handler, self->sorter);
  g_clear_object (&self->source);
  g_clear_object (&self->filter);
  g_clear_object (&self->sorter);
  G_OBJECT_CLASS (dj_library_list_parent_class)->dispose (object);
}

static void
dj_library_list_finalize (GObject *object)
{
  DjLibraryList *self = DJ_LIBRARY_LIST (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->remembered, g_ptr_array_unref);
  g_free (self->state);
  g_free (self->order);
  g_free (self->match);
  g_free (self->selected);
  g_free (self->shown);
  G_OBJECT_CLASS (dj_library_list_parent_class)->finalize (object);
}

static void
dj_library_list_class_init (DjLibraryListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dj_library_list_dispose;
  object_class->finalize = dj_library_list_finalize;
}

static void
dj_library_list_init (DjLibraryList *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->remembered = g_ptr_array_new_with_free_func ((GDestroyNotify) remembered_free);
  self->order = g_new (guint, 1);
  self->match = g_new (guint8, 1);
  self->selected = g_new0 (guint8, 1);
  self->shown = g_new (guint, 1);
}

/* Public API */

DjLibraryList *
dj_library_list_new (GListModel *source,
                     GtkFilter  *filter,
                     GtkSorter  *sorter)
{
  DjLibraryList *self;

  g_return_val_if_fail (G_IS_LIST_MODEL (source), NULL);
  g_return_val_if_fail (filter == NULL || GTK_IS_FILTER (filter), NULL);
  g_return_val_if_fail (sorter == NULL || GTK_IS_SORTER (sorter), NULL);

  self = g_object_new (DJ_TYPE_LIBRARY_LIST, NULL);
  self->source = g_object_ref (source);
  self->source_handler = g_signal_connect (source, "items-changed",
                                           G_CALLBACK (on_source_changed), self);
  dj_library_list_set_filter (self, filter);
  dj_library_list_set_sorter (self, sorter);
  on_source_changed (source, 0, 0, g_list_model_get_n_items (source), self);
  return self;
}

void
dj_library_list_set_sorter (DjLibraryList *self,
                            GtkSorter     *sorter)
{
  g_return_if_fail (DJ_IS_LIBRARY_LIST (self));
  g_return_if_fail (sorter == NULL || GTK_IS_SORTER (sorter));

  if (self->sorter == sorter)
    return;
  if (self->sorter != NULL)
    g_clear_signal_handler (&self->sorter_handler, self->sorter);
  g_set_object (&self->sorter, sorter);
  if (sorter != NULL)
    self->sorter_handler = g_signal_connect (sorter, "changed", G_CALLBACK (on_sorter_changed),
                                             self);
  on_sorter_changed (sorter, GTK_SORTER_CHANGE_DIFFERENT, self);
}

void
dj_library_list_set_filter (DjLibraryList *self,
                            GtkFilter     *filter)
{
  g_return_if_fail (DJ_IS_LIBRARY_LIST (self));
  g_return_if_fail (filter == NULL || GTK_IS_FILTER (filter));

  if (self->filter == filter)
    return;
  if (self->filter != NULL)
    g_clear_signal_handler (&self->filter_handler, self->filter);
  g_set_object (&self->filter, filter);
  g_ptr_array_set_size (self->remembered, 0);
  g_clear_pointer (&self->state, g_free);
  if (filter != NULL)
    self->filter_handler = g_signal_connect (filter, "changed", G_CALLBACK (on_filter_changed),
                                             self);
  on_filter_changed (filter, GTK_FILTER_CHANGE_DIFFERENT, self);
}

guint
dj_library_list_get_n_all (DjLibraryList *self)
{
  g_return_val_if_fail (DJ_IS_LIBRARY_LIST (self), 0);
  return self->items->len;
}

void
dj_library_list_set_filter_state (DjLibraryList *self,
                                  const char    *state)
{
  g_return_if_fail (DJ_IS_LIBRARY_LIST (self));

  g_free (self->state);
  self->state = g_strdup (state);
}
