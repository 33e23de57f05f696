/* dj-export-dialog.c: the choices before a diagram or a game sheet is written
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dj-diagram.h"
#include "dj-export-dialog.h"

struct _DjExportDialog
{
  AdwMessageDialog  parent_instance;

  GtkWidget        *size_row;
  GtkSpinButton    *size_spin;
  GtkWidget        *caption_row;
  GtkSwitch        *caption_switch;
  GtkWidget        *every_row;
  GtkSpinButton    *every_spin;
  GtkWidget        *moves_row;
  GtkWidget        *current_row;
  GtkSwitch        *current_switch;
  AdwComboRow      *paper_row;

  DjExportKind      kind;
};

G_DEFINE_FINAL_TYPE (DjExportDialog, dj_export_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum {
  PROP_0,
  PROP_KIND,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
dj_export_dialog_constructed (GObject *object)
{
  DjExportDialog *self = DJ_EXPORT_DIALOG (object);
  gboolean diagram = self->kind == DJ_EXPORT_DIAGRAM;

  G_OBJECT_CLASS (dj_export_dialog_parent_class)->constructed (object);

  gtk_widget_set_visible (self->size_row, diagram);
  gtk_widget_set_visible (self->caption_row, diagram);
  gtk_widget_set_visible (self->every_row, !diagram);
  gtk_widget_set_visible (self->moves_row, !diagram);
  gtk_widget_set_visible (self->current_row, !diagram);
  gtk_widget_set_visible (GTK_WIDGET (self->paper_row), !diagram);
  adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (self),
                                  diagram ? _("Export Diagram") : _("Export Game Sheet"));
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self),
                               diagram
                               ? _("A picture of the position on the board, with its marks "
                                   "and the last move, as PNG or SVG.")
                               : _("The game information and the moves with their comments "
                                   "and variations, as PDF, with diagrams where you ask "
                                   "for them."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (self),
                                    "cancel", _("_Cancel"),
                                    "export", _("_Export…"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (self), "export",
                                              ADW_RESPONSE_SUGGESTED);
  /* The paper of the user's locale first. */
  adw_combo_row_set_selected (self->paper_row,
                              g_str_equal (gtk_paper_size_get_default (), GTK_PAPER_NAME_LETTER)
                              ? 1 : 0);
}

static void
dj_export_dialog_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  DjExportDialog *self = DJ_EXPORT_DIALOG (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_int (value, self->kind);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_export_dialog_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  DjExportDialog *self = DJ_EXPORT_DIALOG (object);

  switch (prop_id)
    {
    case PROP_KIND:
      self->kind = g_value_get_int (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_export_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), DJ_TYPE_EXPORT_DIALOG);
  G_OBJECT_CLASS (dj_export_dialog_parent_class)->dispose (object);
}

static void
dj_export_dialog_class_init (DjExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = dj_export_dialog_constructed;
  object_class->get_property = dj_export_dialog_get_property;
  object_class->set_property = dj_export_dialog_set_property;
  object_class->dispose = dj_export_dialog_dispose;

  properties[PROP_KIND] =
    g_param_spec_int ("kind", NULL, NULL, DJ_EXPORT_DIAGRAM, DJ_EXPORT_SHEET, DJ_EXPORT_DIAGRAM,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS |
                      G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/ui/dj-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DjExportDialog, size_row);
  gtk_widget_class_bind_template_child (widget_class, DjExportDialog, size_spin);
  gtk_widget_class_bind_template_child (widget_class, DjExportDialog, caption_row);
  gtk_widget_class_bind_template_child (widget_class, DjExportDialog, caption_switch);
  gtk_widget_class_bind_template_child (widget_class, DjExportDialog, every_row);
  gtk_widget_class_bind_template_child (widget_class, DjExportDialog, every_spin);
  gtk_widget_class_bind_template_child (widget_class, DjExportDialog, moves_row);
  gtk_widget_class_bind_template_child (widget_class, DjExportDialog, current_row);
  gtk_widget_class_bind_template_child (widget_class, DjExportDialog, current_switch);
  gtk_widget_class_bind_template_child (widget_class, DjExportDialog, paper_row);
}

