/* dj-window-files.c: the main window's files: open, save, recent games, closing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "dj-game-file.h"
#include "dj-window-private.h"
#include "dj-xml.h"

#define MAX_RECENT     10

typedef struct
{
  DjWindowThen   func;
  gpointer       data;
  GDestroyNotify destroy;
} Continuation;

static void save_then (DjWindow     *self,
                       Continuation *then);
static void save_as_then (DjWindow     *self,
                          Continuation *then);

static Continuation *
continuation_new (DjWindowThen   func,
                  gpointer       data,
                  GDestroyNotify destroy)
{
  Continuation *c = g_new0 (Continuation, 1);

  c->func = func;
  c->data = data;
  c->destroy = destroy;
  return c;
}

static void
continuation_free (Continuation *c)
{
  if (c == NULL)
    return;
  if (c->destroy != NULL && c->data != NULL)
    c->destroy (c->data);
  g_free (c);
}

/* Runs @c (if any) and frees it. */
static void
continuation_run (Continuation *c,
                  DjWindow     *self)
{
  if (c == NULL)
    return;
  if (c->func != NULL)
    c->func (self, c->data);
  continuation_free (c);
}

/* Files */

static void
add_to_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = {
    .display_name = NULL,
    .description = NULL,
    .mime_type = (char *) dj_game_file_mime_type (dj_game_file_format_for_name (file)),
    .app_name = (char *) g_get_application_name (),
    .app_exec = (char *) "djenon %u",
    .groups = NULL,
    .is_private = FALSE,
  };

  if (data.app_name == NULL)
    data.app_name = (char *) "Djenon";
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

/* A file that could not be read is no recent game, whoever added it (the
 * file chooser adds what it was given). */
static void
forget_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  /* Not there is no error here. */
  gtk_recent_manager_remove_item (gtk_recent_manager_get_default (), uri, NULL);
}

gboolean
dj_window_load_file (DjWindow  *self,
                     GFile     *file,
                     GError   **error)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!dj_document_load (self->document, file, error))
    {
      forget_recent (file);
      return FALSE;
    }
  add_to_recent (file);
  return TRUE;
}

static void
explain_open_error (DjWindow     *self,
                    GFile        *file,
                    const GError *error)
{
  g_autofree char *name = _dj_window_get_display_name (file);
  g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), name);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *base = g_file_get_basename (file);
  const char *candidates[] = { path, name, base };
  const char *message = error->message;
  g_autofree char *body = NULL;

  /* The heading names the file: the body says where in it and why, without
   * the file's path again ("Line 4: …", not "/home/…/game.djenon:4: …"). */
  for (guint i = 0; i < G_N_ELEMENTS (candidates) && body == NULL; i++)
    {
      gsize len = candidates[i] != NULL ? strlen (candidates[i]) : 0;
      const char *rest = message + len;
      const char *digits = rest + 1;

      if (len == 0 || strncmp (message, candidates[i], len) != 0 || *rest != ':')
        continue;
      while (g_ascii_isdigit (*digits))
        digits++;
      if (digits > rest + 1 && *digits == ':')
        {
          g_autofree char *line = g_strndup (rest + 1, digits - rest - 1);
          const char *why = digits + 1;

          while (*why == ' ')
            why++;
          /* Translators: where and why a file could not be read, e.g.
           * "Line 4: the element “move” is not closed" */
          body = g_strdup_printf (_("Line %s: %s"), line, why);
        }
      else
        {
          const char *why = rest + 1;

          while (*why == ' ')
            why++;
          body = g_strdup (why);
        }
    }
  dj_window_show_error (self, heading, body != NULL ? body : message);
}

/* A file being read or written for a window, and what to do next. */
typedef struct
{
  DjWindow     *window;
  GFile        *file;
  Continuation *then;
} FileOp;

static FileOp *
file_op_new (DjWindow     *self,
             GFile        *file,
             Continuation *then)
{
  FileOp *op = g_new0 (FileOp, 1);

  op->window = g_object_ref (self);
  op->file = g_object_ref (file);
  op->then = then;
  return op;
}

