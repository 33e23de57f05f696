/* test-library-list.c: the Library window's list model against a plain one
 *
 * Random games (a few keys and a name), random sequences of changes: the
 * search narrowed, widened or replaced (its states named, so that the
 * answers of a state seen before are taken again, or not), other filters,
 * the order by one or two keys either way or none, games added and removed
 * in the source, and the selection changed.  After each change the games shown and their
 * order equal a naive filter then stable sort of the source; a view that
 * follows only the model's signals shows the same games, and so does one
 * that follows the rows in place (DjLibraryRows) and draws the selection
 * they tell; and the selection is the games selected that are still shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dj-library-list.h"
#include "dj-library-rows.h"

/* A game: two small keys and a name. */

#define TEST_TYPE_GAME (test_game_get_type ())
G_DECLARE_FINAL_TYPE (TestGame, test_game, TEST, GAME, GObject)

struct _TestGame
{
  GObject parent_instance;
  guint   a;
  guint   b;
  char    name[8];
};

G_DEFINE_FINAL_TYPE (TestGame, test_game, G_TYPE_OBJECT)

static void
test_game_class_init (TestGameClass *klass)
{
}

static void
test_game_init (TestGame *self)
{
}

static TestGame *
random_game (GRand *rand)
{
  TestGame *game = g_object_new (TEST_TYPE_GAME, NULL);
  guint len = g_rand_int_range (rand, 1, 7);

  game->a = g_rand_int_range (rand, 0, 10);
  game->b = g_rand_int_range (rand, 0, 4);
  for (guint i = 0; i < len; i++)
    game->name[i] = "abc"[g_rand_int_range (rand, 0, 3)];
  return game;
}

/* The filter: the name holds @needle, and a is at most @max_a. */

typedef struct
{
  char  needle[8];
  guint max_a;
} Filtering;

static gboolean
filter_func (gpointer item,
             gpointer data)
{
  TestGame *game = item;
  Filtering *f = data;

  return strstr (game->name, f->needle) != NULL && game->a <= f->max_a;
}

/* The order: by a key (0: a, 1: b, 2: name), either way. */

typedef struct
{
  guint    key;
  gboolean descending;
} Ordering;

static int
compare_func (gconstpointer x,
              gconstpointer y,
              gpointer      data)
{
  const TestGame *g = x, *h = y;
  Ordering *o = data;
  int order;

  if (o->key == 0)
    order = (g->a > h->a) - (g->a < h->a);
  else if (o->key == 1)
    order = (g->b > h->b) - (g->b < h->b);
  else
    order = strcmp (g->name, h->name);
  if (o->descending)
    order = -order;
  return order < 0 ? GTK_ORDERING_SMALLER : order > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

/* The plain reference: the source filtered, then sorted (stable). */

typedef struct
{
  GtkSorter *sorter;   /* NULL: the source's order */
  GPtrArray *games;
} Reference;

static int
compare_reference (gconstpointer x,
                   gconstpointer y,
                   gpointer      data)
{
  Reference *r = data;
  guint i = *(const guint *) x, j = *(const guint *) y;
  int order = gtk_sorter_compare (r->sorter, r->games->pdata[i], r->games->pdata[j]);

  return order != 0 ? order : (i > j) - (i < j);
}

static GPtrArray *
reference (GListModel *source,
           GtkFilter  *filter,
           GtkSorter  *sorter)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (guint));
  GPtrArray *shown = g_ptr_array_new ();
  Reference r = { sorter, games };

  for (guint i = 0; i < g_list_model_get_n_items (source); i++)
    {
      g_ptr_array_add (games, g_list_model_get_item (source, i));
      if (gtk_filter_match (filter, games->pdata[i]))
        g_array_append_val (kept, i);
    }
  /* Insertion sort: slow and plainly stable. */
  for (guint k = 1; sorter != NULL && k < kept->len; k++)
    for (guint m = k; m > 0 && compare_reference (&g_array_index (kept, guint, m - 1),
                                                  &g_array_index (kept, guint, m), &r) > 0; m--)
      {
        guint t = g_array_index (kept, guint, m);

        g_array_index (kept, guint, m) = g_array_index (kept, guint, m - 1);
        g_array_index (kept, guint, m - 1) = t;
      }
  for (guint k = 0; k < kept->len; k++)
    g_ptr_array_add (shown, games->pdata[g_array_index (kept, guint, k)]);
  return shown;
}