static void
dj_export_dialog_init (DjExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
dj_export_dialog_new (GtkWindow    *parent,
                      DjExportKind  kind)
{
  return g_object_new (DJ_TYPE_EXPORT_DIALOG, "transient-for", parent, "kind", kind, NULL);
}

DjExportKind
dj_export_dialog_get_kind (DjExportDialog *self)
{
  g_return_val_if_fail (DJ_IS_EXPORT_DIALOG (self), DJ_EXPORT_DIAGRAM);
  return self->kind;
}

int
dj_export_dialog_get_size (DjExportDialog *self)
{
  g_return_val_if_fail (DJ_IS_EXPORT_DIALOG (self), DJ_DIAGRAM_DEFAULT_SIZE);
  return gtk_spin_button_get_value_as_int (self->size_spin);
}

void
dj_export_dialog_set_size (DjExportDialog *self,
                           int             size)
{
  g_return_if_fail (DJ_IS_EXPORT_DIALOG (self));
  gtk_spin_button_set_value (self->size_spin, size);
}

gboolean
dj_export_dialog_get_caption (DjExportDialog *self)
{
  g_return_val_if_fail (DJ_IS_EXPORT_DIALOG (self), FALSE);
  return gtk_switch_get_active (self->caption_switch);
}

void
dj_export_dialog_set_caption (DjExportDialog *self,
                              gboolean        caption)
{
  g_return_if_fail (DJ_IS_EXPORT_DIALOG (self));
  gtk_switch_set_active (self->caption_switch, caption);
}

guint
dj_export_dialog_get_every (DjExportDialog *self)
{
  g_return_val_if_fail (DJ_IS_EXPORT_DIALOG (self), 0);
  return (guint) gtk_spin_button_get_value_as_int (self->every_spin);
}

void
dj_export_dialog_set_every (DjExportDialog *self,
                            guint           every)
{
  g_return_if_fail (DJ_IS_EXPORT_DIALOG (self));
  gtk_spin_button_set_value (self->every_spin, every);
}

gboolean
dj_export_dialog_get_at_current (DjExportDialog *self)
{
  g_return_val_if_fail (DJ_IS_EXPORT_DIALOG (self), FALSE);
  return gtk_switch_get_active (self->current_switch);
}

void
dj_export_dialog_set_at_current (DjExportDialog *self,
                                 gboolean        at_current)
{
  g_return_if_fail (DJ_IS_EXPORT_DIALOG (self));
  gtk_switch_set_active (self->current_switch, at_current);
}

const char *
dj_export_dialog_get_moves (DjExportDialog *self)
{
  g_return_val_if_fail (DJ_IS_EXPORT_DIALOG (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->moves_row));
}

void
dj_export_dialog_set_moves (DjExportDialog *self,
                            const char     *moves)
{
  g_return_if_fail (DJ_IS_EXPORT_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->moves_row), moves ? moves : "");
}

gboolean
dj_export_dialog_get_letter (DjExportDialog *self)
{
  g_return_val_if_fail (DJ_IS_EXPORT_DIALOG (self), FALSE);
  return adw_combo_row_get_selected (self->paper_row) == 1;
}

gboolean
dj_export_parse_moves (DjGame      *game,
                       const char  *moves,
                       GPtrArray   *nodes,
                       GError     **error)
{
  g_auto(GStrv) parts = NULL;
  DjNode *end;
  guint length;

  g_return_val_if_fail (DJ_IS_GAME (game) && nodes != NULL, FALSE);

  if (moves == NULL)
    return TRUE;
  end = dj_node_get_line_end (dj_game_get_root (game));
  length = dj_node_get_ply (end);
  parts = g_strsplit_set (moves, ",; ", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *part = g_strstrip (parts[i]);
      guint64 n;
      DjNode *node = dj_game_get_root (game);

      if (*part == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (part, 10, 1, G_MAXUINT, &n, NULL))
        {
          g_set_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_MOVE,
                       _("“%s” is not a number of moves"), part);
          return FALSE;
        }
      if (n > length)
        {
          g_set_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_MOVE,
                       g_dngettext (GETTEXT_PACKAGE, "There is no move %s: the main line has %u move",
                                    "There is no move %s: the main line has %u moves", length),
                       part, length);
          return FALSE;
        }
      for (guint64 k = 0; k < n; k++)
        node = dj_node_get_first_child (node);
      g_ptr_array_add (nodes, node);
    }
  return TRUE;
}
