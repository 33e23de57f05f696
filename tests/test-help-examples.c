/* test-help-examples.c: every worked example of the help does what its words say
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules pages carry their examples as data (<dj:example variant setup
 * move laps landing captured chain after legal end score status/>), next to
 * the paragraphs that tell them (style="example-caption").  Here the engine
 * plays each example and must find exactly what its data claims; the words of
 * every language must state each claimed fact (the pits, the counts, the
 * score, the position after the move); every translation carries the same
 * examples with the same data; the link that opens an example in Djenon from
 * another help reader names the same position and move; and the build makes a
 * picture of every example (DJ_HELP_EXAMPLES lists them).
 */
#include "config.h"

#include <string.h>

#include "dj-example-uri.h"
#include "dj-format-error.h"
#include "dj-mallard.h"
#include "dj-play.h"

static const char * const rules_pages[] = { "rules-aboure", "rules-abe", "rules-interpretation" };

static const char * const claim_names[] = {
  "id", "variant", "feeding", "setup", "move", "status", "laps", "landing", "captured",
  "chain", "after", "legal", "end", "score",
};

typedef struct
{
  DjMallardNode *node;
  GString       *caption;   /* the example-caption paragraphs since the previous example */
} Example;

static void
example_clear (Example *ex)
{
  g_string_free (ex->caption, TRUE);
}

static char *
help_path (const char *lang,
           const char *page)
{
  if (lang == NULL)
    {
      const char *dir = g_getenv ("DJ_HELP_SRCDIR");
      g_autofree char *name = g_strdup_printf ("%s.page", page);

      return dir != NULL ? g_build_filename (dir, "C", name, NULL)
                         : g_test_build_filename (G_TEST_DIST, "..", "help", "C", name, NULL);
    }
  else
    {
      const char *dir = g_getenv ("DJ_HELP_BUILDDIR");
      g_autofree char *name = g_strdup_printf ("help-%s-%s.page", lang, page);

      return dir != NULL ? g_build_filename (dir, name, NULL)
                         : g_test_build_filename (G_TEST_BUILT, "..", "help", name, NULL);
    }
}

static GStrv
help_languages (void)
{
  const char *dir = g_getenv ("DJ_HELP_SRCDIR");
  g_autofree char *path = dir != NULL ? g_build_filename (dir, "LINGUAS", NULL)
                                      : g_test_build_filename (G_TEST_DIST, "..", "help", "LINGUAS", NULL);
  g_autofree char *data = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  lines = g_strsplit (data, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) words = NULL;
      char *hash = strchr (lines[i], '#');

      if (hash != NULL)
        *hash = '\0';
      words = g_strsplit_set (lines[i], " \t", -1);
      for (guint j = 0; words[j] != NULL; j++)
        if (words[j][0] != '\0')
          g_strv_builder_add (builder, words[j]);
    }
  return g_strv_builder_end (builder);
}

static DjMallardPage *
read_page (const char  *path,
           char       **raw)
{
  g_autoptr(GError) error = NULL;
  gsize length;
  DjMallardPage *page;

  g_file_get_contents (path, raw, &length, &error);
  g_assert_no_error (error);
  page = dj_mallard_page_parse (*raw, length, path, &error);
  g_assert_no_error (error);
  return page;
}

/* The examples of a page in document order, each with the caption paragraphs
 * of its section that come after the example before it.  A walk with an
 * explicit stack: pages are shallow, but nothing here recurses. */
