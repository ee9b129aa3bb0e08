// The table seen from above, drawn as SVG in the map's own units (hundredths of an inch): the
// terrain by type (fill) and cover (outline), the table edge, and every model as its base circle in
// its side's colour AND with its side's mark (seat 0 a ring, seat 1 a bar) and its initials, so
// colour is never the only cue. Wounded models show their hits left; removed ones lie crossed out.
// Overlays: the path being drawn with its measure, and a shot's sight lines to a target.

import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import type { MiniaturesContent, MiniaturesMap, MiniaturesModel, MiniaturesView, Point } from './data.ts';
import { SightLines, type SightOverlay } from './sight-lines.tsx';
import { initials, type MiniaturesNames } from './words.ts';

type Terrain = MiniaturesMap['terrain'][number];

export const SIDE_LOOKS = [
  { fill: 'var(--team-blue)', ink: 'var(--on-team)', mark: 'ring', words: 'blue, ringed' },
  { fill: 'var(--team-red)', ink: 'var(--on-team)', mark: 'bar', words: 'red, barred' },
] as const;

export const TERRAIN_FILL: Record<Terrain['type'], string> = { clear: 'var(--mn-clear)', difficult: 'var(--mn-difficult)', dangerous: 'var(--mn-dangerous)', impassable: 'var(--mn-impassable)' };
export const COVER_STROKE: Record<Terrain['cover'], { width: number; dash: string }> = { none: { width: 4, dash: '12 12' }, light: { width: 8, dash: '30 12' }, heavy: { width: 14, dash: '' } };

export interface Overlay {
  /** The path drawn, its start included, and whether the rules accept it (null: not measured yet). */
  path?: { points: Point[]; legal: boolean | null; label: string | null };
  /** A shot's sight lines from the shooter's eye across the target's width (ruling M1). */
  sight?: SightOverlay;
}

export interface TableTopProps {
  map: MiniaturesMap;
  view: MiniaturesView;
  content: MiniaturesContent;
  names: MiniaturesNames;
  /** The model chosen to act, outlined. */
  selected?: string | null;
  /** Models a tap would choose. */
  pickable?: Set<string>;
  onPick?: (model: string) => void;
  overlay?: Overlay;
  /** Pointer events in table units, for drawing a path. */
  onDraw?: { down(at: Point): void; move(at: Point): void; up(): void };
  onKeyDown?: (event: KeyboardEvent) => void;
  label: string;
  children?: ComponentChildren;
}

export function TableTop({ map, view, content, names, selected, pickable, onPick, overlay, onDraw, onKeyDown, label }: TableTopProps) {
  const svg = useRef<SVGSVGElement>(null);
  const drawing = useRef(false);
  const radius = (profile: string) => content.profiles.find((p) => p.id === profile)?.baseRadius ?? 50;
  const maxHits = (profile: string) => content.profiles.find((p) => p.id === profile)?.hits ?? 1;

  /** The pointer's place on the table, in hundredths of an inch. */
  function at(event: PointerEvent): Point {
    const matrix = svg.current!.getScreenCTM()!.inverse();
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix);
    return { x: Math.round(Math.max(0, Math.min(map.width, p.x))), y: Math.round(Math.max(0, Math.min(map.height, p.y))) };
  }
  const pointer = onDraw
    ? {
        onPointerDown: (event: PointerEvent) => {
          if (event.button !== 0) return;
          drawing.current = true;
          svg.current!.setPointerCapture(event.pointerId);
          onDraw.down(at(event));
          event.preventDefault();
        },
        onPointerMove: (event: PointerEvent) => drawing.current && onDraw.move(at(event)),
        onPointerUp: () => {
          if (drawing.current) onDraw.up();
          drawing.current = false;
        },
      }
    : {};
  const models = Object.values(view.models).sort((a, b) => Number(a.removed) - Number(b.removed) || a.seat - b.seat);
  const path = overlay?.path;
  const end = path?.points.at(-1);
  return (
    <svg
      ref={svg}
      class={`mn-table${onDraw ? ' drawing' : ''}`}
      viewBox={`-20 -20 ${map.width + 40} ${map.height + 40}`}
      role="group"
      aria-label={label}
      tabindex={onKeyDown ? 0 : undefined}
      onKeyDown={onKeyDown}
      {...pointer}
    >
      <rect class="edge" data-symbol="table-edge" x={0} y={0} width={map.width} height={map.height} fill="var(--mn-table)" stroke="var(--board-ink)" stroke-width={10} />
      <g aria-hidden="true">
        {map.terrain.map((t) => (
          <polygon
            key={t.id}
            class={`terrain ${t.type} cover-${t.cover}`}
            data-symbol={`terrain-${t.type} cover-${t.cover}`}
            points={t.polygon.map((p) => `${p.x},${p.y}`).join(' ')}
            fill={TERRAIN_FILL[t.type]}
            stroke="var(--board-ink)"
            stroke-width={COVER_STROKE[t.cover].width}
            stroke-dasharray={COVER_STROKE[t.cover].dash}
          >
            <title>{`${t.name}: ${t.type}, ${t.cover === 'none' ? 'no' : t.cover} cover`}</title>
          </polygon>
        ))}
      </g>
      {overlay?.sight && <SightLines sight={overlay.sight} />}
      {models.map((m) => (
        <ModelBase
          key={m.id}
          model={m}
          r={radius(m.profile)}
          maxHits={maxHits(m.profile)}
          names={names}
          selected={m.id === selected}
          pickable={!!pickable?.has(m.id)}
          onPick={onPick}
        />
      ))}
      {path && path.points.length > 1 && (
        <g class={`path ${path.legal === false ? 'refused' : 'accepted'}`} data-symbol={path.legal === false ? 'path-refused' : 'path'} aria-hidden="true">
          <polyline points={path.points.map((p) => `${p.x},${p.y}`).join(' ')} fill="none" stroke={path.legal === false ? 'var(--mn-refused)' : 'var(--mn-path)'} stroke-width={14} stroke-dasharray={path.legal === false ? '30 20' : ''} />
          <circle cx={end!.x} cy={end!.y} r={24} fill="var(--board-token)" stroke="var(--on-token)" stroke-width={6} />
          {path.label && (
            <text x={Math.min(end!.x + 40, map.width - 300)} y={Math.max(end!.y - 40, 80)} font-size={70} paint-order="stroke" stroke="var(--board-token)" stroke-width={14} fill="var(--on-token)">
              {path.label}
            </text>
          )}
        </g>
      )}
    </svg>
  );
}

