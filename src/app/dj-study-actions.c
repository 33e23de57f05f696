/* dj-study-actions.c: the window's position actions and its game graph
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "dj-review-graph.h"
#include "dj-study-actions.h"

#define GRAPH_KEY "dj-study-graph"
#define REVIEW_KEY "dj-study-review"

/* Positions */

/* @text with no-break spaces (as the help keeps a position on one line)
 * made plain spaces: a position copied from the help pastes. */
static char *
plain_spaces (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          /* Not UTF-8: left as it is, the parser says what is wrong. */
          g_string_append (out, p);
          break;
        }
      if (c == 0x00a0 || c == 0x2007 || c == 0x202f)
        g_string_append_c (out, ' ');
      else
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

gboolean
dj_study_parse_position (const char     *text,
                         const DjRules  *rules,
                         DjPosition     *pos,
                         GError        **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *copy = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (pos != NULL, FALSE);

  if (strlen (text) > DJ_POSITION_TEXT_MAX)
    {
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   /* Translators: the clipboard holds something far longer than a position */
                   _("The text is too long to be a position.\n\nA position is written as the "
                     "12 pits’ seeds, South’s and North’s captures and the side to move, for "
                     "example:\n4 4 4 4 4 4 4 4 4 4 4 4 0 0 S"));
      return FALSE;
    }
  copy = g_strstrip (plain_spaces (text));
  if (!dj_position_parse (copy, pos, &local))
    {
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   /* Translators: %s says what is wrong with the position text */
                   _("%s.\n\nA position is written as the 12 pits’ seeds, South’s and "
                     "North’s captures and the side to move, for example:\n"
                     "4 4 4 4 4 4 4 4 4 4 4 4 0 0 S"),
                   local->message);
      return FALSE;
    }
  if (pos->feed_owed && rules->variant != DJ_VARIANT_ABE)
    {
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_POSITION,
                   /* Translators: %s is the name of the game shown, e.g. "Djenon-aboure" */
                   _("The position owes a feeding move (“feed”), which only Djenon-abe has; the "
                     "game shown is %s."), dj_variant_display_name (rules->variant));
      return FALSE;
    }
  return TRUE;
}

static void
copy_position_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       data)
{
  DjActionHost *host = data;
  DjGame *game = dj_action_host_get_game (host);
  g_autofree char *text = NULL;

  if (game == NULL)
    return;
  text = dj_position_to_string (dj_node_get_position (dj_game_get_current (game)));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (host)), text);
  dj_action_host_show_toast (host, _("Position copied"));
}

/* The variant a position text names by its first or last word ("abe",
 * "aboure"), taken off @text; or Djenon-abe when it owes a feeding move.
 * FALSE when the text does not say. */
static gboolean
text_variant (char      *text,
              DjVariant *variant)
{
  char *last;

  g_strstrip (text);
  last = strrchr (text, ' ');
  if (last != NULL && dj_variant_from_string (last + 1, variant))
    {
      *last = '\0';
      return TRUE;
    }
  last = strchr (text, ' ');
  if (last != NULL)
    {
      *last = '\0';
      if (dj_variant_from_string (text, variant))
        {
          memmove (text, last + 1, strlen (last + 1) + 1);
          return TRUE;
        }
      *last = ' ';
    }
  if (g_str_has_suffix (text, " feed"))
    {
      *variant = DJ_VARIANT_ABE;
      return TRUE;
    }
  return FALSE;
}

/* Checks @text as a position of @variant (the other rules as in the game
 * shown) and starts a new game from it. */
static void
paste_as (DjActionHost *host,
          const char   *text,
          DjVariant     variant)
{
  DjGame *game = dj_action_host_get_game (host);
  g_autoptr(GError) error = NULL;
  DjRules rules;
  DjPosition pos;

  if (game == NULL)
    return;
  rules = *dj_game_get_rules (game);
  if (rules.variant != variant)
    rules = DJ_RULES_INIT (variant);
  if (!dj_study_parse_position (text, &rules, &pos, &error))
    {
      dj_action_host_show_error (host, _("Could Not Paste the Position"), error->message);
      return;
    }
  dj_action_host_replace_game (host, &rules, &pos);
}

static void
variant_chosen (AdwMessageDialog *dialog,
                const char       *response,
                DjActionHost     *host)
{
  const char *text = g_object_get_data (G_OBJECT (dialog), "text");
  DjVariant variant;

  if (dj_variant_from_string (response, &variant))
    paste_as (host, text, variant);
}

/* A position text names no game: the user says which, the shown game's
 * first. */
