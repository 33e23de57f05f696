/* test-rules-view.c: the rules viewer in the five languages, right to left,
 * its fonts, its links and F1
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "dj-help.h"
#include "dj-resources.h"
#include "dj-board.h"
#include "dj-rules-example.h"
#include "dj-rules-view.h"
#include "dj-test-app.h"
#include "dj-test-picture.h"

/* Sample sentences (from the project's source documents) to lay out with
 * the view's fonts while a language has no translated page yet. */
static const char urdu_sample[] =
  "کیپچر بورڈ کے دونوں طرف بغیر کسی پابندی کے ہو سکتے ہیں۔ "
  "Djenon-abe ایک نفیس مینکالا گیم ہے۔ ۱۲۳ 180,000";
static const char nepali_sample[] =
  "क्याप्चरहरू बोर्डको दुबै छेउमा हुन सक्छ। खेलको अन्त्यमा, प्रत्येक खेलाडीले "
  "आफ्नो छ वटा घरको खाडलमा बाँकी रहेका सबै बीउहरू जम्मा गर्छन्। Djenon-aboure २०१२";

/* Stand-ins for the rules pages while a language is not translated yet:
 * the same elements as the real pages, in sentences from the sources, with a
 * paragraph that starts with a Latin word, the picture of the board and a
 * table of words. */
static const char urdu_page[] =
  "<page xmlns='http://projectmallard.org/1.0/' type='topic' id='@ID@' xml:lang='ur'>"
  "<info><link type='guide' xref='index#rules'/></info>"
  "<title>Djenon-abe کے اصول</title>"
  "<section id='overview'><title>جائزہ</title>"
  "<p>Djenon-abe ایک نفیس مینکالا گیم ہے جسے Abé (جسے Abbey یا Abbe بھی کہا جاتا ہے) لوگ کھیلتے ہیں۔</p>"
  "<p>تقریباً 180,000 افراد کی تعداد کے ساتھ، Abé تاریخی دارالحکومت Agboville کے ارد گرد مرکوز"
  " زرعی اور زبانی روایات کو برقرار رکھتا ہے۔</p></section>"
  "<section id='capturing'><title>قبضہ</title><list>"
  "<item><p>کیپچر بورڈ کے دونوں طرف بغیر کسی پابندی کے ہو سکتے ہیں۔</p></item>"
  "<item><p>جب آخری بیج ایک گڑھے کے مواد کو بالکل دو یا چار بیجوں پر لاتا ہے، تو ان بیجوں کو"
  " فوراً پکڑ کر ایک طرف رکھ دیا جاتا ہے۔</p></item></list>"
  "<table><tr><td><p>F (11)</p></td><td><p>A (6)</p></td></tr>"
  "<tr><td><p>a (0)</p></td><td><p>f (5)</p></td></tr></table>"
  "<table><tr><td><p>نیا کھیل شروع کریں</p></td>"
  "<td><p><keyseq><key>Ctrl</key><key>N</key></keyseq></p></td></tr></table>"
  "<p><link xref='rules-interpretation'/></p></section></page>";
static const char nepali_page[] =
  "<page xmlns='http://projectmallard.org/1.0/' type='topic' id='@ID@' xml:lang='ne'>"
  "<info><link type='guide' xref='index#rules'/></info>"
  "<title>Djenon-aboure का नियमहरू</title>"
  "<section id='overview'><title>सारांश</title>"
  "<p>खेल पहिलो पटक 2012 मा स्पेनिश अनुसन्धानकर्ता जोर्डी क्लिमेन्ट टोन्डो द्वारा रेकर्ड गरिएको थियो।</p>"
  "</section><section id='capturing'><title>कब्जा</title><list>"
  "<item><p>क्याप्चरहरू बोर्डको दुबै छेउमा हुन सक्छ।</p></item>"
  "<item><p>खेलको अन्त्यमा, प्रत्येक खेलाडीले आफ्नो छ वटा घरको खाडलमा बाँकी रहेका सबै बीउहरू जम्मा"
  " गर्छन्।</p></item></list>"
  "<p><link xref='rules-interpretation'/></p></section></page>";

/* The page in @lang, or the sample page in its place while it is not
 * translated. */
static void
ensure_page (const char *lang,
             const char *page_id)
{
  g_autoptr(GString) data = NULL;
  g_autoptr(DjMallardPage) page = NULL;
  g_autoptr(GError) error = NULL;

  if (dj_help_is_translated (lang, page_id))
    return;
  data = g_string_new (strcmp (lang, "ur") == 0 ? urdu_page : nepali_page);
  g_string_replace (data, "@ID@", page_id, 1);
  page = dj_mallard_page_parse (data->str, data->len, "sample.page", &error);
  g_assert_no_error (error);
  dj_help_add_page (lang, page);
  g_test_message ("%s is not translated into %s yet: a sample page stands in", page_id, lang);
}

