// The seed's composeSoul as a runtime profile: seven files, 2 MB in bytes each, cut at
// the byte with a notice, `## NAME` sections joined by a blank line. compose.ts holds
// the composition itself; this file measures it in the shape every surface reads.
import { BOOTSTRAP_ORDER, DEFAULT_WARN_AT, MAX_FILE_BYTES } from '../bootstrap';
import { BootstrapSource, composeSection, SECTION_SEPARATOR, SoulSection } from '../compose';
import { formatCount } from '../format';
import { CapState, capState, reportFile, worseState } from '../report';
import { decodeUtf8, utf8Length } from '../utf8';
import { Composition, FileContent, FileMeasure, PersonaInput, RuntimeOptions, RuntimeProfile } from './profile';

/** The bytes or text composeSection takes, from what was read. */
export function bootstrapSource(content: FileContent): BootstrapSource | undefined {
  if (content.kind === 'unreadable') return undefined;
  return content.kind === 'text' ? content.text : content.bytes;
}

interface Measured {
  readonly section: SoulSection;
  readonly text: string;
  readonly cutIndex?: number;
}

// One measurement per file version: callers keep the same content object until the file changes.
const measured = new WeakMap<FileContent, Measured>();

function measureContent(name: (typeof BOOTSTRAP_ORDER)[number], content: FileContent, source: BootstrapSource): Measured {
  const cached = measured.get(content);
  if (cached && cached.section.name === name) return cached;
  const section = composeSection(name, source);
  const text = typeof source === 'string' ? source : decodeUtf8(source);
  const cutIndex = section.truncated ? reportFile(name, source).cut?.index : undefined;
  const result = { section, text, cutIndex };
  measured.set(content, result);
  return result;
}

function compose(input: PersonaInput, options: RuntimeOptions = {}): Composition {
  const warnAt = options.warnAt ?? DEFAULT_WARN_AT;
  const files: FileMeasure[] = [];
  const parts: string[] = [];
  let offset = 0;
  let total = 0;
  for (const name of BOOTSTRAP_ORDER) {
    const content = input.files.get(name);
    const source = content && bootstrapSource(content);
    if (!content || source === undefined) {
      files.push(nothingSent(name, content ? 'unreadable' : 'absent'));
      continue;
    }
    const { section, text, cutIndex } = measureContent(name, content, source);
    const size = content.kind === 'bytes' ? Math.max(content.size, content.bytes.byteLength) : section.bytes;
    if (parts.length > 0) offset += SECTION_SEPARATOR.length;
    const truncated = size > MAX_FILE_BYTES;
    const cut = truncated ? (cutIndex ?? text.length) : text.length;
    files.push({
      name,
      status: truncated ? 'cut' : 'sent',
      text,
      size,
      cap: MAX_FILE_BYTES,
      effectiveCap: MAX_FILE_BYTES,
      state: capState(size, MAX_FILE_BYTES, warnAt),
      kept: [{ start: 0, end: cut }],
      dropped: truncated ? [{ start: cut, end: Number.MAX_SAFE_INTEGER }] : [],
      keptSize: Math.min(size, MAX_FILE_BYTES),
      droppedSize: Math.max(0, size - MAX_FILE_BYTES),
      section: section.text,
      offset,
      note: truncated ? `composeSoul keeps the first ${formatCount(MAX_FILE_BYTES)} of ${formatCount(size)} bytes` : undefined,
      marker: truncated ? '\n[truncated: exceeds 2 MB bootstrap cap]' : undefined,
    });
    parts.push(section.text);
    offset += section.text.length;
    total += section.textBytes;
  }
  if (parts.length > 1) total += utf8Length(SECTION_SEPARATOR) * (parts.length - 1);
  let text: string | undefined;
  return {
    runtime: 'toolnexus',
    unit: 'bytes',
    // Joining seven 2 MB sections copies them: only done when someone reads it.
    get text() {
      return (text ??= parts.join(SECTION_SEPARATOR));
    },
    pieces: parts.flatMap((part, i) => (i === 0 ? [part] : [SECTION_SEPARATOR, part])),
    files,
    found: files.filter((file) => file.section !== '').map((file) => file.name),
    total: { size: total, state: files.reduce<CapState>((worst, file) => worseState(worst, file.state), 'missing') },
  };
}

function nothingSent(name: string, status: 'absent' | 'unreadable'): FileMeasure {
  return { name, status, text: '', size: 0, state: 'missing', kept: [], dropped: [], keptSize: 0, droppedSize: 0, section: '', offset: -1 };
}

export const toolnexus: RuntimeProfile = {
  id: 'toolnexus',
  label: 'toolnexus composeSoul',
  description: 'seven files, 2 MB each in bytes, cut at the end',
  unit: 'bytes',
  fileNames: BOOTSTRAP_ORDER,
  filesToRead: () => BOOTSTRAP_ORDER,
  readLimit: MAX_FILE_BYTES + 1,
  compose,
};
