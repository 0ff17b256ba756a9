#!/usr/bin/env node
// Cycles between units of src/ (`src/<folder>`, `src/modules/<module>`; migrations count as part of database/), found
// over dependency-cruiser's graph of files: its `circular` rule sees cycles of files only, and two modules can depend
// on each other through files that form none. Exit 1 names each new dependency that closes or grows a cycle.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const KNOWN = path.join(__dirname, 'known-unit-cycles.json');
const unitOf = (file) => /^src\/(modules\/[^/]+|[^/]+?)(\/|\.ts$)/.exec(file)?.[1] ?? null;

const graph = JSON.parse(
  execFileSync(path.join(ROOT, 'node_modules/.bin/depcruise'), ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd: ROOT,
    maxBuffer: 1 << 28,
  }).toString(),
);
/** unit → units it imports, with one file-level example per edge. */
const edges = new Map();
for (const { source, dependencies } of graph.modules) {
  const from = unitOf(source);
  if (!from) continue;
  for (const { resolved } of dependencies) {
    const to = unitOf(resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, `${source} → ${resolved}`);
  }
}

// Tarjan's strongly connected components: every component of more than one unit is a cycle.
let index = 0;
const order = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(unit) {
  order.set(unit, index);
  low.set(unit, index++);
  stack.push(unit);
  onStack.add(unit);
  for (const next of edges.get(unit)?.keys() ?? []) {
    if (!order.has(next)) {
      visit(next);
      low.set(unit, Math.min(low.get(unit), low.get(next)));
    } else if (onStack.has(next)) low.set(unit, Math.min(low.get(unit), order.get(next)));
  }
  if (low.get(unit) !== order.get(unit)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== unit);
  if (component.length > 1) cycles.push(component.sort());
}
for (const unit of edges.keys()) if (!order.has(unit)) visit(unit);

// The edges inside a cycle: a unit importing another of its own cycle. Those listed in known-unit-cycles.json predate
// the check (to be removed); a new one (a new cycle, or a cycle grown by one more dependency) fails.
const inCycles = cycles.flatMap((units) => units.flatMap((from) => [...(edges.get(from)?.keys() ?? [])].filter((to) => units.includes(to)).map((to) => `${from} → ${to}`)));
const known = new Set(JSON.parse(fs.readFileSync(KNOWN, 'utf8')));
const found = new Set(inCycles);
const fresh = inCycles.filter((edge) => !known.has(edge));
const gone = [...known].filter((edge) => !found.has(edge));
for (const edge of fresh) {
  const [from, to] = edge.split(' → ');
  console.error(`unit cycle: ${edge} closes a cycle (${edges.get(from).get(to)})`);
}
for (const edge of gone) console.error(`${edge} is no longer in a cycle: remove it from scripts/known-unit-cycles.json`);
if (fresh.length > 0 || gone.length > 0) process.exit(1);
console.log(`no new cycle between units (${edges.size} units; ${known.size} known dependencies in cycles left to remove)`);
