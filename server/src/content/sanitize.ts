/**
 * The HTML sanitizer for operator content (news, notices, documents, FAQ answers).
 *
 * It does not repair its input; it rebuilds it. The input is read into tokens (text, start tag, end tag) and the
 * output is written from scratch: text is entity-decoded and escaped again, only allow-listed elements are written,
 * each with only its allow-listed attributes, whose values are decoded, checked (URLs by scheme, numbers as
 * numbers) and escaped again. So whatever the browser parses is exactly what was checked: no script, no event
 * handler, no style, no `javascript:` URL can survive a misread, because nothing is copied through unescaped.
 *
 * Elements whose content is not text for the reader (script, style, iframe, svg, math, template, forms...) are
 * dropped with their content; unknown elements are unwrapped (their text stays). Output elements are balanced.
 */

/** Elements kept, with the attributes each may carry. */
const ALLOWED: Record<string, readonly string[]> = {
  p: [], br: [], hr: [], h2: [], h3: [], h4: [], h5: [], h6: [],
  strong: [], b: [], em: [], i: [], u: [], s: [], del: [], ins: [], mark: [], small: [], sub: [], sup: [],
  blockquote: [], code: [], pre: [], span: [], div: [], figure: [], figcaption: [],
  ul: [], ol: ["start"], li: [], dl: [], dt: [], dd: [],
  a: ["href", "title"],
  img: ["src", "alt", "title", "width", "height"],
  abbr: ["title"],
  table: [], caption: [], thead: [], tbody: [], tfoot: [], tr: [], th: ["colspan", "rowspan"], td: ["colspan", "rowspan"],
};

/** Operators write h1 for a heading; the page already has the title as h1. */
const RENAMED: Record<string, string> = { h1: "h2" };

const VOID = new Set(["br", "hr", "img"]);

/** Their content is raw text up to the closing tag; dropped whole. */
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext"]);

/** Dropped with everything inside (parsed as markup, but nothing of it is for the reader). */
const DROPPED = new Set(["svg", "math", "template", "object", "embed", "applet", "select", "form", "button", "head", "frameset", "frame", "audio", "video", "canvas", "map", "dialog"]);

/** Named entities decoded; any other `&name;` stays literal text (and is escaped as such). */
const ENTITIES: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", copy: "©", reg: "®", trade: "™", hellip: "…",
  mdash: "—", ndash: "–", lsquo: "‘", rsquo: "’", ldquo: "“", rdquo: "”", laquo: "«", raquo: "»", middot: "·",
  bull: "•", times: "×", divide: "÷", euro: "€", pound: "£", yen: "¥", cent: "¢", deg: "°", plusmn: "±", para: "¶",
  sect: "§", iexcl: "¡", iquest: "¿", shy: "\u00ad", colon: ":", Tab: "\t", NewLine: "\n", lpar: "(", rpar: ")",
  sol: "/", bsol: "\\", num: "#", percnt: "%", excl: "!", quest: "?", equals: "=", period: ".", comma: ",",
  semi: ";", lowbar: "_", hyphen: "-", dash: "‐", ensp: "\u2002", emsp: "\u2003", thinsp: "\u2009", zwj: "\u200d",
  zwnj: "\u200c", larr: "←", rarr: "→", uarr: "↑", darr: "↓", check: "✓", le: "≤", ge: "≥", ne: "≠", asymp: "≈",
  infin: "∞", micro: "µ", frac12: "½", frac14: "¼", frac34: "¾", sup2: "²", sup3: "³", ordf: "ª", ordm: "º",
};

const ENTITY = /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));?/g;

/** Decodes character references the way a browser would for the cases that matter (numeric and common names). */
export function decodeEntities(value: string): string {
  return value.replace(ENTITY, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (dec !== undefined || hex !== undefined) {
      const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16);
      // NUL, surrogates and out-of-range code points become U+FFFD, as in browsers.
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
      return String.fromCodePoint(code);
    }
    // A named reference counts only with its semicolon (the legacy forms without one are not worth the risk).
    if (name !== undefined && whole.endsWith(";") && Object.hasOwn(ENTITIES, name)) return ENTITIES[name];
    return whole;
  });
}

