/* dj-export-dialog.h: the choices before a diagram or a game sheet is written
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dj-game.h"

G_BEGIN_DECLS

typedef enum
{
  DJ_EXPORT_DIAGRAM,   /* width, caption */
  DJ_EXPORT_SHEET,     /* diagrams every N moves, at the current move, after moves; paper */
} DjExportKind;

#define DJ_TYPE_EXPORT_DIALOG (dj_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DjExportDialog, dj_export_dialog, DJ, EXPORT_DIALOG, AdwMessageDialog)

/* A dialog with the responses "cancel" and "export" ("export" is the
 * default).  Properties: "kind" (construct-only). */
GtkWidget    *dj_export_dialog_new              (GtkWindow      *parent,
                                                 DjExportKind    kind);
DjExportKind  dj_export_dialog_get_kind         (DjExportDialog *self);

/* Diagrams */
int           dj_export_dialog_get_size         (DjExportDialog *self);
void          dj_export_dialog_set_size         (DjExportDialog *self,
                                                 int             size);
gboolean      dj_export_dialog_get_caption      (DjExportDialog *self);
void          dj_export_dialog_set_caption      (DjExportDialog *self,
                                                 gboolean        caption);

/* Game sheets */
guint         dj_export_dialog_get_every        (DjExportDialog *self);
void          dj_export_dialog_set_every        (DjExportDialog *self,
                                                 guint           every);
gboolean      dj_export_dialog_get_at_current   (DjExportDialog *self);
void          dj_export_dialog_set_at_current   (DjExportDialog *self,
                                                 gboolean        at_current);
/* The moves typed in "Diagrams After Moves" ("12, 20, 31": after that many
 * moves of the main line). */
const char   *dj_export_dialog_get_moves        (DjExportDialog *self);
void          dj_export_dialog_set_moves        (DjExportDialog *self,
                                                 const char     *moves);
gboolean      dj_export_dialog_get_letter       (DjExportDialog *self);

/* The nodes the sheet's diagrams go after: the moves typed, and @current
 * when asked for.  FALSE with a translated error naming the bad entry. */
gboolean      dj_export_parse_moves             (DjGame         *game,
                                                 const char     *moves,
                                                 GPtrArray      *nodes,
                                                 GError        **error);

G_END_DECLS
