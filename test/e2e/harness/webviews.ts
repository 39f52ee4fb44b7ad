// Webviews: VS Code renders each in an <iframe class="webview"> laid over the workbench,
// whose inner #active-frame holds the extension's document. The outer iframe's URL names
// the extension and, for a webview view, purpose=webviewView; a webview panel has none.
import { FrameLocator, Page } from 'playwright-core';
import { waitForValue } from './eventually';

export const EXTENSION_ID = 'persona-studio.persona-studio';

/**
 * Which webview: our soul view ('personaStudio.soul', a webview view in our container),
 * our preview panels ('personaStudio.preview', editor tabs), or any extension's, by id
 * and whether it is a webview view.
 */
export type WebviewKind = 'personaStudio.soul' | 'personaStudio.preview' | { extensionId: string; view: boolean };

function selectorFor(kind: WebviewKind): string {
  const { extensionId, view } =
    kind === 'personaStudio.soul' ? { extensionId: EXTENSION_ID, view: true } : kind === 'personaStudio.preview' ? { extensionId: EXTENSION_ID, view: false } : kind;
  const purpose = view ? '[src*="purpose=webviewView"]' : ':not([src*="purpose="])';
  return `iframe.webview.ready[src*="extensionId=${encodeURIComponent(extensionId)}&"]${purpose}`;
}

/** Indexes (in document order) of the matching webviews that are on screen. */
async function visibleIndexes(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((frames) =>
    frames.flatMap((frame, index) => {
      const box = frame.getBoundingClientRect();
      return getComputedStyle(frame).visibility === 'visible' && box.width > 0 && box.height > 0 ? [index] : [];
    }),
  );
}

/** How many webviews of this kind are on screen now. */
export async function visibleWebviewCount(page: Page, kind: WebviewKind): Promise<number> {
  return (await visibleIndexes(page, selectorFor(kind))).length;
}

/**
 * The document of a webview that is on screen, waiting for one to be; `index` picks among
 * several visible ones (in the order they were created).
 */
export async function webviewFrame(page: Page, kind: WebviewKind, options: { index?: number; timeout?: number } = {}): Promise<FrameLocator> {
  const selector = selectorFor(kind);
  const index = options.index ?? 0;
  const visible = await waitForValue(
    () => visibleIndexes(page, selector),
    (indexes) => indexes.length > index,
    `webview ${JSON.stringify(kind)} #${index} to be visible`,
    { timeout: options.timeout },
  );
  const frame = page.locator(selector).nth(visible[index]).contentFrame().frameLocator('#active-frame');
  await frame.locator('body').waitFor({ state: 'attached', timeout: options.timeout ?? 30_000 });
  return frame;
}

/** The visible text of a webview's document (its body's innerText). */
export async function webviewText(page: Page, kind: WebviewKind, options: { index?: number; timeout?: number } = {}): Promise<string> {
  const frame = await webviewFrame(page, kind, options);
  return frame.locator('body').innerText();
}