function ModelBase({ model, r, maxHits, names, selected, pickable, onPick }: { model: MiniaturesModel; r: number; maxHits: number; names: MiniaturesNames; selected: boolean; pickable: boolean; onPick?: (id: string) => void }) {
  const look = SIDE_LOOKS[model.seat % 2]!;
  const wounded = !model.removed && model.hits < maxHits;
  const state = model.removed ? 'removed' : `${model.hits} of ${maxHits} hits${model.lockedWith.length ? ', locked in combat' : ''}${model.alert ? ', on alert' : ''}`;
  return (
    <g
      class={`model seat-${model.seat}${model.removed ? ' removed' : ''}${wounded ? ' wounded' : ''}${selected ? ' selected' : ''}${pickable ? ' pickable' : ''}`}
      data-model={model.id}
      data-symbol={[`model-${look.mark}`, wounded ? 'model-hits' : '', model.removed ? 'model-removed' : ''].join(' ').trim()}
      transform={`translate(${model.at.x} ${model.at.y})`}
      role="img"
      aria-label={`${model.name} (${names.seat(model.seat)}), ${state}`}
      opacity={model.removed ? 0.35 : 1}
      onClick={pickable && onPick ? () => onPick(model.id) : undefined}
    >
      {selected && <circle data-symbol="model-selected" r={r + 22} fill="none" stroke="var(--board-attention)" stroke-width={12} />}
      <circle r={r} fill={look.fill} stroke="var(--board-selected)" stroke-width={6} />
      {look.mark === 'ring' ? <circle r={r - 10} fill="none" stroke={look.ink} stroke-width={5} /> : <rect x={-r + 8} y={r * 0.45} width={2 * r - 16} height={10} fill={look.ink} />}
      <text text-anchor="middle" dominant-baseline="central" font-size={r * 0.75} font-weight="bold" fill={look.ink} y={-4}>
        {initials(model.name)}
      </text>
      {wounded && (
        <text text-anchor="middle" font-size={34} y={-r - 10} fill="var(--board-hurt)" font-weight="bold" paint-order="stroke" stroke="var(--board-token)" stroke-width={8}>
          {`${model.hits}/${maxHits}`}
        </text>
      )}
      {model.removed && <path d={`M${-r} ${-r}L${r} ${r}M${r} ${-r}L${-r} ${r}`} stroke="var(--board-selected)" stroke-width={10} />}
    </g>
  );
}

/** What the fills, outlines and marks stand for. */
export function TableKey() {
  return (
    <details class="unit-key mn-key">
      <summary>Key to the table</summary>
      <p>
        Fill: pale is clear ground, tan difficult terrain (half speed), orange dangerous, dark grey impassable. Outline: solid and thick is heavy cover, long dashes light cover,
        short dashes none. Models: blue ringed bases are the first side, red barred bases the second, with the model’s initials; a red figure is the hits left, a crossed,
        faded base a removed model. Hover a terrain piece for its name.
      </p>
    </details>
  );
}
