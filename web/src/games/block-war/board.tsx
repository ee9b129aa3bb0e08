// Block War's boards drawn as SVG from the map endpoints' data: the plaza (steps, splat zones,
// obstacles, the centre), each placed block's board (levels, turbo lift, janitor's office, court,
// hospital, section lines), the scrawls, the units on them — their block's colour AND a shape and letters, so
// colour is never the only cue — and the justice track with control and the block counters.
// Squares and units the legal commands name are buttons; the rest are labelled pictures.

import type { ComponentChildren } from 'preact';
import type { BlockMap, BlockWarGame, PlazaMap } from './api.ts';
import { UNIT_LETTERS, type BlockWarNames } from './words.ts';

type View = BlockWarGame['view'];
type Colour = View['seats'][number]['colour'];

export const CELL = 30;
/** A scrawl counter: a zigzag across the square's top right corner (drawn, not only said). */
const SCRAWL_MARK = `M${CELL - 14} 4l3 6l3 -6l3 6l3 -6`;

/** Each block colour (the design system's team colours, web/src/tokens.css) with its own shape and a text colour that reads on it. */
export const COLOUR_LOOKS: Record<Colour, { fill: string; ink: string; shape: 'circle' | 'square' | 'triangle' | 'diamond' }> = {
  red: { fill: 'var(--team-red)', ink: 'var(--on-team)', shape: 'circle' },
  blue: { fill: 'var(--team-blue)', ink: 'var(--on-team)', shape: 'square' },
  green: { fill: 'var(--team-green)', ink: 'var(--on-team)', shape: 'triangle' },
  yellow: { fill: 'var(--team-yellow)', ink: 'var(--on-team-yellow)', shape: 'diamond' },
};

