/* test-notation.c: the text notation: reading, writing, paste
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <libxml/parser.h>
#include <libxml/xpathInternals.h>
#include <string.h>

#include "dj-notation.h"
#include "dj-test-record.h"
#include "dj-xml.h"

static DjCollection *
parse (const char  *text,
       GError     **error)
{
  return dj_notation_parse (text, -1, "game.txt", error);
}

/* Text → tree → text → tree: the same tree, the same text. */
static void
check_round_trip (DjCollection *collection)
{
  g_autofree char *text = dj_notation_write_collection (collection);
  g_autofree char *again = NULL, *before = NULL, *after = NULL;
  g_autoptr(DjCollection) parsed = NULL;
  g_autoptr(GError) error = NULL;

  parsed = parse (text, &error);
  if (error != NULL)
    g_printerr ("%s\n", text);
  g_assert_no_error (error);
  before = dump_collection (collection);
  after = dump_collection (parsed);
  if (strcmp (before, after) != 0)
    g_printerr ("%s\n", text);
  g_assert_cmpstr (before, ==, after);
  again = dj_notation_write_collection (parsed);
  g_assert_cmpstr (again, ==, text);
}

static void
test_example (void)
{
  /* The example of the documentation, on legal moves of Djenon-aboure */
  static const char text[] =
    "[Variant \"aboure\"]\n"
    "[South \"Awa\"]\n"
    "[Result \"0-1\"]\n"
    "\n"
    "1. b F 2. d (2. a!? {a quiet move} B) A {three relay laps} 3. a $14\n"
    "(3. c? D!) C 0-1\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = parse (text, &error);
  g_autofree char *written = NULL;
  DjGame *game;
  DjNode *root, *b, *f, *d, *a, *A;

  g_assert_no_error (error);
  g_assert_cmpuint (dj_collection_get_n_games (collection), ==, 1);
  game = dj_collection_get_game (collection, 0);
  g_assert_cmpint (dj_game_get_rules (game)->variant, ==, DJ_VARIANT_ABOURE);
  g_assert_cmpstr (dj_game_get_info (game)->south, ==, "Awa");
  g_assert_cmpint (dj_game_get_info (game)->result, ==, DJ_RESULT_NORTH_WINS);
  root = dj_game_get_root (game);
  b = dj_node_get_first_child (root);
  f = dj_node_get_first_child (b);
  d = dj_node_get_first_child (f);
  g_assert_cmpuint (dj_node_get_n_children (f), ==, 2);
  a = dj_node_get_nth_child (f, 1);
  g_assert_cmpstr (dj_move_to_string (dj_node_get_move (a)), ==, "a");
  g_assert_cmpint (dj_node_get_glyph (a), ==, DJ_GLYPH_INTERESTING);
  g_assert_cmpstr (dj_node_get_comment_after (a), ==, "a quiet move");
  g_assert_cmpuint (dj_node_get_n_children (a), ==, 1);
  A = dj_node_get_first_child (d);
  g_assert_cmpstr (dj_node_get_comment_after (A), ==, "three relay laps");
  g_assert_cmpint (dj_node_get_assessment (dj_node_get_first_child (A)), ==,
                   DJ_ASSESSMENT_SOUTH_SLIGHT);
  g_assert_cmpuint (dj_node_get_n_children (A), ==, 2);

  written = dj_notation_write_collection (collection);
  g_assert_cmpstr (written, ==,
                   "[Variant \"aboure\"]\n"
                   "[South \"Awa\"]\n"
                   "[Result \"0-1\"]\n"
                   "\n"
                   "1. b F 2. d (2. a!? {a quiet move} B) A {three relay laps} 3. a += (3. c? D!) C\n"
                   "0-1\n");
  check_round_trip (collection);
}

