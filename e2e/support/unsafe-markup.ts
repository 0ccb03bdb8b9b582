/**
 * What no hostile payload may leave in a document (e2e/support/xss-corpus.ts): a handler, an
 * unsafe URL, an active element in user content, an id that could clobber a global, a link
 * that hands over its opener. One function with no imports and no outer names, so Playwright
 * can run it in Chromium (xss-guard.ts, `page.evaluate`) and the corpus's unit test in jsdom
 * (src/app/features/issue-view/markdown/markdown-body-hostile-corpus.test.tsx): both levels
 * judge a rendering by the same rules.
 */
export function unsafeMarkup(): string[] {
  const findings: string[] = [];
  const own = window.location.origin;
  const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'data', 'ping', 'cite', 'lowsrc', 'dynsrc', 'codebase', 'srcset'];
  // No svg from the author survives the sanitiser; the renderer's own icons (alerts, heading anchors) are svg, so svg's active parts are what is refused.
  const FORBIDDEN_IN_USER_CONTENT = 'script, iframe, object, embed, base, meta, form, link, style, frame, frameset, applet, template, noscript, math, dialog, textarea, select, button, use, animate, set, image, foreignObject';
  const describe = (el: Element) => `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}>`;
  const safeUrl = (value: string) => {
    // What the browser would resolve: control characters and whitespace are dropped from a scheme.
    // eslint-disable-next-line no-control-regex
    const cleaned = value.replace(/[\u0000-\u0020\u007f]/g, '');
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
    return scheme === null || ['http', 'https', 'mailto'].includes(scheme[1]!.toLowerCase());
  };

  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) findings.push(`${describe(element)} has a handler ${name}`);
      if (name === 'srcdoc') findings.push(`${describe(element)} has srcdoc`);
      if (name === 'style' && /url\(|expression|javascript:/i.test(attribute.value)) findings.push(`${describe(element)} has style ${attribute.value}`);
      if (URL_ATTRIBUTES.includes(name)) {
        const values = name === 'srcset' ? attribute.value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '') : [attribute.value];
        for (const value of values) if (!safeUrl(value)) findings.push(`${describe(element)} ${name}="${value}"`);
      }
    }
  }

  for (const element of document.head.querySelectorAll('base, meta[http-equiv], script, link, style, iframe')) {
    const tag = element.tagName.toLowerCase();
    if (tag === 'script' && (element.getAttribute('src') ?? '').startsWith('/assets/')) continue;
    if (tag === 'link' && new URL(element.getAttribute('href') ?? '', own).origin === own) continue;
    // A page the service rendered has one style element of the app's data-dependent classes (src/app/styles/dynamic-classes.ts), allowed by its hash.
    if (tag === 'style' && /^(\.dc-[0-9a-z]+\{[^{}<]*\}\n?)+$/.test(element.textContent ?? '')) continue;
    findings.push(`${describe(element)} in <head>`);
  }

  for (const body of document.querySelectorAll('.markdown-body')) {
    for (const element of body.querySelectorAll(FORBIDDEN_IN_USER_CONTENT)) findings.push(`${describe(element)} in user content`);
    for (const element of body.querySelectorAll('[style]')) findings.push(`${describe(element)} in user content has a style`);
    for (const element of body.querySelectorAll('[id], [name]')) {
      for (const value of [element.getAttribute('id'), element.getAttribute('name')]) {
        if (value !== null && !value.startsWith('user-content-')) findings.push(`${describe(element)} in user content names "${value}" (clobbering)`);
      }
    }
    for (const input of body.querySelectorAll('input')) {
      if (input.type !== 'checkbox' || !input.disabled) findings.push(`an enabled <input type=${input.type}> in user content`);
    }
    // Links: to another origin in a new tab without an opener or referrer; within the app, in this tab.
    for (const link of body.querySelectorAll('a[href]')) {
      const url = new URL(link.getAttribute('href') ?? '', window.location.href);
      const rel = (link.getAttribute('rel') ?? '').split(/\s+/);
      const external = (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== own;
      if (external && (link.getAttribute('target') !== '_blank' || !rel.includes('noopener') || !rel.includes('noreferrer'))) {
        findings.push(`external link ${url.href} has target="${link.getAttribute('target')}" rel="${link.getAttribute('rel')}"`);
      }
      if (!external && link.hasAttribute('target')) findings.push(`in-app link ${url.href} has a target`);
      if (rel.includes('opener')) findings.push(`link ${url.href} asks for an opener`);
    }
  }
  return findings;
}
