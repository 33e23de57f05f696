/* dj-random-games.c: random legal games with plausible information
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-random-games.h"
#include "dj-node.h"

/* Names and places are data for benchmarks and tests, not translated. */
static const char *const players[] = {
  "Amadou Diallo", "Awa Traoré", "Kofi Mensah", "Ama Owusu", "Fatou Ndiaye", "Ibrahim Keïta",
  "Mariam Coulibaly", "Oumar Sow", "Aïcha Touré", "Yaw Boateng", "Nana Asante", "Seydou Camara",
  "Kadiatou Bah", "Moussa Sangaré", "Adjoa Addo", "Kwame Osei", "Bintou Konaté", "Issa Diarra",
  "Ayşe Demir", "Nguyễn Văn An", "Sanne de Vries", "Ane Etxeberria", "Sita Gurung", "Ali Raza",
};

static const char *const towns[] = {
  "Bamako", "Ségou", "Mopti", "Kumasi", "Accra", "Dakar", "Ouagadougou", "Niamey",
};

static const char *const events[] = {
  "Open", "Club championship", "Rapid tournament", "Friendly match", "League",
};

/* Phrases of comments, put together at random (data, not translated). */
static const char *const openings[] = {
  "A quiet move", "Tempting", "The only move", "Sharp", "Too slow", "Brilliant sowing",
  "A blunder", "Risky", "Très bien joué", "Hızlı hamle", "Een sterke zet", "Ongi jokatua",
};

static const char *const reasons[] = {
  "it keeps the seeds together", "the capture wins four seeds", "the opponent is starved",
  "the long row feeds the other side", "the endgame is drawn with best play",
  "North must pass next", "South cannot answer the threat", "the left pits are empty",
};

/* The first legal move of the mover's row after skipping @pick of them. */
static DjMove
pick_move (const DjMoves *moves,
           guint          pick)
{
  for (guint k = 0; k < DJ_ROW_PITS; k++)
    if (moves->pit[k] == DJ_PIT_LEGAL && pick-- == 0)
      return moves->row_start + k;
  return DJ_NO_MOVE;
}

static DjGame *
random_game (const DjRules *rules,
             GRand         *rand)
{
  DjGame *game = dj_game_new (rules, NULL);
  DjGameInfo *info = dj_game_info_new ();
  const DjPosition *pos;
  int year = g_rand_int_range (rand, 2012, 2026);
  guint south = g_rand_int_range (rand, 0, G_N_ELEMENTS (players));
  guint north = (south + g_rand_int_range (rand, 1, G_N_ELEMENTS (players)))
                % G_N_ELEMENTS (players);
  const char *town = towns[g_rand_int_range (rand, 0, G_N_ELEMENTS (towns))];
  g_autofree char *event = g_strdup_printf ("%s %s %d", town,
                                            events[g_rand_int_range (rand, 0,
                                                                     G_N_ELEMENTS (events))],
                                            year);
  g_autofree char *date = g_strdup_printf ("%d-%02d-%02d", year, g_rand_int_range (rand, 1, 13),
                                           g_rand_int_range (rand, 1, 29));
  g_autofree char *round = g_strdup_printf ("%d", g_rand_int_range (rand, 1, 10));
  DjMoves moves;
  int score[2];

  for (;;)
    {
      DjNode *current = dj_game_get_current (game);
      DjMove move;

      pos = dj_node_get_position (current);
      dj_moves_generate (rules, pos, &moves);
      if (moves.end != DJ_END_NONE || dj_node_get_ply (current) >= DJ_RANDOM_GAMES_MAX_PLIES)
        break;
      if (moves.n_legal == 0)
        {
          dj_game_play_forced_pass (game);
          continue;
        }
      move = pick_move (&moves, g_rand_int_range (rand, 0, moves.n_legal));
      g_autoptr(DjTrace) trace = dj_game_play_turn (game, move, DJ_NO_TIME, NULL);

      g_assert (trace != NULL);
    }

  if (moves.end != DJ_END_NONE)
    {
      dj_final_scores (rules, pos, score);
      info->termination = DJ_TERMINATION_RULES;
      info->end_reason = moves.end;
    }
  else
    {
      /* Stopped by agreement: the board is split by ownership. */
      for (int side = DJ_SOUTH; side <= DJ_NORTH; side++)
        score[side] = pos->captured[side] + dj_position_row_seeds (pos, side);
      info->termination = DJ_TERMINATION_AGREEMENT;
    }
  info->score[DJ_SOUTH] = score[DJ_SOUTH];
  info->score[DJ_NORTH] = score[DJ_NORTH];
  info->result = score[DJ_SOUTH] > score[DJ_NORTH] ? DJ_RESULT_SOUTH_WINS
                 : score[DJ_SOUTH] < score[DJ_NORTH] ? DJ_RESULT_NORTH_WINS : DJ_RESULT_DRAW;
  dj_game_info_set_string (&info->south, players[south]);
  dj_game_info_set_string (&info->north, players[north]);
  dj_game_info_set_string (&info->event, event);
  dj_game_info_set_string (&info->site, town);
  dj_game_info_set_string (&info->date, date);
  dj_game_info_set_string (&info->round, round);
  dj_game_load_info (game, info);
  dj_game_set_current (game, dj_game_get_root (game));
  dj_game_clear_undo (game);
  dj_game_set_modified (game, FALSE);
  return game;
}

DjCollection *
dj_random_games_new (const DjRules *rules,
                     guint          n_games,
                     guint32        seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  DjCollection *collection = dj_collection_new ();

  g_return_val_if_fail (rules != NULL, NULL);

  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr(DjGame) game = random_game (rules, rand);

      dj_collection_append (collection, game);
    }
  dj_collection_set_modified (collection, FALSE);
  return collection;
}

guint
dj_random_games_add_comments (DjCollection *collection,
                              guint         every,
                              guint32       seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint written = 0;

  g_return_val_if_fail (collection != NULL, 0);

  every = MAX (every, 1);
  for (guint i = 0; i < dj_collection_get_n_games (collection); i++)
    {
      DjGame *game = dj_collection_get_game (collection, i);

      for (DjNode *n = dj_node_get_first_child (dj_game_get_root (game)); n != NULL;
           n = dj_node_get_first_child (n))
        {
          char *text;

          if (g_rand_int_range (rand, 0, every) != 0)
            continue;
          text = g_strdup_printf ("%s: %s.",
                                  openings[g_rand_int_range (rand, 0, G_N_ELEMENTS (openings))],
                                  reasons[g_rand_int_range (rand, 0, G_N_ELEMENTS (reasons))]);
          if (g_rand_boolean (rand))
            dj_game_load_comments (game, n, NULL, text);
          else
            dj_game_load_comments (game, n, text, NULL);
          written++;
        }
      dj_game_set_modified (game, FALSE);
    }
  dj_collection_set_modified (collection, FALSE);
  return written;
}
