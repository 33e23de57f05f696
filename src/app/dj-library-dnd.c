/* dj-library-dnd.c: dragging games from the Library window, and dropping
 * them on its rows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dj-library-dnd.h"
#include "dj-library-window-private.h"

/* What a drag carries */

struct _DjLibraryDrag
{
  gatomicrefcount  ref;
  GPtrArray       *items;   /* the window's items (GObject), in the order shown */
};

G_DEFINE_BOXED_TYPE (DjLibraryDrag, dj_library_drag, dj_library_drag_ref, dj_library_drag_unref)

static DjLibraryDrag *
drag_new (GPtrArray *items)
{
  DjLibraryDrag *self = g_new0 (DjLibraryDrag, 1);

  g_atomic_ref_count_init (&self->ref);
  self->items = g_ptr_array_ref (items);
  return self;
}

DjLibraryDrag *
dj_library_drag_ref (DjLibraryDrag *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
dj_library_drag_unref (DjLibraryDrag *self)
{
  g_return_if_fail (self != NULL);
  if (g_atomic_ref_count_dec (&self->ref))
    {
      g_ptr_array_unref (self->items);
      g_free (self);
    }
}

guint
dj_library_drag_get_n_games (DjLibraryDrag *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->items->len;
}

const DjLibraryGame *
dj_library_drag_get_game (DjLibraryDrag *self,
                          guint          index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->items->len, NULL);
  return _dj_library_item_get_game (self->items->pdata[index]);
}

/* The games of a drag begun on @item: the selection when @item is in it,
 * else @item alone (the selection stays as it is, as in file managers). */
static DjLibraryDrag *
drag_from (DjLibraryWindow *window,
           GObject         *item)
{
  g_autoptr(GPtrArray) selected = _dj_library_window_selected_items (window);
  g_autoptr(GPtrArray) alone = NULL;

  for (guint i = 0; i < selected->len; i++)
    if (selected->pdata[i] == item)
      return drag_new (selected);
  alone = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (alone, g_object_ref (item));
  return drag_new (alone);
}

DjLibraryDrag *
dj_library_window_drag_games (DjLibraryWindow *window,
                              guint            index)
{
  g_autoptr(GObject) item = NULL;

  g_return_val_if_fail (DJ_IS_LIBRARY_WINDOW (window), NULL);
  item = _dj_library_window_get_shown_item (window, index);
  return item != NULL ? drag_from (window, item) : NULL;
}

/* Dropping */

static void
on_refusal_dismissed (AdwToast *toast,
                      GObject  *window)
{
  if (g_object_get_data (window, "dj-drop-refusal") == toast)
    g_object_set_data (window, "dj-drop-refusal", NULL);
}

/* Why a drop was refused; not again while the same toast is still there.
 * An older one is left to time out: dismissing toasts by hand crashed
 * libadwaita 1.2 in test-library-dnd. */
static void
show_refusal (DjLibraryWindow *window,
              const char      *refusal)
{
  AdwToast *previous = g_object_get_data (G_OBJECT (window), "dj-drop-refusal");
  AdwToast *toast;

  if (previous != NULL && g_strcmp0 (adw_toast_get_title (previous), refusal) == 0)
    return;
  toast = adw_toast_new (refusal);
  adw_toast_set_timeout (toast, 5);
  g_object_set_data (G_OBJECT (window), "dj-drop-refusal", toast);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_refusal_dismissed), window, 0);
  _dj_library_window_add_toast (window, toast);
}

const char *
dj_library_window_drop_refusal (DjLibraryWindow     *window,
                                DjLibraryDrag       *drag,
                                const DjLibraryGame *on)
{
  g_return_val_if_fail (DJ_IS_LIBRARY_WINDOW (window), NULL);
  g_return_val_if_fail (drag != NULL, NULL);

  if (on == NULL)
    return _("Drop the games on a game of another file: they are put after it.");
  for (guint i = 0; i < drag->items->len; i++)
    if (strcmp (_dj_library_item_get_game (drag->items->pdata[i])->path, on->path) == 0)
      return _("The games are already in this file: drop them on a game of another file.");
  if (!_dj_library_window_can_edit (window))
    return _("The library is being updated: drop the games again when it is done.");
  return NULL;
}

