/* dj-random-games.h: random legal games with plausible information
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-collection.h"

G_BEGIN_DECLS

/* Longest game made, in moves; a longer one is ended by agreement. */
#define DJ_RANDOM_GAMES_MAX_PLIES 300

/* @n_games games from the start, each move drawn at random among the legal
 * ones, with players, event, site, date, round, result and final scores.
 * The same rules, number and seed give the same games. */
DjCollection *dj_random_games_new (const DjRules *rules,
                                   guint          n_games,
                                   guint32        seed);

/* Comments, as a person annotating might write them, on about one move in
 * @every (at least 1) of every game's main line, drawn with @seed (the
 * games' moves stay as they were).  Returns how many were written. */
guint         dj_random_games_add_comments (DjCollection *collection,
                                            guint         every,
                                            guint32       seed);

G_END_DECLS
