/* test-findings.c: a review's findings in the record and in the files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dj-format-error.h"
#include "dj-notation.h"
#include "dj-review-judge.h"
#include "dj-xml.h"

static DjFinding
mistake_finding (void)
{
  DjFinding f = { 0 };

  f.before_lower = f.before_upper = 6;
  f.after_lower = 1;
  f.after_upper = 2;
  f.loss = 4;
  f.loss_exact = FALSE;
  f.thresholds = DJ_THRESHOLDS_DEFAULT;
  f.judgement = DJ_JUDGEMENT_MISTAKE;
  f.line_len = 3;
  f.line[0] = 1;         /* b */
  f.line[1] = 7;         /* B */
  f.line[2] = DJ_PASS;
  return f;
}

/* A game of three moves with a person's glyph and comment on the second. */
static DjCollection *
annotated (DjNode **second)
{
  DjCollection *collection = dj_collection_new_with_game (&DJ_RULES_INIT (DJ_VARIANT_ABOURE));
  DjGame *game = dj_collection_get_game (collection, 0);
  DjNode *n = dj_game_get_root (game);

  n = dj_game_play (game, n, 2, NULL);
  n = dj_game_play (game, n, 8, NULL);
  g_assert_nonnull (n);
  dj_game_set_glyph (game, n, DJ_GLYPH_DUBIOUS);
  dj_game_set_comment_after (game, n, "Mine.");
  *second = n;
  n = dj_game_play (game, n, 3, NULL);
  g_assert_nonnull (n);
  dj_game_clear_undo (game);
  return collection;
}

static void
test_thresholds (void)
{
  DjThresholds t = { 2, 4, 7 };

  g_assert_true (dj_thresholds_is_valid (&t));
  g_assert_cmpint (dj_thresholds_judge (&t, -1), ==, DJ_JUDGEMENT_UNPROVEN);
  g_assert_cmpint (dj_thresholds_judge (&t, 1), ==, DJ_JUDGEMENT_GOOD);
  g_assert_cmpint (dj_thresholds_judge (&t, 2), ==, DJ_JUDGEMENT_INACCURACY);
  g_assert_cmpint (dj_thresholds_judge (&t, 4), ==, DJ_JUDGEMENT_MISTAKE);
  g_assert_cmpint (dj_thresholds_judge (&t, 7), ==, DJ_JUDGEMENT_BLUNDER);
  g_assert_false (dj_thresholds_is_valid (&(DjThresholds) { 0, 3, 6 }));
  g_assert_false (dj_thresholds_is_valid (&(DjThresholds) { 1, 6, 3 }));
  g_assert_false (dj_thresholds_is_valid (&(DjThresholds) { 1, 3, 49 }));
}

/* Judging an analysis: only proven bounds count. */
static void
test_judge (void)
{
  DjMove line[] = { 0, 6 };
  DjMoveValue moves[] = {
    { .move = 0, .value = 5, .lower = 5, .upper = 5, .exact = TRUE, .line = line, .line_len = 2 },
    { .move = 2, .value = 1, .lower = -3, .upper = 1 },
    { .move = 4, .value = 4, .lower = 3, .upper = 6 },
  };
  DjAnalysis a = { .moves = moves, .n_moves = G_N_ELEMENTS (moves) };
  DjThresholds t = DJ_THRESHOLDS_DEFAULT;
  DjFinding f;

  /* c: at most 1 where a gives 5 at least: a loss of 4 at least. */
  g_assert_true (dj_finding_judge (&f, &a, 2, &t));
  g_assert_cmpint (f.loss, ==, 4);
  g_assert_false (f.loss_exact);
  g_assert_cmpint (f.judgement, ==, DJ_JUDGEMENT_MISTAKE);
  g_assert_cmpint (f.before_lower, ==, 5);
  g_assert_cmpint (f.before_upper, ==, 6);
  g_assert_cmpuint (f.line_len, ==, 2);
  g_assert_cmpint (f.line[1], ==, 6);
  g_assert_true (dj_finding_is_valid (&f));
  /* e: 3 to 6 against 5 to 6: nothing proven. */
  g_assert_true (dj_finding_judge (&f, &a, 4, &t));
  g_assert_cmpint (f.judgement, ==, DJ_JUDGEMENT_UNPROVEN);
  g_assert_cmpint (f.loss, ==, -1);
  g_assert_true (dj_finding_is_valid (&f));
  /* Not a move of the analysis. */
  g_assert_false (dj_finding_judge (&f, &a, 5, &t));
}