static void
iterate (guint frames)
{
  for (guint i = 0; i < frames; i++)
    {
      gint64 end = g_get_monotonic_time () + 20 * 1000;

      while (g_get_monotonic_time () < end)
        g_main_context_iteration (NULL, FALSE);
    }
}

static DjRulesView *
new_view (DjVariant variant)
{
  GtkWindow *window = dj_rules_view_new (NULL, variant);

  g_assert_true (DJ_IS_RULES_VIEW (window));
  return DJ_RULES_VIEW (window);
}

static void
destroy_view (DjRulesView *view)
{
  g_object_add_weak_pointer (G_OBJECT (view), (gpointer *) &view);
  gtk_window_destroy (GTK_WINDOW (view));
  for (guint i = 0; i < 100 && view != NULL; i++)
    iterate (1);
  g_assert_null (view);
}

static void
collect_labels (GtkWidget *widget,
                GPtrArray *labels)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (labels, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, labels);
}

static GPtrArray *
content_labels (DjRulesView *view)
{
  GPtrArray *labels = g_ptr_array_new ();

  collect_labels (dj_rules_view_get_content (view), labels);
  return labels;
}

static char *
content_text (DjRulesView *view)
{
  g_autoptr(GPtrArray) labels = content_labels (view);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < labels->len; i++)
    g_string_append_printf (text, "%s\n", gtk_label_get_text (labels->pdata[i]));
  return g_string_free (text, FALSE);
}

/* The first label whose text contains @text. */
static GtkWidget *
find_label (DjRulesView *view,
            const char  *text)
{
  g_autoptr(GPtrArray) labels = content_labels (view);

  for (guint i = 0; i < labels->len; i++)
    if (strstr (gtk_label_get_text (labels->pdata[i]), text) != NULL)
      return labels->pdata[i];
  g_error ("no label with “%s” on %s", text, dj_rules_view_get_page_id (view));
  return NULL;
}

/* The label whose markup links to @uri. */
static GtkLabel *
find_link (DjRulesView *view,
           const char  *uri)
{
  g_autoptr(GPtrArray) labels = content_labels (view);
  g_autofree char *attribute = g_strdup_printf ("href=\"%s\"", uri);

  for (guint i = 0; i < labels->len; i++)
    if (strstr (gtk_label_get_label (labels->pdata[i]), attribute) != NULL)
      return labels->pdata[i];
  return NULL;
}

static void
follow_link (DjRulesView *view,
             const char  *uri)
{
  GtkLabel *label = find_link (view, uri);
  gboolean handled = FALSE;

  if (label == NULL)
    g_error ("no link to %s on %s", uri, dj_rules_view_get_page_id (view));
  g_signal_emit_by_name (label, "activate-link", uri, &handled);
  g_assert_true (handled);
}

static const char *
page_title (const char *lang,
            const char *page_id)
{
  DjMallardPage *page = dj_mallard_book_get_page (dj_help_get_book (lang), page_id);

  g_assert_nonnull (page);
  return dj_mallard_page_get_title (page);
}

/* The rules page in each language: its own title, and English only where
 * the page is not translated yet, with a note that says so. */
static void
test_languages (void)
{
  guint n_languages;
  const DjHelpLanguage *languages = dj_help_get_languages (&n_languages);
  DjRulesView *view = new_view (DJ_VARIANT_ABOURE);
  g_autofree char *english = NULL;

  g_assert_cmpuint (n_languages, ==, 5);
  g_assert_cmpstr (dj_rules_view_get_page_id (view), ==, "rules-aboure");
  g_assert_cmpstr (dj_rules_view_get_language (view), ==, "C");
  english = content_text (view);
  g_assert_nonnull (strstr (english, "Rules of Djenon-aboure"));
  g_assert_nonnull (strstr (english, "Capturing"));
  g_assert_false (dj_rules_view_get_fallback (view));

  for (guint round = 0; round < 2; round++)
    for (guint i = 0; i < n_languages; i++)
      {
        const char *code = languages[i].code;
        const char *page = round == 0 ? "rules-aboure" : "rules-abe";
        g_autofree char *text = NULL;
        g_autofree char *english_page = NULL;

        dj_rules_view_show_page (view, page, "C");
        english_page = content_text (view);
        dj_rules_view_show_page (view, page, code);
        text = content_text (view);
        g_test_message ("%s %s: %s%s", page, code, page_title (code, page),
                        dj_rules_view_get_fallback (view) ? " (English)" : "");
        g_assert_cmpstr (dj_rules_view_get_language (view), ==, code);
        g_assert_cmpstr (dj_rules_view_get_page_id (view), ==, page);
        g_assert_nonnull (strstr (text, page_title (code, page)));
        if (strcmp (code, "C") == 0)
          g_assert_cmpstr (text, ==, english_page);
        else if (dj_help_is_translated (code, page))
          {
            g_assert_false (dj_rules_view_get_fallback (view));
            g_assert_cmpstr (text, !=, english_page);
          }
        else
          {
            g_assert_true (dj_rules_view_get_fallback (view));
            g_assert_cmpstr (text, ==, english_page);
          }
      }

  /* The dropdown switches the language of the page shown. */
  {
    GtkWidget *dropdown = NULL;
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;

    dj_rules_view_show_page (view, "rules-abe", "C");
    before = content_text (view);
    dropdown = dj_test_find_widget (GTK_WIDGET (view), GTK_TYPE_DROP_DOWN);
    g_assert_nonnull (dropdown);
    g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)), ==, 0);
    for (guint i = 0; i < n_languages; i++)
      if (strcmp (languages[i].code, "ur") == 0)
        gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), i);
    g_assert_cmpstr (dj_rules_view_get_language (view), ==, "ur");
    g_assert_cmpstr (dj_rules_view_get_page_id (view), ==, "rules-abe");
    after = content_text (view);
    if (dj_help_is_translated ("ur", "rules-abe"))
      g_assert_cmpstr (before, !=, after);
    /* Changing the language is not a step to go back over. */
    g_assert_true (dj_rules_view_go_back (view));
    g_assert_cmpstr (dj_rules_view_get_language (view), ==, "ur");
  }

  destroy_view (view);
}

