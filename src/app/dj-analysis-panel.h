/* dj-analysis-panel.h: perfect-play values and best lines of the current position
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-board.h"
#include "dj-game.h"
#include "dj-search.h"

G_BEGIN_DECLS

#define DJ_TYPE_ANALYSIS_PANEL (dj_analysis_panel_get_type ())

G_DECLARE_FINAL_TYPE (DjAnalysisPanel, dj_analysis_panel, DJ, ANALYSIS_PANEL, GtkWidget)

/* Time the panel gives the solver for one position before it shows bounds:
 * none unless the user chooses one, so values are exact. */
#define DJ_ANALYSIS_PANEL_DEFAULT_BUDGET_MS 0

/*
 * While visible, DjAnalysisPanel analyses the current node of its game in a
 * worker thread (on the window's shared DjSearch) and lists every legal move,
 * best first, with its value, whether that value is exact, bounded or an
 * estimate, and its best line.  Every change of the current node cancels the
 * running search and starts a new one; nothing blocks the interface.  The best
 * pit is marked on the board; hiding the panel clears the mark.
 *
 * Properties: "game" (DjGame), "board" (DjBoard), "busy" (read-only: a search
 * is running).
 *
 * Widget action "analysis.add-variation" (int32 index of a listed move): plays
 * that move's best line into the game at the current node, as one undo step.
 */
GtkWidget        *dj_analysis_panel_new              (void);

DjGame           *dj_analysis_panel_get_game         (DjAnalysisPanel *self);
void              dj_analysis_panel_set_game         (DjAnalysisPanel *self,
                                                      DjGame          *game);
DjBoard          *dj_analysis_panel_get_board        (DjAnalysisPanel *self);
void              dj_analysis_panel_set_board        (DjAnalysisPanel *self,
                                                      DjBoard         *board);
/* The search the panel analyses with (a reference is taken; NULL: one of
 * its own, made on first use).  The window gives the panel, Review Game and
 * Play from Here its document's search. */
DjSearch         *dj_analysis_panel_get_search       (DjAnalysisPanel *self);
void              dj_analysis_panel_set_search       (DjAnalysisPanel *self,
                                                      DjSearch        *search);
/* Milliseconds per position (0: no limit). */
void              dj_analysis_panel_set_time_budget  (DjAnalysisPanel *self,
                                                      gint64           time_ms);

gboolean          dj_analysis_panel_get_busy         (DjAnalysisPanel *self);
/* How many searches the panel has started so far (for tests: positions
 * stepped through quickly are skipped, never searched one after another). */
guint             dj_analysis_panel_get_n_searches   (DjAnalysisPanel *self);
/* The analysis shown, of the current node's position; NULL while searching,
 * when hidden or when there is no game. */
const DjAnalysis *dj_analysis_panel_get_analysis     (DjAnalysisPanel *self);
/* The note shown when the opening book or the endgame tables of the game's
 * rules were refused as damaged (dj_search_data_warning), or NULL. */
const char       *dj_analysis_panel_get_data_note    (DjAnalysisPanel *self);
/* What the panel says of the deeper endgame tables being made in the
 * background (dj-tables-builder.h), or why they were not; NULL: nothing. */
const char       *dj_analysis_panel_get_tables_note  (DjAnalysisPanel *self);

/* What the row of move @index shows, for tests and assistive technology:
 * "c: +4, exact; best line 1. c B 2. d A". NULL past the last row. */
char             *dj_analysis_panel_describe_row     (DjAnalysisPanel *self,
                                                      guint            index);

/* Adds the best line of listed move @index at the current node, as one undo
 * step ("Add Variation").  Returns the first node of the line (followed if it
 * was there already), or NULL if there is no such move. */
DjNode           *dj_analysis_panel_add_variation    (DjAnalysisPanel *self,
                                                      guint            index);

/* Value texts shared by the panel and the game review, with a true minus
 * sign: "+4", "0", "−2"; for a value that is not exact, its proven bounds:
 * "≥ +2", "≤ −1" or "+1 … +5", leaving out a bound that says nothing more
 * than the seeds still on the board of @pos, the analysed position (NULL:
 * only ±48 says nothing). */
char             *dj_analysis_format_value           (int                value);
char             *dj_analysis_format_move_value      (const DjMoveValue *mv,
                                                      const DjPosition  *pos);
/* A line of moves with move numbers as the notation writes them: "12. c A
 * 13. d", or "12... A 13. d c" when North moves first; at most @max_moves
 * of them followed by "…" (0: all).  @ply is the ply of the position the
 * line starts from (0: the game's start), @mover its side to move. */
char             *dj_analysis_format_numbered_line   (const DjMove      *line,
                                                      guint              len,
                                                      guint              max_moves,
                                                      guint              ply,
                                                      DjSide             mover);

G_END_DECLS
