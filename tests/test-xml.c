/* test-xml.c: the XML game files: round trips, errors, hostile input
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <string.h>

#include "dj-notation.h"
#include "dj-test-record.h"
#include "dj-xml.h"

static DjCollection *
load_string (const char  *xml,
             GError     **error)
{
  return dj_xml_load_data (xml, strlen (xml), "game.djenon", error);
}

/* Saves, loads, compares node for node, saves again and compares bytes. */
static void
check_round_trip (DjCollection *collection)
{
  g_autofree char *xml = NULL, *again = NULL, *before = NULL, *after = NULL;
  g_autoptr(DjCollection) loaded = NULL;
  g_autoptr(GError) error = NULL;
  gsize len, len2;

  xml = dj_xml_to_string (collection, &len);
  g_assert_nonnull (xml);
  g_assert_cmpuint (strlen (xml), ==, len);
  loaded = dj_xml_load_data (xml, len, "round-trip.djenon", &error);
  if (error != NULL)
    g_printerr ("%s\n", xml);
  g_assert_no_error (error);
  before = dump_collection (collection);
  after = dump_collection (loaded);
  g_assert_cmpstr (before, ==, after);
  g_assert_false (dj_collection_get_modified (loaded));
  again = dj_xml_to_string (loaded, &len2);
  g_assert_cmpstr (again, ==, xml);
}

/* Validates @xml with the schema file as a whole document (not streamed),
 * a second opinion on what the writer writes. */
static void
check_schema_dom (const char *xml)
{
  static xmlRelaxNGPtr schema = NULL;
  xmlRelaxNGValidCtxtPtr vctxt;
  xmlDocPtr doc;

  if (schema == NULL)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data",
                                                     "djenon-game.rng", NULL);
      xmlRelaxNGParserCtxtPtr pctxt = xmlRelaxNGNewParserCtxt (path);

      schema = xmlRelaxNGParse (pctxt);
      xmlRelaxNGFreeParserCtxt (pctxt);
      g_assert_nonnull (schema);
    }
  doc = xmlReadMemory (xml, strlen (xml), "out.djenon", NULL, XML_PARSE_NONET);
  g_assert_nonnull (doc);
  vctxt = xmlRelaxNGNewValidCtxt (schema);
  g_assert_cmpint (xmlRelaxNGValidateDoc (vctxt, doc), ==, 0);
  xmlRelaxNGFreeValidCtxt (vctxt);
  xmlFreeDoc (doc);
}

static void
test_random_round_trips (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);

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
      if (i % 50 == 0)
        {
          g_autofree char *xml = dj_xml_to_string (collection, NULL);

          check_schema_dom (xml);
        }
    }
}

