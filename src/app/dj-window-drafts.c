/* dj-window-drafts.c: the main window's drafts: kept while unsaved, offered back after a crash
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-window-private.h"

/* Drafts */

void
dj_window_flush_draft (DjWindow *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (DJ_IS_WINDOW (self));

  if (!dj_document_flush_draft (self->document, &error))
    {
      g_autofree char *text = g_strdup_printf (_("Could not keep a copy of the unsaved game: %s"),
                                               error->message);
      dj_window_show_toast (self, text);
    }
}

/* Drafts left by a crash */

static void
draft_response (AdwMessageDialog *dialog,
                const char       *response,
                DjWindow         *self)
{
  if (g_str_equal (response, "restore"))
    {
      dj_window_show_toast (self, _("The unsaved game was restored"));
      return;
    }

  /* Discarded deliberately: the draft goes, a fresh game takes its place. */
  dj_document_discard_draft (self->document);
  {
    DjRules rules = DJ_RULES_INIT (g_settings_get_enum (self->settings, "last-variant"));

    rules.feeding = g_settings_get_enum (self->settings, "last-feeding");
    dj_window_start_game (self, &rules, NULL, NULL);
  }
}

/* Drafts that cannot be read: set aside, never deleted */

static void
launch_folder (GFile     *folder,
               GtkWindow *parent)
{
  g_autofree char *uri = g_file_get_uri (folder);
  g_autoptr(GdkAppLaunchContext) context = NULL;

  if (parent != NULL)
    context = gdk_display_get_app_launch_context (gtk_widget_get_display (GTK_WIDGET (parent)));
  /* On failure there is nothing more to do: the dialog gave the path. */
  g_app_info_launch_default_for_uri_async (uri, G_APP_LAUNCH_CONTEXT (context), NULL, NULL, NULL);
}

typedef struct
{
  GFile     *file;
  GtkWindow *parent;    /* weak */
} ShowItem;

static void
show_item_free (ShowItem *item)
{
  g_clear_object (&item->file);
  g_clear_weak_pointer (&item->parent);
  g_free (item);
}

static void
show_items_done (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  ShowItem *item = data;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL)
    {
      g_autoptr(GFile) folder = g_file_get_parent (item->file);

      launch_folder (folder, item->parent);
    }
  show_item_free (item);
}

static void
got_bus (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  ShowItem *item = data;
  g_autoptr(GDBusConnection) bus = g_bus_get_finish (result, NULL);
  g_autofree char *uri = g_file_get_uri (item->file);
  const char *uris[] = { uri, NULL };

  if (bus == NULL)
    {
      g_autoptr(GFile) folder = g_file_get_parent (item->file);

      launch_folder (folder, item->parent);
      show_item_free (item);
      return;
    }
  /* The file manager of the desktop shows the file itself, selected. */
  g_dbus_connection_call (bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1",
                          "org.freedesktop.FileManager1", "ShowItems",
                          g_variant_new ("(^ass)", uris, ""), NULL, G_DBUS_CALL_FLAGS_NONE,
                          10000, NULL, show_items_done, item);
}

/* Shows @path in the file manager: selected where the desktop's file
 * manager offers it, else its folder opened by the default application. */
static void
show_in_file_manager (GtkWindow  *parent,
                      const char *path)
{
  ShowItem *item = g_new0 (ShowItem, 1);

  item->file = g_file_new_for_path (path);
  g_set_weak_pointer (&item->parent, parent);
  g_bus_get (G_BUS_TYPE_SESSION, NULL, got_bus, item);
}

static void
unreadable_response (AdwMessageDialog *dialog,
                     const char       *response,
                     DjWindow         *self)
{
  const char *path = g_object_get_data (G_OBJECT (dialog), "dj-path");

  if (g_str_equal (response, "show") && path != NULL)
    show_in_file_manager (GTK_WINDOW (self), path);
}

/* @draft could not be read (@error): it is moved aside and the user told
 * where it is. */
static void
set_aside (DjWindow      *self,
           const DjDraft *draft,
           const GError  *error)
{
  g_autoptr(GError) move_error = NULL;
  g_autofree char *aside = dj_drafts_set_aside (draft->id, &move_error);
  g_autofree char *path = dj_drafts_get_path (draft->id);
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (aside != NULL)
    /* Translators: the first %s says why the file cannot be read, the
     * second is where it was moved to */
    body = g_strdup_printf (_("Djenon kept a copy of unsaved games that it cannot read now: "
                              "%s\n\nThe copy was moved to %s and is kept there."),
                            error->message, aside);
  else
    /* Translators: the first %s says why the file cannot be read, the
     * second is where it is, the third why it could not be moved */
    body = g_strdup_printf (_("Djenon kept a copy of unsaved games that it cannot read now: "
                              "%s\n\nThe copy stays in %s: it could not be moved (%s)."),
                            error->message, path, move_error->message);

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Unsaved Game Could Not Be Read"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "show", _("_Show in Files"),
                                    "close", _("_Close"),
                                    NULL);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  g_object_set_data_full (G_OBJECT (dialog), "dj-path",
                          aside != NULL ? g_steal_pointer (&aside) : g_steal_pointer (&path),
                          g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (unreadable_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
dj_window_offer_draft (DjWindow      *self,
                       const DjDraft *draft)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *when = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  g_return_if_fail (DJ_IS_WINDOW (self));
  g_return_if_fail (draft != NULL);

  if (!dj_document_restore_draft (self->document, draft, &error))
    {
      g_autofree char *path = dj_drafts_get_path (draft->id);

      /* Another running Djenon's: not ours to offer, nor to touch. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY))
        return;
      /* Gone meanwhile (its owner saved it): nothing to keep. */
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        {
          dj_drafts_release (draft->id);
          return;
        }
      set_aside (self, draft, error);
      return;
    }

  /* Back where recording stopped: the end of the main line. */
  dj_game_set_current (self->game, dj_node_get_line_end (dj_game_get_root (self->game)));
  _dj_window_update_title (self);

  name = _dj_window_get_game_title (self);
  if (draft->modified != NULL)
    when = g_date_time_format (draft->modified, "%x %X");
  if (when != NULL)
    /* Translators: the first %s is a game's name, the second a date and time */
    body = g_strdup_printf (_("Djenon closed before “%s” was saved. Its last changes, "
                              "from %s, were kept."), name, when);
  else
    /* Translators: %s is a game's name (the draft's date is out of range) */
    body = g_strdup_printf (_("Djenon closed before “%s” was saved. Its last changes "
                              "were kept."), name);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Restore Unsaved Game?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "discard", _("_Discard"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  g_signal_connect_object (dialog, "response", G_CALLBACK (draft_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

