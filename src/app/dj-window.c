/* dj-window.c: the main window: one game file, its board and its moves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "dj-analysis-panel.h"
#include "dj-board.h"
#include "dj-game-info-dialog.h"
#include "dj-help.h"
#include "dj-move-item.h"
#include "dj-new-game-dialog.h"
#include "dj-play-engine.h"
#include "dj-review.h"
#include "dj-shortcuts.h"
#include "dj-study-pane.h"
#include "dj-window.h"
#include "dj-lazy-menu.h"
#include "dj-xml.h"

/* A draft is written this long after the first change not yet in one. */
#define DRAFT_DELAY_MS 2000
#define MAX_RECENT     10
#define SAMPLE_PATH    RESOURCE_PATH "/samples/aboure-sample.djenon"

struct _DjWindow
{
  AdwApplicationWindow parent_instance;

  /* template */
  AdwToastOverlay *toast_overlay;
  AdwWindowTitle  *window_title;
  AdwFlap         *flap;
  GtkBox          *board_box;
  GtkLabel        *status_label;
  GtkLabel        *last_move_label;
  DjStudyPane     *study_pane;
  GtkMenuButton   *menu_button;
  GMenuModel      *primary_menu;
  GtkWindow       *shortcuts;     /* built when first asked for (weak) */
  DjGame          *requested_game;
  GMenu           *recent_section;
  GMenu           *recent_submenu_section;
  GtkWidget       *moves_button;
  GtkBox          *banner_box;

  GtkWidget       *board;
  GSettings       *settings;

  /* Analysis: the panel beside the board, game review, play against the engine */
  GtkWidget       *analysis_panel;
  GtkWidget       *review;
  GtkWidget       *play_engine;

  DjCollection    *collection;
  DjGame          *game;
  DjLineModel     *line;
  GFile           *file;

  char            *draft_id;
  guint            draft_source;

  /* The move just played, to animate when the board reaches its node. */
  DjTrace         *pending_trace;
  DjNode          *pending_node;
  /* After the animation, the board still has to show this node (a pass
   * was played automatically after the animated move). */
  gboolean         settle_after_animation;

  gint64           last_move_time;

  char            *last_toast;
  char            *status;
  char            *last_move_text;

  GtkFileChooserNative *chooser;
  gboolean         close_confirmed;
  guint            folded_idle;
};

G_DEFINE_FINAL_TYPE (DjWindow, dj_window, ADW_TYPE_APPLICATION_WINDOW)

typedef void (*DjContinuation) (DjWindow *self,
                                gpointer  data);

typedef struct
{
  DjContinuation func;
  gpointer       data;
  GDestroyNotify destroy;
} Continuation;

static void save_then (DjWindow     *self,
                       Continuation *then);
static void save_as_then (DjWindow     *self,
                          Continuation *then);

static Continuation *
continuation_new (DjContinuation func,
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

/* Messages */

static void
show_toast (DjWindow   *self,
            const char *text)
{
  AdwToast *toast = adw_toast_new (text);

  g_free (self->last_toast);
  self->last_toast = g_strdup (text);
  adw_toast_set_timeout (toast, 4);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
show_error (DjWindow   *self,
            const char *heading,
            const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static char *
get_display_name (GFile *file)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                                                 G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info != NULL)
    return g_strdup (g_file_info_get_display_name (info));
  return g_file_get_basename (file);
}

static char *
get_game_title (DjWindow *self)
{
  if (self->file != NULL)
    return get_display_name (self->file);
  return dj_game_info_get_title (dj_game_get_info (self->game));
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

static void
update_title (DjWindow *self)
{
  g_autofree char *name = get_game_title (self);
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;
  g_autofree char *subtitle = NULL;
  gboolean modified = dj_collection_get_modified (self->collection);

  if (modified)
    /* Translators: the window title of a game with unsaved changes */
    title = g_strdup_printf (_("• %s"), name);
  else
    title = g_strdup (name);

  if (self->file != NULL)
    subtitle = get_folder_text (self->file);
  else
    subtitle = g_strdup (dj_variant_display_name (dj_game_get_rules (self->game)->variant));

  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle ? subtitle : "");

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
                          dj_move_item_label_for (trace->move), laps, taken);
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

/* Actions */

static void
update_actions (DjWindow *self)
{
  DjNode *node = dj_game_get_current (self->game);
  guint current = dj_line_model_get_current (self->line);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->line));
  gboolean at_start = dj_node_get_parent (node) == NULL;
  gboolean at_end = current == DJ_LINE_MODEL_NO_POSITION ? n == 0 : current + 1 >= n;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.first", !at_start);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.previous", !at_start);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next", !at_end);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.last", !at_end);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", dj_game_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", dj_game_can_redo (self->game));
}

