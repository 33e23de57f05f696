/* test-markup.c: board markup in the record, the XML files and the text
 * notation: marks of every shape, labels and arrows, their undo, round
 * trips, files of older versions, and what is refused and why.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <string.h>

#include "dj-notation.h"
#include "dj-test-record.h"
#include "dj-xml.h"

static const DjRules aboure = DJ_RULES_INIT (DJ_VARIANT_ABOURE);

static char *
test_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "markup", name, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static DjCollection *
load_xml (const char  *xml,
          GError     **error)
{
  return dj_xml_load_data (xml, strlen (xml), "game.djenon", error);
}

static DjNode *
play (DjGame     *game,
      DjNode     *node,
      const char *move)
{
  DjMove m;

  g_assert_true (dj_move_from_string (move, &m));
  return dj_game_play (game, node, m, NULL);
}

/* The record ---------------------------------------------------------- */

static void
test_values (void)
{
  DjMarkup m, n;
  g_autofree char *said = NULL;

  dj_markup_init (&m);
  g_assert_true (dj_markup_is_empty (&m));
  g_assert_true (dj_markup_equal (&m, NULL));

  /* Labels: one to four characters, any script, no spaces or , [ ] { } \ */
  g_assert_true (dj_mark_label_is_valid ("1"));
  g_assert_true (dj_mark_label_is_valid ("ab?!"));
  g_assert_true (dj_mark_label_is_valid ("क्ष"));
  g_assert_true (dj_mark_label_is_valid ("A:b"));
  g_assert_false (dj_mark_label_is_valid (""));
  g_assert_false (dj_mark_label_is_valid (NULL));
  g_assert_false (dj_mark_label_is_valid ("abcde"));
  g_assert_false (dj_mark_label_is_valid ("a b"));
  g_assert_false (dj_mark_label_is_valid ("a,b"));
  g_assert_false (dj_mark_label_is_valid ("a]"));
  g_assert_false (dj_mark_label_is_valid ("{"));
  g_assert_false (dj_mark_label_is_valid ("\\"));
  g_assert_false (dj_mark_label_is_valid ("a\tb"));
  g_assert_false (dj_mark_label_is_valid ("\xff"));

  /* Bad marks change nothing. */
  g_assert_false (dj_markup_set_mark (&m, 12, DJ_MARK_CROSS, DJ_MARKER_RED, NULL));
  g_assert_false (dj_markup_set_mark (&m, 0, DJ_MARK_CROSS, DJ_MARKER_NONE, NULL));
  g_assert_false (dj_markup_set_mark (&m, 0, DJ_MARK_LABEL, DJ_MARKER_RED, "toolong"));
  g_assert_false (dj_markup_set_mark (&m, 0, DJ_MARK_SHAPE_LAST + 1, DJ_MARKER_RED, NULL));
  g_assert_true (dj_markup_is_empty (&m));

  g_assert_true (dj_markup_set_mark (&m, 2, DJ_MARK_TRIANGLE, DJ_MARKER_BLUE, "ignored"));
  g_assert_cmpstr (m.pits[2].label, ==, "");
  g_assert_true (dj_markup_set_mark (&m, 3, DJ_MARK_LABEL, DJ_MARKER_YELLOW, "2"));

  /* Arrows: each pair once, never to itself, at most DJ_MARKUP_MAX_ARROWS. */
  g_assert_false (dj_markup_add_arrow (&m, 2, 2, DJ_MARKER_RED));
  g_assert_false (dj_markup_add_arrow (&m, 2, 12, DJ_MARKER_RED));
  g_assert_false (dj_markup_add_arrow (&m, 2, 3, DJ_MARKER_NONE));
  g_assert_true (dj_markup_toggle_arrow (&m, 2, 10, DJ_MARKER_GREEN));
  g_assert_true (dj_markup_toggle_arrow (&m, 10, 2, DJ_MARKER_GREEN));
  g_assert_cmpuint (m.n_arrows, ==, 2);
  g_assert_true (dj_markup_toggle_arrow (&m, 2, 10, DJ_MARKER_RED));   /* recoloured */
  g_assert_cmpuint (m.n_arrows, ==, 2);
  g_assert_cmpint (m.arrows[0].colour, ==, DJ_MARKER_RED);

  said = dj_markup_describe_pit (&m, 2);
  g_assert_cmpstr (said, ==, "Blue triangle. Arrow to pit E (Red). Arrow from pit E (Green).");
  g_clear_pointer (&said, g_free);
  said = dj_markup_describe_pit (&m, 3);
  g_assert_cmpstr (said, ==, "Yellow label “2”.");
  g_clear_pointer (&said, g_free);
  g_assert_null (dj_markup_describe_pit (&m, 5));

  /* Removing keeps the rest in order and the unused bytes zero. */
  n = m;
  g_assert_true (dj_markup_toggle_arrow (&m, 2, 10, DJ_MARKER_RED));
  g_assert_cmpuint (m.n_arrows, ==, 1);
  g_assert_cmpuint (m.arrows[0].from, ==, 10);
  g_assert_false (dj_markup_equal (&m, &n));
  g_assert_true (dj_markup_add_arrow (&n, 2, 10, DJ_MARKER_RED));
  g_assert_true (dj_markup_remove_arrow (&n, 2, 10));
  g_assert_true (dj_markup_equal (&m, &n));

  dj_markup_init (&m);
  for (guint i = 0; i < DJ_MARKUP_MAX_ARROWS; i++)
    g_assert_true (dj_markup_add_arrow (&m, i % DJ_N_PITS, (i % DJ_N_PITS + 1 + i / DJ_N_PITS) %
                                        DJ_N_PITS, DJ_MARKER_BLUE));
  g_assert_false (dj_markup_add_arrow (&m, 0, 5, DJ_MARKER_BLUE));
  g_assert_cmpuint (m.n_arrows, ==, DJ_MARKUP_MAX_ARROWS);
}

