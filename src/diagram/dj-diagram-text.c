/* dj-diagram-text.c: text for diagrams and game sheets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dj-diagram-text.h"

gboolean
dj_diagram_text_locale_is_rtl (void)
{
  static const char * const rtl[] = { "ar", "dv", "fa", "he", "ps", "sd", "ug", "ur", "yi", NULL };
  const char * const *names = g_get_language_names ();
  g_autofree char *lang = NULL;

  /* The first language asked for that is not C: the interface's. */
  for (guint i = 0; names[i] != NULL; i++)
    if (strcmp (names[i], "C") != 0 && strcmp (names[i], "POSIX") != 0)
      {
        lang = g_strndup (names[i], strcspn (names[i], "_.@"));
        break;
      }
  return lang != NULL && g_strv_contains (rtl, lang);
}

PangoContext *
dj_diagram_text_context_new (void)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options (context, options);
  pango_cairo_context_set_resolution (context, 72);
  /* Paragraphs run in the interface's direction, whatever their first
   * letter: a comment in Urdu does not turn an English sheet round. */
  pango_context_set_base_dir (context, dj_diagram_text_locale_is_rtl () ? PANGO_DIRECTION_RTL
                                                                        : PANGO_DIRECTION_LTR);
  cairo_font_options_destroy (options);
  return context;
}

/* The families the help viewer uses for Urdu and Nepali, best first:
 * Nastaliq is how Urdu is usually written, and fontconfig gives it only
 * when it is asked for by name. */
static const char * const urdu_fonts[] = {
  "Noto Nastaliq Urdu", "Noto Naskh Arabic", "Noto Sans Arabic",
  "Noto Naskh Arabic UI", "Noto Sans Arabic UI", NULL
};
static const char * const devanagari_fonts[] = {
  "Noto Sans Devanagari", "Lohit Devanagari", "Noto Sans Devanagari UI",
  "Noto Serif Devanagari", NULL
};

static const char *
pick_family (PangoContext       *context,
             const char * const *candidates)
{
  PangoFontMap *map = pango_context_get_font_map (context);
  g_autofree PangoFontFamily **families = NULL;
  int n = 0;

  /* pango_font_map_get_family() is newer than pango 1.46's API we may
   * meet; the list is short. */
  pango_font_map_list_families (map, &families, &n);
  for (guint i = 0; candidates[i] != NULL; i++)
    for (int k = 0; k < n; k++)
      if (g_ascii_strcasecmp (pango_font_family_get_name (families[k]), candidates[i]) == 0)
        return candidates[i];
  return NULL;
}

static void
add_run (PangoAttrList *attrs,
         const char    *family,
         const char    *lang,
         guint          start,
         guint          end)
{
  PangoAttribute *a;

  if (family != NULL)
    {
      a = pango_attr_family_new (family);
      a->start_index = start;
      a->end_index = end;
      pango_attr_list_insert (attrs, a);
    }
  a = pango_attr_language_new (pango_language_from_string (lang));
  a->start_index = start;
  a->end_index = end;
  pango_attr_list_insert (attrs, a);
  /* Neither script has italics: a slanted Nastaliq is a distortion. */
  a = pango_attr_style_new (PANGO_STYLE_NORMAL);
  a->start_index = start;
  a->end_index = end;
  pango_attr_list_insert (attrs, a);
}

void
dj_diagram_text_apply_scripts (PangoLayout *layout)
{
  const char *text = pango_layout_get_text (layout);
  PangoContext *context = pango_layout_get_context (layout);
  PangoAttrList *current = pango_layout_get_attributes (layout);
  g_autoptr(PangoAttrList) attrs = current != NULL ? pango_attr_list_copy (current)
                                                   : pango_attr_list_new ();
  const char *urdu = NULL, *deva = NULL;
  gboolean looked = FALSE, changed = FALSE;
  const char *p = text;

  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char (p);
      GUnicodeScript script = g_unichar_get_script (c);
      const char *start = p;

      if (script != G_UNICODE_SCRIPT_ARABIC && script != G_UNICODE_SCRIPT_DEVANAGARI)
        {
          p = g_utf8_next_char (p);
          continue;
        }
      /* The run goes on over spaces, digits and punctuation between words
       * of the same script. */
      {
        const char *end = p;

        while (*p != '\0')
          {
            GUnicodeScript s = g_unichar_get_script (g_utf8_get_char (p));

            if (s == script)
              end = g_utf8_next_char (p);
            else if (s != G_UNICODE_SCRIPT_COMMON && s != G_UNICODE_SCRIPT_INHERITED)
              break;
            p = g_utf8_next_char (p);
          }
        p = end;
      }
      if (!looked)
        {
          urdu = pick_family (context, urdu_fonts);
          deva = pick_family (context, devanagari_fonts);
          looked = TRUE;
        }
      if (script == G_UNICODE_SCRIPT_ARABIC)
        add_run (attrs, urdu, "ur", start - text, p - text);
      else
        add_run (attrs, deva, "ne", start - text, p - text);
      changed = TRUE;
    }
  if (changed)
    pango_layout_set_attributes (layout, attrs);
}

PangoLayout *
dj_diagram_text_layout_new (PangoContext *context,
                            const char   *text,
                            gboolean      markup,
                            double        size,
                            PangoWeight   weight)
{
  PangoLayout *layout = pango_layout_new (context);
  PangoFontDescription *desc = pango_font_description_new ();

  pango_layout_set_auto_dir (layout, FALSE);
  pango_font_description_set_family_static (desc, "Sans");
  pango_font_description_set_weight (desc, weight);
  pango_font_description_set_absolute_size (desc, MAX (1.0, size) * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  if (markup)
    pango_layout_set_markup (layout, text, -1);
  else
    pango_layout_set_text (layout, text, -1);
  dj_diagram_text_apply_scripts (layout);
  return layout;
}
