/* dj-game-info-dialog.c: edits every field of a game's information
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dj-game-info-dialog.h"

struct _DjGameInfoDialog
{
  AdwWindow       parent_instance;

  GtkWidget      *apply_button;
  AdwEntryRow    *south_row;
  AdwEntryRow    *north_row;
  AdwEntryRow    *event_row;
  AdwEntryRow    *site_row;
  AdwEntryRow    *date_row;
  AdwEntryRow    *round_row;
  AdwComboRow    *result_row;
  AdwComboRow    *termination_row;
  AdwComboRow    *end_reason_row;
  AdwActionRow   *score_row;
  GtkSpinButton  *south_score;
  GtkSpinButton  *north_score;
  GtkCheckButton *score_known;
  AdwEntryRow    *annotator_row;
  AdwEntryRow    *recorder_row;
  AdwEntryRow    *source_row;
  GtkTextView    *notes_view;
  GtkTextView    *tags_view;
  GtkLabel       *tags_error;
  AdwActionRow   *rules_row;
  AdwActionRow   *start_row;

  DjGame         *game;
};

G_DEFINE_FINAL_TYPE (DjGameInfoDialog, dj_game_info_dialog, ADW_TYPE_WINDOW)

/* The end reasons a player can choose, in the order of the combo row. */
static const DjEndReason end_reasons[] = {
  DJ_END_NONE, DJ_END_NO_MOVES, DJ_END_NO_MOVES_ENDLESS, DJ_END_ONE_SEED_EACH,
  DJ_END_STARVED, DJ_END_CANNOT_FEED,
};

static char *
row_text (AdwEntryRow *row)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
}

static char *
view_text (GtkTextView *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return g_strstrip (gtk_text_buffer_get_text (buffer, &start, &end, FALSE));
}

static gboolean
date_is_valid (DjGameInfoDialog *self)
{
  g_autofree char *date = row_text (self->date_row);

  return date[0] == '\0' || dj_date_validate (date, NULL);
}

/* Tags: one "Key = value" a line; blank lines are ignored.  Returns the
 * first bad line (1-based) or 0. */
static guint
parse_tags (DjGameInfoDialog *self,
            DjGameInfo       *info)
{
  g_autofree char *text = view_text (self->tags_view);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);
      char *eq;

      if (line[0] == '\0')
        continue;
      eq = strchr (line, '=');
      if (eq == NULL || eq == line)
        return i + 1;
      *eq = '\0';
      if (g_strstrip (line)[0] == '\0')
        return i + 1;
      if (info != NULL)
        dj_game_info_set_tag (info, g_strstrip (line), g_strstrip (eq + 1));
    }
  return 0;
}

static void
validate (DjGameInfoDialog *self)
{
  gboolean date_ok = date_is_valid (self);
  guint bad_tag = parse_tags (self, NULL);

  if (date_ok)
    gtk_widget_remove_css_class (GTK_WIDGET (self->date_row), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->date_row), "error");

  if (bad_tag > 0)
    {
      /* Translators: a free tag line of the game information is not "Key = value" */
      g_autofree char *text = g_strdup_printf (_("Line %u: write a tag as “Key = value”"),
                                               bad_tag);

      gtk_label_set_label (self->tags_error, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->tags_error), bad_tag > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dialog.apply", date_ok && bad_tag == 0);
}

static void
update_sensitivity (DjGameInfoDialog *self)
{
  DjResult result = adw_combo_row_get_selected (self->result_row);
  DjTermination termination = adw_combo_row_get_selected (self->termination_row);
  gboolean known = gtk_check_button_get_active (self->score_known);

  gtk_widget_set_sensitive (GTK_WIDGET (self->termination_row), result != DJ_RESULT_UNKNOWN);
  gtk_widget_set_visible (GTK_WIDGET (self->end_reason_row),
                          result != DJ_RESULT_UNKNOWN && termination == DJ_TERMINATION_RULES);
  gtk_widget_set_sensitive (GTK_WIDGET (self->south_score), known);
  gtk_widget_set_sensitive (GTK_WIDGET (self->north_score), known);
}

