/* dj-library-rows.c: rows that stay in place, for a long list that changes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-library-rows.h"

/* A row */

struct _DjLibraryRow
{
  GObject        parent_instance;
  DjLibraryRows *rows;       /* NULL once it is no longer one of them */
  guint          position;
  GObject       *item;
};

G_DEFINE_FINAL_TYPE (DjLibraryRow, dj_library_row, G_TYPE_OBJECT)

enum {
  ROW_PROP_0,
  ROW_PROP_ITEM,
  N_ROW_PROPS
};

static GParamSpec *row_properties[N_ROW_PROPS];

static void forget_row (DjLibraryRows *self,
                        DjLibraryRow  *row);

static void
dj_library_row_finalize (GObject *object)
{
  DjLibraryRow *self = DJ_LIBRARY_ROW (object);

  if (self->rows != NULL)
    forget_row (self->rows, self);
  g_clear_object (&self->item);
  G_OBJECT_CLASS (dj_library_row_parent_class)->finalize (object);
}

static void
dj_library_row_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  switch (prop_id)
    {
    case ROW_PROP_ITEM:
      g_value_set_object (value, DJ_LIBRARY_ROW (object)->item);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_library_row_class_init (DjLibraryRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dj_library_row_finalize;
  object_class->get_property = dj_library_row_get_property;
  row_properties[ROW_PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL, G_TYPE_OBJECT,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_ROW_PROPS, row_properties);
}

static void
dj_library_row_init (DjLibraryRow *self)
{
}

gpointer
dj_library_row_get_item (DjLibraryRow *row)
{
  g_return_val_if_fail (DJ_IS_LIBRARY_ROW (row), NULL);
  return row->item;
}

/* The rows */

struct _DjLibraryRows
{
  GObject            parent_instance;
  GtkSelectionModel *model;
  GHashTable        *alive;     /* position → DjLibraryRow, the rows given out and alive */
  guint              n_items;
  GtkBitset         *told;      /* the rows told selected */
};

static void dj_library_rows_model_init     (GListModelInterface        *iface);
static void dj_library_rows_selection_init (GtkSelectionModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DjLibraryRows, dj_library_rows, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      dj_library_rows_model_init)
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SELECTION_MODEL,
                                                      dj_library_rows_selection_init))

static void
forget_row (DjLibraryRows *self,
            DjLibraryRow  *row)
{
  g_hash_table_remove (self->alive, GUINT_TO_POINTER (row->position));
  row->rows = NULL;
}

static void
on_items_changed (GListModel    *model,
                  guint          position,
                  guint          removed,
                  guint          added,
                  DjLibraryRows *self)
{
  guint n_old = self->n_items;
  guint n_new = g_list_model_get_n_items (model);
  guint kept = MIN (n_old, n_new);
  g_autoptr(GPtrArray) changed = g_ptr_array_new_with_free_func (g_object_unref);
  GHashTableIter iter;
  gpointer value;

  /* The rows from @position on show the items now there; those past the
   * end go. */
  self->n_items = n_new;
  g_hash_table_iter_init (&iter, self->alive);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      DjLibraryRow *row = value;

      if (row->position >= n_new)
        {
          row->rows = NULL;
          g_hash_table_iter_remove (&iter);
        }
      else if (row->position >= position)
        {
          GObject *item = g_list_model_get_item (model, row->position);

          if (item != row->item)
            {
              g_clear_object (&row->item);
              row->item = item;
              g_ptr_array_add (changed, g_object_ref (row));
            }
          else
            g_object_unref (item);
        }
    }
  for (guint i = 0; i < changed->len; i++)
    g_object_notify_by_pspec (changed->pdata[i], row_properties[ROW_PROP_ITEM]);
  if (n_old != n_new)
    {
      g_list_model_items_changed (G_LIST_MODEL (self), kept, n_old - kept, n_new - kept);
      gtk_bitset_splice (self->told, kept, n_old - kept, n_new - kept);
    }
  /* The rows whose items are selected now, or were: told (a view binds a
   * row again when told, so not the others). */
  {
    g_autoptr(GtkBitset) now = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self));
    g_autoptr(GtkBitset) differ = gtk_bitset_copy (now);

    gtk_bitset_difference (differ, self->told);
    gtk_bitset_unref (self->told);
    self->told = g_steal_pointer (&now);
    if (!gtk_bitset_is_empty (differ))
      gtk_selection_model_selection_changed (GTK_SELECTION_MODEL (self),
                                             gtk_bitset_get_minimum (differ),
                                             gtk_bitset_get_maximum (differ)
                                             - gtk_bitset_get_minimum (differ) + 1);
  }
}

