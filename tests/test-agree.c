/* test-agree.c: the two formats' readers and writers agree, and agree with
 * the schema
 *
 * - random records (comments, variations, markers, times, headers) and
 *   records at every limit and just below it, written by each writer, read
 *   back by both readers to the same record;
 * - just past a limit, both readers refuse what the writers wrote;
 * - every file of the hostile corpus through the RELAX NG schema (as
 *   xmllint checks it), the XML reader and the text reader.
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

/* The record read back from @collection's XML, or NULL with @error. */
static DjCollection *
through_xml (DjCollection  *collection,
             GError       **error)
{
  gsize len;
  g_autofree char *xml = dj_xml_to_string (collection, &len);

  return dj_xml_load_data (xml, len, "agree.djenon", error);
}

static DjCollection *
through_text (DjCollection  *collection,
              GError       **error)
{
  g_autofree char *text = dj_notation_write_collection (collection);

  return dj_notation_parse (text, -1, "agree.txt", error);
}

/* Each writer, then its reader; then across: XML read, written as text,
 * read by the text reader, and text read, written as XML, read by the XML
 * reader.  Every way gives back the same record. */
static void
check_agree (DjCollection *collection)
{
  g_autofree char *want = dump_collection (collection);
  DjCollection *(*ways[2]) (DjCollection *, GError **) = { through_xml, through_text };

  for (guint a = 0; a < 2; a++)
    for (guint b = 0; b < 3; b++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(DjCollection) once = ways[a] (collection, &error);
        g_autoptr(DjCollection) twice = NULL;
        g_autofree char *got = NULL;

        if (error != NULL)
          g_error ("%s writer and reader: %s", a == 0 ? "XML" : "text", error->message);
        if (b < 2)
          {
            twice = ways[b] (once, &error);
            if (error != NULL)
              g_error ("%s, then %s: %s", a == 0 ? "XML" : "text", b == 0 ? "XML" : "text",
                       error->message);
          }
        got = dump_collection (twice != NULL ? twice : once);
        g_assert_cmpstr (got, ==, want);
      }
}

/* Both readers refuse what the writers write of @collection, for being
 * beyond a limit. */
static void
check_both_refuse (DjCollection *collection,
                   const char   *text_in_message)
{
  DjCollection *(*ways[2]) (DjCollection *, GError **) = { through_xml, through_text };

  for (guint a = 0; a < 2; a++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DjCollection) back = ways[a] (collection, &error);

      if (back != NULL)
        g_error ("the %s reader takes what is beyond its limits (%s)", a == 0 ? "XML" : "text",
                 text_in_message);
      g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_LIMIT);
      if (strstr (error->message, text_in_message) == NULL)
        g_error ("%s reader: expected “%s” in: %s", a == 0 ? "XML" : "text", text_in_message,
                 error->message);
    }
}

/* A text of exactly @bytes bytes full of what the formats must escape. */
static char *
awkward_text (GRand *rand,
              gsize  bytes)
{
  static const char * const pieces[] = {
    "}", "\\", "&", "<", ">", "\"", "'", "\n", "\r\n", "\t", "é", "漢字", "ߊ", "{", "[", "]",
    "(", ")", ";", " ", "x", "[%ms 5]", "1-0", "&amp;", "]]>", "--",
  };
  GString *s = g_string_sized_new (bytes + 8);

  /* Not a leading command nor leading or trailing white space: those are
   * checked by the random records. */
  g_string_append_c (s, 'A');
  while (s->len + 8 < bytes)
    g_string_append (s, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
  while (s->len < bytes)
    g_string_append_c (s, 'z');
  return g_string_free (s, FALSE);
}

static DjGame *
game_with_info (DjGameInfo *info)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  DjGame *game = random_game (rand, 12);

  dj_game_set_info (game, info);
  dj_game_clear_undo (game);
  return game;
}

/* A collection of @game alone; takes @game. */
static DjCollection *
collection_of (DjGame *game)
{
  DjCollection *collection = dj_collection_new ();

  dj_collection_append (collection, game);
  g_object_unref (game);
  return collection;
}