/* The view opens in the interface's language when it offers it. */
static void
test_ui_language (void)
{
  static const char * const codes[] = { "eu", "ne", "nl", "ur" };
  g_autofree char *saved = g_strdup (g_getenv ("LANGUAGE"));

  for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
    {
      g_autofree char *value = g_strdup_printf ("%s:en", codes[i]);
      DjRulesView *view;

      g_setenv ("LANGUAGE", value, TRUE);
      g_assert_cmpstr (dj_help_get_ui_language (), ==, codes[i]);
      view = new_view (DJ_VARIANT_ABE);
      g_assert_cmpstr (dj_rules_view_get_language (view), ==, codes[i]);
      g_assert_cmpstr (dj_rules_view_get_page_id (view), ==, "rules-abe");
      destroy_view (view);
    }
  g_setenv ("LANGUAGE", "de:fr", TRUE);
  g_assert_cmpstr (dj_help_get_ui_language (), ==, "C");
  if (saved != NULL)
    g_setenv ("LANGUAGE", saved, TRUE);
  else
    g_unsetenv ("LANGUAGE");
}

static gboolean
has_arabic_script (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    for (const char *p = gtk_label_get_text (GTK_LABEL (widget)); *p != '\0';
         p = g_utf8_next_char (p))
      if (g_unichar_get_script (g_utf8_get_char (p)) == G_UNICODE_SCRIPT_ARABIC)
        return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_arabic_script (child))
      return TRUE;
  return FALSE;
}

static void
check_directions (GtkWidget        *widget,
                  GtkTextDirection  direction)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      /* A board is drawn as the players see it, in every language. */
      if (DJ_IS_BOARD (child))
        {
          g_assert_cmpint (gtk_widget_get_direction (child), ==, GTK_TEXT_DIR_LTR);
          continue;
        }
      /* An example's words and buttons are the interface's, and follow its
       * direction. */
      if (DJ_IS_RULES_EXAMPLE (child))
        {
          check_directions (child, gtk_widget_get_default_direction ());
          continue;
        }
      /* Code reads left to right everywhere. */
      if (GTK_IS_SCROLLED_WINDOW (child))
        {
          g_assert_cmpint (gtk_widget_get_direction (child), ==, GTK_TEXT_DIR_LTR);
          continue;
        }
      /* So does a table without right-to-left text. */
      if (GTK_IS_GRID (child) && direction == GTK_TEXT_DIR_RTL && !has_arabic_script (child))
        {
          check_directions (child, GTK_TEXT_DIR_LTR);
          continue;
        }
      if (GTK_IS_LABEL (child) || GTK_IS_BOX (child) || GTK_IS_GRID (child))
        g_assert_cmpint (gtk_widget_get_direction (child), ==, direction);
      check_directions (child, direction);
    }
}

/* In Urdu every block runs right to left, also a paragraph that starts with
 * a Latin word; in the other languages left to right, even in an Urdu
 * interface. */