static void
test_comments (void)
{
  /* {} keeps the comment slot of a move; the next comment is "before". */
  static const char text[] =
    "[Variant \"aboure\"]\n\n"
    "{The start} {Before b} 1. b {} {Before F} F {After F [not a command]}\n"
    "({Before B} 1... B {Brace \\} and backslash \\\\ and \\[%ms 5] text}) {Before d} 2. d *\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = parse (text, &error);
  DjGame *game;
  DjNode *root, *b, *F, *B, *d;

  g_assert_no_error (error);
  game = dj_collection_get_game (collection, 0);
  root = dj_game_get_root (game);
  b = dj_node_get_first_child (root);
  F = dj_node_get_first_child (b);
  B = dj_node_get_nth_child (b, 1);
  d = dj_node_get_first_child (F);
  g_assert_cmpstr (dj_node_get_comment_after (root), ==, "The start");
  g_assert_cmpstr (dj_node_get_comment_before (b), ==, "Before b");
  g_assert_null (dj_node_get_comment_after (b));
  g_assert_cmpstr (dj_node_get_comment_before (F), ==, "Before F");
  g_assert_cmpstr (dj_node_get_comment_after (F), ==, "After F [not a command]");
  g_assert_cmpstr (dj_node_get_comment_before (B), ==, "Before B");
  g_assert_cmpstr (dj_node_get_comment_after (B), ==, "Brace } and backslash \\ and [%ms 5] text");
  g_assert_cmpint (dj_node_get_time_ms (B), ==, DJ_NO_TIME);
  g_assert_cmpstr (dj_node_get_comment_before (d), ==, "Before d");
  check_round_trip (collection);
}

static void
test_commands (void)
{
  static const char text[] =
    "[Variant \"abe\"]\n[Feeding \"immediate\"]\n\n"
    "{[%mark a green]} 1. c {[%ms 1500] [%mark c red A blue] Quick} *\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = parse (text, &error);
  DjGame *game;
  DjNode *c;

  g_assert_no_error (error);
  game = dj_collection_get_game (collection, 0);
  g_assert_cmpint (dj_game_get_rules (game)->feeding, ==, DJ_FEEDING_IMMEDIATE);
  g_assert_cmpint (dj_node_get_marker (dj_game_get_root (game), 0), ==, DJ_MARKER_GREEN);
  c = dj_node_get_first_child (dj_game_get_root (game));
  g_assert_cmpint (dj_node_get_time_ms (c), ==, 1500);
  g_assert_cmpint (dj_node_get_marker (c, 2), ==, DJ_MARKER_RED);
  g_assert_cmpint (dj_node_get_marker (c, 6), ==, DJ_MARKER_BLUE);
  g_assert_cmpstr (dj_node_get_comment_after (c), ==, "Quick");
  check_round_trip (collection);
}

static void
test_random_round_trips (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);

  for (guint i = 0; i < 2000; i++)
    {
      g_autoptr(DjCollection) collection = dj_collection_new ();
      guint games = g_rand_int_range (rand, 1, 4);

      for (guint g = 0; g < games; g++)
        {
          g_autoptr(DjGame) game = random_game (rand, g_rand_int_range (rand, 0, 60));

          dj_collection_append (collection, game);
        }
      check_round_trip (collection);
    }
}

/* XML → text → XML keeps every move, variation, comment and glyph (and
 * the rest, but for other namespaces' data). */
static void
test_samples_through_text (void)
{
  const char *names[] = { "aboure-sample.djenon", "abe-sample.djenon" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples",
                                                     names[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(DjCollection) from_xml = dj_xml_load_file (file, NULL, &error);
      g_autoptr(DjCollection) from_text = NULL;
      g_autofree char *text = NULL, *xml1 = NULL, *xml2 = NULL;

      g_assert_no_error (error);
      text = dj_notation_write_collection (from_xml);
      from_text = parse (text, &error);
      g_assert_no_error (error);
      xml1 = dj_xml_to_string (from_xml, NULL);
      xml2 = dj_xml_to_string (from_text, NULL);
      g_assert_cmpstr (xml1, ==, xml2);
    }
}

/* A byte order mark may begin a file (README, "Limits"): the same games
 * as without it, and places counted after it. */
static void
test_byte_order_mark (void)
{
  static const char text[] = "[Variant \"aboure\"]\n[South \"Awa\"]\n\n1. b F {quiet} 2. d *\n";
  g_autofree char *with_mark = g_strconcat ("\xEF\xBB\xBF", text, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) plain = parse (text, &error);
  g_autoptr(DjCollection) marked = NULL;
  g_autofree char *want = NULL, *got = NULL;

  g_assert_no_error (error);
  marked = parse (with_mark, &error);
  g_assert_no_error (error);
  want = dump_collection (plain);
  got = dump_collection (marked);
  g_assert_cmpstr (got, ==, want);

  /* A move first, and an error on the first line: column 1 is after it. */
  g_clear_pointer (&marked, g_object_unref);
  marked = parse ("\xEF\xBB\xBFx", &error);
  g_assert_null (marked);
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_VALUE);
  g_assert_true (g_str_has_prefix (error->message, "game.txt:1:1: "));
  g_clear_error (&error);

  /* Only at the start: elsewhere it is not white space. */
  marked = parse ("[Variant \"aboure\"]\n1. b \xEF\xBB\xBF F *", &error);
  g_assert_null (marked);
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_SYNTAX);
}

