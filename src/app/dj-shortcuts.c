/* dj-shortcuts.c: the Keyboard Shortcuts window
 *
 * The window lists each key with the `accelerator` of its row, not with an
 * `action-name`: GTK looks an action's keys up only for the help overlay it
 * builds itself, and Djenon builds this window only when it is first asked
 * for.  test-interface-text checks that the keys shown are the keys the
 * window and the application have.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-shortcuts.h"

#include <glib/gi18n.h>

/* Key names whose translation in GTK's own catalogue is wrong for a key, with
 * Djenon's: GTK's Basque calls Home "Karpeta nagusia" (the home folder). */
static const struct {
  const char *name;
  const char *label;
} key_labels[] = {
  /* Translators: the Home key, as printed on a keyboard, in the Keyboard
   * Shortcuts window */
  { "Home", NC_("keyboard label", "Home") },
};

static void
fix_key_labels (GtkWidget *root)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, root);
  while (stack->len > 0)
    {
      GtkWidget *widget = g_ptr_array_steal_index (stack, stack->len - 1);

      if (GTK_IS_LABEL (widget) && GTK_IS_SHORTCUT_LABEL (gtk_widget_get_parent (widget)))
        {
          const char *text = gtk_label_get_label (GTK_LABEL (widget));

          for (guint i = 0; i < G_N_ELEMENTS (key_labels); i++)
            if (g_strcmp0 (text, g_dpgettext2 ("gtk40", "keyboard label", key_labels[i].name)) == 0)
              gtk_label_set_label (GTK_LABEL (widget),
                                   g_dpgettext2 (NULL, "keyboard label", key_labels[i].label));
        }
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        g_ptr_array_add (stack, child);
    }
}

GtkWindow *
dj_shortcuts_window_new (GtkWindow *parent)
{
  g_autoptr(GtkBuilder) builder = NULL;
  GtkWindow *window;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  builder = gtk_builder_new_from_resource (RESOURCE_PATH "/ui/help-overlay.ui");
  window = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
  fix_key_labels (GTK_WIDGET (window));
  gtk_window_set_transient_for (window, parent);
  gtk_window_set_hide_on_close (window, TRUE);
  return window;
}
