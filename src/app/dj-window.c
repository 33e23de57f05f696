/* dj-window.c: the main window: one document, its board, title and status
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "dj-move-label.h"
#include "dj-explorer-pane.h"
#include "dj-library-window.h"
#include "dj-play-engine.h"
#include "dj-learn-mistakes.h"
#include "dj-review.h"
#include "dj-rules-view.h"
#include "dj-study-pane.h"
#include "dj-window-private.h"
#include "dj-lazy-menu.h"
#include "dj-xml.h"

#define SAMPLE_PATH    RESOURCE_PATH "/samples/aboure-sample.djenon"

G_DEFINE_FINAL_TYPE_WITH_CODE (DjWindow, dj_window, ADW_TYPE_APPLICATION_WINDOW,
                               G_IMPLEMENT_INTERFACE (DJ_TYPE_ACTION_HOST,
                                                      _dj_window_action_host_init))

enum {
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Messages */

void
dj_window_show_toast (DjWindow   *self,
                      const char *text)
{
  AdwToast *toast;

  g_return_if_fail (DJ_IS_WINDOW (self));

  /* A toast's title is markup (its use-markup is libadwaita 1.4): a
   * message quoting a file's text or name must not be read as markup. */
  {
    g_autofree char *escaped = g_markup_escape_text (text, -1);

    toast = adw_toast_new (escaped);
  }

  g_free (self->last_toast);
  self->last_toast = g_strdup (text);
  adw_toast_set_timeout (toast, 4);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

void
dj_window_show_error (DjWindow   *self,
                      const char *heading,
                      const char *body)
{
  GtkWidget *dialog;

  g_return_if_fail (DJ_IS_WINDOW (self));

  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

char *
_dj_window_get_display_name (GFile *file)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                                                 G_FILE_QUERY_INFO_NONE, NULL, NULL);
  char *base;

  if (info != NULL)
    return g_strdup (g_file_info_get_display_name (info));
  /* A file named by a URI that is no file has no base name. */
  base = g_file_get_basename (file);
  return base != NULL ? base : g_file_get_parse_name (file);
}

/* The players (or the event), else the file's name. */
char *
_dj_window_get_game_title (DjWindow *self)
{
  const DjGameInfo *info = dj_game_get_info (self->game);
  GFile *file = dj_document_get_file (self->document);

  if (info->south == NULL && info->north == NULL && info->event == NULL && file != NULL)
    return _dj_window_get_display_name (file);
  return dj_game_info_get_title (info);
}

static char *
get_folder_text (GFile *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *path = NULL;
  const char *home = g_get_home_dir ();

  if (parent == NULL)
    return NULL;
  path = g_file_get_path (parent);
  if (path == NULL)
    return g_file_get_parse_name (parent);
  if (g_str_equal (path, home))
    return g_strdup ("~");
  if (g_str_has_prefix (path, home) && path[strlen (home)] == G_DIR_SEPARATOR)
    return g_strconcat ("~", path + strlen (home), NULL);
  return g_steal_pointer (&path);
}

