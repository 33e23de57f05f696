/* bench-app.c: how fast the application starts and how it copes with a long game
 *
 * Prints, does not judge: launch to first frame (the built program, spawned
 * as a user would start it), in a game of 10,000 moves the time to jump to
 * the end and to play a move there, and resizing the window, each until the
 * frame that shows it has been painted (the wait for the frame clock's tick
 * not counted).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <sys/resource.h>

#include "dj-application.h"
#include "dj-board.h"
#include "dj-resources.h"
#include "dj-window.h"

#define LONG_GAME 10000
#define RUNS      7

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (double *values,
        guint   n)
{
  qsort (values, n, sizeof *values, compare_doubles);
  return values[n / 2];
}

/* Launch to first frame: spawn the program, read the line it prints from its
 * first painted frame. */
static void
bench_launch (void)
{
  const char *program = g_getenv ("DJENON");
  g_autofree char *home = g_dir_make_tmp ("djenon-bench-XXXXXX", NULL);
  double outside[RUNS], inside[RUNS], cpu[RUNS];
  guint n = 0;

  if (program == NULL || home == NULL)
    {
      g_print ("launch-to-first-frame: skipped (set DJENON to the built program)\n");
      return;
    }

  for (guint run = 0; run < RUNS; run++)
    {
      g_autoptr(GSubprocessLauncher) launcher =
        g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
      g_autoptr(GSubprocess) process = NULL;
      g_autoptr(GDataInputStream) out = NULL;
      g_autofree char *line = NULL;
      g_autoptr(GError) error = NULL;
      struct rusage before, after;
      gint64 start;

      /* A home of its own: no drafts to offer, no settings. */
      g_subprocess_launcher_setenv (launcher, "HOME", home, TRUE);
      g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", home, TRUE);
      g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", home, TRUE);
      g_subprocess_launcher_setenv (launcher, "XDG_CACHE_HOME", home, TRUE);
      g_subprocess_launcher_unsetenv (launcher, "G_DEBUG");

      getrusage (RUSAGE_CHILDREN, &before);
      start = g_get_monotonic_time ();
      process = g_subprocess_launcher_spawn (launcher, &error, program,
                                             "--benchmark-first-frame", NULL);
      if (process == NULL)
        {
          g_print ("launch-to-first-frame: %s\n", error->message);
          return;
        }
      out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (process));
      while ((line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error)) != NULL)
        {
          double ms;

          if (sscanf (line, "first-frame %lf ms", &ms) == 1)
            {
              outside[n] = (g_get_monotonic_time () - start) / 1000.0;
              inside[n] = ms;
              break;
            }
          g_clear_pointer (&line, g_free);
        }
      g_subprocess_wait (process, NULL, NULL);
      if (line != NULL)
        {
          /* The processor time the program used, start to exit: what the
           * start costs on an idle machine, whatever else runs now. */
          getrusage (RUSAGE_CHILDREN, &after);
          cpu[n] = (after.ru_utime.tv_sec - before.ru_utime.tv_sec) * 1000.0
                   + (after.ru_utime.tv_usec - before.ru_utime.tv_usec) / 1000.0
                   + (after.ru_stime.tv_sec - before.ru_stime.tv_sec) * 1000.0
                   + (after.ru_stime.tv_usec - before.ru_stime.tv_usec) / 1000.0;
          n++;
        }
    }

  if (n == 0)
    {
      g_print ("launch-to-first-frame: the program printed no frame time\n");
      return;
    }
  {
    double wall = median (outside, n), best = outside[0];

    g_print ("launch-to-first-frame: %.1f ms median of %u, best %.1f ms (spawn to the first "
             "painted frame; %.1f ms from the application object; %.1f ms of processor time)\n",
             wall, n, best, median (inside, n), median (cpu, n));
  }
  g_rmdir (home);
}

/* A line of LONG_GAME moves: Djenon-abe from the start, avoiding captures
 * until a position comes back, then that cycle over and over. */