/* A view that knows only the model's signals: rows removed and added, and
 * rows updated (bound again to the game at their position). */

static void
on_items_changed (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  GPtrArray  *view)
{
  g_assert_cmpuint (position + removed, <=, view->len);
  g_ptr_array_remove_range (view, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (view, position + i, g_list_model_get_item (model, position + i));
  g_assert_cmpuint (view->len, ==, g_list_model_get_n_items (model));
}

static void
on_selection_changed (GtkSelectionModel *model,
                      guint              position,
                      guint              n_items,
                      GPtrArray         *view)
{
  g_assert_cmpuint (position + n_items, <=, view->len);
  for (guint p = position; p < position + n_items; p++)
    {
      g_object_unref (view->pdata[p]);
      view->pdata[p] = g_list_model_get_item (G_LIST_MODEL (model), p);
    }
}

/* A view of the rows: the rows it holds (all of them, so that every one
 * is kept up to date) and the selection it draws, from the rows' signals
 * alone. */
typedef struct
{
  GPtrArray *rows;
  GArray    *selected;   /* gboolean by row */
} RowsView;

static void
on_rows_changed (GListModel *model,
                 guint       position,
                 guint       removed,
                 guint       added,
                 RowsView   *view)
{
  g_assert_cmpuint (position + removed, ==, view->rows->len);
  g_ptr_array_remove_range (view->rows, position, removed);
  g_array_remove_range (view->selected, position, removed);
  for (guint i = 0; i < added; i++)
    {
      gboolean selected = gtk_selection_model_is_selected (GTK_SELECTION_MODEL (model),
                                                           position + i);

      g_ptr_array_add (view->rows, g_list_model_get_item (model, position + i));
      g_array_append_val (view->selected, selected);
    }
}

static void
on_rows_selection_changed (GtkSelectionModel *model,
                           guint              position,
                           guint              n_items,
                           RowsView          *view)
{
  g_assert_cmpuint (position + n_items, <=, view->rows->len);
  for (guint p = position; p < position + n_items; p++)
    g_array_index (view->selected, gboolean, p) = gtk_selection_model_is_selected (model, p);
}

typedef struct
{
  GRand           *rand;
  GListStore      *source;
  Filtering        filtering;
  GtkFilter       *filter;
  Ordering         ordering[2];
  GtkSorter       *sorter;     /* the one set, or NULL */
  GtkSorter       *one;        /* by ordering[0] */
  GtkSorter       *two;        /* by ordering[0], then ordering[1] */
  DjLibraryList   *list;
  GPtrArray       *view;
  GHashTable      *selected;   /* the games that should be selected */
  RowsView         rows_view;
} Fixture;

static void
check (Fixture *f)
{
  g_autoptr(GPtrArray) shown = reference (G_LIST_MODEL (f->source), f->filter, f->sorter);
  GListModel *model = G_LIST_MODEL (f->list);
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (f->list));
  GHashTableIter iter;
  gpointer game;
  guint n_selected = 0;

  g_assert_cmpuint (g_list_model_get_n_items (model), ==, shown->len);
  g_assert_cmpuint (f->view->len, ==, shown->len);
  g_assert_cmpuint (f->rows_view.rows->len, ==, shown->len);
  g_assert_cmpuint (dj_library_list_get_n_all (f->list), ==,
                    g_list_model_get_n_items (G_LIST_MODEL (f->source)));
  g_assert_null (g_list_model_get_item (model, shown->len));
  /* A game filtered out leaves the selection. */
  g_hash_table_iter_init (&iter, f->selected);
  while (g_hash_table_iter_next (&iter, &game, NULL))
    if (!g_ptr_array_find (shown, game, NULL))
      g_hash_table_iter_remove (&iter);
  for (guint p = 0; p < shown->len; p++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, p);
      gboolean selected = g_hash_table_contains (f->selected, shown->pdata[p]);

      g_assert_true (item == shown->pdata[p]);
      g_assert_true (f->view->pdata[p] == shown->pdata[p]);
      g_assert_cmpint (gtk_selection_model_is_selected (GTK_SELECTION_MODEL (f->list), p), ==,
                       selected);
      g_assert_cmpint (gtk_bitset_contains (set, p), ==, selected);
      /* The rows: the same game, drawn selected or not. */
      g_assert_true (dj_library_row_get_item (f->rows_view.rows->pdata[p]) == shown->pdata[p]);
      g_assert_cmpint (g_array_index (f->rows_view.selected, gboolean, p), ==, selected);
      n_selected += selected;
    }
  g_assert_cmpuint (gtk_bitset_get_size (set), ==, n_selected);
}

