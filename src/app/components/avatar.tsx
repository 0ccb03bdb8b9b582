import clsx from 'clsx';
import { useDynamicClass } from '../styles/dynamic-classes';

/** A user's avatar; decorative when the login is written next to it. Its size is a class, not a `style` attribute, which the CSP refuses in markup the service renders (issue 48). */
export function Avatar({ login, url, size = 20, decorative = false, className }: { login: string; url: string | null | undefined; size?: number; decorative?: boolean; className?: string }) {
  const initials = login.slice(0, 1).toUpperCase();
  const sized = useDynamicClass({ width: `${size}px`, height: `${size}px` });
  if (!url) {
    return (
      <span
        aria-hidden={decorative || undefined}
        role={decorative ? undefined : 'img'}
        aria-label={decorative ? undefined : login}
        className={clsx('inline-flex shrink-0 items-center justify-center rounded-full bg-canvas-inset text-[10px] font-semibold text-fg-muted', sized, className)}
      >
        {initials}
      </span>
    );
  }
  return (
    <img
      src={avatarSrc(url, size)}
      alt={decorative ? '' : login}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={clsx('inline-block shrink-0 rounded-full bg-canvas-inset ring-1 ring-line', sized, className)}
    />
  );
}

/** GitHub's avatar service takes a size; asking for 2x keeps avatars sharp on dense screens. */
function avatarSrc(url: string, size: number): string {
  try {
    const parsed = new URL(url);
    if (parsed.hostname.endsWith('githubusercontent.com')) parsed.searchParams.set('s', String(size * 2));
    return parsed.href;
  } catch {
    return url;
  }
}