static void
test_errors (void)
{
  static const struct
  {
    const char   *text;
    DjFormatError code;
    const char   *message;
  } cases[] = {
    { "[Variant \"aboure\"]\n\n1. c D *", DJ_FORMAT_ERROR_ILLEGAL_MOVE,
      "game.txt:3:6: illegal move D: A single seed cannot be moved in Djenon-aboure" },
    { "[Variant \"aboure\"]\n1. b (1. c\n   F *", DJ_FORMAT_ERROR_STRUCTURE,
      "game.txt:2:6: this variation is not closed with “)”" },
    { "[Variant \"aboure\"]\n1. b F) *", DJ_FORMAT_ERROR_STRUCTURE,
      "game.txt:2:7: “)” closes no variation" },
    { "[Variant \"aboure\"]\n1. b {never closed\n\n", DJ_FORMAT_ERROR_SYNTAX,
      "game.txt:2:6: this comment is not closed with “}”" },
    { "[Variant \"aboure\"]\n(1. b) *", DJ_FORMAT_ERROR_STRUCTURE,
      "game.txt:2:1: a variation is an alternative to the move before it" },
    { "[Variant \"aboure\"]\n1. b () *", DJ_FORMAT_ERROR_STRUCTURE,
      "game.txt:2:7: this variation has no moves" },
    { "[Variant \"aboure\"]\n1. b x *", DJ_FORMAT_ERROR_SYNTAX,
      "game.txt:2:6: “x” is not a move" },
    { "[Variant \"aboure\"]\n1. b € *", DJ_FORMAT_ERROR_SYNTAX,
      "game.txt:2:6: unexpected “€”" },
    { "[Variant \"chess\"]\n1. b *", DJ_FORMAT_ERROR_VALUE,
      "game.txt:1:1: unknown game “chess”" },
    { "1. b *", DJ_FORMAT_ERROR_VALUE, "game.txt:1:1: the game does not say which game" },
    { "[Variant \"aboure\"]\n[Setup \"4 4 4 4 4 4 4 4 4 4 4 3 0 0 S\"]\n1. b *",
      DJ_FORMAT_ERROR_POSITION, "game.txt:1:1: impossible set-up position" },
    { "[Variant \"aboure\"]\n[Date \"2023-13\"]\n*", DJ_FORMAT_ERROR_VALUE,
      "game.txt:1:1: “2023-13” is not a date" },
    { "[Variant \"aboure\n", DJ_FORMAT_ERROR_SYNTAX,
      "game.txt:1:1: the value of this header has no closing quote" },
    { "[Variant \"aboure\"]\n1. b F 2. d A!!? *", DJ_FORMAT_ERROR_SYNTAX,
      "game.txt:2:14: “!!?” is not a glyph" },
    { "[Variant \"aboure\"]\n1. b ++ *", DJ_FORMAT_ERROR_SYNTAX,
      "game.txt:2:6: “++” is not an assessment" },
    { "", DJ_FORMAT_ERROR_SYNTAX, "game.txt:1:1: the text holds no game" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DjCollection) collection = parse (cases[i].text, &error);

      if (collection != NULL)
        g_error ("case %u was read without error", i);
      g_assert_nonnull (error);
      if (!g_str_has_prefix (error->message, cases[i].message) ||
          error->code != (int) cases[i].code)
        g_error ("case %u: expected %s (%d), got %s (%d)", i, cases[i].message,
                 cases[i].code, error->message, error->code);
    }

  /* A text given with its length is read no further (the fuzzer found a
   * read past the end here), and a NUL in it is refused. */
  {
    static const char data[] = "[Variant \"abe\"]1-0 and more";
    g_autofree char *exact = g_memdup2 (data, 17);
    g_autoptr(GError) error = NULL;
    g_autoptr(DjCollection) collection = dj_notation_parse (exact, 17, "game.txt", &error);

    g_assert_null (collection);
    g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_SYNTAX);
    g_assert_cmpstr (error->message, ==,
                     "game.txt:1:16: “1” is neither a move number (“1.”) nor a result");
    g_clear_error (&error);
    collection = dj_notation_parse ("[Variant \"abe\"]\n1. a\0 b", 24, "game.txt", &error);
    g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_SYNTAX);
    g_assert_cmpstr (error->message, ==, "game.txt:2:5: the text holds a NUL character");
  }

  /* Many comments before one move add up to one comment, within limits
   * and quickly. */
  {
    GString *many = g_string_new ("[Variant \"aboure\"]\n1. b ");
    g_autoptr(GError) error = NULL;
    g_autoptr(DjCollection) collection = NULL;
    gint64 t0 = g_get_monotonic_time ();

    for (guint i = 0; i < 200000; i++)
      g_string_append (many, "{x} ");
    g_string_append (many, "F *\n");
    collection = dj_notation_parse (many->str, many->len, "game.txt", &error);
    g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_LIMIT);
    g_assert_true (g_str_has_prefix (error->message, "game.txt:2:"));
    g_assert_cmpint (g_get_monotonic_time () - t0, <, 5 * G_USEC_PER_SEC);
    g_string_free (many, TRUE);
  }

  /* Invalid UTF-8 names its place too. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(DjCollection) collection = parse ("[Variant \"aboure\"]\n1. b {caf\xff} *", &error);

    g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_SYNTAX);
    g_assert_cmpstr (error->message, ==, "game.txt:2:10: the text is not valid UTF-8");
  }
}

static void
test_tag_keys (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjGame) game = dj_game_new (&rules, NULL);
  g_autoptr(DjGameInfo) info = dj_game_info_new ();
  g_autoptr(DjCollection) collection = dj_collection_new ();
  g_autofree char *text = NULL;

  /* Any key of a game file's free pairs survives the text form. */
  dj_game_info_set_tag (info, "Opening", "Relay");
  dj_game_info_set_tag (info, "time control", "15 \"min\"");
  dj_game_info_set_tag (info, "South", "not the player");
  dj_game_set_info (game, info);
  dj_collection_append (collection, game);
  text = dj_notation_write_collection (collection);
  g_assert_nonnull (strstr (text, "[Opening \"Relay\"]\n[\"time control\" \"15 \\\"min\\\"\"]\n"
                                  "[\"South\" \"not the player\"]\n"));
  check_round_trip (collection);
}

