/* dj-training-store.h: what the trainer remembers: positions to repeat, a score per rule set
 *
 * A small local store, one file (training.ini) in $DJENON_TRAINING_DIR when
 * set, else in g_get_user_data_dir()/djenon/.  No game file is ever read or
 * written through it, and nothing needs it to open a game.
 *
 * Items: a puzzle (a set and its number in it) or any position (the rules,
 * the whole position with the feeding owed, the moves that keep its value
 * and a source label such as "game.djenon, move 23", e.g. from "Learn from
 * your mistakes").  An item is known by its rules and position: adding the
 * same again returns the item already there.
 *
 * Scheduling: Leitner boxes 1 to 5.  A new item starts in box 1.  A right
 * answer moves it up one box, a wrong one back to box 1; it is then due
 * again after the interval of its box: box 1 at once (the trainer shows
 * another puzzle first), box 2 one day, box 3 three days, box 4 a week,
 * box 5 three weeks.
 *
 * Score per rule set ("aboure", "abe", "abe-immediate"): the streak of right
 * answers (and the best one) and an Elo-like rating, starting at 1500.  An
 * answer to a puzzle of difficulty d counts as a game against a player rated
 * 1000 + 150 × d: rating += K × (result − expected), expected =
 * 1 / (1 + 10^((puzzle − rating) / 400)), K = 40 for the first 20 answers,
 * then 20.  Positions have no difficulty: they change the streak only.
 *
 * Safety: the whole store is written after every change, atomically
 * (dj_safe_save: a synced temporary file renamed over the old one), so a
 * crash loses at most the answer being written.  The file ends in a SHA-256
 * checksum of the rest; a file that fails it, or does not parse strictly,
 * or comes from another version, is damaged: dj_training_store_open() moves
 * it aside as training.ini.damaged-DATE, starts afresh and says so.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dj-position.h"

G_BEGIN_DECLS

#define DJ_TRAINING_ERROR (dj_training_error_quark ())

typedef enum
{
  DJ_TRAINING_ERROR_DAMAGED,   /* the store was damaged and was reset */
  DJ_TRAINING_ERROR_IO,        /* cannot write the store */
  DJ_TRAINING_ERROR_INVALID,   /* an impossible position, no best move … */
  DJ_TRAINING_ERROR_FULL,      /* DJ_TRAINING_MAX_ITEMS reached */
} DjTrainingError;

GQuark dj_training_error_quark (void);

#define DJ_TRAINING_STORE_FILE   "training.ini"
#define DJ_TRAINING_MAX_ITEMS    20000
#define DJ_TRAINING_MAX_BYTES    (8 * 1024 * 1024)
#define DJ_TRAINING_N_BOXES      5
#define DJ_TRAINING_START_RATING 1500

typedef enum
{
  DJ_TRAINING_ITEM_PUZZLE,
  DJ_TRAINING_ITEM_POSITION,
} DjTrainingItemKind;

/* Owned by the store; valid while it lives. */
typedef struct _DjTrainingItem DjTrainingItem;

typedef struct
{
  int    rating;
  guint  streak;
  guint  best_streak;
  guint  right;
  guint  wrong;
} DjTrainingScore;

#define DJ_TYPE_TRAINING_STORE (dj_training_store_get_type ())
G_DECLARE_FINAL_TYPE (DjTrainingStore, dj_training_store, DJ, TRAINING_STORE, GObject)

/* $DJENON_TRAINING_DIR, else g_get_user_data_dir()/djenon. */
char              *dj_training_store_default_dir  (void);

/* Reads the store of @dir (NULL: the default one).  Always returns a store
 * ready to use: when there is no file yet it is empty; when the file is
 * damaged it is moved aside, the store is empty, and @error says so
 * (DJ_TRAINING_ERROR_DAMAGED, translated, naming both files). */
DjTrainingStore   *dj_training_store_open         (const char        *dir,
                                                   GError           **error);
const char        *dj_training_store_get_path     (DjTrainingStore   *self);

/* A rule set's key: "aboure", "abe", "abe-immediate". */
const char        *dj_training_rules_key          (const DjRules     *rules);

/* Adds a position to repeat (due at once), or returns the one known with
 * the same rules and position (its best moves and source updated).  Saved
 * before returning; NULL with @error when the position is impossible, no
 * best move is legal-looking, the store is full or cannot be written. */
DjTrainingItem    *dj_training_store_add_position (DjTrainingStore   *self,
                                                   const DjRules     *rules,
                                                   const DjPosition  *position,
                                                   const DjMove      *best_moves,
                                                   guint              n_best_moves,
                                                   const char        *source,
                                                   gint64             now,
                                                   GError           **error);
/* The same for puzzle @number (from 1) of the set @set (an identifier the
 * caller chooses: a starter set's name or a file's URI), whose first
 * solution move is @solution. */
DjTrainingItem    *dj_training_store_add_puzzle   (DjTrainingStore   *self,
                                                   const DjRules     *rules,
                                                   const DjPosition  *position,
                                                   DjMove             solution,
                                                   const char        *set,
                                                   guint              number,
                                                   guint              difficulty,
                                                   gint64             now,
                                                   GError           **error);
DjTrainingItem    *dj_training_store_find         (DjTrainingStore   *self,
                                                   const DjRules     *rules,
                                                   const DjPosition  *position);

/* Records an answer at @now (seconds since 1970): the item's box and due
 * time, the rule set's streak and rating; then saves.  FALSE with @error
 * when the store cannot be written (the answer is kept in memory). */
gboolean           dj_training_store_record_answer (DjTrainingStore  *self,
                                                    DjTrainingItem   *item,
                                                    gboolean          correct,
                                                    gint64            now,
                                                    GError          **error);

/* The items of @rules due at @now, the longest overdue first (free the
 * array; the items are borrowed). */
GPtrArray         *dj_training_store_due          (DjTrainingStore   *self,
                                                   const DjRules     *rules,
                                                   gint64             now);
guint              dj_training_store_get_n_items  (DjTrainingStore   *self);
void               dj_training_store_get_score    (DjTrainingStore   *self,
                                                   const DjRules     *rules,
                                                   DjTrainingScore   *score);

/* The interval of box @box (1 to DJ_TRAINING_N_BOXES), in seconds. */
gint64             dj_training_box_interval       (guint              box);

DjTrainingItemKind dj_training_item_get_kind      (const DjTrainingItem *item);
const DjRules     *dj_training_item_get_rules     (const DjTrainingItem *item);
const DjPosition  *dj_training_item_get_position  (const DjTrainingItem *item);
/* The moves that keep the value (a puzzle's: its solution's first move). */
const DjMove      *dj_training_item_get_best_moves (const DjTrainingItem *item,
                                                    guint                *n_moves);
gboolean           dj_training_item_is_best       (const DjTrainingItem *item,
                                                   DjMove                move);
/* NULL for a puzzle. */
const char        *dj_training_item_get_source    (const DjTrainingItem *item);
/* NULL and 0 for a position. */
const char        *dj_training_item_get_set       (const DjTrainingItem *item);
guint              dj_training_item_get_number    (const DjTrainingItem *item);
guint              dj_training_item_get_difficulty (const DjTrainingItem *item);
guint              dj_training_item_get_box       (const DjTrainingItem *item);
gint64             dj_training_item_get_due       (const DjTrainingItem *item);
guint              dj_training_item_get_n_answers (const DjTrainingItem *item);

G_END_DECLS