static void
on_changed (DjGameInfoDialog *self)
{
  validate (self);
  update_sensitivity (self);
}

DjGameInfo *
dj_game_info_dialog_get_info (DjGameInfoDialog *self)
{
  DjGameInfo *info;
  struct { char **field; AdwEntryRow *row; } rows[] = {
    { NULL, self->south_row }, { NULL, self->north_row }, { NULL, self->event_row },
    { NULL, self->site_row }, { NULL, self->date_row }, { NULL, self->round_row },
    { NULL, self->annotator_row }, { NULL, self->recorder_row }, { NULL, self->source_row },
  };
  g_autofree char *notes = NULL;
  guint reason;

  g_return_val_if_fail (DJ_IS_GAME_INFO_DIALOG (self), NULL);

  if (!date_is_valid (self) || parse_tags (self, NULL) > 0)
    return NULL;

  info = dj_game_info_copy (dj_game_get_info (self->game));
  rows[0].field = &info->south;
  rows[1].field = &info->north;
  rows[2].field = &info->event;
  rows[3].field = &info->site;
  rows[4].field = &info->date;
  rows[5].field = &info->round;
  rows[6].field = &info->annotator;
  rows[7].field = &info->recorder;
  rows[8].field = &info->source;
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *text = row_text (rows[i].row);

      dj_game_info_set_string (rows[i].field, text);
    }
  notes = view_text (self->notes_view);
  dj_game_info_set_string (&info->notes, notes);

  /* The tags as written: those removed from the text go. */
  while (dj_game_info_get_n_tags (info) > 0)
    dj_game_info_set_tag (info, dj_game_info_get_tag_key (info, 0), NULL);
  parse_tags (self, info);

  info->result = adw_combo_row_get_selected (self->result_row);
  info->termination = info->result == DJ_RESULT_UNKNOWN
                      ? DJ_TERMINATION_NONE : adw_combo_row_get_selected (self->termination_row);
  reason = adw_combo_row_get_selected (self->end_reason_row);
  info->end_reason = info->termination == DJ_TERMINATION_RULES && reason < G_N_ELEMENTS (end_reasons)
                     ? end_reasons[reason] : DJ_END_NONE;
  if (gtk_check_button_get_active (self->score_known))
    {
      info->score[DJ_SOUTH] = gtk_spin_button_get_value_as_int (self->south_score);
      info->score[DJ_NORTH] = gtk_spin_button_get_value_as_int (self->north_score);
    }
  else
    info->score[DJ_SOUTH] = info->score[DJ_NORTH] = -1;
  return info;
}

static void
apply_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  DjGameInfoDialog *self = DJ_GAME_INFO_DIALOG (widget);
  g_autoptr(DjGameInfo) info = dj_game_info_dialog_get_info (self);

  if (info == NULL)
    return;
  if (!dj_game_info_equal (info, dj_game_get_info (self->game)))
    dj_game_set_info (self->game, info);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
on_entry_activated (DjGameInfoDialog *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "dialog.apply", NULL);
}

static void
set_row (AdwEntryRow *row,
         const char  *text)
{
  gtk_editable_set_text (GTK_EDITABLE (row), text ? text : "");
}

gboolean
dj_game_info_dialog_set_field (DjGameInfoDialog *self,
                               const char       *name,
                               const char       *value)
{
  struct { const char *name; AdwEntryRow *row; } rows[] = {
    { "south", self->south_row }, { "north", self->north_row }, { "event", self->event_row },
    { "site", self->site_row }, { "date", self->date_row }, { "round", self->round_row },
    { "annotator", self->annotator_row }, { "recorder", self->recorder_row },
    { "source", self->source_row },
  };

  g_return_val_if_fail (DJ_IS_GAME_INFO_DIALOG (self), FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    if (g_str_equal (name, rows[i].name))
      {
        set_row (rows[i].row, value);
        return TRUE;
      }
  if (g_str_equal (name, "notes") || g_str_equal (name, "tags"))
    {
      GtkTextView *view = g_str_equal (name, "notes") ? self->notes_view : self->tags_view;

      gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), value ? value : "", -1);
      return TRUE;
    }
  return FALSE;
}

