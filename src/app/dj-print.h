/* dj-print.h: diagrams, game sheets and printing from the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dj-game.h"

G_BEGIN_DECLS

/* Installs on the class of a DjActionHost (the window) the actions
 *   win.export-diagram   Export Diagram… (PNG or SVG of the current position)
 *   win.copy-diagram     Copy Diagram (a picture on the clipboard)
 *   win.export-sheet     Export Game Sheet… (PDF)
 *   win.print            Print… (Ctrl+P; the game sheet, GTK's print dialog)
 *   win.print-preview    Print Preview (the game sheet's pages in a window)
 * which read the host's game, current move and board (dj-action-host.h). */
void               dj_print_install_actions  (GtkWidgetClass *widget_class);

/* A print operation of @game's sheet, with a "Diagrams" tab in the print
 * dialog; @current gets a diagram when it is not the start. */
GtkPrintOperation *dj_print_operation_new    (DjGame         *game,
                                              DjNode         *current);

G_END_DECLS