/* Names the filter's state, or sometimes not. */
static void
name_state (Fixture *f)
{
  g_autofree char *state = g_strdup_printf ("%s %u", f->filtering.needle, f->filtering.max_a);

  dj_library_list_set_filter_state (f->list, g_rand_int_range (f->rand, 0, 8) > 0 ? state : NULL);
}

static void
set_needle (Fixture    *f,
            const char *needle)
{
  GtkFilterChange change = GTK_FILTER_CHANGE_DIFFERENT;

  if (strstr (needle, f->filtering.needle) != NULL)
    change = GTK_FILTER_CHANGE_MORE_STRICT;
  else if (strstr (f->filtering.needle, needle) != NULL)
    change = GTK_FILTER_CHANGE_LESS_STRICT;
  g_strlcpy (f->filtering.needle, needle, sizeof f->filtering.needle);
  name_state (f);
  gtk_filter_changed (f->filter, change);
}

static void
random_change (Fixture *f)
{
  GRand *rand = f->rand;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (f->list));
  GtkSelectionModel *selection = GTK_SELECTION_MODEL (f->list);

  switch (g_rand_int_range (rand, 0, 12))
    {
    case 0: /* a key typed */
    case 1:
      if (strlen (f->filtering.needle) < 4)
        {
          char needle[8];

          g_snprintf (needle, sizeof needle, "%s%c", f->filtering.needle,
                      "abc"[g_rand_int_range (rand, 0, 3)]);
          set_needle (f, needle);
        }
      break;
    case 2: /* a key deleted */
      if (f->filtering.needle[0] != '\0')
        {
          char needle[8];

          g_strlcpy (needle, f->filtering.needle, sizeof needle);
          needle[strlen (needle) - 1] = '\0';
          set_needle (f, needle);
        }
      break;
    case 3: /* another search, or another limit */
      if (g_rand_boolean (rand))
        set_needle (f, g_rand_boolean (rand) ? "ba" : "c");
      else
        {
          guint max_a = g_rand_int_range (rand, 0, 10);
          GtkFilterChange change = max_a < f->filtering.max_a ? GTK_FILTER_CHANGE_MORE_STRICT
                                   : GTK_FILTER_CHANGE_LESS_STRICT;

          f->filtering.max_a = max_a;
          name_state (f);
          gtk_filter_changed (f->filter, change);
        }
      break;
    case 4: /* another order */
      {
        guint which = g_rand_int_range (rand, 0, 4);

        f->ordering[0].key = g_rand_int_range (rand, 0, 3);
        f->ordering[0].descending = g_rand_boolean (rand);
        f->ordering[1].key = g_rand_int_range (rand, 0, 3);
        f->ordering[1].descending = g_rand_boolean (rand);
        if (which == 0)
          {
            f->sorter = NULL;
            dj_library_list_set_sorter (f->list, NULL);
          }
        else
          {
            GtkSorter *sorter = which == 1 ? f->one : f->two;

            if (f->sorter == sorter)
              gtk_sorter_changed (sorter, GTK_SORTER_CHANGE_DIFFERENT);
            f->sorter = sorter;
            dj_library_list_set_sorter (f->list, sorter);
          }
      }
      break;
    case 5: /* games added and removed in the source */
    case 6:
      {
        guint all = g_list_model_get_n_items (G_LIST_MODEL (f->source));
        guint position = g_rand_int_range (rand, 0, all + 1);
        guint removed = g_rand_int_range (rand, 0, MIN (all - position, 30) + 1);
        guint added = g_rand_int_range (rand, 0, 30);
        g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);

        for (guint i = 0; i < added; i++)
          g_ptr_array_add (games, random_game (rand));
        g_list_store_splice (f->source, position, removed, games->pdata, games->len);
      }
      break;
    case 7: /* a game clicked, alone or with Ctrl */
    case 8:
      if (n > 0)
        {
          guint p = g_rand_int_range (rand, 0, n);
          gboolean alone = g_rand_boolean (rand);
          g_autoptr(GObject) game = g_list_model_get_item (G_LIST_MODEL (f->list), p);

          if (alone)
            g_hash_table_remove_all (f->selected);
          g_hash_table_add (f->selected, g_object_ref (game));
          gtk_selection_model_select_item (selection, p, alone);
        }
      break;
    case 9: /* a range, with Shift, or unselected */
      if (n > 0)
        {
          guint p = g_rand_int_range (rand, 0, n);
          guint count = g_rand_int_range (rand, 1, n - p + 1);
          gboolean select = g_rand_boolean (rand);

          for (guint i = p; i < p + count; i++)
            {
              g_autoptr(GObject) game = g_list_model_get_item (G_LIST_MODEL (f->list), i);

              if (select)
                g_hash_table_add (f->selected, g_object_ref (game));
              else
                g_hash_table_remove (f->selected, game);
            }
          if (select)
            gtk_selection_model_select_range (selection, p, count, FALSE);
          else
            gtk_selection_model_unselect_range (selection, p, count);
        }
      break;
    case 10: /* one game unselected */
      if (n > 0)
        {
          guint p = g_rand_int_range (rand, 0, n);
          g_autoptr(GObject) game = g_list_model_get_item (G_LIST_MODEL (f->list), p);

          g_hash_table_remove (f->selected, game);
          gtk_selection_model_unselect_item (selection, p);
        }
      break;
    case 11: /* every game, or none */
    default:
      g_hash_table_remove_all (f->selected);
      if (g_rand_boolean (rand))
        {
          for (guint i = 0; i < n; i++)
            {
              g_autoptr(GObject) game = g_list_model_get_item (G_LIST_MODEL (f->list), i);

              g_hash_table_add (f->selected, g_object_ref (game));
            }
          gtk_selection_model_select_all (selection);
        }
      else
        gtk_selection_model_unselect_all (selection);
      break;
    }
}