static void
test_record_undo (void)
{
  g_autoptr(DjGame) game = dj_game_new (&aboure, NULL);
  g_autoptr(DjGame) copy = NULL;
  DjNode *c = play (game, dj_game_get_root (game), "c");
  DjMarkup before;

  g_assert_null (dj_node_get_markup (c));
  dj_game_clear_undo (game);

  dj_game_set_mark (game, c, 0, DJ_MARK_CROSS, DJ_MARKER_RED, NULL);
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Mark Pit");
  dj_game_set_mark (game, c, 1, DJ_MARK_LABEL, DJ_MARKER_GREEN, "12");
  dj_game_toggle_arrow (game, c, 2, 10, DJ_MARKER_BLUE);
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Draw Arrow");
  g_assert_true (dj_node_has_markers (c));
  g_assert_true (dj_node_has_annotations (c));
  g_assert_cmpint (dj_node_get_marker (c, 0), ==, DJ_MARKER_RED);
  before = *dj_node_get_markup (c);

  /* The old colour call recolours, keeping the shape. */
  dj_game_set_marker (game, c, 0, DJ_MARKER_YELLOW);
  g_assert_cmpint (dj_node_get_markup (c)->pits[0].shape, ==, DJ_MARK_CROSS);
  g_assert_cmpint (dj_node_get_markup (c)->pits[0].colour, ==, DJ_MARKER_YELLOW);
  dj_game_undo (game);
  g_assert_true (dj_markup_equal (dj_node_get_markup (c), &before));

  /* A copy of the game keeps its own. */
  copy = dj_game_copy (game);
  g_assert_true (dj_markup_equal (dj_node_get_markup (dj_node_get_first_child (
                                    dj_game_get_root (copy))), &before));

  /* Clearing is one step; undone, all is back; the same again does nothing. */
  dj_game_clear_markers (game, c);
  g_assert_null (dj_node_get_markup (c));
  g_assert_false (dj_node_has_annotations (c));
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Clear Markup");
  dj_game_clear_markers (game, c);
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Clear Markup");
  dj_game_undo (game);
  g_assert_true (dj_markup_equal (dj_node_get_markup (c), &before));
  dj_game_redo (game);
  g_assert_null (dj_node_get_markup (c));
  dj_game_undo (game);

  /* Undone step by step, back to nothing, and redone. */
  dj_game_undo (game);
  dj_game_undo (game);
  dj_game_undo (game);
  g_assert_null (dj_node_get_markup (c));
  g_assert_false (dj_game_can_undo (game));
  dj_game_redo (game);
  dj_game_redo (game);
  dj_game_redo (game);
  g_assert_true (dj_markup_equal (dj_node_get_markup (c), &before));
  g_assert_true (dj_game_get_modified (game));
}