static void
test_several_games (void)
{
  static const char text[] =
    "[Variant \"aboure\"]\n\n1. b F 0-1\n\n"
    "[Variant \"abe\"]\n[North \"Bakary\"]\n\n1. a *\n\n"
    "[Variant \"aboure\"]\n[Setup \"0 0 2 0 0 0 0 0 0 2 0 0 22 22 N\"]\n\n1... D 2. c\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = parse (text, &error);
  DjGame *third;

  g_assert_no_error (error);
  g_assert_cmpuint (dj_collection_get_n_games (collection), ==, 3);
  g_assert_cmpstr (dj_game_get_info (dj_collection_get_game (collection, 1))->north, ==,
                   "Bakary");
  third = dj_collection_get_game (collection, 2);
  g_assert_true (dj_game_has_setup (third));
  g_assert_cmpint (dj_game_get_start (third)->to_move, ==, DJ_NORTH);
  g_assert_cmpuint (dj_game_get_n_nodes (third), ==, 3);
  check_round_trip (collection);
}

static void
test_paste (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjGame) game = dj_game_new (&rules, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL, *after_error = NULL;
  DjNode *root = dj_game_get_root (game);
  DjNode *b, *first, *A;

  b = dj_game_play (game, root, 1, NULL);
  dj_game_clear_undo (game);
  dj_game_set_modified (game, FALSE);
  before = dump_game (game);

  /* An illegal move anywhere: nothing changes. */
  g_assert_null (dj_notation_paste (game, b, "1... F 2. d (2. e) A 3. c A", &error));
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_ILLEGAL_MOVE);
  g_assert_true (g_str_has_prefix (error->message,
                                   "pasted text:1:27: illegal move A: This pit is empty"));
  g_clear_error (&error);
  after_error = dump_game (game);
  g_assert_cmpstr (after_error, ==, before);
  g_assert_false (dj_game_can_undo (game));

  /* Moves after b, with a variation and comments; one undo step. */
  first = dj_notation_paste (game, b, "{Why not} F! 2. d (2. a {quiet}) A $16", &error);
  g_assert_no_error (error);
  g_assert_nonnull (first);
  g_assert_cmpstr (dj_move_to_string (dj_node_get_move (first)), ==, "F");
  g_assert_true (dj_node_get_parent (first) == b);
  g_assert_cmpstr (dj_node_get_comment_before (first), ==, "Why not");
  g_assert_cmpint (dj_node_get_glyph (first), ==, DJ_GLYPH_GOOD);
  g_assert_cmpuint (dj_node_get_n_children (first), ==, 2);
  A = dj_node_get_first_child (dj_node_get_first_child (first));
  g_assert_cmpint (dj_node_get_assessment (A), ==, DJ_ASSESSMENT_SOUTH_CLEAR);
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Paste Moves");

  /* Pasting the same again follows the moves: no duplicates. */
  g_assert_nonnull (dj_notation_paste (game, b, "F 2. d A", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 6);

  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Paste Moves");
  dj_game_undo (game);
  g_assert_false (dj_game_can_undo (game));
  {
    g_autofree char *undone = dump_game (game);

    g_assert_cmpstr (undone, ==, before);
  }

  /* A whole copied game, headers and all, pastes its moves. */
  first = dj_notation_paste (game, root, "[Variant \"aboure\"]\n[South \"X\"]\n\n1. b F 2. d *",
                             &error);
  g_assert_no_error (error);
  g_assert_true (first == b);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 4);
}

