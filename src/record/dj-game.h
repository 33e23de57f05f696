/* dj-game.h: a game record: information, rules, start position, move tree
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dj-finding.h"
#include "dj-game-info.h"
#include "dj-node.h"
#include "dj-play.h"

G_BEGIN_DECLS

#define DJ_TYPE_GAME (dj_game_get_type ())

G_DECLARE_FINAL_TYPE (DjGame, dj_game, DJ, GAME, GObject)

/* Signals (all G_SIGNAL_RUN_LAST; see dj-game.c for details):
 *   node-added (DjNode *node)        after @node and its whole subtree were
 *                                    inserted (play, undo of a delete …)
 *   node-removed (DjNode *node)      before @node and its subtree go
 *   node-changed (DjNode *node)      comments, glyph, assessment, time,
 *                                    markers, finding or foreign XML of
 *                                    @node changed
 *   children-reordered (DjNode *parent)  the order of @parent's children
 *                                    changed (promote, move up/down)
 *   current-changed (DjNode *node)   the current node is now @node
 *   info-changed ()                  the game information changed
 * Properties (read-only, with notify): can-undo, can-redo, modified,
 *   undo-label, redo-label. */

/* A new, empty game.  @start NULL means the standard start position; any
 * other position must pass dj_position_check(). */
DjGame           *dj_game_new                 (const DjRules     *rules,
                                               const DjPosition  *start);
/* A deep copy of the tree and information, without undo history; the copy is
 * not modified and its current node is the root. */
DjGame           *dj_game_copy                (DjGame            *self);

const DjRules    *dj_game_get_rules           (DjGame            *self);
const DjPosition *dj_game_get_start           (DjGame            *self);
/* TRUE when the game starts from a set-up position rather than the standard
 * start (a position equal to the standard start counts as standard). */
gboolean          dj_game_has_setup           (DjGame            *self);
DjNode           *dj_game_get_root            (DjGame            *self);
/* Number of nodes in the tree, the root included. */
guint             dj_game_get_n_nodes         (DjGame            *self);

/* The information (players, event, result …).  Read-only: change a copy
 * and pass it to dj_game_set_info(). */
const DjGameInfo *dj_game_get_info            (DjGame            *self);

/* Opaque XML of other namespaces kept with the game (see the XML format). */
const char       *dj_game_get_foreign_xml     (DjGame            *self);

/* The node the board shows.  Not part of the undo history. */
DjNode           *dj_game_get_current         (DjGame            *self);
void              dj_game_set_current         (DjGame            *self,
                                               DjNode            *node);

/* The trace of the move that led to the current node, while the current node
 * is the one dj_game_play_turn() reached (a view animates it from
 * ::current-changed); NULL after any other change of the current node. */
const DjTrace    *dj_game_get_current_trace   (DjGame            *self);

/* Editing.  Each call is one undo step, unless made between
 * dj_game_begin_action() and dj_game_end_action(). */

/* Plays @move after @node.  An existing child with that move is followed
 * (and returned) rather than duplicated; a new one is added as the last
 * child.  An illegal move is refused with DJ_ENGINE_ERROR_ILLEGAL and the
 * rules' reason.  Does not change the current node. */
DjNode           *dj_game_play                (DjGame            *self,
                                               DjNode            *node,
                                               DjMove             move,
                                               GError           **error);
/* Plays @move at the current node as a turn at the board, in ONE undo step
 * ("Play c"): the move (an existing child with that move is followed), then
 * the pass the rules force on the next player, if any (followed when
 * recorded).  The node the turn ends at (the move, or its forced pass)
 * becomes current; ::current-changed is emitted with
 * dj_game_get_current_trace() set to the move's trace, even when that node
 * was current already.  @time_ms (milliseconds, or DJ_NO_TIME) is recorded
 * as the time of a new move.  Returns the move's trace (free it with
 * dj_trace_free()), or NULL with DJ_ENGINE_ERROR_ILLEGAL and the rules'
 * reason (the game unchanged).  Not inside begin/end_action. */
DjTrace          *dj_game_play_turn           (DjGame            *self,
                                               DjMove             move,
                                               gint64             time_ms,
                                               GError           **error);
/* Plays the pass the rules force at the current node, if any (one undo step,
 * or followed when recorded), and makes it current.  Returns the pass, or
 * NULL when the side to move has a move or the game is over. */
DjNode           *dj_game_play_forced_pass    (DjGame            *self);
/* Removes @node and everything after it (not the root). */
void              dj_game_delete_variation    (DjGame            *self,
                                               DjNode            *node);
/* Removes all children of @node. */
void              dj_game_delete_after        (DjGame            *self,
                                               DjNode            *node);
/* Moves @node one place towards the front of its parent's children; the
 * second child thus becomes the main line of its parent. */
void              dj_game_promote_variation   (DjGame            *self,
                                               DjNode            *node);
/* Makes @node and every ancestor the first child of its parent, so that
 * @node is on the game's main line. */
void              dj_game_make_main_line      (DjGame            *self,
                                               DjNode            *node);
/* Swap @node with its previous / next sibling.  Moving the first variation
 * up makes it the main line, like dj_game_promote_variation(). */
void              dj_game_move_variation_up   (DjGame            *self,
                                               DjNode            *node);
void              dj_game_move_variation_down (DjGame            *self,
                                               DjNode            *node);
/* Annotations.  NULL or "" removes a comment; text longer than
 * DJ_MAX_COMMENT_BYTES is cut at a character boundary, and characters that
 * no file can hold (control characters) become U+FFFD.  The root (the start
 * position) takes a comment after, an assessment, markers and foreign XML;
 * a comment before, a glyph and a time need a move. */
