// The layout of `games.options`: what the platform stores with a game when it is created. The
// service owns the shape (src/service/ports/records.ts); the store and notifications read it.

export type { Fairness, StoredOptions } from '../service/ports/records.ts';
