// City Blocks Dan Tanna and Enid Blyton — a RECONSTRUCTION, not the printed geometry (see
// docs/maps.md, which also says how to replace it). "The rooftop of Dan Tanna block offers a good
// amount of cover, while the rooms of Enid Blyton block ensure fighting is up-close and personal."
// (rulebook, "The Map")
//
// Left, columns 0–9: Dan Tanna's rooftop — open roof scattered with cover (vents, air-con plant,
// water tanks), a light well (a fall) in the middle, and a walled stair head (34) that opens only
// to the east and south. Columns 10–11: the drop between the blocks, falls, crossed by two
// bridges (11 and 31). Right, columns 12–21: Enid Blyton's rooms along a corridor (28, 29, 39,
// 18), each room walled off with a single doorway; the block's outer wall faces the drop.
//
// The format is described in source.ts: `..`/`.a`/`.b` are falls, `|` and `--` are walls.

import type { MapSource } from './source.ts';

export const danTannaEnidBlyton: MapSource = {
  id: 'dan-tanna-enid-blyton',
  name: 'City Blocks Dan Tanna and Enid Blyton',
  art: `
    23 23 23 32 32 32 01 01 10 10 .. .. 19 19 19 19|28 28|37 37 37 37

    23 23 23 32 32 32 01 01 10 10 .. .. 19 19 19 19 28 28 37 37 37 37
                                        --+--+--+--       --+--+--+--
    23 23 23 32 32 01 01 01 10 10 .. ..|06 06 06 06|28 28 15 15 15 15
    --+--             --+--
    24 24 24 33 33 02 02 02 10 11 11 11 11 06 06 06 28 28|15 15 15 15
                                                          --+--    --
    24 24 24 33 33 02 02 02 20 11 11 11 11 06 06 06|29 29|38 38 38 38
                                        --+--+--+--
    24 24 33 33 33 02 02 20 20 20 .a .a 07 07 07 07|29 29 38 38 38 38
                      --                                  --+--+--+--
    16 16 16 16 25 25|34|20 20 20 .a .a 07 07 07 07 29 29|03 03 03 03
                         --             --    --+--
    16 16 16 .. .. 25|34 34 12 12 .a .a|21 21 21 21|29 29 03 03 03 03
                                                                --+--
    30 30 30 .. .. 25|34 34 12 12 .b .b|21 21 21 21 39 39|03 03|08 08
                                              --+--       --+--
    30 30 30 25 25 25|34 34 12 12 .b .b|21 21|17 17 39 39 08 08 08 08
    --+--                               --+--                   --
    26 26 26 35 35 35 04 04 13 13 .b .b|17 17 17 17|39 39|08 08|22 22
                                        --+--+--+--       --
    26 26 26 35 35 35 04 04 13 31 31 31 31 40 40 40|39 39 22 22 22 22
                                                                --+--
    26 26 09 35 35 35 04 13 13 31 31 31 31 40 40 40 18 18|22 22|27 27
                                                          --+--
    09 09 09 09 36 36 04 13 13 13 .. ..|40 40 40 40|18 18 27 27 27 27
                                        --+--+--+--             --
    09 09 09 36 36 36 04 04 13 .. .. .. 05 05 05 05 18 18|27 27|14 14
                                                          --+--
    09 09 36 36 36 36 04 04 13 .. .. .. 05 05 05 05|18 18 14 14 14 14
`,
  // Rooftop: 2, 10, 12, 13, 25, 32, 35, 36. Enid Blyton's furnished rooms: 7, 22.
  cover: [2, 7, 10, 12, 13, 22, 25, 32, 35, 36],
  highGround: [],
  // Printed by the doorways of the corridor's south end and of the corner room.
  designationPoints: [
    { space: 18, row: 14, col: 16 },
    { space: 14, row: 15, col: 19 },
  ],
};