/* Set, cleared and undone: each one step; the person's annotations stay. */
static void
test_record (void)
{
  DjNode *second;
  g_autoptr(DjCollection) collection = annotated (&second);
  DjGame *game = dj_collection_get_game (collection, 0);
  DjFinding f = mistake_finding ();
  g_autofree char *before = NULL, *with = NULL, *cleared = NULL;
  gsize len;

  before = dj_xml_to_string (collection, &len);
  dj_game_set_finding (game, second, &f);
  g_assert_true (dj_finding_equal (dj_node_get_finding (second), &f));
  g_assert_true (dj_game_has_findings (game));
  with = dj_xml_to_string (collection, &len);
  g_assert_cmpint (dj_node_get_glyph (second), ==, DJ_GLYPH_DUBIOUS);
  g_assert_cmpstr (dj_node_get_comment_after (second), ==, "Mine.");

  dj_game_clear_findings (game);
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Clear Review");
  cleared = dj_xml_to_string (collection, &len);
  g_assert_cmpstr (cleared, ==, before);
  dj_game_undo (game);
  g_free (cleared);
  cleared = dj_xml_to_string (collection, &len);
  g_assert_cmpstr (cleared, ==, with);
  dj_game_undo (game);
  g_assert_null (dj_node_get_finding (second));
  g_assert_false (dj_game_can_undo (game));

  /* A copy keeps the findings. */
  dj_game_redo (game);
  {
    g_autoptr(DjGame) copy = dj_game_copy (game);
    DjNode *n = dj_node_get_first_child (dj_node_get_first_child (dj_game_get_root (copy)));

    g_assert_true (dj_finding_equal (dj_node_get_finding (n), &f));
  }
}

/* In XML and in the text notation: data, read back as written. */
static void
test_files (void)
{
  DjNode *second;
  g_autoptr(DjCollection) collection = annotated (&second);
  g_autoptr(DjCollection) from_xml = NULL, from_text = NULL;
  g_autoptr(GError) error = NULL;
  DjFinding f = mistake_finding ();
  g_autofree char *xml = NULL, *again = NULL, *text = NULL;
  gsize len, len2;
  DjNode *n;

  dj_game_set_finding (dj_collection_get_game (collection, 0), second, &f);
  xml = dj_xml_to_string (collection, &len);
  g_assert_nonnull (strstr (xml, "<finding judgement=\"mistake\" loss=\"4\" loss-exact=\"false\" "
                                 "before=\"6\" after=\"1 2\" line=\"b B pass\" inaccuracy=\"1\" "
                                 "mistake=\"3\" blunder=\"6\"/>"));
  from_xml = dj_xml_load_data (xml, len, "finding.djenon", &error);
  g_assert_no_error (error);
  n = dj_node_get_first_child (dj_node_get_first_child (
        dj_game_get_root (dj_collection_get_game (from_xml, 0))));
  g_assert_true (dj_finding_equal (dj_node_get_finding (n), &f));
  again = dj_xml_to_string (from_xml, &len2);
  g_assert_cmpstr (again, ==, xml);

  text = dj_notation_write_collection (collection);
  g_assert_nonnull (strstr (text, "C?!\n{[%review mistake loss=4+ before=6 after=1..2 "
                                  "line=b,B,pass thresholds=1,3,6] Mine.}"));
  from_text = dj_notation_parse (text, -1, "finding.djn", &error);
  g_assert_no_error (error);
  n = dj_node_get_first_child (dj_node_get_first_child (
        dj_game_get_root (dj_collection_get_game (from_text, 0))));
  g_assert_true (dj_finding_equal (dj_node_get_finding (n), &f));
  g_assert_cmpstr (dj_node_get_comment_after (n), ==, "Mine.");
  g_assert_cmpint (dj_node_get_glyph (n), ==, DJ_GLYPH_DUBIOUS);
}

