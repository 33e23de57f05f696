/* dj-undo.h: the undo history of a game, as records of operations
 *
 * Internal to the record library: DjGame applies the operations (it emits
 * the signals); this file stores them and owns what they hold.  No whole-tree
 * snapshots: an operation holds only what it changes, and a removed subtree
 * is kept detached, as is, until its operation is forgotten.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-game-info.h"
#include "dj-node-private.h"

G_BEGIN_DECLS

typedef enum
{
  DJ_OP_INSERT,        /* node inserted as child index of parent */
  DJ_OP_REMOVE,        /* node (with its subtree) removed from child index of parent */
  DJ_OP_MOVE,          /* node moved among its siblings from index to index2 */
  DJ_OP_TEXT,          /* a string of the node: field is DjOpText */
  DJ_OP_GLYPH,
  DJ_OP_ASSESSMENT,
  DJ_OP_TIME,
  DJ_OP_MARKERS,       /* the node's markup */
  DJ_OP_INFO,          /* the game information */
  DJ_OP_GAME_FOREIGN,  /* the game's foreign XML */
  DJ_OP_FINDING,       /* the review's finding about the node's move */
} DjOpKind;

typedef enum
{
  DJ_OP_TEXT_BEFORE,
  DJ_OP_TEXT_AFTER,
  DJ_OP_TEXT_FOREIGN,
} DjOpText;

typedef struct
{
  DjOpKind  kind;
  guint8    field;
  gboolean  owns;      /* holds the detached subtree of node */
  DjNode   *node;
  DjNode   *parent;
  guint     index;
  guint     index2;
  union
  {
    char       *text[2];       /* old, new */
    gint64      value[2];
    DjMarkup   *markup[2];     /* old, new; NULL for none */
    DjFinding  *finding[2];    /* old, new; NULL for none */
    DjGameInfo *info[2];
  } u;
} DjOp;

typedef struct _DjUndo DjUndo;

DjUndo     *dj_undo_new              (void);
void        dj_undo_free             (DjUndo     *undo);

/* Starts collecting operations into a new step called @label; the redo
 * steps are dropped.  Ends with dj_undo_commit(). */
void        dj_undo_open             (DjUndo     *undo,
                                      const char *label);
/* Adds @op (copied; its strings and info are taken over) to the open step. */
DjOp       *dj_undo_push             (DjUndo     *undo,
                                      const DjOp *op);
/* Closes the open step; a step without operations is dropped. */
void        dj_undo_commit           (DjUndo     *undo);
gboolean    dj_undo_is_open          (DjUndo     *undo);

gboolean    dj_undo_can_undo         (DjUndo     *undo);
gboolean    dj_undo_can_redo         (DjUndo     *undo);
const char *dj_undo_get_undo_label   (DjUndo     *undo);
const char *dj_undo_get_redo_label   (DjUndo     *undo);

/* The operations of the step to undo (to apply backwards, last first) or to
 * redo (forwards, first first); moves the position. */
GArray     *dj_undo_step_back        (DjUndo     *undo);
GArray     *dj_undo_step_forward     (DjUndo     *undo);

gboolean    dj_undo_is_at_saved      (DjUndo     *undo);
void        dj_undo_mark_saved       (DjUndo     *undo,
                                      gboolean    saved);
void        dj_undo_clear            (DjUndo     *undo);

/* Frees what @op holds (its strings, infos and, if it owns one, its
 * detached subtree). */
void        dj_op_clear              (DjOp       *op);

G_END_DECLS
