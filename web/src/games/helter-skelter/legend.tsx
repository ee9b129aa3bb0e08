// The key to Helter Skelter's board: every symbol board.tsx draws (its `data-symbol`), drawn the
// same way, with what it means. The glossary test renders real boards and fails on a symbol with
// no entry here.

import type { ComponentChildren } from 'preact';
import type { LegendEntry } from '../game-ui.ts';
import type { Team } from './api.ts';
import { TEAM_LOOKS, TEAMS, shapePath } from './teams.tsx';

const Box = (props: { children: ComponentChildren }) => (
  <svg viewBox="-12 -12 24 24" width="28" height="28">
    {props.children}
  </svg>
);

const Hatch = ({ ground, line, angle }: { ground: string; line: string; angle: number }) => (
  <Box>
    <defs>
      <pattern id={`legend-${angle}`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform={`rotate(${angle})`}>
        <rect width="6" height="6" fill={ground} />
        <line x1="0" y1="0" x2="0" y2="6" stroke={line} stroke-width={angle > 0 ? 2 : 3} />
      </pattern>
    </defs>
    <rect x="-11" y="-11" width="22" height="22" fill={`url(#legend-${angle})`} stroke="var(--board-soft-ink)" />
  </Box>
);

function figure(team: Team): LegendEntry {
  const look = TEAM_LOOKS[team];
  return {
    symbol: `figure-${team}`,
    name: `${look.name}: ${look.shape}, “${look.letter}”`,
    text: `A character of ${look.name}: a ${look.shape} in the team’s colour, with the first letters of the character’s name. ${
      team === 'dark-judges' ? 'The Dark Judges are the black hexagons, in a solo game too. ' : ''
    }The shape and letter tell the teams apart without colour.`,
    Picture: () => (
      <Box>
        <path d={shapePath(look.shape, 9)} fill={look.colour} stroke="var(--on-team)" stroke-width="1.5" />
        <text y="3.5" text-anchor="middle" font-size="9" font-weight="700" fill="var(--on-team)">
          {look.letter}
        </text>
      </Box>
    ),
  };
}

export const HELTER_SKELTER_LEGEND: readonly LegendEntry[] = [
  {
    symbol: 'space',
    name: 'Space',
    text: 'One of the map’s forty spaces, its cells outlined together. Figures and fragments stand on spaces.',
    Picture: () => (
      <Box>
        <rect x="-11" y="-11" width="22" height="22" fill="var(--board-ground)" stroke="var(--board-soft-ink)" />
      </Box>
    ),
  },
  {
    symbol: 'designation',
    name: 'Space number',
    text: 'The space’s number, as the map cards and the log name it.',
    Picture: () => (
      <Box>
        <text y="4" text-anchor="middle" font-size="11" font-weight="700" fill="var(--board-ink)">
          17
        </text>
      </Box>
    ),
  },
  {
    symbol: 'cover',
    name: 'Cover (number in a black circle)',
    text: 'A cover space: a character here may make the COVER defence against SNIPE and SHOTGUN, and the space blocks sight between others (not from high ground).',
    Picture: () => (
      <Box>
        <circle r="9" fill="var(--board-mark)" />
        <text y="4" text-anchor="middle" font-size="11" font-weight="700" fill="var(--on-board-mark)">
          8
        </text>
      </Box>
    ),
  },
  { symbol: 'high-ground', name: 'High ground (light hatching)', text: 'High ground: CLIMB (two cards) to get up onto it from ordinary ground; it changes line of sight.', Picture: () => <Hatch ground="var(--hs-high-ground)" line="var(--hs-high-ground-line)" angle={45} /> },
  { symbol: 'fall', name: 'Fall (dark hatching)', text: 'A fall: no one may stand here. FLY may pass over it; for SHOTGUN’s range it counts as a space.', Picture: () => <Hatch ground="var(--hs-fall)" line="var(--hs-fall-line)" angle={-45} /> },
  {
    symbol: 'border',
    name: 'Thin line',
    text: 'The border between two spaces: spaces that share one are neighbours.',
    Picture: () => (
      <Box>
        <path d="M-11 0H11" stroke="var(--board-soft-ink)" stroke-width="1" />
      </Box>
    ),
  },
  {
    symbol: 'wall',
    name: 'Wall (thick yellow and black line)',
    text: 'A wall: no moving through it, and it blocks line of sight. Spaces on either side are not neighbours.',
    Picture: () => (
      <Box>
        <path d="M-11 0H11" stroke="var(--board-wall)" stroke-width="6" />
        <path d="M-11 0H11" stroke="var(--hs-wall-core)" stroke-width="3" />
      </Box>
    ),
  },
  {
    symbol: 'fragment',
    name: 'Fragment (small white hexagon)',
    text: 'A fragment of reality, outlined in its team’s colour with its letter. Only that team may collect it, for a point.',
    Picture: () => (
      <Box>
        <path d="M0 -9 L8 -4.5 L8 4.5 L0 9 L-8 4.5 L-8 -4.5 Z" fill="var(--board-token)" stroke={TEAM_LOOKS.judges.colour} stroke-width="2.5" />
        <text y="3.5" text-anchor="middle" font-size="9" font-weight="700" fill={TEAM_LOOKS.judges.colour}>
          J
        </text>
      </Box>
    ),
  },
  ...TEAMS.map(figure),
  {
    symbol: 'health',
    name: 'Health squares',
    text: 'Under a figure: one square per point of starting health, green for each cube left.',
    Picture: () => (
      <Box>
        {[0, 1, 2].map((i) => (
          <rect key={i} x={-8 + i * 6} y="-2.5" width="5" height="5" fill={i < 2 ? 'var(--board-well)' : 'var(--board-token)'} stroke="var(--board-ink)" stroke-width="0.8" />
        ))}
      </Box>
    ),
  },
  {
    symbol: 'target',
    name: 'Highlighted space',
    text: 'While you choose where an action goes, the spaces it can reach are highlighted: tap one, or Tab to it and press Enter. Escape puts the choice back.',
    Picture: () => (
      <Box>
        <rect x="-11" y="-11" width="22" height="22" fill="var(--board-ground)" stroke="var(--board-soft-ink)" />
        <rect x="-11" y="-11" width="22" height="22" fill="var(--board-target)" />
      </Box>
    ),
  },
  {
    symbol: 'sight-line',
    name: 'Red dashed line',
    text: 'While you choose the target of a shot: the line of sight from the attacker to each character it can target.',
    Picture: () => (
      <Box>
        <line x1="-11" y1="6" x2="11" y2="-6" stroke="var(--hs-sight)" stroke-width="2" stroke-dasharray="5 3" />
      </Box>
    ),
  },
  {
    symbol: 'out-of-sight',
    name: 'Darkened space',
    text: 'While you choose the target of a shot: the spaces the attacker cannot see.',
    Picture: () => (
      <Box>
        <rect x="-11" y="-11" width="22" height="22" fill="var(--board-ground)" stroke="var(--board-soft-ink)" />
        <rect x="-11" y="-11" width="22" height="22" fill="var(--board-shade)" />
      </Box>
    ),
  },
];