static void
test_rtl (void)
{
  DjRulesView *view = new_view (DJ_VARIANT_ABE);
  g_autoptr(GPtrArray) labels = NULL;
  guint rtl_lines = 0;

  ensure_page ("ur", "rules-abe");
  gtk_window_set_default_size (GTK_WINDOW (view), 700, 700);
  gtk_window_present (GTK_WINDOW (view));
  dj_rules_view_show_page (view, "rules-abe", "ur");
  g_assert_false (dj_rules_view_get_fallback (view));
  iterate (5);
  g_assert_cmpint (gtk_widget_get_direction (dj_rules_view_get_content (view)), ==,
                   GTK_TEXT_DIR_RTL);
  check_directions (dj_rules_view_get_content (view), GTK_TEXT_DIR_RTL);

  labels = content_labels (view);
  g_assert_cmpuint (labels->len, >, 8);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = labels->pdata[i];
      PangoLayout *layout;
      PangoLayoutLine *line;

      if (gtk_widget_get_direction (GTK_WIDGET (label)) == GTK_TEXT_DIR_LTR)   /* code, tables */
        continue;
      g_assert_true (g_str_has_prefix (gtk_label_get_text (label), "\xe2\x80\x8f"));
      layout = gtk_label_get_layout (label);
      line = pango_layout_get_line_readonly (layout, 0);
      g_assert_cmpint (line->resolved_dir, ==, PANGO_DIRECTION_RTL);
      rtl_lines++;
    }
  g_assert_cmpuint (rtl_lines, >, 8);

  /* A sample that starts with Latin is still right to left. */
  {
    GtkWidget *label = gtk_label_new (NULL);
    g_autofree char *markup = g_strconcat ("\xe2\x80\x8f", urdu_sample + strlen ("کیپچر بورڈ کے دونوں طرف بغیر کسی پابندی کے ہو سکتے ہیں۔ "), NULL);

    g_assert_true (g_str_has_prefix (markup + 3, "Djenon"));
    gtk_label_set_text (GTK_LABEL (label), markup);
    gtk_widget_set_direction (label, GTK_TEXT_DIR_RTL);
    g_assert_cmpint (pango_layout_get_line_readonly (gtk_label_get_layout (GTK_LABEL (label)), 0)
                     ->resolved_dir, ==, PANGO_DIRECTION_RTL);
    g_object_ref_sink (label);
    g_object_unref (label);
  }

  dj_test_save_screenshot (GTK_WIDGET (view), "rules-view-ur.png");

  /* The picture of the board keeps its left and right, as the board does;
   * a table of words is mirrored. */
  if (dj_help_is_translated ("ur", "rules-interpretation"))
    dj_rules_view_show_page (view, "rules-interpretation", "ur");
  {
    GtkWidget *pit_a = find_label (view, "a (0)");
    GtkWidget *grid = gtk_widget_get_ancestor (pit_a, GTK_TYPE_GRID);

    g_assert_cmpint (gtk_widget_get_direction (pit_a), ==, GTK_TEXT_DIR_LTR);
    g_assert_cmpint (gtk_widget_get_direction (grid), ==, GTK_TEXT_DIR_LTR);
  }
  if (dj_help_is_translated ("ur", "shortcuts"))
    dj_rules_view_show_page (view, "shortcuts", "ur");
  {
    GtkWidget *key = find_label (view, "Ctrl+N");
    GtkWidget *grid = gtk_widget_get_ancestor (key, GTK_TYPE_GRID);

    g_assert_cmpint (gtk_widget_get_direction (grid), ==, GTK_TEXT_DIR_RTL);
  }

  dj_rules_view_show_page (view, "rules-abe", "nl");
  g_assert_cmpint (gtk_widget_get_direction (dj_rules_view_get_content (view)), ==,
                   GTK_TEXT_DIR_LTR);
  check_directions (dj_rules_view_get_content (view), GTK_TEXT_DIR_LTR);
  destroy_view (view);
}

static guint
count_unknown_glyphs (DjRulesView *view)
{
  g_autoptr(GPtrArray) labels = content_labels (view);
  guint unknown = 0;

  for (guint i = 0; i < labels->len; i++)
    {
      int n = pango_layout_get_unknown_glyphs_count (gtk_label_get_layout (labels->pdata[i]));

      if (n > 0)
        g_test_message ("%d unknown glyphs in: %s", n, gtk_label_get_text (labels->pdata[i]));
      unknown += n;
    }
  return unknown;
}

static int
sample_unknown_glyphs (DjRulesView *view,
                       const char  *lang,
                       const char  *sample)
{
  PangoContext *context = gtk_widget_get_pango_context (dj_rules_view_get_content (view));
  g_autoptr(PangoLayout) layout = pango_layout_new (context);
  g_autoptr(PangoFontDescription) font = pango_font_description_copy (
    pango_context_get_font_description (context));
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_font_description_set_family (font, dj_rules_view_get_font_family (view));
  pango_layout_set_font_description (layout, font);
  pango_attr_list_insert (attrs, pango_attr_language_new (pango_language_from_string (lang)));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  pango_layout_set_width (layout, 500 * PANGO_SCALE);
  pango_layout_set_text (layout, sample, -1);
  return pango_layout_get_unknown_glyphs_count (layout);
}

