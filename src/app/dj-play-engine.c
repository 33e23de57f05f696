/* dj-play-engine.c: Play from Here: the user against the engine, into the move tree
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "dj-move-label.h"
#include "dj-play-engine.h"

struct _DjPlayEngine
{
  GtkWidget     parent_instance;

  /* template */
  GtkRevealer  *revealer;
  GtkLabel     *label;
  GtkSpinner   *spinner;
  GtkLabel     *state_label;
  GtkButton    *stop_button;

  DjGame       *game;
  DjBoard      *board;
  gint64        budget_ms;
  gboolean      record_times;
  gint64        shown_time;  /* when the current position appeared */

  gboolean      playing;
  DjSide        side;        /* the engine's */
  DjLevel       level;
  DjNode       *node;        /* where play has got to */
  char         *text;

  DjSearch     *search;      /* given by the window (shared), or our own */
  GCancellable *cancellable;
  gboolean      thinking;    /* a worker is choosing a move */
  /* A reply waiting for the board to finish animating the last move. */
  DjMove        pending_move;
  gulong        animating_handler;
  gboolean      disposed;
};

enum {
  PROP_0,
  PROP_GAME,
  PROP_BOARD,
  PROP_PLAYING,
  PROP_THINKING,
  PROP_RECORD_TIMES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (DjPlayEngine, dj_play_engine, GTK_TYPE_WIDGET)

static void maybe_think (DjPlayEngine *self);

const char *
dj_level_get_title (DjLevel level)
{
  switch (level)
    {
    case DJ_LEVEL_PERFECT:
      /* Translators: an engine playing level, as chosen in a list */
      return C_("level", "Perfect");
    case DJ_LEVEL_STRONG:
      return C_("level", "Strong");
    case DJ_LEVEL_MEDIUM:
      return C_("level", "Medium");
    case DJ_LEVEL_WEAK:
      return C_("level", "Weak");
    case DJ_LEVEL_BEGINNER:
    case DJ_N_LEVELS:
    default:
      return C_("level", "Beginner");
    }
}

const char *
dj_level_get_name (DjLevel level)
{
  switch (level)
    {
    case DJ_LEVEL_PERFECT:
      /* Translators: an engine playing level within a sentence, as in
       * "Playing against Djenon (perfect)" */
      return C_("level in a sentence", "perfect");
    case DJ_LEVEL_STRONG:
      return C_("level in a sentence", "strong");
    case DJ_LEVEL_MEDIUM:
      return C_("level in a sentence", "medium");
    case DJ_LEVEL_WEAK:
      return C_("level in a sentence", "weak");
    case DJ_LEVEL_BEGINNER:
    case DJ_N_LEVELS:
    default:
      return C_("level in a sentence", "beginner");
    }
}

guint32
dj_play_engine_seed (const DjPosition *pos,
                     guint             ply)
{
  g_return_val_if_fail (pos != NULL, 0);

  return dj_position_hash (pos) ^ (ply * 0x9E3779B9u);
}

/* The banner */

/* The spinner turns while the engine thinks, and while its reply waits for
 * the board to finish the last move. */
static void
update_spinner (DjPlayEngine *self)
{
  gboolean busy = self->thinking || self->pending_move != DJ_NO_MOVE;

  if (self->disposed)
    return;
  gtk_spinner_set_spinning (self->spinner, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
}

static void
set_thinking (DjPlayEngine *self,
              gboolean      thinking)
{
  if (self->thinking == thinking)
    return;
  self->thinking = thinking;
  if (self->disposed)
    return;
  update_spinner (self);
  if (self->board != NULL)
    {
      dj_board_set_busy_text (self->board,
                              thinking ? _("Djenon is thinking: its move comes first") : NULL);
      dj_board_set_interactive (self->board, !thinking);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

static void
set_state (DjPlayEngine *self,
           const char   *state)
{
  gtk_label_set_label (self->state_label, state);
}

static void
set_playing (DjPlayEngine *self,
             gboolean      playing)
{
  if (self->playing == playing)
    return;
  self->playing = playing;
  if (!self->disposed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

static void
clear_pending (DjPlayEngine *self)
{
  self->pending_move = DJ_NO_MOVE;
  if (self->board != NULL)
    g_clear_signal_handler (&self->animating_handler, self->board);
  self->animating_handler = 0;
  update_spinner (self);
}

/* Playing a move into the game */

static void
play_move (DjPlayEngine *self,
           DjMove        move)
{
  g_autoptr(DjTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  gint64 time_ms = DJ_NO_TIME;

  if (self->record_times)
    time_ms = (g_get_monotonic_time () - self->shown_time) / 1000;
  /* A board showing the game animates the turn by itself. */
  trace = dj_game_play_turn (self->game, move, time_ms, &error);
  if (trace == NULL)
    {
      g_warning ("The engine's move %s was refused: %s", dj_move_to_string (move),
                 error != NULL ? error->message : "the record is busy");
      dj_play_engine_stop (self);
    }
}

static void
on_board_animating (DjPlayEngine *self,
                    GParamSpec   *pspec,
                    DjBoard      *board)
{
  DjMove move = self->pending_move;

  if (dj_board_is_animating (board))
    return;
  clear_pending (self);
  if (self->playing && move != DJ_NO_MOVE)
    play_move (self, move);
}

/* Thinking in a worker thread */

typedef struct
{
  DjSearch       *search;   /* a reference, held until the task is freed */
  DjRules         rules;
  DjPosition      pos;
  DjLevel         level;
  guint32         seed;
  DjSearchLimits  limits;
} Think;

static void
think_free (gpointer data)
{
  Think *t = data;

  dj_search_unref (t->search);
  g_free (t);
}

static void
think_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Think *t = task_data;
  DjMove move;

  move = dj_search_choose (t->search, &t->rules, &t->pos, t->level, t->seed, &t->limits,
                           cancellable);
  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_int (task, move);
}

static void
on_thought (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  DjPlayEngine *self = DJ_PLAY_ENGINE (source);
  Think *t = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  gssize move;

  move = g_task_propagate_int (G_TASK (result), &error);
  g_clear_object (&self->cancellable);
  set_thinking (self, FALSE);
  if (self->disposed || !self->playing)
    return;

  if (error != NULL
      || !dj_position_equal (&t->pos, dj_node_get_position (dj_game_get_current (self->game))))
    {
      /* Cancelled because play moved on: think about where it is now. */
      maybe_think (self);
      return;
    }
  if (move == DJ_NO_MOVE)
    {
      set_state (self, _("Djenon found no move"));
      return;
    }

  if (self->board != NULL && dj_board_is_animating (self->board))
    {
      self->pending_move = (DjMove) move;
      self->animating_handler =
        g_signal_connect_object (self->board, "notify::animating",
                                 G_CALLBACK (on_board_animating), self, G_CONNECT_SWAPPED);
      update_spinner (self);
      return;
    }
  play_move (self, (DjMove) move);
}

static void
game_over (DjPlayEngine *self)
{
  set_state (self, _("The game is over"));
  gtk_button_set_label (self->stop_button, _("_Close"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->stop_button), NULL);
  set_playing (self, FALSE);
  if (self->board != NULL)
    dj_board_set_interactive (self->board, TRUE);
}

static void
maybe_think (DjPlayEngine *self)
{
  DjNode *node;
  const DjPosition *pos;
  DjMoves moves;
  g_autoptr(GTask) task = NULL;
  Think *t;

  if (!self->playing || self->thinking || self->pending_move != DJ_NO_MOVE)
    return;

  node = dj_game_get_current (self->game);
  pos = dj_node_get_position (node);
  dj_moves_generate (dj_game_get_rules (self->game), pos, &moves);
  if (moves.end != DJ_END_NONE)
    {
      game_over (self);
      return;
    }
  if (pos->to_move != self->side)
    {
      set_state (self, _("Your move"));
      return;
    }

  set_state (self, _("Djenon is thinking…"));
  self->cancellable = g_cancellable_new ();

  t = g_new0 (Think, 1);
  t->search = dj_search_ref (dj_play_engine_get_search (self));
  t->rules = *dj_game_get_rules (self->game);
  t->pos = *pos;
  t->level = self->level;
  t->seed = dj_play_engine_seed (pos, dj_node_get_ply (node));
  t->limits.time_ms = self->budget_ms;

  set_thinking (self, TRUE);
  task = g_task_new (self, self->cancellable, on_thought, NULL);
  g_task_set_source_tag (task, maybe_think);
  g_task_set_name (task, "dj-play-engine-think");
  g_task_set_task_data (task, t, think_free);
  g_task_run_in_thread (task, think_thread);
}

/* Following the game */

/* TRUE when @node is where play goes on from @from: the same node, a move
 * played after it, or a move and the forced pass after that. */
static gboolean
continues (DjNode *from,
           DjNode *node)
{
  DjNode *parent;

  if (node == from)
    return TRUE;
  parent = dj_node_get_parent (node);
  if (parent == from)
    return TRUE;
  return parent != NULL && dj_node_get_move (node) == DJ_PASS
         && dj_node_get_parent (parent) == from;
}

static void
on_current_changed (DjPlayEngine *self,
                    DjNode       *node,
                    DjGame       *game)
{
  self->shown_time = g_get_monotonic_time ();
  if (!self->playing)
    {
      /* "The game is over" stays until the user goes elsewhere. */
      gtk_revealer_set_reveal_child (self->revealer, FALSE);
      return;
    }
  if (!continues (self->node, node))
    {
      /* Navigating away ends the game against the engine. */
      dj_play_engine_stop (self);
      return;
    }
  self->node = node;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  clear_pending (self);
  maybe_think (self);
}

static void
on_node_removed (DjPlayEngine *self,
                 DjNode       *node,
                 DjGame       *game)
{
  /* Undoing or deleting a move of the game being played ends it, rather
   * than have the engine play its move again at once. */
  if (!self->playing)
    return;
  for (DjNode *n = self->node; n != NULL; n = dj_node_get_parent (n))
    if (n == node)
      {
        dj_play_engine_stop (self);
        return;
      }
}

/* Public API */

gboolean
dj_play_engine_start (DjPlayEngine *self,
                      DjSide        engine_side,
                      DjLevel       level)
{
  DjNode *node;
  DjMoves moves;

  g_return_val_if_fail (DJ_IS_PLAY_ENGINE (self), FALSE);
  g_return_val_if_fail (level < DJ_N_LEVELS, FALSE);

  if (self->game == NULL)
    return FALSE;
  node = dj_game_get_current (self->game);
  dj_moves_generate (dj_game_get_rules (self->game), dj_node_get_position (node), &moves);
  if (moves.end != DJ_END_NONE)
    return FALSE;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  clear_pending (self);
  self->side = engine_side;
  self->level = level;
  self->node = node;

  g_free (self->text);
  /* Translators: the banner while the user plays against the engine; %s is its
   * level, e.g. "Playing against Djenon (strong)" */
  self->text = g_strdup_printf (_("Playing against Djenon (%s)"), dj_level_get_name (level));
  gtk_label_set_label (self->label, self->text);
  gtk_button_set_label (self->stop_button, _("_Stop"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->stop_button), _("Stop Playing Against Djenon"));
  gtk_revealer_set_reveal_child (self->revealer, TRUE);
  set_playing (self, TRUE);

  if (self->thinking)
    /* The cancelled search reports first; on_thought thinks again. */
    set_state (self, _("Djenon is thinking…"));
  else
    maybe_think (self);
  return TRUE;
}

void
dj_play_engine_stop (DjPlayEngine *self)
{
  g_return_if_fail (DJ_IS_PLAY_ENGINE (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  clear_pending (self);
  set_playing (self, FALSE);
  self->node = NULL;
  if (!self->disposed)
    gtk_revealer_set_reveal_child (self->revealer, FALSE);
  if (self->board != NULL)
    dj_board_set_interactive (self->board, TRUE);
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  dj_play_engine_stop (DJ_PLAY_ENGINE (widget));
}

/* The dialog */

typedef struct
{
  DjPlayEngine *self;
  AdwComboRow  *side_row;
  AdwComboRow  *level_row;
} DialogData;

static void
dialog_data_free (gpointer  data,
                  GClosure *closure)
{
  DialogData *d = data;

  g_object_unref (d->self);
  g_free (d);
}

static void
on_dialog_response (AdwMessageDialog *dialog,
                    const char       *response,
                    DialogData       *d)
{
  DjSide side;
  DjLevel level;

  if (!g_str_equal (response, "play"))
    return;
  side = adw_combo_row_get_selected (d->side_row) == 0 ? DJ_SOUTH : DJ_NORTH;
  level = (DjLevel) MIN (adw_combo_row_get_selected (d->level_row), DJ_N_LEVELS - 1);
  dj_play_engine_start (d->self, side, level);
}

void
dj_play_engine_present_dialog (DjPlayEngine *self)
{
  GtkRoot *root;
  GtkWidget *dialog, *list;
  g_autoptr(GtkStringList) sides = NULL;
  g_autoptr(GtkStringList) levels = NULL;
  DialogData *d;
  const DjPosition *pos;
  DjMoves moves;

  g_return_if_fail (DJ_IS_PLAY_ENGINE (self));

  if (self->game == NULL)
    return;
  root = gtk_widget_get_root (GTK_WIDGET (self));
  pos = dj_node_get_position (dj_game_get_current (self->game));
  dj_moves_generate (dj_game_get_rules (self->game), pos, &moves);

  if (moves.end != DJ_END_NONE)
    {
      dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                       _("The Game Is Over Here"),
                                       _("Go to a position where the game goes on to play "
                                         "against Djenon from it."));
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }

  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Play from Here"),
                                   _("Play this position out against Djenon to test an idea. "
                                     "The moves go into the game as a variation, or continue "
                                     "the line if it ends here."));
  d = g_new0 (DialogData, 1);
  d->self = g_object_ref (self);

  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");

  sides = gtk_string_list_new (NULL);
  gtk_string_list_append (sides, _("South"));
  gtk_string_list_append (sides, _("North"));
  d->side_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (d->side_row), _("Djenon _Plays"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (d->side_row), TRUE);
  adw_combo_row_set_model (d->side_row, G_LIST_MODEL (sides));
  /* The user moves first. */
  adw_combo_row_set_selected (d->side_row, pos->to_move == DJ_SOUTH ? 1 : 0);
  gtk_list_box_append (GTK_LIST_BOX (list), GTK_WIDGET (d->side_row));

  levels = gtk_string_list_new (NULL);
  for (DjLevel l = DJ_LEVEL_PERFECT; l < DJ_N_LEVELS; l++)
    gtk_string_list_append (levels, dj_level_get_title (l));
  d->level_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (d->level_row), _("_Level"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (d->level_row), TRUE);
  adw_combo_row_set_model (d->level_row, G_LIST_MODEL (levels));
  adw_combo_row_set_selected (d->level_row, self->level);
  gtk_list_box_append (GTK_LIST_BOX (list), GTK_WIDGET (d->level_row));

  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), list);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "play", _("_Play"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "play",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "play");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_dialog_response), d,
                         dialog_data_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

GtkWidget *
dj_play_engine_new (void)
{
  return g_object_new (DJ_TYPE_PLAY_ENGINE, NULL);
}

DjGame *
dj_play_engine_get_game (DjPlayEngine *self)
{
  g_return_val_if_fail (DJ_IS_PLAY_ENGINE (self), NULL);
  return self->game;
}

void
dj_play_engine_set_game (DjPlayEngine *self,
                         DjGame       *game)
{
  g_return_if_fail (DJ_IS_PLAY_ENGINE (self));
  g_return_if_fail (game == NULL || DJ_IS_GAME (game));

  if (self->game == game)
    return;
  dj_play_engine_stop (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect_object (game, "current-changed",
                               G_CALLBACK (on_current_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "node-removed",
                               G_CALLBACK (on_node_removed), self, G_CONNECT_SWAPPED);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

DjBoard *
dj_play_engine_get_board (DjPlayEngine *self)
{
  g_return_val_if_fail (DJ_IS_PLAY_ENGINE (self), NULL);
  return self->board;
}

void
dj_play_engine_set_board (DjPlayEngine *self,
                          DjBoard      *board)
{
  g_return_if_fail (DJ_IS_PLAY_ENGINE (self));
  g_return_if_fail (board == NULL || DJ_IS_BOARD (board));

  if (self->board == board)
    return;
  clear_pending (self);
  if (self->board != NULL)
    dj_board_set_interactive (self->board, TRUE);
  g_set_object (&self->board, board);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOARD]);
}

void
dj_play_engine_set_time_budget (DjPlayEngine *self,
                                gint64        time_ms)
{
  g_return_if_fail (DJ_IS_PLAY_ENGINE (self));
  g_return_if_fail (time_ms >= 0);

  self->budget_ms = time_ms;
}

gboolean
dj_play_engine_get_playing (DjPlayEngine *self)
{
  g_return_val_if_fail (DJ_IS_PLAY_ENGINE (self), FALSE);
  return self->playing;
}

gboolean
dj_play_engine_get_thinking (DjPlayEngine *self)
{
  g_return_val_if_fail (DJ_IS_PLAY_ENGINE (self), FALSE);
  return self->thinking;
}

DjSide
dj_play_engine_get_engine_side (DjPlayEngine *self)
{
  g_return_val_if_fail (DJ_IS_PLAY_ENGINE (self), DJ_NORTH);
  return self->side;
}

DjLevel
dj_play_engine_get_level (DjPlayEngine *self)
{
  g_return_val_if_fail (DJ_IS_PLAY_ENGINE (self), DJ_LEVEL_STRONG);
  return self->level;
}

const char *
dj_play_engine_get_text (DjPlayEngine *self)
{
  g_return_val_if_fail (DJ_IS_PLAY_ENGINE (self), NULL);
  return self->text;
}

DjSearch *
dj_play_engine_get_search (DjPlayEngine *self)
{
  g_return_val_if_fail (DJ_IS_PLAY_ENGINE (self), NULL);

  /* An engine nobody gave a search to (alone, as in tests) makes its own. */
  if (self->search == NULL)
    self->search = dj_search_new (0);
  return self->search;
}

void
dj_play_engine_set_search (DjPlayEngine *self,
                           DjSearch     *search)
{
  g_return_if_fail (DJ_IS_PLAY_ENGINE (self));

  /* A thinking worker holds its own reference to the old search. */
  dj_search_set (&self->search, search);
}

/* GObject */

static void
dj_play_engine_dispose (GObject *object)
{
  DjPlayEngine *self = DJ_PLAY_ENGINE (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  clear_pending (self);
  self->disposed = TRUE;
  self->playing = FALSE;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->board != NULL)
    dj_board_set_interactive (self->board, TRUE);
  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_PLAY_ENGINE);
  g_clear_object (&self->game);
  g_clear_object (&self->board);

  G_OBJECT_CLASS (dj_play_engine_parent_class)->dispose (object);
}

static void
dj_play_engine_finalize (GObject *object)
{
  DjPlayEngine *self = DJ_PLAY_ENGINE (object);

  /* A thinking task holds a reference: by now the worker is done with it. */
  g_assert (!self->thinking);
  g_clear_pointer (&self->search, dj_search_unref);
  g_clear_object (&self->cancellable);
  g_free (self->text);

  G_OBJECT_CLASS (dj_play_engine_parent_class)->finalize (object);
}

static void
dj_play_engine_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  DjPlayEngine *self = DJ_PLAY_ENGINE (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_BOARD:
      g_value_set_object (value, self->board);
      break;
    case PROP_PLAYING:
      g_value_set_boolean (value, self->playing);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->thinking);
      break;
    case PROP_RECORD_TIMES:
      g_value_set_boolean (value, self->record_times);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_play_engine_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  DjPlayEngine *self = DJ_PLAY_ENGINE (object);

  switch (prop_id)
    {
    case PROP_GAME:
      dj_play_engine_set_game (self, g_value_get_object (value));
      break;
    case PROP_BOARD:
      dj_play_engine_set_board (self, g_value_get_object (value));
      break;
    case PROP_RECORD_TIMES:
      if (self->record_times != g_value_get_boolean (value))
        {
          self->record_times = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_play_engine_class_init (DjPlayEngineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_play_engine_dispose;
  object_class->finalize = dj_play_engine_finalize;
  object_class->get_property = dj_play_engine_get_property;
  object_class->set_property = dj_play_engine_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, DJ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BOARD] =
    g_param_spec_object ("board", NULL, NULL, DJ_TYPE_BOARD,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYING] =
    g_param_spec_boolean ("playing", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RECORD_TIMES] =
    g_param_spec_boolean ("record-times", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PATH "/ui/dj-play-engine.ui");
  gtk_widget_class_bind_template_child (widget_class, DjPlayEngine, revealer);
  gtk_widget_class_bind_template_child (widget_class, DjPlayEngine, label);
  gtk_widget_class_bind_template_child (widget_class, DjPlayEngine, spinner);
  gtk_widget_class_bind_template_child (widget_class, DjPlayEngine, state_label);
  gtk_widget_class_bind_template_child (widget_class, DjPlayEngine, stop_button);
  gtk_widget_class_set_css_name (widget_class, "playengine");

  gtk_widget_class_install_action (widget_class, "play-engine.stop", NULL, stop_action);
}

static void
dj_play_engine_init (DjPlayEngine *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->budget_ms = DJ_PLAY_ENGINE_DEFAULT_BUDGET_MS;
  self->level = DJ_LEVEL_STRONG;
  self->side = DJ_NORTH;
  self->pending_move = DJ_NO_MOVE;
  self->shown_time = g_get_monotonic_time ();
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
}