static GArray *
collect_examples (DjMallardPage *page)
{
  GArray *examples = g_array_new (FALSE, TRUE, sizeof (Example));
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();
  g_autoptr(GString) caption = g_string_new (NULL);

  g_array_set_clear_func (examples, (GDestroyNotify) example_clear);
  g_ptr_array_add (stack, dj_mallard_page_get_root (page));
  while (stack->len > 0)
    {
      DjMallardNode *node = g_ptr_array_steal_index (stack, stack->len - 1);

      if (node->kind == DJ_MALLARD_SECTION)
        g_string_truncate (caption, 0);
      if (node->kind == DJ_MALLARD_PARAGRAPH && g_strcmp0 (node->style, "example-caption") == 0)
        {
          g_autofree char *text = dj_mallard_node_get_text (node);
          g_autoptr(GString) plain = g_string_new (text);

          /* A position text may be kept on one line with no-break spaces. */
          g_string_replace (plain, "\xc2\xa0", " ", 0);
          g_string_append_printf (caption, "%s\n", plain->str);
          continue;
        }
      if (node->kind == DJ_MALLARD_EXAMPLE)
        {
          Example ex = { node, g_string_new (caption->str) };

          g_array_append_val (examples, ex);
          g_string_truncate (caption, 0);
          continue;
        }
      for (guint i = node->children->len; i > 0; i--)
        g_ptr_array_add (stack, g_ptr_array_index (node->children, i - 1));
    }
  return examples;
}

static const char *
attr (const Example *ex,
      const char    *name)
{
  return dj_mallard_node_get_attribute (ex->node, name);
}

/* Whether @token stands in @text as a word of its own: a pit letter not part
 * of a longer word, a number not part of a longer number.  Urdu wraps pit
 * letters in direction isolates, which are not letters. */
static gboolean
states (const char *text,
        const char *token)
{
  gsize len = strlen (token);

  for (const char *p = strstr (text, token); p != NULL; p = strstr (p + 1, token))
    {
      gunichar before = p > text ? g_utf8_get_char (g_utf8_find_prev_char (text, p)) : ' ';
      gunichar after = g_utf8_get_char (p + len);

      if (g_unichar_isalnum (before) && !g_unichar_isdigit (before) && g_ascii_isalpha (token[0]))
        continue;
      if (g_ascii_isdigit (token[0]) && (g_unichar_isdigit (before) || g_unichar_isdigit (after)))
        continue;
      if (g_ascii_isalpha (token[0]) && g_unichar_isalnum (after))
        continue;
      if (g_ascii_isalpha (token[0]) && g_unichar_isalpha (before))
        continue;
      return TRUE;
    }
  return FALSE;
}

/* The facts an example's words must state: every pit and number it claims. */
static GPtrArray *
claimed_tokens (const Example *ex)
{
  GPtrArray *tokens = g_ptr_array_new_with_free_func (g_free);
  static const char * const listed[] = { "landing", "chain", "legal" };

  for (guint i = 0; i < G_N_ELEMENTS (listed); i++)
    {
      const char *value = attr (ex, listed[i]);
      g_auto(GStrv) words = value != NULL ? g_strsplit (value, " ", -1) : NULL;

      for (guint j = 0; words != NULL && words[j] != NULL; j++)
        if (strcmp (words[j], "pass") != 0)
          g_ptr_array_add (tokens, g_strdup (words[j]));
    }
  if (attr (ex, "laps") != NULL)
    g_ptr_array_add (tokens, g_strdup (attr (ex, "laps")));
  if (attr (ex, "captured") != NULL && strcmp (attr (ex, "captured"), "0") != 0)
    g_ptr_array_add (tokens, g_strdup (attr (ex, "captured")));
  if (attr (ex, "score") != NULL)
    {
      g_auto(GStrv) scores = g_strsplit (attr (ex, "score"), "-", 2);

      for (guint j = 0; scores[j] != NULL; j++)
        g_ptr_array_add (tokens, g_strdup (scores[j]));
    }
  if (attr (ex, "after") != NULL)
    g_ptr_array_add (tokens, g_strdup (attr (ex, "after")));
  return tokens;
}

static char *
legal_moves (const DjMoves *moves)
{
  g_autoptr(GString) out = g_string_new (NULL);

  if (moves->must_pass)
    return g_strdup ("pass");
  for (guint i = 0; i < DJ_ROW_PITS; i++)
    if (moves->pit[i] == DJ_PIT_LEGAL)
      g_string_append_printf (out, "%s%s", out->len > 0 ? " " : "",
                              dj_move_to_string ((DjMove) (moves->row_start + i)));
  return g_strdup (out->str);
}

