/* dj-make-book.c: the opening book of one rule set (a tool, run by hand)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dj-make-book VARIANT FEEDING PLIES OUTPUT
 * e.g. dj-make-book abe immediate 5 data/book/abe-immediate.djbook
 *
 * Every position reachable from the start in at most PLIES turns (a turn is
 * a move and any pass it forces), with its exact value: the seeds still to
 * be won, from the view of the side to move, as RULES.md defines values (so
 * the same for any captures so far).  The positions of the last ply are
 * solved by the search (endgame tables loaded, one thread each, both cores);
 * the plies before follow from their moves.  The output is text, one
 * position a line, sorted, so that a change shows in a diff, and a last
 * line with the checksum of the others (dj-search-book.h); it depends on
 * the rules and PLIES only.  5 plies of Djenon-abe take 2 to 3 minutes on
 * two cores.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dj-search.h"
#include "dj-search-book.h"

typedef struct
{
  DjRules       rules;
  GPtrArray    *last_ply;  /* DjPosition *: the positions solved by search */
  volatile gint next;
  GHashTable   *values;    /* book key text -> value + 1000 */
  GMutex        lock;
  guint         done;
  DjSearch     *search;    /* for the odd position valued late */
} Make;

static char *
key_of (const DjPosition *pos)
{
  DjPosition bare = *pos;

  bare.captured[0] = bare.captured[1] = 0;
  return dj_book_key_to_string (&bare);
}

static gpointer
solve_thread (gpointer data)
{
  Make *m = data;
  g_autoptr(DjSearch) search = dj_search_new (64u << 20);
  const DjSearchLimits limits = { 0, 0, 0, DJ_SEARCH_VALUES_ONLY };

  dj_search_set_threads (search, 1);
  dj_search_set_use_book (search, FALSE);   /* never an older book's values */
  for (;;)
    {
      guint i = (guint) g_atomic_int_add (&m->next, 1);
      g_autoptr(DjAnalysis) a = NULL;
      const DjPosition *pos;
      int capdiff;

      if (i >= m->last_ply->len)
        return NULL;
      pos = g_ptr_array_index (m->last_ply, i);
      a = dj_search_solve (search, &m->rules, pos, &limits, NULL, NULL);
      g_assert (a != NULL && a->exact);
      capdiff = pos->captured[pos->to_move] - pos->captured[1 - pos->to_move];
      g_mutex_lock (&m->lock);
      g_hash_table_insert (m->values, key_of (pos), GINT_TO_POINTER (a->value - capdiff + 1000));
      if (++m->done % 100 == 0)
        fprintf (stderr, "%u of %u solved\n", m->done, m->last_ply->len);
      g_mutex_unlock (&m->lock);
    }
}

