/* test-explorer.c: the opening explorer beside the board
 *
 * A generated collection is indexed into the library of a home of the
 * test's own (XDG_DATA_HOME); the explorer pane of a window must then list,
 * for the position on the board, what dj_library_explore() counts there,
 * with perfect-play values and the best moves never played, follow the
 * board without blocking it, filter by player, play a move when a row is
 * activated, and tell how to add folders when the library has none.  Run in
 * English and, as test-explorer-ur, in Urdu (LANGUAGE=ur); pictures of the
 * pane go to DJ_SCREENSHOT_DIR when it is set.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "dj-explorer-pane.h"
#include "dj-library-service.h"
#include "dj-library-window.h"
#include "dj-library.h"
#include "dj-random-games.h"
#include "dj-xml.h"

#include "dj-test-app.h"
#include "dj-test-picture.h"

#define TIMEOUT_S 60
#define N_GAMES   60

static char *home;
static char *games_dir;
static DjCollection *games;     /* the collection indexed */

/* The library: one file of random games. */
static void
make_library (void)
{
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autofree char *path = NULL;
  g_autofree char *dir = dj_library_default_dir ();
  g_autoptr(GFile) file = NULL;
  g_autoptr(DjLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  DjLibraryReport report = { 0 };

  games_dir = g_build_filename (home, "games", NULL);
  g_mkdir_with_parents (games_dir, 0700);
  games = dj_random_games_new (&rules, N_GAMES, 2207);
  g_assert_cmpuint (dj_random_games_add_comments (games, 6, 2208), >, 0);
  path = g_build_filename (games_dir, "random.djenon", NULL);
  file = g_file_new_for_path (path);
  dj_xml_save_file (games, file, NULL, &error);
  g_assert_no_error (error);

  library = dj_library_open (dir, &error);
  g_assert_no_error (error);
  g_assert_true (dj_library_add_folder (library, games_dir, &error));
  g_assert_true (dj_library_update (library, NULL, NULL, NULL, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (report.games, ==, N_GAMES);
  dj_library_report_clear (&report);
}

/* What the library itself says of @pos. */
static GArray *
expected_table (const DjRules    *rules,
                const DjPosition *pos,
                const char       *player)
{
  g_autofree char *dir = dj_library_default_dir ();
  g_autoptr(DjLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  DjLibraryFilter filter = { player, FALSE };
  GArray *table;

  library = dj_library_open (dir, &error);
  g_assert_no_error (error);
  table = dj_library_explore (library, rules, pos, &filter, &error);
  g_assert_no_error (error);
  return table;
}

typedef struct
{
  DjExplorerPane *pane;
  DjGame         *game;
} Waiting;

/* The pane shows the current position's table with its values. */
static gboolean
shows_current (gpointer data)
{
  Waiting *w = data;

  return !dj_explorer_pane_get_busy (w->pane) && dj_explorer_pane_has_values (w->pane)
         && g_strcmp0 (dj_explorer_pane_get_page (w->pane), "moves") == 0;
}

/* Every move the library counts at the current position is in the pane, in
 * the same order and with the same counts; the moves after them were never
 * played and are best by perfect play; every row has its value. */
static void
check_rows (DjExplorerPane *pane,
            DjGame         *game,
            const char     *player)
{
  const DjPosition *pos = dj_node_get_position (dj_game_get_current (game));
  g_autoptr(GArray) expected = expected_table (dj_game_get_rules (game), pos, player);
  GArray *shown = dj_explorer_pane_get_table (pane);
  gboolean best_seen = FALSE;

  g_assert_nonnull (shown);
  g_assert_cmpuint (shown->len, >=, expected->len);
  g_assert_cmpuint (dj_explorer_pane_get_n_rows (pane), ==, shown->len);
  for (guint i = 0; i < shown->len; i++)
    {
      const DjExplorerMove *row = &g_array_index (shown, DjExplorerMove, i);
      g_autofree char *description = dj_explorer_pane_describe_row (pane, i);

      g_assert_nonnull (description);
      g_assert_true (row->has_value);
      best_seen |= row->best;
      if (i < expected->len)
        {
          const DjExplorerMove *want = &g_array_index (expected, DjExplorerMove, i);

          g_assert_cmpint (row->move, ==, want->move);
          g_assert_cmpuint (row->games, ==, want->games);
          g_assert_cmpuint (row->wins, ==, want->wins);
          g_assert_cmpuint (row->draws, ==, want->draws);
          g_assert_cmpuint (row->losses, ==, want->losses);
          g_assert_cmpuint (row->games, >, 0);
        }
      else
        {
          g_assert_cmpuint (row->games, ==, 0);
          g_assert_true (row->best);
        }
    }
  g_assert_true (shown->len == 0 || best_seen);
}

/* The pane is laid out with its rows (for its picture). */
static gboolean
laid_out (gpointer data)
{
  DjExplorerPane *pane = data;
  GtkWidget *row = gtk_widget_get_first_child (gtk_widget_get_first_child (GTK_WIDGET (pane)));

  return gtk_widget_get_width (GTK_WIDGET (pane)) > 0 && row != NULL
         && gtk_widget_get_mapped (GTK_WIDGET (pane));
}

/* A picture of @widget in DJ_SCREENSHOT_DIR, when it is set, to look at. */
static void
save_picture (GtkWidget  *widget,
              const char *name)
{
  const char *dir = g_getenv ("DJ_SCREENSHOT_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GtkSnapshot *snapshot;
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);


  if (dir == NULL)
    return;
  /* Drawn at least once with what it shows now. */
  dj_test_wait_frames (widget, "frames drawn");
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  texture = dj_test_render_snapshot (snapshot, w, h);
  path = g_build_filename (dir, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("picture: %s", path);
}

static DjWindow *
window_with_explorer (DjExplorerPane **pane)
{
  DjWindow *window = new_window ();

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  *pane = DJ_EXPLORER_PANE (dj_window_get_explorer (window));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (*pane)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-explorer", NULL);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (*pane)));
  return window;
}

/* The rows at the start and along the first game, stepped through faster
 * than the answers come; a row activated plays its move. */
static void
test_rows (void)
{
  DjExplorerPane *pane;
  DjWindow *window = window_with_explorer (&pane);
  DjGame *game = dj_window_get_game (window);
  DjGame *first = dj_collection_get_game (games, 0);
  DjNode *node = dj_game_get_root (first);
  Waiting w = { pane, game };

  dj_test_wait_until (TIMEOUT_S, shows_current, &w, "the explorer at the start");
  check_rows (pane, game, NULL);
  /* Every game of the library starts here. */
  {
    guint sum = 0;

    for (guint i = 0; i < dj_explorer_pane_get_table (pane)->len; i++)
      sum += g_array_index (dj_explorer_pane_get_table (pane), DjExplorerMove, i).games;
    g_assert_cmpuint (sum, ==, N_GAMES);
  }
  dj_test_wait_until (TIMEOUT_S, laid_out, pane, "the explorer laid out");
  save_picture (gtk_window_get_child (GTK_WINDOW (window)),
                g_strcmp0 (g_getenv ("LANGUAGE"), "ur") == 0 ? "explorer-ur.png"
                                                             : "explorer-en.png");

  /* Four moves of the first game at once: only where the board ends up is shown. */
  for (guint i = 0; i < 4; i++)
    {
      node = dj_node_get_first_child (node);
      g_assert_true (dj_window_play_move (window, dj_node_get_move (node)));
    }
  dj_test_wait_until (TIMEOUT_S, shows_current, &w, "the explorer after four moves");
  g_assert_true (dj_position_equal (dj_node_get_position (dj_game_get_current (game)),
                                    dj_node_get_position (node)));
  check_rows (pane, game, NULL);
  g_assert_cmpuint (g_array_index (dj_explorer_pane_get_table (pane), DjExplorerMove, 0).games,
                    >=, 1);

  /* Position search: the games reaching the position, as dj_library_find()
   * counts them; the first opens at that position in a window of its own. */
  {
    g_autofree char *dir = dj_library_default_dir ();
    g_autoptr(DjLibrary) library = dj_library_open (dir, NULL);
    g_autoptr(GPtrArray) hits = NULL;
    const DjPosition *pos = dj_node_get_position (dj_game_get_current (game));
    guint total = 0;
    g_autoptr(GError) error = NULL;
    const DjLibraryHit *hit;
    guint before = g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
    DjWindow *opened = NULL;

    hits = dj_library_find (library, dj_game_get_rules (game), pos, NULL, 0, &total, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (total, >=, 1);
    g_assert_cmpuint (dj_explorer_pane_get_hits_total (pane), ==, total);
    g_assert_cmpuint (dj_explorer_pane_get_n_hits (pane), ==, MIN (total, DJ_EXPLORER_PANE_MAX_HITS));
    hit = dj_explorer_pane_get_hit (pane, 0);
    g_assert_cmpstr (hit->path, ==, ((DjLibraryHit *) hits->pdata[0])->path);
    g_assert_cmpuint (hit->game, ==, ((DjLibraryHit *) hits->pdata[0])->game);
    dj_explorer_pane_open_hit (pane, 0);
    g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==,
                      before + 1);
    for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
      if (DJ_IS_WINDOW (l->data) && l->data != (gpointer) window)
        opened = l->data;
    g_assert_nonnull (opened);
    g_assert_true (dj_position_equal (
      dj_node_get_position (dj_game_get_current (dj_window_get_game (opened))), pos));
    g_assert_cmpuint (dj_node_get_ply (dj_game_get_current (dj_window_get_game (opened))), ==,
                      hit->ply);
    destroy_window (opened);
  }

  /* Activating the first row plays its move on the board. */
  {
    DjMove move = g_array_index (dj_explorer_pane_get_table (pane), DjExplorerMove, 0).move;
    DjNode *before = dj_game_get_current (game);

    dj_explorer_pane_activate_row (pane, 0);
    g_assert_true (dj_node_get_parent (dj_game_get_current (game)) == before);
    g_assert_cmpint (dj_node_get_move (dj_game_get_current (game)), ==, move);
  }
  dj_test_wait_until (TIMEOUT_S, shows_current, &w, "the explorer after a row activated");
  check_rows (pane, game, NULL);
  destroy_window (window);
}

/* Only the games of one player: the counts of the library's filter. */
static void
test_player_filter (void)
{
  DjExplorerPane *pane;
  DjWindow *window = window_with_explorer (&pane);
  DjGame *game = dj_window_get_game (window);
  const DjGameInfo *info = dj_game_get_info (dj_collection_get_game (games, 0));
  Waiting w = { pane, game };
  guint all = 0, some = 0;

  g_assert_nonnull (info->south);
  dj_test_wait_until (TIMEOUT_S, shows_current, &w, "the explorer at the start");
  for (guint i = 0; i < dj_explorer_pane_get_table (pane)->len; i++)
    all += g_array_index (dj_explorer_pane_get_table (pane), DjExplorerMove, i).games;

  dj_explorer_pane_set_filter (pane, info->south, FALSE);
  dj_test_wait_until (TIMEOUT_S, shows_current, &w, "the explorer filtered by player");
  check_rows (pane, game, info->south);
  for (guint i = 0; i < dj_explorer_pane_get_table (pane)->len; i++)
    some += g_array_index (dj_explorer_pane_get_table (pane), DjExplorerMove, i).games;
  g_assert_cmpuint (some, >=, 1);
  g_assert_cmpuint (some, <, all);
  destroy_window (window);
}

/* A library without folders says how to add them. */
static void
test_empty_library (void)
{
  g_autofree char *dir = g_build_filename (home, "empty-library", NULL);
  GtkWidget *window = gtk_window_new ();
  DjExplorerPane *pane = DJ_EXPLORER_PANE (dj_explorer_pane_new ());
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjGame) game = dj_game_new (&rules, NULL);

  dj_explorer_pane_set_library_dir (pane, dir);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (pane));
  dj_explorer_pane_set_game (pane, game);
  gtk_window_present (GTK_WINDOW (window));
  while (g_strcmp0 (dj_explorer_pane_get_page (pane), "empty") != 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (dj_explorer_pane_get_table (pane));
  gtk_window_destroy (GTK_WINDOW (window));
  /* The worker's and the window's references go. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The Library window ------------------------------------------------------ */

static gboolean
library_listed (gpointer data)
{
  DjLibraryWindow *window = data;

  return !dj_library_window_get_busy (window) && dj_library_window_get_n_games (window) == N_GAMES;
}

static gboolean
contains (const char *field,
          const char *folded)
{
  g_autofree char *f = g_utf8_casefold (field != NULL ? field : "", -1);

  return strstr (f, folded) != NULL;
}

/* Some comment of @game, on any line, holds @folded. */
static gboolean
comments_contain (DjGame     *game,
                  const char *folded)
{
  DjNode *root = dj_game_get_root (game);

  for (DjNode *n = root; n != NULL; n = dj_node_walk_next (n, root))
    if (contains (dj_node_get_comment_before (n), folded)
        || contains (dj_node_get_comment_after (n), folded))
      return TRUE;
  return FALSE;
}

/* Games of the collection that the filters keep, counted here (the search
 * in comments too unless @info_only). */
static guint
count_games_full (const char *search,
                  int         result,
                  const char *from,
                  gboolean    info_only)
{
  g_autofree char *folded = search != NULL ? g_utf8_casefold (search, -1) : NULL;
  guint n = 0;

  for (guint i = 0; i < dj_collection_get_n_games (games); i++)
    {
      DjGame *game = dj_collection_get_game (games, i);
      const DjGameInfo *info = dj_game_get_info (game);

      if (folded != NULL && !contains (info->south, folded) && !contains (info->north, folded)
          && !contains (info->event, folded) && !contains (info->site, folded)
          && (info_only || !comments_contain (game, folded)))
        continue;
      if (result >= 0 && (int) info->result != result)
        continue;
      if (from != NULL && (info->date == NULL || strcmp (info->date, from) < 0))
        continue;
      n++;
    }
  return n;
}

static guint
count_games (const char *search,
             int         result,
             const char *from)
{
  return count_games_full (search, result, from, FALSE);
}

typedef struct
{
  DjLibraryWindow *window;
  guint            n;
} Shown;

static gboolean
shows_n (gpointer data)
{
  Shown *s = data;

  return !dj_library_window_get_busy (s->window)
         && dj_library_window_get_n_shown (s->window) == s->n;
}

static void
test_library_window (void)
{
  DjWindow *main_window = new_window ();
  DjLibraryWindow *window = NULL;
  const DjGameInfo *info = dj_game_get_info (dj_collection_get_game (games, 3));
  g_autofree char *search = g_utf8_strdown (info->north, 5);
  guint n;

  /* Ctrl+L's action opens the Library window, once for the application. */
  g_action_group_activate_action (G_ACTION_GROUP (main_window), "show-library", NULL);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (DJ_IS_LIBRARY_WINDOW (l->data))
      window = l->data;
  g_assert_nonnull (window);
  g_action_group_activate_action (G_ACTION_GROUP (main_window), "show-library", NULL);
  {
    guint n_library = 0;

    for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
      n_library += DJ_IS_LIBRARY_WINDOW (l->data);
    g_assert_cmpuint (n_library, ==, 1);
  }
  dj_test_wait_until (TIMEOUT_S, library_listed, window, "the library's games");
  g_assert_cmpuint (dj_library_window_get_n_shown (window), ==, N_GAMES);
  save_picture (gtk_window_get_child (GTK_WINDOW (window)),
                g_strcmp0 (g_getenv ("LANGUAGE"), "ur") == 0 ? "library-ur.png"
                                                             : "library-en.png");

  /* Search as you type: part of a player's name, in lower case. */
  dj_library_window_set_search (window, search);
  n = count_games (search, -1, NULL);
  g_assert_cmpuint (n, >=, 1);
  g_assert_cmpuint (n, <, N_GAMES);
  {
    Shown shown = { window, n };

    dj_test_wait_until (TIMEOUT_S, shows_n, &shown, "the games of a player");
  }
  /* Words found only in comments (of any line), in another case: the
   * players, event and site at once, the comments when the index answers. */
  {
    const char *words[] = { "STARVED", "très bien", "ne" };

    for (guint i = 0; i < G_N_ELEMENTS (words); i++)
      {
        Shown shown = { window, count_games (words[i], -1, NULL) };

        if (i < 2)
          {
            g_assert_cmpuint (count_games_full (words[i], -1, NULL, TRUE), ==, 0);
            g_assert_cmpuint (shown.n, >=, 1);
          }
        g_assert_cmpuint (shown.n, <, N_GAMES);
        dj_library_window_set_search (window, words[i]);
        dj_test_wait_until (TIMEOUT_S, shows_n, &shown, "the games of a comment's words");
        g_test_message ("\"%s\": %u games", words[i], shown.n);
      }
  }
  dj_library_window_set_search (window, NULL);

  /* Variant and result. */
  dj_library_window_set_variant (window, DJ_VARIANT_ABE);
  g_assert_cmpuint (dj_library_window_get_n_shown (window), ==, 0);
  dj_library_window_set_variant (window, DJ_VARIANT_ABOURE);
  g_assert_cmpuint (dj_library_window_get_n_shown (window), ==, N_GAMES);
  dj_library_window_set_variant (window, -1);
  for (int r = DJ_RESULT_SOUTH_WINS; r <= DJ_RESULT_DRAW; r++)
    {
      dj_library_window_set_result (window, r);
      g_assert_cmpuint (dj_library_window_get_n_shown (window), ==, count_games (NULL, r, NULL));
    }
  dj_library_window_set_result (window, -1);

  /* From a date on. */
  g_assert_nonnull (info->date);
  dj_library_window_set_dates (window, info->date, NULL);
  g_assert_cmpuint (dj_library_window_get_n_shown (window), ==, count_games (NULL, -1, info->date));
  dj_library_window_set_dates (window, NULL, NULL);

  /* Sorted by the number of moves, then by South's name downwards. */
  dj_library_window_sort (window, DJ_LIBRARY_COLUMN_MOVES, TRUE);
  for (guint i = 1; i < N_GAMES; i++)
    g_assert_cmpuint (dj_library_window_get_shown (window, i - 1)->n_moves, <=,
                      dj_library_window_get_shown (window, i)->n_moves);
  dj_library_window_sort (window, DJ_LIBRARY_COLUMN_SOUTH, FALSE);
  for (guint i = 1; i < N_GAMES; i++)
    g_assert_cmpint (g_utf8_collate (dj_library_window_get_shown (window, i - 1)->south,
                                     dj_library_window_get_shown (window, i)->south), >=, 0);

  /* Opening the first game shown: its file, that game. */
  {
    const DjLibraryGame *first = dj_library_window_get_shown (window, 0);
    g_autofree char *south = g_strdup (first->south);
    g_autofree char *path = g_strdup (first->path);
    guint before = g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
    DjWindow *opened = NULL;
    g_autofree char *opened_path = NULL;

    dj_library_window_open_game (window, 0);
    g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==,
                      before + 1);
    for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
      if (DJ_IS_WINDOW (l->data) && l->data != (gpointer) main_window)
        opened = l->data;
    g_assert_nonnull (opened);
    opened_path = g_file_get_path (dj_window_get_file (opened));
    g_assert_cmpstr (opened_path, ==, path);
    g_assert_cmpstr (dj_game_get_info (dj_window_get_game (opened))->south, ==, south);
    destroy_window (opened);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  destroy_window (main_window);
}

/* Following the folders ---------------------------------------------------- */

static char *
write_games (const char *name,
             guint       n,
             guint32     seed)
{
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjCollection) more = dj_random_games_new (&rules, n, seed);
  char *path = g_build_filename (games_dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  dj_xml_save_file (more, file, NULL, &error);
  g_assert_no_error (error);
  return path;
}

typedef struct
{
  DjLibraryWindow *window;
  DjExplorerPane  *pane;
  guint            games;
} Following;

static gboolean
window_has_games (gpointer data)
{
  Following *f = data;

  return !dj_library_window_get_busy (f->window)
         && dj_library_window_get_n_games (f->window) == f->games;
}

/* The games from the start position, as the pane shows them. */
static gboolean
pane_has_games (gpointer data)
{
  Following *f = data;
  GArray *table = dj_explorer_pane_get_table (f->pane);
  guint sum = 0;

  if (table == NULL || dj_explorer_pane_get_busy (f->pane))
    return FALSE;
  for (guint i = 0; i < table->len; i++)
    sum += g_array_index (table, DjExplorerMove, i).games;
  return sum == f->games;
}

/* A file written into a library folder (or a folder below it) by another
 * program shows in the Library window and the explorer without asking;
 * deleted, its games go. */
static void
test_follows_folders (void)
{
  DjExplorerPane *pane;
  DjWindow *main_window = window_with_explorer (&pane);
  DjLibraryWindow *window = NULL;
  g_autofree char *sub = g_build_filename (games_dir, "later", NULL);
  g_autofree char *path = NULL;
  g_autofree char *deep = NULL;
  Following f;

  g_action_group_activate_action (G_ACTION_GROUP (main_window), "show-library", NULL);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (DJ_IS_LIBRARY_WINDOW (l->data))
      window = l->data;
  g_assert_nonnull (window);
  f = (Following) { window, pane, N_GAMES };
  dj_test_wait_until (TIMEOUT_S, window_has_games, &f, "the library's games");
  dj_test_wait_until (TIMEOUT_S, pane_has_games, &f, "the explorer's games");

  path = write_games ("more.djenon", 7, 4401);
  f.games = N_GAMES + 7;
  dj_test_wait_until (TIMEOUT_S, window_has_games, &f, "the window showing a new file's games");
  dj_test_wait_until (TIMEOUT_S, pane_has_games, &f, "the explorer counting a new file's games");

  /* A new folder, then a file in it. */
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  deep = g_build_filename ("later", "deeper.djenon", NULL);
  g_free (write_games (deep, 3, 4402));
  f.games = N_GAMES + 10;
  dj_test_wait_until (TIMEOUT_S, window_has_games, &f, "the games of a new folder's file");

  dj_test_remove_tree (sub);
  g_assert_cmpint (g_unlink (path), ==, 0);
  f.games = N_GAMES;
  dj_test_wait_until (TIMEOUT_S, window_has_games, &f, "the games of deleted files gone");
  dj_test_wait_until (TIMEOUT_S, pane_has_games, &f, "the explorer without them");
  gtk_window_destroy (GTK_WINDOW (window));
  destroy_window (main_window);
}

/* One updater ------------------------------------------------------------- */

typedef struct
{
  guint    passes;     /* started */
  guint    finished;
  gboolean overlap;    /* a pass started while one ran */
  gboolean running;
} Passes;

static void
on_updating (DjLibraryService *service,
             GParamSpec       *pspec,
             Passes           *p)
{
  gboolean updating = dj_library_service_get_updating (service);

  if (updating)
    {
      p->overlap |= p->running;
      p->passes++;
    }
  p->running = updating;
}

static void
on_finished (DjLibraryService *service,
             gpointer          report,
             GError           *error,
             Passes           *p)
{
  g_assert_no_error (error);
  g_assert_nonnull (report);
  p->finished++;
}

static gboolean
two_finished (gpointer data)
{
  Passes *p = data;

  return p->finished == 2 && !p->running;
}

/* The explorer and the Library window share the application's service;
 * three updates asked at once make one pass and one more after it, never
 * two at once. */
static void
test_one_updater (void)
{
  DjExplorerPane *pane;
  DjWindow *main_window = window_with_explorer (&pane);
  DjLibraryWindow *window = NULL;
  g_autoptr(DjLibraryService) from_pane = NULL;
  g_autoptr(DjLibraryService) from_window = NULL;
  Passes p = { 0 };
  Following f;

  g_action_group_activate_action (G_ACTION_GROUP (main_window), "show-library", NULL);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (DJ_IS_LIBRARY_WINDOW (l->data))
      window = l->data;
  g_assert_nonnull (window);
  f = (Following) { window, pane, N_GAMES };
  dj_test_wait_until (TIMEOUT_S, window_has_games, &f, "the library's games");
  dj_test_wait_until (TIMEOUT_S, pane_has_games, &f, "the explorer's games");
  from_pane = dj_library_service_for_widget (GTK_WIDGET (pane), NULL);
  from_window = dj_library_service_for_widget (GTK_WIDGET (window), NULL);
  g_assert_true (from_pane == from_window);
  g_assert_false (dj_library_service_get_updating (from_pane));

  g_signal_connect (from_pane, "notify::updating", G_CALLBACK (on_updating), &p);
  g_signal_connect (from_pane, "finished", G_CALLBACK (on_finished), &p);
  dj_library_service_update (from_pane);
  dj_library_service_update (from_pane);
  dj_library_service_update (from_pane);
  dj_test_wait_until (TIMEOUT_S, two_finished, &p, "two passes");
  /* Nothing more comes: the third request joined the second pass. */
  for (guint i = 0; i < 3; i++)
    dj_test_wait_frames (GTK_WIDGET (window), "a while after the passes");
  g_assert_cmpuint (p.passes, ==, 2);
  g_assert_cmpuint (p.finished, ==, 2);
  g_assert_false (p.overlap);
  g_signal_handlers_disconnect_by_data (from_pane, &p);
  gtk_window_destroy (GTK_WINDOW (window));
  destroy_window (main_window);
}

/* The rebuild notice ------------------------------------------------------- */

/* A label showing @needle, on screen, under @widget. */
static gboolean
shows_label (GtkWidget  *widget,
             const char *needle)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && strstr (gtk_label_get_label (GTK_LABEL (widget)), needle) != NULL)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (shows_label (c, needle))
      return TRUE;
  return FALSE;
}

typedef struct
{
  GtkWidget  *widget;
  const char *needle;
} Showing;

static gboolean
showing (gpointer data)
{
  Showing *s = data;

  return shows_label (s->widget, s->needle);
}

/* A library whose database is not one, and that has a folder. */
static char *
damaged_library (const char *name)
{
  char *dir = g_build_filename (home, name, NULL);
  g_autofree char *db = g_build_filename (dir, "library.sqlite", NULL);
  g_autofree char *folders = g_build_filename (dir, "folders.txt", NULL);
  g_autofree char *list = g_strdup_printf ("%s\n", games_dir);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (folders, list, -1, NULL));
  g_assert_true (g_file_set_contents (db, "This is not a database.\n", -1, NULL));
  return dir;
}

/* The explorer and the Library window both say, in sight, that the
 * database was rebuilt, and where it is; then they show the games. */
static void
test_rebuilt_notice (void)
{
  g_autofree char *pane_dir = damaged_library ("damaged-for-pane");
  g_autofree char *window_dir = damaged_library ("damaged-for-window");
  g_autofree char *pane_db = g_build_filename (pane_dir, "library.sqlite", NULL);
  g_autofree char *window_db = g_build_filename (window_dir, "library.sqlite", NULL);
  GtkWidget *holder = gtk_window_new ();
  DjExplorerPane *pane = DJ_EXPLORER_PANE (dj_explorer_pane_new ());
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjGame) game = dj_game_new (&rules, NULL);
  DjLibraryWindow *window;
  Showing s;
  Following f;

  dj_explorer_pane_set_library_dir (pane, pane_dir);
  gtk_window_set_child (GTK_WINDOW (holder), GTK_WIDGET (pane));
  gtk_window_set_default_size (GTK_WINDOW (holder), 700, 500);
  dj_explorer_pane_set_game (pane, game);
  gtk_window_present (GTK_WINDOW (holder));
  s = (Showing) { GTK_WIDGET (pane), pane_db };
  dj_test_wait_until (TIMEOUT_S, showing, &s, "the explorer's rebuild notice");
  f = (Following) { NULL, pane, N_GAMES };
  dj_test_wait_until (TIMEOUT_S, pane_has_games, &f, "the explorer's games after the rebuild");
  g_assert_true (shows_label (GTK_WIDGET (pane), pane_db));

  window = DJ_LIBRARY_WINDOW (dj_library_window_new (GTK_APPLICATION (app), window_dir));
  gtk_window_present (GTK_WINDOW (window));
  s = (Showing) { GTK_WIDGET (window), window_db };
  dj_test_wait_until (TIMEOUT_S, showing, &s, "the Library window's rebuild notice");
  f = (Following) { window, NULL, N_GAMES };
  dj_test_wait_until (TIMEOUT_S, window_has_games, &f, "the window's games after the rebuild");
  g_assert_true (shows_label (GTK_WIDGET (window), window_db));
  save_picture (gtk_window_get_child (GTK_WINDOW (window)),
                g_strcmp0 (g_getenv ("LANGUAGE"), "ur") == 0 ? "library-notice-ur.png"
                                                             : "library-notice-en.png");
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (holder));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* In Urdu every text of the pane is translated. */
static void
test_translated (void)
{
  DjExplorerPane *pane;
  DjWindow *window;

  if (g_strcmp0 (g_getenv ("LANGUAGE"), "ur") != 0)
    {
      g_test_skip ("only in Urdu");
      return;
    }
  window = window_with_explorer (&pane);
  g_assert_cmpint (gtk_widget_get_direction (GTK_WIDGET (pane)), ==, GTK_TEXT_DIR_RTL);
  g_assert_cmpstr (_("Opening Explorer"), !=, "Opening Explorer");
  g_assert_cmpstr (_("No game of the library reaches this position."), !=,
                   "No game of the library reaches this position.");
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  dj_test_use_built_translations ();
  home = dj_test_make_home ("djenon-test-explorer");
  g_test_init (&argc, &argv, NULL);
  if (!dj_test_start_app ())
    {
      g_test_skip ("no display");
      return 0;
    }
  dj_xml_init ();
  make_library ();

  g_test_add_func ("/djenon/explorer/rows", test_rows);
  g_test_add_func ("/djenon/explorer/player-filter", test_player_filter);
  g_test_add_func ("/djenon/explorer/empty-library", test_empty_library);
  g_test_add_func ("/djenon/explorer/translated", test_translated);
  g_test_add_func ("/djenon/library-window/filters-sort-open", test_library_window);
  g_test_add_func ("/djenon/library/follows-folders", test_follows_folders);
  g_test_add_func ("/djenon/library/rebuilt-notice", test_rebuilt_notice);
  g_test_add_func ("/djenon/library/one-updater", test_one_updater);
  status = g_test_run ();

  g_clear_object (&games);
  g_clear_object (&app);
  dj_test_remove_tree (home);
  g_free (games_dir);
  g_free (home);
  return status;
}
