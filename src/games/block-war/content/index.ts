// Block War's components as data. Rules code reads these; nothing here is a rule.
export * from './block-board.ts';
export * from './justice-track.ts';
export * from './plaza.ts';
export * from './units.ts';
