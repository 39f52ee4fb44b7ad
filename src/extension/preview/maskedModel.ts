// The preview's blocks with each secret masked (`sk-pr…9f2c`): the text the page receives
// is masked before it leaves the extension host. Pure (no vscode).
import type { SoulModel } from './blocks';

/** Every text of the model the page shows, through `mask`; sizes still describe what is sent. */
export function maskModel(model: SoulModel, mask: (text: string) => string): SoulModel {
  return {
    ...model,
    preamble: mask(model.preamble),
    sections: model.sections.map((section) => ({
      ...section,
      head: mask(section.head),
      tail: mask(section.tail),
      ...(section.dropped && { dropped: { ...section.dropped, text: mask(section.dropped.text) } }),
    })),
  };
}