static void
check_claim (const char *id,
             const char *name,
             const char *claimed,
             const char *found)
{
  if (claimed == NULL)
    return;
  if (g_strcmp0 (claimed, found) != 0)
    g_error ("example %s: it claims %s=\"%s\", but the engine finds \"%s\"",
             id, name, claimed, found != NULL ? found : "(nothing)");
}

/* The engine plays the example and must find what it claims. */
static void
check_with_engine (const Example *ex)
{
  const char *id = attr (ex, "id");
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjPosition pos, result;
  DjMoves moves;
  g_autoptr(GError) error = NULL;
  g_autofree char *legal = NULL;
  DjMove move;

  g_assert_nonnull (id);
  if (!dj_variant_from_string (attr (ex, "variant"), &rules.variant))
    g_error ("example %s: variant “%s”", id, attr (ex, "variant"));
  if (attr (ex, "feeding") != NULL && !dj_feeding_from_string (attr (ex, "feeding"), &rules.feeding))
    g_error ("example %s: feeding “%s”", id, attr (ex, "feeding"));
  if (attr (ex, "setup") != NULL)
    {
      if (!dj_position_parse (attr (ex, "setup"), &pos, &error) || !dj_position_check (&pos, &error))
        g_error ("example %s: setup: %s", id, error->message);
    }
  else
    dj_position_init_start (&pos);

  result = pos;
  dj_moves_generate (&rules, &pos, &moves);
  if (attr (ex, "move") != NULL)
    {
      DjPitStatus status;

      if (!dj_move_from_string (attr (ex, "move"), &move))
        g_error ("example %s: move “%s”", id, attr (ex, "move"));
      status = dj_moves_why (&moves, move);
      if (attr (ex, "status") != NULL)
        {
          check_claim (id, "status", attr (ex, "status"), dj_pit_status_to_string (status));
          g_assert_cmpint (status, !=, DJ_PIT_LEGAL);
        }
      else
        {
          g_autoptr(DjTrace) trace = dj_trace_new ();
          g_autoptr(GString) chain = g_string_new (NULL);
          g_autofree char *laps = NULL;
          g_autofree char *captured = NULL;
          g_autofree char *after = NULL;

          if (status != DJ_PIT_LEGAL)
            g_error ("example %s: %s cannot be played (%s)", id, attr (ex, "move"),
                     dj_pit_status_to_string (status));
          if (!dj_play (&rules, &pos, move, trace, &error))
            g_error ("example %s: %s", id, error->message);
          laps = g_strdup_printf ("%u", trace->laps->len);
          captured = g_strdup_printf ("%u", trace->captured);
          for (guint i = 0; i < trace->captures->len; i++)
            g_string_append_printf (chain, "%s%s", i > 0 ? " " : "",
                                    dj_move_to_string (g_array_index (trace->captures, DjCapture, i).pit));
          after = dj_position_to_string (&trace->after);
          check_claim (id, "laps", attr (ex, "laps"), laps);
          if (trace->laps->len > 0)
            check_claim (id, "landing", attr (ex, "landing"),
                         dj_move_to_string (g_array_index (trace->laps, DjLap, trace->laps->len - 1).landing));
          else
            check_claim (id, "landing", attr (ex, "landing"), NULL);
          check_claim (id, "captured", attr (ex, "captured"), captured);
          check_claim (id, "chain", attr (ex, "chain"), chain->str);
          check_claim (id, "after", attr (ex, "after"), after);
          result = trace->after;
          dj_moves_generate (&rules, &result, &moves);
        }
    }
  else if (attr (ex, "status") != NULL || attr (ex, "laps") != NULL)
    g_error ("example %s: claims about a move, but it plays none", id);

  legal = legal_moves (&moves);
  check_claim (id, "legal", attr (ex, "legal"), legal);
  check_claim (id, "end", attr (ex, "end"),
               moves.end != DJ_END_NONE ? dj_end_reason_to_string (moves.end) : "none");
  if (attr (ex, "score") != NULL)
    {
      int score[2];
      g_autofree char *text = NULL;

      g_assert_cmpint (moves.end, !=, DJ_END_NONE);
      dj_final_scores (&rules, &result, score);
      text = g_strdup_printf ("%d-%d", score[DJ_SOUTH], score[DJ_NORTH]);
      check_claim (id, "score", attr (ex, "score"), text);
    }
}

