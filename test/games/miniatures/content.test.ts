// The Miniatures content: the profiles the primer prints, checked against its text; the
// reconstructed ones flagged; The Barko Brothers' set-up sound on its table.

import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { meleeWeapon, PROFILES, rangedWeapon, SCENARIOS, WEAPONS } from '../../../src/games/miniatures/content/index.ts';
import { renderTableSvg } from '../../../src/games/miniatures/content/render-svg.ts';
import { distance, insidePolygon } from '../../../src/games/miniatures/geometry/shapes.ts';
import { onTable } from '../../../src/games/miniatures/table/movement.ts';

describe('profiles printed in the primer', () => {
  it('"STREET JUDGE … 5” 1 1 1 2D 1 5 2 TYPE: INFANTRY HERO"', () => {
    expect(PROFILES['street-judge']).toMatchObject({ move: 5, agility: 1, shoot: 1, melee: 1, meleeDice: 2, will: 1, armour: 5, hits: 2, rank: 'hero', source: 'text' });
  });
  it('"EQUIPMENT: BOOT KNIFE, DAYSTICK, LAWGIVER": the Street Judge shoots a Lawgiver and fights with the better of daystick and boot knife', () => {
    expect(rangedWeapon(PROFILES['street-judge']!)?.id).toBe('lawgiver');
    expect(meleeWeapon(PROFILES['street-judge']!).id).toBe('daystick');
  });
  it('"HANDGUN … 15” 1D 1 0 — 10"', () => {
    expect(WEAPONS.handgun).toMatchObject({ kind: 'ranged', range: 15, shootingDice: 1, damage: 1, ap: 0, cost: 10, source: 'text' });
  });
  it('"KNIFE Damage AP Special Rules Cost 1 -1 — 5" (M13)', () => {
    expect(WEAPONS.knife).toMatchObject({ kind: 'melee', damage: 1, ap: -1, cost: 5, source: 'text' });
  });
  it('"the punk\'s Agility ( 0 in this case)"', () => expect(PROFILES.punk!.agility).toBe(0));
  it('everything else is flagged as reconstructed', () => {
    const fromText = ['street-judge', 'handgun', 'knife'];
    for (const item of [...Object.values(PROFILES), ...Object.values(WEAPONS)]) expect(item.source).toBe(fromText.includes(item.id) ? 'text' : 'reconstructed');
  });
  it('every weapon a profile carries exists; ranged weapons have a range and dice', () => {
    for (const p of Object.values(PROFILES)) for (const e of p.equipment) expect(WEAPONS[e]).toBeDefined();
    for (const w of Object.values(WEAPONS)) if (w.kind === 'ranged') expect(w.range! > 0 && w.shootingDice! > 0).toBe(true);
  });
});

describe('scenarios', () => {
  for (const s of Object.values(SCENARIOS))
    describe(s.name, () => {
      const models = s.forces.flatMap((f) => f.models);
      it('two forces, unique model ids, known profiles', () => {
        expect(s.forces).toHaveLength(2);
        expect(new Set(models.map((m) => m.id)).size).toBe(models.length);
        for (const m of models) expect(PROFILES[m.profile]).toBeDefined();
      });
      it('every model starts wholly on the table, in no impassable terrain, overlapping no other base', () => {
        for (const m of models) {
          const r = PROFILES[m.profile]!.baseRadius;
          expect(onTable(s.table, m.at, r)).toBe(true);
          for (const piece of s.table.terrain) if (piece.type === 'impassable') expect(insidePolygon(m.at, piece.polygon)).toBe(false);
          for (const o of models) if (o !== m) expect(distance(m.at, o.at)).toBeGreaterThanOrEqual(r + PROFILES[o.profile]!.baseRadius);
        }
      });
      it('each force wins by removing models of the other force', () => {
        s.forces.forEach((f, i) => {
          const enemy = s.forces[1 - i]!.models.map((m) => m.id);
          expect(f.winsWhenRemoved.length).toBeGreaterThan(0);
          for (const id of f.winsWhenRemoved) expect(enemy).toContain(id);
        });
      });
      it('terrain positions are whole hundredths of an inch and the SVG draws every piece and model from them', () => {
        const svg = renderTableSvg(s);
        for (const piece of s.table.terrain) {
          for (const p of piece.polygon) expect(Number.isInteger(p.x) && Number.isInteger(p.y)).toBe(true);
          expect(svg).toContain(`id="${piece.id}" points="${piece.polygon.map((p) => `${p.x},${p.y}`).join(' ')}"`);
        }
        for (const m of models) expect(svg).toContain(`id="${m.id}" cx="${m.at.x}" cy="${m.at.y}"`);
      });
    });
});

describe('the content published to clients', () => {
  it('every scenario\'s table is a map under the scenario\'s id, with its terrain, deployment and SVG; content and maps fit their published schemas', async () => {
    const { miniatures } = await import('../../../src/games/miniatures/index.ts');
    const c = miniatures.content!();
    expect(c.maps.map((m) => m.id)).toEqual(Object.keys(SCENARIOS));
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const fitsMap = ajv.compile(c.mapSchema);
    for (const m of c.maps) {
      const s = SCENARIOS[m.id]!;
      expect(m.svg).toBe(renderTableSvg(s));
      expect(m.data).toMatchObject({ id: s.id, width: s.table.width, height: s.table.height, terrain: s.table.terrain, forces: s.forces });
      expect(fitsMap(m.data), JSON.stringify(fitsMap.errors)).toBe(true);
    }
    const fitsContent = ajv.compile(c.contentSchema);
    expect(fitsContent(c.content), JSON.stringify(fitsContent.errors)).toBe(true);
    expect((c.content as { scenarios: { id: string }[] }).scenarios.map((s) => s.id)).toEqual(Object.keys(SCENARIOS));
    expect(JSON.parse(JSON.stringify(c.content))).toEqual(c.content);
  });
});
