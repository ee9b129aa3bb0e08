// How the five teams are told apart on screen: a shape and a letter as well as a colour (Okabe–Ito
// palette, distinguishable with the common colour-blindnesses), so colour is never the only cue.
// The colours are the design system's team tokens (web/src/tokens.css).

import type { Team } from './api.ts';

export interface TeamLook {
  letter: string;
  shape: 'circle' | 'square' | 'diamond' | 'triangle' | 'hexagon';
  colour: string;
  name: string;
}

export const TEAM_LOOKS: Record<Team, TeamLook> = {
  judges: { letter: 'J', shape: 'circle', colour: 'var(--team-blue)', name: 'The Judges' },
  'strontium-dogs': { letter: 'S', shape: 'square', colour: 'var(--team-orange)', name: 'Strontium Dogs' },
  'nikolai-dante': { letter: 'N', shape: 'diamond', colour: 'var(--team-green)', name: 'Nikolai Dante' },
  slaine: { letter: 'L', shape: 'triangle', colour: 'var(--team-red)', name: 'Sláine' },
  // Black: the one Okabe–Ito colour left that white letters stay readable on.
  'dark-judges': { letter: 'D', shape: 'hexagon', colour: 'var(--team-black)', name: 'The Dark Judges' },
};

export const TEAMS = Object.keys(TEAM_LOOKS) as Team[];

/** An SVG path of the team's shape, centred on 0,0, about 2r wide. */
export function shapePath(shape: TeamLook['shape'], r: number): string {
  switch (shape) {
    case 'circle':
      return `M ${-r} 0 a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0 Z`;
    case 'square':
      return `M ${-r * 0.9} ${-r * 0.9} H ${r * 0.9} V ${r * 0.9} H ${-r * 0.9} Z`;
    case 'diamond':
      return `M 0 ${-r * 1.15} L ${r * 1.15} 0 L 0 ${r * 1.15} L ${-r * 1.15} 0 Z`;
    case 'triangle':
      return `M 0 ${-r * 1.15} L ${r * 1.1} ${r * 0.85} L ${-r * 1.1} ${r * 0.85} Z`;
    case 'hexagon': {
      const corners = Array.from({ length: 6 }, (_, i) => [r * 1.05 * Math.cos((Math.PI / 3) * i), r * 1.05 * Math.sin((Math.PI / 3) * i)]);
      return `M ${corners.map(([x, y]) => `${x!.toFixed(2)} ${y!.toFixed(2)}`).join(' L ')} Z`;
    }
  }
}

export function TeamBadge({ team }: { team: Team }) {
  const look = TEAM_LOOKS[team];
  return (
    <svg class="team-badge" viewBox="-12 -12 24 24" width="20" height="20" aria-hidden="true">
      <path d={shapePath(look.shape, 10)} fill={look.colour} stroke="var(--on-team)" stroke-width="1" />
      <text x="0" y="4" text-anchor="middle" font-size="11" fill="var(--on-team)" font-weight="700">
        {look.letter}
      </text>
    </svg>
  );
}
