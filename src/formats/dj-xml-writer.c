/* dj-xml-writer.c: writing Djenon XML game files
 *
 * Canonical output: fixed element and attribute order, two-space
 * indentation, one line per move without annotations, moves flat in the
 * order of a printed game.  The same tree always gives the same bytes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dj-format-private.h"
#include "dj-formats-resources.h"
#include "dj-node-private.h"
#include "dj-safe-save.h"
#include "dj-xml.h"

#define FLUSH_SIZE (64 * 1024)

typedef struct
{
  GOutputStream *stream;
  GCancellable  *cancellable;
  GString       *out;
  GError        *error;
} Writer;

static gboolean
flush (Writer *self)
{
  if (self->error == NULL && self->out->len > 0)
    g_output_stream_write_all (self->stream, self->out->str, self->out->len, NULL,
                               self->cancellable, &self->error);
  g_string_truncate (self->out, 0);
  return self->error == NULL;
}

static void
maybe_flush (Writer *self)
{
  if (self->out->len >= FLUSH_SIZE)
    flush (self);
}

static void
indent (GString *out,
        guint    level)
{
  for (guint i = 0; i < level; i++)
    g_string_append (out, "  ");
}

static void
text_element (GString    *out,
              guint       level,
              const char *name,
              const char *text)
{
  if (text == NULL || *text == '\0')
    return;
  indent (out, level);
  g_string_append_printf (out, "<%s>", name);
  dj_format_append_escaped (out, text, FALSE);
  g_string_append_printf (out, "</%s>\n", name);
}

static void
attribute (GString    *out,
           const char *name,
           const char *value)
{
  g_string_append_printf (out, " %s=\"", name);
  dj_format_append_escaped (out, value, TRUE);
  g_string_append_c (out, '"');
}

static gboolean
info_is_empty (const DjGameInfo *info)
{
  return info->south == NULL && info->north == NULL && info->event == NULL &&
         info->site == NULL && info->date == NULL && info->round == NULL &&
         info->result == DJ_RESULT_UNKNOWN && info->termination == DJ_TERMINATION_NONE &&
         info->score[0] < 0 && info->score[1] < 0 && info->annotator == NULL &&
         info->recorder == NULL && info->source == NULL && info->notes == NULL &&
         dj_game_info_get_n_tags (info) == 0;
}

static void
write_info (GString          *out,
            const DjGameInfo *info,
            const char       *foreign)
{
  if (info_is_empty (info) && (foreign == NULL || *foreign == '\0'))
    return;

  g_string_append (out, "    <info>\n");
  text_element (out, 3, "south", info->south);
  text_element (out, 3, "north", info->north);
  text_element (out, 3, "event", info->event);
  text_element (out, 3, "site", info->site);
  text_element (out, 3, "date", info->date);
  text_element (out, 3, "round", info->round);
  if (info->result != DJ_RESULT_UNKNOWN || info->termination != DJ_TERMINATION_NONE ||
      (info->score[0] >= 0 && info->score[1] >= 0))
    {
      g_string_append (out, "      <result");
      attribute (out, "winner", dj_result_to_string (info->result));
      if (info->termination != DJ_TERMINATION_NONE)
        attribute (out, "termination", dj_termination_to_string (info->termination));
      if (info->termination == DJ_TERMINATION_RULES && info->end_reason != DJ_END_NONE)
        attribute (out, "end-reason", dj_end_reason_to_string (info->end_reason));
      if (info->score[0] >= 0 && info->score[1] >= 0)
        g_string_append_printf (out, " south-score=\"%d\" north-score=\"%d\"",
                                info->score[0], info->score[1]);
      g_string_append (out, "/>\n");
    }
  text_element (out, 3, "annotator", info->annotator);
  text_element (out, 3, "recorder", info->recorder);
  text_element (out, 3, "source", info->source);
  text_element (out, 3, "notes", info->notes);
  for (guint i = 0; i < dj_game_info_get_n_tags (info); i++)
    {
      g_string_append (out, "      <tag");
      attribute (out, "key", dj_game_info_get_tag_key (info, i));
      g_string_append_c (out, '>');
      dj_format_append_escaped (out, dj_game_info_get_tag_value (info, i), FALSE);
      g_string_append (out, "</tag>\n");
    }
  if (foreign != NULL && *foreign != '\0')
    {
      g_string_append (out, "      ");
      g_string_append (out, foreign);
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "    </info>\n");
}

static void
write_setup (GString          *out,
             const DjPosition *pos)
{
  g_string_append (out, "    <setup pits=\"");
  for (guint i = 0; i < DJ_N_PITS; i++)
    g_string_append_printf (out, i ? " %u" : "%u", pos->pits[i]);
  g_string_append_printf (out, "\" south-captured=\"%u\" north-captured=\"%u\" to-move=\"%s\"",
                          pos->captured[DJ_SOUTH], pos->captured[DJ_NORTH],
                          pos->to_move == DJ_SOUTH ? "south" : "north");
  if (pos->feed_owed)
    g_string_append (out, " feed-owed=\"true\"");
  g_string_append (out, "/>\n");
}

/* One <move> or <start>, at indentation level 3. */
/* Marks, then arrows.  A circle is written without a shape, as older
 * versions wrote their markers. */
