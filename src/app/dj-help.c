/* dj-help.c: the help pages built into the application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dj-help.h"
#include "dj-help-resources.h"

#define HELP_RESOURCE_PATH RESOURCE_PATH "/help"

/* Each language under its own name, so that a reader who does not know the
 * interface language still finds their own. */
static const DjHelpLanguage languages[] = {
  { "C",  "English",     FALSE },
  { "eu", "Euskara",     FALSE },
  { "ne", "नेपाली",       FALSE },
  { "nl", "Nederlands",  FALSE },
  { "ur", "اردو",        TRUE },
};

typedef struct
{
  DjMallardBook *book;
  GHashTable    *translated;   /* page ids present in the language itself */
} HelpLanguageData;

static GHashTable *books;      /* code → HelpLanguageData */

static void
ensure_resources (void)
{
  static gsize registered = 0;

  if (g_once_init_enter (&registered))
    {
      dj_help_register_resource ();
      g_once_init_leave (&registered, 1);
    }
}

const DjHelpLanguage *
dj_help_get_languages (guint *n_languages)
{
  if (n_languages != NULL)
    *n_languages = G_N_ELEMENTS (languages);
  return languages;
}

const DjHelpLanguage *
dj_help_find_language (const char *code)
{
  g_autofree char *base = NULL;

  g_return_val_if_fail (code != NULL, NULL);

  base = g_strndup (code, strcspn (code, "_.@-"));
  if (strcmp (base, "en") == 0 || strcmp (base, "POSIX") == 0)
    return &languages[0];
  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    if (strcmp (base, languages[i].code) == 0)
      return &languages[i];
  return NULL;
}

const char *
dj_help_get_ui_language (void)
{
  const char * const *names = g_get_language_names ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      const DjHelpLanguage *language = dj_help_find_language (names[i]);

      if (language != NULL)
        return language->code;
    }
  return "C";
}

static DjMallardPage *
load_page (const char *code,
           const char *file_name)
{
  g_autofree char *path = g_strdup_printf ("%s/%s/%s", HELP_RESOURCE_PATH, code, file_name);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  DjMallardPage *page;
  gsize size;
  const char *data;

  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &size);
  page = dj_mallard_page_parse (data, size, path, &error);
  /* Our own pages, validated at build time: a failure here is a bug. */
  if (page == NULL)
    g_critical ("%s", error->message);
  return page;
}

static void
help_language_data_free (HelpLanguageData *data)
{
  dj_mallard_book_free (data->book);
  g_hash_table_unref (data->translated);
  g_free (data);
}

static HelpLanguageData *
get_language_data (const char *lang)
{
  const DjHelpLanguage *language = dj_help_find_language (lang);
  g_auto(GStrv) files = NULL;
  HelpLanguageData *data;

  ensure_resources ();
  if (language == NULL)
    language = &languages[0];
  if (books == NULL)
    books = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                   (GDestroyNotify) help_language_data_free);
  data = g_hash_table_lookup (books, language->code);
  if (data != NULL)
    return data;

  data = g_new0 (HelpLanguageData, 1);
  data->book = dj_mallard_book_new ();
  data->translated = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  files = g_resources_enumerate_children (HELP_RESOURCE_PATH "/C/", G_RESOURCE_LOOKUP_FLAGS_NONE,
                                          NULL);
  for (guint i = 0; files != NULL && files[i] != NULL; i++)
    {
      g_autoptr(DjMallardPage) page = NULL;

      if (!g_str_has_suffix (files[i], ".page"))
        continue;
      if (strcmp (language->code, "C") != 0)
        page = load_page (language->code, files[i]);
      if (page != NULL || strcmp (language->code, "C") == 0)
        g_hash_table_add (data->translated, g_strndup (files[i], strlen (files[i]) - 5));
      if (page == NULL)
        page = load_page ("C", files[i]);
      if (page != NULL)
        dj_mallard_book_add (data->book, page);
    }
  g_hash_table_insert (books, (gpointer) language->code, data);
  return data;
}

DjMallardBook *
dj_help_get_book (const char *lang)
{
  g_return_val_if_fail (lang != NULL, NULL);
  return get_language_data (lang)->book;
}

void
dj_help_add_page (const char    *lang,
                  DjMallardPage *page)
{
  HelpLanguageData *data;

  g_return_if_fail (lang != NULL);
  g_return_if_fail (page != NULL);

  data = get_language_data (lang);
  dj_mallard_book_add (data->book, page);
  g_hash_table_add (data->translated, g_strdup (dj_mallard_page_get_id (page)));
}

gboolean
dj_help_is_translated (const char *lang,
                       const char *page_id)
{
  g_return_val_if_fail (lang != NULL, FALSE);
  g_return_val_if_fail (page_id != NULL, FALSE);
  return g_hash_table_contains (get_language_data (lang)->translated, page_id);
}
