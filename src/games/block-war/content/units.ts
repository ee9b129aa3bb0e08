// Every unit's skills and how many counters each block's set holds. The Unit Morale Table and
// the text's worked examples fix some numbers (marked TEXT); the rest are RECONSTRUCTED (the
// text refers to "Block War Counters.pdf", not included). docs/content.md gives the reasoning.

export const COLOURS = ['red', 'blue', 'green', 'yellow'] as const;
export type Colour = (typeof COLOURS)[number];

/** Who a unit fights for: a block's own units, independent units, Justice Dept. units. */
export type Allegiance = 'block' | 'independent' | 'judge';

export interface UnitKind {
  readonly id: string;
  readonly name: string;
  readonly allegiance: Allegiance;
  /** Brawling skill (B). */
  readonly brawling: number;
  /** Shooting skill (S); null is "No Weapon (NW)". */
  readonly shooting: number | null;
  /** Armour (A). */
  readonly armour: number;
  /** Morale (M); null for units that never check morale (robots, judges). */
  readonly morale: number | null;
  /** Heal skill (H); only medics have one. */
  readonly heal?: number;
  /** Robots and vehicles are wrecked, not wounded, and cannot be healed. */
  readonly robotic?: boolean;
}

const kind = (k: UnitKind): UnitKind => k;

export const UNIT_KINDS: Readonly<Record<string, UnitKind>> = {
  // Block units. Morale: TEXT (Unit Morale Table) for every one but the fatty.
  ape: kind({ id: 'ape', name: 'Ape', allegiance: 'block', brawling: 3, shooting: null, armour: 1, morale: 2 }), // B3 TEXT: "rolls a 5, adding his brawl skill to make 8"
  citizen: kind({ id: 'citizen', name: 'Citizen', allegiance: 'block', brawling: 1, shooting: 1, armour: 1, morale: 2 }),
  'citi-def': kind({ id: 'citi-def', name: 'Citi-Def', allegiance: 'block', brawling: 2, shooting: 3, armour: 2, morale: 4 }),
  eldster: kind({ id: 'eldster', name: 'Eldster', allegiance: 'block', brawling: 0, shooting: 1, armour: 2, morale: 3 }), // S1 TEXT: "adds his shooting skill of 1"
  fatty: kind({ id: 'fatty', name: 'Fatty', allegiance: 'block', brawling: 2, shooting: null, armour: 1, morale: 2 }), // morale: not in the table (BW12)
  juve: kind({ id: 'juve', name: 'Juve', allegiance: 'block', brawling: 1, shooting: null, armour: 0, morale: 1 }), // B1 TEXT: "his brawl skill of 1"
  punk: kind({ id: 'punk', name: 'Punk', allegiance: 'block', brawling: 2, shooting: 2, armour: 1, morale: 3 }), // S2 TEXT: "a shooting skill of 2"
  scrawler: kind({ id: 'scrawler', name: 'Scrawler', allegiance: 'block', brawling: 1, shooting: null, armour: 0, morale: 1 }),
  sniper: kind({ id: 'sniper', name: 'Sniper', allegiance: 'block', brawling: 0, shooting: 3, armour: 0, morale: 4 }),
  ugly: kind({ id: 'ugly', name: 'Ugly', allegiance: 'block', brawling: 2, shooting: null, armour: 1, morale: 0 }),
  // Independent units.
  'robo-janitor': kind({ id: 'robo-janitor', name: 'Robo-Janitor', allegiance: 'independent', brawling: 2, shooting: null, armour: 2, morale: null, robotic: true }),
  'human-janitor': kind({ id: 'human-janitor', name: 'Human Janitor', allegiance: 'independent', brawling: 1, shooting: null, armour: 0, morale: 1 }),
  'robo-doc': kind({ id: 'robo-doc', name: 'Robo-Doc', allegiance: 'independent', brawling: 1, shooting: null, armour: 2, morale: null, heal: 1, robotic: true }), // H1 TEXT: "the Robodocs heal skill (H) of 1"
  'crazed-robo-doc': kind({ id: 'crazed-robo-doc', name: 'Crazed Robo-Doc', allegiance: 'independent', brawling: 3, shooting: null, armour: 2, morale: null, robotic: true }),
  // Justice Dept. units.
  'block-judge': kind({ id: 'block-judge', name: 'Block Judge', allegiance: 'judge', brawling: 3, shooting: 4, armour: 2, morale: null }), // S4 TEXT: "The judge has a shooting skill of 4"
  'street-judge': kind({ id: 'street-judge', name: 'Street Judge', allegiance: 'judge', brawling: 3, shooting: 4, armour: 2, morale: null }),
  'judge-dredd': kind({ id: 'judge-dredd', name: 'Judge Dredd', allegiance: 'judge', brawling: 5, shooting: 5, armour: 4, morale: null }),
};

/** The ugly ratings printed on a set's ugly counters, one per counter. */
export const UGLY_RATINGS: readonly number[] = [1, 2, 3];

/** Counters of each kind in one block's pool (its set less the independents and block judge). */
export const BLOCK_POOL: Readonly<Record<string, number>> = {
  juve: 4,
  punk: 3,
  citizen: 4,
  ape: 1,
  eldster: 2,
  fatty: 2,
  scrawler: 2,
  'citi-def': 2,
  sniper: 1,
  ugly: UGLY_RATINGS.length,
};

/** Justice Dept. counters in the box: one block judge per block colour, street judges, Dredd. */
export const STREET_JUDGES = 8;

/** Kinds a block's set holds besides its pool: placed at set-up, or kept aside. */
export const BLOCK_INDEPENDENTS = ['robo-janitor', 'robo-doc'] as const;
export const KEPT_ASIDE = ['human-janitor', 'crazed-robo-doc'] as const;

/** The one Judge Dredd counter's id (and kind). */
export const JUDGE_DREDD = 'judge-dredd';

export const unitKind = (id: string): UnitKind => {
  const k = UNIT_KINDS[id];
  if (!k) throw new Error(`No unit kind ${id}`);
  return k;
};