void              dj_game_set_comment_before  (DjGame            *self,
                                               DjNode            *node,
                                               const char        *text);
void              dj_game_set_comment_after   (DjGame            *self,
                                               DjNode            *node,
                                               const char        *text);
void              dj_game_set_glyph           (DjGame            *self,
                                               DjNode            *node,
                                               DjGlyph            glyph);
void              dj_game_set_assessment      (DjGame            *self,
                                               DjNode            *node,
                                               DjAssessment       assessment);
/* @time_ms: milliseconds, or DJ_NO_TIME to remove. */
void              dj_game_set_time            (DjGame            *self,
                                               DjNode            *node,
                                               gint64             time_ms);
/* Markup (see dj-markup.h).  NULL or an empty markup removes it all;
 * @label names the undo step (translated; NULL: "Edit Markup"). */
void              dj_game_set_markup          (DjGame            *self,
                                               DjNode            *node,
                                               const DjMarkup    *markup,
                                               const char        *label);
/* Sets one pit's mark (DJ_MARK_NONE removes it); @label for DJ_MARK_LABEL. */
void              dj_game_set_mark            (DjGame            *self,
                                               DjNode            *node,
                                               guint              pit,
                                               DjMarkShape        shape,
                                               DjMarker           colour,
                                               const char        *label);
/* Draws the arrow, recolours it, or takes it off when it is there in that
 * colour already.  Does nothing when the node has no room for another. */
void              dj_game_toggle_arrow        (DjGame            *self,
                                               DjNode            *node,
                                               guint              from,
                                               guint              to,
                                               DjMarker           colour);
/* The colour of @pit's mark: a new colour keeps the shape (a circle when
 * the pit had none); DJ_MARKER_NONE removes the mark. */
void              dj_game_set_marker          (DjGame            *self,
                                               DjNode            *node,
                                               guint              pit,
                                               DjMarker           marker);
/* Removes every mark and arrow of @node. */
void              dj_game_clear_markers       (DjGame            *self,
                                               DjNode            *node);
void              dj_game_set_info            (DjGame            *self,
                                               const DjGameInfo  *info);
void              dj_game_set_foreign_xml     (DjGame            *self,
                                               const char        *xml);
void              dj_game_set_node_foreign_xml (DjGame           *self,
                                                DjNode           *node,
                                                const char       *xml);

/* The review's finding about @node's move (NULL removes it; see
 * dj-finding.h): the machine's, apart from the glyph and comments. */
void              dj_game_set_finding         (DjGame            *self,
                                               DjNode            *node,
                                               const DjFinding   *finding);
/* TRUE when some move of the tree has a finding. */
gboolean          dj_game_has_findings        (DjGame            *self);
/* Removes every finding of the tree, as one undo step "Clear Review". */
void              dj_game_clear_findings      (DjGame            *self);

/* Groups the edits made until the matching end into one undo step called
 * @label (translated).  Pairs may nest; the outermost label wins. */
void              dj_game_begin_action        (DjGame            *self,
                                               const char        *label);
void              dj_game_end_action          (DjGame            *self);

/* Undo and redo.  The labels are translated, e.g. "Play c",
 * "Delete Variation"; NULL when there is nothing to undo or redo.  Redoing
 * a step that puts moves back makes the last of them the current node. */
gboolean          dj_game_can_undo            (DjGame            *self);
gboolean          dj_game_can_redo            (DjGame            *self);
const char       *dj_game_get_undo_label      (DjGame            *self);
const char       *dj_game_get_redo_label      (DjGame            *self);
void              dj_game_undo                (DjGame            *self);
void              dj_game_redo                (DjGame            *self);
/* Forgets the history (for example after loading). */
void              dj_game_clear_undo          (DjGame            *self);

/* TRUE when the game changed since it was created, loaded or last marked
 * saved.  Undoing back to the saved state makes it FALSE again. */
gboolean          dj_game_get_modified        (DjGame            *self);
/* FALSE marks the current state as saved; TRUE marks it as changed. */
void              dj_game_set_modified        (DjGame            *self,
                                               gboolean           modified);

/* For readers: adds a child without undo history or signals, and without
 * checking legality beyond computing the position (the caller has checked
 * @move is legal at @parent with dj_moves_child()).  Returns the child. */
DjNode           *dj_game_append_unchecked    (DjGame            *self,
                                               DjNode            *parent,
                                               DjMove             move,
                                               const DjPosition  *position);
/* For readers: set annotations without undo history or signals.  Strings are
 * taken over (g_free'd by the game). */
void              dj_game_load_comments       (DjGame            *self,
                                               DjNode            *node,
                                               char              *before,
                                               char              *after);
void              dj_game_load_annotations    (DjGame            *self,
                                               DjNode            *node,
                                               DjGlyph            glyph,
                                               DjAssessment       assessment,
                                               gint64             time_ms);
void              dj_game_load_marker         (DjGame            *self,
                                               DjNode            *node,
                                               guint              pit,
                                               DjMarker           marker);
/* Replaces the node's markup (NULL or empty: none). */
void              dj_game_load_markup         (DjGame            *self,
                                               DjNode            *node,
                                               const DjMarkup    *markup);
/* Replaces the node's finding (NULL: none). */
void              dj_game_load_finding        (DjGame            *self,
                                               DjNode            *node,
                                               const DjFinding   *finding);
void              dj_game_load_node_foreign   (DjGame            *self,
                                               DjNode            *node,
                                               char              *xml);
void              dj_game_load_info           (DjGame            *self,
                                               DjGameInfo        *info);
void              dj_game_load_foreign        (DjGame            *self,
                                               char              *xml);

G_END_DECLS
