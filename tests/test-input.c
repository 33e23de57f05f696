/* test-input.c: every move entered is played, in order, however fast it comes
 *
 * A person copying a score sheet clicks or types the moves one after the
 * other without waiting for the board.  Each pit chosen while the previous
 * move is still being shown ends that animation at once and is played in the
 * position that results; the game recorded must be the game entered.  And
 * what the board shows follows the record: redo, a layout change.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>

#include "dj-board.h"
#include "dj-play-engine.h"
#include "dj-review.h"
#include "dj-window.h"

#include "dj-test-app.h"

#define N_TURNS 30

typedef enum
{
  BY_CLICKS,     /* the pit's button clicked */
  BY_KEYS,       /* its letter typed */
  BY_ACTIVATE,   /* activated, as Enter, Space and assistive technology do */
} Input;

typedef struct
{
  const char *speed;   /* a GSettings nick, or NULL for the default */
  Input       input;
} Case;

/* A game of N_TURNS moves entered by the user, with the passes they force,
 * drawn among the legal moves with @seed.  NULL when it ends sooner. */
static GArray *
seeded_game (const DjRules *rules,
             guint32        seed,
             GArray        *entered)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GArray) line = g_array_new (FALSE, FALSE, sizeof (DjMove));
  DjPosition pos;

  g_array_set_size (entered, 0);
  dj_position_init_start (&pos);
  while (entered->len < N_TURNS)
    {
      DjMoves moves;
      DjMove move = DJ_NO_MOVE;
      guint pick;

      dj_moves_generate (rules, &pos, &moves);
      if (moves.end != DJ_END_NONE)
        return NULL;
      if (moves.must_pass)
        move = DJ_PASS;
      else
        {
          pick = g_rand_int_range (rand, 0, moves.n_legal);
          for (guint k = 0; k < DJ_ROW_PITS; k++)
            if (moves.pit[k] == DJ_PIT_LEGAL && pick-- == 0)
              move = moves.row_start + k;
          g_array_append_val (entered, move);
        }
      g_array_append_val (line, move);
      dj_moves_child (&moves, &pos, move, &pos);
    }
  return g_steal_pointer (&line);
}

/* The first seeded game of N_TURNS moves with a forced pass in it, so that
 * passes come between the moves entered too. */
static GArray *
expected_game (const DjRules *rules,
               GArray        *entered)
{
  for (guint32 seed = 1; seed < 100000; seed++)
    {
      GArray *line = seeded_game (rules, seed, entered);

      if (line != NULL && line->len > N_TURNS)
        return line;
      g_clear_pointer (&line, g_array_unref);
    }
  g_assert_not_reached ();
}

static gboolean
key_press (DjBoard *board,
           guint    keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (board));
  gboolean handled = FALSE;

  /* GTK 4.8 cannot synthesize key events: drive the board's key controllers
   * (moves, markup) until one takes the key, as GTK would. */
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
    }
  return handled;
}

