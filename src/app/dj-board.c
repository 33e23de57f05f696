/* dj-board.c: the board widget
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dj-board-private.h"
#include "dj-board-markup.h"
#include "dj-shapes.h"
#include "dj-picture-cache.h"

G_DEFINE_FINAL_TYPE (DjBoard, dj_board, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_FLIPPED,
  PROP_ANIMATION_SPEED,
  PROP_SHOW_COUNTS,
  PROP_INTERACTIVE,
  PROP_ANIMATING,
  PROP_BUSY_TEXT,
  N_PROPS
};

enum {
  PIT_ACTIVATED,
  MOVE_REFUSED,
  MARKUP_EDITED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Input ---------------------------------------------------------------- */

static void
choose_pit (DjBoard *self,
            guint    pit)
{
  DjPitStatus status;

  /* Never dropped without a word: a board that takes no move says why. */
  if (!dj_board_scene_accepts_input (self->scene))
    {
      g_signal_emit (self, signals[MOVE_REFUSED], 0, (int) pit,
                     dj_board_scene_get_interactive (self->scene) ? DJ_BOARD_REFUSED_STEP
                                                                  : DJ_BOARD_REFUSED_BUSY);
      return;
    }
  status = dj_board_scene_get_pit_status (self->scene, pit);
  if (status == DJ_PIT_LEGAL)
    g_signal_emit (self, signals[PIT_ACTIVATED], 0, (int) pit);
  else
    g_signal_emit (self, signals[MOVE_REFUSED], 0, (int) pit, (guint) status);
}

/* A pit chosen during an animation ends it at once and is played in the
 * position that results: every input counts, in order. */
static void
finish_animations (DjBoard *self)
{
  /* Ending one may start another (a reply that waited for it): end that
   * too, so that the pit is played where the game now stands. */
  for (guint i = 0; i < 4 && dj_board_scene_is_animating (self->scene); i++)
    dj_board_finish_animation (self);
}

static void
pit_clicked_cb (DjBoard   *self,
                GtkButton *button)
{
  finish_animations (self);
  choose_pit (self, dj_pit_get_index (DJ_PIT (button)));
}

static gboolean
move_focus (DjBoard          *self,
            DjBoardDirection  direction)
{
  GtkWidget *focus = gtk_widget_get_focus_child (GTK_WIDGET (self));
  int pit;

  if (focus != NULL && DJ_IS_PIT (focus))
    dj_board_scene_set_focus (self->scene, dj_pit_get_index (DJ_PIT (focus)));
  if (!dj_board_scene_move_focus (self->scene, direction))
    return FALSE;
  pit = dj_board_scene_get_focus (self->scene);
  gtk_widget_grab_focus (self->pits[pit]);
  /* The keyboard previews like the pointer does. */
  dj_board_scene_set_hover (self->scene, pit);
  return TRUE;
}

/* The pit a letter key chooses: a–f (either case) in the mover's row. */
static int
letter_pit (DjBoard         *self,
            guint            keyval,
            GdkModifierType  state)
{
  gunichar c;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK))
    return -1;
  c = g_unichar_tolower (gdk_keyval_to_unicode (keyval));
  if (c < 'a' || c > 'f')
    return -1;
  return DJ_ROW_START (dj_board_scene_get_position (self->scene)->to_move) + (int) (c - 'a');
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                DjBoard               *self)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));
  DjBoardDirection direction;
  int pit;

  if (event != NULL && gdk_key_event_is_modifier (event))
    return FALSE;

  /* Any key ends the animation at once; then it does its own work in the
   * position that results (a letter plays its pit, Enter the focused one,
   * Alt+Left steps back …). */
  if (dj_board_scene_is_animating (self->scene))
    {
      finish_animations (self);
      if (keyval == GDK_KEY_Escape)
        return TRUE;
    }

  /* Left and Right replay the game (the window's keys): Ctrl+Left and
   * Ctrl+Right move along a row of pits, Up and Down between the rows. */
  if (dj_board_markup_arrow_direction (keyval, &direction))
    {
      GdkModifierType mods = state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK |
                                      GDK_SUPER_MASK | GDK_META_MASK);
      gboolean along = direction == DJ_BOARD_LEFT || direction == DJ_BOARD_RIGHT;

      if ((along && mods == GDK_CONTROL_MASK) || (!along && mods == 0))
        {
          move_focus (self, direction);
          return TRUE;
        }
    }

  pit = letter_pit (self, keyval, state);
  if (pit >= 0)
    {
      dj_board_scene_set_focus (self->scene, pit);
      gtk_widget_grab_focus (self->pits[pit]);
      choose_pit (self, pit);
      return TRUE;
    }
  return FALSE;
}