export function shape(kind: 'circle' | 'square' | 'triangle' | 'diamond' | 'badge', r: number): string {
  switch (kind) {
    case 'circle':
      return `M${-r} 0a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
    case 'square':
      return `M${-r} ${-r}h${2 * r}v${2 * r}h${-2 * r}Z`;
    case 'triangle':
      return `M0 ${-r * 1.2}L${r * 1.15} ${r * 0.85}H${-r * 1.15}Z`;
    case 'diamond':
      return `M0 ${-r * 1.2}L${r * 1.2} 0L0 ${r * 1.2}L${-r * 1.2} 0Z`;
    case 'badge':
      return `M0 ${-r}L${r} ${-r / 2}V${r / 2}L0 ${r}L${-r} ${r / 2}V${-r / 2}Z`;
  }
}

export const PLAZA_FILL: Record<PlazaMap['squares'][number]['kind'], string> = { open: 'var(--bw-open)', obstacle: 'var(--bw-obstacle)', step: 'var(--bw-step)', splat: 'var(--bw-splat)', centre: 'var(--bw-centre)' };
const PLAZA_WORDS: Record<PlazaMap['squares'][number]['kind'], string> = { open: '', obstacle: 'obstacle', step: 'step', splat: 'splat zone', centre: 'centre' };
export const ROOM_FILL: Record<BlockMap['squares'][number]['kind'], string> = { room: 'var(--bw-room)', lift: 'var(--bw-lift)', 'janitors-office': 'var(--bw-janitors-office)', court: 'var(--bw-court)', hospital: 'var(--bw-hospital)' };
const ROOM_WORDS: Record<BlockMap['squares'][number]['kind'], string> = { room: '', lift: 'turbo lift', 'janitors-office': 'janitor’s office', court: 'block court', hospital: 'block hospital' };
export const ROOM_LETTERS: Record<BlockMap['squares'][number]['kind'], string> = { room: '', lift: 'L', 'janitors-office': 'Jo', court: 'C', hospital: 'H' };

export interface Choosing {
  /** Squares a legal command is aimed at, or where a unit it names stands: buttons (a unit is tapped through its square). */
  squares: ReadonlySet<string>;
  onSquare(square: string): void;
  /** Units a legal command names (activate, attack, heal, the judges' target): outlined. */
  units: ReadonlySet<string>;
  selectedUnit: string | null;
  /** The activated unit, outlined. */
  active: string | null;
}

interface Cell {
  id: string;
  /** The legend's symbol for the square's kind (data-symbol). */
  symbol: string;
  x: number;
  y: number;
  fill: string;
  words: string;
  letters: string;
}

const onKeys = (handler: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    handler();
  }
};

/** A board's units that may stand on one square before they show as one counter and a count. */
const SIDE_BY_SIDE = 2;

/** A grid of squares with the units standing on them. */
function Grid(props: { cells: Cell[]; cols: number; rows: number; label: string; view: View; names: BlockWarNames; choosing: Choosing; extra?: ComponentChildren; id: string }) {
  const { view, names, choosing } = props;
  const unitsOn = new Map<string, View['units'][string][]>();
  for (const unit of Object.values(view.units)) {
    if (unit.square === null) continue;
    unitsOn.set(unit.square, [...(unitsOn.get(unit.square) ?? []), unit]);
  }
  const features = new Map(view.features.map((feature) => [feature.square, feature]));
  const scrawled = new Set(view.scrawls);
  const describe = (cell: Cell) => {
    const parts = [names.square(cell.id)];
    if (cell.words) parts.push(cell.words);
    const feature = features.get(cell.id);
    if (feature) parts.push(`${feature.feature === 'statue' ? 'civic statue' : 'hottie stall'} of ${names.seat(feature.seat)}`);
    if (scrawled.has(cell.id)) parts.push('scrawled');
    for (const unit of unitsOn.get(cell.id) ?? []) parts.push(`${names.unit(unit.id)}${unit.wounded ? ', wounded' : ''}`);
    return parts.join(', ');
  };
  return (
    <svg class="bw-board" id={props.id} viewBox={`-2 -2 ${props.cols * CELL + 4} ${props.rows * CELL + 4}`} role="group" aria-label={props.label}>
      {props.cells.map((cell) => {
        const target = choosing.squares.has(cell.id);
        const label = describe(cell);
        const actors = (unitsOn.get(cell.id) ?? []).filter((unit) => choosing.units.has(unit.id)).map((unit) => unit.id);
        return (
          <g
            key={cell.id}
            class={`square${target ? ' target' : ''}${actors.length ? ' holds-actor' : ''}`}
            data-square={cell.id}
            data-actors={actors.length ? actors.join(' ') : undefined}
            role={target ? 'button' : 'img'}
            tabindex={target ? 0 : undefined}
            aria-label={target ? `Choose ${label}` : label}
            onClick={target ? () => choosing.onSquare(cell.id) : undefined}
            onKeyDown={target ? onKeys(() => choosing.onSquare(cell.id)) : undefined}
          >
            <rect data-symbol={cell.symbol} x={cell.x * CELL} y={cell.y * CELL} width={CELL} height={CELL} fill={cell.fill} stroke="var(--board-line)" stroke-width="0.6" />
            {cell.letters && (
              <text x={cell.x * CELL + 3} y={cell.y * CELL + 10} font-size="8" fill="var(--board-ink)" aria-hidden="true">
                {cell.letters}
              </text>
            )}
            {features.has(cell.id) && (
              <text data-symbol={features.get(cell.id)!.feature === 'statue' ? 'statue' : 'hottie-stall'} x={cell.x * CELL + CELL / 2} y={cell.y * CELL + CELL / 2 + 5} text-anchor="middle" font-size="14" fill="var(--board-ink)" aria-hidden="true">
                {features.get(cell.id)!.feature === 'statue' ? '♜' : '⌂'}
              </text>
            )}
            {scrawled.has(cell.id) && <path class="scrawl" data-symbol="scrawl" d={SCRAWL_MARK} fill="none" stroke="var(--bw-scrawl)" stroke-width="2" stroke-linejoin="round" transform={`translate(${cell.x * CELL} ${cell.y * CELL})`} aria-hidden="true" />}
          </g>
        );
      })}
      {props.extra}
      {props.cells.flatMap((cell) => {
        // Counters stand below the square's letters, never over them; a crowd shows one counter
        // (the one a command names, if any) and how many stand there.
        const all = unitsOn.get(cell.id) ?? [];
        const shown = all.length > SIDE_BY_SIDE ? [all.find((unit) => choosing.units.has(unit.id)) ?? all[0]!] : all;
        return shown.map((unit, index) => {
          const actor = choosing.units.has(unit.id);
          const selected = choosing.selectedUnit === unit.id;
          const look = unit.home === null ? null : COLOUR_LOOKS[view.seats[unit.home]!.colour];
          // The crazed robo-doc keeps its block's colour but fights for no one (BW47): a dotted black edge.
          const crazed = unit.kind === 'crazed-robo-doc';
          const r = shown.length > 1 ? 7 : 9;
          const offset = (index - (shown.length - 1) / 2) * 14;
          const label = `${names.unit(unit.id)}${crazed ? ' (independent)' : ''}${unit.wounded ? ', wounded' : ''}, on ${names.square(unit.square!)}`;
          return (
            <g
              key={unit.id}
              class={`unit${actor ? ' actor' : ''}${selected ? ' selected' : ''}${unit.wounded ? ' wounded' : ''}${choosing.active === unit.id ? ' active' : ''}`}
              transform={`translate(${cell.x * CELL + CELL / 2 + offset} ${cell.y * CELL + CELL / 2 + 3})`}
              data-unit={unit.id}
              data-symbol={[look ? `counter-${view.seats[unit.home!]!.colour}` : 'counter-judge', crazed ? 'counter-crazed' : '', unit.wounded ? 'counter-wounded' : ''].join(' ').trim()}
              role="img"
              aria-label={all.length > shown.length ? `${label}, and ${all.length - 1} more` : label}
            >
              <path
                d={shape(look ? look.shape : 'badge', unit.wounded ? r * 0.75 : r)}
                fill={look ? look.fill : 'var(--team-black)'}
                // Edged in its letters' colour: white on the dark blocks, dark on yellow, which white would lose on the paper.
                stroke={crazed ? 'var(--board-selected)' : look ? look.ink : 'var(--bw-badge-edge)'}
                stroke-width={crazed ? 2 : 1.5}
                stroke-dasharray={crazed ? '1 1.5' : undefined}
                opacity={unit.wounded ? 0.55 : 1}
                transform={unit.wounded ? 'rotate(90)' : undefined}
              />
              <text data-symbol={`unit-${unit.kind}`} y={r / 3} text-anchor="middle" font-size={r} font-weight="700" fill={look ? look.ink : 'var(--on-team)'}>
                {UNIT_LETTERS[unit.kind] ?? '?'}
              </text>
              {all.length > shown.length && (
                <g class="crowd" transform={`translate(${r + 2} ${-r})`}>
                  <circle r="5.5" fill="var(--board-token)" stroke="var(--on-token)" stroke-width="1" />
                  <text y="3" text-anchor="middle" font-size="8" font-weight="800" fill="var(--on-token)">
                    {all.length}
                  </text>
                </g>
              )}
            </g>
          );
        });
      })}
    </svg>
  );
}

export function PlazaBoard(props: { map: PlazaMap; view: View; names: BlockWarNames; choosing: Choosing }) {
  const cells = props.map.squares.map((square) => ({
    id: square.id,
    symbol: `plaza-${square.kind}`,
    x: square.x,
    y: square.y,
    fill: PLAZA_FILL[square.kind],
    words: PLAZA_WORDS[square.kind],
    letters: square.kind === 'step' ? 's' : square.kind === 'splat' ? 'z' : square.kind === 'centre' ? '+' : '',
  }));
  return <Grid id="plaza" cells={cells} cols={props.map.width} rows={props.map.height} label="The plaza" view={props.view} names={props.names} choosing={props.choosing} />;
}

export function BlockBoard(props: { map: BlockMap; seat: number; view: View; names: BlockWarNames; choosing: Choosing }) {
  const { map } = props;
  // Level 11 at the top, level 1 (the entrances) at the bottom, as the block stands.
  const cells = map.squares.map((square) => ({
    id: square.id.replace('{seat}', String(props.seat)),
    symbol: `block-${square.kind}`,
    x: square.column,
    y: map.levels - square.level,
    fill: ROOM_FILL[square.kind],
    words: ROOM_WORDS[square.kind],
    letters: ROOM_LETTERS[square.kind],
  }));
  const thick = [
    ...map.sectionLines.flatMap((line) => line.afterColumns.map((column) => `M${(column + 1) * CELL} ${(map.levels - line.level) * CELL}v${CELL}`)),
    ...Array.from({ length: map.levels + 1 }, (_, level) => `M0 ${level * CELL}h${map.columns * CELL}`),
  ].join('');
  const seat = props.view.seats[props.seat]!;
  return (
    <Grid
      id={`block-${props.seat}`}
      cells={cells}
      cols={map.columns}
      rows={map.levels}
      label={`${seat.block}’s block (${seat.colour}, ${seat.side ?? 'not placed'} side)`}
      view={props.view}
      names={props.names}
      choosing={props.choosing}
      extra={<path data-symbol="section-line" d={thick} stroke="var(--board-wall)" stroke-width="2.5" fill="none" aria-hidden="true" />}
    />
  );
}

/** The justice track, 1–100 in rows of ten: control, the judge badges and each block's counter. */
export function JusticeTrack(props: { view: View; badges: { space: number; badges: number }[]; names: BlockWarNames }) {
  const { view } = props;
  const W = 22;
  const at = (space: number) => ({ x: ((space - 1) % 10) * W, y: Math.floor((space - 1) / 10) * W });
  const badged = new Map(props.badges.map((badge) => [badge.space, badge.badges]));
  const counters = view.seats.map((seat, index) => `${props.names.seat(index)} at ${seat.spirit}`).join('; ');
  return (
    <svg class="justice-track" viewBox={`-1 -1 ${10 * W + 2} ${10 * W + 2}`} role="img" aria-label={`Justice track: control at ${view.control}; ${counters}.`}>
      {Array.from({ length: 100 }, (_, index) => {
        const space = index + 1;
        const { x, y } = at(space);
        return (
          <g key={space}>
            <rect data-symbol={badged.has(space) ? 'track-badge' : 'track-space'} x={x} y={y} width={W} height={W} fill={badged.has(space) ? 'var(--bw-track-badge)' : 'var(--board-paper)'} stroke="var(--board-line)" stroke-width="0.5" />
            <text x={x + 2} y={y + 7} font-size="6" fill="var(--board-soft-ink)">
              {space}
            </text>
          </g>
        );
      })}
      {view.seats.map((seat, index) => {
        const { x, y } = at(Math.max(1, seat.spirit));
        const look = COLOUR_LOOKS[seat.colour];
        return <path key={index} data-symbol="track-counter" d={shape(look.shape, 5)} transform={`translate(${x + 7 + (index % 2) * 8} ${y + 12 + Math.floor(index / 2) * 6})`} fill={look.fill} stroke="var(--board-selected)" stroke-width="0.6" />;
      })}
      <g data-symbol="control" transform={`translate(${at(view.control).x + W / 2} ${at(view.control).y + W / 2})`}>
        <circle r="8" fill="none" stroke="var(--board-ink)" stroke-width="2.5" />
        <text y="3" text-anchor="middle" font-size="8" font-weight="700" fill="var(--board-ink)">
          C
        </text>
      </g>
    </svg>
  );
}
