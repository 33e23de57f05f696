/* dj-lazy-menu.c: menus built when first opened
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-lazy-menu.h"

static void
create_popup (GtkMenuButton *button,
              gpointer       data)
{
  g_autoptr(GMenuModel) model = g_object_ref (data);

  /* From now on the button keeps its menu (this drops @data's reference). */
  gtk_menu_button_set_create_popup_func (button, NULL, NULL, NULL);
  gtk_menu_button_set_menu_model (button, model);
}

void
dj_menu_button_set_menu_later (GtkMenuButton *button,
                               GMenuModel    *model)
{
  g_return_if_fail (GTK_IS_MENU_BUTTON (button));
  g_return_if_fail (G_IS_MENU_MODEL (model));

  gtk_menu_button_set_create_popup_func (button, create_popup, g_object_ref (model),
                                         g_object_unref);
}
