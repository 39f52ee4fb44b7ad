// The prompt after openclaw doctor --fix in the editor (in-memory VS Code): the measurement's
// preview of it, and what the tree says of the files doctor moves.
import assert from 'node:assert';
import { memory } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import { agentsAfterToolsMigration } from '../../src/core';
import { Measurements } from '../../src/extension/model/measurements';
import { PersonaWorkspace } from '../../src/extension/model/personaWorkspace';
import { doctorDescription, doctorTooltip } from '../../src/extension/doctor/treeLines';

const agents = `# Agents\n\n## Tools\n\n${'Use the skills you have. '.repeat(760)}\n\n## Safety\n\nAsk first.\n`;
const tools = `# Tools\n\n${'- camera: living-room\n'.repeat(150)}`;
let workspaces = 0;

describe('the prompt after openclaw doctor --fix, in the editor', () => {
  let personas: PersonaWorkspace | undefined;
  let measurements: Measurements | undefined;
  afterEach(() => {
    measurements?.dispose();
    personas?.dispose();
    memory.configure('personaStudio.runtime', undefined);
    memory.configure('personaStudio.openclaw.version', undefined);
  });

  async function open(files: Record<string, string>, release: string): Promise<vscode.Uri> {
    const root = memory.openWorkspace(`/doctor${++workspaces}`) as unknown as vscode.Uri;
    for (const [name, text] of Object.entries(files)) memory.write(`${root.path}/ava/${name}`, text);
    memory.configure('personaStudio.runtime', 'openclaw');
    memory.configure('personaStudio.openclaw.version', release);
    personas = new PersonaWorkspace();
    measurements = new Measurements(personas);
    await personas.refresh('test');
    return vscode.Uri.joinPath(root, 'ava');
  }

  it('composes the persona after the fix under 2026.9.6, and the tree says where TOOLS.md goes and what AGENTS.md then loses', async () => {
    const folder = await open({ 'AGENTS.md': agents, 'SOUL.md': 'warm', 'TOOLS.md': tools }, '2026.9.6');
    const preview = (await measurements!.afterDoctor(folder))!;
    assert.ok(preview);
    assert.strictEqual(await measurements!.afterDoctor(folder), preview, 'once per composition');
    const merged = agentsAfterToolsMigration(agents, tools);
    const after = preview.composition.files.find((file) => file.name === 'AGENTS.md')!;
    assert.strictEqual(after.text, merged);
    assert.strictEqual(after.status, 'cut');
    // The disk is as it was.
    assert.strictEqual((await measurements!.composition(folder)).files.find((file) => file.name === 'TOOLS.md')?.status, 'notLoaded');
    assert.strictEqual(doctorDescription(preview, 'TOOLS.md'), 'doctor --fix: into AGENTS.md');
    const tooltip = doctorTooltip(preview, 'TOOLS.md').join('\n');
    assert.match(tooltip, /Doctor merges TOOLS\.md into the Tools section of AGENTS\.md/);
    assert.ok(tooltip.includes(`AGENTS.md: ${merged.trimEnd().length.toLocaleString('en-US')} of 20,000 chars`), tooltip);
    assert.ok(tooltip.includes(`${after.droppedSize.toLocaleString('en-US')} chars of AGENTS.md would then be cut`), tooltip);
    assert.deepStrictEqual(doctorTooltip(preview, 'SOUL.md'), []);
  });

  it('has nothing to show under 2026.7.35, which loads TOOLS.md', async () => {
    const folder = await open({ 'AGENTS.md': agents, 'TOOLS.md': tools }, '2026.7.35');
    assert.strictEqual(await measurements!.afterDoctor(folder), undefined);
    assert.strictEqual(doctorDescription(undefined, 'TOOLS.md'), undefined);
  });

  it('says HEARTBEAT.md moves out and memory.md goes into MEMORY.md', async () => {
    const folder = await open({ 'MEMORY.md': '# MEMORY\n', 'memory.md': 'old fact\n', 'HEARTBEAT.md': '# HB\n' }, '2026.9.6');
    const preview = (await measurements!.afterDoctor(folder))!;
    assert.strictEqual(doctorDescription(preview, 'HEARTBEAT.md'), 'doctor --fix: moved out');
    assert.strictEqual(doctorDescription(preview, 'memory.md'), 'doctor --fix: into MEMORY.md');
    assert.match(doctorTooltip(preview, 'memory.md').join('\n'), /MEMORY\.md would still be sent whole/);
    assert.ok(preview.composition.text.includes('## Imported From Legacy Root memory.md'));
  });
});