static DjGame *
make_long_game (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (DjMove));
  g_autoptr(GArray) positions = g_array_new (FALSE, FALSE, sizeof (DjPosition));
  DjPosition pos;
  guint cycle_start = 0;
  DjGame *game;
  DjNode *node;

  dj_position_init_start (&pos);
  g_array_append_val (positions, pos);
  for (;;)
    {
      DjMoves m;
      DjMove quiet[DJ_ROW_PITS], any[DJ_ROW_PITS], move;
      guint n_quiet = 0, n_any = 0;
      gboolean repeated = FALSE;

      dj_moves_generate (&rules, &pos, &m);
      g_assert (m.end == DJ_END_NONE);
      if (m.must_pass)
        move = DJ_PASS;
      else
        {
          for (guint i = 0; i < DJ_ROW_PITS; i++)
            if (m.pit[i] == DJ_PIT_LEGAL)
              {
                any[n_any++] = m.row_start + i;
                if (m.children[i].captured[0] + m.children[i].captured[1]
                    == pos.captured[0] + pos.captured[1])
                  quiet[n_quiet++] = m.row_start + i;
              }
          move = n_quiet > 0 ? quiet[g_rand_int_range (rand, 0, n_quiet)]
                             : any[g_rand_int_range (rand, 0, n_any)];
        }
      dj_moves_child (&m, &pos, move, &pos);
      g_array_append_val (moves, move);
      for (guint i = 0; i < positions->len; i++)
        if (dj_position_equal (&g_array_index (positions, DjPosition, i), &pos))
          {
            cycle_start = i;
            repeated = TRUE;
            break;
          }
      if (repeated)
        break;
      g_array_append_val (positions, pos);
    }

  game = dj_game_new (&rules, NULL);
  node = dj_game_get_root (game);
  for (guint i = 0; i < LONG_GAME; i++)
    {
      guint k = i < moves->len ? i
                               : cycle_start + (i - cycle_start) % (moves->len - cycle_start);
      DjMove move = g_array_index (moves, DjMove, k);
      DjMoves m;
      DjPosition child;

      dj_moves_generate (&rules, dj_node_get_position (node), &m);
      if (!dj_moves_child (&m, dj_node_get_position (node), move, &child))
        g_error ("move %u of the long game is not legal", i + 1);
      node = dj_game_append_unchecked (game, node, move, &child);
    }
  return game;
}

static gint64 paint_start, layout_end, paint_end;
static double frame_layout_ms;   /* of the last frame waited for: update and layout */

static void
on_before_paint (GdkFrameClock *clock)
{
  if (paint_start == 0)
    paint_start = g_get_monotonic_time ();
}

/* Connected after GTK's own handler: the frame's update and layout are done. */
static void
on_layout (GdkFrameClock *clock)
{
  if (paint_start != 0 && layout_end == 0)
    layout_end = g_get_monotonic_time ();
}

static void
on_after_paint (GdkFrameClock *clock)
{
  if (paint_start != 0 && paint_end == 0)
    paint_end = g_get_monotonic_time ();
}

