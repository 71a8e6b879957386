// A small strict XML parser for reading junit.xml back in tests: elements, attributes, text,
// the five predefined entities and numeric references; anything malformed throws.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);|&/g, (m, ref: string | undefined) => {
    if (!ref) throw new Error('bare & in XML text');
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number(ref.slice(1)));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[ref]!;
  });
}

export function parseXml(xml: string): XmlElement {
  const bad = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.exec(xml);
  if (bad) throw new Error(`character U+${bad[0].charCodeAt(0).toString(16).padStart(4, '0')} is not allowed in XML 1.0 (offset ${bad.index})`);
  let i = 0;
  const rest = () => xml.slice(i);
  const skipSpace = () => {
    while (i < xml.length && /\s/.test(xml[i]!)) i++;
  };
  if (rest().startsWith('<?xml')) i = xml.indexOf('?>') + 2;
  skipSpace();

  function element(): XmlElement {
    const open = /^<([A-Za-z_][\w.-]*)/.exec(rest());
    if (!open) throw new Error(`expected an element at offset ${i}`);
    i += open[0].length;
    const el: XmlElement = { name: open[1]!, attributes: {}, children: [], text: '' };
    for (;;) {
      skipSpace();
      if (rest().startsWith('/>')) {
        i += 2;
        return el;
      }
      if (xml[i] === '>') {
        i++;
        break;
      }
      const attr = /^([A-Za-z_][\w.:-]*)="([^"<]*)"/.exec(rest());
      if (!attr) throw new Error(`malformed attribute of <${el.name}> at offset ${i}`);
      if (attr[1]! in el.attributes) throw new Error(`duplicate attribute ${attr[1]}`);
      el.attributes[attr[1]!] = decode(attr[2]!);
      i += attr[0].length;
    }
    for (;;) {
      const lt = xml.indexOf('<', i);
      if (lt < 0) throw new Error(`<${el.name}> is not closed`);
      el.text += decode(xml.slice(i, lt));
      i = lt;
      if (rest().startsWith(`</${el.name}>`)) {
        i += el.name.length + 3;
        return el;
      }
      if (rest().startsWith('</')) throw new Error(`mismatched closing tag at offset ${i} inside <${el.name}>`);
      el.children.push(element());
    }
  }

  const root = element();
  skipSpace();
  if (i !== xml.length) throw new Error(`content after the root element at offset ${i}`);
  return root;
}

/** Every element named `name` under `el` (depth first). */
export function findAll(el: XmlElement, name: string): XmlElement[] {
  return el.children.flatMap((c) => [...(c.name === name ? [c] : []), ...findAll(c, name)]);
}
