#!/usr/bin/env node
// Import boundaries (docs: ARCHITECTURE.md, "Areas never import each other's internals"): an area
// reaches another only through the layer that composes them (web/src/app, features/registry.ts,
// server/src/modules/index.ts), and the shared layers below never reach up into an area. Biome's
// restricted imports match specifier text, not where a relative path lands, so this resolves each
// relative specifier and judges the file it points at.
//
// Usage: node scripts/check-boundaries.mjs [root]. Exit 1 naming file:line and the rule broken.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const SKIP = new Set(['node_modules', 'dist', 'build', 'coverage']);

/** The area a path lies in, or null: `feature:<a>`, `module:<a>`, `shared-web`, `shared-server`. */
function zoneOf(path) {
  const parts = relative(root, path).split(sep);
  const [top, src, area, name, ...rest] = parts;
  if (src !== 'src') return null;
  // A file directly under features/ or modules/ (registry.ts, index.ts) composes the areas.
  const inArea = rest.length > 0;
  if (top === 'web' && area === 'features' && inArea)
    return { kind: 'feature', area: name, label: `web/src/features/${name}` };
  if (top === 'web' && area === 'components') return { kind: 'shared', label: 'web/src/components' };
  if (top === 'server' && area === 'modules' && inArea)
    return { kind: 'module', area: name, label: `server/src/modules/${name}` };
  if (top === 'server' && ['http', 'resources', 'domain'].includes(area))
    return { kind: 'shared', label: `server/src/${area}` };
  return null;
}

/** Where an import lands: `features`/`modules` with its area (`null` for a file directly in it). */
function targetOf(path) {
  const [top, src, area, name, ...rest] = relative(root, path).split(sep);
  if (src !== 'src') return null;
  const sub = rest.length > 0 ? name : null;
  if (top === 'web' && area === 'features')
    return { kind: 'feature', area: sub, label: `web/src/features${sub ? `/${sub}` : ''}` };
  if (top === 'server' && area === 'modules')
    return { kind: 'module', area: sub, label: `server/src/modules${sub ? `/${sub}` : ''}` };
  return null;
}

function* sourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

// Static imports and re-exports (`from '...'`, also the last line of a multi-line import), side-effect
// imports, dynamic imports, require and vi.mock: every way a file can name another.
const SPECIFIERS = [
  /\bfrom\s*['"]([^'"]+)['"]/g,
  /^\s*import\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]/g,
  /\brequire\s*\(\s*['"]([^'"]+)['"]/g,
  /\bvi\.(?:mock|doMock|importActual)\s*\(\s*['"]([^'"]+)['"]/g,
];

function ruleBroken(from, to) {
  if (!to) return null;
  if (from.kind === 'shared') return `${from.label} is shared and must not import an area (${to.label})`;
  if (to.area === null || to.area === from.area) return null;
  if (from.kind === 'feature' && to.kind === 'feature')
    return `${from.label} imports ${to.label}: features never import each other; move the piece into web/src/components or compose it in web/src/app`;
  if (from.kind === 'module' && to.kind === 'module')
    return `${from.label} imports ${to.label}: modules never import each other; move the piece into server/src/http, resources or domain, or compose it in server/src/modules/index.ts`;
  return null;
}

const problems = [];
let checked = 0;
for (const base of ['web/src', 'server/src']) {
  for (const file of sourceFiles(join(root, base))) {
    const from = zoneOf(file);
    if (!from) continue;
    checked++;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      const trimmed = line.trimStart();
      if (trimmed.startsWith('//') || trimmed.startsWith('*')) return;
      for (const pattern of SPECIFIERS) {
        for (const match of line.matchAll(pattern)) {
          const spec = match[1];
          if (!spec.startsWith('.')) continue;
          const rule = ruleBroken(from, targetOf(resolve(dirname(file), spec)));
          if (rule) problems.push(`${relative(root, file)}:${i + 1}: '${spec}': ${rule}`);
        }
      }
    });
  }
}

if (problems.length > 0) {
  console.error(`Import boundaries: ${problems.length} crossing import(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Import boundaries: ${checked} files, no crossing import`);