static void
file_op_free (FileOp *op)
{
  continuation_free (op->then);
  g_object_unref (op->window);
  g_object_unref (op->file);
  g_free (op);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FileOp, file_op_free)

static void
open_done (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr(FileOp) op = data;
  g_autoptr(GError) error = NULL;

  if (dj_document_load_finish (DJ_DOCUMENT (source), result, &error))
    add_to_recent (op->file);
  else
    {
      forget_recent (op->file);
      explain_open_error (op->window, op->file, error);
    }
}

/* Reads @file in a worker thread; the games replace the window's only if
 * they opened, else the error is shown over the window. */
static void
open_file_now (DjWindow *self,
               gpointer  data)
{
  GFile *file = data;

  dj_document_load_async (self->document, file, NULL, open_done, file_op_new (self, file, NULL));
}

static DjWindow *
find_window_for_file (DjWindow *self,
                      GFile    *file)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (app == NULL)
    return NULL;
  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (DJ_IS_WINDOW (l->data) && dj_window_get_file (l->data) != NULL
        && g_file_equal (dj_window_get_file (l->data), file))
      return l->data;
  return NULL;
}

static void confirm_discard (DjWindow     *self,
                             Continuation *then);

void
dj_window_open_file (DjWindow *self,
                     GFile    *file)
{
  DjWindow *other;

  g_return_if_fail (DJ_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  other = find_window_for_file (self, file);
  if (other != NULL)
    {
      gtk_window_present (GTK_WINDOW (other));
      return;
    }
  confirm_discard (self, continuation_new (open_file_now, g_object_ref (file), g_object_unref));
}

gboolean
dj_window_save_to (DjWindow  *self,
                   GFile     *file,
                   GError   **error)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!dj_document_save (self->document, file, error))
    return FALSE;
  add_to_recent (file);
  _dj_window_update_title (self);
  return TRUE;
}

static void
read_only_response (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          data)
{
  DjWindow *self = DJ_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  Continuation *then = data;

  if (g_str_equal (response, "save-as"))
    save_as_then (self, then);
  else
    continuation_free (then);
}

/* The file is read-only: it is not replaced (as editors do); the games can
 * be saved under another name, and what was to follow the save (closing,
 * opening another game) follows that save. */
static void
offer_save_as (DjWindow     *self,
               GFile        *file,
               const char   *message,
               Continuation *then)
{
  g_autofree char *name = _dj_window_get_display_name (file);
  /* Translators: a dialog's heading; %s is a file name */
  g_autofree char *heading = g_strdup_printf (_("“%s” Is Read-Only"), name);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, message);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "save-as", _("Save _As…"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save-as",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save-as");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (read_only_response), then);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
save_done (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr(FileOp) op = data;
  g_autoptr(GError) error = NULL;

  if (!dj_document_save_finish (DJ_DOCUMENT (source), result, &error))
    {
      g_autofree char *name = _dj_window_get_display_name (op->file);
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), name);

      if (g_error_matches (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_READ_ONLY))
        offer_save_as (op->window, op->file, error->message, g_steal_pointer (&op->then));
      else
        dj_window_show_error (op->window, heading, error->message);
      return;
    }
  add_to_recent (op->file);
  _dj_window_update_title (op->window);
  continuation_run (g_steal_pointer (&op->then), op->window);
}

/* Writes the games to @file in a worker thread, then runs @then. */
static void
save_to_then (DjWindow     *self,
              GFile        *file,
              Continuation *then)
{
  dj_document_save_async (self->document, file, NULL, save_done, file_op_new (self, file, then));
}

