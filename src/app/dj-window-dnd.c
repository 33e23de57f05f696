/* dj-window-dnd.c: files, and games from the Library window, dropped on
 * the main window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dj-library-dnd.h"
#include "dj-window-private.h"

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         DjWindow      *self)
{
  GSList *files;
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;

  /* The first file replaces this window's game, the others open windows. */
  dj_window_open_file (self, files->data);
  if (files->next != NULL && app != NULL)
    {
      g_autoptr(GPtrArray) rest = g_ptr_array_new ();

      for (GSList *l = files->next; l != NULL; l = l->next)
        g_ptr_array_add (rest, l->data);
      g_application_open (G_APPLICATION (app), (GFile **) rest->pdata, rest->len, "");
    }
  g_slist_free (files);
  return TRUE;
}

/* Games dragged from the Library window open as its Open opens them: the
 * first game dragged of each file, in the window that has that file open,
 * else in a new one.  This window's own games are never replaced nor
 * added to: its document has no undoable way to take games in. */
static gboolean
on_drop_games (GtkDropTarget *target,
               const GValue  *value,
               double         x,
               double         y,
               DjWindow      *self)
{
  DjLibraryDrag *drag;
  g_autoptr(GPtrArray) opened = g_ptr_array_new ();

  if (!G_VALUE_HOLDS (value, DJ_TYPE_LIBRARY_DRAG) || (drag = g_value_get_boxed (value)) == NULL
      || dj_library_drag_get_n_games (drag) == 0)
    return FALSE;
  for (guint i = 0; i < dj_library_drag_get_n_games (drag); i++)
    {
      const DjLibraryGame *game = dj_library_drag_get_game (drag, i);
      gboolean seen = FALSE;

      for (guint j = 0; j < opened->len && !seen; j++)
        seen = strcmp (opened->pdata[j], game->path) == 0;
      if (seen)
        continue;
      g_ptr_array_add (opened, game->path);
      _dj_window_open_library_game (self, game->path, game->number);
    }
  return TRUE;
}

/* Game files dropped on the window open; so do games from the Library
 * window (copied only: a move has nowhere to take them from). */
void
_dj_window_init_dnd (DjWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  GtkDropTarget *games = gtk_drop_target_new (DJ_TYPE_LIBRARY_DRAG, GDK_ACTION_COPY);

  g_signal_connect_object (drop, "drop", G_CALLBACK (on_drop), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  g_signal_connect_object (games, "drop", G_CALLBACK (on_drop_games), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (games));
}
