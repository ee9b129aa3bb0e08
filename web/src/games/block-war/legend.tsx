// The key to Block War's boards: every symbol board.tsx draws (its `data-symbol`), drawn the same
// way, with what it means. The glossary test renders real boards and fails on a symbol with no
// entry here.

import type { ComponentChildren } from 'preact';
import type { LegendEntry } from '../game-ui.ts';
import { COLOUR_LOOKS, PLAZA_FILL, ROOM_FILL, ROOM_LETTERS, shape } from './board.tsx';
import { UNIT_LETTERS } from './words.ts';

const Box = (props: { children: ComponentChildren }) => (
  <svg viewBox="-12 -12 24 24" width="28" height="28">
    {props.children}
  </svg>
);

const Square = ({ fill, letters }: { fill: string; letters?: string }) => (
  <Box>
    <rect x="-11" y="-11" width="22" height="22" fill={fill} stroke="var(--board-line)" />
    {letters && (
      <text x="-8" y="-2" font-size="8" fill="var(--board-ink)">
        {letters}
      </text>
    )}
  </Box>
);

const square = (symbol: string, name: string, text: string, fill: string, letters?: string): LegendEntry => ({ symbol, name, text, Picture: () => <Square fill={fill} letters={letters} /> });

/** The unit kinds' names, for the legend drawn before any content is fetched (the glossary has their skills). */
const KIND_NAMES: Record<string, string> = {
  ape: 'Ape', citizen: 'Citizen', 'citi-def': 'Citi-Def', eldster: 'Eldster', fatty: 'Fatty', juve: 'Juve', punk: 'Punk', scrawler: 'Scrawler', sniper: 'Sniper', ugly: 'Ugly',
  'robo-janitor': 'Robo-Janitor', 'human-janitor': 'Human Janitor', 'robo-doc': 'Robo-Doc', 'crazed-robo-doc': 'Crazed Robo-Doc', 'block-judge': 'Block Judge', 'street-judge': 'Street Judge', 'judge-dredd': 'Judge Dredd',
};
const kindName = (kind: string) => KIND_NAMES[kind] ?? kind;

const counter = (symbol: string, name: string, text: string, look: { fill: string; ink: string; shape: Parameters<typeof shape>[0] }, extra: { dashed?: boolean; wounded?: boolean } = {}): LegendEntry => ({
  symbol,
  name,
  text,
  Picture: () => (
    <Box>
      <path
        d={shape(look.shape, extra.wounded ? 8 : 10)}
        fill={look.fill}
        stroke={extra.dashed ? 'var(--board-selected)' : look.shape === 'badge' ? 'var(--bw-badge-edge)' : look.ink}
        stroke-width={extra.dashed ? 2 : 1.5}
        stroke-dasharray={extra.dashed ? '1 1.5' : undefined}
        opacity={extra.wounded ? 0.55 : 1}
        transform={extra.wounded ? 'rotate(90)' : undefined}
      />
    </Box>
  ),
});