static gboolean
frame_timeout (gpointer data)
{
  gboolean *timed_out = data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until the frame that shows the change just made is
 * painted; returns how long that frame took (update, layout and paint), in
 * ms.  Only what the change invalidated is redrawn, as in real use. */
static double
wait_for_frame (GtkWidget *widget)
{
  gboolean timed_out = FALSE;
  guint source = g_timeout_add (1000, frame_timeout, &timed_out);

  paint_start = layout_end = paint_end = 0;
  while (paint_end == 0 && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (source);
  frame_layout_ms = layout_end != 0 ? (layout_end - paint_start) / 1000.0 : 0.0;
  return paint_end != 0 ? (paint_end - paint_start) / 1000.0 : 0.0;
}

static DjMove
first_legal (DjWindow *window)
{
  DjGame *game = dj_window_get_game (window);
  const DjPosition *pos = dj_node_get_position (dj_game_get_current (game));
  DjMoves m;

  dj_moves_generate (dj_game_get_rules (game), pos, &m);
  for (guint i = 0; i < DJ_ROW_PITS; i++)
    if (m.pit[i] == DJ_PIT_LEGAL)
      return m.row_start + i;
  return DJ_PASS;
}

static void
bench_long_game (DjApplication *app)
{
  g_autoptr(DjCollection) collection = dj_collection_new ();
  g_autoptr(DjGame) game = make_long_game ();
  DjWindow *window;
  GdkFrameClock *clock;
  double jump[RUNS], play[RUNS], jump_sync[RUNS], play_sync[RUNS], load_ms, m;
  double jump_layout[RUNS], play_layout[RUNS];
  gint64 t0;

  dj_collection_append (collection, game);
  dj_collection_set_modified (collection, FALSE);

  window = dj_window_new (GTK_APPLICATION (app));
  if (g_getenv ("DJENON_BENCH_NO_SIDE_PANE") != NULL)
    gtk_widget_set_visible (gtk_widget_get_parent (dj_window_get_move_list (window)), FALSE);
  gtk_window_present (GTK_WINDOW (window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_assert_nonnull (clock);
  g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint), NULL);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), NULL);
  g_signal_connect (clock, "layout", G_CALLBACK (on_layout), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (window));
  wait_for_frame (GTK_WIDGET (window));

  t0 = g_get_monotonic_time ();
  dj_window_set_collection (window, collection, NULL);
  load_ms = (g_get_monotonic_time () - t0) / 1000.0 + wait_for_frame (GTK_WIDGET (window));

  for (guint run = 0; run < RUNS; run++)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.first", NULL);
      wait_for_frame (GTK_WIDGET (window));

      t0 = g_get_monotonic_time ();
      gtk_widget_activate_action (GTK_WIDGET (window), "win.last", NULL);
      jump_sync[run] = (g_get_monotonic_time () - t0) / 1000.0;
      jump[run] = jump_sync[run] + wait_for_frame (GTK_WIDGET (window));
      jump_layout[run] = frame_layout_ms;
      g_assert_cmpuint (dj_node_get_ply (dj_game_get_current (game)), ==, LONG_GAME);

      t0 = g_get_monotonic_time ();
      dj_window_play_move (window, first_legal (window));
      play_sync[run] = (g_get_monotonic_time () - t0) / 1000.0;
      play[run] = play_sync[run] + wait_for_frame (GTK_WIDGET (window));
      play_layout[run] = frame_layout_ms;
      g_assert_cmpuint (dj_node_get_ply (dj_game_get_current (game)), >, LONG_GAME);

      dj_game_undo (game);
      wait_for_frame (GTK_WIDGET (window));
    }

  g_print ("long game: %u moves shown in %.1f ms\n", LONG_GAME, load_ms);
  m = median (jump, RUNS);
  g_print ("jump-to-end (%u moves): %.2f ms median of %u (worst %.2f ms; in the handlers %.2f ms, "
           "the frame's update and layout %.2f ms, the rest its paint)\n",
           LONG_GAME, m, RUNS, jump[RUNS - 1], median (jump_sync, RUNS), median (jump_layout, RUNS));
  m = median (play, RUNS);
  g_print ("play-at-end (%u moves): %.2f ms median of %u (worst %.2f ms; in the handlers %.2f ms, "
           "the frame's update and layout %.2f ms, the rest its paint)\n",
           LONG_GAME, m, RUNS, play[RUNS - 1], median (play_sync, RUNS), median (play_layout, RUNS));

  g_signal_handlers_disconnect_by_func (clock, on_before_paint, NULL);
  g_signal_handlers_disconnect_by_func (clock, on_after_paint, NULL);
  g_signal_handlers_disconnect_by_func (clock, on_layout, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Resizing: the sample game's window taken through sizes it has not had
 * (everything on the board is drawn again at the new size), then through
 * the same sizes again.  Each frame is timed from the resize to its paint. */
#define RESIZES 12

static void
bench_resize (DjApplication *app)
{
  DjWindow *window = dj_window_new (GTK_APPLICATION (app));
  GdkFrameClock *clock;
  double first[RESIZES], again[RESIZES];

  dj_window_show_sample (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 700);
  gtk_window_present (GTK_WINDOW (window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint), NULL);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), NULL);
  g_signal_connect (clock, "layout", G_CALLBACK (on_layout), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (window));
  wait_for_frame (GTK_WIDGET (window));

  /* Widths 900 to 1219 and heights 640 to 761: within Xvfb's screen. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < RESIZES; i++)
      {
        double *out = pass == 0 ? first : again;
        gint64 t0 = g_get_monotonic_time ();

        gtk_window_set_default_size (GTK_WINDOW (window), 900 + 29 * i, 640 + 11 * i);
        out[i] = (g_get_monotonic_time () - t0) / 1000.0 + wait_for_frame (GTK_WIDGET (window));
      }
  g_print ("resize to a new size (sample game): %.2f ms median of %u (worst %.2f ms); "
           "to a size seen before: %.2f ms median (worst %.2f ms)\n",
           median (first, RESIZES), RESIZES, first[RESIZES - 1],
           median (again, RESIZES), again[RESIZES - 1]);

  g_signal_handlers_disconnect_by_func (clock, on_before_paint, NULL);
  g_signal_handlers_disconnect_by_func (clock, on_after_paint, NULL);
  g_signal_handlers_disconnect_by_func (clock, on_layout, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DjApplication) app = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data_home = g_dir_make_tmp ("djenon-bench-XXXXXX", NULL);

  setlocale (LC_ALL, "");
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  bench_launch ();

  if (!gtk_init_check ())
    {
      g_print ("long game: skipped (no display)\n");
      return 0;
    }
  adw_init ();
  dj_register_resource ();

  settings = g_settings_new (APP_ID);
  g_settings_set_enum (settings, "animation-speed", DJ_ANIMATION_SPEED_OFF);

  app = dj_application_new (G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("%s", error->message);

  bench_long_game (app);
  bench_resize (app);
  return 0;
}