/* XML ---------------------------------------------------------------------- */

static void
check_schema (const char *xml)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "djenon-game.rng",
                                                 NULL);
  xmlRelaxNGParserCtxtPtr pctxt = xmlRelaxNGNewParserCtxt (path);
  xmlRelaxNGPtr schema = xmlRelaxNGParse (pctxt);
  xmlRelaxNGValidCtxtPtr vctxt = xmlRelaxNGNewValidCtxt (schema);
  xmlDocPtr doc = xmlReadMemory (xml, strlen (xml), "markup.djenon", NULL, XML_PARSE_NONET);

  g_assert_nonnull (schema);
  g_assert_nonnull (doc);
  g_assert_cmpint (xmlRelaxNGValidateDoc (vctxt, doc), ==, 0);
  xmlFreeDoc (doc);
  xmlRelaxNGFreeValidCtxt (vctxt);
  xmlRelaxNGFree (schema);
  xmlRelaxNGFreeParserCtxt (pctxt);
}

static void
test_xml_file (void)
{
  g_autofree char *xml = test_file ("markup.djenon");
  g_autofree char *again = NULL, *text = NULL, *dump = NULL, *dump2 = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = load_xml (xml, &error);
  g_autoptr(DjCollection) from_text = NULL;
  DjGame *game;
  const DjMarkup *m;

  g_assert_no_error (error);
  check_schema (xml);
  game = dj_collection_get_game (collection, 0);

  m = dj_node_get_markup (dj_game_get_root (game));
  g_assert_nonnull (m);
  g_assert_cmpint (m->pits[2].shape, ==, DJ_MARK_CIRCLE);
  g_assert_cmpint (m->pits[2].colour, ==, DJ_MARKER_GREEN);
  g_assert_cmpuint (m->n_arrows, ==, 1);

  m = dj_node_get_markup (dj_node_get_first_child (dj_game_get_root (game)));
  g_assert_cmpint (m->pits[0].shape, ==, DJ_MARK_CROSS);
  g_assert_cmpint (m->pits[0].colour, ==, DJ_MARKER_RED);
  g_assert_cmpint (m->pits[1].shape, ==, DJ_MARK_TRIANGLE);
  g_assert_cmpint (m->pits[3].shape, ==, DJ_MARK_SQUARE);
  g_assert_cmpint (m->pits[3].colour, ==, DJ_MARKER_YELLOW);
  g_assert_cmpint (m->pits[4].shape, ==, DJ_MARK_LABEL);
  g_assert_cmpstr (m->pits[4].label, ==, "1");
  g_assert_cmpstr (m->pits[5].label, ==, "क्ष");
  g_assert_cmpint (m->pits[9].shape, ==, DJ_MARK_CIRCLE);
  g_assert_cmpuint (m->n_arrows, ==, 2);
  g_assert_cmpuint (m->arrows[0].from, ==, 10);
  g_assert_cmpuint (m->arrows[0].to, ==, 9);
  g_assert_cmpuint (m->arrows[1].from, ==, 9);
  g_assert_cmpuint (m->arrows[1].to, ==, 8);
  g_assert_cmpint (m->arrows[1].colour, ==, DJ_MARKER_RED);

  /* Written again: the same bytes, valid. */
  again = dj_xml_to_string (collection, NULL);
  g_assert_cmpstr (again, ==, xml);

  /* Through the text notation and back: the same tree. */
  text = dj_notation_write_collection (collection);
  g_assert_nonnull (strstr (text, "[%csl Rxa,Btb,Ysd,BD] [%clb Ge:1,Rf:क्ष] [%cal RED,RDC]"));
  from_text = dj_notation_parse (text, -1, "markup.txt", &error);
  g_assert_no_error (error);
  dump = dump_collection (collection);
  dump2 = dump_collection (from_text);
  g_assert_cmpstr (dump, ==, dump2);

  /* An explicit circle is a circle. */
  {
    const char *plain = "<marker pit=\"D\" colour=\"blue\"/>";
    const char *at = strstr (xml, plain);
    g_autofree char *head = NULL, *edited = NULL;
    g_autoptr(DjCollection) loaded = NULL;

    g_assert_nonnull (at);
    head = g_strndup (xml, at - xml);
    edited = g_strconcat (head, "<marker pit=\"D\" colour=\"blue\" shape=\"circle\"/>",
                          at + strlen (plain), NULL);
    check_schema (edited);
    loaded = load_xml (edited, &error);
    g_assert_no_error (error);
    m = dj_node_get_markup (dj_node_get_first_child (
          dj_game_get_root (dj_collection_get_game (loaded, 0))));
    g_assert_cmpint (m->pits[9].shape, ==, DJ_MARK_CIRCLE);
    g_assert_cmpint (m->pits[9].colour, ==, DJ_MARKER_BLUE);
  }
}