void
_dj_window_update_title (DjWindow *self)
{
  g_autofree char *name = _dj_window_get_game_title (self);
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *where = NULL;
  GFile *file = dj_document_get_file (self->document);
  const char *variant = dj_variant_display_name (dj_game_get_rules (self->game)->variant);
  gboolean modified = dj_document_get_modified (self->document);

  if (modified)
    /* Translators: the window title of a game with unsaved changes */
    title = g_strdup_printf (_("• %s"), name);
  else
    title = g_strdup (name);

  /* The variant always; with a file, the file's name (or its folder when
   * the name is the title already). */
  if (file != NULL)
    {
      g_autofree char *file_name = _dj_window_get_display_name (file);

      where = g_str_equal (file_name, name) ? get_folder_text (file) : g_steal_pointer (&file_name);
    }
  if (where != NULL)
    /* Translators: the window's subtitle: the game's variant, then its file or folder */
    subtitle = g_strdup_printf (_("%s — %s"), variant, where);
  else
    subtitle = g_strdup (variant);

  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle ? subtitle : "");

  /* The window list names the file, if any; the header bar the players. */
  if (file != NULL)
    {
      g_autofree char *file_name = _dj_window_get_display_name (file);

      g_free (title);
      title = modified ? g_strdup_printf (_("• %s"), file_name) : g_steal_pointer (&file_name);
    }
  /* Translators: the window's title for the window list: game name, then the application */
  window_title = g_strdup_printf (_("%s – Djenon"), title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

/* Status line */

static char *
describe_result (const DjRules    *rules,
                 const DjPosition *pos)
{
  int score[2];

  dj_final_scores (rules, pos, score);
  if (score[DJ_SOUTH] > score[DJ_NORTH])
    /* Translators: the result of a finished game, with both scores */
    return g_strdup_printf (_("Game over: South wins %d–%d"), score[DJ_SOUTH], score[DJ_NORTH]);
  if (score[DJ_NORTH] > score[DJ_SOUTH])
    return g_strdup_printf (_("Game over: North wins %d–%d"), score[DJ_NORTH], score[DJ_SOUTH]);
  /* Translators: the result of a finished game, with both scores */
  return g_strdup_printf (_("Game over: a draw, %d–%d"), score[DJ_SOUTH], score[DJ_NORTH]);
}

static char *
describe_position (const DjRules    *rules,
                   const DjPosition *pos)
{
  DjMoves moves;
  g_autofree char *turn = NULL;
  g_autofree char *captures = NULL;

  dj_moves_generate (rules, pos, &moves);
  if (moves.end != DJ_END_NONE)
    {
      g_autofree char *result = describe_result (rules, pos);

      /* Translators: the result, then why the game ended */
      return g_strdup_printf (_("%s. %s."), result, dj_end_reason_describe (moves.end));
    }

  if (pos->feed_owed)
    turn = g_strdup (pos->to_move == DJ_SOUTH
                     ? _("South to move, and must feed North")
                     : _("North to move, and must feed South"));
  else if (moves.must_pass)
    turn = g_strdup (pos->to_move == DJ_SOUTH
                     ? _("South cannot move and must pass")
                     : _("North cannot move and must pass"));
  else
    turn = g_strdup (pos->to_move == DJ_SOUTH ? _("South to move") : _("North to move"));

  /* Translators: the seeds each player has captured so far */
  captures = g_strdup_printf (_("captured: South %u, North %u"),
                              pos->captured[DJ_SOUTH], pos->captured[DJ_NORTH]);
  /* Translators: whose turn it is, then the captures, in the status line */
  return g_strdup_printf (_("%s — %s"), turn, captures);
}

static char *
describe_trace (const DjTrace *trace)
{
  DjSide mover = trace->before.to_move;
  g_autofree char *laps = NULL;
  g_autofree char *taken = NULL;
  g_autofree char *text = NULL;

  if (trace->move == DJ_PASS)
    {
      if (trace->after.feed_owed)
        return g_strdup (mover == DJ_SOUTH
                         ? _("South had no seeds and passed: North must feed")
                         : _("North had no seeds and passed: South must feed"));
      return g_strdup (mover == DJ_SOUTH ? _("South passed") : _("North passed"));
    }

  laps = g_strdup_printf (ngettext ("%u lap", "%u laps", trace->laps->len), trace->laps->len);
  if (trace->captured > 0)
    taken = g_strdup_printf (ngettext ("captured %u seed", "captured %u seeds", trace->captured),
                             trace->captured);
  else
    taken = g_strdup (_("nothing captured"));

  text = g_strdup_printf (mover == DJ_SOUTH
                          /* Translators: the last move: pit, number of laps, what it captured,
                           * e.g. "South played c: 4 laps, captured 2 seeds" */
                          ? _("South played %s: %s, %s")
                          : _("North played %s: %s, %s"),
                          dj_move_label (trace->move), laps, taken);
  if (trace->fed)
    return g_strconcat (text, mover == DJ_SOUTH ? _(", and fed North") : _(", and fed South"),
                        NULL);
  return g_steal_pointer (&text);
}

static void
update_status (DjWindow *self)
{
  const DjRules *rules = dj_game_get_rules (self->game);
  DjNode *node = dj_game_get_current (self->game);
  DjNode *parent = dj_node_get_parent (node);

  g_free (self->status);
  self->status = describe_position (rules, dj_node_get_position (node));
  gtk_label_set_label (self->status_label, self->status);

  g_free (self->last_move_text);
  if (parent == NULL)
    self->last_move_text = g_strdup (dj_game_has_setup (self->game)
                                     ? _("A set-up position")
                                     : _("The start of the game"));
  else
    {
      g_autoptr(DjTrace) trace = dj_trace_new ();

      if (dj_play (rules, dj_node_get_position (parent), dj_node_get_move (node), trace, NULL))
        self->last_move_text = describe_trace (trace);
      else
        self->last_move_text = g_strdup ("");
    }
  gtk_label_set_label (self->last_move_label, self->last_move_text);
}

/* Board */

/* Marks and arrows made on the board belong to the node it shows. */
static void
on_markup_edited (DjWindow       *self,
                  const DjMarkup *markup,
                  const char     *label,
                  DjBoard        *board)
{
  dj_game_set_markup (self->game, dj_game_get_current (self->game), markup, label);
}

/* What a turn just played into the record says about itself: a pass it
 * forced, the end of the game. */
static void
announce_turn (DjWindow *self,
               DjNode   *node)
{
  const DjRules *rules = dj_game_get_rules (self->game);
  const DjPosition *pos = dj_node_get_position (node);
  DjMoves moves;

  if (dj_node_get_move (node) == DJ_PASS)
    {
      DjSide passer = dj_node_get_position (dj_node_get_parent (node))->to_move;

      if (pos->feed_owed)
        dj_window_show_toast (self, passer == DJ_SOUTH
                          ? _("South has no seeds and passes: North must feed")
                          : _("North has no seeds and passes: South must feed"));
      else
        dj_window_show_toast (self, passer == DJ_SOUTH
                          ? _("South cannot move and passes")
                          : _("North cannot move and passes"));
    }

  dj_moves_generate (rules, pos, &moves);
  if (moves.end != DJ_END_NONE)
    {
      g_autofree char *result = describe_result (rules, pos);
      g_autofree char *text = g_strdup_printf (_("%s. %s."), result,
                                               dj_end_reason_describe (moves.end));

      dj_window_show_toast (self, text);
    }
}

static void
on_pit_activated (DjWindow *self,
                  int       move,
                  DjBoard  *board)
{
  /* Learn from Your Mistakes judges the try: the game is not played. */
  if (dj_learn_mistakes_try (DJ_LEARN_MISTAKES (self->learn_mistakes), (DjMove) move))
    return;
  dj_window_play_move (self, (DjMove) move);
}

static void
on_move_refused (DjWindow *self,
                 int       move,
                 guint     reason,
                 DjBoard  *board)
{
  dj_window_show_toast (self, dj_board_describe_refusal (board, reason));
}

/* The record */

static void
on_current_changed (DjWindow *self,
                    DjNode   *node,
                    DjGame   *game)
{
  self->last_move_time = g_get_monotonic_time ();
  if (dj_game_get_current_trace (game) != NULL)
    announce_turn (self, node);
  update_status (self);
  _dj_window_update_actions (self);
}

static void
on_tree_changed (DjWindow *self,
                 DjNode   *node,
                 DjGame   *game)
{
  _dj_window_update_actions (self);
}

static void
on_info_changed (DjWindow *self,
                 DjGame   *game)
{
  _dj_window_update_title (self);
}

static void
on_undo_changed (DjWindow   *self,
                 GParamSpec *pspec,
                 DjGame     *game)
{
  _dj_window_update_actions (self);
}

static void
on_draft_failed (DjWindow   *self,
                 const char *message)
{
  dj_window_show_toast (self, message);
}

/* While a file is read, the games it may replace take no input: nothing
 * entered then would be silently lost. */
static void
on_loading_changed (DjWindow *self)
{
  gboolean loading = dj_document_get_loading (self->document);

  gtk_widget_set_sensitive (GTK_WIDGET (self->board_box), !loading);
  gtk_widget_set_sensitive (GTK_WIDGET (self->study_pane), !loading);
  _dj_window_update_actions (self);
}

static void
on_modified_changed (DjWindow *self)
{
  _dj_window_update_title (self);
}

/* The board, the panes and the analysis show @game, a game of the document. */
static void
show_game (DjWindow *self,
           DjGame   *game)
{
  DjCollection *collection = dj_document_get_collection (self->document);


  self->game = game;
  g_signal_group_set_target (self->game_signals, game);
  /* Before the board: a session it stops gives the board back. */
  dj_learn_mistakes_set_game (DJ_LEARN_MISTAKES (self->learn_mistakes), game);
  dj_board_set_game (DJ_BOARD (self->board), game);
  dj_study_pane_set_game (self->study_pane, collection, game);
  dj_analysis_panel_set_game (DJ_ANALYSIS_PANEL (self->analysis_panel), game);
  dj_explorer_pane_set_game (DJ_EXPLORER_PANE (self->explorer_pane), game);
  dj_review_set_game (DJ_REVIEW (self->review), game);
  dj_play_engine_set_game (DJ_PLAY_ENGINE (self->play_engine), game);

  self->last_move_time = g_get_monotonic_time ();

  _dj_window_update_title (self);
  update_status (self);
  _dj_window_update_actions (self);
}

/* The document has new games: the first is shown. */
static void
on_collection_replaced (DjWindow *self)
{
  show_game (self, dj_collection_get_game (dj_document_get_collection (self->document), 0));
}

void
dj_window_set_collection (DjWindow     *self,
                          DjCollection *collection,
                          GFile        *file)
{
  g_return_if_fail (DJ_IS_WINDOW (self));
  g_return_if_fail (DJ_IS_COLLECTION (collection));
  g_return_if_fail (dj_collection_get_n_games (collection) > 0);
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  dj_document_replace (self->document, collection, file);
}

DjDocument *
dj_window_get_document (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return self->document;
}

void
dj_window_set_document (DjWindow   *self,
                        DjDocument *document)
{
  g_return_if_fail (DJ_IS_WINDOW (self));
  g_return_if_fail (DJ_IS_DOCUMENT (document));

  if (!g_set_object (&self->document, document))
    return;
  g_signal_group_set_target (self->document_signals, document);
  /* One search for all that analyses the document's games. */
  dj_analysis_panel_set_search (DJ_ANALYSIS_PANEL (self->analysis_panel),
                                dj_document_get_search (document));
  dj_review_set_search (DJ_REVIEW (self->review), dj_document_get_search (document));
  dj_learn_mistakes_set_search (DJ_LEARN_MISTAKES (self->learn_mistakes),
                                dj_document_get_search (document));
  dj_explorer_pane_set_search (DJ_EXPLORER_PANE (self->explorer_pane),
                               dj_document_get_search (document));
  dj_play_engine_set_search (DJ_PLAY_ENGINE (self->play_engine),
                             dj_document_get_search (document));
  on_collection_replaced (self);
  on_loading_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

void
dj_window_start_game (DjWindow         *self,
                      const DjRules    *rules,
                      const DjPosition *start,
                      const DjGameInfo *info)
{
  g_autoptr(DjCollection) collection = dj_collection_new ();
  g_autoptr(DjGame) game = NULL;

  g_return_if_fail (DJ_IS_WINDOW (self));
  g_return_if_fail (rules != NULL);

  game = dj_game_new (rules, start);
  if (info != NULL)
    {
      dj_game_load_info (game, dj_game_info_copy (info));
    }
  dj_collection_append (collection, game);
  dj_collection_set_modified (collection, FALSE);
  dj_document_replace (self->document, collection, NULL);

  /* A set-up position where the side to move cannot move starts with its pass. */
  if (dj_game_play_forced_pass (game) != NULL)
    dj_game_clear_undo (game);
}

void
dj_window_show_sample (DjWindow *self)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(DjCollection) collection = NULL;
  g_autoptr(GError) error = NULL;
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);

  g_return_if_fail (DJ_IS_WINDOW (self));

  bytes = g_resources_lookup_data (SAMPLE_PATH, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes != NULL)
    {
      gsize len;
      const char *data = g_bytes_get_data (bytes, &len);

      collection = dj_xml_load_data (data, len, "aboure-sample.djenon", &error);
    }
  if (collection == NULL || dj_collection_get_n_games (collection) == 0)
    {
      g_debug ("No sample game: %s", error ? error->message : "empty");
      dj_window_start_game (self, &rules, NULL, NULL);
      return;
    }
  dj_document_replace (self->document, collection, NULL);
}

