/* dj-long-line.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-long-line.h"

GArray *
dj_long_legal_line (guint n)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);

  for (;;)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new_full ((GHashFunc) dj_position_hash,
                                                          (GEqualFunc) dj_position_equal,
                                                          g_free, NULL);
      GArray *line = g_array_new (FALSE, FALSE, sizeof (DjMove));
      DjPosition pos;

      dj_position_init_start (&pos);
      for (guint ply = 0; ply < 5000; ply++)
        {
          DjMoves moves;
          gpointer first;
          DjMove pick = DJ_PASS;

          dj_moves_generate (&rules, &pos, &moves);
          if (moves.end != DJ_END_NONE)
            break;
          if (g_hash_table_lookup_extended (seen, &pos, NULL, &first))
            {
              guint s = GPOINTER_TO_UINT (first), len = ply - s;

              while (line->len < n)
                {
                  DjMove m = g_array_index (line, DjMove, s + (line->len - s) % len);

                  g_array_append_val (line, m);
                }
              g_array_set_size (line, n);
              return line;
            }
          g_hash_table_insert (seen, g_memdup2 (&pos, sizeof pos), GUINT_TO_POINTER (ply));
          if (!moves.must_pass)
            {
              guint quiet[DJ_ROW_PITS], any[DJ_ROW_PITS], nq = 0, na = 0;

              for (guint k = 0; k < DJ_ROW_PITS; k++)
                if (moves.pit[k] == DJ_PIT_LEGAL)
                  {
                    any[na++] = k;
                    if (moves.children[k].captured[0] + moves.children[k].captured[1] ==
                        pos.captured[0] + pos.captured[1])
                      quiet[nq++] = k;
                  }
              pick = moves.row_start + (nq > 0 ? quiet[g_rand_int_range (rand, 0, nq)]
                                               : any[g_rand_int_range (rand, 0, na)]);
            }
          g_array_append_val (line, pick);
          dj_moves_child (&moves, &pos, pick, &pos);
        }
      g_array_unref (line);
    }
}