static void
test_fast_input (gconstpointer data)
{
  const Case *c = data;
  /* Djenon-abe: a starved pass comes within 30 moves of the start. */
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GArray) entered = g_array_new (FALSE, FALSE, sizeof (DjMove));
  g_autoptr(GArray) line = expected_game (&rules, entered);
  DjWindow *window;
  DjBoard *board;
  DjGame *game;
  DjNode *node;
  guint n_passes = 0;

  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  if (c->speed != NULL)
    g_settings_set_string (settings, "animation-speed", c->speed);
  else
    g_settings_reset (settings, "animation-speed");

  window = new_window ();
  dj_window_start_game (window, &rules, NULL, NULL);
  flush_events ();
  board = DJ_BOARD (dj_window_get_board (window));
  game = dj_window_get_game (window);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (board)));
  if (c->speed == NULL)
    g_assert_cmpint (dj_board_get_animation_speed (board), ==, DJ_ANIMATION_SPEED_NORMAL);

  /* Every move at once, the next one while the last is still shown. */
  for (guint i = 0; i < entered->len; i++)
    {
      DjMove move = g_array_index (entered, DjMove, i);

      if (c->input == BY_CLICKS)
        g_signal_emit_by_name (dj_board_get_pit_widget (board, move), "clicked");
      else if (c->input == BY_KEYS)
        g_assert_true (key_press (board, 'a' + move % DJ_ROW_PITS));
      else
        g_assert_true (gtk_widget_activate (dj_board_get_pit_widget (board, move)));
      /* The board shows each move: the next input really comes during it. */
      if (i == 0)
        g_assert_true (dj_board_is_animating (board) ==
                       (dj_board_get_animation_speed (board) != DJ_ANIMATION_SPEED_OFF));
    }
  flush_events ();

  /* The game recorded, move by move, is the game entered (with its passes). */
  node = dj_game_get_root (game);
  for (guint i = 0; i < line->len; i++)
    {
      DjMove move = g_array_index (line, DjMove, i);

      g_assert_cmpuint (dj_node_get_n_children (node), ==, 1);
      node = dj_node_get_first_child (node);
      if (dj_node_get_move (node) != move)
        g_error ("move %u of the game recorded is %s, entered %s", i + 1,
                 dj_move_to_string (dj_node_get_move (node)), dj_move_to_string (move));
      n_passes += move == DJ_PASS;
    }
  g_assert_cmpuint (dj_node_get_n_children (node), ==, 0);
  g_assert_true (dj_game_get_current (game) == node);
  g_assert_cmpuint (line->len, ==, N_TURNS + n_passes);
  g_assert_cmpuint (n_passes, >, 0);
  /* And the board stands where the game does. */
  dj_board_finish_animation (board);
  g_assert_true (dj_position_equal (dj_board_scene_get_position (dj_board_get_scene (board)),
                                    dj_node_get_position (node)));

  destroy_window (window);
  g_settings_set_enum (settings, "animation-speed", DJ_ANIMATION_SPEED_OFF);
}

/* Redo goes to the move it restores, as playing it did. */
static void
test_redo_shows_move (void)
{
  DjWindow *window = new_window ();
  DjGame *game = dj_window_get_game (window);
  DjBoard *board = DJ_BOARD (dj_window_get_board (window));
  DjNode *c, *a;

  g_assert_true (dj_window_play_move (window, 2));
  c = dj_game_get_current (game);
  g_assert_true (dj_window_play_move (window, 6));
  a = dj_game_get_current (game);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.first", NULL);
  flush_events ();
  g_assert_true (dj_game_get_current (game) == dj_game_get_root (game));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  flush_events ();
  a = dj_game_get_current (game);
  g_assert_cmpint (dj_node_get_move (a), ==, 6);
  g_assert_true (dj_node_get_parent (a) == c);
  g_assert_true (dj_position_equal (dj_board_scene_get_position (dj_board_get_scene (board)),
                                    dj_node_get_position (a)));
  g_assert_true (g_str_has_prefix (dj_window_get_last_move_text (window), "North played A"));

  destroy_window (window);
}

/* While Djenon thinks, a pit chosen is refused, and the toast says why. */
static void
test_engine_thinking_refuses (void)
{
  DjWindow *window = new_window ();
  DjGame *game = dj_window_get_game (window);
  DjPlayEngine *engine;

  engine = DJ_PLAY_ENGINE (dj_test_find_widget (GTK_WIDGET (window), DJ_TYPE_PLAY_ENGINE));
  g_assert_nonnull (engine);
  g_assert_true (dj_play_engine_start (engine, DJ_SOUTH, DJ_LEVEL_PERFECT));
  g_assert_true (dj_play_engine_get_thinking (engine));

  g_signal_emit_by_name (dj_board_get_pit_widget (DJ_BOARD (dj_window_get_board (window)), 2),
                         "clicked");
  g_assert_cmpstr (dj_window_get_last_toast (window), ==,
                   "Djenon is thinking: its move comes first");
  g_assert_true (dj_game_get_current (game) == dj_game_get_root (game));

  dj_play_engine_stop (engine);
  while (dj_play_engine_get_thinking (engine))
    g_main_context_iteration (NULL, TRUE);
  destroy_window (window);
}