/* Board */

static void
sync_markers (DjWindow *self,
              DjNode   *node)
{
  guint8 markers[DJ_N_PITS];

  for (guint i = 0; i < DJ_N_PITS; i++)
    markers[i] = dj_node_get_marker (node, i);
  dj_board_set_markers (DJ_BOARD (self->board), markers);
}

static void
show_node (DjWindow *self,
           DjNode   *node)
{
  const DjRules *rules = dj_game_get_rules (self->game);
  const DjPosition *pos = dj_node_get_position (node);

  sync_markers (self, node);

  if (self->pending_trace != NULL && self->pending_node == node)
    {
      g_autoptr(DjTrace) trace = g_steal_pointer (&self->pending_trace);

      self->pending_node = NULL;
      dj_board_play_trace (DJ_BOARD (self->board), trace);
      /* A pass followed the move: the board shows it once the move is sown. */
      if (!dj_position_equal (&trace->after, pos))
        {
          if (dj_board_is_animating (DJ_BOARD (self->board)))
            self->settle_after_animation = TRUE;
          else
            dj_board_set_position (DJ_BOARD (self->board), rules, pos);
        }
      return;
    }

  g_clear_pointer (&self->pending_trace, dj_trace_free);
  self->pending_node = NULL;
  self->settle_after_animation = FALSE;
  dj_board_set_position (DJ_BOARD (self->board), rules, pos);
}

static void
on_board_animating (DjWindow   *self,
                    GParamSpec *pspec,
                    DjBoard    *board)
{
  DjNode *node;

  if (!self->settle_after_animation || dj_board_is_animating (board))
    return;
  self->settle_after_animation = FALSE;
  node = dj_game_get_current (self->game);
  dj_board_set_position (board, dj_game_get_rules (self->game), dj_node_get_position (node));
}

static void
on_pit_activated (DjWindow *self,
                  int       move,
                  DjBoard  *board)
{
  dj_window_play_move (self, (DjMove) move);
}

static void
on_move_refused (DjWindow *self,
                 int       move,
                 guint     reason,
                 DjBoard  *board)
{
  show_toast (self, dj_pit_status_describe ((DjPitStatus) reason));
}

/* Drafts */

static void
write_draft (DjWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (!dj_collection_get_modified (self->collection))
    {
      dj_drafts_remove (self->draft_id);
      return;
    }
  if (!dj_drafts_write (self->draft_id, self->collection, self->file, &error))
    {
      g_autofree char *text = g_strdup_printf (_("Could not keep a copy of the unsaved game: %s"),
                                               error->message);
      show_toast (self, text);
    }
}

