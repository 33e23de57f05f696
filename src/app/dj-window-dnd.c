/* dj-window-dnd.c: files dropped on the main window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

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


/* Game files dropped on the window open. */
void
_dj_window_init_dnd (DjWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect_object (drop, "drop", G_CALLBACK (on_drop), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}
