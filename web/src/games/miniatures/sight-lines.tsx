// The sight lines of a shot as the rules trace them (ruling M1): from the shooter's eye (its
// centre) to points across the target's width, each drawn as what hides it, so the player sees
// why a target has cover or is out of sight. Without them (the preview still out, or a Melee,
// which needs no sight) one line joins the two centres. Line style, not colour alone, tells the
// kinds apart (solid, dashed, dotted).

import type { Point, SightLine } from './data.ts';

type Hiding = SightLine['hidden'];

export interface SightOverlay {
  eye: Point;
  /** The target's centre, for the line drawn before the rules have measured. */
  target: Point;
  /** The rules' sight lines, or null while the preview is out or for a Melee. */
  lines: readonly SightLine[] | null;
  /** Line of sight, or for a Melee whether the rules accept it (true until measured). */
  clear: boolean;
}

export const LOOK: Record<Hiding, { stroke: string; dash: string }> = {
  clear: { stroke: 'var(--mn-sight-clear)', dash: '' },
  light: { stroke: 'var(--mn-sight-light)', dash: '24 12' },
  heavy: { stroke: 'var(--mn-sight-heavy)', dash: '8 10' },
  blocked: { stroke: 'var(--mn-sight-blocked)', dash: '4 14' },
};

export function SightLines({ sight }: { sight: SightOverlay }) {
  if (!sight.lines)
    return (
      <line
        class={`sight ${sight.clear ? 'clear' : 'blocked'}`}
        data-symbol={`sight-${sight.clear ? 'clear' : 'blocked'}`}
        x1={sight.eye.x}
        y1={sight.eye.y}
        x2={sight.target.x}
        y2={sight.target.y}
        stroke={sight.clear ? LOOK.clear.stroke : LOOK.blocked.stroke}
        stroke-width={12}
        stroke-dasharray={sight.clear ? '' : '40 25'}
        aria-hidden="true"
      />
    );
  return (
    <g class={`sight ${sight.clear ? 'clear' : 'blocked'}`} aria-hidden="true">
      {sight.lines.map((line, i) => (
        <line key={i} class={`sight ${line.hidden}`} data-symbol={`sight-${line.hidden}`} x1={sight.eye.x} y1={sight.eye.y} x2={line.to.x} y2={line.to.y} stroke={LOOK[line.hidden].stroke} stroke-width={4} stroke-dasharray={LOOK[line.hidden].dash} />
      ))}
    </g>
  );
}
