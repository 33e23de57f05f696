/* dj-diagram-text.h: text for diagrams and game sheets, the same on every surface
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pango/pangocairo.h>

G_BEGIN_DECLS

/* TRUE when the interface's language is written right to left. */
gboolean      dj_diagram_text_locale_is_rtl (void);

/* A pango context laid out in cairo user units (72 per inch), unhinted, so
 * that a layout measures the same for a PNG, an SVG, a PDF and a printer. */
PangoContext *dj_diagram_text_context_new  (void);

/* A layout of @text (pango markup when @markup) in "Sans" at @size units and
 * @weight, with the application's fonts for Urdu (Nastaliq) and Nepali
 * (Devanagari) given to the runs written in those scripts. */
PangoLayout  *dj_diagram_text_layout_new   (PangoContext *context,
                                            const char   *text,
                                            gboolean      markup,
                                            double        size,
                                            PangoWeight   weight);

/* Gives the Arabic-script and Devanagari runs of @layout's text the fonts
 * the application uses for Urdu and Nepali, and their language. */
void          dj_diagram_text_apply_scripts (PangoLayout *layout);

G_END_DECLS
