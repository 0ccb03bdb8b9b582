/**
 * The fault-injection SPEC of `serve --faults` (and ISSUESCOPE_FAULTS):
 *
 *   SPEC   := RULE ("," RULE)*
 *   RULE   := KIND "=" PERCENT "%" [":" PARAM] ["@" START "-" [END]]
 *   KIND   := 503 | 502 | 429 | delay | drop
 *   PARAM  := a duration: for `delay` the added latency (required);
 *             for 503 the Retry-After it sends (optional, none by default);
 *             for 429 the Retry-After it sends (optional, 60 s by default);
 *             502 and drop take none
 *   START, END := a duration from the moment the SPEC took effect (start-up,
 *             or `set()` at runtime); END left out means "from START on"
 *   duration := NUMBER ("ms" | "s"), a bare number meaning seconds
 *
 * e.g. `503=10%,502=5%,delay=5%:2000ms,drop=1%,429=2%` or `429=100%:3s@0-7s`.
 * Each request draws once; the rules in force at that moment take consecutive
 * slices of 100 %, so at no moment may the rules in force add up to more.
 */

export type FaultKind = '503' | '502' | '429' | 'delay' | 'drop';

export interface FaultRule {
  kind: FaultKind;
  /** 0–100 */
  percent: number;
  /** delay: the added latency; 503/429: the Retry-After (whole seconds, rounded up); null when none */
  paramMs: number | null;
  /** in force from this many ms after the SPEC took effect… */
  fromMs: number;
  /** …until this many ms after it (exclusive); null: for ever */
  untilMs: number | null;
}

export class FaultSpecError extends Error {}

const KINDS: readonly FaultKind[] = ['503', '502', '429', 'delay', 'drop'];
/** GitHub's advice when a secondary limit names no wait; the 429 fault sends it by default. */
export const DEFAULT_429_RETRY_AFTER_MS = 60_000;
const RULE = /^([^=]*)=([^%:@]*)%(?::([^@]*))?(?:@(.*))?$/;
const DURATION = /^(\d+(?:\.\d+)?)(ms|s)?$/;
const PERCENT = /^\d+(?:\.\d+)?$/;
const MAX_PERCENT = 100;

export function parseDurationMs(text: string): number | null {
  const m = DURATION.exec(text.trim());
  if (!m) return null;
  const value = Number(m[1]);
  return m[2] === 'ms' ? value : value * 1000;
}

function parseRule(part: string): FaultRule {
  const m = RULE.exec(part);
  if (!m) throw new FaultSpecError(`'${part}' is not KIND=PERCENT%[:PARAM][@START-END]`);
  const kind = m[1]!.trim() as FaultKind;
  if (!KINDS.includes(kind)) throw new FaultSpecError(`'${part}': unknown kind '${m[1]}' (one of ${KINDS.join(', ')})`);
  const percentText = m[2]!.trim();
  if (!PERCENT.test(percentText) || Number(percentText) > MAX_PERCENT) {
    throw new FaultSpecError(`'${part}': '${percentText}%' is not a percentage from 0 to 100`);
  }

  let paramMs: number | null = kind === '429' ? DEFAULT_429_RETRY_AFTER_MS : null;
  const param = m[3];
  if (param !== undefined) {
    if (kind === '502' || kind === 'drop') throw new FaultSpecError(`'${part}': ${kind} takes no ':${param}'`);
    const ms = parseDurationMs(param);
    if (ms === null) throw new FaultSpecError(`'${part}': ':${param}' is not a duration such as 2000ms or 3s`);
    paramMs = ms;
  } else if (kind === 'delay') {
    throw new FaultSpecError(`'${part}': delay needs its latency, e.g. delay=5%:2000ms`);
  }

  let fromMs = 0;
  let untilMs: number | null = null;
  const window = m[4];
  if (window !== undefined) {
    const [startText, endText, ...extra] = window.split('-');
    const start = parseDurationMs(startText ?? '');
    const end = endText === undefined || endText.trim() === '' ? null : parseDurationMs(endText);
    if (extra.length > 0 || endText === undefined || start === null || (end === null && endText.trim() !== '')) {
      throw new FaultSpecError(`'${part}': '@${window}' is not a window such as @0-5s or @10s-`);
    }
    if (end !== null && end <= start) throw new FaultSpecError(`'${part}': the window '@${window}' ends before it starts`);
    fromMs = start;
    untilMs = end;
  }
  return { kind, percent: Number(percentText), paramMs, fromMs, untilMs };
}

export function isInForce(rule: FaultRule, elapsedMs: number): boolean {
  return elapsedMs >= rule.fromMs && (rule.untilMs === null || elapsedMs < rule.untilMs);
}

/** The rules of a SPEC; an empty SPEC (or "off") is no faults. */
export function parseFaultSpec(spec: string): FaultRule[] {
  const text = spec.trim();
  if (text === '' || text === 'off') return [];
  const rules = text.split(',').map((part) => parseRule(part.trim()));
  // The sum can only grow where a window starts, so checking every start covers every moment.
  for (const at of new Set(rules.map((r) => r.fromMs))) {
    const active = rules.filter((r) => isInForce(r, at));
    const total = active.reduce((sum, r) => sum + r.percent, 0);
    if (total > MAX_PERCENT + 1e-9) {
      throw new FaultSpecError(`the rules in force together (${active.map((r) => `${r.kind}=${r.percent}%`).join(', ')}) exceed 100%`);
    }
  }
  return rules;
}
