/* dj-study-actions.h: the window's position actions and its game graph
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-action-host.h"
#include "dj-review.h"

G_BEGIN_DECLS

/* Longest clipboard text read as a position. */
#define DJ_POSITION_TEXT_MAX 1024

/*
 * Gives @host the action group "study":
 *
 *   study.copy-position      the current position's text ("4 4 … 0 0 S", as
 *                            in RULES.md) to the clipboard (Ctrl+Alt+C);
 *   study.paste-position     a new game from the position on the clipboard,
 *                            checked first; a bad one is refused in a dialog
 *                            saying why (Ctrl+Alt+V).  The game is the one the
 *                            text names (a last or first word "abe" or
 *                            "aboure"; a feeding move owed means Djenon-abe),
 *                            else the user is asked, the shown game's first;
 *   study.new-game-from-here a new game whose set-up is the current position,
 *                            same rules;
 *   study.show-graph         (toggle) the game graph of @review's results
 *                            under the board; shown, it reviews the game
 *                            when there are no results yet.
 *
 * New games are started with dj_action_host_replace_game() (unsaved changes are
 * asked about first).  The graph is appended to @below_board.
 */
void         dj_study_actions_install   (DjActionHost *host,
                                         DjReview   *review,
                                         GtkBox     *below_board);

/* Parses @text as a position for a game of @rules; errors are translated
 * and say what is wrong and how a position is written. */
gboolean     dj_study_parse_position    (const char     *text,
                                         const DjRules  *rules,
                                         DjPosition     *pos,
                                         GError        **error);

/* The game graph of @host (NULL before install). */
GtkWidget   *dj_study_get_graph         (DjActionHost *host);

G_END_DECLS