/* Playing */

gboolean
dj_window_play_move (DjWindow *self,
                     DjMove    move)
{
  g_autoptr(DjTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  gint64 time_ms = DJ_NO_TIME;

  g_return_val_if_fail (DJ_IS_WINDOW (self), FALSE);

  if (g_settings_get_boolean (self->settings, "live-timestamps"))
    time_ms = (g_get_monotonic_time () - self->last_move_time) / 1000;
  /* The board animates the turn by itself, from the record. */
  trace = dj_game_play_turn (self->game, move, time_ms, &error);
  if (trace == NULL)
    {
      if (error == NULL)
        return FALSE;
      if (g_error_matches (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_ILLEGAL))
        {
          DjMoves here;

          dj_moves_generate (dj_game_get_rules (self->game),
                             dj_node_get_position (dj_game_get_current (self->game)), &here);
          dj_window_show_toast (self, dj_pit_status_describe (dj_moves_why (&here, move)));
        }
      else
        dj_window_show_toast (self, error->message);
      return FALSE;
    }
  return TRUE;
}

/* Narrow windows: the move list folds away behind a button. */
static gboolean
sync_moves_button (gpointer data)
{
  DjWindow *self = data;

  self->folded_idle = 0;
  gtk_widget_set_visible (self->moves_button, adw_flap_get_folded (self->flap));
  return G_SOURCE_REMOVE;
}

static void
on_flap_folded (DjWindow *self)
{
  /* Not during the size allocation that folded the flap. */
  if (self->folded_idle == 0)
    self->folded_idle = g_idle_add (sync_moves_button, self);
}

/* Study: the move-tree editor beside the board */

static void
on_study_game_activated (DjWindow *self,
                         DjGame   *game)
{
  if (game == self->game
      || dj_collection_find (dj_document_get_collection (self->document), game) < 0)
    return;
  show_game (self, game);
}

DjStudyPane *
dj_window_get_study_pane (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return self->study_pane;
}

/* While Learn from Your Mistakes asks, the analysis panel and the opening
 * explorer, which would give the answer away, are hidden; they come back
 * after. */
static void
on_learn_active (DjWindow *self)
{
  if (dj_learn_mistakes_get_active (DJ_LEARN_MISTAKES (self->learn_mistakes)))
    {
      self->learn_hid_analysis = gtk_widget_get_visible (self->analysis_panel);
      self->learn_hid_explorer = gtk_widget_get_visible (self->explorer_pane);
      gtk_widget_set_visible (self->analysis_panel, FALSE);
      gtk_widget_set_visible (self->explorer_pane, FALSE);
      _dj_window_update_actions (self);
      return;
    }
  if (self->learn_hid_analysis)
    gtk_widget_set_visible (self->analysis_panel, TRUE);
  if (self->learn_hid_explorer)
    gtk_widget_set_visible (self->explorer_pane, TRUE);
  self->learn_hid_analysis = self->learn_hid_explorer = FALSE;
  _dj_window_update_actions (self);
}

/* The analysis panel (win.show-analysis toggles it) and the banners
 * of the review and of play against the engine. */
static void
add_analysis (DjWindow *self)
{
  g_autoptr(GPropertyAction) show = NULL;

  /* Under the board, which is wide and low: the list has room there. */
  self->analysis_panel = dj_analysis_panel_new ();
  gtk_widget_set_visible (self->analysis_panel, FALSE);
  dj_analysis_panel_set_board (DJ_ANALYSIS_PANEL (self->analysis_panel), DJ_BOARD (self->board));
  gtk_box_append (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->board_box))),
                  self->analysis_panel);
  show = g_property_action_new ("show-analysis", self->analysis_panel, "visible");
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (show));

  self->review = dj_review_new ();
  gtk_box_append (self->banner_box, self->review);
  self->play_engine = dj_play_engine_new ();
  dj_play_engine_set_board (DJ_PLAY_ENGINE (self->play_engine), DJ_BOARD (self->board));
  g_settings_bind (self->settings, "live-timestamps", self->play_engine, "record-times",
                   G_SETTINGS_BIND_GET);
  gtk_box_append (self->banner_box, self->play_engine);
  self->learn_mistakes = dj_learn_mistakes_new ();
  dj_learn_mistakes_set_board (DJ_LEARN_MISTAKES (self->learn_mistakes), DJ_BOARD (self->board));
  dj_learn_mistakes_set_review (DJ_LEARN_MISTAKES (self->learn_mistakes), DJ_REVIEW (self->review));
  g_signal_connect_object (self->learn_mistakes, "notify::active",
                           G_CALLBACK (on_learn_active), self, G_CONNECT_SWAPPED);
  gtk_box_append (self->banner_box, self->learn_mistakes);

  _dj_window_add_study_actions (self);
}