static void
test_samples (void)
{
  const char *names[] = { "aboure-sample.djenon", "abe-sample.djenon" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples",
                                                     names[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(DjCollection) collection = dj_xml_load_file (file, NULL, &error);
      g_autofree char *contents = NULL;
      g_autofree char *saved = NULL;
      DjGame *game;
      guint variations = 0, comments = 0, glyphs = 0, assessments = 0;

      g_assert_no_error (error);
      check_round_trip (collection);
      /* The samples are kept in canonical form: saving changes nothing. */
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      saved = dj_xml_to_string (collection, NULL);
      g_assert_cmpstr (saved, ==, contents);
      check_schema_dom (contents);

      /* Real-looking: variations, prose, glyphs and assessments. */
      game = dj_collection_get_game (collection, 0);
      g_assert_cmpstr (dj_variant_to_string (dj_game_get_rules (game)->variant), ==,
                       i == 0 ? "aboure" : "abe");
      for (const DjNode *n = dj_game_get_root (game); n != NULL;
           n = dj_node_walk_next (n, dj_game_get_root (game)))
        {
          variations += !dj_node_is_first_child (n);
          comments += dj_node_get_comment_after (n) != NULL;
          glyphs += dj_node_get_glyph (n) != DJ_GLYPH_NONE;
          assessments += dj_node_get_assessment (n) != DJ_ASSESSMENT_NONE;
        }
      g_assert_cmpuint (variations, >=, 2);
      g_assert_cmpuint (comments, >=, 5);
      g_assert_cmpuint (glyphs, >=, 3);
      g_assert_cmpuint (assessments, >=, 2);
      g_assert_nonnull (dj_game_get_info (game)->south);
    }
}

static const char illegal_game[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<djenon xmlns=\"http://djenon.org/ns/game/1\" version=\"1\">\n"
  "  <game>\n"
  "    <rules variant=\"aboure\"/>\n"
  "    <moves>\n"
  "      <move pit=\"c\"/>\n"
  "      <move pit=\"D\"/>\n"
  "    </moves>\n"
  "  </game>\n"
  "</djenon>\n";

static void
test_illegal_move (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = load_string (illegal_game, &error);

  g_assert_null (collection);
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_ILLEGAL_MOVE);
  g_assert_cmpstr (error->message, ==,
                   "game.djenon:7: illegal move D: A single seed cannot be moved in "
                   "Djenon-aboure");
}

static void
test_byte_order_mark (void)
{
  g_autofree char *xml = g_strconcat ("\xEF\xBB\xBF", illegal_game, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = NULL;

  /* A UTF-8 byte order mark is allowed; the reading goes on to the move. */
  collection = load_string (xml, &error);
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_ILLEGAL_MOVE);
  g_assert_true (g_str_has_prefix (error->message, "game.djenon:7: illegal move D"));
}

/* A stream that gives one byte per read, as a slow pipe may. */
#define TEST_TYPE_TRICKLE (test_trickle_get_type ())
G_DECLARE_FINAL_TYPE (TestTrickle, test_trickle, TEST, TRICKLE, GInputStream)

struct _TestTrickle
{
  GInputStream parent_instance;
  const char  *data;
  gsize        len, pos;
};

G_DEFINE_FINAL_TYPE (TestTrickle, test_trickle, G_TYPE_INPUT_STREAM)

static gssize
test_trickle_read (GInputStream  *stream,
                   void          *buffer,
                   gsize          count,
                   GCancellable  *cancellable,
                   GError       **error)
{
  TestTrickle *self = TEST_TRICKLE (stream);

  if (self->pos >= self->len || count == 0)
    return 0;
  ((char *) buffer)[0] = self->data[self->pos++];
  return 1;
}

static void
test_trickle_class_init (TestTrickleClass *klass)
{
  G_INPUT_STREAM_CLASS (klass)->read_fn = test_trickle_read;
}

static void
test_trickle_init (TestTrickle *self)
{
}

/* A byte order mark that arrives a byte at a time is still a byte order
 * mark: the reading goes on to the move (it once said "Document is
 * empty"). */
static void
test_byte_order_mark_trickled (void)
{
  g_autofree char *xml = g_strconcat ("\xEF\xBB\xBF", illegal_game, NULL);
  g_autoptr(TestTrickle) stream = g_object_new (TEST_TYPE_TRICKLE, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = NULL;

  stream->data = xml;
  stream->len = strlen (xml);
  collection = dj_xml_load_stream (G_INPUT_STREAM (stream), "pipe", NULL, &error);
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_ILLEGAL_MOVE);
  g_assert_true (g_str_has_prefix (error->message, "pipe:7: illegal move D"));
}

/* The first element named @name in namespace @ns, in document order. */
static xmlNodePtr
find_element (xmlNodePtr  node,
              const char *ns,
              const char *name)
{
  while (node != NULL)
    {
      if (node->type == XML_ELEMENT_NODE && node->ns != NULL &&
          g_str_equal ((const char *) node->ns->href, ns) &&
          g_str_equal ((const char *) node->name, name))
        return node;
      /* Depth first, without recursion. */
      if (node->children != NULL)
        node = node->children;
      else
        {
          while (node != NULL && node->next == NULL)
            node = node->parent;
          if (node != NULL)
            node = node->next;
        }
    }
  return NULL;
}

/* Other programs' attributes and elements holding every kind of character
 * are kept as they were: the values read from the saved file are the
 * values of the original, and saving again changes no byte. */
static void
test_foreign_characters (void)
{
  /* Escaped as the file holds it, then as the value it means. */
  static const char escaped[] =
    "a&lt;b &amp; c&gt;d &quot; ' &#13;&#10;&#9; é Ż Ž ś Ā 一 \xF0\x9F\x98\x80 &amp;lt; ]]&gt;";
  static const char value[] =
    "a<b & c>d \" ' \r\n\t é Ż Ž ś Ā 一 \xF0\x9F\x98\x80 &lt; ]]>";
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<djenon xmlns=\"http://djenon.org/ns/game/1\" version=\"1\" xmlns:x=\"urn:x\"\n"
    "        xmlns:y=\"urn:y?a=1&amp;b=2\">\n"
    "  <game>\n"
    "    <info><x:i x:k=\"%s\">%s</x:i></info>\n"
    "    <rules variant=\"aboure\"/>\n"
    "    <moves>\n"
    "      <start x:s=\"%s\"/>\n"
    "      <move pit=\"c\" x:note=\"%s\" y:a=\"1\"><x:e x:k=\"%s\">%s</x:e></move>\n"
    "    </moves>\n"
    "  </game>\n"
    "</djenon>\n", escaped, escaped, escaped, escaped, escaped, escaped);
  static const char * const attributes[][2] = {
    { "i", "k" }, { "start", "s" }, { "move", "note" }, { "e", "k" },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = load_string (xml, &error);
  g_autofree char *saved = NULL;
  xmlDocPtr doc;

  g_assert_no_error (error);
  saved = dj_xml_to_string (collection, NULL);
  check_schema_dom (saved);

  /* Read back by libxml2 itself: the same values. */
  doc = xmlReadMemory (saved, (int) strlen (saved), "saved.djenon", NULL, XML_PARSE_NONET);
  g_assert_nonnull (doc);
  for (guint i = 0; i < G_N_ELEMENTS (attributes); i++)
    {
      const char *element = attributes[i][0];
      const char *ns = strlen (element) == 1 ? "urn:x" : "http://djenon.org/ns/game/1";
      xmlNodePtr node = find_element (xmlDocGetRootElement (doc), ns, element);
      g_autofree char *got = NULL;

      if (node == NULL)
        g_error ("no <%s> in:\n%s", element, saved);
      got = (char *) xmlGetNsProp (node, (const xmlChar *) attributes[i][1],
                                   (const xmlChar *) "urn:x");
      g_assert_cmpstr (got, ==, value);
      if (strlen (element) == 1)
        {
          g_autofree char *text = (char *) xmlNodeGetContent (node);

          g_assert_cmpstr (text, ==, value);
        }
    }
  xmlFreeDoc (doc);

  /* Saved, read and saved again, three times: the same bytes. */
  for (guint round = 0; round < 3; round++)
    {
      g_autoptr(DjCollection) again = load_string (saved, &error);
      g_autofree char *resaved = NULL;
      DjGame *a, *b;

      g_assert_no_error (error);
      a = dj_collection_get_game (collection, 0);
      b = dj_collection_get_game (again, 0);
      g_assert_cmpstr (dj_game_get_foreign_xml (a), ==, dj_game_get_foreign_xml (b));
      for (DjNode *n = dj_game_get_root (a), *m = dj_game_get_root (b); n != NULL;
           n = dj_node_get_first_child (n), m = dj_node_get_first_child (m))
        g_assert_cmpstr (dj_node_get_foreign_xml (n), ==, dj_node_get_foreign_xml (m));
      resaved = dj_xml_to_string (again, NULL);
      g_assert_cmpstr (resaved, ==, saved);
    }
}

/* Every message of both readers is valid UTF-8 and fits on a line, however
 * long the value it quotes: values are cut by characters, with "…". */
static void
check_message (const char *what,
               GError     *error)
{
  if (error == NULL)
    g_error ("%s was read without error", what);
  if (!g_utf8_validate (error->message, -1, NULL))
    g_error ("%s: the message is not valid UTF-8", what);
  if (g_utf8_strlen (error->message, -1) > 600 || strchr (error->message, '\n') != NULL)
    g_error ("%s: the message has %ld characters: %.300s", what,
             g_utf8_strlen (error->message, -1), error->message);
}

static void
test_messages_bounded (void)
{
  /* XML: a value of a long run of three-byte characters after one ASCII
   * byte, so that a cut by bytes would split a character. */
  static const char * const xml_cases[] = {
    "<game><rules variant=\"aboure\"/><setup pits=\"@ 4 4 4 4 4 4 4 4 4 4 4\" "
      "south-captured=\"0\" north-captured=\"0\" to-move=\"south\"/><moves/></game>",
    "<game><rules variant=\"aboure\"/><setup pits=\"4 4 4 4 4 4 4 4 4 4 4 4\" "
      "south-captured=\"@\" north-captured=\"0\" to-move=\"south\"/><moves/></game>",
    "<game><rules variant=\"aboure\"/><moves><move pit=\"@\"/></moves></game>",
    "<game><rules variant=\"aboure\"/><moves><move pit=\"c\" glyph=\"@\"/></moves></game>",
    "<game><rules variant=\"aboure\"/><moves><move pit=\"c\" assessment=\"@\"/></moves></game>",
    "<game><rules variant=\"aboure\"/><moves><move pit=\"c\" time-ms=\"@\"/></moves></game>",
    "<game><rules variant=\"aboure\"/><moves><move pit=\"c\"><marker pit=\"c\" colour=\"red\" "
      "shape=\"@\"/></move></moves></game>",
    "<game><rules variant=\"aboure\"/><moves><move pit=\"c\"><marker pit=\"c\" colour=\"red\" "
      "shape=\"label\" label=\"@\"/></move></moves></game>",
    "<game><rules variant=\"@\"/><moves/></game>",
    "<game><info><date>@</date></info><rules variant=\"aboure\"/><moves/></game>",
    "<game><info><result winner=\"@\"/></info><rules variant=\"aboure\"/><moves/></game>",
    "<game><rules variant=\"aboure\"/><moves><@/></moves></game>",
  };
  /* Text notation, the same way. */
  static const char * const text_cases[] = {
    "[Variant \"aboure\"]\n1. c {[%csl @]} *",
    "[Variant \"aboure\"]\n1. c {[%clb R@]} *",
    "[Variant \"aboure\"]\n1. c {[%cal @]} *",
    "[Variant \"aboure\"]\n1. c {[%ms @]} *",
    "[Variant \"aboure\"]\n1. c {[%mark @ red]} *",
    "[Variant \"aboure\"]\n1. c {[%mark a\nred\tb @]} *",
    "[Variant \"@\"]\n1. c *",
    "[Variant \"aboure\"]\n[Date \"@\"]\n1. c *",
    "[Variant \"aboure\"]\n[Result \"@\"]\n1. c *",
    "[Variant \"aboure\"]\n[Score \"@\"]\n1. c *",
    "[Variant \"aboure\"]\n1. c x@ *",
    "[Variant \"aboure\"]\n1. c @ *",
  };
  GString *value = g_string_new ("a");

  while (value->len < 100000)
    g_string_append (value, "一");
  for (guint i = 0; i < G_N_ELEMENTS (xml_cases); i++)
    {
      g_autoptr(GString) xml = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                             "<djenon xmlns=\"http://djenon.org/ns/game/1\" "
                                             "version=\"1\">");
      g_autofree char *what = g_strdup_printf ("XML case %u", i);
      g_autoptr(GError) error = NULL;
      g_autoptr(DjCollection) collection = NULL;

      g_string_append (xml, xml_cases[i]);
      g_string_append (xml, "</djenon>\n");
      g_string_replace (xml, "@", value->str, 1);
      collection = load_string (xml->str, &error);
      g_assert_null (collection);
      check_message (what, error);
    }
  for (guint i = 0; i < G_N_ELEMENTS (text_cases); i++)
    {
      g_autoptr(GString) text = g_string_new (text_cases[i]);
      g_autofree char *what = g_strdup_printf ("text case %u", i);
      g_autoptr(GError) error = NULL;
      g_autoptr(DjCollection) collection = NULL;

      g_string_replace (text, "@", value->str, 1);
      collection = dj_notation_parse (text->str, -1, "game.txt", &error);
      g_assert_null (collection);
      check_message (what, error);
    }
  g_string_free (value, TRUE);
}

