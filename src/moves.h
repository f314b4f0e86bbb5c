/*
 * moves.h - the steps a grid's cells allow under a diagonal rule, a byte
 * a cell: bit d (enum in search_impl.h: N = 0, NE, E, ... clockwise)
 * set when a step from the cell in direction d enters a passable cell
 * and, for a diagonal, the rule lets it past the two cells beside it.
 * A*'s simple loops read that byte where they would read the cells
 * around a node (search_loop.h, the masked loops).
 */
#ifndef MOVES_H
#define MOVES_H

#include <stdint.h>

#include "map.h"
#include "search.h"

void	moves_build(uint8_t *, const struct grid *, enum diagrule);

#endif
