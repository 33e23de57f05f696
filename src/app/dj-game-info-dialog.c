/* dj-game-info-dialog.c: edits who played, where, when and the result
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-game-info-dialog.h"

struct _DjGameInfoDialog
{
  AdwWindow    parent_instance;

  GtkWidget   *apply_button;
  AdwEntryRow *south_row;
  AdwEntryRow *north_row;
  AdwEntryRow *event_row;
  AdwEntryRow *site_row;
  AdwEntryRow *date_row;
  AdwEntryRow *round_row;
  AdwComboRow *result_row;

  DjGame      *game;
};

G_DEFINE_FINAL_TYPE (DjGameInfoDialog, dj_game_info_dialog, ADW_TYPE_WINDOW)

static char *
row_text (AdwEntryRow *row)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
}

static gboolean
date_is_valid (DjGameInfoDialog *self)
{
  g_autofree char *date = row_text (self->date_row);

  return date[0] == '\0' || dj_date_validate (date, NULL);
}

static void
on_date_changed (DjGameInfoDialog *self)
{
  gboolean valid = date_is_valid (self);

  if (valid)
    gtk_widget_remove_css_class (GTK_WIDGET (self->date_row), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->date_row), "error");
  gtk_widget_set_sensitive (self->apply_button, valid);
}

DjGameInfo *
dj_game_info_dialog_get_info (DjGameInfoDialog *self)
{
  DjGameInfo *info;
  g_autofree char *south = row_text (self->south_row);
  g_autofree char *north = row_text (self->north_row);
  g_autofree char *event = row_text (self->event_row);
  g_autofree char *site = row_text (self->site_row);
  g_autofree char *date = row_text (self->date_row);
  g_autofree char *round = row_text (self->round_row);
  DjResult result;

  g_return_val_if_fail (DJ_IS_GAME_INFO_DIALOG (self), NULL);

  if (!date_is_valid (self))
    return NULL;

  info = dj_game_info_copy (dj_game_get_info (self->game));
  dj_game_info_set_string (&info->south, south);
  dj_game_info_set_string (&info->north, north);
  dj_game_info_set_string (&info->event, event);
  dj_game_info_set_string (&info->site, site);
  dj_game_info_set_string (&info->date, date);
  dj_game_info_set_string (&info->round, round);

  result = (DjResult) adw_combo_row_get_selected (self->result_row);
  if (result != info->result)
    {
      info->result = result;
      if (result == DJ_RESULT_UNKNOWN)
        {
          info->termination = DJ_TERMINATION_NONE;
          info->end_reason = DJ_END_NONE;
        }
    }
  return info;
}

static void
on_apply_clicked (DjGameInfoDialog *self)
{
  g_autoptr(DjGameInfo) info = dj_game_info_dialog_get_info (self);

  if (info == NULL)
    return;
  if (!dj_game_info_equal (info, dj_game_get_info (self->game)))
    dj_game_set_info (self->game, info);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
set_row (AdwEntryRow *row,
         const char  *text)
{
  gtk_editable_set_text (GTK_EDITABLE (row), text ? text : "");
}

static void
dj_game_info_dialog_dispose (GObject *object)
{
  DjGameInfoDialog *self = DJ_GAME_INFO_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_GAME_INFO_DIALOG);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (dj_game_info_dialog_parent_class)->dispose (object);
}

static void
dj_game_info_dialog_class_init (DjGameInfoDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_game_info_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PATH "/ui/dj-game-info-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, apply_button);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, south_row);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, north_row);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, event_row);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, site_row);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, date_row);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, round_row);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, result_row);
  gtk_widget_class_bind_template_callback (widget_class, on_apply_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_date_changed);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dj_game_info_dialog_init (DjGameInfoDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
dj_game_info_dialog_new (GtkWindow *parent,
                         DjGame    *game)
{
  DjGameInfoDialog *self;
  const DjGameInfo *info;

  g_return_val_if_fail (DJ_IS_GAME (game), NULL);

  self = g_object_new (DJ_TYPE_GAME_INFO_DIALOG, "transient-for", parent, NULL);
  self->game = g_object_ref (game);
  info = dj_game_get_info (game);
  set_row (self->south_row, info->south);
  set_row (self->north_row, info->north);
  set_row (self->event_row, info->event);
  set_row (self->site_row, info->site);
  set_row (self->date_row, info->date);
  set_row (self->round_row, info->round);
  adw_combo_row_set_selected (self->result_row, info->result);
  on_date_changed (self);
  return GTK_WIDGET (self);
}