static void
test_foreign (void)
{
  static const char xml[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<djenon xmlns=\"http://djenon.org/ns/game/1\" version=\"1\" xmlns:e=\"urn:example\">\n"
    "  <!-- a comment, dropped -->\n"
    "  <game>\n"
    "    <info>\n"
    "      <south>Awa</south>\n"
    "      <e:clock base=\"15m\"><e:increment>5</e:increment></e:clock>\n"
    "    </info>\n"
    "    <rules variant=\"aboure\"/>\n"
    "    <moves>\n"
    "      <start e:seen=\"yes\">\n"
    "        <comment-after>Start</comment-after>\n"
    "      </start>\n"
    "      <move pit=\"c\" e:eval=\"+0.5\" e:depth=\"12\">\n"
    "        <e:arrow from=\"c\" to=\"f\">drawn &amp; kept</e:arrow>\n"
    "        <xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"/etc/passwd\"/>\n"
    "      </move>\n"
    "      <move pit=\"A\"/>\n"
    "    </moves>\n"
    "  </game>\n"
    "</djenon>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = load_string (xml, &error);
  g_autofree char *saved = NULL;
  DjGame *game;
  DjNode *c;

  g_assert_no_error (error);
  game = dj_collection_get_game (collection, 0);
  c = dj_node_get_first_child (dj_game_get_root (game));
  g_assert_nonnull (strstr (dj_game_get_foreign_xml (game), "<e:increment>5</e:increment>"));
  g_assert_nonnull (strstr (dj_node_get_foreign_xml (c), "e:eval=\"+0.5\""));
  g_assert_nonnull (strstr (dj_node_get_foreign_xml (dj_game_get_root (game)), "e:seen"));
  check_round_trip (collection);
  saved = dj_xml_to_string (collection, NULL);
  check_schema_dom (saved);
  /* Written back with the namespace declared where it is used; XInclude
   * is kept as data, never followed. */
  g_assert_nonnull (strstr (saved, "<move pit=\"c\" xmlns:e=\"urn:example\" e:eval=\"+0.5\" "
                                   "e:depth=\"12\">"));
  g_assert_nonnull (strstr (saved, "<e:arrow xmlns:e=\"urn:example\" from=\"c\" to=\"f\">"
                                   "drawn &amp; kept</e:arrow>"));
  g_assert_nonnull (strstr (saved, "href=\"/etc/passwd\""));
  g_assert_null (strstr (saved, "root:"));
  g_assert_null (strstr (saved, "a comment, dropped"));
}

static void
test_canonical_layout (void)
{
  g_autoptr(DjCollection) collection = dj_collection_new ();
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(DjGame) game = dj_game_new (&rules, NULL);
  g_autoptr(DjGameInfo) info = dj_game_info_new ();
  g_autofree char *xml = NULL;
  DjNode *root = dj_game_get_root (game);
  DjNode *c, *alt;

  dj_game_info_set_string (&info->south, "Awa & Co");
  dj_game_info_set_string (&info->date, "2024-05");
  info->result = DJ_RESULT_SOUTH_WINS;
  info->termination = DJ_TERMINATION_RESIGNATION;
  dj_game_set_info (game, info);
  c = dj_game_play (game, root, 2, NULL);
  alt = dj_game_play (game, root, 3, NULL);
  dj_game_play (game, c, 6, NULL);
  dj_game_set_glyph (game, alt, DJ_GLYPH_DUBIOUS);
  dj_game_set_comment_after (game, alt, "Weaker");
  dj_collection_append (collection, game);
  xml = dj_xml_to_string (collection, NULL);
  g_assert_cmpstr (xml, ==,
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<djenon xmlns=\"http://djenon.org/ns/game/1\" version=\"1\">\n"
    "  <game>\n"
    "    <info>\n"
    "      <south>Awa &amp; Co</south>\n"
    "      <date>2024-05</date>\n"
    "      <result winner=\"south\" termination=\"resignation\"/>\n"
    "    </info>\n"
    "    <rules variant=\"abe\"/>\n"
    "    <moves>\n"
    "      <move pit=\"c\"/>\n"
    "      <variation-start/>\n"
    "      <move pit=\"d\" glyph=\"?!\">\n"
    "        <comment-after>Weaker</comment-after>\n"
    "      </move>\n"
    "      <variation-end/>\n"
    "      <move pit=\"A\"/>\n"
    "    </moves>\n"
    "  </game>\n"
    "</djenon>\n");
}

static void
test_save_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("djenon-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.djenon", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(DjCollection) first = dj_collection_new ();
  g_autoptr(DjCollection) second = dj_collection_new ();
  g_autoptr(DjGame) g1 = random_game (rand, 20);
  g_autoptr(DjGame) g2 = random_game (rand, 20);
  g_autoptr(DjCollection) loaded = NULL;
  g_autofree char *one = NULL, *two = NULL, *on_disk = NULL, *in_backup = NULL;
  g_autofree char *a = NULL, *b = NULL;
  g_autoptr(GDir) listing = NULL;
  const char *entry;
  guint entries = 0;

  dj_collection_append (first, g1);
  dj_collection_append (second, g2);
  g_assert_true (dj_collection_get_modified (first));
  g_assert_true (dj_xml_save_file (first, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (dj_collection_get_modified (first));
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));

  g_assert_true (dj_xml_save_file (second, file, NULL, &error));
  one = dj_xml_to_string (first, NULL);
  two = dj_xml_to_string (second, NULL);
  g_assert_true (g_file_get_contents (path, &on_disk, NULL, NULL));
  g_assert_true (g_file_get_contents (backup, &in_backup, NULL, NULL));
  g_assert_cmpstr (on_disk, ==, two);
  g_assert_cmpstr (in_backup, ==, one);

  loaded = dj_xml_load_file (file, NULL, &error);
  g_assert_no_error (error);
  a = dump_collection (second);
  b = dump_collection (loaded);
  g_assert_cmpstr (a, ==, b);

  /* No temporary file is left behind. */
  listing = g_dir_open (dir, 0, NULL);
  while ((entry = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, entry, NULL);

      entries++;
      g_unlink (p);
    }
  g_assert_cmpuint (entries, ==, 2);
  g_rmdir (dir);

  /* A save that cannot happen says so and names the file. */
  {
    g_autoptr(GFile) nowhere = g_file_new_for_path ("/nonexistent-dir/game.djenon");

    g_assert_false (dj_xml_save_file (first, nowhere, NULL, &error));
    g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO);
    g_assert_true (g_str_has_prefix (error->message, "/nonexistent-dir/game.djenon: "));
  }
}