/* The link that opens the example in Djenon from another help reader. */
static char *
example_link (const Example *ex)
{
  g_autoptr(GString) uri = g_string_new ("djenon:play?");
  static const char * const keys[] = { "variant", "feeding", "setup", "move" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      const char *value = attr (ex, keys[i]);
      g_autofree char *escaped = NULL;

      if (value == NULL)
        continue;
      escaped = g_uri_escape_string (value, " ", FALSE);
      g_strdelimit (escaped, " ", '+');
      g_string_append_printf (uri, "%s%s=%s", i > 0 && uri->str[uri->len - 1] != '?' ? "&amp;" : "",
                              keys[i], escaped);
    }
  return g_string_free (g_steal_pointer (&uri), FALSE);
}

/* The link, as Djenon reads it when a help reader hands it over, gives back
 * the example's game, position and move. */
static void
check_link_parses (const Example *ex,
                   const char    *xml_link)
{
  g_autofree char *uri = g_strdup (xml_link);
  g_autofree char *again = NULL;
  g_autoptr(GError) error = NULL;
  DjExampleLink link;
  DjPosition start;
  char *amp;

  while ((amp = strstr (uri, "&amp;")) != NULL)
    memmove (amp + 1, amp + 5, strlen (amp + 5) + 1);
  if (!dj_example_uri_parse (uri, &link, &error))
    g_error ("example %s: its link %s is refused: %s", attr (ex, "id"), uri, error->message);
  if (attr (ex, "setup") != NULL)
    g_assert_true (dj_position_parse (attr (ex, "setup"), &start, NULL));
  else
    dj_position_init_start (&start);
  g_assert_true (dj_position_equal (&link.start, &start));
  g_assert_cmpstr (dj_variant_to_string (link.rules.variant), ==, attr (ex, "variant"));
  if (attr (ex, "move") != NULL)
    g_assert_cmpstr (dj_move_to_string (link.move), ==, attr (ex, "move"));
  else
    g_assert_cmpint (link.move, ==, DJ_NO_MOVE);
  again = dj_example_uri_build (&link.rules, attr (ex, "setup") != NULL ? &link.start : NULL, link.move);
  if (attr (ex, "feeding") == NULL || strcmp (attr (ex, "feeding"), "on-starved-turn") != 0)
    g_assert_cmpstr (again, ==, uri);
}

/* Links from elsewhere: each refused with a reason, never believed. */
static void
test_hostile_links (void)
{
  g_autofree char *long_link = NULL;
  GString *big = g_string_new ("djenon:play?variant=abe&setup=");
  const char *hostile[] = {
    "",
    "djenon:",
    "djenon:play",
    "djenon:open?variant=abe",
    "http://example.org/?variant=abe",
    "djenon:play?",
    "djenon:play?variant=chess",
    "djenon:play?variant=aboure&feeding=immediate",
    "djenon:play?variant=abe&feeding=sometimes",
    "djenon:play?variant=abe&setup=4+4+4",
    "djenon:play?variant=abe&setup=48+0+0+0+0+0+0+0+0+0+0+0+1+0+S",
    "djenon:play?variant=abe&setup=4+4+4+4+4+4+4+4+4+4+4+4+0+0+X",
    "djenon:play?variant=aboure&setup=0+1+0+1+0+1+0+0+0+0+0+0+20+25+N+feed",
    "djenon:play?variant=abe&move=A",
    "djenon:play?variant=abe&move=z",
    "djenon:play?variant=abe&move=pass",
    "djenon:play?variant=abe&setup=1+0+1+1+0+0+1+0+0+0+1+0+19+24+S&variant=abe&move=a&x=1",
    "djenon:play?variant=abe&file=/etc/passwd",
    "djenon:play?variant=abe%00&move=c",
    "djenon:play?variant=abe&setup=%ff%fe",
    "djenon:play?variant=abe&move=%",
  };

  for (guint i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      g_autoptr(GError) error = NULL;
      DjExampleLink link;

      g_test_message ("%s", hostile[i]);
      g_assert_false (dj_example_uri_parse (hostile[i], &link, &error));
      g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_VALUE);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_assert_cmpuint (strlen (error->message), <, 400);
    }

  while (big->len <= DJ_EXAMPLE_URI_MAX)
    g_string_append (big, "4+");
  long_link = g_string_free (big, FALSE);
  {
    g_autoptr(GError) error = NULL;
    DjExampleLink link;

    g_assert_false (dj_example_uri_parse (long_link, &link, &error));
    g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_VALUE);
  }
  {
    /* Invalid UTF-8 in the link itself. */
    g_autoptr(GError) error = NULL;
    DjExampleLink link;

    g_assert_false (dj_example_uri_parse ("djenon:play?variant=abe\xff", &link, &error));
    g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_VALUE);
  }
  {
    /* A pit that cannot be played stays the example's move: what the
     * example shows is why. */
    g_autoptr(GError) error = NULL;
    DjExampleLink link;

    g_assert_true (dj_example_uri_parse ("djenon:play?variant=aboure&setup=0+1+3+0+0+0+0+2+0+0+0+2+19+21+S&move=b",
                                         &link, &error));
    g_assert_no_error (error);
    g_assert_cmpint (link.move, ==, 1);
  }
}