/* A file of an older version, with only colour markers, opens as it was and
 * is written back byte for byte. */
static void
test_xml_older (void)
{
  g_autofree char *xml = test_file ("older.djenon");
  g_autofree char *again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = load_xml (xml, &error);
  g_autoptr(DjCollection) old_text = NULL;
  DjNode *root, *c;

  g_assert_no_error (error);
  root = dj_game_get_root (dj_collection_get_game (collection, 0));
  c = dj_node_get_first_child (root);
  g_assert_cmpint (dj_node_get_marker (root, 0), ==, DJ_MARKER_GREEN);
  g_assert_cmpint (dj_node_get_markup (root)->pits[0].shape, ==, DJ_MARK_CIRCLE);
  g_assert_cmpint (dj_node_get_marker (c, 9), ==, DJ_MARKER_GREEN);
  g_assert_cmpint (dj_node_get_marker (c, 11), ==, DJ_MARKER_YELLOW);
  g_assert_cmpuint (dj_node_get_markup (c)->n_arrows, ==, 0);
  g_assert_null (dj_node_get_markup (dj_node_get_first_child (c)));
  g_assert_false (dj_collection_get_modified (collection));
  again = dj_xml_to_string (collection, NULL);
  g_assert_cmpstr (again, ==, xml);

  /* The old text command still reads, as the same circles. */
  old_text = dj_notation_parse ("[Variant \"aboure\"]\n\n{[%mark a green]} 1. c! "
                                "{[%mark D green F yellow] Markers as they were.} A *\n",
                                -1, "old.txt", &error);
  g_assert_no_error (error);
  {
    DjNode *old_root = dj_game_get_root (dj_collection_get_game (old_text, 0));

    g_assert_true (dj_markup_equal (dj_node_get_markup (old_root), dj_node_get_markup (root)));
    g_assert_true (dj_markup_equal (dj_node_get_markup (dj_node_get_first_child (old_root)),
                                    dj_node_get_markup (c)));
  }
}

typedef struct
{
  const char *element;   /* inside <move pit="c"> */
  const char *message;   /* part of the error */
} BadXml;

static const BadXml bad_xml[] = {
  { "<marker pit=\"a\" colour=\"red\" shape=\"star\"/>", ":7:" },
  { "<marker pit=\"a\" colour=\"red\" shape=\"label\"/>", ":7:" },
  { "<marker pit=\"a\" colour=\"red\" label=\"1\"/>", ":7:" },
  { "<marker pit=\"a\" colour=\"red\" shape=\"label\" label=\"12345\"/>", ":7:" },
  { "<marker pit=\"a\" colour=\"red\" shape=\"label\" label=\"a b\"/>", ":7:" },
  { "<marker pit=\"a\" colour=\"red\" shape=\"label\" label=\"\"/>", ":7:" },
  { "<marker pit=\"a\" colour=\"red\"/><marker pit=\"a\" colour=\"blue\" shape=\"cross\"/>",
    "pit a is marked twice" },
  { "<arrow from=\"a\" to=\"a\" colour=\"red\"/>", ":7:" },
  { "<arrow from=\"a\" to=\"pass\" colour=\"red\"/>", ":7:" },
  { "<arrow from=\"a\" to=\"b\" colour=\"pink\"/>", ":7:" },
  { "<arrow from=\"a\" to=\"b\"/>", ":7:" },
  { "<arrow from=\"a\" to=\"b\" colour=\"red\"/><arrow from=\"a\" to=\"b\" colour=\"blue\"/>",
    "the arrow from a to b is drawn twice" },
  { "<arrow from=\"a\" to=\"b\" colour=\"red\"/><marker pit=\"a\" colour=\"red\"/>", ":7:" },
};

