/* dj-board-private.h: what the board's files share (not for other widgets)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-board.h"
#include "dj-board-markup.h"
#include "dj-pit.h"

G_BEGIN_DECLS

/* The board's proportions, in pit cells (u). */
#define PAD         0.18f   /* wood around everything */
#define STORE_W     1.15f   /* each side's captures */
#define GAP         0.20f   /* between a store and the pits */
#define STRIP       0.36f   /* pit letters and side names */
#define PIT_D       0.84f   /* a pit's diameter in its cell */
#define MARGIN      0.12f   /* room for the board's shadow */
#define BOARD_W     (2 * PAD + 2 * STORE_W + 2 * GAP + DJ_ROW_PITS)
#define BOARD_H     (2 * PAD + 2 * STRIP + 2)
#define TOTAL_W     (BOARD_W + 2 * MARGIN)
#define TOTAL_H     (BOARD_H + 2 * MARGIN)
#define MIN_UNIT    48      /* the smallest board whose counts read well */
#define NAT_UNIT    80
/* How high seeds in the hand float above a pit. */
#define HAND_RISE   0.40f

struct _DjBoard
{
  GtkWidget         parent_instance;

  DjGame           *game;
  GSignalGroup     *game_signals;
  DjBoardScene     *scene;
  GtkWidget        *pits[DJ_N_PITS];
  DjAnimationSpeed  speed;
  /* What does not change from move to move is drawn once: the wood, each
   * state of each pit, seed piles and heaps. */
  DjPictureCache   *pictures;
  DjBoardTexts     *texts;      /* the labels' and counts' layouts, shared with the pits */
  GskRenderNode    *pit_nodes[DJ_N_PITS];     /* the pit's own node last drawn … */
  GskRenderNode    *pit_pictures[DJ_N_PITS];  /* … and its picture, unplaced */
  guint             tick_id;
  gint64            anim_start;
  char             *description;
  char             *busy_text;
  DjBoardMarkup    *markup;     /* marks, arrows and labels from the user */
};

/* Where everything is for the board's current size (dj-board-draw.c). */
typedef struct
{
  float           u;
  graphene_rect_t board;
  graphene_rect_t cells;      /* the 6 × 2 pit cells */
  graphene_rect_t stores[2];  /* left and right columns, labels included */
} DjBoardGeometry;

void             dj_board_geometry_compute (DjBoard               *self,
                                            DjBoardGeometry       *g);
graphene_point_t dj_board_pit_center       (DjBoard               *self,
                                            const DjBoardGeometry *g,
                                            guint                  pit);

/* GtkWidget vfuncs of the board's drawing and layout (dj-board-draw.c). */
void             dj_board_draw_snapshot    (GtkWidget             *widget,
                                            GtkSnapshot           *snapshot);
void             dj_board_draw_measure     (GtkWidget             *widget,
                                            GtkOrientation         orientation,
                                            int                    for_size,
                                            int                   *minimum,
                                            int                   *natural,
                                            int                   *minimum_baseline,
                                            int                   *natural_baseline);
void             dj_board_draw_allocate    (GtkWidget             *widget,
                                            int                    width,
                                            int                    height,
                                            int                    baseline);
/* Drops the pictures and text layouts drawn for the current renderer. */
void             dj_board_forget_pictures  (DjBoard               *self);
/* Loads the board's stylesheet into @display once. */
void             dj_board_ensure_style     (GdkDisplay            *display);

G_END_DECLS
