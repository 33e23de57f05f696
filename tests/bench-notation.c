/* bench-notation.c: the notation pane on a 10,000-move tree: how long an edit
 * or a step takes, from the record's call to the end of the work it queues
 * (signal handlers, the model's rows, the list's rebinding, idle layout).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <locale.h>
#include <string.h>

#include "dj-resources.h"
#include "dj-study-pane.h"

#define N_NODES  10000
#define N_ROUNDS 120
#define LIMIT_MS 10.0

static void
flush_events (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static DjMove
random_move (DjGame *game,
             DjNode *node,
             GRand  *rand)
{
  DjMoves moves;
  DjMove legal[DJ_ROW_PITS];
  guint n = 0;

  dj_moves_generate (dj_game_get_rules (game), dj_node_get_position (node), &moves);
  if (moves.end != DJ_END_NONE)
    return DJ_NO_MOVE;
  if (moves.must_pass)
    return DJ_PASS;
  for (guint i = 0; i < DJ_ROW_PITS; i++)
    if (moves.pit[i] == DJ_PIT_LEGAL && dj_node_find_child (node, moves.row_start + i) == NULL)
      legal[n++] = moves.row_start + i;
  if (n == 0)
    return DJ_NO_MOVE;
  return legal[g_rand_int_range (rand, 0, n)];
}

/* Every node, in an array, to pick from at random. */
static GPtrArray *
all_nodes (DjGame *game)
{
  GPtrArray *nodes = g_ptr_array_new ();
  DjNode *root = dj_game_get_root (game);

  for (DjNode *n = dj_node_get_first_child (root); n != NULL; n = dj_node_walk_next (n, root))
    g_ptr_array_add (nodes, n);
  return nodes;
}

static DjNode *
random_node (GPtrArray *nodes,
             GRand     *rand)
{
  return nodes->pdata[g_rand_int_range (rand, 0, nodes->len)];
}

/* Long lines with variations everywhere, like a deeply annotated game:
 * lines go on until the game ends or a coin says stop, then a new line
 * starts at a move chosen at random. */
static void
grow_tree (DjGame *game,
           GRand  *rand)
{
  g_autoptr(GPtrArray) grown = g_ptr_array_new ();
  DjNode *node = dj_game_get_root (game);

  g_ptr_array_add (grown, node);
  while (dj_game_get_n_nodes (game) < N_NODES)
    {
      DjMove move = random_move (game, node, rand);

      if (move == DJ_NO_MOVE || g_rand_int_range (rand, 0, 60) == 0)
        {
          node = grown->pdata[g_rand_int_range (rand, 0, grown->len)];
          continue;
        }
      node = dj_game_play (game, node, move, NULL);
      g_ptr_array_add (grown, node);
    }
}

