/* dj-node-private.h: the layout of a node, for the record and the readers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-node.h"

G_BEGIN_DECLS

/* What few nodes have, kept out of line so that a plain move costs 56 bytes. */
typedef struct
{
  char     *comment_before;
  char     *comment_after;
  char     *foreign;         /* opaque XML of other namespaces */
  gint64    time_ms;         /* DJ_NO_TIME when not recorded */
  DjMarkup *markup;          /* NULL when none, never empty */
  DjFinding *finding;        /* the review's, NULL when none */
} DjNodeExtra;

struct _DjNode
{
  DjNode      *parent;
  DjNode      *first_child;
  DjNode      *next_sibling;
  DjNodeExtra *extra;
  DjPosition   position;     /* after the move: cached from the engine */
  guint32      ply;
  DjMove       move;
  guint8       glyph;
  guint8       assessment;
  guint8       reserved;
};

DjNode      *dj_node_new          (DjNode        *parent,
                                   DjMove         move,
                                   const DjPosition *position);
DjNodeExtra *dj_node_ensure_extra (DjNode        *node);
/* Drops the extra block when it holds nothing. */
void         dj_node_trim_extra   (DjNode        *node);
/* Frees @node and its whole subtree (iteratively); @node must be detached. */
void         dj_node_free_tree    (DjNode        *node);
/* Detaches @node from its parent; returns its former index. */
guint        dj_node_unlink       (DjNode        *node);
/* Inserts detached @node as child @index of @parent (clamped to the end). */
void         dj_node_insert       (DjNode        *parent,
                                   DjNode        *node,
                                   guint          index);
/* Copies @node's subtree (iteratively); the copy's root is detached. */
DjNode      *dj_node_copy_tree    (const DjNode  *node);
/* Number of nodes in the subtree under @node, @node included. */
guint        dj_node_count_tree   (const DjNode  *node);
G_END_DECLS