/* The first bytes tell XML from text notation, for files named neither way
 * and for standard input. */
static void
test_sniff (void)
{
  gboolean is_xml = FALSE;

  g_assert_true (dj_xml_sniff ((const guint8 *) "\xEF\xBB\xBF \n<djenon", 11, &is_xml));
  g_assert_true (is_xml);
  g_assert_true (dj_xml_sniff ((const guint8 *) "\n[Event \"x\"]", 13, &is_xml));
  g_assert_false (is_xml);
  /* Only white space yet: no answer, more is needed. */
  g_assert_false (dj_xml_sniff ((const guint8 *) " \t\r\n", 4, &is_xml));
  g_assert_false (dj_xml_sniff ((const guint8 *) "", 0, &is_xml));
}

static void
test_validate_collects (void)
{
  static const char xml[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<djenon xmlns=\"http://djenon.org/ns/game/1\" version=\"1\">\n"
    "  <game>\n"
    "    <info><date>2023-02-30</date></info>\n"
    "    <rules variant=\"aboure\"/>\n"
    "    <moves><move pit=\"c\"/></moves>\n"
    "  </game>\n"
    "  <game>\n"
    "    <rules variant=\"aboure\"/>\n"
    "    <moves>\n"
    "      <move pit=\"c\"/>\n"
    "      <move pit=\"D\"/>\n"
    "      <move pit=\"x\"/>\n"
    "    </moves>\n"
    "  </game>\n"
    "  <game>\n"
    "    <rules variant=\"abe\"/>\n"
    "    <bogus/>\n"
    "    <moves/>\n"
    "  </game>\n"
    "</djenon>\n";
  g_autofree char *dir = g_dir_make_tmp ("djenon-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "three.djenon", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GString) all = g_string_new (NULL);

  g_assert_true (g_file_set_contents (path, xml, -1, NULL));
  g_assert_false (dj_xml_validate_file (file, &problems));
  for (guint i = 0; i < problems->len; i++)
    {
      GError *e = g_ptr_array_index (problems, i);

      g_assert_true (g_str_has_prefix (e->message, path));
      g_string_append_printf (all, "%s|%s\n", dj_format_error_to_string (e->code),
                              e->message + strlen (path));
    }
  /* The bad date, the illegal move (the rest of that game is not checked
   * against the rules but still against the schema), the unknown element. */
  g_assert_nonnull (strstr (all->str, "value|:4: “2023-02-30” is not a date"));
  g_assert_nonnull (strstr (all->str, "illegal-move|:12: illegal move D"));
  g_assert_nonnull (strstr (all->str, "schema|:13: "));
  g_assert_nonnull (strstr (all->str, "schema|:18: "));
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_schema_compiled_in (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "djenon-game.rng",
                                                 NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GBytes) bytes = dj_xml_get_schema ();
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), contents, len);
}

