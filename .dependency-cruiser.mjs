// Which directory of src/ may import which: the arrows point inward.
// `npm run lint:arrows` (part of `npm test`) fails on an import that breaks a rule below;
// test/architecture/arrows.test.ts shows it does, on a fixture tree with wrong-way imports.
// docs/architecture.md §1 explains the table.
//
// The allowed arrows are written once, in LAYERS: each layer lists the layers it may import
// (besides itself). Everything under src/ that is not listed there may not be imported.

import path from 'node:path';

/** @type {{ name: string, path: string, may: string[], why: string }[]} */
const LAYERS = [
  // The core: pure, no I/O (eslint.config.js enforces purity).
  { name: 'platform', path: 'src/platform/', may: [], why: 'the game-module contract, random generators, fairness labels, refusals: pure helpers' },
  { name: 'games', path: 'src/games/', may: ['platform'], why: 'pure rules modules; they implement the platform contract' },
  // Pure time arithmetic (clock presets, deadline planning): a pure helper beside the platform.
  { name: 'clock', path: 'src/clock/', may: ['platform'], why: 'pure: presets and deadline planning, no clock is read' },
  // Settings and logs: a leaf every impure layer may read. The environment itself
  // (config/config.ts) is read only at the edges: see the rule config-at-the-edges.
  { name: 'config', path: 'src/config/', may: [], why: 'settings, the logger, start-up errors; imports nothing' },
  // A worker thread started on the first question, for work kept off the event loop: a leaf.
  { name: 'threads', path: 'src/threads/', may: [], why: 'a worker thread on call and its answering side; imports nothing' },
  // Use cases: the only place rules meet what is stored, through ports of its own (src/service/ports/).
  { name: 'service', path: 'src/service/', may: ['platform', 'games', 'clock', 'config', 'threads'], why: 'game play, lobby, clocks, bots, notifications as decisions: the only place rules meet storage, through its ports' },
  { name: 'ports', path: 'src/service/ports/', may: ['platform', 'clock'], why: 'what the service needs from the adapters (records, the log, listeners, channels), as types it owns' },
  // Use cases of notifications (webhook subscriptions, email settings, verification, unsubscribe),
  // beside the service's: through ports of their own (src/notify/ports/).
  { name: 'notify', path: 'src/notify/', may: ['ports', 'clock', 'platform'], why: 'notification use cases (subscriptions, email settings and links) and what a notification says; no storage, no sending' },
  { name: 'notify-ports', path: 'src/notify/ports/', may: ['ports', 'platform', 'clock'], why: 'what the notification use cases and channels need from storage, as types they own' },
  { name: 'auth', path: 'src/auth/', may: ['platform', 'db', 'config', 'threads'], why: 'accounts, tokens, keys; refuses with the platform Refusal, knows no HTTP statuses; the account row is written through its ports' },
  // Adapters: each implements ports of the service or drives it.
  { name: 'generated', path: 'src/generated/', may: [], why: 'the Prisma client (generated, not cruised)' },
  { name: 'db', path: 'src/db/', may: ['config', 'generated'], why: 'Postgres: pools, migrations, transactions, Queryable, the channel listener' },
  { name: 'jobs', path: 'src/jobs/', may: ['db', 'clock', 'config'], why: 'the job queue: task names and the SQL that adds and moves jobs' },
  { name: 'store', path: 'src/store/', may: ['ports', 'service', 'notify', 'auth', 'db', 'jobs', 'clock', 'config', 'platform'], why: 'the use cases\' ports over Postgres (service, notifications, auth): the event log, game records, webhook and email rows, and the one writer of accounts' },
  { name: 'delivery', path: 'src/delivery/', may: ['notify', 'ports', 'jobs', 'clock', 'config', 'platform'], why: 'the notification channels: webhooks over HTTP (signing, retries, the address guard), email over SMTP, their jobs and worker; they read and write through the notification ports' },
  // Adapters and composition.
  { name: 'api', path: 'src/api/', may: ['platform', 'clock', 'config', 'db', 'store', 'notify', 'delivery', 'service', 'auth'], why: 'HTTP: one Fastify plugin per resource, problem+json' },
  { name: 'app', path: 'src/app.ts', may: ['platform', 'clock', 'config', 'db', 'jobs', 'store', 'notify', 'delivery', 'ports', 'service', 'auth', 'api'], why: 'composition: buildApp() hands the service its ports and wires the channels; the OpenAPI document' },
  { name: 'main', path: 'src/main.ts', may: ['config', 'db', 'jobs', 'app'], why: 'the process' },
];

/** A string as a regular expression that matches it exactly. */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const pathOf = (name) => {
  const layer = LAYERS.find((candidate) => candidate.name === name);
  if (!layer) throw new Error(`.dependency-cruiser.mjs: unknown layer ${name}`);
  return `^${escapeRegExp(layer.path)}`;
};

const layerRules = LAYERS.map((layer) => ({
  name: `layer-${layer.name}`,
  comment: `${layer.path} (${layer.why}) may import only ${layer.may.length ? layer.may.join(', ') : 'nothing else in src/'}`,
  severity: 'error',
  from: { path: pathOf(layer.name) },
  to: { path: '^src/', pathNot: [pathOf(layer.name), ...layer.may.map(pathOf)] },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module reaches itself through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'games-through-registry',
      comment: 'The service reaches a game only through src/service/registry.ts; no other module names a game.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/games/', '^src/service/registry\\.ts$'] },
      to: { path: '^src/games/' },
    },
    {
      name: 'config-at-the-edges',
      comment: 'The environment (src/config/config.ts) is read by the process, the database and the OpenAPI generator (and scripts/), nowhere else.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/config/', '^src/main\\.ts$', '^src/app\\.ts$', '^src/db/'] },
      to: { path: '^src/config/config\\.ts$' },
    },
    {
      name: 'every-module-in-a-layer',
      comment: 'A module of src/ outside every layer above imports nothing until LAYERS says where it sits.',
      severity: 'error',
      from: { path: '^src/', pathNot: LAYERS.map((layer) => pathOf(layer.name)) },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/generated/' },
    tsPreCompilationDeps: true,
    // The project's compiler options, wherever the cruise runs (test/architecture runs it on fixtures).
    tsConfig: { fileName: path.join(import.meta.dirname, 'tsconfig.json') },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