static void on_explorer_game (DjWindow   *self,
                              const char *path,
                              guint       number,
                              guint       ply);
static void show_library (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       data);

static void
on_explorer_move (DjWindow *self,
                  int       move)
{
  dj_window_play_move (self, (DjMove) move);
}

/* The opening explorer (win.show-explorer toggles it), under the board
 * beside the analysis panel. */
static void
add_explorer (DjWindow *self)
{
  g_autoptr(GPropertyAction) show = NULL;

  self->explorer_pane = dj_explorer_pane_new ();
  gtk_widget_set_visible (self->explorer_pane, FALSE);
  g_signal_connect_object (self->explorer_pane, "move-activated",
                           G_CALLBACK (on_explorer_move), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->explorer_pane, "game-activated",
                           G_CALLBACK (on_explorer_game), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->board_box))),
                  self->explorer_pane);
  show = g_property_action_new ("show-explorer", self->explorer_pane, "visible");
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (show));
  {
    static const GActionEntry entries[] = { { .name = "show-library", .activate = show_library } };

    g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
  }
}

void
dj_window_show_game_at (DjWindow *self,
                        guint     index,
                        guint     ply)
{
  DjCollection *collection;
  DjGame *game;
  DjNode *node;

  g_return_if_fail (DJ_IS_WINDOW (self));

  collection = dj_document_get_collection (self->document);
  if (index >= dj_collection_get_n_games (collection))
    return;
  game = dj_collection_get_game (collection, index);
  if (game != self->game)
    show_game (self, game);
  node = dj_game_get_root (game);
  for (guint i = 0; i < ply && dj_node_get_first_child (node) != NULL; i++)
    node = dj_node_get_first_child (node);
  dj_game_set_current (game, node);
}