/* Playing Djenon: the user's pit chosen while the user's own move is still
 * shown and Djenon's reply waits for it is not lost either: the reply is
 * played, then the pit, in the position that results. */
static void
test_engine_reply_then_pit (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  DjWindow *window;
  DjBoard *board;
  DjGame *game;
  DjPlayEngine *engine;
  DjNode *user, *reply, *next;

  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  g_settings_set_string (settings, "animation-speed", "slow");
  window = new_window ();
  board = DJ_BOARD (dj_window_get_board (window));
  game = dj_window_get_game (window);
  engine = DJ_PLAY_ENGINE (dj_test_find_widget (GTK_WIDGET (window), DJ_TYPE_PLAY_ENGINE));
  dj_play_engine_set_time_budget (engine, 20);
  g_assert_true (dj_play_engine_start (engine, DJ_NORTH, DJ_LEVEL_WEAK));

  g_signal_emit_by_name (dj_board_get_pit_widget (board, 2), "clicked");   /* c */
  user = dj_game_get_current (game);
  g_assert_cmpint (dj_node_get_move (user), ==, 2);
  g_assert_true (dj_board_is_animating (board));
  /* Djenon answers at once, but its move waits for the board. */
  while (dj_play_engine_get_thinking (engine))
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (dj_board_is_animating (board));
  g_assert_true (dj_game_get_current (game) == user);

  /* South's a: Djenon's reply is played first, then a where it stands (or
   * refused there with the reason, should the reply have emptied it). */
  g_signal_emit_by_name (dj_board_get_pit_widget (board, 0), "clicked");
  reply = dj_node_get_first_child (user);
  g_assert_nonnull (reply);
  g_assert_cmpint (dj_node_get_mover (reply), ==, DJ_NORTH);
  next = dj_game_get_current (game);
  if (next == reply)
    {
      DjMoves moves;

      dj_moves_generate (dj_game_get_rules (game), dj_node_get_position (reply), &moves);
      g_assert_cmpstr (dj_window_get_last_toast (window), ==,
                       dj_pit_status_describe (dj_moves_why (&moves, 0)));
    }
  else
    {
      g_assert_cmpint (dj_node_get_move (next), ==, 0);
      g_assert_true (dj_node_get_parent (next) == reply);
    }

  dj_play_engine_stop (engine);
  while (dj_play_engine_get_thinking (engine))
    g_main_context_iteration (NULL, TRUE);
  destroy_window (window);
  g_settings_set_enum (settings, "animation-speed", DJ_ANIMATION_SPEED_OFF);
}

/* The board as it draws itself now (its widgets' cached drawings included),
 * as pixels. */
static GBytes *
render (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  gsize stride = (gsize) width * 4;
  guchar *data;

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  data = g_malloc (stride * height);
  gdk_texture_download (texture, data, stride);
  return g_bytes_new_take (data, stride * height);
}

typedef struct
{
  DjWindow  *window;
  GtkWidget *board;
  int        height;
} ReviewWait;

/* The sample is shown: the board placed and still. */
static gboolean
board_shown (gpointer data)
{
  ReviewWait *w = data;

  return gtk_widget_get_mapped (w->board) && gtk_widget_get_height (w->board) > 0 &&
         !dj_board_is_animating (DJ_BOARD (w->board)) &&
         dj_test_revealers_settled (w->window);
}

/* The review has ended and its banner is all shown: the board has its new,
 * lower place and nothing in the window moves any more. */
