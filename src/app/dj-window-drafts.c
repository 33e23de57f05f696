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
      g_autofree char *text = g_strdup_printf (_("An unsaved game could not be restored: %s"),
                                               error->message);

      dj_window_show_toast (self, text);
      dj_drafts_remove (draft->id);
      return;
    }

  /* Back where recording stopped: the end of the main line. */
  dj_game_set_current (self->game, dj_node_get_line_end (dj_game_get_root (self->game)));
  _dj_window_update_title (self);

  name = _dj_window_get_game_title (self);
  when = g_date_time_format (draft->modified, "%x %X");
  /* Translators: the first %s is a game's name, the second a date and time */
  body = g_strdup_printf (_("Djenon closed before “%s” was saved. Its last changes, "
                            "from %s, were kept."), name, when);
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

