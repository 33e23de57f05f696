/* dj-board-markup.h: markup input on the board (marks, arrows, labels)
 *
 * Internal to the board widget: dj-board.c makes one with the board and
 * frees it in dispose; it turns the mouse and the keys into markup edits,
 * which the board announces with ::markup-edited.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-board-scene.h"

G_BEGIN_DECLS

typedef struct _DjBoardMarkup DjBoardMarkup;

/* What the board lends its markup input: calls back into the board widget
 * (which owns the markup input and outlives it). */
typedef struct
{
  /* The pit's child widget (a DjPit). */
  GtkWidget *(*pit_widget)        (GtkWidget        *board,
                                   guint             pit);
  /* Moves the pit focus one pit on screen; FALSE at the edge. */
  gboolean   (*move_focus)        (GtkWidget        *board,
                                   DjBoardDirection  direction);
  /* Ends the animations shown, so that marks land where the game stands. */
  void       (*finish_animations) (GtkWidget        *board);
  /* The markup shown with one change (@label names it for the undo history). */
  void       (*edited)            (GtkWidget        *board,
                                   const DjMarkup   *markup,
                                   const char       *label);
} DjBoardMarkupHost;

/* Adds the markup controllers to @board, whose @scene it reads. */
DjBoardMarkup *dj_board_markup_new             (GtkWidget               *board,
                                                DjBoardScene            *scene,
                                                const DjBoardMarkupHost *host);
/* Unparents the label popover; call from the board's dispose. */
void           dj_board_markup_free            (DjBoardMarkup           *self);
/* Asks for a label for @pit in a popover over it. */
void           dj_board_markup_ask_label       (DjBoardMarkup           *self,
                                                guint                    pit);
GtkWidget     *dj_board_markup_get_label_entry (DjBoardMarkup           *self);
/* Keeps the label popover placed; call from the board's size_allocate. */
void           dj_board_markup_present         (DjBoardMarkup           *self);

/* The screen direction of an arrow key (the board's too). */
gboolean       dj_board_markup_arrow_direction (guint                    keyval,
                                                DjBoardDirection        *direction);

G_END_DECLS
