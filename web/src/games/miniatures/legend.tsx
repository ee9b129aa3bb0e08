// The key to the Miniatures table: every symbol table-top.tsx and sight-lines.tsx draw (their
// `data-symbol`), drawn the same way, with what it means. The glossary test renders real tables
// and fails on a symbol with no entry here.

import type { ComponentChildren } from 'preact';
import type { LegendEntry } from '../game-ui.ts';
import { LOOK } from './sight-lines.tsx';
import { COVER_STROKE, SIDE_LOOKS, TERRAIN_FILL } from './table-top.tsx';

// The table's own units are hundredths of an inch: the pictures use the same strokes at that scale.
const Box = (props: { children: ComponentChildren }) => (
  <svg viewBox="-120 -120 240 240" width="28" height="28">
    {props.children}
  </svg>
);

const terrain = (type: keyof typeof TERRAIN_FILL, name: string, text: string): LegendEntry => ({
  symbol: `terrain-${type}`,
  name,
  text,
  Picture: () => (
    <Box>
      <rect x="-100" y="-100" width="200" height="200" fill={TERRAIN_FILL[type]} stroke="var(--board-ink)" stroke-width="6" />
    </Box>
  ),
});

const cover = (kind: keyof typeof COVER_STROKE, name: string, text: string): LegendEntry => ({
  symbol: `cover-${kind}`,
  name,
  text,
  Picture: () => (
    <Box>
      <rect x="-90" y="-90" width="180" height="180" fill={TERRAIN_FILL.clear} stroke="var(--board-ink)" stroke-width={COVER_STROKE[kind].width} stroke-dasharray={COVER_STROKE[kind].dash} />
    </Box>
  ),
});

const side = (seat: 0 | 1, text: string): LegendEntry => {
  const look = SIDE_LOOKS[seat];
  return {
    symbol: `model-${look.mark}`,
    name: `${look.words[0]!.toUpperCase()}${look.words.slice(1)} base`,
    text,
    Picture: () => (
      <Box>
        <circle r="90" fill={look.fill} stroke="var(--board-selected)" stroke-width="8" />
        {look.mark === 'ring' ? <circle r="72" fill="none" stroke={look.ink} stroke-width="10" /> : <rect x="-76" y="36" width="152" height="18" fill={look.ink} />}
      </Box>
    ),
  };
};

const sight = (kind: keyof typeof LOOK, name: string, text: string): LegendEntry => ({
  symbol: `sight-${kind}`,
  name,
  text,
  Picture: () => (
    <Box>
      <line x1="-100" y1="60" x2="100" y2="-60" stroke={LOOK[kind].stroke} stroke-width="12" stroke-dasharray={LOOK[kind].dash ? LOOK[kind].dash.split(' ').map((n) => Number(n) * 2).join(' ') : ''} />
    </Box>
  ),
});

export const MINIATURES_LEGEND: readonly LegendEntry[] = [
  {
    symbol: 'table-edge',
    name: 'Thick black border',
    text: 'The table’s edge: no model may cross it or be pushed over it.',
    Picture: () => (
      <Box>
        <rect x="-100" y="-100" width="200" height="200" fill="var(--mn-table)" stroke="var(--board-ink)" stroke-width="20" />
      </Box>
    ),
  },
  terrain('clear', 'Pale fill: clear ground', 'Open ground: no effect on movement.'),
  terrain('difficult', 'Tan fill: difficult terrain', 'Crossing it halves the Move for the whole action.'),
  terrain('dangerous', 'Orange fill: dangerous terrain', 'Like difficult terrain; a model that crossed or stands in it after an action must pass an Agility check or lose a Hit.'),
  terrain('impassable', 'Dark grey fill: impassable', 'No model may cross it.'),
  cover('heavy', 'Solid thick outline: heavy cover', 'A model more than half hidden by it has heavy cover: +3 Agility and +3 Armour against shots. It blocks sight through it.'),
  cover('light', 'Long dashes: light cover', 'A model more than half hidden by it has light cover: +3 Agility against shots.'),
  cover('none', 'Short dashes: no cover', 'Terrain that hides nothing.'),
  side(0, 'A model of the first side: a blue base with a white ring, and its initials.'),
  side(1, 'A model of the second side: a red base with a white bar, and its initials.'),
  {
    symbol: 'model-hits',
    name: 'Red figures above a base',
    text: 'A wounded model: the Hits it has left of its full Hits.',
    Picture: () => (
      <Box>
        <text y="30" text-anchor="middle" font-size="110" fill="var(--board-hurt)" font-weight="bold">
          1/2
        </text>
      </Box>
    ),
  },
  {
    symbol: 'model-removed',
    name: 'Crossed, faded base',
    text: 'A removed model: it has lost all its Hits.',
    Picture: () => (
      <Box>
        <g opacity="0.35">
          <circle r="90" fill={SIDE_LOOKS[1].fill} stroke="var(--board-selected)" stroke-width="8" />
        </g>
        <path d="M-90 -90L90 90M90 -90L-90 90" stroke="var(--board-selected)" stroke-width="14" />
      </Box>
    ),
  },
  {
    symbol: 'model-selected',
    name: 'Orange ring',
    text: 'The model selected to act.',
    Picture: () => (
      <Box>
        <circle r="90" fill="none" stroke="var(--board-attention)" stroke-width="16" />
      </Box>
    ),
  },
  {
    symbol: 'path',
    name: 'Blue line with a white dot',
    text: 'The path being drawn for a Move or Melee, ending at the dot, with its length; the rules accept it.',
    Picture: () => (
      <Box>
        <polyline points="-100,60 0,-20 80,-40" fill="none" stroke="var(--mn-path)" stroke-width="16" />
      </Box>
    ),
  },
  {
    symbol: 'path-refused',
    name: 'Red dashed path',
    text: 'A path the rules refuse (too long, over a base, through impassable terrain); the reason is shown beside it.',
    Picture: () => (
      <Box>
        <polyline points="-100,60 0,-20 80,-40" fill="none" stroke="var(--mn-refused)" stroke-width="16" stroke-dasharray="40 25" />
      </Box>
    ),
  },
  sight('clear', 'Green solid sight line', 'While aiming a shot: a line from the shooter’s eye to a point of the target that nothing hides.'),
  sight('light', 'Orange dashed sight line', 'A sight line through light cover (or another model).'),
  sight('heavy', 'Purple dashed sight line', 'A sight line through heavy cover the target stands in.'),
  sight('blocked', 'Red dotted sight line', 'A sight line blocked by heavy terrain. If every line is blocked, the target is out of sight.'),
];
