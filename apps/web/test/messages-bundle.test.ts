import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const viteBin = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');

/**
 * Builds one module as the web build does (Vite with build/messages-plugin.ts) and gives the code of its chunks,
 * or throws with the build's output. In a child process: esbuild, which Vite runs, refuses jsdom's globals.
 */
async function bundle(code: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'funkis-messages-bundle-'));
  try {
    fs.writeFileSync(path.join(dir, 'entry.ts'), code);
    fs.writeFileSync(
      path.join(dir, 'vite.config.ts'),
      `import { messagesPlugin } from ${JSON.stringify(path.join(webDir, 'build/messages-plugin.ts'))};
export default {
  root: ${JSON.stringify(dir)},
  logLevel: 'error',
  plugins: [messagesPlugin()],
  resolve: { alias: { '@funkis/shared': ${JSON.stringify(path.join(webDir, '../../packages/shared/src/index.ts'))} } },
  build: { outDir: 'dist', minify: false, rollupOptions: { input: ${JSON.stringify(path.join(dir, 'entry.ts'))} } },
};
`,
    );
    try {
      await promisify(execFile)(process.execPath, [viteBin, 'build', '--config', path.join(dir, 'vite.config.ts')], {
        cwd: webDir,
      });
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(`${stdout}\n${stderr}`);
    }
    const assets = path.join(dir, 'dist/assets');
    return fs
      .readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(assets, file), 'utf8'))
      .join('\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Each test runs a Vite build: seconds, more on a busy machine.
describe('the shared message catalogue stays out of the web chunks (decision 017)', { timeout: 60_000 }, () => {
  it('the shared form validation the apply page and the form builder run brings keys only, no texts', async () => {
    const code = await bundle(`
      import { checkFieldNames, validateAnswers, validateFormFields } from '@funkis/shared';
      const field = { name: 'phone', type: 'phone', label: 'Phone', required: true };
      Object.assign(globalThis, {
        result: [validateAnswers([field], {}), validateFormFields([field]), checkFieldNames([field], [], 0)],
      });
    `);
    expect(code).toContain('error.phoneInvalid');
    expect(code).not.toContain('This field is required.');
    expect(code).not.toContain('Det här fältet är obligatoriskt.');
  });

  it('fails the build when a chunk bundles the catalogue, naming it', async () => {
    await expect(
      bundle(`
        import { messageText } from '@funkis/shared';
        Object.assign(globalThis, { result: messageText('error.required') });
      `),
    ).rejects.toThrow(/shared message catalogue is bundled into the web app[\s\S]*messages\/index\.ts/);
  });
});