static void
test_random_records (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1616);

  for (guint i = 0; i < 300; i++)
    {
      g_autoptr(DjCollection) collection = dj_collection_new ();

      for (guint g = g_rand_int_range (rand, 1, 4); g > 0; g--)
        {
          g_autoptr(DjGame) game = random_game (rand, g_rand_int_range (rand, 0, 80));

          dj_collection_append (collection, game);
        }
      check_agree (collection);
    }
}

/* Comments, markers and times at their limits, and just below. */
static void
test_node_limits (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2);

  for (gsize bytes = DJ_FORMAT_MAX_TEXT_BYTES - 1; bytes <= DJ_FORMAT_MAX_TEXT_BYTES + 1;
       bytes++)
    {
      g_autoptr(DjGame) game = random_game (rand, 30);
      g_autoptr(DjCollection) collection = NULL;
      g_autofree char *before = awkward_text (rand, bytes);
      g_autofree char *after = awkward_text (rand, bytes);
      DjNode *root = dj_game_get_root (game);
      DjNode *node = dj_node_get_first_child (root);

      g_assert_nonnull (node);
      /* The readers' way in: the editing calls cut a text to the limit. */
      dj_game_load_comments (game, node, g_strdup (before), g_strdup (after));
      dj_game_load_comments (game, root, NULL, g_strdup (after));
      dj_game_set_time (game, node, G_GINT64_CONSTANT (31536000000000));
      for (guint p = 0; p < DJ_N_PITS; p++)
        dj_game_set_marker (game, node, p, 1 + p % DJ_MARKER_LAST);
      dj_game_clear_undo (game);
      collection = collection_of (g_steal_pointer (&game));
      if (bytes <= DJ_FORMAT_MAX_TEXT_BYTES)
        check_agree (collection);
      else
        check_both_refuse (collection, "longer than 100000 bytes");
    }
}

/* Game information: every field and a tag at the text limit, the whole at
 * its limit, the number of tags at its limit; and one byte or tag more. */
static void
test_info_limits (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);

  for (int over = -1; over <= 1; over++)
    {
      g_autoptr(DjGameInfo) info = dj_game_info_new ();
      g_autoptr(DjCollection) collection = NULL;
      char **fields[] = { &info->south, &info->north, &info->event, &info->site, &info->round,
                          &info->annotator, &info->recorder, &info->source, &info->notes };
      gsize total = 0;

      for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
        {
          *fields[f] = awkward_text (rand, DJ_FORMAT_MAX_TEXT_BYTES);
          total += DJ_FORMAT_MAX_TEXT_BYTES;
        }
      info->date = g_strdup ("2024-02-29");
      total += strlen (info->date);
      info->result = DJ_RESULT_DRAW;
      info->termination = DJ_TERMINATION_RULES;
      info->end_reason = DJ_END_ONE_SEED_EACH;
      info->score[0] = 48;
      info->score[1] = 0;
      {
        /* One tag makes up the rest, to the byte. */
        gsize rest = DJ_FORMAT_MAX_INFO_BYTES - total + over - 1;
        g_autofree char *value = awkward_text (rand, rest);

        dj_game_info_set_tag (info, "k", value);
      }
      collection = collection_of (game_with_info (info));
      if (over <= 0)
        check_agree (collection);
      else
        check_both_refuse (collection, "longer than 1000000 bytes in all");
    }

  for (int over = -1; over <= 1; over++)
    {
      g_autoptr(DjGameInfo) info = dj_game_info_new ();
      g_autoptr(DjCollection) collection = NULL;

      for (int t = 0; t < DJ_FORMAT_MAX_TAGS + over; t++)
        {
          g_autofree char *key = g_strdup_printf (t % 3 == 0 ? "Tag %d" : "Tag-%d", t);

          dj_game_info_set_tag (info, key, t % 7 == 0 ? "" : "some value");
        }
      collection = collection_of (game_with_info (info));
      if (over <= 0)
        check_agree (collection);
      else
        check_both_refuse (collection, "more than 1000");
    }

  for (int over = -1; over <= 1; over++)
    {
      g_autoptr(DjGameInfo) info = dj_game_info_new ();
      g_autoptr(DjCollection) collection = NULL;
      g_autofree char *key = awkward_text (rand, DJ_FORMAT_MAX_TEXT_BYTES + over);

      dj_game_info_set_tag (info, key, "");
      dj_game_info_set_tag (info, "South", key);   /* a free pair named like a field */
      collection = collection_of (game_with_info (info));
      if (over <= 0)
        check_agree (collection);
      else
        check_both_refuse (collection, "longer than 100000 bytes");
    }
}