/* Opens game @number (from 1) of the file at @path after @ply moves of
 * its main line: in the window that has the file open, else in a new one. */
static void
open_library_game (DjWindow   *self,
                   const char *path,
                   guint       number,
                   guint       ply)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  DjWindow *window;

  window = NULL;
  if (application == NULL || number == 0)
    return;
  for (GList *l = gtk_application_get_windows (application); l != NULL; l = l->next)
    if (DJ_IS_WINDOW (l->data) && dj_window_get_file (l->data) != NULL
        && g_file_equal (dj_window_get_file (l->data), file))
      window = l->data;
  if (window == NULL)
    {
      window = dj_window_new (application);
      if (!dj_window_load_file (window, file, &error))
        {
          g_autofree char *heading = g_file_get_parse_name (file);

          gtk_window_destroy (GTK_WINDOW (window));
          dj_window_show_error (self, heading, error->message);
          return;
        }
    }
  dj_window_show_game_at (window, number - 1, ply);
  gtk_window_present (GTK_WINDOW (window));
}

void
_dj_window_open_library_game (DjWindow   *self,
                              const char *path,
                              guint       number)
{
  open_library_game (self, path, number, 0);
}

static void
on_explorer_game (DjWindow   *self,
                  const char *path,
                  guint       number,
                  guint       ply)
{
  open_library_game (self, path, number, ply);
}

