/* dj-study-pane.h: beside the board: notation, comments, explainer, tree, games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-board.h"
#include "dj-collection.h"
#include "dj-explainer.h"
#include "dj-game-list.h"
#include "dj-notation-view.h"
#include "dj-tree-overview.h"

G_BEGIN_DECLS

#define DJ_TYPE_STUDY_PANE (dj_study_pane_get_type ())

G_DECLARE_FINAL_TYPE (DjStudyPane, dj_study_pane, DJ, STUDY_PANE, GtkWidget)

/* The notation of the game shown, and below it, one at a time: the comment
 * editor of the current move (saved into the record as one types, half a
 * second after the last key; a burst of typing is one undo step), the move explainer, the tree overview and the
 * games of the file.  Signal ::game-activated (DjGame *game): a game of the
 * collection was chosen, added or pasted; the window shows it. */
GtkWidget      *dj_study_pane_new            (void);

void            dj_study_pane_set_game       (DjStudyPane  *self,
                                              DjCollection *collection,
                                              DjGame       *game);
void            dj_study_pane_set_board      (DjStudyPane  *self,
                                              DjBoard      *board);

DjNotationView *dj_study_pane_get_notation   (DjStudyPane  *self);
DjExplainer    *dj_study_pane_get_explainer  (DjStudyPane  *self);
DjTreeOverview *dj_study_pane_get_tree       (DjStudyPane  *self);
DjGameList     *dj_study_pane_get_game_list  (DjStudyPane  *self);
/* The field for the time spent on the current move. */
GtkEntry       *dj_study_pane_get_time_entry (DjStudyPane  *self);
GtkTextView    *dj_study_pane_get_comment_view (DjStudyPane *self,
                                                gboolean     after);
/* Writes typing not yet saved into the record now (it is written half a
 * second after the last key, or when the move or the focus changes). */
void            dj_study_pane_commit_comment (DjStudyPane  *self);
/* Shows the comment editor with the keys in the comment after the current
 * move (at the start, the notes on the start position); Escape there goes
 * back to the board. */
void            dj_study_pane_edit_comment   (DjStudyPane  *self);
/* Shows one page below the notation: "comment", "explain", "tree", "games". */
void            dj_study_pane_show_page      (DjStudyPane  *self,
                                              const char   *name);

/* Copy and paste in the text notation. */
char           *dj_study_pane_get_game_text  (DjStudyPane  *self);
/* The moves from the start to the current move, with their annotations. */
char           *dj_study_pane_get_line_text  (DjStudyPane  *self);
/* Text with a header ("[Key "value"]") opens as new games of the collection
 * (the first is shown); other text is added as moves (a variation) after the
 * current move, which goes to the first pasted move.  On error nothing
 * changes and @error names line and column. */
gboolean        dj_study_pane_paste_text     (DjStudyPane  *self,
                                              const char   *text,
                                              GError      **error);

G_END_DECLS
