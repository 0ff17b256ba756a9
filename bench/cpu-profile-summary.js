#!/usr/bin/env node
// `node bench/cpu-profile-summary.js FILE.cpuprofile [TOP]`: where a V8 CPU profile (from BENCH_CPU_PROF) spent its
// time — the TOP functions by self time, and the share of each package or source area including what it called.
const fs = require('node:fs');

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/cpu-profile-summary.js FILE.cpuprofile [TOP]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const TOP = Number(topArg || 40);

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const self = new Map();
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  self.set(id, (self.get(id) ?? 0) + dt);
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = [...self].filter(([id]) => ['(idle)', '(program)'].includes(nodes.get(id).callFrame.functionName)).reduce((a, [, t]) => a + t, 0);
const busy = total - idle;
const pct = (t) => `${((100 * t) / busy).toFixed(1).padStart(5)} %`;

/** The area a frame belongs to: an npm package, a directory of src/, or a V8 pseudo-frame. */
function areaOf(frame) {
  const url = frame.url || '';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/dist\/(.+)\/[^/]+\.js$/.exec(url);
  if (own) return `dist/${own[1]}`;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  return frame.functionName.startsWith('(') ? frame.functionName : '(node internals)';
}

const byFunction = new Map();
const areaSelf = new Map();
const areaInclusive = new Map();
for (const [id, t] of self) {
  const frame = nodes.get(id).callFrame;
  if (['(idle)', '(program)'].includes(frame.functionName)) continue;
  const key = `${frame.functionName || '(anonymous)'} ${(frame.url || '').replace(/^.*\/(node_modules|dist)\//, '$1/')}:${frame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + t);
  areaSelf.set(areaOf(frame), (areaSelf.get(areaOf(frame)) ?? 0) + t);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parentOf.get(cur)) {
    const area = areaOf(nodes.get(cur).callFrame);
    if (!seen.has(area)) {
      seen.add(area);
      areaInclusive.set(area, (areaInclusive.get(area) ?? 0) + t);
    }
  }
}

console.log(`busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms sampled\n\nself time, top ${TOP}:`);
for (const [k, t] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(t)}  ${k}`);
console.log('\nby area, self time:');
for (const [k, t] of [...areaSelf].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(t)}  ${k}`);
console.log('\nby area, including what it called (middleware includes what runs after it):');
for (const [k, t] of [...areaInclusive].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(t)}  ${k}`);