static gboolean
draft_timeout (gpointer data)
{
  DjWindow *self = data;

  self->draft_source = 0;
  write_draft (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_draft (DjWindow *self)
{
  if (self->draft_source == 0)
    self->draft_source = g_timeout_add (DRAFT_DELAY_MS, draft_timeout, self);
}

void
dj_window_flush_draft (DjWindow *self)
{
  g_return_if_fail (DJ_IS_WINDOW (self));

  g_clear_handle_id (&self->draft_source, g_source_remove);
  write_draft (self);
}

static void
drop_draft (DjWindow *self)
{
  g_clear_handle_id (&self->draft_source, g_source_remove);
  dj_drafts_remove (self->draft_id);
}

/* The record */

static void
on_current_changed (DjWindow *self,
                    DjNode   *node,
                    DjGame   *game)
{
  show_node (self, node);
  update_status (self);
  update_actions (self);
}

static void
on_tree_changed (DjWindow *self,
                 DjNode   *node,
                 DjGame   *game)
{
  if (node == self->pending_node)
    {
      g_clear_pointer (&self->pending_trace, dj_trace_free);
      self->pending_node = NULL;
    }
  update_actions (self);
}

static void
on_node_changed (DjWindow *self,
                 DjNode   *node,
                 DjGame   *game)
{
  if (node == dj_game_get_current (game))
    sync_markers (self, node);
}

static void
on_info_changed (DjWindow *self,
                 DjGame   *game)
{
  update_title (self);
}

static void
on_undo_changed (DjWindow   *self,
                 GParamSpec *pspec,
                 DjGame     *game)
{
  update_actions (self);
}

static void
on_modified_changed (DjWindow     *self,
                     GParamSpec   *pspec,
                     DjCollection *collection)
{
  update_title (self);
  schedule_draft (self);
}

static void
on_collection_changed (DjWindow *self)
{
  /* Every edit of the record lands here: keep a draft of it soon. */
  if (dj_collection_get_modified (self->collection))
    schedule_draft (self);
}

static void
disconnect_game (DjWindow *self)
{
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->collection != NULL)
    g_signal_handlers_disconnect_by_data (self->collection, self);
}

void
dj_window_set_collection (DjWindow     *self,
                          DjCollection *collection,
                          GFile        *file)
{
  g_autoptr(DjLineModel) line = NULL;
  DjGame *game;

  g_return_if_fail (DJ_IS_WINDOW (self));
  g_return_if_fail (DJ_IS_COLLECTION (collection));
  g_return_if_fail (dj_collection_get_n_games (collection) > 0);
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  disconnect_game (self);
  g_clear_pointer (&self->pending_trace, dj_trace_free);
  self->pending_node = NULL;
  self->settle_after_animation = FALSE;

  /* The game the study pane asked for (a game of the file), else the first. */
  game = self->requested_game != NULL && dj_collection_find (collection, self->requested_game) >= 0
         ? self->requested_game : dj_collection_get_game (collection, 0);
  self->requested_game = NULL;
  line = dj_line_model_new (game);
  g_set_object (&self->collection, collection);
  self->game = game;
  g_set_object (&self->file, file);
  g_set_object (&self->line, line);

  dj_study_pane_set_game (self->study_pane, collection, game);
  dj_analysis_panel_set_game (DJ_ANALYSIS_PANEL (self->analysis_panel), game);
  dj_review_set_game (DJ_REVIEW (self->review), game);
  dj_play_engine_set_game (DJ_PLAY_ENGINE (self->play_engine), game);

  g_signal_connect_object (game, "current-changed",
                           G_CALLBACK (on_current_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "node-added",
                           G_CALLBACK (on_tree_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "node-removed",
                           G_CALLBACK (on_tree_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "children-reordered",
                           G_CALLBACK (on_tree_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "node-changed",
                           G_CALLBACK (on_node_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "info-changed",
                           G_CALLBACK (on_info_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::can-undo",
                           G_CALLBACK (on_undo_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::can-redo",
                           G_CALLBACK (on_undo_changed), self, G_CONNECT_SWAPPED);
  /* Any edit, whatever its kind, goes into the draft. */
  g_signal_connect_object (game, "node-added",
                           G_CALLBACK (on_collection_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "node-removed",
                           G_CALLBACK (on_collection_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "node-changed",
                           G_CALLBACK (on_collection_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "children-reordered",
                           G_CALLBACK (on_collection_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "info-changed",
                           G_CALLBACK (on_collection_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (collection, "notify::modified",
                           G_CALLBACK (on_modified_changed), self, G_CONNECT_SWAPPED);

  self->last_move_time = g_get_monotonic_time ();

  show_node (self, dj_game_get_current (game));
  update_title (self);
  update_status (self);
  update_actions (self);
}

void
dj_window_start_game (DjWindow         *self,
                      const DjRules    *rules,
                      const DjPosition *start,
                      const DjGameInfo *info)
{
  g_autoptr(DjCollection) collection = dj_collection_new ();
  g_autoptr(DjGame) game = NULL;
  DjMoves moves;

  g_return_if_fail (DJ_IS_WINDOW (self));
  g_return_if_fail (rules != NULL);

  game = dj_game_new (rules, start);
  if (info != NULL)
    {
      dj_game_load_info (game, dj_game_info_copy (info));
    }
  dj_collection_append (collection, game);
  dj_collection_set_modified (collection, FALSE);
  drop_draft (self);
  dj_window_set_collection (self, collection, NULL);

  /* A set-up position where the side to move cannot move starts with its pass. */
  dj_moves_generate (rules, dj_node_get_position (dj_game_get_root (game)), &moves);
  if (moves.must_pass)
    {
      DjNode *pass = dj_game_play (game, dj_game_get_root (game), DJ_PASS, NULL);

      if (pass != NULL)
        {
          dj_game_clear_undo (game);
          dj_game_set_current (game, pass);
        }
    }
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
  drop_draft (self);
  dj_window_set_collection (self, collection, NULL);
}

/* Playing */

gboolean
dj_window_play_move (DjWindow *self,
                     DjMove    move)
{
  const DjRules *rules;
  DjNode *node, *child, *last;
  g_autoptr(DjTrace) trace = dj_trace_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  gboolean is_new;
  gint64 now;
  DjMoves moves;

  g_return_val_if_fail (DJ_IS_WINDOW (self), FALSE);

  rules = dj_game_get_rules (self->game);
  node = dj_game_get_current (self->game);
  if (!dj_play (rules, dj_node_get_position (node), move, trace, &error))
    {
      DjMoves here;

      dj_moves_generate (rules, dj_node_get_position (node), &here);
      show_toast (self, dj_pit_status_describe (dj_moves_why (&here, move)));
      return FALSE;
    }

  now = g_get_monotonic_time ();
  child = dj_node_find_child (node, move);
  is_new = child == NULL;
  last = child;

  if (is_new)
    {
      /* Translators: the name of the undo step that plays a move, e.g. "Play c" */
      label = g_strdup_printf (_("Play %s"), dj_move_item_label_for (move));
      dj_game_begin_action (self->game, label);
      child = dj_game_play (self->game, node, move, &error);
      if (child == NULL)
        {
          dj_game_end_action (self->game);
          show_toast (self, error->message);
          return FALSE;
        }
      last = child;

      if (g_settings_get_boolean (self->settings, "live-timestamps"))
        dj_game_set_time (self->game, child, (now - self->last_move_time) / 1000);

      /* The side to move may have to pass: that is played at once. */
      dj_moves_generate (rules, dj_node_get_position (child), &moves);
      if (moves.must_pass)
        {
          DjNode *pass = dj_game_play (self->game, child, DJ_PASS, NULL);

          if (pass != NULL)
            last = pass;
        }
      dj_game_end_action (self->game);
    }
  else
    {
      /* Following a recorded move: its forced pass is recorded too. */
      DjNode *pass = dj_node_find_child (child, DJ_PASS);

      if (pass != NULL && dj_node_get_n_children (child) == 1)
        last = pass;
    }
  self->last_move_time = now;

  self->pending_trace = g_steal_pointer (&trace);
  self->pending_node = last;
  dj_game_set_current (self->game, last);

  if (last != child)
    {
      const DjPosition *pos = dj_node_get_position (child);
      DjSide passer = pos->to_move;

      if (dj_node_get_position (last)->feed_owed)
        show_toast (self, passer == DJ_SOUTH
                          ? _("South has no seeds and passes: North must feed")
                          : _("North has no seeds and passes: South must feed"));
      else
        show_toast (self, passer == DJ_SOUTH
                          ? _("South cannot move and passes")
                          : _("North cannot move and passes"));
    }

  dj_moves_generate (rules, dj_node_get_position (last), &moves);
  if (moves.end != DJ_END_NONE)
    {
      g_autofree char *result = describe_result (rules, dj_node_get_position (last));
      g_autofree char *text = g_strdup_printf (_("%s. %s."), result,
                                               dj_end_reason_describe (moves.end));

      show_toast (self, text);
    }

  return TRUE;
}

/* Replay */

static void
go_to (DjWindow *self,
       DjNode   *node)
{
  if (node == NULL || node == dj_game_get_current (self->game))
    return;
  dj_board_finish_animation (DJ_BOARD (self->board));
  dj_game_set_current (self->game, node);
}

static void
first_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  go_to (self, dj_game_get_root (self->game));
}

static void
previous_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  go_to (self, dj_node_get_parent (dj_game_get_current (self->game)));
}

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);
  guint current = dj_line_model_get_current (self->line);

  go_to (self, dj_line_model_get_node (self->line,
                                       current == DJ_LINE_MODEL_NO_POSITION ? 0 : current + 1));
}

static void
last_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->line));

  if (n > 0)
    go_to (self, dj_line_model_get_node (self->line, n - 1));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  dj_board_finish_animation (DJ_BOARD (self->board));
  dj_game_undo (self->game);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  dj_board_finish_animation (DJ_BOARD (self->board));
  dj_game_redo (self->game);
}

/* Navigation keys work wherever the focus is, except in text fields and, for
 * the arrows, on the board (where they move between pits). */
static gboolean
navigation_shortcut (GtkWidget *widget,
                     GVariant  *args,
                     gpointer   user_data)
{
  DjWindow *self = DJ_WINDOW (widget);
  const char *action = user_data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (focus != NULL)
    {
      if (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus))
        return FALSE;
      if ((g_str_equal (action, "win.previous") || g_str_equal (action, "win.next"))
          && (focus == self->board || gtk_widget_is_ancestor (focus, self->board)))
        return FALSE;
    }
  return gtk_widget_activate_action (widget, action, NULL);
}

static void
add_navigation_shortcuts (DjWindow *self)
{
  static const struct { guint key; const char *action; } keys[] = {
    { GDK_KEY_Home, "win.first" },
    { GDK_KEY_KP_Home, "win.first" },
    { GDK_KEY_Left, "win.previous" },
    { GDK_KEY_KP_Left, "win.previous" },
    { GDK_KEY_Right, "win.next" },
    { GDK_KEY_KP_Right, "win.next" },
    { GDK_KEY_End, "win.last" },
    { GDK_KEY_KP_End, "win.last" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller),
                                     GTK_SHORTCUT_SCOPE_LOCAL);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkShortcut *shortcut =
        gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, 0),
                          gtk_callback_action_new (navigation_shortcut,
                                                   (gpointer) keys[i].action, NULL));

      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* Files */

static GtkFileFilter *
game_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Djenon Games"));
  gtk_file_filter_add_mime_type (filter, DJ_XML_MIME_TYPE);
  gtk_file_filter_add_pattern (filter, "*" DJ_XML_EXTENSION);
  return filter;
}

static void
add_to_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = {
    .display_name = NULL,
    .description = NULL,
    .mime_type = (char *) DJ_XML_MIME_TYPE,
    .app_name = (char *) g_get_application_name (),
    .app_exec = (char *) "djenon %u",
    .groups = NULL,
    .is_private = FALSE,
  };

  if (data.app_name == NULL)
    data.app_name = (char *) "Djenon";
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

gboolean
dj_window_load_file (DjWindow  *self,
                     GFile     *file,
                     GError   **error)
{
  g_autoptr(DjCollection) collection = NULL;

  g_return_val_if_fail (DJ_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  collection = dj_xml_load_file (file, NULL, error);
  if (collection == NULL)
    return FALSE;
  if (dj_collection_get_n_games (collection) == 0)
    {
      g_autofree char *name = get_display_name (file);

      g_set_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_STRUCTURE,
                   _("%s: the file holds no game"), name);
      return FALSE;
    }

  drop_draft (self);
  dj_window_set_collection (self, collection, file);
  add_to_recent (file);
  return TRUE;
}

static void
open_file_now (DjWindow *self,
               gpointer  data)
{
  GFile *file = data;
  g_autoptr(GError) error = NULL;

  if (!dj_window_load_file (self, file, &error))
    {
      g_autofree char *name = get_display_name (file);
      g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), name);

      show_error (self, heading, error->message);
    }
}

static DjWindow *
find_window_for_file (DjWindow *self,
                      GFile    *file)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (app == NULL)
    return NULL;
  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (DJ_IS_WINDOW (l->data) && DJ_WINDOW (l->data)->file != NULL
        && g_file_equal (DJ_WINDOW (l->data)->file, file))
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

  if (!dj_xml_save_file (self->collection, file, NULL, error))
    return FALSE;

  g_set_object (&self->file, file);
  dj_collection_set_modified (self->collection, FALSE);
  drop_draft (self);
  add_to_recent (file);
  update_title (self);
  return TRUE;
}

static gboolean
save_or_explain (DjWindow *self,
                 GFile    *file)
{
  g_autoptr(GError) error = NULL;

  if (!dj_window_save_to (self, file, &error))
    {
      g_autofree char *name = get_display_name (file);
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), name);

      show_error (self, heading, error->message);
      return FALSE;
    }
  return TRUE;
}

