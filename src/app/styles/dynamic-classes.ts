/**
 * Styles that depend on data (a label's colours, a bar's width) as classes,
 * not `style` attributes (issue 48). React sets a `style` prop through the
 * CSSOM, which the CSP does not govern; but markup the service renders is HTML,
 * and there `style-src 'self'` refuses every `style` attribute, and hydration
 * does not write back an attribute React thinks is already there. So a
 * component asks for a class named by its declarations' hash:
 * - in the browser, the rule is added to one constructed stylesheet adopted by
 *   the document (CSSOM again, which the CSP allows), once per class;
 * - on the service, the renderer provides a collecting sink
 *   (`collectingSink`), and the page carries what it collected in one
 *   `<style>` element whose hash the page's CSP names.
 * The same declarations give the same class on both sides, so hydration finds
 * the class it would have written.
 */
import { createContext, useContext, useInsertionEffect } from 'react';

/** CSS property (as written in CSS, `background-color`) → value. */
export type Declarations = Readonly<Record<string, string>>;

export interface StyleRuleSink {
  add(className: string, declarations: string): void;
}

// What a value may hold: colours, lengths, percentages, calc() and keywords; never `;`, `{`, `}` or quotes.
const SAFE_VALUE = /^[#a-z0-9%.,() +*/-]+$/i;
const SAFE_PROPERTY = /^[a-z-]+$/;

/** FNV-1a, 32 bits, base 36: short, stable class names. */
function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** The class for `declarations`, and the declarations' CSS text; a property or value that could escape its rule is dropped. */
export function dynamicClass(declarations: Declarations): { className: string; css: string } {
  const css = Object.entries(declarations)
    .filter(([property, value]) => SAFE_PROPERTY.test(property) && SAFE_VALUE.test(value))
    .map(([property, value]) => `${property}:${value}`)
    .join(';');
  return { className: `dc-${hashOf(css)}`, css };
}

/** The rules as a stylesheet's text, in the order first asked for. */
export function rulesText(rules: ReadonlyMap<string, string>): string {
  return [...rules].map(([className, css]) => `.${className}{${css}}`).join('\n');
}

/** A sink that keeps what it is given, for the service's renderer: `css()` is the page's `<style>` text. */
export function collectingSink(): StyleRuleSink & { css(): string } {
  const rules = new Map<string, string>();
  return {
    add(className, css) {
      if (!rules.has(className)) rules.set(className, css);
    },
    css: () => rulesText(rules),
  };
}

let documentSheet: { sheet: CSSStyleSheet; added: Set<string> } | null | undefined;

/** The document's sheet of dynamic classes, made and adopted on first use; null where the browser has no constructable stylesheets. */
function sheetOfDocument(): { sheet: CSSStyleSheet; added: Set<string> } | null {
  if (documentSheet !== undefined) return documentSheet;
  documentSheet = null;
  if (typeof document !== 'undefined' && 'adoptedStyleSheets' in document && typeof CSSStyleSheet === 'function') {
    try {
      const sheet = new CSSStyleSheet();
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      documentSheet = { sheet, added: new Set() };
    } catch {
      documentSheet = null;
    }
  }
  return documentSheet;
}

/** The browser's sink: each class's rule goes into the document's sheet once. */
export const documentSink: StyleRuleSink = {
  add(className, css) {
    const target = sheetOfDocument();
    if (target === null || target.added.has(className)) return;
    target.added.add(className);
    target.sheet.insertRule(`.${className}{${css}}`, target.sheet.cssRules.length);
  },
};

/** The renderer on the service provides its collecting sink here; the browser needs none. */
export const StyleRuleSinkContext = createContext<StyleRuleSink | null>(null);

/** The class that gives an element `declarations`. */
export function useDynamicClass(declarations: Declarations): string {
  const collecting = useContext(StyleRuleSinkContext);
  const { className, css } = dynamicClass(declarations);
  // A server runs no effects: the renderer's sink collects while rendering. In the browser the rule is in before the DOM shows the class.
  if (collecting !== null) collecting.add(className, css);
  useInsertionEffect(() => {
    if (collecting === null) documentSink.add(className, css);
  }, [collecting, className, css]);
  return className;
}
