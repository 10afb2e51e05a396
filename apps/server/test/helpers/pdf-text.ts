import { inflateSync } from 'node:zlib';

/**
 * The text a pdfkit PDF draws, as a reader extracting it would get it: each content stream inflated, each
 * TJ/Tj string decoded through its font's ToUnicode CMap (embedded fonts draw glyph ids, which only the
 * CMap maps back to characters) or as Latin-1 for a standard font; strings joined with single spaces.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream?: Buffer }>();
  for (const match of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)\bendobj/g)) {
    const body = match[2]!;
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt < 0) {
      objects.set(match[1]!, { dict: body });
      continue;
    }
    const start = streamAt + body.slice(streamAt).indexOf('\n') + 1;
    const end = body.lastIndexOf('endstream');
    const bytes = Buffer.from(body.slice(start, end).replace(/\r?\n$/, ''), 'latin1');
    let stream = bytes;
    if (/\/FlateDecode/.test(body.slice(0, streamAt))) {
      try {
        stream = inflateSync(bytes);
      } catch {
        stream = Buffer.alloc(0);
      }
    }
    objects.set(match[1]!, { dict: body.slice(0, streamAt), stream });
  }

  // Resource name (F1, F2 …; pdfkit numbers them once per document) → code → text.
  const cmaps = new Map<string, Map<number, string> | null>();
  for (const fontDict of raw.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
    for (const ref of fontDict[1]!.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const font = objects.get(ref[2]!);
      const toUnicode = /\/ToUnicode\s+(\d+) 0 R/.exec(font?.dict ?? '');
      const cmapStream = toUnicode ? objects.get(toUnicode[1]!)?.stream : undefined;
      cmaps.set(ref[1]!, cmapStream ? parseCmap(cmapStream.toString('latin1')) : null);
    }
  }

  const texts: string[] = [];
  for (const { stream, dict } of objects.values()) {
    if (!stream || /\/Subtype|\/Type \/XObject|\/Length1/.test(dict)) continue;
    const content = stream.toString('latin1');
    let cmap: Map<number, string> | null = null;
    for (const token of content.matchAll(
      /\/(\w+)\s+[\d.]+\s+Tf|\[((?:[^\]<]|<[0-9a-fA-F]*>)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g,
    )) {
      if (token[1] !== undefined) {
        cmap = cmaps.get(token[1]) ?? null;
        continue;
      }
      const hexes =
        token[2] !== undefined
          ? [...token[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => hex[1]!)
          : [token[3]!];
      texts.push(hexes.map((hex) => decode(hex, cmap)).join(''));
    }
  }
  // A wrapped line keeps its trailing space; a reader shows one space between words.
  return texts.join(' ').replace(/ {2,}/g, ' ');
}

function decode(hex: string, cmap: Map<number, string> | null): string {
  const bytes = Buffer.from(hex, 'hex');
  if (!cmap) return bytes.toString('latin1');
  let text = '';
  for (let index = 0; index + 1 < bytes.length; index += 2)
    text += cmap.get(bytes.readUInt16BE(index)) ?? '\uFFFD';
  return text;
}

function utf16(hex: string): string {
  const bytes = Buffer.from(hex.replace(/\s/g, ''), 'hex');
  let text = '';
  for (let index = 0; index + 1 < bytes.length; index += 2)
    text += String.fromCharCode(bytes.readUInt16BE(index));
  return text;
}

function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g))
      map.set(Number.parseInt(pair[1]!, 16), utf16(pair[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const range of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const low = Number.parseInt(range[1]!, 16);
      const high = Number.parseInt(range[2]!, 16);
      const target = range[3]!;
      if (target.startsWith('[')) {
        // An entry may be several characters (a ligature: <0066 0069> is "fi").
        for (const [offset, hex] of [...target.matchAll(/<([0-9a-fA-F\s]*)>/g)].entries()) {
          map.set(low + offset, utf16(hex[1]!));
        }
      } else {
        const first = utf16(target.slice(1, -1));
        for (let code = low; code <= high; code += 1) {
          map.set(
            code,
            first.slice(0, -1) + String.fromCharCode(first.charCodeAt(first.length - 1) + code - low),
          );
        }
      }
    }
  }
  return map;
}
