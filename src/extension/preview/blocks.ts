// A runtime's composition as the preview's blocks: the preamble, then each file that
// sends text as head + marker + tail followed by its separator. The blocks concatenate
// to `Composition.text` exactly. Pure (no vscode); keeps what it can between keystrokes.
import { Composition, FileMeasure, utf8Length } from '../../core';
import type { DroppedView, LinkedView, SectionMeta, Totals, UnsentGroup } from '../../webview/protocol';
import { droppedView, runtimeTotalText, sectionMeta, sizeIn, totalsText, unsentLabel } from './soulModel';

/**
 * Below this many UTF-16 units the composed text is read on every pass; above it
 * (seven 2 MB files) the separators are read again only when the layout changes.
 */
export const SMALL_TEXT = 256 * 1024;

/** A section as the preview holds it: its text is `head + meta.marker + tail`. */
export interface BlockModel {
  readonly meta: SectionMeta;
  readonly head: string;
  readonly tail: string;
  readonly dropped?: DroppedView;
  /** UTF-8 bytes of the section and its separator in the soul. */
  readonly soulBytes: number;
}

export interface SoulModel {
  readonly preamble: string;
  readonly sections: readonly BlockModel[];
  readonly totals: Totals;
}

interface Split {
  readonly section: string;
  /** The measure's marker this split looked for ('' when none). */
  readonly sought: string;
  /** The marker as found in the section ('' when not). */
  readonly marker: string;
  readonly head: string;
  readonly tail: string;
  readonly bytes: number;
}

/**
 * Where the runtime's marker stands in a section: the occurrence nearest to where the
 * kept tail begins (the file's own text may contain the marker's words too).
 */
export function markerIndex(section: string, marker: string, tailLength: number): number {
  const guess = Math.max(0, section.length - tailLength - marker.length);
  const before = section.lastIndexOf(marker, guess);
  const after = section.indexOf(marker, guess + 1);
  if (before < 0) return after;
  if (after < 0) return before;
  return guess - before <= after - guess ? before : after;
}

function soughtMarker(file: FileMeasure): string {
  return file.status === 'cut' ? (file.marker ?? '') : '';
}

function splitSection(file: FileMeasure): Split {
  const { section } = file;
  const bytes = utf8Length(section);
  const sought = soughtMarker(file);
  if (sought) {
    const tailSpan = file.kept.length > 1 ? file.kept[file.kept.length - 1] : undefined;
    const tailLength = tailSpan ? Math.max(0, Math.min(tailSpan.end, file.text.length) - tailSpan.start) : 0;
    // A notice after kept white space only may be sent without its leading newline.
    for (const marker of [sought, sought.trimStart()]) {
      if (marker === '') continue;
      const at = markerIndex(section, marker, tailLength);
      if (at >= 0) return { section, sought, marker, head: section.slice(0, at), tail: section.slice(at + marker.length), bytes };
    }
  }
  return { section, sought, marker: '', head: section, tail: '', bytes };
}

/** The runtime read less of the file than its dropped spans cover (a file past its read limit). */
export function readInPart(file: FileMeasure, composition: Composition): boolean {
  const last = file.dropped[file.dropped.length - 1];
  return last !== undefined && last.end > file.text.length && sizeIn(composition.unit, file.text) < file.size;
}

function withText(file: FileMeasure, text: string | undefined): FileMeasure {
  return text === undefined || text.length <= file.text.length ? file : { ...file, text };
}

/** Builds the blocks of one webview's persona, pass after pass. */
export class SoulBlocks {
  private readonly splits = new Map<string, Split>();
  private readonly metas = new Map<string, { readonly key: readonly unknown[]; readonly meta: SectionMeta }>();
  private layout: { readonly key: string; readonly preamble: string; readonly separators: readonly string[] } | undefined;

  constructor(private readonly smallText = SMALL_TEXT) {}

