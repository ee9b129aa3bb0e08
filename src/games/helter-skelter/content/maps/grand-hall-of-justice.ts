// The Grand Hall of Justice — a RECONSTRUCTION, not the printed geometry (see docs/maps.md,
// which also says how to replace it). "A few balconies offer vantage points along the edges of
// the main plaza, but the main floor makes for dangerous crossing." (rulebook, "The Map")
//
// Top: the gallery (1, 20, 39), high ground, with a promontory (20) jutting over the plaza,
// between two walled offices (22, 18) entered from the side passages (37, 10). Left and right:
// balconies (23, 36 and 21, 32), high ground, climbed from the plaza, the side passages or the
// guard rooms in the corners (7, 3). Middle: the plaza, open floor around the statue of Justice
// (2), with two pillared stretches (19, 38) and a few riot barricades. Bottom: the entrance (5,
// the security desk), walled from the cloisters beside it (26, 24).
//
// The format is described in source.ts: `|` and `--` are walls.

import type { MapSource } from './source.ts';

export const grandHallOfJustice: MapSource = {
  id: 'grand-hall-of-justice',
  name: 'The Grand Hall of Justice',
  art: `
    22 22 22 22|01 01 01 01 01 20 20 20 20 39 39 39 39 39|18 18 18 18

    22 22 22 22|01 01 01 01 01 20 20 20 20 39 39 39 39 39|18 18 18 18
          --+--                                           --+--
    37 37|16 16 16 35 35 35 14 14 20 20 33 33 33 12 12 12 31 31|10 10

    37 37|16 16 16 35 35 35 14 14 14 33 33 33 12 12 12 12 31 31|10 10

    37 37|16 16 35 35 35 14 14 14 14 33 33 33 12 12 12 31 31 31|10 10

    37 37 29 29 29 08 08 08 27 27 14 33 06 06 25 25 25 04 04 04 10 10

    23 23 29 29 29 08 08 08 27 27 02 02 06 06 25 25 25 04 04 04 21 21

    23 23 29 29 08 08 08 27 27 27 02 02 06 06 06 25 25 04 04 04 21 21
          --+--                                           --+--
    23 23 40 40 40 19 19 19 27 27 02 02 06 38 38 38 17 17 17 17 21 21

    23 23 40 40 40 19 19 19 27 27 02 02 06 06 38 38 38 17 17 17 21 21

    36 36 40 40 19 19 19 15 15 15 34 34 13 13 38 38 38 17 17 17 32 32

    36 36 11 11 11 30 30 15 15 15 34 34 13 13 13 09 09 28 28 28 32 32

    36 36 11 11 11 30 30 30 15 15 34 34 13 13 09 09 09 28 28 28 32 32

    36 36 11 11 30 30 30 30 15 15 34 34 13 13 09 09 09 28 28 28 32 32
          --       --+--                         --+--       --
    07 07 07 07|26 26 26 26 26|05 05 05 05|24 24 24 24 24|03 03 03 03

    07 07 07 07|26 26 26 26 26|05 05 05 05|24 24 24 24 24|03 03 03 03
`,
  // The statue (2), the pillars (19, 38) and the security desk (5): little cover on the floor.
  cover: [2, 5, 19, 38],
  // The gallery (1, 20, 39) and the side balconies (23, 36, 21, 32).
  highGround: [1, 20, 21, 23, 32, 36, 39],
};