static gboolean
font_installed (DjRulesView *view,
                const char  *family)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (view));

  return pango_font_map_get_family (pango_context_get_font_map (context), family) != NULL;
}

/* With the fonts installed (build-aux/deps.sh), Urdu and Nepali show no
 * box for a missing glyph: neither the rules pages (translated or not) nor
 * sample sentences in each script. */
static void
test_glyphs (gconstpointer data)
{
  const char *lang = data;
  gboolean urdu = strcmp (lang, "ur") == 0;
  const char *wanted = urdu ? "Noto Nastaliq Urdu" : "Noto Sans Devanagari";
  const char *package = urdu ? "fonts-noto-core" : "fonts-noto-ui-core or fonts-lohit-deva";
  DjRulesView *view = new_view (DJ_VARIANT_ABOURE);
  g_autofree char *screenshot = NULL;

  if (dj_rules_view_get_font_family (view) == NULL)
    {
      g_autofree char *message = NULL;

      dj_rules_view_show_page (view, "rules-aboure", lang);
      if (dj_rules_view_get_font_family (view) == NULL)
        {
          message = g_strdup_printf ("no font for %s: install %s", lang, package);
          g_test_skip (message);
          destroy_view (view);
          return;
        }
    }

  gtk_window_set_default_size (GTK_WINDOW (view), 760, 900);
  gtk_window_present (GTK_WINDOW (view));
  for (guint i = 0; i < 2; i++)
    {
      const char *page = i == 0 ? "rules-aboure" : "rules-abe";

      ensure_page (lang, page);
      dj_rules_view_show_page (view, page, lang);
      g_assert_false (dj_rules_view_get_fallback (view));
      iterate (5);
      if (font_installed (view, wanted))
        g_assert_cmpstr (dj_rules_view_get_font_family (view), ==, wanted);
      g_test_message ("%s in %s with %s%s", page, lang, dj_rules_view_get_font_family (view),
                      dj_rules_view_get_fallback (view) ? " (not translated yet)" : "");
      g_assert_cmpuint (count_unknown_glyphs (view), ==, 0);
      screenshot = g_strdup_printf ("rules-view-%s-%s.png", lang, page);
      dj_test_save_screenshot (GTK_WIDGET (view), screenshot);
      g_clear_pointer (&screenshot, g_free);
    }
  g_assert_cmpint (sample_unknown_glyphs (view, lang, urdu ? urdu_sample : nepali_sample), ==, 0);
  destroy_view (view);
}

/* Every page in every language renders (G_DEBUG=fatal-warnings catches a
 * broken link or page), and its internal links lead somewhere. */
static void
test_all_pages (void)
{
  guint n_languages;
  const DjHelpLanguage *languages = dj_help_get_languages (&n_languages);
  DjRulesView *view = new_view (DJ_VARIANT_ABOURE);

  for (guint i = 0; i < n_languages; i++)
    {
      g_autoptr(GPtrArray) ids = dj_mallard_book_list_pages (dj_help_get_book (languages[i].code));

      g_assert_cmpuint (ids->len, >=, 9);
      for (guint j = 0; j < ids->len; j++)
        {
          g_autofree char *text = NULL;

          dj_rules_view_show_page (view, ids->pdata[j], languages[i].code);
          text = content_text (view);
          g_assert_null (strstr (text, "There is no help page"));
          g_assert_nonnull (strstr (text, page_title (languages[i].code, ids->pdata[j])));
        }
    }
  destroy_view (view);
}