/* Several games up to a limit on their count is slow to write out; the
 * count is checked by the readers' own tests.  Here: many games, each
 * small, written and read both ways. */
static void
test_many_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4);
  g_autoptr(DjCollection) collection = dj_collection_new ();

  for (guint i = 0; i < 2000; i++)
    {
      g_autoptr(DjGame) game = random_game (rand, 3);

      dj_collection_append (collection, game);
    }
  check_agree (collection);
}

/* The hostile corpus through the schema, the XML reader and the text
 * reader. */

typedef enum
{
  VERDICT_ACCEPT,
  VERDICT_REFUSE,
} Verdict;

static void
silent (void        *data,
        xmlErrorPtr  error)
{
}

/* As `xmllint --noout --relaxng data/djenon-game.rng FILE` decides it (no
 * network, no external entities, no DTD loading). */
static Verdict
schema_verdict (const char *data,
                gsize       len)
{
  static xmlRelaxNGPtr schema = NULL;
  xmlRelaxNGValidCtxtPtr vctxt;
  xmlDocPtr doc;
  int ret;

  if (schema == NULL)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data",
                                                     "djenon-game.rng", NULL);
      xmlRelaxNGParserCtxtPtr pctxt = xmlRelaxNGNewParserCtxt (path);

      schema = xmlRelaxNGParse (pctxt);
      xmlRelaxNGFreeParserCtxt (pctxt);
      g_assert_nonnull (schema);
    }
  xmlSetStructuredErrorFunc (NULL, silent);
  doc = xmlReadMemory (data, (int) len, "corpus.djenon", NULL, XML_PARSE_NONET);
  if (doc == NULL)
    {
      xmlSetStructuredErrorFunc (NULL, NULL);
      return VERDICT_REFUSE;
    }
  vctxt = xmlRelaxNGNewValidCtxt (schema);
  xmlRelaxNGSetValidStructuredErrors (vctxt, silent, NULL);
  ret = xmlRelaxNGValidateDoc (vctxt, doc);
  xmlRelaxNGFreeValidCtxt (vctxt);
  xmlFreeDoc (doc);
  xmlSetStructuredErrorFunc (NULL, NULL);
  return ret == 0 ? VERDICT_ACCEPT : VERDICT_REFUSE;
}

/* Refusals of the XML reader that the schema cannot express, each decided
 * once and documented: Djenon files are UTF-8 (and libxml2 reads other
 * encodings), have no DOCTYPE, and stay within the limits. */
static gboolean
schema_may_accept (const char *code,
                   const char *file)
{
  static const char * const other_encodings[] = {
    "latin1-declared.djenon", "utf16.djenon",
  };

  if (g_str_equal (code, "syntax"))
    {
      for (guint i = 0; i < G_N_ELEMENTS (other_encodings); i++)
        if (g_str_equal (file, other_encodings[i]))
          return TRUE;
      return FALSE;
    }
  /* What the schema cannot see: the rules, positions, dates, limits. */
  return !g_str_equal (code, "schema") && !g_str_equal (code, "not-djenon");
}

