/* dj-cli-diagram.c: diagram and sheet, pictures of positions and game sheets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "dj-cli.h"
#include "dj-diagram.h"
#include "dj-notation.h"
#include "dj-sheet.h"
#include "dj-xml.h"

/* A game file by its extension: .djenon is XML, .txt and .djn are text. */
static DjCollection *
load_games (const char  *name,
            GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (name);

  if (g_str_has_suffix (name, ".txt") || g_str_has_suffix (name, ".djn"))
    {
      g_autofree char *text = NULL;
      g_autoptr(GError) local = NULL;
      gsize len;

      if (!g_file_load_contents (file, NULL, &text, &len, NULL, &local))
        {
          g_set_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO,
                       _("%s: cannot read the file: %s"), name, local->message);
          return NULL;
        }
      return dj_notation_parse (text, len, name, error);
    }
  if (!g_str_has_suffix (name, DJ_XML_EXTENSION))
    {
      g_set_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO,
                   _("%s: unknown file type: use .djenon, .txt or .djn"), name);
      return NULL;
    }
  return dj_xml_load_file (file, NULL, error);
}

/* Writes @bytes to @output through the safe save, or to the standard
 * output for "-".  The exit status: DJ_CLI_OK or DJ_CLI_SAVE_FAILED. */
static int
write_output (const char *output,
              GBytes     *bytes,
              gboolean    force)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  const void *data;
  gsize len;

  data = g_bytes_get_data (bytes, &len);
  if (strcmp (output, "-") == 0)
    {
      if (fwrite (data, 1, len, stdout) != len || fflush (stdout) != 0)
        {
          g_printerr (_("Cannot write to the standard output\n"));
          return DJ_CLI_SAVE_FAILED;
        }
      return DJ_CLI_OK;
    }
  file = g_file_new_for_commandline_arg (output);
  if (!dj_safe_save_bytes (file, force ? DJ_SAFE_SAVE_FORCE : DJ_SAFE_SAVE_NONE, data, len,
                           NULL, &error))
    {
      dj_cli_print_save_error (error);
      return DJ_CLI_SAVE_FAILED;
    }
  return DJ_CLI_OK;
}

static DjGame *
pick_game (DjCollection *collection,
           const char   *name,
           int           number)
{
  if (number < 1 || (guint) number > dj_collection_get_n_games (collection))
    {
      g_printerr (_("%s holds %u games; there is no game %d\n"), name,
                  dj_collection_get_n_games (collection), number);
      return NULL;
    }
  return dj_collection_get_game (collection, number - 1);
}

int
dj_cli_diagram (int    argc,
                char **argv)
{
  int game_number = 1, size = DJ_DIAGRAM_DEFAULT_SIZE;
  g_autofree char *move = NULL, *output = NULL, *setup = NULL, *feeding = NULL;
  g_autofree char *format_name = NULL;
  gboolean caption = FALSE, flip = FALSE, force = FALSE;
  const GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_INT, &game_number, N_("Which game of the file (from 1)"),
      N_("N") },
    { "move", 0, 0, G_OPTION_ARG_STRING, &move,
      N_("The position after N moves of the main line, or after moves from the start "
         "(“c D b”); the end of the main line by default"), N_("PATH") },
    { "setup", 0, 0, G_OPTION_ARG_STRING, &setup, N_("The position (with VARIANT)"),
      N_("POS") },
    { "feeding", 0, 0, G_OPTION_ARG_STRING, &feeding,
      N_("Djenon-abe's feeding rule (with VARIANT)"), N_("RULE") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The picture to write (.png or .svg; - for the standard output)"), N_("FILE") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_name,
      N_("png or svg, for the standard output"), N_("FORMAT") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replace the output even if it is read-only"),
      NULL },
    { "size", 0, 0, G_OPTION_ARG_INT, &size, N_("Width in pixels (default 640)"), N_("PX") },
    { "caption", 0, 0, G_OPTION_ARG_NONE, &caption,
      N_("Write the move, the players and the side to move under the board"), NULL },
    { "flip", 0, 0, G_OPTION_ARG_NONE, &flip, N_("North's row at the bottom"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("FILE | VARIANT — a picture of a position"));
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_auto(DjDiagram) diagram = { 0 };
  DjDiagramFormat format;
  DjVariant variant;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_USAGE;
    }
  if (argc != 2 || output == NULL)
    {
      g_printerr (_("Usage: djenon-cli diagram (FILE [--game N] [--move PATH] | "
                    "VARIANT [--setup POS]) --output OUT.svg|OUT.png [--size PX] "
                    "[--caption] [--flip]\n"));
      return DJ_CLI_USAGE;
    }
  if (strcmp (output, "-") == 0 && format_name == NULL)
    {
      g_printerr (_("--output -: give the picture type with --format png or --format svg\n"));
      return DJ_CLI_USAGE;
    }
  if (format_name != NULL)
    {
      g_autofree char *dotted = g_strconcat (".", format_name, NULL);

      if (!dj_diagram_format_from_name (dotted, &format, NULL))
        {
          g_printerr (_("--format: “%s” is not png or svg\n"), format_name);
          return DJ_CLI_USAGE;
        }
    }
  else if (!dj_diagram_format_from_name (output, &format, &error))
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_USAGE;
    }
  if (size < DJ_DIAGRAM_MIN_SIZE || size > DJ_DIAGRAM_MAX_SIZE)
    {
      g_printerr (_("--size: a picture is %d to %d pixels wide, not %d\n"),
                  DJ_DIAGRAM_MIN_SIZE, DJ_DIAGRAM_MAX_SIZE, size);
      return DJ_CLI_USAGE;
    }

  if (dj_variant_from_string (argv[1], &variant))
    {
      DjRules rules;
      DjPosition pos;

      if (move != NULL)
        {
          g_printerr (_("--move needs a game file, not a variant\n"));
          return DJ_CLI_USAGE;
        }
      if (!dj_cli_parse_rules (argv[1], feeding, &rules) || !dj_cli_parse_setup (setup, &pos))
        return DJ_CLI_USAGE;
      dj_diagram_init (&diagram, &rules, &pos);
      if (caption)
        dj_diagram_set_caption (&diagram, pos.to_move == DJ_SOUTH ? _("South to move")
                                                                : _("North to move"));
    }
  else
    {
      DjGame *game;
      DjNode *node;

      if (setup != NULL || feeding != NULL)
        {
          g_printerr (_("--setup and --feeding go with a variant, not a file: “%s” is not "
                        "aboure or abe\n"), argv[1]);
          return DJ_CLI_USAGE;
        }
      collection = load_games (argv[1], &error);
      if (collection == NULL)
        {
          g_printerr ("%s\n", error->message);
          return DJ_CLI_INVALID;
        }
      game = pick_game (collection, argv[1], game_number);
      if (game == NULL)
        return DJ_CLI_USAGE;
      if (move != NULL)
        node = dj_sheet_find_node (game, move, &error);
      else
        node = dj_node_get_line_end (dj_game_get_root (game));
      if (node == NULL)
        {
          g_printerr ("%s: %s\n", argv[1], error->message);
          return DJ_CLI_USAGE;
        }
      dj_diagram_init_from_node (&diagram, game, node);
      if (caption)
        {
          g_autofree char *text = dj_diagram_caption_for_node (game, node);

          dj_diagram_set_caption (&diagram, text);
        }
    }
  diagram.flipped = flip;

  bytes = dj_diagram_render (&diagram, format, size, &error);
  if (bytes == NULL)
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_USAGE;
    }
  return write_output (output, bytes, force);
}