static void
test_random (void)
{
  for (guint32 seed = 1; seed <= 40; seed++)
    {
      Fixture f = { 0 };
      guint n_games = seed % 8 == 0 ? 0 : g_test_quick () ? 200 : 600;
      g_autoptr(GtkSorter) one = NULL;
      g_autoptr(GtkMultiSorter) two = gtk_multi_sorter_new ();
      DjLibraryRows *rows;

      f.rand = g_rand_new_with_seed (seed);
      f.source = g_list_store_new (TEST_TYPE_GAME);
      for (guint i = 0; i < n_games; i++)
        {
          g_autoptr(TestGame) game = random_game (f.rand);

          g_list_store_append (f.source, game);
        }
      f.filtering.max_a = 9;
      f.filter = GTK_FILTER (gtk_custom_filter_new (filter_func, &f.filtering, NULL));
      one = GTK_SORTER (gtk_custom_sorter_new (compare_func, &f.ordering[0], NULL));
      gtk_multi_sorter_append (two, GTK_SORTER (gtk_custom_sorter_new (compare_func,
                                                                       &f.ordering[0], NULL)));
      gtk_multi_sorter_append (two, GTK_SORTER (gtk_custom_sorter_new (compare_func,
                                                                       &f.ordering[1], NULL)));
      f.one = one;
      f.two = GTK_SORTER (two);
      f.sorter = seed % 2 == 0 ? f.one : NULL;
      f.list = dj_library_list_new (G_LIST_MODEL (f.source), f.filter, f.sorter);
      f.selected = g_hash_table_new_full (NULL, NULL, g_object_unref, NULL);
      /* The view starts with what the model shows, then follows it. */
      f.view = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (f.list)); i++)
        g_ptr_array_add (f.view, g_list_model_get_item (G_LIST_MODEL (f.list), i));
      g_signal_connect (f.list, "items-changed", G_CALLBACK (on_items_changed), f.view);
      g_signal_connect (f.list, "selection-changed", G_CALLBACK (on_selection_changed), f.view);
      rows = dj_library_rows_new (GTK_SELECTION_MODEL (f.list));
      f.rows_view.rows = g_ptr_array_new_with_free_func (g_object_unref);
      f.rows_view.selected = g_array_new (FALSE, FALSE, sizeof (gboolean));
      on_rows_changed (G_LIST_MODEL (rows), 0, 0, g_list_model_get_n_items (G_LIST_MODEL (rows)),
                       &f.rows_view);
      g_signal_connect (rows, "items-changed", G_CALLBACK (on_rows_changed), &f.rows_view);
      g_signal_connect (rows, "selection-changed", G_CALLBACK (on_rows_selection_changed),
                        &f.rows_view);
      check (&f);
      for (guint step = 0; step < 150; step++)
        {
          random_change (&f);
          check (&f);
        }
      g_ptr_array_unref (f.rows_view.rows);
      g_array_unref (f.rows_view.selected);
      g_assert_finalize_object (rows);
      g_assert_finalize_object (f.list);
      g_assert_finalize_object (f.filter);
      g_ptr_array_unref (f.view);
      g_hash_table_unref (f.selected);
      g_clear_object (&f.source);
      g_rand_free (f.rand);
    }
}