static void
write_markup (GString        *out,
              const DjMarkup *markup)
{
  if (markup == NULL)
    return;
  for (guint i = 0; i < DJ_N_PITS; i++)
    {
      const DjPitMark *mark = &markup->pits[i];

      if (mark->shape == DJ_MARK_NONE)
        continue;
      g_string_append_printf (out, "        <marker pit=\"%s\" colour=\"%s\"",
                              dj_move_to_string (i), dj_marker_to_string (mark->colour));
      if (mark->shape != DJ_MARK_CIRCLE)
        attribute (out, "shape", dj_mark_shape_to_string (mark->shape));
      if (mark->shape == DJ_MARK_LABEL)
        attribute (out, "label", mark->label);
      g_string_append (out, "/>\n");
    }
  for (guint i = 0; i < markup->n_arrows; i++)
    g_string_append_printf (out, "        <arrow from=\"%s\" to=\"%s\" colour=\"%s\"/>\n",
                            dj_move_to_string (markup->arrows[i].from),
                            dj_move_to_string (markup->arrows[i].to),
                            dj_marker_to_string (markup->arrows[i].colour));
}

/* "6" for an exact value, "4 8" for proven bounds. */
static void
value_attribute (GString    *out,
                 const char *name,
                 int         lower,
                 int         upper)
{
  g_string_append_printf (out, " %s=\"%d", name, lower);
  if (upper != lower)
    g_string_append_printf (out, " %d", upper);
  g_string_append_c (out, '"');
}

/* The review's finding, as data: values, loss, the better line, the
 * judgement and the thresholds that gave it. */
static void
write_finding (GString         *out,
               const DjFinding *finding)
{
  if (finding == NULL)
    return;
  g_string_append (out, "        <finding");
  attribute (out, "judgement", dj_judgement_to_string (finding->judgement));
  if (finding->loss >= 0)
    {
      g_string_append_printf (out, " loss=\"%d\"", finding->loss);
      if (!finding->loss_exact)
        g_string_append (out, " loss-exact=\"false\"");
    }
  value_attribute (out, "before", finding->before_lower, finding->before_upper);
  value_attribute (out, "after", finding->after_lower, finding->after_upper);
  g_string_append (out, " line=\"");
  for (guint i = 0; i < finding->line_len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, dj_move_to_string (finding->line[i]));
    }
  g_string_append_printf (out, "\" inaccuracy=\"%u\" mistake=\"%u\" blunder=\"%u\"/>\n",
                          finding->thresholds.inaccuracy, finding->thresholds.mistake,
                          finding->thresholds.blunder);
}