/* A document of one game whose first move carries @body. */
static char *
game_document (const char *declaration,
               const char *body)
{
  return g_strdup_printf ("<?xml version=\"1.0\"%s?>\n"
                          "<djenon xmlns=\"http://djenon.org/ns/game/1\" version=\"1\">\n"
                          "  <game>\n"
                          "    <rules variant=\"aboure\"/>\n"
                          "    <moves>\n"
                          "      %s\n"
                          "    </moves>\n"
                          "  </game>\n"
                          "</djenon>\n", declaration, body);
}

static Verdict
reader_verdict (const char *data,
                GError    **error)
{
  g_autoptr(DjCollection) collection = dj_xml_load_data (data, strlen (data), "agree.djenon",
                                                         error);

  return collection != NULL ? VERDICT_ACCEPT : VERDICT_REFUSE;
}

/* A label of each character (and of four of it): the XML reader, the
 * schema and the text reader decide alike.  Every code point up to U+3100
 * (Latin, Greek, Cyrillic, Arabic, Devanagari, the spaces, joiners and
 * marks of U+2000–U+206F, U+3000), and those around U+FEFF, the end of the
 * BMP, the first astral planes and the last code points. */
static void
test_labels (void)
{
  static const gunichar ranges[][2] = {
    { 0x9, 0xa }, { 0xd, 0xd }, { 0x20, 0x3100 }, { 0xd700, 0xd7ff }, { 0xe000, 0xe0ff },
    { 0xfe00, 0xfffd }, { 0x10000, 0x10100 }, { 0x1f5f0, 0x1f610 }, { 0xe0000, 0xe0080 },
    { 0x10fff0, 0x10ffff },
  };
  guint accepted = 0, refused = 0;

  for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
    for (gunichar c = ranges[r][0]; c <= ranges[r][1]; c++)
      for (guint times = 1; times <= 5; times += 3)
        {
          g_autoptr(GString) ref = g_string_new (NULL);
          g_autoptr(GString) raw = g_string_new (NULL);
          g_autofree char *body = NULL, *xml = NULL, *text = NULL;
          g_autoptr(GError) error = NULL;
          g_autoptr(DjCollection) from_text = NULL;
          Verdict schema, reader;

          for (guint i = 0; i < times; i++)
            {
              g_string_append_printf (ref, "&#x%X;", c);
              g_string_append_unichar (raw, c);
            }
          body = g_strdup_printf ("<move pit=\"c\"><marker pit=\"a\" colour=\"red\" "
                                  "shape=\"label\" label=\"%s\"/></move>", ref->str);
          xml = game_document (" encoding=\"UTF-8\"", body);
          schema = schema_verdict (xml, strlen (xml));
          reader = reader_verdict (xml, &error);
          if (schema != reader)
            g_error ("label of %u × U+%04X: the schema %s it, the XML reader %s", times, c,
                     schema == VERDICT_ACCEPT ? "accepts" : "refuses",
                     reader == VERDICT_ACCEPT ? "accepts" : error->message);
          g_clear_error (&error);
          text = g_strdup_printf ("[Variant \"aboure\"]\n\n1. c {[%%clb Ra:%s]} *\n", raw->str);
          from_text = dj_notation_parse (text, -1, "agree.txt", &error);
          if ((from_text != NULL) != (reader == VERDICT_ACCEPT))
            g_error ("label of %u × U+%04X: the XML reader %s it, the text reader %s", times, c,
                     reader == VERDICT_ACCEPT ? "accepts" : "refuses",
                     from_text != NULL ? "accepts" : error->message);
          accepted += reader == VERDICT_ACCEPT;
          refused += reader == VERDICT_REFUSE;
        }
  g_test_message ("%u labels accepted, %u refused", accepted, refused);
  /* Both kinds are there: the sweep is not vacuous. */
  g_assert_cmpuint (accepted, >, 10000);
  g_assert_cmpuint (refused, >, 100);
}

/* The encoding a file declares: the reader takes what xmllint takes, UTF-8
 * only.  (xmllint also reads other encodings; the reader refuses them,
 * Djenon files being UTF-8: the one difference, decided in
 * schema_may_accept.) */