static gboolean
review_shown (gpointer data)
{
  ReviewWait *w = data;
  GtkWidget *review = dj_test_find_widget (GTK_WIDGET (w->window), DJ_TYPE_REVIEW);

  return review != NULL && !dj_review_get_running (DJ_REVIEW (review)) &&
         gtk_widget_get_height (w->board) < w->height &&
         !dj_board_is_animating (DJ_BOARD (w->board)) &&
         dj_test_revealers_settled (w->window);
}

/* Review Game shows its banner above the board, which gets lower: every pit
 * moves with it at once, not when the pointer next passes over it. */
static void
test_review_repaints (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  ReviewWait w;
  g_autoptr(GBytes) shown = NULL;
  g_autoptr(GBytes) fresh = NULL;

  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  g_settings_reset (settings, "animation-speed");
  w.window = new_window ();
  w.board = dj_window_get_board (w.window);
  dj_window_show_sample (w.window);
  dj_test_wait_until (10, board_shown, &w, "the sample shown");
  dj_test_wait_painted (w.board);
  w.height = gtk_widget_get_height (w.board);

  gtk_widget_activate_action (GTK_WIDGET (w.window), "win.review-game", NULL);
  /* The review's dialog (its thresholds): Review. */
  {
    GList *toplevels = gtk_window_list_toplevels ();
    AdwMessageDialog *dialog = NULL;

    for (GList *l = toplevels; l != NULL; l = l->next)
      if (ADW_IS_MESSAGE_DIALOG (l->data))
        dialog = l->data;
    g_list_free (toplevels);
    g_assert_nonnull (dialog);
    adw_message_dialog_response (dialog, "review");
    gtk_window_destroy (GTK_WINDOW (dialog));
  }
  /* The banner takes room from the board. */
  dj_test_wait_until (30, review_shown, &w, "the review shown, the board lower");
  dj_test_wait_painted (w.board);

  shown = render (w.board);
  /* What the pointer passing over the pits does: each draws itself anew. */
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    gtk_widget_queue_draw (dj_board_get_pit_widget (DJ_BOARD (w.board), pit));
  dj_test_wait_painted (w.board);
  fresh = render (w.board);
  g_assert_true (g_bytes_equal (shown, fresh));

  gtk_widget_activate_action (GTK_WIDGET (w.window), "review.cancel", NULL);
  destroy_window (w.window);
  g_settings_set_enum (settings, "animation-speed", DJ_ANIMATION_SPEED_OFF);
}

int
main (int   argc,
      char *argv[])
{
  static const char *speeds[] = { NULL, "off", "fast", "normal", "slow" };
  g_autofree char *home = NULL;
  int status;

  setlocale (LC_ALL, "");
  home = dj_test_make_home ("djenon-test-input");
  g_test_init (&argc, &argv, NULL);

  if (!dj_test_start_app ())
    {
      g_test_skip ("no display");
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }

  for (guint i = 0; i < G_N_ELEMENTS (speeds); i++)
    for (Input input = BY_CLICKS; input <= BY_ACTIVATE; input++)
      {
        Case *c = g_new0 (Case, 1);
        g_autofree char *path = NULL;

        c->speed = speeds[i];
        c->input = input;
        path = g_strdup_printf ("/djenon/input/%s/%s",
                                input == BY_CLICKS ? "clicks" : input == BY_KEYS ? "keys"
                                                                                 : "activate",
                                speeds[i] != NULL ? speeds[i] : "default");
        g_test_add_data_func_full (path, c, test_fast_input, g_free);
      }
  g_test_add_func ("/djenon/input/redo-shows-move", test_redo_shows_move);
  g_test_add_func ("/djenon/input/review-repaints", test_review_repaints);
  g_test_add_func ("/djenon/input/engine-thinking-refuses", test_engine_thinking_refuses);
  g_test_add_func ("/djenon/input/engine-reply-then-pit", test_engine_reply_then_pit);

  status = g_test_run ();
  g_clear_object (&app);
  dj_test_remove_tree (home);
  return status;
}
