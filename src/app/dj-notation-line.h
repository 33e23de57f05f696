/* dj-notation-line.h: one row of the notation pane
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DJ_TYPE_NOTATION_LINE (dj_notation_line_get_type ())
G_DECLARE_FINAL_TYPE (DjNotationLine, dj_notation_line, DJ, NOTATION_LINE, GtkWidget)

GtkWidget   *dj_notation_line_new       (void);
/* Shows @text with @attrs (may be NULL), wrapped to the width given.  The
 * laid-out text belongs to @owner (a row of a list) as long as it says the
 * same: whichever widget shows @owner next takes up the layout already
 * made. */
void         dj_notation_line_set_shared_text (DjNotationLine *self,
                                               GObject        *owner,
                                               const char     *text,
                                               PangoAttrList  *attrs);
const char  *dj_notation_line_get_text  (DjNotationLine *self);
/* Marks bytes @start to @end of the text as the current move (-1: none).
 * Only drawn: the text is not laid out again. */
void         dj_notation_line_set_mark  (DjNotationLine *self,
                                         int             start,
                                         int             end);
/* The byte of the text under @x, @y (widget coordinates), or -1. */
int          dj_notation_line_index_at  (DjNotationLine *self,
                                         double          x,
                                         double          y);

G_END_DECLS