static void
test_xml_errors (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_xml); i++)
    {
      g_autofree char *xml = g_strdup_printf (
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<djenon xmlns=\"http://djenon.org/ns/game/1\" version=\"1\">\n"
        "  <game>\n"
        "    <rules variant=\"aboure\"/>\n"
        "    <moves>\n"
        "      <move pit=\"c\">\n"
        "        %s\n"
        "      </move>\n"
        "    </moves>\n"
        "  </game>\n"
        "</djenon>\n", bad_xml[i].element);
      g_autoptr(GError) error = NULL;
      g_autoptr(DjCollection) collection = load_xml (xml, &error);

      g_test_message ("%s", bad_xml[i].element);
      g_assert_null (collection);
      g_assert_error (error, DJ_FORMAT_ERROR, error->code);
      g_test_message ("→ %s", error->message);
      g_assert_nonnull (strstr (error->message, bad_xml[i].message));
    }

  /* More arrows than a move may have. */
  {
    GString *arrows = g_string_new (NULL);
    g_autofree char *xml = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(DjCollection) collection = NULL;
    guint n = 0;

    for (guint from = 0; from < DJ_N_PITS && n <= DJ_MARKUP_MAX_ARROWS; from++)
      for (guint to = 0; to < DJ_N_PITS && n <= DJ_MARKUP_MAX_ARROWS; to++)
        if (from != to)
          {
            g_string_append_printf (arrows, "<arrow from=\"%s\" to=\"%s\" colour=\"red\"/>",
                                    dj_move_to_string (from), dj_move_to_string (to));
            n++;
          }
    xml = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                           "<djenon xmlns=\"http://djenon.org/ns/game/1\" version=\"1\">\n"
                           "<game><rules variant=\"aboure\"/><moves><start>%s</start>"
                           "</moves></game></djenon>\n", arrows->str);
    g_string_free (arrows, TRUE);
    collection = load_xml (xml, &error);
    g_assert_null (collection);
    g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_LIMIT);
    g_assert_nonnull (strstr (error->message, "more than 24 arrows"));
  }
}

/* Text notation --------------------------------------------------------- */

static void
test_text (void)
{
  static const char text[] =
    "[Variant \"aboure\"]\n\n"
    "{[%csl Gc] [%cal GcE] Plan} 1. c {[%ms 900] [%csl Rxa, Btb,Ysd,BD] [%clb Ge:1,Rf:A:b] "
    "[%cal RED,RDC] Crosses} A {[%mark b red]} *\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = dj_notation_parse (text, -1, "t.txt", &error);
  g_autoptr(DjCollection) again = NULL;
  g_autofree char *written = NULL, *a = NULL, *b = NULL;
  DjNode *c, *A;
  const DjMarkup *m;

  g_assert_no_error (error);
  c = dj_node_get_first_child (dj_game_get_root (dj_collection_get_game (collection, 0)));
  A = dj_node_get_first_child (c);
  g_assert_cmpstr (dj_node_get_comment_after (c), ==, "Crosses");
  g_assert_cmpint (dj_node_get_time_ms (c), ==, 900);
  m = dj_node_get_markup (c);
  g_assert_cmpint (m->pits[0].shape, ==, DJ_MARK_CROSS);
  g_assert_cmpint (m->pits[1].shape, ==, DJ_MARK_TRIANGLE);
  g_assert_cmpint (m->pits[1].colour, ==, DJ_MARKER_BLUE);
  g_assert_cmpint (m->pits[3].shape, ==, DJ_MARK_SQUARE);
  g_assert_cmpint (m->pits[9].shape, ==, DJ_MARK_CIRCLE);
  g_assert_cmpstr (m->pits[4].label, ==, "1");
  g_assert_cmpstr (m->pits[5].label, ==, "A:b");
  g_assert_cmpuint (m->n_arrows, ==, 2);
  g_assert_cmpint (dj_node_get_markup (A)->pits[1].shape, ==, DJ_MARK_CIRCLE);
  g_assert_cmpint (dj_node_get_markup (A)->pits[1].colour, ==, DJ_MARKER_RED);
  g_assert_null (dj_node_get_comment_after (A));

  written = dj_notation_write_collection (collection);
  g_assert_nonnull (strstr (written, "{[%csl Gc] [%cal GcE] Plan}"));
  g_assert_nonnull (strstr (written, "{[%ms 900] [%csl Rxa,Btb,Ysd,BD] [%clb Ge:1,Rf:A:b] "
                                     "[%cal RED,RDC] Crosses}"));
  g_assert_nonnull (strstr (written, "{[%csl Rb]}"));
  again = dj_notation_parse (written, -1, "t2.txt", &error);
  g_assert_no_error (error);
  a = dump_collection (collection);
  b = dump_collection (again);
  g_assert_cmpstr (a, ==, b);

  /* A comment that only looks like a command stays text. */
  {
    g_autoptr(DjCollection) plain =
      dj_notation_parse ("[Variant \"aboure\"]\n\n1. c {\\[%csl Gc] text} *\n", -1, "p.txt",
                         &error);

    g_assert_no_error (error);
    c = dj_node_get_first_child (dj_game_get_root (dj_collection_get_game (plain, 0)));
    g_assert_cmpstr (dj_node_get_comment_after (c), ==, "[%csl Gc] text");
    g_assert_null (dj_node_get_markup (c));
  }
}