void
dj_game_info_dialog_set_result (DjGameInfoDialog *self,
                                DjResult          result,
                                DjTermination     termination)
{
  g_return_if_fail (DJ_IS_GAME_INFO_DIALOG (self));
  adw_combo_row_set_selected (self->result_row, result);
  adw_combo_row_set_selected (self->termination_row, termination);
}

static void
show_rules (DjGameInfoDialog *self)
{
  const DjRules *rules = dj_game_get_rules (self->game);
  g_autofree char *subtitle = NULL;

  if (rules->variant == DJ_VARIANT_ABE)
    subtitle = g_strdup (rules->feeding == DJ_FEEDING_IMMEDIATE
                         ? _("Feeding is owed as soon as a row is empty")
                         : _("Feeding is owed after the starved player’s pass"));
  else
    subtitle = g_strdup (_("Singletons cannot move; no feeding"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->rules_row),
                                 dj_variant_display_name (rules->variant));
  adw_action_row_set_subtitle (self->rules_row, subtitle);

  if (dj_game_has_setup (self->game))
    {
      g_autofree char *pos = dj_position_to_string (dj_game_get_start (self->game));

      adw_action_row_set_subtitle (self->start_row, pos);
    }
  else
    adw_action_row_set_subtitle (self->start_row, _("The standard start: 4 seeds in every pit"));
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
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, termination_row);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, end_reason_row);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, score_row);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, south_score);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, north_score);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, score_known);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, annotator_row);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, recorder_row);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, source_row);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, notes_view);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, tags_view);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, tags_error);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, rules_row);
  gtk_widget_class_bind_template_child (widget_class, DjGameInfoDialog, start_row);
  gtk_widget_class_bind_template_callback (widget_class, on_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_activated);

  gtk_widget_class_install_action (widget_class, "dialog.apply", NULL, apply_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "dialog.apply", NULL);
}

static void
dj_game_info_dialog_init (DjGameInfoDialog *self)
{
  GtkStringList *reasons = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; i < G_N_ELEMENTS (end_reasons); i++)
    gtk_string_list_append (reasons, end_reasons[i] == DJ_END_NONE
                                     ? _("Not Known")
                                     : dj_end_reason_describe (end_reasons[i]));
  adw_combo_row_set_model (self->end_reason_row, G_LIST_MODEL (reasons));
  g_object_unref (reasons);

  g_signal_connect_object (gtk_text_view_get_buffer (self->tags_view), "changed",
                           G_CALLBACK (on_changed), self, G_CONNECT_SWAPPED);
}

GtkWidget *
dj_game_info_dialog_new (GtkWindow *parent,
                         DjGame    *game)
{
  DjGameInfoDialog *self;
  const DjGameInfo *info;
  g_autoptr(GString) tags = g_string_new (NULL);

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
  set_row (self->annotator_row, info->annotator);
  set_row (self->recorder_row, info->recorder);
  set_row (self->source_row, info->source);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->notes_view),
                            info->notes ? info->notes : "", -1);
  for (guint i = 0; i < dj_game_info_get_n_tags (info); i++)
    g_string_append_printf (tags, "%s = %s\n", dj_game_info_get_tag_key (info, i),
                            dj_game_info_get_tag_value (info, i));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->tags_view), tags->str, -1);

  adw_combo_row_set_selected (self->result_row, info->result);
  adw_combo_row_set_selected (self->termination_row, info->termination);
  for (guint i = 0; i < G_N_ELEMENTS (end_reasons); i++)
    if (end_reasons[i] == info->end_reason)
      adw_combo_row_set_selected (self->end_reason_row, i);
  gtk_check_button_set_active (self->score_known, info->score[DJ_SOUTH] >= 0);
  gtk_spin_button_set_value (self->south_score, MAX (info->score[DJ_SOUTH], 0));
  gtk_spin_button_set_value (self->north_score, MAX (info->score[DJ_NORTH], 0));
  show_rules (self);
  on_changed (self);
  return GTK_WIDGET (self);
}