static void
on_library_game (DjWindow   *self,
                 const char *path,
                 guint       number)
{
  open_library_game (self, path, number, 0);
}

/* The Library window's Open in New Window and Open at Move…: a new window
 * is made even when another shows the file (the windows notice each
 * other's saves as changes on disk). */
static void
on_library_open_game (DjWindow   *self,
                      const char *path,
                      guint       number,
                      guint       ply,
                      gboolean    new_window)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  DjWindow *window;

  if (!new_window)
    {
      open_library_game (self, path, number, ply);
      return;
    }
  if (application == NULL || number == 0)
    return;
  window = dj_window_new (application);
  if (!dj_window_load_file (window, file, &error))
    {
      g_autofree char *heading = g_file_get_parse_name (file);

      gtk_window_destroy (GTK_WINDOW (window));
      dj_window_show_error (self, heading, error->message);
      return;
    }
  dj_window_show_game_at (window, number - 1, ply);
  gtk_window_present (GTK_WINDOW (window));
}

/* The Library window: every game of the library (one for the application). */
static void
show_library (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       data)
{
  DjWindow *self = data;
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  GtkWidget *library = NULL;

  for (GList *l = gtk_application_get_windows (application); l != NULL; l = l->next)
    if (DJ_IS_LIBRARY_WINDOW (l->data))
      library = l->data;
  if (library == NULL)
    {
      library = dj_library_window_new (application, NULL);
      /* Its games open from the window that opened it, while that lasts. */
      g_signal_connect_object (library, "game-activated", G_CALLBACK (on_library_game), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (library, "open-game", G_CALLBACK (on_library_open_game), self,
                               G_CONNECT_SWAPPED);
    }
  gtk_window_present (GTK_WINDOW (library));
}

GtkWidget *
dj_window_get_explorer (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return self->explorer_pane;
}

/* Getters */

GFile *
dj_window_get_file (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return dj_document_get_file (self->document);
}

DjCollection *
dj_window_get_collection (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return dj_document_get_collection (self->document);
}

DjGame *
dj_window_get_game (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return self->game;
}

GtkWidget *
dj_window_get_learn_mistakes (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return self->learn_mistakes;
}

GtkWidget *
dj_window_get_board (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return self->board;
}

GtkWidget *
dj_window_get_move_list (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return GTK_WIDGET (dj_study_pane_get_notation (self->study_pane));
}

gboolean
dj_window_get_modified (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), FALSE);
  return dj_document_get_modified (self->document);
}