static void
save_as_response (GtkNativeDialog *chooser,
                  int              response,
                  gpointer         data)
{
  DjWindow *self = g_object_get_data (G_OBJECT (chooser), "window");
  Continuation *then = data;
  g_autoptr(GFile) file = NULL;

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
        g_autofree char *name = g_strconcat (base, DJ_XML_EXTENSION, NULL);
        g_autoptr(GFile) parent = g_file_get_parent (file);

        if (parent != NULL)
          g_set_object (&file, g_file_get_child (parent, name));
      }
  }

  if (save_or_explain (self, file))
    continuation_run (then, self);
  else
    continuation_free (then);
}

static void
save_as_then (DjWindow     *self,
              Continuation *then)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = game_filter ();

  if (self->chooser != NULL)
    {
      continuation_free (then);
      return;
    }

  chooser = gtk_file_chooser_native_new (_("Save Game"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);

  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), self->file, NULL);
  else
    {
      g_autofree char *title = get_game_title (self);
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

static void
save_then (DjWindow     *self,
           Continuation *then)
{
  if (self->file == NULL)
    {
      save_as_then (self, then);
      return;
    }
  if (save_or_explain (self, self->file))
    continuation_run (then, self);
  else
    continuation_free (then);
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

  if (g_str_equal (answer->response, "discard"))
    {
      drop_draft (self);
      continuation_run (answer->then, self);
    }
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

  if (!dj_collection_get_modified (self->collection))
    {
      continuation_run (then, self);
      return;
    }

  name = get_game_title (self);
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
  g_autoptr(GtkFileFilter) filter = game_filter ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  if (self->chooser != NULL)
    return;

  self->chooser = gtk_file_chooser_native_new (_("Open Game"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN,
                                               _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), all);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  if (self->file != NULL)
    {
      g_autoptr(GFile) folder = g_file_get_parent (self->file);

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

      if (!(g_strcmp0 (mime, DJ_XML_MIME_TYPE) == 0 || g_str_has_suffix (uri, DJ_XML_EXTENSION))
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

/* Dialogs */

static void
new_game_created (DjNewGameDialog *dialog,
                  DjWindow        *self);

static void
start_new_game_now (DjWindow *self,
                    gpointer  data)
{
  DjNewGameDialog *dialog = data;
  DjRules rules;
  DjPosition start;
  g_autoptr(DjGameInfo) info = NULL;

  dj_new_game_dialog_get_rules (dialog, &rules);
  dj_new_game_dialog_get_start (dialog, &start);
  info = dj_new_game_dialog_get_info (dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  dj_window_start_game (self, &rules, &start, info);
}

static void
new_game_created (DjNewGameDialog *dialog,
                  DjWindow        *self)
{
  gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  confirm_discard (self, continuation_new (start_new_game_now, g_object_ref (dialog),
                                           (GDestroyNotify) gtk_window_destroy));
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);
  GtkWidget *dialog = dj_new_game_dialog_new (GTK_WINDOW (self));

  g_signal_connect_object (dialog, "create", G_CALLBACK (new_game_created), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
game_info_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);
  GtkWidget *dialog = dj_game_info_dialog_new (GTK_WINDOW (self), self->game);

  gtk_window_present (GTK_WINDOW (dialog));
}

static void
rules_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  /* The in-app viewer, always: it offers all five languages, Yelp does not. */
  dj_show_rules (GTK_WINDOW (self), dj_game_get_rules (self->game)->variant);
}

/* Drafts left by a crash */

static void
draft_response (AdwMessageDialog *dialog,
                const char       *response,
                DjWindow         *self)
{
  if (g_str_equal (response, "restore"))
    {
      show_toast (self, _("The unsaved game was restored"));
      return;
    }

  /* Discarded deliberately: the draft goes, a fresh game takes its place. */
  drop_draft (self);
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
  g_autoptr(DjCollection) collection = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *when = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  g_return_if_fail (DJ_IS_WINDOW (self));
  g_return_if_fail (draft != NULL);

  collection = dj_drafts_load (draft->id, &error);
  if (collection == NULL || dj_collection_get_n_games (collection) == 0)
    {
      g_autofree char *text = g_strdup_printf (_("An unsaved game could not be restored: %s"),
                                               error ? error->message : _("it holds no game"));

      show_toast (self, text);
      dj_drafts_remove (draft->id);
      return;
    }

  /* The window takes over the draft's name, so it is replaced in place. */
  drop_draft (self);
  g_free (self->draft_id);
  self->draft_id = g_strdup (draft->id);
  dj_window_set_collection (self, collection, draft->file);
  dj_collection_set_modified (collection, TRUE);
  /* Back where recording stopped: the end of the main line. */
  dj_game_set_current (self->game, dj_node_get_line_end (dj_game_get_root (self->game)));
  update_title (self);

  name = get_game_title (self);
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

/* Closing */

static void
close_now (DjWindow *self,
           gpointer  data)
{
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
dj_window_close_request (GtkWindow *window)
{
  DjWindow *self = DJ_WINDOW (window);

  if (!self->close_confirmed && self->collection != NULL
      && dj_collection_get_modified (self->collection))
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
  drop_draft (self);

  return GTK_WINDOW_CLASS (dj_window_parent_class)->close_request (window);
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
  g_autoptr(DjCollection) collection = NULL;
  g_autoptr(GFile) file = NULL;

  if (game == self->game)
    return;
  collection = g_object_ref (self->collection);
  file = self->file != NULL ? g_object_ref (self->file) : NULL;
  self->requested_game = game;
  dj_window_set_collection (self, collection, file);
}

static void
copy_text (DjWindow *self,
           char     *text)
{
  if (text == NULL)
    {
      show_toast (self, _("Copying as text is not available in this build"));
      return;
    }
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  show_toast (self, _("Copied as text notation"));
  g_free (text);
}

static void
copy_game_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  copy_text (self, dj_study_pane_get_game_text (self->study_pane));
}

static void
copy_line_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  copy_text (self, dj_study_pane_get_line_text (self->study_pane));
}

static void
paste_done (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr(DjWindow) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (text == NULL)
    {
      show_toast (self, _("The clipboard holds no text to paste"));
      return;
    }
  if (!dj_study_pane_paste_text (self->study_pane, text, &error))
    show_error (self, _("Could Not Paste the Moves"), error->message);
}

static void
paste_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, paste_done,
                                 g_object_ref (widget));
}

/* Ctrl+C and Ctrl+V copy and paste moves, except in text fields. */
static gboolean
clipboard_shortcut (GtkWidget *widget,
                    GVariant  *args,
                    gpointer   user_data)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (widget));

  if (focus != NULL && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)
                        || (GTK_IS_LABEL (focus) && gtk_label_get_selectable (GTK_LABEL (focus)))))
    return FALSE;
  return gtk_widget_activate_action (widget, user_data, NULL);
}

