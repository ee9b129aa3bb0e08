// The board as SVG, drawn from the map data the API serves: spaces (their cells, outlined where
// regions meet), numbers (cover in a black circle, as printed), high ground hatched, falls dark,
// walls thick; then fragments and figures. Spaces that can be aimed at are buttons.

import type { ComponentChildren } from 'preact';
import type { HelterSkelterContent as Content, HelterSkelterMap as GameMap, HelterSkelterView as GameView } from './api.ts';
import { TEAM_LOOKS, shapePath } from './teams.tsx';
import './styles.css';

/** One cell of the map grid, in the board's units. */
export const CELL = 24;

interface Region {
  key: string;
  cells: { row: number; col: number }[];
}

function outline(map: GameMap): string {
  // Every cell edge where the region changes (or the map ends) is drawn.
  const owner = new Map<string, string>();
  const regions: Region[] = [
    ...map.spaces.map((space) => ({ key: `s${space.designation}`, cells: space.cells })),
    ...map.falls.map((fall) => ({ key: fall.id, cells: fall.cells })),
  ];
  for (const region of regions) for (const cell of region.cells) owner.set(`${cell.row},${cell.col}`, region.key);
  const parts: string[] = [];
  for (const region of regions) {
    for (const { row, col } of region.cells) {
      const x = col * CELL;
      const y = row * CELL;
      if (owner.get(`${row - 1},${col}`) !== region.key) parts.push(`M${x} ${y}h${CELL}`);
      if (owner.get(`${row + 1},${col}`) !== region.key) parts.push(`M${x} ${y + CELL}h${CELL}`);
      if (owner.get(`${row},${col - 1}`) !== region.key) parts.push(`M${x} ${y}v${CELL}`);
      if (owner.get(`${row},${col + 1}`) !== region.key) parts.push(`M${x + CELL} ${y}v${CELL}`);
    }
  }
  return parts.join('');
}

function walls(map: GameMap): string {
  return map.walls
    .flatMap((wall) =>
      wall.edges.map((edge) =>
        edge.side === 'right' ? `M${(edge.col + 1) * CELL} ${edge.row * CELL}v${CELL}` : `M${edge.col * CELL} ${(edge.row + 1) * CELL}h${CELL}`,
      ),
    )
    .join('');
}

const centre = (point: { row: number; col: number }) => ({ x: point.col * CELL + CELL / 2, y: point.row * CELL + CELL / 2 });

function Defs() {
  return (
    <defs>
      <pattern id="high-ground" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" fill="var(--hs-high-ground)" />
        <line x1="0" y1="0" x2="0" y2="6" stroke="var(--hs-high-ground-line)" stroke-width="2" />
      </pattern>
      <pattern id="fall" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
        <rect width="6" height="6" fill="var(--hs-fall)" />
        <line x1="0" y1="0" x2="0" y2="6" stroke="var(--hs-fall-line)" stroke-width="3" />
      </pattern>
    </defs>
  );
}

/** The map alone (the lobby's preview). */
export function BoardPicture({ map, title }: { map: GameMap; title: string }) {
  return (
    <svg class="board" viewBox={`0 0 ${map.grid.cols * CELL} ${map.grid.rows * CELL}`} role="img" aria-label={title}>
      <Defs />
      <MapLayer map={map} />
    </svg>
  );
}