const char *
dj_window_get_draft_id (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return dj_document_get_draft_id (self->document);
}

const char *
dj_window_get_last_toast (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return self->last_toast;
}

const char *
dj_window_get_status (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return self->status;
}

const char *
dj_window_get_last_move_text (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return self->last_move_text;
}

static void
dj_window_dispose (GObject *object)
{
  DjWindow *self = DJ_WINDOW (object);

  g_clear_handle_id (&self->folded_idle, g_source_remove);
  /* win.show-analysis holds the panel, and the window's action group
   * outlives the window: without this the panel (and its search) never go. */
  g_action_map_remove_action (G_ACTION_MAP (self), "show-analysis");
  /* Built for this window: it goes with it. */
  if (self->shortcuts != NULL)
    gtk_window_destroy (self->shortcuts);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  if (self->document_signals != NULL)
    g_signal_group_set_target (self->document_signals, NULL);
  if (self->chooser != NULL)
    {
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_WINDOW);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->document);
  self->game = NULL;
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (dj_window_parent_class)->dispose (object);
}

static void
dj_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  DjWindow *self = DJ_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  DjWindow *self = DJ_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      if (g_value_get_object (value) != NULL)
        dj_window_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_window_finalize (GObject *object)
{
  DjWindow *self = DJ_WINDOW (object);

  g_free (self->last_toast);
  g_free (self->status);
  g_free (self->last_move_text);

  G_OBJECT_CLASS (dj_window_parent_class)->finalize (object);
}

static gboolean
dj_window_close_request (GtkWindow *window)
{
  if (_dj_window_close_request (window))
    return TRUE;
  return GTK_WINDOW_CLASS (dj_window_parent_class)->close_request (window);
}