/* The hostile corpus: each file with the error it must give. */
static void
test_hostile (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "hostile", NULL);
  g_autofree char *table_path = g_build_filename (dir, "EXPECTED", NULL);
  g_autofree char *table = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GDir) listing = NULL;
  const char *entry;
  guint checked = 0;

  g_assert_true (g_file_get_contents (table_path, &table, NULL, NULL));
  lines = g_strsplit (table, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      g_autofree char *path = NULL;
      g_autofree char *prefix = NULL;
      g_autoptr(GFile) file = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(DjCollection) collection = NULL;
      gint64 t0;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      /* FILE CODE LINE TEXT… */
      fields = g_regex_split_simple ("^(\\S+)\\s+(\\S+)\\s+(\\d+)\\s+(.*)$", lines[i], 0, 0);
      g_assert_cmpuint (g_strv_length (fields), ==, 6);
      g_free (fields[0]);
      g_free (fields[5]);
      memmove (fields, fields + 1, 4 * sizeof (char *));
      fields[4] = fields[5] = NULL;
      g_hash_table_add (listed, g_strdup (fields[0]));
      path = g_build_filename (dir, fields[0], NULL);
      file = g_file_new_for_path (path);

      t0 = g_get_monotonic_time ();
      if (g_str_has_suffix (fields[0], ".txt"))
        collection = dj_notation_load_file (file, NULL, &error);
      else
        collection = dj_xml_load_file (file, NULL, &error);
      g_test_message ("%s: %s", fields[0], error ? error->message : "loaded");
      /* Never a hang: every file is read or refused quickly. */
      g_assert_cmpint (g_get_monotonic_time () - t0, <, 5 * G_USEC_PER_SEC);
      if (g_str_equal (fields[1], "ok"))
        {
          g_assert_no_error (error);
          g_assert_nonnull (collection);
          checked++;
          continue;
        }
      g_assert_null (collection);
      g_assert_nonnull (error);
      g_assert_true (error->domain == DJ_FORMAT_ERROR);
      if (g_strcmp0 (dj_format_error_to_string (error->code), fields[1]) != 0)
        g_error ("%s: expected a %s error, got %s: %s", fields[0], fields[1],
                 dj_format_error_to_string (error->code), error->message);
      /* Always the file and the line */
      prefix = g_strdup_printf (g_str_has_suffix (fields[0], ".txt") ? "%s:%s:" : "%s:%s: ", path,
                                fields[2]);
      if (!g_str_has_prefix (error->message, prefix))
        g_error ("%s: expected the message to begin with “%s”: %s", fields[0], prefix,
                 error->message);
      if (strstr (error->message, fields[3]) == NULL)
        g_error ("%s: expected “%s” in: %s", fields[0], fields[3], error->message);
      /* A line's worth, whatever the file holds */
      g_assert_cmpuint (strlen (error->message), <, strlen (path) + 400);
      checked++;
    }
  g_assert_cmpuint (checked, >=, 30);

  /* Every file of the corpus is in the table. */
  listing = g_dir_open (dir, 0, NULL);
  while ((entry = g_dir_read_name (listing)) != NULL)
    if (strcmp (entry, "EXPECTED") != 0 && !g_hash_table_contains (listed, entry))
      g_error ("tests/hostile/%s has no line in EXPECTED", entry);
}