static void
test_links (void)
{
  DjRulesView *view = new_view (DJ_VARIANT_ABOURE);
  g_autofree char *text = NULL;

  gtk_window_present (GTK_WINDOW (view));
  dj_rules_view_show_page (view, "rules-aboure", "C");
  g_assert_false (dj_rules_view_go_back (view));

  /* A link in the text, then back. */
  follow_link (view, "xref:rules-interpretation");
  g_assert_cmpstr (dj_rules_view_get_page_id (view), ==, "rules-interpretation");
  text = content_text (view);
  g_assert_nonnull (strstr (text, page_title ("C", "rules-interpretation")));
  gtk_widget_activate_action (GTK_WIDGET (view), "rules.back", NULL);
  g_assert_cmpstr (dj_rules_view_get_page_id (view), ==, "rules-aboure");

  /* The pages menu; the index lists the rules pages as topics. */
  gtk_widget_activate_action (GTK_WIDGET (view), "rules.show-page", "s", "index");
  g_assert_cmpstr (dj_rules_view_get_page_id (view), ==, "index");
  /* Links can be reached with the keyboard. */
  g_assert_true (gtk_widget_get_focusable (GTK_WIDGET (find_link (view, "xref:rules-abe"))));
  follow_link (view, "xref:rules-abe");
  g_assert_cmpstr (dj_rules_view_get_page_id (view), ==, "rules-abe");
  /* Headings are headings for assistive technology. */
  g_assert_cmpint (gtk_accessible_get_accessible_role (
                     GTK_ACCESSIBLE (find_label (view, "Capturing"))), ==,
                   GTK_ACCESSIBLE_ROLE_HEADING);
  /* "More Information" leads back to the guide's section; "See Also" on. */
  follow_link (view, "xref:index#rules");
  g_assert_cmpstr (dj_rules_view_get_page_id (view), ==, "index");
  follow_link (view, "xref:rules-aboure");
  g_assert_cmpstr (dj_rules_view_get_page_id (view), ==, "rules-aboure");
  follow_link (view, "xref:rules-abe");
  g_assert_cmpstr (dj_rules_view_get_page_id (view), ==, "rules-abe");

  /* A link to a section without text shows the section's title. */
  dj_rules_view_show_page (view, "analysis", NULL);
  {
    GtkLabel *label = find_link (view, "xref:rules-interpretation#repetition");

    g_assert_nonnull (label);
    g_assert_nonnull (strstr (gtk_label_get_text (label), "Endless play in analysis"));
  }
  follow_link (view, "xref:rules-interpretation#repetition");
  g_assert_cmpstr (dj_rules_view_get_page_id (view), ==, "rules-interpretation");
  iterate (5);

  /* Links work the same in a translated page. */
  dj_rules_view_show_page (view, "rules-aboure", "ur");
  follow_link (view, "xref:rules-interpretation");
  g_assert_cmpstr (dj_rules_view_get_page_id (view), ==, "rules-interpretation");
  g_assert_cmpstr (dj_rules_view_get_language (view), ==, "ur");

  /* Back all the way. */
  while (dj_rules_view_go_back (view))
    ;
  g_assert_cmpstr (dj_rules_view_get_page_id (view), ==, "rules-aboure");
  {
    GtkWidget *button = dj_test_find_widget (GTK_WIDGET (view), GTK_TYPE_BUTTON);

    g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, "rules.back");
    iterate (1);
    g_assert_false (gtk_widget_get_sensitive (button));
    follow_link (view, "xref:rules-abe");
    iterate (1);
    g_assert_true (gtk_widget_get_sensitive (button));
  }

  /* A page that does not exist says so. */
  dj_rules_view_show_page (view, "no-such-page", "C");
  g_clear_pointer (&text, g_free);
  text = content_text (view);
  g_assert_nonnull (strstr (text, "no-such-page"));
  destroy_view (view);
}

/* F1 without Yelp opens the viewer, once per window. */
static void
test_show_help (void)
{
  g_autofree char *saved_path = g_strdup (g_getenv ("PATH"));
  g_autofree char *empty = g_dir_make_tmp ("djenon-no-yelp-XXXXXX", NULL);
  GtkWidget *parent = gtk_window_new ();
  GtkWindow *view;

  g_setenv ("PATH", empty, TRUE);
  g_assert_null (g_find_program_in_path ("yelp"));
  dj_show_help (GTK_WINDOW (parent), "rules-abe");
  view = g_object_get_data (G_OBJECT (parent), "dj-rules-view");
  g_assert_true (DJ_IS_RULES_VIEW (view));
  g_assert_true (gtk_window_get_transient_for (view) == GTK_WINDOW (parent));
  g_assert_cmpstr (dj_rules_view_get_page_id (DJ_RULES_VIEW (view)), ==, "rules-abe");
  dj_show_help (GTK_WINDOW (parent), NULL);
  g_assert_true (g_object_get_data (G_OBJECT (parent), "dj-rules-view") == view);
  g_assert_cmpstr (dj_rules_view_get_page_id (DJ_RULES_VIEW (view)), ==, "index");

  /* The rules, always in the viewer (Yelp has no language switcher). */
  dj_show_rules (GTK_WINDOW (parent), DJ_VARIANT_ABOURE);
  g_assert_true (g_object_get_data (G_OBJECT (parent), "dj-rules-view") == view);
  g_assert_cmpstr (dj_rules_view_get_page_id (DJ_RULES_VIEW (view)), ==, "rules-aboure");

  gtk_window_destroy (GTK_WINDOW (view));
  iterate (2);
  g_assert_null (g_object_get_data (G_OBJECT (parent), "dj-rules-view"));
  dj_show_rules (GTK_WINDOW (parent), DJ_VARIANT_ABE);
  view = g_object_get_data (G_OBJECT (parent), "dj-rules-view");
  g_assert_true (DJ_IS_RULES_VIEW (view));
  g_assert_cmpstr (dj_rules_view_get_page_id (DJ_RULES_VIEW (view)), ==, "rules-abe");
  gtk_window_destroy (GTK_WINDOW (view));
  gtk_window_destroy (GTK_WINDOW (parent));
  g_setenv ("PATH", saved_path, TRUE);
  g_rmdir (empty);
}

