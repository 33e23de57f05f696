/* dj-setup-editor.c: sets up a position pit by pit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "dj-setup-editor.h"

#define N_SPINS (DJ_N_PITS + 2)
#define SPIN_CAPTURED(side) (DJ_N_PITS + (side))

struct _DjSetupEditor
{
  GtkWidget      parent_instance;

  GtkGrid       *grid;
  GtkLabel      *total_label;

  GtkSpinButton *spins[N_SPINS];
  char          *message;
  gboolean       valid;
  gboolean       updating;
};

enum {
  PROP_0,
  PROP_VALID,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DjSetupEditor, dj_setup_editor, GTK_TYPE_WIDGET)

static void
check (DjSetupEditor *self)
{
  guint total = 0;
  gboolean valid;

  for (guint i = 0; i < N_SPINS; i++)
    total += gtk_spin_button_get_value_as_int (self->spins[i]);

  g_free (self->message);
  valid = total == DJ_N_SEEDS;
  if (valid)
    self->message = g_strdup (_("All 48 seeds are in place"));
  else
    self->message = g_strdup_printf (ngettext ("The pits and captures hold %u seed; there must be 48",
                                               "The pits and captures hold %u seeds; there must be 48",
                                               total),
                                     total);

  gtk_label_set_label (self->total_label, self->message);
  if (valid)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->total_label), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->total_label), "dim-label");
    }
  else
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->total_label), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->total_label), "dim-label");
    }

  if (valid != self->valid)
    {
      self->valid = valid;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
    }
}

static void
on_value_changed (DjSetupEditor *self,
                  GtkSpinButton *spin)
{
  if (self->updating)
    return;
  check (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

void
dj_setup_editor_set_position (DjSetupEditor    *self,
                              const DjPosition *pos)
{
  g_return_if_fail (DJ_IS_SETUP_EDITOR (self));
  g_return_if_fail (pos != NULL);

  self->updating = TRUE;
  for (guint i = 0; i < DJ_N_PITS; i++)
    gtk_spin_button_set_value (self->spins[i], pos->pits[i]);
  gtk_spin_button_set_value (self->spins[SPIN_CAPTURED (DJ_SOUTH)], pos->captured[DJ_SOUTH]);
  gtk_spin_button_set_value (self->spins[SPIN_CAPTURED (DJ_NORTH)], pos->captured[DJ_NORTH]);
  self->updating = FALSE;
  check (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

void
dj_setup_editor_get_position (DjSetupEditor *self,
                              DjSide         to_move,
                              DjPosition    *pos)
{
  g_return_if_fail (DJ_IS_SETUP_EDITOR (self));
  g_return_if_fail (pos != NULL);

  memset (pos, 0, sizeof *pos);
  for (guint i = 0; i < DJ_N_PITS; i++)
    pos->pits[i] = gtk_spin_button_get_value_as_int (self->spins[i]);
  pos->captured[DJ_SOUTH] = gtk_spin_button_get_value_as_int (self->spins[SPIN_CAPTURED (DJ_SOUTH)]);
  pos->captured[DJ_NORTH] = gtk_spin_button_get_value_as_int (self->spins[SPIN_CAPTURED (DJ_NORTH)]);
  pos->to_move = to_move;
  pos->feed_owed = FALSE;
}

gboolean
dj_setup_editor_get_valid (DjSetupEditor *self)
{
  g_return_val_if_fail (DJ_IS_SETUP_EDITOR (self), FALSE);
  return self->valid;
}

const char *
dj_setup_editor_get_message (DjSetupEditor *self)
{
  g_return_val_if_fail (DJ_IS_SETUP_EDITOR (self), NULL);
  return self->message;
}

GtkSpinButton *
dj_setup_editor_get_spin (DjSetupEditor *self,
                          guint          index)
{
  g_return_val_if_fail (DJ_IS_SETUP_EDITOR (self), NULL);
  g_return_val_if_fail (index < N_SPINS, NULL);
  return self->spins[index];
}

static void
on_reset_clicked (DjSetupEditor *self)
{
  DjPosition start;

  dj_position_init_start (&start);
  dj_setup_editor_set_position (self, &start);
}

static void
on_clear_clicked (DjSetupEditor *self)
{
  DjPosition empty = { { 0 } };

  dj_setup_editor_set_position (self, &empty);
}

static GtkSpinButton *
make_spin (DjSetupEditor *self,
           const char    *accessible_label)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, DJ_N_SEEDS, 1));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (spin), GTK_ORIENTATION_VERTICAL);
  gtk_spin_button_set_numeric (spin, TRUE);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 2);
  gtk_widget_set_tooltip_text (GTK_WIDGET (spin), accessible_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, accessible_label,
                                  -1);
  g_signal_connect_object (spin, "value-changed", G_CALLBACK (on_value_changed), self,
                           G_CONNECT_SWAPPED);
  return spin;
}

static GtkWidget *
make_caption (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption");
  return label;
}

static void
build_board (DjSetupEditor *self)
{
  /* Columns 1…6 hold the pits; 0 and 7 the captures (North's on the left,
   * South's on the right, as the board draws its stores). */
  for (guint i = 0; i < DJ_N_PITS; i++)
    {
      DjSide side = DJ_PIT_OWNER (i);
      guint place = i - DJ_ROW_START (side);
      guint column = side == DJ_SOUTH ? 1 + place : 6 - place;
      guint row = side == DJ_SOUTH ? 2 : 1;
      const char *name = dj_move_to_string (i);
      g_autofree char *label = g_strdup_printf (side == DJ_SOUTH
                                                /* Translators: a pit of the set-up editor, e.g. "South's pit c" */
                                                ? _("South’s pit %s")
                                                : _("North’s pit %s"),
                                                name);

      self->spins[i] = make_spin (self, label);
      gtk_grid_attach (self->grid, GTK_WIDGET (self->spins[i]), column, row, 1, 1);
      gtk_grid_attach (self->grid, make_caption (name), column, side == DJ_SOUTH ? 3 : 0, 1, 1);
    }

  self->spins[SPIN_CAPTURED (DJ_NORTH)] = make_spin (self, _("North’s captures"));
  self->spins[SPIN_CAPTURED (DJ_SOUTH)] = make_spin (self, _("South’s captures"));
  gtk_widget_set_valign (GTK_WIDGET (self->spins[SPIN_CAPTURED (DJ_NORTH)]), GTK_ALIGN_CENTER);
  gtk_widget_set_valign (GTK_WIDGET (self->spins[SPIN_CAPTURED (DJ_SOUTH)]), GTK_ALIGN_CENTER);
  gtk_widget_set_margin_end (GTK_WIDGET (self->spins[SPIN_CAPTURED (DJ_NORTH)]), 12);
  gtk_widget_set_margin_start (GTK_WIDGET (self->spins[SPIN_CAPTURED (DJ_SOUTH)]), 12);
  gtk_grid_attach (self->grid, GTK_WIDGET (self->spins[SPIN_CAPTURED (DJ_NORTH)]), 0, 1, 1, 2);
  gtk_grid_attach (self->grid, GTK_WIDGET (self->spins[SPIN_CAPTURED (DJ_SOUTH)]), 7, 1, 1, 2);
  /* Translators: short caption over a player's captures in the set-up editor */
  gtk_grid_attach (self->grid, make_caption (C_("captures", "North")), 0, 0, 1, 1);
  gtk_grid_attach (self->grid, make_caption (C_("captures", "South")), 7, 3, 1, 1);
}