static void
click_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  DjBoard         *self)
{
  /* A press anywhere ends the animation; a press on a pit goes on to the
   * pit, which is then played. */
  finish_animations (self);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
}

static gboolean
dj_board_focus (GtkWidget        *widget,
                GtkDirectionType  direction)
{
  DjBoard *self = DJ_BOARD (widget);
  GtkWidget *focus = gtk_widget_get_focus_child (widget);

  /* One tab stop for the whole board; arrows move inside it. */
  if (focus == NULL)
    return gtk_widget_grab_focus (self->pits[dj_board_scene_get_default_focus (self->scene)]);

  switch (direction)
    {
    case GTK_DIR_LEFT:
      return move_focus (self, DJ_BOARD_LEFT);
    case GTK_DIR_RIGHT:
      return move_focus (self, DJ_BOARD_RIGHT);
    case GTK_DIR_UP:
      return move_focus (self, DJ_BOARD_UP);
    case GTK_DIR_DOWN:
      return move_focus (self, DJ_BOARD_DOWN);
    case GTK_DIR_TAB_FORWARD:
    case GTK_DIR_TAB_BACKWARD:
    default:
      return FALSE;
    }
}

static gboolean
dj_board_grab_focus (GtkWidget *widget)
{
  DjBoard *self = DJ_BOARD (widget);

  return gtk_widget_grab_focus (self->pits[dj_board_scene_get_default_focus (self->scene)]);
}

static void
dj_board_set_focus_child (GtkWidget *widget,
                          GtkWidget *child)
{
  DjBoard *self = DJ_BOARD (widget);

  GTK_WIDGET_CLASS (dj_board_parent_class)->set_focus_child (widget, child);
  if (child != NULL && DJ_IS_PIT (child))
    dj_board_scene_set_focus (self->scene, dj_pit_get_index (DJ_PIT (child)));
}

/* Markup input (dj-board-markup.c) ----------------------------------------- */

static GtkWidget *
markup_pit_widget (GtkWidget *board,
                   guint      pit)
{
  return DJ_BOARD (board)->pits[pit];
}

static gboolean
markup_move_focus (GtkWidget        *board,
                   DjBoardDirection  direction)
{
  return move_focus (DJ_BOARD (board), direction);
}

static void
markup_finish_animations (GtkWidget *board)
{
  finish_animations (DJ_BOARD (board));
}

/* The markup shown with one change, handed to whoever keeps the record. */
static void
markup_edited (GtkWidget      *board,
               const DjMarkup *markup,
               const char     *label)
{
  DjBoard *self = DJ_BOARD (board);

  if (!dj_markup_equal (markup, dj_board_scene_get_markup (self->scene)))
    g_signal_emit (self, signals[MARKUP_EDITED], 0, markup, label);
}

static const DjBoardMarkupHost markup_host = {
  markup_pit_widget, markup_move_focus, markup_finish_animations, markup_edited,
};

void
dj_board_ask_label (DjBoard *self,
                    guint    pit)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  g_return_if_fail (pit < DJ_N_PITS);

  dj_board_markup_ask_label (self->markup, pit);
}

GtkWidget *
dj_board_get_label_entry (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);
  return dj_board_markup_get_label_entry (self->markup);
}