const escapeText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, "&quot;");

/** Same-origin images uploaded through the back office (`api/news/image/<id>`), nothing else. */
export const IMAGE_PATH = /^\/?api\/news\/image\/\d{1,12}$/;

/**
 * A link target a reader may follow: http(s), mail, telephone, or a path of this site. Browsers ignore tabs and
 * newlines inside URLs and leading control characters and spaces, so those are removed before the scheme is read.
 */
export function safeHref(raw: string): string | null {
  const url = raw.replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]+/g, (m, offset: number) =>
    offset === 0 || offset + m.length === raw.length || /[\t\n\r]/.test(m) ? "" : "%20",
  );
  if (url === "" || url.length > 2048) return null;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url);
  if (scheme) return ["http", "https", "mailto", "tel"].includes(scheme[1].toLowerCase()) ? url : null;
  // A colon before any / ? # would be read as a scheme by some parsers: refuse it.
  if (/^[^/?#]*:/.test(url)) return null;
  // Protocol-relative and backslash forms (//evil, /\evil) leave the site.
  if (/^[/\\]{2}/.test(url) || url.startsWith("/\\")) return null;
  return url;
}

function safeImageSrc(raw: string): string | null {
  const url = raw.trim();
  return IMAGE_PATH.test(url) ? url : null;
}

function cleanAttribute(tag: string, name: string, raw: string): string | null {
  const value = decodeEntities(raw);
  switch (name) {
    case "href":
      return safeHref(value);
    case "src":
      return tag === "img" ? safeImageSrc(value) : null;
    case "width":
    case "height":
      return /^\d{1,4}$/.test(value.trim()) ? value.trim() : null;
    case "colspan":
    case "rowspan":
      return /^\d{1,3}$/.test(value.trim()) && Number(value) > 0 ? String(Number(value)) : null;
    case "start":
      return /^-?\d{1,6}$/.test(value.trim()) ? value.trim() : null;
    default:
      // Text attributes (title, alt): any text, escaped on output; control characters dropped.
      return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").slice(0, 500);
  }
}

interface StartTag {
  name: string;
  attributes: [string, string][];
  end: number;
}

/** Reads a start tag at `i` (just after `<`); null when it is not one (the `<` is then text). */
function readStartTag(input: string, i: number): StartTag | null {
  const nameMatch = /^[A-Za-z][^\s/>\u0000]*/.exec(input.slice(i, i + 64));
  if (!nameMatch) return null;
  const name = nameMatch[0].toLowerCase();
  let p = i + nameMatch[0].length;
  const attributes: [string, string][] = [];
  while (p < input.length) {
    while (p < input.length && /[\s/]/.test(input[p])) p++;
    if (p >= input.length) break;
    if (input[p] === ">") return { name, attributes, end: p + 1 };
    // Attribute name: up to whitespace, /, >, = (a leading = belongs to the name, as in browsers).
    const start = p;
    p++;
    while (p < input.length && !/[\s/>=]/.test(input[p])) p++;
    const attrName = input.slice(start, p).toLowerCase();
    while (p < input.length && /\s/.test(input[p])) p++;
    let value = "";
    if (input[p] === "=") {
      p++;
      while (p < input.length && /\s/.test(input[p])) p++;
      const quote = input[p];
      if (quote === '"' || quote === "'") {
        const close = input.indexOf(quote, p + 1);
        if (close === -1) return { name, attributes, end: -1 };
        value = input.slice(p + 1, close);
        p = close + 1;
      } else {
        const valueStart = p;
        while (p < input.length && !/[\s>]/.test(input[p])) p++;
        value = input.slice(valueStart, p);
      }
    }
    attributes.push([attrName, value]);
  }
  // Unterminated at the end of the input: a browser drops it.
  return { name, attributes, end: -1 };
}

/** Sanitises operator HTML into the allow-listed subset. Idempotent: its output comes back unchanged. */
export function sanitizeHtml(input: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropDepth = 0;
  let dropped = "";
  let i = 0;

  const text = (value: string) => {
    if (dropDepth === 0 && value) out.push(escapeText(decodeEntities(value)));
  };
  const closeTo = (name: string) => {
    const at = open.lastIndexOf(name);
    if (at === -1) return;
    while (open.length > at) out.push(`</${open.pop()}>`);
  };

  while (i < input.length) {
    const lt = input.indexOf("<", i);
    if (lt === -1) {
      text(input.slice(i));
      break;
    }
    text(input.slice(i, lt));
    i = lt;
    const next = input[i + 1] ?? "";

    if (input.startsWith("<!--", i)) {
      const close = input.indexOf("-->", i + 4);
      i = close === -1 ? input.length : close + 3;
      continue;
    }
    if (next === "!" || next === "?") {
      // Doctype, CDATA, processing instruction: a bogus comment up to the next >.
      const close = input.indexOf(">", i + 2);
      i = close === -1 ? input.length : close + 1;
      continue;
    }
    if (next === "/") {
      const match = /^<\/([A-Za-z][^\s/>\u0000]*)[^>]*>/.exec(input.slice(i, i + 4096));
      if (!match) {
        if (/^<\/[A-Za-z]/.test(input.slice(i, i + 3))) {
          // An end tag that never closes: browsers drop the rest.
          break;
        }
        // `</>` or `</ x>`: nothing, or a bogus comment to the next >.
        const close = input.indexOf(">", i + 2);
        i = close === -1 ? input.length : close + 1;
        continue;
      }
      i += match[0].length;
      const name = RENAMED[match[1].toLowerCase()] ?? match[1].toLowerCase();
      if (dropDepth > 0) {
        if (name === dropped && --dropDepth === 0) dropped = "";
        continue;
      }
      if (ALLOWED[name] && !VOID.has(name)) closeTo(name);
      continue;
    }

    const tag = readStartTag(input, i + 1);
    if (!tag) {
      text("<");
      i += 1;
      continue;
    }
    if (tag.end === -1) break;
    i = tag.end;
    const name = RENAMED[tag.name] ?? tag.name;

    if (RAW_TEXT.has(name)) {
      // Skip the raw text up to the matching end tag (or to the end).
      const closer = new RegExp(`</${name}(?=[\\s/>])[^>]*>`, "i").exec(input.slice(i));
      i = closer ? i + closer.index + closer[0].length : input.length;
      continue;
    }
    if (dropDepth > 0) {
      if (name === dropped) dropDepth++;
      continue;
    }
    if (DROPPED.has(name)) {
      const selfClosing = input[tag.end - 2] === "/";
      if (!selfClosing) {
        dropped = name;
        dropDepth = 1;
      }
      continue;
    }
    const allowedAttributes = ALLOWED[name];
    if (!allowedAttributes) continue; // unknown element: unwrapped, its text stays

    const kept: string[] = [];
    const seen = new Set<string>();
    for (const [attrName, raw] of tag.attributes) {
      if (!allowedAttributes.includes(attrName) || seen.has(attrName)) continue;
      seen.add(attrName);
      const value = cleanAttribute(name, attrName, raw);
      if (value !== null) kept.push(` ${attrName}="${escapeAttribute(value)}"`);
    }
    // An image without a safe source is nothing to show.
    if (name === "img" && !kept.some((a) => a.startsWith(" src="))) continue;
    if (name === "a" && kept.some((a) => a.startsWith(' href="http'))) kept.push(' target="_blank" rel="noopener noreferrer nofollow"');
    out.push(`<${name}${kept.join("")}>`);
    if (!VOID.has(name)) open.push(name);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join("");
}

/** The text of some HTML, for summaries, search and notifications: tags removed, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  const withBreaks = sanitizeHtml(html).replace(/<\/(p|div|li|h[2-6]|tr|blockquote|pre|figcaption|dt|dd)>|<br>/g, "$& ");
  return decodeEntities(withBreaks.replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim();
}
