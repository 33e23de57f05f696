/* dj-shortcuts.h: the Keyboard Shortcuts window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The Keyboard Shortcuts window of @parent (ui/help-overlay.ui), hidden
 * rather than destroyed when closed. */
GtkWindow *dj_shortcuts_window_new (GtkWindow *parent);

G_END_DECLS