static void
ask_variant (DjActionHost *host,
             const char   *text)
{
  DjGame *game = dj_action_host_get_game (host);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (host));
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (root),
                                                      _("Which Game Is the Position From?"),
                                                      NULL));
  adw_message_dialog_format_body (dialog,
                                  /* Translators: %s is a position, "4 4 4 … 0 0 S" */
                                  _("The position “%s” does not say whether it is from "
                                    "Djenon-aboure or Djenon-abe. The same seeds mean a "
                                    "different game under each."), text);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"),
                                    "aboure", _("Djenon-_aboure"),
                                    "abe", _("Djenon-a_be"), NULL);
  adw_message_dialog_set_response_appearance (dialog,
                                              dj_variant_to_string (dj_game_get_rules (game)->variant),
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog,
                                           dj_variant_to_string (dj_game_get_rules (game)->variant));
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "text", g_strdup (text), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (variant_chosen), host, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
paste_done (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr(DjActionHost) host = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  DjGame *game = dj_action_host_get_game (host);
  DjRules rules;
  DjPosition pos;
  DjVariant variant;

  if (game == NULL || gtk_widget_in_destruction (GTK_WIDGET (host)))
    return;
  if (text == NULL)
    {
      dj_action_host_show_error (host, _("Could Not Paste the Position"),
                                 _("The clipboard holds no text. Copy a position such as "
                                   "“4 4 4 4 4 4 4 4 4 4 4 4 0 0 S” first."));
      return;
    }
  if (strlen (text) <= DJ_POSITION_TEXT_MAX)
    {
      char *plain = plain_spaces (text);

      g_free (text);
      text = plain;
    }
  /* Checked first as the shown game's: a bad text is refused before any
   * question. */
  rules = *dj_game_get_rules (game);
  if (strlen (text) <= DJ_POSITION_TEXT_MAX && text_variant (text, &variant))
    {
      paste_as (host, text, variant);
      return;
    }
  if (!dj_study_parse_position (text, &rules, &pos, &error))
    {
      dj_action_host_show_error (host, _("Could Not Paste the Position"), error->message);
      return;
    }
  ask_variant (host, g_strstrip (text));
}

static void
paste_position_action (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       data)
{
  DjActionHost *host = data;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (host)), NULL,
                                 paste_done, g_object_ref (host));
}

static void
new_game_from_here_action (GSimpleAction *action,
                           GVariant      *parameter,
                           gpointer       data)
{
  DjActionHost *host = data;
  DjGame *game = dj_action_host_get_game (host);
  DjRules rules;
  DjPosition pos;

  if (game == NULL)
    return;
  rules = *dj_game_get_rules (game);
  pos = *dj_node_get_position (dj_game_get_current (game));
  dj_action_host_replace_game (host, &rules, &pos);
}

/* The game graph */

static void
on_review_finished (DjReview  *review,
                    gboolean   completed,
                    GtkWidget *graph)
{
  if (completed)
    gtk_widget_set_visible (graph, TRUE);
}

static void
show_graph_changed (GSimpleAction *action,
                    GVariant      *value,
                    gpointer       data)
{
  DjActionHost *host = data;
  GtkWidget *graph = g_object_get_data (G_OBJECT (host), GRAPH_KEY);
  DjReview *review = g_object_get_data (G_OBJECT (host), REVIEW_KEY);
  gboolean show = g_variant_get_boolean (value);

  gtk_widget_set_visible (graph, show);
  /* Shown with nothing to show: review the game now. */
  if (show && dj_review_graph_get_n_points (DJ_REVIEW_GRAPH (graph)) == 0
      && !dj_review_get_running (review))
    dj_review_start (review);
}

static void
on_graph_visible (GtkWidget     *graph,
                  GParamSpec    *pspec,
                  GSimpleAction *action)
{
  g_simple_action_set_state (action, g_variant_new_boolean (gtk_widget_get_visible (graph)));
}

/* Ctrl+Alt+C and Ctrl+Alt+V, except in text fields. */
static gboolean
clipboard_shortcut (GtkWidget *widget,
                    GVariant  *args,
                    gpointer   user_data)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (widget));

  if (focus != NULL && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)))
    return FALSE;
  return gtk_widget_activate_action (widget, user_data, NULL);
}

void
dj_study_actions_install (DjActionHost *host,
                          DjReview     *review,
                          GtkBox       *below_board)
{
  static const GActionEntry entries[] = {
    { "copy-position", copy_position_action, NULL, NULL, NULL, { 0 } },
    { "paste-position", paste_position_action, NULL, NULL, NULL, { 0 } },
    { "new-game-from-here", new_game_from_here_action, NULL, NULL, NULL, { 0 } },
    { "show-graph", NULL, NULL, "false", show_graph_changed, { 0 } },
  };
  static const struct { guint key; const char *action; } keys[] = {
    { GDK_KEY_c, "study.copy-position" },
    { GDK_KEY_v, "study.paste-position" },
  };
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  GtkEventController *controller = gtk_shortcut_controller_new ();
  GtkWidget *graph;

  g_return_if_fail (DJ_IS_ACTION_HOST (host));
  g_return_if_fail (DJ_IS_REVIEW (review));
  g_return_if_fail (GTK_IS_BOX (below_board));

  g_action_map_add_action_entries (G_ACTION_MAP (group), entries, G_N_ELEMENTS (entries), host);
  gtk_widget_insert_action_group (GTK_WIDGET (host), "study", G_ACTION_GROUP (group));

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
      gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, GDK_CONTROL_MASK | GDK_ALT_MASK),
                        gtk_callback_action_new (clipboard_shortcut,
                                                 (gpointer) keys[i].action, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (host), controller);

  graph = dj_review_graph_new ();
  gtk_widget_set_visible (graph, FALSE);
  dj_review_graph_set_review (DJ_REVIEW_GRAPH (graph), review);
  gtk_box_append (below_board, graph);
  g_object_set_data (G_OBJECT (host), GRAPH_KEY, graph);
  g_object_set_data (G_OBJECT (host), REVIEW_KEY, review);
  g_signal_connect_object (review, "finished", G_CALLBACK (on_review_finished), graph, 0);
  g_signal_connect_object (graph, "notify::visible", G_CALLBACK (on_graph_visible),
                           g_action_map_lookup_action (G_ACTION_MAP (group), "show-graph"), 0);
}

GtkWidget *
dj_study_get_graph (DjActionHost *host)
{
  g_return_val_if_fail (DJ_IS_ACTION_HOST (host), NULL);
  return g_object_get_data (G_OBJECT (host), GRAPH_KEY);
}