/* The examples of a page, in order. */
static GPtrArray *
page_examples (DjRulesView *view)
{
  g_autoptr(GPtrArray) widgets = g_ptr_array_new ();
  GPtrArray *examples = g_ptr_array_new ();
  GPtrArray *stack = g_ptr_array_new ();

  g_ptr_array_add (stack, dj_rules_view_get_content (view));
  while (stack->len > 0)
    {
      GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

      if (DJ_IS_RULES_EXAMPLE (w))
        g_ptr_array_add (examples, w);
      for (GtkWidget *c = gtk_widget_get_last_child (w); c; c = gtk_widget_get_prev_sibling (c))
        g_ptr_array_add (stack, c);
    }
  g_ptr_array_unref (stack);
  return examples;
}

static DjRulesExample *
find_example (DjRulesView *view,
              const char  *id)
{
  g_autoptr(GPtrArray) examples = page_examples (view);

  for (guint i = 0; i < examples->len; i++)
    if (g_strcmp0 (gtk_widget_get_name (examples->pdata[i]), id) == 0)
      return examples->pdata[i];
  g_error ("no example %s on %s", id, dj_rules_view_get_page_id (view));
}

static gboolean
is_drawn (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0;
}

static gboolean
board_is_still (gpointer data)
{
  return !dj_board_is_animating (DJ_BOARD (data));
}

/* The button of an example with this label (or tooltip). */
static GtkWidget *
example_button (DjRulesExample *example,
                const char     *label)
{
  g_autoptr(GPtrArray) widgets = all_widgets (GTK_WIDGET (example));

  for (guint i = 0; i < widgets->len; i++)
    {
      GtkWidget *w = widgets->pdata[i];

      if (GTK_IS_BUTTON (w) && (g_strcmp0 (gtk_button_get_label (GTK_BUTTON (w)), label) == 0 ||
                                g_strcmp0 (gtk_widget_get_tooltip_text (w), label) == 0))
        return w;
    }
  g_error ("no button %s in the example", label);
}

/* What the example's board draws now, as position text. */
static const char *
board_position_text (DjRulesExample *example)
{
  static char text[64];
  DjBoardScene *scene = dj_board_get_scene (DJ_BOARD (dj_rules_example_get_board (example)));
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint pit = 0; pit < 12; pit++)
    g_string_append_printf (out, "%u ", dj_board_scene_get_pit_count (scene, pit));
  g_string_append_printf (out, "%u %u %s", dj_board_scene_get_captured (scene, DJ_SOUTH),
                          dj_board_scene_get_captured (scene, DJ_NORTH),
                          dj_board_scene_get_side_to_move (scene) == DJ_SOUTH ? "S" : "N");
  g_strlcpy (text, out->str, sizeof text);
  return text;
}

/* The examples play on the page: lap by lap with the explainer's words, the
 * whole move at the board's usual speed (the default settings: animated),
 * a move that cannot be played says why, and the page keeps its examples in
 * every language. */