function MapLayer({ map }: { map: GameMap }) {
  return (
    <g aria-hidden="true">
      {map.spaces.map((space) =>
        space.cells.map((cell) => (
          <rect key={`${cell.row}-${cell.col}`} data-symbol={space.highGround ? 'high-ground' : 'space'} x={cell.col * CELL} y={cell.row * CELL} width={CELL} height={CELL} fill={space.highGround ? 'url(#high-ground)' : 'var(--board-ground)'} />
        )),
      )}
      {map.falls.map((fall) => fall.cells.map((cell) => <rect key={`${fall.id}-${cell.row}-${cell.col}`} data-symbol="fall" x={cell.col * CELL} y={cell.row * CELL} width={CELL} height={CELL} fill="url(#fall)" />))}
      <path data-symbol="border" d={outline(map)} stroke="var(--board-soft-ink)" stroke-width="1" fill="none" />
      <path data-symbol="wall" d={walls(map)} stroke="var(--board-wall)" stroke-width="6" stroke-linecap="square" fill="none" />
      <path d={walls(map)} stroke="var(--hs-wall-core)" stroke-width="3" stroke-linecap="square" fill="none" />
      {map.spaces.map((space) => {
        const { x, y } = centre(space.point);
        return (
          <g key={space.designation}>
            {space.cover && <circle data-symbol="cover" cx={x} cy={y} r={9} fill="var(--board-mark)" />}
            <text data-symbol="designation" x={x} y={y + 4} text-anchor="middle" font-size="11" font-weight="700" fill={space.cover ? 'var(--on-board-mark)' : 'var(--board-ink)'}>
              {space.designation}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The characters on each space, in the order they are listed. */
function crowds<T extends { space: number | null }>(characters: T[]): Map<number, T[]> {
  const bySpace = new Map<number, T[]>();
  for (const character of characters) bySpace.set(character.space!, [...(bySpace.get(character.space!) ?? []), character]);
  return bySpace;
}

/** Where a space's figures stand: the centre of a cell of the space next to its numbered cell (right, below, left, above), else beside the number. */
function beside(space: GameMap['spaces'][number]): { x: number; y: number } {
  const { row, col } = space.point;
  for (const [dr, dc] of [[0, 1], [1, 0], [0, -1], [-1, 0]] as const) {
    if (space.cells.some((cell) => cell.row === row + dr && cell.col === col + dc)) return centre({ row: row + dr, col: col + dc });
  }
  const { x, y } = centre(space.point);
  return { x: x + CELL / 2, y };
}

export interface BoardProps {
  map: GameMap;
  view: GameView;
  content: Content;
  /** Spaces that can be tapped (where the choice can be aimed, or where a character of mine can act): these are buttons. */
  targets: ReadonlySet<number>;
  onTarget: (space: number) => void;
  /** What tapping a target space does, in words ("Choose", "Act with Judge Dredd on"). */
  targetWords?: (space: number) => string;
  /** Characters of mine that can act, outlined; they are tapped through their space. */
  actors: ReadonlySet<string>;
  selectedActor: string | null;
  /** Lines of sight to draw: attacker's space to target's space. */
  sightLines: { from: number; to: number }[];
  /** Spaces the acting character cannot see, dimmed while choosing a target for a shot. */
  unseen: ReadonlySet<number> | null;
}

export function Board(props: BoardProps) {
  const { map, view, content } = props;
  const names = new Map(content.characters.map((entry) => [entry.id, entry.name]));
  const teamOfSeat = new Map(view.seats.map((seat) => [seat.seat, seat.team]));
  const bySpace = new Map(map.spaces.map((space) => [space.designation, space]));
  const pointOf = (designation: number) => centre(bySpace.get(designation)!.point);

  function describe(designation: number): string {
    const space = bySpace.get(designation)!;
    const parts = [`Space ${designation}`];
    if (space.cover) parts.push('cover');
    if (space.highGround) parts.push('high ground');
    for (const character of view.characters.filter((entry) => entry.space === designation && entry.status === 'deployed')) {
      parts.push(`${names.get(character.form) ?? character.form} (${TEAM_LOOKS[teamOfSeat.get(character.seat)!].name}, ${character.health} of ${character.maxHealth} health)`);
    }
    for (const fragment of view.fragments.filter((entry) => entry.space === designation)) parts.push(`a fragment of ${TEAM_LOOKS[teamOfSeat.get(fragment.seat)!].name}`);
    return parts.join(', ');
  }

  const key = (handler: () => void) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      handler();
    }
  };

  const actorSpaces = new Set(view.characters.filter((entry) => props.actors.has(entry.id)).map((entry) => entry.space));
  const spaceButtons: ComponentChildren[] = [];
  for (const space of map.spaces) {
    const target = props.targets.has(space.designation);
    const label = describe(space.designation);
    spaceButtons.push(
      <g
        key={space.designation}
        class={`space${target ? ' target' : ''}${actorSpaces.has(space.designation) ? ' actor-space' : ''}`}
        data-symbol={target ? 'target' : undefined}
        role={target ? 'button' : 'img'}
        tabindex={target ? 0 : undefined}
        aria-label={target ? `${props.targetWords?.(space.designation) ?? 'Choose'}: ${label}` : label}
        data-space={space.designation}
        onClick={target ? () => props.onTarget(space.designation) : undefined}
        onKeyDown={target ? key(() => props.onTarget(space.designation)) : undefined}
      >
        {space.cells.map((cell) => (
          <rect key={`${cell.row}-${cell.col}`} x={cell.col * CELL} y={cell.row * CELL} width={CELL} height={CELL} class="hit" />
        ))}
      </g>,
    );
  }

  return (
    <svg class={`board${props.targets.size ? ' aiming' : ''}`} viewBox={`0 0 ${map.grid.cols * CELL} ${map.grid.rows * CELL}`} role="group" aria-label={`The board: ${map.name}`}>
      <Defs />
      <MapLayer map={map} />
      {props.unseen && (
        <g aria-hidden="true" data-symbol="out-of-sight">
          {map.spaces
            .filter((space) => props.unseen!.has(space.designation))
            .flatMap((space) => space.cells.map((cell) => <rect key={`u${cell.row}-${cell.col}`} x={cell.col * CELL} y={cell.row * CELL} width={CELL} height={CELL} fill="var(--board-shade)" />))}
        </g>
      )}
      {spaceButtons}
      <g aria-hidden="true" class="sight">
        {props.sightLines.map((line, index) => {
          const a = pointOf(line.from);
          const b = pointOf(line.to);
          return <line key={index} data-symbol="sight-line" x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke="var(--hs-sight)" stroke-width="2" stroke-dasharray="5 3" />;
        })}
      </g>
      {view.fragments.map((fragment, index) => {
        const { x, y } = pointOf(fragment.space);
        const look = TEAM_LOOKS[teamOfSeat.get(fragment.seat)!];
        return (
          <g key={`f${index}`} class="fragment" aria-hidden="true" data-symbol="fragment" transform={`translate(${x + 11} ${y - 11}) scale(0.85)`}>
            <path d="M0 -7 L6 -3.5 L6 3.5 L0 7 L-6 3.5 L-6 -3.5 Z" fill="var(--board-token)" stroke={look.colour} stroke-width="2.5" />
            <text y="3" text-anchor="middle" font-size="7" font-weight="700" fill={look.colour}>
              {look.letter}
            </text>
          </g>
        );
      })}
      {[...crowds(view.characters.filter((character) => character.status === 'deployed' && character.space !== null))].flatMap(([designation, together]) => {
        // Figures stand in a cell of their space beside the one with its number, so they never hide
        // the number or its cover mark; two share it, and more show as one figure with a count.
        const anchor = beside(bySpace.get(designation)!);
        const shown = together.length > 2 ? [together.find((character) => character.id === props.selectedActor) ?? together[0]!] : together;
        const r = shown.length > 1 ? 6.5 : 9;
        return shown.map((character, index) => {
          const x = anchor.x + (index - (shown.length - 1) / 2) * 12;
          const y = anchor.y - 2;
          const team = teamOfSeat.get(character.seat)!;
          const look = TEAM_LOOKS[team];
          const name = names.get(character.form) ?? character.form;
          const actor = props.actors.has(character.id);
          const selected = props.selectedActor === character.id;
          const label = `${name} (${look.name}), ${character.health} of ${character.maxHealth} health, on space ${character.space}`;
          const pip = Math.min(4, 22 / character.maxHealth);
          return (
            <g
              key={character.id}
              class={`figure${actor ? ' actor' : ''}${selected ? ' selected' : ''}`}
              transform={`translate(${x} ${y})`}
              role="img"
              aria-label={together.length > 2 ? `${label}, and ${together.length - 1} more` : label}
              data-character={character.id}
              data-symbol={`figure-${team}`}
            >
              <path d={shapePath(look.shape, r)} fill={look.colour} stroke={selected ? 'var(--board-selected)' : 'var(--on-team)'} stroke-width={selected ? 3 : 1.5} />
              <text y={r / 2.6} text-anchor="middle" font-size={r} font-weight="700" fill="var(--on-team)">
                {name.replace(/^Judge /, '').slice(0, 2)}
              </text>
              <g data-symbol="health" transform={`translate(${(-character.maxHealth * pip) / 2} ${r})`}>
                {Array.from({ length: character.maxHealth }, (_, i) => (
                  <rect key={i} x={i * pip} y="0" width={pip - 0.5} height="3.5" fill={i < character.health ? 'var(--board-well)' : 'var(--board-token)'} stroke="var(--board-ink)" stroke-width="0.6" />
                ))}
              </g>
              {together.length > 2 && (
                <g class="crowd" transform={`translate(${r} ${-r})`}>
                  <circle r="6" fill="var(--board-token)" stroke="var(--on-token)" stroke-width="1" />
                  <text y="3" text-anchor="middle" font-size="8" font-weight="800" fill="var(--on-token)">
                    {together.length}
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