static void
add_study_shortcuts (DjWindow *self)
{
  static const struct { guint key; GdkModifierType mods; const char *action; } keys[] = {
    { GDK_KEY_c, GDK_CONTROL_MASK, "win.copy-game" },
    { GDK_KEY_C, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.copy-line" },
    { GDK_KEY_v, GDK_CONTROL_MASK, "win.paste" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
      gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, keys[i].mods),
                        gtk_callback_action_new (clipboard_shortcut,
                                                 (gpointer) keys[i].action, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

DjStudyPane *
dj_window_get_study_pane (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return self->study_pane;
}

/* Analysis */

static void
review_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  dj_review_start (DJ_REVIEW (DJ_WINDOW (widget)->review));
}

static void
play_from_here_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  dj_play_engine_present_dialog (DJ_PLAY_ENGINE (DJ_WINDOW (widget)->play_engine));
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
  gtk_box_append (self->banner_box, self->play_engine);
}

/* Getters */

GFile *
dj_window_get_file (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return self->file;
}

DjCollection *
dj_window_get_collection (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return self->collection;
}

DjGame *
dj_window_get_game (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return self->game;
}

DjLineModel *
dj_window_get_line_model (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return self->line;
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
  return dj_collection_get_modified (self->collection);
}

const char *
dj_window_get_draft_id (DjWindow *self)
{
  g_return_val_if_fail (DJ_IS_WINDOW (self), NULL);
  return self->draft_id;
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

/* GObject */

/* Keyboard Shortcuts: built the first time it is asked for, not with every
 * window (GtkApplicationWindow would load gtk/help-overlay.ui at once). */
static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  DjWindow *self = DJ_WINDOW (widget);

  if (self->shortcuts == NULL)
    {
      self->shortcuts = dj_shortcuts_window_new (GTK_WINDOW (self));
      g_object_add_weak_pointer (G_OBJECT (self->shortcuts), (gpointer *) &self->shortcuts);
    }
  gtk_window_present (self->shortcuts);
}

static void
dj_window_dispose (GObject *object)
{
  DjWindow *self = DJ_WINDOW (object);

  g_clear_handle_id (&self->draft_source, g_source_remove);
  g_clear_handle_id (&self->folded_idle, g_source_remove);
  /* Built for this window: it goes with it. */
  if (self->shortcuts != NULL)
    gtk_window_destroy (self->shortcuts);
  disconnect_game (self);
  if (self->chooser != NULL)
    {
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_WINDOW);
  g_clear_pointer (&self->pending_trace, dj_trace_free);
  g_clear_object (&self->line);
  g_clear_object (&self->collection);
  self->game = NULL;
  g_clear_object (&self->file);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (dj_window_parent_class)->dispose (object);
}

static void
dj_window_finalize (GObject *object)
{
  DjWindow *self = DJ_WINDOW (object);

  g_free (self->draft_id);
  g_free (self->last_toast);
  g_free (self->status);
  g_free (self->last_move_text);

  G_OBJECT_CLASS (dj_window_parent_class)->finalize (object);
}

static void
dj_window_class_init (DjWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = dj_window_dispose;
  object_class->finalize = dj_window_finalize;
  window_class->close_request = dj_window_close_request;

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

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.game-info", NULL, game_info_action);
  gtk_widget_class_install_action (widget_class, "win.rules", NULL, rules_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.first", NULL, first_action);
  gtk_widget_class_install_action (widget_class, "win.previous", NULL, previous_action);
  gtk_widget_class_install_action (widget_class, "win.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "win.last", NULL, last_action);
  gtk_widget_class_install_action (widget_class, "win.review-game", NULL, review_game_action);
  gtk_widget_class_install_action (widget_class, "win.play-from-here", NULL,
                                   play_from_here_action);
  gtk_widget_class_install_action (widget_class, "win.copy-game", NULL, copy_game_action);
  gtk_widget_class_install_action (widget_class, "win.copy-line", NULL, copy_line_action);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, paste_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL,
                                   show_shortcuts_action);

  /* Alt+arrows step through the moves even while the board has the focus. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK,
                                       "win.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK,
                                       "win.next", NULL);
}

static void
dj_window_init (DjWindow *self)
{
  GtkDropTarget *drop;
  GtkRecentManager *recent = gtk_recent_manager_get_default ();

  gtk_widget_init_template (GTK_WIDGET (self));
  dj_menu_button_set_menu_later (self->menu_button, self->primary_menu);

  self->settings = g_settings_new (APP_ID);
  self->draft_id = dj_drafts_new_id ();

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
  g_signal_connect_object (self->board, "notify::animating",
                           G_CALLBACK (on_board_animating), self, G_CONNECT_SWAPPED);
  {
    /* Flip Board: North's row at the bottom, for whoever sits there. */
    g_autoptr(GPropertyAction) flip = g_property_action_new ("flip-board", self->board, "flipped");

    g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (flip));
  }

  add_navigation_shortcuts (self);
  add_analysis (self);
  add_study_shortcuts (self);
  dj_study_pane_set_board (self->study_pane, DJ_BOARD (self->board));

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_object (drop, "drop", G_CALLBACK (on_drop), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  g_signal_connect_object (recent, "changed", G_CALLBACK (update_recent), self,
                           G_CONNECT_SWAPPED);
  update_recent (self);

  {
    DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);

    dj_window_start_game (self, &rules, NULL, NULL);
  }
}

DjWindow *
dj_window_new (GtkApplication *application)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  return g_object_new (DJ_TYPE_WINDOW, "application", application, NULL);
}