static void
dj_setup_editor_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), DJ_TYPE_SETUP_EDITOR);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (dj_setup_editor_parent_class)->dispose (object);
}

static void
dj_setup_editor_finalize (GObject *object)
{
  g_free (DJ_SETUP_EDITOR (object)->message);

  G_OBJECT_CLASS (dj_setup_editor_parent_class)->finalize (object);
}

static void
dj_setup_editor_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DjSetupEditor *self = DJ_SETUP_EDITOR (object);

  switch (prop_id)
    {
    case PROP_VALID:
      g_value_set_boolean (value, self->valid);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_setup_editor_class_init (DjSetupEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_setup_editor_dispose;
  object_class->finalize = dj_setup_editor_finalize;
  object_class->get_property = dj_setup_editor_get_property;

  properties[PROP_VALID] =
    g_param_spec_boolean ("valid", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DjSetupEditor::changed:
   *
   * A count was changed.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PATH "/ui/dj-setup-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, DjSetupEditor, grid);
  gtk_widget_class_bind_template_child (widget_class, DjSetupEditor, total_label);
  gtk_widget_class_bind_template_callback (widget_class, on_reset_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_clear_clicked);
  gtk_widget_class_set_css_name (widget_class, "setupeditor");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
dj_setup_editor_init (DjSetupEditor *self)
{
  DjPosition start;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->valid = TRUE;
  build_board (self);
  dj_position_init_start (&start);
  dj_setup_editor_set_position (self, &start);
}

GtkWidget *
dj_setup_editor_new (void)
{
  return g_object_new (DJ_TYPE_SETUP_EDITOR, NULL);
}
