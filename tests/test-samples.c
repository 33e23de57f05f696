/* test-samples.c: the bundled sample games agree with the exact analysis
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every glyph in data/samples judges a move; every assessment judges the
 * position after a move.  Each is checked against the solver's exact values:
 *   ! and !!      a best move (no legal move is worth more);
 *   !?            not a mistake either: a best move;
 *   ? ?? and ?!   a move worth less than the best;
 *   = (even)      the position's value is within 2 seeds of level;
 *   South's +=, +/-, +-   South is ahead with perfect play; North's likewise;
 *   ~ (unclear)   anything.
 * A failure names the move, what was claimed and what the values are.
 */
#include "config.h"

#include "dj-search.h"
#include "dj-xml.h"

typedef struct
{
  const char *file;
  guint       glyphs;
  guint       assessments;
} Sample;

/* The value of every move of @pos, exact. */
static DjAnalysis *
analyse (DjSearch         *search,
         const DjRules    *rules,
         const DjPosition *pos)
{
  const DjSearchLimits limits = { 0, 0, 0, DJ_SEARCH_VALUES_ONLY };
  g_autoptr(GError) error = NULL;
  DjAnalysis *a = dj_search_analyse (search, rules, pos, &limits, NULL, &error);

  g_assert_no_error (error);
  g_assert_true (a->exact);
  return a;
}

static int
move_value (const DjAnalysis *a,
            DjMove            move)
{
  for (guint i = 0; i < a->n_moves; i++)
    if (a->moves[i].move == move)
      return a->moves[i].value;
  g_assert_not_reached ();
}

static void
test_sample (gconstpointer data)
{
  const Sample *sample = data;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples",
                                                 sample->file, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = dj_xml_load_file (file, NULL, &error);
  g_autoptr(DjSearch) search = dj_search_new (64 << 20);
  guint glyphs = 0, assessments = 0, wrong = 0;
  DjGame *game;
  DjNode *root, *node;

  g_assert_no_error (error);
  game = dj_collection_get_game (collection, 0);
  root = dj_game_get_root (game);
  for (node = dj_node_walk_next (root, root); node != NULL; node = dj_node_walk_next (node, root))
    {
      const DjRules *rules = dj_game_get_rules (game);
      DjGlyph glyph = dj_node_get_glyph (node);
      DjAssessment assessment = dj_node_get_assessment (node);
      DjMove move = dj_node_get_move (node);
      g_autofree char *where = g_strdup_printf ("%s: ply %u, %s", sample->file,
                                                dj_node_get_ply (node),
                                                dj_move_to_string (move));

      if (glyph != DJ_GLYPH_NONE)
        {
          g_autoptr(DjAnalysis) before =
            analyse (search, rules, dj_node_get_position (dj_node_get_parent (node)));
          int value = move_value (before, move), best = before->value;
          gboolean good = glyph == DJ_GLYPH_GOOD || glyph == DJ_GLYPH_BRILLIANT ||
                          glyph == DJ_GLYPH_INTERESTING;

          glyphs++;
          if (good != (value == best))
            {
              g_test_message ("%s%s: the move is worth %+d, the best %+d", where,
                              dj_glyph_to_string (glyph), value, best);
              wrong++;
            }
        }
      if (assessment != DJ_ASSESSMENT_NONE && assessment != DJ_ASSESSMENT_UNCLEAR)
        {
          const DjPosition *pos = dj_node_get_position (node);
          g_autoptr(DjAnalysis) after = analyse (search, rules, pos);
          int south = pos->to_move == DJ_SOUTH ? after->value : -after->value;
          gboolean fits;

          assessments++;
          switch (assessment)
            {
            case DJ_ASSESSMENT_EVEN:
              fits = ABS (south) <= 2;
              break;
            case DJ_ASSESSMENT_SOUTH_SLIGHT:
            case DJ_ASSESSMENT_SOUTH_CLEAR:
            case DJ_ASSESSMENT_SOUTH_DECISIVE:
              fits = south > 0;
              break;
            default:
              fits = south < 0;
              break;
            }
          if (!fits)
            {
              g_test_message ("%s: assessment %d, but the position is worth %+d to South",
                              where, assessment, south);
              wrong++;
            }
        }
    }
  g_test_message ("%s: %u glyphs, %u assessments checked", sample->file, glyphs, assessments);
  g_assert_cmpuint (wrong, ==, 0);
  /* The samples keep judging moves: the check is not vacuous. */
  g_assert_cmpuint (glyphs, >=, sample->glyphs);
  g_assert_cmpuint (assessments, >=, sample->assessments);
}

int
main (int    argc,
      char **argv)
{
  static const Sample aboure = { "aboure-sample.djenon", 4, 2 };
  static const Sample abe = { "abe-sample.djenon", 4, 2 };

  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/djenon/samples/aboure", &aboure, test_sample);
  g_test_add_data_func ("/djenon/samples/abe", &abe, test_sample);

  return g_test_run ();
}