gboolean
dj_library_window_drop_games (DjLibraryWindow     *window,
                              DjLibraryDrag       *drag,
                              const DjLibraryGame *on,
                              gboolean             move)
{
  const char *refusal;
  g_autofree char *path = NULL;

  g_return_val_if_fail (DJ_IS_LIBRARY_WINDOW (window), FALSE);
  g_return_val_if_fail (drag != NULL, FALSE);

  refusal = dj_library_window_drop_refusal (window, drag, on);
  if (refusal != NULL)
    {
      show_refusal (window, refusal);
      return FALSE;
    }
  /* @on may be an item the edit replaces. */
  path = g_strdup (on->path);
  return _dj_library_window_edit_items (window, drag->items, move, path, on->number);
}

/* The drag source and drop target on the list */

typedef struct
{
  DjLibraryWindow *window;      /* not a reference: the state lives on it */
  GtkWidget       *view;        /* weak */
  DjLibraryDrag   *dragging;    /* the drag begun here, until it ends */
  const char      *refusal;     /* why the last position was refused */
  GtkWidget       *highlighted; /* the row underlined, weak */
  /* A drag over the view: what it carries, where the pointer last was,
   * the game judged there, and the tick that judges again each frame
   * (rows stay in place: a sort, a search, an update of the library or a
   * scroll shows another game under a pointer that does not move). */
  DjLibraryDrag   *over_drag;
  double           over_x, over_y;
  GObject         *over_item;
  GtkWidget       *over_row;    /* weak */
  gboolean         over_can_edit;
  guint            over_tick;
} Dnd;

static void
dnd_unhighlight (Dnd *dnd)
{
  if (dnd->highlighted != NULL)
    {
      gtk_widget_remove_css_class (dnd->highlighted, "dj-drop-after");
      g_object_remove_weak_pointer (G_OBJECT (dnd->highlighted), (gpointer *) &dnd->highlighted);
      dnd->highlighted = NULL;
    }
}

static void
dnd_highlight (Dnd       *dnd,
               GtkWidget *row)
{
  if (row == dnd->highlighted)
    return;
  dnd_unhighlight (dnd);
  if (row != NULL)
    {
      dnd->highlighted = row;
      g_object_add_weak_pointer (G_OBJECT (row), (gpointer *) &dnd->highlighted);
      gtk_widget_add_css_class (row, "dj-drop-after");
    }
}

static void
set_over_row (Dnd       *dnd,
              GtkWidget *row)
{
  if (dnd->over_row != NULL)
    g_object_remove_weak_pointer (G_OBJECT (dnd->over_row), (gpointer *) &dnd->over_row);
  dnd->over_row = row;
  if (row != NULL)
    g_object_add_weak_pointer (G_OBJECT (row), (gpointer *) &dnd->over_row);
}

/* The drag has left the view, or was dropped, or ended. */
static void
dnd_not_over (Dnd *dnd)
{
  if (dnd->over_tick != 0 && dnd->view != NULL)
    gtk_widget_remove_tick_callback (dnd->view, dnd->over_tick);
  dnd->over_tick = 0;
  g_clear_pointer (&dnd->over_drag, dj_library_drag_unref);
  g_clear_object (&dnd->over_item);
  set_over_row (dnd, NULL);
  dnd_unhighlight (dnd);
}

static void
dnd_free (Dnd *dnd)
{
  dnd_not_over (dnd);
  g_clear_pointer (&dnd->dragging, dj_library_drag_unref);
  if (dnd->view != NULL)
    g_object_remove_weak_pointer (G_OBJECT (dnd->view), (gpointer *) &dnd->view);
  g_free (dnd);
}

/* The item a row shows: its cells on screen know it (those off screen
 * may still show the game the row had before). */
static GObject *
row_item (GtkWidget *row)
{
  for (GtkWidget *cell = gtk_widget_get_first_child (row); cell != NULL;
       cell = gtk_widget_get_next_sibling (cell))
    for (GtkWidget *c = gtk_widget_get_first_child (cell); c != NULL;
         c = gtk_widget_get_next_sibling (c))
      {
        GObject *item = g_object_get_data (G_OBJECT (c), "dj-item");

        if (item != NULL && gtk_widget_get_mapped (c))
          return item;
      }
  return NULL;
}

/* The item of the row at @x, @y of the view, and that row: the game the
 * cell under the pointer shows (the cells of a row in place show its new
 * game as soon as they are on screen), else the row's. */