/* Counts beyond the reader's limits are refused with the line, quickly. */
static void
test_too_many_games (void)
{
  GString *xml = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                               "<djenon xmlns=\"http://djenon.org/ns/game/1\" version=\"1\">\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = NULL;

  for (guint i = 0; i <= DJ_FORMAT_MAX_GAMES; i++)
    g_string_append (xml, "<game><rules variant=\"aboure\"/><moves/></game>\n");
  g_string_append (xml, "</djenon>\n");
  collection = dj_xml_load_data (xml->str, xml->len, "many.djenon", &error);
  g_assert_null (collection);
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_LIMIT);
  g_assert_cmpstr (error->message, ==, "many.djenon:100003: the file holds more than 100000 games");
  g_string_free (xml, TRUE);
}

/* A million moves, and 100,000 nested variations, through a file on a
 * thread with a small stack. */
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
  g_autoptr(DjCollection) loaded = NULL;
  g_autoptr(DjGame) game = build_long_game (job->n, job->nested, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL, *again = NULL;
  gsize len, len2;
  DjGame *copy;
  DjNode *end;

  dj_collection_append (collection, game);
  xml = dj_xml_to_string (collection, &len);
  loaded = dj_xml_load_data (xml, len, "big.djenon", &error);
  g_assert_no_error (error);
  copy = dj_collection_get_game (loaded, 0);
  g_assert_cmpuint (dj_game_get_n_nodes (copy), ==, dj_game_get_n_nodes (game));
  again = dj_xml_to_string (loaded, &len2);
  g_assert_cmpuint (len, ==, len2);
  g_assert_true (memcmp (xml, again, len) == 0);

  g_assert_cmpuint (tree_fingerprint (copy), ==, tree_fingerprint (game));

  /* An edit at the far end, saved: one line more. */
  end = dj_game_get_root (copy);
  while (dj_node_get_first_child (end) != NULL)
    end = dj_node_get_nth_child (end, dj_node_get_n_children (end) - 1);
  dj_game_set_comment_after (copy, end, "The very end");
  g_clear_pointer (&again, g_free);
  again = dj_xml_to_string (loaded, &len2);
  g_assert_nonnull (strstr (again, "<comment-after>The very end</comment-after>"));
  return NULL;
}

