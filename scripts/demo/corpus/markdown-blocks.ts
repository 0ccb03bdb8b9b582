/**
 * GitHub-flavoured Markdown building blocks for the demo corpus: fences,
 * tables, task lists, alerts, `<details>`, and the body-length fitting that
 * keeps every generated body inside the bounds the dataset promises.
 */

/** the dataset promises bodies of this size, apart from the deliberate null / empty ones */
export const BODY_MIN_CHARS = 200;
export const BODY_MAX_CHARS = 4000;

/** where the hand-written pictures in public/demo are served */
export const DEMO_IMAGE_BASE_PATH = '/demo';

export interface Snippet {
  lang: string;
  code: string;
}

export function fence(snippet: Snippet): string {
  return `\`\`\`${snippet.lang}\n${snippet.code.trimEnd()}\n\`\`\``;
}

export type Align = 'left' | 'right' | 'center';

export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>, align: readonly Align[] = []): string {
  const rule = header.map((_, i) => {
    const side = align[i] ?? 'left';
    if (side === 'right') return '---:';
    if (side === 'center') return ':---:';
    return '---';
  });
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(rule), ...rows.map(line)].join('\n');
}

export interface Task {
  done: boolean;
  text: string;
}

export function taskList(tasks: readonly Task[]): string {
  return tasks.map((task) => `- [${task.done ? 'x' : ' '}] ${task.text}`).join('\n');
}

export function bulletList(items: readonly string[]): string {
  return items.map((item) => `- ${item}`).join('\n');
}

export function numberedList(items: readonly string[]): string {
  return items.map((item, i) => `${i + 1}. ${item}`).join('\n');
}

export function details(summary: string, inner: string): string {
  return `<details>\n<summary>${summary}</summary>\n\n${inner}\n\n</details>`;
}

export type AlertKind = 'NOTE' | 'TIP' | 'IMPORTANT' | 'WARNING' | 'CAUTION';

/** GitHub alert syntax: a blockquote whose first line is `[!KIND]` */
export function alert(kind: AlertKind, text: string): string {
  return [`> [!${kind}]`, ...text.split('\n').map((line) => (line ? `> ${line}` : '>'))].join('\n');
}

export function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/**
 * The intrinsic size of each picture in public/demo (its `<svg width height>`;
 * demo-dataset-content.test.ts checks they agree).
 */
export const DEMO_IMAGE_SIZES: Readonly<Record<string, { width: number; height: number }>> = {
  'architecture.svg': { width: 640, height: 320 },
  'latency-chart.svg': { width: 640, height: 300 },
  'screenshot-dark.svg': { width: 640, height: 360 },
  'screenshot-light.svg': { width: 640, height: 360 },
  'terminal-error.svg': { width: 640, height: 260 },
};

/**
 * A picture the way GitHub writes an upload into a body: an `<img>` with its
 * size, so a reader's page reserves its box before the picture arrives
 * (`![alt](url)` carries no size, and the text below it would move).
 */
export function image(alt: string, file: string): string {
  const size = DEMO_IMAGE_SIZES[file];
  if (size === undefined) throw new Error(`no size known for the demo image ${file}`);
  return `<img width="${size.width}" height="${size.height}" alt="${alt.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}" src="${DEMO_IMAGE_BASE_PATH}/${file}">`;
}

export function kbd(...keys: string[]): string {
  return keys.map((key) => `<kbd>${key}</kbd>`).join('+');
}

/**
 * Wraps prose at `width` columns with single newlines, the way people paste
 * text from an editor; GitHub (and remark-breaks) render those as line breaks.
 */
export function hardWrap(text: string, width: number): string {
  let inFence = false;
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('```')) inFence = !inFence;
      return inFence || line.length <= width || !isProseLine(line) ? line : wrapLine(line, width);
    })
    .join('\n');
}

/** lists, tables, quotes, headings, HTML and fences keep their lines */
function isProseLine(line: string): boolean {
  return !/^\s*([-*+|>#<`]|\d+\.|\[\^)/.test(line);
}

function wrapLine(text: string, width: number): string {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  return lines.join('\n');
}

export interface BodyPart {
  text: string;
  /** optional parts are dropped, last first, when the body would be too long */
  optional?: boolean;
}

/**
 * Joins parts into a body between BODY_MIN_CHARS and BODY_MAX_CHARS: drops
 * optional parts from the end while too long, appends `pad()` paragraphs
 * while too short.
 */
export function fitBody(parts: readonly BodyPart[], pad: () => string): string {
  const kept = parts.filter((part) => part.text.length > 0);
  const join = (list: readonly BodyPart[]) => list.map((part) => part.text).join('\n\n');
  let body = join(kept);
  for (let i = kept.length - 1; i >= 0 && body.length > BODY_MAX_CHARS; i--) {
    if (kept[i]?.optional) {
      kept.splice(i, 1);
      body = join(kept);
    }
  }
  while (body.length > BODY_MAX_CHARS && kept.length > 1) {
    kept.pop();
    body = join(kept);
  }
  for (let attempts = 0; body.length < BODY_MIN_CHARS && attempts < 8; attempts++) {
    body = `${body}\n\n${pad()}`;
  }
  return body;
}

export function fill(template: string, vars: Readonly<Record<string, string>>): string {
  return template.replace(/\{([a-zA-Z]+)\}/g, (whole, key: string) => vars[key] ?? whole);
}
