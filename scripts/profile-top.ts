// Where a CPU profile's time went, for `npm run bench:api -- --profile` (docs/performance.md):
//
//   node --import tsx scripts/profile-top.ts .bench/<file>.cpuprofile [--top 30] [--exclude 'register|compile']
//
// `--exclude`: samples with a frame whose function and place match this regular expression are
// left out (the benchmark's set-up, such as registering accounts, is not what it measures).
// Prints the functions with the most self time (time on the stack's top), the same by package or
// source file (node_modules/<package>, src/<dir>, node's internals), and the functions with the
// most total time (self plus what they called, each counted once per sample even when recursive).
// Idle time (the event loop waiting) and garbage collection are shown apart, as V8 names them.

import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '30' }, exclude: { type: 'string' } } });
const file = positionals[0];
if (!file) throw new Error('usage: node --import tsx scripts/profile-top.ts <file.cpuprofile> [--top N]');
const TOP = Number(values.top);
const EXCLUDE = values.exclude ? new RegExp(values.exclude) : null;
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

/** A function's name with where it is (relative to the project, or the package in node_modules). */
function where(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''}`;
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const project = url.indexOf('/src/') >= 0 ? url.indexOf('/src/') : url.indexOf('/scripts/');
  return project >= 0 ? url.slice(project + 1) : url;
}

/** The package (node_modules/<name>), the project's directory (src/<dir>), node's own, or V8's pseudo-frames. */
function owner(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const src = url.indexOf('/src/');
  if (src >= 0) return url.slice(src + 1).split('/').slice(0, 3).join('/');
  return shortUrl(url);
}

const self = new Map<string, number>();
const owners = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
let excluded = 0;
const stackOf = (node: ProfileNode) => {
  const names: string[] = [];
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) names.push(where(byId.get(id)!));
  return names;
};
for (let i = 0; i < profile.samples.length; i++) {
  const us = profile.timeDeltas[i] ?? 0;
  const node = byId.get(profile.samples[i]!);
  if (!node) continue;
  if (EXCLUDE && stackOf(node).some((name) => EXCLUDE.test(name))) {
    excluded += us;
    continue;
  }
  all += us;
  self.set(where(node), (self.get(where(node)) ?? 0) + us);
  owners.set(owner(node), (owners.get(owner(node)) ?? 0) + us);
  for (const name of new Set(stackOf(node))) total.set(name, (total.get(name) ?? 0) + us);
}

const idle = [...self].filter(([name]) => name.startsWith('(idle)') || name.startsWith('(program)')).reduce((s, [, us]) => s + us, 0);
const busy = all - idle;
const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
const print = (title: string, entries: Map<string, number>, skipIdle = true) => {
  console.log(`\n${title}`);
  const rows = [...entries].filter(([name]) => !skipIdle || !(name.startsWith('(idle)') || name.startsWith('(program)') || name.startsWith('(root)')));
  for (const [name, us] of rows.sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(us)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
};

console.log(
  `${file}: ${(all / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (idle and "(program)" left out; percentages are of the busy time)` +
    (EXCLUDE ? `; ${(excluded / 1e6).toFixed(1)} s more left out by --exclude` : ''),
);
print('self time by package or directory', owners);
print('self time by function', self);
print('total time by function (self and callees)', total);