export const BLOCK_WAR_LEGEND: readonly LegendEntry[] = [
  square('plaza-open', 'Plaza square', 'Open ground in the plaza: two squares cost 1 movement point.', PLAZA_FILL.open),
  square('plaza-step', 'Step (s)', 'The steps up to a block’s entrance. Judges and features are not placed here.', PLAZA_FILL.step, 's'),
  square('plaza-splat', 'Splat zone (z)', 'Where falling bodies land under the blocks: no judge or feature is placed here.', PLAZA_FILL.splat, 'z'),
  square('plaza-obstacle', 'Obstacle (dark square)', 'Blocks movement and the line of a shot across the plaza.', PLAZA_FILL.obstacle),
  square('plaza-centre', 'Centre (+)', 'The middle of the plaza, where Judge Dredd stands.', PLAZA_FILL.centre, '+'),
  square('block-room', 'Room', 'A square of a block: level 11 at the top, the entrances on level 1.', ROOM_FILL.room),
  square('block-lift', `Turbo lift (${ROOM_LETTERS.lift})`, 'Up to three squares in the lift cost 1 movement point.', ROOM_FILL.lift, ROOM_LETTERS.lift),
  square('block-janitors-office', `Janitor’s office (${ROOM_LETTERS['janitors-office']})`, 'Home of the block’s janitor; a block unit that walks in when there is none becomes the new janitor.', ROOM_FILL['janitors-office'], ROOM_LETTERS['janitors-office']),
  square('block-court', `Block court (${ROOM_LETTERS.court})`, 'Where the block judge starts.', ROOM_FILL.court, ROOM_LETTERS.court),
  square('block-hospital', `Block hospital (${ROOM_LETTERS.hospital})`, 'Where the robo-doc starts.', ROOM_FILL.hospital, ROOM_LETTERS.hospital),
  {
    symbol: 'section-line',
    name: 'Thick line',
    text: 'A section line or a floor: crossing a section costs 2 movement points, a level 3. Thin lines inside a section cost 1.',
    Picture: () => (
      <Box>
        <path d="M-11 0H11" stroke="var(--board-wall)" stroke-width="2.5" />
      </Box>
    ),
  },
  {
    symbol: 'statue',
    name: 'Civic statue (♜)',
    text: 'A block’s civic statue in the plaza; scrawling an enemy’s scores 5 fighting spirit.',
    Picture: () => (
      <Box>
        <text y="5" text-anchor="middle" font-size="14" fill="var(--board-ink)">
          ♜
        </text>
      </Box>
    ),
  },
  {
    symbol: 'hottie-stall',
    name: 'Hottie stall (⌂)',
    text: 'A fast-food stall in the plaza: a fatty next to one must roll 4 or more to get past.',
    Picture: () => (
      <Box>
        <text y="5" text-anchor="middle" font-size="14" fill="var(--board-ink)">
          ⌂
        </text>
      </Box>
    ),
  },
  {
    symbol: 'scrawl',
    name: 'Zigzag in a corner',
    text: 'A scrawl (graffiti): it scored its scrawler’s block 2 fighting spirit when it was made. Janitors clean them off.',
    Picture: () => (
      <Box>
        <path d="M-7 -4l3 6l3 -6l3 6l3 -6" fill="none" stroke="var(--bw-scrawl)" stroke-width="2" />
      </Box>
    ),
  },
  counter('counter-red', 'Red circle', 'A unit of the red block. The letters say its kind.', COLOUR_LOOKS.red),
  counter('counter-blue', 'Blue square', 'A unit of the blue block.', COLOUR_LOOKS.blue),
  counter('counter-green', 'Green triangle', 'A unit of the green block.', COLOUR_LOOKS.green),
  counter('counter-yellow', 'Yellow diamond', 'A unit of the yellow block.', COLOUR_LOOKS.yellow),
  counter('counter-judge', 'Black badge', 'A judge: block judge, street judge or Judge Dredd. Judges belong to no block.', { fill: 'var(--team-black)', ink: 'var(--on-team)', shape: 'badge' }),
  counter('counter-crazed', 'Dotted black edge', 'A crazed robo-doc: it keeps its colour but fights for no block.', COLOUR_LOOKS.red, { dashed: true }),
  counter('counter-wounded', 'Small, turned, faded counter', 'A wounded unit (wrecked, for a robot): it takes no part until healed.', COLOUR_LOOKS.blue, { wounded: true }),
  ...Object.entries(UNIT_LETTERS).map(([kind, letters]) => ({
    symbol: `unit-${kind}`,
    name: `${letters}: ${kindName(kind)}`,
    text: `The letters on a ${kindName(kind)} counter. Its skills are in the glossary.`,
    Picture: () => (
      <Box>
        <path d={shape('circle', 11)} fill="var(--board-token)" stroke="var(--board-soft-ink)" stroke-width="1.5" />
        <text y="3.5" text-anchor="middle" font-size="9" font-weight="700" fill="var(--on-token)">
          {letters}
        </text>
      </Box>
    ),
  })),
  {
    symbol: 'track-space',
    name: 'Justice track',
    text: 'Spaces 1 to 100: the control marker and every block’s fighting spirit move along it.',
    Picture: () => <Square fill="var(--board-paper)" />,
  },
  { symbol: 'track-badge', name: 'Shaded track space', text: 'A space with judge badges: control landing here brings judges onto the plaza.', Picture: () => <Square fill="var(--bw-track-badge)" /> },
  {
    symbol: 'track-counter',
    name: 'Small shape on the track',
    text: 'A block’s counter, in its colour and shape: its fighting spirit.',
    Picture: () => (
      <Box>
        <path d={shape('circle', 5)} fill={COLOUR_LOOKS.red.fill} stroke="var(--board-selected)" stroke-width="0.6" />
      </Box>
    ),
  },
  {
    symbol: 'control',
    name: 'Ringed C',
    text: 'The control marker: it moves one space at the end of every turn; the war ends if it reaches 100.',
    Picture: () => (
      <Box>
        <circle r="8" fill="none" stroke="var(--board-ink)" stroke-width="2.5" />
        <text y="3" text-anchor="middle" font-size="8" font-weight="700" fill="var(--board-ink)">
          C
        </text>
      </Box>
    ),
  },
];