static void
test_long_line (void)
{
  BigJob job = { 1000000, FALSE };

  run_with_small_stack (big_job, &job, 256 * 1024);
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

  g_test_add_func ("/djenon/xml/canonical-layout", test_canonical_layout);
  g_test_add_func ("/djenon/xml/random-round-trips", test_random_round_trips);
  g_test_add_func ("/djenon/xml/samples", test_samples);
  g_test_add_func ("/djenon/xml/illegal-move", test_illegal_move);
  g_test_add_func ("/djenon/xml/byte-order-mark", test_byte_order_mark);
  g_test_add_func ("/djenon/xml/byte-order-mark-trickled", test_byte_order_mark_trickled);
  g_test_add_func ("/djenon/xml/foreign", test_foreign);
  g_test_add_func ("/djenon/xml/foreign-characters", test_foreign_characters);
  g_test_add_func ("/djenon/xml/messages-bounded", test_messages_bounded);
  g_test_add_func ("/djenon/xml/save-file", test_save_file);
  g_test_add_func ("/djenon/xml/sniff", test_sniff);
  g_test_add_func ("/djenon/xml/validate-collects", test_validate_collects);
  g_test_add_func ("/djenon/xml/schema-compiled-in", test_schema_compiled_in);
  g_test_add_func ("/djenon/xml/hostile", test_hostile);
  g_test_add_func ("/djenon/xml/too-many-games", test_too_many_games);
  g_test_add_func ("/djenon/xml/long-line", test_long_line);
  g_test_add_func ("/djenon/xml/deep-variations", test_deep_variations);

  return g_test_run ();
}