static GObject *
item_at (GtkWidget  *view,
         double      x,
         double      y,
         GtkWidget **row)
{
  GtkWidget *picked = gtk_widget_pick (view, x, y, GTK_PICK_DEFAULT);
  GObject *item = NULL;

  *row = NULL;
  for (GtkWidget *w = picked; w != NULL && w != view; w = gtk_widget_get_parent (w))
    {
      if (item == NULL && gtk_widget_get_mapped (w))
        item = g_object_get_data (G_OBJECT (w), "dj-item");
      if (strcmp (gtk_widget_get_css_name (w), "row") == 0)
        {
          if (item == NULL)
            item = row_item (w);
          if (item != NULL)
            *row = w;
          return item;
        }
    }
  return NULL;
}

static GdkContentProvider *
on_prepare (GtkDragSource *source,
            double         x,
            double         y,
            Dnd           *dnd)
{
  GtkWidget *row;
  GObject *item = item_at (dnd->view, x, y, &row);
  g_autoptr(DjLibraryDrag) drag = NULL;

  if (item == NULL)
    return NULL;
  drag = drag_from (dnd->window, item);
  g_clear_pointer (&dnd->dragging, dj_library_drag_unref);
  dnd->dragging = dj_library_drag_ref (drag);
  dnd->refusal = NULL;
  return gdk_content_provider_new_typed (DJ_TYPE_LIBRARY_DRAG, drag);
}

static void
on_drag_begin (GtkDragSource *source,
               GdkDrag       *drag,
               Dnd           *dnd)
{
  GtkWidget *icon = gtk_drag_icon_get_for_drag (drag);
  guint n = dnd->dragging != NULL ? dj_library_drag_get_n_games (dnd->dragging) : 0;
  g_autofree char *text = g_strdup_printf (ngettext ("%u game", "%u games", n), n);
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "dj-drag-icon");
  gtk_drag_icon_set_child (GTK_DRAG_ICON (icon), label);
}

/* Let go where it was refused: the toast says why. */
static gboolean
on_drag_cancel (GtkDragSource       *source,
                GdkDrag             *drag,
                GdkDragCancelReason  reason,
                Dnd                 *dnd)
{
  if (reason == GDK_DRAG_CANCEL_NO_TARGET && dnd->refusal != NULL)
    show_refusal (dnd->window, dnd->refusal);
  dnd->refusal = NULL;
  return FALSE;
}

static void
on_drag_end (GtkDragSource *source,
             GdkDrag       *drag,
             gboolean       delete_data,
             Dnd           *dnd)
{
  /* A move has already taken the games out of their files: nothing to
   * delete here. */
  g_clear_pointer (&dnd->dragging, dj_library_drag_unref);
  dnd_not_over (dnd);
}

/* The action a drop would take: a copy, or a move when only that is
 * offered (Shift held). */
static GdkDragAction
drop_action (GtkDropTarget *target)
{
  GdkDrop *drop = gtk_drop_target_get_current_drop (target);
  GdkDragAction actions = drop != NULL ? gdk_drop_get_actions (drop) : GDK_ACTION_COPY;

  return (actions & GDK_ACTION_COPY) ? GDK_ACTION_COPY
         : (actions & GDK_ACTION_MOVE) ? GDK_ACTION_MOVE : 0;
}

/* Judges a drop of @drag at @x, @y: why it would be refused, the row
 * that would take it underlined.  TRUE when it would be taken. */
static gboolean
judge (Dnd           *dnd,
       DjLibraryDrag *drag,
       double         x,
       double         y)
{
  GtkWidget *row;
  GObject *item = item_at (dnd->view, x, y, &row);

  gboolean can_edit = _dj_library_window_can_edit (dnd->window);

  if (drag == dnd->over_drag && item == dnd->over_item && row == dnd->over_row
      && can_edit == dnd->over_can_edit && dnd->over_item != NULL)
    return dnd->refusal == NULL;
  dnd->over_can_edit = can_edit;
  if (drag != dnd->over_drag)
    {
      g_clear_pointer (&dnd->over_drag, dj_library_drag_unref);
      dnd->over_drag = dj_library_drag_ref (drag);
    }
  g_set_object (&dnd->over_item, item);
  set_over_row (dnd, row);
  dnd->refusal = dj_library_window_drop_refusal (dnd->window, drag,
                                                 item != NULL ? _dj_library_item_get_game (item)
                                                 : NULL);
  dnd_highlight (dnd, dnd->refusal == NULL ? row : NULL);
  return dnd->refusal == NULL;
}