static void
test_declared_encodings (void)
{
  static const struct
  {
    const char *declaration;
    gboolean    schema_only;   /* xmllint reads it; the reader refuses it */
  } cases[] = {
    { "", FALSE }, { " encoding=\"UTF-8\"", FALSE }, { " encoding='utf-8'", FALSE },
    { " encoding=\"UTF8\"", FALSE }, { " encoding=\"bogus\"", FALSE },
    { " encoding=\"UTF-6\"", FALSE }, { " encoding=\"UTF-16\"", FALSE },
    { " encoding=\"utf-16\"", FALSE }, { " encoding=\"UTF-32\"", FALSE },
    { " encoding=\"UTF-8 \"", FALSE }, { " encoding=\"\"", FALSE },
    { " encoding=\"ISO-8859-1\"", TRUE }, { " encoding=\"US-ASCII\"", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *xml = game_document (cases[i].declaration, "<move pit=\"c\"/>");
      g_autoptr(GError) error = NULL;
      Verdict schema = schema_verdict (xml, strlen (xml));
      Verdict reader = reader_verdict (xml, &error);

      if (cases[i].schema_only)
        {
          g_assert_cmpint (schema, ==, VERDICT_ACCEPT);
          g_assert_cmpint (reader, ==, VERDICT_REFUSE);
        }
      else if (schema != reader)
        g_error ("<?xml%s?>: the schema %s it, the XML reader %s", cases[i].declaration,
                 schema == VERDICT_ACCEPT ? "accepts" : "refuses",
                 reader == VERDICT_ACCEPT ? "accepts" : error->message);
      if (reader == VERDICT_REFUSE)
        {
          g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_SYNTAX);
          g_assert_true (g_str_has_prefix (error->message, "agree.djenon:1: "));
        }
    }
}

/* The same game in both formats: both readers take it, or both refuse it
 * for the same reason. */