/* A finding that does not hold together is refused, saying where. */
static void
test_invalid (void)
{
  static const char *const xml_cases[] = {
    /* a loss of 4 is no blunder by these thresholds */
    "<finding judgement=\"blunder\" loss=\"4\" before=\"6\" after=\"2\" line=\"b\" "
    "inaccuracy=\"1\" mistake=\"3\" blunder=\"6\"/>",
    /* thresholds out of order */
    "<finding judgement=\"mistake\" loss=\"4\" before=\"6\" after=\"2\" line=\"b\" "
    "inaccuracy=\"1\" mistake=\"7\" blunder=\"6\"/>",
    /* bounds the wrong way round */
    "<finding judgement=\"mistake\" loss=\"4\" before=\"6 2\" after=\"2\" line=\"b\" "
    "inaccuracy=\"1\" mistake=\"3\" blunder=\"6\"/>",
    /* a line too long */
    "<finding judgement=\"mistake\" loss=\"4\" before=\"6\" after=\"2\" line=\"b B b B b B b\" "
    "inaccuracy=\"1\" mistake=\"3\" blunder=\"6\"/>",
  };
  static const char *const text_cases[] = {
    "1. c {[%review blunder loss=4 before=6 after=2 line=b thresholds=1,3,6]}",
    "1. c {[%review mistake loss=4 before=6 after=2 thresholds=1,3,6]}",
    "1. c {[%review mistake loss=4 before=6 after=2 line=x thresholds=1,3,6]}",
    "1. c {[%review mistake loss=4 loss=5 before=6 after=2 line=b thresholds=1,3,6]}",
    "{[%review good loss=0 before=0 after=0 line=a thresholds=1,3,6]} 1. c",
  };

  for (guint i = 0; i < G_N_ELEMENTS (xml_cases); i++)
    {
      g_autofree char *xml = g_strdup_printf (
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<djenon xmlns=\"http://djenon.org/ns/game/1\" version=\"1\">\n"
        "  <game>\n    <rules variant=\"aboure\"/>\n    <moves>\n"
        "      <move pit=\"c\">\n        %s\n      </move>\n"
        "    </moves>\n  </game>\n</djenon>\n", xml_cases[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(DjCollection) c = dj_xml_load_data (xml, strlen (xml), "bad.djenon", &error);

      g_assert_null (c);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, "bad.djenon:7:"));
    }
  for (guint i = 0; i < G_N_ELEMENTS (text_cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DjCollection) c = dj_notation_parse (text_cases[i], -1, "bad.djn", &error);

      g_assert_null (c);
      g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_VALUE);
      g_assert_true (g_str_has_prefix (error->message, "bad.djn:1:"));
    }
}

/* Files without a review read and write byte for byte as before. */
static void
test_old_files (void)
{
  static const char *const files[] = {
    "../data/samples/abe-sample.djenon",
    "../data/samples/aboure-sample.djenon",
    "markup/markup.djenon",
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, files[i], NULL);
      g_autofree char *data = NULL;
      g_autofree char *written = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(DjCollection) c = NULL;
      gsize len, written_len;

      g_assert_true (g_file_get_contents (path, &data, &len, NULL));
      c = dj_xml_load_data (data, len, path, &error);
      g_assert_no_error (error);
      for (guint k = 0; k < dj_collection_get_n_games (c); k++)
        g_assert_false (dj_game_has_findings (dj_collection_get_game (c, k)));
      written = dj_xml_to_string (c, &written_len);
      g_assert_cmpmem (written, written_len, data, len);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  dj_xml_init ();

  g_test_add_func ("/djenon/findings/thresholds", test_thresholds);
  g_test_add_func ("/djenon/findings/judge", test_judge);
  g_test_add_func ("/djenon/findings/record", test_record);
  g_test_add_func ("/djenon/findings/files", test_files);
  g_test_add_func ("/djenon/findings/invalid", test_invalid);
  g_test_add_func ("/djenon/findings/old-files", test_old_files);
  return g_test_run ();
}
