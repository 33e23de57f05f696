/* test-sheet.c: game sheets as PDF, read back with poppler's tools
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs with the system's fonts (Urdu and Nepali need the application's);
 * poppler-utils (pdfinfo, pdftotext, pdffonts) come with build-aux/deps.sh.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "dj-long-line.h"
#include "dj-notation.h"
#include "dj-sheet.h"
#include "dj-xml.h"

typedef struct
{
  char *dir;
  char *pdf;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("sheet-XXXXXX", &error);
  g_assert_no_error (error);
  f->pdf = g_build_filename (f->dir, "sheet.pdf", NULL);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_unlink (f->pdf);
  g_rmdir (f->dir);
  g_free (f->pdf);
  g_free (f->dir);
}

static gboolean
have_poppler (void)
{
  g_autofree char *a = g_find_program_in_path ("pdftotext");
  g_autofree char *b = g_find_program_in_path ("pdfinfo");
  g_autofree char *c = g_find_program_in_path ("pdffonts");

  if (a == NULL || b == NULL || c == NULL)
    {
      g_test_skip ("poppler-utils (pdftotext, pdfinfo, pdffonts) is not installed");
      return FALSE;
    }
  return TRUE;
}

/* The standard output of @argv, which must succeed. */
static char *
run (const char * const *argv)
{
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH |
                               G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status,
                               &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static char *
page_text (const char *pdf,
           int         page)
{
  g_autofree char *p = g_strdup_printf ("%d", page);
  const char *argv[] = { "pdftotext", "-f", p, "-l", p, pdf, "-", NULL };

  return run (argv);
}

static guint
pdf_pages (const char *pdf)
{
  const char *argv[] = { "pdfinfo", pdf, NULL };
  g_autofree char *info = run (argv);
  const char *line = strstr (info, "Pages:");

  g_assert_nonnull (line);
  return (guint) g_ascii_strtoull (line + 6 + strspn (line + 6, " "), NULL, 10);
}

/* @s without white space or direction marks (pdftotext puts spaces between
 * the letters of Nastaliq, whose glyphs climb along the line, and marks
 * around right-to-left runs). */
static char *
squeeze (const char *s)
{
  GString *out = g_string_new (NULL);

  for (const char *p = s; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c) || (c >= 0x200e && c <= 0x200f) ||
          (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
        continue;
      g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

static DjGame *
load_sample (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", name,
                                                 NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = dj_xml_load_file (file, NULL, &error);

  g_assert_no_error (error);
  return g_object_ref (dj_collection_get_game (collection, 0));
}

static void
save (DjSheet    *sheet,
      const char *pdf)
{
  g_autoptr(GFile) file = g_file_new_for_path (pdf);
  g_autoptr(GError) error = NULL;

  g_assert_true (dj_sheet_save_pdf (sheet, file, DJ_SAFE_SAVE_NONE, &error));
  g_assert_no_error (error);
}

static guint
count_diagrams (DjSheet *sheet)
{
  guint n = 0;

  for (guint i = 0; i < dj_sheet_get_n_items (sheet); i++)
    n += dj_sheet_get_item (sheet, i)->kind == DJ_SHEET_ITEM_DIAGRAM;
  return n;
}

static void
test_sample (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(DjGame) game = load_sample ("aboure-sample.djenon");
  g_autoptr(DjSheet) sheet = NULL;
  g_autofree char *all = NULL, *first = NULL;
  DjSheetOptions options;
  guint plies = dj_node_get_ply (dj_node_get_line_end (dj_game_get_root (game)));

  if (!have_poppler ())
    return;
  dj_sheet_options_init (&options);
  options.every = 10;
  sheet = dj_sheet_new (game, &options, NULL);
  save (sheet, f->pdf);

  /* A diagram after moves 10 and 20 of the main line (21 moves long). */
  g_assert_cmpuint (plies, ==, 21);
  g_assert_cmpuint (count_diagrams (sheet), ==, 2);
  g_assert_cmpuint (pdf_pages (f->pdf), ==, dj_sheet_get_n_pages (sheet));
  g_assert_cmpuint (dj_sheet_get_n_pages (sheet), ==, 2);

  first = page_text (f->pdf, 1);
  g_assert_nonnull (strstr (first, "Aminata Koné – Ibrahim Sanogo"));
  g_assert_nonnull (strstr (first, "Sikasso Club Championship"));
  g_assert_nonnull (strstr (first, "North wins (22–26)"));
  /* Moves with their glyphs and assessments, comments, a variation. */
  g_assert_nonnull (strstr (first, "1. b?"));
  g_assert_nonnull (strstr (first, "South opens with b."));
  g_assert_nonnull (strstr (first, "(The natural"));
  g_assert_nonnull (strstr (first, "1… B?"));
  g_assert_nonnull (strstr (first, "2. a ∓"));
  g_assert_nonnull (strstr (first, "page 1 of 2"));
  /* A diagram's caption and its pit letters. */
  g_assert_nonnull (strstr (first, "5… F"));
  g_assert_nonnull (strstr (first, "South to move"));
  all = page_text (f->pdf, 2);
  g_assert_nonnull (strstr (all, "North wins"));
  g_assert_nonnull (strstr (all, "page 2 of 2"));
}

/* A long game whose comments run over pages, with a diagram every few
 * moves: every line and every diagram lies whole on one page. */
static void
test_page_breaks (Fixture       *f,
                  gconstpointer  data)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(GArray) line = dj_long_legal_line (60);
  g_autoptr(DjGame) game = dj_game_new (&rules, NULL);
  g_autoptr(DjSheet) sheet = NULL;
  g_autoptr(GString) words = g_string_new (NULL);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  DjNode *node = dj_game_get_root (game);
  DjSheetOptions options;
  double top, bottom;
  guint word = 0, broken_comments = 0, moved_diagrams = 0;

  if (!have_poppler ())
    return;
  for (guint i = 0; i < line->len; i++)
    {
      node = dj_game_play (game, node, g_array_index (line, DjMove, i), NULL);
      g_assert_nonnull (node);
      if (i % 6 == 2)
        {
          g_autoptr(GString) comment = g_string_new (NULL);

          for (guint k = 0; k < 70; k++)
            g_string_append_printf (comment, "%sw%04u", k ? " " : "", ++word);
          dj_game_set_comment_after (game, node, comment->str);
        }
    }
  dj_sheet_options_init (&options);
  options.every = 7;
  sheet = dj_sheet_new (game, &options, NULL);
  save (sheet, f->pdf);
  dj_sheet_get_body (sheet, &top, &bottom);

  g_assert_cmpuint (dj_sheet_get_n_pages (sheet), >=, 3);
  g_assert_cmpuint (pdf_pages (f->pdf), ==, dj_sheet_get_n_pages (sheet));
  g_assert_cmpuint (count_diagrams (sheet), ==, 60 / 7);

  for (guint p = 0; p < dj_sheet_get_n_pages (sheet); p++)
    g_ptr_array_add (texts, page_text (f->pdf, p + 1));

  for (guint i = 0; i < dj_sheet_get_n_items (sheet); i++)
    {
      const DjSheetItem *item = dj_sheet_get_item (sheet, i);
      const DjSheetItem *prev = i > 0 ? dj_sheet_get_item (sheet, i - 1) : NULL;

      /* Inside the page's text area, whole. */
      g_assert_cmpfloat (item->y, >=, top - 0.01);
      g_assert_cmpfloat (item->y + item->height, <=, bottom + 0.01);
      if (item->kind == DJ_SHEET_ITEM_LINE)
        {
          g_autofree char *want = squeeze (item->text);
          g_autofree char *have = squeeze (g_ptr_array_index (texts, item->page));

          /* The line is on its page in the PDF, all of it. */
          if (strstr (have, want) == NULL)
            g_error ("line “%s” is not whole on page %u", item->text, item->page + 1);
          /* A comment that goes on over a page break. */
          if (prev != NULL && prev->page < item->page && prev->kind == DJ_SHEET_ITEM_LINE &&
              item->text[0] == 'w' && strstr (prev->text, " w") != NULL)
            broken_comments++;
        }
      else if (prev != NULL && prev->page < item->page)
        {
          /* A diagram that did not fit went whole to the next page. */
          g_assert_cmpfloat (prev->y + prev->height + item->height, >, bottom);
          g_assert_cmpfloat (item->y, ==, top);
          moved_diagrams++;
        }
    }
  g_test_message ("%u pages, %u comments broken between lines, %u diagrams moved on",
                  dj_sheet_get_n_pages (sheet), broken_comments, moved_diagrams);
  /* The game is long enough for both to happen. */
  g_assert_cmpuint (broken_comments + moved_diagrams, >=, 1);

  /* No word of the comments is lost or doubled at a break. */
  {
    g_autoptr(GString) all = g_string_new (NULL);
    const char *p;
    guint expected = 1;

    for (guint k = 0; k < texts->len; k++)
      g_string_append (all, g_ptr_array_index (texts, k));
    p = all->str;
    while ((p = strchr (p, 'w')) != NULL)
      {
        if (g_ascii_isdigit (p[1]) && g_ascii_isdigit (p[4]))
          {
            g_assert_cmpuint ((guint) g_ascii_strtoull (p + 1, NULL, 10), ==, expected);
            expected++;
          }
        p++;
      }
    g_assert_cmpuint (expected - 1, ==, word);
  }
}

static const char urdu_game[] =
  "[Variant \"aboure\"]\n"
  "[South \"عائشہ خان\"]\n"
  "[North \"बिमला श्रेष्ठ\"]\n"
  "[Event \"لاہور کلب ٹورنامنٹ\"]\n\n"
  "1. b! {جنوب نے بی سے آغاز کیا۔} F {उत्तरले पनि त्यस्तै जवाफ दियो।} 2. a *\n";

static void
test_scripts (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = dj_notation_parse (urdu_game, -1, "urdu", &error);
  g_autoptr(DjSheet) sheet = NULL;
  g_autoptr(GPtrArray) at = g_ptr_array_new ();
  g_autofree char *fonts = NULL, *text = NULL, *flat = NULL;
  DjSheetOptions options;
  DjGame *game;

  g_assert_no_error (error);
  if (!have_poppler ())
    return;
  game = dj_collection_get_game (collection, 0);
  g_ptr_array_add (at, dj_sheet_find_node (game, "2", NULL));
  dj_sheet_options_init (&options);
  options.at = at;
  sheet = dj_sheet_new (game, &options, NULL);
  save (sheet, f->pdf);
  g_assert_cmpuint (count_diagrams (sheet), ==, 1);

  {
    const char *argv[] = { "pdffonts", f->pdf, NULL };

    fonts = run (argv);
  }
  if (strstr (fonts, "NotoNastaliqUrdu") == NULL)
    {
      g_autofree char *fc = NULL;
      const char *argv[] = { "fc-list", "Noto Nastaliq Urdu", NULL };

      fc = run (argv);
      if (*fc == '\0')
        {
          g_test_skip ("Noto Nastaliq Urdu (fonts-noto-core) is not installed");
          return;
        }
      g_error ("Urdu is not set in Nastaliq: the PDF's fonts are\n%s", fonts);
    }
  /* Devanagari in a font that has its conjuncts (not DejaVu's boxes). */
  g_assert_true (strstr (fonts, "NotoSansDevanagari") != NULL ||
                 strstr (fonts, "Lohit-Devanagari") != NULL);

  /* Shaped text that still reads back as the same letters. */
  text = page_text (f->pdf, 1);
  flat = squeeze (text);
  g_assert_nonnull (strstr (flat, "عائشہخان"));
  g_assert_nonnull (strstr (flat, "बिमलाश्रेष्ठ"));
  g_assert_nonnull (strstr (flat, "لاہورکلبٹورنامنٹ"));
  g_assert_nonnull (strstr (flat, "उत्तरलेपनित्यस्तैजवाफदियो।"));
  g_assert_nonnull (strstr (flat, "1.b!"));
}

static void
test_letter (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(DjGame) game = load_sample ("abe-sample.djenon");
  g_autoptr(DjSheet) sheet = NULL;
  g_autofree char *info = NULL;
  DjSheetOptions options;

  if (!have_poppler ())
    return;
  dj_sheet_options_init (&options);
  options.page_width = DJ_SHEET_LETTER_WIDTH;
  options.page_height = DJ_SHEET_LETTER_HEIGHT;
  sheet = dj_sheet_new (game, &options, NULL);
  save (sheet, f->pdf);
  {
    const char *argv[] = { "pdfinfo", f->pdf, NULL };

    info = run (argv);
  }
  g_assert_nonnull (strstr (info, "612 x 792 pts"));
  g_assert_cmpuint (count_diagrams (sheet), ==, 0);
}

/* A game past the limit is refused, saying why, before anything is laid out. */
static void
test_too_long (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(GArray) line = dj_long_legal_line (DJ_SHEET_MAX_NODES + 1);
  g_autoptr(DjGame) game = dj_game_new (&rules, NULL);
  g_autoptr(GError) error = NULL;
  DjNode *node = dj_game_get_root (game);
  DjSheetOptions options;

  for (guint i = 0; i < line->len; i++)
    {
      DjMove m = g_array_index (line, DjMove, i);
      DjMoves moves;
      DjPosition child;

      dj_moves_generate (&rules, dj_node_get_position (node), &moves);
      g_assert_true (dj_moves_child (&moves, dj_node_get_position (node), m, &child));
      node = dj_game_append_unchecked (game, node, m, &child);
    }
  dj_sheet_options_init (&options);
  g_assert_null (dj_sheet_new (game, &options, &error));
  g_assert_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_TOO_LONG);
  g_assert_cmpstr (error->message, ==,
                   "The game has 50001 moves with its variations; a game sheet holds at most 50000");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/djenon/sheet/sample", Fixture, NULL, fixture_set_up, test_sample,
              fixture_tear_down);
  g_test_add ("/djenon/sheet/page-breaks", Fixture, NULL, fixture_set_up, test_page_breaks,
              fixture_tear_down);
  g_test_add ("/djenon/sheet/urdu-nepali", Fixture, NULL, fixture_set_up, test_scripts,
              fixture_tear_down);
  g_test_add ("/djenon/sheet/letter", Fixture, NULL, fixture_set_up, test_letter,
              fixture_tear_down);
  g_test_add_func ("/djenon/sheet/too-long", test_too_long);
  return g_test_run ();
}
