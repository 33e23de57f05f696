/* dj-print-preview.h: the pages of a print operation, as they will print
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DJ_TYPE_PRINT_PREVIEW (dj_print_preview_get_type ())
G_DECLARE_FINAL_TYPE (DjPrintPreview, dj_print_preview, DJ, PRINT_PREVIEW, AdwWindow)

/* Shows the pages of @preview (GtkPrintOperation::preview) drawn through
 * @context, each as a picture; ends the preview when closed.  "Print…"
 * emits ::print. */
GtkWidget  *dj_print_preview_new          (GtkWindow                *parent,
                                           GtkPrintOperationPreview *preview,
                                           GtkPrintContext          *context);
guint       dj_print_preview_get_n_pages  (DjPrintPreview           *self);
/* The zoom (1: 1.25 pixels a point); the actions preview.zoom-in,
 * preview.zoom-out and preview.zoom-reset (Ctrl+plus, Ctrl+minus, Ctrl+0)
 * change it and draw the pages anew. */
double      dj_print_preview_get_zoom     (DjPrintPreview           *self);
/* Page @page (from 0) as shown, or NULL before the preview is ready. */
GdkTexture *dj_print_preview_get_page     (DjPrintPreview           *self,
                                           guint                     page);

G_END_DECLS
