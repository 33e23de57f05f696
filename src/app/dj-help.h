/* dj-help.h: the help pages built into the application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dj-mallard.h"
#include "dj-rules.h"

G_BEGIN_DECLS

/* A language the rules can be read in, whatever the interface language. */
typedef struct
{
  const char *code;    /* "C" (English), "eu", "ne", "nl", "ur" */
  const char *name;    /* its own name for itself */
  gboolean    rtl;
} DjHelpLanguage;

const DjHelpLanguage *dj_help_get_languages      (guint       *n_languages);
/* Also takes locale names ("ur_PK.UTF-8") and "en"; NULL if not offered. */
const DjHelpLanguage *dj_help_find_language      (const char  *code);
/* The first offered language of the interface's, else "C". */
const char           *dj_help_get_ui_language    (void);

/* The pages in @lang, English where a page is not translated (cached,
 * transfer none). */
DjMallardBook        *dj_help_get_book           (const char  *lang);
/* Adds @page to the pages in @lang, or replaces the one with its id: a page
 * that is not built into the application (tests use it for a sample page
 * while a language is not translated yet). */
void                  dj_help_add_page           (const char    *lang,
                                                  DjMallardPage *page);
/* Whether @page_id exists in @lang itself (not as an English stand-in). */
gboolean              dj_help_is_translated      (const char  *lang,
                                                  const char  *page_id);

G_END_DECLS