/* The help page's example file is read as it stands, is in canonical form,
 * and its text form in the page is what the writer writes. */
static char *
page_code (xmlDocPtr   doc,
           const char *xpath)
{
  xmlXPathContextPtr ctx = xmlXPathNewContext (doc);
  xmlXPathObjectPtr found;
  char *text = NULL;

  xmlXPathRegisterNs (ctx, BAD_CAST "m", BAD_CAST "http://projectmallard.org/1.0/");
  found = xmlXPathEvalExpression (BAD_CAST xpath, ctx);
  if (found != NULL && found->nodesetval != NULL && found->nodesetval->nodeNr > 0)
    {
      xmlChar *content = xmlNodeGetContent (found->nodesetval->nodeTab[0]);

      text = g_strdup ((const char *) content);
      xmlFree (content);
    }
  xmlXPathFreeObject (found);
  xmlXPathFreeContext (ctx);
  return text;
}

static void
test_help_page_example (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "help", "C",
                                                 "file-format.page", NULL);
  g_autofree char *xml = NULL, *text = NULL, *written_xml = NULL, *written_text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = NULL;
  g_autoptr(DjCollection) from_text = NULL;
  xmlDocPtr doc = xmlReadFile (path, NULL, XML_PARSE_NONET);

  g_assert_nonnull (doc);
  xml = page_code (doc, "//m:section[@id='example']/m:code");
  text = page_code (doc, "//m:section[@id='text']/m:code");
  xmlFreeDoc (doc);
  g_assert_nonnull (xml);
  g_assert_nonnull (text);

  collection = dj_xml_load_data (xml, strlen (xml), "file-format.page", &error);
  g_assert_no_error (error);
  written_xml = dj_xml_to_string (collection, NULL);
  g_assert_true (g_str_has_prefix (written_xml, xml));
  g_assert_cmpstr (written_xml + strlen (xml), ==, "\n");
  written_text = dj_notation_write_collection (collection);
  g_assert_true (g_str_has_prefix (written_text, text));
  g_assert_cmpstr (written_text + strlen (text), ==, "\n");
  from_text = parse (text, &error);
  g_assert_no_error (error);
}

/* Very long lines and very deep variations, on a small stack. */
typedef struct
{
  guint    n;
  gboolean nested;
} BigJob;