static void
save_as_response (GtkNativeDialog *chooser,
                  int              response,
                  gpointer         data)
{
  DjWindow *self = g_object_get_data (G_OBJECT (chooser), "window");
  Continuation *then = data;
  g_autoptr(GFile) file = NULL;
  DjGameFileFormat format = dj_game_file_format_for_filter (GTK_FILE_CHOOSER (chooser));

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

  if (self->chooser == GTK_FILE_CHOOSER_NATIVE (chooser))
    g_clear_object (&self->chooser);

  if (file == NULL)
    {
      continuation_free (then);
      return;
    }

  /* A name typed without the extension gets it. */
  {
    g_autofree char *base = g_file_get_basename (file);

    if (base != NULL && strchr (base, '.') == NULL)
      {
        g_autofree char *name = g_strconcat (base, dj_game_file_extension (format), NULL);
        g_autoptr(GFile) parent = g_file_get_parent (file);

        if (parent != NULL)
          g_set_object (&file, g_file_get_child (parent, name));
      }
  }

  save_to_then (self, file, then);
}

static void
save_as_then (DjWindow     *self,
              Continuation *then)
{
  GtkFileChooserNative *chooser;
  GFile *file = dj_document_get_file (self->document);

  if (self->chooser != NULL)
    {
      continuation_free (then);
      return;
    }

  chooser = gtk_file_chooser_native_new (_("Save Game"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  dj_game_file_add_save_filters (GTK_FILE_CHOOSER (chooser), file != NULL
                                 ? dj_game_file_format_for_name (file) : DJ_GAME_FILE_XML);

  if (file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, NULL);
  else
    {
      g_autofree char *title = _dj_window_get_game_title (self);
      g_autofree char *name = NULL;

      g_strdelimit (title, "/\\:", '-');
      name = g_strconcat (title, DJ_XML_EXTENSION, NULL);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }

  g_object_set_data (G_OBJECT (chooser), "window", self);
  g_signal_connect (chooser, "response", G_CALLBACK (save_as_response), then);
  self->chooser = chooser;
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Changed on disk by another program */

static void
reload_now (DjWindow *self,
            gpointer  data)
{
  GFile *file = dj_document_get_file (self->document);

  if (file != NULL)
    open_file_now (self, file);
}

static void
overwrite_response (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          data)
{
  DjWindow *self = DJ_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  Continuation *then = data;
  GFile *file = dj_document_get_file (self->document);

  if (g_str_equal (response, "save") && file != NULL)
    save_to_then (self, file, then);
  else if (g_str_equal (response, "save-as"))
    save_as_then (self, then);
  else
    {
      /* Reload: chosen knowing that the changes here go. */
      if (g_str_equal (response, "reload"))
        reload_now (self, NULL);
      continuation_free (then);
    }
}

/* Another program changed the file since it was read or written: saving
 * would replace its changes, so the user chooses. */
static void
ask_overwrite (DjWindow     *self,
               Continuation *then)
{
  g_autofree char *name = _dj_window_get_display_name (dj_document_get_file (self->document));
  /* Translators: %s is a file name */
  g_autofree char *heading = g_strdup_printf (_("“%s” Changed on Disk"), name);
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading,
                                   _("Another program changed this file after Djenon opened "
                                     "or saved it. Saving replaces those changes with the "
                                     "games shown here; reloading replaces the games shown "
                                     "here, and their unsaved changes, with the file."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "reload", _("_Reload"),
                                    "save-as", _("Save _As…"),
                                    "save", _("Save _Anyway"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "reload",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save-as",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save-as");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (overwrite_response), then);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
disk_bar_response (GtkInfoBar *bar,
                   int         response,
                   DjWindow   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    confirm_discard (self, continuation_new (reload_now, NULL, NULL));
  /* Dismissed, or reloading: Save still asks while the file differs. */
  gtk_info_bar_set_revealed (bar, FALSE);
}

static void
on_changed_on_disk (DjWindow *self)
{
  gboolean changed = dj_document_get_changed_on_disk (self->document);
  GFile *file = dj_document_get_file (self->document);

  if (changed && file != NULL)
    {
      g_autofree char *name = _dj_window_get_display_name (file);
      /* Translators: %s is a file name */
      g_autofree char *text = g_strdup_printf (_("“%s” was changed by another program."), name);

      gtk_label_set_label (self->disk_label, text);
    }
  gtk_info_bar_set_revealed (self->disk_bar, changed && file != NULL);
}

void
_dj_window_init_disk_bar (DjWindow *self)
{
  self->disk_bar = GTK_INFO_BAR (gtk_info_bar_new ());
  gtk_info_bar_set_message_type (self->disk_bar, GTK_MESSAGE_WARNING);
  gtk_info_bar_set_show_close_button (self->disk_bar, TRUE);
  gtk_info_bar_set_revealed (self->disk_bar, FALSE);
  self->disk_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->disk_label, TRUE);
  gtk_label_set_xalign (self->disk_label, 0);
  gtk_info_bar_add_child (self->disk_bar, GTK_WIDGET (self->disk_label));
  gtk_info_bar_add_button (self->disk_bar, _("_Reload"), GTK_RESPONSE_ACCEPT);
  g_signal_connect_object (self->disk_bar, "response", G_CALLBACK (disk_bar_response), self, 0);
  gtk_box_append (self->banner_box, GTK_WIDGET (self->disk_bar));
  g_signal_group_connect_swapped (self->document_signals, "notify::changed-on-disk",
                                  G_CALLBACK (on_changed_on_disk), self);
}

static void
save_then (DjWindow     *self,
           Continuation *then)
{
  GFile *file = dj_document_get_file (self->document);

  if (file == NULL)
    {
      save_as_then (self, then);
      return;
    }
  /* Looked at just before writing: a monitor may not have told yet. */
  if (dj_document_check_changed_on_disk (self->document))
    {
      ask_overwrite (self, then);
      return;
    }
  save_to_then (self, file, then);
}

typedef struct
{
  DjWindow     *window;
  Continuation *then;
  char         *response;
} Answer;

static gboolean
answer_idle (gpointer data)
{
  Answer *answer = data;
  DjWindow *self = answer->window;

  /* The draft stays until what replaces the game has opened (or the
   * window is closed): the next step may still fail. */
  if (g_str_equal (answer->response, "discard"))
    continuation_run (answer->then, self);
  else if (g_str_equal (answer->response, "save"))
    save_then (self, answer->then);
  else
    continuation_free (answer->then);

  g_object_unref (answer->window);
  g_free (answer->response);
  g_free (answer);
  return G_SOURCE_REMOVE;
}

static void
discard_response (AdwMessageDialog *dialog,
                  const char       *response,
                  gpointer          data)
{
  Answer *answer = g_new0 (Answer, 1);

  /* Acted on once the dialog is gone: the answer may close the window the
   * dialog belongs to. */
  answer->window = g_object_ref (DJ_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog))));
  answer->then = data;
  answer->response = g_strdup (response);
  g_idle_add (answer_idle, answer);
}