/* The djenon: links of a page's XML, in order. */
static GPtrArray *
raw_links (const char *raw)
{
  GPtrArray *links = g_ptr_array_new_with_free_func (g_free);
  const char *marker = "href=\"djenon:";

  for (const char *p = strstr (raw, marker); p != NULL; p = strstr (p + 1, marker))
    {
      const char *start = p + strlen ("href=\"");
      const char *end = strchr (start, '"');

      g_assert_nonnull (end);
      g_ptr_array_add (links, g_strndup (start, end - start));
    }
  return links;
}

static void
test_examples (void)
{
  g_auto(GStrv) languages = help_languages ();
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint total = 0;

  for (guint p = 0; p < G_N_ELEMENTS (rules_pages); p++)
    {
      g_autofree char *path = help_path (NULL, rules_pages[p]);
      g_autofree char *raw = NULL;
      DjMallardPage *page = read_page (path, &raw);
      g_autoptr(GArray) examples = collect_examples (page);
      g_autoptr(GPtrArray) links = raw_links (raw);

      g_assert_cmpuint (examples->len, >, 0);
      g_assert_cmpuint (links->len, ==, examples->len);
      for (guint i = 0; i < examples->len; i++)
        {
          Example *ex = &g_array_index (examples, Example, i);
          g_autoptr(GPtrArray) tokens = claimed_tokens (ex);
          g_autofree char *link = example_link (ex);

          g_test_message ("%s: %s", rules_pages[p], attr (ex, "id"));
          if (!g_hash_table_add (ids, g_strdup (attr (ex, "id"))))
            g_error ("two examples are called %s", attr (ex, "id"));
          check_with_engine (ex);
          g_assert_cmpstr (g_ptr_array_index (links, i), ==, link);
          check_link_parses (ex, link);
          if (ex->caption->len == 0)
            g_error ("example %s has no words (no example-caption paragraph before it)",
                     attr (ex, "id"));
          for (guint t = 0; t < tokens->len; t++)
            if (!states (ex->caption->str, g_ptr_array_index (tokens, t)))
              g_error ("example %s: its words do not say “%s”:\n%s", attr (ex, "id"),
                       (char *) g_ptr_array_index (tokens, t), ex->caption->str);
          total++;
        }

      /* Every translation: the same examples, the same data, the same facts
       * in its words. */
      for (guint l = 0; languages[l] != NULL; l++)
        {
          g_autofree char *tpath = help_path (languages[l], rules_pages[p]);
          g_autofree char *traw = NULL;
          DjMallardPage *tpage;
          g_autoptr(GArray) texamples = NULL;
          g_autoptr(GPtrArray) tlinks = NULL;

          if (!g_file_test (tpath, G_FILE_TEST_EXISTS))
            g_error ("%s is not built", tpath);
          tpage = read_page (tpath, &traw);
          texamples = collect_examples (tpage);
          tlinks = raw_links (traw);
          g_assert_cmpuint (texamples->len, ==, examples->len);
          g_assert_cmpuint (tlinks->len, ==, links->len);
          for (guint i = 0; i < texamples->len; i++)
            {
              Example *ex = &g_array_index (examples, Example, i);
              Example *tex = &g_array_index (texamples, Example, i);
              g_autoptr(GPtrArray) tokens = claimed_tokens (ex);

              for (guint c = 0; c < G_N_ELEMENTS (claim_names); c++)
                g_assert_cmpstr (attr (tex, claim_names[c]), ==, attr (ex, claim_names[c]));
              g_assert_cmpuint (g_hash_table_size (tex->node->attributes), ==,
                                g_hash_table_size (ex->node->attributes));
              g_assert_cmpstr (g_ptr_array_index (tlinks, i), ==, g_ptr_array_index (links, i));
              for (guint t = 0; t < tokens->len; t++)
                if (!states (tex->caption->str, g_ptr_array_index (tokens, t)))
                  g_error ("%s, example %s: its words do not say “%s”:\n%s", languages[l],
                           attr (ex, "id"), (char *) g_ptr_array_index (tokens, t),
                           tex->caption->str);
            }
          dj_mallard_page_unref (tpage);
        }
      dj_mallard_page_unref (page);
    }
  g_test_message ("%u examples", total);

  /* The build draws a picture of each example for other help readers. */
  if (g_getenv ("DJ_HELP_EXAMPLES") != NULL)
    {
      g_auto(GStrv) built = g_strsplit (g_getenv ("DJ_HELP_EXAMPLES"), " ", -1);
      guint n = 0;

      for (guint i = 0; built[i] != NULL; i++)
        if (built[i][0] != '\0')
          {
            if (!g_hash_table_contains (ids, built[i]))
              g_error ("help/meson.build draws %s, which no page has", built[i]);
            n++;
          }
      g_assert_cmpuint (n, ==, g_hash_table_size (ids));
    }
}