static void *
big_job (void *data)
{
  BigJob *job = data;
  g_autoptr(DjCollection) collection = dj_collection_new ();
  g_autoptr(DjCollection) parsed = NULL;
  g_autoptr(DjGame) game = build_long_game (job->n, job->nested, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL, *again = NULL;

  dj_collection_append (collection, game);
  text = dj_notation_write_collection (collection);
  parsed = parse (text, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dj_game_get_n_nodes (dj_collection_get_game (parsed, 0)), ==,
                    dj_game_get_n_nodes (game));
  again = dj_notation_write_collection (parsed);
  g_assert_cmpstr (again, ==, text);
  return NULL;
}

static void
test_long_line (void)
{
  BigJob job = { 1000000, FALSE };

  run_with_small_stack (big_job, &job, 256 * 1024);
}

/* Comments are never copied over and over (it was quadratic: a variation
 * repeated, each time with a comment, was merged into the first and its
 * comment joined to the one before, 9.6/19.2/39.2 MB in 0.58/2.05/11.65 s).
 * By shape: a repeated variation is refused where it repeats, whatever
 * follows; where variations differ, every comment holds what was written
 * for it once, so the comments kept add up to the comments read. */
static void
test_comments_linear (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(GArray) line = dj_long_legal_line (3000);
  g_autoptr(GString) text = g_string_new ("[Variant \"aboure\"]\n\n1. b");
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = NULL;
  DjPosition pos;
  guint variations = 0;
  gsize held = 0;
  DjGame *game;
  DjNode *root;

  for (guint i = 0; i < 200000; i++)
    g_string_append (text, " (1. a {x} {y})");
  g_string_append (text, " *\n");
  collection = dj_notation_parse (text->str, text->len, "game.txt", &error);
  g_assert_null (collection);
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_STRUCTURE);
  g_assert_cmpstr (error->message, ==,
                   "game.txt:3:25: move a is given twice at the same point: a variation must "
                   "differ from the move it is an alternative to");
  g_clear_error (&error);

  /* A long line with every other legal move as a variation, each with a
   * comment of its own and one at its end, and two after each move. */
  g_string_assign (text, "[Variant \"abe\"]\n\n");
  dj_position_init_start (&pos);
  for (guint i = 0; i < line->len; i++)
    {
      DjMove m = g_array_index (line, DjMove, i);
      DjMoves moves;
      DjPosition child;

      dj_moves_generate (&rules, &pos, &moves);
      g_string_append_printf (text, "%s {c} {d} ", dj_move_to_string (m));
      for (guint k = 0; k < DJ_ROW_PITS; k++)
        if (moves.pit[k] == DJ_PIT_LEGAL && (DjMove) (moves.row_start + k) != m)
          {
            g_string_append_printf (text, "(%s {x} {y}) ",
                                    dj_move_to_string (moves.row_start + k));
            variations++;
          }
      g_assert_true (dj_moves_child (&moves, &pos, m, &child));
      pos = child;
    }
  g_string_append (text, "*\n");
  collection = dj_notation_parse (text->str, text->len, "game.txt", &error);
  g_assert_no_error (error);
  game = dj_collection_get_game (collection, 0);
  root = dj_game_get_root (game);
  for (DjNode *n = dj_node_walk_next (root, root); n != NULL; n = dj_node_walk_next (n, root))
    {
      const char *before = dj_node_get_comment_before (n);
      const char *after = dj_node_get_comment_after (n);
      gboolean main_line = dj_node_get_first_child (dj_node_get_parent (n)) == n;

      /* A main move's own comment is "c" and "d" comes before the next
       * move; a variation's "x" is its own and "y", at its end, joins it. */
      if (!main_line)
        g_assert_cmpstr (after, ==, "x y");
      else
        g_assert_cmpstr (after, ==, "c");
      held += (before ? strlen (before) : 0) + (after ? strlen (after) : 0);
    }
  g_assert_cmpuint (variations, >, 5000);
  /* "c", "d" and "x y": what was written, once. */
  g_assert_cmpuint (held, ==, 2 * line->len + 3 * variations);
}

static void
test_deep_variations (void)
{
  BigJob job = { 100000, TRUE };

  run_with_small_stack (big_job, &job, 256 * 1024);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/djenon/notation/example", test_example);
  g_test_add_func ("/djenon/notation/comments", test_comments);
  g_test_add_func ("/djenon/notation/commands", test_commands);
  g_test_add_func ("/djenon/notation/random-round-trips", test_random_round_trips);
  g_test_add_func ("/djenon/notation/samples-through-text", test_samples_through_text);
  g_test_add_func ("/djenon/notation/errors", test_errors);
  g_test_add_func ("/djenon/notation/byte-order-mark", test_byte_order_mark);
  g_test_add_func ("/djenon/notation/comments-linear", test_comments_linear);
  g_test_add_func ("/djenon/notation/tag-keys", test_tag_keys);
  g_test_add_func ("/djenon/notation/several-games", test_several_games);
  g_test_add_func ("/djenon/notation/paste", test_paste);
  g_test_add_func ("/djenon/notation/help-page-example", test_help_page_example);
  g_test_add_func ("/djenon/notation/long-line", test_long_line);
  g_test_add_func ("/djenon/notation/deep-variations", test_deep_variations);

  return g_test_run ();
}
