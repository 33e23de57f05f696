/* dj-game-info.h: who played, where, when, and how the game ended
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dj-play.h"

G_BEGIN_DECLS

typedef enum
{
  DJ_RESULT_UNKNOWN = 0,   /* not finished, or not known */
  DJ_RESULT_SOUTH_WINS,
  DJ_RESULT_NORTH_WINS,
  DJ_RESULT_DRAW,
} DjResult;

/* How the game ended. */
typedef enum
{
  DJ_TERMINATION_NONE = 0,      /* not finished, or not known */
  DJ_TERMINATION_RULES,         /* the rules ended it: see end_reason */
  DJ_TERMINATION_RESIGNATION,
  DJ_TERMINATION_AGREEMENT,
  DJ_TERMINATION_ABANDONMENT,
  DJ_TERMINATION_TIME,
} DjTermination;

/* "unknown"/"south"/"north"/"draw" */
const char *dj_result_to_string          (DjResult       result);
gboolean    dj_result_from_string        (const char    *str,
                                          DjResult      *result);
/* "none", "rules", "resignation", "agreement", "abandonment", "time" */
const char *dj_termination_to_string     (DjTermination  termination);
gboolean    dj_termination_from_string   (const char    *str,
                                          DjTermination *termination);
const char *dj_termination_describe      (DjTermination  termination);

/* Partial dates: "YYYY", "YYYY-MM" or "YYYY-MM-DD" (a real calendar day). */
gboolean    dj_date_validate             (const char    *date,
                                          GError       **error);

/* Plain data: copy it, change the copy, give it to dj_game_set_info() (one
 * undo step).  Strings are NULL when not given; NULL and "" mean the same. */
typedef struct
{
  char          *south;
  char          *north;
  char          *event;
  char          *site;
  char          *date;          /* NULL or a partial date, see dj_date_validate() */
  char          *round;
  DjResult       result;
  DjTermination  termination;
  DjEndReason    end_reason;    /* with DJ_TERMINATION_RULES */
  int            score[2];      /* final scores by DjSide, -1 when not known */
  char          *annotator;
  char          *recorder;
  char          *source;
  char          *notes;

  /*< private >*/
  GPtrArray     *tags;          /* free key/value pairs, alternating, in order */
} DjGameInfo;

#define DJ_TYPE_GAME_INFO (dj_game_info_get_type ())

GType       dj_game_info_get_type        (void) G_GNUC_CONST;
DjGameInfo *dj_game_info_new             (void);
DjGameInfo *dj_game_info_copy            (const DjGameInfo *info);
void        dj_game_info_free            (DjGameInfo       *info);
gboolean    dj_game_info_equal           (const DjGameInfo *a,
                                          const DjGameInfo *b);

/* Free key/value pairs, kept in the order they were first set.  Keys are
 * non-empty; setting NULL removes the pair. */
guint       dj_game_info_get_n_tags      (const DjGameInfo *info);
const char *dj_game_info_get_tag_key     (const DjGameInfo *info,
                                          guint             i);
const char *dj_game_info_get_tag_value   (const DjGameInfo *info,
                                          guint             i);
const char *dj_game_info_get_tag         (const DjGameInfo *info,
                                          const char       *key);
void        dj_game_info_set_tag         (DjGameInfo       *info,
                                          const char       *key,
                                          const char       *value);

/* Replaces *@field (one of the char * members) by a copy of @value; "" is
 * stored as NULL. */
void        dj_game_info_set_string      (char            **field,
                                          const char       *value);

/* "South – North" or a translated fallback, for game lists. */
char       *dj_game_info_get_title       (const DjGameInfo *info);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DjGameInfo, dj_game_info_free)

G_END_DECLS
