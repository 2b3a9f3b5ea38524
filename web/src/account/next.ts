// Where the log-in and sign-up forms go back to: the page the visitor came from, as a path on
// this site only (never another origin, never the forms themselves).

/** A safe place to go back to. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (/^\/(login|signup)\b/.test(next)) return '/';
  return next;
}

/** The `next` for a link to the forms from the current page. */
export function nextParam(): string {
  if (/^\/(login|signup)\b/.test(location.pathname)) return safeNext(new URLSearchParams(location.search).get('next'));
  return location.pathname + location.search + location.hash;
}