  /**
   * `fuller` holds, for a revealed file the runtime read only the start of, more of its
   * text (the same start, then what follows), so that its dropped text can be shown.
   */
  build(
    composition: Composition,
    runtimeLabel: string,
    revealed: (name: string) => boolean,
    fuller?: ReadonlyMap<string, string>,
    /** Linked files held back, by name: each shows as a placeholder, with no text of its own. */
    linked?: ReadonlyMap<string, LinkedView>,
  ): SoulModel {
    const sending = composition.files.filter((file) => file.offset >= 0 && file.section !== '').sort((a, b) => a.offset - b.offset);
    const { preamble, separators } = this.separators(composition, sending);
    let bytes = utf8Length(preamble);
    const sent = sending.map((file, i): BlockModel => {
      const split = this.split(file);
      const separator = separators[i];
      const soulBytes = split.bytes + utf8Length(separator);
      bytes += soulBytes;
      const open = revealed(file.name);
      return {
        meta: this.meta(file, composition, { marker: split.marker, separator, revealed: open }),
        head: split.head,
        tail: split.tail,
        dropped: open ? droppedView(withText(file, fuller?.get(file.name)), composition.unit, runtimeLabel) : undefined,
        soulBytes,
      };
    });
    for (const name of [...this.splits.keys()]) if (!sending.some((file) => file.name === name)) this.splits.delete(name);
    const sections = linked && linked.size > 0 ? withPlaceholders(sent, composition, linked) : sent;
    const unsent: UnsentGroup[] = [];
    for (const file of composition.files) {
      if ((file.offset >= 0 && file.section !== '') || linked?.has(file.name)) continue;
      const group = unsent.find((candidate) => candidate.status === file.status);
      // Why a file the runtime finds is not read, when its rules say (Hermes: "not read: .hermes.md wins").
      const name = file.status === 'notLoaded' && file.note?.startsWith('not read: ') ? `${file.name} (${notReadWhy(file.note)})` : file.name;
      if (group) (group.names as string[]).push(name);
      else unsent.push({ status: file.status, label: unsentLabel(file.status, runtimeLabel), names: [name] });
    }
    return {
      preamble,
      sections,
      totals: {
        bytes,
        text: totalsText(bytes, sent.length),
        runtimeText: runtimeTotalText(runtimeLabel, composition.unit, composition.total),
        state: composition.total.state,
        unsent,
      },
    };
  }

  /** The text before the first section and after each: read from the composed text when it is cheap or new. */
  private separators(composition: Composition, sending: readonly FileMeasure[]): { preamble: string; separators: readonly string[] } {
    const ends = sending.map((file) => file.offset + file.section.length);
    const gaps = sending.map((_, i) => (i + 1 < sending.length ? sending[i + 1].offset - ends[i] : -1));
    const key = [composition.runtime, sending[0]?.offset ?? -1, ...sending.map((file, i) => `${file.name}:${file.status}:${gaps[i]}`)].join('|');
    const length = ends.length > 0 ? ends[ends.length - 1] : 0;
    if (length > this.smallText && this.layout?.key === key) return this.layout;
    const { text } = composition;
    const preamble = sending.length > 0 ? text.slice(0, sending[0].offset) : text;
    const separators = sending.map((_, i) => text.slice(ends[i], i + 1 < sending.length ? sending[i + 1].offset : text.length));
    this.layout = { key, preamble, separators };
    return this.layout;
  }

  private split(file: FileMeasure): Split {
    const held = this.splits.get(file.name);
    // Same string, same marker: a file that did not change costs nothing here.
    if (held && held.section === file.section && held.sought === soughtMarker(file)) return held;
    const split = splitSection(file);
    this.splits.set(file.name, split);
    return split;
  }

  /** Finding a cut's line walks the file: done again only when the file or its cut changed. */
  private meta(file: FileMeasure, composition: Composition, layout: { marker: string; separator: string; revealed: boolean }): SectionMeta {
    const key = [
      file.text,
      file.status,
      file.size,
      file.effectiveCap,
      file.cap,
      file.state,
      file.keptSize,
      file.droppedSize,
      file.note,
      JSON.stringify(file.kept),
      JSON.stringify(file.dropped),
      composition.unit,
      layout.marker,
      layout.separator,
      layout.revealed,
    ];
    const held = this.metas.get(file.name);
    if (held && held.key.length === key.length && held.key.every((value, i) => value === key[i])) return held.meta;
    const meta = sectionMeta(file, composition.unit, layout);
    this.metas.set(file.name, { key, meta });
    return meta;
  }
}

/**
 * The sections with each held-back linked file's placeholder: on its own section when it
 * sends one, else a section of no text placed where the runtime loads the file.
 */
function withPlaceholders(sections: readonly BlockModel[], composition: Composition, linked: ReadonlyMap<string, LinkedView>): BlockModel[] {
  const order = new Map(composition.files.map((file, i) => [file.name, i]));
  const result = sections.map((block) => {
    const view = linked.get(block.meta.name);
    return view ? { ...block, meta: { ...block.meta, linked: view }, dropped: undefined } : block;
  });
  for (const [name, view] of linked) {
    if (result.some((block) => block.meta.name === name)) continue;
    const at = order.get(name) ?? Number.MAX_SAFE_INTEGER;
    const placeholder: BlockModel = {
      meta: {
        name,
        status: 'linked',
        size: 0,
        fraction: 0,
        state: 'ok',
        sizeText: '',
        countsText: '',
        note: '',
        marker: '',
        separator: '',
        cutText: '',
        cut: false,
        revealed: false,
        linked: view,
      },
      head: '',
      tail: '',
      soulBytes: 0,
    };
    const before = result.findIndex((block) => (order.get(block.meta.name) ?? Number.MAX_SAFE_INTEGER) > at);
    result.splice(before < 0 ? result.length : before, 0, placeholder);
  }
  return result;
}

/** "not read: .hermes.md wins", of "not read: .hermes.md wins (Hermes loads one type of project file)". */
export function notReadWhy(note: string): string {
  return note.replace(/ \(.*\)$/, '');
}