/* Animation ------------------------------------------------------------ */

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  DjBoard *self = DJ_BOARD (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (self->anim_start == 0)
    self->anim_start = now;
  if (!dj_board_scene_advance_animation (self->scene, now - self->anim_start))
    {
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
scene_animating_cb (DjBoard      *self,
                    GParamSpec   *pspec,
                    DjBoardScene *scene)
{
  if (!dj_board_scene_is_animating (scene) && self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
}

/* Record → scene ------------------------------------------------------- */

static void
sync_markers (DjBoard *self,
              DjNode  *node)
{
  dj_board_scene_set_markup (self->scene, dj_node_get_markup (node));
}

/* Shows @node; with @animate, animated when a turn was just played into it. */
/* The move that led to @node: its pit and where its last seed landed. */
static void
show_last_move (DjBoard *self,
                DjNode  *node)
{
  DjNode *parent = dj_node_get_parent (node);
  DjMove move = dj_node_get_move (node);
  g_autoptr(DjTrace) trace = NULL;
  int landing = -1;

  if (parent == NULL || move < 0 || move >= DJ_N_PITS)
    {
      dj_board_scene_set_last_move (self->scene, -1, -1);
      return;
    }
  trace = dj_trace_new ();
  if (dj_play (dj_game_get_rules (self->game), dj_node_get_position (parent), move, trace, NULL)
      && trace->laps->len > 0)
    landing = g_array_index (trace->laps, DjLap, trace->laps->len - 1).landing;
  dj_board_scene_set_last_move (self->scene, move, landing);
}

static void
show_node (DjBoard  *self,
           DjNode   *node,
           gboolean  animate)
{
  const DjTrace *trace = animate ? dj_game_get_current_trace (self->game) : NULL;
  const DjRules *rules = dj_game_get_rules (self->game);
  const DjPosition *pos = dj_node_get_position (node);

  sync_markers (self, node);
  if (trace != NULL && node == dj_game_get_current (self->game))
    dj_board_play_turn (self, trace, pos);
  else
    dj_board_set_position (self, rules, pos);
  show_last_move (self, node);
}

static void
game_current_changed_cb (DjBoard *self,
                         DjNode  *node,
                         DjGame  *game)
{
  show_node (self, node, TRUE);
}

static void
game_node_changed_cb (DjBoard *self,
                      DjNode  *node,
                      DjGame  *game)
{
  if (node == dj_game_get_current (game))
    sync_markers (self, node);
}

/* Scene → widget ------------------------------------------------------- */

static void
update_description (DjBoard *self)
{
  const DjPosition *pos = dj_board_scene_get_position (self->scene);
  const DjMoves *moves = dj_board_scene_get_moves (self->scene);
  g_autofree char *turn = NULL;
  g_autofree char *south = NULL;
  g_autofree char *north = NULL;
  char *description;

  if (moves->end != DJ_END_NONE)
    /* Translators: the board's description for screen readers; %s is why the game ended */
    turn = g_strdup_printf (_("The game is over: %s."),
                            dj_end_reason_describe ((DjEndReason) moves->end));
  else if (moves->must_pass)
    turn = g_strdup (pos->to_move == DJ_SOUTH ? _("South must pass.") : _("North must pass."));
  else
    turn = g_strdup (pos->to_move == DJ_SOUTH ? _("South to move.") : _("North to move."));
  south = g_strdup_printf (ngettext ("South has captured %u seed.",
                                     "South has captured %u seeds.",
                                     pos->captured[DJ_SOUTH]), pos->captured[DJ_SOUTH]);
  north = g_strdup_printf (ngettext ("North has captured %u seed.",
                                     "North has captured %u seeds.",
                                     pos->captured[DJ_NORTH]), pos->captured[DJ_NORTH]);
  description = g_strjoin (" ", turn, south, north, NULL);

  if (g_strcmp0 (description, self->description) != 0)
    {
      g_free (self->description);
      self->description = description;
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description,
                                      -1);
    }
  else
    g_free (description);
}

static void
scene_changed_cb (DjBoard      *self,
                  DjBoardScene *scene)
{
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    dj_pit_sync (DJ_PIT (self->pits[pit]));
  update_description (self);
}

static void
scene_redraw_cb (DjBoard      *self,
                 DjBoardScene *scene)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    gtk_widget_queue_draw (self->pits[pit]);
}

static void
scene_notify_cb (DjBoard      *self,
                 GParamSpec   *pspec,
                 DjBoardScene *scene)
{
  const char *name = g_param_spec_get_name (pspec);

  if (g_str_equal (name, "flipped"))
    {
      gtk_widget_queue_allocate (GTK_WIDGET (self));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
    }
  else if (g_str_equal (name, "show-counts"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_COUNTS]);
  else if (g_str_equal (name, "interactive"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

/* GObject -------------------------------------------------------------- */

static void
dj_board_unmap (GtkWidget *widget)
{
  /* No frame clock when hidden: show the end of the move. */
  dj_board_finish_animation (DJ_BOARD (widget));
  GTK_WIDGET_CLASS (dj_board_parent_class)->unmap (widget);
}

static void
dj_board_unrealize (GtkWidget *widget)
{
  /* The pictures belong to the renderer going away. */
  dj_board_forget_pictures (DJ_BOARD (widget));
  GTK_WIDGET_CLASS (dj_board_parent_class)->unrealize (widget);
}

static void
dj_board_css_changed (GtkWidget         *widget,
                      GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (dj_board_parent_class)->css_changed (widget, change);
  /* Named colours (light or dark style) are read while drawing; the font
   * may have changed. */
  dj_board_texts_clear (DJ_BOARD (widget)->texts);
  gtk_widget_queue_draw (widget);
}

static void
dj_board_dispose (GObject *object)
{
  DjBoard *self = DJ_BOARD (object);

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  g_clear_pointer (&self->markup, dj_board_markup_free);
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    g_clear_pointer (&self->pits[pit], gtk_widget_unparent);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  if (self->scene != NULL)
    g_signal_handlers_disconnect_by_data (self->scene, self);
  g_clear_object (&self->scene);
  dj_board_forget_pictures (self);
  g_clear_pointer (&self->pictures, dj_picture_cache_unref);

  G_OBJECT_CLASS (dj_board_parent_class)->dispose (object);
}

static void
dj_board_finalize (GObject *object)
{
  DjBoard *self = DJ_BOARD (object);

  g_clear_pointer (&self->description, g_free);
  g_clear_pointer (&self->busy_text, g_free);
  g_clear_pointer (&self->texts, dj_board_texts_free);

  G_OBJECT_CLASS (dj_board_parent_class)->finalize (object);
}

static void
dj_board_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  DjBoard *self = DJ_BOARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, dj_board_get_flipped (self));
      break;
    case PROP_ANIMATION_SPEED:
      g_value_set_enum (value, self->speed);
      break;
    case PROP_SHOW_COUNTS:
      g_value_set_boolean (value, dj_board_get_show_counts (self));
      break;
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, dj_board_get_interactive (self));
      break;
    case PROP_ANIMATING:
      g_value_set_boolean (value, dj_board_is_animating (self));
      break;
    case PROP_BUSY_TEXT:
      g_value_set_string (value, self->busy_text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_board_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  DjBoard *self = DJ_BOARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      dj_board_set_game (self, g_value_get_object (value));
      break;
    case PROP_FLIPPED:
      dj_board_set_flipped (self, g_value_get_boolean (value));
      break;
    case PROP_ANIMATION_SPEED:
      dj_board_set_animation_speed (self, g_value_get_enum (value));
      break;
    case PROP_SHOW_COUNTS:
      dj_board_set_show_counts (self, g_value_get_boolean (value));
      break;
    case PROP_INTERACTIVE:
      dj_board_set_interactive (self, g_value_get_boolean (value));
      break;
    case PROP_BUSY_TEXT:
      dj_board_set_busy_text (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_board_class_init (DjBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_board_dispose;
  object_class->finalize = dj_board_finalize;
  object_class->get_property = dj_board_get_property;
  object_class->set_property = dj_board_set_property;

  widget_class->measure = dj_board_draw_measure;
  widget_class->size_allocate = dj_board_draw_allocate;
  widget_class->snapshot = dj_board_draw_snapshot;
  widget_class->focus = dj_board_focus;
  widget_class->grab_focus = dj_board_grab_focus;
  widget_class->set_focus_child = dj_board_set_focus_child;
  widget_class->unmap = dj_board_unmap;
  widget_class->css_changed = dj_board_css_changed;
  widget_class->unrealize = dj_board_unrealize;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, DJ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ANIMATION_SPEED] =
    g_param_spec_enum ("animation-speed", NULL, NULL,
                       DJ_TYPE_ANIMATION_SPEED, DJ_ANIMATION_SPEED_NORMAL,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SHOW_COUNTS] =
    g_param_spec_boolean ("show-counts", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ANIMATING] =
    g_param_spec_boolean ("animating", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_BUSY_TEXT] =
    g_param_spec_string ("busy-text", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DjBoard::pit-activated:
   * @move: the pit chosen (a DjMove, 0 … 11)
   *
   * The user chose a pit that can be played, by click, Enter or Space, or
   * its letter.  The board does not play it: the window does.
   */
  signals[PIT_ACTIVATED] =
    g_signal_new ("pit-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  /**
   * DjBoard::move-refused:
   * @move: the pit chosen (a DjMove, 0 … 11)
   * @reason: a DjPitStatus, for dj_pit_status_describe()
   *
   * The user chose a pit that cannot be played.
   */
  signals[MOVE_REFUSED] =
    g_signal_new ("move-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_UINT);

  /**
   * DjBoard::markup-edited:
   * @markup: (type gpointer): the markup shown, with the user's change
   * @label: the change's name for the undo history (translated)
   *
   * The user marked a pit or drew an arrow with the mouse or the keyboard.
   * The board does not change what it shows: whoever keeps the record
   * stores @markup (valid during the emission only) and shows it again.
   */
  signals[MARKUP_EDITED] =
    g_signal_new ("markup-edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_STRING);

  gtk_widget_class_install_property_action (widget_class, "board.flip", "flipped");

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
dj_board_init (DjBoard *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *key;
  GtkGesture *click;

  dj_board_ensure_style (gtk_widget_get_display (widget));

  self->speed = DJ_ANIMATION_SPEED_NORMAL;
  self->pictures = dj_picture_cache_new ();
  self->texts = dj_board_texts_new ();
  self->scene = dj_board_scene_new ();
  self->game_signals = g_signal_group_new (DJ_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "current-changed",
                                 G_CALLBACK (game_current_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "node-changed",
                                 G_CALLBACK (game_node_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scene, "changed", G_CALLBACK (scene_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scene, "redraw", G_CALLBACK (scene_redraw_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scene, "notify::animating", G_CALLBACK (scene_animating_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scene, "notify", G_CALLBACK (scene_notify_cb), self,
                           G_CONNECT_SWAPPED);

  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      self->pits[pit] = dj_pit_new (self->scene, self->texts, pit);
      gtk_widget_set_parent (self->pits[pit], widget);
      g_signal_connect_object (self->pits[pit], "clicked", G_CALLBACK (pit_clicked_cb), self,
                               G_CONNECT_SWAPPED);
    }

  key = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (widget, key);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));
  self->markup = dj_board_markup_new (widget, self->scene, &markup_host);

  /* The board keeps its geometry in right-to-left locales. */
  gtk_widget_set_direction (widget, GTK_TEXT_DIR_LTR);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_set_vexpand (widget, TRUE);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  /* Translators: accessible name of the game board */
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);
  scene_changed_cb (self, self->scene);
}

GtkWidget *
dj_board_new (void)
{
  return g_object_new (DJ_TYPE_BOARD, NULL);
}

DjPictureCache *
dj_board_get_pictures (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);
  return self->pictures;
}

DjBoardScene *
dj_board_get_scene (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);
  return self->scene;
}

void
dj_board_set_position (DjBoard          *self,
                       const DjRules    *rules,
                       const DjPosition *pos)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  g_return_if_fail (rules != NULL && pos != NULL);

  if (dj_board_scene_is_animating (self->scene) &&
      dj_position_equal (pos, dj_board_scene_get_position (self->scene)) &&
      dj_rules_equal (rules, dj_board_scene_get_rules (self->scene)))
    return;
  dj_board_scene_set_position (self->scene, rules, pos);
}

DjGame *
dj_board_get_game (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);
  return self->game;
}

void
dj_board_set_game (DjBoard *self,
                   DjGame  *game)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  g_return_if_fail (game == NULL || DJ_IS_GAME (game));

  if (!g_set_object (&self->game, game))
    return;
  g_signal_group_set_target (self->game_signals, game);
  if (game != NULL)
    {
      dj_board_finish_animation (self);
      show_node (self, dj_game_get_current (game), FALSE);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

void
dj_board_play_trace (DjBoard       *self,
                     const DjTrace *trace)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  g_return_if_fail (trace != NULL);

  dj_board_play_turn (self, trace, &trace->after);
}

void
dj_board_play_turn (DjBoard          *self,
                    const DjTrace    *trace,
                    const DjPosition *final)
{
  GtkWidget *widget;
  gint64 seed_time;
  gboolean enabled = TRUE;

  g_return_if_fail (DJ_IS_BOARD (self));
  g_return_if_fail (trace != NULL);
  g_return_if_fail (final != NULL);

  widget = GTK_WIDGET (self);
  g_object_get (gtk_widget_get_settings (widget), "gtk-enable-animations", &enabled, NULL);
  seed_time = enabled && gtk_widget_get_mapped (widget)
            ? dj_animation_speed_get_seed_time (self->speed) : 0;

  dj_board_scene_start_turn (self->scene, trace, final, seed_time);
  if (dj_board_scene_is_animating (self->scene))
    {
      self->anim_start = 0;
      if (self->tick_id == 0)
        self->tick_id = gtk_widget_add_tick_callback (widget, tick_cb, NULL, NULL);
    }
}

void
dj_board_finish_animation (DjBoard *self)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  dj_board_scene_finish_animation (self->scene);
}

gboolean
dj_board_is_animating (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), FALSE);
  return dj_board_scene_is_animating (self->scene);
}

void
dj_board_show_trace_step (DjBoard       *self,
                          const DjTrace *trace,
                          guint          step)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  g_return_if_fail (trace != NULL);
  dj_board_scene_show_trace_step (self->scene, trace, step);
}

gboolean
dj_board_get_flipped (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), FALSE);
  return dj_board_scene_get_flipped (self->scene);
}

