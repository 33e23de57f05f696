/* dj-rules-view.h: a window that shows the rules and the other help pages
 * in any of the five languages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dj-help.h"
#include "dj-rules.h"

G_BEGIN_DECLS

#define DJ_TYPE_RULES_VIEW (dj_rules_view_get_type ())

G_DECLARE_FINAL_TYPE (DjRulesView, dj_rules_view, DJ, RULES_VIEW, AdwWindow)

/* The rules of @variant, in the interface's language (English if the
 * rules are not offered in it).  Not yet shown. */
GtkWindow   *dj_rules_view_new             (GtkWindow   *parent,
                                            DjVariant    variant);
/* @page_id is a page ("rules-abe") or a place in one ("index#rules");
 * @lang a language code ("C", "eu", "ne", "nl", "ur"), NULL to keep the
 * current one.  The page shown before can be gone back to. */
void         dj_rules_view_show_page       (DjRulesView *self,
                                            const char  *page_id,
                                            const char  *lang);
/* Goes back to the page shown before; FALSE if there is none. */
gboolean     dj_rules_view_go_back         (DjRulesView *self);

const char  *dj_rules_view_get_page_id     (DjRulesView *self);
const char  *dj_rules_view_get_language    (DjRulesView *self);
/* TRUE when the page is shown in English because it is not translated. */
gboolean     dj_rules_view_get_fallback    (DjRulesView *self);
/* The font family chosen for the language's script, NULL for the default. */
const char  *dj_rules_view_get_font_family (DjRulesView *self);
/* The box the page is drawn in (for tests). */
GtkWidget   *dj_rules_view_get_content     (DjRulesView *self);

/* What F1 does: the page (NULL for the index) in Yelp when Yelp is
 * installed, else in the application's own viewer. */
void                  dj_show_help               (GtkWindow   *parent,
                                                  const char  *page_id);
/* The rules of @variant in the application's own viewer (which offers every
 * language), the same viewer each time for one @parent. */
void                  dj_show_rules              (GtkWindow   *parent,
                                                  DjVariant    variant);

G_END_DECLS
