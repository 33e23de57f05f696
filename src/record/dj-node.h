/* dj-node.h: one node of a game's move tree, and its annotations
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dj-finding.h"
#include "dj-markup.h"
#include "dj-position.h"

G_BEGIN_DECLS

/* Move-quality glyphs.  The values are the standard NAG numbers. */
typedef enum
{
  DJ_GLYPH_NONE        = 0,
  DJ_GLYPH_GOOD        = 1,   /* !  */
  DJ_GLYPH_MISTAKE     = 2,   /* ?  */
  DJ_GLYPH_BRILLIANT   = 3,   /* !! */
  DJ_GLYPH_BLUNDER     = 4,   /* ?? */
  DJ_GLYPH_INTERESTING = 5,   /* !? */
  DJ_GLYPH_DUBIOUS     = 6,   /* ?! */
} DjGlyph;

#define DJ_GLYPH_LAST DJ_GLYPH_DUBIOUS

/* Position assessments after a move.  The values are the NAG numbers of the
 * chess equivalents, South playing the part of White. */
typedef enum
{
  DJ_ASSESSMENT_NONE           = 0,
  DJ_ASSESSMENT_EVEN           = 10,  /* =   */
  DJ_ASSESSMENT_UNCLEAR        = 13,  /* ~   */
  DJ_ASSESSMENT_SOUTH_SLIGHT   = 14,  /* +=  */
  DJ_ASSESSMENT_NORTH_SLIGHT   = 15,  /* =+  */
  DJ_ASSESSMENT_SOUTH_CLEAR    = 16,  /* +/- */
  DJ_ASSESSMENT_NORTH_CLEAR    = 17,  /* -/+ */
  DJ_ASSESSMENT_SOUTH_DECISIVE = 18,  /* +-  */
  DJ_ASSESSMENT_NORTH_DECISIVE = 19,  /* -+  */
} DjAssessment;

/* "no time recorded" for dj_node_get_time_ms() */
#define DJ_NO_TIME ((gint64) -1)

/* Limits that every reader enforces and every editor respects. */
#define DJ_MAX_COMMENT_BYTES (100 * 1000)

/* Glyph text: "!", "?", "!!", "??", "!?", "?!" (NULL for DJ_GLYPH_NONE). */
const char   *dj_glyph_to_string          (DjGlyph       glyph);
gboolean      dj_glyph_from_string        (const char   *str,
                                           DjGlyph      *glyph);
/* A translated name for menus, e.g. "Good move". */
const char   *dj_glyph_describe           (DjGlyph       glyph);
/* The glyph a person would give a review's judgement ("?!", "?", "??";
 * none for good and unproven). */
DjGlyph       dj_glyph_for_judgement      (DjJudgement   judgement);

/* Stable names for files: "even", "unclear", "south-slight", "north-slight",
 * "south-clear", "north-clear", "south-decisive", "north-decisive". */
const char   *dj_assessment_to_string     (DjAssessment  assessment);
gboolean      dj_assessment_from_string   (const char   *str,
                                           DjAssessment *assessment);
/* ASCII symbol used by the text notation: "=", "~", "+=", "=+", "+/-", "-/+",
 * "+-", "-+". */
const char   *dj_assessment_to_symbol     (DjAssessment  assessment);
gboolean      dj_assessment_from_symbol   (const char   *str,
                                           DjAssessment *assessment);
/* The sign as printed for readers: "=", "∞", "⩲", "⩱", "±", "∓", "+−", "−+"
 * (the text notation keeps the ASCII symbol on disk). */
const char   *dj_assessment_to_sign       (DjAssessment  assessment);
/* A translated description, e.g. "South has a slight advantage". */
const char   *dj_assessment_describe      (DjAssessment  assessment);
/* TRUE for DJ_ASSESSMENT_NONE and the eight values above. */
gboolean      dj_assessment_is_valid      (int           value);

/* A node of the move tree.  The root stands for the start position and has
 * no move; every other node is the position after its move.  The first
 * child of a node is the main line, the others are variations, in order.
 *
 * Nodes belong to their DjGame and are changed only through dj_game_*()
 * calls (which make the change undoable and emit signals); a view may keep
 * a DjNode pointer until DjGame::node-removed tells it the node is gone. */
typedef struct _DjNode DjNode;

/* Tree links, all O(1) except where noted. */
DjNode           *dj_node_get_parent          (const DjNode *node);
DjNode           *dj_node_get_first_child     (const DjNode *node);
DjNode           *dj_node_get_next_sibling    (const DjNode *node);
/* O(number of siblings) */
DjNode           *dj_node_get_prev_sibling    (const DjNode *node);
/* O(number of children) */
guint             dj_node_get_n_children      (const DjNode *node);
DjNode           *dj_node_get_nth_child       (const DjNode *node,
                                               guint         n);
/* The place of @node among its parent's children (0 = main line). */
guint             dj_node_get_index           (const DjNode *node);
/* The child reached by @move, or NULL. */
DjNode           *dj_node_find_child          (const DjNode *node,
                                               DjMove        move);
/* The last node of the line that follows first children from @node. */
DjNode           *dj_node_get_line_end        (const DjNode *node);
/* TRUE for the root and for every first child. */
gboolean          dj_node_is_first_child      (const DjNode *node);
/* TRUE when every node from the root to @node is a first child.  O(depth). */
gboolean          dj_node_is_main_line        (const DjNode *node);
/* Pre-order walk of the subtree under @top without recursion: returns the
 * node after @node, or NULL when the walk has left @top's subtree. */
DjNode           *dj_node_walk_next           (const DjNode *node,
                                               const DjNode *top);

/* The move (DJ_NO_MOVE for the root, DJ_PASS for a pass). */
DjMove            dj_node_get_move            (const DjNode *node);
/* The position after the move (the start position for the root). */
const DjPosition *dj_node_get_position        (const DjNode *node);
/* Moves from the root: 0 for the root, 1 for the first move. */
guint             dj_node_get_ply             (const DjNode *node);
/* The side that played the move (not meaningful for the root). */
DjSide            dj_node_get_mover           (const DjNode *node);
/* The move number as written in the text notation ("3." or "3..."): the
 * number goes up with each move of South.  0 for the root. */
guint             dj_node_get_move_number     (const DjNode *node);

/* Annotations */
const char       *dj_node_get_comment_before  (const DjNode *node);
const char       *dj_node_get_comment_after   (const DjNode *node);
DjGlyph           dj_node_get_glyph           (const DjNode *node);
DjAssessment      dj_node_get_assessment      (const DjNode *node);
/* Milliseconds spent on the move, or DJ_NO_TIME. */
gint64            dj_node_get_time_ms         (const DjNode *node);
/* The board markup (see dj-markup.h), or NULL when there is none. */
const DjMarkup   *dj_node_get_markup          (const DjNode *node);
/* The colour of @pit's mark, whatever its shape (DJ_MARKER_NONE: unmarked). */
DjMarker          dj_node_get_marker          (const DjNode *node,
                                               guint         pit);
/* TRUE when the node has any markup: a mark or an arrow. */
gboolean          dj_node_has_markers         (const DjNode *node);
/* Any comment, glyph, assessment, time, markup or foreign XML. */
gboolean          dj_node_has_annotations     (const DjNode *node);
/* The review's finding about the move (see dj-finding.h), or NULL. */
const DjFinding  *dj_node_get_finding         (const DjNode *node);
/* Elements and attributes of other XML namespaces found on the move in a
 * file, kept as opaque serialized XML so that saving writes them back. */
const char       *dj_node_get_foreign_xml     (const DjNode *node);

G_END_DECLS