void
dj_board_set_flipped (DjBoard  *self,
                      gboolean  flipped)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  dj_board_scene_set_flipped (self->scene, flipped);
}

DjAnimationSpeed
dj_board_get_animation_speed (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), DJ_ANIMATION_SPEED_NORMAL);
  return self->speed;
}

void
dj_board_set_animation_speed (DjBoard          *self,
                              DjAnimationSpeed  speed)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  g_return_if_fail (speed <= DJ_ANIMATION_SPEED_SLOW);

  if (self->speed == speed)
    return;
  self->speed = speed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION_SPEED]);
}

gboolean
dj_board_get_show_counts (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), FALSE);
  return dj_board_scene_get_show_counts (self->scene);
}

void
dj_board_set_show_counts (DjBoard  *self,
                          gboolean  show_counts)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  dj_board_scene_set_show_counts (self->scene, show_counts);
}

gboolean
dj_board_get_interactive (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), FALSE);
  return dj_board_scene_get_interactive (self->scene);
}

void
dj_board_set_interactive (DjBoard  *self,
                          gboolean  interactive)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  dj_board_scene_set_interactive (self->scene, interactive);
}

const char *
dj_board_get_busy_text (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);
  return self->busy_text;
}

void
dj_board_set_busy_text (DjBoard    *self,
                        const char *text)
{
  g_return_if_fail (DJ_IS_BOARD (self));

  if (g_strcmp0 (self->busy_text, text) == 0)
    return;
  g_free (self->busy_text);
  self->busy_text = g_strdup (text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY_TEXT]);
}

