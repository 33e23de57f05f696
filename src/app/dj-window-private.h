/* dj-window-private.h: what the files of the main window share
 *
 * The window is split by concern, as gnome-text-editor splits its own:
 * dj-window.c (the document and game shown, the board, title and status),
 * dj-window-actions.c (the win.* actions and keys), dj-window-files.c
 * (open, save, recent games, closing), dj-window-drafts.c (drafts left by
 * a crash) and dj-window-dnd.c (files, and games from the Library window,
 * dropped on the window).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-action-host.h"
#include "dj-analysis-panel.h"
#include "dj-board.h"
#include "dj-document.h"
#include "dj-window.h"

G_BEGIN_DECLS

struct _DjWindow
{
  AdwApplicationWindow parent_instance;

  /* template */
  AdwToastOverlay *toast_overlay;
  AdwWindowTitle  *window_title;
  AdwFlap         *flap;
  GtkBox          *board_box;
  GtkLabel        *status_label;
  GtkLabel        *last_move_label;
  DjStudyPane     *study_pane;
  GtkMenuButton   *menu_button;
  GMenuModel      *primary_menu;
  GtkWindow       *shortcuts;     /* built when first asked for (weak) */
  GMenu           *recent_section;
  GMenu           *recent_submenu_section;
  GtkWidget       *moves_button;
  GtkBox          *banner_box;
  GtkInfoBar      *disk_bar;      /* the file changed on disk: Reload */
  GtkLabel        *disk_label;

  GtkWidget       *board;
  GSettings       *settings;

  /* Analysis: the panel beside the board, game review, play against the engine */
  GtkWidget       *analysis_panel;
  GtkWidget       *explorer_pane;
  GtkWidget       *review;
  GtkWidget       *play_engine;
  GtkWidget       *learn_mistakes;
  gboolean         learn_hid_analysis;  /* panels hidden while training */
  gboolean         learn_hid_explorer;

  /* The document shown, and the game of it on the board */
  DjDocument      *document;
  GSignalGroup    *document_signals;
  DjGame          *game;
  GSignalGroup    *game_signals;

  /* When the current position was reached (for live move times). */
  gint64           last_move_time;

  char            *last_toast;
  char            *status;
  char            *last_move_text;

  GtkFileChooserNative *chooser;
  gboolean         close_confirmed;
  guint            folded_idle;
};

/* dj-window.c */
char     *_dj_window_get_display_name      (GFile          *file);
char     *_dj_window_get_game_title        (DjWindow       *self);
void      _dj_window_update_title          (DjWindow       *self);

/* dj-window-actions.c */
void      _dj_window_class_add_actions     (GtkWidgetClass *widget_class);
void      _dj_window_add_shortcuts         (DjWindow       *self);
void      _dj_window_add_study_actions     (DjWindow       *self);
/* The window as the print and study actions see it (dj-action-host.h). */
void      _dj_window_action_host_init      (DjActionHostInterface *iface);
void      _dj_window_update_actions        (DjWindow       *self);

/* dj-window-files.c */
typedef void (*DjWindowThen) (DjWindow *self,
                              gpointer  data);

void      _dj_window_class_add_file_actions (GtkWidgetClass *widget_class);
void      _dj_window_init_recent           (DjWindow       *self);
/* The bar that says another program changed the file, with Reload. */
void      _dj_window_init_disk_bar         (DjWindow       *self);
/* Runs @then (with @data, freed by @destroy) now when nothing would be
 * lost, else after the user chose to save or to discard the changes. */
void      _dj_window_confirm_discard       (DjWindow       *self,
                                            DjWindowThen    then,
                                            gpointer        data,
                                            GDestroyNotify  destroy);
gboolean  _dj_window_close_request         (GtkWindow      *window);

/* dj-window.c: game @number (from 1) of the file at @path opens as the
 * Library window's Open opens it (in the window that has the file open,
 * else in a new one). */
void      _dj_window_open_library_game     (DjWindow       *self,
                                            const char     *path,
                                            guint           number);

/* dj-window-dnd.c */
void      _dj_window_init_dnd              (DjWindow       *self);

G_END_DECLS
