import "./rich-text.css";

/**
 * HTML written by an operator and sanitised by the server (allow-listed elements and attributes only: no script,
 * no event handlers, no javascript: links; the CSP forbids inline script as well). Rendered as HTML so headings,
 * lists, links and tables survive. Never pass it anything the server did not sanitise.
 */
export function RichText({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`rich-text ${className}`.trim()} dangerouslySetInnerHTML={{ __html: html }} />;
}