static void
write_node (GString      *out,
            const DjNode *node)
{
  const char *element = node->parent ? "move" : "start";
  const char *foreign = dj_node_get_foreign_xml (node);
  const char *foreign_elements = NULL;
  gboolean has_children;

  g_string_append (out, "      <");
  g_string_append (out, element);
  if (node->parent != NULL)
    attribute (out, "pit", dj_move_to_string (node->move));
  if (node->glyph != DJ_GLYPH_NONE)
    attribute (out, "glyph", dj_glyph_to_string (node->glyph));
  if (node->assessment != DJ_ASSESSMENT_NONE)
    attribute (out, "assessment", dj_assessment_to_string (node->assessment));
  if (dj_node_get_time_ms (node) != DJ_NO_TIME)
    g_string_append_printf (out, " time-ms=\"%" G_GINT64_FORMAT "\"", dj_node_get_time_ms (node));
  if (foreign != NULL)
    {
      const char *sep = strchr (foreign, DJ_FOREIGN_SEPARATOR);

      if (sep != NULL)
        {
          g_string_append_len (out, foreign, sep - foreign);
          foreign_elements = sep + 1;
        }
      else
        foreign_elements = foreign;
      if (*foreign_elements == '\0')
        foreign_elements = NULL;
    }

  has_children = dj_node_get_comment_before (node) != NULL ||
                 dj_node_get_comment_after (node) != NULL ||
                 dj_node_has_markers (node) || dj_node_get_finding (node) != NULL ||
                 foreign_elements != NULL;
  if (!has_children)
    {
      g_string_append (out, "/>\n");
      return;
    }
  g_string_append (out, ">\n");
  if (node->parent != NULL)
    text_element (out, 4, "comment-before", dj_node_get_comment_before (node));
  text_element (out, 4, "comment-after", dj_node_get_comment_after (node));
  write_markup (out, dj_node_get_markup (node));
  write_finding (out, dj_node_get_finding (node));
  if (foreign_elements != NULL)
    {
      g_string_append (out, "        ");
      g_string_append (out, foreign_elements);
      g_string_append_c (out, '\n');
    }
  g_string_append_printf (out, "      </%s>\n", element);
}

typedef struct
{
  const DjNode *line;      /* the line goes on after this node */
  const DjNode *main;      /* its next move, written; NULL when not yet */
  const DjNode *next_var;  /* the next alternative to main still to write */
} Frame;

/* The moves in the order of a printed game: a move, then the alternatives
 * to it each bracketed as a variation, then the line goes on.  Explicit
 * stack: one frame per open variation. */
static void
write_moves (Writer *self,
             DjGame *game)
{
  const DjNode *root = dj_game_get_root (game);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  Frame first = { root, NULL, NULL };

  if (root->first_child == NULL && !dj_node_has_annotations (root))
    {
      g_string_append (self->out, "    <moves/>\n");
      return;
    }
  g_string_append (self->out, "    <moves>\n");
  if (dj_node_has_annotations (root))
    write_node (self->out, root);

  g_array_append_val (stack, first);
  while (stack->len > 0 && self->error == NULL)
    {
      Frame *f = &g_array_index (stack, Frame, stack->len - 1);

      if (f->main == NULL)
        {
          const DjNode *next = f->line->first_child;

          if (next == NULL)
            {
              g_array_set_size (stack, stack->len - 1);
              if (stack->len > 0)
                g_string_append (self->out, "      <variation-end/>\n");
              continue;
            }
          write_node (self->out, next);
          f->main = next;
          f->next_var = next->next_sibling;
        }
      if (f->next_var != NULL)
        {
          const DjNode *v = f->next_var;
          Frame frame = { v, NULL, NULL };

          f->next_var = v->next_sibling;
          g_string_append (self->out, "      <variation-start/>\n");
          write_node (self->out, v);
          g_array_append_val (stack, frame);
        }
      else
        {
          f->line = f->main;
          f->main = NULL;
        }
      maybe_flush (self);
    }
  g_string_append (self->out, "    </moves>\n");
}

