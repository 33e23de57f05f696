/* dj-action-host.h: what the print and study actions need from the view they act in
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-board.h"
#include "dj-document.h"
#include "dj-game.h"

G_BEGIN_DECLS

#define DJ_TYPE_ACTION_HOST (dj_action_host_get_type ())

G_DECLARE_INTERFACE (DjActionHost, dj_action_host, DJ, ACTION_HOST, GtkWidget)

/*
 * The print and study actions work on a document, the game of it shown and
 * the board showing it, and say what happened; they do not know the window.
 * The window implements this interface, so the arrows point one way: the
 * window knows the actions, the actions know only their host.
 */
struct _DjActionHostInterface
{
  GTypeInterface parent_iface;

  DjDocument *(*get_document)  (DjActionHost     *self);
  DjGame     *(*get_game)      (DjActionHost     *self);
  DjBoard    *(*get_board)     (DjActionHost     *self);
  void        (*show_toast)    (DjActionHost     *self,
                                const char       *text);
  void        (*show_error)    (DjActionHost     *self,
                                const char       *heading,
                                const char       *body);
  void        (*replace_game)  (DjActionHost     *self,
                                const DjRules    *rules,
                                const DjPosition *start);
};

DjDocument *dj_action_host_get_document (DjActionHost     *self);
/* The game shown (NULL while there is none). */
DjGame     *dj_action_host_get_game     (DjActionHost     *self);
DjBoard    *dj_action_host_get_board    (DjActionHost     *self);
/* Says @text briefly. */
void        dj_action_host_show_toast   (DjActionHost     *self,
                                         const char       *text);
/* Explains a failure in a dialog. */
void        dj_action_host_show_error   (DjActionHost     *self,
                                         const char       *heading,
                                         const char       *body);
/* Starts a new game as New Game does: unsaved changes are asked about first. */
void        dj_action_host_replace_game (DjActionHost     *self,
                                         const DjRules    *rules,
                                         const DjPosition *start);

G_END_DECLS