/* The value of @pos from its mover's view, its moves' children known. */
static int
value_from_children (Make             *m,
                     const DjPosition *pos)
{
  DjMoves moves;
  int best = -1000;

  dj_moves_generate (&m->rules, pos, &moves);
  if (moves.end != DJ_END_NONE)
    {
      int score[2];

      dj_final_scores (&m->rules, pos, score);
      return score[pos->to_move] - score[1 - pos->to_move] -
             (pos->captured[pos->to_move] - pos->captured[1 - pos->to_move]);
    }
  for (guint j = 0; j < DJ_ROW_PITS + 1; j++)
    {
      DjMove move = j < DJ_ROW_PITS ? moves.row_start + j : DJ_PASS;
      DjPosition child;
      g_autofree char *key = NULL;
      gpointer v;
      int taken;

      if (!dj_moves_is_legal (&moves, move))
        continue;
      dj_moves_child (&moves, pos, move, &child);
      taken = child.captured[pos->to_move] - pos->captured[pos->to_move];
      key = key_of (&child);
      if (!g_hash_table_lookup_extended (m->values, key, NULL, &v))
        {
          DjMoves next;

          /* A child the turns skip: the position with the pass a move
           * forced, worth the opposite of the position after the pass; or
           * one first reached at an earlier ply, not valued yet: solved. */
          dj_moves_generate (&m->rules, &child, &next);
          if (next.must_pass)
            v = GINT_TO_POINTER (value_from_children (m, &child) + 1000);
          else
            {
              const DjSearchLimits limits = { 0, 0, 0, DJ_SEARCH_VALUES_ONLY };
              g_autoptr(DjAnalysis) a = dj_search_solve (m->search, &m->rules, &child,
                                                         &limits, NULL, NULL);

              v = GINT_TO_POINTER (a->value - (child.captured[child.to_move] -
                                               child.captured[1 - child.to_move]) + 1000);
            }
          g_hash_table_insert (m->values, g_steal_pointer (&key), v);
        }
      best = MAX (best, taken - (GPOINTER_TO_INT (v) - 1000));
    }
  return best;
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GPtrArray) plies = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  GThread *threads[2];
  Make m = { 0 };
  guint64 n_plies;
  DjPosition start;
  GPtrArray *ply;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *sum = NULL;

  if (argc != 5 || !dj_variant_from_string (argv[1], &m.rules.variant) ||
      !dj_feeding_from_string (argv[2], &m.rules.feeding) ||
      !g_ascii_string_to_unsigned (argv[3], 10, 1, 8, &n_plies, NULL))
    {
      fprintf (stderr, "usage: dj-make-book aboure|abe on-starved-turn|immediate PLIES OUTPUT\n");
      return 2;
    }
  if (m.rules.variant == DJ_VARIANT_ABOURE)
    m.rules.feeding = DJ_FEEDING_ON_STARVED_TURN;

  /* Every position, ply by ply, each at the first ply it is reached. */
  dj_position_init_start (&start);
  ply = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (ply, g_memdup2 (&start, sizeof start));
  g_hash_table_add (seen, key_of (&start));
  g_ptr_array_add (plies, ply);
  for (guint k = 1; k <= n_plies; k++)
    {
      GPtrArray *prev = g_ptr_array_index (plies, k - 1);

      ply = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < prev->len; i++)
        {
          const DjPosition *pos = g_ptr_array_index (prev, i);
          DjMoves moves;

          dj_moves_generate (&m.rules, pos, &moves);
          if (moves.end != DJ_END_NONE)
            continue;
          for (guint j = 0; j < DJ_ROW_PITS + 1; j++)
            {
              DjMove move = j < DJ_ROW_PITS ? moves.row_start + j : DJ_PASS;
              DjPosition child;
              DjMoves next;
              char *key;

              if (!dj_moves_is_legal (&moves, move))
                continue;
              dj_moves_play_turn (&m.rules, &moves, pos, move, &child, &next);
              key = key_of (&child);
              if (g_hash_table_contains (seen, key))
                {
                  g_free (key);
                  continue;
                }
              g_hash_table_add (seen, key);
              g_ptr_array_add (ply, g_memdup2 (&child, sizeof child));
            }
        }
      g_ptr_array_add (plies, ply);
      fprintf (stderr, "ply %u: %u positions\n", k, ply->len);
    }

  /* The last ply by search, on both cores. */
  m.last_ply = g_ptr_array_index (plies, n_plies);
  m.values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_mutex_init (&m.lock);
  for (guint t = 0; t < G_N_ELEMENTS (threads); t++)
    threads[t] = g_thread_new ("dj-make-book", solve_thread, &m);
  for (guint t = 0; t < G_N_ELEMENTS (threads); t++)
    g_thread_join (threads[t]);

  /* The plies before, from their moves, deepest first. */
  m.search = dj_search_new (64u << 20);
  dj_search_set_use_book (m.search, FALSE);
  for (guint k = n_plies; k-- > 0;)
    {
      ply = g_ptr_array_index (plies, k);
      for (guint i = 0; i < ply->len; i++)
        {
          const DjPosition *pos = g_ptr_array_index (ply, i);

          g_hash_table_insert (m.values, key_of (pos),
                               GINT_TO_POINTER (value_from_children (&m, pos) + 1000));
        }
    }

  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, m.values);
    while (g_hash_table_iter_next (&iter, &key, &value))
      g_ptr_array_add (lines, g_strdup_printf ("%s %d", (char *) key,
                                               GPOINTER_TO_INT (value) - 1000));
  }
  g_ptr_array_sort (lines, compare_lines);
  g_string_append_printf (out, "%s %s %s %u\n", DJ_BOOK_MAGIC,
                          dj_variant_to_string (m.rules.variant),
                          dj_feeding_to_string (m.rules.feeding), (guint) n_plies);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (out, "%s\n", (char *) g_ptr_array_index (lines, i));
  sum = dj_book_checksum_line (out->str, out->len);
  g_string_append (out, sum);
  /* A temporary file renamed over the old book: never half a book. */
  if (!g_file_set_contents (argv[4], out->str, out->len, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  fprintf (stderr, "%s: %u positions\n", argv[4], lines->len);
  g_hash_table_unref (m.values);
  dj_search_unref (m.search);
  return 0;
}
