/* bench-trainer.c: the puzzle trainer's judgement: from the pit chosen to
 * the verdict shown (target 50 ms); a right move with its play and Djenon's
 * reply; a miss written to the store (synced), which follows the verdict;
 * over the first puzzles of the three starter sets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <locale.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "dj-puzzle-window.h"
#include "dj-resources.h"

#define N_PUZZLES 60
#define LIMIT_US  50000

static int
compare (gconstpointer a,
         gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static void
report (const char *what,
        GArray     *times)
{
  g_array_sort (times, compare);
  printf ("%-44s n %u  median %6.3f ms  95%% %6.3f ms  max %6.3f ms\n", what, times->len,
          g_array_index (times, gint64, times->len / 2) / 1000.0,
          g_array_index (times, gint64, times->len * 95 / 100) / 1000.0,
          g_array_index (times, gint64, times->len - 1) / 1000.0);
}

static void
click (DjPuzzleWindow *trainer,
       DjMove          move)
{
  g_signal_emit_by_name (dj_board_get_pit_widget (dj_puzzle_window_get_board (trainer), move),
                         "clicked");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *store_dir = g_dir_make_tmp ("djenon-bench-trainer-XXXXXX", &error);
  g_autoptr(GArray) judged = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) answered = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) wrong = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GSettings) settings = NULL;
  AdwApplication *app;
  DjPuzzleWindow *trainer;
  gint64 worst = 0;

  setlocale (LC_ALL, "");
  if (!gtk_init_check ())
    {
      printf ("no display\n");
      return 0;
    }
  adw_init ();
  dj_register_resource ();
  settings = g_settings_new (APP_ID);
  /* Djenon's replies at once: only the judgement is timed. */
  g_settings_set_enum (settings, "animation-speed", 0);
  app = adw_application_new ("org.djenon.BenchTrainer", G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);

  trainer = DJ_PUZZLE_WINDOW (dj_puzzle_window_new (GTK_APPLICATION (app), NULL, store_dir));
  for (guint r = 0; r < 3; r++)
    {
      DjRules rules = DJ_RULES_INIT (r == 0 ? DJ_VARIANT_ABOURE : DJ_VARIANT_ABE);

      if (r == 2)
        rules.feeding = DJ_FEEDING_IMMEDIATE;
      dj_puzzle_window_set_rules (trainer, &rules);
      for (guint i = 0; i < N_PUZZLES; i++)
        {
          DjGame *game = dj_puzzle_window_get_game (trainer);
          DjMove expected = dj_puzzle_window_get_expected (trainer);
          DjMoves moves;
          gint64 start;

          /* A wrong try on odd puzzles (the answer saved at once). */
          dj_moves_generate (dj_game_get_rules (game), dj_game_get_start (game), &moves);
          for (guint p = 0; p < DJ_ROW_PITS && i % 2 == 1; p++)
            {
              DjMove move = (DjMove) (moves.row_start + p);

              if (move != expected && dj_moves_is_legal (&moves, move))
                {
                  click (trainer, move);
                  start = dj_puzzle_window_get_judgement_us (trainer);
                  g_array_append_val (judged, start);
                  /* The answer, written when the main loop is idle. */
                  start = g_get_monotonic_time ();
                  while (g_main_context_iteration (NULL, FALSE))
                    ;
                  start = g_get_monotonic_time () - start;
                  g_array_append_val (wrong, start);
                  break;
                }
            }
          /* The whole solution, each move judged. */
          while (dj_puzzle_window_get_state (trainer) == DJ_PUZZLE_STATE_SOLVING)
            {
              gint64 us;

              start = g_get_monotonic_time ();
              click (trainer, dj_puzzle_window_get_expected (trainer));
              start = g_get_monotonic_time () - start;
              g_array_append_val (answered, start);
              us = dj_puzzle_window_get_judgement_us (trainer);
              g_array_append_val (judged, us);
              worst = MAX (worst, us);
            }
          gtk_widget_activate_action (GTK_WIDGET (trainer), "puzzle.next", NULL);
        }
    }
  report ("judgement (pit chosen to verdict shown)", judged);
  report ("right move: verdict, move played, reply", answered);
  report ("a miss written to the store (after it)", wrong);
  gtk_window_destroy (GTK_WINDOW (trainer));
  g_object_unref (app);
  {
    g_autofree char *path = g_build_filename (store_dir, "training.ini", NULL);

    g_unlink (path);
    g_rmdir (store_dir);
  }
  return worst <= LIMIT_US ? 0 : 1;
}
