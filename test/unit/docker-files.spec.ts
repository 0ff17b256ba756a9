import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

/**
 * What the image is built from and how compose runs it: pinned base images, a build context without tests or local
 * state, no compiled tests in the image's dist/, and long-running services that come back after a crash or a reboot.
 */
describe('Docker files', () => {
  const root = path.resolve(__dirname, '../..');
  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

  it('pins every base image to an exact Node 20 release', () => {
    const images = [...read('docker/Dockerfile').matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(images).toHaveLength(2);
    for (const image of images) expect(image).toMatch(/^node:20\.\d+\.\d+-bookworm-slim$/);
  });

  it('sends no tests, builds, local data, secrets or git history to the build', () => {
    const ignored = read('.dockerignore').split('\n').map((line) => line.trim());
    for (const entry of ['.git', 'node_modules', 'dist', 'data', 'test', '.env', 'coverage']) expect(ignored).toContain(entry);
  });

  it('compiles no spec file into the build the image ships', () => {
    expect(JSON.parse(read('nest-cli.json')).compilerOptions.tsConfigPath).toBe('tsconfig.build.json');
    const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.build.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    expect(config.fileNames.filter((f) => f.endsWith('.spec.ts'))).toEqual([]);
    expect(config.fileNames.some((f) => f.endsWith('src/main.ts'))).toBe(true);
  });

  it('restarts every long-running compose service unless stopped; the one-shot migration runs once', () => {
    const compose = read('docker/compose.yaml');
    const services = compose.slice(compose.indexOf('\nservices:'));
    /** A service's lines, up to the next service. */
    const block = (name: string) => services.slice(services.indexOf(`\n  ${name}:`) + 1).split(/\n {2}\S/)[0];
    for (const name of ['mysql', 'redis', 'proxy']) expect(block(name)).toContain('restart: unless-stopped');
    expect(compose.slice(0, compose.indexOf('\nservices:'))).toContain('restart: unless-stopped'); // the instances' anchor
    expect(block('migrate')).toContain('dist/database/migrate.js');
    expect(block('migrate')).not.toContain('restart:');
  });
});