/* The source's order is kept among equal games, and a game added to the
 * source takes its place in the order at once. */
static void
test_stable_and_added (void)
{
  g_autoptr(GListStore) source = g_list_store_new (TEST_TYPE_GAME);
  Ordering ordering = { 1, FALSE };
  Filtering filtering = { "", 9 };
  g_autoptr(GtkFilter) filter = GTK_FILTER (gtk_custom_filter_new (filter_func, &filtering, NULL));
  g_autoptr(GtkSorter) sorter = GTK_SORTER (gtk_custom_sorter_new (compare_func, &ordering, NULL));
  g_autoptr(DjLibraryList) list = NULL;
  const guint bs[] = { 2, 0, 2, 1, 0, 2 };
  TestGame *games[G_N_ELEMENTS (bs)];
  g_autoptr(TestGame) late = g_object_new (TEST_TYPE_GAME, NULL);
  const guint expected[] = { 1, 4, 3, 0, 2, 5 };

  for (guint i = 0; i < G_N_ELEMENTS (bs); i++)
    {
      games[i] = g_object_new (TEST_TYPE_GAME, NULL);
      games[i]->b = bs[i];
      g_strlcpy (games[i]->name, "a", sizeof games[i]->name);
      g_list_store_append (source, games[i]);
      g_object_unref (games[i]);
    }
  list = dj_library_list_new (G_LIST_MODEL (source), filter, sorter);
  for (guint p = 0; p < G_N_ELEMENTS (expected); p++)
    {
      g_autoptr(TestGame) game = g_list_model_get_item (G_LIST_MODEL (list), p);

      g_assert_true (game == games[expected[p]]);
    }
  /* b = 1, first in the source: before game 3, the other b = 1. */
  late->b = 1;
  g_strlcpy (late->name, "a", sizeof late->name);
  g_list_store_insert (source, 0, late);
  {
    g_autoptr(TestGame) second = g_list_model_get_item (G_LIST_MODEL (list), 2);

    g_assert_true (second == late);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/djenon/library-list/random", test_random);
  g_test_add_func ("/djenon/library-list/stable-and-added", test_stable_and_added);
  return g_test_run ();
}