/* An example whose data drifts from the rules is caught: the abe capture
 * across both rows with one claim wrong. */
static const char * const drifted[] = {
  "laps=\"2\"", "landing=\"B\"", "captured=\"6\"", "chain=\"A e\"", "status=\"empty\"",
};

static void
test_drift (gconstpointer data)
{
  const char *claim = data;

  if (g_test_subprocess ())
    {
      g_autofree char *xml = g_strdup_printf (
        "<page xmlns='http://projectmallard.org/1.0/' xmlns:dj='http://djenon.org/ns/help/1'"
        " type='topic' id='t'><title>T</title><section id='s'><title>S</title>"
        "<p style='example-caption'>d: 8, A f e, 1, B, 6, 2</p>"
        "<dj:example id='x' variant='abe' setup='3 0 2 3 1 1 3 5 0 2 1 4 10 13 S' move='d' %s/>"
        "</section></page>", claim);
      g_autoptr(GError) error = NULL;
      DjMallardPage *page = dj_mallard_page_parse (xml, -1, "t.page", &error);
      g_autoptr(GArray) examples = NULL;

      g_assert_no_error (error);
      examples = collect_examples (page);
      g_assert_cmpuint (examples->len, ==, 1);
      check_with_engine (&g_array_index (examples, Example, 0));
      dj_mallard_page_unref (page);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr (strstr (claim, "status") != NULL ? "*status*" : "*claims*");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/help/examples/engine-words-translations", test_examples);
  g_test_add_func ("/help/examples/hostile-links", test_hostile_links);
  for (guint i = 0; i < G_N_ELEMENTS (drifted); i++)
    {
      g_autofree char *path = g_strdup_printf ("/help/examples/drift/%u", i);

      g_test_add_data_func (path, drifted[i], test_drift);
    }
  return g_test_run ();
}