static void
test_examples (void)
{
  DjRulesView *view = new_view (DJ_VARIANT_ABOURE);
  DjRulesExample *relay;
  GtkWidget *widget;
  g_autoptr(GPtrArray) examples = NULL;

  gtk_window_set_default_size (GTK_WINDOW (view), 760, 900);
  gtk_window_present (GTK_WINDOW (view));
  dj_rules_view_show_page (view, "rules-aboure", "C");
  examples = page_examples (view);
  g_assert_cmpuint (examples->len, ==, 8);

  relay = find_example (view, "aboure-relay");
  widget = GTK_WIDGET (relay);
  g_assert_cmpint (dj_rules_example_get_step (relay), ==, -1);
  g_assert_cmpuint (dj_rules_example_get_n_steps (relay), ==, 2);
  g_assert_cmpstr (board_position_text (relay), ==, "0 0 3 0 4 0 0 2 0 0 0 2 17 20 S");
  g_assert_nonnull (strstr (dj_rules_example_get_words (relay), "South plays c"));

  /* Lap by lap: the first lap ends in e, which relays; the second in the
   * empty C, which ends the move. */
  gtk_widget_activate_action (widget, "example.next", NULL);
  g_assert_cmpint (dj_rules_example_get_step (relay), ==, 0);
  g_assert_nonnull (strstr (dj_rules_example_get_words (relay), "Lap 1"));
  g_assert_nonnull (strstr (dj_rules_example_get_words (relay), "relays"));
  g_assert_cmpstr (board_position_text (relay), ==, "0 0 1 1 5 0 0 2 0 0 0 2 17 20 S");
  gtk_widget_activate_action (widget, "example.next", NULL);
  g_assert_cmpint (dj_rules_example_get_step (relay), ==, 1);
  g_assert_nonnull (strstr (dj_rules_example_get_words (relay), "Lap 2"));
  g_assert_cmpstr (board_position_text (relay), ==, "0 0 1 1 1 1 1 3 1 0 0 2 17 20 N");
  gtk_widget_activate_action (widget, "example.next", NULL);
  g_assert_cmpint (dj_rules_example_get_step (relay), ==, 1);
  gtk_widget_activate_action (widget, "example.previous", NULL);
  g_assert_cmpint (dj_rules_example_get_step (relay), ==, 0);
  gtk_widget_activate_action (widget, "example.reset", NULL);
  g_assert_cmpint (dj_rules_example_get_step (relay), ==, -1);
  g_assert_cmpstr (board_position_text (relay), ==, "0 0 3 0 4 0 0 2 0 0 0 2 17 20 S");

  /* Play: animated, as a game's board; then the position after the move. */
  gtk_widget_activate_action (widget, "example.play", NULL);
  g_assert_true (dj_board_is_animating (DJ_BOARD (dj_rules_example_get_board (relay))));
  dj_test_wait_until (20, board_is_still, dj_rules_example_get_board (relay), "the move to be played");
  g_assert_cmpstr (board_position_text (relay), ==, "0 0 1 1 1 1 1 3 1 0 0 2 17 20 N");

  /* A pit that cannot be played: the words say why, the board stays. */
  {
    DjRulesExample *single = find_example (view, "aboure-single-seed");

    gtk_widget_activate_action (GTK_WIDGET (single), "example.play", NULL);
    g_assert_nonnull (strstr (dj_rules_example_get_words (single), "South cannot play b"));
    g_assert_nonnull (strstr (dj_rules_example_get_words (single), "single seed"));
    g_assert_cmpstr (board_position_text (single), ==, "0 1 3 0 0 0 0 2 0 0 0 2 19 21 S");
  }
  /* A position whose game is over says so, with the score. */
  {
    DjRulesExample *end = find_example (view, "aboure-end");

    g_assert_nonnull (strstr (dj_rules_example_get_words (end), "South scores 22, North 26"));
    g_assert_false (gtk_widget_is_sensitive (example_button (end, "_Play")));
    g_assert_true (gtk_widget_is_sensitive (example_button (end, "_Open on the Board")));
  }

  /* Every control has a name for assistive technology and takes the focus. */
  for (GtkWidget *b = gtk_widget_get_parent (example_button (relay, "_Play")) != NULL
                      ? gtk_widget_get_first_child (gtk_widget_get_parent (example_button (relay, "_Play")))
                      : NULL;
       b != NULL; b = gtk_widget_get_next_sibling (b))
    {
      g_assert_true (GTK_IS_BUTTON (b));
      g_assert_true (gtk_widget_get_focusable (b));
      g_assert_true (gtk_button_get_label (GTK_BUTTON (b)) != NULL ||
                     gtk_widget_get_tooltip_text (b) != NULL);
    }
  dj_test_wait_until (10, is_drawn, relay, "the example to be drawn");
  dj_test_save_screenshot (GTK_WIDGET (relay), "rules-example-C.png");

  /* The other pages and languages keep their examples. */
  dj_rules_view_show_page (view, "rules-abe", "nl");
  g_clear_pointer (&examples, g_ptr_array_unref);
  examples = page_examples (view);
  g_assert_cmpuint (examples->len, ==, 7);
  dj_rules_view_show_page (view, "rules-interpretation", "ne");
  g_clear_pointer (&examples, g_ptr_array_unref);
  examples = page_examples (view);
  g_assert_cmpuint (examples->len, ==, 9);
  destroy_view (view);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      printf ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  dj_register_resource ();

  g_test_add_func ("/djenon/help/rules-view/languages", test_languages);
  g_test_add_func ("/djenon/help/rules-view/ui-language", test_ui_language);
  g_test_add_func ("/djenon/help/rules-view/rtl", test_rtl);
  g_test_add_data_func ("/djenon/help/rules-view/glyphs/ur", "ur", test_glyphs);
  g_test_add_data_func ("/djenon/help/rules-view/glyphs/ne", "ne", test_glyphs);
  g_test_add_func ("/djenon/help/rules-view/all-pages", test_all_pages);
  g_test_add_func ("/djenon/help/rules-view/links", test_links);
  g_test_add_func ("/djenon/help/rules-view/show-help", test_show_help);
  g_test_add_func ("/djenon/help/rules-view/examples", test_examples);
  return g_test_run ();
}