static void
test_text_and_xml (void)
{
  static const struct
  {
    const char *text;
    const char *xml;
    const char *refused;   /* in both messages, or NULL */
  } cases[] = {
    /* A variation of the move it is an alternative to: not merged. */
    { "1. c (1. c {x}) *",
      "<move pit=\"c\"/><variation-start/><move pit=\"c\"><comment-after>x</comment-after>"
      "</move><variation-end/>",
      "move c is given twice at the same point" },
    { "1. b (1. a) (1. a) *",
      "<move pit=\"b\"/><variation-start/><move pit=\"a\"/><variation-end/>"
      "<variation-start/><move pit=\"a\"/><variation-end/>",
      "move a is given twice at the same point" },
    { "1. b F (1... F) *",
      "<move pit=\"b\"/><move pit=\"F\"/><variation-start/><move pit=\"F\"/><variation-end/>",
      "move F is given twice at the same point" },
    { "1. b (1. a {x}) (1. c) F *",
      "<move pit=\"b\"/><variation-start/><move pit=\"a\"><comment-after>x</comment-after>"
      "</move><variation-end/><variation-start/><move pit=\"c\"/><variation-end/>"
      "<move pit=\"F\"/>",
      NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("[Variant \"aboure\"]\n\n%s\n", cases[i].text);
      g_autofree char *xml = game_document ("", cases[i].xml);
      g_autoptr(GError) text_error = NULL, xml_error = NULL;
      g_autoptr(DjCollection) from_text = dj_notation_parse (text, -1, "agree.txt",
                                                             &text_error);
      g_autoptr(DjCollection) from_xml = dj_xml_load_data (xml, strlen (xml), "agree.djenon",
                                                           &xml_error);

      if (cases[i].refused == NULL)
        {
          g_autofree char *a = NULL, *b = NULL;

          g_assert_no_error (text_error);
          g_assert_no_error (xml_error);
          a = dump_collection (from_text);
          b = dump_collection (from_xml);
          g_assert_cmpstr (a, ==, b);
          continue;
        }
      g_assert_null (from_text);
      g_assert_null (from_xml);
      g_assert_error (text_error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_STRUCTURE);
      g_assert_error (xml_error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_STRUCTURE);
      g_assert_nonnull (strstr (text_error->message, cases[i].refused));
      g_assert_nonnull (strstr (xml_error->message, cases[i].refused));
    }
}

static void
test_corpus_three_ways (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "hostile", NULL);
  g_autofree char *table_path = g_build_filename (dir, "EXPECTED", NULL);
  g_autofree char *table = NULL;
  g_auto(GStrv) lines = NULL;
  guint xml_files = 0, text_files = 0, accepted = 0;

  g_assert_true (g_file_get_contents (table_path, &table, NULL, NULL));
  lines = g_strsplit (table, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      g_autofree char *path = NULL, *data = NULL;
      g_autoptr(GError) xml_error = NULL, text_error = NULL;
      g_autoptr(DjCollection) from_xml = NULL, from_text = NULL;
      gsize len;
      const char *file, *code;
      gboolean is_text;
      Verdict schema;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      fields = g_regex_split_simple ("\\s+", lines[i], 0, 0);
      file = fields[0];
      code = fields[1];
      is_text = g_str_has_suffix (file, ".txt");
      path = g_build_filename (dir, file, NULL);
      g_assert_true (g_file_get_contents (path, &data, &len, NULL));

      schema = schema_verdict (data, len);
      from_xml = dj_xml_load_data (data, len, "corpus.djenon", &xml_error);
      from_text = dj_notation_parse (data, len, "corpus.txt", &text_error);
      g_test_message ("%s: schema %s, XML reader %s, text reader %s", file,
                      schema == VERDICT_ACCEPT ? "accepts" : "refuses",
                      xml_error ? xml_error->message : "accepts",
                      text_error ? text_error->message : "accepts");

      /* Every refusal names the place. */
      if (xml_error != NULL)
        g_assert_true (g_str_has_prefix (xml_error->message, "corpus.djenon:"));
      if (text_error != NULL)
        g_assert_true (g_str_has_prefix (text_error->message, "corpus.txt:"));

      if (is_text)
        {
          text_files++;
          /* An XML reader never takes text notation. */
          g_assert_null (from_xml);
          g_assert_true (g_str_equal (code, "ok") == (from_text != NULL));
          if (from_text != NULL)
            {
              g_autofree char *xml = dj_xml_to_string (from_text, &len);

              /* What the text reader takes, written as XML, the schema and
               * the XML reader take. */
              g_assert_cmpint (schema_verdict (xml, len), ==, VERDICT_ACCEPT);
              check_agree (from_text);
              accepted++;
            }
          continue;
        }

      xml_files++;
      /* Text notation never reads an XML file as games. */
      g_assert_null (from_text);
      if (g_str_equal (code, "ok"))
        {
          g_assert_no_error (xml_error);
          g_assert_cmpint (schema, ==, VERDICT_ACCEPT);
          check_agree (from_xml);
          accepted++;
          continue;
        }
      g_assert_null (from_xml);
      if (schema == VERDICT_ACCEPT && !schema_may_accept (code, file))
        g_error ("%s: the XML reader refuses it (%s) but the schema accepts it", file,
                 xml_error->message);
    }
  g_assert_cmpuint (xml_files, >=, 50);
  g_assert_cmpuint (text_files, >=, 5);
  g_assert_cmpuint (accepted, >=, 5);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/djenon/agree/random-records", test_random_records);
  g_test_add_func ("/djenon/agree/node-limits", test_node_limits);
  g_test_add_func ("/djenon/agree/info-limits", test_info_limits);
  g_test_add_func ("/djenon/agree/many-games", test_many_games);
  g_test_add_func ("/djenon/agree/corpus-three-ways", test_corpus_three_ways);
  g_test_add_func ("/djenon/agree/labels", test_labels);
  g_test_add_func ("/djenon/agree/declared-encodings", test_declared_encodings);
  g_test_add_func ("/djenon/agree/text-and-xml", test_text_and_xml);

  return g_test_run ();
}