static void
write_game (Writer *self,
            DjGame *game)
{
  const DjRules *rules = dj_game_get_rules (game);

  g_string_append (self->out, "  <game>\n");
  write_info (self->out, dj_game_get_info (game), dj_game_get_foreign_xml (game));
  g_string_append (self->out, "    <rules");
  attribute (self->out, "variant", dj_variant_to_string (rules->variant));
  if (rules->feeding != DJ_FEEDING_ON_STARVED_TURN)
    attribute (self->out, "feeding", dj_feeding_to_string (rules->feeding));
  g_string_append (self->out, "/>\n");
  if (dj_game_has_setup (game))
    write_setup (self->out, dj_game_get_start (game));
  write_moves (self, game);
  g_string_append (self->out, "  </game>\n");
}

gboolean
dj_xml_write_stream (DjCollection  *collection,
                     GOutputStream *stream,
                     GCancellable  *cancellable,
                     GError       **error)
{
  Writer self = { stream, cancellable, g_string_sized_new (FLUSH_SIZE + 4096), NULL };

  g_return_val_if_fail (DJ_IS_COLLECTION (collection), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_string_append (self.out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append_printf (self.out, "<djenon xmlns=\"%s\" version=\"%d\">\n",
                          DJ_XML_NAMESPACE, DJ_XML_VERSION);
  for (guint i = 0; i < dj_collection_get_n_games (collection) && self.error == NULL; i++)
    {
      write_game (&self, dj_collection_get_game (collection, i));
      maybe_flush (&self);
    }
  g_string_append (self.out, "</djenon>\n");
  flush (&self);
  g_string_free (self.out, TRUE);
  if (self.error != NULL)
    {
      g_propagate_error (error, self.error);
      return FALSE;
    }
  return TRUE;
}

char *
dj_xml_to_string (DjCollection *collection,
                  gsize        *len)
{
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  char *data;

  g_return_val_if_fail (DJ_IS_COLLECTION (collection), NULL);

  if (!dj_xml_write_stream (collection, stream, NULL, NULL) ||
      !g_output_stream_write_all (stream, "", 1, NULL, NULL, NULL) ||
      !g_output_stream_close (stream, NULL, NULL))
    return NULL;
  if (len != NULL)
    *len = g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (stream)) - 1;
  data = g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (stream));
  return data;
}

static gboolean
write_collection (GOutputStream  *stream,
                  gpointer        collection,
                  GCancellable   *cancellable,
                  GError        **error)
{
  return dj_xml_write_stream (collection, stream, cancellable, error);
}

gboolean
dj_xml_save_file (DjCollection  *collection,
                  GFile         *file,
                  GCancellable  *cancellable,
                  GError       **error)
{
  return dj_xml_save_file_full (collection, file, DJ_SAFE_SAVE_BACKUP, cancellable, error);
}

gboolean
dj_xml_save_file_full (DjCollection     *collection,
                       GFile            *file,
                       DjSafeSaveFlags   flags,
                       GCancellable     *cancellable,
                       GError          **error)
{
  g_return_val_if_fail (DJ_IS_COLLECTION (collection), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  {
    g_autofree char *name = g_file_get_parse_name (file);

    if (!dj_format_check_limits (collection, name, error))
      return FALSE;
  }
  if (!dj_safe_save (file, flags, write_collection, collection, cancellable, error))
    return FALSE;
  dj_collection_set_modified (collection, FALSE);
  return TRUE;
}

GBytes *
dj_xml_get_schema (void)
{
  static gsize registered = 0;

  /* In a static library the resource is registered by hand, once. */
  if (g_once_init_enter (&registered))
    {
      dj_formats_register_resource ();
      g_once_init_leave (&registered, 1);
    }
  /* Looked up among all registered resources, not in ours directly:
   * registration is lazy, and while another thread (GTK loading icons)
   * registers the pending resources, dj_formats_get_resource() can still
   * be NULL; g_resources_lookup_data() waits for that thread. */
  return g_resources_lookup_data ("/org/djenon/Djenon/formats/djenon-game.rng",
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
}
