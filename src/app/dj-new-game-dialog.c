/* dj-new-game-dialog.c: chooses the game, the players and the start position
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-new-game-dialog.h"

struct _DjNewGameDialog
{
  AdwWindow      parent_instance;

  GtkWidget     *create_button;
  AdwComboRow   *variant_row;
  AdwComboRow   *feeding_row;
  AdwEntryRow   *south_row;
  AdwEntryRow   *north_row;
  AdwComboRow   *first_row;
  GtkSwitch     *setup_switch;
  GtkWidget     *setup_group;
  DjSetupEditor *setup_editor;

  GSettings     *settings;
};

enum {
  CREATE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DjNewGameDialog, dj_new_game_dialog, ADW_TYPE_WINDOW)

gboolean
dj_new_game_dialog_can_create (DjNewGameDialog *self)
{
  g_return_val_if_fail (DJ_IS_NEW_GAME_DIALOG (self), FALSE);

  return !gtk_switch_get_active (self->setup_switch)
         || dj_setup_editor_get_valid (self->setup_editor);
}

static void
update_create (DjNewGameDialog *self)
{
  gtk_widget_set_sensitive (self->create_button, dj_new_game_dialog_can_create (self));
}

static void
on_variant_changed (DjNewGameDialog *self)
{
  gboolean abe = adw_combo_row_get_selected (self->variant_row) == DJ_VARIANT_ABE;

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->variant_row),
                               abe
                               ? _("Sowing starts in the next pit; a starved row must be fed")
                               : _("Sowing starts in the emptied pit; single seeds stay"));
  gtk_widget_set_visible (GTK_WIDGET (self->feeding_row), abe);
}

static void
on_feeding_changed (DjNewGameDialog *self)
{
  gboolean immediate = adw_combo_row_get_selected (self->feeding_row) == DJ_FEEDING_IMMEDIATE;

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->feeding_row),
                               immediate
                               ? _("Whenever the opponent’s row is empty, the player to move "
                                   "must fill it if they can (as in Oware)")
                               : _("A player must feed only right after the starved opponent "
                                   "has passed (the rule as the sources word it)"));
}

static void
on_setup_toggled (DjNewGameDialog *self)
{
  gtk_widget_set_visible (self->setup_group, gtk_switch_get_active (self->setup_switch));
  update_create (self);
}

static void
on_setup_valid_changed (DjNewGameDialog *self)
{
  update_create (self);
}

static void
on_create_clicked (DjNewGameDialog *self)
{
  DjRules rules;

  if (!dj_new_game_dialog_can_create (self))
    return;

  dj_new_game_dialog_get_rules (self, &rules);
  g_settings_set_enum (self->settings, "last-variant", rules.variant);
  if (rules.variant == DJ_VARIANT_ABE)
    g_settings_set_enum (self->settings, "last-feeding", rules.feeding);

  g_signal_emit (self, signals[CREATE], 0);
}

static void
on_entry_activated (DjNewGameDialog *self)
{
  on_create_clicked (self);
}

void
dj_new_game_dialog_get_rules (DjNewGameDialog *self,
                              DjRules         *rules)
{
  g_return_if_fail (DJ_IS_NEW_GAME_DIALOG (self));

  *rules = DJ_RULES_INIT (adw_combo_row_get_selected (self->variant_row) == DJ_VARIANT_ABE
                          ? DJ_VARIANT_ABE : DJ_VARIANT_ABOURE);
  if (rules->variant == DJ_VARIANT_ABE)
    rules->feeding = adw_combo_row_get_selected (self->feeding_row) == DJ_FEEDING_IMMEDIATE
                     ? DJ_FEEDING_IMMEDIATE : DJ_FEEDING_ON_STARVED_TURN;
}

void
dj_new_game_dialog_get_start (DjNewGameDialog *self,
                              DjPosition      *start)
{
  DjSide first;

  g_return_if_fail (DJ_IS_NEW_GAME_DIALOG (self));

  first = adw_combo_row_get_selected (self->first_row) == 1 ? DJ_NORTH : DJ_SOUTH;
  if (gtk_switch_get_active (self->setup_switch))
    dj_setup_editor_get_position (self->setup_editor, first, start);
  else
    {
      dj_position_init_start (start);
      start->to_move = first;
    }
}

DjGameInfo *
dj_new_game_dialog_get_info (DjNewGameDialog *self)
{
  DjGameInfo *info;
  g_autofree char *south = NULL;
  g_autofree char *north = NULL;

  g_return_val_if_fail (DJ_IS_NEW_GAME_DIALOG (self), NULL);

  info = dj_game_info_new ();
  south = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->south_row))));
  north = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->north_row))));
  dj_game_info_set_string (&info->south, south);
  dj_game_info_set_string (&info->north, north);
  return info;
}

DjSetupEditor *
dj_new_game_dialog_get_editor (DjNewGameDialog *self)
{
  g_return_val_if_fail (DJ_IS_NEW_GAME_DIALOG (self), NULL);
  return self->setup_editor;
}

void
dj_new_game_dialog_set_setup (DjNewGameDialog *self,
                              gboolean         setup)
{
  g_return_if_fail (DJ_IS_NEW_GAME_DIALOG (self));
  gtk_switch_set_active (self->setup_switch, setup);
}

static void
dj_new_game_dialog_dispose (GObject *object)
{
  DjNewGameDialog *self = DJ_NEW_GAME_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_NEW_GAME_DIALOG);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (dj_new_game_dialog_parent_class)->dispose (object);
}

static void
dj_new_game_dialog_class_init (DjNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_new_game_dialog_dispose;

  /**
   * DjNewGameDialog::create:
   *
   * The user chose to create the game; the choices are valid.
   */
  signals[CREATE] = g_signal_new ("create", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (DJ_TYPE_SETUP_EDITOR);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PATH "/ui/dj-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DjNewGameDialog, create_button);
  gtk_widget_class_bind_template_child (widget_class, DjNewGameDialog, variant_row);
  gtk_widget_class_bind_template_child (widget_class, DjNewGameDialog, feeding_row);
  gtk_widget_class_bind_template_child (widget_class, DjNewGameDialog, south_row);
  gtk_widget_class_bind_template_child (widget_class, DjNewGameDialog, north_row);
  gtk_widget_class_bind_template_child (widget_class, DjNewGameDialog, first_row);
  gtk_widget_class_bind_template_child (widget_class, DjNewGameDialog, setup_switch);
  gtk_widget_class_bind_template_child (widget_class, DjNewGameDialog, setup_group);
  gtk_widget_class_bind_template_child (widget_class, DjNewGameDialog, setup_editor);
  gtk_widget_class_bind_template_callback (widget_class, on_variant_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_feeding_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_setup_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_setup_valid_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_create_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_activated);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dj_new_game_dialog_init (DjNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  adw_combo_row_set_selected (self->variant_row,
                              g_settings_get_enum (self->settings, "last-variant"));
  adw_combo_row_set_selected (self->feeding_row,
                              g_settings_get_enum (self->settings, "last-feeding"));
  on_variant_changed (self);
  on_feeding_changed (self);
  update_create (self);
  /* Enter creates the game at once: the focus starts on Create, not on the
   * first button of the header bar (Cancel). */
  gtk_window_set_focus (GTK_WINDOW (self), self->create_button);
}

GtkWidget *
dj_new_game_dialog_new (GtkWindow *parent)
{
  return g_object_new (DJ_TYPE_NEW_GAME_DIALOG, "transient-for", parent, NULL);
}
