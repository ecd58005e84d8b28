import { decodeHTMLStrict } from "entities";
import sanitize from "sanitize-html";

/**
 * The HTML sanitizer for operator content (news, notices, documents, FAQ answers).
 *
 * sanitize-html parses the input (htmlparser2, entities decoded as browsers do) and writes the output from scratch:
 * text escaped again, only allow-listed elements, each with only its allow-listed attributes, whose values are
 * checked here (URLs by scheme, images from this site only, numbers as numbers) and escaped again on output. So
 * whatever the browser parses is exactly what was checked: no script, no event handler, no style, no `javascript:`
 * URL survives a misread, because nothing is copied through unescaped.
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

/** Their content is raw text up to the closing tag; dropped whole. */
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext"]);

/** Dropped with everything inside (parsed as markup, but nothing of it is for the reader). */
const DROPPED = new Set(["svg", "math", "template", "object", "embed", "applet", "select", "form", "button", "head", "frameset", "frame", "audio", "video", "canvas", "map", "dialog"]);

/**
 * Decodes character references as a browser does (the whole HTML table, numeric references with NUL, surrogates and
 * out-of-range code points as U+FFFD); a named reference counts only with its semicolon (strict: the legacy forms
 * without one are not worth the risk), so an unknown `&name;` stays literal text.
 */
export const decodeEntities = (value: string): string => decodeHTMLStrict(value);

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

/** Checks one allow-listed attribute's value (already entity-decoded by the parser); null drops it. */
function cleanAttribute(tag: string, name: string, value: string): string | null {
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

/**
 * Sanitises operator HTML into the allow-listed subset. Idempotent: its output comes back unchanged. The parsing
 * and re-serialising is sanitize-html's (htmlparser2); the allow-list and the attribute checks are ours.
 */
export function sanitizeHtml(input: string): string {
  // Twice: around an element it discards, the parser can leave a <p> inside a <p>, which browsers (and a second
  // pass) read as two paragraphs. The second pass writes that reading, so what is stored is what a browser shows.
  const clean = sanitize(sanitize(input, OPTIONS), OPTIONS);
  // Void elements as HTML writes them (<br>, not <br />), so an editor's ordinary HTML is not reported as rewritten.
  // Safe as a plain replace: text and attribute values leave here with every ">" escaped.
  return clean.replace(/ \/>/g, ">");
}

const OPTIONS: sanitize.IOptions = {
    allowedTags: Object.keys(ALLOWED),
    // Every attribute goes through cleanAttribute below; only allow-listed names reach it.
    allowedAttributes: { ...ALLOWED, a: [...ALLOWED.a, "target", "rel"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowProtocolRelative: false,
    nonTextTags: [...RAW_TEXT, ...DROPPED],
    disallowedTagsMode: "discard",
    parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
    transformTags: Object.fromEntries(
      [...Object.entries(RENAMED).map(([from, to]) => [from, to] as const), ...Object.keys(ALLOWED).map((tag) => [tag, tag] as const)].map(([from, to]) => [
        from,
        (_tagName: string, attribs: Record<string, string>) => {
          const kept: Record<string, string> = {};
          for (const [name, raw] of Object.entries(attribs)) {
            if (!(ALLOWED[to] ?? []).includes(name)) continue;
            const value = cleanAttribute(to, name, raw);
            if (value !== null) kept[name] = value;
          }
          if (to === "a" && kept.href?.startsWith("http")) Object.assign(kept, { target: "_blank", rel: "noopener noreferrer nofollow" });
          return { tagName: to, attribs: kept };
        },
      ]),
    ),
    // An image without a safe source is nothing to show.
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** The text of some HTML, for summaries, search and notifications: tags removed, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  const withBreaks = sanitizeHtml(html).replace(/<\/(p|div|li|h[2-6]|tr|blockquote|pre|figcaption|dt|dd)>|<br>/g, "$& ");
  return decodeEntities(withBreaks.replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim();
}