static void
test_text_errors (void)
{
  static const char * const bad[] = {
    "[%csl Qc]", "[%csl Gz]", "[%csl Gqc]", "[%csl G]", "[%csl Gcd]",
    "[%clb Gc:]", "[%clb Gc]", "[%clb Gc:abcde]", "[%clb G:1]", "[%clb Gpass:1]",
    "[%cal Gcc]", "[%cal GcD,GcD]", "[%cal Gc]", "[%cal GcDe]", "[%cal XcD]",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = g_strdup_printf ("[Variant \"aboure\"]\n\n1. c\n{%s x} *\n", bad[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(DjCollection) collection = dj_notation_parse (text, -1, "bad.txt", &error);

      g_test_message ("%s", bad[i]);
      g_assert_null (collection);
      g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_VALUE);
      g_test_message ("→ %s", error->message);
      /* Where: the file, the line and the column of the comment. */
      g_assert_true (g_str_has_prefix (error->message, "bad.txt:4:1:"));
    }
}

/* Pasted moves bring their markup, as one undo step with them. */
static void
test_paste (void)
{
  g_autoptr(DjGame) game = dj_game_new (&aboure, NULL);
  g_autoptr(GError) error = NULL;
  DjNode *first;

  dj_game_set_mark (game, dj_game_get_root (game), 3, DJ_MARK_SQUARE, DJ_MARKER_GREEN, NULL);
  first = dj_notation_paste (game, dj_game_get_root (game),
                             "1. c {[%csl Rxa] [%cal GcE]} A", &error);
  g_assert_no_error (error);
  g_assert_cmpint (dj_node_get_markup (first)->pits[0].shape, ==, DJ_MARK_CROSS);
  g_assert_cmpuint (dj_node_get_markup (first)->n_arrows, ==, 1);
  dj_game_undo (game);
  g_assert_null (dj_node_get_first_child (dj_game_get_root (game)));
  g_assert_cmpint (dj_node_get_markup (dj_game_get_root (game))->pits[3].shape, ==,
                   DJ_MARK_SQUARE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/djenon/markup/values", test_values);
  g_test_add_func ("/djenon/markup/record-undo", test_record_undo);
  g_test_add_func ("/djenon/markup/xml-file", test_xml_file);
  g_test_add_func ("/djenon/markup/xml-older", test_xml_older);
  g_test_add_func ("/djenon/markup/xml-errors", test_xml_errors);
  g_test_add_func ("/djenon/markup/text", test_text);
  g_test_add_func ("/djenon/markup/text-errors", test_text_errors);
  g_test_add_func ("/djenon/markup/paste", test_paste);

  return g_test_run ();
}