/* Runs @then now when nothing would be lost, else after the user chose to
 * save or to discard the changes. */
static void
confirm_discard (DjWindow     *self,
                 Continuation *then)
{
  GtkWidget *dialog;
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;

  if (!dj_document_get_modified (self->document))
    {
      continuation_run (then, self);
      return;
    }

  name = _dj_window_get_game_title (self);
  heading = g_strdup_printf (_("Save Changes to “%s”?"), name);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading,
                                   _("The moves and notes recorded since the game was last "
                                     "saved will be lost unless you save them."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (discard_response), then);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
open_response (GtkNativeDialog *chooser,
               int              response,
               DjWindow        *self)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (self->chooser == GTK_FILE_CHOOSER_NATIVE (chooser))
    g_clear_object (&self->chooser);
  if (file != NULL)
    dj_window_open_file (self, file);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  if (self->chooser != NULL)
    return;

  self->chooser = gtk_file_chooser_native_new (_("Open Game"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN,
                                               _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  dj_game_file_add_open_filters (GTK_FILE_CHOOSER (self->chooser));
  if (dj_document_get_file (self->document) != NULL)
    {
      g_autoptr(GFile) folder = g_file_get_parent (dj_document_get_file (self->document));

      if (folder != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
    }
  g_signal_connect (self->chooser, "response", G_CALLBACK (open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  dj_window_open_file (self, file);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  save_then (DJ_WINDOW (widget), NULL);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  save_as_then (DJ_WINDOW (widget), NULL);
}

static int
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GDateTime *ta = gtk_recent_info_get_modified ((GtkRecentInfo *) a);
  GDateTime *tb = gtk_recent_info_get_modified ((GtkRecentInfo *) b);

  return g_date_time_compare (tb, ta);
}

static void
update_recent (DjWindow *self)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  GList *items = gtk_recent_manager_get_items (manager);
  guint n = 0;

  g_menu_remove_all (self->recent_section);
  g_menu_remove_all (self->recent_submenu_section);

  items = g_list_sort (items, compare_recent);
  for (GList *l = items; l != NULL && n < MAX_RECENT; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      const char *mime = gtk_recent_info_get_mime_type (info);
      g_autoptr(GMenuItem) item = NULL;

      if (!(g_strcmp0 (mime, DJ_XML_MIME_TYPE) == 0 || g_str_has_suffix (uri, DJ_XML_EXTENSION)
            || g_strcmp0 (mime, DJ_TEXT_MIME_TYPE) == 0 || g_str_has_suffix (uri, DJ_TEXT_EXTENSION))
          || !gtk_recent_info_exists (info))
        continue;
      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target (item, "win.open-recent", "s", uri);
      g_menu_append_item (self->recent_section, item);
      g_menu_append_item (self->recent_submenu_section, item);
      n++;
    }
  if (n == 0)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No Recent Games"), "win.no-recent");

      g_menu_append_item (self->recent_section, item);
      g_menu_append_item (self->recent_submenu_section, item);
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

/* Closing */

static void
close_now (DjWindow *self,
           gpointer  data)
{
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

/* TRUE when the window stays open: unsaved changes ask first.  Else the
 * window's size is kept and the draft goes, closed on purpose. */
gboolean
_dj_window_close_request (GtkWindow *window)
{
  DjWindow *self = DJ_WINDOW (window);

  if (!self->close_confirmed && self->document != NULL
      && dj_document_get_modified (self->document))
    {
      confirm_discard (self, continuation_new (close_now, NULL, NULL));
      return TRUE;
    }

  if (self->settings != NULL)
    {
      int width, height;

      gtk_window_get_default_size (window, &width, &height);
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
      g_settings_set_boolean (self->settings, "window-maximized",
                              gtk_window_is_maximized (window));
    }
  dj_document_discard_draft (self->document);
  return FALSE;
}


typedef struct
{
  DjRules     rules;
  DjPosition  start;
  DjGameInfo *info;
} NewGame;

static void
new_game_free (gpointer data)
{
  NewGame *game = data;

  g_clear_pointer (&game->info, dj_game_info_free);
  g_free (game);
}

static void
replace_game_now (DjWindow *self,
                  gpointer  data)
{
  NewGame *game = data;

  dj_window_start_game (self, &game->rules, &game->start, game->info);
}

void
dj_window_replace_game (DjWindow         *self,
                        const DjRules    *rules,
                        const DjPosition *start,
                        const DjGameInfo *info)
{
  NewGame *game;

  g_return_if_fail (DJ_IS_WINDOW (self));
  g_return_if_fail (rules != NULL && start != NULL);

  game = g_new0 (NewGame, 1);
  game->rules = *rules;
  game->start = *start;
  game->info = info != NULL ? dj_game_info_copy (info) : NULL;
  confirm_discard (self, continuation_new (replace_game_now, game, new_game_free));
}

void
_dj_window_confirm_discard (DjWindow       *self,
                            DjWindowThen    then,
                            gpointer        data,
                            GDestroyNotify  destroy)
{
  confirm_discard (self, continuation_new (then, data, destroy));
}

void
_dj_window_init_recent (DjWindow *self)
{
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (update_recent), self, G_CONNECT_SWAPPED);
  update_recent (self);
}

void
_dj_window_class_add_file_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
}
