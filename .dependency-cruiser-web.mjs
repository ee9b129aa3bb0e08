// The web client's one import rule: a game's folder (web/src/games/<game>/) is reached only
// through the web registry (web/src/games/registry.ts), so the shared pages never name a game and
// a game is added by its folder and one registry line. A game's folder may import the shared parts
// (the API client, games/game-ui.ts, the form fields), never another game's.
// `npm run lint:arrows` (part of `npm test`) cruises web/src with it; test/architecture/web-arrows.test.ts
// shows it fails on a fixture tree with such imports.

import path from 'node:path';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'web-games-through-registry',
      comment: 'Only web/src/games/registry.ts imports a game\'s folder: the shared pages ask the registry (GameUi) and never name a game.',
      severity: 'error',
      from: { path: '^web/src/', pathNot: ['^web/src/games/[^/]+/', '^web/src/games/registry\\.ts$'] },
      to: { path: '^web/src/games/[^/]+/' },
    },
    {
      name: 'web-game-to-other-game',
      comment: 'A game\'s web folder imports no other game\'s: what two games share belongs in web/src/games/ or web/src/.',
      severity: 'error',
      from: { path: '^web/src/games/([^/]+)/' },
      to: { path: '^web/src/games/[^/]+/', pathNot: '^web/src/games/$1/' },
    },
    {
      name: 'web-not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^web/src/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(import.meta.dirname, 'web', 'tsconfig.json') },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
