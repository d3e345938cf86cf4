import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CollectError, collectFiles } from './collect-files.js';

describe('collectFiles', () => {
  let root: string;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'palisade-collect-'));
    await mkdir(join(root, 'proj/.vscode'), { recursive: true });
    await mkdir(join(root, 'proj/node_modules/x'), { recursive: true });
    await mkdir(join(root, 'proj/.git'), { recursive: true });
    await writeFile(join(root, 'proj/package.json'), '{"name":"p"}');
    await writeFile(join(root, 'proj/.vscode/mcp.json'), '{"servers":{}}');
    await writeFile(join(root, 'proj/server.py'), 'print(1)');
    await writeFile(join(root, 'proj/types.d.ts'), 'export {};');
    await writeFile(join(root, 'proj/README.md'), '# hi');
    await writeFile(join(root, 'proj/fake.py'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0]));
    await writeFile(join(root, 'proj/node_modules/x/package.json'), '{}');
    await writeFile(join(root, 'proj/.git/config.json'), '{}');
    await symlink('/etc/passwd', join(root, 'proj/link.json'));
  });
  after(async () => rm(root, { recursive: true, force: true }));

  it('walks a project with the upload type rules, skipping what the scanner would refuse', async () => {
    const skipped: string[] = [];
    const files = await collectFiles(['proj'], {
      cwd: root,
      onSkip: (p, r) => skipped.push(`${p}: ${r}`),
    });
    assert.deepEqual(
      files.map((f) => f.path),
      ['proj/.vscode/mcp.json', 'proj/package.json', 'proj/server.py'],
    );
    assert.deepEqual(skipped, [
      'proj/fake.py: its content is an ELF executable',
      'proj/link.json: symbolic links are not followed',
    ]);
  });

  it('passes explicitly named files through and reports missing ones', async () => {
    const files = await collectFiles(['proj/README.md'], { cwd: root });
    assert.deepEqual(
      files.map((f) => f.path),
      ['proj/README.md'],
    );
    await assert.rejects(collectFiles(['nope'], { cwd: root }), CollectError);
  });
});