const char *
dj_board_describe_refusal (DjBoard *self,
                           guint    reason)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);

  switch (reason)
    {
    case DJ_BOARD_REFUSED_BUSY:
      return self->busy_text != NULL ? self->busy_text
                                     /* Translators: a pit was chosen while the board takes no move */
                                     : _("The board takes no move just now");
    case DJ_BOARD_REFUSED_STEP:
      /* Translators: a pit was chosen while the move explainer shows a move step by step */
      return _("The board shows a move step by step: leave the step-through to play");
    default:
      return dj_pit_status_describe ((DjPitStatus) reason);
    }
}

void
dj_board_set_markers (DjBoard      *self,
                      const guint8  markers[12])
{
  g_return_if_fail (DJ_IS_BOARD (self));
  dj_board_scene_set_markers (self->scene, markers);
}

void
dj_board_set_markup (DjBoard        *self,
                     const DjMarkup *markup)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  dj_board_scene_set_markup (self->scene, markup);
}

void
dj_board_set_best_move (DjBoard *self,
                        DjMove   move)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  dj_board_scene_set_best_move (self->scene, move);
}

GtkWidget *
dj_board_get_pit_widget (DjBoard *self,
                         guint    pit)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);
  g_return_val_if_fail (pit < DJ_N_PITS, NULL);
  return self->pits[pit];
}

const char *
dj_board_get_description (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);
  return self->description;
}
