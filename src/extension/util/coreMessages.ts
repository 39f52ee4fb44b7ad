// The core's sentences (src/core/messages.ts) in the user's language: one direct
// `vscode.l10n.t` call per message id, so `npm run l10n` extracts every one. Each literal
// is the core's English text, character for character (a unit test holds them together).
import * as vscode from 'vscode';
import type { CoreMessageId, MessageArg, Render } from '../../core';

// "\uFFFD" is written as the character itself: the extractor misreads that escape.
export const localize: Render = (id: CoreMessageId, ...args: MessageArg[]): string => {
  switch (id) {
    case 'fileNear':
      return vscode.l10n.t('{0} is near the 2 MB bootstrap cap: {2} of {3} bytes ({1}), {4} bytes left before the runtime cuts it.', ...args);
    case 'fileOver':
      return vscode.l10n.t(
        '{0} is {1} bytes over the 2 MB bootstrap cap ({2} bytes): the runtime drops everything from here to the end of the file ({1} bytes) and appends "{3}".',
        ...args,
      );
    case 'fileSplitsCharacter':
      return vscode.l10n.t('The cap splits the character here: the part kept becomes "�".');
    case 'heartwoodLoaderCap':
      return vscode.l10n.t("the loader's maxChars");
    case 'heartwoodRouteCap':
      return vscode.l10n.t("the route's heartwoodMaxChars ceiling");
    case 'heartwoodNear':
      return vscode.l10n.t('{0} is near its cap of {3} characters ({4}): {2} characters ({1}), {5} left before it is cut.', ...args);
    case 'heartwoodOver':
      return vscode.l10n.t(
        '{0} is {1} characters over its cap of {2} characters ({3}): the identity section keeps the first {2} characters of the trimmed text and drops everything from here to the end of the file.',
        ...args,
      );
    case 'heartwoodSplitsPair':
      return vscode.l10n.t('The cap splits a surrogate pair here: the half kept becomes "�".');
    case 'miscased':
      return vscode.l10n.t('{0} is not read as {1} on a case-sensitive file system: the runtime matches bootstrap file names exactly. Rename it to {1}.', ...args);
    case 'sizeChars':
      return vscode.l10n.t('{0} chars', ...args);
    case 'sizeCodePoints':
      return vscode.l10n.t('{0} code points', ...args);
    case 'sizeBytes':
      return vscode.l10n.t('{0} bytes', ...args);
    case 'budgetSpent':
      return vscode.l10n.t("{0} is not sent: {1}'s total budget is spent before it ({2} dropped).", ...args);
    case 'budgetLeaves':
      return vscode.l10n.t(' (its own cap is {0}; the total budget leaves {1})', ...args);
    case 'runtimeOver':
      return vscode.l10n.t("{0} is over {1}'s cap of {2}{3}: {4}. The marked text ({5}) is not sent.", ...args);
    case 'runtimeKeeps':
      return vscode.l10n.t('{0} keeps {1} of {2}', ...args);
    case 'runtimeNear':
      return vscode.l10n.t("{0} is near {1}'s cap of {2}: {3} ({4}), {5} left before {1} cuts it.", ...args);
    case 'shareOf':
      return vscode.l10n.t('{0} of {1}', ...args);
    case 'rowMarkerSent':
      return vscode.l10n.t('marker sent');
    case 'rowNotLoaded':
      return vscode.l10n.t('not loaded by {0}', ...args);
    case 'rowUnreadable':
      return vscode.l10n.t('unreadable');
    case 'rowDropped':
      return vscode.l10n.t('dropped: budget spent');
    case 'statusSoul':
      return vscode.l10n.t('Soul');
    case 'statusHeartwood':
      return vscode.l10n.t('$(person) Heartwood {0} chars · {1}', ...args);
    case 'statusNotLoaded':
      return vscode.l10n.t('$(person) {0} {1} · {2} is not loaded', ...args);
    case 'statusActive':
      return vscode.l10n.t('$(person) {0} {1} · {2} {3}', ...args);
    case 'statusNotRead':
      return vscode.l10n.t('$(person) {0} {1} · {2} is not read', ...args);
    case 'statusTotal':
      return vscode.l10n.t('$(person) {0} {1}', ...args);
    case 'tokensOne':
      return vscode.l10n.t('{0} token', ...args);
    case 'tokensMany':
      return vscode.l10n.t('{0} tokens', ...args);
    case 'contextShare':
      return vscode.l10n.t('{0} of {1} ({2})', ...args);
    case 'sentEveryTurn':
      return vscode.l10n.t('sent on every turn: {0}', ...args);
    case 'cacheToolnexus':
      return vscode.l10n.t('composeSoul returns the soul alone; where it lands in a prompt is up to the host, so what a cache keeps of it is not known here.');
    case 'cacheOpenclaw':
      return vscode.l10n.t(
        'OpenClaw ends the stable part of its system prompt with Project Context, just before its cache boundary: all of it is on the cached side, and stays cached while nothing before it changes.',
      );
    case 'cacheZeroclaw':
      return vscode.l10n.t('ZeroClaw puts Project Context in the system prompt: it is cached only as part of an unchanged prompt prefix, where the provider caches one.');
    case 'cacheCodex':
      return vscode.l10n.t('Codex sends AGENTS.md as the first user message: it is cached only as part of an unchanged conversation prefix, where the provider caches one.');
    case 'purposeAgents':
      return vscode.l10n.t('Operating rules: how the agent works, what it must always and never do.');
    case 'purposeSoul':
      return vscode.l10n.t('Character and values: who the agent is when nobody is giving it rules.');
    case 'purposeIdentity':
      return vscode.l10n.t('Name, role and the facts about itself the agent should state the same way every time.');
    case 'purposeUser':
      return vscode.l10n.t('Who the agent serves: the people, their context, their preferences.');
    case 'purposeTools':
      return vscode.l10n.t('The tools at hand and when (and when not) to reach for each.');
    case 'purposeHeartbeat':
      return vscode.l10n.t('What to do on a scheduled wake-up with nobody asking: checks, routines, reports.');
    case 'purposeMemory':
      return vscode.l10n.t('Durable facts learned over time. Composed last; the agent may append here.');
    case 'purposeHeartwood':
      return vscode.l10n.t('A single-file identity: who the agent is, then an optional "## Voice & Tone" section.');
  }
};
