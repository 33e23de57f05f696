/* dj-lazy-menu.h: menus built when first opened
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Gives @button the menu @model, built the first time it opens: a
 * GtkPopoverMenu and all its items cost a window's start a few
 * milliseconds each. */
void dj_menu_button_set_menu_later (GtkMenuButton *button,
                                    GMenuModel    *model);

G_END_DECLS