int
dj_cli_sheet (int    argc,
              char **argv)
{
  int game_number = 1, every = 0;
  g_autofree char *output = NULL, *paper = NULL;
  gboolean force = FALSE;
  g_auto(GStrv) at = NULL;
  const GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_INT, &game_number, N_("Which game of the file (from 1)"),
      N_("N") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The PDF file to write (- for the standard output)"), N_("FILE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replace the output even if it is read-only"),
      NULL },
    { "every", 0, 0, G_OPTION_ARG_INT, &every,
      N_("A diagram after every N moves of the main line"), N_("N") },
    { "diagram", 0, 0, G_OPTION_ARG_STRING_ARRAY, &at,
      N_("A diagram after this move (as --move of diagram; may be repeated)"), N_("PATH") },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &paper, N_("a4 (default) or letter"), N_("SIZE") },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("FILE — a game sheet as PDF: information, notation, diagrams"));
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = NULL;
  g_autoptr(GPtrArray) nodes = g_ptr_array_new ();
  g_autoptr(DjSheet) sheet = NULL;
  g_autoptr(GBytes) bytes = NULL;
  DjSheetOptions options;
  DjGame *game;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_USAGE;
    }
  if (argc != 2 || output == NULL)
    {
      g_printerr (_("Usage: djenon-cli sheet FILE [--game N] [--every N] [--diagram PATH]… "
                    "[--paper a4|letter] --output OUT.pdf\n"));
      return DJ_CLI_USAGE;
    }
  if (strcmp (output, "-") != 0 && !g_str_has_suffix (output, ".pdf") &&
      !g_str_has_suffix (output, ".PDF"))
    {
      g_printerr (_("%s: a game sheet is written as PDF (.pdf)\n"), output);
      return DJ_CLI_USAGE;
    }
  if (every < 0 || every > 10000)
    {
      g_printerr (_("--every: %d is not a number of moves\n"), every);
      return DJ_CLI_USAGE;
    }
  dj_sheet_options_init (&options);
  if (paper != NULL && g_ascii_strcasecmp (paper, "letter") == 0)
    {
      options.page_width = DJ_SHEET_LETTER_WIDTH;
      options.page_height = DJ_SHEET_LETTER_HEIGHT;
    }
  else if (paper != NULL && g_ascii_strcasecmp (paper, "a4") != 0)
    {
      g_printerr (_("--paper: “%s” is not a4 or letter\n"), paper);
      return DJ_CLI_USAGE;
    }

  collection = load_games (argv[1], &error);
  if (collection == NULL)
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_INVALID;
    }
  game = pick_game (collection, argv[1], game_number);
  if (game == NULL)
    return DJ_CLI_USAGE;
  for (guint i = 0; at != NULL && at[i] != NULL; i++)
    {
      DjNode *node = dj_sheet_find_node (game, at[i], &error);

      if (node == NULL)
        {
          g_printerr ("%s: %s\n", argv[1], error->message);
          return DJ_CLI_USAGE;
        }
      g_ptr_array_add (nodes, node);
    }
  options.every = every;
  options.at = nodes;

  sheet = dj_sheet_new (game, &options, &error);
  if (sheet == NULL)
    {
      g_printerr ("%s: %s\n", argv[1], error->message);
      return DJ_CLI_USAGE;
    }
  bytes = dj_sheet_render_pdf (sheet, &error);
  if (bytes == NULL)
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_USAGE;
    }
  return write_output (output, bytes, force);
}