/* Each frame while a drag is over the view: the game under the pointer
 * may have changed without a motion (sorted, searched, scrolled, the
 * library updated); the underline follows it (a frame later: the rows
 * are laid out then). */
static gboolean
over_tick (GtkWidget     *view,
           GdkFrameClock *clock,
           gpointer       data)
{
  Dnd *dnd = data;

  if (dnd->over_drag != NULL)
    judge (dnd, dnd->over_drag, dnd->over_x, dnd->over_y);
  return G_SOURCE_CONTINUE;
}

static void
over_tick_gone (gpointer data)
{
  Dnd *dnd = data;

  dnd->over_tick = 0;
}

static GdkDragAction
on_motion (GtkDropTarget *target,
           double         x,
           double         y,
           Dnd           *dnd)
{
  const GValue *value = gtk_drop_target_get_value (target);
  DjLibraryDrag *drag = value != NULL && G_VALUE_HOLDS (value, DJ_TYPE_LIBRARY_DRAG)
                        ? g_value_get_boxed (value) : dnd->dragging;

  if (drag == NULL)
    return 0;
  dnd->over_x = x;
  dnd->over_y = y;
  if (dnd->over_tick == 0)
    dnd->over_tick = gtk_widget_add_tick_callback (dnd->view, over_tick, dnd, over_tick_gone);
  return judge (dnd, drag, x, y) ? drop_action (target) : 0;
}

static void
on_leave (GtkDropTarget *target,
          Dnd           *dnd)
{
  dnd_not_over (dnd);
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         Dnd           *dnd)
{
  GtkWidget *row;
  GObject *item = item_at (dnd->view, x, y, &row);
  g_autoptr(GObject) on = item != NULL ? g_object_ref (item) : NULL;
  gboolean move = drop_action (target) == GDK_ACTION_MOVE;

  dnd_not_over (dnd);
  /* Told here, not again when the drag is cancelled. */
  dnd->refusal = NULL;
  if (!G_VALUE_HOLDS (value, DJ_TYPE_LIBRARY_DRAG) || g_value_get_boxed (value) == NULL)
    return FALSE;
  return dj_library_window_drop_games (dnd->window, g_value_get_boxed (value),
                                       on != NULL ? _dj_library_item_get_game (on) : NULL, move);
}

void
_dj_library_window_init_dnd (DjLibraryWindow *self,
                             GtkWidget       *view)
{
  Dnd *dnd = g_new0 (Dnd, 1);
  GtkDragSource *source = gtk_drag_source_new ();
  GtkDropTarget *target = gtk_drop_target_new (DJ_TYPE_LIBRARY_DRAG,
                                               GDK_ACTION_COPY | GDK_ACTION_MOVE);

  dnd->window = self;
  dnd->view = view;
  g_object_add_weak_pointer (G_OBJECT (view), (gpointer *) &dnd->view);
  g_object_set_data_full (G_OBJECT (self), "dj-library-dnd", dnd, (GDestroyNotify) dnd_free);

  gtk_drag_source_set_actions (source, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (on_prepare), dnd);
  g_signal_connect (source, "drag-begin", G_CALLBACK (on_drag_begin), dnd);
  g_signal_connect (source, "drag-cancel", G_CALLBACK (on_drag_cancel), dnd);
  g_signal_connect (source, "drag-end", G_CALLBACK (on_drag_end), dnd);
  gtk_widget_add_controller (view, GTK_EVENT_CONTROLLER (source));

  /* Local only: the value is there at once, for the motion to judge. */
  gtk_drop_target_set_preload (target, TRUE);
  g_signal_connect (target, "enter", G_CALLBACK (on_motion), dnd);
  g_signal_connect (target, "motion", G_CALLBACK (on_motion), dnd);
  g_signal_connect (target, "leave", G_CALLBACK (on_leave), dnd);
  g_signal_connect (target, "drop", G_CALLBACK (on_drop), dnd);
  gtk_widget_add_controller (view, GTK_EVENT_CONTROLLER (target));
}
