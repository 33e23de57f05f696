/* dj-window.h: the main window: one game file, its board and its moves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dj-collection.h"
#include "dj-document.h"
#include "dj-drafts.h"
#include "dj-study-pane.h"

G_BEGIN_DECLS

#define DJ_TYPE_WINDOW (dj_window_get_type ())

G_DECLARE_FINAL_TYPE (DjWindow, dj_window, DJ, WINDOW, AdwApplicationWindow)

DjWindow      *dj_window_new                (GtkApplication  *application);

/* Property "document": the document shown (a new window makes one with an
 * empty game).  The window shows it; it does not own its life. */
DjDocument    *dj_window_get_document       (DjWindow        *self);
void           dj_window_set_document       (DjWindow        *self,
                                             DjDocument      *document);

/* Shows the first game of @collection, which came from @file (NULL for a
 * game never saved).  No question asked: see dj_window_open_file(). */
void           dj_window_set_collection     (DjWindow        *self,
                                             DjCollection    *collection,
                                             GFile           *file);
/* Starts a new game (no question asked). */
void           dj_window_start_game         (DjWindow        *self,
                                             const DjRules   *rules,
                                             const DjPosition *start,
                                             const DjGameInfo *info);
/* Starts a new game as New Game does: asks first when there are unsaved
 * changes (the game stays when the question is cancelled). */
void           dj_window_replace_game       (DjWindow        *self,
                                             const DjRules   *rules,
                                             const DjPosition *start,
                                             const DjGameInfo *info);
/* Shows the annotated sample game bundled with the application. */
void           dj_window_show_sample        (DjWindow        *self);

/* Reads @file into this window (no question asked).  On error nothing
 * changes and @error names the file and the line. */
gboolean       dj_window_load_file          (DjWindow        *self,
                                             GFile           *file,
                                             GError         **error);
/* What the Open action does with a chosen file: asks first when there are
 * unsaved changes, reads the file in a worker thread (the document is busy
 * meanwhile), shows a failure in a dialog over the window. */
void           dj_window_open_file          (DjWindow        *self,
                                             GFile           *file);
/* Writes the game to @file (atomically, with a backup), which becomes the
 * window's file; the draft goes. */
gboolean       dj_window_save_to            (DjWindow        *self,
                                             GFile           *file,
                                             GError         **error);

/* Shows a draft left by an earlier run and asks whether to keep it. */
void           dj_window_offer_draft        (DjWindow        *self,
                                             const DjDraft   *draft);

/* Plays @move at the current node as the board's pit-activated does: the
 * record follows an existing move or adds it, the board animates, a forced
 * pass follows.  FALSE (and a toast with the reason) when it is illegal. */
gboolean       dj_window_play_move          (DjWindow        *self,
                                             DjMove           move);

GFile         *dj_window_get_file           (DjWindow        *self);
DjCollection  *dj_window_get_collection     (DjWindow        *self);
DjGame        *dj_window_get_game           (DjWindow        *self);
GtkWidget     *dj_window_get_board          (DjWindow        *self);
/* The window's "Learn from Your Mistakes" (DjLearnMistakes). */
GtkWidget     *dj_window_get_learn_mistakes (DjWindow        *self);
/* Shows game @index of the window's file at the position after @ply moves
 * of its main line (fewer if the line is shorter). */
void           dj_window_show_game_at       (DjWindow        *self,
                                             guint            index,
                                             guint            ply);
/* The opening explorer under the board (a DjExplorerPane; win.show-explorer). */
GtkWidget     *dj_window_get_explorer       (DjWindow        *self);
/* The moves beside the board: the study pane's DjNotationView. */
GtkWidget     *dj_window_get_move_list      (DjWindow        *self);
/* Beside the board: notation, comments, explainer, tree, games. */
DjStudyPane   *dj_window_get_study_pane     (DjWindow        *self);
gboolean       dj_window_get_modified       (DjWindow        *self);
/* The draft's name, kept while the game has unsaved changes. */
const char    *dj_window_get_draft_id       (DjWindow        *self);
/* Writes the draft now instead of waiting for the timer (tests). */
void           dj_window_flush_draft        (DjWindow        *self);

/* Shows @text briefly over the window. */
void           dj_window_show_toast         (DjWindow        *self,
                                             const char      *text);
/* Explains a failure in a dialog over the window. */
void           dj_window_show_error         (DjWindow        *self,
                                             const char      *heading,
                                             const char      *body);

/* What the window says, for tests and assistive technology. */
const char    *dj_window_get_last_toast     (DjWindow        *self);
const char    *dj_window_get_status         (DjWindow        *self);
const char    *dj_window_get_last_move_text (DjWindow        *self);

G_END_DECLS
