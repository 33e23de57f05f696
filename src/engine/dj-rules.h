/* dj-rules.h: the two games and their options
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DJ_N_PITS     12
#define DJ_ROW_PITS   6
#define DJ_N_SEEDS    48

/* A move is a pit index 0..11 (South's a..f are 0..5, North's A..F are 6..11)
 * or DJ_PASS. */
typedef gint8 DjMove;
#define DJ_PASS       ((DjMove) 12)
#define DJ_NO_MOVE    ((DjMove) -1)

typedef enum
{
  DJ_SOUTH = 0,
  DJ_NORTH = 1,
} DjSide;

#define DJ_OTHER_SIDE(s)   ((DjSide) (1 - (s)))
#define DJ_ROW_START(s)    ((s) == DJ_SOUTH ? 0 : DJ_ROW_PITS)
#define DJ_PIT_OWNER(p)    ((p) < DJ_ROW_PITS ? DJ_SOUTH : DJ_NORTH)

typedef enum
{
  DJ_VARIANT_ABOURE = 0,
  DJ_VARIANT_ABE    = 1,
} DjVariant;

/* When the feeding obligation starts (Djenon-abe only). */
typedef enum
{
  DJ_FEEDING_ON_STARVED_TURN = 0,  /* default: only after the starved player's pass */
  DJ_FEEDING_IMMEDIATE       = 1,  /* whenever the opponent's row is empty */
} DjFeeding;

typedef struct
{
  DjVariant variant;
  DjFeeding feeding;
} DjRules;

#define DJ_RULES_INIT(v) ((DjRules) { (v), DJ_FEEDING_ON_STARVED_TURN })

#define DJ_ENGINE_ERROR (dj_engine_error_quark ())

typedef enum
{
  DJ_ENGINE_ERROR_PARSE,       /* text that is not a move, position, variant or option */
  DJ_ENGINE_ERROR_POSITION,    /* a position that cannot exist (seeds not adding to 48 …) */
  DJ_ENGINE_ERROR_ILLEGAL,     /* a move the rules do not allow */
} DjEngineError;

GQuark       dj_engine_error_quark     (void);

/* Stable names as used in files and on the command line:
 * "aboure", "abe", "on-starved-turn", "immediate". */
const char  *dj_variant_to_string      (DjVariant   variant);
gboolean     dj_variant_from_string    (const char *str,
                                        DjVariant  *variant);
const char  *dj_variant_display_name   (DjVariant   variant);
const char  *dj_feeding_to_string      (DjFeeding   feeding);
gboolean     dj_feeding_from_string    (const char *str,
                                        DjFeeding  *feeding);
gboolean     dj_rules_equal            (const DjRules *a,
                                        const DjRules *b);
/* The three rule sets in a fixed order, for what is kept per rule set:
 * 0 Djenon-aboure, 1 Djenon-abe, 2 Djenon-abe with immediate feeding. */
#define DJ_N_RULE_SETS 3
guint        dj_rules_get_index        (const DjRules *rules);
/* @index below DJ_N_RULE_SETS. */
DjRules      dj_rules_from_index       (guint          index);

/* Move notation: "a".."f", "A".."F", "pass". */
const char  *dj_move_to_string         (DjMove      move);
gboolean     dj_move_from_string       (const char *str,
                                        DjMove     *move);
/* Length-delimited form for tokenisers; len may be -1 for NUL-terminated. */
gboolean     dj_move_from_text         (const char *str,
                                        gssize      len,
                                        DjMove     *move);

G_END_DECLS
