// What can be checked from inside a desktop VS Code's extension host: the extension
// activates on the examples, registers every command it declares, and its core composes
// the example persona as the runtime would.
import assert from 'node:assert/strict';
import path from 'node:path';
import * as vscode from 'vscode';
import { BOOTSTRAP_ORDER, composeSoul } from '../../../src/core';

const EXTENSION_ID = 'persona-studio.persona-studio';
const examples = process.env.PERSONA_STUDIO_EXAMPLES ?? '';

describe('Persona Studio in desktop VS Code', () => {
  it('activates in the examples folder', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is loaded`);
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('registers every command it declares', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    await extension.activate();
    const declared: string[] = extension.packageJSON.contributes.commands.map((c: { command: string }) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      declared.filter((command) => !registered.has(command)),
      [],
      'declared but not registered',
    );
  });

  it('composes the example persona with all seven files in bootstrap order', () => {
    const { soul, found } = composeSoul(path.join(examples, 'ava'));
    assert.deepEqual(found, [...BOOTSTRAP_ORDER]);
    const positions = BOOTSTRAP_ORDER.map((name) => soul.indexOf(`## ${name}\n\n`));
    assert.deepEqual(
      [...positions].sort((a, b) => a - b),
      positions,
    );
    assert.ok(soul.includes('You are Ava, a calm and precise ops assistant.'));
  });
});