typedef struct
{
  const char *name;
  double      ms[2 * N_ROUNDS];
  double      call[2 * N_ROUNDS];
  guint       n;
  guint       n_frames;     /* drawn while its queued work was flushed */
  double      layout_max;
  double      paint_max;
} Timing;

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* Two numbers an operation: the record's call with every signal handler
 * (the rows it touches, the list's items-changed), and with the work the
 * toolkit then queues (binding and measuring rows, layout). */
static gboolean
report (Timing *t)
{
  double sorted[2 * N_ROUNDS], calls[2 * N_ROUNDS];
  double median, max, call_median, call_max;

  memcpy (sorted, t->ms, t->n * sizeof (double));
  memcpy (calls, t->call, t->n * sizeof (double));
  qsort (sorted, t->n, sizeof (double), compare_double);
  qsort (calls, t->n, sizeof (double), compare_double);
  median = sorted[t->n / 2];
  max = sorted[t->n - 1];
  call_median = calls[t->n / 2];
  call_max = calls[t->n - 1];
  g_print ("%-34s %4u runs | update: median %6.3f max %7.3f ms | with relayout: median %7.3f max %7.3f ms  %s\n",
           t->name, t->n, call_median, call_max, median, max,
           strstr (t->name, "no limit") ? "" : call_max <= LIMIT_MS ? "ok" : "OVER");
  return call_max <= LIMIT_MS || strstr (t->name, "no limit") != NULL;
}

/* The frames the toolkit draws (layout, then paint) fall in the flush of
 * whichever operation is running when the frame clock ticks: they are the
 * bulk of "with relayout". */
static Timing *flushing;
static gint64 frame_start, layout_end;

static void
on_before_paint (GdkFrameClock *clock)
{
  frame_start = g_get_monotonic_time ();
}

static void
on_layout_done (GdkFrameClock *clock)
{
  layout_end = g_get_monotonic_time ();
  if (flushing != NULL)
    flushing->layout_max = MAX (flushing->layout_max, (layout_end - frame_start) / 1000.0);
}

static void
on_paint_done (GdkFrameClock *clock)
{
  if (flushing == NULL)
    return;
  flushing->n_frames++;
  flushing->paint_max = MAX (flushing->paint_max, (g_get_monotonic_time () - layout_end) / 1000.0);
}

static void
report_frames (Timing *t)
{
  g_print ("%-34s %4u frames | layout max %7.3f ms | paint max %7.3f ms\n",
           t->name, t->n_frames, t->layout_max, t->paint_max);
}

static double call_ms_total, flush_ms_total;

#define TIME(timing, code)                                       \
  G_STMT_START {                                                 \
    gint64 _t0 = g_get_monotonic_time (), _t1;                   \
    code;                                                        \
    _t1 = g_get_monotonic_time ();                               \
    flushing = (timing);                                         \
    flush_events ();                                             \
    flushing = NULL;                                             \
    call_ms_total += (_t1 - _t0) / 1000.0;                       \
    flush_ms_total += (g_get_monotonic_time () - _t1) / 1000.0;  \
    (timing)->call[(timing)->n] = (_t1 - _t0) / 1000.0;          \
    (timing)->ms[(timing)->n++] = (g_get_monotonic_time () - _t0) / 1000.0; \
  } G_STMT_END

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2026);
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjCollection) collection = dj_collection_new ();
  g_autoptr(DjGame) game = dj_game_new (&rules, NULL);
  g_autoptr(GPtrArray) nodes = NULL;
  Timing jump = { "jump to a random move (no limit)" };
  Timing step = { "step to the next or previous move" }, play = { "play a move (new variation or end)" };
  Timing undo_play = { "undo that move" }, glyph = { "set a glyph" };
  Timing comment = { "type into a comment" }, del = { "delete a variation" };
  Timing undo_del = { "undo the deletion" }, promote = { "promote a variation" };
  Timing undo_promote = { "undo the promotion" };
  Timing *all[] = { &jump, &step, &play, &undo_play, &glyph, &comment, &del, &undo_del, &promote,
                    &undo_promote };
  GtkWidget *window, *pane;
  gint64 t0;
  gboolean ok = TRUE;
  guint n_rows;

  setlocale (LC_ALL, "");
  if (!gtk_init_check ())
    {
      g_print ("no display: nothing measured\n");
      return 0;
    }
  adw_init ();
  dj_register_resource ();

  grow_tree (game, rand);
  dj_collection_append (collection, game);
  nodes = all_nodes (game);

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 800);
  pane = dj_study_pane_new ();
  gtk_window_set_child (GTK_WINDOW (window), pane);
  gtk_window_present (GTK_WINDOW (window));
  flush_events ();
  {
    GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

    g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint), NULL);
    g_signal_connect_after (clock, "layout", G_CALLBACK (on_layout_done), NULL);
    g_signal_connect_after (clock, "paint", G_CALLBACK (on_paint_done), NULL);
  }

  t0 = g_get_monotonic_time ();
  if (g_strcmp0 (g_getenv ("BENCH_ONLY"), "notation") == 0)
    {
      dj_notation_view_set_game (dj_study_pane_get_notation (DJ_STUDY_PANE (pane)), game);
      dj_game_set_current (game, dj_node_get_first_child (dj_game_get_root (game)));
    }
  else if (g_strcmp0 (g_getenv ("BENCH_ONLY"), "tree") == 0)
    dj_tree_overview_set_game (dj_study_pane_get_tree (DJ_STUDY_PANE (pane)), game);
  else
    dj_study_pane_set_game (DJ_STUDY_PANE (pane), collection, game);
  flush_events ();
  n_rows = g_strcmp0 (g_getenv ("BENCH_ONLY"), "tree") == 0 ? 0
           : g_list_model_get_n_items (G_LIST_MODEL (dj_notation_view_get_model (dj_study_pane_get_notation (DJ_STUDY_PANE (pane)))));
  g_print ("tree: %u moves, %u notation rows; first display %.1f ms (once, not an edit)\n",
           dj_game_get_n_nodes (game) - 1, n_rows, (g_get_monotonic_time () - t0) / 1000.0);

  for (guint i = 0; i < N_ROUNDS; i++)
    {
      DjNode *node = random_node (nodes, rand);
      DjMove move;

      TIME (&jump, dj_game_set_current (game, node));
      {
        DjNode *next = dj_node_get_first_child (node) ? dj_node_get_first_child (node)
                                                      : dj_node_get_parent (node);

        TIME (&step, dj_game_set_current (game, next));
        TIME (&step, dj_game_set_current (game, node));
      }

      move = random_move (game, node, rand);
      if (move != DJ_NO_MOVE)
        {
          TIME (&play, dj_game_play (game, node, move, NULL));
          TIME (&undo_play, dj_game_undo (game));
        }

      TIME (&glyph, dj_game_set_glyph (game, node, 1 + i % DJ_GLYPH_LAST));
      {
        g_autofree char *text = g_strdup_printf ("note %u", i);

        TIME (&comment, dj_game_set_comment_after (game, node, text));
      }

      /* A variation: a node that is not a first child, not too big. */
      {
        DjNode *var = random_node (nodes, rand);

        while (dj_node_is_first_child (var) && dj_node_get_parent (var) != NULL)
          var = dj_node_get_parent (var);
        if (dj_node_get_parent (var) != NULL)
          {
            TIME (&promote, dj_game_promote_variation (game, var));
            TIME (&undo_promote, dj_game_undo (game));
            TIME (&del, dj_game_delete_variation (game, var));
            TIME (&undo_del, dj_game_undo (game));
          }
      }
    }

  if (g_getenv ("BENCH_SPLIT"))
    g_print ("in all: %.1f ms in the calls, %.1f ms in the work they queued\n",
             call_ms_total, flush_ms_total);
  g_print ("limit %.0f ms for each edit or step (the view updates only the rows it touches)\n",
           LIMIT_MS);
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    if (all[i]->n > 0)
      ok &= report (all[i]);
  g_print ("frames drawn while an operation's work was flushed (not necessarily its own):\n");
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    if (all[i]->n > 0)
      report_frames (all[i]);

  if (g_strcmp0 (g_getenv ("BENCH_ONLY"), "tree") != 0 && !dj_notation_model_check (dj_notation_view_get_model (dj_study_pane_get_notation (DJ_STUDY_PANE (pane))), NULL))
    {
      g_print ("the rows no longer match the tree\n");
      ok = FALSE;
    }
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
  return ok ? 0 : 1;
}