static void
dj_window_class_init (DjWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = dj_window_dispose;
  object_class->finalize = dj_window_finalize;
  object_class->get_property = dj_window_get_property;
  object_class->set_property = dj_window_set_property;
  window_class->close_request = dj_window_close_request;

  /* The document shown: its games, file and draft. */
  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, DJ_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (DJ_TYPE_STUDY_PANE);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/ui/dj-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DjWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DjWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DjWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, DjWindow, board_box);
  gtk_widget_class_bind_template_child (widget_class, DjWindow, banner_box);
  gtk_widget_class_bind_template_child (widget_class, DjWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, DjWindow, last_move_label);
  gtk_widget_class_bind_template_child (widget_class, DjWindow, study_pane);
  gtk_widget_class_bind_template_child (widget_class, DjWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, DjWindow, primary_menu);
  gtk_widget_class_bind_template_callback (widget_class, on_study_game_activated);
  gtk_widget_class_bind_template_child (widget_class, DjWindow, recent_section);
  gtk_widget_class_bind_template_child (widget_class, DjWindow, recent_submenu_section);
  gtk_widget_class_bind_template_child (widget_class, DjWindow, moves_button);
  gtk_widget_class_bind_template_callback (widget_class, on_flap_folded);

  /* Each concern installs its own actions. */
  _dj_window_class_add_actions (widget_class);
  _dj_window_class_add_file_actions (widget_class);
}

static void
dj_window_init (DjWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  dj_menu_button_set_menu_later (self->menu_button, self->primary_menu);
#if DJ_DEVEL_PROFILE
  /* A development build: libadwaita stripes the header bar. */
  gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
#endif

  self->settings = g_settings_new (APP_ID);
  self->game_signals = g_signal_group_new (DJ_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "current-changed",
                                  G_CALLBACK (on_current_changed), self);
  g_signal_group_connect_swapped (self->game_signals, "node-added",
                                  G_CALLBACK (on_tree_changed), self);
  g_signal_group_connect_swapped (self->game_signals, "node-removed",
                                  G_CALLBACK (on_tree_changed), self);
  g_signal_group_connect_swapped (self->game_signals, "children-reordered",
                                  G_CALLBACK (on_tree_changed), self);
  g_signal_group_connect_swapped (self->game_signals, "info-changed",
                                  G_CALLBACK (on_info_changed), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::can-undo",
                                  G_CALLBACK (on_undo_changed), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::can-redo",
                                  G_CALLBACK (on_undo_changed), self);

  self->document_signals = g_signal_group_new (DJ_TYPE_DOCUMENT);
  g_signal_group_connect_swapped (self->document_signals, "notify::collection",
                                  G_CALLBACK (on_collection_replaced), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::modified",
                                  G_CALLBACK (on_modified_changed), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::file",
                                  G_CALLBACK (on_modified_changed), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::loading",
                                  G_CALLBACK (on_loading_changed), self);
  g_signal_group_connect_swapped (self->document_signals, "draft-failed",
                                  G_CALLBACK (on_draft_failed), self);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  self->board = dj_board_new ();
  gtk_widget_set_hexpand (self->board, TRUE);
  gtk_widget_set_vexpand (self->board, TRUE);
  gtk_box_append (self->board_box, self->board);
  g_settings_bind (self->settings, "show-counts", self->board, "show-counts",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "animation-speed", self->board, "animation-speed",
                   G_SETTINGS_BIND_GET);
  g_signal_connect_object (self->board, "pit-activated",
                           G_CALLBACK (on_pit_activated), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board, "move-refused",
                           G_CALLBACK (on_move_refused), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board, "markup-edited",
                           G_CALLBACK (on_markup_edited), self, G_CONNECT_SWAPPED);
  {
    /* Flip Board: North's row at the bottom, for whoever sits there. */
    g_autoptr(GPropertyAction) flip = g_property_action_new ("flip-board", self->board, "flipped");

    g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (flip));
  }

  _dj_window_add_shortcuts (self);
  add_analysis (self);
  add_explorer (self);
  dj_study_pane_set_board (self->study_pane, DJ_BOARD (self->board));
  _dj_window_init_dnd (self);
  _dj_window_init_recent (self);
  _dj_window_init_disk_bar (self);

  /* A new document: one empty game of Djenon-aboure. */
  {
    g_autoptr(DjDocument) document = dj_document_new ();

    dj_window_set_document (self, document);
  }
}

DjWindow *
dj_window_new (GtkApplication *application)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  return g_object_new (DJ_TYPE_WINDOW, "application", application, NULL);
}