static void
on_selection_changed (GtkSelectionModel *model,
                      guint              position,
                      guint              n_items,
                      DjLibraryRows     *self)
{
  gtk_bitset_unref (self->told);
  self->told = gtk_selection_model_get_selection (model);
  gtk_selection_model_selection_changed (GTK_SELECTION_MODEL (self), position, n_items);
}

/* GListModel */

static GType
dj_library_rows_get_item_type (GListModel *model)
{
  return DJ_TYPE_LIBRARY_ROW;
}

static guint
dj_library_rows_get_n_items (GListModel *model)
{
  return DJ_LIBRARY_ROWS (model)->n_items;
}

static gpointer
dj_library_rows_get_item (GListModel *model,
                          guint       position)
{
  DjLibraryRows *self = DJ_LIBRARY_ROWS (model);
  DjLibraryRow *row;

  if (position >= self->n_items)
    return NULL;
  row = g_hash_table_lookup (self->alive, GUINT_TO_POINTER (position));
  if (row != NULL)
    return g_object_ref (row);
  row = g_object_new (DJ_TYPE_LIBRARY_ROW, NULL);
  row->rows = self;
  row->position = position;
  row->item = g_list_model_get_item (G_LIST_MODEL (self->model), position);
  g_hash_table_insert (self->alive, GUINT_TO_POINTER (position), row);
  return row;
}

static void
dj_library_rows_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dj_library_rows_get_item_type;
  iface->get_n_items = dj_library_rows_get_n_items;
  iface->get_item = dj_library_rows_get_item;
}

/* GtkSelectionModel: the model's */

static gboolean
dj_library_rows_is_selected (GtkSelectionModel *model,
                             guint              position)
{
  return gtk_selection_model_is_selected (DJ_LIBRARY_ROWS (model)->model, position);
}

static GtkBitset *
dj_library_rows_get_selection_in_range (GtkSelectionModel *model,
                                        guint              position,
                                        guint              n_items)
{
  return gtk_selection_model_get_selection_in_range (DJ_LIBRARY_ROWS (model)->model, position,
                                                     n_items);
}

static gboolean
dj_library_rows_set_selection (GtkSelectionModel *model,
                               GtkBitset         *selected,
                               GtkBitset         *mask)
{
  return gtk_selection_model_set_selection (DJ_LIBRARY_ROWS (model)->model, selected, mask);
}

static void
dj_library_rows_selection_init (GtkSelectionModelInterface *iface)
{
  iface->is_selected = dj_library_rows_is_selected;
  iface->get_selection_in_range = dj_library_rows_get_selection_in_range;
  iface->set_selection = dj_library_rows_set_selection;
}

/* GObject */

static void
dj_library_rows_dispose (GObject *object)
{
  DjLibraryRows *self = DJ_LIBRARY_ROWS (object);
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->alive);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    ((DjLibraryRow *) value)->rows = NULL;
  g_hash_table_remove_all (self->alive);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (dj_library_rows_parent_class)->dispose (object);
}

static void
dj_library_rows_finalize (GObject *object)
{
  DjLibraryRows *self = DJ_LIBRARY_ROWS (object);

  g_hash_table_unref (self->alive);
  gtk_bitset_unref (self->told);
  G_OBJECT_CLASS (dj_library_rows_parent_class)->finalize (object);
}

static void
dj_library_rows_class_init (DjLibraryRowsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dj_library_rows_dispose;
  object_class->finalize = dj_library_rows_finalize;
}

static void
dj_library_rows_init (DjLibraryRows *self)
{
  self->alive = g_hash_table_new (NULL, NULL);
}

DjLibraryRows *
dj_library_rows_new (GtkSelectionModel *model)
{
  DjLibraryRows *self;

  g_return_val_if_fail (GTK_IS_SELECTION_MODEL (model), NULL);

  self = g_object_new (DJ_TYPE_LIBRARY_ROWS, NULL);
  self->model = g_object_ref (model);
  self->n_items = g_list_model_get_n_items (G_LIST_MODEL (model));
  self->told = gtk_selection_model_get_selection (model);
  g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed), self);
  g_signal_connect (model, "selection-changed", G_CALLBACK (on_selection_changed), self);
  return self;
}
